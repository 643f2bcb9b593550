// TimeLineMapping (time <-> pixel) and the zoom history, without any widget.
#include "timeline/timeline_mapping.h"
#include "timeline/zoom_stack.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using lockscope::ui::TimeLineMapping;
using lockscope::ui::TimeRange;
using lockscope::ui::ZoomStack;

class TestTimelineMapping : public QObject {
    Q_OBJECT

    static TimeLineMapping make(qint64 start, qint64 end, double left, double width)
    {
        TimeLineMapping m;
        m.startUs = start;
        m.endUs = end;
        m.left = left;
        m.width = width;
        return m;
    }

private Q_SLOTS:
    void mapTimeToX_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<double>("left");
        QTest::addColumn<double>("width");
        QTest::addColumn<qint64>("time");
        QTest::addColumn<double>("x");

        QTest::newRow("start maps to left")
            << qint64(0) << qint64(1000) << 0.0 << 100.0 << qint64(0) << 0.0;
        QTest::newRow("end maps to right")
            << qint64(0) << qint64(1000) << 0.0 << 100.0 << qint64(1000) << 100.0;
        QTest::newRow("middle") << qint64(0) << qint64(1000) << 0.0 << 100.0 << qint64(500) << 50.0;
        QTest::newRow("label column offset")
            << qint64(0) << qint64(1000) << 200.0 << 100.0 << qint64(250) << 225.0;
        QTest::newRow("scrolled range") << qint64(30'000'000) << qint64(40'000'000) << 0.0 << 1000.0
                                        << qint64(35'000'000) << 500.0;
        QTest::newRow("before the range is left of it")
            << qint64(1000) << qint64(2000) << 10.0 << 100.0 << qint64(0) << -90.0;
        QTest::newRow("after the range is right of it")
            << qint64(1000) << qint64(2000) << 10.0 << 100.0 << qint64(3000) << 210.0;
        QTest::newRow("negative start (margin)")
            << qint64(-1000) << qint64(9000) << 0.0 << 1000.0 << qint64(0) << 100.0;
        QTest::newRow("an hour over 1600 px") << qint64(0) << qint64(3'600'000'000) << 0.0 << 1600.0
                                              << qint64(1'800'000'000) << 800.0;
        QTest::newRow("microseconds zoomed in") << qint64(1'000'000) << qint64(1'000'020) << 0.0
                                                << 2000.0 << qint64(1'000'001) << 100.0;
        QTest::newRow("degenerate range maps to left")
            << qint64(5) << qint64(5) << 7.0 << 100.0 << qint64(100) << 7.0;
        QTest::newRow("zero width maps to left")
            << qint64(0) << qint64(10) << 7.0 << 0.0 << qint64(5) << 7.0;
    }
    void mapTimeToX()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(double, left);
        QFETCH(double, width);
        QFETCH(qint64, time);
        QFETCH(double, x);
        QCOMPARE(make(start, end, left, width).mapTimeToX(time), x);
    }

    void mapXToTime_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<double>("left");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("x");
        QTest::addColumn<qint64>("time");

        QTest::newRow("left is start")
            << qint64(0) << qint64(1000) << 0.0 << 100.0 << 0.0 << qint64(0);
        QTest::newRow("right is end")
            << qint64(0) << qint64(1000) << 0.0 << 100.0 << 100.0 << qint64(1000);
        QTest::newRow("offset") << qint64(0) << qint64(1000) << 200.0 << 100.0 << 250.0
                                << qint64(500);
        QTest::newRow("rounds to the nearest us")
            << qint64(0) << qint64(10) << 0.0 << 3.0 << 1.0 << qint64(3);
        QTest::newRow("left of the lanes is before start")
            << qint64(1000) << qint64(2000) << 100.0 << 100.0 << 0.0 << qint64(0);
        QTest::newRow("large times") << qint64(3'000'000'000) << qint64(3'600'000'000) << 0.0
                                     << 600.0 << 300.0 << qint64(3'300'000'000);
        QTest::newRow("degenerate range gives start")
            << qint64(42) << qint64(42) << 0.0 << 100.0 << 50.0 << qint64(42);
    }
    void mapXToTime()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(double, left);
        QFETCH(double, width);
        QFETCH(double, x);
        QFETCH(qint64, time);
        QCOMPARE(make(start, end, left, width).mapXToTime(x), time);
    }

    // Every pixel maps to a time that maps back to the same pixel (within rounding).
    void roundTrip_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<double>("width");
        QTest::newRow("50 s over 1000 px") << qint64(0) << qint64(50'000'000) << 1000.0;
        QTest::newRow("100 us over 1000 px") << qint64(7) << qint64(107) << 1000.0;
        QTest::newRow("a day over 1500 px") << qint64(-5) << qint64(86'400'000'000) << 1500.0;
    }
    void roundTrip()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(double, width);
        const TimeLineMapping m = make(start, end, 120.0, width);
        for (int px = 0; px <= int(width); px += 7) {
            const double x = 120.0 + px;
            QVERIFY2(qAbs(m.mapTimeToX(m.mapXToTime(x)) - x) <=
                         0.5 * m.width / double(end - start) + 1e-6,
                     qPrintable(QStringLiteral("pixel %1").arg(px)));
        }
    }

    // mapXToTime's rounding is std::llround's: halves away from zero, and the doubles next to
    // them, at every magnitude up to 2^62.
    void roundsAsLlround()
    {
        QRandomGenerator rng(5);
        int checked = 0;
        const auto check = [&](double v) {
            ++checked;
            QCOMPARE(TimeLineMapping::roundHalfAway(v), qint64(std::llround(v)));
        };
        for (int exponent = -4; exponent <= 62; ++exponent) {
            for (int i = 0; i < 2000; ++i) {
                const double magnitude = std::ldexp(1.0 + rng.generateDouble(), exponent);
                const double half = std::floor(magnitude) + 0.5;
                for (double v :
                     {magnitude, half, std::nextafter(half, 0.0), std::nextafter(half, 1e300)}) {
                    check(v);
                    check(-v);
                }
            }
        }
        for (double v : {0.0, -0.0, 0.5, -0.5, 0.49999999999999994, -0.49999999999999994, 1.5, -1.5,
                         4503599627370495.5, -4503599627370495.5, 9007199254740993.0})
            check(v);
        QVERIFY(checked > 1000000);
    }

    void durationToPixels()
    {
        const TimeLineMapping m = make(0, 10'000'000, 0, 1000);
        QCOMPARE(m.usPerPixel(), 10'000.0);
        QCOMPARE(m.durationToPixels(30'000), 3.0);
    }

    void zoomStackRemembersAndForgets()
    {
        ZoomStack z;
        QVERIFY(!z.canGoBack());
        z.push({0, 100});
        z.push({0, 100}); // the same range twice is one step
        z.push({10, 20});
        QCOMPARE(z.size(), std::size_t(2));
        QCOMPARE(z.pop(), (TimeRange{10, 20}));
        QCOMPARE(z.pop(), (TimeRange{0, 100}));
        QVERIFY(!z.canGoBack());
        for (int i = 0; i < 100; ++i)
            z.push({i, i + 1});
        QCOMPARE(z.size(), std::size_t(64)); // bounded
        z.clear();
        QVERIFY(!z.canGoBack());
    }
};

QTEST_GUILESS_MAIN(TestTimelineMapping)
#include "test_timeline_mapping.moc"
