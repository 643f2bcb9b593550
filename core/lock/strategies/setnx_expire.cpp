// setnx-expire: SETNX, then EXPIRE in a second round trip (seeds 001 §3.2, 003 §2.1, 004
// wrongLock1). A crash or a lost reply between the two leaves a lock that never expires.
#include "builtin_strategies.h"

#include "util/decimal.h"

#include <QCoreApplication>

#include <algorithm>

namespace lockscope::strategies {

namespace {

class SetnxExpire final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("setnx-expire"),
            .title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "SETNX + EXPIRE")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire: SETNX k token, then EXPIRE k ttl (two round trips); release: "
                            "compare-and-delete script")),
            .flaw = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "A crash or a lost reply between SETNX and EXPIRE leaves a key with no "
                            "TTL: the lock is held forever.")),
            .steps = {"acquire.setnx", "acquire.expire", "release.script"},
        };
        return info;
    }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        const QByteArray &token = ensureToken(ctx, lock);
        const Reply set = co_await ctx.call(
            0, command(QByteArrayLiteral("SETNX"), lock.request.key, token), "acquire.setnx");
        if (set.failed() || !set.isInteger())
            co_return AttemptResult{AttemptOutcome::Error, -1};
        if (set.integer() != 1)
            co_return AttemptResult{AttemptOutcome::Busy, -1};

        // EXPIRE takes whole seconds: round the lease up so it is never shorter than asked.
        const qint64 seconds = std::max<qint64>(1, (lock.request.ttlMs + 999) / 1000);
        // Like wrongLock1, the lock counts as taken whatever EXPIRE answers: SETNX already
        // made this client the holder, and a failure here is exactly the flaw on display.
        co_await ctx.call(0,
                          command(QByteArrayLiteral("EXPIRE"), lock.request.key, decimal(seconds)),
                          "acquire.expire");
        markAcquired(ctx, lock);
        co_return AttemptResult{AttemptOutcome::Acquired, -1};
    }

    const SingleCommandRelease *singleCommandRelease() const override
    {
        return compareAndDeleteRelease();
    }
};

} // namespace

std::unique_ptr<Strategy> createSetnxExpire()
{
    return std::make_unique<SetnxExpire>();
}

} // namespace lockscope::strategies
