#include "thread_handoff.h"

#include <QPointer>
#include <QThreadPool>

namespace lockscope::ui {

ThreadHandoff::ThreadHandoff(QObject *parent)
    : QObject(parent)
{}

void ThreadHandoff::post(std::function<void()> function)
{
    bool wake = false;
    {
        const std::lock_guard lock(m_mutex);
        wake = m_posted.empty(); // otherwise a wake-up is on its way already
        m_posted.push_back(std::move(function));
    }
    if (wake)
        QMetaObject::invokeMethod(this, "runPosted", Qt::QueuedConnection);
}

void ThreadHandoff::runPosted()
{
    std::vector<std::function<void()>> posted;
    {
        const std::lock_guard lock(m_mutex);
        posted.swap(m_posted);
    }
    // A function may post again (it goes into the next round), or destroy the owner and this
    // object with it: then the functions after it, which belong to the owner, are dropped.
    const QPointer<ThreadHandoff> self(this);
    for (std::function<void()> &f : posted) {
        f();
        if (!self)
            return;
    }
}

void JobQueue::start(QThreadPool &pool, std::function<void()> job)
{
    {
        const std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(job));
    }
    // One runnable per job; it captures only this queue (kept inside the runnable, copied by
    // Qt), so nothing of the job's own passes through the pool.
    pool.start([this] { runNext(); });
}

void JobQueue::runNext()
{
    std::function<void()> job;
    {
        const std::lock_guard lock(m_mutex);
        if (m_jobs.empty())
            return;
        job = std::move(m_jobs.front());
        m_jobs.pop_front();
    }
    job();
}

} // namespace lockscope::ui
