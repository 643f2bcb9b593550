// Sentences for a monitor recording (RunInfo.source == "monitor"): what each event of
// monitor_recorder.h means, and a summary of a whole recording (acquisitions, releases,
// expiries, renewals, take-overs, keys, owners). The simulator's sentences (sim/explain.h)
// speak of clients and nodes of a simulation; these speak of owners seen on a real server.
#pragma once

#include "events/event_log.h"

#include <QJsonObject>
#include <QString>

namespace lockscope {

// One line for an event, or "" for those that repeat another (Acquired after KeyWritten, ...).
QString describeMonitorEvent(const Event &event, const EventLog &log);
// "12:04:31.250" (local wall-clock time of a recording).
QString formatWallTime(qint64 us);

struct MonitorSummary {
    qint64 events = 0;
    qint64 acquisitions = 0; // Acquired events (taken over included)
    qint64 takeOvers = 0;
    qint64 releases = 0;  // KeyDeleted of a lock with an owner, not lost
    qint64 deletions = 0; // KeyDeleted in all
    qint64 lost = 0;      // KeyDeleted lost with a restart or a failover (nobody deleted them)
    qint64 expiries = 0;
    qint64 renewals = 0;
    qint64 holdCountChanges = 0; // KeyWritten with the same owner as before
    qint64 unread = 0;           // values that changed again before they could be read
    qint64 anomalies = 0;
    qint64 faults = 0; // connection lost/restored, restarts, failovers
    qint64 failovers = 0;
    qint64 gaps = 0;   // GapStarted: times the monitor could not see the server
    qint64 gapMs = 0;  // their length in all (GapEnded values)
    qint64 keys = 0;
    qint64 owners = 0;
    qint64 firstUs = 0, lastUs = 0;
    QJsonObject toJson() const;
    QString toText() const;
};
MonitorSummary summarizeMonitorLog(const EventLog &log);

} // namespace lockscope
