// A monitor's history written to a file as it happens: JSON Lines in the event log's format
// (EventLog::writeJsonLines), appended event by event, so that the file holds the whole session
// however long it runs while memory holds only a window of it (HistoryWindow).
//
// The header is written first, before most owners and servers are known, so it says
// "names_as_seen": a reader takes a client or node name it has not met as a new one. Events go
// to the file in 64 KiB pieces and whenever flush() is called (the CLI and the window do it
// every second): a monitor killed mid-session leaves a file that reads up to the last flush.
//
// It is an EventSink of the monitor's recorder (KeyMonitor::addSink): it turns each event into
// text in consume(), while its string ids are valid.
#pragma once

#include "events/event_log.h"

#include <QFile>
#include <QString>

namespace lockscope {

class RecordingWriter final : public EventSink {
public:
    explicit RecordingWriter(const EventLog &log);
    ~RecordingWriter() override; // flushes

    // Creates (or empties) the file and writes the header and the events `log` holds now (the
    // history so far, or the window of it that memory kept). False with *error (one line
    // naming the file) when the file cannot be written.
    bool open(const QString &path, QString *error);
    void close();
    bool isOpen() const { return m_file.isOpen(); }
    QString path() const { return m_file.fileName(); }

    void consume(const Event &event) override;
    // Hands what is buffered to the system. False once a write failed (errorString() says why;
    // later events are not written).
    bool flush();
    QString errorString() const { return m_error; }
    // The system's reason alone ("Permission denied"), for a caller that words its own line.
    QString reason() const { return m_reason; }
    qint64 eventsWritten() const { return m_events; }

private:
    bool writeOut();
    void failed(); // sets the error from the file's


    const EventLog &m_log;
    QFile m_file;
    QByteArray m_buffer;
    QString m_error;
    QString m_reason;
    qint64 m_events = 0;
};

} // namespace lockscope
