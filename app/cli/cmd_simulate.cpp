// lockscope-cli simulate, compare, demo: the deterministic simulator from the command line.
#include "cli_common.h"
#include "text_columns.h"

#include "lock/strategy_registry.h"
#include "sim/checker.h"
#include "sim/comparison.h"
#include "sim/explain.h"
#include "sim/run_limits.h"
#include "sim/simulation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

#include <cstdio>
#include <mutex>

#include <unistd.h>

namespace lockscope::cli {

QString verdictCode(CellVerdict verdict)
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

namespace {

// A caption in the CLI's language: the log holds the English text, the scenario file the others
// (the event's value is the caption's index).
QString captionLine(const Scenario &scenario, const Event &e, const EventLog &log)
{
    const QString language = translationLanguage();
    if (language != QLatin1String("en") && e.value >= 0 && e.value < scenario.captions.size()) {
        const QString text = scenario.captions[qsizetype(e.value)].text.value(language);
        if (!text.isEmpty())
            return QCoreApplication::translate("Explain", "» %1").arg(text);
    }
    return describeEvent(e, log);
}

QString readableReport(const SimulationConfig &config, const SimulationResult &r,
                       CellVerdict verdict)
{
    const auto &c = r.report;
    // Doubles as QTextStream writes them: 6 significant digits.
    const auto num = [](double v) { return QString::number(v, 'g', 6); };
    QString s;
    s += QCoreApplication::translate("cli", "scenario  %1 — %2\n")
             .arg(config.scenario.id,
                  config.scenario.titleTr.value(translationLanguage(), config.scenario.title));
    s += QCoreApplication::translate("cli", "strategy  %1   seed %2\n")
             .arg(config.strategyId)
             .arg(config.seed);
    s += QCoreApplication::translate("cli", "simulated %1 s, %2 Redis commands\n\n")
             .arg(num(double(r.simTimeUs) / 1e6))
             .arg(r.commands);
    s += QCoreApplication::translate("cli", "safety\n");
    s += QCoreApplication::translate("cli", "  violations             %1  (overlap %2 ms)\n")
             .arg(c.violations)
             .arg(num(double(c.overlapUs) / 1000.0));
    s += QCoreApplication::translate("cli", "  mistaken deletions     %1\n")
             .arg(c.mistakenDeletions);
    s += QCoreApplication::translate("cli", "  stuck locks            %1\n").arg(c.stuckLocks);
    s += QCoreApplication::translate("cli", "  lost updates           %1  (counter %2 of %3)\n")
             .arg(c.lostUpdates)
             .arg(c.counterActual)
             .arg(c.counterExpected);
    s += QCoreApplication::translate("cli", "  stale writes rejected  %1\n")
             .arg(c.staleWritesRejected);
    s += QCoreApplication::translate("cli", "liveness and cost\n");
    s += QCoreApplication::translate(
             "cli", "  acquisitions           %1  (failed attempts %2, gave up %3)\n")
             .arg(c.acquisitions)
             .arg(c.failedAttempts)
             .arg(c.gaveUp);
    s += QCoreApplication::translate("cli", "  starved clients        %1\n").arg(c.starvedClients);
    // No acquisition: no latency, no cost per acquisition, no fairness (not 0, 0 and 1).
    const auto ms = [&](const Figure &f) {
        return f ? QCoreApplication::translate("cli", "%1 ms").arg(num(*f)) : noDataText();
    };
    s += QCoreApplication::translate("cli", "  acquire latency        p50 %1, p99 %2\n")
             .arg(ms(c.latencyP50Ms), ms(c.latencyP99Ms));
    s += QCoreApplication::translate("cli", "  commands/acquisition   %1\n")
             .arg(figureText(c.commandsPerAcquisition(), 1));
    s += QCoreApplication::translate("cli", "  fairness (Jain)        %1\n")
             .arg(figureText(c.fairness, 3));
    switch (verdict) {
    case CellVerdict::Safe:
        s += QCoreApplication::translate("cli", "\nverdict: safe in this run\n");
        break;
    case CellVerdict::Unsafe:
        s += QCoreApplication::translate("cli", "\nverdict: UNSAFE in this run\n");
        break;
    case CellVerdict::LivenessLoss:
        s += QCoreApplication::translate(
            "cli", "\nverdict: liveness loss in this run (safe, but a client starved or an "
                   "acquire gave up)\n");
        break;
    }
    return s;
}

// Rows = scenarios, columns = strategies (numbered; the ids are too wide for a column each).
QString matrixText(const QList<ComparisonRow> &rows, const QStringList &scenarios,
                   const QStringList &strategies, int seeds)
{
    QString s;
    QTextStream ts(&s);
    ts << QCoreApplication::translate(
              "cli", "safety matrix: %1 scenarios x %2 strategies, %3 seeds per cell\n\n"
                     "strategies:\n")
              .arg(scenarios.size())
              .arg(strategies.size())
              .arg(seeds);
    for (qsizetype i = 0; i < strategies.size(); ++i)
        ts << QStringLiteral("  %1  %2\n").arg(i + 1, 2).arg(strategies[i]);
    int width = 8;
    for (const auto &id : scenarios)
        width = qMax(width, int(id.size()));
    const QString scenarioHeader = QCoreApplication::translate("cli", "scenario");
    width = qMax(width, terminalWidth(scenarioHeader));
    ts << '\n' << padded(scenarioHeader, -width);
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
            ts << QStringLiteral(" %1").arg(verdictCode(v), 6);
        }
        ts << '\n';
    }
    ts << QCoreApplication::translate(
        "cli",
        "\nlegend:\n"
        "  ok      safe: no violation, mistaken deletion, stuck lock or lost update, and\n"
        "          every acquire got through\n"
        "  UNSAFE  some run had a violation, a mistaken deletion, a stuck lock or a lost\n"
        "          update (a fencing strategy whose stale writes were all rejected is safe)\n"
        "  live    liveness loss: safe, but a client starved or an acquire gave up\n\n");
    ts << QCoreApplication::translate(
              "cli",
              "%1 ok, %2 UNSAFE, %3 live; --json or --csv gives the counts behind each cell\n")
              .arg(counts[int(CellVerdict::Safe)])
              .arg(counts[int(CellVerdict::Unsafe)])
              .arg(counts[int(CellVerdict::LivenessLoss)]);
    return s;
}

} // namespace

int simulate(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QCoreApplication::translate("cli", "Run one deterministic simulation and check it."));
    const QList<QCommandLineOption> options = {
        {QStringLiteral("scenario"),
         QCoreApplication::translate("cli", "Scenario id or scenario file."), QStringLiteral("ID")},
        {QStringLiteral("strategy"),
         QCoreApplication::translate("cli", "Strategy id (or 'custom' with the two scripts)."),
         QStringLiteral("ID")},
        {QStringLiteral("seed"), QCoreApplication::translate("cli", "Random seed (default 1)."),
         QStringLiteral("N")},
        {QStringLiteral("clients"), QCoreApplication::translate("cli", "Number of clients."),
         QStringLiteral("N")},
        {QStringLiteral("keys"), QCoreApplication::translate("cli", "Number of lock keys."),
         QStringLiteral("N")},
        {QStringLiteral("ttl"), QCoreApplication::translate("cli", "Lock TTL in ms."),
         QStringLiteral("MS")},
        {QStringLiteral("duration"),
         QCoreApplication::translate("cli", "Simulated duration in ms."), QStringLiteral("MS")},
        {QStringLiteral("wait"),
         QCoreApplication::translate("cli",
                                     "How to wait for a busy lock: spin, backoff or pubsub."),
         QStringLiteral("MODE")},
        {QStringLiteral("acquire-script"),
         QCoreApplication::translate("cli", "Your acquire script (Lua)."), QStringLiteral("FILE")},
        {QStringLiteral("release-script"),
         QCoreApplication::translate("cli", "Your release script (Lua)."), QStringLiteral("FILE")},
        scriptTimeLimitOption(),
        {QStringLiteral("events"),
         QCoreApplication::translate("cli", "Write the event log as JSON Lines."),
         QStringLiteral("FILE")},
        {QStringLiteral("json"),
         QCoreApplication::translate("cli", "Print the result as one JSON object.")},
    };
    p.addOptions(options);
    p.addOptions(liveSimulateOptions());
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;

    if (!p.isSet(QStringLiteral("scenario")))
        return fail(QCoreApplication::translate(
            "cli", "simulate needs --scenario ID (see 'lockscope-cli scenarios')"));
    for (const char *liveOnly : {"time-scale", "redis"}) {
        if (p.isSet(QLatin1String(liveOnly)) && !p.isSet(QStringLiteral("live")))
            return fail(QCoreApplication::translate("cli", "--%1 goes with --live")
                            .arg(QLatin1String(liveOnly)));
    }
    SimulationConfig config;
    QString error;
    if (!loadScenarioArg(p.value(QStringLiteral("scenario")), &config.scenario, &error))
        return fail(error);

    std::unique_ptr<Strategy> s;
    if (!customStrategyOption(p, &s, &error))
        return fail(error);
    if (s) {
        config.strategyId = s->id();
        config.strategy = std::move(s);
    } else {
        if (!p.isSet(QStringLiteral("strategy")))
            return fail(QCoreApplication::translate(
                "cli", "simulate needs --strategy ID (see 'lockscope-cli strategies')"));
        config.strategyId = p.value(QStringLiteral("strategy"));
        if (!strategyIds().contains(config.strategyId))
            return fail(QCoreApplication::translate("cli", "unknown strategy \"%1\" (known: %2)")
                            .arg(config.strategyId, strategyIds().join(QStringLiteral(", "))));
    }

    qint64 seed = 1, clients = -1, keys = -1, ttl = -1, duration = -1;
    if (!numberOption(p, QStringLiteral("seed"), 0, &seed, &error) ||
        !numberOption(p, QStringLiteral("clients"), 1, &clients, &error) ||
        !numberOption(p, QStringLiteral("keys"), 1, &keys, &error) ||
        !numberOption(p, QStringLiteral("ttl"), 1, &ttl, &error) ||
        !numberOption(p, QStringLiteral("duration"), 1, &duration, &error))
        return fail(error);
    if (!capOption(QStringLiteral("clients"), clients, limits::kMaxClients, &error) ||
        !capOption(QStringLiteral("keys"), keys, limits::kMaxKeys, &error) ||
        !capOption(QStringLiteral("duration"), duration, limits::kMaxDurationMs, &error))
        return fail(error);
    if (!readScriptTimeLimit(p, &config.scriptLimits, &error))
        return fail(error);
    config.seed = quint64(seed);
    if (clients > 0 && !setClientCount(config.scenario, int(clients), &error))
        return fail(QStringLiteral("--clients: ") + error);
    if (keys > 0)
        config.scenario.keyCount = int(keys);
    if (ttl > 0)
        config.scenario.ttlMs = ttl;
    if (duration > 0)
        config.scenario.durationMs = duration;
    if (p.isSet(QStringLiteral("wait"))) {
        config.waitMode = p.value(QStringLiteral("wait"));
        if (!parseWaitMode(config.waitMode, nullptr))
            return fail(QCoreApplication::translate(
                            "cli", "--wait must be spin, backoff or pubsub, got \"%1\"")
                            .arg(config.waitMode));
    }

    if (p.isSet(QStringLiteral("live")))
        return simulateLive(config, p);

    // Open the events file before running, so a bad path fails fast and costs no run.
    std::unique_ptr<QSaveFile> events;
    if (!openEventsFile(p, &events, &error))
        return fail(error);
    config.keepLog = bool(events);

    const SimulationResult result = runSimulation(config);
    // A run that ended on an error (a custom script failing) still leaves its events up to
    // that instant in the log: they show what led there.
    if (events && result.log && !writeEventsFile(*events, *result.log, &error))
        return fail(error);
    if (!result.ok)
        return fail(result.error);

    // The matrix's rule, so that a run and a cell of one seed always agree.
    const bool fencing = config.strategy ? config.strategy->info().fencing
                                         : createStrategy(config.strategyId)->info().fencing;
    const CellVerdict verdict = runVerdict(result.report, fencing);
    if (p.isSet(QStringLiteral("json"))) {
        QJsonObject o = result.report.toJson();
        o.insert(QStringLiteral("verdict"), verdictId(verdict));
        o.insert(QStringLiteral("strategy"), config.strategyId);
        o.insert(QStringLiteral("scenario"), config.scenario.id);
        o.insert(QStringLiteral("seed"), QString::number(config.seed).toLongLong());
        o.insert(QStringLiteral("sim_time_ms"), double(result.simTimeUs) / 1000.0);
        o.insert(QStringLiteral("redis_commands_total"), qint64(result.commands));
        printJson(o);
    } else {
        out(readableReport(config, result, verdict));
    }
    return 0;
}

int compare(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate(
        "cli", "Every strategy on the same scenario and seeds, or the safety matrix of "
               "every scenario (--all-scenarios)."));
    p.addOptions({
        {QStringLiteral("scenario"),
         QCoreApplication::translate("cli", "Scenario id or scenario file."), QStringLiteral("ID")},
        {QStringLiteral("all-scenarios"),
         QCoreApplication::translate(
             "cli", "The safety matrix: every built-in scenario x every strategy.")},
        {QStringLiteral("seeds"),
         QCoreApplication::translate("cli",
                                     "Seeds per strategy (default 10; 100 with --all-scenarios)."),
         QStringLiteral("N")},
        {QStringLiteral("json"), QCoreApplication::translate("cli", "Print JSON.")},
        {QStringLiteral("csv"),
         QCoreApplication::translate("cli", "Print CSV: a header line and one row per cell.")},
        {QStringLiteral("acquire-script"),
         QCoreApplication::translate("cli", "Your acquire script (Lua), compared as 'custom'."),
         QStringLiteral("FILE")},
        {QStringLiteral("release-script"),
         QCoreApplication::translate("cli", "Your release script (Lua), compared as 'custom'."),
         QStringLiteral("FILE")},
        scriptTimeLimitOption(),
    });
    p.addOptions(liveCompareOptions());
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    for (const char *liveOnly : {"repetitions", "time-scale", "parallel"}) {
        if (p.isSet(QLatin1String(liveOnly)) && !p.isSet(QStringLiteral("live")))
            return fail(QCoreApplication::translate("cli", "--%1 goes with --live")
                            .arg(QLatin1String(liveOnly)));
    }
    const bool all = p.isSet(QStringLiteral("all-scenarios"));
    if (all == p.isSet(QStringLiteral("scenario")))
        return fail(QCoreApplication::translate("cli",
                                                "compare needs exactly one of --scenario ID and "
                                                "--all-scenarios (see 'lockscope-cli scenarios')"));
    const bool json = p.isSet(QStringLiteral("json"));
    const bool csv = p.isSet(QStringLiteral("csv"));
    if (json && csv)
        return fail(QCoreApplication::translate("cli", "--json and --csv cannot be combined"));
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
    std::unique_ptr<Strategy> custom;
    if (!customStrategyOption(p, &custom, &error))
        return fail(error);
    if (custom) {
        request.strategies = strategyIds() << custom->id();
        request.custom = std::move(custom);
    }
    if (p.isSet(QStringLiteral("live"))) {
        if (p.isSet(QStringLiteral("seeds")))
            return fail(QCoreApplication::translate(
                "cli", "--live takes --repetitions, not --seeds (repetition k uses seed k)"));
        return compareLive(request.scenarios, std::move(request.custom), p);
    }
    qint64 seeds = all ? 100 : 10;
    if (!numberOption(p, QStringLiteral("seeds"), 1, &seeds, &error) ||
        !capOption(QStringLiteral("seeds"), seeds, limits::kMaxSeeds, &error))
        return fail(error);
    request.seeds = int(seeds);
    if (!readScriptTimeLimit(p, &request.scriptLimits, &error))
        return fail(error);
    const qint64 runs = qint64(request.scenarios.size()) * strategyIds().size() * seeds;
    if (!fitsInMemory(estimateComparisonBytes(request.scenarios, runs, request.threads),
                      machineMemoryBytes(), &error))
        return fail(error);

    // Progress on a terminal only: a pipe or a file gets just the result.
    // At most five updates a second, whatever the rate of runs: a long comparison shows its
    // runs moving even while the percentage stays the same.
    ComparisonProgress progress;
    std::mutex progressMutex;
    QElapsedTimer sinceShown;
    const bool tty = isatty(fileno(stderr)) != 0;
    if (tty) {
        progress = [&](int done, int total) {
            std::unique_lock lock(progressMutex, std::try_to_lock);
            if (!lock.owns_lock() ||
                (sinceShown.isValid() && sinceShown.elapsed() < 200 && done < total))
                return;
            sinceShown.start();
            std::fprintf(stderr, "\rcompare: %d%% (%d of %d runs)",
                         int(qint64(done) * 100 / qMax(1, total)), done, total);
            std::fflush(stderr);
        };
    }
    const auto rows = runComparison(request, progress);
    if (tty) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }
    // A run that could not be judged (a custom script failing) invalidates its row: say why
    // instead of printing figures that leave it out.
    for (const auto &row : rows) {
        if (!row.error.isEmpty())
            return fail(QCoreApplication::translate("cli", "%1 (scenario %2)")
                            .arg(row.error, row.scenario));
    }

    if (csv) {
        out(comparisonCsv(rows));
        return 0;
    }
    if (all) {
        if (json) {
            printJson(comparisonJson(rows, request.seeds));
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
    ts << QCoreApplication::translate("cli", "scenario %1, %2 seeds per strategy\n\n")
              .arg(scenario.id)
              .arg(request.seeds);
    // The verdict and its unsafe runs follow the matrix's rule (verdictOf); p50/p99 are
    // percentiles of every acquisition of the row's runs. Each column is as wide as its figures
    // or its header, whichever is wider, counted in terminal columns: a translated header is as
    // wide as the rows under it.
    const QStringList headers = {
        QCoreApplication::translate("cli", "strategy"),
        QCoreApplication::translate("cli", "verdict"),
        QCoreApplication::translate("cli", "unsafe runs"),
        QCoreApplication::translate("cli", "violations"),
        QCoreApplication::translate("cli", "mistaken del"),
        QCoreApplication::translate("cli", "stuck"),
        QCoreApplication::translate("cli", "lost upd"),
        QCoreApplication::translate("cli", "stale rej"),
        QCoreApplication::translate("cli", "starved"),
        QCoreApplication::translate("cli", "p99 ms"),
    };
    QList<QStringList> cells;
    for (const auto &row : rows) {
        const auto &c = row.sum;
        cells.append({row.strategy, verdictCode(verdictOf(row)),
                      QStringLiteral("%1/%2").arg(row.runsUnsafe).arg(row.runs),
                      QString::number(c.violations), QString::number(c.mistakenDeletions),
                      QString::number(c.stuckLocks), QString::number(c.lostUpdates),
                      QString::number(c.staleWritesRejected), QString::number(c.starvedClients),
                      figureText(c.latencyP99Ms, 1)});
    }
    QList<int> widths = {20, 7, 11, 10, 12, 6, 8, 9, 7, 9};
    for (qsizetype col = 0; col < widths.size(); ++col) {
        widths[col] = qMax(widths[col], terminalWidth(headers[col]));
        for (const QStringList &line : cells)
            widths[col] = qMax(widths[col], terminalWidth(line[col]));
    }
    // The strategy column is left-aligned, the figures right-aligned.
    const auto tableLine = [&widths](const QStringList &line) -> QString {
        QStringList parts;
        for (qsizetype col = 0; col < line.size(); ++col)
            parts << padded(line[col], col == 0 ? -widths[col] : widths[col]);
        return parts.join(QLatin1Char(' ')) + QLatin1Char('\n');
    };
    ts << tableLine(headers);
    for (const QStringList &line : cells)
        ts << tableLine(line);
    ts << QCoreApplication::translate(
        "cli", "\nverdict: ok (safe), UNSAFE (some run had a violation, a mistaken deletion, a "
               "stuck lock or a lost update; a fencing strategy whose stale writes were all "
               "rejected is safe), live (safe, but a client starved or an acquire gave up)\n");
    out(s);
    return 0;
}

int demo(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QCoreApplication::translate("cli", "A narrated simulation in the terminal."));
    p.addOptions({
        {QStringLiteral("scenario"),
         QCoreApplication::translate("cli", "Scenario id (default pause-before-delete)."),
         QStringLiteral("ID")},
        {QStringLiteral("strategies"),
         QCoreApplication::translate(
             "cli", "Comma-separated strategy ids (default set-nx-px-get-del,set-nx-px-lua)."),
         QStringLiteral("IDS")},
        {QStringLiteral("commands"),
         QCoreApplication::translate("cli", "Also show every Redis command and reply.")},
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
            return fail(QCoreApplication::translate("cli", "unknown strategy \"%1\" (known: %2)")
                            .arg(id, strategyIds().join(QStringLiteral(", "))));
    }
    const bool commands = p.isSet(QStringLiteral("commands"));

    out(QCoreApplication::translate("cli", "LockScope — %1\n\n%2\n")
            .arg(scenario.titleTr.value(translationLanguage(), scenario.title),
                 scenario.explanationTr.value(translationLanguage(), scenario.explanation)));
    for (const auto &id : strategies) {
        SimulationConfig config;
        config.scenario = scenario;
        config.strategyId = id;
        const auto result = runSimulation(config);
        if (!result.ok)
            return fail(result.error);
        const auto &log = *result.log;
        const auto strategy = createStrategy(id);
        out(QStringLiteral("\n=== %1: %2\n").arg(id, strategyText(strategy->info().summary)));
        for (const auto &e : log.events()) {
            QString line;
            if (commands &&
                (e.kind == EventKind::CommandSent || e.kind == EventKind::ReplyReceived))
                line = QStringLiteral("%1 %2 %3")
                           .arg(QString::fromUtf8(log.clientName(e.client)),
                                e.kind == EventKind::CommandSent ? QStringLiteral("->")
                                                                 : QStringLiteral("<-"),
                                QString::fromUtf8(log.strings().at(e.text)));
            else if (e.kind == EventKind::Caption)
                line = captionLine(scenario, e, log);
            else
                line = describeEvent(e, log);
            if (!line.isEmpty())
                out(QStringLiteral("  %1  %2\n").arg(formatTime(e.timeUs), 12).arg(line));
        }
        const auto &r = result.report;
        out(QCoreApplication::translate("cli", "\n  The checker found:\n"));
        if (r.findings.empty())
            out(QCoreApplication::translate(
                    "cli", "    nothing wrong: no overlap, no mistaken deletion, no stuck "
                           "lock, counter %1 of %2.\n")
                    .arg(r.counterActual)
                    .arg(r.counterExpected));
        for (const auto &f : r.findings)
            out(QStringLiteral("    %1\n").arg(describeFinding(f, log)));
        if (!strategy->info().flaw.isEmpty())
            out(QCoreApplication::translate("cli", "  Why: %1\n")
                    .arg(strategyText(strategy->info().flaw)));
    }
    out(QCoreApplication::translate(
        "cli", "\nTry another: lockscope-cli demo --scenario <id> --strategies <id,id> "
               "(lockscope-cli scenarios, lockscope-cli strategies).\n"));
    return 0;
}

} // namespace lockscope::cli
