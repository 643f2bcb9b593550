#include "sentinel_process.h"

#include "free_port.h"
#include "redis_test_client.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>

#include <csignal>
#include <sys/prctl.h>

namespace lockscope::test {

SentinelProcess::SentinelProcess() = default;

SentinelProcess::~SentinelProcess()
{
    stop();
}

bool SentinelProcess::start(const QString &masterName, quint16 masterPort, QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("no temporary directory");
        return false;
    }
    m_port = unusedLoopbackPort();
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
    f.write("sentinel monitor " + name + " 127.0.0.1 " + QByteArray::number(masterPort) + " 1\n");
    f.write("sentinel down-after-milliseconds " + name + " 1000\n");
    f.write("sentinel failover-timeout " + name + " 3000\n");
    f.write("sentinel parallel-syncs " + name + " 1\n");
    f.close();
    QString exe = QStandardPaths::findExecutable(QStringLiteral("redis-sentinel"));
    if (exe.isEmpty())
        exe = QStringLiteral("/usr/bin/redis-sentinel");
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    // Dies with the test process, even when that is killed.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process->start(exe, {conf});
    if (!m_process->waitForStarted(5000)) {
        *error = QStringLiteral("cannot run %1: %2").arg(exe, m_process->errorString());
        return false;
    }
    const QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        RedisTestClient c;
        if (c.connect(host(), m_port, 300, 500) &&
            c.command(Command({QByteArrayLiteral("PING")})).text() == "PONG")
            return true;
        m_process->waitForFinished(50);
        if (m_process->state() != QProcess::Running)
            break;
    }
    *error = QStringLiteral("redis-sentinel did not answer: ") + output();
    return false;
}

void SentinelProcess::stop()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(3000);
    }
}

QString SentinelProcess::output() const
{
    return m_process ? QString::fromUtf8(m_process->readAll()) : QString();
}

} // namespace lockscope::test
