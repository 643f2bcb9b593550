#include "rounded_bar.h"

#include <QPaintEngine>
#include <QPainter>

#include <cmath>

namespace lockscope::ui {

namespace {

bool onWholePixels(double v)
{
    return v == std::floor(v);
}

} // namespace

void RoundedBar::draw(QPainter &painter, const QRectF &rect, const QColor &colour)
{
    const int end = int(std::ceil(m_radius));
    const QTransform &t = painter.deviceTransform();
    const QPointF at = t.map(rect.topLeft());
    // An end drawn from an image lands where the painter would draw it only on whole pixels,
    // through a translation, and blended over at full opacity; the middle is whole columns only
    // between two ends.
    m_lastFromParts =
        t.type() <= QTransform::TxTranslate && painter.opacity() == 1 &&
        painter.compositionMode() == QPainter::CompositionMode_SourceOver &&
        painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster &&
        onWholePixels(at.x()) && onWholePixels(at.y()) && onWholePixels(rect.width()) &&
        onWholePixels(rect.height()) && rect.width() > 2 * end && rect.height() >= 2 * m_radius;
    if (!m_lastFromParts) {
        painter.save();
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawRoundedRect(rect, m_radius, m_radius);
        painter.restore();
        return;
    }
    const int height = int(rect.height());
    const QImage &image = ends(height, colour);
    const int width = int(rect.width());
    const QPointF left = rect.topLeft();
    painter.drawImage(left, image, QRectF(0, 0, end, height));
    painter.fillRect(QRectF(left.x() + end, left.y(), width - 2 * end, height), colour);
    painter.drawImage(QPointF(left.x() + width - end, left.y()), image,
                      QRectF(end + 1, 0, end, height));
}

const QImage &RoundedBar::ends(int height, const QColor &colour)
{
    if (height != m_height || m_ends.size() >= kMaxColours) {
        m_ends.clear();
        m_height = height;
    }
    const QRgb key = colour.rgba();
    for (const auto &[rgba, image] : m_ends) {
        if (rgba == key)
            return image;
    }
    const int end = int(std::ceil(m_radius));
    QImage image(2 * end + 1, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    p.drawRoundedRect(QRectF(0, 0, image.width(), height), m_radius, m_radius);
    p.end();
    m_ends.emplace_back(key, std::move(image));
    return m_ends.back().second;
}

} // namespace lockscope::ui
