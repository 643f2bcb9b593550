// A bar with round ends, the TTL column's track and fill: what QPainter::drawRoundedRect draws
// (antialiased, no pen), made of parts. Laying the rounded rectangle's curves out and filling them
// cost the TTL column a third of its repaint, twice a cell in every tick (issue 17); yet a bar on
// whole pixels is its two ends, the same in every cell, and a plain rectangle between them. So
// the ends are drawn once per colour into an image and blended, and the middle is filled. Where
// that would not give the same pixels (a scaled or translucent painter, a bar off whole pixels,
// one too short to have a middle, a device other than the raster engine) the bar is drawn in
// place; test_rounded_bar compares the two.
#pragma once

#include <QColor>
#include <QImage>
#include <QRectF>

#include <utility>
#include <vector>

class QPainter;

namespace lockscope::ui {

class RoundedBar {
public:
    explicit RoundedBar(double radius)
        : m_radius(radius)
    {}

    // As painter.drawRoundedRect(rect, radius, radius) with antialiasing on, no pen and a
    // `colour` brush.
    void draw(QPainter &painter, const QRectF &rect, const QColor &colour);

    // Whether the last draw() was made of parts (for the test).
    bool lastFromParts() const { return m_lastFromParts; }

private:
    // Both ends in `colour` side by side with one column of middle between them, as the painter
    // draws a bar that short: made once per colour (a table has a few, one per owner).
    const QImage &ends(int height, const QColor &colour);

    static constexpr std::size_t kMaxColours = 32;
    double m_radius;
    int m_height = -1; // of the ends made
    std::vector<std::pair<QRgb, QImage>> m_ends;
    bool m_lastFromParts = false;
};

} // namespace lockscope::ui
