#include "compare_cell.h"

namespace lockscope::ui {

RunRequest CompareSettings::request(const QString &scenarioId, const QString &strategy,
                                    quint64 seed) const
{
    RunRequest r;
    r.scenarioId = scenarioId;
    r.strategyId = strategy;
    r.seed = seed;
    r.clients = clients;
    r.ttlMs = ttlMs;
    r.waitMode = waitMode;
    r.scriptTimeLimitMs = scriptTimeLimitMs;
    if (fileScenario && scenarioId == fileScenario->id) {
        r.scenarioFile = scenarioFile;
        r.fileScenario = fileScenario;
    }
    if (r.isCustom()) { // compiled again when opened: the workspace may outlive this comparison
        r.acquireScript = acquireScript;
        r.releaseScript = releaseScript;
    }
    return r;
}

bool isSafetyFinding(const Finding &finding)
{
    return finding.kind != Finding::Kind::Starvation;
}

} // namespace lockscope::ui
