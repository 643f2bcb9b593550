// The inside of one simulation run (private to core/sim): the kernel, the nodes, the clients,
// the network between them, the fault plan and the event stream. runSimulation() builds one,
// runs it and reads the checker's report.
#pragma once

#include "caption_matcher.h"
#include "checker.h"
#include "events/event_log.h"
#include "fault_plan.h"
#include "kernel.h"
#include "lock/acquire.h"
#include "lock/strategy.h"
#include "rng.h"
#include "scenario.h"
#include "sim_node.h"
#include "step_observer.h"
#include "util/bytes_hash.h"

#include <array>
#include <atomic>
#include <memory>
#include <unordered_map>
#include <vector>

namespace lockscope {

class SimClient;

class SimWorld {
public:
    SimWorld(const Scenario &scenario, std::shared_ptr<const Strategy> strategy, quint64 seed,
             WaitOptions wait, EventSink *sink, std::shared_ptr<StringPool> strings,
             bool recordText);
    ~SimWorld();

    // The bounds on every script of the run (before run()).
    void setScriptLimits(const ScriptLimits &limits);
    const ScriptLimits &scriptLimits() const { return m_scriptLimits; }
    // The first script a node stopped (None: none was): the run's error is then about that.
    ScriptStop scriptStop() const;
    // A node stopped `client`'s script at the time limit or the memory cap. The run ends with
    // that client's sentence about it (abortRun from the client, when the reply reaches it):
    // until then every other script is stopped at once, instead of each running to the limit
    // while the reply travels, and other clients' reasons are not taken.
    void scriptLimitHit(int client);

    void run();
    qint64 endUs() const { return m_endUs; }
    // Why the run ended early ("" when it ran to its end): see LockContext::abortRun.
    const QString &abortReason() const { return m_abortReason; }
    quint64 commandsExecuted() const;
    QList<QByteArray> clientNames() const;
    QList<QByteArray> nodeNames() const;

    // --- used by SimClient ----------------------------------------------------------------
    Kernel &kernel() { return m_kernel; }
    const Scenario &scenario() const { return m_scenario; }
    const Strategy &strategy() const { return *m_strategy; }
    const WaitOptions &wait() const { return m_wait; }
    int lockNodeCount() const { return int(m_nodes.size()); }
    // kResourceNode for the protected resource; nullptr if none. Inline, like partitioned() and
    // oneWayLatencyUs(): every simulated command asks each of them once or twice.
    SimNode *node(int index)
    {
        if (index == kResourceNode)
            return m_resource.get();
        if (index < 0 || index >= int(m_nodes.size()))
            return nullptr;
        return m_nodes[std::size_t(index)].get();
    }
    bool recordText() const { return m_recordText; }
    quint32 intern(const QByteArray &s) { return m_recordText ? m_strings->intern(s) : 0; }
    quint32 internAlways(const QByteArray &s) { return m_strings->intern(s); }
    // Lock key i ("lock:i", or the scenario's name for it) and its counter on the resource,
    // interned once.
    quint32 lockKeyId(int index) const { return m_lockKeyIds[std::size_t(index)]; }
    int lockKeyCount() const { return int(m_lockKeyIds.size()); }
    quint32 counterKeyId(int index) const { return m_counterKeyIds[std::size_t(index)]; }
    // "GET counter:lock:i", built once: every critical section sends a shared copy.
    const Command &getCounterCommand(int index) const
    {
        return m_getCounterCommands[std::size_t(index)];
    }
    // Inline, as lockKeyIdOf(): every failed attempt and every key change asks.
    quint32 keyId(const QByteArray &key)
    {
        const quint32 id = lockKeyIdOf(key);
        return id != 0 ? id : m_strings->intern(key);
    }
    // The interned id of a lock key ("lock:i"), or 0 for any other key. The look-up by address
    // inline, the rest (hashing the key) not.
    quint32 lockKeyIdOf(const QByteArray &key)
    {
        const char *data = key.constData();
        const LockKeyByAddress &slot =
            m_lockKeyByAddress[(quintptr(data) >> 4) % m_lockKeyByAddress.size()];
        if (slot.data == data && slot.size == key.size())
            return slot.id;
        return lockKeyIdSlow(key);
    }
    const StringPool &strings() const
    {
        return *m_strings;
    } // interned id of any key, lock keys without hashing twice
    // Inline: a simulated command records three or four events, and the calls showed.
    void record(const Event &e)
    {
        if (!(m_kindsRecorded & eventKindBit(e.kind)))
            return;
        if (m_checker)
            m_checker->consume(e); // a direct call, its counting cases inline
        else
            m_sink->consume(e);
        if (m_captions)
            m_captions->see(e, m_sink);
    }
    void record(EventKind kind, qint16 client, qint16 node, quint32 key, quint32 text, qint64 value,
                qint16 owner = kNoClient)
    {
        if (!(m_kindsRecorded & eventKindBit(kind)))
            return; // nobody reads it (the arguments, interned text included, are made anyway)
        Event e;
        e.timeUs = m_kernel.now();
        e.kind = kind;
        e.client = client;
        e.node = node;
        e.owner = owner;
        e.key = key;
        e.text = text;
        e.value = value;
        record(e);
    }
    bool partitioned(int client, int node) const
    {
        if (!m_anyPartition || node < 0 || client < 0)
            return false;
        const qint64 until = m_partitionUntil[std::size_t(client)][std::size_t(node)];
        return until == -2 || until > m_kernel.now();
    }
    qint64 oneWayLatencyUs(Rng &rng) const
    {
        return m_latencyUs + (m_jitterUs > 0 ? rng.between(0, m_jitterUs) : 0);
    }

    // Fault plan hooks: the client reached `step` in `phase` (before/sent/after/at).
    // Returns the faults that strike now, for the client to apply. watchesSteps() is false
    // for almost every run (no faults, no observer): clients then skip the call.
    bool watchesSteps() const { return m_watchSteps; }
    void setStepObserver(StepObserver *observer);
    std::vector<ArmedFault *> reach(int client, const char *step, const char *phase)
    {
        if (m_stepObserver)
            m_stepObserver->reached(client, step, phase, m_kernel.now());
        return m_plan->reach(client, step, phase);
    }
    // A command of `client` left at `sentUs` and reaches `node` at `arrivalUs`.
    void travels(int client, int node, qint64 sentUs, qint64 arrivalUs)
    {
        if (m_stepObserver)
            m_stepObserver->travels(client, node, sentUs, arrivalUs);
    }
    void strikeNodeFault(ArmedFault &fault);
    void clientDone();
    // Ends the run after the current action with this error; the first reason is kept. Used
    // when a client's coroutine threw and when a strategy cannot be judged (a custom script
    // failing at run time).
    void abortRun(const QString &reason);
    void abortRun(const QString &reason, int client);

private:
    void armFaults();
    void preloadScripts();
    void applyFault(ArmedFault &fault);
    void onNodeChange(int node, const SimNode::Change &change);
    void recordFinalState();

    Scenario m_scenario;
    std::shared_ptr<const Strategy> m_strategy;
    WaitOptions m_wait;
    EventSink *m_sink;
    Checker *m_checker = nullptr; // m_sink, when it is the checker alone (no log, no extra sink)
    // The kinds the sink (and the captions, which see every event) read: record() drops the
    // others. Every kind until the constructor has asked.
    quint64 m_kindsRecorded = ~quint64(0);
    std::shared_ptr<StringPool> m_strings;
    bool m_recordText;
    Kernel m_kernel;
    Rng m_rng;
    qint64 m_latencyUs = 0; // one way, without jitter
    qint64 m_jitterUs = 0;
    std::vector<std::unique_ptr<SimNode>> m_nodes;
    std::unique_ptr<SimNode> m_resource;
    std::vector<std::unique_ptr<SimClient>> m_clients;
    std::unordered_map<QByteArray, quint32, BytesHash> m_lockKeys; // name -> interned id
    // Lock keys by the address of their bytes. The keys a lock names, and the keyspace stores,
    // share the bytes of the pool's copy ("lock:i", interned once), so most look-ups find it
    // by address (no hashing of the bytes). Only the pool's own buffers are entered: the pool
    // keeps them for the whole run, so an address never comes to mean another string.
    struct LockKeyByAddress {
        const char *data = nullptr;
        qsizetype size = -1;
        quint32 id = 0;
    };
    // 1024 slots of 16 bytes of address each: the pool's lock keys, allocated one after the
    // other between their counters' names, spread over some 8 KiB for 100 keys; 256 slots
    // wrapped round within that, and one look-up in eleven missed and hashed.
    std::array<LockKeyByAddress, 1024> m_lockKeyByAddress{};
    quint32 lockKeyIdSlow(const QByteArray &key); // lockKeyIdOf() when the address is not known
    std::vector<quint32> m_lockKeyIds, m_counterKeyIds;
    std::vector<Command> m_getCounterCommands;
    bool m_anyPartition = false;
    std::unique_ptr<FaultPlan> m_plan;
    StepObserver *m_stepObserver = nullptr;
    bool m_watchSteps = false;
    // partitions: (client, node) -> cut until this time (us)
    std::vector<std::vector<qint64>> m_partitionUntil;
    std::unique_ptr<CaptionMatcher> m_captions;
    int m_clientsRunning = 0;
    qint64 m_endUs = 0;
    QString m_abortReason;
    ScriptLimits m_scriptLimits;
    std::atomic<bool> m_scriptLimitHit{false}; // one of m_scriptLimits.stopFlags
    int m_scriptLimitClient = -1;
};

} // namespace lockscope
