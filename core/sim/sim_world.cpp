#include "sim_world.h"

#include "node_log.h"
#include "sim_client.h"

#include "lock/script.h"

#include <algorithm>
#include <cmath>

namespace lockscope {

SimWorld::SimWorld(const Scenario &scenario, std::shared_ptr<const Strategy> strategy, quint64 seed,
                   WaitOptions wait, EventSink *sink, std::shared_ptr<StringPool> strings,
                   bool recordText)
    : m_scenario(scenario)
    , m_strategy(std::move(strategy))
    , m_wait(wait)
    , m_sink(sink)
    , m_checker(dynamic_cast<Checker *>(sink))
    , m_strings(std::move(strings))
    , m_recordText(recordText)
    , m_rng(Rng::derive(seed, 0))
    , m_latencyUs(std::llround(scenario.latencyMs * 1000.0))
    , m_jitterUs(std::llround(scenario.jitterMs * 1000.0))
{
    const int nodeCount = m_strategy->info().multiNode ? scenario.redlockNodes : scenario.nodes;
    for (int i = 0; i < nodeCount; ++i) {
        auto node = std::make_unique<SimNode>(m_kernel, scenario.replicas,
                                              scenario.replicationLagMs * 1000);
        node->setChangeSink([this, i](const SimNode::Change &c) { onNodeChange(i, c); });
        node->setMessageSink(
            [this](int session, const QByteArray &channel, const QByteArray &, const QByteArray &) {
                const int client = session - SimNode::kSubscriberSessionBase;
                if (client < 0 || client >= int(m_clients.size()))
                    return;
                // A published message reaches the subscriber one network hop later.
                SimClient *c = m_clients[std::size_t(client)].get();
                const qint64 when = m_kernel.now() + oneWayLatencyUs(m_rng);
                m_kernel.at(when, [c, channel] {
                    if (!c->crashed())
                        c->receiveMessage(channel);
                });
            });
        m_nodes.push_back(std::move(node));
    }
    m_resource = std::make_unique<SimNode>(m_kernel, 0, 0, false);
    preloadScripts();

    for (int k = 0; k < scenario.keyCount; ++k) {
        const QByteArray name = k < scenario.keyNames.size() ? scenario.keyNames[k].toUtf8()
                                                             : "lock:" + QByteArray::number(k);
        m_lockKeyIds.push_back(m_strings->intern(name));
        m_counterKeyIds.push_back(m_strings->intern("counter:" + name));
        // The pool's bytes, as criticalSection() used: the keyspace finds shared bytes first.
        m_getCounterCommands.push_back(
            Command{QByteArrayLiteral("GET"), m_strings->at(m_counterKeyIds.back())});
        m_lockKeys.emplace(name, m_lockKeyIds.back());
    }

    const auto specs = scenario.resolvedClients();
    for (qsizetype i = 0; i < specs.size(); ++i)
        m_clients.push_back(std::make_unique<SimClient>(*this, int(i), specs[i], seed));
    m_partitionUntil.assign(m_clients.size(), std::vector<qint64>(m_nodes.size(), -1));
    if (!scenario.captions.isEmpty())
        m_captions = std::make_unique<CaptionMatcher>(scenario.captions, clientNames(), m_strings);
    m_kindsRecorded = m_captions ? ~quint64(0) : m_sink->kindsConsumed();
    armFaults();
}

void SimWorld::preloadScripts()
{
    // Client libraries register their scripts once (SCRIPT LOAD, or a first EVAL) before the
    // interesting part; doing it here keeps the first acquisition's command count honest and
    // makes a lost reply hit a command that did something. A restart empties the cache again,
    // and the EVALSHA -> NOSCRIPT -> EVAL fallback then shows in the log as it would for real.
    for (auto &node : m_nodes)
        preloadBuiltinScripts(node->primary());
    preloadBuiltinScripts(m_resource->primary());
}

SimWorld::~SimWorld()
{
    // Clients hold coroutine frames that refer to nodes and to the world: they go first.
    m_clients.clear();
}

quint64 SimWorld::commandsExecuted() const
{
    quint64 n = m_resource->commandsExecuted();
    for (const auto &node : m_nodes)
        n += node->commandsExecuted();
    return n;
}

QList<QByteArray> SimWorld::clientNames() const
{
    QList<QByteArray> names;
    for (const auto &c : m_clients)
        names.append(c->name());
    return names;
}

QList<QByteArray> SimWorld::nodeNames() const
{
    QList<QByteArray> names;
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        names.append("redis-" + QByteArray::number(qulonglong(i + 1)));
    return names;
}

quint32 SimWorld::lockKeyIdSlow(const QByteArray &key)
{
    const char *data = key.constData();
    LockKeyByAddress &slot = m_lockKeyByAddress[(quintptr(data) >> 4) % m_lockKeyByAddress.size()];
    const auto it = m_lockKeys.find(key);
    if (it == m_lockKeys.end())
        return 0;
    const QByteArray &pooled = m_strings->at(it->second);
    if (pooled.constData() == data) // the pool's own buffer: remember its address
        slot = {data, key.size(), it->second};
    return it->second;
}

void SimWorld::onNodeChange(int nodeIndex, const SimNode::Change &c)
{
    const quint32 key = lockKeyIdOf(c.key);
    if (key == 0)
        return;
    // Not wanted: not built (building it interns text only when m_recordText).
    if (!m_recordText && !(m_kindsRecorded & eventKindBit(keyChangeKind(c.kind))))
        return;
    Event e = keyChangeEvent(c, *m_nodes[std::size_t(nodeIndex)], qint16(nodeIndex), key,
                             m_recordText ? m_strings.get() : nullptr);
    e.timeUs = m_kernel.now();
    record(e);
}

// --- faults -----------------------------------------------------------------------------------

void SimWorld::armFaults()
{
    m_plan = std::make_unique<FaultPlan>(m_scenario, *m_strategy, m_scenario.resolvedClients());
    m_watchSteps = !m_plan->empty();
    for (auto &fault : m_plan->faults()) {
        const auto &t = fault.spec.trigger;
        if (fault.step.isEmpty()) {
            ArmedFault *f = &fault;
            m_kernel.at((t.atMs + t.delayMs) * 1000, [this, f] {
                f->fired = true;
                applyFault(*f);
            });
        }
    }
}

void SimWorld::strikeNodeFault(ArmedFault &fault)
{
    const qint64 delayUs = fault.spec.trigger.delayMs * 1000;
    if (delayUs <= 0) {
        applyFault(fault);
        return;
    }
    ArmedFault *f = &fault;
    m_kernel.after(delayUs, [this, f] { applyFault(*f); });
}

void SimWorld::applyFault(ArmedFault &f)
{
    const auto &s = f.spec;
    SimClient *target =
        f.targetClient >= 0 ? m_clients[std::size_t(f.targetClient)].get() : nullptr;
    SimNode *n = s.node < int(m_nodes.size()) ? m_nodes[std::size_t(s.node)].get() : nullptr;
    const qint16 node = qint16(s.node);
    const qint64 durUs = s.durationMs * 1000;
    switch (s.action) {
    case FaultSpec::Action::Pause:
        if (target)
            target->pause(durUs);
        return;
    case FaultSpec::Action::Crash:
        if (target)
            target->crash();
        return;
    case FaultSpec::Action::LoseReply:
        if (target)
            target->loseNextReply();
        return;
    case FaultSpec::Action::DelayReply:
        if (target)
            target->delayNextReply(durUs);
        return;
    case FaultSpec::Action::DelayRequest:
        if (target)
            target->holdNextRequest(durUs);
        return;
    case FaultSpec::Action::Partition:
        if (!target)
            return;
        for (int cut : s.nodes) {
            if (cut < 0 || cut >= int(m_nodes.size()))
                continue;
            m_anyPartition = true;
            m_partitionUntil[std::size_t(f.targetClient)][std::size_t(cut)] =
                s.durationMs < 0 ? -2 : m_kernel.now() + durUs;
            record(EventKind::Partitioned, qint16(f.targetClient), qint16(cut), 0, 0, s.durationMs);
            if (s.durationMs >= 0) {
                const int c = f.targetClient;
                m_kernel.after(durUs, [this, c, cut] {
                    record(EventKind::Healed, qint16(c), qint16(cut), 0, 0, 0);
                });
            }
        }
        return;
    case FaultSpec::Action::NodeCrash:
    case FaultSpec::Action::NodeRestart: {
        if (!n)
            return;
        n->crash();
        record(EventKind::NodeCrashed, kNoClient, node, 0, 0, 0);
        if (s.durationMs < 0)
            return;
        const bool keep = s.action == FaultSpec::Action::NodeCrash || s.persistence;
        m_kernel.after(durUs, [this, n, node, keep] {
            n->recover(keep);
            record(EventKind::NodeRestarted, kNoClient, node, 0, 0, keep ? 1 : 0);
        });
        return;
    }
    case FaultSpec::Action::Failover:
        if (!n)
            return;
        n->crash();
        record(EventKind::NodeCrashed, kNoClient, node, 0, 0, 0);
        m_kernel.after(durUs, [this, n, node] {
            n->failover();
            record(EventKind::NodeFailover, kNoClient, node, 0, 0, 0);
        });
        return;
    case FaultSpec::Action::ClockJump:
        if (!n)
            return;
        record(EventKind::NodeClockJump, kNoClient, node, 0, 0, s.jumpMs);
        n->jumpClock(s.jumpMs);
        return;
    }
}

// --- running ----------------------------------------------------------------------------------

void SimWorld::setStepObserver(StepObserver *observer)
{
    m_stepObserver = observer;
    m_watchSteps = observer || !m_plan->empty();
}

void SimWorld::clientDone()
{
    if (--m_clientsRunning == 0)
        m_kernel.stop();
}

void SimWorld::setScriptLimits(const ScriptLimits &limits)
{
    m_scriptLimits = limits;
    m_scriptLimits.stopFlags.push_back(&m_scriptLimitHit);
    for (auto &node : m_nodes)
        node->setScriptLimits(m_scriptLimits);
    if (m_resource)
        m_resource->setScriptLimits(m_scriptLimits);
}

void SimWorld::scriptLimitHit(int client)
{
    if (m_scriptLimitClient >= 0)
        return;
    m_scriptLimitClient = client;
    m_scriptLimitHit = true;
}

ScriptStop SimWorld::scriptStop() const
{
    // A limit hit anywhere is what the run is about; the scripts stopped after it (Stopped, on
    // other nodes too) only followed.
    const auto isLimit = [](ScriptStop s) {
        return s == ScriptStop::TimeLimit || s == ScriptStop::MemoryCap;
    };
    ScriptStop stop = ScriptStop::None;
    const auto consider = [&](ScriptStop s) {
        if (!isLimit(stop) && (isLimit(s) || stop == ScriptStop::None))
            stop = s;
    };
    for (const auto &node : m_nodes)
        consider(node->scriptStop());
    if (m_resource)
        consider(m_resource->scriptStop());
    return stop;
}

void SimWorld::run()
{
    m_clientsRunning = int(m_clients.size());
    for (auto &c : m_clients)
        c->start();
    m_kernel.runUntil(m_scenario.durationMs * 1000);
    m_endUs = m_kernel.now();
    recordFinalState();
}

void SimWorld::abortRun(const QString &reason, int client)
{
    if (m_scriptLimitClient >= 0 && client != m_scriptLimitClient)
        return; // most likely about a script stopped because of that one
    abortRun(reason);
}

void SimWorld::abortRun(const QString &reason)
{
    if (m_abortReason.isEmpty())
        m_abortReason = reason;
    m_kernel.stop();
}

void SimWorld::recordFinalState()
{
    // What is left in Redis when the run ends: the checker finds stuck locks and lost updates
    // in these events, so a saved log can be re-checked without the simulator.
    std::vector<QByteArray> keys;
    for (const auto &[name, id] : m_lockKeys)
        keys.push_back(name);
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        SimNode &node = *m_nodes[i];
        for (const auto &k : keys) {
            if (auto e = keyFinalEvent(node, qint16(i), k, m_strings->intern(k))) {
                e->timeUs = m_kernel.now();
                record(*e);
            }
        }
    }
    for (const auto &k : keys) {
        const QByteArray counter = "counter:" + k;
        const auto snap = m_resource->primary().snapshot(counter);
        record(EventKind::CounterFinal, kNoClient, kResourceNode, m_strings->intern(counter), 0,
               snap.exists ? snap.value.toLongLong() : 0);
    }
}

} // namespace lockscope
