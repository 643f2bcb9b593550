// One master's table of lock keys and the snapshot applier: how an observation (a read, a del
// or expired notification, a write read too late) changes a row, and the history event that
// change records (present, acquired, taken over, written, TTL changed, released, expired).
//
// It also keeps the owner link index: a lock key and its auxiliary keys (a Redisson fair lock's
// queue and timeouts, a fencing counter), so that the lock's row shows its waiters, its counter
// and the format the pair makes ("redisson-fair-lock"). KeyMonitor decides when to apply (it
// holds a cluster's deletes until they are checked); this class only says what applying means.
#pragma once

#include "key_change_tracker.h"
#include "key_entry.h"
#include "key_entry_store.h"

#include <QHash>
#include <QList>
#include <QSet>

#include <functional>
#include <vector>

namespace lockscope {

class MonitorRecorder;

class KeyTable {
public:
    // `recording`: whether changes are recorded at all (a one-shot snapshot records nothing).
    KeyTable(MonitorRecorder &recorder, bool recording);

    // The node (master) new rows live on; moveTo() moves the existing rows too (a failover).
    void moveTo(qint16 node);
    // Told of every row added, changed or removed (the listeners of the table, the anomalies).
    void setChangeListener(std::function<void(const QByteArray &key)> changed);
    // A cluster's inner table: whether a key new to it came from another master (its slot
    // moved), which makes it "present" rather than acquired.
    void setMovedHereQuery(std::function<bool(const QByteArray &key)> movedHere);

    // The server restarted or failed over (cause: kLostWithRestart / kLostWithFailover): every
    // row not seen again by a read or a notification, and found gone by the next read, was lost
    // with it, not released.
    void expectLoss(qint64 cause);

    // `initialScan`: the first scan is running, so a key read without a notification was
    // there before the monitor came (present, not acquired).
    void apply(const KeyObservation &o, bool initialScan);
    // The key's slot moved to another master: the row leaves without a history event.
    bool drop(const QByteArray &key);
    // The anomaly rules a row shows; true when they changed.
    bool setAnomalies(const QByteArray &key, QStringList rules);
    // Every row's rules from `byKey` (none when absent); the keys whose rules changed go into
    // `changed`.
    void setAllAnomalies(const QHash<QByteArray, QStringList> &byKey, QSet<QByteArray> &changed);

    const KeyEntry *find(const QByteArray &key) const { return m_rows.find(key); }
    bool contains(const QByteArray &key) const { return m_rows.contains(key); }
    qsizetype size() const { return m_rows.size(); }
    bool isEmpty() const { return m_rows.isEmpty(); }
    void reserve(qsizetype keys) { m_rows.reserve(keys); }
    // Every key, in no particular order, kept as rows come and go (a row leaving takes the
    // last one's place): a poll walks it by index instead of copying 100,000 keys each time.
    const std::vector<QByteArray> &keysInOrder() const { return m_rows.keysInOrder(); }
    const KeyEntryStore &rows() const { return m_rows; }

private:
    void applySnapshot(qint64 t, const KeySnapshot &s, const QByteArray &event, bool initialScan);
    void applyGone(qint64 t, const QByteArray &key, bool expired, qint64 lostCause = 0);
    void rememberLoss(const KeyEntry &e, qint64 t, qint64 cause);
    void applyUnread(qint64 t, const QByteArray &key);
    void remove(KeyEntry &e);
    void link(const KeyEntry &e);
    void unlink(const KeyEntry &e);
    void refreshLinks(const QByteArray &lockKey);
    qint16 ownerIndex(const KeyEntry &e);
    void rowChanged(const QByteArray &key);

    MonitorRecorder &m_recorder;
    const bool m_recording;
    qint16 m_node = kNoNode;
    std::function<void(const QByteArray &)> m_changed;
    std::function<bool(const QByteArray &)> m_movedHere;
    KeyEntryStore m_rows;
    QHash<QByteArray, QSet<QByteArray>> m_auxByLock; // lock key -> its auxiliary keys
    // Rows that may have gone with a restart or failover, and the cause.
    QHash<QByteArray, qint64> m_lossSuspects;
    // Locks lost that way, by key, until written again (then the new row carries it).
    struct LostLock {
        QByteArray holder;
        qint64 cause = 0;
        qint64 atUs = 0;
        qint64 untilUs = -1;
    };
    QHash<QByteArray, LostLock> m_lost;
};

} // namespace lockscope
