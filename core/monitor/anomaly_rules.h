// Anomalies: states of lock keys worth a person's attention, each with a stable id and a
// sentence. Pure functions of the key table and the time, so the window, the CLI and the tests
// get the same answers.
//
// Rules (rule ids are stable, for JSON, tests and filters):
//   no-ttl            a lock key without TTL: if its owner dies, nobody can ever take it
//   ttl-too-long      a lock whose TTL is above maxTtlMs (default 5 min)
//   held-too-long     one owner has held the lock longer than maxHeldMs (default 60 s), counted
//                     from when the monitor first saw the key with this owner
//   owner-churn       the owner changed more than maxOwnerChangesPerMinute times in the last minute
//   queue-stuck       a fair-lock queue with the same waiter first for longer than queueStuckMs
//   owner-holds-many  one owner holds more than maxLocksPerOwner locks at once
//   lost-lock         the lock was lost with a restart or failover while X held it, and has
//                     been written since, by another owner (X may still believe it holds it:
//                     two holders) or by X itself (X went on as if nothing happened); it holds
//                     while X's lease would still have run (its TTL as last read)
// An anomaly's id is "<rule>:<key>" ("owner-holds-many:<owner>" for the last rule).
#pragma once

#include "key_entry.h"
#include "monitor_options.h"

#include <QList>
#include <QString>

#include <vector>

namespace lockscope {

struct Anomaly {
    QString rule;       // "no-ttl", ...
    QString id;         // "no-ttl:lock:orders"
    QByteArray key;     // the key (for owner-holds-many: one of the owner's keys)
    QByteArray owner;   // the owner concerned, when there is one
    QString sentence;   // for people
    qint64 sinceUs = 0; // since when it holds (0: unknown)
};

class AnomalyRules {
public:
    static QStringList ruleIds();
    // Anomalies of one key at nowUs.
    static QList<Anomaly> forKey(const KeyEntry &entry, qint64 nowUs,
                                 const AnomalyThresholds &thresholds);
    // The rule ids of forKey(), without writing the sentences (AnomalyIndex judges every key
    // of a big table with it).
    static QStringList rulesForKey(const KeyEntry &entry, qint64 nowUs,
                                   const AnomalyThresholds &thresholds);
    // The first instant after nowUs at which forKey() can answer differently although the
    // entry did not change (a lock becomes held too long, a TTL falls below maxTtlMs, an owner
    // change leaves the last minute, ...), or -1 when time alone changes nothing.
    static qint64 nextChangeUs(const KeyEntry &entry, qint64 nowUs,
                               const AnomalyThresholds &thresholds);
    // Whether the key counts among its owner's locks for owner-holds-many.
    static bool countsForOwner(const KeyEntry &entry);
    // Every anomaly of the table, key rules first (in the table's order), then owner rules.
    static QList<Anomaly> evaluate(const std::vector<const KeyEntry *> &entries, qint64 nowUs,
                                   const AnomalyThresholds &thresholds);
    // The owner-holds-many anomaly of an owner holding `locks` locks, firstKey the first of
    // them in key order.
    static Anomaly ownerHoldsMany(const QByteArray &owner, const QByteArray &firstKey, int locks,
                                  const AnomalyThresholds &thresholds);

private:
    static QList<Anomaly> judge(const KeyEntry &entry, qint64 nowUs,
                                const AnomalyThresholds &thresholds, bool sentences);
};

} // namespace lockscope
