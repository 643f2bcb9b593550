#include "comparison.h"

#include "lock/strategy_registry.h"
#include "run_limits.h"
#include "simulation.h"
#include "util/csv.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QThreadPool>

#include <algorithm>
#include <limits>
#include <memory>
#include <mutex>
#include <vector>

namespace lockscope {

const std::vector<double> &LatencyHistogram::upperBoundsMs()
{
    static const std::vector<double> bounds = {
        0.5,  1,    2,    5,     10,
        20,   50,   100,  200,   500,
        1000, 2000, 5000, 10000, std::numeric_limits<double>::infinity()};
    return bounds;
}

void LatencyHistogram::add(qint64 latencyUs)
{
    const auto &bounds = upperBoundsMs();
    if (counts.empty())
        counts.assign(bounds.size(), 0);
    const double ms = double(latencyUs) / 1000.0;
    std::size_t i = 0;
    while (i + 1 < bounds.size() && ms >= bounds[i])
        ++i;
    ++counts[i];
}

void LatencyHistogram::merge(const LatencyHistogram &other)
{
    if (other.counts.empty())
        return;
    if (counts.empty())
        counts.assign(other.counts.size(), 0);
    for (std::size_t i = 0; i < counts.size() && i < other.counts.size(); ++i)
        counts[i] += other.counts[i];
}

qint64 LatencyHistogram::total() const
{
    qint64 n = 0;
    for (qint64 c : counts)
        n += c;
    return n;
}

void LatencyHistogramSink::consume(const Event &event)
{
    if (event.kind == EventKind::Acquired)
        histogram.add(event.value);
}

QJsonObject ComparisonRow::toJson() const
{
    QJsonObject o = sum.toJson();
    o.insert(QStringLiteral("scenario"), scenario);
    o.insert(QStringLiteral("strategy"), strategy);
    o.insert(QStringLiteral("verdict"), verdictId(verdictOf(*this)));
    o.insert(QStringLiteral("runs"), runs);
    o.insert(QStringLiteral("runs_unsafe"), runsUnsafe);
    o.insert(QStringLiteral("runs_with_violation"), runsWithViolation);
    o.insert(QStringLiteral("runs_with_stuck_lock"), runsWithStuckLock);
    o.insert(QStringLiteral("acquisitions_per_sim_s"), throughputPerSimSecond);
    return o;
}

namespace {

bool isFencing(const ComparisonRow &row, const std::shared_ptr<const Strategy> &custom = {})
{
    if (custom && row.strategy == custom->id())
        return custom->info().fencing;
    const auto strategy = createStrategy(row.strategy);
    return strategy && strategy->info().fencing;
}

} // namespace

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
    // The user's scripts run first: should one of them run away, the comparison ends at its
    // limit instead of after every built-in strategy's runs. (Rows are summed per row, in seed
    // order, so the order of the jobs changes no figure.)
    if (request.custom) {
        std::stable_partition(jobs.begin(), jobs.end(), [&](const Job &job) {
            return rows[job.row].strategy == request.custom->id();
        });
    }
    // Results land in per-job slots and are summed afterwards in job order, so the totals do
    // not depend on which thread finished first.
    std::vector<CheckReport> results(jobs.size());
    std::vector<char> finished(jobs.size(), 0);
    std::vector<QString> errors(jobs.size());
    std::vector<LatencyHistogram> histograms(request.latencyHistogram ? jobs.size() : 0);
    std::vector<LatencySketch> rowLatency(std::size_t(rows.size()));
    std::vector<std::mutex> rowLocks(std::size_t(rows.size()));
    std::atomic<std::size_t> next{0};
    std::atomic<int> done{0};
    // Set by the first run whose script hit a limit; with the caller's cancel flag it stops the
    // scripts still running in the other workers, within a millisecond of either.
    std::atomic<bool> scriptLimitHit{false};
    ScriptLimits limits = request.scriptLimits;
    limits.stopFlags.push_back(&scriptLimitHit);
    if (cancel)
        limits.stopFlags.push_back(cancel);
    std::mutex stopMutex;
    QString stopError;
    ScriptStop stopKind = ScriptStop::None;
    int stopRow = -1;
    auto worker = [&] {
        for (;;) {
            if ((cancel && cancel->load()) || scriptLimitHit.load())
                return;
            const std::size_t i = next.fetch_add(1);
            if (i >= jobs.size())
                return;
            const auto &job = jobs[i];
            const auto &row = rows[job.row];
            SimulationConfig config;
            config.scenario = request.scenarios[job.row / strategies.size()];
            config.strategyId = row.strategy;
            if (request.custom && row.strategy == request.custom->id())
                config.strategy = request.custom;
            config.seed = job.seed;
            config.keepLog = false;
            config.recordText = false;
            config.latencySketch = true;
            config.scriptLimits = limits;
            std::unique_ptr<LatencyHistogramSink> latencies;
            if (request.latencyHistogram) {
                latencies = std::make_unique<LatencyHistogramSink>();
                config.extraSink = latencies.get();
            }
            auto result = runSimulation(config);
            if (result.scriptStop == ScriptStop::TimeLimit ||
                result.scriptStop == ScriptStop::MemoryCap) {
                std::lock_guard<std::mutex> lock(stopMutex);
                if (stopRow < 0) {
                    stopError = result.error;
                    stopKind = result.scriptStop;
                    stopRow = job.row;
                }
                scriptLimitHit = true;
                return;
            }
            if (result.scriptStop == ScriptStop::Stopped)
                return; // stopped by a flag above: neither a result nor an error of its own
            {
                // Pooled now rather than kept per run: a matrix has thousands of runs. Counts
                // add up the same in any order.
                std::lock_guard<std::mutex> lock(rowLocks[std::size_t(job.row)]);
                rowLatency[std::size_t(job.row)].merge(result.report.latency);
            }
            result.report.latency = {};
            results[i] = std::move(result.report);
            errors[i] = result.error;
            if (latencies)
                histograms[i] = std::move(latencies->histogram);
            finished[i] = result.ok ? 1 : 0;
            if (request.perRun && result.ok)
                request.perRun(row.scenario, row.strategy, job.seed, results[i]);
            const int n = ++done;
            if (progress)
                progress(n, int(jobs.size()));
        }
    };
    // The calling thread is one of the workers; a pool of its own bounds the others' lifetime
    // to this call.
    const int threads = workerThreadCount(request.threads);
    if (threads > 1) {
        QThreadPool pool;
        pool.setMaxThreadCount(threads - 1);
        for (int t = 1; t < threads; ++t)
            pool.start(worker);
        worker();
        pool.waitForDone();
    } else {
        worker();
    }

    if (stopRow >= 0) {
        rows[stopRow].error = stopError;
        rows[stopRow].scriptStop = stopKind;
    }

    std::vector<double> fairness(std::size_t(rows.size()));
    std::vector<int> fairRuns(std::size_t(rows.size()));
    std::vector<char> fencing(std::size_t(rows.size()));
    for (qsizetype i = 0; i < rows.size(); ++i)
        fencing[std::size_t(i)] = isFencing(rows[i], request.custom);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        auto &row = rows[jobs[i].row];
        if (!finished[i]) {
            if (row.error.isEmpty())
                row.error = errors[i];
            continue;
        }
        const auto &r = results[i];
        auto &s = row.sum;
        ++row.runs;
        if (request.latencyHistogram)
            row.latency.merge(histograms[i]);
        if (runIsUnsafe(r, fencing[std::size_t(jobs[i].row)]))
            ++row.runsUnsafe;
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
        if (r.latencyMaxMs)
            s.latencyMaxMs = qMax(s.latencyMaxMs.value_or(0.0), *r.latencyMaxMs);
        if (r.fairness) {
            fairness[std::size_t(jobs[i].row)] += *r.fairness;
            ++fairRuns[std::size_t(jobs[i].row)];
        }
    }
    for (qsizetype i = 0; i < rows.size(); ++i) {
        auto &row = rows[i];
        const auto k = std::size_t(i);
        row.sum.latency = std::move(rowLatency[k]);
        row.sum.latencyP50Ms = row.sum.latency.percentileMs(0.50);
        row.sum.latencyP99Ms = row.sum.latency.percentileMs(0.99);
        if (fairRuns[k] > 0)
            row.sum.fairness = fairness[k] / fairRuns[k];
        row.throughputPerSimSecond =
            row.sum.endUs > 0 ? double(row.sum.acquisitions) * 1e6 / double(row.sum.endUs) : 0;
    }
    return rows;
}

bool runIsUnsafe(const CheckReport &r, bool fencing)
{
    // Two holders at once did no harm when the resource refused every stale write.
    const bool violationsHarmless = fencing && r.lostUpdates == 0 && r.staleWritesRejected > 0;
    return (r.violations > 0 && !violationsHarmless) || r.mistakenDeletions > 0 ||
           r.stuckLocks > 0 || r.lostUpdates > 0;
}

CellVerdict runVerdict(const CheckReport &report, bool fencing)
{
    if (runIsUnsafe(report, fencing))
        return CellVerdict::Unsafe;
    if (report.starvedClients > 0 || report.gaveUp > 0)
        return CellVerdict::LivenessLoss;
    return CellVerdict::Safe;
}

CellVerdict verdictOf(const ComparisonRow &row)
{
    if (row.runsUnsafe > 0)
        return CellVerdict::Unsafe;
    if (row.sum.starvedClients > 0 || row.sum.gaveUp > 0)
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

namespace {

// The counts behind one cell of the safety matrix, as the CLI's --json and --csv name them.
struct CellField {
    const char *name;
    std::function<QJsonValue(const ComparisonRow &)> value;
};

const std::vector<CellField> &cellFields()
{
    static const std::vector<CellField> fields = {
        {"runs", [](const ComparisonRow &r) { return QJsonValue(r.runs); }},
        {"runs_unsafe", [](const ComparisonRow &r) { return QJsonValue(r.runsUnsafe); }},
        {"runs_with_violation",
         [](const ComparisonRow &r) { return QJsonValue(r.runsWithViolation); }},
        {"runs_with_stuck_lock",
         [](const ComparisonRow &r) { return QJsonValue(r.runsWithStuckLock); }},
        {"violations", [](const ComparisonRow &r) { return QJsonValue(r.sum.violations); }},
        {"mistaken_deletions",
         [](const ComparisonRow &r) { return QJsonValue(r.sum.mistakenDeletions); }},
        {"stuck_locks", [](const ComparisonRow &r) { return QJsonValue(r.sum.stuckLocks); }},
        {"lost_updates", [](const ComparisonRow &r) { return QJsonValue(r.sum.lostUpdates); }},
        {"stale_writes_rejected",
         [](const ComparisonRow &r) { return QJsonValue(r.sum.staleWritesRejected); }},
        {"starved_clients",
         [](const ComparisonRow &r) { return QJsonValue(r.sum.starvedClients); }},
        {"gave_up", [](const ComparisonRow &r) { return QJsonValue(r.sum.gaveUp); }},
        {"latency_p99_ms", [](const ComparisonRow &r) { return figureJson(r.sum.latencyP99Ms); }},
    };
    return fields;
}

} // namespace

QString comparisonCsv(const QList<ComparisonRow> &rows)
{
    QStringList header{QStringLiteral("scenario"), QStringLiteral("strategy"),
                       QStringLiteral("verdict")};
    for (const auto &f : cellFields())
        header.append(QLatin1String(f.name));
    QString s = csvRecord(header);
    for (const auto &row : rows) {
        // Built-in ids are [a-z0-9-]; a scenario file's id may hold anything, csvRecord quotes it.
        QStringList fields{row.scenario, row.strategy, verdictId(verdictOf(row))};
        for (const auto &f : cellFields()) {
            // No data (null) is an empty field, CSV's null.
            const QJsonValue v = f.value(row);
            fields.append(v.isNull() ? QString()
                          : v.isDouble() && v.toDouble() != double(v.toInteger())
                              ? QString::number(v.toDouble(), 'f', 3)
                              : QString::number(v.toInteger()));
        }
        s += csvRecord(fields);
    }
    return s;
}

QJsonObject comparisonJson(const QList<ComparisonRow> &rows, int seeds)
{
    QJsonArray cells;
    for (const auto &row : rows) {
        QJsonObject o{{QStringLiteral("scenario"), row.scenario},
                      {QStringLiteral("strategy"), row.strategy},
                      {QStringLiteral("verdict"), verdictId(verdictOf(row))}};
        for (const auto &f : cellFields())
            o.insert(QLatin1String(f.name), f.value(row));
        cells.append(o);
    }
    return QJsonObject{{QStringLiteral("seeds"), seeds}, {QStringLiteral("cells"), cells}};
}

} // namespace lockscope
