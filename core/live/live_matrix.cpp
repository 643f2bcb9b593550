#include "live_matrix.h"

#include "live_scenario.h"

#include "lock/strategy_registry.h"
#include "sim/simulation.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <mutex>

namespace lockscope {

namespace {

LiveMatrixCell runCell(const Scenario &scenario, const std::shared_ptr<const Strategy> &strategy,
                       const LiveMatrixRequest &request)
{
    LiveMatrixCell cell;
    cell.scenario = scenario.id;
    cell.strategy = strategy->id();
    cell.refusal = liveRefusal(scenario, *strategy, false);
    if (!cell.refusal.isEmpty())
        return cell;
    cell.timeScale = request.timeScale > 0 ? request.timeScale : defaultLiveTimeScale(scenario);
    QElapsedTimer wall;
    wall.start();
    for (int rep = 0; rep < request.repetitions; ++rep) {
        if (request.cancel && request.cancel->load())
            break;
        SimulationConfig sim;
        sim.scenario = scenario;
        sim.strategy = strategy;
        sim.strategyId = strategy->id();
        sim.seed = quint64(rep) + 1;
        sim.keepLog = false;
        const SimulationResult simulated = runSimulation(sim);
        LiveScenarioConfig live;
        live.scenario = scenario;
        live.strategy = strategy;
        live.strategyId = strategy->id();
        live.seed = sim.seed;
        live.timeScale = cell.timeScale;
        live.keepLog = false;
        live.cancel = request.cancel;
        const LiveScenarioResult result = runLiveScenario(live);
        if (!simulated.ok || !result.ok) {
            if (!result.cancelled)
                cell.error = simulated.ok ? result.error : simulated.error;
            break;
        }
        const Agreement a =
            compareWithSimulation(simulated.report, result.report, strategy->info().fencing);
        cell.simulated.append(a.simulated);
        cell.live.append(a.live);
        if (a.agrees())
            ++cell.agreeing;
        else if (cell.differences.isEmpty())
            cell.differences = a.differences;
    }
    cell.wallMs = wall.elapsed();
    return cell;
}

} // namespace

LiveCellStatus liveCellStatus(const LiveMatrixCell &cell)
{
    if (!cell.refusal.isEmpty())
        return LiveCellStatus::NotReproducible;
    if (!cell.error.isEmpty())
        return LiveCellStatus::Error;
    if (cell.live.isEmpty())
        return LiveCellStatus::NotRun;
    return cell.agrees() ? LiveCellStatus::Agree : LiveCellStatus::Disagree;
}

QString liveCellStatusId(LiveCellStatus status)
{
    switch (status) {
    case LiveCellStatus::Agree:
        return QStringLiteral("agree");
    case LiveCellStatus::Disagree:
        return QStringLiteral("disagree");
    case LiveCellStatus::NotReproducible:
        return QStringLiteral("not-reproducible");
    case LiveCellStatus::Error:
        return QStringLiteral("error");
    case LiveCellStatus::NotRun:
        return QStringLiteral("not-run");
    }
    return {};
}

QString liveCellReason(const LiveMatrixCell &cell)
{
    if (!cell.refusal.isEmpty())
        return cell.refusal;
    if (!cell.error.isEmpty())
        return cell.error;
    return cell.differences.join(QStringLiteral("; "));
}

QList<LiveMatrixCell> runLiveMatrix(const LiveMatrixRequest &request)
{
    struct Job {
        const Scenario *scenario;
        std::shared_ptr<const Strategy> strategy;
    };
    std::vector<Job> jobs;
    for (const auto &scenario : request.scenarios) {
        for (const auto &id : request.strategies)
            jobs.push_back({&scenario, createStrategy(id)});
        if (request.custom)
            jobs.push_back({&scenario, request.custom});
    }
    std::vector<LiveMatrixCell> cells(jobs.size()); // one writer per index
    std::atomic<std::size_t> next{0};
    std::atomic<int> done{0};
    std::mutex progressMutex;
    // Each worker turns its own event loop: a live run needs one, and the cells must not share
    // timers or servers.
    auto work = [&] {
        for (;;) {
            const std::size_t i = next.fetch_add(1);
            if (i >= jobs.size() || (request.cancel && request.cancel->load()))
                return;
            if (jobs[i].strategy)
                cells[i] = runCell(*jobs[i].scenario, jobs[i].strategy, request);
            const int n = done.fetch_add(1) + 1;
            std::lock_guard lock(progressMutex);
            if (request.cellFinished && !cells[i].scenario.isEmpty())
                request.cellFinished(cells[i]);
            if (request.progress)
                request.progress(n, int(jobs.size()));
        }
    };
    std::vector<std::unique_ptr<QThread>> threads;
    for (int t = 0; t < qMax(1, request.parallel); ++t) {
        threads.push_back(std::unique_ptr<QThread>(QThread::create(work)));
        threads.back()->start();
    }
    for (auto &t : threads)
        t->wait();
    // A cancel leaves cells never started: they are not part of the answer.
    QList<LiveMatrixCell> out;
    for (auto &c : cells) {
        if (!c.scenario.isEmpty())
            out.append(std::move(c));
    }
    return out;
}

} // namespace lockscope
