#include "timeline_column_fill.h"

#include "common/raster_blend.h"

#include <QImage>
#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace lockscope::ui {

namespace {

// From this many pixels a row, a translucent fill is left to QPainter: its blend is vectorised,
// ours a pixel at a time (an opaque one is a plain std::fill either way).
constexpr int kWideTranslucent = 32;

} // namespace

ColumnFill::ColumnFill(QPainter &p, bool direct)
    : m_p(p)
{
    if (!direct)
        return;
    // The direct path only where its pixels are QPainter's: a raster engine on a 32-bit
    // premultiplied (or opaque) image, no scaling, no antialiasing, plain source-over at full
    // opacity, and a clip that is one rectangle.
    QPaintEngine *engine = p.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster)
        return;
    QPaintDevice *device = engine->paintDevice();
    if (!device || device->devType() != QInternal::Image)
        return;
    auto *image = static_cast<QImage *>(device);
    if (image->format() != QImage::Format_ARGB32_Premultiplied &&
        image->format() != QImage::Format_RGB32)
        return;
    const QTransform t = p.deviceTransform();
    // A translation by whole pixels only: the clip is mapped exactly.
    if (t.type() > QTransform::TxTranslate || t.dx() != std::floor(t.dx()) ||
        t.dy() != std::floor(t.dy()) || p.testRenderHint(QPainter::Antialiasing) ||
        p.compositionMode() != QPainter::CompositionMode_SourceOver || p.opacity() != 1.0)
        return;
    QRect clip = image->rect();
    if (p.hasClipping()) {
        const QRegion region = p.clipRegion();
        if (region.rectCount() > 1)
            return;
        clip &= region.boundingRect().translated(int(t.dx()), int(t.dy()));
    }
    const QRegion system = engine->systemClip();
    if (!system.isEmpty()) {
        if (system.rectCount() > 1)
            return;
        clip &= system.boundingRect();
    }
    // The buffer the painter draws into (QPainter::begin detached it): written through the const
    // accessor so that the image is not detached from it again.
    m_bits = const_cast<uchar *>(image->constBits());
    m_stride = image->bytesPerLine() / 4;
    m_dx = t.dx();
    m_dy = t.dy();
    m_clip = clip;
}

QRgb ColumnFill::premultipliedOf(const QColor &color)
{
    for (int i = 0; i < m_recentCount; ++i) {
        if (sameColor(m_recent[i].color, color))
            return m_recent[i].rgb;
    }
    // The oldest is replaced.
    Premultiplied &slot = m_recent[m_recentNext];
    m_recentNext = (m_recentNext + 1) % int(std::size(m_recent));
    m_recentCount = qMin(m_recentCount + 1, int(std::size(m_recent)));
    slot.color = color;
    slot.rgb = enginePremultiplied(color);
    return slot.rgb;
}

bool ColumnFill::sameTranslation() const
{
    // Compared field by field: building a QTransform to compare with cost more than the fill.
    const QTransform &t = m_p.deviceTransform();
    return t.m11() == 1 && t.m12() == 0 && t.m13() == 0 && t.m21() == 0 && t.m22() == 1 &&
           t.m23() == 0 && t.m33() == 1 && t.dx() == m_dx && t.dy() == m_dy;
}

void ColumnFill::drawQueued()
{
    if (m_queued == 0)
        return;
    // The painter's state as when the direct path was chosen (a caller that turned on
    // antialiasing or moved the painter since gets QPainter's own fill).
    const bool direct = m_bits && !m_p.testRenderHint(QPainter::Antialiasing) && sameTranslation();
    for (int i = 0; i < m_queued; ++i) {
        const Rect &r = m_queue[i];
        if (direct)
            fill(r);
        else
            m_p.fillRect(QRectF(r.x, r.top, r.width, r.height), r.color);
    }
    m_queued = 0;
}

void ColumnFill::fill(const Rect &r)
{
    // The pixels a non-antialiased fill covers: its edges rounded to whole pixels, within the
    // clip.
    const int left = qMax(qRound(r.x + m_dx), m_clip.left());
    const int right = qMin(qRound(r.x + r.width + m_dx) - 1, m_clip.right());
    const int top = qMax(qRound(r.top + m_dy), m_clip.top());
    const int bottom = qMin(qRound(r.top + r.height + m_dy) - 1, m_clip.bottom());
    if (left > right || top > bottom)
        return;
    const QRgb c = premultipliedOf(r.color);
    const uint inverse = 255 - qAlpha(c);
    if (inverse != 0 && right - left >= kWideTranslucent) {
        m_p.fillRect(QRectF(r.x, r.top, r.width, r.height), r.color);
        return;
    }
    // Mostly one pixel a row: the rows are walked with a pointer, and the inner loops are
    // short enough that the call to std::fill they replaced cost more than the pixels. A single
    // column (most of them) has no inner loop at all.
    const int width = right - left + 1;
    QRgb *row = reinterpret_cast<QRgb *>(m_bits) + qsizetype(top) * m_stride + left;
    const QRgb *const end = row + qsizetype(bottom - top + 1) * m_stride;
    if (inverse == 0) {
        if (width == 1) {
            for (; row != end; row += m_stride)
                *row = c;
            return;
        }
        for (; row != end; row += m_stride)
            for (int x = 0; x < width; ++x)
                row[x] = c;
        return;
    }
    // What lies under a column is mostly one colour all the way down (the lane's background, a
    // grid line, the span drawn before): a pixel like the one before it is blended as that one
    // was, rather than again (the blend was two thirds of a whole-run frame's fills).
    QRgb under = ~row[0], blended = 0;
    const auto blend = [&](QRgb &pixel) {
        if (pixel != under) {
            under = pixel;
            blended = c + byteMul(under, inverse);
        }
        pixel = blended;
    };
    if (width == 1) {
        for (; row != end; row += m_stride)
            blend(*row);
        return;
    }
    for (; row != end; row += m_stride)
        for (int x = 0; x < width; ++x)
            blend(row[x]);
}

} // namespace lockscope::ui
