#include "comparison_controller.h"

#include "lock/strategy_registry.h"
#include "sim/run_limits.h"

#include <QCoreApplication>
#include <QEventLoop>

namespace lockscope::ui {

ComparisonController::ComparisonController(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(workerThreadCount(0));
    // Progress is polled, not signalled per run: thousands of runs a second would flood the
    // event loop.
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { emit progressChanged(runsDone(), runsTotal()); });
}

ComparisonController::~ComparisonController()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.waitForDone();
}

bool ComparisonController::start(const CompareSettings &settings, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (m_running)
        return fail(tr("A comparison is running already."));
    if (settings.scenarioIds.isEmpty() || settings.strategies.isEmpty() || settings.seeds < 1)
        return fail(tr("Choose at least one scenario, one strategy and one seed."));
    // Every scenario is built up front, so a bad one stops the start, not a worker.
    QList<Scenario> scenarios;
    for (const QString &id : settings.scenarioIds) {
        Scenario s;
        QString why;
        if (!buildScenario(settings.request(id, settings.strategies.first(), 1), &s, &why))
            return fail(why);
        scenarios.append(s);
    }
    // The user's scripts are read and compiled once, here: a missing file or a syntax error is
    // one message before anything runs.
    std::shared_ptr<const Strategy> custom;
    if (settings.strategies.contains(QStringLiteral("custom"))) {
        QString why;
        custom = createCustomStrategy(settings.acquireScript, settings.releaseScript, &why);
        if (!custom)
            return fail(why);
    }
    // Refused up front, with the estimate, rather than found out by the machine swapping.
    QString tooBig;
    if (!fitsInMemory(
            estimateComparisonBytes(scenarios, settings.runCount(), m_pool.maxThreadCount()),
            machineMemoryBytes(), &tooBig))
        return fail(tooBig);

    m_settings = settings;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_scriptLimitHit = std::make_shared<std::atomic<bool>>(false);
    m_runsDone = 0;
    m_cellsDone = 0;
    m_cancelled = false;
    m_failureReported = false;
    m_running = true;
    m_tasksLeft = settings.cellCount();
    m_clock.start();
    m_progressTimer.start();
    emit progressChanged(0, runsTotal());

    for (const Scenario &scenario : std::as_const(scenarios)) {
        for (const QString &strategy : settings.strategies) {
            ComparisonRequest request;
            request.scenarios = {scenario};
            request.strategies = {strategy};
            request.seeds = settings.seeds;
            request.firstSeed = 1;
            request.threads = 1; // the pool spreads the cells over the cores
            request.latencyHistogram = true;
            request.custom = custom;
            // A script stopped at a limit in one cell stops the scripts of every other cell
            // too (runComparison adds `cancel`): one message, not one wait per cell.
            request.scriptLimits.timeLimitMs = settings.scriptTimeLimitMs;
            request.scriptLimits.stopFlags = {m_scriptLimitHit.get()};
            auto cancel = m_cancel;
            auto limitHit = m_scriptLimitHit;
            std::atomic<qint64> *runsDone = &m_runsDone;
            m_jobs.start(m_pool, [this, request, cancel, limitHit, runsDone]() mutable {
                // Seeds run in order on this thread: the first callback with a finding is the
                // first seed with one.
                CellResult cell;
                int bestRank = 3; // 0: safety finding, 1: any finding, 3: none yet
                request.perRun = [&](const QString &, const QString &, quint64 seed,
                                     const CheckReport &report) {
                    for (const Finding &f : report.findings) {
                        const int rank = isSafetyFinding(f) ? 0 : 1;
                        if (rank < bestRank) {
                            bestRank = rank;
                            cell.exampleSeed = seed;
                            cell.exampleAtUs = f.timeUs;
                            cell.exampleHasFinding = true;
                        }
                        if (rank == 0)
                            break;
                    }
                };
                const auto rows = runComparison(
                    request, [runsDone](int, int) { ++*runsDone; }, cancel.get());
                const bool complete = !rows.isEmpty() && rows.first().runs == request.seeds;
                if (complete)
                    cell.row = rows.first();
                if (!rows.isEmpty() && (rows.first().scriptStop == ScriptStop::TimeLimit ||
                                        rows.first().scriptStop == ScriptStop::MemoryCap))
                    limitHit->store(true);
                if (!rows.isEmpty() && !rows.first().error.isEmpty()) {
                    const QString why = rows.first().error;
                    m_handoff.post([this, why] {
                        if (!m_failureReported) { // once per comparison, not per cell
                            m_failureReported = true;
                            emit runFailed(why);
                        }
                    });
                }
                m_handoff.post([this, complete, cell] { onTaskDone(complete, cell); });
            });
        }
    }
    return true;
}

void ComparisonController::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    m_cancel->store(true);
}

void ComparisonController::waitForFinished()
{
    if (!m_running)
        return;
    QEventLoop loop;
    connect(this, &ComparisonController::finished, &loop, &QEventLoop::quit);
    loop.exec();
}

double ComparisonController::secondsLeft() const
{
    const qint64 done = runsDone();
    if (!m_running || done == 0)
        return -1;
    const double elapsed = double(m_clock.elapsed()) / 1000.0;
    return elapsed * double(runsTotal() - done) / double(done);
}

void ComparisonController::onTaskDone(bool complete, const CellResult &cell)
{
    if (complete) {
        ++m_cellsDone;
        emit cellFinished(cell);
    }
    if (--m_tasksLeft > 0)
        return;
    // The last task has returned its result; its thread is leaving the runnable now.
    m_pool.waitForDone();
    m_progressTimer.stop();
    m_running = false;
    emit progressChanged(runsDone(), runsTotal());
    emit finished(m_cancelled);
}

} // namespace lockscope::ui
