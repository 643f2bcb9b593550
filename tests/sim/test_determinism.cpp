// A run is a pure function of (scenario, strategy, seed, parameters): two runs give a
// byte-identical event log; another seed gives another log.
#include "sim/simulation.h"

#include <QBuffer>
#include <QTest>
#include <QThreadPool>

using namespace lockscope;

class TestDeterminism : public QObject {
    Q_OBJECT

    static QByteArray logBytes(const QString &scenarioId, const QString &strategy, quint64 seed)
    {
        Scenario s;
        if (!loadBuiltinScenario(scenarioId, &s))
            return {};
        SimulationConfig config;
        config.scenario = s;
        config.strategyId = strategy;
        config.seed = seed;
        const auto r = runSimulation(config);
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        r.log->writeJsonLines(buffer);
        return buffer.data();
    }

private slots:
    void identicalInputsGiveIdenticalLogs_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        for (const auto &scenario : builtinScenarioIds()) {
            for (const auto &strategy :
                 {QStringLiteral("set-nx-px-get-del"), QStringLiteral("watchdog"),
                  QStringLiteral("redlock"), QStringLiteral("reentrant-hash")})
                QTest::newRow(qPrintable(scenario + QLatin1Char('/') + strategy))
                    << scenario << strategy;
        }
    }
    void identicalInputsGiveIdenticalLogs()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        const QByteArray a = logBytes(scenario, strategy, 42);
        const QByteArray b = logBytes(scenario, strategy, 42);
        QVERIFY(a.count('\n') > 5);
        QVERIFY(a == b);
    }

    void differentSeedsGiveDifferentLogs()
    {
        const QByteArray a =
            logBytes(QStringLiteral("contention"), QStringLiteral("set-nx-px-lua"), 1);
        const QByteArray b =
            logBytes(QStringLiteral("contention"), QStringLiteral("set-nx-px-lua"), 2);
        QVERIFY(!a.isEmpty());
        QVERIFY(a != b);
    }

    // Runs on several threads at once give the same logs as one at a time (nothing shared).
    void concurrentRunsAreIndependent()
    {
        const QByteArray expected =
            logBytes(QStringLiteral("split-vote"), QStringLiteral("redlock"), 7);
        QList<QByteArray> got(4);
        QThreadPool pool; // threads the way LockScope runs them (README, Development)
        pool.setMaxThreadCount(int(got.size()));
        for (qsizetype i = 0; i < got.size(); ++i)
            pool.start([&got, i] {
                got[i] = logBytes(QStringLiteral("split-vote"), QStringLiteral("redlock"), 7);
            });
        pool.waitForDone();
        for (const auto &g : got)
            QVERIFY(g == expected);
    }
};

QTEST_GUILESS_MAIN(TestDeterminism)
#include "test_determinism.moc"
