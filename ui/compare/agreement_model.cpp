#include "agreement_model.h"

#include "comparison_model.h"

namespace lockscope::ui {

namespace {

// The simulated verdict of every repetition when they are all the same, else nothing: the
// cell's second line ("UNSAFE" under "agrees 3/3").
std::optional<CellVerdict> commonVerdict(const QList<CellVerdict> &verdicts)
{
    if (verdicts.isEmpty())
        return std::nullopt;
    for (CellVerdict v : verdicts) {
        if (v != verdicts.first())
            return std::nullopt;
    }
    return verdicts.first();
}

} // namespace

AgreementModel::AgreementModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void AgreementModel::reset(const QStringList &scenarioIds, const QStringList &strategies)
{
    beginResetModel();
    m_scenarioIds = scenarioIds;
    m_strategies = strategies;
    m_cells.assign(std::size_t(scenarioIds.size() * strategies.size()), std::nullopt);
    endResetModel();
}

void AgreementModel::setCell(const LiveMatrixCell &cell)
{
    const int r = int(m_scenarioIds.indexOf(cell.scenario));
    const int c = int(m_strategies.indexOf(cell.strategy));
    if (r < 0 || c < 0)
        return;
    m_cells[std::size_t(r * columnCount() + c)] = cell;
    const QModelIndex i = index(r, c);
    emit dataChanged(i, i);
}

void AgreementModel::setRunning(bool running)
{
    m_running = running;
    refreshAll({Qt::DisplayRole, Qt::ToolTipRole});
}

void AgreementModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    refreshAll({Qt::BackgroundRole, Qt::ForegroundRole});
}

void AgreementModel::retranslate()
{
    refreshAll({Qt::DisplayRole, Qt::ToolTipRole});
}

void AgreementModel::refreshAll(const QList<int> &roles)
{
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), roles);
}

const LiveMatrixCell *AgreementModel::cell(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return nullptr;
    const auto &c = m_cells[std::size_t(row * columnCount() + column)];
    return c ? &*c : nullptr;
}

const LiveMatrixCell *AgreementModel::cell(const QModelIndex &index) const
{
    return index.isValid() ? cell(index.row(), index.column()) : nullptr;
}

QList<LiveMatrixCell> AgreementModel::cells() const
{
    QList<LiveMatrixCell> out;
    for (const auto &c : m_cells) {
        if (c)
            out.append(*c);
    }
    return out;
}

int AgreementModel::finishedCells() const
{
    int n = 0;
    for (const auto &c : m_cells)
        n += c ? 1 : 0;
    return n;
}

int AgreementModel::count(LiveCellStatus status) const
{
    int n = 0;
    for (const auto &c : m_cells)
        n += c && liveCellStatus(*c) == status ? 1 : 0;
    return n;
}

QString AgreementModel::statusText(LiveCellStatus status)
{
    switch (status) {
    case LiveCellStatus::Agree:
        return tr("agrees");
    case LiveCellStatus::Disagree:
        return tr("DISAGREES");
    case LiveCellStatus::NotReproducible:
        return tr("not live");
    case LiveCellStatus::Error:
        return tr("error");
    case LiveCellStatus::NotRun:
        return tr("not run");
    }
    return {};
}

QString AgreementModel::cellText(const LiveMatrixCell &cell)
{
    const LiveCellStatus status = liveCellStatus(cell);
    const int reps = int(cell.live.size());
    switch (status) {
    case LiveCellStatus::Agree: {
        QString text = tr("agrees %1/%2").arg(cell.agreeing).arg(reps);
        // Both worlds said the same: which verdict, on a second line.
        if (const auto v = commonVerdict(cell.simulated))
            text += QLatin1Char('\n') + ComparisonModel::verdictText(*v);
        return text;
    }
    case LiveCellStatus::Disagree:
        // How many repetitions told another story.
        return tr("DISAGREES %1/%2").arg(reps - cell.agreeing).arg(reps);
    case LiveCellStatus::NotReproducible:
    case LiveCellStatus::Error:
    case LiveCellStatus::NotRun:
        break;
    }
    return statusText(status);
}

QString AgreementModel::toolTip(const LiveMatrixCell &cell)
{
    const QString head = QStringLiteral("%1 × %2").arg(cell.scenario, cell.strategy);
    const int reps = int(cell.live.size());
    switch (liveCellStatus(cell)) {
    case LiveCellStatus::Agree:
        return head + QLatin1Char('\n') +
               tr("%n live repetition(s) told the simulator's story: the same verdict and the "
                  "same kinds of finding.",
                  nullptr, reps);
    case LiveCellStatus::Disagree:
        return head + QLatin1Char('\n') +
               tr("%1 of %2 live repetitions told another story than their simulation:")
                   .arg(reps - cell.agreeing)
                   .arg(reps) +
               QLatin1Char('\n') + cell.differences.join(QLatin1Char('\n'));
    case LiveCellStatus::NotReproducible:
        return head + QLatin1Char('\n') + tr("Not reproducible live: %1").arg(cell.refusal);
    case LiveCellStatus::Error:
        return head + QLatin1Char('\n') + tr("The live run failed: %1").arg(cell.error);
    case LiveCellStatus::NotRun:
        return head + QLatin1Char('\n') + tr("Cancelled before its first live run ended.");
    }
    return head;
}

QString AgreementModel::storyHtml(const LiveMatrixCell &cell)
{
    const auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    const LiveCellStatus status = liveCellStatus(cell);
    QString html = QStringLiteral("<p><b>%1</b></p>")
                       .arg(esc(QStringLiteral("%1 × %2 — %3")
                                    .arg(cell.scenario, cell.strategy, cellText(cell))
                                    .replace(QLatin1Char('\n'), QLatin1Char(' '))));
    if (status == LiveCellStatus::NotReproducible)
        return html + QStringLiteral("<p>%1</p>")
                          .arg(esc(tr("Not reproducible live: %1").arg(cell.refusal)));
    if (!cell.live.isEmpty()) {
        html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr><th "
                               "align=\"left\" width=\"180\">%1</th><th align=\"left\" "
                               "width=\"140\">%2</th><th align=\"left\">%3</th></tr>")
                    .arg(esc(tr("repetition (seed)")), esc(tr("simulated")), esc(tr("live")));
        for (qsizetype i = 0; i < cell.live.size() && i < cell.simulated.size(); ++i) {
            const QString sim = ComparisonModel::verdictText(cell.simulated[i]);
            const QString live = ComparisonModel::verdictText(cell.live[i]);
            // A verdict that differs is bold; the same verdict can still differ in the kinds
            // of finding (the differences below say so).
            const bool differs = cell.simulated[i] != cell.live[i];
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                        .arg(esc(tr("%1 (seed %2)").arg(i + 1).arg(i + 1)), esc(sim),
                             differs ? QStringLiteral("<b>%1</b>").arg(esc(live)) : esc(live));
        }
        html += QStringLiteral("</table>");
    }
    if (!cell.differences.isEmpty()) {
        html += QStringLiteral("<p>%1<br>%2</p>")
                    .arg(esc(tr("Differences (the first repetition that disagreed):")),
                         esc(cell.differences.join(QLatin1Char('\n')))
                             .replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    }
    if (status == LiveCellStatus::Error)
        html += QStringLiteral("<p>%1</p>").arg(esc(tr("The live run failed: %1").arg(cell.error)));
    if (status == LiveCellStatus::NotRun)
        html +=
            QStringLiteral("<p>%1</p>").arg(esc(tr("Cancelled before its first live run ended.")));
    html += QStringLiteral("<p>%1</p>")
                .arg(esc(tr("Time scale %1 (every time of the scenario multiplied by it on "
                            "real Redis); %2 s of wall time for %n live repetition(s).",
                            nullptr, int(cell.live.size()))
                             .arg(cell.timeScale)
                             .arg(QString::number(double(cell.wallMs) / 1000.0, 'f', 1))));
    return html;
}

QColor AgreementModel::statusColor(LiveCellStatus status, const Theme &theme)
{
    // The safety matrix's colours where the meaning matches: a calm green for agreement, the
    // strong red for a disagreement (the one thing to look at), amber for an error; a cell that
    // cannot run live is a grey between the text and the base.
    switch (status) {
    case LiveCellStatus::Agree:
        return ComparisonModel::verdictColor(CellVerdict::Safe, theme);
    case LiveCellStatus::Disagree:
        return ComparisonModel::verdictColor(CellVerdict::Unsafe, theme);
    case LiveCellStatus::Error:
        return ComparisonModel::verdictColor(CellVerdict::LivenessLoss, theme);
    case LiveCellStatus::NotReproducible:
    case LiveCellStatus::NotRun:
        break;
    }
    const QColor &m = theme.mutedText;
    const QColor &b = theme.base;
    const float a = theme.dark ? 0.5f : 0.3f;
    return QColor::fromRgbF(m.redF() * a + b.redF() * (1 - a),
                            m.greenF() * a + b.greenF() * (1 - a),
                            m.blueF() * a + b.blueF() * (1 - a));
}

int AgreementModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_scenarioIds.size());
}

int AgreementModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_strategies.size());
}

QVariant AgreementModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case ScenarioIdRole:
        return m_scenarioIds[index.row()];
    case StrategyIdRole:
        return m_strategies[index.column()];
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    default:
        break;
    }
    const LiveMatrixCell *c = cell(index);
    if (!c) {
        if (role == Qt::DisplayRole)
            return m_running ? QStringLiteral("…") : QStringLiteral("—");
        if (role == Qt::ToolTipRole)
            return m_running ? tr("%1 × %2: waiting for its live runs")
                                   .arg(m_scenarioIds[index.row()], m_strategies[index.column()])
                             : tr("%1 × %2: not run on real Redis yet")
                                   .arg(m_scenarioIds[index.row()], m_strategies[index.column()]);
        if (role == Qt::ForegroundRole)
            return m_theme.mutedText;
        return {};
    }
    const LiveCellStatus status = liveCellStatus(*c);
    switch (role) {
    case Qt::DisplayRole:
        return cellText(*c);
    case Qt::ToolTipRole:
        return toolTip(*c);
    case Qt::BackgroundRole:
        return statusColor(status, m_theme);
    case Qt::ForegroundRole:
        return Theme::textOn(statusColor(status, m_theme));
    case StatusRole:
        return int(status);
    case StatusIdRole:
        return liveCellStatusId(status);
    default:
        return {};
    }
}

QVariant AgreementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QStringList &names = orientation == Qt::Horizontal ? m_strategies : m_scenarioIds;
    if (section < 0 || section >= names.size())
        return {};
    if (orientation == Qt::Vertical || role == Qt::ToolTipRole)
        return names[section];
    return ComparisonModel::strategyHeader(names[section]);
}

} // namespace lockscope::ui
