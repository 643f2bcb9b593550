// The monitor page's two writes: Force release (DEL of one lock key, sent to the node that holds
// it) and enabling keyspace notifications (the monitor's CONFIG SET). Each needs a live monitor
// whose profile allows writes, and a confirmation naming the key or the command and the server;
// when refused or cancelled nothing is sent and *error says why. The outcome comes later, as
// finished() (after a message box when it failed).
#pragma once

#include <QObject>

class QWidget;

namespace lockscope {
class KeyMonitor;
} // namespace lockscope

namespace lockscope::ui {

struct MonitorDialogs;

class MonitorWrites final : public QObject {
    Q_OBJECT
public:
    // `dialogs` and `page` (the dialogs' parent, and this object's) outlive it.
    MonitorWrites(const MonitorDialogs *dialogs, QWidget *page);

    // `monitor`: the live monitor (nullptr when not live); `profile`: its profile's name;
    // `server`: the node that holds `key`.
    bool forceRelease(KeyMonitor *monitor, const QString &profile, const QByteArray &key,
                      const QString &server, QString *error);
    bool enableNotifications(KeyMonitor *monitor, const QString &profile, QString *error);

Q_SIGNALS:
    // The server answered the CONFIG SET (before finished): the banner and status may change.
    void notificationsAnswered();
    void finished(bool ok, const QString &message);

private:
    // Asks `question`; false with *error when the answer is no.
    bool confirmed(const QString &title, const QString &question, QString *error) const;

    const MonitorDialogs *m_dialogs;
    QWidget *m_page;
};

} // namespace lockscope::ui
