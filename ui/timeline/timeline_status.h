// What the timeline says about a lane at an instant, in words: the status line under a lane's
// name (painted) and the tooltip over a span (the widget). Both read the same spans, so they are
// written once, here.
#pragma once

#include <QString>

namespace lockscope::ui {

class RunData;
struct TimelineRow;

// "holds the lock · paused", "crashed"; a monitor's owner: how many locks it holds.
QString clientStatusAt(const RunData &run, int clientLane, qint64 timeUs);
// "A · 4.2 s left", "free", "no TTL!", "node down".
QString keyStatusAt(const RunData &run, int keyLane, qint64 timeUs);
// The tooltip over a lane where no mark is: the status and the span around the instant.
QString describeSpanAt(const RunData &run, const TimelineRow &row, qint64 timeUs);

} // namespace lockscope::ui
