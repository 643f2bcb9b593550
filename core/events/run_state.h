// The state of a run at any instant, derived from its event log: who owns which key on which
// node, with what TTL, and what each client is doing. The window's key table and timeline show
// this; scrubbing to an instant is a lookup in a StateIndex (checkpoints plus a short replay),
// so a deterministic run can be re-derived at any time without re-simulating it.
#pragma once

#include "event_log.h"

#include <vector>

namespace lockscope {

struct KeyState {
    quint32 key = 0;
    qint16 node = kNoNode;
    bool exists = false;
    qint16 owner = kNoClient; // whose value the key holds
    quint32 value = 0;        // interned value text (token, "field=count", expiry timestamp)
    qint64 ttlMs = -1;        // as of updatedUs; -1: no TTL
    qint64 updatedUs = 0;
    qint64 holdCount = 0;     // reentrant hash: the count in its field
    qint64 fencingToken = 0;  // the owner's fencing token, when the strategy has one

    // Remaining TTL at `timeUs`, or -1 without a TTL.
    qint64 ttlAt(qint64 timeUs) const
    {
        if (ttlMs < 0)
            return -1;
        return qMax<qint64>(0, ttlMs - (timeUs - updatedUs) / 1000);
    }
};

struct ClientState {
    enum class Phase : quint8 { NotStarted, Idle, Waiting, Holding, Releasing, Crashed };
    Phase phase = Phase::NotStarted;
    bool paused = false;
    bool inCritical = false;
    quint32 key = 0;       // the key it waits for, holds or releases
    qint64 sinceUs = 0;    // when the phase began
    qint64 acquisitions = 0;
    qint64 fencingToken = 0;
};
const char *clientPhaseId(ClientState::Phase phase);

class RunState {
public:
    explicit RunState(int clientCount = 0) : m_clients(std::size_t(qMax(clientCount, 0))) {}

    void apply(const Event &event, const StringPool &strings);

    qint64 timeUs() const { return m_timeUs; }
    const std::vector<KeyState> &keys() const { return m_keys; } // every (key, node) ever seen
    const std::vector<ClientState> &clients() const { return m_clients; }
    const KeyState *key(quint32 key, qint16 node) const;

private:
    KeyState &keyState(quint32 key, qint16 node);
    ClientState &client(qint16 c);

    // The slot of (key, node) in m_keyIndex: where it is, or the empty slot where it belongs.
    std::size_t indexSlot(quint32 key, qint16 node) const;
    void growIndex();

    qint64 m_timeUs = 0;
    std::vector<KeyState> m_keys;
    // Open-addressing hash index over m_keys (position + 1; 0: empty), power-of-two sized and at
    // most half full. A monitor history holds hundreds of thousands of keys, and a linear search
    // per event made deriving it quadratic. Flat, so copying a checkpoint stays one memcpy.
    std::vector<quint32> m_keyIndex;
    std::vector<ClientState> m_clients;
    // A client's event that names no client (possible in a log read from a file) lands here.
    ClientState m_nobody;
};

// Answers "what was the state at time t" for a whole log: a checkpoint every `stride` events,
// then a replay of at most `stride` events.
class StateIndex {
public:
    explicit StateIndex(const EventLog &log, int stride = 4096);
    // The state after every event with time <= timeUs.
    RunState stateAt(qint64 timeUs) const;
    // The same, after exactly the first `count` events (for stepping event by event).
    RunState stateAfter(std::size_t count) const;

private:
    const EventLog &m_log;
    int m_stride;
    std::vector<RunState> m_checkpoints; // [i]: state after i * stride events
};

} // namespace lockscope
