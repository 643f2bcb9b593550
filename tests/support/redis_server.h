// A real redis-server for tests: its own loopback port and temporary directory, no persistence,
// stopped by the destructor so it goes away also when a test fails half-way.
//
//   RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KEA")});
//   QVERIFY2(server.start(), qPrintable(server.errorString()));
//   RedisTestClient client;
//   QVERIFY2(client.connect(server.host(), server.port()), qPrintable(client.errorString()));
#pragma once

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QProcess;
class QTemporaryDir;

namespace lockscope::test {

class RedisServer {
public:
    struct TlsFiles {
        QString certFile; // the server's certificate and key (PEM)
        QString keyFile;
        QString caFile;           // the CA that client certificates are checked against
        bool authClients = false; // --tls-auth-clients: require a client certificate
    };

    // `extraArgs` are appended to the command line ("--replicaof", "127.0.0.1", "6380", ...).
    explicit RedisServer(QStringList extraArgs = {});
    ~RedisServer();
    RedisServer(const RedisServer &) = delete;
    RedisServer &operator=(const RedisServer &) = delete;

    // Starts the server and waits (bounded) until it answers PING. The first start picks a free
    // port; a restart after stop()/kill() reuses it, so replicas and clients find it again.
    // On failure returns false and errorString() says why, with the server's own output.
    bool start(int timeoutMs = 10000);
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

    // Call before start(). Also listen on a Unix socket in the server's temporary directory.
    void enableUnixSocket();
    // Call before start(). port() becomes a TLS port and plain TCP is off; the server also
    // listens on its Unix socket (enableUnixSocket), so the fixture's readiness check and a
    // RedisTestClient::connectUnix can still reach it without TLS.
    void enableTls(const TlsFiles &files);
    bool isTls() const { return m_tls.has_value(); }
    // The socket path once start() ran; empty unless enableUnixSocket()/enableTls() was called.
    QString unixSocketPath() const;

    // The redis-server binary used (REDIS_SERVER env var, else PATH, else /usr/bin).
    static QString executable();

private:
    bool startOnce(int timeoutMs, bool *portClash);
    bool ensureDir();
    bool waitForPing(int timeoutMs);

    QStringList m_extraArgs;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
    bool m_unixSocket = false;
    std::optional<TlsFiles> m_tls;
    bool m_paused = false;
    QString m_error;
    mutable QString m_output;
};

} // namespace lockscope::test
