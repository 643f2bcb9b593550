#include "live_scenario.h"

#include "live_client.h"
#include "live_key_observer.h"
#include "local_redis.h"

#include "lock/script.h"
#include "lock/strategy_registry.h"
#include "sim/caption_matcher.h"
#include "sim/fault_plan.h"
#include "sim/rng.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSet>
#include <QThread>
#include <QTimer>

#include <cmath>

namespace lockscope {

namespace {

constexpr qint64 kConnectTimeoutMs = 5000;
constexpr qint64 kMinRequestTimeoutMs = 50; // loopback round trips stay far below this
constexpr qint64 kMinNodeTimeoutMs = 10;
constexpr int kProgressIntervalMs = 100;

qint64 scaleMs(qint64 ms, double scale)
{
    return ms < 0 ? ms : qint64(std::llround(double(ms) * scale));
}

Distribution scaleDistribution(Distribution d, double scale)
{
    d.a *= scale;
    d.b *= scale;
    return d;
}

// Event values that are durations, rescaled with the clock (a negative one means "none").
bool valueIsDuration(EventKind kind)
{
    switch (kind) {
    case EventKind::Acquired: // latency, us
    case EventKind::ClientPaused:
    case EventKind::KeyWritten:
    case EventKind::KeyTtlChanged:
    case EventKind::KeyFinal:
    case EventKind::Renewed:
    case EventKind::Partitioned:
    case EventKind::NodeClockJump:
        return true;
    default:
        return false;
    }
}

// Puts live events on the scenario's clock (see the header) and says the captions they bring.
class ScenarioClock final : public EventSink {
public:
    ScenarioClock(EventSink *out, double scale, CaptionMatcher *captions)
        : m_out(out)
        , m_scale(scale)
        , m_captions(captions)
    {}
    void start(qint64 t0Us) { m_t0Us = t0Us; }
    qint64 toScenarioUs(qint64 liveUs) const
    {
        return qMax<qint64>(0, std::llround(double(liveUs - m_t0Us) / m_scale));
    }
    void consume(const Event &e) override
    {
        Event r = e;
        r.timeUs = toScenarioUs(e.timeUs);
        if (valueIsDuration(e.kind) && e.value > 0)
            r.value = std::llround(double(e.value) / m_scale);
        m_out->consume(r);
        if (m_captions)
            m_captions->see(r, m_out);
    }

private:
    EventSink *m_out;
    double m_scale;
    CaptionMatcher *m_captions;
    qint64 m_t0Us = 0;
};

// One lock node of the local topology: its primary and replicas, and where clients reach it.
struct LocalNode {
    std::unique_ptr<LocalRedis> primary;
    std::vector<std::unique_ptr<LocalRedis>> replicas;
    bool clockControl = false;
};

} // namespace

// --- what can run live ------------------------------------------------------------------------

QString liveRefusal(const Scenario &scenario, const Strategy &strategy, bool userServers)
{
    // A what-if replay's clients follow a recorded schedule on named keys; the live client runs
    // the cyclic workload only.
    for (const ClientSpec &c : scenario.clients) {
        if (!c.schedule.isEmpty())
            return QCoreApplication::translate(
                       "LiveScenario",
                       "client %1 replays a recorded schedule (a what-if replay), which only the "
                       "simulator runs")
                .arg(c.name);
    }
    if (scenario.keyCount != 1)
        return QCoreApplication::translate("LiveScenario",
                                           "a live run uses one lock key; this scenario has %1")
            .arg(scenario.keyCount);
    const bool multiNode = strategy.info().multiNode;
    for (const auto &f : scenario.faults) {
        const bool serverSide = f.action == FaultSpec::Action::NodeCrash ||
                                f.action == FaultSpec::Action::NodeRestart ||
                                f.action == FaultSpec::Action::Failover ||
                                f.action == FaultSpec::Action::ClockJump;
        if (serverSide && userServers)
            return QCoreApplication::translate(
                       "LiveScenario",
                       "the fault \"%1\" happens to a server, and LockScope does not crash, "
                       "restart, fail over or move the clock of servers it did not start; run "
                       "without --redis to use local servers")
                .arg(faultActionId(f.action));
        if (f.action == FaultSpec::Action::Failover && !multiNode && scenario.replicas < 1)
            return QCoreApplication::translate(
                "LiveScenario", "a failover needs a replica (\"replicas\": 1 or more)");
    }
    return {};
}

Scenario scaledScenario(const Scenario &scenario, double scale)
{
    Scenario s = scenario;
    s.ttlMs = scaleMs(s.ttlMs, scale);
    s.holdMs = scaleDistribution(s.holdMs, scale);
    s.thinkMs = scaleDistribution(s.thinkMs, scale);
    s.startStaggerMs = scaleMs(s.startStaggerMs, scale);
    s.durationMs = scaleMs(s.durationMs, scale);
    s.acquireTimeoutMs = scaleMs(s.acquireTimeoutMs, scale);
    s.replicationLagMs = scaleMs(s.replicationLagMs, scale);
    s.requestTimeoutMs = qMax(kMinRequestTimeoutMs, scaleMs(s.requestTimeoutMs, scale));
    s.nodeTimeoutMs = qMax(kMinNodeTimeoutMs, scaleMs(s.nodeTimeoutMs, scale));
    for (auto &c : s.clients) {
        c.startMs = scaleMs(c.startMs, scale);
        c.holdMs = scaleDistribution(c.holdMs, scale);
        c.thinkMs = scaleDistribution(c.thinkMs, scale);
        c.clockOffsetMs = scaleMs(c.clockOffsetMs, scale);
        c.acquireTimeoutMs = scaleMs(c.acquireTimeoutMs, scale);
    }
    for (auto &f : s.faults) {
        f.trigger.atMs = scaleMs(f.trigger.atMs, scale);
        f.trigger.delayMs = scaleMs(f.trigger.delayMs, scale);
        f.durationMs = scaleMs(f.durationMs, scale);
        f.jumpMs = scaleMs(f.jumpMs, scale);
    }
    return s;
}

double defaultLiveTimeScale(const Scenario &scenario)
{
    // A whole number of seconds too: setnx-expire's EXPIRE rounds its TTL up to one, which
    // would give the live lock a longer lease than the simulated one (1.25 s becomes 2 s).
    for (double scale : {0.1, 0.2, 0.25, 0.5}) {
        const qint64 ttl = scaleMs(scenario.ttlMs, scale);
        if (ttl >= 1000 && ttl % 1000 == 0)
            return scale;
    }
    return 1.0;
}

// --- the run ----------------------------------------------------------------------------------

namespace {

class LiveScenarioRun {
public:
    LiveScenarioRun(const LiveScenarioConfig &config, std::shared_ptr<const Strategy> strategy,
                    WaitOptions wait)
        : m_config(config)
        , m_strategy(std::move(strategy))
        , m_scenario(scaledScenario(config.scenario, config.timeScale))
        , m_specs(m_scenario.resolvedClients())
        , m_plan(m_scenario, *m_strategy, m_specs)
        , m_strings(std::make_shared<StringPool>())
        , m_checker(int(m_specs.size()))
    {
        for (const auto &c : m_specs)
            m_names.append(c.name.toUtf8());
        if (!m_scenario.captions.isEmpty())
            m_captions = std::make_unique<CaptionMatcher>(m_scenario.captions, m_names, m_strings);
        m_fanout.add(&m_checker);
        if (config.keepLog) {
            m_result.log = std::make_shared<EventLog>(m_strings);
            m_fanout.add(m_result.log.get());
        }
        if (config.extraSink)
            m_fanout.add(config.extraSink);
        m_clock = std::make_unique<ScenarioClock>(&m_fanout, config.timeScale, m_captions.get());
        m_recorder = std::make_unique<LiveRecorder>(m_clock.get(), m_strings, true);
        m_nodeCount = m_strategy->info().multiNode ? m_scenario.redlockNodes : m_scenario.nodes;
        m_lockKey = QByteArrayLiteral("lock:0");
        m_wait = wait;
        if (m_result.log) {
            auto &info = m_result.log->info();
            info.source = QStringLiteral("live");
            info.scenario = config.scenario.id;
            info.strategy = m_strategy->id();
            info.seed = config.seed;
            info.clients = m_names;
            for (int i = 0; i < m_nodeCount; ++i)
                info.nodes.append("redis-" + QByteArray::number(i + 1));
            info.ttlMs = config.scenario.ttlMs;
        }
    }

    ~LiveScenarioRun()
    {
        // Clients before servers: their connections close without waiting for anything.
        m_clients.clear();
        m_observers.clear();
        m_admin.clear();
    }

    LiveScenarioResult run()
    {
        QElapsedTimer wall;
        wall.start();
        if (!setUpServers() || !watchKeys() || !connectClients()) {
            m_result.wallMs = wall.elapsed();
            return m_result;
        }
        holdReplicasBack();
        play();
        finish();
        m_result.wallMs = wall.elapsed();
        return m_result;
    }

private:
    // --- servers ----------------------------------------------------------------------------

    bool fail(const QString &why)
    {
        if (m_result.error.isEmpty())
            m_result.error = why;
        return false;
    }

    bool setUpServers()
    {
        if (!m_config.servers.isEmpty()) {
            if (m_config.servers.size() != m_nodeCount)
                return fail(QCoreApplication::translate("LiveScenario",
                                                        "%1 needs %2 servers (--redis), got %3")
                                .arg(m_strategy->id())
                                .arg(m_nodeCount)
                                .arg(m_config.servers.size()));
            m_nodeOptions = m_config.servers;
            // The counter lives on the first server, under a key of this run alone.
            m_resourceOptions = m_config.servers.front();
            const QByteArray prefix =
                "lockscope:live:" +
                QByteArray::number(Rng::derive(m_config.seed, quint64(liveClockUs())), 16) + ':';
            m_lockKey = prefix + "lock:0";
            for (const auto &o : m_nodeOptions)
                m_result.servers.append(o.displayName());
            m_result.notes.append(
                QCoreApplication::translate(
                    "LiveScenario", "on your servers: only the clients' faults are done; the lock "
                                    "key is %1 and is deleted at the end")
                    .arg(QString::fromUtf8(m_lockKey)));
            return true;
        }
        QSet<int> persistent, clocked;
        bool anyFailover = false;
        for (const auto &f : m_plan.faults()) {
            const auto a = f.spec.action;
            if (a == FaultSpec::Action::NodeCrash ||
                (a == FaultSpec::Action::NodeRestart && f.spec.persistence))
                persistent.insert(f.spec.node);
            if (a == FaultSpec::Action::ClockJump)
                clocked.insert(f.spec.node);
            if (a == FaultSpec::Action::Failover)
                anyFailover = true;
        }
        const int replicas = anyFailover ? qMax(1, m_scenario.replicas) : m_scenario.replicas;
        for (int i = 0; i < m_nodeCount; ++i) {
            LocalNode node;
            // Redis 7 waits 5 s before a diskless first sync, for more replicas to join: ours
            // are all there at once.
            node.primary = std::make_unique<LocalRedis>(
                replicas > 0
                    ? QStringList{QStringLiteral("--repl-diskless-sync-delay"), QStringLiteral("0")}
                    : QStringList{});
            if (persistent.contains(i))
                node.primary->enablePersistence();
            if (clocked.contains(i)) {
                QString why;
                if (!node.primary->enableClockControl(&why))
                    return fail(why);
                node.clockControl = true;
            }
            if (!node.primary->start())
                return fail(node.primary->errorString());
            for (int r = 0; r < replicas; ++r) {
                auto replica = std::make_unique<LocalRedis>(
                    QStringList{QStringLiteral("--replicaof"), node.primary->host(),
                                QString::number(node.primary->port())});
                if (!replica->start())
                    return fail(replica->errorString());
                node.replicas.push_back(std::move(replica));
            }
            m_nodeOptions.append(node.primary->connectionOptions());
            m_result.servers.append(m_nodeOptions.back().displayName());
            m_nodes.push_back(std::move(node));
        }
        m_resource = std::make_unique<LocalRedis>();
        if (!m_resource->start())
            return fail(m_resource->errorString());
        m_resourceOptions = m_resource->connectionOptions();
        return waitForReplicas() && preloadScripts();
    }

    bool preloadScripts()
    {
        // As the simulator does (and as client libraries do once at start-up): the built-in
        // scripts are in every primary's cache before the story starts, so the first EVALSHA
        // of a strategy is the command the scenario's fault hits, not a NOSCRIPT round trip.
        // A restarted node has an empty cache again, in both worlds.
        QList<Command> loads;
        for (const QString &name : builtinScriptNames())
            loads.append(Command{QByteArrayLiteral("SCRIPT"), QByteArrayLiteral("LOAD"),
                                 builtinScript(name).body});
        QList<ConnectionOptions> servers = m_nodeOptions;
        servers.append(m_resourceOptions);
        for (const auto &server : servers) {
            QList<Reply> replies;
            if (!call(server, loads, &replies, 2000)) {
                const auto failed = std::find_if(replies.begin(), replies.end(),
                                                 [](const Reply &r) { return r.failed(); });
                return fail(QCoreApplication::translate("LiveScenario",
                                                        "loading the scripts into %1 failed: %2")
                                .arg(server.displayName(), QString::fromUtf8(failed->text())));
            }
        }
        return true;
    }

    // Commands of the runner's own, pipelined on one connection to `server`; true when none
    // failed. Blocks the event loop briefly: before the run's clock starts or after it ended.
    bool call(const ConnectionOptions &server, const QList<Command> &commands, QList<Reply> *out,
              qint64 timeoutMs)
    {
        Connection conn(server);
        QEventLoop loop;
        out->resize(commands.size());
        qsizetype left = commands.size();
        conn.open();
        for (qsizetype i = 0; i < commands.size(); ++i) {
            conn.send(
                commands[i],
                [&, i](const Reply &r) {
                    (*out)[i] = r;
                    if (--left == 0)
                        loop.quit();
                },
                timeoutMs);
        }
        if (left > 0)
            loop.exec();
        conn.close();
        return std::none_of(out->begin(), out->end(), [](const Reply &r) { return r.failed(); });
    }

    bool call(const ConnectionOptions &server, const Command &argv, Reply *out, qint64 timeoutMs)
    {
        QList<Reply> replies;
        const bool ok = call(server, QList<Command>{argv}, &replies, timeoutMs);
        *out = replies.value(0);
        return ok;
    }

    bool waitForReplicas()
    {
        // A replica that has not finished its first sync would be promoted half-empty for a
        // reason the scenario does not have.
        for (auto &node : m_nodes) {
            for (auto &replica : node.replicas) {
                const QDeadlineTimer deadline(kConnectTimeoutMs);
                for (;;) {
                    Reply r;
                    call(replica->connectionOptions(),
                         Command{QByteArrayLiteral("INFO"), QByteArrayLiteral("replication")}, &r,
                         1000);
                    if (r.text().contains("master_link_status:up"))
                        break;
                    if (deadline.hasExpired())
                        return fail(QCoreApplication::translate(
                                        "LiveScenario",
                                        "the replica on port %1 did not finish its first sync "
                                        "with its primary within %2 s")
                                        .arg(replica->port())
                                        .arg(kConnectTimeoutMs / 1000));
                    QThread::msleep(20);
                }
            }
        }
        return true;
    }

    void holdReplicasBack()
    {
        // A stopped replica alone would not do: the primary goes on writing into its socket,
        // the kernel buffers it, and the replica reads the lock when it wakes. So the replica
        // is frozen first, then the primary drops its link (CLIENT KILL TYPE replica): the
        // frozen replica cannot reconnect, and the lock written later reaches only the primary.
        bool any = false;
        for (auto &node : m_nodes) {
            for (auto &replica : node.replicas)
                replica->pause();
            if (!node.replicas.empty()) {
                Reply r;
                call(node.primary->connectionOptions(),
                     Command{QByteArrayLiteral("CLIENT"), QByteArrayLiteral("KILL"),
                             QByteArrayLiteral("TYPE"), QByteArrayLiteral("replica")},
                     &r, 1000);
                any = true;
            }
        }
        if (any)
            m_result.notes.append(QCoreApplication::translate(
                "LiveScenario",
                "the replica is held back from the start (SIGSTOP, its link dropped), so no "
                "write reaches it before the failover: the simulator's replication lag, made "
                "certain"));
    }

    // --- what the servers do to the lock key ------------------------------------------------

    // One key observer per lock node (MONITOR replayed on a shadow engine): the key events a
    // simulation has, a mistaken deletion among them, come from what the real server did.
    // Attached before the clients connect, so it sees every client name its stream carries.
    bool watchKeys()
    {
        QHash<QByteArray, qint16> clientByName;
        for (qsizetype i = 0; i < m_names.size(); ++i)
            clientByName.insert(connectionName(m_names[i]), qint16(i));
        const int replicas = m_nodes.empty() ? 0 : int(m_nodes.front().replicas.size());
        int ready = 0;
        QString failure;
        QEventLoop loop;
        for (int i = 0; i < m_nodeCount; ++i) {
            auto observer = std::make_unique<LiveKeyObserver>(i, m_nodeOptions[i], replicas,
                                                              clientByName, m_recorder.get());
            observer->setLockKeys({m_lockKey});
            QObject::connect(observer.get(), &LiveKeyObserver::ready, &loop, [&] {
                if (++ready == m_nodeCount)
                    loop.quit();
            });
            QObject::connect(observer.get(), &LiveKeyObserver::failed, &loop,
                             [&](const QString &why) {
                                 failure = why;
                                 loop.quit();
                             });
            observer->start();
            m_observers.push_back(std::move(observer));
        }
        QTimer::singleShot(kConnectTimeoutMs, &loop, [&] { loop.quit(); });
        if (ready < m_nodeCount && failure.isEmpty())
            loop.exec();
        if (ready == m_nodeCount)
            return true;
        if (failure.isEmpty())
            failure =
                QCoreApplication::translate("LiveScenario", "MONITOR did not answer within %1 s")
                    .arg(kConnectTimeoutMs / 1000);
        m_observers.clear();
        if (m_config.servers.isEmpty())
            return fail(failure);
        // The user's server may refuse MONITOR (an ACL without it): the run goes on, blind to
        // what the server did to the key, and says so.
        m_result.notes.append(QCoreApplication::translate(
                                  "LiveScenario", "the lock key's history is not watched (%1): "
                                                  "mistaken deletions and stuck locks cannot be "
                                                  "seen")
                                  .arg(failure));
        return true;
    }

    // The name each connection of a client gives itself (CLIENT SETNAME): how the observer
    // knows whose command each line of the server's stream is.
    static QByteArray connectionName(const QByteArray &client) { return "lockscope-" + client; }

    LiveKeyObserver *observer(int node) const
    {
        return node >= 0 && node < int(m_observers.size()) ? m_observers[std::size_t(node)].get()
                                                           : nullptr;
    }

    // --- clients ----------------------------------------------------------------------------

    bool connectClients()
    {
        for (qsizetype i = 0; i < m_specs.size(); ++i) {
            const auto &spec = m_specs[i];
            LiveClientOptions o;
            o.name = spec.name.toUtf8();
            o.index = qint16(i);
            for (ConnectionOptions node : m_nodeOptions) {
                // A restarted node is found again within a few milliseconds, as the scenario's
                // timing needs; the defaults (100 ms up to 5 s) suit a person's monitor.
                node.reconnectMinMs = 5;
                node.reconnectMaxMs = 50;
                node.connectTimeoutMs = kConnectTimeoutMs;
                node.requestTimeoutMs = m_scenario.requestTimeoutMs;
                node.clientName = QString::fromUtf8(connectionName(o.name));
                o.nodes.append(node);
            }
            if (m_config.servers.isEmpty())
                o.resource = m_resourceOptions;
            o.requestTimeoutMs = m_scenario.requestTimeoutMs;
            o.clockOffsetMs = spec.clockOffsetMs;
            o.seed = Rng::derive(m_config.seed, quint64(i) + 1);
            auto client = std::make_unique<LiveClient>(o, m_recorder.get());
            const int index = int(i);
            client->setStepHook([this, index](const char *step, StepPhase phase, quint64 req) {
                onStep(index, step, phase, req);
            });
            client->setFinishedHandler([this] { clientFinished(); });
            client->setAbortHandler([this](const QString &why) { abort(why); });
            client->open();
            m_clients.push_back(std::move(client));
        }
        QEventLoop loop;
        QTimer poll;
        QDeadlineTimer deadline(kConnectTimeoutMs);
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (allConnected() || deadline.hasExpired() || cancelled())
                loop.quit();
        });
        poll.start(5);
        loop.exec();
        if (cancelled()) {
            m_result.cancelled = true;
            return fail(QCoreApplication::translate("LiveScenario", "cancelled"));
        }
        if (!allConnected())
            return fail(
                QCoreApplication::translate("LiveScenario", "could not connect to %1 within %2 s")
                    .arg(m_result.servers.join(QStringLiteral(", ")))
                    .arg(kConnectTimeoutMs / 1000));
        return true;
    }

    bool allConnected() const
    {
        return std::all_of(m_clients.begin(), m_clients.end(),
                           [](const auto &c) { return c->connectionsReady(); });
    }

    bool cancelled() const { return m_config.cancel && m_config.cancel->load(); }

    // --- playing ----------------------------------------------------------------------------

    void play()
    {
        m_t0Us = liveClockUs();
        m_clock->start(m_t0Us);
        m_context = std::make_unique<QObject>();
        m_clientsRunning = int(m_clients.size());
        // Faults due at an instant are armed before the clients' starts, so one at the same
        // instant (a partition at 0) strikes first, as the simulator orders them.
        for (auto &fault : m_plan.faults()) {
            if (!fault.step.isEmpty())
                continue;
            ArmedFault *f = &fault;
            at(f->spec.trigger.atMs + f->spec.trigger.delayMs, [this, f] {
                f->fired = true;
                apply(*f);
            });
        }
        for (std::size_t i = 0; i < m_clients.size(); ++i) {
            const auto &spec = m_specs[qsizetype(i)];
            LiveWorkload w;
            w.strategy = m_strategy;
            w.wait = m_wait;
            w.wait.timeoutMs = spec.acquireTimeoutMs;
            w.lockKey = m_lockKey;
            w.ttlMs = m_scenario.ttlMs;
            w.nodeTimeoutMs = m_scenario.nodeTimeoutMs;
            w.cycles = spec.cycles;
            w.deadlineUs = m_t0Us + m_scenario.durationMs * 1000;
            w.hold = spec.holdMs;
            w.think = spec.thinkMs;
            w.nested = spec.nested;
            LiveClient *client = m_clients[i].get();
            at(spec.startMs, [client, w] { client->startWorkload(w); });
        }
        QTimer ticker;
        QObject::connect(&ticker, &QTimer::timeout, m_context.get(), [this] { tick(); });
        ticker.start(kProgressIntervalMs);
        at(m_scenario.durationMs, [this] { m_loop.quit(); });
        if (m_clientsRunning > 0 && m_result.error.isEmpty())
            m_loop.exec();
        m_endUs = liveClockUs();
        ticker.stop();
        m_context.reset(); // no fault or start fires after this
    }

    void at(qint64 scenarioMs, std::function<void()> fn)
    {
        // Scenario times here are already scaled: milliseconds of wall time after the start.
        const qint64 dueUs = m_t0Us + scenarioMs * 1000;
        const qint64 inMs = qMax<qint64>(0, (dueUs - liveClockUs() + 999) / 1000);
        QTimer::singleShot(std::chrono::milliseconds(inMs), Qt::PreciseTimer, m_context.get(),
                           std::move(fn));
    }

    void tick()
    {
        if (cancelled()) {
            m_result.cancelled = true;
            fail(QCoreApplication::translate("LiveScenario", "cancelled"));
            m_loop.quit();
            return;
        }
        if (m_config.progress)
            m_config.progress(m_clock->toScenarioUs(liveClockUs()) / 1000,
                              m_config.scenario.durationMs);
    }

    void clientFinished()
    {
        // As in the simulator, the run ends when every client is done (or at its duration).
        if (--m_clientsRunning == 0)
            m_loop.quit();
    }

    void abort(const QString &why)
    {
        fail(why);
        m_loop.quit();
    }

    void onStep(int client, const char *step, StepPhase phase, quint64 request)
    {
        if (m_plan.empty())
            return;
        for (ArmedFault *f : m_plan.reach(client, step, stepPhaseId(phase))) {
            const auto a = f->spec.action;
            if (a == FaultSpec::Action::DelayRequest && f->targetClient == client &&
                phase == StepPhase::Before) {
                // The command at the trigger has not been written yet: it is the one held back.
                m_clients[std::size_t(client)]->delayRequest(request, f->spec.durationMs);
                continue;
            }
            if (a == FaultSpec::Action::LoseReply || a == FaultSpec::Action::DelayReply) {
                // The command at the trigger is the one whose reply is lost or late.
                const bool same = f->targetClient == client;
                LiveClient *target = same ? m_clients[std::size_t(client)].get() : targetOf(*f);
                if (!target)
                    continue;
                if (a == FaultSpec::Action::LoseReply)
                    target->loseReply(same ? request : 0);
                else
                    target->delayReply(same ? request : 0, f->spec.durationMs);
                continue;
            }
            if (f->spec.trigger.delayMs > 0) {
                at((liveClockUs() - m_t0Us) / 1000 + f->spec.trigger.delayMs,
                   [this, f] { apply(*f); });
            } else {
                apply(*f);
            }
        }
    }

    LiveClient *targetOf(const ArmedFault &f) const
    {
        return f.targetClient >= 0 ? m_clients[std::size_t(f.targetClient)].get() : nullptr;
    }

    void record(EventKind kind, qint16 client, qint16 node, qint64 value)
    {
        m_recorder->record(kind, client, node, 0, 0, value);
    }

    void apply(ArmedFault &f)
    {
        const auto &s = f.spec;
        LiveClient *target = targetOf(f);
        const qint16 node = qint16(s.node);
        LocalNode *local =
            s.node >= 0 && s.node < int(m_nodes.size()) ? &m_nodes[std::size_t(s.node)] : nullptr;
        switch (s.action) {
        case FaultSpec::Action::Pause:
            if (target)
                target->pause(s.durationMs);
            return;
        case FaultSpec::Action::Crash:
            if (target)
                target->kill();
            return;
        case FaultSpec::Action::LoseReply:
            if (target)
                target->loseReply(0);
            return;
        case FaultSpec::Action::DelayReply:
            if (target)
                target->delayReply(0, s.durationMs);
            return;
        case FaultSpec::Action::DelayRequest:
            if (target)
                target->delayRequest(0, s.durationMs);
            return;
        case FaultSpec::Action::Partition:
            if (!target)
                return;
            for (int cut : s.nodes) {
                if (cut < 0 || cut >= m_nodeCount)
                    continue;
                target->partition(cut, s.durationMs);
                record(EventKind::Partitioned, target->index(), qint16(cut), s.durationMs);
                if (s.durationMs >= 0) {
                    const qint16 who = target->index();
                    at((liveClockUs() - m_t0Us) / 1000 + s.durationMs,
                       [this, who, cut] { record(EventKind::Healed, who, qint16(cut), 0); });
                }
            }
            return;
        case FaultSpec::Action::NodeCrash:
        case FaultSpec::Action::NodeRestart: {
            if (!local)
                return;
            local->primary->kill();
            if (LiveKeyObserver *o = observer(s.node))
                o->nodeCrashed();
            record(EventKind::NodeCrashed, kNoClient, node, 0);
            if (s.durationMs < 0)
                return;
            const bool keep = local->primary->persistent();
            at((liveClockUs() - m_t0Us) / 1000 + s.durationMs, [this, local, node, keep] {
                if (!local->primary->launch())
                    abort(local->primary->errorString());
                record(EventKind::NodeRestarted, kNoClient, node, keep ? 1 : 0);
                if (LiveKeyObserver *o = observer(node))
                    o->nodeRestarted(keep, local->primary->connectionOptions());
            });
            return;
        }
        case FaultSpec::Action::Failover:
            if (!local || local->replicas.empty())
                return;
            local->primary->kill();
            if (LiveKeyObserver *o = observer(s.node))
                o->nodeCrashed();
            record(EventKind::NodeCrashed, kNoClient, node, 0);
            at((liveClockUs() - m_t0Us) / 1000 + qMax<qint64>(0, s.durationMs),
               [this, local, node] { promote(*local, node); });
            return;
        case FaultSpec::Action::ClockJump: {
            if (!local)
                return;
            QString why;
            record(EventKind::NodeClockJump, kNoClient, node, s.jumpMs);
            if (!local->primary->jumpClock(s.jumpMs, &why))
                abort(why);
            return;
        }
        }
    }

    void promote(LocalNode &local, qint16 node)
    {
        LocalRedis &replica = *local.replicas.front();
        replica.resume();
        const ConnectionOptions target = replica.connectionOptions();
        auto conn = std::make_unique<Connection>(target);
        Connection *raw = conn.get();
        m_admin.push_back(std::move(conn));
        raw->open();
        raw->send(
            Command{QByteArrayLiteral("REPLICAOF"), QByteArrayLiteral("NO"),
                    QByteArrayLiteral("ONE")},
            [this, target, node](const Reply &r) {
                if (r.failed()) {
                    abort(QCoreApplication::translate("LiveScenario",
                                                      "promoting the replica on %1 failed: %2")
                              .arg(target.displayName(), QString::fromUtf8(r.text())));
                    return;
                }
                record(EventKind::NodeFailover, kNoClient, node, 0);
                m_nodeOptions[node] = target;
                if (LiveKeyObserver *o = observer(node))
                    o->failedOver(target);
                for (auto &c : m_clients) {
                    if (!c->dead())
                        c->retarget(node, withClientTimeouts(target, c->name()));
                }
            },
            1000);
    }

    ConnectionOptions withClientTimeouts(ConnectionOptions o, const QByteArray &client) const
    {
        o.clientName = QString::fromUtf8(connectionName(client));
        o.reconnectMinMs = 5;
        o.reconnectMaxMs = 50;
        o.connectTimeoutMs = kConnectTimeoutMs;
        o.requestTimeoutMs = m_scenario.requestTimeoutMs;
        return o;
    }

    // --- the end ----------------------------------------------------------------------------

    void finish()
    {
        for (auto &c : m_clients)
            c->halt();
        // The clients' teardown runs from the event loop; the servers' last MONITOR lines
        // arrive within a few milliseconds.
        QEventLoop settle;
        QTimer::singleShot(20, &settle, &QEventLoop::quit);
        settle.exec();
        if (!m_result.error.isEmpty()) {
            m_result.report = m_checker.finish(m_clock->toScenarioUs(m_endUs));
            return;
        }
        recordFinalState();
        m_result.report = m_checker.finish(m_clock->toScenarioUs(m_endUs));
        m_result.ok = true;
        for (const auto &o : m_observers) {
            // The replay is what the verdict stands on: if it parted from the server, say so.
            if (!o->divergence().isEmpty())
                m_result.notes.append(o->divergence());
        }
        if (!m_config.servers.isEmpty())
            cleanUpUserServers();
    }

    // Whose token a lock value carries: live tokens start with the client's name and a colon.
    qint16 ownerOfValue(const QByteArray &value) const
    {
        const int colon = value.indexOf(':');
        if (colon <= 0)
            return kNoClient;
        const QByteArray name = value.left(colon);
        const auto i = m_names.indexOf(name);
        return i < 0 ? kNoClient : qint16(i);
    }

    void recordFinalState()
    {
        // What is left on the servers when the run ends: the checker finds stuck locks and lost
        // updates in these events, as it does in a simulation's. The observers say it from
        // their replay (owners included); the servers are read too, as a check on the replay.
        for (auto &o : m_observers)
            o->finish();
        const quint32 key = m_strings->intern(m_lockKey);
        for (int i = 0; i < m_nodeCount; ++i) {
            const ConnectionOptions server = m_nodeOptions.value(i);
            Reply type, ttl, value;
            if (!call(server, Command{QByteArrayLiteral("TYPE"), m_lockKey}, &type, 1000))
                continue; // a node down at the end holds nothing anyone can see
            LiveKeyObserver *o = observer(i);
            if (type.text() == "none") {
                if (o)
                    o->compareWithServer(m_lockKey, false, {}, -2);
                continue;
            }
            call(server, Command{QByteArrayLiteral("PTTL"), m_lockKey}, &ttl, 1000);
            if (type.text() == "hash")
                call(server, Command{QByteArrayLiteral("HKEYS"), m_lockKey}, &value, 1000);
            else
                call(server, Command{QByteArrayLiteral("GET"), m_lockKey}, &value, 1000);
            QByteArray text = value.text();
            if (value.isArray() && !value.elements().isEmpty())
                text = value.elements().front().text();
            if (o) {
                if (type.text() == "string")
                    o->compareWithServer(m_lockKey, true, text,
                                         ttl.isInteger() ? ttl.integer() : -1);
                continue;
            }
            Event e;
            e.timeUs = m_endUs;
            e.kind = EventKind::KeyFinal;
            e.node = qint16(i);
            e.key = key;
            e.owner = ownerOfValue(text);
            e.value = ttl.isInteger() ? ttl.integer() : -1;
            m_clock->consume(e);
        }
        const QByteArray counterKey = QByteArrayLiteral("counter:") + m_lockKey;
        Reply counter;
        call(m_resourceOptions, Command{QByteArrayLiteral("GET"), counterKey}, &counter, 1000);
        Event c;
        c.timeUs = m_endUs;
        c.kind = EventKind::CounterFinal;
        c.node = kResourceNode;
        c.key = m_strings->intern(counterKey);
        c.value = counter.isBulk() ? counter.text().toLongLong() : 0;
        m_clock->consume(c);
    }

    void cleanUpUserServers()
    {
        const QByteArray counterKey = QByteArrayLiteral("counter:") + m_lockKey;
        for (const auto &server : m_nodeOptions) {
            Reply r;
            call(server,
                 Command{QByteArrayLiteral("DEL"), m_lockKey, counterKey,
                         counterKey + ":highest-token"},
                 &r, 1000);
        }
    }

    LiveScenarioConfig m_config;
    std::shared_ptr<const Strategy> m_strategy;
    Scenario m_scenario; // scaled
    QList<ClientSpec> m_specs;
    QList<QByteArray> m_names;
    FaultPlan m_plan;
    std::shared_ptr<StringPool> m_strings;
    Checker m_checker;
    EventFanout m_fanout;
    std::unique_ptr<CaptionMatcher> m_captions;
    std::unique_ptr<ScenarioClock> m_clock;
    std::unique_ptr<LiveRecorder> m_recorder;
    WaitOptions m_wait;
    int m_nodeCount = 1;
    QByteArray m_lockKey;

    std::vector<LocalNode> m_nodes;
    std::unique_ptr<LocalRedis> m_resource;
    QList<ConnectionOptions> m_nodeOptions;
    ConnectionOptions m_resourceOptions;
    std::vector<std::unique_ptr<LiveClient>> m_clients;
    std::vector<std::unique_ptr<Connection>> m_admin;
    std::vector<std::unique_ptr<LiveKeyObserver>> m_observers;

    std::unique_ptr<QObject> m_context;
    QEventLoop m_loop;
    qint64 m_t0Us = 0;
    qint64 m_endUs = 0;
    int m_clientsRunning = 0;
    LiveScenarioResult m_result;
};

} // namespace

LiveScenarioResult runLiveScenario(const LiveScenarioConfig &config)
{
    LiveScenarioResult result;
    std::shared_ptr<const Strategy> strategy = config.strategy;
    if (!strategy)
        strategy = createStrategy(config.strategyId);
    if (!strategy) {
        result.error =
            QCoreApplication::translate("LiveScenario", "unknown strategy \"%1\" (known: %2)")
                .arg(config.strategyId, strategyIds().join(QStringLiteral(", ")));
        return result;
    }
    if (!(config.timeScale > 0.0) || config.timeScale > 100.0) {
        result.error = QCoreApplication::translate("LiveScenario",
                                                   "the time scale must be above 0 and at most "
                                                   "100, got %1")
                           .arg(config.timeScale);
        return result;
    }
    result.error = liveRefusal(config.scenario, *strategy, !config.servers.isEmpty());
    if (!result.error.isEmpty())
        return result;
    WaitOptions wait;
    const QString waitId = config.waitMode.isEmpty() ? config.scenario.waitMode : config.waitMode;
    if (!parseWaitMode(waitId, &wait.mode)) {
        result.error =
            QCoreApplication::translate("LiveScenario", "unknown wait mode \"%1\" (spin, backoff, "
                                                        "pubsub)")
                .arg(waitId);
        return result;
    }
    LiveScenarioRun run(config, strategy, wait);
    return run.run();
}

} // namespace lockscope
