// A real strategy with a defect, for the tests of issue 12: it locks as set-nx-px-lua does, and
// on its n-th acquisition either throws from tryAcquire itself (the client's own coroutine) or
// spawns a background task (like the watchdog's renewals) that throws after a sleep. The
// runtimes must end the run with that exception as its error instead of dropping it.
#pragma once

#include "lock/lock_context.h"
#include "lock/strategy.h"
#include "lock/strategy_registry.h"

#include <atomic>
#include <memory>
#include <stdexcept>

namespace lockscope::test {

class ThrowingStrategy final : public Strategy {
public:
    enum class Where { Background, Foreground };

    ThrowingStrategy(Where where, int onAcquisition, qint64 afterMs)
        : m_inner(createStrategy(QStringLiteral("set-nx-px-lua")))
        , m_where(where)
        , m_onAcquisition(onAcquisition)
        , m_afterMs(afterMs)
    {
        m_info = m_inner->info();
        m_info.id = QStringLiteral("throwing");
    }

    const StrategyInfo &info() const override { return m_info; }

    Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const override
    {
        const AttemptResult result = co_await m_inner->tryAcquire(ctx, lock);
        if (result.outcome == AttemptOutcome::Acquired && ++m_acquisitions == m_onAcquisition) {
            if (m_where == Where::Foreground)
                throw std::runtime_error("the acquire bookkeeping broke");
            ctx.spawn(failLater(ctx, m_afterMs));
        }
        co_return result;
    }

    Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const override
    {
        return m_inner->release(ctx, lock);
    }

private:
    static Task<void> failLater(LockContext &ctx, qint64 ms)
    {
        co_await ctx.sleep(ms);
        throw std::runtime_error("the renewal bookkeeping broke");
    }

    std::unique_ptr<Strategy> m_inner;
    StrategyInfo m_info;
    Where m_where;
    int m_onAcquisition;
    qint64 m_afterMs;
    mutable std::atomic<int> m_acquisitions{0};
};

} // namespace lockscope::test
