// GridTableView fills its grid lines in instead of stroking them (issue 17): the same table drawn
// by QTableView and by GridTableView must give the same pixels, byte for byte, in the window's
// style and both palettes, scrolled, with hidden rows and columns, hidden headers, right to left,
// for part of the view, and with a grid that is not solid (left to QTableView).
#include "common/grid_table_view.h"
#include "common/theme.h"

#include <QApplication>
#include <QHeaderView>
#include <QImage>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTest>

#include <functional>

using namespace lockscope::ui;

namespace {

using Setup = std::function<void(QTableView &)>;

QImage render(QTableView &view, const QRegion &region)
{
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::magenta); // what no paint covers stays magenta in both
    view.render(&image, QPoint(), region.isEmpty() ? QRegion(view.rect()) : region);
    return image;
}

// How many pixels inside the cells' area have exactly the grid's colour: a picture with
// no lines in it would make every comparison below pass for nothing.
qsizetype gridPixels(const QImage &image, const QTableView &view)
{
    QStyleOptionViewItem option;
    option.initFrom(&view);
    const QRgb grid = QRgb(view.style()->styleHint(QStyle::SH_Table_GridLineColor, &option, &view));
    const QRect inside = view.viewport()->geometry();
    qsizetype n = 0;
    for (int y = inside.top(); y <= inside.bottom(); ++y)
        for (int x = inside.left(); x <= inside.right(); ++x)
            n += image.pixel(x, y) == (grid | 0xff000000u);
    return n;
}

} // namespace

class TestGridTableView : public QObject {
    Q_OBJECT
private:
    QStandardItemModel m_model{80, 7};

    void compare(const Setup &setup, const QRegion &region = {})
    {
        QTableView theirs;
        GridTableView ours;
        for (QTableView *view :
             {static_cast<QTableView *>(&theirs), static_cast<QTableView *>(&ours)}) {
            view->setModel(&m_model);
            view->resize(640, 420);
            view->setAlternatingRowColors(true);
            view->horizontalHeader()->setStretchLastSection(true);
            view->setColumnWidth(1, 130);
            view->setColumnWidth(3, 57);
            setup(*view);
            view->show();
            QVERIFY(QTest::qWaitForWindowExposed(view));
        }
        const QImage expected = render(theirs, region);
        const QImage actual = render(ours, region);
        QVERIFY2(gridPixels(expected, theirs) > 200, "QTableView drew no grid to compare with");
        QCOMPARE(actual, expected);
    }

private slots:
    void initTestCase()
    {
        for (int r = 0; r < m_model.rowCount(); ++r)
            for (int c = 0; c < m_model.columnCount(); ++c)
                m_model.setItem(r, c,
                                new QStandardItem(QStringLiteral("lock:%1:%2").arg(r).arg(c)));
    }

    void plain()
    {
        compare([](QTableView &) {});
    }

    void scrolled()
    {
        compare([](QTableView &v) {
            v.setColumnWidth(5, 400);
            v.verticalScrollBar()->setValue(23);
            v.horizontalScrollBar()->setValue(77);
        });
    }

    void hiddenRowsAndColumns()
    {
        compare([](QTableView &v) {
            v.setRowHidden(2, true);
            v.setRowHidden(3, true);
            v.setColumnHidden(2, true);
            v.verticalScrollBar()->setValue(5);
        });
    }

    void hiddenHeaders()
    {
        compare([](QTableView &v) {
            v.verticalHeader()->hide();
            v.horizontalHeader()->hide();
        });
    }

    void rightToLeft()
    {
        compare([](QTableView &v) {
            v.setLayoutDirection(Qt::RightToLeft);
            v.verticalHeader()->hide();
        });
    }

    void partOfTheView()
    {
        // Two rectangles of one paint event, one across a column's line and a row's line.
        compare([](QTableView &) {}, QRegion(40, 50, 200, 61) + QRegion(300, 200, 37, 90));
    }

    void selectedRowAndLastRowsEnd()
    {
        // Fewer rows than the view is high: the lines stop under the last one.
        compare([](QTableView &v) {
            v.selectRow(1);
            for (int r = 6; r < 80; ++r)
                v.setRowHidden(r, true);
        });
    }

    void darkPalette()
    {
        applyAppearance(*qApp, true);
        compare([](QTableView &v) { v.verticalScrollBar()->setValue(9); });
        applyAppearance(*qApp, false);
    }

    void dashedGridIsQTableViews()
    {
        QTableView theirs;
        GridTableView ours;
        theirs.setGridStyle(Qt::DashLine);
        ours.setGridLineStyle(Qt::DashLine);
        QCOMPARE(ours.gridLineStyle(), Qt::DashLine);
        for (QTableView *view :
             {static_cast<QTableView *>(&theirs), static_cast<QTableView *>(&ours)}) {
            view->setModel(&m_model);
            view->resize(400, 300);
            view->show();
            QVERIFY(QTest::qWaitForWindowExposed(view));
        }
        QCOMPARE(render(ours, {}), render(theirs, {}));
    }

    void noGrid()
    {
        QTableView theirs;
        GridTableView ours;
        GridTableView withGrid;
        for (QTableView *view :
             {static_cast<QTableView *>(&theirs), static_cast<QTableView *>(&ours),
              static_cast<QTableView *>(&withGrid)}) {
            view->setModel(&m_model);
            view->setShowGrid(view != &withGrid);
            view->setShowGrid(view == &withGrid);
            view->resize(400, 300);
            view->show();
            QVERIFY(QTest::qWaitForWindowExposed(view));
        }
        const QImage actual = render(ours, {});
        QCOMPARE(actual, render(theirs, {}));
        // The lines are gone without a grid (antialiased text has a few pixels of their colour).
        QVERIFY(gridPixels(actual, ours) * 4 < gridPixels(render(withGrid, {}), withGrid));
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    applyAppearance(app, false); // the window's style (Fusion) and palette
    TestGridTableView test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_grid_table_view.moc"
