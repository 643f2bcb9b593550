// The redis.* functions scripts call (redis.call/pcall and the helpers) and Redis's
// deterministic math.random, as members of LuaScripting so they reach the engine.
#include "lua_scripting.h"

#include "lua_conversions.h"
#include "redis_strings.h"

#include <lua.hpp>

#include <cmath>
#include <cstring>

namespace lockscope::redis {

using lua::pushError;
using lua::pushErrorBuff;
using lua::pushReply;
using lua::toBytes;

thread_local LuaScripting *LuaScripting::s_running = nullptr;

LuaScripting *LuaScripting::self(lua_State *L)
{
    // The running instance's own interpreter only: a coroutine the script made is another
    // lua_State, and goes by the upvalue.
    if (LuaScripting *running = s_running; running && running->m_L == L)
        return running;
    return *static_cast<LuaScripting **>(lua_touserdata(L, lua_upvalueindex(1)));
}

int LuaScripting::redisCall(lua_State *L)
{
    return self(L)->genericCommand(L, true);
}

int LuaScripting::redisPcall(lua_State *L)
{
    return self(L)->genericCommand(L, false);
}

int LuaScripting::genericCommand(lua_State *L, bool raiseError)
{
    if (!m_run.active) {
        pushError(L, "redis.call/pcall can only be called inside a script invocation");
        return lua_error(L);
    }
    // luaArgsToRedisArgv(): numbers as %.17g, strings as they are, anything else is an error.
    const int argc = lua_gettop(L);
    if (argc == 0) {
        pushError(L, "Please specify at least one argument for this redis lib call");
        return raiseError ? lua_error(L) : 1;
    }
    // The argument list is a member reused by every call (a script calls redis.call() in a
    // loop, and each call used to allocate the list and every argument). Copy-on-write keeps
    // this safe: an argument the engine kept (a SET's value) is shared, so refilling that
    // element allocates a new buffer instead of writing into the stored one.
    Command &argv = m_callArgs;
    argv.resize(argc);
    int converted = 0;
    const CommandSpec *spec = nullptr; // known from the name's Lua string (m_knownNames)
    for (int j = 1; j <= argc; ++j) {
        QByteArray &arg = argv[j - 1];
        if (lua_type(L, j) == LUA_TNUMBER) {
            arg = formatDouble17g(lua_tonumber(L, j));
        } else {
            size_t len = 0;
            const char *s = lua_tolstring(L, j, &len);
            if (!s)
                break;
            const auto size = static_cast<qsizetype>(len);
            const KnownName *known = j == 1 ? knownName(s, len) : nullptr;
            if (known) {
                arg = known->name;
                spec = known->spec;
            } else if (const QByteArray *same = runArgument(s, size)) {
                arg = *same; // equal bytes: shared, and the keyspace compares by address
            } else if (arg.isDetached() && arg.capacity() >= size) {
                arg.resize(size);
                if (size > 0)
                    std::memcpy(arg.data(), s, len);
            } else {
                arg = QByteArray(s, size);
            }
        }
        ++converted;
    }
    if (!spec && converted == argc && lua_type(L, 1) == LUA_TSTRING)
        spec = rememberName(L, argv[0]);
    lua_pop(L, argc);
    if (converted != argc) {
        pushError(L, "Lua redis lib command arguments must be strings or integers");
        return raiseError ? lua_error(L) : 1;
    }

    const Reply reply = m_host.callFromScript(argv, m_run.readOnly, spec);
    // An integer (DEL's count) is pushed as pushReply() would, without its stack check: a C
    // function has LUA_MINSTACK free slots on entry, and its arguments are popped already.
    if (reply.type() == Reply::Type::Integer)
        lua_pushnumber(L, static_cast<lua_Number>(reply.integer()));
    else if (!(reply.type() == Reply::Type::Bulk && pushRunArgument(L, reply.text())))
        pushReply(L, reply);
    if (reply.isError() && raiseError)
        return lua_error(L);
    return 1;
}

const LuaScripting::KnownName *LuaScripting::knownName(const char *bytes, size_t size) const
{
    for (const KnownName &known : m_knownNames) {
        if (known.luaBytes == bytes && known.size == size)
            return &known;
    }
    return nullptr;
}

const CommandSpec *LuaScripting::rememberName(lua_State *L, const QByteArray &name)
{
    const CommandSpec *spec = m_host.scriptCommand(name);
    if (!spec)
        return nullptr; // unknown, or a container: looked up (and reported) every time
    KnownName &slot = m_knownNames[m_nextKnownName];
    m_nextKnownName = (m_nextKnownName + 1) % kKnownNames;
    if (slot.luaBytes)
        luaL_unref(L, LUA_REGISTRYINDEX, slot.ref);
    size_t len = 0;
    slot.luaBytes = lua_tolstring(L, 1, &len);
    slot.size = len;
    lua_pushvalue(L, 1); // a C function has LUA_MINSTACK free slots above its arguments
    slot.ref = luaL_ref(L, LUA_REGISTRYINDEX);
    slot.name = name;
    slot.spec = spec;
    return spec;
}

void LuaScripting::forgetKnownNames()
{
    for (KnownName &known : m_knownNames) {
        if (known.luaBytes && m_L)
            luaL_unref(m_L, LUA_REGISTRYINDEX, known.ref);
        known = KnownName();
    }
    m_nextKnownName = 0;
}

const QByteArray *LuaScripting::runArgument(const char *bytes, qsizetype size) const
{
    if (!m_runArgv)
        return nullptr;
    const Command &argv = *m_runArgv;
    for (qsizetype i = 3; i < argv.size(); ++i) {
        const QByteArray &a = argv[i];
        if (a.size() == size && (size == 0 || std::memcmp(a.constData(), bytes, size_t(size)) == 0))
            return &a;
    }
    return nullptr;
}

bool LuaScripting::pushRunArgument(lua_State *L, const QByteArray &bytes)
{
    // Only the reused tables are known here (a tainted interpreter makes fresh ones per run).
    if (!m_runArgv || m_tainted || m_keysTableRef == 0)
        return false;
    const Command &argv = *m_runArgv;
    for (qsizetype i = 3; i < argv.size(); ++i) {
        if (argv[i].constData() != bytes.constData() || argv[i].size() != bytes.size())
            continue;
        const bool isKey = i - 3 < m_runNumKeys;
        lua_rawgeti(L, LUA_REGISTRYINDEX, isKey ? m_keysTableRef : m_argvTableRef);
        lua_rawgeti(L, -1, static_cast<int>(isKey ? i - 3 : i - 3 - m_runNumKeys) + 1);
        // The script may have stored something else there: then the bytes decide. Equal
        // bytes are the same interned Lua string, so this is exactly what pushing them makes.
        size_t len = 0;
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : nullptr;
        if (s && len == size_t(bytes.size()) &&
            (len == 0 || std::memcmp(s, bytes.constData(), len) == 0)) {
            lua_remove(L, -2);
            return true;
        }
        lua_pop(L, 2);
        return false;
    }
    return false;
}

int LuaScripting::redisSha1Hex(lua_State *L)
{
    if (lua_gettop(L) != 1) {
        pushError(L, "wrong number of arguments");
        return lua_error(L);
    }
    const QByteArray hex = sha1Hex(toBytes(L, 1));
    lua_pushlstring(L, hex.constData(), static_cast<size_t>(hex.size()));
    return 1;
}

int LuaScripting::redisErrorReply(lua_State *L)
{
    if (lua_gettop(L) != 1 || lua_type(L, -1) != LUA_TSTRING) {
        pushError(L, "wrong number or type of arguments");
        return 1;
    }
    QByteArray err = untilNul(toBytes(L, -1)); // the server copies it as a C string
    if (!err.startsWith('-'))
        err.prepend('-');
    pushErrorBuff(L, err);
    return 1;
}

int LuaScripting::redisStatusReply(lua_State *L)
{
    if (lua_gettop(L) != 1 || lua_type(L, -1) != LUA_TSTRING) {
        pushError(L, "wrong number or type of arguments");
        return 1;
    }
    lua_newtable(L);
    lua_pushstring(L, "ok");
    lua_pushvalue(L, -3);
    lua_settable(L, -3);
    return 1;
}

int LuaScripting::redisLog(lua_State *L)
{
    // Validated like Redis, then dropped: the simulation has no server log.
    const int argc = lua_gettop(L);
    if (argc < 2) {
        pushError(L, "redis.log() requires two arguments or more.");
        return lua_error(L);
    }
    if (!lua_isnumber(L, -argc)) {
        pushError(L, "First argument must be a number (log level).");
        return lua_error(L);
    }
    const lua_Number level = lua_tonumber(L, -argc);
    if (level < 0 || level > 3) {
        pushError(L, "Invalid debug level.");
        return lua_error(L);
    }
    return 0;
}

int LuaScripting::redisSetResp(lua_State *L)
{
    if (lua_gettop(L) != 1) {
        pushError(L, "redis.setresp() requires one argument.");
        return lua_error(L);
    }
    const int resp = static_cast<int>(lua_tonumber(L, -1));
    if (resp != 2 && resp != 3) {
        pushError(L, "RESP version must be 2 or 3.");
        return lua_error(L);
    }
    if (resp == 3) {
        pushError(L, "RESP3 is not supported by the embedded engine.");
        return lua_error(L);
    }
    return 0;
}

int LuaScripting::redisSetRepl(lua_State *L)
{
    if (lua_gettop(L) != 1) {
        pushError(L, "redis.set_repl() requires one argument.");
        return lua_error(L);
    }
    const int flags = static_cast<int>(lua_tonumber(L, -1));
    if (flags & ~3) {
        pushError(L, "Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or "
                     "REPL_NONE.");
        return lua_error(L);
    }
    return 0;
}

int LuaScripting::redisReplicateCommands(lua_State *L)
{
    lua_pushboolean(L, 1); // effects replication is the only mode in Redis 7
    return 1;
}

int LuaScripting::redisBreakpoint(lua_State *L)
{
    lua_pushboolean(L, 0); // no debugger session
    return 1;
}

int LuaScripting::redisDebug(lua_State *)
{
    return 0;
}

int LuaScripting::redisAclCheckCmd(lua_State *L)
{
    const int argc = lua_gettop(L);
    if (argc == 0) {
        pushError(L, "Please specify at least one argument for this redis lib call");
        return lua_error(L);
    }
    Command argv;
    for (int j = 1; j <= argc; ++j)
        argv.append(lua_type(L, j) == LUA_TNUMBER ? formatDouble17g(lua_tonumber(L, j))
                                                  : toBytes(L, j));
    if (!self(L)->m_host.commandKnown(argv)) {
        pushError(L, "Invalid command passed to redis.acl_check_cmd()");
        return lua_error(L);
    }
    lua_pushboolean(L, 1); // no ACLs: the default user may run everything
    return 1;
}

qint32 LuaScripting::nextRandom()
{
    // lrand48(): x = (0x5DEECE66D * x + 0xB) mod 2^48, output the top 31 bits.
    m_randState = (0x5DEECE66DULL * m_randState + 0xBULL) & ((1ULL << 48) - 1);
    return static_cast<qint32>(m_randState >> 17);
}

void LuaScripting::seedRandom(qint32 seed)
{
    m_randState = (static_cast<quint64>(static_cast<quint32>(seed)) << 16) | 0x330EULL;
}

int LuaScripting::mathRandom(lua_State *L)
{
    // redis_math_random(): Lua's math.random over Redis's lrand48.
    constexpr qint32 randMax = 0x7fffffff;
    const lua_Number r =
        static_cast<lua_Number>(self(L)->nextRandom() % randMax) / static_cast<lua_Number>(randMax);
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, r);
        break;
    case 1: {
        const int u = luaL_checkint(L, 1);
        luaL_argcheck(L, 1 <= u, 1, "interval is empty");
        lua_pushnumber(L, std::floor(r * u) + 1);
        break;
    }
    case 2: {
        const int l = luaL_checkint(L, 1);
        const int u = luaL_checkint(L, 2);
        luaL_argcheck(L, l <= u, 2, "interval is empty");
        lua_pushnumber(L, std::floor(r * (u - l + 1)) + l);
        break;
    }
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    return 1;
}

int LuaScripting::mathRandomSeed(lua_State *L)
{
    self(L)->seedRandom(luaL_checkint(L, 1));
    return 0;
}

} // namespace lockscope::redis
