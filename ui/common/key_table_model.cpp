#include "key_table_model.h"

#include <QColor>
#include <QFont>

namespace lockscope::ui {

namespace {
quint64 rowKey(quint32 key, qint16 node)
{
    return (quint64(key) << 16) | quint16(node);
}
} // namespace

KeyTableModel::KeyTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void KeyTableModel::setRows(std::vector<Row> rows, const QStringList &clientNames,
                            std::shared_ptr<const StringPool> strings, qint64 ttlMaxMs)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_states.assign(m_rows.size(), KeyState{});
    m_leases.assign(m_rows.size(), 0);
    m_rowOf.clear();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        m_states[i].key = m_rows[i].key;
        m_states[i].node = m_rows[i].node;
        m_rowOf.insert(rowKey(m_rows[i].key, m_rows[i].node), int(i));
    }
    m_clientNames = clientNames;
    m_strings = std::move(strings);
    m_ttlMaxMs = qMax<qint64>(1, ttlMaxMs);
    m_timeUs = 0;
    endResetModel();
}

void KeyTableModel::clear()
{
    setRows({}, {}, nullptr, 1);
}

int KeyTableModel::rowOf(quint32 key, qint16 node) const
{
    return m_rowOf.value(rowKey(key, node), -1);
}

bool KeyTableModel::sameState(const KeyState &a, const KeyState &b)
{
    return a.exists == b.exists && a.owner == b.owner && a.value == b.value && a.ttlMs == b.ttlMs &&
           a.updatedUs == b.updatedUs && a.holdCount == b.holdCount &&
           a.fencingToken == b.fencingToken;
}

void KeyTableModel::setStates(const std::vector<KeyState> &states, qint64 timeUs)
{
    m_timeUs = timeUs;
    if (m_rows.empty())
        return;
    std::vector<char> seen(m_rows.size(), 0);
    int first = int(m_rows.size()), last = -1;
    auto update = [&](int row, const KeyState &s) {
        if (sameState(m_states[std::size_t(row)], s))
            return;
        m_states[std::size_t(row)] = s;
        first = qMin(first, row);
        last = qMax(last, row);
    };
    for (const KeyState &s : states) {
        const int row = rowOf(s.key, s.node);
        if (row < 0)
            continue;
        seen[std::size_t(row)] = 1;
        update(row, s);
    }
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (!seen[i]) {
            KeyState absent;
            absent.key = m_rows[i].key;
            absent.node = m_rows[i].node;
            update(int(i), absent);
        }
    }
    if (last >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void KeyTableModel::setTime(qint64 timeUs)
{
    m_timeUs = timeUs;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, TtlColumn), index(int(m_rows.size()) - 1, TtlColumn),
                           {Qt::DisplayRole, TtlRemainingRole});
}

void KeyTableModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

void KeyTableModel::addReserveSteps(int rows, Steps &steps)
{
    const auto n = std::size_t(qMax(0, rows));
    steps.push_back([this, n] {
        m_rows.reserve(n);
        m_states.reserve(n);
        m_leases.reserve(n);
    });
    steps.push_back([this, rows] { m_rowOf.reserve(rows); });
}

void KeyTableModel::appendRows(std::vector<Row> rows)
{
    if (rows.empty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(rows.size()) - 1);
    for (Row &r : rows) {
        KeyState s;
        s.key = r.key;
        s.node = r.node;
        m_rowOf.insert(rowKey(r.key, r.node), int(m_rows.size()));
        m_rows.push_back(std::move(r));
        m_states.push_back(s);
        m_leases.push_back(0);
    }
    endInsertRows();
}

void KeyTableModel::setRowState(int row, const KeyState &state)
{
    if (row < 0 || row >= int(m_rows.size()) || sameState(m_states[std::size_t(row)], state))
        return;
    m_states[std::size_t(row)] = state;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void KeyTableModel::setRowTypeText(int row, const QString &text)
{
    if (row < 0 || row >= int(m_rows.size()) || m_rows[std::size_t(row)].typeText == text)
        return;
    m_rows[std::size_t(row)].typeText = text;
    Q_EMIT dataChanged(index(row, TypeColumn), index(row, TypeColumn));
}

void KeyTableModel::updateRows(const std::vector<RowUpdate> &updates)
{
    int first = int(m_rows.size()), last = -1;
    for (const RowUpdate &u : updates) {
        if (u.row < 0 || u.row >= int(m_rows.size()))
            continue;
        const auto r = std::size_t(u.row);
        bool changed = false;
        if (!sameState(m_states[r], u.state)) {
            m_states[r] = u.state;
            changed = true;
        }
        if (m_leases[r] != u.leaseMs) {
            m_leases[r] = u.leaseMs;
            changed = true;
        }
        if (u.setTypeText && m_rows[r].typeText != u.typeText) {
            m_rows[r].typeText = u.typeText;
            changed = true;
        }
        if (changed) {
            first = qMin(first, u.row);
            last = qMax(last, u.row);
        }
    }
    if (last >= first)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void KeyTableModel::setClientNames(const QStringList &clientNames)
{
    m_clientNames = clientNames;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, OwnerColumn), index(int(m_rows.size()) - 1, OwnerColumn));
}

void KeyTableModel::setTtlMax(qint64 ttlMaxMs)
{
    m_ttlMaxMs = qMax<qint64>(1, ttlMaxMs);
}

int KeyTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KeyTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString KeyTableModel::ownerName(qint16 owner) const
{
    if (owner < 0)
        return tr("(unknown)");
    return owner < m_clientNames.size() ? m_clientNames[owner] : QString::number(owner);
}

qint64 KeyTableModel::leaseOf(int row) const
{
    // A key's bar is its own lease: 18.9 s left of a 20 s lease is nearly full, whatever the
    // other keys' TTLs. In a run, the state's ttlMs is the TTL as written or renewed.
    const qint64 lease = m_leases[std::size_t(row)];
    if (lease > 0)
        return lease;
    const KeyState &s = m_states[std::size_t(row)];
    return s.ttlMs > 0 ? s.ttlMs : m_ttlMaxMs;
}

QVariant KeyTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    const KeyState &s = m_states[std::size_t(index.row())];
    const qint64 ttl = s.exists ? s.ttlAt(m_timeUs) : -2;

    switch (role) {
    case TtlRemainingRole:
        return ttl;
    case TtlMaxRole:
        return leaseOf(index.row());
    case OwnerRole:
        return s.exists ? int(s.owner) : -1;
    case ExistsRole:
        return s.exists;
    case ColorRole:
        return s.exists ? m_theme.client(s.owner) : QColor();
    case Qt::DecorationRole:
        if (index.column() == OwnerColumn && s.exists)
            return m_theme.client(s.owner);
        return {};
    case Qt::ForegroundRole:
        if (!s.exists && index.column() != NodeColumn && index.column() != KeyColumn)
            return m_theme.mutedText;
        return {};
    case Qt::FontRole:
        if (index.column() == OwnerColumn && s.exists) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == HoldsColumn || index.column() == FencingColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == TtlColumn && s.exists && ttl < 0)
            return tr("This key has no TTL: if its owner dies, nobody can ever take the lock.");
        if (index.column() == TtlColumn && s.exists)
            return tr("%1 s left of a %2 s lease (the TTL it was set or last renewed with)")
                .arg(double(ttl) / 1000.0, 0, 'f', 1)
                .arg(double(leaseOf(index.row())) / 1000.0, 0, 'f', 1);
        if (index.column() == ValueColumn && s.exists && m_strings)
            return QString::fromUtf8(m_strings->at(s.value));
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }

    switch (index.column()) {
    case NodeColumn:
        return row.nodeName;
    case KeyColumn:
        return row.keyName;
    case OwnerColumn:
        return s.exists ? ownerName(s.owner) : tr("—");
    case ValueColumn:
        return s.exists && m_strings && s.value < m_strings->size()
                   ? QString::fromUtf8(m_strings->at(s.value))
                   : QString();
    case TypeColumn:
        if (!s.exists)
            return QString();
        if (!row.typeText.isEmpty())
            return row.typeText;
        return s.holdCount > 0 ? tr("hash") : tr("string");
    case HoldsColumn:
        return s.exists && s.holdCount > 0 ? QVariant(s.holdCount) : QVariant();
    case FencingColumn:
        return s.exists && s.fencingToken > 0 ? QVariant(s.fencingToken) : QVariant();
    case TtlColumn:
        if (ttl == -2)
            return tr("not held");
        if (ttl < 0)
            return tr("no TTL");
        return tr("%1 s").arg(double(ttl) / 1000.0, 0, 'f', 1);
    default:
        return {};
    }
}

QVariant KeyTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case HoldsColumn:
            return tr("Reentrant hash: how many times the owner holds it");
        case FencingColumn:
            return tr("The owner's fencing token (fenced strategy)");
        case TtlColumn:
            return tr("Time left before Redis expires the key");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case KeyColumn:
        return tr("Key");
    case OwnerColumn:
        return tr("Owner");
    case ValueColumn:
        return tr("Value (token)");
    case TypeColumn:
        return tr("Type");
    case HoldsColumn:
        return tr("Holds");
    case FencingColumn:
        return tr("Fencing");
    case TtlColumn:
        return tr("TTL");
    default:
        return {};
    }
}

void KeyTableModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

} // namespace lockscope::ui
