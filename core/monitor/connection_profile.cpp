#include "connection_profile.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace lockscope {

namespace {

// "host:port, host:port" (or redis:// addresses) into connection options.
bool parseSentinels(const QString &text, QList<ConnectionOptions> *out, QString *error)
{
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        QString address = part.trimmed();
        if (address.isEmpty())
            continue;
        if (!address.contains(QLatin1Char(':')))
            address += QStringLiteral(":26379"); // Sentinel's port, not Redis's
        ConnectionOptions o;
        if (!ConnectionOptions::fromUrl(address, &o, error))
            return false;
        out->append(o);
    }
    if (out->isEmpty()) {
        *error = QCoreApplication::translate(
            "ConnectionProfile", "name at least one sentinel (host:port, separated by commas)");
        return false;
    }
    return true;
}

// A file the connection will read: it must exist and be readable.
bool checkFile(const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = QCoreApplication::translate("ConnectionProfile", "%1 does not exist").arg(path);
        return false;
    }
    if (!info.isFile() || !info.isReadable()) {
        *error = QCoreApplication::translate("ConnectionProfile", "%1 cannot be read").arg(path);
        return false;
    }
    return true;
}

// A folder of CA certificates: it must exist and be readable.
bool checkDir(const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = QCoreApplication::translate("ConnectionProfile", "%1 does not exist").arg(path);
        return false;
    }
    if (!info.isDir() || !info.isReadable()) {
        *error = QCoreApplication::translate("ConnectionProfile", "%1 is not a readable folder")
                     .arg(path);
        return false;
    }
    return true;
}

} // namespace

QString ConnectionProfile::fieldLabel(Field field)
{
    switch (field) {
    case Field::Name:
        return QCoreApplication::translate("ConnectionProfile", "Name");
    case Field::Host:
        return QCoreApplication::translate("ConnectionProfile", "Host");
    case Field::Port:
        return QCoreApplication::translate("ConnectionProfile", "Port");
    case Field::Database:
        return QCoreApplication::translate("ConnectionProfile", "Database");
    case Field::UnixSocket:
        return QCoreApplication::translate("ConnectionProfile", "Unix socket");
    case Field::CaFile:
        return QCoreApplication::translate("ConnectionProfile", "CA file");
    case Field::CaDir:
        return QCoreApplication::translate("ConnectionProfile", "CA folder");
    case Field::CertFile:
        return QCoreApplication::translate("ConnectionProfile", "Client certificate");
    case Field::KeyFile:
        return QCoreApplication::translate("ConnectionProfile", "Client key");
    case Field::ServerName:
        return QCoreApplication::translate("ConnectionProfile", "Server name (SNI)");
    case Field::Sentinels:
        return QCoreApplication::translate("ConnectionProfile", "Sentinels");
    case Field::MasterName:
        return QCoreApplication::translate("ConnectionProfile", "Master name");
    case Field::Cluster:
        return QCoreApplication::translate("ConnectionProfile", "Cluster");
    case Field::Pattern:
        return QCoreApplication::translate("ConnectionProfile", "Pattern");
    case Field::Thresholds:
        return QCoreApplication::translate("ConnectionProfile", "Thresholds");
    case Field::RedlockNodes:
        return QCoreApplication::translate("ConnectionProfile", "Redlock nodes");
    case Field::None:
        break;
    }
    return {};
}

QString ConnectionProfile::serverText() const
{
    QString where;
    if (sentinel)
        where = QCoreApplication::translate("ConnectionProfile", "master %1 via %2")
                    .arg(masterName, sentinels.simplified());
    else if (!unixSocket.isEmpty())
        where = QStringLiteral("unix://") + unixSocket;
    else
        where = QStringLiteral("%1:%2").arg(host).arg(port);
    if (db != 0 && !cluster)
        where += QStringLiteral("/%1").arg(db);
    if (tls && unixSocket.isEmpty())
        where = QStringLiteral("rediss://") + where;
    if (cluster)
        where = QCoreApplication::translate("ConnectionProfile", "cluster via %1").arg(where);
    else if (!sentinel && !redlockNodes.trimmed().isEmpty())
        where = QCoreApplication::translate("ConnectionProfile", "Redlock: %1, %2")
                    .arg(where, redlockNodes.simplified());
    return where;
}

bool ConnectionProfile::validate(QString *error, Field *field) const
{
    MonitorOptions ignored;
    return toMonitorOptions(&ignored, error, field);
}

bool ConnectionProfile::toMonitorOptions(MonitorOptions *out, QString *error, Field *field) const
{
    QString why;
    auto fail = [&](Field f, const QString &text) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(fieldLabel(f), text);
        if (field)
            *field = f;
        return false;
    };
    if (field)
        *field = Field::None;

    MonitorOptions o;
    if (name.trimmed().isEmpty())
        return fail(Field::Name,
                    QCoreApplication::translate("ConnectionProfile", "give the profile a name"));
    if (sentinel && cluster)
        return fail(Field::Cluster,
                    QCoreApplication::translate("ConnectionProfile",
                                                "a profile uses Sentinel or Cluster, not both"));
    if (!unixSocket.isEmpty() && (sentinel || cluster))
        return fail(Field::UnixSocket,
                    QCoreApplication::translate("ConnectionProfile",
                                                "a Unix socket cannot be combined with %1")
                        .arg(sentinel
                                 ? QCoreApplication::translate("ConnectionProfile", "Sentinel")
                                 : QCoreApplication::translate("ConnectionProfile", "Cluster")));
    if (unixSocket.isEmpty()) {
        if (!sentinel && host.trimmed().isEmpty())
            return fail(Field::Host,
                        QCoreApplication::translate("ConnectionProfile",
                                                    "empty: give the server's name or address"));
        if (!sentinel && (port < 1 || port > 65535))
            return fail(Field::Port, QCoreApplication::translate("ConnectionProfile",
                                                                 "%1 is not a port (1-65535)")
                                         .arg(port));
    } else if (!unixSocket.startsWith(QLatin1Char('/'))) {
        return fail(Field::UnixSocket,
                    QCoreApplication::translate("ConnectionProfile",
                                                "the path must be absolute, got \"%1\"")
                        .arg(unixSocket));
    }
    if (db < 0 || db > 1000000)
        return fail(Field::Database,
                    QCoreApplication::translate("ConnectionProfile", "%1 is not a database number")
                        .arg(db));
    if (cluster && db != 0)
        return fail(Field::Database, QCoreApplication::translate("ConnectionProfile",
                                                                 "a cluster has only database 0"));
    if (tls) {
        if (!caFile.isEmpty() && !checkFile(caFile, &why))
            return fail(Field::CaFile, why);
        if (!caDir.isEmpty() && !checkDir(caDir, &why))
            return fail(Field::CaDir, why);
        if (!certFile.isEmpty() && !checkFile(certFile, &why))
            return fail(Field::CertFile, why);
        if (!keyFile.isEmpty() && !checkFile(keyFile, &why))
            return fail(Field::KeyFile, why);
        if (certFile.isEmpty() != keyFile.isEmpty())
            return fail(certFile.isEmpty() ? Field::CertFile : Field::KeyFile,
                        QCoreApplication::translate(
                            "ConnectionProfile",
                            "a client certificate needs its key, and a key its certificate"));
        if (serverName.trimmed().contains(QLatin1Char(' ')))
            return fail(Field::ServerName,
                        QCoreApplication::translate("ConnectionProfile",
                                                    "a host name has no spaces, got \"%1\"")
                            .arg(serverName.trimmed()));
    }
    if (sentinel) {
        if (!parseSentinels(sentinels, &o.sentinels, &why))
            return fail(Field::Sentinels, why);
        if (masterName.trimmed().isEmpty())
            return fail(Field::MasterName,
                        QCoreApplication::translate(
                            "ConnectionProfile", "give the name the sentinels know the master by"));
        o.masterName = masterName.trimmed();
    }
    o.cluster = cluster;
    QList<ConnectionOptions> others;
    if (!redlockNodes.trimmed().isEmpty()) {
        if (sentinel || cluster || !unixSocket.isEmpty())
            return fail(
                Field::RedlockNodes,
                QCoreApplication::translate(
                    "ConnectionProfile",
                    "Redlock nodes are independent servers at host:port, not %1")
                    .arg(sentinel ? QCoreApplication::translate("ConnectionProfile", "Sentinel")
                         : cluster
                             ? QCoreApplication::translate("ConnectionProfile", "Cluster")
                             : QCoreApplication::translate("ConnectionProfile", "a Unix socket")));
        for (const QString &part : redlockNodes.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (part.trimmed().isEmpty())
                continue;
            ConnectionOptions node;
            if (!ConnectionOptions::fromUrl(part.trimmed(), &node, &why))
                return fail(Field::RedlockNodes, why);
            others.append(node);
        }
    }
    if (pattern.isEmpty())
        return fail(Field::Pattern,
                    QCoreApplication::translate("ConnectionProfile",
                                                "empty: give a SCAN pattern such as *lock*"));
    if (thresholds.maxTtlMs <= 0 || thresholds.maxHeldMs <= 0 ||
        thresholds.maxOwnerChangesPerMinute <= 0 || thresholds.queueStuckMs <= 0 ||
        thresholds.maxLocksPerOwner <= 0)
        return fail(
            Field::Thresholds,
            QCoreApplication::translate("ConnectionProfile", "every threshold must be above zero"));

    ConnectionOptions &c = o.connection;
    c.host = host.trimmed();
    c.port = quint16(port);
    c.unixSocket = unixSocket;
    c.db = db;
    c.username = username;
    c.password = password;
    c.tls = tls && unixSocket.isEmpty();
    c.caFile = caFile;
    c.caDir = caDir;
    c.certFile = certFile;
    c.keyFile = keyFile;
    c.serverName = serverName.trimmed();
    c.verifyPeer = !insecure;
    c.readOnly = !allowWrites;
    for (ConnectionOptions &s : o.sentinels) {
        // Sentinels often share the data servers' TLS setup; their passwords (and their names)
        // are their own.
        s.tls = c.tls;
        s.caFile = caFile;
        s.caDir = caDir;
        s.certFile = certFile;
        s.keyFile = keyFile;
        s.verifyPeer = c.verifyPeer;
        s.readOnly = true;
    }
    if (!others.isEmpty()) {
        // Every node as the first, at its own address.
        o.nodes.append(c);
        for (const ConnectionOptions &other : std::as_const(others)) {
            ConnectionOptions node = c;
            node.host = other.host;
            node.port = other.port;
            o.nodes.append(node);
        }
    }
    o.pattern = pattern.toUtf8();
    o.thresholds = thresholds;
    *out = o;
    return true;
}

bool ConnectionProfile::fromUrl(const QString &url, ConnectionProfile *out, QString *error)
{
    ConnectionOptions o;
    if (!ConnectionOptions::fromUrl(url, &o, error))
        return false;
    ConnectionProfile p;
    p.name = o.displayName();
    p.host = o.host;
    p.port = o.port;
    p.unixSocket = o.unixSocket;
    p.db = o.db;
    p.username = o.username;
    p.password = o.password;
    p.hasPassword = !o.password.isEmpty();
    p.tls = o.tls;
    *out = p;
    return true;
}

namespace {
const auto kArray = QStringLiteral("monitor/profiles");
} // namespace

QList<ConnectionProfile> loadProfiles(QSettings &settings)
{
    QList<ConnectionProfile> out;
    const int size = settings.beginReadArray(kArray);
    // Only the entries the file really has: a hand-edited "size=30000000" made the window look
    // up thirty million empty profiles before it opened (found by tests/fuzz).
    QList<int> present;
    for (const QString &group : settings.childGroups()) {
        bool ok = false;
        const int number = group.toInt(&ok); // entries are numbered from 1
        if (ok && number >= 1 && number <= size)
            present.append(number - 1);
    }
    std::sort(present.begin(), present.end());
    present.erase(std::unique(present.begin(), present.end()), present.end());
    for (const int i : present) {
        settings.setArrayIndex(i);
        ConnectionProfile p;
        auto text = [&](const char *key, const QString &fallback) {
            return settings.value(QLatin1String(key), fallback).toString();
        };
        auto number = [&](const char *key, qint64 fallback) {
            return settings.value(QLatin1String(key), fallback).toLongLong();
        };
        auto flag = [&](const char *key) { return settings.value(QLatin1String(key)).toBool(); };
        p.name = text("name", {});
        p.host = text("host", p.host);
        p.port = int(number("port", p.port));
        p.db = int(number("db", p.db));
        p.username = text("username", {});
        p.hasPassword = flag("hasPassword");
        p.tls = flag("tls");
        p.caFile = text("caFile", {});
        p.caDir = text("caDir", {});
        p.certFile = text("certFile", {});
        p.keyFile = text("keyFile", {});
        p.serverName = text("serverName", {});
        p.insecure = flag("insecure");
        p.unixSocket = text("unixSocket", {});
        p.sentinel = flag("sentinel");
        p.sentinels = text("sentinels", {});
        p.masterName = text("masterName", {});
        p.cluster = flag("cluster");
        p.redlockNodes = text("redlockNodes", {});
        p.pattern = text("pattern", p.pattern);
        p.allowWrites = flag("allowWrites");
        AnomalyThresholds &t = p.thresholds;
        t.maxTtlMs = number("maxTtlMs", t.maxTtlMs);
        t.maxHeldMs = number("maxHeldMs", t.maxHeldMs);
        t.maxOwnerChangesPerMinute =
            int(number("maxOwnerChangesPerMinute", t.maxOwnerChangesPerMinute));
        t.queueStuckMs = number("queueStuckMs", t.queueStuckMs);
        t.maxLocksPerOwner = int(number("maxLocksPerOwner", t.maxLocksPerOwner));
        if (!p.name.isEmpty())
            out.append(p);
    }
    settings.endArray();
    return out;
}

void saveProfiles(QSettings &settings, const QList<ConnectionProfile> &profiles)
{
    settings.remove(kArray);
    settings.beginWriteArray(kArray, int(profiles.size()));
    for (int i = 0; i < profiles.size(); ++i) {
        const ConnectionProfile &p = profiles[i];
        settings.setArrayIndex(i);
        auto set = [&](const char *key, const QVariant &value) {
            settings.setValue(QLatin1String(key), value);
        };
        // Every field but the password: that one lives in the keychain, or nowhere.
        set("name", p.name);
        set("host", p.host);
        set("port", p.port);
        set("db", p.db);
        set("username", p.username);
        set("hasPassword", p.hasPassword);
        set("tls", p.tls);
        set("caFile", p.caFile);
        set("caDir", p.caDir);
        set("certFile", p.certFile);
        set("keyFile", p.keyFile);
        set("serverName", p.serverName);
        set("insecure", p.insecure);
        set("unixSocket", p.unixSocket);
        set("sentinel", p.sentinel);
        set("sentinels", p.sentinels);
        set("masterName", p.masterName);
        set("cluster", p.cluster);
        set("redlockNodes", p.redlockNodes);
        set("pattern", p.pattern);
        set("allowWrites", p.allowWrites);
        set("maxTtlMs", p.thresholds.maxTtlMs);
        set("maxHeldMs", p.thresholds.maxHeldMs);
        set("maxOwnerChangesPerMinute", p.thresholds.maxOwnerChangesPerMinute);
        set("queueStuckMs", p.thresholds.queueStuckMs);
        set("maxLocksPerOwner", p.thresholds.maxLocksPerOwner);
    }
    settings.endArray();
}

} // namespace lockscope
