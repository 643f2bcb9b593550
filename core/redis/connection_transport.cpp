#include "connection_transport.h"

#include <QDir>
#include <QFile>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

#include <climits>

namespace lockscope::qtredis {

namespace {

// Every PEM certificate in the files of `dir` (not its subfolders); empty with *error when the
// folder cannot be read or holds none.
QList<QSslCertificate> caCertificatesInDir(const QString &dir, QString *error)
{
    const QDir d(dir);
    if (!d.exists()) {
        *error = QStringLiteral("the CA folder '%1' does not exist").arg(dir);
        return {};
    }
    QList<QSslCertificate> cas;
    const QStringList files = d.entryList(QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &name : files) {
        QFile file(d.filePath(name));
        if (file.open(QIODevice::ReadOnly))
            cas += QSslCertificate::fromData(file.readAll(), QSsl::Pem);
    }
    if (cas.isEmpty())
        *error = QStringLiteral("no CA certificate (PEM) in the folder '%1'").arg(dir);
    return cas;
}

// The socket's TLS setup from the options' CA file or folder, client certificate and key; false
// with *error naming the file that cannot be used.
bool tlsConfiguration(const ConnectionOptions &o, QSslConfiguration *out, QString *error)
{
    QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
    if (!o.caFile.isEmpty() || !o.caDir.isEmpty()) {
        // The given CAs replace the system's store: a private CA is what a server with its own
        // certificates uses, and trusting the whole world besides would defeat it.
        QList<QSslCertificate> cas;
        if (!o.caFile.isEmpty()) {
            cas = QSslCertificate::fromPath(o.caFile, QSsl::Pem);
            if (cas.isEmpty()) {
                *error =
                    QStringLiteral("cannot read a CA certificate (PEM) from '%1'").arg(o.caFile);
                return false;
            }
        }
        if (!o.caDir.isEmpty()) {
            // A folder as openssl's -CApath holds it: any file may be a PEM certificate (hash
            // links, .pem, .crt); files that are not certificates are passed over.
            const QList<QSslCertificate> fromDir = caCertificatesInDir(o.caDir, error);
            if (fromDir.isEmpty())
                return false;
            cas += fromDir;
        }
        conf.setCaCertificates(cas);
    }
    if (!o.certFile.isEmpty()) {
        const QList<QSslCertificate> chain = QSslCertificate::fromPath(o.certFile, QSsl::Pem);
        if (chain.isEmpty()) {
            *error =
                QStringLiteral("cannot read a client certificate (PEM) from '%1'").arg(o.certFile);
            return false;
        }
        conf.setLocalCertificateChain(chain);
        const QString keyPath = o.keyFile.isEmpty() ? o.certFile : o.keyFile;
        QFile keyFile(keyPath);
        if (!keyFile.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read the private key '%1': %2")
                         .arg(keyPath, keyFile.errorString());
            return false;
        }
        const QByteArray pem = keyFile.readAll();
        // A PKCS#8 "PRIVATE KEY" does not say its algorithm in the header: try them in turn.
        QSslKey key;
        for (QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa, QSsl::Dh}) {
            key = QSslKey(pem, algorithm, QSsl::Pem, QSsl::PrivateKey);
            if (!key.isNull())
                break;
        }
        if (key.isNull()) {
            *error = QStringLiteral("cannot read the private key '%1' (an unencrypted PEM RSA, "
                                    "EC or DSA key is needed)")
                         .arg(keyPath);
            return false;
        }
        conf.setPrivateKey(key);
    } else if (!o.keyFile.isEmpty()) {
        *error = QStringLiteral("a private key (%1) without a client certificate").arg(o.keyFile);
        return false;
    }
    conf.setPeerVerifyMode(o.verifyPeer ? QSslSocket::VerifyPeer : QSslSocket::VerifyNone);
    *out = conf;
    return true;
}

} // namespace

bool Transport::configureTls(QString *error)
{
    QSslConfiguration conf;
    if (!tlsConfiguration(m_options, &conf, error))
        return false;
    m_ssl->setSslConfiguration(conf);
    return true;
}

Transport::Transport(const ConnectionOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_connectTimer(new QTimer(this))
{
    m_connectTimer->setSingleShot(true);
    connect(m_connectTimer, &QTimer::timeout, this, [this] {
        emit failed(RedisErrorKind::Timeout,
                    QStringLiteral("timeout: cannot connect to %1 within %2 ms")
                        .arg(server())
                        .arg(m_options.connectTimeoutMs),
                    false);
    });
}

void Transport::start()
{
    if (m_options.connectTimeoutMs > 0)
        m_connectTimer->start(static_cast<int>(qMin<qint64>(m_options.connectTimeoutMs, INT_MAX)));

    if (!m_options.unixSocket.isEmpty()) {
        m_local = new QLocalSocket(this);
        m_io = m_local;
        connect(m_local, &QLocalSocket::connected, this, &Transport::onTransportUp);
        connect(m_local, &QLocalSocket::errorOccurred, this, &Transport::onLocalError);
        connect(m_local, &QLocalSocket::disconnected, this, &Transport::onClosed);
    } else if (m_options.tls) {
        if (!QSslSocket::supportsSsl()) {
            failSoon(RedisErrorKind::TlsError,
                     QStringLiteral("TLS error: cannot connect to %1: this Qt has no working TLS "
                                    "backend (OpenSSL)")
                         .arg(server()),
                     true);
            return;
        }
        m_ssl = new QSslSocket(this);
        m_tcp = m_ssl;
        m_io = m_ssl;
        QString error;
        if (!configureTls(&error)) {
            failSoon(RedisErrorKind::TlsError,
                     QStringLiteral("TLS error: cannot connect to %1: %2").arg(server(), error),
                     true);
            return;
        }
        connect(m_ssl, &QSslSocket::encrypted, this, &Transport::onTransportUp);
        connect(m_ssl, &QSslSocket::sslErrors, this,
                [this](const QList<QSslError> &errors) { m_sslErrors += errors; });
    } else {
        m_tcp = new QTcpSocket(this);
        m_io = m_tcp;
    }

    if (m_tcp) {
        connect(m_tcp, &QAbstractSocket::connected, this, &Transport::onConnected);
        connect(m_tcp, &QAbstractSocket::errorOccurred, this, &Transport::onTcpError);
        connect(m_tcp, &QAbstractSocket::disconnected, this, &Transport::onClosed);
    }
    connect(m_io, &QIODevice::readyRead, this, &Transport::bytesArrived);

    if (m_local) {
        m_local->connectToServer(m_options.unixSocket);
    } else if (m_ssl) {
        const QString peer = m_options.serverName.isEmpty() ? m_options.host : m_options.serverName;
        m_ssl->connectToHostEncrypted(m_options.host, m_options.port, peer);
    } else {
        m_tcp->connectToHost(m_options.host, m_options.port);
    }
}

bool Transport::isOpen() const
{
    return m_io && m_io->isOpen();
}

void Transport::write(const QByteArray &bytes)
{
    m_io->write(bytes);
}

void Transport::flush()
{
    if (m_tcp)
        m_tcp->flush(); // also the QSslSocket
    else if (m_local)
        m_local->flush();
}

QByteArray Transport::readAll()
{
    return m_io ? m_io->readAll() : QByteArray();
}

void Transport::stopConnectTimer()
{
    m_connectTimer->stop();
}

void Transport::discard()
{
    m_discarded = true;
    m_connectTimer->stop();
    if (m_io) {
        disconnect(m_io, nullptr, this, nullptr);
        if (m_tcp)
            m_tcp->abort();
        else if (m_local)
            m_local->abort();
    }
    deleteLater();
}

void Transport::onConnected()
{
    // Plain TCP is up once connected; TLS once encrypted.
    if (!m_ssl) {
        onTransportUp();
        if (m_discarded)
            return;
    }
    // Commands are small and pipelined: Nagle would only add latency.
    m_tcp->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_tcp->setSocketOption(QAbstractSocket::KeepAliveOption, 1);
}

void Transport::onTransportUp()
{
    m_up = true;
    emit up();
}

Transport::Failure Transport::tcpFailure(QAbstractSocket::SocketError error) const
{
    const QString detail = m_tcp->errorString();
    const QString where = server();
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        return {RedisErrorKind::ConnectionRefused,
                QStringLiteral("connection refused: cannot connect to %1 (is redis-server "
                               "running and listening there?)")
                    .arg(where)};
    case QAbstractSocket::HostNotFoundError:
        return {RedisErrorKind::HostNotFound,
                QStringLiteral("host not found: cannot connect to %1: %2").arg(where, detail)};
    case QAbstractSocket::SocketTimeoutError:
        return {RedisErrorKind::Timeout,
                QStringLiteral("timeout: no answer from %1 (%2)").arg(where, detail)};
    case QAbstractSocket::SslHandshakeFailedError:
    case QAbstractSocket::SslInternalError:
    case QAbstractSocket::SslInvalidUserDataError: {
        QStringList reasons;
        for (const QSslError &e : std::as_const(m_sslErrors))
            reasons.append(e.errorString());
        const QString why = reasons.isEmpty() ? detail : reasons.join(QStringLiteral("; "));
        // A certificate that does not verify is a configuration problem: retrying cannot fix
        // it, and the person needs to see the reason, not a stream of reconnects.
        return {
            RedisErrorKind::TlsError,
            m_up
                ? QStringLiteral("TLS error: the TLS session with %1 failed: %2").arg(where, why)
                : QStringLiteral("TLS error: the TLS handshake with %1 failed: %2").arg(where, why),
            !m_sslErrors.isEmpty()};
    }
    case QAbstractSocket::RemoteHostClosedError:
        if (m_ssl && !m_up) {
            return {RedisErrorKind::TlsError,
                    QStringLiteral("TLS error: %1 closed the connection during the TLS "
                                   "handshake (is it a TLS port? does it require a client "
                                   "certificate?)")
                        .arg(where)};
        }
        return {RedisErrorKind::Disconnected,
                QStringLiteral("disconnected: %1 closed the connection").arg(where)};
    default:
        return {RedisErrorKind::Disconnected,
                m_up ? QStringLiteral("disconnected: connection to %1 lost: %2").arg(where, detail)
                     : QStringLiteral("disconnected: cannot connect to %1: %2").arg(where, detail)};
    }
}

Transport::Failure Transport::localFailure(QLocalSocket::LocalSocketError error) const
{
    const QString detail = m_local->errorString();
    const QString where = server();
    switch (error) {
    case QLocalSocket::ServerNotFoundError:
    case QLocalSocket::ConnectionRefusedError:
    case QLocalSocket::SocketAccessError:
        return {RedisErrorKind::ConnectionRefused,
                QStringLiteral("connection refused: cannot connect to %1: %2 (is redis-server "
                               "running with this unixsocket?)")
                    .arg(where, detail)};
    case QLocalSocket::SocketTimeoutError:
        return {RedisErrorKind::Timeout,
                QStringLiteral("timeout: no answer from %1 (%2)").arg(where, detail)};
    default:
        return {RedisErrorKind::Disconnected,
                QStringLiteral("disconnected: connection to %1 lost: %2").arg(where, detail)};
    }
}

void Transport::onTcpError(QAbstractSocket::SocketError error)
{
    report(tcpFailure(error), error == QAbstractSocket::RemoteHostClosedError);
}

void Transport::onLocalError(QLocalSocket::LocalSocketError error)
{
    report(localFailure(error), error == QLocalSocket::PeerClosedError);
}

void Transport::onClosed()
{
    report({RedisErrorKind::Disconnected,
            QStringLiteral("disconnected: %1 closed the connection").arg(server())},
           true);
}

void Transport::report(const Failure &failure, bool peerClosed)
{
    if (peerClosed && m_io->bytesAvailable() > 0) {
        emit bytesArrived();
        if (m_discarded)
            return;
    }
    failSoon(failure.kind, failure.message, failure.permanent);
}

// Socket signals report failures from inside the socket's own code (QLocalSocket even from
// inside connectToServer); reporting them one event later keeps start() and the socket free of
// reentrant callbacks. The first report wins: the connection discards the transport on it, so
// the rest (errorOccurred and then disconnected) are never heard.
void Transport::failSoon(RedisErrorKind kind, const QString &message, bool permanent)
{
    QMetaObject::invokeMethod(
        this,
        [this, kind, message, permanent] {
            if (!m_discarded)
                emit failed(kind, message, permanent);
        },
        Qt::QueuedConnection);
}

} // namespace lockscope::qtredis

namespace lockscope {

bool ConnectionOptions::checkTlsFiles(QString *error) const
{
    if (!tls)
        return true;
    QSslConfiguration ignored;
    return qtredis::tlsConfiguration(*this, &ignored, error);
}

} // namespace lockscope
