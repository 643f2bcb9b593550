#include "key_monitor.h"

#include "key_monitor_p.h"
#include "lease_rhythm.h"
#include "monitor_clock.h"
#include "util/byte_order.h"
#include "util/steps_in_turns.h"

#include <QPointer>

#include <algorithm>
#include <limits>
#include <utility>

namespace lockscope {

class KeyMonitor::Private::LeaseSink final : public EventSink {
public:
    LeaseSink(Private *d)
        : m_d(d)
    {}
    void consume(const Event &event) override
    {
        if (event.kind == EventKind::Note)
            return; // its own notes, and other anomalies: nothing about leases
        m_rhythm.add(event, m_d->recorder.log());
        if (m_rhythm.hasNew() && !m_d->leaseNotesArmed) {
            m_d->leaseNotesArmed = true;
            QTimer::singleShot(0, m_d->q, [d = m_d] { d->noteLeaseFindings(); });
        }
    }
    LeaseRhythm &rhythm() { return m_rhythm; }

private:
    Private *m_d;
    LeaseRhythm m_rhythm;
};

void KeyMonitor::Private::reserveFor(qsizetype keys, std::function<void()> done)
{
    // Room for a million keys is hundreds of MB to allocate and touch (page faults: the hashes
    // of the tracker and the anomaly index together took 100 ms): one hash per event-loop turn,
    // each turn its own timer so that the window gets its turns in between. (The tracker's is
    // the longest step, 8-10 ms at a million keys: it already holds the reads of the first SCAN
    // rounds, and moves them into the new room.)
    Steps steps{
        [this, keys] { table.reserve(keys); },
        [this, keys] { tracker.reserve(keys); },
    };
    anomalyIndex.addReserveSteps(keys, steps);
    if (!isShard) // an inner monitor shares the cluster monitor's recorder
        steps.push_back([this, keys] { recorder.reserve(keys); });
    if (leases)
        leases->rhythm().addReserveSteps(keys, steps);
    const quint64 g = gen;
    runStepsInTurns(q, std::move(steps), std::move(done), [this, g] { return g == gen; });
}

void KeyMonitor::Private::noteLeaseFindings()
{
    leaseNotesArmed = false;
    const std::vector<LeaseFinding> found = leases->rhythm().takeNew();
    for (const LeaseFinding &f : found) {
        recorder.note(f.timeUs, f.owner, f.key,
                      "anomaly " + f.id().toUtf8() + ": " + f.sentence().toUtf8());
        const auto same = std::find_if(
            recentLeaseFindings.begin(), recentLeaseFindings.end(), [&](const LeaseFinding &r) {
                return f.kind == LeaseFinding::Kind::RanOutUnderLiveHolder &&
                       r.kind == LeaseFinding::Kind::ExpiredNotReleased && r.key == f.key &&
                       r.owner == f.owner && r.timeUs == f.timeUs;
            });
        if (same != recentLeaseFindings.end()) {
            *same = f;
            continue;
        }
        recentLeaseFindings.push_back(f);
        ++leaseFindingsMade;
        if (recentLeaseFindings.size() > KeyMonitor::kMaxRecentLeaseFindings)
            recentLeaseFindings.pop_front();
    }
    if (!found.empty())
        emit q->anomaliesChanged();
}

class KeyMonitor::Private::QuorumSink final : public EventSink {
public:
    QuorumSink(Private *d, QList<QByteArray> nodes)
        : m_d(d)
        , m_view(std::move(nodes), d->options.quorum)
    {}
    void consume(const Event &event) override
    {
        if (event.kind == EventKind::Note)
            return; // its own notes and the anomalies: nothing about who holds a key
        m_view.add(event, m_d->recorder.log());
        if ((m_view.hasNew() || m_view.hasChanges()) && !m_d->quorumNotesArmed) {
            m_d->quorumNotesArmed = true;
            QTimer::singleShot(0, m_d->q, [d = m_d] { d->noteQuorum(monitorNowUs()); });
        }
    }
    QuorumView &view() { return m_view; }

private:
    Private *m_d;
    QuorumView m_view;
};

// The quorum's changes ("quorum lock:a: A holds the majority: 2 of 3 nodes; ...") and its
// findings, on the next event-loop turn (not from inside the recorder's own sink call).
void KeyMonitor::Private::noteQuorum(qint64 now)
{
    quorumNotesArmed = false;
    QuorumView &view = quorum->view();
    view.tick(now);
    for (const KeyQuorum &k : view.takeChanges())
        recorder.note(now, kNoClient, k.key,
                      "quorum " + k.key + ": " + k.text(view.nodeNames()).toUtf8());
    for (const QuorumFinding &f : view.takeNew())
        recorder.note(f.timeUs, f.owner, f.key,
                      "anomaly " + f.id().toUtf8() + ": " + f.sentence().toUtf8());
}

KeyMonitor::Private::Private(KeyMonitor *qq, MonitorOptions o, MonitorRecorder *sharedRecorder)
    : q(qq)
    , options(std::move(o))
    , ownRecorder(&log, options.keepLog, options.history)
    , recorder(sharedRecorder ? *sharedRecorder : ownRecorder)
    , isShard(sharedRecorder != nullptr)
    , recording(options.follow)
    , table(recorder, recording)
    , applyTimer(new QTimer(qq))
    , pollTimer(new QTimer(qq))
    , rescanTimer(new QTimer(qq))
    , anomalyTimer(new QTimer(qq))
    , anomalyIndex(options.thresholds)
{
    rescanTimer->setSingleShot(true);
    applyTimer->setSingleShot(true);
    QObject::connect(applyTimer, &QTimer::timeout, q, [this] {
        if (applyGen == gen)
            applyArrived();
    });
    QObject::connect(pollTimer, &QTimer::timeout, q, [this] { pollTick(); });
    QObject::connect(rescanTimer, &QTimer::timeout, q, [this] { startScan(false); });
    QObject::connect(anomalyTimer, &QTimer::timeout, q, [this] { anomalyTick(); });
    table.setChangeListener([this](const QByteArray &key) { markChanged(key); });
    // What appeared is only written into the history (noteAnomaly), which only a recording
    // monitor keeps.
    anomalyIndex.setReportAppeared(recording);
    if (recording && !isShard) { // a cluster's inner monitors record into this one's recorder
        leases = std::make_unique<LeaseSink>(this);
        recorder.addSink(leases.get());
    }
}

// --- Redis Cluster -----------------------------------------------------------------------------

void KeyMonitor::Private::startCluster()
{
    QString error;
    if (options.redlock()) {
        // Its nodes are independent servers: any address, any database.
    } else if (!options.connection.unixSocket.isEmpty())
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
    cluster = std::make_unique<ClusterShards>(options, recorder);
    ClusterShards *c = cluster.get();
    if (options.redlock() && recording && !quorum) {
        QList<QByteArray> names;
        for (const ConnectionOptions &n : options.nodes)
            names.append(n.displayName().toUtf8());
        std::sort(names.begin(), names.end()); // the shard set's order
        quorum = std::make_unique<QuorumSink>(this, names);
        recorder.addSink(quorum.get());
    }
    QObject::connect(c, &ClusterShards::mastersFound, q,
                     [this](const QList<ClusterMaster> &masters) { onMastersChanged(masters); });
    QObject::connect(c, &ClusterShards::refreshed, q, [this] {
        if (!problem.isEmpty()) {
            problem.clear();
            updateStatus();
        }
    });
    QObject::connect(c, &ClusterShards::problem, q, [this](const QString &message) {
        problem = message;
        if (cluster->isEmpty() && !options.follow) {
            lastError = message;
            setHealth(Health::Failed);
            emit q->failed(message);
            return;
        }
        updateStatus();
    });
    QObject::connect(c, &ClusterShards::keysChanged, q, &KeyMonitor::keysChanged);
    QObject::connect(c, &ClusterShards::shardsChanged, q, [this] { updateCluster(); });
    QObject::connect(c, &ClusterShards::statusChanged, q, [this] { updateStatus(); });
    QObject::connect(c, &ClusterShards::scanProgress, q, [this] {
        emit q->scanProgress(q->keysScanned(), q->scanRounds());
        if (!initialScanDone)
            updateStatus();
    });
    QObject::connect(
        c, &ClusterShards::shardFailed, q,
        [this](const QString &name, const QString &message) { onShardFailed(name, message); });
    setHealth(Health::Connecting);
    c->start();
}

void KeyMonitor::Private::onMastersChanged(const QList<ClusterMaster> &masters)
{
    if (health == Health::Failed)
        return;
    const ClusterShards::Change change = cluster->follow(masters);
    if (!change.removedKeys.isEmpty())
        emit q->keysChanged(change.removedKeys);
    if (change.mastersChanged)
        emit q->masterChanged(q->serverName());
    updateCluster();
}

void KeyMonitor::Private::onShardFailed(const QString &name, const QString &message)
{
    problem = QStringLiteral("%1: %2").arg(name, message);
    // A snapshot is complete only with every master; a follow keeps the masters that work
    // unless none does.
    if (!options.follow || cluster->isEmpty()) {
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
    const ClusterShards::Progress p = cluster->progress();
    if (p.allScanned && !initialScanDone) {
        initialScanDone = true;
        scanPasses = p.passes;
        evaluateAnomalies();
        if (options.follow)
            anomalyTimer->start(int(qMax<qint64>(100, options.anomalyIntervalMs)));
        setHealth(p.anyReconnecting ? Health::Reconnecting : Health::Watching);
        emit q->initialScanFinished();
        emit q->scanPassFinished();
        return;
    }
    if (initialScanDone && p.passes > scanPasses &&
        p.passes != std::numeric_limits<quint64>::max()) {
        // Every master finished one more pass: one more pass over the whole cluster.
        scanPasses = p.passes;
        evaluateAnomalies();
        emit q->scanPassFinished();
    }
    Health h = Health::Connecting;
    if (p.anyReconnecting)
        h = Health::Reconnecting;
    else if (initialScanDone)
        h = Health::Watching;
    else if (p.anyConnected)
        h = Health::Scanning;
    setHealth(h);
}

std::vector<KeyTable *> KeyMonitor::Private::tables() const
{
    if (cluster)
        return cluster->tables();
    return {const_cast<KeyTable *>(&table)};
}

const KeyEntry *KeyMonitor::Private::findEntry(const QByteArray &key) const
{
    for (const KeyTable *t : tables()) {
        if (const KeyEntry *e = t->find(key))
            return e;
    }
    return nullptr;
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
        if (quorum) // time alone turns a split or a loss that lasts into a finding
            noteQuorum(monitorNowUs());
        return;
    }
    // Time alone: the keys whose deadline passed (held too long from now on, ...), in slices.
    // Not while apply turns keep coming: they judge those keys first, within their own time.
    // Beside them, the tick's 150 keys (about 3 ms) made the window's pass a turn longer once
    // a second; at 1,000,000 lock keys 14 of a scan's 58 gaps above 16 ms were those passes.
    if (applyTurnsComing())
        return;
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
        now, [this](const QByteArray &key) { return table.find(key); }, maxKeys);
    for (const Anomaly &a : update.appeared)
        noteAnomaly(now, a, table.find(a.key));
    for (const QByteArray &key : update.keys) {
        if (table.contains(key) && table.setAnomalies(key, anomalyIndex.rules(key)))
            changedKeys.insert(key);
    }
    anomalyIdsChanged = anomalyIdsChanged || update.idsChanged;
    // The rest in a slice of its own, unless apply turns come anyway (they judge too, within
    // their time): a slice besides them made every pass of a window's loop a turn longer
    // while a big scan kept both busy. The scan's end judges what they left (finishScanPass).
    if (maxKeys >= 0 && anomalyIndex.hasWaiting() && !anomalySliceArmed && !applyTurnsComing()) {
        anomalySliceArmed = true;
        QTimer::singleShot(0, q, [this] {
            anomalySliceArmed = false;
            judgeAnomalies(kAnomalySliceKeys);
            emitChangedKeys();
        });
    }
}

// A new anomaly goes into the history as a note, on its owner's lane when it has one.
void KeyMonitor::Private::noteAnomaly(qint64 now, const Anomaly &a, const KeyEntry *e)
{
    if (!recording)
        return;
    qint16 owner = kNoClient;
    if (!a.owner.isEmpty() && e && e->lock.role == LockRole::Lock)
        owner = recorder.owner(a.owner);
    recorder.note(now, owner, a.key, "anomaly " + a.id.toUtf8() + ": " + a.sentence.toUtf8());
}

// A cluster: every master's table at once (a key whose slot just moved is in two of them).
void KeyMonitor::Private::evaluateAllAnomalies()
{
    const qint64 now = monitorNowUs();
    const std::vector<KeyTable *> all = tables();
    std::vector<const KeyEntry *> list;
    QSet<QByteArray> listed;
    for (const KeyTable *t : all) {
        list.reserve(list.size() + std::size_t(t->size()));
        for (const KeyEntry &e : t->rows()) {
            if (all.size() == 1) {
                list.push_back(&e);
            } else if (!listed.contains(e.key)) { // a key whose slot just moved: once
                listed.insert(e.key);
                list.push_back(&e);
            }
        }
    }
    std::sort(list.begin(), list.end(),
              [](const KeyEntry *a, const KeyEntry *b) { return bytesLess(a->key, b->key); });
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
        if (!anomalyIds.contains(a.id))
            noteAnomaly(now, a, findEntry(a.key));
    }
    for (KeyTable *t : all)
        t->setAllAnomalies(byKey, changedKeys);
    if (cluster)
        emitChangedKeys(); // no reads of its own to carry these: say it now
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

QString KeyMonitor::Private::notifySentence() const
{
    return monitor_status::notifySentence(notifyMode, notifyCfg, options);
}

QString KeyMonitor::Private::buildStatus() const
{
    if (cluster) {
        monitor_status::ClusterFacts f;
        f.health = health;
        f.seed = options.connection.displayName();
        f.redlock = options.redlock();
        f.pattern = options.pattern;
        f.lastError = lastError;
        f.problem = problem;
        f.shards = cluster->facts();
        return monitor_status::clusterSentence(f);
    }
    monitor_status::NodeFacts f;
    f.health = health;
    f.server = target.host.isEmpty() && target.unixSocket.isEmpty() ? options.masterName
                                                                    : target.displayName();
    f.masterName = options.masterName;
    f.hasConnection = bool(data);
    f.pattern = options.pattern;
    f.keysScanned = keysScanned;
    f.scanRounds = scanRounds;
    f.keys = table.size();
    f.outageSinceUs = outageSinceUs;
    f.reconnectAttempts = reconnectAttempts;
    f.lastError = lastError;
    f.problem = problem;
    if (health == Health::Scanning || health == Health::Watching)
        f.notify = notifySentence();
    f.clusterAdvice = q->clusterNodeAdvice();
    f.readFailures = readFailures;
    f.lastReadError = lastReadError;
    return monitor_status::nodeSentence(f);
}

monitor_status::ShardFacts KeyMonitor::Private::shardFacts(const QString &name) const
{
    monitor_status::ShardFacts f;
    f.name = name;
    f.health = health;
    f.keysScanned = q->keysScanned();
    f.scanRounds = q->scanRounds();
    f.keys = table.size();
    f.notify = notifySentence();
    if (health == Health::Reconnecting || health == Health::Connecting)
        f.sentence = buildStatus();
    f.problem = problem;
    return f;
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
    if (d->leases) // destroyed before the recorder that calls it
        d->recorder.removeSink(d->leases.get());
    if (d->quorum)
        d->recorder.removeSink(d->quorum.get());
    ++d->gen; // callbacks of the connections being destroyed below find nothing to do
    if (d->cluster)
        QObject::disconnect(d->cluster.get(), nullptr, this, nullptr);
    d->cluster.reset();
    d->scanner.reset();
    d->notify.reset();
    d->data.reset();
    d->sentinel.reset();
    // Let go of earlier, not deleted yet: their callbacks still find `d` (and nothing to do).
    const std::vector<QPointer<QObject>> retired = std::exchange(d->retired, {});
    for (const QPointer<QObject> &o : retired)
        delete o.data();
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
    // A cluster or a Redlock deployment whose own error is a master's (or node's): that one.
    if (d->lastError.isEmpty() && d->cluster)
        return d->cluster->firstError();
    return d->lastError;
}

QString KeyMonitor::serverName() const
{
    if (d->cluster)
        return d->cluster->isEmpty() ? d->options.connection.displayName()
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
    return d->cluster->masters();
}

KeyMonitor::NotifyMode KeyMonitor::notifyMode() const
{
    if (!d->cluster)
        return d->notifyMode;
    return d->cluster->notifyMode();
}

NotifyConfig KeyMonitor::notifyConfig() const
{
    if (d->cluster)
        return d->cluster->notifyConfig().value_or(d->notifyCfg);
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
    if (d->cluster && !d->cluster->isEmpty()) {
        d->cluster->enableNotifications(std::move(done));
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
    for (const KeyTable *t : d->tables()) {
        list.reserve(list.size() + std::size_t(t->size()));
        for (const KeyEntry &e : t->rows())
            list.push_back(&e);
    }
    std::sort(list.begin(), list.end(),
              [](const KeyEntry *a, const KeyEntry *b) { return bytesLess(a->key, b->key); });
    // A key in two masters' tables (its slot moved a moment ago): one row.
    list.erase(std::unique(list.begin(), list.end(),
                           [](const KeyEntry *a, const KeyEntry *b) { return a->key == b->key; }),
               list.end());
    return list;
}

bool KeyMonitor::isRedlock() const
{
    return d->options.redlock();
}

QList<QByteArray> KeyMonitor::quorumNodes() const
{
    QList<QByteArray> names;
    if (d->options.redlock() && d->cluster) {
        for (const QString &name : d->cluster->names())
            names.append(name.toUtf8());
    }
    return names;
}

std::vector<KeyQuorum> KeyMonitor::quorums(qint64 nowUs) const
{
    if (!d->options.redlock() || !d->cluster)
        return {};
    // From the nodes' tables as they are now (a snapshot records nothing to follow).
    QuorumView view(quorumNodes(), d->options.quorum);
    const std::vector<KeyTable *> tables = d->cluster->tables();
    for (std::size_t i = 0; i < tables.size(); ++i) {
        for (const KeyEntry &e : tables[i]->rows())
            view.set(nowUs, int(i), e.key,
                     e.lock.role == LockRole::Lock ? e.lock.owner : QByteArray(),
                     e.remainingTtlMs(nowUs));
    }
    return view.keys();
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
    return d->anomalyIndex.anomalies([this](const QByteArray &key) { return d->table.find(key); },
                                     limit);
}

std::vector<LeaseFinding> KeyMonitor::leaseFindings() const
{
    return {d->recentLeaseFindings.begin(), d->recentLeaseFindings.end()};
}

quint64 KeyMonitor::leaseFindingCount() const
{
    return d->leaseFindingsMade;
}

qsizetype KeyMonitor::anomalyCount() const
{
    return d->cluster ? d->anomalies.size() : d->anomalyIndex.count();
}

QList<Anomaly> KeyMonitor::anomaliesOf(const QByteArray &key) const
{
    if (!d->cluster)
        return d->anomalyIndex.anomaliesOf(
            key, [this](const QByteArray &k) { return d->table.find(k); });
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
    return d->keysScanned + (d->cluster ? d->cluster->keysScanned() : 0);
}

quint64 KeyMonitor::scanRounds() const
{
    return d->scanRounds + (d->cluster ? d->cluster->scanRounds() : 0);
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

qint16 KeyMonitor::clientOfOwner(const QByteArray &owner) const
{
    return d->recorder.knownOwner(owner);
}

void KeyMonitor::addSink(EventSink *sink)
{
    d->recorder.addSink(sink);
}

void KeyMonitor::removeSink(EventSink *sink)
{
    d->recorder.removeSink(sink);
}

quint64 KeyMonitor::commandsSent() const
{
    return (d->data ? d->data->commandsSent() : 0) + (d->notify ? d->notify->commandsSent() : 0) +
           (d->cluster ? d->cluster->commandsSent() : 0);
}

} // namespace lockscope
