// Issue 12: the memory a run needs is estimated before it starts, and a run that would need
// more than the machine has is refused with the estimate; everything the built-in scenarios
// ask for is accepted. The estimate of events is an upper estimate: checked here against the
// events real runs produce.
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include "lock/strategy_registry.h"
#include "sim/run_limits.h"
#include "sim/simulation.h"

using namespace lockscope;

class TestRunLimits : public QObject {
    Q_OBJECT

private slots:
    void builtinScenariosFitASmallMachine();
    void eventEstimateIsAnUpperBound_data();
    void eventEstimateIsAnUpperBound();
    void absurdRunIsRefusedWithTheEstimate();
    void mostClientsStillRun();
    void comparisonEstimateGrowsWithRuns();
    void machineMemoryIsRead();
    void formatsSizes();
};

namespace {

constexpr qint64 kSmallMachine = qint64(2) << 30; // 2 GiB: the built-ins must fit

Scenario builtin(const QString &id)
{
    Scenario s;
    QString error;
    if (!loadBuiltinScenario(id, &s, &error))
        qFatal("%s", qPrintable(error));
    return s;
}

// A day of 100,000 clients, within every cap, every event kept.
Scenario absurd()
{
    Scenario s = builtin(QStringLiteral("contention"));
    s.clientCount = limits::kMaxClients;
    s.durationMs = limits::kMaxDurationMs;
    s.cycles = -1;
    return s;
}

} // namespace

void TestRunLimits::builtinScenariosFitASmallMachine()
{
    for (const QString &id : builtinScenarioIds()) {
        const qint64 bytes = estimateRunBytes(builtin(id), true);
        QString error;
        QVERIFY2(fitsInMemory(bytes, kSmallMachine, &error),
                 qPrintable(id + QLatin1Char(' ') + error));
        QVERIFY2(bytes > 0, qPrintable(id));
    }
}

void TestRunLimits::eventEstimateIsAnUpperBound_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("strategy");
    for (const QString &id : builtinScenarioIds()) {
        for (const QString &strategy : strategyIds())
            QTest::newRow(qPrintable(id + QLatin1Char('/') + strategy)) << id << strategy;
    }
}

void TestRunLimits::eventEstimateIsAnUpperBound()
{
    QFETCH(QString, scenario);
    QFETCH(QString, strategy);
    SimulationConfig config;
    config.scenario = builtin(scenario);
    config.strategyId = strategy;
    const SimulationResult result = runSimulation(config);
    QVERIFY2(result.ok, qPrintable(result.error));
    const qint64 events = qint64(result.log->events().size());
    const qint64 estimate = estimateRunEvents(config.scenario);
    QVERIFY2(events <= estimate,
             qPrintable(QStringLiteral("%1 events, estimated %2").arg(events).arg(estimate)));
}

void TestRunLimits::absurdRunIsRefusedWithTheEstimate()
{
    const Scenario s = absurd();
    const qint64 bytes = estimateRunBytes(s, true);
    // More than any machine this runs on: a terabyte at the least.
    QVERIFY2(bytes > (qint64(1) << 40), qPrintable(formatBytes(bytes)));
    QString error;
    QVERIFY(!fitsInMemory(bytes, qint64(64) << 30, &error));
    QVERIFY2(error.contains(formatBytes(bytes)), qPrintable(error));
    QVERIFY2(error.contains(formatBytes(qint64(64) << 30)), qPrintable(error));

    // runSimulation refuses it before building anything (so at once).
    SimulationConfig config;
    config.scenario = s;
    config.strategyId = QStringLiteral("set-nx-px-lua");
    QElapsedTimer clock;
    clock.start();
    const SimulationResult result = runSimulation(config);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(formatBytes(bytes)), qPrintable(result.error));
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
}

void TestRunLimits::mostClientsStillRun()
{
    // The cap is what the event log can tell apart: every client of a run at the cap starts.
    // (At 100,000, the CLI's old cap, clients past 32,767 died of an exception nobody read.)
    SimulationConfig config;
    config.scenario = builtin(QStringLiteral("contention"));
    QString error;
    QVERIFY2(setClientCount(config.scenario, limits::kMaxClients, &error), qPrintable(error));
    config.scenario.durationMs = 10;
    config.strategyId = QStringLiteral("set-nx-px-lua");
    const SimulationResult result = runSimulation(config);
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.log->info().clients.size(), qsizetype(limits::kMaxClients));
    qsizetype started = 0;
    for (const Event &e : result.log->events())
        started += e.kind == EventKind::ClientStarted ? 1 : 0;
    QCOMPARE(started, qsizetype(limits::kMaxClients));
    // One more is refused.
    QVERIFY(!setClientCount(config.scenario, limits::kMaxClients + 1, &error));
}

void TestRunLimits::comparisonEstimateGrowsWithRuns()
{
    const QList<Scenario> scenarios = {builtin(QStringLiteral("contention")),
                                       builtin(QStringLiteral("failover"))};
    const qint64 small = estimateComparisonBytes(scenarios, 1000, 2);
    const qint64 big = estimateComparisonBytes(scenarios, 1000000000, 2);
    QVERIFY(small < kSmallMachine);
    QVERIFY(big > small * 1000);
    // The whole default matrix (13 x 10 x 100 runs) fits the small machine.
    QList<Scenario> all;
    for (const QString &id : builtinScenarioIds())
        all.append(builtin(id));
    QVERIFY(fitsInMemory(estimateComparisonBytes(all, 13 * 10 * 100, 64), kSmallMachine, nullptr));
}

void TestRunLimits::machineMemoryIsRead()
{
    // Compared with the kernel's own figure, read another way.
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    QVERIFY(meminfo.open(QIODevice::ReadOnly));
    const QByteArray first = meminfo.readLine(); // "MemTotal:  16319260 kB"
    QVERIFY2(first.startsWith("MemTotal:"), first.constData());
    const qint64 kb = first.mid(9).trimmed().split(' ').first().toLongLong();
    const qint64 bytes = machineMemoryBytes();
    QVERIFY2(qAbs(bytes - kb * 1024) < kb * 1024 / 20,
             qPrintable(QStringLiteral("%1 vs %2 kB").arg(bytes).arg(kb)));
}

void TestRunLimits::formatsSizes()
{
    QCOMPARE(formatBytes(1500), QStringLiteral("2 KB"));
    QCOMPARE(formatBytes(850'000'000), QStringLiteral("850 MB"));
    QCOMPARE(formatBytes(12'340'000'000), QStringLiteral("12.3 GB"));
    QCOMPARE(formatBytes(2'500'000'000'000), QStringLiteral("2.5 TB"));
}

QTEST_GUILESS_MAIN(TestRunLimits)
#include "test_run_limits.moc"
