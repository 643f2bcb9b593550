// One key's lease over time, as a monitor recording (monitor_recorder.h) saw it: the TTL set by
// each write or renewal, draining until the next change, and how each stretch ended. This is
// what the monitor page's lease chart draws: the TTL sawtooth, the renewals that came with
// less than the late threshold left (lease_rhythm.h judges them the same way), the expiries
// and releases.
//
// A stretch runs from one change of the key's TTL to the next. Its TTL at a moment t is
// ttlAtStartMs - (t - startUs) / 1000, as the server counts it down. A renewal ends a stretch
// and starts the next with the new TTL; what was left at that instant is the renewal's margin.
// The monitor stamps a renewal when it read the new TTL, so a margin is short by up to one read.
#pragma once

#include "events/event_log.h"
#include "lease_rhythm.h"

#include <vector>

namespace lockscope {

struct LeaseStretch {
    enum class End : quint8 {
        Open,       // still running at the trace's end
        Renewed,    // the holder renewed: the next stretch has the new TTL
        TtlChanged, // the TTL changed another way (set again, lowered, removed)
        TakenOver,  // another owner's value replaced it
        Released,   // deleted
        Expired,    // the TTL ran out
        Lost,       // gone with a restart or a failover
    };
    qint64 startUs = 0;
    qint64 endUs = 0;
    qint64 ttlAtStartMs = -1; // -1: no TTL (or not known)
    qint16 owner = kNoClient;
    End end = End::Open;
    bool marginKnown = true; // false when the monitor was blind during the stretch
    bool late = false;       // ended by a renewal with less than the late threshold left

    // The TTL left at `timeUs` (clamped at 0); -1 without a TTL.
    qint64 ttlAtMs(qint64 timeUs) const;
    // What was left when the stretch ended (a renewal's or a release's margin); -1 without TTL.
    qint64 marginMs() const { return ttlAtMs(endUs); }
};

struct LeaseTrace {
    QByteArray key;
    qint64 startUs = 0;         // the first event of the key (or of the trace's window)
    qint64 endUs = 0;           // where the trace ends: now, for a live monitor
    qint64 leaseMs = 0;         // the longest TTL the key was set or renewed with
    qint64 lateThresholdMs = 0; // for leaseMs (LeaseOptions::lateThresholdMs)
    std::vector<LeaseStretch> stretches;
    struct Gap {
        qint64 startUs = 0;
        qint64 endUs = 0; // the trace's end while the gap lasts
    };
    std::vector<Gap> gaps; // the monitor could not see the server

    int renewals() const;
    int lateRenewals() const;
    // The least margin of a renewal seen with a known margin; -1 when none was.
    qint64 leastRenewalMarginMs() const;
    // The stretch at `timeUs` (nullptr when the key did not exist then).
    const LeaseStretch *stretchAt(qint64 timeUs) const;
};

// The lease of `key` in `log`, from `fromUs` (events before it still set the state) up to
// `endUs` (a live monitor's now; -1: the log's last event). Judges late renewals with
// `options` as LeaseRhythm does. `node`: only that node's copy of the key and its gaps (a
// Redlock deployment has one per node); kNoNode: every event of the key.
LeaseTrace traceLease(const EventLog &log, const QByteArray &key, qint64 fromUs, qint64 endUs,
                      const LeaseOptions &options = {}, qint16 node = kNoNode);

} // namespace lockscope
