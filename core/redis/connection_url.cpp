// ConnectionOptions::fromUrl and displayName. Parsed by hand rather than with QUrl: QUrl accepts
// a lot that Redis clients do not (and reports "invalid port" without saying which part was
// wrong), and a person typing an address wants to be told exactly what to fix.
#include "connection.h"

namespace lockscope {

namespace {

// The address as error messages quote it: the password, if any, replaced by "***".
QString redacted(const QString &url)
{
    const qsizetype schemeEnd = url.indexOf(u"://");
    if (schemeEnd < 0)
        return url;
    const qsizetype start = schemeEnd + 3;
    qsizetype end = url.indexOf(u'/', start);
    if (end < 0)
        end = url.size();
    const qsizetype at = url.lastIndexOf(u'@', end - 1);
    if (at < start)
        return url;
    const qsizetype colon = url.indexOf(u':', start);
    if (colon < 0 || colon > at)
        return url;
    return url.first(colon + 1) + QStringLiteral("***") + url.sliced(at);
}

QString percentDecoded(QStringView s)
{
    return QString::fromUtf8(QByteArray::fromPercentEncoding(s.toUtf8()));
}

// "6380" -> 6380; anything but 1..65535 is an error.
bool parsePort(QStringView text, quint16 *port, const QString &url, QString *error)
{
    bool ok = false;
    const uint value = text.toUInt(&ok);
    // toUInt accepts a leading '+' and spaces; a port is digits only.
    bool digitsOnly = !text.isEmpty();
    for (QChar c : text)
        digitsOnly = digitsOnly && c.isDigit() && c.unicode() < 128;
    if (!ok || !digitsOnly || value == 0 || value > 65535) {
        *error = QStringLiteral("bad port '%1' in '%2': a port is a number from 1 to 65535")
                     .arg(text, url);
        return false;
    }
    *port = static_cast<quint16>(value);
    return true;
}

bool parseDb(QStringView text, int *db, const QString &url, QString *error)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    bool digitsOnly = !text.isEmpty();
    for (QChar c : text)
        digitsOnly = digitsOnly && c.isDigit() && c.unicode() < 128;
    if (!ok || !digitsOnly || value < 0) {
        *error = QStringLiteral("bad database '%1' in '%2': a database is a number, 0 or greater")
                     .arg(text, url);
        return false;
    }
    *db = value;
    return true;
}

// "host", "host:port", "[v6]", "[v6]:port". Outside a URL, an unbracketed address with several
// colons is an IPv6 address without a port (what a person pasting "::1" means); inside one it
// is ambiguous ("::1:6379"), so brackets are required there, as in every URL.
bool parseHostPort(QStringView text, ConnectionOptions *o, const QString &url, bool inUrl,
                   QString *error)
{
    // "a:7621,b:7622" (Redlock's nodes, pasted whole) has several colons: without this it
    // would be looked up as one IPv6 host name ("host not found: [a:7621,b:7622]:6379").
    if (text.contains(u',')) {
        *error = QStringLiteral("'%1' lists several servers (separated by commas); one server is "
                                "expected here")
                     .arg(url);
        return false;
    }
    if (text.startsWith(u'[')) {
        const qsizetype close = text.indexOf(u']');
        if (close < 0) {
            *error = QStringLiteral("missing ']' after the IPv6 address in '%1'").arg(url);
            return false;
        }
        o->host = text.sliced(1, close - 1).toString();
        const QStringView rest = text.sliced(close + 1);
        if (!rest.isEmpty()) {
            if (!rest.startsWith(u':')) {
                *error =
                    QStringLiteral("unexpected '%1' after the IPv6 address in '%2'").arg(rest, url);
                return false;
            }
            if (!parsePort(rest.sliced(1), &o->port, url, error))
                return false;
        }
    } else if (text.count(u':') > 1) {
        if (inUrl) {
            *error = QStringLiteral("an IPv6 address in a URL needs brackets, as in "
                                    "redis://[::1]:6379 (in '%1')")
                         .arg(url);
            return false;
        }
        o->host = text.toString();
    } else {
        const qsizetype colon = text.indexOf(u':');
        o->host = (colon < 0 ? text : text.first(colon)).toString();
        if (colon >= 0 && !parsePort(text.sliced(colon + 1), &o->port, url, error))
            return false;
    }
    if (o->host.isEmpty()) {
        *error = QStringLiteral("no host in '%1'").arg(url);
        return false;
    }
    return true;
}

// user[:pass] -> username, password (both percent-decoded). "redis://:pass@host" has no user:
// plain AUTH <pass>.
void parseUserInfo(QStringView info, ConnectionOptions *o)
{
    const qsizetype colon = info.indexOf(u':');
    if (colon < 0) {
        o->username = percentDecoded(info);
        return;
    }
    o->username = percentDecoded(info.first(colon));
    o->password = percentDecoded(info.sliced(colon + 1));
}

// ?db=N: the only parameter; anything else is reported rather than silently ignored.
bool parseQuery(QStringView query, ConnectionOptions *o, const QString &url, QString *error)
{
    if (query.isEmpty())
        return true;
    for (QStringView item : query.split(u'&', Qt::SkipEmptyParts)) {
        const qsizetype eq = item.indexOf(u'=');
        const QStringView key = eq < 0 ? item : item.first(eq);
        const QStringView value = eq < 0 ? QStringView() : item.sliced(eq + 1);
        if (key == u"db") {
            if (!parseDb(value, &o->db, url, error))
                return false;
        } else {
            *error = QStringLiteral("unknown parameter '%1' in '%2' (only db=N is understood)")
                         .arg(key, url);
            return false;
        }
    }
    return true;
}

} // namespace

bool ConnectionOptions::fromUrl(const QString &url, ConnectionOptions *out, QString *error)
{
    QString ignored;
    if (!error)
        error = &ignored;
    const QString text = url.trimmed();
    const QString quoted = redacted(text); // for error messages: never the password
    if (text.isEmpty()) {
        *error = QStringLiteral("empty address: expected redis://host:port, rediss://host:port, "
                                "unix:///path or host:port");
        return false;
    }

    // Start from the caller's options so timeouts, readOnly and TLS files survive; reset what
    // an address describes.
    ConnectionOptions o = *out;
    o.host = QStringLiteral("127.0.0.1");
    o.port = 6379;
    o.unixSocket.clear();
    o.db = 0;
    o.username.clear();
    o.password.clear();
    o.tls = false;

    const qsizetype schemeEnd = text.indexOf(u"://");
    if (schemeEnd < 0) {
        if (text.startsWith(u'/')) { // a bare socket path
            o.unixSocket = text;
        } else if (!parseHostPort(text, &o, quoted, false, error)) {
            return false;
        }
        *out = o;
        return true;
    }

    const QString scheme = text.first(schemeEnd).toLower();
    QStringView rest = QStringView(text).sliced(schemeEnd + 3);
    QStringView query;
    if (const qsizetype q = rest.indexOf(u'?'); q >= 0) {
        query = rest.sliced(q + 1);
        rest = rest.first(q);
    }

    if (scheme == u"unix") {
        // unix://[user[:pass]@]/path: the user info, if any, comes before the path.
        const qsizetype slash = rest.indexOf(u'/');
        const qsizetype at = rest.lastIndexOf(u'@', slash < 0 ? rest.size() - 1 : slash);
        if (at >= 0 && (slash < 0 || at < slash)) {
            parseUserInfo(rest.first(at), &o);
            rest = rest.sliced(at + 1);
        }
        if (!rest.startsWith(u'/')) {
            *error = QStringLiteral("the socket path in '%1' must be absolute: unix:///path/to/"
                                    "redis.sock")
                         .arg(quoted);
            return false;
        }
        o.unixSocket = percentDecoded(rest);
        if (!parseQuery(query, &o, quoted, error))
            return false;
        *out = o;
        return true;
    }

    if (scheme != u"redis" && scheme != u"rediss") {
        *error = QStringLiteral("unsupported scheme '%1' in '%2': use redis://, rediss:// (TLS) "
                                "or unix://")
                     .arg(scheme, quoted);
        return false;
    }
    o.tls = scheme == u"rediss";

    const qsizetype slash = rest.indexOf(u'/');
    QStringView authority = slash < 0 ? rest : rest.first(slash);
    const QStringView path = slash < 0 ? QStringView() : rest.sliced(slash + 1);
    // The last '@' ends the user info: an unencoded '@' in a password still parses.
    if (const qsizetype at = authority.lastIndexOf(u'@'); at >= 0) {
        parseUserInfo(authority.first(at), &o);
        authority = authority.sliced(at + 1);
    }
    if (!parseHostPort(authority, &o, quoted, true, error))
        return false;
    if (!path.isEmpty() && !parseDb(path, &o.db, quoted, error))
        return false;
    if (!parseQuery(query, &o, quoted, error))
        return false;
    *out = o;
    return true;
}

QString ConnectionOptions::displayName() const
{
    if (!unixSocket.isEmpty()) {
        QString name = QStringLiteral("unix://") + unixSocket;
        if (db != 0)
            name += QStringLiteral("?db=") + QString::number(db);
        return name;
    }
    const QString hostPart = host.contains(u':') ? u'[' + host + u']' : host;
    QString name = hostPart + u':' + QString::number(port);
    if (tls)
        name.prepend(QStringLiteral("rediss://"));
    if (db != 0)
        name += u'/' + QString::number(db);
    return name;
}

} // namespace lockscope
