#include "fault_menus.h"

#include "common/run_data.h"
#include "sim/explain.h"

#include <QMenu>

namespace lockscope::ui {

namespace {

// One fault a menu offers.
struct Choice {
    QString text;
    FaultSpec::Action action;
    qint64 durationMs = 0;
    qint64 jumpMs = 0;
    bool enabled = true;
};

// "<name> at <instant>", then the choices; the chosen one goes to inject().
void execMenu(QWidget *parent, const QString &title, const QList<Choice> &choices,
              const QPoint &globalPos, const FaultMenus::Inject &inject)
{
    QMenu menu(parent);
    menu.addSection(title);
    for (const Choice &c : choices) {
        QAction *a = menu.addAction(c.text, parent,
                                    [&inject, c] { inject(c.action, c.durationMs, c.jumpMs); });
        a->setEnabled(c.enabled);
    }
    menu.exec(globalPos);
}

} // namespace

void FaultMenus::execClientMenu(QWidget *parent, const RunData &run, qint16 client, qint64 timeUs,
                                const QPoint &globalPos, const Inject &inject)
{
    using Action = FaultSpec::Action;
    const QString name = run.clientName(client);
    execMenu(parent, tr("%1 at %2").arg(name, formatTime(timeUs)),
             {{tr("Pause %1 for 5 s (GC, VM migration)").arg(name), Action::Pause, 5000},
              {tr("Crash %1").arg(name), Action::Crash},
              {tr("Delay %1's next reply by 2 s").arg(name), Action::DelayReply, 2000},
              {tr("Lose %1's next reply").arg(name), Action::LoseReply}},
             globalPos, inject);
}

void FaultMenus::execNodeMenu(QWidget *parent, const RunData &run, qint16 node, qint64 timeUs,
                              const QPoint &globalPos, const Inject &inject)
{
    using Action = FaultSpec::Action;
    const QString name = run.nodeName(node);
    const bool replica = run.scenario().replicas >= 1;
    execMenu(parent, tr("%1 at %2").arg(name, formatTime(timeUs)),
             {{tr("Crash %1 for 10 s (keeps its data)").arg(name), Action::NodeCrash, 10000},
              {tr("Restart %1 empty (no persistence)").arg(name), Action::NodeRestart, 100},
              {replica ? tr("Fail %1 over to its replica").arg(name)
                       : tr("Fail over (this scenario has no replica)"),
               Action::Failover, 100, 0, replica},
              {tr("Jump %1's clock forward 10 s").arg(name), Action::ClockJump, 0, 10000}},
             globalPos, inject);
}

} // namespace lockscope::ui
