// Putting keyspace notifications and reads back in order.
//
// A keyspace notification says *that* a key changed ("set", "del", "expired", "hincrby"), never
// *to what*: the value comes from a read the monitor sends when the notification arrives. By
// the time the read runs on the server, the key may have changed again (released and taken by
// the next client), so a read's value cannot simply be pinned on the notification that asked
// for it. The tracker keeps, per key, the notifications not yet explained (ops) and the reads
// in flight, and turns them into observations in the order the server made them:
//
//  - a read sent after op N and applied when ops up to M had arrived saw the key at some point
//    between N and M (notifications reach the monitor before a later read's reply does: the
//    monitor applies replies one event-loop turn late, and both come from one server thread);
//  - if no delete or expiry lies between N and M, the value belongs to N's generation;
//  - if one does, and the read shows a value, it belongs to N's generation unless the next read
//    (covering the write after the delete) shows the same value — tokens are unique per
//    acquisition, so then it belonged to the later one and N's value was never seen;
//  - a write whose value was never seen is reported as Unread (an acquisition with an unknown
//    owner) when it created the key, and dropped when it only modified a key that existed.
//
// Reads not caused by notifications (polls, the scan) carry no op: their snapshot stands only
// if no notification for the key arrived since they were sent.
//
// Observations come out in time order across keys: one that is ready waits while an earlier
// op of another key is still unexplained.
#pragma once

#include "key_snapshot.h"

#include <QHash>
#include <QSet>

#include <memory>
#include <vector>

namespace lockscope {

struct KeyObservation {
    enum class Kind : quint8 {
        Snapshot, // the key's state (existing or gone) as a read saw it
        Deleted,  // a del (or rename away, eviction) notification
        Expired,  // an expired notification
        Unread,   // the key was written, but changed again before a read could see the value
    };
    Kind kind = Kind::Snapshot;
    qint64 timeUs = 0;
    QByteArray key;
    QByteArray event; // the notification behind it ("set", "del", ...); empty for polls
    KeySnapshot snapshot;
};

class KeyChangeTracker {
public:
    enum class OpKind : quint8 { Write, Delete, Expire, Ignore };
    static OpKind classify(const QByteArray &event);

    // A keyspace notification for `key`. True when the key now needs a read (a write op).
    bool notify(const QByteArray &key, const QByteArray &event, qint64 timeUs);
    // A read of `key` is about to be sent; the returned ticket goes with its snapshot.
    quint64 readSent(const QByteArray &key);
    // The read came back (failed reads too: their ops are dropped, the caller polls again).
    void readDone(const QByteArray &key, quint64 ticket, const KeySnapshot &snapshot);

    // Observations ready to apply, in time order.
    std::vector<KeyObservation> take();
    // Notifications were lost (a reconnect): forget every op and read in flight. Snapshots of
    // reads still in flight are ignored when they arrive.
    void reset();

    bool hasUnexplainedOps() const { return !m_busyKeys.isEmpty(); }
    qsizetype trackedKeys() const { return m_keys.size(); } // keys with state kept
    void reserve(qsizetype keys) { m_keys.reserve(keys); }
    quint64 sequence() const { return m_seq; }
    qint64 opsSeen() const { return m_opsSeen; }
    qint64 unreadWrites() const { return m_unread; } // writes whose value was never seen
    qint64 droppedWrites() const { return m_dropped; }

private:
    struct Op {
        quint64 seq = 0;
        OpKind kind = OpKind::Write;
        qint64 timeUs = 0;
        QByteArray event;
    };
    struct Read {
        quint64 ticket = 0;
        quint64 seqAtSend = 0;
        quint64 seqAtArrival = 0;
        bool arrived = false;
        bool used = false; // it explained a write: not a poll any more
        KeySnapshot snapshot;
    };
    // A key's writes not yet explained and reads not yet used. QLists, not std::deques: an
    // empty deque allocates over 1 KB (libstdc++ makes its map and a first block at once); these
    // queues hold one or two entries, and QList drops its front without moving the rest.
    struct InFlight {
        QList<Op> ops;
        QList<Read> reads;
    };
    struct KeyState {
        // Made when a write or a read comes, dropped when both queues are empty again: most keys
        // have nothing in flight most of the time. With the queues inside, every key kept the
        // buffers of its emptied lists (a QList keeps them after pop_front), a read's snapshot
        // among them: 326 MB more at a million lock keys. A node of m_keys is 48 bytes now,
        // not 88, which also makes the room made at the scan's estimate move less.
        std::unique_ptr<InFlight> inFlight;
        quint64 lastOpSeq = 0;
        bool exists = false; // as the observations so far say

        KeyState() = default;
        KeyState(KeyState &&) noexcept = default;
        KeyState &operator=(KeyState &&) noexcept = default;
        KeyState(const KeyState &o) // a QHash copies its nodes when it detaches
            : inFlight(o.inFlight ? std::make_unique<InFlight>(*o.inFlight) : nullptr)
            , lastOpSeq(o.lastOpSeq)
            , exists(o.exists)
        {}
        KeyState &operator=(const KeyState &o)
        {
            if (this != &o)
                *this = KeyState(o);
            return *this;
        }
        InFlight &queues()
        {
            if (!inFlight)
                inFlight = std::make_unique<InFlight>();
            return *inFlight;
        }
        bool hasOps() const { return inFlight && !inFlight->ops.empty(); }
        bool idle() const
        {
            return !inFlight || (inFlight->ops.empty() && inFlight->reads.empty());
        }
    };

    // Explains what it can of the key's queue; drops the queues once they are empty.
    void resolve(const QByteArray &key, KeyState &k);
    void resolveQueued(const QByteArray &key, KeyState &k, InFlight &q);
    void emitObservation(KeyObservation o, KeyState &k);
    // Drops the front write ops covered by a read sent at `seqAtSend`, up to `limitSeq`.
    static void popCoveredWrites(InFlight &q, quint64 seqAtSend, quint64 limitSeq);
    void unresolvable(const QByteArray &key, KeyState &k, const Op &op);
    // A key that is gone, with nothing in flight, is forgotten: with lock:<uuid> names every
    // key is new, and a state kept per deleted key (it held two deques then, over 1 KB) grew
    // without end.
    void forgetIfIdle(const QByteArray &key);

    QHash<QByteArray, KeyState> m_keys;
    QSet<QByteArray> m_busyKeys; // keys with ops not yet explained
    std::vector<KeyObservation> m_ready;
    quint64 m_seq = 0;
    quint64 m_nextTicket = 1;
    quint64 m_firstTicketOfEpoch = 1; // tickets of reads sent before reset() are ignored
    qint64 m_opsSeen = 0;
    qint64 m_unread = 0;
    qint64 m_dropped = 0;
};

} // namespace lockscope
