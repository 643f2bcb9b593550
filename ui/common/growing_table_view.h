// A QTableView for a model that grows at its end (the monitor's key table, filled by a scan a
// few hundred rows at a time). QTableView answers every insertion with a layout that repaints
// the whole viewport, although rows appended below the last one in view change nothing in it
// but the scroll bar: at 100,000 keys that was a full repaint of the table (6-8 ms) ten times a
// second while scanning (issue 17). Here a layout that follows only appends at the end updates
// the scroll range and repaints just the appended rows that are in view; any other cause of a
// layout (a reset, removals, moves, a new root, a style or font change) keeps QTableView's.
#pragma once

#include "grid_table_view.h"

namespace lockscope::ui {

class GrowingTableView : public GridTableView {
    Q_OBJECT
public:
    using GridTableView::GridTableView;

    void setModel(QAbstractItemModel *model) override;
    void setRootIndex(const QModelIndex &index) override;
    void reset() override;
    void doItemsLayout() override;

    // Layouts that followed appends only and so repainted no more than the new rows: for the
    // tests.
    qint64 appendLayouts() const { return m_appendLayouts; }

protected:
    void rowsInserted(const QModelIndex &parent, int start, int end) override;
    bool event(QEvent *event) override;

private:
    void needFullLayout() { m_fullLayout = true; }

    int m_appendedFrom = -1;  // the first row appended since the last layout, or -1
    bool m_fullLayout = true; // something else asked for a layout since the last one
    qint64 m_appendLayouts = 0;
};

} // namespace lockscope::ui
