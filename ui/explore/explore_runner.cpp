#include "explore_runner.h"

#include <QEventLoop>
#include <QPointer>
#include <QThread>

namespace lockscope::ui {

ExploreRunner::ExploreRunner(QObject *parent)
    : QObject(parent)
{}

ExploreRunner::~ExploreRunner()
{
    stopThread();
}

void ExploreRunner::stopThread()
{
    if (!m_thread)
        return;
    if (m_stop)
        m_stop->store(true);
    m_thread->wait();
    m_thread.reset();
}

bool ExploreRunner::start(const ExploreRequest &request)
{
    if (m_running)
        return false;
    stopThread(); // a thread that has ended but whose end is still on its way here
    auto stop = std::make_shared<std::atomic<bool>>(false);
    auto result = std::make_shared<ExploreResult>();
    m_stop = stop;
    m_result = result;
    m_running = true;
    emit runningChanged(true);
    ThreadHandoff *handoff = &m_handoff;
    m_thread.reset(QThread::create([this, handoff, request, stop, result] {
        // The progress callback runs on this thread: each report is handed over whole.
        const auto onProgress = [this, handoff](const ExploreProgress &p) {
            handoff->post([this, p] {
                if (m_running)
                    emit progress(p);
            });
        };
        *result = explore(request, onProgress, stop.get());
        handoff->post([this, result] {
            if (!m_thread || m_result != result)
                return;       // the runner was destroyed meanwhile (the handoff drops it)
            m_thread->wait(); // its last act was the post that brought us here
            m_thread.reset();
            m_running = false;
            const ExploreResult done = *result; // read after the join
            m_result.reset();
            const QPointer<ExploreRunner> self(this);
            emit finished(done);
            // A handler of finished() may have started the next search ("Break them all").
            if (self && !m_running)
                emit runningChanged(false);
        });
    }));
    m_thread->start();
    return true;
}

void ExploreRunner::cancel()
{
    if (m_stop)
        m_stop->store(true);
}

void ExploreRunner::waitForEnd()
{
    if (!m_running)
        return;
    QEventLoop loop;
    connect(this, &ExploreRunner::runningChanged, &loop, [&loop](bool running) {
        if (!running)
            loop.quit();
    });
    loop.exec();
}

} // namespace lockscope::ui
