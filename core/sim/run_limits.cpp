#include "run_limits.h"

#include "scenario.h"

#include <QCoreApplication>
#include <QFile>
#include <QThread>

#include <algorithm>
#include <cmath>

#include <unistd.h>

namespace lockscope {

namespace {

// The model, with the measurements behind it (RelWithDebInfo build, maximum resident set size
// of `lockscope-cli simulate` minus that of a 2-client run):
//  - a client costs kBytesPerClient whether or not it ever runs: its SimClient, coroutine
//    frames, random generators, network state and the checker's per-client counters (32,767
//    clients of `contention` for 10 ms: 138 MB against 15 MB for 2, 3.8 KB a client);
//  - a key costs kBytesPerKey (interned names, the checker's and the nodes' state);
//  - a kept event costs kBytesPerEvent: the 32-byte Event in the log plus its share of interned
//    texts and the vector's growth (`contention`, 31,953 events kept: 2.1 MB, 65 bytes each);
//  - the events are estimated from above, not expected: the strategy is not known here, so
//    every lock command is counted on max(nodes, redlock_nodes) nodes (a send, a reply and a key
//    change each). A client makes at most one cycle per (mean hold + mean think + four round
//    trips, at least 0.1 ms), at most `cycles` of them, each kEventsPerCycle plus the lock
//    commands of an acquire and a release; and for the whole duration it may be retrying a busy
//    lock, counted as one lock command every 50 ms whatever the wait mode (spinning retries
//    every 100 ms; backoff's 1, 2, 4 ... 128 ms average below that after its first 200 ms).
//    tests/sim/test_run_limits checks the bound against every built-in run.
constexpr qint64 kBaseBytes = 8 << 20; // the engine, scripts and the process's fixed share
constexpr qint64 kBytesPerClient = 4096;
constexpr qint64 kBytesPerKey = 512;
constexpr qint64 kBytesPerEvent = 80;
constexpr double kEventsPerCycle = 16;      // workload, critical section and checkpoints
constexpr double kEventsPerLockCommand = 3; // per node: sent, reply, key change
constexpr double kRetryIntervalMs = 50;

qint64 saturated(double v)
{
    return v >= 9e18 ? qint64(9e18) : qint64(std::ceil(v));
}

} // namespace

qint64 estimateRunEvents(const Scenario &s)
{
    const auto clients = s.resolvedClients();
    const double nodes = std::max(s.nodes, s.redlockNodes);
    const double lockCommand = kEventsPerLockCommand * nodes + 1; // + a note (quorum, attempt)
    const double roundTripMs = 2.0 * (s.latencyMs + s.jitterMs);
    const double durationMs = double(s.durationMs);
    double events = 0;
    for (const ClientSpec &c : clients) {
        const double cycleMs =
            std::max(0.1, c.holdMs.meanMs() + c.thinkMs.meanMs() + 4.0 * roundTripMs);
        double cycles = durationMs / cycleMs;
        if (!c.schedule.isEmpty()) // a replay: exactly its acquisitions
            cycles = std::min(cycles, double(c.schedule.size()));
        else if (c.cycles >= 0)
            cycles = std::min(cycles, double(c.cycles));
        events += cycles * (kEventsPerCycle + 2 * lockCommand) +
                  durationMs / kRetryIntervalMs * lockCommand;
    }
    return saturated(events);
}

qint64 estimateRunBytes(const Scenario &s, bool keepLog)
{
    const double clients = double(s.clients.isEmpty() ? s.clientCount : s.clients.size());
    double bytes = double(kBaseBytes) + clients * double(kBytesPerClient) +
                   double(s.keyCount) * double(kBytesPerKey);
    if (keepLog)
        bytes += double(estimateRunEvents(s)) * double(kBytesPerEvent);
    return saturated(bytes);
}

int workerThreadCount(int requested)
{
    return std::clamp(requested > 0 ? requested : QThread::idealThreadCount(), 1, 64);
}

qint64 estimateComparisonBytes(const QList<Scenario> &scenarios, qint64 runs, int threads)
{
    // Each run keeps its report until the end (a few hundred bytes with its findings, rounded
    // up), and `threads` runs are in memory at once, each at most the largest scenario's size.
    constexpr double kBytesPerReport = 1024;
    qint64 largest = 0;
    for (const Scenario &s : scenarios)
        largest = std::max(largest, estimateRunBytes(s, false));
    return saturated(double(runs) * kBytesPerReport +
                     double(workerThreadCount(threads)) * double(largest));
}

qint64 machineMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
        return 0;
    return qint64(pages) * qint64(pageSize);
}

bool fitsInMemory(qint64 bytes, qint64 machineBytes, QString *error)
{
    if (machineBytes <= 0 || bytes <= machineBytes)
        return true;
    if (error)
        *error = QCoreApplication::translate(
                     "RunLimits", "this run would need about %1 of memory; the machine has %2")
                     .arg(formatBytes(bytes), formatBytes(machineBytes));
    return false;
}

QString formatBytes(qint64 bytes)
{
    const double b = double(bytes);
    if (b >= 1e12)
        return QStringLiteral("%1 TB").arg(b / 1e12, 0, 'f', 1);
    if (b >= 1e9)
        return QStringLiteral("%1 GB").arg(b / 1e9, 0, 'f', 1);
    if (b >= 1e6)
        return QStringLiteral("%1 MB").arg(b / 1e6, 0, 'f', 0);
    return QStringLiteral("%1 KB").arg(b / 1e3, 0, 'f', 0);
}

} // namespace lockscope
