#include "status_line.h"

#include "monitor/key_monitor.h"
#include "monitor/monitor_explain.h"

#include <QCoreApplication>

// The texts were the monitor page's and keep its translation context.

namespace lockscope::ui {

StatusLine statusLine(const KeyMonitor &monitor, const QString &profileServer,
                      const QString &recordPath)
{
    StatusLine line;
    QString &text = line.text;
    const QString server = monitor.serverName().isEmpty() ? profileServer : monitor.serverName();
    const int keys = monitor.keyCount();
    switch (monitor.health()) {
    case KeyMonitor::Health::Idle:
        text = QCoreApplication::translate("lockscope::ui::MonitorPage",
                                           "Stopped. The table shows the %n key(s) as last seen.",
                                           nullptr, keys);
        break;
    case KeyMonitor::Health::Connecting:
        text = QCoreApplication::translate("lockscope::ui::MonitorPage", "Connecting to %1…")
                   .arg(server);
        line.busy = true;
        break;
    case KeyMonitor::Health::Scanning:
        text = QCoreApplication::translate(
                   "lockscope::ui::MonitorPage",
                   "Scanning %1 for %2: %3 keys matched so far in %4 SCAN rounds (Stop "
                   "cancels; the table is usable already).")
                   .arg(server, QString::fromUtf8(monitor.options().pattern))
                   .arg(monitor.keysScanned())
                   .arg(monitor.scanRounds());
        line.busy = true;
        break;
    case KeyMonitor::Health::Watching:
        text = QCoreApplication::translate("lockscope::ui::MonitorPage",
                                           "Watching %1: %n key(s) matching %2.", nullptr, keys)
                   .arg(server, QString::fromUtf8(monitor.options().pattern));
        break;
    case KeyMonitor::Health::Reconnecting:
        // Before the first scan there was nothing to lose: the server was never reached, and
        // the page says so in the CLI's words (lockscope-cli stops there).
        if (!monitor.initialScanDone())
            text = QCoreApplication::translate(
                       "lockscope::ui::MonitorPage",
                       "Cannot watch %1: %2. Trying again until you press Stop.")
                       .arg(server, monitor.lastError());
        else
            text = QCoreApplication::translate(
                       "lockscope::ui::MonitorPage",
                       "Lost the connection to %1 (%2). Reconnecting… The table shows the keys "
                       "as last seen.")
                       .arg(server, monitor.lastError());
        line.problem = true;
        break;
    case KeyMonitor::Health::Failed:
        text = QCoreApplication::translate("lockscope::ui::MonitorPage", "Could not watch %1: %2")
                   .arg(server, monitor.lastError());
        line.problem = true;
        break;
    }
    // One node of a cluster shows only its own slots: said, with how to see them all.
    if (monitor.isLoneClusterNode())
        text += QLatin1Char(' ') + monitor.clusterNodeAdvice() + QLatin1Char('.');
    if (!recordPath.isEmpty())
        text += QLatin1Char(' ') +
                QCoreApplication::translate("lockscope::ui::MonitorPage", "Recording to %1.")
                    .arg(recordPath);
    // Memory keeps the newest history only (HistoryWindow): the timeline starts later than the
    // session, and the line says where the rest is rather than leave the start blank.
    const EventLog &log = monitor.log();
    if (log.droppedEvents() > 0) {
        const QString since = formatWallTime(log.droppedUntilUs());
        text += QLatin1Char(' ') +
                (recordPath.isEmpty()
                     ? QCoreApplication::translate(
                           "lockscope::ui::MonitorPage",
                           "Older history (before %1) was dropped from memory; Record keeps "
                           "all of it in a file.")
                           .arg(since)
                     : QCoreApplication::translate(
                           "lockscope::ui::MonitorPage",
                           "Older history (before %1) is in the recording %2.")
                           .arg(since, recordPath));
    }
    return line;
}

} // namespace lockscope::ui
