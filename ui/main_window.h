// LockScope's window: pick a scenario and a strategy, run the deterministic simulation, and play
// it back — the timeline, the key table, the command log, the strategy's source with the step
// being executed, the scenario's captions as they happen, the checker's findings as sentences.
// Faults can be added by hand at the playback instant (right-click a lane); the run is then
// re-derived, identical up to that instant.
#pragma once

#include "common/run_data.h"
#include "common/theme.h"

#include <QHash>
#include <QList>
#include <QMainWindow>

#include <functional>
#include <memory>

class QAction;
class QCheckBox;
class QComboBox;
class QDockWidget;
class QLabel;
class QListView;
class QMenu;
class QPushButton;
class QSlider;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QToolBar;
class QToolButton;

namespace lockscope::ui {

class CommandFilterProxy;
class ComparePage;
class MonitorPage;
class CommandLogModel;
class FindingsModel;
class KeyTableModel;
class Playback;
class StrategySourceView;
class TimelineWidget;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool persistSettings = true;             // read and write QSettings
        QString language = QStringLiteral("en"); // the UI's, the captions' and scenario texts'
                                                 // (then View > Language switches)
    };

    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    // The window's pages: the simulation workspace (timeline, docks, run toolbar), the comparison
    // of every strategy, and the monitor of a real Redis. Ctrl+1, Ctrl+2, Ctrl+3.
    enum class Page { Workspace, Compare, Monitor };
    void setPage(Page page);
    Page page() const;
    ComparePage *comparePage() const { return m_comparePage; }
    MonitorPage *monitorPage() const { return m_monitorPage; }

    // Shows a run in the workspace: puts the request into the pickers (adding its scenario file
    // when the picker lacks it), runs it, goes to atUs and to the workspace page. False with
    // *error, and the workspace unchanged, when the request cannot run.
    bool openRun(const RunRequest &request, qint64 atUs, QString *error = nullptr);

    // Choosing what to run (false for an unknown id).
    bool setScenario(const QString &id); // a built-in scenario
    bool setStrategy(const QString &id);
    void setSeed(quint64 seed);
    void setClientCount(int clients);
    void setTtlMs(qint64 ttlMs);
    void setWaitMode(const QString &mode); // "" for the scenario's own
    RunRequest currentRequest() const;

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

    // Where the window's error messages go (title, text): a modal warning box unless a handler is
    // set; tests set one.
    using MessageHandler = std::function<void(const QString &title, const QString &text)>;
    void setMessageHandler(MessageHandler handler) { m_messageHandler = std::move(handler); }

    // Runs the simulation of currentRequest() and shows it; keeps the playback instant when the
    // same scenario and strategy run again. False with *error when it cannot run.
    bool runNow(QString *error = nullptr);
    std::shared_ptr<const RunData> run() const { return m_run; }

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

    void setDarkPalette(bool dark);
    void showCommandsTab();
    void showSourceTab();

    // For tests and screenshots.
    KeyTableModel *keyModel() const { return m_keyModel; }
    CommandLogModel *commandModel() const { return m_commandModel; }
    CommandFilterProxy *commandProxy() const { return m_commandProxy; }
    FindingsModel *findingsModel() const { return m_findingsModel; }
    TimelineWidget *timeline() const { return m_timeline; }
    StrategySourceView *sourceView() const { return m_sourceView; }
    QTableView *commandView() const { return m_commandView; }
    QComboBox *scenarioPicker() const { return m_scenarioBox; }
    QString captionText() const;
    QString statusText() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildActions();
    void buildPageBar();
    void buildToolBar();
    void buildCentral();
    void buildDocks();
    void buildMenus();
    void retranslateUi();
    void updatePlayTexts();
    void updateWindowTitle();
    void switchLanguage(const QString &language); // View > Language
    void loadSettings();
    void saveSettings() const;
    void applyTheme();

    void onScenarioChosen();
    bool currentScenario(Scenario *out) const; // the picker's, before any parameter or fault
    int addScenarioFileItem(const QString &path, std::shared_ptr<const Scenario> scenario);
    void rememberScenarioFile(const QString &path) const;
    void loadRecentScenarioFiles(const QStringList &paths);
    void showWarning(const QString &title, const QString &text);
    void onStrategyChosen();
    void showRun(std::shared_ptr<const RunData> run, qint64 keepTimeUs);
    void onTimeChanged(qint64 timeUs);
    bool atSelectedEvent() const; // the playback is at the selected event's instant
    void updateCaption(qint64 timeUs);
    void updateSourceHighlight(qint64 timeUs);
    void updateExplanation();
    void updateVerdict();
    void updateFaultsLabel();
    void updateTimeLabel(qint64 timeUs);
    void onCommandRowChanged();
    void showClientMenu(qint16 client, const QPoint &globalPos);
    void showNodeMenu(qint16 node, const QPoint &globalPos);
    void exportWithDialog(int kind);
    void changeFontSize(int delta);
    QString scenarioTitle(const Scenario &s) const;
    QString scenarioExplanation(const Scenario &s) const;

    Options m_options;
    Theme m_theme;
    std::shared_ptr<const RunData> m_run;
    StateCursor m_cursor;
    RunRequest m_request; // what the shown run was made from
    QList<FaultSpec> m_injected;
    // Scenario files in the picker, by absolute path, as they were read.
    QHash<QString, std::shared_ptr<const Scenario>> m_fileScenarios;
    QStringList m_recentFileErrors; // recent scenario files that could not be read at start
    MessageHandler m_messageHandler;
    qint64 m_selectedEvent = -1;
    bool m_syncing = false;
    qint64 m_lastCaptionEvent = -2;

    Playback *m_playback = nullptr;
    KeyTableModel *m_keyModel = nullptr;
    CommandLogModel *m_commandModel = nullptr;
    CommandFilterProxy *m_commandProxy = nullptr;
    FindingsModel *m_findingsModel = nullptr;

    // Pages.
    QStackedWidget *m_pages = nullptr;
    ComparePage *m_comparePage = nullptr;
    MonitorPage *m_monitorPage = nullptr;
    QList<QAction *> m_pageActions; // by Page
    QByteArray m_workspaceState;    // the docks and toolbars while another page shows
    QToolBar *m_runToolBar = nullptr;
    QToolBar *m_pageToolBar = nullptr;

    // Run parameters.
    QComboBox *m_scenarioBox = nullptr;
    QComboBox *m_strategyBox = nullptr;
    QSpinBox *m_seedBox = nullptr;
    QSpinBox *m_clientsBox = nullptr;
    QSpinBox *m_ttlBox = nullptr;
    QComboBox *m_waitBox = nullptr;
    QLabel *m_scenarioLabel = nullptr;
    QLabel *m_strategyLabel = nullptr;
    QLabel *m_seedLabel = nullptr;
    QLabel *m_clientsLabel = nullptr;
    QLabel *m_ttlLabel = nullptr;
    QLabel *m_waitLabel = nullptr;
    QLabel *m_faultsLabel = nullptr;
    QToolButton *m_clearFaultsButton = nullptr;
    QAction *m_clearFaultsWidget = nullptr;

    // Centre.
    QLabel *m_caption = nullptr;
    TimelineWidget *m_timeline = nullptr;
    QToolButton *m_playButton = nullptr;
    QToolButton *m_startButton = nullptr;
    QToolButton *m_prevButton = nullptr;
    QToolButton *m_nextButton = nullptr;
    QList<QToolButton *> m_glyphButtons;
    QSlider *m_slider = nullptr;
    QLabel *m_timeLabel = nullptr;
    QComboBox *m_speedBox = nullptr;

    // Docks.
    QDockWidget *m_explainDock = nullptr;
    QDockWidget *m_findingsDock = nullptr;
    QDockWidget *m_keysDock = nullptr;
    QDockWidget *m_detailsDock = nullptr;
    QTextBrowser *m_explanation = nullptr;
    QLabel *m_verdict = nullptr;
    QListView *m_findingsView = nullptr;
    QTableView *m_keyView = nullptr;
    QTabWidget *m_detailsTabs = nullptr;
    QTableView *m_commandView = nullptr;
    QComboBox *m_commandClientBox = nullptr;
    QComboBox *m_commandKeyBox = nullptr;
    QCheckBox *m_followBox = nullptr;
    QCheckBox *m_showAllBox = nullptr;
    QLabel *m_commandClientLabel = nullptr;
    QLabel *m_commandKeyLabel = nullptr;
    QLabel *m_sourceLabel = nullptr;
    StrategySourceView *m_sourceView = nullptr;

    // Menus and actions.
    QMenu *m_fileMenu = nullptr;
    QMenu *m_runMenu = nullptr;
    QMenu *m_playMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_largerAction = nullptr;
    QAction *m_smallerAction = nullptr;
    QAction *m_keysAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_openScenarioAction = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_playAction = nullptr;
    QAction *m_nextAction = nullptr;
    QAction *m_prevAction = nullptr;
    QAction *m_nextCommandAction = nullptr;
    QAction *m_prevCommandAction = nullptr;
    QAction *m_startAction = nullptr;
    QAction *m_endAction = nullptr;
    QAction *m_fasterAction = nullptr;
    QAction *m_slowerAction = nullptr;
    QAction *m_darkAction = nullptr;
    QAction *m_futureAction = nullptr;
    QAction *m_clearFaultsAction = nullptr;
    QAction *m_exportPngAction = nullptr;
    QAction *m_exportSvgAction = nullptr;
    QAction *m_exportLogAction = nullptr;
};

} // namespace lockscope::ui
