// The Explore page's counterexamples of one strategy: one row per kind of finding the search
// broke the lock with, the smallest first (fewest faults, then the earliest finding), with where
// each fault strikes and what the checker saw. A row opens its scenario in the workspace.
#pragma once

#include "explore/explorer.h"

#include <QAbstractTableModel>

namespace lockscope::ui {

class CounterexampleModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KindColumn, FaultsColumn, PlacementsColumn, AtColumn, WitnessColumn, Columns };

    explicit CounterexampleModel(QObject *parent = nullptr);

    // Shows the counterexamples of `result` (none: empty).
    void setResult(const ExploreResult &result);
    void clear();
    void retranslate();

    const Counterexample *counterexample(int row) const;
    // "A pauses 200 ms … after the reply to release.get (1st time)", one line per fault.
    QString placementsText(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<Counterexample> m_rows; // in size order
    qint64 m_ttlMs = 0;
};

} // namespace lockscope::ui
