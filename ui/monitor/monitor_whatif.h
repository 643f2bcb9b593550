// The monitor page's What if…: the history on screen (a live session's, or an opened
// recording's; the part of it the History shows) becomes a what-if scenario (sim/whatif.h)
// whose clients replay exactly its acquisitions. It is written to a file, for the workspace to
// run under any strategy with faults added by hand, and for the Compare page to compare every
// strategy on it.
#pragma once

#include "events/event_log.h"
#include "sim/recorded_workload.h"

#include <QString>

namespace lockscope::ui {

struct WhatIfScenarioFile {
    QString path;       // the scenario file written
    QString strategy;   // the strategy the recording's lock format implies
    int clients = 0;    // the replay's clients (one per recorded owner, more for nested holds)
    int acquisitions = 0;
};

// Derives the scenario of `window` of `log` and writes it into `folder` (created if missing),
// named after the time it was made; `origin` names the recording in the scenario's title.
// False with *error (one sentence: an empty window, a log with no acquisition, a folder that
// cannot be written).
bool writeWhatIfScenario(const EventLog &log, const RecordingWindow &window, const QString &origin,
                         const QString &folder, WhatIfScenarioFile *out, QString *error);

// Where the window keeps the scenarios it derives (the application's data folder).
QString whatIfFolder();

} // namespace lockscope::ui
