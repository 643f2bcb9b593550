#include "timeline_marks.h"

#include "common/cached_picture.h"
#include "common/raster_blend.h"
#include "timeline_paint_helpers.h"

#include <QHash>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include <array>
#include <cmath>

namespace lockscope::ui {

namespace {

// An item's swatch, then its text, then this much room before the next item.
int legendItemWidth(const QFontMetrics &fm, const QString &text)
{
    return 30 + fm.horizontalAdvance(text) + 16;
}

// The outline of an acquisition's dot, in the theme's text colour.
constexpr double kDotOutline = 1.5;

// A circular arrow of radius r around c: a renewal.
void renewalArrow(QPainter &p, const QPointF &c, double r, double width, const QColor &color)
{
    p.setPen(QPen(color, width));
    p.setBrush(Qt::NoBrush);
    p.drawArc(QRectF(c.x() - r, c.y() - r, r * 2, r * 2), 60 * 16, 270 * 16);
    // The head, in units of the radius.
    const QPointF tip = c + QPointF(r * 0.5, -r * (0.65 / 0.75));
    QPolygonF head;
    head << tip + QPointF(-r * (0.1 / 0.75), -r * 0.6)
         << tip + QPointF(r * (0.5 / 0.75), r * (0.05 / 0.75))
         << tip + QPointF(-r * (0.2 / 0.75), r * (0.35 / 0.75));
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPolygon(head);
}

} // namespace

void paintMarker(QPainter &p, const Theme &th, MarkerKind kind, const QPointF &c,
                 const QColor &color, double s)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    paintMarkerGlyph(p, th, kind, c, color, s);
    p.restore();
}

void paintMarkerGlyph(QPainter &p, const Theme &th, MarkerKind kind, const QPointF &c,
                      const QColor &color, double s)
{
    const QPen halo(th.base, 2.5);
    switch (kind) {
    case MarkerKind::Acquired:
        p.setPen(QPen(th.text, kDotOutline));
        p.setBrush(color);
        p.drawEllipse(c, s, s);
        break;
    case MarkerKind::Released:
        p.setPen(QPen(th.text, 2));
        p.setBrush(th.base);
        p.drawEllipse(c, s * 0.85, s * 0.85);
        break;
    case MarkerKind::ReleaseNotHeld:
        p.setPen(QPen(th.warning, 2));
        p.setBrush(th.base);
        p.drawEllipse(c, s * 0.85, s * 0.85);
        p.drawLine(c + QPointF(-s * 0.6, s * 0.6), c + QPointF(s * 0.6, -s * 0.6));
        break;
    case MarkerKind::GaveUp:
    case MarkerKind::DataLost:
        p.setPen(QPen(th.mutedText, 2.5));
        p.drawLine(c + QPointF(-s * 0.7, -s * 0.7), c + QPointF(s * 0.7, s * 0.7));
        p.drawLine(c + QPointF(-s * 0.7, s * 0.7), c + QPointF(s * 0.7, -s * 0.7));
        break;
    case MarkerKind::Crashed:
        p.setPen(QPen(th.text, 3.5));
        p.drawLine(c + QPointF(-s, -s), c + QPointF(s, s));
        p.drawLine(c + QPointF(-s, s), c + QPointF(s, -s));
        break;
    case MarkerKind::ResourceWrite: {
        QPolygonF d;
        d << c + QPointF(0, -s * 0.7) << c + QPointF(s * 0.7, 0) << c + QPointF(0, s * 0.7)
          << c + QPointF(-s * 0.7, 0);
        p.setPen(QPen(th.text, 1.2));
        p.setBrush(th.base);
        p.drawPolygon(d);
        break;
    }
    case MarkerKind::StaleRejected:
        p.setPen(halo);
        p.setBrush(th.problem);
        p.drawEllipse(c, s, s);
        p.setPen(QPen(Qt::white, 2.5));
        p.drawLine(c + QPointF(-s * 0.55, 0), c + QPointF(s * 0.55, 0));
        break;
    case MarkerKind::ReplyMissing:
        p.setPen(QPen(th.warning, 2, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(c, s * 0.8, s * 0.8);
        break;
    case MarkerKind::Expired: {
        // An hourglass.
        QPolygonF g;
        g << c + QPointF(-s * 0.75, -s) << c + QPointF(s * 0.75, -s) << c
          << c + QPointF(s * 0.75, s) << c + QPointF(-s * 0.75, s) << c;
        p.setPen(QPen(th.base, 1.2));
        p.setBrush(th.warning);
        p.drawPolygon(g);
        break;
    }
    case MarkerKind::Renewed:
        renewalArrow(p, c, s * 0.75, 2.2, th.good);
        break;
    case MarkerKind::LateRenewal:
        // The renewal's arrow, white on the warning colour: renewed, but almost too late.
        p.setPen(halo);
        p.setBrush(th.warning);
        p.drawEllipse(c, s * 1.05, s * 1.05);
        renewalArrow(p, c, s * 0.55, 1.8, Qt::white);
        break;
    case MarkerKind::Deleted:
        p.setPen(QPen(th.text, 2));
        p.drawLine(c + QPointF(0, -s * 1.1), c + QPointF(0, s * 1.1));
        break;
    case MarkerKind::MistakenDeletion:
        p.setPen(QPen(th.base, 6.5, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(c + QPointF(-s, -s), c + QPointF(s, s));
        p.drawLine(c + QPointF(-s, s), c + QPointF(s, -s));
        p.setPen(QPen(th.problem, 3.5, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(c + QPointF(-s, -s), c + QPointF(s, s));
        p.drawLine(c + QPointF(-s, s), c + QPointF(s, -s));
        break;
    case MarkerKind::NodeDown:
    case MarkerKind::NodeUp: {
        const double dir = kind == MarkerKind::NodeDown ? 1 : -1;
        QPolygonF t;
        t << c + QPointF(-s, -s * dir) << c + QPointF(s, -s * dir) << c + QPointF(0, s * dir);
        p.setPen(halo);
        p.setBrush(kind == MarkerKind::NodeDown ? th.crashed : th.good);
        p.drawPolygon(t);
        break;
    }
    case MarkerKind::Failover:
    case MarkerKind::ClockJump: {
        const QColor col = kind == MarkerKind::Failover ? th.selection : th.warning;
        p.setPen(QPen(col, 2.5));
        for (double dx : {-s * 0.5, s * 0.3}) {
            p.drawLine(c + QPointF(dx - s * 0.3, -s * 0.7), c + QPointF(dx + s * 0.3, 0));
            p.drawLine(c + QPointF(dx + s * 0.3, 0), c + QPointF(dx - s * 0.3, s * 0.7));
        }
        break;
    }
    }
}

namespace {

// A sprite: the glyph, its colours, its size and scale, and where its centre falls within a
// device pixel, in sixteenths.
struct SpriteKey {
    MarkerKind kind;
    QRgb color;
    qint64 size;  // in 1/1024 px
    qint64 scale; // in 1/1024
    int phaseX, phaseY;
    bool operator==(const SpriteKey &) const = default;
};

size_t qHash(const SpriteKey &k, size_t seed = 0)
{
    return qHashMulti(seed, int(k.kind), k.color, k.size, k.scale, k.phaseX, k.phaseY);
}

struct Sprite {
    QImage image;
    int margin = 0; // from the image's corner to the pixel holding the glyph's centre
};

// The theme's colours a glyph can use: a change of theme empties the cache.
std::array<QRgb, 9> glyphColors(const Theme &th)
{
    return {th.base.rgba(),    th.text.rgba(),      th.mutedText.rgba(),
            th.warning.rgba(), th.problem.rgba(),   th.good.rgba(),
            th.crashed.rgba(), th.selection.rgba(), th.paused.rgba()};
}

// An acquisition's dot, the one glyph in the owner's colour, as coverage (0..255 a pixel): its
// disc and its outline, each the alpha of the shape drawn alone in opaque white. Rendered once a
// size and phase, then tinted for each owner with the raster engine's own blend: the pixels of
// rendering the dot for each owner (test_timeline_marks compares them byte for byte) without
// rasterising it again. With 100 owners, 400 of the zoom's 448 sprites were dots, each an
// antialiased ellipse filled and stroked (75,000 instructions): the first frame with marks went
// from 27.7 M instructions to 18.8 M.
struct DotCoverage {
    std::vector<uchar> disc, outline;
};

struct SpriteCache {
    std::array<QRgb, 9> colors{};
    QHash<SpriteKey, Sprite> sprites;
    QHash<SpriteKey, DotCoverage> dots; // keyed without a colour
    void clear()
    {
        sprites.clear();
        dots.clear();
    }
};

// A transparent `side` x `side` image with what `paint` draws, antialiased, at `scale`.
template <typename Paint> QImage renderSprite(int side, double scale, Paint &&paint)
{
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter sp(&image);
    sp.setRenderHint(QPainter::Antialiasing, true);
    sp.scale(scale, scale);
    paint(sp);
    return image;
}

std::vector<uchar> coverageOf(const QImage &white)
{
    std::vector<uchar> coverage(size_t(white.width()) * size_t(white.height()));
    auto out = coverage.begin();
    for (int y = 0; y < white.height(); ++y) {
        const auto *row = reinterpret_cast<const QRgb *>(white.constScanLine(y));
        for (int x = 0; x < white.width(); ++x)
            *out++ = uchar(qAlpha(row[x]));
    }
    return coverage;
}

DotCoverage dotCoverage(int side, double scale, const QPointF &centre, double size)
{
    DotCoverage dot;
    dot.disc = coverageOf(renderSprite(side, scale, [&](QPainter &sp) {
        sp.setPen(Qt::NoPen);
        sp.setBrush(Qt::white);
        sp.drawEllipse(centre, size, size);
    }));
    dot.outline = coverageOf(renderSprite(side, scale, [&](QPainter &sp) {
        sp.setPen(QPen(Qt::white, kDotOutline));
        sp.setBrush(Qt::NoBrush);
        sp.drawEllipse(centre, size, size);
    }));
    return dot;
}

// The dot filled with `fill` and outlined with `outline`, as drawEllipse leaves it on a
// transparent image: the disc blended first, the outline over it.
QImage tintedDot(const DotCoverage &dot, int side, const QColor &fill, const QColor &outline)
{
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    const QRgb f = enginePremultiplied(fill), o = enginePremultiplied(outline);
    size_t i = 0;
    for (int y = 0; y < side; ++y) {
        auto *row = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < side; ++x, ++i)
            row[x] = sourceOverAt(sourceOverAt(0, f, dot.disc[i]), o, dot.outline[i]);
    }
    return image;
}

// Painting happens on the GUI thread, an export maybe on another: one cache a thread. Kept
// across paints (a lane's glyphs are the same from frame to frame), emptied when it holds this
// many (a few MB at most).
constexpr qsizetype kMaxSprites = 4096;
thread_local SpriteCache t_sprites;

} // namespace

MarkerSprites::MarkerSprites(QPainter &p, const Theme &theme)
    : m_p(p)
    , m_theme(theme)
{
    m_p.save();
    m_p.setRenderHint(QPainter::Antialiasing, true);
    const QTransform t = m_p.deviceTransform();
    const bool raster = m_p.paintEngine() && m_p.paintEngine()->type() == QPaintEngine::Raster;
    // Copies land on whole device pixels: a translation by whole pixels, or a uniform scale
    // (a high-DPI screen), whose copies are drawn in device pixels.
    m_translateOnly = t.type() == QTransform::TxTranslate || t.type() == QTransform::TxNone;
    const bool wholePixels = t.dx() == std::floor(t.dx()) && t.dy() == std::floor(t.dy());
    m_sprites =
        raster && wholePixels &&
        (m_translateOnly || (t.type() == QTransform::TxScale && t.m11() == t.m22() && t.m11() > 0));
    m_scale = t.m11();
    m_dx = t.dx();
    m_dy = t.dy();
    if (m_sprites) {
        const auto colors = glyphColors(theme);
        if (colors != t_sprites.colors) {
            t_sprites.clear();
            t_sprites.colors = colors;
        }
    }
}

MarkerSprites::~MarkerSprites()
{
    m_p.restore();
}

void MarkerSprites::draw(MarkerKind kind, const QPointF &centre, const QColor &color, double size)
{
    if (!m_sprites) {
        paintMarkerGlyph(m_p, m_theme, kind, centre, color, size);
        return;
    }
    // The centre in device pixels: a whole pixel and a phase in sixteenths.
    const double dx = centre.x() * m_scale + m_dx, dy = centre.y() * m_scale + m_dy;
    double ix = std::floor(dx), iy = std::floor(dy);
    int phaseX = int(std::lround((dx - ix) * 16)), phaseY = int(std::lround((dy - iy) * 16));
    if (phaseX == 16) {
        ix += 1;
        phaseX = 0;
    }
    if (phaseY == 16) {
        iy += 1;
        phaseY = 0;
    }
    // Only an acquisition's dot is in the owner's colour; the other glyphs draw in the theme's
    // colours whatever `color` is, so one sprite serves every owner (a colour in their key made
    // the zoom render each glyph once per owner: 1,457 sprites instead of 448).
    const QRgb spriteColor = kind == MarkerKind::Acquired ? color.rgba() : 0;
    const SpriteKey key{
        kind, spriteColor, std::llround(size * 1024), std::llround(m_scale * 1024), phaseX, phaseY};
    auto it = t_sprites.sprites.constFind(key);
    if (it == t_sprites.sprites.constEnd()) {
        if (t_sprites.sprites.size() >= kMaxSprites)
            t_sprites.clear();
        Sprite sprite;
        // Room for the widest glyph: lines to 1.1 x size with square or round caps of pens up to
        // 6.5 px.
        sprite.margin = int(std::ceil((size * 1.1 + 5) * m_scale)) + 1;
        const int side = 2 * sprite.margin + 1;
        const QPointF at((sprite.margin + phaseX / 16.0) / m_scale,
                         (sprite.margin + phaseY / 16.0) / m_scale);
        if (kind == MarkerKind::Acquired) {
            SpriteKey shape = key;
            shape.color = 0;
            auto dot = t_sprites.dots.constFind(shape);
            if (dot == t_sprites.dots.constEnd())
                dot = t_sprites.dots.insert(shape, dotCoverage(side, m_scale, at, size));
            sprite.image = tintedDot(*dot, side, color, m_theme.text);
        } else {
            sprite.image = renderSprite(side, m_scale, [&](QPainter &sp) {
                paintMarkerGlyph(sp, m_theme, kind, at, color, size);
            });
        }
        it = t_sprites.sprites.insert(key, sprite);
    }
    const QPoint device(int(ix) - it->margin, int(iy) - it->margin);
    if (m_translateOnly) {
        m_p.drawImage(QPointF(device.x() - m_dx, device.y() - m_dy), it->image);
        return;
    }
    // Scaled (a high-DPI screen): copied in device pixels, under the same clip.
    const QTransform t = m_p.worldTransform();
    m_p.resetTransform();
    m_p.drawImage(device, it->image);
    m_p.setWorldTransform(t);
}

void paintUnseen(QPainter &p, const QRectF &r, const Theme &th)
{
    p.fillRect(r, withAlpha(th.base, 150)); // what lies beneath shows, dimmed
    p.fillRect(r, QBrush(withAlpha(th.mutedText, 170), Qt::Dense6Pattern));
    p.setPen(QPen(th.mutedText, 1, Qt::DashLine));
    p.drawLine(r.topLeft(), r.bottomLeft());
    p.drawLine(r.topRight(), r.bottomRight());
}

int legendHeight(const std::vector<LegendItem> &items, const QFont &font, int width)
{
    if (items.empty()) // no legend (a second timeline under one that has it)
        return 0;
    // Laid out as paintLegend() lays it out.
    const QFontMetrics fm(font);
    int x = 8, lines = 1;
    for (const LegendItem &item : items) {
        const int w = legendItemWidth(fm, legendText(item));
        if (x + w > width - 8 && x > 8) {
            ++lines;
            x = 8;
        }
        x += w;
    }
    return lines * (fm.height() + 8) + 6;
}

namespace {

void paintLegendInPlace(QPainter &p, const Theme &th, const QFont &font,
                        const std::vector<LegendItem> &items, const QRect &r)
{
    p.save();
    p.fillRect(r, th.header);
    p.setPen(th.grid);
    p.drawLine(r.topLeft(), r.topRight());
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm(font);
    const QColor c = th.client(0);
    const int lineH = fm.height() + 8;
    int x = r.left() + 8, y = r.top() + 4;
    auto item = [&](const QString &text, auto drawSwatch) {
        const int w = legendItemWidth(fm, text);
        if (x + w > r.right() - 8 && x > r.left() + 8) {
            x = r.left() + 8;
            y += lineH;
        }
        const QRectF sw(x, y + (lineH - 14) / 2.0, 24, 14);
        drawSwatch(sw);
        p.setPen(th.text);
        p.drawText(QRect(x + 30, y, w - 30, lineH), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += w;
    };
    const double ms = 6.5;
    using Swatch = LegendItem::Swatch;
    for (const LegendItem &legend : items) {
        item(legendText(legend), [&](const QRectF &s) {
            switch (legend.swatch) {
            case Swatch::Waiting:
                p.fillRect(s.adjusted(0, 4, 0, -4), withAlpha(c, th.dark ? 110 : 85));
                break;
            case Swatch::Holding:
                p.fillRect(s.adjusted(0, 2, 0, -2), withAlpha(c, 150));
                break;
            case Swatch::Critical:
                p.fillRect(s, c);
                break;
            case Swatch::Paused:
                p.fillRect(s, QBrush(th.paused, Qt::BDiagPattern));
                p.setPen(QPen(th.paused, 1, Qt::DashLine));
                p.drawLine(s.topLeft(), s.topRight());
                p.drawLine(s.bottomLeft(), s.bottomRight());
                break;
            case Swatch::Crashed:
                p.fillRect(s.adjusted(0, 3, 0, -3), QBrush(th.crashed, Qt::Dense4Pattern));
                break;
            case Swatch::TtlLeft: {
                p.fillRect(s, withAlpha(c, th.dark ? 60 : 45));
                QPolygonF w;
                w << s.bottomLeft() << s.topLeft() << s.bottomRight();
                p.setPen(Qt::NoPen);
                p.setBrush(withAlpha(c, 210));
                p.drawPolygon(w);
                break;
            }
            case Swatch::NoTtl:
                p.fillRect(s, withAlpha(c, 150));
                p.setPen(QPen(th.problem, 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(s.adjusted(1, 1, -1, -1));
                break;
            case Swatch::TwoHolders:
                p.fillRect(s, withAlpha(th.problem, th.dark ? 70 : 55));
                p.setPen(QPen(th.problem, 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(s.adjusted(1, 1, -1, -1));
                break;
            case Swatch::NodeDown:
                p.fillRect(s, QBrush(th.crashed, Qt::DiagCrossPattern));
                break;
            case Swatch::Unseen:
                paintUnseen(p, s, th);
                break;
            case Swatch::Command: {
                // As along a client lane's bottom edge: a few ticks.
                p.setPen(QPen(withAlpha(c, 200), 1));
                for (double dx : {4.5, 9.5, 12.5, 19.5})
                    p.drawLine(QPointF(s.left() + dx, s.bottom() - 4),
                               QPointF(s.left() + dx, s.bottom()));
                break;
            }
            case Swatch::Caption: {
                // As on the time axis.
                const double fx = s.left() + 8, top = s.top();
                QPainterPath flag;
                flag.moveTo(fx, top);
                flag.lineTo(fx + 9, top + 4);
                flag.lineTo(fx, top + 8);
                flag.closeSubpath();
                p.setPen(QPen(th.selection, 1.5));
                p.drawLine(QPointF(fx, top), QPointF(fx, top + 12));
                p.fillPath(flag, th.selection);
                break;
            }
            case Swatch::Marker:
                paintMarker(p, th, legend.marker, s.center(), c, ms);
                break;
            }
        });
    }
    p.restore();
}

// What the legend shows: its items' words and swatches, and the colours they are drawn in.
struct LegendKey {
    QStringList texts;
    std::vector<std::pair<int, int>> kinds; // swatch, marker
    std::array<QRgb, 9> colors{};
    QRgb header = 0, grid = 0, client = 0;
    QString font;
    QSize size;
    bool operator==(const LegendKey &) const = default;
};
thread_local CachedPicture<LegendKey> t_legend;

} // namespace

// The legend is the same from one frame to the next: drawn once and copied while nothing it shows
// changes (see CachedPicture). It lies on its own opaque background, the header's colour.
void paintLegend(QPainter &p, const Theme &th, const QFont &font,
                 const std::vector<LegendItem> &items, const QRect &r)
{
    const auto inPlace = [&](QPainter &into) { paintLegendInPlace(into, th, font, items, r); };
    if (th.header.alpha() != 255 || items.empty()) {
        inPlace(p);
        return;
    }
    LegendKey key;
    for (const LegendItem &item : items) {
        key.texts << legendText(item);
        key.kinds.emplace_back(int(item.swatch), int(item.marker));
    }
    key.colors = glyphColors(th);
    key.header = th.header.rgba();
    key.grid = th.grid.rgba();
    key.client = th.client(0).rgba();
    key.font = font.key();
    key.size = r.size();
    t_legend.draw(p, r, std::move(key), inPlace);
}

} // namespace lockscope::ui
