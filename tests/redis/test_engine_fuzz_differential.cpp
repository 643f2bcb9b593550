// Differential fuzz: a seeded generator makes random command sequences (strings, hashes, the
// TTL/EXPIRE family, EVAL and EVALSHA of small generated scripts, SCAN/KEYS with random glob
// patterns, wrong arities and wrong types) and sends each command to the embedded Engine and to
// a real redis-server; every reply must be the same. test_engine_differential.cpp holds the
// fixed cases; this one finds the cases nobody thought of.
//
// Time: the engine's clock follows wall time, as the server's does. A key is given either a TTL
// far longer than the run (>= 1000 s) or one already past (it is deleted at once), never one
// that could run out between the engine's and the server's turn. EXPIRE's GT and LT compare a
// relative time only when it is in the past (two equal relative TTLs set a moment apart compare
// differently depending on whether the moment crossed a millisecond). TTL, PTTL, EXPIRETIME and
// PEXPIRETIME values (and script replies made from them) are compared with a small tolerance.
// Orders Redis leaves unspecified (KEYS, SCAN's keys) are compared as sets.
//
// LOCKSCOPE_DIFF_FUZZ_COMMANDS (default 20000) and LOCKSCOPE_DIFF_FUZZ_SEED (default 14) make a
// longer run or another sequence.
#include "monitor/key_snapshot.h"
#include "redis/engine.h"
#include "redis_server.h"
#include "redis_test_client.h"

#include <QCryptographicHash>
#include <QHash>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <random>

using namespace lockscope;
using lockscope::test::RedisServer;
using lockscope::test::RedisTestClient;

namespace QTest {
template <> char *toString(const Reply &r)
{
    return qstrdup(displayBytes(r.toDisplay(), 2000).constData());
}
} // namespace QTest

namespace {

qint64 wallClockUs()
{
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

qint64 envNumber(const char *name, qint64 fallback)
{
    bool ok = false;
    const qint64 value = qEnvironmentVariable(name).toLongLong(&ok);
    return ok ? value : fallback;
}

// The random command sequences. Everything comes from one std::mt19937_64 seeded by the test,
// so a seed names a sequence.
class CommandGenerator {
public:
    explicit CommandGenerator(quint64 seed)
        : m_rng(seed)
    {}

    // A command at the top level: anything, EVAL included.
    Command next()
    {
        const int pick = below(100);
        if (pick < 8)
            return eval();
        if (pick < 10)
            return evalSha();
        if (pick < 11)
            return script();
        return command(false);
    }

    // The script bodies EVAL sent so far (EVALSHA picks among them, and some never ran).
    QList<QByteArray> bodies;
    // Every body EVAL or SCRIPT LOAD sent, by its SHA-1: what an EVALSHA ran.
    QHash<QByteArray, QByteArray> bodyOf;

private:
    std::mt19937_64 m_rng;

    int below(int n) { return int(m_rng() % quint64(n)); }
    bool chance(int percent) { return below(100) < percent; }
    template <typename T> const T &oneOf(const QList<T> &list)
    {
        return list[below(int(list.size()))];
    }
    QByteArray oneOf(std::initializer_list<const char *> list)
    {
        return QByteArray(*(list.begin() + below(int(list.size()))));
    }

    QByteArray key()
    {
        // A dozen names: commands meet each other's keys often. "lock:*" and "k?" give the
        // glob patterns something to tell apart.
        return oneOf({"k0", "k1", "k2", "k3", "lock:a", "lock:b", "lock:{x}", "lock:a:fence", "h0",
                      "h1", "K1", "k\\1"});
    }
    QByteArray field() { return oneOf({"f0", "f1", "f2", "uuid:1", "mode", "F0", ""}); }
    QByteArray value()
    {
        switch (below(4)) {
        case 0:
            return integer();
        case 1:
            if (chance(10))
                return QByteArray("\x00\xff\r\n", 4); // binary safe on both sides
            return oneOf({"", "v", "token-1", "8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:1", "a b",
                          "1.5", "-0", "+1", " 1", "1e3", "0x10"});
        default: {
            QByteArray v;
            const int length = below(8);
            for (int i = 0; i < length; ++i)
                v += "ab1-:\xc3"[below(7)]; // the 7th is the terminating \0
            return v;
        }
        }
    }
    QByteArray integer()
    {
        return oneOf({"0", "1", "-1", "2", "10", "100", "-100", "9223372036854775807",
                      "-9223372036854775808", "9223372036854775808", "007", "3"});
    }
    // A TTL that never runs out during a run, one already past, or one Redis refuses.
    QByteArray seconds()
    {
        return oneOf({"1000", "5000", "100000", "0", "-1", "-100", "9223372036854775807",
                      "922337203685477", "abc", "1.5", ""});
    }
    QByteArray milliseconds()
    {
        return oneOf({"1000000", "5000000", "100000000", "0", "-1", "-1000", "9223372036854775807",
                      "9223372036854775", "x", ""});
    }
    QByteArray unixSeconds()
    {
        const qint64 now = wallClockUs() / 1'000'000;
        switch (below(4)) {
        case 0:
            return QByteArray::number(now + 1'000'000 + below(1000));
        case 1:
            return QByteArray::number(below(2) ? 1 : now - 100);
        default:
            return seconds();
        }
    }
    QByteArray unixMilliseconds()
    {
        const qint64 now = wallClockUs() / 1000;
        switch (below(4)) {
        case 0:
            return QByteArray::number(now + 1'000'000'000 + below(1000));
        case 1:
            return QByteArray::number(below(2) ? 1 : now - 100'000);
        default:
            return milliseconds();
        }
    }
    QByteArray pattern()
    {
        QByteArray p;
        const int length = 1 + below(6);
        for (int i = 0; i < length; ++i)
            p += oneOf({"*", "?", "k", "lock", ":", "[", "]", "^", "-", "\\", "a", "1", "[a-z]",
                        "[!k]", "{x}", "K"});
        return p;
    }
    QByteArray anyCase(QByteArray name)
    {
        if (chance(10))
            return name.toLower();
        return name;
    }

    // One command; inScript: one redis.call() can make (no scripts inside scripts, mostly).
    Command command(bool inScript)
    {
        Command c;
        switch (below(inScript ? 41 : 44)) {
        case 0:
            c = {"SET", key(), value()};
            if (chance(50))
                c += oneOf({"NX", "XX", "GET", "KEEPTTL"});
            if (chance(40)) {
                const QByteArray unit = oneOf({"EX", "PX", "EXAT", "PXAT"});
                c += unit;
                c += unit == "EX"     ? seconds()
                     : unit == "PX"   ? milliseconds()
                     : unit == "EXAT" ? unixSeconds()
                                      : unixMilliseconds();
            }
            if (chance(10))
                c += oneOf({"NX", "XX", "GET", "KEEPTTL", "EX"});
            break;
        case 1:
            c = {"GET", key()};
            break;
        case 2:
            c = {"SETNX", key(), value()};
            break;
        case 3:
            c = {"SETEX", key(), seconds(), value()};
            break;
        case 4:
            c = {"PSETEX", key(), milliseconds(), value()};
            break;
        case 5:
            c = {"GETSET", key(), value()};
            break;
        case 6:
            c = {"GETDEL", key()};
            break;
        case 7:
            c = {"GETEX", key()};
            if (chance(70)) {
                const QByteArray option = oneOf({"EX", "PX", "EXAT", "PXAT", "PERSIST"});
                c += option;
                if (option == "EX")
                    c += seconds();
                else if (option == "PX")
                    c += milliseconds();
                else if (option == "EXAT")
                    c += unixSeconds();
                else if (option == "PXAT")
                    c += unixMilliseconds();
            }
            break;
        case 8:
            c = {"MGET", key(), key()};
            if (chance(50))
                c += key();
            break;
        case 9:
            c = {oneOf({"MSET", "MSETNX"}), key(), value()};
            if (chance(60))
                c << key() << value();
            if (chance(10))
                c += key(); // odd: wrong number of arguments
            break;
        case 10:
            c = {oneOf({"INCR", "DECR"}), key()};
            break;
        case 11:
            c = {oneOf({"INCRBY", "DECRBY"}), key(), integer()};
            break;
        case 12:
            c = {"APPEND", key(), value()};
            break;
        case 13:
            c = {"STRLEN", key()};
            break;
        case 14:
            c = {oneOf({"DEL", "UNLINK", "EXISTS", "TOUCH"}), key()};
            while (chance(40))
                c += key();
            break;
        case 15:
            c = {"TYPE", key()};
            break;
        case 16:
        case 17:
            c = {oneOf({"EXPIRE", "PEXPIRE"}), key()};
            c += c[0] == "EXPIRE" ? seconds() : milliseconds();
            if (chance(30))
                c += oneOf({"NX", "XX", "nx", "BAD"});
            if (c.size() > 3 && chance(15)) // two conditions: refused, or NX XX
                c += oneOf({"NX", "XX", "GT", "LT"});
            break;
        case 18:
            c = {oneOf({"EXPIREAT", "PEXPIREAT"}), key()};
            c += c[0] == "EXPIREAT" ? unixSeconds() : unixMilliseconds();
            if (chance(30))
                c += oneOf({"NX", "XX", "GT", "LT"});
            break;
        case 19:
            c = {oneOf({"TTL", "PTTL", "EXPIRETIME", "PEXPIRETIME", "PERSIST"}), key()};
            break;
        case 20:
            c = {"KEYS", pattern()};
            break;
        case 21:
            c = {"SCAN", "0", "MATCH", pattern(), "COUNT", "1000"};
            if (chance(20))
                c << "TYPE" << oneOf({"string", "hash", "list", "STRING", "nosuch"});
            break;
        case 22:
            c = {"DBSIZE"};
            break;
        case 23:
        case 24:
            c = {oneOf({"HSET", "HMSET"}), key(), field(), value()};
            while (chance(30))
                c << field() << value();
            if (chance(5))
                c += field(); // odd: wrong number of arguments
            break;
        case 25:
            c = {"HSETNX", key(), field(), value()};
            break;
        case 26:
            c = {"HGET", key(), field()};
            break;
        case 27:
            c = {"HMGET", key(), field(), field()};
            break;
        case 28:
            c = {oneOf({"HGETALL", "HKEYS", "HVALS", "HLEN"}), key()};
            break;
        case 29:
            c = {"HINCRBY", key(), field(), integer()};
            break;
        case 30:
            c = {oneOf({"HEXISTS", "HSTRLEN"}), key(), field()};
            break;
        case 31:
            c = {"HDEL", key(), field()};
            while (chance(30))
                c += field();
            break;
        case 32:
            c = {oneOf({"PING", "ECHO"})};
            if (c[0] == "ECHO" || chance(30))
                c += value();
            break;
        case 33: // wrong arity on purpose
            c = {oneOf({"GET", "SET", "EXPIRE", "HSET", "HGET", "INCRBY", "TTL", "SCAN", "KEYS",
                        "GETEX", "DEL", "HINCRBY", "MGET"})};
            while (chance(30))
                c += key();
            break;
        case 34: // commands neither knows: the error must read the same (commands only the
                 // server has are a known difference, README "Known differences from Redis")
            c = {oneOf({"NOSUCH", "GETT", "hset2", ""}), key(), value()};
            break;
        case 35:
            // Not "-1" (the server reads it as 2^64-1 and scans the last bucket of its own
            // hash table): README "Known differences from Redis".
            c = {"SCAN", oneOf({"0", "x", "1.5", "18446744073709551616"})};
            // A whole scan in one call (COUNT 1000 over a dozen keys): the cursors of a scan
            // cut into pages are each side's own (README "Known differences from Redis").
            if (chance(50)) {
                const QByteArray option = oneOf({"MATCH", "COUNT", "TYPE", "match", "BAD"});
                c << option;
                c << (option == "COUNT" ? oneOf({"0", "-1", "x", "1000"})
                                        : oneOf({"*", "0", "-1", "10", "string"}));
            }
            if (!c.contains("COUNT"))
                c << "COUNT"
                  << "1000";
            break;
        case 36:
            c = {"SELECT", oneOf({"0", "1", "-1", "x"})};
            break;
        case 37:
            c = {"HINCRBY", key(), field(), oneOf({"x", "1.0", "", "9223372036854775807"})};
            break;
        case 38:
            // GT and LT with a relative time, in the past or refused: GT/LT with the same
            // relative time twice would compare "now" of two moments that fall in the same
            // millisecond on one side and not on the other. Absolute times (case 18) test them.
            c = {oneOf({"EXPIRE", "PEXPIRE"}), key(), oneOf({"0", "-1", "x", ""}),
                 oneOf({"GT", "LT"})};
            break;
        case 39:
            c = {"SET", key(), value(), oneOf({"PX", "EX"}),
                 oneOf({"0", "-5", "x", "9223372036854775807", "922337203685477580"})};
            break;
        case 40:
            c = {anyCase("hset"), key(), field(), value()};
            break;
        // The top level only.
        case 41:
            c = {"FLUSHALL"};
            break;
        case 42:
            c = {"SCRIPT", "EXISTS", sha(), sha()};
            break;
        default:
            c = {"ECHO", value()};
            break;
        }
        if (chance(3))
            c[0] = c[0].toLower();
        return c;
    }

    QByteArray sha()
    {
        if (bodies.isEmpty() || chance(20))
            return QByteArrayLiteral("0123456789abcdef0123456789abcdef01234567");
        return redisSha(oneOf(bodies));
    }
    static QByteArray redisSha(const QByteArray &body);

    // A Lua string literal of any bytes: printable ASCII as is, the rest as \ddd escapes.
    static QByteArray luaString(const QByteArray &bytes)
    {
        QByteArray out = "'";
        for (const char ch : bytes) {
            const auto u = uchar(ch);
            if (u >= 0x20 && u < 0x7f && ch != '\'' && ch != '\\')
                out += ch;
            else
                out += '\\' + QByteArray::number(u).rightJustified(3, '0');
        }
        return out + '\'';
    }
    QByteArray luaCall(bool raising)
    {
        const Command c = command(true);
        QByteArray call = raising ? "redis.call(" : "redis.pcall(";
        for (qsizetype i = 0; i < c.size(); ++i) {
            call += i ? ", " : "";
            // Now and then a Lua number, a table or nil where a string goes: converted (as the
            // server formats numbers) or refused with its error.
            call += i > 0 && chance(5) ? luaValue() : luaString(c[i]);
        }
        return call + ')';
    }
    QByteArray luaValue()
    {
        return oneOf({"1.5", "-0", "1e20", "2^53", "2^63", "-2^63", "0/0", "100", "-7.25", "1/3",
                      "{}", "nil", "true", "math.huge", "-math.huge"});
    }

    // A small script: a few calls into locals, then a return that shapes them.
    QByteArray scriptBody()
    {
        QByteArray body;
        if (chance(10))
            body += "#!lua\n";
        const int calls = 1 + below(3);
        for (int i = 1; i <= calls; ++i)
            body += "local v" + QByteArray::number(i) + " = " + luaCall(chance(30)) + '\n';
        const QByteArray v = "v" + QByteArray::number(1 + below(calls));
        switch (below(14)) {
        case 12: // numbers to integer replies: truncated, and beyond 64 bits as the server does
            body += "return " + luaValue();
            break;
        case 13: // a table with holes, nested tables, booleans, and errors raised by hand
            body += oneOf({"return {1, nil, 3}", "return {{1, {2, {3}}}, false, true}",
                           "error('boom')", "error({err='MYERR custom'})", "error()",
                           "return {err='E1'}", "return {ok='fine', err='both'}",
                           "return redis.sha1hex('x')", "return pcall(redis.call, 'NOSUCH')",
                           "return {pcall(error, {err='x'})}", "return #KEYS + #ARGV",
                           "return redis.call()", "return redis.pcall('GET', 'k0', 'x')"});
            break;
        case 0:
            body += "return {v1, " + v + ", 'x'}";
            break;
        case 1:
            body += "return type(" + v + ")";
            break;
        case 2:
            body += "return " + v + " == false";
            break;
        case 3:
            body += "return tonumber(" + v + ")";
            break;
        case 4:
            body += "return #" + v;
            break;
        case 5:
            body += "return redis.status_reply(" + luaString(value()) + ")";
            break;
        case 6:
            body += "return redis.error_reply(" + luaString(value()) + ")";
            break;
        case 7:
            body += "return 3.7";
            break;
        case 8:
            body += "return " + v + ".err or " + v + ".ok or " + v;
            break;
        case 9:
            body += "return " + luaCall(true);
            break;
        case 10:
            body += "return KEYS[1] .. (ARGV[1] or '')";
            break;
        default:
            body += "return " + v;
            break;
        }
        return body;
    }

    Command eval()
    {
        const QByteArray body = scriptBody();
        bodies.append(body);
        bodyOf.insert(redisSha(body), body);
        if (bodies.size() > 32)
            bodies.removeFirst();
        Command c{chance(15) ? QByteArrayLiteral("EVAL_RO") : QByteArrayLiteral("EVAL"), body};
        const int keys = below(3);
        c += QByteArray::number(keys);
        for (int i = 0; i < keys; ++i)
            c += key();
        if (chance(50))
            c += value();
        return c;
    }
    Command evalSha()
    {
        Command c{oneOf({"EVALSHA", "EVALSHA_RO"}), sha(), "1", key()};
        if (chance(10))
            c[2] = oneOf({"-1", "5", "x"});
        return c;
    }
    Command script()
    {
        switch (below(3)) {
        case 0: {
            const QByteArray body = chance(50) ? scriptBody() : QByteArrayLiteral("return (");
            bodyOf.insert(redisSha(body), body);
            return {"SCRIPT", "LOAD", body};
        }
        case 1:
            return {"SCRIPT", "EXISTS", sha()};
        default:
            return {"SCRIPT", "FLUSH"};
        }
    }
};

QByteArray CommandGenerator::redisSha(const QByteArray &body)
{
    return QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();
}

bool mentionsTime(const Command &c)
{
    for (const QByteArray &part : c) {
        const QByteArray upper = part.toUpper();
        if (upper.contains("TTL") || upper.contains("EXPIRETIME"))
            return true;
    }
    return false;
}

// Equal, or (with a tolerance) the same shape with non-negative integers that differ by no more
// than it: the engine and the server read their clocks a moment apart.
bool sameReply(const Reply &a, const Reply &b, qint64 tolerance)
{
    if (a == b)
        return true;
    if (tolerance <= 0 || a.type() != b.type())
        return false;
    if (a.isInteger())
        return a.integer() >= 0 && b.integer() >= 0 && qAbs(a.integer() - b.integer()) <= tolerance;
    if (!a.isArray() || a.elements().size() != b.elements().size())
        return false;
    for (qsizetype i = 0; i < a.elements().size(); ++i) {
        if (!sameReply(a.elements()[i], b.elements()[i], tolerance))
            return false;
    }
    return true;
}

// Whether a command, or the script it runs, uses one of the commands `names` (upper case).
bool uses(const Command &c, std::initializer_list<const char *> names)
{
    for (const QByteArray &part : c) {
        const QByteArray upper = part.toUpper();
        for (const char *name : names) {
            if (upper == name || upper.contains(QByteArray('\'' + QByteArray(name) + '\'')))
                return true;
        }
    }
    return false;
}

// KEYS and SCAN list keys in the order of the server's hash table: when a command (or a script)
// lists keys, every list of strings in its reply is compared as a set.
Reply inCanonicalOrder(const Reply &r)
{
    if (!r.isArray())
        return r;
    QList<Reply> elements;
    bool allStrings = true;
    for (const Reply &element : r.elements()) {
        elements.append(inCanonicalOrder(element));
        allStrings = allStrings && element.isBulk();
    }
    if (allStrings)
        std::sort(elements.begin(), elements.end(),
                  [](const Reply &x, const Reply &y) { return x.text() < y.text(); });
    return Reply::array(std::move(elements));
}

} // namespace

class TestEngineFuzzDifferential : public QObject {
    Q_OBJECT

    // One database, as the engine has.
    RedisServer m_server{{QStringLiteral("--databases"), QStringLiteral("1")}};
    RedisTestClient m_client;

private slots:
    void initTestCase()
    {
        QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
        QVERIFY2(m_client.connect(m_server.host(), m_server.port()),
                 qPrintable(m_client.errorString()));
    }

    void randomSequences()
    {
        const qint64 count = envNumber("LOCKSCOPE_DIFF_FUZZ_COMMANDS", 20000);
        const auto seed = quint64(envNumber("LOCKSCOPE_DIFF_FUZZ_SEED", 14));
        Engine engine(wallClockUs);
        QCOMPARE(m_client.command({"FLUSHALL"}), Reply::ok());
        QCOMPARE(m_client.command({"SCRIPT", "FLUSH"}), Reply::ok());
        CommandGenerator generator(seed);
        QList<Command> recent; // printed with a difference: the way to it
        qint64 errors = 0;
        for (qint64 i = 0; i < count; ++i) {
            const Command c = generator.next();
            recent.append(c);
            if (recent.size() > 40)
                recent.removeFirst();
            // What an EVALSHA runs is the script of that SHA-1.
            const Command run = c[0].toUpper().startsWith("EVALSHA")
                                    ? Command{generator.bodyOf.value(c.value(1))}
                                    : c;
            // DBSIZE counts keys whose TTL ran out until something removes them, and the
            // server's active expiry removes them at moments of its own: a full SCAN first
            // removes them on both sides (it expires every key it visits, as the server does).
            if (uses(run, {"DBSIZE"})) {
                const Command scan{"SCAN", "0", "COUNT", "1000"};
                QCOMPARE(inCanonicalOrder(engine.execute(scan)),
                         inCanonicalOrder(m_client.command(scan)));
            }
            Reply fromEngine = engine.execute(c);
            Reply fromServer = m_client.command(c);
            QVERIFY2(!fromServer.isNoReply(),
                     qPrintable(QStringLiteral("no reply from redis-server to %1")
                                    .arg(QString::fromUtf8(commandToDisplay(c)))));
            if (fromServer.isError())
                ++errors;
            if (uses(run, {"KEYS", "SCAN"})) {
                fromEngine = inCanonicalOrder(fromEngine);
                fromServer = inCanonicalOrder(fromServer);
            }
            if (sameReply(fromEngine, fromServer, mentionsTime(run) ? 250 : 0))
                continue;
            QByteArray story = "seed " + QByteArray::number(seed) + ", command " +
                               QByteArray::number(i + 1) + "; the last commands:\n";
            for (const Command &before : recent)
                story += "  " + commandToDisplay(before) + '\n';
            // Status and error texts are shown as they are: escape what they may hold.
            story += "engine: " + displayBytes(fromEngine.toDisplay(), 2000) +
                     "\nserver: " + displayBytes(fromServer.toDisplay(), 2000);
            QFAIL(story.constData());
        }
        // The sequence reached both sides of the commands: errors and successes.
        QVERIFY(errors > count / 50);
        QVERIFY(errors < count / 2);
        qInfo("%lld commands with seed %llu, the same replies (%lld errors among them)", count,
              seed, errors);
    }
};

QTEST_GUILESS_MAIN(TestEngineFuzzDifferential)
#include "test_engine_fuzz_differential.moc"
