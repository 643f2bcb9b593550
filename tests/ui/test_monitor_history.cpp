// The monitor page's history (MonitorHistory) follows a monitor log that keeps only a window of
// its events (HistoryWindow): its own copy and the timeline's run keep the same window, the
// newest events intact, however many more events than the window pass through.
#include "common/run_data.h"
#include "monitor/monitor_history.h"
#include "monitor/monitor_recorder.h"

#include <QSignalSpy>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;

class TestMonitorHistory : public QObject {
    Q_OBJECT
private slots:
    void keepsTheMonitorsWindow();
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

QTEST_MAIN(TestMonitorHistory)
#include "test_monitor_history.moc"
