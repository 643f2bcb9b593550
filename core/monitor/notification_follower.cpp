#include "notification_follower.h"

#include "any_case_glob.h"

namespace lockscope {

NotificationFollower::NotificationFollower(const ConnectionOptions &target,
                                           const QByteArray &pattern, QObject *parent)
    : QObject(parent)
    , m_channelPrefix("__keyspace@" + QByteArray::number(target.db) + "__:")
    , m_pattern(pattern)
{
    ConnectionOptions o = target;
    o.readOnly = true; // PSUBSCRIBE is all it sends
    m_connection = std::make_unique<Connection>(o);
    Connection *c = m_connection.get();
    connect(c, &Connection::messageReceived, this,
            [this](const QByteArray &channel, const QByteArray &message, const QByteArray &) {
                if (channel.startsWith(m_channelPrefix))
                    emit notified(channel.mid(m_channelPrefix.size()), message);
            });
    connect(c, &Connection::ready, this, [this] { onReady(); });
    connect(c, &Connection::connectionError, this,
            [this](RedisErrorKind, const QString &message) {
                const bool was = m_subscribed;
                m_subscribed = false; // notifications are lost until subscribed again
                if (was && !m_closing)
                    emit lost(message);
            });
}

NotificationFollower::~NotificationFollower()
{
    m_closing = true;
    m_connection.reset();
}

void NotificationFollower::open()
{
    m_connection->open();
}

void NotificationFollower::onReady()
{
    const QByteArray pattern = m_channelPrefix + anyCaseGlob(m_pattern);
    m_connection->send({QByteArrayLiteral("PSUBSCRIBE"), pattern}, [this](const Reply &r) {
        if (m_closing)
            return;
        if (r.failed()) {
            emit subscribeFailed(m_connection->describe(r));
            return;
        }
        m_subscribed = true;
        emit subscribed();
    });
}

KeyType NotificationFollower::typeOfEvent(const QByteArray &event)
{
    if (event == "set" || event == "setrange" || event == "append" || event == "incrby" ||
        event == "incrbyfloat" || event == "decrby")
        return KeyType::String;
    if (event == "hset" || event == "hincrby" || event == "hincrbyfloat" || event == "hdel")
        return KeyType::Hash;
    if (event == "lpush" || event == "rpush" || event == "lpop" || event == "rpop" ||
        event == "linsert" || event == "lset" || event == "lrem" || event == "ltrim")
        return KeyType::List;
    if (event.startsWith("z"))
        return KeyType::ZSet;
    return KeyType::Unknown;
}

} // namespace lockscope
