// Sentinel: a primary and its replica behind a real redis-sentinel (its config file in a
// temporary directory it can rewrite, small timeouts). The monitor finds the master through
// the sentinel, follows a `SENTINEL FAILOVER` to the promoted replica, and keeps watching
// there; the CLI finds the master the same way.
#include "monitor/key_monitor.h"
#include "monitor/monitor_run.h"
#include "monitor_test_support.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/monitor/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

} // namespace

class TestMonitorSentinel : public QObject {
    Q_OBJECT
private slots:
    void followsFailover();
};

void TestMonitorSentinel::followsFailover()
{
    const QString flags = QStringLiteral("Kg$hx");
    QElapsedTimer clock;
    clock.start();
    FailoverSetup setup(flags);
    QString error;
    QVERIFY2(setup.start(&error), qPrintable(error));
    qInfo("master, replica and sentinel ready after %lld ms", clock.restart());
    const RedisServer &master = setup.master;
    const RedisServer &replica = *setup.replica;
    RedisTestClient &onReplica = setup.onReplica;
    RedisTestClient &toSentinel = setup.toSentinel;
    const SentinelProcess &sentinel = setup.sentinel;

    RedisTestClient onMaster;
    QVERIFY(onMaster.connect(master.host(), master.port()));
    onMaster.command(cmd({"SET", "lock:s1", "tok1", "PX", "60000"}));
    QCOMPARE(onMaster.command(cmd({"WAIT", "1", "2000"})).integer(), qint64(1));

    MonitorOptions o = monitorOptions(master);
    ConnectionOptions s;
    s.host = sentinel.host();
    s.port = sentinel.port();
    o.sentinels = {s};
    o.masterName = QStringLiteral("mymaster");
    o.connection.host = QStringLiteral("nowhere.invalid"); // replaced by what the sentinel says
    KeyMonitor monitor(o);
    QSignalSpy masters(&monitor, &KeyMonitor::masterChanged);
    QVERIFY2(runUntilSnapshot(monitor, 15000, &error), qPrintable(error));
    QCOMPARE(monitor.serverName(), address(master));
    QVERIFY(monitor.entry("lock:s1"));

    const Reply failover = toSentinel.command(cmd({"SENTINEL", "FAILOVER", "mymaster"}));
    QVERIFY2(failover.isOk(), failover.toDisplay().constData());
    QTRY_COMPARE_WITH_TIMEOUT(monitor.serverName(), address(replica), 20000);
    qInfo("the monitor followed the failover after %lld ms", clock.restart());
    QCOMPARE(masters.count(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), KeyMonitor::Health::Watching, 10000);
    QVERIFY(monitor.entry("lock:s1")); // replicated before the failover: still there

    // Writes go to the new master now; the monitor hears of them there. (Sentinel killed the
    // promoted replica's client connections: connect again.)
    auto setOnNewMaster = [&] {
        if (!onReplica.isConnected())
            onReplica.connect(replica.host(), replica.port());
        return onReplica.command(cmd({"SET", "lock:s2", "tok2", "PX", "60000"})).isOk();
    };
    QTRY_VERIFY_WITH_TIMEOUT(setOnNewMaster(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry("lock:s2"), 5000);
    QCOMPARE(monitor.entry("lock:s2")->lock.owner, QByteArray("tok2"));

    const EventLog &log = monitor.log();
    QCOMPARE(countKind(log, EventKind::NodeFailover), 1);
    QCOMPARE(log.info().nodes,
             (QList<QByteArray>{address(master).toUtf8(), address(replica).toUtf8()}));
    bool s2OnNewNode = false;
    for (const Event &e : log.events()) {
        if (e.kind == EventKind::Acquired && log.strings().at(e.key) == "lock:s2")
            s2OnNewNode = e.node == 1;
    }
    QVERIFY(s2OnNewNode);

    // The CLI asks the sentinel the same way.
    QProcess cli;
    cli.start(QString::fromUtf8(LOCKSCOPE_CLI),
              {QStringLiteral("monitor"), QStringLiteral("--sentinel"),
               QStringLiteral("127.0.0.1:%1").arg(sentinel.port()), QStringLiteral("--master"),
               QStringLiteral("mymaster"), QStringLiteral("--once"), QStringLiteral("--json")});
    QVERIFY(cli.waitForFinished(20000));
    QCOMPARE(cli.exitCode(), 0);
    QSet<QString> keys;
    for (const QByteArray &line : cli.readAllStandardOutput().split('\n')) {
        if (!line.isEmpty())
            keys.insert(
                QJsonDocument::fromJson(line).object().value(QStringLiteral("key")).toString());
    }
    QCOMPARE(keys, (QSet<QString>{QStringLiteral("lock:s1"), QStringLiteral("lock:s2")}));

    // An unknown master name: one line, exit 2.
    QProcess bad;
    bad.start(QString::fromUtf8(LOCKSCOPE_CLI),
              {QStringLiteral("monitor"), QStringLiteral("--sentinel"),
               QStringLiteral("127.0.0.1:%1").arg(sentinel.port()), QStringLiteral("--master"),
               QStringLiteral("nosuchmaster"), QStringLiteral("--once")});
    QVERIFY(bad.waitForFinished(20000));
    QCOMPARE(bad.exitCode(), 2);
    const QByteArray err = bad.readAllStandardError();
    QCOMPARE(err.count('\n'), 1);
    QVERIFY2(err.contains("nosuchmaster"), err.constData());
}

QTEST_GUILESS_MAIN(TestMonitorSentinel)
#include "test_monitor_sentinel.moc"
