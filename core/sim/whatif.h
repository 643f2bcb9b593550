// What-if replay: a monitor recording's workload (recorded_workload.h) as a scenario whose
// clients replay exactly its acquisitions, run in the simulator under any strategy with faults
// added at chosen instants, and compared with what the recording itself shows ("would another
// strategy have saved us?"). lockscope-cli whatif prints it; the window opens the scenario.
//
// Times on the command line (--from, --to, a fault's instant) are seconds since the recording's
// first event, as `lockscope-cli replay` prints them ("+12.500 s"); the derived scenario's time 0
// is --from.
#pragma once

#include "checker.h"
#include "comparison.h"
#include "events/event_log.h"
#include "monitor/monitor_explain.h"
#include "recorded_workload.h"
#include "scenario.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace lockscope {

// "12.5s", "800ms", "2m", "1.5" (seconds): a time or a duration, in microseconds. False with
// *error naming the text ("\"abc\" is not a time ...") for anything else or a negative one.
bool parseWhatIfTime(const QString &text, qint64 *us, QString *error);

// A fault added to the replay, as --fault writes it: KIND[:CLIENT]@TIME[+AMOUNT]
//   pause@12.5s+40s      the client holding a lock at 12.5 s stops for 40 s (the one that took
//                        its lock last, if several hold one)
//   lose-reply@10s       the reply to the next acquisition at or after 10 s is lost (the lock is
//                        taken, its client does not know)
//   failover@10s         the server fails over to its replica (the replay gets one)
//   restart@10s[+2s]     the server restarts empty, down for 2 s (default 0)
//   clock-jump@10s+2s    the server's clock jumps 2 s ahead (clock-jump@10s-2s: back)
// CLIENT (pause, lose-reply) names the scenario's client instead of letting the instant choose.
struct WhatIfFault {
    enum class Kind : quint8 { Pause, LoseReply, Failover, Restart, ClockJump };
    Kind kind = Kind::Pause;
    QString client;      // empty: chosen by the instant
    qint64 atUs = 0;     // since the recording's first event
    qint64 amountUs = 0; // the pause, the restart's down time, the clock's jump (signed)
    QString text;        // as given
};
bool parseWhatIfFault(const QString &text, WhatIfFault *out, QString *error);

struct WhatIfOptions {
    RecordingWindow window;
    QString id = QStringLiteral("whatif"); // the scenario's id
    QString origin;                        // the recording's file name, for the title
    bool anonymize = false; // key-1, owner-1...: no key name, owner or token of the recording
    QList<WhatIfFault> faults;
};

// A fault as placed in the scenario: which client it struck, for the output.
struct PlacedFault {
    QString text;
    QString client; // empty for server faults
    QString key;    // the lock the client held (pause) or was about to take (lose-reply)
};

// The scenario that replays `workload` (times shifted by the scenario's one-way latency, so that
// each lock command reaches the node at the instant the recording saw it), one client per owner
// (an owner that held two locks at once gets a second client, "<name> (2)"), with the faults.
// False with *error when a fault cannot be placed (nobody holds a lock at that instant, no such
// client) or the window is longer than a simulated run may be.
bool whatIfScenario(const RecordedWorkload &workload, const WhatIfOptions &options, Scenario *out,
                    QList<PlacedFault> *placed, QString *error);

// The strategy the recording's lock format implies, and the format's id (lock_format.h):
//   a LockScope fencing counter ("<key>:fence") seen       -> fenced
//   renewals seen (a watchdog, Redisson's default lease)   -> watchdog
//   Redisson RLock or LockScope reentrant hash             -> reentrant-hash
//   node-redlock, go-redsync                               -> redlock
//   a SETNX lock holding its expiry time                   -> setnx-getset
//   redis-py, python-redis-lock, LockScope, anything else  -> set-nx-px-lua
QString impliedStrategy(const RecordedWorkload &workload, QByteArray *format = nullptr);

// "21 acquisitions by 21 owners on 1 key", in the language of the moment.
QString workloadCountsText(const RecordedWorkload &workload);

// The recording's own facts over the window: the monitor's summary, the checker's findings on
// the recording, and the lease-rhythm findings (late renewals, expiries under live holders).
struct AsRecorded {
    MonitorSummary summary;
    CheckReport checker;
    int leaseFindings = 0;
    QJsonObject toJson() const;
};
AsRecorded asRecorded(const EventLog &recording, const RecordedWorkload &workload);

// One strategy's replay: the checker's report on one simulation, its verdict (comparison.h's
// rule) and what the replay saw of the server (expiries).
struct WhatIfRun {
    QString strategy;
    bool ok = false;
    QString error;
    CheckReport report;
    CellVerdict verdict = CellVerdict::Safe;
    int expiries = 0;
    QJsonObject toJson() const;
};
// Runs the scenario under each strategy (runSimulation, seed 1: a replay has no random part
// but the tokens). `keepLog` keeps the first run's log in *firstLog (tests compare it).
QList<WhatIfRun> runWhatIf(const Scenario &scenario, const QStringList &strategies,
                           std::shared_ptr<EventLog> *firstLog = nullptr);

} // namespace lockscope
