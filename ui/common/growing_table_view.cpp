#include "growing_table_view.h"

#include <QEvent>
#include <QScrollBar>

#include <utility>

namespace lockscope::ui {

void GrowingTableView::setModel(QAbstractItemModel *model)
{
    if (QAbstractItemModel *old = this->model())
        disconnect(old, nullptr, this, nullptr);
    needFullLayout();
    QTableView::setModel(model);
    if (!model)
        return;
    // Everything a model can say that moves rows already laid out asks for the whole layout.
    const auto full = [this] { needFullLayout(); };
    connect(model, &QAbstractItemModel::modelReset, this, full);
    connect(model, &QAbstractItemModel::layoutChanged, this, full);
    connect(model, &QAbstractItemModel::rowsRemoved, this, full);
    connect(model, &QAbstractItemModel::rowsMoved, this, full);
    connect(model, &QAbstractItemModel::columnsInserted, this, full);
    connect(model, &QAbstractItemModel::columnsRemoved, this, full);
    connect(model, &QAbstractItemModel::columnsMoved, this, full);
}

void GrowingTableView::setRootIndex(const QModelIndex &index)
{
    needFullLayout();
    QTableView::setRootIndex(index);
}

void GrowingTableView::reset()
{
    needFullLayout();
    QTableView::reset();
}

bool GrowingTableView::event(QEvent *event)
{
    // A style, a font or a direction changes where every row goes (QAbstractItemView lays the
    // rows out again for them, the style at once); other changes (activation, a palette) do not
    // lay anything out.
    switch (event->type()) {
    case QEvent::StyleChange:
    case QEvent::FontChange:
    case QEvent::LayoutDirectionChange:
        needFullLayout();
        break;
    default:
        break;
    }
    return QTableView::event(event);
}

void GrowingTableView::rowsInserted(const QModelIndex &parent, int start, int end)
{
    if (parent == rootIndex() && end == model()->rowCount(parent) - 1)
        m_appendedFrom = m_appendedFrom < 0 ? start : qMin(m_appendedFrom, start);
    else
        needFullLayout();
    QTableView::rowsInserted(parent, start, end);
}

void GrowingTableView::doItemsLayout()
{
    const int appendedFrom = std::exchange(m_appendedFrom, -1);
    if (std::exchange(m_fullLayout, false) || appendedFrom < 0) {
        QTableView::doItemsLayout();
        return;
    }
    // The rows in view are where they were: only the scroll range grows, and the new rows are
    // painted where the view shows them (the end was in view).
    const int scrolledTo = verticalScrollBar()->value();
    updateGeometries();
    if (verticalScrollBar()->value() != scrolledTo) { // not expected; be safe
        viewport()->update();
        return;
    }
    ++m_appendLayouts;
    const int top = rowViewportPosition(appendedFrom);
    if (top < viewport()->height())
        viewport()->update(
            QRect(0, qMax(0, top), viewport()->width(), viewport()->height() - qMax(0, top)));
}

} // namespace lockscope::ui
