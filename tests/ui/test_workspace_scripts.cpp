// Issue 14, in the workspace: the user's own acquire and release scripts run as the strategy
// "custom" (chosen in the workspace or opened from a Compare cell), off the GUI thread. With an
// endless script the event loop keeps turning (a timer fires all along); Esc cancels within a
// second and leaves the run shown before; a script past the time limit or the memory cap ends
// the run with one message naming the script file and the limit; bad files change nothing.
#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "compare/compare_cell.h"
#include "main_window.h"
#include "time_scale.h"
#include "workspace/run_toolbar.h"
#include "workspace/strategy_source_view.h"
#include "workspace/workspace_page.h"

using namespace lockscope;
using namespace lockscope::ui;
using lockscope::test::scaledMs;

namespace {

// The correct pair: SET NX PX, and a compare-and-delete release.
const QByteArray kAcquire = "return redis.call('set', KEYS[1], ARGV[1], 'nx', 'px', ARGV[2])\n";
const QByteArray kRelease = "if redis.call('get', KEYS[1]) == ARGV[1] then return "
                            "redis.call('del', KEYS[1]) else return 0 end\n";

} // namespace

class TestWorkspaceScripts : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase() { m_window.reset(); }
    void scriptsRunAsTheStrategy();
    void badScriptsChangeNothing();
    void escCancelsTheEndlessScript();
    void timeLimitEndsTheRunWithOneMessage();
    void memoryCapEndsTheRunWithOneMessage();
    void compareCellWithScriptsOpens();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    void write(const QString &name, const QByteArray &body);
    WorkspacePage &workspace() { return *m_window->workspace(); }
    // Starts the run of the workspace's choice and counts the ticks of a 20 ms timer until it
    // ends; returns how long it took.
    qint64 runCountingTicks(int *ticks, int timeoutMs);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
};

void TestWorkspaceScripts::write(const QString &name, const QByteArray &body)
{
    QFile f(path(name));
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(body), body.size());
}

void TestWorkspaceScripts::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    write(QStringLiteral("acquire.lua"), kAcquire);
    write(QStringLiteral("release.lua"), kRelease);
    write(QStringLiteral("loop.lua"), "while true do end\n");
    // A new table at every turn, all kept (strings would be interned, slowly: see
    // test_cli_script_limits).
    write(QStringLiteral("hog.lua"), "local t = {} local i = 0\n"
                                     "while true do i = i + 1\n"
                                     "  t[i] = {i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i}\n"
                                     "end\n");
    write(QStringLiteral("broken.lua"), "return redis.call('get', KEYS[1]\n");
    MainWindow::Options options;
    options.persistSettings = false;
    m_window = std::make_unique<MainWindow>(options);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    workspace().setMessageHandler(
        [this](const QString &, const QString &text) { m_messages << text; });
}

void TestWorkspaceScripts::init()
{
    m_messages.clear();
    QVERIFY(workspace().setScenario(QStringLiteral("contention")));
    QVERIFY(workspace().setStrategy(QStringLiteral("set-nx-px-lua")));
    workspace().setClientCount(3);
    QString error;
    QVERIFY2(workspace().runNow(&error), qPrintable(error));
}

qint64 TestWorkspaceScripts::runCountingTicks(int *ticks, int timeoutMs)
{
    QSignalSpy ended(&workspace(), &WorkspacePage::runEnded);
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [ticks] { ++*ticks; });
    ticker.start(20);
    QElapsedTimer clock;
    clock.start();
    workspace().actions().run->trigger();
    if (!workspace().isRunning())
        return -1;
    if (!ended.wait(timeoutMs))
        return -1;
    return clock.elapsed();
}

void TestWorkspaceScripts::scriptsRunAsTheStrategy()
{
    QString error;
    QVERIFY2(workspace().useScripts(path(QStringLiteral("acquire.lua")),
                                    path(QStringLiteral("release.lua")),
                                    ScriptLimits::kDefaultTimeLimitMs, &error),
             qPrintable(error));
    QComboBox *strategies = workspace().runToolBar()->strategyBox();
    QCOMPARE(strategies->currentData().toString(), QStringLiteral("custom"));
    const QString tip =
        strategies->itemData(strategies->currentIndex(), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QLatin1String("acquire.lua")) &&
                 tip.contains(QLatin1String("release.lua")),
             qPrintable(tip));
    // The source tab shows the user's scripts.
    QVERIFY(workspace().sourceView()->toPlainText().contains(QLatin1String("redis.call('del'")));

    QVERIFY2(workspace().runNow(&error), qPrintable(error));
    const auto run = workspace().run();
    QVERIFY(run->request().isCustom());
    QVERIFY2(m_window->windowTitle().contains(QLatin1String("acquire.lua + release.lua")),
             qPrintable(m_window->windowTitle()));
    QVERIFY(run->request().customStrategy);
    QCOMPARE(run->scenario().id, QStringLiteral("contention"));
    // Correct scripts on the contention scenario: every increment counted, no finding.
    QVERIFY(!run->log().events().empty());
    QVERIFY2(run->report().findings.empty(),
             qPrintable(QString::number(run->report().findings.size())));
    QVERIFY(m_messages.isEmpty());

    // A new seed runs the same compiled scripts again.
    workspace().setSeed(2);
    QVERIFY2(workspace().runNow(&error), qPrintable(error));
    QCOMPARE(workspace().run()->request().customStrategy, run->request().customStrategy);
    QCOMPARE(workspace().run()->request().seed, quint64(2));
    workspace().setSeed(1);
}

void TestWorkspaceScripts::badScriptsChangeNothing()
{
    const QString before = workspace().currentRequest().strategyId;
    QString error;
    QVERIFY(!workspace().useScripts(path(QStringLiteral("missing.lua")),
                                    path(QStringLiteral("release.lua")),
                                    ScriptLimits::kDefaultTimeLimitMs, &error));
    QVERIFY2(error.contains(QLatin1String("missing.lua")), qPrintable(error));
    QCOMPARE(workspace().currentRequest().strategyId, before);

    QVERIFY(!workspace().useScripts(path(QStringLiteral("broken.lua")),
                                    path(QStringLiteral("release.lua")),
                                    ScriptLimits::kDefaultTimeLimitMs, &error));
    QVERIFY2(error.contains(QLatin1String("broken.lua")), qPrintable(error));
    QCOMPARE(workspace().currentRequest().strategyId, before);
}

void TestWorkspaceScripts::escCancelsTheEndlessScript()
{
    const auto shown = workspace().run();
    QString error;
    // The limit is far away: only Cancel can end this run in time.
    QVERIFY2(workspace().useScripts(path(QStringLiteral("loop.lua")),
                                    path(QStringLiteral("release.lua")), 600000, &error),
             qPrintable(error));
    QSignalSpy ended(&workspace(), &WorkspacePage::runEnded);
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
    ticker.start(20);
    workspace().actions().run->trigger();
    QVERIFY(workspace().isRunning());
    // The script is running by now. ~30 ticks if nothing blocks; a sanitizer build on a busy
    // machine gets the longer wait to show the same.
    QTest::qWait(scaledMs(600));
    QVERIFY(workspace().isRunning());
    QVERIFY2(ticks >= 10, qPrintable(QString::number(ticks)));
    QVERIFY(workspace().actions().cancelRun->isEnabled());
    QElapsedTimer sinceCancel;
    sinceCancel.start();
    QTest::keyClick(m_window.get(), Qt::Key_Escape); // as a user would
    QVERIFY(ended.wait(scaledMs(5000)));
    const qint64 cancelMs = sinceCancel.elapsed();
    qInfo("Esc ended the run after %lld ms", cancelMs);
    QVERIFY2(cancelMs < scaledMs(1000), qPrintable(QString::number(cancelMs)));
    QVERIFY(!workspace().isRunning());
    QVERIFY(!workspace().actions().cancelRun->isEnabled());
    QCOMPARE(workspace().run(), shown); // what was shown stays
    QVERIFY2(m_messages.isEmpty(), qPrintable(m_messages.join(QLatin1Char('\n'))));
}

void TestWorkspaceScripts::timeLimitEndsTheRunWithOneMessage()
{
    const auto shown = workspace().run();
    QString error;
    QVERIFY2(workspace().useScripts(path(QStringLiteral("loop.lua")),
                                    path(QStringLiteral("release.lua")), 1000, &error),
             qPrintable(error));
    int ticks = 0;
    const qint64 elapsedMs = runCountingTicks(&ticks, scaledMs(10000));
    qInfo("the run ended after %lld ms, the timer fired %d times", elapsedMs, ticks);
    QVERIFY(elapsedMs >= 0);
    QVERIFY2(elapsedMs < scaledMs(2000), qPrintable(QString::number(elapsedMs))); // limit + 1 s
    // ~50 if nothing blocks; at least a quarter of that however busy the machine.
    QVERIFY2(ticks >= elapsedMs / 20 / 4, qPrintable(QString::number(ticks)));
    QTest::qWait(100); // a second message would be there by now
    QCOMPARE(m_messages.size(), 1);
    const QString &message = m_messages.first();
    QVERIFY2(message.contains(QLatin1String("loop.lua")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("1 s script time limit")), qPrintable(message));
    QCOMPARE(workspace().run(), shown);
}

void TestWorkspaceScripts::memoryCapEndsTheRunWithOneMessage()
{
    const auto shown = workspace().run();
    QString error;
    // The time limit is far away: the allocator's cap stops this one.
    QVERIFY2(workspace().useScripts(path(QStringLiteral("hog.lua")),
                                    path(QStringLiteral("release.lua")), 600000, &error),
             qPrintable(error));
    int ticks = 0;
    const qint64 elapsedMs = runCountingTicks(&ticks, scaledMs(60000));
    qInfo("the run ended after %lld ms, the timer fired %d times", elapsedMs, ticks);
    QVERIFY(elapsedMs >= 0);
    QVERIFY2(ticks >= elapsedMs / 20 / 4, qPrintable(QString::number(ticks)));
    QTest::qWait(100);
    QCOMPARE(m_messages.size(), 1);
    const QString &message = m_messages.first();
    QVERIFY2(message.contains(QLatin1String("hog.lua")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("script memory cap")), qPrintable(message));
    QCOMPARE(workspace().run(), shown);
}

void TestWorkspaceScripts::compareCellWithScriptsOpens()
{
    // What a click on the Compare page's "custom" cell asks for.
    CompareSettings settings;
    settings.scenarioIds = {QStringLiteral("pause-before-delete")};
    settings.strategies = {QStringLiteral("custom")};
    settings.acquireScript = path(QStringLiteral("acquire.lua"));
    settings.releaseScript = path(QStringLiteral("release.lua"));
    settings.scriptTimeLimitMs = 2000;
    const RunRequest request =
        settings.request(QStringLiteral("pause-before-delete"), QStringLiteral("custom"), 3);
    QString error;
    QVERIFY2(m_window->openRun(request, 0, &error), qPrintable(error));
    const auto run = workspace().run();
    QVERIFY(run->request().isCustom());
    QCOMPARE(run->request().seed, quint64(3));
    QCOMPARE(run->request().scriptTimeLimitMs, qint64(2000));
    QCOMPARE(run->scenario().id, QStringLiteral("pause-before-delete"));
    QCOMPARE(workspace().runToolBar()->strategyBox()->currentData().toString(),
             QStringLiteral("custom"));

    // A cell whose scripts are gone since: one line naming the file, nothing changed.
    settings.acquireScript = path(QStringLiteral("gone.lua"));
    QVERIFY(!m_window->openRun(
        settings.request(QStringLiteral("contention"), QStringLiteral("custom"), 1), 0, &error));
    QVERIFY2(error.contains(QLatin1String("gone.lua")), qPrintable(error));
    QCOMPARE(workspace().run(), run);
}

QTEST_MAIN(TestWorkspaceScripts)
#include "test_workspace_scripts.moc"
