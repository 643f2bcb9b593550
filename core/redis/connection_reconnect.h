// When a QtRedis connection that failed tries again: capped exponential backoff with jitter,
// up to the options' number of attempts, and not at all for a failure that retrying cannot fix
// (a wrong password, a certificate that does not verify). Counts the attempts since the
// connection was last ready and how often it came back.
#pragma once

#include "connection.h"

#include <functional>

class QTimer;

namespace lockscope::qtredis {

class ReconnectPolicy {
public:
    // `retry` runs when the wait before the next attempt is over.
    ReconnectPolicy(const ConnectionOptions &options, QObject *owner, std::function<void()> retry);
    Q_DISABLE_COPY_MOVE(ReconnectPolicy)

    // Whether a failure (`permanent`: one that retrying cannot fix) is worth another attempt.
    bool mayRetry(bool permanent) const;
    // Counts a failed attempt and starts the wait before the next one.
    void scheduleRetry();
    // Stops waiting; the connection gave up or was closed.
    void cancel();
    // What a message about giving up adds: " (giving up after N reconnect attempts)" after
    // reconnect attempts that all failed, else nothing.
    QString givingUpNote(bool permanent) const;

    // The connection was opened (again): a fresh count of attempts.
    void restart() { m_failedAttempts = 0; }
    // The connection is ready: attempts are counted afresh, and a reconnect is counted.
    void succeeded();
    quint64 reconnects() const { return m_reconnects; }

private:
    qint64 backoffMs(int attempt) const;

    bool m_enabled;
    qint64 m_minMs;
    qint64 m_maxMs;
    int m_maxAttempts;
    QTimer *m_timer;
    int m_failedAttempts = 0; // since the last time the connection was ready
    bool m_everReady = false;
    quint64 m_reconnects = 0;
};

} // namespace lockscope::qtredis
