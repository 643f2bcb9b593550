// setnx-getset: the lock's value is its expiry time by the client's clock, and there is no TTL
// (seed 004 wrongLock2). Needs synchronised clocks, lets anyone release, and GETSET overwrites
// a rival's value even when it loses.
#include "builtin_strategies.h"

#include "util/decimal.h"

#include <QCoreApplication>

namespace lockscope::strategies {

namespace {

class SetnxGetset final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("setnx-getset"),
            .title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "SETNX expiry time + GETSET")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire: SETNX k <expiry ms by client clock>; if taken, GET, and if "
                            "that time has passed, GETSET and compare; release: DEL k")),
            .flaw = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "Depends on synchronised client clocks; any client can release; "
                            "GETSET overwrites a rival's value.")),
            .steps = {"acquire.setnx", "acquire.get", "acquire.getset", "release.del"},
        };
        return info;
    }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        // wrongLock2: newValue = System.currentTimeMillis() + expireMills, computed once.
        const QByteArray newValue = decimal(ctx.nowMs() + lock.request.ttlMs);
        const QByteArray &key = lock.request.key;

        const Reply set = co_await ctx.call(0, command(QByteArrayLiteral("SETNX"), key, newValue),
                                            "acquire.setnx");
        if (set.failed() || !set.isInteger())
            co_return AttemptResult{AttemptOutcome::Error, -1};
        if (set.integer() == 1) {
            lock.token = newValue;
            markAcquired(ctx, lock);
            co_return AttemptResult{AttemptOutcome::Acquired, -1};
        }

        const Reply get =
            co_await ctx.call(0, command(QByteArrayLiteral("GET"), key), "acquire.get");
        if (get.failed())
            co_return AttemptResult{AttemptOutcome::Error, -1};
        if (!get.isBulk())
            co_return AttemptResult{AttemptOutcome::Busy, -1}; // gone meanwhile: try again
        const QByteArray oldTime = get.text();
        bool numeric = false;
        const qint64 expiresAt = oldTime.toLongLong(&numeric);
        const qint64 now = ctx.nowMs();
        if (!numeric || expiresAt >= now)
            co_return AttemptResult{AttemptOutcome::Busy, numeric ? expiresAt - now : -1};

        ctx.note(LockNote::ClockExpired, key, expiresAt,
                 QByteArrayLiteral("value ") + oldTime + QByteArrayLiteral(" < client clock ") +
                     QByteArray::number(now));
        const Reply getset = co_await ctx.call(
            0, command(QByteArrayLiteral("GETSET"), key, newValue), "acquire.getset");
        if (getset.failed())
            co_return AttemptResult{AttemptOutcome::Error, -1};
        // Only the client whose GETSET saw the value it had read wins; the others have
        // nevertheless overwritten the winner's value with their own time.
        if (getset.isBulk() && getset.text() == oldTime) {
            lock.token = newValue;
            markAcquired(ctx, lock);
            co_return AttemptResult{AttemptOutcome::Acquired, -1};
        }
        co_return AttemptResult{AttemptOutcome::Busy, -1};
    }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        // No owner check at all: whoever calls this deletes whatever lock is there.
        const Reply del = co_await ctx.call(0, command(QByteArrayLiteral("DEL"), lock.request.key),
                                            "release.del");
        co_return releaseOutcomeOf(del);
    }
};

} // namespace

std::unique_ptr<Strategy> createSetnxGetset()
{
    return std::make_unique<SetnxGetset>();
}

} // namespace lockscope::strategies
