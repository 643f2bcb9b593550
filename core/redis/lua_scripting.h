// EVAL/EVALSHA/SCRIPT for the embedded engine: one real Lua 5.1 interpreter (the version Redis
// embeds), with Redis 7.0's script environment: the base/table/string/math libraries only,
// read-only globals, KEYS/ARGV, the redis.* API, Redis's reply conversions both ways, and its
// exact error texts ("... script: <sha>, on @user_script:<line>.").
//
// Lua is the C++ build: lua_error() throws a C++ exception, so raising an error from inside
// redis.call() unwinds our frames (and their QByteArrays) properly.
#pragma once

#include "engine_keyspace.h"
#include "reply.h"
#include "script_limits.h"

#include <QByteArray>
#include <QElapsedTimer>

#include <memory>
#include <unordered_map>

struct lua_State;
struct lua_Debug;

namespace lockscope::redis {

struct CommandSpec;

// What a running script needs from the engine.
class ScriptHost {
public:
    // One redis.call()/redis.pcall(): runs the command as the script's caller and returns the
    // reply, or an error reply with Redis's script-context texts ("Unknown Redis command called
    // from script", "Write commands are not allowed from read-only scripts.", ...). `spec`:
    // what scriptCommand() said of argv[0] earlier, or null to look the name up.
    virtual Reply callFromScript(const Command &argv, bool readOnly, const CommandSpec *spec) = 0;
    // The command a name stands for when the name alone decides it (no subcommands), else null.
    virtual const CommandSpec *scriptCommand(const QByteArray &name) = 0;
    // redis.acl_check_cmd(): does the command exist with this arity?
    virtual bool commandKnown(const Command &argv) = 0;

protected:
    ~ScriptHost() = default;
};

class LuaScripting {
public:
    explicit LuaScripting(ScriptHost &host);
    ~LuaScripting();
    LuaScripting(const LuaScripting &) = delete;
    LuaScripting &operator=(const LuaScripting &) = delete;

    // Lowercase hex SHA-1, as SCRIPT LOAD returns it.
    static QByteArray sha1Hex(const QByteArray &body);

    // EVAL[_RO] body numkeys ...: `argv` is the whole command, keys start at index 3.
    Reply eval(const QByteArray &body, const Command &argv, qsizetype numKeys,
               bool readOnlyCommand);
    // EVALSHA[_RO] sha numkeys ...: NOSCRIPT when the script is not cached.
    Reply evalSha(const QByteArray &sha, const Command &argv, qsizetype numKeys,
                  bool readOnlyCommand);
    // SCRIPT LOAD: the sha, or the compile error.
    Reply load(const QByteArray &body);
    // SCRIPT LOAD of a script known to compile (the built-in ones a simulated node starts
    // with): cached at once, compiled when first run. A node that never runs it pays neither
    // for the compile nor for an interpreter, which was three quarters of a short simulation.
    // `sha` is the body's lowercase hex SHA-1, already known to the caller.
    void cacheUncompiled(const QByteArray &sha, const QByteArray &body);
    bool exists(const QByteArray &sha) const;
    // SCRIPT FLUSH (and every restart): a fresh interpreter, as Redis does.
    void flush();

    // The bounds every later script runs under (script_limits.h).
    void setLimits(const ScriptLimits &limits);
    // Why the last script run was stopped (None: it ran to its end, or failed on its own).
    ScriptStop lastStop() const { return m_run.stop; }

private:
    struct Script {
        int functionRef = 0;    // the compiled chunk, in the Lua registry; 0: not yet
        QByteArray pendingBody; // cacheUncompiled(): the source, until the first run
        bool trusted = false;   // a built-in script (cacheUncompiled(), or the same sha)
        bool compatMode = true; // no "#!lua" shebang: Redis's legacy EVAL semantics
        bool noWrites = false;  // shebang flags=no-writes
    };
    struct Run {
        bool active = false;
        bool readOnly = false;
        ScriptStop stop = ScriptStop::None;
        QElapsedTimer clock; // wall time since the script started
    };

    // The interpreter, created (or, for a trusted first script, taken from this thread's pool
    // of interpreters that ran built-in scripts only) on first use.
    lua_State *state(bool trusted = false);
    void createState();
    bool takePooledState();
    // Closes the interpreter, or gives it back to the pool when only trusted scripts ran in it.
    void releaseState();
    void installRedisApi();
    // The KEYS and ARGV tables refilled by every run while the interpreter is untainted.
    void createReusedTables();
    void protectGlobals();
    // luaCreateFunction(): returns the cached/compiled script or sets `error`.
    const Script *compile(const QByteArray &sha, const QByteArray &body, Reply *error);
    Reply run(const QByteArray &sha, const Script &script, const Command &argv, qsizetype numKeys,
              bool readOnlyCommand);
    Reply errorToReply(const QByteArray &sha);

    // Lua C functions; `self` is the instance whose script is running in L (s_running), or
    // else comes from an upvalue.
    static LuaScripting *self(lua_State *L);
    // The instance running a script on this thread (set by run() around lua_pcall): reading
    // it costs a few instructions, the upvalue a Lua API call; every redis.call() asks.
    static thread_local LuaScripting *s_running;
    static int redisCall(lua_State *L);
    static int redisPcall(lua_State *L);
    int genericCommand(lua_State *L, bool raiseError);
    // The running script's own KEYS and ARGV elements, which its redis.call()s mostly pass on
    // (a key) or get back (the value a GET reads is the token the caller sent): the element
    // with these bytes, so redis.call() shares it instead of copying (nullptr: none).
    const QByteArray *runArgument(const char *bytes, qsizetype size) const;
    // Pushes the Lua string the reused KEYS or ARGV table holds for the run's element that
    // shares `bytes`' buffer, instead of making (hashing, interning) it again; false, and
    // nothing pushed, when there is none or the script replaced it.
    bool pushRunArgument(lua_State *L, const QByteArray &bytes);
    // The command named by the Lua string at `bytes` (its interned bytes, as lua_tolstring()
    // gives them), when known from an earlier call; remembers the string at stack index 1 and
    // what the host said of it otherwise (see m_knownNames).
    struct KnownName;
    const KnownName *knownName(const char *bytes, size_t size) const;
    const CommandSpec *rememberName(lua_State *L, const QByteArray &name);
    void forgetKnownNames();
    static int redisSha1Hex(lua_State *L);
    static int redisErrorReply(lua_State *L);
    static int redisStatusReply(lua_State *L);
    static int redisLog(lua_State *L);
    static int redisSetResp(lua_State *L);
    static int redisSetRepl(lua_State *L);
    static int redisReplicateCommands(lua_State *L);
    static int redisBreakpoint(lua_State *L);
    static int redisDebug(lua_State *L);
    static int redisAclCheckCmd(lua_State *L);
    static int mathRandom(lua_State *L);
    static int mathRandomSeed(lua_State *L);
    static int errorHandler(lua_State *L);
    static int luaPcall(lua_State *L);
    static int globalsIndex(lua_State *L);
    static int readonlyNewIndex(lua_State *L);
    static void countHook(lua_State *L, lua_Debug *ar);

    // Redis's lrand48 clone: math.random() is deterministic per engine, as in Redis.
    qint32 nextRandom();
    void seedRandom(qint32 seed);

    // Lua's memory: freed small blocks are recycled by size (see lua_scripting.cpp).
    struct Allocator;
    std::unique_ptr<Allocator> m_alloc;
    // This thread's interpreters that ran built-in scripts only (lua_scripting.cpp).
    struct PooledState;
    struct StatePool;
    static StatePool &statePool();
    ScriptHost &m_host;
    lua_State *m_L = nullptr;
    std::unordered_map<QByteArray, Script, KeyHash, KeyEqual> m_scripts; // sha -> script
    Run m_run; // the script running now, if active
    // The last script EVALSHA found, and its sha as the command named it (evalSha()).
    QByteArray m_lastSha;
    const Script *m_lastScript = nullptr;
    ScriptLimits m_limits;
    quint64 m_randState = 0;
    // Registry references to what every run pushes (the error handler, the interned names
    // "KEYS" and "ARGV"): lua_rawgeti by number instead of hashing a C string each time.
    int m_handlerRef = 0;
    int m_keysNameRef = 0;
    int m_argvNameRef = 0;
    // Where the interpreter's C functions find their LuaScripting (their upvalue, and the
    // registry's): a cell of the interpreter's own, so a pooled one can change owners.
    LuaScripting **m_selfCell = nullptr;
    // Built-in scripts compiled in this interpreter (sha -> registry reference): they stay
    // compiled while it is pooled, invisible to scripts (m_scripts is the cache they see).
    std::unordered_map<QByteArray, int, KeyHash, KeyEqual> m_compiledRefs;
    // A script not cached by cacheUncompiled() was compiled here: from then on KEYS and ARGV
    // are fresh tables every run, and the interpreter is closed rather than pooled.
    bool m_tainted = false;
    // The reused KEYS and ARGV tables (registry references, 0: not made yet) and how many
    // entries the last run set in each.
    int m_keysTableRef = 0;
    int m_argvTableRef = 0;
    int m_keysUsed = 0;
    int m_argvUsed = 0;
    // redis.call()'s arguments, reused from call to call: an element's buffer is refilled in
    // place when nothing else shares it, so most calls allocate nothing for their arguments.
    Command m_callArgs;
    // The command of the script running now (set by run() for its duration) and its numkeys.
    const Command *m_runArgv = nullptr;
    qsizetype m_runNumKeys = 0;
    // redis.call()'s command names, known by the address of the Lua string's bytes: a script
    // names its commands with constants, each one interned Lua string, so the same address
    // comes back on every call and the name needs neither copying nor looking up again. Each
    // entry holds its string in the registry, so the address cannot come to mean other bytes
    // while it is here. Emptied with the interpreter (releaseState()).
    struct KnownName {
        const char *luaBytes = nullptr;
        size_t size = 0;
        int ref = 0; // the string's registry reference
        QByteArray name;
        const CommandSpec *spec = nullptr;
    };
    static constexpr int kKnownNames = 4;
    KnownName m_knownNames[kKnownNames];
    int m_nextKnownName = 0; // the entry a new name replaces

    // The Lua strings of recent KEYS elements, by the address of their bytes. A lock's key
    // comes back run after run in the same shared buffer (a client names its lock with the
    // same QByteArray every time), and interning it again (hashing, comparing, and making it
    // anew once the collector took it) was about 350 instructions of every release's EVALSHA.
    // Slot i of the table at m_keyStringsRef (in the registry) holds the string of
    // m_keyStringBytes[i]; holding those bytes keeps their address from coming to mean other
    // bytes. Only for the reused tables (an untainted interpreter), like pushRunArgument().
    void fillKeys(const Command &argv, qsizetype numKeys);
    static constexpr std::size_t kKeyStrings = 1024;
    std::unique_ptr<QByteArray[]> m_keyStringBytes; // kKeyStrings entries, made with the table
    int m_keyStringsRef = 0;
};

} // namespace lockscope::redis
