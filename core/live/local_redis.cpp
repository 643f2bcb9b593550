#include "local_redis.h"

#include "free_port.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <hiredis.h>

#include <csignal>
#include <sys/prctl.h>
#include <sys/types.h>

namespace lockscope {

LocalRedis::LocalRedis(QStringList extraArgs)
    : m_extraArgs(std::move(extraArgs))
{}

LocalRedis::~LocalRedis()
{
    stop(1000);
}

QString LocalRedis::executable()
{
    const QString fromEnv = qEnvironmentVariable("REDIS_SERVER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    return onPath.isEmpty() ? QStringLiteral("/usr/bin/redis-server") : onPath;
}

bool LocalRedis::ensureDir()
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

void LocalRedis::enableUnixSocket()
{
    m_unixSocket = true;
}

void LocalRedis::enableTls(const TlsFiles &files)
{
    m_tls = files;
    m_unixSocket = true;
}

QString LocalRedis::unixSocketPath() const
{
    // Short on purpose: a socket path has to fit in sockaddr_un (108 bytes).
    return m_unixSocket && m_dir ? m_dir->path() + QStringLiteral("/redis.sock") : QString();
}

bool LocalRedis::start(int timeoutMs)
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

bool LocalRedis::startOnce(int timeoutMs, bool *portClash)
{
    if (!spawn())
        return false;
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

bool LocalRedis::launch()
{
    if (isRunning())
        return true;
    m_error.clear();
    if (m_port == 0 || !ensureDir()) {
        if (m_error.isEmpty())
            m_error = QStringLiteral("launch() restarts a server that started before");
        return false;
    }
    if (!spawn())
        return false;
    m_paused = false;
    return true;
}

bool LocalRedis::spawn()
{
    m_output.clear();
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setWorkingDirectory(m_dir->path());
    // If this process dies without running destructors (a crash, SIGKILL, a closed pipe), the
    // kernel takes the server down with it instead of leaving it orphaned.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    if (m_clockControl) {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_PRELOAD"), clockShiftLibrary());
        env.insert(QStringLiteral("LOCKSCOPE_CLOCK_FILE"), clockFile());
        m_process->setProcessEnvironment(env);
    }
    QStringList args{QStringLiteral("--port"),
                     m_tls ? QStringLiteral("0") : QString::number(m_port),
                     QStringLiteral("--bind"),
                     host(),
                     QStringLiteral("--save"),
                     QString(),
                     QStringLiteral("--appendonly"),
                     m_persistent ? QStringLiteral("yes") : QStringLiteral("no"),
                     QStringLiteral("--protected-mode"),
                     QStringLiteral("no"),
                     QStringLiteral("--daemonize"),
                     QStringLiteral("no"),
                     QStringLiteral("--dir"),
                     m_dir->path(),
                     QStringLiteral("--logfile"),
                     QString()};
    if (m_persistent)
        args += {QStringLiteral("--appendfsync"), QStringLiteral("always")};
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
    return true;
}

bool LocalRedis::waitForPing(int timeoutMs)
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

void LocalRedis::stop(int graceMs)
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

void LocalRedis::kill()
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

void LocalRedis::pause()
{
    if (isRunning() && !m_paused) {
        ::kill(static_cast<pid_t>(m_process->processId()), SIGSTOP);
        m_paused = true;
    }
}

void LocalRedis::resume()
{
    if (isRunning() && m_paused) {
        ::kill(static_cast<pid_t>(m_process->processId()), SIGCONT);
        m_paused = false;
    }
}

bool LocalRedis::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

qint64 LocalRedis::pid() const
{
    return isRunning() ? m_process->processId() : 0;
}

QString LocalRedis::directory() const
{
    return m_dir ? m_dir->path() : QString();
}

ConnectionOptions LocalRedis::connectionOptions() const
{
    ConnectionOptions o;
    o.host = host();
    o.port = m_port;
    return o;
}

void LocalRedis::enablePersistence()
{
    m_persistent = true;
}

QString LocalRedis::clockShiftLibrary()
{
    const QString fromEnv = qEnvironmentVariable("LOCKSCOPE_CLOCK_SHIFT_LIBRARY");
    if (!fromEnv.isEmpty())
        return QFileInfo::exists(fromEnv) ? fromEnv : QString();
    // Installed beside the programs (the .deb: /usr/lib/lockscope), else the build tree's.
    const QString installed = QCoreApplication::applicationDirPath() +
                              QStringLiteral("/../lib/lockscope/liblockscope_clock_shift.so");
    if (QFileInfo::exists(installed))
        return QFileInfo(installed).canonicalFilePath();
#ifdef LOCKSCOPE_BUILD_CLOCK_SHIFT
    if (QFileInfo::exists(QStringLiteral(LOCKSCOPE_BUILD_CLOCK_SHIFT)))
        return QStringLiteral(LOCKSCOPE_BUILD_CLOCK_SHIFT);
#endif
    return {};
}

QString LocalRedis::clockFile() const
{
    return m_dir ? m_dir->path() + QStringLiteral("/clock-offset") : QString();
}

bool LocalRedis::enableClockControl(QString *error)
{
    if (clockShiftLibrary().isEmpty()) {
        *error = QStringLiteral("a node clock jump needs liblockscope_clock_shift.so, which is "
                                "not installed beside lockscope-cli");
        return false;
    }
    if (!ensureDir()) {
        *error = m_error;
        return false;
    }
    m_clockControl = true;
    m_clockOffsetMs = 0;
    return jumpClock(0, error);
}

bool LocalRedis::jumpClock(qint64 ms, QString *error)
{
    if (!m_clockControl) {
        *error = QStringLiteral("the server was not started with clock control");
        return false;
    }
    m_clockOffsetMs += ms;
    // One native int64 of microseconds, rewritten in place: the server maps this file and reads
    // it at every clock reading (core/live/clock_shift).
    const qint64 offsetUs = m_clockOffsetMs * 1000;
    QFile f(clockFile());
    if (!f.open(QIODevice::ReadWrite) ||
        f.write(reinterpret_cast<const char *>(&offsetUs), sizeof offsetUs) != sizeof offsetUs) {
        *error = QStringLiteral("cannot write %1: %2").arg(clockFile(), f.errorString());
        return false;
    }
    return true;
}

QString LocalRedis::output() const
{
    if (m_process)
        m_output += QString::fromLocal8Bit(m_process->readAll());
    return m_output;
}

} // namespace lockscope
