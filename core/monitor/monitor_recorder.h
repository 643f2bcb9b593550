// The monitor's history, in the simulator's event format (event.h), so a recording of a real
// Redis opens in the same timeline and goes through the same checker.
//
// Owners are the log's clients: RunInfo.clients holds every owner seen, by the owner string as
// the lock library wrote it (a redis-py token, "<uuid>:<threadId>" for Redisson), cut to
// "first 20…last 20" when longer than 48 bytes and made unique with "#2", "#3" if cutting made
// two the same. RunInfo.nodes holds every server the monitor watched (a failover adds one).
//
// Which events mean what (every key event has key and node):
//   acquired         KeyWritten {owner, text: value, value: TTL ms or -1}
//                    + Acquired {client: owner, text: the owner string, value: 0}
//   taken over       Note {client: new owner, owner: previous owner, text: "took over ..."}
//                    + KeyWritten {owner: new owner} + Acquired {client: new owner}
//                    (the owner changed with no delete or expiry seen in between)
//   hold count changed / value changed, same owner
//                    KeyWritten {owner, text: new value, e.g. "<uuid>:<tid>=2"}
//   renewed          KeyTtlChanged {owner, value: new TTL} + Renewed {client: owner, value: TTL}
//                    (the TTL went up, same owner); other TTL changes: KeyTtlChanged alone
//   released         KeyDeleted {owner, client: none} + Released {client: owner, value: 1}
//   expired          KeyExpired {owner}
//   lost             KeyDeleted {owner, value: kLostWithRestart or kLostWithFailover}, no
//                    Released: the key was not found again after the server restarted (its
//                    run_id changed) or after a failover, and nobody deleted it
//   present at start KeyWritten {owner} (no Acquired: it was taken before the monitor looked)
//   value not seen   KeyWritten {owner: none, text: "(changed again before it could be read)"}
//   anomaly          Note {client: owner or none, text: "anomaly <id>: <sentence>"}
//   connection lost  GapStarted {node, text: the error}: the monitor is blind from here
//   connection back  GapEnded {node, text: what it found, value: gap in ms}; before it, for a
//                    restart (INFO run_id changed), NodeRestarted {node, value 1 when the server
//                    has AOF on, else 0}
//   other faults     FaultNote {node, text}
//   failover         NodeFailover {node: the old master}, then events name the new node
// No KeyFinal is written: the monitor cannot tell whether an owner is gone, so a lock without
// TTL is the "no-ttl" anomaly (a Note) rather than the checker's "stuck lock".
// Times are wall-clock microseconds (monitorNowUs), never decreasing within a log.
//
// Bounded: a monitor runs for days on servers with thousands of lock cycles a second. With
// keepEvents the log keeps the HistoryWindow (monitor_options.h) of newest events; without,
// it keeps none, and its strings (every token and key name seen) are let go now and then.
// Sinks therefore read an event's strings in consume(), never later by id. Owners stay
// bounded by kMaxOwners (then "(other owners)").
#pragma once

#include "events/event_log.h"
#include "monitor_options.h"

#include <QHash>

#include <vector>

namespace lockscope {

class MonitorRecorder {
public:
    explicit MonitorRecorder(EventLog *log, bool keepEvents = true, HistoryWindow window = {});

    void addSink(EventSink *sink) { m_sinks.push_back(sink); }
    void removeSink(EventSink *sink) { std::erase(m_sinks, sink); }
    EventLog &log() { return *m_log; }

    // The client index of an owner (registered on first sight); kNoClient for "".
    qint16 owner(const QByteArray &owner);
    // The client index owner() gave `owner`, or kNoClient when it has not seen it (or gave it
    // "(other owners)").
    qint16 knownOwner(const QByteArray &owner) const { return m_owners.value(owner, kNoClient); }
    // The node index of a server ("127.0.0.1:6379"), registered on first sight.
    qint16 node(const QByteArray &server);
    static QByteArray shortName(const QByteArray &owner);

    void present(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                 const QByteArray &value, qint64 ttlMs);
    void acquired(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                  const QByteArray &value, qint64 ttlMs);
    void takenOver(qint64 t, qint16 node, const QByteArray &key, qint16 owner, qint16 previous,
                   const QByteArray &value, qint64 ttlMs);
    void written(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                 const QByteArray &value, qint64 ttlMs);
    void ttlChanged(qint64 t, qint16 node, const QByteArray &key, qint16 owner, qint64 ttlMs,
                    bool renewal);
    void released(qint64 t, qint16 node, const QByteArray &key, qint16 owner);
    void expired(qint64 t, qint16 node, const QByteArray &key, qint16 owner);
    // `cause`: kLostWithRestart or kLostWithFailover (event.h).
    void lost(qint64 t, qint16 node, const QByteArray &key, qint16 owner, qint64 cause);
    void gapStarted(qint64 t, qint16 node, const QByteArray &why);
    void gapEnded(qint64 t, qint16 node, const QByteArray &found, qint64 gapMs);
    void note(qint64 t, qint16 client, const QByteArray &key, const QByteArray &text);
    void fault(qint64 t, qint16 node, const QByteArray &text);
    void nodeEvent(qint64 t, EventKind kind, qint16 node, qint64 value = 0);

    qint64 eventCount() const { return m_count; }
    // Room for about `keys` keys' first events, strings and owners (within the window), so
    // that a big scan does not rehash them as it goes.
    void reserve(qsizetype keys);

    // Strings kept without events (keepEvents false) before the pool is let go.
    static constexpr quint32 kMaxStringsWithoutEvents = 50000;
    // The window's slack: keepWindow() drops once maxEvents / kSlack more events came.
    static constexpr std::size_t kSlack = 64;

private:
    // Drops what is past the window, in slices (maxEvents / kSlack over, or maxAgeMs / kSlack
    // too old). A drop costs about the strings of the events it drops (EventLog::dropOldest)
    // plus moving the events kept: small slices keep each drop short (the window's thread
    // makes them; 50,000 events at a time took up to 0.3 s, 3,000 at a time up to 20 ms on
    // the loaded 2-core machine), at the price of moving the kept events more often.
    void keepWindow(qint64 nowUs);

    void emitEvent(EventKind kind, qint64 t, qint16 client, qint16 node, qint16 owner,
                   const QByteArray &key, const QByteArray &text, qint64 value);

    EventLog *m_log;
    bool m_keep;
    HistoryWindow m_window;
    std::vector<EventSink *> m_sinks;
    QHash<QByteArray, qint16> m_owners;
    QHash<QByteArray, qint16> m_nodes;
    QHash<QByteArray, int> m_names; // short names in use
    qint16 m_overflow = kNoClient;  // "(other owners)", once 32000 owners were seen
    qint64 m_lastUs = 0;
    qint64 m_count = 0;
};

} // namespace lockscope
