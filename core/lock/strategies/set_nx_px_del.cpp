// set-nx-px-del: atomic SET NX PX, but a plain DEL to release (seeds 001 §3.3, 004
// wrongUnlock1). After its own lock expired, the client deletes the next holder's lock.
#include "builtin_strategies.h"

#include <QCoreApplication>

namespace lockscope::strategies {

namespace {

class SetNxPxDel final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("set-nx-px-del"),
            .title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "SET NX PX + DEL")),
            .summary = QString::fromUtf8(
                QT_TRANSLATE_NOOP("Strategy", "acquire: SET k token NX PX ttl; release: DEL k")),
            .flaw = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "After its own lock expired, the client deletes the next holder's "
                            "lock.")),
            .steps = {"acquire.set", "release.del"},
        };
        return info;
    }

    const SingleCommandAttempt *singleCommandAttempt() const override { return setNxPxAttempt(); }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        const Reply del = co_await ctx.call(0, command(QByteArrayLiteral("DEL"), lock.request.key),
                                            "release.del");
        co_return releaseOutcomeOf(del);
    }
};

} // namespace

std::unique_ptr<Strategy> createSetNxPxDel()
{
    return std::make_unique<SetNxPxDel>();
}

} // namespace lockscope::strategies
