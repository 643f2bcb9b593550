#include "builtin_strategies.h"
#include "util/decimal.h"

#include "lock/script.h"

namespace lockscope::strategies {

const QByteArray &ensureToken(LockContext &ctx, LockHandle &lock)
{
    if (lock.token.isEmpty())
        lock.token = ctx.newToken();
    return lock.token;
}

void markAcquired(LockContext &ctx, LockHandle &lock)
{
    lock.acquiredAtMs = ctx.nowMs();
    lock.validityMs = lock.request.ttlMs;
    lock.nodesHeld = 1u;
}

const QByteArray &ttlArg(const LockHandle &lock)
{
    // A run uses one TTL for every acquisition: keep its text (per thread) rather than format
    // and allocate it again for each command.
    thread_local bool cached = false;
    thread_local qint64 lastTtlMs = 0;
    thread_local QByteArray lastText;
    if (!cached || lock.request.ttlMs != lastTtlMs) {
        lastText = decimal(lock.request.ttlMs);
        lastTtlMs = lock.request.ttlMs;
        cached = true;
    }
    return lastText;
}

namespace {

// The same buffer: a retry's command shares the key, token and TTL text it was built from.
// Other buffers are not compared byte by byte: they are almost always a new acquisition's
// token (other bytes, so a memcmp that only said so), and refilling the command with equal
// bytes sends the same command anyway.
bool sameBuffer(const QByteArray &a, const QByteArray &b)
{
    return a.constData() == b.constData() && a.size() == b.size();
}

} // namespace

const Command &setNxPxCommand(LockContext &ctx, LockHandle &lock)
{
    const QByteArray &token = ensureToken(ctx, lock);
    // A retry of the same acquisition sends the command its first attempt built (a new token,
    // key or TTL means a new acquisition: built again). Comparing three short strings costs
    // less than allocating and filling a six-word list on every spin.
    Command &set = lock.acquireCommand;
    const QByteArray &ttl = ttlArg(lock);
    if (set.size() != 6 || !sameBuffer(set.at(2), token) ||
        !sameBuffer(set.at(1), lock.request.key) || !sameBuffer(set.at(5), ttl)) {
        if (set.size() == 6 && set.isDetached()) {
            // An earlier acquisition's SET handed on with the handle (the simulator passes
            // each client's last one on), answered and shared by nothing: refilled in place.
            set[1] = lock.request.key;
            set[2] = token;
            set[5] = ttl;
        } else {
            set = command(QByteArrayLiteral("SET"), lock.request.key, token,
                          QByteArrayLiteral("NX"), QByteArrayLiteral("PX"), ttl);
        }
    }
    return set;
}

AttemptResult setNxPxOutcome(LockContext &ctx, LockHandle &lock, const Reply &reply)
{
    if (reply.isOk()) {
        markAcquired(ctx, lock);
        return AttemptResult{AttemptOutcome::Acquired, -1};
    }
    if (reply.isNil())
        return AttemptResult{AttemptOutcome::Busy, -1};
    return AttemptResult{AttemptOutcome::Error, -1};
}

const SingleCommandAttempt *setNxPxAttempt()
{
    static const SingleCommandAttempt attempt{setNxPxCommand, "acquire.set", setNxPxOutcome};
    return &attempt;
}

ReleaseOutcome releaseOutcomeOf(const Reply &reply)
{
    if (reply.failed())
        return ReleaseOutcome::Error;
    if (reply.isInteger() && reply.integer() == 1)
        return ReleaseOutcome::Released;
    return ReleaseOutcome::NotHeld;
}

const LuaScript &compareAndDeleteScript()
{
    // Looked up once: builtinScript() takes a lock and searches by name on every call.
    static const LuaScript &script = builtinScript(QStringLiteral("compare_and_delete"));
    return script;
}

const Command &compareAndDeleteCommand(LockContext &, LockHandle &lock)
{
    // evalScript()'s EVALSHA, then EVAL on NOSCRIPT, written out for one key and one argument:
    // the command is built in one list, without the key and argument lists and the extra
    // coroutine frame that going through evalScript() cost on every release.
    const LuaScript &script = compareAndDeleteScript();
    // The list of an earlier release handed on with the handle (the simulator passes each
    // client's last one on), when its request is answered and nothing else shares it:
    // refilled in place rather than allocated again. (A spare kept per thread served only
    // half the releases: a thousand simulated clients have many releases under way at once.)
    Command &evalSha = lock.releaseCommand;
    if (evalSha.size() == 5 && evalSha.isDetached()) {
        // The sha is always the same buffer, and often the key is too: an assignment of the
        // same bytes would only count a reference up and down, through Qt's library.
        if (!sameBuffer(evalSha.at(1), script.sha1))
            evalSha[1] = script.sha1;
        if (!sameBuffer(evalSha.at(3), lock.request.key))
            evalSha[3] = lock.request.key;
        evalSha[4] = lock.token;
    } else {
        evalSha = command(QByteArrayLiteral("EVALSHA"), script.sha1, QByteArrayLiteral("1"),
                          lock.request.key, lock.token);
    }
    return evalSha;
}

Command compareAndDeleteRetry(const LockHandle &lock, const Reply &reply)
{
    if (!(reply.isError() && reply.errorCode() == QByteArrayLiteral("NOSCRIPT")))
        return {};
    return command(QByteArrayLiteral("EVAL"), compareAndDeleteScript().body, QByteArrayLiteral("1"),
                   lock.request.key, lock.token);
}

const SingleCommandRelease *compareAndDeleteRelease()
{
    static const SingleCommandRelease release{compareAndDeleteCommand, "release.script",
                                              compareAndDeleteRetry, releaseOutcomeOf};
    return &release;
}

} // namespace lockscope::strategies
