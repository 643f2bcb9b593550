// The embedded Redis engine: one Redis node's keyspace and command set, single-threaded, driven
// by whatever clock it is given (the simulator's virtual clock plus the node's own offset).
//
// Replies match real Redis 7.0 for the same command sequence; tests/redis compares them
// command by command against a real redis-server. Scripts run in a real Lua 5.1 interpreter.
#pragma once

#include "reply.h"
#include "script_limits.h"

#include <functional>
#include <memory>

namespace lockscope {

class Engine {
public:
    // Returns the node's local time in microseconds. Keys expire by this clock, at Redis's
    // millisecond granularity, so a clock jump on the node expires keys early as it would in
    // real life.
    using Clock = std::function<qint64()>;

    // A write to the keyspace, reported after the command (or the script command) that made it.
    // The simulator turns these into key events, replication traffic and ownership attribution.
    struct KeyChange {
        enum class Kind : quint8 {
            Written, // value created or replaced (SET, SETNX, GETSET, INCR, HSET, HINCRBY, ...)
            ExpireChanged, // TTL set, changed or removed without touching the value (EXPIRE,
                           // PERSIST)
            Deleted,       // DEL, or a hash whose last field went
            Expired,       // the TTL ran out (lazily on access or by expireDue())
        };
        Kind kind;
        QByteArray key;
        int session;         // the connection whose command did it; -1 for expiry
        QByteArray oldValue; // Deleted/Written on a string: the value that was there ("" if none)
    };

    // The full state of one key, for replication and for views. exists == false means absent.
    struct KeySnapshot {
        QByteArray key;
        bool exists = false;
        QByteArray type;                             // "string" or "hash"
        QByteArray value;                            // string value
        QList<QPair<QByteArray, QByteArray>> fields; // hash fields in insertion order
        qint64 expireAtMs = -1;                      // absolute, node clock, -1 = no TTL
    };

    explicit Engine(Clock clock);
    ~Engine();
    Engine(const Engine &) = delete;
    Engine &operator=(const Engine &) = delete;

    // Executes one command on behalf of connection `session` (any small integer the caller
    // chooses; pub/sub subscriptions and attribution are per session).
    // (P)(UN)SUBSCRIBE naming several channels gets one reply per channel from Redis; the engine
    // returns those replies as an array of them (a single channel: exactly Redis's one reply).
    // Observer calls and message deliveries happen when the command is done, before returning.
    Reply execute(const Command &argv, int session = 0);

    // SCRIPT LOAD of a script known to compile (a built-in one): cached now, compiled when
    // first run (LuaScripting::cacheUncompiled). Not a command: nothing is counted or observed.
    // `sha1` is the body's lowercase hex SHA-1 (LuaScript::sha1).
    void cacheScript(const QByteArray &sha1, const QByteArray &body);

    void setKeyObserver(std::function<void(const KeyChange &)> observer);

    // Pub/sub delivery: called for every message a subscribed session should receive
    // (PUBLISH and keyspace notifications). `pattern` is empty for plain SUBSCRIBE.
    using MessageSink = std::function<void(int session, const QByteArray &channel,
                                           const QByteArray &message, const QByteArray &pattern)>;
    void setMessageSink(MessageSink sink);
    void dropSession(int session); // the connection closed: forget its subscriptions

    // Active expiry, as Redis's cron does: expires every key whose deadline has passed now.
    void expireDue();
    // The earliest expiry deadline in node-clock milliseconds, or -1 when no key has a TTL.
    // Redis expires a key once now > its deadline, so this is the first millisecond at which
    // expireDue() has work: the earliest key's expireAtMs + 1.
    qint64 nextExpiryMs() const;

    // Replication and restarts.
    KeySnapshot snapshot(const QByteArray &key) const;
    // snapshot(key).expireAtMs without copying the value: -1 when absent or without a TTL.
    qint64 expireAtMs(const QByteArray &key) const;
    void applySnapshot(const KeySnapshot &snap); // set or delete, no observer call
    QList<QByteArray> keys() const;              // sorted, unexpired
    void flushAll();                             // restart without persistence
    void flushScripts();                         // every restart: the script cache is not persisted

    qint64 nowMs() const;
    quint64 commandsExecuted() const;

    // The bounds on every script from now on (script_limits.h); kept across restarts.
    void setScriptLimits(const ScriptLimits &limits);
    // The first script this engine stopped, and why (None: none was).
    ScriptStop scriptStop() const;

private:
    class Impl;
    std::unique_ptr<Impl> d;
};

} // namespace lockscope
