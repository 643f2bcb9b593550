#include "cached_picture.h"

#include <QPaintEngine>

#include <cmath>

namespace lockscope::ui {

std::optional<CachedPictureBase::Target> CachedPictureBase::targetOf(const QPainter &p,
                                                                     const QRect &rect)
{
    QPaintEngine *engine = p.paintEngine();
    QPaintDevice *device = engine ? engine->paintDevice() : nullptr;
    // A copy is written with Source, which is what drawing in place gives only at full opacity
    // in plain source-over.
    // A high-DPI device is drawn in place, whether or not its scale shows in the transform.
    if (!engine || engine->type() != QPaintEngine::Raster || !device ||
        device->devType() != QInternal::Image || device->devicePixelRatio() != 1.0 ||
        rect.isEmpty() || p.opacity() != 1.0 ||
        p.compositionMode() != QPainter::CompositionMode_SourceOver)
        return std::nullopt;
    const QTransform t = p.deviceTransform();
    if (t.type() > QTransform::TxTranslate || t.dx() != std::floor(t.dx()) ||
        t.dy() != std::floor(t.dy()))
        return std::nullopt;
    const auto *image = static_cast<const QImage *>(device);
    Target target;
    target.rect = rect;
    target.translation = QPointF(t.dx(), t.dy());
    target.format = image->format();
    target.dpmX = image->dotsPerMeterX();
    target.dpmY = image->dotsPerMeterY();
    target.hints = p.renderHints();
    target.font = p.font().key();
    target.brushOrigin = p.brushOrigin();
    return target;
}

void CachedPictureBase::beginRepaint(const QPainter &p, const Target &target, QPainter &into)
{
    m_target = target;
    // The part paints every pixel: an image of the right size is drawn over, not made again (a
    // new one each frame while the lanes scroll cost its allocation and first touch).
    if (m_image.size() != target.rect.size() || m_image.format() != target.format)
        m_image = QImage(target.rect.size(), target.format);
    m_image.setDotsPerMeterX(target.dpmX);
    m_image.setDotsPerMeterY(target.dpmY);
    into.begin(&m_image);
    // The part draws in the frame's coordinates; its rectangle is the image.
    into.translate(-target.rect.topLeft());
    into.setRenderHints(target.hints);
    into.setFont(p.font());
    into.setPen(p.pen());
    into.setBrush(p.brush());
    into.setBrushOrigin(target.brushOrigin);
    into.setClipRect(target.rect);
}

void CachedPictureBase::copy(QPainter &p, const QPoint &at) const
{
    // Every pixel of the picture is the part's and opaque: copied, not blended.
    const QPainter::CompositionMode mode = p.compositionMode();
    p.setCompositionMode(QPainter::CompositionMode_Source);
    p.drawImage(at, m_image);
    p.setCompositionMode(mode);
}

} // namespace lockscope::ui
