#include "comparison_model.h"

#include "sim/explain.h"

namespace lockscope::ui {

ComparisonModel::ComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ComparisonModel::reset(const CompareSettings &settings)
{
    beginResetModel();
    m_settings = settings;
    m_cells.assign(std::size_t(settings.cellCount()), std::nullopt);
    endResetModel();
}

void ComparisonModel::setCell(const CellResult &cell)
{
    const int r = int(m_settings.scenarioIds.indexOf(cell.row.scenario));
    const int c = int(m_settings.strategies.indexOf(cell.row.strategy));
    if (r < 0 || c < 0)
        return;
    m_cells[std::size_t(r * columnCount() + c)] = cell;
    const QModelIndex i = index(r, c);
    emit dataChanged(i, i);
}

void ComparisonModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::BackgroundRole, Qt::ForegroundRole});
}

void ComparisonModel::retranslate()
{
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::DisplayRole, Qt::ToolTipRole});
}

const CellResult *ComparisonModel::cell(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return nullptr;
    const auto &c = m_cells[std::size_t(row * columnCount() + column)];
    return c ? &*c : nullptr;
}

const CellResult *ComparisonModel::cell(const QModelIndex &index) const
{
    return index.isValid() ? cell(index.row(), index.column()) : nullptr;
}

int ComparisonModel::finishedCells() const
{
    int n = 0;
    for (const auto &c : m_cells)
        n += c ? 1 : 0;
    return n;
}

QList<ComparisonRow> ComparisonModel::finishedRows() const
{
    QList<ComparisonRow> rows;
    for (const auto &c : m_cells) {
        if (c)
            rows.append(c->row);
    }
    return rows;
}

bool ComparisonModel::exampleRun(const QModelIndex &index, RunRequest *request, qint64 *atUs) const
{
    const CellResult *c = cell(index);
    if (!c)
        return false;
    *request = m_settings.request(c->row.scenario, c->row.strategy, c->exampleSeed);
    *atUs = c->exampleAtUs;
    return true;
}

QString ComparisonModel::verdictText(CellVerdict verdict)
{
    switch (verdict) {
    case CellVerdict::Safe:
        return tr("safe");
    case CellVerdict::Unsafe:
        return tr("UNSAFE");
    case CellVerdict::LivenessLoss:
        return tr("liveness loss");
    }
    return {};
}

QString ComparisonModel::cellLabel(const CellResult &cell)
{
    // The unsafe runs as the CLI counts them: the verdict rule applied to each run.
    const CellVerdict v = cell.verdict();
    if (v == CellVerdict::Unsafe)
        return tr("UNSAFE %1/%2").arg(cell.row.runsUnsafe).arg(cell.row.runs);
    return verdictText(v);
}

QString ComparisonModel::countsText(const CellResult &cell)
{
    const ComparisonRow &r = cell.row;
    const CheckReport &s = r.sum;
    QString text = tr("%1 with %2: %3 over %4 seeds")
                       .arg(r.scenario, r.strategy, verdictText(cell.verdict()))
                       .arg(r.runs);
    text += QLatin1Char('\n') + tr("unsafe runs: %1 of %2").arg(r.runsUnsafe).arg(r.runs);
    text += QLatin1Char('\n') + tr("runs with a violation or mistaken deletion: %1 of %2")
                                    .arg(r.runsWithViolation)
                                    .arg(r.runs);
    text += QLatin1Char('\n') + tr("violations: %1").arg(s.violations);
    text += QLatin1Char('\n') + tr("mistaken deletions: %1").arg(s.mistakenDeletions);
    text += QLatin1Char('\n') + tr("stuck locks: %1").arg(s.stuckLocks);
    text += QLatin1Char('\n') + tr("lost updates: %1").arg(s.lostUpdates);
    text += QLatin1Char('\n') + tr("stale writes rejected: %1").arg(s.staleWritesRejected);
    text += QLatin1Char('\n') + tr("starved clients: %1").arg(s.starvedClients);
    text += QLatin1Char('\n') + tr("acquires given up: %1").arg(s.gaveUp);
    if (cell.exampleHasFinding)
        text += QLatin1Char('\n') + tr("example run: seed %1, first finding at %2")
                                        .arg(cell.exampleSeed)
                                        .arg(formatTime(cell.exampleAtUs));
    else
        text += QLatin1Char('\n') + tr("example run: seed %1").arg(cell.exampleSeed);
    return text;
}

QColor ComparisonModel::verdictColor(CellVerdict verdict, const Theme &theme)
{
    // Safe cells recede (a tint of green over the base), unsafe ones stand out (a strong red),
    // liveness losses sit between; the hues are the timeline's.
    const auto mix = [&theme](const QColor &c, double amount) {
        const QColor &b = theme.base;
        return QColor::fromRgbF(float(c.redF() * amount + b.redF() * (1 - amount)),
                                float(c.greenF() * amount + b.greenF() * (1 - amount)),
                                float(c.blueF() * amount + b.blueF() * (1 - amount)));
    };
    switch (verdict) {
    case CellVerdict::Safe:
        return mix(theme.good, theme.dark ? 0.28 : 0.22);
    case CellVerdict::Unsafe:
        return mix(theme.problem, theme.dark ? 0.75 : 0.9);
    case CellVerdict::LivenessLoss:
        return mix(theme.warning, theme.dark ? 0.5 : 0.4);
    }
    return theme.base;
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_settings.scenarioIds.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_settings.strategies.size());
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case ScenarioIdRole:
        return m_settings.scenarioIds[index.row()];
    case StrategyIdRole:
        return m_settings.strategies[index.column()];
    default:
        break;
    }
    const CellResult *c = cell(index);
    if (!c) {
        if (role == Qt::DisplayRole)
            return QStringLiteral("…");
        if (role == Qt::ToolTipRole)
            return tr("%1 with %2: running")
                .arg(m_settings.scenarioIds[index.row()], m_settings.strategies[index.column()]);
        if (role == Qt::ForegroundRole)
            return m_theme.mutedText;
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignCenter);
        return {};
    }
    const ComparisonRow &r = c->row;
    switch (role) {
    case Qt::DisplayRole:
        return cellLabel(*c);
    case Qt::ToolTipRole:
        return countsText(*c);
    case Qt::BackgroundRole:
        return verdictColor(c->verdict(), m_theme);
    case Qt::ForegroundRole:
        return Theme::textOn(verdictColor(c->verdict(), m_theme));
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case VerdictRole:
        return int(c->verdict());
    case VerdictIdRole:
        return verdictId(c->verdict());
    case RunsRole:
        return r.runs;
    case RunsWithViolationRole:
        return r.runsWithViolation;
    case ViolationsRole:
        return r.sum.violations;
    case MistakenDeletionsRole:
        return r.sum.mistakenDeletions;
    case StuckLocksRole:
        return r.sum.stuckLocks;
    case LostUpdatesRole:
        return r.sum.lostUpdates;
    case StaleWritesRejectedRole:
        return r.sum.staleWritesRejected;
    case StarvedClientsRole:
        return r.sum.starvedClients;
    case GaveUpRole:
        return r.sum.gaveUp;
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QStringList &names =
        orientation == Qt::Horizontal ? m_settings.strategies : m_settings.scenarioIds;
    if (section < 0 || section >= names.size())
        return {};
    if (orientation == Qt::Vertical || role == Qt::ToolTipRole)
        return names[section];
    return strategyHeader(names[section]);
}

QString ComparisonModel::strategyHeader(const QString &strategy)
{
    // Strategy ids break after a hyphen so that ten columns fit: "set-nx-px-" / "get-del".
    QStringList lines;
    for (const QString &part : strategy.split(QLatin1Char('-'))) {
        if (!lines.isEmpty() && lines.last().size() + part.size() < 11)
            lines.last() += QLatin1Char('-') + part;
        else {
            if (!lines.isEmpty())
                lines.last() += QLatin1Char('-');
            lines << part;
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace lockscope::ui
