// QtRedis (lockscope::Connection) against real redis-server processes: the wire protocol
// (pipelining, binary safety, nested replies, typed errors), the handshake (AUTH, ACL users,
// SELECT, CLIENT SETNAME), the transports (TCP, Unix socket, TLS with a CA and client certificates
// made here with the openssl command line), failures (timeouts while the server is stopped, a
// server killed and restarted, refused connections), the read-only switch (checked against the
// server's own command statistics), replicas, pub/sub, and the pure parts (URLs, the write
// table, error classification).
#include "free_port.h"
#include "redis/connection.h"
#include "redis/resp_codec.h"
#include "redis_server.h"
#include "redis_test_client.h"
#include "test_certificates.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <hiredis.h>

#include <functional>
#include <memory>
#include <vector>

using namespace lockscope;
using lockscope::test::RedisServer;
using lockscope::test::RedisTestClient;
using lockscope::test::TestCertificates;
using lockscope::test::unusedLoopbackPort;

Q_DECLARE_METATYPE(lockscope::Reply)
Q_DECLARE_METATYPE(lockscope::RedisErrorKind)

namespace QTest {
template <> char *toString(const Reply &r)
{
    return qstrdup(r.toDisplay().constData());
}
template <> char *toString(const RedisErrorKind &k)
{
    return qstrdup(errorKindId(k).toUtf8().constData());
}
} // namespace QTest

namespace {

Command cmd(std::initializer_list<QByteArray> parts)
{
    return Command(parts);
}

// A reply that arrives later, into storage the callback shares: if a wait gives up, a late
// callback still has somewhere to write.
struct Pending {
    bool done = false;
    int calls = 0;
    Reply reply;
};
using PendingPtr = std::shared_ptr<Pending>;

PendingPtr sendAsync(Connection &c, const Command &argv, qint64 timeoutMs = -1)
{
    auto p = std::make_shared<Pending>();
    c.send(
        argv,
        [p](const Reply &r) {
            p->done = true;
            ++p->calls;
            p->reply = r;
        },
        timeoutMs);
    return p;
}

Reply waitFor(const PendingPtr &p, int waitMs = 5000)
{
    if (!QTest::qWaitFor([&] { return p->done; }, waitMs))
        return Reply::noReply(NoReplyKind::Disconnected,
                              QByteArrayLiteral("test: no callback within the wait"));
    return p->reply;
}

// Sends and waits (bounded) for the callback.
Reply call(Connection &c, const Command &argv, qint64 timeoutMs = -1, int waitMs = 5000)
{
    return waitFor(sendAsync(c, argv, timeoutMs), waitMs);
}

ConnectionOptions tcpOptions(const RedisServer &server)
{
    ConnectionOptions o;
    o.host = server.host();
    o.port = server.port();
    o.connectTimeoutMs = 2000;
    o.requestTimeoutMs = 3000;
    o.reconnectMinMs = 20;
    o.reconnectMaxMs = 200;
    return o;
}

// "calls=3" of one cmdstat_<name> line of INFO commandstats; 0 when the command never ran.
qint64 commandCalls(const QByteArray &info, const QByteArray &name)
{
    const QByteArray marker = "cmdstat_" + name + ":calls=";
    const qsizetype at = info.indexOf(marker);
    if (at < 0)
        return 0;
    const qsizetype start = at + marker.size();
    qsizetype end = start;
    while (end < info.size() && info.at(end) >= '0' && info.at(end) <= '9')
        ++end;
    return info.mid(start, end - start).toLongLong();
}

#define OPEN_READY(conn)                                                                           \
    do {                                                                                           \
        (conn).open();                                                                             \
        QTRY_VERIFY_WITH_TIMEOUT((conn).isReady(), 5000);                                          \
    } while (false)

} // namespace

class TestConnection : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    // Pure parts: no server needed.
    void fromUrl_data();
    void fromUrl();
    void fromUrlErrors_data();
    void fromUrlErrors();
    void isWriteCommand_data();
    void isWriteCommand();
    void classify_data();
    void classify();
    void encodesCommandsAsHiredisDoes();

    // The protocol.
    void requestsBeforeOpenWaitForReady();
    void pipelinesAThousandCommandsInOrder();
    void replyTurnsLetTheLoopRunBetweenReplies();
    void maxBytesInFlightHoldsCommandsBackInOrder();
    void binarySafeValues();
    void nestedArrays();
    void typedServerErrors();
    void evalScriptFallsBackToEval();
    void selectsTheDatabase();
    void pubSubMessages();
    void closeFailsRequestsInFlight();

    // Handshake and transports.
    void plainPassword();
    void wrongPassword();
    void noAuthWithoutPassword();
    void aclUser();
    void clientNameOnEveryConnect();
    void clientNameRefusedIsNotFatal();
    void unixSocket();
    void tlsVerifiesTheServer();
    void tlsWrongCaFails();
    void tlsClientCertificate();

    // Failures.
    void requestTimeoutWhileServerPaused();
    void reconnectsAfterServerRestart();
    void connectionRefused();
    void connectTimeout();

    // Monitor safety.
    void readOnlyRefusesWritesBeforeSending();
    void readOnlyReplica();

private:
    bool makeCertificates() { return m_certs.make(); }
    QString cert(const char *name) const { return m_certs.path(name); }

    std::unique_ptr<RedisServer> m_server; // shared by the tests that do not harm it
    RedisTestClient m_admin;
    TestCertificates m_certs;
};

void TestConnection::initTestCase()
{
    m_server = std::make_unique<RedisServer>();
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
    QVERIFY2(m_admin.connect(m_server->host(), m_server->port()),
             qPrintable(m_admin.errorString()));
}

void TestConnection::init()
{
    if (m_admin.isConnected())
        QCOMPARE(m_admin.command(cmd({"FLUSHALL"})), Reply::ok());
}

// --- URLs ----------------------------------------------------------------------------------

void TestConnection::fromUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("unixSocket");
    QTest::addColumn<int>("db");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<bool>("tls");
    QTest::addColumn<QString>("display");

    const QString none;
    QTest::newRow("plain host") << QStringLiteral("cache") << QStringLiteral("cache") << 6379
                                << none << 0 << none << none << false
                                << QStringLiteral("cache:6379");
    QTest::newRow("host:port") << QStringLiteral("10.0.0.5:6380") << QStringLiteral("10.0.0.5")
                               << 6380 << none << 0 << none << none << false
                               << QStringLiteral("10.0.0.5:6380");
    QTest::newRow("bare ipv6") << QStringLiteral("::1") << QStringLiteral("::1") << 6379 << none
                               << 0 << none << none << false << QStringLiteral("[::1]:6379");
    QTest::newRow("redis://") << QStringLiteral("redis://127.0.0.1:7000/3")
                              << QStringLiteral("127.0.0.1") << 7000 << none << 3 << none << none
                              << false << QStringLiteral("127.0.0.1:7000/3");
    QTest::newRow("default port, trailing slash")
        << QStringLiteral("redis://cache/") << QStringLiteral("cache") << 6379 << none << 0 << none
        << none << false << QStringLiteral("cache:6379");
    QTest::newRow("password only")
        << QStringLiteral("redis://:s3cret@cache:6379") << QStringLiteral("cache") << 6379 << none
        << 0 << none << QStringLiteral("s3cret") << false << QStringLiteral("cache:6379");
    QTest::newRow("acl user") << QStringLiteral("redis://app:pa%40ss%3Aw%2Fd@cache:6390/2")
                              << QStringLiteral("cache") << 6390 << none << 2
                              << QStringLiteral("app") << QStringLiteral("pa@ss:w/d") << false
                              << QStringLiteral("cache:6390/2");
    QTest::newRow("unencoded @ in password")
        << QStringLiteral("redis://app:p@ss@cache") << QStringLiteral("cache") << 6379 << none << 0
        << QStringLiteral("app") << QStringLiteral("p@ss") << false << QStringLiteral("cache:6379");
    QTest::newRow("percent-encoded user")
        << QStringLiteral("redis://%E7%94%A8:x@h") << QStringLiteral("h") << 6379 << none << 0
        << QStringLiteral("\u7528") << QStringLiteral("x") << false << QStringLiteral("h:6379");
    QTest::newRow("rediss://") << QStringLiteral("rediss://cache:6380/2") << QStringLiteral("cache")
                               << 6380 << none << 2 << none << none << true
                               << QStringLiteral("rediss://cache:6380/2");
    QTest::newRow("ipv6 in brackets")
        << QStringLiteral("redis://[::1]:6400") << QStringLiteral("::1") << 6400 << none << 0
        << none << none << false << QStringLiteral("[::1]:6400");
    QTest::newRow("ipv6 no port") << QStringLiteral("rediss://[fe80::1]")
                                  << QStringLiteral("fe80::1") << 6379 << none << 0 << none << none
                                  << true << QStringLiteral("rediss://[fe80::1]:6379");
    QTest::newRow("db as parameter")
        << QStringLiteral("redis://h:1?db=4") << QStringLiteral("h") << 1 << none << 4 << none
        << none << false << QStringLiteral("h:1/4");
    QTest::newRow("unix://") << QStringLiteral("unix:///run/redis.sock")
                             << QStringLiteral("127.0.0.1") << 6379
                             << QStringLiteral("/run/redis.sock") << 0 << none << none << false
                             << QStringLiteral("unix:///run/redis.sock");
    QTest::newRow("unix db") << QStringLiteral("unix:///tmp/r.sock?db=5")
                             << QStringLiteral("127.0.0.1") << 6379 << QStringLiteral("/tmp/r.sock")
                             << 5 << none << none << false
                             << QStringLiteral("unix:///tmp/r.sock?db=5");
    QTest::newRow("unix with user")
        << QStringLiteral("unix://app:pw@/tmp/r.sock") << QStringLiteral("127.0.0.1") << 6379
        << QStringLiteral("/tmp/r.sock") << 0 << QStringLiteral("app") << QStringLiteral("pw")
        << false << QStringLiteral("unix:///tmp/r.sock");
    QTest::newRow("bare socket path")
        << QStringLiteral("/var/run/redis.sock") << QStringLiteral("127.0.0.1") << 6379
        << QStringLiteral("/var/run/redis.sock") << 0 << none << none << false
        << QStringLiteral("unix:///var/run/redis.sock");
    QTest::newRow("scheme is case-insensitive, spaces trimmed")
        << QStringLiteral("  REDIS://h:2  ") << QStringLiteral("h") << 2 << none << 0 << none
        << none << false << QStringLiteral("h:2");
}

void TestConnection::fromUrl()
{
    QFETCH(QString, url);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, unixSocket);
    QFETCH(int, db);
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(bool, tls);
    QFETCH(QString, display);

    ConnectionOptions o;
    o.readOnly = true; // not an address property: must survive
    o.requestTimeoutMs = 1234;
    o.username = QStringLiteral("stale");
    o.db = 9;
    QString error;
    QVERIFY2(ConnectionOptions::fromUrl(url, &o, &error), qPrintable(error));
    QCOMPARE(o.host, host);
    QCOMPARE(int(o.port), port);
    QCOMPARE(o.unixSocket, unixSocket);
    QCOMPARE(o.db, db);
    QCOMPARE(o.username, user);
    QCOMPARE(o.password, password);
    QCOMPARE(o.tls, tls);
    QCOMPARE(o.displayName(), display);
    QVERIFY(o.readOnly);
    QCOMPARE(o.requestTimeoutMs, qint64(1234));
    if (!password.isEmpty())
        QVERIFY(!o.displayName().contains(password));
}

void TestConnection::fromUrlErrors_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("error");

    QTest::newRow("empty") << QString() << QStringLiteral("empty address");
    QTest::newRow("bad scheme") << QStringLiteral("http://cache:6379")
                                << QStringLiteral("unsupported scheme 'http'");
    QTest::newRow("port zero") << QStringLiteral("redis://cache:0")
                               << QStringLiteral("bad port '0'");
    QTest::newRow("port too big") << QStringLiteral("redis://cache:70000")
                                  << QStringLiteral("bad port '70000'");
    QTest::newRow("port not a number")
        << QStringLiteral("cache:abc") << QStringLiteral("bad port 'abc'");
    QTest::newRow("port with sign")
        << QStringLiteral("redis://cache:+80") << QStringLiteral("bad port '+80'");
    QTest::newRow("empty port") << QStringLiteral("redis://cache:")
                                << QStringLiteral("bad port ''");
    QTest::newRow("db not a number")
        << QStringLiteral("redis://cache/x") << QStringLiteral("bad database 'x'");
    QTest::newRow("negative db") << QStringLiteral("redis://cache:6379/-1")
                                 << QStringLiteral("bad database '-1'");
    QTest::newRow("db parameter") << QStringLiteral("unix:///tmp/r.sock?db=two")
                                  << QStringLiteral("bad database 'two'");
    QTest::newRow("unknown parameter") << QStringLiteral("redis://cache?timeout=5")
                                       << QStringLiteral("unknown parameter 'timeout'");
    QTest::newRow("relative socket")
        << QStringLiteral("unix://run/redis.sock") << QStringLiteral("must be absolute");
    QTest::newRow("no host") << QStringLiteral("redis://:pw@/0") << QStringLiteral("no host");
    QTest::newRow("unclosed bracket")
        << QStringLiteral("redis://[::1:6379") << QStringLiteral("missing ']'");
    QTest::newRow("unbracketed ipv6 in url")
        << QStringLiteral("redis://::1:6379") << QStringLiteral("needs brackets");
    QTest::newRow("several servers")
        << QStringLiteral("127.0.0.1:7621,127.0.0.1:7622,127.0.0.1:7623")
        << QStringLiteral("lists several servers");
    QTest::newRow("several servers in a url")
        << QStringLiteral("redis://a:7621,b:7622/0") << QStringLiteral("lists several servers");
}

void TestConnection::fromUrlErrors()
{
    QFETCH(QString, url);
    QFETCH(QString, error);
    ConnectionOptions o;
    o.host = QStringLiteral("untouched");
    QString message;
    QVERIFY(!ConnectionOptions::fromUrl(url, &o, &message));
    QVERIFY2(message.contains(error), qPrintable(message));
    QCOMPARE(o.host, QStringLiteral("untouched"));
    QVERIFY(!message.contains(QStringLiteral("pw@")));
}

// --- the write table -------------------------------------------------------------------------

void TestConnection::isWriteCommand_data()
{
    QTest::addColumn<Command>("argv");
    QTest::addColumn<bool>("write");

    const auto row = [](const char *tag, Command argv, bool write) {
        QTest::newRow(tag) << argv << write;
    };
    row("SET", cmd({"SET", "k", "v"}), true);
    row("set lowercase", cmd({"set", "k", "v"}), true);
    row("DEL", cmd({"DEL", "k"}), true);
    row("UNLINK", cmd({"UNLINK", "k"}), true);
    row("EXPIRE", cmd({"EXPIRE", "k", "1"}), true);
    row("PEXPIRE", cmd({"PEXPIRE", "k", "1"}), true);
    row("HSET", cmd({"HSET", "h", "f", "v"}), true);
    row("INCR", cmd({"INCR", "c"}), true);
    row("GETDEL", cmd({"GETDEL", "k"}), true);
    row("GETEX", cmd({"GETEX", "k"}), true);
    row("FLUSHALL", cmd({"FLUSHALL"}), true);
    row("FLUSHDB", cmd({"FLUSHDB"}), true);
    row("EVAL", cmd({"EVAL", "return 1", "0"}), true);
    row("EVALSHA", cmd({"EVALSHA", "abc", "0"}), true);
    row("FCALL", cmd({"FCALL", "f", "0"}), true);
    row("PUBLISH", cmd({"PUBLISH", "ch", "m"}), true);
    row("CONFIG SET", cmd({"CONFIG", "SET", "maxmemory", "1"}), true);
    row("config set lowercase", cmd({"config", "set", "maxmemory", "1"}), true);
    row("CONFIG RESETSTAT", cmd({"CONFIG", "RESETSTAT"}), true);
    row("CONFIG without subcommand", cmd({"CONFIG"}), true);
    row("CONFIG unknown subcommand", cmd({"CONFIG", "FROBNICATE"}), true);
    row("SCRIPT LOAD", cmd({"SCRIPT", "LOAD", "return 1"}), true);
    row("SCRIPT FLUSH", cmd({"SCRIPT", "FLUSH"}), true);
    row("CLIENT KILL", cmd({"CLIENT", "KILL", "ID", "1"}), true);
    row("CLIENT PAUSE", cmd({"CLIENT", "PAUSE", "100"}), true);
    row("ACL SETUSER", cmd({"ACL", "SETUSER", "x"}), true);
    row("ACL LOG RESET", cmd({"ACL", "LOG", "RESET"}), true);
    row("SHUTDOWN", cmd({"SHUTDOWN"}), true);
    row("REPLICAOF", cmd({"REPLICAOF", "NO", "ONE"}), true);
    row("SORT", cmd({"SORT", "l"}), true);
    row("XREADGROUP", cmd({"XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">"}), true);
    row("unknown command", cmd({"JSON.SET", "k", "$", "1"}), true);
    row("empty", Command(), true);

    row("GET", cmd({"GET", "k"}), false);
    row("get lowercase", cmd({"get", "k"}), false);
    row("PTTL", cmd({"PTTL", "k"}), false);
    row("TTL", cmd({"TTL", "k"}), false);
    row("TYPE", cmd({"TYPE", "k"}), false);
    row("EXISTS", cmd({"EXISTS", "k"}), false);
    row("SCAN", cmd({"SCAN", "0", "COUNT", "100"}), false);
    row("HGETALL", cmd({"HGETALL", "h"}), false);
    row("HSCAN", cmd({"HSCAN", "h", "0"}), false);
    row("MGET", cmd({"MGET", "a", "b"}), false);
    row("INFO", cmd({"INFO", "keyspace"}), false);
    row("PING", cmd({"PING"}), false);
    row("SUBSCRIBE", cmd({"SUBSCRIBE", "ch"}), false);
    row("PSUBSCRIBE", cmd({"PSUBSCRIBE", "ch*"}), false);
    row("UNSUBSCRIBE", cmd({"UNSUBSCRIBE"}), false);
    row("CONFIG GET", cmd({"CONFIG", "GET", "notify-keyspace-events"}), false);
    row("config get lowercase", cmd({"config", "get", "maxmemory"}), false);
    row("CLIENT SETNAME", cmd({"CLIENT", "SETNAME", "lockscope"}), false);
    row("CLIENT LIST", cmd({"CLIENT", "LIST"}), false);
    row("ACL LOG", cmd({"ACL", "LOG"}), false);
    row("SCRIPT EXISTS", cmd({"SCRIPT", "EXISTS", "abc"}), false);
    row("EVAL_RO", cmd({"EVAL_RO", "return 1", "0"}), false);
    row("EVALSHA_RO", cmd({"EVALSHA_RO", "abc", "0"}), false);
    row("FCALL_RO", cmd({"FCALL_RO", "f", "0"}), false);
    row("SELECT", cmd({"SELECT", "2"}), false);
    row("AUTH", cmd({"AUTH", "pw"}), false);
    row("SORT_RO", cmd({"SORT_RO", "l"}), false);
    row("OBJECT ENCODING", cmd({"OBJECT", "ENCODING", "k"}), false);
    row("MEMORY USAGE", cmd({"MEMORY", "USAGE", "k"}), false);
    row("DBSIZE", cmd({"DBSIZE"}), false);
    row("XINFO STREAM", cmd({"XINFO", "STREAM", "s"}), false);
}

void TestConnection::isWriteCommand()
{
    QFETCH(Command, argv);
    QFETCH(bool, write);
    QCOMPARE(Connection::isWriteCommand(argv), write);
    // The name-only form agrees ("CONFIG SET" as one string) for names and subcommands.
    if (!argv.isEmpty() && !(argv.size() > 2 && argv.at(0).toUpper() == "ACL")) {
        const bool container = argv.at(0).toUpper() == "CONFIG" ||
                               argv.at(0).toUpper() == "CLIENT" ||
                               argv.at(0).toUpper() == "SCRIPT" || argv.at(0).toUpper() == "ACL" ||
                               argv.at(0).toUpper() == "OBJECT" ||
                               argv.at(0).toUpper() == "MEMORY" || argv.at(0).toUpper() == "XINFO";
        const QByteArray name =
            container && argv.size() > 1 ? argv.at(0) + ' ' + argv.at(1) : argv.at(0);
        QCOMPARE(Connection::isWriteCommand(name), write);
    }
}

// --- classification --------------------------------------------------------------------------

void TestConnection::classify_data()
{
    QTest::addColumn<Reply>("reply");
    QTest::addColumn<RedisErrorKind>("kind");
    QTest::addColumn<QString>("described"); // a piece of describe()'s sentence

    const auto err = [](const char *text) { return Reply::error(QByteArray(text)); };
    const auto none = [](NoReplyKind kind, const char *text) {
        return Reply::noReply(kind, QByteArray(text));
    };
    using K = RedisErrorKind;
    QTest::newRow("ok") << Reply::ok() << K::None << QStringLiteral("OK");
    QTest::newRow("nil") << Reply::nil() << K::None << QStringLiteral("(nil)");
    QTest::newRow("NOAUTH") << err("NOAUTH Authentication required.") << K::NoAuth
                            << QStringLiteral("requires authentication");
    QTest::newRow("WRONGPASS")
        << err("WRONGPASS invalid username-password pair or user is disabled.") << K::WrongPass
        << QStringLiteral("wrong password for user 'default' on 127.0.0.1:6379");
    QTest::newRow("ERR invalid password (Redis 5)")
        << err("ERR invalid password") << K::WrongPass << QStringLiteral("wrong password");
    QTest::newRow("password not configured")
        << err("ERR AUTH <password> called without any password configured for the default "
               "user. Are you sure your configuration is correct?")
        << K::WrongPass << QStringLiteral("has no password set");
    QTest::newRow("NOPERM") << err("NOPERM this user has no permissions to run the 'flushall' "
                                   "command")
                            << K::NoPerm << QStringLiteral("'flushall'");
    QTest::newRow("READONLY") << err("READONLY You can't write against a read only replica.")
                              << K::ReadOnlyReplica << QStringLiteral("read-only replica");
    QTest::newRow("LOADING") << err("LOADING Redis is loading the dataset in memory") << K::Loading
                             << QStringLiteral("still loading");
    QTest::newRow("MOVED") << err("MOVED 3999 127.0.0.1:6381") << K::Moved
                           << QStringLiteral("MOVED 3999 127.0.0.1:6381");
    QTest::newRow("ASK") << err("ASK 3999 127.0.0.1:6381") << K::Moved << QStringLiteral("cluster");
    QTest::newRow("BUSY") << err("BUSY Redis is busy running a script. You can only call SCRIPT "
                                 "KILL or SHUTDOWN NOSAVE.")
                          << K::Busy << QStringLiteral("SCRIPT KILL");
    QTest::newRow("BUSYKEY is not BUSY")
        << err("BUSYKEY Target key name already exists.") << K::ServerError
        << QStringLiteral("answered with an error: BUSYKEY");
    QTest::newRow("WRONGTYPE")
        << err("WRONGTYPE Operation against a key holding the wrong kind of value") << K::WrongType
        << QStringLiteral("wrong kind of value");
    QTest::newRow("NOSCRIPT") << err("NOSCRIPT No matching script. Please use EVAL.") << K::NoScript
                              << QStringLiteral("script cache");
    QTest::newRow("ERR") << err("ERR unknown command 'FOO'") << K::ServerError
                         << QStringLiteral("ERR unknown command");
    using N = NoReplyKind;
    QTest::newRow("timeout") << none(N::Timeout, "timeout after 250 ms") << K::Timeout
                             << QStringLiteral("timeout after 250 ms");
    QTest::newRow("refused") << none(N::ConnectionRefused,
                                     "connection refused: cannot connect to 127.0.0.1:6379")
                             << K::ConnectionRefused << QStringLiteral("connection refused");
    QTest::newRow("host not found")
        << none(N::HostNotFound, "host not found: cannot connect to nowhere:6379")
        << K::HostNotFound << QStringLiteral("nowhere");
    QTest::newRow("disconnected") << none(N::Disconnected,
                                          "disconnected: 127.0.0.1:6379 closed the connection")
                                  << K::Disconnected << QStringLiteral("closed the connection");
    QTest::newRow("closed") << none(N::Disconnected, "connection closed") << K::Disconnected
                            << QStringLiteral("connection closed (127.0.0.1:6379)");
    QTest::newRow("read-only refusal")
        << none(N::RefusedReadOnly,
                "refused: SET is a write command and this connection is read-only")
        << K::RefusedReadOnly << QStringLiteral("not sent to 127.0.0.1:6379: SET is a write");
    QTest::newRow("tls") << none(N::TlsError, "TLS error: the TLS handshake with x failed")
                         << K::TlsError << QStringLiteral("handshake");
    QTest::newRow("protocol") << none(N::ProtocolError, "protocol error: bad data")
                              << K::ProtocolError << QStringLiteral("bad data");
    QTest::newRow("simulator node down")
        << none(N::Disconnected, "node down") << K::Disconnected << QStringLiteral("node down");
    // The kind comes from the reply, never from its words: a lost connection to a host whose
    // name starts like another kind's message is still a lost connection, and a timeout is a
    // timeout whatever its text says.
    QTest::newRow("kind, not text: disconnected")
        << none(N::Disconnected, "tls.example.com:6379 is still loading its dataset")
        << K::Disconnected << QStringLiteral("tls.example.com:6379 is still loading");
    QTest::newRow("kind, not text: timeout")
        << none(N::Timeout, "no answer in time") << K::Timeout
        << QStringLiteral("no answer from 127.0.0.1:6379 in time: no answer in time");
}

void TestConnection::classify()
{
    QFETCH(Reply, reply);
    QFETCH(RedisErrorKind, kind);
    QFETCH(QString, described);
    QCOMPARE(Connection::classify(reply), kind);
    ConnectionOptions o; // 127.0.0.1:6379, no user
    o.password = QStringLiteral("hunter2");
    const Connection c(o);
    const QString sentence = c.describe(reply);
    QVERIFY2(sentence.contains(described), qPrintable(sentence));
    QVERIFY(!sentence.contains(QStringLiteral("hunter2")));
    QVERIFY(!errorKindId(kind).isEmpty());
}

// The command encoder is LockScope's own (hiredis's sprintf-based one was the monitor's cost):
// the expected bytes come from hiredis's redisFormatCommandArgv, an independent implementation.
void TestConnection::encodesCommandsAsHiredisDoes()
{
    const QByteArray longArg(70000, 'x');
    const QList<Command> commands{
        {QByteArrayLiteral("PING")},
        {QByteArrayLiteral("SET"), QByteArrayLiteral("k"), QByteArray()},
        {QByteArrayLiteral("GETRANGE"), QByteArrayLiteral("lock:a"), QByteArrayLiteral("0"),
         QByteArrayLiteral("4095")},
        {QByteArrayLiteral("SET"), QByteArray("a\0b\r\nc", 7), QByteArray("\xff\xfe\r\n", 4)},
        {QByteArrayLiteral("SET"), QByteArrayLiteral("big"), longArg},
    };
    for (const Command &argv : commands) {
        std::vector<const char *> args;
        std::vector<size_t> lengths;
        for (const QByteArray &a : argv) {
            args.push_back(a.constData());
            lengths.push_back(size_t(a.size()));
        }
        char *hiredisWire = nullptr;
        const int len =
            redisFormatCommandArgv(&hiredisWire, int(args.size()), args.data(), lengths.data());
        QVERIFY(len > 0 && hiredisWire);
        const QByteArray expected(hiredisWire, len);
        redisFreeCommand(hiredisWire);
        QCOMPARE(qtredis::encodeCommand(argv), expected);
    }
}

// --- protocol --------------------------------------------------------------------------------

void TestConnection::requestsBeforeOpenWaitForReady()
{
    Connection c(tcpOptions(*m_server));
    QCOMPARE(c.state(), Connection::State::Disconnected);
    QList<QByteArray> order;
    for (const char *word : {"one", "two", "three"}) {
        c.send(cmd({"ECHO", word}), [&order](const Reply &r) { order.append(r.text()); });
    }
    QTest::qWait(50);
    QVERIFY(order.isEmpty()); // nothing happens before open()
    QSignalSpy ready(&c, &Connection::ready);
    c.open();
    QTRY_COMPARE(order.size(), 3);
    QCOMPARE(order, (QList<QByteArray>{"one", "two", "three"}));
    QCOMPARE(ready.count(), 1);
    QVERIFY(c.isReady());
    QCOMPARE(c.commandsSent(), quint64(3));
}

void TestConnection::pipelinesAThousandCommandsInOrder()
{
    Connection c(tcpOptions(*m_server));
    OPEN_READY(c);
    constexpr int n = 1000;
    QList<int> order;
    QList<qint64> lengths;
    for (int i = 0; i < n; ++i) {
        c.send(cmd({"RPUSH", "pipe", QByteArray::number(i)}),
               [&order, &lengths, i](const Reply &r) {
                   order.append(i);
                   lengths.append(r.isInteger() ? r.integer() : -1);
               });
    }
    // Written at once, without waiting for any reply: a pipeline, not 1000 round trips.
    QCOMPARE(c.commandsSent(), quint64(n));
    QVERIFY(order.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), n, 10000);
    for (int i = 0; i < n; ++i) {
        QCOMPARE(order.at(i), i);
        QCOMPARE(lengths.at(i), qint64(i + 1));
    }
    const Reply list = call(c, cmd({"LRANGE", "pipe", "0", "-1"}));
    QVERIFY(list.isArray());
    QCOMPARE(list.elements().size(), n);
    for (int i = 0; i < n; ++i)
        QCOMPARE(list.elements().at(i).text(), QByteArray::number(i));
}

// With replyTurnMs, thousands of replies that arrived together are handed out a turn of the
// event loop at a time, in order: the loop runs other events in between (the window's input).
void TestConnection::replyTurnsLetTheLoopRunBetweenReplies()
{
    ConnectionOptions o = tcpOptions(*m_server);
    o.replyTurnMs = 1;
    Connection c(o);
    OPEN_READY(c);
    // A posted event that posts itself again: it runs once per pass of the loop.
    QObject pinger;
    int pings = 0;
    std::function<void()> ping = [&] {
        ++pings;
        QMetaObject::invokeMethod(&pinger, ping, Qt::QueuedConnection);
    };
    constexpr int n = 2000;
    QList<int> order;
    int breaks = 0, pingsAtLast = -1;
    for (int i = 0; i < n; ++i) {
        c.send(cmd({"ECHO", QByteArray::number(i)}), [&, i](const Reply &r) {
            order.append(r.text() == QByteArray::number(i) ? i : -1);
            if (pingsAtLast >= 0 && pings != pingsAtLast)
                ++breaks;
            pingsAtLast = pings;
            QElapsedTimer spin; // a reply that takes the window 100 us to apply
            spin.start();
            while (spin.nsecsElapsed() < 100000) {
            }
        });
    }
    QMetaObject::invokeMethod(&pinger, ping, Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), n, 20000);
    for (int i = 0; i < n; ++i)
        QCOMPARE(order.at(i), i);
    // 200 ms of replies in turns of 1 ms (the clock is read every 32 replies, 3.2 ms here):
    // about 60 turns; however the replies arrived, the loop ran between them many times.
    QVERIFY2(breaks >= 20, qPrintable(QString::number(breaks)));
}

// With maxBytesInFlight, a pipeline goes out as the replies make room: never more than the
// limit unanswered (the server's loop takes only that much of it per pass), every reply in
// order, and a command bigger than the limit still goes, alone.
void TestConnection::maxBytesInFlightHoldsCommandsBackInOrder()
{
    ConnectionOptions o = tcpOptions(*m_server);
    o.maxBytesInFlight = 1024;
    Connection c(o);
    OPEN_READY(c);
    constexpr int n = 2000;
    QList<int> order;
    qint64 mostInFlight = 0;
    for (int i = 0; i < n; ++i) {
        c.send(cmd({"ECHO", "value-" + QByteArray::number(i)}), [&, i](const Reply &r) {
            order.append(r.text() == "value-" + QByteArray::number(i) ? i : -1);
            mostInFlight = qMax(mostInFlight, c.bytesInFlight());
        });
        mostInFlight = qMax(mostInFlight, c.bytesInFlight());
    }
    // About 30 bytes a command: a few dozen are written, the rest wait.
    QVERIFY2(c.commandsSent() < 50, qPrintable(QString::number(c.commandsSent())));
    QVERIFY(c.commandsSent() > 10);
    const QByteArray big(5000, 'x');
    Reply bigReply;
    c.send(cmd({"SET", "big", big}), [&](const Reply &r) { bigReply = r; });
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), n, 10000);
    for (int i = 0; i < n; ++i)
        QCOMPARE(order.at(i), i);
    QVERIFY2(mostInFlight <= 1024, qPrintable(QString::number(mostInFlight)));
    QVERIFY(mostInFlight > 512);
    QTRY_COMPARE(bigReply, Reply::ok());
    QCOMPARE(m_admin.command(cmd({"STRLEN", "big"})), Reply::integer(big.size()));
    QCOMPARE(c.bytesInFlight(), 0);
    QCOMPARE(c.commandsSent(), quint64(n + 1));
}

void TestConnection::binarySafeValues()
{
    Connection c(tcpOptions(*m_server));
    OPEN_READY(c);
    static constexpr char rawKey[] = "bin\0key\r\n";
    static constexpr char rawValue[] = "a\0b\r\nc\xff$3\r\n*1";
    const QByteArray key(rawKey, sizeof(rawKey) - 1);
    const QByteArray value(rawValue, sizeof(rawValue) - 1);
    QCOMPARE(call(c, cmd({"SET", key, value})), Reply::ok());
    QCOMPARE(call(c, cmd({"GET", key})), Reply::bulk(value));
    QCOMPARE(call(c, cmd({"STRLEN", key})), Reply::integer(value.size()));
    // The server stored exactly these bytes: another client sees the same.
    QCOMPARE(m_admin.command(cmd({"GET", key})), Reply::bulk(value));
    QCOMPARE(call(c, cmd({"SET", "empty", ""})), Reply::ok());
    QCOMPARE(call(c, cmd({"GET", "empty"})), Reply::bulk(QByteArray()));
    QCOMPARE(call(c, cmd({"GET", "missing"})), Reply::nil());
}

void TestConnection::nestedArrays()
{
    Connection c(tcpOptions(*m_server));
    OPEN_READY(c);
    const Reply nested =
        call(c, cmd({"EVAL", "return {1, {2, {'three', false}}, 'x', {}, -42}", "0"}));
    const Reply expected = Reply::array(
        {Reply::integer(1),
         Reply::array({Reply::integer(2), Reply::array({Reply::bulk("three"), Reply::nil()})}),
         Reply::bulk("x"), Reply::array({}), Reply::integer(-42)});
    QCOMPARE(nested, expected);
    QCOMPARE(call(c, cmd({"EVAL", "return redis.status_reply('FINE')", "0"})),
             Reply::status("FINE"));
    QCOMPARE(call(c, cmd({"SET", "a", "1"})), Reply::ok());
    QCOMPARE(call(c, cmd({"MGET", "a", "nope"})), Reply::array({Reply::bulk("1"), Reply::nil()}));
    QCOMPARE(call(c, cmd({"HSET", "h", "f", "v"})), Reply::integer(1));
    QCOMPARE(call(c, cmd({"HGETALL", "h"})), Reply::array({Reply::bulk("f"), Reply::bulk("v")}));
    const Reply scan = call(c, cmd({"SCAN", "0", "COUNT", "100"}));
    QVERIFY(scan.isArray());
    QCOMPARE(scan.elements().size(), 2);
    QVERIFY(scan.elements().at(1).isArray());
}

void TestConnection::typedServerErrors()
{
    Connection c(tcpOptions(*m_server));
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"RPUSH", "list", "a"})), Reply::integer(1));
    const Reply wrongType = call(c, cmd({"GET", "list"}));
    QVERIFY(wrongType.isError());
    QCOMPARE(Connection::classify(wrongType), RedisErrorKind::WrongType);
    QVERIFY(c.describe(wrongType).contains(c.options().displayName()));

    const Reply noScript = call(c, cmd({"EVALSHA", QByteArray(40, 'f'), "0"}));
    QCOMPARE(Connection::classify(noScript), RedisErrorKind::NoScript);

    QCOMPARE(call(c, cmd({"SET", "s", "text"})), Reply::ok());
    const Reply notInteger = call(c, cmd({"INCR", "s"}));
    QCOMPARE(Connection::classify(notInteger), RedisErrorKind::ServerError);
    QVERIFY(c.describe(notInteger).contains(QStringLiteral("not an integer")));

    // An error does not disturb the replies around it.
    const PendingPtr a = sendAsync(c, cmd({"ECHO", "before"}));
    const PendingPtr b = sendAsync(c, cmd({"GET", "list"}));
    const PendingPtr d = sendAsync(c, cmd({"ECHO", "after"}));
    QCOMPARE(waitFor(d), Reply::bulk("after"));
    QCOMPARE(a->reply, Reply::bulk("before"));
    QCOMPARE(Connection::classify(b->reply), RedisErrorKind::WrongType);
}

void TestConnection::evalScriptFallsBackToEval()
{
    QCOMPARE(m_admin.command(cmd({"SCRIPT", "FLUSH"})), Reply::ok());
    QCOMPARE(m_admin.command(cmd({"CONFIG", "RESETSTAT"})), Reply::ok());
    Connection c(tcpOptions(*m_server));
    OPEN_READY(c);
    const QByteArray body = "return redis.call('INCR', KEYS[1]) + tonumber(ARGV[1])";
    const QByteArray sha = QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();

    const auto run = [&](const QByteArray &sha1) {
        auto p = std::make_shared<Pending>();
        c.evalScript(sha1, body, cmd({"ctr"}), cmd({"10"}), [p](const Reply &r) {
            p->done = true;
            ++p->calls;
            p->reply = r;
        });
        return p;
    };
    const PendingPtr first = run(sha); // NOSCRIPT, then EVAL
    QCOMPARE(waitFor(first), Reply::integer(11));
    const PendingPtr second = run(sha); // cached now: EVALSHA only
    QCOMPARE(waitFor(second), Reply::integer(12));
    const PendingPtr third = run(QByteArray()); // the sha is computed from the body
    QCOMPARE(waitFor(third), Reply::integer(13));
    QCOMPARE(first->calls, 1);
    QCOMPARE(second->calls, 1);

    const QByteArray info = m_admin.command(cmd({"INFO", "commandstats"})).text();
    QCOMPARE(commandCalls(info, "evalsha"), qint64(3));
    QCOMPARE(commandCalls(info, "eval"), qint64(1));

    // A script error is the script's error, not a fallback.
    auto p = std::make_shared<Pending>();
    c.evalScript({}, "return redis.call('NOSUCHCOMMAND')", {}, {}, [p](const Reply &r) {
        p->done = true;
        p->reply = r;
    });
    const Reply failed = waitFor(p);
    QVERIFY(failed.isError());
    QCOMPARE(Connection::classify(failed), RedisErrorKind::ServerError);
}

void TestConnection::selectsTheDatabase()
{
    ConnectionOptions o = tcpOptions(*m_server);
    o.db = 5;
    Connection c(o);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"SET", "where", "five"})), Reply::ok());

    RedisTestClient check;
    QVERIFY(check.connect(m_server->host(), m_server->port()));
    QCOMPARE(check.command(cmd({"GET", "where"})), Reply::nil());
    QCOMPARE(check.command(cmd({"SELECT", "5"})), Reply::ok());
    QCOMPARE(check.command(cmd({"GET", "where"})), Reply::bulk("five"));

    // A database that does not exist fails the handshake for good.
    ConnectionOptions bad = tcpOptions(*m_server);
    bad.db = 99;
    Connection b(bad);
    QSignalSpy errors(&b, &Connection::connectionError);
    const PendingPtr ping = sendAsync(b, cmd({"PING"}));
    b.open();
    QTRY_VERIFY(ping->done);
    QVERIFY(ping->reply.isError());
    QCOMPARE(Connection::classify(ping->reply), RedisErrorKind::ServerError);
    QCOMPARE(errors.count(), 1);
    QVERIFY2(errors.at(0).at(1).toString().contains(QStringLiteral("DB index is out of range")),
             qPrintable(errors.at(0).at(1).toString()));
    QCOMPARE(b.state(), Connection::State::Disconnected);
}

void TestConnection::pubSubMessages()
{
    Connection c(tcpOptions(*m_server));
    OPEN_READY(c);
    QSignalSpy messages(&c, &Connection::messageReceived);
    c.subscribe("news");
    const auto subscribers = [this](const QByteArray &channel) {
        const Reply r = m_admin.command(cmd({"PUBSUB", "NUMSUB", channel}));
        return r.isArray() && r.elements().size() == 2 ? r.elements().at(1).integer() : -1;
    };
    QTRY_COMPARE(subscribers("news"), qint64(1));

    static constexpr char rawBinary[] = "hello\0world\r\n";
    const QByteArray binary(rawBinary, sizeof(rawBinary) - 1);
    QCOMPARE(m_admin.command(cmd({"PUBLISH", "news", binary})), Reply::integer(1));
    QTRY_COMPARE(messages.count(), 1);
    QCOMPARE(messages.at(0).at(0).toByteArray(), QByteArray("news"));
    QCOMPARE(messages.at(0).at(1).toByteArray(), binary);
    QCOMPARE(messages.at(0).at(2).toByteArray(), QByteArray());

    // PSUBSCRIBE through send(): its callback gets the confirmation; then both kinds of push.
    const Reply confirmed = call(c, cmd({"PSUBSCRIBE", "ne*"}));
    QCOMPARE(confirmed,
             Reply::array({Reply::bulk("psubscribe"), Reply::bulk("ne*"), Reply::integer(2)}));
    QCOMPARE(m_admin.command(cmd({"PUBLISH", "news", "two"})), Reply::integer(2));
    QTRY_COMPARE(messages.count(), 3);
    QCOMPARE(messages.at(1).at(1).toByteArray(), QByteArray("two"));
    QCOMPARE(messages.at(2).at(0).toByteArray(), QByteArray("news"));
    QCOMPARE(messages.at(2).at(1).toByteArray(), QByteArray("two"));
    QCOMPARE(messages.at(2).at(2).toByteArray(), QByteArray("ne*"));

    // A request on the subscribed connection is still matched to its reply, between pushes.
    QCOMPARE(call(c, cmd({"PING"})), Reply::array({Reply::bulk("pong"), Reply::bulk("")}));

    // Two channels in one SUBSCRIBE: two confirmations for one request, then a normal match.
    const PendingPtr two = sendAsync(c, cmd({"SUBSCRIBE", "a", "b"}));
    const PendingPtr ping = sendAsync(c, cmd({"PING", "after"}));
    QCOMPARE(waitFor(ping), Reply::array({Reply::bulk("pong"), Reply::bulk("after")}));
    QCOMPARE(two->calls, 1);
    QCOMPARE(two->reply.elements().at(1).text(), QByteArray("a"));

    // Argument-less UNSUBSCRIBE: one confirmation per channel (news, a, b), one request.
    const PendingPtr all = sendAsync(c, cmd({"UNSUBSCRIBE"}));
    const PendingPtr punsub = sendAsync(c, cmd({"PUNSUBSCRIBE"}));
    QCOMPARE(waitFor(punsub),
             Reply::array({Reply::bulk("punsubscribe"), Reply::bulk("ne*"), Reply::integer(0)}));
    QCOMPARE(all->calls, 1);
    QTRY_COMPARE(subscribers("news"), qint64(0));
    QCOMPARE(m_admin.command(cmd({"PUBLISH", "news", "unheard"})), Reply::integer(0));
    // Out of subscriber mode: ordinary commands again.
    QCOMPARE(call(c, cmd({"SET", "k", "v"})), Reply::ok());
    QCOMPARE(messages.count(), 3);
}

void TestConnection::closeFailsRequestsInFlight()
{
    Connection c(tcpOptions(*m_server));
    OPEN_READY(c);
    QSignalSpy states(&c, &Connection::stateChanged);
    const PendingPtr blocked = sendAsync(c, cmd({"BLPOP", "nothing", "10"}), 0);
    QTest::qWait(50);
    QVERIFY(!blocked->done);
    c.close();
    QVERIFY(blocked->done); // close() answers what was in flight at once
    QCOMPARE(blocked->reply, Reply::noReply(NoReplyKind::Disconnected, "connection closed"));
    QCOMPARE(Connection::classify(blocked->reply), RedisErrorKind::Disconnected);
    QCOMPARE(c.state(), Connection::State::Disconnected);
    QCOMPARE(states.count(), 1);
    // After close(), requests fail (from the event loop) instead of waiting forever.
    const PendingPtr late = sendAsync(c, cmd({"PING"}));
    QVERIFY(!late->done);
    QTRY_VERIFY(late->done);
    QCOMPARE(late->reply, Reply::noReply(NoReplyKind::Disconnected, "connection closed"));
    // open() again works.
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"PING"})), Reply::status("PONG"));
}

// --- handshake and transports ----------------------------------------------------------------

void TestConnection::plainPassword()
{
    RedisServer server({QStringLiteral("--requirepass"), QStringLiteral("s3cret")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    ConnectionOptions o = tcpOptions(server);
    o.password = QStringLiteral("s3cret");
    Connection c(o);
    QSignalSpy states(&c, &Connection::stateChanged);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"PING"})), Reply::status("PONG"));
    QVERIFY(states.count() >= 2);
    QCOMPARE(states.at(0).at(0).value<Connection::State>(), Connection::State::Connecting);
    bool authenticated = false;
    for (const auto &s : states)
        authenticated |= s.at(0).value<Connection::State>() == Connection::State::Authenticating;
    QVERIFY(authenticated);
}

void TestConnection::wrongPassword()
{
    RedisServer server({QStringLiteral("--requirepass"), QStringLiteral("s3cret")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    ConnectionOptions o = tcpOptions(server);
    o.password = QStringLiteral("wrong-pw");
    Connection c(o);
    QSignalSpy errors(&c, &Connection::connectionError);
    const PendingPtr get = sendAsync(c, cmd({"GET", "k"}));
    c.open();
    QTRY_COMPARE(errors.count(), 1);
    QCOMPARE(errors.at(0).at(0).value<RedisErrorKind>(), RedisErrorKind::WrongPass);
    const QString message = errors.at(0).at(1).toString();
    QVERIFY2(
        message.contains(QStringLiteral("wrong password for user 'default' on ") + o.displayName()),
        qPrintable(message));
    QVERIFY(!message.contains(QStringLiteral("wrong-pw")));
    // The queued request gets the server's answer, never ran, and the client gave up.
    QTRY_VERIFY(get->done);
    QCOMPARE(Connection::classify(get->reply), RedisErrorKind::WrongPass);
    QVERIFY(!c.describe(get->reply).contains(QStringLiteral("wrong-pw")));
    QCOMPARE(c.state(), Connection::State::Disconnected);
    QTest::qWait(100);
    QCOMPARE(errors.count(), 1); // no reconnect storm with a wrong password
}

void TestConnection::noAuthWithoutPassword()
{
    RedisServer server({QStringLiteral("--requirepass"), QStringLiteral("s3cret")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    Connection c(tcpOptions(server));
    OPEN_READY(c);
    const Reply r = call(c, cmd({"GET", "k"}));
    QCOMPARE(Connection::classify(r), RedisErrorKind::NoAuth);
    QVERIFY2(c.describe(r).contains(QStringLiteral("requires a password")),
             qPrintable(c.describe(r)));
}

void TestConnection::aclUser()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient admin;
    QVERIFY(admin.connect(server.host(), server.port()));
    QCOMPARE(admin.command(cmd(
                 {"ACL", "SETUSER", "app", "on", ">secret", "~lock:*", "+@all", "-@dangerous"})),
             Reply::ok());

    ConnectionOptions o = tcpOptions(server);
    o.username = QStringLiteral("app");
    o.password = QStringLiteral("secret");
    Connection c(o);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"ACL", "WHOAMI"})), Reply::bulk("app"));
    QCOMPARE(call(c, cmd({"SET", "lock:1", "tok", "PX", "10000"})), Reply::ok());
    QCOMPARE(call(c, cmd({"GET", "lock:1"})), Reply::bulk("tok"));

    const Reply flush = call(c, cmd({"FLUSHALL"}));
    QCOMPARE(Connection::classify(flush), RedisErrorKind::NoPerm);
    const QString why = c.describe(flush);
    QVERIFY2(why.contains(QStringLiteral("user 'app'")) && why.contains(o.displayName()) &&
                 why.contains(QStringLiteral("flushall")),
             qPrintable(why));
    QVERIFY(!why.contains(QStringLiteral("secret")));
    const Reply otherKey = call(c, cmd({"SET", "other:1", "x"}));
    QCOMPARE(Connection::classify(otherKey), RedisErrorKind::NoPerm);
    QCOMPARE(admin.command(cmd({"EXISTS", "other:1"})), Reply::integer(0));

    ConnectionOptions wrong = o;
    wrong.password = QStringLiteral("not-the-secret");
    Connection w(wrong);
    QSignalSpy errors(&w, &Connection::connectionError);
    w.open();
    QTRY_COMPARE(errors.count(), 1);
    QCOMPARE(errors.at(0).at(0).value<RedisErrorKind>(), RedisErrorKind::WrongPass);
    const QString message = errors.at(0).at(1).toString();
    QVERIFY2(message.contains(QStringLiteral("user 'app'")), qPrintable(message));
    QVERIFY(!message.contains(QStringLiteral("not-the-secret")));
}

namespace {

// The names of the server's connections, from CLIENT LIST (the server's own view).
QStringList clientNames(RedisTestClient &admin)
{
    QStringList names;
    const Reply list = admin.command(cmd({"CLIENT", "LIST"}));
    for (const QByteArray &line : list.text().split('\n')) {
        for (const QByteArray &field : line.trimmed().split(' ')) {
            if (field.startsWith("name="))
                names.append(QString::fromUtf8(field.mid(5)));
        }
    }
    return names;
}

} // namespace

void TestConnection::clientNameOnEveryConnect()
{
    // The live runner's key observer learns who sent a command from the connection's name, so
    // the name must be there from the first command on, and again after every reconnect.
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    ConnectionOptions o = tcpOptions(server);
    o.clientName = QStringLiteral("lockscope-A");
    Connection c(o);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"CLIENT", "GETNAME"})), Reply::bulk("lockscope-A"));
    RedisTestClient admin;
    QVERIFY(admin.connect(server.host(), server.port()));
    QVERIFY2(clientNames(admin).contains(QStringLiteral("lockscope-A")),
             qPrintable(clientNames(admin).join(u',')));

    // A restarted server knows nothing of the old connection: the name comes back only because
    // the handshake sends it again.
    server.kill();
    QTRY_COMPARE_WITH_TIMEOUT(c.state(), Connection::State::Reconnecting, 5000);
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(c.isReady(), 5000);
    QCOMPARE(c.reconnects(), quint64(1));
    QVERIFY(admin.connect(server.host(), server.port()));
    QVERIFY2(clientNames(admin).contains(QStringLiteral("lockscope-A")),
             qPrintable(clientNames(admin).join(u',')));
    QCOMPARE(call(c, cmd({"CLIENT", "GETNAME"})), Reply::bulk("lockscope-A"));

    // Without a name, none is sent (the default connection stays as it was).
    Connection plain(tcpOptions(server));
    OPEN_READY(plain);
    QCOMPARE(call(plain, cmd({"CLIENT", "GETNAME"})), Reply::nil());
}

void TestConnection::clientNameRefusedIsNotFatal()
{
    // An ACL user that may not run CLIENT at all: the name is refused (NOPERM), and the
    // connection still becomes ready and serves its commands.
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient admin;
    QVERIFY(admin.connect(server.host(), server.port()));
    QCOMPARE(
        admin.command(cmd({"ACL", "SETUSER", "app", "on", ">secret", "~*", "+@all", "-client"})),
        Reply::ok());
    ConnectionOptions o = tcpOptions(server);
    o.username = QStringLiteral("app");
    o.password = QStringLiteral("secret");
    o.clientName = QStringLiteral("lockscope-A");
    Connection c(o);
    QSignalSpy errors(&c, &Connection::connectionError);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"SET", "k", "v"})), Reply::ok());
    QCOMPARE(call(c, cmd({"GET", "k"})), Reply::bulk("v"));
    QCOMPARE(errors.count(), 0);
    QVERIFY2(!clientNames(admin).contains(QStringLiteral("lockscope-A")),
             qPrintable(clientNames(admin).join(u',')));
    // The refusal really happened: the server logged it in its ACL log.
    const Reply log = admin.command(cmd({"ACL", "LOG"}));
    QVERIFY2(log.toDisplay().contains("client"), log.toDisplay().constData());
}

void TestConnection::unixSocket()
{
    RedisServer server;
    server.enableUnixSocket();
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QVERIFY(!server.unixSocketPath().isEmpty());

    ConnectionOptions o = tcpOptions(server);
    QString error;
    QVERIFY2(ConnectionOptions::fromUrl(QStringLiteral("unix://") + server.unixSocketPath() +
                                            QStringLiteral("?db=2"),
                                        &o, &error),
             qPrintable(error));
    o.host = QStringLiteral("203.0.113.1"); // not used for a socket; would never answer
    Connection c(o);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"SET", "via", "socket"})), Reply::ok());
    RedisTestClient check;
    QVERIFY(check.connectUnix(server.unixSocketPath()));
    QCOMPARE(check.command(cmd({"SELECT", "2"})), Reply::ok());
    QCOMPARE(check.command(cmd({"GET", "via"})), Reply::bulk("socket"));
    // The server sees a Unix-socket client.
    const QByteArray client = call(c, cmd({"CLIENT", "INFO"})).text();
    QVERIFY2(client.contains(server.unixSocketPath().toUtf8()), client.constData());

    ConnectionOptions missing;
    missing.unixSocket = server.directory() + QStringLiteral("/nothing.sock");
    missing.reconnect = false;
    Connection m(missing);
    const PendingPtr ping = sendAsync(m, cmd({"PING"}));
    m.open();
    QTRY_VERIFY(ping->done);
    QCOMPARE(Connection::classify(ping->reply), RedisErrorKind::ConnectionRefused);
    QVERIFY(m.describe(ping->reply).contains(QStringLiteral("nothing.sock")));
}

void TestConnection::tlsVerifiesTheServer()
{
    QVERIFY2(makeCertificates(), qPrintable(m_certs.errorString()));
    RedisServer server;
    server.enableTls({cert("server.crt"), cert("server.key"), cert("ca.crt"), false});
    QVERIFY2(server.start(), qPrintable(server.errorString()));

    ConnectionOptions o = tcpOptions(server);
    o.tls = true;
    o.caFile = cert("ca.crt");
    Connection c(o); // verified against the IP address in the certificate
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"SET", "over", "tls"})), Reply::ok());
    QCOMPARE(call(c, cmd({"GET", "over"})), Reply::bulk("tls"));
    QVERIFY(o.displayName().startsWith(QStringLiteral("rediss://")));

    ConnectionOptions named = o;
    named.serverName = QStringLiteral("localhost"); // SNI and verification by name
    named.db = 1;                                   // SELECT over TLS
    Connection n(named);
    OPEN_READY(n);
    QCOMPARE(call(n, cmd({"GET", "over"})), Reply::nil()); // database 1

    // Plain TCP to the TLS port does not get an answer it can parse: it fails, it does not
    // hang past its timeout.
    ConnectionOptions plain = tcpOptions(server);
    plain.reconnect = false;
    plain.requestTimeoutMs = 1500;
    Connection p(plain);
    p.open();
    const Reply r = call(p, cmd({"PING"}));
    QVERIFY2(r.failed(), r.toDisplay().constData());
}

void TestConnection::tlsWrongCaFails()
{
    QVERIFY2(makeCertificates(), qPrintable(m_certs.errorString()));
    RedisServer server;
    server.enableTls({cert("server.crt"), cert("server.key"), cert("ca.crt"), false});
    QVERIFY2(server.start(), qPrintable(server.errorString()));

    ConnectionOptions o = tcpOptions(server);
    o.tls = true;
    o.caFile = cert("other-ca.crt");
    Connection c(o);
    QSignalSpy errors(&c, &Connection::connectionError);
    const PendingPtr ping = sendAsync(c, cmd({"PING"}));
    c.open();
    QTRY_VERIFY(ping->done);
    QCOMPARE(Connection::classify(ping->reply), RedisErrorKind::TlsError);
    QCOMPARE(errors.count(), 1); // a certificate that does not verify is not retried
    QCOMPARE(errors.at(0).at(0).value<RedisErrorKind>(), RedisErrorKind::TlsError);
    const QString message = errors.at(0).at(1).toString();
    QVERIFY2(message.contains(QStringLiteral("TLS handshake with ") + o.displayName()) &&
                 message.contains(QStringLiteral("certificate"), Qt::CaseInsensitive),
             qPrintable(message));
    QCOMPARE(c.state(), Connection::State::Disconnected);

    // verifyPeer off: the same CA mismatch is accepted (for self-signed test servers).
    ConnectionOptions lax = o;
    lax.verifyPeer = false;
    Connection l(lax);
    OPEN_READY(l);
    QCOMPARE(call(l, cmd({"PING"})), Reply::status("PONG"));

    // A CA file that cannot be read is reported as such.
    ConnectionOptions missing = o;
    missing.caFile = cert("no-such-ca.crt");
    Connection m(missing);
    const PendingPtr p = sendAsync(m, cmd({"PING"}));
    m.open();
    QTRY_VERIFY(p->done);
    QCOMPARE(Connection::classify(p->reply), RedisErrorKind::TlsError);
    QVERIFY(p->reply.text().contains("no-such-ca.crt"));
}

void TestConnection::tlsClientCertificate()
{
    QVERIFY2(makeCertificates(), qPrintable(m_certs.errorString()));
    RedisServer server;
    server.enableTls({cert("server.crt"), cert("server.key"), cert("ca.crt"), true});
    QVERIFY2(server.start(), qPrintable(server.errorString()));

    ConnectionOptions o = tcpOptions(server);
    o.tls = true;
    o.caFile = cert("ca.crt");
    o.certFile = cert("client.crt");
    o.keyFile = cert("client.key");
    Connection c(o);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"PING"})), Reply::status("PONG"));

    // Without a client certificate the server turns the connection down.
    ConnectionOptions without = o;
    without.certFile.clear();
    without.keyFile.clear();
    without.reconnect = false;
    without.requestTimeoutMs = 2000;
    Connection w(without);
    w.open();
    const Reply r = call(w, cmd({"PING"}));
    QVERIFY2(r.failed(), r.toDisplay().constData());
    const RedisErrorKind kind = Connection::classify(r);
    QVERIFY2(kind == RedisErrorKind::TlsError || kind == RedisErrorKind::Disconnected,
             r.toDisplay().constData());
}

// --- failures --------------------------------------------------------------------------------

void TestConnection::requestTimeoutWhileServerPaused()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    ConnectionOptions o = tcpOptions(server);
    o.requestTimeoutMs = 300;
    Connection c(o);
    OPEN_READY(c);
    QCOMPARE(call(c, cmd({"ECHO", "before"})), Reply::bulk("before"));

    server.pause();
    QElapsedTimer timer;
    timer.start();
    const PendingPtr late = sendAsync(c, cmd({"ECHO", "late"}));
    const PendingPtr longer = sendAsync(c, cmd({"ECHO", "longer"}), 4000);
    QTRY_VERIFY_WITH_TIMEOUT(late->done, 3000);
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(late->reply, Reply::noReply(NoReplyKind::Timeout, "timeout after 300 ms"));
    QCOMPARE(Connection::classify(late->reply), RedisErrorKind::Timeout);
    QVERIFY2(elapsed >= 280 && elapsed < 2000, qPrintable(QString::number(elapsed)));
    QVERIFY(!longer->done); // its own, longer timeout
    QVERIFY(c.isReady());   // a slow server is not a lost connection

    server.resume();
    // The late reply to ECHO "late" arrives and is thrown away; nobody gets it by mistake.
    QCOMPARE(waitFor(longer), Reply::bulk("longer"));
    QCOMPARE(call(c, cmd({"ECHO", "fresh"})), Reply::bulk("fresh"));
    QCOMPARE(late->calls, 1);
    QCOMPARE(call(c, cmd({"PING"})), Reply::status("PONG"));
}

void TestConnection::reconnectsAfterServerRestart()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    ConnectionOptions o = tcpOptions(server);
    o.requestTimeoutMs = 8000;
    Connection c(o);
    Connection subscriber(o);
    OPEN_READY(c);
    OPEN_READY(subscriber);
    QSignalSpy messages(&subscriber, &Connection::messageReceived);
    subscriber.subscribe("events");
    RedisTestClient admin;
    QVERIFY(admin.connect(server.host(), server.port()));
    QTRY_COMPARE(admin.command(cmd({"PUBSUB", "NUMSUB", "events"})).elements().value(1),
                 Reply::integer(1));
    QCOMPARE(call(c, cmd({"SET", "k", "v"})), Reply::ok());

    // In flight when the server dies: the server is frozen, so they are surely unanswered.
    server.pause();
    QList<PendingPtr> inFlight;
    for (int i = 0; i < 3; ++i)
        inFlight.append(sendAsync(c, cmd({"INCR", "n"})));
    QTest::qWait(50);
    QSignalSpy errors(&c, &Connection::connectionError);
    QSignalSpy states(&c, &Connection::stateChanged);
    server.kill();
    for (const PendingPtr &p : std::as_const(inFlight)) {
        QTRY_VERIFY(p->done);
        QCOMPARE(Connection::classify(p->reply), RedisErrorKind::Disconnected);
        QVERIFY2(p->reply.text().contains(o.displayName().toUtf8()), p->reply.text().constData());
        QCOMPARE(p->calls, 1);
    }
    QVERIFY(errors.count() >= 1);
    QCOMPARE(errors.at(0).at(0).value<RedisErrorKind>(), RedisErrorKind::Disconnected);
    QTRY_COMPARE(c.state(), Connection::State::Reconnecting);
    QCOMPARE(states.at(0).at(0).value<Connection::State>(), Connection::State::Reconnecting);

    // Sent while the server is down: waits for the reconnect instead of failing, or times out
    // saying why it was never sent.
    const PendingPtr impatient = sendAsync(c, cmd({"SET", "never", "sent"}), 100);
    const PendingPtr queued = sendAsync(c, cmd({"SET", "after", "restart"}));
    QTest::qWait(300); // a few refused reconnect attempts
    QVERIFY(!queued->done);
    QVERIFY(c.state() == Connection::State::Reconnecting);
    QVERIFY(impatient->done);
    QCOMPARE(Connection::classify(impatient->reply), RedisErrorKind::Timeout);
    QVERIFY2(impatient->reply.text().startsWith("timeout after 100 ms (never sent: connection "
                                                "refused: cannot connect to ") &&
                 impatient->reply.text().contains(o.displayName().toUtf8()),
             impatient->reply.text().constData());

    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(c.isReady(), 5000);
    QCOMPARE(waitFor(queued), Reply::ok());
    QCOMPARE(c.reconnects(), quint64(1));
    QCOMPARE(call(c, cmd({"GET", "after"})), Reply::bulk("restart"));
    QCOMPARE(call(c, cmd({"EXISTS", "never"})), Reply::integer(0));
    // The in-flight INCRs were not replayed behind our back.
    QCOMPARE(call(c, cmd({"GET", "n"})), Reply::nil());

    // The subscriber came back subscribed.
    QTRY_VERIFY_WITH_TIMEOUT(subscriber.isReady(), 5000);
    QVERIFY(admin.connect(server.host(), server.port()));
    QTRY_COMPARE(admin.command(cmd({"PUBSUB", "NUMSUB", "events"})).elements().value(1),
                 Reply::integer(1));
    QCOMPARE(admin.command(cmd({"PUBLISH", "events", "back"})), Reply::integer(1));
    QTRY_COMPARE(messages.count(), 1);
    QCOMPARE(messages.at(0).at(1).toByteArray(), QByteArray("back"));
}

void TestConnection::connectionRefused()
{
    const quint16 port = unusedLoopbackPort();
    QVERIFY(port != 0);
    ConnectionOptions o;
    o.port = port;
    o.reconnect = false;
    Connection c(o);
    QSignalSpy errors(&c, &Connection::connectionError);
    const PendingPtr ping = sendAsync(c, cmd({"PING"}));
    c.open();
    QTRY_VERIFY(ping->done);
    QCOMPARE(Connection::classify(ping->reply), RedisErrorKind::ConnectionRefused);
    const QString why = c.describe(ping->reply);
    QVERIFY2(why.contains(QStringLiteral("connection refused")) &&
                 why.contains(QStringLiteral("127.0.0.1:") + QString::number(port)),
             qPrintable(why));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(errors.at(0).at(0).value<RedisErrorKind>(), RedisErrorKind::ConnectionRefused);
    QCOMPARE(c.state(), Connection::State::Disconnected);

    // With reconnects: a bounded number of attempts with backoff, then it gives up.
    ConnectionOptions retrying = o;
    retrying.reconnect = true;
    retrying.maxReconnectAttempts = 3;
    retrying.reconnectMinMs = 10;
    retrying.reconnectMaxMs = 40;
    Connection r(retrying);
    QSignalSpy retryErrors(&r, &Connection::connectionError);
    const PendingPtr queued = sendAsync(r, cmd({"PING"}));
    QElapsedTimer timer;
    timer.start();
    r.open();
    QTRY_VERIFY(queued->done);
    QCOMPARE(retryErrors.count(), 4);             // the first attempt and three reconnects
    QVERIFY(timer.elapsed() >= 10 + 10 + 20 - 5); // the shortest backoffs: 10, 10..20, 20..40
    QCOMPARE(Connection::classify(queued->reply), RedisErrorKind::ConnectionRefused);
    QVERIFY2(queued->reply.text().contains("giving up after 3"), queued->reply.text().constData());
    QCOMPARE(r.state(), Connection::State::Disconnected);

    // close() stops the reconnecting.
    ConnectionOptions endless = retrying;
    endless.maxReconnectAttempts = -1;
    Connection f(endless);
    QSignalSpy endlessErrors(&f, &Connection::connectionError);
    f.open();
    QTRY_VERIFY(endlessErrors.count() >= 2);
    QCOMPARE(f.state(), Connection::State::Reconnecting);
    f.close();
    const auto seen = endlessErrors.count();
    QTest::qWait(150);
    QCOMPARE(endlessErrors.count(), seen);
    QCOMPARE(f.state(), Connection::State::Disconnected);
}

void TestConnection::connectTimeout()
{
    // Something that accepts TCP connections and then never says a word: the TLS handshake
    // (and, for plain TCP to a frozen server, the AUTH) can only end with the connect timeout.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    ConnectionOptions o;
    o.port = silent.serverPort();
    o.tls = true;
    o.connectTimeoutMs = 300;
    o.reconnect = false;
    Connection c(o);
    QSignalSpy errors(&c, &Connection::connectionError);
    const PendingPtr ping = sendAsync(c, cmd({"PING"}), 0);
    QElapsedTimer timer;
    timer.start();
    c.open();
    QTRY_VERIFY_WITH_TIMEOUT(ping->done, 3000);
    QVERIFY2(timer.elapsed() >= 280, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(Connection::classify(ping->reply), RedisErrorKind::Timeout);
    QCOMPARE(errors.count(), 1);
    QCOMPARE(errors.at(0).at(0).value<RedisErrorKind>(), RedisErrorKind::Timeout);
    QVERIFY2(errors.at(0).at(1).toString().contains(QStringLiteral("cannot connect to ") +
                                                    o.displayName() +
                                                    QStringLiteral(" within 300 ms")),
             qPrintable(errors.at(0).at(1).toString()));

    RedisServer server({QStringLiteral("--requirepass"), QStringLiteral("pw")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    server.pause();
    ConnectionOptions frozen = tcpOptions(server);
    frozen.password = QStringLiteral("pw");
    frozen.connectTimeoutMs = 300;
    frozen.reconnect = false;
    Connection f(frozen);
    QSignalSpy states(&f, &Connection::stateChanged);
    const PendingPtr get = sendAsync(f, cmd({"GET", "k"}), 0);
    f.open();
    QTRY_VERIFY_WITH_TIMEOUT(get->done, 3000);
    QCOMPARE(Connection::classify(get->reply), RedisErrorKind::Timeout);
    bool authenticating = false; // the TCP connection was made; AUTH got no answer
    for (const auto &s : std::as_const(states))
        authenticating |= s.at(0).value<Connection::State>() == Connection::State::Authenticating;
    QVERIFY(authenticating);
    server.resume();
}

// --- monitor safety --------------------------------------------------------------------------

void TestConnection::readOnlyRefusesWritesBeforeSending()
{
    QCOMPARE(m_admin.command(cmd({"SET", "existing", "v"})), Reply::ok());
    QCOMPARE(m_admin.command(cmd({"HSET", "h", "f", "1"})), Reply::integer(1));
    QCOMPARE(m_admin.command(cmd({"CONFIG", "RESETSTAT"})), Reply::ok());

    ConnectionOptions o = tcpOptions(*m_server);
    o.readOnly = true;
    Connection c(o);
    OPEN_READY(c);
    const quint64 sentBefore = c.commandsSent();

    const QList<Command> writes{cmd({"SET", "existing", "overwritten"}),
                                cmd({"DEL", "existing"}),
                                cmd({"EXPIRE", "existing", "1"}),
                                cmd({"HSET", "h", "f", "2"}),
                                cmd({"EVAL", "return 1", "0"}),
                                cmd({"EVALSHA", QByteArray(40, 'a'), "0"}),
                                cmd({"CONFIG", "SET", "maxmemory", "1"}),
                                cmd({"FLUSHALL"}),
                                cmd({"PUBLISH", "ch", "m"}),
                                cmd({"SCRIPT", "LOAD", "return 1"})};
    for (const Command &w : writes) {
        const PendingPtr p = sendAsync(c, w);
        QVERIFY(!p->done); // delivered from the event loop, not inside send()
        const Reply r = waitFor(p);
        QVERIFY2(r.isNoReply(), r.toDisplay().constData());
        QVERIFY2(r.text().startsWith(QByteArray("refused: " + w.at(0).toUpper())),
                 r.text().constData());
        QVERIFY2(r.text().endsWith("is a write command and this connection is read-only"),
                 r.text().constData());
        QCOMPARE(Connection::classify(r), RedisErrorKind::RefusedReadOnly);
    }
    QCOMPARE(call(c, cmd({"SET", "k", "v"})).text(),
             QByteArray("refused: SET is a write command and this connection is read-only"));
    QCOMPARE(call(c, cmd({"CONFIG", "SET", "maxmemory", "1"})).text(),
             QByteArray("refused: CONFIG SET is a write command and this connection is "
                        "read-only"));
    auto script = std::make_shared<Pending>();
    c.evalScript({}, "return redis.call('DEL', KEYS[1])", cmd({"existing"}), {},
                 [script](const Reply &r) {
                     script->done = true;
                     script->reply = r;
                 });
    QCOMPARE(Connection::classify(waitFor(script)), RedisErrorKind::RefusedReadOnly);
    QCOMPARE(c.commandsSent(), sentBefore); // nothing went out

    // Reads work, on the same connection, after the refusals.
    QCOMPARE(call(c, cmd({"GET", "existing"})), Reply::bulk("v"));
    QCOMPARE(call(c, cmd({"PTTL", "existing"})), Reply::integer(-1));
    QCOMPARE(call(c, cmd({"TYPE", "h"})), Reply::status("hash"));
    QVERIFY(call(c, cmd({"SCAN", "0", "COUNT", "10"})).isArray());
    QCOMPARE(call(c, cmd({"HGETALL", "h"})), Reply::array({Reply::bulk("f"), Reply::bulk("1")}));
    QVERIFY(call(c, cmd({"CONFIG", "GET", "maxmemory"})).isArray());
    QCOMPARE(call(c, cmd({"CLIENT", "SETNAME", "lockscope-monitor"})), Reply::ok());
    QCOMPARE(call(c, cmd({"EVAL_RO", "return redis.call('GET', KEYS[1])", "1", "existing"})),
             Reply::bulk("v"));
    QVERIFY(call(c, cmd({"INFO", "server"})).isBulk());

    // The server's own statistics: no write command ever reached it.
    const QByteArray info = m_admin.command(cmd({"INFO", "commandstats"})).text();
    for (const char *name : {"set", "del", "expire", "hset", "eval", "evalsha", "config|set",
                             "flushall", "publish", "script|load"})
        QVERIFY2(commandCalls(info, name) == 0, name);
    QCOMPARE(commandCalls(info, "get"), qint64(2)); // GET, and the GET inside EVAL_RO
    QCOMPARE(commandCalls(info, "eval_ro"), qint64(1));
    QCOMPARE(m_admin.command(cmd({"GET", "existing"})), Reply::bulk("v"));
    QCOMPARE(m_admin.command(cmd({"CONFIG", "GET", "maxmemory"})).elements().value(1),
             Reply::bulk("0"));
}

void TestConnection::readOnlyReplica()
{
    RedisServer replica(
        {QStringLiteral("--replicaof"), m_server->host(), QString::number(m_server->port())});
    QVERIFY2(replica.start(), qPrintable(replica.errorString()));
    Connection c(tcpOptions(replica));
    OPEN_READY(c);
    const Reply r = call(c, cmd({"SET", "k", "v"}));
    QCOMPARE(Connection::classify(r), RedisErrorKind::ReadOnlyReplica);
    QVERIFY2(c.describe(r).contains(QStringLiteral("read-only replica")) &&
                 c.describe(r).contains(c.options().displayName()),
             qPrintable(c.describe(r)));
    QCOMPARE(call(c, cmd({"PING"})), Reply::status("PONG"));
}

QTEST_GUILESS_MAIN(TestConnection)
#include "test_connection.moc"
