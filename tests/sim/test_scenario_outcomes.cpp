// Every (scenario, strategy) pair the catalogue names reproduces its outcome (seed 1), plus the
// variants docs/lock-catalogue.md describes in words (a delayed restart, persistence, the counter
// of 1000).
#include "expected_outcomes.h"
#include "lock/strategy_registry.h"
#include "sim/simulation.h"

#include <QJsonDocument>
#include <QTest>

using namespace lockscope;
using namespace lockscope::test;

class TestScenarioOutcomes : public QObject {
    Q_OBJECT

    static SimulationResult run(const Scenario &scenario, const QString &strategy, quint64 seed = 1)
    {
        SimulationConfig config;
        config.scenario = scenario;
        config.strategyId = strategy;
        config.seed = seed;
        return runSimulation(config);
    }
    static QByteArray reportText(const SimulationResult &r)
    {
        return QJsonDocument(r.report.toJson()).toJson(QJsonDocument::Compact);
    }

private slots:
    void catalogueOutcome_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<quint32>("expect");
        for (const auto &e : catalogue())
            QTest::newRow(qPrintable(e.scenario + QLatin1Char('/') + e.strategy))
                << e.scenario << e.strategy << e.expect;
    }
    void catalogueOutcome()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        QFETCH(quint32, expect);
        Scenario s;
        QString error;
        QVERIFY2(loadBuiltinScenario(scenario, &s, &error), qPrintable(error));
        const auto result = run(s, strategy);
        QVERIFY2(result.ok, qPrintable(result.error));
        const QString broken = checkExpectation(expect, result.report, s.ttlMs);
        QVERIFY2(broken.isEmpty(),
                 qPrintable(broken + QStringLiteral(": ") + QString::fromUtf8(reportText(result))));
    }

    // Seed 001's experiment: 100 clients x 10 increments end at exactly 1000.
    void contentionCountsToExactlyOneThousand()
    {
        Scenario s;
        QVERIFY(loadBuiltinScenario(QStringLiteral("contention"), &s));
        const auto result = run(s, QStringLiteral("set-nx-px-lua"));
        QCOMPARE(result.report.acquisitions, 1000);
        QCOMPARE(result.report.counterActual, 1000);
        QCOMPARE(result.report.lostUpdates, 0);
    }

    // docs/lock-catalogue.md 7: delaying the restart past the maximum TTL, or persistence, prevents
    // it.
    void nodeRestartDelayedOrPersistentIsSafe_data()
    {
        QTest::addColumn<qint64>("downMs");
        QTest::addColumn<bool>("persistence");
        QTest::addColumn<bool>("expectViolation");
        QTest::newRow("restart at once, empty") << qint64(100) << false << true;
        QTest::newRow("restart after more than the TTL, empty") << qint64(11000) << false << false;
        QTest::newRow("restart at once, persistent") << qint64(100) << true << false;
    }
    void nodeRestartDelayedOrPersistentIsSafe()
    {
        QFETCH(qint64, downMs);
        QFETCH(bool, persistence);
        QFETCH(bool, expectViolation);
        Scenario s;
        QVERIFY(loadBuiltinScenario(QStringLiteral("node-restart"), &s));
        bool found = false;
        for (auto &f : s.faults) {
            if (f.action == FaultSpec::Action::NodeRestart) {
                f.durationMs = downMs;
                f.persistence = persistence;
                found = true;
            }
        }
        QVERIFY(found);
        const auto result = run(s, QStringLiteral("redlock"));
        QCOMPARE(result.report.violations > 0, expectViolation);
    }

    // The mistaken deletion names the right people: A deleted B's lock.
    void mistakenDeletionWitnessNamesBothClients()
    {
        Scenario s;
        QVERIFY(loadBuiltinScenario(QStringLiteral("pause-before-delete"), &s));
        const auto result = run(s, QStringLiteral("set-nx-px-get-del"));
        const auto &findings = result.report.findings;
        auto it = std::find_if(findings.begin(), findings.end(), [](const Finding &f) {
            return f.kind == Finding::Kind::MistakenDeletion;
        });
        QVERIFY(it != findings.end());
        QCOMPARE(result.log->clientName(it->client), QByteArray("A"));
        QCOMPARE(result.log->clientName(it->other), QByteArray("B"));
        QCOMPARE(result.log->strings().at(it->key), QByteArray("lock:0"));
    }

    // Failover: A's key existed on the old primary only; after promotion B's lock is written.
    void failoverLosesTheUnreplicatedLock()
    {
        Scenario s;
        QVERIFY(loadBuiltinScenario(QStringLiteral("failover"), &s));
        const auto result = run(s, QStringLiteral("set-nx-px-lua"));
        bool lostInFailover = false;
        for (const auto &e : result.log->events()) {
            if (e.kind == EventKind::KeyDeleted && e.client == kNoClient &&
                result.log->clientName(e.owner) == "A")
                lostInFailover = true;
        }
        QVERIFY(lostInFailover);
        // With the replica caught up before the failover, nothing is lost.
        s.replicationLagMs = 0;
        for (auto &f : s.faults)
            f.trigger.delayMs = 50;
        const auto caughtUp = run(s, QStringLiteral("set-nx-px-lua"));
        QCOMPARE(caughtUp.report.violations, 0);
    }

    // Every built-in scenario runs with every strategy and every wait mode without a crash or
    // a hang, and a correct strategy never loses an update under plain contention.
    void everyPairAndWaitModeRuns_data()
    {
        QTest::addColumn<QString>("wait");
        QTest::newRow("spin") << QStringLiteral("spin");
        QTest::newRow("backoff") << QStringLiteral("backoff");
        QTest::newRow("pubsub") << QStringLiteral("pubsub");
    }
    void everyPairAndWaitModeRuns()
    {
        QFETCH(QString, wait);
        Scenario s;
        QVERIFY(loadBuiltinScenario(QStringLiteral("contention"), &s));
        QVERIFY(setClientCount(s, 20, nullptr));
        for (const auto &strategy : strategyIds()) {
            SimulationConfig config;
            config.scenario = s;
            config.strategyId = strategy;
            config.waitMode = wait;
            config.keepLog = false;
            const auto r = runSimulation(config);
            QVERIFY2(r.ok, qPrintable(r.error));
            QVERIFY2(r.report.acquisitions == 200, qPrintable(strategy + QStringLiteral(": ") +
                                                              QString::fromUtf8(reportText(r))));
            QCOMPARE(r.report.lostUpdates, 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestScenarioOutcomes)
#include "test_scenario_outcomes.moc"
