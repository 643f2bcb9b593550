#include "live_bench.h"

#include "live_client.h"

#include "lock/script.h"
#include "lock/strategy_registry.h"
#include "redis/info_field.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace lockscope {

namespace {

// Step labels for the bench's own commands (named constants for GCC 12's co_await).
constexpr const char *kStepPing = "preflight.ping";
constexpr const char *kStepLoad = "preflight.script-load";
constexpr const char *kStepProbe = "preflight.probe";
constexpr const char *kStepFinal = "final.read";
constexpr const char *kStepScan = "cleanup.scan";
constexpr const char *kStepUnlink = "cleanup.unlink";
constexpr const char *kStepBusy = "busy.script-kill";

constexpr qint64 kReadyPollMs = 5;
constexpr qint64 kFinalRequestTimeoutMs = 2000;
constexpr qint64 kFinalBoundMs = 15000;
constexpr int kUnlinkBatch = 500;

int clampMs(qint64 ms)
{
    return int(std::clamp<qint64>(ms, 0, std::numeric_limits<int>::max()));
}

QByteArray randomHex(int bytes)
{
    QByteArray raw(bytes, Qt::Uninitialized);
    for (int i = 0; i < bytes; ++i)
        raw[i] = char(QRandomGenerator::system()->bounded(256));
    return raw.toHex();
}

} // namespace

QByteArray LiveBenchConfig::clientName(int index, int clients)
{
    if (clients <= 26)
        return QByteArray(1, char('A' + index));
    return "c" + QByteArray::number(index + 1);
}

bool parseLiveFault(const QString &text, LiveFault::Action action, LiveFault *out, QString *error)
{
    const bool pause = action == LiveFault::Action::Pause;
    const QStringList parts = text.split(QLatin1Char(':'));
    const QString form = pause ? QStringLiteral("NAME:AT_MS:FOR_MS") : QStringLiteral("NAME:AT_MS");
    if (parts.size() != (pause ? 3 : 2) || parts[0].isEmpty()) {
        *error = QStringLiteral("\"%1\" is not %2").arg(text, form);
        return false;
    }
    LiveFault f;
    f.action = action;
    f.client = parts[0].toUtf8();
    bool ok = false;
    f.atMs = parts[1].toLongLong(&ok);
    if (!ok || f.atMs < 0) {
        *error = QStringLiteral("\"%1\": AT_MS must be a whole number >= 0 (%2)").arg(text, form);
        return false;
    }
    if (pause) {
        f.durationMs = parts[2].toLongLong(&ok);
        if (!ok || f.durationMs < 1) {
            *error =
                QStringLiteral("\"%1\": FOR_MS must be a whole number >= 1 (%2)").arg(text, form);
            return false;
        }
    }
    *out = f;
    return true;
}

// --- the result --------------------------------------------------------------------------------

QJsonObject LiveBenchResult::toJson() const
{
    QJsonObject errs;
    for (auto it = errors.begin(); it != errors.end(); ++it)
        errs.insert(it.key(), qint64(it.value()));
    QJsonObject o{
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("wait"), wait},
        {QStringLiteral("servers"), QJsonArray::fromStringList(servers)},
        {QStringLiteral("clients"), clients},
        {QStringLiteral("keys"), keys},
        {QStringLiteral("duration_ms"), durationMs},
        {QStringLiteral("elapsed_ms"), elapsedMs},
        {QStringLiteral("window_ms"), windowMs},
        {QStringLiteral("cycles_in_window"), qint64(cyclesInWindow)},
        {QStringLiteral("cycles"), qint64(cycles)},
        {QStringLiteral("cycles_per_s"), cyclesPerSecond},
        {QStringLiteral("acquisitions"), qint64(acquisitions)},
        {QStringLiteral("gave_up"), qint64(gaveUp)},
        {QStringLiteral("acquire_latency_ms"),
         QJsonObject{{QStringLiteral("p50"), figureJson(report.latencyP50Ms)},
                     {QStringLiteral("p99"), figureJson(report.latencyP99Ms)},
                     {QStringLiteral("max"), figureJson(report.latencyMaxMs)}}},
        {QStringLiteral("errors"), errs},
        {QStringLiteral("error_count"), qint64(errorCount)},
        {QStringLiteral("counter_expected"), counterExpected},
        {QStringLiteral("counter_actual"), counterActual},
        {QStringLiteral("counter_unacknowledged"), counterUnacknowledged},
        {QStringLiteral("lost_updates"), lostUpdates},
        {QStringLiteral("violations"), report.violations},
        {QStringLiteral("stale_writes_rejected"), staleRejected},
        {QStringLiteral("read_failures"), readFailures},
        {QStringLiteral("commands"), qint64(commands)},
        {QStringLiteral("commands_per_cycle"),
         cycles ? QJsonValue(double(commands) / double(cycles)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("reconnects"), qint64(reconnects)},
        {QStringLiteral("fairness"), figureJson(report.fairness)},
        {QStringLiteral("cancelled"), cancelled},
        {QStringLiteral("cleaned_up"), cleanedUp},
        {QStringLiteral("keys_deleted"), keysDeleted},
        {QStringLiteral("counter_read"), counterRead},
        {QStringLiteral("counter_verdict"), counterVerdict},
        {QStringLiteral("server_restarted"), serverRestarted},
        {QStringLiteral("cleanup_error"), cleanupError},
    };
    // Only a custom strategy has files; the built-ins' JSON stays as it was.
    if (!acquireScript.isEmpty() || !releaseScript.isEmpty()) {
        o.insert(QStringLiteral("acquire_script"), acquireScript);
        o.insert(QStringLiteral("release_script"), releaseScript);
    }
    return o;
}

QString LiveBenchResult::toText() const
{
    QString s;
    QTextStream ts(&s);
    ts << "strategy  " << strategy;
    if (!acquireScript.isEmpty() || !releaseScript.isEmpty())
        ts << " [acquire " << acquireScript << ", release " << releaseScript << "]";
    ts << " (wait " << wait << ") on " << servers.join(QLatin1Char(',')) << "\n";
    ts << "clients   " << clients << " on " << keys << (keys == 1 ? " lock key" : " lock keys")
       << ", " << durationMs << " ms" << (cancelled ? " (cancelled)" : "") << "\n\n";
    ts << "cycles                 " << cycles << "  (" << QString::number(cyclesPerSecond, 'f', 0)
       << " per second)\n";
    // QTextStream's own number format (6 significant digits); no acquisition shows no latency.
    const auto ms = [](const Figure &f) {
        return f ? QString::number(*f, 'g', 6) + QStringLiteral(" ms") : noDataText();
    };
    ts << "acquire latency        p50 " << ms(report.latencyP50Ms) << ", p99 "
       << ms(report.latencyP99Ms) << ", max " << ms(report.latencyMaxMs) << "\n";
    ts << "gave up                " << gaveUp << "\n";
    ts << "errors                 " << errorCount;
    if (!errors.isEmpty()) {
        QStringList parts;
        for (auto it = errors.begin(); it != errors.end(); ++it)
            parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
        ts << "  (" << parts.join(QStringLiteral(", ")) << ")";
    }
    ts << "\n";
    ts << "reconnects             " << reconnects << "\n";
    ts << "counter                " << counterActual << " of " << counterExpected
       << " acknowledged increments";
    if (counterUnacknowledged > 0)
        ts << " (+ " << counterUnacknowledged << " unacknowledged)";
    ts << "\n";
    ts << "lost updates           " << lostUpdates << "\n";
    ts << "overlapping holders    " << report.violations << "\n";
    if (staleRejected > 0)
        ts << "stale writes rejected  " << staleRejected << "\n";
    ts << "commands per cycle     "
       << QString::number(cycles ? double(commands) / double(cycles) : 0.0, 'f', 2) << "\n";
    if (!cleanupError.isEmpty())
        ts << "cleanup                " << cleanupError << "\n";
    else
        ts << "cleanup                " << keysDeleted << " keys deleted\n";
    return s;
}

namespace {

// What the counter check found and why, in one line ("" when the counter is as acknowledged).
QString counterVerdict(const LiveBenchResult &r)
{
    const qint64 missing = r.counterExpected - r.counterActual;
    if (missing == 0 && !r.serverRestarted)
        return {};
    const QString head =
        missing > 0 ? QStringLiteral("the counter is %1 but %2 increments were acknowledged")
                          .arg(r.counterActual)
                          .arg(r.counterExpected)
                    : QStringLiteral("the counter is %1 and %2 increments were acknowledged")
                          .arg(r.counterActual)
                          .arg(r.counterExpected);
    if (r.serverRestarted) {
        const QString when =
            r.restartedAtUs > 0
                ? QStringLiteral(" at ") + QDateTime::fromMSecsSinceEpoch(r.restartedAtUs / 1000)
                                               .toString(QStringLiteral("HH:mm:ss"))
                : QString();
        if (missing > 0)
            return QStringLiteral("%1: the server restarted%2 and lost %3 (%4)")
                .arg(head, when)
                .arg(missing)
                .arg(r.aofEnabled ? QStringLiteral("AOF on, but not every write was on disk yet")
                                  : QStringLiteral("no AOF"));
        return QStringLiteral("%1: the server restarted%2 and lost none of them (%3)")
            .arg(head, when,
                 r.aofEnabled ? QStringLiteral("AOF on") : QStringLiteral("no write was lost"));
    }
    if (missing > 0)
        return QStringLiteral("%1: %2 lost (two holders wrote it at once)").arg(head).arg(missing);
    return QStringLiteral("%1: %2 more, writes that landed without an answer")
        .arg(head)
        .arg(-missing);
}

} // namespace

// --- the run -----------------------------------------------------------------------------------

class LiveBench::Private {
public:
    enum class Phase : quint8 { Idle, Preflight, Connecting, Running, Finishing, Done };

    Private(LiveBench *owner, LiveBenchConfig c)
        : q(owner)
        , config(std::move(c))
    {}

    void begin();
    void fail(const QString &message);
    void abortRun(const QString &reason);
    void preflightDone(const QString &error);
    void waitForConnections(qint64 startedUs);
    void startRun();
    void clientFinished();
    void beginFinishing();
    void finalDone(const QString &error);
    void done();
    void cancel();

    Task<void> preflight();
    Task<void> finalize();
    // When a server answers BUSY and the scripts are the user's: SCRIPT KILL (see the .cpp).
    Task<void> stopOurBusyScript(LiveClient &fresh);
    // The bench's own client (preflight, finish, BUSY checks), connecting already.
    std::unique_ptr<LiveClient> makeAdmin(qint64 requestTimeoutMs, bool reconnect) const;

    QString describe(LiveClient &client, int node, const Reply &reply, const QByteArray &step);
    QByteArray lockKey(int k) const { return prefix + "lock:" + QByteArray::number(k); }
    QByteArray counterKey(int k) const { return prefix + "counter:" + QByteArray::number(k); }
    int nodeCount() const
    {
        return strategy && strategy->info().multiNode ? int(config.servers.size()) : 1;
    }
    QList<ConnectionOptions> nodeOptions(bool reconnect, qint64 requestTimeoutMs) const;

    LiveBench *q;
    LiveBenchConfig config;
    std::shared_ptr<const Strategy> strategy;
    LiveBenchResult result;
    Phase phase = Phase::Idle;
    bool cancelRequested = false;
    QByteArray prefix;

    std::unique_ptr<Checker> checker;
    EventFanout fanout;
    std::unique_ptr<LiveRecorder> recorder;
    std::unique_ptr<LiveClient> admin;
    QString abortError; // a client's strategy ended the run (LockContext::abortRun)
    std::vector<std::unique_ptr<LiveClient>> clients;
    std::unordered_map<QByteArray, qint16, BytesHash> clientIndex;
    int running = 0;
    qint64 t0Us = 0;
    qint64 t1Us = 0;
    bool counterRead = false;
    QString busyError;       // a server was busy running our script: what happened to it
    QByteArray runIdAtStart; // of the first server (the counter's), from the preflight
    QByteArray runIdAtEnd;
    qint64 uptimeAtEndS = -1;
    qint64 endReadUs = 0;
    bool aofAtEnd = false;
};

QList<ConnectionOptions> LiveBench::Private::nodeOptions(bool reconnect,
                                                         qint64 requestTimeoutMs) const
{
    QList<ConnectionOptions> nodes;
    for (int i = 0; i < nodeCount(); ++i) {
        ConnectionOptions o = config.servers[i];
        o.reconnect = reconnect;
        if (!reconnect)
            o.maxReconnectAttempts = 0;
        o.connectTimeoutMs = config.connectTimeoutMs;
        o.requestTimeoutMs = requestTimeoutMs;
        nodes << o;
    }
    return nodes;
}

QString LiveBench::Private::describe(LiveClient &client, int node, const Reply &reply,
                                     const QByteArray &step)
{
    const Connection *conn = client.connection(node);
    const QString server = conn ? conn->options().displayName() : QStringLiteral("?");
    QString what = conn ? conn->describe(reply) : QString::fromUtf8(reply.text());
    if (!what.contains(server))
        what = server + QStringLiteral(": ") + what;
    if (!step.isEmpty() && step != kStepPing)
        what += QStringLiteral(" (at %1)").arg(QString::fromUtf8(step));
    return what;
}

std::unique_ptr<LiveClient> LiveBench::Private::makeAdmin(qint64 requestTimeoutMs,
                                                          bool reconnect) const
{
    LiveClientOptions o;
    o.name = QByteArrayLiteral("lockscope-bench");
    o.index = kNoClient;
    o.nodes = nodeOptions(reconnect, requestTimeoutMs);
    o.requestTimeoutMs = requestTimeoutMs;
    auto client = std::make_unique<LiveClient>(o, nullptr);
    client->open();
    return client;
}

void LiveBench::Private::fail(const QString &message)
{
    result.ok = false;
    result.error = message;
    phase = Phase::Done;
    QMetaObject::invokeMethod(
        q, [this] { emit q->finished(); }, Qt::QueuedConnection);
}

void LiveBench::Private::begin()
{
    strategy = config.strategy;
    if (!strategy) {
        std::shared_ptr<const Strategy> s = createStrategy(config.strategyId);
        strategy = s;
    }
    result.strategy = strategy ? strategy->id() : config.strategyId;
    result.wait = waitModeId(config.wait.mode);
    result.clients = config.clients;
    result.keys = config.keys;
    result.durationMs = config.durationMs;
    for (const auto &s : config.servers)
        result.servers << s.displayName();

    if (!strategy)
        return fail(QStringLiteral("unknown strategy \"%1\" (known: %2)")
                        .arg(config.strategyId, strategyIds().join(QStringLiteral(", "))));
    if (config.servers.isEmpty())
        return fail(QStringLiteral("no Redis server given"));
    if (!strategy->info().multiNode && config.servers.size() > 1)
        return fail(QStringLiteral("%1 servers given, but %2 uses one (only redlock uses several)")
                        .arg(config.servers.size())
                        .arg(strategy->id()));
    if (config.clients < 1 || config.keys < 1 || config.durationMs < 1 || config.ttlMs < 1)
        return fail(QStringLiteral("clients, keys, duration and ttl must be at least 1"));
    for (int i = 0; i < config.clients; ++i)
        clientIndex.emplace(LiveBenchConfig::clientName(i, config.clients), qint16(i));
    for (const auto &f : config.faults) {
        if (clientIndex.find(f.client) == clientIndex.end())
            return fail(QStringLiteral("no client named \"%1\" (clients are %2..%3)")
                            .arg(QString::fromUtf8(f.client),
                                 QString::fromUtf8(LiveBenchConfig::clientName(0, config.clients)),
                                 QString::fromUtf8(LiveBenchConfig::clientName(config.clients - 1,
                                                                               config.clients))));
    }
    prefix =
        config.keyPrefix.isEmpty() ? "lockscope:bench:" + randomHex(4) + ':' : config.keyPrefix;

    phase = Phase::Preflight;
    admin = makeAdmin(config.connectTimeoutMs, false);
    admin->spawn(preflight());
    // A bound on the whole preflight, whatever the connections do.
    QTimer::singleShot(clampMs(config.connectTimeoutMs * 2 + 2000), q, [this] {
        if (phase == Phase::Preflight && admin && !admin->abortReason().isEmpty())
            fail(admin->abortReason()); // the preflight's own coroutine threw
        else if (phase == Phase::Preflight)
            fail(QStringLiteral("%1: no answer within %2 ms")
                     .arg(result.servers.join(QLatin1Char(',')))
                     .arg(config.connectTimeoutMs * 2 + 2000));
    });
}

// A script that runs past the server's lua-time-limit makes the server answer BUSY to every
// other connection until it ends or SCRIPT KILL stops it; the connection that sent it waits
// (a request timeout does not end the script). Left alone, an endless script keeps the server
// unusable for good, so the bench asks on fresh connections and, when the server is busy and
// the scripts are the user's (a built-in script always ends: a BUSY is then someone else's
// script, which is not ours to kill), sends SCRIPT KILL. The run then ends with one line.
Task<void> LiveBench::Private::stopOurBusyScript(LiveClient &fresh)
{
    if (!strategy || strategy->id() != QLatin1String("custom"))
        co_return;
    for (int node = 0; node < nodeCount(); ++node) {
        Command ping{QByteArrayLiteral("PING")};
        const Reply pong = co_await fresh.call(node, std::move(ping), kStepBusy);
        if (Connection::classify(pong) != RedisErrorKind::Busy)
            continue;
        const QString server = result.servers.value(node);
        Command kill{QByteArrayLiteral("SCRIPT"), QByteArrayLiteral("KILL")};
        const Reply killed = co_await fresh.call(node, std::move(kill), kStepBusy);
        if (!busyError.isEmpty())
            continue;
        // StrategyInfo::summary names the two files ("acquire: a.lua; release: b.lua").
        busyError =
            killed.isOk()
                ? QCoreApplication::translate("LiveBench",
                                              "%1: the server is busy running our script (%2) past "
                                              "its lua-time-limit (BUSY); LockScope stopped it "
                                              "with SCRIPT KILL")
                      .arg(server, strategy->info().summary)
                : QCoreApplication::translate("LiveBench",
                                              "%1: the server is busy running our script (%2) past "
                                              "its lua-time-limit (BUSY), and SCRIPT KILL did not "
                                              "stop it: %3")
                      .arg(server, strategy->info().summary, QString::fromUtf8(killed.toDisplay()));
    }
}

// GCC 12 at -O2 warns that this coroutine's frame is freed by a mismatched operator delete: its
// frame comes from TaskPromiseBase's operator new and goes back through the promise's sized
// operator delete, the pair core/async/task.h defines, so the warning is wrong (it appeared
// once the function awaited inside a branch that holds a unique_ptr; -O1 builds do not warn).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
Task<void> LiveBench::Private::preflight()
{
    LiveClient &a = *admin;
    const int n = nodeCount();
    // Reachable, and the password is right?
    for (int node = 0; node < n; ++node) {
        Command ping{QByteArrayLiteral("PING")};
        const Reply reply = co_await a.call(node, std::move(ping), kStepPing);
        if (reply.failed()) {
            preflightDone(describe(a, node, reply, kStepPing));
            co_return;
        }
    }
    // Who the counter's server is: a restart during the run changes its run_id, and explains
    // a counter below the acknowledged increments.
    {
        Command info{QByteArrayLiteral("INFO"), QByteArrayLiteral("server")};
        runIdAtStart = infoField(co_await a.call(0, std::move(info), kStepPing), "run_id");
    }
    // The scripts, loaded once so that no client pays for EVAL (and scripting is allowed).
    for (int node = 0; node < n; ++node) {
        for (const QString &name : builtinScriptNames()) {
            Command load{QByteArrayLiteral("SCRIPT"), QByteArrayLiteral("LOAD"),
                         builtinScript(name).body};
            const Reply reply = co_await a.call(node, std::move(load), kStepLoad);
            if (Connection::classify(reply) == RedisErrorKind::NoPerm)
                break; // no SCRIPT for this user: EVALSHA falls back to EVAL, fine
            if (reply.failed()) {
                preflightDone(describe(a, node, reply, kStepLoad));
                co_return;
            }
        }
    }
    // The strategy once, on a probe key, with the critical section's commands: every command
    // and script the clients will send, so a missing ACL permission shows now.
    a.clearLastFailure(); // a refused SCRIPT LOAD is not one of them
    LockHandle probe;
    probe.request.key = prefix + "probe";
    probe.request.ttlMs = 5000;
    probe.request.nodeTimeoutMs = config.connectTimeoutMs;
    const AttemptResult attempt = co_await strategy->tryAcquire(a, probe);
    QString error;
    if (!a.abortReason().isEmpty()) {
        error = a.abortReason(); // the user's script failed: its file and line say more
    } else if (a.lastFailure().any) {
        const auto &f = a.lastFailure();
        error = describe(a, f.node, f.reply, f.step);
    } else if (attempt.outcome != AttemptOutcome::Acquired) {
        error = QStringLiteral("%1: %2 could not take a lock on a fresh probe key")
                    .arg(result.servers.join(QLatin1Char(',')), strategy->id());
    } else {
        const QByteArray counter = prefix + "probe-counter";
        Reply read;
        if (strategy->info().fencing) {
            const LuaScript &script = builtinScript(QStringLiteral("fenced_read"));
            const Command keys{counter, counter + ":highest-token"};
            const Command args{QByteArray::number(probe.fencingToken)};
            read = co_await evalScript(a, 0, script, keys, args, kStepProbe);
            const LuaScript &write = builtinScript(QStringLiteral("fenced_write"));
            const Command writeArgs{QByteArray::number(probe.fencingToken), QByteArrayLiteral("1")};
            if (!read.failed())
                read = co_await evalScript(a, 0, write, keys, writeArgs, kStepProbe);
        } else {
            Command get{QByteArrayLiteral("GET"), counter};
            read = co_await a.call(0, std::move(get), kStepProbe);
            Command set{QByteArrayLiteral("SET"), counter, QByteArrayLiteral("1")};
            if (!read.failed())
                read = co_await a.call(0, std::move(set), kStepProbe);
        }
        co_await releaseLock(a, *strategy, probe, config.wait);
        if (!a.abortReason().isEmpty()) {
            error = a.abortReason();
        } else if (a.lastFailure().any) {
            const auto &f = a.lastFailure();
            error = describe(a, f.node, f.reply, f.step);
        }
    }
    if (!error.isEmpty()) {
        // The probe's own connection waits behind a script that may still run: look on fresh
        // ones.
        const std::unique_ptr<LiveClient> fresh = makeAdmin(config.connectTimeoutMs, false);
        co_await stopOurBusyScript(*fresh);
        if (!busyError.isEmpty())
            error = busyError;
        // Best effort: the probe's keys (the cleanup at the end of a run does not happen).
        for (int node = 0; node < n; ++node) {
            Command del{QByteArrayLiteral("DEL"), prefix + "probe", prefix + "probe:fence",
                        prefix + "probe-counter", prefix + "probe-counter:highest-token"};
            co_await a.call(node, std::move(del), kStepUnlink);
        }
    }
    preflightDone(error);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void LiveBench::Private::preflightDone(const QString &error)
{
    // Called from inside the admin client's coroutine: move on from the event loop.
    QMetaObject::invokeMethod(
        q,
        [this, error] {
            if (phase != Phase::Preflight)
                return;
            admin.reset();
            if (!error.isEmpty())
                return fail(error);
            if (cancelRequested)
                return beginFinishing();

            phase = Phase::Connecting;
            checker = std::make_unique<Checker>(config.clients);
            fanout.add(checker.get());
            if (config.extraSink)
                fanout.add(config.extraSink);
            recorder = std::make_unique<LiveRecorder>(
                &fanout, config.strings ? config.strings : std::make_shared<StringPool>(),
                config.recordText);
            const QList<ConnectionOptions> nodes = nodeOptions(true, config.requestTimeoutMs);
            const quint64 seed =
                config.seed ? config.seed : QRandomGenerator::system()->generate64();
            for (int i = 0; i < config.clients; ++i) {
                LiveClientOptions o;
                o.name = LiveBenchConfig::clientName(i, config.clients);
                o.index = qint16(i);
                o.nodes = nodes;
                o.requestTimeoutMs = config.requestTimeoutMs;
                o.seed = Rng::derive(seed, quint64(i) + 1);
                clients.push_back(std::make_unique<LiveClient>(o, recorder.get()));
                clients.back()->open();
            }
            waitForConnections(liveClockUs());
        },
        Qt::QueuedConnection);
}

void LiveBench::Private::waitForConnections(qint64 startedUs)
{
    // The clock starts when every client can talk: connecting is not what is measured.
    if (phase != Phase::Connecting)
        return;
    const bool ready = std::all_of(clients.begin(), clients.end(),
                                   [](const auto &c) { return c->connectionsReady(); });
    if (ready || cancelRequested || liveClockUs() - startedUs > config.connectTimeoutMs * 1000) {
        startRun();
        return;
    }
    QTimer::singleShot(int(kReadyPollMs), q, [this, startedUs] { waitForConnections(startedUs); });
}

void LiveBench::Private::startRun()
{
    phase = Phase::Running;
    t0Us = liveClockUs();
    const qint64 deadline = t0Us + config.durationMs * 1000;
    running = int(clients.size());
    emit q->started();
    for (int i = 0; i < int(clients.size()); ++i) {
        LiveClient &c = *clients[std::size_t(i)];
        LiveWorkload w;
        w.strategy = strategy;
        w.wait = config.wait;
        w.lockKey = lockKey(i % config.keys);
        w.counterKey = counterKey(i % config.keys);
        w.ttlMs = config.ttlMs;
        w.nodeTimeoutMs = config.nodeTimeoutMs;
        w.holdMs = config.holdMs;
        w.thinkMs = config.thinkMs;
        w.deadlineUs = deadline;
        c.setFinishedHandler([this] { clientFinished(); });
        c.setAbortHandler([this](const QString &reason) { abortRun(reason); });
        c.startWorkload(w);
    }
    for (const LiveFault &f : config.faults) {
        QTimer::singleShot(clampMs(f.atMs), Qt::PreciseTimer, q, [this, f] {
            LiveClient *c = q->client(f.client);
            if (!c || phase != Phase::Running)
                return;
            if (f.action == LiveFault::Action::Kill)
                c->kill();
            else
                c->pause(f.durationMs);
        });
    }
    QTimer::singleShot(clampMs(config.durationMs), Qt::PreciseTimer, q, [this] {
        for (auto &c : clients)
            c->stopWorkload();
    });
    // Clients still inside a cycle well after the end (a server that stopped answering, a
    // client paused past the end) are halted so the run always ends.
    const qint64 graceMs =
        std::max<qint64>(1000, 2 * config.requestTimeoutMs + config.holdMs + config.thinkMs + 500);
    QTimer::singleShot(clampMs(config.durationMs + graceMs), q, [this] {
        if (phase != Phase::Running)
            return;
        for (auto &c : clients)
            c->halt();
    });
    if (cancelRequested)
        cancel();
}

void LiveBench::Private::clientFinished()
{
    if (phase != Phase::Running || --running > 0)
        return;
    beginFinishing();
}

void LiveBench::Private::abortRun(const QString &reason)
{
    // A client's strategy cannot be judged (its script failed): stop everyone, clean up as
    // usual, and report the reason instead of figures.
    if (!abortError.isEmpty())
        return;
    abortError = reason;
    if (phase == Phase::Running) {
        for (auto &c : clients)
            c->halt();
    }
}

void LiveBench::Private::cancel()
{
    cancelRequested = true;
    result.cancelled = true;
    if (phase == Phase::Running) {
        for (auto &c : clients)
            c->halt(); // each reports finished; the last one starts the finish
    }
}

void LiveBench::Private::beginFinishing()
{
    if (phase == Phase::Finishing || phase == Phase::Done)
        return;
    t1Us = liveClockUs();
    if (t0Us == 0)
        t0Us = t1Us;
    phase = Phase::Finishing;
    for (auto &c : clients)
        c->halt();
    admin = makeAdmin(kFinalRequestTimeoutMs, true);
    admin->spawn(finalize());
    QTimer::singleShot(int(kFinalBoundMs), q, [this] {
        if (phase == Phase::Finishing)
            finalDone(QStringLiteral("the final read and cleanup did not finish within %1 ms")
                          .arg(kFinalBoundMs));
    });
}

Task<void> LiveBench::Private::finalize()
{
    LiveClient &a = *admin;
    const int n = nodeCount();
    QString error;
    // The finishing connections are new: a script of ours still running shows as BUSY here.
    co_await stopOurBusyScript(a);
    // What is left in Redis: the counters (lost updates) and the lock keys (stuck locks), as
    // the simulator records them at the end of a run.
    counterRead = true;
    {
        Command info{QByteArrayLiteral("INFO"), QByteArrayLiteral("server")};
        const Reply server = co_await a.call(0, std::move(info), kStepFinal);
        endReadUs = liveClockUs();
        runIdAtEnd = infoField(server, "run_id");
        bool ok = false;
        uptimeAtEndS = infoField(server, "uptime_in_seconds").toLongLong(&ok);
        if (!ok)
            uptimeAtEndS = -1;
        Command persistence{QByteArrayLiteral("INFO"), QByteArrayLiteral("persistence")};
        aofAtEnd =
            infoField(co_await a.call(0, std::move(persistence), kStepFinal), "aof_enabled") == "1";
    }
    for (int k = 0; k < config.keys && recorder; ++k) {
        const QByteArray counter = counterKey(k);
        Command get{QByteArrayLiteral("GET"), counter};
        const Reply value = co_await a.call(0, std::move(get), kStepFinal);
        if (value.failed()) {
            counterRead = false;
            error = QStringLiteral("cannot read the counter: ") + describe(a, 0, value, {});
            break;
        }
        recorder->record(EventKind::CounterFinal, kNoClient, kResourceNode,
                         recorder->intern(counter), 0,
                         value.isBulk() ? value.text().toLongLong() : 0);
    }
    for (int node = 0; node < n && recorder && error.isEmpty(); ++node) {
        for (int k = 0; k < config.keys; ++k) {
            const QByteArray key = lockKey(k);
            Command pttl{QByteArrayLiteral("PTTL"), key};
            const Reply ttl = co_await a.call(node, std::move(pttl), kStepFinal);
            if (!ttl.isInteger() || ttl.integer() == -2)
                continue; // gone (or unknown)
            Command get{QByteArrayLiteral("GET"), key};
            const Reply value = co_await a.call(node, std::move(get), kStepFinal);
            qint16 owner = kNoClient;
            if (value.isBulk()) {
                // Tokens are "<client>:<random>" (newToken); setnx-getset stores a time.
                const QByteArray name = value.text().left(value.text().indexOf(':'));
                const auto it = clientIndex.find(name);
                if (it != clientIndex.end())
                    owner = it->second;
            }
            recorder->record(EventKind::KeyFinal, kNoClient, qint16(node), recorder->intern(key), 0,
                             ttl.integer(), owner);
        }
    }
    // Every key of the run lives under the prefix: SCAN for them (never KEYS) and UNLINK.
    bool cleaned = config.cleanup;
    for (int node = 0; node < n && config.cleanup; ++node) {
        QByteArray cursor = QByteArrayLiteral("0");
        do {
            Command scan{QByteArrayLiteral("SCAN"),  cursor,
                         QByteArrayLiteral("MATCH"), prefix + '*',
                         QByteArrayLiteral("COUNT"), QByteArrayLiteral("1000")};
            const Reply page = co_await a.call(node, std::move(scan), kStepScan);
            if (!page.isArray() || page.elements().size() != 2) {
                cleaned = false;
                if (error.isEmpty())
                    error = QStringLiteral("cleanup failed: ") + describe(a, node, page, {});
                break;
            }
            cursor = page.elements()[0].text();
            const QList<Reply> &found = page.elements()[1].elements();
            for (qsizetype i = 0; i < found.size(); i += kUnlinkBatch) {
                Command unlink{QByteArrayLiteral("UNLINK")};
                for (qsizetype j = i; j < std::min<qsizetype>(found.size(), i + kUnlinkBatch); ++j)
                    unlink << found[j].text();
                const Reply gone = co_await a.call(node, std::move(unlink), kStepUnlink);
                if (gone.isInteger())
                    result.keysDeleted += gone.integer();
                else
                    cleaned = false;
            }
        } while (cursor != "0");
    }
    result.cleanedUp = cleaned;
    finalDone(error);
}

void LiveBench::Private::finalDone(const QString &error)
{
    if (phase != Phase::Finishing)
        return;
    result.cleanupError = error;
    // The admin client may be the caller: it goes from the event loop.
    QMetaObject::invokeMethod(
        q, [this] { done(); }, Qt::QueuedConnection);
    phase = Phase::Done;
}

void LiveBench::Private::done()
{
    // A script error or a client whose coroutine threw ended the run early: its figures are not
    // a measurement.
    QString failure = busyError.isEmpty() ? abortError : busyError;
    if (failure.isEmpty() && admin)
        failure = admin->abortReason();
    for (const auto &c : clients) {
        if (failure.isEmpty())
            failure = c->abortReason();
    }
    admin.reset();
    result.ok = failure.isEmpty();
    result.error = failure;
    if (checker)
        result.report = checker->finish(t1Us);
    result.elapsedMs = double(t1Us - t0Us) / 1000.0;
    for (const auto &c : clients) {
        const LiveClientStats &s = c->stats();
        result.cycles += s.cycles;
        result.cyclesInWindow += s.cyclesInWindow;
        result.acquisitions += s.acquisitions;
        result.gaveUp += s.gaveUp;
        result.commands += s.commands;
        result.counterUnacknowledged += qint64(s.unacknowledged);
        result.staleRejected += qint64(s.staleRejected);
        result.readFailures += qint64(s.readFailures);
        result.reconnects += c->reconnects();
        for (int k = 0; k < LiveClientStats::kErrorKinds; ++k) {
            if (s.errors[std::size_t(k)] == 0)
                continue;
            result.errors[errorKindId(RedisErrorKind(k))] += s.errors[std::size_t(k)];
            result.errorCount += s.errors[std::size_t(k)];
        }
    }
    // The clients stop starting cycles at the deadline but finish the one they are in; dividing
    // every cycle by the time the last one took would mix the drain into the rate.
    result.windowMs = double(qMin(t1Us - t0Us, config.durationMs * 1000)) / 1000.0;
    result.cyclesPerSecond =
        result.windowMs > 0 ? double(result.cyclesInWindow) * 1000.0 / result.windowMs : 0.0;
    result.counterExpected = result.report.counterExpected;
    result.counterActual = result.report.counterActual;
    result.lostUpdates = result.report.lostUpdates;
    result.counterRead = counterRead && checker;
    if (!result.counterRead)
        result.lostUpdates = 0; // unknown, not lost: the error says why
    result.serverRestarted =
        !runIdAtStart.isEmpty() && !runIdAtEnd.isEmpty() && runIdAtStart != runIdAtEnd;
    result.aofEnabled = aofAtEnd;
    if (result.serverRestarted && uptimeAtEndS >= 0)
        result.restartedAtUs = endReadUs - uptimeAtEndS * 1000000;
    if (result.counterRead)
        result.counterVerdict = counterVerdict(result);
    emit q->finished();
}

// --- LiveBench ---------------------------------------------------------------------------------

LiveBench::LiveBench(LiveBenchConfig config, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, std::move(config)))
{}

LiveBench::~LiveBench()
{
    // Clients (and their frames) before the recorder and the checker they report to.
    d->admin.reset();
    d->clients.clear();
}

void LiveBench::start()
{
    if (d->phase != Private::Phase::Idle)
        return;
    d->phase = Private::Phase::Preflight;
    QMetaObject::invokeMethod(
        this, [this] { d->begin(); }, Qt::QueuedConnection);
}

void LiveBench::cancel()
{
    d->cancel();
}

bool LiveBench::isRunning() const
{
    return d->phase != Private::Phase::Idle && d->phase != Private::Phase::Done;
}

const LiveBenchResult &LiveBench::result() const
{
    return d->result;
}

const QByteArray &LiveBench::keyPrefix() const
{
    return d->prefix;
}

LiveClient *LiveBench::client(const QByteArray &name) const
{
    const auto it = d->clientIndex.find(name);
    if (it == d->clientIndex.end() || std::size_t(it->second) >= d->clients.size())
        return nullptr;
    return d->clients[std::size_t(it->second)].get();
}

LiveBenchResult runLiveBench(const LiveBenchConfig &config,
                             const std::function<bool()> &cancelRequested)
{
    LiveBench bench(config);
    QEventLoop loop;
    QObject::connect(&bench, &LiveBench::finished, &loop, &QEventLoop::quit);
    QTimer poll;
    if (cancelRequested) {
        QObject::connect(&poll, &QTimer::timeout, &bench, [&] {
            if (cancelRequested()) {
                poll.stop();
                bench.cancel();
            }
        });
        poll.start(50);
    }
    bench.start();
    loop.exec();
    return bench.result();
}

} // namespace lockscope
