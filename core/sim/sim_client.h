// A virtual client: the simulator's implementation of LockContext, and the workload it runs
// (acquire, work inside the critical section, release, think, repeat).
//
// Everything that happens to a client goes through deliver(): while the client is paused the
// deliveries queue up in arrival order (replies that came in, timers that fired) and run when
// it wakes; once it crashed they are dropped and its coroutine frames are destroyed.
#pragma once

#include "lock/lock_context.h"
#include "lock/message_waiters.h"
#include "scenario.h"
#include "sim_world.h"

#include <deque>
#include <functional>
#include <map>

namespace lockscope {

class SimClient final : public LockContext {
public:
    SimClient(SimWorld &world, int index, const ClientSpec &spec, quint64 seed);
    ~SimClient() override;

    void start();
    int index() const { return m_index; }
    const QByteArray &name() const { return m_name; }
    bool crashed() const { return m_crashed; }

    // Faults applied to this client.
    void pause(qint64 durationUs);
    void crash();
    void loseNextReply() { m_loseNextReply = true; }
    void delayNextReply(qint64 us) { m_delayNextReplyUs = us; }
    void holdNextRequest(qint64 us) { m_holdNextRequestUs = us; }
    void receiveMessage(const QByteArray &channel);

    // LockContext
    qint64 nowMs() const override;
    quint64 random() override { return m_rng.next(); }
    QByteArray newToken() override;
    QByteArray clientName() const override { return m_name; }
    int nodeCount() const override { return m_world.lockNodeCount(); }
    qint64 requestTimeoutMs() const override { return m_world.scenario().requestTimeoutMs; }
    void spawn(Task<void> task) override;
    void subscribe(int node, const QByteArray &channel) override;
    void unsubscribe(int node, const QByteArray &channel) override;
    void note(LockNote kind, const QByteArray &key, qint64 value,
              const QByteArray &detail) override;
    void abortRun(const QString &reason) override { m_world.abortRun(reason, m_index); }
    const ScriptLimits *embeddedScriptLimits() const override { return &m_world.scriptLimits(); }

protected:
    void sendCall(CallSpec &&spec, Reply *out, std::coroutine_handle<> h) override;
    void sendCalls(QList<CallSpec> &&specs, QList<Reply> *out, std::coroutine_handle<> h) override;
    void startSleep(qint64 ms, std::coroutine_handle<> h) override;
    bool passCheckpoint(const char *step, std::coroutine_handle<> h) override;
    void startWaitForMessage(const QByteArray &channel, qint64 timeoutMs, bool *received,
                             std::coroutine_handle<> h) override;

private:
    struct Group {
        QList<Reply> *out = nullptr;
        std::coroutine_handle<> handle;
        int remaining = 0;
        const char *step = "";
    };
    struct Request {
        quint64 serial = 0; // 0: free slot
        CallSpec spec;
        Reply *out = nullptr;
        std::coroutine_handle<> handle; // single calls
        Group *group = nullptr;         // fan-out calls
        int indexInGroup = 0;
        bool dropReply = false;
        bool timeoutArmed = false;
        qint64 extraDelayUs = 0;
        qint64 holdUs = 0; // kept back this long before it leaves (a delay_request fault)
        qint64 timeoutMs = 0;
        qint64 deadlineUs = 0;
        // The node's answer while it travels back. Kept here rather than in the kernel action
        // that brings it back: a Reply is too big for an action's inline room, and that action
        // would allocate on every command. Only for fan-out calls and crashed clients: a
        // single call's answer goes straight to *out (replyInOut).
        Reply reply;
        bool replyInOut = false;
    };

    // Sleeps in microseconds, for hold and think times drawn from distributions.
    struct SleepUs {
        SimClient *client;
        qint64 us;
        bool await_ready() const noexcept { return us <= 0; }
        void await_suspend(std::coroutine_handle<> h);
        void await_resume() const noexcept {}
    };
    SleepUs sleepFor(qint64 us);

    Task<void> workload();
    Task<void> replaySchedule(); // the workload of a client with a schedule
    // The release's outcome as the log says it: 1 ours deleted, 0 not held, -1 error.
    void recordReleased(quint32 key, ReleaseOutcome outcome);
    // Works holdUs inside the lock, or until releaseAtUs when that is >= 0.
    Task<void> criticalSection(LockHandle &lock, int keyIndex, qint64 holdUs,
                               qint64 releaseAtUs = -1);
    Task<void> nestedAcquire(const LockHandle &outer);

    // Runs fn now, later (paused), or never (crashed). Templates, so the hot path of a reply
    // or a timer allocates nothing unless the client is paused.
    template <typename F> void deliver(F &&fn)
    {
        if (m_crashed)
            return;
        if (m_pausedUntilUs >= 0) {
            m_deferred.push_back(Action(std::forward<F>(fn)));
            return;
        }
        fn();
    }
    // Schedules fn for this client at an absolute time.
    template <typename F> void at(qint64 timeUs, F &&fn)
    {
        m_world.kernel().at(timeUs,
                            [this, fn = std::forward<F>(fn)]() mutable { deliver(std::move(fn)); });
    }
    void resumeAfterPause();
    // One of this client's coroutines threw: the run ends with that as its error.
    void fail(const QString &what);
    // Faults due at this step and phase; inline, because almost every run has none.
    void strike(const char *step, const char *phase, quint64 handle)
    {
        if (m_world.watchesSteps())
            strikeFaults(step, phase, handle);
    }
    void strikeFaults(const char *step, const char *phase, quint64 handle);
    // The request a handle names, or nullptr when it is stale (see sim_client.cpp). Inline:
    // every command looks its request up several times.
    Request *findRequest(quint64 handle)
    {
        const auto slot = std::size_t(handle & 0xffff);
        if (slot >= m_slab.size())
            return nullptr;
        Request &r = m_slab[slot];
        return r.serial == (handle >> 16) && r.serial != 0 ? &r : nullptr;
    }
    void armTimeout(quint64 handle);
    void send(quint64 handle);
    void sendRequest(Request &req, quint64 handle); // send() with the request found
    void arrive(quint64 handle, int node, std::size_t link);
    void replyArrives(quint64 handle, int node);
    void complete(quint64 handle, Reply &&reply);
    // complete() with the request found. `answer` may be the request's own (Request::reply):
    // it is moved out before anything can issue another command (nothing before the
    // resumption does); nullptr: arrive() already put the answer in *out.
    void completeRequest(Request &req, quint64 handle, Reply *answer);
    void issue(CallSpec &&spec, Reply *out, std::coroutine_handle<> h, Group *group,
               int indexInGroup);

    SimWorld &m_world;
    int m_index;
    QByteArray m_name;
    ClientSpec m_spec;
    WaitOptions m_wait;
    Rng m_rng;
    Rng m_netRng;
    bool m_crashed = false;
    bool m_finished = false;
    qint64 m_pausedUntilUs = -1;
    std::deque<Action> m_deferred;
    Task<void> m_main;
    std::vector<Task<void>> m_background;
    quint64 m_nextRequest = 1;
    quint64 m_tokens = 0;
    bool m_loseNextReply = false;
    qint64 m_delayNextReplyUs = 0;
    qint64 m_holdNextRequestUs = 0;
    std::vector<Request> m_slab;
    std::vector<quint32> m_freeSlots;
    std::vector<std::unique_ptr<Group>> m_groups;
    MessageWaiters m_waiters;
    std::vector<QByteArray> m_subscriptions;
    std::map<QByteArray, int> m_stepCounts; // step@phase -> times reached
    // The resource's SET of the last critical section: refilled in place by the next one (its
    // request is long answered by then, so the list is no longer shared and nothing allocates).
    Command m_setCounter;
    // What every acquisition's handle starts as. Copied rather than constructed: a new handle
    // allocates its default thread name ("1") again and frees it when it goes, a copy shares
    // this one's bytes.
    const LockHandle m_blankLock;
    // The SET ... NX PX of this client's last acquisition, handed to the next one, whose first
    // attempt refills it in place (strategies/common.cpp) instead of allocating a new list.
    Command m_acquireCommand;
    // The same for the release's command (LockHandle::releaseCommand).
    Command m_releaseCommand;
    std::vector<qint64> m_linkArrivalUs; // per node: last arrival, for FIFO links
    std::vector<qint64> m_replyArrivalUs;
    int m_depth = 0;
};

} // namespace lockscope
