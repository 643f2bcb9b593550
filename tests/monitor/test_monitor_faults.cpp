// Server faults under `lockscope-cli monitor --follow --record`, with real processes: a server
// killed (-9) and restarted empty or with AOF, a server frozen (SIGSTOP) longer than the request
// timeout, a Sentinel failover, CLIENT KILL of the monitor's connections, a server at maxclients,
// and the monitor itself killed with SIGKILL mid-recording. For each the monitor keeps running,
// says what happened in one line (checked exactly), marks the gap in the recording
// (gap_started / gap_ended) and attributes every change: a key gone with a restart or a
// failover is lost, not released.
#include "cli_process.h"
#include "monitor_test_support.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <csignal>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/monitor/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

// `lockscope-cli monitor --follow --record FILE` running in the background while the test does
// things to the server; killed by the destructor if still running.
class FollowingMonitor {
public:
    FollowingMonitor(const QStringList &target, const QString &recordFile,
                     const QStringList &extra = {})
    {
        QStringList args{QStringLiteral("monitor")};
        args << target
             << QStringList{QStringLiteral("--follow"), QStringLiteral("--record"), recordFile,
                            QStringLiteral("--timeout"), QStringLiteral("1000")}
             << extra;
        m_process.start(QString::fromUtf8(LOCKSCOPE_CLI), args);
    }
    ~FollowingMonitor()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    bool started() { return m_process.waitForStarted(5000); }
    // The lines printed so far, each without its "HH:mm:ss.zzz  " time.
    QStringList lines()
    {
        m_out += m_process.readAllStandardOutput();
        QStringList out;
        for (const QByteArray &line : m_out.split('\n')) {
            if (line.size() > 14)
                out << QString::fromUtf8(line.mid(14));
        }
        return out;
    }
    QByteArray err()
    {
        m_err += m_process.readAllStandardError();
        return m_err;
    }
    // Whether a line matches `pattern` (anchored at both ends).
    bool hasLine(const QString &pattern)
    {
        const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
        for (const QString &l : lines()) {
            if (re.match(l).hasMatch())
                return true;
        }
        return false;
    }
    int countLines(const QString &pattern)
    {
        const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
        int n = 0;
        for (const QString &l : lines())
            n += re.match(l).hasMatch();
        return n;
    }
    bool watching() { return err().contains("watching"); }
    bool running() const { return m_process.state() == QProcess::Running; }
    // Ctrl-C, and the exit code (-1 when it did not end).
    int interrupt()
    {
        ::kill(pid_t(m_process.processId()), SIGINT);
        if (!m_process.waitForFinished(10000))
            return -1;
        lines();
        err();
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    void killHard()
    {
        ::kill(pid_t(m_process.processId()), SIGKILL);
        m_process.waitForFinished(5000);
    }
    QString all() { return lines().join(QLatin1Char('\n')) + QStringLiteral("\n--- stderr\n") +
                           QString::fromUtf8(err()); }

private:
    QProcess m_process;
    QByteArray m_out, m_err;
};

CliRun replay(const QString &file, bool json = false)
{
    QStringList args{QStringLiteral("replay"), file};
    if (json)
        args << QStringLiteral("--json");
    return runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, 20000);
}

// The recording's events, as JSON objects (header left out).
QList<QJsonObject> recordedEvents(const QString &file)
{
    QFile f(file);
    QList<QJsonObject> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.contains(QStringLiteral("kind")))
            out << o;
    }
    return out;
}

int countRecorded(const QList<QJsonObject> &events, const char *kind, const char *key = nullptr,
                  qint64 value = -1)
{
    int n = 0;
    for (const QJsonObject &o : events) {
        n += o.value(QStringLiteral("kind")).toString() == QLatin1String(kind) &&
             (!key || o.value(QStringLiteral("key")).toString() == QLatin1String(key)) &&
             (value < 0 || o.value(QStringLiteral("value")).toInteger() == value);
    }
    return n;
}

QString esc(const QString &s)
{
    return QRegularExpression::escape(s);
}

const QString kFlags = QStringLiteral("Kg$hx");

} // namespace

class TestMonitorFaults : public QObject {
    Q_OBJECT
private slots:
    void killedAndRestartedEmpty();
    void killedAndRestartedWithAof();
    void pausedLongerThanTheTimeout();
    void clientKillOfEachConnection();
    void serverAtMaxclients();
    void sentinelFailoverLosesUnreplicatedKey();
    void monitorKilledMidRecording();
};

void TestMonitorFaults::killedAndRestartedEmpty()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), kFlags});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:a", "tok1", "PX", "60000"}));
    c.command(cmd({"SET", "lock:b", "tokB", "PX", "60000"}));

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    FollowingMonitor m({QStringLiteral("--redis"), address(server)}, file);
    QVERIFY(m.started());
    QTRY_VERIFY_WITH_TIMEOUT(m.watching(), 10000);

    server.kill();
    QTest::qWait(300);
    QVERIFY2(server.start(), qPrintable(server.errorString())); // same port, empty
    const QString a = esc(address(server));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap of \\d+\\.\\d s ends: %1 restarted \\(its run_id "
                                 "changed\\) without AOF: the keys it held are lost with the "
                                 "restart")
                      .arg(a)),
        qPrintable(m.all()), 10000);
    QVERIFY2(m.hasLine(QStringLiteral("\\[%1\\] gap starts: lost the (notification )?connection "
                                      "to %1: .*")
                           .arg(a)),
             qPrintable(m.all()));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("lock:a lost with the restart: tok1 held it and nobody "
                                 "released it")),
        qPrintable(m.all()), 5000);
    QVERIFY(m.hasLine(QStringLiteral("lock:b lost with the restart: tokB held it and nobody "
                                     "released it")));
    QCOMPARE(m.countLines(QStringLiteral(".* deleted: .* released it")), 0);

    // The holders still believe: another owner takes lock:a (two holders), tokB writes lock:b
    // back as if nothing happened. Both are anomalies.
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:a", "tok2", "PX", "60000"}));
    c.command(cmd({"SET", "lock:b", "tokB", "PX", "60000"}));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("anomaly lost-lock:lock:a: lock:a was lost with the restart "
                                 "while tok1 held it; tok2 holds it now, while tok1 may still "
                                 "believe it holds it \\(two holders\\)\\.")),
        qPrintable(m.all()), 5000);
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("anomaly lost-lock:lock:b: lock:b was lost with the restart "
                                 "while tokB held it, and tokB wrote it again: it went on as if "
                                 "it still held the lock\\.")),
        qPrintable(m.all()), 5000);
    QVERIFY(m.running());
    QCOMPARE(m.interrupt(), 0);

    // The recording: one gap, the restart, two keys lost (value 1), no release.
    const QList<QJsonObject> ev = recordedEvents(file);
    QCOMPARE(countRecorded(ev, "gap_started"), 1);
    QCOMPARE(countRecorded(ev, "gap_ended"), 1);
    QCOMPARE(countRecorded(ev, "node_restarted"), 1);
    QCOMPARE(countRecorded(ev, "key_deleted", "lock:a", kLostWithRestart), 1);
    QCOMPARE(countRecorded(ev, "key_deleted", "lock:b", kLostWithRestart), 1);
    QCOMPARE(countRecorded(ev, "released"), 0);
    const CliRun r = replay(file, true);
    QVERIFY2(r.exitCode == 0, r.describe().constData());
    const QJsonObject summary = QJsonDocument::fromJson(r.out.trimmed().split('\n').last())
                                    .object()
                                    .value(QStringLiteral("summary"))
                                    .toObject()
                                    .value(QStringLiteral("monitor"))
                                    .toObject();
    QCOMPARE(summary.value(QStringLiteral("lost")).toInteger(), qint64(2));
    QCOMPARE(summary.value(QStringLiteral("releases")).toInteger(), qint64(0));
    QCOMPARE(summary.value(QStringLiteral("gaps")).toInteger(), qint64(1));
}

void TestMonitorFaults::killedAndRestartedWithAof()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), kFlags,
                        QStringLiteral("--appendonly"), QStringLiteral("yes"),
                        QStringLiteral("--appendfsync"), QStringLiteral("always")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:a", "tok1", "PX", "60000"}));

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    FollowingMonitor m({QStringLiteral("--redis"), address(server)}, file);
    QVERIFY(m.started());
    QTRY_VERIFY_WITH_TIMEOUT(m.watching(), 10000);

    server.kill();
    QTest::qWait(300);
    QVERIFY2(server.start(), qPrintable(server.errorString())); // reads its AOF back
    const QString a = esc(address(server));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap of \\d+\\.\\d s ends: %1 restarted \\(its run_id "
                                 "changed\\) with AOF on: its keys come back from the file; a "
                                 "key not found again is lost with the restart")
                      .arg(a)),
        qPrintable(m.all()), 10000);
    // Every key is read again; a changed value after the gap is still seen as usual.
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"PEXPIRE", "lock:a", "90000"}));
    QTRY_VERIFY2_WITH_TIMEOUT(m.hasLine(QStringLiteral("tok1 renewed lock:a \\(TTL \\d+ ms\\)")),
                              qPrintable(m.all()), 5000);
    QCOMPARE(m.interrupt(), 0);
    QCOMPARE(m.countLines(QStringLiteral("lock:a.*(lost with|deleted|released).*")), 0);
    const QList<QJsonObject> ev = recordedEvents(file);
    QCOMPARE(countRecorded(ev, "key_deleted"), 0);
    QCOMPARE(countRecorded(ev, "node_restarted", nullptr, 1), 1); // with persistence
    QCOMPARE(countRecorded(ev, "gap_ended"), 1);
}

void TestMonitorFaults::pausedLongerThanTheTimeout()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:p", "tokP", "PX", "60000"}));
    c.command(cmd({"SET", "lock:q", "tokQ", "PX", "1500"}));

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    // Re-reads (no notifications) every 200 ms, 1 s request timeout: a 3 s freeze is seen.
    FollowingMonitor m({QStringLiteral("--redis"), address(server)}, file,
                       {QStringLiteral("--no-notifications"), QStringLiteral("--interval"),
                        QStringLiteral("200")});
    QVERIFY(m.started());
    QTRY_VERIFY_WITH_TIMEOUT(m.watching(), 10000);
    server.pause();
    const QString a = esc(address(server));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap starts: no answer from %1 within 1000 ms: the "
                                 "server may be paused or overloaded")
                      .arg(a)),
        qPrintable(m.all()), 5000);
    QTest::qWait(1500);
    server.resume();
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap of \\d+\\.\\d s ends: %1 answers again, the same "
                                 "server \\(run_id unchanged\\): every key is read again")
                      .arg(a)),
        qPrintable(m.all()), 5000);
    // lock:q's TTL ran out during the freeze: an expiry, lock:p untouched.
    QTRY_VERIFY2_WITH_TIMEOUT(m.hasLine(QStringLiteral("lock:q expired while tokQ held it")),
                              qPrintable(m.all()), 5000);
    QCOMPARE(m.interrupt(), 0);
    QCOMPARE(m.countLines(QStringLiteral("lock:p.*")), 0);
    QCOMPARE(m.countLines(QStringLiteral("lock:.*(lost with|released).*")), 0);
    const QList<QJsonObject> ev = recordedEvents(file);
    QCOMPARE(countRecorded(ev, "gap_started"), 1);
    QCOMPARE(countRecorded(ev, "gap_ended"), 1);
    QCOMPARE(countRecorded(ev, "node_restarted"), 0);
}

void TestMonitorFaults::clientKillOfEachConnection()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), kFlags});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:k", "tokK", "PX", "60000"}));

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    FollowingMonitor m({QStringLiteral("--redis"), address(server)}, file);
    QVERIFY(m.started());
    QTRY_VERIFY_WITH_TIMEOUT(m.watching(), 10000);
    const QString a = esc(address(server));

    // The data connection (SKIPME yes: not this test's own).
    QVERIFY(c.command(cmd({"CLIENT", "KILL", "TYPE", "normal"})).integer() >= 1);
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap of \\d+\\.\\d s ends: %1 answers again, the same "
                                 "server \\(run_id unchanged\\): every key is read again")
                      .arg(a)),
        qPrintable(m.all()), 5000);
    QVERIFY2(m.hasLine(QStringLiteral("\\[%1\\] gap starts: lost the connection to %1: .*").arg(a)),
             qPrintable(m.all()));

    // The notification connection.
    QTest::qWait(300);
    QCOMPARE(c.command(cmd({"CLIENT", "KILL", "TYPE", "pubsub"})).integer(), qint64(1));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap of \\d+\\.\\d s ends: notifications from %1 "
                                 "resumed: every key is read again")
                      .arg(a)),
        qPrintable(m.all()), 5000);
    QVERIFY2(m.hasLine(QStringLiteral("\\[%1\\] gap starts: lost the notification connection to "
                                      "%1: .*")
                           .arg(a)),
             qPrintable(m.all()));
    // Followed as before: a release after both kills is a release.
    c.command(cmd({"DEL", "lock:k"}));
    QTRY_VERIFY2_WITH_TIMEOUT(m.hasLine(QStringLiteral("lock:k deleted: tokK released it")),
                              qPrintable(m.all()), 5000);
    QCOMPARE(m.interrupt(), 0);
    const QList<QJsonObject> ev = recordedEvents(file);
    QCOMPARE(countRecorded(ev, "gap_started"), 2);
    QCOMPARE(countRecorded(ev, "gap_ended"), 2);
    QCOMPARE(countRecorded(ev, "key_deleted", "lock:k"), 1);
    QCOMPARE(countRecorded(ev, "key_deleted", "lock:k", kLostWithRestart), 0);
    QCOMPARE(countRecorded(ev, "released", "lock:k"), 1);
}

void TestMonitorFaults::serverAtMaxclients()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), kFlags,
                        QStringLiteral("--maxclients"), QStringLiteral("4")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:m", "tokM", "PX", "60000"}));
    // Fill it: this client and three more, each a process of its own (a socket of this test
    // process would be inherited by the monitor's process and outlive its closing here).
    std::vector<std::unique_ptr<QProcess>> fillers;
    for (int i = 0; i < 3; ++i) {
        fillers.push_back(std::make_unique<QProcess>());
        fillers.back()->start(QStringLiteral("redis-cli"),
                              {QStringLiteral("-p"), QString::number(server.port()),
                               QStringLiteral("SUBSCRIBE"), QStringLiteral("filler")});
        QVERIFY(fillers.back()->waitForStarted(5000));
    }
    auto clients = [&] {
        return c.command(cmd({"CLIENT", "LIST"})).text().count('\n');
    };
    QTRY_COMPARE_WITH_TIMEOUT(clients(), qsizetype(4), 5000);

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    FollowingMonitor m({QStringLiteral("--redis"), address(server)}, file);
    QVERIFY(m.started());
    const QString a = esc(address(server));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] %1 refuses new connections: max number of clients "
                                 "reached \\(maxclients\\); the monitor keeps trying")
                      .arg(a)),
        qPrintable(m.all()), 10000);
    QTest::qWait(500);
    QVERIFY2(m.running(), qPrintable(m.all()));
    QCOMPARE(m.countLines(QStringLiteral(".*refuses new connections.*")), 1); // said once

    // Room again: it connects and watches.
    for (auto &f : fillers) {
        f->kill();
        f->waitForFinished(5000);
    }
    QTRY_VERIFY2_WITH_TIMEOUT(m.watching(), qPrintable(m.all()), 15000);
    c.command(cmd({"DEL", "lock:m"}));
    QTRY_VERIFY2_WITH_TIMEOUT(m.hasLine(QStringLiteral("lock:m deleted: tokM released it")),
                              qPrintable(m.all()), 5000);

    // Full again (this client, the monitor's two connections, one more, maxclients 3), and the
    // monitor's data connection killed: its reconnection is refused, a gap until there is room.
    fillers.resize(1);
    fillers[0] = std::make_unique<QProcess>();
    fillers[0]->start(QStringLiteral("redis-cli"),
                      {QStringLiteral("-p"), QString::number(server.port()),
                       QStringLiteral("SUBSCRIBE"), QStringLiteral("filler")});
    QTRY_COMPARE_WITH_TIMEOUT(clients(), qsizetype(4), 5000);
    // One fewer than connected: the slot the killed connection frees is not enough.
    QVERIFY(c.command(cmd({"CONFIG", "SET", "maxclients", "3"})).isOk());
    QCOMPARE(c.command(cmd({"CLIENT", "KILL", "TYPE", "normal"})).integer(), qint64(1));
    QTRY_COMPARE_WITH_TIMEOUT(m.countLines(QStringLiteral(".*refuses new connections.*")), 2,
                              5000);
    QVERIFY2(m.hasLine(QStringLiteral("\\[%1\\] gap starts: lost the connection to %1: .*").arg(a)),
             qPrintable(m.all()));
    fillers[0]->kill();
    fillers[0]->waitForFinished(5000);
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap of \\d+\\.\\d s ends: %1 answers again, the same "
                                 "server \\(run_id unchanged\\): every key is read again")
                      .arg(a)),
        qPrintable(m.all()), 10000);
    QCOMPARE(m.interrupt(), 0);
}

void TestMonitorFaults::sentinelFailoverLosesUnreplicatedKey()
{
    FailoverSetup setup(kFlags);
    QString error;
    QVERIFY2(setup.start(&error), qPrintable(error));
    const RedisServer &master = setup.master;
    const RedisServer &replica = *setup.replica;
    RedisTestClient &onReplica = setup.onReplica;
    RedisTestClient &toSentinel = setup.toSentinel;
    const SentinelProcess &sentinel = setup.sentinel;

    RedisTestClient onMaster;
    QVERIFY(onMaster.connect(master.host(), master.port()));
    onMaster.command(cmd({"SET", "lock:kept", "tokK", "PX", "60000"}));
    onMaster.command(cmd({"SET", "lock:gone", "tokG", "PX", "60000"}));
    QCOMPARE(onMaster.command(cmd({"WAIT", "1", "2000"})).integer(), qint64(1));
    // lock:gone never reached the replica (as if the master died before replicating it): take
    // it off the replica by hand.
    onReplica.command(cmd({"CONFIG", "SET", "replica-read-only", "no"}));
    QCOMPARE(onReplica.command(cmd({"DEL", "lock:gone"})).integer(), qint64(1));

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    FollowingMonitor m({QStringLiteral("--sentinel"),
                        QStringLiteral("127.0.0.1:%1").arg(sentinel.port()),
                        QStringLiteral("--master"), QStringLiteral("mymaster")},
                       file);
    QVERIFY(m.started());
    QTRY_VERIFY_WITH_TIMEOUT(m.watching(), 15000);

    const Reply failover = toSentinel.command(cmd({"SENTINEL", "FAILOVER", "mymaster"}));
    QVERIFY2(failover.isOk(), failover.toDisplay().constData());
    const QString r = esc(address(replica));
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("\\[%1\\] gap of \\d+\\.\\d s ends: failover: now following %1, "
                                 "the master of mymaster; a key not found there is lost with the "
                                 "failover")
                      .arg(r)),
        qPrintable(m.all()), 20000);
    QTRY_VERIFY2_WITH_TIMEOUT(
        m.hasLine(QStringLiteral("lock:gone on %1 lost with the failover: tokG held it and nobody "
                                 "released it")
                      .arg(r)),
        qPrintable(m.all()), 5000);
    QCOMPARE(m.interrupt(), 0);
    QCOMPARE(m.countLines(QStringLiteral("lock:kept.*(lost|deleted|expired).*")), 0);
    QCOMPARE(m.countLines(QStringLiteral(".* deleted: .* released it")), 0);
    const QList<QJsonObject> ev = recordedEvents(file);
    QCOMPARE(countRecorded(ev, "node_failover"), 1);
    QCOMPARE(countRecorded(ev, "key_deleted", "lock:gone", kLostWithFailover), 1);
    QCOMPARE(countRecorded(ev, "gap_ended"), 1);
}

void TestMonitorFaults::monitorKilledMidRecording()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), kFlags});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    FollowingMonitor m({QStringLiteral("--redis"), address(server)}, file);
    QVERIFY(m.started());
    QTRY_VERIFY_WITH_TIMEOUT(m.watching(), 10000);
    c.command(cmd({"SET", "lock:k1", "tok1", "PX", "60000"}));
    QTRY_VERIFY_WITH_TIMEOUT(m.hasLine(QStringLiteral("tok1 holds lock:k1 .*")), 5000);
    QTest::qWait(1300); // more than the flush interval
    c.command(cmd({"SET", "lock:k2", "tok2", "PX", "60000"}));
    QTRY_VERIFY_WITH_TIMEOUT(m.hasLine(QStringLiteral("tok2 holds lock:k2 .*")), 5000);
    m.killHard(); // no chance to write anything more

    const CliRun r = replay(file);
    QVERIFY2(r.exitCode == 0, r.describe().constData());
    QVERIFY2(r.out.contains("tok1 holds lock:k1"), r.describe().constData());
    QVERIFY2(r.err.isEmpty(), r.err.constData());

    // A last line cut in the middle (the writer died inside write()): skipped with a note.
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::Append));
        f.write(R"({"t_us":17000000000000,"kind":"key_wri)");
    }
    const CliRun cut = replay(file);
    QVERIFY2(cut.exitCode == 0, cut.describe().constData());
    QVERIFY2(cut.out.contains("tok1 holds lock:k1"), cut.describe().constData());
    QCOMPARE(cut.err.count('\n'), 1);
    QVERIFY2(cut.err.contains("the last line is cut short (the recording ended abruptly); it was "
                              "ignored"),
             cut.err.constData());
    // A broken line that is not the last stays an error.
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::Append));
        f.write("\n{\"t_us\":1,\"kind\":\"note\"}\n");
    }
    const CliRun broken = replay(file);
    QCOMPARE(broken.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestMonitorFaults)
#include "test_monitor_faults.moc"
