// Runs a comparison in worker threads, one task per cell of the matrix (a cell's seeds run in
// seed order inside its task, through runComparison, so a cell's figures are exactly the ones
// runComparison gives for the whole matrix). Cells arrive as they finish; Cancel stops every
// task after its current run (a user's script still running stops at once, however long it
// would run) and keeps the cells that had finished.
#pragma once

#include "common/thread_handoff.h"
#include "compare_cell.h"

#include <QElapsedTimer>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>

namespace lockscope::ui {

class ComparisonController final : public QObject {
    Q_OBJECT
public:
    explicit ComparisonController(QObject *parent = nullptr);
    ~ComparisonController() override; // cancels and waits for the workers

    // Starts the comparison; false with *error (one sentence) when a scenario cannot be built
    // or nothing is chosen. Refused while running.
    bool start(const CompareSettings &settings, QString *error = nullptr);
    void cancel();
    bool isRunning() const { return m_running; }
    // Blocks, handling events (cells arrive), until the comparison ended. For screenshots.
    void waitForFinished();

    const CompareSettings &settings() const { return m_settings; }
    qint64 runsDone() const { return m_runsDone.load(); }
    qint64 runsTotal() const { return m_settings.runCount(); }
    int cellsDone() const { return m_cellsDone; }
    // Seconds left, from the pace so far; negative while unknown.
    double secondsLeft() const;
    const QThreadPool &pool() const { return m_pool; }

signals:
    void cellFinished(const lockscope::ui::CellResult &cell);
    void progressChanged(qint64 runsDone, qint64 runsTotal);
    void finished(bool cancelled);
    // A run ended on an error (a strategy that cannot be judged): its cell stays empty, and
    // the message (one sentence naming the script, its line and the error) says why.
    void runFailed(const QString &message);

private:
    void onTaskDone(bool complete, const CellResult &cell);

    CompareSettings m_settings;
    ThreadHandoff m_handoff; // the cells' results, back on the window's thread
    JobQueue m_jobs;         // the cells, out to m_pool
    QThreadPool m_pool;
    QTimer m_progressTimer;
    QElapsedTimer m_clock;
    // Shared with the tasks, which may outlive a cancelled comparison by one run.
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<bool>> m_scriptLimitHit; // a cell's script hit a limit

    std::atomic<qint64> m_runsDone{0};
    int m_tasksLeft = 0;
    int m_cellsDone = 0;
    bool m_running = false;
    bool m_cancelled = false;
    bool m_failureReported = false;
};

} // namespace lockscope::ui
