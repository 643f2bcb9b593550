// A delegate whose cells change with time (the TTL column's bars and times left) can say whether a
// cell already shows what it would be painted with now. The model announces every tick for every
// row, but at 60 ticks a second most cells look the same as in the last frame: a time left to a
// tenth of a second changes every sixth tick, a bar a pixel long every few ticks. GridTableView
// repaints only the cells that would change, and leaves the rest as they are (issue 17).
#pragma once

#include <QList>

class QModelIndex;
class QStyleOptionViewItem;

namespace lockscope::ui {

class CellLook {
public:
    virtual ~CellLook() = default;
    // True only when the cell at `index`, laid out as `option` (its rect, font, palette), was
    // last painted whole, in that rect, with exactly what it would be painted with now.
    virtual bool showsAlready(const QStyleOptionViewItem &option,
                              const QModelIndex &index) const = 0;
    // Whether showsAlready() sees every change of these roles (a change that names none, or
    // others, repaints the cells as QTableView does).
    virtual bool tellsChangesOf(const QList<int> &roles) const = 0;
};

} // namespace lockscope::ui
