// The cost model as charts (Qt Charts): throughput, acquire latency p50/p99 side by side,
// commands per acquisition and fairness as bars per strategy, read from the model through bar
// mappers, and the acquire latency distribution as one line per strategy. Colours follow the
// palette (the theme's client colours on the theme's background).
#pragma once

#include "common/theme.h"

#include <QWidget>

class QChart;
class QChartView;
class QHorizontalBarSeries;
class QAbstractItemModel;
class QAbstractAxis;
class QBarCategoryAxis;
class QValueAxis;

namespace lockscope::ui {

class CostModel;

class CostCharts final : public QWidget {
    Q_OBJECT
public:
    explicit CostCharts(CostModel *model, QWidget *parent = nullptr);

    void setTheme(const Theme &theme);
    QList<QChartView *> views() const { return m_views; }
    // The latency distribution's series count (one per strategy with acquisitions).
    int histogramSeriesCount() const;
    // The bars of bar chart `chart` (0 throughput, 1 latency, 2 commands, 3 fairness), in the
    // table's order.
    QList<double> barValues(int chart, int set = 0) const;
    // The latency distribution's title as plain text: it names the workload measured.
    QString titleText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    struct BarChart {
        QChart *chart = nullptr;
        QHorizontalBarSeries *series = nullptr;
        QBarCategoryAxis *categories = nullptr;
        QValueAxis *values = nullptr;
    };
    BarChart addBarChart(int firstColumn, int lastColumn, int row, int column);
    void rebuildCategories();
    void rebuildHistogram();
    void applyTheme(QChart *chart);
    void retranslateUi();

    CostModel *m_model;
    QAbstractItemModel *m_reversed = nullptr; // what the bar mappers read
    Theme m_theme = Theme::light();
    QList<QChartView *> m_views;
    QList<BarChart> m_bars;
    QChart *m_histogram = nullptr;
    QAbstractAxis *m_histogramX = nullptr; // the latency buckets
    QValueAxis *m_histogramY = nullptr;    // share of acquisitions, %
};

} // namespace lockscope::ui
