// `lockscope-cli bench` as a user runs it: the real binary under QProcess, against real
// redis-server processes. Every run has a timeout, so a hang fails the test.
#include "cli_process.h"
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTime>

#include "free_port.h"
#include "redis_server.h"
#include "redis_test_client.h"

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/live/CMakeLists.txt)"
#endif
#ifndef LOCKSCOPE_GUIDE_EXAMPLES
#error "LOCKSCOPE_GUIDE_EXAMPLES must name docs/guide/examples (tests/live/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

constexpr int kRunMs = 30000;
constexpr int kRefusalMs = 5000; // "within a few seconds"

using Run = lockscope::test::CliRun;

Run runCli(const QStringList &args, int timeoutMs = kRunMs)
{
    return lockscope::test::runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, timeoutMs);
}

// The password as a person should give it: in LOCKSCOPE_AUTH, off the command line (a password
// in the address also works, with a warning line, which test_cli_secrets checks).
Run runCliWithPassword(const QStringList &args, const QString &password)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LOCKSCOPE_AUTH"), password);
    return lockscope::test::runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, kRunMs, env, {});
}

QString address(const RedisServer &server)
{
    return server.host() + QLatin1Char(':') + QString::number(server.port());
}

// One of the user guide's example scripts (acquire.lua, release.lua, release-plain-del.lua, ...).
QString guideScript(const char *name)
{
    return QStringLiteral(LOCKSCOPE_GUIDE_EXAMPLES "/") + QLatin1String(name);
}

qint64 dbsize(const RedisServer &server)
{
    RedisTestClient c;
    if (!c.connect(server.host(), server.port()))
        return -1;
    const Reply r = c.command({QByteArrayLiteral("DBSIZE")});
    return r.isInteger() ? r.integer() : -1;
}

} // namespace

// One line on stderr, exit code 2, quickly: what every refusal looks like.
#define VERIFY_REFUSED(run, ...)                                                                   \
    do {                                                                                           \
        QVERIFY2((run).finished, "lockscope-cli did not finish in time");                          \
        QVERIFY2((run).exitCode == 2, (run).describe().constData());                               \
        QVERIFY2((run).out.isEmpty(), (run).describe().constData());                               \
        QVERIFY2((run).err.trimmed().count('\n') == 0, (run).describe().constData());              \
        QVERIFY2((run).elapsedMs < kRefusalMs, (run).describe().constData());                      \
        for (const char *expected_ : {__VA_ARGS__})                                                \
            QVERIFY2((run).err.contains(expected_), (run).describe().constData());                 \
    } while (false)

class TestLiveCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void benchJsonKeepsTheCounterAndCleansUp();
    void benchTextAndFaultsAndEvents();
    void benchSurvivesAServerKill();
    void replayOfBenchEventsCountsFromTheStart();
    void helpDocumentsFaults();
    void unreachableServerIsRefused();
    void wrongOrMissingPasswordIsRefused();
    void missingPermissionIsRefused();
    void badOptionsAreRefused();
    void customScriptFailingAtRunTime_data();
    void customScriptFailingAtRunTime();
    void runawayScriptIsKilled_data();
    void runawayScriptIsKilled();
    void benchCustomScriptsKeepTheCounter();
    void benchPlainDelReleaseUnderALongPause();
    void badCustomScriptsAreRefused();

private:
    RedisServer m_server;
};

void TestLiveCli::initTestCase()
{
    QVERIFY2(QFile::exists(QString::fromUtf8(LOCKSCOPE_CLI)), LOCKSCOPE_CLI);
    QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
}

void TestLiveCli::benchJsonKeepsTheCounterAndCleansUp()
{
    const Run run =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"), address(m_server),
                QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua"),
                QStringLiteral("--clients"), QStringLiteral("10"), QStringLiteral("--duration"),
                QStringLiteral("1500"), QStringLiteral("--json")});
    QVERIFY2(run.finished && run.exitCode == 0, run.describe().constData());
    QJsonParseError perr;
    const QJsonObject o = QJsonDocument::fromJson(run.out, &perr).object();
    QVERIFY2(perr.error == QJsonParseError::NoError, run.describe().constData());
    for (const char *field :
         {"cycles_per_s", "acquire_latency_ms", "errors", "counter_expected", "counter_actual",
          "lost_updates", "cycles", "clients", "strategy", "duration_ms"})
        QVERIFY2(o.contains(QLatin1String(field)), field);
    const QJsonObject latency = o.value(QStringLiteral("acquire_latency_ms")).toObject();
    QVERIFY(latency.contains(QStringLiteral("p50")));
    QVERIFY(latency.contains(QStringLiteral("p99")));
    QVERIFY(o.value(QStringLiteral("errors")).isObject());
    QCOMPARE(o.value(QStringLiteral("strategy")).toString(), QStringLiteral("set-nx-px-lua"));
    QCOMPARE(o.value(QStringLiteral("clients")).toInt(), 10);
    QCOMPARE(o.value(QStringLiteral("duration_ms")).toInt(), 1500);
    QVERIFY(o.value(QStringLiteral("cycles")).toInteger() > 0);
    QVERIFY(o.value(QStringLiteral("cycles_per_s")).toDouble() > 0);
    QCOMPARE(o.value(QStringLiteral("counter_actual")).toInteger(),
             o.value(QStringLiteral("counter_expected")).toInteger());
    QCOMPARE(o.value(QStringLiteral("counter_expected")).toInteger(),
             o.value(QStringLiteral("cycles")).toInteger());
    QCOMPARE(o.value(QStringLiteral("lost_updates")).toInteger(), 0);
    QVERIFY(o.value(QStringLiteral("counter_read")).toBool());
    QVERIFY(o.value(QStringLiteral("cleaned_up")).toBool());
    QCOMPARE(dbsize(m_server), 0);
}

void TestLiveCli::benchSurvivesAServerKill()
{
    // The counter's server killed (-9) mid-run and restarted empty: the run goes on, the errors
    // are counted, and the counter check says what was lost and why, in one line before the
    // summary.
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QProcess bench;
    bench.start(QString::fromUtf8(LOCKSCOPE_CLI),
                {QStringLiteral("bench"), QStringLiteral("--redis"), address(server),
                 QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua"),
                 QStringLiteral("--clients"), QStringLiteral("4"), QStringLiteral("--duration"),
                 QStringLiteral("3000"), QStringLiteral("--timeout"), QStringLiteral("300")});
    QVERIFY(bench.waitForStarted(5000));
    QTest::qWait(1200);
    server.kill();
    const QTime killedAt = QTime::currentTime();
    QTest::qWait(200);
    QVERIFY2(server.start(), qPrintable(server.errorString())); // same port, empty
    QVERIFY2(bench.waitForFinished(kRunMs), "the bench did not finish");
    const QByteArray out = bench.readAllStandardOutput();
    const QByteArray err = bench.readAllStandardError();
    QVERIFY2(bench.exitStatus() == QProcess::NormalExit && bench.exitCode() == 0,
             QByteArray(out + err).constData());

    const QList<QByteArray> lines = out.split('\n');
    const QRegularExpression verdict(QRegularExpression::anchoredPattern(
        QStringLiteral("the counter is (\\d+) but (\\d+) increments were acknowledged: the "
                       "server restarted at (\\d\\d:\\d\\d:\\d\\d) and lost (\\d+) \\(no AOF\\)")));
    const auto m = verdict.match(QString::fromUtf8(lines.value(0)));
    QVERIFY2(m.hasMatch(), out.constData());
    const qint64 actual = m.captured(1).toLongLong(), expected = m.captured(2).toLongLong();
    QVERIFY2(expected > actual, out.constData());
    QCOMPARE(m.captured(4).toLongLong(), expected - actual);
    // uptime_in_seconds is whole seconds: the restart time is known to a second or two.
    const QTime restartedAt = QTime::fromString(m.captured(3), QStringLiteral("HH:mm:ss"));
    QVERIFY2(qAbs(restartedAt.secsTo(killedAt)) <= 2, out.constData());
    // Then the usual summary, with the same figures and the errors counted.
    const QByteArray counterLine = "counter                " + QByteArray::number(actual) + " of " +
                                   QByteArray::number(expected) + " acknowledged increments";
    QVERIFY2(out.contains(counterLine), out.constData());
    const QRegularExpression errors(QStringLiteral("\\nerrors +(\\d+)"));
    const auto e = errors.match(QString::fromUtf8(out));
    QVERIFY2(e.hasMatch() && e.captured(1).toLongLong() > 0, out.constData());
    QVERIFY2(out.contains("cycles  "), out.constData());
}

void TestLiveCli::benchTextAndFaultsAndEvents()
{
    QTemporaryDir dir;
    const QString events = dir.filePath(QStringLiteral("run.jsonl"));
    const Run run =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"),
                QStringLiteral("redis://") + address(m_server) + QStringLiteral("/3"),
                QStringLiteral("--strategy"), QStringLiteral("fenced"), QStringLiteral("--clients"),
                QStringLiteral("3"), QStringLiteral("--duration"), QStringLiteral("800"),
                QStringLiteral("--pause-client"), QStringLiteral("A:100:200"),
                QStringLiteral("--kill-client"), QStringLiteral("B:300"),
                QStringLiteral("--events"), events});
    QVERIFY2(run.finished && run.exitCode == 0, run.describe().constData());
    QVERIFY2(run.out.contains("lost updates"), run.describe().constData());
    QFile f(events);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray log = f.readAll();
    QVERIFY(log.contains("\"live\""));
    QVERIFY(log.contains("client_paused"));
    QVERIFY(log.contains("client_resumed"));
    QVERIFY(log.contains("client_crashed"));
    QVERIFY(log.contains("resource_write"));
    QCOMPARE(dbsize(m_server), 0); // db 0 untouched
}

void TestLiveCli::replayOfBenchEventsCountsFromTheStart()
{
    // The live log is stamped with the wall clock; replay showed "1795573348.694 s" and an empty
    // scenario. Now: seconds from the start of the run, and a header naming what ran.
    QTemporaryDir dir;
    const QString events = dir.filePath(QStringLiteral("bench.jsonl"));
    const Run bench =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"), address(m_server),
                QStringLiteral("--strategy"), QStringLiteral("set-nx-px-get-del"),
                QStringLiteral("--clients"), QStringLiteral("3"), QStringLiteral("--duration"),
                QStringLiteral("600"), QStringLiteral("--events"), events});
    QVERIFY2(bench.finished && bench.exitCode == 0, bench.describe().constData());
    const Run replay = runCli({QStringLiteral("replay"), events});
    QVERIFY2(replay.finished && replay.exitCode == 0, replay.describe().constData());
    const QStringList lines = QString::fromUtf8(replay.out).split(QLatin1Char('\n'));
    static const QRegularExpression stamped(QStringLiteral(R"(^\s*(\d+\.\d{3}) s  )"));
    int timed = 0;
    double last = 0;
    for (const QString &line : lines) {
        const auto m = stamped.match(line);
        if (!m.hasMatch())
            continue;
        ++timed;
        const double t = m.captured(1).toDouble();
        // A 600 ms run, plus the last cycle and the final reads: well under a minute.
        QVERIFY2(t >= last && t < 60.0, qPrintable(line));
        last = t;
    }
    QVERIFY2(timed > 10, replay.describe().constData());
    const QString header = lines.filter(QStringLiteral("lockscope-cli bench")).value(0);
    QVERIFY2(header.contains(QLatin1String("set-nx-px-get-del")) &&
                 header.contains(QLatin1String("3 clients")) && header.contains(address(m_server)),
             replay.describe().constData());
    QVERIFY2(!replay.out.contains("scenario ,"), replay.describe().constData());
}

void TestLiveCli::helpDocumentsFaults()
{
    const Run help = runCli({QStringLiteral("bench"), QStringLiteral("--help")});
    QVERIFY2(help.finished && help.exitCode == 0, help.describe().constData());
    QVERIFY(help.out.contains("--pause-client"));
    QVERIFY(help.out.contains("NAME:AT_MS:FOR_MS"));
    QVERIFY(help.out.contains("--kill-client"));
    const Run usage = runCli({QStringLiteral("--help")});
    QVERIFY(usage.out.contains("bench --redis"));
}

void TestLiveCli::unreachableServerIsRefused()
{
    const QString where = QStringLiteral("127.0.0.1:") + QString::number(unusedLoopbackPort());
    const Run run = runCli({QStringLiteral("bench"), QStringLiteral("--redis"), where,
                            QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua")});
    VERIFY_REFUSED(run, "connection refused");
    QVERIFY2(run.err.contains(where.toUtf8()), run.describe().constData());

    // One of Redlock's five is enough to refuse: a bench needs all of them.
    QStringList servers = QStringList(4, address(m_server));
    servers << where;
    const Run redlock =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"), servers.join(QLatin1Char(',')),
                QStringLiteral("--strategy"), QStringLiteral("redlock")});
    VERIFY_REFUSED(redlock, "connection refused");
    QVERIFY2(redlock.err.contains(where.toUtf8()), redlock.describe().constData());
}

void TestLiveCli::wrongOrMissingPasswordIsRefused()
{
    // The password is set once the server runs (the fixture's readiness PING has no password).
    RedisServer secured;
    QVERIFY2(secured.start(), qPrintable(secured.errorString()));
    {
        RedisTestClient admin;
        QVERIFY(admin.connect(secured.host(), secured.port()));
        QVERIFY(admin
                    .command({QByteArrayLiteral("CONFIG"), QByteArrayLiteral("SET"),
                              QByteArrayLiteral("requirepass"), QByteArrayLiteral("s3cret")})
                    .isOk());
    }
    const QString where = address(secured);

    const Run wrong =
        runCliWithPassword({QStringLiteral("bench"), QStringLiteral("--redis"), where,
                            QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua")},
                           QStringLiteral("nope"));
    VERIFY_REFUSED(wrong, "wrong password");
    QVERIFY2(wrong.err.contains(where.toUtf8()), wrong.describe().constData());
    QVERIFY2(!wrong.err.contains("nope"), wrong.describe().constData()); // never the password

    const Run missing = runCli({QStringLiteral("bench"), QStringLiteral("--redis"), where,
                                QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua")});
    VERIFY_REFUSED(missing, "password");
    QVERIFY2(missing.err.contains(where.toUtf8()), missing.describe().constData());

    const Run right = runCliWithPassword(
        {QStringLiteral("bench"), QStringLiteral("--redis"), where, QStringLiteral("--strategy"),
         QStringLiteral("set-nx-px-lua"), QStringLiteral("--duration"), QStringLiteral("300"),
         QStringLiteral("--json")},
        QStringLiteral("s3cret"));
    QVERIFY2(right.finished && right.exitCode == 0, right.describe().constData());
}

void TestLiveCli::missingPermissionIsRefused()
{
    // An ACL user that may do everything but run scripts: the release script is refused.
    RedisServer acl({QStringLiteral("--user"), QStringLiteral("app"), QStringLiteral("on"),
                     QStringLiteral(">apppass"), QStringLiteral("~*"), QStringLiteral("&*"),
                     QStringLiteral("+@all"), QStringLiteral("-evalsha"), QStringLiteral("-eval"),
                     QStringLiteral("--user"), QStringLiteral("noscript"), QStringLiteral("on"),
                     QStringLiteral(">pass2"), QStringLiteral("~*"), QStringLiteral("&*"),
                     QStringLiteral("+@all"), QStringLiteral("-script")});
    QVERIFY2(acl.start(), qPrintable(acl.errorString()));
    const QString where = address(acl);
    const Run run = runCliWithPassword(
        {QStringLiteral("bench"), QStringLiteral("--redis"), where, QStringLiteral("--user"),
         QStringLiteral("app"), QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua")},
        QStringLiteral("apppass"));
    VERIFY_REFUSED(run, "app", "not allowed", "evalsha");
    QVERIFY2(run.err.contains(where.toUtf8()), run.describe().constData());
    QCOMPARE(dbsize(acl), 0); // the probe cleaned up after itself

    // SCRIPT LOAD is a convenience, not a need: a user without it runs EVAL instead.
    const Run noScript =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"),
                QStringLiteral("redis://noscript:pass2@") + where, QStringLiteral("--strategy"),
                QStringLiteral("set-nx-px-lua"), QStringLiteral("--duration"),
                QStringLiteral("300"), QStringLiteral("--json")});
    QVERIFY2(noScript.finished && noScript.exitCode == 0, noScript.describe().constData());
    QCOMPARE(dbsize(acl), 0);
}

void TestLiveCli::badOptionsAreRefused()
{
    const QString where = address(m_server);
    const QList<std::pair<QStringList, const char *>> cases = {
        {{QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua")}, "--redis"},
        {{QStringLiteral("--redis"), where}, "--strategy"},
        {{QStringLiteral("--redis"), where, QStringLiteral("--strategy"),
          QStringLiteral("nonsense")},
         "unknown strategy"},
        {{QStringLiteral("--redis"), QStringLiteral("redis://host:99999"),
          QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua")},
         "bad port"},
        {{QStringLiteral("--redis"), where + QLatin1Char(',') + where, QStringLiteral("--strategy"),
          QStringLiteral("set-nx-px-lua")},
         "only redlock"},
        {{QStringLiteral("--redis"), where, QStringLiteral("--strategy"),
          QStringLiteral("set-nx-px-lua"), QStringLiteral("--wait"), QStringLiteral("forever")},
         "--wait"},
        {{QStringLiteral("--redis"), where, QStringLiteral("--strategy"),
          QStringLiteral("set-nx-px-lua"), QStringLiteral("--clients"), QStringLiteral("0")},
         "--clients"},
        {{QStringLiteral("--redis"), where, QStringLiteral("--strategy"),
          QStringLiteral("set-nx-px-lua"), QStringLiteral("--pause-client"),
          QStringLiteral("A:100")},
         "NAME:AT_MS:FOR_MS"},
        {{QStringLiteral("--redis"), where, QStringLiteral("--strategy"),
          QStringLiteral("set-nx-px-lua"), QStringLiteral("--kill-client"),
          QStringLiteral("Z:100")},
         "no client named"},
    };
    for (const auto &[args, needle] : cases) {
        QStringList full{QStringLiteral("bench")};
        full += args;
        const Run run = runCli(full);
        VERIFY_REFUSED(run, needle);
    }
    QCOMPARE(dbsize(m_server), 0);
}

void TestLiveCli::customScriptFailingAtRunTime_data()
{
    QTest::addColumn<QByteArray>("acquire");
    QTest::addColumn<QByteArray>("release");
    QTest::addColumn<QStringList>("fragments");
    const QByteArray acquire = "return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])\n";
    const QByteArray release = "if redis.call('get', KEYS[1]) == ARGV[1] then\n"
                               "  return redis.call('del', KEYS[1])\nend\nreturn 0\n";
    QTest::newRow("Lua error") << QByteArray("local x=nil return x+1\n") << release
                               << QStringList{QStringLiteral("acquire.lua:1:"),
                                              QStringLiteral("arithmetic")};
    QTest::newRow("unknown command")
        << QByteArray("-- busy?\nreturn redis.call('sett', KEYS[1], ARGV[1])\n") << release
        << QStringList{QStringLiteral("acquire.lua:2:"), QStringLiteral("nknown")};
    QTest::newRow("outside the convention")
        << QByteArray("return 'hello'\n") << release
        << QStringList{QStringLiteral("acquire.lua"), QStringLiteral("hello"),
                       QStringLiteral("convention")};
    QTest::newRow("release errors")
        << acquire << QByteArray("error('release failed')\n")
        << QStringList{QStringLiteral("release.lua:1:"), QStringLiteral("release failed")};
}

// bench with the user's scripts against a real server: a script that fails at run time is one
// line naming the file, the Lua line and the error (exit 2), and no key is left behind.
void TestLiveCli::customScriptFailingAtRunTime()
{
    QFETCH(QByteArray, acquire);
    QFETCH(QByteArray, release);
    QFETCH(QStringList, fragments);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const auto &[name, body] : {std::pair{QStringLiteral("acquire.lua"), acquire},
                                     std::pair{QStringLiteral("release.lua"), release}}) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(body);
    }
    const Run run =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"), address(m_server),
                QStringLiteral("--acquire-script"), dir.filePath(QStringLiteral("acquire.lua")),
                QStringLiteral("--release-script"), dir.filePath(QStringLiteral("release.lua")),
                QStringLiteral("--clients"), QStringLiteral("4"), QStringLiteral("--duration"),
                QStringLiteral("1000")});
    QVERIFY2(run.finished && run.exitCode == 2, run.describe().constData());
    QVERIFY2(run.out.isEmpty(), run.out.constData());
    QVERIFY2(run.err.count('\n') == 1, run.err.constData());
    const QString message = QString::fromUtf8(run.err);
    for (const QString &fragment : fragments)
        QVERIFY2(message.contains(fragment),
                 qPrintable(fragment + QStringLiteral(" not in: ") + message));
    QCOMPARE(dbsize(m_server), 0);
}

void TestLiveCli::runawayScriptIsKilled_data()
{
    QTest::addColumn<QByteArray>("acquire");
    QTest::addColumn<qint64>("boundMs");
    // Only reads before it loops: Redis refuses SCRIPT KILL (UNKILLABLE) once a script called a
    // write command, even a SET NX that wrote nothing.
    const QByteArray set = "if redis.call('exists', KEYS[1]) == 0 then\n"
                           "  if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
                           "return 1 end\n"
                           "  return 0\n"
                           "end\n";
    // Found by the preflight's probe: its request times out after 3 s (the connect timeout),
    // then a fresh connection meets BUSY.
    QTest::newRow("endless") << QByteArray("while true do end\n") << qint64(6000);
    QTest::newRow("endless allocation")
        << QByteArray("local t = {} while true do t[#t + 1] = string.rep('x', 1000) end\n")
        << qint64(6000);
    // Passes the probe (a free key) and runs away in the run, as soon as the lock is taken:
    // the other clients get BUSY after the server's 500 ms.
    QTest::newRow("endless when busy") << QByteArray(set + "while true do end\n") << qint64(6000);
}

// Issue 14: Redis answers BUSY to everyone while a script runs past busy-reply-threshold; the
// bench ends with one line saying the server is busy running our script, stops it with SCRIPT
// KILL (the server answers again afterwards) and cleans up, exit code 2.
void TestLiveCli::runawayScriptIsKilled()
{
    QFETCH(QByteArray, acquire);
    QFETCH(qint64, boundMs);
    RedisServer server({QStringLiteral("--busy-reply-threshold"), QStringLiteral("500")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray release = "if redis.call('get', KEYS[1]) == ARGV[1] then return "
                               "redis.call('del', KEYS[1]) else return 0 end\n";
    for (const auto &[name, body] : {std::pair{QStringLiteral("runaway.lua"), acquire},
                                     std::pair{QStringLiteral("release.lua"), release}}) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(body);
    }
    const Run run =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"), address(server),
                QStringLiteral("--acquire-script"), dir.filePath(QStringLiteral("runaway.lua")),
                QStringLiteral("--release-script"), dir.filePath(QStringLiteral("release.lua")),
                QStringLiteral("--clients"), QStringLiteral("4"), QStringLiteral("--duration"),
                QStringLiteral("2000")});
    QVERIFY2(run.finished && run.exitCode == 2, run.describe().constData());
    QVERIFY2(run.out.isEmpty(), run.out.constData());
    QVERIFY2(run.err.count('\n') == 1, run.err.constData());
    for (const char *fragment : {"busy running our script", "runaway.lua", "SCRIPT KILL"})
        QVERIFY2(run.err.contains(fragment), run.describe().constData());
    qInfo("%s: ended after %lld ms", QTest::currentDataTag(), run.elapsedMs);
    QVERIFY2(run.elapsedMs < boundMs, run.describe().constData());
    // The server is usable again, and the run left no key behind.
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    QCOMPARE(c.command({QByteArrayLiteral("PING")}).text(), QByteArray("PONG"));
    QCOMPARE(dbsize(server), 0);
}

// Issue 15: the user's own script pair runs live. The guide's correct pair (SET NX PX, then
// compare-and-delete) keeps one holder at a time: no violation, and the counter ends where the
// acknowledged increments say. The report names the strategy "custom" and the two files.
void TestLiveCli::benchCustomScriptsKeepTheCounter()
{
    const QString acquire = guideScript("acquire.lua");
    const QString release = guideScript("release.lua");
    const Run run =
        runCli({QStringLiteral("bench"), QStringLiteral("--redis"), address(m_server),
                QStringLiteral("--acquire-script"), acquire, QStringLiteral("--release-script"),
                release, QStringLiteral("--clients"), QStringLiteral("10"),
                QStringLiteral("--duration"), QStringLiteral("1500"), QStringLiteral("--json")});
    QVERIFY2(run.finished && run.exitCode == 0, run.describe().constData());
    QJsonParseError perr;
    const QJsonObject o = QJsonDocument::fromJson(run.out, &perr).object();
    QVERIFY2(perr.error == QJsonParseError::NoError, run.describe().constData());
    QCOMPARE(o.value(QStringLiteral("strategy")).toString(), QStringLiteral("custom"));
    QCOMPARE(o.value(QStringLiteral("acquire_script")).toString(), acquire);
    QCOMPARE(o.value(QStringLiteral("release_script")).toString(), release);
    QVERIFY2(o.value(QStringLiteral("cycles")).toInteger() > 0, run.out.constData());
    QCOMPARE(o.value(QStringLiteral("violations")).toInteger(), 0);
    QCOMPARE(o.value(QStringLiteral("lost_updates")).toInteger(), 0);
    QVERIFY(o.value(QStringLiteral("counter_read")).toBool());
    QCOMPARE(o.value(QStringLiteral("counter_actual")).toInteger(),
             o.value(QStringLiteral("counter_expected")).toInteger());
    QCOMPARE(o.value(QStringLiteral("counter_expected")).toInteger(),
             o.value(QStringLiteral("cycles")).toInteger());
    QVERIFY(o.value(QStringLiteral("cleaned_up")).toBool());
    QCOMPARE(dbsize(m_server), 0);

    // The text names them too, on the first line; "--strategy custom" is the same as leaving
    // --strategy out.
    const Run text = runCli(
        {QStringLiteral("bench"), QStringLiteral("--redis"), address(m_server),
         QStringLiteral("--strategy"), QStringLiteral("custom"), QStringLiteral("--acquire-script"),
         acquire, QStringLiteral("--release-script"), release, QStringLiteral("--clients"),
         QStringLiteral("3"), QStringLiteral("--duration"), QStringLiteral("300")});
    QVERIFY2(text.finished && text.exitCode == 0, text.describe().constData());
    const QString first = QString::fromUtf8(text.out).section(QLatin1Char('\n'), 0, 0);
    QCOMPARE(first, QStringLiteral("strategy  custom [acquire %1, release %2] (wait backoff) on %3")
                        .arg(acquire, release, address(m_server)));
    QVERIFY2(text.out.contains("overlapping holders    0"), text.out.constData());
    QCOMPARE(dbsize(m_server), 0);
}

// A pause longer than the TTL, with a plain-DEL release: the guide's release-plain-del.lua must
// show what the built-in set-nx-px-del shows under the same fault. Two clients on one key, each
// holding the lock 200 ms (think 0, so a holder mostly takes the lock again at once), TTL 500 ms;
// A, then B, then A again is paused for 800 ms. A client paused while it holds the lock keeps
// believing it holds it: its lock expires, the other client's backoff (at most 128 ms) takes
// it well before the pause ends, and enters a critical section the paused one is still inside
// (a violation); the paused one then writes the counter it read before the pause (a lost
// update) and deletes the other's lock. Three pauses: whoever holds at the first, one of them
// meets the holder.
void TestLiveCli::benchPlainDelReleaseUnderALongPause()
{
    const QStringList common = {QStringLiteral("--redis"),        address(m_server),
                                QStringLiteral("--clients"),      QStringLiteral("2"),
                                QStringLiteral("--ttl"),          QStringLiteral("500"),
                                QStringLiteral("--hold"),         QStringLiteral("200"),
                                QStringLiteral("--duration"),     QStringLiteral("3300"),
                                QStringLiteral("--pause-client"), QStringLiteral("A:100:800"),
                                QStringLiteral("--pause-client"), QStringLiteral("B:1100:800"),
                                QStringLiteral("--pause-client"), QStringLiteral("A:2100:800"),
                                QStringLiteral("--json")};
    const auto bench = [&](const QStringList &strategy) {
        const Run run = runCli(QStringList{QStringLiteral("bench")} + strategy + common);
        QJsonObject o;
        if (run.finished && run.exitCode == 0)
            o = QJsonDocument::fromJson(run.out).object();
        return std::pair{run, o};
    };
    const auto [builtinRun, builtin] =
        bench({QStringLiteral("--strategy"), QStringLiteral("set-nx-px-del")});
    QVERIFY2(!builtin.isEmpty(), builtinRun.describe().constData());
    const auto [customRun, custom] =
        bench({QStringLiteral("--acquire-script"), guideScript("acquire.lua"),
               QStringLiteral("--release-script"), guideScript("release-plain-del.lua")});
    QVERIFY2(!custom.isEmpty(), customRun.describe().constData());
    QCOMPARE(custom.value(QStringLiteral("strategy")).toString(), QStringLiteral("custom"));

    // The built-in shows the fault (else the scenario is not what this test thinks) ...
    const qint64 violations = builtin.value(QStringLiteral("violations")).toInteger();
    const qint64 lost = builtin.value(QStringLiteral("lost_updates")).toInteger();
    QVERIFY2(violations > 0, builtinRun.out.constData());
    QVERIFY2(lost > 0, builtinRun.out.constData());
    // ... and the user's pair the same kind of outcome.
    QVERIFY2(custom.value(QStringLiteral("violations")).toInteger() > 0, customRun.out.constData());
    QVERIFY2(custom.value(QStringLiteral("lost_updates")).toInteger() > 0,
             customRun.out.constData());
    QCOMPARE(custom.value(QStringLiteral("counter_actual")).toInteger() +
                 custom.value(QStringLiteral("lost_updates")).toInteger(),
             custom.value(QStringLiteral("counter_expected")).toInteger());
    QCOMPARE(dbsize(m_server), 0);
}

// What the user gets wrong with the two files: one line naming the problem (and the file),
// exit code 2, before any client starts and without a key written.
void TestLiveCli::badCustomScriptsAreRefused()
{
    const QString where = address(m_server);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("nowhere.lua"));
    const QString acquire = guideScript("acquire.lua");
    const QString release = guideScript("release.lua");
    const QString broken = guideScript("bad.lua"); // the guide's missing comma
    const QList<std::pair<QStringList, QList<const char *>>> cases = {
        {{QStringLiteral("--acquire-script"), acquire}, {"--acquire-script and --release-script"}},
        {{QStringLiteral("--release-script"), release}, {"--acquire-script and --release-script"}},
        {{QStringLiteral("--strategy"), QStringLiteral("custom")},
         {"--acquire-script and --release-script"}},
        {{QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua"),
          QStringLiteral("--acquire-script"), acquire, QStringLiteral("--release-script"), release},
         {"set-nx-px-lua", "one or the other"}},
        {{QStringLiteral("--acquire-script"), missing, QStringLiteral("--release-script"), release},
         {"nowhere.lua", "cannot read"}},
        {{QStringLiteral("--acquire-script"), acquire, QStringLiteral("--release-script"), missing},
         {"nowhere.lua", "cannot read"}},
        {{QStringLiteral("--acquire-script"), dir.path(), QStringLiteral("--release-script"),
          release},
         {"cannot read"}},
        {{QStringLiteral("--acquire-script"), broken, QStringLiteral("--release-script"), release},
         {"bad.lua:1:"}},
        // The server's own limit rules a live run; the option of simulate says so, not
        // "unknown option".
        {{QStringLiteral("--acquire-script"), acquire, QStringLiteral("--release-script"), release,
          QStringLiteral("--script-time-limit"), QStringLiteral("2s")},
         {"busy-reply-threshold", "SCRIPT KILL"}},
    };
    for (const auto &[args, needles] : cases) {
        const Run run =
            runCli(QStringList{QStringLiteral("bench"), QStringLiteral("--redis"), where} + args);
        VERIFY_REFUSED(run, needles.first());
        for (const char *needle : needles)
            QVERIFY2(run.err.contains(needle), run.describe().constData());
    }
    QCOMPARE(dbsize(m_server), 0);
}

QTEST_GUILESS_MAIN(TestLiveCli)
#include "test_live_cli.moc"
