// The lock keys as Redis holds them at the playback instant: one row per key per node, with its
// owner, value, type, hold count, fencing token and remaining TTL. Rows are fixed for a run (every
// key the run ever touches), so playback only changes cells: setStates() when events changed the
// keys, setTime() when only the clock moved (one dataChanged for the TTL column).
#pragma once

#include "events/run_state.h"
#include "theme.h"
#include "util/steps_in_turns.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>

#include <memory>
#include <vector>

namespace lockscope::ui {

class KeyTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NodeColumn,
        KeyColumn,
        OwnerColumn,
        ValueColumn,
        TypeColumn,
        HoldsColumn,
        FencingColumn,
        TtlColumn,
        ColumnCount
    };
    enum Roles {
        TtlRemainingRole = Qt::UserRole, // qint64 ms; -1: no TTL; -2: the key does not exist
        TtlMaxRole,                      // qint64 ms: a full bar, the key's own lease
        OwnerRole,                       // int client index, -1 none
        ExistsRole,                      // bool
        ColorRole,                       // QColor of the owner
    };

    struct Row {
        quint32 key = 0;
        qint16 node = kNoNode;
        QString keyName;
        QString nodeName;
        // When set, the Type column shows this (the monitor: "Redisson RLock"). Initialised here
        // so that rows listed without it ({key, node, name, node name}) stay warning-free.
        QString typeText{};
    };

    explicit KeyTableModel(QObject *parent = nullptr);

    void setRows(std::vector<Row> rows, const QStringList &clientNames,
                 std::shared_ptr<const StringPool> strings, qint64 ttlMaxMs);
    void clear();
    // The keys' states (any order; keys without a row are ignored, rows without a state are
    // shown as absent). One dataChanged covering the rows that changed.
    void setStates(const std::vector<KeyState> &states, qint64 timeUs);
    // The clock moved: one dataChanged for the TTL column.
    void setTime(qint64 timeUs);
    void setTheme(const Theme &theme);
    // After a language change: the headers and every cell are read again.
    void retranslate();

    // Rows that arrive while the model is shown (the monitor's keys, found scan batch by scan
    // batch): appended without a reset; their states are set one by one.
    void appendRows(std::vector<Row> rows);
    // Room for `rows` rows, so that appending up to them does not rehash or move the table,
    // in steps (util/steps_in_turns.h).
    void addReserveSteps(int rows, Steps &steps);
    void setRowState(int row, const KeyState &state);
    void setRowTypeText(int row, const QString &text);
    // Many rows at once (a monitor's batch of a thousand keys): one dataChanged over the rows
    // that changed instead of two signals per row.
    struct RowUpdate {
        int row = -1;
        KeyState state;
        QString typeText{};
        bool setTypeText = false;
        // The TTL the key was set or last renewed with, when the feed knows it better than
        // state.ttlMs (the monitor's state holds the last PTTL read, not the lease); 0: ttlMs.
        qint64 leaseMs = 0;
    };
    void updateRows(const std::vector<RowUpdate> &updates);
    void setClientNames(const QStringList &clientNames); // owners seen so far
    // The bar of a key whose lease is unknown (no TTL as set was ever seen) is scaled to this.
    void setTtlMax(qint64 ttlMaxMs);
    const Row &rowAt(int row) const { return m_rows[std::size_t(row)]; }

    qint64 time() const { return m_timeUs; }
    const KeyState &stateAt(int row) const { return m_states[std::size_t(row)]; }
    int rowOf(quint32 key, qint16 node) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString ownerName(qint16 owner) const;
    qint64 leaseOf(int row) const;
    static bool sameState(const KeyState &a, const KeyState &b);

    std::vector<Row> m_rows;
    std::vector<KeyState> m_states;
    std::vector<qint64> m_leases; // by row: RowUpdate::leaseMs (0: the state's ttlMs)
    QHash<quint64, int> m_rowOf;
    QStringList m_clientNames;
    std::shared_ptr<const StringPool> m_strings;
    qint64 m_ttlMaxMs = 30000;
    qint64 m_timeUs = 0;
    Theme m_theme;
};

} // namespace lockscope::ui
