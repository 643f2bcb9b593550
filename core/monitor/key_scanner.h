// Key discovery: SCAN cursor MATCH <pattern> COUNT <n>, round after round, and for the keys of
// every round a bounded pipelined read (KeyReader: TYPE, PTTL, the value by type). Never KEYS,
// never a script looping on the server: each round is one O(COUNT) command and a pipeline of
// O(1)/bounded reads, so the server stays responsive while a million keys are scanned.
//
// Results come in batches (batchReady), one per SCAN round that matched something, before the
// scan ends; progress() after every round. At most four rounds' reads are in flight: the next
// SCAN goes out ahead of the page's reads, while the pages before it are still being read, so the
// server's SCAN work and the client's reading overlap, and a slow server still slows the scan
// instead of queueing work on it.
// With pacing on (setPacing), COUNT follows what the server says a SCAN costs it (scan_pacer.h):
// every few rounds an INFO commandstats goes out behind a SCAN, in the same pipeline.
// cancel() stops after the round in flight; nothing is emitted for it.
#pragma once

#include "key_snapshot.h"
#include "monitor_options.h"
#include "redis/connection.h"
#include "scan_pacer.h"

#include <QObject>

#include <functional>

namespace lockscope {

class KeyScanner : public QObject {
    Q_OBJECT
public:
    // Called for every key just before its read is sent; the returned ticket goes with the
    // snapshot (the monitor orders scan reads with the notifications this way).
    using TicketFunction = std::function<quint64(const QByteArray &key)>;

    KeyScanner(Connection *connection, QByteArray pattern, int count, ReadLimits limits,
               QObject *parent = nullptr);

    void setTicketFunction(TicketFunction f) { m_ticket = std::move(f); }
    void setRoundPauseMs(qint64 ms) { m_pauseMs = ms; } // between rounds (background rescans)
    // Asks DBSIZE with the first SCAN, and after kEstimateRounds rounds of a bigger keyspace
    // says how many keys the whole scan will about match (sizeEstimated): the share matched so
    // far, times the keyspace. The monitor makes room for them before they come.
    void setEstimateSize(bool on) { m_estimate = on; }
    // Early, because making room moves what is in already: after 16 rounds of 1,000 lock keys
    // each, the reserve steps held the window 15-105 ms apiece. SCAN's order is the hash's, so
    // four rounds are a fair sample (a share of 10 % is known within about 5 %).
    static constexpr quint64 kEstimateRounds = 4;
    // Until the estimate is made or known not to come (a keyspace found whole, no DBSIZE): the
    // monitor applies no reply meanwhile, so that its room is made while it is still empty.
    bool awaitsEstimate() const { return m_running && m_estimate && !m_estimated; }
    // Before start(): COUNT starts at the constructor's and follows the server's cost of SCAN.
    // A server that refuses INFO (an ACL without +info) or answers it in another format keeps
    // the COUNT it has; nothing else changes.
    void setPacing(ScanPacing pacing) { m_pacing = pacing; }

    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    quint64 keysFound() const { return m_keysFound; }
    quint64 rounds() const { return m_rounds; }
    int count() const { return m_count; } // the COUNT of the next SCAN

signals:
    void batchReady(const QList<lockscope::KeySnapshot> &snapshots);
    void progress(quint64 keysFound, quint64 rounds);
    void sizeEstimated(quint64 keys); // at most once per start(), and only with setEstimateSize
    void finished(quint64 keysFound, quint64 rounds);
    void failed(const QString &message);

private:
    void sendScan();
    void maybeContinue();
    void maybeEstimate();
    void sendCostReading();

    Connection *m_connection;
    QByteArray m_pattern;
    int m_count;
    ReadLimits m_limits;
    TicketFunction m_ticket;
    qint64 m_pauseMs = 0;
    bool m_estimate = false;
    bool m_estimated = false;
    qint64 m_dbSize = -1; // DBSIZE's answer (-1: none, or not asked)
    ScanPacing m_pacing{.on = false};
    std::optional<ScanPacer> m_pacer;
    quint64 m_scansSinceReading = 0; // SCANs sent since the last INFO commandstats
    quint64 m_countSinceReading = 0; // their COUNTs, added up
    int m_readingsSent = 0;          // this pass's, the baseline included (roundsBeforeReading)
    quint64 m_looked = 0;            // the COUNTs of the rounds answered, added up

    quint64 m_generation = 0;
    bool m_running = false;
    bool m_scanInFlight = false;
    bool m_scanDone = false;
    bool m_pauseArmed = false;
    int m_readsInFlight = 0;
    QByteArray m_cursor = QByteArrayLiteral("0");
    quint64 m_keysFound = 0;
    quint64 m_rounds = 0;
};

} // namespace lockscope
