// What the timeline's legend lists: every kind of band and mark the shown run can draw, and
// nothing it cannot. A production recording (the monitor) has no critical sections, pauses,
// crashes or double holders to show; a simulated run lists the faults it contains (a node
// restart, a failover, a clock jump), the caption flags on the time axis and the command ticks
// along the client lanes, so that no glyph on screen goes unexplained (issue 12).
#pragma once

#include "common/run_data.h"

#include <QString>

#include <vector>

namespace lockscope::ui {

struct LegendItem {
    enum class Swatch : quint8 {
        Waiting,
        Holding,
        Critical,
        Paused,
        Crashed,
        TtlLeft,
        NoTtl,
        TwoHolders,
        NodeDown, // the hatched band over a node's key lanes
        Unseen,   // a monitor's gap: the dotted band over the lanes it could not see
        Command,  // the tick along a client lane's bottom edge
        Caption,  // the flag on the time axis
        Marker,   // one of the marks, `marker`
    };
    Swatch swatch = Swatch::Holding;
    MarkerKind marker = MarkerKind::Acquired;
};

// In the order shown: bands first, then marks.
std::vector<LegendItem> legendItems(const RunData &run);
// The item's words (translated in the timeline's context, where they always were).
QString legendText(const LegendItem &item);
// A mark's name, as the legend says it.
QString markerName(MarkerKind kind);

} // namespace lockscope::ui
