// A real Redis Cluster for tests: N masters (redis-server --cluster-enabled yes, each in its
// own temporary directory with its own nodes.conf, on free loopback ports with an explicit
// cluster bus port), the 16384 slots split evenly with CLUSTER ADDSLOTSRANGE, joined with
// CLUSTER MEET, optionally replicas of the first master; start() returns once every node says
// cluster_state:ok. The servers stop with this object, also when a test fails half-way.
//
//   RedisCluster cluster(3);
//   QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
//   RedisTestClient c;
//   c.connect(cluster.node(cluster.masterOf("lock:a")).host(), ...);
#pragma once

#include "redis_server.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace lockscope::test {

class RedisCluster {
public:
    // `masters` masters, then `replicasOfFirst` replicas of master 0 (nodes masters..). Every
    // node gets `extraArgs` ("--notify-keyspace-events", "Kg$hx", ...).
    explicit RedisCluster(int masters = 3, int replicasOfFirst = 0, QStringList extraArgs = {});
    ~RedisCluster();
    RedisCluster(const RedisCluster &) = delete;
    RedisCluster &operator=(const RedisCluster &) = delete;

    bool start(int timeoutMs = 20000);
    QString errorString() const { return m_error; }

    int size() const { return m_masters + m_replicas; } // node(i) once start() ran
    int masterCount() const { return m_masters; }
    RedisServer &node(int i) { return *m_nodes[std::size_t(i)]; }
    QString address(int i) const; // "127.0.0.1:port"
    QByteArray nodeId(int i);     // CLUSTER MYID of node i

    // The hash slot of a key as the cluster computes it (CRC16 of the key or its {hash tag}).
    static int keySlot(const QByteArray &key);
    // The master (index) that serves `key`'s slot in the layout start() made.
    int masterOf(const QByteArray &key) const;
    // The first key "<prefix><n>" (n = 0, 1, ...) that master `m` serves.
    QByteArray keyOn(int m, const QByteArray &prefix) const;

private:
    bool waitUntil(int timeoutMs, const std::function<bool()> &done, const QString &what);
    // Starts the next node (appended to m_nodes and m_busPorts); false with m_error set.
    bool startNode(int timeoutMs);

    int m_masters;
    int m_replicas;
    QStringList m_extraArgs;
    std::vector<std::unique_ptr<RedisServer>> m_nodes;
    std::vector<quint16> m_busPorts;
    QString m_error;
};

} // namespace lockscope::test
