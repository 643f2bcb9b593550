// The command table: name, arity and flags of every command the engine knows, looked up
// case-insensitively without allocating.
#pragma once

#include "engine_core.h"
#include "util/recent_names.h"

namespace lockscope::redis {

using CommandHandler = Reply (*)(EngineCore &core, const Command &argv, ExecCtx &ctx);

enum CommandFlag : quint8 {
    CmdWrite = 1 << 0,    // refused in read-only scripts
    CmdNoScript = 1 << 1, // refused inside scripts
    CmdPubSub = 1 << 2,   // allowed on a connection in subscribed (RESP2 pub/sub) mode
};

struct CommandSpec {
    const char *name;     // lowercase
    const char *fullName; // as arity errors name it: "get", "config|get"
    int arity;            // Redis convention: N exactly, -N at least N
    quint8 flags;
    CommandHandler handler;         // null for containers
    const CommandSpec *subcommands; // containers (CONFIG, SCRIPT, PUBSUB); ends with a null name
};

// The spec of a command name, or null. Every command is looked up (twice for a script's
// redis.call()), and a run uses a handful of names spelled the same way each time ("SET",
// "EVALSHA", "get", ...): a small cache of recently seen spellings, compared byte for byte,
// skips the case-folding hash and compare. Per thread: simulations may run on several threads
// at once. Inline, so the engine's dispatch pays no call for a name seen before.
const CommandSpec *lookupCommandSlow(const QByteArray &name,
                                     RecentNames<const CommandSpec *> &seen);
inline const CommandSpec *lookupCommand(const QByteArray &name)
{
    thread_local RecentNames<const CommandSpec *> seen;
    const CommandSpec *spec = nullptr;
    if (seen.find(name, &spec))
        return spec;
    return lookupCommandSlow(name, seen);
}
const CommandSpec *lookupSubcommand(const CommandSpec &container, const QByteArray &name);

inline bool arityMatches(const CommandSpec &spec, qsizetype argc)
{
    return spec.arity > 0 ? argc == spec.arity : argc >= -spec.arity;
}

} // namespace lockscope::redis
