// Every strategy under the same scenario and seeds: the figures summed per strategy. Runs are
// spread over worker threads (a simulation run shares nothing with another).
#pragma once

#include "checker.h"
#include "lock/strategy.h"
#include "redis/script_limits.h"
#include "scenario.h"

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace lockscope {

// Acquire latencies counted in fixed, roughly logarithmic buckets: the distribution behind
// p50/p99, summed over runs (counts only, so the order runs finish in does not matter).
struct LatencyHistogram {
    // Bucket i holds latencies below upperBoundsMs()[i] (and not below the previous bound); the
    // last bound is infinity.
    static const std::vector<double> &upperBoundsMs();
    std::vector<qint64> counts; // one per bound once anything was added; empty before
    void add(qint64 latencyUs);
    void merge(const LatencyHistogram &other);
    qint64 total() const;
};

// Counts the latency of every Acquired event it sees (a simulation's or a live run's sink).
class LatencyHistogramSink final : public EventSink {
public:
    void consume(const Event &event) override;
    LatencyHistogram histogram;
};

struct ComparisonRow {
    QString scenario;
    QString strategy;
    int runs = 0;
    int runsUnsafe = 0;        // runs the verdict rule (runIsUnsafe) judges unsafe
    int runsWithViolation = 0; // runs with a violation or a mistaken deletion
    int runsWithStuckLock = 0;
    // Counts summed over runs. Latency p50/p99 are percentiles of every acquisition of every
    // run (from sum.latency, within LatencySketch::kRelativeError), the max the largest;
    // fairness is the mean over the runs in which anyone acquired. No data stays no data.
    CheckReport sum;
    double throughputPerSimSecond = 0; // acquisitions per simulated second, summed over runs
    LatencyHistogram latency;          // only when the request asked for it
    QString error; // the first run (in seed order) that ended on an error; runs omit it
    // Set when `error` is a script stopped at the time limit or the memory cap (which ended
    // the whole comparison).
    ScriptStop scriptStop = ScriptStop::None;
    QJsonObject toJson() const; // the summed report's fields, the runs and the verdict
};

struct ComparisonRequest {
    QList<Scenario> scenarios;
    QStringList strategies; // empty: every built-in strategy
    int seeds = 10;
    quint64 firstSeed = 1;
    int threads = 0;               // 0: one per core
    bool latencyHistogram = false; // fill each row's `latency` (a sink per run: a little slower)
    // The bounds on every script. The first run whose script hits the time limit or the memory
    // cap ends the whole comparison (the others' scripts are stopped at once, no new run
    // starts): its row gets that run's error, which no other row's figures could outweigh.
    ScriptLimits scriptLimits;
    // A strategy that is not built in (custom scripts), run for the rows whose strategy id is
    // its id; list that id in `strategies`.
    std::shared_ptr<const Strategy> custom;
    // Sees every run's own report as it finishes, from a worker thread (must be thread-safe).
    std::function<void(const QString &scenario, const QString &strategy, quint64 seed,
                       const CheckReport &report)>
        perRun;
};

// Called from worker threads as runs finish (done, total).
using ComparisonProgress = std::function<void(int, int)>;

// Rows in (scenario, strategy) order; stops early when *cancel becomes true (rows then hold
// only the runs that finished).
QList<ComparisonRow> runComparison(const ComparisonRequest &request,
                                   const ComparisonProgress &progress = {},
                                   const std::atomic<bool> *cancel = nullptr);

// The one verdict rule, for a run and for a cell of the safety matrix (scenario x strategy);
// the CLI's table, matrix, JSON and CSV and the window all show it:
//  - a run is unsafe when it had a violation, a mistaken deletion, a stuck lock or a lost
//    update. A fencing strategy's violations are harmless when the resource rejected the stale
//    writes and no update was lost.
//  - Unsafe: some run of the cell is unsafe (ComparisonRow::runsUnsafe > 0).
//  - LivenessLoss: no run is unsafe, but a client starved or an acquire gave up.
//  - Safe: neither.
enum class CellVerdict { Safe, Unsafe, LivenessLoss };
bool runIsUnsafe(const CheckReport &report, bool fencing);
CellVerdict runVerdict(const CheckReport &report, bool fencing); // one run, as a cell of one
CellVerdict verdictOf(const ComparisonRow &row);
// Stable ids: "safe", "unsafe", "liveness-loss".
QString verdictId(CellVerdict verdict);

// The matrix as lockscope-cli compare prints it with --csv (a header line, one line per row) and
// with --all-scenarios --json ({"seeds": N, "cells": [...]}): the verdict and the counts behind it.
QString comparisonCsv(const QList<ComparisonRow> &rows);
QJsonObject comparisonJson(const QList<ComparisonRow> &rows, int seeds);

} // namespace lockscope
