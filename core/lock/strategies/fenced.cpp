// fenced: set-nx-px-lua plus a monotonically increasing fencing token drawn inside the acquire
// script (Kleppmann 2016; Redisson RFencedLock). The protected resource refuses writes whose
// token is lower than the highest it has seen (fenced_read.lua, fenced_write.lua).
#include "builtin_strategies.h"

#include "lock/script.h"

#include <QCoreApplication>

namespace lockscope::strategies {

namespace {

class Fenced final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("fenced"),
            .title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "Fencing token")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire: script, SET k token NX PX ttl and INCR the token key "
                            "<key>:fence; release: compare-and-delete script")),
            .fencing = true,
            .steps = {"acquire.script", "release.script"},
            .caveat = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "The lock can still have two holders after a pause, but the "
                            "resource rejects the stale one's writes.")),
        };
        return info;
    }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        const QByteArray &token = ensureToken(ctx, lock);
        const QByteArray fenceKey = lock.request.key + QByteArrayLiteral(":fence");
        const Reply reply = co_await evalScript(
            ctx, 0, builtinScript(QStringLiteral("fenced_acquire")),
            command(lock.request.key, fenceKey), command(token, ttlArg(lock)), "acquire.script");
        if (reply.failed() || !reply.isInteger())
            co_return AttemptResult{AttemptOutcome::Error, -1};
        if (reply.integer() <= 0)
            co_return AttemptResult{AttemptOutcome::Busy, -1};
        lock.fencingToken = reply.integer();
        markAcquired(ctx, lock);
        ctx.note(LockNote::FencingToken, lock.request.key, lock.fencingToken);
        co_return AttemptResult{AttemptOutcome::Acquired, -1};
    }

    const SingleCommandRelease *singleCommandRelease() const override
    {
        return compareAndDeleteRelease();
    }
};

} // namespace

std::unique_ptr<Strategy> createFenced()
{
    return std::make_unique<Fenced>();
}

} // namespace lockscope::strategies
