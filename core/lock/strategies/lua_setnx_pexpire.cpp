// lua-setnx-pexpire: SETNX and PEXPIRE inside one script (seeds 000, 002), released with the
// compare-and-delete script. Seed 000 passes the value and the TTL in KEYS, and so do we.
#include "builtin_strategies.h"

#include "lock/script.h"

#include <QCoreApplication>

namespace lockscope::strategies {

namespace {

class LuaSetnxPexpire final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("lua-setnx-pexpire"),
            .title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "Lua SETNX + PEXPIRE")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire: one script, SETNX then PEXPIRE (KEYS = key, token, ttl); "
                            "release: compare-and-delete script")),
            .steps = {"acquire.script", "release.script"},
            .caveat = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "Correct on one instance, as long as the work finishes inside the TTL; "
                            "it fails the same scenarios as set-nx-px-lua (its script takes the "
                            "TTL in KEYS[3], not ARGV).")),
        };
        return info;
    }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        const QByteArray &token = ensureToken(ctx, lock);
        const Reply reply = co_await evalScript(
            ctx, 0, builtinScript(QStringLiteral("lua_setnx_pexpire_acquire")),
            command(lock.request.key, token, ttlArg(lock)), command(), "acquire.script");
        if (reply.failed() || !reply.isInteger())
            co_return AttemptResult{AttemptOutcome::Error, -1};
        if (reply.integer() == 1) {
            markAcquired(ctx, lock);
            co_return AttemptResult{AttemptOutcome::Acquired, -1};
        }
        co_return AttemptResult{AttemptOutcome::Busy, -1};
    }

    const SingleCommandRelease *singleCommandRelease() const override
    {
        return compareAndDeleteRelease();
    }
};

} // namespace

std::unique_ptr<Strategy> createLuaSetnxPexpire()
{
    return std::make_unique<LuaSetnxPexpire>();
}

} // namespace lockscope::strategies
