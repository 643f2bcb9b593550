#include "sentinel_resolver.h"

#include <QTimer>

namespace lockscope {

SentinelResolver::SentinelResolver(QList<ConnectionOptions> sentinels, QString masterName,
                                   QObject *parent)
    : QObject(parent)
    , m_sentinels(std::move(sentinels))
    , m_masterName(std::move(masterName))
    , m_retry(new QTimer(this))
{
    m_retry->setSingleShot(true);
    connect(m_retry, &QTimer::timeout, this, &SentinelResolver::refresh);
}

SentinelResolver::~SentinelResolver() = default;

QString SentinelResolver::sentinelName() const
{
    return m_listening >= 0 ? m_sentinels[m_listening].displayName() : QString();
}

ConnectionOptions SentinelResolver::optionsFor(int index, bool forSubscription) const
{
    ConnectionOptions o = m_sentinels[index];
    o.readOnly = true; // a monitor asks sentinels questions; it never reconfigures them
    o.db = 0;          // sentinels have no databases
    o.connectTimeoutMs = qMin<qint64>(o.connectTimeoutMs, 2000);
    o.requestTimeoutMs = qMin<qint64>(o.requestTimeoutMs, 2000);
    o.reconnect = forSubscription;
    o.reconnectMinMs = 100;
    o.reconnectMaxMs = 1000;
    o.maxReconnectAttempts = forSubscription ? 3 : 0;
    return o;
}

void SentinelResolver::start()
{
    refresh();
}

void SentinelResolver::refresh()
{
    if (m_asking || m_sentinels.isEmpty())
        return;
    m_asking = true;
    m_errors.clear();
    ask(0, ++m_round);
}

void SentinelResolver::ask(int index, quint64 round)
{
    if (round != m_round)
        return;
    if (index >= m_sentinels.size()) {
        m_asking = false;
        m_query.reset();
        emit problem(QStringLiteral("no sentinel names the master \"%1\": %2")
                         .arg(m_masterName, m_errors.join(QStringLiteral("; "))));
        m_retry->start(1000);
        return;
    }
    m_query = std::make_unique<Connection>(optionsFor(index, false));
    Connection *c = m_query.get();
    const QString where = m_sentinels[index].displayName();
    c->open();
    c->send({QByteArrayLiteral("SENTINEL"), QByteArrayLiteral("GET-MASTER-ADDR-BY-NAME"),
             m_masterName.toUtf8()},
            [this, c, index, round, where](const Reply &reply) {
                if (round != m_round || m_query.get() != c)
                    return;
                QString error;
                if (reply.failed()) {
                    error = c->describe(reply);
                } else if (reply.isNil() || !reply.isArray() || reply.elements().size() != 2) {
                    error = QStringLiteral("%1 does not know a master named \"%2\"")
                                .arg(where, m_masterName);
                } else {
                    bool ok = false;
                    const quint16 port = reply.elements().at(1).text().toUShort(&ok);
                    if (!ok) {
                        error = QStringLiteral("%1 gave a bad port").arg(where);
                    } else {
                        m_asking = false;
                        // Deleting the connection from inside its own callback is not allowed.
                        m_query.release()->deleteLater();
                        if (m_listening != index)
                            listen(index);
                        setMaster(QString::fromUtf8(reply.elements().at(0).text()), port);
                        return;
                    }
                }
                m_errors.append(error);
                m_query.release()->deleteLater();
                QMetaObject::invokeMethod(
                    this, [this, index, round] { ask(index + 1, round); }, Qt::QueuedConnection);
            });
}

void SentinelResolver::listen(int index)
{
    if (m_subscription)
        m_subscription.release()->deleteLater();
    m_listening = index;
    m_subscription = std::make_unique<Connection>(optionsFor(index, true));
    Connection *c = m_subscription.get();
    connect(c, &Connection::messageReceived, this,
            [this](const QByteArray &channel, const QByteArray &message, const QByteArray &) {
                if (channel != "+switch-master")
                    return;
                // "<master name> <old ip> <old port> <new ip> <new port>"
                const QList<QByteArray> parts = message.split(' ');
                if (parts.size() != 5 || QString::fromUtf8(parts[0]) != m_masterName)
                    return;
                bool ok = false;
                const quint16 port = parts[4].toUShort(&ok);
                if (ok)
                    setMaster(QString::fromUtf8(parts[3]), port);
            });
    // A reconnect may have missed a +switch-master: ask again once listening resumes. A
    // subscription that gave up makes the next refresh choose another sentinel.
    connect(c, &Connection::ready, this, [this, c] {
        if (m_subscription.get() == c && c->reconnects() > 0)
            refresh();
    });
    connect(c, &Connection::stateChanged, this, [this, c](Connection::State state) {
        if (m_subscription.get() == c && state == Connection::State::Disconnected) {
            m_listening = -1;
            m_subscription.release()->deleteLater();
            refresh();
        }
    });
    c->subscribe(QByteArrayLiteral("+switch-master"));
    c->open();
}

void SentinelResolver::setMaster(const QString &host, quint16 port)
{
    if (host == m_host && port == m_port)
        return;
    m_host = host;
    m_port = port;
    emit masterFound(host, port);
}

} // namespace lockscope
