// The lock strategies of docs/lock-catalogue.md, correct and flawed, behind one interface. A
// Strategy object is stateless and shared by every client; everything about one acquisition lives
// in a LockHandle.
#pragma once

#include "lock_context.h"

#include <QString>

#include <memory>
#include <vector>

namespace lockscope {

// How a client waits for a busy lock (docs/lock-catalogue.md, "Waiting for a busy lock").
enum class WaitMode : quint8 {
    Spin,    // fixed sleep between attempts (100 ms, as in seed 000)
    Backoff, // exponential with jitter: 1 ms doubling up to 128 ms, as Redisson's spin lock
    PubSub,  // subscribe to the lock's release channel; wait at most the remaining TTL
};
QString waitModeId(WaitMode mode);
bool parseWaitMode(const QString &id, WaitMode *mode);

// What the client asks for: one lock key, how long a lease, and which holder it is.
struct LockRequest {
    QByteArray key;            // the lock key, e.g. "lock:0"
    qint64 ttlMs = 30000;      // lease length
    QByteArray thread = "1";   // reentrant-hash field is "<client>:<thread>"
    qint64 nodeTimeoutMs = 50; // redlock's short per-node timeout
};

// The state of one acquisition, filled by tryAcquire and read by release and renewals.
// The token is chosen once per acquisition: acquireLock clears it, and tryAcquire draws a new one
// from ctx.newToken() when it is empty (so retries of one acquisition reuse it). Callers driving
// tryAcquire themselves clear `token` before a fresh acquisition on a reused handle.
struct LockHandle {
    LockRequest request;
    QByteArray token;           // the value stored in the key ("" until acquired)
    qint64 fencingToken = 0;    // fenced: the monotonically increasing token
    qint64 acquiredAtMs = 0;    // client clock, when the acquisition completed
    qint64 validityMs = 0;      // redlock: ttl - elapsed - drift; others: ttl
    quint32 nodesHeld = 0;      // bit i set: node i said yes (redlock)
    int holdCount = 0;          // reentrant-hash: nesting depth as the server reported it
    std::shared_ptr<bool> live; // watchdog: renewals continue while *live is true
    // The SET ... NX PX of the acquisition under way (strategies that acquire with one SET):
    // built by its first attempt, sent again as a shared copy by each retry, so a spinning
    // client does not allocate and fill a new command per attempt.
    Command acquireCommand;
    // Likewise the release's command list (the compare-and-delete's EVALSHA): refilled in
    // place when the runtime hands on one that nothing shares any more, built otherwise.
    Command releaseCommand;
};

enum class AttemptOutcome : quint8 {
    Acquired,
    Busy,  // someone else holds it
    Error, // no answer or a Redis error: effect unknown
};

struct AttemptResult {
    AttemptOutcome outcome = AttemptOutcome::Busy;
    qint64 retryHintMs = -1; // remaining TTL of the holder when the strategy learned it
};

// What a release did: deleted our lock, found it gone or someone else's, or got no answer.
enum class ReleaseOutcome : quint8 { Released, NotHeld, Error };

// Built with designated initialisers (.multiNode = true, ...): the optional members have
// default initialisers so that an entry names only what applies to it.
struct StrategyInfo {
    QString id;                // stable id from docs/lock-catalogue.md, e.g. "set-nx-px-lua"
    QString title;             // short human name
    QString summary;           // one line: acquire / release
    QString flaw{};            // what it demonstrates ("" for the correct ones)
    bool multiNode = false;    // uses every node (redlock)
    bool fencing = false;      // hands a fencing token to the protected resource
    bool reentrant = false;    // the holder may acquire again
    QList<const char *> steps; // the step labels its commands carry, in order
    // A correct strategy's limits (docs/lock-catalogue.md, "what it shows"); "" for none.
    QString caveat{};
};

// An attempt that is one command to node 0 whose outcome follows from its reply alone (SET NX
// PX): what tryAcquire() does, taken apart so that acquireLock can send the command from its
// own coroutine. Each attempt then costs one coroutine frame fewer (creating, entering, leaving
// and destroying tryAcquire()'s), on the simulator's most frequent command.
struct SingleCommandAttempt {
    // The command to send (it may be kept in and refilled from the handle), valid until the
    // next call for this handle.
    const Command &(*command)(LockContext &ctx, LockHandle &lock);
    const char *step;
    // What the reply means; fills the handle when acquired.
    AttemptResult (*outcome)(LockContext &ctx, LockHandle &lock, const Reply &reply);
};

// A release that is one command to node 0 (the compare-and-delete script's EVALSHA), sent again
// in another form when its reply asks for it (NOSCRIPT: the script's body with EVAL), with an
// outcome that follows from the last reply alone: release() taken apart as above, so that
// releaseLock sends it from its own coroutine.
struct SingleCommandRelease {
    const Command &(*command)(LockContext &ctx, LockHandle &lock);
    const char *step;
    // The command to send instead after `reply`; empty when the reply is the answer.
    Command (*retry)(const LockHandle &lock, const Reply &reply);
    ReleaseOutcome (*outcome)(const Reply &reply);
};

class Strategy {
public:
    virtual ~Strategy() = default;
    virtual const StrategyInfo &info() const = 0;
    QString id() const { return info().id; }

    // One attempt: returns Acquired with the handle filled, or why not. Waiting and retrying
    // between attempts is the wait mode's business (acquireLock in acquire.h).
    // A strategy whose attempt is one command describes it in singleCommandAttempt() and no
    // more: this default runs the description. Every other strategy overrides tryAcquire().
    virtual Task<AttemptResult> tryAcquire(LockContext &ctx, LockHandle &lock) const;
    // tryAcquire() as one command, when it is exactly that (null: await tryAcquire()).
    virtual const SingleCommandAttempt *singleCommandAttempt() const { return nullptr; }
    // Likewise: the default runs singleCommandRelease(); every other strategy overrides it.
    virtual Task<ReleaseOutcome> release(LockContext &ctx, LockHandle &lock) const;
    // release() as one command, when it is exactly that (null: await release()).
    virtual const SingleCommandRelease *singleCommandRelease() const { return nullptr; }
};

// A single-command attempt or release, sent from a coroutine of its own: the defaults above, and
// strategies that do more around the same command (the watchdog), await these. (acquireLock and
// releaseLock send them inline instead, to save the frame on the simulator's hottest path.)
Task<AttemptResult> runSingleCommandAttempt(LockContext &ctx, const SingleCommandAttempt &attempt,
                                            LockHandle &lock);
Task<ReleaseOutcome> runSingleCommandRelease(LockContext &ctx, const SingleCommandRelease &release,
                                             LockHandle &lock);

} // namespace lockscope
