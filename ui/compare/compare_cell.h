// What the compare page runs (the settings of one comparison) and what one cell of its safety
// matrix holds once its runs finished: the summed figures and the run worth opening.
#pragma once

#include "common/run_data.h"
#include "sim/comparison.h"

#include <QString>
#include <QStringList>

namespace lockscope::ui {

struct CompareSettings {
    QStringList scenarioIds; // built-in scenario ids, in matrix order
    // A scenario from a file (a what-if replay's, the user's own), compared instead: its id is
    // then the only one in scenarioIds, and its runs use the file as it was read.
    QString scenarioFile;
    std::shared_ptr<const Scenario> fileScenario;
    QStringList strategies; // strategy ids, in matrix order
    int seeds = 100;        // seeds 1..seeds per cell
    int clients = -1;       // -1: each scenario's own
    qint64 ttlMs = -1;      // -1: each scenario's own
    QString waitMode;       // empty: each scenario's own
    // The user's own scripts, compared as the strategy "custom" (listed in `strategies`).
    QString acquireScript;
    QString releaseScript;
    qint64 scriptTimeLimitMs = ScriptLimits::kDefaultTimeLimitMs; // as --script-time-limit

    // The run of one cell and seed, as the workspace would run it.
    RunRequest request(const QString &scenarioId, const QString &strategy, quint64 seed) const;
    int cellCount() const { return int(scenarioIds.size() * strategies.size()); }
    qint64 runCount() const { return qint64(cellCount()) * seeds; }
};

struct CellResult {
    ComparisonRow row; // runComparison's figures for this scenario and strategy
    // The run a click opens: the first seed with a safety finding (else with any finding, else
    // the first seed) and the instant of its first such finding.
    quint64 exampleSeed = 1;
    qint64 exampleAtUs = 0;
    bool exampleHasFinding = false;

    CellVerdict verdict() const { return verdictOf(row); }
};

// The safety findings (violation, mistaken deletion, stuck lock, lost update), as opposed to
// starvation.
bool isSafetyFinding(const Finding &finding);

} // namespace lockscope::ui
