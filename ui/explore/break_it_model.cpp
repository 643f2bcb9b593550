#include "break_it_model.h"

#include "compare/compare_cell.h"
#include "compare/comparison_model.h"

#include <QLocale>

namespace lockscope::ui {

namespace {

// Safety lost (two inside, a lock deleted by another client, a lost update) is painted as the
// Compare page's unsafe cells; liveness lost (a stuck lock, a starved client) as its liveness
// losses.
CellVerdict verdictOfKind(Finding::Kind kind)
{
    switch (kind) {
    case Finding::Kind::StuckLock:
    case Finding::Kind::Starvation:
        return CellVerdict::LivenessLoss;
    default:
        return CellVerdict::Unsafe;
    }
}

} // namespace

BreakItModel::BreakItModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void BreakItModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int BreakItModel::rowOf(const QString &strategy) const
{
    for (int i = 0; i < int(m_rows.size()); ++i)
        if (m_rows[i].strategy == strategy)
            return i;
    return -1;
}

int BreakItModel::setPending(const QString &strategy)
{
    int row = rowOf(strategy);
    if (row < 0) {
        row = int(m_rows.size());
        beginInsertRows({}, row, row);
        m_rows.append(Row{strategy, true, {}});
        endInsertRows();
        return row;
    }
    m_rows[row].pending = true;
    m_rows[row].result = {};
    emit dataChanged(index(row, 0), index(row, columnCount() - 1));
    return row;
}

int BreakItModel::setResult(const QString &strategy, const ExploreResult &result)
{
    int row = rowOf(strategy);
    if (row < 0) {
        row = int(m_rows.size());
        beginInsertRows({}, row, row);
        m_rows.append(Row{strategy, false, result});
        endInsertRows();
        return row;
    }
    m_rows[row].pending = false;
    m_rows[row].result = result;
    emit dataChanged(index(row, 0), index(row, columnCount() - 1));
    return row;
}

void BreakItModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::BackgroundRole, Qt::ForegroundRole});
}

void BreakItModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const ExploreResult *BreakItModel::result(int row) const
{
    if (row < 0 || row >= int(m_rows.size()) || m_rows[row].pending)
        return nullptr;
    return &m_rows[row].result;
}

QString BreakItModel::strategy(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[row].strategy : QString();
}

int BreakItModel::columnOf(Finding::Kind kind)
{
    for (int i = 0; i < int(kExploreFindingKinds.size()); ++i)
        if (kExploreFindingKinds[size_t(i)] == kind)
            return i;
    return -1;
}

QString BreakItModel::cellText(const ExploreResult &result, Finding::Kind kind)
{
    if (!result.error.isEmpty())
        return QStringLiteral("—");
    if (const Counterexample *c = result.smallest(kind)) {
        if (c->placements.isEmpty())
            return tr("no fault needed");
        QStringList ids;
        for (const FaultPlacement &p : c->placements)
            ids << exploreFaultId(p.fault);
        return tr("%1: %2").arg(faultCountText(int(c->placements.size())),
                                ids.join(QStringLiteral(", ")));
    }
    // Nothing found: a guarantee only as far as the search got (a cancelled search may not have
    // finished its last level). Never "safe": beyond the bound nothing was tried.
    if (result.completedLevel < 0)
        return QStringLiteral("—");
    return tr("none ≤ %1").arg(result.completedLevel);
}

int BreakItModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BreakItModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(kExploreFindingKinds.size()) + 1;
}

QVariant BreakItModel::cellColor(const Row &row, int column) const
{
    if (row.pending || !row.result.error.isEmpty() || column == schedulesColumn())
        return {};
    const Finding::Kind kind = kExploreFindingKinds[size_t(column)];
    if (row.result.smallest(kind))
        return ComparisonModel::verdictColor(verdictOfKind(kind), m_theme);
    if (row.result.completedLevel < 0)
        return {};
    return ComparisonModel::verdictColor(CellVerdict::Safe, m_theme);
}

QVariant BreakItModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &row = m_rows[index.row()];
    const int column = index.column();
    const bool schedules = column == schedulesColumn();
    switch (role) {
    case Qt::DisplayRole:
        if (row.pending)
            return QStringLiteral("…");
        if (schedules) {
            const QString n = QLocale().toString(row.result.schedules);
            if (!row.result.error.isEmpty())
                return tr("cannot search");
            return row.result.cancelled ? tr("%1 (cancelled)").arg(n) : n;
        }
        return cellText(row.result, kExploreFindingKinds[size_t(column)]);
    case Qt::ToolTipRole:
        if (row.pending)
            return tr("Being explored");
        if (!row.result.error.isEmpty())
            return row.result.error;
        if (schedules)
            return tr("%1 schedules run, %2 pruned (the same state as one already run), in %3 s")
                .arg(QLocale().toString(row.result.schedules),
                     QLocale().toString(row.result.pruned),
                     QLocale().toString(row.result.wallSeconds, 'f', 1));
        return row.result.verdictLine(kExploreFindingKinds[size_t(column)]);
    case Qt::BackgroundRole:
        return cellColor(row, column);
    case Qt::ForegroundRole: {
        const QVariant fill = cellColor(row, column);
        return fill.isValid() ? QVariant(Theme::textOn(fill.value<QColor>()))
                              : QVariant(m_theme.text);
    }
    case VerdictRole:
        if (row.pending || schedules || !row.result.error.isEmpty())
            return {};
        if (row.result.smallest(kExploreFindingKinds[size_t(column)]))
            return int(verdictOfKind(kExploreFindingKinds[size_t(column)]));
        return int(CellVerdict::Safe);
    case StrategyRole:
        return row.strategy;
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    default:
        return {};
    }
}

QVariant BreakItModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section >= 0 && section < int(m_rows.size()) ? m_rows[section].strategy : QVariant();
    if (section == schedulesColumn())
        return tr("schedules");
    // "mistaken deletion" on two lines: six columns fit a narrow window.
    if (section >= 0 && section < int(kExploreFindingKinds.size())) {
        QString label = findingKindLabel(kExploreFindingKinds[size_t(section)]);
        const qsizetype space = label.indexOf(QLatin1Char(' '));
        if (space > 0)
            label[space] = QLatin1Char('\n');
        return label;
    }
    return {};
}

} // namespace lockscope::ui
