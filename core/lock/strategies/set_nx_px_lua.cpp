// set-nx-px-lua: SET NX PX, and the compare-and-delete script to release (seeds 001 §3.6, 002,
// 003 §2.2, 004). Correct on one instance, as long as the work finishes inside the TTL.
#include "builtin_strategies.h"

#include <QCoreApplication>

namespace lockscope::strategies {

namespace {

class SetNxPxLua final : public Strategy {
public:
    const StrategyInfo &info() const override
    {
        static const StrategyInfo info{
            .id = QStringLiteral("set-nx-px-lua"),
            .title = QString::fromUtf8(
                QT_TRANSLATE_NOOP("Strategy", "SET NX PX + compare-and-delete script")),
            .summary = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy",
                "acquire: SET k token NX PX ttl; release: if GET k == token then DEL k, "
                "in one Lua script")),
            .steps = {"acquire.set", "release.script"},
            .caveat = QString::fromUtf8(QT_TRANSLATE_NOOP(
                "Strategy",
                "Correct on one instance, as long as the work finishes inside the TTL.")),
        };
        return info;
    }

    const SingleCommandAttempt *singleCommandAttempt() const override { return setNxPxAttempt(); }
    const SingleCommandRelease *singleCommandRelease() const override
    {
        return compareAndDeleteRelease();
    }
};

} // namespace

std::unique_ptr<Strategy> createSetNxPxLua()
{
    return std::make_unique<SetNxPxLua>();
}

} // namespace lockscope::strategies
