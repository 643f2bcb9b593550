#include "redis_server.h"

#include "free_port.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <hiredis.h>

#include <csignal>
#include <sys/prctl.h>
#include <sys/types.h>

namespace lockscope::test {

RedisServer::RedisServer(QStringList extraArgs)
    : m_extraArgs(std::move(extraArgs))
{}

RedisServer::~RedisServer()
{
    stop(1000);
}

QString RedisServer::executable()
{
    const QString fromEnv = qEnvironmentVariable("REDIS_SERVER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    return onPath.isEmpty() ? QStringLiteral("/usr/bin/redis-server") : onPath;
}

bool RedisServer::ensureDir()
{
    if (!m_dir) {
        m_dir = std::make_unique<QTemporaryDir>();
        if (!m_dir->isValid()) {
            m_error =
                QStringLiteral("cannot create a temporary directory: ") + m_dir->errorString();
            m_dir.reset();
            return false;
        }
    }
    return true;
}

void RedisServer::enableUnixSocket()
{
    m_unixSocket = true;
}

void RedisServer::enableTls(const TlsFiles &files)
{
    m_tls = files;
    m_unixSocket = true;
}

QString RedisServer::unixSocketPath() const
{
    // Short on purpose: a socket path has to fit in sockaddr_un (108 bytes).
    return m_unixSocket && m_dir ? m_dir->path() + QStringLiteral("/redis.sock") : QString();
}

bool RedisServer::start(int timeoutMs)
{
    if (isRunning())
        return true;
    m_error.clear();
    if (!ensureDir())
        return false;
    const bool firstStart = m_port == 0;
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (firstStart) {
            // Another process may take it first: the loop below tries another.
            m_port = unusedLoopbackPort();
            if (m_port == 0) {
                m_error = QStringLiteral("no free loopback port");
                return false;
            }
        }
        bool portClash = false;
        if (startOnce(timeoutMs, &portClash))
            return true;
        if (!portClash || !firstStart)
            break;
    }
    return false;
}

bool RedisServer::startOnce(int timeoutMs, bool *portClash)
{
    m_output.clear();
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setWorkingDirectory(m_dir->path());
    // If the test process dies without running destructors (a crash, SIGKILL, a closed pipe),
    // the kernel takes the server down with it instead of leaving it orphaned.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    QStringList args{QStringLiteral("--port"),
                     m_tls ? QStringLiteral("0") : QString::number(m_port),
                     QStringLiteral("--bind"),
                     host(),
                     QStringLiteral("--save"),
                     QString(),
                     QStringLiteral("--appendonly"),
                     QStringLiteral("no"),
                     QStringLiteral("--protected-mode"),
                     QStringLiteral("no"),
                     QStringLiteral("--daemonize"),
                     QStringLiteral("no"),
                     QStringLiteral("--dir"),
                     m_dir->path(),
                     QStringLiteral("--logfile"),
                     QString()};
    if (m_unixSocket) {
        args += {QStringLiteral("--unixsocket"), unixSocketPath(),
                 QStringLiteral("--unixsocketperm"), QStringLiteral("700")};
    }
    if (m_tls) {
        args += {QStringLiteral("--tls-port"),
                 QString::number(m_port),
                 QStringLiteral("--tls-cert-file"),
                 m_tls->certFile,
                 QStringLiteral("--tls-key-file"),
                 m_tls->keyFile,
                 QStringLiteral("--tls-ca-cert-file"),
                 m_tls->caFile,
                 QStringLiteral("--tls-auth-clients"),
                 m_tls->authClients ? QStringLiteral("yes") : QStringLiteral("no")};
    }
    args += m_extraArgs;
    m_process->start(executable(), args);
    if (!m_process->waitForStarted(timeoutMs)) {
        m_error = QStringLiteral("cannot run %1: %2").arg(executable(), m_process->errorString());
        m_process.reset();
        return false;
    }
    if (waitForPing(timeoutMs)) {
        m_paused = false;
        return true;
    }
    const QString out = output();
    *portClash = out.contains(QStringLiteral("Address already in use"));
    m_error = QStringLiteral("redis-server on port %1 did not answer PING within %2 ms. Its "
                             "output:\n%3")
                  .arg(m_port)
                  .arg(timeoutMs)
                  .arg(out);
    kill();
    return false;
}

bool RedisServer::waitForPing(int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    const QByteArray hostBytes = host().toLatin1();
    const QByteArray socketPath = unixSocketPath().toLocal8Bit();
    while (!deadline.hasExpired()) {
        if (m_process->state() != QProcess::Running)
            return false;
        timeval tv{0, 200000};
        // A TLS server has no plain TCP port: ask over its Unix socket instead.
        redisContext *ctx = socketPath.isEmpty()
                                ? redisConnectWithTimeout(hostBytes.constData(), m_port, tv)
                                : redisConnectUnixWithTimeout(socketPath.constData(), tv);
        if (ctx && !ctx->err) {
            redisSetTimeout(ctx, tv);
            auto *reply = static_cast<redisReply *>(redisCommand(ctx, "PING"));
            // A server started with --requirepass answers NOAUTH: up and running all the same.
            const bool pong =
                reply &&
                ((reply->type == REDIS_REPLY_STATUS && qstrcmp(reply->str, "PONG") == 0) ||
                 (reply->type == REDIS_REPLY_ERROR && qstrncmp(reply->str, "NOAUTH", 6) == 0));
            if (reply)
                freeReplyObject(reply);
            redisFree(ctx);
            if (pong)
                return true;
        } else if (ctx) {
            redisFree(ctx);
        }
        m_process->waitForFinished(50); // also a short sleep that notices an early exit
    }
    return false;
}

void RedisServer::stop(int graceMs)
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        if (m_paused)
            resume(); // a stopped process would not act on SIGTERM
        m_process->terminate();
        if (!m_process->waitForFinished(graceMs)) {
            m_process->kill();
            m_process->waitForFinished(graceMs);
        }
    }
    output();
    m_process.reset();
    m_paused = false;
}

void RedisServer::kill()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
    output();
    m_process.reset();
    m_paused = false;
}

void RedisServer::pause()
{
    if (isRunning() && !m_paused) {
        ::kill(static_cast<pid_t>(m_process->processId()), SIGSTOP);
        m_paused = true;
    }
}

void RedisServer::resume()
{
    if (isRunning() && m_paused) {
        ::kill(static_cast<pid_t>(m_process->processId()), SIGCONT);
        m_paused = false;
    }
}

bool RedisServer::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

qint64 RedisServer::pid() const
{
    return isRunning() ? m_process->processId() : 0;
}

QString RedisServer::directory() const
{
    return m_dir ? m_dir->path() : QString();
}

QString RedisServer::output() const
{
    if (m_process)
        m_output += QString::fromLocal8Bit(m_process->readAll());
    return m_output;
}

} // namespace lockscope::test
