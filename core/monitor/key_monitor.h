// The live view's core: a table of the lock keys on a production Redis, kept current, with a
// history of every change in the event-log format and the anomalies of the moment.
//
//  - Connects (directly, or to the master Sentinel names, following failovers), read-only
//    unless the options allow writes.
//  - Reads `CONFIG GET notify-keyspace-events` (a read). When the server notifies keyspace
//    events, subscribes on a second connection to __keyspace@<db>__:<pattern> *before*
//    scanning, so nothing changes unseen between the scan and the subscription; every
//    notification triggers a bounded read of that key, and KeyChangeTracker puts reads and
//    notifications back in the server's order. Without notifications it re-reads the known
//    keys every rereadIntervalMs (one pipelined batch at a time) and rescans for new keys.
//    It never changes the server's configuration on its own: enableNotifications() sends
//    CONFIG SET only when asked, and the connection refuses it unless writes are allowed.
//  - Discovers keys with KeyScanner (SCAN MATCH COUNT, bounded reads); the table fills batch by
//    batch before the scan ends.
//  - TTLs count down locally from the last PTTL (KeyEntry::remainingTtlMs) and are re-synced
//    with PTTL every ttlResyncIntervalMs.
//  - Records the history through MonitorRecorder (monitor_recorder.h says which event kinds
//    mean acquired, released, expired, renewed, taken over, hold count changed) into an
//    EventLog (info().source == "monitor") and any extra sinks.
//  - A lost connection is reported (status, FaultNote) and retried; after it comes back the
//    monitor re-reads every known key and rescans, and a restarted server (INFO run_id
//    changed) is recorded as NodeRestarted.
//  - Redlock (options.nodes, two or more independent servers): one inner monitor per node, as
//    for a cluster's masters, all recording into this one log, each key event on its node; the
//    same key on several nodes is one lock's copies, and QuorumView (quorum_view.h) says who
//    holds its majority.
//  - Redis Cluster (options.cluster): ClusterResolver finds the masters; the monitor runs one
//    inner monitor per master (its own connections, scan, notifications or polling), all
//    recording into this one log, each key on the node (host:port) of its master. The table,
//    the anomalies (judged across all masters), the progress and the status are the union.
//    When the masters change (a failover, a resharding, MOVED), the inner monitors follow. A
//    key whose slot moves leaves its old master's table on MOVED/ASK (a "del" notification
//    is checked with one read first, since MIGRATE sends it too) and reappears on the new
//    master's lane as present: a move is neither a release nor an acquisition.
#pragma once

#include "anomaly_index.h"
#include "events/event_log.h"
#include "key_change_tracker.h"
#include "key_entry.h"
#include "lease_rhythm.h"
#include "monitor_options.h"
#include "notify_config.h"
#include "quorum_view.h"

#include <QObject>

#include <functional>
#include <memory>
#include <vector>

namespace lockscope {

class MonitorRecorder;

class KeyMonitor : public QObject {
    Q_OBJECT
public:
    enum class Health : quint8 {
        Idle,         // not started, or stopped
        Connecting,   // first connection (or asking the sentinels)
        Scanning,     // the first scan is running; the table fills
        Watching,     // the first scan is done; following changes
        Reconnecting, // the connection dropped; retrying
        Failed,       // gave up: wrong password, unreachable without retries, ...
    };
    Q_ENUM(Health)

    enum class NotifyMode : quint8 {
        Unknown,    // not asked yet
        On,         // the server notifies everything the monitor needs
        Partial,    // some classes are missing: notifications plus re-reads
        Off,        // the server does not notify keyspace events: re-reads
        Unreadable, // CONFIG GET was refused (ACL, renamed command): re-reads
        NotUsed,    // a one-shot snapshot, or the options say poll
    };
    Q_ENUM(NotifyMode)

    explicit KeyMonitor(MonitorOptions options, QObject *parent = nullptr);
    ~KeyMonitor() override;

    void start();
    void stop();

    const MonitorOptions &options() const;
    Health health() const;
    QString statusText() const;
    QString lastError() const;
    QString serverName() const; // the server watched now ("127.0.0.1:6379"; cluster: all masters)
    // The masters watched now, by name ("127.0.0.1:7000"): one unless options().cluster.
    QStringList masters() const;

    NotifyMode notifyMode() const;
    NotifyConfig notifyConfig() const;
    // The exact command that would turn on what the monitor needs, keeping what is on:
    // "CONFIG SET notify-keyspace-events Kg$hx".
    QByteArray enableNotificationsCommand() const;
    bool writesAllowed() const;
    // Sends that CONFIG SET. The connection's read-only switch refuses it unless writes are
    // allowed (done(false, "refused: CONFIG SET is a write command ...")); on success the
    // monitor subscribes and resynchronises.
    void enableNotifications(std::function<void(bool ok, const QString &message)> done);

    // The table, by key.
    std::vector<const KeyEntry *> entries() const; // sorted by key
    const KeyEntry *entry(const QByteArray &key) const;
    int keyCount() const;
    // As of the last evaluateAnomalies(), in AnomalyRules::evaluate()'s order. A big server
    // can have a hundred thousand: anomalies(limit) writes only the first ones.
    QList<Anomaly> anomalies() const;
    QList<Anomaly> anomalies(qsizetype limit) const;
    qsizetype anomalyCount() const;
    QList<Anomaly> anomaliesOf(const QByteArray &key) const; // those whose key is `key`
    void evaluateAnomalies(); // the timer does this every anomalyIntervalMs

    // What the lease rhythm (lease_rhythm.h) found so far in a following monitor's history:
    // the newest kMaxRecentLeaseFindings, oldest first (a lease that ran out under a live
    // holder replaces its "expired, not released"), and how many were made in all. Each is
    // also a note in the history; anomaliesChanged() says when one came.
    static constexpr std::size_t kMaxRecentLeaseFindings = 500;
    std::vector<LeaseFinding> leaseFindings() const;
    quint64 leaseFindingCount() const;

    // The server is a node of a Redis Cluster watched on its own (without options().cluster):
    // only the keys of its own slots are seen. clusterNodeAdvice() says so and how to watch
    // every master (empty when this is not the case).
    bool isLoneClusterNode() const;
    QString clusterNodeAdvice() const;

    // A Redlock deployment (options().redlock()): N independent servers watched as one. Its
    // nodes by name, in the order of KeyQuorum::perNode; who holds each key on which node and
    // who holds its majority, now (from the nodes' tables). Empty otherwise. A following
    // monitor also records each change of a key's quorum as a note ("quorum <key>: ...") and
    // its findings (split, quorum-lost, clock-drift) as anomaly notes.
    bool isRedlock() const;
    QList<QByteArray> quorumNodes() const;
    std::vector<KeyQuorum> quorums(qint64 nowUs) const;

    bool initialScanDone() const;
    quint64 keysScanned() const; // keys matched by the current (or last) scan pass
    quint64 scanRounds() const;
    quint64 scanPasses() const;
    const KeyChangeTracker &tracker() const;

    // The recording (empty when options().keepLog is false; else the newest events, within
    // options().history) and extra sinks for streaming (monitor_recorder.h: a sink reads an
    // event's strings in consume()).
    EventLog &log();
    const EventLog &log() const;
    // The recording's client index of a lock owner (its lane and colour on the timeline), or
    // kNoClient when the recording has not seen it.
    qint16 clientOfOwner(const QByteArray &owner) const;
    void addSink(EventSink *sink);
    void removeSink(EventSink *sink);

    quint64 commandsSent() const; // on the data and notification connections (of every master)

signals:
    void statusChanged(const QString &status);
    void healthChanged(lockscope::KeyMonitor::Health health);
    void scanProgress(quint64 keysScanned, quint64 rounds);
    void initialScanFinished();
    void scanPassFinished();
    void keysChanged(const QList<QByteArray> &keys); // rows added, changed or removed
    // The first scan of a big keyspace will bring about `keys` keys (key_scanner.h): room was
    // made for them, and a view of the table can make its own.
    void keyCountEstimated(qsizetype keys);
    void anomaliesChanged();
    void masterChanged(const QString &server);
    void failed(const QString &message);

private:
    // A cluster's inner monitor of one master, recording into the cluster monitor's recorder.
    KeyMonitor(MonitorOptions options, MonitorRecorder *sharedRecorder, QObject *parent);

    class Private;
    friend class ClusterShards; // runs the inner monitors of a cluster's masters
    std::unique_ptr<Private> d;
};

} // namespace lockscope
