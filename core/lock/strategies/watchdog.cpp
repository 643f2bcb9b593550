// watchdog: set-nx-px-lua plus a background renewal every TTL/3 with a compare-and-PEXPIRE
// script while the holder lives (seed 003 §4.1, Redisson's watchdog: 30 s lease, 10 s renew).
// A process-wide pause stops the renewals too.
#include "builtin_strategies.h"

#include "util/decimal.h"

#include <QCoreApplication>

#include "lock/script.h"

#include <algorithm>

namespace lockscope::strategies {

namespace {

// Runs beside the holder. It owns copies of everything it needs and never looks at the
// LockHandle, which may be gone by the time it wakes; `live` is its only link to the holder.
Task<void> renewLease(LockContext &ctx, QByteArray key, QByteArray token, qint64 ttlMs,
                      std::shared_ptr<bool> live)
{
    const qint64 periodMs = std::max<qint64>(1, ttlMs / 3);
    const QByteArray ttl = decimal(ttlMs);
    for (;;) {
        co_await ctx.sleep(periodMs);
        if (!*live)
            co_return; // released while we slept
        const Reply reply =
            co_await evalScript(ctx, 0, builtinScript(QStringLiteral("watchdog_renew")),
                                command(key), command(token, ttl), "renew.script");
        if (!*live)
            co_return; // released while the renewal was in flight
        if (reply.isInteger() && reply.integer() == 1) {
            ctx.note(LockNote::Renewed, key, ttlMs);
        } else if (reply.isInteger()) {
            // The lease is gone (expired, or someone else's now): nothing left to renew.
            ctx.note(LockNote::RenewFailed, key, 0, QByteArrayLiteral("lock gone"));
            *live = false;
            co_return;
        } else {
            // No answer or an error: the lease may still be there, so keep trying.
            ctx.note(LockNote::RenewFailed, key, 0, reply.toDisplay());
        }
    }
}

class Watchdog final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("watchdog"),
            .title =
                QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "Watchdog renewal (Redisson)")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire and release as set-nx-px-lua; while held, renew with a "
                            "compare-and-PEXPIRE script every TTL/3")),
            .steps = {"acquire.set", "renew.script", "release.script"},
            .caveat = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "A process-wide pause (GC, stop-the-world) stops the renewals too, so "
                            "the lease can still run out under the holder.")),
        };
        return info;
    }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        const AttemptResult result = co_await runSingleCommandAttempt(ctx, *setNxPxAttempt(), lock);
        if (result.outcome == AttemptOutcome::Acquired) {
            lock.live = std::make_shared<bool>(true);
            ctx.spawn(renewLease(ctx, lock.request.key, lock.token, lock.request.ttlMs, lock.live));
        }
        co_return result;
    }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        if (lock.live)
            *lock.live = false; // stop renewing before the lock goes
        return runSingleCommandRelease(ctx, *compareAndDeleteRelease(), lock);
    }
};

} // namespace

std::unique_ptr<Strategy> createWatchdog()
{
    return std::make_unique<Watchdog>();
}

} // namespace lockscope::strategies
