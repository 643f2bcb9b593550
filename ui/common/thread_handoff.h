// Hands work from worker threads to the thread an object lives in (the window's), in the order
// it was handed over: how the Compare page's cells, the workspace's runs and the monitor
// history's builds come back from their pools.
//
// Why not QMetaObject::invokeMethod with a lambda: the lambda's slot object is built on the
// worker and read on the window's thread, ordered only by the lock inside Qt's event queue, and
// Debian's Qt is not built for ThreadSanitizer, so TSan sees every hand-over as a data race
// (installer/sanitizer-check.sh runs these pages under TSan). Here the functions pass through a
// std::mutex TSan sees, and the wake-up is a queued call by name, made inside Qt alone.
#pragma once

#include <QObject>

#include <functional>
#include <mutex>
#include <vector>

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

} // namespace lockscope::ui
