#include "checker.h"

#include "util/nearest_rank.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace lockscope {

const char *findingKindId(Finding::Kind kind)
{
    switch (kind) {
    case Finding::Kind::Violation:
        return "violation";
    case Finding::Kind::MistakenDeletion:
        return "mistaken_deletion";
    case Finding::Kind::StuckLock:
        return "stuck_lock";
    case Finding::Kind::LostUpdate:
        return "lost_update";
    case Finding::Kind::Starvation:
        return "starvation";
    }
    return "";
}

Checker::Checker(int clientCount)
{
    m_clients.resize(std::size_t(qMax(clientCount, 0)));
}

// Inline here, its only file: the events of an acquisition ask for their client a few times.
inline Checker::ClientState &Checker::client(qint16 c)
{
    if (c < 0)
        return m_nobody = ClientState{};
    if (std::size_t(c) >= m_clients.size())
        m_clients.resize(std::size_t(c) + 1);
    return m_clients[std::size_t(c)];
}

int &Checker::ClientState::held(quint32 key)
{
    for (auto &[k, n] : holding) {
        if (k == key)
            return n;
    }
    holding.emplace_back(key, 0);
    return holding.back().second;
}

void Checker::leave(qint16 c, quint32 key, qint64 t)
{
    auto it = m_inside.find(key);
    if (it == m_inside.end())
        return;
    auto &in = it->second;
    const auto pos = std::find(in.clients.begin(), in.clients.end(), c);
    if (pos == in.clients.end())
        return;
    in.clients.erase(pos);
    if (in.clients.size() < 2 && in.overlapSinceUs >= 0) {
        m_r.overlapUs += t - in.overlapSinceUs;
        in.overlapSinceUs = -1;
    }
}

void Checker::leaveAll(qint16 c, qint64 t)
{
    // Keys are visited in a fixed order (sorted ids) so overlap sums are deterministic.
    std::vector<quint32> keys;
    for (const auto &[key, in] : m_inside) {
        if (std::find(in.clients.begin(), in.clients.end(), c) != in.clients.end())
            keys.push_back(key);
    }
    std::sort(keys.begin(), keys.end());
    for (auto key : keys)
        leave(c, key, t);
}

quint64 Checker::kindsConsumed() const
{
    // Exactly the cases of consume()'s switch below.
    quint64 kinds = 0;
    for (EventKind kind :
         {EventKind::CommandSent, EventKind::AcquireStarted, EventKind::AcquireAttempt,
          EventKind::AcquireGaveUp, EventKind::Acquired, EventKind::Released,
          EventKind::CriticalEnter, EventKind::CriticalExit, EventKind::ClientCrashed,
          EventKind::ResourceWrite, EventKind::StaleRejected, EventKind::KeyDeleted,
          EventKind::KeyFinal, EventKind::CounterFinal})
        kinds |= eventKindBit(kind);
    return kinds;
}

void Checker::consumeOther(const Event &e)
{
    // A new case here (or in consume()) belongs in kindsConsumed() too.
    switch (e.kind) {
    case EventKind::CommandSent:
    case EventKind::AcquireAttempt:
    case EventKind::ResourceWrite:
        break; // consume()
    case EventKind::AcquireStarted:
        client(e.client).startedAcquiring = true;
        break;
    case EventKind::AcquireGaveUp:
        ++m_r.gaveUp;
        break;
    case EventKind::Acquired:
        ++m_r.acquisitions;
        ++client(e.client).acquisitions;
        ++client(e.client).held(e.key);
        m_latenciesUs.push_back(e.value);
        if (m_sketch)
            m_r.latency.add(e.value);
        break;
    case EventKind::Released: {
        // Forget keys no longer held, so the list stays as short as what a client holds.
        auto &holding = client(e.client).holding;
        for (auto it = holding.begin(); it != holding.end(); ++it) {
            if (it->first == e.key) {
                if (--it->second <= 0)
                    holding.erase(it);
                break;
            }
        }
        break;
    }
    case EventKind::CriticalEnter: {
        auto &in = m_inside[e.key];
        if (std::find(in.clients.begin(), in.clients.end(), e.client) != in.clients.end())
            break; // the same client again (nested): not a second holder
        if (!in.clients.empty()) {
            ++m_r.violations;
            m_r.findings.push_back({Finding::Kind::Violation, e.timeUs, e.key, e.client,
                                    in.clients.front(), kNoNode, 0});
            if (in.overlapSinceUs < 0)
                in.overlapSinceUs = e.timeUs;
        }
        in.clients.push_back(e.client);
        break;
    }
    case EventKind::CriticalExit:
        leave(e.client, e.key, e.timeUs);
        break;
    case EventKind::ClientCrashed:
        client(e.client).crashed = true;
        leaveAll(e.client, e.timeUs);
        break;
    case EventKind::StaleRejected:
        ++m_r.staleWritesRejected;
        break;
    case EventKind::KeyDeleted: // a mistaken deletion: consume() let no other through
        ++m_r.mistakenDeletions;
        m_r.findings.push_back(
            {Finding::Kind::MistakenDeletion, e.timeUs, e.key, e.client, e.owner, e.node, 0});
        break;
    case EventKind::KeyFinal:
        m_finalKeys.push_back(e);
        break;
    case EventKind::CounterFinal:
        m_r.counterActual += e.value;
        break;
    default:
        break;
    }
}

CheckReport Checker::finish(qint64 endUs)
{
    m_r.endUs = endUs;
    // Close overlaps still open at the end, in key order for determinism.
    std::vector<quint32> keys;
    for (const auto &[key, in] : m_inside)
        keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    for (auto key : keys) {
        auto &in = m_inside[key];
        if (in.overlapSinceUs >= 0) {
            m_r.overlapUs += endUs - in.overlapSinceUs;
            in.overlapSinceUs = -1;
        }
    }

    // A lock key with no TTL whose owner is gone (crashed, or no longer holding it: gave up
    // after a lost reply) will never go away by itself.
    for (const auto &k : m_finalKeys) {
        if (k.value >= 0 || k.owner < 0)
            continue;
        auto &owner = client(k.owner);
        if (owner.crashed || owner.held(k.key) == 0) {
            ++m_r.stuckLocks;
            m_r.findings.push_back(
                {Finding::Kind::StuckLock, k.timeUs, k.key, k.owner, kNoClient, k.node, 0});
        }
    }

    m_r.lostUpdates = qMax<qint64>(0, m_r.counterExpected - m_r.counterActual);
    if (m_r.lostUpdates > 0)
        m_r.findings.push_back(
            {Finding::Kind::LostUpdate, endUs, 0, kNoClient, kNoClient, kNoNode, m_r.lostUpdates});

    // Liveness: who tried and never got in, and how evenly acquisitions were spread.
    double sum = 0, sumSq = 0;
    int n = 0;
    for (std::size_t c = 0; c < m_clients.size(); ++c) {
        const auto &s = m_clients[c];
        if (!s.startedAcquiring)
            continue;
        if (s.acquisitions == 0 && !s.crashed) {
            ++m_r.starvedClients;
            m_r.findings.push_back(
                {Finding::Kind::Starvation, endUs, 0, qint16(c), kNoClient, kNoNode, 0});
        }
        sum += double(s.acquisitions);
        sumSq += double(s.acquisitions) * double(s.acquisitions);
        ++n;
    }
    if (sumSq > 0)
        m_r.fairness = (sum * sum) / (n * sumSq);

    if (!m_latenciesUs.empty()) {
        auto pct = [&](double p) { return double(nearestRank(m_latenciesUs, p)) / 1000.0; };
        m_r.latencyP50Ms = pct(0.50);
        m_r.latencyP99Ms = pct(0.99);
        m_r.latencyMaxMs =
            double(*std::max_element(m_latenciesUs.begin(), m_latenciesUs.end())) / 1000.0;
    }
    std::stable_sort(m_r.findings.begin(), m_r.findings.end(),
                     [](const Finding &a, const Finding &b) { return a.timeUs < b.timeUs; });
    return m_r;
}

QJsonObject CheckReport::toJson() const
{
    return QJsonObject{
        {QStringLiteral("acquisitions"), acquisitions},
        {QStringLiteral("failed_attempts"), failedAttempts},
        {QStringLiteral("gave_up"), gaveUp},
        {QStringLiteral("violations"), violations},
        {QStringLiteral("overlap_ms"), double(overlapUs) / 1000.0},
        {QStringLiteral("mistaken_deletions"), mistakenDeletions},
        {QStringLiteral("stuck_locks"), stuckLocks},
        {QStringLiteral("counter_expected"), counterExpected},
        {QStringLiteral("counter_actual"), counterActual},
        {QStringLiteral("lost_updates"), lostUpdates},
        {QStringLiteral("stale_writes_rejected"), staleWritesRejected},
        {QStringLiteral("starved_clients"), starvedClients},
        {QStringLiteral("commands"), commands},
        {QStringLiteral("resource_commands"), resourceCommands},
        {QStringLiteral("commands_per_acquisition"), figureJson(commandsPerAcquisition())},
        {QStringLiteral("fairness"), figureJson(fairness)},
        {QStringLiteral("sim_time_ms"), double(endUs) / 1000.0},
        {QStringLiteral("acquire_latency_ms"),
         QJsonObject{{QStringLiteral("p50"), figureJson(latencyP50Ms)},
                     {QStringLiteral("p99"), figureJson(latencyP99Ms)},
                     {QStringLiteral("max"), figureJson(latencyMaxMs)}}},
    };
}

CheckReport checkLog(const EventLog &log)
{
    Checker checker(int(log.info().clients.size()));
    qint64 end = 0;
    for (const auto &e : log.events()) {
        checker.consume(e);
        end = qMax(end, e.timeUs);
    }
    return checker.finish(end);
}

} // namespace lockscope
