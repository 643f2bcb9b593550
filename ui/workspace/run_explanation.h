// The texts of the workspace's two explaining panes, as rich text in the theme's colours:
//  - "Scenario and Strategy": the scenario's title, summary and story (from the file, when it
//    comes from one), the strategy's summary, flaw and limits, and the faults added by hand;
//  - the verdict above the checker's findings: safe or unsafe in this run (the comparison
//    matrix's rule), and what the acquisitions cost.
#pragma once

#include "common/theme.h"
#include "sim/scenario.h"

#include <QCoreApplication>
#include <QList>

namespace lockscope::ui {

class RunData;

class RunExplanation {
    Q_DECLARE_TR_FUNCTIONS(RunExplanation)
public:
    struct Input {
        const Scenario *scenario = nullptr; // the picker's, before any parameter or fault
        QString scenarioFile;               // empty for a built-in scenario
        QString strategyId;
        QList<FaultSpec> injected;    // added by hand
        const RunData *run = nullptr; // names the nodes of the faults; may be null
        QString language;
    };
    static QString explanationHtml(const Input &input, const Theme &theme);
    // Null run: "Not run yet."
    static QString verdictHtml(const RunData *run, const Theme &theme);
};

} // namespace lockscope::ui
