#include "explore_page.h"

#include "break_it_model.h"
#include "common/duration_text.h"
#include "compare/matrix_delegate.h"
#include "counterexample_model.h"
#include "explore_runner.h"
#include "explore_settings.h"
#include "lock/strategy_registry.h"
#include "sim/scenario_writer.h"

#include <QAction>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

namespace lockscope::ui {

ExplorePage::ExplorePage(QWidget *parent)
    : QWidget(parent)
    , m_theme(Theme::forPalette(palette()))
{
    m_runner = new ExploreRunner(this);
    m_breakIt = new BreakItModel(this);
    m_counterexamples = new CounterexampleModel(this);

    auto *layout = new QHBoxLayout(this);
    m_settings = new ExploreSettingsWidget;
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_settings);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // As narrow as the settings can be (their long texts wrap), at most a fixed share.
    scroll->setMinimumWidth(m_settings->minimumSizeHint().width() + 24);
    scroll->setMaximumWidth(qMax(400, m_settings->minimumSizeHint().width() + 24));
    layout->addWidget(scroll);

    auto *right = new QVBoxLayout;
    auto *bar = new QHBoxLayout;
    m_status = new QLabel;
    m_status->setMinimumWidth(260);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QString());
    // Cancel is an action so that Esc works anywhere on the page (and nowhere else).
    m_cancelAction = new QAction(this);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_cancelAction->setEnabled(false);
    addAction(m_cancelAction);
    m_cancelButton = new QToolButton;
    m_cancelButton->setDefaultAction(m_cancelAction);
    m_cancelButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress, 2);
    bar->addWidget(m_cancelButton);
    right->addLayout(bar);

    auto *split = m_split = new QSplitter(Qt::Vertical);
    // The break-it table.
    auto *tablePart = m_tablePart = new QWidget;
    auto *tl = new QVBoxLayout(tablePart);
    tl->setContentsMargins(0, 0, 0, 0);
    m_tableTitle = new QLabel;
    m_tableTitle->setWordWrap(true);
    tl->addWidget(m_tableTitle);
    m_breakItView = new QTableView;
    m_breakItView->setModel(m_breakIt);
    m_delegate = new MatrixDelegate(this);
    m_breakItView->setItemDelegate(m_delegate);
    m_breakItView->setShowGrid(false);
    m_breakItView->setMouseTracking(true);
    m_breakItView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_breakItView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_breakItView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_breakItView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_breakItView->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    m_breakItView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // Two lines a row: "2 faults: pause-long, node-crash" wraps in a narrow column.
    m_breakItView->verticalHeader()->setDefaultSectionSize(2 * fontMetrics().height() + 10);
    tl->addWidget(m_breakItView, 1);
    split->addWidget(tablePart);

    // The chosen row's counterexamples.
    auto *listPart = new QWidget;
    auto *ll = new QVBoxLayout(listPart);
    ll->setContentsMargins(0, 0, 0, 0);
    auto *listBar = new QHBoxLayout;
    m_listTitle = new QLabel;
    m_listTitle->setWordWrap(true);
    m_openButton = new QPushButton;
    m_openButton->setEnabled(false);
    m_saveButton = new QPushButton;
    m_saveButton->setEnabled(false);
    listBar->addWidget(m_listTitle, 1);
    listBar->addWidget(m_saveButton);
    listBar->addWidget(m_openButton);
    ll->addLayout(listBar);
    m_counterexampleView = new QTableView;
    m_counterexampleView->setModel(m_counterexamples);
    m_counterexampleView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_counterexampleView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_counterexampleView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_counterexampleView->setAlternatingRowColors(true);
    m_counterexampleView->setWordWrap(true);
    m_counterexampleView->verticalHeader()->hide();
    QHeaderView *h = m_counterexampleView->horizontalHeader();
    h->setSectionResizeMode(CounterexampleModel::KindColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(CounterexampleModel::FaultsColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(CounterexampleModel::PlacementsColumn, QHeaderView::Stretch);
    h->setSectionResizeMode(CounterexampleModel::AtColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(CounterexampleModel::WitnessColumn, QHeaderView::Stretch);
    h->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    ll->addWidget(m_counterexampleView, 1);
    split->addWidget(listPart);

    // The search's verdict lines and figures.
    m_summary = new QTextBrowser;
    m_summary->setOpenLinks(false);
    split->addWidget(m_summary);
    // The table keeps the height of its rows; a taller window goes to the list and the summary.
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    const int line = fontMetrics().height();
    // Every built-in strategy's row without a scroll bar; the list and the summary the rest.
    const int tableHeight = int(strategyIds().size()) * (2 * line + 10) + 3 * line + 8;
    split->setSizes({tableHeight, 9 * line, 8 * line});
    right->addWidget(split, 1);
    layout->addLayout(right, 1);

    // The table is as tall as its rows (one after Explore, ten after Break Them All); the
    // counterexamples get the rest.
    connect(m_breakIt, &QAbstractItemModel::rowsInserted, this, &ExplorePage::fitTable);
    connect(m_breakIt, &QAbstractItemModel::modelReset, this, &ExplorePage::fitTable);
    connect(m_settings, &ExploreSettingsWidget::exploreRequested, this, [this] { explore(); });
    connect(m_settings, &ExploreSettingsWidget::breakAllRequested, this,
            [this] { breakThemAll(); });
    connect(m_settings, &ExploreSettingsWidget::scriptsFailed, this,
            [this](const QString &error) { showMessage(tr("Cannot Use These Scripts"), error); });
    connect(m_cancelAction, &QAction::triggered, this, &ExplorePage::cancel);
    connect(m_runner, &ExploreRunner::progress, this, &ExplorePage::onProgress);
    connect(m_runner, &ExploreRunner::finished, this, &ExplorePage::onFinished);
    connect(m_breakItView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { selectStrategyRow(current.row()); });
    connect(m_counterexampleView, &QTableView::activated, this,
            [this](const QModelIndex &index) { openCounterexample(index.row()); });
    connect(m_openButton, &QPushButton::clicked, this,
            [this] { openCounterexample(currentCounterexampleRow()); });
    connect(m_saveButton, &QPushButton::clicked, this, &ExplorePage::saveWithDialog);
    const auto updateRowButtons = [this] {
        m_openButton->setEnabled(currentCounterexampleRow() >= 0);
        m_saveButton->setEnabled(currentCounterexampleRow() >= 0);
    };
    connect(m_counterexampleView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            updateRowButtons);
    connect(m_counterexamples, &QAbstractItemModel::modelReset, this, [this, updateRowButtons] {
        m_counterexampleView->resizeRowsToContents();
        updateRowButtons();
    });
    // Wrapped rows follow their columns' widths.
    connect(h, &QHeaderView::sectionResized, this,
            [this] { m_counterexampleView->resizeRowsToContents(); });

    retranslateUi();
    applyTheme();
    fitTable();
}

ExplorePage::~ExplorePage() = default;

void ExplorePage::fitTable()
{
    const int rows = qMax(1, m_breakIt->rowCount());
    const int frame = 2 * m_breakItView->frameWidth();
    const int header = m_breakItView->horizontalHeader()->sizeHint().height();
    const int title = m_tableTitle->sizeHint().height() + 6;
    m_breakItView->setMinimumHeight(header + m_breakItView->verticalHeader()->defaultSectionSize() +
                                    frame);
    const int tableHeight =
        title + header + frame + 4 + rows * m_breakItView->verticalHeader()->defaultSectionSize();
    m_tablePart->setMaximumHeight(tableHeight);
    // The splitter hands what the table no longer takes to the list and the summary, 3 to 2.
    const QList<int> sizes = m_split->sizes();
    int total = 0;
    for (int size : sizes)
        total += size;
    if (total <= tableHeight)
        return; // not laid out yet: the stretch factors share the first layout
    const int rest = total - tableHeight;
    m_split->setSizes({tableHeight, rest * 3 / 5, rest - rest * 3 / 5});
}

// --- texts ------------------------------------------------------------------------------------

void ExplorePage::retranslateUi()
{
    m_cancelAction->setText(tr("Cancel"));
    m_cancelAction->setToolTip(tr("Stop the search; what it found so far stays (Esc)"));
    m_tableTitle->setText(
        tr("Break it: per lock and kind of finding, the smallest fault set that caused it"));
    m_openButton->setText(tr("&Open in Workspace"));
    m_openButton->setToolTip(tr(
        "Play the chosen counterexample in the workspace, at its finding (double-click, Enter)"));
    m_saveButton->setText(tr("&Save as Scenario File…"));
    m_saveButton->setToolTip(tr("Write the chosen counterexample as a scenario file: it replays "
                                "the same in the workspace and with lockscope-cli simulate"));
    m_breakIt->retranslate();
    m_counterexamples->retranslate();
    if (!isRunning() && m_breakIt->rowCount() == 0)
        m_status->setText(tr("Choose a lock and press Explore, or Break Them All"));
    showSummary(m_shownRow);
}

void ExplorePage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

void ExplorePage::applyTheme()
{
    m_theme = Theme::forPalette(palette());
    m_breakIt->setTheme(m_theme);
    m_delegate->setTheme(m_theme);
    showSummary(m_shownRow);
}

// --- searches ---------------------------------------------------------------------------------

bool ExplorePage::explore(QString *error)
{
    Job job;
    job.label = m_settings->strategyLabel();
    job.request = m_settings->request();
    if (m_settings->usesScripts()) {
        job.source.strategyId = QString::fromLatin1(kCustomStrategyId);
        job.source.acquireScript = m_settings->acquireScript();
        job.source.releaseScript = m_settings->releaseScript();
        job.source.scripts = m_settings->scripts();
    } else {
        job.source.strategyId = job.request.strategyId;
    }
    return startJobs({job}, error);
}

bool ExplorePage::breakThemAll(QString *error)
{
    QList<Job> jobs;
    for (const QString &id : strategyIds()) {
        Job job;
        job.label = id;
        job.request = m_settings->requestFor(id);
        job.source.strategyId = id;
        jobs << job;
    }
    return startJobs(jobs, error);
}

bool ExplorePage::startJobs(QList<Job> jobs, QString *error)
{
    QString why;
    if (isRunning())
        why = tr("A search is under way: cancel it first (Esc).");
    // A single search that cannot run says why at once; among many, its row says it.
    else if (jobs.size() == 1 && jobs.first().request.maxFaults > 0 &&
             jobs.first().request.faults.isEmpty())
        why = tr("None of the checked faults applies to %1.").arg(jobs.first().label);
    else if (jobs.size() == 1 && !validateExploreRequest(jobs.first().request, &why) &&
             why.isEmpty())
        why = tr("This search cannot run.");
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        showMessage(tr("Cannot Explore"), why);
        return false;
    }
    m_jobs = std::move(jobs);
    m_jobsTotal = int(m_jobs.size());
    m_cancelled = false;
    setRunning(true);
    startNext();
    return true;
}

void ExplorePage::startNext()
{
    while (!m_jobs.isEmpty()) {
        const Job &job = m_jobs.first();
        m_sources.insert(job.label, job.source);
        const int row = m_breakIt->setPending(job.label);
        m_breakItView->scrollTo(m_breakIt->index(row, 0));
        QString why;
        if (job.request.maxFaults > 0 && job.request.faults.isEmpty())
            why = tr("none of the checked faults applies to this lock");
        else if (!validateExploreRequest(job.request, &why) && why.isEmpty())
            why = tr("this search cannot run");
        if (why.isEmpty()) {
            m_lastProgress = {};
            onProgress(m_lastProgress);
            m_runner->start(job.request);
            return;
        }
        ExploreResult refused;
        refused.strategyId = job.request.strategyId;
        refused.error = why;
        m_breakIt->setResult(job.label, refused);
        m_jobs.removeFirst();
    }
    setRunning(false);
    // After Break Them All, the row shown is the strategy the settings show, and the bar counts
    // every lock's schedules.
    if (m_jobsTotal > 1) {
        selectStrategy(m_settings->strategyLabel());
        quint64 all = 0;
        for (int row = 0; row < m_breakIt->rowCount(); ++row)
            if (const ExploreResult *r = m_breakIt->result(row))
                all += r->schedules;
        const QString n = QLocale().toString(all);
        m_progress->setFormat(tr("%1 / %2 schedules").arg(n, n));
    }
}

void ExplorePage::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_cancelAction->setEnabled(false); // at once: the search itself ends within a moment
    m_runner->cancel();
    m_status->setText(tr("Cancelling…"));
}

bool ExplorePage::isRunning() const
{
    return !m_jobs.isEmpty() || m_runner->isRunning();
}

void ExplorePage::waitForEnd()
{
    while (isRunning())
        m_runner->waitForEnd();
}

void ExplorePage::setRunning(bool running)
{
    m_settings->setRunning(running);
    m_cancelAction->setEnabled(running && !m_cancelled);
    if (running) {
        m_progress->setValue(0);
        return;
    }
    // The end: what the last search did stays in the bar.
    m_status->setText(m_cancelled
                          ? tr("Cancelled: what was found so far is kept")
                          : tr("Done: %n lock(s) explored", nullptr, m_breakIt->rowCount()));
}

void ExplorePage::onProgress(const ExploreProgress &p)
{
    if (m_jobs.isEmpty())
        return;
    m_lastProgress = p;
    const int done = m_jobsTotal - int(m_jobs.size());
    const QString &label = m_jobs.first().label;
    const QString who =
        m_jobsTotal > 1 ? tr("%1 (%2 of %3)").arg(label).arg(done + 1).arg(m_jobsTotal) : label;
    const QLocale locale;
    // The total grows as each level opens: the bar and the time left are for what is known.
    const quint64 total = qMax(p.total, p.schedules);
    m_progress->setValue(total ? int(1000.0 * double(p.schedules) / double(total)) : 0);
    m_progress->setFormat(
        tr("%1 / %2 schedules").arg(locale.toString(p.schedules), locale.toString(total)));
    QStringList parts{who};
    parts << tr("%n fault(s) per schedule", nullptr, p.level);
    const double rate = p.elapsedSeconds > 0 ? double(p.schedules) / p.elapsedSeconds : 0;
    if (rate > 0) {
        parts << tr("%1 a second").arg(locale.toString(qRound64(rate)));
        if (total > p.schedules)
            parts << tr("about %1 left").arg(durationText(double(total - p.schedules) / rate));
    }
    if (p.found > 0)
        parts << tr("%n kind(s) found", nullptr, p.found);
    if (!m_cancelled)
        m_status->setText(parts.join(QStringLiteral(" · ")));
}

void ExplorePage::onFinished(const ExploreResult &result)
{
    if (m_jobs.isEmpty())
        return;
    const Job job = m_jobs.takeFirst();
    if (!result.cancelled && result.error.isEmpty()) { // the bar ends full: every schedule run
        m_progress->setValue(1000);
        m_progress->setFormat(
            tr("%1 / %2 schedules")
                .arg(QLocale().toString(result.schedules), QLocale().toString(result.schedules)));
    }
    const int row = m_breakIt->setResult(job.label, result);
    m_breakItView->selectRow(row);
    selectStrategyRow(row);
    if (!result.ok && !result.cancelled && !result.error.isEmpty() && m_jobsTotal == 1)
        showMessage(tr("Cannot Explore"), result.error);
    if (m_cancelled) {
        m_jobs.clear(); // the ones not started yet
        setRunning(false);
        return;
    }
    startNext();
}

// --- the chosen row ---------------------------------------------------------------------------

void ExplorePage::selectStrategyRow(int row)
{
    m_shownRow = row;
    const ExploreResult *result = m_breakIt->result(row);
    if (result)
        m_counterexamples->setResult(*result);
    else
        m_counterexamples->clear();
    if (m_counterexamples->rowCount() > 0)
        m_counterexampleView->selectRow(0);
    showSummary(row);
}

bool ExplorePage::selectStrategy(const QString &label)
{
    const int row = m_breakIt->rowOf(label);
    if (row < 0)
        return false;
    m_breakItView->selectRow(row);
    selectStrategyRow(row);
    return true;
}

void ExplorePage::showSummary(int row)
{
    const ExploreResult *r = m_breakIt->result(row);
    const QString label = m_breakIt->strategy(row);
    if (label.isEmpty()) {
        m_listTitle->setText(tr("Counterexamples: choose a row of the table"));
        m_summary->clear();
        return;
    }
    m_listTitle->setText(tr("Counterexamples of %1, the smallest first").arg(label));
    if (!r) {
        m_summary->setHtml(QStringLiteral("<p>%1</p>").arg(tr("Being explored…").toHtmlEscaped()));
        return;
    }
    const QLocale locale;
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(label.toHtmlEscaped());
    if (!r->error.isEmpty()) {
        html += QStringLiteral("<p style='color:%1'>%2</p>")
                    .arg(m_theme.problem.name(), r->error.toHtmlEscaped());
        m_summary->setHtml(html);
        return;
    }
    html += QStringLiteral("<ul style='margin-top:0'>");
    for (Finding::Kind kind : kExploreFindingKinds) {
        const bool found = r->smallest(kind) != nullptr;
        html += QStringLiteral("<li style='color:%1'>%2</li>")
                    .arg(found ? m_theme.problem.name() : m_theme.text.name(),
                         r->verdictLine(kind).toHtmlEscaped());
    }
    html += QStringLiteral("</ul><p>");
    QStringList facts;
    facts << tr("%1 schedules explored, %2 pruned (the same state as one explored).")
                 .arg(locale.toString(r->schedules), locale.toString(r->pruned));
    if (r->cancelled)
        facts << (r->completedLevel >= 0
                      ? tr("Cancelled: every schedule with up to %n fault(s) was run, of %1 asked "
                           "for.",
                           nullptr, r->completedLevel)
                            .arg(r->maxFaults)
                      : tr("Cancelled before the first level was done."));
    QString time = tr("Wall time %1 s").arg(locale.toString(r->wallSeconds, 'f', 1));
    if (r->firstCounterexampleSeconds >= 0)
        time += tr("; the first counterexample after %1 s")
                    .arg(locale.toString(r->firstCounterexampleSeconds, 'f', 3));
    facts << time + QLatin1Char('.');
    for (QString &fact : facts)
        fact = fact.toHtmlEscaped();
    html += facts.join(QStringLiteral("<br>"));
    html += QStringLiteral("</p>");
    if (r->scriptErrors > 0)
        html += QStringLiteral("<p style='color:%1'>%2</p>")
                    .arg(m_theme.problem.name(),
                         tr("Your scripts failed in %n schedule(s); the first: %1", nullptr,
                            int(qMin<quint64>(r->scriptErrors, INT_MAX)))
                             .arg(r->firstScriptError)
                             .toHtmlEscaped());
    m_summary->setHtml(html);
}

int ExplorePage::currentCounterexampleRow() const
{
    const QModelIndex current = m_counterexampleView->selectionModel()->currentIndex();
    return current.isValid() && m_counterexamples->counterexample(current.row()) ? current.row()
                                                                                 : -1;
}

bool ExplorePage::openCounterexample(int row)
{
    const Counterexample *c = m_counterexamples->counterexample(row);
    const QString label = m_breakIt->strategy(m_shownRow);
    if (!c || label.isEmpty() || !m_sources.contains(label))
        return false;
    const Source source = m_sources.value(label);
    RunRequest r;
    // The counterexample's scenario as it was found: the workspace's picker lists it as a
    // scenario of its own, named after the lock and the finding (it is no file on disk).
    r.scenarioFile = QStringLiteral("explore: %1 · %2").arg(label, findingKindLabel(c->kind));
    r.fileScenario = std::make_shared<const Scenario>(c->scenario);
    r.scenarioId = c->scenario.id;
    r.strategyId = source.strategyId;
    if (r.isCustom()) {
        r.acquireScript = source.acquireScript;
        r.releaseScript = source.releaseScript;
        r.customStrategy = source.scripts;
    }
    emit openRunRequested(r, c->findingUs);
    return true;
}

bool ExplorePage::saveCounterexample(int row, const QString &path, QString *error)
{
    const Counterexample *c = m_counterexamples->counterexample(row);
    if (!c)
        return false;
    QString why;
    if (!writeScenarioFile(path, c->scenario, &why)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    }
    return true;
}

void ExplorePage::saveWithDialog()
{
    const int row = currentCounterexampleRow();
    const Counterexample *c = m_counterexamples->counterexample(row);
    if (!c)
        return;
    // "set-nx-px-get-del-mistaken_deletion.json": the lock and the finding.
    QString name =
        QStringLiteral("%1-%2.json")
            .arg(m_breakIt->strategy(m_shownRow), QString::fromLatin1(findingKindId(c->kind)));
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]+")), QStringLiteral("-"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save as Scenario File"), name,
                                                      tr("Scenario files (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveCounterexample(row, path, &error))
        showMessage(tr("Cannot Save the Scenario"), error);
}

// --- texts for tests and the command line -----------------------------------------------------

QString ExplorePage::statusText() const
{
    return m_status->text();
}

QString ExplorePage::summaryText() const
{
    return m_summary->toPlainText();
}

void ExplorePage::showMessage(const QString &title, const QString &text)
{
    if (m_messageHandler)
        m_messageHandler(title, text);
    else
        QMessageBox::warning(this, title, text);
}

} // namespace lockscope::ui
