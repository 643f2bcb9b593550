// Paints the TTL column of the key table: a bar that drains as the playback clock runs, the time
// left beside it, and a red "no TTL" badge for a key that will never expire.
#pragma once

#include <QStyledItemDelegate>

namespace lockscope::ui {

class TtlDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace lockscope::ui
