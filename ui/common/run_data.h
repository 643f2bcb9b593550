// One run as the window shows it: the event log and the checker's report of a deterministic
// simulation, plus everything the views derive from them once, up front — the timeline's lanes
// (phase spans per client, owner spans per key and node), its markers and violation bands, and the
// events worth stepping through. Immutable once built, shared by the views.
#pragma once

#include "events/run_state.h"
#include "redis/connection.h"
#include "redis/script_limits.h"
#include "sim/checker.h"
#include "sim/scenario.h"

#include <QList>
#include <QString>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace lockscope {
class Strategy;
}

namespace lockscope::ui {

// The strategy id of a user's own acquire and release scripts (as lockscope-cli names them).
inline constexpr char kCustomStrategyId[] = "custom";

// What to run: a scenario (built-in, or from a file) and a strategy, the window's parameters and
// the faults added by hand. A pure function of these (the simulation is deterministic).
struct RunRequest {
    QString scenarioId;   // a built-in id; for a file, the id the file gives its scenario
    QString scenarioFile; // absolute path when the scenario comes from a file; empty: built-in
    // The file's scenario as it was read, so that re-runs (a new seed, a fault added by hand) run
    // the same scenario even when the file has changed or gone since. Null: read scenarioFile.
    std::shared_ptr<const Scenario> fileScenario;
    QString strategyId; // a built-in id, or kCustomStrategyId for the scripts below
    // The user's scripts when strategyId is kCustomStrategyId: the files, and the strategy
    // compiled from them once (re-runs run the same scripts even when the files change; null:
    // compile the files).
    QString acquireScript;
    QString releaseScript;
    std::shared_ptr<const Strategy> customStrategy;
    qint64 scriptTimeLimitMs = ScriptLimits::kDefaultTimeLimitMs; // as --script-time-limit
    quint64 seed = 1;
    int clients = -1;                // -1: the scenario's own
    qint64 ttlMs = -1;               // -1: the scenario's own
    QString waitMode;                // empty: the scenario's own
    QList<FaultSpec> injectedFaults; // added by hand, at a playback instant

    bool fromFile() const { return !scenarioFile.isEmpty(); }
    bool isCustom() const { return strategyId == QLatin1String(kCustomStrategyId); }
    // Names the scenario among all the window knows: its id when built in, its path when not
    // (a file may reuse a built-in id).
    QString scenarioKey() const
    {
        return fromFile() ? QStringLiteral("file:") + scenarioFile : scenarioId;
    }
};

// The scenario of a request with its parameters and injected faults applied; false with *error
// (one line) for an unknown scenario or a scenario file that cannot be read.
bool buildScenario(const RunRequest &request, Scenario *out, QString *error);

struct TimeSpan {
    qint64 startUs = 0;
    qint64 endUs = 0;
};

struct PhaseSpan {
    qint64 startUs = 0;
    qint64 endUs = 0;
    ClientState::Phase phase = ClientState::Phase::Idle;
    quint32 key = 0;
    // A monitor's owner holding several keys at once: how many (then `key` is the first).
    quint32 keys = 1;
};

// A key held by one owner with one TTL: a new span starts at every write, TTL change and clock
// jump, so that the TTL drains linearly inside a span.
struct KeySpan {
    qint64 startUs = 0;
    qint64 endUs = 0;
    qint16 owner = kNoClient;
    qint64 ttlMs = -1; // at startUs; -1: no TTL
    quint32 value = 0;
    quint32 event = 0; // the event that started it

    qint64 ttlAt(qint64 timeUs) const
    {
        return ttlMs < 0 ? -1 : qMax<qint64>(0, ttlMs - (timeUs - startUs) / 1000);
    }
};

enum class MarkerKind : quint8 {
    // On a client's lane.
    Acquired,
    Released,
    ReleaseNotHeld, // the release found the lock gone or someone else's
    GaveUp,
    Crashed,
    ResourceWrite,
    StaleRejected,
    ReplyMissing,
    // On a key's lane.
    Expired,
    Renewed,
    Deleted,
    MistakenDeletion, // a client deleted another client's lock
    DataLost,         // the key went with a node's data
    NodeDown,
    NodeUp,
    Failover,
    ClockJump,
    LateRenewal, // a monitor's renewal that came with less than the late threshold left
};

struct Marker {
    qint64 timeUs = 0;
    quint32 event = 0; // index in the log
    MarkerKind kind = MarkerKind::Acquired;
};
// Problems and faults: drawn even where markers crowd together.
bool isAlert(MarkerKind kind);

struct ClientLane {
    qint16 client = kNoClient;
    QString name;
    std::vector<PhaseSpan> phases;    // waiting / holding / releasing, in time order
    std::vector<TimeSpan> critical;   // inside the critical section
    std::vector<TimeSpan> paused;     // stopped (GC, VM migration)
    qint64 crashedAtUs = -1;          // dead from then on
    std::vector<Marker> markers;      // in time order
    std::vector<Marker> alerts;       // the markers that must never be hidden by others
    std::vector<quint32> commands;    // CommandSent event indices, in time order
    std::vector<qint64> commandTimes; // their times (searched while painting)
};

struct KeyLane {
    quint32 key = 0;
    qint16 node = kNoNode; // kNoNode for a quorum lane
    // A Redlock deployment's key across its nodes: its spans are the majority holder's (the
    // lanes of the key on each node follow it).
    bool quorum = false;
    QString keyName;
    QString nodeName;
    std::vector<KeySpan> spans;     // in time order, never overlapping
    std::vector<TimeSpan> nodeDown; // the node is down
    std::vector<TimeSpan> unseen;   // a monitor's gap: it could not see the node (GapStarted..)
    std::vector<Marker> markers;
    std::vector<Marker> alerts;
};

// What the lanes hold, in the few figures a view reads when it is shown a run (the legend's
// marks, the TTL scale). Worked out once with the lanes, on the thread that builds the run: a
// monitor's history has 100,000 key lanes, and walking them on the window's thread each time
// a new build was shown held it for 11 ms.
struct LaneFacts {
    std::array<bool, std::size_t(MarkerKind::LateRenewal) + 1> markers{}; // kinds on any lane
    bool nodeDown = false;               // a key lane with a node down
    bool unseen = false;                 // a key lane with a monitor's gap
    bool commands = false;               // a client lane with commands
    qint64 maxSpanTtlMs = 1;             // the longest TTL of any key span, at least 1
    std::vector<qint64> keyLaneMaxTtlMs; // the same per key lane, in keyLanes() order
};

// Two or more clients inside the critical section of the same key.
struct ViolationBand {
    qint64 startUs = 0;
    qint64 endUs = 0;
    quint32 key = 0;
    std::vector<qint16> clients;
};

class RunData {
public:
    // Runs the simulation of `request`; nullptr with *error (one line) when it cannot run. Safe
    // on any thread. `stop` (may be null) ends a running script at once, as Cancel does; a
    // script past the request's time limit or the memory cap ends the run with one line
    // naming its file and the limit.
    static std::shared_ptr<const RunData> simulate(const RunRequest &request, QString *error,
                                                   const std::atomic<bool> *stop = nullptr);
    // Whether `request` can start (a known strategy or scripts that compile, a scenario that
    // builds), without running it; false with *error as simulate() would say it.
    static bool canRun(const RunRequest &request, QString *error);
    // The same request played live on real redis-server processes (runLiveScenario): servers
    // of its own on loopback, or `live->servers` (client-side faults only). Blocking: call it
    // from a worker thread. The events are on the scenario's clock, so the run lines up with
    // its simulation. nullptr with *error (one line) when it cannot run or was cancelled;
    // `facts` (may be null) gets where it ran, its scale, wall time and notes.
    struct LiveOptions {
        double timeScale = 0; // 0: defaultLiveTimeScale of the scenario
        QList<ConnectionOptions> servers;
        const std::atomic<bool> *cancel = nullptr;
        std::function<void(qint64 doneMs, qint64 totalMs)> progress; // scenario ms, any thread
    };
    struct LiveFacts {
        double timeScale = 1.0;
        qint64 wallMs = 0;
        QStringList servers;
        QStringList notes;
        bool cancelled = false;
    };
    static std::shared_ptr<const RunData> playLive(const RunRequest &request,
                                                   const LiveOptions &options, LiveFacts *facts,
                                                   QString *error);
    // Wraps a log that exists already (a recording, a benchmark); the report is checkLog's.
    // `endUs`: where the run ends when that is later than its last event (a live monitor's
    // history lasts until now, whether or not anything changed since).
    static std::shared_ptr<const RunData> fromLog(std::shared_ptr<EventLog> log,
                                                  const Scenario &scenario,
                                                  const RunRequest &request = {},
                                                  qint64 endUs = -1);

    const RunRequest &request() const { return m_request; }
    const Scenario &scenario() const { return m_scenario; }
    const EventLog &log() const { return *m_log; }
    std::shared_ptr<const EventLog> sharedLog() const { return m_log; }
    const CheckReport &report() const { return m_report; }
    const StateIndex &index() const { return *m_index; }
    qint64 endUs() const { return m_endUs; }
    qint64 ttlMs() const { return m_scenario.ttlMs; }

    // Lane i is client i's (ClientLane::client == i).
    const std::vector<ClientLane> &clientLanes() const { return m_clientLanes; }
    const std::vector<KeyLane> &keyLanes() const { return m_keyLanes; }
    const std::vector<ViolationBand> &violations() const { return m_violations; }
    const std::vector<quint32> &notableEvents() const { return m_notable; }
    const std::vector<quint32> &captionEvents() const { return m_captions; }
    const LaneFacts &laneFacts() const { return m_laneFacts; }
    int keyLaneOf(quint32 key, qint16 node) const;

    QString clientName(qint16 client) const;
    QString nodeName(qint16 node) const;
    QString text(quint32 id) const;
    const Event &event(quint32 index) const { return m_log->events()[index]; }

    // The caption of a Caption event in `language` ("en", "zh_CN"), falling back to the log's.
    QString captionText(quint32 eventIndex, const QString &language) const;

    // Stepping: the first notable event strictly after / the last strictly before `timeUs`;
    // -1 when there is none.
    qint64 nextNotableEvent(qint64 timeUs) const;
    qint64 previousNotableEvent(qint64 timeUs) const;
    // The same from an event, so that events at the same instant are stepped one by one.
    qint64 nextNotableEventAfter(quint32 event) const;
    qint64 previousNotableEventBefore(quint32 event) const;
    // Every event, commands included.
    qint64 nextEvent(qint64 timeUs) const;
    qint64 previousEvent(qint64 timeUs) const;
    // The number of events with time <= timeUs.
    std::size_t eventCountAt(qint64 timeUs) const;

    static bool isNotable(EventKind kind);

private:
    RunData() = default;
    // The one place a run is put together: its parts, then everything the views derive.
    static std::shared_ptr<const RunData> make(const RunRequest &request, const Scenario &scenario,
                                               std::shared_ptr<EventLog> log, CheckReport report,
                                               qint64 endUs);
    void derive();

    RunRequest m_request;
    Scenario m_scenario;
    std::shared_ptr<EventLog> m_log;
    CheckReport m_report;
    std::unique_ptr<StateIndex> m_index;
    qint64 m_endUs = 0;
    std::vector<ClientLane> m_clientLanes;
    std::vector<KeyLane> m_keyLanes;
    std::vector<ViolationBand> m_violations;
    std::vector<quint32> m_notable;
    std::vector<quint32> m_captions;
    LaneFacts m_laneFacts;
};

// The state of a run at the playback instant, kept incrementally: moving forward applies the
// events in between, moving backward starts again from the index's nearest checkpoint.
class StateCursor {
public:
    void reset(const RunData *run);
    // Moves to `timeUs`; returns the number of events applied or un-applied (0: nothing changed).
    std::size_t seek(qint64 timeUs);
    const RunState &state() const { return m_state; }
    qint64 timeUs() const { return m_timeUs; }
    std::size_t eventCount() const { return m_next; } // events applied so far

private:
    const RunData *m_run = nullptr;
    RunState m_state;
    std::size_t m_next = 0;
    qint64 m_timeUs = 0;
};

} // namespace lockscope::ui
