#include "session_recording.h"

#include "monitor/key_monitor.h"

#include <QCoreApplication>

namespace lockscope::ui {

SessionRecording::~SessionRecording()
{
    stop();
}

bool SessionRecording::start(KeyMonitor &monitor, const QString &path, QString *error)
{
    stop(); // a failed start ends any earlier recording too
    auto writer = std::make_unique<RecordingWriter>(monitor.log());
    if (!writer->open(path, nullptr)) {
        // The page's text, in its translation context.
        if (error)
            *error = QCoreApplication::translate("lockscope::ui::MonitorPage",
                                                 "Cannot write the recording to %1: %2")
                         .arg(path, writer->reason());
        return false;
    }
    m_writer = std::move(writer);
    m_monitor = &monitor;
    monitor.addSink(m_writer.get());
    return true;
}

void SessionRecording::write()
{
    if (m_writer)
        m_writer->flush();
}

void SessionRecording::stop()
{
    if (!m_writer)
        return;
    if (m_monitor)
        m_monitor->removeSink(m_writer.get());
    m_writer->close();
    m_writer.reset();
    m_monitor.clear();
}

} // namespace lockscope::ui
