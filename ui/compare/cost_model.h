// The cost of each strategy: throughput, acquire latency, Redis commands per acquisition and
// fairness, one row per strategy. Its figures come either from the safety matrix (summed over
// the scenarios that finished) or from live runs against a real server. The cost table and
// every chart read this model.
#pragma once

#include "sim/comparison.h"

#include <QAbstractTableModel>

namespace lockscope::ui {

class ComparisonModel;

struct CostRow {
    QString strategy;
    qint64 runs = 0;
    qint64 acquisitions = 0;
    double throughput = 0; // acquisitions per second (simulated or wall)
    double latencyP50Ms = 0, latencyP99Ms = 0;
    double commandsPerAcquisition = 0;
    double fairness = 0; // Jain's index, 1 = perfectly fair
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

    // Per strategy, summed over the matrix's finished cells (strategies with none are left out):
    // throughput = acquisitions / simulated time, commands per acquisition likewise, latency
    // percentiles and fairness the mean over runs.
    void setFromMatrix(const ComparisonModel &matrix);
    void setLiveRows(const QList<CostRow> &rows, const QString &server);
    void clear();
    // The language changed: the views fetch the headers again.
    void retranslate();

    static CostRow fromRows(const QList<ComparisonRow> &rows);

    Source source() const { return m_source; }
    QString sourceText() const; // what the figures come from, for a label and the report
    const QList<CostRow> &rows() const { return m_rows; }
    // A column's number (the display role gives it too, so the charts' mappers read numbers)
    // and its text as the table shows it.
    static double value(const CostRow &row, int column);
    static QString formatted(double value, int column);
    static QString columnId(int column); // stable, for CSV and JSON

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
};

} // namespace lockscope::ui
