#include "text_cache.h"

#include <QFontMetrics>
#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>

#include <cmath>

namespace lockscope::ui {

namespace {

// Texts kept per font before they are all dropped (a status line that changes with the play
// head would otherwise grow the cache for ever), and fonts kept.
constexpr qsizetype kMaxTexts = 2048;
constexpr std::size_t kMaxFonts = 6;

} // namespace

TextCache &TextCache::forThisThread()
{
    thread_local TextCache cache;
    return cache;
}

TextCache::PerFont &TextCache::of(const QFont &font)
{
    for (auto it = m_fonts.rbegin(); it != m_fonts.rend(); ++it) {
        if (it->font == font) {
            if (it != m_fonts.rbegin())
                std::swap(*it, m_fonts.back());
            return m_fonts.back();
        }
    }
    if (m_fonts.size() >= kMaxFonts)
        m_fonts.erase(m_fonts.begin());
    m_fonts.push_back(PerFont{font, {}, {}});
    return m_fonts.back();
}

bool TextCache::canDrawStatic(const QPainter &p, int flags)
{
    if (flags != int(Qt::AlignLeft | Qt::AlignVCenter) && flags != int(Qt::AlignCenter))
        return false;
    const QPaintEngine *engine = p.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster)
        return false;
    const QTransform &t = p.deviceTransform();
    return t.m11() == 1 && t.m12() == 0 && t.m13() == 0 && t.m21() == 0 && t.m22() == 1 &&
           t.m23() == 0 && t.m33() == 1;
}

bool TextCache::draw(QPainter &p, const QRectF &r, int flags, const QString &text)
{
    if (!canDrawStatic(p, flags) || text.isEmpty() || text.contains(QLatin1Char('\n')) ||
        text.contains(QLatin1Char('\t'))) {
        p.drawText(r, flags, text);
        return false;
    }
    PerFont &per = of(p.font());
    const Laid *it = &laid(per, text);
    // Where drawText puts a line that fits: centred vertically on the font's height, at the
    // left or centred on its natural width.
    const double x = flags == int(Qt::AlignCenter) ? r.x() + (r.width() - it->width) / 2 : r.x();
    const QPointF at(x, r.y() + (r.height() - it->height) / 2);
    // A text wider or higher than its box drawText clips to the box, and places otherwise: left
    // to drawText. In a box at a fraction of a pixel drawText rounds the position otherwise (in
    // some fonts, not antialiased): only whole-pixel boxes are drawn from the layout (callers
    // that can move a box by a fraction of a pixel use onWholePixels()).
    const bool whole = r.x() == std::floor(r.x()) && r.y() == std::floor(r.y()) &&
                       r.width() == std::floor(r.width()) && r.height() == std::floor(r.height());
    if (!whole || it->logicalHeight > r.height() || wider(per, text, *it, r.width())) {
        p.drawText(r, flags, text);
        return false;
    }
    p.drawStaticText(at, it->text);
    return true;
}

const TextCache::Laid &TextCache::laid(PerFont &font, const QString &text)
{
    auto it = font.laid.find(text);
    if (it != font.laid.end())
        return *it;
    if (font.laid.size() >= kMaxTexts)
        font.laid.clear();
    Laid laid;
    laid.text = QStaticText(text);
    laid.text.setTextFormat(Qt::PlainText);
    laid.text.prepare(QTransform(), font.font);
    laid.width = laid.text.size().width();
    // The box drawText lays the line out in: its natural width and the font's height. When
    // that fits the box drawText draws without a clip (glyphs that reach past the box, a J's
    // hook, are not cut), and so does drawStaticText.
    const QFontMetricsF fm(font.font);
    laid.height = QFontMetrics(font.font).height();
    laid.logicalHeight = fm.height();
    return *font.laid.insert(text, laid);
}

double TextCache::logicalWidth(const PerFont &font, const QString &text, const Laid &laid)
{
    if (laid.logicalWidth < 0) // shaping the text again: a third of a new text's cost
        laid.logicalWidth = QFontMetricsF(font.font).horizontalAdvance(text);
    return laid.logicalWidth;
}

bool TextCache::wider(const PerFont &font, const QString &text, const Laid &laid, double width)
{
    if (laid.width <= width && !text.isEmpty() && !text.back().isSpace())
        return false;
    return logicalWidth(font, text, laid) > width;
}

const QStaticText &TextCache::laidOut(const QFont &font, const QString &text, double *lineHeight,
                                      double *naturalWidth)
{
    PerFont &per = of(font);
    const Laid &line = laid(per, text);
    *lineHeight = line.logicalHeight;
    if (naturalWidth)
        *naturalWidth = logicalWidth(per, text, line);
    return line.text;
}

QString TextCache::elided(const QFont &font, const QFontMetrics &fm, const QString &text, int width)
{
    PerFont &per = of(font);
    const std::pair<QString, int> key(text, width);
    const auto it = per.elided.constFind(key);
    if (it != per.elided.constEnd())
        return *it;
    if (per.elided.size() >= kMaxTexts)
        per.elided.clear();
    const QString shown = fm.elidedText(text, Qt::ElideRight, width);
    per.elided.insert(key, shown);
    return shown;
}

} // namespace lockscope::ui
