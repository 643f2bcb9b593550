// The event log: interned strings, and the JSON Lines format that the CLI writes and the window
// and the checker read back.
#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include "events/event_log.h"

#include <limits>
#include <memory>

using namespace lockscope;

namespace {

QByteArray toJsonLines(const EventLog &log)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    log.writeJsonLines(buffer);
    return bytes;
}

bool fromJsonLines(const QByteArray &bytes, EventLog *log, QString *error)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    return EventLog::readJsonLines(buffer, log, error);
}

// One event of every kind, with every field varied: clients, no client, nodes, the resource,
// owners, keys and texts with characters JSON must escape, negative and large values.
EventLog logWithEveryKind()
{
    EventLog log;
    auto &info = log.info();
    info.source = QStringLiteral("simulation");
    info.scenario = QStringLiteral("pause-after-acquire");
    info.strategy = QStringLiteral("set-nx-px-del");
    info.seed = std::numeric_limits<quint64>::max(); // needs all 64 bits
    info.clients = {"A", "B", "c3"};
    info.nodes = {"redis-1", "redis-2"};
    info.ttlMs = 30000;

    const QList<QByteArray> texts = {
        QByteArray(),
        "SET lock:0 tok-1 NX PX 30000",
        "say \"hi\" \\ back",
        "line one\nline two\ttab\x01\x1f",
        "\xe9\x94\x81 (lock in Chinese) \xe2\x80\x94 UTF-8",
        "+OK",
    };
    const qint16 nodes[] = {kNoNode, 0, 1, kResourceNode};
    const qint64 values[] = {0, -1, 1234567, qint64(1) << 40, -(qint64(1) << 35), 1};
    const int kinds = int(kLastEventKind) + 1;
    for (int i = 0; i < kinds; ++i) {
        Event e;
        e.timeUs = qint64(i) * 1000003 + 7;
        e.kind = EventKind(i);
        e.client = i % 4 == 3 ? kNoClient : qint16(i % 3);
        e.node = nodes[i % 4];
        e.owner = i % 5 == 0 ? kNoClient : qint16((i + 1) % 3);
        e.key = i % 6 == 5 ? 0 : log.strings().intern("lock:" + QByteArray::number(i % 4));
        e.text = log.strings().intern(texts[i % texts.size()]);
        e.value = values[i % 6];
        log.consume(e);
    }
    return log;
}

} // namespace

class TestEventLog : public QObject {
    Q_OBJECT

private slots:
    void stringPool();
    void stringPoolUnderChurn();
    void dropOldestReleasesOnlyUnusedStrings();
    void kindIds();
    void eventJsonFormat();
    void headerLine();
    void roundTripEveryKind();
    void readIgnoresBlankLines();
    void malformed_data();
    void malformed();
    void lastLineCutShort();
    void streamedNames();
    void names();
    void fanout();
};

void TestEventLog::stringPool()
{
    StringPool pool;
    QCOMPARE(pool.size(), quint32(1));
    QCOMPARE(pool.intern(QByteArray()), quint32(0));
    QCOMPARE(pool.intern(QByteArrayLiteral("")), quint32(0));
    QVERIFY(pool.at(0).isEmpty());
    QCOMPARE(pool.intern(QByteArrayLiteral("lock:0")), quint32(1));
    QCOMPARE(pool.intern(QByteArrayLiteral("A")), quint32(2));
    QCOMPARE(pool.intern(QByteArrayLiteral("lock:0")), quint32(1)); // stable
    const QByteArray withNul("a\0b", 3);
    QCOMPARE(pool.intern(withNul), quint32(3)); // not cut at the NUL
    QCOMPARE(pool.intern(QByteArrayLiteral("a")), quint32(4));
    QCOMPARE(pool.size(), quint32(5));
    QCOMPARE(pool.at(1), QByteArrayLiteral("lock:0"));
    QCOMPARE(pool.at(2), QByteArrayLiteral("A"));
    QCOMPARE(pool.at(3), withNul);
    QCOMPARE(pool.intern(QByteArrayLiteral("A")), quint32(2));
    QCOMPARE(pool.size(), quint32(5));
}

// Strings come and go, all with the same first bytes: first at most eleven at a time in the
// smallest table (16 slots, so that runs of slots wrap around its end all the time), then
// thousands in a table that keeps growing and stays up to two-thirds full. After every step of
// the first part and often in the second, the pool finds exactly the live strings under their
// ids, finds none of the released ones, and gives released ids out again, the oldest release
// first. What a QHash remembers of the same steps is the referee.
void TestEventLog::stringPoolUnderChurn()
{
    StringPool pool;
    QHash<QByteArray, quint32> live;
    std::vector<QByteArray> liveInOrder; // to pick one to release the same way every run
    std::vector<quint32> released;       // ids released, oldest first
    std::size_t reusedUpTo = 0;
    quint64 state = 77;
    auto next = [&state](quint64 bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33) % bound;
    };
    struct Part {
        qsizetype maxLive;
        int steps;
        int checkEvery;
    };
    for (const Part part : {Part{11, 20000, 1}, Part{2800, 40000, 97}}) {
        for (int step = 0; step < part.steps; ++step) {
            if (live.size() < part.maxLive && next(3) != 0) {
                const QByteArray s = "lock:orders:" + QByteArray::number(next(1000000));
                const bool known = live.contains(s);
                const quint32 id = pool.intern(s);
                if (known) {
                    QCOMPARE(id, live.value(s));
                } else {
                    if (reusedUpTo < released.size())
                        QCOMPARE(id, released[reusedUpTo++]); // a released id first, in order
                    else
                        QCOMPARE(id, pool.size() - 1); // else a new one
                    live.insert(s, id);
                    liveInOrder.push_back(s);
                }
            } else if (!liveInOrder.empty()) {
                const std::size_t at = std::size_t(next(liveInOrder.size()));
                const QByteArray s = liveInOrder[at];
                liveInOrder[at] = liveInOrder.back();
                liveInOrder.pop_back();
                const quint32 id = live.take(s);
                pool.release(id);
                released.push_back(id);
                QVERIFY(!pool.isLive(id));
                QCOMPARE(pool.find(s), quint32(0));
            }
            if (step % part.checkEvery == 0 || step == part.steps - 1) {
                QCOMPARE(pool.liveCount(), quint32(live.size()) + 1);
                for (auto it = live.cbegin(); it != live.cend(); ++it) {
                    QCOMPARE(pool.find(it.key()), it.value());
                    QCOMPARE(pool.at(it.value()), it.key());
                }
            }
        }
    }
    QVERIFY(live.size() > 2000); // the table grew several times
    QVERIFY(released.size() > 5000);
    QCOMPARE(pool.find(QByteArray()), quint32(0));

    // A copy (the monitor's history copies its pool) finds the same, and goes its own way.
    StringPool copy = pool;
    const QByteArray fresh("lock:orders:not-yet");
    QCOMPARE(pool.find(fresh), quint32(0));
    const quint32 freshId = copy.intern(fresh);
    QCOMPARE(copy.find(fresh), freshId);
    QCOMPARE(pool.find(fresh), quint32(0));
    for (auto it = live.cbegin(); it != live.cend(); ++it) {
        QCOMPARE(copy.find(it.key()), it.value());
        copy.release(it.value());
        QCOMPARE(pool.find(it.key()), it.value());
    }
    QCOMPARE(copy.liveCount(), quint32(2)); // the empty string and the fresh one
}

// A log that keeps a window of its history (as the monitor's does) is dropped from many times,
// with keys that come back and tokens that do not. After every drop, each kept event still
// names its own strings, the pool holds exactly the kept events' strings, the JSON Lines are
// those of a log made afresh from the kept events, and the pool's size never exceeds the most
// strings in use at once. A copy made earlier (sharing the pool) keeps its strings.
void TestEventLog::dropOldestReleasesOnlyUnusedStrings()
{
    EventLog log;
    log.info().source = QStringLiteral("monitor");
    log.info().nodes = {"127.0.0.1:6379"};
    std::vector<std::pair<QByteArray, QByteArray>> expected; // key, text of each kept event
    quint32 peakInUse = 1;
    quint64 state = 12345;
    auto next = [&state](quint64 bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33) % bound;
    };
    auto inUse = [&expected] {
        QSet<QByteArray> distinct;
        for (const auto &[key, text] : expected) {
            if (!key.isEmpty())
                distinct.insert(key);
            if (!text.isEmpty())
                distinct.insert(text);
        }
        return quint32(distinct.size()) + 1; // and the empty string
    };
    int sharedDrops = 0, releasingDrops = 0;
    quint64 consumed = 0;
    for (int round = 0; round < 300; ++round) {
        const int add = int(next(400));
        for (int i = 0; i < add; ++i) {
            Event e;
            e.timeUs = qint64(round) * 1000 + i;
            e.kind = EventKind::KeyWritten;
            e.node = 0;
            const QByteArray key = "lock:" + QByteArray::number(next(150));
            // Most texts are new tokens; some repeat, some are empty.
            const quint64 pick = next(10);
            const QByteArray text =
                pick == 0   ? QByteArray()
                : pick == 1 ? QByteArray("same value")
                            : "token-" + QByteArray::number(round) + "-" + QByteArray::number(i);
            e.key = log.strings().intern(key);
            e.text = log.strings().intern(text);
            log.consume(e);
            ++consumed;
            expected.emplace_back(key, text);
        }
        // Strings interned and never used by an event go at the next drop too.
        log.strings().intern("unused-" + QByteArray::number(round));
        peakInUse = qMax(peakInUse, inUse() + 1);
        QCOMPARE(log.strings().liveCount(), inUse() + 1);

        std::unique_ptr<EventLog> earlier;
        if (round % 7 == 3) {
            // A copy of the log as it is now, sharing its pool, as a reader would hold it.
            earlier = std::make_unique<EventLog>(log.sharedStrings());
            earlier->info() = log.info();
            for (const Event &e : log.events())
                earlier->consume(e);
        }
        const QByteArray copyBefore = earlier ? toJsonLines(*earlier) : QByteArray();
        // Mostly a few events at a time, as a monitor's window drops them (the log keeps the
        // dropped ones' room until it is as long as what is kept); now and then up to all.
        const std::uint64_t upTo =
            round % 4 == 0 ? expected.size() : qMin<std::size_t>(expected.size(), 60);
        const std::size_t drop = std::size_t(next(upTo + 1));
        std::vector<Event> keptBefore(log.events().begin() + std::ptrdiff_t(drop),
                                      log.events().end());
        const quint64 generation = log.stringsGeneration();
        const quint32 liveBefore = log.strings().liveCount();
        log.dropOldest(drop);
        expected.erase(expected.begin(), expected.begin() + std::ptrdiff_t(drop));

        QCOMPARE(log.events().size(), expected.size());
        QCOMPARE(log.droppedEvents() + log.events().size(), consumed);
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(log.strings().at(log.events()[i].key), expected[i].first);
            QCOMPARE(log.strings().at(log.events()[i].text), expected[i].second);
        }
        QCOMPARE(log.strings().liveCount(), inUse());
        QVERIFY2(log.strings().size() <= peakInUse,
                 qPrintable(QStringLiteral("%1 > %2").arg(log.strings().size()).arg(peakInUse)));
        if (earlier) {
            // The copy's pool was not touched; the log moved to a new one.
            ++sharedDrops;
            QCOMPARE(toJsonLines(*earlier), copyBefore);
            QVERIFY(log.stringsGeneration() != generation);
        } else if (log.strings().liveCount() != liveBefore) {
            // Strings were released (their ids may come back for new strings): said so, and
            // the events kept kept their ids.
            ++releasingDrops;
            QVERIFY(log.stringsGeneration() != generation);
            QCOMPARE(log.events().size(), keptBefore.size());
            for (std::size_t i = 0; i < keptBefore.size(); ++i) {
                QCOMPARE(log.events()[i].key, keptBefore[i].key);
                QCOMPARE(log.events()[i].text, keptBefore[i].text);
            }
        }
        // The same JSON Lines as a log made afresh from what is kept.
        EventLog fresh;
        fresh.info() = log.info();
        for (std::size_t i = 0; i < expected.size(); ++i) {
            Event e = log.events()[i];
            e.key = fresh.strings().intern(expected[i].first);
            e.text = fresh.strings().intern(expected[i].second);
            fresh.consume(e);
        }
        QCOMPARE(toJsonLines(log), toJsonLines(fresh));
    }
    QVERIFY(sharedDrops > 10);
    QVERIFY(releasingDrops > 100);
    QVERIFY(log.droppedEvents() > 20000);
}

void TestEventLog::kindIds()
{
    QCOMPARE(QByteArray(eventKindId(EventKind::CommandSent)), QByteArrayLiteral("command_sent"));
    QCOMPARE(QByteArray(eventKindId(EventKind::KeyDeleted)), QByteArrayLiteral("key_deleted"));
    QCOMPARE(QByteArray(eventKindId(EventKind::FaultNote)), QByteArrayLiteral("fault"));
    QCOMPARE(QByteArray(eventKindId(EventKind::Caption)), QByteArrayLiteral("caption"));
    QCOMPARE(QByteArray(eventKindId(EventKind::GapStarted)), QByteArrayLiteral("gap_started"));
    QCOMPARE(QByteArray(eventKindId(EventKind::GapEnded)), QByteArrayLiteral("gap_ended"));
    // Every id parses back to its kind, and the ids are distinct.
    QSet<QByteArray> seen;
    for (int i = 0; i <= int(kLastEventKind); ++i) {
        EventKind parsed = EventKind::Note;
        QVERIFY(parseEventKind(eventKindId(EventKind(i)), &parsed));
        QCOMPARE(int(parsed), i);
        seen.insert(QByteArray(eventKindId(EventKind(i))));
    }
    QCOMPARE(seen.size(), qsizetype(int(kLastEventKind) + 1));
    EventKind untouched = EventKind::Healed;
    QVERIFY(!parseEventKind("explode", &untouched));
    QVERIFY(!parseEventKind("", &untouched));
    QCOMPARE(untouched, EventKind::Healed);
}

void TestEventLog::eventJsonFormat()
{
    EventLog log;
    log.info().clients = {"A", "B"};
    log.info().nodes = {"redis-1"};
    Event del;
    del.timeUs = 1500;
    del.kind = EventKind::KeyDeleted;
    del.client = 1;
    del.node = 0;
    del.owner = 0;
    del.key = log.strings().intern("lock:0");
    QCOMPARE(log.eventToJson(del),
             QByteArrayLiteral(R"({"t_us":1500,"kind":"key_deleted","client":"B","node":"redis-1",)"
                               R"("owner":"A","key":"lock:0"})"));

    Event write;
    write.timeUs = 0;
    write.kind = EventKind::ResourceWrite;
    write.client = 0;
    write.node = kResourceNode;
    write.key = log.strings().intern("counter:lock:0");
    write.text = log.strings().intern("say \"hi\" \\\n\t\x01");
    write.value = -42;
    // (Escaped the ordinary way: moc's tokenizer misreads backslashes in raw strings.)
    const QByteArray expected = "{\"t_us\":0,\"kind\":\"resource_write\",\"client\":\"A\","
                                "\"node\":\"resource\",\"key\":\"counter:lock:0\","
                                "\"text\":\"say \\\"hi\\\" \\\\\\u000a\\u0009\\u0001\","
                                "\"value\":-42}";
    QCOMPARE(log.eventToJson(write), expected);

    // Default fields are left out.
    Event bare;
    bare.timeUs = 9;
    bare.kind = EventKind::Caption;
    QCOMPARE(log.eventToJson(bare), QByteArrayLiteral(R"({"t_us":9,"kind":"caption"})"));
}

void TestEventLog::headerLine()
{
    const EventLog log = logWithEveryKind();
    const QByteArray bytes = toJsonLines(log);
    const QByteArray first = bytes.left(bytes.indexOf('\n'));
    QJsonParseError perr;
    const auto header = QJsonDocument::fromJson(first, &perr).object();
    QCOMPARE(perr.error, QJsonParseError::NoError);
    QCOMPARE(header.value(QStringLiteral("lockscope_log")).toInt(), 1);
    QCOMPARE(header.value(QStringLiteral("source")).toString(), QStringLiteral("simulation"));
    QCOMPARE(header.value(QStringLiteral("scenario")).toString(),
             QStringLiteral("pause-after-acquire"));
    QCOMPARE(header.value(QStringLiteral("strategy")).toString(), QStringLiteral("set-nx-px-del"));
    QCOMPARE(header.value(QStringLiteral("seed")).toString(),
             QStringLiteral("18446744073709551615"));
    QCOMPARE(header.value(QStringLiteral("ttl_ms")).toInteger(), qint64(30000));
    QCOMPARE(header.value(QStringLiteral("clients")).toArray(),
             (QJsonArray{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("c3")}));
    QCOMPARE(header.value(QStringLiteral("nodes")).toArray(),
             (QJsonArray{QStringLiteral("redis-1"), QStringLiteral("redis-2")}));
    // One line per event after the header, each ending in a newline.
    QVERIFY(bytes.endsWith('\n'));
    QCOMPARE(bytes.count('\n'), qsizetype(log.events().size()) + 1);
}

void TestEventLog::roundTripEveryKind()
{
    const EventLog log = logWithEveryKind();
    QCOMPARE(log.events().size(), std::size_t(kLastEventKind) + 1);
    const QByteArray bytes = toJsonLines(log);

    EventLog read;
    QString error;
    QVERIFY2(fromJsonLines(bytes, &read, &error), qPrintable(error));
    QVERIFY(error.isEmpty());

    const RunInfo &a = log.info();
    const RunInfo &b = read.info();
    QCOMPARE(b.source, a.source);
    QCOMPARE(b.scenario, a.scenario);
    QCOMPARE(b.strategy, a.strategy);
    QCOMPARE(b.seed, a.seed);
    QCOMPARE(b.clients, a.clients);
    QCOMPARE(b.nodes, a.nodes);
    QCOMPARE(b.ttlMs, a.ttlMs);

    QCOMPARE(read.events().size(), log.events().size());
    for (std::size_t i = 0; i < log.events().size(); ++i) {
        const Event &x = log.events()[i];
        const Event &y = read.events()[i];
        const QByteArray what = eventKindId(x.kind);
        QVERIFY2(y.kind == x.kind, what.constData());
        QVERIFY2(y.timeUs == x.timeUs, what.constData());
        QVERIFY2(y.client == x.client, what.constData());
        QVERIFY2(y.node == x.node, what.constData());
        QVERIFY2(y.owner == x.owner, what.constData());
        QVERIFY2(y.value == x.value, what.constData());
        // Ids may differ between pools; the strings may not.
        QCOMPARE(read.strings().at(y.key), log.strings().at(x.key));
        QCOMPARE(read.strings().at(y.text), log.strings().at(x.text));
        QCOMPARE(y.key == 0, x.key == 0);
        QCOMPARE(y.text == 0, x.text == 0);
    }

    // Writing what was read gives the same bytes.
    QCOMPARE(toJsonLines(read), bytes);
}

void TestEventLog::readIgnoresBlankLines()
{
    const QByteArray bytes = "\n"
                             R"({"lockscope_log":1,"source":"monitor","clients":["A"],"nodes":[]})"
                             "\n\n"
                             R"({"t_us":5,"kind":"client_started","client":"A"})"
                             "\r\n   \n";
    EventLog read;
    QString error;
    QVERIFY2(fromJsonLines(bytes, &read, &error), qPrintable(error));
    QCOMPARE(read.info().source, QStringLiteral("monitor"));
    QCOMPARE(read.events().size(), std::size_t(1));
    QCOMPARE(read.events()[0].kind, EventKind::ClientStarted);
    QCOMPARE(read.events()[0].timeUs, qint64(5));
    QCOMPARE(read.events()[0].client, qint16(0));
    QCOMPARE(read.events()[0].node, kNoNode);
}

void TestEventLog::malformed_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("fragment");

    const QByteArray header =
        R"({"lockscope_log":1,"source":"simulation","clients":["A","B"],"nodes":["redis-1"]})"
        "\n";
    const QByteArray note = R"({"t_us":1,"kind":"note","client":"A"})"
                            "\n";
    QTest::newRow("not JSON") << header + note + "{oops\n" << 3 << QString();
    // Cut, but followed by its newline (or by more lines): not a writer stopped mid-line.
    QTest::newRow("truncated line") << header + R"({"t_us":1,"kind":"no)"
                                                "\n"
                                    << 2 << QString();
    QTest::newRow("truncated line, then more") << header +
                                                      R"({"t_us":1,"kind":"no)"
                                                      "\n" +
                                                      note
                                               << 2 << QString();
    QTest::newRow("not an object") << header + "[1,2]\n" << 2 << QStringLiteral("object");
    QTest::newRow("unknown kind") << header + note + R"({"t_us":2,"kind":"explode"})" << 3
                                  << QStringLiteral("explode");
    QTest::newRow("missing kind") << header + R"({"t_us":2,"client":"A"})" << 2
                                  << QStringLiteral("kind");
    QTest::newRow("missing header") << note + note << 1 << QStringLiteral("header");
    QTest::newRow("header after a blank line missing")
        << "\n" + note << 2 << QStringLiteral("header");
    QTest::newRow("unknown client") << header + R"({"t_us":2,"kind":"note","client":"Z"})" << 2
                                    << QStringLiteral("unknown client");
    QTest::newRow("unknown owner")
        << header + note + R"({"t_us":2,"kind":"key_expired","owner":"Q","key":"k"})" << 3
        << QStringLiteral("unknown client");
    QTest::newRow("unknown node") << header + R"({"t_us":2,"kind":"node_crashed","node":"r9"})" << 2
                                  << QStringLiteral("unknown node");
    QTest::newRow("empty input") << QByteArray() << 0 << QStringLiteral("empty");
    QTest::newRow("only blank lines") << QByteArray("\n  \n\n") << 3 << QStringLiteral("empty");
}

void TestEventLog::lastLineCutShort()
{
    // A writer killed in the middle of its last line: the lines before it stand, with a note.
    const QByteArray header =
        R"({"lockscope_log":1,"source":"monitor","clients":["A"],"nodes":["n"]})"
        "\n";
    const QByteArray note = R"({"t_us":1,"kind":"note","client":"A"})"
                            "\n";
    QByteArray copy = header + note + note + R"({"t_us":2,"kind":"key_wr)";
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    EventLog read;
    QString error, cut;
    QVERIFY2(EventLog::readJsonLines(buffer, &read, &error, &cut), qPrintable(error));
    QCOMPARE(read.events().size(), std::size_t(2));
    QVERIFY2(cut.startsWith(QStringLiteral("line 4: the last line is cut short")), qPrintable(cut));
    // A complete file says nothing.
    QByteArray whole = header + note;
    QBuffer wholeBuffer(&whole);
    wholeBuffer.open(QIODevice::ReadOnly);
    QString none;
    QVERIFY(EventLog::readJsonLines(wholeBuffer, &read, &error, &none));
    QVERIFY(none.isEmpty());
}

void TestEventLog::streamedNames()
{
    // A streamed recording's header came before the names: new ones are taken in order of
    // first sight. Without "names_as_seen" they stay errors (the malformed rows above).
    const QByteArray bytes =
        R"({"lockscope_log":1,"source":"monitor","clients":[],"nodes":[],"names_as_seen":true})"
        "\n"
        R"({"t_us":1,"kind":"key_written","node":"10.0.0.1:6379","owner":"tok1","key":"k"})"
        "\n"
        R"({"t_us":2,"kind":"acquired","client":"tok1","node":"10.0.0.1:6379","key":"k"})"
        "\n"
        R"({"t_us":3,"kind":"key_deleted","node":"10.0.0.2:6379","owner":"tok1","key":"k",)"
        R"("value":2})"
        "\n";
    EventLog read;
    QString error;
    QVERIFY2(fromJsonLines(bytes, &read, &error), qPrintable(error));
    QCOMPARE(read.info().clients, QList<QByteArray>{"tok1"});
    QCOMPARE(read.info().nodes, (QList<QByteArray>{"10.0.0.1:6379", "10.0.0.2:6379"}));
    QCOMPARE(read.events().size(), std::size_t(3));
    QCOMPARE(read.events()[1].client, qint16(0));
    QCOMPARE(read.events()[2].node, qint16(1));
    QCOMPARE(read.events()[2].value, kLostWithFailover);
}

void TestEventLog::malformed()
{
    QFETCH(QByteArray, input);
    QFETCH(int, line);
    QFETCH(QString, fragment);

    EventLog read;
    QString error;
    QVERIFY(!fromJsonLines(input, &read, &error));
    QVERIFY2(error.startsWith(QStringLiteral("line %1: ").arg(line)), qPrintable(error));
    // Something is said after the line number, and it is not Qt's "no error occurred".
    QVERIFY2(error.size() > QStringLiteral("line %1: ").arg(line).size() + 3, qPrintable(error));
    QVERIFY2(!error.contains(QLatin1String("no error")), qPrintable(error));
    if (!fragment.isEmpty())
        QVERIFY2(error.contains(fragment, Qt::CaseInsensitive), qPrintable(error));
}

void TestEventLog::names()
{
    EventLog log;
    log.info().clients = {"A", "B"};
    log.info().nodes = {"redis-1"};
    QCOMPARE(log.clientName(1), QByteArrayLiteral("B"));
    QCOMPARE(log.clientName(kNoClient), QByteArray());
    QCOMPARE(log.clientName(5), QByteArrayLiteral("c5"));
    QCOMPARE(log.nodeName(0), QByteArrayLiteral("redis-1"));
    QCOMPARE(log.nodeName(kResourceNode), QByteArrayLiteral("resource"));
    QCOMPARE(log.nodeName(kNoNode), QByteArray());
    QCOMPARE(log.nodeName(3), QByteArrayLiteral("node3"));
}

void TestEventLog::fanout()
{
    EventLog a, b;
    EventFanout fan;
    fan.add(&a);
    fan.add(&b);
    Event e;
    e.timeUs = 77;
    e.kind = EventKind::Healed;
    fan.consume(e);
    fan.consume(e);
    QCOMPARE(a.events().size(), std::size_t(2));
    QCOMPARE(b.events().size(), std::size_t(2));
    QCOMPARE(b.events()[1].timeUs, qint64(77));
}

QTEST_GUILESS_MAIN(TestEventLog)
#include "test_event_log.moc"
