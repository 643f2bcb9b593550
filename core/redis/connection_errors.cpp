// Turning a failed reply into a RedisErrorKind, and into a sentence for a person. Server errors
// are recognised by their error code (the first word, as Redis defines them); the client's own
// failures (NoReply) by the NoReplyKind that whoever gave up on the answer put into the reply
// (Connection, the simulated and live clients). Their texts are only ever read by people.
#include "connection.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <vector>

namespace lockscope {

namespace {

// The server's message without its error code: "NOPERM this user ..." -> "this user ...".
QString serverMessage(const Reply &reply)
{
    const QByteArray &text = reply.text();
    const qsizetype space = text.indexOf(' ');
    return QString::fromUtf8(space < 0 ? text : text.sliced(space + 1)).trimmed();
}

// Connection's own failure texts (connection.cpp and its parts: connection_transport.cpp,
// connection_requests.cpp, connection_reconnect.cpp). They stay English in replies, event logs and
// recordings (a NoReplyKind beside them says what kind of failure they are);
// localizedNoReplyText() says them in the user's language where a person reads them. The most
// specific come first.
const char *const kNoReplyTexts[] = {
    QT_TRANSLATE_NOOP("Connection", "%1 (giving up after %2 reconnect attempts)"),
    QT_TRANSLATE_NOOP("Connection", "timeout: cannot connect to %1 within %2 ms"),
    QT_TRANSLATE_NOOP("Connection", "timeout: no answer from %1 (%2)"),
    QT_TRANSLATE_NOOP("Connection", "timeout after %1 ms (never sent: %2)"),
    QT_TRANSLATE_NOOP("Connection", "timeout after %1 ms"),
    QT_TRANSLATE_NOOP("Connection", "not connected to %1"),
    QT_TRANSLATE_NOOP("Connection", "connection refused: cannot connect to %1 (is redis-server "
                                    "running and listening there?)"),
    QT_TRANSLATE_NOOP("Connection", "connection refused: cannot connect to %1: %2 (is "
                                    "redis-server running with this unixsocket?)"),
    QT_TRANSLATE_NOOP("Connection", "host not found: cannot connect to %1: %2"),
    QT_TRANSLATE_NOOP("Connection", "disconnected: %1 closed the connection"),
    QT_TRANSLATE_NOOP("Connection", "disconnected: connection to %1 lost: %2"),
    QT_TRANSLATE_NOOP("Connection", "disconnected: cannot connect to %1: %2"),
    QT_TRANSLATE_NOOP("Connection", "protocol error: %1 sent data that is not RESP (%2)"),
    QT_TRANSLATE_NOOP("Connection", "protocol error: cannot parse the reply from %1 (%2)"),
    QT_TRANSLATE_NOOP("Connection", "protocol error: %1 sent a reply nobody asked for (%2)"),
    QT_TRANSLATE_NOOP("Connection", "protocol error: empty command, not sent"),
    QT_TRANSLATE_NOOP("Connection", "%1 is a write command and this connection is read-only"),
    QT_TRANSLATE_NOOP("Connection", "TLS error: cannot connect to %1: this Qt has no working TLS "
                                    "backend (OpenSSL)"),
    QT_TRANSLATE_NOOP("Connection", "TLS error: cannot connect to %1: %2"),
    QT_TRANSLATE_NOOP("Connection", "TLS error: the TLS session with %1 failed: %2"),
    QT_TRANSLATE_NOOP("Connection", "TLS error: the TLS handshake with %1 failed: %2"),
    QT_TRANSLATE_NOOP("Connection", "TLS error: %1 closed the connection during the TLS "
                                    "handshake (is it a TLS port? does it require a client "
                                    "certificate?)"),
    QT_TRANSLATE_NOOP("Connection", "cannot read a CA certificate (PEM) from '%1'"),
    QT_TRANSLATE_NOOP("Connection", "cannot read a client certificate (PEM) from '%1'"),
    QT_TRANSLATE_NOOP("Connection", "cannot read the private key '%1' (an unencrypted PEM RSA, "
                                    "EC or DSA key is needed)"),
    QT_TRANSLATE_NOOP("Connection", "cannot read the private key '%1': %2"),
    QT_TRANSLATE_NOOP("Connection", "a private key (%1) without a client certificate"),
};

} // namespace

QString localizedNoReplyText(const QString &english)
{
    struct Pattern {
        QRegularExpression re;
        const char *source;
    };
    static const std::vector<Pattern> patterns = [] {
        std::vector<Pattern> out;
        for (const char *source : kNoReplyTexts) {
            QString re = QRegularExpression::escape(QString::fromUtf8(source));
            for (int i = 1; i <= 2; ++i)
                re.replace(QStringLiteral("\\%%1").arg(i), QStringLiteral("(.*?)"));
            out.push_back({QRegularExpression(QStringLiteral("^") + re + QStringLiteral("$"),
                                              QRegularExpression::DotMatchesEverythingOption),
                           source});
        }
        return out;
    }();
    if (QCoreApplication::translate("Connection", kNoReplyTexts[0]) ==
        QLatin1String(kNoReplyTexts[0]))
        return english; // English, or no translation loaded: nothing to do
    for (const Pattern &p : patterns) {
        const QRegularExpressionMatch m = p.re.match(english);
        if (!m.hasMatch())
            continue;
        // A part may be a text of its own ("... (never sent: not connected to ...)").
        const QString translated = QCoreApplication::translate("Connection", p.source);
        switch (m.lastCapturedIndex()) {
        case 0:
            return translated;
        case 1:
            return translated.arg(localizedNoReplyText(m.captured(1)));
        default:
            return translated.arg(localizedNoReplyText(m.captured(1)),
                                  localizedNoReplyText(m.captured(2)));
        }
    }
    return english;
}

QString errorKindId(RedisErrorKind kind)
{
    switch (kind) {
    case RedisErrorKind::None:
        return QStringLiteral("none");
    case RedisErrorKind::ServerError:
        return QStringLiteral("server_error");
    case RedisErrorKind::WrongType:
        return QStringLiteral("wrongtype");
    case RedisErrorKind::NoScript:
        return QStringLiteral("noscript");
    case RedisErrorKind::NoAuth:
        return QStringLiteral("noauth");
    case RedisErrorKind::WrongPass:
        return QStringLiteral("wrongpass");
    case RedisErrorKind::NoPerm:
        return QStringLiteral("noperm");
    case RedisErrorKind::ReadOnlyReplica:
        return QStringLiteral("readonly_replica");
    case RedisErrorKind::Loading:
        return QStringLiteral("loading");
    case RedisErrorKind::Moved:
        return QStringLiteral("moved");
    case RedisErrorKind::Busy:
        return QStringLiteral("busy");
    case RedisErrorKind::ConnectionRefused:
        return QStringLiteral("connection_refused");
    case RedisErrorKind::HostNotFound:
        return QStringLiteral("host_not_found");
    case RedisErrorKind::Timeout:
        return QStringLiteral("timeout");
    case RedisErrorKind::Disconnected:
        return QStringLiteral("disconnected");
    case RedisErrorKind::RefusedReadOnly:
        return QStringLiteral("refused_read_only");
    case RedisErrorKind::TlsError:
        return QStringLiteral("tls_error");
    case RedisErrorKind::ProtocolError:
        return QStringLiteral("protocol_error");
    }
    return QStringLiteral("unknown");
}

RedisErrorKind Connection::classify(const Reply &reply)
{
    if (reply.isError()) {
        const QByteArray code = reply.errorCode();
        const QByteArray &text = reply.text();
        if (code == "NOAUTH")
            return RedisErrorKind::NoAuth;
        // Redis 6+ answers WRONGPASS to both AUTH forms; Redis 5 said "ERR invalid password";
        // "AUTH <password> called without any password configured" is a password the server
        // does not want, which a person fixes in the same place. These are the server's words
        // (plain ERR, no code of their own), so only their text can tell.
        if (code == "WRONGPASS" || text.startsWith("ERR invalid password") ||
            text.startsWith("ERR invalid username-password pair") ||
            text.contains("called without any password configured"))
            return RedisErrorKind::WrongPass;
        if (code == "NOPERM")
            return RedisErrorKind::NoPerm;
        if (code == "READONLY")
            return RedisErrorKind::ReadOnlyReplica;
        if (code == "LOADING")
            return RedisErrorKind::Loading;
        if (code == "MOVED" || code == "ASK")
            return RedisErrorKind::Moved;
        if (code == "BUSY") // not BUSYKEY or BUSYGROUP: those are ordinary command errors
            return RedisErrorKind::Busy;
        if (code == "WRONGTYPE")
            return RedisErrorKind::WrongType;
        if (code == "NOSCRIPT")
            return RedisErrorKind::NoScript;
        return RedisErrorKind::ServerError;
    }
    if (!reply.isNoReply())
        return RedisErrorKind::None;
    switch (reply.noReplyKind()) {
    case NoReplyKind::Disconnected:
        return RedisErrorKind::Disconnected;
    case NoReplyKind::Timeout:
        return RedisErrorKind::Timeout;
    case NoReplyKind::ConnectionRefused:
        return RedisErrorKind::ConnectionRefused;
    case NoReplyKind::HostNotFound:
        return RedisErrorKind::HostNotFound;
    case NoReplyKind::RefusedReadOnly:
        return RedisErrorKind::RefusedReadOnly;
    case NoReplyKind::TlsError:
        return RedisErrorKind::TlsError;
    case NoReplyKind::ProtocolError:
        return RedisErrorKind::ProtocolError;
    }
    return RedisErrorKind::Disconnected;
}

QString Connection::describe(const Reply &reply) const
{
    const QString server = m_options.displayName();
    const QString user =
        m_options.username.isEmpty() ? QStringLiteral("default") : m_options.username;
    const QString text = QString::fromUtf8(reply.text());
    // Our own NoReply texts already name the server; the simulator's may not.
    const auto withServer = [&server](const QString &s) {
        return s.contains(server) ? s : s + QStringLiteral(" (") + server + u')';
    };

    switch (classify(reply)) {
    case RedisErrorKind::None:
        return QString::fromUtf8(reply.toDisplay());
    case RedisErrorKind::ServerError:
        return QCoreApplication::translate("Connection", "%1 answered with an error: %2")
            .arg(server, text);
    case RedisErrorKind::WrongType:
        return QCoreApplication::translate(
                   "Connection", "a key on %1 holds the wrong kind of value for this command (%2)")
            .arg(server, serverMessage(reply));
    case RedisErrorKind::NoScript:
        return QCoreApplication::translate("Connection",
                                           "the script is not in the script cache of %1 (NOSCRIPT)")
            .arg(server);
    case RedisErrorKind::NoAuth:
        return m_options.password.isEmpty()
                   ? QCoreApplication::translate(
                         "Connection", "%1 requires a password and none was given (NOAUTH)")
                         .arg(server)
                   : QCoreApplication::translate(
                         "Connection", "%1 requires authentication and this connection is not "
                                       "authenticated (NOAUTH)")
                         .arg(server);
    case RedisErrorKind::WrongPass:
        if (text.contains(QStringLiteral("called without any password configured"))) {
            return QCoreApplication::translate(
                       "Connection", "a password was given but %1 has no password set for user "
                                     "'default'")
                .arg(server);
        }
        return QCoreApplication::translate(
                   "Connection", "wrong password for user '%1' on %2 (or the user is disabled)")
            .arg(user, server);
    case RedisErrorKind::NoPerm:
        return QCoreApplication::translate("Connection",
                                           "user '%1' is not allowed to do this on %2: %3")
            .arg(user, server, serverMessage(reply));
    case RedisErrorKind::ReadOnlyReplica:
        return QCoreApplication::translate(
                   "Connection", "%1 is a read-only replica: writes must go to its master "
                                 "(READONLY)")
            .arg(server);
    case RedisErrorKind::Loading:
        return QCoreApplication::translate(
                   "Connection", "%1 is still loading its dataset into memory; try again in a "
                                 "moment (LOADING)")
            .arg(server);
    case RedisErrorKind::Moved:
        return QCoreApplication::translate(
                   "Connection", "%1 is a Redis Cluster node and redirected the request (%2); "
                                 "LockScope does not follow cluster redirects, so connect to the "
                                 "node that owns the key")
            .arg(server, text);
    case RedisErrorKind::Busy:
        return QCoreApplication::translate(
                   "Connection", "%1 is busy running a script or function (BUSY); it answers "
                                 "again when the script ends or after SCRIPT KILL")
            .arg(server);
    case RedisErrorKind::Timeout:
        return QCoreApplication::translate("Connection", "no answer from %1 in time: %2")
            .arg(server, localizedNoReplyText(text));
    case RedisErrorKind::RefusedReadOnly:
        return QCoreApplication::translate("Connection", "not sent to %1: %2")
            .arg(server, localizedNoReplyText(
                             text.startsWith(QStringLiteral("refused: ")) ? text.sliced(9) : text));
    case RedisErrorKind::ConnectionRefused:
    case RedisErrorKind::HostNotFound:
    case RedisErrorKind::Disconnected:
    case RedisErrorKind::TlsError:
    case RedisErrorKind::ProtocolError:
        return withServer(localizedNoReplyText(text));
    }
    return withServer(localizedNoReplyText(text));
}

} // namespace lockscope
