// The event log is the single source of truth (DESIGN.md): the checker derives violations from
// it, the window draws it, the CLI writes it as JSON Lines, and a monitor recording of a real
// Redis produces the same kind of log. Events are plain 40-byte structs whose strings are
// interned, so that millions fit in memory.
#pragma once

#include <QtGlobal>

namespace lockscope {

enum class EventKind : quint8 {
    // Commands, as the client sees them.
    CommandSent,   // text: the command; value: request id
    ReplyReceived, // text: the reply; value: request id
    ReplyMissing,  // no answer before the timeout (lost, node down, partition)
    // The lock, as the client sees it.
    AcquireStarted, // key; value: nesting depth (1 for a first acquire)
    AcquireAttempt, // one failed attempt; value: 0 busy, 1 error
    Acquired,       // key; text: token; value: latency in microseconds since AcquireStarted
    AcquireGaveUp,  // the client stopped trying (deadline or error)
    CriticalEnter,  // key; the client believes it holds the lock and starts its work
    CriticalExit,   // key
    ResourceWrite,  // key: counter; value: the value written (accepted)
    StaleRejected,  // key: counter; value: the fencing token the resource refused
    ReleaseStarted, // key
    Released,       // key; value: 1 deleted our lock, 0 it was not ours/gone, -1 error
    Renewed,        // key; value: new TTL in ms
    RenewFailed,    // key
    Note,           // text: a strategy annotation (quorum, fencing token, clock check)
    // The client process.
    ClientStarted,
    ClientPaused, // value: pause length in ms
    ClientResumed,
    ClientCrashed,
    // The key, as the Redis node holds it.
    KeyWritten,    // key; text: value; owner: whose token; value: TTL in ms (-1 none)
    KeyTtlChanged, // key; value: TTL in ms (-1 none)
    KeyDeleted,    // key; client: who deleted it; owner: whose value it was; value: 0, or in a
                   // monitor recording kLostWithRestart / kLostWithFailover (nobody deleted it)
    KeyExpired,    // key; owner: whose value it was
    KeyFinal,      // end of run: key; owner; value: TTL in ms (-1 none)
    CounterFinal,  // end of run: key: counter; value: its value
    // Nodes and faults.
    NodeCrashed,
    NodeRestarted, // value: 1 with persistence, 0 empty
    NodeFailover,  // node: the logical node whose replica was promoted
    NodeClockJump, // value: jump in ms
    Partitioned,   // client cut off from node
    Healed,
    FaultNote, // text: a fault that had no other event (reply dropped, ...)
    Caption,   // text: a scenario caption shown at this instant
    // What an observer (the monitor) could not see: from GapStarted to GapEnded it had no
    // working connection to the node, so changes in between are known only by their result.
    GapStarted, // node; text: why (the connection's error)
    GapEnded,   // node; text: what the monitor found on its return; value: the gap in ms
};
constexpr EventKind kLastEventKind = EventKind::GapEnded;

// KeyDeleted's value in a monitor recording: the key was not deleted by anyone, it vanished
// with the node's memory (a restart without the key on disk) or with the old master (a
// failover to a replica that never got it).
constexpr qint64 kLostWithRestart = 1;
constexpr qint64 kLostWithFailover = 2;

const char *eventKindId(EventKind kind); // stable snake_case id used in JSON
bool parseEventKind(const char *id, EventKind *kind);

constexpr qint16 kNoClient = -1;
constexpr qint16 kNoNode = -1;
constexpr qint16 kResourceNode = -2; // the protected resource (the counter), not a lock node

struct Event {
    qint64 timeUs = 0; // true (simulator) time, or wall time for live runs and recordings
    EventKind kind = EventKind::Note;
    qint16 client = kNoClient;
    qint16 node = kNoNode;
    qint16 owner = kNoClient; // for key events: the client whose value the key held
    quint32 key = 0;          // interned; 0 = none
    quint32 text = 0;         // interned; 0 = none
    qint64 value = 0;
};

} // namespace lockscope
