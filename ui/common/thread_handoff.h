// Hands work between the window's thread and worker pools so that ThreadSanitizer can follow
// it: ThreadHandoff brings results back to the thread an object lives in, JobQueue gives jobs to
// a QThreadPool. The Compare page's cells, the workspace's runs and the monitor history's
// builds go out through a JobQueue and come back through a ThreadHandoff.
//
// Why not QMetaObject::invokeMethod with a lambda: the lambda's slot object is built on the
// worker and read on the window's thread, ordered only by the lock inside Qt's event queue, and
// Debian's Qt is not built for ThreadSanitizer, so TSan sees every hand-over as a data race
// (installer/sanitizer-check.sh runs these pages under TSan). Here the functions pass through a
// std::mutex TSan sees, and the wake-up is a queued call by name, made inside Qt alone.
#pragma once

#include <QObject>

#include <deque>
#include <functional>
#include <mutex>
#include <vector>

class QThreadPool;

namespace lockscope::ui {

class ThreadHandoff final : public QObject {
    Q_OBJECT
public:
    explicit ThreadHandoff(QObject *parent = nullptr);

    // From any thread: `function` runs on this object's thread. The owner joins its workers
    // before it destroys this object, so nothing is handed to a handoff that is gone; what is
    // still waiting when it is destroyed is dropped.
    void post(std::function<void()> function);

private:
    Q_INVOKABLE void runPosted();

    std::mutex m_mutex;
    std::vector<std::function<void()>> m_posted;
};

// The other direction. A job given to QThreadPool::start is built on the starting thread and
// read on a pooled thread; when that thread is busy it takes the job from the pool's queue under
// a lock inside Qt, which TSan cannot see (a lambda with a large capture is a race to it then).
// Here the job itself waits in a std::mutex-guarded queue; the pool only gets a small runnable
// that takes the next one.
class JobQueue {
public:
    // Runs `job` on one of `pool`'s threads. The owner waits for the pool before it destroys
    // this queue.
    void start(QThreadPool &pool, std::function<void()> job);

private:
    void runNext();

    std::mutex m_mutex;
    std::deque<std::function<void()>> m_jobs;
};

} // namespace lockscope::ui
