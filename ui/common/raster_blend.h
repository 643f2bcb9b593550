// The raster paint engine's arithmetic for a solid colour, for the few places that write pixels
// themselves (ColumnFill's columns, the timeline's tinted dots) and must leave the pixels QPainter
// would have left: test_timeline_column_fill and test_timeline_marks compare them byte for byte.
#pragma once

#include <QColor>
#include <QRgb>

namespace lockscope::ui {

// x * a / 255 for each 8-bit channel of a premultiplied pixel, rounded as the raster engine
// rounds its source-over blend.
inline QRgb byteMul(QRgb x, uint a)
{
    quint32 t = (x & 0xff00ff) * a;
    t = (t + ((t >> 8) & 0xff00ff) + 0x800080) >> 8;
    t &= 0xff00ff;
    x = ((x >> 8) & 0xff00ff) * a;
    x = x + ((x >> 8) & 0xff00ff) + 0x800080;
    x &= 0xff00ff00;
    return x | t;
}

// A colour as the raster engine blends it: premultiplied at 16 bits a channel, then rounded to 8
// (premultiplying the 8-bit colour rounds differently for one colour in fourteen).
inline QRgb enginePremultiplied(const QColor &color)
{
    return color.rgba64().premultiplied().toArgb32();
}

// `color` (premultiplied) blended source-over onto `under` where a shape covers `coverage` of the
// pixel (0..255), as an antialiased fill blends it.
inline QRgb sourceOverAt(QRgb under, QRgb color, uint coverage)
{
    if (coverage == 0)
        return under;
    const QRgb c = byteMul(color, coverage);
    return c + byteMul(under, 255 - qAlpha(c));
}

} // namespace lockscope::ui
