// What a monitor is told: where the server is (a ConnectionOptions, read-only unless the user
// allows writes), which keys to watch, how hard it may read, and when to call something an
// anomaly. Profiles (named, saved sets of these) are the window's business.
#pragma once

#include "redis/connection.h"
#include "scan_pacer.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace lockscope {

// Bounds on every value read, so that a key that is not a lock (or a lock gone wrong) cannot
// make the monitor pull megabytes from a production server.
struct ReadLimits {
    int maxStringBytes = 512; // GETRANGE 0 (max-1), with STRLEN to tell the value was cut
    int maxHashFields = 64;   // HGETALL when HLEN <= this, else the first page of HSCAN
    int maxListItems = 16;    // LRANGE 0 (max-1), with LLEN
    int maxZsetItems = 16;    // ZRANGE 0 (max-1) WITHSCORES, with ZCARD
};

// When a key's state is worth a warning (anomaly_rules.h). Defaults as in the monitor issue.
struct AnomalyThresholds {
    qint64 maxTtlMs = 5 * 60 * 1000;   // a lease longer than this is suspicious
    qint64 maxHeldMs = 60 * 1000;      // one owner holding longer than this
    int maxOwnerChangesPerMinute = 60; // owner churn on one key
    qint64 queueStuckMs = 30 * 1000;   // a fair-lock queue whose head does not move
    int maxLocksPerOwner = 20;         // one owner holding many locks at once
};

// How much of its history a monitor keeps in memory (with keepLog): the newest events, at most
// maxEvents of them and none older than maxAgeMs. Older events are forgotten with the strings
// only they used (the log says how many and until when: EventLog::droppedEvents()); a session
// being recorded has them in its file (RecordingWriter). At 1,000 lock cycles a second (4,000
// events) the default keeps the last 50 s; at 10 cycles a second, the last 15 minutes.
struct HistoryWindow {
    qint64 maxEvents = 200000; // about 10 MB of events and strings
    qint64 maxAgeMs = 15 * 60 * 1000;
};

// A Redlock deployment (MonitorOptions::nodes): when a key's story across the nodes becomes a
// finding (quorum_view.h).
struct QuorumOptions {
    qint64 graceMs = 2000; // split and quorum-lost must last this long
    // clock-drift: beyond the acquisition's spread, by this. The monitor stamps a copy's set time
    // when it read it: up to the re-read interval (1 s) late without keyspace notifications,
    // and hundreds of ms on a loaded machine with them (seen under AddressSanitizer), so a
    // smaller tolerance calls the monitor's own lag a drift.
    qint64 driftToleranceMs = 1500;
};

struct MonitorOptions {
    MonitorOptions() { connection.readOnly = true; }

    // The data server. readOnly is on unless the user asked for writes (--allow-writes): the
    // connection itself refuses every write command before it reaches the socket.
    ConnectionOptions connection;

    // Sentinel mode: when `sentinels` is not empty, the data server is the master that these
    // sentinels name for `masterName` (host/port of `connection` are replaced; its password,
    // TLS and db are kept). The monitor follows +switch-master.
    QList<ConnectionOptions> sentinels;
    QString masterName;

    // Redis Cluster mode: `connection` is a seed node (any node of the cluster). The monitor
    // discovers the masters with CLUSTER SLOTS (a read), connects to each master with the same
    // credentials and TLS (read-only unless writes are allowed), scans each (SCAN is per node in
    // a cluster) and follows each (keyspace notifications are per node: it subscribes on every
    // master, else polls each). It re-discovers the masters every clusterRefreshMs, on MOVED
    // and when a master's connection drops, so a failover moves the watch to the new master.
    // The db must be 0 (a cluster has only that one). Ignored when `sentinels` is set.
    bool cluster = false;
    qint64 clusterRefreshMs = 5000;

    // Redlock mode: two or more independent servers holding copies of the same lock keys (a
    // Redlock deployment, node-redlock, redsync, Redisson's RedLock). Each is watched as a
    // cluster's master is (its own inner monitor), all recording into one log, each key event
    // on its node; quorum_view.h says who holds each key's majority. `connection` is the first
    // of them. Ignored when `sentinels` is set or `cluster` is on.
    QList<ConnectionOptions> nodes;
    QuorumOptions quorum;
    bool redlock() const { return nodes.size() > 1 && !cluster && sentinels.isEmpty(); }

    QByteArray pattern = QByteArrayLiteral("*lock*"); // SCAN MATCH, and the keyspace channel
    // SCAN COUNT: work per round, where a scan starts. Another client waits for the server's
    // whole event-loop iteration, which holds the SCAN and the reads that came with it: over a
    // million keys on the 2-core bench machine, at 1000 the iterations reached p99 1.3-1.8 ms
    // on the CPU and 12-46 % of them passed 1 ms; at 500, p99 0.7-0.9 ms (bench_monitor.sh's
    // server-loop rows, traced with perf). What a key costs differs from server to server, so
    // with scanPacing.on the COUNT then follows the server's own cost of SCAN (scan_pacer.h),
    // pass after pass; off (the CLI's --count), it stays as it is.
    int scanCount = 500;
    ScanPacing scanPacing;
    // > 0: at most this many bytes of the data connection's commands are unanswered at once
    // (ConnectionOptions::maxBytesInFlight). Where every key matches, a SCAN page brings a
    // thousand reads, and the server runs up to 16 KB of them in the same loop iteration as
    // the next SCAN. Over a million lock keys on the 2-core machine (README, Monitor): no
    // limit 31-35 s, 421-668 iterations above 1 ms on the CPU, p99 1.25-1.43 ms; 8192 bytes
    // 40-43 s, 272-576, p99 0.98-1.22 ms; 4096 bytes 48 s, 245, p99 0.83 ms. What is left
    // above 1 ms is mostly the SCAN's own cost, which varies around the pacer's 0.5 ms. A
    // slower scan for a modest gain, so not the default.
    qint64 maxBytesInFlight = 0;
    qint64 scanPauseMs = 0;            // pause between SCAN rounds of background rescans
    qint64 rereadIntervalMs = 1000;    // without notifications: re-read every known key this often
    qint64 ttlResyncIntervalMs = 5000; // with notifications: PTTL re-sync of known keys
    qint64 rescanIntervalMs = 30000;   // a new full SCAN pass this long after the last ended
    qint64 anomalyIntervalMs = 1000;   // re-evaluate the time-based anomaly rules
    int readBatch = 200;               // keys per pipelined re-read batch

    // Follow changes (subscribe, re-read, rescan) after the first scan. False: one snapshot.
    bool follow = true;
    // Use keyspace notifications when the server has them on (CONFIG GET tells). False: poll.
    bool useNotifications = true;
    // Keep the recorded events in memory (the window's timeline), within `history`.
    bool keepLog = true;
    HistoryWindow history;

    ReadLimits limits;
    AnomalyThresholds thresholds;

    bool writesAllowed() const { return !connection.readOnly; }
};

} // namespace lockscope
