// Factories of the built-in strategies (one file each in this folder) and the few pieces several
// of them share. Internal to core/lock: everyone else goes through strategy_registry.h.
#pragma once

#include "lock/strategy.h"

#include <memory>
#include <utility>

namespace lockscope {
struct LuaScript;
}

namespace lockscope::strategies {

std::unique_ptr<Strategy> createSetnxExpire();
std::unique_ptr<Strategy> createSetnxGetset();
std::unique_ptr<Strategy> createSetNxPxDel();
std::unique_ptr<Strategy> createSetNxPxGetDel();
std::unique_ptr<Strategy> createSetNxPxLua();
std::unique_ptr<Strategy> createLuaSetnxPexpire();
std::unique_ptr<Strategy> createReentrantHash();
std::unique_ptr<Strategy> createWatchdog();
std::unique_ptr<Strategy> createRedlock();
std::unique_ptr<Strategy> createFenced();

// --- shared pieces (common.cpp) ---------------------------------------------------------------

// Builds a command from its arguments: command("SET", key, token, "NX", "PX", ttl).
// (Coroutines use this instead of a braced Command{...}: GCC 12 rejects a braced list inside a
// co_await expression with "array used as initializer".)
template <typename... Args> Command command(Args &&...args)
{
    // Sized up front and filled in place: append() takes QList's general insertion path, which
    // costs more than the arguments themselves on the simulator's hot path.
    Command argv(qsizetype(sizeof...(Args)));
    [[maybe_unused]] QByteArray *out = argv.data();
    ((*out++ = QByteArray(std::forward<Args>(args))), ...);
    return argv;
}

// The lock's token for this acquisition: draws one from ctx.newToken() when the handle has none.
const QByteArray &ensureToken(LockContext &ctx, LockHandle &lock);
// Fills the handle's bookkeeping once an attempt succeeded on a single node.
void markAcquired(LockContext &ctx, LockHandle &lock);
// The TTL as a Redis argument. A reference to this thread's last one (a copy of it costs a
// reference count up and down per attempt), valid until the next call.
const QByteArray &ttlArg(const LockHandle &lock);

// `SET k token NX PX ttl` on node 0, step "acquire.set": OK acquires, nil is busy, anything else
// is an error. In its parts: the command (kept in and refilled from the handle), what its reply
// means, and both as a single-command attempt.
const Command &setNxPxCommand(LockContext &ctx, LockHandle &lock);
AttemptResult setNxPxOutcome(LockContext &ctx, LockHandle &lock, const Reply &reply);
const SingleCommandAttempt *setNxPxAttempt();
// The built-in compare-and-delete script, looked up once.
const LuaScript &compareAndDeleteScript();
// The compare-and-delete script (seed 001 §3.6) on node 0, step "release.script". In its parts
// (the EVALSHA, kept in and refilled from the handle; the EVAL to send after NOSCRIPT), and as a
// single-command release.
const Command &compareAndDeleteCommand(LockContext &ctx, LockHandle &lock);
Command compareAndDeleteRetry(const LockHandle &lock, const Reply &reply);
const SingleCommandRelease *compareAndDeleteRelease();
// Maps a compare-and-delete style reply: 1 released, 0 (or nil) not held, failure error.
ReleaseOutcome releaseOutcomeOf(const Reply &reply);

} // namespace lockscope::strategies
