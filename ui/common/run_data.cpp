#include "run_data.h"

#include "live/live_scenario.h"
#include "lock/strategy_registry.h"
#include "monitor/quorum_view.h"
#include "sim/simulation.h"

#include <QCoreApplication>
#include <QHash>
#include <QVarLengthArray>

#include <algorithm>
#include <functional>
#include <limits>

namespace lockscope::ui {

bool buildScenario(const RunRequest &request, Scenario *out, QString *error)
{
    Scenario s;
    QString loadError;
    if (request.fileScenario) {
        s = *request.fileScenario;
    } else if (request.fromFile()) {
        // The error names the file, the line or field and the problem.
        if (!loadScenarioFile(request.scenarioFile, &s, &loadError)) {
            if (error)
                *error = loadError;
            return false;
        }
    } else if (!loadBuiltinScenario(request.scenarioId, &s, &loadError)) {
        if (error)
            *error = QCoreApplication::translate("RunData", "unknown scenario \"%1\" (known: %2)")
                         .arg(request.scenarioId, builtinScenarioIds().join(QStringLiteral(", ")));
        return false;
    }
    if (request.clients > 0 && !setClientCount(s, request.clients, &loadError)) {
        if (error)
            *error = loadError;
        return false;
    }
    if (request.ttlMs > 0)
        s.ttlMs = request.ttlMs;
    if (!request.waitMode.isEmpty())
        s.waitMode = request.waitMode;
    for (const FaultSpec &f : request.injectedFaults)
        s.faults.append(f);
    *out = s;
    return true;
}

namespace {

// The strategy of a request: a built-in one by id, or the user's scripts (compiled from the
// files when the request has not compiled them yet: a missing file or a syntax error is the one
// line, naming the file and the Lua line). False with *error.
bool resolveStrategy(const RunRequest &request, std::shared_ptr<const Strategy> *custom,
                     QString *error)
{
    if (request.isCustom()) {
        *custom = request.customStrategy;
        if (!*custom)
            *custom = createCustomStrategy(request.acquireScript, request.releaseScript, error);
        return *custom != nullptr;
    }
    if (strategyIds().contains(request.strategyId))
        return true;
    if (error)
        *error = QCoreApplication::translate("RunData", "unknown strategy \"%1\" (known: %2)")
                     .arg(request.strategyId, strategyIds().join(QStringLiteral(", ")));
    return false;
}

} // namespace

bool RunData::canRun(const RunRequest &request, QString *error)
{
    std::shared_ptr<const Strategy> custom;
    Scenario scenario;
    return resolveStrategy(request, &custom, error) && buildScenario(request, &scenario, error);
}

std::shared_ptr<const RunData> RunData::simulate(const RunRequest &request, QString *error,
                                                 const std::atomic<bool> *stop)
{
    SimulationConfig config;
    if (!resolveStrategy(request, &config.strategy, error) ||
        !buildScenario(request, &config.scenario, error))
        return nullptr;
    config.strategyId = request.strategyId;
    config.seed = request.seed;
    config.waitMode = request.waitMode;
    config.scriptLimits.timeLimitMs = request.scriptTimeLimitMs;
    if (stop)
        config.scriptLimits.stopFlags = {stop};
    const SimulationResult result = runSimulation(config);
    if (!result.ok || !result.log) {
        if (error)
            *error = result.error.isEmpty()
                         ? QCoreApplication::translate("RunData", "the simulation did not run")
                         : result.error;
        return nullptr;
    }
    return make(request, config.scenario, result.log, result.report, result.simTimeUs);
}

std::shared_ptr<const RunData> RunData::playLive(const RunRequest &request,
                                                 const LiveOptions &options, LiveFacts *facts,
                                                 QString *error)
{
    LiveScenarioConfig config;
    std::shared_ptr<const Strategy> custom;
    if (!resolveStrategy(request, &custom, error) ||
        !buildScenario(request, &config.scenario, error))
        return nullptr;
    config.strategy = custom ? custom : createStrategy(request.strategyId);
    config.strategyId = config.strategy->id();
    config.seed = request.seed;
    config.waitMode = request.waitMode;
    config.timeScale =
        options.timeScale > 0 ? options.timeScale : defaultLiveTimeScale(config.scenario);
    config.servers = options.servers;
    config.cancel = options.cancel;
    config.progress = options.progress;
    const LiveScenarioResult result = runLiveScenario(config);
    if (facts) {
        facts->timeScale = config.timeScale;
        facts->wallMs = result.wallMs;
        facts->servers = result.servers;
        facts->notes = result.notes;
        facts->cancelled = result.cancelled;
    }
    if (!result.ok || !result.log) {
        if (error)
            *error = result.cancelled ? QString()
                     : result.error.isEmpty()
                         ? QCoreApplication::translate("RunData", "the live run did not run")
                         : result.error;
        return nullptr;
    }
    return make(request, config.scenario, result.log, result.report, result.report.endUs);
}

std::shared_ptr<const RunData> RunData::fromLog(std::shared_ptr<EventLog> log,
                                                const Scenario &scenario, const RunRequest &request,
                                                qint64 endUs)
{
    CheckReport report = checkLog(*log);
    const qint64 end = qMax(report.endUs, endUs);
    return make(request, scenario, std::move(log), std::move(report), end);
}

std::shared_ptr<const RunData> RunData::make(const RunRequest &request, const Scenario &scenario,
                                             std::shared_ptr<EventLog> log, CheckReport report,
                                             qint64 endUs)
{
    std::shared_ptr<RunData> run(new RunData);
    run->m_request = request;
    run->m_scenario = scenario;
    run->m_log = std::move(log);
    run->m_report = std::move(report);
    run->m_endUs = endUs;
    run->derive();
    return run;
}

bool isAlert(MarkerKind kind)
{
    switch (kind) {
    case MarkerKind::Crashed:
    case MarkerKind::StaleRejected:
    case MarkerKind::GaveUp:
    case MarkerKind::ReleaseNotHeld:
    case MarkerKind::MistakenDeletion:
    case MarkerKind::DataLost:
    case MarkerKind::NodeDown:
    case MarkerKind::Failover:
    case MarkerKind::ClockJump:
    case MarkerKind::LateRenewal:
        return true;
    default:
        return false;
    }
}

bool RunData::isNotable(EventKind kind)
{
    switch (kind) {
    case EventKind::CommandSent:
    case EventKind::ReplyReceived:
    case EventKind::AcquireAttempt:
    case EventKind::KeyFinal:
    case EventKind::CounterFinal:
    case EventKind::ClientStarted:
        return false;
    default:
        return true;
    }
}

namespace {

quint64 laneKey(quint32 key, qint16 node)
{
    return (quint64(key) << 16) | quint16(node);
}

template <typename Span> void closeOpen(std::vector<Span> &spans, qint64 t)
{
    if (!spans.empty() && spans.back().endUs < 0)
        spans.back().endUs = t;
}

void openSpan(std::vector<TimeSpan> &spans, qint64 t)
{
    if (spans.empty() || spans.back().endUs >= 0)
        spans.push_back(TimeSpan{t, -1});
}

bool hasPhaseSpan(ClientState::Phase p)
{
    return p == ClientState::Phase::Waiting || p == ClientState::Phase::Holding ||
           p == ClientState::Phase::Releasing;
}

} // namespace

int RunData::keyLaneOf(quint32 key, qint16 node) const
{
    for (std::size_t i = 0; i < m_keyLanes.size(); ++i) {
        if (m_keyLanes[i].key == key && m_keyLanes[i].node == node)
            return int(i);
    }
    return -1;
}

void RunData::derive()
{
    const EventLog &log = *m_log;
    const auto &events = log.events();
    if (!events.empty())
        m_endUs = qMax(m_endUs, events.back().timeUs);
    m_index = std::make_unique<StateIndex>(log);

    // Lanes: one per client, one per lock key per node (every key a client asked for, on every
    // node of the run, so that a node's lane exists before its first write).
    int clientCount = int(log.info().clients.size());
    for (const Event &e : events)
        clientCount = qMax(clientCount, int(e.client) + 1);
    m_clientLanes.resize(std::size_t(clientCount));
    for (int c = 0; c < clientCount; ++c) {
        m_clientLanes[std::size_t(c)].client = qint16(c);
        m_clientLanes[std::size_t(c)].name = clientName(qint16(c));
    }
    QHash<quint64, int> laneOf;
    QHash<quint32, int> lastLaneOfKey; // key -> the lane of its last change (any node)
    auto addKeyLane = [&](quint32 key, qint16 node) {
        const quint64 k = laneKey(key, node);
        const auto it = laneOf.constFind(k);
        if (it != laneOf.constEnd())
            return *it;
        KeyLane lane;
        lane.key = key;
        lane.node = node;
        lane.keyName = text(key);
        lane.nodeName = nodeName(node);
        m_keyLanes.push_back(std::move(lane));
        laneOf.insert(k, int(m_keyLanes.size()) - 1);
        return int(m_keyLanes.size()) - 1;
    };
    {
        std::vector<quint32> lockKeys;
        bool multiNodeWrites = false;
        for (const Event &e : events) {
            if (e.kind == EventKind::AcquireStarted && e.key &&
                std::find(lockKeys.begin(), lockKeys.end(), e.key) == lockKeys.end())
                lockKeys.push_back(e.key);
            if (e.kind == EventKind::KeyWritten && e.node > 0)
                multiNodeWrites = true;
        }
        // Single-instance strategies use node 0 only; multi-node ones every node.
        const int nodes = multiNodeWrites ? int(log.info().nodes.size()) : 1;
        if (lockKeys.size() * std::size_t(qMax(nodes, 1)) <= 4096) {
            for (quint32 key : lockKeys) {
                for (int n = 0; n < qMax(nodes, 1); ++n)
                    addKeyLane(key, qint16(n));
            }
        }
    }

    RunState state(clientCount);
    struct Track {
        ClientState::Phase phase = ClientState::Phase::NotStarted;
        quint32 key = 0;
        bool critical = false;
        bool paused = false;
    };
    std::vector<Track> tracks{std::size_t(clientCount)};
    std::vector<std::vector<qint64>> nodeDownSince;
    QHash<quint32, std::vector<qint16>> inside; // key -> clients inside its critical section
    QHash<quint32, int> openBand;               // key -> index in m_violations

    auto refreshKeyLane = [&](int laneIndex, qint64 t, quint32 eventIndex) {
        KeyLane &lane = m_keyLanes[std::size_t(laneIndex)];
        closeOpen(lane.spans, t);
        const KeyState *k = state.key(lane.key, lane.node);
        if (k && k->exists) {
            KeySpan s;
            s.startUs = t;
            s.endUs = -1;
            s.owner = k->owner;
            s.ttlMs = k->ttlAt(t);
            s.value = k->value;
            s.event = eventIndex;
            lane.spans.push_back(s);
        }
    };
    auto bandChange = [&](quint32 key, qint64 t, const std::vector<qint16> &now) {
        const auto it = openBand.find(key);
        if (it != openBand.end()) {
            m_violations[std::size_t(*it)].endUs = t;
            openBand.erase(it);
        }
        if (now.size() >= 2) {
            ViolationBand band;
            band.startUs = t;
            band.endUs = -1;
            band.key = key;
            band.clients = now;
            std::sort(band.clients.begin(), band.clients.end());
            m_violations.push_back(std::move(band));
            openBand.insert(key, int(m_violations.size()) - 1);
        }
    };
    auto leaveCritical = [&](qint16 c, quint32 key, qint64 t) {
        auto it = inside.find(key);
        if (it == inside.end())
            return;
        auto &v = *it;
        const auto pos = std::find(v.begin(), v.end(), c);
        if (pos == v.end())
            return;
        const bool wasViolation = v.size() >= 2;
        v.erase(pos);
        if (wasViolation)
            bandChange(key, t, v);
    };

    // A monitor knows who owns which key, not what the owners do: an owner's lane shows when it
    // held keys (and how many), from the keys' owners, not from client phases.
    const bool monitor = log.info().source == QLatin1String("monitor");
    // A Redlock deployment watched as one (the monitor notes "quorum <key>: ..." when a key's
    // majority changes): every key gets a lane above its nodes' lanes showing who holds the
    // majority, with the lease that majority has left (the majority-th longest TTL of the
    // holder's copies: when that copy expires, the holder is a minority).
    const int quorumNodes = int(log.info().nodes.size());
    const int majority = quorumNodes / 2 + 1;
    const bool redlock = monitor && quorumNodes >= 2 &&
                         std::any_of(events.begin(), events.end(), [&](const Event &e) {
                             return e.kind == EventKind::Note && e.key &&
                                    log.strings().at(e.text).startsWith("quorum ");
                         });
    QHash<quint32, int> quorumLaneOf; // key -> its quorum lane
    auto refreshQuorumLane = [&](quint32 key, qint64 t, quint32 eventIndex) {
        const int qi = quorumLaneOf.value(key, -1);
        if (qi < 0)
            return;
        QVarLengthArray<std::pair<qint16, qint64>, 8> copies; // owner, TTL left (-1: none)
        for (int n = 0; n < quorumNodes; ++n) {
            const KeyState *k = state.key(key, qint16(n));
            if (k && k->exists && k->owner >= 0)
                copies.push_back({k->owner, k->ttlAt(t)});
        }
        // The monitor's own rule (quorum_view.h), with the lease the majority has left.
        const auto hold = majorityHold<qint16>(copies, majority);
        const qint16 holder = hold ? hold->owner : kNoClient;
        const qint64 ttl = hold ? hold->leaseLeftMs : -1;
        KeyLane &lane = m_keyLanes[std::size_t(qi)];
        const bool open = !lane.spans.empty() && lane.spans.back().endUs < 0;
        if (open && lane.spans.back().owner == holder && lane.spans.back().ttlAt(t) == ttl)
            return;
        closeOpen(lane.spans, t);
        if (holder < 0)
            return;
        KeySpan s;
        s.startUs = t;
        s.endUs = -1;
        s.owner = holder;
        s.ttlMs = ttl;
        s.event = eventIndex;
        lane.spans.push_back(s);
    };
    struct Gap {
        qint64 startUs = 0;
        qint64 endUs = -1;
        qint16 node = kNoNode;
        qint16 endNode = kNoNode;
    };
    std::vector<Gap> gaps; // a monitor's: it could not see
    std::vector<quint32> ownedKeys(std::size_t(clientCount), 0);
    QHash<quint64, int> copiesHeld; // Redlock: (owner, key) -> the nodes it holds the key on
    auto ownerChange = [&](qint16 owner, int delta, quint32 key, qint64 t) {
        if (owner < 0 || owner >= clientCount)
            return;
        if (redlock) { // a key held on several nodes is one lock
            int &copies = copiesHeld[(quint64(quint16(owner)) << 32) | key];
            const bool held = copies > 0;
            copies = qMax(0, copies + delta);
            if (held == (copies > 0))
                return;
        }
        quint32 &n = ownedKeys[std::size_t(owner)];
        n = quint32(qMax<qint64>(0, qint64(n) + delta));
        auto &phases = m_clientLanes[std::size_t(owner)].phases;
        const bool open = !phases.empty() && phases.back().endUs < 0;
        if (open && phases.back().keys == n)
            return;
        closeOpen(phases, t);
        if (n > 0) {
            PhaseSpan span{t, -1, ClientState::Phase::Holding, key};
            span.keys = n;
            phases.push_back(span);
        }
    };

    for (std::size_t i = 0; i < events.size(); ++i) {
        const Event &e = events[i];
        const auto index = quint32(i);
        const qint64 t = e.timeUs;
        qint16 ownerBefore = kNoClient;
        if (monitor && (e.kind == EventKind::KeyWritten || e.kind == EventKind::KeyDeleted ||
                        e.kind == EventKind::KeyExpired)) {
            const KeyState *k = state.key(e.key, e.node);
            ownerBefore = k && k->exists ? k->owner : kNoClient;
        }
        state.apply(e, log.strings());
        if (monitor && (e.kind == EventKind::KeyWritten || e.kind == EventKind::KeyDeleted ||
                        e.kind == EventKind::KeyExpired)) {
            const KeyState *k = state.key(e.key, e.node);
            const qint16 ownerAfter = k && k->exists ? k->owner : kNoClient;
            if (ownerAfter != ownerBefore) {
                ownerChange(ownerBefore, -1, e.key, t);
                ownerChange(ownerAfter, +1, e.key, t);
            }
        }

        if (isNotable(e.kind))
            m_notable.push_back(index);

        // Client lanes: phase, critical section and pause spans, from the state after the event.
        if (e.client >= 0 && e.client < clientCount) {
            ClientLane &lane = m_clientLanes[std::size_t(e.client)];
            Track &tr = tracks[std::size_t(e.client)];
            const ClientState &cs = state.clients()[std::size_t(e.client)];
            if (monitor) {
                // The phases come from the keys' owners (above).
            } else if (cs.phase != tr.phase || (hasPhaseSpan(cs.phase) && cs.key != tr.key)) {
                closeOpen(lane.phases, t);
                if (hasPhaseSpan(cs.phase))
                    lane.phases.push_back(PhaseSpan{t, -1, cs.phase, cs.key});
                tr.phase = cs.phase;
                tr.key = cs.key;
            }
            if (cs.inCritical != tr.critical) {
                if (cs.inCritical)
                    openSpan(lane.critical, t);
                else
                    closeOpen(lane.critical, t);
                tr.critical = cs.inCritical;
            }
            if (cs.paused != tr.paused) {
                if (cs.paused)
                    openSpan(lane.paused, t);
                else
                    closeOpen(lane.paused, t);
                tr.paused = cs.paused;
            }
            auto mark = [&](MarkerKind kind) { lane.markers.push_back(Marker{t, index, kind}); };
            switch (e.kind) {
            case EventKind::CommandSent:
                if (e.node != kResourceNode) {
                    lane.commands.push_back(index);
                    lane.commandTimes.push_back(t);
                }
                break;
            case EventKind::Acquired:
                mark(MarkerKind::Acquired);
                break;
            case EventKind::Released:
                mark(e.value == 1 ? MarkerKind::Released : MarkerKind::ReleaseNotHeld);
                break;
            case EventKind::AcquireGaveUp:
                mark(MarkerKind::GaveUp);
                break;
            case EventKind::ClientCrashed:
                mark(MarkerKind::Crashed);
                if (lane.crashedAtUs < 0)
                    lane.crashedAtUs = t;
                break;
            case EventKind::ResourceWrite:
                mark(MarkerKind::ResourceWrite);
                break;
            case EventKind::StaleRejected:
                mark(MarkerKind::StaleRejected);
                break;
            case EventKind::ReplyMissing:
                mark(MarkerKind::ReplyMissing);
                break;
            default:
                break;
            }
        }

        // Violation bands: two or more clients inside the same key's critical section.
        if (e.kind == EventKind::CriticalEnter && e.client >= 0) {
            auto &v = inside[e.key];
            if (std::find(v.begin(), v.end(), e.client) == v.end()) {
                v.push_back(e.client);
                if (v.size() >= 2)
                    bandChange(e.key, t, v);
            }
        } else if (e.kind == EventKind::CriticalExit && e.client >= 0) {
            leaveCritical(e.client, e.key, t);
        } else if (e.kind == EventKind::ClientCrashed && e.client >= 0) {
            const QList<quint32> keys = inside.keys();
            for (quint32 key : keys)
                leaveCritical(e.client, key, t);
        }

        // Key lanes.
        switch (e.kind) {
        case EventKind::KeyWritten:
        case EventKind::KeyTtlChanged:
        case EventKind::KeyDeleted:
        case EventKind::KeyExpired: {
            if (redlock && !quorumLaneOf.contains(e.key)) { // above the key's node lanes
                KeyLane lane;
                lane.key = e.key;
                lane.node = kNoNode;
                lane.quorum = true;
                lane.keyName = text(e.key);
                lane.nodeName = QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                                            "majority (%1 of %2 nodes)")
                                    .arg(majority)
                                    .arg(quorumNodes);
                m_keyLanes.push_back(std::move(lane));
                quorumLaneOf.insert(e.key, int(m_keyLanes.size()) - 1);
            }
            const int li = addKeyLane(e.key, e.node);
            lastLaneOfKey.insert(e.key, li);
            refreshKeyLane(li, t, index);
            if (redlock)
                refreshQuorumLane(e.key, t, index);
            auto &markers = m_keyLanes[std::size_t(li)].markers;
            if (e.kind == EventKind::KeyTtlChanged)
                markers.push_back(Marker{t, index, MarkerKind::Renewed});
            else if (e.kind == EventKind::KeyExpired)
                markers.push_back(Marker{t, index, MarkerKind::Expired});
            else if (e.kind == EventKind::KeyDeleted)
                // A monitor's deletes name no client (it sees the key go, not who sent DEL):
                // a release, not data lost with a node, unless it says so (a restart, a
                // failover).
                markers.push_back(Marker{t, index,
                                         e.client < 0 && monitor && e.value != kLostWithRestart &&
                                                 e.value != kLostWithFailover
                                             ? MarkerKind::Deleted
                                         : e.client < 0 ? MarkerKind::DataLost
                                         : (e.owner >= 0 && e.owner != e.client)
                                             ? MarkerKind::MistakenDeletion
                                             : MarkerKind::Deleted});
            break;
        }
        case EventKind::NodeCrashed:
        case EventKind::NodeRestarted:
        case EventKind::NodeFailover:
        case EventKind::NodeClockJump: {
            if (e.node < 0)
                break;
            if (nodeDownSince.size() <= std::size_t(e.node))
                nodeDownSince.resize(std::size_t(e.node) + 1);
            const MarkerKind kind = e.kind == EventKind::NodeCrashed     ? MarkerKind::NodeDown
                                    : e.kind == EventKind::NodeRestarted ? MarkerKind::NodeUp
                                    : e.kind == EventKind::NodeFailover  ? MarkerKind::Failover
                                                                         : MarkerKind::ClockJump;
            for (std::size_t li = 0; li < m_keyLanes.size(); ++li) {
                KeyLane &lane = m_keyLanes[li];
                if (lane.node != e.node)
                    continue;
                lane.markers.push_back(Marker{t, index, kind});
                if (e.kind == EventKind::NodeCrashed)
                    openSpan(lane.nodeDown, t);
                else if (e.kind != EventKind::NodeClockJump)
                    closeOpen(lane.nodeDown, t);
                else
                    refreshKeyLane(int(li), t, index);
            }
            break;
        }
        case EventKind::Caption:
            m_captions.push_back(index);
            break;
        case EventKind::Note: {
            // The monitor's lease rhythm notes a late renewal on the renewal's key, as it
            // happens (lease_rhythm.h): marked on the lane of that key's last change.
            if (!monitor || !e.key || !log.strings().at(e.text).startsWith("anomaly late-renewal:"))
                break;
            const int li = lastLaneOfKey.value(e.key, -1);
            if (li >= 0)
                m_keyLanes[std::size_t(li)].markers.push_back(
                    Marker{t, index, MarkerKind::LateRenewal});
            break;
        }
        case EventKind::GapStarted:
            if (gaps.empty() || gaps.back().endUs >= 0)
                gaps.push_back(Gap{t, -1, e.node, e.node});
            break;
        case EventKind::GapEnded:
            if (!gaps.empty() && gaps.back().endUs < 0) {
                gaps.back().endUs = t;
                gaps.back().endNode = e.node; // a failover ends it on the new master
            }
            break;
        default:
            break;
        }
    }
    // A monitor's gaps cover the lanes of the node it lost and of the one it came back to,
    // also lanes that appeared after the gap began.
    for (const Gap &g : gaps) {
        for (auto &lane : m_keyLanes) {
            if (lane.node == g.node || lane.node == g.endNode)
                lane.unseen.push_back(TimeSpan{g.startUs, g.endUs < 0 ? m_endUs : g.endUs});
        }
    }

    // Close what is still open at the end of the run.
    auto collectAlerts = [](const std::vector<Marker> &markers, std::vector<Marker> &alerts) {
        for (const Marker &m : markers) {
            if (isAlert(m.kind))
                alerts.push_back(m);
        }
    };
    for (auto &lane : m_clientLanes) {
        closeOpen(lane.phases, m_endUs);
        closeOpen(lane.critical, m_endUs);
        closeOpen(lane.paused, m_endUs);
        collectAlerts(lane.markers, lane.alerts);
    }
    for (auto &lane : m_keyLanes) {
        closeOpen(lane.spans, m_endUs);
        closeOpen(lane.nodeDown, m_endUs);
        std::stable_sort(lane.markers.begin(), lane.markers.end(),
                         [](const Marker &a, const Marker &b) { return a.timeUs < b.timeUs; });
        collectAlerts(lane.markers, lane.alerts);
    }
    for (auto &band : m_violations) {
        if (band.endUs < 0)
            band.endUs = m_endUs;
    }
    // Keys first by name, then by node, as the key table shows them.
    std::stable_sort(m_keyLanes.begin(), m_keyLanes.end(), [](const KeyLane &a, const KeyLane &b) {
        if (a.keyName != b.keyName)
            return a.keyName < b.keyName;
        return a.node < b.node;
    });

    LaneFacts &facts = m_laneFacts;
    for (const ClientLane &lane : m_clientLanes) {
        for (const Marker &m : lane.markers)
            facts.markers[std::size_t(m.kind)] = true;
        facts.commands = facts.commands || !lane.commands.empty();
    }
    facts.keyLaneMaxTtlMs.reserve(m_keyLanes.size());
    for (const KeyLane &lane : m_keyLanes) {
        for (const Marker &m : lane.markers)
            facts.markers[std::size_t(m.kind)] = true;
        facts.nodeDown = facts.nodeDown || !lane.nodeDown.empty();
        facts.unseen = facts.unseen || !lane.unseen.empty();
        qint64 laneMax = 1;
        for (const KeySpan &span : lane.spans)
            laneMax = qMax(laneMax, span.ttlMs);
        facts.keyLaneMaxTtlMs.push_back(laneMax);
        facts.maxSpanTtlMs = qMax(facts.maxSpanTtlMs, laneMax);
    }
}

QString RunData::clientName(qint16 client) const
{
    if (client < 0)
        return {};
    return QString::fromUtf8(m_log->clientName(client));
}

QString RunData::nodeName(qint16 node) const
{
    return QString::fromUtf8(m_log->nodeName(node));
}

QString RunData::text(quint32 id) const
{
    return id < m_log->strings().size() ? QString::fromUtf8(m_log->strings().at(id)) : QString();
}

QString RunData::captionText(quint32 eventIndex, const QString &language) const
{
    const Event &e = event(eventIndex);
    if (language != QLatin1String("en") && e.value >= 0 &&
        e.value < qint64(m_scenario.captions.size())) {
        const Caption &c = m_scenario.captions[qsizetype(e.value)];
        const QString tr = c.text.value(language);
        if (!tr.isEmpty())
            return tr;
    }
    return text(e.text);
}

namespace {
const Event *eventsBegin(const EventLog &log)
{
    return log.events().data();
}
} // namespace

std::size_t RunData::eventCountAt(qint64 timeUs) const
{
    const auto &events = m_log->events();
    return std::size_t(std::upper_bound(events.begin(), events.end(), timeUs,
                                        [](qint64 t, const Event &e) { return t < e.timeUs; }) -
                       events.begin());
}

qint64 RunData::nextNotableEvent(qint64 timeUs) const
{
    const Event *base = eventsBegin(*m_log);
    const auto it =
        std::upper_bound(m_notable.begin(), m_notable.end(), timeUs,
                         [base](qint64 t, quint32 index) { return t < base[index].timeUs; });
    return it == m_notable.end() ? -1 : qint64(*it);
}

qint64 RunData::previousNotableEvent(qint64 timeUs) const
{
    const Event *base = eventsBegin(*m_log);
    const auto it =
        std::lower_bound(m_notable.begin(), m_notable.end(), timeUs,
                         [base](quint32 index, qint64 t) { return base[index].timeUs < t; });
    return it == m_notable.begin() ? -1 : qint64(*(it - 1));
}

qint64 RunData::nextNotableEventAfter(quint32 event) const
{
    const auto it = std::upper_bound(m_notable.begin(), m_notable.end(), event);
    return it == m_notable.end() ? -1 : qint64(*it);
}

qint64 RunData::previousNotableEventBefore(quint32 event) const
{
    const auto it = std::lower_bound(m_notable.begin(), m_notable.end(), event);
    return it == m_notable.begin() ? -1 : qint64(*(it - 1));
}

qint64 RunData::nextEvent(qint64 timeUs) const
{
    const std::size_t n = eventCountAt(timeUs);
    return n < m_log->events().size() ? qint64(n) : -1;
}

qint64 RunData::previousEvent(qint64 timeUs) const
{
    const auto &events = m_log->events();
    const auto it = std::lower_bound(events.begin(), events.end(), timeUs,
                                     [](const Event &e, qint64 t) { return e.timeUs < t; });
    return it == events.begin() ? -1 : qint64(it - events.begin()) - 1;
}

void StateCursor::reset(const RunData *run)
{
    m_run = run;
    m_state = RunState(run ? int(run->clientLanes().size()) : 0);
    m_next = 0;
    m_timeUs = 0;
}

std::size_t StateCursor::seek(qint64 timeUs)
{
    if (!m_run)
        return 0;
    const auto &events = m_run->log().events();
    const std::size_t target = m_run->eventCountAt(timeUs);
    std::size_t changed = 0;
    if (target >= m_next) {
        changed = target - m_next;
        for (; m_next < target; ++m_next)
            m_state.apply(events[m_next], m_run->log().strings());
    } else {
        changed = m_next - target;
        m_state = m_run->index().stateAfter(target);
        m_next = target;
    }
    m_timeUs = timeUs;
    return changed;
}

} // namespace lockscope::ui
