// A redis-server process of our own on the loopback interface: its own free port and temporary
// directory, stopped by the destructor (and by the kernel if this process dies first), so
// nothing is left running or on disk. The live scenario runner starts its topology with it, the
// tests their servers; it can also be crashed (SIGKILL), frozen (SIGSTOP), restarted on the same
// port with or without its data, and run with a clock that can jump (core/live/clock_shift).
//
//   LocalRedis server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KEA")});
//   if (!server.start())
//       qWarning() << server.errorString();
#pragma once

#include "redis/connection.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QProcess;
class QTemporaryDir;

namespace lockscope {

class LocalRedis {
public:
    struct TlsFiles {
        QString certFile; // the server's certificate and key (PEM)
        QString keyFile;
        QString caFile;           // the CA that client certificates are checked against
        bool authClients = false; // --tls-auth-clients: require a client certificate
    };

    // `extraArgs` are appended to the command line ("--replicaof", "127.0.0.1", "6380", ...).
    explicit LocalRedis(QStringList extraArgs = {});
    ~LocalRedis();
    LocalRedis(const LocalRedis &) = delete;
    LocalRedis &operator=(const LocalRedis &) = delete;

    // Starts the server and waits (bounded) until it answers PING. The first start picks a free
    // port; a restart after stop()/kill() reuses it, so replicas and clients find it again.
    // On failure returns false and errorString() says why, with the server's own output.
    bool start(int timeoutMs = 10000);
    // Restarts a server that ran before on its port without waiting for it to answer: clients
    // reconnecting find it when it is ready. A live run calls this from its event loop, where a
    // blocking start() would freeze every client for the server's start-up time.
    bool launch();
    // SIGTERM, then SIGKILL if it has not exited after `graceMs`.
    void stop(int graceMs = 3000);
    void kill();   // SIGKILL: a crash, no shutdown work
    void pause();  // SIGSTOP: the process freezes (a GC pause, a VM migration)
    void resume(); // SIGCONT
    bool isRunning() const;
    bool isPaused() const { return m_paused; }

    QString host() const { return QStringLiteral("127.0.0.1"); }
    quint16 port() const { return m_port; }
    qint64 pid() const;
    QString directory() const;
    QString errorString() const { return m_error; }
    // Everything the server printed so far (its log goes to stdout).
    QString output() const;
    // How a client reaches it (host and port; TLS and Unix sockets are the caller's business).
    ConnectionOptions connectionOptions() const;

    // Call before start(). Also listen on a Unix socket in the server's temporary directory.
    void enableUnixSocket();
    // Call before start(). port() becomes a TLS port and plain TCP is off; the server also
    // listens on its Unix socket (enableUnixSocket), so the readiness check can still reach it.
    void enableTls(const TlsFiles &files);
    bool isTls() const { return m_tls.has_value(); }
    // The socket path once start() ran; empty unless enableUnixSocket()/enableTls() was called.
    QString unixSocketPath() const;

    // Call before start(). Every write goes to an append-only file synced before the reply, so
    // a SIGKILL loses nothing and a restart comes back with the data (appendfsync always).
    // Without it (the default) the server keeps nothing on disk and restarts empty.
    void enablePersistence();
    bool persistent() const { return m_persistent; }

    // Call before start(). Runs the server with liblockscope_clock_shift preloaded and its
    // wall-clock offset read from a file in its directory, so jumpClock() can move it while it
    // runs. False with *error when the library is not found.
    bool enableClockControl(QString *error);
    // Moves the server's clock by `ms` in total since it started (cumulative), effective at the
    // server's next clock reading. False with *error if clock control is off or the file
    // cannot be written.
    bool jumpClock(qint64 ms, QString *error);
    // The clock shift library: LOCKSCOPE_CLOCK_SHIFT_LIBRARY, else ../lib/lockscope beside the
    // program, else the build tree's; empty when none exists.
    static QString clockShiftLibrary();

    // The redis-server binary used (REDIS_SERVER env var, else PATH, else /usr/bin).
    static QString executable();

private:
    bool startOnce(int timeoutMs, bool *portClash);
    bool spawn();
    bool ensureDir();
    bool waitForPing(int timeoutMs);
    QString clockFile() const;

    QStringList m_extraArgs;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
    bool m_unixSocket = false;
    bool m_persistent = false;
    bool m_clockControl = false;
    qint64 m_clockOffsetMs = 0;
    std::optional<TlsFiles> m_tls;
    bool m_paused = false;
    QString m_error;
    mutable QString m_output;
};

} // namespace lockscope
