// A small deterministic world for the strategy tests: embedded Engine nodes, a manual virtual
// clock, a queue of pending resumptions, and a LockContext per client that executes each command
// at once on its node and logs it with its step label. Nodes can be marked down (the command then
// gets Reply::noReply after its timeout); a client can be paused or crashed before a given step.
//
// Deliberately much simpler than the simulator in core/sim: no latency model beyond a constant,
// no replication, no faults beyond the few the strategy tests need.
#pragma once

#include "lock/lock_context.h"
#include "redis/engine.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <utility>
#include <vector>

namespace lockscope::test {

class EngineContext;

struct LoggedCommand {
    QByteArray client;
    int node = 0;
    QByteArray step;
    Command argv;
    Reply reply;
    qint64 sentAtMs = 0; // world time
};

struct LoggedNote {
    QByteArray client;
    LockNote kind;
    QByteArray key;
    qint64 value = 0;
    QByteArray detail;
};

class TestWorld {
public:
    static constexpr qint64 kStartMs = 1'000'000; // the virtual clock's origin

    explicit TestWorld(int nodes = 1);
    ~TestWorld();
    TestWorld(const TestWorld &) = delete;
    TestWorld &operator=(const TestWorld &) = delete;

    // --- the world ------------------------------------------------------------------------
    qint64 nowMs() const { return m_nowUs / 1000; }
    qint64 elapsedMs() const { return nowMs() - kStartMs; }
    int nodeCount() const { return int(m_nodes.size()); }
    Engine &node(int i) { return *m_nodes.at(size_t(i)); }
    void setNodeDown(int i, bool down) { m_down[size_t(i)] = down; }
    bool nodeDown(int i) const { return m_down.at(size_t(i)); }
    // Every reply arrives this long after its command was sent (default 0).
    void setLatencyMs(qint64 ms) { m_latencyMs = ms; }
    // SCRIPT LOAD every built-in script on every node, so that EVALSHA never falls back.
    void preloadScripts();
    // Executes a command on a node outside any client (not logged, nothing scheduled).
    Reply exec(int node, const Command &argv);
    bool keyExists(int node, const QByteArray &key);

    EngineContext &addClient(const QByteArray &name, qint64 clockSkewMs = 0);
    EngineContext &client(const QByteArray &name);

    // --- faults -----------------------------------------------------------------------------
    // The client sleeps `ms` just before it sends its next command carrying `step`.
    void pauseBefore(const QByteArray &client, const QByteArray &step, qint64 ms);
    // The client dies just before it sends its next command carrying `step`: the command is
    // never sent and none of the client's coroutines runs again.
    void crashBefore(const QByteArray &client, const QByteArray &step);

    // --- running ----------------------------------------------------------------------------
    // Starts a root coroutine now; the world keeps it alive. Returns its completion flag.
    std::shared_ptr<bool> start(Task<void> task);
    // Runs a coroutine to completion (or until `limitMs` of virtual time passed) and returns
    // its result; nullopt if it did not finish.
    template <typename T> std::optional<T> complete(Task<T> task, qint64 limitMs = 600'000)
    {
        auto result = std::make_shared<std::optional<T>>();
        auto done = start(storeResult(std::move(task), result));
        runUntil([&] { return *done; }, limitMs);
        return *result;
    }
    bool complete(Task<void> task, qint64 limitMs = 600'000);
    // Processes every resumption due within the next `ms` and leaves the clock there.
    void runFor(qint64 ms);
    // Processes resumptions until `stop()` holds, the queue is empty, or `limitMs` passed.
    void runUntil(const std::function<bool()> &stop, qint64 limitMs);

    // --- what happened ------------------------------------------------------------------------
    const QList<LoggedCommand> &commands() const { return m_commands; }
    QList<LoggedCommand> commandsOf(const QByteArray &client) const;
    QList<LoggedCommand> commandsWithStep(const QByteArray &step) const;
    const QList<LoggedNote> &notes() const { return m_notes; }
    const QStringList &trace() const { return m_trace; } // checkpoints and sleeps, in order
    void clearLogs();

private:
    friend class EngineContext;

    template <typename T>
    static Task<void> storeResult(Task<T> task, std::shared_ptr<std::optional<T>> out)
    {
        *out = co_await std::move(task);
    }
    static Task<void> markDone(Task<void> task, std::shared_ptr<bool> done);

    void schedule(qint64 atUs, std::function<void()> fn);
    void deliver(int session, const QByteArray &channel);

    qint64 m_nowUs = kStartMs * 1000;
    qint64 m_latencyMs = 0;
    quint64 m_seq = 0;
    std::map<std::pair<qint64, quint64>, std::function<void()>> m_queue;
    std::vector<std::unique_ptr<Engine>> m_nodes;
    std::vector<bool> m_down;
    std::vector<std::unique_ptr<EngineContext>> m_clients;
    std::vector<Task<void>> m_roots;
    QHash<QPair<QByteArray, QByteArray>, qint64> m_pauses;
    QList<QPair<QByteArray, QByteArray>> m_crashes;
    QList<LoggedCommand> m_commands;
    QList<LoggedNote> m_notes;
    QStringList m_trace;
};

class EngineContext final : public LockContext {
public:
    EngineContext(TestWorld &world, QByteArray name, int session, qint64 clockSkewMs);
    ~EngineContext() override;

    qint64 nowMs() const override { return m_world.nowMs() + m_skewMs; }
    quint64 random() override { return m_random(); }
    QByteArray newToken() override;
    QByteArray clientName() const override { return m_name; }
    int nodeCount() const override { return m_world.nodeCount(); }
    qint64 requestTimeoutMs() const override { return m_requestTimeoutMs; }
    void spawn(Task<void> task) override;
    void subscribe(int node, const QByteArray &channel) override;
    void unsubscribe(int node, const QByteArray &channel) override;
    void note(LockNote kind, const QByteArray &key, qint64 value,
              const QByteArray &detail = {}) override;
    // Kept for the test to read; the test world goes on (a test decides what happens next).
    void abortRun(const QString &reason) override { m_abortReasons << reason; }
    const QStringList &abortReasons() const { return m_abortReasons; }

    void setRequestTimeoutMs(qint64 ms) { m_requestTimeoutMs = ms; }
    void setClockSkewMs(qint64 ms) { m_skewMs = ms; }
    bool crashed() const { return m_crashed; }
    int session() const { return m_session; }                        // its command connection
    int pubsubSession() const { return m_session + 500; }            // its subscriber connection
    const QList<QByteArray> &tokens() const { return m_tokens; }     // handed out, in order
    const QList<qint64> &sleeps() const { return m_sleeps; }         // ms, in order
    QList<QByteArray> subscriptions() const { return m_subscribed; } // channels, now

protected:
    void sendCall(CallSpec &&spec, Reply *out, std::coroutine_handle<> h) override;
    void sendCalls(QList<CallSpec> &&specs, QList<Reply> *out, std::coroutine_handle<> h) override;
    void startSleep(qint64 ms, std::coroutine_handle<> h) override;
    bool passCheckpoint(const char *step, std::coroutine_handle<> h) override;
    void startWaitForMessage(const QByteArray &channel, qint64 timeoutMs, bool *received,
                             std::coroutine_handle<> h) override;

private:
    friend class TestWorld;
    struct Waiter {
        QByteArray channel;
        bool *received = nullptr;
        std::coroutine_handle<> handle;
        bool resolved = false;
    };

    // Applies pause/crash rules for `step`; returns false when the client crashed.
    bool beforeSend(const QByteArray &step, const std::function<void()> &send);
    Reply execute(int node, const Command &argv, const QByteArray &step, qint64 timeoutMs,
                  qint64 *replyDelayMs);
    void resumeAt(qint64 atUs, std::coroutine_handle<> h);
    void messageArrived(const QByteArray &channel);
    void trace(const QByteArray &line);

    TestWorld &m_world;
    QByteArray m_name;
    int m_session;
    qint64 m_skewMs;
    qint64 m_requestTimeoutMs = 1000;
    bool m_crashed = false;
    std::mt19937_64 m_random;
    QList<QByteArray> m_tokens;
    QList<qint64> m_sleeps;
    QList<QByteArray> m_subscribed;
    QHash<QByteArray, int> m_buffered; // messages that came while nobody waited
    std::vector<std::shared_ptr<Waiter>> m_waiters;
    std::vector<Task<void>> m_spawned;
    QStringList m_abortReasons;
};

} // namespace lockscope::test
