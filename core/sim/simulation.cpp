#include "simulation.h"

#include "lock/script_error.h"
#include "lock/strategy_registry.h"
#include "run_limits.h"
#include "sim_world.h"

namespace lockscope {

SimulationResult runSimulation(const SimulationConfig &config)
{
    SimulationResult result;
    std::shared_ptr<const Strategy> strategy = config.strategy;
    if (!strategy) {
        strategy = createStrategy(config.strategyId);
        if (!strategy) {
            result.error = QStringLiteral("unknown strategy \"%1\" (known: %2)")
                               .arg(config.strategyId, strategyIds().join(QStringLiteral(", ")));
            return result;
        }
    }
    WaitOptions wait;
    const QString waitId = config.waitMode.isEmpty() ? config.scenario.waitMode : config.waitMode;
    if (!parseWaitMode(waitId, &wait.mode)) {
        result.error =
            QStringLiteral("unknown wait mode \"%1\" (spin, backoff, pubsub)").arg(waitId);
        return result;
    }
    wait.timeoutMs = config.scenario.acquireTimeoutMs;
    // Refused before anything is allocated, with the estimate, rather than found out by the
    // machine swapping or the process being killed.
    if (!fitsInMemory(estimateRunBytes(config.scenario, config.keepLog), machineMemoryBytes(),
                      &result.error))
        return result;

    auto strings = std::make_shared<StringPool>();
    Checker checker(int(config.scenario.resolvedClients().size()));
    checker.setSketchLatencies(config.latencySketch);
    EventFanout fanout;
    fanout.add(&checker);
    if (config.keepLog) {
        result.log = std::make_shared<EventLog>(strings);
        fanout.add(result.log.get());
    }
    if (config.extraSink)
        fanout.add(config.extraSink);

    // With only the checker listening (benchmarks, comparisons), skip the fan-out's extra hop.
    EventSink *sink = (result.log || config.extraSink) ? static_cast<EventSink *>(&fanout)
                                                       : static_cast<EventSink *>(&checker);
    SimWorld world(config.scenario, strategy, config.seed, wait, sink, strings, config.recordText);
    world.setScriptLimits(config.scriptLimits);
    world.setStepObserver(config.stepObserver);
    if (result.log) {
        auto &info = result.log->info();
        info.source = QStringLiteral("simulation");
        info.scenario = config.scenario.id;
        info.strategy = strategy->id();
        info.seed = config.seed;
        info.clients = world.clientNames();
        info.nodes = world.nodeNames();
        info.ttlMs = config.scenario.ttlMs;
    }
    world.run();
    // A client's coroutine that threw, or a strategy that cannot be judged (a custom script
    // failing at run time), ends the run with one sentence; the events up to that instant stay
    // in the log.
    result.error = world.abortReason();
    result.scriptStop = world.scriptStop();
    result.ok = result.error.isEmpty() && result.scriptStop == ScriptStop::None;
    if (!result.ok && result.error.isEmpty()) // a stopped script whose strategy carried on
        result.error =
            scriptStoppedText(QString(), ScriptRole::Any, result.scriptStop, config.scriptLimits);
    result.simTimeUs = world.endUs();
    result.commands = world.commandsExecuted();
    result.report = checker.finish(world.endUs());
    return result;
}

} // namespace lockscope
