#include "grid_table_view.h"

#include "cell_look.h"

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

void GridTableView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                const QList<int> &roles)
{
    const int column = topLeft.column();
    const auto *look = column == bottomRight.column()
                           ? dynamic_cast<const CellLook *>(itemDelegateForColumn(column))
                           : nullptr;
    // One cell, or a column that cannot tell: QTableView repaints what changed (and keeps any
    // open editor up to date; the columns that can tell are not editable).
    if (!look || !look->tellsChangesOf(roles) || topLeft == bottomRight || !isVisible() ||
        topLeft.parent() != rootIndex()) {
        QTableView::dataChanged(topLeft, bottomRight, roles);
        return;
    }
    const int top = rowAt(0);
    if (top < 0)
        return; // no row in view
    int bottom = rowAt(viewport()->height() - 1);
    if (bottom < 0)
        bottom = model()->rowCount(rootIndex()) - 1;
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    for (int row = qMax(top, topLeft.row()); row <= qMin(bottom, bottomRight.row()); ++row) {
        if (isRowHidden(row))
            continue;
        const QModelIndex index = model()->index(row, column, rootIndex());
        option.rect = visualRect(index);
        if (option.rect.isEmpty())
            continue;
        if (look->showsAlready(option, index))
            ++m_leftAsTheyWere;
        else
            viewport()->update(option.rect);
    }
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
    const bool rtl = isRightToLeft();
    const int width = viewport()->width();
    const int height = viewport()->height();
    // The grid covers the cells and no more: from the first column's edge to the last
    // column's, from the top to the last row's bottom.
    const int cellsWidth = qMin(width, columns->length() - columns->offset());
    const int cellsHeight = qMin(height, rows->length() - rows->offset());
    if (cellsWidth <= 0 || cellsHeight <= 0)
        return;
    const QRect cells(rtl ? width - cellsWidth : 0, 0, cellsWidth, cellsHeight);

    // One line along the bottom pixel of every row shown and along the trailing pixel (the
    // right one, the left one right to left) of every column shown. The painter is clipped to
    // what this event repaints, so lines outside it cost a clipped fill.
    QPainter painter(viewport());
    const int firstRow = qMax(0, rows->visualIndexAt(0));
    int lastRow = rows->visualIndexAt(cellsHeight - 1);
    if (lastRow < 0)
        lastRow = rows->count() - 1;
    for (int visual = firstRow; visual <= lastRow; ++visual) {
        const int row = rows->logicalIndex(visual);
        if (rows->isSectionHidden(row))
            continue;
        const int y = rowViewportPosition(row) + rowHeight(row) - 1;
        painter.fillRect(QRect(cells.left(), y, cells.width(), 1), color);
    }
    int firstColumn = columns->visualIndexAt(cells.left());
    int lastColumn = columns->visualIndexAt(cells.right());
    if (firstColumn > lastColumn)
        std::swap(firstColumn, lastColumn);
    firstColumn = qMax(0, firstColumn);
    if (lastColumn < 0)
        lastColumn = columns->count() - 1;
    for (int visual = firstColumn; visual <= lastColumn; ++visual) {
        const int column = columns->logicalIndex(visual);
        if (columns->isSectionHidden(column))
            continue;
        const int x = columnViewportPosition(column) + (rtl ? 0 : columnWidth(column) - 1);
        painter.fillRect(QRect(x, 0, 1, cells.height()), color);
    }
    // Some styles also draw the outer edge that a hidden header would have drawn: above the
    // first row and on the leading side of the first column, where they start the view.
    if (!style()->styleHint(QStyle::SH_Table_AlwaysDrawLeftTopGridLines, &option, this))
        return;
    if (columns->isHidden() && rowViewportPosition(rows->logicalIndex(firstRow)) == 0)
        painter.fillRect(QRect(cells.left(), 0, cells.width(), 1), color);
    if (rows->isHidden()) {
        const int column = columns->logicalIndex(firstColumn);
        const int x = columnViewportPosition(column) + (rtl ? columnWidth(column) - 1 : 0);
        if (x == (rtl ? width - 1 : 0))
            painter.fillRect(QRect(x, 0, 1, cells.height()), color);
    }
}

} // namespace lockscope::ui
