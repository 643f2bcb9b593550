// The lockscope program's command line: --help, --version, bad input (one line on stderr, exit
// 2), and --screenshot rendering the window at an instant without showing it.
#include "app.h"
#include "cli_process.h"
#include "redis_server.h"
#include "redis_test_client.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using lockscope::test::CliRun;
using lockscope::test::runProgram;
using lockscope::ui::parseWindowOptions;
using lockscope::ui::WindowOptions;

namespace {

// The window as a person starts it, with the display only what `display` says: DISPLAY,
// WAYLAND_DISPLAY and QT_QPA_PLATFORM are taken out of the test's own environment first.
CliRun runWindow(const QStringList &args, const QString &workingDirectory = {},
                 const QHash<QString, QString> &display = {
                     {QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen")}})
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(name));
    for (auto it = display.cbegin(); it != display.cend(); ++it)
        env.insert(it.key(), it.value());
    return runProgram(QStringLiteral(LOCKSCOPE_WINDOW_BINARY), args, 60000, env, workingDirectory);
}

// pause-after-acquire with another id and title, a 20 s TTL and two clients.
bool writeTwoClientScenario(const QString &path)
{
    QFile builtin(QStringLiteral(":/scenarios/pause-after-acquire.json"));
    if (!builtin.open(QIODevice::ReadOnly))
        return false;
    QJsonObject o = QJsonDocument::fromJson(builtin.readAll()).object();
    o[QStringLiteral("id")] = QStringLiteral("two-client-pause");
    o[QStringLiteral("title")] = QStringLiteral("Two clients, one pause (from a file)");
    o[QStringLiteral("clients")] = 2;
    o[QStringLiteral("ttl_ms")] = 20000;
    QJsonArray clients = o[QStringLiteral("client_list")].toArray();
    clients.removeLast();
    o[QStringLiteral("client_list")] = clients;
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(o).toJson()) > 0 && f.flush();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.flush();
}

} // namespace

class TestWindowCommandLine : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown scenario")
            << QStringList{QStringLiteral("--scenario"),   QStringLiteral("nope"),
                           QStringLiteral("--strategy"),   QStringLiteral("set-nx-px-lua"),
                           QStringLiteral("--screenshot"), QStringLiteral("/tmp/x.png")}
            << QStringLiteral("unknown scenario \"nope\"");
        QTest::newRow("unknown strategy")
            << QStringList{QStringLiteral("--scenario"), QStringLiteral("failover"),
                           QStringLiteral("--strategy"), QStringLiteral("nope")}
            << QStringLiteral("unknown strategy \"nope\"");
        QTest::newRow("acquire script alone")
            << QStringList{QStringLiteral("--acquire-script"), QStringLiteral("/tmp/a.lua")}
            << QStringLiteral("need both --acquire-script and --release-script");
        QTest::newRow("missing script")
            << QStringList{QStringLiteral("--acquire-script"),
                           QStringLiteral("/nonexistent/acquire.lua"),
                           QStringLiteral("--release-script"), QStringLiteral("/nonexistent/r.lua")}
            << QStringLiteral("acquire.lua");
        QTest::newRow("bad script time limit")
            << QStringList{QStringLiteral("--script-time-limit"), QStringLiteral("soon")}
            << QStringLiteral("--script-time-limit must be");
        QTest::newRow("bad seed") << QStringList{QStringLiteral("--seed"), QStringLiteral("x")}
                                  << QStringLiteral("--seed must be");
        QTest::newRow("bad at") << QStringList{QStringLiteral("--at"), QStringLiteral("-5")}
                                << QStringLiteral("--at must be");
        QTest::newRow("monitor-seconds without a monitor")
            << QStringList{QStringLiteral("--monitor-seconds"), QStringLiteral("5"),
                           QStringLiteral("--screenshot"), QStringLiteral("/tmp/x.png")}
            << QStringLiteral("--monitor-seconds needs --monitor-url and --screenshot");
        QTest::newRow("monitor-key without a monitor")
            << QStringList{QStringLiteral("--monitor-key"), QStringLiteral("lock:a")}
            << QStringLiteral("--monitor-key needs --monitor-url or --monitor-recording");
        QTest::newRow("a recording and a server")
            << QStringList{QStringLiteral("--monitor-recording"), QStringLiteral("/tmp/r.jsonl"),
                           QStringLiteral("--monitor-url"), QStringLiteral("redis://127.0.0.1:1")}
            << QStringLiteral("--monitor-recording and --monitor-url: choose one");
        QTest::newRow("bad lang") << QStringList{QStringLiteral("--lang"), QStringLiteral("fr")}
                                  << QStringLiteral("--lang must be");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("--frobnicate")} << QStringLiteral("frobnicate");
        QTest::newRow("profile dialog off the monitor page")
            << QStringList{QStringLiteral("--profile-dialog")}
            << QStringLiteral("--profile-dialog needs --page monitor");
        QTest::newRow("unknown strategy to explore")
            << QStringList{QStringLiteral("--explore-strategy"), QStringLiteral("nope")}
            << QStringLiteral("unknown strategy \"nope\"");
        QTest::newRow("too many faults")
            << QStringList{QStringLiteral("--explore-all"), QStringLiteral("--max-faults"),
                           QStringLiteral("9")}
            << QStringLiteral("--max-faults must be a whole number from 0 to 3");
        QTest::newRow("explore off the explore page")
            << QStringList{QStringLiteral("--page"), QStringLiteral("compare"),
                           QStringLiteral("--explore-all")}
            << QStringLiteral("need --page explore");
        QTest::newRow("check translation in English")
            << QStringList{QStringLiteral("--lang"), QStringLiteral("en"),
                           QStringLiteral("--check-translation"), QStringLiteral("--screenshot"),
                           QStringLiteral("/tmp/x.png")}
            << QStringLiteral("--check-translation needs --screenshot and --lang zh_CN");
        QTest::newRow("check translation without a screenshot")
            << QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN"),
                           QStringLiteral("--check-translation")}
            << QStringLiteral("--check-translation 需要 --screenshot"); // in the language asked for
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliRun r = runWindow(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].startsWith("lockscope: "), r.err.constData());
        QVERIFY2(QString::fromUtf8(lines[0]).contains(message), r.err.constData());
    }

    // Files that cannot be read: one line naming the file, exit code 1, nothing shown. (Qt may
    // add its own warnings on stderr, e.g. about XDG_RUNTIME_DIR: only our lines are counted.)
    void unreadableFilesAreNamed()
    {
        const auto ourLines = [](const QByteArray &err) {
            int n = 0;
            for (const QByteArray &line : err.split('\n'))
                n += line.startsWith("lockscope: ");
            return n;
        };
        CliRun r = runWindow({QStringLiteral("--monitor-recording"),
                              QStringLiteral("/nonexistent/night.jsonl")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("night.jsonl"), r.err.constData());
        QCOMPARE(ourLines(r.err), 1);
        r = runWindow({QStringLiteral("--compare-scenario-file"),
                       QStringLiteral("/nonexistent/whatif.json")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--compare-scenario-file") && r.err.contains("whatif.json"),
                 r.err.constData());
        QCOMPARE(ourLines(r.err), 1);
    }

    void helpAndVersion()
    {
        CliRun r = runWindow({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--screenshot"));
        QVERIFY(r.out.contains("--scenario"));
        r = runWindow({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.trimmed(), QByteArray("lockscope " LOCKSCOPE_VERSION));
    }

    void screenshot()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("shot.png"));
        const CliRun r = runWindow(
            {QStringLiteral("--scenario"), QStringLiteral("pause-after-acquire"),
             QStringLiteral("--strategy"), QStringLiteral("set-nx-px-del"), QStringLiteral("--at"),
             QStringLiteral("42000"), QStringLiteral("--size"), QStringLiteral("1280x800"),
             QStringLiteral("--dark"), QStringLiteral("--screenshot"), file});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QImage image(file);
        QCOMPARE(image.size(), QSize(1280, 800));
        // The dark palette: the top left corner (the menu bar) is dark.
        QVERIFY(QColor(image.pixel(2, 2)).lightness() < 100);
    }

    // What the clean-room check runs on the installed package: the monitor page in Chinese with
    // the profile dialog drawn over it, and no English left (Qt's own buttons included).
    void profileDialogInChineseChecked()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("monitor.png"));
        const CliRun r =
            runWindow({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--page"),
                       QStringLiteral("monitor"), QStringLiteral("--profile-dialog"),
                       QStringLiteral("--check-translation"), QStringLiteral("--size"),
                       QStringLiteral("1280x800"), QStringLiteral("--screenshot"), file});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QImage image(file);
        QCOMPARE(image.size(), QSize(1280, 800));
        // The dialog is drawn in the middle: its frame changes the colour there.
        const QImage plain = [&] {
            const QString other = dir.filePath(QStringLiteral("plain.png"));
            runWindow({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--page"),
                       QStringLiteral("monitor"), QStringLiteral("--size"),
                       QStringLiteral("1280x800"), QStringLiteral("--screenshot"), other});
            return QImage(other);
        }();
        QCOMPARE(plain.size(), image.size());
        QVERIFY(plain.copy(440, 300, 400, 200) != image.copy(440, 300, 400, 200));
    }

    void screenshotOfAScenarioFile()
    {
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("two-clients.json"));
        QVERIFY(writeTwoClientScenario(scenario));
        const QString file = dir.filePath(QStringLiteral("shot.png"));
        const CliRun r =
            runWindow({QStringLiteral("--scenario"), scenario, QStringLiteral("--strategy"),
                       QStringLiteral("set-nx-px-lua"), QStringLiteral("--at"),
                       QStringLiteral("25000"), QStringLiteral("--size"),
                       QStringLiteral("1280x800"), QStringLiteral("--screenshot"), file});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QVERIFY(QFileInfo::exists(file));
        QCOMPARE(QImage(file).size(), QSize(1280, 800));

        // A relative path ending in .json, from the working directory.
        const QString relative = dir.filePath(QStringLiteral("relative.png"));
        const CliRun rel =
            runWindow({QStringLiteral("--scenario"), QStringLiteral("two-clients.json"),
                       QStringLiteral("--screenshot"), relative},
                      dir.path());
        QCOMPARE(rel.exitCode, 0);
        QVERIFY2(rel.err.isEmpty(), rel.err.constData());
        QVERIFY(!QImage(relative).isNull());
    }

    void badScenarioFile_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content"); // null: no such file
        QTest::addColumn<QString>("message");
        QTest::newRow("JSON syntax") << QStringLiteral("broken.json")
                                     << QByteArray("{\n  \"id\": \"x\"\n  \"clients\": 2\n}\n")
                                     << QStringLiteral("broken.json:3: ");
        QTest::newRow("unknown field")
            << QStringLiteral("field.json") << QByteArray("{\"id\": \"x\", \"ttl\": 1000}")
            << QStringLiteral("unknown field \"ttl\"");
        QTest::newRow("unknown fault action")
            << QStringLiteral("action.json")
            << QByteArray("{\"id\": \"x\", \"faults\": [{\"action\": \"explode\", "
                          "\"client\": \"A\", \"trigger\": {\"at_ms\": 5}}]}")
            << QStringLiteral("unknown fault \"explode\"");
        QTest::newRow("missing file") << QStringLiteral("missing.json") << QByteArray()
                                      << QStringLiteral("cannot read the scenario file");
        QTest::newRow("missing, a path without .json")
            << QStringLiteral("sub/scenario") << QByteArray()
            << QStringLiteral("cannot read the scenario file");
    }
    void badScenarioFile()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString scenario = dir.filePath(name);
        if (!content.isNull())
            QVERIFY(writeFile(scenario, content));
        const QString shot = dir.filePath(QStringLiteral("shot.png"));
        const CliRun r = runWindow(
            {QStringLiteral("--scenario"), scenario, QStringLiteral("--screenshot"), shot});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].startsWith("lockscope: "), r.err.constData());
        const QString line = QString::fromUtf8(lines[0]);
        QVERIFY2(line.contains(scenario), r.err.constData());
        QVERIFY2(line.contains(message), r.err.constData());
        QVERIFY(!QFileInfo::exists(shot));
    }

    // Without a display the window used to abort (exit 134) with Qt's advice to reinstall: one
    // line now says what is missing and what to run instead, exit 2.
    void noDisplay_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<QString>("x11Display");
        QTest::addColumn<QString>("message");
        QTest::newRow("nothing set")
            << QString() << QString() << QStringLiteral("no display found");
        QTest::newRow("xcb without DISPLAY")
            << QStringLiteral("xcb") << QString() << QStringLiteral("no display found");
        // A display named, but no X server behind it: Qt's fatal error becomes the same line.
        QTest::newRow("DISPLAY with no server")
            << QString() << QStringLiteral(":97") << QStringLiteral("cannot open the display");
    }
    void noDisplay()
    {
        QFETCH(QString, platform);
        QFETCH(QString, x11Display);
        QFETCH(QString, message);
        QHash<QString, QString> display;
        if (!platform.isEmpty())
            display.insert(QStringLiteral("QT_QPA_PLATFORM"), platform);
        if (!x11Display.isEmpty())
            display.insert(QStringLiteral("DISPLAY"), x11Display);
        const CliRun r = runWindow({}, {}, display);
        QCOMPARE(r.exitCode, 2);
        const QByteArray err = r.err.trimmed();
        QVERIFY2(!err.contains('\n'), r.err.constData()); // one line
        QVERIFY2(err.startsWith(QByteArray(QByteArray("lockscope: ") + message.toUtf8())),
                 r.err.constData());
        QVERIFY2(err.contains("--screenshot") && err.contains("lockscope-cli demo"),
                 r.err.constData());
    }

    void screenshotToAnUnwritablePlace()
    {
        const CliRun r = runWindow(
            {QStringLiteral("--screenshot"), QStringLiteral("/nonexistent-dir/shot.png")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith("lockscope: cannot write the screenshot to "), r.err.constData());
    }

    void parsesInProcess()
    {
        WindowOptions o;
        int code = -1;
        QVERIFY(parseWindowOptions(
            {QStringLiteral("lockscope"), QStringLiteral("--scenario"), QStringLiteral("failover"),
             QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--at"),
             QStringLiteral("1500"), QStringLiteral("--lang"), QStringLiteral("zh_CN"),
             QStringLiteral("--size"), QStringLiteral("1024x768")},
            &o, &code));
        QCOMPARE(o.scenario, QStringLiteral("failover"));
        QCOMPARE(o.seed, quint64(7));
        QCOMPARE(o.atMs, qint64(1500));
        QCOMPARE(o.language, QStringLiteral("zh_CN"));
        QCOMPARE(o.size, QSize(1024, 768));

        // A scenario file: checked while parsing, kept as an absolute path.
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("s.json"));
        QVERIFY(writeTwoClientScenario(scenario));
        WindowOptions f;
        QVERIFY(parseWindowOptions(
            {QStringLiteral("lockscope"), QStringLiteral("--scenario"), scenario}, &f, &code));
        QCOMPARE(f.scenarioFile, QFileInfo(scenario).absoluteFilePath());
        QVERIFY(f.scenario.isEmpty());

        // The Explore page's options imply the page.
        WindowOptions e;
        QVERIFY(parseWindowOptions({QStringLiteral("lockscope"),
                                    QStringLiteral("--explore-strategy"), QStringLiteral("redlock"),
                                    QStringLiteral("--max-faults"), QStringLiteral("1")},
                                   &e, &code));
        QCOMPARE(e.page, QStringLiteral("explore"));
        QCOMPARE(e.exploreStrategy, QStringLiteral("redlock"));
        QCOMPARE(e.maxFaults, 1);
        QVERIFY(!e.exploreAll);
    }
    // A password in --monitor-url reaches the server and nothing the window writes: no file
    // under its HOME or XDG_CONFIG_HOME (QSettings), nor its output, with the right password
    // or a wrong one.
    void monitorUrlPasswordIsWrittenNowhere()
    {
        lockscope::test::RedisServer server;
        QVERIFY2(server.start(), qPrintable(server.errorString()));
        const QByteArray password = "Wn4-HERON-slate-2290";
        {
            lockscope::test::RedisTestClient admin;
            QVERIFY(admin.connect(server.host(), server.port()));
            admin.command({"SET", "lock:window", "tokW", "PX", "60000"});
            QVERIFY(
                admin.command({"ACL", "SETUSER", "app", "on", ">" + password, "~*", "&*", "+@all"})
                    .isOk());
        }
        for (const QByteArray &given : {password, QByteArray("Wn4-WRONG-basalt-1187")}) {
            QTemporaryDir home;
            QVERIFY(home.isValid());
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "XDG_CONFIG_HOME"})
                env.remove(QString::fromLatin1(name));
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            env.insert(QStringLiteral("HOME"), home.path());
            env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
            const QString url = QStringLiteral("redis://app:%1@127.0.0.1:%2")
                                    .arg(QString::fromUtf8(given))
                                    .arg(server.port());
            const CliRun r =
                runProgram(QStringLiteral(LOCKSCOPE_WINDOW_BINARY),
                           {QStringLiteral("--page"), QStringLiteral("monitor"),
                            QStringLiteral("--monitor-url"), url, QStringLiteral("--screenshot"),
                            home.filePath(QStringLiteral("shot.png"))},
                           60000, env, {});
            QVERIFY2(r.finished, r.describe().constData());
            if (given == password)
                QVERIFY2(r.exitCode == 0, r.describe().constData());
            else
                QVERIFY2(r.exitCode != 0 && r.err.contains("wrong password"),
                         r.describe().constData());
            QVERIFY2(!r.out.contains(given) && !r.err.contains(given), r.describe().constData());
            // ...and the one line that says a password in an address is visible to others.
            QVERIFY2(r.err.count("a password in --monitor-url is visible to other users") == 1,
                     r.describe().constData());
            QDirIterator files(home.path(), QDir::Files | QDir::Hidden,
                               QDirIterator::Subdirectories);
            while (files.hasNext()) {
                QFile f(files.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                QVERIFY2(!f.readAll().contains(given), qPrintable(f.fileName()));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestWindowCommandLine)
#include "test_window_command_line.moc"
