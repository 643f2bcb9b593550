// Why a cell of the safety matrix is what it is, in sentences: its example run is run again
// with its event log kept, and its first findings are told as the workspace tells them.
#pragma once

#include "compare_cell.h"

#include <QCoreApplication>
#include <QStringList>

namespace lockscope::ui {

class CellExplanation {
    Q_DECLARE_TR_FUNCTIONS(CellExplanation)
public:
    // Up to `maxFindings` findings of the cell's example run, then the strategy's known flaw.
    static QStringList sentences(const CompareSettings &settings, const CellResult &cell,
                                 int maxFindings = 3);
};

} // namespace lockscope::ui
