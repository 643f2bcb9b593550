// Issue 14: a user's script that never ends, or allocates without end, stops at the script time
// limit or the memory cap; simulate and compare then end with one line naming the script file
// and the limit, exit code 2, within the limit plus a second (measured here, on the real binary).
#include "cli_process.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/cli/CMakeLists.txt)"
#endif

namespace {

constexpr int kTimeoutMs = 90000; // a hang fails the test instead of stalling the suite
constexpr qint64 kGraceMs = 1000; // the bound: the limit plus one second

const QByteArray kReleaseScript =
    QByteArrayLiteral("if redis.call('get', KEYS[1]) == ARGV[1] then\n"
                      "    return redis.call('del', KEYS[1])\n"
                      "else\n"
                      "    return 0\n"
                      "end\n");
const QByteArray kAcquireScript =
    QByteArrayLiteral("if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 "
                      "else return 0 end\n");

using Run = lockscope::test::CliRun;

Run runCli(const QStringList &args)
{
    return lockscope::test::runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, kTimeoutMs);
}

} // namespace

class TestCliScriptLimits : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void runawayScriptEndsTheRun_data();
    void runawayScriptEndsTheRun();
    void badTimeLimitIsRefused_data();
    void badTimeLimitIsRefused();
    void helpNamesTheFlag_data();
    void helpNamesTheFlag();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    bool write(const QString &name, const QByteArray &bytes) const
    {
        QFile f(path(name));
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }
    QTemporaryDir m_dir;
};

void TestCliScriptLimits::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(write(QStringLiteral("acquire.lua"), kAcquireScript));
    QVERIFY(write(QStringLiteral("release.lua"), kReleaseScript));
    QVERIFY(write(QStringLiteral("loop.lua"), "while true do end\n"));
    // A new table at every turn, all kept: 256 MiB within a second or two. (Strings make a
    // poor hog: string.rep('x', 1000) .. i differ only where Lua 5.1's hash does not look,
    // so interning them turns quadratic long before memory runs out.)
    QVERIFY(write(QStringLiteral("hog.lua"),
                  "local t = {} local i = 0\n"
                  "while true do i = i + 1\n"
                  "  t[i] = {i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i}\n"
                  "end\n"));
    // Runs away only when the lock is taken, so it passes a first acquisition and stops in
    // the middle of a run (the release side too).
    QVERIFY(write(QStringLiteral("busy_loop.lua"),
                  "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end\n"
                  "while true do end\n"));
    QVERIFY(write(QStringLiteral("release_loop.lua"), "while true do end\n"));
}

void TestCliScriptLimits::runawayScriptEndsTheRun_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("acquire");
    QTest::addColumn<QString>("release");
    QTest::addColumn<QStringList>("fragments");
    QTest::addColumn<qint64>("limitMs");

    const QStringList simulate = {QStringLiteral("simulate"), QStringLiteral("--scenario"),
                                  QStringLiteral("contention")};
    // Ten seeds on every core: the first stop must end every worker's run, not each spend its
    // own second.
    const QStringList compare = {QStringLiteral("compare"), QStringLiteral("--scenario"),
                                 QStringLiteral("contention"), QStringLiteral("--seeds"),
                                 QStringLiteral("10")};
    const QStringList timeLimit = {QStringLiteral("loop.lua"), QStringLiteral("acquire script"),
                                   QStringLiteral("1 s script time limit"),
                                   QStringLiteral("lua-time-limit")};
    const QStringList memoryCap = {QStringLiteral("hog.lua"), QStringLiteral("acquire script"),
                                   QStringLiteral("256 MiB script memory cap")};
    const QStringList releaseLimit = {QStringLiteral("release_loop.lua"),
                                      QStringLiteral("release script"),
                                      QStringLiteral("1 s script time limit")};
    const QStringList midRun = {QStringLiteral("busy_loop.lua"), QStringLiteral("acquire script"),
                                QStringLiteral("1 s script time limit")};
    const auto row = [](const char *name, const QStringList &command, const char *acquire,
                        const char *release, const QStringList &fragments, qint64 limitMs) {
        QTest::newRow(name) << command << QString::fromUtf8(acquire) << QString::fromUtf8(release)
                            << fragments << limitMs;
    };
    // The memory cap is what must stop hog.lua: its time limit is far enough away that a
    // loaded machine still reaches 256 MiB first.
    row("simulate, endless", simulate, "loop.lua", "release.lua", timeLimit, 1000);
    row("simulate, endless allocation", simulate, "hog.lua", "release.lua", memoryCap, 30000);
    row("simulate, endless release", simulate, "acquire.lua", "release_loop.lua", releaseLimit,
        1000);
    row("simulate, endless when busy", simulate, "busy_loop.lua", "release.lua", midRun, 1000);
    row("simulate --json, endless", simulate + QStringList{QStringLiteral("--json")}, "loop.lua",
        "release.lua", timeLimit, 1000);
    row("compare, endless", compare, "loop.lua", "release.lua", timeLimit, 1000);
    row("compare, endless allocation", compare, "hog.lua", "release.lua", memoryCap, 30000);
}

void TestCliScriptLimits::runawayScriptEndsTheRun()
{
    QFETCH(QStringList, command);
    QFETCH(QString, acquire);
    QFETCH(QString, release);
    QFETCH(QStringList, fragments);
    QFETCH(qint64, limitMs);
    const Run r = runCli(command + QStringList{QStringLiteral("--acquire-script"), path(acquire),
                                               QStringLiteral("--release-script"), path(release),
                                               QStringLiteral("--script-time-limit"),
                                               QStringLiteral("%1ms").arg(limitMs)});
    QVERIFY2(r.finished && r.exitCode == 2, r.describe().constData());
    QVERIFY2(r.out.isEmpty(), r.out.left(2000).constData());
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
    const QString message = QString::fromUtf8(r.err);
    QVERIFY2(message.startsWith(QLatin1String("lockscope-cli: ")), r.err.constData());
    for (const QString &fragment : fragments)
        QVERIFY2(message.contains(fragment),
                 qPrintable(QStringLiteral("\"%1\" not in: %2").arg(fragment, message)));
    qInfo("%s: ended after %lld ms", QTest::currentDataTag(), r.elapsedMs);
    QVERIFY2(r.elapsedMs < limitMs + kGraceMs,
             qPrintable(QStringLiteral("%1 ms").arg(r.elapsedMs)));
}

void TestCliScriptLimits::badTimeLimitIsRefused_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("word") << QStringLiteral("soon");
    QTest::newRow("zero") << QStringLiteral("0s");
    QTest::newRow("fraction of a ms") << QStringLiteral("0.5ms");
    QTest::newRow("more than a day") << QStringLiteral("90000s");
    QTest::newRow("unknown unit") << QStringLiteral("5m");
}

void TestCliScriptLimits::badTimeLimitIsRefused()
{
    QFETCH(QString, value);
    for (const QString &command : {QStringLiteral("simulate"), QStringLiteral("compare")}) {
        const Run r =
            runCli({command, QStringLiteral("--scenario"), QStringLiteral("contention"),
                    QStringLiteral("--acquire-script"), path(QStringLiteral("loop.lua")),
                    QStringLiteral("--release-script"), path(QStringLiteral("release.lua")),
                    QStringLiteral("--script-time-limit"), value});
        QVERIFY2(r.finished && r.exitCode == 2, r.describe().constData());
        QVERIFY2(r.err.count('\n') == 1, r.err.constData());
        QVERIFY2(r.err.contains("--script-time-limit") && r.err.contains(value.toUtf8()),
                 r.err.constData());
        QVERIFY2(r.elapsedMs < 10000, qPrintable(QString::number(r.elapsedMs))); // no run
    }
}

void TestCliScriptLimits::helpNamesTheFlag_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("simulate") << QStringLiteral("simulate");
    QTest::newRow("compare") << QStringLiteral("compare");
}

void TestCliScriptLimits::helpNamesTheFlag()
{
    QFETCH(QString, command);
    const Run r = runCli({command, QStringLiteral("--help")});
    QVERIFY2(r.finished && r.exitCode == 0, r.describe().constData());
    QVERIFY2(r.out.contains("--script-time-limit <DURATION>"), r.out.constData());
    QVERIFY2(r.out.contains("lua-time-limit"), r.out.constData());
}

QTEST_GUILESS_MAIN(TestCliScriptLimits)
#include "test_cli_script_limits.moc"
