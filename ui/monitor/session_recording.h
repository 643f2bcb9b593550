// Records a live session: the monitor's event log written to a file (JSON lines) when recording
// starts, again whenever the page's clock finds it grew (every 2 s) and when it stops. Written
// through QSaveFile, so the file always holds a whole log that Open recording can read.
#pragma once

#include <QString>

#include <cstddef>

namespace lockscope {
class EventLog;
} // namespace lockscope

namespace lockscope::ui {

class SessionRecording {
public:
    // Writes `log` to `path` and records there from now on; false with *error if it cannot.
    bool start(const EventLog &log, const QString &path, QString *error);
    // Rewrites the file if `log` grew since the last write (nullptr: nothing to write).
    void write(const EventLog *log);
    // Records no more (write() the last events first).
    void stop() { m_path.clear(); }

    bool recording() const { return !m_path.isEmpty(); }
    QString path() const { return m_path; }

private:
    QString m_path;
    std::size_t m_written = 0; // events in the file
};

} // namespace lockscope::ui
