// The window's item models on real runs: each passes QAbstractItemModelTester, holds the state
// of the run at the playback instant, and updates in batches.
#include "common/growing_table_view.h"
#include "common/key_table_model.h"
#include "common/run_data.h"
#include "common/shaped_text_delegate.h"
#include "common/ttl_delegate.h"
#include "timeline/timeline_lane_painter.h"
#include "timeline/timeline_legend.h"
#include "timeline/timeline_status.h"
#include "timeline/timeline_widget.h"
#include "workspace/command_log_model.h"
#include "workspace/command_text_delegate.h"
#include "workspace/findings_model.h"
#include "workspace/strategy_source.h"

#include "monitor/monitor_recorder.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QHeaderView>
#include <QImage>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

// The regions a widget is asked to paint.
class PaintRegions final : public QObject {
public:
    explicit PaintRegions(QWidget *widget) { widget->installEventFilter(this); }
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            regions << static_cast<QPaintEvent *>(event)->region();
        return false;
    }
    // Every pixel of `rect` (QRegion::contains(QRect) is true for any overlap).
    bool covers(const QRect &rect) const { return (QRegion(rect) - all()).isEmpty(); }
    QRegion all() const
    {
        QRegion r;
        for (const QRegion &one : regions)
            r += one;
        return r;
    }
    QList<QRegion> regions;
};

std::shared_ptr<const RunData> simulate(const QString &scenario, const QString &strategy)
{
    RunRequest r;
    r.scenarioId = scenario;
    r.strategyId = strategy;
    QString error;
    auto run = RunData::simulate(r, &error);
    if (!run)
        qWarning("%s", qPrintable(error));
    return run;
}

// The run the monitor's history makes of a recording (`endUs`: it lasts until then).
std::shared_ptr<const RunData> monitorRun(std::shared_ptr<EventLog> log, qint64 endUs = -1)
{
    Scenario scenario;
    scenario.id = QStringLiteral("monitor");
    return RunData::fromLog(std::move(log), scenario, {}, endUs);
}

void fillKeyModel(KeyTableModel &model, const RunData &run)
{
    std::vector<KeyTableModel::Row> rows;
    for (const KeyLane &lane : run.keyLanes())
        rows.push_back({lane.key, lane.node, lane.keyName, lane.nodeName});
    QStringList clients;
    for (const ClientLane &lane : run.clientLanes())
        clients << lane.name;
    model.setRows(std::move(rows), clients, run.log().sharedStrings(), run.ttlMs());
}

// The run's keys, with their states and TTLs at `atUs`, as the playback shows them.
void fillKeysAt(KeyTableModel &model, const RunData &run, qint64 atUs)
{
    fillKeyModel(model, run);
    StateCursor cursor;
    cursor.reset(&run);
    cursor.seek(atUs);
    model.setStates(cursor.state().keys(), atUs);
    model.setTime(atUs);
}

int rowOfKey(const KeyTableModel &model, const QString &key, const QString &node)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, KeyTableModel::KeyColumn).data().toString() == key &&
            model.index(r, KeyTableModel::NodeColumn).data().toString() == node)
            return r;
    }
    return -1;
}

// The table as the window shows it, drawn with the style's delegate or the one that keeps its
// shaped texts (the TTL column has its own in both).
QImage renderTable(QAbstractItemModel &model, bool shaped, int selectedRow,
                   qint64 *fromLayouts = nullptr)
{
    QTableView view;
    view.setModel(&model);
    auto *delegate = new ShapedTextDelegate(&view);
    if (shaped)
        view.setItemDelegate(delegate);
    if (model.columnCount() > KeyTableModel::TtlColumn)
        view.setItemDelegateForColumn(KeyTableModel::TtlColumn, new TtlDelegate(&view));
    view.setAlternatingRowColors(true);
    view.setSelectionBehavior(QAbstractItemView::SelectRows);
    view.setWordWrap(false);
    view.verticalHeader()->hide();
    view.horizontalHeader()->setStretchLastSection(true);
    for (int c = 0; c < model.columnCount(); ++c)
        view.setColumnWidth(c, c == 1 ? 70 : 110); // the second column elides
    view.resize(1000, 260);
    if (selectedRow >= 0)
        view.selectRow(selectedRow);
    QImage image = view.viewport()->grab().toImage();
    if (fromLayouts)
        *fromLayouts = delegate->textsFromLayouts();
    return image;
}

} // namespace

class TestUiModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The legend lists what the shown run can draw: a production recording has no critical
    // sections, pauses, crashes or double holders; a node restart's marks, the caption flags
    // and the command ticks of a simulated run each have an entry.
    void legendListsWhatTheRunCanDraw()
    {
        using Swatch = LegendItem::Swatch;
        auto has = [](const std::vector<LegendItem> &items, Swatch s,
                      MarkerKind k = MarkerKind::Acquired) {
            return std::any_of(items.begin(), items.end(), [&](const LegendItem &i) {
                return i.swatch == s && (s != Swatch::Marker || i.marker == k);
            });
        };
        // A recording as the monitor writes it: one key acquired, renewed and released.
        auto log = std::make_shared<EventLog>();
        MonitorRecorder recorder(log.get());
        const qint16 node = recorder.node("127.0.0.1:6379");
        const qint16 owner = recorder.owner("55fd200007b211ef92340242ac110002");
        recorder.acquired(1000, node, "lock:a", owner, "55fd200007b211ef92340242ac110002", 20000);
        recorder.ttlChanged(5000, node, "lock:a", owner, 20000, true);
        recorder.released(9000, node, "lock:a", owner);
        const auto monitor = monitorRun(log);
        const std::vector<LegendItem> recorded = legendItems(*monitor);
        for (Swatch s : {Swatch::Waiting, Swatch::Critical, Swatch::Paused, Swatch::Crashed,
                         Swatch::TwoHolders, Swatch::Command, Swatch::Caption})
            QVERIFY2(!has(recorded, s), qPrintable(legendText({s, MarkerKind::Acquired})));
        QVERIFY(has(recorded, Swatch::Holding));
        QVERIFY(has(recorded, Swatch::TtlLeft));
        QVERIFY(has(recorded, Swatch::Marker, MarkerKind::Renewed));
        QVERIFY(!has(recorded, Swatch::Marker, MarkerKind::MistakenDeletion));
        // The monitor saw the key go: a delete, not data lost with a node.
        QVERIFY(has(recorded, Swatch::Marker, MarkerKind::Deleted));
        QVERIFY(!has(recorded, Swatch::Marker, MarkerKind::DataLost));

        const auto restart = simulate(QStringLiteral("node-restart"), QStringLiteral("redlock"));
        QVERIFY(restart);
        const std::vector<LegendItem> simulated = legendItems(*restart);
        for (Swatch s : {Swatch::Critical, Swatch::TwoHolders, Swatch::Command, Swatch::Caption})
            QVERIFY2(has(simulated, s), qPrintable(legendText({s, MarkerKind::Acquired})));
        // Every mark drawn on any lane has its entry.
        for (const auto *lanes : {&restart->clientLanes()}) {
            for (const ClientLane &lane : *lanes) {
                for (const Marker &m : lane.markers)
                    QVERIFY2(m.kind == MarkerKind::Crashed ||
                                 has(simulated, Swatch::Marker, m.kind),
                             qPrintable(markerName(m.kind)));
            }
        }
        for (const KeyLane &lane : restart->keyLanes()) {
            for (const Marker &m : lane.markers)
                QVERIFY2(has(simulated, Swatch::Marker, m.kind), qPrintable(markerName(m.kind)));
        }
        QVERIFY(has(simulated, Swatch::Marker, MarkerKind::NodeUp));
        QCOMPARE(markerName(MarkerKind::NodeUp), QStringLiteral("node restarted"));
    }

    // A monitor's gap (gap_started .. gap_ended) covers the key lanes of its node, also a lane
    // that first appears after it; a key lost with the restart is marked as data lost, not as a
    // release; the legend and the lane's status say so.
    // A monitor's key lane drains from that key's own longest lease: a 20 s lease beside a
    // 120 s one is drawn full height, not a sixth of it. The run works this out when it is
    // built (LaneFacts), so the window does not walk every lane when it shows a new build.
    void ttlScaleIsEachKeysLongestLease()
    {
        auto log = std::make_shared<EventLog>();
        MonitorRecorder recorder(log.get());
        const qint16 node = recorder.node("127.0.0.1:6379");
        const qint16 a = recorder.owner("A:1:17c3f107");
        const qint16 b = recorder.owner("B:1:e5464313");
        recorder.acquired(1000, node, "lock:b", b, "B:1:e5464313", 120000);
        recorder.acquired(2000, node, "lock:a", a, "A:1:17c3f107", 5000);
        recorder.ttlChanged(3000, node, "lock:a", a, 20000, true);
        recorder.released(9000, node, "lock:a", a);
        const auto run = monitorRun(log);
        QCOMPARE(run->keyLanes().size(), std::size_t(2));
        QCOMPARE(run->keyLanes()[0].keyName, QStringLiteral("lock:a"));
        const TtlScale scale = TtlScale::of(run.get());
        QCOMPARE(scale.maxMs, qint64(120000));
        QCOMPARE(scale.laneMaxMs.size(), std::size_t(2));
        QCOMPARE(scale.forLane(0), qint64(20000)); // lock:a, renewed to 20 s
        QCOMPARE(scale.forLane(1), qint64(120000));
    }

    void monitorGapAndLossOnTheTimeline()
    {
        auto log = std::make_shared<EventLog>();
        MonitorRecorder recorder(log.get());
        const qint16 node = recorder.node("127.0.0.1:6379");
        const qint16 tok1 = recorder.owner("tok1");
        const qint16 tok2 = recorder.owner("tok2");
        const qint64 s = 1000000;
        recorder.acquired(1 * s, node, "lock:a", tok1, "tok1", 30000);
        recorder.gapStarted(2 * s, node, "lost the connection to 127.0.0.1:6379: refused");
        recorder.nodeEvent(4 * s, EventKind::NodeRestarted, node, 0);
        recorder.gapEnded(4 * s, node, "127.0.0.1:6379 restarted", 2000);
        recorder.lost(4 * s + 100000, node, "lock:a", tok1, kLostWithRestart);
        recorder.acquired(5 * s, node, "lock:a", tok2, "tok2", 30000);
        recorder.acquired(6 * s, node, "lock:b", tok2, "tok2", 30000);
        const auto run = monitorRun(log, 8 * s);
        QCOMPARE(run->keyLanes().size(), std::size_t(2));
        for (const KeyLane &lane : run->keyLanes()) {
            QCOMPARE(lane.unseen.size(), std::size_t(1));
            QCOMPARE(lane.unseen.front().startUs, 2 * s);
            QCOMPARE(lane.unseen.front().endUs, 4 * s);
        }
        const KeyLane &a = run->keyLanes().front();
        QCOMPARE(a.keyName, QStringLiteral("lock:a"));
        const bool lostMark = std::any_of(a.markers.begin(), a.markers.end(), [](const Marker &m) {
            return m.kind == MarkerKind::DataLost;
        });
        const bool deletedMark =
            std::any_of(a.markers.begin(), a.markers.end(),
                        [](const Marker &m) { return m.kind == MarkerKind::Deleted; });
        QVERIFY(lostMark);
        QVERIFY(!deletedMark);
        QCOMPARE(keyStatusAt(*run, 0, 3 * s), QStringLiteral("not seen (the monitor's gap)"));
        QVERIFY(keyStatusAt(*run, 0, 1500000).startsWith(QStringLiteral("tok1")));
        const std::vector<LegendItem> legend = legendItems(*run);
        QVERIFY(std::any_of(legend.begin(), legend.end(), [](const LegendItem &i) {
            return i.swatch == LegendItem::Swatch::Unseen;
        }));

        // Drawn: against the same history without its gap events, the picture differs inside
        // the gap's time and nowhere after it (the lanes; the legend below them differs too).
        auto withoutGap = std::make_shared<EventLog>(log->sharedStrings());
        withoutGap->info() = log->info();
        for (const Event &e : log->events()) {
            if (e.kind != EventKind::GapStarted && e.kind != EventKind::GapEnded)
                withoutGap->consume(e);
        }
        auto grab = [&](std::shared_ptr<const RunData> r, const char *name, double *x2,
                        double *x4) {
            TimelineWidget w;
            w.resize(900, 260);
            w.setRun(std::move(r));
            w.setViewRange(0, 8 * s);
            w.show();
            if (!QTest::qWaitForWindowExposed(&w))
                return QImage();
            const QImage image = w.grab().toImage();
            if (!qEnvironmentVariableIsEmpty("LOCKSCOPE_SHOT_DIR"))
                image.save(QDir(qEnvironmentVariable("LOCKSCOPE_SHOT_DIR"))
                               .filePath(QString::fromLatin1(name)));
            *x2 = w.mapping().mapTimeToX(2 * s);
            *x4 = w.mapping().mapTimeToX(4 * s);
            return image;
        };
        double x2 = 0, x4 = 0, y2 = 0, y4 = 0;
        const QImage shown = grab(run, "monitor-gap.png", &x2, &x4);
        const QImage plain = grab(monitorRun(withoutGap, 8 * s), "monitor-no-gap.png", &y2, &y4);
        QCOMPARE(y2, x2);
        QVERIFY(!shown.isNull() && shown.size() == plain.size());
        QVERIFY2(x4 - x2 > 100, qPrintable(QStringLiteral("%1..%2").arg(x2).arg(x4)));
        auto differs = [&](int xFrom, int xTo, int yFrom, int yTo) {
            int n = 0;
            for (int x = xFrom; x < xTo; ++x)
                for (int y = yFrom; y < yTo; ++y)
                    n += shown.pixel(x, y) != plain.pixel(x, y);
            return n;
        };
        const int laneTop = 0, laneBottom = shown.height() * 3 / 4;
        QVERIFY(differs(int(x2) + 5, int(x4) - 5, laneTop, laneBottom) > 200);
        QCOMPARE(differs(int(x4) + 60, shown.width() - 10, laneTop, laneBottom), 0);
    }

    // A command too wide for its column is shortened in the key (and an EVAL's script), never in
    // the token, which says whose command it is (Qt's middle elision cut exactly the token).
    void commandElidedInTheKeyNotTheToken_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("token");
        QTest::newRow("SETNX") << QStringLiteral(
                                      "SETNX lock:orders:customer-4711:invoice:1 A:1:e5464313")
                               << QStringLiteral("lock:orders:customer-4711:invoice:1")
                               << QStringLiteral("A:1:e5464313");
        QTest::newRow("SET NX PX")
            << QStringLiteral("SET lock:orders:customer-4711:invoice:1 B:7:0badc0de NX PX 30000")
            << QStringLiteral("lock:orders:customer-4711:invoice:1")
            << QStringLiteral("B:7:0badc0de NX PX 30000");
        QTest::newRow("EVALSHA") << QStringLiteral(
                                        "EVALSHA 0123456789abcdef0123456789abcdef01234567 1 "
                                        "lock:orders:customer-4711:invoice:1 C:2:12345678 30000")
                                 << QStringLiteral("lock:orders:customer-4711:invoice:1")
                                 << QStringLiteral("C:2:12345678 30000");
    }
    void commandElidedInTheKeyNotTheToken()
    {
        QFETCH(QString, command);
        QFETCH(QString, key);
        QFETCH(QString, token);
        const QFontMetrics fm(QFont(QStringLiteral("DejaVu Sans Mono"), 10));
        const QString head = command.left(command.indexOf(QLatin1Char(' ')) + 1);
        // Room for the command's name, a few letters of the key and the token.
        const int width = fm.horizontalAdvance(head + QStringLiteral("lock:…:1 ") + token) + 4;
        QVERIFY(fm.horizontalAdvance(command) > width);
        const QString shown = elideCommand(command, key, fm, width);
        QVERIFY2(fm.horizontalAdvance(shown) <= width, qPrintable(shown));
        QVERIFY2(shown.startsWith(head), qPrintable(shown));
        QVERIFY2(shown.endsWith(QLatin1Char(' ') + token), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("…")), qPrintable(shown));
        // What fits is left alone.
        QCOMPARE(elideCommand(command, key, fm, fm.horizontalAdvance(command) + 1), command);
    }

    void keyTableFollowsThePlayback()
    {
        const auto run =
            simulate(QStringLiteral("pause-after-acquire"), QStringLiteral("set-nx-px-lua"));
        QVERIFY(run);
        KeyTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        fillKeyModel(model, *run);
        QCOMPARE(model.rowCount(), 1);
        const int row = rowOfKey(model, QStringLiteral("lock:0"), QStringLiteral("redis-1"));
        QVERIFY(row >= 0);

        StateCursor cursor;
        cursor.reset(run.get());
        // 10 s: A's lock, 20 s left.
        cursor.seek(10'000'000);
        model.setStates(cursor.state().keys(), 10'000'000);
        model.setTime(10'000'000);
        QCOMPARE(model.index(row, KeyTableModel::OwnerColumn).data().toString(),
                 QStringLiteral("A"));
        QVERIFY(qAbs(model.index(row, KeyTableModel::TtlColumn)
                         .data(KeyTableModel::TtlRemainingRole)
                         .toLongLong() -
                     20'000) < 10);
        // 35 s: B's lock (A's expired at 30 s), about 25 s left.
        cursor.seek(35'000'000);
        model.setStates(cursor.state().keys(), 35'000'000);
        model.setTime(35'000'000);
        QCOMPARE(model.index(row, KeyTableModel::OwnerColumn).data().toString(),
                 QStringLiteral("B"));
        const qint64 ttl = model.index(row, KeyTableModel::TtlColumn)
                               .data(KeyTableModel::TtlRemainingRole)
                               .toLongLong();
        QVERIFY2(qAbs(ttl - 25'000) < 100, qPrintable(QString::number(ttl)));
        QCOMPARE(model.index(row, KeyTableModel::TypeColumn).data().toString(),
                 QStringLiteral("string"));
        // Backwards: 5 s is A's again.
        cursor.seek(5'000'000);
        model.setStates(cursor.state().keys(), 5'000'000);
        QCOMPARE(model.index(row, KeyTableModel::OwnerColumn).data().toString(),
                 QStringLiteral("A"));
    }

    // Moving the clock is one dataChanged, for the TTL column only; a state change is one
    // dataChanged for the rows that changed.
    void keyTableUpdatesInBatches()
    {
        const auto run = simulate(QStringLiteral("node-restart"), QStringLiteral("redlock"));
        QVERIFY(run);
        KeyTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        fillKeyModel(model, *run);
        QCOMPARE(model.rowCount(), 5); // lock:0 on five nodes
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setTime(1'000'000);
        QCOMPARE(changed.count(), 1);
        const auto topLeft = changed[0][0].value<QModelIndex>();
        const auto bottomRight = changed[0][1].value<QModelIndex>();
        QCOMPARE(topLeft.column(), int(KeyTableModel::TtlColumn));
        QCOMPARE(bottomRight.column(), int(KeyTableModel::TtlColumn));
        QCOMPARE(topLeft.row(), 0);
        QCOMPARE(bottomRight.row(), 4);

        changed.clear();
        StateCursor cursor;
        cursor.reset(run.get());
        cursor.seek(run->endUs() / 2);
        model.setStates(cursor.state().keys(), run->endUs() / 2);
        QVERIFY(changed.count() <= 1);
        changed.clear();
        model.setStates(cursor.state().keys(), run->endUs() / 2); // nothing new
        QCOMPARE(changed.count(), 0);
    }

    // The key tables' delegate draws what the style draws, pixel for pixel: owners in bold
    // beside their colour, muted cells of keys not held, right-aligned counts, elided texts,
    // a selected row; and it draws them from layouts made once.
    void shapedTextDelegatePaintsAsTheStyle()
    {
        const auto run = simulate(QStringLiteral("node-restart"), QStringLiteral("redlock"));
        QVERIFY(run);
        KeyTableModel keys;
        fillKeysAt(keys, *run, run->endUs() / 2);
        QVERIFY(keys.rowCount() >= 5);
        QStringList owners;
        for (int r = 0; r < keys.rowCount(); ++r)
            owners << keys.index(r, KeyTableModel::OwnerColumn).data().toString();
        QVERIFY2(owners.size() > 1, qPrintable(owners.join(u',')));

        QStandardItemModel cells(4, 4);
        const QString texts[] = {QStringLiteral("lock:orders:20260301-000042"),
                                 QStringLiteral("c7"), QStringLiteral("1234567"),
                                 QStringLiteral("\u9501 lock \u2014 key"),
                                 QStringLiteral("lock\tkey")}; // a key name may hold a tab
        for (int r = 0; r < 4; ++r) {
            for (int c = 0; c < 4; ++c) {
                auto *item = new QStandardItem(texts[(r + c) % 5]);
                if (c == 2)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                if (r == 1) {
                    QFont bold;
                    bold.setBold(true);
                    item->setFont(bold);
                    item->setData(QColor(200, 80, 20), Qt::DecorationRole);
                }
                if (r == 2)
                    item->setForeground(QColor(120, 120, 120));
                cells.setItem(r, c, item);
            }
        }

        for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(&keys),
                                          static_cast<QAbstractItemModel *>(&cells)}) {
            for (int selected : {-1, 1}) {
                const QImage style = renderTable(*model, false, selected);
                qint64 fromLayouts = 0;
                const QImage shaped = renderTable(*model, true, selected, &fromLayouts);
                QVERIFY(!style.isNull());
                // Most cells (all but the TTL column's and the empty ones) from layouts.
                QVERIFY2(fromLayouts >= model->rowCount() * 3,
                         qPrintable(QString::number(fromLayouts)));
                QCOMPARE(shaped.size(), style.size());
                if (shaped != style) {
                    shaped.save(QDir::temp().filePath(QStringLiteral("shaped-delegate.png")));
                    style.save(QDir::temp().filePath(QStringLiteral("style-delegate.png")));
                    QFAIL("the delegate's pixels differ from the style's (see the PNGs in the "
                          "temporary directory)");
                }
            }
        }
    }

    // Rows appended below those in view repaint nothing of what is in view (QTableView
    // repainted all of it at every insertion: a scan's table, ten times a second); rows
    // appended into the empty space at the end are painted there; anything else that lays the
    // rows out again (a removal, a reset) still repaints the whole view.
    void growingTableRepaintsOnlyWhatWasAppended()
    {
        QStandardItemModel model(0, 3);
        auto append = [&](int n) {
            for (int i = 0; i < n; ++i) {
                QList<QStandardItem *> row;
                for (int c = 0; c < 3; ++c)
                    row << new QStandardItem(
                        QStringLiteral("r%1 c%2").arg(model.rowCount()).arg(c));
                model.appendRow(row);
            }
        };
        append(2);
        GrowingTableView view;
        view.setModel(&model);
        view.verticalHeader()->hide();
        view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // the width never changes
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::qWait(50);
        const int rowHeight = view.rowHeight(0);
        QVERIFY(rowHeight > 0 && 6 * rowHeight < view.viewport()->height());
        PaintRegions paints(view.viewport());

        // Into the empty space below the two rows: the new rows are painted, the old are not.
        append(2);
        QTRY_VERIFY(!paints.regions.isEmpty());
        QTest::qWait(50);
        const QRect oldRows(0, 0, view.viewport()->width(), 2 * rowHeight);
        const QRect newRows(0, 2 * rowHeight, view.viewport()->width(), 2 * rowHeight);
        QVERIFY(paints.covers(newRows));
        QVERIFY2(!paints.all().intersects(oldRows), "the rows in view were painted again");
        QCOMPARE(view.appendLayouts(), qint64(1));

        // Far past the bottom, then more below them: nothing in view is painted.
        append(100);
        QTest::qWait(50);
        paints.regions.clear();
        const qint64 before = view.appendLayouts();
        append(50);
        QTRY_COMPARE(view.appendLayouts(), before + 1);
        QTest::qWait(50);
        QVERIFY2(paints.all().isEmpty(), "the view was painted for rows it does not show");
        QCOMPARE(view.verticalScrollBar()->maximum() > 0, true);
        const int maximum = view.verticalScrollBar()->maximum();
        append(10);
        QTRY_VERIFY(view.verticalScrollBar()->maximum() > maximum); // the range still grows

        // A row inserted above the last moves those below it: all are painted again.
        paints.regions.clear();
        model.insertRow(1, new QStandardItem(QStringLiteral("second")));
        QTRY_VERIFY(paints.covers(oldRows));
        // A removal lays every row out again, and repaints them.
        paints.regions.clear();
        model.removeRow(0);
        QTRY_VERIFY(paints.covers(oldRows));
        // So does a reset (here: a new model's worth of rows).
        paints.regions.clear();
        model.clear();
        append(3);
        QTRY_VERIFY(paints.covers(oldRows));
    }

    // A timeline resized draws what a timeline made at that size draws: a change of width alone
    // (a scroll bar coming) keeps the rows' layout, and one that wraps the legend onto more
    // lines lays them out again.
    void timelineResizedAsIfMadeAtThatSize()
    {
        const auto run =
            simulate(QStringLiteral("pause-before-delete"), QStringLiteral("set-nx-px-get-del"));
        QVERIFY(run);
        TimelineWidget resized;
        resized.setRun(run);
        resized.resize(900, 420);
        resized.show();
        QVERIFY(QTest::qWaitForWindowExposed(&resized));
        for (const QSize size :
             {QSize(885, 420), QSize(420, 420), QSize(420, 300), QSize(900, 420)}) {
            resized.resize(size);
            QTest::qWait(20);
            TimelineWidget fresh; // shown at its size before it lays the run out
            fresh.resize(size);
            fresh.show();
            QVERIFY(QTest::qWaitForWindowExposed(&fresh));
            fresh.setRun(run);
            QTest::qWait(20); // its scroll bar comes, if it needs one
            fresh.setViewRange(resized.viewRange().startUs, resized.viewRange().endUs);
            const QImage a = resized.viewport()->grab().toImage();
            const QImage b = fresh.viewport()->grab().toImage();
            QCOMPARE(a.size(), b.size());
            if (a != b) {
                a.save(QDir::temp().filePath(QStringLiteral("timeline-resized.png")));
                b.save(QDir::temp().filePath(QStringLiteral("timeline-fresh.png")));
                QFAIL(qPrintable(QStringLiteral("at %1x%2 the resized timeline differs from a "
                                                "new one (PNGs in the temporary directory)")
                                     .arg(size.width())
                                     .arg(size.height())));
            }
        }
    }

    void keyWithoutTtlIsFlagged()
    {
        const auto run =
            simulate(QStringLiteral("crash-mid-acquire"), QStringLiteral("setnx-expire"));
        QVERIFY(run);
        KeyTableModel model;
        fillKeysAt(model, *run, 5'000'000);
        QCOMPARE(model.index(0, KeyTableModel::TtlColumn)
                     .data(KeyTableModel::TtlRemainingRole)
                     .toLongLong(),
                 qint64(-1));
        QCOMPARE(model.index(0, KeyTableModel::TtlColumn).data().toString(),
                 QStringLiteral("no TTL"));
    }

    // The monitor's rows are lower than the workspace's (the font's height + 8, not + 14): the
    // time left must still be drawn from its layout there, not shaped again in every paint.
    void ttlLabelsDrawnFromLayoutsInLowRows()
    {
        const auto run =
            simulate(QStringLiteral("pause-after-acquire"), QStringLiteral("set-nx-px-lua"));
        QVERIFY(run);
        KeyTableModel model;
        fillKeysAt(model, *run, 10'000'000); // A's lock, 20 s left
        int held = 0;
        for (int r = 0; r < model.rowCount(); ++r)
            held += model.index(r, KeyTableModel::TtlColumn)
                        .data(KeyTableModel::TtlRemainingRole)
                        .toLongLong() >= 0;
        QVERIFY2(held > 0, "no key held at 10 s");
        for (int extra : {8, 14}) {
            QTableView view;
            view.setModel(&model);
            auto *ttl = new TtlDelegate(&view);
            view.setItemDelegateForColumn(KeyTableModel::TtlColumn, ttl);
            view.verticalHeader()->setDefaultSectionSize(view.fontMetrics().height() + extra);
            view.verticalHeader()->hide();
            view.resize(1000, 400);
            view.viewport()->grab();
            QCOMPARE(ttl->labelsFromLayouts(), qint64(held));
        }
    }

    void commandLogGrowsWithThePlayback()
    {
        const auto run =
            simulate(QStringLiteral("pause-before-delete"), QStringLiteral("set-nx-px-get-del"));
        QVERIFY(run);
        CommandLogModel model;
        CommandFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRun(run);
        QCOMPARE(model.rowCount(), 0);
        model.setTime(run->endUs());
        const int all = model.rowCount();
        QVERIFY(all > 10);
        QCOMPARE(all, model.totalCommands());
        // Every row is a command with its reply at the end of the run.
        for (int r = 0; r < all; ++r) {
            QVERIFY(!model.index(r, CommandLogModel::CommandColumn).data().toString().isEmpty());
            QVERIFY(!model.index(r, CommandLogModel::ReplyColumn)
                         .data()
                         .toString()
                         .startsWith(QStringLiteral("…")));
        }
        // Back in time, rows go away; forward again, they come back.
        model.setTime(run->endUs() / 2);
        QVERIFY(model.rowCount() < all);
        model.setTime(0);
        QVERIFY(model.rowCount() <= 1);
        for (qint64 t = 0; t <= run->endUs(); t += 250'000)
            model.setTime(t);
        model.setTime(run->endUs());
        QCOMPARE(model.rowCount(), all);

        // Filters: by client, then by key.
        const qint16 a = qint16(run->log().info().clients.indexOf(QByteArrayLiteral("A")));
        proxy.setClient(a);
        QVERIFY(proxy.rowCount() > 0 && proxy.rowCount() < all);
        for (int r = 0; r < proxy.rowCount(); ++r)
            QCOMPARE(proxy.index(r, CommandLogModel::ClientColumn).data().toString(),
                     QStringLiteral("A"));
        proxy.setKey(QStringLiteral("lock:0"));
        for (int r = 0; r < proxy.rowCount(); ++r)
            QCOMPARE(proxy.index(r, 0).data(CommandLogModel::KeyRole).toString(),
                     QStringLiteral("lock:0"));
        QVERIFY(proxy.rowCount() > 0);
        proxy.setKey(QStringLiteral("no-such-key"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setKey({});
        proxy.setClient(-1);
        QCOMPARE(proxy.rowCount(), all);

        // A's GET then DEL, in that order: the release race of this strategy.
        int get = -1, del = -1;
        for (int r = 0; r < all; ++r) {
            const QString cmd = model.index(r, CommandLogModel::CommandColumn).data().toString();
            if (model.index(r, 0).data(CommandLogModel::ClientRole).toInt() != a)
                continue;
            if (cmd.startsWith(QStringLiteral("GET lock:0")))
                get = r;
            if (cmd.startsWith(QStringLiteral("DEL lock:0")) && get >= 0)
                del = r;
        }
        QVERIFY(get >= 0 && del > get);

        model.setShowAll(true);
        QCOMPARE(model.rowCount(), all);
    }

    void findingsAreSentences()
    {
        const auto run =
            simulate(QStringLiteral("pause-after-acquire"), QStringLiteral("set-nx-px-del"));
        QVERIFY(run);
        FindingsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRun(run);
        QCOMPARE(model.rowCount(), int(run->report().findings.size()));
        QVERIFY(model.rowCount() >= 2);
        bool violation = false, deletion = false;
        for (int r = 0; r < model.rowCount(); ++r) {
            const QString s = model.index(r).data().toString();
            violation |= s.startsWith(QStringLiteral("Violation:"));
            deletion |= s.startsWith(QStringLiteral("Mistaken deletion:"));
            QVERIFY(model.index(r).data(FindingsModel::TimeRole).toLongLong() >= 0);
        }
        QVERIFY(violation);
        QVERIFY(deletion);
        model.setRun(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void lanesAndBands()
    {
        const auto run =
            simulate(QStringLiteral("pause-after-acquire"), QStringLiteral("set-nx-px-del"));
        QVERIFY(run);
        QCOMPARE(run->clientLanes().size(), std::size_t(3));
        QCOMPARE(run->keyLanes().size(), std::size_t(1));
        // A is paused from its acquisition for 40 s, inside its critical section.
        const ClientLane &a = run->clientLanes()[0];
        QCOMPARE(a.name, QStringLiteral("A"));
        QCOMPARE(a.paused.size(), std::size_t(1));
        QVERIFY(qAbs(a.paused[0].endUs - a.paused[0].startUs - 40'000'000) < 10'000);
        QVERIFY(!a.critical.empty());
        // The key: A's span, then B's, then C's (after A deleted B's lock).
        const KeyLane &key = run->keyLanes()[0];
        QVERIFY(key.spans.size() >= 3);
        QCOMPARE(run->clientName(key.spans[0].owner), QStringLiteral("A"));
        QCOMPARE(run->clientName(key.spans[1].owner), QStringLiteral("B"));
        bool mistaken = false;
        for (const Marker &m : key.markers)
            mistaken |= m.kind == MarkerKind::MistakenDeletion;
        QVERIFY(mistaken);
        // Two overlaps: A and B, then B and C.
        QCOMPARE(run->violations().size(), std::size_t(2));
        for (const ViolationBand &b : run->violations())
            QCOMPARE(b.clients.size(), std::size_t(2));
        // Stepping moves between notable events.
        const qint64 first = run->nextNotableEvent(-1);
        QVERIFY(first >= 0);
        const qint64 second = run->nextNotableEvent(run->event(quint32(first)).timeUs);
        QVERIFY(second > first);
        QCOMPARE(run->previousNotableEvent(run->event(quint32(second)).timeUs), first);
        QCOMPARE(run->previousNotableEvent(0), qint64(-1));
        QCOMPARE(run->nextNotableEvent(run->endUs()), qint64(-1));
    }

    void strategySourceMatchesCommands()
    {
        const StrategySource lua = StrategySource::forStrategy(QStringLiteral("set-nx-px-lua"));
        QCOMPARE(lua.steps.size(), std::size_t(2));
        QVERIFY(lua.text.contains(QStringLiteral("redis.call('get', KEYS[1]) == ARGV[1]")));
        QCOMPARE(lua.stepForCommand("SET lock:0 A:1:x NX PX 30000", ClientState::Phase::Waiting),
                 0);
        const StrategySource getDel =
            StrategySource::forStrategy(QStringLiteral("set-nx-px-get-del"));
        QCOMPARE(getDel.stepForCommand("GET lock:0", ClientState::Phase::Releasing), 1);
        QCOMPARE(getDel.stepForCommand("DEL lock:0", ClientState::Phase::Releasing), 2);
        QCOMPARE(getDel.stepForCommand("INCR x", ClientState::Phase::Releasing), -1);
        // Redlock sends compare-and-delete both to undo a failed acquire and to release.
        const StrategySource redlock = StrategySource::forStrategy(QStringLiteral("redlock"));
        int undo = -1, release = -1;
        for (std::size_t i = 0; i < redlock.steps.size(); ++i) {
            if (redlock.steps[i].label == QLatin1String("acquire.release"))
                undo = int(i);
            if (redlock.steps[i].label == QLatin1String("release.script"))
                release = int(i);
        }
        QVERIFY(undo >= 0 && release >= 0);
        for (const QString &id :
             {QStringLiteral("setnx-expire"), QStringLiteral("setnx-getset"),
              QStringLiteral("lua-setnx-pexpire"), QStringLiteral("reentrant-hash"),
              QStringLiteral("watchdog"), QStringLiteral("fenced")}) {
            const StrategySource s = StrategySource::forStrategy(id);
            QVERIFY2(!s.steps.empty(), qPrintable(id));
            for (const SourceStep &step : s.steps)
                QVERIFY2(step.firstLine <= step.lastLine, qPrintable(id + step.label));
        }
    }
};

QTEST_MAIN(TestUiModels)
#include "test_ui_models.moc"
