#include "engine_command_table.h"

#include "engine_commands.h"
#include "redis_strings.h"
#include "util/recent_names.h"

#include <array>
#include <cstring>

namespace lockscope::redis {

namespace {

constexpr quint8 W = CmdWrite;
constexpr quint8 NS = CmdNoScript;
constexpr quint8 PS = CmdPubSub;

// Arity and flags as redis-server 7.0 reports them (COMMAND INFO).
const CommandSpec kConfigSubcommands[] = {
    {"get", "config|get", -3, NS, cmdConfigGet, nullptr},
    {"set", "config|set", -4, NS, cmdConfigSet, nullptr},
    {nullptr, nullptr, 0, 0, nullptr, nullptr},
};

const CommandSpec kScriptSubcommands[] = {
    {"load", "script|load", 3, NS, cmdScriptLoad, nullptr},
    {"exists", "script|exists", -3, NS, cmdScriptExists, nullptr},
    {"flush", "script|flush", -2, NS, cmdScriptFlush, nullptr},
    {nullptr, nullptr, 0, 0, nullptr, nullptr},
};

const CommandSpec kPubSubSubcommands[] = {
    {"channels", "pubsub|channels", -2, 0, cmdPubSubChannels, nullptr},
    {"numsub", "pubsub|numsub", -2, 0, cmdPubSubNumSub, nullptr},
    {"numpat", "pubsub|numpat", 2, 0, cmdPubSubNumPat, nullptr},
    {nullptr, nullptr, 0, 0, nullptr, nullptr},
};

// A table, one command a row, in CommandSpec's column order: name, name in arity errors, arity,
// flags, handler, subcommands.
const CommandSpec kCommands[] = {
    // strings
    {"get", "get", 2, 0, cmdGet, nullptr},
    {"set", "set", -3, W, cmdSet, nullptr},
    {"setnx", "setnx", 3, W, cmdSetNx, nullptr},
    {"setex", "setex", 4, W, cmdSetEx, nullptr},
    {"psetex", "psetex", 4, W, cmdPSetEx, nullptr},
    {"getset", "getset", 3, W, cmdGetSet, nullptr},
    {"getdel", "getdel", 2, W, cmdGetDel, nullptr},
    {"getex", "getex", -2, W, cmdGetEx, nullptr},
    {"mget", "mget", -2, 0, cmdMGet, nullptr},
    {"mset", "mset", -3, W, cmdMSet, nullptr},
    {"msetnx", "msetnx", -3, W, cmdMSetNx, nullptr},
    {"incr", "incr", 2, W, cmdIncr, nullptr},
    {"decr", "decr", 2, W, cmdDecr, nullptr},
    {"incrby", "incrby", 3, W, cmdIncrBy, nullptr},
    {"decrby", "decrby", 3, W, cmdDecrBy, nullptr},
    {"append", "append", 3, W, cmdAppend, nullptr},
    {"strlen", "strlen", 2, 0, cmdStrLen, nullptr},
    // keys
    {"del", "del", -2, W, cmdDel, nullptr},
    {"unlink", "unlink", -2, W, cmdDel, nullptr},
    {"exists", "exists", -2, 0, cmdExists, nullptr},
    {"touch", "touch", -2, 0, cmdTouch, nullptr},
    {"type", "type", 2, 0, cmdType, nullptr},
    {"expire", "expire", -3, W, cmdExpire, nullptr},
    {"pexpire", "pexpire", -3, W, cmdPExpire, nullptr},
    {"expireat", "expireat", -3, W, cmdExpireAt, nullptr},
    {"pexpireat", "pexpireat", -3, W, cmdPExpireAt, nullptr},
    {"ttl", "ttl", 2, 0, cmdTtl, nullptr},
    {"pttl", "pttl", 2, 0, cmdPTtl, nullptr},
    {"expiretime", "expiretime", 2, 0, cmdExpireTime, nullptr},
    {"pexpiretime", "pexpiretime", 2, 0, cmdPExpireTime, nullptr},
    {"persist", "persist", 2, W, cmdPersist, nullptr},
    {"scan", "scan", -2, 0, cmdScan, nullptr},
    {"keys", "keys", 2, 0, cmdKeys, nullptr},
    {"dbsize", "dbsize", 1, 0, cmdDbSize, nullptr},
    {"flushall", "flushall", -1, W, cmdFlushAll, nullptr},
    {"flushdb", "flushdb", -1, W, cmdFlushAll, nullptr},
    // hashes
    {"hset", "hset", -4, W, cmdHSet, nullptr},
    {"hmset", "hmset", -4, W, cmdHMSet, nullptr},
    {"hsetnx", "hsetnx", 4, W, cmdHSetNx, nullptr},
    {"hget", "hget", 3, 0, cmdHGet, nullptr},
    {"hmget", "hmget", -3, 0, cmdHMGet, nullptr},
    {"hgetall", "hgetall", 2, 0, cmdHGetAll, nullptr},
    {"hkeys", "hkeys", 2, 0, cmdHKeys, nullptr},
    {"hvals", "hvals", 2, 0, cmdHVals, nullptr},
    {"hincrby", "hincrby", 4, W, cmdHIncrBy, nullptr},
    {"hexists", "hexists", 3, 0, cmdHExists, nullptr},
    {"hdel", "hdel", -3, W, cmdHDel, nullptr},
    {"hlen", "hlen", 2, 0, cmdHLen, nullptr},
    {"hstrlen", "hstrlen", 3, 0, cmdHStrLen, nullptr},
    // connection and server
    {"ping", "ping", -1, PS, cmdPing, nullptr},
    {"echo", "echo", 2, 0, cmdEcho, nullptr},
    {"select", "select", 2, 0, cmdSelect, nullptr},
    {"time", "time", 1, 0, cmdTime, nullptr},
    {"config", "config", -2, 0, nullptr, kConfigSubcommands},
    // scripting
    {"eval", "eval", -3, NS, cmdEval, nullptr},
    {"evalsha", "evalsha", -3, NS, cmdEvalSha, nullptr},
    {"eval_ro", "eval_ro", -3, NS, cmdEvalRo, nullptr},
    {"evalsha_ro", "evalsha_ro", -3, NS, cmdEvalShaRo, nullptr},
    {"script", "script", -2, 0, nullptr, kScriptSubcommands},
    // pub/sub
    {"publish", "publish", 3, 0, cmdPublish, nullptr},
    {"subscribe", "subscribe", -2, NS | PS, cmdSubscribe, nullptr},
    {"unsubscribe", "unsubscribe", -1, NS | PS, cmdUnsubscribe, nullptr},
    {"psubscribe", "psubscribe", -2, NS | PS, cmdPSubscribe, nullptr},
    {"punsubscribe", "punsubscribe", -1, NS | PS, cmdPUnsubscribe, nullptr},
    {"pubsub", "pubsub", -2, 0, nullptr, kPubSubSubcommands},
};

// Case-folded FNV-1a, so "GET", "get" and "Get" land in the same slot.
quint32 foldedHash(const char *s, qsizetype len)
{
    quint32 h = 2166136261u;
    for (qsizetype i = 0; i < len; ++i) {
        h ^= asciiLower(static_cast<unsigned char>(s[i]));
        h *= 16777619u;
    }
    return h;
}

// An open-addressing index over kCommands, built once; lookups hash the name in place.
class CommandIndex {
public:
    CommandIndex()
    {
        m_slots.fill(Slot{});
        for (const CommandSpec &spec : kCommands) {
            const auto len = static_cast<qsizetype>(std::strlen(spec.name));
            quint32 i = foldedHash(spec.name, len) & kMask;
            while (m_slots[i].spec)
                i = (i + 1) & kMask;
            m_slots[i] = Slot{&spec, len};
        }
    }

    const CommandSpec *find(const QByteArray &name) const
    {
        const qsizetype len = name.size();
        for (quint32 i = foldedHash(name.constData(), len) & kMask; m_slots[i].spec;
             i = (i + 1) & kMask) {
            const Slot &slot = m_slots[i];
            if (slot.length == len && equalsIgnoreCase(slot.spec->name, name.constData(), len))
                return slot.spec;
        }
        return nullptr;
    }

private:
    struct Slot {
        const CommandSpec *spec = nullptr;
        qsizetype length = 0;
    };
    static constexpr quint32 kSize = 256; // > 3x the number of commands: short probe chains
    static constexpr quint32 kMask = kSize - 1;
    std::array<Slot, kSize> m_slots;
};

} // namespace

const CommandSpec *lookupCommandSlow(const QByteArray &name, RecentNames<const CommandSpec *> &seen)
{
    static const CommandIndex index;
    const CommandSpec *spec = index.find(name);
    seen.remember(name, spec); // unknown names are remembered too (as nullptr): same answer
    return spec;
}

const CommandSpec *lookupSubcommand(const CommandSpec &container, const QByteArray &name)
{
    for (const CommandSpec *sub = container.subcommands; sub && sub->name; ++sub) {
        if (std::strlen(sub->name) == static_cast<size_t>(name.size()) &&
            equalsIgnoreCase(sub->name, name.constData(), name.size()))
            return sub;
    }
    return nullptr;
}

} // namespace lockscope::redis
