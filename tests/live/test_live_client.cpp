// The live runtime against real redis-server processes: every strategy excludes and releases,
// Redlock keeps a quorum with nodes down, and the flawed variants show their flaw with real
// pauses, kills and a real failover. Every wait is bounded.
#include <QElapsedTimer>
#include <QTest>

// moc cannot parse the C++20 library headers behind <coroutine>; it needs none of these.
#ifndef Q_MOC_RUN
#include "live_test_support.h"

#include "lock/acquire.h"
#include "lock/strategy_registry.h"
#include "sim/checker.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

const QByteArray kKey = QByteArrayLiteral("lock:live");
constexpr const char *kStepTest = "test.call";

LockHandle handleFor(qint64 ttlMs)
{
    LockHandle h;
    h.request.key = kKey;
    h.request.ttlMs = ttlMs;
    h.request.nodeTimeoutMs = 300; // redlock's per-node timeout, generous for a loaded machine
    return h;
}

WaitOptions spinFor(qint64 timeoutMs)
{
    WaitOptions w;
    w.mode = WaitMode::Spin;
    w.spinMs = 20;
    w.timeoutMs = timeoutMs;
    return w;
}

Task<Reply> callOnce(LiveClient &client, Command argv, qint64 timeoutMs)
{
    Reply reply = co_await client.call(0, std::move(argv), kStepTest, timeoutMs);
    co_return reply;
}

Task<bool> sleepThenTrue(LiveClient &client, qint64 ms)
{
    co_await client.sleep(ms);
    co_return true;
}

qint64 countEvents(const EventLog &log, EventKind kind, qint16 client)
{
    return std::count_if(log.events().begin(), log.events().end(),
                         [&](const Event &e) { return e.kind == kind && e.client == client; });
}

// A sync client on a fixture server; fails the test if it cannot connect.
struct Sync {
    RedisTestClient client;
    bool ok;
    explicit Sync(const RedisServer &server)
        : ok(client.connect(server.host(), server.port()))
    {}
    Reply operator()(std::initializer_list<const char *> parts)
    {
        return client.command(cmd(parts));
    }
    Reply run(const Command &argv) { return client.command(argv); }
};

bool waitForKeyGone(Sync &sync, int timeoutMs)
{
    return QTest::qWaitFor(
        [&] {
            const Reply r = sync.run({QByteArrayLiteral("EXISTS"), kKey});
            return r.isInteger() && r.integer() == 0;
        },
        timeoutMs);
}

} // namespace

Q_DECLARE_METATYPE(lockscope::ReleaseOutcome)

class TestLiveClient : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void everyStrategyExcludesAndReleases_data();
    void everyStrategyExcludesAndReleases();
    void pubsubWaiterWakesOnRelease();
    void redlockKeepsQuorumWithTwoNodesDown();

    void getDelPauseBetweenGetAndDelDeletesNextHoldersLock();
    void delAfterOwnExpiryDeletesNextHoldersLock();
    void setnxExpireKilledBetweenCommandsLeavesKeyWithoutTtl();
    void watchdogRenewsUntilTheProcessPauses();
    void failoverWithUnreplicatedLockGivesTwoHolders();

    void pauseDefersRepliesAndTimers();
    void delayedRepliesArriveLateOrTimeOut();
    void killBeforeSendDestroysFramesAndClosesConnections();
    void spawnedTaskErrorFailsTheClient();

private:
    std::vector<std::unique_ptr<RedisServer>> m_servers; // five, for redlock; [0] for the rest
    QList<const RedisServer *> nodesFor(const Strategy &s) const
    {
        QList<const RedisServer *> nodes;
        const int n = s.info().multiNode ? 5 : 1;
        for (int i = 0; i < n; ++i)
            nodes << m_servers[std::size_t(i)].get();
        return nodes;
    }
};

void TestLiveClient::initTestCase()
{
    for (int i = 0; i < 5; ++i) {
        m_servers.push_back(std::make_unique<RedisServer>());
        QVERIFY2(m_servers.back()->start(), qPrintable(m_servers.back()->errorString()));
    }
}

void TestLiveClient::init()
{
    for (const auto &s : m_servers) {
        Sync sync(*s);
        QVERIFY(sync.ok);
        QVERIFY(sync({"FLUSHALL"}).isOk());
    }
}

void TestLiveClient::everyStrategyExcludesAndReleases_data()
{
    QTest::addColumn<QString>("id");
    for (const QString &id : strategyIds())
        QTest::newRow(qPrintable(id)) << id;
}

void TestLiveClient::everyStrategyExcludesAndReleases()
{
    QFETCH(QString, id);
    const auto strategy = createStrategy(id);
    QVERIFY(strategy);
    const QList<const RedisServer *> nodes = nodesFor(*strategy);
    LockHandle ha = handleFor(5000), hb = handleFor(5000);
    const WaitOptions patient = spinFor(3000), quick = spinFor(300);
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, nodes), &recorder);
    LiveClient b(clientOptions("B", 1, nodes), &recorder);
    a.open();
    b.open();

    const auto existsOnNodes = [&] {
        int n = 0;
        for (const RedisServer *s : nodes) {
            Sync sync(*s);
            const Reply r = sync.run({QByteArrayLiteral("EXISTS"), kKey});
            n += r.isInteger() ? int(r.integer()) : 0;
        }
        return n;
    };
    const int quorum = int(nodes.size()) / 2 + 1;

    auto got = awaitOutcome(runOn(a, acquireLock(a, *strategy, ha, patient)));
    QVERIFY2(got.has_value(), "A's acquisition did not finish");
    QVERIFY2(*got, "A could not acquire a free lock");
    QVERIFY(existsOnNodes() >= quorum);

    auto excluded = awaitOutcome(runOn(b, acquireLock(b, *strategy, hb, quick)));
    QVERIFY2(excluded.has_value(), "B's attempt did not finish");
    QVERIFY2(!*excluded, "B acquired a lock A holds");

    auto released = awaitOutcome(runOn(a, releaseLock(a, *strategy, ha, patient)));
    QVERIFY(released.has_value());
    QCOMPARE(*released, ReleaseOutcome::Released);
    QCOMPARE(existsOnNodes(), 0);

    auto gotB = awaitOutcome(runOn(b, acquireLock(b, *strategy, hb, patient)));
    QVERIFY(gotB.has_value());
    QVERIFY2(*gotB, "B could not acquire after A released");
    QVERIFY(existsOnNodes() >= quorum);
    auto releasedB = awaitOutcome(runOn(b, releaseLock(b, *strategy, hb, patient)));
    QVERIFY(releasedB.has_value());
    QCOMPARE(*releasedB, ReleaseOutcome::Released);
    QCOMPARE(existsOnNodes(), 0);

    // The log is the simulator's: commands sent and answered, with the client's lane.
    QVERIFY(countEvents(log, EventKind::CommandSent, 0) > 0);
    QVERIFY(countEvents(log, EventKind::ReplyReceived, 1) > 0);
    QCOMPARE(countEvents(log, EventKind::ReplyMissing, 0), 0);
}

void TestLiveClient::pubsubWaiterWakesOnRelease()
{
    const auto strategy = createStrategy(QStringLiteral("set-nx-px-lua"));
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    LockHandle ha = handleFor(20000), hb = handleFor(20000);
    WaitOptions pubsub;
    pubsub.mode = WaitMode::PubSub;
    pubsub.timeoutMs = 8000;
    LiveClient a(clientOptions("A", 0, nodes), nullptr);
    LiveClient b(clientOptions("B", 1, nodes), nullptr);
    a.open();
    b.open();

    auto got = awaitOutcome(runOn(a, acquireLock(a, *strategy, ha, pubsub)));
    QVERIFY(got && *got);
    // B waits on the release channel: without the announcement it would wait the whole lease.
    auto waiting = runOn(b, acquireLock(b, *strategy, hb, pubsub));
    QTest::qWait(200);
    QVERIFY(!waiting->has_value());
    QElapsedTimer timer;
    timer.start();
    auto released = awaitOutcome(runOn(a, releaseLock(a, *strategy, ha, pubsub)));
    QVERIFY(released.has_value());
    QCOMPARE(*released, ReleaseOutcome::Released);
    auto gotB = awaitOutcome(waiting, 3000);
    QVERIFY2(gotB.has_value(), "B was not woken by the release");
    QVERIFY(*gotB);
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
}

void TestLiveClient::redlockKeepsQuorumWithTwoNodesDown()
{
    std::vector<std::unique_ptr<RedisServer>> servers;
    QList<const RedisServer *> nodes;
    for (int i = 0; i < 5; ++i) {
        servers.push_back(std::make_unique<RedisServer>());
        QVERIFY2(servers.back()->start(), qPrintable(servers.back()->errorString()));
        nodes << servers.back().get();
    }
    const auto redlock = createStrategy(QStringLiteral("redlock"));
    LockHandle h = handleFor(5000), h2 = handleFor(5000);
    const WaitOptions patient = spinFor(2000), quick = spinFor(500);
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, nodes), &recorder);
    a.open();
    QVERIFY(QTest::qWaitFor([&] { return a.connectionsReady(); }, 3000));

    servers[3]->stop();
    servers[4]->stop();
    auto got = awaitOutcome(runOn(a, acquireLock(a, *redlock, h, patient)));
    QVERIFY(got.has_value());
    QVERIFY2(*got, "redlock refused with 3 of 5 nodes up");
    QCOMPARE(std::popcount(h.nodesHeld), 3);
    for (int i = 0; i < 3; ++i) {
        Sync sync(*servers[std::size_t(i)]);
        QCOMPARE(sync.run({QByteArrayLiteral("GET"), kKey}).text(), h.token);
    }
    auto released = awaitOutcome(runOn(a, releaseLock(a, *redlock, h, patient)));
    QVERIFY(released.has_value());
    QCOMPARE(*released, ReleaseOutcome::Released);

    servers[2]->stop();
    auto refused = awaitOutcome(runOn(a, acquireLock(a, *redlock, h2, quick)));
    QVERIFY(refused.has_value());
    QVERIFY2(!*refused, "redlock acquired with only 2 of 5 nodes up");
    // Its votes were counted for real: 3 nodes said yes, then never more than 2.
    QList<qint64> votes;
    for (const Event &e : log.events()) {
        if (e.kind == EventKind::Note && log.strings().at(e.text).contains("quorum"))
            votes << e.value;
    }
    QVERIFY(votes.size() >= 2);
    QCOMPARE(votes.first(), 3);
    for (qsizetype i = 1; i < votes.size(); ++i)
        QVERIFY2(votes[i] <= 2, qPrintable(QString::number(votes[i])));
    for (int i = 0; i < 2; ++i) {
        Sync sync(*servers[std::size_t(i)]);
        QCOMPARE(sync.run({QByteArrayLiteral("EXISTS"), kKey}).integer(), 0); // undone
    }
}

void TestLiveClient::getDelPauseBetweenGetAndDelDeletesNextHoldersLock()
{
    // docs/lock-catalogue.md scenario 3 for real: A's GET says the lock is its own; A pauses past
    // its TTL; B acquires; A wakes and its DEL removes B's lock.
    const auto strategy = createStrategy(QStringLiteral("set-nx-px-get-del"));
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    LockHandle ha = handleFor(300), hb = handleFor(10000);
    const WaitOptions wait = spinFor(2000);
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, nodes), &recorder);
    LiveClient b(clientOptions("B", 1, nodes), &recorder);
    a.open();
    b.open();
    Sync sync(*m_servers[0]);
    QVERIFY(sync.ok);

    auto got = awaitOutcome(runOn(a, acquireLock(a, *strategy, ha, wait)));
    QVERIFY(got && *got);
    a.pauseAtStep("release.get", StepPhase::After, 2000);
    auto releasing = runOn(a, releaseLock(a, *strategy, ha, wait));
    QVERIFY2(QTest::qWaitFor([&] { return a.isPaused(); }, 2000), "A never reached its DEL");
    QVERIFY2(waitForKeyGone(sync, 2000), "A's lock did not expire");

    auto gotB = awaitOutcome(runOn(b, acquireLock(b, *strategy, hb, wait)));
    QVERIFY(gotB && *gotB);
    QCOMPARE(sync.run({QByteArrayLiteral("GET"), kKey}).text(), hb.token);
    QVERIFY(a.isPaused());
    QVERIFY(!releasing->has_value());

    auto released = awaitOutcome(releasing, 3000);
    QVERIFY2(released.has_value(), "A did not wake");
    QCOMPARE(*released, ReleaseOutcome::Released); // A's DEL deleted a key: B's
    QCOMPARE(sync.run({QByteArrayLiteral("EXISTS"), kKey}).integer(), 0);
    QCOMPARE(countEvents(log, EventKind::ClientPaused, 0), 1);
    QCOMPARE(countEvents(log, EventKind::ClientResumed, 0), 1);
}

void TestLiveClient::delAfterOwnExpiryDeletesNextHoldersLock()
{
    // set-nx-px-del: A pauses while holding; its lease runs out; B acquires; A's plain DEL
    // removes B's lock.
    const auto strategy = createStrategy(QStringLiteral("set-nx-px-del"));
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    LockHandle ha = handleFor(300), hb = handleFor(10000);
    const WaitOptions wait = spinFor(2000);
    LiveClient a(clientOptions("A", 0, nodes), nullptr);
    LiveClient b(clientOptions("B", 1, nodes), nullptr);
    a.open();
    b.open();
    Sync sync(*m_servers[0]);

    auto got = awaitOutcome(runOn(a, acquireLock(a, *strategy, ha, wait)));
    QVERIFY(got && *got);
    a.pause(2000); // a GC pause with the lock held
    auto releasing = runOn(a, releaseLock(a, *strategy, ha, wait));
    QVERIFY(waitForKeyGone(sync, 2000));
    auto gotB = awaitOutcome(runOn(b, acquireLock(b, *strategy, hb, wait)));
    QVERIFY(gotB && *gotB);
    QCOMPARE(sync.run({QByteArrayLiteral("GET"), kKey}).text(), hb.token);
    QVERIFY(!releasing->has_value()); // the release waits for A to wake

    auto released = awaitOutcome(releasing, 3000);
    QVERIFY(released.has_value());
    QCOMPARE(*released, ReleaseOutcome::Released);
    QCOMPARE(sync.run({QByteArrayLiteral("EXISTS"), kKey}).integer(), 0); // B's lock is gone
}

void TestLiveClient::setnxExpireKilledBetweenCommandsLeavesKeyWithoutTtl()
{
    const auto strategy = createStrategy(QStringLiteral("setnx-expire"));
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    LockHandle ha = handleFor(1000), hb = handleFor(1000);
    const WaitOptions wait = spinFor(500);
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, nodes), &recorder);
    LiveClient b(clientOptions("B", 1, nodes), &recorder);
    a.open();
    b.open();
    Sync sync(*m_servers[0]);

    a.killAtStep("acquire.setnx", StepPhase::After);
    auto acquiring = runOn(a, acquireLock(a, *strategy, ha, wait));
    QVERIFY(QTest::qWaitFor([&] { return a.killed(); }, 2000));
    // The frames go from the event loop, then the connections close.
    QVERIFY(QTest::qWaitFor(
        [&] { return a.connection(0)->state() == Connection::State::Disconnected; }, 2000));
    QVERIFY(!acquiring->has_value()); // never resumed: the coroutine died with the client

    QCOMPARE(sync.run({QByteArrayLiteral("PTTL"), kKey}).integer(), -1); // no TTL: held forever
    QVERIFY(sync.run({QByteArrayLiteral("GET"), kKey}).text().startsWith("A:"));
    QCOMPARE(countEvents(log, EventKind::CommandSent, 0), 1); // SETNX only, never EXPIRE
    QCOMPARE(countEvents(log, EventKind::ClientCrashed, 0), 1);

    auto gotB = awaitOutcome(runOn(b, acquireLock(b, *strategy, hb, wait)));
    QVERIFY(gotB.has_value());
    QVERIFY2(!*gotB, "the stuck lock let B in");
}

void TestLiveClient::watchdogRenewsUntilTheProcessPauses()
{
    const auto strategy = createStrategy(QStringLiteral("watchdog"));
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    LockHandle ha = handleFor(900), hb = handleFor(10000);
    const WaitOptions wait = spinFor(2000);
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, nodes), &recorder);
    LiveClient b(clientOptions("B", 1, nodes), &recorder);
    a.open();
    b.open();
    Sync sync(*m_servers[0]);

    auto got = awaitOutcome(runOn(a, acquireLock(a, *strategy, ha, wait)));
    QVERIFY(got && *got);
    // Renewals every TTL/3 keep the lease alive well past its TTL...
    QTest::qWait(2000);
    QCOMPARE(sync.run({QByteArrayLiteral("GET"), kKey}).text(), ha.token);
    QVERIFY(countEvents(log, EventKind::Renewed, 0) >= 2);
    // ...until the whole process pauses: the renewals stop too, and B gets in.
    a.pause(3000);
    QVERIFY2(waitForKeyGone(sync, 2500), "the lease survived a pause longer than its TTL");
    auto gotB = awaitOutcome(runOn(b, acquireLock(b, *strategy, hb, wait)));
    QVERIFY(gotB && *gotB);
    QVERIFY(a.isPaused());
}

void TestLiveClient::failoverWithUnreplicatedLockGivesTwoHolders()
{
    // docs/lock-catalogue.md scenario 6 with real servers: A locks on the primary, the write never
    // reaches the replica, the primary dies, the replica is promoted, B locks: two holders.
    //
    // The lag is made real, not simulated: the replica is stopped (SIGSTOP) and its replication
    // link is cut on the primary (CLIENT KILL TYPE replica) before A locks, so A's SET is not
    // sitting in the replica's socket buffer either; the stopped replica cannot reconnect and
    // resync before the primary is killed.
    RedisServer primary;
    QVERIFY2(primary.start(), qPrintable(primary.errorString()));
    RedisServer replica(
        {QStringLiteral("--replicaof"), primary.host(), QString::number(primary.port())});
    QVERIFY2(replica.start(), qPrintable(replica.errorString()));
    Sync onPrimary(primary);
    Sync onReplica(replica);
    QVERIFY(onPrimary.ok && onReplica.ok);
    QVERIFY2(
        QTest::qWaitFor(
            [&] {
                return onReplica({"INFO", "replication"}).text().contains("master_link_status:up");
            },
            10000),
        "the replica never synchronised");
    QVERIFY(onPrimary({"SET", "replicated", "yes"}).isOk());
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     return onReplica({"GET", "replicated"}).text() == "yes";
                 },
                 5000),
             "replication does not work at all");

    replica.pause();
    const Reply cut = onPrimary({"CLIENT", "KILL", "TYPE", "replica"});
    QVERIFY2(cut.isInteger() && cut.integer() >= 1, cut.toDisplay().constData());

    const auto strategy = createStrategy(QStringLiteral("set-nx-px-lua"));
    LockHandle ha = handleFor(30000), hb = handleFor(30000);
    const WaitOptions wait = spinFor(2000);
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, {&primary}), &recorder);
    LiveClient b(clientOptions("B", 1, {&replica}), &recorder);
    a.open();
    const quint32 key = recorder.intern(kKey);

    auto gotA = awaitOutcome(runOn(a, acquireLock(a, *strategy, ha, wait)));
    QVERIFY(gotA && *gotA);
    recorder.record(EventKind::CriticalEnter, 0, kNoNode, key, 0, 0);

    primary.kill();
    replica.resume();
    const Reply promoted = onReplica({"REPLICAOF", "NO", "ONE"});
    QVERIFY2(promoted.isOk(), promoted.toDisplay().constData());
    QCOMPARE(onReplica({"GET", "replicated"}).text(), QByteArrayLiteral("yes"));
    QCOMPARE(onReplica.run({QByteArrayLiteral("EXISTS"), kKey}).integer(), 0); // A's lock lost

    b.open();
    auto gotB = awaitOutcome(runOn(b, acquireLock(b, *strategy, hb, wait)));
    QVERIFY(gotB.has_value());
    QVERIFY2(*gotB, "B could not lock on the promoted replica");
    recorder.record(EventKind::CriticalEnter, 1, kNoNode, key, 0, 0);
    QVERIFY(ha.token != hb.token);

    // A never released: the checker sees two holders of one lock at the same time.
    const CheckReport report = checkLog(log);
    QCOMPARE(report.violations, 1);
}

void TestLiveClient::pauseDefersRepliesAndTimers()
{
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, nodes), &recorder);
    a.open();
    QVERIFY(QTest::qWaitFor([&] { return a.connectionsReady(); }, 3000));

    QElapsedTimer timer;
    timer.start();
    auto reply = runOn(a, callOnce(a, cmd({"PING"}), 2000));
    auto slept = runOn(a, sleepThenTrue(a, 10));
    a.pause(400);
    QVERIFY(a.isPaused());
    QTest::qWait(150);
    QVERIFY(!reply->has_value()); // the PONG is here, but the client is not
    QVERIFY(!slept->has_value());
    QVERIFY(awaitOutcome(reply, 2000).has_value());
    QVERIFY(awaitOutcome(slept, 2000).has_value());
    QVERIFY2(timer.elapsed() >= 390, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE((*reply)->text(), QByteArrayLiteral("PONG"));
    QVERIFY(!a.isPaused());
    QCOMPARE(countEvents(log, EventKind::ClientPaused, 0), 1);
    QCOMPARE(countEvents(log, EventKind::ClientResumed, 0), 1);
}

void TestLiveClient::delayedRepliesArriveLateOrTimeOut()
{
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    LiveClient a(clientOptions("A", 0, nodes), nullptr);
    a.open();
    QVERIFY(QTest::qWaitFor([&] { return a.connectionsReady(); }, 3000));

    a.delayReplies(200);
    QElapsedTimer timer;
    timer.start();
    auto late = awaitOutcome(runOn(a, callOnce(a, cmd({"PING"}), 2000)));
    QVERIFY(late.has_value());
    QCOMPARE(late->text(), QByteArrayLiteral("PONG"));
    QVERIFY2(timer.elapsed() >= 195, qPrintable(QString::number(timer.elapsed())));

    a.delayReplies(500);
    timer.restart();
    auto lost = awaitOutcome(runOn(a, callOnce(a, cmd({"PING"}), 150)));
    QVERIFY(lost.has_value());
    QVERIFY(lost->isNoReply());
    QCOMPARE(Connection::classify(*lost), RedisErrorKind::Timeout);
    QVERIFY2(timer.elapsed() >= 140 && timer.elapsed() < 1000,
             qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(a.stats().errors[std::size_t(RedisErrorKind::Timeout)], quint64(1));

    a.delayReplies(0);
    auto prompt = awaitOutcome(runOn(a, callOnce(a, cmd({"PING"}), 2000)));
    QVERIFY(prompt.has_value());
    QCOMPARE(prompt->text(), QByteArrayLiteral("PONG"));
}

void TestLiveClient::killBeforeSendDestroysFramesAndClosesConnections()
{
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    EventLog log;
    LiveRecorder recorder(&log, log.sharedStrings(), true);
    LiveClient a(clientOptions("A", 0, nodes), &recorder);
    a.open();
    auto sleeping = runOn(a, sleepThenTrue(a, 100));
    a.killAtStep(kStepTest, StepPhase::Before);
    auto never = runOn(a, callOnce(a, cmd({"SET", "lock:live", "x"}), 2000));
    QVERIFY(a.killed());
    QTest::qWait(300);
    QVERIFY(!never->has_value());
    QVERIFY(!sleeping->has_value()); // its timer fired into a dead client
    QCOMPARE(a.connection(0)->state(), Connection::State::Disconnected);
    QCOMPARE(countEvents(log, EventKind::CommandSent, 0), 0);
    Sync sync(*m_servers[0]);
    QCOMPARE(sync({"EXISTS", "lock:live"}).integer(), 0);
    // A dead client takes nothing new.
    auto after = runOn(a, sleepThenTrue(a, 1));
    QTest::qWait(50);
    QVERIFY(!after->has_value());
}

namespace {
// A background task that talks to the server, then throws (issue 12).
Task<void> setThenThrow(LiveClient &client)
{
    Command set{QByteArrayLiteral("SET"), QByteArrayLiteral("lock:live"), QByteArrayLiteral("x")};
    co_await client.call(0, std::move(set), kStepTest);
    throw std::runtime_error("the renewal bookkeeping broke");
}
} // namespace

void TestLiveClient::spawnedTaskErrorFailsTheClient()
{
    const QList<const RedisServer *> nodes{m_servers[0].get()};
    LiveClient a(clientOptions("A", 0, nodes), nullptr);
    a.open();
    auto sleeping = runOn(a, sleepThenTrue(a, 300));
    a.spawn(setThenThrow(a));
    QVERIFY(QTest::qWaitFor([&] { return !a.abortReason().isEmpty(); }, 5000));
    QVERIFY2(a.abortReason().startsWith(QLatin1String("client A: ")), qPrintable(a.abortReason()));
    QVERIFY2(a.abortReason().contains(QLatin1String("the renewal bookkeeping broke")),
             qPrintable(a.abortReason()));
    // The command before the throw did reach the server, and the client is over: its other
    // coroutines never resume.
    Sync sync(*m_servers[0]);
    QCOMPARE(sync({"EXISTS", "lock:live"}).integer(), 1);
    QVERIFY(a.dead());
    QTest::qWait(400);
    QVERIFY(!sleeping->has_value());
}

QTEST_GUILESS_MAIN(TestLiveClient)
#include "test_live_client.moc"
