// `lockscope-cli monitor` and `lockscope-cli replay` as a user runs them: the real binary under
// QProcess against real redis-server processes, every run bounded by a timeout.
#include "cli_process.h"
#include "monitor_test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <csignal>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/monitor/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

using Run = lockscope::test::CliRun;

Run runCli(const QStringList &args, int timeoutMs = 20000)
{
    return lockscope::test::runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, timeoutMs);
}

QList<QJsonObject> jsonLines(const QByteArray &text)
{
    QList<QJsonObject> out;
    for (const QByteArray &line : text.split('\n')) {
        if (!line.trimmed().isEmpty())
            out.append(QJsonDocument::fromJson(line).object());
    }
    return out;
}

} // namespace

class TestMonitorCli : public QObject {
    Q_OBJECT
private slots:
    void onceJson();
    void onceText();
    void followRecordReplay();
    void followEndsOnCtrlC();
    void readOnlyAndEnablingNotifications();
    void errors_data();
    void errors();
};

void TestMonitorCli::onceJson()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:py", "55fd200007b211ef92340242ac110002", "PX", "20000"}));
    c.command(cmd({"HSET", "orders-lock", "8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:1", "2"}));
    c.command(cmd({"PEXPIRE", "orders-lock", "30000"}));
    c.command(cmd({"RPUSH", "redisson_lock_queue:{orders-lock}", "w1", "w2", "w3"}));
    c.command(cmd({"SET", "lock:stuck", "someone"}));
    c.command(cmd({"SET", "other", "x"}));

    const Run r = runCli({QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                          QStringLiteral("--once"), QStringLiteral("--json"),
                          QStringLiteral("--count"), QStringLiteral("1")});
    QVERIFY2(r.finished && r.exitCode == 0, r.describe().constData());
    const QList<QJsonObject> keys = jsonLines(r.out);
    QCOMPARE(keys.size(), 4); // JSON Lines: one object per key, sorted by key
    QStringList names;
    for (const QJsonObject &o : keys) {
        names << o.value(QStringLiteral("key")).toString();
        for (const char *field :
             {"key", "type", "ttl_ms", "format", "owner", "hold_count", "waiters", "anomalies"})
            QVERIFY2(o.contains(QLatin1String(field)), field);
    }
    QCOMPARE(names, strings({"lock:py", "lock:stuck", "orders-lock",
                             "redisson_lock_queue:{orders-lock}"}));
    const QJsonObject py = keys[0];
    QCOMPARE(py.value(QStringLiteral("format")).toString(), QStringLiteral("redis-py"));
    QCOMPARE(py.value(QStringLiteral("owner")).toString(),
             QStringLiteral("55fd200007b211ef92340242ac110002"));
    QCOMPARE(py.value(QStringLiteral("type")).toString(), QStringLiteral("string"));
    const qint64 ttl = py.value(QStringLiteral("ttl_ms")).toInteger();
    QVERIFY2(ttl > 15000 && ttl <= 20000, qPrintable(QString::number(ttl)));
    const QJsonObject stuck = keys[1];
    QCOMPARE(stuck.value(QStringLiteral("ttl_ms")).toInteger(), qint64(-1));
    QCOMPARE(stuck.value(QStringLiteral("anomalies")).toArray(),
             QJsonArray{QStringLiteral("no-ttl")});
    const QJsonObject redisson = keys[2];
    QCOMPARE(redisson.value(QStringLiteral("format")).toString(),
             QStringLiteral("redisson-fair-lock"));
    QCOMPARE(redisson.value(QStringLiteral("hold_count")).toInteger(), qint64(2));
    QCOMPARE(redisson.value(QStringLiteral("waiters")).toInteger(), qint64(3));

    const Run only =
        runCli({QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                QStringLiteral("--pattern"), QStringLiteral("lock:*"), QStringLiteral("--json")});
    QVERIFY2(only.exitCode == 0, only.describe().constData());
    QCOMPARE(jsonLines(only.out).size(), 2);

    // Reads held back to one command in flight at a time (each is longer than 64 bytes, and
    // one always goes): the same snapshot, every typed read's later rounds included.
    const Run gentle =
        runCli({QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                QStringLiteral("--json"), QStringLiteral("--max-in-flight"), QStringLiteral("64")});
    QVERIFY2(gentle.finished && gentle.exitCode == 0, gentle.describe().constData());
    const QList<QJsonObject> same = jsonLines(gentle.out);
    QCOMPARE(same.size(), keys.size());
    for (qsizetype i = 0; i < keys.size(); ++i) {
        for (const char *field : {"key", "type", "format", "owner", "hold_count", "waiters"})
            QCOMPARE(same[i].value(QLatin1String(field)), keys[i].value(QLatin1String(field)));
    }
}

void TestMonitorCli::onceText()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:a", "A:1:0badc0de", "PX", "20000"}));
    c.command(cmd({"SET", "lock:stuck", "someone"}));
    const Run r = runCli({QStringLiteral("monitor"), QStringLiteral("--redis"), address(server)});
    QVERIFY2(r.finished && r.exitCode == 0, r.describe().constData());
    QVERIFY(r.out.contains("lock:a"));
    QVERIFY(r.out.contains("lockscope"));
    QVERIFY(r.out.contains("no-ttl:lock:stuck: lock:stuck has no TTL"));
    QVERIFY(r.out.contains("2 keys"));
    QVERIFY(r.err.isEmpty());
}

void TestMonitorCli::followRecordReplay()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kg$hx")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    QProcess p;
    p.start(QString::fromUtf8(LOCKSCOPE_CLI),
            {QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
             QStringLiteral("--follow"), QStringLiteral("--duration"), QStringLiteral("3500"),
             QStringLiteral("--json"), QStringLiteral("--record"), file});
    QVERIFY(p.waitForStarted(5000));
    QByteArray err;
    QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError()).contains("watching"), 5000);

    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:f", "tokF", "NX", "PX", "5000"}));
    QTest::qWait(200);
    c.command(cmd({"PEXPIRE", "lock:f", "9000"}));
    QTest::qWait(200);
    c.command(cmd({"DEL", "lock:f"}));
    c.command(cmd({"SET", "lock:g", "tokG", "NX", "PX", "300"}));
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 0);

    // The stream: the event log's own JSON Lines.
    QStringList kinds;
    for (const QJsonObject &o : jsonLines(p.readAllStandardOutput())) {
        const QString who = o.value(QStringLiteral("client")).toString() +
                            o.value(QStringLiteral("owner")).toString();
        kinds << o.value(QStringLiteral("kind")).toString() + QLatin1Char('(') +
                     o.value(QStringLiteral("key")).toString() + QLatin1Char(' ') + who +
                     QLatin1Char(')');
    }
    QCOMPARE(kinds, strings({"key_written(lock:f tokF)", "acquired(lock:f tokF)",
                             "key_ttl_changed(lock:f tokF)", "renewed(lock:f tokF)",
                             "key_deleted(lock:f tokF)", "released(lock:f tokF)",
                             "key_written(lock:g tokG)", "acquired(lock:g tokG)",
                             "key_expired(lock:g tokG)", "note(lock:g tokG)"}));

    const Run text = runCli({QStringLiteral("replay"), file});
    QVERIFY2(text.exitCode == 0, text.describe().constData());
    QVERIFY2(text.out.contains("tokF holds lock:f"), text.out.constData());
    QVERIFY(text.out.contains("tokF renewed lock:f"));
    QVERIFY(text.out.contains("lock:f deleted: tokF released it"));
    QVERIFY(text.out.contains("lock:g expired while tokG held it"));
    QVERIFY(text.out.contains(QByteArray("monitor recording of " + address(server).toUtf8())));
    QVERIFY(text.out.contains("violations             0"));

    const Run json = runCli({QStringLiteral("replay"), file, QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, json.describe().constData());
    const QList<QJsonObject> lines = jsonLines(json.out);
    QCOMPARE(lines.size(), 11); // ten events and the summary
    const QJsonObject summary = lines.last().value(QStringLiteral("summary")).toObject();
    const QJsonObject m = summary.value(QStringLiteral("monitor")).toObject();
    QCOMPARE(m.value(QStringLiteral("acquisitions")).toInteger(), qint64(2));
    QCOMPARE(m.value(QStringLiteral("releases")).toInteger(), qint64(1));
    QCOMPARE(m.value(QStringLiteral("expiries")).toInteger(), qint64(1));
    QCOMPARE(m.value(QStringLiteral("renewals")).toInteger(), qint64(1));
    QCOMPARE(m.value(QStringLiteral("anomalies")).toInteger(), qint64(1)); // lock:g's expiry
    // The lease rhythm: lock:f renewed with most of its 5 s lease left (about 4.8 s) and
    // released; lock:g's lease ran out.
    const QJsonObject leases = summary.value(QStringLiteral("leases")).toObject();
    const QJsonArray found = leases.value(QStringLiteral("findings")).toArray();
    QCOMPARE(found.size(), 1);
    QCOMPARE(found[0][QStringLiteral("id")].toString(), QStringLiteral("expired-not-released"));
    QCOMPARE(found[0][QStringLiteral("key")].toString(), QStringLiteral("lock:g"));
    QCOMPARE(found[0][QStringLiteral("owner")].toString(), QStringLiteral("tokG"));
    QCOMPARE(summary.value(QStringLiteral("checker"))
                 .toObject()
                 .value(QStringLiteral("acquisitions"))
                 .toInteger(),
             qint64(2));

    const Run one = runCli({QStringLiteral("replay"), file, QStringLiteral("--key"),
                            QStringLiteral("lock:g"), QStringLiteral("--json")});
    QCOMPARE(jsonLines(one.out).size(), 5); // four events of lock:g and the summary
}

void TestMonitorCli::followEndsOnCtrlC()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Kg$hx")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:c", "tokC", "PX", "60000"}));
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    QProcess p;
    p.start(QString::fromUtf8(LOCKSCOPE_CLI),
            {QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
             QStringLiteral("--follow"), QStringLiteral("--record"), file});
    QVERIFY(p.waitForStarted(5000));
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput()).contains("tokC holds lock:c"),
                             5000);
    QElapsedTimer t;
    t.start();
    ::kill(pid_t(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(5000));
    QVERIFY(t.elapsed() < 2000);
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    const Run replay = runCli({QStringLiteral("replay"), file});
    QVERIFY2(replay.exitCode == 0, replay.describe().constData());
    QVERIFY(replay.out.contains("tokC holds lock:c"));
}

void TestMonitorCli::readOnlyAndEnablingNotifications()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QString()});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:a", "tokA", "PX", "60000"}));
    QVERIFY(c.command(cmd({"CONFIG", "RESETSTAT"})).isOk());

    const Run readOnly =
        runCli({QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                QStringLiteral("--follow"), QStringLiteral("--duration"), QStringLiteral("600")});
    QVERIFY2(readOnly.exitCode == 0, readOnly.describe().constData());
    QVERIFY2(readOnly.err.contains("CONFIG SET notify-keyspace-events Kg$hx"),
             readOnly.err.constData());
    const auto stats = commandStats(c);
    QVERIFY(stats.value("scan") > 0);
    for (auto it = stats.cbegin(); it != stats.cend(); ++it) {
        if (it.key() != "config|resetstat" && it.key() != "info")
            QVERIFY2(!Connection::isWriteCommand(it.key()), it.key().constData());
    }

    const Run enabling =
        runCli({QStringLiteral("monitor"), QStringLiteral("--redis"), address(server),
                QStringLiteral("--allow-writes"), QStringLiteral("--enable-notifications"),
                QStringLiteral("--follow"), QStringLiteral("--duration"), QStringLiteral("800")});
    QVERIFY2(enabling.exitCode == 0, enabling.describe().constData());
    QVERIFY2(enabling.err.contains("notify-keyspace-events is now"), enabling.err.constData());
    QVERIFY2(enabling.err.contains("keyspace notifications on"), enabling.err.constData());
    const QByteArray flags =
        c.command(cmd({"CONFIG", "GET", "notify-keyspace-events"})).elements().value(1).text();
    QVERIFY2(NotifyConfig::parse(flags).coversMonitor(), flags.constData());
}

void TestMonitorCli::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("mentions");
    const QString refused = QStringLiteral("127.0.0.1:%1").arg(unusedLoopbackPort());
    const QString m = QStringLiteral("monitor");
    const QString r = QStringLiteral("--redis");
    QTest::newRow("unreachable, once") << QStringList{m, r, refused} << QByteArray("refused");
    QTest::newRow("unreachable, follow")
        << QStringList{m, r, refused, QStringLiteral("--follow")} << QByteArray("refused");
    QTest::newRow("notifications need writes")
        << QStringList{m, r, refused, QStringLiteral("--enable-notifications")}
        << QByteArray("--allow-writes");
    QTest::newRow("once and follow")
        << QStringList{m, r, refused, QStringLiteral("--once"), QStringLiteral("--follow")}
        << QByteArray("--once and --follow");
    QTest::newRow("record without follow")
        << QStringList{m, r, refused, QStringLiteral("--record"), QStringLiteral("x.jsonl")}
        << QByteArray("--follow");
    QTest::newRow("no server") << QStringList{m} << QByteArray("--redis");
    // Redlock: several servers. One unreachable fails a snapshot, and a follow that never
    // saw it, naming that node.
    const QString refused2 = QStringLiteral("127.0.0.1:%1").arg(unusedLoopbackPort());
    QTest::newRow("redlock, a node unreachable, once")
        << QStringList{m, r, refused + QLatin1Char(',') + refused2} << QByteArray("refused");
    QTest::newRow("redlock, a node unreachable, follow")
        << QStringList{m, r, refused, r, refused2, QStringLiteral("--follow")}
        << QByteArray("refused");
    QTest::newRow("redlock node twice")
        << QStringList{m, r, refused + QLatin1Char(',') + refused} << QByteArray("twice");
    QTest::newRow("redlock and cluster")
        << QStringList{m, r, refused + QLatin1Char(',') + refused2, QStringLiteral("--cluster")}
        << QByteArray("Redlock");
    QTest::newRow("sentinel without master")
        << QStringList{m, QStringLiteral("--sentinel"), refused} << QByteArray("--master");
    QTest::newRow("bad url") << QStringList{m, r, QStringLiteral("redis://host:port")}
                             << QByteArray("port");
    QTest::newRow("bad count") << QStringList{m, r, refused, QStringLiteral("--count"),
                                              QStringLiteral("0")}
                               << QByteArray("--count");
    QTest::newRow("bad max-in-flight")
        << QStringList{m, r, refused, QStringLiteral("--max-in-flight"), QStringLiteral("-1")}
        << QByteArray("--max-in-flight");
    QTest::newRow("unwritable recording") << QStringList{m,
                                                         r,
                                                         refused,
                                                         QStringLiteral("--follow"),
                                                         QStringLiteral("--record"),
                                                         QStringLiteral("/proc/forbidden/x.jsonl")}
                                          << QByteArray("/proc/forbidden/x.jsonl");
    QTest::newRow("replay without file")
        << QStringList{QStringLiteral("replay")} << QByteArray("FILE");
    QTest::newRow("replay missing file")
        << QStringList{QStringLiteral("replay"), QStringLiteral("/nonexistent/rec.jsonl")}
        << QByteArray("/nonexistent/rec.jsonl");
    QTest::newRow("replay of something else")
        << QStringList{QStringLiteral("replay"), QStringLiteral("%NOTALOG%")}
        << QByteArray("line 1");
}

void TestMonitorCli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, mentions);
    QTemporaryDir dir;
    const QString notALog = dir.filePath(QStringLiteral("hello.txt"));
    {
        QFile f(notALog);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello\n");
    }
    args.replaceInStrings(QStringLiteral("%NOTALOG%"), notALog);
    const Run r = runCli(args);
    QVERIFY2(r.finished, r.describe().constData());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.describe().constData());
    QVERIFY2(r.err.contains(mentions), r.describe().constData());
    QVERIFY2(r.elapsedMs < 8000, r.describe().constData());
}

QTEST_GUILESS_MAIN(TestMonitorCli)
#include "test_monitor_cli.moc"
