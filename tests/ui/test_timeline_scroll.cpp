// Scrolling the timeline's lanes moves them and nothing else: a lane drawn k px higher is the same
// pixels k px higher. A label's box was rounded to whole pixels from a position that is a half
// pixel in exact arithmetic; the floating-point noise of the sums that made it rounded it up at
// one scroll offset and down at the next, so labels hopped a pixel against their bars while the
// lanes scrolled (found while trying to scroll by moving pixels, issue 17).
#include "common/run_data.h"
#include "common/theme.h"
#include "timeline/timeline_paint_helpers.h"
#include "timeline/timeline_widget.h"

#include <QApplication>
#include <QDir>
#include <QScrollBar>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;

class TestTimelineScroll : public QObject {
    Q_OBJECT
private slots:
    // The rounding itself: a half pixel reached through noisy sums rounds the same way at every
    // offset.
    void halfPixelsRoundTheSameWayAtEveryOffset()
    {
        for (int h : {12, 16, 22, 28}) {
            for (int offset = -3000; offset <= 3000; ++offset) {
                // A lane's middle (a half pixel for an even height), a text box around it.
                const double top = offset + 6, bottom = offset + h - 1 - 6;
                const double mid = (top + bottom) / 2, hh = bottom - top;
                const double y = mid - hh * 0.31 + (hh * 0.62 - 14) / 2;
                const double expected =
                    onWholePixels(QRectF(0, mid - offset - hh * 0.31 + (hh * 0.62 - 14) / 2, 1, 1))
                        .y() +
                    offset;
                if (onWholePixels(QRectF(0, y, 1, 1)).y() != expected)
                    QFAIL(qPrintable(QStringLiteral("height %1, offset %2: %3 rounds to %4, "
                                                    "at offset 0 to %5")
                                         .arg(h)
                                         .arg(offset)
                                         .arg(y, 0, 'f', 12)
                                         .arg(onWholePixels(QRectF(0, y, 1, 1)).y())
                                         .arg(expected - offset)));
            }
        }
    }

    // The lanes drawn at twelve consecutive scroll offsets are one picture moved.
    void lanesMoveAsOnePicture()
    {
        RunRequest request;
        request.scenarioId = QStringLiteral("contention");
        request.strategyId = QStringLiteral("set-nx-px-lua");
        request.clients = 60;
        QString error;
        const auto run = RunData::simulate(request, &error);
        QVERIFY2(run, qPrintable(error));

        TimelineWidget timeline;
        timeline.resize(1000, 520);
        timeline.setRun(run);
        timeline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&timeline));
        timeline.setPlayhead(run->endUs() * 2 / 3); // labels kept clear of the play head
        QScrollBar *bar = timeline.verticalScrollBar();
        QVERIFY2(bar->maximum() > 600, qPrintable(QString::number(bar->maximum())));
        const auto lanesAt = [&](int value) {
            bar->setValue(value);
            return timeline.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        };
        int pairs = 0;
        for (int value = 300; value < 312; ++value) {
            const QImage a = lanesAt(value);
            for (int k = 1; value + k <= 312; ++k) {
                const QImage b = lanesAt(value + k);
                int differing = 0;
                // The axis is about 40 px high and the legend about 70: rows 60..400 are lanes at
                // every offset (the labels' column included), shown in both pictures.
                for (int y = 60 + k; y < 400; ++y) {
                    const QRgb *ra = reinterpret_cast<const QRgb *>(a.constScanLine(y));
                    const QRgb *rb = reinterpret_cast<const QRgb *>(b.constScanLine(y - k));
                    for (int x = 0; x < a.width(); ++x)
                        differing += ra[x] != rb[x];
                }
                if (differing != 0) {
                    a.save(QDir::temp().filePath(QStringLiteral("timeline-at-a.png")));
                    b.save(QDir::temp().filePath(QStringLiteral("timeline-at-b.png")));
                    QFAIL(qPrintable(QStringLiteral("scrolled %1 px from %2: %3 pixels moved "
                                                    "otherwise (PNGs in the temporary directory)")
                                         .arg(k)
                                         .arg(value)
                                         .arg(differing)));
                }
                ++pairs;
            }
        }
        QCOMPARE(pairs, 78);
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    applyAppearance(app, false); // the window's style (Fusion) and palette
    TestTimelineScroll test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_timeline_scroll.moc"
