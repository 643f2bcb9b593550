// KeyMonitor's inside, shared by key_monitor.cpp and the cluster's shard set (cluster_shards.cpp),
// which reaches into the inner monitors it runs. Not for anyone else: ui/ and app/ use
// key_monitor.h.
//
// A monitor is one of two kinds. Of one server (direct, or the master the sentinels name, or
// one master of a cluster): its connections, scan, reads and the KeyTable they fill. Of a
// cluster: `cluster` runs an inner monitor per master; this one only adds them up and judges
// the anomalies across all of them.
#pragma once

#include "anomaly_index.h"
#include "cluster_shards.h"
#include "key_monitor.h"
#include "key_scanner.h"
#include "key_table.h"
#include "monitor_recorder.h"
#include "monitor_status.h"
#include "notification_follower.h"
#include "quorum_view.h"
#include "sentinel_resolver.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace lockscope {

class KeyMonitor::Private {
public:
    // The turns below are short because a window's event loop runs one of each per pass (the
    // replies, their applying, the anomalies, the page's table) and its input waits for the
    // whole pass: with 1,000,000 lock keys all of them are busy at once, and turns of 4, 6,
    // 2.5 (300 keys) and 4 ms made input wait 12 ms at the median and 16 ms for a third of it.
    // Keys judged for anomalies in one event-loop turn (a few ms; sentences and notes included).
    static constexpr qsizetype kAnomalySliceKeys = 150;
    // Replies applied in one event-loop turn: while the window is busy, a big server's replies
    // pile up (a hundred SCAN rounds' worth), and applying them all at once held the window
    // for up to 60 ms. Slices of kApplySlice, until kApplyTurnMs have gone; the rest, in order,
    // on the next turn.
    static constexpr qsizetype kApplySlice = 64;
    static constexpr qint64 kApplyTurnMs = 3;
    // The apply turn then judges the keys it changed in steps of kAnomalyStepKeys until
    // kMonitorTurnMs have gone (one step at least); what is left waits for the next apply
    // turn, or a slice of kAnomalySliceKeys when none is coming. At 1,000,000 lock keys an
    // apply turn of 3 ms plus 150 keys judged (7-8 ms), a slice beside it (2.5-3 ms), the
    // table's pump and a socket read made a pass of 15-19 ms.
    static constexpr qsizetype kAnomalyStepKeys = 32;
    static constexpr qint64 kMonitorTurnMs = 5;
    static constexpr qint64 kApplyQuietMs = 100;
    // A following monitor's data connection hands out replies for at most this long a turn
    // (ConnectionOptions::replyTurnMs): one socket read of a 1,000,000-key scan held 4-19 ms
    // of replies, and the window's input waited behind it.
    static constexpr qint64 kReplyTurnMs = 2;
    static constexpr int kFinishTurns = 1000;
    // A scan estimate makes room for at most this many keys (a wrong DBSIZE share must not
    // take gigabytes up front).
    static constexpr qsizetype kMaxReservedKeys = 4'000'000;

    Private(KeyMonitor *qq, MonitorOptions o, MonitorRecorder *sharedRecorder = nullptr);

    // Connections and start-up.
    void start();
    void stop();
    void connectTo(const ConnectionOptions &target, bool failover);
    void onMasterFound(const QString &host, quint16 port);
    void onDataReady(quint64 gen);
    void onDataError(quint64 gen, RedisErrorKind kind, const QString &message);
    void afterHandshake(quint64 gen, const Reply &info, const Reply &persistence,
                        const Reply &config);
    // The monitor went blind (a lost connection, a server that stopped answering, a failover)
    // or sees again: one GapStarted and one GapEnded in the recording, whatever the cause.
    void openGap(qint64 t, const QByteArray &why);
    static bool isServerFull(const Reply &reply); // maxclients reached
    void onServerFull();
    void closeGap(qint64 t, const QByteArray &found);
    void setUpNotifications(quint64 gen);
    void dropNotifications();
    bool notified() const; // notifications on and subscribed: re-reads only resync TTLs
    void resync(quint64 gen);
    void startScan(bool initial);
    void onScanFinished(quint64 gen);
    // Room for about `keys` keys in the table and everything kept per key (key_scanner.h
    // estimates how many a scan will find), so that a big scan does not rehash them as it goes;
    // made over a few event-loop turns, then `done`.
    void reserveFor(qsizetype keys, std::function<void()> done);
    // Ends a scan pass once the replies that arrived before its end are applied: turn after
    // turn while their `backlog` shrinks, at most `turnsLeft` turns while it does not.
    void finishScanPass(quint64 gen, int turnsLeft, std::size_t backlog);

    // Redis Cluster (the outer monitor): the shard set runs one inner monitor per master.
    void startCluster();
    void onMastersChanged(const QList<ClusterMaster> &masters);
    void onShardFailed(const QString &name, const QString &message);
    void updateCluster();
    // The tables to read: the inner monitors' in cluster mode, else this one's.
    std::vector<KeyTable *> tables() const;
    const KeyEntry *findEntry(const QByteArray &key) const;

    // Reads.
    void onNotification(const QByteArray &key, const QByteArray &event);
    void scheduleFlush();
    void flushDirty();
    void readLockKeysOf(const QSet<QByteArray> &keys);
    void sendReads(const QList<QByteArray> &keys, const QHash<QByteArray, KeyType> &hints,
                   std::function<void()> after);
    void onSnapshots(quint64 gen, QList<KeySnapshot> snapshots);
    void scheduleApply(bool waitForNotifications = true);
    void applyArrived(); // some of arrived (kApplyTurnMs); the rest scheduled
    void applyAllArrived();
    void pollTick();
    void pollNextBatch(quint64 cycle);

    // Applying observations to the table (KeyTable says what applying means).
    void apply(const KeyObservation &o);
    void verifyDelete(const QByteArray &key);
    void dropMovedKey(const QByteArray &key);
    // A row changed: the table's listeners and the anomalies hear of it.
    void markChanged(const QByteArray &key);
    void emitChangedKeys();

    // Anomalies.
    void evaluateAnomalies();
    void anomalyTick();
    void judgeAnomalies(qsizetype maxKeys);
    // Steps of kAnomalyStepKeys until `turn` has had kMonitorTurnMs (one step at least).
    void judgeWithinTurn(const QElapsedTimer &turn);
    void evaluateAllAnomalies();
    void noteAnomaly(qint64 now, const Anomaly &a, const KeyEntry *e); // e: a's key's row

    // Health and status.
    void setHealth(Health h);
    void updateStatus();
    QString buildStatus() const;
    QString notifySentence() const;
    monitor_status::ShardFacts shardFacts(const QString &name) const;
    qint64 pollInterval() const;

    KeyMonitor *q;
    MonitorOptions options;
    EventLog log;
    MonitorRecorder ownRecorder;
    MonitorRecorder &recorder;    // ownRecorder, or the cluster monitor's for an inner monitor
    const bool isShard;           // the inner monitor of one cluster master (or Redlock node)
    bool independentNode = false; // ... of a Redlock node: its keys never move elsewhere
    bool loneClusterNode = false; // INFO server said redis_mode:cluster, and this is no shard
    const bool recording;

    // Cluster mode (the outer monitor): the masters and their inner monitors.
    std::unique_ptr<ClusterShards> cluster;
    // An inner monitor calls this when a master may have moved (MOVED, a dropped connection).
    std::function<void()> topologyHint;
    // Resharding: an inner monitor says a key of its table moved away (MOVED/ASK).
    std::function<void(const QByteArray &key)> keyMovedAway;
    // An inner monitor's deletes being checked (MIGRATE notifies "del" as DEL does), with the
    // key's later observations waiting behind them, in order.
    QHash<QByteArray, QList<KeyObservation>> heldKeys;

    quint64 gen = 0; // bumped whenever the data connection is replaced
    // Connections and helpers let go of (see retire()), not deleted yet.
    std::vector<QPointer<QObject>> retired;
    // Lets go of `object`: deleted later, as this may run inside one of its own callbacks, but
    // no later than the monitor (~KeyMonitor deletes what is left), because deleting a
    // connection runs its pending callbacks, and those point at this Private.
    template <class T> void retire(std::unique_ptr<T> &object)
    {
        if (!object)
            return;
        std::erase_if(retired, [](const QPointer<QObject> &o) { return o.isNull(); });
        QObject *o = object.release();
        retired.emplace_back(o);
        o->deleteLater();
    }
    std::unique_ptr<Connection> data;
    std::unique_ptr<NotificationFollower> notify;
    std::unique_ptr<SentinelResolver> sentinel;
    std::unique_ptr<KeyScanner> scanner;
    ConnectionOptions target;
    bool started = false;
    bool handshakeDone = false;
    qint16 node = kNoNode;
    QHash<qint16, QByteArray> runIds;

    Health health = Health::Idle;
    QString status;
    QString lastError;
    QString problem; // a sentinel problem, read failures, ...
    bool outage = false;
    bool everReady = false; // the data connection of this target was ready once
    qint64 outageSinceUs = 0;
    bool gapOpen = false; // a GapStarted was recorded and no GapEnded yet
    qint64 gapSinceUs = 0;
    bool gapUnanswered = false;    // the gap is a server that stopped answering, not a drop
    bool gapNotifications = false; // the gap is the notification connection's alone
    bool refusedFull = false;      // said once per gap: the server is at maxclients
    QByteArray failoverFound;      // the gap's end after a failover says this
    int reconnectAttempts = 0;

    NotifyConfig notifyCfg;
    NotifyMode notifyMode = NotifyMode::Unknown;

    KeyChangeTracker tracker;
    KeyTable table;
    QSet<QByteArray> changedKeys;

    QSet<QByteArray> dirty;
    QHash<QByteArray, KeyType> dirtyHints;
    bool flushArmed = false;
    // Replies not applied yet, oldest first: a deque, as a backlog of 100,000 is taken from
    // the front a slice at a time (a list moved all the rest each time: 13 s at 1,000,000).
    std::deque<KeySnapshot> arrived;
    // applyArrived() on a timer object, not a zero singleShot: Qt 6 posts those as queued
    // calls, and the event loop ran every queued call back to back (following 1,000 lock
    // cycles a second, three applies of 3-10 ms each made a 20 ms gap in a window). A timer
    // lets the window's timers and input in between.
    QTimer *applyTimer;
    quint64 applyGen = 0; // the generation it was armed in; a stop or a reconnect makes another
    // A first scan's replies wait in arrived while its size estimate is awaited (or known not
    // to come: KeyScanner::awaitsEstimate()) and while room is made for it, so that the tables
    // are still empty when they reserve (roomWanted()). Reserving a Qt hash for a million keys
    // moves what it holds into 16,384 spans, one allocation each: with the first 5,000 keys
    // applied, the reserve steps took 4-21 ms each at 1,000,000 lock keys, and the window's
    // first five gaps 25-38 ms. Empty, 0.1-11 ms; the tracker's 15 ms, as it holds the reads
    // sent.
    bool makingRoom = false; // reserve steps under way (reserveFor); a new generation ends them
    bool roomWanted() const { return makingRoom || (scanner && scanner->awaitsEstimate()); }
    // An apply turn is armed, or a scan that is bringing replies will bring more
    // (applyArrived() judges anomalies too). A scan that brought none for kApplyQuietMs (a
    // stretch of the keyspace without a match) leaves the judging to slices again.
    bool applyTurnsComing() const
    {
        return applyTimer->isActive() || (scanner && scanner->isRunning() && sinceApply.isValid() &&
                                          sinceApply.elapsed() < kApplyQuietMs);
    }

    bool initialScanDone = false;
    quint64 keysScanned = 0, scanRounds = 0, scanPasses = 0;
    qint64 readFailures = 0;
    QByteArray lastReadError;

    QTimer *pollTimer;
    QTimer *rescanTimer;
    QTimer *anomalyTimer;
    quint64 pollCycle = 0;
    bool pollRunning = false;
    std::size_t pollNext = 0; // the next key of table.keysInOrder() this pass reads

    // Anomalies: judged incrementally (one master), or all at once across a cluster's masters.
    AnomalyIndex anomalyIndex;
    bool anomalyIdsChanged = false; // since anomaliesChanged() was last emitted
    bool anomalySliceArmed = false;
    QElapsedTimer sinceApply; // restarted by every applyArrived()
    QList<Anomaly> anomalies;
    QSet<QString> anomalyIds;

    // The lease rhythm of what a recording monitor records (lease_rhythm.h): late renewals and
    // leases that ran out become anomaly notes in the history, on the next event-loop turn
    // (not from inside the recorder's own sink call).
    class LeaseSink;
    std::unique_ptr<LeaseSink> leases;
    bool leaseNotesArmed = false;
    void noteLeaseFindings();
    // The newest findings, for the page's Anomalies list (an upgrade replaces its expiry).
    std::deque<LeaseFinding> recentLeaseFindings;
    quint64 leaseFindingsMade = 0;

    // A Redlock deployment (options.redlock()): who holds each key's majority, from what is
    // recorded; its changes and findings become notes like the lease rhythm's.
    class QuorumSink;
    std::unique_ptr<QuorumSink> quorum;
    bool quorumNotesArmed = false;
    void noteQuorum(qint64 now);
};

} // namespace lockscope
