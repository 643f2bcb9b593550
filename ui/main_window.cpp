#include "main_window.h"

#include "workspace/command_log_model.h"
#include "workspace/command_text_delegate.h"
#include "compare/compare_page.h"
#include "workspace/findings_model.h"
#include "common/key_table_model.h"
#include "common/language.h"
#include "lock/strategy_registry.h"
#include "monitor/monitor_page.h"
#include "workspace/playback.h"
#include "workspace/scenario_texts.h"
#include "sim/comparison.h"
#include "sim/explain.h"
#include "sim/run_limits.h"
#include "workspace/strategy_source_view.h"
#include "timeline/timeline_widget.h"
#include "common/ttl_delegate.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QBoxLayout>
#include <QBuffer>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QWidgetAction>

#ifdef LOCKSCOPE_HAVE_SVG
#include <QSvgGenerator>
#endif

#include <QFileInfo>

#include <algorithm>
#include <climits>

namespace lockscope::ui {

namespace {

// The scenario picker: a built-in scenario's item holds its id (Qt::UserRole); a scenario file's
// item holds its absolute path in this role instead.
constexpr int ScenarioFileRole = Qt::UserRole + 1;
// How many scenario files the picker and the settings remember.
constexpr int kRecentScenarioFiles = 10;

QString recentFilesKey()
{
    return QStringLiteral("scenarios/recentFiles");
}

QString speedText(double speed)
{
    if (speed < 1)
        return MainWindow::tr("1/%1×").arg(qRound(1.0 / speed));
    return MainWindow::tr("%1×").arg(speed);
}

QString cssColor(const QColor &c)
{
    return QStringLiteral("rgba(%1,%2,%3,%4)")
        .arg(c.red())
        .arg(c.green())
        .arg(c.blue())
        .arg(c.alphaF(), 0, 'f', 2);
}

enum class Glyph { Start, Previous, Play, Pause, Next };

// Playback icons painted in the palette's text colour, so that they read in both palettes.
QIcon glyphIcon(Glyph glyph, const QColor &color)
{
    const int n = 44; // drawn large, scaled down crisply
    QPixmap pm(n, n);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    auto triangle = [&](double x0, double x1) { // pointing from x0 to x1
        QPolygonF t;
        t << QPointF(x0, 8) << QPointF(x1, n / 2.0) << QPointF(x0, n - 8);
        p.drawPolygon(t);
    };
    switch (glyph) {
    case Glyph::Start:
        p.drawRect(QRectF(8, 8, 5, n - 16));
        triangle(n - 8, 14);
        break;
    case Glyph::Previous:
        triangle(n / 2.0, 4);
        triangle(n - 4, n / 2.0);
        break;
    case Glyph::Play:
        triangle(11, n - 7);
        break;
    case Glyph::Pause:
        p.drawRect(QRectF(10, 8, 9, n - 16));
        p.drawRect(QRectF(n - 19, 8, 9, n - 16));
        break;
    case Glyph::Next:
        triangle(4, n / 2.0);
        triangle(n / 2.0, n - 4);
        break;
    }
    return QIcon(pm);
}

QString workspaceHint()
{
    return MainWindow::tr("Space: play/pause · , and . : previous/next event · W/S: zoom · A/D: "
                          "pan · F: fit · right-click a lane to inject a fault");
}

// A field with its label in front; the label's text is set by retranslateUi().
QWidget *labelled(QLabel **labelOut, QWidget *field)
{
    auto *w = new QWidget;
    auto *l = new QHBoxLayout(w);
    l->setContentsMargins(6, 0, 6, 0);
    l->setSpacing(6);
    auto *label = new QLabel;
    *labelOut = label;
    label->setBuddy(field);
    l->addWidget(label);
    l->addWidget(field);
    return w;
}

} // namespace

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent)
    , m_options(options)
{
    setObjectName(QStringLiteral("LockScopeMainWindow"));
    // The language is the application's; a window asked for another one switches it.
    if (availableLanguages().contains(m_options.language) &&
        m_options.language != currentLanguage())
        setLanguage(m_options.language);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    m_theme = Theme::forPalette(palette());

    m_playback = new Playback(this);
    m_keyModel = new KeyTableModel(this);
    m_commandModel = new CommandLogModel(this);
    m_commandProxy = new CommandFilterProxy(this);
    m_commandProxy->setSourceModel(m_commandModel);
    m_findingsModel = new FindingsModel(this);

    buildActions();
    buildPageBar();
    buildToolBar();
    buildCentral();
    buildDocks();
    buildMenus();
    retranslateUi();
    applyTheme();

    connect(m_playback, &Playback::timeChanged, this, &MainWindow::onTimeChanged);
    connect(m_playback, &Playback::playingChanged, this, [this](bool playing) {
        m_playButton->setProperty("glyph", int(playing ? Glyph::Pause : Glyph::Play));
        m_playButton->setIcon(glyphIcon(playing ? Glyph::Pause : Glyph::Play, m_theme.text));
        updatePlayTexts();
    });
    connect(m_playback, &Playback::speedChanged, this, [this](double speed) {
        const int i = m_speedBox->findData(speed);
        if (i >= 0)
            m_speedBox->setCurrentIndex(i);
    });

    // A sensible first layout; settings may replace it.
    resize(1500, 940);
    resizeDocks({m_explainDock}, {360}, Qt::Horizontal);
    resizeDocks({m_keysDock, m_detailsDock}, {280, 280}, Qt::Vertical);
    resizeDocks({m_keysDock, m_detailsDock}, {560, 600}, Qt::Horizontal);
    resizeDocks({m_explainDock, m_findingsDock}, {520, 300}, Qt::Vertical);

    if (m_options.persistSettings)
        loadSettings();
    onScenarioChosen();
    onStrategyChosen();
    statusBar()->showMessage(workspaceHint());
    if (!m_recentFileErrors.isEmpty())
        statusBar()->showMessage(tr("%n recent scenario file(s) could not be read: %1", nullptr,
                                    int(m_recentFileErrors.size()))
                                     .arg(m_recentFileErrors.first()));
}

MainWindow::~MainWindow() = default;

// --- texts ------------------------------------------------------------------------------------

// Every text of the workspace, in the current language: called by the constructor and again on
// QEvent::LanguageChange (View > Language). The texts that depend on the run are made again by
// their update functions; the models re-read theirs.
void MainWindow::retranslateUi()
{
    m_options.language = currentLanguage(); // the scenario texts follow too
    updateWindowTitle();

    m_openScenarioAction->setText(tr("&Open Scenario File…"));
    m_openScenarioAction->setToolTip(tr("Open a scenario from a JSON file (Ctrl+O)"));
    m_runAction->setText(tr("&Run"));
    m_runAction->setToolTip(tr("Run the simulation (Ctrl+R)"));
    m_nextAction->setText(tr("&Next Event"));
    m_prevAction->setText(tr("Pre&vious Event"));
    m_nextCommandAction->setText(tr("Next Event, Commands &Included"));
    m_prevCommandAction->setText(tr("Previous Event, Commands Included"));
    m_startAction->setText(tr("Go to &Start"));
    m_endAction->setText(tr("Go to &End"));
    m_fasterAction->setText(tr("&Faster"));
    m_slowerAction->setText(tr("&Slower"));
    m_darkAction->setText(tr("&Dark Palette"));
    m_futureAction->setText(tr("Show What Happens &Next"));
    m_futureAction->setToolTip(tr(
        "Show the rest of the run, dimmed, on the timeline; off hides it (let the class guess)"));
    m_clearFaultsAction->setText(tr("&Clear Injected Faults"));
    m_exportPngAction->setText(tr("Export Timeline as &PNG…"));
    m_exportSvgAction->setText(tr("Export Timeline as &SVG…"));
#ifndef LOCKSCOPE_HAVE_SVG
    m_exportSvgAction->setToolTip(tr("This build has no SVG support (Qt SVG was not found)"));
#endif
    m_exportLogAction->setText(tr("Export &Event Log (JSON Lines)…"));
    updatePlayTexts();

    // Pages.
    m_pageToolBar->setWindowTitle(tr("Pages"));
    const QString pageTexts[][2] = {
        {tr("&Workspace"), tr("Simulate one scenario and play it back (Ctrl+1)")},
        {tr("&Compare"), tr("Every strategy under the same workload and faults (Ctrl+2)")},
        {tr("&Monitor"), tr("Watch the lock keys of a real Redis, read-only (Ctrl+3)")},
    };
    for (int i = 0; i < int(m_pageActions.size()); ++i) {
        m_pageActions[i]->setText(pageTexts[i][0]);
        m_pageActions[i]->setToolTip(pageTexts[i][1]);
    }

    // The run toolbar.
    m_runToolBar->setWindowTitle(tr("Run"));
    m_scenarioLabel->setText(tr("&Scenario"));
    m_strategyLabel->setText(tr("S&trategy"));
    m_seedLabel->setText(tr("Seed"));
    m_clientsLabel->setText(tr("Clients"));
    m_ttlLabel->setText(tr("TTL"));
    m_waitLabel->setText(tr("Wait"));
    m_seedBox->setToolTip(tr("The same scenario, strategy and seed always give the same run"));
    m_ttlBox->setSuffix(tr(" ms"));
    m_waitBox->setItemText(0, tr("scenario's"));
    m_waitBox->setItemText(1, tr("spin"));
    m_waitBox->setItemText(2, tr("backoff"));
    m_waitBox->setItemText(3, tr("pub/sub"));
    m_waitBox->setToolTip(tr("How a client waits for a busy lock"));
    for (int i = 0; i < m_scenarioBox->count(); ++i) {
        const QString id = m_scenarioBox->itemData(i).toString();
        Scenario s;
        if (!m_scenarioBox->itemData(i, ScenarioFileRole).isValid() && loadBuiltinScenario(id, &s))
            m_scenarioBox->setItemData(i, scenarioSummary(s), Qt::ToolTipRole);
    }
    for (int i = 0; i < m_strategyBox->count(); ++i) {
        if (auto st = createStrategy(m_strategyBox->itemData(i).toString()))
            m_strategyBox->setItemData(i, strategyText(st->info().summary), Qt::ToolTipRole);
    }
    m_clearFaultsButton->setText(tr("Clear"));
    updateFaultsLabel();

    // Playback.
    m_startButton->setToolTip(tr("Go to the start (Home)"));
    m_prevButton->setToolTip(tr("Previous event (,)"));
    m_nextButton->setToolTip(tr("Next event (.)"));
    for (int i = 0; i < m_speedBox->count(); ++i)
        m_speedBox->setItemText(i, speedText(m_speedBox->itemData(i).toDouble()));
    m_speedBox->setToolTip(tr("Playback speed, in simulated time ([ and ] change it)"));
    m_slider->setToolTip(tr("Drag to any instant of the run"));

    // Docks.
    m_explainDock->setWindowTitle(tr("Scenario and Strategy"));
    m_findingsDock->setWindowTitle(tr("What the Checker Found"));
    m_findingsView->setToolTip(tr("Click a finding to jump there"));
    m_keysDock->setWindowTitle(tr("Lock Keys in Redis"));
    m_detailsDock->setWindowTitle(tr("Commands and Source"));
    m_followBox->setText(tr("Follow playback"));
    m_showAllBox->setText(tr("Whole run"));
    m_showAllBox->setToolTip(tr("Show every command of the run, not only those sent so far"));
    m_commandClientLabel->setText(tr("Client"));
    m_commandKeyLabel->setText(tr("Key"));
    if (m_commandClientBox->count() > 0)
        m_commandClientBox->setItemText(0, tr("all"));
    if (m_commandKeyBox->count() > 0)
        m_commandKeyBox->setItemText(0, tr("all"));
    m_detailsTabs->setTabText(0, tr("Commands"));
    m_detailsTabs->setTabText(1, tr("Strategy Source"));

    // Menus.
    m_fileMenu->setTitle(tr("&File"));
    m_quitAction->setText(tr("&Quit"));
    m_runMenu->setTitle(tr("&Run"));
    m_playMenu->setTitle(tr("&Playback"));
    m_viewMenu->setTitle(tr("&View"));
    m_largerAction->setText(tr("&Larger Text"));
    m_smallerAction->setText(tr("S&maller Text"));
    m_languageMenu->setTitle(tr("&Language"));
    for (QAction *a : m_languageMenu->actions())
        a->setChecked(a->data().toString() == currentLanguage());
    m_helpMenu->setTitle(tr("&Help"));
    m_keysAction->setText(tr("&Keys and Mouse"));
    m_aboutAction->setText(tr("&About LockScope"));

    // What depends on the run and the instant.
    m_keyModel->retranslate();
    m_commandModel->retranslate();
    m_findingsModel->retranslate();
    if (m_sourceView && m_strategyBox->count() > 0)
        m_sourceView->setSource(
            StrategySource::forStrategy(m_strategyBox->currentData().toString()));
    updateExplanation();
    updateVerdict();
    const qint64 t = m_playback->time();
    updateSourceHighlight(t);
    if (m_run) {
        m_lastCaptionEvent = -2;
        updateCaption(t);
        updateTimeLabel(t);
    }
    statusBar()->showMessage(workspaceHint());
}

void MainWindow::updatePlayTexts()
{
    const bool playing = m_playback->isPlaying();
    m_playAction->setText(playing ? tr("&Pause") : tr("&Play"));
    m_playButton->setToolTip(playing ? tr("Pause (Space)") : tr("Play (Space)"));
}

// --- building ---------------------------------------------------------------------------------

void MainWindow::buildActions()
{
    m_openScenarioAction =
        new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), QString(), this);
    m_openScenarioAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    connect(m_openScenarioAction, &QAction::triggered, this,
            &MainWindow::openScenarioFileWithDialog);

    m_runAction = new QAction(style()->standardIcon(QStyle::SP_BrowserReload), QString(), this);
    m_runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    connect(m_runAction, &QAction::triggered, this, [this] {
        QString error;
        if (!runNow(&error))
            showWarning(tr("Cannot run"), error);
    });

    m_playAction = new QAction(this);
    m_playAction->setShortcut(Qt::Key_Space);
    connect(m_playAction, &QAction::triggered, this, [this] { m_playback->togglePlay(); });
    m_nextAction = new QAction(this);
    m_nextAction->setShortcut(Qt::Key_Period);
    connect(m_nextAction, &QAction::triggered, this, &MainWindow::stepForward);
    m_prevAction = new QAction(this);
    m_prevAction->setShortcut(Qt::Key_Comma);
    connect(m_prevAction, &QAction::triggered, this, &MainWindow::stepBackward);
    m_nextCommandAction = new QAction(this);
    m_nextCommandAction->setShortcut(Qt::Key_Greater);
    connect(m_nextCommandAction, &QAction::triggered, this, [this] {
        if (!m_run)
            return;
        const qint64 e = atSelectedEvent()
                             ? (std::size_t(m_selectedEvent) + 1 < m_run->log().events().size()
                                    ? m_selectedEvent + 1
                                    : -1)
                             : m_run->nextEvent(m_playback->time());
        if (e >= 0) {
            m_playback->pause();
            seek(m_run->event(quint32(e)).timeUs);
            selectEvent(e);
        }
    });
    m_prevCommandAction = new QAction(this);
    m_prevCommandAction->setShortcut(Qt::Key_Less);
    connect(m_prevCommandAction, &QAction::triggered, this, [this] {
        if (!m_run)
            return;
        const qint64 e =
            atSelectedEvent() ? m_selectedEvent - 1 : m_run->previousEvent(m_playback->time());
        if (e >= 0) {
            m_playback->pause();
            seek(m_run->event(quint32(e)).timeUs);
            selectEvent(e);
        }
    });
    m_startAction = new QAction(this);
    m_startAction->setShortcut(Qt::Key_Home);
    connect(m_startAction, &QAction::triggered, this, [this] { seek(0); });
    m_endAction = new QAction(this);
    m_endAction->setShortcut(Qt::Key_End);
    connect(m_endAction, &QAction::triggered, this, [this] { seek(m_playback->end()); });
    m_fasterAction = new QAction(this);
    m_fasterAction->setShortcut(Qt::Key_BracketRight);
    connect(m_fasterAction, &QAction::triggered, m_playback, &Playback::faster);
    m_slowerAction = new QAction(this);
    m_slowerAction->setShortcut(Qt::Key_BracketLeft);
    connect(m_slowerAction, &QAction::triggered, m_playback, &Playback::slower);

    m_darkAction = new QAction(this);
    m_darkAction->setCheckable(true);
    m_darkAction->setChecked(isDarkPalette(QApplication::palette()));
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDarkPalette);
    m_futureAction = new QAction(this);
    m_futureAction->setCheckable(true);
    m_futureAction->setChecked(true);

    m_clearFaultsAction = new QAction(this);
    connect(m_clearFaultsAction, &QAction::triggered, this, &MainWindow::clearInjectedFaults);

    m_exportPngAction = new QAction(this);
    connect(m_exportPngAction, &QAction::triggered, this, [this] { exportWithDialog(0); });
    m_exportSvgAction = new QAction(this);
    connect(m_exportSvgAction, &QAction::triggered, this, [this] { exportWithDialog(1); });
#ifndef LOCKSCOPE_HAVE_SVG
    m_exportSvgAction->setEnabled(false);
#endif
    m_exportLogAction = new QAction(this);
    connect(m_exportLogAction, &QAction::triggered, this, [this] { exportWithDialog(2); });

    addActions({m_openScenarioAction, m_runAction, m_playAction, m_nextAction, m_prevAction,
                m_nextCommandAction, m_prevCommandAction, m_startAction, m_endAction,
                m_fasterAction, m_slowerAction});
}

void MainWindow::buildPageBar()
{
    auto *bar = addToolBar(QString());
    m_pageToolBar = bar;
    bar->setObjectName(QStringLiteral("PageToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *group = new QActionGroup(this);
    for (int i = 0; i < 3; ++i) {
        auto *a = new QAction(this);
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        group->addAction(a);
        bar->addAction(a);
        addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { setPage(Page(i)); });
        m_pageActions.append(a);
    }
    m_pageActions.first()->setChecked(true);
    addToolBarBreak();
}

void MainWindow::buildToolBar()
{
    auto *bar = addToolBar(QString());
    m_runToolBar = bar;
    bar->setObjectName(QStringLiteral("RunToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    m_scenarioBox = new QComboBox;
    m_scenarioBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const QString &id : builtinScenarioIds()) {
        Scenario s;
        if (loadBuiltinScenario(id, &s))
            m_scenarioBox->addItem(id, id);
        m_scenarioBox->setItemData(m_scenarioBox->count() - 1, scenarioSummary(s), Qt::ToolTipRole);
    }
    m_strategyBox = new QComboBox;
    m_strategyBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const QString &id : strategyIds()) {
        m_strategyBox->addItem(id, id);
        if (auto s = createStrategy(id))
            m_strategyBox->setItemData(m_strategyBox->count() - 1, strategyText(s->info().summary),
                                       Qt::ToolTipRole);
    }
    m_strategyBox->setCurrentIndex(
        qMax(0, m_strategyBox->findData(QStringLiteral("set-nx-px-lua"))));
    m_scenarioBox->setCurrentIndex(
        qMax(0, m_scenarioBox->findData(QStringLiteral("pause-after-acquire"))));

    m_seedBox = new QSpinBox;
    m_seedBox->setRange(0, 999999);
    m_seedBox->setValue(1);
    m_clientsBox = new QSpinBox;
    m_clientsBox->setRange(1, limits::kMaxClients);
    m_ttlBox = new QSpinBox;
    m_ttlBox->setRange(1, 3600000);
    m_ttlBox->setSingleStep(1000);
    m_waitBox = new QComboBox;
    for (const char *mode : {"", "spin", "backoff", "pubsub"})
        m_waitBox->addItem(QString(), QString::fromLatin1(mode)); // texts: retranslateUi()

    bar->addWidget(labelled(&m_scenarioLabel, m_scenarioBox));
    bar->addWidget(labelled(&m_strategyLabel, m_strategyBox));
    bar->addSeparator();
    bar->addWidget(labelled(&m_seedLabel, m_seedBox));
    bar->addWidget(labelled(&m_clientsLabel, m_clientsBox));
    bar->addWidget(labelled(&m_ttlLabel, m_ttlBox));
    bar->addWidget(labelled(&m_waitLabel, m_waitBox));
    bar->addSeparator();
    bar->addAction(m_runAction);
    if (auto *b = qobject_cast<QToolButton *>(bar->widgetForAction(m_runAction))) {
        QFont f = b->font();
        f.setBold(true);
        b->setFont(f);
    }
    m_faultsLabel = new QLabel;
    m_faultsLabel->setContentsMargins(10, 0, 4, 0);
    bar->addWidget(m_faultsLabel);
    m_clearFaultsButton = new QToolButton;
    m_clearFaultsButton->setDefaultAction(m_clearFaultsAction);
    m_clearFaultsWidget = bar->addWidget(m_clearFaultsButton);
    updateFaultsLabel();

    connect(m_scenarioBox, &QComboBox::currentIndexChanged, this, [this] {
        onScenarioChosen();
        runNow();
    });
    connect(m_strategyBox, &QComboBox::currentIndexChanged, this, [this] {
        onStrategyChosen();
        runNow();
    });
}

void MainWindow::buildCentral()
{
    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_caption = new QLabel;
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setMinimumHeight(QFontMetrics(scaledFont(font(), 1.25, true)).height() * 2 + 20);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_caption->setObjectName(QStringLiteral("CaptionBar"));
    layout->addWidget(m_caption);

    m_timeline = new TimelineWidget;
    layout->addWidget(m_timeline, 1);

    auto *controls = new QWidget;
    controls->setObjectName(QStringLiteral("PlaybackBar"));
    auto *cl = new QHBoxLayout(controls);
    cl->setContentsMargins(8, 6, 8, 6);
    cl->setSpacing(6);
    auto makeButton = [&](Glyph glyph, QAction *action) {
        auto *b = new QToolButton;
        b->setProperty("glyph", int(glyph));
        m_glyphButtons.append(b);
        b->setAutoRaise(true);
        b->setIconSize(QSize(22, 22));
        connect(b, &QToolButton::clicked, action, &QAction::trigger);
        cl->addWidget(b);
        return b;
    };
    m_startButton = makeButton(Glyph::Start, m_startAction);
    m_prevButton = makeButton(Glyph::Previous, m_prevAction);
    m_playButton = makeButton(Glyph::Play, m_playAction);
    m_nextButton = makeButton(Glyph::Next, m_nextAction);
    m_speedBox = new QComboBox;
    for (double s : Playback::speeds())
        m_speedBox->addItem(QString(), s); // texts: retranslateUi()
    m_speedBox->setCurrentIndex(m_speedBox->findData(1.0));
    connect(m_speedBox, &QComboBox::currentIndexChanged, this,
            [this] { m_playback->setSpeed(m_speedBox->currentData().toDouble()); });
    cl->addWidget(m_speedBox);
    m_slider = new QSlider(Qt::Horizontal);
    connect(m_slider, &QSlider::valueChanged, this,
            [this](int ms) { m_playback->seek(qint64(ms) * 1000); });
    cl->addWidget(m_slider, 1);
    m_timeLabel = new QLabel;
    m_timeLabel->setFont(QFont(QStringLiteral("DejaVu Sans Mono"), font().pointSize()));
    m_timeLabel->setMinimumWidth(QFontMetrics(m_timeLabel->font())
                                     .horizontalAdvance(QStringLiteral("0000.000 s / 0000.000 s")) +
                                 8);
    cl->addWidget(m_timeLabel);
    layout->addWidget(controls);

    m_pages = new QStackedWidget;
    m_pages->addWidget(central);
    // The pages scroll rather than hold the window at their minimum size: the window may be
    // smaller than the comparison's matrix and settings side by side.
    auto scrolled = [](QWidget *page) {
        auto *area = new QScrollArea;
        area->setWidget(page);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        return area;
    };
    m_comparePage = new ComparePage;
    m_pages->addWidget(scrolled(m_comparePage));
    m_monitorPage = new MonitorPage;
    m_pages->addWidget(scrolled(m_monitorPage));
    setCentralWidget(m_pages);
    connect(m_comparePage, &ComparePage::openRunRequested, this,
            [this](const RunRequest &request, qint64 atUs) {
                QString error;
                if (!openRun(request, atUs, &error))
                    showWarning(tr("Cannot open the run"), error);
            });

    connect(m_timeline, &TimelineWidget::seekRequested, this, [this](qint64 t) {
        m_playback->pause();
        seek(t);
    });
    connect(m_timeline, &TimelineWidget::eventSelected, this, &MainWindow::selectEvent);
    connect(m_timeline, &TimelineWidget::clientMenuRequested, this, &MainWindow::showClientMenu);
    connect(m_timeline, &TimelineWidget::nodeMenuRequested, this, &MainWindow::showNodeMenu);
    connect(m_futureAction, &QAction::toggled, m_timeline, &TimelineWidget::setShowFuture);
}

void MainWindow::buildDocks()
{
    // Scenario and strategy, explained.
    m_explainDock = new QDockWidget(this);
    m_explainDock->setObjectName(QStringLiteral("ExplainDock"));
    m_explanation = new QTextBrowser;
    m_explanation->setObjectName(QStringLiteral("Explanation"));
    m_explanation->setOpenLinks(false);
    m_explanation->setFrameShape(QFrame::NoFrame);
    m_explainDock->setWidget(m_explanation);
    addDockWidget(Qt::LeftDockWidgetArea, m_explainDock);

    // Findings.
    m_findingsDock = new QDockWidget(this);
    m_findingsDock->setObjectName(QStringLiteral("FindingsDock"));
    auto *fw = new QWidget;
    auto *fl = new QVBoxLayout(fw);
    fl->setContentsMargins(6, 6, 6, 6);
    m_verdict = new QLabel;
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    fl->addWidget(m_verdict);
    m_findingsView = new QListView;
    m_findingsView->setModel(m_findingsModel);
    m_findingsView->setWordWrap(true);
    m_findingsView->setSpacing(3);
    m_findingsView->setIconSize(QSize(12, 12));
    m_findingsView->setUniformItemSizes(false);
    m_findingsView->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_findingsView->setResizeMode(QListView::Adjust);
    fl->addWidget(m_findingsView, 1);
    m_findingsDock->setWidget(fw);
    addDockWidget(Qt::LeftDockWidgetArea, m_findingsDock);
    connect(m_findingsView, &QListView::clicked, this,
            [this](const QModelIndex &i) { jumpToFinding(i.row()); });
    connect(m_findingsView, &QListView::activated, this,
            [this](const QModelIndex &i) { jumpToFinding(i.row()); });

    // Keys.
    m_keysDock = new QDockWidget(this);
    m_keysDock->setObjectName(QStringLiteral("KeysDock"));
    m_keyView = new QTableView;
    m_keyView->setModel(m_keyModel);
    m_keyView->setItemDelegateForColumn(KeyTableModel::TtlColumn, new TtlDelegate(m_keyView));
    m_keyView->verticalHeader()->hide();
    m_keyView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_keyView->setAlternatingRowColors(true);
    m_keyView->setWordWrap(false);
    m_keyView->horizontalHeader()->setStretchLastSection(true);
    m_keyView->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_keyView->verticalHeader()->setDefaultSectionSize(QFontMetrics(font()).height() + 14);
    m_keysDock->setWidget(m_keyView);
    addDockWidget(Qt::BottomDockWidgetArea, m_keysDock);

    // Commands and the strategy's source, tabbed.
    m_detailsDock = new QDockWidget(this);
    m_detailsDock->setObjectName(QStringLiteral("DetailsDock"));
    m_detailsTabs = new QTabWidget;
    m_detailsTabs->setDocumentMode(true);

    auto *cw = new QWidget;
    auto *cl = new QVBoxLayout(cw);
    cl->setContentsMargins(4, 4, 4, 4);
    auto *filters = new QHBoxLayout;
    m_commandClientBox = new QComboBox;
    m_commandKeyBox = new QComboBox;
    m_followBox = new QCheckBox;
    m_followBox->setChecked(true);
    m_showAllBox = new QCheckBox;
    filters->addWidget(labelled(&m_commandClientLabel, m_commandClientBox));
    filters->addWidget(labelled(&m_commandKeyLabel, m_commandKeyBox));
    filters->addWidget(m_followBox);
    filters->addWidget(m_showAllBox);
    filters->addStretch(1);
    cl->addLayout(filters);
    m_commandView = new QTableView;
    m_commandView->setModel(m_commandProxy);
    m_commandView->verticalHeader()->hide();
    m_commandView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_commandView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_commandView->setAlternatingRowColors(true);
    m_commandView->setWordWrap(false);
    m_commandView->horizontalHeader()->setStretchLastSection(false);
    m_commandView->horizontalHeader()->setSectionResizeMode(CommandLogModel::CommandColumn,
                                                            QHeaderView::Stretch);
    m_commandView->setTextElideMode(Qt::ElideMiddle);
    // Shortened in the key, not in the token; replies at their end.
    auto *commandText = new CommandTextDelegate(m_commandView);
    m_commandView->setItemDelegateForColumn(CommandLogModel::CommandColumn, commandText);
    m_commandView->setItemDelegateForColumn(CommandLogModel::ReplyColumn, commandText);
    m_commandView->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_commandView->verticalHeader()->setDefaultSectionSize(QFontMetrics(font()).height() + 8);
    m_commandView->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    cl->addWidget(m_commandView, 1);
    m_detailsTabs->addTab(cw, QString());

    auto *sw = new QWidget;
    auto *sl = new QVBoxLayout(sw);
    sl->setContentsMargins(4, 4, 4, 4);
    m_sourceLabel = new QLabel;
    m_sourceLabel->setWordWrap(true);
    sl->addWidget(m_sourceLabel);
    m_sourceView = new StrategySourceView;
    sl->addWidget(m_sourceView, 1);
    m_detailsTabs->addTab(sw, QString());
    m_detailsDock->setWidget(m_detailsTabs);
    addDockWidget(Qt::BottomDockWidgetArea, m_detailsDock);
    splitDockWidget(m_keysDock, m_detailsDock, Qt::Horizontal);

    connect(m_commandClientBox, &QComboBox::currentIndexChanged, this, [this] {
        m_commandProxy->setClient(m_commandClientBox->currentData().toInt());
        updateSourceHighlight(m_playback->time());
    });
    connect(m_commandKeyBox, &QComboBox::currentIndexChanged, this,
            [this] { m_commandProxy->setKey(m_commandKeyBox->currentData().toString()); });
    connect(m_showAllBox, &QCheckBox::toggled, this, [this](bool all) {
        m_commandModel->setShowAll(all);
        m_commandModel->setTime(m_playback->time());
    });
    connect(m_commandView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCommandRowChanged);
}

void MainWindow::buildMenus()
{
    QMenu *file = m_fileMenu = menuBar()->addMenu(QString());
    file->addAction(m_openScenarioAction);
    file->addSeparator();
    file->addAction(m_exportPngAction);
    file->addAction(m_exportSvgAction);
    file->addAction(m_exportLogAction);
    file->addSeparator();
    m_quitAction = file->addAction(QString(), this, &QWidget::close);
    m_quitAction->setShortcut(QKeySequence::Quit);

    QMenu *run = m_runMenu = menuBar()->addMenu(QString());
    run->addAction(m_runAction);
    run->addAction(m_clearFaultsAction);

    QMenu *play = m_playMenu = menuBar()->addMenu(QString());
    play->addAction(m_playAction);
    play->addSeparator();
    play->addAction(m_prevAction);
    play->addAction(m_nextAction);
    play->addAction(m_prevCommandAction);
    play->addAction(m_nextCommandAction);
    play->addAction(m_startAction);
    play->addAction(m_endAction);
    play->addSeparator();
    play->addAction(m_slowerAction);
    play->addAction(m_fasterAction);

    QMenu *view = m_viewMenu = menuBar()->addMenu(QString());
    view->addActions(m_pageActions);
    view->addSeparator();
    view->addAction(m_timeline->fitAction());
    view->addAction(m_timeline->zoomBackAction());
    view->addAction(m_timeline->zoomResetAction());
    view->addSeparator();
    view->addAction(m_futureAction);
    view->addAction(m_darkAction);
    m_largerAction = view->addAction(QString(), this, [this] { changeFontSize(1); });
    m_largerAction->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    m_smallerAction = view->addAction(QString(), this, [this] { changeFontSize(-1); });
    m_smallerAction->setShortcut(QKeySequence::ZoomOut);
    view->addSeparator();
    // View > Language: each language named in itself, so anyone can find their own.
    m_languageMenu = view->addMenu(QString());
    auto *languages = new QActionGroup(this);
    for (const QString &code : availableLanguages()) {
        QAction *a =
            m_languageMenu->addAction(code == QLatin1String("zh_CN") ? QStringLiteral("简体中文")
                                                                     : QStringLiteral("English"));
        a->setData(code);
        a->setCheckable(true);
        a->setChecked(code == currentLanguage());
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }
    view->addSeparator();
    for (QDockWidget *d : {m_explainDock, m_findingsDock, m_keysDock, m_detailsDock})
        view->addAction(d->toggleViewAction());

    QMenu *help = m_helpMenu = menuBar()->addMenu(QString());
    m_keysAction = help->addAction(QString(), this, [this] {
        QMessageBox::information(
            this, tr("Keys and mouse"),
            tr("Space: play or pause\n"
               ", and . : previous / next event (< and > include every command)\n"
               "[ and ] : slower / faster\n"
               "Home / End: start / end of the run\n"
               "Ctrl+R: run again\n\n"
               "On the timeline:\n"
               "W / S: zoom in / out;  A / D: pan\n"
               "F: fit the whole run;  Backspace: zoom back;  0: reset\n"
               "Wheel: zoom;  Shift+wheel: pan;  Alt+wheel: scroll lanes\n"
               "Drag: pan;  Shift+drag: zoom to a range\n"
               "Click: select an event;  double-click or click the time axis: go there\n"
               "Right-click a client or key lane: inject a fault at the playback instant"));
    });
    m_aboutAction = help->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About LockScope"),
                           tr("LockScope %1\nSee, simulate and explain distributed locks on Redis.")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

// --- pages ------------------------------------------------------------------------------------

MainWindow::Page MainWindow::page() const
{
    return Page(m_pages->currentIndex());
}

void MainWindow::setPage(Page p)
{
    m_pageActions[int(p)]->setChecked(true);
    if (p == page())
        return;
    // The docks and the run toolbar belong to the workspace: other pages get the whole window,
    // and coming back brings the workspace back exactly as it was left.
    if (page() == Page::Workspace) {
        m_workspaceState = saveState();
        m_playback->pause();
    }
    m_pages->setCurrentIndex(int(p));
    const bool workspace = p == Page::Workspace;
    if (workspace) {
        restoreState(m_workspaceState);
        statusBar()->showMessage(workspaceHint());
    } else {
        statusBar()->clearMessage();
        for (QDockWidget *d : {m_explainDock, m_findingsDock, m_keysDock, m_detailsDock})
            d->hide();
        m_runToolBar->hide();
    }
    // The workspace's keys (Space, the arrows of playback, Ctrl+R) mean nothing elsewhere.
    for (QAction *a :
         {m_runAction, m_playAction, m_nextAction, m_prevAction, m_nextCommandAction,
          m_prevCommandAction, m_startAction, m_endAction, m_fasterAction, m_slowerAction,
          m_clearFaultsAction, m_exportPngAction, m_exportSvgAction, m_exportLogAction})
        a->setEnabled(workspace);
}

bool MainWindow::openRun(const RunRequest &request, qint64 atUs, QString *error)
{
    QString why;
    if (!RunData::simulate(request, &why)) { // checked first: nothing changes when it cannot run
        if (error)
            *error = why;
        return false;
    }
    QSignalBlocker b1(m_scenarioBox), b2(m_strategyBox);
    int index = -1;
    if (request.fromFile()) {
        index = m_scenarioBox->findData(request.scenarioFile, ScenarioFileRole);
        if (index < 0 && request.fileScenario)
            index = addScenarioFileItem(request.scenarioFile, request.fileScenario);
    } else {
        index = m_scenarioBox->findData(request.scenarioId);
    }
    if (index < 0 || m_strategyBox->findData(request.strategyId) < 0) {
        if (error)
            *error = tr("The scenario or strategy of this run is not known here.");
        return false;
    }
    m_scenarioBox->setCurrentIndex(index);
    onScenarioChosen();
    m_strategyBox->setCurrentIndex(m_strategyBox->findData(request.strategyId));
    onStrategyChosen();
    setSeed(request.seed);
    if (request.clients > 0)
        setClientCount(request.clients);
    if (request.ttlMs > 0)
        setTtlMs(request.ttlMs);
    setWaitMode(request.waitMode);
    m_injected = request.injectedFaults;
    updateFaultsLabel();
    setPage(Page::Workspace);
    if (!runNow(error))
        return false;
    m_playback->pause();
    seek(atUs);
    return true;
}

// --- settings and appearance ------------------------------------------------------------------

void MainWindow::loadSettings()
{
    QSettings s;
    const QString scenario = s.value(QStringLiteral("run/scenario")).toString();
    const QString scenarioFile = s.value(QStringLiteral("run/scenarioFile")).toString();
    const QString strategy = s.value(QStringLiteral("run/strategy")).toString();
    QSignalBlocker b1(m_scenarioBox), b2(m_strategyBox);
    loadRecentScenarioFiles(s.value(recentFilesKey()).toStringList());
    // The scenario file chosen last, when it could still be read; else the built-in one.
    const int fileIndex =
        scenarioFile.isEmpty() ? -1 : m_scenarioBox->findData(scenarioFile, ScenarioFileRole);
    if (fileIndex >= 0)
        m_scenarioBox->setCurrentIndex(fileIndex);
    else if (m_scenarioBox->findData(scenario) >= 0)
        m_scenarioBox->setCurrentIndex(m_scenarioBox->findData(scenario));
    if (m_strategyBox->findData(strategy) >= 0)
        m_strategyBox->setCurrentIndex(m_strategyBox->findData(strategy));
    m_seedBox->setValue(s.value(QStringLiteral("run/seed"), 1).toInt());
    const int wait = m_waitBox->findData(s.value(QStringLiteral("run/wait")).toString());
    m_waitBox->setCurrentIndex(qMax(0, wait));
    m_playback->setSpeed(s.value(QStringLiteral("playback/speed"), 1.0).toDouble());
    m_futureAction->setChecked(s.value(QStringLiteral("view/showFuture"), true).toBool());
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    const int pt = s.value(QStringLiteral("view/fontPointSize"), 0).toInt();
    if (pt >= 6 && pt <= 40) {
        QFont f = QApplication::font();
        f.setPointSize(pt);
        QApplication::setFont(f);
    }
}

void MainWindow::saveSettings() const
{
    if (!m_options.persistSettings)
        return;
    QSettings s;
    // A scenario file leaves the last built-in choice as it was: the window falls back to it
    // when the file cannot be read any more.
    if (currentScenarioFile().isEmpty()) {
        s.setValue(QStringLiteral("run/scenario"), m_scenarioBox->currentData());
        s.remove(QStringLiteral("run/scenarioFile"));
    } else {
        s.setValue(QStringLiteral("run/scenarioFile"), currentScenarioFile());
    }
    s.setValue(QStringLiteral("run/strategy"), m_strategyBox->currentData());
    s.setValue(QStringLiteral("run/seed"), m_seedBox->value());
    s.setValue(QStringLiteral("run/wait"), m_waitBox->currentData());
    s.setValue(QStringLiteral("playback/speed"), m_playback->speed());
    s.setValue(QStringLiteral("view/showFuture"), m_futureAction->isChecked());
    s.setValue(QStringLiteral("view/dark"), m_darkAction->isChecked());
    s.setValue(QStringLiteral("view/fontPointSize"), QApplication::font().pointSize());
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"),
               page() == Page::Workspace ? saveState() : m_workspaceState);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void MainWindow::switchLanguage(const QString &language)
{
    setLanguage(language); // every widget gets LanguageChange, this window included
    if (m_options.persistSettings)
        QSettings().setValue(QStringLiteral("view/language"), language);
}

void MainWindow::setDarkPalette(bool dark)
{
    if (auto *app = qobject_cast<QApplication *>(QCoreApplication::instance()))
        applyAppearance(*app, dark);
    if (m_darkAction->isChecked() != dark) {
        QSignalBlocker block(m_darkAction);
        m_darkAction->setChecked(dark);
    }
    applyTheme();
}

void MainWindow::applyTheme()
{
    m_theme = Theme::forPalette(QApplication::palette());
    if (!m_caption)
        return;
    m_caption->setFont(scaledFont(font(), 1.25, true));
    QColor bg = m_theme.selection;
    bg.setAlpha(m_theme.dark ? 60 : 28);
    m_caption->setStyleSheet(QStringLiteral("QLabel#CaptionBar { background: %1; color: %2; "
                                            "border-left: 8px solid %3; padding: 8px 14px; }")
                                 .arg(cssColor(bg), m_theme.text.name(), m_theme.selection.name()));
    for (QToolButton *b : std::as_const(m_glyphButtons))
        b->setIcon(glyphIcon(Glyph(b->property("glyph").toInt()), m_theme.text));
    m_timeline->setTheme(m_theme);
    m_keyModel->setTheme(m_theme);
    m_commandModel->setTheme(m_theme);
    m_findingsModel->setTheme(m_theme);
    updateVerdict();
    updateExplanation();
    updateSourceHighlight(m_playback->time());
}

void MainWindow::changeFontSize(int delta)
{
    QFont f = QApplication::font();
    f.setPointSize(qBound(7, f.pointSize() + delta, 32));
    QApplication::setFont(f);
    m_caption->setFont(scaledFont(f, 1.25, true));
    m_keyView->verticalHeader()->setDefaultSectionSize(QFontMetrics(f).height() + 14);
    m_commandView->verticalHeader()->setDefaultSectionSize(QFontMetrics(f).height() + 8);
    m_commandModel->refreshFont();
    QFont mono = m_sourceView->font();
    mono.setPointSizeF(f.pointSizeF());
    m_sourceView->setFont(mono);
}

// --- choosing and running ---------------------------------------------------------------------

QString MainWindow::scenarioTitle(const Scenario &s) const
{
    const QString tr = s.titleTr.value(m_options.language);
    return tr.isEmpty() ? s.title : tr;
}

QString MainWindow::scenarioExplanation(const Scenario &s) const
{
    const QString tr = s.explanationTr.value(m_options.language);
    return tr.isEmpty() ? s.explanation : tr;
}

bool MainWindow::setScenario(const QString &id)
{
    const int i = m_scenarioBox->findData(id);
    if (i < 0)
        return false;
    QSignalBlocker block(m_scenarioBox);
    m_scenarioBox->setCurrentIndex(i);
    onScenarioChosen();
    return true;
}

bool MainWindow::setStrategy(const QString &id)
{
    const int i = m_strategyBox->findData(id);
    if (i < 0)
        return false;
    QSignalBlocker block(m_strategyBox);
    m_strategyBox->setCurrentIndex(i);
    onStrategyChosen();
    return true;
}

void MainWindow::setSeed(quint64 seed)
{
    m_seedBox->setValue(int(qMin<quint64>(seed, quint64(m_seedBox->maximum()))));
}

void MainWindow::setClientCount(int clients)
{
    m_clientsBox->setValue(clients);
}

void MainWindow::setTtlMs(qint64 ttlMs)
{
    m_ttlBox->setValue(int(std::clamp<qint64>(ttlMs, 1, m_ttlBox->maximum())));
}

void MainWindow::setWaitMode(const QString &mode)
{
    m_waitBox->setCurrentIndex(qMax(0, m_waitBox->findData(mode)));
}

bool MainWindow::currentScenario(Scenario *out) const
{
    const QString file = currentScenarioFile();
    if (file.isEmpty())
        return loadBuiltinScenario(m_scenarioBox->currentData().toString(), out);
    const std::shared_ptr<const Scenario> s = m_fileScenarios.value(file);
    if (!s)
        return false;
    *out = *s;
    return true;
}

// --- scenario files ---------------------------------------------------------------------------

QString MainWindow::currentScenarioFile() const
{
    return m_scenarioBox->currentData(ScenarioFileRole).toString();
}

QStringList MainWindow::scenarioFiles() const
{
    QStringList files;
    for (int i = 0; i < m_scenarioBox->count(); ++i) {
        const QString file = m_scenarioBox->itemData(i, ScenarioFileRole).toString();
        if (!file.isEmpty())
            files << file;
    }
    return files;
}

int MainWindow::addScenarioFileItem(const QString &path, std::shared_ptr<const Scenario> scenario)
{
    // The caller selects what it wants afterwards: no run on the way.
    QSignalBlocker block(m_scenarioBox);
    const int existing = m_scenarioBox->findData(path, ScenarioFileRole);
    if (existing >= 0)
        m_scenarioBox->removeItem(existing);
    // Scenario files come after the built-in scenarios (the items with an id), behind a
    // separator, the most recent first.
    int builtins = 0;
    while (builtins < m_scenarioBox->count() && m_scenarioBox->itemData(builtins).isValid())
        ++builtins;
    if (m_scenarioBox->count() == builtins)
        m_scenarioBox->insertSeparator(builtins);
    const int first = builtins + 1;
    // Shown by its file name (the built-in ones are shown by their ids); the tooltip has the
    // title, the summary and where the file is.
    m_scenarioBox->insertItem(first, QFileInfo(path).fileName());
    m_scenarioBox->setItemData(first, path, ScenarioFileRole);
    m_scenarioBox->setItemData(first,
                               tr("%1 (file)\n%2\n%3")
                                   .arg(scenarioTitle(*scenario), scenarioSummary(*scenario),
                                        QDir::toNativeSeparators(path)),
                               Qt::ToolTipRole);
    m_fileScenarios.insert(path, std::move(scenario));
    // Forget the oldest beyond the limit (never the one just added).
    while (m_scenarioBox->count() - first > kRecentScenarioFiles) {
        const int last = m_scenarioBox->count() - 1;
        m_fileScenarios.remove(m_scenarioBox->itemData(last, ScenarioFileRole).toString());
        m_scenarioBox->removeItem(last);
    }
    return first;
}

void MainWindow::rememberScenarioFile(const QString &path) const
{
    if (!m_options.persistSettings)
        return;
    QSettings s;
    QStringList recent = s.value(recentFilesKey()).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kRecentScenarioFiles)
        recent.removeLast();
    s.setValue(recentFilesKey(), recent);
}

void MainWindow::loadRecentScenarioFiles(const QStringList &paths)
{
    // The oldest first, each in front of the others: the picker ends up in the list's order. A
    // file that cannot be read now stays in the list (it may be back next time) but not in the
    // picker.
    m_recentFileErrors.clear();
    for (qsizetype i = qMin<qsizetype>(paths.size(), kRecentScenarioFiles) - 1; i >= 0; --i) {
        Scenario s;
        QString error;
        if (loadScenarioFile(paths[i], &s, &error))
            addScenarioFileItem(paths[i], std::make_shared<const Scenario>(std::move(s)));
        else
            m_recentFileErrors.prepend(error);
    }
}

bool MainWindow::addScenarioFile(const QString &path, QString *error)
{
    Scenario loaded;
    QString why;
    if (!loadScenarioFile(path, &loaded, &why)) {
        if (error)
            *error = why;
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const int i =
        addScenarioFileItem(absolute, std::make_shared<const Scenario>(std::move(loaded)));
    {
        QSignalBlocker block(m_scenarioBox);
        m_scenarioBox->setCurrentIndex(i);
    }
    onScenarioChosen();
    rememberScenarioFile(absolute);
    return true;
}

bool MainWindow::openScenarioFile(const QString &path, QString *error)
{
    // Everything that can fail happens before anything on screen changes: reading the file, then
    // running it. Only a run that worked replaces what is shown.
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        statusBar()->showMessage(tr("Cannot open %1").arg(QDir::toNativeSeparators(path)));
        showWarning(tr("Cannot Open the Scenario File"), why);
        return false;
    };
    Scenario loaded;
    QString why;
    if (!loadScenarioFile(path, &loaded, &why))
        return fail(why);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    auto scenario = std::make_shared<const Scenario>(std::move(loaded));

    // The chosen strategy, seed and wait mode; the scenario's own clients and TTL; no faults
    // added by hand (they belong to the scenario they were made in).
    RunRequest request = currentRequest();
    request.scenarioId = scenario->id;
    request.scenarioFile = absolute;
    request.fileScenario = scenario;
    request.clients = -1;
    request.ttlMs = -1;
    request.injectedFaults.clear();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    std::shared_ptr<const RunData> run = RunData::simulate(request, &why);
    QApplication::restoreOverrideCursor();
    if (!run)
        return fail(why);

    const int i = addScenarioFileItem(absolute, scenario);
    {
        QSignalBlocker block(m_scenarioBox);
        m_scenarioBox->setCurrentIndex(i);
    }
    onScenarioChosen();
    rememberScenarioFile(absolute);
    showRun(run, 0);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(absolute)), 5000);
    return true;
}

void MainWindow::openScenarioFileWithDialog()
{
    QSettings settings;
    QString dir = m_options.persistSettings
                      ? settings.value(QStringLiteral("scenarios/dir")).toString()
                      : QString();
    if (dir.isEmpty() && !currentScenarioFile().isEmpty())
        dir = QFileInfo(currentScenarioFile()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario File"), dir,
                                                      tr("Scenario files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (m_options.persistSettings)
        settings.setValue(QStringLiteral("scenarios/dir"), QFileInfo(path).absolutePath());
    openScenarioFile(path);
}

void MainWindow::showWarning(const QString &title, const QString &text)
{
    if (m_messageHandler)
        m_messageHandler(title, text);
    else
        QMessageBox::warning(this, title, text);
}

void MainWindow::onScenarioChosen()
{
    Scenario s;
    if (!currentScenario(&s))
        return;
    // The scenario's own parameters; hand-made faults belong to the scenario they were made in.
    m_clientsBox->setValue(int(s.resolvedClients().size()));
    m_ttlBox->setValue(int(s.ttlMs));
    m_injected.clear();
    updateFaultsLabel();
    updateExplanation();
}

void MainWindow::onStrategyChosen()
{
    m_sourceView->setSource(StrategySource::forStrategy(m_strategyBox->currentData().toString()));
    updateExplanation();
    updateSourceHighlight(m_playback->time());
}

RunRequest MainWindow::currentRequest() const
{
    RunRequest r;
    r.scenarioFile = currentScenarioFile();
    if (r.fromFile()) {
        r.fileScenario = m_fileScenarios.value(r.scenarioFile);
        if (r.fileScenario)
            r.scenarioId = r.fileScenario->id;
    } else {
        r.scenarioId = m_scenarioBox->currentData().toString();
    }
    r.strategyId = m_strategyBox->currentData().toString();
    r.seed = quint64(m_seedBox->value());
    Scenario s;
    currentScenario(&s);
    if (m_clientsBox->value() != int(s.resolvedClients().size()))
        r.clients = m_clientsBox->value();
    if (m_ttlBox->value() != s.ttlMs)
        r.ttlMs = m_ttlBox->value();
    r.waitMode = m_waitBox->currentData().toString();
    r.injectedFaults = m_injected;
    return r;
}

bool MainWindow::runNow(QString *error)
{
    const RunRequest request = currentRequest();
    QString why;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    std::shared_ptr<const RunData> run = RunData::simulate(request, &why);
    QApplication::restoreOverrideCursor();
    if (!run) {
        if (error)
            *error = why;
        statusBar()->showMessage(tr("Cannot run: %1").arg(why));
        return false;
    }
    // The same story again (a new seed, a fault added by hand): stay at the same instant.
    const bool same = m_run && m_run->request().scenarioKey() == request.scenarioKey() &&
                      m_run->request().strategyId == request.strategyId;
    showRun(run, same ? m_playback->time() : 0);
    return true;
}

void MainWindow::showRun(std::shared_ptr<const RunData> run, qint64 keepTimeUs)
{
    m_run = std::move(run);
    m_request = m_run->request();
    m_selectedEvent = -1;
    m_lastCaptionEvent = -2;
    m_cursor.reset(m_run.get());

    // The key table: one row per key lane, in the timeline's order.
    std::vector<KeyTableModel::Row> rows;
    for (const KeyLane &lane : m_run->keyLanes())
        rows.push_back({lane.key, lane.node, lane.keyName, lane.nodeName, {}});
    QStringList clients;
    for (const ClientLane &lane : m_run->clientLanes())
        clients << lane.name;
    qint64 ttlMax = m_run->ttlMs();
    for (const KeyLane &lane : m_run->keyLanes()) {
        for (const KeySpan &s : lane.spans)
            ttlMax = qMax(ttlMax, s.ttlMs);
    }
    m_keyModel->setRows(std::move(rows), clients, m_run->log().sharedStrings(), ttlMax);
    // Columns only some strategies fill: hold counts (reentrant), fencing tokens (fenced).
    if (const auto strategy = createStrategy(m_run->request().strategyId)) {
        m_keyView->setColumnHidden(KeyTableModel::HoldsColumn, !strategy->info().reentrant);
        m_keyView->setColumnHidden(KeyTableModel::FencingColumn, !strategy->info().fencing);
    }
    m_commandModel->setRun(m_run);
    m_findingsModel->setRun(m_run);
    m_timeline->setRun(m_run);

    // Command filters.
    {
        QSignalBlocker b1(m_commandClientBox), b2(m_commandKeyBox);
        const int client = m_commandProxy->client();
        const QString key = m_commandProxy->key();
        m_commandClientBox->clear();
        m_commandClientBox->addItem(tr("all"), -1);
        for (qsizetype i = 0; i < clients.size(); ++i)
            m_commandClientBox->addItem(clients[i], int(i));
        m_commandKeyBox->clear();
        m_commandKeyBox->addItem(tr("all"), QString());
        for (const QString &k : m_commandModel->keys())
            m_commandKeyBox->addItem(k, k);
        m_commandClientBox->setCurrentIndex(qMax(0, m_commandClientBox->findData(client)));
        m_commandKeyBox->setCurrentIndex(qMax(0, m_commandKeyBox->findData(key)));
        m_commandProxy->setClient(m_commandClientBox->currentData().toInt());
        m_commandProxy->setKey(m_commandKeyBox->currentData().toString());
    }
    {
        // Wide enough for what the columns will hold during the run, not just at its start.
        const QFontMetrics fm(font());
        QFont bold = font();
        bold.setBold(true);
        const QFontMetrics bfm(bold);
        auto fit = [&](int column, const QString &sample, int extra) {
            const int header =
                fm.horizontalAdvance(m_keyModel->headerData(column, Qt::Horizontal).toString()) +
                16;
            m_keyView->setColumnWidth(column, qMax(header, fm.horizontalAdvance(sample) + extra));
        };
        int node = 0, key = 0, owner = 0;
        for (const KeyLane &lane : m_run->keyLanes()) {
            node = qMax(node, fm.horizontalAdvance(lane.nodeName));
            key = qMax(key, fm.horizontalAdvance(lane.keyName));
        }
        for (const QString &c : std::as_const(clients))
            owner = qMax(owner, bfm.horizontalAdvance(c));
        m_keyView->setColumnWidth(KeyTableModel::NodeColumn, node + 16);
        m_keyView->setColumnWidth(KeyTableModel::KeyColumn, key + 16);
        m_keyView->setColumnWidth(KeyTableModel::OwnerColumn,
                                  qMax(owner + 40, fm.horizontalAdvance(tr("Owner")) + 16));
        fit(KeyTableModel::ValueColumn, QStringLiteral("A:1:17c3f107"), 16);
        fit(KeyTableModel::TypeColumn, tr("string"), 16);
        fit(KeyTableModel::HoldsColumn, QStringLiteral("00"), 16);
        fit(KeyTableModel::FencingColumn, QStringLiteral("000"), 16);
    }

    {
        QSignalBlocker block(m_slider);
        m_slider->setRange(0, int(qMin<qint64>(m_run->endUs() / 1000 + 1, INT_MAX)));
        m_slider->setPageStep(qMax(1, m_slider->maximum() / 20));
    }
    m_playback->setEnd(m_run->endUs());
    const qint64 t = qBound<qint64>(0, keepTimeUs, m_run->endUs());
    if (t == m_playback->time())
        onTimeChanged(t);
    else
        m_playback->seek(t);
    // Columns sized once there is something to size them to.
    const QFontMetrics fm(font());
    m_commandView->setColumnWidth(CommandLogModel::TimeColumn,
                                  fm.horizontalAdvance(QStringLiteral("000.000 s")) + 16);
    m_commandView->setColumnWidth(CommandLogModel::ClientColumn,
                                  fm.horizontalAdvance(tr("Client")) + 44);
    m_commandView->setColumnWidth(CommandLogModel::NodeColumn,
                                  fm.horizontalAdvance(QStringLiteral("redis-1")) + 16);
    m_commandView->setColumnWidth(CommandLogModel::NodeColumn,
                                  fm.horizontalAdvance(QStringLiteral("resource")) + 16);
    m_commandView->setColumnWidth(CommandLogModel::ReplyColumn,
                                  fm.horizontalAdvance(QStringLiteral("(integer) 1")) + 24);
    m_commandView->setColumnWidth(CommandLogModel::LatencyColumn,
                                  fm.horizontalAdvance(tr("Round trip")) + 16);

    updateExplanation();
    updateVerdict();
    updateFaultsLabel();
    updateWindowTitle();
}

void MainWindow::updateWindowTitle()
{
    if (!m_run) {
        setWindowTitle(tr("LockScope"));
        return;
    }
    setWindowTitle(tr("LockScope — %1 · %2")
                       .arg(m_request.fromFile() ? QFileInfo(m_request.scenarioFile).fileName()
                                                 : m_request.scenarioId,
                            m_request.strategyId));
}

void MainWindow::injectClientFault(qint16 client, FaultSpec::Action action, qint64 durationMs)
{
    if (!m_run || client < 0 || std::size_t(client) >= m_run->clientLanes().size())
        return;
    FaultSpec f;
    f.action = action;
    f.client = m_run->clientName(client);
    // At the playback instant or just after it (whole ms), so that everything up to the instant
    // stays as it is.
    f.trigger.atMs = (m_playback->time() + 999) / 1000;
    f.durationMs = durationMs;
    m_injected.append(f);
    runNow();
}

void MainWindow::injectNodeFault(qint16 node, FaultSpec::Action action, qint64 durationMs,
                                 qint64 jumpMs)
{
    if (!m_run || node < 0)
        return;
    FaultSpec f;
    f.action = action;
    f.node = node;
    f.trigger.atMs = (m_playback->time() + 999) / 1000;
    f.durationMs = durationMs;
    f.jumpMs = jumpMs;
    m_injected.append(f);
    runNow();
}

void MainWindow::clearInjectedFaults()
{
    if (m_injected.isEmpty())
        return;
    m_injected.clear();
    runNow();
}

void MainWindow::updateFaultsLabel()
{
    if (!m_faultsLabel)
        return;
    const bool any = !m_injected.isEmpty();
    m_faultsLabel->setText(any ? tr("%n fault(s) added by hand", nullptr, int(m_injected.size()))
                               : tr("Right-click a lane to add a fault"));
    m_faultsLabel->setEnabled(any);
    m_clearFaultsWidget->setVisible(any);
    m_clearFaultsAction->setEnabled(any);
}

void MainWindow::showClientMenu(qint16 client, const QPoint &globalPos)
{
    if (!m_run)
        return;
    const QString name = m_run->clientName(client);
    QMenu menu(this);
    menu.addSection(tr("%1 at %2").arg(name, formatTime(m_playback->time())));
    menu.addAction(tr("Pause %1 for 5 s (GC, VM migration)").arg(name), this,
                   [=, this] { injectClientFault(client, FaultSpec::Action::Pause, 5000); });
    menu.addAction(tr("Crash %1").arg(name), this,
                   [=, this] { injectClientFault(client, FaultSpec::Action::Crash); });
    menu.addAction(tr("Delay %1's next reply by 2 s").arg(name), this,
                   [=, this] { injectClientFault(client, FaultSpec::Action::DelayReply, 2000); });
    menu.addAction(tr("Lose %1's next reply").arg(name), this,
                   [=, this] { injectClientFault(client, FaultSpec::Action::LoseReply); });
    menu.exec(globalPos);
}

void MainWindow::showNodeMenu(qint16 node, const QPoint &globalPos)
{
    if (!m_run)
        return;
    const QString name = m_run->nodeName(node);
    QMenu menu(this);
    menu.addSection(tr("%1 at %2").arg(name, formatTime(m_playback->time())));
    menu.addAction(tr("Crash %1 for 10 s (keeps its data)").arg(name), this,
                   [=, this] { injectNodeFault(node, FaultSpec::Action::NodeCrash, 10000); });
    menu.addAction(tr("Restart %1 empty (no persistence)").arg(name), this,
                   [=, this] { injectNodeFault(node, FaultSpec::Action::NodeRestart, 100); });
    QAction *failover =
        menu.addAction(tr("Fail %1 over to its replica").arg(name), this,
                       [=, this] { injectNodeFault(node, FaultSpec::Action::Failover, 100); });
    if (m_run->scenario().replicas < 1) {
        failover->setEnabled(false);
        failover->setText(tr("Fail over (this scenario has no replica)"));
    }
    menu.addAction(tr("Jump %1's clock forward 10 s").arg(name), this,
                   [=, this] { injectNodeFault(node, FaultSpec::Action::ClockJump, 0, 10000); });
    menu.exec(globalPos);
}

// --- playback ---------------------------------------------------------------------------------

void MainWindow::seek(qint64 timeUs)
{
    m_playback->seek(timeUs);
}

bool MainWindow::atSelectedEvent() const
{
    return m_run && m_selectedEvent >= 0 &&
           std::size_t(m_selectedEvent) < m_run->log().events().size() &&
           m_run->event(quint32(m_selectedEvent)).timeUs == m_playback->time();
}

void MainWindow::stepForward()
{
    if (!m_run)
        return;
    m_playback->pause();
    const qint64 e = atSelectedEvent() ? m_run->nextNotableEventAfter(quint32(m_selectedEvent))
                                       : m_run->nextNotableEvent(m_playback->time());
    if (e < 0)
        return;
    seek(m_run->event(quint32(e)).timeUs);
    selectEvent(e);
}

void MainWindow::stepBackward()
{
    if (!m_run)
        return;
    m_playback->pause();
    const qint64 e = atSelectedEvent() ? m_run->previousNotableEventBefore(quint32(m_selectedEvent))
                                       : m_run->previousNotableEvent(m_playback->time());
    if (e < 0)
        return;
    seek(m_run->event(quint32(e)).timeUs);
    selectEvent(e);
}

void MainWindow::onTimeChanged(qint64 timeUs)
{
    if (!m_run)
        return;
    const bool playing = m_playback->isPlaying();
    if (m_cursor.seek(timeUs) > 0 || m_keyModel->time() == 0)
        m_keyModel->setStates(m_cursor.state().keys(), timeUs);
    m_keyModel->setTime(timeUs);
    m_commandModel->setTime(timeUs);
    if (m_followBox->isChecked() && m_commandProxy->rowCount() > 0 && !m_showAllBox->isChecked())
        m_commandView->scrollToBottom();
    m_timeline->setPlayhead(timeUs, playing);
    updateCaption(timeUs);
    updateSourceHighlight(timeUs);
    updateTimeLabel(timeUs);
    QSignalBlocker block(m_slider);
    m_slider->setValue(int(timeUs / 1000));
}

void MainWindow::updateTimeLabel(qint64 timeUs)
{
    m_timeLabel->setText(tr("%1 / %2").arg(formatTime(timeUs), formatTime(m_playback->end())));
}

void MainWindow::updateCaption(qint64 timeUs)
{
    const auto &captions = m_run->captionEvents();
    const auto it =
        std::upper_bound(captions.begin(), captions.end(), timeUs,
                         [this](qint64 t, quint32 e) { return t < m_run->event(e).timeUs; });
    const qint64 current = it == captions.begin() ? -1 : qint64(*(it - 1));
    if (current == m_lastCaptionEvent)
        return;
    m_lastCaptionEvent = current;
    if (current < 0) {
        m_caption->setText(
            tr("%1: %2").arg(scenarioTitle(m_run->scenario()), scenarioSummary(m_run->scenario())));
        return;
    }
    m_caption->setText(tr("» %1   (%2)")
                           .arg(m_run->captionText(quint32(current), m_options.language),
                                formatTime(m_run->event(quint32(current)).timeUs)));
}

QString MainWindow::captionText() const
{
    return m_caption->text();
}

QString MainWindow::statusText() const
{
    return statusBar()->currentMessage();
}

void MainWindow::updateSourceHighlight(qint64 timeUs)
{
    if (!m_run || !m_sourceView ||
        m_sourceView->source().strategyId != m_run->request().strategyId) {
        if (m_sourceView)
            m_sourceView->setCurrentStep(-1, {});
        if (m_sourceLabel)
            m_sourceLabel->setText(tr("Run to see which step each client executes."));
        return;
    }
    // The client in focus: the command filter's, else the selected event's, else whoever sent
    // the last command.
    int client = m_commandProxy->client();
    if (client < 0 && m_selectedEvent >= 0)
        client = m_run->event(quint32(m_selectedEvent)).client;
    qint64 sent = -1;
    auto lastCommandOf = [&](int c) -> qint64 {
        const auto &cmds = m_run->clientLanes()[std::size_t(c)].commands;
        const auto it =
            std::upper_bound(cmds.begin(), cmds.end(), timeUs,
                             [this](qint64 t, quint32 e) { return t < m_run->event(e).timeUs; });
        return it == cmds.begin() ? qint64(-1) : qint64(*(it - 1));
    };
    if (client >= 0 && std::size_t(client) < m_run->clientLanes().size()) {
        sent = lastCommandOf(client);
    } else {
        for (std::size_t c = 0; c < m_run->clientLanes().size(); ++c) {
            const qint64 e = lastCommandOf(int(c));
            if (e > sent)
                sent = e;
        }
    }
    if (sent < 0) {
        m_sourceView->setCurrentStep(-1, {});
        m_sourceLabel->setText(tr("No command sent yet."));
        return;
    }
    const Event &e = m_run->event(quint32(sent));
    const auto &clients = m_cursor.state().clients();
    const ClientState::Phase phase = std::size_t(e.client) < clients.size()
                                         ? clients[std::size_t(e.client)].phase
                                         : ClientState::Phase::Idle;
    const QByteArray text = m_run->log().strings().at(e.text);
    const int step = m_sourceView->source().stepForCommand(text, phase);
    m_sourceView->setCurrentStep(step, m_theme.client(e.client));
    const QString stepName =
        step >= 0 ? m_sourceView->source().steps[std::size_t(step)].label : tr("(other)");
    m_sourceLabel->setText(tr("%1's last command, at %2: step %3")
                               .arg(m_run->clientName(e.client), formatTime(e.timeUs), stepName));
}

void MainWindow::selectEvent(qint64 event)
{
    if (m_syncing)
        return;
    m_syncing = true;
    m_selectedEvent = event;
    m_timeline->setSelectedEvent(event);
    if (m_run && event >= 0 && std::size_t(event) < m_run->log().events().size()) {
        const Event &e = m_run->event(quint32(event));
        QString text = describeEvent(e, m_run->log());
        if (text.isEmpty())
            text =
                QString::fromLatin1(eventKindId(e.kind)) + QLatin1Char(' ') + m_run->text(e.text);
        statusBar()->showMessage(formatTime(e.timeUs) + QStringLiteral(" — ") + text);
        // The command log follows: this command, or the client's last one before it.
        int row =
            e.kind == EventKind::CommandSent ? m_commandModel->rowForEvent(quint32(event)) : -1;
        if (row < 0 && e.client >= 0)
            row = m_commandModel->rowAtOrBefore(e.timeUs, e.client);
        const QModelIndex proxy =
            row >= 0 ? m_commandProxy->mapFromSource(m_commandModel->index(row, 0)) : QModelIndex();
        if (proxy.isValid()) {
            m_commandView->selectionModel()->setCurrentIndex(
                proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_commandView->scrollTo(proxy);
        } else {
            m_commandView->clearSelection();
        }
    }
    m_syncing = false;
    updateSourceHighlight(m_playback->time());
}

void MainWindow::onCommandRowChanged()
{
    if (m_syncing || !m_run)
        return;
    const QModelIndex i = m_commandView->selectionModel()->currentIndex();
    if (!i.isValid())
        return;
    const qint64 event = i.data(CommandLogModel::EventRole).toLongLong();
    m_syncing = true;
    m_selectedEvent = event;
    m_timeline->setSelectedEvent(event);
    const Event &e = m_run->event(quint32(event));
    statusBar()->showMessage(tr("%1 — %2 → %3: %4")
                                 .arg(formatTime(e.timeUs), m_run->clientName(e.client),
                                      m_run->nodeName(e.node), m_run->text(e.text)));
    m_syncing = false;
}

void MainWindow::jumpToFinding(int row)
{
    if (!m_run || row < 0 || std::size_t(row) >= m_run->report().findings.size())
        return;
    const Finding &f = m_run->report().findings[std::size_t(row)];
    m_playback->pause();
    seek(f.timeUs);
    // Select the event that witnesses it: the finding's client's event at that instant.
    const auto &events = m_run->log().events();
    for (std::size_t i = m_run->eventCountAt(f.timeUs - 1); i < events.size(); ++i) {
        if (events[i].timeUs != f.timeUs)
            break;
        if (events[i].client == f.client && RunData::isNotable(events[i].kind)) {
            selectEvent(qint64(i));
            return;
        }
    }
    m_timeline->setSelectedEvent(-1);
}

// --- explanations -----------------------------------------------------------------------------

void MainWindow::updateExplanation()
{
    if (!m_explanation)
        return;
    Scenario s;
    currentScenario(&s);
    const auto strategy = createStrategy(m_strategyBox->currentData().toString());
    QString html = QStringLiteral("<h3 style='margin-bottom:4px'>%1</h3>")
                       .arg(scenarioTitle(s).toHtmlEscaped());
    html += QStringLiteral("<p style='margin-top:0'><i>%1</i></p><p>%2</p>")
                .arg(scenarioSummary(s).toHtmlEscaped(), scenarioExplanation(s).toHtmlEscaped());
    const QString file = currentScenarioFile();
    if (!file.isEmpty())
        html +=
            QStringLiteral("<p style='color:%1'>%2</p>")
                .arg(m_theme.mutedText.name(),
                     tr("From the file %1").arg(QDir::toNativeSeparators(file)).toHtmlEscaped());
    if (strategy) {
        const StrategyInfo &info = strategy->info();
        html += QStringLiteral("<h3 style='margin-bottom:4px'>%1 <span style='font-weight:normal;"
                               "color:%3'>(%2)</span></h3>")
                    .arg(strategyText(info.title).toHtmlEscaped(), info.id.toHtmlEscaped(),
                         m_theme.mutedText.name());
        html += QStringLiteral("<p style='margin-top:0'>%1</p>")
                    .arg(strategyText(info.summary).toHtmlEscaped());
        if (!info.flaw.isEmpty())
            html += QStringLiteral("<p><b style='color:%1'>%2</b> %3</p>")
                        .arg(m_theme.problem.name(), tr("Flaw:"),
                             strategyText(info.flaw).toHtmlEscaped());
        if (!info.caveat.isEmpty())
            html += QStringLiteral("<p><b style='color:%1'>%2</b> %3</p>")
                        .arg(m_theme.warning.name(), tr("Limits:"),
                             strategyText(info.caveat).toHtmlEscaped());
    }
    if (!m_injected.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b><br>").arg(tr("Faults added by hand:"));
        for (const FaultSpec &f : m_injected) {
            const QString target = f.client.isEmpty() ? (m_run ? m_run->nodeName(qint16(f.node))
                                                               : QString::number(f.node))
                                                      : f.client;
            html += tr("%1 on %2 at %3 ms")
                        .arg(faultActionId(f.action), target)
                        .arg(f.trigger.atMs)
                        .toHtmlEscaped() +
                    QStringLiteral("<br>");
        }
        html += QStringLiteral("</p>");
    }
    m_explanation->setHtml(html);
}

void MainWindow::updateVerdict()
{
    if (!m_verdict)
        return;
    if (!m_run) {
        m_verdict->setText(tr("Not run yet."));
        return;
    }
    const CheckReport &r = m_run->report();
    QStringList problems;
    if (r.violations)
        problems << tr("%n violation(s) (two holders for %1 s)", nullptr, int(r.violations))
                        .arg(double(r.overlapUs) / 1e6, 0, 'f', 2);
    if (r.mistakenDeletions)
        problems << tr("%n mistaken deletion(s)", nullptr, int(r.mistakenDeletions));
    if (r.stuckLocks)
        problems << tr("%n stuck lock(s)", nullptr, int(r.stuckLocks));
    if (r.lostUpdates)
        problems << tr("%n lost update(s)", nullptr, int(r.lostUpdates));
    // The matrix's rule (runVerdict): a fencing strategy's overlaps whose stale writes the
    // resource rejected are not a safety problem.
    const auto strategy = createStrategy(m_run->request().strategyId);
    const bool safe = !runIsUnsafe(r, strategy && strategy->info().fencing);
    if (safe)
        problems.clear();
    QString text = safe ? QStringLiteral("<b style='color:%1'>%2</b>")
                              .arg(m_theme.good.name(), tr("Safe in this run."))
                        : QStringLiteral("<b style='color:%1'>%2</b> %3")
                              .arg(m_theme.problem.name(), tr("UNSAFE in this run:"),
                                   problems.join(QStringLiteral(", ")).toHtmlEscaped());
    if (r.staleWritesRejected)
        text += QStringLiteral("<br>") + tr("%n stale write(s) rejected by the fenced resource.",
                                            nullptr, int(r.staleWritesRejected));
    const QString cost = r.acquisitions == 0
                             ? tr("Nobody acquired the lock.")
                             : tr("%n acquisition(s), %1 commands each, median wait %2 ms", nullptr,
                                  int(r.acquisitions))
                                   .arg(r.commandsPerAcquisition().value_or(0), 0, 'f', 1)
                                   .arg(r.latencyP50Ms.value_or(0), 0, 'f', 1);
    text += QStringLiteral("<br><span style='color:%1'>%2</span>")
                .arg(m_theme.mutedText.name(), cost.toHtmlEscaped());
    m_verdict->setText(text);
}

// --- export -----------------------------------------------------------------------------------

namespace {
bool commitOrExplain(QSaveFile &file, const QString &what, QString *error)
{
    if (!file.commit()) {
        if (error)
            *error = MainWindow::tr("Cannot write the %1 to %2: %3")
                         .arg(what, file.fileName(), file.errorString());
        return false;
    }
    return true;
}
} // namespace

bool MainWindow::exportTimelinePng(const QString &path, QString *error)
{
    if (!m_run) {
        if (error)
            *error = tr("Nothing to export: run a simulation first.");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Cannot write the timeline to %1: %2").arg(path, file.errorString());
        return false;
    }
    const QSize size = m_timeline->exportSize(qMax(1200, m_timeline->viewport()->width()));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(m_theme.base);
    {
        QPainter p(&image);
        m_timeline->renderAll(p, size);
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        if (error)
            *error = tr("Cannot encode the timeline as PNG.");
        return false;
    }
    return commitOrExplain(file, tr("timeline"), error);
}

bool MainWindow::exportTimelineSvg(const QString &path, QString *error)
{
#ifdef LOCKSCOPE_HAVE_SVG
    if (!m_run) {
        if (error)
            *error = tr("Nothing to export: run a simulation first.");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Cannot write the timeline to %1: %2").arg(path, file.errorString());
        return false;
    }
    const QSize size = m_timeline->exportSize(qMax(1200, m_timeline->viewport()->width()));
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(tr("LockScope timeline: %1 with %2")
                     .arg(m_run->request().scenarioId, m_run->request().strategyId));
    {
        QPainter p(&svg);
        m_timeline->renderAll(p, size);
    }
    file.write(buffer.data());
    return commitOrExplain(file, tr("timeline"), error);
#else
    Q_UNUSED(path);
    if (error)
        *error = tr("This build of LockScope cannot write SVG (Qt SVG was not found).");
    return false;
#endif
}

bool MainWindow::exportEventLog(const QString &path, QString *error)
{
    if (!m_run) {
        if (error)
            *error = tr("Nothing to export: run a simulation first.");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Cannot write the event log to %1: %2").arg(path, file.errorString());
        return false;
    }
    m_run->log().writeJsonLines(file);
    return commitOrExplain(file, tr("event log"), error);
}

void MainWindow::exportWithDialog(int kind)
{
    if (!m_run)
        return;
    QSettings settings;
    const QString dir = m_options.persistSettings
                            ? settings.value(QStringLiteral("export/dir")).toString()
                            : QString();
    const QString base = QStringLiteral("%1-%2").arg(
        m_request.fromFile() ? QFileInfo(m_request.scenarioFile).completeBaseName()
                             : m_request.scenarioId,
        m_request.strategyId);
    const QString suffix = kind == 0   ? QStringLiteral(".png")
                           : kind == 1 ? QStringLiteral(".svg")
                                       : QStringLiteral(".jsonl");
    const QString filter = kind == 0   ? tr("PNG images (*.png)")
                           : kind == 1 ? tr("SVG drawings (*.svg)")
                                       : tr("JSON Lines (*.jsonl)");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export"),
        dir.isEmpty() ? QString(base + suffix) : QString(dir + QLatin1Char('/') + base + suffix),
        filter);
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = kind == 0   ? exportTimelinePng(path, &error)
                    : kind == 1 ? exportTimelineSvg(path, &error)
                                : exportEventLog(path, &error);
    if (!ok) {
        showWarning(tr("Export failed"), error);
        return;
    }
    if (m_options.persistSettings)
        settings.setValue(QStringLiteral("export/dir"), QFileInfo(path).absolutePath());
    statusBar()->showMessage(tr("Exported to %1").arg(path), 5000);
}

void MainWindow::showCommandsTab()
{
    m_detailsTabs->setCurrentIndex(0);
}

void MainWindow::showSourceTab()
{
    m_detailsTabs->setCurrentIndex(1);
}

} // namespace lockscope::ui
