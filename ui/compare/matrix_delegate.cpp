#include "matrix_delegate.h"

#include "comparison_model.h"

#include <QPainter>

namespace lockscope::ui {

MatrixDelegate::MatrixDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

void MatrixDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                           const QModelIndex &index) const
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF tile = QRectF(option.rect).adjusted(2, 2, -2, -2);
    const QVariant fill = index.data(Qt::BackgroundRole);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill.isValid() ? fill.value<QColor>() : m_theme.alternate);
    painter->drawRoundedRect(tile, 4, 4);
    const bool hovered = option.state & QStyle::State_MouseOver;
    const bool current = option.state & QStyle::State_HasFocus;
    if (hovered || current) {
        QPen pen(current ? m_theme.selection : m_theme.text);
        pen.setWidthF(2);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(tile.adjusted(1, 1, -1, -1), 4, 4);
    }
    const QVariant fg = index.data(Qt::ForegroundRole);
    painter->setPen(fg.isValid() ? fg.value<QColor>() : m_theme.text);
    QFont f = option.font;
    const QVariant verdict = index.data(ComparisonModel::VerdictRole);
    if (verdict.isValid() && verdict.toInt() == int(CellVerdict::Unsafe))
        f.setBold(true);
    painter->setFont(f);
    // "UNSAFE 100/100" breaks into two lines when the column is narrow; elided only when even
    // two lines do not fit.
    const QString text = index.data().toString();
    const QFontMetrics fm(f);
    const int room = int(tile.width()) - 4;
    if (fm.horizontalAdvance(text) <= room)
        painter->drawText(tile, Qt::AlignCenter, text);
    else if (fm.boundingRect(QRect(0, 0, room, 1000), Qt::TextWordWrap, text).height() <=
             int(tile.height()))
        painter->drawText(tile, Qt::AlignCenter | Qt::TextWordWrap, text);
    else
        painter->drawText(tile, Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, room));
    painter->restore();
}

QSize MatrixDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QSize s = QStyledItemDelegate::sizeHint(option, index);
    return {qMax(s.width() + 16, 90), s.height() + 12};
}

} // namespace lockscope::ui
