#include "live_twin.h"

#include <QEventLoop>
#include <QPointer>

namespace lockscope::ui {

LiveTwin::LiveTwin(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

LiveTwin::~LiveTwin()
{
    if (m_stop)
        m_stop->store(true);
    m_pool.waitForDone();
}

void LiveTwin::start(const RunRequest &request, const RunData::LiveOptions &options)
{
    if (m_stop)
        m_stop->store(true); // the run under way gives way; its result is dropped
    auto stop = std::make_shared<std::atomic<bool>>(false);
    m_stop = stop;
    const quint64 number = ++m_number;
    if (!m_running) {
        m_running = true;
        emit runningChanged(true);
    }
    ThreadHandoff *handoff = &m_handoff;
    m_jobs.start(m_pool, [this, handoff, request, options, stop, number] {
        RunData::LiveOptions o = options;
        o.cancel = stop.get();
        // About ten calls a second; each is handed over whole, the newest wins on screen.
        o.progress = [this, handoff, number](qint64 doneMs, qint64 totalMs) {
            handoff->post([this, number, doneMs, totalMs] {
                if (number == m_number)
                    emit progress(doneMs, totalMs);
            });
        };
        RunData::LiveFacts facts;
        QString error;
        std::shared_ptr<const RunData> run = RunData::playLive(request, o, &facts, &error);
        handoff->post([this, run, facts, error, stop, number] {
            if (number != m_number)
                return; // replaced by a newer run
            const bool cancelled = stop->load();
            m_running = false;
            m_lastOk = run && !cancelled;
            const QPointer<LiveTwin> self(this);
            emit finished(cancelled ? nullptr : run, facts, cancelled ? QString() : error);
            if (self)
                emit runningChanged(false);
        });
    });
}

void LiveTwin::cancel()
{
    if (m_stop)
        m_stop->store(true);
}

bool LiveTwin::waitForEnd()
{
    if (!m_running)
        return m_lastOk;
    QEventLoop loop;
    connect(this, &LiveTwin::runningChanged, &loop, [&](bool running) {
        if (!running)
            loop.quit();
    });
    loop.exec();
    return m_lastOk;
}

} // namespace lockscope::ui
