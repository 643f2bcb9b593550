// Issue 12: an exception thrown inside a client's coroutine, its workload or a background task
// it spawned (a watchdog's renewals), ends the simulated run with that exception as its error.
// Before, SimClient::spawn deleted the finished task without reading its result, and the run
// went on and was judged as if nothing had happened.
#include <QTest>

#include "sim/simulation.h"
#include "throwing_strategy.h"

using namespace lockscope;
using lockscope::test::ThrowingStrategy;

class TestRunErrors : public QObject {
    Q_OBJECT

private slots:
    void backgroundTaskErrorEndsTheRun();
    void workloadErrorEndsTheRun();
    void failingRunIsDeterministic();
    void healthyBackgroundTasksStillRun();
};

namespace {

SimulationConfig configWith(ThrowingStrategy::Where where, int onAcquisition)
{
    SimulationConfig config;
    QString error;
    if (!loadBuiltinScenario(QStringLiteral("contention"), &config.scenario, &error))
        qFatal("%s", qPrintable(error));
    config.strategy = std::make_shared<ThrowingStrategy>(where, onAcquisition, 5);
    config.strategyId = config.strategy->id();
    return config;
}

} // namespace

void TestRunErrors::backgroundTaskErrorEndsTheRun()
{
    const SimulationConfig config = configWith(ThrowingStrategy::Where::Background, 3);
    const SimulationResult result = runSimulation(config);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(QLatin1String("the renewal bookkeeping broke")),
             qPrintable(result.error));
    QVERIFY2(result.error.contains(QLatin1String("background")), qPrintable(result.error));
    // It names the client whose task it was: the third acquisition's holder.
    QVERIFY2(result.error.startsWith(QLatin1String("client ")), qPrintable(result.error));
}

void TestRunErrors::workloadErrorEndsTheRun()
{
    const SimulationConfig config = configWith(ThrowingStrategy::Where::Foreground, 1);
    const SimulationResult result = runSimulation(config);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(QLatin1String("the acquire bookkeeping broke")),
             qPrintable(result.error));
    QVERIFY2(!result.error.contains(QLatin1String("background")), qPrintable(result.error));
}

void TestRunErrors::failingRunIsDeterministic()
{
    // The same input fails the same way: the same client, at the same point.
    const SimulationResult a = runSimulation(configWith(ThrowingStrategy::Where::Background, 7));
    const SimulationResult b = runSimulation(configWith(ThrowingStrategy::Where::Background, 7));
    QVERIFY(!a.ok);
    QCOMPARE(a.error, b.error);
    QCOMPARE(a.log->events().size(), b.log->events().size());
}

void TestRunErrors::healthyBackgroundTasksStillRun()
{
    // The watchdog's renewals go through the same door and must still renew.
    SimulationConfig config;
    QVERIFY(loadBuiltinScenario(QStringLiteral("long-task"), &config.scenario));
    config.strategyId = QStringLiteral("watchdog");
    const SimulationResult result = runSimulation(config);
    QVERIFY2(result.ok, qPrintable(result.error));
    qsizetype renewals = 0;
    for (const Event &e : result.log->events())
        renewals += e.kind == EventKind::Renewed ? 1 : 0;
    QVERIFY(renewals > 0);
    QCOMPARE(result.report.violations, qint64(0));
}

QTEST_GUILESS_MAIN(TestRunErrors)
#include "test_run_errors.moc"
