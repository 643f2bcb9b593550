#include "monitor_writes.h"

#include "monitor/key_monitor.h"
#include "monitor_dialogs.h"
#include "redis/connection.h"

#include <QCoreApplication>
#include <QWidget>

// The texts were the page's and keep its translation context ("lockscope::ui::MonitorPage").

namespace lockscope::ui {

namespace {

bool refuse(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}

// The connection options of the monitor, pointed at `server` ("host:port", "[v6]:port") when it
// names a node: a cluster's key lives on one of them.
ConnectionOptions optionsFor(const KeyMonitor &monitor, const QString &server)
{
    ConnectionOptions options = monitor.options().connection;
    const qsizetype colon = server.lastIndexOf(QLatin1Char(':'));
    if (options.unixSocket.isEmpty() && colon > 0) {
        bool ok = false;
        const int port = server.mid(colon + 1).toInt(&ok);
        if (ok && port > 0 && port < 65536) {
            options.host = server.left(colon);
            if (options.host.startsWith(QLatin1Char('[')))
                options.host = options.host.mid(1, options.host.size() - 2);
            options.port = quint16(port);
        }
    }
    options.reconnect = false;
    return options;
}

} // namespace

MonitorWrites::MonitorWrites(const MonitorDialogs *dialogs, QWidget *page)
    : QObject(page)
    , m_dialogs(dialogs)
    , m_page(page)
{}

bool MonitorWrites::confirmed(const QString &title, const QString &question, QString *error) const
{
    if (m_dialogs->ask(m_page, title, question))
        return true;
    return refuse(error, QCoreApplication::translate("lockscope::ui::MonitorPage",
                                                     "Cancelled: nothing was sent."));
}

bool MonitorWrites::forceRelease(KeyMonitor *monitor, const QString &profile, const QByteArray &key,
                                 const QString &server, QString *error)
{
    if (!monitor)
        return refuse(error, QCoreApplication::translate("lockscope::ui::MonitorPage",
                                                         "Force release needs a connection to "
                                                         "the server (this is not live)."));
    if (!monitor->writesAllowed())
        return refuse(error, QCoreApplication::translate(
                                 "lockscope::ui::MonitorPage",
                                 "Not sent: the profile \"%1\" is read-only, and DEL %2 on %3 "
                                 "is a write. Allow writes in the profile to force-release locks.")
                                 .arg(profile, QString::fromUtf8(key), server));
    const KeyEntry *entry = monitor->entry(key);
    const QString owner =
        entry && !entry->lock.owner.isEmpty()
            ? QString::fromUtf8(entry->lock.owner)
            : QCoreApplication::translate("lockscope::ui::MonitorPage", "an unknown owner");
    const QString title =
        QCoreApplication::translate("lockscope::ui::MonitorPage", "Force release");
    if (!confirmed(title,
                   QCoreApplication::translate(
                       "lockscope::ui::MonitorPage",
                       "Delete the lock key \"%1\" on %2?\n\nIts owner (%3) will go on as if it "
                       "held the lock, and the next client can take it at once: do this only "
                       "for a lock whose owner is gone.")
                       .arg(QString::fromUtf8(key), server, owner),
                   error))
        return false;

    auto *connection = new Connection(optionsFor(*monitor, server), this);
    connection->open();
    const Command del{QByteArrayLiteral("DEL"), key};
    connection->send(del, [this, connection, key, server, title](const Reply &reply) {
        const bool ok = !reply.failed();
        const QString text =
            ok ? QCoreApplication::translate("lockscope::ui::MonitorPage",
                                             "DEL %1 on %2: %n key(s) deleted.", nullptr,
                                             int(reply.integer()))
                     .arg(QString::fromUtf8(key), server)
               : QCoreApplication::translate("lockscope::ui::MonitorPage",
                                             "DEL %1 on %2 failed: %3")
                     .arg(QString::fromUtf8(key), server, connection->describe(reply));
        connection->deleteLater();
        if (!ok)
            m_dialogs->tell(m_page, title, text);
        Q_EMIT finished(ok, text);
    });
    return true;
}

bool MonitorWrites::enableNotifications(KeyMonitor *monitor, const QString &profile, QString *error)
{
    if (!monitor)
        return refuse(error,
                      QCoreApplication::translate("lockscope::ui::MonitorPage", "Not connected."));
    const QString command = QString::fromUtf8(monitor->enableNotificationsCommand());
    const QString server = monitor->serverName();
    if (!monitor->writesAllowed())
        return refuse(error, QCoreApplication::translate(
                                 "lockscope::ui::MonitorPage",
                                 "Not sent: the profile \"%1\" is read-only, and %2 on %3 is a "
                                 "write.")
                                 .arg(profile, command, server));
    const QString title =
        QCoreApplication::translate("lockscope::ui::MonitorPage", "Keyspace notifications");
    if (!confirmed(title,
                   QCoreApplication::translate(
                       "lockscope::ui::MonitorPage",
                       "Send\n\n%1\n\nto %2? It changes the server's configuration for every "
                       "client (until the server restarts, unless the configuration is saved).")
                       .arg(command, server),
                   error))
        return false;
    monitor->enableNotifications([this, title](bool ok, const QString &text) {
        Q_EMIT notificationsAnswered();
        if (!ok)
            m_dialogs->tell(m_page, title, text);
        Q_EMIT finished(ok, text);
    });
    return true;
}

} // namespace lockscope::ui
