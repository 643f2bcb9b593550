// No English left behind: the window, started in Chinese or switched to Chinese at run time,
// is walked widget by widget (texts, tooltips, titles, menus, actions, combo items, tab texts,
// model headers and cells, the explanation); any text with an English word that is not on the
// allowlist (ids, Redis command names, units, product names...) is printed with its object path
// and fails the test. Every page is walked: the workspace mid-run, the Compare page with a
// finished matrix in both views, the Monitor page watching a real redis-server (and after losing
// it). The CLI: lockscope-cli and lockscope answer in Chinese under a Chinese locale, in English
// with --lang en.
#include "../monitor/monitor_test_support.h"
#include "cli_process.h"
#include "common/key_table_model.h"
#include "common/language.h"
#include "compare/compare_page.h"
#include "compare/comparison_model.h"
#include "lock/strategy_registry.h"
#include "main_window.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_page.h"
#include "monitor/profile_dialog.h"
#include "sim/scenario.h"
#include "untranslated_text.h"
#include "workspace/command_log_model.h"
#include "workspace/findings_model.h"
#include "workspace/playback.h"
#include "workspace/strategy_source_view.h"
#include "workspace/workspace_page.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>

using namespace lockscope;
using namespace lockscope::ui;
using lockscope::test::cmd;
using lockscope::test::RedisServer;
using lockscope::test::RedisTestClient;
using lockscope::test::runProgram;

namespace {

// Every page, shown or not (findChildren reaches the hidden ones too).
QStringList offendersOf(MainWindow &w, bool print = true)
{
    UntranslatedTextFinder walk;
    walk.walk(w);
    if (print) {
        for (const QString &o : std::as_const(walk.offenders()))
            qWarning().noquote() << "untranslated:" << o;
    }
    return walk.offenders();
}

void useLocale(const char *lang)
{
    qunsetenv("LC_ALL");
    qunsetenv("LC_MESSAGES");
    qunsetenv("LANGUAGE");
    qputenv("LANG", lang);
}

} // namespace

class TestUiLanguage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // The walk must be able to find English: the checker itself is checked first.
        QCOMPARE(englishWords(QStringLiteral("A 持有 lock:0，TTL 30 s")), QStringList());
        QCOMPARE(englishWords(QStringLiteral("set-nx-px-lua：SET k token NX PX ttl")),
                 QStringList());
        QCOMPARE(englishWords(QStringLiteral("持有 the lock")),
                 (QStringList{QStringLiteral("the"), QStringLiteral("lock")}));
        QCOMPARE(englishWords(QStringLiteral("正在观察 orders-lock（*lock*）：Redisson Lock")),
                 QStringList{QStringLiteral("Lock")});
        QCOMPARE(englishWords(QStringLiteral("Scenario and Strategy")),
                 (QStringList{QStringLiteral("Scenario"), QStringLiteral("and"),
                              QStringLiteral("Strategy")}));
    }

    void cleanup() { setLanguage(QStringLiteral("en")); }

    // Started in Chinese, a run shown mid-way (captions, findings, keys, commands all filled).
    void workspaceStartedInChinese()
    {
        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        MainWindow::Options o;
        o.persistSettings = false;
        o.language = QStringLiteral("zh_CN");
        MainWindow w(o);
        w.resize(1600, 1000);
        w.show();
        QVERIFY(w.workspace()->setScenario(QStringLiteral("pause-before-delete")));
        QVERIFY(w.workspace()->setStrategy(QStringLiteral("set-nx-px-get-del")));
        QString error;
        QVERIFY2(w.workspace()->runNow(&error), qPrintable(error));
        w.workspace()->seek(w.workspace()->playback()->end() / 2);
        QCoreApplication::processEvents();
        QVERIFY(w.workspace()->findingsModel()->rowCount() > 0); // the findings are walked too
        QVERIFY(offendersOf(w).isEmpty());
    }

    // Started in English, switched to Chinese at run time (View > Language does the same), then
    // back: every text follows.
    void workspaceSwitchedAtRunTime()
    {
        QVERIFY(setLanguage(QStringLiteral("en")));
        MainWindow::Options o;
        o.persistSettings = false;
        MainWindow w(o);
        w.resize(1600, 1000);
        w.show();
        QVERIFY(w.workspace()->setScenario(QStringLiteral("crash-mid-acquire")));
        QVERIFY(w.workspace()->setStrategy(QStringLiteral("setnx-expire")));
        QVERIFY(w.workspace()->runNow());
        w.workspace()->seek(w.workspace()->playback()->end());
        QCoreApplication::processEvents();
        QVERIFY(offendersOf(w, false).size() > 50); // English is English: the walk sees it
        const QStringList titles = [&] {
            QStringList t;
            for (QAction *a : w.menuBar()->actions())
                t << a->text();
            return t;
        }();
        QVERIFY2(titles.contains(QStringLiteral("&File")), qPrintable(titles.join(u' ')));

        // View > Language > 简体中文, as a person would.
        QAction *chinese = nullptr;
        for (QAction *a : w.findChildren<QAction *>()) {
            if (a->data().toString() == QLatin1String("zh_CN"))
                chinese = a;
        }
        QVERIFY(chinese);
        QCOMPARE(chinese->text(), QStringLiteral("简体中文"));
        chinese->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
        QVERIFY(chinese->isChecked());
        QStringList zhTitles;
        for (QAction *a : w.menuBar()->actions())
            zhTitles << a->text();
        QVERIFY2(zhTitles.contains(QStringLiteral("文件(&F)")), qPrintable(zhTitles.join(u' ')));
        QVERIFY(offendersOf(w).isEmpty());
        // The scenario texts from the file follow too.
        Scenario s;
        QVERIFY(loadBuiltinScenario(QStringLiteral("crash-mid-acquire"), &s));
        QVERIFY(!s.titleTr.value(QStringLiteral("zh_CN")).isEmpty());
        const auto *explanation = w.findChild<QTextBrowser *>(QStringLiteral("Explanation"));
        QVERIFY(explanation);
        QVERIFY2(explanation->toPlainText().contains(s.titleTr.value(QStringLiteral("zh_CN"))),
                 qPrintable(explanation->toPlainText()));

        QVERIFY(setLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();
        QStringList enTitles;
        for (QAction *a : w.menuBar()->actions())
            enTitles << a->text();
        QCOMPARE(enTitles, titles);
        QVERIFY(explanation->toPlainText().contains(s.title));
    }

    // The Compare page with a finished matrix: the settings, the matrix with its legend and
    // cells, the cost table and its charts, the status line and a cell's story.
    void comparePageInChinese()
    {
        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        MainWindow::Options o;
        o.persistSettings = false;
        o.language = QStringLiteral("zh_CN");
        MainWindow w(o);
        w.resize(1600, 1000);
        w.show();
        w.setPage(MainWindow::Page::Compare);
        ComparePage *page = w.comparePage();
        QString error;
        QVERIFY2(page->runAndWait(2, &error), qPrintable(error));
        QVERIFY(page->model()->rowCount() > 0);
        page->matrixView()->setCurrentIndex(page->model()->index(0, 0));
        QCoreApplication::processEvents();
        QVERIFY(offendersOf(w).isEmpty());
        const QStringList texts = {page->statusText(), page->detailText()};
        for (const QString &t : texts)
            QVERIFY2(!t.isEmpty() && englishWords(t).isEmpty(), qPrintable(t));
        page->setView(ComparePage::View::Cost);
        QCoreApplication::processEvents();
        QVERIFY(offendersOf(w).isEmpty());

        // Switched to English and back at run time, the finished matrix and table follow.
        QVERIFY(setLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();
        QVERIFY(offendersOf(w, false).size() > 20);
        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QVERIFY(offendersOf(w).isEmpty());
        page->setView(ComparePage::View::Matrix);
        QCoreApplication::processEvents();
        QVERIFY(offendersOf(w).isEmpty());
    }

    // The Monitor page watching a real redis-server with locks of several formats (one without
    // a TTL: an anomaly), then after the server is gone.
    void monitorPageInChinese()
    {
        RedisServer server;
        QVERIFY2(server.start(), qPrintable(server.errorString()));
        RedisTestClient client;
        QVERIFY(client.connect(server.host(), server.port()));
        client.command(cmd({"SET", "lock:py", "55fd200007b211ef92340242ac110002", "PX", "30000"}));
        client.command(cmd({"HSET", "orders-lock", "8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:1", "2"}));
        client.command(cmd({"PEXPIRE", "orders-lock", "40000"}));
        client.command(cmd({"SET", "lock:ls", "A:3:0badc0de", "PX", "50000"}));
        client.command(cmd({"SET", "lock:legacy", "host-7/pid-4411"}));

        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        MainWindow::Options o;
        o.persistSettings = false;
        o.language = QStringLiteral("zh_CN");
        MainWindow w(o);
        w.resize(1600, 1000);
        w.show();
        w.setPage(MainWindow::Page::Monitor);
        MonitorPage *page = w.monitorPage();
        QString error;
        QVERIFY2(page->connectUrl(QStringLiteral("redis://127.0.0.1:%1").arg(server.port()), true,
                                  &error),
                 qPrintable(error));
        QCOMPARE(page->keyModel()->rowCount(), 4);
        QVERIFY(!page->detailsText().isEmpty());
        QVERIFY(offendersOf(w).isEmpty());
        page->showAnomalies(); // the list is made when its tab is up, in Chinese too
        QVERIFY(page->anomalyList()->count() > 0);
        QVERIFY(offendersOf(w).isEmpty());
        page->showAnomalies(false);
        const QStringList texts = {page->statusText(), page->badgeText(), page->notificationText(),
                                   page->detailsText()};
        for (const QString &t : texts)
            QVERIFY2(englishWords(t).isEmpty(), qPrintable(t));

        // The server goes away: the reconnecting status comes from the monitor and the
        // connection, in Chinese too.
        // Switched to English and back while watching: the format names follow at once (the
        // monitor keeps them in English).
        KeyTableModel *model = page->keyModel();
        int py = -1;
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->rowAt(r).keyName == QLatin1String("lock:py"))
                py = r;
        }
        QVERIFY(py >= 0);
        const QModelIndex type = model->index(py, KeyTableModel::TypeColumn);
        QCOMPARE(type.data().toString(), QStringLiteral("redis-py 锁"));
        QVERIFY(setLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();
        QCOMPARE(type.data().toString(), QStringLiteral("redis-py Lock"));
        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QCOMPARE(type.data().toString(), QStringLiteral("redis-py 锁"));
        QVERIFY(offendersOf(w).isEmpty());

        const QString address = QStringLiteral("127.0.0.1:%1").arg(server.port());
        server.stop();
        QTRY_VERIFY_WITH_TIMEOUT(
            page->monitor() && page->monitor()->health() != KeyMonitor::Health::Watching, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(page->statusText().contains(QStringLiteral("连接被拒绝")), 10000);
        QVERIFY2(page->statusText().contains(address) && englishWords(page->statusText()).isEmpty(),
                 qPrintable(page->statusText()));
        QVERIFY(offendersOf(w).isEmpty());
        page->stop();
    }

    // The Monitor page's profile dialog (its own window): every label and hint, and the message
    // a wrong field gets.
    void profileDialogInChinese()
    {
        QVERIFY(setLanguage(QStringLiteral("zh_CN")));
        ProfileDialog dialog;
        dialog.setKeychainAvailable(false);
        ConnectionProfile profile;
        profile.host = QStringLiteral("127.0.0.1"); // and no name: OK names the field
        dialog.setProfile(profile);
        dialog.show();
        dialog.accept();
        QVERIFY(!dialog.errorText().isEmpty());
        UntranslatedTextFinder walk;
        walk.check(&dialog, "errorText", dialog.errorText());
        walk.walk(dialog);
        for (const QString &o : std::as_const(walk.offenders()))
            qWarning().noquote() << "untranslated:" << o;
        QVERIFY(walk.offenders().isEmpty());
    }

    void cliInChinese()
    {
        useLocale("zh_CN.UTF-8");
        const auto help =
            runProgram(QStringLiteral(LOCKSCOPE_CLI), {QStringLiteral("--help")}, 30000);
        QCOMPARE(help.exitCode, 0);
        const QString out = QString::fromUtf8(help.out);
        QVERIFY2(out.contains(QStringLiteral("用法：lockscope-cli <命令> [选项]")),
                 help.out.constData());
        QVERIFY2(!out.contains(QStringLiteral("Usage")), help.out.constData());

        const auto bad =
            runProgram(QStringLiteral(LOCKSCOPE_CLI), {QStringLiteral("frobnicate")}, 30000);
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(QString::fromUtf8(bad.err).contains(QStringLiteral("未知命令 \"frobnicate\"")),
                 bad.describe().constData());

        // A command's own help: QCommandLineParser's texts too.
        const auto simHelp =
            runProgram(QStringLiteral(LOCKSCOPE_CLI),
                       {QStringLiteral("simulate"), QStringLiteral("--help")}, 30000);
        const QString sim = QString::fromUtf8(simHelp.out);
        QVERIFY2(sim.contains(QStringLiteral("运行一次确定性模拟并检查结果。")) &&
                     sim.contains(QStringLiteral("选项：")) &&
                     !sim.contains(QStringLiteral("Options:")),
                 simHelp.out.constData());

        const auto badNumber = runProgram(
            QStringLiteral(LOCKSCOPE_CLI),
            {QStringLiteral("simulate"), QStringLiteral("--scenario"),
             QStringLiteral("crash-mid-acquire"), QStringLiteral("--strategy"),
             QStringLiteral("setnx-expire"), QStringLiteral("--seed"), QStringLiteral("-3")},
            30000);
        QCOMPARE(badNumber.exitCode, 2);
        QVERIFY2(
            QString::fromUtf8(badNumber.err).contains(QStringLiteral("--seed 必须是 >= 0 的整数")),
            badNumber.describe().constData());
    }

    // Texts made outside the widgets: the demo's scenario captions (from the scenario file), the
    // scenario loader's errors, the connection's failures (which stay English inside replies).
    void cliMessagesInChinese()
    {
        useLocale("zh_CN.UTF-8");
        Scenario s;
        QVERIFY(loadBuiltinScenario(QStringLiteral("pause-before-delete"), &s));
        QVERIFY(!s.captions.isEmpty());
        const QString zhCaption = s.captions.first().text.value(QStringLiteral("zh_CN"));
        const QString enCaption = s.captions.first().text.value(QStringLiteral("en"));
        QVERIFY(!zhCaption.isEmpty() && !enCaption.isEmpty());
        const auto demo = runProgram(QStringLiteral(LOCKSCOPE_CLI),
                                     {QStringLiteral("demo"), QStringLiteral("--scenario"),
                                      QStringLiteral("pause-before-delete")},
                                     60000);
        QCOMPARE(demo.exitCode, 0);
        const QString demoOut = QString::fromUtf8(demo.out);
        QVERIFY2(demoOut.contains(QStringLiteral("» ") + zhCaption) && !demoOut.contains(enCaption),
                 demo.out.constData());
        const auto en =
            runProgram(QStringLiteral(LOCKSCOPE_CLI),
                       {QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("demo"),
                        QStringLiteral("--scenario"), QStringLiteral("pause-before-delete")},
                       60000);
        QVERIFY2(QString::fromUtf8(en.out).contains(QStringLiteral("» ") + enCaption),
                 en.out.constData());

        const auto unknown =
            runProgram(QStringLiteral(LOCKSCOPE_CLI),
                       {QStringLiteral("simulate"), QStringLiteral("--scenario"),
                        QStringLiteral("no-such-scenario"), QStringLiteral("--strategy"),
                        QStringLiteral("setnx-expire")},
                       30000);
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(QString::fromUtf8(unknown.err)
                     .contains(QStringLiteral("未知场景 \"no-such-scenario\"")),
                 unknown.describe().constData());

        // A port nobody listens on: the refusal is said in Chinese.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const QString address = QStringLiteral("127.0.0.1:%1").arg(probe.serverPort());
        probe.close();
        const auto refused =
            runProgram(QStringLiteral(LOCKSCOPE_CLI),
                       {QStringLiteral("monitor"), QStringLiteral("--redis"), address}, 30000);
        QCOMPARE(refused.exitCode, 2);
        QString err = QString::fromUtf8(refused.err);
        QVERIFY2(err.contains(QStringLiteral("连接被拒绝：无法连接到 ") + address),
                 refused.describe().constData());
        err.remove(QStringLiteral("lockscope-cli")).remove(QStringLiteral("redis-server"));
        QVERIFY2(englishWords(err).isEmpty(), refused.describe().constData());
    }

    void cliLanguageOverride()
    {
        useLocale("zh_CN.UTF-8");
        const auto en = runProgram(
            QStringLiteral(LOCKSCOPE_CLI),
            {QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--help")}, 30000);
        QCOMPARE(en.exitCode, 0);
        QVERIFY2(en.out.startsWith("Usage: lockscope-cli"), en.out.constData());

        useLocale("C.UTF-8");
        const auto zh =
            runProgram(QStringLiteral(LOCKSCOPE_CLI),
                       {QStringLiteral("--help"), QStringLiteral("--lang=zh_CN")}, 30000);
        QVERIFY2(QString::fromUtf8(zh.out).startsWith(QStringLiteral("用法")), zh.out.constData());
        const auto plain =
            runProgram(QStringLiteral(LOCKSCOPE_CLI), {QStringLiteral("--help")}, 30000);
        QVERIFY2(plain.out.startsWith("Usage: lockscope-cli"), plain.out.constData());

        const auto wrong = runProgram(
            QStringLiteral(LOCKSCOPE_CLI),
            {QStringLiteral("--lang"), QStringLiteral("fr"), QStringLiteral("strategies")}, 30000);
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains("--lang must be en or zh_CN, got \"fr\""),
                 wrong.describe().constData());
    }

    void windowHelpInChinese()
    {
        useLocale("zh_CN.UTF-8");
        const auto help =
            runProgram(QStringLiteral(LOCKSCOPE_WINDOW_BINARY), {QStringLiteral("--help")}, 30000);
        QCOMPARE(help.exitCode, 0);
        const QString out = QString::fromUtf8(help.out);
        QVERIFY2(out.contains(QStringLiteral("显示本帮助并退出。")) &&
                     out.contains(QStringLiteral("用法：lockscope")),
                 help.out.constData());
        const auto bad = runProgram(QStringLiteral(LOCKSCOPE_WINDOW_BINARY),
                                    {QStringLiteral("--seed"), QStringLiteral("x")}, 30000);
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(QString::fromUtf8(bad.err).contains(QStringLiteral("--seed 必须是 >= 0 的整数")),
                 bad.describe().constData());
    }
};

QTEST_MAIN(TestUiLanguage)
#include "test_ui_language.moc"
