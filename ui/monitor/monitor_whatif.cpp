#include "monitor_whatif.h"

#include "sim/scenario_writer.h"
#include "sim/whatif.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QStandardPaths>

namespace lockscope::ui {

QString whatIfFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/whatif");
}

bool writeWhatIfScenario(const EventLog &log, const RecordingWindow &window, const QString &origin,
                         const QString &folder, WhatIfScenarioFile *out, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    RecordedWorkload workload;
    QString why;
    if (!deriveWorkload(log, window, &workload, &why))
        return fail(why);
    if (workload.holds.empty())
        return fail(QCoreApplication::translate(
            "lockscope::ui::MonitorPage",
            "Nothing to replay: no lock was acquired in this part of the history (zoom the "
            "History out, or record longer)."));
    WhatIfOptions options;
    options.window = window;
    options.origin = origin;
    Scenario scenario;
    if (!whatIfScenario(workload, options, &scenario, nullptr, &why))
        return fail(why);
    if (!QDir().mkpath(folder))
        return fail(QCoreApplication::translate("lockscope::ui::MonitorPage",
                                                "Cannot create the folder %1.")
                        .arg(folder));
    const QString path =
        folder +
        QStringLiteral("/whatif-%1.json")
            .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
    if (!writeScenarioFile(path, scenario, &why))
        return fail(QCoreApplication::translate("lockscope::ui::MonitorPage", "Cannot write %1: %2")
                        .arg(path, why));
    out->path = path;
    out->strategy = impliedStrategy(workload);
    out->clients = int(scenario.clients.size());
    out->acquisitions = int(workload.holds.size());
    return true;
}

} // namespace lockscope::ui
