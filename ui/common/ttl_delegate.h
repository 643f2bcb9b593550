// Paints the TTL column of the key table: a bar that drains as the playback clock runs, the time
// left beside it, and a red "no TTL" badge for a key that will never expire. The time left changes
// every tick in every row in view: its text is drawn from TextCache's layouts, and the room kept
// for it is measured once per font, not shaped again in every cell of every paint; the bar is
// drawn from parts made once (RoundedBar).
#pragma once

#include "cell_look.h"
#include "rounded_bar.h"
#include "theme.h"

#include <QFont>
#include <QHash>
#include <QStyledItemDelegate>

#include <optional>

namespace lockscope::ui {

class TtlDelegate final : public QStyledItemDelegate, public CellLook {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool showsAlready(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool tellsChangesOf(const QList<int> &roles) const override;

    // Times left drawn from their layouts (the rest by drawText): for the tests.
    qint64 labelsFromLayouts() const { return m_fromLayouts; }

private:
    static constexpr double kBarRadius = 4;

    // What a cell shows: paint() draws it, showsAlready() compares it with the last painted.
    struct Look {
        enum class Kind : quint8 { NotHeld, NoTtl, Bar };
        Kind kind = Kind::NotHeld;
        QString label; // the time left, "no TTL" or "not held"
        int fill = 0;  // the bar's filled pixels
        QRgb colour = 0;
        bool operator==(const Look &) const = default;
    };
    Look lookOf(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    QRectF barRect(const QStyleOptionViewItem &option) const;
    // The cells painted whole, by row: where, and what they show. Cleared when it holds more
    // rows than a view shows (a cell missing from it is simply painted).
    struct Painted {
        const QWidget *widget = nullptr;
        QRect rect;
        Look look;
    };
    static constexpr qsizetype kMaxPainted = 1024;

    // The width of the longest time left ("000.0 s") in `font`.
    int timeWidth(const QFont &font) const;
    // The no-TTL badge: its bold font and size, for the cells' font and the label's language
    // (measured once, not in every cell of every paint).
    struct Badge {
        QFont cellFont;
        QString label;
        QFont font;
        QSize size;
    };
    const Badge &badgeFor(const QFont &font, const QString &label) const;
    // The theme of the palette (its colours, made once per palette rather than per cell).
    const Theme &themeFor(const QPalette &palette) const;

    mutable Badge m_badge;
    mutable std::optional<Theme> m_theme;
    mutable qint64 m_themeKey = 0;
    mutable QFont m_timeFont;
    mutable int m_timeWidth = -1;
    mutable RoundedBar m_bar{kBarRadius}; // the track and the fill
    mutable QHash<int, Painted> m_painted;
    mutable qint64 m_fromLayouts = 0;
};

} // namespace lockscope::ui
