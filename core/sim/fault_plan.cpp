#include "fault_plan.h"

namespace lockscope {

bool isCommonFaultStep(const QString &step)
{
    return step == QLatin1String("acquire") || step == QLatin1String("release") ||
           step == QLatin1String("cs.get") || step == QLatin1String("cs.set") ||
           step == QLatin1String("release.publish");
}

FaultPlan::FaultPlan(const Scenario &scenario, const Strategy &strategy,
                     const QList<ClientSpec> &clients)
{
    auto clientIndex = [&](const QString &name) {
        for (qsizetype i = 0; i < clients.size(); ++i) {
            if (clients[i].name == name)
                return int(i);
        }
        return -1;
    };
    QStringList strategySteps;
    for (const char *s : strategy.info().steps)
        strategySteps.append(QString::fromLatin1(s));

    for (const auto &spec : scenario.faults) {
        ArmedFault a;
        a.spec = spec;
        a.targetClient = clientIndex(spec.client);
        a.triggerClient = clientIndex(spec.trigger.client);
        if (!spec.trigger.steps.isEmpty()) {
            // The first alternative this strategy has: "after acquire.setnx" for setnx-expire,
            // "after acquire" for the atomic ones.
            for (const auto &step : spec.trigger.steps) {
                if (strategySteps.contains(step) || isCommonFaultStep(step)) {
                    a.step = step.toUtf8();
                    break;
                }
            }
            if (a.step.isEmpty())
                continue; // this fault does not apply to this strategy
        }
        m_faults.push_back(a);
    }
}

std::vector<ArmedFault *> FaultPlan::reach(int client, const char *step, const char *phase)
{
    std::vector<ArmedFault *> hits;
    if (m_faults.empty())
        return hits;
    const bool checkpoint = qstrcmp(phase, "at") == 0;
    for (auto &f : m_faults) {
        if (f.fired || f.step.isEmpty() || f.triggerClient != client || f.step != step)
            continue;
        if (!checkpoint && f.spec.trigger.phase != QLatin1String(phase))
            continue;
        // Count the n-th arrival at this step (in this phase).
        if (++f.seenCount < f.spec.trigger.occurrence)
            continue;
        f.fired = true;
        hits.push_back(&f);
    }
    return hits;
}

} // namespace lockscope
