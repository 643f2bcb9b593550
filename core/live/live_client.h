// The live runtime: LiveClient is LockContext in real time, on the Qt event loop, against real
// Redis servers. It is the simulator's SimClient (core/sim/sim_client.h) with the kernel
// replaced by sockets and timers: a strategy coroutine suspends on a command and is resumed from
// the Connection's reply callback; sleeps and waits are QTimers.
//
// Everything that happens to a client goes through one door, deliver(): while the client is
// paused, replies, timers and pub/sub messages queue up in arrival order and run when it wakes
// (its watchdog renewals too: a GC pause stops the whole process); once it was killed they are
// dropped and its coroutine frames are destroyed, from the event loop, never from inside one of
// its own frames.
//
// Each client has one Connection per lock node (N for redlock; node 0 also holds the protected
// resource, the counter of seed 001's experiment) and, when it waits with pubsub, a subscriber
// Connection per node. It emits the simulator's events, stamped with wall-clock microseconds,
// so the same Checker judges a live run.
#pragma once

#include "events/event_log.h"
#include "lock/acquire.h"
#include "lock/lock_context.h"
#include "lock/message_waiters.h"
#include "redis/connection.h"
#include "sim/distribution.h"
#include "sim/rng.h"

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QObject;
class QTimer;

namespace lockscope {

// Wall-clock microseconds since the epoch, read from a monotonic clock anchored once per process
// to the system clock: it never jumps, and every live client of a process shares it.
qint64 liveClockUs();

// Where the clients of one live run send their events, and the strings they intern. Not
// thread-safe: the clients of a run share one thread (the Qt event loop's).
class LiveRecorder {
public:
    explicit LiveRecorder(EventSink *sink = nullptr,
                          std::shared_ptr<StringPool> strings = std::make_shared<StringPool>(),
                          bool recordText = true);

    bool enabled() const { return m_sink != nullptr; }
    bool recordText() const { return m_recordText; }
    StringPool &strings() { return *m_strings; }
    std::shared_ptr<StringPool> sharedStrings() const { return m_strings; }
    quint32 intern(const QByteArray &s) { return m_strings->intern(s); }
    // Interned only when the run records texts (commands, replies, tokens).
    quint32 text(const QByteArray &s) { return m_recordText ? m_strings->intern(s) : 0; }

    void record(EventKind kind, qint16 client, qint16 node, quint32 key, quint32 text, qint64 value,
                qint16 owner = kNoClient);
    // An event whose time the caller set (the key observer stamps an expiry with the moment
    // the server's clock reached the deadline, mapped to liveClockUs(), not with when it was
    // noticed).
    void record(const Event &e);

private:
    EventSink *m_sink;
    std::shared_ptr<StringPool> m_strings;
    bool m_recordText;
};

struct LiveClientOptions {
    QByteArray name = QByteArrayLiteral("A");
    qint16 index = 0; // the client's lane in the event log
    // One per lock node; node 0 also holds the protected resource (kResourceNode).
    QList<ConnectionOptions> nodes;
    // The protected resource on a server of its own (a live scenario, whose node faults must
    // not touch the counter); when unset it lives on node 0.
    std::optional<ConnectionOptions> resource;
    qint64 requestTimeoutMs = 1000; // commands without a timeout of their own
    qint64 clockOffsetMs = 0;       // added to nowMs(): a skewed client clock
    quint64 seed = 0;               // 0: drawn from the system's random generator
};

// Where in a step a fault strikes: before the command is sent, once it is sent (its reply in
// flight), once its reply is back (before the strategy sees it), or at a checkpoint ("acquire",
// "release").
enum class StepPhase : quint8 { Before, Sent, After, At };
// The simulator's name for a phase ("before", "sent", "after", "at"): scenario files use them.
const char *stepPhaseId(StepPhase phase);

// The workload of seed 001's experiment: acquire, read-modify-write a counter kept on node 0
// inside the critical section (GET, hold, SET +1; the fenced strategy goes through the
// fenced_read / fenced_write scripts), release, think, repeat.
struct LiveWorkload {
    std::shared_ptr<const Strategy> strategy;
    WaitOptions wait;
    QByteArray lockKey = QByteArrayLiteral("lock:0");
    QByteArray counterKey; // default: "counter:" + lockKey (the simulator's names)
    qint64 ttlMs = 10000;
    qint64 nodeTimeoutMs = 50; // redlock's per-node timeout
    qint64 holdMs = 0;         // inside the critical section, between GET and SET
    qint64 thinkMs = 0;        // after a release
    qint64 cycles = -1;        // < 0: until stopped or the deadline
    qint64 deadlineUs = -1;    // liveClockUs() after which no new acquisition starts
    // A scenario's workload, as the simulator's clients run it: hold and think times drawn
    // per cycle (instead of holdMs/thinkMs), a think time after giving up too, and a nested
    // acquire of the same lock inside the critical section.
    std::optional<Distribution> hold, think;
    bool nested = false;
};

// What one client did, kept as plain counters for the benchmark (no event log needed).
struct LiveClientStats {
    static constexpr int kErrorKinds = int(RedisErrorKind::ProtocolError) + 1;

    quint64 commands = 0;
    quint64 cycles = 0;         // acquire -> critical section -> release completed
    quint64 cyclesInWindow = 0; // of those, completed by the workload's deadline
    quint64 acquisitions = 0;   // including nested ones
    quint64 gaveUp = 0;
    quint64 increments = 0; // counter writes the server acknowledged
    // Counter writes sent that got no answer (or none yet, when the client died): they may have
    // landed, so the counter may exceed `increments` by up to this much.
    quint64 unacknowledged = 0;
    quint64 staleRejected = 0;                 // fenced writes the resource refused
    quint64 readFailures = 0;                  // critical sections abandoned because the GET failed
    std::array<quint64, kErrorKinds> errors{}; // failed replies by RedisErrorKind
    // (Acquire latencies are in the Acquired events, for the Checker's percentiles.)

    quint64 errorCount() const;
};

class LiveClient final : public LockContext {
public:
    LiveClient(LiveClientOptions options, LiveRecorder *recorder);
    ~LiveClient() override; // never from inside one of this client's coroutines
    LiveClient(const LiveClient &) = delete;
    LiveClient &operator=(const LiveClient &) = delete;

    const LiveClientOptions &options() const { return m_options; }
    const QByteArray &name() const { return m_options.name; }
    qint16 index() const { return m_options.index; }

    // Opens the node connections (commands sent before they are ready wait for them).
    void open();
    bool connectionsReady() const;
    quint64 reconnects() const;
    Connection *connection(int node) const;

    // --- running ---------------------------------------------------------------------------
    void startWorkload(const LiveWorkload &w);
    // No new acquisition starts; the current cycle (with its release) finishes.
    void stopWorkload() { m_stopRequested = true; }
    bool running() const { return m_running; }
    // Called once when the workload ends: done, stopped, halted or killed.
    void setFinishedHandler(std::function<void()> handler) { m_onFinished = std::move(handler); }
    // Called when the strategy ends the run (LockContext::abortRun); the reason is kept too.
    // The client itself goes on until its owner halts it, except when one of its own
    // coroutines threw (its workload, a watchdog's renewals, a spawned task): then the reason
    // is "client A: ..." and the client has halted already.
    void setAbortHandler(std::function<void(const QString &)> handler)
    {
        m_onAbort = std::move(handler);
    }
    const QString &abortReason() const { return m_abortReason; }
    // Ends the client at once without it counting as a crash (the end of a benchmark):
    // coroutine frames destroyed, connections closed. Safe from anywhere.
    void halt();
    const LiveClientStats &stats() const { return m_stats; }
    // The last reply that failed (a server error other than NOSCRIPT, or no answer), with the
    // node and step it came from: what a preflight check tells the user.
    struct Failure {
        bool any = false;
        int node = 0;
        QByteArray step;
        Reply reply;
    };
    const Failure &lastFailure() const { return m_lastFailure; }
    void clearLastFailure() { m_lastFailure = Failure(); }

    // --- faults a user can cause -------------------------------------------------------------
    // The client stops for `ms` (a GC pause): replies, timers, messages and renewals wait.
    void pause(qint64 ms);
    bool isPaused() const { return m_pausedUntilUs >= 0; }
    // The client dies: its coroutines never run again, its connections close.
    void kill();
    bool killed() const { return m_killed; }
    bool dead() const { return m_dead; }
    // Every reply reaches the client `ms` later (0: off). A reply that would then arrive after
    // its request's deadline is a timeout, as it would be in a real client.
    void delayReplies(qint64 ms) { m_replyDelayMs = qMax<qint64>(0, ms); }
    // A fault at a step of the strategy: the `occurrence`-th time the client reaches `step` in
    // `phase`, it pauses for `ms` (or dies, with killAtStep).
    void pauseAtStep(const QByteArray &step, StepPhase phase, qint64 ms, int occurrence = 1);
    void killAtStep(const QByteArray &step, StepPhase phase, int occurrence = 1);
    // Called every time the client reaches a step (after the faults above): how a live scenario
    // strikes its fault plan. `request` is the command's (0 at a checkpoint).
    using StepHook = std::function<void(const char *step, StepPhase phase, quint64 request)>;
    void setStepHook(StepHook hook) { m_stepHook = std::move(hook); }
    // The reply of `request` (or, with 0 or a request already answered, of the next command)
    // never reaches the client: the server executed it, the client times out.
    void loseReply(quint64 request);
    // The reply of `request` (or of the next command) reaches the client `ms` late.
    void delayReply(quint64 request, qint64 ms);
    // `request` (if it has not left yet; otherwise the next command) is held back `ms` before
    // it is written, so a command another client sends meanwhile reaches the server first.
    void delayRequest(quint64 request, qint64 ms);
    // Cut off from `node` until `ms` from now (< 0: for good): commands to it are not delivered
    // and its replies are dropped, so they time out, as behind a network partition.
    void partition(int node, qint64 ms);
    // The node's primary moved (a failover): later commands go to `server`; those in flight on
    // the old connection fail as the old primary's connection drops.
    void retarget(int node, const ConnectionOptions &server);

    // --- LockContext --------------------------------------------------------------------------
    qint64 nowMs() const override;
    quint64 random() override { return m_rng.next(); }
    QByteArray newToken() override;
    QByteArray clientName() const override { return m_options.name; }
    int nodeCount() const override { return int(m_options.nodes.size()); }
    qint64 requestTimeoutMs() const override { return m_options.requestTimeoutMs; }
    // Also how a test runs its own coroutine on this client: it lives and dies with the client.
    void spawn(Task<void> task) override;
    void subscribe(int node, const QByteArray &channel) override;
    void unsubscribe(int node, const QByteArray &channel) override;
    void note(LockNote kind, const QByteArray &key, qint64 value,
              const QByteArray &detail = {}) override;
    void abortRun(const QString &reason) override;

protected:
    void sendCall(CallSpec &&spec, Reply *out, std::coroutine_handle<> h) override;
    void sendCalls(QList<CallSpec> &&specs, QList<Reply> *out, std::coroutine_handle<> h) override;
    void startSleep(qint64 ms, std::coroutine_handle<> h) override;
    bool passCheckpoint(const char *step, std::coroutine_handle<> h) override;
    void startWaitForMessage(const QByteArray &channel, qint64 timeoutMs, bool *received,
                             std::coroutine_handle<> h) override;

private:
    using Action = std::function<void()>;
    struct Group {
        QList<Reply> *out = nullptr;
        std::coroutine_handle<> handle;
        int remaining = 0;
    };
    struct Request {
        quint64 serial = 0; // 0: a free slot
        Command argv;       // kept only until it is sent
        const char *step = "";
        int node = 0;
        Reply *out = nullptr;
        std::coroutine_handle<> handle; // a single call
        Group *group = nullptr;         // a fan-out
        int indexInGroup = 0;
        qint64 timeoutMs = 0;
        qint64 deadlineUs = -1; // set when sent
        bool dropReply = false;
        qint64 extraDelayMs = 0;
        qint64 holdMs = 0;
    };
    struct StepFault {
        QByteArray step;
        StepPhase phase;
        bool kill;
        qint64 ms;
        int occurrence;
        int seen = 0;
        bool fired = false;
    };
    struct Subscription {
        int node;
        QByteArray channel;
        int refs;
    };

    template <typename F> void deliver(F &&fn)
    {
        if (m_dead)
            return;
        if (m_pausedUntilUs >= 0) {
            m_deferred.emplace_back(std::forward<F>(fn));
            return;
        }
        fn();
    }
    void after(qint64 ms, Action fn); // a timer on this client, cancelled when it goes away
    void resumeAfterPause();
    void strike(const char *step, StepPhase phase, quint64 request = 0);
    void teardownLater();
    void finishWorkload();
    void fail(const QString &what);

    Request *findRequest(quint64 handle);
    quint64 issue(CallSpec &&spec, Reply *out, std::coroutine_handle<> h, Group *group,
                  int indexInGroup);
    void transmit(quint64 handle);
    // Now, or when a pause ends.
    void transmitWhenAwake(quint64 handle);
    void onReply(quint64 handle, const Reply &reply);
    void complete(quint64 handle, Reply reply);
    void sweep();
    Connection *subscriber(int node);
    bool cutOff(int node) const;
    // A request whose reply will never come (cut off, dropped) fails at its deadline, as the
    // connection's own timeout would have failed it.
    void timeOutAtDeadline(quint64 handle);
    void receiveMessage(const QByteArray &channel);

    Task<void> workload(LiveWorkload w);
    Task<void> criticalSection(const LiveWorkload &w, LockHandle &lock, quint32 key,
                               quint32 counter);
    Task<void> nestedAcquire(const LiveWorkload &w, const LockHandle &outer, quint32 key);
    qint64 holdMs(const LiveWorkload &w);
    qint64 thinkMs(const LiveWorkload &w);
    qint16 logNode(int node) const { return node == kResourceNode ? kResourceNode : qint16(node); }

    LiveClientOptions m_options;
    LiveRecorder *m_recorder;
    LiveRecorder m_nullRecorder;
    Rng m_rng;
    std::unique_ptr<QObject> m_context; // timers and queued calls die with it
    QTimer *m_sweepTimer = nullptr;
    std::vector<std::unique_ptr<Connection>> m_connections;
    std::unique_ptr<Connection> m_resource;             // when the resource has a server of its own
    std::vector<std::unique_ptr<Connection>> m_retired; // old primaries' connections
    std::vector<qint64> m_cutUntilUs;                   // per node; -1 reachable, -2 for good
    std::vector<std::unique_ptr<Connection>> m_subscribers;
    std::vector<Subscription> m_subscriptions;

    bool m_killed = false;
    bool m_dead = false; // killed or halted: nothing is delivered any more
    bool m_running = false;
    bool m_stopRequested = false;
    bool m_teardownQueued = false;
    int m_transmitting = 0; // inside Connection::send: replies must not resume synchronously
    qint64 m_pausedUntilUs = -1;
    qint64 m_replyDelayMs = 0;
    std::deque<Action> m_deferred;
    std::vector<StepFault> m_stepFaults;
    StepHook m_stepHook;
    bool m_loseNextReply = false;
    qint64 m_delayNextReplyMs = 0;
    qint64 m_holdNextRequestMs = 0;
    std::function<void()> m_onFinished;
    std::function<void(const QString &)> m_onAbort;
    QString m_abortReason;

    Task<void> m_main;
    std::vector<Task<void>> m_background;
    std::vector<Request> m_slab;
    std::vector<quint32> m_freeSlots;
    std::vector<std::unique_ptr<Group>> m_groups;
    MessageWaiters m_waiters;
    quint64 m_nextRequest = 1;
    LiveClientStats m_stats;
    Failure m_lastFailure;
};

} // namespace lockscope
