#include "workspace_actions.h"

#include <QAction>
#include <QStyle>
#include <QWidget>

namespace lockscope::ui {

WorkspaceActions WorkspaceActions::create(QWidget *owner)
{
    auto make = [owner](QKeySequence shortcut = {}) {
        auto *a = new QAction(owner);
        a->setShortcut(shortcut);
        return a;
    };
    WorkspaceActions a;
    a.openScenario =
        new QAction(owner->style()->standardIcon(QStyle::SP_DialogOpenButton), QString(), owner);
    a.openScenario->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    a.run = new QAction(owner->style()->standardIcon(QStyle::SP_BrowserReload), QString(), owner);
    a.run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    // Enabled only while a run is under way: Esc means nothing else in the workspace.
    a.cancelRun =
        new QAction(owner->style()->standardIcon(QStyle::SP_BrowserStop), QString(), owner);
    a.cancelRun->setShortcut(QKeySequence(Qt::Key_Escape));
    a.cancelRun->setEnabled(false);
    a.useScripts = make();
    a.runLive = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    a.runLiveOn = make();
    a.play = make(Qt::Key_Space);
    a.next = make(Qt::Key_Period);
    a.previous = make(Qt::Key_Comma);
    a.nextCommand = make(Qt::Key_Greater);
    a.previousCommand = make(Qt::Key_Less);
    a.start = make(Qt::Key_Home);
    a.end = make(Qt::Key_End);
    a.faster = make(Qt::Key_BracketRight);
    a.slower = make(Qt::Key_BracketLeft);
    a.showFuture = make();
    a.showFuture->setCheckable(true);
    a.showFuture->setChecked(true);
    a.clearFaults = make();
    a.exportPng = make();
    a.exportSvg = make();
#ifndef LOCKSCOPE_HAVE_SVG
    a.exportSvg->setEnabled(false);
#endif
    a.exportLog = make();
    return a;
}

void WorkspaceActions::retranslate(bool playing)
{
    openScenario->setText(tr("&Open Scenario File…"));
    openScenario->setToolTip(tr("Open a scenario from a JSON file (Ctrl+O)"));
    run->setText(tr("&Run"));
    run->setToolTip(tr("Run the simulation (Ctrl+R)"));
    cancelRun->setText(tr("&Cancel Run"));
    cancelRun->setToolTip(tr("Stop the simulation that is running (Esc)"));
    runLive->setText(tr("Run on Real &Redis"));
    runLive->setToolTip(tr("Play this scenario on real redis-server processes started for it, "
                           "with the same faults, beside its simulation (Ctrl+Shift+R)"));
    runLiveOn->setText(tr("Run on Your &Own Redis…"));
    runLiveOn->setToolTip(tr("Play this scenario's client-side faults on your own servers"));
    useScripts->setText(tr("Run &Your Own Scripts…"));
    useScripts->setToolTip(
        tr("Choose your acquire and release Lua scripts and run them as the strategy"));
    next->setText(tr("&Next Event"));
    previous->setText(tr("Pre&vious Event"));
    nextCommand->setText(tr("Next Event, Commands &Included"));
    previousCommand->setText(tr("Previous Event, Commands Included"));
    start->setText(tr("Go to &Start"));
    end->setText(tr("Go to &End"));
    faster->setText(tr("&Faster"));
    slower->setText(tr("&Slower"));
    showFuture->setText(tr("Show What Happens &Next"));
    showFuture->setToolTip(tr(
        "Show the rest of the run, dimmed, on the timeline; off hides it (let the class guess)"));
    clearFaults->setText(tr("&Clear Injected Faults"));
    exportPng->setText(tr("Export Timeline as &PNG…"));
    exportSvg->setText(tr("Export Timeline as &SVG…"));
#ifndef LOCKSCOPE_HAVE_SVG
    exportSvg->setToolTip(tr("This build has no SVG support (Qt SVG was not found)"));
#endif
    exportLog->setText(tr("Export &Event Log (JSON Lines)…"));
    showPlaying(playing);
}

void WorkspaceActions::showPlaying(bool playing)
{
    play->setText(playing ? tr("&Pause") : tr("&Play"));
}

QList<QAction *> WorkspaceActions::workspaceOnly() const
{
    // cancelRun is not here: the page enables it while a run is under way, wherever it shows.
    return {run,         runLive,         useScripts, play,     next,   previous,
            nextCommand, previousCommand, start,      end,      faster, slower,
            clearFaults, exportPng,       exportSvg,  exportLog};
}

QList<QAction *> WorkspaceActions::withKeys() const
{
    return {openScenario,    run,   runLive, cancelRun, play,  next, previous, nextCommand,
            previousCommand, start, end,     faster,    slower};
}

} // namespace lockscope::ui
