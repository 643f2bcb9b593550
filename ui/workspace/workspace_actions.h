// The workspace's actions, with their keys: the main window puts them in its menus (File, Run,
// Playback, View) and on itself, so that their keys work wherever the focus is; the workspace
// page connects them.
#pragma once

#include <QCoreApplication>
#include <QList>

class QAction;
class QWidget;

namespace lockscope::ui {

struct WorkspaceActions {
    Q_DECLARE_TR_FUNCTIONS(WorkspaceActions)
public:
    QAction *openScenario = nullptr, *run = nullptr, *clearFaults = nullptr;  // File, Run
    QAction *cancelRun = nullptr, *useScripts = nullptr, *runLive = nullptr;  // Run
    QAction *runLiveOn = nullptr;                                             // Run
    QAction *exportPng = nullptr, *exportSvg = nullptr, *exportLog = nullptr; // File
    QAction *play = nullptr, *previous = nullptr, *next = nullptr;            // Playback
    QAction *previousCommand = nullptr, *nextCommand = nullptr;
    QAction *start = nullptr, *end = nullptr, *slower = nullptr, *faster = nullptr;
    QAction *showFuture = nullptr; // View

    // Made as children of `owner`, with their keys and icons; texts: retranslate().
    static WorkspaceActions create(QWidget *owner);
    void retranslate(bool playing);
    void showPlaying(bool playing); // Play or Pause
    // Those whose keys mean something only while the workspace shows.
    QList<QAction *> workspaceOnly() const;
    // Those the window takes on, for their keys.
    QList<QAction *> withKeys() const;
};

} // namespace lockscope::ui
