// Records a live session: the monitor's history written to a file (JSON lines) as it happens.
// Starting writes what the monitor holds in memory (the whole session, or its newest window:
// HistoryWindow), then every new event is appended (RecordingWriter); the page's clock hands
// the file to the system every 2 s, and stopping does it once more. Open recording reads it.
#pragma once

#include "monitor/recording_writer.h"

#include <QPointer>
#include <QString>

namespace lockscope {
class KeyMonitor;
} // namespace lockscope

namespace lockscope::ui {

class SessionRecording {
public:
    SessionRecording() = default;
    ~SessionRecording();
    Q_DISABLE_COPY_MOVE(SessionRecording)

    // Writes what `monitor` holds to `path` and records there from now on; false with *error
    // if it cannot.
    bool start(KeyMonitor &monitor, const QString &path, QString *error);
    // Hands the events recorded since the last call to the system.
    void write();
    // Records no more (the file keeps everything recorded so far).
    void stop();

    bool recording() const { return m_writer != nullptr; }
    QString path() const { return m_writer ? m_writer->path() : QString(); }

private:
    QPointer<KeyMonitor> m_monitor;
    std::unique_ptr<RecordingWriter> m_writer;
};

} // namespace lockscope::ui
