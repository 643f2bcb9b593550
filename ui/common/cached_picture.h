// A part of a frame that stays the same from one frame to the next (the timeline's legend, its
// label column) drawn once into an image of the target's format and resolution, and copied while
// nothing it shows changes: drawing their texts and glyphs again was a tenth of a frame each.
//
// A copy is the same pixels as drawing in place when the part paints every pixel of its rectangle
// over an opaque background of its own, and the target is a raster image at a whole-pixel
// translation, at full opacity in plain source-over (the window's backing store, a PNG). Anything
// else (a high-DPI scale, an SVG export, a translucent painter) is drawn in place.
#pragma once

#include <QImage>
#include <QPainter>
#include <QPointF>
#include <QRect>
#include <QString>

#include <optional>

namespace lockscope::ui {

class CachedPictureBase {
public:
    // Forgets the picture: the next draw paints it again (what the key cannot see changed, e.g.
    // the language).
    void clear() { m_valid = false; }
    // A movable picture is copied wherever its rectangle is now, as long as the rectangle has the
    // size it had: for a part that looks the same wherever it is drawn (a timeline's lane as the
    // lanes scroll). The part must then not depend on where it is (a hatching anchored to the
    // part, not to the target).
    void setMovable(bool movable) { m_movable = movable; }

protected:
    // What a copy must have been drawn for besides the caller's key: the target's pixels, and
    // the painter state a part starts from.
    struct Target {
        QRect rect;          // in the painter's coordinates
        QPointF translation; // of those coordinates in the image's, whole pixels
        QImage::Format format = QImage::Format_Invalid;
        int dpmX = 0, dpmY = 0;
        QPainter::RenderHints hints;
        QString font; // QFont::key(): a QFont kept past the application's end could crash at exit
        QPointF brushOrigin; // hatched patterns line up with the target's pixels
        bool operator==(const Target &) const = default;
    };
    // Whether the picture can be copied for `target`.
    bool fits(const Target &target) const
    {
        if (!m_movable)
            return target == m_target;
        Target moved = target;
        moved.rect.moveTopLeft(m_target.rect.topLeft());
        return moved == m_target;
    }
    // The target of `p` for `rect`, or nothing when a copy would not be the same pixels.
    static std::optional<Target> targetOf(const QPainter &p, const QRect &rect);
    // A painter on the picture's image, made for `target`, in the same coordinates and state as
    // `p`.
    void beginRepaint(const QPainter &p, const Target &target, QPainter &into);
    // Copies the picture to `at`, the top left of its rectangle.
    void copy(QPainter &p, const QPoint &at) const;

    Target m_target;
    QImage m_image;
    bool m_valid = false;
    bool m_movable = false;
};

template <typename Key> class CachedPicture : public CachedPictureBase {
public:
    // Draws the part of `rect` that `paint(QPainter &)` draws, in `p`'s coordinates: from the
    // picture when `key` and the target are those it was drawn for, else drawn again first.
    // `key`: everything the part shows that the caller can see (texts, colours, rows...).
    template <typename Paint> void draw(QPainter &p, const QRect &rect, Key key, Paint paint)
    {
        const std::optional<Target> target = targetOf(p, rect);
        if (!target) {
            paint(p);
            return;
        }
        if (!m_valid || !fits(*target) || !(key == m_key)) {
            QPainter into;
            beginRepaint(p, *target, into);
            paint(into);
            into.end();
            m_key = std::move(key);
            m_valid = true;
        }
        copy(p, rect.topLeft());
    }

private:
    Key m_key{};
};

} // namespace lockscope::ui
