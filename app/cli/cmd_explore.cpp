// lockscope-cli explore: the bounded exhaustive search of fault placements (core/explore), for
// one strategy (a built-in one or your scripts) or, with --all-strategies, the break-it table.
// Exit 0: no counterexample within the bound; 1: one found; 2: bad input; 130: interrupted
// before the bound was searched (what was found is printed).
#include "cli_commands.h"
#include "cli_common.h"
#include "text_columns.h"

#include "explore/explorer.h"
#include "lock/strategy_registry.h"
#include "sim/scenario_writer.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QTextStream>

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace lockscope::cli {

namespace {

constexpr int kFoundExit = 1;
constexpr int kInterruptedExit = 130;

QJsonObject placementJson(const FaultPlacement &p, const Scenario &scenario)
{
    const auto clients = scenario.resolvedClients();
    QJsonObject o{{QStringLiteral("fault"), exploreFaultId(p.fault)},
                  {QStringLiteral("client"), clients.value(p.client).name},
                  {QStringLiteral("step"), QString::fromLatin1(p.step)},
                  {QStringLiteral("phase"), QString::fromLatin1(p.phase)},
                  {QStringLiteral("occurrence"), p.occurrence},
                  {QStringLiteral("at_ms"), double(p.timeUs) / 1000.0},
                  {QStringLiteral("description"), describePlacement(p, clients, scenario.ttlMs)}};
    if (isNodeFault(p.fault))
        o.insert(QStringLiteral("node"), p.node);
    if (p.fault == ExploreFault::Reorder) {
        o.insert(QStringLiteral("hold_ms"), p.holdMs);
        o.insert(QStringLiteral("overtaken_by"), clients.value(p.overtakenBy).name);
    }
    return o;
}

QJsonObject resultJson(const ExploreResult &r, const QMap<QString, QString> &files)
{
    QJsonArray faults, found, bounds;
    for (ExploreFault f : r.faults)
        faults.append(exploreFaultId(f));
    for (Finding::Kind kind : r.find) {
        const Counterexample *c = r.smallest(kind);
        if (!c) {
            bounds.append(
                QJsonObject{{QStringLiteral("finding"), QString::fromLatin1(findingKindId(kind))},
                            {QStringLiteral("text"), r.verdictLine(kind)}});
            continue;
        }
        QJsonArray placements;
        for (const auto &p : c->placements)
            placements.append(placementJson(p, c->scenario));
        QJsonObject o{{QStringLiteral("finding"), QString::fromLatin1(findingKindId(kind))},
                      {QStringLiteral("faults"), int(c->placements.size())},
                      {QStringLiteral("finding_at_ms"), double(c->findingUs) / 1000.0},
                      {QStringLiteral("placements"), placements},
                      {QStringLiteral("witness"), c->witness},
                      {QStringLiteral("scenario"), scenarioToJsonObject(c->scenario)}};
        if (files.contains(c->scenario.id))
            o.insert(QStringLiteral("scenario_file"), files.value(c->scenario.id));
        found.append(o);
    }
    QJsonObject o{
        {QStringLiteral("strategy"), r.strategyId},
        {QStringLiteral("clients"), r.workload.clients},
        {QStringLiteral("cycles"), r.workload.cycles},
        {QStringLiteral("ttl_ms"), double(r.workload.ttlMs)},
        {QStringLiteral("hold_ms"), double(r.workload.holdMs)},
        {QStringLiteral("stagger_ms"), double(r.workload.startStaggerMs)},
        {QStringLiteral("max_faults"), r.maxFaults},
        {QStringLiteral("fault_kinds"), faults},
        {QStringLiteral("schedules"), double(r.schedules)},
        {QStringLiteral("pruned"), double(r.pruned)},
        {QStringLiteral("completed_level"), r.completedLevel},
        {QStringLiteral("cancelled"), r.cancelled},
        {QStringLiteral("wall_s"), r.wallSeconds},
        {QStringLiteral("counterexamples"), found},
        {QStringLiteral("bounded"), bounds},
    };
    if (r.firstCounterexampleSeconds >= 0)
        o.insert(QStringLiteral("first_counterexample_s"), r.firstCounterexampleSeconds);
    if (r.scriptErrors > 0) {
        o.insert(QStringLiteral("script_errors"), double(r.scriptErrors));
        o.insert(QStringLiteral("first_script_error"), r.firstScriptError);
    }
    return o;
}

QString resultText(const ExploreResult &r, const QMap<QString, QString> &files)
{
    QString s;
    QTextStream ts(&s);
    const QLocale locale;
    QStringList kinds;
    for (ExploreFault f : r.faults)
        kinds.append(exploreFaultId(f));
    ts << QCoreApplication::translate("cli", "explore %1: %2 clients x %3 cycles, TTL %4 ms, "
                                             "hold %5 ms, up to %6 (%7)\n")
              .arg(r.strategyId)
              .arg(r.workload.clients)
              .arg(r.workload.cycles)
              .arg(r.workload.ttlMs)
              .arg(r.workload.holdMs)
              .arg(faultCountText(r.maxFaults))
              .arg(kinds.isEmpty() ? QStringLiteral("-") : kinds.join(QStringLiteral(", ")));
    if (r.workload.startStaggerMs != ExploreWorkload().startStaggerMs)
        ts << (r.workload.startStaggerMs == 0
                   ? QCoreApplication::translate("cli", "The clients start together.\n")
                   : QCoreApplication::translate("cli", "The clients start %1 ms apart.\n")
                         .arg(r.workload.startStaggerMs));
    ts << QCoreApplication::translate("cli", "%1 schedules run, %2 places pruned as equivalent, "
                                             "in %3 s (%4 schedules/s)")
              .arg(locale.toString(qulonglong(r.schedules)), locale.toString(qulonglong(r.pruned)),
                   QString::number(r.wallSeconds, 'f', 2),
                   locale.toString(qulonglong(double(r.schedules) / qMax(r.wallSeconds, 1e-9))));
    if (r.firstCounterexampleSeconds >= 0)
        ts << QCoreApplication::translate("cli", "; first counterexample after %1 s")
                  .arg(QString::number(r.firstCounterexampleSeconds, 'f', 3));
    ts << "\n";
    if (r.cancelled)
        ts << QCoreApplication::translate(
                  "cli", "interrupted: every schedule with up to %1 faults was run\n")
                  .arg(qMax(r.completedLevel, 0));
    ts << "\n";
    for (Finding::Kind kind : r.find) {
        ts << r.verdictLine(kind) << "\n";
        const Counterexample *c = r.smallest(kind);
        if (!c)
            continue;
        const auto clients = c->scenario.resolvedClients();
        for (const auto &p : c->placements)
            ts << "    " << describePlacement(p, clients, c->scenario.ttlMs) << "\n";
        if (!c->witness.isEmpty())
            ts << "    " << c->witness << "\n";
        if (files.contains(c->scenario.id))
            ts << "    "
               << QCoreApplication::translate("cli", "scenario: %1")
                      .arg(files.value(c->scenario.id))
               << "\n";
    }
    if (r.scriptErrors > 0)
        ts << "\n"
           << QCoreApplication::translate("cli", "your scripts failed in %1 schedules; the "
                                                 "first: %2\n")
                  .arg(locale.toString(qulonglong(r.scriptErrors)), r.firstScriptError);
    return s;
}

// "1: pause-long" or "none <= 2": a break-it table cell.
QString cellText(const ExploreResult &r, Finding::Kind kind)
{
    if (const Counterexample *c = r.smallest(kind)) {
        QStringList ids;
        for (const auto &p : c->placements)
            ids.append(exploreFaultId(p.fault));
        return ids.isEmpty() ? QStringLiteral("0")
                             : QStringLiteral("%1: %2")
                                   .arg(c->placements.size())
                                   .arg(ids.join(QLatin1Char('+')));
    }
    return QCoreApplication::translate("cli", "none <= %1").arg(qMax(r.completedLevel, 0));
}

QString breakItTable(const QList<ExploreResult> &results)
{
    QList<QStringList> rows;
    QStringList header{QCoreApplication::translate("cli", "strategy")};
    for (Finding::Kind kind : results.first().find)
        header.append(findingKindLabel(kind));
    header.append(QCoreApplication::translate("cli", "schedules"));
    rows.append(header);
    for (const auto &r : results) {
        QStringList row{r.strategyId};
        for (Finding::Kind kind : r.find)
            row.append(cellText(r, kind));
        row.append(QLocale().toString(qulonglong(r.schedules)));
        rows.append(row);
    }
    QList<int> widths(header.size(), 0);
    for (const auto &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i)
            widths[i] = qMax(widths[i], terminalWidth(row[i]));
    }
    QString s;
    for (const auto &row : rows) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i)
            line += padded(row[i], -(widths[i] + 2));
        s += line.trimmed() + QLatin1Char('\n');
    }
    return s;
}

// Writes each counterexample as DIR/<id>.json; returns id -> path, or false with *error.
bool writeScenarios(const QString &dir, const ExploreResult &r, QMap<QString, QString> *files,
                    QString *error)
{
    if (!QDir().mkpath(dir)) {
        *error = QCoreApplication::translate("cli", "cannot create the directory %1").arg(dir);
        return false;
    }
    for (const auto &c : r.counterexamples) {
        const QString path = QDir(dir).filePath(c.scenario.id + QStringLiteral(".json"));
        QString why;
        if (!writeScenarioFile(path, c.scenario, &why)) {
            *error = QCoreApplication::translate("cli", "cannot write %1: %2").arg(path, why);
            return false;
        }
        files->insert(c.scenario.id, path);
    }
    return true;
}

} // namespace

int explore(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate(
        "cli", "Search every placement of up to K faults in a small workload for the smallest "
               "one that breaks a lock. Exit 0: none within the bound; 1: a counterexample; 2: "
               "bad input; 130: interrupted."));
    const ExploreWorkload defaults;
    p.addOptions({
        {QStringLiteral("strategy"), QCoreApplication::translate("cli", "Strategy id."),
         QStringLiteral("ID")},
        {QStringLiteral("all-strategies"),
         QCoreApplication::translate("cli", "Every built-in strategy: the break-it table.")},
        {QStringLiteral("acquire-script"),
         QCoreApplication::translate("cli", "Your acquire script (Lua)."), QStringLiteral("FILE")},
        {QStringLiteral("release-script"),
         QCoreApplication::translate("cli", "Your release script (Lua)."), QStringLiteral("FILE")},
        scriptTimeLimitOption(),
        {QStringLiteral("clients"),
         QCoreApplication::translate("cli", "Clients (default %1).").arg(defaults.clients),
         QStringLiteral("N")},
        {QStringLiteral("cycles"),
         QCoreApplication::translate("cli", "Lock cycles per client (default %1).")
             .arg(defaults.cycles),
         QStringLiteral("N")},
        {QStringLiteral("ttl"),
         QCoreApplication::translate("cli", "Lock TTL in ms (default %1).").arg(defaults.ttlMs),
         QStringLiteral("MS")},
        {QStringLiteral("hold"),
         QCoreApplication::translate("cli", "Time inside the lock in ms (default %1).")
             .arg(defaults.holdMs),
         QStringLiteral("MS")},
        {QStringLiteral("stagger"),
         QCoreApplication::translate("cli", "Client i starts i times this many ms late (default "
                                            "%1; 0: all at once, so their first requests race).")
             .arg(defaults.startStaggerMs),
         QStringLiteral("MS")},
        {QStringLiteral("nodes"),
         QCoreApplication::translate("cli", "Redlock's nodes (default %1).")
             .arg(defaults.redlockNodes),
         QStringLiteral("N")},
        {QStringLiteral("faults"),
         QCoreApplication::translate("cli", "Fault kinds, comma-separated (default: all that "
                                            "apply): %1.")
             .arg([] {
                 QStringList ids;
                 for (ExploreFault f : allExploreFaults())
                     ids.append(exploreFaultId(f));
                 return ids.join(QStringLiteral(", "));
             }()),
         QStringLiteral("LIST")},
        {QStringLiteral("max-faults"),
         QCoreApplication::translate("cli", "Faults per schedule, at most (0..%1, default 2).")
             .arg(kMaxExploreFaults),
         QStringLiteral("K")},
        {QStringLiteral("find"),
         QCoreApplication::translate("cli", "Findings that count, comma-separated (default all: "
                                            "violation, mistaken_deletion, stuck_lock, "
                                            "lost_update, starvation)."),
         QStringLiteral("LIST")},
        {QStringLiteral("threads"),
         QCoreApplication::translate("cli", "Worker threads (default: one per core)."),
         QStringLiteral("N")},
        {QStringLiteral("scenario-dir"),
         QCoreApplication::translate("cli", "Write each counterexample there as a scenario file."),
         QStringLiteral("DIR")},
        {QStringLiteral("json"),
         QCoreApplication::translate("cli", "Print the result as one JSON object.")},
    });
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;

    const bool all = p.isSet(QStringLiteral("all-strategies"));
    const bool custom =
        p.isSet(QStringLiteral("acquire-script")) || p.isSet(QStringLiteral("release-script"));
    if (int(all) + int(custom) + int(p.isSet(QStringLiteral("strategy"))) != 1)
        return fail(QCoreApplication::translate(
            "cli", "explore needs exactly one of --strategy ID, --all-strategies and "
                   "--acquire-script/--release-script"));
    ExploreRequest request;
    QString error;
    std::unique_ptr<Strategy> mine;
    if (!customStrategyOption(p, &mine, &error))
        return fail(error);
    if (mine)
        request.strategy = std::move(mine);
    else if (!all)
        request.strategyId = p.value(QStringLiteral("strategy"));
    qint64 clients = defaults.clients, cycles = defaults.cycles, ttl = defaults.ttlMs,
           hold = defaults.holdMs, nodes = defaults.redlockNodes, k = 2, threads = 0,
           stagger = defaults.startStaggerMs;
    if (!numberOption(p, QStringLiteral("clients"), 1, &clients, &error) ||
        !numberOption(p, QStringLiteral("cycles"), 1, &cycles, &error) ||
        !numberOption(p, QStringLiteral("ttl"), 1, &ttl, &error) ||
        !numberOption(p, QStringLiteral("hold"), 0, &hold, &error) ||
        !numberOption(p, QStringLiteral("nodes"), 1, &nodes, &error) ||
        !numberOption(p, QStringLiteral("stagger"), 0, &stagger, &error) ||
        !numberOption(p, QStringLiteral("max-faults"), 0, &k, &error) ||
        !numberOption(p, QStringLiteral("threads"), 1, &threads, &error) ||
        !capOption(QStringLiteral("clients"), clients, 8, &error) ||
        !capOption(QStringLiteral("cycles"), cycles, 10, &error) ||
        !capOption(QStringLiteral("max-faults"), k, kMaxExploreFaults, &error) ||
        !capOption(QStringLiteral("threads"), threads, 256, &error) ||
        !capOption(QStringLiteral("nodes"), nodes, 15, &error) ||
        !capOption(QStringLiteral("ttl"), ttl, 600000, &error) ||
        !capOption(QStringLiteral("hold"), hold, 600000, &error) ||
        !capOption(QStringLiteral("stagger"), stagger, 60000, &error))
        return fail(error);
    request.workload = {int(clients), int(cycles), ttl, hold, int(nodes), stagger};
    request.maxFaults = int(k);
    request.threads = int(threads);
    if (p.isSet(QStringLiteral("faults"))) {
        for (const QString &id :
             p.value(QStringLiteral("faults")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            ExploreFault f;
            if (!parseExploreFault(id.trimmed(), &f)) {
                QStringList ids;
                for (ExploreFault known : allExploreFaults())
                    ids.append(exploreFaultId(known));
                return fail(QCoreApplication::translate("cli", "unknown fault kind \"%1\" "
                                                               "(known: %2)")
                                .arg(id.trimmed(), ids.join(QStringLiteral(", "))));
            }
            request.faults.append(f);
        }
        if (request.faults.isEmpty())
            return fail(QCoreApplication::translate("cli", "--faults names no fault kind"));
    }
    if (p.isSet(QStringLiteral("find")) &&
        !parseFindingKinds(p.value(QStringLiteral("find")), &request.find, &error))
        return fail(error);
    if (!readScriptTimeLimit(p, &request.scriptLimits, &error))
        return fail(error);
    const QStringList ids = all ? strategyIds() : QStringList{request.strategyId};
    for (const QString &id : ids) {
        ExploreRequest r = request;
        r.strategyId = id;
        if (!validateExploreRequest(r, &error))
            return fail(error);
    }
    const QString dir = p.value(QStringLiteral("scenario-dir"));

    // Progress on a terminal only; Ctrl-C stops the search and keeps what it found.
    const bool tty = ::isatty(STDERR_FILENO) != 0;
    g_interrupted.store(false);
    const auto previousInt = std::signal(SIGINT, onInterrupt);
    QList<ExploreResult> results;
    for (const QString &id : ids) {
        ExploreRequest r = request;
        r.strategyId = id;
        ExploreProgressFn progress;
        if (tty) {
            progress = [&](const ExploreProgress &pr) {
                std::fprintf(stderr, "\rexplore %s: %d fault(s), %llu of %llu schedules, %d found",
                             qPrintable(r.strategy ? r.strategy->id() : id), pr.level,
                             static_cast<unsigned long long>(pr.schedules),
                             static_cast<unsigned long long>(pr.total), pr.found);
                std::fflush(stderr);
            };
        }
        results.append(lockscope::explore(r, progress, &g_interrupted));
        if (tty) {
            std::fputs("\r\033[K", stderr);
            std::fflush(stderr);
        }
        if (!results.last().ok) {
            std::signal(SIGINT, previousInt);
            return fail(results.last().error);
        }
        if (results.last().cancelled)
            break;
    }
    std::signal(SIGINT, previousInt);

    QMap<QString, QString> files;
    if (!dir.isEmpty()) {
        for (const auto &r : results) {
            if (!writeScenarios(dir, r, &files, &error))
                return fail(error);
        }
    }
    bool found = false, cancelled = false;
    for (const auto &r : results) {
        found = found || !r.counterexamples.isEmpty();
        cancelled = cancelled || r.cancelled;
    }
    if (p.isSet(QStringLiteral("json"))) {
        if (all) {
            QJsonArray list;
            for (const auto &r : results)
                list.append(resultJson(r, files));
            printJson(QJsonObject{{QStringLiteral("strategies"), list}});
        } else {
            printJson(resultJson(results.first(), files));
        }
    } else if (all) {
        out(breakItTable(results));
    } else {
        out(resultText(results.first(), files));
    }
    if (cancelled)
        return kInterruptedExit;
    return found ? kFoundExit : 0;
}

} // namespace lockscope::cli
