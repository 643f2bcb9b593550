#include "cost_charts.h"

#include "cost_model.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGridLayout>
#include <QHorizontalBarSeries>
#include <QLegendMarker>
#include <QLineSeries>
#include <QVBarModelMapper>
#include <QValueAxis>

#include <cmath>

namespace lockscope::ui {

namespace {

// A bucket's lower bound in ms, short enough for fifteen of them side by side: "0.5", "20",
// "1k", "≥10k" (the first bucket is "0").
QStringList bucketLabels()
{
    const auto &bounds = LatencyHistogram::upperBoundsMs();
    const auto shortMs = [](double ms) {
        return ms >= 1000 ? QStringLiteral("%1k").arg(ms / 1000) : QStringLiteral("%1").arg(ms);
    };
    QStringList labels;
    for (std::size_t i = 0; i < bounds.size(); ++i) {
        if (i == 0)
            labels << QStringLiteral("0");
        else if (std::isinf(bounds[i]))
            labels << QStringLiteral("≥") + shortMs(bounds[i - 1]);
        else
            labels << shortMs(bounds[i - 1]);
    }
    return labels;
}

// The cost model upside down: horizontal bars grow from the bottom, and the charts should list
// the strategies top to bottom as the table does (the category axis' reverse flag does not
// apply to horizontal bar series in Qt 6.4).
class ReversedRows final : public QAbstractTableModel {
public:
    explicit ReversedRows(QAbstractItemModel *source, QObject *parent)
        : QAbstractTableModel(parent)
        , m_source(source)
    {
        connect(source, &QAbstractItemModel::modelAboutToBeReset, this,
                &ReversedRows::beginResetModel);
        connect(source, &QAbstractItemModel::modelReset, this, &ReversedRows::endResetModel);
        connect(source, &QAbstractItemModel::dataChanged, this, [this] {
            if (rowCount() > 0)
                emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        });
    }
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : m_source->rowCount();
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : m_source->columnCount();
    }
    QVariant data(const QModelIndex &i, int role) const override
    {
        return m_source->index(rowCount() - 1 - i.row(), i.column()).data(role);
    }
    QVariant headerData(int section, Qt::Orientation o, int role) const override
    {
        return m_source->headerData(o == Qt::Vertical ? rowCount() - 1 - section : section, o,
                                    role);
    }

private:
    QAbstractItemModel *m_source;
};

} // namespace

CostCharts::CostCharts(CostModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    m_bars << addBarChart(CostModel::ThroughputColumn, CostModel::ThroughputColumn, 0, 0);
    m_bars << addBarChart(CostModel::P50Column, CostModel::P99Column, 0, 1);
    m_bars << addBarChart(CostModel::CommandsColumn, CostModel::CommandsColumn, 0, 2);
    m_bars << addBarChart(CostModel::FairnessColumn, CostModel::FairnessColumn, 1, 0);

    m_histogram = new QChart;
    auto *bucketAxis = new QBarCategoryAxis;
    bucketAxis->setCategories(bucketLabels());
    m_histogramX = bucketAxis;
    m_histogramY = new QValueAxis;
    m_histogramY->setLabelFormat(QStringLiteral("%d%"));
    m_histogram->addAxis(m_histogramX, Qt::AlignBottom);
    m_histogram->addAxis(m_histogramY, Qt::AlignLeft);
    m_histogram->legend()->setAlignment(Qt::AlignRight);
    auto *view = new QChartView(m_histogram);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(280, 220);
    grid->addWidget(view, 1, 1, 1, 2); // wide: the buckets' labels need the room
    m_views << view;
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(2, 1);

    // The titles name the workload, which changes with the figures.
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        rebuildCategories();
        rebuildHistogram();
        retranslateUi();
    });
    connect(model, &QAbstractItemModel::dataChanged, this, [this] {
        rebuildCategories(); // the value axes' ranges
        rebuildHistogram();
        retranslateUi();
    });
    retranslateUi();
    setTheme(Theme::forPalette(palette()));
    rebuildCategories();
    rebuildHistogram();
}

CostCharts::BarChart CostCharts::addBarChart(int firstColumn, int lastColumn, int row, int column)
{
    BarChart b;
    b.chart = new QChart;
    b.series = new QHorizontalBarSeries;
    b.chart->addSeries(b.series);
    b.categories = new QBarCategoryAxis;
    b.values = new QValueAxis;
    b.chart->addAxis(b.categories, Qt::AlignLeft);
    b.chart->addAxis(b.values, Qt::AlignBottom);
    b.series->attachAxis(b.categories);
    b.series->attachAxis(b.values);
    b.series->setLabelsVisible(true);
    b.series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    // The chart reads the same model the table shows.
    if (!m_reversed)
        m_reversed = new ReversedRows(m_model, this);
    auto *mapper = new QVBarModelMapper(b.chart);
    mapper->setFirstBarSetColumn(firstColumn);
    mapper->setLastBarSetColumn(lastColumn);
    mapper->setSeries(b.series);
    mapper->setModel(m_reversed);
    // Ten strategies need the chart's whole height: p50 and p99 are told apart in the title.
    b.chart->legend()->setVisible(false);
    auto *view = new QChartView(b.chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(280, 220);
    static_cast<QGridLayout *>(layout())->addWidget(view, row, column);
    m_views << view;
    return b;
}

void CostCharts::rebuildCategories()
{
    QStringList strategies;
    for (const CostRow &r : m_model->rows())
        strategies << r.strategy;
    for (qsizetype i = 0; i < m_bars.size(); ++i) {
        BarChart &b = m_bars[i];
        // Bottom to top, as the reversed rows feed the bars: the table's order read downwards.
        const QStringList upwards(strategies.rbegin(), strategies.rend());
        if (b.categories->categories() != upwards)
            b.categories->setCategories(upwards);
        double max = 0;
        for (QBarSet *set : b.series->barSets()) {
            for (int k = 0; k < set->count(); ++k)
                max = qMax(max, set->at(k));
        }
        if (i == 3) { // fairness: 0..1, with room for the labels past the bars
            b.values->setRange(0, 1.2);
            b.values->setTickCount(7);
        } else {
            b.values->setRange(0, max > 0 ? max * 1.2 : 1);
            b.values->applyNiceNumbers();
        }
        b.values->setLabelFormat(QStringLiteral("%g"));
        b.series->setLabelsPrecision(i == 3 ? 3 : 4);
    }
    applyTheme(nullptr);
}

void CostCharts::rebuildHistogram()
{
    // The axes stay; the lines are made again (a strategy may have come or gone).
    m_histogram->removeAllSeries();
    QAbstractAxis *x = m_histogramX;
    QValueAxis *y = m_histogramY;
    const auto &rows = m_model->rows();
    double top = 0;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const qint64 total = rows[i].latency.total();
        if (total == 0)
            continue;
        auto *line = new QLineSeries;
        line->setName(rows[i].strategy);
        for (std::size_t k = 0; k < rows[i].latency.counts.size(); ++k) {
            const double percent = 100.0 * double(rows[i].latency.counts[k]) / double(total);
            top = qMax(top, percent);
            line->append(double(k), percent);
        }
        line->setPointsVisible(true);
        m_histogram->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        line->setProperty("strategyIndex", int(i));
    }
    // Ticks every 10 %.
    const double yTop = top > 0 ? qMin(100.0, std::ceil(top / 10.0) * 10.0) : 100;
    y->setRange(0, yTop);
    y->setTickCount(int(yTop / 10) + 1);
    y->setTitleText(tr("share of acquisitions"));
    x->setTitleText(tr("acquire latency from (ms)"));
    m_histogram->legend()->setAlignment(Qt::AlignRight);
    applyTheme(m_histogram);
}

int CostCharts::histogramSeriesCount() const
{
    return int(m_histogram->series().size());
}

QList<double> CostCharts::barValues(int chart, int set) const
{
    QList<double> values;
    if (chart < 0 || chart >= m_bars.size())
        return values;
    const auto sets = m_bars[chart].series->barSets();
    if (set < 0 || set >= sets.size())
        return values;
    for (int k = 0; k < sets[set]->count(); ++k)
        values.prepend(sets[set]->at(k)); // the bars run upwards: back to the table's order
    return values;
}

void CostCharts::setTheme(const Theme &theme)
{
    m_theme = theme;
    retranslateUi(); // the latency title's colours
    for (QChartView *v : std::as_const(m_views)) {
        v->chart()->setTheme(theme.dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        v->setBackgroundBrush(theme.base);
    }
    applyTheme(nullptr);
}

void CostCharts::applyTheme(QChart *only)
{
    QFont titleFont = font();
    titleFont.setBold(true);
    // Ten strategies must fit a chart's height without their names being elided.
    QFont labelFont = font();
    labelFont.setPointSizeF(labelFont.pointSizeF() * 0.85);
    QFont smallFont = font(); // fifteen latency buckets side by side
    smallFont.setPointSizeF(smallFont.pointSizeF() * 0.75);
    for (QChartView *v : std::as_const(m_views)) {
        QChart *chart = v->chart();
        if (only && chart != only)
            continue;
        chart->setBackgroundBrush(m_theme.base);
        chart->setBackgroundRoundness(0);
        chart->setTitleBrush(m_theme.text);
        chart->setTitleFont(titleFont);
        chart->legend()->setLabelColor(m_theme.text);
        chart->legend()->setFont(labelFont);
        chart->setMargins(QMargins(2, 2, 2, 2));
        chart->layout()->setContentsMargins(0, 0, 0, 0);
        for (QAbstractAxis *axis : chart->axes()) {
            axis->setLabelsColor(m_theme.text);
            axis->setLabelsFont(chart == m_histogram && axis->orientation() == Qt::Horizontal
                                    ? smallFont
                                    : labelFont);
            axis->setTitleBrush(m_theme.mutedText);
            axis->setTitleFont(labelFont);
            axis->setGridLineColor(m_theme.grid);
            axis->setLinePenColor(m_theme.grid);
        }
        for (QAbstractSeries *s : chart->series()) {
            if (auto *bars = qobject_cast<QAbstractBarSeries *>(s)) {
                const auto sets = bars->barSets();
                for (qsizetype k = 0; k < sets.size(); ++k) {
                    // p50 and p99 in two hues; single figures in the first client colour.
                    const QColor c = m_theme.client(int(k == 0 ? 0 : 1));
                    sets[k]->setColor(c);
                    sets[k]->setBorderColor(c);
                    sets[k]->setLabelColor(m_theme.text);
                    sets[k]->setLabelFont(labelFont);
                }
            } else if (auto *line = qobject_cast<QLineSeries *>(s)) {
                QPen pen(m_theme.client(line->property("strategyIndex").toInt()));
                pen.setWidthF(2);
                line->setPen(pen);
                line->setColor(pen.color());
            }
        }
    }
}

QString CostCharts::titleText() const
{
    // Which workload the cost comes from: the fault-free one, the scenario picked, or a live
    // server (CostModel::workloadText).
    const QString workload = m_model->workloadText();
    return workload.isEmpty() ? tr("Acquire latency distribution")
                              : tr("Acquire latency distribution, %1").arg(workload);
}

void CostCharts::retranslateUi()
{
    const QStringList titles = {tr("Throughput (acquisitions/s)"), tr("Acquire latency (ms)"),
                                tr("Redis commands per acquisition"),
                                tr("Fairness (Jain's index, 1 = fair)")};
    for (qsizetype i = 0; i < m_bars.size() && i < titles.size(); ++i)
        m_bars[i].chart->setTitle(titles[i]);
    // The title is the latency chart's legend: "Acquire latency (ms): ■ p50 ■ p99" in colour.
    const auto swatch = [this](int set, const QString &name) {
        return QStringLiteral("<span style=\"color:%1\">&#9632;</span> %2")
            .arg(m_theme.client(set).name(), name.toHtmlEscaped());
    };
    m_bars[1].chart->setTitle(
        QStringLiteral("%1 &nbsp; %2 &nbsp; %3")
            .arg(titles[1].toHtmlEscaped(), swatch(0, tr("p50")), swatch(1, tr("p99"))));
    m_histogram->setTitle(titleText().toHtmlEscaped());
    if (!m_histogram->axes(Qt::Vertical).isEmpty())
        m_histogram->axes(Qt::Vertical).first()->setTitleText(tr("share of acquisitions"));
    if (!m_histogram->axes(Qt::Horizontal).isEmpty())
        m_histogram->axes(Qt::Horizontal).first()->setTitleText(tr("acquire latency from (ms)"));
}

void CostCharts::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        setTheme(Theme::forPalette(palette()));
}

} // namespace lockscope::ui
