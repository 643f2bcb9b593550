// The workspace's cell played on real Redis (Run > Run on Real Redis): RunData::playLive on a
// thread of its own, its progress and its end brought back to the window's thread. One live run
// at a time; a new one cancels the one under way and waits for it (its servers stop within a
// second or so). Destroying it does the same, so no redis-server outlives the window.
#pragma once

#include "common/run_data.h"
#include "common/thread_handoff.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace lockscope::ui {

class LiveTwin final : public QObject {
    Q_OBJECT
public:
    explicit LiveTwin(QObject *parent = nullptr);
    ~LiveTwin() override;

    // Starts playing `request` live; what it ran on and how comes with finished().
    void start(const RunRequest &request, const RunData::LiveOptions &options);
    void cancel();
    bool isRunning() const { return m_running; }
    // Waits, with the event loop turning, until the run under way has ended (for the command
    // line's screenshots and tests); true when it ended with a run.
    bool waitForEnd();

signals:
    // Scenario milliseconds played, of the scenario's total.
    void progress(qint64 doneMs, qint64 totalMs);
    // `run` null: `error` says why (empty when it was cancelled).
    void finished(std::shared_ptr<const lockscope::ui::RunData> run,
                  const lockscope::ui::RunData::LiveFacts &facts, const QString &error);
    void runningChanged(bool running);

private:
    void stopThread(); // cancels the run under way and joins its thread

    std::unique_ptr<QThread> m_thread;
    ThreadHandoff m_handoff;
    std::shared_ptr<std::atomic<bool>> m_stop;
    quint64 m_number = 0;
    bool m_running = false;
    bool m_lastOk = false;
};

} // namespace lockscope::ui
