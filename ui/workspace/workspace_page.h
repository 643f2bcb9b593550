// The workspace page: pick a scenario and a strategy, run the deterministic simulation, and play
// it back — the timeline, the key table, the command log, the strategy's source with the step
// being executed, the scenario's captions as they happen, the checker's findings as sentences.
// Faults can be added by hand at the playback instant (right-click a lane); the run is then
// re-derived, identical up to that instant.
//
// The page is the centre (caption, timeline, playback bar); its run toolbar, its panes and its
// actions are made here and placed by the main window, which docks the panes, puts the actions
// in its menus and hides the bar and the docks while another page shows.
// The pieces: run_toolbar (what to run), scenario_file_list (scenario files and the recent
// list), playback_bar, run_explanation (the explanation and verdict panes' texts), fault_menus
// (the lanes' right-click menus), workspace_export (PNG, SVG, event log), workspace_actions,
// caption_bar, and the panes: keys_pane, findings_pane, details_pane (commands and source).
#pragma once

#include "common/run_data.h"
#include "common/theme.h"
#include "common/thread_handoff.h"
#include "monitor/connection_profile.h"
#include "workspace_actions.h"
#include "workspace_export.h"

#include <QList>
#include <QThreadPool>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>

class QComboBox;
class QSettings;
class QTableView;
class QTextBrowser;

namespace lockscope::ui {

class CaptionBar;
class CommandFilterProxy;
class CommandLogModel;
class DetailsPane;
class FindingsModel;
class FindingsPane;
class KeyTableModel;
class KeysPane;
class LiveTwin;
class LiveTwinPanel;
class Playback;
class PlaybackBar;
class RunToolBar;
class StrategySourceView;
class TimelineWidget;

class WorkspacePage final : public QWidget {
    Q_OBJECT
public:
    struct Options {
        bool persistSettings = true; // remember the scenario files, the folders of the dialogs
    };
    explicit WorkspacePage(const Options &options, QWidget *parent = nullptr);
    ~WorkspacePage() override;

    // What the main window places: the bar above the page, the panes in docks, the actions in
    // its menus (and on itself, for their keys).
    const WorkspaceActions &actions() const { return m_actions; }
    RunToolBar *runToolBar() const { return m_runToolBar; }
    QWidget *explanationPane() const;
    QWidget *findingsPane() const;
    QWidget *keysPane() const;
    QWidget *detailsPane() const;
    // Off while another page shows: the workspace's keys (Space, playback, Ctrl+R) mean nothing
    // there.
    void setActionsEnabled(bool enabled);
    // The status bar's hint while the workspace shows.
    static QString hint();

    // Settings: the run's choice (run/*), the recent scenario files, the playback speed, whether
    // the future shows (view/showFuture).
    void loadSettings(const QSettings &settings);
    void saveSettings(QSettings &settings) const;
    void applyTheme();
    void adaptToFont(const QFont &font); // after View > Larger / Smaller Text

    // Choosing what to run (false for an unknown id).
    bool setScenario(const QString &id); // a built-in scenario
    bool setStrategy(const QString &id);
    void setSeed(quint64 seed);
    void setClientCount(int clients);
    void setTtlMs(qint64 ttlMs);
    void setWaitMode(const QString &mode); // "" for the scenario's own
    RunRequest currentRequest() const;
    // Puts the request into the pickers (adding its scenario file when the picker lacks it),
    // with its faults; it runs at the next runNow(). False with *error, and nothing changed,
    // when the request cannot run.
    bool setRequest(const RunRequest &request, QString *error = nullptr);

    // Scenario files. Reads the file and adds its scenario to the scenario picker (or refreshes
    // it, when the file is there already), selects it and remembers it among the recent files;
    // it runs at the next runNow(). False with *error (naming the file, the line or field and the
    // problem), and nothing changed, when the file cannot be read or has errors.
    bool addScenarioFile(const QString &path, QString *error = nullptr);
    // File > Open Scenario File: the same, and runs it at once. On an error the message goes to
    // the message handler (a warning box by default) and nothing on screen changes: the run, the
    // playback instant, the faults added by hand, the picker's selection all stay.
    bool openScenarioFile(const QString &path, QString *error = nullptr);
    // Asks for a file with a file dialog, then openScenarioFile().
    void openScenarioFileWithDialog();
    // The scenario files the picker holds, the most recent first.
    QStringList scenarioFiles() const;
    // The file of the picker's scenario; empty for a built-in one.
    QString currentScenarioFile() const;

    // Where the page's error messages go (title, text): a modal warning box unless a handler is
    // set; tests set one.
    using MessageHandler = std::function<void(const QString &title, const QString &text)>;
    void setMessageHandler(MessageHandler handler) { m_messageHandler = std::move(handler); }

    // Runs the simulation of currentRequest() on a worker thread and shows it when it is done;
    // keeps the playback instant when the same scenario and strategy run again. The window stays
    // responsive meanwhile, and Cancel (Esc) stops the run, a script of the user's at once; a run
    // started while another is under way replaces it. A run that fails says why in one message.
    void startRun();
    // The same, returning when the run has ended (the event loop keeps turning meanwhile): for
    // the command line's screenshots, opening a run from another page, faults added by hand, and
    // tests. False with *error when it could not run; false with an empty *error when it was
    // cancelled or replaced by another.
    bool runNow(QString *error = nullptr);
    bool isRunning() const { return m_running; }
    void cancelRun(); // the simulation and the live run under way

    // Run > Run on Real Redis: the cell shown (its simulation runs first when it is not shown)
    // played live on redis-server processes started on loopback for it, with the same faults;
    // drawn beside or over the simulation (LiveTwinPanel), with its verdict and whether it tells
    // the same story. Progress and Cancel (Esc) in the panel; one message when it cannot run.
    void startLiveRun();
    // The same on the user's own servers (redis:// URLs, one per lock node, comma-separated):
    // only the client-side faults can be done there; a scenario with a server fault is refused
    // in one message. Keys go under a random prefix and are deleted afterwards. False with
    // *error, and nothing started, when a URL does not parse.
    bool startLiveRunOn(const QString &urls, QString *error = nullptr);
    // The server of a saved connection profile (the monitor page's), its password looked up
    // through setProfiles()' function. A profile that is read-only (Allow writes off), or that
    // names a Sentinel or a Cluster rather than one server, is refused in one message.
    bool startLiveRunOnProfile(const ConnectionProfile &profile, QString *error = nullptr);
    // Asks for a saved profile or URLs (the last ones offered), then starts the live run.
    void chooseLiveServersWithDialog();
    // Where Run on Your Own Redis… finds the saved profiles and fills in their passwords (the
    // main window gives the monitor page's); unset: URLs only.
    using ProfileList = std::function<QList<ConnectionProfile>()>;
    using ProfilePassword = std::function<bool(
        const ConnectionProfile &, std::function<bool(const ConnectionProfile &)> then)>;
    void setProfiles(ProfileList list, ProfilePassword password)
    {
        m_profileList = std::move(list);
        m_profilePassword = std::move(password);
    }
    // The same (on `urls` when given), returning when the live run has ended; false with
    // *error (empty: cancelled).
    bool runLiveNow(QString *error = nullptr, const QString &urls = {});
    void setLiveTimeScale(double scale) { m_liveTimeScale = scale; } // 0: the scenario's default
    LiveTwinPanel *livePanel() const { return m_livePanel; }
    std::shared_ptr<const RunData> run() const { return m_run; }

    // The user's own acquire and release scripts (LockScope's KEYS/ARGV convention, see
    // docs), compiled and selected as the strategy "custom"; they run at the next run, each
    // stopped past `timeLimitMs` as Redis's lua-time-limit would. False with *error (naming the
    // file and the Lua line), and nothing changed, when a file is missing or does not compile.
    bool useScripts(const QString &acquireFile, const QString &releaseFile,
                    qint64 timeLimitMs = ScriptLimits::kDefaultTimeLimitMs,
                    QString *error = nullptr);
    // Asks for both files with file dialogs, then useScripts() and a run.
    void chooseScriptsWithDialog();

    // Faults added by hand at the playback instant; the run is re-derived and the playback stays.
    void injectClientFault(qint16 client, FaultSpec::Action action, qint64 durationMs = 0);
    void injectNodeFault(qint16 node, FaultSpec::Action action, qint64 durationMs = 0,
                         qint64 jumpMs = 0);
    void clearInjectedFaults();

    // Playback.
    Playback *playback() const { return m_playback; }
    void seek(qint64 timeUs);
    void stepForward();  // to the next notable event
    void stepBackward(); // to the previous one
    void selectEvent(qint64 event);
    qint64 selectedEvent() const { return m_selectedEvent; }
    void jumpToFinding(int row);

    // Exports; false with *error (and nothing written over) when the file cannot be written.
    bool exportTimelinePng(const QString &path, QString *error);
    bool exportTimelineSvg(const QString &path, QString *error);
    bool exportEventLog(const QString &path, QString *error);

    void showCommandsTab();
    void showSourceTab();

    // For tests and screenshots.
    KeyTableModel *keyModel() const { return m_keyModel; }
    CommandLogModel *commandModel() const { return m_commandModel; }
    CommandFilterProxy *commandProxy() const { return m_commandProxy; }
    FindingsModel *findingsModel() const { return m_findingsModel; }
    TimelineWidget *timeline() const { return m_timeline; }
    StrategySourceView *sourceView() const;
    QTableView *commandView() const;
    QComboBox *scenarioPicker() const;
    QString captionText() const;

signals:
    // For the window's status bar; timeoutMs 0 keeps it until the next one.
    void statusMessage(const QString &text, int timeoutMs);
    // A run was shown (the window's title names it).
    void runShown();
    // A run started (true) or ended, shown, failed or cancelled (false).
    void runningChanged(bool running);
    // Any run ended, the newest or one it replaced (after its result was handled).
    void runEnded();

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildActions();
    void buildCentre();
    void buildPanes();
    void retranslateUi();

    void onScenarioChosen();
    void selectScenarioFile(const QString &absolutePath, std::shared_ptr<const Scenario> scenario);
    void showWarning(const QString &title, const QString &text);
    void onStrategyChosen();
    void showRun(std::shared_ptr<const RunData> run, qint64 keepTimeUs);
    void onTimeChanged(qint64 timeUs);
    bool atSelectedEvent() const; // the playback is at the selected event's instant
    void stepToEvent(qint64 event);
    void stepByCommand(int direction);
    void updateSourceHighlight(qint64 timeUs);
    void updateExplanation();
    void updateVerdict();
    void updateFaults();
    void onCommandChosen(qint64 event);
    void showClientMenu(qint16 client, const QPoint &globalPos);
    void showNodeMenu(qint16 node, const QPoint &globalPos);
    void exportWithDialog(WorkspaceExport::Kind kind);
    // Runs `request` on m_runPool; `done` gets the run (null with the error when it failed, null
    // with `cancelled` when it was cancelled or replaced) on the GUI thread, unless the page is
    // gone. Returns the run's number.
    using RunDone = std::function<void(std::shared_ptr<const RunData> run, const QString &error,
                                       bool cancelled)>;
    quint64 launchRun(const RunRequest &request, RunDone done);
    // Waits, with the event loop turning, until `done` of run `number` was called.
    bool waitForRun(quint64 number);
    void setRunning(bool running);
    void showRunResult(std::shared_ptr<const RunData> run); // stays at the instant if the same
    void onLiveFinished(std::shared_ptr<const RunData> live, const RunData::LiveFacts &facts,
                        const QString &error);
    void hideLiveRun();
    // One message why a live run cannot start: into *error when given, else a warning box.
    bool refuseLiveRun(const QString &message, QString *error);
    // The live run on these servers (empty: local ones), `where` naming them in the panel.
    bool startLiveRunOnServers(const QList<ConnectionOptions> &servers, const QString &where,
                               QString *error);
    void updateLegends();
    void updateCancelEnabled();

    Options m_options;
    // Runs, one at a time, off the GUI thread: the newest request replaces the one under way.
    QThreadPool m_runPool;
    ThreadHandoff m_runHandoff;                   // the runs' results, back on the window's thread
    JobQueue m_runJobs;                           // the runs, out to m_runPool
    std::shared_ptr<std::atomic<bool>> m_runStop; // the run under way's cancel flag
    quint64 m_runNumber = 0;                      // the newest run's
    quint64 m_runsEnded = 0;                      // the newest run whose `done` was called
    bool m_running = false;
    bool m_runMessageShown = false; // "Running…" is in the status bar
    bool m_actionsEnabled = true;
    QString m_language; // the scenario texts' (the application's, at the last retranslation)
    Theme m_theme;
    std::shared_ptr<const RunData> m_run;
    StateCursor m_cursor;
    RunRequest m_request; // what the shown run was made from
    QList<FaultSpec> m_injected;
    MessageHandler m_messageHandler;
    qint64 m_selectedEvent = -1;
    bool m_syncing = false;

    WorkspaceActions m_actions;
    Playback *m_playback = nullptr;
    KeyTableModel *m_keyModel = nullptr;
    CommandLogModel *m_commandModel = nullptr;
    CommandFilterProxy *m_commandProxy = nullptr;
    FindingsModel *m_findingsModel = nullptr;

    RunToolBar *m_runToolBar = nullptr;

    // Centre.
    CaptionBar *m_caption = nullptr;
    TimelineWidget *m_timeline = nullptr;
    PlaybackBar *m_playbackBar = nullptr;
    // The live twin: its runner, its panel under the timeline, and the simulation it was
    // started from (a different run shown makes it stale: it goes).
    LiveTwin *m_liveTwin = nullptr;
    LiveTwinPanel *m_livePanel = nullptr;
    const RunData *m_liveSource = nullptr;
    double m_liveTimeScale = 0;
    QString m_liveServerUrls; // the last ones given to Run on Your Own Redis
    ProfileList m_profileList;
    ProfilePassword m_profilePassword;
    QString m_liveError;       // why the last live run did not run (empty: it ran or was cancelled)
    bool m_liveWaited = false; // runLiveNow() waits: it returns the error instead of a box
    bool m_syncingViews = false;

    // Panes.
    QTextBrowser *m_explanation = nullptr;
    FindingsPane *m_findingsPane = nullptr;
    KeysPane *m_keysPane = nullptr;
    DetailsPane *m_details = nullptr;
};

} // namespace lockscope::ui
