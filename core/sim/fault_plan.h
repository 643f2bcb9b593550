// The faults of a scenario as they apply to one run: which step each step-triggered fault
// waits for with this strategy (the first of its alternatives the strategy has), which client
// triggers it and which it strikes, and which fire when a client reaches a step. The simulator
// and the live runner both go through it, so a scenario means the same thing in both worlds.
#pragma once

#include "lock/strategy.h"
#include "scenario.h"

#include <vector>

namespace lockscope {

// A fault of the scenario as it applies to this run's strategy.
struct ArmedFault {
    FaultSpec spec;
    QByteArray step; // the alternative the strategy has ("" for time triggers)
    int triggerClient = -1;
    int targetClient = -1;
    int seenCount = 0;
    bool fired = false;
};

class FaultPlan {
public:
    // `clients`: the run's clients in lane order (Scenario::resolvedClients()). Faults whose
    // step alternatives this strategy does not have are left out: they do not apply to it.
    FaultPlan(const Scenario &scenario, const Strategy &strategy, const QList<ClientSpec> &clients);

    bool empty() const { return m_faults.empty(); }
    // Every fault, in scenario order; addresses stay valid for the plan's life.
    std::vector<ArmedFault> &faults() { return m_faults; }
    // The faults that strike now because `client` reached `step` in `phase` ("before", "sent",
    // "after", or "at" for a checkpoint), each marked fired; the n-th arrival counts.
    std::vector<ArmedFault *> reach(int client, const char *step, const char *phase);

private:
    std::vector<ArmedFault> m_faults;
};

// The steps every strategy has: the workload's checkpoints and the critical section.
bool isCommonFaultStep(const QString &step);

} // namespace lockscope
