// A monitor recording written as it happens: the event log's JSON Lines (event_log.h), appended
// to a file and flushed at least once a second, so that a monitor killed with SIGKILL (or a
// machine that loses power) leaves a file that replays up to its last second.
//
// The header is written first, when owners and servers are not known yet: it says
// "streamed": true, and a reader then takes owner and server names it has not seen as new ones
// (EventLog::readJsonLines). Events are written as whole lines, buffered for at most
// kFlushIntervalMs; a cut in the middle of the last line (a full disk, a crash inside write())
// is what a reader skips with a note.
#pragma once

#include "events/event_log.h"

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QTimer>

namespace lockscope {

class RecordingFile final : public QObject, public EventSink {
    Q_OBJECT
public:
    static constexpr int kFlushIntervalMs = 1000;

    // `log`: whose strings, owners and servers the events name (the monitor's log).
    explicit RecordingFile(const EventLog &log, QObject *parent = nullptr);
    ~RecordingFile() override;

    // Creates (truncates) the file and writes the header; false with *error naming the file.
    bool open(const QString &path, QString *error);
    void consume(const Event &event) override;
    // Writes what is buffered and flushes it to the operating system.
    bool flush();
    // The first write error, if any ("" when all went well).
    QString errorString() const { return m_error; }
    qint64 linesWritten() const { return m_lines; }

private:
    const EventLog &m_log;
    QFile m_file;
    QByteArray m_buffer;
    QTimer m_timer;
    QElapsedTimer m_sinceFlush;
    QString m_error;
    qint64 m_lines = 0;
};

} // namespace lockscope
