#include "cell_background.h"

#include <QApplication>
#include <QStyle>

#include <cstring>

namespace lockscope::ui {

bool cellBackgroundNeedsStyle(const QStyleOptionViewItem &option, const QStyle *style)
{
    // Only Fusion's plain cells are known to be empty (test_cell_background); any other style
    // (a proxy or a style sheet's wrapped around Fusion included) is asked.
    constexpr auto kMarked =
        QStyle::State_Selected | QStyle::State_HasFocus | QStyle::State_MouseOver;
    constexpr auto kDrawn =
        QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::HasDecoration;
    return (option.state & kMarked) || (option.features & kDrawn) ||
           option.backgroundBrush.style() != Qt::NoBrush || !style ||
           std::strcmp(style->metaObject()->className(), "QFusionStyle") != 0;
}

void drawCellBackground(QPainter *painter, const QStyleOptionViewItem &option,
                        const QWidget *widget)
{
    QStyle *style = widget ? widget->style() : QApplication::style();
    if (cellBackgroundNeedsStyle(option, style))
        style->drawControl(QStyle::CE_ItemViewItem, &option, painter, widget);
}

} // namespace lockscope::ui
