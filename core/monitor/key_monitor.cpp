#include "key_monitor.h"

#include "any_case_glob.h"
#include "cluster_resolver.h"
#include "key_reader.h"
#include "key_scanner.h"
#include "monitor_clock.h"
#include "monitor_recorder.h"
#include "sentinel_resolver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

namespace lockscope {

namespace {

// The type a notification's event implies, so the read can fetch the value in its first round.
// (A wrong guess costs one more round trip, nothing else.)
KeyType typeOfEvent(const QByteArray &event)
{
    if (event == "set" || event == "setrange" || event == "append" || event == "incrby" ||
        event == "incrbyfloat" || event == "decrby")
        return KeyType::String;
    if (event == "hset" || event == "hincrby" || event == "hincrbyfloat" || event == "hdel")
        return KeyType::Hash;
    if (event == "lpush" || event == "rpush" || event == "lpop" || event == "rpop" ||
        event == "linsert" || event == "lset" || event == "lrem" || event == "ltrim")
        return KeyType::List;
    if (event.startsWith("z"))
        return KeyType::ZSet;
    return KeyType::Unknown;
}

QString clockText(qint64 us)
{
    return QDateTime::fromMSecsSinceEpoch(us / 1000).toString(QStringLiteral("HH:mm:ss"));
}

constexpr qint64 kExpiryToleranceUs = 250 * 1000; // an inferred expiry may run this late
constexpr qint64 kApplyDelayMs = 1; // replies wait this long for notifications sent before them
// Keys judged for anomalies in one event-loop turn (a few ms; sentences and notes included).
constexpr qsizetype kAnomalySliceKeys = 300;

// A read answered with a cluster redirect ("PTTL: MOVED 3999 127.0.0.1:7001"): the key's slot
// is served by another master now.
bool isRedirect(const QByteArray &error)
{
    return error.startsWith("MOVED ") || error.startsWith("ASK ") || error.contains(": MOVED ") ||
           error.contains(": ASK ");
}

} // namespace

class KeyMonitor::Private {
public:
    Private(KeyMonitor *qq, MonitorOptions o, MonitorRecorder *sharedRecorder = nullptr);

    // Connections and start-up.
    void start();
    void stop();
    void connectTo(const ConnectionOptions &target, bool failover);
    void onMasterFound(const QString &host, quint16 port);
    void onDataReady(quint64 gen);
    void onDataError(quint64 gen, RedisErrorKind kind, const QString &message);
    void afterHandshake(quint64 gen, const Reply &info, const Reply &config);
    void setUpNotifications(quint64 gen);
    void onNotifyReady(quint64 gen);
    void onNotification(const QByteArray &channel, const QByteArray &message);
    void resync(quint64 gen);
    void startScan(bool initial);
    void onScanFinished(quint64 gen);

    // Redis Cluster: one inner monitor per master.
    void startCluster();
    void onMastersChanged(const QList<ClusterMaster> &masters);
    void addShard(const ClusterMaster &master);
    void onShardFailed(const QString &name, const QString &message);
    void updateCluster();
    QString buildClusterStatus() const;
    // The tables to read: the inner monitors' in cluster mode, else this one's.
    std::vector<Private *> parts() const;
    const KeyEntry *findEntry(const QByteArray &key) const;

    // Reads.
    void scheduleFlush();
    void flushDirty();
    void readLockKeysOf(const QSet<QByteArray> &keys);
    void sendReads(const QList<QByteArray> &keys, const QHash<QByteArray, KeyType> &hints,
                   std::function<void()> after);
    void onSnapshots(quint64 gen, QList<KeySnapshot> snapshots);
    void scheduleApply();
    void applyArrived();
    void pollTick();
    void pollNextBatch(quint64 cycle);

    // The table and the history.
    void apply(const KeyObservation &o);
    void applyObservation(const KeyObservation &o);
    void verifyDelete(const QByteArray &key);
    void dropMovedKey(const QByteArray &key);
    void emitChangedKeys();
    void applySnapshot(qint64 t, const KeySnapshot &s, const QByteArray &event);
    void applyGone(qint64 t, const QByteArray &key, bool expired);
    void applyUnread(qint64 t, const QByteArray &key);
    void link(const KeyEntry &e);
    void unlink(const KeyEntry &e);
    void refreshLinks(const QByteArray &lockKey);
    qint16 ownerIndex(const KeyEntry &e);

    void evaluateAnomalies();
    void anomalyTick();
    void judgeAnomalies(qsizetype maxKeys);
    void evaluateAllAnomalies();
    // A row changed: the table's listeners and the anomalies hear of it.
    void markChanged(const QByteArray &key);
    const KeyEntry *lookup(const QByteArray &key) const;
    void setHealth(Health h);
    void updateStatus();
    QString buildStatus() const;
    QString notifySentence() const;
    qint64 pollInterval() const;

    KeyMonitor *q;
    MonitorOptions options;
    EventLog log;
    MonitorRecorder ownRecorder;
    MonitorRecorder &recorder;    // ownRecorder, or the cluster monitor's for an inner monitor
    const bool isShard;           // the inner monitor of one cluster master
    bool loneClusterNode = false; // INFO server said redis_mode:cluster, and this is no shard
    bool recording;

    // Cluster mode (the outer monitor): the resolver and the inner monitors by master name.
    std::unique_ptr<ClusterResolver> cluster;
    std::map<QString, std::unique_ptr<KeyMonitor>> shards;
    QStringList failedShards;
    // An inner monitor calls this when a master may have moved (MOVED, a dropped connection).
    std::function<void()> topologyHint;
    // Resharding: an inner monitor says a key of its table moved away (MOVED/ASK), and asks
    // whether a key new to it came from another master (then it is "present", not acquired).
    std::function<void(const QByteArray &key)> keyMovedAway;
    std::function<bool(const QByteArray &key)> keyMovedHere;
    QSet<QByteArray> movedKeys; // the cluster monitor's: moved away, not yet found elsewhere
    // An inner monitor's deletes being checked (MIGRATE notifies "del" as DEL does), with the
    // key's later observations waiting behind them, in order.
    QHash<QByteArray, QList<KeyObservation>> heldKeys;

    quint64 gen = 0; // bumped whenever the data connection is replaced
    std::unique_ptr<Connection> data;
    std::unique_ptr<Connection> notify;
    std::unique_ptr<SentinelResolver> sentinel;
    std::unique_ptr<KeyScanner> scanner;
    ConnectionOptions target;
    bool started = false;
    bool handshakeDone = false;
    qint16 node = kNoNode;
    QHash<qint16, QByteArray> runIds;

    Health health = Health::Idle;
    QString status;
    QString lastError;
    QString problem; // a sentinel problem, read failures, ...
    bool outage = false;
    bool everReady = false; // the data connection of this target was ready once
    qint64 outageSinceUs = 0;
    int reconnectAttempts = 0;

    NotifyConfig notifyCfg;
    NotifyMode notifyMode = NotifyMode::Unknown;
    bool subscribed = false;
    QByteArray channelPrefix;

    KeyChangeTracker tracker;
    QHash<QByteArray, KeyEntry> table;
    QHash<QByteArray, QSet<QByteArray>> auxByLock; // lock key -> its auxiliary keys
    QSet<QByteArray> changedKeys;

    QSet<QByteArray> dirty;
    QHash<QByteArray, KeyType> dirtyHints;
    bool flushArmed = false;
    QList<KeySnapshot> arrived;
    bool applyArmed = false;

    bool initialScanDone = false;
    quint64 keysScanned = 0, scanRounds = 0, scanPasses = 0;
    qint64 readFailures = 0;
    QByteArray lastReadError;

    QTimer *pollTimer;
    QTimer *rescanTimer;
    QTimer *anomalyTimer;
    quint64 pollCycle = 0;
    bool pollRunning = false;
    QList<QByteArray> pollQueue;
    QList<QByteArray> pollOrder; // the table's keys sorted, kept while no key comes or goes
    bool pollOrderStale = true;

    // Anomalies: judged incrementally (one master), or all at once across a cluster's masters.
    AnomalyIndex anomalyIndex;
    bool anomalyIdsChanged = false; // since anomaliesChanged() was last emitted
    bool anomalySliceArmed = false;
    QList<Anomaly> anomalies;
    QSet<QString> anomalyIds;
};

KeyMonitor::Private::Private(KeyMonitor *qq, MonitorOptions o, MonitorRecorder *sharedRecorder)
    : q(qq)
    , options(std::move(o))
    , ownRecorder(&log, options.keepLog)
    , recorder(sharedRecorder ? *sharedRecorder : ownRecorder)
    , isShard(sharedRecorder != nullptr)
    , recording(options.follow)
    , pollTimer(new QTimer(qq))
    , rescanTimer(new QTimer(qq))
    , anomalyTimer(new QTimer(qq))
    , anomalyIndex(options.thresholds)
{
    rescanTimer->setSingleShot(true);
    QObject::connect(pollTimer, &QTimer::timeout, q, [this] { pollTick(); });
    QObject::connect(rescanTimer, &QTimer::timeout, q, [this] { startScan(false); });
    QObject::connect(anomalyTimer, &QTimer::timeout, q, [this] { anomalyTick(); });
    channelPrefix = "__keyspace@" + QByteArray::number(options.connection.db) + "__:";
}

// --- connections -------------------------------------------------------------------------------

void KeyMonitor::Private::start()
{
    if (started)
        return;
    started = true;
    if (options.cluster && options.sentinels.isEmpty()) {
        startCluster();
        return;
    }
    if (!options.sentinels.isEmpty()) {
        sentinel = std::make_unique<SentinelResolver>(options.sentinels, options.masterName);
        QObject::connect(sentinel.get(), &SentinelResolver::masterFound, q,
                         [this](const QString &host, quint16 port) { onMasterFound(host, port); });
        QObject::connect(sentinel.get(), &SentinelResolver::problem, q,
                         [this](const QString &message) {
                             problem = message;
                             if (!data) {
                                 lastError = message;
                                 if (!options.follow) {
                                     setHealth(Health::Failed);
                                     emit q->failed(message);
                                     return;
                                 }
                             }
                             updateStatus();
                         });
        setHealth(Health::Connecting);
        sentinel->start();
        return;
    }
    connectTo(options.connection, false);
}

void KeyMonitor::Private::stop()
{
    ++gen;
    started = false;
    pollTimer->stop();
    rescanTimer->stop();
    anomalyTimer->stop();
    if (scanner)
        scanner->cancel();
    // Never delete a connection from inside one of its own callbacks: later.
    if (scanner)
        scanner.release()->deleteLater();
    if (notify)
        notify.release()->deleteLater();
    if (data)
        data.release()->deleteLater();
    if (sentinel)
        sentinel.release()->deleteLater();
    if (cluster)
        cluster.release()->deleteLater();
    for (auto &entry : shards) {
        QObject::disconnect(entry.second.get(), nullptr, q, nullptr);
        entry.second->stop();
        entry.second.release()->deleteLater();
    }
    shards.clear();
    failedShards.clear();
    setHealth(Health::Idle);
}

void KeyMonitor::Private::onMasterFound(const QString &host, quint16 port)
{
    problem.clear();
    ConnectionOptions t = options.connection;
    t.host = host;
    t.port = port;
    t.unixSocket.clear();
    if (data && target.host == host && target.port == port)
        return;
    connectTo(t, bool(data));
}

void KeyMonitor::Private::connectTo(const ConnectionOptions &t, bool failover)
{
    ++gen;
    const quint64 g = gen;
    if (scanner) {
        scanner->cancel();
        scanner.release()->deleteLater();
    }
    if (notify)
        notify.release()->deleteLater();
    if (data)
        data.release()->deleteLater();
    tracker.reset();
    heldKeys.clear();
    dirty.clear();
    dirtyHints.clear();
    arrived.clear();
    pollRunning = false;
    subscribed = false;
    handshakeDone = false;
    outage = false;
    everReady = false;
    reconnectAttempts = 0;

    target = t;
    const qint16 oldNode = node;
    node = recorder.node(t.displayName().toUtf8());
    const qint64 now = monitorNowUs();
    if (failover && recording) {
        recorder.nodeEvent(now, EventKind::NodeFailover, oldNode);
        recorder.fault(now, node,
                       "failover: the sentinels name " + t.displayName().toUtf8() +
                           " as the master of " + options.masterName.toUtf8() +
                           "; the monitor follows it");
    }
    for (KeyEntry &e : table)
        e.node = node;
    if (failover)
        emit q->masterChanged(t.displayName());

    ConnectionOptions o = t;
    if (!options.follow) {
        o.reconnect = false; // a snapshot either works now or says why not
    }
    data = std::make_unique<Connection>(o);
    Connection *c = data.get();
    QObject::connect(c, &Connection::ready, q, [this, g] { onDataReady(g); });
    QObject::connect(
        c, &Connection::connectionError, q,
        [this, g](RedisErrorKind kind, const QString &message) { onDataError(g, kind, message); });
    setHealth(Health::Connecting);
    c->open();
}

void KeyMonitor::Private::onDataReady(quint64 g)
{
    if (g != gen)
        return;
    const qint64 now = monitorNowUs();
    if (outage && recording) {
        recorder.fault(now, node,
                       "connection to " + target.displayName().toUtf8() + " restored after " +
                           QByteArray::number(double(now - outageSinceUs) / 1e6, 'f', 1) + " s");
    }
    outage = false;
    everReady = true;
    reconnectAttempts = 0;
    lastError.clear();
    // Two reads, pipelined: who the server is (a restart changes run_id) and whether it
    // notifies keyspace events.
    auto info = std::make_shared<Reply>();
    data->send({QByteArrayLiteral("INFO"), QByteArrayLiteral("server")},
               [info](const Reply &r) { *info = r; });
    data->send({QByteArrayLiteral("CONFIG"), QByteArrayLiteral("GET"),
                QByteArrayLiteral("notify-keyspace-events")},
               [this, g, info](const Reply &r) {
                   if (g == gen)
                       afterHandshake(g, *info, r);
               });
}

void KeyMonitor::Private::afterHandshake(quint64 g, const Reply &info, const Reply &config)
{
    const qint64 now = monitorNowUs();
    if (info.isBulk()) {
        for (const QByteArray &line : info.text().split('\n')) {
            if (line.startsWith("redis_mode:")) {
                loneClusterNode = !isShard && line.mid(11).trimmed() == "cluster";
                continue;
            }
            if (!line.startsWith("run_id:"))
                continue;
            const QByteArray runId = line.mid(7).trimmed();
            const QByteArray previous = runIds.value(node);
            if (!previous.isEmpty() && previous != runId && recording) {
                recorder.nodeEvent(now, EventKind::NodeRestarted, node, 0);
                recorder.fault(now, node,
                               target.displayName().toUtf8() +
                                   " restarted (its run_id changed): keys it kept only in "
                                   "memory are gone");
            }
            runIds.insert(node, runId);
        }
    }
    if (config.isArray() && config.elements().size() == 2) {
        notifyCfg = NotifyConfig::parse(config.elements().at(1).text());
        if (!options.follow || !options.useNotifications)
            notifyMode = NotifyMode::NotUsed;
        else if (notifyCfg.coversMonitor())
            notifyMode = NotifyMode::On;
        else if (notifyCfg.coversSome())
            notifyMode = NotifyMode::Partial;
        else
            notifyMode = NotifyMode::Off;
    } else {
        notifyCfg = NotifyConfig::parse({});
        notifyMode = (!options.follow || !options.useNotifications) ? NotifyMode::NotUsed
                                                                    : NotifyMode::Unreadable;
        if (config.failed())
            problem = KeyMonitor::tr("cannot read notify-keyspace-events: %1")
                          .arg(data->describe(config));
    }
    handshakeDone = true;
    if (notifyMode == NotifyMode::On || notifyMode == NotifyMode::Partial) {
        if (!notify)
            setUpNotifications(g);
        else if (subscribed)
            resync(g);
        // else: the notification connection resynchronises once it is subscribed again
    } else {
        if (notify)
            notify.release()->deleteLater();
        subscribed = false;
        resync(g);
    }
}

void KeyMonitor::Private::setUpNotifications(quint64 g)
{
    ConnectionOptions o = target;
    o.readOnly = true; // PSUBSCRIBE is all it sends
    notify = std::make_unique<Connection>(o);
    Connection *c = notify.get();
    QObject::connect(
        c, &Connection::messageReceived, q,
        [this, g](const QByteArray &channel, const QByteArray &message, const QByteArray &) {
            if (g == gen)
                onNotification(channel, message);
        });
    QObject::connect(c, &Connection::ready, q, [this, g] { onNotifyReady(g); });
    QObject::connect(c, &Connection::connectionError, q,
                     [this, g](RedisErrorKind, const QString &) {
                         if (g == gen)
                             subscribed = false; // notifications are lost until re-subscribed
                     });
    c->open();
}

void KeyMonitor::Private::onNotifyReady(quint64 g)
{
    if (g != gen || !notify)
        return;
    // Patterns sent with send() are not renewed by the connection after a reconnect: every
    // time it is ready, subscribe again, then re-read what may have changed unheard.
    const QByteArray pattern = channelPrefix + anyCaseGlob(options.pattern);
    notify->send({QByteArrayLiteral("PSUBSCRIBE"), pattern}, [this, g](const Reply &r) {
        if (g != gen)
            return;
        if (r.failed()) {
            problem = KeyMonitor::tr("cannot subscribe to keyspace notifications: %1")
                          .arg(notify ? notify->describe(r) : QString::fromUtf8(r.text()));
            updateStatus();
            return;
        }
        subscribed = true;
        if (handshakeDone && data && data->isReady())
            resync(g);
    });
}

void KeyMonitor::Private::onDataError(quint64 g, RedisErrorKind kind, const QString &message)
{
    if (g != gen || !data)
        return;
    lastError = message;
    handshakeDone = false;
    const bool gaveUp = data->state() == Connection::State::Disconnected;
    if (gaveUp) {
        setHealth(Health::Failed);
        updateStatus();
        emit q->failed(message);
        return;
    }
    ++reconnectAttempts;
    if (!outage) {
        outage = true;
        outageSinceUs = monitorNowUs();
        if (recording && everReady)
            recorder.fault(outageSinceUs, node,
                           "lost the connection to " + target.displayName().toUtf8() + ": " +
                               message.toUtf8());
    }
    if (scanner)
        scanner->cancel();
    pollRunning = false;
    if (sentinel)
        sentinel->refresh(); // a failover may be the reason
    if (topologyHint)
        topologyHint(); // the same in a cluster
    Q_UNUSED(kind);
    setHealth(Health::Reconnecting);
}

void KeyMonitor::Private::resync(quint64 g)
{
    if (g != gen || !data)
        return;
    // Whatever happened while nobody listened: forget half-explained notifications, re-read
    // every key we know and scan for the others.
    tracker.reset();
    heldKeys.clear();
    dirty.clear();
    dirtyHints.clear();
    setHealth(initialScanDone ? Health::Watching : Health::Scanning);
    if (!table.isEmpty())
        pollTick();
    startScan(!initialScanDone);
    if (options.follow) {
        pollTimer->start(int(pollInterval()));
        if (!isShard) // the cluster monitor judges all masters together
            anomalyTimer->start(int(qMax<qint64>(100, options.anomalyIntervalMs)));
    }
    updateStatus();
}

qint64 KeyMonitor::Private::pollInterval() const
{
    const bool notified = notifyMode == NotifyMode::On && subscribed;
    return qMax<qint64>(20, notified ? options.ttlResyncIntervalMs : options.rereadIntervalMs);
}

// --- scanning ----------------------------------------------------------------------------------

void KeyMonitor::Private::startScan(bool initial)
{
    rescanTimer->stop();
    if (!data || !data->isReady() || !handshakeDone)
        return; // resync() scans once the connection is back
    if (scanner) {
        scanner->cancel();
        scanner.release()->deleteLater();
    }
    const quint64 g = gen;
    scanner = std::make_unique<KeyScanner>(data.get(), anyCaseGlob(options.pattern),
                                           options.scanCount, options.limits);
    scanner->setRoundPauseMs(initial ? 0 : options.scanPauseMs);
    scanner->setTicketFunction([this](const QByteArray &key) { return tracker.readSent(key); });
    KeyScanner *s = scanner.get();
    QObject::connect(s, &KeyScanner::batchReady, q,
                     [this, g](const QList<KeySnapshot> &snaps) { onSnapshots(g, snaps); });
    QObject::connect(s, &KeyScanner::progress, q, [this, g](quint64 found, quint64 rounds) {
        if (g != gen)
            return;
        keysScanned = found;
        scanRounds = rounds;
        emit q->scanProgress(found, rounds);
        if (!initialScanDone)
            updateStatus();
    });
    QObject::connect(s, &KeyScanner::finished, q, [this, g] { onScanFinished(g); });
    QObject::connect(s, &KeyScanner::failed, q, [this, g](const QString &message) {
        if (g != gen)
            return;
        problem = KeyMonitor::tr("scan failed: %1").arg(message);
        updateStatus();
        if (!options.follow) {
            lastError = message;
            setHealth(Health::Failed);
            emit q->failed(message);
        } else if (data && data->isReady()) {
            rescanTimer->start(int(qMax<qint64>(1000, options.rereadIntervalMs)));
        }
    });
    s->start();
}

void KeyMonitor::Private::onScanFinished(quint64 g)
{
    if (g != gen)
        return;
    ++scanPasses;
    // The last batch is applied one event-loop turn after it arrived: finish after it.
    QTimer::singleShot(kApplyDelayMs + 1, q, [this, g] {
        if (g != gen)
            return;
        applyArrived();
        const bool first = !initialScanDone;
        initialScanDone = true;
        evaluateAnomalies();
        if (first) {
            setHealth(Health::Watching);
            emit q->initialScanFinished();
        }
        emit q->scanPassFinished();
        if (options.follow && g == gen) {
            const bool notified = notifyMode == NotifyMode::On && subscribed;
            rescanTimer->start(int(
                qMax<qint64>(50, notified ? options.rescanIntervalMs : options.rereadIntervalMs)));
        }
        updateStatus();
    });
}

// --- Redis Cluster -----------------------------------------------------------------------------

void KeyMonitor::Private::startCluster()
{
    QString error;
    if (!options.connection.unixSocket.isEmpty())
        error = KeyMonitor::tr("cluster mode needs a seed node at host:port, not a Unix socket");
    else if (options.connection.db != 0)
        error = KeyMonitor::tr("a Redis Cluster has only database 0, but the address asks for "
                               "database %1")
                    .arg(options.connection.db);
    if (!error.isEmpty()) {
        lastError = error;
        setHealth(Health::Failed);
        const QString message = error;
        QMetaObject::invokeMethod(
            q, [this, message] { emit q->failed(message); }, Qt::QueuedConnection);
        return;
    }
    cluster = std::make_unique<ClusterResolver>(options.connection,
                                                options.follow ? options.clusterRefreshMs : 0);
    QObject::connect(cluster.get(), &ClusterResolver::mastersChanged, q,
                     [this](const QList<ClusterMaster> &masters) { onMastersChanged(masters); });
    QObject::connect(cluster.get(), &ClusterResolver::refreshed, q, [this] {
        if (!problem.isEmpty()) {
            problem.clear();
            updateStatus();
        }
    });
    QObject::connect(cluster.get(), &ClusterResolver::problem, q, [this](const QString &message) {
        problem = message;
        if (shards.empty() && !options.follow) {
            lastError = message;
            setHealth(Health::Failed);
            emit q->failed(message);
            return;
        }
        updateStatus();
    });
    setHealth(Health::Connecting);
    cluster->start();
}

void KeyMonitor::Private::onMastersChanged(const QList<ClusterMaster> &masters)
{
    if (health == Health::Failed)
        return;
    const bool first = shards.empty() && failedShards.isEmpty();
    QSet<QString> wanted;
    for (const ClusterMaster &m : masters)
        wanted.insert(m.name());
    QStringList removed, added;
    QList<QByteArray> removedKeys;
    for (auto it = shards.begin(); it != shards.end();) {
        if (wanted.contains(it->first)) {
            ++it;
            continue;
        }
        // No longer a master (failed over, or its slots moved): its keys are the new masters'
        // now; their monitors find them. Not a release: nothing is recorded per key.
        KeyMonitor *shard = it->second.release();
        for (const KeyEntry &e : std::as_const(shard->d->table))
            removedKeys.append(e.key);
        QObject::disconnect(shard, nullptr, q, nullptr);
        shard->stop();
        shard->deleteLater();
        removed.append(it->first);
        it = shards.erase(it);
    }
    failedShards.removeIf([&](const QString &name) { return !wanted.contains(name); });
    for (const ClusterMaster &m : masters) {
        if (shards.count(m.name()) == 0 && !failedShards.contains(m.name())) {
            addShard(m);
            added.append(m.name());
        }
    }
    const qint64 now = monitorNowUs();
    if (recording && !first) {
        for (const QString &name : std::as_const(removed)) {
            const qint16 n = recorder.node(name.toUtf8());
            if (!added.isEmpty())
                recorder.nodeEvent(now, EventKind::NodeFailover, n);
            recorder.fault(now, n,
                           name.toUtf8() + " is no longer a master of the cluster (failover or "
                                           "resharding): its keys are watched on the master that "
                                           "serves their slots now");
        }
        for (const QString &name : std::as_const(added))
            recorder.fault(now, recorder.node(name.toUtf8()),
                           name.toUtf8() + " is now a master of the cluster; the monitor watches "
                                           "it too");
    }
    if (!removedKeys.isEmpty()) {
        std::sort(removedKeys.begin(), removedKeys.end());
        emit q->keysChanged(removedKeys);
    }
    if (!first && (!removed.isEmpty() || !added.isEmpty()))
        emit q->masterChanged(q->serverName());
    updateCluster();
}

void KeyMonitor::Private::addShard(const ClusterMaster &master)
{
    MonitorOptions o = options;
    o.cluster = false;
    o.sentinels.clear();
    o.masterName.clear();
    o.connection = cluster->optionsFor(master.host, master.port);
    const QString name = master.name();
    auto shard = std::unique_ptr<KeyMonitor>(new KeyMonitor(std::move(o), &recorder, nullptr));
    KeyMonitor *m = shard.get();
    m->d->topologyHint = [this] {
        if (cluster)
            cluster->refresh();
    };
    m->d->keyMovedAway = [this](const QByteArray &key) { movedKeys.insert(key); };
    Private *self = m->d.get();
    m->d->keyMovedHere = [this, self](const QByteArray &key) {
        if (movedKeys.remove(key))
            return true;
        for (const auto &entry : shards) // not yet told by the master it left
            if (entry.second->d.get() != self && entry.second->d->table.contains(key))
                return true;
        return false;
    };
    QObject::connect(m, &KeyMonitor::keysChanged, q, &KeyMonitor::keysChanged);
    QObject::connect(m, &KeyMonitor::healthChanged, q, [this] { updateCluster(); });
    QObject::connect(m, &KeyMonitor::statusChanged, q, [this] { updateStatus(); });
    QObject::connect(m, &KeyMonitor::initialScanFinished, q, [this] { updateCluster(); });
    QObject::connect(m, &KeyMonitor::scanPassFinished, q, [this] { updateCluster(); });
    QObject::connect(m, &KeyMonitor::scanProgress, q, [this] {
        emit q->scanProgress(q->keysScanned(), q->scanRounds());
        if (!initialScanDone)
            updateStatus();
    });
    QObject::connect(m, &KeyMonitor::failed, q,
                     [this, name](const QString &message) { onShardFailed(name, message); });
    shards.emplace(name, std::move(shard));
    m->start();
}

void KeyMonitor::Private::onShardFailed(const QString &name, const QString &message)
{
    const auto it = shards.find(name);
    if (it == shards.end())
        return;
    // Deleted later: this runs inside the inner monitor's own signal.
    KeyMonitor *shard = it->second.release();
    QObject::disconnect(shard, nullptr, q, nullptr);
    shard->deleteLater();
    shards.erase(it);
    failedShards.append(name);
    problem = QStringLiteral("%1: %2").arg(name, message);
    // A snapshot is complete only with every master; a follow keeps the masters that work
    // unless none does.
    if (!options.follow || shards.empty()) {
        lastError = problem;
        setHealth(Health::Failed);
        emit q->failed(lastError);
        return;
    }
    updateCluster();
}

void KeyMonitor::Private::updateCluster()
{
    if (!cluster || health == Health::Failed || !started)
        return;
    bool allScanned = !shards.empty(), anyReconnecting = false, anyConnected = false;
    quint64 passes = std::numeric_limits<quint64>::max();
    for (const auto &entry : shards) {
        const KeyMonitor *m = entry.second.get();
        allScanned = allScanned && m->initialScanDone();
        anyReconnecting = anyReconnecting || m->health() == Health::Reconnecting;
        anyConnected =
            anyConnected || m->health() == Health::Scanning || m->health() == Health::Watching;
        passes = qMin(passes, m->scanPasses());
    }
    if (shards.empty())
        passes = 0;
    if (allScanned && !initialScanDone) {
        initialScanDone = true;
        scanPasses = passes;
        evaluateAnomalies();
        if (options.follow)
            anomalyTimer->start(int(qMax<qint64>(100, options.anomalyIntervalMs)));
        setHealth(anyReconnecting ? Health::Reconnecting : Health::Watching);
        emit q->initialScanFinished();
        emit q->scanPassFinished();
        return;
    }
    if (initialScanDone && passes > scanPasses && passes != std::numeric_limits<quint64>::max()) {
        // Every master finished one more pass: one more pass over the whole cluster.
        scanPasses = passes;
        evaluateAnomalies();
        emit q->scanPassFinished();
    }
    Health h = Health::Connecting;
    if (anyReconnecting)
        h = Health::Reconnecting;
    else if (initialScanDone)
        h = Health::Watching;
    else if (anyConnected)
        h = Health::Scanning;
    setHealth(h);
}

QString KeyMonitor::Private::buildClusterStatus() const
{
    QStringList names;
    quint64 found = 0, rounds = 0;
    int keys = 0;
    for (const auto &entry : shards) {
        names.append(entry.first);
        found += entry.second->keysScanned();
        rounds += entry.second->scanRounds();
        keys += int(entry.second->d->table.size());
    }
    const QString where =
        KeyMonitor::tr("%1 cluster masters (%2)").arg(shards.size()).arg(names.join(u", "));
    QString s;
    switch (health) {
    case Health::Idle:
        s = KeyMonitor::tr("not monitoring");
        break;
    case Health::Connecting:
        s = shards.empty() ? KeyMonitor::tr("asking %1 for the masters of the cluster")
                                 .arg(options.connection.displayName())
                           : KeyMonitor::tr("connecting to %1").arg(where);
        break;
    case Health::Scanning:
        s = KeyMonitor::tr("scanning %1 for %2: %3 keys matched in %4 SCAN rounds")
                .arg(where, QString::fromUtf8(options.pattern))
                .arg(found)
                .arg(rounds);
        break;
    case Health::Watching:
    case Health::Reconnecting:
        s = KeyMonitor::tr("watching %1 lock keys matching %2 on %3")
                .arg(keys)
                .arg(QString::fromUtf8(options.pattern), where);
        break;
    case Health::Failed:
        return KeyMonitor::tr("stopped: %1").arg(lastError);
    }
    // How each master is followed, said once when they all agree.
    QMap<QString, QStringList> byNotify;
    for (const auto &entry : shards) {
        const Health h = entry.second->health();
        if (h == Health::Scanning || h == Health::Watching)
            byNotify[entry.second->d->notifySentence()].append(entry.first);
    }
    if (byNotify.size() == 1 && byNotify.first().size() == int(shards.size())) {
        s += byNotify.firstKey();
    } else {
        // "; 127.0.0.1:7000, 127.0.0.1:7001: keyspace notifications on (...)"
        for (auto it = byNotify.cbegin(); it != byNotify.cend(); ++it)
            if (!it.key().isEmpty())
                s += QStringLiteral("; %1: %2").arg(it.value().join(u", "), it.key().mid(2));
    }
    // The masters in trouble, each in its own words.
    for (const auto &entry : shards) {
        const Health h = entry.second->health();
        if (h == Health::Reconnecting || h == Health::Connecting)
            s += QStringLiteral("; %1").arg(entry.second->d->buildStatus());
        else if (!entry.second->d->problem.isEmpty())
            s += QStringLiteral("; %1: %2").arg(entry.first, entry.second->d->problem);
    }
    if (!problem.isEmpty())
        s += QStringLiteral("; %1").arg(problem);
    return s;
}

std::vector<KeyMonitor::Private *> KeyMonitor::Private::parts() const
{
    std::vector<Private *> list;
    if (!cluster) {
        list.push_back(const_cast<Private *>(this));
        return list;
    }
    for (const auto &entry : shards)
        list.push_back(entry.second->d.get());
    return list;
}

const KeyEntry *KeyMonitor::Private::findEntry(const QByteArray &key) const
{
    for (const Private *p : parts()) {
        const auto it = p->table.constFind(key);
        if (it != p->table.cend())
            return &it.value();
    }
    return nullptr;
}

// --- reads -------------------------------------------------------------------------------------

void KeyMonitor::Private::onNotification(const QByteArray &channel, const QByteArray &message)
{
    if (!channel.startsWith(channelPrefix))
        return;
    const QByteArray key = channel.mid(channelPrefix.size());
    if (tracker.notify(key, message, monitorNowUs())) {
        dirty.insert(key);
        // "set" says string; "expire" says nothing: keep what an earlier event said.
        KeyType hint = typeOfEvent(message);
        if (hint == KeyType::Unknown)
            hint = dirtyHints.value(key, KeyType::Unknown);
        if (hint == KeyType::Unknown) {
            const auto it = table.constFind(key);
            if (it != table.cend())
                hint = it->type;
        }
        dirtyHints.insert(key, hint);
        scheduleFlush();
    }
    scheduleApply();
}

void KeyMonitor::Private::scheduleFlush()
{
    if (flushArmed)
        return;
    flushArmed = true;
    const quint64 g = gen;
    // One event-loop turn: every notification that arrived together goes in one pipeline.
    QTimer::singleShot(0, q, [this, g] {
        flushArmed = false;
        if (g == gen)
            flushDirty();
    });
}

void KeyMonitor::Private::flushDirty()
{
    if (dirty.isEmpty() || !data || !data->isReady())
        return; // after a reconnect, resync() re-reads everything anyway
    const QList<QByteArray> keys = dirty.values();
    const QHash<QByteArray, KeyType> hints = dirtyHints;
    dirty.clear();
    dirtyHints.clear();
    sendReads(keys, hints, nullptr);
}

void KeyMonitor::Private::sendReads(const QList<QByteArray> &keys,
                                    const QHash<QByteArray, KeyType> &hints,
                                    std::function<void()> after)
{
    QList<ReadRequest> requests;
    requests.reserve(keys.size());
    for (const QByteArray &key : keys) {
        ReadRequest r;
        r.key = key;
        r.hint = hints.value(key, KeyType::Unknown);
        if (r.hint == KeyType::Unknown) {
            const auto it = table.constFind(key);
            if (it != table.cend())
                r.hint = it->type;
        }
        r.ticket = tracker.readSent(key);
        requests.append(r);
    }
    const quint64 g = gen;
    KeyReader::read(*data, requests, options.limits,
                    [this, g, after = std::move(after)](QList<KeySnapshot> snaps) {
                        onSnapshots(g, std::move(snaps));
                        if (after && g == gen)
                            after();
                    });
}

void KeyMonitor::Private::onSnapshots(quint64 g, QList<KeySnapshot> snapshots)
{
    if (g != gen)
        return;
    bool moved = false;
    for (KeySnapshot &s : snapshots) {
        if (s.failed && isRedirect(s.error)) {
            // The key's slot moved to another master: it is that master's now (its monitor
            // finds it there), so it leaves this table without a history event.
            moved = true;
            dropMovedKey(s.key);
            // Still handed to the tracker (which drops failed reads), so that the reads of
            // this key sent after it are not left waiting for it.
        } else if (s.failed && !s.error.isEmpty()) {
            ++readFailures;
            lastReadError = s.key + ": " + s.error;
        }
        arrived.append(std::move(s));
    }
    if (moved && topologyHint)
        topologyHint();
    scheduleApply();
}

void KeyMonitor::Private::scheduleApply()
{
    if (applyArmed)
        return;
    applyArmed = true;
    const quint64 g = gen;
    // A reply is applied a moment after it arrived, so that notifications the server sent
    // before it (on the other connection) are in first: the tracker relies on that order.
    QTimer::singleShot(kApplyDelayMs, q, [this, g] {
        applyArmed = false;
        if (g == gen)
            applyArrived();
    });
}

void KeyMonitor::Private::applyArrived()
{
    const QList<KeySnapshot> batch = std::move(arrived);
    arrived.clear();
    for (const KeySnapshot &s : batch)
        tracker.readDone(s.key, s.ticket, s);
    for (const KeyObservation &o : tracker.take())
        apply(o);
    judgeAnomalies(kAnomalySliceKeys); // the keys of this batch, while they are fresh
    if (!changedKeys.isEmpty()) {
        readLockKeysOf(changedKeys);
        QList<QByteArray> keys = changedKeys.values();
        std::sort(keys.begin(), keys.end());
        changedKeys.clear();
        emit q->keysChanged(keys);
    }
}

void KeyMonitor::Private::readLockKeysOf(const QSet<QByteArray> &keys)
{
    // A recognised auxiliary key (a Redisson fair lock's queue or timeouts, a fencing token, a
    // python-redis-lock signal) brings its lock key into the table, also when the pattern does
    // not match the lock's name: the queue of `orders` without `orders` tells half the story.
    // Once in the table, the lock key is re-read like every other key.
    if (!data || !data->isReady())
        return;
    QList<QByteArray> wanted;
    for (const QByteArray &key : keys) {
        const auto it = table.constFind(key);
        if (it == table.cend() || it->lock.lockKey.isEmpty())
            continue;
        const QByteArray &lock = it->lock.lockKey;
        if (!table.contains(lock) && !wanted.contains(lock))
            wanted.append(lock);
    }
    if (!wanted.isEmpty())
        sendReads(wanted, {}, {});
}

void KeyMonitor::Private::pollTick()
{
    // The first scan reads every key it finds: re-reading them while it runs would only
    // double its work on a big server (and the window's, which shows each read).
    if (pollRunning || !data || !data->isReady() || table.isEmpty() || !initialScanDone)
        return;
    pollRunning = true;
    if (pollOrderStale) { // sorting 100,000 keys every second would stall a window
        pollOrder = table.keys();
        std::sort(pollOrder.begin(), pollOrder.end());
        pollOrderStale = false;
    }
    pollQueue = pollOrder;
    pollNextBatch(++pollCycle);
}

void KeyMonitor::Private::pollNextBatch(quint64 cycle)
{
    if (cycle != pollCycle || !pollRunning)
        return;
    if (pollQueue.isEmpty() || !data || !data->isReady()) {
        pollRunning = false;
        return;
    }
    const int n = int(qMin<qsizetype>(qMax(1, options.readBatch), pollQueue.size()));
    const QList<QByteArray> keys = pollQueue.mid(0, n);
    pollQueue.remove(0, n);
    // One batch at a time: the next goes when this one is back.
    sendReads(keys, {}, [this, cycle] { pollNextBatch(cycle); });
}

// --- the table and the history ------------------------------------------------------------------

qint16 KeyMonitor::Private::ownerIndex(const KeyEntry &e)
{
    if (e.lock.role != LockRole::Lock || e.lock.owner.isEmpty() || !recording)
        return kNoClient;
    return recorder.owner(e.lock.owner);
}

void KeyMonitor::Private::dropMovedKey(const QByteArray &key)
{
    const auto it = table.find(key);
    if (it == table.end())
        return;
    const KeyEntry gone = it.value();
    table.erase(it);
    pollOrderStale = true;
    unlink(gone);
    markChanged(key);
    if (keyMovedAway)
        keyMovedAway(key);
}

void KeyMonitor::Private::emitChangedKeys()
{
    if (changedKeys.isEmpty())
        return;
    QList<QByteArray> keys = changedKeys.values();
    std::sort(keys.begin(), keys.end());
    changedKeys.clear();
    emit q->keysChanged(keys);
}

void KeyMonitor::Private::apply(const KeyObservation &o)
{
    if (isShard) {
        // In a cluster, a "del" may be MIGRATE taking the key to another master: ask the key
        // once more before calling it released. Until then the key's observations wait.
        const auto held = heldKeys.find(o.key);
        if (held != heldKeys.end()) {
            held->append(o);
            return;
        }
        if (o.kind == KeyObservation::Kind::Deleted && table.contains(o.key) && data &&
            data->isReady()) {
            heldKeys.insert(o.key, {o});
            verifyDelete(o.key);
            return;
        }
    }
    applyObservation(o);
}

void KeyMonitor::Private::verifyDelete(const QByteArray &key)
{
    ReadRequest r;
    r.key = key;
    const quint64 g = gen;
    KeyReader::read(*data, {r}, options.limits, [this, g, key](QList<KeySnapshot> snaps) {
        if (g != gen)
            return;
        const QList<KeyObservation> queue = heldKeys.take(key);
        if (queue.isEmpty())
            return; // a resync dropped them: it re-reads everything anyway
        const bool movedAway =
            !snaps.isEmpty() && snaps.first().failed && isRedirect(snaps.first().error);
        if (movedAway)
            dropMovedKey(key); // not a release: the key lives on another master now
        else
            applyObservation(queue.first());
        for (qsizetype i = 1; i < queue.size(); ++i)
            apply(queue.at(i));
        if (movedAway && topologyHint)
            topologyHint();
        emitChangedKeys();
    });
}

void KeyMonitor::Private::applyObservation(const KeyObservation &o)
{
    switch (o.kind) {
    case KeyObservation::Kind::Snapshot:
        applySnapshot(o.timeUs, o.snapshot, o.event);
        break;
    case KeyObservation::Kind::Deleted:
        applyGone(o.timeUs, o.key, false);
        break;
    case KeyObservation::Kind::Expired:
        applyGone(o.timeUs, o.key, true);
        break;
    case KeyObservation::Kind::Unread:
        applyUnread(o.timeUs, o.key);
        break;
    }
}

void KeyMonitor::Private::applySnapshot(qint64 t, const KeySnapshot &s, const QByteArray &event)
{
    auto it = table.find(s.key);
    if (!s.exists()) {
        if (it == table.end())
            return;
        // It vanished between two reads with no notification: it expired if its TTL ran out
        // by now, else someone deleted it.
        const qint64 expiresAt = it->expiresAtUs();
        const bool expired = expiresAt >= 0 && expiresAt <= t + kExpiryToleranceUs;
        applyGone(expired ? qBound(it->pttlReadUs, expiresAt, t) : t, s.key, expired);
        return;
    }
    LockInfo info = recognizeLock(s);
    const QByteArray value = s.valueText(200);
    if (it == table.end()) {
        KeyEntry e;
        e.key = s.key;
        e.type = s.type;
        e.node = node;
        e.pttlMs = s.pttlMs;
        e.pttlReadUs = s.readAtUs;
        e.lock = std::move(info);
        e.format = e.lock.format;
        e.valueText = value;
        e.firstSeenUs = t;
        e.lastChangeUs = t;
        e.ownerSinceUs = t;
        e.queueHead = e.lock.queueHead;
        e.queueHeadSinceUs = t;
        if (recording) {
            const qint16 owner = ownerIndex(e);
            const bool movedHere = keyMovedHere && keyMovedHere(e.key);
            if ((!initialScanDone && event.isEmpty()) || movedHere)
                recorder.present(t, node, e.key, owner, value, e.pttlMs);
            else if (owner != kNoClient)
                recorder.acquired(t, node, e.key, owner, value, e.pttlMs);
            else
                recorder.written(t, node, e.key, owner, value, e.pttlMs);
        }
        const QByteArray key = e.key;
        it = table.emplace(key, std::move(e));
        pollOrderStale = true;
        link(*it);
        markChanged(s.key);
        return;
    }

    KeyEntry &e = it.value();
    const QByteArray oldOwner = e.lock.role == LockRole::Lock ? e.lock.owner : QByteArray();
    const QByteArray newOwner = info.role == LockRole::Lock ? info.owner : QByteArray();
    const bool ownerChanged = !newOwner.isEmpty() && newOwner != oldOwner;
    const bool valueChanged = !e.valueSeen || e.type != s.type || e.valueText != value;
    const qint64 expected = e.remainingTtlMs(s.readAtUs);
    const qint64 oldTtl = e.pttlMs;
    const bool wasSeen = e.valueSeen;
    const qint16 previous = ownerIndex(e);

    e.type = s.type;
    e.lock = std::move(info);
    e.format = e.lock.format;
    e.valueText = value;
    e.valueSeen = true;
    e.pttlMs = s.pttlMs;
    e.pttlReadUs = s.readAtUs;
    bool changed = false;
    if (ownerChanged) {
        if (recording) {
            if (!oldOwner.isEmpty() && wasSeen)
                recorder.takenOver(t, node, e.key, ownerIndex(e), previous, value, e.pttlMs);
            else
                recorder.acquired(t, node, e.key, ownerIndex(e), value, e.pttlMs);
        }
        e.ownerSinceUs = t;
        e.ownerChangesUs.push_back(t);
        changed = true;
    } else if (valueChanged) {
        if (recording)
            recorder.written(t, node, e.key, ownerIndex(e), value, e.pttlMs);
        changed = true;
    } else if (s.pttlMs != oldTtl || oldTtl >= 0) {
        // Same value: did the TTL change other than by counting down?
        const qint64 tolerance = event == "expire" ? 5 : 100 + qMax<qint64>(0, expected) / 100;
        bool ttlEvent = false, renewal = false;
        if (s.pttlMs >= 0 && oldTtl < 0) {
            ttlEvent = true; // a TTL was added (SETNX, then EXPIRE)
        } else if (s.pttlMs < 0 && oldTtl >= 0) {
            ttlEvent = true; // PERSIST
        } else if (s.pttlMs >= 0 && s.pttlMs > expected + tolerance) {
            ttlEvent = renewal = true;
        } else if (s.pttlMs >= 0 && s.pttlMs < expected - tolerance - 100) {
            ttlEvent = true; // shortened
        }
        if (ttlEvent) {
            if (recording)
                recorder.ttlChanged(t, node, e.key, ownerIndex(e), s.pttlMs, renewal);
            changed = true;
        }
    }
    if (e.lock.queueHead != e.queueHead) {
        e.queueHead = e.lock.queueHead;
        e.queueHeadSinceUs = t;
        changed = true;
    }
    if (changed)
        e.lastChangeUs = t;
    const qint64 minuteAgo = t - 60 * 1000 * 1000LL;
    std::erase_if(e.ownerChangesUs, [&](qint64 at) { return at < minuteAgo; });
    link(e);
    markChanged(s.key);
}

void KeyMonitor::Private::applyGone(qint64 t, const QByteArray &key, bool expired)
{
    const auto it = table.find(key);
    if (it == table.end())
        return;
    if (recording) {
        const qint16 owner = ownerIndex(*it);
        if (expired)
            recorder.expired(t, node, key, owner);
        else
            recorder.released(t, node, key, owner);
    }
    const KeyEntry gone = it.value();
    table.erase(it);
    pollOrderStale = true;
    unlink(gone);
    markChanged(key);
}

void KeyMonitor::Private::applyUnread(qint64 t, const QByteArray &key)
{
    auto it = table.find(key);
    if (it == table.end()) {
        KeyEntry e;
        e.key = key;
        e.node = node;
        e.firstSeenUs = t;
        e.ownerSinceUs = t;
        it = table.insert(key, e);
        pollOrderStale = true;
    }
    KeyEntry &e = it.value();
    e.lock = LockInfo();
    e.lock.role = LockRole::Lock;
    e.lock.label = QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "not read yet"));
    e.format = e.lock.format;
    e.valueSeen = false;
    e.valueText = QByteArrayLiteral("(changed again before it could be read)");
    e.lastChangeUs = t;
    if (recording)
        recorder.written(t, node, key, kNoClient, e.valueText, -1);
    markChanged(key);
}

void KeyMonitor::Private::link(const KeyEntry &e)
{
    if (!e.lock.lockKey.isEmpty()) {
        auxByLock[e.lock.lockKey].insert(e.key);
        refreshLinks(e.lock.lockKey);
    }
    if (e.lock.role == LockRole::Lock)
        refreshLinks(e.key);
}

void KeyMonitor::Private::unlink(const KeyEntry &e)
{
    if (!e.lock.lockKey.isEmpty()) {
        auto it = auxByLock.find(e.lock.lockKey);
        if (it != auxByLock.end()) {
            it->remove(e.key);
            if (it->isEmpty())
                auxByLock.erase(it);
        }
        refreshLinks(e.lock.lockKey);
    }
}

void KeyMonitor::Private::refreshLinks(const QByteArray &lockKey)
{
    const auto lockIt = table.find(lockKey);
    if (lockIt == table.end() || lockIt->lock.role != LockRole::Lock)
        return;
    KeyEntry &lock = lockIt.value();
    qint64 waiters = -1, counter = -1;
    QByteArray format = lock.lock.format;
    const auto aux = auxByLock.constFind(lockKey);
    if (aux != auxByLock.cend()) {
        for (const QByteArray &k : *aux) {
            const auto a = table.constFind(k);
            if (a == table.cend())
                continue;
            const QByteArray &f = a->lock.format;
            if (f == "redisson-fair-queue" || f == "redisson-fair-timeouts") {
                if (f == "redisson-fair-queue" || waiters < 0)
                    waiters = a->lock.waiters;
                if (format == "redisson-lock")
                    format = QByteArrayLiteral("redisson-fair-lock");
            } else if (f == "redisson-fence-token" || f == "lockscope-fence") {
                counter = a->lock.counter;
                if (format == "redisson-lock")
                    format = QByteArrayLiteral("redisson-fenced-lock");
            }
        }
    }
    if (lock.waiters != waiters || lock.fencingCounter != counter || lock.format != format)
        markChanged(lockKey);
    lock.waiters = waiters;
    lock.fencingCounter = counter;
    lock.format = format;
    if (format == "redisson-fair-lock")
        lock.lock.label =
            QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson fair lock (RFairLock)"));
    else if (format == "redisson-fenced-lock")
        lock.lock.label =
            QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson fenced lock (RFencedLock)"));
}

void KeyMonitor::Private::markChanged(const QByteArray &key)
{
    changedKeys.insert(key);
    if (!isShard) // a cluster's inner monitors are judged all together by the outer one
        anomalyIndex.touch(key);
}

const KeyEntry *KeyMonitor::Private::lookup(const QByteArray &key) const
{
    const auto it = table.constFind(key);
    return it == table.cend() ? nullptr : &it.value();
}

void KeyMonitor::Private::evaluateAnomalies()
{
    if (isShard)
        return; // the cluster monitor judges all masters together (one owner, many masters)
    if (cluster) {
        evaluateAllAnomalies();
        return;
    }
    judgeAnomalies(-1);
    if (anomalyIdsChanged) {
        anomalyIdsChanged = false;
        emit q->anomaliesChanged();
    }
}

void KeyMonitor::Private::anomalyTick()
{
    if (isShard || cluster) {
        evaluateAnomalies();
        return;
    }
    // Time alone: the keys whose deadline passed (held too long from now on, ...), in slices.
    judgeAnomalies(kAnomalySliceKeys);
    emitChangedKeys();
    if (anomalyIdsChanged) {
        anomalyIdsChanged = false;
        emit q->anomaliesChanged();
    }
}

// One master: only the keys that changed, and those whose deadline passed (anomaly_index.h).
// With maxKeys >= 0 at most that many now, the rest in further slices, each its own event-loop
// turn: a scan of 100,000 lock keys is judged as it goes, without freezing a window.
void KeyMonitor::Private::judgeAnomalies(qsizetype maxKeys)
{
    if (isShard || cluster)
        return;
    const qint64 now = monitorNowUs();
    const AnomalyIndex::Update update = anomalyIndex.evaluate(
        now, [this](const QByteArray &key) { return lookup(key); }, maxKeys);
    if (recording) {
        for (const Anomaly &a : update.appeared) {
            qint16 owner = kNoClient;
            if (!a.owner.isEmpty()) {
                const KeyEntry *e = lookup(a.key);
                if (e && e->lock.role == LockRole::Lock)
                    owner = recorder.owner(a.owner);
            }
            recorder.note(now, owner, a.key,
                          "anomaly " + a.id.toUtf8() + ": " + a.sentence.toUtf8());
        }
    }
    for (const QByteArray &key : update.keys) {
        const auto it = table.find(key);
        if (it == table.end())
            continue;
        QStringList rules = anomalyIndex.rules(key);
        if (rules != it->anomalies) {
            it->anomalies = std::move(rules);
            changedKeys.insert(key);
        }
    }
    anomalyIdsChanged = anomalyIdsChanged || update.idsChanged;
    if (maxKeys >= 0 && anomalyIndex.hasWaiting() && !anomalySliceArmed) {
        anomalySliceArmed = true;
        QTimer::singleShot(0, q, [this] {
            anomalySliceArmed = false;
            judgeAnomalies(kAnomalySliceKeys);
            emitChangedKeys();
        });
    }
}

// A cluster: every master's table at once (a key whose slot just moved is in two of them).
void KeyMonitor::Private::evaluateAllAnomalies()
{
    const qint64 now = monitorNowUs();
    const std::vector<Private *> tables = parts();
    std::vector<const KeyEntry *> list;
    QSet<QByteArray> listed;
    for (const Private *p : tables) {
        list.reserve(list.size() + std::size_t(p->table.size()));
        for (const KeyEntry &e : std::as_const(p->table)) {
            if (tables.size() == 1) {
                list.push_back(&e);
            } else if (!listed.contains(e.key)) { // a key whose slot just moved: once
                listed.insert(e.key);
                list.push_back(&e);
            }
        }
    }
    std::sort(list.begin(), list.end(),
              [](const KeyEntry *a, const KeyEntry *b) { return a->key < b->key; });
    QList<Anomaly> found = AnomalyRules::evaluate(list, now, options.thresholds);

    QHash<QByteArray, QStringList> byKey;
    QSet<QString> ids;
    for (const Anomaly &a : std::as_const(found)) {
        ids.insert(a.id);
        if (a.rule == QLatin1String("owner-holds-many")) {
            for (const KeyEntry *e : list) {
                if (e->lock.role == LockRole::Lock && e->lock.owner == a.owner)
                    byKey[e->key].append(a.rule);
            }
        } else {
            byKey[a.key].append(a.rule);
        }
        if (!anomalyIds.contains(a.id) && recording) {
            qint16 owner = kNoClient;
            if (!a.owner.isEmpty()) {
                const KeyEntry *e = findEntry(a.key);
                if (e && e->lock.role == LockRole::Lock)
                    owner = recorder.owner(a.owner);
            }
            recorder.note(now, owner, a.key,
                          "anomaly " + a.id.toUtf8() + ": " + a.sentence.toUtf8());
        }
    }
    for (Private *p : tables) {
        for (auto it = p->table.begin(); it != p->table.end(); ++it) {
            QStringList rules = byKey.value(it.key());
            if (rules != it->anomalies) {
                it->anomalies = rules;
                changedKeys.insert(it.key());
            }
        }
    }
    if (cluster && !changedKeys.isEmpty()) {
        // No reads of its own to carry these: say it now.
        QList<QByteArray> keys = changedKeys.values();
        std::sort(keys.begin(), keys.end());
        changedKeys.clear();
        emit q->keysChanged(keys);
    }
    const bool changed = ids != anomalyIds;
    anomalies = std::move(found);
    anomalyIds = std::move(ids);
    if (changed)
        emit q->anomaliesChanged();
}

// --- status ------------------------------------------------------------------------------------

void KeyMonitor::Private::setHealth(Health h)
{
    if (h == health) {
        updateStatus();
        return;
    }
    health = h;
    emit q->healthChanged(h);
    updateStatus();
}

// "; keyspace notifications on (...)" and the like: how this monitor learns of changes.
QString KeyMonitor::Private::notifySentence() const
{
    QString s;
    {
        const QString enable = QString::fromUtf8(notifyCfg.enablingCommand());
        switch (notifyMode) {
        case NotifyMode::On:
            s += QStringLiteral("; ") + KeyMonitor::tr("keyspace notifications on (%1)")
                                            .arg(QString::fromUtf8(notifyCfg.flags()));
            break;
        case NotifyMode::Partial:
            s += QStringLiteral("; ") +
                 KeyMonitor::tr("keyspace notifications partly on (\"%1\", missing %2): "
                                "notifications plus re-reads every %3 ms; to cover everything: %4")
                     .arg(QString::fromUtf8(notifyCfg.flags()),
                          QString::fromUtf8(notifyCfg.missingClasses()))
                     .arg(options.rereadIntervalMs)
                     .arg(enable);
            break;
        case NotifyMode::Off:
            s += QStringLiteral("; ") +
                 KeyMonitor::tr("keyspace notifications are off on the server: re-reading "
                                "known keys every %1 ms and rescanning for new ones (changes "
                                "between two reads are not seen); to turn them on: %2")
                     .arg(options.rereadIntervalMs)
                     .arg(enable);
            break;
        case NotifyMode::Unreadable:
            s += QStringLiteral("; ") +
                 KeyMonitor::tr("cannot tell whether the server notifies keyspace events: "
                                "re-reading every %1 ms")
                     .arg(options.rereadIntervalMs);
            break;
        case NotifyMode::NotUsed:
            if (options.follow)
                s += QStringLiteral("; ") +
                     KeyMonitor::tr("keyspace notifications not used: re-reading known keys "
                                    "every %1 ms and rescanning for new ones")
                         .arg(options.rereadIntervalMs);
            break;
        case NotifyMode::Unknown:
            break;
        }
    }
    return s;
}

QString KeyMonitor::Private::buildStatus() const
{
    if (cluster)
        return buildClusterStatus();
    const QString server = target.host.isEmpty() && target.unixSocket.isEmpty()
                               ? options.masterName
                               : target.displayName();
    QString s;
    switch (health) {
    case Health::Idle:
        s = KeyMonitor::tr("not monitoring");
        break;
    case Health::Connecting:
        s = data ? KeyMonitor::tr("connecting to %1").arg(server)
                 : KeyMonitor::tr("asking the sentinels for the master of \"%1\"")
                       .arg(options.masterName);
        break;
    case Health::Scanning:
        s = KeyMonitor::tr("scanning %1 for %2: %3 keys matched in %4 SCAN rounds")
                .arg(server, QString::fromUtf8(options.pattern))
                .arg(keysScanned)
                .arg(scanRounds);
        break;
    case Health::Watching:
        s = KeyMonitor::tr("watching %1 lock keys matching %2 on %3")
                .arg(table.size())
                .arg(QString::fromUtf8(options.pattern), server);
        break;
    case Health::Reconnecting:
        s = KeyMonitor::tr("connection to %1 lost at %2 (%3 s ago, %4 attempts): %5; reconnecting")
                .arg(server, clockText(outageSinceUs))
                .arg((monitorNowUs() - outageSinceUs) / 1000000)
                .arg(reconnectAttempts)
                .arg(lastError);
        break;
    case Health::Failed:
        s = KeyMonitor::tr("stopped: %1").arg(lastError);
        break;
    }
    if (health == Health::Scanning || health == Health::Watching)
        s += notifySentence();
    if (!problem.isEmpty())
        s += QStringLiteral("; %1").arg(problem);
    if (loneClusterNode)
        s += QStringLiteral("; ") + q->clusterNodeAdvice();
    if (readFailures > 0)
        s += QStringLiteral("; ") + KeyMonitor::tr("%1 reads failed (last: %2)")
                                        .arg(readFailures)
                                        .arg(QString::fromUtf8(displayBytes(lastReadError, 200)));
    return s;
}

void KeyMonitor::Private::updateStatus()
{
    const QString s = buildStatus();
    if (s == status)
        return;
    status = s;
    emit q->statusChanged(s);
}

// --- KeyMonitor --------------------------------------------------------------------------------

KeyMonitor::KeyMonitor(MonitorOptions options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, std::move(options)))
{}

KeyMonitor::KeyMonitor(MonitorOptions options, MonitorRecorder *sharedRecorder, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, std::move(options), sharedRecorder))
{}

KeyMonitor::~KeyMonitor()
{
    ++d->gen; // callbacks of the connections being destroyed below find nothing to do
    for (auto &entry : d->shards)
        QObject::disconnect(entry.second.get(), nullptr, this, nullptr);
    d->shards.clear();
    d->cluster.reset();
    d->scanner.reset();
    d->notify.reset();
    d->data.reset();
    d->sentinel.reset();
}

void KeyMonitor::start()
{
    d->start();
}

void KeyMonitor::stop()
{
    d->stop();
}

const MonitorOptions &KeyMonitor::options() const
{
    return d->options;
}

KeyMonitor::Health KeyMonitor::health() const
{
    return d->health;
}

QString KeyMonitor::statusText() const
{
    return d->buildStatus();
}

bool KeyMonitor::isLoneClusterNode() const
{
    return d->loneClusterNode;
}

QString KeyMonitor::clusterNodeAdvice() const
{
    if (!d->loneClusterNode)
        return {};
    return tr("%1 is a node of a Redis Cluster: only the keys of its own slots are watched; to "
              "watch every master, use --cluster (in a profile: Redis Cluster)")
        .arg(d->target.displayName());
}

QString KeyMonitor::lastError() const
{
    return d->lastError;
}

QString KeyMonitor::serverName() const
{
    if (d->cluster)
        return d->shards.empty() ? d->options.connection.displayName()
                                 : masters().join(QLatin1Char(','));
    return d->target.displayName();
}

QStringList KeyMonitor::masters() const
{
    QStringList names;
    if (!d->cluster) {
        if (!d->target.host.isEmpty() || !d->target.unixSocket.isEmpty())
            names.append(d->target.displayName());
        return names;
    }
    for (const auto &entry : d->shards)
        names.append(entry.second->serverName());
    return names;
}

KeyMonitor::NotifyMode KeyMonitor::notifyMode() const
{
    if (!d->cluster)
        return d->notifyMode;
    // All masters alike: that; some notifying and some not: partly.
    std::optional<NotifyMode> mode;
    for (const auto &entry : d->shards) {
        const NotifyMode m = entry.second->notifyMode();
        if (!mode)
            mode = m;
        else if (*mode != m)
            mode = NotifyMode::Partial;
    }
    return mode.value_or(NotifyMode::Unknown);
}

NotifyConfig KeyMonitor::notifyConfig() const
{
    if (d->cluster) {
        // The one that covers least: what enabling must fix.
        for (const auto &entry : d->shards)
            if (!entry.second->notifyConfig().coversMonitor())
                return entry.second->notifyConfig();
        return d->shards.empty() ? d->notifyCfg : d->shards.begin()->second->notifyConfig();
    }
    return d->notifyCfg;
}

QByteArray KeyMonitor::enableNotificationsCommand() const
{
    return notifyConfig().enablingCommand();
}

bool KeyMonitor::writesAllowed() const
{
    return d->options.writesAllowed();
}

void KeyMonitor::enableNotifications(std::function<void(bool, const QString &)> done)
{
    if (d->cluster && !d->shards.empty()) {
        // On every master (notifications are per node); one answer when all have answered.
        struct Pending {
            int left = 0;
            bool ok = true;
            QStringList messages;
        };
        auto pending = std::make_shared<Pending>();
        pending->left = int(d->shards.size());
        for (const auto &entry : d->shards) {
            const QString name = entry.first;
            entry.second->enableNotifications(
                [pending, name, done](bool ok, const QString &message) {
                    pending->ok = pending->ok && ok;
                    pending->messages.append(QStringLiteral("%1: %2").arg(name, message));
                    if (--pending->left == 0)
                        done(pending->ok, pending->messages.join(QStringLiteral("; ")));
                });
        }
        return;
    }
    if (!d->data) {
        QMetaObject::invokeMethod(
            this, [done] { done(false, KeyMonitor::tr("not connected")); }, Qt::QueuedConnection);
        return;
    }
    // Sent even when writes are not allowed: the connection's read-only switch is what refuses
    // it, before anything reaches the server.
    const QByteArray value = d->notifyCfg.enablingValue();
    const quint64 g = d->gen;
    QPointer<KeyMonitor> self(this);
    Connection *c = d->data.get();
    c->send({QByteArrayLiteral("CONFIG"), QByteArrayLiteral("SET"),
             QByteArrayLiteral("notify-keyspace-events"), value},
            [this, self, g, c, value, done](const Reply &reply) {
                if (!self || g != d->gen) {
                    done(false, KeyMonitor::tr("the monitor moved to another server"));
                    return;
                }
                if (reply.failed()) {
                    done(false, c->describe(reply));
                    return;
                }
                done(true, KeyMonitor::tr("notify-keyspace-events is now \"%1\"")
                               .arg(QString::fromUtf8(value)));
                if (d->recording)
                    d->recorder.fault(monitorNowUs(), d->node,
                                      "notify-keyspace-events set to " + value +
                                          " at the user's request");
                // Read it back and subscribe, as after a connect.
                d->onDataReady(g);
            });
}

std::vector<const KeyEntry *> KeyMonitor::entries() const
{
    std::vector<const KeyEntry *> list;
    const auto tables = d->parts();
    for (const Private *p : tables) {
        list.reserve(list.size() + std::size_t(p->table.size()));
        for (const KeyEntry &e : std::as_const(p->table))
            list.push_back(&e);
    }
    std::sort(list.begin(), list.end(),
              [](const KeyEntry *a, const KeyEntry *b) { return a->key < b->key; });
    // A key in two masters' tables (its slot moved a moment ago): one row.
    list.erase(std::unique(list.begin(), list.end(),
                           [](const KeyEntry *a, const KeyEntry *b) { return a->key == b->key; }),
               list.end());
    return list;
}

const KeyEntry *KeyMonitor::entry(const QByteArray &key) const
{
    return d->findEntry(key);
}

int KeyMonitor::keyCount() const
{
    if (d->cluster)
        return int(entries().size());
    return int(d->table.size());
}

QList<Anomaly> KeyMonitor::anomalies() const
{
    return anomalies(-1);
}

QList<Anomaly> KeyMonitor::anomalies(qsizetype limit) const
{
    if (d->cluster)
        return limit >= 0 ? d->anomalies.first(qMin(limit, d->anomalies.size())) : d->anomalies;
    return d->anomalyIndex.anomalies([this](const QByteArray &key) { return d->lookup(key); },
                                     limit);
}

qsizetype KeyMonitor::anomalyCount() const
{
    return d->cluster ? d->anomalies.size() : d->anomalyIndex.count();
}

QList<Anomaly> KeyMonitor::anomaliesOf(const QByteArray &key) const
{
    if (!d->cluster)
        return d->anomalyIndex.anomaliesOf(key,
                                           [this](const QByteArray &k) { return d->lookup(k); });
    QList<Anomaly> out;
    for (const Anomaly &a : d->anomalies) {
        if (a.key == key)
            out.append(a);
    }
    return out;
}

void KeyMonitor::evaluateAnomalies()
{
    d->evaluateAnomalies();
}

bool KeyMonitor::initialScanDone() const
{
    return d->initialScanDone;
}

quint64 KeyMonitor::keysScanned() const
{
    quint64 n = d->keysScanned;
    for (const auto &entry : d->shards)
        n += entry.second->keysScanned();
    return n;
}

quint64 KeyMonitor::scanRounds() const
{
    quint64 n = d->scanRounds;
    for (const auto &entry : d->shards)
        n += entry.second->scanRounds();
    return n;
}

quint64 KeyMonitor::scanPasses() const
{
    return d->scanPasses;
}

const KeyChangeTracker &KeyMonitor::tracker() const
{
    return d->tracker;
}

EventLog &KeyMonitor::log()
{
    return d->log;
}

const EventLog &KeyMonitor::log() const
{
    return d->log;
}

void KeyMonitor::addSink(EventSink *sink)
{
    d->recorder.addSink(sink);
}

quint64 KeyMonitor::commandsSent() const
{
    quint64 n =
        (d->data ? d->data->commandsSent() : 0) + (d->notify ? d->notify->commandsSent() : 0);
    for (const auto &entry : d->shards)
        n += entry.second->commandsSent();
    return n;
}

} // namespace lockscope
