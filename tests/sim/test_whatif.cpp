// What-if replay (sim/whatif.h, sim/recorded_workload.h) over recordings written by the
// monitor's own recorder at times chosen here, so the derived workload is checked against
// arithmetic on those times; then the derived scenario is run in the simulator and the holds of
// its log are compared with the recording's.
#include "live/live_scenario.h"
#include "lock/strategy_registry.h"
#include "monitor/monitor_recorder.h"
#include "sim/scenario_writer.h"
#include "sim/simulation.h"
#include "sim/whatif.h"

#include <QBuffer>
#include <QTest>

using namespace lockscope;

namespace {

constexpr qint64 kMs = 1000;      // microseconds
constexpr qint64 kS = 1000000;    // microseconds
constexpr qint64 kT0 = 1000 * kS; // the recording's first event (a wall clock's microseconds)

// Tokens as redis-py writes them (uuid1().hex): each acquisition is its own owner.
const QByteArray kTokA = "24507c32eaae11f18c2902fc00000001";
const QByteArray kTokB = "24507fdeeaae11f18c2902fc00000001";
const QByteArray kTokC = "24508092eaae11f18c2902fc00000001";
const QByteArray kTokD = "24508114eaae11f18c2902fc00000001";

// The recording, in ms after kT0:
//   lock:ready held from before the recording (tokReady)
//   A  orders:42    0 .. 800 released     ttl 1500
//   C  payments:7 200 .. 5200 expired     ttl 5000
//   B  orders:42 1000 .. 1500 released    ttl 1500
//   D  orders:42 3000 .. 3400 released    ttl 1500
void writeRecording(EventLog *log)
{
    MonitorRecorder rec(log);
    const qint16 node = rec.node("127.0.0.1:6379");
    const qint16 a = rec.owner(kTokA), b = rec.owner(kTokB), c = rec.owner(kTokC),
                 d = rec.owner(kTokD);
    // Held before the monitor looked: not an acquisition of the recording.
    rec.present(kT0, node, "lock:ready", rec.owner("tokReady"), "tokReady", 600000);
    rec.acquired(kT0, node, "orders:42", a, kTokA, 1500);
    rec.acquired(kT0 + 200 * kMs, node, "payments:7", c, kTokC, 5000);
    rec.released(kT0 + 800 * kMs, node, "orders:42", a);
    rec.acquired(kT0 + 1000 * kMs, node, "orders:42", b, kTokB, 1500);
    rec.released(kT0 + 1500 * kMs, node, "orders:42", b);
    rec.acquired(kT0 + 3000 * kMs, node, "orders:42", d, kTokD, 1500);
    rec.released(kT0 + 3400 * kMs, node, "orders:42", d);
    rec.expired(kT0 + 5200 * kMs, node, "payments:7", c);
}

// (owner, key) -> the holds' (start, length) in µs, in order.
using Holds = QMap<QPair<QByteArray, QByteArray>, QList<QPair<qint64, qint64>>>;
Holds holdsOf(const RecordedWorkload &w)
{
    Holds out;
    for (const RecordedHold &h : w.holds)
        out[{w.owners[h.owner], w.keys[h.key]}].append({h.atUs, h.holdUs});
    return out;
}

bool runScenario(const Scenario &s, const QString &strategy, SimulationResult *out)
{
    SimulationConfig config;
    config.scenario = s;
    config.strategyId = strategy;
    *out = runSimulation(config);
    return out->ok;
}

} // namespace

class TestWhatIf : public QObject {
    Q_OBJECT
private slots:
    void derivesTheRecordedWorkload();
    void windowKeepsTheAcquisitionsInside();
    void renewalCadence();
    void scenarioReplaysTheSchedule();
    void replayReproducesTheRecordedHolds();
    void longPauseIsUnsafeUnlessFenced();
    void anonymizeLeavesNoRecordedName();
    void impliedStrategyFollowsTheFormat();
    void faultSyntax_data();
    void faultSyntax();
    void faultThatCannotBePlaced();
    void everyFaultKindRuns();
    void scheduleRoundTripsAndIsChecked();
};

void TestWhatIf::derivesTheRecordedWorkload()
{
    EventLog log;
    writeRecording(&log);
    RecordedWorkload w;
    QString error;
    QVERIFY2(deriveWorkload(log, {}, &w, &error), qPrintable(error));
    QCOMPARE(w.keys, (QList<QByteArray>{"orders:42", "payments:7"}));
    QCOMPARE(w.owners, (QList<QByteArray>{kTokA, kTokC, kTokB, kTokD}));
    QCOMPARE(w.holds.size(), std::size_t(4));
    const Holds h = holdsOf(w);
    QCOMPARE(h.value({kTokA, "orders:42"}), (QList<QPair<qint64, qint64>>{{0, 800 * kMs}}));
    QCOMPARE(h.value({kTokC, "payments:7"}),
             (QList<QPair<qint64, qint64>>{{200 * kMs, 5000 * kMs}}));
    QCOMPARE(h.value({kTokB, "orders:42"}),
             (QList<QPair<qint64, qint64>>{{1000 * kMs, 500 * kMs}}));
    QCOMPARE(h.value({kTokD, "orders:42"}),
             (QList<QPair<qint64, qint64>>{{3000 * kMs, 400 * kMs}}));
    QCOMPARE(w.holdsEndedBy(RecordedHold::End::Released), 3);
    QCOMPARE(w.holdsEndedBy(RecordedHold::End::Expired), 1);
    QCOMPARE(w.commonTtlMs(), qint64(1500));
    QCOMPARE(w.longestHoldUs(), 5000 * kMs);
    // The lock format is read from the first acquisition's value, not from lock:ready's.
    QCOMPARE(w.firstKey, QByteArray("orders:42"));
    QCOMPARE(w.firstValue, kTokA);
}

void TestWhatIf::windowKeepsTheAcquisitionsInside()
{
    EventLog log;
    writeRecording(&log);
    RecordedWorkload w;
    QString error;
    // From 0.9 s to 2 s: only B's acquisition begins inside; times count from 0.9 s.
    QVERIFY2(deriveWorkload(log, {900 * kMs, 2 * kS}, &w, &error), qPrintable(error));
    QCOMPARE(w.holds.size(), std::size_t(1));
    QCOMPARE(w.owners, QList<QByteArray>{kTokB});
    QCOMPARE(w.holds[0].atUs, 100 * kMs);
    QCOMPARE(w.holds[0].holdUs, 500 * kMs);
    // A window past the end is an error that names the recording's length.
    QVERIFY(!deriveWorkload(log, {10 * kS, -1}, &w, &error));
    QVERIFY2(error.contains(QLatin1String("5.200")), qPrintable(error));
}

void TestWhatIf::renewalCadence()
{
    // A watchdog: a 3 s lease renewed at 1.0, 2.0 and 3.1 s, released at 3.5 s.
    EventLog log;
    MonitorRecorder rec(&log);
    const qint16 node = rec.node("127.0.0.1:6379");
    const qint16 e = rec.owner(kTokA);
    rec.acquired(kT0, node, "jobs:1", e, kTokA, 3000);
    for (const qint64 at : {1000 * kMs, 2000 * kMs, 3100 * kMs})
        rec.ttlChanged(kT0 + at, node, "jobs:1", e, 3000, true);
    rec.released(kT0 + 3500 * kMs, node, "jobs:1", e);
    RecordedWorkload w;
    QString error;
    QVERIFY2(deriveWorkload(log, {}, &w, &error), qPrintable(error));
    QCOMPARE(w.holds.size(), std::size_t(1));
    QCOMPARE(w.holds[0].renewals, 3);
    // Intervals of 1000 and 1100 ms: the median by nearest rank is the first.
    QCOMPARE(w.holds[0].renewEveryMs, qint64(1000));
    QCOMPARE(w.holds[0].holdUs, 3500 * kMs);
    QCOMPARE(w.renewals(), 3);
    QCOMPARE(impliedStrategy(w), QStringLiteral("watchdog"));
}

void TestWhatIf::scenarioReplaysTheSchedule()
{
    EventLog log;
    writeRecording(&log);
    RecordedWorkload w;
    QString error;
    QVERIFY(deriveWorkload(log, {}, &w, &error));
    Scenario s;
    QVERIFY2(whatIfScenario(w, {}, &s, nullptr, &error), qPrintable(error));
    QCOMPARE(s.keyNames, (QStringList{QStringLiteral("orders:42"), QStringLiteral("payments:7")}));
    QCOMPARE(s.keyCount, 2);
    QCOMPARE(s.ttlMs, qint64(1500));
    QCOMPARE(s.clients.size(), qsizetype(4));
    // Each lock command leaves one hop (latency_ms) early so that it reaches the node at the
    // recorded instant.
    const qint64 hop = qint64(s.latencyMs * 1000);
    QCOMPARE(s.clients[1].name, QString::fromLatin1(kTokC));
    QCOMPARE(s.clients[1].schedule.size(), qsizetype(1));
    QCOMPARE(s.clients[1].schedule[0].atUs, 200 * kMs - hop);
    QCOMPARE(s.clients[1].schedule[0].key, 1);
    QCOMPARE(s.clients[1].schedule[0].holdUs, 5000 * kMs);
    QCOMPARE(s.clients[1].schedule[0].ttlMs, qint64(5000));
    QCOMPARE(s.clients[0].schedule[0].ttlMs, qint64(-1)); // the scenario's 1500
    QCOMPARE(s.jitterMs, 0.0);
    // Long enough for the last hold (5.2 s), a lease (5 s) and a second.
    QCOMPARE(s.durationMs, qint64(5200 + 5000 + 1000));
    // Only the simulator follows a schedule: a live run says so rather than run something else.
    const QString why = liveRefusal(s, *createStrategy(QStringLiteral("set-nx-px-lua")), false);
    QVERIFY2(why.contains(QLatin1String("replays a recorded schedule")), qPrintable(why));
}

void TestWhatIf::replayReproducesTheRecordedHolds()
{
    EventLog log;
    writeRecording(&log);
    RecordedWorkload recorded;
    QString error;
    QVERIFY(deriveWorkload(log, {}, &recorded, &error));
    Scenario s;
    QVERIFY(whatIfScenario(recorded, {}, &s, nullptr, &error));
    const QString strategy = impliedStrategy(recorded);
    QCOMPARE(strategy, QStringLiteral("set-nx-px-lua"));

    // The scenario file, read back, is what runs.
    Scenario fromFile;
    QVERIFY2(parseScenario(scenarioToJson(s), QStringLiteral("whatif.json"), &fromFile, &error),
             qPrintable(error));
    SimulationResult r;
    QVERIFY2(runScenario(fromFile, strategy, &r), qPrintable(r.error));
    QVERIFY(r.report.safe());
    QCOMPARE(r.report.acquisitions, qint64(4));

    // The simulation's log, read by the same deriver: the same owners took the same keys, in
    // the same order, at the same instants and for as long. Tolerance 1 ms: the recording is
    // stamped when the monitor reads a change (about a millisecond after it with keyspace
    // notifications), so finer agreement would claim more than the recording knows. The
    // replay itself lands on the microsecond (one hop each way, no jitter), except an
    // acquisition at the window's very start: its command cannot leave before time 0, so it
    // reaches the node one hop (0.5 ms) late.
    RecordedWorkload replayed;
    QVERIFY2(deriveWorkload(*r.log, {}, &replayed, &error), qPrintable(error));
    const Holds want = holdsOf(recorded), got = holdsOf(replayed);
    QCOMPARE(got.keys(), want.keys());
    const qint64 firstSim = replayed.startUs; // the simulation starts at 0, its SET one hop on
    for (auto it = want.cbegin(); it != want.cend(); ++it) {
        const auto &g = got.value(it.key());
        QCOMPARE(g.size(), it.value().size());
        for (qsizetype i = 0; i < g.size(); ++i) {
            const qint64 atDiff = g[i].first + firstSim - it.value()[i].first;
            const qint64 holdDiff = g[i].second - it.value()[i].second;
            QVERIFY2(qAbs(atDiff) <= kMs && qAbs(holdDiff) <= kMs,
                     qPrintable(QStringLiteral("%1 on %2: start off by %3 us, hold by %4 us")
                                    .arg(QString::fromLatin1(it.key().first),
                                         QString::fromLatin1(it.key().second))
                                    .arg(atDiff)
                                    .arg(holdDiff)));
        }
    }
    // A replay is a pure function of its scenario: the same log twice.
    SimulationResult again;
    QVERIFY(runScenario(fromFile, strategy, &again));
    QBuffer one, two;
    one.open(QIODevice::WriteOnly);
    two.open(QIODevice::WriteOnly);
    r.log->writeJsonLines(one);
    again.log->writeJsonLines(two);
    QCOMPARE(one.data(), two.data());
}

void TestWhatIf::longPauseIsUnsafeUnlessFenced()
{
    // B holds orders:42 from 1.0 s (lease 1.5 s), C payments:7 since 0.2 s: the pause strikes
    // B, whose hold began last. Paused at 1.2 s for 10 s, its lease runs out
    // at 2.5 s and D takes the lock at 3.0 s; B wakes at 11.2 s and writes what it read before.
    EventLog log;
    writeRecording(&log);
    RecordedWorkload w;
    QString error;
    QVERIFY(deriveWorkload(log, {}, &w, &error));
    WhatIfOptions o;
    WhatIfFault pause;
    QVERIFY2(parseWhatIfFault(QStringLiteral("pause@1.2s+10s"), &pause, &error), qPrintable(error));
    o.faults = {pause};
    Scenario s;
    QList<PlacedFault> placed;
    QVERIFY2(whatIfScenario(w, o, &s, &placed, &error), qPrintable(error));
    QCOMPARE(placed.size(), qsizetype(1));
    QCOMPARE(placed[0].client, QString::fromLatin1(kTokB));
    QCOMPARE(placed[0].key, QStringLiteral("orders:42"));
    QCOMPARE(s.faults.size(), qsizetype(1));
    QCOMPARE(s.faults[0].trigger.atMs, qint64(1200));
    QCOMPARE(s.faults[0].durationMs, qint64(10000));

    const QList<WhatIfRun> runs =
        runWhatIf(s, {QStringLiteral("set-nx-px-lua"), QStringLiteral("fenced")});
    QCOMPARE(runs.size(), qsizetype(2));
    QVERIFY2(runs[0].ok, qPrintable(runs[0].error));
    QVERIFY2(runs[1].ok, qPrintable(runs[1].error));
    QCOMPARE(runs[0].verdict, CellVerdict::Unsafe);
    QVERIFY(runs[0].report.violations > 0);
    QCOMPARE(runs[0].report.lostUpdates, qint64(1)); // D's increment, overwritten by B's
    QCOMPARE(runs[1].report.lostUpdates, qint64(0));
    QVERIFY(runs[1].report.staleWritesRejected >= 1); // B's write, refused by its old token
    QVERIFY(runs[0].expiries >= 1);
    // Without the pause, neither strategy finds anything.
    s.faults.clear();
    for (const WhatIfRun &r :
         runWhatIf(s, {QStringLiteral("set-nx-px-lua"), QStringLiteral("fenced")})) {
        QVERIFY(r.ok);
        QCOMPARE(r.verdict, CellVerdict::Safe);
    }
}

void TestWhatIf::anonymizeLeavesNoRecordedName()
{
    EventLog log;
    writeRecording(&log);
    RecordedWorkload w;
    QString error;
    QVERIFY(deriveWorkload(log, {}, &w, &error));
    WhatIfOptions o;
    o.anonymize = true;
    o.origin = QStringLiteral("/var/tmp/orders-incident.jsonl");
    WhatIfFault pause;
    QVERIFY(parseWhatIfFault(QStringLiteral("pause@1.2s+10s"), &pause, &error));
    o.faults = {pause};
    Scenario s;
    QList<PlacedFault> placed;
    QVERIFY2(whatIfScenario(w, o, &s, &placed, &error), qPrintable(error));
    const QByteArray file = scenarioToJson(s);
    for (const QByteArray &secret : {QByteArray("orders:42"), QByteArray("payments:7"),
                                     QByteArray("orders-incident"), kTokA, kTokB, kTokC, kTokD})
        QVERIFY2(!file.contains(secret), secret.constData());
    QVERIFY(file.contains("\"key-1\""));
    QVERIFY(file.contains("\"owner-3\"")); // B, the third owner seen
    QCOMPARE(placed[0].client, QStringLiteral("owner-3"));
    QCOMPARE(placed[0].key, QStringLiteral("key-1"));
    Scenario back;
    QVERIFY2(parseScenario(file, QStringLiteral("anon.json"), &back, &error), qPrintable(error));
}

void TestWhatIf::impliedStrategyFollowsTheFormat()
{
    RecordedWorkload w;
    w.firstKey = "orders:42";
    w.firstValue = kTokA;
    QByteArray format;
    QCOMPARE(impliedStrategy(w, &format), QStringLiteral("set-nx-px-lua"));
    QCOMPARE(format, QByteArray("redis-py"));
    // A Redisson RLock, as the recording writes a hash: "field=value".
    w.firstValue = "8743c9c0-0795-4907-87fd-6c719a6b4586:1=1";
    QCOMPARE(impliedStrategy(w, &format), QStringLiteral("reentrant-hash"));
    QCOMPARE(format, QByteArray("redisson-lock"));
    // ... renewed by its watchdog.
    RecordedHold renewed;
    renewed.renewals = 3;
    w.holds.push_back(renewed);
    QCOMPARE(impliedStrategy(w), QStringLiteral("watchdog"));
    // A LockScope fencing counter beside the lock.
    w.fencingCounterSeen = true;
    QCOMPARE(impliedStrategy(w), QStringLiteral("fenced"));
}

void TestWhatIf::faultSyntax_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("errorPart"); // what the error must name
    QTest::addColumn<qint64>("atUs");
    QTest::addColumn<qint64>("amountUs");
    QTest::newRow("pause") << "pause@12.5s+40s" << true << "" << 12500 * kMs << 40 * kS;
    QTest::newRow("pause ms, client")
        << "pause:owner-2@800ms+2m" << true << "" << 800 * kMs << 120 * kS;
    QTest::newRow("failover") << "failover@10" << true << "" << 10 * kS << qint64(0);
    QTest::newRow("restart") << "restart@10s+2s" << true << "" << 10 * kS << 2 * kS;
    QTest::newRow("clock back") << "clock-jump@10s-2s" << true << "" << 10 * kS << -2 * kS;
    QTest::newRow("lose-reply") << "lose-reply@.5s" << true << "" << 500 * kMs << qint64(0);
    QTest::newRow("no @") << "pause" << false << "KIND[:CLIENT]@TIME" << qint64(0) << qint64(0);
    QTest::newRow("unknown kind") << "explode@1s" << false << "\"explode\"" << qint64(0)
                                  << qint64(0);
    QTest::newRow("bad time") << "pause@abc+1s" << false << "\"abc\" is not a time" << qint64(0)
                              << qint64(0);
    QTest::newRow("bad amount") << "pause@1s+1x" << false << "\"1x\"" << qint64(0) << qint64(0);
    QTest::newRow("pause without length")
        << "pause@1s" << false << "needs its length" << qint64(0) << qint64(0);
    QTest::newRow("failover with length")
        << "failover@1s+2s" << false << "has no length" << qint64(0) << qint64(0);
    QTest::newRow("pause back") << "pause@1s-2s" << false << "only a clock-jump" << qint64(0)
                                << qint64(0);
    QTest::newRow("empty client") << "pause:@1s+2s" << false << "empty" << qint64(0) << qint64(0);
    QTest::newRow("server fault with client")
        << "restart:A@1s" << false << "names no client" << qint64(0) << qint64(0);
}

void TestWhatIf::faultSyntax()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(QString, errorPart);
    QFETCH(qint64, atUs);
    QFETCH(qint64, amountUs);
    WhatIfFault f;
    QString error;
    QCOMPARE(parseWhatIfFault(text, &f, &error), ok);
    if (!ok) {
        QVERIFY2(error.contains(errorPart), qPrintable(error));
        QVERIFY2(error.contains(text), qPrintable(error)); // names what was given
        QVERIFY(!error.contains(QLatin1Char('\n')));       // one line
        return;
    }
    QCOMPARE(f.atUs, atUs);
    QCOMPARE(f.amountUs, amountUs);
}

void TestWhatIf::faultThatCannotBePlaced()
{
    EventLog log;
    writeRecording(&log);
    RecordedWorkload w;
    QString error;
    QVERIFY(deriveWorkload(log, {}, &w, &error));
    auto placeFails = [&](const QString &text, const QString &part) {
        WhatIfOptions o;
        WhatIfFault f;
        if (!parseWhatIfFault(text, &f, &error))
            return false;
        o.faults = {f};
        Scenario s;
        if (whatIfScenario(w, o, &s, nullptr, &error))
            return false;
        return error.contains(part) && error.contains(text);
    };
    QVERIFY2(placeFails(QStringLiteral("pause@60s+1s"), QStringLiteral("outside")),
             qPrintable(error));
    // Without C's long hold of payments:7, nobody holds a lock between 1.5 s and 3.0 s.
    const RecordedWorkload full = w;
    w.holds.erase(w.holds.begin() + 1);
    QCOMPARE(w.owners[w.holds[1].owner], kTokB);
    QVERIFY2(placeFails(QStringLiteral("pause@2s+1s"), QStringLiteral("nobody holds")),
             qPrintable(error));
    w = full;
    QVERIFY2(placeFails(QStringLiteral("pause:nobody@1s+1s"), QStringLiteral("no client named")),
             qPrintable(error));
    QVERIFY2(placeFails(QStringLiteral("lose-reply@3.5s"), QStringLiteral("no acquisition")),
             qPrintable(error));
    // A failover gives the replay a replica.
    WhatIfOptions o;
    WhatIfFault f;
    QVERIFY(parseWhatIfFault(QStringLiteral("failover@1s"), &f, &error));
    o.faults = {f};
    Scenario s;
    QVERIFY2(whatIfScenario(w, o, &s, nullptr, &error), qPrintable(error));
    QCOMPARE(s.replicas, 1);
    QCOMPARE(s.faults[0].action, FaultSpec::Action::Failover);
    Scenario back;
    QVERIFY2(parseScenario(scenarioToJson(s), QStringLiteral("f.json"), &back, &error),
             qPrintable(error));
}

// Each kind of fault lands where the instant says and every strategy runs the replay to its end.
void TestWhatIf::everyFaultKindRuns()
{
    EventLog log;
    writeRecording(&log);
    RecordedWorkload w;
    QString error;
    QVERIFY(deriveWorkload(log, {}, &w, &error));
    const QList<QPair<QString, FaultSpec::Action>> kinds = {
        {QStringLiteral("lose-reply@0.9s"), FaultSpec::Action::LoseReply},
        {QStringLiteral("failover@1.2s"), FaultSpec::Action::Failover},
        {QStringLiteral("restart@1.2s+0.5s"), FaultSpec::Action::NodeRestart},
        {QStringLiteral("clock-jump@1.2s+2s"), FaultSpec::Action::ClockJump},
    };
    for (const auto &[text, action] : kinds) {
        WhatIfOptions o;
        WhatIfFault f;
        QVERIFY2(parseWhatIfFault(text, &f, &error), qPrintable(error));
        o.faults = {f};
        Scenario s;
        QList<PlacedFault> placed;
        QVERIFY2(whatIfScenario(w, o, &s, &placed, &error), qPrintable(error));
        QCOMPARE(s.faults.size(), qsizetype(1));
        QCOMPARE(s.faults[0].action, action);
        if (action == FaultSpec::Action::LoseReply) {
            // The next acquisition from 0.9 s on is B's at 1.0 s: armed just before it leaves.
            QCOMPARE(placed[0].client, QString::fromLatin1(kTokB));
            QCOMPARE(s.faults[0].trigger.atMs, (1000 * kMs - qint64(s.latencyMs * 1000)) / kMs);
        } else {
            QVERIFY(placed[0].client.isEmpty());
            QCOMPARE(s.faults[0].trigger.atMs, qint64(1200));
        }
        if (action == FaultSpec::Action::ClockJump)
            QCOMPARE(s.faults[0].jumpMs, qint64(2000));
        if (action == FaultSpec::Action::NodeRestart)
            QCOMPARE(s.faults[0].durationMs, qint64(500));
        for (const WhatIfRun &r : runWhatIf(s, strategyIds()))
            QVERIFY2(r.ok,
                     qPrintable(QStringLiteral("%1 under %2: %3").arg(text, r.strategy, r.error)));
    }
}

void TestWhatIf::scheduleRoundTripsAndIsChecked()
{
    Scenario s;
    s.id = QStringLiteral("t");
    s.keyNames = {QStringLiteral("a"), QStringLiteral("b")};
    s.keyCount = 2;
    ClientSpec c;
    c.name = QStringLiteral("X");
    c.schedule = {{1234, 1, 5678, -1}, {90000001, 0, 1, 2500}};
    s.clients = {c};
    s.clientCount = 1;
    s.startStaggerMs = 0;
    const QByteArray json = scenarioToJson(s);
    Scenario back;
    QString error;
    QVERIFY2(parseScenario(json, QStringLiteral("t.json"), &back, &error), qPrintable(error));
    QCOMPARE(back.keyNames, s.keyNames);
    QCOMPARE(back.keyCount, 2);
    QCOMPARE(back.clients.size(), qsizetype(1));
    const auto &sch = back.clients[0].schedule;
    QCOMPARE(sch.size(), qsizetype(2));
    QCOMPARE(sch[0].atUs, qint64(1234));
    QCOMPARE(sch[0].key, 1);
    QCOMPARE(sch[0].holdUs, qint64(5678));
    QCOMPARE(sch[0].ttlMs, qint64(-1));
    QCOMPARE(sch[1].atUs, qint64(90000001));
    QCOMPARE(sch[1].ttlMs, qint64(2500));
    QCOMPARE(scenarioToJson(back), json);

    // A key outside key_names, a "keys" that disagrees, a name given twice: one error each.
    const auto fails = [&](const char *text, const char *part) {
        Scenario out;
        QString why;
        return !parseScenario(text, QStringLiteral("x.json"), &out, &why) &&
               why.contains(QLatin1String(part));
    };
    QVERIFY(fails(R"({"id": "x", "key_names": ["a"], "client_list": [{"name": "A",
                  "schedule": [{"at_ms": 1, "key": 1, "hold_ms": 2}]}]})",
                  "client_list[0].schedule[0].key: 1 is out of range (0..0)"));
    QVERIFY(fails(R"({"id": "x", "keys": 3, "key_names": ["a", "b"]})",
                  "is 3, but key_names names 2 keys"));
    QVERIFY(fails(R"({"id": "x", "key_names": ["a", "a"]})", "names \"a\" twice"));
    QVERIFY(fails(R"({"id": "x", "client_list": [{"name": "A",
                  "schedule": [{"at_ms": -1, "key": 0, "hold_ms": 2}]}]})",
                  "at_ms: must be a number of milliseconds"));
}

QTEST_GUILESS_MAIN(TestWhatIf)
#include "test_whatif.moc"
