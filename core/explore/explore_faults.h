// The fault vocabulary of a search (lockscope-cli explore, the Explore page): each kind, where it
// can be placed (which phases of a step), and the scenario fault it becomes. Durations follow the
// workload's TTL, so "a pause longer than the TTL" means the same thing at any TTL.
#pragma once

#include "sim/scenario.h"

#include <QList>
#include <QString>

namespace lockscope {

struct StrategyInfo;

enum class ExploreFault : quint8 {
    PauseShort, // the client stops the world for half the TTL (survivable)
    PauseLong,  // ... for twice the TTL (its lease runs out meanwhile)
    Crash,      // the client process dies
    LoseReply,  // the command executes, its reply never comes back
    DelayReply, // the reply comes twice the TTL late
    // Two requests to one node in flight together arrive in the other order: the first is held
    // back just long enough for the other client's to overtake it. Placed only where that
    // happens in the run (the search's "orderings of concurrent requests").
    Reorder,
    NodeCrash,   // a lock node goes down for twice the TTL and comes back with its data
    NodeRestart, // a lock node restarts at once without persistence: empty
    Failover,    // the primary dies, its replica (lagging) is promoted
    ClockJump,   // a lock node's clock jumps twice the TTL ahead
};
inline constexpr int kExploreFaultKinds = 10;

QList<ExploreFault> allExploreFaults();
QString exploreFaultId(ExploreFault fault); // "pause-long"
bool parseExploreFault(const QString &id, ExploreFault *out);
// "pause longer than the TTL", translated.
QString exploreFaultLabel(ExploreFault fault);
bool isNodeFault(ExploreFault fault);
// A failover needs a replica; every other kind applies to any topology.
bool exploreFaultNeedsReplica(ExploreFault fault);
// Whether the kind can be placed at a step in this phase ("before", "sent", "after", "at"): a
// lost or late reply belongs to a command in flight, a reordering to one about to leave, the
// rest strike at any step.
bool exploreFaultFitsPhase(ExploreFault fault, const char *phase);

// One fault placed at one step of one client's run: the n-th time `client` reaches `step` in
// `phase`. A node fault strikes `node` at that instant; a client fault strikes the client.
struct FaultPlacement {
    ExploreFault fault = ExploreFault::PauseShort;
    int client = 0;
    QByteArray step;
    QByteArray phase; // before | sent | after | at (a checkpoint)
    int occurrence = 1;
    int node = 0;
    qint64 timeUs = 0; // when it struck, in the run that placed it
    // A reordering: how long the command is held back, and whose request overtakes it.
    qint64 holdMs = 0;
    int overtakenBy = -1;
};

// The scenario fault for a placement, with durations from `ttlMs`.
FaultSpec faultSpecFor(const FaultPlacement &placement, const QList<ClientSpec> &clients,
                       qint64 ttlMs);
// "A pauses 200 ms (longer than the TTL) after the reply to release.get (1st time)", translated.
QString describePlacement(const FaultPlacement &placement, const QList<ClientSpec> &clients,
                          qint64 ttlMs);

} // namespace lockscope
