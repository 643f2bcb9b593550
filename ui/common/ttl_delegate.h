// Paints the TTL column of the key table: a bar that drains as the playback clock runs, the time
// left beside it, and a red "no TTL" badge for a key that will never expire. The time left changes
// every tick in every row in view: its text is drawn from TextCache's layouts, and the room kept
// for it is measured once per font, not shaped again in every cell of every paint.
#pragma once

#include <QFont>
#include <QImage>
#include <QStyledItemDelegate>

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
    // The bar's track: the same in every cell of a column, so drawn once into an image and
    // blended from it (a rounded rectangle's curves were laid out and filled again in every
    // cell of every paint, a fifth of the column's cost).
    void drawTrack(QPainter &painter, const QRectF &bar, const QColor &colour) const;

    mutable QFont m_timeFont;
    mutable int m_timeWidth = -1;
    mutable QImage m_track; // the last track drawn, in m_trackColour
    mutable QColor m_trackColour;
    mutable qint64 m_fromLayouts = 0;
};

} // namespace lockscope::ui
