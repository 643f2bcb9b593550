#include "monitor_feed.h"

#include "live_client.h"
#include "redis/resp_codec.h"

#include <QCoreApplication>
#include <QTcpSocket>
#include <QTimer>

namespace lockscope {

MonitorFeed::MonitorFeed(QObject *parent)
    : QObject(parent)
{}

MonitorFeed::~MonitorFeed() = default;

void MonitorFeed::close()
{
    m_stage = Stage::Closed;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    m_parser.reset();
}

void MonitorFeed::open(const ConnectionOptions &server, const QList<QByteArray> &scriptShas)
{
    close();
    m_server = server;
    m_scriptShas = scriptShas;
    if (!server.unixSocket.isEmpty() || server.tls) {
        // Told from the event loop, as every other failure is.
        QTimer::singleShot(0, this, [this] {
            fail(QCoreApplication::translate(
                     "LiveKeyObserver",
                     "The key observer cannot watch %1: it connects over plain TCP only.")
                     .arg(where()));
        });
        return;
    }
    m_parser = std::make_unique<qtredis::RespParser>();
    m_socket = new QTcpSocket(this);
    m_stage = Stage::Connecting;
    connect(m_socket, &QTcpSocket::connected, this, &MonitorFeed::onConnected);
    connect(m_socket, &QTcpSocket::readyRead, this, &MonitorFeed::onReadyRead);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this] {
        fail(QCoreApplication::translate("LiveKeyObserver",
                                         "The key observer lost its MONITOR connection to %1: %2")
                 .arg(where(), m_socket->errorString()));
    });
    m_socket->connectToHost(server.host, server.port);
    const qint64 timeoutMs = server.connectTimeoutMs;
    QTimer::singleShot(int(qBound(qint64(1), timeoutMs, qint64(600000))), m_socket, [this] {
        if (m_stage == Stage::Connecting)
            fail(QCoreApplication::translate(
                     "LiveKeyObserver", "The key observer could not connect to %1 within %2 ms.")
                     .arg(where())
                     .arg(m_server.connectTimeoutMs));
    });
}

void MonitorFeed::onConnected()
{
    QByteArray out;
    if (!m_server.password.isEmpty()) {
        Command auth{QByteArrayLiteral("AUTH")};
        if (!m_server.username.isEmpty())
            auth.append(m_server.username.toUtf8());
        auth.append(m_server.password.toUtf8());
        out += qtredis::encodeCommand(auth);
        m_stage = Stage::Auth;
    } else {
        m_stage = Stage::ClientList;
    }
    // One write, so the server runs these back to back: nothing another client does falls
    // between the answers and the first line of the stream.
    out += qtredis::encodeCommand({QByteArrayLiteral("CLIENT"), QByteArrayLiteral("LIST")});
    if (!m_scriptShas.isEmpty()) {
        Command exists{QByteArrayLiteral("SCRIPT"), QByteArrayLiteral("EXISTS")};
        exists += m_scriptShas;
        out += qtredis::encodeCommand(exists);
    }
    out += qtredis::encodeCommand({QByteArrayLiteral("MONITOR")});
    m_socket->write(out);
}

void MonitorFeed::onReadyRead()
{
    if (!m_socket || !m_parser)
        return;
    if (!m_parser->feed(m_socket->readAll())) {
        fail(QCoreApplication::translate("LiveKeyObserver",
                                         "The key observer could not read what %1 sent: %2")
                 .arg(where(), m_parser->errorString()));
        return;
    }
    Reply reply;
    for (;;) {
        if (!m_parser)
            return; // closed by a handler
        switch (m_parser->next(&reply)) {
        case qtredis::RespParser::Next::NeedMore:
            return;
        case qtredis::RespParser::Next::Error:
            fail(QCoreApplication::translate("LiveKeyObserver",
                                             "The key observer could not read what %1 sent: %2")
                     .arg(where(), m_parser->errorString()));
            return;
        case qtredis::RespParser::Next::Reply:
            onReply(reply);
            break;
        }
    }
}

void MonitorFeed::onReply(const Reply &reply)
{
    switch (m_stage) {
    case Stage::Closed:
    case Stage::Connecting:
        return;
    case Stage::Auth:
        if (reply.isError()) {
            fail(QCoreApplication::translate("LiveKeyObserver",
                                             "The key observer was refused by %1: %2")
                     .arg(where(), QString::fromUtf8(reply.text())));
            return;
        }
        m_stage = Stage::ClientList;
        return;
    case Stage::ClientList:
        // Refused (an ACL without CLIENT): the stream's CLIENT SETNAME lines still name
        // the clients that connect from now on.
        m_stage = m_scriptShas.isEmpty() ? Stage::Monitor : Stage::ScriptExists;
        if (!reply.isError())
            emit clientsListed(reply.text());
        return;
    case Stage::ScriptExists:
        // Refused: the observer keeps assuming what it assumed.
        m_stage = Stage::Monitor;
        if (!reply.isError()) {
            QList<QByteArray> cached;
            const auto flags = reply.elements();
            for (qsizetype i = 0; i < flags.size() && i < m_scriptShas.size(); ++i) {
                if (flags.at(i).integer() == 1)
                    cached.append(m_scriptShas.at(i));
            }
            emit scriptsFound(cached);
        }
        return;
    case Stage::Monitor:
        if (reply.isError()) {
            fail(QCoreApplication::translate("LiveKeyObserver",
                                             "%1 refused MONITOR to the key observer: %2")
                     .arg(where(), QString::fromUtf8(reply.text())));
            return;
        }
        m_stage = Stage::Monitoring;
        emit monitoring();
        return;
    case Stage::Monitoring:
        if (m_onLine && reply.type() == Reply::Type::Status)
            m_onLine(reply.text(), liveClockUs());
        return;
    }
}

void MonitorFeed::drain()
{
    if (m_socket && m_stage == Stage::Monitoring) {
        // Pull what the operating system holds for the socket, without waiting for more.
        m_socket->waitForReadyRead(0);
        onReadyRead();
    }
}

void MonitorFeed::fail(const QString &why)
{
    if (m_stage == Stage::Closed)
        return;
    close();
    emit failed(why);
}

} // namespace lockscope
