#include "recording_writer.h"

#include <QCoreApplication>

namespace lockscope {

namespace {
constexpr qsizetype kBufferBytes = 1 << 16;
} // namespace

RecordingWriter::RecordingWriter(const EventLog &log)
    : m_log(log)
{}

RecordingWriter::~RecordingWriter()
{
    close();
}

bool RecordingWriter::open(const QString &path, QString *error)
{
    close();
    m_error.clear();
    m_reason.clear();
    m_events = 0;
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        failed();
        if (error)
            *error = m_error;
        return false;
    }
    m_buffer = m_log.headerJson(true);
    for (const Event &e : m_log.events())
        consume(e);
    if (!flush()) {
        if (error)
            *error = m_error;
        close();
        return false;
    }
    return true;
}

void RecordingWriter::failed()
{
    m_reason = m_file.errorString();
    m_error = QCoreApplication::translate("RecordingWriter", "cannot write the recording to %1: %2")
                  .arg(m_file.fileName(), m_reason);
}

void RecordingWriter::close()
{
    if (!m_file.isOpen())
        return;
    flush();
    m_file.close();
    m_buffer.clear();
}

void RecordingWriter::consume(const Event &event)
{
    if (!m_file.isOpen() || !m_error.isEmpty())
        return;
    m_buffer += m_log.eventToJson(event);
    m_buffer += '\n';
    ++m_events;
    if (m_buffer.size() >= kBufferBytes)
        writeOut();
}

bool RecordingWriter::flush()
{
    if (!m_file.isOpen())
        return m_error.isEmpty();
    if (!writeOut())
        return false;
    if (!m_file.flush()) {
        failed();
        return false;
    }
    return true;
}

bool RecordingWriter::writeOut()
{
    if (!m_error.isEmpty())
        return false;
    if (!m_buffer.isEmpty() && m_file.write(m_buffer) != m_buffer.size()) {
        failed();
        m_buffer.clear();
        return false;
    }
    m_buffer.clear();
    return true;
}

} // namespace lockscope
