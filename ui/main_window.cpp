#include "main_window.h"

#include "common/language.h"
#include "common/theme.h"
#include "compare/compare_page.h"
#include "compare/compare_settings.h"
#include "explore/explore_page.h"
#include "monitor/monitor_page.h"
#include "timeline/timeline_widget.h"
#include "workspace/playback.h"
#include "workspace/run_toolbar.h"
#include "workspace/workspace_page.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

namespace lockscope::ui {

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

    WorkspacePage::Options workspaceOptions;
    workspaceOptions.persistSettings = m_options.persistSettings;
    m_workspace = new WorkspacePage(workspaceOptions);
    connect(
        m_workspace, &WorkspacePage::statusMessage, this,
        [this](const QString &text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(m_workspace, &WorkspacePage::runShown, this, &MainWindow::updateWindowTitle);

    buildActions();
    buildPageBar();
    addToolBar(m_workspace->runToolBar());
    buildPages();
    buildDocks();
    buildMenus();
    retranslateUi();

    // A sensible first layout; settings may replace it.
    resize(1500, 940);
    resizeDocks({m_explainDock}, {360}, Qt::Horizontal);
    resizeDocks({m_keysDock, m_detailsDock}, {280, 280}, Qt::Vertical);
    resizeDocks({m_keysDock, m_detailsDock}, {560, 600}, Qt::Horizontal);
    resizeDocks({m_explainDock, m_findingsDock}, {520, 300}, Qt::Vertical);

    statusBar()->showMessage(WorkspacePage::hint());
    if (m_options.persistSettings)
        loadSettings(); // may say which recent scenario files could not be read
}

MainWindow::~MainWindow() = default;

// --- texts ------------------------------------------------------------------------------------

// The window's own texts, in the current language: called by the constructor and again on
// QEvent::LanguageChange (View > Language); every page retranslates itself.
void MainWindow::retranslateUi()
{
    updateWindowTitle();
    m_darkAction->setText(tr("&Dark Palette"));

    // Pages.
    m_pageToolBar->setWindowTitle(tr("Pages"));
    const QString pageTexts[][2] = {
        {tr("&Workspace"), tr("Simulate one scenario and play it back (Ctrl+1)")},
        {tr("&Compare"), tr("Every strategy under the same workload and faults (Ctrl+2)")},
        {tr("&Monitor"), tr("Watch the lock keys of a real Redis, read-only (Ctrl+3)")},
        {tr("&Explore"), tr("The smallest fault sets that break each lock (Ctrl+4)")},
    };
    for (int i = 0; i < int(m_pageActions.size()); ++i) {
        m_pageActions[i]->setText(pageTexts[i][0]);
        m_pageActions[i]->setToolTip(pageTexts[i][1]);
    }

    // Docks.
    m_explainDock->setWindowTitle(tr("Scenario and Strategy"));
    m_findingsDock->setWindowTitle(tr("What the Checker Found"));
    m_keysDock->setWindowTitle(tr("Lock Keys in Redis"));
    m_detailsDock->setWindowTitle(tr("Commands and Source"));

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

    statusBar()->showMessage(WorkspacePage::hint());
}

void MainWindow::updateWindowTitle()
{
    const std::shared_ptr<const RunData> run = m_workspace->run();
    if (!run) {
        setWindowTitle(tr("LockScope"));
        return;
    }
    const RunRequest &r = run->request();
    // The user's scripts by their files: "custom" would not say which.
    const QString strategy =
        r.isCustom() ? QStringLiteral("%1 + %2").arg(QFileInfo(r.acquireScript).fileName(),
                                                     QFileInfo(r.releaseScript).fileName())
                     : r.strategyId;
    setWindowTitle(
        tr("LockScope — %1 · %2")
            .arg(r.fromFile() ? QFileInfo(r.scenarioFile).fileName() : r.scenarioId, strategy));
}

// --- building ---------------------------------------------------------------------------------

void MainWindow::buildActions()
{
    // The workspace's keys work wherever the focus is in the window.
    addActions(m_workspace->actions().withKeys());

    m_darkAction = new QAction(this);
    m_darkAction->setCheckable(true);
    m_darkAction->setChecked(isDarkPalette(QApplication::palette()));
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDarkPalette);
}

void MainWindow::buildPageBar()
{
    auto *bar = addToolBar(QString());
    m_pageToolBar = bar;
    bar->setObjectName(QStringLiteral("PageToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *group = new QActionGroup(this);
    for (int i = 0; i <= int(Page::Explore); ++i) {
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

void MainWindow::buildPages()
{
    m_pages = new QStackedWidget;
    m_pages->addWidget(m_workspace);
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
    m_explorePage = new ExplorePage;
    m_pages->addWidget(scrolled(m_explorePage));
    setCentralWidget(m_pages);
    // Run on Your Own Redis… offers the monitor's saved profiles, with their passwords.
    m_workspace->setProfiles([this] { return m_monitorPage->profiles(); },
                             [this](const ConnectionProfile &profile,
                                    std::function<bool(const ConnectionProfile &)> then) {
                                 return m_monitorPage->withPassword(profile, std::move(then));
                             });
    const auto open = [this](const RunRequest &request, qint64 atUs) {
        QString error;
        if (!openRun(request, atUs, &error) && !error.isEmpty()) // empty: cancelled
            showWarning(tr("Cannot open the run"), error);
    };
    connect(m_comparePage, &ComparePage::openRunRequested, this, open);
    // A counterexample of the Explore page: its scenario, at its finding.
    connect(m_explorePage, &ExplorePage::openRunRequested, this, open);
    // The monitor's What if…: the recorded workload runs in the workspace under the strategy
    // its lock format implies (faults are added there by hand), and the Compare page has it
    // chosen, to compare every strategy on it.
    connect(m_monitorPage, &MonitorPage::whatIfReady, this,
            [this](const QString &path, const QString &strategy) {
                QString error;
                if (!m_comparePage->settingsWidget()->addScenarioFile(path, &error) ||
                    !m_workspace->addScenarioFile(path, &error)) {
                    showWarning(tr("What if…"), error);
                    return;
                }
                m_workspace->setStrategy(strategy);
                setPage(Page::Workspace);
                if (!m_workspace->runNow(&error) && !error.isEmpty())
                    showWarning(tr("What if…"), error);
            });
}

// The workspace's panes, in docks of the window: the explanation and the findings on the left,
// the keys and the commands with the source below the timeline.
void MainWindow::buildDocks()
{
    auto dock = [this](const char *name, QWidget *pane, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(this);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(pane);
        addDockWidget(area, d);
        return d;
    };
    m_explainDock = dock("ExplainDock", m_workspace->explanationPane(), Qt::LeftDockWidgetArea);
    m_findingsDock = dock("FindingsDock", m_workspace->findingsPane(), Qt::LeftDockWidgetArea);
    m_keysDock = dock("KeysDock", m_workspace->keysPane(), Qt::BottomDockWidgetArea);
    m_detailsDock = dock("DetailsDock", m_workspace->detailsPane(), Qt::BottomDockWidgetArea);
    splitDockWidget(m_keysDock, m_detailsDock, Qt::Horizontal);
}

QList<QDockWidget *> MainWindow::docks() const
{
    return {m_explainDock, m_findingsDock, m_keysDock, m_detailsDock};
}

void MainWindow::buildMenus()
{
    const WorkspaceActions &w = m_workspace->actions();
    QMenu *file = m_fileMenu = menuBar()->addMenu(QString());
    file->addAction(w.openScenario);
    file->addSeparator();
    file->addAction(w.exportPng);
    file->addAction(w.exportSvg);
    file->addAction(w.exportLog);
    file->addSeparator();
    m_quitAction = file->addAction(QString(), this, &QWidget::close);
    m_quitAction->setShortcut(QKeySequence::Quit);

    QMenu *run = m_runMenu = menuBar()->addMenu(QString());
    run->addAction(w.run);
    run->addAction(w.runLive);
    run->addAction(w.runLiveOn);
    run->addAction(w.cancelRun);
    run->addAction(w.useScripts);
    run->addAction(w.clearFaults);

    QMenu *play = m_playMenu = menuBar()->addMenu(QString());
    play->addAction(w.play);
    play->addSeparator();
    play->addAction(w.previous);
    play->addAction(w.next);
    play->addAction(w.previousCommand);
    play->addAction(w.nextCommand);
    play->addAction(w.start);
    play->addAction(w.end);
    play->addSeparator();
    play->addAction(w.slower);
    play->addAction(w.faster);

    QMenu *view = m_viewMenu = menuBar()->addMenu(QString());
    view->addActions(m_pageActions);
    view->addSeparator();
    TimelineWidget *timeline = m_workspace->timeline();
    view->addAction(timeline->fitAction());
    view->addAction(timeline->zoomBackAction());
    view->addAction(timeline->zoomResetAction());
    view->addSeparator();
    view->addAction(w.showFuture);
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
    for (QDockWidget *d : docks())
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
        m_workspace->playback()->pause();
    }
    m_pages->setCurrentIndex(int(p));
    const bool workspace = p == Page::Workspace;
    if (workspace) {
        restoreState(m_workspaceState);
        statusBar()->showMessage(WorkspacePage::hint());
    } else {
        statusBar()->clearMessage();
        for (QDockWidget *d : docks())
            d->hide();
        m_workspace->runToolBar()->hide();
    }
    m_workspace->setActionsEnabled(workspace);
}

bool MainWindow::openRun(const RunRequest &request, qint64 atUs, QString *error)
{
    if (!m_workspace->setRequest(request, error))
        return false;
    setPage(Page::Workspace);
    if (!m_workspace->runNow(error))
        return false;
    m_workspace->playback()->pause();
    m_workspace->seek(atUs);
    return true;
}

void MainWindow::showWarning(const QString &title, const QString &text)
{
    if (m_messageHandler)
        m_messageHandler(title, text);
    else
        QMessageBox::warning(this, title, text);
}

QString MainWindow::statusText() const
{
    return statusBar()->currentMessage();
}

// --- settings and appearance ------------------------------------------------------------------

void MainWindow::loadSettings()
{
    QSettings s;
    m_workspace->loadSettings(s);
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
    m_workspace->saveSettings(s);
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
    if (event->type() == QEvent::LanguageChange)
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
    m_workspace->applyTheme();
}

void MainWindow::changeFontSize(int delta)
{
    QFont f = QApplication::font();
    f.setPointSize(qBound(7, f.pointSize() + delta, 32));
    QApplication::setFont(f);
    m_workspace->adaptToFont(f);
}

} // namespace lockscope::ui
