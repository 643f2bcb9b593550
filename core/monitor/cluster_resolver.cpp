#include "cluster_resolver.h"

#include <QTimer>

#include <algorithm>

namespace lockscope {

QString ClusterMaster::name() const
{
    // The same spelling as ConnectionOptions::displayName(), so a node has one name everywhere.
    ConnectionOptions o;
    o.host = host;
    o.port = port;
    return o.displayName();
}

namespace {

// One node entry of CLUSTER SLOTS: [host, port, id, (metadata)]. False when it is not that.
bool parseNode(const Reply &node, const QString &askedHost, QString *host, quint16 *port,
               QByteArray *id)
{
    if (!node.isArray() || node.elements().size() < 2)
        return false;
    const Reply &h = node.elements().at(0);
    const Reply &p = node.elements().at(1);
    if (!p.isInteger() || p.integer() <= 0 || p.integer() > 65535)
        return false;
    // An empty or "?" host: the node does not know its address; Redis says to use the one the
    // question went to.
    *host = h.isBulk() && !h.text().isEmpty() && h.text() != "?" ? QString::fromUtf8(h.text())
                                                                 : askedHost;
    *port = quint16(p.integer());
    *id = node.elements().size() > 2 ? node.elements().at(2).text() : QByteArray();
    return true;
}

} // namespace

bool parseClusterSlots(const Reply &reply, const QString &askedHost, QList<ClusterMaster> *out,
                       QString *error)
{
    if (!reply.isArray()) {
        *error = ClusterResolver::tr("CLUSTER SLOTS did not answer with a list");
        return false;
    }
    QList<ClusterMaster> masters;
    for (const Reply &range : reply.elements()) {
        // [start, end, master, replica...]
        if (!range.isArray() || range.elements().size() < 3 ||
            !range.elements().at(0).isInteger() || !range.elements().at(1).isInteger()) {
            *error =
                ClusterResolver::tr("CLUSTER SLOTS answered with a slot range of an unknown shape");
            return false;
        }
        const qint64 first = range.elements().at(0).integer();
        const qint64 last = range.elements().at(1).integer();
        ClusterMaster m;
        if (!parseNode(range.elements().at(2), askedHost, &m.host, &m.port, &m.id) || first < 0 ||
            last < first || last > 16383) {
            *error = ClusterResolver::tr("CLUSTER SLOTS answered with a node of an unknown shape");
            return false;
        }
        m.slotCount = int(last - first + 1);
        for (qsizetype i = 3; i < range.elements().size(); ++i) {
            ClusterMaster r;
            if (parseNode(range.elements().at(i), askedHost, &r.host, &r.port, &r.id))
                m.replicas.append(r.name());
        }
        const auto same = std::find_if(masters.begin(), masters.end(), [&](const ClusterMaster &x) {
            return x.host == m.host && x.port == m.port;
        });
        if (same == masters.end()) {
            masters.append(m);
        } else {
            same->slotCount += m.slotCount;
            for (const QString &r : std::as_const(m.replicas))
                if (!same->replicas.contains(r))
                    same->replicas.append(r);
        }
    }
    std::sort(masters.begin(), masters.end(), [](const ClusterMaster &a, const ClusterMaster &b) {
        return a.host != b.host ? a.host < b.host : a.port < b.port;
    });
    *out = std::move(masters);
    return true;
}

ClusterResolver::ClusterResolver(ConnectionOptions seed, qint64 refreshMs, QObject *parent)
    : QObject(parent)
    , m_seed(std::move(seed))
    , m_refreshMs(refreshMs)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &ClusterResolver::refresh);
    m_candidates.append({m_seed.host, m_seed.port});
}

ClusterResolver::~ClusterResolver() = default;

ConnectionOptions ClusterResolver::optionsFor(const QString &host, quint16 port) const
{
    ConnectionOptions o = m_seed;
    o.host = host;
    o.port = port;
    o.unixSocket.clear();
    if (m_seed.tls && !m_seed.serverName.isEmpty() && host != m_seed.host)
        o.serverName.clear(); // the seed's SNI name is not the other nodes' name
    return o;
}

void ClusterResolver::start()
{
    refresh();
}

void ClusterResolver::refresh()
{
    if (m_asking)
        return;
    m_asking = true;
    m_timer->stop();
    m_errors.clear();
    ask(0, ++m_round);
}

void ClusterResolver::ask(int index, quint64 round)
{
    if (round != m_round)
        return;
    if (index >= m_candidates.size()) {
        m_asking = false;
        if (m_query)
            m_query.release()->deleteLater();
        emit problem(tr("no node of the cluster answered CLUSTER SLOTS: %1")
                         .arg(m_errors.join(QStringLiteral("; "))));
        m_timer->start(1000);
        return;
    }
    ConnectionOptions o = optionsFor(m_candidates[index].first, m_candidates[index].second);
    o.readOnly = true; // CLUSTER SLOTS is a read; nothing else is sent
    o.reconnect = false;
    o.maxReconnectAttempts = 0;
    o.connectTimeoutMs = qMin<qint64>(o.connectTimeoutMs, 2000);
    o.requestTimeoutMs = qMin<qint64>(o.requestTimeoutMs, 2000);
    const QString where = o.displayName();
    const QString askedHost = o.host;
    if (m_query)
        m_query.release()->deleteLater();
    m_query = std::make_unique<Connection>(o);
    Connection *c = m_query.get();
    c->open();
    c->send({QByteArrayLiteral("CLUSTER"), QByteArrayLiteral("SLOTS")},
            [this, c, index, round, where, askedHost](const Reply &reply) {
                if (round != m_round || m_query.get() != c)
                    return;
                QString error;
                QList<ClusterMaster> masters;
                if (reply.failed()) {
                    error = c->describe(reply);
                    if (reply.isError() && reply.text().contains("cluster support disabled"))
                        error = tr("%1 is not a cluster node (cluster support "
                                   "disabled)")
                                    .arg(where);
                } else if (!parseClusterSlots(reply, askedHost, &masters, &error)) {
                    error = QStringLiteral("%1: %2").arg(where, error);
                } else if (masters.isEmpty()) {
                    error = tr("%1: the cluster has no master serving slots yet").arg(where);
                }
                // Never delete a connection inside its own callback.
                m_query.release()->deleteLater();
                if (error.isEmpty()) {
                    answered(index, masters);
                    return;
                }
                m_errors.append(error);
                QMetaObject::invokeMethod(
                    this, [this, index, round] { ask(index + 1, round); }, Qt::QueuedConnection);
            });
}

void ClusterResolver::answered(int index, const QList<ClusterMaster> &masters)
{
    m_asking = false;
    // Ask the node that answered first next time; learn every node it named, so that when the
    // seed goes away another node can still be asked.
    if (index > 0)
        m_candidates.move(index, 0);
    for (const ClusterMaster &m : masters) {
        QList<QPair<QString, quint16>> nodes = {{m.host, m.port}};
        for (const QString &r : m.replicas) {
            const qsizetype colon = r.lastIndexOf(QLatin1Char(':'));
            nodes.append({r.left(colon), r.mid(colon + 1).toUShort()});
        }
        for (const auto &n : std::as_const(nodes))
            if (!m_candidates.contains(n))
                m_candidates.append(n);
    }
    auto names = [](const QList<ClusterMaster> &list) {
        QStringList n;
        for (const ClusterMaster &m : list)
            n.append(m.name());
        return n;
    };
    const bool changed = !m_answered || names(masters) != names(m_masters);
    m_masters = masters;
    m_answered = true;
    if (m_refreshMs > 0)
        m_timer->start(int(qMin<qint64>(m_refreshMs, INT_MAX)));
    if (changed)
        emit mastersChanged(m_masters);
    emit refreshed();
}

} // namespace lockscope
