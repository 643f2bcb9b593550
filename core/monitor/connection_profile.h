// A connection profile: a named, saved way to reach a Redis to monitor (host or Unix socket,
// TLS, Sentinel or Cluster), which keys to watch and the anomaly thresholds. The window keeps a
// list of them in QSettings; the password is never part of what is saved (the window keeps it in
// the system keychain, or asks for it each time).
#pragma once

#include "monitor_options.h"

#include <QList>
#include <QString>

class QSettings;

namespace lockscope {

struct ConnectionProfile {
    // Which field a validation message is about (the window focuses it).
    enum class Field : quint8 {
        None,
        Name,
        Host,
        Port,
        Database,
        UnixSocket,
        CaFile,
        CaDir,
        CertFile,
        KeyFile,
        ServerName,
        Sentinels,
        MasterName,
        Cluster,
        Pattern,
        Thresholds,
        RedlockNodes,
    };

    QString name;
    QString host = QStringLiteral("127.0.0.1");
    int port = 6379;
    int db = 0;
    QString username;
    // Never saved by saveProfiles(); filled from the keychain or a prompt before connecting.
    QString password;
    bool hasPassword = false; // the server needs one: look it up or ask before connecting

    bool tls = false;
    QString caFile; // empty (and no caDir): the system's CA store
    QString caDir;  // every PEM certificate in this folder is a trusted CA
    QString certFile;
    QString keyFile;
    QString serverName;    // SNI and the name checked in the certificate; empty: the host
    bool insecure = false; // do not verify the server's certificate (never the default)

    QString unixSocket; // when set, host and port are not used

    bool sentinel = false;
    QString sentinels; // "10.0.0.7:26379, 10.0.0.8:26379"
    QString masterName;

    bool cluster = false; // the address is a seed node; every master is scanned

    // A Redlock deployment: the other independent nodes ("10.0.0.32:6379, 10.0.0.33:6379"),
    // host:port above being the first. Each is reached with this profile's user, password,
    // TLS and database; the monitor watches them as one (MonitorOptions::nodes).
    QString redlockNodes;

    QString pattern = QStringLiteral("*lock*");
    AnomalyThresholds thresholds;

    // Off by default: the connection refuses every write command (force-release, CONFIG SET).
    bool allowWrites = false;

    // "prod-cache (10.0.0.5:6379)", "(unix:///run/redis.sock)", ...
    QString serverText() const;

    // Checks every field; false with one message naming the first field that is wrong
    // ("Port: 70000 is not a port (1-65535)") and *field set to it.
    bool validate(QString *error, Field *field = nullptr) const;

    // The monitor's options: validate() first (false with its message), then the connection
    // (read-only unless allowWrites), Sentinel or Cluster, the pattern and the thresholds.
    bool toMonitorOptions(MonitorOptions *out, QString *error, Field *field = nullptr) const;

    // A profile from a redis://, rediss:// or unix:// address (or host:port); false with *error.
    static bool fromUrl(const QString &url, ConnectionProfile *out, QString *error);

    // The label of a field, as validate() names it ("Port").
    static QString fieldLabel(Field field);
};

// The profiles saved under "monitor/profiles" (an array) of `settings`, without passwords.
QList<ConnectionProfile> loadProfiles(QSettings &settings);
void saveProfiles(QSettings &settings, const QList<ConnectionProfile> &profiles);

} // namespace lockscope
