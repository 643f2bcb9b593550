#include "acquire.h"

#include <algorithm>

namespace lockscope {

QString waitModeId(WaitMode mode)
{
    switch (mode) {
    case WaitMode::Spin:
        return QStringLiteral("spin");
    case WaitMode::Backoff:
        return QStringLiteral("backoff");
    case WaitMode::PubSub:
        return QStringLiteral("pubsub");
    }
    return {};
}

bool parseWaitMode(const QString &id, WaitMode *mode)
{
    for (WaitMode m : {WaitMode::Spin, WaitMode::Backoff, WaitMode::PubSub}) {
        if (id == waitModeId(m)) {
            if (mode)
                *mode = m;
            return true;
        }
    }
    return false;
}

QByteArray releaseChannel(const QByteArray &lockKey)
{
    // Redisson announces on "redisson_lock__channel:{name}"; ours follows the same idea.
    return QByteArrayLiteral("lockscope_lock__channel:{") + lockKey + '}';
}

Task<bool> acquireLock(LockContext &ctx, const Strategy &strategy, LockHandle &lock,
                       const WaitOptions &wait)
{
    // One token per acquisition, kept across its retries (seed 000 retries with the same
    // request id). A reentrant holder acquiring again keeps its identity.
    if (!(strategy.info().reentrant && lock.holdCount > 0))
        lock.token.clear();

    const qint64 startMs = ctx.nowMs();
    const auto remainingMs = [&]() -> qint64 {
        return wait.timeoutMs < 0 ? -1
                                  : std::max<qint64>(0, startMs + wait.timeoutMs - ctx.nowMs());
    };
    // Caps a wait at what is left of the deadline (no cap without one).
    const auto capped = [&](qint64 ms) {
        const qint64 left = remainingMs();
        return left < 0 ? ms : std::min(ms, left);
    };

    QByteArray channel;
    if (wait.mode == WaitMode::PubSub) {
        channel = releaseChannel(lock.request.key);
        ctx.subscribe(0, channel);
    }

    qint64 backoff = std::max<qint64>(1, wait.backoffMinMs);
    const qint64 backoffMax = std::max(backoff, wait.backoffMaxMs);
    bool acquired = false;
    const SingleCommandAttempt *const single = strategy.singleCommandAttempt();
    for (;;) {
        AttemptResult attempt;
        if (single) {
            const Reply reply = co_await ctx.call(0, single->command(ctx, lock), single->step);
            attempt = single->outcome(ctx, lock, reply);
        } else {
            attempt = co_await strategy.tryAcquire(ctx, lock);
        }
        if (attempt.outcome == AttemptOutcome::Acquired) {
            acquired = true;
            break;
        }
        // Counted in the log: a split Redlock vote or a busy key shows as failed attempts.
        ctx.note(LockNote::AttemptFailed, lock.request.key,
                 attempt.outcome == AttemptOutcome::Error ? 1 : 0);
        if (remainingMs() == 0)
            break; // the deadline passed: give up after this last attempt

        switch (wait.mode) {
        case WaitMode::Spin:
            co_await ctx.sleep(capped(std::max<qint64>(0, wait.spinMs)));
            break;
        case WaitMode::Backoff: {
            // Equal jitter: a delay drawn from [backoff/2, backoff], backoff doubling from
            // 1 ms up to 128 ms (Redisson's spin lock).
            const qint64 half = backoff / 2;
            const qint64 delay = std::max<qint64>(1, half + ctx.randomBelow(backoff - half + 1));
            co_await ctx.sleep(capped(delay));
            backoff = std::min(backoff * 2, backoffMax);
            break;
        }
        case WaitMode::PubSub: {
            // Wait for the holder's release announcement, but at most the holder's remaining
            // TTL when the strategy learned it (Redisson), else one lease. A key whose PTTL
            // was t is gone only once t ms have passed, hence the + 1.
            const qint64 hint =
                attempt.retryHintMs > 0 ? attempt.retryHintMs + 1 : lock.request.ttlMs;
            co_await ctx.waitForMessage(channel, capped(std::max<qint64>(1, hint)));
            break;
        }
        }
    }

    // The "acquire" checkpoint (where faults "after acquire" strike) belongs to the caller,
    // once it has recorded the acquisition: the simulator's critical section starts with it.
    if (wait.mode == WaitMode::PubSub)
        ctx.unsubscribe(0, channel);
    co_return acquired;
}

Task<ReleaseOutcome> releaseLock(LockContext &ctx, const Strategy &strategy, LockHandle &lock,
                                 const WaitOptions &wait)
{
    co_await ctx.checkpoint("release");
    ReleaseOutcome outcome;
    if (const SingleCommandRelease *single = strategy.singleCommandRelease()) {
        Reply reply = co_await ctx.call(0, single->command(ctx, lock), single->step);
        if (Command again = single->retry(lock, reply); !again.isEmpty())
            reply = co_await ctx.call(0, std::move(again), single->step);
        outcome = single->outcome(reply);
    } else {
        outcome = co_await strategy.release(ctx, lock);
    }
    // A reentrant holder that only counted down still holds the lock: nobody to wake.
    if (wait.mode == WaitMode::PubSub && lock.holdCount == 0) {
        const Command publish{QByteArrayLiteral("PUBLISH"), releaseChannel(lock.request.key),
                              lock.token};
        co_await ctx.call(0, publish, "release.publish");
    }
    co_return outcome;
}

} // namespace lockscope
