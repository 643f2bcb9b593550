// The live agreement matrix of the compare page's third tab: runLiveMatrix (every cell simulated
// and played on real redis-server processes of its own, repetition k against the simulation of
// seed k) on a worker thread, its cells and progress handed back to the window's thread.
// Destroying it mid-run cancels and joins: no redis-server it started outlives it.
#pragma once

#include "common/thread_handoff.h"
#include "compare_cell.h"
#include "live/live_matrix.h"

#include <QElapsedTimer>
#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace lockscope::ui {

class AgreementRun final : public QObject {
    Q_OBJECT
public:
    explicit AgreementRun(QObject *parent = nullptr);
    ~AgreementRun() override; // cancels and waits for the worker (and so for every server)

    // Starts the matrix of the settings' scenarios and strategies (seeds and workload as the
    // settings say) with `repetitions` live runs per cell; false with *error (one sentence)
    // when it cannot start: nothing chosen, no redis-server, a scenario or script that does not
    // build, or a run already going.
    bool start(const CompareSettings &settings, int repetitions, QString *error = nullptr);
    void cancel();
    bool isRunning() const { return m_running; }
    bool wasCancelled() const { return m_cancelled; }
    int cellsDone() const { return m_done; }
    int cellsTotal() const { return m_total; }
    int repetitions() const { return m_repetitions; }
    // The wall time of the last run (or of this one so far).
    qint64 wallMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }
    // Blocks, handling events, until the run ended. For screenshots and tests.
    void waitForFinished();

    // Cells played at once, each on servers of its own.
    static constexpr int kParallel = 2;

signals:
    void cellFinished(const lockscope::LiveMatrixCell &cell);
    void progress(int done, int total);
    // The run ended (also after a cancel: wasCancelled() says so): the cells it played.
    void finished(const QList<lockscope::LiveMatrixCell> &cells);
    // Not one cell could run live (redis-server did not start, ...): the first error. Ends the
    // run like finished().
    void failed(const QString &error);

private:
    void onDone(const QList<LiveMatrixCell> &cells);

    ThreadHandoff m_handoff; // from the worker and the matrix's threads to the window's
    std::unique_ptr<QThread> m_thread;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QElapsedTimer m_clock;
    int m_done = 0;
    int m_total = 0;
    int m_repetitions = 1;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace lockscope::ui
