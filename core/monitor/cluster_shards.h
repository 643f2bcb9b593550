// The shard set of a Redis Cluster: ClusterResolver finds the masters, and each master gets an
// inner KeyMonitor of its own (its connections, scan, notifications or re-reads), all
// recording into the cluster monitor's recorder, each key on the node of its master.
//
// When the masters change (a failover, a resharding, MOVED) the set follows: the monitors of
// masters gone stop, new masters get one. A key whose slot moves leaves one inner table on
// MOVED/ASK and reappears in another as present: a move is neither a release nor an
// acquisition. The cluster monitor (KeyMonitor) adds the parts up and judges the anomalies.
//
// The same set runs a Redlock deployment (MonitorOptions::redlock()): the nodes are given, not
// found, never change, and a key on two of them is two copies of one lock, not a moved slot.
#pragma once

#include "cluster_resolver.h"
#include "key_monitor.h"
#include "monitor_status.h"

#include <QObject>
#include <QSet>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace lockscope {

class KeyTable;
class MonitorRecorder;

class ClusterShards : public QObject {
    Q_OBJECT
public:
    ClusterShards(const MonitorOptions &options, MonitorRecorder &recorder,
                  QObject *parent = nullptr);
    ~ClusterShards() override;

    void start(); // asks the seed node for the masters (mastersFound() answers)
    void stop();  // stops every inner monitor; no signal after this

    struct Change {
        QList<QByteArray> removedKeys; // the rows of the masters gone, sorted
        bool mastersChanged = false;   // a master came or went (not the first answer)
    };
    // Follows the masters the resolver found: stops the monitors of masters gone, starts new
    // ones, and records the change.
    Change follow(const QList<ClusterMaster> &masters);

    bool isEmpty() const { return m_shards.empty(); }
    qsizetype size() const { return qsizetype(m_shards.size()); }
    QStringList masters() const; // by name
    QStringList names() const;   // the names the set knows them by, in tables() order
    std::vector<KeyTable *> tables() const;

    struct Progress {
        bool allScanned = false; // every master finished its first scan
        bool anyReconnecting = false;
        bool anyConnected = false; // a master is scanning or watching
        quint64 passes = 0;        // the scan passes every master finished
    };
    Progress progress() const;
    quint64 keysScanned() const;
    quint64 scanRounds() const;
    quint64 commandsSent() const;
    QList<monitor_status::ShardFacts> facts() const;
    // "127.0.0.1:7001: connection refused: ..." of the first master (or node) with an error;
    // empty when none has one.
    QString firstError() const;

    // All masters alike: that; some notifying and some not: partly.
    KeyMonitor::NotifyMode notifyMode() const;
    // The one that covers least (what enabling must fix); std::nullopt without masters.
    std::optional<NotifyConfig> notifyConfig() const;
    // On every master (notifications are per node); one answer when all have answered.
    void enableNotifications(std::function<void(bool ok, const QString &message)> done);

signals:
    void mastersFound(const QList<lockscope::ClusterMaster> &masters);
    void refreshed();
    void problem(const QString &message);
    void keysChanged(const QList<QByteArray> &keys);
    // A master's health, first scan or scan pass changed: the cluster's may have too.
    void shardsChanged();
    void statusChanged();
    void scanProgress();
    // A master's monitor gave up; it is gone from the set (and not started again).
    void shardFailed(const QString &name, const QString &message);

private:
    void addShard(const ClusterMaster &master);
    KeyMonitor *addNode(const QString &name, const ConnectionOptions &connection);
    void onShardFailed(const QString &name, const QString &message);
    bool movedHere(const KeyMonitor *to, const QByteArray &key);
    quint64 sum(quint64 (KeyMonitor::*count)() const) const; // over the masters

    MonitorOptions m_options;
    MonitorRecorder &m_recorder;
    std::unique_ptr<ClusterResolver> m_resolver;
    std::map<QString, std::unique_ptr<KeyMonitor>> m_shards; // by master name
    QStringList m_failed;
    QSet<QByteArray> m_movedKeys; // moved away, not yet found elsewhere
};

} // namespace lockscope
