// LiveKeyObserver against a real redis-server: what the server did to the lock keys, read from
// MONITOR and replayed on a shadow SimNode, comes out as the simulator's key events, with the
// client that did it (from the connections' CLIENT SETNAME) and the client whose value it was.
// Plus the MONITOR line parser on its own (no server needed).
#include "events/event_log.h"
#include "live/live_client.h"
#include "live/live_key_observer.h"
#include "live/monitor_line.h"
#include "live_test_support.h"
#include "lock/script.h"
#include "redis/connection.h"
#include "redis_server.h"
#include "redis_test_client.h"
#include "sim/checker.h"
#include "time_scale.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace lockscope;
using lockscope::test::cmd;
using lockscope::test::optionsFor;
using lockscope::test::RedisServer;
using lockscope::test::RedisTestClient;
using lockscope::test::scaledMs;

namespace {

constexpr qint16 kA = 0;
constexpr qint16 kB = 1;

// Sends and waits (bounded) for the reply.
Reply call(Connection &c, const Command &argv)
{
    auto done = std::make_shared<std::optional<Reply>>();
    c.send(argv, [done](const Reply &r) { *done = r; });
    if (!QTest::qWaitFor([&] { return done->has_value(); }, scaledMs(5000)))
        return Reply::noReply(NoReplyKind::Timeout, "test: no reply within the wait");
    return **done;
}

// One server, its observer (node 0) and two named client connections.
struct Fixture {
    RedisServer server;
    EventLog log;
    LiveRecorder recorder{&log, log.sharedStrings()};
    std::unique_ptr<LiveKeyObserver> observer;
    std::unique_ptr<Connection> a, b;

    bool start(QString *why)
    {
        if (!server.start()) {
            *why = server.errorString();
            return false;
        }
        observer = std::make_unique<LiveKeyObserver>(
            0, optionsFor(server), 1,
            QHash<QByteArray, qint16>{{"lockscope-A", kA}, {"lockscope-B", kB}}, &recorder);
        QSignalSpy ready(observer.get(), &LiveKeyObserver::ready);
        QSignalSpy failed(observer.get(), &LiveKeyObserver::failed);
        observer->start();
        if (!QTest::qWaitFor([&] { return ready.count() > 0 || failed.count() > 0; },
                             scaledMs(5000)) ||
            failed.count() > 0) {
            *why = failed.isEmpty() ? QStringLiteral("observer not ready")
                                    : failed.at(0).at(0).toString();
            return false;
        }
        a = named("lockscope-A");
        b = named("lockscope-B");
        if (!QTest::qWaitFor([&] { return a->isReady() && b->isReady(); }, scaledMs(5000))) {
            *why = QStringLiteral("clients not ready");
            return false;
        }
        return true;
    }
    std::unique_ptr<Connection> named(const char *name)
    {
        ConnectionOptions o = optionsFor(server);
        o.clientName = QString::fromLatin1(name);
        auto c = std::make_unique<Connection>(o);
        c->open();
        return c;
    }
    quint32 key(const char *name) { return log.strings().find(name); }
    std::vector<Event> keyEvents(const char *name)
    {
        std::vector<Event> out;
        const quint32 id = key(name);
        for (const Event &e : log.events()) {
            if (id != 0 && e.key == id)
                out.push_back(e);
        }
        return out;
    }
    int count(EventKind kind)
    {
        int n = 0;
        for (const Event &e : log.events())
            n += e.kind == kind ? 1 : 0;
        return n;
    }
    CheckReport check()
    {
        Checker checker(2);
        for (const Event &e : log.events())
            checker.consume(e);
        return checker.finish(liveClockUs());
    }
};

// A stand-in for a Redis server in MONITOR mode: answers the observer's questions (nobody
// connected, no script cached) and then sends the lines the test writes, with the
// timestamps it chooses.
class FakeMonitorServer {
public:
    bool refuseMonitor = false;

    bool listen()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, [this] {
            m_socket = m_server.nextPendingConnection();
            QObject::connect(m_socket, &QTcpSocket::readyRead, [this] { onRead(); });
        });
        return m_server.listen(QHostAddress::LocalHost);
    }
    quint16 port() const { return m_server.serverPort(); }
    void line(qint64 timeUs, const char *client, const char *args)
    {
        QVERIFY(m_socket);
        const QByteArray text = QByteArray::number(timeUs / 1000000) + '.' +
                                QByteArray::number(timeUs % 1000000).rightJustified(6, '0') +
                                " [0 " + client + "] " + args;
        m_socket->write("+" + text + "\r\n");
    }

private:
    void onRead()
    {
        m_received += m_socket->readAll();
        if (!m_received.contains("MONITOR\r\n"))
            return;
        const auto scripts = builtinScriptNames().size();
        QByteArray out = "$0\r\n\r\n*" + QByteArray::number(scripts) + "\r\n";
        for (qsizetype i = 0; i < scripts; ++i)
            out += ":0\r\n";
        out += refuseMonitor ? "-NOPERM this user has no permissions to run the 'monitor' "
                               "command\r\n"
                             : "+OK\r\n";
        m_socket->write(out);
        m_received.clear();
    }

    QTcpServer m_server;
    QTcpSocket *m_socket = nullptr;
    QByteArray m_received;
};

#define START(f)                                                                                   \
    do {                                                                                           \
        QString why_;                                                                              \
        QVERIFY2((f).start(&why_), qPrintable(why_));                                              \
    } while (false)

} // namespace

class TestLiveKeyObserver : public QObject {
    Q_OBJECT

private slots:
    void parsesLines_data();
    void parsesLines();
    void rejectsMalformedLines_data();
    void rejectsMalformedLines();

    void expiryThenMistakenDeletion();
    void compareAndDeleteByTheOwner();
    void evalshaRefusedRunsOnce();
    void setnxWithoutTtlIsFinal();
    void unnamedConnectionsStillReplay();
    void restartLosesDataAndReattaches();
    void failoverLosesUnreplicatedLock();
    void keepsUpWithPipelinedCommands();

    // Against a scripted stand-in server (lines with chosen timestamps).
    void serverClockGoingBack();
    void refusedMonitorFails();
};

// --- the line parser ----------------------------------------------------------------------

void TestLiveKeyObserver::parsesLines_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("timeUs");
    QTest::addColumn<int>("db");
    QTest::addColumn<QByteArray>("client");
    QTest::addColumn<bool>("fromScript");
    QTest::addColumn<QList<QByteArray>>("argv");

    QTest::newRow("plain")
        << QByteArray(R"(1700000000.000123 [0 127.0.0.1:50144] "SET" "lock:0" "a" "NX" "PX" "300")")
        << qint64(1700000000000123) << 0 << QByteArray("127.0.0.1:50144") << false
        << QList<QByteArray>{"SET", "lock:0", "a", "NX", "PX", "300"};
    QTest::newRow("spaces and quotes")
        << QByteArray(R"(1.500000 [2 10.0.0.1:6000] "SET" "a b" "say \"hi\"" "back\\slash")")
        << qint64(1500000) << 2 << QByteArray("10.0.0.1:6000") << false
        << QList<QByteArray>{"SET", "a b", "say \"hi\"", "back\\slash"};
    QTest::newRow("control and binary bytes")
        << QByteArray(R"(1.000001 [0 1.2.3.4:5] "SET" "k" "\n\r\t\a\b\x00\xff\x7fZ")")
        << qint64(1000001) << 0 << QByteArray("1.2.3.4:5") << false
        << QList<QByteArray>{"SET", "k", QByteArray("\n\r\t\a\b\0\xff\x7fZ", 9)};
    QTest::newRow("empty argument")
        << QByteArray(R"(1.000000 [0 1.2.3.4:5] "SET" "k" "")") << qint64(1000000) << 0
        << QByteArray("1.2.3.4:5") << false << QList<QByteArray>{"SET", "k", ""};
    QTest::newRow("ipv6 client") << QByteArray(R"(2.000000 [15 [::1]:6001] "GET" "k")")
                                 << qint64(2000000) << 15 << QByteArray("[::1]:6001") << false
                                 << QList<QByteArray>{"GET", "k"};
    QTest::newRow("script") << QByteArray(R"(3.000000 [0 lua] "del" "lock:0")") << qint64(3000000)
                            << 0 << QByteArray() << true << QList<QByteArray>{"del", "lock:0"};
    QTest::newRow("unix socket") << QByteArray(R"(3.000000 [0 unix:/tmp/redis.sock] "PING")")
                                 << qint64(3000000) << 0 << QByteArray("unix:/tmp/redis.sock")
                                 << false << QList<QByteArray>{"PING"};
    QTest::newRow("bracket and quote inside an argument")
        << QByteArray(R"(4.000000 [0 1.2.3.4:5] "SET" "] \"x" "y")") << qint64(4000000) << 0
        << QByteArray("1.2.3.4:5") << false << QList<QByteArray>{"SET", "] \"x", "y"};
}

void TestLiveKeyObserver::parsesLines()
{
    QFETCH(QByteArray, text);
    MonitorLine line;
    QVERIFY2(parseMonitorLine(text, &line), text.constData());
    QTEST(line.timeUs, "timeUs");
    QTEST(line.db, "db");
    QTEST(line.client, "client");
    QTEST(line.fromScript, "fromScript");
    QTEST(line.argv, "argv");
}

void TestLiveKeyObserver::rejectsMalformedLines_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not monitor") << QByteArray("OK");
    QTest::newRow("short microseconds") << QByteArray(R"(1.5 [0 a:1] "GET" "k")");
    QTest::newRow("no client") << QByteArray(R"(1.000000 "GET" "k")");
    QTest::newRow("no arguments") << QByteArray("1.000000 [0 a:1]");
    QTest::newRow("unclosed quote") << QByteArray(R"(1.000000 [0 a:1] "GET" "k)");
    QTest::newRow("unknown escape") << QByteArray(R"(1.000000 [0 a:1] "GET" "\q")");
    QTest::newRow("short hex escape") << QByteArray(R"(1.000000 [0 a:1] "GET" "\x4")");
    QTest::newRow("bad hex escape") << QByteArray(R"(1.000000 [0 a:1] "GET" "\xzz")");
    QTest::newRow("unquoted argument") << QByteArray(R"(1.000000 [0 a:1] "GET" k)");
    QTest::newRow("two spaces") << QByteArray(R"(1.000000 [0 a:1] "GET"  "k")");
    QTest::newRow("trailing space") << QByteArray(R"(1.000000 [0 a:1] "GET" )");
}

void TestLiveKeyObserver::rejectsMalformedLines()
{
    QFETCH(QByteArray, text);
    MonitorLine line;
    QVERIFY(!parseMonitorLine(text, &line));
}

// --- against a real server ----------------------------------------------------------------

void TestLiveKeyObserver::expiryThenMistakenDeletion()
{
    // The classic mistaken deletion: A's lock expires, B takes it, A deletes it with a plain
    // DEL. Only the server knows all this (A's DEL reply says just "1").
    Fixture f;
    START(f);
    const qint64 beforeSetUs = liveClockUs();
    QCOMPARE(call(*f.a, cmd({"SET", "lock:0", "a", "NX", "PX", "300"})), Reply::ok());
    // No command follows: the observer's own clock must find the expiry.
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyExpired), 1, scaledMs(3000));
    const qint64 expirySeenUs = liveClockUs();
    QCOMPARE(call(*f.b, cmd({"SET", "lock:0", "b", "NX", "PX", "10000"})), Reply::ok());
    QCOMPARE(call(*f.a, cmd({"DEL", "lock:0"})), Reply::integer(1));
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyDeleted), 1, scaledMs(3000));

    const auto events = f.keyEvents("lock:0");
    QCOMPARE(events.size(), std::size_t(4));
    QCOMPARE(events[0].kind, EventKind::KeyWritten);
    QCOMPARE(events[0].client, kA);
    QCOMPARE(events[0].owner, kA);
    QVERIFY2(events[0].value > 200 && events[0].value <= 300,
             qPrintable(QString::number(events[0].value)));
    QCOMPARE(f.log.strings().at(events[0].text), QByteArray("a"));
    QCOMPARE(events[1].kind, EventKind::KeyExpired);
    QCOMPARE(events[1].owner, kA);
    // Stamped when the server's clock passed the deadline, not when it was noticed.
    QVERIFY2(events[1].timeUs >= beforeSetUs + 290 * 1000 && events[1].timeUs <= expirySeenUs,
             qPrintable(QStringLiteral("expired %1 us after the SET was sent")
                            .arg(events[1].timeUs - beforeSetUs)));
    QCOMPARE(events[2].kind, EventKind::KeyWritten);
    QCOMPARE(events[2].client, kB);
    QCOMPARE(events[2].owner, kB);
    QCOMPARE(events[3].kind, EventKind::KeyDeleted);
    QCOMPARE(events[3].client, kA);
    QCOMPARE(events[3].owner, kB);
    QCOMPARE(events[3].node, qint16(0));

    const CheckReport report = f.check();
    QCOMPARE(report.mistakenDeletions, qint64(1));
    QVERIFY(f.observer->divergence().isEmpty());
}

void TestLiveKeyObserver::compareAndDeleteByTheOwner()
{
    // B releases its own lock with the compare-and-delete script. The server's MONITOR shows
    // the script's own GET and DEL as `lua` lines too; the shadow runs the script itself, so
    // the deletion is B's (not a connection-less one) and is counted once.
    Fixture f;
    START(f);
    QCOMPARE(call(*f.b, cmd({"SET", "lock:0", "b", "NX", "PX", "10000"})), Reply::ok());
    const QByteArray script = builtinScript(QStringLiteral("compare_and_delete")).body;
    QCOMPARE(call(*f.a, {"EVAL", script, "1", "lock:0", "a"}), Reply::integer(0));
    QCOMPARE(call(*f.b, {"EVAL", script, "1", "lock:0", "b"}), Reply::integer(1));
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyDeleted), 1, scaledMs(3000));
    QTRY_COMPARE_WITH_TIMEOUT(f.observer->commandsReplayed(), quint64(3), scaledMs(3000));

    const auto events = f.keyEvents("lock:0");
    QCOMPARE(events.size(), std::size_t(2));
    QCOMPARE(events[1].kind, EventKind::KeyDeleted);
    QCOMPARE(events[1].client, kB);
    QCOMPARE(events[1].owner, kB);
    QCOMPARE(f.check().mistakenDeletions, qint64(0));
    QCOMPARE(f.observer->unknownClientCommands(), quint64(0));
}

void TestLiveKeyObserver::evalshaRefusedRunsOnce()
{
    // A fresh server has no scripts: A's EVALSHA is refused with NOSCRIPT and A falls back to
    // EVAL, as the strategies do. Both lines are in the stream; the script ran once on the
    // server, so it must run once in the shadow (the reentrant count is 1, not 2).
    Fixture f;
    START(f);
    const LuaScript &script = builtinScript(QStringLiteral("reentrant_acquire"));
    const Reply refused = call(*f.a, {"EVALSHA", script.sha1, "1", "lock:0", "10000", "A:1"});
    QCOMPARE(Connection::classify(refused), RedisErrorKind::NoScript);
    QCOMPARE(call(*f.a, {"EVAL", script.body, "1", "lock:0", "10000", "A:1"}), Reply::nil());
    // Now cached on the server (EVAL caches it): B's EVALSHA runs, and finds the lock taken.
    const Reply taken = call(*f.b, {"EVALSHA", script.sha1, "1", "lock:0", "10000", "B:1"});
    QCOMPARE(taken.type(), Reply::Type::Integer);
    QTRY_COMPARE_WITH_TIMEOUT(f.observer->commandsReplayed(), quint64(3), scaledMs(3000));
    f.observer->finish();

    QByteArray lastText;
    for (const Event &e : f.keyEvents("lock:0")) {
        if (e.kind == EventKind::KeyWritten)
            lastText = f.log.strings().at(e.text);
    }
    QCOMPARE(lastText, QByteArray("A:1=1"));
    RedisTestClient admin;
    QVERIFY(admin.connect(f.server.host(), f.server.port()));
    QCOMPARE(admin.command(cmd({"HGET", "lock:0", "A:1"})), Reply::bulk("1"));
}

void TestLiveKeyObserver::setnxWithoutTtlIsFinal()
{
    // SETNX and no EXPIRE (the client died in between): a lock that never goes away. The token
    // has every byte MONITOR escapes, so it also shows the line parser against the real thing.
    Fixture f;
    START(f);
    const QByteArray token("a \"b\"\\\n\r\t\a\b\x00\x01\xff]", 16);
    QCOMPARE(call(*f.a, {"SETNX", "lock:0", token}), Reply::integer(1));
    QCOMPARE(call(*f.b, {"SETNX", "lock:0", "b"}), Reply::integer(0));
    QTRY_COMPARE_WITH_TIMEOUT(f.observer->commandsReplayed(), quint64(2), scaledMs(3000));
    f.observer->finish();

    const auto events = f.keyEvents("lock:0");
    QCOMPARE(events.size(), std::size_t(2));
    QCOMPARE(events[0].kind, EventKind::KeyWritten);
    QCOMPARE(f.log.strings().at(events[0].text), token);
    QCOMPARE(events[1].kind, EventKind::KeyFinal);
    QCOMPARE(events[1].value, qint64(-1));
    QCOMPARE(events[1].owner, kA);
    QCOMPARE(f.check().stuckLocks, qint64(1));

    // The runner's own reading of the real key agrees with the shadow; a wrong one does not.
    RedisTestClient admin;
    QVERIFY(admin.connect(f.server.host(), f.server.port()));
    const Reply value = admin.command(cmd({"GET", "lock:0"}));
    const Reply pttl = admin.command(cmd({"PTTL", "lock:0"}));
    f.observer->compareWithServer("lock:0", true, value.text(), pttl.integer());
    QVERIFY2(f.observer->divergence().isEmpty(), qPrintable(f.observer->divergence()));
    f.observer->compareWithServer("lock:0", true, "someone else", -1);
    QVERIFY2(f.observer->divergence().contains(QStringLiteral("lock:0")),
             qPrintable(f.observer->divergence()));
}

void TestLiveKeyObserver::unnamedConnectionsStillReplay()
{
    // A connection without a known name: its commands run in the shadow as no client's, so the
    // data stays right (A's SET NX after it fails, as it did on the server).
    Fixture f;
    START(f);
    RedisTestClient other;
    QVERIFY(other.connect(f.server.host(), f.server.port()));
    QCOMPARE(other.command(cmd({"SET", "lock:0", "x", "PX", "10000"})), Reply::ok());
    QCOMPARE(call(*f.a, cmd({"SET", "lock:0", "a", "NX", "PX", "10000"})), Reply::nil());
    QCOMPARE(call(*f.a, cmd({"DEL", "lock:0"})), Reply::integer(1));
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyDeleted), 1, scaledMs(3000));
    const auto events = f.keyEvents("lock:0");
    QCOMPARE(events.size(), std::size_t(2));
    QCOMPARE(events[0].client, kNoClient);
    QCOMPARE(events[0].owner, kNoClient);
    QCOMPARE(events[1].client, kA);
    QCOMPARE(events[1].owner, kNoClient);
    QCOMPARE(f.observer->unknownClientCommands(), quint64(1));
    // Nobody's value is not a mistaken deletion (the Checker needs an owner).
    QCOMPARE(f.check().mistakenDeletions, qint64(0));
}

void TestLiveKeyObserver::restartLosesDataAndReattaches()
{
    // The server dies and comes back empty: the shadow reports A's lock as lost (no client
    // deleted it), MONITOR is attached again, and A's reconnected connection is known again.
    Fixture f;
    START(f);
    QCOMPARE(call(*f.a, cmd({"SET", "lock:0", "a", "PX", "10000"})), Reply::ok());
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyWritten), 1, scaledMs(3000));
    QSignalSpy failed(f.observer.get(), &LiveKeyObserver::failed);
    QSignalSpy ready(f.observer.get(), &LiveKeyObserver::ready);
    f.server.kill();
    f.observer->nodeCrashed();
    QVERIFY2(f.server.start(), qPrintable(f.server.errorString()));
    f.observer->nodeRestarted(false, optionsFor(f.server));
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, scaledMs(5000));
    QTRY_VERIFY_WITH_TIMEOUT(f.a->isReady(), scaledMs(5000));
    QCOMPARE(call(*f.a, cmd({"SET", "lock:0", "a2", "NX", "PX", "10000"})), Reply::ok());
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyWritten), 2, scaledMs(3000));
    QCOMPARE(failed.count(), 0);

    const auto events = f.keyEvents("lock:0");
    QCOMPARE(events.size(), std::size_t(3));
    QCOMPARE(events[1].kind, EventKind::KeyDeleted);
    QCOMPARE(events[1].client, kNoClient);
    QCOMPARE(events[1].owner, kA);
    QCOMPARE(events[2].kind, EventKind::KeyWritten);
    QCOMPARE(events[2].client, kA);
    QCOMPARE(events[2].owner, kA);
}

void TestLiveKeyObserver::failoverLosesUnreplicatedLock()
{
    // The live runner's failover: the replica is held back (frozen, its link dropped), A's lock
    // reaches only the primary, the primary dies and the replica is promoted without it. The
    // shadow loses the lock the same way (no client deleted it), and follows the new primary.
    Fixture f;
    START(f);
    RedisServer replica(
        {QStringLiteral("--replicaof"), f.server.host(), QString::number(f.server.port())});
    QVERIFY2(replica.start(), qPrintable(replica.errorString()));
    RedisTestClient replicaAdmin;
    QVERIFY(replicaAdmin.connect(replica.host(), replica.port()));
    QTRY_VERIFY_WITH_TIMEOUT(
        replicaAdmin.command(cmd({"INFO", "replication"})).text().contains("master_link_status:up"),
        scaledMs(15000)); // the first full sync can take a few of the replica's 1 s cron ticks
    replica.pause();
    RedisTestClient admin;
    QVERIFY(admin.connect(f.server.host(), f.server.port()));
    QVERIFY(admin.command(cmd({"CLIENT", "KILL", "TYPE", "replica"})).type() ==
            Reply::Type::Integer);
    QCOMPARE(call(*f.a, cmd({"SET", "lock:0", "a", "NX", "PX", "10000"})), Reply::ok());
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyWritten), 1, scaledMs(3000));

    QSignalSpy failed(f.observer.get(), &LiveKeyObserver::failed);
    QSignalSpy ready(f.observer.get(), &LiveKeyObserver::ready);
    f.server.kill();
    f.observer->nodeCrashed();
    replica.resume();
    QVERIFY(replicaAdmin.connect(replica.host(), replica.port()));
    QCOMPARE(replicaAdmin.command(cmd({"REPLICAOF", "NO", "ONE"})), Reply::ok());
    QCOMPARE(replicaAdmin.command(cmd({"EXISTS", "lock:0"})), Reply::integer(0));
    f.observer->failedOver(optionsFor(replica));
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, scaledMs(5000));

    ConnectionOptions o = optionsFor(replica);
    o.clientName = QStringLiteral("lockscope-B");
    Connection b(o);
    b.open();
    QTRY_VERIFY_WITH_TIMEOUT(b.isReady(), scaledMs(5000));
    QCOMPARE(call(b, cmd({"SET", "lock:0", "b", "NX", "PX", "10000"})), Reply::ok());
    QTRY_COMPARE_WITH_TIMEOUT(f.count(EventKind::KeyWritten), 2, scaledMs(3000));
    QCOMPARE(failed.count(), 0);

    const auto events = f.keyEvents("lock:0");
    QCOMPARE(events.size(), std::size_t(3));
    QCOMPARE(events[1].kind, EventKind::KeyDeleted);
    QCOMPARE(events[1].client, kNoClient);
    QCOMPARE(events[1].owner, kA);
    QCOMPARE(events[2].kind, EventKind::KeyWritten);
    QCOMPARE(events[2].client, kB);
    // The promoted shadow's clock is the server's: the TTL it reports is the one B asked for.
    QVERIFY2(events[2].value > 9000 && events[2].value <= 10000,
             qPrintable(QString::number(events[2].value)));
}

void TestLiveKeyObserver::keepsUpWithPipelinedCommands()
{
    // Many commands at once from two clients arrive as many lines per read: all are replayed
    // in the server's order (which interleaves the two pipelines as it likes), so the shadow
    // deletes exactly as often as the server did and ends where the server ends.
    Fixture f;
    START(f);
    constexpr int kCommands = 3000;
    auto answered = std::make_shared<int>(0);
    auto deleted = std::make_shared<qint64>(0);
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < kCommands; ++i) {
        Connection &c = i % 2 ? *f.b : *f.a;
        const QByteArray value = (i % 2 ? "b" : "a") + QByteArray::number(i);
        const bool del = i % 3 == 2;
        c.send(del ? Command{"DEL", "lock:0"}
                   : Command{"SET", "lock:0", value, "PX", QByteArray::number(5000 + i)},
               [answered, deleted, del](const Reply &r) {
                   ++*answered;
                   if (del)
                       *deleted += r.integer();
               });
    }
    QTRY_COMPARE_WITH_TIMEOUT(*answered, kCommands, scaledMs(20000));
    QTRY_COMPARE_WITH_TIMEOUT(f.observer->commandsReplayed(), quint64(kCommands), scaledMs(20000));
    qInfo("%d commands answered and replayed in %lld ms", kCommands, timer.elapsed());
    f.observer->finish();

    RedisTestClient admin;
    QVERIFY(admin.connect(f.server.host(), f.server.port()));
    const Reply value = admin.command(cmd({"GET", "lock:0"}));
    const Reply pttl = admin.command(cmd({"PTTL", "lock:0"}));
    f.observer->compareWithServer("lock:0", !value.isNil(), value.text(), pttl.integer(), 1000);
    QVERIFY2(f.observer->divergence().isEmpty(), qPrintable(f.observer->divergence()));
    QCOMPARE(f.count(EventKind::KeyWritten), kCommands - kCommands / 3);
    QVERIFY(*deleted > 0);
    QCOMPARE(qint64(f.count(EventKind::KeyDeleted)), *deleted);
}

void TestLiveKeyObserver::serverClockGoingBack()
{
    // The node's clock steps back 10 s (a real server's MONITOR timestamps would, under the live
    // runner's clock shift). B's 500 ms lock, set after the step, must expire 500 ms later by
    // the new clock; A's lock, set before it with 1 s, only when the new clock reaches its
    // deadline again, 11 s on. Timestamps are this process's clock, so the tick's estimate of
    // the server's now follows the lines.
    FakeMonitorServer fake;
    QVERIFY(fake.listen());
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings());
    ConnectionOptions o;
    o.host = QStringLiteral("127.0.0.1");
    o.port = fake.port();
    LiveKeyObserver observer(0, o, 0, {{"lockscope-A", kA}, {"lockscope-B", kB}}, &recorder);
    QSignalSpy ready(&observer, &LiveKeyObserver::ready);
    observer.start();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, scaledMs(5000));

    const qint64 t0 = liveClockUs();
    fake.line(t0, "1.1.1.1:1", R"("CLIENT" "SETNAME" "lockscope-A")");
    fake.line(t0, "2.2.2.2:2", R"("CLIENT" "SETNAME" "lockscope-B")");
    fake.line(t0 + 1000, "1.1.1.1:1", R"("SET" "lock:0" "a" "PX" "1000")");
    const qint64 back = 10 * 1000 * 1000;
    fake.line(t0 + 2000 - back, "2.2.2.2:2", R"("SET" "lock:1" "b" "PX" "500")");
    QTRY_COMPARE_WITH_TIMEOUT(observer.commandsReplayed(), quint64(2), scaledMs(5000));

    const auto expired = [&](const char *key) {
        const quint32 id = log.strings().find(key);
        return std::count_if(log.events().begin(), log.events().end(), [&](const Event &e) {
            return e.kind == EventKind::KeyExpired && id != 0 && e.key == id;
        });
    };
    // Found by the tick (no further line): within a second or two of the deadline.
    QTRY_COMPARE_WITH_TIMEOUT(expired("lock:1"), 1, scaledMs(3000));
    QCOMPARE(expired("lock:0"), 0);
    for (const Event &e : log.events()) {
        if (e.kind == EventKind::KeyWritten)
            QCOMPARE(e.value, e.key == log.strings().find("lock:0") ? qint64(1000) : qint64(500));
    }
    observer.finish();
    // A's lock is still there at the end, with about its second left plus the 10 s step.
    const auto final = std::find_if(log.events().begin(), log.events().end(),
                                    [](const Event &e) { return e.kind == EventKind::KeyFinal; });
    QVERIFY(final != log.events().end());
    QCOMPARE(final->owner, kA);
    QVERIFY2(final->value > 9000 && final->value <= 11000,
             qPrintable(QString::number(final->value)));
    QVERIFY(observer.divergence().isEmpty());
}

void TestLiveKeyObserver::refusedMonitorFails()
{
    // A server that refuses MONITOR (an ACL without it): failed() with a sentence naming the
    // server and saying why, and no ready().
    FakeMonitorServer fake;
    fake.refuseMonitor = true;
    QVERIFY(fake.listen());
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings());
    ConnectionOptions o;
    o.host = QStringLiteral("127.0.0.1");
    o.port = fake.port();
    LiveKeyObserver observer(0, o, 0, {}, &recorder);
    QSignalSpy ready(&observer, &LiveKeyObserver::ready);
    QSignalSpy failed(&observer, &LiveKeyObserver::failed);
    observer.start();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, scaledMs(5000));
    const QString why = failed.at(0).at(0).toString();
    QVERIFY2(why.contains(o.displayName()) && why.contains(QStringLiteral("NOPERM")),
             qPrintable(why));
    QCOMPARE(ready.count(), 0);
}

QTEST_GUILESS_MAIN(TestLiveKeyObserver)
#include "test_live_key_observer.moc"
