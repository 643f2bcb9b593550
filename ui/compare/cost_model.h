// The cost of each strategy: throughput, acquire latency, Redis commands per acquisition and
// fairness, one row per strategy. Its figures come either from the safety matrix (summed over
// the scenarios that finished) or from live runs against a real server. The cost table and
// every chart read this model.
#pragma once

#include "sim/comparison.h"

#include <QAbstractTableModel>

namespace lockscope::ui {

class ComparisonModel;

// Figures with no data (no acquisition) stay empty: the table shows —, the exports null.
struct CostRow {
    QString strategy;
    qint64 runs = 0;
    qint64 acquisitions = 0;
    double throughput = 0;             // acquisitions per second (simulated or wall)
    Figure latencyP50Ms, latencyP99Ms; // percentiles of every acquisition of every run
    Figure commandsPerAcquisition;
    Figure fairness; // Jain's index, 1 = perfectly fair
    LatencyHistogram latency;
};

class CostModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        RunsColumn,
        AcquisitionsColumn,
        ThroughputColumn,
        P50Column,
        P99Column,
        CommandsColumn,
        FairnessColumn,
        ColumnCount
    };
    enum class Source { None, Simulator, Live };

    explicit CostModel(QObject *parent = nullptr);

    // Per strategy, from the matrix's finished cells of the cost workload (costScenarioOf;
    // strategies with none are left out): throughput = acquisitions / simulated time, commands
    // per acquisition likewise, latency percentiles over every acquisition, fairness the mean
    // over runs.
    void setFromMatrix(const ComparisonModel &matrix);
    // The scenario whose cells the cost is measured on: the one the user picked, or with
    // several, the fault-free workload (seed 001's contention), or "" when it is not among
    // them. Faults make latencies of seconds that say nothing about what a strategy costs.
    static QString costScenarioOf(const QStringList &scenarioIds);
    void setLiveRows(const QList<CostRow> &rows, const QString &server);
    void clear();
    // The language changed: the views fetch the headers again.
    void retranslate();

    static CostRow fromRows(const QList<ComparisonRow> &rows);

    Source source() const { return m_source; }
    QString sourceText() const; // what the figures come from, for a label and the report
    // The workload in a few words, for the charts' titles ("" before any figures).
    const QString &workloadText() const { return m_workload; }
    const QList<CostRow> &rows() const { return m_rows; }
    // A column's number (the display role gives it too, so the charts' mappers read numbers)
    // and its text as the table shows it.
    static Figure value(const CostRow &row, int column);
    static QString formatted(const Figure &value, int column); // — for no data
    static QString columnId(int column);                       // stable, for CSV and JSON

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void setRows(const QList<CostRow> &rows, Source source);

    QList<CostRow> m_rows;
    Source m_source = Source::None;
    QString m_sourceDetail;
    QString m_workload;
    // The workload the views were last told about (with m_source and m_rows): an update that
    // changes none of the three tells them nothing.
    QString m_shownWorkload;
};

} // namespace lockscope::ui
