// Small drawing helpers shared by the timeline's painters (frame, lanes, legend).
#pragma once

#include "common/text_cache.h"

#include <QColor>
#include <QFontMetrics>
#include <QPainter>

#include <cmath>

namespace lockscope::ui {

inline QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

// A text's box moved to whole pixels (by at most half a pixel, and a fraction wider or higher),
// where TextCache draws the text from a layout made once. At a fraction of a pixel drawText
// lays the text out and shapes it again on every frame: a sixth of a frame with the whole run in
// view went there.
// Positions worked out from a lane's rectangle are often a half pixel in exact arithmetic (the
// middle of an even height); the floating-point noise of the sums that made them must not decide
// which way they round, or a label hops a pixel against its bar as the lanes scroll. So a value is
// first snapped to 1/256 px (far below what shows, far above the noise), and halves round up,
// the same on both sides of zero (test_timeline_scroll).
inline double wholePixel(double v)
{
    return std::floor(std::round(v * 256) / 256 + 0.5);
}
inline QRectF onWholePixels(const QRectF &r)
{
    return QRectF(wholePixel(r.x()), wholePixel(r.y()),
                  std::ceil(std::round(r.width() * 256) / 256),
                  std::ceil(std::round(r.height() * 256) / 256));
}

// A rounded label with its text centred, in the painter's font: "paused", "no TTL", "expired".
// `textWidth` and `fontHeight`: the text's advance and the height of the painter's font, when the
// caller has them already (measuring a text costs more than drawing the pill).
inline void drawPill(QPainter &p, const QPointF &topLeft, const QString &text, const QColor &fill,
                     const QColor &textColor, int textWidth, int fontHeight)
{
    const QRectF r =
        onWholePixels(QRectF(topLeft.x(), topLeft.y(), textWidth + 10, fontHeight + 2));
    const bool aa = p.testRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(r, r.height() / 2, r.height() / 2);
    p.setPen(textColor);
    TextCache::forThisThread().draw(p, r, Qt::AlignCenter, text);
    p.setBrush(Qt::NoBrush);
    p.setRenderHint(QPainter::Antialiasing, aa);
}

inline void drawPill(QPainter &p, const QPointF &topLeft, const QString &text, const QColor &fill,
                     const QColor &textColor)
{
    const QFontMetrics fm(p.font());
    drawPill(p, topLeft, text, fill, textColor, fm.horizontalAdvance(text), fm.height());
}

} // namespace lockscope::ui
