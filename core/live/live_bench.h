// Seed 001's experiment against real Redis servers: N clients, each with its own connection per
// node, loop acquire -> increment a counter kept in Redis inside the critical section (GET,
// SET +1 on the first server) -> release, for a while. Reports cycles per second, acquire
// latency, errors by kind, and whether the counter ends where the acknowledged increments say
// it should (lost updates). Every key it makes lives under one random prefix and is deleted at
// the end, also after a cancel or a fault.
//
// Before any client starts, a preflight on every server PINGs, loads the scripts and runs the
// strategy once on a probe key, so an unreachable server, a wrong password or a missing ACL
// permission is one clear sentence within a few seconds, not a run full of errors.
//
// The client i works on lock key i mod keys: with keys = 1 every client contends for one lock
// (the seed's experiment), with keys = clients nobody waits and the run measures throughput.
#pragma once

#include "events/event_log.h"
#include "redis/connection.h"
#include "sim/checker.h"

// moc cannot parse the C++20 library headers behind <coroutine>; it needs none of these.
#ifndef Q_MOC_RUN
#include "lock/acquire.h"
#endif

#include <QJsonObject>
#include <QMap>
#include <QObject>

#include <functional>
#include <memory>

namespace lockscope {

class LiveClient;

// A fault a user causes on a client of the run, at a time after the clients started.
struct LiveFault {
    enum class Action : quint8 { Pause, Kill };
    Action action = Action::Pause;
    QByteArray client;     // its name: "A".."Z" up to 26 clients, else "c1", "c2", ...
    qint64 atMs = 0;       // after the start of the run
    qint64 durationMs = 0; // pauses only
};
// "NAME:AT_MS:FOR_MS" (pause) or "NAME:AT_MS" (kill); false with *error saying what is wrong.
bool parseLiveFault(const QString &text, LiveFault::Action action, LiveFault *out, QString *error);

struct LiveBenchConfig {
    QList<ConnectionOptions> servers; // N for redlock; the others use exactly one
    QString strategyId;
    std::shared_ptr<const Strategy> strategy; // overrides strategyId when set (custom scripts)
    int clients = 10;
    int keys = 1;
    qint64 ttlMs = 10000;
    qint64 holdMs = 0;
    qint64 thinkMs = 0;
    qint64 durationMs = 5000;
    WaitOptions wait = defaultWait();
    qint64 requestTimeoutMs = 1000;
    qint64 nodeTimeoutMs = 50;      // redlock's per-node timeout
    qint64 connectTimeoutMs = 3000; // the preflight's bound per server
    QList<LiveFault> faults;
    QByteArray keyPrefix; // empty: "lockscope:bench:<random hex>:"
    bool cleanup = true;
    quint64 seed = 0;                    // 0: random
    EventSink *extraSink = nullptr;      // sees every event of the run as it happens
    std::shared_ptr<StringPool> strings; // the events' strings (share it with an EventLog)
    bool recordText = false;             // intern commands and replies (for an event log)

    static WaitOptions defaultWait()
    {
        WaitOptions w;
        w.mode = WaitMode::Backoff;
        return w;
    }
    // Client i's name, as the simulator names generated clients.
    static QByteArray clientName(int index, int clients);
};

struct LiveBenchResult {
    bool ok = false;
    QString error; // why the run could not start (one sentence naming the server) or failed
    bool cancelled = false;

    QString strategy;
    // The user's script files as given (strategy "custom"), for the report; empty otherwise.
    QString acquireScript;
    QString releaseScript;
    QString wait;
    QStringList servers;
    int clients = 0;
    int keys = 0;
    qint64 durationMs = 0;
    double elapsedMs = 0; // from the start of the clients until the last one finished
    // The measured window: from the start to the deadline (--duration), or to Ctrl-C. The last
    // cycles finish after it; the rate counts only the cycles completed inside it.
    double windowMs = 0;

    quint64 cycles = 0; // acquire -> critical section -> release, completed
    quint64 cyclesInWindow = 0;
    double cyclesPerSecond = 0; // cyclesInWindow per second of windowMs
    quint64 acquisitions = 0;
    quint64 gaveUp = 0;
    quint64 commands = 0;
    quint64 reconnects = 0;
    QMap<QString, quint64> errors; // errorKindId -> count
    quint64 errorCount = 0;
    qint64 counterExpected = 0;       // increments the server acknowledged
    qint64 counterActual = 0;         // the counters' final values
    bool counterRead = false;         // false: the final read failed (cleanupError says why)
    qint64 counterUnacknowledged = 0; // writes without an answer: may or may not have landed
    qint64 lostUpdates = 0;
    // The first server restarted during the run (INFO run_id changed): when (from its uptime)
    // and whether it has AOF on. What the counter check says, in one line ("the counter is 412
    // but 530 increments were acknowledged: the server restarted at 12:00:03 and lost 118 (no
    // AOF)"); empty when the counter is what the acknowledged increments say.
    bool serverRestarted = false;
    qint64 restartedAtUs = 0;
    bool aofEnabled = false;
    QString counterVerdict;
    qint64 staleRejected = 0;
    qint64 readFailures = 0;
    bool cleanedUp = false;
    qint64 keysDeleted = 0;
    QString cleanupError;
    CheckReport report; // the Checker's verdict on the run's events

    QJsonObject toJson() const;
    QString toText() const;
};

class LiveBench final : public QObject {
    Q_OBJECT
public:
    explicit LiveBench(LiveBenchConfig config, QObject *parent = nullptr);
    ~LiveBench() override;

    // Starts asynchronously (never finishes inside start()); finished() follows.
    void start();
    // Stops the clients at once, then reads the counters and cleans up as usual.
    void cancel();
    bool isRunning() const;
    const LiveBenchResult &result() const;
    const QByteArray &keyPrefix() const;
    // A client of the run by name, once started() was emitted (for faults); null if none.
    LiveClient *client(const QByteArray &name) const;

signals:
    void started(); // the preflight passed and the clients run
    void finished();

private:
    class Private;
    std::unique_ptr<Private> d;
};

// Runs a bench to the end in a local event loop (needs a Q(Core)Application). When
// `cancelRequested` is given it is polled every 50 ms; once it says true the bench is
// cancelled (and still cleans up).
LiveBenchResult runLiveBench(const LiveBenchConfig &config,
                             const std::function<bool()> &cancelRequested = {});

} // namespace lockscope
