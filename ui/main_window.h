// LockScope's window: the shell around its pages. The workspace (one scenario simulated and
// played back), the comparison of every strategy and the monitor of a real Redis are pages of
// their own (ui/workspace, ui/compare, ui/monitor); the window holds the pages, the actions and
// menus, the settings, the theme and the language, and routes a run asked for by another page
// to the workspace (openRun).
#pragma once

#include "common/run_data.h"

#include <QList>
#include <QMainWindow>

#include <functional>

class QAction;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QToolBar;

namespace lockscope::ui {

class ComparePage;
class ExplorePage;
class MonitorPage;
class WorkspacePage;

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
    // of every strategy, the monitor of a real Redis, and the search for the smallest fault sets
    // that break each lock. Ctrl+1, Ctrl+2, Ctrl+3, Ctrl+4.
    enum class Page { Workspace, Compare, Monitor, Explore };
    void setPage(Page page);
    Page page() const;
    WorkspacePage *workspace() const { return m_workspace; }
    ComparePage *comparePage() const { return m_comparePage; }
    MonitorPage *monitorPage() const { return m_monitorPage; }
    ExplorePage *explorePage() const { return m_explorePage; }

    // Shows a run in the workspace: puts the request into the pickers (adding its scenario file
    // when the picker lacks it), runs it, goes to atUs and to the workspace page. False with
    // *error, and the workspace unchanged, when the request cannot run.
    bool openRun(const RunRequest &request, qint64 atUs, QString *error = nullptr);

    // Where the window's own error messages go (title, text): a modal warning box unless a
    // handler is set; tests set one. Each page has its own.
    using MessageHandler = std::function<void(const QString &title, const QString &text)>;
    void setMessageHandler(MessageHandler handler) { m_messageHandler = std::move(handler); }

    void setDarkPalette(bool dark);
    QString statusText() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildActions();
    void buildPageBar();
    void buildPages();
    void buildDocks();
    void buildMenus();
    void retranslateUi();
    void updateWindowTitle();
    void switchLanguage(const QString &language); // View > Language
    void loadSettings();
    void saveSettings() const;
    void changeFontSize(int delta);
    void showWarning(const QString &title, const QString &text);
    QList<QDockWidget *> docks() const;

    Options m_options;
    MessageHandler m_messageHandler;

    // Pages.
    QStackedWidget *m_pages = nullptr;
    WorkspacePage *m_workspace = nullptr;
    ComparePage *m_comparePage = nullptr;
    MonitorPage *m_monitorPage = nullptr;
    ExplorePage *m_explorePage = nullptr;
    QList<QAction *> m_pageActions; // by Page
    QByteArray m_workspaceState;    // the docks and toolbars while another page shows
    QToolBar *m_pageToolBar = nullptr;

    // The workspace's panes, docked.
    QDockWidget *m_explainDock = nullptr;
    QDockWidget *m_findingsDock = nullptr;
    QDockWidget *m_keysDock = nullptr;
    QDockWidget *m_detailsDock = nullptr;

    // Menus and the window's own actions (the workspace's are its page's).
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
    QAction *m_darkAction = nullptr;
};

} // namespace lockscope::ui
