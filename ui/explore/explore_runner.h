// One search of the Explore page (core/explore/explorer.h) on a thread of its own, its progress
// and its end brought back to the window's thread. explore() blocks and runs its own workers;
// the thread that calls it is joined before its result is read (the same rule as the live twin:
// ThreadSanitizer follows a join, not a hand-over through a queue alone). One search at a time.
#pragma once

#include "common/thread_handoff.h"
#include "explore/explorer.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace lockscope::ui {

class ExploreRunner final : public QObject {
    Q_OBJECT
public:
    explicit ExploreRunner(QObject *parent = nullptr);
    ~ExploreRunner() override; // cancels the search under way and joins its thread

    // Starts searching `request`; false when one is under way already.
    bool start(const ExploreRequest &request);
    // Asks the search to stop: it ends soon, with what it found so far.
    void cancel();
    bool isRunning() const { return m_running; }
    bool isCancelling() const { return m_running && m_stop && m_stop->load(); }
    // Waits, with the event loop turning, until the search under way has ended (the command
    // line's screenshots, tests).
    void waitForEnd();

signals:
    // About ten times a second while the search runs.
    void progress(const lockscope::ExploreProgress &progress);
    // The search ended (completed, cancelled, or refused: result.error).
    void finished(const lockscope::ExploreResult &result);
    void runningChanged(bool running);

private:
    void stopThread();

    std::unique_ptr<QThread> m_thread;
    ThreadHandoff m_handoff;
    std::shared_ptr<std::atomic<bool>> m_stop;
    // What the thread leaves behind; read only after it has been joined.
    std::shared_ptr<ExploreResult> m_result;
    bool m_running = false;
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ExploreProgress)
Q_DECLARE_METATYPE(lockscope::ExploreResult)
