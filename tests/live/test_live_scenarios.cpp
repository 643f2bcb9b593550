// Every scenario of the catalogue, live: its headline cells played on real redis-server processes
// (started on free loopback ports by the runner, time-scaled) must show the outcome
// docs/lock-catalogue.md gives, and the same verdict and kinds of finding as the simulation of
// the same cell. Includes a real failover (replica held back, primary SIGKILLed, replica
// promoted), a real restart without persistence and a real clock jump on a node.
#include "../sim/expected_outcomes.h"
#include "child_servers.h"
#include "redis_server.h"
#include "redis_test_client.h"
#include "time_scale.h"

#include "live/live_agreement.h"
#include "live/live_scenario.h"
#include "lock/strategy_registry.h"
#include "sim/simulation.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace lockscope;
using namespace lockscope::test;

namespace {

Scenario builtin(const QString &id)
{
    Scenario s;
    QString error;
    if (!loadBuiltinScenario(id, &s, &error))
        qFatal("%s", qPrintable(error));
    return s;
}

quint32 catalogueExpectation(const QString &scenario, const QString &strategy)
{
    for (const auto &e : catalogue()) {
        if (e.scenario == scenario && e.strategy == strategy)
            return e.expect;
    }
    return 0;
}

// Who got the lock first in a run's log: a client index, or -1.
int firstAcquirer(const EventLog &log)
{
    for (const Event &e : log.events()) {
        if (e.kind == EventKind::Acquired)
            return e.client;
    }
    return -1;
}

} // namespace

class TestLiveScenarios : public QObject {
    Q_OBJECT

private slots:
    void headlineCellsAgree_data();
    void headlineCellsAgree();
    void captionsFollowLiveEvents();
    void cancelStopsEverything();
    void userServersRunClientFaults();
    void userServersRefuseServerFaults();
    void clockJumpMovesTheServerClock();
    void heldBackRequestIsOvertakenInBothWorlds();
};

void TestLiveScenarios::headlineCellsAgree_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("strategy");
    // The headline cells of each of the 13 scenarios (../shared/LOCKS.md), flawed and correct.
    const QList<QPair<const char *, const char *>> cells = {
        {"crash-mid-acquire", "setnx-expire"},
        {"crash-mid-acquire", "set-nx-px-lua"},
        {"pause-after-acquire", "set-nx-px-del"},
        {"pause-after-acquire", "fenced"},
        {"pause-before-delete", "set-nx-px-get-del"},
        {"pause-before-delete", "set-nx-px-lua"},
        {"long-task", "set-nx-px-lua"},
        {"long-task", "watchdog"},
        {"client-clock-skew", "setnx-getset"},
        {"client-clock-skew", "set-nx-px-lua"},
        {"failover", "set-nx-px-lua"},
        {"failover", "redlock"},
        {"node-restart", "redlock"},
        {"node-clock-jump", "redlock"},
        {"pause-replies-in-flight", "redlock"},
        {"pause-replies-in-flight", "set-nx-px-lua"},
        {"lost-reply", "set-nx-px-lua"},
        {"lost-reply", "setnx-expire"},
        {"nested-acquire", "reentrant-hash"},
        {"nested-acquire", "set-nx-px-lua"},
        {"split-vote", "redlock"},
        {"contention", "set-nx-px-lua"},
    };
    for (const auto &[scenario, strategy] : cells)
        QTest::addRow("%s x %s", scenario, strategy)
            << QString::fromLatin1(scenario) << QString::fromLatin1(strategy);
}

void TestLiveScenarios::headlineCellsAgree()
{
    QFETCH(QString, scenario);
    QFETCH(QString, strategy);
    const Scenario s = builtin(scenario);
    const quint32 expect = catalogueExpectation(scenario, strategy);
    QVERIFY2(expect != 0, "the cell is not in the catalogue");

    SimulationConfig sim;
    sim.scenario = s;
    sim.strategyId = strategy;
    sim.keepLog = false;
    const SimulationResult simulated = runSimulation(sim);
    QVERIFY2(simulated.ok, qPrintable(simulated.error));

    LiveScenarioConfig live;
    live.scenario = s;
    live.strategyId = strategy;
    live.timeScale = liveScale(defaultLiveTimeScale(s));
    QElapsedTimer wall;
    wall.start();
    const LiveScenarioResult r = runLiveScenario(live);
    QVERIFY2(r.ok, qPrintable(r.error));
    qInfo("%s x %s: live %.1f s at scale %g, %lld acquisitions, %lld violations",
          qPrintable(scenario), qPrintable(strategy), double(wall.elapsed()) / 1000.0,
          live.timeScale, r.report.acquisitions, r.report.violations);

    // The catalogue's outcome, live (latencies are on the scenario's clock, so the TTL is the
    // scenario's own).
    const QString broken = checkExpectation(expect, r.report, s.ttlMs);
    QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("live: ") + broken));
    // And the simulation's verdict and kinds of finding.
    const Agreement a =
        compareWithSimulation(simulated.report, r.report, createStrategy(strategy)->info().fencing);
    QVERIFY2(a.agrees(), qPrintable(a.differences.join(QStringLiteral("; "))));
    QCOMPARE(lockscope::test::childRedisServers(), 0);
}

void TestLiveScenarios::captionsFollowLiveEvents()
{
    // The failover's captions are said when the live events happen: the primary's death, the
    // promotion, B's acquisition on the new primary.
    LiveScenarioConfig live;
    live.scenario = builtin(QStringLiteral("failover"));
    live.strategyId = QStringLiteral("set-nx-px-lua");
    live.timeScale = liveScale(0.1);
    const LiveScenarioResult r = runLiveScenario(live);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.log);
    QList<qint64> captions;
    qint64 crashedAt = -1, failoverAt = -1;
    for (const Event &e : r.log->events()) {
        if (e.kind == EventKind::Caption)
            captions.append(e.value);
        if (e.kind == EventKind::NodeCrashed)
            crashedAt = e.timeUs;
        if (e.kind == EventKind::NodeFailover)
            failoverAt = e.timeUs;
    }
    QCOMPARE(captions, (QList<qint64>{0, 1, 2}));
    QVERIFY(crashedAt >= 0 && failoverAt > crashedAt);
    // On the scenario's clock: the fault is 100 ms of scenario time after the crash, give or
    // take the event loop's timer precision (a few ms of wall time, x10 at this scale).
    QVERIFY2(failoverAt - crashedAt >= 80'000 && failoverAt - crashedAt < 200'000,
             qPrintable(QString::number(failoverAt - crashedAt)));
    QCOMPARE(r.log->info().source, QStringLiteral("live"));
}

void TestLiveScenarios::cancelStopsEverything()
{
    std::atomic<bool> cancel{false};
    LiveScenarioConfig live;
    live.scenario = builtin(QStringLiteral("pause-after-acquire")); // 4 s at 0.1
    live.strategyId = QStringLiteral("set-nx-px-lua");
    live.timeScale = liveScale(0.1);
    live.cancel = &cancel;
    QTimer::singleShot(300, [&] { cancel = true; });
    QElapsedTimer wall;
    wall.start();
    const LiveScenarioResult r = runLiveScenario(live);
    QVERIFY(r.cancelled);
    QVERIFY(!r.ok);
    QVERIFY2(wall.elapsed() < scaledMs(1500), qPrintable(QString::number(wall.elapsed())));
    QCOMPARE(lockscope::test::childRedisServers(), 0);
}

void TestLiveScenarios::userServersRunClientFaults()
{
    // The user's own server: the pause between GET and DEL is the client's, so it runs, and the
    // mistaken deletion shows as in the simulation. The run's keys are gone afterwards.
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    LiveScenarioConfig live;
    live.scenario = builtin(QStringLiteral("pause-before-delete"));
    live.strategyId = QStringLiteral("set-nx-px-get-del");
    live.timeScale = liveScale(0.1);
    live.servers = {server.connectionOptions()};
    const LiveScenarioResult r = runLiveScenario(live);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY2(r.report.mistakenDeletions >= 1, "no mistaken deletion on the user's server");
    QVERIFY(r.report.violations >= 1);
    RedisTestClient client;
    QVERIFY2(client.connect(server.host(), server.port()), qPrintable(client.errorString()));
    QCOMPARE(client.command({"DBSIZE"}).integer(), 0LL);
}

void TestLiveScenarios::userServersRefuseServerFaults()
{
    const auto redlock = createStrategy(QStringLiteral("redlock"));
    for (const char *id : {"failover", "node-restart", "node-clock-jump"}) {
        const QString why = liveRefusal(builtin(QString::fromLatin1(id)), *redlock, true);
        QVERIFY2(why.contains(QLatin1String("does not crash, restart, fail over or move the "
                                            "clock")),
                 qPrintable(why));
    }
    QVERIFY(liveRefusal(builtin(QStringLiteral("failover")), *redlock, false).isEmpty());
    LiveScenarioConfig live;
    live.scenario = builtin(QStringLiteral("node-restart"));
    live.strategyId = QStringLiteral("redlock");
    live.servers = {ConnectionOptions()};
    const LiveScenarioResult r = runLiveScenario(live);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(QLatin1String("node_restart")), qPrintable(r.error));
}

void TestLiveScenarios::clockJumpMovesTheServerClock()
{
    // The library the runner preloads into a node moves that node's wall clock, and only its.
    RedisServer moved, still;
    QString why;
    QVERIFY2(moved.enableClockControl(&why), qPrintable(why));
    QVERIFY2(moved.start(), qPrintable(moved.errorString()));
    QVERIFY2(still.start(), qPrintable(still.errorString()));
    RedisTestClient a, b;
    QVERIFY(a.connect(moved.host(), moved.port()));
    QVERIFY(b.connect(still.host(), still.port()));
    QCOMPARE(a.command({"SET", "k", "v", "PX", "30000"}).text(), QByteArray("OK"));
    QCOMPARE(b.command({"SET", "k", "v", "PX", "30000"}).text(), QByteArray("OK"));
    QVERIFY2(moved.jumpClock(20000, &why), qPrintable(why));
    const qint64 left = a.command({"PTTL", "k"}).integer();
    QVERIFY2(left > 0 && left <= 10000, qPrintable(QString::number(left)));
    QVERIFY(b.command({"PTTL", "k"}).integer() > 29000);
    QVERIFY2(moved.jumpClock(15000, &why), qPrintable(why));
    QCOMPARE(a.command({"EXISTS", "k"}).integer(), 0LL); // expired by the jump
}

QTEST_GUILESS_MAIN(TestLiveScenarios)
#include "test_live_scenarios.moc"

void TestLiveScenarios::heldBackRequestIsOvertakenInBothWorlds()
{
    // delay_request (Explore's reordering): A's SET is held back longer than B's head start,
    // so B's reaches Redis first and B takes the lock, on a real server as in the simulator.
    // Without the fault A, who starts first, gets it: the fault is what changed the order.
    Scenario s;
    s.id = QStringLiteral("held-back");
    s.clientCount = 2;
    s.cycles = 1;
    s.ttlMs = 5000;
    s.holdMs = Distribution::fixed(50);
    s.startStaggerMs = 30;
    s.durationMs = 2000;
    FaultSpec hold;
    hold.action = FaultSpec::Action::DelayRequest;
    hold.client = QStringLiteral("A");
    hold.durationMs = 200;
    hold.trigger.client = QStringLiteral("A");
    hold.trigger.steps = {QStringLiteral("acquire.set")};
    hold.trigger.phase = QStringLiteral("before");

    SimulationConfig sim;
    sim.scenario = s;
    sim.strategyId = QStringLiteral("set-nx-px-lua");
    const SimulationResult plain = runSimulation(sim);
    QVERIFY2(plain.ok && plain.log, qPrintable(plain.error));
    QCOMPARE(firstAcquirer(*plain.log), 0);
    sim.scenario.faults = {hold};
    const SimulationResult simulated = runSimulation(sim);
    QVERIFY2(simulated.ok && simulated.log, qPrintable(simulated.error));
    QCOMPARE(firstAcquirer(*simulated.log), 1);
    QCOMPARE(simulated.report.violations, qint64(0));

    LiveScenarioConfig live;
    live.scenario = sim.scenario;
    live.strategyId = sim.strategyId;
    const LiveScenarioResult r = runLiveScenario(live);
    QVERIFY2(r.ok && r.log, qPrintable(r.error));
    QCOMPARE(firstAcquirer(*r.log), 1);
    QCOMPARE(r.report.violations, qint64(0));
    QCOMPARE(r.report.acquisitions, qint64(2));
}
