// A key span's TTL as the timeline draws it: a wedge, the area under a straight line from
// (a, topA) to (b, topB) down to `bottom`, the lease draining from left to right.
#pragma once

#include <QColor>

class QPainter;

namespace lockscope::ui {

class ColumnFill;

// Wedges narrower than this (px) are drawn as columns of whole pixels.
constexpr double kNarrowWedge = 4.0;

// Draws the wedge in `color`. A wide one is an anti-aliased polygon. One narrower than
// kNarrowWedge is a column per pixel through `columns`, each as high as the line at the column's
// middle, without anti-aliasing: an anti-aliased polygon cost 12,000 instructions for a shape of
// a few pixels whose slope cannot be seen, and with a thousand leases in view (just past the
// zoom where they stop merging into one a pixel) those were the slowest frames of a zoom. Pixels
// the polygon would cover whole are the same; pixels it would not touch are left as they were
// (test_timeline_wedge). `columns` is flushed before a polygon, so what was added before stays
// under it.
void paintTtlWedge(QPainter &p, ColumnFill &columns, double a, double b, double topA, double topB,
                   double bottom, const QColor &color);

} // namespace lockscope::ui
