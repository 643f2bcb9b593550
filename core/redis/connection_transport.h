// The byte stream of one attempt to reach a Redis server: a QTcpSocket, a QSslSocket set up from
// the options' CA, client certificate and key, or a QLocalSocket for a Unix socket. It says when
// the stream is up (connected; for TLS, encrypted), when bytes arrive, and when it failed, with
// a RedisErrorKind and an English sentence that names the server (connection_errors.cpp
// translates it where a person reads it). A connection makes a new one for every attempt, so
// nothing of a dead socket (late signals, TLS errors) reaches the next one.
//
// The connect timeout runs from start() until the connection says it is ready: it covers the
// handshake too.
#pragma once

#include "connection.h"

#include <QAbstractSocket>
#include <QLocalSocket>
#include <QSslError>

class QIODevice;
class QSslSocket;
class QTcpSocket;
class QTimer;

namespace lockscope::qtredis {

class Transport final : public QObject {
    Q_OBJECT
public:
    Transport(const ConnectionOptions &options, QObject *parent);

    // Starts connecting. up() may come from inside start() (a Unix socket can connect at once);
    // a failure reaches failed() on a later turn of the event loop, except the connect timeout.
    void start();
    bool isOpen() const;
    void write(const QByteArray &bytes);
    void flush(); // written bytes to the system now, as far as it takes them without blocking
    QByteArray readAll();
    // The connection is ready: the connect timeout no longer applies.
    void stopConnectTimer();
    // Aborts the socket, says nothing more and deletes itself from the event loop. Safe from
    // inside any of its signals.
    void discard();

signals:
    void up();
    void bytesArrived();
    // `permanent`: retrying cannot fix it (a certificate that does not verify, ...).
    void failed(lockscope::RedisErrorKind kind, const QString &message, bool permanent);

private:
    QString server() const { return m_options.displayName(); }
    bool configureTls(QString *error);
    void onConnected();
    void onTransportUp();
    // What a socket error means, for a person and for the connection.
    struct Failure {
        RedisErrorKind kind;
        QString message;
        bool permanent = false;
    };
    Failure tcpFailure(QAbstractSocket::SocketError error) const;
    Failure localFailure(QLocalSocket::LocalSocketError error) const;
    void onTcpError(QAbstractSocket::SocketError error);
    void onLocalError(QLocalSocket::LocalSocketError error);
    void onClosed();
    // Replies that arrived just before the peer closed are still good: the reader gets them
    // before the failure is reported, unless that discarded this transport.
    void report(const Failure &failure, bool peerClosed);
    void failSoon(RedisErrorKind kind, const QString &message, bool permanent);

    const ConnectionOptions m_options;
    QTimer *m_connectTimer;
    QTcpSocket *m_tcp = nullptr; // plain TCP, or the QSslSocket
    QSslSocket *m_ssl = nullptr;
    QLocalSocket *m_local = nullptr;
    QIODevice *m_io = nullptr;
    QList<QSslError> m_sslErrors;
    bool m_up = false;
    bool m_discarded = false;
};

} // namespace lockscope::qtredis
