// The live agreement matrix as a table: one row per scenario, one column per strategy (as the
// safety matrix), a cell per (scenario, strategy) saying whether its live runs on real Redis told
// the simulator's story: "agrees 3/3", "DISAGREES 1/3", "not live" (and why), "error".
#pragma once

#include "common/theme.h"
#include "live/live_matrix.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace lockscope::ui {

class AgreementModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Roles {
        StatusRole = Qt::UserRole + 1, // int(LiveCellStatus); invalid QVariant while empty
        StatusIdRole,                  // liveCellStatusId: "agree", "disagree", ...
        ScenarioIdRole,
        StrategyIdRole,
    };

    explicit AgreementModel(QObject *parent = nullptr);

    // Empties the matrix and lays it out (every cell empty).
    void reset(const QStringList &scenarioIds, const QStringList &strategies);
    // Fills the cell of cell.scenario and cell.strategy; ignored when not in the matrix.
    void setCell(const LiveMatrixCell &cell);
    // Empty cells read "…" while a run goes, "—" otherwise.
    void setRunning(bool running);
    void setTheme(const Theme &theme);
    void retranslate();

    const QStringList &scenarioIds() const { return m_scenarioIds; }
    const QStringList &strategies() const { return m_strategies; }
    // Null while empty.
    const LiveMatrixCell *cell(int row, int column) const;
    const LiveMatrixCell *cell(const QModelIndex &index) const;
    // The filled cells, in matrix order.
    QList<LiveMatrixCell> cells() const;
    int finishedCells() const;
    int totalCells() const { return int(m_cells.size()); }
    // How many filled cells have `status`.
    int count(LiveCellStatus status) const;

    // Texts shared by the cells, their tooltips, the detail pane and the legend.
    static QString statusText(LiveCellStatus status);
    static QString cellText(const LiveMatrixCell &cell);
    static QString toolTip(const LiveMatrixCell &cell);
    // The selected cell's story: per repetition the simulated and the live verdict, the
    // differences, the refusal or error, the time scale and the wall time.
    static QString storyHtml(const LiveMatrixCell &cell);
    static QColor statusColor(LiveCellStatus status, const Theme &theme);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void refreshAll(const QList<int> &roles);

    QStringList m_scenarioIds;
    QStringList m_strategies;
    std::vector<std::optional<LiveMatrixCell>> m_cells; // row-major
    Theme m_theme = Theme::light();
    bool m_running = false;
};

} // namespace lockscope::ui
