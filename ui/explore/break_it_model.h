// The Explore page's break-it table: one row per strategy explored, one column per kind of
// finding plus the schedules run. A cell holds the smallest counterexample found ("1 fault:
// pause-long") or the bounded guarantee ("none ≤ 2"), coloured as the Compare page's cells.
#pragma once

#include "common/theme.h"
#include "explore/explorer.h"

#include <QAbstractTableModel>

namespace lockscope::ui {

class BreakItModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Roles {
        // int(CellVerdict): how the Compare page's delegate paints the cell (bold when unsafe).
        VerdictRole = Qt::UserRole,
        StrategyRole, // the row's strategy label
    };

    explicit BreakItModel(QObject *parent = nullptr);

    // Empties the table.
    void clear();
    // A row for a search that is under way (its cells "…"), or the row of `strategy` made
    // pending again when the table has it; returns the row.
    int setPending(const QString &strategy);
    // Fills the row of `strategy` (added when the table lacks it); returns the row.
    int setResult(const QString &strategy, const ExploreResult &result);
    void setTheme(const Theme &theme);
    void retranslate();

    // Null while the row is pending.
    const ExploreResult *result(int row) const;
    int rowOf(const QString &strategy) const;
    QString strategy(int row) const;
    // The column of a finding kind; the last column is the schedules.
    static int columnOf(Finding::Kind kind);
    static int schedulesColumn() { return int(kExploreFindingKinds.size()); }

    // "1 fault: pause-long", "no fault needed", "none ≤ 2", "—".
    static QString cellText(const ExploreResult &result, Finding::Kind kind);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString strategy;
        bool pending = true;
        ExploreResult result;
    };
    QVariant cellColor(const Row &row, int column) const;

    QList<Row> m_rows;
    Theme m_theme = Theme::light();
};

} // namespace lockscope::ui
