// Issue 15, in the window: Run > Run on Real Redis plays the workspace's cell on real
// redis-server processes and draws it beside its simulation (a timeline of its own, on the same
// time axis and playback instant) or overlaid on it (the simulation's lanes split in two). The
// live run of a story the simulator tells (pause-before-delete with a plain DEL) must tell the
// same story; another run shown drops the live twin; Esc cancels it and no server is left.
#include <QAction>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include "child_servers.h"
#include "live/live_agreement.h"
#include "main_window.h"
#include "redis_server.h"
#include "redis_test_client.h"
#include "time_scale.h"
#include "timeline/timeline_widget.h"
#include "workspace/live_twin_panel.h"
#include "workspace/playback.h"
#include "workspace/workspace_page.h"

using namespace lockscope;
using namespace lockscope::ui;
using lockscope::test::RedisServer;
using lockscope::test::RedisTestClient;
using lockscope::test::scaledMs;

class TestWorkspaceLive : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void liveRunTellsTheSimulationsStory();
    void overlaidDrawsItInTheSimulationsLanes();
    void anotherRunDropsTheLiveTwin();
    void escCancelsAndStopsTheServers();
    void yourOwnServerGetsTheClientFaults();
    void yourOwnServerRefusesServerFaults();
    void badUrlChangesNothing();
    void savedProfileServerRuns();

private:
    WorkspacePage &workspace() { return *m_window->workspace(); }

    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
};

void TestWorkspaceLive::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    MainWindow::Options options;
    options.persistSettings = false;
    m_window = std::make_unique<MainWindow>(options);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    workspace().setMessageHandler(
        [this](const QString &, const QString &text) { m_messages << text; });
    // The sanitizer builds run slower: the story's timing must not be the instrumentation's.
    workspace().setLiveTimeScale(0.1 * lockscope::test::timeScale());
}

void TestWorkspaceLive::cleanupTestCase()
{
    m_window.reset();
    QCOMPARE(lockscope::test::childRedisServers(), 0);
}

void TestWorkspaceLive::init()
{
    m_messages.clear();
    QVERIFY(workspace().setScenario(QStringLiteral("pause-before-delete")));
    QVERIFY(workspace().setStrategy(QStringLiteral("set-nx-px-del")));
    workspace().setSeed(1);
}

void TestWorkspaceLive::liveRunTellsTheSimulationsStory()
{
    QString error;
    QVERIFY2(workspace().runLiveNow(&error), qPrintable(error));
    QVERIFY(m_messages.isEmpty());
    LiveTwinPanel *panel = workspace().livePanel();
    QVERIFY(panel->isVisible());
    const auto live = panel->run();
    const auto simulated = workspace().run();
    QVERIFY(live && simulated);
    // A plain DEL after the pause removes the next holder's lock, in the model and on Redis.
    QVERIFY(simulated->report().mistakenDeletions >= 1);
    QVERIFY(live->report().mistakenDeletions >= 1);
    QVERIFY(compareWithSimulation(simulated->report(), live->report(), false).agrees());
    QVERIFY2(panel->summaryText().contains(QStringLiteral("The same story as the simulation")),
             qPrintable(panel->summaryText()));
    QVERIFY2(panel->summaryText().contains(QStringLiteral("127.0.0.1:")),
             qPrintable(panel->summaryText()));
    // Beside: its own timeline, following the playback instant and the view.
    QCOMPARE(panel->mode(), LiveTwinPanel::Mode::Beside);
    QVERIFY(panel->timeline()->isVisible());
    QCOMPARE(panel->timeline()->overlay(), nullptr);
    workspace().seek(12'000'000);
    QCOMPARE(panel->timeline()->playhead(), 12'000'000);
    workspace().timeline()->setViewRange(2'000'000, 9'000'000);
    QCOMPARE(panel->timeline()->viewRange().startUs, 2'000'000);
    QCOMPARE(panel->timeline()->viewRange().endUs, 9'000'000);
    // The playback reaches the end of whichever run ends later.
    QCOMPARE(workspace().playback()->end(), qMax(simulated->endUs(), live->endUs()));
}

void TestWorkspaceLive::overlaidDrawsItInTheSimulationsLanes()
{
    QString error;
    QVERIFY2(workspace().runLiveNow(&error), qPrintable(error));
    LiveTwinPanel *panel = workspace().livePanel();
    panel->setMode(LiveTwinPanel::Mode::Overlaid);
    QCOMPARE(workspace().timeline()->overlay(), panel->run());
    QVERIFY(!panel->timeline()->isVisible());
    // Drawn: every lane's lower half holds the live run, so the picture is not the one
    // without the overlay.
    const QImage with = workspace().timeline()->grab().toImage();
    panel->setMode(LiveTwinPanel::Mode::Beside);
    QCOMPARE(workspace().timeline()->overlay(), nullptr);
    QVERIFY(panel->timeline()->isVisible());
    const QImage without = workspace().timeline()->grab().toImage();
    QVERIFY(with != without);
}

void TestWorkspaceLive::anotherRunDropsTheLiveTwin()
{
    QString error;
    QVERIFY2(workspace().runLiveNow(&error), qPrintable(error));
    QVERIFY(workspace().livePanel()->isVisible());
    // A new seed is another run: the live twin told the old one's story.
    workspace().setSeed(2);
    QVERIFY2(workspace().runNow(&error), qPrintable(error));
    QVERIFY(!workspace().livePanel()->isVisible());
    QCOMPARE(workspace().livePanel()->run(), nullptr);
    QCOMPARE(workspace().timeline()->overlay(), nullptr);
}

void TestWorkspaceLive::escCancelsAndStopsTheServers()
{
    // A slower scale: the run lasts seconds, and Esc comes while its servers run.
    workspace().setLiveTimeScale(0.5 * lockscope::test::timeScale());
    LiveTwinPanel *panel = workspace().livePanel();
    workspace().startLiveRun();
    QVERIFY(workspace().actions().cancelRun->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(lockscope::test::childRedisServers() > 0, scaledMs(10000));
    QTest::keyClick(m_window.get(), Qt::Key_Escape); // as a user would
    QTRY_VERIFY_WITH_TIMEOUT(!workspace().actions().cancelRun->isEnabled(), scaledMs(5000));
    QCOMPARE(lockscope::test::childRedisServers(), 0);
    QCOMPARE(panel->run(), nullptr);
    QVERIFY2(panel->summaryText().contains(QStringLiteral("cancelled")),
             qPrintable(panel->summaryText()));
    QVERIFY(m_messages.isEmpty()); // a cancel is not an error
    workspace().setLiveTimeScale(0.1 * lockscope::test::timeScale());
}

void TestWorkspaceLive::yourOwnServerGetsTheClientFaults()
{
    // pause-before-delete's fault is a client's pause: it runs on a server LockScope did not
    // start, and leaves nothing behind there.
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    const QString url = QStringLiteral("redis://127.0.0.1:%1").arg(server.port());
    QString error;
    QVERIFY2(workspace().runLiveNow(&error, url), qPrintable(error));
    const auto live = workspace().livePanel()->run();
    QVERIFY(live);
    QVERIFY(live->report().mistakenDeletions >= 1);
    QVERIFY2(workspace().livePanel()->summaryText().contains(
                 QStringLiteral("127.0.0.1:%1").arg(server.port())),
             qPrintable(workspace().livePanel()->summaryText()));
    RedisTestClient client;
    QVERIFY2(client.connect(server.host(), server.port()), qPrintable(client.errorString()));
    const Reply keys = client.command({QByteArrayLiteral("DBSIZE")});
    QVERIFY(keys.isInteger());
    QCOMPARE(keys.integer(), 0);
}

void TestWorkspaceLive::yourOwnServerRefusesServerFaults()
{
    // A failover kills a primary: not one of the user's. One message says why; the simulation
    // shown stays.
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QVERIFY(workspace().setScenario(QStringLiteral("failover")));
    QVERIFY(workspace().setStrategy(QStringLiteral("set-nx-px-lua")));
    workspace().startLiveRunOn(QStringLiteral("redis://127.0.0.1:%1").arg(server.port()));
    QTRY_VERIFY_WITH_TIMEOUT(!workspace().actions().cancelRun->isEnabled(), scaledMs(10000));
    QCOMPARE(m_messages.size(), 1);
    QVERIFY2(m_messages.first().contains(QStringLiteral("failover")),
             qPrintable(m_messages.first()));
    QVERIFY(workspace().run());
    QCOMPARE(workspace().run()->request().scenarioId, QStringLiteral("failover"));
    QCOMPARE(workspace().livePanel()->run(), nullptr);
}

void TestWorkspaceLive::badUrlChangesNothing()
{
    QString error;
    QVERIFY(workspace().runNow(&error));
    const auto shown = workspace().run();
    QVERIFY(!workspace().startLiveRunOn(QStringLiteral("redis://127.0.0.1:99999"), &error));
    QVERIFY2(error.contains(QStringLiteral("99999")), qPrintable(error));
    QCOMPARE(workspace().run(), shown);
    QVERIFY(!workspace().actions().cancelRun->isEnabled());
}

void TestWorkspaceLive::savedProfileServerRuns()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    ConnectionProfile profile;
    profile.name = QStringLiteral("test-server");
    profile.port = server.port();
    // The monitor's default, read-only: a live run writes its lock keys, so it is refused.
    QString error;
    QVERIFY(!workspace().startLiveRunOnProfile(profile, &error));
    QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
    ConnectionProfile sentinel = profile;
    sentinel.allowWrites = true;
    sentinel.sentinel = true;
    QVERIFY(!workspace().startLiveRunOnProfile(sentinel, &error));
    QVERIFY2(error.contains(QStringLiteral("Sentinel")), qPrintable(error));
    QVERIFY(!workspace().actions().cancelRun->isEnabled()); // nothing started

    profile.allowWrites = true;
    QVERIFY2(workspace().startLiveRunOnProfile(profile, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!workspace().actions().cancelRun->isEnabled(), scaledMs(30000));
    QVERIFY(m_messages.isEmpty());
    const auto live = workspace().livePanel()->run();
    QVERIFY(live);
    QVERIFY(live->report().mistakenDeletions >= 1);
    QVERIFY2(workspace().livePanel()->summaryText().contains(
                 QStringLiteral("127.0.0.1:%1").arg(server.port())),
             qPrintable(workspace().livePanel()->summaryText()));
}

QTEST_MAIN(TestWorkspaceLive)
#include "test_workspace_live.moc"
