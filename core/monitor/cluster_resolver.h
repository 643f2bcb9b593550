// Finds the masters of a Redis Cluster and notices when they change: asks a known node
// CLUSTER SLOTS (a read), first the seed, later any node it has learnt of (masters and
// replicas), in turn until one answers. It asks again every refreshMs and whenever the monitor
// says something moved (refresh(): a MOVED reply, a master's connection dropped), so a failover
// (a replica promoted) or a resharding shows up as a new set of masters.
//
// Its connections are read-only, whatever the data connections allow: it only asks.
#pragma once

#include "redis/connection.h"

#include <QObject>
#include <QStringList>

#include <memory>

class QTimer;

namespace lockscope {

struct ClusterMaster {
    QString host;
    quint16 port = 0;
    QByteArray id;        // the node id (40 hex digits)
    int slotCount = 0;    // how many of the 16384 hash slots it serves
    QStringList replicas; // "host:port" of its replicas, as CLUSTER SLOTS lists them

    QString name() const; // "host:port", the node's name in the event log
};

// The masters in a CLUSTER SLOTS reply, sorted by name; a master serving several slot ranges is
// listed once. An empty host (a node that does not know its own address) means `askedHost`, as
// Redis documents. False with *error when the reply is not CLUSTER SLOTS' shape.
bool parseClusterSlots(const Reply &reply, const QString &askedHost, QList<ClusterMaster> *out,
                       QString *error);

class ClusterResolver : public QObject {
    Q_OBJECT
public:
    // `seed` is any node of the cluster; its credentials and TLS are used for every node.
    // refreshMs <= 0: ask once (and again only on refresh()).
    ClusterResolver(ConnectionOptions seed, qint64 refreshMs, QObject *parent = nullptr);
    ~ClusterResolver() override;

    void start();
    void refresh(); // ask again now (coalesced with a question in flight)

    bool hasMasters() const { return m_answered; }
    QList<ClusterMaster> masters() const { return m_masters; }
    QString seedName() const { return m_seed.displayName(); }
    // The options for a connection to a node: the seed's, with that host and port.
    ConnectionOptions optionsFor(const QString &host, quint16 port) const;

signals:
    // The masters (their names) changed: once at the start, again after each topology change.
    void mastersChanged(const QList<lockscope::ClusterMaster> &masters);
    // A node answered (after every question, changed or not).
    void refreshed();
    // No known node answered, or the answer made no sense (it keeps asking every second).
    void problem(const QString &message);

private:
    void ask(int index, quint64 round);
    void answered(int index, const QList<ClusterMaster> &masters);

    ConnectionOptions m_seed;
    qint64 m_refreshMs;
    QList<QPair<QString, quint16>> m_candidates; // nodes to ask, the seed first
    QList<ClusterMaster> m_masters;
    bool m_answered = false;
    bool m_asking = false;
    quint64 m_round = 0;
    QStringList m_errors;
    std::unique_ptr<Connection> m_query;
    QTimer *m_timer;
};

} // namespace lockscope
