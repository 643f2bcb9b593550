#include "monitor_table_feed.h"

#include "common/key_table_model.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_clock.h"
#include "monitor/monitor_recorder.h"

#include <QCoreApplication>

#include <limits>

namespace lockscope::ui {

namespace {
// Owners beyond this many share one name and colour (the model's owners are qint16).
constexpr int kMaxOwners = 32000;
// How much later than expected a re-read PTTL may end and still be the same lease: the time a
// read spends on the way (the reply is stamped when it arrives). A renewal moves the end by a
// good part of the lease (a third, for a watchdog).
constexpr qint64 kReadJitterUs = 50000;
} // namespace

MonitorTableFeed::MonitorTableFeed(KeyTableModel *model)
    : m_model(model)
{}

void MonitorTableFeed::reset(const KeyMonitor *monitor)
{
    m_monitor = monitor;
    m_strings = std::make_shared<StringPool>();
    m_rowOf.clear();
    m_keys.clear();
    m_owners.clear();
    m_ownerNames.clear();
    m_nodeNames.clear();
    m_queued.clear();
    m_queuedDone = 0;
    m_queuedSet.clear();
    m_stagedRows.clear();
    m_stagedUpdates.clear();
    m_leases.clear();
    m_ttlMaxMs = 1000;
    m_model->setRows({}, {}, m_strings, m_ttlMaxMs);
    m_model->setTime(monitorNowUs()); // the page's clock takes over from here
}

void MonitorTableFeed::addReserveSteps(qsizetype keys, Steps &steps)
{
    const auto n = qMin<qsizetype>(keys, std::numeric_limits<int>::max() / 2);
    steps.push_back([this, n] { m_rowOf.reserve(n); });
    steps.push_back([this, n] {
        m_keys.reserve(n);
        m_leases.reserve(n);
    });
    steps.push_back([this, n] { m_strings->reserve(std::size_t(n) * 2); }); // a key, its value
    m_model->addReserveSteps(int(n), steps);
}

QByteArray MonitorTableFeed::keyAt(int row) const
{
    return row >= 0 && row < m_keys.size() ? m_keys[row] : QByteArray();
}

qint16 MonitorTableFeed::ownerIndex(const QByteArray &owner)
{
    if (owner.isEmpty())
        return kNoClient;
    const auto it = m_owners.constFind(owner);
    if (it != m_owners.constEnd())
        return *it;
    // The history numbers owners as the monitor's recorder first saw them (the log's clients),
    // and colours follow the number: take the same number so an owner has one colour in the
    // table and on the timeline. The recorder says which number it gave: indexing the log's
    // client list here held the first slice of a big scan for 7-10 ms.
    if (m_monitor) {
        const QList<QByteArray> &clients = m_monitor->log().info().clients;
        const qint16 known = m_monitor->clientOfOwner(owner);
        const bool numbered = known >= 0 && known < kMaxOwners && known < clients.size();
        // Names up to this one only (the log may know thousands more already); one the
        // recording has not numbered (past its 32,000 owners) comes after all it numbered.
        const qsizetype namesNeeded = numbered ? known + 1 : clients.size();
        for (qsizetype i = m_ownerNames.size(); i < namesNeeded; ++i)
            m_ownerNames << QString::fromUtf8(clients[i]);
        if (numbered) {
            m_owners.insert(owner, known);
            m_ownersChanged = true;
            return known;
        }
    }
    if (m_ownerNames.size() >= kMaxOwners) {
        if (m_ownerNames.size() == kMaxOwners)
            m_ownerNames << QCoreApplication::translate("MonitorTableFeed", "(other owners)");
        return qint16(kMaxOwners);
    }
    const auto index = qint16(m_ownerNames.size());
    m_ownerNames << QString::fromUtf8(MonitorRecorder::shortName(owner));
    m_owners.insert(owner, index);
    m_ownersChanged = true;
    return index;
}

KeyTableModel::RowUpdate MonitorTableFeed::rowUpdate(int row, const KeyEntry *entry,
                                                     const KeyTableModel::Row &of)
{
    KeyTableModel::RowUpdate u;
    u.row = row;
    KeyState &s = u.state;
    s.key = of.key;
    s.node = of.node;
    if (entry && entry->type != KeyType::None) {
        s.exists = true;
        s.owner = ownerIndex(entry->lock.owner);
        s.value = m_strings->intern(entry->valueText);
        s.ttlMs = entry->pttlMs;
        s.updatedUs = entry->pttlReadUs;
        s.holdCount = entry->lock.role == LockRole::Lock ? entry->lock.holdCount : 0;
        s.fencingToken = qMax<qint64>(0, entry->fencingCounter);
        if (entry->pttlMs > m_ttlMaxMs) {
            m_ttlMaxMs = entry->pttlMs;
            m_model->setTtlMax(m_ttlMaxMs);
        }
        // The label stays English in the monitor (recordings, --json); shown translated.
        u.typeText = entry->lock.role == LockRole::Other
                         ? QString::fromLatin1(keyTypeName(entry->type))
                         : formatLabel(entry->lock.label);
        u.setTypeText = true;
    }
    u.leaseMs = leaseOf(row, u);
    return u;
}

const QString &MonitorTableFeed::formatLabel(const QString &label)
{
    // A handful of labels, asked for once per row update: translate() looks through the
    // installed translators every time (1,450 instructions, a sixth of a big snapshot's
    // table work).
    auto it = m_formatLabels.constFind(label);
    if (it == m_formatLabels.cend())
        it = m_formatLabels.insert(
            label, QCoreApplication::translate("LockFormat", label.toUtf8().constData()));
    return *it;
}

qint64 MonitorTableFeed::leaseOf(int row, const KeyTableModel::RowUpdate &u)
{
    const KeyState &s = u.state;
    if (!s.exists || s.ttlMs < 0) {
        m_leases.remove(row);
        return 0;
    }
    const qint64 endUs = s.updatedUs + s.ttlMs * 1000;
    auto it = m_leases.find(row);
    const bool fresh = it == m_leases.end() || it->value != s.value || it->owner != s.owner;
    if (fresh) {
        it = m_leases.insert(row, Lease{s.value, s.owner, s.ttlMs, endUs});
    } else if (endUs > it->endUs + kReadJitterUs || s.ttlMs > it->leaseMs) {
        it->leaseMs = s.ttlMs; // renewed (or set again with the same value)
    }
    it->endUs = endUs;
    return it->leaseMs;
}

void MonitorTableFeed::update(const QList<QByteArray> &keys)
{
    stage(keys);
    commit();
}

void MonitorTableFeed::stage(const QList<QByteArray> &keys)
{
    if (!m_monitor)
        return;
    // Each key's entry and row looked up once (the row was found three times: known?,
    // inserted, which row?); new rows first, in one insertion, then every row's state in one
    // model update (one dataChanged for the batch).
    std::vector<const KeyEntry *> entries;
    std::vector<int> rows(std::size_t(keys.size()), -1);
    entries.reserve(std::size_t(keys.size()));
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const QByteArray &key = keys[i];
        const KeyEntry *entry = m_monitor->entry(key);
        entries.push_back(entry);
        if (const auto known = m_rowOf.constFind(key); known != m_rowOf.cend()) {
            rows[std::size_t(i)] = *known;
            continue;
        }
        if (!entry)
            continue; // gone before it was ever shown
        KeyTableModel::Row row;
        row.key = m_strings->intern(key);
        row.node = entry->node;
        row.keyName = QString::fromUtf8(key);
        const auto name = m_nodeNames.constFind(entry->node);
        if (name != m_nodeNames.cend()) {
            row.nodeName = *name;
        } else {
            row.nodeName = QString::fromUtf8(m_monitor->log().nodeName(entry->node));
            if (row.nodeName.isEmpty()) // not named yet: not remembered either
                row.nodeName = m_monitor->serverName();
            else
                m_nodeNames.insert(entry->node, row.nodeName);
        }
        rows[std::size_t(i)] = m_model->rowCount() + int(m_stagedRows.size());
        m_rowOf.insert(key, rows[std::size_t(i)]);
        m_keys << key;
        m_stagedRows.push_back(std::move(row));
    }
    // No reserve(size() + n) here: it allocates exactly that, so every slice moved all the
    // updates staged since the last commit (thousands; 17 % of the table's time in a scan).
    const int committed = m_model->rowCount();
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const int row = rows[std::size_t(i)];
        if (row < 0)
            continue;
        const KeyTableModel::Row &of =
            row < committed ? m_model->rowAt(row) : m_stagedRows[std::size_t(row - committed)];
        m_stagedUpdates.push_back(rowUpdate(row, entries[std::size_t(i)], of));
    }
}

void MonitorTableFeed::commit()
{
    if (!m_stagedRows.empty())
        m_model->appendRows(std::exchange(m_stagedRows, {}));
    if (!m_stagedUpdates.empty()) {
        m_model->updateRows(m_stagedUpdates);
        m_stagedUpdates.clear();
    }
    if (m_ownersChanged) {
        m_ownersChanged = false;
        m_model->setClientNames(m_ownerNames);
    }
}

void MonitorTableFeed::queue(const QList<QByteArray> &keys)
{
    for (const QByteArray &key : keys) {
        if (!m_queuedSet.contains(key)) {
            m_queuedSet.insert(key);
            m_queued.append(key);
        }
    }
}

QList<QByteArray> MonitorTableFeed::flush(qsizetype maxKeys)
{
    const qsizetype left = m_queued.size() - m_queuedDone;
    const qsizetype n = maxKeys < 0 ? left : qMin(maxKeys, left);
    const QList<QByteArray> keys = m_queued.mid(m_queuedDone, n);
    m_queuedDone += n;
    for (const QByteArray &key : keys)
        m_queuedSet.remove(key);
    if (m_queuedDone == m_queued.size()) {
        m_queued.clear();
        m_queuedDone = 0;
    }
    if (!keys.isEmpty())
        stage(keys);
    return keys;
}

void MonitorTableFeed::updateAll()
{
    m_queued.clear(); // every key is brought up to date now
    m_queuedDone = 0;
    m_queuedSet.clear();
    m_formatLabels.clear(); // the language may have changed
    if (!m_monitor)
        return;
    QList<QByteArray> keys = m_keys;
    for (const KeyEntry *e : m_monitor->entries()) {
        if (!m_rowOf.contains(e->key))
            keys << e->key;
    }
    update(keys);
}

} // namespace lockscope::ui
