// What the style draws under an item view cell's text: QStyle::CE_ItemViewItem with the text taken
// out (its selection, focus frame, background brush, check box and decoration). Delegates that draw
// the text themselves (ShapedTextDelegate, TtlDelegate) call it. Most cells of a big table are
// plain (not selected, no focus, no brush, check or decoration), and there the window's style
// (Fusion) draws nothing at all: asking it anyway laid the cell out three times (check, icon and
// text rectangles) for every cell of every paint, a fifth of the key table's repaint (issue 17).
// test_cell_background compares both ways pixel for pixel.
#pragma once

#include <QStyleOptionViewItem>

class QPainter;
class QWidget;

namespace lockscope::ui {

// `option` must have no text (the caller draws it).
void drawCellBackground(QPainter *painter, const QStyleOptionViewItem &option,
                        const QWidget *widget);

// Whether drawCellBackground leaves `option`'s cell to the style (false: nothing to draw). For
// the test.
bool cellBackgroundNeedsStyle(const QStyleOptionViewItem &option, const QStyle *style);

} // namespace lockscope::ui
