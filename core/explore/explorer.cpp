#include "explorer.h"

#include "lock/strategy_registry.h"
#include "sim/explain.h"
#include "sim/run_limits.h"
#include "sim/simulation.h"
#include "sim/step_observer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLocale>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <tuple>

namespace lockscope {

namespace {

// A step a client reached in one run: a place for a fault.
struct Point {
    int client = 0;
    const char *step = "";
    const char *phase = "";
    int occurrence = 1;
    quint64 eventsBefore = 0; // events recorded before it: equal counts, nothing in between
    // The same, leaving out commands sent: a command reaches a node only a hop later, so at one
    // instant, sends are all that can happen without the nodes seeing anything.
    quint64 nodeEventsBefore = 0;
    qint64 timeUs = 0;
    // A command about to leave ("before"): where it went and when it arrived there; arrivalUs
    // -1 when it did not leave at once (its client was paused).
    int node = 0;
    qint64 arrivalUs = -1;
};

// A command on its way: a request of another client that can overtake one held back.
struct Travel {
    int client = 0;
    int node = 0;
    qint64 sentUs = 0;
    qint64 arrivalUs = 0;
};

// Watches one run: counts its events and lists the steps reached, numbering each arrival the
// way FaultPlan counts them (per client, step and phase; a checkpoint whatever the phase).
class Probe final : public EventSink, public StepObserver {
public:
    void consume(const Event &e) override
    {
        ++m_events;
        if (e.kind != EventKind::CommandSent)
            ++m_nodeEvents;
    }
    void reached(int client, const char *step, const char *phase, qint64 timeUs) override
    {
        const bool checkpoint = std::strcmp(phase, "at") == 0;
        const auto key = std::make_tuple(client, std::string_view(step),
                                         checkpoint ? std::string_view() : std::string_view(phase));
        const int occurrence = ++m_counts[key];
        if (std::strcmp(phase, "before") == 0)
            m_lastBefore[client] = points.size();
        points.push_back({client, step, phase, occurrence, m_events, m_nodeEvents, timeUs});
    }
    void travels(int client, int node, qint64 sentUs, qint64 arrivalUs) override
    {
        travelled.push_back({client, node, sentUs, arrivalUs});
        // A command leaves right after its "before" step unless its client was paused then.
        const auto last = m_lastBefore.find(client);
        if (last == m_lastBefore.end())
            return;
        Point &p = points[last->second];
        if (p.arrivalUs < 0 && p.timeUs == sentUs) {
            p.node = node;
            p.arrivalUs = arrivalUs;
        }
        m_lastBefore.erase(last);
    }
    std::vector<Point> points;
    std::vector<Travel> travelled;

private:
    std::map<int, std::size_t> m_lastBefore; // per client, its latest "before" point
    quint64 m_events = 0;
    quint64 m_nodeEvents = 0;
    std::map<std::tuple<int, std::string_view, std::string_view>, int> m_counts;
};

// One place a fault can go, and the index of the run's step it goes at.
struct Candidate : FaultPlacement {
    std::size_t point = 0;
};

// Every (place, fault kind, node) of a run in order, less those equivalent to an earlier one: a
// fault that strikes at an instant does the same at two places with no event in between — for
// a pause or a crash, no event at all; for a node fault, none but commands sent at that same
// instant (Redlock's fan-out: the node sees the same state, the commands arrive later either
// way). A lost or late reply belongs to its command and is never merged.
// The reorderings of the command at `p`: for each request of another client to the same node
// that is in flight when p's arrives and arrives later, holding p's back the whole milliseconds
// that let it overtake (the simulator is deterministic: everything before p's arrival happens
// as in this run, so that request arrives when it did). One hold per distinct length.
void reorderingsOf(const Point &p, std::size_t point, const std::vector<Travel> &travelled,
                   std::vector<Candidate> *out)
{
    if (p.arrivalUs < 0)
        return;
    std::vector<std::pair<qint64, int>> holds; // (hold ms, overtaking client)
    for (const Travel &t : travelled) {
        if (t.client == p.client || t.node != p.node || t.sentUs >= p.arrivalUs ||
            t.arrivalUs <= p.arrivalUs)
            continue;
        const qint64 holdMs = (t.arrivalUs - p.arrivalUs) / 1000 + 1;
        if (std::none_of(holds.begin(), holds.end(),
                         [holdMs](const auto &h) { return h.first == holdMs; }))
            holds.emplace_back(holdMs, t.client);
    }
    std::sort(holds.begin(), holds.end());
    for (const auto &[holdMs, client] : holds) {
        Candidate c;
        c.fault = ExploreFault::Reorder;
        c.client = p.client;
        c.step = QByteArray(p.step);
        c.phase = QByteArray(p.phase);
        c.occurrence = p.occurrence;
        c.node = p.node;
        c.timeUs = p.timeUs;
        c.holdMs = holdMs;
        c.overtakenBy = client;
        c.point = point;
        out->push_back(std::move(c));
    }
}

//
// Only places from `firstPoint` on are listed (a child schedule extends its parent after the
// parent's last fault); the earlier ones still count for what is the same as what.
std::vector<Candidate> candidatesOf(const std::vector<Point> &points,
                                    const std::vector<Travel> &travelled,
                                    const QList<ExploreFault> &kinds, int nodeTargets,
                                    std::size_t firstPoint, quint64 *pruned)
{
    std::vector<Candidate> out;
    // (kind, client or node, time, events before)
    std::vector<std::tuple<int, int, qint64, quint64>> seen;
    auto firstTime = [&seen](int kind, int who, qint64 timeUs, quint64 events) {
        const auto k = std::make_tuple(kind, who, timeUs, events);
        if (std::find(seen.begin(), seen.end(), k) != seen.end())
            return false;
        seen.push_back(k);
        return true;
    };
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Point &p = points[i];
        const bool listed = i >= firstPoint;
        for (ExploreFault kind : kinds) {
            if (!exploreFaultFitsPhase(kind, p.phase))
                continue;
            if (kind == ExploreFault::Reorder) {
                if (listed)
                    reorderingsOf(p, i, travelled, &out);
                continue;
            }
            // The critical section's reads and writes go to the protected resource, not to a
            // lock node: losing their replies breaks the resource, whatever the lock does.
            const bool reply = kind == ExploreFault::LoseReply || kind == ExploreFault::DelayReply;
            if (reply && std::strncmp(p.step, "cs.", 3) == 0)
                continue;
            const bool node = isNodeFault(kind);
            for (int n = 0; n < (node ? nodeTargets : 1); ++n) {
                const bool same =
                    !reply && (node ? !firstTime(int(kind), n, p.timeUs, p.nodeEventsBefore)
                                    : !firstTime(int(kind), p.client, -1, p.eventsBefore));
                if (same) {
                    *pruned += listed ? 1 : 0;
                    continue;
                }
                if (!listed)
                    continue;
                Candidate c;
                c.fault = kind;
                c.client = p.client;
                c.step = QByteArray(p.step);
                c.phase = QByteArray(p.phase);
                c.occurrence = p.occurrence;
                c.node = n;
                c.timeUs = p.timeUs;
                c.point = i;
                out.push_back(std::move(c));
            }
        }
    }
    return out;
}

// A node has one replica: after its failover there is nothing left to promote, and a second
// "failover" would only be a crash for good, which the vocabulary does not offer.
bool repeatsFailover(const std::vector<Candidate> &placed, const Candidate &next)
{
    if (next.fault != ExploreFault::Failover)
        return false;
    return std::any_of(placed.begin(), placed.end(), [&next](const Candidate &p) {
        return p.fault == ExploreFault::Failover && p.node == next.node;
    });
}

// A schedule: the faults placed, and the places for one more. Those come after its last fault:
// the parent's candidates after it at the same step, then the steps of its own run after that
// one. So each set of placements is run once, and a reordering, which depends on what other
// clients send later, is taken from the run it happens in.
struct Schedule {
    std::vector<Candidate> placements;
    std::vector<Candidate> candidates; // when it will have children
};

struct Outcome {
    bool ran = false;
    bool scriptError = false;
    bool stopSearch = false; // a script hit the time limit or memory cap: every run would
    QString error;
    std::array<qint64, kExploreFindingKinds.size()> findingUs{}; // -1: not found
};

int kindSlot(Finding::Kind kind)
{
    for (std::size_t i = 0; i < kExploreFindingKinds.size(); ++i) {
        if (kExploreFindingKinds[i] == kind)
            return int(i);
    }
    return -1;
}

// `clients`: base.resolvedClients(), resolved once for the whole search.
Scenario withFaults(const Scenario &base, const QList<ClientSpec> &clients,
                    const std::vector<Candidate> &placements, qint64 ttlMs)
{
    Scenario s = base;
    for (const Candidate &c : placements)
        s.faults.append(faultSpecFor(c, clients, ttlMs));
    return s;
}

// The best counterexample so far for one finding kind: fewest faults, earliest finding, then
// search order (level, then position in the level), so threads cannot change the answer.
struct Best {
    bool found = false;
    int faults = 0;
    qint64 findingUs = 0;
    std::size_t order = 0;
    std::vector<Candidate> placements;
    bool better(int f, qint64 t, std::size_t o) const
    {
        return !found || std::tie(f, t, o) < std::tie(faults, findingUs, order);
    }
};

} // namespace

QString faultCountText(int n)
{
    return n == 1 ? QCoreApplication::translate("Explore", "1 fault")
                  : QCoreApplication::translate("Explore", "%1 faults").arg(n);
}

QString findingKindLabel(Finding::Kind kind)
{
    switch (kind) {
    case Finding::Kind::Violation:
        return QCoreApplication::translate("Explore", "violation");
    case Finding::Kind::MistakenDeletion:
        return QCoreApplication::translate("Explore", "mistaken deletion");
    case Finding::Kind::StuckLock:
        return QCoreApplication::translate("Explore", "stuck lock");
    case Finding::Kind::LostUpdate:
        return QCoreApplication::translate("Explore", "lost update");
    case Finding::Kind::Starvation:
        return QCoreApplication::translate("Explore", "starvation");
    }
    return QString();
}

bool parseFindingKinds(const QString &commaList, QList<Finding::Kind> *out, QString *error)
{
    QList<Finding::Kind> kinds;
    QStringList known;
    for (Finding::Kind k : kExploreFindingKinds)
        known.append(QString::fromLatin1(findingKindId(k)));
    for (const QString &part : commaList.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype i = known.indexOf(part.trimmed());
        if (i < 0) {
            *error = QCoreApplication::translate("Explore", "unknown finding \"%1\" (known: %2)")
                         .arg(part.trimmed(), known.join(QStringLiteral(", ")));
            return false;
        }
        if (!kinds.contains(kExploreFindingKinds[std::size_t(i)]))
            kinds.append(kExploreFindingKinds[std::size_t(i)]);
    }
    if (kinds.isEmpty()) {
        *error = QCoreApplication::translate("Explore", "no finding kind given (known: %1)")
                     .arg(known.join(QStringLiteral(", ")));
        return false;
    }
    *out = kinds;
    return true;
}

Scenario exploreScenario(const ExploreRequest &request, const StrategyInfo &info)
{
    const ExploreWorkload &w = request.workload;
    Scenario s;
    s.id = QStringLiteral("explore");
    s.title = QCoreApplication::translate("Explore", "Explore: %1").arg(info.id);
    s.clientCount = w.clients;
    s.cycles = w.cycles;
    s.ttlMs = w.ttlMs;
    s.holdMs = Distribution::fixed(double(w.holdMs));
    s.thinkMs = Distribution::fixed(10);
    s.startStaggerMs = w.startStaggerMs;
    s.redlockNodes = w.redlockNodes;
    // A delayed reply (twice the TTL) must still arrive: it is not a lost one.
    s.requestTimeoutMs = 4 * w.ttlMs;
    s.nodeTimeoutMs = qBound(qint64(1), w.ttlMs / 2, qint64(50));
    if (!info.multiNode && exploreFaultsFor(request).contains(ExploreFault::Failover)) {
        s.replicas = 1;
        s.replicationLagMs = qMax<qint64>(1, w.ttlMs / 10);
    }
    // Long enough for every cycle to wait out a lease, and for each fault's own delay (a
    // pause, a timeout) on top; a stuck lock keeps the others spinning until the end.
    const qint64 spinMs = 100;
    const qint64 perCycle = w.holdMs + 10 + w.ttlMs + spinMs;
    s.durationMs = qMin<qint64>(limits::kMaxDurationMs,
                                qint64(w.clients) * w.cycles * perCycle +
                                    qint64(request.maxFaults) * (4 * w.ttlMs + s.requestTimeoutMs) +
                                    2 * w.ttlMs);
    return s;
}

QList<ExploreFault> exploreFaultsFor(const ExploreRequest &request)
{
    QList<ExploreFault> kinds = request.faults.isEmpty() ? allExploreFaults() : request.faults;
    std::sort(kinds.begin(), kinds.end());
    kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
    bool multiNode = false;
    if (request.strategy) {
        multiNode = request.strategy->info().multiNode;
    } else if (auto s = createStrategy(request.strategyId)) {
        multiNode = s->info().multiNode;
    }
    // Redlock's nodes have no replicas: a failover is a node crash there.
    if (multiNode)
        kinds.removeAll(ExploreFault::Failover);
    return kinds;
}

bool validateExploreRequest(const ExploreRequest &request, QString *error)
{
    auto bad = [error](const QString &what) {
        *error = what;
        return false;
    };
    if (!request.strategy && !createStrategy(request.strategyId))
        return bad(QCoreApplication::translate("Explore", "unknown strategy \"%1\" (known: %2)")
                       .arg(request.strategyId, strategyIds().join(QStringLiteral(", "))));
    const ExploreWorkload &w = request.workload;
    if (w.clients < 1 || w.clients > 8)
        return bad(
            QCoreApplication::translate("Explore", "clients must be 1..8, got %1").arg(w.clients));
    if (w.cycles < 1 || w.cycles > 10)
        return bad(
            QCoreApplication::translate("Explore", "cycles must be 1..10, got %1").arg(w.cycles));
    if (w.ttlMs < 10 || w.ttlMs > 600000)
        return bad(QCoreApplication::translate("Explore", "the TTL must be 10..600000 ms, got %1")
                       .arg(w.ttlMs));
    if (w.holdMs < 0 || w.holdMs > 600000)
        return bad(QCoreApplication::translate("Explore", "the hold time must be 0..600000 ms, "
                                                          "got %1")
                       .arg(w.holdMs));
    if (w.startStaggerMs < 0 || w.startStaggerMs > 60000)
        return bad(QCoreApplication::translate("Explore", "the start stagger must be 0..60000 ms, "
                                                          "got %1")
                       .arg(w.startStaggerMs));
    if (w.redlockNodes < 1 || w.redlockNodes > limits::kMaxNodes)
        return bad(QCoreApplication::translate("Explore", "nodes must be 1..%1, got %2")
                       .arg(limits::kMaxNodes)
                       .arg(w.redlockNodes));
    if (request.maxFaults < 0 || request.maxFaults > kMaxExploreFaults)
        return bad(QCoreApplication::translate("Explore", "the fault bound must be 0..%1, got %2")
                       .arg(kMaxExploreFaults)
                       .arg(request.maxFaults));
    if (request.maxFaults > 0 && exploreFaultsFor(request).isEmpty())
        return bad(QCoreApplication::translate("Explore",
                                               "no fault kind given applies to %1 (a failover "
                                               "needs a replica, and Redlock's nodes have none)")
                       .arg(request.strategy ? request.strategy->id() : request.strategyId));
    return true;
}

const Counterexample *ExploreResult::smallest(Finding::Kind kind) const
{
    for (const auto &c : counterexamples) {
        if (c.kind == kind)
            return &c;
    }
    return nullptr;
}

QString ExploreResult::verdictLine(Finding::Kind kind) const
{
    const QString what = findingKindLabel(kind);
    if (const Counterexample *c = smallest(kind)) {
        QStringList ids;
        for (const auto &p : c->placements)
            ids.append(exploreFaultId(p.fault));
        if (c->placements.isEmpty())
            return QCoreApplication::translate("Explore", "%1 with no fault at all").arg(what);
        return QCoreApplication::translate("Explore", "%1 with %2: %3")
            .arg(what, faultCountText(int(c->placements.size())), ids.join(QStringLiteral(" + ")));
    }
    QStringList vocabulary;
    for (ExploreFault f : faults)
        vocabulary.append(exploreFaultId(f));
    const QString n = QLocale().toString(qulonglong(schedules));
    const int bound = qMax(completedLevel, 0);
    return QCoreApplication::translate("Explore", "no %1 in %2 schedules within %3 (%4)")
        .arg(what, n, faultCountText(bound),
             vocabulary.isEmpty() ? QCoreApplication::translate("Explore", "no faults")
                                  : vocabulary.join(QStringLiteral(", ")));
}

ExploreResult explore(const ExploreRequest &request, const ExploreProgressFn &progress,
                      const std::atomic<bool> *stop)
{
    ExploreResult result;
    QElapsedTimer wall;
    wall.start();
    if (!validateExploreRequest(request, &result.error))
        return result;
    std::shared_ptr<const Strategy> strategy = request.strategy;
    if (!strategy)
        strategy = createStrategy(request.strategyId);
    const StrategyInfo &info = strategy->info();
    result.strategyId = info.id;
    result.workload = request.workload;
    result.maxFaults = request.maxFaults;
    result.faults = request.maxFaults > 0 ? exploreFaultsFor(request) : QList<ExploreFault>();
    std::array<bool, kExploreFindingKinds.size()> wanted{};
    for (std::size_t k = 0; k < wanted.size(); ++k) {
        wanted[k] = request.find.isEmpty() || request.find.contains(kExploreFindingKinds[k]);
        if (wanted[k])
            result.find.append(kExploreFindingKinds[k]);
    }
    const Scenario base = exploreScenario(request, info);
    const QList<ClientSpec> baseClients = base.resolvedClients();
    const qint64 ttlMs = request.workload.ttlMs;
    const int nodeTargets =
        info.multiNode ? qMin(request.maxFaults, request.workload.redlockNodes) : 1;

    std::atomic<bool> halt{false}; // our own stop: cancel, or a script that hit a limit
    ScriptLimits limits = request.scriptLimits;
    limits.stopFlags.push_back(&halt);
    if (stop)
        limits.stopFlags.push_back(stop);

    std::atomic<quint64> schedules{0}, pruned{0};
    auto runOne = [&](const std::vector<Candidate> &placements, Probe *probe) {
        SimulationConfig config;
        config.scenario = withFaults(base, baseClients, placements, ttlMs);
        config.strategyId = info.id;
        config.strategy = strategy;
        config.keepLog = false;
        config.recordText = false;
        config.extraSink = probe;
        config.stepObserver = probe;
        config.scriptLimits = limits;
        return runSimulation(config);
    };
    auto outcomeOf = [](const SimulationResult &r) {
        Outcome o;
        o.ran = true;
        o.findingUs.fill(-1);
        if (!r.ok) {
            if (r.scriptStop == ScriptStop::Stopped)
                return o; // cancelled: says nothing about the strategy
            o.scriptError = true;
            o.stopSearch =
                r.scriptStop == ScriptStop::TimeLimit || r.scriptStop == ScriptStop::MemoryCap;
            o.error = r.error;
        }
        for (const Finding &f : r.report.findings) {
            const int slot = kindSlot(f.kind);
            if (slot >= 0 && o.findingUs[std::size_t(slot)] < 0)
                o.findingUs[std::size_t(slot)] = f.timeUs;
        }
        return o;
    };

    std::array<Best, kExploreFindingKinds.size()> best;
    std::mutex bestMutex;
    std::size_t firstErrorOrder = SIZE_MAX;
    auto note = [&](const Outcome &o, const std::vector<Candidate> &placements, std::size_t order) {
        std::lock_guard lock(bestMutex);
        if (o.scriptError) {
            ++result.scriptErrors;
            if (order < firstErrorOrder) {
                firstErrorOrder = order;
                result.firstScriptError = o.error;
            }
        }
        for (std::size_t k = 0; k < best.size(); ++k) {
            const qint64 t = o.findingUs[k];
            if (!wanted[k])
                continue;
            if (t < 0 || !best[k].better(int(placements.size()), t, order))
                continue;
            if (result.firstCounterexampleSeconds < 0)
                result.firstCounterexampleSeconds = double(wall.nsecsElapsed()) / 1e9;
            best[k] = {true, int(placements.size()), t, order, placements};
        }
    };

    // Level 0: the workload with no fault. If it fails, nothing else can be judged.
    std::vector<Schedule> frontier(1);
    {
        Probe probe;
        const SimulationResult r = runOne({}, &probe);
        ++schedules;
        const Outcome o = outcomeOf(r);
        if (o.scriptError || (!r.ok && !(stop && stop->load()))) {
            result.error =
                QCoreApplication::translate("Explore", "the workload fails with no fault: %1")
                    .arg(r.error);
            return result;
        }
        note(o, {}, 0);
        quint64 p = 0;
        if (request.maxFaults > 0)
            frontier[0].candidates =
                candidatesOf(probe.points, probe.travelled, result.faults, nodeTargets, 0, &p);
        pruned += p;
        result.completedLevel = 0;
        result.levelSeconds.append(double(wall.nsecsElapsed()) / 1e9);
    }

    const int threads =
        request.threads > 0 ? request.threads : qMax(1, int(std::thread::hardware_concurrency()));
    bool stopped = false;
    std::size_t orderBase = 1;
    for (int level = 1; level <= request.maxFaults && !stopped; ++level) {
        {
            std::lock_guard lock(bestMutex);
            bool allFound = true;
            for (std::size_t k = 0; k < best.size(); ++k)
                allFound = allFound && (!wanted[k] || best[k].found);
            if (allFound)
                break; // every kind has a smaller counterexample than this level can give
        }
        // Every child of the frontier, in order: (parent, candidate index).
        std::vector<std::pair<std::size_t, int>> jobs;
        for (std::size_t parent = 0; parent < frontier.size(); ++parent) {
            const Schedule &s = frontier[parent];
            for (int c = 0; c < int(s.candidates.size()); ++c) {
                if (repeatsFailover(s.placements, s.candidates[std::size_t(c)])) {
                    ++pruned;
                    continue;
                }
                jobs.emplace_back(parent, c);
            }
        }
        const bool keepCandidates = level < request.maxFaults;
        std::vector<Schedule> next(keepCandidates ? jobs.size() : 0);
        const quint64 doneBefore = schedules.load();
        std::atomic<std::size_t> cursor{0};
        std::atomic<int> running{threads};
        std::mutex doneMutex;
        std::condition_variable doneCv;
        auto work = [&] {
            for (;;) {
                if (halt.load() || (stop && stop->load()))
                    break;
                const std::size_t j = cursor.fetch_add(1);
                if (j >= jobs.size())
                    break;
                const auto [parent, c] = jobs[j];
                std::vector<Candidate> placements = frontier[parent].placements;
                placements.push_back(frontier[parent].candidates[std::size_t(c)]);
                Probe probe;
                const SimulationResult r = runOne(placements, &probe);
                const Outcome o = outcomeOf(r);
                if (!o.ran || (!r.ok && !o.scriptError))
                    continue; // cancelled mid-run
                ++schedules;
                note(o, placements, orderBase + j);
                if (o.stopSearch)
                    halt = true;
                if (keepCandidates) {
                    quint64 p = 0;
                    Schedule &child = next[j];
                    const std::vector<Candidate> &siblings = frontier[parent].candidates;
                    const std::size_t at = siblings[std::size_t(c)].point;
                    for (std::size_t i = std::size_t(c) + 1;
                         i < siblings.size() && siblings[i].point == at; ++i)
                        child.candidates.push_back(siblings[i]);
                    std::vector<Candidate> later = candidatesOf(
                        probe.points, probe.travelled, result.faults, nodeTargets, at + 1, &p);
                    child.candidates.insert(child.candidates.end(),
                                            std::make_move_iterator(later.begin()),
                                            std::make_move_iterator(later.end()));
                    child.placements = std::move(placements);
                    pruned += p;
                }
            }
            std::lock_guard lock(doneMutex);
            if (--running == 0)
                doneCv.notify_all();
        };
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back(work);
        // Report about ten times a second until the workers are done.
        for (;;) {
            std::unique_lock lock(doneMutex);
            if (doneCv.wait_for(lock, std::chrono::milliseconds(100),
                                [&] { return running.load() == 0; }))
                break;
            lock.unlock();
            if (progress) {
                ExploreProgress pr;
                pr.schedules = schedules.load();
                pr.pruned = pruned.load();
                pr.total = doneBefore + jobs.size();
                pr.level = level;
                pr.elapsedSeconds = double(wall.nsecsElapsed()) / 1e9;
                std::lock_guard b(bestMutex);
                pr.found = int(
                    std::count_if(best.begin(), best.end(), [](const Best &x) { return x.found; }));
                progress(pr);
            }
        }
        for (auto &t : pool)
            t.join();
        stopped = halt.load() || (stop && stop->load());
        if (!stopped) {
            result.completedLevel = level;
            result.levelSeconds.append(double(wall.nsecsElapsed()) / 1e9);
        }
        orderBase += jobs.size();
        frontier = std::move(next);
    }
    result.cancelled = stop && stop->load();

    // Each smallest counterexample as a scenario, replayed with its log for the witness.
    for (std::size_t k = 0; k < best.size(); ++k) {
        if (!best[k].found)
            continue;
        Counterexample c;
        c.kind = kExploreFindingKinds[k];
        c.findingUs = best[k].findingUs;
        for (const Candidate &p : best[k].placements)
            c.placements.append(p);
        c.scenario = withFaults(base, baseClients, best[k].placements, ttlMs);
        c.scenario.id = QStringLiteral("explore-%1-%2")
                            .arg(info.id, QString::fromLatin1(findingKindId(c.kind)));
        c.scenario.title =
            QCoreApplication::translate("Explore", "%1: %2 with %3")
                .arg(info.id, findingKindLabel(c.kind), faultCountText(int(c.placements.size())));
        QStringList how;
        for (const Candidate &p : best[k].placements)
            how.append(describePlacement(p, baseClients, ttlMs));
        c.scenario.summary = how.isEmpty()
                                 ? QCoreApplication::translate("Explore", "No fault at all.")
                                 : how.join(QStringLiteral("; "));
        SimulationConfig config;
        config.scenario = c.scenario;
        config.strategyId = info.id;
        config.strategy = strategy;
        config.scriptLimits = request.scriptLimits;
        const SimulationResult replay = runSimulation(config);
        for (const Finding &f : replay.report.findings) {
            if (f.kind == c.kind && replay.log) {
                c.witness = describeFinding(f, *replay.log);
                break;
            }
        }
        result.counterexamples.append(c);
    }
    std::stable_sort(result.counterexamples.begin(), result.counterexamples.end(),
                     [](const Counterexample &a, const Counterexample &b) {
                         return std::make_tuple(a.placements.size(), a.findingUs) <
                                std::make_tuple(b.placements.size(), b.findingUs);
                     });
    result.schedules = schedules.load();
    result.pruned = pruned.load();
    result.wallSeconds = double(wall.nsecsElapsed()) / 1e9;
    result.ok = true;
    return result;
}

} // namespace lockscope
