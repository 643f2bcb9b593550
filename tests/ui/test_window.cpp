// The window, offscreen, driven as a user would: choose a scenario and a strategy, run, step,
// scrub, inject a fault by hand, export (the workspace page, through window.workspace()); the
// window's own title, status bar, settings and palette; assertions are on what the models hold.
#include "common/key_table_model.h"
#include "common/theme.h"
#include "compare/compare_page.h"
#include "compare/compare_settings.h"
#include "main_window.h"
#include "monitor/monitor_page.h"
#include "monitor/monitor_recorder.h"
#include "timeline/timeline_widget.h"
#include "workspace/command_log_model.h"
#include "workspace/findings_model.h"
#include "workspace/playback.h"
#include "workspace/strategy_source_view.h"
#include "workspace/workspace_page.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
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

QString owner(const WorkspacePage &w)
{
    const int row = keyRow(*w.keyModel(), QStringLiteral("lock:0"));
    return row < 0 ? QString()
                   : w.keyModel()->index(row, KeyTableModel::OwnerColumn).data().toString();
}

qint64 ttlLeft(const WorkspacePage &w)
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

// A scenario file: pause-after-acquire with another id and title, a 20 s TTL and two clients.
QString writeTwoClientScenario(const QString &path)
{
    QFile builtin(QStringLiteral(":/scenarios/pause-after-acquire.json"));
    if (!builtin.open(QIODevice::ReadOnly))
        return {};
    QJsonObject o = QJsonDocument::fromJson(builtin.readAll()).object();
    o[QStringLiteral("id")] = QStringLiteral("two-client-pause");
    o[QStringLiteral("title")] = QStringLiteral("Two clients, one pause (from a file)");
    o[QStringLiteral("clients")] = 2;
    o[QStringLiteral("ttl_ms")] = 20000;
    QJsonArray clients = o[QStringLiteral("client_list")].toArray();
    clients.removeLast(); // C
    o[QStringLiteral("client_list")] = clients;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(o).toJson()) < 0 || !f.flush())
        return {};
    return QFileInfo(path).absoluteFilePath();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.flush();
}

// What the window shows that a scenario file with errors must leave as it was.
struct Shown {
    std::shared_ptr<const RunData> run;
    std::size_t events = 0;
    qint64 timeUs = 0;
    qint64 selectedEvent = -1;
    int pickerIndex = -1;
    QString pickerText;
    int pickerCount = 0;
    QStringList files;
    QString scenarioKey;
    int clients = 0;
    qint64 ttlMs = 0;
    qsizetype faults = 0;
    QString title;

    static Shown of(const MainWindow &window)
    {
        const WorkspacePage &w = *window.workspace();
        Shown s;
        s.run = w.run();
        s.events = w.run() ? w.run()->log().events().size() : 0;
        s.timeUs = w.playback()->time();
        s.selectedEvent = w.selectedEvent();
        s.pickerIndex = w.scenarioPicker()->currentIndex();
        s.pickerText = w.scenarioPicker()->currentText();
        s.pickerCount = w.scenarioPicker()->count();
        s.files = w.scenarioFiles();
        const RunRequest r = w.currentRequest();
        s.scenarioKey = r.scenarioKey();
        s.clients = r.clients;
        s.ttlMs = r.ttlMs;
        s.faults = r.injectedFaults.size();
        s.title = window.windowTitle();
        return s;
    }
};

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
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
        MainWindow &win = window();
        win.setDarkPalette(true);
        QVERIFY(isDarkPalette(QApplication::palette()));
        const QImage dark = win.grab().toImage();
        QVERIFY(!dark.isNull());
        win.setDarkPalette(false);
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
            QVERIFY(first.workspace()->setScenario(QStringLiteral("failover")));
            QVERIFY(first.workspace()->setStrategy(QStringLiteral("redlock")));
            first.workspace()->setSeed(7);
            first.workspace()->playback()->setSpeed(10);
            first.close(); // saves
        }
        MainWindow second(options);
        const RunRequest r = second.workspace()->currentRequest();
        QCOMPARE(r.scenarioId, QStringLiteral("failover"));
        QCOMPARE(r.strategyId, QStringLiteral("redlock"));
        QCOMPARE(r.seed, quint64(7));
        QCOMPARE(second.workspace()->playback()->speed(), 10.0);
        QVERIFY(QFile::exists(config.filePath(QStringLiteral("LockScopeTest/test_window.conf"))));
    }

    void clientCountThatDropsTheCastIsRefused()
    {
        // Issue 12: one client on client-clock-skew would drop B, whose clock is the story. The
        // window goes through the same check as the CLI and keeps what it shows.
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
        QVERIFY(w.setScenario(QStringLiteral("client-clock-skew")));
        QVERIFY(w.setStrategy(QStringLiteral("setnx-getset")));
        QString error;
        QVERIFY2(w.runNow(&error), qPrintable(error));
        const Shown before = Shown::of(win);
        w.setClientCount(1);
        QVERIFY(!w.runNow(&error));
        QVERIFY2(error.contains(QLatin1String("client-clock-skew")) &&
                     error.contains(QLatin1String("B")),
                 qPrintable(error));
        QVERIFY2(win.statusText().contains(error), qPrintable(win.statusText()));
        QCOMPARE(Shown::of(win).run, before.run);
        w.setClientCount(2);
    }

    void everyScenarioAndStrategyShows()
    {
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
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
                QVERIFY(!win.grab().isNull());
            }
        }
    }

    void scenarioFileOpensAndRuns()
    {
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
        QStringList messages;
        w.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
        QVERIFY(w.setScenario(QStringLiteral("pause-after-acquire")));
        QVERIFY(w.setStrategy(QStringLiteral("set-nx-px-lua")));
        QVERIFY(w.runNow());
        QCOMPARE(w.run()->clientLanes().size(), std::size_t(3));
        const int builtins = w.scenarioPicker()->count();
        QVERIFY(w.scenarioFiles().isEmpty());
        // File > Open Scenario File…, Ctrl+O.
        QAction *open = nullptr;
        for (QAction *a : win.findChildren<QAction *>()) {
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_O))
                open = a;
        }
        QVERIFY(open);
        QVERIFY(open->text().contains(QStringLiteral("Open Scenario File")));

        QTemporaryDir dir;
        const QString path = writeTwoClientScenario(dir.filePath(QStringLiteral("two.json")));
        QVERIFY(!path.isEmpty());
        QString error;
        QVERIFY2(w.openScenarioFile(path, &error), qPrintable(error));
        QVERIFY2(messages.isEmpty(), qPrintable(messages.join(QLatin1Char('\n'))));

        // In the picker, behind a separator, selected, shown by its file name.
        QCOMPARE(w.scenarioPicker()->count(), builtins + 2);
        QCOMPARE(w.scenarioFiles(), QStringList{path});
        QCOMPARE(w.currentScenarioFile(), path);
        QCOMPARE(w.scenarioPicker()->currentText(), QStringLiteral("two.json"));
        QVERIFY(w.scenarioPicker()
                    ->itemData(w.scenarioPicker()->currentIndex(), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Two clients, one pause (from a file)")));
        QVERIFY(win.windowTitle().contains(QStringLiteral("two.json")));

        // Run: its two clients, its 20 s TTL (B holds the lock at 25 s, where the built-in
        // story's A still does).
        const auto run = w.run();
        QCOMPARE(run->request().scenarioFile, path);
        QCOMPARE(run->request().scenarioId, QStringLiteral("two-client-pause"));
        QCOMPARE(run->scenario().id, QStringLiteral("two-client-pause"));
        QCOMPARE(run->clientLanes().size(), std::size_t(2));
        QCOMPARE(run->clientLanes()[0].name, QStringLiteral("A"));
        QCOMPARE(run->clientLanes()[1].name, QStringLiteral("B"));
        QCOMPARE(w.playback()->time(), qint64(0));
        w.seek(25'000'000);
        QCOMPARE(owner(w), QStringLiteral("B"));
        QVERIFY2(qAbs(ttlLeft(w) - 15'000) < 100, qPrintable(QString::number(ttlLeft(w))));
        QCOMPARE(w.keyModel()->rowCount(), 1);
        const CommandLogModel &log = *w.commandModel();
        QSet<QString> senders;
        for (int r = 0; r < log.rowCount(); ++r)
            senders << log.index(r, CommandLogModel::ClientColumn).data().toString();
        QCOMPARE(senders, (QSet<QString>{QStringLiteral("A"), QStringLiteral("B")}));

        // A fault added by hand re-runs the file's scenario, identical up to the instant; so does
        // a run after the file is gone (the scenario was kept as read).
        const qint16 b = 1;
        w.injectClientFault(b, FaultSpec::Action::Pause, 5000);
        QVERIFY(w.run() != run);
        QCOMPARE(w.run()->request().scenarioFile, path);
        QCOMPARE(w.run()->request().injectedFaults.size(), 1);
        QCOMPARE(w.run()->clientLanes().size(), std::size_t(2));
        QCOMPARE(w.playback()->time(), qint64(25'000'000));
        QCOMPARE(eventsBefore(*w.run(), 25'000'000), eventsBefore(*run, 25'000'000));
        QVERIFY(QFile::remove(path));
        QVERIFY(w.runNow(&error));
        QCOMPARE(w.run()->request().injectedFaults.size(), 1);
        w.clearInjectedFaults();
        QCOMPARE(w.run()->log().events().size(), run->log().events().size());
        QCOMPARE(w.run()->scenario().id, QStringLiteral("two-client-pause"));

        // Built-in scenarios as before, and back to the file from the picker.
        QVERIFY(w.setScenario(QStringLiteral("failover")));
        QVERIFY(w.currentScenarioFile().isEmpty());
        QVERIFY(w.runNow(&error));
        QVERIFY(!w.run()->request().fromFile());
        QCOMPARE(w.run()->request().scenarioId, QStringLiteral("failover"));
        // As a user would: the picker starts the run, which ends on a worker thread.
        w.scenarioPicker()->setCurrentIndex(w.scenarioPicker()->count() - 1);
        QTRY_COMPARE(w.run()->request().scenarioFile, path);
        QCOMPARE(w.run()->clientLanes().size(), std::size_t(2));

        // Opening it again (rewritten) refreshes its entry instead of adding one.
        QCOMPARE(writeTwoClientScenario(path), path);
        QVERIFY(w.openScenarioFile(path, &error));
        QCOMPARE(w.scenarioFiles(), QStringList{path});
        QCOMPARE(w.scenarioPicker()->count(), builtins + 2);
        QVERIFY(messages.isEmpty());
    }

    void scenarioFileErrorsLoseNothing_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content"); // null: no such file
        QTest::addColumn<QString>("message");
        QTest::newRow("JSON syntax") << QStringLiteral("syntax.json")
                                     << QByteArray("{\n  \"id\": \"x\",\n  \"clients\": 2\n"
                                                   "  \"ttl_ms\": 1000\n}\n")
                                     << QStringLiteral("syntax.json:4: ");
        QTest::newRow("unknown field")
            << QStringLiteral("field.json")
            << QByteArray("{\"id\": \"x\", \"clients\": 2, \"ttl\": 1000}")
            << QStringLiteral("field.json:1: ttl: unknown field \"ttl\"");
        QTest::newRow("unknown fault action")
            << QStringLiteral("action.json")
            << QByteArray("{\"id\": \"x\", \"faults\": [{\"action\": \"explode\", "
                          "\"client\": \"A\", \"trigger\": {\"at_ms\": 5}}]}")
            << QStringLiteral("action.json:1: faults[0].action: unknown fault \"explode\"");
        // Issue 12: the window's loader is the CLI's, so it names the line too.
        QTest::newRow("a step no strategy has")
            << QStringLiteral("step.json")
            << QByteArray("{\"id\": \"x\",\n \"faults\": [{\"action\": \"pause\", "
                          "\"client\": \"A\",\n  \"trigger\": {\"client\": \"A\",\n"
                          "   \"step\": \"release.nope\"}}]}")
            << QStringLiteral("step.json:4: faults[0].trigger.step: ");
        QTest::newRow("missing file") << QStringLiteral("missing.json") << QByteArray()
                                      << QStringLiteral("missing.json: cannot read the scenario");
        QTest::newRow("not an object") << QStringLiteral("list.json") << QByteArray("[1, 2]")
                                       << QStringLiteral("list.json:1: a scenario must be");
    }
    void scenarioFileErrorsLoseNothing()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        MainWindow &win = window();
        WorkspacePage &w = *win.workspace();
        QList<QPair<QString, QString>> messages;
        w.setMessageHandler([&](const QString &title, const QString &text) {
            messages.append({title, text});
        });

        // On screen: a file's run with a fault added by hand, other parameters, an instant and
        // a selected event.
        QTemporaryDir dir;
        const QString good = writeTwoClientScenario(dir.filePath(QStringLiteral("good.json")));
        QString error;
        QVERIFY2(w.openScenarioFile(good, &error), qPrintable(error));
        w.setSeed(3);
        w.seek(12'500'000);
        w.injectClientFault(1, FaultSpec::Action::Crash);
        w.setClientCount(4); // changed, not run yet
        w.stepForward();
        QVERIFY(w.selectedEvent() >= 0);
        const Shown before = Shown::of(win);
        QCOMPARE(before.faults, 1);
        QCOMPARE(before.clients, 4);
        QVERIFY(messages.isEmpty());

        const QString path = dir.filePath(name);
        if (!content.isNull())
            QVERIFY(writeFile(path, content));
        QVERIFY(!w.openScenarioFile(path, &error));

        // One message: the loader's, naming the file and the line or field.
        QCOMPARE(messages.size(), 1);
        QVERIFY(!messages[0].first.isEmpty());
        QCOMPARE(messages[0].second, error);
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(win.statusText().contains(name));

        // Nothing lost.
        const Shown after = Shown::of(win);
        QCOMPARE(after.run, before.run);
        QCOMPARE(after.events, before.events);
        QCOMPARE(after.timeUs, before.timeUs);
        QCOMPARE(after.selectedEvent, before.selectedEvent);
        QCOMPARE(after.pickerIndex, before.pickerIndex);
        QCOMPARE(after.pickerText, before.pickerText);
        QCOMPARE(after.pickerCount, before.pickerCount);
        QCOMPARE(after.files, before.files);
        QCOMPARE(after.scenarioKey, before.scenarioKey);
        QCOMPARE(after.clients, before.clients);
        QCOMPARE(after.ttlMs, before.ttlMs);
        QCOMPARE(after.faults, before.faults);
        QCOMPARE(after.title, before.title);
        QCOMPARE(w.run()->request().injectedFaults.size(), 1);
        QCOMPARE(w.keyModel()->time(), before.timeUs);
        w.setMessageHandler({});
    }

    void scenarioFilesPersist()
    {
        QTemporaryDir config;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
        QCoreApplication::setOrganizationName(QStringLiteral("LockScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_window_files"));
        QTemporaryDir dir;
        const QString path = writeTwoClientScenario(dir.filePath(QStringLiteral("kept.json")));
        QVERIFY(!path.isEmpty());
        MainWindow::Options options;
        {
            MainWindow first(options);
            QVERIFY(first.workspace()->setScenario(QStringLiteral("failover")));
            QString error;
            QVERIFY2(first.workspace()->addScenarioFile(path, &error), qPrintable(error));
            QCOMPARE(first.workspace()->currentRequest().scenarioFile, path);
            first.close(); // saves
        }
        {
            // The file is in the picker again, and chosen.
            MainWindow second(options);
            QCOMPARE(second.workspace()->scenarioFiles(), QStringList{path});
            QCOMPARE(second.workspace()->currentScenarioFile(), path);
            const RunRequest r = second.workspace()->currentRequest();
            QVERIFY(r.fileScenario);
            QCOMPARE(r.scenarioId, QStringLiteral("two-client-pause"));
            QVERIFY(second.workspace()->runNow());
            QCOMPARE(second.workspace()->run()->clientLanes().size(), std::size_t(2));
        }
        // Broken since: not in the picker, the built-in choice is back, the status bar says why;
        // the file stays in the list, for when it is mended.
        QVERIFY(writeFile(path, "{ broken"));
        {
            MainWindow third(options);
            QVERIFY(third.workspace()->scenarioFiles().isEmpty());
            QVERIFY(third.workspace()->currentScenarioFile().isEmpty());
            QVERIFY(builtinScenarioIds().contains(third.workspace()->currentRequest().scenarioId));
            QVERIFY(third.workspace()->runNow());
            QVERIFY2(third.statusText().contains(QStringLiteral("kept.json")),
                     qPrintable(third.statusText()));
            third.close();
        }
        QVERIFY(writeTwoClientScenario(path) == path);
        MainWindow fourth(options);
        QCOMPARE(fourth.workspace()->scenarioFiles(), QStringList{path});
    }

    // The monitor's What if…: a recording of two owners taking one lock in turn becomes a
    // scenario that the workspace runs (under the strategy the format implies) with the same
    // three acquisitions by two clients, and that the Compare page has chosen. Without a
    // history there is nothing to replay, and it says so.
    void whatIfRunsTheRecordedWorkload()
    {
        {
            MonitorPage empty;
            QString error;
            QVERIFY(!empty.whatIf(&error));
            QVERIFY2(error.contains(QStringLiteral("Nothing to replay")), qPrintable(error));
        }
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("127.0.0.1:6379");
        const qint16 a = rec.owner("55fd200007b211ef92340242ac110002");
        const qint16 b = rec.owner("66fd200007b211ef92340242ac110002");
        const qint64 t0 = 1'700'000'000'000'000;
        rec.acquired(t0, node, "lock:pay", a, "55fd200007b211ef92340242ac110002", 5000);
        rec.released(t0 + 1'000'000, node, "lock:pay", a);
        rec.acquired(t0 + 1'200'000, node, "lock:pay", b, "66fd200007b211ef92340242ac110002", 5000);
        rec.released(t0 + 2'000'000, node, "lock:pay", b);
        rec.acquired(t0 + 2'500'000, node, "lock:pay", a, "55fd200007b211ef92340242ac110002", 5000);
        rec.released(t0 + 3'000'000, node, "lock:pay", a);
        QTemporaryDir dir;
        const QString recording = dir.filePath(QStringLiteral("night.jsonl"));
        {
            QFile f(recording);
            QVERIFY(f.open(QIODevice::WriteOnly));
            log.writeJsonLines(f);
        }
        MonitorPage *monitor = window().monitorPage();
        QString error;
        QVERIFY2(monitor->openRecording(recording, &error), qPrintable(error));
        QSignalSpy ready(monitor, &MonitorPage::whatIfReady);
        QVERIFY2(monitor->whatIf(&error), qPrintable(error));
        QCOMPARE(ready.size(), 1);
        const QString scenarioFile = ready[0][0].toString();
        QCOMPARE(ready[0][1].toString(), QStringLiteral("set-nx-px-lua")); // redis-py tokens
        QVERIFY(QFileInfo::exists(scenarioFile));

        const WorkspacePage &w = *window().workspace();
        QCOMPARE(w.currentScenarioFile(), scenarioFile);
        QCOMPARE(w.currentRequest().strategyId, QStringLiteral("set-nx-px-lua"));
        QTRY_VERIFY_WITH_TIMEOUT(w.run() && w.run()->request().scenarioFile == scenarioFile, 10000);
        QMap<qint16, int> acquisitions;
        for (const Event &e : w.run()->log().events()) {
            if (e.kind == EventKind::Acquired)
                ++acquisitions[e.client];
        }
        QCOMPARE(acquisitions.size(), 2);
        QCOMPARE(acquisitions.values(), (QList<int>{2, 1}));
        QCOMPARE(window().comparePage()->settingsWidget()->settings().scenarioFile, scenarioFile);
        QFile::remove(scenarioFile);
    }
};

QTEST_MAIN(TestWindow)
#include "test_window.moc"
