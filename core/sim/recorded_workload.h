// The workload inside a recording: who took which lock key when, for how long, with which lease
// and how often it was renewed. Read from a monitor recording (monitor_recorder.h says what each
// event means) or from a simulation's log, which has the same events: the what-if replay derives
// a scenario from the first and checks, with the second, that the replay did the same.
#pragma once

#include "events/event_log.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <vector>

namespace lockscope {

// One acquisition, as the server saw it: from the key written to the key deleted or gone.
struct RecordedHold {
    enum class End : quint8 {
        Released,  // deleted (a release)
        Expired,   // the lease ran out
        Lost,      // gone with a restart or a failover (kLostWithRestart, kLostWithFailover)
        TakenOver, // another owner wrote the key (no delete or expiry seen in between)
        StillHeld, // still held when the recording (or the window) ends
    };
    int owner = 0;           // index into RecordedWorkload::owners
    int key = 0;             // index into RecordedWorkload::keys
    qint64 atUs = 0;         // since the start of the window
    qint64 holdUs = 0;       // until the end (to the end of the log when still held)
    qint64 ttlMs = -1;       // the lease the key was written with (-1: none, or not read)
    int renewals = 0;        // renewals of this hold by its owner
    qint64 renewEveryMs = 0; // the median interval between its renewals (0: fewer than two)
    End end = End::StillHeld;
};

struct RecordedWorkload {
    qint64 startUs = 0;       // the log's time of the window's start (its first event, or --from)
    qint64 endUs = 0;         // the log's time of the window's end
    QList<QByteArray> keys;   // lock keys, in the order of their first acquisition
    QList<QByteArray> owners; // owners, in the order of their first acquisition
    std::vector<RecordedHold> holds; // in acquisition order
    QByteArray firstValue;           // the value the first acquisition wrote (its lock format)
    QByteArray firstKey;
    bool fencingCounterSeen = false; // a LockScope fencing counter ("<key>:fence") was written

    // The longest hold, the most common lease (0: none seen).
    qint64 longestHoldUs() const;
    qint64 commonTtlMs() const;
    int holdsEndedBy(RecordedHold::End end) const;
    int renewals() const;
};

// The part of a log to read, in microseconds since the log's first event; toUs < 0: to its end.
struct RecordingWindow {
    qint64 fromUs = 0;
    qint64 toUs = -1;
};

// Acquisitions that begin inside the window (a hold that began before it is left out: its
// owner took the lock before the replay starts). Holds are counted from the owner's KeyWritten
// (a recording writes it with Acquired; a simulation writes it when the lock command reaches the
// node) to the KeyDeleted or KeyExpired of that owner's value. The log of one server is meant
// (a recording; a simulation of a single-node strategy): a multi-node log's holds end at the
// first node's delete. False with *error when the log has no event or the window is outside it.
bool deriveWorkload(const EventLog &log, const RecordingWindow &window, RecordedWorkload *out,
                    QString *error);

QString holdEndId(RecordedHold::End end); // "released", "expired", "lost", "taken-over", "held"

} // namespace lockscope
