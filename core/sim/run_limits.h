// The caps on what a run may ask for, and the memory a run is expected to need.
//
// Every way into a simulation reads its caps here: a scenario file's fields (scenario.cpp),
// lockscope-cli's flags (--clients, --keys, --duration, --seeds) and the window's spin boxes.
// So no door admits what another refuses, and a message can name the same cap everywhere.
//
// Within the caps a run can still be too big for the machine (100,000 clients for a virtual
// day, every event kept), so runSimulation() and the comparisons estimate the memory first and
// refuse, with the estimate, a run that needs more than the machine has. The model is stated in
// run_limits.cpp with the measurements behind its constants.
#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

namespace lockscope {

struct Scenario;

namespace limits {

// Simulated clients of one run: events carry the client as a 16-bit index (event.h), so client
// 32,768 and beyond cannot be told apart. (lockscope-cli once allowed 100,000: the clients past
// 32,767 died of an exception nobody read, issue 12.)
inline constexpr int kMaxClients = 32767;
inline constexpr int kMaxKeys = 1000000;           // lock keys of one run
inline constexpr int kMaxNodes = 100;              // lock nodes (`nodes`, `redlock_nodes`)
inline constexpr int kMaxReplicas = 16;            // replicas per node
inline constexpr qint64 kMaxDurationMs = 86400000; // one virtual day
inline constexpr int kMaxSeeds = 100000;           // seeds per strategy in a comparison

} // namespace limits

// The memory one run is expected to need, in bytes; keepLog counts the event log too.
qint64 estimateRunBytes(const Scenario &scenario, bool keepLog);
// The events one run is expected to produce (the model's upper estimate, see run_limits.cpp).
qint64 estimateRunEvents(const Scenario &scenario);
// The worker threads a batch of runs uses: `requested` when positive, else one per core the
// machine offers (QThread::idealThreadCount), never more than 64.
int workerThreadCount(int requested);

// A comparison of `runs` simulations (without logs) of these scenarios, `threads` at once
// (0: one per core).
qint64 estimateComparisonBytes(const QList<Scenario> &scenarios, qint64 runs, int threads);

// The machine's physical memory in bytes (0 when it cannot be read: nothing is then refused).
qint64 machineMemoryBytes();

// False with *error ("this run would need about 12.3 GB of memory; the machine has 7.7 GB")
// when `bytes` exceeds `machineBytes` (0: unknown, accepted).
bool fitsInMemory(qint64 bytes, qint64 machineBytes, QString *error);

// "12.3 GB", "850 MB": a size for a message.
QString formatBytes(qint64 bytes);

} // namespace lockscope
