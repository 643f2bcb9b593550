// Long monitor sessions stay bounded: the structures that grow with the history are driven
// directly with far more events than their bound (no server, no timing), and their sizes, the
// newest history and what is said about the oldest are checked. tests/bench/bench_monitor_rss.sh
// measures the same under real churn.
#include "events/event_log.h"
#include "monitor/key_change_tracker.h"
#include "monitor/monitor_recorder.h"
#include "monitor/recording_writer.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lockscope;

namespace {

constexpr qint64 kStartUs = 1700000000000000; // wall-clock microseconds, as a monitor stamps

// One lock cycle as the monitor records it: acquired (KeyWritten + Acquired), then released
// (KeyDeleted + Released): four events. Key and token are new every cycle (lock:<n>).
void cycle(MonitorRecorder &rec, int n, qint64 t)
{
    const QByteArray key = "lock:" + QByteArray::number(n);
    const QByteArray token = "token-" + QByteArray::number(n);
    const qint16 owner = rec.owner(token);
    rec.acquired(t, 0, key, owner, token, 30000);
    rec.released(t + 1, 0, key, owner);
}

// Checks every event of `log` has the key its position says: cycle n's four events name
// lock:<n>, so the i-th event since the log began names lock:<i / 4>.
bool keysInOrder(const EventLog &log, quint64 firstNumber)
{
    for (std::size_t i = 0; i < log.events().size(); ++i) {
        const QByteArray want = "lock:" + QByteArray::number((firstNumber + i) / 4);
        if (log.strings().at(log.events()[i].key) != want)
            return false;
    }
    return true;
}

// A sink that reads each event's key while it is valid (as the CLI's printer does).
class KeyChecker final : public EventSink {
public:
    explicit KeyChecker(const EventLog &log)
        : m_log(log)
    {}
    void consume(const Event &e) override
    {
        if (m_log.strings().at(e.key) != "lock:" + QByteArray::number(m_seen / 4))
            ++m_wrong;
        ++m_seen;
    }
    qint64 seen() const { return m_seen; }
    qint64 wrong() const { return m_wrong; }

private:
    const EventLog &m_log;
    qint64 m_seen = 0;
    qint64 m_wrong = 0;
};

} // namespace

class TestMonitorBounds : public QObject {
    Q_OBJECT
private slots:
    void windowByCount();
    void windowByAge();
    void noEventsKeepsNoStrings();
    void recordingHoldsWhatMemoryDropped();
    void recordingWriteFailureIsSaid();
    void trackerForgetsDeletedKeys();
    void trackerFixedNamesStayFew();
};

void TestMonitorBounds::windowByCount()
{
    EventLog log;
    HistoryWindow window;
    window.maxEvents = 1000;
    window.maxAgeMs = 0; // by count only
    MonitorRecorder rec(&log, true, window);
    const int cycles = 50000; // 200,000 events, 200 times the bound
    qint64 maxEvents = 0, maxStrings = 0;
    for (int n = 0; n < cycles; ++n) {
        cycle(rec, n, kStartUs + qint64(n) * 1000);
        maxEvents = qMax<qint64>(maxEvents, qint64(log.events().size()));
        maxStrings = qMax<qint64>(maxStrings, qint64(log.strings().size()));
    }
    QCOMPARE(rec.eventCount(), qint64(cycles) * 4);
    // Never more than the bound and its slack (1/kSlack), never less than the bound after.
    constexpr qint64 most = 1000 + 1000 / qint64(MonitorRecorder::kSlack);
    QVERIFY2(maxEvents <= most, qPrintable(QString::number(maxEvents)));
    QVERIFY(log.events().size() >= 1000);
    // Strings: the keys and tokens of the events kept (two new strings a cycle), no more.
    QVERIFY2(maxStrings <= most / 2 + 10, qPrintable(QString::number(maxStrings)));
    // The newest history is intact and in order, the oldest counted as dropped.
    QCOMPARE(log.droppedEvents() + log.events().size(), quint64(rec.eventCount()));
    QVERIFY(keysInOrder(log, log.droppedEvents()));
    QCOMPARE(log.strings().at(log.events().back().key), QByteArray("lock:49999"));
    QCOMPARE(log.events().back().kind, EventKind::Released);
    QVERIFY(log.droppedUntilUs() > kStartUs);
    QVERIFY(log.droppedUntilUs() <= log.events().front().timeUs);
    // The owners stay bounded (qint16 indices): past 32,000 they share one name.
    QVERIFY(log.info().clients.size() <= 32001);
    QCOMPARE(log.clientName(log.events().back().client), QByteArray("(other owners)"));
}

void TestMonitorBounds::windowByAge()
{
    EventLog log;
    HistoryWindow window;
    window.maxEvents = 10000000;
    window.maxAgeMs = 1000; // the last second
    MonitorRecorder rec(&log, true, window);
    const int cycles = 20000; // a cycle a millisecond: 20 s
    for (int n = 0; n < cycles; ++n) {
        cycle(rec, n, kStartUs + qint64(n) * 1000);
        if (!log.events().empty()) {
            const qint64 age = log.events().back().timeUs - log.events().front().timeUs;
            QVERIFY2(age <= 1000 * 1000 + 1000 * 1000 / qint64(MonitorRecorder::kSlack),
                     qPrintable(QStringLiteral("cycle %1: %2 us").arg(n).arg(age)));
        }
    }
    QVERIFY(log.droppedEvents() > 0);
    QVERIFY(log.events().size() <= 4 * (1000 + 1000 / MonitorRecorder::kSlack) + 4);
    QVERIFY(log.events().size() >= 4 * 1000 - 4);
    QVERIFY(keysInOrder(log, log.droppedEvents()));
    QCOMPARE(log.strings().at(log.events().back().key), QByteArray("lock:19999"));
}

void TestMonitorBounds::noEventsKeepsNoStrings()
{
    // The CLI keeps no events (its sinks print and record them), but every key and token is
    // interned for the sinks to read: the pool is let go now and then.
    EventLog log;
    MonitorRecorder rec(&log, false);
    KeyChecker checker(log);
    rec.addSink(&checker);
    const int cycles = 100000; // 200,000 new strings, four times kMaxStringsWithoutEvents
    quint32 maxStrings = 0;
    for (int n = 0; n < cycles; ++n) {
        cycle(rec, n, kStartUs + n);
        maxStrings = qMax(maxStrings, log.strings().size());
    }
    QVERIFY(log.events().empty());
    QVERIFY2(maxStrings <= MonitorRecorder::kMaxStringsWithoutEvents + 4,
             qPrintable(QString::number(maxStrings)));
    QCOMPARE(checker.seen(), qint64(cycles) * 4);
    QCOMPARE(checker.wrong(), 0);
}

void TestMonitorBounds::recordingHoldsWhatMemoryDropped()
{
    // Memory keeps a window; the recording file keeps everything, from its first event, and
    // reads back (names of owners first met after the header included).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("session.jsonl"));
    EventLog log;
    HistoryWindow window;
    window.maxEvents = 500;
    window.maxAgeMs = 0;
    MonitorRecorder rec(&log, true, window);
    rec.node("127.0.0.1:6379");
    RecordingWriter writer(log);
    QString error;
    QVERIFY2(writer.open(path, &error), qPrintable(error));
    rec.addSink(&writer);
    const int cycles = 5000;
    for (int n = 0; n < cycles; ++n) {
        cycle(rec, n, kStartUs + qint64(n) * 1000);
        if (n == cycles / 2)
            QVERIFY(writer.flush()); // as the CLI's one-second timer does
    }
    QVERIFY(writer.flush());
    QVERIFY(log.droppedEvents() > 0);
    QVERIFY(log.events().size() <= 625);

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    EventLog read;
    QVERIFY2(EventLog::readJsonLines(file, &read, &error), qPrintable(error));
    QCOMPARE(qint64(read.events().size()), rec.eventCount());
    QCOMPARE(writer.eventsWritten(), rec.eventCount());
    QVERIFY(keysInOrder(read, 0));
    QCOMPARE(read.info().source, QStringLiteral("monitor"));
    QCOMPARE(read.nodeName(read.events().front().node), QByteArray("127.0.0.1:6379"));
    QCOMPARE(read.clientName(read.events().front().owner), QByteArray("token-0"));
    QCOMPARE(read.clientName(read.events().back().client), QByteArray("token-4999"));
    // What memory dropped is exactly the file's first events.
    QCOMPARE(read.events()[std::size_t(log.droppedEvents()) - 1].timeUs, log.droppedUntilUs());

    // A file without "names_as_seen" still refuses a name its header does not list.
    QByteArray strict = "{\"lockscope_log\":1,\"source\":\"monitor\",\"clients\":[],\"nodes\":[]}\n"
                        "{\"t_us\":1,\"kind\":\"acquired\",\"client\":\"x\",\"key\":\"k\"}\n";
    QBuffer buffer(&strict);
    QVERIFY(buffer.open(QIODevice::ReadOnly));
    EventLog refused;
    QVERIFY(!EventLog::readJsonLines(buffer, &refused, &error));
    QCOMPARE(error, QStringLiteral("line 2: unknown client"));
}

void TestMonitorBounds::recordingWriteFailureIsSaid()
{
    EventLog log;
    RecordingWriter writer(log);
    QString error;
    QVERIFY(!writer.open(QStringLiteral("/nonexistent-dir/x.jsonl"), &error));
    QVERIFY2(error.startsWith(
                 QStringLiteral("cannot write the recording to /nonexistent-dir/x.jsonl: ")),
             qPrintable(error));
    QVERIFY(!writer.isOpen());
}

void TestMonitorBounds::trackerForgetsDeletedKeys()
{
    // lock:<uuid> names: every key is new, set, read, then deleted (or expired). Nothing of a
    // key stays once it is gone and no read of it is in flight.
    KeyChangeTracker t;
    qsizetype most = 0;
    std::size_t observations = 0;
    for (int n = 0; n < 100000; ++n) {
        const QByteArray key = "lock:" + QByteArray::number(n);
        const qint64 at = qint64(n) * 10;
        QVERIFY(t.notify(key, "set", at));
        const quint64 r = t.readSent(key);
        KeySnapshot s;
        s.key = key;
        s.type = KeyType::String;
        s.pttlMs = 1000;
        s.string = "token";
        s.length = 5;
        s.readAtUs = at + 1;
        t.readDone(key, r, s);
        t.notify(key, n % 20 == 0 ? QByteArray("expired") : QByteArray("del"), at + 2);
        observations += t.take().size();
        most = qMax(most, t.trackedKeys());
    }
    QCOMPARE(observations, std::size_t(200000)); // each key: its value, then its end
    QCOMPARE(t.trackedKeys(), 0);
    QVERIFY2(most <= 1, qPrintable(QString::number(most)));
}

void TestMonitorBounds::trackerFixedNamesStayFew()
{
    // Fixed names (lock:0 .. lock:99) taken and released 100,000 times, with reads still in
    // flight when the delete comes: the state kept stays within the names.
    KeyChangeTracker t;
    for (int n = 0; n < 100000; ++n) {
        const QByteArray key = "lock:" + QByteArray::number(n % 100);
        const qint64 at = qint64(n) * 10;
        t.notify(key, "set", at);
        const quint64 r = t.readSent(key);
        t.notify(key, "del", at + 1); // before the read is back
        KeySnapshot s;
        s.key = key;
        s.type = KeyType::None;
        s.pttlMs = -2;
        s.readAtUs = at + 2;
        t.readDone(key, r, s);
        t.take();
        QVERIFY(t.trackedKeys() <= 100);
    }
    QCOMPARE(t.trackedKeys(), 0);
}

QTEST_GUILESS_MAIN(TestMonitorBounds)
#include "test_monitor_bounds.moc"
