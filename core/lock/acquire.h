// Acquiring with a wait mode: repeat a strategy's attempts until it succeeds or the deadline
// passes, sleeping (spin, backoff) or listening for the release (pubsub) in between.
#pragma once

#include "strategy.h"

namespace lockscope {

struct WaitOptions {
    WaitMode mode = WaitMode::Spin;
    qint64 spinMs = 100;       // seed 000 sleeps 100 ms between attempts
    qint64 backoffMinMs = 1;   // Redisson's spin lock: 1 ms, doubling...
    qint64 backoffMaxMs = 128; // ...up to 128 ms, with jitter
    qint64 timeoutMs = -1;     // give up after this long; < 0 waits forever
};

// The channel the release announces itself on, in pubsub mode.
QByteArray releaseChannel(const QByteArray &lockKey);

// True when acquired (the handle is filled), false when the deadline passed.
Task<bool> acquireLock(LockContext &ctx, const Strategy &strategy, LockHandle &lock,
                       const WaitOptions &wait);
// Releases, and in pubsub mode announces it with PUBLISH on releaseChannel(key) so waiters wake.
// (The catalogue's scripts do not publish; Redisson does it inside its unlock script.)
Task<ReleaseOutcome> releaseLock(LockContext &ctx, const Strategy &strategy, LockHandle &lock,
                                 const WaitOptions &wait);

} // namespace lockscope
