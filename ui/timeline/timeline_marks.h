// The glyphs of the timeline's marks (acquired, released, expired, a mistaken deletion...) and the
// legend that explains them, drawn with the same glyphs: the lanes and the legend share them.
#pragma once

#include "common/run_data.h"
#include "common/theme.h"
#include "timeline_legend.h"

#include <QFont>
#include <QRect>

#include <vector>

class QPainter;

namespace lockscope::ui {

// One mark of `kind` centred on `centre`, about 2 x `size` px across; `color` fills an
// acquisition's dot (the owner's colour), the other glyphs have colours of their own.
void paintMarker(QPainter &p, const Theme &theme, MarkerKind kind, const QPointF &centre,
                 const QColor &color, double size);
// The same glyph without saving and restoring the painter: for many marks in a row, drawn with
// anti-aliasing already on (a save/restore per mark was a fifth of a lane's markers' cost). Sets
// the pen and brush it uses and leaves them set.
void paintMarkerGlyph(QPainter &p, const Theme &theme, MarkerKind kind, const QPointF &centre,
                      const QColor &color, double size);

// A lane's marks, drawn as sprites: each glyph is rendered anti-aliased once into a small image
// per (kind, colour, size, device pixel ratio, position within the pixel to 1/16 px) and then
// copied, which costs a fraction of rasterising an anti-aliased ellipse and its outline every
// time (half of a frame's instructions when panning). The copies differ from glyphs drawn in
// place only where edge pixels round differently (by 1/32 px at most in position, and the
// rounding of blending the glyph in two steps). On a painter that is not a raster image with a
// plain translation or scale (an SVG or PDF export, a rotation), the glyphs are drawn in place,
// as vectors. Anti-aliasing is on while the object lives.
class MarkerSprites {
public:
    MarkerSprites(QPainter &p, const Theme &theme);
    ~MarkerSprites();
    MarkerSprites(const MarkerSprites &) = delete;
    MarkerSprites &operator=(const MarkerSprites &) = delete;

    void draw(MarkerKind kind, const QPointF &centre, const QColor &color, double size);

private:
    QPainter &m_p;
    const Theme &m_theme;
    bool m_sprites = false;
    bool m_translateOnly = false;
    double m_scale = 1, m_dx = 0, m_dy = 0;
};

// A monitor's gap over `r`: a dotted veil with dashed edges, quieter than a node's crash (the
// node may have been fine; the monitor could not see it). Lanes and legend draw the same.
void paintUnseen(QPainter &p, const QRectF &r, const Theme &theme);

// The legend wraps its items into lines of `width` px; how tall that makes it.
int legendHeight(const std::vector<LegendItem> &items, const QFont &font, int width);
void paintLegend(QPainter &p, const Theme &theme, const QFont &font,
                 const std::vector<LegendItem> &items, const QRect &r);

} // namespace lockscope::ui
