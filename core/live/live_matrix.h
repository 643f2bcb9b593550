// The live agreement matrix: every scenario x strategy cell simulated and played live K times,
// each repetition against its own simulation (same seed), so a reader sees per cell whether the
// simulator's story happens on real Redis. Cells that cannot run live say why.
#pragma once

#include "live_agreement.h"
#include "sim/scenario.h"

#include <atomic>
#include <functional>
#include <memory>

namespace lockscope {

struct LiveMatrixCell {
    QString scenario;
    QString strategy;
    QString refusal;              // not reproducible live, and why; empty when it ran
    QString error;                // a repetition could not run (a server did not start, ...)
    QList<CellVerdict> simulated; // per repetition (seed = repetition + 1)
    QList<CellVerdict> live;
    int agreeing = 0;        // repetitions whose verdict and kinds of finding agree
    QStringList differences; // of the first repetition that disagreed
    qint64 wallMs = 0;       // all its live repetitions
    double timeScale = 1.0;
    bool agrees() const { return refusal.isEmpty() && error.isEmpty() && agreeing == live.size(); }
};

// What a cell says, for the CLI's JSON and CSV and the window's colours. NotRun: a cancel came
// before its first repetition ended.
enum class LiveCellStatus { Agree, Disagree, NotReproducible, Error, NotRun };
LiveCellStatus liveCellStatus(const LiveMatrixCell &cell);
// "agree", "disagree", "not-reproducible", "error", "not-run".
QString liveCellStatusId(LiveCellStatus status);
// Why it is not an agreement: the refusal, the error, or the differences ("; "-joined).
QString liveCellReason(const LiveMatrixCell &cell);

struct LiveMatrixRequest {
    QList<Scenario> scenarios;
    QStringList strategies;                 // built-in ids
    std::shared_ptr<const Strategy> custom; // also a column, when set
    int repetitions = 3;
    double timeScale = 0; // 0: defaultLiveTimeScale of each scenario
    int parallel = 2;     // cells played at once, each on servers of its own
    const std::atomic<bool> *cancel = nullptr;
    // From the worker threads, serialised: cells done, of total.
    std::function<void(int done, int total)> progress;
    // From the worker threads, serialised with `progress`, before it: each cell as it ends.
    std::function<void(const LiveMatrixCell &cell)> cellFinished;
};

// Rows in scenario order, strategies within; blocking (worker threads with event loops of
// their own run the cells; the caller's thread only waits).
QList<LiveMatrixCell> runLiveMatrix(const LiveMatrixRequest &request);

} // namespace lockscope
