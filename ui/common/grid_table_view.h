// A QTableView that draws its grid lines as one-pixel rectangles. QTableView strokes each grid
// line with a pen, and the raster engine blends a stroked line pixel by pixel: in the key tables
// (a 1200x800 view, 40 rows) that was a third of every repaint, 4.4 M of 13.9 M instructions
// (callgrind, bench_timeline --only keytable; issue 17), for lines that fillRect() fills in a
// twentieth of that. The lines are the same pixels in the same place (test_grid_table_view
// compares both with QTableView's own, byte for byte): QTableView still lays the cells out for
// a grid (showGrid() stays true) and strokes its lines with no pen; this class fills them in.
// A grid that is not solid (setGridStyle) is left to QTableView. Spans are not supported.
// It also repaints, of a column whose delegate can tell (CellLook: the TTL column), only the cells
// in view whose picture a change of data changes: the model announces every tick for every row.
#pragma once

#include <QTableView>

namespace lockscope::ui {

class GridTableView : public QTableView {
    Q_OBJECT
public:
    explicit GridTableView(QWidget *parent = nullptr);

    // The grid's pen style as QTableView's setGridStyle() takes it (Qt::SolidLine by default).
    // Solid lines are filled here; any other style is QTableView's.
    void setGridLineStyle(Qt::PenStyle style);
    Qt::PenStyle gridLineStyle() const { return m_lineStyle; }

    // How many cells in view a change left unpainted because they looked the same (for tests).
    qint64 cellsLeftAsTheyWere() const { return m_leftAsTheyWere; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                     const QList<int> &roles = {}) override;

private:
    Qt::PenStyle m_lineStyle = Qt::SolidLine;
    qint64 m_leftAsTheyWere = 0;
};

} // namespace lockscope::ui
