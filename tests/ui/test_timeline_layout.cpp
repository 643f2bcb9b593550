// TimelineLayout without a widget: which rows a run gets, in which order, how tall, how wide the
// label column is, and the lookups the painter and the hit-test use.
#include "common/run_data.h"
#include "timeline/timeline_layout.h"

#include <QFontMetrics>
#include <QGuiApplication>
#include <QTest>

using namespace lockscope::ui;

namespace {

// A simulated run of a built-in scenario; null with the reason in *error.
std::shared_ptr<const RunData> simulate(const QString &scenario, const QString &strategy,
                                        int clients, QString *error)
{
    RunRequest request;
    request.scenarioId = scenario;
    request.strategyId = strategy;
    request.clients = clients;
    return RunData::simulate(request, error);
}

// The rows as letters: H a header, C a client lane, K a key lane.
QString shape(const TimelineLayout &layout)
{
    QString s;
    for (std::size_t i = 0; i < layout.rowCount(); ++i) {
        const TimelineRow row = layout.row(i);
        s += row.kind == TimelineRow::Kind::Header   ? QLatin1Char('H')
             : row.kind == TimelineRow::Kind::Client ? QLatin1Char('C')
                                                     : QLatin1Char('K');
    }
    return s;
}

} // namespace

class TestTimelineLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rows_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<int>("clients");
        QTest::addColumn<QString>("shape");

        QTest::newRow("three clients, one key") << "pause-after-acquire"
                                                << "set-nx-px-del" << -1 << "HCCCHK";
        QTest::newRow("a failover: the key's lane follows the primary")
            << "failover"
            << "set-nx-px-lua" << -1 << "HCCHK";
        QTest::newRow("Redlock: the key on each of five nodes") << "node-clock-jump"
                                                                << "redlock" << -1 << "HCCHKKKKK";
        QTest::newRow("sixteen clients: still clients first")
            << "contention"
            << "set-nx-px-lua" << 16
            << QString(QStringLiteral("H") + QString(16, QLatin1Char('C')) + QStringLiteral("HK"));
        QTest::newRow("seventeen clients: the keys first, never scrolled away")
            << "contention"
            << "set-nx-px-lua" << 17
            << QString(QStringLiteral("HKH") + QString(17, QLatin1Char('C')));
    }
    void rows()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        QFETCH(int, clients);
        QFETCH(QString, shape);
        QString error;
        const auto run = simulate(scenario, strategy, clients, &error);
        QVERIFY2(run, qPrintable(error));
        const QFont font = QGuiApplication::font();
        const TimelineLayout layout(run.get(), font, 900, 40);
        QCOMPARE(::shape(layout), shape);

        // Rows stack without gaps; headers name their part, lanes their client or key.
        const TimelineMetrics &metrics = layout.metrics();
        int y = 0;
        for (std::size_t i = 0; i < layout.rowCount(); ++i) {
            const TimelineRow row = layout.row(i);
            QCOMPARE(row.y, y);
            y += row.h;
            switch (row.kind) {
            case TimelineRow::Kind::Header:
                QCOMPARE(row.h, metrics.headerHeight);
                QCOMPARE(layout.headerTitle(row.index), row.index == 0
                                                            ? QStringLiteral("CLIENTS")
                                                            : QStringLiteral("LOCK KEYS IN REDIS"));
                break;
            case TimelineRow::Kind::Client: {
                QCOMPARE(row.h, metrics.laneHeight);
                const ClientLane &lane = run->clientLanes()[std::size_t(row.index)];
                QCOMPARE(layout.rowOfClient(lane.client), int(i));
                break;
            }
            case TimelineRow::Kind::Key:
                QCOMPARE(row.h, metrics.laneHeight);
                QCOMPARE(layout.rowOfKeyLane(row.index), int(i));
                break;
            }
            QCOMPARE(layout.rowAt(row.y), int(i));
            QCOMPARE(layout.rowAt(row.y + row.h - 1), int(i));
        }
        QCOMPARE(layout.contentHeight(), y);
        // The rows in a window of the content are those a walk over all of them finds, for
        // every window start, on and inside a row's edges and beyond either end.
        for (int top = -3; top <= y + 3; ++top) {
            for (int height : {0, 1, layout.metrics().laneHeight, 3 * y / 5, 2 * y}) {
                std::size_t first = layout.rowCount(), end = 0;
                for (std::size_t i = 0; i < layout.rowCount(); ++i) {
                    const TimelineRow row = layout.row(i);
                    if (row.y + row.h >= top && row.y <= top + height) {
                        first = qMin(first, i);
                        end = i + 1;
                    }
                }
                const auto between = layout.rowsBetween(top, top + height);
                if (end == 0) { // none: an empty range
                    QCOMPARE(between.first, between.second);
                    continue;
                }
                QCOMPARE(between.first, first);
                QCOMPARE(between.second, end);
            }
        }
        QCOMPARE(layout.rowAt(-1), -1);
        QCOMPARE(layout.rowAt(y), -1);
        QCOMPARE(layout.rowOfClient(-1), -1);
        QCOMPARE(layout.rowOfKeyLane(int(run->keyLanes().size())), -1);

        // Every event with a mark is found in the lane that draws it.
        for (const ClientLane &lane : run->clientLanes())
            for (const Marker &mk : lane.markers)
                QCOMPARE(layout.rowOfEvent(*run, mk.event), layout.rowOfClient(lane.client));
        for (std::size_t k = 0; k < run->keyLanes().size(); ++k)
            for (const Marker &mk : run->keyLanes()[k].markers) {
                const int row = layout.rowOfEvent(*run, mk.event);
                QVERIFY(row >= 0);
                QCOMPARE(layout.row(std::size_t(row)).kind, TimelineRow::Kind::Key);
            }
        QCOMPARE(layout.rowOfEvent(*run, -1), -1);
        QCOMPARE(layout.rowOfEvent(*run, qint64(run->log().events().size())), -1);
    }

    // Few lanes grow into the height (up to 1.8 times), many shrink to one line of label each.
    void laneHeight_data()
    {
        const QFontMetrics fm(QGuiApplication::font());
        const int base = fm.height() * 2 + 16;
        const int compact = fm.height() + 14;
        QTest::addColumn<int>("viewportHeight");
        QTest::addColumn<int>("laneHeight");

        QTest::newRow("tall: at most 1.8 times the base") << 4000 << base * 9 / 5;
        QTest::newRow("short: compact, then scrolling") << 100 << compact;
        // Four lanes, a legend of 40 px: what is left shared among them.
        const int chrome = (fm.height() * 2 + 10) + 40 + 2 * (fm.height() + 10) + 4;
        QTest::newRow("between: the room shared") << chrome + 4 * (base + 3) << base + 3;
    }
    void laneHeight()
    {
        QFETCH(int, viewportHeight);
        QFETCH(int, laneHeight);
        QString error;
        const auto run = simulate(QStringLiteral("pause-after-acquire"),
                                  QStringLiteral("set-nx-px-del"), -1, &error);
        QVERIFY2(run, qPrintable(error));
        const TimelineLayout layout(run.get(), QGuiApplication::font(), viewportHeight, 40);
        QCOMPARE(layout.metrics().laneHeight, laneHeight);
        QCOMPARE(layout.metrics().legendHeight, 40);
    }

    void noRun()
    {
        const QFont font = QGuiApplication::font();
        const QFontMetrics fm(font);
        const TimelineLayout layout(nullptr, font, 600, 30);
        QCOMPARE(layout.rowCount(), std::size_t(0));
        QCOMPARE(layout.contentHeight(), 0);
        QCOMPARE(layout.metrics().axisHeight, fm.height() * 2 + 10);
        QCOMPARE(layout.metrics().laneHeight, fm.height() * 2 + 16);
        // Room for the longest status line.
        QVERIFY(layout.metrics().labelWidth >=
                fm.horizontalAdvance(QStringLiteral("critical section · paused")) + 36);
        QCOMPARE(layout.rowAt(0), -1);
    }

    // The label column grows with the longest name, up to 300 px; the lanes take the rest of the
    // width but the right margin.
    void labelColumnAndMapping()
    {
        QString error;
        const auto run =
            simulate(QStringLiteral("failover"), QStringLiteral("set-nx-px-lua"), -1, &error);
        QVERIFY2(run, qPrintable(error));
        const TimelineLayout layout(run.get(), QGuiApplication::font(), 900, 40);
        const int label = layout.metrics().labelWidth;
        QVERIFY(label <= 300);
        QFont bold = QGuiApplication::font();
        bold.setBold(true);
        for (const ClientLane &lane : run->clientLanes())
            QVERIFY(label >= QFontMetrics(bold).horizontalAdvance(lane.name) + 40);

        const TimeLineMapping m = layout.mapping(1000, 5000, 1600);
        QCOMPARE(m.left, double(label));
        QCOMPARE(m.width, double(1600 - label - TimelineMetrics::kRightPad));
        QCOMPARE(m.startUs, qint64(1000));
        QCOMPARE(m.endUs, qint64(5000));
        QCOMPARE(layout.mapping(7, 7, 1600).endUs, qint64(8)); // never an empty range
    }
};

QTEST_MAIN(TestTimelineLayout)
#include "test_timeline_layout.moc"
