#include "counterexample_model.h"

#include <QLocale>

#include <algorithm>

namespace lockscope::ui {

CounterexampleModel::CounterexampleModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void CounterexampleModel::setResult(const ExploreResult &result)
{
    beginResetModel();
    m_rows = result.counterexamples;
    // The smallest first: fewer faults, then the earlier finding (the search's own order within
    // a kind; across kinds this is the order to read them in).
    std::stable_sort(m_rows.begin(), m_rows.end(),
                     [](const Counterexample &a, const Counterexample &b) {
                         if (a.placements.size() != b.placements.size())
                             return a.placements.size() < b.placements.size();
                         return a.findingUs < b.findingUs;
                     });
    m_ttlMs = result.workload.ttlMs;
    endResetModel();
}

void CounterexampleModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void CounterexampleModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, Columns - 1);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, Columns - 1));
}

const Counterexample *CounterexampleModel::counterexample(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? &m_rows[row] : nullptr;
}

QString CounterexampleModel::placementsText(int row) const
{
    const Counterexample *c = counterexample(row);
    if (!c)
        return {};
    if (c->placements.isEmpty())
        return tr("no fault: the workload breaks the lock by itself");
    const QList<ClientSpec> clients = c->scenario.resolvedClients();
    QStringList lines;
    for (const FaultPlacement &p : c->placements)
        lines << describePlacement(p, clients, m_ttlMs);
    return lines.join(QLatin1Char('\n'));
}

int CounterexampleModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CounterexampleModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : Columns;
}

QVariant CounterexampleModel::data(const QModelIndex &index, int role) const
{
    const Counterexample *c = index.isValid() ? counterexample(index.row()) : nullptr;
    if (!c)
        return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case KindColumn:
            return findingKindLabel(c->kind);
        case FaultsColumn:
            return QLocale().toString(c->placements.size());
        case PlacementsColumn:
            return placementsText(index.row());
        case AtColumn:
            return tr("%1 ms").arg(QLocale().toString(double(c->findingUs) / 1000.0, 'f', 1));
        case WitnessColumn:
            return c->witness;
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return int(index.column() == FaultsColumn || index.column() == AtColumn
                       ? Qt::AlignRight | Qt::AlignTop
                       : Qt::AlignLeft | Qt::AlignTop);
    return {};
}

QVariant CounterexampleModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Finding");
    case FaultsColumn:
        return tr("Faults");
    case PlacementsColumn:
        return tr("Where the faults strike");
    case AtColumn:
        return tr("Found at");
    case WitnessColumn:
        return tr("What happened");
    default:
        return {};
    }
}

} // namespace lockscope::ui
