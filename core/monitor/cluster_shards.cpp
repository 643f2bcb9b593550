#include "cluster_shards.h"

#include "key_monitor_p.h"
#include "monitor_clock.h"

#include <algorithm>
#include <limits>

namespace lockscope {

using Health = KeyMonitor::Health;

ClusterShards::ClusterShards(const MonitorOptions &options, MonitorRecorder &recorder,
                             QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_recorder(recorder)
{}

ClusterShards::~ClusterShards()
{
    for (auto &entry : m_shards)
        QObject::disconnect(entry.second.get(), nullptr, this, nullptr);
    m_shards.clear();
    m_resolver.reset();
}

void ClusterShards::start()
{
    if (m_options.redlock()) {
        // Independent nodes: no topology to ask for, each is its own master for good.
        for (const ConnectionOptions &node : m_options.nodes)
            addNode(node.displayName(), node);
        return;
    }
    m_resolver = std::make_unique<ClusterResolver>(
        m_options.connection, m_options.follow ? m_options.clusterRefreshMs : 0);
    connect(m_resolver.get(), &ClusterResolver::mastersChanged, this, &ClusterShards::mastersFound);
    connect(m_resolver.get(), &ClusterResolver::refreshed, this, &ClusterShards::refreshed);
    connect(m_resolver.get(), &ClusterResolver::problem, this, &ClusterShards::problem);
    m_resolver->start();
}

void ClusterShards::stop()
{
    if (m_resolver)
        QObject::disconnect(m_resolver.get(), nullptr, this, nullptr);
    for (auto &entry : m_shards) {
        QObject::disconnect(entry.second.get(), nullptr, this, nullptr);
        entry.second->stop();
        entry.second.release()->deleteLater();
    }
    m_shards.clear();
    m_failed.clear();
}

ClusterShards::Change ClusterShards::follow(const QList<ClusterMaster> &masters)
{
    Change change;
    const bool first = m_shards.empty() && m_failed.isEmpty();
    QSet<QString> wanted;
    for (const ClusterMaster &m : masters)
        wanted.insert(m.name());
    QStringList removed, added;
    for (auto it = m_shards.begin(); it != m_shards.end();) {
        if (wanted.contains(it->first)) {
            ++it;
            continue;
        }
        // No longer a master (failed over, or its slots moved): its keys are the new masters'
        // now; their monitors find them. Not a release: nothing is recorded per key.
        KeyMonitor *shard = it->second.release();
        for (const KeyEntry &e : shard->d->table.rows())
            change.removedKeys.append(e.key);
        QObject::disconnect(shard, nullptr, this, nullptr);
        shard->stop();
        shard->deleteLater();
        removed.append(it->first);
        it = m_shards.erase(it);
    }
    m_failed.removeIf([&](const QString &name) { return !wanted.contains(name); });
    for (const ClusterMaster &m : masters) {
        if (m_shards.count(m.name()) == 0 && !m_failed.contains(m.name())) {
            addShard(m);
            added.append(m.name());
        }
    }
    const qint64 now = monitorNowUs();
    if (m_options.follow && !first) {
        for (const QString &name : std::as_const(removed)) {
            const qint16 n = m_recorder.node(name.toUtf8());
            if (!added.isEmpty())
                m_recorder.nodeEvent(now, EventKind::NodeFailover, n);
            m_recorder.fault(now, n,
                             name.toUtf8() + " is no longer a master of the cluster (failover or "
                                             "resharding): its keys are watched on the master that "
                                             "serves their slots now");
        }
        for (const QString &name : std::as_const(added))
            m_recorder.fault(now, m_recorder.node(name.toUtf8()),
                             name.toUtf8() + " is now a master of the cluster; the monitor "
                                             "watches it too");
    }
    std::sort(change.removedKeys.begin(), change.removedKeys.end());
    change.mastersChanged = !first && (!removed.isEmpty() || !added.isEmpty());
    return change;
}

void ClusterShards::addShard(const ClusterMaster &master)
{
    KeyMonitor *m = addNode(master.name(), m_resolver->optionsFor(master.host, master.port));
    m->d->topologyHint = [this] {
        if (m_resolver)
            m_resolver->refresh();
    };
    m->d->keyMovedAway = [this](const QByteArray &key) { m_movedKeys.insert(key); };
    m->d->table.setMovedHereQuery([this, m](const QByteArray &key) { return movedHere(m, key); });
}

KeyMonitor *ClusterShards::addNode(const QString &name, const ConnectionOptions &connection)
{
    MonitorOptions o = m_options;
    o.cluster = false;
    o.sentinels.clear();
    o.masterName.clear();
    o.nodes.clear();
    o.connection = connection;
    auto shard = std::unique_ptr<KeyMonitor>(new KeyMonitor(std::move(o), &m_recorder, nullptr));
    KeyMonitor *m = shard.get();
    // A Redlock node's keys never move: a "del" is a delete, with no read to check it first.
    m->d->independentNode = m_options.redlock();
    connect(m, &KeyMonitor::keysChanged, this, &ClusterShards::keysChanged);
    connect(m, &KeyMonitor::healthChanged, this, &ClusterShards::shardsChanged);
    connect(m, &KeyMonitor::statusChanged, this, &ClusterShards::statusChanged);
    connect(m, &KeyMonitor::initialScanFinished, this, &ClusterShards::shardsChanged);
    connect(m, &KeyMonitor::scanPassFinished, this, &ClusterShards::shardsChanged);
    connect(m, &KeyMonitor::scanProgress, this, &ClusterShards::scanProgress);
    connect(m, &KeyMonitor::failed, this,
            [this, name](const QString &message) { onShardFailed(name, message); });
    m_shards.emplace(name, std::move(shard));
    m->start();
    return m;
}

bool ClusterShards::movedHere(const KeyMonitor *to, const QByteArray &key)
{
    if (m_movedKeys.remove(key))
        return true;
    for (const auto &entry : m_shards) // not yet told by the master it left
        if (entry.second.get() != to && entry.second->d->table.contains(key))
            return true;
    return false;
}

void ClusterShards::onShardFailed(const QString &name, const QString &message)
{
    const auto it = m_shards.find(name);
    if (it == m_shards.end())
        return;
    // Deleted later: this runs inside the inner monitor's own signal.
    KeyMonitor *shard = it->second.release();
    QObject::disconnect(shard, nullptr, this, nullptr);
    shard->deleteLater();
    m_shards.erase(it);
    m_failed.append(name);
    emit shardFailed(name, message);
}

QStringList ClusterShards::names() const
{
    QStringList names;
    for (const auto &entry : m_shards)
        names.append(entry.first);
    return names;
}

QStringList ClusterShards::masters() const
{
    QStringList names;
    for (const auto &entry : m_shards)
        names.append(entry.second->serverName());
    return names;
}

std::vector<KeyTable *> ClusterShards::tables() const
{
    std::vector<KeyTable *> list;
    for (const auto &entry : m_shards)
        list.push_back(&entry.second->d->table);
    return list;
}

ClusterShards::Progress ClusterShards::progress() const
{
    Progress p;
    p.allScanned = !m_shards.empty();
    quint64 passes = std::numeric_limits<quint64>::max();
    for (const auto &entry : m_shards) {
        const KeyMonitor *m = entry.second.get();
        p.allScanned = p.allScanned && m->initialScanDone();
        p.anyReconnecting = p.anyReconnecting || m->health() == Health::Reconnecting;
        p.anyConnected =
            p.anyConnected || m->health() == Health::Scanning || m->health() == Health::Watching;
        passes = qMin(passes, m->scanPasses());
    }
    p.passes = m_shards.empty() ? 0 : passes;
    return p;
}

quint64 ClusterShards::sum(quint64 (KeyMonitor::*count)() const) const
{
    quint64 n = 0;
    for (const auto &entry : m_shards)
        n += (entry.second.get()->*count)();
    return n;
}

quint64 ClusterShards::keysScanned() const
{
    return sum(&KeyMonitor::keysScanned);
}

quint64 ClusterShards::scanRounds() const
{
    return sum(&KeyMonitor::scanRounds);
}

quint64 ClusterShards::commandsSent() const
{
    return sum(&KeyMonitor::commandsSent);
}

QList<monitor_status::ShardFacts> ClusterShards::facts() const
{
    QList<monitor_status::ShardFacts> list;
    for (const auto &entry : m_shards)
        list.append(entry.second->d->shardFacts(entry.first));
    return list;
}

QString ClusterShards::firstError() const
{
    for (const auto &entry : m_shards) {
        const QString error = entry.second->lastError();
        if (!error.isEmpty())
            return QStringLiteral("%1: %2").arg(entry.first, error);
    }
    return {};
}

KeyMonitor::NotifyMode ClusterShards::notifyMode() const
{
    std::optional<KeyMonitor::NotifyMode> mode;
    for (const auto &entry : m_shards) {
        const KeyMonitor::NotifyMode m = entry.second->notifyMode();
        if (!mode)
            mode = m;
        else if (*mode != m)
            mode = KeyMonitor::NotifyMode::Partial;
    }
    return mode.value_or(KeyMonitor::NotifyMode::Unknown);
}

std::optional<NotifyConfig> ClusterShards::notifyConfig() const
{
    for (const auto &entry : m_shards)
        if (!entry.second->notifyConfig().coversMonitor())
            return entry.second->notifyConfig();
    if (m_shards.empty())
        return std::nullopt;
    return m_shards.begin()->second->notifyConfig();
}

void ClusterShards::enableNotifications(std::function<void(bool, const QString &)> done)
{
    struct Pending {
        int left = 0;
        bool ok = true;
        QStringList messages;
    };
    auto pending = std::make_shared<Pending>();
    pending->left = int(m_shards.size());
    for (const auto &entry : m_shards) {
        const QString name = entry.first;
        entry.second->enableNotifications([pending, name, done](bool ok, const QString &message) {
            pending->ok = pending->ok && ok;
            pending->messages.append(QStringLiteral("%1: %2").arg(name, message));
            if (--pending->left == 0)
                done(pending->ok, pending->messages.join(QStringLiteral("; ")));
        });
    }
}

} // namespace lockscope
