#include "compare_page.h"

#include "agreement_model.h"
#include "agreement_run.h"
#include "cell_explanation.h"
#include "common/duration_text.h"
#include "compare_export.h"
#include "compare_settings.h"
#include "comparison_controller.h"
#include "comparison_model.h"
#include "cost_charts.h"
#include "cost_delegate.h"
#include "cost_model.h"
#include "live_comparison.h"
#include "matrix_delegate.h"
#include "sim/explain.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>

namespace lockscope::ui {

namespace {

using ExportKind = ComparePage::ExportKind;

// Everything about one export in one place: its menu entry, the file name the save dialog
// suggests, and where the menu draws a separator. In the menu's order.
struct ExportFormat {
    ExportKind kind;
    const char *menuText; // translated in ComparePage's context
    const char *fileName; // without the suffix
    const char *suffix;
    bool separatorAfter;
};

constexpr ExportFormat kExportFormats[] = {
    {.kind = ExportKind::MatrixCsv,
     .menuText = QT_TRANSLATE_NOOP("lockscope::ui::ComparePage", "Matrix as CSV…"),
     .fileName = "safety-matrix",
     .suffix = "csv",
     .separatorAfter = false},
    {.kind = ExportKind::MatrixJson,
     .menuText = QT_TRANSLATE_NOOP("lockscope::ui::ComparePage", "Matrix as JSON…"),
     .fileName = "safety-matrix",
     .suffix = "json",
     .separatorAfter = true},
    {.kind = ExportKind::CostCsv,
     .menuText = QT_TRANSLATE_NOOP("lockscope::ui::ComparePage", "Cost table as CSV…"),
     .fileName = "cost",
     .suffix = "csv",
     .separatorAfter = false},
    {.kind = ExportKind::CostJson,
     .menuText = QT_TRANSLATE_NOOP("lockscope::ui::ComparePage", "Cost table as JSON…"),
     .fileName = "cost",
     .suffix = "json",
     .separatorAfter = true},
    {.kind = ExportKind::ChartsPng,
     .menuText = QT_TRANSLATE_NOOP("lockscope::ui::ComparePage", "Charts as PNG…"),
     .fileName = "cost-charts",
     .suffix = "png",
     .separatorAfter = false},
    {.kind = ExportKind::ChartsSvg,
     .menuText = QT_TRANSLATE_NOOP("lockscope::ui::ComparePage", "Charts as SVG…"),
     .fileName = "cost-charts",
     .suffix = "svg",
     .separatorAfter = true},
    {.kind = ExportKind::Html,
     .menuText = QT_TRANSLATE_NOOP("lockscope::ui::ComparePage", "HTML report…"),
     .fileName = "compare-report",
     .suffix = "html",
     .separatorAfter = false},
};

const ExportFormat &exportFormat(ExportKind kind)
{
    const auto *found = std::find_if(std::begin(kExportFormats), std::end(kExportFormats),
                                     [kind](const ExportFormat &f) { return f.kind == kind; });
    Q_ASSERT(found != std::end(kExportFormats)); // every kind has its row
    return found != std::end(kExportFormats) ? *found : kExportFormats[0];
}

// Wall seconds per cell and live repetition, two cells at once, on a small machine: the whole
// 13 x 10 matrix once took 154 s on 2 cores.
constexpr double kLiveSecondsPerCellRun = 1.2;

} // namespace

ComparePage::ComparePage(QWidget *parent)
    : QWidget(parent)
    , m_theme(Theme::forPalette(palette()))
{
    m_controller = new ComparisonController(this);
    m_live = new LiveComparison(this);
    m_model = new ComparisonModel(this);
    m_costModel = new CostModel(this);
    m_agreementRun = new AgreementRun(this);
    m_agreementModel = new AgreementModel(this);
    // Cells finish by the dozen a second; the cost table and its charts follow a few times a
    // second instead of once per cell.
    m_costTimer = new QTimer(this);
    m_costTimer->setSingleShot(true);
    m_costTimer->setInterval(250);
    connect(m_costTimer, &QTimer::timeout, this, [this] {
        if (m_tabs->currentIndex() == 1)
            updateCost();
    });

    auto *layout = new QHBoxLayout(this);
    m_settings = new CompareSettingsWidget;
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_settings);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(m_settings->sizeHint().width() + 24);
    scroll->setMaximumWidth(380);
    layout->addWidget(scroll);

    auto *right = new QVBoxLayout;
    auto *bar = new QHBoxLayout;
    m_status = new QLabel;
    m_status->setMinimumWidth(260);
    m_progress = new QProgressBar;
    m_progress->setTextVisible(true);
    m_cancelButton = new QPushButton;
    m_cancelButton->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelButton->setEnabled(false);
    m_exportButton = new QToolButton;
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    m_exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *menu = new QMenu(m_exportButton);
    for (const ExportFormat &format : kExportFormats) {
        QAction *a = menu->addAction(QString());
        const ExportKind kind = format.kind;
        connect(a, &QAction::triggered, this, [this, kind] { exportWithDialog(kind); });
        if (kind == ExportKind::ChartsSvg)
            a->setEnabled(CompareExport::hasSvg());
        m_exportActions << a;
        if (format.separatorAfter)
            menu->addSeparator();
    }
    m_exportButton->setMenu(menu);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress, 2);
    bar->addWidget(m_cancelButton);
    bar->addWidget(m_exportButton);
    right->addLayout(bar);

    m_tabs = new QTabWidget;
    // The matrix, with the selected cell's counts and story beside it.
    auto *matrixPage = new QWidget;
    auto *ml = new QVBoxLayout(matrixPage);
    m_matrixHint = new QLabel;
    m_matrixHint->setWordWrap(true);
    ml->addWidget(m_matrixHint);
    auto *split = new QSplitter(Qt::Vertical);
    m_matrixView = new QTableView;
    m_matrixView->setModel(m_model);
    m_delegate = new MatrixDelegate(this);
    m_matrixView->setItemDelegate(m_delegate);
    m_matrixView->setShowGrid(false);
    m_matrixView->setMouseTracking(true);
    m_matrixView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrixView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrixView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_matrixView->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    // The rows share the height (thirteen scenarios fill the view), never thinner than a line.
    m_matrixView->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // Two lines a row: "UNSAFE 100/100" wraps in a narrow column.
    m_matrixView->verticalHeader()->setMinimumSectionSize(2 * fontMetrics().height() + 8);
    // ... nor a wall: a matrix of one or two scenarios (a scenario file, a what-if replay) has
    // rows of a fixed height instead.
    const auto fitRows = [this] {
        QHeaderView *rows = m_matrixView->verticalHeader();
        const int tallest = 5 * fontMetrics().height();
        const bool few = m_model->rowCount() <= 2;
        rows->setSectionResizeMode(few ? QHeaderView::Fixed : QHeaderView::Stretch);
        if (few)
            rows->setDefaultSectionSize(tallest);
    };
    connect(m_model, &QAbstractItemModel::modelReset, this, fitRows);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, fitRows);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, fitRows);
    split->addWidget(m_matrixView);
    auto *below = new QWidget;
    auto *bl = new QVBoxLayout(below);
    bl->setContentsMargins(0, 0, 0, 0);
    m_legend = new QLabel;
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    bl->addWidget(m_legend);
    m_detail = new QTextBrowser;
    m_detail->setOpenLinks(false);
    bl->addWidget(m_detail);
    split->addWidget(below);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    // The thirteen scenarios without a scroll bar; the detail pane takes the rest.
    const int matrixHeight = 13 * (2 * fontMetrics().height() + 8) + 3 * fontMetrics().height();
    split->setSizes({matrixHeight, matrixHeight / 3});
    ml->addWidget(split, 1);
    m_tabs->addTab(matrixPage, QString());

    // The cost: the table and the charts read the same model.
    auto *costPage = new QWidget;
    auto *cl = new QVBoxLayout(costPage);
    m_costSource = new QLabel;
    m_costSource->setWordWrap(true);
    cl->addWidget(m_costSource);
    auto *costSplit = new QSplitter(Qt::Vertical);
    m_costView = new QTableView;
    m_costView->setModel(m_costModel);
    m_costView->setItemDelegate(new CostDelegate(m_costView));
    m_costView->setAlternatingRowColors(true);
    m_costView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_costView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_costView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_costView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 3);
    costSplit->addWidget(m_costView);
    m_charts = new CostCharts(m_costModel);
    costSplit->addWidget(m_charts);
    costSplit->setStretchFactor(0, 0);
    costSplit->setStretchFactor(1, 1);
    // Room for every strategy's row without a scroll bar; the charts take the rest.
    const int tableHeight = (fontMetrics().height() + 3) * 10 + fontMetrics().height() + 24;
    costSplit->setSizes({tableHeight, 4 * tableHeight});
    cl->addWidget(costSplit, 1);
    m_tabs->addTab(costPage, QString());

    // The agreement matrix: what the tab does, its run button, the matrix, the selected cell's
    // story under it.
    auto *agreementPage = new QWidget;
    auto *al = new QVBoxLayout(agreementPage);
    m_agreementHint = new QLabel;
    m_agreementHint->setWordWrap(true);
    al->addWidget(m_agreementHint);
    auto *runRow = new QHBoxLayout;
    m_agreementButton = new QPushButton;
    m_repetitionsLabel = new QLabel;
    m_repetitionsBox = new QSpinBox;
    m_repetitionsBox->setRange(1, 10);
    m_repetitionsBox->setValue(1);
    m_repetitionsLabel->setBuddy(m_repetitionsBox);
    runRow->addWidget(m_agreementButton);
    runRow->addSpacing(12);
    runRow->addWidget(m_repetitionsLabel);
    runRow->addWidget(m_repetitionsBox);
    runRow->addSpacing(24);
    m_agreementSummary = new QLabel;
    runRow->addWidget(m_agreementSummary, 1);
    al->addLayout(runRow);
    auto *agreementSplit = new QSplitter(Qt::Vertical);
    m_agreementView = new QTableView;
    m_agreementView->setModel(m_agreementModel);
    m_agreementDelegate = new MatrixDelegate(this);
    m_agreementView->setItemDelegate(m_agreementDelegate);
    m_agreementView->setShowGrid(false);
    m_agreementView->setMouseTracking(true);
    m_agreementView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_agreementView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_agreementView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_agreementView->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    m_agreementView->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_agreementView->verticalHeader()->setMinimumSectionSize(2 * fontMetrics().height() + 8);
    agreementSplit->addWidget(m_agreementView);
    auto *agreementBelow = new QWidget;
    auto *abl = new QVBoxLayout(agreementBelow);
    abl->setContentsMargins(0, 0, 0, 0);
    m_agreementLegend = new QLabel;
    m_agreementLegend->setWordWrap(true);
    m_agreementLegend->setTextFormat(Qt::RichText);
    abl->addWidget(m_agreementLegend);
    m_agreementDetail = new QTextBrowser;
    m_agreementDetail->setOpenLinks(false);
    abl->addWidget(m_agreementDetail);
    agreementSplit->addWidget(agreementBelow);
    agreementSplit->setStretchFactor(0, 3);
    agreementSplit->setStretchFactor(1, 1);
    agreementSplit->setSizes({matrixHeight - 2 * fontMetrics().height(), matrixHeight / 3});
    al->addWidget(agreementSplit, 1);
    m_tabs->addTab(agreementPage, QString());
    // Before any run the matrix shows the cells the settings would play, each "—".
    {
        const CompareSettings s = m_settings->settings();
        m_agreementModel->reset(s.scenarioIds, s.strategies);
    }
    right->addWidget(m_tabs, 1);
    layout->addLayout(right, 1);

    connect(m_settings, &CompareSettingsWidget::runRequested, this, [this] { runComparison(); });
    connect(m_settings, &CompareSettingsWidget::liveRequested, this, [this] { runLive(); });
    connect(m_settings, &CompareSettingsWidget::problem, this,
            [this](const QString &text) { showMessage(tr("Scenario file"), text); });
    connect(m_cancelButton, &QPushButton::clicked, this, &ComparePage::cancel);
    connect(m_controller, &ComparisonController::cellFinished, this, &ComparePage::onCellFinished);
    connect(m_controller, &ComparisonController::progressChanged, this, &ComparePage::onProgress);
    connect(m_controller, &ComparisonController::finished, this, &ComparePage::onFinished);
    connect(m_controller, &ComparisonController::runFailed, this,
            [this](const QString &error) { showMessage(tr("A run could not be judged"), error); });
    connect(m_live, &LiveComparison::strategyFinished, this, [this] {
        m_costModel->setLiveRows(m_live->rows(), m_live->server());
        m_progress->setValue(m_live->strategiesDone());
        m_status->setText(tr("Measured %1 of %2 strategies on %3")
                              .arg(m_live->strategiesDone())
                              .arg(m_live->strategiesTotal())
                              .arg(m_live->server()));
        m_costSource->setText(m_costModel->sourceText());
    });
    connect(m_live, &LiveComparison::failed, this, [this](const QString &error) {
        showMessage(tr("Cannot measure on the server"), error);
    });
    connect(m_live, &LiveComparison::finished, this, &ComparePage::onLiveFinished);
    connect(m_agreementButton, &QPushButton::clicked, this, [this] { runAgreement(); });
    connect(m_repetitionsBox, &QSpinBox::valueChanged, this, &ComparePage::updateAgreementHint);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == 1)
            updateCostIfStale();
        if (tab != 2 || m_agreementRun->isRunning())
            return;
        updateAgreementHint();
        // Nothing run yet: the empty matrix follows the settings.
        if (m_agreementModel->finishedCells() == 0) {
            const CompareSettings s = m_settings->settings();
            m_agreementModel->reset(s.scenarioIds, s.strategies);
        }
    });
    connect(m_agreementRun, &AgreementRun::cellFinished, m_agreementModel,
            &AgreementModel::setCell);
    connect(m_agreementRun, &AgreementRun::progress, this, &ComparePage::onAgreementProgress);
    connect(m_agreementRun, &AgreementRun::finished, this, &ComparePage::onAgreementFinished);
    connect(m_agreementRun, &AgreementRun::failed, this, &ComparePage::onAgreementFailed);
    connect(m_agreementView, &QTableView::entered, this, &ComparePage::showAgreementDetail);
    connect(m_agreementView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showAgreementDetail(current); });
    connect(m_matrixView, &QTableView::clicked, this, &ComparePage::openCell);
    connect(m_matrixView, &QTableView::activated, this, &ComparePage::openCell);
    connect(m_matrixView, &QTableView::entered, this, &ComparePage::showDetail);
    connect(m_matrixView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showDetail(current); });

    retranslateUi();
    applyTheme();
}

ComparePage::~ComparePage() = default;

bool ComparePage::runComparison(QString *error)
{
    if (m_live->isRunning() || m_agreementRun->isRunning()) {
        const QString why = m_live->isRunning()
                                ? tr("A live measurement is running; cancel it first.")
                                : tr("The matrix is running on real Redis; cancel it first.");
        if (error)
            *error = why;
        showMessage(tr("Cannot start the comparison"), why);
        return false;
    }
    const CompareSettings settings = m_settings->settings();
    QString why;
    // The previous matrix stays on screen when the new one cannot start.
    if (m_controller->isRunning() || !m_controller->start(settings, &why)) {
        if (why.isEmpty())
            why = tr("A comparison is running already.");
        if (error)
            *error = why;
        showMessage(tr("Cannot start the comparison"), why);
        return false;
    }
    m_explanations.clear();
    m_detailIndex = QPersistentModelIndex();
    m_model->reset(settings);
    m_costModel->clear();
    m_costStale = false;
    m_settings->setRunning(true);
    m_cancelButton->setEnabled(true);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_detail->clear();
    m_costSource->setText(m_costModel->sourceText());
    return true;
}

void ComparePage::cancel()
{
    m_controller->cancel();
    m_live->cancel();
    m_agreementRun->cancel();
}

bool ComparePage::runAndWait(int seeds, QString *error)
{
    m_settings->setSeeds(seeds);
    if (!runComparison(error))
        return false;
    m_controller->waitForFinished();
    return true;
}

bool ComparePage::runLive(QString *error)
{
    QString why;
    if (m_controller->isRunning())
        why = tr("A comparison is running; cancel it first.");
    else if (m_agreementRun->isRunning())
        why = tr("The matrix is running on real Redis; cancel it first.");
    else if (!m_live->start(m_settings->liveSettings(), &why))
        ;
    else {
        m_settings->setRunning(true);
        m_cancelButton->setEnabled(true);
        m_progress->setRange(0, m_live->strategiesTotal());
        m_progress->setValue(0);
        m_status->setText(tr("Connecting to %1…").arg(m_live->server()));
        return true;
    }
    if (error)
        *error = why;
    showMessage(tr("Cannot measure on the server"), why);
    return false;
}

bool ComparePage::anyRunning() const
{
    return m_controller->isRunning() || m_live->isRunning() || m_agreementRun->isRunning();
}

bool ComparePage::runAgreement(QString *error)
{
    const CompareSettings settings = m_settings->settings();
    QString why;
    if (m_controller->isRunning())
        why = tr("A comparison is running; cancel it first.");
    else if (m_live->isRunning())
        why = tr("A live measurement is running; cancel it first.");
    else if (m_agreementRun->start(settings, m_repetitionsBox->value(), &why)) {
        // Kept until the run ends well: a failure puts them back.
        m_shownScenarios = m_agreementModel->scenarioIds();
        m_shownStrategies = m_agreementModel->strategies();
        m_shownCells = m_agreementModel->cells();
        m_agreementModel->reset(settings.scenarioIds, settings.strategies);
        m_agreementModel->setRunning(true);
        m_agreementDetail->clear();
        m_agreementSummary->clear();
        m_settings->setRunning(true);
        m_agreementButton->setEnabled(false);
        m_repetitionsBox->setEnabled(false);
        m_cancelButton->setEnabled(true);
        setView(View::Agreement);
        onAgreementProgress(0, m_agreementRun->cellsTotal());
        return true;
    }
    if (why.isEmpty())
        why = tr("The matrix is running on real Redis already.");
    if (error)
        *error = why;
    showMessage(tr("Cannot run on real Redis"), why);
    return false;
}

bool ComparePage::runAgreementAndWait(QString *error)
{
    if (!runAgreement(error))
        return false;
    QString failure;
    const auto c = connect(m_agreementRun, &AgreementRun::failed, this,
                           [&failure](const QString &e) { failure = e; });
    m_agreementRun->waitForFinished();
    disconnect(c);
    if (!failure.isEmpty() && error)
        *error = failure;
    return failure.isEmpty();
}

void ComparePage::setAgreementRepetitions(int repetitions)
{
    m_repetitionsBox->setValue(repetitions);
}

void ComparePage::onAgreementProgress(int done, int total)
{
    m_progress->setRange(0, qMax(1, total));
    m_progress->setValue(done);
    m_progress->setFormat(
        QStringLiteral("%1 / %2").arg(QLocale().toString(done), QLocale().toString(total)));
    QString text = tr("On real Redis: %1 of %2 cells done").arg(done).arg(total);
    if (done > 0 && done < total) {
        const double left = double(m_agreementRun->wallMs()) / 1000.0 / done * (total - done);
        text += QStringLiteral(", ") + tr("about %1 left").arg(durationText(left));
    }
    m_status->setText(text);
}

void ComparePage::onAgreementFinished()
{
    m_agreementModel->setRunning(false);
    m_settings->setRunning(false);
    m_agreementButton->setEnabled(true);
    m_repetitionsBox->setEnabled(true);
    m_cancelButton->setEnabled(false);
    m_shownCells.clear();
    const QString wall = durationText(double(m_agreementRun->wallMs()) / 1000.0);
    // The counts beside the run button (the status bar is too narrow for them).
    const QString counts = tr("%1 agree, %2 disagree, %3 not reproducible live, %4 failed")
                               .arg(m_agreementModel->count(LiveCellStatus::Agree))
                               .arg(m_agreementModel->count(LiveCellStatus::Disagree))
                               .arg(m_agreementModel->count(LiveCellStatus::NotReproducible))
                               .arg(m_agreementModel->count(LiveCellStatus::Error));
    m_agreementSummary->setText(counts);
    if (m_agreementRun->wasCancelled())
        m_status->setText(tr("Cancelled on real Redis after %1: %2 of %3 cells finished.")
                              .arg(wall)
                              .arg(m_agreementModel->finishedCells())
                              .arg(m_agreementModel->totalCells()));
    else
        m_status->setText(tr("Done on real Redis: %1 cells in %2.")
                              .arg(m_agreementModel->finishedCells())
                              .arg(wall));
    // Something to read at once: the first disagreement, else the first cell that ran.
    QModelIndex first;
    for (int r = 0; r < m_agreementModel->rowCount(); ++r) {
        for (int c = 0; c < m_agreementModel->columnCount(); ++c) {
            const LiveMatrixCell *cell = m_agreementModel->cell(r, c);
            if (!cell)
                continue;
            const LiveCellStatus s = liveCellStatus(*cell);
            if (s == LiveCellStatus::Disagree) {
                showAgreementDetail(m_agreementModel->index(r, c));
                return;
            }
            if (!first.isValid() && s == LiveCellStatus::Agree)
                first = m_agreementModel->index(r, c);
        }
    }
    if (first.isValid())
        showAgreementDetail(first);
}

void ComparePage::onAgreementFailed(const QString &error)
{
    // The matrix on screen before this run comes back; the message says why nothing ran.
    m_agreementModel->reset(m_shownScenarios, m_shownStrategies);
    for (const LiveMatrixCell &cell : std::as_const(m_shownCells))
        m_agreementModel->setCell(cell);
    m_shownCells.clear();
    m_agreementModel->setRunning(false);
    m_settings->setRunning(false);
    m_agreementButton->setEnabled(true);
    m_repetitionsBox->setEnabled(true);
    m_cancelButton->setEnabled(false);
    m_status->setText(tr("The matrix could not run on real Redis."));
    showMessage(tr("Cannot run on real Redis"), error);
}

void ComparePage::showAgreementDetail(const QModelIndex &index)
{
    const LiveMatrixCell *cell = m_agreementModel->cell(index);
    if (!cell) {
        if (index.isValid())
            m_agreementDetail->setPlainText(index.data(Qt::ToolTipRole).toString());
        return;
    }
    m_agreementDetail->setHtml(AgreementModel::storyHtml(*cell));
}

QString ComparePage::agreementDetailText() const
{
    return m_agreementDetail->toPlainText();
}

void ComparePage::updateAgreementHint()
{
    const CompareSettings s = m_settings->settings();
    const int reps = m_repetitionsBox->value();
    const double seconds = s.cellCount() * reps * kLiveSecondsPerCellRun;
    m_agreementHint->setText(
        tr("Plays each cell of the matrix on real redis-server processes started on this "
           "machine, with every fault done for real and the times scaled down, and compares "
           "each repetition with the simulation of the same seed. The scenarios and strategies "
           "are the ones chosen on the left. %1 cells × %n repetition(s) take about %2.",
           nullptr, reps)
            .arg(s.cellCount())
            .arg(durationText(seconds)));
}

void ComparePage::onCellFinished(const CellResult &cell)
{
    m_model->setCell(cell);
    m_costStale = true;
    if (!m_costTimer->isActive())
        m_costTimer->start();
}

void ComparePage::updateCost()
{
    m_costStale = false;
    m_costModel->setFromMatrix(*m_model);
    m_costSource->setText(m_costModel->sourceText());
}

void ComparePage::updateCostIfStale()
{
    if (m_costStale)
        updateCost();
}

void ComparePage::onProgress(qint64 done, qint64 total)
{
    m_progress->setValue(total > 0 ? int(done * 1000 / total) : 0);
    m_progress->setFormat(
        QStringLiteral("%1 / %2").arg(QLocale().toString(done), QLocale().toString(total)));
    if (!m_controller->isRunning())
        return;
    const double left = m_controller->secondsLeft();
    QString text = tr("Running: %1 of %2 cells done")
                       .arg(m_controller->cellsDone())
                       .arg(m_controller->settings().cellCount());
    if (left >= 0)
        text += QStringLiteral(", ") + tr("about %1 left").arg(durationText(left));
    m_status->setText(text);
}

void ComparePage::onFinished(bool cancelled)
{
    m_costTimer->stop();
    updateCost();
    m_settings->setRunning(false);
    m_cancelButton->setEnabled(false);
    const int done = m_model->finishedCells();
    const int total = m_model->totalCells();
    if (cancelled)
        m_status->setText(
            tr("Cancelled: %1 of %2 cells finished; they stay usable.").arg(done).arg(total));
    else
        m_status->setText(tr("Done: %1 cells, %2 runs.")
                              .arg(done)
                              .arg(QLocale().toString(m_controller->runsTotal())));
    if (m_detailIndex.isValid()) {
        showDetail(m_detailIndex);
        return;
    }
    // Something to read before the first hover: the first unsafe cell's story.
    for (int r = 0; r < m_model->rowCount(); ++r) {
        for (int c = 0; c < m_model->columnCount(); ++c) {
            const CellResult *cell = m_model->cell(r, c);
            if (cell && cell->verdict() == CellVerdict::Unsafe) {
                showDetail(m_model->index(r, c));
                return;
            }
        }
    }
}

void ComparePage::onLiveFinished(bool cancelled)
{
    m_settings->setRunning(false);
    m_cancelButton->setEnabled(false);
    if (m_live->rows().isEmpty() && cancelled)
        m_status->setText(tr("Live measurement stopped."));
    else
        m_status->setText(tr("Measured %1 of %2 strategies on %3%4")
                              .arg(m_live->strategiesDone())
                              .arg(m_live->strategiesTotal())
                              .arg(m_live->server(), cancelled ? tr(" (stopped)") : QString()));
    setView(View::Cost);
}

bool ComparePage::openCell(const QModelIndex &index)
{
    RunRequest request;
    qint64 atUs = 0;
    if (!m_model->exampleRun(index, &request, &atUs))
        return false;
    emit openRunRequested(request, atUs);
    return true;
}

void ComparePage::showDetail(const QModelIndex &index)
{
    const CellResult *cell = m_model->cell(index);
    if (!cell) {
        if (index.isValid())
            m_detail->setPlainText(index.data(Qt::ToolTipRole).toString());
        return;
    }
    m_detailIndex = index;
    const QString key = QStringLiteral("%1/%2/%3")
                            .arg(cell->row.scenario, cell->row.strategy)
                            .arg(cell->exampleSeed);
    if (!m_explanations.contains(key)) {
        QApplication::setOverrideCursor(Qt::BusyCursor);
        m_explanations.insert(key, CellExplanation::sentences(m_model->settings(), *cell));
        QApplication::restoreOverrideCursor();
    }
    // The verdict line in bold, the counts under it, then the story.
    QStringList lines = ComparisonModel::countsText(*cell).split(QLatin1Char('\n'));
    for (QString &line : lines)
        line = line.toHtmlEscaped();
    const QString verdictLine = lines.takeFirst();
    QString html = QStringLiteral("<p><b>%1</b><br>%2</p>")
                       .arg(verdictLine, lines.join(QStringLiteral(" &middot; ")));
    for (const QString &s : m_explanations.value(key))
        html += QStringLiteral("<p>%1</p>").arg(s.toHtmlEscaped());
    m_detail->setHtml(html);
}

QString ComparePage::statusText() const
{
    return m_status->text();
}

QString ComparePage::detailText() const
{
    return m_detail->toPlainText();
}

bool ComparePage::exportTo(ExportKind kind, const QString &path, QString *error)
{
    updateCostIfStale(); // the cost table and charts as of now, even unseen
    QByteArray bytes;
    switch (kind) {
    case ExportKind::MatrixCsv:
        bytes = CompareExport::matrixCsv(*m_model);
        break;
    case ExportKind::MatrixJson:
        bytes = CompareExport::matrixJson(*m_model);
        break;
    case ExportKind::CostCsv:
        bytes = CompareExport::costCsv(*m_costModel);
        break;
    case ExportKind::CostJson:
        bytes = CompareExport::costJson(*m_costModel);
        break;
    case ExportKind::ChartsPng:
        bytes = CompareExport::chartsPng(m_charts->views());
        break;
    case ExportKind::ChartsSvg:
        if (!CompareExport::hasSvg()) {
            if (error)
                *error = tr("This build has no SVG support (Qt SVG was not found).");
            return false;
        }
        bytes = CompareExport::chartsSvg(m_charts->views());
        break;
    case ExportKind::Html:
        QApplication::setOverrideCursor(Qt::BusyCursor);
        bytes = CompareExport::htmlReport(*m_model, *m_costModel, m_charts->views());
        QApplication::restoreOverrideCursor();
        break;
    }
    return CompareExport::writeFile(path, bytes, error);
}

void ComparePage::exportWithDialog(ExportKind kind)
{
    const ExportFormat &format = exportFormat(kind);
    const QString suffix = QLatin1String(format.suffix);
    const QString path =
        QFileDialog::getSaveFileName(this, tr(format.menuText).remove(QStringLiteral("…")),
                                     QLatin1String(format.fileName) + QLatin1Char('.') + suffix,
                                     tr("%1 files (*.%2)").arg(suffix.toUpper(), suffix));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(kind, path, &error))
        showMessage(tr("Export failed"), error);
}

void ComparePage::setView(View view)
{
    m_tabs->setCurrentIndex(view == View::Matrix ? 0 : view == View::Cost ? 1 : 2);
}

void ComparePage::showMessage(const QString &title, const QString &text)
{
    if (m_messageHandler)
        m_messageHandler(title, text);
    else
        QMessageBox::warning(this, title, text);
}

void ComparePage::applyTheme()
{
    m_theme = Theme::forPalette(palette());
    m_model->setTheme(m_theme);
    m_delegate->setTheme(m_theme);
    m_agreementModel->setTheme(m_theme);
    m_agreementDelegate->setTheme(m_theme);
    m_charts->setTheme(m_theme);
    retranslateUi(); // the legend's swatches
    m_matrixView->viewport()->update();
    m_agreementView->viewport()->update();
}

void ComparePage::retranslateUi()
{
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stops the runs; the finished cells stay (Esc)."));
    m_exportButton->setText(tr("Export"));
    for (qsizetype i = 0; i < m_exportActions.size(); ++i)
        m_exportActions[i]->setText(tr(kExportFormats[i].menuText));
    m_tabs->setTabText(0, tr("Safety matrix"));
    m_tabs->setTabText(1, tr("Cost"));
    m_tabs->setTabText(2, tr("On real Redis"));
    m_agreementButton->setText(tr("Run on real Redis"));
    m_agreementButton->setToolTip(
        tr("Starts local redis-server processes on free loopback ports and stops them "
           "afterwards; Cancel (Esc) stops everything."));
    m_repetitionsLabel->setText(tr("&Repetitions:"));
    m_repetitionsBox->setToolTip(tr("Live runs per cell; repetition k is compared with the "
                                    "simulation of seed k."));
    updateAgreementHint();
    const auto statusSwatch = [this](LiveCellStatus s) {
        const QColor fill = AgreementModel::statusColor(s, m_theme);
        return QStringLiteral("<span style=\"background:%1;color:%2\">&nbsp;%3&nbsp;</span>")
            .arg(fill.name(), Theme::textOn(fill).name(),
                 AgreementModel::statusText(s).toHtmlEscaped());
    };
    m_agreementLegend->setText(
        tr("%1 n/m: n of m live repetitions gave the simulated verdict and the same kinds of "
           "finding &nbsp; %2 n/m: n of m told another story &nbsp; %3 the scenario cannot be "
           "played on real Redis with this strategy &nbsp; %4 a live run could not be done")
            .arg(statusSwatch(LiveCellStatus::Agree), statusSwatch(LiveCellStatus::Disagree),
                 statusSwatch(LiveCellStatus::NotReproducible),
                 statusSwatch(LiveCellStatus::Error)));
    m_agreementModel->retranslate();
    m_matrixHint->setText(tr("Each cell: one strategy under one scenario, over every seed. "
                             "Hover or select a cell for its counts and story; click it (or "
                             "press Enter) to open its run in the workspace at its first "
                             "violation."));
    const auto swatch = [this](CellVerdict v) {
        return QStringLiteral("<span style=\"background:%1;color:%2\">&nbsp;%3&nbsp;</span>")
            .arg(ComparisonModel::verdictColor(v, m_theme).name(),
                 Theme::textOn(ComparisonModel::verdictColor(v, m_theme)).name(),
                 ComparisonModel::verdictText(v).toHtmlEscaped());
    };
    m_legend->setText(
        tr("%1 no violation, mistaken deletion, stuck lock or lost update in any run (a fencing "
           "strategy whose stale writes were all rejected is safe for the resource) &nbsp; %2 "
           "n/m: n of m runs had a violation, a mistaken deletion, a stuck lock or a lost "
           "update &nbsp; %3 safe, but a client starved or an acquire gave up")
            .arg(swatch(CellVerdict::Safe), swatch(CellVerdict::Unsafe),
                 swatch(CellVerdict::LivenessLoss)));
    m_costSource->setText(m_costModel->sourceText());
    m_model->retranslate();
    m_costModel->retranslate();
    if (!anyRunning() && m_model->totalCells() == 0 && m_agreementModel->finishedCells() == 0)
        m_status->setText(tr("Choose what to compare, then Run comparison (Ctrl+Enter)."));
}

void ComparePage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

} // namespace lockscope::ui
