// A scenario: the workload, the world (nodes, replicas, network) and the faults of one failure
// story from docs/lock-catalogue.md, loaded from a JSON file under resources/scenarios. Tests and
// the window may change any field before running (e.g. delay a restart past the maximum TTL).
#pragma once

#include "distribution.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace lockscope {

// When a fault strikes: at a virtual time, or when a client reaches a step of its strategy.
struct FaultTrigger {
    qint64 atMs = -1;  // absolute time; used when `steps` is empty
    QString client;    // client name whose step triggers it
    QStringList steps; // alternatives, the first the strategy has wins ("acquire.setnx", "acquire")
    QString phase = QStringLiteral("after"); // before (the send) | sent (reply in flight) | after
    int occurrence = 1;                      // the n-th time that client reaches that step
    qint64 delayMs = 0;                      // strike this long after the trigger
};

struct FaultSpec {
    enum class Action : quint8 {
        Pause,      // client: stop the world for durationMs
        Crash,      // client: the process dies; its coroutines are gone
        LoseReply,  // client: the command at the trigger executes, its reply never comes back
        DelayReply, // client: the reply comes durationMs late
        // client: the command at the trigger ("before" phase; otherwise the client's next one)
        // is held back durationMs before it leaves, so a request another client sends meanwhile
        // reaches the node first: the arrival order of two requests in flight together, flipped
        DelayRequest,
        Partition,   // client cut off from `nodes` for durationMs (requests lost)
        NodeCrash,   // node: down for durationMs (< 0: for good), then back with its data
        NodeRestart, // node: down for durationMs then back, with or without persistence
        Failover,    // node: primary dies, its first replica is promoted (unreplicated writes lost)
        ClockJump,   // node: its clock jumps by jumpMs
    };
    Action action = Action::Pause;
    FaultTrigger trigger;
    QString client;   // target client for client faults
    int node = 0;     // target node for node faults
    QList<int> nodes; // partition
    qint64 durationMs = 0;
    qint64 jumpMs = 0;
    bool persistence = false;
};

// Something said at the moment an event happens ("A's lease expired while it was paused").
struct Caption {
    QString eventKind;           // event kind id, e.g. "key_expired"
    QString client;              // optional: only events of this client (or owner for key events)
    int occurrence = 1;          // the n-th matching event
    QMap<QString, QString> text; // language -> sentence ("en", "zh_CN")
};

// One acquisition of a replayed workload (what-if replay, whatif.h, derives them from a monitor
// recording): the client starts acquiring `key` at atUs and starts releasing it holdUs after it
// got it. Microseconds, because a recording is stamped in microseconds and a replay should keep
// the order of two events a few microseconds apart.
struct ScheduledHold {
    qint64 atUs = 0;   // run time; a client still busy with its previous hold starts late
    int key = 0;       // index into the scenario's keys
    qint64 holdUs = 0; // from the acquisition to the start of the release
    qint64 ttlMs = -1; // the lease asked for; -1: the scenario's ttl_ms
};

struct ClientSpec {
    QString name;
    qint64 startMs = 0;
    int cycles = -1;              // acquisitions to make; -1: until the end
    Distribution holdMs;          // time inside the critical section
    Distribution thinkMs;         // time between release and the next acquire
    qint64 clockOffsetMs = 0;     // this client's clock minus true time
    bool nested = false;          // acquires the same lock again while holding it
    qint64 acquireTimeoutMs = -1; // give up acquiring after this long; -1 waits until the end
    // When not empty, the client makes exactly these acquisitions, in this order, and then
    // stops: cycles, hold_ms and think_ms are not used, and no key is picked at random.
    QList<ScheduledHold> schedule;
};

struct Scenario {
    QString id;
    QString title;
    QString summary;     // one line
    QString explanation; // a paragraph: what happens and what each strategy shows
    QMap<QString, QString> titleTr, explanationTr; // translations by language

    // Workload.
    int clientCount = 2;
    int keyCount = 1;
    // The lock keys' names (key i is keyNames[i]); empty: "lock:<i>". When given, keyCount is
    // its size. A replayed recording keeps its own key names, so the replay reads like it.
    QStringList keyNames;
    qint64 ttlMs = 30000;
    Distribution holdMs = Distribution::fixed(10);
    Distribution thinkMs = Distribution::fixed(10);
    int cycles = -1;           // per client; -1 until the end
    qint64 startStaggerMs = 1; // client i starts at i * stagger unless it has its own start
    qint64 durationMs = 60000;
    qint64 acquireTimeoutMs = -1; // give up after this long; -1 waits until the end
    QString waitMode = QStringLiteral("spin");
    QList<ClientSpec> clients; // explicit clients (override clientCount)

    // World.
    int nodes = 1;        // lock nodes for single-instance strategies (they use node 0)
    int redlockNodes = 5; // lock nodes when the strategy is multi-node
    int replicas = 0;     // per node
    qint64 replicationLagMs = 0;
    double latencyMs = 0.5; // one way
    double jitterMs = 0.1;  // uniform extra, one way
    qint64 requestTimeoutMs = 1000;
    qint64 nodeTimeoutMs = 50; // redlock's per-node timeout

    QList<FaultSpec> faults;
    QList<Caption> captions;

    // Clients with every default filled in, in start order.
    QList<ClientSpec> resolvedClients() const;
};

// Parses a scenario; false with *error naming the file, the line, the field and the problem
// ("my.json:12: faults[0].trigger.step: no strategy has a step \"release.nope\" ..."). The
// counts are capped by run_limits.h, as the CLI's flags and the window's are.
bool parseScenario(const QByteArray &json, const QString &origin, Scenario *out, QString *error);
bool loadScenarioFile(const QString &path, Scenario *out, QString *error);

// The 13 built-in scenarios (resources/scenarios), in docs/lock-catalogue.md order.
QStringList builtinScenarioIds();
bool loadBuiltinScenario(const QString &id, Scenario *out, QString *error = nullptr);

QString faultActionId(FaultSpec::Action action);

// Sets the number of clients: keeps the explicit clients of the scenario and adds generic ones
// (named after their position) with the scenario's defaults. Refuses (false, *error, the
// scenario untouched) a count outside 1..limits::kMaxClients, one that would leave out a client
// of the scenario's own cast (client_list: client-clock-skew's B is its skewed clock), and one
// that would rename a client a fault or caption names (generic clients are A..Z up to 26, then
// c1, c2, ...): the story would silently lose its fault.
bool setClientCount(Scenario &scenario, int n, QString *error);

// The step names a fault trigger may name: the workload's checkpoints and commands, and the
// steps of every built-in strategy.
QStringList knownFaultSteps();

} // namespace lockscope
