// The monitor page's history (MonitorHistory) follows a monitor log that keeps only a window of
// its events (HistoryWindow): its own copy and the timeline's run keep the same window, the
// newest events intact, however many more events than the window pass through.
#include "common/run_data.h"
#include "monitor/monitor_history.h"
#include "monitor/monitor_recorder.h"
#include "sim/scenario.h"

#include <QSignalSpy>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;

class TestMonitorHistory : public QObject {
    Q_OBJECT
private slots:
    void keepsTheMonitorsWindow();
    void redlockKeyHasAMajorityLane();
};

void TestMonitorHistory::keepsTheMonitorsWindow()
{
    constexpr qint64 start = 1700000000000000;
    EventLog log;
    HistoryWindow window;
    window.maxEvents = 2000;
    window.maxAgeMs = 0;
    MonitorRecorder rec(&log, true, window);
    const qint16 node = rec.node("127.0.0.1:6379");
    MonitorHistory history;
    history.follow(&log, start);
    int n = 0;
    for (int round = 0; round < 20; ++round) {
        // 1,000 cycles (4,000 events) between builds: each round drops a window's worth or
        // more, some of it before the history copied it.
        for (int i = 0; i < 1000; ++i, ++n) {
            const QByteArray key = "lock:" + QByteArray::number(n);
            const QByteArray token = "t" + QByteArray::number(n);
            const qint16 owner = rec.owner(token);
            const qint64 t = start + qint64(n) * 1000;
            rec.acquired(t, node, key, owner, token, 30000);
            rec.released(t + 500, node, key, owner);
        }
        QSignalSpy built(&history, &MonitorHistory::runChanged);
        history.refresh(true); // copies in slices of 2,000 events, then builds on a worker
        QVERIFY(built.wait(10000));
        const auto run = history.run();
        QVERIFY(run);
        const EventLog &shown = run->log();
        QVERIFY2(shown.events().size() <= std::size_t(window.maxEvents + window.maxEvents / 4),
                 qPrintable(QString::number(shown.events().size())));
        QCOMPARE(shown.events().size(), log.events().size());
        // The newest event is the last release, at its time counted from the session's start.
        QCOMPARE(shown.events().back().kind, EventKind::Released);
        QCOMPARE(shown.strings().at(shown.events().back().key),
                 "lock:" + QByteArray::number(n - 1));
        QCOMPARE(shown.events().back().timeUs, qint64(n - 1) * 1000 + 500);
        // Every event shown names the strings of the monitor's event (both logs let strings
        // go and reuse their ids; the history must not map an id to an old string).
        for (std::size_t i = 0; i < shown.events().size(); ++i) {
            const Event &a = shown.events()[i];
            const Event &b = log.events()[i];
            QCOMPARE(shown.strings().at(a.key), log.strings().at(b.key));
            QCOMPARE(shown.strings().at(a.text), log.strings().at(b.text));
        }
        // The strings of the copy are those of the window, not of the whole session.
        QVERIFY2(shown.strings().size() <= 2 * std::size_t(window.maxEvents),
                 qPrintable(QString::number(shown.strings().size())));
    }
    QVERIFY(log.droppedEvents() > 70000);
}

// A Redlock deployment of three nodes (the monitor notes each key's quorum): the key's lane of
// the majority comes first, above its three node lanes, and holds A from the instant A is on
// two nodes until the second of its copies is gone, with the lease of the second-longest copy.
// A single server's recording (no quorum note) has no such lane.
void TestMonitorHistory::redlockKeyHasAMajorityLane()
{
    constexpr qint64 s = 1'000'000;
    auto log = std::make_shared<EventLog>();
    log->info().source = QStringLiteral("monitor");
    MonitorRecorder rec(log.get());
    const qint16 n1 = rec.node("127.0.0.1:7621");
    const qint16 n2 = rec.node("127.0.0.1:7622");
    const qint16 n3 = rec.node("127.0.0.1:7623");
    const qint16 a = rec.owner("tokA");
    rec.acquired(10 * s, n1, "lock:a", a, "tokA", 10000);
    rec.acquired(10 * s + 1000, n2, "lock:a", a, "tokA", 8000); // the majority from here
    rec.acquired(10 * s + 2000, n3, "lock:a", a, "tokA", 6000);
    rec.note(10 * s + 3000, kNoClient, "lock:a", "quorum lock:a: tokA holds the majority");
    rec.lost(12 * s, n2, "lock:a", a, kLostWithRestart); // 2 of 3 left: still the majority
    rec.lost(13 * s, n3, "lock:a", a, kLostWithRestart); // 1 of 3: no majority
    const auto run = RunData::fromLog(log, Scenario{}, RunRequest{}, 20 * s);
    QVERIFY(run);
    const std::vector<KeyLane> &lanes = run->keyLanes();
    QCOMPARE(lanes.size(), std::size_t(4));
    QVERIFY(lanes[0].quorum);
    QCOMPARE(lanes[0].keyName, QStringLiteral("lock:a"));
    QVERIFY2(lanes[0].nodeName.contains(QStringLiteral("2 of 3")), qPrintable(lanes[0].nodeName));
    for (std::size_t i = 1; i < lanes.size(); ++i)
        QVERIFY(!lanes[i].quorum);
    // Held by A from the second copy to the loss of the third: the spans cover exactly that,
    // all A's, the first with the second-longest lease (8 s, less the 1 ms since it was set).
    const std::vector<KeySpan> &spans = lanes[0].spans;
    QVERIFY(!spans.empty());
    QCOMPARE(spans.front().startUs, 10 * s + 1000);
    QCOMPARE(spans.front().ttlMs, 8000);
    QCOMPARE(spans.back().endUs, 13 * s);
    // A's lane counts one lock, not its three copies, from its first copy to its last.
    const std::vector<PhaseSpan> &phases = run->clientLanes()[std::size_t(a)].phases;
    QCOMPARE(phases.size(), std::size_t(1));
    QCOMPARE(phases[0].keys, quint32(1));
    QCOMPARE(phases[0].startUs, 10 * s);
    for (std::size_t i = 0; i < spans.size(); ++i) {
        QCOMPARE(spans[i].owner, a);
        if (i > 0)
            QCOMPARE(spans[i].startUs, spans[i - 1].endUs); // no gap while A holds it
    }

    // The same without the quorum note: a single deployment's three servers, no majority lane.
    auto plain = std::make_shared<EventLog>();
    plain->info().source = QStringLiteral("monitor");
    MonitorRecorder rec2(plain.get());
    const qint16 m1 = rec2.node("127.0.0.1:7621");
    const qint16 m2 = rec2.node("127.0.0.1:7622");
    rec2.acquired(10 * s, m1, "lock:a", rec2.owner("tokA"), "tokA", 10000);
    rec2.acquired(10 * s, m2, "lock:b", rec2.owner("tokB"), "tokB", 10000);
    const auto run2 = RunData::fromLog(plain, Scenario{}, RunRequest{}, 20 * s);
    for (const KeyLane &lane : run2->keyLanes())
        QVERIFY(!lane.quorum);
}

QTEST_MAIN(TestMonitorHistory)
#include "test_monitor_history.moc"
