// lockscope-cli simulate, compare, demo: the deterministic simulator from the command line.
#include "cli_common.h"

#include "live/live_bench.h"
#include "lock/strategy_registry.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_clock.h"
#include "monitor/monitor_explain.h"
#include "monitor/monitor_run.h"
#include "sim/checker.h"
#include "sim/comparison.h"
#include "sim/explain.h"
#include "sim/simulation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <climits>
#include <csignal>
#include <cstdio>
#include <functional>
#include <vector>

#include <unistd.h>

namespace lockscope::cli {

namespace {

QString readableReport(const SimulationConfig &config, const SimulationResult &r)
{
    const auto &c = r.report;
    QString s;
    QTextStream ts(&s);
    ts << "scenario  " << config.scenario.id << " — " << config.scenario.title << "\n";
    ts << "strategy  " << config.strategyId << "   seed " << config.seed << "\n";
    ts << "simulated " << double(r.simTimeUs) / 1e6 << " s, " << r.commands
       << " Redis commands\n\n";
    ts << "safety\n";
    ts << "  violations             " << c.violations << "  (overlap "
       << double(c.overlapUs) / 1000.0 << " ms)\n";
    ts << "  mistaken deletions     " << c.mistakenDeletions << "\n";
    ts << "  stuck locks            " << c.stuckLocks << "\n";
    ts << "  lost updates           " << c.lostUpdates << "  (counter " << c.counterActual << " of "
       << c.counterExpected << ")\n";
    ts << "  stale writes rejected  " << c.staleWritesRejected << "\n";
    ts << "liveness and cost\n";
    ts << "  acquisitions           " << c.acquisitions << "  (failed attempts " << c.failedAttempts
       << ", gave up " << c.gaveUp << ")\n";
    ts << "  starved clients        " << c.starvedClients << "\n";
    ts << "  acquire latency        p50 " << c.latencyP50Ms << " ms, p99 " << c.latencyP99Ms
       << " ms\n";
    ts << "  commands/acquisition   " << QString::number(c.commandsPerAcquisition(), 'f', 1)
       << "\n";
    ts << "  fairness (Jain)        " << QString::number(c.fairness, 'f', 3) << "\n";
    ts << "\nverdict: "
       << (c.safe() && c.stuckLocks == 0 ? "safe in this run" : "UNSAFE in this run") << "\n";
    return s;
}

// The counts behind one cell of the safety matrix, as JSON (--json) and CSV (--csv) name them.
struct CellField {
    const char *name;
    std::function<QJsonValue(const ComparisonRow &)> value;
};

const std::vector<CellField> &cellFields()
{
    static const std::vector<CellField> fields = {
        {"runs", [](const ComparisonRow &r) { return QJsonValue(r.runs); }},
        {"runs_with_violation",
         [](const ComparisonRow &r) { return QJsonValue(r.runsWithViolation); }},
        {"runs_with_stuck_lock",
         [](const ComparisonRow &r) { return QJsonValue(r.runsWithStuckLock); }},
        {"violations", [](const ComparisonRow &r) { return QJsonValue(r.sum.violations); }},
        {"mistaken_deletions",
         [](const ComparisonRow &r) { return QJsonValue(r.sum.mistakenDeletions); }},
        {"stuck_locks", [](const ComparisonRow &r) { return QJsonValue(r.sum.stuckLocks); }},
        {"lost_updates", [](const ComparisonRow &r) { return QJsonValue(r.sum.lostUpdates); }},
        {"stale_writes_rejected",
         [](const ComparisonRow &r) { return QJsonValue(r.sum.staleWritesRejected); }},
        {"starved_clients",
         [](const ComparisonRow &r) { return QJsonValue(r.sum.starvedClients); }},
        {"gave_up", [](const ComparisonRow &r) { return QJsonValue(r.sum.gaveUp); }},
        {"latency_p99_ms", [](const ComparisonRow &r) { return QJsonValue(r.sum.latencyP99Ms); }},
    };
    return fields;
}

QString cellCode(CellVerdict verdict)
{
    switch (verdict) {
    case CellVerdict::Safe:
        return QStringLiteral("ok");
    case CellVerdict::Unsafe:
        return QStringLiteral("UNSAFE");
    case CellVerdict::LivenessLoss:
        return QStringLiteral("live");
    }
    return {};
}

QString matrixCsv(const QList<ComparisonRow> &rows)
{
    QString s = QStringLiteral("scenario,strategy,verdict");
    for (const auto &f : cellFields())
        s += QLatin1Char(',') + QLatin1String(f.name);
    s += QLatin1Char('\n');
    for (const auto &row : rows) {
        // Ids are [a-z0-9-]; a scenario file's id is quoted in case it holds a comma.
        auto field = [](const QString &v) {
            if (!v.contains(QLatin1Char(',')) && !v.contains(QLatin1Char('"')))
                return v;
            QString q = v;
            q.replace(QStringLiteral("\""), QStringLiteral("\"\""));
            return QStringLiteral("\"%1\"").arg(q);
        };
        s += field(row.scenario) + QLatin1Char(',') + field(row.strategy) + QLatin1Char(',') +
             verdictId(verdictOf(row));
        for (const auto &f : cellFields()) {
            const QJsonValue v = f.value(row);
            s += QLatin1Char(',') + (v.isDouble() && v.toDouble() != double(v.toInteger())
                                         ? QString::number(v.toDouble(), 'f', 3)
                                         : QString::number(v.toInteger()));
        }
        s += QLatin1Char('\n');
    }
    return s;
}

QJsonObject matrixJson(const QList<ComparisonRow> &rows, int seeds)
{
    QJsonArray cells;
    for (const auto &row : rows) {
        QJsonObject o{{QStringLiteral("scenario"), row.scenario},
                      {QStringLiteral("strategy"), row.strategy},
                      {QStringLiteral("verdict"), verdictId(verdictOf(row))}};
        for (const auto &f : cellFields())
            o.insert(QLatin1String(f.name), f.value(row));
        cells.append(o);
    }
    return QJsonObject{{QStringLiteral("seeds"), seeds}, {QStringLiteral("cells"), cells}};
}

// Rows = scenarios, columns = strategies (numbered; the ids are too wide for a column each).
QString matrixText(const QList<ComparisonRow> &rows, const QStringList &scenarios,
                   const QStringList &strategies, int seeds)
{
    QString s;
    QTextStream ts(&s);
    ts << "safety matrix: " << scenarios.size() << " scenarios x " << strategies.size()
       << " strategies, " << seeds << " seeds per cell\n\nstrategies:\n";
    for (qsizetype i = 0; i < strategies.size(); ++i)
        ts << QStringLiteral("  %1  %2\n").arg(i + 1, 2).arg(strategies[i]);
    int width = 8;
    for (const auto &id : scenarios)
        width = qMax(width, int(id.size()));
    ts << '\n' << QStringLiteral("%1").arg(QStringLiteral("scenario"), -width);
    for (qsizetype i = 0; i < strategies.size(); ++i)
        ts << QStringLiteral(" %1").arg(i + 1, 6);
    ts << '\n';
    int counts[3] = {0, 0, 0};
    for (qsizetype sc = 0; sc < scenarios.size(); ++sc) {
        ts << QStringLiteral("%1").arg(scenarios[sc], -width);
        for (qsizetype st = 0; st < strategies.size(); ++st) {
            const auto &row = rows[sc * strategies.size() + st];
            const CellVerdict v = verdictOf(row);
            ++counts[int(v)];
            ts << QStringLiteral(" %1").arg(cellCode(v), 6);
        }
        ts << '\n';
    }
    ts << "\nlegend:\n"
       << "  ok      safe: no violation, mistaken deletion, stuck lock or lost update, and\n"
       << "          every acquire got through\n"
       << "  UNSAFE  some run had a violation, a mistaken deletion, a stuck lock or a lost\n"
       << "          update (a fencing strategy whose stale writes were all rejected is safe)\n"
       << "  live    liveness loss: safe, but a client starved or an acquire gave up\n\n"
       << counts[int(CellVerdict::Safe)] << " ok, " << counts[int(CellVerdict::Unsafe)]
       << " UNSAFE, " << counts[int(CellVerdict::LivenessLoss)]
       << " live; --json or --csv gives the counts behind each cell\n";
    return s;
}

} // namespace

int simulate(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Run one deterministic simulation and check it."));
    const QList<QCommandLineOption> options = {
        {QStringLiteral("scenario"), QStringLiteral("Scenario id or scenario file."),
         QStringLiteral("ID")},
        {QStringLiteral("strategy"),
         QStringLiteral("Strategy id (or 'custom' with the two scripts)."), QStringLiteral("ID")},
        {QStringLiteral("seed"), QStringLiteral("Random seed (default 1)."), QStringLiteral("N")},
        {QStringLiteral("clients"), QStringLiteral("Number of clients."), QStringLiteral("N")},
        {QStringLiteral("keys"), QStringLiteral("Number of lock keys."), QStringLiteral("N")},
        {QStringLiteral("ttl"), QStringLiteral("Lock TTL in ms."), QStringLiteral("MS")},
        {QStringLiteral("duration"), QStringLiteral("Simulated duration in ms."),
         QStringLiteral("MS")},
        {QStringLiteral("wait"),
         QStringLiteral("How to wait for a busy lock: spin, backoff or pubsub."),
         QStringLiteral("MODE")},
        {QStringLiteral("acquire-script"), QStringLiteral("Your acquire script (Lua)."),
         QStringLiteral("FILE")},
        {QStringLiteral("release-script"), QStringLiteral("Your release script (Lua)."),
         QStringLiteral("FILE")},
        {QStringLiteral("events"), QStringLiteral("Write the event log as JSON Lines."),
         QStringLiteral("FILE")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
    };
    p.addOptions(options);
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;

    if (!p.isSet(QStringLiteral("scenario")))
        return fail(QStringLiteral("simulate needs --scenario ID (see 'lockscope-cli scenarios')"));
    SimulationConfig config;
    QString error;
    if (!loadScenarioArg(p.value(QStringLiteral("scenario")), &config.scenario, &error))
        return fail(error);

    const bool custom =
        p.isSet(QStringLiteral("acquire-script")) || p.isSet(QStringLiteral("release-script"));
    if (custom) {
        if (!p.isSet(QStringLiteral("acquire-script")) ||
            !p.isSet(QStringLiteral("release-script")))
            return fail(QStringLiteral(
                "a custom strategy needs both --acquire-script and --release-script"));
        std::unique_ptr<Strategy> s =
            createCustomStrategy(p.value(QStringLiteral("acquire-script")),
                                 p.value(QStringLiteral("release-script")), &error);
        if (!s)
            return fail(error);
        config.strategyId = s->id();
        config.strategy = std::move(s);
    } else {
        if (!p.isSet(QStringLiteral("strategy")))
            return fail(
                QStringLiteral("simulate needs --strategy ID (see 'lockscope-cli strategies')"));
        config.strategyId = p.value(QStringLiteral("strategy"));
        if (!strategyIds().contains(config.strategyId))
            return fail(QStringLiteral("unknown strategy \"%1\" (known: %2)")
                            .arg(config.strategyId, strategyIds().join(QStringLiteral(", "))));
    }

    qint64 seed = 1, clients = -1, keys = -1, ttl = -1, duration = -1;
    if (!numberOption(p, QStringLiteral("seed"), 0, &seed, &error) ||
        !numberOption(p, QStringLiteral("clients"), 1, &clients, &error) ||
        !numberOption(p, QStringLiteral("keys"), 1, &keys, &error) ||
        !numberOption(p, QStringLiteral("ttl"), 1, &ttl, &error) ||
        !numberOption(p, QStringLiteral("duration"), 1, &duration, &error))
        return fail(error);
    if (clients > 100000)
        return fail(QStringLiteral("--clients must be at most 100000, got %1").arg(clients));
    config.seed = quint64(seed);
    if (clients > 0)
        setClientCount(config.scenario, int(clients));
    if (keys > 0)
        config.scenario.keyCount = int(keys);
    if (ttl > 0)
        config.scenario.ttlMs = ttl;
    if (duration > 0)
        config.scenario.durationMs = duration;
    if (p.isSet(QStringLiteral("wait"))) {
        config.waitMode = p.value(QStringLiteral("wait"));
        if (!parseWaitMode(config.waitMode, nullptr))
            return fail(QStringLiteral("--wait must be spin, backoff or pubsub, got \"%1\"")
                            .arg(config.waitMode));
    }

    // Open the events file before running, so a bad path fails fast and costs no run.
    std::unique_ptr<QSaveFile> events;
    if (p.isSet(QStringLiteral("events"))) {
        events = std::make_unique<QSaveFile>(p.value(QStringLiteral("events")));
        if (!events->open(QIODevice::WriteOnly))
            return fail(QStringLiteral("cannot write the event log to %1: %2")
                            .arg(events->fileName(), events->errorString()));
    }
    config.keepLog = bool(events);

    const SimulationResult result = runSimulation(config);
    if (!result.ok)
        return fail(result.error);

    if (events) {
        result.log->writeJsonLines(*events);
        if (!events->commit())
            return fail(QStringLiteral("cannot write the event log to %1: %2")
                            .arg(events->fileName(), events->errorString()));
    }

    if (p.isSet(QStringLiteral("json"))) {
        QJsonObject o = result.report.toJson();
        o.insert(QStringLiteral("strategy"), config.strategyId);
        o.insert(QStringLiteral("scenario"), config.scenario.id);
        o.insert(QStringLiteral("seed"), QString::number(config.seed).toLongLong());
        o.insert(QStringLiteral("sim_time_ms"), double(result.simTimeUs) / 1000.0);
        o.insert(QStringLiteral("redis_commands_total"), qint64(result.commands));
        printJson(o);
    } else {
        out(readableReport(config, result));
    }
    return 0;
}

int compare(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Every strategy on the same scenario and seeds, or the safety matrix of "
                       "every scenario (--all-scenarios)."));
    p.addOptions({
        {QStringLiteral("scenario"), QStringLiteral("Scenario id or scenario file."),
         QStringLiteral("ID")},
        {QStringLiteral("all-scenarios"),
         QStringLiteral("The safety matrix: every built-in scenario x every strategy.")},
        {QStringLiteral("seeds"),
         QStringLiteral("Seeds per strategy (default 10; 100 with --all-scenarios)."),
         QStringLiteral("N")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
        {QStringLiteral("csv"), QStringLiteral("Print CSV: a header line and one row per cell.")},
    });
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    const bool all = p.isSet(QStringLiteral("all-scenarios"));
    if (all == p.isSet(QStringLiteral("scenario")))
        return fail(QStringLiteral("compare needs exactly one of --scenario ID and "
                                   "--all-scenarios (see 'lockscope-cli scenarios')"));
    const bool json = p.isSet(QStringLiteral("json"));
    const bool csv = p.isSet(QStringLiteral("csv"));
    if (json && csv)
        return fail(QStringLiteral("--json and --csv cannot be combined"));
    ComparisonRequest request;
    QString error;
    if (all) {
        for (const auto &id : builtinScenarioIds()) {
            Scenario scenario;
            if (!loadBuiltinScenario(id, &scenario, &error))
                return fail(error);
            request.scenarios.append(scenario);
        }
    } else {
        Scenario scenario;
        if (!loadScenarioArg(p.value(QStringLiteral("scenario")), &scenario, &error))
            return fail(error);
        request.scenarios = {scenario};
    }
    qint64 seeds = all ? 100 : 10;
    if (!numberOption(p, QStringLiteral("seeds"), 1, &seeds, &error))
        return fail(error);
    request.seeds = int(qMin<qint64>(seeds, 1000000));

    // Progress on a terminal only: a pipe or a file gets just the result.
    ComparisonProgress progress;
    std::atomic<int> shownPercent{-1};
    const bool tty = isatty(fileno(stderr)) != 0;
    if (tty) {
        progress = [&shownPercent](int done, int total) {
            const int percent = int(qint64(done) * 100 / qMax(1, total));
            int shown = shownPercent.load();
            while (percent > shown) {
                if (shownPercent.compare_exchange_weak(shown, percent)) {
                    std::fprintf(stderr, "\rcompare: %d%% (%d of %d runs)", percent, done, total);
                    std::fflush(stderr);
                    break;
                }
            }
        };
    }
    const auto rows = runComparison(request, progress);
    if (tty) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }

    if (csv) {
        out(matrixCsv(rows));
        return 0;
    }
    if (all) {
        if (json) {
            printJson(matrixJson(rows, request.seeds));
            return 0;
        }
        QStringList scenarioIds;
        for (const auto &sc : request.scenarios)
            scenarioIds.append(sc.id);
        QStringList strategies;
        for (qsizetype i = 0; i < rows.size() && rows[i].scenario == rows.first().scenario; ++i)
            strategies.append(rows[i].strategy);
        out(matrixText(rows, scenarioIds, strategies, request.seeds));
        return 0;
    }
    const Scenario &scenario = request.scenarios.first();
    if (json) {
        QJsonArray list;
        for (const auto &row : rows)
            list.append(row.toJson());
        printJson(QJsonObject{{QStringLiteral("scenario"), scenario.id},
                              {QStringLiteral("seeds"), request.seeds},
                              {QStringLiteral("strategies"), list}});
        return 0;
    }
    QString s;
    QTextStream ts(&s);
    ts << "scenario " << scenario.id << ", " << request.seeds << " seeds per strategy\n\n";
    ts << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
              .arg(QStringLiteral("strategy"), -20)
              .arg(QStringLiteral("unsafe runs"), 11)
              .arg(QStringLiteral("violations"), 10)
              .arg(QStringLiteral("mistaken del"), 12)
              .arg(QStringLiteral("stuck"), 6)
              .arg(QStringLiteral("lost upd"), 8)
              .arg(QStringLiteral("stale rej"), 9)
              .arg(QStringLiteral("starved"), 7)
              .arg(QStringLiteral("p99 ms"), 9);
    for (const auto &row : rows) {
        const auto &c = row.sum;
        ts << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                  .arg(row.strategy, -20)
                  .arg(QStringLiteral("%1/%2").arg(row.runsWithViolation).arg(row.runs), 11)
                  .arg(c.violations, 10)
                  .arg(c.mistakenDeletions, 12)
                  .arg(c.stuckLocks, 6)
                  .arg(c.lostUpdates, 8)
                  .arg(c.staleWritesRejected, 9)
                  .arg(c.starvedClients, 7)
                  .arg(c.latencyP99Ms, 9, 'f', 1);
    }
    out(s);
    return 0;
}

int demo(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("A narrated simulation in the terminal."));
    p.addOptions({
        {QStringLiteral("scenario"), QStringLiteral("Scenario id (default pause-before-delete)."),
         QStringLiteral("ID")},
        {QStringLiteral("strategies"),
         QStringLiteral("Comma-separated strategy ids (default set-nx-px-get-del,set-nx-px-lua)."),
         QStringLiteral("IDS")},
        {QStringLiteral("commands"), QStringLiteral("Also show every Redis command and reply.")},
    });
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    Scenario scenario;
    QString error;
    const QString scenarioId = p.value(QStringLiteral("scenario")).isEmpty()
                                   ? QStringLiteral("pause-before-delete")
                                   : p.value(QStringLiteral("scenario"));
    if (!loadScenarioArg(scenarioId, &scenario, &error))
        return fail(error);
    const QStringList strategies =
        p.isSet(QStringLiteral("strategies"))
            ? p.value(QStringLiteral("strategies")).split(QLatin1Char(','), Qt::SkipEmptyParts)
            : QStringList{QStringLiteral("set-nx-px-get-del"), QStringLiteral("set-nx-px-lua")};
    for (const auto &id : strategies) {
        if (!strategyIds().contains(id))
            return fail(QStringLiteral("unknown strategy \"%1\" (known: %2)")
                            .arg(id, strategyIds().join(QStringLiteral(", "))));
    }
    const bool commands = p.isSet(QStringLiteral("commands"));

    out(QStringLiteral("LockScope — %1\n\n%2\n").arg(scenario.title, scenario.explanation));
    for (const auto &id : strategies) {
        SimulationConfig config;
        config.scenario = scenario;
        config.strategyId = id;
        const auto result = runSimulation(config);
        if (!result.ok)
            return fail(result.error);
        const auto &log = *result.log;
        const auto strategy = createStrategy(id);
        out(QStringLiteral("\n=== %1: %2\n").arg(id, strategy->info().summary));
        for (const auto &e : log.events()) {
            QString line;
            if (commands &&
                (e.kind == EventKind::CommandSent || e.kind == EventKind::ReplyReceived))
                line = QStringLiteral("%1 %2 %3")
                           .arg(QString::fromUtf8(log.clientName(e.client)),
                                e.kind == EventKind::CommandSent ? QStringLiteral("->")
                                                                 : QStringLiteral("<-"),
                                QString::fromUtf8(log.strings().at(e.text)));
            else
                line = describeEvent(e, log);
            if (!line.isEmpty())
                out(QStringLiteral("  %1  %2\n").arg(formatTime(e.timeUs), 12).arg(line));
        }
        const auto &r = result.report;
        out(QStringLiteral("\n  The checker found:\n"));
        if (r.findings.empty())
            out(QStringLiteral("    nothing wrong: no overlap, no mistaken deletion, no stuck "
                               "lock, counter %1 of %2.\n")
                    .arg(r.counterActual)
                    .arg(r.counterExpected));
        for (const auto &f : r.findings)
            out(QStringLiteral("    %1\n").arg(describeFinding(f, log)));
        if (!strategy->info().flaw.isEmpty())
            out(QStringLiteral("  Why: %1\n").arg(strategy->info().flaw));
    }
    out(QStringLiteral("\nTry another: lockscope-cli demo --scenario <id> --strategies <id,id> "
                       "(lockscope-cli scenarios, lockscope-cli strategies).\n"));
    return 0;
}

} // namespace lockscope::cli
