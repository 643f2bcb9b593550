#include "live_twin.h"

#include <QEventLoop>
#include <QPointer>
#include <QThread>

namespace lockscope::ui {

LiveTwin::LiveTwin(QObject *parent)
    : QObject(parent)
{}

LiveTwin::~LiveTwin()
{
    stopThread();
}

void LiveTwin::stopThread()
{
    if (!m_thread)
        return;
    if (m_stop)
        m_stop->store(true);
    m_thread->wait(); // a cancelled run stops its servers within a second or so
    m_thread.reset();
}

void LiveTwin::start(const RunRequest &request, const RunData::LiveOptions &options)
{
    // One run at a time: the one under way gives way (its result is dropped).
    stopThread();
    auto stop = std::make_shared<std::atomic<bool>>(false);
    m_stop = stop;
    const quint64 number = ++m_number;
    if (!m_running) {
        m_running = true;
        emit runningChanged(true);
    }
    ThreadHandoff *handoff = &m_handoff;
    // A thread of its own, joined before its result is read: the join is what orders the
    // run's writes before the window's reads (ThreadSanitizer follows it; a pool thread handing
    // the run over through the handoff's mutex alone was reported).
    m_thread.reset(QThread::create([this, handoff, request, options, stop, number] {
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
        auto run = RunData::playLive(request, o, &facts, &error);
        handoff->post([this, run, facts, error, stop, number] {
            if (number != m_number)
                return;       // replaced by a newer run
            m_thread->wait(); // its last act was the post that brought us here
            m_thread.reset();
            const bool cancelled = stop->load();
            m_running = false;
            m_lastOk = run && !cancelled;
            const QPointer<LiveTwin> self(this);
            emit finished(cancelled ? nullptr : run, facts, cancelled ? QString() : error);
            if (self)
                emit runningChanged(false);
        });
    }));
    m_thread->start();
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
