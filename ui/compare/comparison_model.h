// The safety matrix: one row per scenario, one column per strategy, a cell per (scenario,
// strategy) that fills in when its runs finish. The cost model, the charts and the exports all
// read their figures from here.
#pragma once

#include "common/theme.h"
#include "compare_cell.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace lockscope::ui {

class ComparisonModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Roles {
        VerdictRole = Qt::UserRole, // int(CellVerdict); invalid QVariant while pending
        VerdictIdRole,              // "safe", "unsafe", "liveness-loss"
        RunsRole,
        RunsWithViolationRole,
        ViolationsRole,
        MistakenDeletionsRole,
        StuckLocksRole,
        LostUpdatesRole,
        StaleWritesRejectedRole,
        StarvedClientsRole,
        GaveUpRole,
        ScenarioIdRole,
        StrategyIdRole,
    };

    explicit ComparisonModel(QObject *parent = nullptr);

    // Empties the matrix and lays it out for `settings` (every cell pending).
    void reset(const CompareSettings &settings);
    // Fills the cell of cell.row's scenario and strategy; ignored when not in the matrix.
    void setCell(const CellResult &cell);
    void setTheme(const Theme &theme);
    // The language changed: the views fetch the cells' texts again.
    void retranslate();

    const CompareSettings &settings() const { return m_settings; }
    // Null while pending.
    const CellResult *cell(int row, int column) const;
    const CellResult *cell(const QModelIndex &index) const;
    int finishedCells() const;
    int totalCells() const { return int(m_cells.size()); }
    // The finished cells' rows in matrix order (scenario, then strategy), as runComparison
    // orders them.
    QList<ComparisonRow> finishedRows() const;
    // The run a click on the cell opens, with the instant to show; false while pending.
    bool exampleRun(const QModelIndex &index, RunRequest *request, qint64 *atUs) const;

    // Texts shared by the view's tooltip, the detail pane and the HTML report.
    static QString verdictText(CellVerdict verdict);
    static QString cellLabel(const CellResult &cell);
    static QString countsText(const CellResult &cell);
    // The fill colour of a verdict in `theme`.
    static QColor verdictColor(CellVerdict verdict, const Theme &theme);
    // A strategy id as a column header, broken after hyphens so that ten columns fit.
    static QString strategyHeader(const QString &strategy);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    CompareSettings m_settings;
    std::vector<std::optional<CellResult>> m_cells; // row-major
    Theme m_theme = Theme::light();
};

} // namespace lockscope::ui
