// The live benchmark (seed 001's experiment on real servers): every strategy runs it cleanly,
// and real faults on the server (SIGSTOP, SIGKILL and restart) and on clients (pause, kill)
// produce errors and reconnects but never a crash, a hang or inconsistent accounting.
#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTest>
#include <QTimer>

// moc cannot parse the C++20 library headers behind <coroutine>; it needs none of these.
#ifndef Q_MOC_RUN
#include "live_test_support.h"
#include "throwing_strategy.h"

#include "live/live_bench.h"
#include "lock/strategy_registry.h"

#include <algorithm>
#include <functional>
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

struct BenchRun {
    bool finished = false;
    qint64 wallMs = 0;
    LiveBenchResult result;
};

// Runs a bench in this thread's event loop, bounded; `onStarted` runs when the clients start.
BenchRun runBench(const LiveBenchConfig &config, int boundMs,
                  const std::function<void(LiveBench &)> &onStarted = {})
{
    BenchRun run;
    LiveBench bench(config);
    QObject::connect(&bench, &LiveBench::finished, &bench, [&] { run.finished = true; });
    QObject::connect(&bench, &LiveBench::started, &bench, [&] {
        if (onStarted)
            onStarted(bench);
    });
    QElapsedTimer timer;
    timer.start();
    bench.start();
    (void)QTest::qWaitFor([&] { return run.finished; }, boundMs);
    run.wallMs = timer.elapsed();
    run.result = bench.result();
    return run;
}

qint64 count(const EventLog &log, EventKind kind, qint16 client = -100, qint64 afterUs = 0)
{
    return std::count_if(log.events().begin(), log.events().end(), [&](const Event &e) {
        return e.kind == kind && (client == -100 || e.client == client) && e.timeUs >= afterUs;
    });
}

qint64 dbsize(const RedisServer &server)
{
    RedisTestClient c;
    if (!c.connect(server.host(), server.port()))
        return -1;
    const Reply r = c.command({QByteArrayLiteral("DBSIZE")});
    return r.isInteger() ? r.integer() : -1;
}

QByteArray describe(const LiveBenchResult &r)
{
    return QJsonDocument(r.toJson()).toJson(QJsonDocument::Compact) + " error: " + r.error.toUtf8();
}

} // namespace

Q_DECLARE_METATYPE(lockscope::WaitMode)

class TestLiveBench : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void everyStrategyKeepsTheCounter_data();
    void everyStrategyKeepsTheCounter();
    void serverPausedAndResumedMidRun();
    void serverKilledAndRestartedMidRun();
    void clientPauseAndKillFromTheConfig();
    void cancelStopsAndCleansUp();
    void refusesBeforeStartingClients();
    void clientCoroutineErrorFailsTheRun();
    void rateCountsTheMeasuredWindowOnly();

private:
    LiveBenchConfig baseConfig(const QString &strategy, int nodes = 1) const;
    std::vector<std::unique_ptr<RedisServer>> m_servers;
};

void TestLiveBench::initTestCase()
{
    for (int i = 0; i < 5; ++i) {
        m_servers.push_back(std::make_unique<RedisServer>());
        QVERIFY2(m_servers.back()->start(), qPrintable(m_servers.back()->errorString()));
    }
}

void TestLiveBench::init()
{
    for (const auto &s : m_servers) {
        if (!s->isRunning())
            QVERIFY2(s->start(), qPrintable(s->errorString()));
        RedisTestClient c;
        QVERIFY(c.connect(s->host(), s->port()));
        QVERIFY(c.command({QByteArrayLiteral("FLUSHALL")}).isOk());
    }
}

LiveBenchConfig TestLiveBench::baseConfig(const QString &strategy, int nodes) const
{
    LiveBenchConfig c;
    for (int i = 0; i < nodes; ++i)
        c.servers << optionsFor(*m_servers[std::size_t(i)]);
    c.strategyId = strategy;
    c.clients = 4;
    c.keys = 2;
    c.ttlMs = 5000;
    c.durationMs = 400;
    c.requestTimeoutMs = 1000;
    c.nodeTimeoutMs = 500; // redlock: generous, so a loaded machine does not fail the run
    c.seed = 42;
    return c;
}

void TestLiveBench::everyStrategyKeepsTheCounter_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<WaitMode>("wait");
    for (const QString &id : strategyIds())
        QTest::newRow(qPrintable(id)) << id << WaitMode::Backoff;
    QTest::newRow("set-nx-px-lua spin") << QStringLiteral("set-nx-px-lua") << WaitMode::Spin;
    QTest::newRow("set-nx-px-lua pubsub") << QStringLiteral("set-nx-px-lua") << WaitMode::PubSub;
    QTest::newRow("fenced pubsub") << QStringLiteral("fenced") << WaitMode::PubSub;
}

void TestLiveBench::everyStrategyKeepsTheCounter()
{
    QFETCH(QString, id);
    QFETCH(WaitMode, wait);
    const int nodes = id == QLatin1String("redlock") ? 5 : 1;
    LiveBenchConfig config = baseConfig(id, nodes);
    config.wait.mode = wait;
    config.wait.spinMs = 5;
    const BenchRun run = runBench(config, 10000);
    QVERIFY2(run.finished, "the bench did not finish in time");
    const LiveBenchResult &r = run.result;
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY2(r.cycles > 0, describe(r).constData());
    QCOMPARE(r.errorCount, quint64(0));
    // No faults, work well inside the lease: every acknowledged increment is in the counter.
    QCOMPARE(r.counterActual, r.counterExpected);
    QCOMPARE(r.lostUpdates, 0);
    QCOMPARE(r.report.violations, 0);
    QCOMPARE(r.counterExpected, qint64(r.cycles));
    QVERIFY(r.cyclesPerSecond > 0);
    QVERIFY(r.report.latencyP99Ms >= r.report.latencyP50Ms);
    QVERIFY(r.cleanedUp);
    for (int i = 0; i < nodes; ++i)
        QCOMPARE(dbsize(*m_servers[std::size_t(i)]), 0);
}

void TestLiveBench::serverPausedAndResumedMidRun()
{
    RedisServer &server = *m_servers[0];
    LiveBenchConfig config = baseConfig(QStringLiteral("set-nx-px-lua"));
    config.clients = 8;
    config.ttlMs = 800;
    config.durationMs = 4000;
    config.requestTimeoutMs = 300;
    EventLog log;
    config.strings = log.sharedStrings();
    config.extraSink = &log;

    QObject context;
    qint64 resumedUs = 0;
    const BenchRun run = runBench(config, 15000, [&](LiveBench &) {
        QTimer::singleShot(700, &context, [&] { server.pause(); });
        QTimer::singleShot(1700, &context, [&] {
            server.resume();
            resumedUs = liveClockUs();
        });
    });
    server.resume(); // whatever happened
    QVERIFY2(run.finished, "the bench hung after the server was stopped");
    const LiveBenchResult &r = run.result;
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(resumedUs > 0);
    QVERIFY2(run.wallMs < 9000, qPrintable(QString::number(run.wallMs)));
    QVERIFY2(r.errors.value(QStringLiteral("timeout")) > 0, describe(r).constData());
    // It carried on once the server was back.
    QVERIFY2(count(log, EventKind::ResourceWrite, -100, resumedUs) > 0, describe(r).constData());
    // Accounting: acknowledged increments counted once each; a write without an answer may
    // have landed, none was lost (the server kept its data, the leases outlived the stop of
    // every holder's commands).
    QCOMPARE(r.counterExpected, count(log, EventKind::ResourceWrite));
    QVERIFY2(r.counterActual >= r.counterExpected, describe(r).constData());
    QVERIFY2(r.counterActual <= r.counterExpected + r.counterUnacknowledged,
             describe(r).constData());
    QCOMPARE(r.lostUpdates, 0);
    QVERIFY(r.cleanedUp);
    QCOMPARE(dbsize(server), 0);
}

void TestLiveBench::serverKilledAndRestartedMidRun()
{
    RedisServer &server = *m_servers[0];
    LiveBenchConfig config = baseConfig(QStringLiteral("set-nx-px-lua"));
    config.clients = 8;
    config.ttlMs = 800;
    config.durationMs = 3500;
    config.requestTimeoutMs = 300;
    config.servers[0].reconnectMinMs = 50;
    config.servers[0].reconnectMaxMs = 200;
    EventLog log;
    config.strings = log.sharedStrings();
    config.extraSink = &log;

    QObject context;
    qint64 restartedUs = 0;
    bool restarted = false;
    const BenchRun run = runBench(config, 15000, [&](LiveBench &) {
        QTimer::singleShot(700, &context, [&] { server.kill(); });
        QTimer::singleShot(1300, &context, [&] {
            restarted = server.start();
            restartedUs = liveClockUs();
        });
    });
    QVERIFY2(restarted, qPrintable(server.errorString()));
    QVERIFY2(run.finished, "the bench hung after the server was killed");
    const LiveBenchResult &r = run.result;
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY2(run.wallMs < 9000, qPrintable(QString::number(run.wallMs)));
    const quint64 connectionErrors = r.errors.value(QStringLiteral("disconnected")) +
                                     r.errors.value(QStringLiteral("connection_refused")) +
                                     r.errors.value(QStringLiteral("timeout"));
    QVERIFY2(connectionErrors > 0, describe(r).constData());
    QVERIFY2(r.reconnects >= quint64(config.clients), describe(r).constData());
    QVERIFY2(count(log, EventKind::ResourceWrite, -100, restartedUs) > 0, describe(r).constData());
    // The restarted server lost the counter (no persistence): what it holds now is at most the
    // increments made since, each counted once.
    QCOMPARE(r.counterExpected, count(log, EventKind::ResourceWrite));
    QVERIFY(r.counterActual > 0);
    QVERIFY2(r.counterActual <=
                 count(log, EventKind::ResourceWrite, -100, restartedUs) + r.counterUnacknowledged,
             describe(r).constData());
    QVERIFY(r.cleanedUp);
    QCOMPARE(dbsize(server), 0);
}

void TestLiveBench::clientPauseAndKillFromTheConfig()
{
    LiveBenchConfig config = baseConfig(QStringLiteral("set-nx-px-lua"));
    config.keys = 1;
    config.ttlMs = 3000;
    config.durationMs = 1500;
    LiveFault pause;
    pause.action = LiveFault::Action::Pause;
    pause.client = "A";
    pause.atMs = 300;
    pause.durationMs = 500;
    LiveFault kill;
    kill.action = LiveFault::Action::Kill;
    kill.client = "B";
    kill.atMs = 600;
    config.faults = {pause, kill};
    EventLog log;
    config.strings = log.sharedStrings();
    config.extraSink = &log;

    const BenchRun run = runBench(config, 10000);
    QVERIFY(run.finished);
    const LiveBenchResult &r = run.result;
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(count(log, EventKind::ClientPaused, 0), 1);
    QCOMPARE(count(log, EventKind::ClientResumed, 0), 1);
    QCOMPARE(count(log, EventKind::ClientCrashed, 1), 1);
    // After its death B does nothing more.
    qint64 crashUs = 0;
    for (const Event &e : log.events()) {
        if (e.kind == EventKind::ClientCrashed)
            crashUs = e.timeUs;
    }
    QCOMPARE(count(log, EventKind::CommandSent, 1, crashUs + 1), 0);
    // The pause is shorter than the lease: still one holder at a time, nothing lost.
    QCOMPARE(r.report.violations, 0);
    QCOMPARE(r.lostUpdates, 0);
    QVERIFY(r.counterActual >= r.counterExpected);
    QVERIFY(r.counterActual <= r.counterExpected + r.counterUnacknowledged);
    QVERIFY(r.cleanedUp);
    QCOMPARE(dbsize(*m_servers[0]), 0);
}

void TestLiveBench::cancelStopsAndCleansUp()
{
    LiveBenchConfig config = baseConfig(QStringLiteral("fenced"));
    config.durationMs = 60000;
    QObject context;
    const BenchRun run = runBench(config, 8000, [&](LiveBench &bench) {
        QTimer::singleShot(300, &context, [&bench] { bench.cancel(); });
    });
    QVERIFY2(run.finished, "a cancelled bench did not finish");
    QVERIFY2(run.wallMs < 5000, qPrintable(QString::number(run.wallMs)));
    const LiveBenchResult &r = run.result;
    QVERIFY(r.ok);
    QVERIFY(r.cancelled);
    QVERIFY(r.cycles > 0);
    QVERIFY(r.cleanedUp);
    QVERIFY(r.keysDeleted > 0); // counters and fence keys
    QCOMPARE(dbsize(*m_servers[0]), 0);
}

void TestLiveBench::refusesBeforeStartingClients()
{
    // Nothing listens on a port the kernel just handed out and took back.
    LiveBenchConfig config = baseConfig(QStringLiteral("set-nx-px-lua"));
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    config.servers[0].port = probe.serverPort();
    probe.close();
    bool started = false;
    BenchRun run = runBench(config, 8000, [&](LiveBench &) { started = true; });
    QVERIFY(run.finished);
    QVERIFY(!started);
    QVERIFY(!run.result.ok);
    QVERIFY2(run.result.error.contains(QString::number(config.servers[0].port)),
             qPrintable(run.result.error));
    QVERIFY2(run.wallMs < 5000, qPrintable(QString::number(run.wallMs)));

    // A fault naming a client that does not exist is refused before anything runs.
    config = baseConfig(QStringLiteral("set-nx-px-lua"));
    LiveFault f;
    f.client = "Q";
    f.durationMs = 10;
    config.faults = {f};
    run = runBench(config, 5000);
    QVERIFY(run.finished);
    QVERIFY(!run.result.ok);
    QVERIFY2(run.result.error.contains(QStringLiteral("\"Q\"")), qPrintable(run.result.error));

    // Several servers for a single-node strategy is a mistake, not a silent choice.
    config = baseConfig(QStringLiteral("set-nx-px-lua"), 2);
    run = runBench(config, 5000);
    QVERIFY(run.finished);
    QVERIFY(!run.result.ok);
    QVERIFY2(run.result.error.contains(QStringLiteral("redlock")), qPrintable(run.result.error));
}

void TestLiveBench::clientCoroutineErrorFailsTheRun()
{
    // Issue 12: a background task of a client (here, after its lock's second acquisition of the
    // run, the preflight's probe being the first) throws. Before, LiveClient::spawn dropped the
    // exception and the run reported figures as if nothing had happened.
    LiveBenchConfig config = baseConfig(QStringLiteral("set-nx-px-lua"));
    config.strategy = std::make_shared<lockscope::test::ThrowingStrategy>(
        lockscope::test::ThrowingStrategy::Where::Background, 2, 5);
    BenchRun run = runBench(config, 15000);
    QVERIFY(run.finished);
    QVERIFY(!run.result.ok);
    QVERIFY2(run.result.error.contains(QLatin1String("the renewal bookkeeping broke")),
             qPrintable(run.result.error));
    QVERIFY2(run.result.error.startsWith(QLatin1String("client ")), qPrintable(run.result.error));
}

QTEST_GUILESS_MAIN(TestLiveBench)
#include "test_live_bench.moc"

void TestLiveBench::rateCountsTheMeasuredWindowOnly()
{
    // One client holding the lock 300 ms per cycle for a 1000 ms run: cycles end near 300, 600
    // and 900 ms; the fourth starts before the deadline and ends near 1200 ms, after it. At most
    // 3 cycles fit in the second measured, so the rate is at most 3 per second, whatever the
    // drain after the deadline took (dividing all 4 by the 1.2 s elapsed would give 3.3).
    LiveBenchConfig config = baseConfig(QStringLiteral("set-nx-px-lua"));
    config.clients = 1;
    config.keys = 1;
    config.holdMs = 300;
    config.durationMs = 1000;
    const BenchRun run = runBench(config, 10000);
    QVERIFY2(run.finished, "the bench did not finish in time");
    const LiveBenchResult &r = run.result;
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY2(r.cycles > r.cyclesInWindow, describe(r).constData()); // the drained cycle
    QVERIFY2(r.elapsedMs > 1000.0, describe(r).constData());
    QCOMPARE(r.windowMs, 1000.0);
    QVERIFY2(r.cyclesInWindow >= 1 && r.cyclesInWindow <= 3, describe(r).constData());
    QCOMPARE(r.cyclesPerSecond, double(r.cyclesInWindow));
    const QJsonObject json = r.toJson();
    QCOMPARE(json.value(QStringLiteral("window_ms")).toDouble(), 1000.0);
    QCOMPARE(json.value(QStringLiteral("cycles_per_s")).toDouble(), double(r.cyclesInWindow));
}
