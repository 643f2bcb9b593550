#include "redis_test_client.h"

#include "redis/resp_codec.h"

#include <QDeadlineTimer>

#include <hiredis.h>

#include <poll.h>
#include <vector>

namespace lockscope::test {

namespace {

timeval toTimeval(int ms)
{
    return timeval{ms / 1000, (ms % 1000) * 1000};
}

} // namespace

RedisTestClient::~RedisTestClient()
{
    disconnect();
}

bool RedisTestClient::connect(const QString &host, quint16 port, int connectTimeoutMs,
                              int commandTimeoutMs)
{
    disconnect();
    m_error.clear();
    const QByteArray hostBytes = host.toUtf8();
    m_ctx = redisConnectWithTimeout(hostBytes.constData(), port, toTimeval(connectTimeoutMs));
    if (!m_ctx || m_ctx->err) {
        m_error = m_ctx ? QString::fromUtf8(m_ctx->errstr)
                        : QStringLiteral("cannot allocate a hiredis context");
        disconnect();
        return false;
    }
    redisSetTimeout(m_ctx, toTimeval(commandTimeoutMs));
    return true;
}

bool RedisTestClient::connectUnix(const QString &path, int connectTimeoutMs, int commandTimeoutMs)
{
    disconnect();
    m_error.clear();
    const QByteArray pathBytes = path.toLocal8Bit();
    m_ctx = redisConnectUnixWithTimeout(pathBytes.constData(), toTimeval(connectTimeoutMs));
    if (!m_ctx || m_ctx->err) {
        m_error = m_ctx ? QString::fromUtf8(m_ctx->errstr)
                        : QStringLiteral("cannot allocate a hiredis context");
        disconnect();
        return false;
    }
    redisSetTimeout(m_ctx, toTimeval(commandTimeoutMs));
    return true;
}

void RedisTestClient::disconnect()
{
    if (m_ctx) {
        redisFree(m_ctx);
        m_ctx = nullptr;
    }
}

bool RedisTestClient::isConnected() const
{
    return m_ctx && !m_ctx->err;
}

Reply RedisTestClient::failure()
{
    m_error = m_ctx ? QString::fromUtf8(m_ctx->errstr) : QStringLiteral("not connected");
    disconnect();
    return Reply::noReply(NoReplyKind::Disconnected, m_error.toUtf8());
}

Reply RedisTestClient::command(const Command &argv)
{
    if (!isConnected())
        return failure();
    std::vector<const char *> args;
    std::vector<size_t> lengths;
    args.reserve(size_t(argv.size()));
    lengths.reserve(size_t(argv.size()));
    for (const QByteArray &a : argv) {
        args.push_back(a.constData());
        lengths.push_back(static_cast<size_t>(a.size()));
    }
    auto *reply = static_cast<redisReply *>(
        redisCommandArgv(m_ctx, static_cast<int>(args.size()), args.data(), lengths.data()));
    if (!reply)
        return failure();
    Reply out = qtredis::replyFromHiredis(reply);
    freeReplyObject(reply);
    return out;
}

Reply RedisTestClient::readReply(int timeoutMs)
{
    if (!isConnected())
        return failure();
    // Poll ourselves instead of relying on the socket timeout: a hiredis read timeout would
    // leave the context in an error state, and here a timeout is an ordinary outcome.
    const QDeadlineTimer deadline(timeoutMs);
    while (true) {
        void *raw = nullptr;
        if (redisReaderGetReply(m_ctx->reader, &raw) != REDIS_OK)
            return failure();
        if (raw) {
            auto *reply = static_cast<redisReply *>(raw);
            Reply out = qtredis::replyFromHiredis(reply);
            freeReplyObject(reply);
            return out;
        }
        pollfd pfd{m_ctx->fd, POLLIN, 0};
        const int wait = static_cast<int>(qMax<qint64>(0, deadline.remainingTime()));
        const int ready = ::poll(&pfd, 1, wait);
        if (ready < 0)
            return failure();
        if (ready == 0)
            return Reply::noReply(NoReplyKind::Timeout, QByteArrayLiteral("timeout"));
        if (redisBufferRead(m_ctx) != REDIS_OK)
            return failure();
    }
}

} // namespace lockscope::test
