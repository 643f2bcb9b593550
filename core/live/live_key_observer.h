// What a real Redis server did to the lock keys, as the simulator's key events. One observer per
// logical lock node of a live run: it follows the node's current primary over MONITOR
// (MonitorFeed) and replays every command a client connection sent on a shadow SimNode, whose
// clock follows the server's timestamps. The shadow knows who wrote each value (a command's
// session is the client index, learned from the CLIENT SETNAME lines of the stream and from
// CLIENT LIST when the observer attaches), so its changes become the same KeyWritten /
// KeyTtlChanged / KeyDeleted / KeyExpired events, and at the end the same KeyFinal events, as a
// simulated run's (one conversion for both: core/sim/node_log.h). The Checker then finds
// mistaken deletions and stuck locks in a live run as it does in a simulated one.
//
// The `lua` lines of the stream are skipped: the shadow runs the script itself. Its script cache
// starts as the server's: the built-in scripts are preloaded as in the simulator, and on
// attaching, SCRIPT EXISTS keeps only those the server really has (an EVALSHA the server
// refused with NOSCRIPT must fail in the shadow too, or the EVAL after it runs the script twice).
// Commands from connections without a known name still run, as session -1 (no client), so the
// shadow's data stays right. (Clients on a Unix socket all show as one address and cannot be
// told apart: the runner's clients use TCP.) Transaction and connection commands (MULTI/EXEC,
// SELECT, AUTH, SUBSCRIBE, ...) are not replayed: Redis shows each command of a transaction as it
// runs, and the others change no data.
//
// Times: events a command caused are stamped liveClockUs() when its line is read; an expiry is
// stamped when the server's clock reached the deadline, mapped to the live clock by the offset
// of the latest line (arrival minus server time), so it may be earlier than events already
// recorded: a consumer that needs time order sorts. A ~10 ms timer moves the shadow's clock on
// between lines, so expiries show without waiting for the next command.
#pragma once

#include "redis/connection.h"
#include "sim/sim_node.h"

#include <QHash>
#include <QObject>
#include <QSet>

#include <memory>

class QTimer;

namespace lockscope {

class LiveRecorder;
class MonitorFeed;
struct MonitorLine;

class LiveKeyObserver : public QObject {
    Q_OBJECT
public:
    // `node`: the log's node index. `replicas`: the node's replicas (a failover promotes one;
    // nothing is ever replicated to them, as the live runner holds the real replica back).
    // `clientByName`: connection name -> client index ({"lockscope-A": 0, ...}).
    LiveKeyObserver(int node, ConnectionOptions primary, int replicas,
                    QHash<QByteArray, qint16> clientByName, LiveRecorder *recorder,
                    QObject *parent = nullptr);
    ~LiveKeyObserver() override;

    // The keys whose events are recorded. Default: "lock:<n>", the simulator's lock keys.
    void setLockKeys(const QList<QByteArray> &keys);

    void start();
    // The server was killed (call before the event loop runs again, so that the dropped
    // MONITOR connection is expected): the shadow goes down with it.
    void nodeCrashed();
    // The server is back (with its data if `persistence`): the shadow reports what was lost,
    // and MONITOR is attached to `server` again.
    void nodeRestarted(bool persistence, const ConnectionOptions &server);
    // A replica was promoted: the shadow fails over too (reporting the unreplicated data as
    // lost), and MONITOR follows `newPrimary`.
    void failedOver(const ConnectionOptions &newPrimary);
    // Reads what has arrived, brings the shadow's clock to the server's now, records KeyFinal
    // for the lock keys and stops watching. Lines still in flight are lost: call it once the
    // clients are done and their last commands' lines had a moment to arrive.
    void finish();

    // Diagnostics.
    quint64 linesSeen() const { return m_linesSeen; }
    quint64 commandsReplayed() const { return m_replayed; }
    quint64 unknownClientCommands() const { return m_unknownClient; }
    // Where the shadow disagrees with the server ("" when it does not, as far as is known):
    // lines that could not be read, or a difference compareWithServer() found.
    QString divergence() const;
    // After finish(): the runner's own reading of a lock key on the real server (GET and PTTL;
    // exists false for an absent key). The first difference is kept for divergence(). Values
    // are compared for string keys only (a hash: presence and TTL); TTLs within
    // `ttlToleranceMs`, as they are read at slightly different times.
    void compareWithServer(const QByteArray &key, bool exists, const QByteArray &value,
                           qint64 pttlMs, qint64 ttlToleranceMs = 200);

signals:
    void ready(); // MONITOR answered +OK (again after each re-attach)
    void failed(const QString &why);

private:
    void attach(const ConnectionOptions &server);
    void onLine(const QByteArray &text, qint64 arrivalUs);
    void onClientsListed(const QByteArray &list);
    void onScriptsFound(const QList<QByteArray> &cached);
    bool learnName(const MonitorLine &line);
    void advanceTo(qint64 serverUs);
    void onTick();
    bool isLockKey(const QByteArray &key) const;
    void onChange(const SimNode::Change &change);

    int m_nodeIndex;
    ConnectionOptions m_server;
    int m_promotable; // replicas a failover can still promote
    QHash<QByteArray, qint16> m_clientByName;
    LiveRecorder *m_recorder;
    std::unique_ptr<Kernel> m_kernel;
    std::unique_ptr<SimNode> m_shadow;
    MonitorFeed *m_feed;
    QTimer *m_tick;
    QHash<QByteArray, qint16> m_sessionByAddr;
    QSet<QByteArray> m_lockKeys; // empty: the default pattern
    QHash<QByteArray, quint32> m_keyIds;

    bool m_started = false;
    bool m_finished = false;
    bool m_down = false;
    bool m_clockSet = false;
    qint64 m_originUs = 0; // server time of kernel time 0
    qint64 m_offsetUs = 0; // liveClockUs() - server time, at the latest line
    quint64 m_linesSeen = 0;
    quint64 m_replayed = 0;
    quint64 m_unknownClient = 0;
    quint64 m_unreadable = 0;
    QByteArray m_firstUnreadable;
    QString m_difference;
};

} // namespace lockscope
