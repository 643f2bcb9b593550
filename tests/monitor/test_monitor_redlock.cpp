// A Redlock deployment watched as one: three real redis-server processes, and
// `lockscope-cli monitor --redis A,B,C --follow --record FILE` watching them while this test
// plays the Redlock clients (the same SET key token NX PX on each node, as node-redlock and
// redsync do, and DEL to release).
//
// The story on lock:story: tokA takes 3 of 3 nodes; node 3 restarts empty (no persistence):
// tokA keeps 2 of 3; tokB gets node 3 only; node 2 restarts empty: tokA and tokB hold one node
// each while tokA's lease still runs: split, and tokA's quorum lost; then tokB takes node 2 and
// holds the majority while tokA still holds node 1. The recording must tell exactly that, in
// order, and `replay` must repeat the findings. lock:drift is set with a shorter PX on one node
// (clock-drift); lock:control is taken and released on all three nodes before and after the
// restarts and must show none of these anomalies.
//
// LockScope's own `redlock` strategy, played live on three servers by one client holding the lock
// for 6 s, with one node restarted empty mid-hold: the monitor sees the majority go from 3 of 3
// to 2 of 3 (the copy lost with the restart, not released), then the release, and no finding.
//
// And a real Redlock client: LockScope's own `redlock` strategy, played live by
// `lockscope-cli simulate --scenario split-vote --live` on five servers (clients racing, each
// winning fewer than a quorum, releasing and retrying): the monitor sees majorities come and go
// and must call none of it a split, a lost quorum or a drift.
#include "cli_process.h"
#include "monitor_test_support.h"
#include "time_scale.h"

#include "monitor/monitor_options.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <csignal>
#include <memory>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/monitor/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

const QString kFlags = QStringLiteral("Kg$hx");

struct Node {
    std::unique_ptr<RedisServer> server;
    RedisTestClient client;
    bool connect() { return client.connect(server->host(), server->port()); }
};

} // namespace

class TestMonitorRedlock : public QObject {
    Q_OBJECT
private slots:
    void restartsEmptyTellTheQuorumStory();
    void lockscopesOwnRedlockIsHealthy();
    void lockscopesOwnRedlockUnderARestart();
};

void TestMonitorRedlock::restartsEmptyTellTheQuorumStory()
{
    Node nodes[3];
    QStringList addresses;
    for (Node &n : nodes) {
        n.server = std::make_unique<RedisServer>(
            QStringList{QStringLiteral("--notify-keyspace-events"), kFlags});
        QVERIFY2(n.server->start(), qPrintable(n.server->errorString()));
        QVERIFY(n.connect());
        addresses << address(*n.server);
    }
    auto set = [&](int node, const char *key, const char *token, const char *px) {
        return nodes[node].client.command(cmd({"SET", key, token, "NX", "PX", px})).isOk();
    };
    auto del = [&](int node, const char *key) { nodes[node].client.command(cmd({"DEL", key})); };
    auto restartEmpty = [&](int node) {
        nodes[node].server->kill();
        QTest::qWait(300);
        if (!nodes[node].server->start()) // the same port, nothing persisted
            return false;
        nodes[node].client.disconnect();
        return nodes[node].connect();
    };
    QVERIFY(set(0, "lock:ready", "tokReady", "600000"));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    QProcess monitor;
    monitor.start(QString::fromUtf8(LOCKSCOPE_CLI),
                  {QStringLiteral("monitor"), QStringLiteral("--redis"),
                   addresses.join(QLatin1Char(',')), QStringLiteral("--follow"),
                   QStringLiteral("--record"), file});
    QVERIFY(monitor.waitForStarted(5000));
    QByteArray shown;
    // The monitor's output shows `text` within ms (else the test fails, saying what it showed).
#define WAIT_FOR(text, ms)                                                                         \
    QTRY_VERIFY2_WITH_TIMEOUT(                                                                     \
        (shown += monitor.readAllStandardOutput()).contains(QByteArray(text)),                     \
        QByteArray(QByteArray(text) + "\nnot seen in:\n" + shown).constData(), scaledMs(ms))
    WAIT_FOR("tokReady holds lock:ready", 10000);

    // The control: a healthy Redlock cycle, and a token given a shorter lease on one node.
    for (int i = 0; i < 3; ++i)
        QVERIFY(set(i, "lock:control", "tokC1", "60000"));
    QVERIFY(set(0, "lock:drift", "tokD", "60000"));
    QVERIFY(set(1, "lock:drift", "tokD", "60000"));
    QVERIFY(set(2, "lock:drift", "tokD", "20000"));
    WAIT_FOR("quorum lock:control: tokC1 holds the majority: 3 of 3 nodes", 5000);
    // The drift is judged when the monitor has read tokD's three leases: deleted before that
    // (a busy machine: the clean room's suite once got there with one read), nothing drifted.
    WAIT_FOR("quorum lock:drift: tokD holds the majority: 3 of 3 nodes", 5000);
    for (int i = 0; i < 3; ++i) {
        del(i, "lock:control");
        del(i, "lock:drift");
    }

    // The story.
    for (int i = 0; i < 3; ++i)
        QVERIFY(set(i, "lock:story", "tokA", "60000"));
    WAIT_FOR("quorum lock:story: tokA holds the majority: 3 of 3 nodes", 5000);
    QVERIFY(restartEmpty(2));
    WAIT_FOR("quorum lock:story: tokA holds the majority: 2 of 3 nodes", 10000);
    // tokB tries all three nodes: only the restarted one is free.
    QVERIFY(!set(0, "lock:story", "tokB", "60000"));
    QVERIFY(!set(1, "lock:story", "tokB", "60000"));
    QVERIFY(set(2, "lock:story", "tokB", "60000"));
    WAIT_FOR("tokB holds lock:story on " + addresses[2].toUtf8(), 5000);
    QVERIFY(restartEmpty(1));
    WAIT_FOR("anomaly quorum-lost: lock:story", 15000);
    WAIT_FOR("anomaly split: lock:story", 5000);
    // tokB tries again: node 2 is free now, and with node 3 it is the majority.
    QVERIFY(!set(0, "lock:story", "tokB", "60000"));
    QVERIFY(set(1, "lock:story", "tokB", "60000"));
    WAIT_FOR("quorum lock:story: tokB holds the majority: 2 of 3 nodes", 5000);

    // Another healthy cycle after the restarts, then longer than the grace with nothing new.
    for (int i = 0; i < 3; ++i)
        QVERIFY(set(i, "lock:control", "tokC2", "60000"));
    WAIT_FOR("quorum lock:control: tokC2 holds the majority: 3 of 3 nodes", 5000);
    for (int i = 0; i < 3; ++i)
        del(i, "lock:control");
    QTest::qWait(int(QuorumOptions().graceMs) + scaledMs(1500));

    // A snapshot now: tokB holds the majority, tokA still node 1.
    const CliRun once = runProgram(QString::fromUtf8(LOCKSCOPE_CLI),
                                   {QStringLiteral("monitor"), QStringLiteral("--redis"),
                                    addresses.join(QLatin1Char(',')), QStringLiteral("--once"),
                                    QStringLiteral("--json")},
                                   scaledMs(20000));
    QVERIFY2(once.exitCode == 0, once.describe().constData());
    bool storySeen = false;
    for (const QByteArray &line : once.out.split('\n')) {
        const QJsonObject row = QJsonDocument::fromJson(line).object();
        if (row[QStringLiteral("key")] != QLatin1String("lock:story"))
            continue;
        storySeen = true;
        const QJsonObject q = row[QStringLiteral("quorum")].toObject();
        QCOMPARE(q[QStringLiteral("holder")].toString(), QStringLiteral("tokB"));
        QCOMPARE(q[QStringLiteral("holder_nodes")].toInt(), 2);
        QMap<QString, QString> ownerOf;
        for (const QJsonValue &v : q[QStringLiteral("per_node")].toArray())
            ownerOf[v[QStringLiteral("node")].toString()] = v[QStringLiteral("owner")].toString();
        QCOMPARE(ownerOf.value(addresses[0]), QStringLiteral("tokA"));
        QCOMPARE(ownerOf.value(addresses[1]), QStringLiteral("tokB"));
        QCOMPARE(ownerOf.value(addresses[2]), QStringLiteral("tokB"));
    }
    QVERIFY2(storySeen, once.out.constData());

    ::kill(pid_t(monitor.processId()), SIGINT);
    QVERIFY(monitor.waitForFinished(scaledMs(10000)));
    QCOMPARE(monitor.exitCode(), 0);
    shown += monitor.readAllStandardOutput();

    // The recording: lock:story's quorum notes in this order (others may come between).
    QFile recording(file);
    QVERIFY(recording.open(QIODevice::ReadOnly));
    QStringList story;
    QMap<QString, QStringList> anomalies; // key -> "id: owner part"
    QString lostSentence, driftSentence;
    for (const QByteArray &line : recording.readAll().split('\n')) {
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        const QString text = e[QStringLiteral("text")].toString();
        const QString key = e[QStringLiteral("key")].toString();
        if (text.startsWith(QLatin1String("quorum lock:story: ")))
            story << text.mid(19).section(QLatin1Char(';'), 0, 0);
        if (text.startsWith(QLatin1String("anomaly "))) {
            const QString id = text.mid(8).section(QLatin1Char(':'), 0, 0);
            anomalies[key] << id;
            if (key == QLatin1String("lock:story") && id == QLatin1String("quorum-lost"))
                lostSentence = text;
            if (key == QLatin1String("lock:drift") && id == QLatin1String("clock-drift"))
                driftSentence = text;
        }
    }
    const QStringList expected = {
        QStringLiteral("tokA holds the majority: 3 of 3 nodes"),
        QStringLiteral("tokA holds the majority: 2 of 3 nodes"),
        QStringLiteral("nobody holds the majority (tokA on 1, tokB on 1 of 3 nodes)"),
        QStringLiteral("tokB holds the majority: 2 of 3 nodes"),
    };
    qsizetype at = 0;
    for (const QString &s : story) {
        if (at < expected.size() && s == expected[at])
            ++at;
    }
    QVERIFY2(at == expected.size(), qPrintable(story.join(QLatin1Char('\n'))));
    QVERIFY2(anomalies[QStringLiteral("lock:story")].contains(QStringLiteral("quorum-lost")),
             shown.constData());
    QVERIFY2(anomalies[QStringLiteral("lock:story")].contains(QStringLiteral("split")),
             shown.constData());
    QVERIFY2(lostSentence.contains(QLatin1String("tokA held the majority")) &&
                 lostSentence.contains(QLatin1String("on 2 node(s)")) &&
                 lostSentence.contains(QLatin1String("1 of 3 nodes")),
             qPrintable(lostSentence));
    QVERIFY2(driftSentence.contains(QLatin1String("tokD")), shown.constData());
    for (const QString &id : anomalies.value(QStringLiteral("lock:control")))
        QVERIFY2(id != QLatin1String("split") && id != QLatin1String("quorum-lost") &&
                     id != QLatin1String("clock-drift"),
                 qPrintable(QStringLiteral("lock:control: ") + id));
    QVERIFY(!anomalies[QStringLiteral("lock:story")].contains(QStringLiteral("clock-drift")));

    // replay tells the same story from the file.
    const CliRun replay = runProgram(
        QString::fromUtf8(LOCKSCOPE_CLI),
        {QStringLiteral("replay"), file, QStringLiteral("--key"), QStringLiteral("lock:story")},
        scaledMs(20000));
    QVERIFY2(replay.exitCode == 0, replay.describe().constData());
    QVERIFY2(replay.out.contains("anomaly quorum-lost: lock:story: tokA held the majority"),
             replay.out.constData());
    QVERIFY2(replay.out.contains("quorum lock:story: tokB holds the majority: 2 of 3 nodes"),
             replay.out.constData());
}

void TestMonitorRedlock::lockscopesOwnRedlockIsHealthy()
{
    std::vector<std::unique_ptr<RedisServer>> servers;
    QStringList addresses;
    for (int i = 0; i < 5; ++i) { // the strategy's five nodes
        servers.push_back(std::make_unique<RedisServer>(
            QStringList{QStringLiteral("--notify-keyspace-events"), kFlags}));
        QVERIFY2(servers.back()->start(), qPrintable(servers.back()->errorString()));
        addresses << address(*servers.back());
    }
    RedisTestClient first;
    QVERIFY(first.connect(servers[0]->host(), servers[0]->port()));
    QVERIFY(first.command(cmd({"SET", "lock:ready", "tokReady", "PX", "600000"})).isOk());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    const QString nodes = addresses.join(QLatin1Char(','));
    QProcess monitor;
    monitor.start(QString::fromUtf8(LOCKSCOPE_CLI),
                  {QStringLiteral("monitor"), QStringLiteral("--redis"), nodes,
                   QStringLiteral("--follow"), QStringLiteral("--record"), file});
    QVERIFY(monitor.waitForStarted(5000));
    QByteArray shown;
    WAIT_FOR("tokReady holds lock:ready", 10000);

    const CliRun live = runProgram(QString::fromUtf8(LOCKSCOPE_CLI),
                                   {QStringLiteral("simulate"), QStringLiteral("--scenario"),
                                    QStringLiteral("split-vote"), QStringLiteral("--strategy"),
                                    QStringLiteral("redlock"), QStringLiteral("--live"),
                                    QStringLiteral("--redis"), nodes},
                                   scaledMs(60000));
    QVERIFY2(live.exitCode == 0, live.describe().constData());
    // Longer than the grace after the last change: a split or a loss would be noted by now.
    QTest::qWait(int(QuorumOptions().graceMs) + scaledMs(1500));
    ::kill(pid_t(monitor.processId()), SIGINT);
    QVERIFY(monitor.waitForFinished(scaledMs(10000)));
    QCOMPARE(monitor.exitCode(), 0);
    shown += monitor.readAllStandardOutput();

    QFile recording(file);
    QVERIFY(recording.open(QIODevice::ReadOnly));
    int majorities = 0;
    for (const QByteArray &line : recording.readAll().split('\n')) {
        const QString text =
            QJsonDocument::fromJson(line).object()[QStringLiteral("text")].toString();
        if (text.startsWith(QLatin1String("quorum ")) &&
            (text.contains(QLatin1String("holds the majority: 3 of 5")) ||
             text.contains(QLatin1String("holds the majority: 4 of 5")) ||
             text.contains(QLatin1String("holds the majority: 5 of 5"))))
            ++majorities;
        QVERIFY2(!text.startsWith(QLatin1String("anomaly split")) &&
                     !text.startsWith(QLatin1String("anomaly quorum-lost")) &&
                     !text.startsWith(QLatin1String("anomaly clock-drift")),
                 qPrintable(text));
    }
    // The clients took the lock in turn: the monitor saw majorities held.
    QVERIFY2(majorities >= 2, shown.constData());
}

void TestMonitorRedlock::lockscopesOwnRedlockUnderARestart()
{
    std::vector<std::unique_ptr<RedisServer>> servers;
    QStringList addresses;
    for (int i = 0; i < 3; ++i) {
        servers.push_back(std::make_unique<RedisServer>(
            QStringList{QStringLiteral("--notify-keyspace-events"), kFlags}));
        QVERIFY2(servers.back()->start(), qPrintable(servers.back()->errorString()));
        addresses << address(*servers.back());
    }
    RedisTestClient first;
    QVERIFY(first.connect(servers[0]->host(), servers[0]->port()));
    QVERIFY(first.command(cmd({"SET", "lock:ready", "tokReady", "PX", "600000"})).isOk());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // One client, one acquisition on the three nodes, held 6 s (times scaled for slow machines).
    const QString scenario = dir.filePath(QStringLiteral("long-hold.json"));
    {
        QFile f(scenario);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"({"id": "redlock-long-hold", "title": "One long Redlock hold",
            "summary": "One client holds the lock on three nodes.", "explanation": "A test.",
            "clients": 1, "ttl_ms": %1, "hold_ms": %2, "think_ms": 100, "cycles": 1,
            "duration_ms": %3, "redlock_nodes": 3})")
                    .arg(scaledMs(20000))
                    .arg(scaledMs(6000))
                    .arg(scaledMs(10000))
                    .toUtf8());
    }
    const QString file = dir.filePath(QStringLiteral("rec.jsonl"));
    const QString nodes = addresses.join(QLatin1Char(','));
    QProcess monitor;
    monitor.start(QString::fromUtf8(LOCKSCOPE_CLI),
                  {QStringLiteral("monitor"), QStringLiteral("--redis"), nodes,
                   QStringLiteral("--follow"), QStringLiteral("--record"), file});
    QVERIFY(monitor.waitForStarted(5000));
    QByteArray shown;
    WAIT_FOR("tokReady holds lock:ready", 10000);

    QProcess live;
    live.start(QString::fromUtf8(LOCKSCOPE_CLI),
               {QStringLiteral("simulate"), QStringLiteral("--scenario"), scenario,
                QStringLiteral("--strategy"), QStringLiteral("redlock"), QStringLiteral("--live"),
                QStringLiteral("--time-scale"), QStringLiteral("1"), QStringLiteral("--redis"),
                nodes});
    QVERIFY(live.waitForStarted(5000));
    WAIT_FOR("holds the majority: 3 of 3 nodes", 10000);
    shown.clear();      // what follows must come after the restart
    servers[2]->kill(); // mid-hold, and back empty on the same port
    QTest::qWait(300);
    QVERIFY2(servers[2]->start(), qPrintable(servers[2]->errorString()));
    WAIT_FOR("holds the majority: 2 of 3 nodes", 10000);
    QVERIFY(live.waitForFinished(scaledMs(60000)));
    const QByteArray liveOut = live.readAllStandardOutput() + live.readAllStandardError();
    QVERIFY2(live.exitCode() == 0, liveOut.constData());
    WAIT_FOR(": on no node;", 10000); // released on the nodes that held it
    QTest::qWait(int(QuorumOptions().graceMs) + scaledMs(1000));
    ::kill(pid_t(monitor.processId()), SIGINT);
    QVERIFY(monitor.waitForFinished(scaledMs(10000)));
    shown += monitor.readAllStandardOutput();

    // The recording says the same, in order, with no finding about the lock.
    QFile recording(file);
    QVERIFY(recording.open(QIODevice::ReadOnly));
    QStringList story;
    for (const QByteArray &line : recording.readAll().split('\n')) {
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        const QString text = e[QStringLiteral("text")].toString();
        const QString key = e[QStringLiteral("key")].toString();
        if (!key.startsWith(QLatin1String("lockscope:live:")))
            continue; // the strategy's own lock key (not its counter)
        QVERIFY2(!text.startsWith(QLatin1String("anomaly split")) &&
                     !text.startsWith(QLatin1String("anomaly quorum-lost")) &&
                     !text.startsWith(QLatin1String("anomaly clock-drift")),
                 qPrintable(text));
        if (text.contains(QLatin1String("holds the majority: 3 of 3")))
            story << QStringLiteral("3/3");
        else if (text.contains(QLatin1String("holds the majority: 2 of 3")))
            story << QStringLiteral("2/3");
        else if (text.startsWith(QLatin1String("quorum ")) &&
                 text.contains(QLatin1String("on no node")))
            story << QStringLiteral("free");
    }
    // In this order (the acquisition and the release may pass through other counts).
    const qsizetype all = story.indexOf(QStringLiteral("3/3"));
    const qsizetype two = story.indexOf(QStringLiteral("2/3"), all + 1);
    const qsizetype free = story.indexOf(QStringLiteral("free"), two + 1);
    QVERIFY2(all >= 0 && two > all && free > two, qPrintable(story.join(QLatin1Char(' '))));
}

#undef WAIT_FOR

QTEST_MAIN(TestMonitorRedlock)
#include "test_monitor_redlock.moc"
