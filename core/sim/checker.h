// The checker derives safety and liveness findings from the event stream alone
// (docs/lock-catalogue.md, "What the checker reports"). It works on a simulation as it runs, on a
// saved log, and on a monitor recording alike, because all three are the same kind of event log.
#pragma once

#include "events/event_log.h"
#include "figure.h"
#include "latency_sketch.h"

#include <QJsonObject>

#include <unordered_map>
#include <vector>

namespace lockscope {

// The smallest witness of one problem, for a sentence and a "jump there" link.
struct Finding {
    enum class Kind : quint8 { Violation, MistakenDeletion, StuckLock, LostUpdate, Starvation };
    Kind kind;
    qint64 timeUs = 0;
    quint32 key = 0;
    qint16 client = kNoClient; // the one who entered / deleted / starved
    qint16 other = kNoClient;  // the one already inside / whose lock was deleted
    qint16 node = kNoNode;
    qint64 value = 0; // overlap in us, lost increments, ...
};
const char *findingKindId(Finding::Kind kind);

struct CheckReport {
    // Safety.
    qint64 violations = 0; // entries into a critical section someone else was inside
    qint64 overlapUs = 0;  // total time with two or more clients inside, summed over keys
    qint64 mistakenDeletions = 0;
    qint64 stuckLocks = 0;
    qint64 counterExpected = 0; // accepted increments
    qint64 counterActual = 0;   // the counters' final values
    qint64 lostUpdates = 0;
    qint64 staleWritesRejected = 0;
    // Liveness and cost.
    qint64 acquisitions = 0;
    qint64 failedAttempts = 0;
    qint64 gaveUp = 0;
    qint64 starvedClients = 0;
    qint64 commands = 0; // commands sent to lock nodes (the resource's are not counted)
    qint64 resourceCommands = 0;
    // Acquire latency (nearest-rank percentiles): none without an acquisition.
    Figure latencyP50Ms, latencyP99Ms, latencyMaxMs;
    // Jain's index over per-client acquisitions: none when nobody acquired (an index of 1,
    // "perfectly fair", would hide that everyone starved).
    Figure fairness;
    // Every acquire latency, mergeable across runs; filled only when the Checker was asked to
    // (comparisons pool it per row), empty otherwise.
    LatencySketch latency;
    qint64 endUs = 0;
    std::vector<Finding> findings; // every violation, deletion, stuck lock... in time order

    Figure commandsPerAcquisition() const
    {
        return acquisitions ? Figure(double(commands) / double(acquisitions)) : std::nullopt;
    }
    bool safe() const { return violations == 0 && mistakenDeletions == 0 && lostUpdates == 0; }
    // The CLI's field names (violations, overlap_ms, ...); figures with no data are null.
    QJsonObject toJson() const;
};

class Checker final : public EventSink {
public:
    explicit Checker(int clientCount = 0);
    // Also count every acquire latency into the report's LatencySketch.
    void setSketchLatencies(bool on) { m_sketch = on; }
    // Most events are commands, failed attempts and writes, which only count: counted here,
    // inline, rather than after the big switch's prologue. Inline also because the simulator,
    // when the checker is its only listener, calls it directly (the class is final): then the
    // counting cases cost a few instructions, and the unread fields of those events are not
    // even filled in.
    void consume(const Event &event) override
    {
        switch (event.kind) {
        case EventKind::CommandSent:
            if (event.node >= 0)
                ++m_r.commands;
            else if (event.node == kResourceNode)
                ++m_r.resourceCommands;
            return;
        case EventKind::AcquireAttempt:
            ++m_r.failedAttempts;
            return;
        case EventKind::ResourceWrite:
            ++m_r.counterExpected;
            return;
        // Two of the six events of every acquisition that mostly only look: inline too.
        case EventKind::AcquireStarted:
            if (event.client >= 0 && std::size_t(event.client) < m_clients.size()) {
                m_clients[std::size_t(event.client)].startedAcquiring = true;
                return;
            }
            break; // a client not seen before (or none): consumeOther()
        case EventKind::KeyDeleted:
            // A client removed a value another client had written: the classic mistaken
            // deletion, which consumeOther() reports. Deletions with no client are a node
            // losing data (a restart or a failover), and a client's own are its release.
            if (!(event.client >= 0 && event.owner >= 0 && event.owner != event.client))
                return;
            break;
        default:
            break;
        }
        consumeOther(event);
    }
    quint64 kindsConsumed() const override;
    // Closes open intervals at `endUs` and computes the percentiles; call once, at the end.
    CheckReport finish(qint64 endUs);

private:
    // Every kind but CommandSent, and of the KeyDeleted events only the mistaken deletions.
    void consumeOther(const Event &event);
    struct Inside {
        std::vector<qint16> clients;
        qint64 overlapSinceUs = -1;
    };
    struct ClientState {
        bool startedAcquiring = false;
        bool crashed = false;
        qint64 acquisitions = 0;
        // (key, acquisitions not yet released): a client holds a key or two, so a flat list.
        std::vector<std::pair<quint32, int>> holding;
        int &held(quint32 key);
    };
    ClientState &client(qint16 c);
    void leave(qint16 c, quint32 key, qint64 t);
    void leaveAll(qint16 c, qint64 t);

    CheckReport m_r;
    std::unordered_map<quint32, Inside> m_inside;
    std::vector<ClientState> m_clients;
    // A client's event that names no client (possible in a log read from a file) counts here,
    // for nobody, instead of in a slot before the start of m_clients.
    ClientState m_nobody;
    std::vector<qint64> m_latenciesUs;
    std::vector<Event> m_finalKeys;
    bool m_sketch = false;
};

// Feeds a whole log through a Checker.
CheckReport checkLog(const EventLog &log);

} // namespace lockscope
