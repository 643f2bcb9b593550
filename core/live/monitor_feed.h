// A plain TCP connection to one Redis server in MONITOR mode, for the live key observer:
// AUTH (when the options carry a password), CLIENT LIST (who is connected already, under what
// name), SCRIPT EXISTS (which of the given scripts the server has cached), MONITOR, then every
// line the server feeds, handed over as soon as it is read. The questions go out in one write,
// so the server answers them and starts the stream with no other client's command in between.
// Deliberately not a lockscope::Connection: a monitoring connection answers nothing but lines,
// and must not reconnect on its own (a reconnect would silently lose lines).
#pragma once

#include "redis/connection.h"

#include <QObject>

#include <functional>
#include <memory>

class QTcpSocket;

namespace lockscope {

namespace qtredis {
class RespParser;
}

class MonitorFeed : public QObject {
    Q_OBJECT
public:
    // `text`: a line without its leading '+'; `arrivalUs`: liveClockUs() when it was read.
    using LineHandler = std::function<void(const QByteArray &text, qint64 arrivalUs)>;

    explicit MonitorFeed(QObject *parent = nullptr);
    ~MonitorFeed() override;

    void setLineHandler(LineHandler handler) { m_onLine = std::move(handler); }
    // Connects to `server` (closing any earlier connection) and asks for MONITOR, after asking
    // whether the scripts with these SHA1s are cached. TCP only.
    void open(const ConnectionOptions &server, const QList<QByteArray> &scriptShas = {});
    // Closes without a signal (an expected end: the node crashed, or the run is over).
    void close();
    bool isMonitoring() const { return m_stage == Stage::Monitoring; }
    // Hands over the lines already received by this process, now (before a final look).
    void drain();
    const ConnectionOptions &server() const { return m_server; }

signals:
    // CLIENT LIST's answer (when the server allowed it): "id=.. addr=.. name=.. ...\n" lines.
    void clientsListed(const QByteArray &list);
    // SCRIPT EXISTS's answer (when the server allowed it): the SHA1s asked about that it has.
    void scriptsFound(const QList<QByteArray> &cached);
    void monitoring();
    // One sentence naming the server; the connection is closed.
    void failed(const QString &why);

private:
    enum class Stage : quint8 {
        Closed,
        Connecting,
        Auth,
        ClientList,
        ScriptExists,
        Monitor,
        Monitoring
    };
    void onConnected();
    void onReadyRead();
    void onReply(const Reply &reply);
    void fail(const QString &why);
    QString where() const { return m_server.displayName(); }

    ConnectionOptions m_server;
    QList<QByteArray> m_scriptShas;
    QTcpSocket *m_socket = nullptr;
    std::unique_ptr<qtredis::RespParser> m_parser;
    Stage m_stage = Stage::Closed;
    LineHandler m_onLine;
};

} // namespace lockscope
