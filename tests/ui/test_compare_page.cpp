// The compare page, offscreen: its matrix and cost figures against runComparison's (computed
// here, independently), the verdict colours, Cancel in the middle of a run, a click on a cell
// opening the run in the workspace at its first violation, and the exports (parsed back, and
// refused cleanly where the file cannot be written).
#include "common/theme.h"
#include "compare/compare_export.h"
#include "compare/compare_page.h"
#include "compare/compare_settings.h"
#include "compare/comparison_controller.h"
#include "compare/comparison_model.h"
#include "compare/cost_charts.h"
#include "compare/cost_model.h"
#include "compare/live_comparison.h"
#include "main_window.h"
#include "workspace/playback.h"
#include "workspace/workspace_page.h"

#include "csv_reader.h"
#include "free_port.h"
#include "redis_server.h"

#include "lock/strategy_registry.h"
#include "sim/comparison.h"
#include "sim/scenario_writer.h"
#include "sim/simulation.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace lockscope;
using namespace lockscope::ui;
using lockscope::test::readCsv;
using lockscope::test::unusedLoopbackPort;

namespace {

const QStringList kScenarios = {QStringLiteral("pause-before-delete"),
                                QStringLiteral("crash-mid-acquire")};
const QStringList kStrategies = {QStringLiteral("set-nx-px-get-del"),
                                 QStringLiteral("set-nx-px-lua"), QStringLiteral("setnx-expire"),
                                 QStringLiteral("fenced")};

CompareSettings smallSettings(int seeds = 3)
{
    CompareSettings s;
    s.scenarioIds = kScenarios;
    s.strategies = kStrategies;
    s.seeds = seeds;
    return s;
}

// runComparison over the built-in scenarios, as the CLI calls it: the reference figures.
QList<ComparisonRow> referenceRows(const QStringList &scenarios, const QStringList &strategies,
                                   int seeds)
{
    ComparisonRequest request;
    for (const QString &id : scenarios) {
        Scenario s;
        QString error;
        if (!loadBuiltinScenario(id, &s, &error))
            qFatal("cannot load %s", qPrintable(id));
        request.scenarios << s;
    }
    request.strategies = strategies;
    request.seeds = seeds;
    request.threads = 2;
    return runComparison(request);
}

bool runAll(ComparisonController &controller, ComparisonModel &model,
            const CompareSettings &settings)
{
    QObject::connect(&controller, &ComparisonController::cellFinished, &model,
                     &ComparisonModel::setCell);
    model.reset(settings);
    QSignalSpy finished(&controller, &ComparisonController::finished);
    if (!controller.start(settings))
        return false;
    return finished.wait(120000) && finished.first().first().toBool() == false;
}

// The first seed of 1..seeds whose run has a safety finding, and the time of that finding.
bool firstViolation(const QString &scenarioId, const QString &strategy, int seeds, quint64 *seed,
                    qint64 *atUs)
{
    Scenario scenario;
    QString error;
    if (!loadBuiltinScenario(scenarioId, &scenario, &error))
        return false;
    for (int s = 1; s <= seeds; ++s) {
        SimulationConfig config;
        config.scenario = scenario;
        config.strategyId = strategy;
        config.seed = quint64(s);
        config.keepLog = false;
        const SimulationResult result = runSimulation(config);
        for (const Finding &f : result.report.findings) {
            if (f.kind != Finding::Kind::Starvation) {
                *seed = quint64(s);
                *atUs = f.timeUs;
                return true;
            }
        }
    }
    return false;
}

} // namespace

class TestComparePage : public QObject {
    Q_OBJECT

private slots:
    void matrixFiguresEqualRunComparison();
    void costFiguresAndChartsFollowTheModel();
    void costModelIsQuietWhileItHasNothingToShow();
    void verdictColoursFollowVerdictOf();
    void cancelKeepsFinishedCellsAndStopsThreads();
    void clickingACellOpensItsRunAtTheFirstViolation();
    void exportsParseAndHoldEveryCell();
    void costCsvQuotesAnAwkwardStrategyName();
    void exportToAnUnwritablePlaceFailsAndKeepsTheModel();
    void unreachableLiveServerSaysSo();
    void liveServerGivesTheCostFigures();
    void scenarioFileIsComparedAsItWasRead();
};

void TestComparePage::matrixFiguresEqualRunComparison()
{
    const CompareSettings settings = smallSettings();
    ComparisonController controller;
    ComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(runAll(controller, model, settings));
    QCOMPARE(model.finishedCells(), settings.cellCount());

    const auto reference = referenceRows(kScenarios, kStrategies, settings.seeds);
    QCOMPARE(reference.size(), qsizetype(settings.cellCount()));
    for (const ComparisonRow &ref : reference) {
        const int r = int(kScenarios.indexOf(ref.scenario));
        const int c = int(kStrategies.indexOf(ref.strategy));
        const QModelIndex i = model.index(r, c);
        QCOMPARE(i.data(ComparisonModel::ScenarioIdRole).toString(), ref.scenario);
        QCOMPARE(i.data(ComparisonModel::StrategyIdRole).toString(), ref.strategy);
        QCOMPARE(i.data(ComparisonModel::RunsRole).toInt(), ref.runs);
        QCOMPARE(i.data(ComparisonModel::RunsWithViolationRole).toInt(), ref.runsWithViolation);
        QCOMPARE(i.data(ComparisonModel::ViolationsRole).toLongLong(), ref.sum.violations);
        QCOMPARE(i.data(ComparisonModel::MistakenDeletionsRole).toLongLong(),
                 ref.sum.mistakenDeletions);
        QCOMPARE(i.data(ComparisonModel::StuckLocksRole).toLongLong(), ref.sum.stuckLocks);
        QCOMPARE(i.data(ComparisonModel::LostUpdatesRole).toLongLong(), ref.sum.lostUpdates);
        QCOMPARE(i.data(ComparisonModel::StaleWritesRejectedRole).toLongLong(),
                 ref.sum.staleWritesRejected);
        QCOMPARE(i.data(ComparisonModel::StarvedClientsRole).toLongLong(), ref.sum.starvedClients);
        QCOMPARE(i.data(ComparisonModel::GaveUpRole).toLongLong(), ref.sum.gaveUp);
        const CellResult *cell = model.cell(i);
        QVERIFY(cell);
        QCOMPARE(cell->row.sum.acquisitions, ref.sum.acquisitions);
        QCOMPARE(cell->row.sum.commands, ref.sum.commands);
        QCOMPARE(cell->row.runsUnsafe, ref.runsUnsafe);
        QCOMPARE(cell->row.sum.latencyP50Ms, ref.sum.latencyP50Ms);
        QCOMPARE(cell->row.sum.latencyP99Ms, ref.sum.latencyP99Ms);
        QCOMPARE(cell->row.sum.fairness, ref.sum.fairness);
        QCOMPARE(cell->row.throughputPerSimSecond, ref.throughputPerSimSecond);
        // Every acquisition's latency is in the distribution.
        QCOMPARE(cell->row.latency.total(), ref.sum.acquisitions);
        QCOMPARE(i.data(ComparisonModel::VerdictIdRole).toString(), verdictId(verdictOf(ref)));
    }
    // The page's matrix export is the CLI's: the same text for the same rows.
    QCOMPARE(QString::fromUtf8(CompareExport::matrixCsv(model)), comparisonCsv(reference));
}

void TestComparePage::costFiguresAndChartsFollowTheModel()
{
    // Several scenarios: the cost is that of the fault-free workload (contention) alone; the
    // fault scenarios' seconds-long waits would otherwise be averaged into it.
    CompareSettings settings = smallSettings(2);
    settings.scenarioIds = {QStringLiteral("pause-before-delete"), QStringLiteral("contention")};
    ComparisonController controller;
    ComparisonModel model;
    QVERIFY(runAll(controller, model, settings));
    CostModel cost;
    QAbstractItemModelTester tester(&cost, QAbstractItemModelTester::FailureReportingMode::QtTest);
    CostCharts charts(&cost);
    cost.setFromMatrix(model);
    QCOMPARE(cost.rowCount(), int(kStrategies.size()));
    QVERIFY2(cost.sourceText().contains(QLatin1String("contention")),
             qPrintable(cost.sourceText()));
    QVERIFY2(charts.titleText().contains(QLatin1String("contention")),
             qPrintable(charts.titleText()));

    const auto reference = referenceRows({QStringLiteral("contention")}, kStrategies, 2);
    for (int s = 0; s < kStrategies.size(); ++s) {
        const ComparisonRow &ref = reference[s];
        QCOMPARE(ref.strategy, kStrategies[s]);
        const CostRow &row = cost.rows()[s];
        QCOMPARE(row.strategy, kStrategies[s]);
        QCOMPARE(cost.headerData(s, Qt::Vertical).toString(), kStrategies[s]);
        QCOMPARE(row.runs, qint64(ref.runs));
        QCOMPARE(row.acquisitions, ref.sum.acquisitions);
        QCOMPARE(row.throughput, ref.throughputPerSimSecond);
        QCOMPARE(row.commandsPerAcquisition, ref.sum.commandsPerAcquisition());
        QCOMPARE(row.latencyP50Ms, ref.sum.latencyP50Ms);
        QCOMPARE(row.latencyP99Ms, ref.sum.latencyP99Ms);
        QCOMPARE(row.fairness, ref.sum.fairness);
        QCOMPARE(cost.index(s, CostModel::ThroughputColumn).data(Qt::EditRole).toDouble(),
                 row.throughput);
    }

    // The charts read the model: the throughput bars and the p99 bars are its columns.
    QList<double> throughput, p99;
    for (const CostRow &r : cost.rows()) {
        throughput << r.throughput;
        p99 << r.latencyP99Ms.value_or(0);
    }
    QCOMPARE(charts.barValues(0), throughput);
    QCOMPARE(charts.barValues(1, 1), p99);
    QCOMPARE(charts.histogramSeriesCount(), int(kStrategies.size()));

    // One scenario picked: its own cost, and the texts say which.
    CompareSettings one = smallSettings(2);
    one.scenarioIds = {QStringLiteral("pause-before-delete")};
    ComparisonController controller2;
    ComparisonModel model2;
    QVERIFY(runAll(controller2, model2, one));
    cost.setFromMatrix(model2);
    const auto picked = referenceRows(one.scenarioIds, kStrategies, 2);
    QCOMPARE(cost.rowCount(), int(kStrategies.size()));
    QCOMPARE(cost.rows().first().acquisitions, picked.first().sum.acquisitions);
    QVERIFY(cost.sourceText().contains(QLatin1String("pause-before-delete")));
    QVERIFY(charts.titleText().contains(QLatin1String("pause-before-delete")));

    // Several scenarios without the fault-free workload: no cost figures, and why.
    CompareSettings faultsOnly = smallSettings(1);
    ComparisonController controller3;
    ComparisonModel model3;
    QVERIFY(runAll(controller3, model3, faultsOnly));
    cost.setFromMatrix(model3);
    QCOMPARE(cost.rowCount(), 0);
    QVERIFY(cost.sourceText().contains(QLatin1String("contention")));
}

void TestComparePage::costModelIsQuietWhileItHasNothingToShow()
{
    // During a comparison the cost is taken in a few times a second; until the fault-free
    // workload's cells finish there is nothing to show, and a reset would lay the four charts
    // out again each time for nothing.
    ComparisonModel matrix;
    matrix.reset(smallSettings(1)); // two fault scenarios, no contention: never any cost row
    CostModel cost;
    QAbstractItemModelTester tester(&cost, QAbstractItemModelTester::FailureReportingMode::QtTest);
    CostCharts charts(&cost);
    QSignalSpy resets(&cost, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&cost, &QAbstractItemModel::dataChanged);
    cost.setFromMatrix(matrix);
    cost.setFromMatrix(matrix);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 0);
    QCOMPARE(cost.rowCount(), 0);
    QVERIFY2(cost.sourceText().contains(QLatin1String("contention")),
             qPrintable(cost.sourceText()));
    // Something to show does reach the views, and so does its going away.
    CostRow live;
    live.strategy = QStringLiteral("set-nx-px-lua");
    live.acquisitions = 7;
    cost.setLiveRows({live}, QStringLiteral("127.0.0.1:1"));
    QCOMPARE(resets.count(), 1);
    QCOMPARE(cost.rowCount(), 1);
    QVERIFY(charts.titleText().contains(QLatin1String("127.0.0.1:1")));
    cost.setFromMatrix(matrix);
    QCOMPARE(resets.count(), 2);
    QCOMPARE(cost.rowCount(), 0);
    QVERIFY(!charts.titleText().contains(QLatin1String("127.0.0.1:1")));
}

void TestComparePage::verdictColoursFollowVerdictOf()
{
    const CompareSettings settings = smallSettings(2);
    ComparisonController controller;
    ComparisonModel model;
    QVERIFY(runAll(controller, model, settings));
    QSet<int> seen;
    for (const Theme &theme : {Theme::light(), Theme::darkTheme()}) {
        model.setTheme(theme);
        for (int r = 0; r < model.rowCount(); ++r) {
            for (int c = 0; c < model.columnCount(); ++c) {
                const QModelIndex i = model.index(r, c);
                const CellVerdict v = verdictOf(model.cell(i)->row);
                seen.insert(int(v));
                QCOMPARE(i.data(ComparisonModel::VerdictRole).toInt(), int(v));
                QCOMPARE(i.data(Qt::BackgroundRole).value<QColor>(),
                         ComparisonModel::verdictColor(v, theme));
            }
        }
        // The three verdicts are three different colours, and text stays readable on each.
        const QColor safe = ComparisonModel::verdictColor(CellVerdict::Safe, theme);
        const QColor unsafe = ComparisonModel::verdictColor(CellVerdict::Unsafe, theme);
        const QColor live = ComparisonModel::verdictColor(CellVerdict::LivenessLoss, theme);
        QVERIFY(safe != unsafe && unsafe != live && safe != live);
        QVERIFY(unsafe.hslHue() < 20 || unsafe.hslHue() > 340); // red
        QVERIFY(safe.hslHue() > 90 && safe.hslHue() < 170);     // green
    }
    // The small matrix holds both a safe and an unsafe cell (set-nx-px-get-del under
    // pause-before-delete, set-nx-px-lua there).
    QVERIFY(seen.contains(int(CellVerdict::Safe)));
    QVERIFY(seen.contains(int(CellVerdict::Unsafe)));
}

void TestComparePage::cancelKeepsFinishedCellsAndStopsThreads()
{
    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    page.settingsWidget()->setScenario(QString()); // every scenario
    page.settingsWidget()->setStrategies(strategyIds());
    page.settingsWidget()->setSeeds(50);
    QAbstractItemModelTester tester(page.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy finished(page.controller(), &ComparisonController::finished);
    connect(page.controller(), &ComparisonController::cellFinished, &page, [&page] {
        if (page.model()->finishedCells() >= 1) // after the page stored it
            page.cancel();
    });
    QVERIFY(page.runComparison());
    QVERIFY(page.controller()->isRunning());
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(!page.controller()->isRunning());
    QCOMPARE(page.controller()->pool().activeThreadCount(), 0);
    const int done = page.model()->finishedCells();
    QVERIFY(done > 0);
    QVERIFY(done < page.model()->totalCells());
    QCOMPARE(page.model()->finishedRows().size(), qsizetype(done));
    for (const ComparisonRow &row : page.model()->finishedRows())
        QCOMPARE(row.runs, 50); // only whole cells are kept
    QVERIFY(page.statusText().contains(QStringLiteral("Cancelled")));
    QVERIFY(page.settingsWidget()->runButton()->isEnabled());
    // The finished cells are usable: they export; the cost table waits for the fault-free
    // workload's cells (it never averages the fault scenarios) and says so.
    QTemporaryDir dir;
    QString error;
    QVERIFY2(page.exportTo(ComparePage::ExportKind::MatrixCsv,
                           dir.filePath(QStringLiteral("m.csv")), &error),
             qPrintable(error));
    QFile f(dir.filePath(QStringLiteral("m.csv")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll().count('\n'), qsizetype(done + 1));
    bool faultFreeDone = false;
    for (const ComparisonRow &row : page.model()->finishedRows())
        faultFreeDone |= row.scenario == QLatin1String("contention");
    QCOMPARE(page.costModel()->rowCount() > 0, faultFreeDone);
    QVERIFY2(page.costModel()->sourceText().contains(QLatin1String("contention")),
             qPrintable(page.costModel()->sourceText()));
    QVERIFY(messages.isEmpty());
}

void TestComparePage::clickingACellOpensItsRunAtTheFirstViolation()
{
    MainWindow::Options options;
    options.persistSettings = false;
    MainWindow window(options);
    QStringList messages;
    window.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    window.resize(1600, 1000);
    window.show();
    window.setPage(MainWindow::Page::Compare);
    ComparePage *page = window.comparePage();
    page->setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    const QString scenario = QStringLiteral("pause-before-delete");
    const QString strategy = QStringLiteral("set-nx-px-get-del");
    QVERIFY(page->settingsWidget()->setScenario(scenario));
    page->settingsWidget()->setStrategies({strategy, QStringLiteral("set-nx-px-lua")});
    QVERIFY(page->runAndWait(4));
    QCOMPARE(page->model()->finishedCells(), 2);

    quint64 seed = 0;
    qint64 atUs = -1;
    QVERIFY(firstViolation(scenario, strategy, 4, &seed, &atUs));

    RunRequest asked;
    qint64 askedAt = -1;
    int requests = 0;
    connect(page, &ComparePage::openRunRequested, page,
            [&](const RunRequest &r, qint64 t) { asked = r, askedAt = t, ++requests; });
    const int column = int(page->model()->settings().strategies.indexOf(strategy));
    const QModelIndex index = page->model()->index(0, column);
    QTableView *view = page->matrixView();
    QTest::qWait(50);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    QCOMPARE(requests, 1);
    QCOMPARE(asked.scenarioId, scenario);
    QCOMPARE(asked.strategyId, strategy);
    QCOMPARE(asked.seed, seed);
    QCOMPARE(askedAt, atUs);
    // MainWindow took it: the workspace shows that run at that instant.
    QCOMPARE(window.page(), MainWindow::Page::Workspace);
    QVERIFY(window.workspace()->run());
    QCOMPARE(window.workspace()->run()->request().strategyId, strategy);
    QCOMPARE(window.workspace()->run()->request().seed, seed);
    QCOMPARE(window.workspace()->playback()->time(), atUs);
    QVERIFY(!window.workspace()->run()->report().findings.empty());
    QCOMPARE(window.workspace()->run()->report().findings.front().timeUs, atUs);
    QVERIFY2(messages.isEmpty(), qPrintable(messages.join(QLatin1Char('\n'))));
}

void TestComparePage::exportsParseAndHoldEveryCell()
{
    ComparePage page;
    page.resize(1400, 900);
    QVERIFY(page.settingsWidget()->setScenario(QStringLiteral("pause-before-delete")));
    page.settingsWidget()->setStrategies(kStrategies);
    QVERIFY(page.runAndWait(3));
    const ComparisonModel &model = *page.model();
    const QStringList strategies = model.settings().strategies; // the picker's order
    QCOMPARE(strategies.size(), kStrategies.size());
    QTemporaryDir dir;
    const auto write = [&](ComparePage::ExportKind kind, const QString &name) {
        QString error;
        const QString path = dir.filePath(name);
        if (!page.exportTo(kind, path, &error))
            qWarning("%s", qPrintable(error));
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };

    // Matrix CSV: a header and a line per cell, with the cell's verdict.
    const QList<QByteArray> lines =
        write(ComparePage::ExportKind::MatrixCsv, QStringLiteral("m.csv")).trimmed().split('\n');
    QCOMPARE(lines.size(), qsizetype(model.totalCells() + 1));
    QVERIFY(lines[0].startsWith("scenario,strategy,verdict,runs"));
    for (int c = 0; c < model.columnCount(); ++c) {
        const QModelIndex i = model.index(0, c);
        const QByteArray expected =
            QStringLiteral("pause-before-delete,%1,%2,")
                .arg(strategies[c], i.data(ComparisonModel::VerdictIdRole).toString())
                .toUtf8();
        QVERIFY2(lines[c + 1].startsWith(expected), lines[c + 1].constData());
    }
    // Matrix JSON.
    QJsonParseError parse;
    const QJsonDocument matrix = QJsonDocument::fromJson(
        write(ComparePage::ExportKind::MatrixJson, QStringLiteral("m.json")), &parse);
    QCOMPARE(parse.error, QJsonParseError::NoError);
    const QJsonArray cells = matrix.object().value(QStringLiteral("cells")).toArray();
    QCOMPARE(cells.size(), qsizetype(model.totalCells()));
    for (int c = 0; c < model.columnCount(); ++c) {
        const QJsonObject o = cells[c].toObject();
        QCOMPARE(o.value(QStringLiteral("strategy")).toString(), strategies[c]);
        QCOMPARE(o.value(QStringLiteral("violations")).toInteger(),
                 model.index(0, c).data(ComparisonModel::ViolationsRole).toLongLong());
    }
    // Cost CSV and JSON: a row per strategy.
    const QList<QByteArray> costLines =
        write(ComparePage::ExportKind::CostCsv, QStringLiteral("c.csv")).trimmed().split('\n');
    QCOMPARE(costLines.size(), qsizetype(kStrategies.size() + 1));
    for (int s = 0; s < kStrategies.size(); ++s)
        QVERIFY(costLines[s + 1].startsWith(QByteArray(strategies[s].toUtf8() + ',')));
    const QJsonDocument cost = QJsonDocument::fromJson(
        write(ComparePage::ExportKind::CostJson, QStringLiteral("c.json")), &parse);
    QCOMPARE(parse.error, QJsonParseError::NoError);
    const QJsonArray costRows = cost.object().value(QStringLiteral("strategies")).toArray();
    QCOMPARE(costRows.size(), qsizetype(kStrategies.size()));
    QCOMPARE(costRows[0].toObject().value(QStringLiteral("acquisitions")).toDouble(),
             double(page.costModel()->rows()[0].acquisitions));
    // Charts.
    const QImage png = QImage::fromData(
        write(ComparePage::ExportKind::ChartsPng, QStringLiteral("charts.png")), "PNG");
    QVERIFY(!png.isNull());
    QVERIFY(png.width() >= 1000);
    if (CompareExport::hasSvg()) {
        const QByteArray svg =
            write(ComparePage::ExportKind::ChartsSvg, QStringLiteral("charts.svg"));
        QVERIFY(svg.contains("<svg"));
    }
    // The report: the matrix, the charts inline, and why each unsafe cell is unsafe.
    const QString html =
        QString::fromUtf8(write(ComparePage::ExportKind::Html, QStringLiteral("report.html")));
    QVERIFY(html.contains(QStringLiteral("<table")));
    QVERIFY(html.contains(QStringLiteral("data:image/png;base64,")));
    int unsafe = 0;
    for (int c = 0; c < model.columnCount(); ++c) {
        if (model.cell(0, c)->verdict() != CellVerdict::Unsafe)
            continue;
        ++unsafe;
        QVERIFY(html.contains(QStringLiteral("pause-before-delete with %1").arg(strategies[c])));
    }
    QVERIFY(unsafe > 0);
    QVERIFY(html.contains(QStringLiteral("Seed ")));
}

// The cost CSV goes through the same RFC 4180 writer as the matrix's: a custom strategy's name
// with a comma, a quote and a line break reads back as one field of one record (the cost CSV
// wrote such a name unquoted before, splitting it into fields and records).
void TestComparePage::costCsvQuotesAnAwkwardStrategyName()
{
    CostRow awkward;
    awkward.strategy = QStringLiteral("my lock, \"v2\"\nwith fencing");
    awkward.runs = 4;
    awkward.throughput = 12.5;
    CostRow plain;
    plain.strategy = QStringLiteral("redlock");
    plain.runs = 2;
    CostModel cost;
    cost.setLiveRows({awkward, plain}, QStringLiteral("127.0.0.1:6379"));
    const QString csv = QString::fromUtf8(CompareExport::costCsv(cost));
    QList<QStringList> records;
    QString error;
    QVERIFY2(readCsv(csv, &records, &error), qPrintable(error));
    QCOMPARE(records.size(), 3);
    QCOMPARE(records[0].value(0), QStringLiteral("strategy"));
    QCOMPARE(records[0].size(), 1 + int(CostModel::ColumnCount));
    for (const QStringList &record : records)
        QCOMPARE(record.size(), records[0].size());
    QCOMPARE(records[1].value(0), awkward.strategy);
    QCOMPARE(records[1].value(1 + CostModel::RunsColumn), QStringLiteral("4"));
    QCOMPARE(records[1].value(1 + CostModel::ThroughputColumn), QStringLiteral("12.5"));
    QCOMPARE(records[2].value(0), plain.strategy);
    // A name that needs no quotes is written as it was.
    QVERIFY2(csv.contains(QStringLiteral("\nredlock,2,")), qPrintable(csv));
}

void TestComparePage::exportToAnUnwritablePlaceFailsAndKeepsTheModel()
{
    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    QVERIFY(page.settingsWidget()->setScenario(QStringLiteral("crash-mid-acquire")));
    page.settingsWidget()->setStrategies(kStrategies);
    QVERIFY(page.runAndWait(2));
    const QByteArray before = CompareExport::matrixCsv(*page.model());

    QTemporaryDir dir;
    // A folder under a plain file cannot exist, whoever runs the test (root included).
    const QString plain = dir.filePath(QStringLiteral("plain"));
    {
        QFile f(plain);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep me");
    }
    const QString bad = plain + QStringLiteral("/matrix.csv");
    for (auto kind : {ComparePage::ExportKind::MatrixCsv, ComparePage::ExportKind::CostJson,
                      ComparePage::ExportKind::Html}) {
        QString error;
        QVERIFY(!page.exportTo(kind, bad, &error));
        QVERIFY2(error.contains(bad), qPrintable(error));
    }
    // Over a folder: refused, the folder untouched.
    QString error;
    QVERIFY(!page.exportTo(ComparePage::ExportKind::MatrixJson, dir.path(), &error));
    QVERIFY(error.contains(dir.path()));
    QVERIFY(QFileInfo(dir.path()).isDir());
    QFile f(plain);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("keep me"));
    // Nothing lost: the model is as it was and exports elsewhere.
    QCOMPARE(page.model()->finishedCells(), int(kStrategies.size()));
    QCOMPARE(CompareExport::matrixCsv(*page.model()), before);
    QVERIFY(page.exportTo(ComparePage::ExportKind::MatrixCsv,
                          dir.filePath(QStringLiteral("ok.csv")), &error));
}

void TestComparePage::unreachableLiveServerSaysSo()
{
    // A port nobody listens on.
    const quint16 port = unusedLoopbackPort();
    QVERIFY(port != 0);

    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    page.settingsWidget()->setStrategies({QStringLiteral("set-nx-px-lua")});
    // A URL that does not parse is refused at once.
    page.settingsWidget()->setLiveUrl(QStringLiteral("redis://:notaport"));
    QString error;
    QVERIFY(!page.runLive(&error));
    QCOMPARE(messages.size(), 1);
    QVERIFY(messages[0].contains(QStringLiteral("notaport")));
    messages.clear();

    page.settingsWidget()->setLiveUrl(QStringLiteral("127.0.0.1:%1").arg(port));
    QSignalSpy finished(page.liveComparison(), &LiveComparison::finished);
    QVERIFY(page.runLive(&error));
    QVERIFY(finished.wait(20000));
    QCOMPARE(messages.size(), 1);
    QVERIFY2(messages[0].contains(QStringLiteral("127.0.0.1:%1").arg(port)),
             qPrintable(messages[0]));
    QVERIFY(!page.liveComparison()->isRunning());
    QVERIFY(page.settingsWidget()->runButton()->isEnabled());
}

void TestComparePage::liveServerGivesTheCostFigures()
{
    test::RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    const QStringList strategies = {QStringLiteral("set-nx-px-lua"), QStringLiteral("fenced")};
    page.settingsWidget()->setStrategies(strategies);
    page.settingsWidget()->setLiveUrl(QStringLiteral("redis://127.0.0.1:%1").arg(server.port()));
    QSignalSpy finished(page.liveComparison(), &LiveComparison::finished);
    QVERIFY(page.runLive());
    QVERIFY(finished.wait(60000));
    QVERIFY2(messages.isEmpty(), qPrintable(messages.join(QLatin1Char('\n'))));
    QCOMPARE(finished.first().first().toBool(), false);
    // The cost table now holds the live figures, one row per strategy.
    CostModel *cost = page.costModel();
    QCOMPARE(cost->source(), CostModel::Source::Live);
    QCOMPARE(cost->rowCount(), int(strategies.size()));
    for (int r = 0; r < cost->rowCount(); ++r) {
        const CostRow &row = cost->rows()[r];
        QCOMPARE(row.strategy, strategies[r]);
        QVERIFY(row.acquisitions > 0);
        QVERIFY(row.throughput > 0);
        QVERIFY(row.commandsPerAcquisition >= 2); // at least an acquire and a release
        // Every acquisition's latency is in the distribution.
        QCOMPARE(row.latency.total(), row.acquisitions);
    }
    QVERIFY(page.charts()->histogramSeriesCount() == int(strategies.size()));
    QVERIFY(!page.liveComparison()->isRunning());
}

// A scenario file (a what-if replay's, or the user's own) is compared like a built-in one: the
// same scenario under another id gives the built-in's figures cell for cell, and still does
// after the file is gone (its runs use the scenario as it was read). A broken file is one
// message naming it, and the picker keeps what it had.
void TestComparePage::scenarioFileIsComparedAsItWasRead()
{
    Scenario scenario;
    QVERIFY(loadBuiltinScenario(QStringLiteral("pause-before-delete"), &scenario));
    scenario.id = QStringLiteral("my-pause");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("my-pause.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(scenarioToJson(scenario));
    }
    const QStringList strategies{QStringLiteral("set-nx-px-get-del"),
                                 QStringLiteral("set-nx-px-lua")};
    ComparePage builtin;
    QVERIFY(builtin.settingsWidget()->setScenario(QStringLiteral("pause-before-delete")));
    builtin.settingsWidget()->setStrategies(strategies);
    QVERIFY(builtin.runAndWait(3));

    ComparePage page;
    QStringList messages;
    page.setMessageHandler([&](const QString &, const QString &text) { messages << text; });
    QString error;
    QVERIFY2(page.settingsWidget()->addScenarioFile(path, &error), qPrintable(error));
    page.settingsWidget()->setStrategies(strategies);
    QCOMPARE(page.settingsWidget()->settings().scenarioIds,
             QStringList{QStringLiteral("my-pause")});
    QFile::remove(path);
    QVERIFY(page.runAndWait(3));
    QCOMPARE(page.model()->finishedCells(), 2);
    for (int column = 0; column < 2; ++column) {
        const CellResult *mine = page.model()->cell(0, column);
        const CellResult *theirs = builtin.model()->cell(0, column);
        QVERIFY(mine && theirs);
        QCOMPARE(mine->row.scenario, QStringLiteral("my-pause"));
        QCOMPARE(mine->row.strategy, theirs->row.strategy);
        QCOMPARE(mine->row.runs, 3);
        QCOMPARE(mine->row.runsUnsafe, theirs->row.runsUnsafe);
        QCOMPARE(mine->row.runsWithViolation, theirs->row.runsWithViolation);
        QCOMPARE(mine->row.sum.acquisitions, theirs->row.sum.acquisitions);
    }
    // set-nx-px-get-del is unsafe under this scenario: the file's copy says so too.
    const int getDel =
        int(page.model()->settings().strategies.indexOf(QStringLiteral("set-nx-px-get-del")));
    QVERIFY(getDel >= 0);
    QVERIFY(page.model()->cell(0, getDel)->row.runsUnsafe > 0);

    // A broken file: one message naming it; the choice stays.
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    {
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ \"id\": ");
    }
    QVERIFY(!page.settingsWidget()->addScenarioFile(broken, &error));
    QVERIFY2(error.contains(QStringLiteral("broken.json")), qPrintable(error));
    QCOMPARE(page.settingsWidget()->settings().scenarioIds,
             QStringList{QStringLiteral("my-pause")});
}

QTEST_MAIN(TestComparePage)
#include "test_compare_page.moc"
