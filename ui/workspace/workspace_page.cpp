#include "workspace_page.h"

#include "caption_bar.h"
#include "command_log_model.h"
#include "common/key_table_model.h"
#include "common/language.h"
#include "details_pane.h"
#include "fault_menus.h"
#include "findings_model.h"
#include "findings_pane.h"
#include "keys_pane.h"
#include "live_twin.h"
#include "live_twin_panel.h"
#include "lock/strategy_registry.h"
#include "monitor/monitor_options.h"
#include "playback.h"
#include "playback_bar.h"
#include "run_explanation.h"
#include "run_toolbar.h"
#include "scenario_file_list.h"
#include "scenario_texts.h"
#include "sim/explain.h"
#include "strategy_source.h"
#include "strategy_source_view.h"
#include "timeline/timeline_widget.h"

#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QComboBox>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>

#include <algorithm>

namespace lockscope::ui {

WorkspacePage::WorkspacePage(const Options &options, QWidget *parent)
    : QWidget(parent)
    , m_options(options)
{
    m_theme = Theme::forPalette(palette());
    m_playback = new Playback(this);
    m_keyModel = new KeyTableModel(this);
    m_commandModel = new CommandLogModel(this);
    m_commandProxy = new CommandFilterProxy(this);
    m_commandProxy->setSourceModel(m_commandModel);
    m_findingsModel = new FindingsModel(this);

    // One run at a time: a new one waits only for the one it replaces to notice its stop.
    m_runPool.setMaxThreadCount(1);
    buildActions();
    // Placed by the main window; parentless until then.
    m_runToolBar = new RunToolBar(m_actions.run, m_actions.cancelRun, m_actions.clearFaults);
    connect(m_runToolBar->scenarioBox(), &QComboBox::currentIndexChanged, this, [this] {
        onScenarioChosen();
        startRun();
    });
    connect(m_runToolBar->strategyBox(), &QComboBox::currentIndexChanged, this, [this] {
        onStrategyChosen();
        startRun();
    });
    buildCentre();
    buildPanes();
    retranslateUi();
    applyTheme();

    connect(m_playback, &Playback::timeChanged, this, &WorkspacePage::onTimeChanged);
    connect(m_playback, &Playback::playingChanged, this,
            [this](bool playing) { m_actions.showPlaying(playing); });
    onScenarioChosen();
    onStrategyChosen();
}

WorkspacePage::~WorkspacePage()
{
    // A user's script stops at once; a built-in run ends within its few milliseconds. Its
    // result is dropped (the page is gone).
    if (m_runStop)
        m_runStop->store(true);
    m_runPool.waitForDone();
}

QString WorkspacePage::hint()
{
    return tr("Space: play/pause · , and . : previous/next event · W/S: zoom · A/D: "
              "pan · F: fit · right-click a lane to inject a fault");
}

// --- texts ------------------------------------------------------------------------------------

// Every text of the workspace, in the current language: called by the constructor and again on
// QEvent::LanguageChange (View > Language). The texts that depend on the run are made again by
// their update functions; the models re-read theirs.
void WorkspacePage::retranslateUi()
{
    m_language = currentLanguage(); // the scenario texts follow too

    m_actions.retranslate(m_playback->isPlaying());
    m_runToolBar->retranslate();
    updateFaults();
    m_playbackBar->retranslate();

    // Panes.
    m_findingsPane->retranslate();
    m_details->retranslate();

    // What depends on the run and the instant.
    m_keyModel->retranslate();
    m_commandModel->retranslate();
    m_findingsModel->retranslate();
    if (m_runToolBar->strategyBox()->count() > 0)
        onStrategyChosen();
    updateExplanation();
    updateVerdict();
    const qint64 t = m_playback->time();
    updateSourceHighlight(t);
    if (m_run) {
        m_caption->reset();
        m_caption->showAt(*m_run, t, m_language);
        m_playbackBar->showTime(t);
    }
}

void WorkspacePage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

// --- building ---------------------------------------------------------------------------------

void WorkspacePage::buildActions()
{
    m_actions = WorkspaceActions::create(this);
    const WorkspaceActions &a = m_actions;
    connect(a.openScenario, &QAction::triggered, this, &WorkspacePage::openScenarioFileWithDialog);
    connect(a.run, &QAction::triggered, this, &WorkspacePage::startRun);
    connect(a.cancelRun, &QAction::triggered, this, &WorkspacePage::cancelRun);
    connect(a.runLive, &QAction::triggered, this, &WorkspacePage::startLiveRun);
    connect(a.runLiveOn, &QAction::triggered, this, &WorkspacePage::chooseLiveServersWithDialog);
    connect(a.useScripts, &QAction::triggered, this, &WorkspacePage::chooseScriptsWithDialog);
    connect(a.play, &QAction::triggered, this, [this] { m_playback->togglePlay(); });
    connect(a.next, &QAction::triggered, this, &WorkspacePage::stepForward);
    connect(a.previous, &QAction::triggered, this, &WorkspacePage::stepBackward);
    connect(a.nextCommand, &QAction::triggered, this, [this] { stepByCommand(+1); });
    connect(a.previousCommand, &QAction::triggered, this, [this] { stepByCommand(-1); });
    connect(a.start, &QAction::triggered, this, [this] { seek(0); });
    connect(a.end, &QAction::triggered, this, [this] { seek(m_playback->end()); });
    connect(a.faster, &QAction::triggered, m_playback, &Playback::faster);
    connect(a.slower, &QAction::triggered, m_playback, &Playback::slower);
    connect(a.clearFaults, &QAction::triggered, this, &WorkspacePage::clearInjectedFaults);
    using Kind = WorkspaceExport::Kind;
    connect(a.exportPng, &QAction::triggered, this,
            [this] { exportWithDialog(Kind::TimelinePng); });
    connect(a.exportSvg, &QAction::triggered, this,
            [this] { exportWithDialog(Kind::TimelineSvg); });
    connect(a.exportLog, &QAction::triggered, this, [this] { exportWithDialog(Kind::EventLog); });
}

void WorkspacePage::buildCentre()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_caption = new CaptionBar(font());
    layout->addWidget(m_caption);

    // The simulation's timeline above, the live twin's panel under it once there is one.
    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    m_timeline = new TimelineWidget;
    split->addWidget(m_timeline);
    m_livePanel = new LiveTwinPanel;
    m_livePanel->hide();
    split->addWidget(m_livePanel);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    m_playbackBar = new PlaybackBar(
        m_playback, {m_actions.start, m_actions.previous, m_actions.play, m_actions.next});
    layout->addWidget(m_playbackBar);

    connect(m_timeline, &TimelineWidget::seekRequested, this, [this](qint64 t) {
        m_playback->pause();
        seek(t);
    });
    connect(m_timeline, &TimelineWidget::eventSelected, this, &WorkspacePage::selectEvent);
    connect(m_timeline, &TimelineWidget::clientMenuRequested, this, &WorkspacePage::showClientMenu);
    connect(m_timeline, &TimelineWidget::nodeMenuRequested, this, &WorkspacePage::showNodeMenu);
    connect(m_actions.showFuture, &QAction::toggled, m_timeline, &TimelineWidget::setShowFuture);

    // The live twin: the same time axis as the simulation (its events are on the scenario's
    // clock), zoomed and panned together, and the same playback instant.
    m_liveTwin = new LiveTwin(this);
    TimelineWidget *live = m_livePanel->timeline();
    connect(m_actions.showFuture, &QAction::toggled, live, &TimelineWidget::setShowFuture);
    const auto follow = [this](TimelineWidget *to) {
        return [this, to](qint64 startUs, qint64 endUs) {
            if (m_syncingViews || !to->isVisible())
                return;
            m_syncingViews = true;
            to->setViewRange(startUs, endUs);
            m_syncingViews = false;
        };
    };
    connect(m_timeline, &TimelineWidget::viewRangeChanged, this, follow(live));
    connect(live, &TimelineWidget::viewRangeChanged, this, follow(m_timeline));
    connect(live, &TimelineWidget::seekRequested, this, [this](qint64 t) {
        m_playback->pause();
        seek(t);
    });
    connect(m_liveTwin, &LiveTwin::progress, m_livePanel, &LiveTwinPanel::showProgress);
    connect(m_liveTwin, &LiveTwin::finished, this, &WorkspacePage::onLiveFinished);
    connect(m_liveTwin, &LiveTwin::runningChanged, this, [this] { updateCancelEnabled(); });
    connect(m_livePanel, &LiveTwinPanel::cancelRequested, m_liveTwin, &LiveTwin::cancel);
    connect(m_livePanel, &LiveTwinPanel::closeRequested, this, &WorkspacePage::hideLiveRun);
    connect(m_livePanel, &LiveTwinPanel::modeChanged, this, [this](LiveTwinPanel::Mode mode) {
        m_timeline->setOverlay(mode == LiveTwinPanel::Mode::Overlaid ? m_livePanel->run()
                                                                     : nullptr);
        updateLegends();
        if (mode == LiveTwinPanel::Mode::Beside) {
            const TimeRange range = m_timeline->viewRange();
            m_livePanel->timeline()->setViewRange(range.startUs, range.endUs);
        }
    });
}

void WorkspacePage::startLiveRun()
{
    startLiveRunOn(QString());
}

bool WorkspacePage::startLiveRunOn(const QString &urls, QString *error)
{
    QList<ConnectionOptions> servers;
    QStringList where;
    for (const QString &url : urls.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        ConnectionOptions server;
        QString why;
        if (!ConnectionOptions::fromUrl(url.trimmed(), &server, &why))
            return refuseLiveRun(tr("%1: %2").arg(url.trimmed(), why), error);
        servers << server;
        where << QStringLiteral("%1:%2").arg(server.host).arg(server.port);
    }
    return startLiveRunOnServers(servers, where.join(QStringLiteral(", ")), error);
}

bool WorkspacePage::startLiveRunOnProfile(const ConnectionProfile &profile, QString *error)
{
    if (profile.sentinel || profile.cluster)
        return refuseLiveRun(
            tr("\"%1\" names a Sentinel or a Cluster; a live run needs the server of "
               "each lock node: choose a profile of one server, or give its URL")
                .arg(profile.name),
            error);
    if (!profile.allowWrites)
        return refuseLiveRun(
            tr("\"%1\" is read-only (Allow writes is off in the profile), and a live "
               "run writes its lock keys: allow writes there, or give a URL")
                .arg(profile.name),
            error);
    const auto start = [this](const ConnectionProfile &p) {
        MonitorOptions options;
        QString why;
        if (!p.toMonitorOptions(&options, &why)) {
            showWarning(tr("Cannot run on real Redis"), why);
            return false;
        }
        return startLiveRunOnServers({options.connection}, p.serverText(), nullptr);
    };
    if (!m_profilePassword)
        return start(profile);
    return m_profilePassword(profile, start);
}

bool WorkspacePage::startLiveRunOnServers(const QList<ConnectionOptions> &servers,
                                          const QString &where, QString *error)
{
    RunData::LiveOptions options;
    options.timeScale = m_liveTimeScale;
    options.servers = servers;
    // The simulation of the same cell first (milliseconds), so that both show.
    QString why;
    if (!runNow(&why)) {
        if (error)
            *error = why;
        else if (!why.isEmpty())
            showWarning(tr("Cannot run"), why);
        return false;
    }
    m_liveSource = m_run.get();
    m_livePanel->show();
    updateLegends();
    m_livePanel->showStarted(servers.isEmpty() ? tr("local redis-server processes") : where);
    m_liveTwin->start(m_run->request(), options);
    emit statusMessage(tr("Playing %1 with %2 on real Redis… (Esc cancels)")
                           .arg(m_run->request().scenarioId, m_run->request().isCustom()
                                                                 ? tr("your scripts")
                                                                 : m_run->request().strategyId),
                       0);
    return true;
}

bool WorkspacePage::refuseLiveRun(const QString &message, QString *error)
{
    if (error)
        *error = message;
    else
        showWarning(tr("Cannot run on real Redis"), message);
    return false;
}

void WorkspacePage::chooseLiveServersWithDialog()
{
    // The saved profiles first, by name and address; any other text is URLs.
    const QList<ConnectionProfile> profiles =
        m_profileList ? m_profileList() : QList<ConnectionProfile>();
    QStringList items;
    for (const ConnectionProfile &p : profiles)
        items << tr("Profile %1").arg(p.serverText());
    items << (m_liveServerUrls.isEmpty() ? QStringLiteral("redis://127.0.0.1:6379")
                                         : m_liveServerUrls);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(
        this, tr("Run on Your Own Redis"),
        tr("A saved connection profile, or your servers as redis:// URLs, one per lock node, "
           "separated by commas. Only the client-side faults are done there; the keys go under "
           "a random prefix and are deleted afterwards."),
        items, profiles.isEmpty() ? 0 : int(items.size()) - 1, true, &ok);
    if (!ok || chosen.trimmed().isEmpty())
        return;
    const qsizetype profile = items.indexOf(chosen);
    if (profile >= 0 && profile < profiles.size()) {
        startLiveRunOnProfile(profiles[profile]);
        return;
    }
    m_liveServerUrls = chosen.trimmed();
    startLiveRunOn(m_liveServerUrls);
}

bool WorkspacePage::runLiveNow(QString *error, const QString &urls)
{
    QString why;
    if (!startLiveRunOn(urls, &why)) {
        if (error)
            *error = why;
        return false;
    }
    m_liveWaited = true;
    const bool ok = m_liveTwin->waitForEnd();
    m_liveWaited = false;
    if (!ok && error)
        *error = m_liveError;
    return ok;
}

void WorkspacePage::onLiveFinished(std::shared_ptr<const RunData> live,
                                   const RunData::LiveFacts &facts, const QString &error)
{
    emit statusMessage(hint(), 0);
    m_liveError = error;
    if (!live || m_run.get() != m_liveSource) {
        m_livePanel->showFailure(live ? tr("The run shown changed; the live run was dropped.")
                                      : error);
        if (!error.isEmpty() && !m_liveWaited)
            showWarning(tr("Cannot run on real Redis"), error);
        return;
    }
    m_livePanel->showRun(live, m_run.get(), facts.servers, facts.timeScale, facts.wallMs,
                         facts.notes);
    if (m_livePanel->mode() == LiveTwinPanel::Mode::Overlaid)
        m_timeline->setOverlay(live);
    const TimeRange range = m_timeline->viewRange();
    m_livePanel->timeline()->setViewRange(range.startUs, range.endUs);
    m_livePanel->timeline()->setPlayhead(m_playback->time());
    // The live run may end a little after its simulation: the playback reaches both ends.
    const qint64 end = qMax(m_run->endUs(), live->endUs());
    m_playbackBar->setRunEnd(end);
    m_playback->setEnd(end);
}

void WorkspacePage::hideLiveRun()
{
    m_liveTwin->cancel();
    m_liveSource = nullptr;
    m_timeline->setOverlay(nullptr);
    m_livePanel->showRun(nullptr, nullptr, {}, 1.0, 0, {});
    m_livePanel->hide();
    updateLegends();
}

void WorkspacePage::updateLegends()
{
    // Beside, one legend under both timelines serves both; the simulation's lanes keep the room.
    const bool beside =
        !m_livePanel->isHidden() && m_livePanel->mode() == LiveTwinPanel::Mode::Beside;
    m_timeline->setLegendVisible(!beside);
    m_livePanel->timeline()->setLegendVisible(beside);
}

void WorkspacePage::updateCancelEnabled()
{
    m_actions.cancelRun->setEnabled((m_running || m_liveTwin->isRunning()) && m_actionsEnabled);
}

// The panes are made parentless: the main window docks them.
void WorkspacePage::buildPanes()
{
    // Scenario and strategy, explained.
    m_explanation = new QTextBrowser;
    m_explanation->setObjectName(QStringLiteral("Explanation"));
    m_explanation->setOpenLinks(false);
    m_explanation->setFrameShape(QFrame::NoFrame);

    // The verdict and the findings.
    m_findingsPane = new FindingsPane(m_findingsModel);
    connect(m_findingsPane, &FindingsPane::findingChosen, this, &WorkspacePage::jumpToFinding);

    m_keysPane = new KeysPane(m_keyModel);

    // Commands and the strategy's source, tabbed.
    m_details = new DetailsPane(m_commandModel, m_commandProxy);
    connect(m_details, &DetailsPane::clientFilterChanged, this,
            [this] { updateSourceHighlight(m_playback->time()); });
    connect(m_details, &DetailsPane::showAllChanged, this,
            [this] { m_commandModel->setTime(m_playback->time()); });
    connect(m_details, &DetailsPane::commandChosen, this, &WorkspacePage::onCommandChosen);
}

QWidget *WorkspacePage::explanationPane() const
{
    return m_explanation;
}

QWidget *WorkspacePage::findingsPane() const
{
    return m_findingsPane;
}

QWidget *WorkspacePage::keysPane() const
{
    return m_keysPane;
}

QWidget *WorkspacePage::detailsPane() const
{
    return m_details;
}

StrategySourceView *WorkspacePage::sourceView() const
{
    return m_details->sourceView();
}

QTableView *WorkspacePage::commandView() const
{
    return m_details->commandView();
}

QComboBox *WorkspacePage::scenarioPicker() const
{
    return m_runToolBar->scenarioBox();
}

void WorkspacePage::setActionsEnabled(bool enabled)
{
    m_actionsEnabled = enabled;
    for (QAction *action : m_actions.workspaceOnly())
        action->setEnabled(enabled);
    // Esc belongs to the page that shows (the Compare page cancels its comparison with it).
    updateCancelEnabled();
}

// --- settings and appearance ------------------------------------------------------------------

void WorkspacePage::loadSettings(const QSettings &s)
{
    const QStringList errors = m_runToolBar->loadSettings(s, m_language);
    m_playback->setSpeed(s.value(QStringLiteral("playback/speed"), 1.0).toDouble());
    m_actions.showFuture->setChecked(s.value(QStringLiteral("view/showFuture"), true).toBool());
    if (!errors.isEmpty())
        emit statusMessage(
            tr("%n recent scenario file(s) could not be read: %1", nullptr, int(errors.size()))
                .arg(errors.first()),
            0);
    onScenarioChosen();
    onStrategyChosen();
}

void WorkspacePage::saveSettings(QSettings &s) const
{
    m_runToolBar->saveSettings(s);
    s.setValue(QStringLiteral("playback/speed"), m_playback->speed());
    s.setValue(QStringLiteral("view/showFuture"), m_actions.showFuture->isChecked());
}

void WorkspacePage::applyTheme()
{
    m_theme = Theme::forPalette(QApplication::palette());
    if (!m_caption)
        return;
    m_caption->applyTheme(m_theme, font());
    m_playbackBar->applyTheme(m_theme);
    m_timeline->setTheme(m_theme);
    m_livePanel->applyTheme(m_theme);
    m_keyModel->setTheme(m_theme);
    m_commandModel->setTheme(m_theme);
    m_findingsModel->setTheme(m_theme);
    updateVerdict();
    updateExplanation();
    updateSourceHighlight(m_playback->time());
}

void WorkspacePage::adaptToFont(const QFont &f)
{
    m_caption->adaptToFont(f);
    m_keysPane->adaptToFont(f);
    m_details->adaptToFont(f);
    m_commandModel->refreshFont();
}

// --- choosing and running ---------------------------------------------------------------------

bool WorkspacePage::setScenario(const QString &id)
{
    if (!m_runToolBar->selectScenario(id))
        return false;
    onScenarioChosen();
    return true;
}

bool WorkspacePage::setStrategy(const QString &id)
{
    if (!m_runToolBar->selectStrategy(id))
        return false;
    onStrategyChosen();
    return true;
}

void WorkspacePage::setSeed(quint64 seed)
{
    m_runToolBar->setSeed(seed);
}

void WorkspacePage::setClientCount(int clients)
{
    m_runToolBar->setClientCount(clients);
}

void WorkspacePage::setTtlMs(qint64 ttlMs)
{
    m_runToolBar->setTtlMs(ttlMs);
}

void WorkspacePage::setWaitMode(const QString &mode)
{
    m_runToolBar->setWaitMode(mode);
}

bool WorkspacePage::setRequest(const RunRequest &request, QString *error)
{
    QString why;
    if (!RunData::canRun(request, &why)) { // checked first: nothing changes when it cannot run
        if (error)
            *error = why;
        return false;
    }
    if (!m_runToolBar->selectRequest(request, m_language)) {
        if (error)
            *error = tr("The scenario or strategy of this run is not known here.");
        return false;
    }
    onScenarioChosen();
    onStrategyChosen();
    setSeed(request.seed);
    if (request.clients > 0)
        setClientCount(request.clients);
    if (request.ttlMs > 0)
        setTtlMs(request.ttlMs);
    setWaitMode(request.waitMode);
    m_injected = request.injectedFaults;
    updateFaults();
    return true;
}

void WorkspacePage::onScenarioChosen()
{
    Scenario s;
    if (!m_runToolBar->currentScenario(&s))
        return;
    // The scenario's own parameters; hand-made faults belong to the scenario they were made in.
    m_runToolBar->showScenarioDefaults(s);
    m_injected.clear();
    updateFaults();
    updateExplanation();
}

void WorkspacePage::onStrategyChosen()
{
    const RunRequest request = currentRequest();
    if (request.isCustom())
        m_details->showSource(
            StrategySource::forScripts(request.acquireScript, request.releaseScript));
    else
        m_details->showStrategy(request.strategyId);
    updateExplanation();
    updateSourceHighlight(m_playback->time());
}

RunRequest WorkspacePage::currentRequest() const
{
    return m_runToolBar->request(m_injected);
}

void WorkspacePage::startRun()
{
    launchRun(currentRequest(),
              [this](std::shared_ptr<const RunData> run, const QString &error, bool cancelled) {
                  if (run)
                      showRunResult(std::move(run));
                  else if (!cancelled)
                      showWarning(tr("Cannot run"), error); // one message; the run shown stays
              });
}

bool WorkspacePage::runNow(QString *error)
{
    bool ok = false;
    const quint64 number =
        launchRun(currentRequest(),
                  [this, &ok, error](std::shared_ptr<const RunData> run, const QString &why, bool) {
                      ok = run != nullptr;
                      if (error)
                          *error = why;
                      if (run)
                          showRunResult(std::move(run));
                  });
    return waitForRun(number) && ok;
}

void WorkspacePage::showRunResult(std::shared_ptr<const RunData> run)
{
    // The same story again (a new seed, a fault added by hand): stay at the same instant.
    const RunRequest &request = run->request();
    const bool same = m_run && m_run->request().scenarioKey() == request.scenarioKey() &&
                      m_run->request().strategyId == request.strategyId;
    showRun(std::move(run), same ? m_playback->time() : 0);
}

quint64 WorkspacePage::launchRun(const RunRequest &request, RunDone done)
{
    // The run under way is replaced: its script stops, its result is dropped.
    if (m_runStop)
        m_runStop->store(true);
    auto stop = std::make_shared<std::atomic<bool>>(false);
    m_runStop = stop;
    const quint64 number = ++m_runNumber;
    setRunning(true);
    // A run of a few milliseconds shows nothing; a longer one says what runs and how to stop it.
    m_runMessageShown = false;
    QTimer::singleShot(300, this, [this, number, request] {
        if (!m_running || m_runNumber != number)
            return;
        m_runMessageShown = true;
        emit statusMessage(tr("Running %1 with %2… (Esc cancels)")
                               .arg(request.scenarioId,
                                    request.isCustom() ? tr("your scripts") : request.strategyId),
                           0);
    });
    // The result comes back through m_runHandoff, which lives as long as the page (its
    // destructor waits for the run first).
    ThreadHandoff *handoff = &m_runHandoff;
    m_runJobs.start(m_runPool, [this, handoff, request, stop, number, done = std::move(done)] {
        QString why;
        std::shared_ptr<const RunData> run = RunData::simulate(request, &why, stop.get());
        handoff->post([this, run, why, stop, number, done] {
            // Replaced by a newer run, or cancelled: whatever this one made is not shown.
            const bool cancelled = stop->load() || number != m_runNumber;
            m_runsEnded = number;
            if (number == m_runNumber)
                setRunning(false);
            const QPointer<WorkspacePage> self(this); // `done` may close the window
            if (cancelled) {
                if (number == m_runNumber)
                    emit statusMessage(tr("Run cancelled."), 5000);
                done(nullptr, QString(), true);
            } else {
                if (!run)
                    emit statusMessage(tr("Cannot run: %1").arg(why), 0);
                else if (m_runMessageShown)
                    emit statusMessage(hint(), 0); // what the bar said before the run
                done(run, why, false);
            }
            if (self)
                emit runEnded();
        });
    });
    return number;
}

bool WorkspacePage::waitForRun(quint64 number)
{
    if (m_runsEnded >= number)
        return true;
    QPointer<WorkspacePage> self(this);
    QEventLoop loop;
    connect(this, &WorkspacePage::runEnded, &loop, [&] {
        if (m_runsEnded >= number)
            loop.quit();
    });
    connect(this, &QObject::destroyed, &loop, &QEventLoop::quit);
    loop.exec();
    return self && m_runsEnded >= number;
}

void WorkspacePage::cancelRun()
{
    if (m_liveTwin->isRunning())
        m_liveTwin->cancel();
    if (!m_running || !m_runStop)
        return;
    m_runStop->store(true);
}

void WorkspacePage::setRunning(bool running)
{
    m_running = running;
    updateCancelEnabled();
    emit runningChanged(running);
}

bool WorkspacePage::useScripts(const QString &acquireFile, const QString &releaseFile,
                               qint64 timeLimitMs, QString *error)
{
    QString why;
    std::shared_ptr<const Strategy> strategy = createCustomStrategy(acquireFile, releaseFile, &why);
    if (!strategy) {
        if (error)
            *error = why;
        return false;
    }
    m_runToolBar->selectCustomScripts(QFileInfo(acquireFile).absoluteFilePath(),
                                      QFileInfo(releaseFile).absoluteFilePath(),
                                      std::move(strategy), timeLimitMs);
    onStrategyChosen();
    return true;
}

void WorkspacePage::chooseScriptsWithDialog()
{
    const QString filter = tr("Lua scripts (*.lua);;All files (*)");
    const RunRequest current = currentRequest();
    const QString acquire = QFileDialog::getOpenFileName(this, tr("Your Acquire Script"),
                                                         current.acquireScript, filter);
    if (acquire.isEmpty())
        return;
    const QString release = QFileDialog::getOpenFileName(
        this, tr("Your Release Script"),
        current.releaseScript.isEmpty() ? QFileInfo(acquire).absolutePath() : current.releaseScript,
        filter);
    if (release.isEmpty())
        return;
    QString error;
    if (!useScripts(acquire, release, current.scriptTimeLimitMs, &error)) {
        showWarning(tr("Cannot Use These Scripts"), error);
        return;
    }
    startRun();
}

// --- scenario files ---------------------------------------------------------------------------

QString WorkspacePage::currentScenarioFile() const
{
    return m_runToolBar->scenarioFiles().current();
}

QStringList WorkspacePage::scenarioFiles() const
{
    return m_runToolBar->scenarioFiles().files();
}

// Adds the file's scenario to the picker, selects it and remembers it among the recent files.
void WorkspacePage::selectScenarioFile(const QString &absolutePath,
                                       std::shared_ptr<const Scenario> scenario)
{
    m_runToolBar->selectScenarioFile(absolutePath, std::move(scenario), m_language);
    onScenarioChosen();
    if (m_options.persistSettings) {
        QSettings settings;
        ScenarioFileList::remember(settings, absolutePath);
    }
}

bool WorkspacePage::addScenarioFile(const QString &path, QString *error)
{
    Scenario loaded;
    QString why;
    if (!loadScenarioFile(path, &loaded, &why)) {
        if (error)
            *error = why;
        return false;
    }
    selectScenarioFile(QFileInfo(path).absoluteFilePath(),
                       std::make_shared<const Scenario>(std::move(loaded)));
    return true;
}

bool WorkspacePage::openScenarioFile(const QString &path, QString *error)
{
    // Everything that can fail happens before anything on screen changes: reading the file, then
    // running it. Only a run that worked replaces what is shown.
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        emit statusMessage(tr("Cannot open %1").arg(QDir::toNativeSeparators(path)), 0);
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
    std::shared_ptr<const RunData> run;
    bool cancelled = false;
    const quint64 number =
        launchRun(request, [&](std::shared_ptr<const RunData> r, const QString &e, bool c) {
            run = std::move(r);
            why = e;
            cancelled = c;
        });
    if (!waitForRun(number) || cancelled) {
        if (error)
            error->clear();
        return false; // cancelled: nothing changes, and nothing to say
    }
    if (!run)
        return fail(why);

    selectScenarioFile(absolute, scenario);
    showRun(run, 0);
    emit statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(absolute)), 5000);
    return true;
}

void WorkspacePage::openScenarioFileWithDialog()
{
    const QString path = m_runToolBar->scenarioFiles().askForFile(this, m_options.persistSettings);
    if (!path.isEmpty())
        openScenarioFile(path);
}

void WorkspacePage::showWarning(const QString &title, const QString &text)
{
    if (m_messageHandler)
        m_messageHandler(title, text);
    else
        QMessageBox::warning(this, title, text);
}

// --- showing a run ----------------------------------------------------------------------------

void WorkspacePage::showRun(std::shared_ptr<const RunData> run, qint64 keepTimeUs)
{
    // Another run (another cell, seed or fault): the live twin told the old one's story.
    if (m_liveSource && m_liveSource != run.get())
        hideLiveRun();
    m_run = std::move(run);
    m_request = m_run->request();
    m_selectedEvent = -1;
    m_caption->reset();
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
    m_commandModel->setRun(m_run);
    m_findingsModel->setRun(m_run);
    m_timeline->setRun(m_run);
    m_details->setFilterChoices(clients);
    m_keysPane->fitColumns(*m_run, clients);

    m_playbackBar->setRunEnd(m_run->endUs());
    m_playback->setEnd(m_run->endUs());
    const qint64 t = qBound<qint64>(0, keepTimeUs, m_run->endUs());
    if (t == m_playback->time())
        onTimeChanged(t);
    else
        m_playback->seek(t);
    m_details->sizeCommandColumns();

    updateExplanation();
    updateVerdict();
    updateFaults();
    emit runShown();
}

// --- faults added by hand ---------------------------------------------------------------------

void WorkspacePage::injectClientFault(qint16 client, FaultSpec::Action action, qint64 durationMs)
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

void WorkspacePage::injectNodeFault(qint16 node, FaultSpec::Action action, qint64 durationMs,
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

void WorkspacePage::clearInjectedFaults()
{
    if (m_injected.isEmpty())
        return;
    m_injected.clear();
    runNow();
}

void WorkspacePage::updateFaults()
{
    if (!m_runToolBar)
        return;
    m_runToolBar->showFaultCount(int(m_injected.size()));
    m_actions.clearFaults->setEnabled(!m_injected.isEmpty());
}

void WorkspacePage::showClientMenu(qint16 client, const QPoint &globalPos)
{
    if (!m_run)
        return;
    const std::shared_ptr<const RunData> run = m_run; // alive while the menu shows
    FaultMenus::execClientMenu(this, *run, client, m_playback->time(), globalPos,
                               [=, this](FaultSpec::Action action, qint64 durationMs, qint64) {
                                   injectClientFault(client, action, durationMs);
                               });
}

void WorkspacePage::showNodeMenu(qint16 node, const QPoint &globalPos)
{
    if (!m_run)
        return;
    const std::shared_ptr<const RunData> run = m_run;
    FaultMenus::execNodeMenu(this, *run, node, m_playback->time(), globalPos,
                             [=, this](FaultSpec::Action action, qint64 durationMs, qint64 jumpMs) {
                                 injectNodeFault(node, action, durationMs, jumpMs);
                             });
}

// --- playback ---------------------------------------------------------------------------------

void WorkspacePage::seek(qint64 timeUs)
{
    m_playback->seek(timeUs);
}

bool WorkspacePage::atSelectedEvent() const
{
    return m_run && m_selectedEvent >= 0 &&
           std::size_t(m_selectedEvent) < m_run->log().events().size() &&
           m_run->event(quint32(m_selectedEvent)).timeUs == m_playback->time();
}

void WorkspacePage::stepToEvent(qint64 event)
{
    seek(m_run->event(quint32(event)).timeUs);
    selectEvent(event);
}

// To the next (+1) or previous (-1) event of the run, commands included.
void WorkspacePage::stepByCommand(int direction)
{
    if (!m_run)
        return;
    qint64 e = -1;
    if (direction > 0)
        e = atSelectedEvent() ? (std::size_t(m_selectedEvent) + 1 < m_run->log().events().size()
                                     ? m_selectedEvent + 1
                                     : -1)
                              : m_run->nextEvent(m_playback->time());
    else
        e = atSelectedEvent() ? m_selectedEvent - 1 : m_run->previousEvent(m_playback->time());
    if (e >= 0) {
        m_playback->pause();
        stepToEvent(e);
    }
}

void WorkspacePage::stepForward()
{
    if (!m_run)
        return;
    m_playback->pause();
    const qint64 e = atSelectedEvent() ? m_run->nextNotableEventAfter(quint32(m_selectedEvent))
                                       : m_run->nextNotableEvent(m_playback->time());
    if (e >= 0)
        stepToEvent(e);
}

void WorkspacePage::stepBackward()
{
    if (!m_run)
        return;
    m_playback->pause();
    const qint64 e = atSelectedEvent() ? m_run->previousNotableEventBefore(quint32(m_selectedEvent))
                                       : m_run->previousNotableEvent(m_playback->time());
    if (e >= 0)
        stepToEvent(e);
}

void WorkspacePage::onTimeChanged(qint64 timeUs)
{
    if (!m_run)
        return;
    const bool playing = m_playback->isPlaying();
    if (m_cursor.seek(timeUs) > 0 || m_keyModel->time() == 0)
        m_keyModel->setStates(m_cursor.state().keys(), timeUs);
    m_keyModel->setTime(timeUs);
    m_commandModel->setTime(timeUs);
    if (m_details->followsPlayback() && m_commandProxy->rowCount() > 0)
        m_details->commandView()->scrollToBottom();
    m_timeline->setPlayhead(timeUs, playing);
    if (m_livePanel->isVisible())
        m_livePanel->timeline()->setPlayhead(timeUs, playing);
    m_caption->showAt(*m_run, timeUs, m_language);
    updateSourceHighlight(timeUs);
    m_playbackBar->showTime(timeUs);
}

QString WorkspacePage::captionText() const
{
    return m_caption->text();
}

void WorkspacePage::updateSourceHighlight(qint64 timeUs)
{
    if (m_details)
        m_details->highlightSource(m_run.get(), m_cursor, timeUs, m_selectedEvent, m_theme);
}

// --- selection --------------------------------------------------------------------------------

void WorkspacePage::selectEvent(qint64 event)
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
        emit statusMessage(formatTime(e.timeUs) + QStringLiteral(" — ") + text, 0);
        // The command log follows: this command, or the client's last one before it.
        int row =
            e.kind == EventKind::CommandSent ? m_commandModel->rowForEvent(quint32(event)) : -1;
        if (row < 0 && e.client >= 0)
            row = m_commandModel->rowAtOrBefore(e.timeUs, e.client);
        m_details->selectCommandRow(row);
    }
    m_syncing = false;
    updateSourceHighlight(m_playback->time());
}

void WorkspacePage::onCommandChosen(qint64 event)
{
    if (m_syncing || !m_run)
        return;
    m_syncing = true;
    m_selectedEvent = event;
    m_timeline->setSelectedEvent(event);
    const Event &e = m_run->event(quint32(event));
    emit statusMessage(tr("%1 — %2 → %3: %4")
                           .arg(formatTime(e.timeUs), m_run->clientName(e.client),
                                m_run->nodeName(e.node), m_run->text(e.text)),
                       0);
    m_syncing = false;
}

void WorkspacePage::jumpToFinding(int row)
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

void WorkspacePage::showCommandsTab()
{
    m_details->setCurrentIndex(0);
}

void WorkspacePage::showSourceTab()
{
    m_details->setCurrentIndex(1);
}

// --- explanations -----------------------------------------------------------------------------

void WorkspacePage::updateExplanation()
{
    if (!m_explanation)
        return;
    Scenario s;
    m_runToolBar->currentScenario(&s);
    RunExplanation::Input in;
    in.scenario = &s;
    in.scenarioFile = currentScenarioFile();
    in.strategyId = m_runToolBar->currentStrategy();
    in.injected = m_injected;
    in.run = m_run.get();
    in.language = m_language;
    m_explanation->setHtml(RunExplanation::explanationHtml(in, m_theme));
}

void WorkspacePage::updateVerdict()
{
    if (m_findingsPane)
        m_findingsPane->setVerdict(RunExplanation::verdictHtml(m_run.get(), m_theme));
}

// --- export -----------------------------------------------------------------------------------

bool WorkspacePage::exportTimelinePng(const QString &path, QString *error)
{
    return WorkspaceExport::write(WorkspaceExport::Kind::TimelinePng, path, m_run.get(),
                                  *m_timeline, m_theme, error);
}

bool WorkspacePage::exportTimelineSvg(const QString &path, QString *error)
{
    return WorkspaceExport::write(WorkspaceExport::Kind::TimelineSvg, path, m_run.get(),
                                  *m_timeline, m_theme, error);
}

bool WorkspacePage::exportEventLog(const QString &path, QString *error)
{
    return WorkspaceExport::write(WorkspaceExport::Kind::EventLog, path, m_run.get(), *m_timeline,
                                  m_theme, error);
}

void WorkspacePage::exportWithDialog(WorkspaceExport::Kind kind)
{
    if (!m_run)
        return;
    const QString path =
        WorkspaceExport::askForPath(this, kind, m_request, m_options.persistSettings);
    if (path.isEmpty())
        return;
    QString error;
    if (!WorkspaceExport::write(kind, path, m_run.get(), *m_timeline, m_theme, &error)) {
        showWarning(tr("Export failed"), error);
        return;
    }
    if (m_options.persistSettings)
        WorkspaceExport::rememberFolder(path);
    emit statusMessage(tr("Exported to %1").arg(path), 5000);
}

} // namespace lockscope::ui
