// Redis Cluster: a real 3-master cluster (tests/support/redis_cluster.h) with lock keys of
// several formats on every master. The monitor, given one seed node, finds every master, every
// key once, decoded and counting down, each on the node lane of its master; changes on each
// master reach the history with keyspace notifications on and off; no node sees a write; a
// master killed mid-session is reported and the others stay watched; a replica promoted by
// CLUSTER FAILOVER is followed. Also: the sentinel connections are read-only (SENTINEL's
// questions pass, its reconfiguring subcommands are refused before they are sent).
#include "monitor/cluster_resolver.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_clock.h"
#include "monitor/monitor_run.h"
#include "monitor/sentinel_resolver.h"
#include "monitor_test_support.h"
#include "redis_cluster.h"

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

const QString kMinimalFlags = QStringLiteral("Kg$hx");
const QByteArray kRedisson = QByteArrayLiteral("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f");

struct Expected {
    QByteArray key;
    int master;
    QByteArray format;
    QByteArray owner;
    qint64 holdCount;
};

// One client per master, so that every write goes to the master that serves its key.
struct Clients {
    explicit Clients(RedisCluster &cluster)
        : c(cluster)
    {
        for (int i = 0; i < cluster.size(); ++i) {
            list.push_back(std::make_unique<RedisTestClient>());
            list.back()->connect(cluster.node(i).host(), cluster.node(i).port());
        }
    }
    RedisTestClient &on(int i) { return *list[std::size_t(i)]; }
    Reply run(const Command &argv) // routed by the key (argv[1])
    {
        return on(c.masterOf(argv.at(1))).command(argv);
    }
    RedisCluster &c;
    std::vector<std::unique_ptr<RedisTestClient>> list;
};

// Five formats on every master; plus a key that is not a lock on each.
QList<Expected> writeFormatsOnEveryMaster(RedisCluster &cluster, Clients &clients)
{
    QList<Expected> expected;
    for (int m = 0; m < cluster.masterCount(); ++m) {
        const QByteArray py = cluster.keyOn(m, "lock:py:");
        const QByteArray rs = cluster.keyOn(m, "lock:rs:");
        const QByteArray rl = cluster.keyOn(m, "locks:redlock:");
        const QByteArray ls = cluster.keyOn(m, "lock:ls:");
        const QByteArray rd = cluster.keyOn(m, "orders-lock:");
        const QByteArray redissonOwner = kRedisson + ":" + QByteArray::number(m + 1);
        clients.run(cmd({"SET", py, "55fd200007b211ef92340242ac110002", "PX", "20000"}));
        clients.run(cmd({"SET", rs, "AAECAwQFBgcICQoLDA0ODw==", "PX", "20000"}));
        clients.run(cmd({"SET", rl, "3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091", "PX", "20000"}));
        clients.run(cmd({"SET", ls, "A:3:0badc0de", "PX", "20000"}));
        clients.run(cmd({"HSET", rd, redissonOwner, "2"}));
        clients.run(cmd({"PEXPIRE", rd, "30000"}));
        clients.run(cmd({"SET", cluster.keyOn(m, "session:"), "not a lock"}));
        expected += {
            {py, m, "redis-py", "55fd200007b211ef92340242ac110002", 1},
            {rs, m, "go-redsync", "AAECAwQFBgcICQoLDA0ODw==", 1},
            {rl, m, "node-redlock", "3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091", 1},
            {ls, m, "lockscope", "A:3:0badc0de", 1},
            {rd, m, "redisson-lock", redissonOwner, 2},
        };
    }
    return expected;
}

MonitorOptions clusterOptions(RedisCluster &cluster, int seed = 0)
{
    MonitorOptions o = monitorOptions(cluster.node(seed));
    o.cluster = true;
    o.clusterRefreshMs = 300;
    return o;
}

QByteArray nodeName(const EventLog &log, qint16 node)
{
    return node >= 0 && node < log.info().nodes.size() ? log.info().nodes.at(node) : "(none)";
}

// The nodes of every event of `key` (each must be its master's).
QSet<QByteArray> nodesOfKey(const EventLog &log, const QByteArray &key)
{
    QSet<QByteArray> nodes;
    const quint32 id = log.strings().find(key);
    for (const Event &e : log.events())
        if (id && e.key == id)
            nodes.insert(nodeName(log, e.node));
    return nodes;
}

QStringList sortedAddresses(RedisCluster &cluster, int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << cluster.address(i);
    std::sort(list.begin(), list.end());
    return list;
}

} // namespace

class TestMonitorCluster : public QObject {
    Q_OBJECT
private slots:
    void parsesClusterSlots();
    void discoversAndFollowsEveryMaster_data();
    void discoversAndFollowsEveryMaster();
    void masterKilledMidSession();
    void followsClusterFailover();
    void followsResharding_data();
    void followsResharding();
    void sentinelConnectionsAreReadOnly();
};

void TestMonitorCluster::parsesClusterSlots()
{
    // The shape of CLUSTER SLOTS (Redis 7.0): two ranges of one master, one of another, a
    // replica, and a node that does not know its own address (empty host).
    auto node = [](const char *host, qint64 port, const char *id) {
        return Reply::array(
            {Reply::bulk(host), Reply::integer(port), Reply::bulk(id), Reply::array({})});
    };
    const Reply reply = Reply::array({
        Reply::array({Reply::integer(0), Reply::integer(5460), node("10.0.0.1", 7000, "a"),
                      node("10.0.0.4", 7003, "d")}),
        Reply::array({Reply::integer(5461), Reply::integer(10922), node("", 7001, "b")}),
        Reply::array({Reply::integer(10923), Reply::integer(16383), node("10.0.0.1", 7000, "a")}),
    });
    QList<ClusterMaster> masters;
    QString error;
    QVERIFY2(parseClusterSlots(reply, QStringLiteral("seed.example"), &masters, &error),
             qPrintable(error));
    QCOMPARE(masters.size(), 2);
    QCOMPARE(masters[0].name(), QStringLiteral("10.0.0.1:7000"));
    QCOMPARE(masters[0].slotCount, 5461 + 5461);
    QCOMPARE(masters[0].replicas, QStringList{QStringLiteral("10.0.0.4:7003")});
    QCOMPARE(masters[1].name(), QStringLiteral("seed.example:7001"));
    QCOMPARE(masters[1].slotCount, 5462);
    QVERIFY(!parseClusterSlots(Reply::array({Reply::integer(1)}), QString(), &masters, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!parseClusterSlots(Reply::error("ERR This instance has cluster support disabled"),
                               QString(), &masters, &error));
}

void TestMonitorCluster::discoversAndFollowsEveryMaster_data()
{
    QTest::addColumn<QString>("flags");
    QTest::newRow("notifications on") << kMinimalFlags;
    QTest::newRow("notifications off") << QString();
}

void TestMonitorCluster::discoversAndFollowsEveryMaster()
{
    QFETCH(QString, flags);
    RedisCluster cluster(3, 0, {QStringLiteral("--notify-keyspace-events"), flags});
    QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
    Clients clients(cluster);
    const QList<Expected> expected = writeFormatsOnEveryMaster(cluster, clients);
    QSet<int> mastersUsed;
    for (const Expected &x : expected)
        mastersUsed.insert(cluster.masterOf(x.key));
    QCOMPARE(mastersUsed.size(), 3);

    // Seeded with the second node: any node will do.
    MonitorOptions o = clusterOptions(cluster, 1);
    o.scanCount = 3;         // several SCAN rounds on every master
    o.scanPacing.on = false; // and this COUNT, not the pacer's floor
    KeyMonitor monitor(o);
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 15000, &error), qPrintable(error));
    QStringList masters = monitor.masters();
    std::sort(masters.begin(), masters.end());
    QCOMPARE(masters, sortedAddresses(cluster, 3));
    QCOMPARE(monitor.notifyMode(),
             flags.isEmpty() ? KeyMonitor::NotifyMode::Off : KeyMonitor::NotifyMode::On);
    QVERIFY2(monitor.statusText().contains(QStringLiteral("3 cluster masters")),
             qPrintable(monitor.statusText()));
    if (flags.isEmpty())
        QVERIFY2(monitor.statusText().contains(
                     QStringLiteral("CONFIG SET notify-keyspace-events Kg$hx")),
                 qPrintable(monitor.statusText()));

    // Every key once, decoded, on its master's node.
    const auto entries = monitor.entries();
    QCOMPARE(int(entries.size()), int(expected.size()));
    QCOMPARE(monitor.keyCount(), int(expected.size()));
    const EventLog &log = monitor.log();
    for (const Expected &x : expected) {
        const KeyEntry *e = monitor.entry(x.key);
        QVERIFY2(e, x.key.constData());
        QCOMPARE(e->format, x.format);
        QCOMPARE(e->lock.owner, x.owner);
        QCOMPARE(e->lock.holdCount, x.holdCount);
        QCOMPARE(nodeName(log, e->node), cluster.address(x.master).toUtf8());
        QCOMPARE(nodesOfKey(log, x.key), QSet<QByteArray>{cluster.address(x.master).toUtf8()});
    }
    QCOMPARE(log.info().nodes.size(), 3);

    // TTLs count down locally and agree with each master's PTTL. Each side knows the expiry
    // only as closely as its PTTL's round trip: the server ran the monitor's last one between
    // pttlSentUs and pttlReadUs, and the test's between `sent` and `read`. (A fixed 60 ms bound
    // assumed the monitor reads every reply within 60 ms; on a loaded machine one was read
    // 102 ms late, and its countdown ran 102 ms ahead of PTTL, as it should.)
    QTest::qWait(500);
    for (const Expected &x : expected) {
        const qint64 sent = monitorNowUs();
        const Reply pttl = clients.run(cmd({"PTTL", x.key}));
        const qint64 read = monitorNowUs();
        const KeyEntry *e = monitor.entry(x.key);
        const qint64 local = e->remainingTtlMs(read);
        const qint64 ourWindow = (read - sent) / 1000,
                     theirWindow = (e->pttlReadUs - e->pttlSentUs) / 1000;
        constexpr qint64 kRounding = 2; // both PTTLs are whole milliseconds
        QVERIFY2(pttl.integer() > 0 && e->pttlSentUs > 0 && theirWindow >= 0 &&
                     local >= pttl.integer() - ourWindow - kRounding &&
                     local <= pttl.integer() + theirWindow + kRounding,
                 qPrintable(QStringLiteral("%1: local %2 ms, PTTL %3 ms (read within %4 ms; the "
                                           "monitor's within %5 ms)")
                                .arg(QString::fromUtf8(x.key))
                                .arg(local)
                                .arg(pttl.integer())
                                .arg(ourWindow)
                                .arg(theirWindow)));
    }

    // Changes on every master reach the history, on that master's lane.
    constexpr int kWait = 5000;
    auto owner = [&](const QByteArray &key) {
        const KeyEntry *e = monitor.entry(key);
        return e ? e->lock.owner : QByteArray("(none)");
    };
    // (The three masters at once: the same steps on each.)
    QList<QByteArray> hkeys, tokens;
    for (int m = 0; m < 3; ++m) {
        hkeys << cluster.keyOn(m, "lock:h:");
        tokens << "tok" + QByteArray::number(m);
    }
    for (int m = 0; m < 3; ++m)
        clients.run(cmd({"SET", hkeys[m], tokens[m], "NX", "PX", "3000"}));
    for (int m = 0; m < 3; ++m)
        QTRY_COMPARE_WITH_TIMEOUT(owner(hkeys[m]), tokens[m], kWait);
    QTest::qWait(300);
    for (int m = 0; m < 3; ++m)
        clients.run(cmd({"PEXPIRE", hkeys[m], "8000"}));
    for (int m = 0; m < 3; ++m)
        QTRY_VERIFY_WITH_TIMEOUT(monitor.entry(hkeys[m])->remainingTtlMs(monitorNowUs()) > 6000,
                                 kWait);
    QTest::qWait(300);
    for (int m = 0; m < 3; ++m)
        clients.run(cmd({"DEL", hkeys[m]}));
    for (int m = 0; m < 3; ++m) {
        QTRY_VERIFY_WITH_TIMEOUT(!monitor.entry(hkeys[m]), kWait);
        const QString t = QString::fromUtf8(tokens[m]);
        QCOMPARE(eventsOf(log, hkeys[m]), (QStringList{QStringLiteral("key_written(%1)").arg(t),
                                                       QStringLiteral("acquired(%1)").arg(t),
                                                       QStringLiteral("key_ttl_changed(%1)").arg(t),
                                                       QStringLiteral("renewed(%1)").arg(t),
                                                       QStringLiteral("key_deleted(%1)").arg(t),
                                                       QStringLiteral("released(%1)").arg(t)}));
        QCOMPARE(nodesOfKey(log, hkeys[m]), QSet<QByteArray>{cluster.address(m).toUtf8()});
    }
    // The recorded keys present at the start: each once.
    for (const Expected &x : expected)
        QCOMPARE(eventsOf(log, x.key, {EventKind::KeyWritten}).size(), 1);

    // Read-only on every node: from here on, only the monitor talks to the masters (besides
    // INFO and the reset); it reads and it is refused the one write it is asked to send.
    for (int m = 0; m < 3; ++m)
        QVERIFY(clients.on(m).command(cmd({"CONFIG", "RESETSTAT"})).isOk());
    bool answered = false, ok = true;
    QString message;
    monitor.enableNotifications([&](bool success, const QString &text) {
        answered = true;
        ok = success;
        message = text;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, 3000);
    QVERIFY(!ok);
    QVERIFY2(message.contains(QStringLiteral("read-only")), qPrintable(message));
    // Re-reads or TTL re-syncs, and rescans, on every master:
    auto monitorRead = [&](int m) {
        const auto stats = commandStats(clients.on(m));
        return stats.value("scan") > 0 && stats.value("pttl") > 0;
    };
    QTRY_VERIFY_WITH_TIMEOUT(monitorRead(0) && monitorRead(1) && monitorRead(2), 5000);
    for (int m = 0; m < 3; ++m) {
        const auto stats = commandStats(clients.on(m));
        QCOMPARE(stats.value("config|set"), qint64(0));
        QCOMPARE(stats.value("keys"), qint64(0));
        for (auto it = stats.cbegin(); it != stats.cend(); ++it) {
            if (it.key() == "config|resetstat" || it.key() == "info")
                continue; // the test's own
            QVERIFY2(
                !Connection::isWriteCommand(it.key()),
                qPrintable(cluster.address(m) + QLatin1Char(' ') + QString::fromUtf8(it.key())));
        }
    }
    monitor.stop();

    // The CLI: the same keys from a seed, once each.
    QProcess cli;
    cli.start(QString::fromUtf8(LOCKSCOPE_CLI),
              {QStringLiteral("monitor"), QStringLiteral("--redis"), cluster.address(2),
               QStringLiteral("--cluster"), QStringLiteral("--once"), QStringLiteral("--json")});
    QVERIFY(cli.waitForFinished(20000));
    QCOMPARE(cli.exitCode(), 0);
    QStringList keys;
    for (const QByteArray &line : cli.readAllStandardOutput().split('\n')) {
        if (!line.isEmpty())
            keys << QJsonDocument::fromJson(line).object().value(QStringLiteral("key")).toString();
    }
    QStringList wanted;
    for (const Expected &x : expected)
        wanted << QString::fromUtf8(x.key);
    std::sort(wanted.begin(), wanted.end());
    QCOMPARE(keys, wanted); // sorted, no duplicates
}

void TestMonitorCluster::masterKilledMidSession()
{
    // Without full coverage the other masters keep serving their slots when one is gone.
    RedisCluster cluster(3, 0,
                         {QStringLiteral("--notify-keyspace-events"), kMinimalFlags,
                          QStringLiteral("--cluster-require-full-coverage"), QStringLiteral("no")});
    QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
    Clients clients(cluster);
    const QList<Expected> expected = writeFormatsOnEveryMaster(cluster, clients);
    KeyMonitor monitor(clusterOptions(cluster));
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 15000, &error), qPrintable(error));
    QCOMPARE(monitor.keyCount(), int(expected.size()));

    QElapsedTimer clock;
    clock.start();
    cluster.node(2).kill();
    const QString gone = cluster.address(2);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), KeyMonitor::Health::Reconnecting, 5000);
    QVERIFY2(monitor.statusText().contains(QStringLiteral("connection to %1 lost").arg(gone)),
             qPrintable(monitor.statusText()));
    qInfo("status after the kill (%lld ms): %s", clock.elapsed(), qPrintable(monitor.statusText()));

    // The other masters are still followed.
    const QByteArray key = cluster.keyOn(0, "lock:after-kill:");
    clients.run(cmd({"SET", key, "tokK", "PX", "8000"}));
    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry(key), 5000);
    QCOMPARE(nodeName(monitor.log(), monitor.entry(key)->node), cluster.address(0).toUtf8());

    // The outage is in the history, on the dead master's lane; stopping does not hang.
    bool noted = false;
    const EventLog &log = monitor.log();
    for (const Event &e : log.events()) {
        noted =
            noted || (e.kind == EventKind::GapStarted && nodeName(log, e.node) == gone.toUtf8() &&
                      QString::fromUtf8(log.strings().at(e.text)).contains(QStringLiteral("lost")));
    }
    QVERIFY(noted);
    clock.restart();
    monitor.stop();
    QCOMPARE(monitor.health(), KeyMonitor::Health::Idle);
    QVERIFY(clock.elapsed() < 1000);
}

void TestMonitorCluster::followsClusterFailover()
{
    // Node 3 replicates master 0; CLUSTER FAILOVER promotes it.
    RedisCluster cluster(3, 1, {QStringLiteral("--notify-keyspace-events"), kMinimalFlags});
    QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
    Clients clients(cluster);
    const QByteArray key = cluster.keyOn(0, "lock:f:");
    clients.on(0).command(cmd({"SET", key, "tokF", "PX", "60000"}));
    QCOMPARE(clients.on(0).command(cmd({"WAIT", "1", "2000"})).integer(), qint64(1));

    KeyMonitor monitor(clusterOptions(cluster));
    QSignalSpy changed(&monitor, &KeyMonitor::masterChanged);
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 15000, &error), qPrintable(error));
    QCOMPARE(nodeName(monitor.log(), monitor.entry(key)->node), cluster.address(0).toUtf8());

    QElapsedTimer clock;
    clock.start();
    const Reply failover = clients.on(3).command(cmd({"CLUSTER", "FAILOVER"}));
    QVERIFY2(failover.isOk(), failover.toDisplay().constData());
    QTRY_VERIFY_WITH_TIMEOUT(monitor.masters().contains(cluster.address(3)) &&
                                 !monitor.masters().contains(cluster.address(0)),
                             10000);
    qInfo("the monitor followed the failover after %lld ms", clock.elapsed());
    QVERIFY(changed.count() >= 1);
    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry(key), 5000);
    QCOMPARE(nodeName(monitor.log(), monitor.entry(key)->node), cluster.address(3).toUtf8());
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), KeyMonitor::Health::Watching, 5000);

    // A new lock in the promoted master's slots is seen there.
    const QByteArray fresh = cluster.keyOn(0, "lock:f2:");
    QTRY_VERIFY_WITH_TIMEOUT(
        clients.on(3).command(cmd({"SET", fresh, "tokG", "PX", "60000"})).isOk(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry(fresh), 5000);
    QCOMPARE(monitor.entry(fresh)->lock.owner, QByteArray("tokG"));
    QCOMPARE(nodesOfKey(monitor.log(), fresh), QSet<QByteArray>{cluster.address(3).toUtf8()});
    QCOMPARE(countKind(monitor.log(), EventKind::NodeFailover), 1);
    // The key was not "released" by the failover: only present, then present again there.
    QCOMPARE(eventsOf(monitor.log(), key,
                      {EventKind::KeyDeleted, EventKind::Released, EventKind::KeyExpired}),
             QStringList());
}

void TestMonitorCluster::followsResharding_data()
{
    QTest::addColumn<QString>("flags");
    QTest::newRow("notifications on") << kMinimalFlags;
    QTest::newRow("notifications off") << QString();
}

void TestMonitorCluster::followsResharding()
{
    // A lock's slot moves from master 0 to master 1 (CLUSTER SETSLOT IMPORTING / MIGRATING,
    // MIGRATE, SETSLOT NODE), as redis-cli --cluster reshard does. The old master's reads get
    // MOVED or ASK (and the "del" MIGRATE notifies is checked with a read that gets ASK), so
    // the key leaves its table and turns up on the new master's lane, as present: no release,
    // no acquisition.
    QFETCH(QString, flags);
    RedisCluster cluster(3, 0, {QStringLiteral("--notify-keyspace-events"), flags});
    QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
    Clients clients(cluster);
    const QByteArray key = cluster.keyOn(0, "lock:m:");
    const QByteArray slot = QByteArray::number(RedisCluster::keySlot(key));
    QVERIFY(clients.on(0).command(cmd({"SET", key, "tokM", "PX", "60000"})).isOk());
    QCOMPARE(clients.on(0).command(cmd({"CLUSTER", "KEYSLOT", key})).integer(), slot.toLongLong());

    KeyMonitor monitor(clusterOptions(cluster));
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 15000, &error), qPrintable(error));
    QCOMPARE(nodeName(monitor.log(), monitor.entry(key)->node), cluster.address(0).toUtf8());
    QTest::qWait(300); // a few polls

    const QByteArray from = cluster.nodeId(0), to = cluster.nodeId(1);
    auto ok = [](const Reply &r) {
        if (r.failed())
            qWarning("%s", r.toDisplay().constData());
        return !r.failed();
    };
    QVERIFY(ok(clients.on(1).command(cmd({"CLUSTER", "SETSLOT", slot, "IMPORTING", from}))));
    QVERIFY(ok(clients.on(0).command(cmd({"CLUSTER", "SETSLOT", slot, "MIGRATING", to}))));
    QTest::qWait(300); // polls while the slot is migrating and the key still on master 0
    QVERIFY(ok(clients.on(0).command(
        cmd({"MIGRATE", cluster.node(1).host().toUtf8(), QByteArray::number(cluster.node(1).port()),
             "", "0", "5000", "KEYS", key}))));
    QTest::qWait(300); // polls answered with ASK
    for (int i = 0; i < 3; ++i)
        QVERIFY(ok(clients.on(i).command(cmd({"CLUSTER", "SETSLOT", slot, "NODE", to}))));

    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry(key) &&
                                 nodeName(monitor.log(), monitor.entry(key)->node) ==
                                     cluster.address(1).toUtf8(),
                             5000);
    QCOMPARE(monitor.entry(key)->lock.owner, QByteArray("tokM"));
    QCOMPARE(monitor.keyCount(), 1);
    QCOMPARE(eventsOf(monitor.log(), key), (strings({"key_written(tokM)", "key_written(tokM)"})));
    QCOMPARE(nodesOfKey(monitor.log(), key),
             (QSet<QByteArray>{cluster.address(0).toUtf8(), cluster.address(1).toUtf8()}));
    QTest::qWait(500); // and it stays there, once
    QCOMPARE(monitor.keyCount(), 1);
    QCOMPARE(eventsOf(monitor.log(), key).size(), 2);
}

void TestMonitorCluster::sentinelConnectionsAreReadOnly()
{
    // The command table: SENTINEL's questions are reads, its reconfiguring subcommands writes.
    for (const char *read : {"SENTINEL GET-MASTER-ADDR-BY-NAME", "sentinel|masters",
                             "SENTINEL SENTINELS", "SENTINEL REPLICAS", "SENTINEL MASTER"})
        QVERIFY2(!Connection::isWriteCommand(QByteArray(read)), read);
    for (const char *write : {"SENTINEL SET", "SENTINEL REMOVE", "SENTINEL FAILOVER",
                              "SENTINEL RESET", "SENTINEL MONITOR", "SENTINEL CONFIG", "SENTINEL"})
        QVERIFY2(Connection::isWriteCommand(QByteArray(write)), write);
    QVERIFY(!Connection::isWriteCommand(cmd({"SENTINEL", "CONFIG", "GET", "resolve-hostnames"})));
    QVERIFY(
        Connection::isWriteCommand(cmd({"SENTINEL", "CONFIG", "SET", "resolve-hostnames", "no"})));
    QVERIFY(!Connection::isWriteCommand(cmd({"CLUSTER", "SLOTS"})));
    QVERIFY(Connection::isWriteCommand(cmd({"CLUSTER", "FAILOVER"})));

    RedisServer master;
    QVERIFY2(master.start(), qPrintable(master.errorString()));
    SentinelProcess sentinel;
    QString error;
    QVERIFY2(sentinel.start(QStringLiteral("mymaster"), master.port(), &error), qPrintable(error));

    // The resolver (read-only now) still finds the master.
    ConnectionOptions so;
    so.host = sentinel.host();
    so.port = sentinel.port();
    SentinelResolver resolver({so}, QStringLiteral("mymaster"));
    QSignalSpy found(&resolver, &SentinelResolver::masterFound);
    resolver.start();
    QTRY_COMPARE_WITH_TIMEOUT(found.count(), 1, 5000);
    QCOMPARE(found.at(0).at(1).value<quint16>(), master.port());

    // A read-only connection to the sentinel: questions pass, changes never leave the client.
    so.readOnly = true;
    Connection c(so);
    c.open();
    const QList<Command> commands = {
        cmd({"SENTINEL", "GET-MASTER-ADDR-BY-NAME", "mymaster"}),
        cmd({"SENTINEL", "MASTERS"}),
        cmd({"SENTINEL", "SET", "mymaster", "down-after-milliseconds", "5000"}),
        cmd({"SENTINEL", "FAILOVER", "mymaster"}),
        cmd({"SENTINEL", "REMOVE", "mymaster"}),
        cmd({"SENTINEL", "CONFIG", "SET", "resolve-hostnames", "yes"}),
    };
    // (Refusals come back before the server's answers: keep them by index.)
    QList<Reply> replies(commands.size());
    int answered = 0;
    for (qsizetype i = 0; i < commands.size(); ++i)
        c.send(commands[i], [&, i](const Reply &r) {
            replies[i] = r;
            ++answered;
        });
    QTRY_COMPARE_WITH_TIMEOUT(answered, int(commands.size()), 5000);
    QVERIFY2(!replies[0].failed(), replies[0].toDisplay().constData());
    QCOMPARE(replies[0].elements().value(1).text(), QByteArray::number(master.port()));
    QVERIFY2(!replies[1].failed(), replies[1].toDisplay().constData());
    for (int i = 2; i < commands.size(); ++i)
        QCOMPARE(Connection::classify(replies[i]), RedisErrorKind::RefusedReadOnly);

    // Nothing changed on the sentinel: the master is still there, with its timeout.
    RedisTestClient direct;
    QVERIFY(direct.connect(sentinel.host(), sentinel.port()));
    const Reply info = direct.command(cmd({"SENTINEL", "MASTER", "mymaster"}));
    QByteArray downAfter;
    for (qsizetype i = 0; i + 1 < info.elements().size(); i += 2)
        if (info.elements()[i].text() == "down-after-milliseconds")
            downAfter = info.elements()[i + 1].text();
    QCOMPARE(downAfter, QByteArray("1000"));

    // --cluster against a server that is not a cluster node: one line saying so, exit 2.
    QProcess cli;
    cli.start(QString::fromUtf8(LOCKSCOPE_CLI),
              {QStringLiteral("monitor"), QStringLiteral("--redis"),
               QStringLiteral("127.0.0.1:%1").arg(master.port()), QStringLiteral("--cluster"),
               QStringLiteral("--once")});
    QVERIFY(cli.waitForFinished(20000));
    QCOMPARE(cli.exitCode(), 2);
    const QByteArray err = cli.readAllStandardError();
    QCOMPARE(err.count('\n'), 1);
    QVERIFY2(err.contains("not a cluster node"), err.constData());
}

QTEST_GUILESS_MAIN(TestMonitorCluster)
#include "test_monitor_cluster.moc"
