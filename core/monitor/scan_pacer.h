// SCAN COUNT paced by what the server says SCAN costs it. Another client's request waits for the
// server's whole event-loop iteration, and an iteration of the monitor's holds one SCAN and the
// reads that came with it; SCAN's cost grows with COUNT, and what one key costs depends on the
// machine, the key names and the pattern: on the 2-core bench machine a SCAN COUNT 1000 over a
// million keys took about 1 ms by itself, so no fixed COUNT is right for every server.
//
// The only honest measure of that cost is the server's own: INFO commandstats counts the calls
// of SCAN and the microseconds spent in them. A round trip would not do: it holds the network,
// the reads queued ahead on the same connection and the client's own turns. The scanner reads
// the counters every few rounds, pipelined behind its SCANs, so a reading covers exactly the
// SCANs sent before it; the pacer turns two readings into the cost of looking at one key and
// sets COUNT so that one SCAN costs about the target. Other clients' SCANs count too, at their
// own COUNT: the cost per call is scaled by our share of the COUNT sent, never trusted as ours.
#pragma once

#include "redis/reply.h"

#include <optional>

namespace lockscope {

// The cumulative counters of SCAN in INFO commandstats ("cmdstat_scan:calls=N,usec=U,...").
struct ScanCounters {
    quint64 calls = 0;
    quint64 usec = 0;
};

// The counters out of an INFO commandstats reply. A reply without the line is a server that has
// not run SCAN since its statistics were reset: zero. nullopt when the reply is an error or its
// text is not INFO's (some Redis-compatible servers answer differently): the caller stops pacing.
std::optional<ScanCounters> scanCountersFromInfo(const Reply &info);

struct ScanPacing {
    bool on = true;
    qint64 targetUsec = 500; // half of the 1 ms an iteration may take; the reads get the rest
    int minCount = 50;
    int maxCount = 2000; // a bigger page also brings a bigger pipeline of reads
    // INFO commandstats costs the server about 0.1 ms (it walks the whole command table): one
    // reading per 16 rounds is about 1 % of the SCANs' own time.
    int roundsPerReading = 16;

    // How many SCANs go out between reading `reading` - 1 and reading `reading` (the baseline,
    // sent ahead of the first SCAN, is reading 0): 1, 2, 4, 8, then roundsPerReading. A scan's
    // first rounds run at the starting COUNT, on cold caches: over a million keys the first 16
    // SCANs at 500 each held the server 1.0-1.6 ms (perf), where the paced ones stay below 1
    // ms. Readings spaced out from one round bring the COUNT to the server's cost within a few
    // rounds, for three extra readings a scan.
    int roundsBeforeReading(int reading) const
    {
        const int ramp = reading < 1 ? 1 : 1 << qMin(reading - 1, 20);
        return qMax(1, qMin(ramp, roundsPerReading));
    }
};

class ScanPacer {
public:
    ScanPacer(int startCount, ScanPacing pacing);

    int count() const { return m_count; }

    // A reading of the counters taken after `scans` more SCANs of ours, whose COUNTs add up to
    // `countSent`, than the reading before. The first reading (and one after the counters went
    // back, CONFIG RESETSTAT or a restart) is only a baseline. True when COUNT changed.
    bool observe(ScanCounters now, quint64 scans, quint64 countSent);

private:
    ScanPacing m_pacing;
    int m_count;
    std::optional<ScanCounters> m_last;
};

} // namespace lockscope
