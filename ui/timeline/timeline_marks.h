// The glyphs of the timeline's marks (acquired, released, expired, a mistaken deletion...) and the
// legend that explains them, drawn with the same glyphs: the lanes and the legend share them.
#pragma once

#include "common/run_data.h"
#include "common/theme.h"
#include "timeline_legend.h"

#include <QFont>
#include <QRect>

#include <vector>

class QPainter;

namespace lockscope::ui {

// One mark of `kind` centred on `centre`, about 2 x `size` px across; `color` fills an
// acquisition's dot (the owner's colour), the other glyphs have colours of their own.
void paintMarker(QPainter &p, const Theme &theme, MarkerKind kind, const QPointF &centre,
                 const QColor &color, double size);
// The same glyph without saving and restoring the painter: for many marks in a row, drawn with
// anti-aliasing already on (a save/restore per mark was a fifth of a lane's markers' cost). Sets
// the pen and brush it uses and leaves them set.
void paintMarkerGlyph(QPainter &p, const Theme &theme, MarkerKind kind, const QPointF &centre,
                      const QColor &color, double size);

// A monitor's gap over `r`: a dotted veil with dashed edges, quieter than a node's crash (the
// node may have been fine; the monitor could not see it). Lanes and legend draw the same.
void paintUnseen(QPainter &p, const QRectF &r, const Theme &theme);

// The legend wraps its items into lines of `width` px; how tall that makes it.
int legendHeight(const std::vector<LegendItem> &items, const QFont &font, int width);
void paintLegend(QPainter &p, const Theme &theme, const QFont &font,
                 const std::vector<LegendItem> &items, const QRect &r);

} // namespace lockscope::ui
