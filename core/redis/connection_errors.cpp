// Turning a failed reply into a RedisErrorKind, and into a sentence for a person. Server errors
// are recognised by their error code (the first word, as Redis defines them); the client's own
// failures (NoReply) by the prefix Connection gives its messages ("timeout after ...",
// "connection refused: ...", "refused: ...", ...), which is also what the simulator's NoReply
// texts start with.
#include "connection.h"

namespace lockscope {

namespace {

bool startsWith(const QByteArray &text, const char *prefix)
{
    return text.startsWith(prefix);
}

bool startsWithNoCase(const QByteArray &text, QByteArrayView prefix)
{
    return text.size() >= prefix.size() &&
           QByteArrayView(text).first(prefix.size()).compare(prefix, Qt::CaseInsensitive) == 0;
}

// The server's message without its error code: "NOPERM this user ..." -> "this user ...".
QString serverMessage(const Reply &reply)
{
    const QByteArray &text = reply.text();
    const qsizetype space = text.indexOf(' ');
    return QString::fromUtf8(space < 0 ? text : text.sliced(space + 1)).trimmed();
}

} // namespace

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
        // does not want, which a person fixes in the same place.
        if (code == "WRONGPASS" || startsWith(text, "ERR invalid password") ||
            startsWith(text, "ERR invalid username-password pair") ||
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
    const QByteArray &text = reply.text();
    if (startsWithNoCase(text, "timeout") || startsWithNoCase(text, "timed out"))
        return RedisErrorKind::Timeout;
    if (startsWithNoCase(text, "connection refused"))
        return RedisErrorKind::ConnectionRefused;
    if (startsWithNoCase(text, "host not found"))
        return RedisErrorKind::HostNotFound;
    if (startsWithNoCase(text, "refused:"))
        return RedisErrorKind::RefusedReadOnly;
    if (startsWithNoCase(text, "tls"))
        return RedisErrorKind::TlsError;
    if (startsWithNoCase(text, "protocol error"))
        return RedisErrorKind::ProtocolError;
    // "disconnected: ...", "connection closed", and whatever else left the client without an
    // answer (the simulator's "node down").
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
        return QStringLiteral("%1 answered with an error: %2").arg(server, text);
    case RedisErrorKind::WrongType:
        return QStringLiteral("a key on %1 holds the wrong kind of value for this command (%2)")
            .arg(server, serverMessage(reply));
    case RedisErrorKind::NoScript:
        return QStringLiteral("the script is not in the script cache of %1 (NOSCRIPT)").arg(server);
    case RedisErrorKind::NoAuth:
        return m_options.password.isEmpty()
                   ? QStringLiteral("%1 requires a password and none was given (NOAUTH)")
                         .arg(server)
                   : QStringLiteral("%1 requires authentication and this connection is not "
                                    "authenticated (NOAUTH)")
                         .arg(server);
    case RedisErrorKind::WrongPass:
        if (text.contains(QStringLiteral("called without any password configured"))) {
            return QStringLiteral("a password was given but %1 has no password set for user "
                                  "'default'")
                .arg(server);
        }
        return QStringLiteral("wrong password for user '%1' on %2 (or the user is disabled)")
            .arg(user, server);
    case RedisErrorKind::NoPerm:
        return QStringLiteral("user '%1' is not allowed to do this on %2: %3")
            .arg(user, server, serverMessage(reply));
    case RedisErrorKind::ReadOnlyReplica:
        return QStringLiteral("%1 is a read-only replica: writes must go to its master "
                              "(READONLY)")
            .arg(server);
    case RedisErrorKind::Loading:
        return QStringLiteral("%1 is still loading its dataset into memory; try again in a "
                              "moment (LOADING)")
            .arg(server);
    case RedisErrorKind::Moved:
        return QStringLiteral("%1 is a Redis Cluster node and redirected the request (%2); "
                              "LockScope does not follow cluster redirects, so connect to the "
                              "node that owns the key")
            .arg(server, text);
    case RedisErrorKind::Busy:
        return QStringLiteral("%1 is busy running a script or function (BUSY); it answers "
                              "again when the script ends or after SCRIPT KILL")
            .arg(server);
    case RedisErrorKind::Timeout:
        return QStringLiteral("no answer from %1 in time: %2").arg(server, text);
    case RedisErrorKind::RefusedReadOnly:
        return QStringLiteral("not sent to %1: %2")
            .arg(server, text.startsWith(QStringLiteral("refused: ")) ? text.sliced(9) : text);
    case RedisErrorKind::ConnectionRefused:
    case RedisErrorKind::HostNotFound:
    case RedisErrorKind::Disconnected:
    case RedisErrorKind::TlsError:
    case RedisErrorKind::ProtocolError:
        return withServer(text);
    }
    return withServer(text);
}

} // namespace lockscope
