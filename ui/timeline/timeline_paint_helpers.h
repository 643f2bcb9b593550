// Small drawing helpers shared by the timeline's painters (frame, lanes, legend).
#pragma once

#include <QColor>
#include <QFontMetrics>
#include <QPainter>

namespace lockscope::ui {

inline QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

// A rounded label with its text centred, in the painter's font: "paused", "no TTL", "expired".
inline void drawPill(QPainter &p, const QPointF &topLeft, const QString &text, const QColor &fill,
                     const QColor &textColor)
{
    const QFontMetrics fm(p.font());
    const QRectF r(topLeft.x(), topLeft.y(), fm.horizontalAdvance(text) + 10, fm.height() + 2);
    const bool aa = p.testRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(r, r.height() / 2, r.height() / 2);
    p.setPen(textColor);
    p.drawText(r, Qt::AlignCenter, text);
    p.setBrush(Qt::NoBrush);
    p.setRenderHint(QPainter::Antialiasing, aa);
}

} // namespace lockscope::ui
