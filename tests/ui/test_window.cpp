// The window, offscreen, driven as a user would: choose a scenario and a strategy, run, step,
// scrub, inject a fault by hand, export; assertions are on what the models hold.
#include "command_log_model.h"
#include "findings_model.h"
#include "key_table_model.h"
#include "main_window.h"
#include "playback.h"
#include "strategy_source_view.h"
#include "theme.h"
#include "timeline_widget.h"

#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

int keyRow(const KeyTableModel &model, const QString &key)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, KeyTableModel::KeyColumn).data().toString() == key)
            return r;
    }
    return -1;
}

QString owner(const MainWindow &w)
{
    const int row = keyRow(*w.keyModel(), QStringLiteral("lock:0"));
    return row < 0 ? QString()
                   : w.keyModel()->index(row, KeyTableModel::OwnerColumn).data().toString();
}

qint64 ttlLeft(const MainWindow &w)
{
    const int row = keyRow(*w.keyModel(), QStringLiteral("lock:0"));
    return w.keyModel()
        ->index(row, KeyTableModel::TtlColumn)
        .data(KeyTableModel::TtlRemainingRole)
        .toLongLong();
}

// The JSON lines of the events before `timeUs`.
QList<QByteArray> eventsBefore(const RunData &run, qint64 timeUs)
{
    QList<QByteArray> out;
    for (const Event &e : run.log().events()) {
        if (e.timeUs >= timeUs)
            break;
        out << run.log().eventToJson(e);
    }
    return out;
}

} // namespace

class TestWindow : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    MainWindow &window() { return *m_window; }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow::Options options;
        options.persistSettings = false;
        m_window = std::make_unique<MainWindow>(options);
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanupTestCase() { m_window.reset(); }

    void selectRunStepAndScrub()
    {
        MainWindow &w = window();
        QVERIFY(!w.setScenario(QStringLiteral("no-such-scenario")));
        QVERIFY(w.setScenario(QStringLiteral("pause-after-acquire")));
        QVERIFY(w.setStrategy(QStringLiteral("set-nx-px-lua")));
        w.setSeed(1);
        QString error;
        QVERIFY2(w.runNow(&error), qPrintable(error));
        QVERIFY(w.run());
        QCOMPARE(w.run()->request().strategyId, QStringLiteral("set-nx-px-lua"));
        QCOMPARE(w.playback()->time(), qint64(0));
        QCOMPARE(w.keyModel()->rowCount(), 1);

        // Step through the first notable events, one by one even when they share an instant:
        // A's key is written, A acquires, enters its critical section, pauses.
        QList<EventKind> kinds;
        for (int i = 0; i < 4; ++i) {
            w.stepForward();
            QVERIFY(w.selectedEvent() >= 0);
            const Event &e = w.run()->event(quint32(w.selectedEvent()));
            QCOMPARE(w.playback()->time(), e.timeUs);
            kinds << e.kind;
        }
        QCOMPARE(kinds, (QList<EventKind>{EventKind::KeyWritten, EventKind::Acquired,
                                          EventKind::CriticalEnter, EventKind::ClientPaused}));
        QCOMPARE(owner(w), QStringLiteral("A"));
        w.stepBackward();
        QCOMPARE(w.run()->event(quint32(w.selectedEvent())).kind, EventKind::CriticalEnter);

        // Scrub to 35 s: A's lease expired at 30 s, B holds the lock with about 25 s left.
        w.seek(35'000'000);
        QCOMPARE(w.playback()->time(), qint64(35'000'000));
        QCOMPARE(owner(w), QStringLiteral("B"));
        QVERIFY2(qAbs(ttlLeft(w) - 25'000) < 100, qPrintable(QString::number(ttlLeft(w))));
        QVERIFY2(w.captionText().contains(QStringLiteral("B now holds the lock")),
                 qPrintable(w.captionText()));
        // The command log holds what was sent until then, and nothing later.
        const CommandLogModel &log = *w.commandModel();
        QVERIFY(log.rowCount() > 0);
        for (int r = 0; r < log.rowCount(); ++r)
            QVERIFY(log.index(r, 0).data(CommandLogModel::TimeRole).toLongLong() <= 35'000'000);
        // The timeline's playhead is there too.
        QCOMPARE(w.timeline()->playhead(), qint64(35'000'000));

        // Back to 10 s: A again, 20 s left.
        w.seek(10'000'000);
        QCOMPARE(owner(w), QStringLiteral("A"));
        QVERIFY(qAbs(ttlLeft(w) - 20'000) < 100);
        // The strategy source highlights a step.
        QVERIFY(w.sourceView()->currentStep() >= 0);
    }

    void playbackAdvances()
    {
        MainWindow &w = window();
        w.seek(0);
        w.playback()->setSpeed(1000);
        w.playback()->play();
        QTRY_VERIFY_WITH_TIMEOUT(w.playback()->time() > 2'000'000, 5000);
        w.playback()->pause();
        QVERIFY(!w.playback()->isPlaying());
        const qint64 t = w.playback()->time();
        QTest::qWait(50);
        QCOMPARE(w.playback()->time(), t);
        // Playing to the end stops there.
        w.seek(w.playback()->end() - 1000);
        w.playback()->play();
        QTRY_VERIFY_WITH_TIMEOUT(!w.playback()->isPlaying(), 5000);
        QCOMPARE(w.playback()->time(), w.playback()->end());
        w.playback()->setSpeed(1);
    }

    void injectPauseKeepsThePast()
    {
        MainWindow &w = window();
        w.seek(35'000'000);
        const auto before = w.run();
        const qint16 b = qint16(before->log().info().clients.indexOf(QByteArrayLiteral("B")));
        QVERIFY(b >= 0);
        w.injectClientFault(b, FaultSpec::Action::Pause, 5000);
        const auto after = w.run();
        QVERIFY(after != before);
        QCOMPARE(after->request().injectedFaults.size(), 1);
        // The playback stays at the same instant, showing the same state.
        QCOMPARE(w.playback()->time(), qint64(35'000'000));
        QCOMPARE(owner(w), QStringLiteral("B"));
        QVERIFY(qAbs(ttlLeft(w) - 25'000) < 100);
        // Everything before the instant is identical; B pauses for 5 s from it.
        QCOMPARE(eventsBefore(*after, 35'000'000), eventsBefore(*before, 35'000'000));
        bool paused = false;
        for (const Event &e : after->log().events()) {
            if (e.kind == EventKind::ClientPaused && e.client == b && e.timeUs == 35'000'000 &&
                e.value == 5000)
                paused = true;
        }
        QVERIFY(paused);
        QVERIFY(after->log().events().size() != before->log().events().size() ||
                after->endUs() != before->endUs());

        // A node fault on top, then clear both.
        w.injectNodeFault(0, FaultSpec::Action::NodeCrash, 2000);
        QCOMPARE(w.run()->request().injectedFaults.size(), 2);
        bool crashed = false;
        for (const Event &e : w.run()->log().events())
            crashed |= e.kind == EventKind::NodeCrashed && e.timeUs == 35'000'000;
        QVERIFY(crashed);
        w.clearInjectedFaults();
        QVERIFY(w.run()->request().injectedFaults.isEmpty());
        QCOMPARE(w.run()->log().events().size(), before->log().events().size());
        QCOMPARE(w.playback()->time(), qint64(35'000'000));
    }

    void selectionIsSynchronised()
    {
        MainWindow &w = window();
        w.seek(w.playback()->end());
        // Select a command: the command log selects its row.
        const CommandLogModel &log = *w.commandModel();
        QVERIFY(log.rowCount() > 5);
        const int event = log.index(3, 0).data(CommandLogModel::EventRole).toInt();
        w.selectEvent(event);
        QCOMPARE(w.timeline()->selectedEvent(), qint64(event));
        const QModelIndex current = w.commandView()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(CommandLogModel::EventRole).toInt(), event);
        // And the other way: choosing a row selects its event on the timeline.
        const QModelIndex other = w.commandView()->model()->index(5, 0);
        w.commandView()->setCurrentIndex(other);
        QCOMPARE(w.timeline()->selectedEvent(),
                 qint64(other.data(CommandLogModel::EventRole).toInt()));
    }

    void findingsJumpThere()
    {
        MainWindow &w = window();
        QVERIFY(w.setStrategy(QStringLiteral("set-nx-px-del")));
        QVERIFY(w.runNow());
        QVERIFY(w.findingsModel()->rowCount() > 0);
        const qint64 t = w.findingsModel()->index(0).data(FindingsModel::TimeRole).toLongLong();
        w.jumpToFinding(0);
        QCOMPARE(w.playback()->time(), t);
        QVERIFY(w.selectedEvent() >= 0);
    }

    void timelineZoomsAndHits()
    {
        MainWindow &w = window();
        TimelineWidget &tl = *w.timeline();
        tl.fitAll();
        const TimeRange all = tl.viewRange();
        QVERIFY(all.endUs >= w.run()->endUs());
        tl.zoomBy(4, 30'000'000);
        const TimeRange zoomed = tl.viewRange();
        QVERIFY(zoomed.endUs - zoomed.startUs < (all.endUs - all.startUs) / 3);
        QVERIFY(zoomed.startUs <= 30'000'000 && zoomed.endUs >= 30'000'000);
        tl.panByPixels(100);
        QVERIFY(tl.viewRange().startUs > zoomed.startUs);
        QVERIFY(tl.zoomStack().canGoBack());
        tl.zoomBack();
        QCOMPARE(tl.viewRange().startUs, all.startUs);
        // Keys: W zooms in, S out, A/D pan, F fits.
        tl.setFocus();
        QTest::keyClick(&tl, Qt::Key_W);
        QVERIFY(tl.viewRange().endUs - tl.viewRange().startUs < all.endUs - all.startUs);
        QTest::keyClick(&tl, Qt::Key_D);
        QTest::keyClick(&tl, Qt::Key_F);
        QCOMPARE(tl.viewRange().startUs, all.startUs);

        // The mark of an event is where hit-testing finds it.
        const auto &markers = w.run()->clientLanes()[0].markers;
        QVERIFY(!markers.empty());
        const qint64 event = markers.front().event;
        const QPoint p = tl.eventPosition(event);
        QVERIFY(!p.isNull());
        const TimelineWidget::Hit hit = tl.hitTest(p);
        QCOMPARE(hit.event, event);
        QVERIFY(!hit.description.isEmpty());
        QCOMPARE(hit.client, qint16(0));
        // A click there selects it.
        QTest::mouseClick(tl.viewport(), Qt::LeftButton, {}, p);
        QCOMPARE(tl.selectedEvent(), event);
    }

    void exportsWriteOrExplain()
    {
        MainWindow &w = window();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString error;
        const QString png = dir.filePath(QStringLiteral("t.png"));
        QVERIFY2(w.exportTimelinePng(png, &error), qPrintable(error));
        QImage image(png);
        QVERIFY(!image.isNull() && image.width() >= 1200);
        const QString log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY2(w.exportEventLog(log, &error), qPrintable(error));
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readLine().contains("\"lockscope_log\""));
        const QString svg = dir.filePath(QStringLiteral("t.svg"));
        if (w.exportTimelineSvg(svg, &error)) {
            QFile s(svg);
            QVERIFY(s.open(QIODevice::ReadOnly));
            QVERIFY(s.readAll().contains("<svg"));
        } else {
            QVERIFY(error.contains(QStringLiteral("SVG")));
        }

        // Unwritable: a clear message, false, no crash, the run still there, nothing written.
        const auto run = w.run();
        for (const QString &bad : {QStringLiteral("/nonexistent-dir/sub/t.png"), dir.path(),
                                   QStringLiteral("/proc/version")}) {
            error.clear();
            QVERIFY(!w.exportTimelinePng(bad, &error));
            QVERIFY2(error.startsWith(QStringLiteral("Cannot write the timeline to ")),
                     qPrintable(error));
            error.clear();
            QVERIFY(!w.exportEventLog(bad, &error));
            QVERIFY2(error.startsWith(QStringLiteral("Cannot write the event log to ")),
                     qPrintable(error));
        }
        QCOMPARE(w.run(), run);
        QFile version(QStringLiteral("/proc/version"));
        QVERIFY(version.open(QIODevice::ReadOnly));
        QVERIFY(version.readAll().startsWith("Linux"));
    }

    void darkPaletteAndRender()
    {
        MainWindow &w = window();
        w.setDarkPalette(true);
        QVERIFY(isDarkPalette(QApplication::palette()));
        const QImage dark = w.grab().toImage();
        QVERIFY(!dark.isNull());
        w.setDarkPalette(false);
        QVERIFY(!isDarkPalette(QApplication::palette()));
    }

    void settingsPersist()
    {
        // Settings go to a temporary folder, never to the user's.
        QTemporaryDir config;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
        QCoreApplication::setOrganizationName(QStringLiteral("LockScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_window"));
        MainWindow::Options options; // persists settings (in QStandardPaths' test location)
        {
            MainWindow first(options);
            QVERIFY(first.setScenario(QStringLiteral("failover")));
            QVERIFY(first.setStrategy(QStringLiteral("redlock")));
            first.setSeed(7);
            first.playback()->setSpeed(10);
            first.close(); // saves
        }
        MainWindow second(options);
        const RunRequest r = second.currentRequest();
        QCOMPARE(r.scenarioId, QStringLiteral("failover"));
        QCOMPARE(r.strategyId, QStringLiteral("redlock"));
        QCOMPARE(r.seed, quint64(7));
        QCOMPARE(second.playback()->speed(), 10.0);
        QVERIFY(QFile::exists(config.filePath(QStringLiteral("LockScopeTest/test_window.conf"))));
    }

    void everyScenarioAndStrategyShows()
    {
        MainWindow &w = window();
        const QStringList strategies = {QStringLiteral("setnx-expire"),
                                        QStringLiteral("set-nx-px-lua"), QStringLiteral("redlock"),
                                        QStringLiteral("reentrant-hash"), QStringLiteral("fenced")};
        for (const QString &scenario : builtinScenarioIds()) {
            QVERIFY(w.setScenario(scenario));
            for (const QString &strategy : strategies) {
                QVERIFY(w.setStrategy(strategy));
                QString error;
                QVERIFY2(w.runNow(&error), qPrintable(scenario + QLatin1Char('/') + strategy +
                                                      QStringLiteral(": ") + error));
                w.seek(w.playback()->end() / 2);
                w.stepForward();
                QVERIFY(!w.grab().isNull());
            }
        }
    }
};

QTEST_MAIN(TestWindow)
#include "test_window.moc"
