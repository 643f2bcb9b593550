// The key tables repaint, at every tick of the clock, only the TTL cells whose picture changes
// (GridTableView with TtlDelegate's CellLook; issue 17). What the window shows after a run of
// ticks (the screen's pixels, partial repaints and all) must be, at every tick, what a whole
// repaint of the table draws: through bars running out at different speeds, times left, a lease
// running out (the warning colour), keys without a TTL, keys not held, a scroll, a selection and a
// resize. And most cells must indeed be left as they were.
#include "common/grid_table_view.h"
#include "common/key_table_model.h"
#include "common/shaped_text_delegate.h"
#include "common/theme.h"
#include "common/ttl_delegate.h"
#include "countdown_keys.h"

#include <QApplication>
#include <QDir>
#include <QHeaderView>
#include <QScreen>
#include <QScrollBar>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;

class TestTtlCells : public QObject {
    Q_OBJECT
private:
    KeyTableModel m_model;
    qint64 m_nowUs = 0;

    // What the screen shows of the view's cells.
    static QImage onScreen(const GridTableView &view)
    {
        const QWidget *viewport = view.viewport();
        const QPoint at = viewport->mapTo(view.window(), QPoint(0, 0));
        return view.screen()
            ->grabWindow(view.window()->winId(), at.x(), at.y(), viewport->width(),
                         viewport->height())
            .toImage()
            .convertToFormat(QImage::Format_RGB32);
    }
    static QImage repaintedWhole(GridTableView &view)
    {
        return view.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    }

    // `ticks` ticks of 16 ms, each painted, the screen compared with a whole repaint after each.
    void tick(GridTableView &view, int ticks, const char *when)
    {
        for (int i = 0; i < ticks; ++i) {
            m_nowUs += 16'000;
            m_model.setTime(m_nowUs);
            QCoreApplication::processEvents(); // the paints the ticks asked for
            const QImage screen = onScreen(view);
            const QImage whole = repaintedWhole(view);
            QCOMPARE(screen.size(), whole.size());
            if (screen != whole) {
                screen.save(QDir::temp().filePath(QStringLiteral("ttl-cells-screen.png")));
                whole.save(QDir::temp().filePath(QStringLiteral("ttl-cells-whole.png")));
                QFAIL(qPrintable(QStringLiteral("%1, tick %2 at %3 ms: the screen is not a whole "
                                                "repaint (PNGs in the temporary directory)")
                                     .arg(QLatin1String(when))
                                     .arg(i)
                                     .arg(m_nowUs / 1000)));
            }
        }
    }

private slots:
    void initTestCase()
    {
        fillCountdownKeys(m_model, 60, 4, 3'000, [](int i, KeyState &s) {
            s.exists = i % 11 != 5; // some keys not held
            // No TTL; leases running out within the test (fast bars, the warning colour); long.
            s.ttlMs = i % 7 == 0 ? -1 : i % 3 == 0 ? 150 + 40 * i : 2'000 + (i * 7919) % 50'000;
        });
    }

    void onlyChangedCellsRepaintedAndTheScreenIsWhole()
    {
        GridTableView view;
        view.setModel(&m_model);
        view.setItemDelegate(new ShapedTextDelegate(&view));
        view.setItemDelegateForColumn(KeyTableModel::TtlColumn, new TtlDelegate(&view));
        view.setAlternatingRowColors(true);
        view.setSelectionBehavior(QAbstractItemView::SelectRows);
        view.verticalHeader()->hide();
        view.horizontalHeader()->setStretchLastSection(true);
        view.resize(1100, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();

        const qint64 left0 = view.cellsLeftAsTheyWere();
        tick(view, 40, "running");
        const qint64 left = view.cellsLeftAsTheyWere() - left0;
        const int inView = view.rowAt(view.viewport()->height() - 1) - view.rowAt(0) + 1;
        QVERIFY(inView > 10);
        // Most cells look the same from one tick to the next (and some do not: the bars and
        // times left run down, which the screen comparisons above saw).
        QVERIFY2(left > 40 * inView / 2,
                 qPrintable(QStringLiteral("%1 of %2").arg(left).arg(40 * inView)));
        QVERIFY2(left < 40 * inView, "no cell was repainted");

        view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + 3);
        tick(view, 20, "scrolled");
        view.selectRow(view.rowAt(40));
        tick(view, 20, "a row selected");
        view.resize(900, 460);
        QCoreApplication::processEvents();
        tick(view, 20, "resized");
        m_nowUs += 2'500'000; // most short leases run out
        tick(view, 20, "leases run out");
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    applyAppearance(app, false); // the window's style (Fusion) and palette
    TestTtlCells test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_ttl_cells.moc"
