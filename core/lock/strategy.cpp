#include "strategy.h"

namespace lockscope {

Task<AttemptResult> runSingleCommandAttempt(LockContext &ctx, const SingleCommandAttempt &attempt,
                                            LockHandle &lock)
{
    const Reply reply = co_await ctx.call(0, attempt.command(ctx, lock), attempt.step);
    co_return attempt.outcome(ctx, lock, reply);
}

Task<ReleaseOutcome> runSingleCommandRelease(LockContext &ctx, const SingleCommandRelease &release,
                                             LockHandle &lock)
{
    Reply reply = co_await ctx.call(0, release.command(ctx, lock), release.step);
    if (Command again = release.retry(lock, reply); !again.isEmpty())
        reply = co_await ctx.call(0, std::move(again), release.step);
    co_return release.outcome(reply);
}

Task<AttemptResult> Strategy::tryAcquire(LockContext &ctx, LockHandle &lock) const
{
    const SingleCommandAttempt *const single = singleCommandAttempt();
    Q_ASSERT_X(single, "Strategy::tryAcquire",
               "a strategy whose attempt is not one command overrides tryAcquire()");
    return runSingleCommandAttempt(ctx, *single, lock);
}

Task<ReleaseOutcome> Strategy::release(LockContext &ctx, LockHandle &lock) const
{
    const SingleCommandRelease *const single = singleCommandRelease();
    Q_ASSERT_X(single, "Strategy::release",
               "a strategy whose release is not one command overrides release()");
    return runSingleCommandRelease(ctx, *single, lock);
}

} // namespace lockscope
