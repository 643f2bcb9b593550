// Whether a live run of a scenario cell tells the same story as its simulation: the same
// verdict (safe, unsafe, liveness loss) and the same kinds of finding (a violation, a mistaken
// deletion, a stuck lock, a lost update, a stale write refused). Counts may differ (a live
// run's timing moves by a few milliseconds); the kinds of what went wrong may not.
#pragma once

#include "sim/checker.h"
#include "sim/comparison.h"

#include <QStringList>

namespace lockscope {

struct Agreement {
    CellVerdict simulated = CellVerdict::Safe;
    CellVerdict live = CellVerdict::Safe;
    // One line per difference: "mistaken deletions: simulated 1, live 0".
    QStringList differences;
    bool agrees() const { return differences.isEmpty(); }
};

Agreement compareWithSimulation(const CheckReport &simulated, const CheckReport &live,
                                bool fencing);

} // namespace lockscope
