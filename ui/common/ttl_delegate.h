// Paints the TTL column of the key table: a bar that drains as the playback clock runs, the time
// left beside it, and a red "no TTL" badge for a key that will never expire. The time left changes
// every tick in every row in view: its text is drawn from TextCache's layouts, and the room kept
// for it is measured once per font, not shaped again in every cell of every paint; the bar is
// drawn from parts made once (RoundedBar).
#pragma once

#include "rounded_bar.h"
#include "theme.h"

#include <QFont>
#include <QStyledItemDelegate>

#include <optional>

namespace lockscope::ui {

class TtlDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // Times left drawn from their layouts (the rest by drawText): for the tests.
    qint64 labelsFromLayouts() const { return m_fromLayouts; }

private:
    static constexpr double kBarRadius = 4;

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
    mutable qint64 m_fromLayouts = 0;
};

} // namespace lockscope::ui
