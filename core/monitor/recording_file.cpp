#include "recording_file.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace lockscope {

namespace {
constexpr qsizetype kBufferBytes = 1 << 16; // written earlier than the second when this full
} // namespace

RecordingFile::RecordingFile(const EventLog &log, QObject *parent)
    : QObject(parent)
    , m_log(log)
{
    // The timer covers quiet stretches: a line written just before a long silence still
    // reaches the file within the second.
    m_timer.setInterval(kFlushIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] { flush(); });
}

RecordingFile::~RecordingFile()
{
    flush();
}

bool RecordingFile::open(const QString &path, QString *error)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
        *error = QCoreApplication::translate("RecordingFile", "cannot write the recording to %1: %2")
                     .arg(path, m_file.errorString());
        return false;
    }
    const RunInfo &info = m_log.info();
    auto names = [](const QList<QByteArray> &list) {
        QJsonArray a;
        for (const QByteArray &n : list)
            a.append(QString::fromUtf8(n));
        return a;
    };
    const QJsonObject header{
        {QStringLiteral("lockscope_log"), 1},
        {QStringLiteral("source"), info.source},
        {QStringLiteral("scenario"), info.scenario},
        {QStringLiteral("strategy"), info.strategy},
        {QStringLiteral("seed"), QString::number(info.seed)},
        {QStringLiteral("ttl_ms"), info.ttlMs},
        {QStringLiteral("clients"), names(info.clients)},
        {QStringLiteral("nodes"), names(info.nodes)},
        {QStringLiteral("streamed"), true},
    };
    m_buffer = QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n';
    m_sinceFlush.start();
    m_timer.start();
    if (!flush()) {
        *error = m_error;
        return false;
    }
    return true;
}

void RecordingFile::consume(const Event &event)
{
    if (!m_file.isOpen())
        return;
    m_buffer += m_log.eventToJson(event);
    m_buffer += '\n';
    ++m_lines;
    if (m_buffer.size() >= kBufferBytes || m_sinceFlush.elapsed() >= kFlushIntervalMs)
        flush();
}

bool RecordingFile::flush()
{
    m_sinceFlush.restart();
    if (m_buffer.isEmpty() || !m_file.isOpen())
        return m_error.isEmpty();
    // Unbuffered: one write() per flush, of whole lines, straight to the operating system.
    const qint64 n = m_file.write(m_buffer);
    if (n != m_buffer.size() && m_error.isEmpty())
        m_error = QCoreApplication::translate("RecordingFile", "cannot write the recording to %1: %2")
                      .arg(m_file.fileName(), m_file.errorString());
    m_buffer.clear();
    return m_error.isEmpty();
}

} // namespace lockscope
