// LuaScripting: the interpreter (created on first use), Redis's script environment (libraries,
// read-only globals, the error handler), the script cache and running a script. The redis.*
// functions are in lua_redis_api.cpp, the value conversions in lua_conversions.cpp.
#include "lua_scripting.h"

#include "lua_conversions.h"
#include "redis_strings.h"

#include <QCryptographicHash>

#include <lua.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <unordered_set>
#include <utility>

namespace lockscope::redis {

using lua::popAsReply;
using lua::pushError;
using lua::toBytes;

namespace {

// VM instructions between two checks of the limits: tens of microseconds of the tightest loop,
// so a stop comes promptly, while a lock script (a few hundred instructions) is never
// interrupted and a long one pays one clock read per 10,000 instructions.
constexpr int kHookEvery = 10'000;
const char kSelfKey[] = "lockscope_scripting";
const char kToStringKey[] = "lockscope_tostring";

void fillCommandSlice(lua_State *L, const Command &argv, qsizetype from, qsizetype count)
{
    for (qsizetype i = 0; i < count; ++i) {
        const QByteArray &a = argv[from + i];
        lua_pushlstring(L, a.constData(), static_cast<size_t>(a.size()));
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
}

void pushCommandSlice(lua_State *L, const Command &argv, qsizetype from, qsizetype count)
{
    lua_createtable(L, static_cast<int>(count), 0);
    fillCommandSlice(L, argv, from, count);
}

// A reused table on top of the stack now holds `count` entries: those past it that the
// previous run set are cleared, so the table reads as a fresh one.
void clearReusedTail(lua_State *L, qsizetype count, int *used)
{
    for (int i = static_cast<int>(count) + 1; i <= *used; ++i) {
        lua_pushnil(L);
        lua_rawseti(L, -2, i);
    }
    *used = static_cast<int>(count);
}

// Refills a table kept in the registry with argv[from, from + count) and pushes it.
void pushReusedSlice(lua_State *L, int tableRef, int *used, const Command &argv, qsizetype from,
                     qsizetype count)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, tableRef);
    fillCommandSlice(L, argv, from, count);
    clearReusedTail(L, count, used);
}

// evalExtractShebangFlags(): "#!lua [flags=a,b]" on the first line.
bool parseShebang(const QByteArray &body, qsizetype *shebangLen, bool *compat, bool *noWrites,
                  QByteArray *error)
{
    *shebangLen = 0;
    *compat = true;
    *noWrites = false;
    if (!body.startsWith("#!"))
        return true;
    const qsizetype nl = body.indexOf('\n');
    if (nl < 0) {
        *error = QByteArrayLiteral("ERR Invalid script shebang");
        return false;
    }
    *shebangLen = nl;
    const QList<QByteArray> parts = body.left(nl).simplified().split(' ');
    if (parts.isEmpty() || parts[0].isEmpty()) {
        *error = QByteArrayLiteral("ERR Invalid engine in script shebang");
        return false;
    }
    if (parts[0] != "#!lua") {
        *error = "ERR Unexpected engine in script shebang: " + parts[0];
        return false;
    }
    *compat = false;
    for (qsizetype j = 1; j < parts.size(); ++j) {
        if (!parts[j].startsWith("flags=")) {
            *error = "ERR Unknown lua shebang option: " + parts[j];
            return false;
        }
        const QByteArray list = parts[j].mid(6);
        if (list.isEmpty())
            continue;
        for (const QByteArray &flag : list.split(',')) {
            if (flag == "no-writes")
                *noWrites = true;
            else if (flag != "allow-oom" && flag != "allow-stale" && flag != "no-cluster" &&
                     flag != "allow-cross-slot-keys") {
                *error = "ERR Unexpected flag in script shebang: " + flag;
                return false;
            }
        }
    }
    return true;
}

// luaL_newstate()'s panic handler: an error outside any protected call.
int panicHandler(lua_State *L)
{
    std::fprintf(stderr, "PANIC: unprotected error in call to Lua API (%s)\n", lua_tostring(L, -1));
    return 0;
}

} // namespace

// Every script run makes garbage of the same few sizes (its KEYS and ARGV tables and their
// arrays, the new strings), so the interpreter allocates and frees small blocks constantly.
// Keeping freed blocks on a free list per 16-byte size class and handing them out again costs
// a fraction of malloc/free each time. The blocks go back to the system with the interpreter.
//
// It also counts the bytes Lua holds, and while a script runs (`enforcing`) refuses to grow past
// the memory cap: Lua then raises "not enough memory" and the script stops. Only inside the
// script's protected call: a refusal outside one (creating KEYS and ARGV) would be a Lua panic.
struct LuaScripting::Allocator {
    static constexpr std::size_t kGranule = 16;
    static constexpr std::size_t kClasses = 16; // pooled: blocks of up to 256 bytes
    struct FreeBlock {
        FreeBlock *next;
    };
    std::array<FreeBlock *, kClasses + 1> freeLists{};
    std::size_t used = 0; // bytes Lua holds (as it asked for them)
    std::size_t cap = std::numeric_limits<std::size_t>::max();
    bool enforcing = false;
    bool refused = false; // a growth was refused since the script started

    Allocator() = default;
    Allocator(const Allocator &) = delete;
    Allocator &operator=(const Allocator &) = delete;
    ~Allocator()
    {
        for (FreeBlock *block : freeLists) {
            while (block) {
                FreeBlock *next = block->next;
                std::free(block);
                block = next;
            }
        }
    }

    static std::size_t classOf(std::size_t size) { return (size + kGranule - 1) / kGranule; }

    void *allocate(std::size_t size)
    {
        const std::size_t c = classOf(size);
        if (c > kClasses)
            return std::malloc(size);
        if (FreeBlock *block = freeLists[c]) {
            freeLists[c] = block->next;
            return block;
        }
        return std::malloc(c * kGranule);
    }

    void release(void *p, std::size_t size)
    {
        const std::size_t c = classOf(size);
        if (c > kClasses) {
            std::free(p);
            return;
        }
        auto *block = static_cast<FreeBlock *>(p);
        block->next = freeLists[c];
        freeLists[c] = block;
    }

    // lua_Alloc: Lua always passes the block's current size as osize (0 for a new block).
    static void *luaAlloc(void *ud, void *ptr, size_t osize, size_t nsize)
    {
        auto *self = static_cast<Allocator *>(ud);
        if (!ptr)
            osize = 0; // Lua 5.1 passes 0 for a new block; counting relies on it
        if (nsize == 0) {
            if (ptr) {
                self->release(ptr, osize);
                self->used -= osize;
            }
            return nullptr;
        }
        if (nsize > osize && self->enforcing && self->used - osize + nsize > self->cap) {
            self->refused = true;
            return nullptr; // the old block stays as it was, as Lua requires
        }
        void *p = self->resize(ptr, osize, nsize);
        if (p)
            self->used = self->used - osize + nsize;
        return p;
    }

    // A block of nsize bytes with the first min(osize, nsize) of ptr's (a new one for null).
    void *resize(void *ptr, std::size_t osize, std::size_t nsize)
    {
        if (!ptr)
            return allocate(nsize);
        const std::size_t oldClass = classOf(osize);
        const std::size_t newClass = classOf(nsize);
        if (oldClass == newClass && newClass <= kClasses)
            return ptr; // the block is big enough already
        if (oldClass > kClasses && newClass > kClasses)
            return std::realloc(ptr, nsize);
        void *moved = allocate(nsize);
        if (!moved)
            return nullptr;
        std::memcpy(moved, ptr, std::min(osize, nsize));
        release(ptr, osize);
        return moved;
    }
};

LuaScripting::LuaScripting(ScriptHost &host)
    : m_host(host)
{
    // Redis never seeds at start-up: its generator starts from lrand48's default state.
    m_randState = 0x1234ABCD330EULL;
}

LuaScripting::~LuaScripting()
{
    releaseState();
}

// Interpreters that ran built-in scripts only, kept per thread for the next engine. A short
// simulation (Explore runs them by the hundred thousand) spent half its time opening Lua's
// libraries, installing the Redis API and compiling the same release script for each node;
// a pooled interpreter has all that done. Only trusted scripts ran in it, and they keep no
// state between runs (KEYS and ARGV are fresh tables each run, the globals read-only, the
// random generator ours, not Lua's), so a run cannot tell a pooled interpreter from a new one.
struct LuaScripting::PooledState {
    lua_State *L = nullptr;
    std::unique_ptr<Allocator> alloc;
    LuaScripting **cell = nullptr;
    int handlerRef = 0, keysNameRef = 0, argvNameRef = 0;
    int keysTableRef = 0, argvTableRef = 0, keysUsed = 0, argvUsed = 0, keyStringsRef = 0;
    std::unordered_map<QByteArray, int, KeyHash, KeyEqual> compiledRefs;
};

struct LuaScripting::StatePool {
    static constexpr std::size_t kMax = 16; // per thread: a few simulated nodes' worth
    std::vector<PooledState> states;
    StatePool() = default;
    StatePool(const StatePool &) = delete;
    StatePool &operator=(const StatePool &) = delete;
    ~StatePool()
    {
        for (PooledState &s : states) {
            lua_close(s.L); // while its allocator is still there
            delete s.cell;
        }
    }
};

LuaScripting::StatePool &LuaScripting::statePool()
{
    thread_local StatePool pool;
    return pool;
}

bool LuaScripting::takePooledState()
{
    StatePool &pool = statePool();
    if (pool.states.empty())
        return false;
    PooledState s = std::move(pool.states.back());
    pool.states.pop_back();
    m_L = s.L;
    m_alloc = std::move(s.alloc);
    m_selfCell = s.cell;
    *m_selfCell = this;
    m_handlerRef = s.handlerRef;
    m_keysNameRef = s.keysNameRef;
    m_argvNameRef = s.argvNameRef;
    m_keysTableRef = s.keysTableRef;
    m_argvTableRef = s.argvTableRef;
    m_keysUsed = s.keysUsed;
    m_argvUsed = s.argvUsed;
    // The table's strings stay until their slots are refilled; what they were for is this
    // engine's to learn again (another engine's key buffers may be gone, their addresses
    // reused).
    m_keyStringsRef = s.keyStringsRef;
    m_compiledRefs = std::move(s.compiledRefs);
    m_tainted = false;
    return true;
}

void LuaScripting::releaseState()
{
    if (!m_L)
        return;
    forgetKnownNames(); // while the interpreter is still ours
    StatePool &pool = statePool();
    if (!m_tainted && pool.states.size() < StatePool::kMax) {
        *m_selfCell = nullptr; // nobody's until taken
        pool.states.push_back({m_L, std::move(m_alloc), m_selfCell, m_handlerRef, m_keysNameRef,
                               m_argvNameRef, m_keysTableRef, m_argvTableRef, m_keysUsed,
                               m_argvUsed, m_keyStringsRef, std::move(m_compiledRefs)});
    } else {
        lua_close(m_L);
        delete m_selfCell;
    }
    m_L = nullptr;
    m_selfCell = nullptr;
    m_keysTableRef = m_argvTableRef = 0;
    m_keysUsed = m_argvUsed = 0;
    m_keyStringsRef = 0;
    m_keyStringBytes.reset();
    m_compiledRefs.clear();
    m_tainted = false;
}

void LuaScripting::setLimits(const ScriptLimits &limits)
{
    m_limits = limits;
}

QByteArray LuaScripting::sha1Hex(const QByteArray &body)
{
    return QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();
}

lua_State *LuaScripting::state(bool trusted)
{
    // Created on first use: most simulated nodes never run a script.
    if (!m_L && !(trusted && takePooledState()))
        createState();
    return m_L;
}

void LuaScripting::createState()
{
    if (!m_alloc)
        m_alloc = std::make_unique<Allocator>();
    lua_State *L = lua_newstate(Allocator::luaAlloc, m_alloc.get());
    lua_atpanic(L, panicHandler);
    m_L = L;
    m_selfCell = new LuaScripting *(this);
    // Only the libraries Redis loads: no io, os, package or debug.
    const luaL_Reg libs[] = {{"", luaopen_base},
                             {LUA_TABLIBNAME, luaopen_table},
                             {LUA_STRLIBNAME, luaopen_string},
                             {LUA_MATHLIBNAME, luaopen_math}};
    for (const luaL_Reg &lib : libs) {
        lua_pushcfunction(L, lib.func);
        lua_pushstring(L, lib.name);
        lua_call(L, 1, 0);
    }
    // Base functions Redis removes from the script environment.
    for (const char *name : {"dofile", "loadfile", "print", "setfenv", "getfenv", "newproxy"}) {
        lua_pushnil(L);
        lua_setglobal(L, name);
    }

    // Redis 7 replaces pcall: an error table (as redis.call raises) reaches the script as its
    // plain "err" string, as it did before errors became tables.
    lua_pushcfunction(L, luaPcall);
    lua_setglobal(L, "pcall");

    lua_pushlightuserdata(L, m_selfCell);
    lua_setfield(L, LUA_REGISTRYINDEX, kSelfKey);
    lua_getglobal(L, "tostring");
    lua_setfield(L, LUA_REGISTRYINDEX, kToStringKey);

    // math.random / math.randomseed: Redis's own deterministic generator.
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_pushlightuserdata(L, m_selfCell);
    lua_pushcclosure(L, mathRandom, 1);
    lua_setfield(L, -2, "random");
    lua_pushlightuserdata(L, m_selfCell);
    lua_pushcclosure(L, mathRandomSeed, 1);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);

    installRedisApi();

    lua_pushcfunction(L, errorHandler);
    lua_pushvalue(L, -1);
    m_handlerRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_setglobal(L, "__redis__err__handler");
    lua_pushstring(L, "KEYS");
    m_keysNameRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushstring(L, "ARGV");
    m_argvNameRef = luaL_ref(L, LUA_REGISTRYINDEX);

    protectGlobals();
}

void LuaScripting::createReusedTables()
{
    lua_State *L = m_L;
    // Made once per interpreter and bound to the globals KEYS and ARGV here, once: while the
    // interpreter is untainted nothing else is ever assigned to them.
    lua_rawgeti(L, LUA_REGISTRYINDEX, m_keysNameRef);
    lua_createtable(L, 4, 0);
    lua_pushvalue(L, -1);
    m_keysTableRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawset(L, LUA_GLOBALSINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, m_argvNameRef);
    lua_createtable(L, 4, 0);
    lua_pushvalue(L, -1);
    m_argvTableRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawset(L, LUA_GLOBALSINDEX);
    m_keysUsed = 0;
    m_argvUsed = 0;
    lua_createtable(L, int(kKeyStrings), 0);
    m_keyStringsRef = luaL_ref(L, LUA_REGISTRYINDEX);
}

void LuaScripting::fillKeys(const Command &argv, qsizetype numKeys)
{
    lua_State *L = m_L;
    if (!m_keyStringBytes) // on the first run in this interpreter, pooled or new
        m_keyStringBytes = std::make_unique<QByteArray[]>(kKeyStrings);
    lua_rawgeti(L, LUA_REGISTRYINDEX, m_keysTableRef);
    lua_rawgeti(L, LUA_REGISTRYINDEX, m_keyStringsRef);
    for (qsizetype i = 0; i < numKeys; ++i) {
        const QByteArray &key = argv[3 + i];
        // Buffers come from malloc, 16-byte aligned: the low bits tell nothing.
        const std::size_t slot = (quintptr(key.constData()) >> 4) % kKeyStrings;
        QByteArray &known = m_keyStringBytes[slot];
        // The same address as bytes we hold: the same bytes (held, they cannot change). An
        // empty slot's and an empty key's bytes share one static address: not a match.
        if (!known.isEmpty() && known.constData() == key.constData() &&
            known.size() == key.size()) {
            lua_rawgeti(L, -1, int(slot + 1));
        } else {
            lua_pushlstring(L, key.constData(), static_cast<size_t>(key.size()));
            // Bytes not owned by a QByteArray (fromRawData, literals) can change under the
            // same address: never remembered.
            if (key.capacity() != 0 && !key.isEmpty()) {
                known = key;
                lua_pushvalue(L, -1);
                lua_rawseti(L, -3, int(slot + 1));
            }
        }
        lua_rawseti(L, -3, static_cast<int>(i + 1));
    }
    lua_pop(L, 1); // the strings' table; KEYS stays pushed, as pushReusedSlice() leaves it
    clearReusedTail(L, numKeys, &m_keysUsed);
}

void LuaScripting::installRedisApi()
{
    lua_State *L = m_L;
    lua_newtable(L);
    const luaL_Reg functions[] = {{"call", redisCall},
                                  {"pcall", redisPcall},
                                  {"sha1hex", redisSha1Hex},
                                  {"error_reply", redisErrorReply},
                                  {"status_reply", redisStatusReply},
                                  {"log", redisLog},
                                  {"setresp", redisSetResp},
                                  {"set_repl", redisSetRepl},
                                  {"replicate_commands", redisReplicateCommands},
                                  {"breakpoint", redisBreakpoint},
                                  {"debug", redisDebug},
                                  {"acl_check_cmd", redisAclCheckCmd}};
    for (const luaL_Reg &f : functions) {
        lua_pushlightuserdata(L, m_selfCell);
        lua_pushcclosure(L, f.func, 1);
        lua_setfield(L, -2, f.name);
    }
    const std::pair<const char *, int> constants[] = {
        {"LOG_DEBUG", 0},  {"LOG_VERBOSE", 1},
        {"LOG_NOTICE", 2}, {"LOG_WARNING", 3},
        {"REPL_NONE", 0},  {"REPL_AOF", 1},
        {"REPL_SLAVE", 2}, {"REPL_REPLICA", 2},
        {"REPL_ALL", 3},   {"REDIS_VERSION_NUM", 0x07000f}};
    for (const auto &[name, value] : constants) {
        lua_pushnumber(L, value);
        lua_setfield(L, -2, name);
    }
    lua_pushstring(L, "7.0.15");
    lua_setfield(L, -2, "REDIS_VERSION");
    lua_setglobal(L, "redis");
}

void LuaScripting::protectGlobals()
{
    // Redis 7 makes the globals and every library table read-only and turns reads of unknown
    // globals into errors. We get the same errors for new keys via metatables; overwriting an
    // existing library entry (e.g. `redis = nil`) is not caught (Redis patches its Lua VM).
    lua_State *L = m_L;
    lua_newtable(L); // metatable shared by the library tables
    lua_pushcfunction(L, readonlyNewIndex);
    lua_setfield(L, -2, "__newindex");
    for (const char *lib :
         {"redis", LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, "coroutine"}) {
        lua_getglobal(L, lib);
        lua_pushvalue(L, -2);
        lua_setmetatable(L, -2);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    lua_newtable(L); // metatable of _G
    lua_pushcfunction(L, globalsIndex);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, readonlyNewIndex);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, LUA_GLOBALSINDEX);
}

namespace {

// The shas of the built-in scripts this thread has cached (cacheUncompiled). A node that
// restarted empty answers their EVALSHA with NOSCRIPT and the client sends the body with EVAL:
// the same bytes, so the same trust, and its interpreter stays fit for the pool. Per thread,
// like the pool: a world runs on one thread.
std::unordered_set<QByteArray> &builtinShas()
{
    thread_local std::unordered_set<QByteArray> shas;
    return shas;
}

} // namespace

const LuaScripting::Script *LuaScripting::compile(const QByteArray &sha, const QByteArray &body,
                                                  Reply *error)
{
    const auto cached = m_scripts.find(sha);
    if (cached != m_scripts.end() && cached->second.functionRef != 0)
        return &cached->second;
    const bool trusted =
        (cached != m_scripts.end() && cached->second.trusted) || builtinShas().count(sha) != 0;
    Script script;
    qsizetype shebangLen = 0;
    QByteArray shebangError;
    if (!parseShebang(body, &shebangLen, &script.compatMode, &script.noWrites, &shebangError)) {
        *error = Reply::error(shebangError);
        return nullptr;
    }
    lua_State *L = state(trusted);
    if (const auto done = m_compiledRefs.find(sha); trusted && done != m_compiledRefs.end()) {
        script.functionRef = done->second; // compiled when this interpreter served another engine
    } else {
        // The shebang line is skipped but its newline kept, so line numbers stay the user's.
        if (luaL_loadbuffer(L, body.constData() + shebangLen,
                            static_cast<size_t>(body.size() - shebangLen), "@user_script")) {
            *error = Reply::error(
                sanitizeErrorText("ERR Error compiling script (new function): " + toBytes(L, -1)));
            lua_pop(L, 1);
            m_tainted = true;
            return nullptr;
        }
        script.functionRef = luaL_ref(L, LUA_REGISTRYINDEX);
        if (trusted)
            m_compiledRefs.emplace(sha, script.functionRef);
        else
            m_tainted = true;
    }
    script.trusted = trusted;
    if (cached != m_scripts.end()) {
        cached->second = script; // a cacheUncompiled() script, compiled now
        return &cached->second;
    }
    return &m_scripts.emplace(sha, script).first->second;
}

void LuaScripting::cacheUncompiled(const QByteArray &sha, const QByteArray &body)
{
    Script script;
    script.pendingBody = body;
    script.trusted = true;
    m_scripts.try_emplace(sha, script);
    builtinShas().insert(sha);
}

Reply LuaScripting::load(const QByteArray &body)
{
    const QByteArray sha = sha1Hex(body);
    Reply error;
    if (!compile(sha, body, &error))
        return error;
    return Reply::bulk(sha);
}

bool LuaScripting::exists(const QByteArray &sha) const
{
    return m_scripts.find(sha.toLower()) != m_scripts.end();
}

void LuaScripting::flush()
{
    m_lastScript = nullptr;
    m_lastSha.clear();
    m_scripts.clear();
    releaseState();
}

Reply LuaScripting::eval(const QByteArray &body, const Command &argv, qsizetype numKeys,
                         bool readOnlyCommand)
{
    const QByteArray sha = sha1Hex(body);
    Reply error;
    const Script *script = compile(sha, body, &error);
    if (!script)
        return error;
    return run(sha, *script, argv, numKeys, readOnlyCommand);
}

Reply LuaScripting::evalSha(const QByteArray &sha, const Command &argv, qsizetype numKeys,
                            bool readOnlyCommand)
{
    // The same script as last time, named by the same bytes (clients send the sha of their
    // LuaScript, shared into every command): no case check and no hashing of 40 characters.
    // m_lastSha holds a reference, so those bytes cannot change or be freed meanwhile; bytes
    // not owned by a QByteArray (fromRawData) are never remembered.
    if (m_lastScript && sha.constData() == m_lastSha.constData() && sha.size() == m_lastSha.size())
        return run(m_lastSha, *m_lastScript, argv, numKeys, readOnlyCommand);
    // Shas are stored lowercase; clients mostly send them that way, so avoid the copy.
    const bool isLower =
        std::none_of(sha.begin(), sha.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    const QByteArray lower = isLower ? sha : sha.toLower();
    const auto it = m_scripts.find(lower);
    if (it == m_scripts.end())
        return Reply::error(QByteArrayLiteral("NOSCRIPT No matching script. Please use EVAL."));
    if (it->second.functionRef == 0) { // cached by cacheUncompiled(): compile it now
        Reply error;
        const QByteArray body = it->second.pendingBody;
        const Script *script = compile(lower, body, &error);
        if (!script)
            return error;
        return run(lower, *script, argv, numKeys, readOnlyCommand);
    }
    if (isLower && sha.capacity() != 0) { // 0: bytes not owned (fromRawData, literals)
        m_lastSha = sha;
        m_lastScript = &it->second; // nodes of the cache stay put until flush()
    }
    return run(lower, it->second, argv, numKeys, readOnlyCommand);
}

Reply LuaScripting::run(const QByteArray &sha, const Script &script, const Command &argv,
                        qsizetype numKeys, bool readOnlyCommand)
{
    // scriptPrepareForRun(): a shebang script that may write cannot run through *_RO.
    if (!script.compatMode && !script.noWrites && readOnlyCommand)
        return Reply::error(
            QByteArrayLiteral("ERR Can not execute a script with write flag using *_ro command."));

    // Stopped already (Cancel, or another script of the run hit a limit): not started at all.
    if (m_limits.stopRequested()) {
        m_run.stop = ScriptStop::Stopped;
        return Reply::error(QByteArrayLiteral("ERR Script killed by user with SCRIPT KILL..."));
    }

    lua_State *L = state();
    lua_rawgeti(L, LUA_REGISTRYINDEX, m_handlerRef);
    lua_rawgeti(L, LUA_REGISTRYINDEX, script.functionRef);

    // KEYS and ARGV are globals, set past the read-only protection as Redis does. They are
    // fresh tables on every run, as in Redis (a script may keep a reference to the old ones),
    // once a script of the user's has been compiled here. Before that only built-in scripts
    // ran in this interpreter, and none of them keeps a reference to KEYS or ARGV: two tables
    // kept in the registry are refilled instead. Two tables fewer per run was most of what a
    // lock script left for the garbage collector: creating them and collecting them cost about
    // a fifth of an EVALSHA of the release script.
    const qsizetype argCount = argv.size() - 3 - numKeys;
    if (m_tainted) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, m_keysNameRef);
        pushCommandSlice(L, argv, 3, numKeys);
        lua_rawset(L, LUA_GLOBALSINDEX);
        lua_rawgeti(L, LUA_REGISTRYINDEX, m_argvNameRef);
        pushCommandSlice(L, argv, 3 + numKeys, argCount);
        lua_rawset(L, LUA_GLOBALSINDEX);
    } else {
        // The globals name the reused tables already (createReusedTables()).
        if (m_keysTableRef == 0)
            createReusedTables();
        fillKeys(argv, numKeys);
        pushReusedSlice(L, m_argvTableRef, &m_argvUsed, argv, 3 + numKeys, argCount);
        lua_pop(L, 2);
    }

    m_run.active = true;
    m_run.readOnly = readOnlyCommand || (!script.compatMode && script.noWrites);
    m_run.stop = ScriptStop::None;
    m_alloc->cap = m_limits.memoryCapBytes > 0 ? std::size_t(m_limits.memoryCapBytes)
                                               : std::numeric_limits<std::size_t>::max();
    m_alloc->refused = false;
    m_alloc->enforcing = true;
    // Only a script that is not LockScope's own gets the count hook that enforces the time
    // limit and a stop request: the built-in scripts run a few O(1) commands and always end,
    // and the hook's bookkeeping (set, checked on every VM instruction, cleared) was about 170
    // instructions of each release's EVALSHA. A user's strategy files come by EVAL as any
    // script does, so they are never trusted and always watched.
    const bool watched = !script.trusted;
    if (watched) {
        m_run.clock.start();
        lua_sethook(L, countHook, LUA_MASKCOUNT, kHookEvery);
    }

    m_runArgv = &argv;
    m_runNumKeys = numKeys;
    const int status = [&] {
        // Restored however lua_pcall() ends (this build of Lua raises C++ exceptions).
        struct Running {
            LuaScripting *outer;
            ~Running() { s_running = outer; }
        } running{std::exchange(s_running, this)};
        return lua_pcall(L, 0, 1, -2);
    }();
    m_runArgv = nullptr;
    m_alloc->enforcing = false;
    // A refused allocation stops the script even when a pcall() in it caught "not enough
    // memory" and it ended normally: it did not run as it would on a server with the memory.
    if (m_run.stop == ScriptStop::None && (status == LUA_ERRMEM || m_alloc->refused))
        m_run.stop = ScriptStop::MemoryCap;
    Reply reply = status ? errorToReply(sha) : popAsReply(L);
    lua_pop(L, 1); // the error handler

    if (watched)
        lua_sethook(L, nullptr, 0, 0);
    m_run.active = false;
    switch (m_run.stop) {
    case ScriptStop::TimeLimit:
        reply = Reply::error(QByteArray(kBusyReply));
        break;
    case ScriptStop::MemoryCap:
        reply = Reply::error(QByteArray(kOomReply));
        lua_gc(L, LUA_GCCOLLECT, 0); // what the script piled up is garbage now
        break;
    case ScriptStop::Stopped: // errorToReply() made Redis's SCRIPT KILL reply of it
    case ScriptStop::None:
        break;
    }
    // No explicit GC step here (Redis does one every 50 scripts): Lua's own incremental
    // collector already keeps memory bounded, and an explicit step restarts a collection cycle
    // whenever the last one has finished, so the collector never pauses. Leaving it to Lua
    // costs measurably less per script, and garbage collection is invisible to scripts.
    return reply;
}

Reply LuaScripting::errorToReply(const QByteArray &sha)
{
    lua_State *L = m_L;
    if (!lua_istable(L, -1)) {
        // Only when the handler itself failed (or out of memory).
        const char *msg = lua_isstring(L, -1) ? lua_tostring(L, -1) : "execution failure";
        QByteArray text = "ERR Error running script " + sha + ", " + QByteArray(msg).left(100);
        lua_pop(L, 1);
        return Reply::error(sanitizeErrorText(text));
    }
    // luaExtractErrorInformation() + "-<msg> script: <sha>, on <source>:<line>."
    QByteArray msg;
    QByteArray source;
    QByteArray line;
    lua_getfield(L, -1, "err");
    if (lua_isstring(L, -1))
        msg = toBytes(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, -1, "source");
    const bool haveSource = lua_isstring(L, -1);
    if (haveSource)
        source = toBytes(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, -1, "line");
    const bool haveLine = lua_isstring(L, -1);
    if (haveLine)
        line = toBytes(L, -1);
    lua_pop(L, 2);
    QByteArray text = msg;
    if (haveSource && haveLine)
        text += " script: " + sha + ", on " + source + ':' + line + '.';
    // The server sends "-<msg>..." as it is; we additionally keep newlines out of the reply line.
    return Reply::error(sanitizeErrorText(text, false));
}

int LuaScripting::errorHandler(lua_State *L)
{
    // __redis__err__handler: report the script line, not the C function that raised.
    lua_Debug ar;
    bool have = lua_getstack(L, 1, &ar) && lua_getinfo(L, "nSl", &ar);
    if (have && std::strcmp(ar.what, "C") == 0)
        have = lua_getstack(L, 2, &ar) && lua_getinfo(L, "nSl", &ar);
    if (!lua_istable(L, 1)) {
        lua_getfield(L, LUA_REGISTRYINDEX, kToStringKey);
        lua_pushvalue(L, 1);
        lua_call(L, 1, 1);
        const QByteArray text = "ERR " + toBytes(L, -1);
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushlstring(L, text.constData(), static_cast<size_t>(text.size()));
        lua_setfield(L, -2, "err");
        lua_replace(L, 1);
    }
    if (have) {
        lua_pushstring(L, ar.source);
        lua_setfield(L, 1, "source");
        lua_pushnumber(L, ar.currentline);
        lua_setfield(L, 1, "line");
    }
    lua_settop(L, 1);
    return 1;
}

int LuaScripting::luaPcall(lua_State *L)
{
    // luaRedisPcall() of Redis 7.0.
    const int argc = lua_gettop(L);
    lua_pushboolean(L, 1); // result placeholder
    lua_insert(L, 1);
    if (lua_pcall(L, argc - 1, LUA_MULTRET, 0)) {
        lua_remove(L, 1); // the placeholder
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "err");
            if (lua_isstring(L, -1))
                lua_replace(L, -2); // the error table becomes its message
            else
                lua_pop(L, 1);
        }
        lua_pushboolean(L, 0);
        lua_insert(L, 1);
    }
    return lua_gettop(L);
}

int LuaScripting::globalsIndex(lua_State *L)
{
    return luaL_error(L, "Script attempted to access nonexistent global variable '%s'",
                      lua_tostring(L, 2));
}

int LuaScripting::readonlyNewIndex(lua_State *L)
{
    return luaL_error(L, "Attempt to modify a readonly table");
}

void LuaScripting::countHook(lua_State *L, lua_Debug *)
{
    lua_getfield(L, LUA_REGISTRYINDEX, kSelfKey);
    auto *cell = static_cast<LuaScripting **>(lua_touserdata(L, -1));
    lua_pop(L, 1);
    LuaScripting *that = cell ? *cell : nullptr;
    if (!that || !that->m_run.active)
        return;
    Run &run = that->m_run;
    if (run.stop == ScriptStop::None) {
        if (that->m_limits.stopRequested())
            run.stop = ScriptStop::Stopped;
        else if (that->m_alloc->refused) // a pcall() swallowed "not enough memory"
            run.stop = ScriptStop::MemoryCap;
        else if (that->m_limits.timeLimitMs > 0 &&
                 run.clock.elapsed() >= that->m_limits.timeLimitMs)
            run.stop = ScriptStop::TimeLimit;
        else
            return;
        // From now on fire on every line, so a pcall() in the script cannot swallow the stop
        // and carry on (Redis does the same for SCRIPT KILL).
        lua_sethook(L, countHook, LUA_MASKLINE, 0);
    }
    // Redis's words to the caller of a killed script; the time limit and the memory cap get
    // their own replies once the script has unwound (run()).
    pushError(L, "Script killed by user with SCRIPT KILL...");
    lua_error(L);
}

} // namespace lockscope::redis
