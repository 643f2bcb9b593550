#include "redis_cluster.h"

#include "free_port.h"
#include "redis_test_client.h"

#include <QDeadlineTimer>
#include <QThread>

#include <functional>

namespace lockscope::test {

namespace {

constexpr int kSlots = 16384;

// CRC16-CCITT (XModem), as the cluster specification defines the key slot.
quint16 crc16(const QByteArray &bytes)
{
    quint16 crc = 0;
    for (const char ch : bytes) {
        crc ^= quint16(quint8(ch)) << 8;
        for (int i = 0; i < 8; ++i)
            crc = (crc & 0x8000) ? quint16((crc << 1) ^ 0x1021) : quint16(crc << 1);
    }
    return crc;
}

int firstSlot(int m, int masters)
{
    return m * kSlots / masters;
}

} // namespace

RedisCluster::RedisCluster(int masters, int replicasOfFirst, QStringList extraArgs)
    : m_masters(masters)
    , m_replicas(replicasOfFirst)
    , m_extraArgs(std::move(extraArgs))
{}

bool RedisCluster::startNode(int timeoutMs)
{
    // The bus port is chosen here, not by the server: unusedLoopbackPort() only finds a port
    // that was free a moment ago, and another test's server may take it before this one binds
    // it. The server's own port is retried inside start(); a clash on the bus port fails the
    // start, so it is retried here with another bus port.
    // A node timeout of 5 s, not 1: a machine stalled for over a second (two cores shared by a
    // test run, a VM's stolen time) made nodes mark each other failed and the cluster refuse
    // commands mid-test. It costs 1-2 s of gossip more per cluster start; no test waits for
    // a failure to be detected (a kill is seen by the monitor's connection, failovers are
    // CLUSTER FAILOVER).
    constexpr int kAttempts = 3;
    for (int attempt = 1;; ++attempt) {
        const quint16 bus = unusedLoopbackPort();
        QStringList args{QStringLiteral("--cluster-enabled"),      QStringLiteral("yes"),
                         QStringLiteral("--cluster-config-file"),  QStringLiteral("nodes.conf"),
                         QStringLiteral("--cluster-node-timeout"), QStringLiteral("5000"),
                         QStringLiteral("--cluster-port"),         QString::number(bus)};
        args += m_extraArgs;
        auto node = std::make_unique<RedisServer>(args);
        if (node->start(timeoutMs)) {
            m_nodes.push_back(std::move(node));
            m_busPorts.push_back(bus);
            return true;
        }
        // Redis names the port it could not listen on ("Failed listening on port N
        // (cluster)"): any other failure is the answer.
        if (attempt == kAttempts || !node->output().contains(QString::number(bus))) {
            m_error = node->errorString();
            return false;
        }
    }
}

RedisCluster::~RedisCluster() = default;

QString RedisCluster::address(int i) const
{
    return m_nodes[std::size_t(i)]->host() + QLatin1Char(':') +
           QString::number(m_nodes[std::size_t(i)]->port());
}

QByteArray RedisCluster::nodeId(int i)
{
    RedisTestClient c;
    if (!c.connect(node(i).host(), node(i).port()))
        return {};
    return c.command(Command{"CLUSTER", "MYID"}).text();
}

int RedisCluster::keySlot(const QByteArray &key)
{
    QByteArray hashed = key;
    const qsizetype open = key.indexOf('{');
    if (open >= 0) {
        const qsizetype close = key.indexOf('}', open + 1);
        if (close > open + 1)
            hashed = key.mid(open + 1, close - open - 1);
    }
    return crc16(hashed) % kSlots;
}

int RedisCluster::masterOf(const QByteArray &key) const
{
    const int slot = keySlot(key);
    for (int m = m_masters - 1; m >= 0; --m)
        if (slot >= firstSlot(m, m_masters))
            return m;
    return 0;
}

QByteArray RedisCluster::keyOn(int m, const QByteArray &prefix) const
{
    for (int n = 0;; ++n) {
        const QByteArray key = prefix + QByteArray::number(n);
        if (masterOf(key) == m)
            return key;
    }
}

bool RedisCluster::waitUntil(int timeoutMs, const std::function<bool()> &done, const QString &what)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (done())
            return true;
        QThread::msleep(50);
    }
    m_error =
        QStringLiteral("the cluster did not get there within %1 ms: %2").arg(timeoutMs).arg(what);
    return false;
}

bool RedisCluster::start(int timeoutMs)
{
    for (int i = 0; i < size(); ++i)
        if (!startNode(timeoutMs))
            return false;
    std::vector<std::unique_ptr<RedisTestClient>> clients;
    for (int i = 0; i < size(); ++i) {
        clients.push_back(std::make_unique<RedisTestClient>());
        if (!clients.back()->connect(node(i).host(), node(i).port())) {
            m_error = clients.back()->errorString();
            return false;
        }
    }
    auto run = [&](int i, const Command &argv) {
        const Reply r = clients[std::size_t(i)]->command(argv);
        if (r.failed())
            m_error = QStringLiteral("%1 on %2: %3")
                          .arg(QString::fromUtf8(argv.join(' ')), address(i),
                               QString::fromUtf8(r.text()));
        return !r.failed();
    };
    // Slots and distinct config epochs first (as redis-cli --cluster create does), then MEET.
    for (int m = 0; m < m_masters; ++m) {
        const QByteArray first = QByteArray::number(firstSlot(m, m_masters));
        const QByteArray last = QByteArray::number(firstSlot(m + 1, m_masters) - 1);
        if (!run(m, Command{"CLUSTER", "ADDSLOTSRANGE", first, last}) ||
            !run(m, Command{"CLUSTER", "SET-CONFIG-EPOCH", QByteArray::number(m + 1)}))
            return false;
    }
    for (int i = 1; i < size(); ++i) {
        if (!run(0, Command{"CLUSTER", "MEET", node(i).host().toUtf8(),
                            QByteArray::number(node(i).port()),
                            QByteArray::number(m_busPorts[std::size_t(i)])}))
            return false;
    }
    const QByteArray known = "cluster_known_nodes:" + QByteArray::number(size());
    if (!waitUntil(
            timeoutMs,
            [&] {
                for (auto &c : clients)
                    if (!c->command(Command{"CLUSTER", "INFO"}).text().contains(known))
                        return false;
                return true;
            },
            QStringLiteral("every node knowing every other")))
        return false;
    if (m_replicas > 0) {
        const QByteArray firstId = clients[0]->command(Command{"CLUSTER", "MYID"}).text();
        for (int i = m_masters; i < size(); ++i)
            if (!run(i, Command{"CLUSTER", "REPLICATE", firstId}))
                return false;
        if (!waitUntil(
                timeoutMs,
                [&] {
                    const QByteArray info =
                        clients[0]->command(Command{"INFO", "replication"}).text();
                    if (!info.contains(
                            QByteArray("connected_slaves:" + QByteArray::number(m_replicas))))
                        return false;
                    for (int i = m_masters; i < size(); ++i)
                        if (!clients[std::size_t(i)]
                                 ->command(Command{"INFO", "replication"})
                                 .text()
                                 .contains("master_link_status:up"))
                            return false;
                    return true;
                },
                QStringLiteral("the replicas in sync with master 0")))
            return false;
    }
    return waitUntil(
        timeoutMs,
        [&] {
            for (auto &c : clients) {
                if (!c->command(Command{"CLUSTER", "INFO"}).text().contains("cluster_state:ok"))
                    return false;
                if (c->command(Command{"CLUSTER", "SLOTS"}).elements().size() != m_masters)
                    return false;
            }
            return true;
        },
        QStringLiteral("cluster_state:ok with every slot known on every node"));
}

} // namespace lockscope::test
