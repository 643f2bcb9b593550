// Texts laid out once and drawn many times. Drawing a label with QPainter::drawText lays it out
// and shapes it (HarfBuzz) on every frame: about a quarter of a frame went there, for the same few
// dozen texts (the lanes' names and states, "critical section", "holds lock:a"). On a raster
// device at scale 1 a text that fits its box is drawn from a QStaticText laid out once, at the
// position drawText puts it, which gives drawText's pixels (test_text_cache compares
// them); anything else (an SVG file, a scaled painter, a text wider than its box, other flags)
// keeps drawText. One cache a thread (painting happens on the GUI thread; an export on another
// thread has its own), holding a bounded number of texts per font, like Qt's own glyph caches.
#pragma once

#include <QFont>
#include <QHash>
#include <QRectF>
#include <QStaticText>
#include <QString>

#include <utility>
#include <vector>

class QPainter;
class QFontMetrics;

namespace lockscope::ui {

class TextCache {
public:
    static TextCache &forThisThread();

    // As p.drawText(r, flags, text) in the painter's font and pen. True when drawn from the
    // layout made once, false when by drawText.
    bool draw(QPainter &p, const QRectF &r, int flags, const QString &text);
    // `text` in `font` laid out once, for a caller that places it itself (a table cell placed
    // as the style places it), with the height of the line QTextLayout would make of it (the
    // font's) and, when `naturalWidth` is given, its natural width: measuring it shapes the text
    // again, so it is measured only when first asked for. Valid until the next call.
    const QStaticText &laidOut(const QFont &font, const QString &text, double *lineHeight,
                               double *naturalWidth = nullptr);
    // As fm.elidedText(text, Qt::ElideRight, width), fm being the metrics of `font`.
    QString elided(const QFont &font, const QFontMetrics &fm, const QString &text, int width);

    // Whether draw() would lay `text` out once rather than call drawText (for the test).
    static bool canDrawStatic(const QPainter &p, int flags);

private:
    struct Laid {
        QStaticText text;
        double width = 0, height = 0;     // the layout's size (its width is at least the natural
                                          // width: a last glyph's overhang is added)
        mutable double logicalWidth = -1; // the line drawText lays out: -1 until measured
        double logicalHeight = 0;
    };
    struct PerFont {
        QFont font;
        QHash<QString, Laid> laid;
        QHash<std::pair<QString, int>, QString> elided;
    };
    PerFont &of(const QFont &font);
    const Laid &laid(PerFont &font, const QString &text);
    // The natural width of `laid`'s text (QFontMetricsF::horizontalAdvance), measured once.
    static double logicalWidth(const PerFont &font, const QString &text, const Laid &laid);
    // Whether the line drawText would lay `text` out in is wider than `width`. A layout is at
    // least as wide as the line (test_text_cache checks it), so the line is measured only when
    // the layout does not fit, or when the text ends in spaces (which a layout may leave out).
    static bool wider(const PerFont &font, const QString &text, const Laid &laid, double width);

    std::vector<PerFont> m_fonts; // the most recently used last
};

} // namespace lockscope::ui
