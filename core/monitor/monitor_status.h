// The status sentences of KeyMonitor: what it does now, in one line for the window's status
// bar and the CLI ("watching 12 lock keys matching lock:* on 127.0.0.1:6379; keyspace
// notifications on (Kg$hx)"). Plain functions of the facts a monitor gathers, so that one
// master's sentence and a cluster's (made of its masters') are written once each. The texts
// keep KeyMonitor's translation context.
#pragma once

#include "key_monitor.h"

#include <QList>
#include <QString>

namespace lockscope::monitor_status {

// "; keyspace notifications on (...)" and the like: how a monitor learns of changes (empty
// when it does not know yet).
QString notifySentence(KeyMonitor::NotifyMode mode, const NotifyConfig &config,
                       const MonitorOptions &options);

// One server (direct, or the master the sentinels name).
struct NodeFacts {
    KeyMonitor::Health health = KeyMonitor::Health::Idle;
    QString server;             // "127.0.0.1:6379" (the master's name before the sentinels answer)
    QString masterName;         // the sentinels' name of it
    bool hasConnection = false; // false: still asking the sentinels
    QByteArray pattern;
    quint64 keysScanned = 0;
    quint64 scanRounds = 0;
    qsizetype keys = 0;
    qint64 outageSinceUs = 0;
    int reconnectAttempts = 0;
    QString lastError;
    QString problem;
    QString notify;        // notifySentence()
    QString clusterAdvice; // KeyMonitor::clusterNodeAdvice()
    qint64 readFailures = 0;
    QByteArray lastReadError;
};
QString nodeSentence(const NodeFacts &facts);

// A Redis Cluster: its masters' facts, said once when they agree.
struct ShardFacts {
    QString name; // "127.0.0.1:7000"
    KeyMonitor::Health health = KeyMonitor::Health::Idle;
    quint64 keysScanned = 0;
    quint64 scanRounds = 0;
    qsizetype keys = 0;
    QString notify;   // its notifySentence()
    QString sentence; // its own nodeSentence()
    QString problem;
};
struct ClusterFacts {
    KeyMonitor::Health health = KeyMonitor::Health::Idle;
    QString seed;         // the node asked for the masters
    bool redlock = false; // the shards are a Redlock deployment's independent nodes
    QByteArray pattern;
    QString lastError;
    QString problem;
    QList<ShardFacts> shards; // by name
};
QString clusterSentence(const ClusterFacts &facts);

} // namespace lockscope::monitor_status
