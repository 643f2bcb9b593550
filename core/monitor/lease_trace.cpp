#include "lease_trace.h"

#include <algorithm>

namespace lockscope {

qint64 LeaseStretch::ttlAtMs(qint64 timeUs) const
{
    if (ttlAtStartMs < 0)
        return -1;
    return qMax<qint64>(0, ttlAtStartMs - (timeUs - startUs) / 1000);
}

int LeaseTrace::renewals() const
{
    return int(std::count_if(stretches.begin(), stretches.end(), [](const LeaseStretch &s) {
        return s.end == LeaseStretch::End::Renewed;
    }));
}

int LeaseTrace::lateRenewals() const
{
    return int(std::count_if(stretches.begin(), stretches.end(),
                             [](const LeaseStretch &s) { return s.late; }));
}

qint64 LeaseTrace::leastRenewalMarginMs() const
{
    qint64 least = -1;
    for (const LeaseStretch &s : stretches) {
        if (s.end != LeaseStretch::End::Renewed || !s.marginKnown || s.ttlAtStartMs < 0)
            continue;
        const qint64 m = s.marginMs();
        if (least < 0 || m < least)
            least = m;
    }
    return least;
}

const LeaseStretch *LeaseTrace::stretchAt(qint64 timeUs) const
{
    // Stretches are in time order and do not overlap: the last one starting at or before t.
    const auto it = std::upper_bound(stretches.begin(), stretches.end(), timeUs,
                                     [](qint64 t, const LeaseStretch &s) { return t < s.startUs; });
    if (it == stretches.begin())
        return nullptr;
    const LeaseStretch &s = *(it - 1);
    return timeUs <= s.endUs ? &s : nullptr;
}

LeaseTrace traceLease(const EventLog &log, const QByteArray &key, qint64 fromUs, qint64 endUs,
                      const LeaseOptions &options, qint16 node)
{
    LeaseTrace trace;
    trace.key = key;
    const std::span<const Event> events = log.events();
    if (endUs < 0)
        endUs = events.empty() ? 0 : events.back().timeUs;
    trace.endUs = endUs;
    const quint32 keyId = log.strings().find(key);

    bool open = false;      // the last stretch is still running
    bool blind = false;     // inside a gap of the monitor's view
    qint64 holdLeaseMs = 0; // the lease the holder set or last renewed with
    auto close = [&](qint64 t, LeaseStretch::End how) {
        if (!open)
            return;
        LeaseStretch &s = trace.stretches.back();
        s.endUs = t;
        s.end = how;
        open = false;
    };
    auto start = [&](qint64 t, qint64 ttlMs, qint16 owner) {
        LeaseStretch s;
        s.startUs = t;
        s.endUs = endUs;
        s.ttlAtStartMs = ttlMs;
        s.owner = owner;
        s.marginKnown = !blind;
        trace.stretches.push_back(s);
        open = true;
        if (ttlMs > 0)
            trace.leaseMs = qMax(trace.leaseMs, ttlMs);
    };

    for (const Event &e : events) {
        if (e.timeUs > endUs)
            break;
        const qint64 t = e.timeUs;
        if (node != kNoNode && e.node != kNoNode && e.node != node)
            continue;
        if (e.kind == EventKind::GapStarted) {
            if (!blind)
                trace.gaps.push_back({t, endUs});
            blind = true;
            if (open)
                trace.stretches.back().marginKnown = false;
            continue;
        }
        if (e.kind == EventKind::GapEnded) {
            if (blind && !trace.gaps.empty())
                trace.gaps.back().endUs = t;
            blind = false;
            continue;
        }
        if (keyId == 0 || e.key != keyId)
            continue;
        switch (e.kind) {
        case EventKind::KeyWritten: {
            const bool sameOwner = open && trace.stretches.back().owner == e.owner && e.owner >= 0;
            close(t, sameOwner ? LeaseStretch::End::TtlChanged : LeaseStretch::End::TakenOver);
            holdLeaseMs = sameOwner ? qMax(holdLeaseMs, e.value) : e.value;
            start(t, e.value, e.owner);
            break;
        }
        case EventKind::KeyTtlChanged: {
            const qint16 owner = open ? trace.stretches.back().owner : e.owner;
            close(t, LeaseStretch::End::TtlChanged);
            start(t, e.value, owner);
            break;
        }
        case EventKind::Renewed: {
            // Written right after its KeyTtlChanged: the stretch before the current one is the
            // one the renewal ended.
            if (trace.stretches.size() < 2 || !open)
                break;
            LeaseStretch &ended = trace.stretches[trace.stretches.size() - 2];
            if (ended.end != LeaseStretch::End::TtlChanged || ended.endUs != t ||
                ended.owner != e.client)
                break;
            ended.end = LeaseStretch::End::Renewed;
            if (ended.marginKnown && !blind && ended.ttlAtStartMs >= 0 && holdLeaseMs > 0)
                ended.late = ended.marginMs() < options.lateThresholdMs(holdLeaseMs);
            if (e.value > 0)
                holdLeaseMs = e.value;
            break;
        }
        case EventKind::KeyDeleted:
            close(t, e.value == kLostWithRestart || e.value == kLostWithFailover
                         ? LeaseStretch::End::Lost
                         : LeaseStretch::End::Released);
            break;
        case EventKind::KeyExpired:
            close(t, LeaseStretch::End::Expired);
            break;
        default:
            break;
        }
    }

    // Only what reaches into the window; the stretch running at its start stays whole.
    std::erase_if(trace.stretches, [&](const LeaseStretch &s) { return s.endUs < fromUs; });
    std::erase_if(trace.gaps, [&](const LeaseTrace::Gap &g) { return g.endUs < fromUs; });
    trace.startUs = trace.stretches.empty() ? qMax<qint64>(fromUs, 0)
                                            : qMax(fromUs, trace.stretches.front().startUs);
    trace.lateThresholdMs = options.lateThresholdMs(trace.leaseMs);
    return trace;
}

} // namespace lockscope
