// Fills the one-pixel columns of merged spans (where spans crowd closer than a pixel, one stands
// for each column). With the whole run in view, a lane is almost all such columns, their colours
// alternating (waiting, holding, waiting...), so most of a frame was QPainter::fillRect calls of
// one pixel's width, each costing several hundred instructions of painter and engine set-up for
// a dozen pixels. On a raster image (the widget's backing store, a PNG, the benchmark) the
// columns are blended straight into the image's pixels, with the arithmetic and the pixel
// coverage of QPainter's own non-antialiased solid fill, so the picture is the same to the bit
// (test_timeline_column_fill compares the two). Anything else (an SVG file, a printer, a scaled
// or rotated painter, a clip that is not one rectangle) keeps QPainter::fillRect.
#pragma once

#include <QColor>
#include <QRect>
#include <QRgb>

#include <cstring>

class QPainter;

namespace lockscope::ui {

class ColumnFill {
public:
    // `direct`: false keeps QPainter::fillRect everywhere (what the test compares with).
    explicit ColumnFill(QPainter &p, bool direct = true);
    ~ColumnFill() { flush(); }
    ColumnFill(const ColumnFill &) = delete;
    ColumnFill &operator=(const ColumnFill &) = delete;

    // A column one pixel wide at x (logical coordinates, as for fillRect). Adjacent columns of
    // the same height and colour become one rectangle.
    void add(double x, double top, double height, const QColor &color)
    {
        addRect(x, top, 1, height, color);
    }
    // A rectangle as fillRect(QRectF(x, top, width, height), color) fills it: the spans a pixel
    // or a few wide, between merged columns, took a fifth of a frame as fillRect calls. Wide
    // ones (and wide runs of merged columns with a translucent colour) keep fillRect, whose
    // blending loop is vectorised.
    void addRect(double x, double top, double width, double height, const QColor &color)
    {
        if (m_width > 0 && x == m_x + m_width && top == m_top && height == m_height &&
            sameColor(color, m_color)) {
            m_width += width;
            return;
        }
        queuePending();
        m_x = x;
        m_top = top;
        m_height = height;
        m_color = color;
        m_width = width;
    }
    // Draws what is pending. Whatever else is drawn over or under the columns must flush first,
    // so that what overlaps keeps its order.
    void flush()
    {
        queuePending();
        drawQueued();
    }

    // Whether the columns go straight into the image's pixels (for the test).
    bool direct() const { return m_bits != nullptr; }

private:
    // A rectangle as added (and merged with its neighbours), waiting to be drawn.
    struct Rect {
        double x, top, width, height;
        QColor color;
    };
    // Rectangles are drawn a batch at a time, at flush() or when this many wait: whether the
    // painter still allows the direct path is asked once a batch, not once a rectangle (a fifth
    // of the fills' cost). Nothing else draws until flush(), so the order is kept.
    static constexpr int kBatch = 256;
    void queuePending()
    {
        if (m_width <= 0)
            return;
        if (m_queued == kBatch)
            drawQueued();
        m_queue[m_queued++] = {m_x, m_top, m_width, m_height, m_color};
        m_width = 0;
    }
    void drawQueued();
    void fill(const Rect &r);
    bool sameTranslation() const;
    // The colour as the raster engine blends it, from a few remembered (a lane alternates
    // between three or four colours; converting one cost 190 instructions a column).
    QRgb premultipliedOf(const QColor &color);
    // Equal bytes are equal colours (QColor's operator== is out of line and costs more than a
    // column); colours equal in another spec only miss the shortcut. Only the colour's own bytes
    // are compared, its spec and five channels: the two bytes after them are padding, left as
    // whatever was on the stack where a copy was made, so that equal colours compared unequal at
    // random and a lane's columns stopped merging (a third of one frame's instructions).
    static constexpr std::size_t kColorBytes = sizeof(QColor::Spec) + 5 * sizeof(ushort);
    static_assert(kColorBytes <= sizeof(QColor));
    static bool sameColor(const QColor &a, const QColor &b)
    {
        return std::memcmp(static_cast<const void *>(&a), static_cast<const void *>(&b),
                           kColorBytes) == 0;
    }

    QPainter &m_p;
    double m_x = 0, m_top = 0, m_height = 0, m_width = 0;
    QColor m_color;
    Rect m_queue[kBatch];
    int m_queued = 0;
    // The direct path: the image's pixels, its row length in pixels, the painter's translation
    // and the clip in device pixels.
    uchar *m_bits = nullptr;
    qsizetype m_stride = 0;
    double m_dx = 0, m_dy = 0;
    QRect m_clip;
    struct Premultiplied {
        QColor color;
        QRgb rgb = 0;
    };
    Premultiplied m_recent[4];
    int m_recentCount = 0, m_recentNext = 0;
};

} // namespace lockscope::ui
