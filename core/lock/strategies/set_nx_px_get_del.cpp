// set-nx-px-get-del: release checks the owner with GET in the client, then DELs in a second
// round trip (seeds 001 §3.5, 004 wrongUnlock2). The lock can expire and be re-acquired by
// someone else between the two.
#include "builtin_strategies.h"

#include <QCoreApplication>

namespace lockscope::strategies {

namespace {

class SetNxPxGetDel final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("set-nx-px-get-del"),
            .title = QString::fromUtf8(QT_TRANSLATE_NOOP("Strategy", "SET NX PX + GET/DEL")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "acquire: SET k token NX PX ttl; release: GET k, compare in the "
                            "client, then DEL k (two round trips)")),
            .flaw = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy", "Check-then-act race: the lock can expire and be re-acquired between "
                            "GET and DEL, and the DEL removes the new holder's lock.")),
            .steps = {"acquire.set", "release.get", "release.del"},
        };
        return info;
    }

    const SingleCommandAttempt *singleCommandAttempt() const override { return setNxPxAttempt(); }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        const Reply get = co_await ctx.call(0, command(QByteArrayLiteral("GET"), lock.request.key),
                                            "release.get");
        if (get.failed())
            co_return ReleaseOutcome::Error;
        if (!get.isBulk() || get.text() != lock.token)
            co_return ReleaseOutcome::NotHeld;
        // wrongUnlock2: "if another client takes the lock right now, it is deleted at once".
        const Reply del = co_await ctx.call(0, command(QByteArrayLiteral("DEL"), lock.request.key),
                                            "release.del");
        co_return releaseOutcomeOf(del);
    }
};

} // namespace

std::unique_ptr<Strategy> createSetNxPxGetDel()
{
    return std::make_unique<SetNxPxGetDel>();
}

} // namespace lockscope::strategies
