// reentrant-hash: a hash whose field "<client>:<thread>" counts the holder's nesting (seed 003
// §4.2, Redisson RLock). Reentrant; still expires under long pauses.
#include "builtin_strategies.h"

#include "lock/script.h"

#include <QCoreApplication>

#include <algorithm>

namespace lockscope::strategies {

namespace {

QByteArray holderField(LockContext &ctx, const LockHandle &lock)
{
    return ctx.clientName() + ':' + lock.request.thread;
}

class ReentrantHash final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("reentrant-hash"),
            .title =
                QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "Reentrant hash (Redisson RLock)")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire: script, if the key is absent or field <client>:<thread> is "
                            "present, HINCRBY field 1 and PEXPIRE, else return PTTL; release: "
                            "script, HINCRBY -1, PEXPIRE while > 0, DEL at 0")),
            .reentrant = true,
            .steps = {"acquire.script", "release.script"},
            .caveat = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "Reentrant, but still expires under pauses longer than the lease.")),
        };
        return info;
    }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        // The holder's identity is the field, not a random token.
        lock.token = holderField(ctx, lock);
        const Reply reply = co_await evalScript(
            ctx, 0, builtinScript(QStringLiteral("reentrant_acquire")), command(lock.request.key),
            command(ttlArg(lock), lock.token), "acquire.script");
        if (reply.isNil()) {
            ++lock.holdCount;
            markAcquired(ctx, lock);
            co_return AttemptResult{AttemptOutcome::Acquired, -1};
        }
        if (reply.isInteger()) // the holder's PTTL (-1: no TTL)
            co_return AttemptResult{AttemptOutcome::Busy,
                                    reply.integer() > 0 ? reply.integer() : -1};
        co_return AttemptResult{AttemptOutcome::Error, -1};
    }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        if (lock.token.isEmpty())
            lock.token = holderField(ctx, lock);
        const Reply reply = co_await evalScript(
            ctx, 0, builtinScript(QStringLiteral("reentrant_release")), command(lock.request.key),
            command(ttlArg(lock), lock.token), "release.script");
        if (reply.failed())
            co_return ReleaseOutcome::Error;
        if (reply.isNil()) {
            lock.holdCount = 0; // the server knows no hold of ours: expired or never held
            co_return ReleaseOutcome::NotHeld;
        }
        if (reply.isInteger() && reply.integer() == 0) {
            // Counted down, still held (lease renewed).
            lock.holdCount = std::max(1, lock.holdCount - 1);
            co_return ReleaseOutcome::Released;
        }
        lock.holdCount = 0;
        co_return ReleaseOutcome::Released;
    }
};

} // namespace

std::unique_ptr<Strategy> createReentrantHash()
{
    return std::make_unique<ReentrantHash>();
}

} // namespace lockscope::strategies
