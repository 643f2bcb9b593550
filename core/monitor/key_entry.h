// One row of the monitor's key table: what a lock key holds now, and enough of its past (first
// seen, owner since, owner changes in the last minute) for the anomaly rules.
#pragma once

#include "events/event.h"
#include "key_snapshot.h"
#include "lock_format.h"

#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace lockscope {

struct KeyEntry {
    QByteArray key;
    qsizetype tableOrder = -1; // KeyTable's own: the entry's place in keysInOrder()
    KeyType type = KeyType::Unknown;
    qint16 node = kNoNode; // the server it lives on (RunInfo.nodes)

    // TTL: PTTL as read at pttlReadUs; it counts down locally until the next read. The server
    // ran that PTTL between pttlSentUs and pttlReadUs (KeySnapshot::sentAtUs).
    qint64 pttlMs = -1;
    qint64 pttlReadUs = 0;
    qint64 pttlSentUs = 0;

    LockInfo lock;         // the recognised format, owner, hold count, ...
    QByteArray format;     // lock.format, refined by linked keys (redisson-fair-lock, ...)
    QByteArray valueText;  // the value on one line (bounded)
    bool valueSeen = true; // false: it changed again before a read could see it

    // Linked from auxiliary keys (a Redisson fair-lock queue, a fencing counter).
    qint64 waiters = -1;
    qint64 fencingCounter = -1;
    QByteArray queueHead;        // for a queue key: who is first
    qint64 queueHeadSinceUs = 0; // ... since when

    qint64 firstSeenUs = 0;
    qint64 lastChangeUs = 0;
    qint64 ownerSinceUs = 0;            // first seen with the current owner
    std::vector<qint64> ownerChangesUs; // owner changes within the last minute

    // The key was lost with a restart or a failover (kLostWithRestart / kLostWithFailover) while
    // lostHolder held it, and has been written again since: the holder may still believe it
    // holds the lock until lostUntilUs (its TTL as last read; -1: it had none).
    QByteArray lostHolder;
    qint64 lostCause = 0;
    qint64 lostAtUs = 0;
    qint64 lostUntilUs = -1;

    QStringList anomalies; // rule ids (anomaly_rules.h)

    // The TTL left at nowUs by the local countdown: -1 without TTL, never below 0.
    qint64 remainingTtlMs(qint64 nowUs) const
    {
        if (pttlMs < 0)
            return -1;
        return qMax<qint64>(0, pttlMs - (nowUs - pttlReadUs) / 1000);
    }
    // When the TTL runs out (us), or -1 without TTL.
    qint64 expiresAtUs() const { return pttlMs < 0 ? -1 : pttlReadUs + pttlMs * 1000; }

    // The CLI's snapshot object: key, type, ttl_ms, format, label, owner, hold_count, waiters,
    // fencing_counter, value, anomalies (rule ids), first_seen_us, last_change_us.
    QJsonObject toJson(qint64 nowUs) const;
    // The same object as one line of compact JSON, keys sorted (what QJsonDocument writes), made
    // without building a QJsonObject: a snapshot of 100,000 keys prints in a blink.
    QByteArray toJsonLine(qint64 nowUs) const;
};

} // namespace lockscope
