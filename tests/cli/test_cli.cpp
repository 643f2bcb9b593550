// lockscope-cli as a user runs it: the real binary under QProcess. Every run has a timeout, so a
// hang fails the test instead of stalling the suite.
#include "cli_process.h"
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/cli/CMakeLists.txt)"
#endif

namespace {

constexpr int kTimeoutMs = 120000; // a whole compare run, on a loaded machine
constexpr int kBadInputMs = 10000; // bad input must be refused at once, before any run

// The stable ids of docs/lock-catalogue.md, in its order.
const QStringList kStrategies = {
    QStringLiteral("setnx-expire"),   QStringLiteral("setnx-getset"),
    QStringLiteral("set-nx-px-del"),  QStringLiteral("set-nx-px-get-del"),
    QStringLiteral("set-nx-px-lua"),  QStringLiteral("lua-setnx-pexpire"),
    QStringLiteral("reentrant-hash"), QStringLiteral("watchdog"),
    QStringLiteral("redlock"),        QStringLiteral("fenced"),
};
const QStringList kScenarios = {
    QStringLiteral("crash-mid-acquire"),
    QStringLiteral("pause-after-acquire"),
    QStringLiteral("pause-before-delete"),
    QStringLiteral("long-task"),
    QStringLiteral("client-clock-skew"),
    QStringLiteral("failover"),
    QStringLiteral("node-restart"),
    QStringLiteral("node-clock-jump"),
    QStringLiteral("pause-replies-in-flight"),
    QStringLiteral("lost-reply"),
    QStringLiteral("nested-acquire"),
    QStringLiteral("split-vote"),
    QStringLiteral("contention"),
};

const QByteArray kAcquireScript =
    QByteArrayLiteral("if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 "
                      "else return 0 end\n");
const QByteArray kReleaseScript =
    QByteArrayLiteral("if redis.call('get', KEYS[1]) == ARGV[1] then\n"
                      "    return redis.call('del', KEYS[1])\n"
                      "else\n"
                      "    return 0\n"
                      "end\n");
// A syntax error on line 3.
const QByteArray kBrokenScript =
    QByteArrayLiteral("-- my acquire\n"
                      "local ok = redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])\n"
                      "local x = = 1\n"
                      "if ok then return 1 else return 0 end\n");

using Run = lockscope::test::CliRun;

Run runCli(const QStringList &args, int timeoutMs = kTimeoutMs)
{
    return lockscope::test::runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, timeoutMs);
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList idsOf(const QJsonArray &list)
{
    QStringList ids;
    for (const auto &v : list)
        ids.append(v.toObject().value(QStringLiteral("id")).toString());
    return ids;
}

} // namespace

// Runs the CLI and fails the test (with what it printed) unless it finished in time with `code`.
#define RUN_CLI(result, args, code)                                                                \
    const Run result = runCli(args);                                                               \
    QVERIFY2(result.started, "lockscope-cli did not start");                                       \
    QVERIFY2(result.finished, "lockscope-cli did not finish in time");                             \
    QCOMPARE(result.status, QProcess::NormalExit);                                                 \
    QVERIFY2(result.exitCode == (code), result.describe().constData())

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void strategiesJson();
    void strategiesText();
    void helpNamesTheCommand_data();
    void helpNamesTheCommand();
    void helpCitesNothingTheUserLacks();
    void compareJsonNumbersAreRounded();
    void compareTableAlignsInChinese();
    void scenariosJson();
    void simulateJson();
    void simulateIsDeterministic();
    void simulateText();
    void eventsFile();
    void replaySummaryStartsWithItsHeader();
    void badInput_data();
    void badInput();
    void customScripts();
    void scriptFailsAtRunTime_data();
    void scriptFailsAtRunTime();
    void scriptErrorKeepsTheEvents();
    void guideGateRefusesAFailingScript();
    void guideGateNeedsJq();
    void noAcquisitionIsNoData();
    void compareJson();
    void demo();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QJsonObject simulateObject(const QStringList &args);

    QTemporaryDir m_dir;
};

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(QString::fromUtf8(LOCKSCOPE_CLI)), LOCKSCOPE_CLI);
    QVERIFY(writeFile(path(QStringLiteral("acquire.lua")), kAcquireScript));
    QVERIFY(writeFile(path(QStringLiteral("release.lua")), kReleaseScript));
    QVERIFY(writeFile(path(QStringLiteral("bad_acquire.lua")), kBrokenScript));
    // Scripts that compile but cannot be judged: each must end the run (exit 2), not count
    // as "busy" and give a run judged safe.
    QVERIFY(writeFile(path(QStringLiteral("rt.lua")), "local x=nil return x+1\n"));
    QVERIFY(writeFile(path(QStringLiteral("rt3.lua")),
                      "-- acquire\nlocal ok = redis.call('get', KEYS[1])\nreturn ok + 1\n"));
    QVERIFY(writeFile(path(QStringLiteral("sett.lua")),
                      "return redis.call('sett', KEYS[1], ARGV[1])\n"));
    QVERIFY(writeFile(path(QStringLiteral("table.lua")), "return {1, 2}\n"));
    QVERIFY(writeFile(path(QStringLiteral("hello.lua")), "return 'hello'\n"));
    QVERIFY(writeFile(path(QStringLiteral("release_error.lua")),
                      "redis.call('del', KEYS[1])\nerror('release failed')\n"));
    QVERIFY(writeFile(path(QStringLiteral("release_nil.lua")), "redis.call('del', KEYS[1])\n"));
    QVERIFY(writeFile(path(QStringLiteral("bad-scenario.json")),
                      QByteArrayLiteral("{\"id\": \"x\", \"ttl\": 5000}\n")));
    // Issue 12: a fault on a step no strategy has (line 4), and more clients than any run may
    // have (line 3).
    QVERIFY(
        writeFile(path(QStringLiteral("nope-step.json")),
                  QByteArrayLiteral(
                      "{\"id\": \"x\", \"clients\": 2,\n"
                      "  \"faults\": [{\"action\": \"pause\", \"client\": \"A\",\n"
                      "    \"duration_ms\": 5,\n"
                      "    \"trigger\": {\"client\": \"A\", \"step\": [\"release.nope\"]}}]}\n")));
    QVERIFY(writeFile(path(QStringLiteral("huge.json")),
                      QByteArrayLiteral("{\n  \"id\": \"x\",\n  \"clients\": 100000000\n}\n")));
}

void TestCli::strategiesJson()
{
    RUN_CLI(r, (QStringList{QStringLiteral("strategies"), QStringLiteral("--json")}), 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    QJsonParseError perr;
    const auto doc = QJsonDocument::fromJson(r.out, &perr);
    QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));
    QVERIFY(doc.isArray());
    QCOMPARE(idsOf(doc.array()), kStrategies);
    for (const auto &v : doc.array())
        QVERIFY(!v.toObject().value(QStringLiteral("title")).toString().isEmpty());
}

void TestCli::strategiesText()
{
    // Every strategy the same way under a header: how it locks, then its flaw ("flaw: ", the one
    // --json gives) or, for a correct one, its limits ("limits: ").
    RUN_CLI(json, (QStringList{QStringLiteral("strategies"), QStringLiteral("--json")}), 0);
    const QJsonArray list = QJsonDocument::fromJson(json.out).array();
    QCOMPARE(list.size(), kStrategies.size());
    RUN_CLI(r, QStringList{QStringLiteral("strategies")}, 0);
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 2 * kStrategies.size());
    QVERIFY2(lines[0].startsWith(QLatin1String("strategy ")), qPrintable(lines[0]));
    const QString indent(22, QLatin1Char(' '));
    for (qsizetype i = 0; i < kStrategies.size(); ++i) {
        const QJsonObject info = list[i].toObject();
        const QString &how = lines[1 + 2 * i];
        const QString &verdict = lines[2 + 2 * i];
        QVERIFY2(how.startsWith(kStrategies[i] + QLatin1Char(' ')), qPrintable(how));
        QVERIFY2(how.endsWith(info.value(QStringLiteral("summary")).toString()), qPrintable(how));
        if (info.value(QStringLiteral("correct")).toBool())
            QVERIFY2(verdict.startsWith(indent + QStringLiteral("limits: ")), qPrintable(verdict));
        else
            QCOMPARE(verdict, indent + QStringLiteral("flaw: ") +
                                  info.value(QStringLiteral("flaw")).toString());
    }
}

void TestCli::helpNamesTheCommand_data()
{
    QTest::addColumn<QString>("command");
    for (const char *c :
         {"strategies", "scenarios", "simulate", "compare", "demo", "bench", "monitor", "replay"})
        QTest::newRow(c) << QString::fromLatin1(c);
}

void TestCli::helpNamesTheCommand()
{
    QFETCH(QString, command);
    RUN_CLI(r, (QStringList{command, QStringLiteral("--help")}), 0);
    const QString firstLine = QString::fromUtf8(r.out).section(QLatin1Char('\n'), 0, 0);
    QVERIFY2(firstLine.startsWith(QStringLiteral("Usage: lockscope-cli %1 [options]").arg(command)),
             qPrintable(firstLine));
}

void TestCli::helpCitesNothingTheUserLacks()
{
    // "seed 001's experiment" meant an article in the authors' notes, which nobody else has.
    for (const char *command : {"--help", "bench"}) {
        QStringList args{QString::fromLatin1(command)};
        if (args.first() != QLatin1String("--help"))
            args << QStringLiteral("--help");
        RUN_CLI(r, args, 0);
        QVERIFY2(!r.out.toLower().contains("seed 0"), r.out.constData());
    }
}

void TestCli::compareJsonNumbersAreRounded()
{
    // Sums of milliseconds came out as 2.1932500000000004: at most three decimals now.
    RUN_CLI(r,
            (QStringList{QStringLiteral("compare"), QStringLiteral("--scenario"),
                         QStringLiteral("contention"), QStringLiteral("--seeds"),
                         QStringLiteral("2"), QStringLiteral("--json")}),
            0);
    static const QRegularExpression longFraction(QStringLiteral(R"(\d\.\d{4,})"));
    const auto m = longFraction.match(QString::fromUtf8(r.out));
    QVERIFY2(!m.hasMatch(), qPrintable(m.captured()));
    QVERIFY(QJsonDocument::fromJson(r.out).isObject());
}

void TestCli::compareTableAlignsInChinese()
{
    // A Chinese character takes two terminal columns: the header must be as wide as the rows.
    const auto columns = [](const QString &line) {
        int width = 0;
        for (const uint c : line.toUcs4())
            width += (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xFF00 && c <= 0xFF60) ? 2 : 1;
        return width;
    };
    RUN_CLI(r,
            (QStringList{QStringLiteral("compare"), QStringLiteral("--scenario"),
                         QStringLiteral("failover"), QStringLiteral("--seeds"), QStringLiteral("1"),
                         QStringLiteral("--lang"), QStringLiteral("zh_CN")}),
            0);
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // Title, header, one row per strategy, the verdict legend.
    QCOMPARE(lines.size(), 3 + kStrategies.size());
    const QString &header = lines[1];
    QVERIFY2(header.toUcs4().size() < columns(header), qPrintable(header)); // it is translated
    for (qsizetype i = 2; i < 2 + kStrategies.size(); ++i)
        QVERIFY2(columns(lines[i]) == columns(header),
                 qPrintable(QStringLiteral("%1 columns: %2\n%3 columns: %4")
                                .arg(columns(header))
                                .arg(header)
                                .arg(columns(lines[i]))
                                .arg(lines[i])));
}

void TestCli::scenariosJson()
{
    RUN_CLI(r, (QStringList{QStringLiteral("scenarios"), QStringLiteral("--json")}), 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const auto doc = QJsonDocument::fromJson(r.out);
    QVERIFY(doc.isArray());
    QCOMPARE(idsOf(doc.array()), kScenarios);
    for (const auto &v : doc.array()) {
        const auto o = v.toObject();
        QVERIFY(!o.value(QStringLiteral("title")).toString().isEmpty());
        QVERIFY(!o.value(QStringLiteral("summary")).toString().isEmpty());
    }
}

QJsonObject TestCli::simulateObject(const QStringList &args)
{
    const Run r = runCli(args);
    if (!r.finished || r.status != QProcess::NormalExit || r.exitCode != 0) {
        QTest::qFail(r.describe().constData(), __FILE__, __LINE__);
        return {};
    }
    QJsonParseError perr;
    const auto doc = QJsonDocument::fromJson(r.out, &perr); // the whole output: one object
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        QTest::qFail(QByteArray("not one JSON object: " + r.out.left(2000)).constData(), __FILE__,
                     __LINE__);
        return {};
    }
    return doc.object();
}

void TestCli::simulateJson()
{
    const QJsonObject o = simulateObject(
        {QStringLiteral("simulate"), QStringLiteral("--scenario"), QStringLiteral("contention"),
         QStringLiteral("--strategy"), QStringLiteral("set-nx-px-lua"), QStringLiteral("--json"),
         QStringLiteral("--clients"), QStringLiteral("10")});
    if (QTest::currentTestFailed())
        return;
    for (const char *field :
         {"strategy", "scenario", "seed", "acquisitions", "violations", "overlap_ms",
          "mistaken_deletions", "stuck_locks", "lost_updates", "stale_writes_rejected",
          "starved_clients", "commands", "sim_time_ms", "acquire_latency_ms"})
        QVERIFY2(o.contains(QLatin1String(field)), field);
    QCOMPARE(o.value(QStringLiteral("strategy")).toString(), QStringLiteral("set-nx-px-lua"));
    QCOMPARE(o.value(QStringLiteral("scenario")).toString(), QStringLiteral("contention"));
    QCOMPARE(o.value(QStringLiteral("seed")).toInteger(), qint64(1)); // the default
    // 10 clients x 10 cycles, one at a time.
    QCOMPARE(o.value(QStringLiteral("acquisitions")).toInteger(), qint64(100));
    QCOMPARE(o.value(QStringLiteral("lost_updates")).toInteger(), qint64(0));
    QCOMPARE(o.value(QStringLiteral("violations")).toInteger(), qint64(0));
    QCOMPARE(o.value(QStringLiteral("overlap_ms")).toDouble(), 0.0);
    QCOMPARE(o.value(QStringLiteral("mistaken_deletions")).toInteger(), qint64(0));
    QCOMPARE(o.value(QStringLiteral("stuck_locks")).toInteger(), qint64(0));
    QCOMPARE(o.value(QStringLiteral("starved_clients")).toInteger(), qint64(0));
    // At least one SET per acquisition and one release per acquisition.
    QVERIFY(o.value(QStringLiteral("commands")).toInteger() >= 200);
    QVERIFY(o.value(QStringLiteral("sim_time_ms")).toDouble() > 0);
    const auto latency = o.value(QStringLiteral("acquire_latency_ms")).toObject();
    QVERIFY(latency.value(QStringLiteral("p50")).isDouble());
    QVERIFY(latency.value(QStringLiteral("p99")).isDouble());
    QVERIFY(latency.value(QStringLiteral("p50")).toDouble() >= 0);
    QVERIFY(latency.value(QStringLiteral("p99")).toDouble() >=
            latency.value(QStringLiteral("p50")).toDouble());
}

void TestCli::simulateIsDeterministic()
{
    const QStringList args = {QStringLiteral("simulate"),      QStringLiteral("--scenario"),
                              QStringLiteral("contention"),    QStringLiteral("--strategy"),
                              QStringLiteral("set-nx-px-lua"), QStringLiteral("--json"),
                              QStringLiteral("--clients"),     QStringLiteral("10")};
    RUN_CLI(first, args, 0);
    RUN_CLI(second, args, 0);
    QVERIFY(!first.out.isEmpty());
    QCOMPARE(second.out, first.out);
}

void TestCli::simulateText()
{
    RUN_CLI(r,
            (QStringList{QStringLiteral("simulate"), QStringLiteral("--scenario"),
                         QStringLiteral("pause-before-delete"), QStringLiteral("--strategy"),
                         QStringLiteral("set-nx-px-get-del")}),
            0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    QVERIFY(r.out.contains("pause-before-delete"));
    QVERIFY(r.out.contains("set-nx-px-get-del"));
    QVERIFY(r.out.contains("mistaken deletions"));
}

void TestCli::replaySummaryStartsWithItsHeader()
{
    // --summary printed a blank line first, meant to separate the events it does not print.
    const QString log = path(QStringLiteral("summary.jsonl"));
    RUN_CLI(sim,
            (QStringList{QStringLiteral("simulate"), QStringLiteral("--scenario"),
                         QStringLiteral("pause-before-delete"), QStringLiteral("--strategy"),
                         QStringLiteral("set-nx-px-get-del"), QStringLiteral("--events"), log}),
            0);
    RUN_CLI(r, (QStringList{QStringLiteral("replay"), log, QStringLiteral("--summary")}), 0);
    QVERIFY2(r.out.startsWith("simulation log: scenario pause-before-delete, strategy "
                              "set-nx-px-get-del, seed 1, "),
             r.out.constData());
    RUN_CLI(full, (QStringList{QStringLiteral("replay"), log}), 0);
    QVERIFY2(full.out.contains("\n\nsimulation log: scenario pause-before-delete"),
             full.out.right(2000).constData());
}

void TestCli::eventsFile()
{
    const QString first = path(QStringLiteral("first.jsonl"));
    const QString second = path(QStringLiteral("second.jsonl"));
    auto args = [](const QString &file) {
        return QStringList{QStringLiteral("simulate"),
                           QStringLiteral("--scenario"),
                           QStringLiteral("contention"),
                           QStringLiteral("--strategy"),
                           QStringLiteral("set-nx-px-lua"),
                           QStringLiteral("--clients"),
                           QStringLiteral("10"),
                           QStringLiteral("--json"),
                           QStringLiteral("--events"),
                           file};
    };
    RUN_CLI(a, args(first), 0);
    RUN_CLI(b, args(second), 0);
    const QByteArray bytes = readFile(first);
    QVERIFY(!bytes.isEmpty());
    QVERIFY(bytes == readFile(second)); // not QCOMPARE: a mismatch would print megabytes

    const auto lines = bytes.split('\n');
    QVERIFY(lines.size() > 100);
    QVERIFY(lines.last().isEmpty()); // the file ends with a newline
    const auto header = QJsonDocument::fromJson(lines.first()).object();
    QCOMPARE(header.value(QStringLiteral("lockscope_log")).toInt(), 1);
    QCOMPARE(header.value(QStringLiteral("scenario")).toString(), QStringLiteral("contention"));
    QCOMPARE(header.value(QStringLiteral("strategy")).toString(), QStringLiteral("set-nx-px-lua"));
    QCOMPARE(header.value(QStringLiteral("clients")).toArray().size(), qsizetype(10));
    qint64 acquired = 0, previousTime = -1;
    for (qsizetype i = 1; i + 1 < lines.size(); ++i) {
        QJsonParseError perr;
        const auto doc = QJsonDocument::fromJson(lines[i], &perr);
        QVERIFY2(perr.error == QJsonParseError::NoError && doc.isObject(),
                 qPrintable(QStringLiteral("line %1: %2").arg(i + 1).arg(perr.errorString())));
        const auto o = doc.object();
        QVERIFY(o.value(QStringLiteral("t_us")).isDouble());
        QVERIFY(!o.value(QStringLiteral("kind")).toString().isEmpty());
        const qint64 t = o.value(QStringLiteral("t_us")).toInteger();
        QVERIFY2(t >= previousTime,
                 qPrintable(QStringLiteral("line %1 goes back in time").arg(i + 1)));
        previousTime = t;
        if (o.value(QStringLiteral("kind")).toString() == QLatin1String("acquired"))
            ++acquired;
    }
    // The log and the report agree: 100 acquisitions (10 clients x 10 cycles).
    QCOMPARE(acquired, qint64(100));
    const auto report = QJsonDocument::fromJson(a.out).object();
    QCOMPARE(report.value(QStringLiteral("acquisitions")).toInteger(), acquired);
}

void TestCli::badInput_data()
{
    QTest::addColumn<QStringList>("args"); // %DIR% is the test's temporary directory
    QTest::addColumn<QStringList>("fragments");

    const QString sim = QStringLiteral("simulate");
    const QString scenario = QStringLiteral("--scenario");
    const QString strategy = QStringLiteral("--strategy");
    const QString contention = QStringLiteral("contention");
    const QString lua = QStringLiteral("set-nx-px-lua");
    auto l = [](std::initializer_list<const char *> list) {
        QStringList out;
        for (const char *s : list)
            out.append(QString::fromUtf8(s));
        return out;
    };
    const QStringList base{sim, scenario, contention, strategy, lua};

    QTest::newRow("unknown strategy")
        << QStringList{sim, scenario, contention, strategy, QStringLiteral("no-such-lock")}
        << l({"no-such-lock"});
    QTest::newRow("unknown scenario")
        << QStringList{sim, scenario, QStringLiteral("no-such-story"), strategy, lua}
        << l({"no-such-story"});
    QTest::newRow("missing scenario file")
        << QStringList{sim, scenario, QStringLiteral("%DIR%/missing-scenario.json"), strategy, lua}
        << l({"missing-scenario.json"});
    QTest::newRow("malformed scenario file")
        << QStringList{sim, scenario, QStringLiteral("%DIR%/bad-scenario.json"), strategy, lua}
        << l({"bad-scenario.json", "\"ttl\""});
    QTest::newRow("negative clients")
        << base + QStringList{QStringLiteral("--clients"), QStringLiteral("-3")}
        << l({"--clients", "-3"});
    QTest::newRow("zero clients") << base + QStringList{QStringLiteral("--clients"),
                                                        QStringLiteral("0")}
                                  << l({"--clients"});
    QTest::newRow("seed not a number")
        << base + QStringList{QStringLiteral("--seed"), QStringLiteral("abc")}
        << l({"--seed", "abc"});
    QTest::newRow("negative seed")
        << base + QStringList{QStringLiteral("--seed"), QStringLiteral("-1")} << l({"--seed"});
    QTest::newRow("bad wait mode")
        << base + QStringList{QStringLiteral("--wait"), QStringLiteral("foo")}
        << l({"--wait", "foo"});
    QTest::newRow("acquire script alone")
        << QStringList{sim, scenario, contention, QStringLiteral("--acquire-script"),
                       QStringLiteral("%DIR%/acquire.lua")}
        << l({"--release-script"});
    QTest::newRow("release script alone")
        << QStringList{sim, scenario, contention, QStringLiteral("--release-script"),
                       QStringLiteral("%DIR%/release.lua")}
        << l({"--acquire-script"});
    QTest::newRow("custom script missing") << QStringList{sim,
                                                          scenario,
                                                          contention,
                                                          QStringLiteral("--acquire-script"),
                                                          QStringLiteral("%DIR%/nope.lua"),
                                                          QStringLiteral("--release-script"),
                                                          QStringLiteral("%DIR%/release.lua")}
                                           << l({"nope.lua"});
    QTest::newRow("custom release missing") << QStringList{sim,
                                                           scenario,
                                                           contention,
                                                           QStringLiteral("--acquire-script"),
                                                           QStringLiteral("%DIR%/acquire.lua"),
                                                           QStringLiteral("--release-script"),
                                                           QStringLiteral("%DIR%/gone.lua")}
                                            << l({"gone.lua"});
    QTest::newRow("custom script with a Lua syntax error")
        << QStringList{sim,
                       scenario,
                       contention,
                       QStringLiteral("--acquire-script"),
                       QStringLiteral("%DIR%/bad_acquire.lua"),
                       QStringLiteral("--release-script"),
                       QStringLiteral("%DIR%/release.lua")}
        << l({"bad_acquire.lua:3:"});
    QTest::newRow("unwritable events file")
        << base + QStringList{QStringLiteral("--events"), QStringLiteral("/proc/forbidden/x.jsonl")}
        << l({"/proc/forbidden/x.jsonl"});
    QTest::newRow("no command") << QStringList{} << l({"no command"});
    QTest::newRow("unknown command")
        << QStringList{QStringLiteral("frobnicate")} << l({"frobnicate"});
    QTest::newRow("unknown option")
        << base + QStringList{QStringLiteral("--frobnicate")} << l({"frobnicate"});
    QTest::newRow("option without its value")
        << QStringList{sim, strategy, lua, scenario} << l({"scenario"});
    QTest::newRow("simulate without a scenario")
        << QStringList{sim, strategy, lua} << l({"--scenario"});
    QTest::newRow("simulate without a strategy")
        << QStringList{sim, scenario, contention} << l({"--strategy"});
    QTest::newRow("stray argument")
        << QStringList{QStringLiteral("strategies"), QStringLiteral("extra")} << l({"extra"});
    QTest::newRow("compare with zero seeds")
        << QStringList{QStringLiteral("compare"), scenario, contention, QStringLiteral("--seeds"),
                       QStringLiteral("0")}
        << l({"--seeds"});
    QTest::newRow("compare an unknown scenario")
        << QStringList{QStringLiteral("compare"), scenario, QStringLiteral("no-such-story")}
        << l({"no-such-story"});
    // Issue 12: what used to be accepted and then silently changed or ignored.
    QTest::newRow("--clients leaves out the skewed client B")
        << QStringList{sim,
                       scenario,
                       QStringLiteral("client-clock-skew"),
                       strategy,
                       QStringLiteral("setnx-getset"),
                       QStringLiteral("--clients"),
                       QStringLiteral("1")}
        << l({"--clients", "client-clock-skew", "B"});
    QTest::newRow("--clients past the shared cap") << QStringList{sim,
                                                                  scenario,
                                                                  contention,
                                                                  strategy,
                                                                  lua,
                                                                  QStringLiteral("--clients"),
                                                                  QStringLiteral("32768")}
                                                   << l({"--clients", "32767", "32768"});
    QTest::newRow("fault on a step no strategy has")
        << QStringList{sim, scenario, QStringLiteral("%DIR%/nope-step.json"), strategy, lua}
        << l({"nope-step.json:4: ", "faults[0].trigger.step", "\"release.nope\""});
    QTest::newRow("a hundred million clients in a file")
        << QStringList{sim, scenario, QStringLiteral("%DIR%/huge.json"), strategy, lua}
        << l({"huge.json:3: ", "clients", "32767", "100000000"});
    QTest::newRow("compare with a hundred million seeds")
        << QStringList{QStringLiteral("compare"), scenario, contention, QStringLiteral("--seeds"),
                       QStringLiteral("100000000")}
        << l({"--seeds", "100000", "100000000"});
    QTest::newRow("a run bigger than the machine")
        << QStringList{sim,
                       scenario,
                       contention,
                       strategy,
                       lua,
                       QStringLiteral("--clients"),
                       QStringLiteral("32767"),
                       QStringLiteral("--duration"),
                       QStringLiteral("86400000"),
                       QStringLiteral("--events"),
                       QStringLiteral("%DIR%/huge.jsonl")}
        << l({"memory", "TB"});
    QTest::newRow("demo of an unknown strategy")
        << QStringList{QStringLiteral("demo"), QStringLiteral("--strategies"),
                       QStringLiteral("set-nx-px-lua,nope")}
        << l({"\"nope\""});
}

void TestCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, fragments);

    for (auto &a : args)
        a.replace(QLatin1String("%DIR%"), m_dir.path());
    const Run r = runCli(args, kTimeoutMs);
    QVERIFY2(r.started, "lockscope-cli did not start");
    QVERIFY2(r.finished, "lockscope-cli did not finish in time");
    QCOMPARE(r.status, QProcess::NormalExit);
    QVERIFY2(r.exitCode == 2, r.describe().constData());
    QVERIFY2(r.out.isEmpty(), r.out.left(2000).constData());
    // Exactly one line on stderr.
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
    QVERIFY(r.err.size() > 20);
    const QString message = QString::fromUtf8(r.err);
    for (const auto &fragment : fragments)
        QVERIFY2(message.contains(fragment),
                 qPrintable(QStringLiteral("\"%1\" not in: %2").arg(fragment, message)));
    QVERIFY2(r.elapsedMs < kBadInputMs,
             qPrintable(QStringLiteral("took %1 ms to refuse bad input").arg(r.elapsedMs)));
}

void TestCli::customScripts()
{
    const QJsonObject o = simulateObject(
        {QStringLiteral("simulate"), QStringLiteral("--scenario"), QStringLiteral("contention"),
         QStringLiteral("--clients"), QStringLiteral("5"), QStringLiteral("--acquire-script"),
         path(QStringLiteral("acquire.lua")), QStringLiteral("--release-script"),
         path(QStringLiteral("release.lua")), QStringLiteral("--json")});
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(o.value(QStringLiteral("strategy")).toString(), QStringLiteral("custom"));
    QCOMPARE(o.value(QStringLiteral("acquisitions")).toInteger(), qint64(50)); // 5 x 10 cycles
    QCOMPARE(o.value(QStringLiteral("lost_updates")).toInteger(), qint64(0));
    QCOMPARE(o.value(QStringLiteral("violations")).toInteger(), qint64(0));
    QCOMPARE(o.value(QStringLiteral("mistaken_deletions")).toInteger(), qint64(0));
}

void TestCli::scriptFailsAtRunTime_data()
{
    QTest::addColumn<QString>("acquire");
    QTest::addColumn<QString>("release");
    QTest::addColumn<QStringList>("fragments"); // all in the one line on stderr

    QTest::newRow("Lua error in acquire")
        << "rt.lua"
        << "release.lua" << QStringList{QStringLiteral("rt.lua:1:"), QStringLiteral("arithmetic")};
    QTest::newRow("Lua error on line 3")
        << "rt3.lua"
        << "release.lua" << QStringList{QStringLiteral("rt3.lua:3:"), QStringLiteral("arithmetic")};
    QTest::newRow("unknown command")
        << "sett.lua"
        << "release.lua" << QStringList{QStringLiteral("sett.lua:1:"), QStringLiteral("nknown")};
    QTest::newRow("acquire returns a table")
        << "table.lua"
        << "release.lua" << QStringList{QStringLiteral("table.lua"), QStringLiteral("convention")};
    QTest::newRow("acquire returns a string")
        << "hello.lua"
        << "release.lua"
        << QStringList{QStringLiteral("hello.lua"), QStringLiteral("hello"),
                       QStringLiteral("convention")};
    QTest::newRow("release always errors")
        << "acquire.lua"
        << "release_error.lua"
        << QStringList{QStringLiteral("release_error.lua:2:"), QStringLiteral("release failed")};
    QTest::newRow("release returns nil")
        << "acquire.lua"
        << "release_nil.lua"
        << QStringList{QStringLiteral("release_nil.lua"), QStringLiteral("nil"),
                       QStringLiteral("convention")};
}

// simulate (text and JSON) and compare end on one line naming the file, the Lua line and the
// error, exit 2, like a syntax error: never "acquisitions 0 ... verdict: safe in this run".
void TestCli::scriptFailsAtRunTime()
{
    QFETCH(QString, acquire);
    QFETCH(QString, release);
    QFETCH(QStringList, fragments);
    const QStringList scripts = {QStringLiteral("--acquire-script"), path(acquire),
                                 QStringLiteral("--release-script"), path(release)};
    const QList<QStringList> commands = {
        QStringList{QStringLiteral("simulate"), QStringLiteral("--scenario"),
                    QStringLiteral("long-task")} +
            scripts,
        QStringList{QStringLiteral("simulate"), QStringLiteral("--scenario"),
                    QStringLiteral("long-task"), QStringLiteral("--json")} +
            scripts,
        QStringList{QStringLiteral("compare"), QStringLiteral("--scenario"),
                    QStringLiteral("long-task"), QStringLiteral("--seeds"), QStringLiteral("2")} +
            scripts,
    };
    for (const QStringList &args : commands) {
        const Run r = runCli(args);
        QVERIFY2(r.finished && r.exitCode == 2, r.describe().constData());
        QVERIFY2(r.out.isEmpty(), r.out.left(2000).constData());
        QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
        const QString message = QString::fromUtf8(r.err);
        for (const auto &fragment : fragments)
            QVERIFY2(
                message.contains(fragment),
                qPrintable(
                    QStringLiteral("%1: \"%2\" not in: %3").arg(args.first(), fragment, message)));
    }
}

void TestCli::scriptErrorKeepsTheEvents()
{
    // The events up to the error are written: they show the failing script call.
    const QString events = path(QStringLiteral("rt-events.jsonl"));
    const Run r = runCli({QStringLiteral("simulate"), QStringLiteral("--scenario"),
                          QStringLiteral("long-task"), QStringLiteral("--acquire-script"),
                          path(QStringLiteral("rt.lua")), QStringLiteral("--release-script"),
                          path(QStringLiteral("release.lua")), QStringLiteral("--events"), events});
    QVERIFY2(r.finished && r.exitCode == 2, r.describe().constData());
    QFile file(events);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray log = file.readAll();
    QVERIFY2(log.contains("arithmetic"), log.left(2000).constData());
}

// The guide's CI gate (docs/guide/examples/check-lock-scripts.sh) stops on a script that fails
// at run time, with lockscope-cli's message and exit code 2, instead of printing "ok".
void TestCli::guideGateRefusesAFailingScript()
{
    if (QStandardPaths::findExecutable(QStringLiteral("jq")).isEmpty())
        QFAIL("the guide's gate needs jq (Debian package jq), which is not installed");
    QProcess gate;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LOCKSCOPE_CLI"), QString::fromUtf8(LOCKSCOPE_CLI));
    env.insert(QStringLiteral("SEEDS"), QStringLiteral("1"));
    gate.setProcessEnvironment(env);
    gate.start(QStringLiteral("bash"),
               {QStringLiteral(LOCKSCOPE_GUIDE_EXAMPLES "/check-lock-scripts.sh"),
                path(QStringLiteral("rt.lua")), path(QStringLiteral("release.lua"))});
    QVERIFY(gate.waitForFinished(kTimeoutMs));
    const QByteArray out = gate.readAllStandardOutput();
    const QByteArray err = gate.readAllStandardError();
    QVERIFY2(gate.exitCode() == 2, QByteArray(out + err).constData());
    QVERIFY2(!out.contains("ok"), out.constData());
    QVERIFY2(err.contains("rt.lua:1:"), err.constData());
}

// Without jq the gate used to judge nothing (its scenario list came out empty) and print "ok":
// it must refuse instead. PATH holds only bash here, so jq cannot be found.
void TestCli::guideGateNeedsJq()
{
    const QString bin = path(QStringLiteral("bin-without-jq"));
    QVERIFY(QDir().mkpath(bin));
    QFile::remove(bin + QStringLiteral("/bash"));
    QVERIFY(QFile::link(QStandardPaths::findExecutable(QStringLiteral("bash")),
                        bin + QStringLiteral("/bash")));
    QProcess gate;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), bin);
    env.insert(QStringLiteral("LOCKSCOPE_CLI"), QString::fromUtf8(LOCKSCOPE_CLI));
    gate.setProcessEnvironment(env);
    gate.start(bin + QStringLiteral("/bash"),
               {QStringLiteral(LOCKSCOPE_GUIDE_EXAMPLES "/check-lock-scripts.sh"),
                path(QStringLiteral("release.lua")), path(QStringLiteral("release.lua"))});
    QVERIFY(gate.waitForFinished(kTimeoutMs));
    const QByteArray out = gate.readAllStandardOutput();
    const QByteArray err = gate.readAllStandardError();
    QVERIFY2(gate.exitCode() == 2, QByteArray(out + err).constData());
    QVERIFY2(!out.contains("ok"), out.constData());
    QVERIFY2(err.contains("needs jq"), err.constData());
}

// A run in which nobody ever acquired has no latency, no cost per acquisition and no
// fairness: "—" in the text, null in the JSON, never 0 ms, 0.0 and 1.000.
void TestCli::noAcquisitionIsNoData()
{
    // The busy acquire script (returns 0 or nil, within the convention): nobody ever gets in.
    QVERIFY(writeFile(path(QStringLiteral("never.lua")), "return 0\n"));
    const QStringList args = {
        QStringLiteral("simulate"),         QStringLiteral("--scenario"),
        QStringLiteral("long-task"),        QStringLiteral("--acquire-script"),
        path(QStringLiteral("never.lua")),  QStringLiteral("--release-script"),
        path(QStringLiteral("release.lua"))};
    RUN_CLI(text, args, 0);
    const QString out = QString::fromUtf8(text.out);
    QVERIFY2(out.contains(QStringLiteral("acquisitions           0")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("p50 \u2014, p99 \u2014")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("commands/acquisition   \u2014")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("fairness (Jain)        \u2014")), qPrintable(out));
    // Both clients starved: a liveness loss, not "safe".
    QVERIFY2(out.contains(QStringLiteral("verdict: liveness loss")), qPrintable(out));

    const QJsonObject o = simulateObject(args + QStringList{QStringLiteral("--json")});
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(o.value(QStringLiteral("acquisitions")).toInteger(), qint64(0));
    QVERIFY(o.value(QStringLiteral("commands")).toInteger() > 0);
    QVERIFY(o.value(QStringLiteral("commands_per_acquisition")).isNull());
    QVERIFY(o.value(QStringLiteral("fairness")).isNull());
    const auto latency = o.value(QStringLiteral("acquire_latency_ms")).toObject();
    QVERIFY(latency.value(QStringLiteral("p50")).isNull());
    QVERIFY(latency.value(QStringLiteral("p99")).isNull());
    QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("liveness-loss"));

    // compare: the custom row's p99 is null in JSON, empty in CSV, "—" in the table.
    const QStringList compare = {QStringLiteral("compare"),
                                 QStringLiteral("--scenario"),
                                 QStringLiteral("long-task"),
                                 QStringLiteral("--seeds"),
                                 QStringLiteral("2"),
                                 QStringLiteral("--acquire-script"),
                                 path(QStringLiteral("never.lua")),
                                 QStringLiteral("--release-script"),
                                 path(QStringLiteral("release.lua"))};
    RUN_CLI(csv, compare + QStringList{QStringLiteral("--csv")}, 0);
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    const QList<QByteArray> header = lines.first().split(',');
    const qsizetype p99 = header.indexOf("latency_p99_ms");
    QVERIFY(p99 > 0);
    QCOMPARE(lines.last().split(',').value(1), QByteArray("custom"));
    QCOMPARE(lines.last().split(',').value(p99), QByteArray());
    QCOMPARE(lines.last().split(',').value(2), QByteArray("liveness-loss"));
    RUN_CLI(json, compare + QStringList{QStringLiteral("--json")}, 0);
    const auto rows =
        QJsonDocument::fromJson(json.out).object().value(QStringLiteral("strategies")).toArray();
    const auto custom = rows.last().toObject();
    QCOMPARE(custom.value(QStringLiteral("strategy")).toString(), QStringLiteral("custom"));
    QVERIFY(custom.value(QStringLiteral("fairness")).isNull());
    QVERIFY(custom.value(QStringLiteral("acquire_latency_ms"))
                .toObject()
                .value(QStringLiteral("p99"))
                .isNull());
}

void TestCli::compareJson()
{
    RUN_CLI(r,
            (QStringList{QStringLiteral("compare"), QStringLiteral("--scenario"),
                         QStringLiteral("pause-before-delete"), QStringLiteral("--seeds"),
                         QStringLiteral("3"), QStringLiteral("--json")}),
            0);
    QJsonParseError perr;
    const auto doc = QJsonDocument::fromJson(r.out, &perr);
    QVERIFY2(perr.error == QJsonParseError::NoError && doc.isObject(),
             r.out.left(2000).constData());
    const auto o = doc.object();
    QCOMPARE(o.value(QStringLiteral("scenario")).toString(), QStringLiteral("pause-before-delete"));
    QCOMPARE(o.value(QStringLiteral("seeds")).toInt(), 3);
    const auto rows = o.value(QStringLiteral("strategies")).toArray();
    QStringList strategies;
    QHash<QString, QJsonObject> byId;
    for (const auto &v : rows) {
        const auto row = v.toObject();
        const QString id = row.value(QStringLiteral("strategy")).toString();
        strategies.append(id);
        byId.insert(id, row);
        QVERIFY2(row.value(QStringLiteral("runs")).toInt() == 3, qPrintable(id));
        QCOMPARE(row.value(QStringLiteral("scenario")).toString(),
                 QStringLiteral("pause-before-delete"));
    }
    QCOMPARE(strategies, kStrategies); // one row per strategy
    // A's DEL, after its GET saw its own token, removes B's lock in every run...
    QCOMPARE(byId.value(QStringLiteral("set-nx-px-get-del"))
                 .value(QStringLiteral("runs_with_violation"))
                 .toInt(),
             3);
    // ...while compare-and-delete in one script cannot be interleaved.
    QCOMPARE(byId.value(QStringLiteral("set-nx-px-lua"))
                 .value(QStringLiteral("runs_with_violation"))
                 .toInt(),
             0);
}

void TestCli::demo()
{
    RUN_CLI(r, QStringList{QStringLiteral("demo")}, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    QVERIFY(r.out.contains("set-nx-px-get-del"));
    QVERIFY(r.out.contains("set-nx-px-lua"));
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
