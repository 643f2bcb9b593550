#include "run_state.h"

#include <algorithm>

namespace lockscope {

const char *clientPhaseId(ClientState::Phase phase)
{
    switch (phase) {
    case ClientState::Phase::NotStarted: return "not_started";
    case ClientState::Phase::Idle: return "idle";
    case ClientState::Phase::Waiting: return "waiting";
    case ClientState::Phase::Holding: return "holding";
    case ClientState::Phase::Releasing: return "releasing";
    case ClientState::Phase::Crashed: return "crashed";
    }
    return "";
}

namespace {
// The hold count of a reentrant hash value "A:1=2" (one field: "<client>:<thread>=<count>").
qint64 holdCountOf(const QByteArray &value)
{
    const auto eq = value.lastIndexOf('=');
    if (eq < 0 || value.contains(' '))
        return 0;
    bool ok = false;
    const qint64 n = value.mid(eq + 1).toLongLong(&ok);
    return ok ? n : 0;
}
} // namespace

std::size_t RunState::indexSlot(quint32 key, qint16 node) const
{
    // A 64-bit multiplicative hash of the packed pair; linear probing from there.
    const quint64 packed = (quint64(key) << 16) | quint16(node);
    const std::size_t mask = m_keyIndex.size() - 1;
    std::size_t slot = std::size_t((packed * 0x9E3779B97F4A7C15ull) >> 32) & mask;
    while (const quint32 at = m_keyIndex[slot]) {
        const KeyState &k = m_keys[at - 1];
        if (k.key == key && k.node == node)
            break;
        slot = (slot + 1) & mask;
    }
    return slot;
}

void RunState::growIndex()
{
    m_keyIndex.assign(qMax<std::size_t>(64, m_keyIndex.size() * 2), 0);
    for (std::size_t i = 0; i < m_keys.size(); ++i)
        m_keyIndex[indexSlot(m_keys[i].key, m_keys[i].node)] = quint32(i + 1);
}

KeyState &RunState::keyState(quint32 key, qint16 node)
{
    if ((m_keys.size() + 1) * 2 > m_keyIndex.size())
        growIndex();
    const std::size_t slot = indexSlot(key, node);
    if (m_keyIndex[slot])
        return m_keys[m_keyIndex[slot] - 1];
    KeyState k;
    k.key = key;
    k.node = node;
    m_keys.push_back(k);
    m_keyIndex[slot] = quint32(m_keys.size());
    return m_keys.back();
}

const KeyState *RunState::key(quint32 key, qint16 node) const
{
    if (m_keyIndex.empty())
        return nullptr;
    const quint32 at = m_keyIndex[indexSlot(key, node)];
    return at ? &m_keys[at - 1] : nullptr;
}

ClientState &RunState::client(qint16 c)
{
    if (c < 0)
        return m_nobody = ClientState{};
    if (std::size_t(c) >= m_clients.size())
        m_clients.resize(std::size_t(c) + 1);
    return m_clients[std::size_t(c)];
}

void RunState::apply(const Event &e, const StringPool &strings)
{
    m_timeUs = e.timeUs;
    auto setPhase = [&](ClientState::Phase p) {
        auto &c = client(e.client);
        if (c.phase == ClientState::Phase::Crashed)
            return;
        c.phase = p;
        c.key = e.key ? e.key : c.key;
        c.sinceUs = e.timeUs;
    };
    switch (e.kind) {
    case EventKind::ClientStarted: setPhase(ClientState::Phase::Idle); break;
    case EventKind::AcquireStarted:
        // A nested acquire keeps the client a holder.
        if (e.value <= 1)
            setPhase(ClientState::Phase::Waiting);
        break;
    case EventKind::Acquired: {
        auto &c = client(e.client);
        ++c.acquisitions;
        if (c.phase != ClientState::Phase::Holding)
            setPhase(ClientState::Phase::Holding);
        break;
    }
    case EventKind::AcquireGaveUp: setPhase(ClientState::Phase::Idle); break;
    case EventKind::CriticalEnter: client(e.client).inCritical = true; break;
    case EventKind::CriticalExit: client(e.client).inCritical = false; break;
    case EventKind::ReleaseStarted:
        if (e.value <= 1)
            setPhase(ClientState::Phase::Releasing);
        break;
    case EventKind::Released:
        if (client(e.client).phase == ClientState::Phase::Releasing)
            setPhase(ClientState::Phase::Idle);
        break;
    case EventKind::ClientPaused: client(e.client).paused = true; break;
    case EventKind::ClientResumed: client(e.client).paused = false; break;
    case EventKind::ClientCrashed: {
        auto &c = client(e.client);
        c.phase = ClientState::Phase::Crashed;
        c.inCritical = false;
        c.paused = false;
        c.sinceUs = e.timeUs;
        break;
    }
    case EventKind::Note:
        // The token comes back with the acquire script's reply, after the key was written.
        if (strings.at(e.text).startsWith("fencing token")) {
            client(e.client).fencingToken = e.value;
            for (auto &k : m_keys) {
                if (k.exists && k.owner == e.client)
                    k.fencingToken = e.value;
            }
        }
        break;
    case EventKind::KeyWritten: {
        auto &k = keyState(e.key, e.node);
        k.exists = true;
        k.owner = e.owner;
        k.value = e.text;
        k.ttlMs = e.value;
        k.updatedUs = e.timeUs;
        k.holdCount = holdCountOf(strings.at(e.text));
        k.fencingToken = e.owner >= 0 ? client(e.owner).fencingToken : 0;
        break;
    }
    case EventKind::KeyTtlChanged: {
        auto &k = keyState(e.key, e.node);
        k.ttlMs = e.value;
        k.updatedUs = e.timeUs;
        break;
    }
    case EventKind::KeyDeleted:
    case EventKind::KeyExpired: {
        auto &k = keyState(e.key, e.node);
        k.exists = false;
        k.owner = kNoClient;
        k.value = 0;
        k.ttlMs = -1;
        k.holdCount = 0;
        k.fencingToken = 0;
        k.updatedUs = e.timeUs;
        break;
    }
    case EventKind::NodeClockJump:
        // Keys on that node now expire earlier (or later) by the jump, in true time.
        for (auto &k : m_keys) {
            if (k.node == e.node && k.exists && k.ttlMs >= 0) {
                k.ttlMs = qMax<qint64>(0, k.ttlAt(e.timeUs) - e.value);
                k.updatedUs = e.timeUs;
            }
        }
        break;
    default:
        break;
    }
}

StateIndex::StateIndex(const EventLog &log, int stride) : m_log(log), m_stride(qMax(stride, 1))
{
    RunState state(int(log.info().clients.size()));
    const auto &events = log.events();
    m_checkpoints.push_back(state);
    for (std::size_t i = 0; i < events.size(); ++i) {
        state.apply(events[i], log.strings());
        if ((i + 1) % std::size_t(m_stride) == 0)
            m_checkpoints.push_back(state);
    }
}

RunState StateIndex::stateAfter(std::size_t count) const
{
    const auto &events = m_log.events();
    count = std::min(count, events.size());
    const std::size_t cp = std::min(count / std::size_t(m_stride), m_checkpoints.size() - 1);
    RunState state = m_checkpoints[cp];
    for (std::size_t i = cp * std::size_t(m_stride); i < count; ++i)
        state.apply(events[i], m_log.strings());
    return state;
}

RunState StateIndex::stateAt(qint64 timeUs) const
{
    const auto &events = m_log.events();
    const auto it = std::upper_bound(events.begin(), events.end(), timeUs,
                                     [](qint64 t, const Event &e) { return t < e.timeUs; });
    RunState state = stateAfter(std::size_t(it - events.begin()));
    return state;
}

} // namespace lockscope
