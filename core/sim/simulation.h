// One deterministic simulation: a scenario's clients run a strategy against embedded Redis
// nodes under a virtual clock, with the scenario's faults. A run is a pure function of
// (scenario, strategy, seed): the same inputs give a byte-identical event log.
#pragma once

#include "checker.h"
#include "events/event_log.h"
#include "lock/strategy.h"
#include "redis/script_limits.h"
#include "scenario.h"
#include "step_observer.h"

#include <memory>

namespace lockscope {

struct SimulationConfig {
    Scenario scenario;
    QString strategyId;                       // a built-in strategy id...
    std::shared_ptr<const Strategy> strategy; // ...or this one (custom scripts), if set
    quint64 seed = 1;
    QString waitMode;               // overrides the scenario's when not empty
    bool keepLog = true;            // keep every event in the result's log
    bool recordText = true;         // intern command, reply and value texts (off for benchmarks)
    EventSink *extraSink = nullptr; // sees every event as it happens
    // Told every step each client reaches, in order (the points a fault can be placed at):
    // core/explore enumerates placements from them.
    StepObserver *stepObserver = nullptr;
    bool latencySketch = false; // fill report.latency (for pooling runs' percentiles)
    // The bounds on every script (time, memory, stop flags such as the window's Cancel). A
    // script stopped by them ends the run with an error: wall time is no simulation input.
    ScriptLimits scriptLimits;
};

struct SimulationResult {
    bool ok = false;
    QString error; // why the run could not start (unknown strategy, too big) or go on (a
                   // client's coroutine threw, a custom script failed at run time)
    CheckReport report;
    std::shared_ptr<EventLog> log; // null unless keepLog; up to the error when !ok
    qint64 simTimeUs = 0;
    quint64 commands = 0; // Redis commands executed by every node, resource included
    // A script the engine stopped: TimeLimit and MemoryCap are the run's error; Stopped means a
    // stop flag ended it (a cancel), and the error says nothing about the strategy.
    ScriptStop scriptStop = ScriptStop::None;
};

SimulationResult runSimulation(const SimulationConfig &config);

} // namespace lockscope
