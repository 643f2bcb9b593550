// Helpers shared by the monitor's integration tests: options for a test server, the server's
// own command statistics, and a redis-sentinel process in a temporary directory.
#pragma once

#include "monitor/key_monitor.h"
#include "redis_server.h"
#include "redis_test_client.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QHostAddress>
#include <QMap>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/prctl.h>

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

inline quint16 unusedPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

// redis-sentinel with a config file it can rewrite, in its own temporary directory, watching
// one master with small timeouts. Stopped by the destructor.
class SentinelProcess {
public:
    SentinelProcess() = default;
    ~SentinelProcess() { stop(); }
    SentinelProcess(const SentinelProcess &) = delete;
    SentinelProcess &operator=(const SentinelProcess &) = delete;

    bool start(const QString &masterName, quint16 masterPort, QString *error)
    {
        if (!m_dir.isValid()) {
            *error = QStringLiteral("no temporary directory");
            return false;
        }
        m_port = unusedPort();
        const QString conf = m_dir.path() + QStringLiteral("/sentinel.conf");
        QFile f(conf);
        if (!f.open(QIODevice::WriteOnly)) {
            *error = f.errorString();
            return false;
        }
        const QByteArray name = masterName.toUtf8();
        f.write("port " + QByteArray::number(m_port) + "\n");
        f.write("bind 127.0.0.1\n");
        f.write("daemonize no\n");
        f.write("protected-mode no\n");
        f.write("logfile \"\"\n");
        f.write("dir " + m_dir.path().toUtf8() + "\n");
        f.write("sentinel monitor " + name + " 127.0.0.1 " + QByteArray::number(masterPort) +
                " 1\n");
        f.write("sentinel down-after-milliseconds " + name + " 1000\n");
        f.write("sentinel failover-timeout " + name + " 3000\n");
        f.write("sentinel parallel-syncs " + name + " 1\n");
        f.close();
        QString exe = QStandardPaths::findExecutable(QStringLiteral("redis-sentinel"));
        if (exe.isEmpty())
            exe = QStringLiteral("/usr/bin/redis-sentinel");
        m_process = std::make_unique<QProcess>();
        m_process->setProcessChannelMode(QProcess::MergedChannels);
        m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_process->start(exe, {conf});
        if (!m_process->waitForStarted(5000)) {
            *error = QStringLiteral("cannot run %1: %2").arg(exe, m_process->errorString());
            return false;
        }
        const QDeadlineTimer deadline(10000);
        while (!deadline.hasExpired()) {
            RedisTestClient c;
            if (c.connect(host(), m_port, 300, 500) && c.command(cmd({"PING"})).text() == "PONG")
                return true;
            m_process->waitForFinished(50);
            if (m_process->state() != QProcess::Running)
                break;
        }
        *error = QStringLiteral("redis-sentinel did not answer: ") +
                 QString::fromUtf8(m_process->readAll());
        return false;
    }

    void stop()
    {
        if (m_process && m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(3000);
        }
    }

    QString host() const { return QStringLiteral("127.0.0.1"); }
    quint16 port() const { return m_port; }
    QString output() const
    {
        return m_process ? QString::fromUtf8(m_process->readAll()) : QString();
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
};

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

inline int countKind(const EventLog &log, EventKind kind)
{
    int n = 0;
    for (const Event &e : log.events())
        n += e.kind == kind;
    return n;
}

} // namespace lockscope::test
