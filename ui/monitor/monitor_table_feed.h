// Fills the workspace's KeyTableModel from a KeyMonitor: one row per key (appended as the scan
// finds keys, never reset while the monitor runs), its state from the monitor's KeyEntry (owner,
// the value on one line, PTTL and when it was read, hold count, fencing counter) so the TTL
// delegate counts down locally from the last PTTL, and the recognised format in the Type column.
// A key that is gone stays as a row, shown as not held.
#pragma once

#include "common/key_table_model.h"
#include "events/event_log.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>

#include <memory>

namespace lockscope {
class KeyMonitor;
struct KeyEntry;
} // namespace lockscope

namespace lockscope::ui {

class MonitorTableFeed {
public:
    explicit MonitorTableFeed(KeyTableModel *model);

    // Starts over with an empty table for a new monitor.
    void reset(const KeyMonitor *monitor);
    // Room for about `keys` rows (the monitor's estimate of its first scan): growing to them
    // rehashed the row index and the model's tables as the scan went, 50 ms each time. One
    // hash per step (util/steps_in_turns.h).
    void addReserveSteps(qsizetype keys, Steps &steps);
    // Brings the rows of `keys` up to date (new keys are appended).
    void update(const QList<QByteArray> &keys);
    // Every key the monitor knows (after a resynchronisation, or another language).
    void updateAll();
    // Keys that changed, applied by the next flush(): the page flushes on its clock tick (every
    // 100 ms), so a big server's scan repaints the table ten times a second, not per batch.
    void queue(const QList<QByteArray> &keys);
    bool hasQueued() const { return m_queuedDone < m_queued.size(); }
    // Prepares the rows of what was queued, in the order first queued, at most `maxKeys` of
    // them (the rest stay queued), for the next commit(); returns those keys.
    QList<QByteArray> flush(qsizetype maxKeys = -1);
    // Hands the rows flush() prepared to the model. Every insertion repaints the whole table
    // (its scroll range changes): a scan filling it commits a few times a second, not after
    // every slice of 500 keys.
    void commit();
    bool hasUncommitted() const { return !m_stagedRows.empty() || !m_stagedUpdates.empty(); }

    // The key of a model row ("" when out of range).
    QByteArray keyAt(int row) const;
    int rowOf(const QByteArray &key) const
    {
        const int row = m_rowOf.value(key, -1);
        return row < m_model->rowCount() ? row : -1; // not committed yet: not in the view
    }

private:
    void stage(const QList<QByteArray> &keys); // update() without the commit()
    qint16 ownerIndex(const QByteArray &owner);
    KeyTableModel::RowUpdate rowUpdate(int row, const KeyEntry *entry,
                                       const KeyTableModel::Row &of);
    // The Type column's text for a recognised format, translated once per label.
    const QString &formatLabel(const QString &label);
    // The TTL the row's key was set or last renewed with, learnt from its PTTL reads.
    qint64 leaseOf(int row, const KeyTableModel::RowUpdate &u);

    KeyTableModel *m_model;
    const KeyMonitor *m_monitor = nullptr;
    std::shared_ptr<StringPool> m_strings;
    QHash<QByteArray, int> m_rowOf; // committed rows and those after them in m_stagedRows
    std::vector<KeyTableModel::Row> m_stagedRows;
    std::vector<KeyTableModel::RowUpdate> m_stagedUpdates;
    QList<QByteArray> m_queued;
    qsizetype m_queuedDone = 0; // m_queued's first keys, flushed already
    QSet<QByteArray> m_queuedSet;
    QHash<QString, QString> m_formatLabels; // label -> its translation
    QList<QByteArray> m_keys;               // by row
    QHash<QByteArray, qint16> m_owners;
    QHash<qint16, QString> m_nodeNames; // node -> its name in the Node column
    QStringList m_ownerNames;
    // A key's lease: its first PTTL after it was (re)written, or a later PTTL that ends later
    // than the lease would have (a renewal). Re-reads of the same lease leave it.
    struct Lease {
        quint32 value = 0; // interned value text: another value is another acquisition
        qint16 owner = kNoClient;
        qint64 leaseMs = 0;
        qint64 endUs = 0; // when the lease runs out, as of the last read
    };
    QHash<int, Lease> m_leases; // by row, for rows whose key exists with a TTL
    bool m_ownersChanged = false;
    qint64 m_ttlMaxMs = 1000;
};

} // namespace lockscope::ui
