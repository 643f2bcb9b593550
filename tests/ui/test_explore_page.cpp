// The Explore page (issue 16), offscreen, in the window: a search of set-nx-px-get-del with one
// fault finds its textbook flaw (a client paused after its GET deletes the next holder's lock:
// a mistaken deletion with one fault placed at release.get) and gives the bounded guarantee,
// never "safe", where it found nothing; Cancel in the middle of a long search (redlock, two
// faults) stops it at once and keeps what it found; a counterexample opens in the workspace
// (double-click, Enter, the button) and replays there to the same finding at the same instant;
// your scripts that do not compile are one error naming the file.
#include "explore/break_it_model.h"
#include "explore/counterexample_model.h"
#include "explore/explore_page.h"
#include "explore/explore_settings.h"
#include "main_window.h"
#include "workspace/playback.h"
#include "workspace/run_toolbar.h"
#include "workspace/workspace_page.h"

#include "time_scale.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;
using lockscope::test::scaledMs;

namespace {

const QString kGetDel = QStringLiteral("set-nx-px-get-del");

} // namespace

class TestExplorePage : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;

    ExplorePage &page() { return *m_window->explorePage(); }

    // The counterexample row of `kind` in the list shown, or -1.
    int listRowOf(Finding::Kind kind)
    {
        CounterexampleModel *list = page().counterexampleModel();
        for (int i = 0; i < list->rowCount(); ++i)
            if (list->counterexample(i)->kind == kind)
                return i;
        return -1;
    }

    // The workspace shows the counterexample's scenario with its strategy at its finding, and
    // its own simulation of it (the workspace's, not the search's) has the same finding then.
    void checkWorkspaceShows(const Counterexample &c)
    {
        QCOMPARE(m_window->page(), MainWindow::Page::Workspace);
        const auto run = m_window->workspace()->run();
        QVERIFY(run);
        QCOMPARE(run->request().strategyId, kGetDel);
        QVERIFY(run->request().fileScenario);
        QCOMPARE(run->request().fileScenario->faults.size(), c.scenario.faults.size());
        QCOMPARE(m_window->workspace()->playback()->time(), c.findingUs);
        bool same = false;
        for (const Finding &f : run->report().findings)
            same = same || (f.kind == c.kind && f.timeUs == c.findingUs);
        QVERIFY2(same, "the workspace's run does not reproduce the finding at its instant");
        // The picker names it as a scenario not saved anywhere, not as a file with a path.
        const auto *bar = m_window->findChild<RunToolBar *>();
        QVERIFY(bar);
        const QString tip = bar->scenarioBox()->currentData(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("not saved")) && !tip.contains(QLatin1String("(file)")),
                 qPrintable(tip));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow::Options options;
        options.persistSettings = false;
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageHandler(
            [this](const QString &title, const QString &text) { m_messages << title + text; });
        page().setMessageHandler(
            [this](const QString &title, const QString &text) { m_messages << title + text; });
        m_window->resize(1500, 950);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        // Ctrl+4 is the Explore page.
        QTest::keyClick(m_window.get(), Qt::Key_4, Qt::ControlModifier);
        QCOMPARE(m_window->page(), MainWindow::Page::Explore);
    }
    void cleanupTestCase() { m_window.reset(); }

    void oneFaultBreaksGetThenDel()
    {
        QAbstractItemModelTester tableTester(page().breakItModel());
        QAbstractItemModelTester listTester(page().counterexampleModel());
        ExploreSettingsWidget *settings = page().settingsWidget();
        QVERIFY(settings->setStrategy(kGetDel));
        settings->setMaxFaults(1);
        QVERIFY(page().explore());
        QVERIFY(page().isRunning());
        QVERIFY(page().cancelAction()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!page().isRunning(), scaledMs(120000));
        QVERIFY2(m_messages.isEmpty(), qPrintable(m_messages.join(QLatin1Char('\n'))));
        QVERIFY(!page().cancelAction()->isEnabled());

        BreakItModel *table = page().breakItModel();
        const int row = table->rowOf(kGetDel);
        QVERIFY(row >= 0);
        const ExploreResult *result = table->result(row);
        QVERIFY(result);
        QVERIFY(result->ok);
        QVERIFY(!result->cancelled);
        QCOMPARE(result->completedLevel, 1);
        // The break-it cell: a mistaken deletion with one fault ("1 fault: pause-long"; the
        // plural is written out by the English catalogue, which a test does not load).
        const QString cell =
            table->index(row, BreakItModel::columnOf(Finding::Kind::MistakenDeletion))
                .data()
                .toString();
        QVERIFY2(cell.startsWith(QLatin1String("1 fault")), qPrintable(cell));
        // SET NX PX always gives the key a TTL, so no fault leaves it stuck: the bounded
        // guarantee, worded as one.
        QCOMPARE(
            table->index(row, BreakItModel::columnOf(Finding::Kind::StuckLock)).data().toString(),
            QStringLiteral("none ≤ 1"));
        for (int c = 0; c < table->columnCount(); ++c)
            QVERIFY(!table->index(row, c).data().toString().contains(QLatin1String("safe"),
                                                                     Qt::CaseInsensitive));
        QVERIFY(table->index(row, BreakItModel::schedulesColumn()).data().toString().size() > 0);

        // The list shows this row's counterexamples, the smallest first; the mistaken deletion's
        // one fault strikes around release.get.
        const int listRow = listRowOf(Finding::Kind::MistakenDeletion);
        QVERIFY(listRow >= 0);
        const Counterexample *c = page().counterexampleModel()->counterexample(listRow);
        QCOMPARE(c->placements.size(), 1);
        const QString where = page().counterexampleModel()->placementsText(listRow);
        QVERIFY2(where.contains(QLatin1String("release.get")), qPrintable(where));
        for (int i = 1; i < page().counterexampleModel()->rowCount(); ++i)
            QVERIFY(page().counterexampleModel()->counterexample(i - 1)->placements.size() <=
                    page().counterexampleModel()->counterexample(i)->placements.size());
        // The verdict lines are under the table, one per kind.
        const QString summary = page().summaryText();
        for (Finding::Kind kind : kExploreFindingKinds)
            QVERIFY2(summary.contains(result->verdictLine(kind)), qPrintable(summary));
    }

    void counterexampleOpensInWorkspace()
    {
        const int listRow = listRowOf(Finding::Kind::MistakenDeletion);
        QVERIFY(listRow >= 0);
        const Counterexample c = *page().counterexampleModel()->counterexample(listRow);
        QSignalSpy asked(&page(), &ExplorePage::openRunRequested);

        // A double-click.
        QTableView *view = page().counterexampleView();
        const QPoint at =
            view->visualRect(page().counterexampleModel()->index(listRow, 0)).center();
        // As a mouse sends it: a press and release, then the double-click (QTest's mouseDClick
        // alone sends no press, and a view activates only the item pressed).
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(asked.count(), 0); // a single click only chooses
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.first().at(1).toLongLong(), c.findingUs);
        checkWorkspaceShows(c);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(m_messages.isEmpty(), qPrintable(m_messages.join(QLatin1Char('\n'))));

        // Enter on the chosen row.
        m_window->setPage(MainWindow::Page::Explore);
        view->setFocus();
        view->setCurrentIndex(page().counterexampleModel()->index(listRow, 0));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(asked.count(), 2);
        checkWorkspaceShows(c);
        if (QTest::currentTestFailed())
            return;

        // The button.
        m_window->setPage(MainWindow::Page::Explore);
        QVERIFY(page().openButton()->isEnabled());
        QTest::mouseClick(page().openButton(), Qt::LeftButton);
        QCOMPARE(asked.count(), 3);
        checkWorkspaceShows(c);
        if (QTest::currentTestFailed())
            return;
        m_window->setPage(MainWindow::Page::Explore);

        // Saved as a scenario file, it reads back as the same scenario (faults and workload).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("counterexample.json"));
        QString error;
        QVERIFY2(page().saveCounterexample(listRow, path, &error), qPrintable(error));
        Scenario back;
        QVERIFY2(loadScenarioFile(path, &back, &error), qPrintable(error));
        QCOMPARE(back.faults.size(), c.scenario.faults.size());
        QCOMPARE(back.ttlMs, c.scenario.ttlMs);
        QCOMPARE(back.resolvedClients().size(), c.scenario.resolvedClients().size());
        QVERIFY(!page().saveCounterexample(
            listRow, dir.filePath(QStringLiteral("no/such/dir.json")), &error));
        QVERIFY(error.contains(QLatin1String("no/such/dir.json")));
    }

    void cancelKeepsWhatWasFound()
    {
        const QString redlock = QStringLiteral("redlock");
        m_window->setPage(MainWindow::Page::Explore);
        ExploreSettingsWidget *settings = page().settingsWidget();
        QVERIFY(settings->setStrategy(redlock));
        settings->setMaxFaults(2);
        QVERIFY(page().explore());
        // Into the second level with something found in the first: mid-way, and something to
        // keep.
        QTRY_VERIFY_WITH_TIMEOUT(!page().isRunning() || (page().lastProgress().level >= 2 &&
                                                         page().lastProgress().found >= 1),
                                 scaledMs(120000));
        QVERIFY2(page().isRunning(), "the search ended before it could be cancelled");
        QVERIFY(!settings->exploreButton()->isEnabled());
        QElapsedTimer timer;
        timer.start();
        // Esc, pressed anywhere on the page, is Cancel.
        page().breakItView()->setFocus();
        QTest::keyClick(page().breakItView(), Qt::Key_Escape);
        // The action is disabled at once, and the search itself ends within moments.
        QVERIFY(!page().cancelAction()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!page().isRunning(), scaledMs(10000));
        QVERIFY2(timer.elapsed() < scaledMs(5000), qPrintable(QString::number(timer.elapsed())));
        QVERIFY(settings->exploreButton()->isEnabled());

        BreakItModel *table = page().breakItModel();
        const int row = table->rowOf(redlock);
        QVERIFY(row >= 0);
        const ExploreResult *result = table->result(row);
        QVERIFY(result);
        QVERIFY(result->cancelled);
        QVERIFY(!result->counterexamples.isEmpty());
        QVERIFY(table->index(row, BreakItModel::schedulesColumn())
                    .data()
                    .toString()
                    .contains(QLatin1String("cancelled")));
        // The kept counterexamples are listed, and the earlier row is still there.
        QCOMPARE(page().counterexampleModel()->rowCount(), result->counterexamples.size());
        QVERIFY(table->rowOf(kGetDel) >= 0);
        QVERIFY(table->result(table->rowOf(kGetDel)));
        QVERIFY(page().statusText().contains(QLatin1String("Cancelled")));
    }

    // Your scripts, a correct pair (SET NX PX, compare-and-delete in one script): with one fault
    // nothing deletes another client's lock (the compare and the delete are one atomic script),
    // but a lease without fencing is still broken by one fault; the counterexample opens in the
    // workspace with your scripts as the strategy and replays to the same finding.
    void yourScripts()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString acquire = dir.filePath(QStringLiteral("my_acquire.lua"));
        const QString release = dir.filePath(QStringLiteral("my_release.lua"));
        QFile a(acquire), r(release);
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write("if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end\n"
                "return 0\n");
        a.close();
        QVERIFY(r.open(QIODevice::WriteOnly));
        r.write("if redis.call('GET', KEYS[1]) == ARGV[1] then\n"
                "  return redis.call('DEL', KEYS[1])\nend\nreturn 0\n");
        r.close();
        m_window->setPage(MainWindow::Page::Explore);
        ExploreSettingsWidget *settings = page().settingsWidget();
        QString error;
        QVERIFY2(settings->useScripts(acquire, release, &error), qPrintable(error));
        QVERIFY(settings->usesScripts());
        settings->setMaxFaults(1);
        QVERIFY(page().explore());
        QTRY_VERIFY_WITH_TIMEOUT(!page().isRunning(), scaledMs(120000));
        QVERIFY2(m_messages.isEmpty(), qPrintable(m_messages.join(QLatin1Char('\n'))));

        BreakItModel *table = page().breakItModel();
        const int row = table->rowOf(settings->strategyLabel());
        QVERIFY(row >= 0);
        QVERIFY(table->strategy(row).contains(QLatin1String("my_acquire.lua")));
        const ExploreResult *result = table->result(row);
        QVERIFY(result && result->ok);
        QCOMPARE(result->scriptErrors, quint64(0));
        QCOMPARE(table->index(row, BreakItModel::columnOf(Finding::Kind::MistakenDeletion))
                     .data()
                     .toString(),
                 QStringLiteral("none ≤ 1"));
        const int listRow = listRowOf(Finding::Kind::Violation);
        QVERIFY(listRow >= 0);
        const Counterexample c = *page().counterexampleModel()->counterexample(listRow);
        QCOMPARE(c.placements.size(), 1);

        QVERIFY(page().openCounterexample(listRow));
        QCOMPARE(m_window->page(), MainWindow::Page::Workspace);
        const auto run = m_window->workspace()->run();
        QVERIFY(run);
        QVERIFY(run->request().isCustom());
        QCOMPARE(run->request().acquireScript, QFileInfo(acquire).absoluteFilePath());
        QCOMPARE(m_window->workspace()->playback()->time(), c.findingUs);
        bool same = false;
        for (const Finding &f : run->report().findings)
            same = same || (f.kind == c.kind && f.timeUs == c.findingUs);
        QVERIFY2(same, "the workspace's run of your scripts does not reproduce the finding");
        m_window->setPage(MainWindow::Page::Explore);
        QVERIFY(settings->setStrategy(kGetDel)); // back to a built-in one for what follows
    }

    void scriptsThatDoNotCompile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString acquire = dir.filePath(QStringLiteral("acquire.lua"));
        const QString release = dir.filePath(QStringLiteral("release.lua"));
        QFile a(acquire), r(release);
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write("return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0\n");
        a.close();
        QVERIFY(r.open(QIODevice::WriteOnly));
        r.write("if redis.call('GET', KEYS[1]) == ARGV[1] then\n  return redis.call('DEL'\nend\n");
        r.close();
        ExploreSettingsWidget *settings = page().settingsWidget();
        const QString before = settings->strategyLabel();
        QString error;
        QVERIFY(!settings->useScripts(acquire, release, &error));
        QVERIFY2(error.contains(QLatin1String("release.lua")), qPrintable(error));
        QVERIFY(!error.contains(QLatin1Char('\n')));
        QCOMPARE(settings->strategyLabel(), before); // the choice unchanged
        QVERIFY(!settings->usesScripts());
    }
};

QTEST_MAIN(TestExplorePage)
#include "test_explore_page.moc"
