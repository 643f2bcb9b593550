#include "cost_model.h"

#include "comparison_model.h"

#include <QLocale>

namespace lockscope::ui {

CostModel::CostModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

CostRow CostModel::fromRows(const QList<ComparisonRow> &rows)
{
    CostRow c;
    if (rows.isEmpty())
        return c;
    c.strategy = rows.first().strategy;
    qint64 commands = 0, endUs = 0, fairRuns = 0;
    double fairness = 0;
    LatencySketch latencies;
    for (const auto &r : rows) {
        c.runs += r.runs;
        c.acquisitions += r.sum.acquisitions;
        commands += r.sum.commands;
        endUs += r.sum.endUs;
        c.latency.merge(r.latency);
        latencies.merge(r.sum.latency);
        // The mean over runs, each row weighted by its runs (the row's figure for one row).
        if (r.sum.fairness) {
            fairness += *r.sum.fairness * r.runs;
            fairRuns += r.runs;
        }
    }
    c.latencyP50Ms = latencies.percentileMs(0.50);
    c.latencyP99Ms = latencies.percentileMs(0.99);
    if (fairRuns > 0)
        c.fairness = fairness / double(fairRuns);
    c.throughput = endUs > 0 ? double(c.acquisitions) * 1e6 / double(endUs) : 0;
    if (c.acquisitions > 0)
        c.commandsPerAcquisition = double(commands) / double(c.acquisitions);
    return c;
}

QString CostModel::costScenarioOf(const QStringList &scenarioIds)
{
    if (scenarioIds.size() == 1)
        return scenarioIds.first();
    const QString faultFree = QStringLiteral("contention");
    return scenarioIds.contains(faultFree) ? faultFree : QString();
}

void CostModel::setFromMatrix(const ComparisonModel &matrix)
{
    const auto &settings = matrix.settings();
    const QString scenario = costScenarioOf(settings.scenarioIds);
    QList<CostRow> rows;
    for (int col = 0; col < matrix.columnCount(); ++col) {
        QList<ComparisonRow> cells;
        for (int r = 0; r < matrix.rowCount(); ++r) {
            const CellResult *c = matrix.cell(r, col);
            if (c && c->row.scenario == scenario)
                cells.append(c->row);
        }
        if (!cells.isEmpty())
            rows.append(fromRows(cells));
    }
    if (scenario.isEmpty()) {
        m_sourceDetail = tr("No cost figures: with several scenarios the cost is measured on the "
                            "fault-free workload (scenario contention), which this comparison "
                            "does not include.");
        m_workload.clear();
        setRows({}, Source::None);
        return;
    }
    const QString workload = settings.scenarioIds.size() == 1
                                 ? tr("scenario %1").arg(scenario)
                                 : tr("the fault-free workload (scenario %1)").arg(scenario);
    if (rows.isEmpty()) {
        m_sourceDetail =
            tr("No cost figures yet: the cost is measured on %1, whose cells have not finished.")
                .arg(workload);
        m_workload.clear();
        setRows({}, Source::None);
        return;
    }
    m_sourceDetail = tr("simulator, %1").arg(workload) + QStringLiteral(", ") +
                     tr("%n seed(s)", nullptr, settings.seeds);
    m_workload = workload;
    setRows(rows, Source::Simulator);
}

void CostModel::setLiveRows(const QList<CostRow> &rows, const QString &server)
{
    m_sourceDetail = tr("live server %1").arg(server);
    m_workload = tr("live server %1").arg(server);
    setRows(rows, Source::Live);
}

void CostModel::clear()
{
    m_sourceDetail.clear();
    m_workload.clear();
    setRows({}, Source::None);
}

void CostModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void CostModel::setRows(const QList<CostRow> &rows, Source source)
{
    // Same strategies in the same order: only the figures changed, and the charts keep their
    // bars (a reset would rebuild them at every finished cell).
    bool sameLayout = rows.size() == m_rows.size() && !rows.isEmpty();
    for (qsizetype i = 0; sameLayout && i < rows.size(); ++i)
        sameLayout = rows[i].strategy == m_rows[i].strategy;
    // Nothing before and nothing now (the cost workload's cells still pending, a few times a
    // second during a comparison): no reset, which would lay the four charts out again.
    if (rows.isEmpty() && m_rows.isEmpty() && source == m_source && m_workload == m_shownWorkload)
        return;
    m_source = source;
    m_shownWorkload = m_workload;
    if (sameLayout) {
        m_rows = rows;
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

QString CostModel::sourceText() const
{
    switch (m_source) {
    case Source::None:
        return m_sourceDetail.isEmpty() ? tr("No figures yet: run a comparison.") : m_sourceDetail;
    case Source::Simulator:
        return tr("Figures from the %1; throughput in acquisitions per simulated second.")
            .arg(m_sourceDetail);
    case Source::Live:
        return tr("Figures from the %1; throughput in acquisitions per second of wall time.")
            .arg(m_sourceDetail);
    }
    return {};
}

Figure CostModel::value(const CostRow &row, int column)
{
    switch (column) {
    case RunsColumn:
        return double(row.runs);
    case AcquisitionsColumn:
        return double(row.acquisitions);
    case ThroughputColumn:
        return row.throughput;
    case P50Column:
        return row.latencyP50Ms;
    case P99Column:
        return row.latencyP99Ms;
    case CommandsColumn:
        return row.commandsPerAcquisition;
    case FairnessColumn:
        return row.fairness;
    default:
        return std::nullopt;
    }
}

QString CostModel::formatted(const Figure &f, int column)
{
    if (!f)
        return noDataText();
    const double v = *f;
    switch (column) {
    case RunsColumn:
    case AcquisitionsColumn:
        return QLocale().toString(qint64(v));
    case FairnessColumn:
        return QLocale().toString(v, 'f', 3);
    case CommandsColumn:
        return QLocale().toString(v, 'f', 2);
    default:
        return QLocale().toString(v, 'f', 1);
    }
}

QString CostModel::columnId(int column)
{
    static const char *const ids[ColumnCount] = {
        "runs",           "acquisitions",   "acquisitions_per_s",
        "latency_p50_ms", "latency_p99_ms", "commands_per_acquisition",
        "fairness"};
    return column >= 0 && column < ColumnCount ? QLatin1String(ids[column]) : QString();
}

int CostModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CostModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CostModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CostRow &r = m_rows[index.row()];
    const Figure v = value(r, index.column());
    switch (role) {
    case Qt::DisplayRole: // a number: the bar mappers read this role; CostDelegate formats it
    case Qt::EditRole:    // (no data: no value, and no bar)
        return v ? QVariant(*v) : QVariant();
    case Qt::ToolTipRole:
        return formatted(v, index.column());
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant CostModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < m_rows.size())
            return m_rows[section].strategy;
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ThroughputColumn:
            return tr("Acquisitions per second: simulated seconds for the simulator, wall "
                      "seconds for a live server.");
        case CommandsColumn:
            return tr("Redis commands sent to the lock's nodes per acquisition (retries "
                      "included).");
        case FairnessColumn:
            return tr("Jain's index over the clients' acquisitions: 1 when every client got "
                      "the lock equally often.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RunsColumn:
        return tr("Runs");
    case AcquisitionsColumn:
        return tr("Acquisitions");
    case ThroughputColumn:
        return tr("Acquisitions/s");
    case P50Column:
        return tr("Latency p50 (ms)");
    case P99Column:
        return tr("Latency p99 (ms)");
    case CommandsColumn:
        return tr("Commands/acq.");
    case FairnessColumn:
        return tr("Fairness (Jain)");
    default:
        return {};
    }
}

} // namespace lockscope::ui
