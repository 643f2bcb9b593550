// The notification follower: a second connection of its own, subscribed to
// __keyspace@<db>__:<pattern> (the pattern in any letter case, as SCAN MATCH sees it), that
// hands on every keyspace notification as (key, event). PSUBSCRIBE is all it sends, so it is
// read-only whatever the monitor's options say.
//
// A subscription made with send() is not renewed by the connection after a reconnect: the
// follower subscribes again every time its connection is ready, and says so (subscribed()),
// because whatever changed while nobody listened must be re-read.
#pragma once

#include "key_snapshot.h"
#include "redis/connection.h"

#include <QObject>

#include <memory>

namespace lockscope {

class NotificationFollower : public QObject {
    Q_OBJECT
public:
    NotificationFollower(const ConnectionOptions &target, const QByteArray &pattern,
                         QObject *parent = nullptr);
    ~NotificationFollower() override;

    void open();
    // PSUBSCRIBE answered, and the connection not lost since.
    bool isSubscribed() const { return m_subscribed; }
    quint64 commandsSent() const { return m_connection->commandsSent(); }

    // The type a notification's event implies ("set": a string; "expire": nothing), so a read
    // can fetch the value in its first round. A wrong guess costs one round trip, nothing else.
    static KeyType typeOfEvent(const QByteArray &event);

signals:
    void subscribed();
    // The connection dropped while subscribed: notifications are lost until subscribed().
    void lost(const QString &message);
    void subscribeFailed(const QString &message);
    void notified(const QByteArray &key, const QByteArray &event);

private:
    void onReady();

    std::unique_ptr<Connection> m_connection;
    QByteArray m_channelPrefix;
    QByteArray m_pattern;
    bool m_subscribed = false;
    bool m_closing = false; // the connection's callbacks run once more as it is destroyed
};

} // namespace lockscope
