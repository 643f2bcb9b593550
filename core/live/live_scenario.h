// A scenario run live: the same scenario file, strategy and fault plan as the simulator's, played
// by live clients (LiveClient) against real redis-server processes started on free loopback
// ports, with every fault done for real at the same triggers:
//
//   client pause / crash / lost reply / delayed reply / partition   in the live client;
//   node crash                SIGKILL, back on the same port with its data (appendfsync always);
//   node restart              SIGKILL, back with or without its data, as the scenario says;
//   failover                  the replica is held back (SIGSTOP) so nothing reaches it, the
//                             primary is killed, the replica is woken and promoted (REPLICAOF
//                             NO ONE) and the clients are pointed at it, as a Sentinel-aware
//                             client would be once Sentinel announced the new primary;
//   node clock jump           the node runs with liblockscope_clock_shift preloaded and its
//                             wall clock is moved at the trigger.
//
// Times may be scaled (0.1 turns a 10 s TTL into 1 s). The live events are written on the
// scenario's clock (microseconds since the start, divided by the scale), so a live log overlays
// its simulation; the same Checker judges it, and the scenario's captions follow the live
// events. Every server is stopped and its directory removed when the run ends, also on error or
// cancel. Against the user's own servers only the client-side faults can be done; the others
// are refused, with one sentence saying why.
#pragma once

#include "events/event_log.h"
#include "lock/strategy.h"
#include "redis/connection.h"
#include "sim/checker.h"
#include "sim/scenario.h"

#include <atomic>
#include <functional>
#include <memory>

namespace lockscope {

struct LiveScenarioConfig {
    Scenario scenario; // as the simulator takes it: unscaled
    QString strategyId;
    std::shared_ptr<const Strategy> strategy; // custom scripts: overrides strategyId when set
    quint64 seed = 1;
    QString waitMode;       // overrides the scenario's when not empty
    double timeScale = 1.0; // every duration of the scenario is multiplied by this
    // The user's servers, one per lock node; empty: local servers are started for the run.
    QList<ConnectionOptions> servers;
    bool keepLog = true;
    EventSink *extraSink = nullptr;            // sees every event (on the scenario's clock)
    const std::atomic<bool> *cancel = nullptr; // set from anywhere: the run stops soon after
    // Called on the run's thread about ten times a second: scenario milliseconds done, of total.
    std::function<void(qint64 doneMs, qint64 totalMs)> progress;
};

struct LiveScenarioResult {
    bool ok = false;
    bool cancelled = false;
    QString error; // why it could not run (refused, a server did not start) or went wrong
    CheckReport report;
    std::shared_ptr<EventLog> log; // null unless keepLog
    qint64 wallMs = 0;             // from the first server started to the last one stopped
    QStringList servers;           // where the lock nodes were ("127.0.0.1:41234", ...)
    // What the live run does differently from the simulation, physically (one sentence each).
    QStringList notes;
};

// Why the scenario cannot run live with this strategy (on the user's servers when
// `userServers`); empty when it can.
QString liveRefusal(const Scenario &scenario, const Strategy &strategy, bool userServers);

// The scenario with every duration multiplied by `scale`; the workload and faults keep their
// order. Request and per-node timeouts keep a floor (a few loopback round trips).
Scenario scaledScenario(const Scenario &scenario, double scale);

// The scale a live run uses when the user names none: the smallest of 0.1, 0.25, 0.5, 1 that
// keeps the scenario's TTL at 1 s or more (EXPIRE takes whole seconds).
double defaultLiveTimeScale(const Scenario &scenario);

// Runs it to the end, turning the Qt event loop of the calling thread (which needs a
// QCoreApplication). Blocking: call it from a worker thread in a window.
LiveScenarioResult runLiveScenario(const LiveScenarioConfig &config);

} // namespace lockscope
