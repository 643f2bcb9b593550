// A small synchronous Redis client for tests, on hiredis's blocking API: send a command, get
// its lockscope::Reply; on a subscribed connection, read the next pushed message with a timeout.
#pragma once

#include "redis/reply.h"

#include <QString>

struct redisContext;

namespace lockscope::test {

class RedisTestClient {
public:
    RedisTestClient() = default;
    ~RedisTestClient();
    RedisTestClient(const RedisTestClient &) = delete;
    RedisTestClient &operator=(const RedisTestClient &) = delete;

    // Connects (closing any previous connection). Commands time out after `commandTimeoutMs`,
    // so a paused or dead server gives a NoReply instead of hanging the test.
    bool connect(const QString &host, quint16 port, int connectTimeoutMs = 2000,
                 int commandTimeoutMs = 5000);
    // The same over a Unix socket (a TLS-only server is reachable this way too).
    bool connectUnix(const QString &path, int connectTimeoutMs = 2000, int commandTimeoutMs = 5000);
    void disconnect();
    bool isConnected() const;
    QString errorString() const { return m_error; }

    // Sends the command and waits for its reply. Reply::noReply(...) when the connection failed
    // (after which the client is disconnected).
    Reply command(const Command &argv);
    // The next reply or pushed message on this connection (subscribed mode: messages, and the
    // second and later confirmations of a multi-channel SUBSCRIBE). NoReply on timeout; the
    // connection stays usable.
    Reply readReply(int timeoutMs = 2000);

private:
    Reply failure();

    redisContext *m_ctx = nullptr;
    QString m_error;
};

} // namespace lockscope::test
