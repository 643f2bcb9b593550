// The compare page's exports: the safety matrix and the cost table as CSV and JSON (the matrix
// exactly as lockscope-cli compare writes it), the charts as PNG and SVG, and a one-page HTML
// report. Every file is written through QSaveFile: a file that cannot be written is left as it
// was, and the error names it and says why.
#pragma once

#include "common/theme.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>

class QChartView;

namespace lockscope::ui {

class ComparisonModel;
class CostModel;

class CompareExport {
    Q_DECLARE_TR_FUNCTIONS(CompareExport)
public:
    static QByteArray matrixCsv(const ComparisonModel &matrix);
    static QByteArray matrixJson(const ComparisonModel &matrix);
    static QByteArray costCsv(const CostModel &cost);
    static QByteArray costJson(const CostModel &cost);
    // The charts side by side (three columns), rendered at `size` whatever their size on screen.
    static QImage chartsImage(const QList<QChartView *> &charts, QSize size = {1500, 820});
    static QByteArray chartsPng(const QList<QChartView *> &charts);
    // Empty when Qt SVG is not part of this build (hasSvg() false).
    static QByteArray chartsSvg(const QList<QChartView *> &charts);
    static bool hasSvg();
    // The matrix, the cost table, the charts (an embedded PNG) and the explanation of every
    // unsafe cell (their example runs are run again for it).
    static QByteArray htmlReport(const ComparisonModel &matrix, const CostModel &cost,
                                 const QList<QChartView *> &charts);

    // Writes `data` to `path` atomically; false with *error ("Cannot write FILE: reason").
    static bool writeFile(const QString &path, const QByteArray &data, QString *error);
};

} // namespace lockscope::ui
