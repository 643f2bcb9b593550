#include "session_recording.h"

#include "events/event_log.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace lockscope::ui {

bool SessionRecording::start(const EventLog &log, const QString &path, QString *error)
{
    QSaveFile file(path);
    bool written = file.open(QIODevice::WriteOnly);
    if (written) {
        log.writeJsonLines(file);
        written = file.commit();
    }
    if (!written) {
        m_path.clear(); // a failed start ends any earlier recording too
        // The page's text, in its translation context.
        if (error)
            *error = QCoreApplication::translate("lockscope::ui::MonitorPage",
                                                 "Cannot write the recording to %1: %2")
                         .arg(path, file.errorString());
        return false;
    }
    m_path = path;
    m_written = log.events().size();
    return true;
}

void SessionRecording::write(const EventLog *log)
{
    if (m_path.isEmpty() || !log || log->events().size() == m_written)
        return;
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly))
        return;
    log->writeJsonLines(file);
    if (file.commit())
        m_written = log->events().size();
}

} // namespace lockscope::ui
