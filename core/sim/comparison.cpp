#include "comparison.h"

#include "lock/strategy_registry.h"
#include "simulation.h"

#include <QJsonObject>

#include <mutex>
#include <thread>
#include <vector>

namespace lockscope {

QJsonObject ComparisonRow::toJson() const
{
    QJsonObject o = sum.toJson();
    o.insert(QStringLiteral("scenario"), scenario);
    o.insert(QStringLiteral("strategy"), strategy);
    o.insert(QStringLiteral("runs"), runs);
    o.insert(QStringLiteral("runs_with_violation"), runsWithViolation);
    o.insert(QStringLiteral("runs_with_stuck_lock"), runsWithStuckLock);
    o.insert(QStringLiteral("acquisitions_per_sim_s"), throughputPerSimSecond);
    return o;
}

QList<ComparisonRow> runComparison(const ComparisonRequest &request,
                                   const ComparisonProgress &progress,
                                   const std::atomic<bool> *cancel)
{
    const QStringList strategies =
        request.strategies.isEmpty() ? strategyIds() : request.strategies;
    struct Job {
        int row;
        quint64 seed;
    };
    QList<ComparisonRow> rows;
    std::vector<Job> jobs;
    for (const auto &scenario : request.scenarios) {
        for (const auto &strategy : strategies) {
            ComparisonRow row;
            row.scenario = scenario.id;
            row.strategy = strategy;
            rows.append(row);
            for (int s = 0; s < request.seeds; ++s)
                jobs.push_back({int(rows.size() - 1), request.firstSeed + quint64(s)});
        }
    }
    // Results land in per-job slots and are summed afterwards in job order, so the totals do
    // not depend on which thread finished first.
    std::vector<CheckReport> results(jobs.size());
    std::vector<char> finished(jobs.size(), 0);
    std::atomic<std::size_t> next{0};
    std::atomic<int> done{0};
    auto worker = [&] {
        for (;;) {
            if (cancel && cancel->load())
                return;
            const std::size_t i = next.fetch_add(1);
            if (i >= jobs.size())
                return;
            const auto &job = jobs[i];
            const auto &row = rows[job.row];
            SimulationConfig config;
            config.scenario = request.scenarios[job.row / strategies.size()];
            config.strategyId = row.strategy;
            config.seed = job.seed;
            config.keepLog = false;
            config.recordText = false;
            const auto result = runSimulation(config);
            results[i] = result.report;
            finished[i] = result.ok ? 1 : 0;
            if (request.perRun && result.ok)
                request.perRun(row.scenario, row.strategy, job.seed, result.report);
            const int n = ++done;
            if (progress)
                progress(n, int(jobs.size()));
        }
    };
    int threads = request.threads > 0 ? request.threads : int(std::thread::hardware_concurrency());
    threads = qBound(1, threads, 64);
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (auto &t : pool)
        t.join();

    std::vector<double> p50(rows.size()), p99(rows.size()), fairness(rows.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (!finished[i])
            continue;
        auto &row = rows[jobs[i].row];
        const auto &r = results[i];
        auto &s = row.sum;
        ++row.runs;
        if (r.violations > 0 || r.mistakenDeletions > 0)
            ++row.runsWithViolation;
        if (r.stuckLocks > 0)
            ++row.runsWithStuckLock;
        s.violations += r.violations;
        s.overlapUs += r.overlapUs;
        s.mistakenDeletions += r.mistakenDeletions;
        s.stuckLocks += r.stuckLocks;
        s.counterExpected += r.counterExpected;
        s.counterActual += r.counterActual;
        s.lostUpdates += r.lostUpdates;
        s.staleWritesRejected += r.staleWritesRejected;
        s.acquisitions += r.acquisitions;
        s.failedAttempts += r.failedAttempts;
        s.gaveUp += r.gaveUp;
        s.starvedClients += r.starvedClients;
        s.commands += r.commands;
        s.resourceCommands += r.resourceCommands;
        s.endUs += r.endUs;
        s.latencyMaxMs = qMax(s.latencyMaxMs, r.latencyMaxMs);
        p50[std::size_t(jobs[i].row)] += r.latencyP50Ms;
        p99[std::size_t(jobs[i].row)] += r.latencyP99Ms;
        fairness[std::size_t(jobs[i].row)] += r.fairness;
    }
    for (qsizetype i = 0; i < rows.size(); ++i) {
        auto &row = rows[i];
        if (row.runs == 0)
            continue;
        row.sum.latencyP50Ms = p50[std::size_t(i)] / row.runs;
        row.sum.latencyP99Ms = p99[std::size_t(i)] / row.runs;
        row.sum.fairness = fairness[std::size_t(i)] / row.runs;
        row.throughputPerSimSecond =
            row.sum.endUs > 0 ? double(row.sum.acquisitions) * 1e6 / double(row.sum.endUs) : 0;
    }
    return rows;
}

CellVerdict verdictOf(const ComparisonRow &row)
{
    const auto &c = row.sum;
    const auto strategy = createStrategy(row.strategy);
    const bool fencing = strategy && strategy->info().fencing;
    // Two holders at once did no harm when every stale write was refused by the resource.
    const bool violationsHarmless = fencing && c.lostUpdates == 0 && c.staleWritesRejected > 0;
    const bool unsafe = (c.violations > 0 && !violationsHarmless) || c.mistakenDeletions > 0 ||
                        c.stuckLocks > 0 || c.lostUpdates > 0;
    if (unsafe)
        return CellVerdict::Unsafe;
    if (c.starvedClients > 0 || c.gaveUp > 0)
        return CellVerdict::LivenessLoss;
    return CellVerdict::Safe;
}

QString verdictId(CellVerdict verdict)
{
    switch (verdict) {
    case CellVerdict::Safe:
        return QStringLiteral("safe");
    case CellVerdict::Unsafe:
        return QStringLiteral("unsafe");
    case CellVerdict::LivenessLoss:
        return QStringLiteral("liveness-loss");
    }
    return {};
}

} // namespace lockscope
