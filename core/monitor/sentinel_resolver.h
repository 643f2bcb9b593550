// Finds the master that Redis Sentinel names for a master name, and follows failovers: asks
// the sentinels in turn (SENTINEL GET-MASTER-ADDR-BY-NAME), then listens on the first that
// answered for +switch-master. When that sentinel goes away, or the monitor says the master
// stopped answering (refresh()), it asks again, every sentinel in turn.
//
// The sentinel connections are read-only, always (whatever the data connection allows): the
// switch's command table classifies SENTINEL's subcommands (GET-MASTER-ADDR-BY-NAME, MASTERS,
// SENTINELS, REPLICAS are reads; SET, REMOVE, FAILOVER, RESET, MONITOR, CONFIG SET are
// writes), so nothing sent to a sentinel can change it.
#pragma once

#include "redis/connection.h"

#include <QObject>

#include <memory>

class QTimer;

namespace lockscope {

class SentinelResolver : public QObject {
    Q_OBJECT
public:
    SentinelResolver(QList<ConnectionOptions> sentinels, QString masterName,
                     QObject *parent = nullptr);
    ~SentinelResolver() override;

    void start();
    void refresh(); // ask again (the master stopped answering; a +switch-master may be missed)

    bool hasMaster() const { return !m_host.isEmpty(); }
    QString masterHost() const { return m_host; }
    quint16 masterPort() const { return m_port; }
    QString sentinelName() const; // the sentinel listened to, "" before one answered

signals:
    // The master's address: once at the start, again after every failover.
    void masterFound(const QString &host, quint16 port);
    // No sentinel answered, or none knows the name (it keeps asking every second).
    void problem(const QString &message);

private:
    void ask(int index, quint64 round);
    void listen(int index);
    void setMaster(const QString &host, quint16 port);
    ConnectionOptions optionsFor(int index, bool forSubscription) const;

    QList<ConnectionOptions> m_sentinels;
    QString m_masterName;
    QString m_host;
    quint16 m_port = 0;
    int m_listening = -1;
    quint64 m_round = 0;
    bool m_asking = false;
    QStringList m_errors;
    std::unique_ptr<Connection> m_query;
    std::unique_ptr<Connection> m_subscription;
    QTimer *m_retry;
};

} // namespace lockscope
