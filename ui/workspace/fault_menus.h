// The menus of a client lane and a key lane (right-click on the timeline): the faults a person
// can add by hand at the playback instant. The caller injects the chosen one and runs again.
#pragma once

#include "sim/scenario.h"

#include <QCoreApplication>

#include <functional>

class QPoint;
class QWidget;

namespace lockscope::ui {

class RunData;

class FaultMenus {
    Q_DECLARE_TR_FUNCTIONS(FaultMenus)
public:
    // inject(action, durationMs, jumpMs); jumpMs is for a node's clock only.
    using Inject = std::function<void(FaultSpec::Action action, qint64 durationMs, qint64 jumpMs)>;

    // Pause, crash, delay or lose a reply of the client.
    static void execClientMenu(QWidget *parent, const RunData &run, qint16 client, qint64 timeUs,
                               const QPoint &globalPos, const Inject &inject);
    // Crash, restart empty, fail over (when the scenario has a replica), jump the clock.
    static void execNodeMenu(QWidget *parent, const RunData &run, qint16 node, qint64 timeUs,
                             const QPoint &globalPos, const Inject &inject);
};

} // namespace lockscope::ui
