#include "compare_export.h"

#include "cell_explanation.h"
#include "comparison_model.h"
#include "cost_model.h"
#include "util/csv.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDateTime>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QSaveFile>

#include <cmath>

#ifdef LOCKSCOPE_HAVE_SVG
#include <QSvgGenerator>
#endif

namespace lockscope::ui {

namespace {

// Renders every chart into its cell of a three-column grid on `painter`, at the cell's size.
void paintCharts(QPainter *painter, const QList<QChartView *> &charts, QSize size)
{
    const int columns = 3;
    const int rows = int((charts.size() + 2) / 3);
    const QSizeF cell(double(size.width()) / columns, double(size.height()) / qMax(1, rows));
    // The page's layout for its five charts: three bar charts above, fairness and the wide
    // latency distribution below.
    for (qsizetype i = 0; i < charts.size(); ++i) {
        QRectF target(double(i % columns) * cell.width(), double(i / columns) * cell.height(),
                      cell.width(), cell.height());
        if (charts.size() == 5 && i == 3)
            target = QRectF(0, cell.height(), cell.width(), cell.height());
        else if (charts.size() == 5 && i == 4)
            target = QRectF(cell.width(), cell.height(), 2 * cell.width(), cell.height());
        QChart *chart = charts[i]->chart();
        const QSizeF shown = chart->size();
        chart->resize(target.size());
        // Lay it out at that size now: a chart never shown (its tab not opened yet) would
        // otherwise keep labels where its first, tiny layout put them.
        chart->layout()->activate();
        QCoreApplication::sendPostedEvents(chart);
        QCoreApplication::sendPostedEvents(charts[i]->scene());
        charts[i]->scene()->render(painter, target, QRectF(QPointF(0, 0), target.size()));
        chart->resize(shown);
    }
}

QString escape(const QString &s)
{
    return s.toHtmlEscaped();
}

} // namespace

QByteArray CompareExport::matrixCsv(const ComparisonModel &matrix)
{
    return comparisonCsv(matrix.finishedRows()).toUtf8();
}

QByteArray CompareExport::matrixJson(const ComparisonModel &matrix)
{
    return QJsonDocument(comparisonJson(matrix.finishedRows(), matrix.settings().seeds))
        .toJson(QJsonDocument::Indented);
}

QByteArray CompareExport::costCsv(const CostModel &cost)
{
    QStringList header{QStringLiteral("strategy")};
    for (int c = 0; c < CostModel::ColumnCount; ++c)
        header.append(CostModel::columnId(c));
    QString s = csvRecord(header);
    for (const CostRow &r : cost.rows()) {
        QStringList fields{r.strategy};
        for (int c = 0; c < CostModel::ColumnCount; ++c) {
            // No data is an empty field, CSV's null.
            const Figure v = CostModel::value(r, c);
            fields.append(v ? QString::number(*v, 'g', 10) : QString());
        }
        s += csvRecord(fields);
    }
    return s.toUtf8();
}

QByteArray CompareExport::costJson(const CostModel &cost)
{
    QJsonArray rows;
    for (const CostRow &r : cost.rows()) {
        QJsonObject o{{QStringLiteral("strategy"), r.strategy}};
        for (int c = 0; c < CostModel::ColumnCount; ++c)
            o.insert(CostModel::columnId(c), figureJson(CostModel::value(r, c)));
        QJsonArray buckets;
        const auto &bounds = LatencyHistogram::upperBoundsMs();
        for (std::size_t k = 0; k < r.latency.counts.size(); ++k)
            buckets.append(QJsonObject{
                {QStringLiteral("below_ms"), std::isinf(bounds[k]) ? QJsonValue() : bounds[k]},
                {QStringLiteral("count"), r.latency.counts[k]}});
        o.insert(QStringLiteral("latency_histogram"), buckets);
        rows.append(o);
    }
    const char *source = cost.source() == CostModel::Source::Live        ? "live"
                         : cost.source() == CostModel::Source::Simulator ? "simulator"
                                                                         : "none";
    return QJsonDocument(QJsonObject{{QStringLiteral("source"), QLatin1String(source)},
                                     {QStringLiteral("strategies"), rows}})
        .toJson(QJsonDocument::Indented);
}

QImage CompareExport::chartsImage(const QList<QChartView *> &charts, QSize size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(charts.isEmpty() ? QColor(Qt::white)
                                : charts.first()->chart()->backgroundBrush().color());
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    paintCharts(&painter, charts, size);
    return image;
}

QByteArray CompareExport::chartsPng(const QList<QChartView *> &charts)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    chartsImage(charts).save(&buffer, "PNG");
    return bytes;
}

bool CompareExport::hasSvg()
{
#ifdef LOCKSCOPE_HAVE_SVG
    return true;
#else
    return false;
#endif
}

QByteArray CompareExport::chartsSvg(const QList<QChartView *> &charts)
{
#ifdef LOCKSCOPE_HAVE_SVG
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const QSize size(1500, 820);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(tr("LockScope: the cost of each strategy"));
    QPainter painter(&svg);
    if (!charts.isEmpty())
        painter.fillRect(QRect(QPoint(0, 0), size), charts.first()->chart()->backgroundBrush());
    paintCharts(&painter, charts, size);
    painter.end();
    return bytes;
#else
    Q_UNUSED(charts)
    return {};
#endif
}

QByteArray CompareExport::htmlReport(const ComparisonModel &matrix, const CostModel &cost,
                                     const QList<QChartView *> &charts)
{
    const CompareSettings &settings = matrix.settings();
    // A report is read on paper and in any browser: the light palette, whatever the window's.
    const Theme theme = Theme::light();
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title>\n")
             .arg(escape(tr("LockScope: which lock to choose")));
    h += QStringLiteral(
        "<style>body{font-family:'DejaVu Sans',sans-serif;margin:24px;color:#1d2126}"
        "table{border-collapse:collapse;margin:8px 0 16px}"
        "td,th{border:1px solid #d8dce0;padding:4px 8px;font-size:13px}"
        "th{background:#eff0f1;text-align:left}td.n{text-align:right}"
        "td.c{text-align:center;white-space:nowrap}h1{font-size:22px}h2{font-size:18px}"
        "h3{font-size:15px;margin-bottom:2px}.muted{color:#5f6670}"
        "img{max-width:100%;border:1px solid #d8dce0}</style></head><body>\n");
    h += QStringLiteral("<h1>%1</h1>\n").arg(escape(tr("LockScope: which lock to choose")));
    h += QStringLiteral("<p class=\"muted\">%1</p>\n")
             .arg(escape(tr("%1 scenario(s) × %2 strategies × %3 seeds; %4 of %5 cells finished. "
                            "Generated %6.")
                             .arg(settings.scenarioIds.size())
                             .arg(settings.strategies.size())
                             .arg(settings.seeds)
                             .arg(matrix.finishedCells())
                             .arg(matrix.totalCells())
                             .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate))));

    h += QStringLiteral("<h2>%1</h2>\n<table><tr><th></th>").arg(escape(tr("Safety matrix")));
    for (const QString &s : settings.strategies)
        h += QStringLiteral("<th>%1</th>").arg(escape(s));
    h += QStringLiteral("</tr>\n");
    for (int r = 0; r < matrix.rowCount(); ++r) {
        h += QStringLiteral("<tr><th>%1</th>").arg(escape(settings.scenarioIds[r]));
        for (int c = 0; c < matrix.columnCount(); ++c) {
            const CellResult *cell = matrix.cell(r, c);
            if (!cell) {
                h += QStringLiteral("<td class=\"c muted\">%1</td>").arg(escape(tr("not run")));
                continue;
            }
            const QColor fill = ComparisonModel::verdictColor(cell->verdict(), theme);
            h += QStringLiteral("<td class=\"c\" style=\"background:%1;color:%2\" title=\"%3\">"
                                "%4</td>")
                     .arg(fill.name(), Theme::textOn(fill).name(),
                          escape(ComparisonModel::countsText(*cell)),
                          escape(ComparisonModel::cellLabel(*cell)));
        }
        h += QStringLiteral("</tr>\n");
    }
    h += QStringLiteral("</table>\n<p class=\"muted\">%1</p>\n")
             .arg(escape(tr("safe: no violation, mistaken deletion, stuck lock or lost update in "
                            "any run (a fencing strategy whose stale writes were all rejected is "
                            "safe for the resource). UNSAFE n/m: n of m runs had a violation, a "
                            "mistaken deletion, a stuck lock or a lost update. liveness loss: "
                            "safe, but a client starved or an acquire gave up.")));

    h += QStringLiteral("<h2>%1</h2>\n<p class=\"muted\">%2</p>\n<table><tr><th>%3</th>")
             .arg(escape(tr("Cost")), escape(cost.sourceText()), escape(tr("strategy")));
    for (int c = 0; c < CostModel::ColumnCount; ++c)
        h += QStringLiteral("<th>%1</th>")
                 .arg(escape(cost.headerData(c, Qt::Horizontal).toString()));
    h += QStringLiteral("</tr>\n");
    for (int r = 0; r < cost.rowCount(); ++r) {
        h += QStringLiteral("<tr><th>%1</th>").arg(escape(cost.rows()[r].strategy));
        for (int c = 0; c < CostModel::ColumnCount; ++c)
            h += QStringLiteral("<td class=\"n\">%1</td>")
                     .arg(escape(CostModel::formatted(CostModel::value(cost.rows()[r], c), c)));
        h += QStringLiteral("</tr>\n");
    }
    h += QStringLiteral("</table>\n");
    if (!charts.isEmpty() && cost.rowCount() > 0)
        h += QStringLiteral("<img alt=\"%1\" src=\"data:image/png;base64,%2\">\n")
                 .arg(escape(tr("charts of the cost table")),
                      QString::fromLatin1(chartsPng(charts).toBase64()));

    h += QStringLiteral("<h2>%1</h2>\n").arg(escape(tr("Why the unsafe cells are unsafe")));
    int unsafe = 0;
    for (int r = 0; r < matrix.rowCount(); ++r) {
        for (int c = 0; c < matrix.columnCount(); ++c) {
            const CellResult *cell = matrix.cell(r, c);
            if (!cell || cell->verdict() != CellVerdict::Unsafe)
                continue;
            ++unsafe;
            h += QStringLiteral("<h3>%1</h3>\n<ul>")
                     .arg(escape(tr("%1 with %2").arg(cell->row.scenario, cell->row.strategy)));
            for (const QString &sentence : CellExplanation::sentences(settings, *cell))
                h += QStringLiteral("<li>%1</li>").arg(escape(sentence));
            h += QStringLiteral("</ul>\n");
        }
    }
    if (unsafe == 0)
        h += QStringLiteral("<p>%1</p>\n").arg(escape(tr("No cell is unsafe.")));
    h += QStringLiteral("</body></html>\n");
    return h.toUtf8();
}

bool CompareExport::writeFile(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace lockscope::ui
