#include "command_info.h"

#include "util/recent_names.h"

#include <algorithm>
#include <cstring>

namespace lockscope::live_commands {

namespace {

enum Access : quint8 {
    R, // reads (or only touches this connection's own state)
    W, // writes data, or changes other clients or the server
    C, // a container: its subcommand decides
};

struct Entry {
    const char *name; // lowercase; subcommands as "container|sub", as COMMAND INFO names them
    Access access;
};

// Generated from `COMMAND` of redis-server 7.0.15 by generate_command_info.py (run it to
// regenerate), sorted by name (byte order). W is the server's own "write" flag plus what a
// monitor must not do although Redis does not flag it "write" (the script's lists):
//  - eval, evalsha, fcall: a script may write (eval_ro, evalsha_ro and fcall_ro may not);
//  - publish, spublish: the message reaches production subscribers;
//  - the admin subcommands that change the server or other clients: config set / resetstat /
//    rewrite, acl setuser / deluser / load / save, client kill / pause / unpause / unblock,
//    script load / flush / kill / debug, function kill, module load / loadex / unload,
//    slowlog reset, latency reset, memory purge, the mutating cluster subcommands, save, bgsave,
//    bgrewriteaof, shutdown, debug, failover, replicaof / slaveof, sync / psync / replconf;
//  - client reply: OFF and SKIP would break the connection's reply matching.
// The sentinel| entries come from Sentinel's own command table (a sentinel is a redis-server in
// sentinel mode): the questions a monitor asks are reads; MONITOR, REMOVE, SET, RESET,
// FAILOVER, FLUSHCONFIG, CONFIG (SET; CONFIG GET is let through below), DEBUG,
// SIMULATE-FAILURE and IS-MASTER-DOWN-BY-ADDR (it casts a leader vote) change the sentinel.
// Read (R) includes what only changes this connection (select, client setname, client tracking,
// subscribe, multi, watch, ...) and pfcount (it may refresh a cached cardinality, which changes
// nothing a reader sees).
constexpr Entry kTable[] = {
    {"acl", C},
    {"acl|cat", R},
    {"acl|deluser", W},
    {"acl|dryrun", R},
    {"acl|genpass", R},
    {"acl|getuser", R},
    {"acl|help", R},
    {"acl|list", R},
    {"acl|load", W},
    {"acl|log", R},
    {"acl|save", W},
    {"acl|setuser", W},
    {"acl|users", R},
    {"acl|whoami", R},
    {"append", W},
    {"asking", R},
    {"auth", R},
    {"bgrewriteaof", W},
    {"bgsave", W},
    {"bitcount", R},
    {"bitfield", W},
    {"bitfield_ro", R},
    {"bitop", W},
    {"bitpos", R},
    {"blmove", W},
    {"blmpop", W},
    {"blpop", W},
    {"brpop", W},
    {"brpoplpush", W},
    {"bzmpop", W},
    {"bzpopmax", W},
    {"bzpopmin", W},
    {"client", C},
    {"client|caching", R},
    {"client|getname", R},
    {"client|getredir", R},
    {"client|help", R},
    {"client|id", R},
    {"client|info", R},
    {"client|kill", W},
    {"client|list", R},
    {"client|no-evict", R},
    {"client|pause", W},
    {"client|reply", W},
    {"client|setname", R},
    {"client|tracking", R},
    {"client|trackinginfo", R},
    {"client|unblock", W},
    {"client|unpause", W},
    {"cluster", C},
    {"cluster|addslots", W},
    {"cluster|addslotsrange", W},
    {"cluster|bumpepoch", W},
    {"cluster|count-failure-reports", R},
    {"cluster|countkeysinslot", R},
    {"cluster|delslots", W},
    {"cluster|delslotsrange", W},
    {"cluster|failover", W},
    {"cluster|flushslots", W},
    {"cluster|forget", W},
    {"cluster|getkeysinslot", R},
    {"cluster|help", R},
    {"cluster|info", R},
    {"cluster|keyslot", R},
    {"cluster|links", R},
    {"cluster|meet", W},
    {"cluster|myid", R},
    {"cluster|nodes", R},
    {"cluster|replicas", R},
    {"cluster|replicate", W},
    {"cluster|reset", W},
    {"cluster|saveconfig", W},
    {"cluster|set-config-epoch", W},
    {"cluster|setslot", W},
    {"cluster|shards", R},
    {"cluster|slaves", R},
    {"cluster|slots", R},
    {"command", C},
    {"command|count", R},
    {"command|docs", R},
    {"command|getkeys", R},
    {"command|getkeysandflags", R},
    {"command|help", R},
    {"command|info", R},
    {"command|list", R},
    {"config", C},
    {"config|get", R},
    {"config|help", R},
    {"config|resetstat", W},
    {"config|rewrite", W},
    {"config|set", W},
    {"copy", W},
    {"dbsize", R},
    {"debug", W},
    {"decr", W},
    {"decrby", W},
    {"del", W},
    {"discard", R},
    {"dump", R},
    {"echo", R},
    {"eval", W},
    {"eval_ro", R},
    {"evalsha", W},
    {"evalsha_ro", R},
    {"exec", R},
    {"exists", R},
    {"expire", W},
    {"expireat", W},
    {"expiretime", R},
    {"failover", W},
    {"fcall", W},
    {"fcall_ro", R},
    {"flushall", W},
    {"flushdb", W},
    {"function", C},
    {"function|delete", W},
    {"function|dump", R},
    {"function|flush", W},
    {"function|help", R},
    {"function|kill", W},
    {"function|list", R},
    {"function|load", W},
    {"function|restore", W},
    {"function|stats", R},
    {"geoadd", W},
    {"geodist", R},
    {"geohash", R},
    {"geopos", R},
    {"georadius", W},
    {"georadius_ro", R},
    {"georadiusbymember", W},
    {"georadiusbymember_ro", R},
    {"geosearch", R},
    {"geosearchstore", W},
    {"get", R},
    {"getbit", R},
    {"getdel", W},
    {"getex", W},
    {"getrange", R},
    {"getset", W},
    {"hdel", W},
    {"hello", R},
    {"hexists", R},
    {"hget", R},
    {"hgetall", R},
    {"hincrby", W},
    {"hincrbyfloat", W},
    {"hkeys", R},
    {"hlen", R},
    {"hmget", R},
    {"hmset", W},
    {"hrandfield", R},
    {"hscan", R},
    {"hset", W},
    {"hsetnx", W},
    {"hstrlen", R},
    {"hvals", R},
    {"incr", W},
    {"incrby", W},
    {"incrbyfloat", W},
    {"info", R},
    {"keys", R},
    {"lastsave", R},
    {"latency", C},
    {"latency|doctor", R},
    {"latency|graph", R},
    {"latency|help", R},
    {"latency|histogram", R},
    {"latency|history", R},
    {"latency|latest", R},
    {"latency|reset", W},
    {"lcs", R},
    {"lindex", R},
    {"linsert", W},
    {"llen", R},
    {"lmove", W},
    {"lmpop", W},
    {"lolwut", R},
    {"lpop", W},
    {"lpos", R},
    {"lpush", W},
    {"lpushx", W},
    {"lrange", R},
    {"lrem", W},
    {"lset", W},
    {"ltrim", W},
    {"memory", C},
    {"memory|doctor", R},
    {"memory|help", R},
    {"memory|malloc-stats", R},
    {"memory|purge", W},
    {"memory|stats", R},
    {"memory|usage", R},
    {"mget", R},
    {"migrate", W},
    {"module", C},
    {"module|help", R},
    {"module|list", R},
    {"module|load", W},
    {"module|loadex", W},
    {"module|unload", W},
    {"monitor", R},
    {"move", W},
    {"mset", W},
    {"msetnx", W},
    {"multi", R},
    {"object", C},
    {"object|encoding", R},
    {"object|freq", R},
    {"object|help", R},
    {"object|idletime", R},
    {"object|refcount", R},
    {"persist", W},
    {"pexpire", W},
    {"pexpireat", W},
    {"pexpiretime", R},
    {"pfadd", W},
    {"pfcount", R},
    {"pfdebug", W},
    {"pfmerge", W},
    {"pfselftest", R},
    {"ping", R},
    {"psetex", W},
    {"psubscribe", R},
    {"psync", W},
    {"pttl", R},
    {"publish", W},
    {"pubsub", C},
    {"pubsub|channels", R},
    {"pubsub|help", R},
    {"pubsub|numpat", R},
    {"pubsub|numsub", R},
    {"pubsub|shardchannels", R},
    {"pubsub|shardnumsub", R},
    {"punsubscribe", R},
    {"quit", R},
    {"randomkey", R},
    {"readonly", R},
    {"readwrite", R},
    {"rename", W},
    {"renamenx", W},
    {"replconf", W},
    {"replicaof", W},
    {"reset", R},
    {"restore", W},
    {"restore-asking", W},
    {"role", R},
    {"rpop", W},
    {"rpoplpush", W},
    {"rpush", W},
    {"rpushx", W},
    {"sadd", W},
    {"save", W},
    {"scan", R},
    {"scard", R},
    {"script", C},
    {"script|debug", W},
    {"script|exists", R},
    {"script|flush", W},
    {"script|help", R},
    {"script|kill", W},
    {"script|load", W},
    {"sdiff", R},
    {"sdiffstore", W},
    {"select", R},
    {"sentinel", C},
    {"sentinel|ckquorum", R},
    {"sentinel|config", W},
    {"sentinel|debug", W},
    {"sentinel|failover", W},
    {"sentinel|flushconfig", W},
    {"sentinel|get-master-addr-by-name", R},
    {"sentinel|help", R},
    {"sentinel|info-cache", R},
    {"sentinel|is-master-down-by-addr", W},
    {"sentinel|master", R},
    {"sentinel|masters", R},
    {"sentinel|monitor", W},
    {"sentinel|myid", R},
    {"sentinel|pending-scripts", R},
    {"sentinel|remove", W},
    {"sentinel|replicas", R},
    {"sentinel|reset", W},
    {"sentinel|sentinels", R},
    {"sentinel|set", W},
    {"sentinel|simulate-failure", W},
    {"sentinel|slaves", R},
    {"set", W},
    {"setbit", W},
    {"setex", W},
    {"setnx", W},
    {"setrange", W},
    {"shutdown", W},
    {"sinter", R},
    {"sintercard", R},
    {"sinterstore", W},
    {"sismember", R},
    {"slaveof", W},
    {"slowlog", C},
    {"slowlog|get", R},
    {"slowlog|help", R},
    {"slowlog|len", R},
    {"slowlog|reset", W},
    {"smembers", R},
    {"smismember", R},
    {"smove", W},
    {"sort", W},
    {"sort_ro", R},
    {"spop", W},
    {"spublish", W},
    {"srandmember", R},
    {"srem", W},
    {"sscan", R},
    {"ssubscribe", R},
    {"strlen", R},
    {"subscribe", R},
    {"substr", R},
    {"sunion", R},
    {"sunionstore", W},
    {"sunsubscribe", R},
    {"swapdb", W},
    {"sync", W},
    {"time", R},
    {"touch", R},
    {"ttl", R},
    {"type", R},
    {"unlink", W},
    {"unsubscribe", R},
    {"unwatch", R},
    {"wait", R},
    {"watch", R},
    {"xack", W},
    {"xadd", W},
    {"xautoclaim", W},
    {"xclaim", W},
    {"xdel", W},
    {"xgroup", C},
    {"xgroup|create", W},
    {"xgroup|createconsumer", W},
    {"xgroup|delconsumer", W},
    {"xgroup|destroy", W},
    {"xgroup|help", R},
    {"xgroup|setid", W},
    {"xinfo", C},
    {"xinfo|consumers", R},
    {"xinfo|groups", R},
    {"xinfo|help", R},
    {"xinfo|stream", R},
    {"xlen", R},
    {"xpending", R},
    {"xrange", R},
    {"xread", R},
    {"xreadgroup", W},
    {"xrevrange", R},
    {"xsetid", W},
    {"xtrim", W},
    {"zadd", W},
    {"zcard", R},
    {"zcount", R},
    {"zdiff", R},
    {"zdiffstore", W},
    {"zincrby", W},
    {"zinter", R},
    {"zintercard", R},
    {"zinterstore", W},
    {"zlexcount", R},
    {"zmpop", W},
    {"zmscore", R},
    {"zpopmax", W},
    {"zpopmin", W},
    {"zrandmember", R},
    {"zrange", R},
    {"zrangebylex", R},
    {"zrangebyscore", R},
    {"zrangestore", W},
    {"zrank", R},
    {"zrem", W},
    {"zremrangebylex", W},
    {"zremrangebyrank", W},
    {"zremrangebyscore", W},
    {"zrevrange", R},
    {"zrevrangebylex", R},
    {"zrevrangebyscore", R},
    {"zrevrank", R},
    {"zscan", R},
    {"zscore", R},
    {"zunion", R},
    {"zunionstore", W},
};

constexpr bool sortedByName()
{
    for (size_t i = 1; i < std::size(kTable); ++i) {
        const char *a = kTable[i - 1].name;
        const char *b = kTable[i].name;
        while (*a && *a == *b) {
            ++a;
            ++b;
        }
        if (static_cast<unsigned char>(*a) >= static_cast<unsigned char>(*b))
            return false;
    }
    return true;
}
static_assert(sortedByName(), "the binary search needs kTable sorted by name in byte order");

bool lessThan(const Entry &e, QByteArrayView key)
{
    // Byte order, like the table; `key` is not NUL-terminated.
    const auto len = static_cast<size_t>(key.size());
    const int c = std::strncmp(e.name, key.data(), len);
    if (c != 0)
        return c < 0;
    return std::strlen(e.name) < len;
}

// The access of a lowercase name ("get", "config|set"); null when unknown.
const Entry *find(QByteArrayView lowerName)
{
    const auto *end = std::end(kTable);
    const auto *it = std::lower_bound(std::begin(kTable), end, lowerName, lessThan);
    if (it == end || std::strlen(it->name) != static_cast<size_t>(lowerName.size()) ||
        std::strncmp(it->name, lowerName.data(), static_cast<size_t>(lowerName.size())) != 0)
        return nullptr;
    return it;
}

// Lowercases into a fixed buffer: command names are short, and anything longer than every
// known name is unknown anyway.
constexpr qsizetype kMaxName = 64;

bool lowerInto(QByteArrayView in, char *buf, qsizetype *len)
{
    if (in.size() > kMaxName)
        return false;
    for (qsizetype i = 0; i < in.size(); ++i) {
        const char c = in[i];
        buf[i] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    *len = in.size();
    return true;
}

bool writes(QByteArrayView command, QByteArrayView sub, bool hasSub)
{
    char buf[2 * kMaxName + 1];
    qsizetype len = 0;
    if (!lowerInto(command, buf, &len))
        return true;
    // A monitor's connection checks every command it sends, a few names a hundred thousand
    // times a snapshot: the binary search over the table was a tenth of sending one.
    thread_local RecentNames<const Entry *> seen;
    const Entry *e = nullptr;
    if (!seen.find(command, &e)) {
        e = find(QByteArrayView(buf, len));
        seen.remember(command, e);
    }
    if (!e)
        return true;
    if (e->access != C)
        return e->access == W;
    if (!hasSub)
        return true;
    qsizetype subLen = 0;
    buf[len] = '|';
    if (!lowerInto(sub, buf + len + 1, &subLen))
        return true;
    const Entry *s = find(QByteArrayView(buf, len + 1 + subLen));
    return !s || s->access != R;
}

// SENTINEL CONFIG is a write in the table (its SET changes the sentinel); its GET only reads.
bool isSentinelConfigGet(const Command &argv)
{
    return argv.size() > 2 && argv.at(0).compare("sentinel", Qt::CaseInsensitive) == 0 &&
           argv.at(1).compare("config", Qt::CaseInsensitive) == 0 &&
           argv.at(2).compare("get", Qt::CaseInsensitive) == 0;
}

} // namespace

bool isWrite(const Command &argv)
{
    if (argv.isEmpty())
        return true;
    const bool hasSub = argv.size() > 1;
    if (writes(argv.at(0), hasSub ? QByteArrayView(argv.at(1)) : QByteArrayView(), hasSub))
        return !isSentinelConfigGet(argv);
    // The one read subcommand with a writing argument: ACL LOG RESET clears the log that
    // other people audit with.
    return argv.size() > 2 && argv.at(0).compare("acl", Qt::CaseInsensitive) == 0 &&
           argv.at(1).compare("log", Qt::CaseInsensitive) == 0 &&
           argv.at(2).compare("reset", Qt::CaseInsensitive) == 0;
}

bool isWrite(QByteArrayView name)
{
    qsizetype split = name.indexOf('|');
    if (split < 0)
        split = name.indexOf(' ');
    if (split < 0)
        return writes(name, {}, false);
    return writes(name.first(split), name.sliced(split + 1), true);
}

QByteArray displayName(const Command &argv)
{
    if (argv.isEmpty())
        return QByteArrayLiteral("(empty command)");
    QByteArray name = argv.at(0).toUpper();
    char buf[kMaxName];
    qsizetype len = 0;
    if (argv.size() > 1 && lowerInto(argv.at(0), buf, &len)) {
        const Entry *e = find(QByteArrayView(buf, len));
        if (e && e->access == C)
            name += ' ' + argv.at(1).toUpper();
    }
    return name;
}

} // namespace lockscope::live_commands
