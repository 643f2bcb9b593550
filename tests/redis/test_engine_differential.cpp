// Differential test: the same command sequences go to the embedded Engine and to a real
// redis-server (7.0, started by the RedisServer fixture), and every reply must be identical.
// The engine's clock follows wall time here, so TTL arithmetic lines up; only TTL/PTTL values
// (and script replies that are PTTLs) are compared with a tolerance.
#include "redis/engine.h"
#include "redis_server.h"
#include "redis_test_client.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <chrono>
#include <initializer_list>
#include <limits>
#include <random>

using namespace lockscope;
using lockscope::test::RedisServer;
using lockscope::test::RedisTestClient;

namespace QTest {
template <> char *toString(const Reply &r)
{
    return qstrdup(r.toDisplay().constData());
}
} // namespace QTest

namespace {

Command cmd(std::initializer_list<const char *> parts)
{
    Command c;
    for (const char *p : parts)
        c.append(QByteArray(p));
    return c;
}

qint64 wallClockUs()
{
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

bool isTtlCommand(const Command &c)
{
    const QByteArray name = c.value(0).toLower();
    return name == "ttl" || name == "pttl";
}

// Equal, or both non-negative TTLs within `tolerance`.
bool sameWithin(const Reply &a, const Reply &b, qint64 tolerance)
{
    if (a == b)
        return true;
    return a.isInteger() && b.isInteger() && a.integer() >= 0 && b.integer() >= 0 &&
           qAbs(a.integer() - b.integer()) <= tolerance;
}

constexpr qint64 kPttlTolerance = 250; // ms between the engine's and the server's clock reads
constexpr qint64 kTtlTolerance = 1;

// A Lua script found in the resources (or inline), with what its header says about KEYS/ARGV.
struct ScriptUnderTest {
    QString name;
    QByteArray body;
    int numKeys = 0;
    int numArgs = 0;
    QMap<QString, QString> docs; // "KEYS[2]" -> "= fencing counter key"
};

ScriptUnderTest describeScript(const QString &name, const QByteArray &body)
{
    ScriptUnderTest s{name, body, 0, 0, {}};
    const QString text = QString::fromUtf8(body);
    static const QRegularExpression ref(QStringLiteral("(KEYS|ARGV)\\[(\\d+)\\]"));
    for (auto it = ref.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const int n = m.captured(2).toInt();
        if (m.captured(1) == QStringLiteral("KEYS"))
            s.numKeys = qMax(s.numKeys, n);
        else
            s.numArgs = qMax(s.numArgs, n);
    }
    // Documentation: on comment lines, the text after "KEYS[n]" up to the next reference.
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (!trimmed.startsWith(QStringLiteral("--")))
            continue;
        const auto matches = ref.globalMatch(trimmed);
        QList<QRegularExpressionMatch> all;
        for (auto it = matches; it.hasNext();)
            all.append(it.next());
        for (qsizetype i = 0; i < all.size(); ++i) {
            const qsizetype from = all[i].capturedEnd();
            const qsizetype to = i + 1 < all.size() ? all[i + 1].capturedStart() : trimmed.size();
            const QString label = all[i].captured(0);
            if (!s.docs.contains(label))
                s.docs.insert(label, trimmed.mid(from, to - from).toLower());
        }
    }
    return s;
}

enum class Role { Key, Token, Ttl, Number, Other };

Role guessRole(const QString &doc, bool isKey, int index)
{
    if (isKey && index == 1)
        return Role::Key;
    const auto has = [&](const char *word) { return doc.contains(QLatin1String(word)); };
    if (has("fenc") || has("counter"))
        return isKey ? Role::Key : Role::Number;
    if (has("token") || has("owner") || has("value") || has("uuid") || has("holder") ||
        has("thread") || has("client") || has("id"))
        return Role::Token;
    if (has("ttl") || has("ms") || has("milli") || has("expire") || has("lease") || has("timeout"))
        return Role::Ttl;
    if (has("count") || has("increment") || has("number"))
        return Role::Number;
    return isKey ? Role::Key : Role::Other;
}

// Inline scripts of the strategies' shapes, documented the same way as resources/scripts.
QList<ScriptUnderTest> inlineScripts()
{
    const QList<QPair<const char *, const char *>> sources{
        {"inline_compare_and_delete", "-- KEYS[1] = lock key\n-- ARGV[1] = token\n"
                                      "if redis.call('GET', KEYS[1]) == ARGV[1] then\n"
                                      "  return redis.call('DEL', KEYS[1])\nend\nreturn 0\n"},
        {"inline_setnx_pexpire_acquire",
         "-- KEYS[1] = lock key, KEYS[2] = token value, KEYS[3] = ttl ms\n"
         "if redis.call('SETNX', KEYS[1], KEYS[2]) == 1 then\n"
         "  redis.call('PEXPIRE', KEYS[1], KEYS[3])\n  return 1\nend\nreturn 0\n"},
        {"inline_reentrant_acquire",
         "-- KEYS[1] = lock key\n-- ARGV[1] = ttl ms\n-- ARGV[2] = owner token\n"
         "if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 "
         "then\n  redis.call('HINCRBY', KEYS[1], ARGV[2], 1)\n"
         "  redis.call('PEXPIRE', KEYS[1], ARGV[1])\n  return nil\nend\n"
         "return redis.call('PTTL', KEYS[1])\n"},
        {"inline_reentrant_release",
         "-- KEYS[1] = lock key\n-- ARGV[1] = owner token\n-- ARGV[2] = ttl ms\n"
         "if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return nil end\n"
         "local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)\n"
         "if n > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 0 end\n"
         "redis.call('DEL', KEYS[1])\nreturn 1\n"},
        {"inline_watchdog_renew",
         "-- KEYS[1] = lock key\n-- ARGV[1] = token\n-- ARGV[2] = ttl ms\n"
         "if redis.call('GET', KEYS[1]) == ARGV[1] then\n"
         "  return redis.call('PEXPIRE', KEYS[1], ARGV[2])\nend\nreturn 0\n"},
        {"inline_fenced_acquire",
         "-- KEYS[1] = lock key\n-- KEYS[2] = fencing counter key\n-- ARGV[1] = token\n"
         "-- ARGV[2] = ttl ms\n"
         "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n"
         "  return {redis.call('INCR', KEYS[2]), redis.status_reply('LOCKED')}\nend\n"
         "return redis.error_reply('BUSY lock held')\n"},
    };
    QList<ScriptUnderTest> out;
    for (const auto &[name, body] : sources)
        out.append(describeScript(QString::fromLatin1(name), QByteArray(body)));
    return out;
}

QList<ScriptUnderTest> resourceScripts()
{
    QList<ScriptUnderTest> out;
    QDirIterator it(QStringLiteral(":/scripts"), {QStringLiteral("*.lua")}, QDir::Files);
    QStringList paths;
    while (it.hasNext())
        paths.append(it.next());
    paths.sort();
    for (const QString &path : paths) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            out.append(describeScript(QFileInfo(path).baseName(), f.readAll()));
    }
    return out;
}

} // namespace

class TestEngineDifferential : public QObject {
    Q_OBJECT

    // One database, as the engine has: SELECT 1 fails identically on both.
    RedisServer m_server{{QStringLiteral("--databases"), QStringLiteral("1")}};
    RedisTestClient m_client;     // engine session 0
    RedisTestClient m_subscriber; // engine session 1
    std::unique_ptr<Engine> m_engine;
    QList<Reply> m_engineMessages; // what the engine delivered, shaped as Redis pushes it

    Reply onEngine(const Command &c, int session = 0) { return m_engine->execute(c, session); }

    // Sends `c` to both and compares the replies. Returns false (with the test failed) on a
    // mismatch; the command and both replies are printed. `engineReply`, when given, receives
    // the engine's reply (the random sequences count the outcomes).
    bool same(const Command &c, int session = 0, qint64 tolerance = -1,
              Reply *engineReply = nullptr)
    {
        const Reply engine = onEngine(c, session);
        if (engineReply)
            *engineReply = engine;
        const Reply server = (session == 0 ? m_client : m_subscriber).command(c);
        if (server.isNoReply()) {
            QTest::qFail(
                QByteArray("no reply from redis-server to " + commandToDisplay(c)).constData(),
                __FILE__, __LINE__);
            return false;
        }
        if (tolerance < 0 && isTtlCommand(c))
            tolerance = c[0].toLower() == "pttl" ? kPttlTolerance : kTtlTolerance;
        if (tolerance >= 0 ? sameWithin(engine, server, tolerance) : engine == server)
            return true;
        qWarning().noquote() << "command:" << QString::fromUtf8(commandToDisplay(c));
        [&] { QCOMPARE(engine, server); }();
        return false;
    }

    void resetBoth()
    {
        for (const Command &c : {cmd({"FLUSHALL"}), cmd({"SCRIPT", "FLUSH"}),
                                 cmd({"CONFIG", "SET", "notify-keyspace-events", ""})}) {
            onEngine(c);
            QCOMPARE(m_client.command(c), Reply::ok());
        }
    }

    // Reads the server's pushes on the subscriber connection until (and including) the marker
    // message, and the engine's deliveries likewise; both lists must match.
    void compareDeliveries()
    {
        const Command marker = cmd({"PUBLISH", "marker", "end"});
        QVERIFY(same(marker));
        QList<Reply> fromServer;
        for (;;) {
            const Reply r = m_subscriber.readReply(3000);
            QVERIFY2(!r.isNoReply(), "the marker message never arrived");
            fromServer.append(r);
            if (r.isArray() && r.elements().size() == 3 && r.elements()[1].text() == "marker")
                break;
        }
        QCOMPARE(m_engineMessages, fromServer);
        m_engineMessages.clear();
    }

    // Runs one script scenario on both: EVALSHA (NOSCRIPT the first time), EVAL, EVALSHA.
    void runScript(const ScriptUnderTest &s, const Command &keys, const Command &args,
                   const QList<QByteArray> &keyNames)
    {
        const QByteArray sha = QCryptographicHash::hash(s.body, QCryptographicHash::Sha1).toHex();
        const bool repliesArePttl = s.body.toLower().contains("pttl");
        const qint64 tolerance = repliesArePttl ? kPttlTolerance : -1;
        const auto withKeys = [&](Command c) {
            c.append(QByteArray::number(keys.size()));
            c.append(keys);
            c.append(args);
            return c;
        };
        QVERIFY(same(withKeys({"EVALSHA", sha}), 0, tolerance));
        QVERIFY(same(withKeys({"EVAL", s.body}), 0, tolerance));
        QVERIFY(same(withKeys({"EVALSHA", sha}), 0, tolerance));
        QVERIFY(same(withKeys({"EVALSHA", sha.toUpper()}), 0, tolerance));
        // The resulting state of every key the script was given.
        for (const QByteArray &key : keyNames) {
            QVERIFY(same({"TYPE", key}));
            const Reply type = onEngine({"TYPE", key});
            if (type.text() == "string")
                QVERIFY(same({"GET", key}));
            else if (type.text() == "hash")
                QVERIFY(same({"HGETALL", key}));
            QVERIFY(same({"PTTL", key}));
        }
    }

    void runScenarios(const ScriptUnderTest &s)
    {
        const QByteArray lockKey = "lockscope:diff:" + s.name.toUtf8();
        const QByteArray own = "tok-A";
        const QByteArray foreign = "tok-B";
        enum class State {
            Absent,
            OwnString,
            ForeignString,
            OwnNoTtl,
            OwnHash,
            OwnHashTwice,
            ForeignHash
        };
        const QList<State> states{State::Absent,     State::OwnString, State::ForeignString,
                                  State::OwnNoTtl,   State::OwnHash,   State::OwnHashTwice,
                                  State::ForeignHash};
        for (const bool auxKeysSet : {false, true}) {
            for (const State state : states) {
                for (const QByteArray &token : {own, foreign}) {
                    QByteArray label = s.name.toUtf8() + " state " +
                                       QByteArray::number(int(state)) + " token " + token +
                                       (auxKeysSet ? " aux" : "");
                    resetBoth();
                    if (QTest::currentTestFailed())
                        return;
                    QList<QByteArray> keyNames{lockKey};
                    Command keys{lockKey};
                    for (int i = 2; i <= s.numKeys; ++i) {
                        const QString label2 = QStringLiteral("KEYS[%1]").arg(i);
                        switch (guessRole(s.docs.value(label2), true, i)) {
                        case Role::Token:
                            keys.append(token);
                            break;
                        case Role::Ttl:
                            keys.append("30000");
                            break;
                        case Role::Number:
                            keys.append("3");
                            break;
                        case Role::Key:
                        case Role::Other: {
                            const QByteArray aux = lockKey + ":aux" + QByteArray::number(i);
                            keys.append(aux);
                            keyNames.append(aux);
                            if (auxKeysSet)
                                QVERIFY(same({"SET", aux, "7"}));
                        }
                        }
                    }
                    Command args;
                    for (int i = 1; i <= s.numArgs; ++i) {
                        const QString label2 = QStringLiteral("ARGV[%1]").arg(i);
                        switch (guessRole(s.docs.value(label2), false, i)) {
                        case Role::Token:
                            args.append(token);
                            break;
                        case Role::Ttl:
                            args.append("30000");
                            break;
                        case Role::Number:
                            args.append("3");
                            break;
                        case Role::Key:
                            args.append(lockKey + ":arg");
                            break;
                        case Role::Other:
                            args.append("v" + QByteArray::number(i));
                            break;
                        }
                    }
                    switch (state) {
                    case State::Absent:
                        break;
                    case State::OwnString:
                        QVERIFY(same({"SET", lockKey, own, "PX", "60000"}));
                        break;
                    case State::ForeignString:
                        QVERIFY(same({"SET", lockKey, foreign, "PX", "60000"}));
                        break;
                    case State::OwnNoTtl:
                        QVERIFY(same({"SET", lockKey, own}));
                        break;
                    case State::OwnHash:
                        QVERIFY(same({"HSET", lockKey, own, "1"}));
                        QVERIFY(same({"PEXPIRE", lockKey, "60000"}));
                        break;
                    case State::OwnHashTwice:
                        QVERIFY(same({"HSET", lockKey, own, "2"}));
                        QVERIFY(same({"PEXPIRE", lockKey, "60000"}));
                        break;
                    case State::ForeignHash:
                        QVERIFY(same({"HSET", lockKey, foreign, "1"}));
                        QVERIFY(same({"PEXPIRE", lockKey, "60000"}));
                        break;
                    }
                    runScript(s, keys, args, keyNames);
                    if (QTest::currentTestFailed()) {
                        qWarning().noquote() << "scenario:" << QString::fromUtf8(label);
                        return;
                    }
                }
            }
            if (s.numKeys < 2)
                break; // no auxiliary keys: the second round would repeat the first
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
        QVERIFY2(m_client.connect(m_server.host(), m_server.port()),
                 qPrintable(m_client.errorString()));
    }

    void init()
    {
        m_engine = std::make_unique<Engine>(wallClockUs);
        m_engineMessages.clear();
        m_engine->setMessageSink([this](int session, const QByteArray &channel,
                                        const QByteArray &message, const QByteArray &pattern) {
            QVERIFY(session == 1);
            if (pattern.isEmpty())
                m_engineMessages.append(Reply::array(
                    {Reply::bulk("message"), Reply::bulk(channel), Reply::bulk(message)}));
            else
                m_engineMessages.append(Reply::array({Reply::bulk("pmessage"), Reply::bulk(pattern),
                                                      Reply::bulk(channel), Reply::bulk(message)}));
        });
        // Fresh connections each time: no subscriptions or unread replies left over.
        QVERIFY2(m_client.connect(m_server.host(), m_server.port()),
                 qPrintable(m_client.errorString()));
        QVERIFY2(m_subscriber.connect(m_server.host(), m_server.port()),
                 qPrintable(m_subscriber.errorString()));
        resetBoth();
    }

    void commands_data()
    {
        QTest::addColumn<QList<Command>>("commands");
        QTest::newRow("strings") << QList<Command>{
            cmd({"GET", "k"}),
            cmd({"SET", "k", "v"}),
            cmd({"GET", "k"}),
            cmd({"SET", "k", "v2", "NX"}),
            cmd({"SET", "k", "v3", "XX"}),
            cmd({"SET", "k2", "v", "XX"}),
            cmd({"SET", "k", "v", "NX", "XX"}),
            cmd({"SET", "k", "v4", "GET"}),
            cmd({"SET", "k", "v5", "NX", "GET"}),
            cmd({"SET", "new", "v", "XX", "GET"}),
            cmd({"GETSET", "k", "x"}),
            cmd({"GETSET", "none", "x"}),
            cmd({"GETDEL", "k"}),
            cmd({"GETDEL", "k"}),
            cmd({"SETNX", "k", "a"}),
            cmd({"SETNX", "k", "b"}),
            cmd({"APPEND", "k", "zz"}),
            cmd({"APPEND", "fresh", "zz"}),
            cmd({"STRLEN", "k"}),
            cmd({"STRLEN", "none"}),
            cmd({"MSET", "a", "1", "b", "2"}),
            cmd({"MGET", "a", "b", "c"}),
            cmd({"MSETNX", "a", "1", "z", "2"}),
            cmd({"MSETNX", "y", "1", "z", "2"}),
            cmd({"MSET", "a"}),
            cmd({"MSET", "a", "1", "b"}),
            cmd({"EXISTS", "a", "b", "c", "a"}),
            cmd({"DEL", "a", "b", "c"}),
            cmd({"UNLINK", "y", "y"}),
            cmd({"TOUCH", "z", "q"}),
            cmd({"SET", "e", ""}),
            cmd({"GET", "e"}),
            cmd({"SET", "k", "v", "nx", "px", "100"}),
            cmd({"SET", "k", "v", "GARBAGE"}),
            cmd({"SET", "k", "v", "NX", "NX"}),
            cmd({"SET", "k"}),
            cmd({"SET", "k", "v", "GET", "GET"}),
        };
        QTest::newRow("integers") << QList<Command>{
            cmd({"INCR", "n"}),
            cmd({"INCRBY", "n", "10"}),
            cmd({"DECR", "n"}),
            cmd({"DECRBY", "n", "3"}),
            cmd({"INCRBY", "n", "x"}),
            cmd({"INCRBY", "n", "1.5"}),
            cmd({"INCRBY", "n", "+1"}),
            cmd({"INCRBY", "n", " 1"}),
            cmd({"INCRBY", "n", "-0"}),
            cmd({"INCRBY", "n", "007"}),
            cmd({"INCRBY", "n", "99999999999999999999"}),
            cmd({"SET", "s", "01"}),
            cmd({"INCR", "s"}),
            cmd({"SET", "s", " 1"}),
            cmd({"INCR", "s"}),
            cmd({"SET", "s", "-5"}),
            cmd({"INCR", "s"}),
            cmd({"SET", "m", "9223372036854775807"}),
            cmd({"INCR", "m"}),
            cmd({"DECRBY", "m", "-9223372036854775808"}),
            cmd({"SET", "m", "-9223372036854775808"}),
            cmd({"DECR", "m"}),
            cmd({"INCRBY", "m", "-1"}),
            cmd({"GET", "m"}),
            cmd({"SET", "t", "5", "PX", "100000"}),
            cmd({"INCR", "t"}),
            cmd({"PTTL", "t"}),
        };
        QTest::newRow("expiry options") << QList<Command>{
            cmd({"SET", "k", "v", "PX", "5000"}),
            cmd({"PTTL", "k"}),
            cmd({"TTL", "k"}),
            cmd({"SET", "k", "v", "EX", "10", "EX", "20"}),
            cmd({"TTL", "k"}),
            cmd({"SET", "k", "v", "PX"}),
            cmd({"SET", "k", "v", "KEEPTTL", "PX", "10"}),
            cmd({"SET", "k", "w", "KEEPTTL"}),
            cmd({"TTL", "k"}),
            cmd({"SET", "k", "v"}),
            cmd({"TTL", "k"}),
            cmd({"SET", "k", "v", "PX", "0"}),
            cmd({"SET", "k", "v", "EX", "-1"}),
            cmd({"SET", "k", "v", "EX", "9999999999999999"}),
            cmd({"SET", "k", "v", "PX", "9223372036854775807"}),
            cmd({"SET", "k", "v", "PX", "abc"}),
            cmd({"SET", "k", "v", "PX", "+5"}),
            cmd({"SET", "k", "v", "PXAT", "1"}),
            cmd({"GET", "k"}),
            cmd({"SET", "k", "v", "EXAT", "4102444800"}),
            cmd({"EXPIRETIME", "k"}),
            cmd({"PEXPIRETIME", "k"}),
            cmd({"SET", "k", "v", "EX", "5", "PXAT", "5"}),
            cmd({"SETEX", "k", "0", "v"}),
            cmd({"SETEX", "k", "10", "v"}),
            cmd({"TTL", "k"}),
            cmd({"SETEX", "k", "x", "v"}),
            cmd({"PSETEX", "k", "0", "v"}),
            cmd({"PSETEX", "k", "5000", "v"}),
            cmd({"PTTL", "k"}),
            cmd({"GETEX", "k"}),
            cmd({"GETEX", "k", "NX"}),
            cmd({"GETEX", "k", "PERSIST"}),
            cmd({"TTL", "k"}),
            cmd({"GETEX", "k", "PX", "0"}),
            cmd({"GETEX", "k", "EX", "100"}),
            cmd({"TTL", "k"}),
            cmd({"GETEX", "k", "PERSIST", "EX", "1"}),
            cmd({"GETEX", "missing", "PX", "10"}),
            cmd({"GETEX", "k", "EXAT", "1"}),
            cmd({"GET", "k"}),
        };
        QTest::newRow("expire commands") << QList<Command>{
            cmd({"SET", "k", "v"}),
            cmd({"PEXPIRE", "k", "100000", "XX"}),
            cmd({"PEXPIRE", "k", "100000", "GT"}),
            cmd({"PEXPIRE", "k", "100000", "LT"}),
            cmd({"PEXPIRE", "k", "200000", "NX"}),
            cmd({"PEXPIRE", "k", "200000", "GT"}),
            cmd({"PEXPIRE", "k", "150000", "GT"}),
            cmd({"PEXPIRE", "k", "150000", "LT"}),
            cmd({"PTTL", "k"}),
            cmd({"PEXPIRE", "k", "5", "NX", "XX"}),
            cmd({"PEXPIRE", "k", "5", "GT", "LT"}),
            cmd({"PEXPIRE", "k", "5", "NX", "GT"}),
            cmd({"PEXPIRE", "k", "5", "FOO"}),
            cmd({"PEXPIRE", "k", "x", "FOO"}),
            cmd({"PEXPIRE", "missing", "5"}),
            cmd({"PEXPIRE", "missing", "x"}),
            cmd({"EXPIRE", "k", "x"}),
            cmd({"EXPIRE", "k", "9223372036854775"}),
            cmd({"PEXPIRE", "k", "9223372036854775807"}),
            cmd({"PEXPIREAT", "k", "9223372036854775807"}),
            cmd({"PEXPIRETIME", "k"}),
            cmd({"PERSIST", "k"}),
            cmd({"PERSIST", "k"}),
            cmd({"PERSIST", "missing"}),
            cmd({"TTL", "k"}),
            cmd({"PTTL", "missing"}),
            cmd({"TTL", "missing"}),
            cmd({"EXPIRETIME", "k"}),
            cmd({"PEXPIRETIME", "missing"}),
            cmd({"EXPIREAT", "k", "4102444800"}),
            cmd({"TTL", "k"}),
            cmd({"EXPIRE", "k", "-1"}),
            cmd({"EXISTS", "k"}),
            cmd({"SET", "k", "v"}),
            cmd({"PEXPIREAT", "k", "1"}),
            cmd({"EXISTS", "k"}),
            cmd({"SET", "k", "v"}),
            cmd({"EXPIRE", "k", "0", "XX"}),
            cmd({"EXPIRE", "k", "0", "LT"}),
            cmd({"EXISTS", "k"}),
            cmd({"EXPIRE"}),
            cmd({"TTL"}),
        };
        QTest::newRow("hashes") << QList<Command>{
            cmd({"HSET", "h", "f1", "a", "f2", "b"}),
            cmd({"HSET", "h", "f1", "c", "f3", "d"}),
            cmd({"HGETALL", "h"}),
            cmd({"HGET", "h", "f2"}),
            cmd({"HGET", "h", "zz"}),
            cmd({"HGET", "none", "zz"}),
            cmd({"HMGET", "h", "f3", "zz", "f1"}),
            cmd({"HMGET", "none", "a"}),
            cmd({"HLEN", "h"}),
            cmd({"HLEN", "none"}),
            cmd({"HEXISTS", "h", "f1"}),
            cmd({"HEXISTS", "h", "zz"}),
            cmd({"HEXISTS", "none", "zz"}),
            cmd({"HSETNX", "h", "f1", "x"}),
            cmd({"HSETNX", "h", "f4", "x"}),
            cmd({"HSETNX", "h2", "f4", "x"}),
            cmd({"HINCRBY", "h", "n", "5"}),
            cmd({"HINCRBY", "h", "n", "-7"}),
            cmd({"HINCRBY", "h", "f1", "1"}),
            cmd({"HINCRBY", "h", "n", "x"}),
            cmd({"HINCRBY", "h", "n", "9223372036854775807"}),
            cmd({"HINCRBY", "new", "n", "2"}),
            cmd({"HKEYS", "h"}),
            cmd({"HVALS", "h"}),
            cmd({"HSTRLEN", "h", "f1"}),
            cmd({"HSTRLEN", "h", "zz"}),
            cmd({"HDEL", "h", "f1", "zz", "f2"}),
            cmd({"HGETALL", "h"}),
            cmd({"HDEL", "h", "f3", "f4", "n", "more"}),
            cmd({"EXISTS", "h"}),
            cmd({"HGETALL", "h"}),
            cmd({"HDEL", "h", "x"}),
            cmd({"HSET", "h", "a"}),
            cmd({"HSET", "h", "a", "b", "c"}),
            cmd({"HMSET", "h", "a", "1"}),
            cmd({"HMSET", "h", "a"}),
            cmd({"HGETALL", "h"}),
            cmd({"HSET", "h", "b", "2", "a", "3"}),
            cmd({"HGETALL", "h"}),
            cmd({"TYPE", "h"}),
        };
        QTest::newRow("wrong type") << QList<Command>{
            cmd({"SET", "s", "v"}),
            cmd({"HSET", "h", "f", "v"}),
            cmd({"GET", "h"}),
            cmd({"GETSET", "h", "x"}),
            cmd({"GETDEL", "h"}),
            cmd({"GETEX", "h"}),
            cmd({"APPEND", "h", "x"}),
            cmd({"STRLEN", "h"}),
            cmd({"INCR", "h"}),
            cmd({"SET", "h", "x", "GET"}),
            cmd({"HGET", "s", "f"}),
            cmd({"HSET", "s", "f", "v"}),
            cmd({"HSETNX", "s", "f", "v"}),
            cmd({"HGETALL", "s"}),
            cmd({"HKEYS", "s"}),
            cmd({"HDEL", "s", "f"}),
            cmd({"HINCRBY", "s", "f", "1"}),
            cmd({"HMGET", "s", "f"}),
            cmd({"HLEN", "s"}),
            cmd({"HEXISTS", "s", "f"}),
            cmd({"HSTRLEN", "s", "f"}),
            cmd({"MGET", "s", "h", "none"}),
            cmd({"SET", "h", "now-a-string"}),
            cmd({"TYPE", "h"}),
            cmd({"TYPE", "s"}),
            cmd({"TYPE", "none"}),
        };
        QTest::newRow("server and errors") << QList<Command>{
            cmd({"PING"}),
            cmd({"PING", "hello"}),
            cmd({"PING", "a", "b"}),
            cmd({"ECHO", "x"}),
            cmd({"ECHO"}),
            cmd({"SELECT", "0"}),
            cmd({"SELECT", "1"}),
            cmd({"SELECT", "x"}),
            cmd({"SELECT", "99999999999"}),
            cmd({"SELECT", "-1"}),
            cmd({"DBSIZE"}),
            cmd({"DBSIZE", "x"}),
            cmd({"FLUSHALL", "bogus"}),
            cmd({"FLUSHALL", "SYNC", "x"}),
            cmd({"FLUSHDB", "ASYNC"}),
            cmd({"FLUSHALL"}),
            cmd({"CONFIG"}),
            cmd({"CONFIG", "foo"}),
            cmd({"config", "get"}),
            cmd({"CONFIG", "SET"}),
            cmd({"CONFIG", "SET", "notify-keyspace-events"}),
            cmd({"CONFIG", "SET", "notify-keyspace-events", "Q"}),
            cmd({"CONFIG", "SET", "foo", "bar"}),
            cmd({"CONFIG", "SET", "notify-keyspace-events", "KEA", "x"}),
            cmd({"CONFIG", "SET", "databases", "2"}),
            cmd({"CONFIG", "SET", "notify-keyspace-events", "K", "notify-keyspace-events", "E"}),
            cmd({"CONFIG", "SET", "databases", "2", "foo", "bar"}),
            cmd({"CONFIG", "GET", "notify-keyspace-events"}),
            cmd({"CONFIG", "SET", "notify-keyspace-events", "gx$E"}),
            cmd({"CONFIG", "GET", "NOTIFY-KEYSPACE-EVENTS"}),
            cmd({"CONFIG", "GET", "notify-keyspace-*", "NOTIFY-keyspace-events"}),
            cmd({"CONFIG", "SET", "NOTIFY-KEYSPACE-EVENTS", "nK"}),
            cmd({"CONFIG", "GET", "notify-keyspace-events"}),
            cmd({"CONFIG", "GET", "databases"}),
            cmd({"CONFIG", "GET", "no-such-thing"}),
            cmd({"foo"}),
            cmd({"foo", "a", "b"}),
            cmd({"FOO", "a\r\nb"}),
            cmd({"LPUSHX2", QByteArray(200, 'x').constData(), "more"}),
            cmd({"SCRIPT"}),
            cmd({"SCRIPT", "foo"}),
            cmd({"script", "flush", "bogus"}),
            cmd({"SCRIPT", "FLUSH", "SYNC"}),
            cmd({"SCRIPT", "LOAD"}),
            cmd({"SCRIPT", "EXISTS"}),
            cmd({"EVAL"}),
            cmd({"EVAL", "return 1"}),
            cmd({"EVAL", "return 1", "-1"}),
            cmd({"EVAL", "return 1", "2", "a"}),
            cmd({"EVAL", "return 1", "x"}),
            cmd({"EVALSHA", "short", "0"}),
            cmd({"EVALSHA", "short", "x"}),
            cmd({"EVALSHA", "0123456789012345678901234567890123456789", "x"}),
            cmd({"EVALSHA", "0123456789012345678901234567890123456789", "0"}),
            cmd({"PUBLISH", "nobody", "x"}),
            cmd({"PUBLISH", "x"}),
            cmd({"PUBSUB", "NUMSUB", "a", "b"}),
            cmd({"PUBSUB", "NUMPAT"}),
            cmd({"PUBSUB", "CHANNELS"}),
            cmd({"PUBSUB", "foo"}),
            cmd({"SCAN", "x"}),
            cmd({"SCAN", "0", "COUNT", "0"}),
            cmd({"SCAN", "0", "COUNT", "x"}),
            cmd({"SCAN", "0", "foo"}),
            cmd({"SCAN", "0", "MATCH"}),
            cmd({"SCAN", " 1"}),
            cmd({"SCAN", "1x"}),
            cmd({"KEYS"}),
            cmd({"UNSUBSCRIBE"}),
            cmd({"PUNSUBSCRIBE"}),
            cmd({"PUNSUBSCRIBE", "p*"}),
        };
        QTest::newRow("scripts") << QList<Command>{
            cmd({"SET", "s", "v"}),
            cmd({"HSET", "h", "f", "1"}),
            cmd({"EVAL", "return 3.99", "0"}),
            cmd({"EVAL", "return -3.99", "0"}),
            cmd({"EVAL", "return 'x'", "0"}),
            cmd({"EVAL", "return true", "0"}),
            cmd({"EVAL", "return false", "0"}),
            cmd({"EVAL", "return nil", "0"}),
            cmd({"EVAL", "return", "0"}),
            cmd({"EVAL", "return 1, 2", "0"}),
            cmd({"EVAL", "return {1, 'a', {2, 'b', {}}, nil, 5}", "0"}),
            cmd({"EVAL", "return {1, false, 3}", "0"}),
            cmd({"EVAL", "return {ok='FINE'}", "0"}),
            cmd({"EVAL", "return {ok='A\\r\\nB'}", "0"}),
            cmd({"EVAL", "return {err='MY x'}", "0"}),
            cmd({"EVAL", "return {err='x'}", "0"}),
            cmd({"EVAL", "return {err='a\\nb'}", "0"}),
            cmd({"EVAL", "return {err=5}", "0"}),
            cmd({"EVAL", "return {ok=5}", "0"}),
            cmd({"EVAL", "return {ok='a', err='b'}", "0"}),
            cmd({"EVAL", "return redis.status_reply('DONE')", "0"}),
            cmd({"EVAL", "return redis.status_reply(5)", "0"}),
            cmd({"EVAL", "return redis.error_reply('My Error')", "0"}),
            cmd({"EVAL", "return redis.error_reply('oops')", "0"}),
            cmd({"EVAL", "return redis.error_reply('-X y')", "0"}),
            cmd({"EVAL", "return redis.error_reply()", "0"}),
            cmd({"EVAL", "return 1/0", "0"}),
            cmd({"EVAL", "return -1/0", "0"}),
            cmd({"EVAL", "return 0/0", "0"}),
            cmd({"EVAL", "return 2^62", "0"}),
            cmd({"EVAL", "return 2^63", "0"}),
            cmd({"EVAL", "return {double=3.5}", "0"}),
            cmd({"EVAL", "return {double=1/0}", "0"}),
            cmd({"EVAL", "return {map={a=1}}", "0"}),
            cmd({"EVAL", "return {set={a=true}}", "0"}),
            cmd({"EVAL", "return {big_number='123'}", "0"}),
            cmd({"EVAL", "return KEYS", "2", "k1", "k2", "a1"}),
            cmd({"EVAL", "return ARGV", "1", "k1", "a1", "a2"}),
            cmd({"EVAL", "return {#KEYS, #ARGV}", "0"}),
            cmd({"EVAL", "KEYS[1] = 'x'; return KEYS[1]", "0"}),
            cmd({"EVAL", "return type(redis.call('GET', 'nope'))", "0"}),
            cmd({"EVAL", "return redis.call('SET', 'k', 'v')['ok']", "0"}),
            cmd({"EVAL", "return redis.call('INCR', 'n') + 0.5", "0"}),
            cmd({"EVAL", "return redis.call('MGET', 's', 'nope', 'h')", "0"}),
            cmd({"EVAL", "return redis.call('HGETALL', 'h')", "0"}),
            cmd({"EVAL", "return redis.call('PING')", "0"}),
            cmd({"EVAL", "return redis.call('TYPE', 's')", "0"}),
            cmd({"EVAL", "return redis.pcall('INCR', 's')['err']", "0"}),
            cmd({"EVAL", "return redis.pcall('INCR', 's')", "0"}),
            cmd({"EVAL", "return redis.call('SET', 'f', 0.1)", "0"}),
            cmd({"GET", "f"}),
            cmd({"EVAL", "return redis.call('SET', 'i', 30000)", "0"}),
            cmd({"GET", "i"}),
            cmd({"EVAL", "return redis.call('SET', 'g', 1e20)", "0"}),
            cmd({"GET", "g"}),
            cmd({"EVAL", "return redis.call('SET', 'g', -0.5)", "0"}),
            cmd({"GET", "g"}),
            cmd({"EVAL", "return redis.sha1hex('')", "0"}),
            cmd({"EVAL", "return redis.sha1hex(12)", "0"}),
            cmd({"EVAL", "return redis.sha1hex()", "0"}),
            cmd({"EVAL", "return redis.call('incr', KEYS[1])", "1", "s"}),
            cmd({"EVAL", "return redis.pcall('incr', KEYS[1])", "1", "s"}),
            cmd({"EVAL", "error('boom')", "0"}),
            cmd({"EVAL", "error('boom', 0)", "0"}),
            cmd({"EVAL", "error({err='MYC x'})", "0"}),
            cmd({"EVAL", "error()", "0"}),
            cmd({"EVAL", "error(12)", "0"}),
            cmd({"EVAL", "error(true)", "0"}),
            cmd({"EVAL", "return redis.call()", "0"}),
            cmd({"EVAL", "return redis.pcall()", "0"}),
            cmd({"EVAL", "return redis.call('foo')", "0"}),
            cmd({"EVAL", "return redis.pcall('foo')", "0"}),
            cmd({"EVAL", "return redis.call('get')", "0"}),
            cmd({"EVAL", "return redis.call('config')", "0"}),
            cmd({"EVAL", "return redis.call('config', 'nope')", "0"}),
            cmd({"EVAL", "return redis.call('subscribe','x')", "0"}),
            cmd({"EVAL", "return redis.call('eval','return 1', '0')", "0"}),
            cmd({"EVAL", "return redis.call('script','load','return 1')", "0"}),
            cmd({"EVAL", "return redis.call('config','get','x')", "0"}),
            cmd({"EVAL", "return redis.call('get', {})", "0"}),
            cmd({"EVAL", "return redis.call('get', nil)", "0"}),
            cmd({"EVAL", "return redis.call('hget','s','f')", "0"}),
            cmd({"EVAL", "return x", "0"}),
            cmd({"EVAL", "x = 1", "0"}),
            cmd({"EVAL", "string.foo = 1", "0"}),
            cmd({"EVAL", "return 1 +", "0"}),
            cmd({"EVAL", "return 'unfinished", "0"}),
            cmd({"EVAL", "local x = 1\nlocal y = nil + 1", "0"}),
            cmd({"EVAL", "local t = nil\nreturn t.x", "0"}),
            cmd({"EVAL", "return type(os)", "0"}),
            cmd({"EVAL", "return type(print)", "0"}),
            cmd({"EVAL", "return _VERSION", "0"}),
            cmd({"EVAL", "return redis.REDIS_VERSION", "0"}),
            cmd({"EVAL", "return type(loadstring)", "0"}),
            cmd({"EVAL", "return string.format('%05d', 42) .. string.rep('a', 2)", "0"}),
            cmd({"EVAL", "local t = {3, 1, 2}; table.sort(t); return t", "0"}),
            cmd({"EVAL", "return tonumber('12') + math.floor(2.7)", "0"}),
            cmd({"EVAL", "return tostring(12345678901234567890)", "0"}),
            cmd({"EVAL", "redis.log(redis.LOG_WARNING, 'x'); return redis.LOG_NOTICE", "0"}),
            cmd({"EVAL", "redis.log(1)", "0"}),
            cmd({"EVAL", "redis.log('a', 'b')", "0"}),
            cmd({"EVAL", "redis.log(9, 'b')", "0"}),
            cmd({"EVAL", "return redis.replicate_commands()", "0"}),
            cmd({"EVAL", "return pcall(redis.call, 'incr', 's')", "0"}),
            cmd({"EVAL", "local ok, e = pcall(redis.call, 'incr', 's') return e['err']", "0"}),
            cmd({"EVAL", "local ok, e = pcall(error, 'z') return e", "0"}),
            cmd({"EVAL", "redis.call('SET', 'a', '1'); error('late')", "0"}),
            cmd({"GET", "a"}),
            cmd({"EVAL", "#!lua\nreturn 1", "0"}),
            cmd({"EVAL", "#!lua flags=no-writes\nreturn redis.call('set','a','b')", "0"}),
            cmd({"EVAL", "#!lua flags=no-writes\nreturn redis.call('get','a')", "0"}),
            cmd({"EVAL", "#!python\nreturn 1", "0"}),
            cmd({"EVAL", "#!lua foo\nreturn 1", "0"}),
            cmd({"EVAL", "#!lua flags=bar\nreturn 1", "0"}),
            cmd({"EVAL", "#!lua", "0"}),
            cmd({"EVAL", "#!lua flags=\nreturn 2", "0"}),
            cmd({"EVAL_RO", "return redis.call('del', 's')", "0"}),
            cmd({"EVAL_RO", "return redis.call('get', 's')", "0"}),
            cmd({"EVAL_RO", "#!lua\nreturn 1", "0"}),
            cmd({"GET", "s"}),
            cmd({"SCRIPT", "LOAD", "return 2"}),
            cmd({"EVALSHA", "7f923f79fe76194c868d7e1d0820de36700eb649", "0"}),
            cmd({"EVALSHA", "7F923F79FE76194C868D7E1D0820DE36700EB649", "0"}),
            cmd({"EVALSHA_RO", "7f923f79fe76194c868d7e1d0820de36700eb649", "0"}),
            cmd({"SCRIPT", "EXISTS", "7f923f79fe76194c868d7e1d0820de36700eb649",
                 "7F923F79FE76194C868D7E1D0820DE36700EB649", "ffff"}),
            cmd({"SCRIPT", "LOAD", "return +"}),
            cmd({"SCRIPT", "FLUSH"}),
            cmd({"EVALSHA", "7f923f79fe76194c868d7e1d0820de36700eb649", "0"}),
            cmd({"SCRIPT", "EXISTS", "7f923f79fe76194c868d7e1d0820de36700eb649"}),
        };
    }

    void commands()
    {
        QFETCH(QList<Command>, commands);
        for (const Command &c : commands)
            QVERIFY(same(c));
    }

    void ttlArithmetic()
    {
        // Deadlines computed on both sides from their own clock reads.
        for (const char *ttl : {"1", "999", "1000", "1499", "1500", "30000", "86400000"}) {
            QVERIFY(same({"SET", "k", "v", "PX", ttl}));
            QVERIFY(same(cmd({"PTTL", "k"})));
            QVERIFY(same(cmd({"TTL", "k"})));
        }
        QVERIFY(same(cmd({"SET", "k", "v", "PX", "20"})));
        QThread::msleep(30);
        QVERIFY(same(cmd({"PTTL", "k"})));
        QVERIFY(same(cmd({"GET", "k"})));
        QVERIFY(same(cmd({"EXISTS", "k"})));
    }

    void scanCoversTheSameKeys()
    {
        for (int i = 0; i < 60; ++i) {
            QVERIFY(same({"SET", "user:" + QByteArray::number(i), "v"}));
            QVERIFY(same({"SET", "other:" + QByteArray::number(i), "v"}));
        }
        QVERIFY(same(cmd({"HSET", "user:h", "f", "v"})));
        QVERIFY(same(cmd({"DBSIZE"})));
        for (const char *pattern : {"*", "user:*", "user:1?", "*:[1-3]", "nothing*"}) {
            for (const char *type : {"", "string", "hash"}) {
                QSet<QByteArray> fromEngine;
                QSet<QByteArray> fromServer;
                for (int side = 0; side < 2; ++side) {
                    QByteArray cursor = "0";
                    int calls = 0;
                    do {
                        Command c{"SCAN", cursor, "MATCH", pattern, "COUNT", "5"};
                        if (*type)
                            c << "TYPE" << type;
                        const Reply r = side == 0 ? onEngine(c) : m_client.command(c);
                        QVERIFY2(r.isArray() && r.elements().size() == 2,
                                 r.toDisplay().constData());
                        cursor = r.elements()[0].text();
                        for (const Reply &k : r.elements()[1].elements())
                            (side == 0 ? fromEngine : fromServer).insert(k.text());
                        QVERIFY(++calls < 1000);
                    } while (cursor != "0");
                }
                QCOMPARE(fromEngine, fromServer);
            }
            // KEYS: same set (the order is each side's own).
            Reply a = onEngine({"KEYS", pattern});
            Reply b = m_client.command({"KEYS", pattern});
            QList<QByteArray> ka;
            QList<QByteArray> kb;
            for (const Reply &r : a.elements())
                ka.append(r.text());
            for (const Reply &r : b.elements())
                kb.append(r.text());
            std::sort(ka.begin(), ka.end());
            std::sort(kb.begin(), kb.end());
            QCOMPARE(ka, kb);
        }
    }

    // Glob patterns, corners included: random patterns over an alphabet of the special bytes
    // and a few letters, against keys over the same alphabet (the empty key too). KEYS with each
    // pattern must return the same set on both sides. Seeded: the same patterns every run.
    void globPatternsMatchLikeTheServer()
    {
        const QByteArray alphabet = "ab-^]*?[\\";
        std::mt19937 random(20261125);
        auto word = [&](int maxLength) {
            QByteArray w;
            const int length = int(random() % (maxLength + 1));
            for (int i = 0; i < length; ++i)
                w += alphabet[int(random() % alphabet.size())];
            return w;
        };
        QSet<QByteArray> keys{QByteArray()};
        while (keys.size() < 120)
            keys.insert(word(6));
        for (const QByteArray &k : std::as_const(keys))
            QVERIFY(same({"SET", k, "v"}));
        int compared = 0;
        for (int i = 0; i < 1500; ++i) {
            const QByteArray pattern = word(7);
            Reply a = onEngine({"KEYS", pattern});
            Reply b = m_client.command({"KEYS", pattern});
            QVERIFY2(a.isArray() && b.isArray(), pattern.constData());
            QSet<QByteArray> ka, kb;
            for (const Reply &r : a.elements())
                ka.insert(r.text());
            for (const Reply &r : b.elements())
                kb.insert(r.text());
            const QByteArray why = "pattern \"" + pattern + "\": engine " +
                                   QByteArray::number(ka.size()) + " keys, server " +
                                   QByteArray::number(kb.size());
            QVERIFY2(ka == kb, why.constData());
            compared += int(kb.size());
        }
        QVERIFY(compared > 1500); // the patterns matched something, not only nothing
        // More than 1000 '*' groups before the end: the server gives up; so must we.
        QByteArray deep;
        for (int i = 0; i < 1100; ++i)
            deep += "*a";
        QVERIFY(same({"SET", QByteArray(1100, 'a'), "v"}));
        QVERIFY(same({"KEYS", deep}));
        QVERIFY(same({"KEYS", deep.left(1000 * 2) + "*"}));
    }

    // SET and GETEX options in random combinations, good and bad: every option word in random
    // case, repeated or conflicting, deadline words with or without a value, values that are
    // malformed, zero, negative, past, far future or beyond 64 bits; keys missing, holding a
    // string with or without a TTL, or a hash. After each command the key's state (TYPE, GET,
    // PTTL) is compared too. Relative TTLs are at least 200 s, so nothing expires between the
    // engine's and the server's turn. Seeded: the same sequence every run.
    void setAndGetExOptionsLikeTheServer()
    {
        std::mt19937 random(20261201);
        const auto pick = [&](const auto &list) { return list[random() % list.size()]; };
        const auto randomCase = [&](QByteArray word) {
            for (char &c : word) {
                if (random() % 2)
                    c = char(QChar::toUpper(uchar(c)));
            }
            return word;
        };
        const QList<QByteArray> words{"NX", "XX", "GET",  "KEEPTTL", "PERSIST",
                                      "EX", "PX", "EXAT", "PXAT",    "BOGUS"};
        const QList<QByteArray> relativeValues{"200000",
                                               "4102444800",
                                               "0",
                                               "-1",
                                               "abc",
                                               "+5",
                                               "007",
                                               "1.5",
                                               "",
                                               " 7",
                                               "9223372036854775807",
                                               "9223372036854775",
                                               "9223372036854776"};
        // EXAT/PXAT also get past deadlines (the key goes at once) and 2100-01-01.
        const QList<QByteArray> absoluteValues{"1", "1600000000", "4102444800", "4102444800000"};
        const QList<QByteArray> keys{"a", "b", "h"};
        int errors = 0;
        int written = 0;
        for (int i = 0; i < 700; ++i) {
            if (i % 40 == 0) { // fresh shapes now and then: a hash, a string with a TTL
                QVERIFY(same(cmd({"DEL", "h"})));
                QVERIFY(same(cmd({"HSET", "h", "f", "v"})));
                QVERIFY(same(cmd({"SET", "b", "old", "PX", "300000"})));
            }
            const QByteArray key = pick(keys);
            const bool getEx = random() % 3 == 0;
            Command c = getEx ? Command{randomCase("GETEX"), key}
                              : Command{"SET", key, "v" + QByteArray::number(i)};
            const int options = int(random() % 4);
            for (int o = 0; o < options; ++o) {
                const QByteArray word = pick(words);
                c.append(randomCase(word));
                const bool deadline =
                    word == "EX" || word == "PX" || word == "EXAT" || word == "PXAT";
                if (deadline && random() % 8 != 0) { // sometimes the value is missing
                    const bool absolute = word.endsWith("AT") && random() % 2;
                    c.append(absolute ? pick(absoluteValues) : pick(relativeValues));
                }
            }
            Reply reply;
            QVERIFY(same(c, 0, -1, &reply));
            errors += reply.isError() ? 1 : 0;
            written += reply.isOk() ? 1 : 0;
            QVERIFY(same(cmd({"TYPE", key.constData()})));
            QVERIFY(same({"GET", key}));
            QVERIFY(same({"PTTL", key}));
        }
        // Both kinds of outcome occurred, so the sequence exercised the parser's two sides.
        QVERIFY2(errors > 100 && written > 100,
                 qPrintable(QStringLiteral("%1 errors, %2 writes").arg(errors).arg(written)));
    }

    // EXPIRE, PEXPIRE, EXPIREAT and PEXPIREAT with random NX/XX/GT/LT sets (repeated,
    // conflicting, unknown words among them) and times that set, delete, or overflow, on keys
    // with and without a TTL (none shorter than 200 s). Between commands the test waits 2 ms, so a
    // relative deadline set again is later on both sides, never equal on one and later on the
    // other.
    void expireConditionsLikeTheServer()
    {
        std::mt19937 random(20261202);
        const auto pick = [&](const auto &list) { return list[random() % list.size()]; };
        const QList<QByteArray> commands{"EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT"};
        const QList<QByteArray> conditions{"NX", "XX", "GT", "LT", "nx", "gt", "Lt", "FOO"};
        // Seconds, milliseconds, or a Unix time, depending on the command: 0 and negatives
        // delete the key (a past deadline), the extremes overflow or just fit.
        const QList<QByteArray> times{"200000",
                                      "300000",
                                      "4102444800",
                                      "4102444800000",
                                      "0",
                                      "-5",
                                      "x",
                                      "9223372036854775",
                                      "-9223372036854775",
                                      "-9223372036854776",
                                      "9223372036854775807",
                                      "-9223372036854775808"};
        const QList<QByteArray> keys{"k1", "k2", "missing"};
        int applied = 0;
        int refused = 0;
        for (int i = 0; i < 400; ++i) {
            if (i % 10 == 0) {
                QVERIFY(same(cmd({"SET", "k1", "v"})));
                QVERIFY(same(cmd({"SET", "k2", "v", "PX", "200000"})));
            }
            const QByteArray key = pick(keys);
            Command c{pick(commands), key, pick(times)};
            const int n = int(random() % 4);
            for (int o = 0; o < n; ++o)
                c.append(pick(conditions));
            QThread::msleep(2);
            Reply reply;
            QVERIFY(same(c, 0, -1, &reply));
            applied += reply == Reply::integer(1) ? 1 : 0;
            refused += reply == Reply::integer(0) ? 1 : 0;
            QVERIFY(same({"PTTL", key}));
            QVERIFY(same({"EXISTS", key}));
        }
        QVERIFY2(applied > 30 && refused > 30,
                 qPrintable(QStringLiteral("%1 applied, %2 refused").arg(applied).arg(refused)));
    }

    // Integer arguments and stored integers: random strings over digits, signs, spaces and
    // dots, and random numbers near the 64-bit limits, through INCRBY/DECRBY (as argument and as
    // stored value), HINCRBY and HSET, and EXPIREAT's time (absolute, so a small number deletes
    // the key on both sides alike). Overflow must fail the same way.
    void integersLikeTheServer()
    {
        std::mt19937_64 random(20261203);
        const QByteArray alphabet = "0123456789-+ .e";
        const auto junk = [&] {
            QByteArray s;
            const int length = int(random() % 22);
            for (int i = 0; i < length; ++i)
                s += alphabet[int(random() % alphabet.size())];
            return s;
        };
        const auto nearLimit = [&] {
            const qint64 offset = qint64(random() % 2000);
            const qint64 v = random() % 2 ? std::numeric_limits<qint64>::max() - offset
                                          : std::numeric_limits<qint64>::min() + offset;
            return QByteArray::number(v);
        };
        int numbers = 0;
        for (int i = 0; i < 500; ++i) {
            const QByteArray a = i % 3 == 0 ? nearLimit() : junk();
            const QByteArray b =
                i % 2 == 0 ? nearLimit() : QByteArray::number(qint64(random() % 200) - 100);
            const QList<Command> sequence{
                {"SET", "n", a},
                {"INCR", "n"},
                {"SET", "n", a},
                {"DECR", "n"},
                {"INCRBY", "m", a},
                {"SET", "m", b},
                {"INCRBY", "m", a},
                {"DECRBY", "m", a},
                {"GET", "m"},
                {"HSET", "h", "f", a},
                {"HINCRBY", "h", "f", b},
                {"HINCRBY", "h", "g", a},
                {"HINCRBY", "h", "g", b},
                {"HGETALL", "h"},
                {"SET", "k", "v"},
                {"EXPIREAT", "k", a},
                {"EXISTS", "k"},
            };
            for (const Command &c : sequence) {
                Reply reply;
                QVERIFY(same(c, 0, -1, &reply));
                numbers += reply.isInteger() ? 1 : 0;
            }
            QVERIFY(same({"PTTL", "k"}));
        }
        QVERIFY(numbers > 1000);
    }

    // Option words are read as C strings by the server: what follows a NUL byte is ignored.
    void optionWordsEndAtNul()
    {
        const QByteArray nulString("string\0x", 8);
        QVERIFY(same(cmd({"SET", "s", "v"})));
        QVERIFY(same(cmd({"HSET", "h", "f", "v"})));
        QVERIFY(same({"SCAN", "0", "COUNT", "100", "TYPE", nulString}));
        QVERIFY(same({"SCAN", "0", "COUNT", "100", "TYPE", QByteArray("hash\0", 5)}));
        QVERIFY(same({"SET", "s", "w", QByteArray("xx\0nx", 5)}));
        QVERIFY(same({"SET", "s", "w", QByteArray("px\0", 3), "100000"}));
        QVERIFY(same({"PTTL", "s"}));
        QVERIFY(same({"PEXPIRE", "s", "200000", QByteArray("gt\0lt", 5)}));
        QVERIFY(same({"PEXPIRE", "s", "200000", QByteArray("foo\0bar", 7)}));
        QVERIFY(same({"GETEX", "s", QByteArray("persist\0", 8)}));
        QVERIFY(same({"TTL", "s"}));
    }

    void pubsubShapes()
    {
        // Subscriptions on the second connection (engine session 1). Pushed messages are read
        // (compareDeliveries) before that connection sends anything else.
        QVERIFY(same(cmd({"SUBSCRIBE", "ch"}), 1));
        QVERIFY(same(cmd({"PSUBSCRIBE", "c*"}), 1));
        QVERIFY(same(cmd({"SUBSCRIBE", "marker"}), 1));
        QVERIFY(same(cmd({"PUBLISH", "ch", "hello"})));
        QVERIFY(same(cmd({"PUBLISH", "cx", "only-pattern"})));
        QVERIFY(same(cmd({"PUBLISH", "zz", "nobody"})));
        QVERIFY(same(cmd({"PUBLISH", "ch", ""})));
        QVERIFY(same(cmd({"PUBSUB", "NUMSUB", "ch", "cx"})));
        QVERIFY(same(cmd({"PUBSUB", "NUMPAT"})));
        QVERIFY(same(cmd({"PUBSUB", "CHANNELS", "c*"})));
        compareDeliveries();
        QVERIFY(same(cmd({"PING"}), 1));
        QVERIFY(same(cmd({"PING", "x"}), 1));
        QVERIFY(same(cmd({"GET", "k"}), 1));
        QVERIFY(same(cmd({"EVAL", "return 1", "0"}), 1));
        QVERIFY(same(cmd({"SUBSCRIBE", "ch"}), 1)); // again: count unchanged
        QVERIFY(same(cmd({"PSUBSCRIBE", "c*"}), 1));
        QVERIFY(same(cmd({"UNSUBSCRIBE", "nope"}), 1));
        QVERIFY(same(cmd({"PUNSUBSCRIBE", "c*"}), 1));
        QVERIFY(same(cmd({"PUNSUBSCRIBE", "c*"}), 1));
        QVERIFY(same(cmd({"UNSUBSCRIBE", "ch"}), 1));
        QVERIFY(same(cmd({"PUNSUBSCRIBE"}), 1));
        QVERIFY(same(cmd({"UNSUBSCRIBE"}), 1)); // the last channel, marker
        QVERIFY(same(cmd({"UNSUBSCRIBE"}), 1)); // nothing left
        QVERIFY(same(cmd({"GET", "k"}), 1));    // out of subscribed mode again
    }

    void multiChannelSubscribe()
    {
        // Redis sends one reply per channel; the engine returns them as an array of replies.
        const Command c = cmd({"SUBSCRIBE", "a", "b", "a"});
        const Reply engine = onEngine(c, 1);
        QList<Reply> server{m_subscriber.command(c)};
        server.append(m_subscriber.readReply());
        server.append(m_subscriber.readReply());
        QCOMPARE(engine, Reply::array(server));
        const Command p = cmd({"PSUBSCRIBE", "x*", "y*"});
        const Reply engineP = onEngine(p, 1);
        QList<Reply> serverP{m_subscriber.command(p)};
        serverP.append(m_subscriber.readReply());
        QCOMPARE(engineP, Reply::array(serverP));
        // Explicit channels: a bare UNSUBSCRIBE walks Redis's channel dict, in hash order.
        const Command u = cmd({"UNSUBSCRIBE", "b", "a"});
        const Reply engineU = onEngine(u, 1);
        QList<Reply> serverU{m_subscriber.command(u)};
        serverU.append(m_subscriber.readReply());
        QCOMPARE(engineU, Reply::array(serverU));
    }

    void keyspaceEvents_data()
    {
        QTest::addColumn<QByteArray>("flags");
        for (const char *f :
             {"KEA", "KA", "EA", "Kg", "E$", "Eh", "Ex", "Kgx", "KEn", "KEAn", "K", "E", "g$hx"})
            QTest::newRow(f) << QByteArray(f);
    }

    void keyspaceEvents()
    {
        QFETCH(QByteArray, flags);
        QVERIFY(same({"CONFIG", "SET", "notify-keyspace-events", flags}));
        QVERIFY(same(cmd({"CONFIG", "GET", "notify-keyspace-events"})));
        QVERIFY(same(cmd({"PSUBSCRIBE", "__key*__:*"}), 1));
        QVERIFY(same(cmd({"SUBSCRIBE", "marker"}), 1));
        const QList<Command> sequence{
            cmd({"SET", "k", "v"}),
            cmd({"SET", "k", "v2", "PX", "100000"}),
            cmd({"SET", "k", "v3", "NX"}),
            cmd({"SETNX", "k2", "x"}),
            cmd({"GETSET", "k2", "y"}),
            cmd({"GETDEL", "k2"}),
            cmd({"PEXPIRE", "k", "200000"}),
            cmd({"PERSIST", "k"}),
            cmd({"PERSIST", "k"}),
            cmd({"INCR", "n"}),
            cmd({"INCRBY", "n", "5"}),
            cmd({"DECR", "n"}),
            cmd({"APPEND", "n", "0"}),
            cmd({"HSET", "h", "a", "1", "b", "2"}),
            cmd({"HSETNX", "h", "a", "x"}),
            cmd({"HSETNX", "h", "c", "x"}),
            cmd({"HINCRBY", "h", "a", "2"}),
            cmd({"HDEL", "h", "a"}),
            cmd({"HDEL", "h", "b", "c"}),
            cmd({"DEL", "k", "n", "none"}),
            cmd({"SET", "x", "1"}),
            cmd({"EXPIRE", "x", "-5"}),
            cmd({"MSET", "m1", "1", "m2", "2"}),
            cmd({"GETEX", "m1", "PX", "100000"}),
            cmd({"GETEX", "m1", "PERSIST"}),
            cmd({"EVAL", "redis.call('SET', KEYS[1], 'z') redis.call('DEL', KEYS[1])", "1", "sc"}),
            cmd({"SET", "e", "v", "PX", "1"}),
        };
        for (const Command &c : sequence)
            QVERIFY(same(c));
        QThread::msleep(10);
        QVERIFY(same(cmd({"GET", "e"}))); // lazily expired on the engine (Redis may be first)
        compareDeliveries();
    }

    void serverFixtureLifecycle()
    {
        // The RedisServer fixture itself: restart on the same port, pause/resume, kill.
        const quint16 port = m_server.port();
        QVERIFY(same(cmd({"SET", "k", "v"})));
        m_server.stop();
        QVERIFY(!m_server.isRunning());
        QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
        QCOMPARE(m_server.port(), port);
        RedisTestClient probe;
        QVERIFY2(probe.connect(m_server.host(), m_server.port(), 2000, 300),
                 qPrintable(probe.errorString()));
        QCOMPARE(probe.command(cmd({"GET", "k"})), Reply::nil()); // no persistence
        m_server.pause();
        QVERIFY(probe.command(cmd({"PING"})).isNoReply());
        m_server.resume();
        QVERIFY2(probe.connect(m_server.host(), m_server.port()), qPrintable(probe.errorString()));
        QCOMPARE(probe.command(cmd({"PING"})), Reply::status("PONG"));
        m_server.kill();
        QVERIFY(probe.command(cmd({"PING"})).isNoReply());
        QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
        QVERIFY2(m_client.connect(m_server.host(), m_server.port()),
                 qPrintable(m_client.errorString()));
        QCOMPARE(m_client.command(cmd({"PING"})), Reply::status("PONG"));
    }

    void scriptResourcesPresent()
    {
        // The strategies' scripts are compiled into lockscope_core as ":/scripts/*.lua".
        QVERIFY2(!resourceScripts().isEmpty(), "no Lua scripts found under :/scripts/");
    }

    void scriptFiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("body");
        QList<ScriptUnderTest> all = resourceScripts();
        all += inlineScripts();
        for (const ScriptUnderTest &s : all)
            QTest::newRow(qPrintable(s.name)) << s.name << s.body;
    }

    void scriptFiles()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, body);
        const ScriptUnderTest s = describeScript(name, body);
        QVERIFY2(s.numKeys >= 1, "a lock script takes its lock key as KEYS[1]");
        runScenarios(s);
    }
};

QTEST_GUILESS_MAIN(TestEngineDifferential)
#include "test_engine_differential.moc"
