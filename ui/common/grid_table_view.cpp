#include "grid_table_view.h"

#include <QHeaderView>
#include <QPaintEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionViewItem>

#include <utility>

namespace lockscope::ui {

GridTableView::GridTableView(QWidget *parent)
    : QTableView(parent)
{
    // QTableView keeps laying the cells out one pixel apart and strokes its lines with no pen,
    // which costs nothing; paintEvent() fills them in.
    QTableView::setGridStyle(Qt::NoPen);
}

void GridTableView::setGridLineStyle(Qt::PenStyle style)
{
    m_lineStyle = style;
    QTableView::setGridStyle(style == Qt::SolidLine ? Qt::NoPen : style);
}

void GridTableView::paintEvent(QPaintEvent *event)
{
    QTableView::paintEvent(event);
    const QHeaderView *rows = verticalHeader();
    const QHeaderView *columns = horizontalHeader();
    if (!showGrid() || m_lineStyle != Qt::SolidLine || !model() || rows->count() == 0 ||
        columns->count() == 0)
        return;

    QStyleOptionViewItem option;
    initViewItemOption(&option);
    const QColor color =
        QColor::fromRgba(QRgb(style()->styleHint(QStyle::SH_Table_GridLineColor, &option, this)));
    const bool leftTopLines =
        style()->styleHint(QStyle::SH_Table_AlwaysDrawLeftTopGridLines, &option, this);
    const bool rtl = isRightToLeft();
    // Where the last column and the last row end in the viewport: no line goes past them.
    const int columnsEnd = columns->length() - columns->offset() - (rtl ? 0 : 1);
    const int rowsEnd = rows->length() - rows->offset() - 1;

    // The painter is clipped to the event's region, as QTableView's is.
    QPainter painter(viewport());
    for (QRect area : event->region()) {
        area.setBottom(qMin(area.bottom(), rowsEnd));
        if (rtl)
            area.setLeft(qMax(area.left(), viewport()->width() - columnsEnd));
        else
            area.setRight(qMin(area.right(), columnsEnd));
        if (!area.isValid())
            continue;

        int first = columns->visualIndexAt(area.left());
        int last = columns->visualIndexAt(area.right());
        if (rtl)
            std::swap(first, last);
        if (first == -1)
            first = 0;
        if (last == -1)
            last = columns->count() - 1;
        const int top = rows->visualIndexAt(area.top());
        int bottom = rows->visualIndexAt(area.bottom());
        if (bottom == -1)
            bottom = rows->count() - 1;
        if (top == -1 || top > bottom)
            continue;

        // Under each row, across the area.
        for (int visual = top; visual <= bottom; ++visual) {
            const int row = rows->logicalIndex(visual);
            if (rows->isSectionHidden(row))
                continue;
            const int y = rowViewportPosition(row) + rowHeight(row) - 1;
            painter.fillRect(QRect(area.left(), y, area.width(), 1), color);
        }
        // After each column (before it, right to left), down the area.
        for (int visual = first; visual <= last; ++visual) {
            const int column = columns->logicalIndex(visual);
            if (columns->isSectionHidden(column))
                continue;
            const int x = columnViewportPosition(column) + (rtl ? 0 : columnWidth(column) - 1);
            painter.fillRect(QRect(x, area.top(), 1, area.height()), color);
        }
        // Styles that want them draw the first line above and beside the cells when the headers
        // that would show them are hidden.
        if (leftTopLines && columns->isHidden()) {
            const int row = rows->logicalIndex(top);
            if (!rows->isSectionHidden(row) && rowViewportPosition(row) == area.top())
                painter.fillRect(QRect(area.left(), area.top(), area.width(), 1), color);
        }
        if (leftTopLines && rows->isHidden()) {
            const int column = columns->logicalIndex(first);
            if (!columns->isSectionHidden(column)) {
                const int x = columnViewportPosition(column) + (rtl ? columnWidth(column) - 1 : 0);
                if (x == (rtl ? area.right() : area.left()))
                    painter.fillRect(QRect(x, area.top(), 1, area.height()), color);
            }
        }
    }
}

} // namespace lockscope::ui
