// What a strategy may do, and nothing else: send Redis commands to numbered nodes, sleep, read
// the client's own clock, draw random numbers, wait for a pub/sub message, run a background
// coroutine (renewals). The simulator and the live runtime each implement this interface; the
// strategies in this folder are written once against it.
//
// Every command carries a step label ("acquire.setnx", "release.get", ...). The runtime logs it
// and a fault plan can act on it: pause or crash the client before the command is sent, while
// its reply is in flight, or after the reply came back, so that race windows open exactly
// between two commands.
#pragma once

#include "async/task.h"
#include "redis/reply.h"
#include "redis/script_limits.h"

#include <QString>

#include <coroutine>

namespace lockscope {

// One command addressed to one node. timeoutMs < 0 means the client's default request timeout.
struct CallSpec {
    int node = 0;
    Command argv;
    const char *step = "";
    qint64 timeoutMs = -1;
};

// Annotations a strategy adds to the event log beyond the commands themselves.
enum class LockNote : quint8 {
    Renewed,       // value: new TTL in ms
    RenewFailed,   // the lease was gone when the renewal came
    Quorum,        // redlock: value = nodes that said yes; text in `detail`
    FencingToken,  // value: the token the acquisition got
    ClockExpired,  // setnx-getset: the value's time has passed by this client's clock
    AttemptFailed, // acquireLock: one attempt found the lock busy (value 0) or failed (1)
};

class LockContext {
public:
    virtual ~LockContext() = default;

    // --- awaitables ---------------------------------------------------------------------
    struct CallAwaiter {
        LockContext *ctx;
        CallSpec spec;
        Reply reply;
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) { ctx->sendCall(std::move(spec), &reply, h); }
        Reply await_resume() { return std::move(reply); }
    };
    struct CallAllAwaiter {
        LockContext *ctx;
        QList<CallSpec> specs;
        QList<Reply> replies;
        bool await_ready() const noexcept { return specs.isEmpty(); }
        void await_suspend(std::coroutine_handle<> h)
        {
            ctx->sendCalls(std::move(specs), &replies, h);
        }
        QList<Reply> await_resume() { return std::move(replies); }
    };
    struct SleepAwaiter {
        LockContext *ctx;
        qint64 ms;
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) { ctx->startSleep(ms, h); }
        void await_resume() const noexcept {}
    };
    struct CheckpointAwaiter {
        LockContext *ctx;
        const char *step;
        bool await_ready() const noexcept { return false; }
        bool await_suspend(std::coroutine_handle<> h) { return ctx->passCheckpoint(step, h); }
        void await_resume() const noexcept {}
    };
    struct MessageAwaiter {
        LockContext *ctx;
        QByteArray channel;
        qint64 timeoutMs;
        bool received = false;
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h)
        {
            ctx->startWaitForMessage(channel, timeoutMs, &received, h);
        }
        bool await_resume() const noexcept { return received; }
    };

    // co_await ctx.call(node, {"SET", key, token, "NX", "PX", ttl}, "acquire.set")
    CallAwaiter call(int node, Command argv, const char *step, qint64 timeoutMs = -1)
    {
        return CallAwaiter{this, CallSpec{node, std::move(argv), step, timeoutMs}, {}};
    }
    // Sends every command at once (one per node, as Redlock does) and resumes when each has a
    // reply or has timed out; replies come back in the order of `specs`.
    CallAllAwaiter callAll(QList<CallSpec> specs)
    {
        return CallAllAwaiter{this, std::move(specs), {}};
    }
    SleepAwaiter sleep(qint64 ms) { return SleepAwaiter{this, ms}; }
    // A named point between commands ("acquire", "cs", "release"), where faults may strike.
    CheckpointAwaiter checkpoint(const char *step) { return CheckpointAwaiter{this, step}; }
    // Waits for a message on a channel this client subscribed to; false on timeout.
    MessageAwaiter waitForMessage(QByteArray channel, qint64 timeoutMs)
    {
        return MessageAwaiter{.ctx = this, .channel = std::move(channel), .timeoutMs = timeoutMs};
    }

    // --- the client's world -------------------------------------------------------------
    virtual qint64 nowMs() const = 0;  // this client's local clock (may be skewed)
    virtual quint64 random() = 0;      // deterministic in the simulator
    virtual QByteArray newToken() = 0; // a unique lock value for one acquisition
    virtual QByteArray clientName() const = 0;
    virtual int nodeCount() const = 0;
    virtual qint64 requestTimeoutMs() const = 0;
    // Runs a coroutine beside the client's main one (a watchdog's renewals). It dies with the
    // client and pauses with it.
    virtual void spawn(Task<void> task) = 0;
    virtual void subscribe(int node, const QByteArray &channel) = 0;
    virtual void unsubscribe(int node, const QByteArray &channel) = 0;
    virtual void note(LockNote kind, const QByteArray &key, qint64 value,
                      const QByteArray &detail = {}) = 0;
    // The run cannot go on: the strategy met something no verdict can be drawn from (a custom
    // script that fails at run time or answers outside the convention). Counting that as "busy"
    // would judge a broken lock safe, so the runtime ends the whole run and reports `reason`
    // (one sentence naming the file and the Lua line) as the run's error. The caller then
    // returns at once; nothing of this client runs again.
    virtual void abortRun(const QString &reason) = 0;
    // The bounds of the embedded engine the scripts run in (the simulator's), for the message
    // of a script it stopped; null against a real server, whose own lua-time-limit applies.
    virtual const ScriptLimits *embeddedScriptLimits() const { return nullptr; }

    // A uniformly distributed integer in [0, bound).
    qint64 randomBelow(qint64 bound) { return bound <= 0 ? 0 : qint64(random() % quint64(bound)); }

protected:
    // The runtime's side of the awaitables. Each must eventually resume `h` exactly once, unless
    // the client dies first (then its frames are destroyed and `h` is never resumed).
    virtual void sendCall(CallSpec &&spec, Reply *out, std::coroutine_handle<> h) = 0;
    virtual void sendCalls(QList<CallSpec> &&specs, QList<Reply> *out,
                           std::coroutine_handle<> h) = 0;
    virtual void startSleep(qint64 ms, std::coroutine_handle<> h) = 0;
    // Returns false to continue at once, true when the runtime took `h` to resume later.
    virtual bool passCheckpoint(const char *step, std::coroutine_handle<> h) = 0;
    virtual void startWaitForMessage(const QByteArray &channel, qint64 timeoutMs, bool *received,
                                     std::coroutine_handle<> h) = 0;
};

} // namespace lockscope
