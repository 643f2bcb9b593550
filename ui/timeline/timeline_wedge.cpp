#include "timeline_wedge.h"

#include "timeline_column_fill.h"

#include <QPainter>
#include <QPolygonF>

#include <cmath>

namespace lockscope::ui {

void paintTtlWedge(QPainter &p, ColumnFill &columns, double a, double b, double topA, double topB,
                   double bottom, const QColor &color)
{
    if (b - a < kNarrowWedge) {
        // The pixel columns a fill from a to b covers (their middles within [a, b)).
        const double first = std::floor(a + 0.5), end = std::floor(b + 0.5);
        for (double x = first; x < end; ++x) {
            const double top = topA + (topB - topA) * (x + 0.5 - a) / (b - a);
            columns.add(x, top, bottom - top, color);
        }
        return;
    }
    columns.flush();
    QPolygonF wedge;
    wedge << QPointF(a, bottom) << QPointF(a, topA) << QPointF(b, topB) << QPointF(b, bottom);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    const bool antialiased = p.testRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.drawPolygon(wedge);
    p.setRenderHint(QPainter::Antialiasing, antialiased);
    p.setBrush(Qt::NoBrush);
}

} // namespace lockscope::ui
