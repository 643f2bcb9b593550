// Unit tests of the embedded Redis engine under a manual virtual clock. Expected replies are
// written out by hand from Redis 7.0's documented behaviour (and checked against redis-server
// 7.0.15); test_engine_differential.cpp compares against a live server.
#include "redis/engine.h"
#include "redis/glob_match.h"
#include "util/decimal.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QSet>
#include <QTest>

#include <atomic>
#include <chrono>
#include <initializer_list>
#include <thread>

using namespace lockscope;

namespace {

Command cmd(std::initializer_list<const char *> parts)
{
    Command c;
    for (const char *p : parts)
        c.append(QByteArray(p));
    return c;
}

Reply ok()
{
    return Reply::ok();
}
Reply nil()
{
    return Reply::nil();
}
Reply num(qint64 v)
{
    return Reply::integer(v);
}
Reply bulk(const char *s)
{
    return Reply::bulk(QByteArray(s));
}
Reply status(const char *s)
{
    return Reply::status(QByteArray(s));
}
Reply err(const char *s)
{
    return Reply::error(QByteArray(s));
}
Reply arr(std::initializer_list<Reply> elements)
{
    return Reply::array(QList<Reply>(elements));
}
Reply bulks(std::initializer_list<const char *> parts)
{
    QList<Reply> out;
    for (const char *p : parts)
        out.append(bulk(p));
    return Reply::array(out);
}

// One step of a scripted exchange: optionally let virtual time pass, then send a command and
// expect a reply.
struct Step {
    qint64 advanceMs = 0;
    Command command;
    Reply expected;
};
using Steps = QList<Step>;

Step step(Command c, Reply expected)
{
    return Step{0, std::move(c), std::move(expected)};
}
Step after(qint64 ms, Command c, Reply expected)
{
    return Step{ms, std::move(c), std::move(expected)};
}

const char *const kWrongType = "WRONGTYPE Operation against a key holding the wrong kind of value";

QByteArray describe(const Command &c, const Reply &actual, const Reply &expected)
{
    return commandToDisplay(c) + "\n   actual:   " + actual.toDisplay() +
           "\n   expected: " + expected.toDisplay();
}

struct Message {
    int session;
    QByteArray channel;
    QByteArray message;
    QByteArray pattern;
    bool operator==(const Message &o) const
    {
        return session == o.session && channel == o.channel && message == o.message &&
               pattern == o.pattern;
    }
};

} // namespace

Q_DECLARE_METATYPE(Steps)

namespace QTest {
template <> char *toString(const Reply &r)
{
    return qstrdup(r.toDisplay().constData());
}
} // namespace QTest

class TestEngine : public QObject {
    Q_OBJECT

    // A fixed, non-round start so millisecond arithmetic is visible: 1.7e15 us + 250 us.
    static constexpr qint64 kStartUs = 1'700'000'000'000'250;
    qint64 m_nowUs = kStartUs;
    std::unique_ptr<Engine> m_engine;
    QList<Engine::KeyChange> m_changes;
    QList<Message> m_messages;

    qint64 startMs() const { return kStartUs / 1000; }
    void advanceMs(qint64 ms) { m_nowUs += ms * 1000; }
    Reply run(const Command &c, int session = 0) { return m_engine->execute(c, session); }
    void runSteps(const Steps &steps)
    {
        for (const Step &s : steps) {
            advanceMs(s.advanceMs);
            const Reply actual = run(s.command);
            QVERIFY2(actual == s.expected, describe(s.command, actual, s.expected).constData());
        }
    }

private slots:
    void init()
    {
        m_nowUs = kStartUs;
        m_engine = std::make_unique<Engine>([this] { return m_nowUs; });
        m_changes.clear();
        m_messages.clear();
        m_engine->setKeyObserver([this](const Engine::KeyChange &c) { m_changes.append(c); });
        m_engine->setMessageSink([this](int session, const QByteArray &channel,
                                        const QByteArray &message, const QByteArray &pattern) {
            m_messages.append({session, channel, message, pattern});
        });
    }

    void sequences_data()
    {
        QTest::addColumn<Steps>("steps");

        QTest::newRow("ping/echo") << Steps{
            step(cmd({"PING"}), status("PONG")),
            step(cmd({"ping", "hi"}), bulk("hi")),
            step(cmd({"ECHO", "x y"}), bulk("x y")),
            step(cmd({"PING", "a", "b"}), err("ERR wrong number of arguments for 'ping' command")),
        };
        QTest::newRow("get/set basics") << Steps{
            step(cmd({"GET", "k"}), nil()),
            step(cmd({"SET", "k", "v1"}), ok()),
            step(cmd({"get", "k"}), bulk("v1")),
            step(cmd({"SET", "k", ""}), ok()),
            step(cmd({"GET", "k"}), bulk("")),
            step(cmd({"EXISTS", "k", "k", "nope"}), num(2)),
            step(cmd({"TYPE", "k"}), status("string")),
            step(cmd({"TYPE", "nope"}), status("none")),
        };
        QTest::newRow("set NX/XX") << Steps{
            step(cmd({"SET", "k", "a", "XX"}), nil()),
            step(cmd({"GET", "k"}), nil()),
            step(cmd({"SET", "k", "a", "NX"}), ok()),
            step(cmd({"SET", "k", "b", "nx"}), nil()),
            step(cmd({"GET", "k"}), bulk("a")),
            step(cmd({"SET", "k", "c", "XX"}), ok()),
            step(cmd({"GET", "k"}), bulk("c")),
            step(cmd({"SET", "k", "d", "NX", "XX"}), err("ERR syntax error")),
            step(cmd({"SETNX", "k", "e"}), num(0)),
            step(cmd({"SETNX", "k2", "e"}), num(1)),
        };
        QTest::newRow("set GET") << Steps{
            step(cmd({"SET", "k", "a", "GET"}), nil()),
            step(cmd({"SET", "k", "b", "GET"}), bulk("a")),
            step(cmd({"SET", "k", "c", "NX", "GET"}), bulk("b")),
            step(cmd({"GET", "k"}), bulk("b")),
            step(cmd({"HSET", "h", "f", "v"}), num(1)),
            step(cmd({"SET", "h", "x", "GET"}), err(kWrongType)),
            step(cmd({"TYPE", "h"}), status("hash")),
        };
        QTest::newRow("set PX/EX and TTLs") << Steps{
            step(cmd({"SET", "k", "v", "PX", "1500"}), ok()),
            step(cmd({"PTTL", "k"}), num(1500)),
            step(cmd({"TTL", "k"}), num(2)), // rounded: (1500 + 500) / 1000
            after(1, cmd({"TTL", "k"}), num(1)),
            step(cmd({"SET", "k", "v", "EX", "10"}), ok()),
            step(cmd({"PTTL", "k"}), num(10000)),
            step(cmd({"SET", "k", "v"}), ok()), // a plain SET drops the TTL
            step(cmd({"PTTL", "k"}), num(-1)),
            step(cmd({"TTL", "k"}), num(-1)),
            step(cmd({"PTTL", "missing"}), num(-2)),
            step(cmd({"TTL", "missing"}), num(-2)),
            step(cmd({"SET", "k", "v", "PX", "100", "EX", "1"}), err("ERR syntax error")),
            step(cmd({"SET", "k", "v", "EX", "10", "EX", "20"}), ok()), // Redis: last wins
            step(cmd({"TTL", "k"}), num(20)),
            step(cmd({"SET", "k", "v", "PX"}), err("ERR syntax error")),
        };
        QTest::newRow("set KEEPTTL") << Steps{
            step(cmd({"SET", "k", "v", "PX", "5000"}), ok()),
            after(1000, cmd({"SET", "k", "w", "KEEPTTL"}), ok()),
            step(cmd({"PTTL", "k"}), num(4000)),
            step(cmd({"GET", "k"}), bulk("w")),
            step(cmd({"SET", "k", "w", "KEEPTTL", "PX", "10"}), err("ERR syntax error")),
        };
        QTest::newRow("set invalid expire") << Steps{
            step(cmd({"SET", "k", "v", "PX", "0"}),
                 err("ERR invalid expire time in 'set' command")),
            step(cmd({"SET", "k", "v", "EX", "-1"}),
                 err("ERR invalid expire time in 'set' command")),
            step(cmd({"SET", "k", "v", "EX", "9999999999999999"}),
                 err("ERR invalid expire time in 'set' command")),
            step(cmd({"SET", "k", "v", "PX", "1.5"}),
                 err("ERR value is not an integer or out of range")),
            step(cmd({"SET", "k", "v", "PX", "+5"}),
                 err("ERR value is not an integer or out of range")),
            step(cmd({"SETEX", "k", "0", "v"}), err("ERR invalid expire time in 'setex' command")),
            step(cmd({"GET", "k"}), nil()),
        };
        QTest::newRow("set PXAT/EXAT") << Steps{
            step(cmd({"SET", "k", "v", "PXAT", "1700000000010"}), ok()), // start is ...000000 ms
            step(cmd({"PTTL", "k"}), num(10)),
            step(cmd({"PEXPIRETIME", "k"}), num(1700000000010)),
            step(cmd({"SET", "k", "v", "EXAT", "1700000005"}), ok()),
            step(cmd({"PTTL", "k"}), num(5000)),
            step(cmd({"EXPIRETIME", "k"}), num(1700000005)),
            step(cmd({"SET", "k", "v", "PXAT", "1"}), ok()), // in the past: gone at once
            step(cmd({"GET", "k"}), nil()),
        };
        QTest::newRow("getset/getdel/getex") << Steps{
            step(cmd({"GETSET", "k", "a"}), nil()),
            step(cmd({"PEXPIRE", "k", "1000"}), num(1)),
            step(cmd({"GETSET", "k", "b"}), bulk("a")),
            step(cmd({"PTTL", "k"}), num(-1)), // GETSET drops the TTL
            step(cmd({"GETDEL", "k"}), bulk("b")),
            step(cmd({"GETDEL", "k"}), nil()),
            step(cmd({"SET", "k", "v"}), ok()),
            step(cmd({"GETEX", "k", "PX", "300"}), bulk("v")),
            step(cmd({"PTTL", "k"}), num(300)),
            step(cmd({"GETEX", "k", "PERSIST"}), bulk("v")),
            step(cmd({"PTTL", "k"}), num(-1)),
            step(cmd({"GETEX", "k", "NX"}), err("ERR syntax error")),
        };
        QTest::newRow("incr family") << Steps{
            step(cmd({"INCR", "n"}), num(1)),
            step(cmd({"INCRBY", "n", "41"}), num(42)),
            step(cmd({"DECR", "n"}), num(41)),
            step(cmd({"DECRBY", "n", "-9"}), num(50)),
            step(cmd({"GET", "n"}), bulk("50")),
            step(cmd({"INCRBY", "n", "x"}), err("ERR value is not an integer or out of range")),
            step(cmd({"SET", "s", "01"}), ok()),
            step(cmd({"INCR", "s"}), err("ERR value is not an integer or out of range")),
            step(cmd({"SET", "m", "9223372036854775807"}), ok()),
            step(cmd({"INCR", "m"}), err("ERR increment or decrement would overflow")),
            step(cmd({"DECRBY", "m", "-9223372036854775808"}), err("ERR decrement would overflow")),
            step(cmd({"SET", "t", "5", "PX", "1000"}), ok()),
            step(cmd({"INCR", "t"}), num(6)),
            step(cmd({"PTTL", "t"}), num(1000)), // INCR keeps the TTL
            step(cmd({"HSET", "h", "a", "1"}), num(1)),
            step(cmd({"INCR", "h"}), err(kWrongType)),
        };
        QTest::newRow("del/exists multi") << Steps{
            step(cmd({"SET", "a", "1"}), ok()),
            step(cmd({"SET", "b", "2"}), ok()),
            step(cmd({"DEL", "a", "b", "c", "a"}), num(2)),
            step(cmd({"EXISTS", "a", "b"}), num(0)),
            step(cmd({"DBSIZE"}), num(0)),
        };
        QTest::newRow("pexpire flags") << Steps{
            step(cmd({"SET", "k", "v"}), ok()),
            step(cmd({"PEXPIRE", "k", "1000", "XX"}), num(0)),
            step(cmd({"PEXPIRE", "k", "1000", "GT"}), num(0)), // no TTL counts as infinite
            step(cmd({"PEXPIRE", "k", "1000", "LT"}), num(1)),
            step(cmd({"PEXPIRE", "k", "2000", "NX"}), num(0)),
            step(cmd({"PEXPIRE", "k", "2000", "GT"}), num(1)),
            step(cmd({"PEXPIRE", "k", "1500", "GT"}), num(0)),
            step(cmd({"PEXPIRE", "k", "1500", "lt"}), num(1)),
            step(cmd({"PTTL", "k"}), num(1500)),
            step(cmd({"PEXPIRE", "k", "500", "XX", "LT"}), num(1)),
            step(cmd({"PTTL", "k"}), num(500)),
            step(cmd({"PEXPIRE", "k", "5", "NX", "XX"}),
                 err("ERR NX and XX, GT or LT options at the same time are not compatible")),
            step(cmd({"PEXPIRE", "k", "5", "GT", "LT"}),
                 err("ERR GT and LT options at the same time are not compatible")),
            step(cmd({"PEXPIRE", "k", "5", "FOO"}), err("ERR Unsupported option FOO")),
            step(cmd({"PEXPIRE", "missing", "5"}), num(0)),
            step(cmd({"EXPIRE", "k", "x"}), err("ERR value is not an integer or out of range")),
            step(cmd({"EXPIRE", "k", "9223372036854775"}),
                 err("ERR invalid expire time in 'expire' command")),
            step(cmd({"PERSIST", "k"}), num(1)),
            step(cmd({"PERSIST", "k"}), num(0)),
            step(cmd({"PTTL", "k"}), num(-1)),
            step(cmd({"EXPIRE", "k", "-1"}), num(1)), // a past deadline deletes the key
            step(cmd({"EXISTS", "k"}), num(0)),
        };
        QTest::newRow("expireat") << Steps{
            step(cmd({"SET", "k", "v"}), ok()),
            step(cmd({"EXPIREAT", "k", "1700000003"}), num(1)),
            step(cmd({"PTTL", "k"}), num(3000)),
            step(cmd({"PEXPIREAT", "k", "1700000000700"}), num(1)),
            step(cmd({"PTTL", "k"}), num(700)),
            step(cmd({"PEXPIREAT", "k", "1700000000000"}), num(1)), // == now: already expired
            step(cmd({"GET", "k"}), nil()),
        };
        QTest::newRow("hashes") << Steps{
            step(cmd({"HSET", "h", "f1", "a", "f2", "b"}), num(2)),
            step(cmd({"HSET", "h", "f1", "c", "f3", "d"}), num(1)),
            step(cmd({"HGETALL", "h"}), bulks({"f1", "c", "f2", "b", "f3", "d"})),
            step(cmd({"HGET", "h", "f2"}), bulk("b")),
            step(cmd({"HGET", "h", "zz"}), nil()),
            step(cmd({"HMGET", "h", "f3", "zz", "f1"}), arr({bulk("d"), nil(), bulk("c")})),
            step(cmd({"HMGET", "missing", "a"}), arr({nil()})),
            step(cmd({"HLEN", "h"}), num(3)),
            step(cmd({"HEXISTS", "h", "f1"}), num(1)),
            step(cmd({"HEXISTS", "h", "zz"}), num(0)),
            step(cmd({"HSETNX", "h", "f1", "x"}), num(0)),
            step(cmd({"HSETNX", "h", "f4", "x"}), num(1)),
            step(cmd({"HINCRBY", "h", "n", "5"}), num(5)),
            step(cmd({"HINCRBY", "h", "n", "-7"}), num(-2)),
            step(cmd({"HINCRBY", "h", "f1", "1"}), err("ERR hash value is not an integer")),
            step(cmd({"HINCRBY", "h", "n", "x"}),
                 err("ERR value is not an integer or out of range")),
            step(cmd({"HKEYS", "h"}), bulks({"f1", "f2", "f3", "f4", "n"})),
            step(cmd({"HDEL", "h", "f1", "zz", "f2"}), num(2)),
            step(cmd({"HDEL", "h", "f3", "f4", "n"}), num(3)),
            step(cmd({"EXISTS", "h"}), num(0)), // the last field took the key with it
            step(cmd({"HGETALL", "h"}), arr({})),
            step(cmd({"HSET", "h", "a"}), err("ERR wrong number of arguments for 'hset' command")),
            step(cmd({"HSET", "h", "a", "b", "c"}),
                 err("ERR wrong number of arguments for 'hset' command")),
            step(cmd({"HMSET", "h", "a", "1"}), ok()),
            step(cmd({"HLEN", "missing"}), num(0)),
        };
        QTest::newRow("wrongtype") << Steps{
            step(cmd({"SET", "s", "v"}), ok()),
            step(cmd({"HSET", "h", "f", "v"}), num(1)),
            step(cmd({"GET", "h"}), err(kWrongType)),
            step(cmd({"GETSET", "h", "x"}), err(kWrongType)),
            step(cmd({"GETDEL", "h"}), err(kWrongType)),
            step(cmd({"APPEND", "h", "x"}), err(kWrongType)),
            step(cmd({"HGET", "s", "f"}), err(kWrongType)),
            step(cmd({"HSET", "s", "f", "v"}), err(kWrongType)),
            step(cmd({"HGETALL", "s"}), err(kWrongType)),
            step(cmd({"HDEL", "s", "f"}), err(kWrongType)),
            step(cmd({"HINCRBY", "s", "f", "1"}), err(kWrongType)),
            step(cmd({"HMGET", "s", "f"}), err(kWrongType)),
            step(cmd({"MGET", "s", "h", "none"}), arr({bulk("v"), nil(), nil()})),
            step(cmd({"SET", "h", "now-a-string"}), ok()), // SET overwrites any type
            step(cmd({"TYPE", "h"}), status("string")),
        };
        QTest::newRow("arity and unknown") << Steps{
            step(cmd({"GET"}), err("ERR wrong number of arguments for 'get' command")),
            step(cmd({"GET", "a", "b"}), err("ERR wrong number of arguments for 'get' command")),
            step(cmd({"SET", "a"}), err("ERR wrong number of arguments for 'set' command")),
            step(cmd({"DEL"}), err("ERR wrong number of arguments for 'del' command")),
            step(cmd({"EVAL", "return 1"}),
                 err("ERR wrong number of arguments for 'eval' command")),
            step(cmd({"CONFIG"}), err("ERR wrong number of arguments for 'config' command")),
            step(cmd({"CONFIG", "GET"}),
                 err("ERR wrong number of arguments for 'config|get' command")),
            step(cmd({"SCRIPT", "LOAD"}),
                 err("ERR wrong number of arguments for 'script|load' command")),
            step(cmd({"config", "foo"}), err("ERR unknown subcommand 'foo'. Try CONFIG HELP.")),
            step(cmd({"foo", "a", "b"}),
                 err("ERR unknown command 'foo', with args beginning with: 'a' 'b' ")),
            step(cmd({"LPUSH", "l", "x"}),
                 err("ERR unknown command 'LPUSH', with args beginning with: 'l' 'x' ")),
            step(cmd({"MSET", "a"}), err("ERR wrong number of arguments for 'mset' command")),
        };
        QTest::newRow("select and config") << Steps{
            step(cmd({"SELECT", "0"}), ok()),
            step(cmd({"SELECT", "1"}), err("ERR DB index is out of range")),
            step(cmd({"SELECT", "x"}), err("ERR value is not an integer or out of range")),
            step(cmd({"CONFIG", "GET", "notify-keyspace-events"}),
                 bulks({"notify-keyspace-events", ""})),
            step(cmd({"CONFIG", "SET", "notify-keyspace-events", "Ex$"}), ok()),
            step(cmd({"CONFIG", "GET", "notify-*"}), bulks({"notify-keyspace-events", "$xE"})),
            step(cmd({"CONFIG", "SET", "notify-keyspace-events", "gKEA"}), ok()),
            step(cmd({"CONFIG", "GET", "notify-keyspace-events"}),
                 bulks({"notify-keyspace-events", "AKE"})),
            step(cmd({"CONFIG", "SET", "notify-keyspace-events", "Q"}),
                 err("ERR CONFIG SET failed (possibly related to argument "
                     "'notify-keyspace-events') - Invalid event class character. Use "
                     "'Ag$lshzxeKEtmdn'.")),
            step(cmd({"CONFIG", "SET", "foo", "bar"}),
                 err("ERR Unknown option or number of arguments for CONFIG SET - 'foo'")),
            step(cmd({"CONFIG", "SET", "notify-keyspace-events", "K", "x"}),
                 err("ERR syntax error")),
            step(cmd({"CONFIG", "GET", "nothing-like-this"}), arr({})),
        };
        QTest::newRow("strings misc") << Steps{
            step(cmd({"APPEND", "k", "ab"}), num(2)),
            step(cmd({"APPEND", "k", "cd"}), num(4)),
            step(cmd({"STRLEN", "k"}), num(4)),
            step(cmd({"STRLEN", "missing"}), num(0)),
            step(cmd({"MSET", "a", "1", "b", "2"}), ok()),
            step(cmd({"MGET", "a", "b", "c"}), arr({bulk("1"), bulk("2"), nil()})),
            step(cmd({"MSETNX", "a", "x", "z", "y"}), num(0)),
            step(cmd({"MSETNX", "y", "x", "z", "y"}), num(1)),
            step(cmd({"PSETEX", "p", "250", "v"}), ok()),
            step(cmd({"PTTL", "p"}), num(250)),
        };
    }

    void sequences()
    {
        QFETCH(Steps, steps);
        runSteps(steps);
    }

    void expiryAtTheRightMillisecond()
    {
        // Sub-millisecond part of the clock is dropped: mstime() = us / 1000.
        QCOMPARE(m_engine->nowMs(), startMs());
        QCOMPARE(run(cmd({"SET", "lock", "tok", "NX", "PX", "100"})), ok());
        QCOMPARE(m_engine->nextExpiryMs(), startMs() + 101);
        advanceMs(100); // now == deadline: not yet expired (Redis expires when now > deadline)
        QCOMPARE(run(cmd({"GET", "lock"})), bulk("tok"));
        QCOMPARE(run(cmd({"PTTL", "lock"})), num(0));
        m_nowUs += 749; // still within the same millisecond
        QCOMPARE(run(cmd({"GET", "lock"})), bulk("tok"));
        m_nowUs += 1; // the next millisecond
        QCOMPARE(run(cmd({"GET", "lock"})), nil());
        QCOMPARE(m_engine->nextExpiryMs(), qint64(-1));
        QCOMPARE(m_changes.size(), 2);
        QCOMPARE(m_changes[1].kind, Engine::KeyChange::Kind::Expired);
        QCOMPARE(m_changes[1].session, -1);
        QCOMPARE(m_changes[1].key, QByteArray("lock"));
        QCOMPARE(m_changes[1].oldValue, QByteArray("tok"));
    }

    // A simulated node's clock can stand before the epoch (a backward clock jump early in a
    // run). Relative TTLs then work as anywhere else: EXPIRE adds to the clock, a deadline not
    // after now deletes; SET's PX/EX must still name a deadline after the epoch.
    void clockBeforeTheEpoch()
    {
        m_nowUs = -100'000'000; // -100 s
        QCOMPARE(run(cmd({"SET", "k", "v"})), ok());
        QCOMPARE(run(cmd({"PEXPIRE", "k", "10000"})), num(1));
        QCOMPARE(run(cmd({"PTTL", "k"})), num(10000));
        QCOMPARE(run(cmd({"EXPIRE", "k", "20", "GT"})), num(1));
        QCOMPARE(run(cmd({"PEXPIRETIME", "k"})), num(0)); // -80000 shows as 0, like a TTL
        QCOMPARE(run(cmd({"TTL", "k"})), num(20));
        QCOMPARE(run(cmd({"PEXPIRE", "k", "-9223372036854775808"})),
                 err("ERR invalid expire time in 'pexpire' command"));
        QCOMPARE(run(cmd({"EXPIRE", "k", "0"})), num(1));
        QCOMPARE(run(cmd({"EXISTS", "k"})), num(0));
        QCOMPARE(run(cmd({"SET", "k", "v", "PX", "10000"})),
                 err("ERR invalid expire time in 'set' command"));
        QCOMPARE(run(cmd({"SET", "k", "v", "PX", "100001"})), ok());
        QCOMPARE(run(cmd({"PTTL", "k"})), num(100001));
    }

    void activeExpiry()
    {
        QCOMPARE(run(cmd({"CONFIG", "SET", "notify-keyspace-events", "Ex"})), ok());
        QCOMPARE(run(cmd({"SUBSCRIBE", "__keyevent@0__:expired"}), 7),
                 arr({bulk("subscribe"), bulk("__keyevent@0__:expired"), num(1)}));
        QCOMPARE(run(cmd({"SET", "a", "1", "PX", "300"})), ok());
        QCOMPARE(run(cmd({"SET", "b", "2", "PX", "100"})), ok());
        QCOMPARE(run(cmd({"SET", "c", "3", "PX", "200"})), ok());
        QCOMPARE(run(cmd({"PEXPIRE", "c", "1000"})), num(1)); // leaves a stale deadline behind
        QCOMPARE(run(cmd({"SET", "d", "4"})), ok());
        QCOMPARE(m_engine->nextExpiryMs(), startMs() + 101);
        m_changes.clear();

        advanceMs(100);
        m_engine->expireDue();
        QVERIFY(m_changes.isEmpty());
        advanceMs(1);
        m_engine->expireDue();
        QCOMPARE(m_changes.size(), 1);
        QCOMPARE(m_changes[0].key, QByteArray("b"));
        QCOMPARE(m_changes[0].kind, Engine::KeyChange::Kind::Expired);
        // c's old deadline (200) is stale: the next one is a's.
        QCOMPARE(m_engine->nextExpiryMs(), startMs() + 301);
        advanceMs(5000);
        m_engine->expireDue();
        QCOMPARE(m_engine->keys(), QList<QByteArray>{QByteArray("d")});
        QCOMPARE(m_engine->nextExpiryMs(), qint64(-1));
        const QList<Message> expected{{7, "__keyevent@0__:expired", "b", ""},
                                      {7, "__keyevent@0__:expired", "a", ""},
                                      {7, "__keyevent@0__:expired", "c", ""}};
        QCOMPARE(m_messages.size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i)
            QVERIFY2(m_messages[i] == expected[i], m_messages[i].message.constData());
    }

    void manyTtlChangesStayCheap()
    {
        // The deadline index must not grow without bound when the same keys are re-armed.
        for (int i = 0; i < 200000; ++i) {
            const QByteArray key = "k" + QByteArray::number(i % 50);
            run({QByteArray("SET"), key, QByteArray("v"), QByteArray("PX"), QByteArray("60000")});
        }
        QCOMPARE(m_engine->nextExpiryMs(), startMs() + 60001);
        advanceMs(60001);
        m_engine->expireDue();
        QCOMPARE(m_engine->keys().size(), 0);
    }

    void scanIsCompleteWithMatch()
    {
        for (int i = 0; i < 300; ++i) {
            run({QByteArray("SET"), "user:" + QByteArray::number(i), QByteArray("v")});
            run({QByteArray("SET"), "other:" + QByteArray::number(i), QByteArray("v")});
        }
        run(cmd({"HSET", "user:hash", "f", "v"}));
        QSet<QByteArray> seen;
        QByteArray cursor = "0";
        int calls = 0;
        do {
            const Reply r = run({QByteArray("SCAN"), cursor, QByteArray("MATCH"),
                                 QByteArray("user:*"), QByteArray("COUNT"), QByteArray("7")});
            QVERIFY2(r.isArray() && r.elements().size() == 2, r.toDisplay().constData());
            cursor = r.elements()[0].text();
            for (const Reply &k : r.elements()[1].elements()) {
                QVERIFY2(k.text().startsWith("user:"), k.text().constData());
                QVERIFY2(!seen.contains(k.text()), k.text().constData()); // no duplicates here
                seen.insert(k.text());
            }
            // Churn during the iteration: delete keys that are not checked, add new ones.
            if (calls < 40) {
                run({QByteArray("DEL"), "other:" + QByteArray::number(calls)});
                run({QByteArray("SET"), "user:new" + QByteArray::number(calls), QByteArray("v")});
            }
            QVERIFY(++calls < 10000);
        } while (cursor != "0");
        for (int i = 0; i < 300; ++i)
            QVERIFY2(seen.contains("user:" + QByteArray::number(i)),
                     QByteArray::number(i).constData());
        QVERIFY(seen.contains("user:hash"));
        QVERIFY(calls > 10); // COUNT was honoured roughly

        // TYPE filter and errors.
        const Reply hashes = run(cmd({"SCAN", "0", "TYPE", "HASH", "COUNT", "100000"}));
        QCOMPARE(hashes.elements()[1], bulks({"user:hash"}));
        QCOMPARE(hashes.elements()[0], bulk("0"));
        QCOMPARE(run(cmd({"SCAN", "x"})), err("ERR invalid cursor"));
        QCOMPARE(run(cmd({"SCAN", " 1"})), err("ERR invalid cursor"));
        QCOMPARE(run(cmd({"SCAN", "0", "COUNT", "0"})), err("ERR syntax error"));
        QCOMPARE(run(cmd({"SCAN", "0", "COUNT", "x"})),
                 err("ERR value is not an integer or out of range"));
        QCOMPARE(run(cmd({"SCAN", "0", "BOGUS"})), err("ERR syntax error"));
        QCOMPARE(run(cmd({"SCAN", "0", "MATCH"})), err("ERR syntax error"));
    }

    void scanSkipsAndDeletesExpiredKeys()
    {
        run(cmd({"SET", "a", "1", "PX", "10"}));
        run(cmd({"SET", "b", "2"}));
        advanceMs(11);
        QCOMPARE(run(cmd({"SCAN", "0", "COUNT", "100"})), arr({bulk("0"), bulks({"b"})}));
        QCOMPARE(run(cmd({"DBSIZE"})), num(1));
    }

    void globMatch_data()
    {
        QTest::addColumn<QByteArray>("pattern");
        QTest::addColumn<QByteArray>("string");
        QTest::addColumn<bool>("matches");
        QTest::newRow("star") << QByteArray("lock:*") << QByteArray("lock:a") << true;
        QTest::newRow("star empty") << QByteArray("lock:*") << QByteArray("lock:") << true;
        QTest::newRow("star prefix") << QByteArray("lock:*") << QByteArray("xlock:a") << false;
        QTest::newRow("question") << QByteArray("h?llo") << QByteArray("hallo") << true;
        QTest::newRow("question none") << QByteArray("h?llo") << QByteArray("hllo") << false;
        QTest::newRow("class") << QByteArray("h[ae]llo") << QByteArray("hello") << true;
        QTest::newRow("class miss") << QByteArray("h[ae]llo") << QByteArray("hillo") << false;
        QTest::newRow("negated") << QByteArray("h[^e]llo") << QByteArray("hallo") << true;
        QTest::newRow("negated miss") << QByteArray("h[^e]llo") << QByteArray("hello") << false;
        QTest::newRow("range") << QByteArray("h[a-c]llo") << QByteArray("hbllo") << true;
        QTest::newRow("range reversed") << QByteArray("h[c-a]llo") << QByteArray("hbllo") << true;
        QTest::newRow("escape") << QByteArray("a\\*b") << QByteArray("a*b") << true;
        QTest::newRow("escape literal") << QByteArray("a\\*b") << QByteArray("axb") << false;
        QTest::newRow("unclosed class") << QByteArray("a[bc") << QByteArray("ab") << true;
        QTest::newRow("many stars") << QByteArray("*a*b*c*") << QByteArray("xxaxxbxxc") << true;
        QTest::newRow("stars no match")
            << QByteArray("*a*b*c*d") << QByteArray("aaaaaaaaaabbbbbbbccc") << false;
        QTest::newRow("case") << QByteArray("LOCK") << QByteArray("lock") << false;
        QTest::newRow("keyspace channel")
            << QByteArray("__key*__:*") << QByteArray("__keyspace@0__:lock") << true;
    }

    void globMatch()
    {
        QFETCH(QByteArray, pattern);
        QFETCH(QByteArray, string);
        QFETCH(bool, matches);
        QCOMPARE(redis::globMatch(pattern, string), matches);
    }

    void scripts_data()
    {
        QTest::addColumn<Steps>("steps");
        QTest::newRow("lua to redis conversions") << Steps{
            step(cmd({"EVAL", "return 3.99", "0"}), num(3)),
            step(cmd({"EVAL", "return -3.99", "0"}), num(-3)),
            step(cmd({"EVAL", "return 'x'", "0"}), bulk("x")),
            step(cmd({"EVAL", "return true", "0"}), num(1)),
            step(cmd({"EVAL", "return false", "0"}), nil()),
            step(cmd({"EVAL", "return nil", "0"}), nil()),
            step(cmd({"EVAL", "return {1, 'a', {2, 'b'}, nil, 5}", "0"}),
                 arr({num(1), bulk("a"), arr({num(2), bulk("b")})})),
            step(cmd({"EVAL", "return {ok='FINE'}", "0"}), status("FINE")),
            step(cmd({"EVAL", "return {err='MYERR custom'}", "0"}), err("MYERR custom")),
            step(cmd({"EVAL", "return redis.status_reply('DONE')", "0"}), status("DONE")),
            step(cmd({"EVAL", "return redis.error_reply('My Error')", "0"}), err("My Error")),
            step(cmd({"EVAL", "return redis.error_reply('oops')", "0"}), err("ERR oops")),
            step(cmd({"EVAL", "return 1/0", "0"}), num(std::numeric_limits<qint64>::min())),
            step(cmd({"EVAL", "return {double=3.5}", "0"}), bulk("3.5")),
            step(cmd({"EVAL", "return KEYS", "2", "k1", "k2", "a1"}), bulks({"k1", "k2"})),
            step(cmd({"EVAL", "return ARGV", "1", "k1", "a1", "a2"}), bulks({"a1", "a2"})),
            step(cmd({"EVAL", "return #KEYS + #ARGV", "0"}), num(0)),
        };
        QTest::newRow("redis to lua conversions") << Steps{
            step(cmd({"SET", "s", "v"}), ok()),
            step(cmd({"EVAL", "return type(redis.call('GET', 'nope'))", "0"}), bulk("boolean")),
            step(cmd({"EVAL", "return redis.call('GET', 'nope') == false", "0"}), num(1)),
            step(cmd({"EVAL", "return redis.call('SET', 'k', 'v')['ok']", "0"}), bulk("OK")),
            step(cmd({"EVAL", "return redis.call('INCR', 'n') + 0.5", "0"}), num(1)),
            step(cmd({"EVAL", "return type(redis.call('INCR', 'n'))", "0"}), bulk("number")),
            step(cmd({"EVAL", "return redis.call('MGET', 's', 'nope')", "0"}),
                 arr({bulk("v"), nil()})),
            step(cmd({"EVAL", "return redis.pcall('INCR', 's')['err']", "0"}),
                 bulk("ERR value is not an integer or out of range")),
            step(cmd({"EVAL", "return redis.call('SET', 'f', 0.1)", "0"}), status("OK")),
            step(cmd({"GET", "f"}), bulk("0.10000000000000001")),
            step(cmd({"EVAL", "return redis.call('SET', 'i', 30000)", "0"}), status("OK")),
            step(cmd({"GET", "i"}), bulk("30000")),
            step(cmd({"EVAL", "return redis.sha1hex('')", "0"}),
                 bulk("da39a3ee5e6b4b0d3255bfef95601890afd80709")),
        };
        QTest::newRow("errors") << Steps{
            step(cmd({"SET", "s", "v"}), ok()),
            step(cmd({"EVAL", "return redis.call('incr', KEYS[1])", "1", "s"}),
                 err("ERR value is not an integer or out of range script: "
                     "2bab3b661081db58bd2341920e0ba7cf5dc77b25, on @user_script:1.")),
            step(cmd({"EVAL", "return redis.pcall('incr', KEYS[1])", "1", "s"}),
                 err("ERR value is not an integer or out of range")),
            // Lua's own pcall sees redis.call's error as its message string (Redis 7 wraps pcall).
            step(
                cmd({"EVAL",
                     "local ok, e = pcall(redis.call, 'incr', 's') return {tostring(ok), e}", "0"}),
                bulks({"false", "ERR value is not an integer or out of range"})),
            step(cmd({"EVAL", "error('boom')", "0"}),
                 err("ERR user_script:1: boom script: 82903a0434f1503e152f89c03c9acd881a0e8150, "
                     "on @user_script:1.")),
            step(cmd({"EVAL", "error({err='MYC x'})", "0"}),
                 err("MYC x script: 5a5e897309f0e62895ab22c90cc2960c144d1a84, on "
                     "@user_script:1.")),
            step(cmd({"EVAL", "return redis.call()", "0"}),
                 err("ERR Please specify at least one argument for this redis lib call script: "
                     "0a907e1429221a4d85516cab7fd219a82a9439d8, on @user_script:1.")),
            step(cmd({"EVAL", "return redis.call('foo')", "0"}),
                 err("ERR Unknown Redis command called from script script: "
                     "cc78c5a793d041f28ab0f6b117a82d1428ccfd13, on @user_script:1.")),
            step(cmd({"EVAL", "return redis.pcall('foo')", "0"}),
                 err("ERR Unknown Redis command called from script")),
            step(cmd({"EVAL", "return redis.call('get')", "0"}),
                 err("ERR Wrong number of args calling Redis command from script script: "
                     "f187dee77f607f7cff00bbabc9df38507582c78d, on @user_script:1.")),
            step(cmd({"EVAL", "return redis.call('subscribe','x')", "0"}),
                 err("ERR This Redis command is not allowed from script script: "
                     "2f334966be3d5602175118691c9d198b0a695e53, on @user_script:1.")),
            step(cmd({"EVAL", "return x", "0"}),
                 err("ERR user_script:1: Script attempted to access nonexistent global variable "
                     "'x' script: 03c387736bb5cc009ff35151572cee04677aa374, on @user_script:1.")),
            step(cmd({"EVAL", "x = 1", "0"}),
                 err("ERR user_script:1: Attempt to modify a readonly table script: "
                     "34bce5f775de97f557a34088509c8bfe1ea17e52, on @user_script:1.")),
            step(cmd({"EVAL", "return 1 +", "0"}),
                 err("ERR Error compiling script (new function): user_script:1: unexpected "
                     "symbol near '<eof>'")),
            step(cmd({"EVAL", "return redis.call('get', {})", "0"}),
                 err("ERR Lua redis lib command arguments must be strings or integers script: "
                     "4368e88f98d93af9caf358186e5fbf273374ee91, on @user_script:1.")),
            step(cmd({"EVAL", "local x = 1\nlocal y = nil + 1", "0"}),
                 err("ERR user_script:2: attempt to perform arithmetic on a nil value script: "
                     "53a7ec4000b99b7511680ec547dd6b80f193f03e, on @user_script:2.")),
            step(cmd({"EVAL", "return redis.call('hget','s','f')", "0"}),
                 err("WRONGTYPE Operation against a key holding the wrong kind of value script: "
                     "64297d6d32be3d4808f59751b5cee66a1eb4c060, on @user_script:1.")),
            step(cmd({"EVAL", "return 1", "-1"}), err("ERR Number of keys can't be negative")),
            step(cmd({"EVAL", "return 1", "2", "a"}),
                 err("ERR Number of keys can't be greater than number of args")),
            step(cmd({"EVAL", "return 1", "x"}),
                 err("ERR value is not an integer or out of range")),
            step(cmd({"EVAL", "#!lua flags=no-writes\nreturn redis.call('set','a','b')", "0"}),
                 err("ERR Write commands are not allowed from read-only scripts. script: "
                     "6acb400a50fe96e33eca4e0af6e9dcfb21193726, on @user_script:2.")),
            step(cmd({"EVAL", "#!python\nreturn 1", "0"}),
                 err("ERR Unexpected engine in script shebang: #!python")),
            step(cmd({"EVAL_RO", "return redis.call('del', 's')", "0"}),
                 err("ERR Write commands are not allowed from read-only scripts. script: "
                     "fceb02b07bafd84d02cb4716518856271f1dd521, on @user_script:1.")),
            step(cmd({"GET", "s"}), bulk("v")),
        };
        QTest::newRow("writes before an error stay") << Steps{
            step(cmd({"EVAL", "redis.call('SET', 'a', '1'); error('late')", "0"}),
                 err("ERR user_script:1: late script: 607f1f4be2535131c893582b4d4be53886501643, "
                     "on @user_script:1.")),
            step(cmd({"GET", "a"}), bulk("1")),
        };
        QTest::newRow("evalsha lifecycle") << Steps{
            step(cmd({"EVALSHA", "e0e1f9fabfc9d4800c877a703b823ac0578ff8db", "0"}),
                 err("NOSCRIPT No matching script. Please use EVAL.")),
            step(cmd({"EVALSHA", "short", "0"}),
                 err("NOSCRIPT No matching script. Please use EVAL.")),
            step(cmd({"SCRIPT", "EXISTS", "e0e1f9fabfc9d4800c877a703b823ac0578ff8db"}),
                 arr({num(0)})),
            step(cmd({"EVAL", "return 1", "0"}), num(1)),
            step(cmd({"SCRIPT", "EXISTS", "e0e1f9fabfc9d4800c877a703b823ac0578ff8db",
                      "E0E1F9FABFC9D4800C877A703B823AC0578FF8DB", "ffff"}),
                 arr({num(1), num(1), num(0)})),
            step(cmd({"EVALSHA", "E0E1F9FABFC9D4800C877A703B823AC0578FF8DB", "0"}), num(1)),
            step(cmd({"SCRIPT", "LOAD", "return 2"}),
                 bulk("7f923f79fe76194c868d7e1d0820de36700eb649")),
            step(cmd({"EVALSHA", "7f923f79fe76194c868d7e1d0820de36700eb649", "0"}), num(2)),
            step(cmd({"SCRIPT", "FLUSH", "bogus"}),
                 err("ERR SCRIPT FLUSH only support SYNC|ASYNC option")),
            step(cmd({"SCRIPT", "FLUSH"}), ok()),
            step(cmd({"EVALSHA", "7f923f79fe76194c868d7e1d0820de36700eb649", "0"}),
                 err("NOSCRIPT No matching script. Please use EVAL.")),
            step(cmd({"SCRIPT", "LOAD", "return +"}),
                 err("ERR Error compiling script (new function): user_script:1: unexpected symbol "
                     "near '+'")),
        };
        QTest::newRow("environment") << Steps{
            step(cmd({"EVAL", "return type(os)", "0"}),
                 err("ERR user_script:1: Script attempted to access nonexistent global variable "
                     "'os' script: 88bfcb2247db0b6fa4925f3cddc3fd0651459f99, on @user_script:1.")),
            step(cmd({"EVAL", "return _VERSION", "0"}), bulk("Lua 5.1")),
            step(cmd({"EVAL", "return redis.REDIS_VERSION", "0"}), bulk("7.0.15")),
            step(cmd({"EVAL", "return tostring(math.random())", "0"}), bulk("0.39646477363839")),
            step(cmd({"EVAL", "return tostring(math.random())", "0"}), bulk("0.84048536971234")),
            step(cmd({"EVAL", "return string.format('%05d', 42) .. string.rep('a', 2)", "0"}),
                 bulk("00042aa")),
            step(cmd({"EVAL", "local t = {3, 1, 2}; table.sort(t); return t", "0"}),
                 arr({num(1), num(2), num(3)})),
            step(cmd({"EVAL", "return tonumber('12') + math.floor(2.7)", "0"}), num(14)),
            step(cmd({"EVAL", "redis.log(redis.LOG_WARNING, 'x'); return redis.LOG_NOTICE", "0"}),
                 num(2)),
        };
    }

    void scripts()
    {
        QFETCH(Steps, steps);
        runSteps(steps);
    }

    // Issue 14: the time limit stops an endless script with Redis's BUSY words, pcall() cannot
    // swallow the stop, and the interpreter is usable afterwards.
    void endlessScriptStopsAtTheTimeLimit()
    {
        ScriptLimits limits;
        limits.timeLimitMs = 200;
        m_engine->setScriptLimits(limits);
        QElapsedTimer timer;
        timer.start();
        const Reply r = run(cmd({"EVAL", "local i = 0 while true do i = i + 1 end", "0"}));
        const qint64 firstMs = timer.elapsed();
        QCOMPARE(r, err("BUSY Redis is busy running a script. You can only call SCRIPT KILL or "
                        "SHUTDOWN NOSAVE."));
        QVERIFY2(firstMs >= 200 && firstMs < 1200, qPrintable(QString::number(firstMs)));
        QCOMPARE(m_engine->scriptStop(), ScriptStop::TimeLimit);
        timer.restart();
        const Reply r2 =
            run(cmd({"EVAL", "while true do pcall(function() while true do end end) end", "0"}));
        QCOMPARE(r2.text().left(5), QByteArray("BUSY "));
        QVERIFY(timer.elapsed() < 1200);
        QCOMPARE(run(cmd({"EVAL", "return 7", "0"})), num(7));
    }

    // Only LockScope's own scripts run without the time limit's hook: a script of the user's
    // loaded first and run by its sha, after a built-in one ran in the same interpreter, is
    // still stopped.
    void loadedScriptsStopAtTheTimeLimitAfterBuiltinOnes()
    {
        const QByteArray builtin = "return KEYS[1]";
        const QByteArray builtinSha =
            QCryptographicHash::hash(builtin, QCryptographicHash::Sha1).toHex();
        m_engine->cacheScript(builtinSha, builtin);
        QCOMPARE(run(Command{"EVALSHA", builtinSha, "1", "k"}), bulk("k"));
        ScriptLimits limits;
        limits.timeLimitMs = 100;
        m_engine->setScriptLimits(limits);
        const Reply sha = run(cmd({"SCRIPT", "LOAD", "while true do end"}));
        QVERIFY(sha.isBulk());
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(run(Command{"EVALSHA", sha.text(), "0"}).text().left(5), QByteArray("BUSY "));
        QVERIFY(timer.elapsed() < 1200);
        QCOMPARE(m_engine->scriptStop(), ScriptStop::TimeLimit);
        QCOMPARE(run(Command{"EVALSHA", builtinSha, "1", "j"}), bulk("j"));
    }

    void limitsSetBeforeTheFirstScriptApply()
    {
        // The interpreter is created by the first EVAL: the limits given before must hold.
        m_engine = std::make_unique<Engine>([this] { return m_nowUs; });
        ScriptLimits limits;
        limits.timeLimitMs = 100;
        m_engine->setScriptLimits(limits);
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(run(cmd({"EVAL", "while true do end", "0"})).text().left(5), QByteArray("BUSY "));
        QVERIFY(timer.elapsed() < 1100);
    }

    void endlessAllocationStopsAtTheMemoryCap()
    {
        ScriptLimits limits;
        limits.timeLimitMs = 60000; // the cap must stop it, not the clock
        limits.memoryCapBytes = qint64(16) << 20;
        m_engine->setScriptLimits(limits);
        QElapsedTimer timer;
        timer.start();
        const Reply r = run(
            cmd({"EVAL", "local t = {} while true do t[#t + 1] = string.rep('x', 1000) end", "0"}));
        QCOMPARE(r.text().left(4), QByteArray("OOM "));
        QCOMPARE(m_engine->scriptStop(), ScriptStop::MemoryCap);
        // pcall() catching "not enough memory" still stops it.
        const Reply r2 = run(cmd({"EVAL",
                                  "local t = {} local i = 0 while true do i = i + 1 "
                                  "pcall(function() t[i] = {i, i, i, i, i, i, i, i} end) end",
                                  "0"}));
        QCOMPARE(r2.text().left(4), QByteArray("OOM "));
        QVERIFY2(timer.elapsed() < 30000, qPrintable(QString::number(timer.elapsed())));
        // The garbage went with the stop: a normal script runs again.
        QCOMPARE(run(cmd({"EVAL", "return #string.rep('z', 1000)", "0"})), num(1000));
    }

    void stopFlagEndsAScriptAsScriptKillWould()
    {
        std::atomic<bool> stop{false};
        ScriptLimits limits;
        limits.timeLimitMs = 60000;
        limits.stopFlags = {&stop};
        m_engine->setScriptLimits(limits);
        std::thread setter([&stop] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            stop = true;
        });
        QElapsedTimer timer;
        timer.start();
        const Reply r = run(cmd({"EVAL", "while true do end", "0"}));
        setter.join();
        QVERIFY(timer.elapsed() < 1100);
        // Redis's reply to the caller of a script ended by SCRIPT KILL (checked with 7.0.15).
        QVERIFY2(r.text().startsWith("ERR Script killed by user with SCRIPT KILL... script: "),
                 r.text().constData());
        QVERIFY2(r.text().endsWith(", on @user_script:1."), r.text().constData());
        QCOMPARE(m_engine->scriptStop(), ScriptStop::Stopped);
    }

    void scriptsSeeAFrozenClock()
    {
        run(cmd({"SET", "k", "v", "PX", "10"}));
        advanceMs(10); // deadline == now: alive for the whole script
        QCOMPARE(
            run(cmd({"EVAL", "return {redis.call('PTTL', 'k'), redis.call('GET', 'k')}", "0"})),
            arr({num(0), bulk("v")}));
    }

    // Built-in scripts (cached by cacheScript) run with KEYS and ARGV tables that are refilled
    // from run to run rather than made anew: a shorter run must not see a longer one's leftovers.
    void builtinScriptsSeeOnlyTheirOwnKeysAndArgv()
    {
        const QByteArray body = "return {#KEYS, #ARGV, tostring(KEYS[1]), tostring(KEYS[2]), "
                                "tostring(ARGV[1]), tostring(ARGV[3])}";
        const QByteArray sha = QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();
        m_engine->cacheScript(sha, body);
        const char *const id = sha.constData();
        QCOMPARE(run(cmd({"EVALSHA", id, "2", "a", "b", "x", "y", "z"})),
                 arr({num(2), num(3), bulk("a"), bulk("b"), bulk("x"), bulk("z")}));
        QCOMPARE(run(cmd({"EVALSHA", id, "1", "c", "w"})),
                 arr({num(1), num(1), bulk("c"), bulk("nil"), bulk("w"), bulk("nil")}));
        QCOMPARE(run(cmd({"EVALSHA", id, "0"})),
                 arr({num(0), num(0), bulk("nil"), bulk("nil"), bulk("nil"), bulk("nil")}));
        // A script of the user's keeps the KEYS table it was given (rawset gets past the
        // read-only globals); later runs, built-in or not, must not change that table.
        QCOMPARE(run(cmd({"EVAL", "rawset(_G, 'kept', KEYS) return #KEYS", "1", "u"})), num(1));
        QCOMPARE(run(cmd({"EVALSHA", id, "2", "d", "e", "v"})),
                 arr({num(2), num(1), bulk("d"), bulk("e"), bulk("v"), bulk("nil")}));
        QCOMPARE(run(cmd({"EVAL", "return {#kept, kept[1]}", "0"})), arr({num(1), bulk("u")}));
    }

    // Built-in scripts get their keys' Lua strings from a cache found by the address of the
    // key's bytes. Whatever comes to live at an address an earlier key had, and however a key's
    // bytes are held, a run must see its own key.
    void builtinScriptsSeeTheirOwnKeysWhateverHoldsTheBytes()
    {
        const QByteArray body = "return KEYS[1]";
        const QByteArray sha = QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();
        m_engine->cacheScript(sha, body);
        const auto evalSha = [&](const QByteArray &key) {
            return run(Command{QByteArrayLiteral("EVALSHA"), sha, QByteArrayLiteral("1"), key});
        };
        const QByteArray kept("lock:kept");
        QCOMPARE(evalSha(kept), bulk("lock:kept"));
        QCOMPARE(evalSha(kept), bulk("lock:kept")); // the same buffer again
        // Keys made and freed one after another: the allocator hands the same addresses back.
        for (int i = 0; i < 64; ++i) {
            const QByteArray key = "lock:" + QByteArray::number(i % 10) + "abc"[i % 3];
            QCOMPARE(evalSha(key), Reply::bulk(key));
        }
        QCOMPARE(evalSha(QByteArray("")), bulk(""));
        QCOMPARE(evalSha(QByteArray()), bulk(""));
        // Bytes not owned by a QByteArray may change under the same address.
        char raw[] = "lock:x";
        const QByteArray borrowed = QByteArray::fromRawData(raw, 6);
        QCOMPARE(evalSha(borrowed), bulk("lock:x"));
        raw[5] = 'y';
        QCOMPARE(evalSha(borrowed), bulk("lock:y"));
        QCOMPARE(evalSha(kept), bulk("lock:kept"));
    }

    // assignDecimal() writes into the buffer it is given only when nothing else shares it.
    void decimalTextIsWrittenInPlaceOnlyIntoAnUnsharedBuffer()
    {
        QByteArray out;
        for (const qint64 v : {qint64(0), qint64(7), qint64(1023), qint64(1024), qint64(99999),
                               qint64(-5), qint64(123456789012345), qint64(2048)}) {
            assignDecimal(out, v);
            QCOMPARE(out, QByteArray::number(v));
        }
        assignDecimal(out, 123456);
        const char *buffer = out.constData();
        assignDecimal(out, 654321); // detached and room enough: the same buffer
        QCOMPARE(out, QByteArray("654321"));
        QCOMPARE(out.constData(), buffer);
        const QByteArray stored = out; // shared, as a server keeps a value it was sent
        assignDecimal(out, 111111);
        QCOMPARE(out, QByteArray("111111"));
        QCOMPARE(stored, QByteArray("654321"));
        assignDecimal(out, 1234567890123); // longer than the buffer's room
        QCOMPARE(out, QByteArray("1234567890123"));
    }

    void keyspaceNotifications()
    {
        QCOMPARE(run(cmd({"CONFIG", "SET", "notify-keyspace-events", "KEA"})), ok());
        QCOMPARE(run(cmd({"PSUBSCRIBE", "__key*__:*"}), 3),
                 arr({bulk("psubscribe"), bulk("__key*__:*"), num(1)}));
        QCOMPARE(run(cmd({"SET", "k", "v", "PX", "100"}), 1), ok());
        QCOMPARE(run(cmd({"HSET", "h", "a", "1"}), 1), num(1));
        QCOMPARE(run(cmd({"HDEL", "h", "a"}), 1), num(1));
        QCOMPARE(run(cmd({"INCR", "n"}), 1), num(1));
        QCOMPARE(run(cmd({"PERSIST", "k"}), 1), num(1));
        QCOMPARE(run(cmd({"EXPIRE", "n", "-1"}), 1), num(1));
        QCOMPARE(run(cmd({"SET", "e", "v", "PX", "1"}), 1), ok());
        advanceMs(2);
        QCOMPARE(run(cmd({"GET", "e"}), 1), nil());
        const QByteArray p = "__key*__:*";
        const QList<Message> expected{
            {3, "__keyspace@0__:k", "set", p},     {3, "__keyevent@0__:set", "k", p},
            {3, "__keyspace@0__:k", "expire", p},  {3, "__keyevent@0__:expire", "k", p},
            {3, "__keyspace@0__:h", "hset", p},    {3, "__keyevent@0__:hset", "h", p},
            {3, "__keyspace@0__:h", "hdel", p},    {3, "__keyevent@0__:hdel", "h", p},
            {3, "__keyspace@0__:h", "del", p},     {3, "__keyevent@0__:del", "h", p},
            {3, "__keyspace@0__:n", "incrby", p},  {3, "__keyevent@0__:incrby", "n", p},
            {3, "__keyspace@0__:k", "persist", p}, {3, "__keyevent@0__:persist", "k", p},
            {3, "__keyspace@0__:n", "del", p},     {3, "__keyevent@0__:del", "n", p},
            {3, "__keyspace@0__:e", "set", p},     {3, "__keyevent@0__:set", "e", p},
            {3, "__keyspace@0__:e", "expire", p},  {3, "__keyevent@0__:expire", "e", p},
            {3, "__keyspace@0__:e", "expired", p}, {3, "__keyevent@0__:expired", "e", p},
        };
        QCOMPARE(m_messages.size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i)
            QVERIFY2(m_messages[i] == expected[i],
                     QByteArray(QByteArray::number(i) + ": " + m_messages[i].channel + ' ' +
                                m_messages[i].message)
                         .constData());

        // Class filtering: only keyevent, only generic.
        m_messages.clear();
        QCOMPARE(run(cmd({"CONFIG", "SET", "notify-keyspace-events", "Eg"})), ok());
        run(cmd({"SET", "x", "1", "PX", "50"}), 1);
        run(cmd({"DEL", "x"}), 1);
        QCOMPARE(m_messages.size(), 2);
        QCOMPARE(m_messages[0].channel, QByteArray("__keyevent@0__:expire"));
        QCOMPARE(m_messages[1].channel, QByteArray("__keyevent@0__:del"));
        // 'n' (new keys) is not part of A.
        m_messages.clear();
        QCOMPARE(run(cmd({"CONFIG", "SET", "notify-keyspace-events", "En"})), ok());
        run(cmd({"SET", "fresh", "1"}), 1);
        run(cmd({"SET", "fresh", "2"}), 1);
        QCOMPARE(m_messages.size(), 1);
        QCOMPARE(m_messages[0].channel, QByteArray("__keyevent@0__:new"));
    }

    void pubsub()
    {
        QCOMPARE(run(cmd({"SUBSCRIBE", "a", "b"}), 1),
                 arr({arr({bulk("subscribe"), bulk("a"), num(1)}),
                      arr({bulk("subscribe"), bulk("b"), num(2)})}));
        QCOMPARE(run(cmd({"PSUBSCRIBE", "a*"}), 2), arr({bulk("psubscribe"), bulk("a*"), num(1)}));
        QCOMPARE(run(cmd({"PUBLISH", "a", "hello"}), 0), num(2));
        QCOMPARE(run(cmd({"PUBLISH", "zzz", "hello"}), 0), num(0));
        QCOMPARE(m_messages.size(), 2);
        QVERIFY(m_messages[0] == (Message{1, "a", "hello", ""}));
        QVERIFY(m_messages[1] == (Message{2, "a", "hello", "a*"}));
        // A subscribed connection may only (un)subscribe and ping.
        QCOMPARE(run(cmd({"GET", "x"}), 1),
                 err("ERR Can't execute 'get': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / "
                     "QUIT / RESET are allowed in this context"));
        QCOMPARE(run(cmd({"PING"}), 1), bulks({"pong", ""}));
        QCOMPARE(run(cmd({"UNSUBSCRIBE"}), 1),
                 arr({arr({bulk("unsubscribe"), bulk("a"), num(1)}),
                      arr({bulk("unsubscribe"), bulk("b"), num(0)})}));
        QCOMPARE(run(cmd({"UNSUBSCRIBE"}), 1), arr({bulk("unsubscribe"), nil(), num(0)}));
        QCOMPARE(run(cmd({"GET", "x"}), 1), nil());
        QCOMPARE(run(cmd({"PUBSUB", "NUMSUB", "a"})), arr({bulk("a"), num(0)}));
        QCOMPARE(run(cmd({"PUBSUB", "NUMPAT"})), num(1));
        m_engine->dropSession(2);
        QCOMPARE(run(cmd({"PUBSUB", "NUMPAT"})), num(0));
        QCOMPARE(run(cmd({"PUBLISH", "a", "again"})), num(0));
    }

    void keyChangeAttribution()
    {
        using Kind = Engine::KeyChange::Kind;
        run(cmd({"SET", "k", "v1"}), 4);
        run(cmd({"SET", "k", "v2", "NX"}), 4); // no write: no change
        run(cmd({"SET", "k", "v3", "PX", "1000"}), 5);
        run(cmd({"PEXPIRE", "k", "5000"}), 6);
        run(cmd({"PERSIST", "k"}), 6);
        run(cmd({"HSET", "h", "f", "1"}), 7);
        run(cmd({"HDEL", "h", "f"}), 7);
        run(cmd({"EVAL", "redis.call('SET', KEYS[1], 'mine') redis.call('DEL', KEYS[2]) return 1",
                 "2", "s", "k"}),
            8);
        run(cmd({"GET", "nothing"}), 9);
        struct Expected {
            Kind kind;
            const char *key;
            int session;
            const char *old;
        };
        const QList<Expected> expected{
            {Kind::Written, "k", 4, ""},       {Kind::Written, "k", 5, "v1"},
            {Kind::ExpireChanged, "k", 6, ""}, {Kind::ExpireChanged, "k", 6, ""},
            {Kind::Written, "h", 7, ""},       {Kind::Deleted, "h", 7, ""},
            {Kind::Written, "s", 8, ""},       {Kind::Deleted, "k", 8, "v3"},
        };
        QCOMPARE(m_changes.size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i) {
            QCOMPARE(m_changes[i].kind, expected[i].kind);
            QCOMPARE(m_changes[i].key, QByteArray(expected[i].key));
            QCOMPARE(m_changes[i].session, expected[i].session);
            QCOMPARE(m_changes[i].oldValue, QByteArray(expected[i].old));
        }
    }

    void observerRunsAfterTheCommand()
    {
        // The observer sees the state after the whole script, and may call back in.
        QList<Reply> seen;
        m_engine->setKeyObserver([&](const Engine::KeyChange &c) {
            seen.append(m_engine->execute({QByteArray("GET"), c.key}, 99));
        });
        run(cmd({"EVAL", "redis.call('SET', 'a', '1') redis.call('SET', 'a', '2')", "0"}));
        QCOMPARE(seen, (QList<Reply>{bulk("2"), bulk("2")}));
    }

    void snapshotAndApply()
    {
        run(cmd({"SET", "s", "v", "PX", "5000"}));
        run(cmd({"HSET", "h", "b", "2", "a", "1"}));
        const Engine::KeySnapshot s = m_engine->snapshot("s");
        QVERIFY(s.exists);
        QCOMPARE(s.type, QByteArray("string"));
        QCOMPARE(s.value, QByteArray("v"));
        QCOMPARE(s.expireAtMs, startMs() + 5000);
        const Engine::KeySnapshot h = m_engine->snapshot("h");
        QCOMPARE(h.type, QByteArray("hash"));
        QCOMPARE(h.fields, (QList<QPair<QByteArray, QByteArray>>{{"b", "2"}, {"a", "1"}}));
        QCOMPARE(h.expireAtMs, qint64(-1));
        QVERIFY(!m_engine->snapshot("missing").exists);

        qint64 replicaUs = m_nowUs;
        Engine replica([&] { return replicaUs; });
        int replicaChanges = 0;
        replica.setKeyObserver([&](const Engine::KeyChange &) { ++replicaChanges; });
        replica.applySnapshot(s);
        replica.applySnapshot(h);
        QCOMPARE(replica.execute(cmd({"GET", "s"})), bulk("v"));
        QCOMPARE(replica.execute(cmd({"PTTL", "s"})), num(5000));
        QCOMPARE(replica.execute(cmd({"HGETALL", "h"})), bulks({"b", "2", "a", "1"}));
        QCOMPARE(replica.keys(), (QList<QByteArray>{"h", "s"}));
        QCOMPARE(replica.nextExpiryMs(), startMs() + 5001);
        QCOMPARE(replicaChanges, 0);
        // Overwrite with another type, then delete.
        Engine::KeySnapshot asString = s;
        asString.key = "h";
        asString.expireAtMs = -1;
        replica.applySnapshot(asString);
        QCOMPARE(replica.execute(cmd({"TYPE", "h"})), status("string"));
        Engine::KeySnapshot gone;
        gone.key = "s";
        replica.applySnapshot(gone);
        QCOMPARE(replica.keys(), QList<QByteArray>{"h"});
        QCOMPARE(replica.nextExpiryMs(), qint64(-1));

        // A logically expired key is absent from snapshots and keys().
        advanceMs(5001);
        QVERIFY(!m_engine->snapshot("s").exists);
        QCOMPARE(m_engine->keys(), QList<QByteArray>{"h"});
    }

    void flushAllAndScripts()
    {
        run(cmd({"SET", "a", "1"}));
        run(cmd({"SCRIPT", "LOAD", "return 1"}));
        m_changes.clear();
        m_engine->flushAll();
        QVERIFY(m_changes.isEmpty()); // a restart, not a write
        QCOMPARE(run(cmd({"DBSIZE"})), num(0));
        QCOMPARE(run(cmd({"EVALSHA", "e0e1f9fabfc9d4800c877a703b823ac0578ff8db", "0"})), num(1));
        m_engine->flushScripts();
        QCOMPARE(run(cmd({"EVALSHA", "e0e1f9fabfc9d4800c877a703b823ac0578ff8db", "0"})),
                 err("NOSCRIPT No matching script. Please use EVAL."));
        // FLUSHALL the command is a write: the observer hears of every key.
        run(cmd({"SET", "b", "2"}));
        run(cmd({"SET", "a", "1"}));
        m_changes.clear();
        QCOMPARE(run(cmd({"FLUSHALL"}), 3), ok());
        QCOMPARE(m_changes.size(), 2);
        QCOMPARE(m_changes[0].key, QByteArray("a"));
        QCOMPARE(m_changes[0].kind, Engine::KeyChange::Kind::Deleted);
        QCOMPARE(m_changes[1].oldValue, QByteArray("2"));
        QCOMPARE(m_changes[1].session, 3);
        QCOMPARE(run(cmd({"FLUSHALL", "bogus"})), err("ERR syntax error"));
    }

    void commandsAreCaseInsensitiveAndCounted()
    {
        const quint64 before = m_engine->commandsExecuted();
        QCOMPARE(run(cmd({"sEt", "k", "v", "nX", "pX", "100"})), ok());
        QCOMPARE(run(cmd({"GeT", "k"})), bulk("v"));
        QCOMPARE(run(Command{}), err("ERR unknown command '', with args beginning with: "));
        QCOMPARE(m_engine->commandsExecuted(), before + 3);
    }

    void deterministicAcrossEngines()
    {
        // Two engines fed the same commands answer SCAN identically (no per-process seeds).
        qint64 t = kStartUs;
        Engine a([&] { return t; });
        Engine b([&] { return t; });
        for (int i = 0; i < 100; ++i) {
            const Command c{QByteArray("SET"), "key" + QByteArray::number(i * 7919 % 1000),
                            QByteArray("v")};
            a.execute(c);
            b.execute(c);
        }
        const Command scan = cmd({"SCAN", "0", "COUNT", "13"});
        QCOMPARE(a.execute(scan), b.execute(scan));
        QCOMPARE(a.execute(cmd({"KEYS", "key1*"})), b.execute(cmd({"KEYS", "key1*"})));
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "test_engine.moc"
