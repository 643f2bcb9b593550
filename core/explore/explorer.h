// Explore: a bounded exhaustive search of fault placements (issue 16). Every placement of up to
// K faults of the chosen kinds at every step of every client's run of a small workload is
// simulated; the answer is, per kind of finding, the smallest counterexample (fewest faults,
// then the earliest finding) as a scenario that reproduces it, or a bounded guarantee: "none in
// N schedules within K faults of these kinds".
//
// How: a run with faults F is observed (core/sim/step_observer.h) to learn every step each
// client reaches after F's last fault; each is a place for one more fault. The simulator is
// deterministic, so a run with F plus one fault placed later is identical to F's run up to that
// place: extending only later places enumerates every set of placements once. Places where
// nothing happened in between (the reply to one command and the send of the next) are the same
// state for a fault that strikes at an instant and are explored once (counted as pruned). The
// simulator cannot snapshot a run (coroutine frames, Lua interpreters), so every schedule runs
// from the start; levels run in order (every 1-fault schedule before any 2-fault one), so the
// smallest counterexamples come first, on every core.
#pragma once

#include "explore_faults.h"
#include "lock/strategy.h"
#include "redis/script_limits.h"
#include "sim/checker.h"
#include "sim/scenario.h"

#include <QList>
#include <QString>

#include <array>
#include <atomic>
#include <functional>
#include <memory>

namespace lockscope {

// The finding kinds searched for, in report order.
inline constexpr std::array<Finding::Kind, 5> kExploreFindingKinds = {
    Finding::Kind::Violation, Finding::Kind::MistakenDeletion, Finding::Kind::StuckLock,
    Finding::Kind::LostUpdate, Finding::Kind::Starvation};

struct ExploreWorkload {
    int clients = 2;
    int cycles = 2; // lock cycles per client
    qint64 ttlMs = 100;
    qint64 holdMs = 10;
    // Redlock's independent nodes. Three, not the library default of five: the smallest
    // deployment with a majority that one node's loss cannot take away, and every node more
    // multiplies the places a fault can go.
    int redlockNodes = 3;
    // Client i starts i times this late. One millisecond, more than a hop: the first
    // acquisition has landed before the next client's request leaves, so a node fault can
    // strike in between. 0 starts them together: their requests are in flight at once, and
    // which arrives first is an ordering the search varies (ExploreFault::Reorder).
    qint64 startStaggerMs = 1;
};

struct ExploreRequest {
    QString strategyId;                       // a built-in strategy...
    std::shared_ptr<const Strategy> strategy; // ...or this one (your scripts), if set
    ExploreWorkload workload;
    QList<ExploreFault> faults; // empty: every kind that applies to the strategy's topology
    int maxFaults = 2;          // K, 0..kMaxExploreFaults
    int threads = 0;            // 0: one per core
    // The finding kinds that count as a counterexample (empty: all of kExploreFindingKinds).
    // The search ends early once each has its smallest: a team gating a CI job on its own
    // scripts asks for the safety kinds it cares about ("fenced" with lost updates, say).
    QList<Finding::Kind> find;
    ScriptLimits scriptLimits; // for your scripts
};
inline constexpr int kMaxExploreFaults = 3;

struct Counterexample {
    Finding::Kind kind = Finding::Kind::Violation;
    QList<FaultPlacement> placements; // empty: the workload breaks with no fault at all
    qint64 findingUs = 0;             // when the finding first showed
    Scenario scenario;                // replays it (the workload plus these faults)
    QString witness;                  // the checker's sentence about the finding
};

struct ExploreProgress {
    quint64 schedules = 0; // run so far
    quint64 pruned = 0;
    quint64 total = 0; // schedules known so far to be run (grows as levels open)
    int level = 0;     // faults per schedule being explored now
    double elapsedSeconds = 0;
    int found = 0; // finding kinds with a counterexample so far
};

struct ExploreResult {
    bool ok = false;
    QString error; // the request cannot be searched (unknown strategy, the workload fails)
    bool cancelled = false;
    quint64 schedules = 0;
    quint64 pruned = 0;
    int completedLevel = -1; // every schedule with up to this many faults was run
    double wallSeconds = 0;
    double firstCounterexampleSeconds = -1;
    // When every schedule with up to i faults had run ([0] the workload alone): from the end
    // of the first level with a counterexample, the smallest is proven the smallest.
    QList<double> levelSeconds;
    QString strategyId;
    ExploreWorkload workload;
    int maxFaults = 0;
    QList<ExploreFault> faults; // the vocabulary searched
    QList<Finding::Kind> find;  // the kinds searched for, in kExploreFindingKinds order
    // The smallest counterexample of each finding kind found, smallest first (fewest faults,
    // then the earliest finding).
    QList<Counterexample> counterexamples;
    // A script of yours failed at run time under some schedule: how often, and the first
    // message (file and line), in search order. The search went on.
    quint64 scriptErrors = 0;
    QString firstScriptError;

    const Counterexample *smallest(Finding::Kind kind) const;
    // "no mistaken deletion in 1,234 schedules within 2 faults (pause-short, ...)" or
    // "mistaken deletion with 1 fault: ..." — one line per kind, translated.
    QString verdictLine(Finding::Kind kind) const;
};

// The workload as a scenario: what every schedule runs, before faults are added.
Scenario exploreScenario(const ExploreRequest &request, const StrategyInfo &info);
// The kinds that apply: the requested ones (or all), less a failover without replicas.
QList<ExploreFault> exploreFaultsFor(const ExploreRequest &request);
// Checks a request before a search (counts in range, strategy known); false with *error.
bool validateExploreRequest(const ExploreRequest &request, QString *error);

// Runs the search on request.threads threads. `progress` (may be empty) is called on the
// calling thread about ten times a second; `stop` (may be null) cancels: what was found is
// kept and the result says cancelled.
using ExploreProgressFn = std::function<void(const ExploreProgress &)>;
ExploreResult explore(const ExploreRequest &request, const ExploreProgressFn &progress = {},
                      const std::atomic<bool> *stop = nullptr);

QString findingKindLabel(Finding::Kind kind); // "mistaken deletion", translated
QString faultCountText(int n);                // "1 fault", "2 faults", translated
// The kinds by findingKindId ("stuck_lock"); false with *error naming the unknown one.
bool parseFindingKinds(const QString &commaList, QList<Finding::Kind> *out, QString *error);

} // namespace lockscope
