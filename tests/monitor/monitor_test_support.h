// Helpers shared by the monitor's integration tests: options for a test server, the server's
// own command statistics, and a redis-sentinel process in a temporary directory.
#pragma once

#include "monitor/key_monitor.h"
#include "free_port.h"
#include "redis_server.h"
#include "redis_test_client.h"
#include "sentinel_process.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace lockscope::test {

inline Command cmd(std::initializer_list<QByteArray> parts)
{
    return Command(parts);
}

inline QStringList strings(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list)
        out << QString::fromUtf8(s);
    return out;
}

inline MonitorOptions monitorOptions(const RedisServer &server, bool follow = true)
{
    MonitorOptions o;
    o.connection.host = server.host();
    o.connection.port = server.port();
    o.connection.connectTimeoutMs = 2000;
    o.connection.requestTimeoutMs = 2000;
    o.connection.reconnectMinMs = 50;
    o.connection.reconnectMaxMs = 300;
    o.follow = follow;
    o.rereadIntervalMs = 150;
    o.ttlResyncIntervalMs = 500;
    o.rescanIntervalMs = 500;
    o.anomalyIntervalMs = 200;
    return o;
}

// INFO commandstats as name -> calls ("get", "config|get", ...).
inline QMap<QByteArray, qint64> commandStats(RedisTestClient &client)
{
    QMap<QByteArray, qint64> stats;
    const Reply info = client.command(cmd({"INFO", "commandstats"}));
    for (const QByteArray &line : info.text().split('\n')) {
        if (!line.startsWith("cmdstat_"))
            continue;
        const qsizetype colon = line.indexOf(':');
        const QByteArray name = line.mid(8, colon - 8);
        const qsizetype calls = line.indexOf("calls=");
        const qsizetype comma = line.indexOf(',', calls);
        stats.insert(name, line.mid(calls + 6, comma - calls - 6).toLongLong());
    }
    return stats;
}

// The events of one key, as "kind" or "kind(owner)" strings, in order.
inline QStringList eventsOf(const EventLog &log, const QByteArray &key,
                            const QSet<EventKind> &kinds = {})
{
    QStringList out;
    const quint32 id = log.strings().find(key);
    if (!id)
        return out;
    for (const Event &e : log.events()) {
        if (e.key != id || (!kinds.isEmpty() && !kinds.contains(e.kind)))
            continue;
        QString s = QString::fromLatin1(eventKindId(e.kind));
        const qint16 who = e.owner >= 0 ? e.owner : e.client;
        if (who >= 0)
            s += QLatin1Char('(') + QString::fromUtf8(log.clientName(who)) + QLatin1Char(')');
        out << s;
    }
    return out;
}

// Whether the sentinel lists the replica on `replicaPort` as a healthy replica of mymaster.
inline bool replicaKnownToSentinel(RedisTestClient &sentinel, quint16 replicaPort)
{
    const Reply r = sentinel.command(cmd({"SENTINEL", "REPLICAS", "mymaster"}));
    for (const Reply &replica : r.elements()) {
        const auto &f = replica.elements();
        QByteArray port, flags;
        for (qsizetype i = 0; i + 1 < f.size(); i += 2) {
            if (f[i].text() == "port")
                port = f[i + 1].text();
            else if (f[i].text() == "flags")
                flags = f[i + 1].text();
        }
        if (port.toUShort() == replicaPort && flags == "slave")
            return true;
    }
    return false;
}

// "127.0.0.1:6379": a server as the monitor's lines name it.
inline QString address(const RedisServer &s)
{
    return s.host() + QLatin1Char(':') + QString::number(s.port());
}

// A master, a replica in sync with it and a Sentinel watching both as "mymaster", for the
// failover tests. The replica is made once the master has its port.
struct FailoverSetup {
    explicit FailoverSetup(const QString &notifyFlags)
        : master({QStringLiteral("--notify-keyspace-events"), notifyFlags}),
          flags(notifyFlags)
    {
    }
    // False with *error when a part does not come up in time.
    bool start(QString *error)
    {
        if (!master.start()) {
            *error = master.errorString();
            return false;
        }
        replica = std::make_unique<RedisServer>(
            QStringList{QStringLiteral("--notify-keyspace-events"), flags,
                        QStringLiteral("--replicaof"), master.host(),
                        QString::number(master.port())});
        if (!replica->start()) {
            *error = replica->errorString();
            return false;
        }
        if (!onReplica.connect(replica->host(), replica->port())) {
            *error = QStringLiteral("cannot connect to the replica");
            return false;
        }
        if (!QTest::qWaitFor(
                [&] {
                    return onReplica.command(cmd({"INFO", "replication"}))
                        .text()
                        .contains("master_link_status:up");
                },
                10000)) {
            *error = QStringLiteral("the replica did not sync with the master within 10 s");
            return false;
        }
        if (!sentinel.start(QStringLiteral("mymaster"), master.port(), error))
            return false;
        if (!toSentinel.connect(sentinel.host(), sentinel.port())) {
            *error = QStringLiteral("cannot connect to the sentinel");
            return false;
        }
        if (!QTest::qWaitFor([&] { return replicaKnownToSentinel(toSentinel, replica->port()); },
                             20000)) {
            *error = QStringLiteral("the sentinel did not list the replica within 20 s");
            return false;
        }
        return true;
    }

    RedisServer master;
    std::unique_ptr<RedisServer> replica;
    SentinelProcess sentinel;
    RedisTestClient onReplica;
    RedisTestClient toSentinel;

private:
    QString flags;
};

inline int countKind(const EventLog &log, EventKind kind)
{
    int n = 0;
    for (const Event &e : log.events())
        n += e.kind == kind;
    return n;
}

} // namespace lockscope::test
