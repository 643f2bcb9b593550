#include "cli_commands.h"

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

// Ctrl-C during a bench: stop the clients and clean up the keys, then print what was measured.
// A second Ctrl-C ends the process at once (the handler restores the default).
std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int signal)
{
    g_interrupted.store(true);
    std::signal(signal, SIG_DFL);
}

constexpr int kBadInput = 2;

void out(const QString &text)
{
    std::fputs(text.toUtf8().constData(), stdout);
}

// Every user error ends here: one line naming the problem, exit code 2.
int fail(const QString &message)
{
    std::fprintf(stderr, "lockscope-cli: %s\n", message.toUtf8().constData());
    return kBadInput;
}

void printJson(const QJsonValue &value)
{
    const auto doc =
        value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    out(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
}

QString usage()
{
    return QStringLiteral(
        "Usage: lockscope-cli <command> [options]\n"
        "\n"
        "Commands:\n"
        "  strategies [--json]            the lock strategies, by id\n"
        "  scenarios [--json]             the failure scenarios, by id\n"
        "  simulate --scenario ID --strategy ID [options]\n"
        "                                 run one deterministic simulation and check it\n"
        "  compare --scenario ID [--seeds N] [--json|--csv]\n"
        "                                 every strategy on the same scenario and seeds\n"
        "  compare --all-scenarios [--seeds N] [--json|--csv]\n"
        "                                 the safety matrix: scenarios x strategies\n"
        "  demo [--scenario ID] [--strategies A,B]\n"
        "                                 a narrated simulation in the terminal\n"
        "  bench --redis HOST:PORT[,HOST:PORT...] --strategy ID [--clients N] [--keys N]\n"
        "        [--ttl MS] [--hold MS] [--duration MS] [--wait spin|backoff|pubsub] [--json]\n"
        "                                 seed 001's experiment against real Redis servers\n"
        "  monitor --redis URL [--pattern P] [--once|--follow] [--json] [--record FILE]\n"
        "          [--sentinel HOST:PORT,... --master NAME] [--allow-writes]\n"
        "                                 the lock keys of a real Redis: a snapshot or a live\n"
        "                                 history (read-only unless --allow-writes)\n"
        "  replay FILE [--json]           a recorded history and what the checker finds in it\n"
        "\n"
        "Run 'lockscope-cli <command> --help' for a command's options.\n");
}

// Parses a whole, non-negative (or positive) number option; empty when absent.
bool numberOption(const QCommandLineParser &p, const QString &name, qint64 min, qint64 *value,
                  QString *error)
{
    if (!p.isSet(name))
        return true;
    bool ok = false;
    const QString text = p.value(name);
    const qint64 v = text.toLongLong(&ok);
    if (!ok || v < min) {
        *error = QStringLiteral("--%1 must be a whole number >= %2, got \"%3\"")
                     .arg(name)
                     .arg(min)
                     .arg(text);
        return false;
    }
    *value = v;
    return true;
}

bool parseOrFail(QCommandLineParser &p, const QStringList &args, int *code)
{
    p.addHelpOption();
    if (!p.parse(args)) {
        *code = fail(p.errorText());
        return false;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out(p.helpText());
        *code = 0;
        return false;
    }
    if (!p.positionalArguments().isEmpty()) {
        *code =
            fail(QStringLiteral("unexpected argument \"%1\"").arg(p.positionalArguments().first()));
        return false;
    }
    return true;
}

int listStrategies(const QStringList &args)
{
    QCommandLineParser p;
    p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    QJsonArray list;
    QString text;
    for (const auto &id : strategyIds()) {
        const auto s = createStrategy(id);
        const auto &info = s->info();
        list.append(QJsonObject{{QStringLiteral("id"), info.id},
                                {QStringLiteral("title"), info.title},
                                {QStringLiteral("summary"), info.summary},
                                {QStringLiteral("flaw"), info.flaw},
                                {QStringLiteral("correct"), info.flaw.isEmpty()},
                                {QStringLiteral("multi_node"), info.multiNode}});
        text += QStringLiteral("%1  %2\n")
                    .arg(id, -20)
                    .arg(info.flaw.isEmpty() ? info.summary : info.flaw);
    }
    if (p.isSet(QStringLiteral("json")))
        printJson(list);
    else
        out(text);
    return 0;
}

int listScenarios(const QStringList &args)
{
    QCommandLineParser p;
    p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    QJsonArray list;
    QString text;
    for (const auto &id : builtinScenarioIds()) {
        Scenario s;
        QString error;
        if (!loadBuiltinScenario(id, &s, &error))
            return fail(error);
        list.append(QJsonObject{{QStringLiteral("id"), s.id},
                                {QStringLiteral("title"), s.title},
                                {QStringLiteral("summary"), s.summary},
                                {QStringLiteral("explanation"), s.explanation}});
        text += QStringLiteral("%1  %2\n").arg(id, -24).arg(s.summary);
    }
    if (p.isSet(QStringLiteral("json")))
        printJson(list);
    else
        out(text);
    return 0;
}

// The scenario named by --scenario: a built-in id or a path to a scenario file.
bool loadScenarioArg(const QString &arg, Scenario *scenario, QString *error)
{
    if (arg.endsWith(QLatin1String(".json")) || arg.contains(QLatin1Char('/')))
        return loadScenarioFile(arg, scenario, error);
    return loadBuiltinScenario(arg, scenario, error);
}

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

int bench(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Seed 001's experiment against real Redis servers: every client loops acquire -> GET "
        "and SET +1 of a counter on the first server inside the lock -> release, for --duration "
        "ms. Reports cycles per second, acquire latency, errors by kind, and the counter "
        "against the acknowledged increments (lost updates). Client i works on lock key "
        "i mod --keys. The keys it makes live under lockscope:bench:<random>: and are deleted "
        "at the end. An unreachable server, a wrong password or a missing ACL permission is "
        "reported before any client starts (exit code 2).\n"
        "\n"
        "Faults (repeatable; clients are named A..Z up to 26 clients, else c1, c2, ...):\n"
        "  --pause-client NAME:AT_MS:FOR_MS  the client stops (a GC pause) FOR_MS ms at AT_MS "
        "ms after the start: its replies, timers and renewals wait\n"
        "  --kill-client NAME:AT_MS          the client dies at AT_MS ms: its coroutines are "
        "destroyed and its connections closed, whatever it held\n"
        "\n"
        "Ctrl-C stops the clients, cleans up and prints what was measured (exit code 130)."));
    const QList<QCommandLineOption> options = {
        {QStringLiteral("redis"),
         QStringLiteral("Servers, comma-separated (several for redlock): host:port, "
                        "redis://[user[:pass]@]host[:port][/db], rediss://..., unix:///path."),
         QStringLiteral("URLS")},
        {QStringLiteral("strategy"), QStringLiteral("Strategy id."), QStringLiteral("ID")},
        {QStringLiteral("clients"), QStringLiteral("Number of clients (default 10)."),
         QStringLiteral("N")},
        {QStringLiteral("keys"), QStringLiteral("Number of lock keys (default 1)."),
         QStringLiteral("N")},
        {QStringLiteral("ttl"), QStringLiteral("Lock TTL in ms (default 10000)."),
         QStringLiteral("MS")},
        {QStringLiteral("hold"),
         QStringLiteral("Time inside the critical section, between GET and SET (default 0)."),
         QStringLiteral("MS")},
        {QStringLiteral("think"), QStringLiteral("Time after each release (default 0)."),
         QStringLiteral("MS")},
        {QStringLiteral("duration"), QStringLiteral("How long the clients run (default 5000)."),
         QStringLiteral("MS")},
        {QStringLiteral("wait"),
         QStringLiteral("How to wait for a busy lock: spin, backoff (default) or pubsub."),
         QStringLiteral("MODE")},
        {QStringLiteral("timeout"), QStringLiteral("Request timeout in ms (default 1000)."),
         QStringLiteral("MS")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the clients' random numbers."),
         QStringLiteral("N")},
        {QStringLiteral("pause-client"),
         QStringLiteral("Pause a client: NAME:AT_MS:FOR_MS (repeatable)."),
         QStringLiteral("NAME:AT:FOR")},
        {QStringLiteral("kill-client"), QStringLiteral("Kill a client: NAME:AT_MS (repeatable)."),
         QStringLiteral("NAME:AT")},
        {QStringLiteral("events"), QStringLiteral("Write the event log as JSON Lines."),
         QStringLiteral("FILE")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
    };
    p.addOptions(options);
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;

    if (!p.isSet(QStringLiteral("redis")))
        return fail(QStringLiteral("bench needs --redis HOST:PORT (or a redis:// URL)"));
    if (!p.isSet(QStringLiteral("strategy")))
        return fail(QStringLiteral("bench needs --strategy ID (see 'lockscope-cli strategies')"));

    LiveBenchConfig config;
    QString error;
    for (const QString &url :
         p.value(QStringLiteral("redis")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        ConnectionOptions o;
        if (!ConnectionOptions::fromUrl(url, &o, &error))
            return fail(error);
        config.servers << o;
    }
    if (config.servers.isEmpty())
        return fail(QStringLiteral("--redis names no server"));
    config.strategyId = p.value(QStringLiteral("strategy"));
    const auto strategy = createStrategy(config.strategyId);
    if (!strategy)
        return fail(QStringLiteral("unknown strategy \"%1\" (known: %2)")
                        .arg(config.strategyId, strategyIds().join(QStringLiteral(", "))));
    if (strategy->info().multiNode == false && config.servers.size() > 1)
        return fail(QStringLiteral("--redis lists %1 servers, but %2 uses one (only redlock uses "
                                   "several)")
                        .arg(config.servers.size())
                        .arg(config.strategyId));

    qint64 clients = config.clients, keys = config.keys, ttl = config.ttlMs, hold = 0, think = 0,
           duration = config.durationMs, timeout = config.requestTimeoutMs, seed = 0;
    if (!numberOption(p, QStringLiteral("clients"), 1, &clients, &error) ||
        !numberOption(p, QStringLiteral("keys"), 1, &keys, &error) ||
        !numberOption(p, QStringLiteral("ttl"), 1, &ttl, &error) ||
        !numberOption(p, QStringLiteral("hold"), 0, &hold, &error) ||
        !numberOption(p, QStringLiteral("think"), 0, &think, &error) ||
        !numberOption(p, QStringLiteral("duration"), 1, &duration, &error) ||
        !numberOption(p, QStringLiteral("timeout"), 1, &timeout, &error) ||
        !numberOption(p, QStringLiteral("seed"), 0, &seed, &error))
        return fail(error);
    if (clients > 10000)
        return fail(QStringLiteral("--clients must be at most 10000, got %1").arg(clients));
    if (keys > 1000000)
        return fail(QStringLiteral("--keys must be at most 1000000, got %1").arg(keys));
    if (duration > 24 * 3600 * 1000)
        return fail(QStringLiteral("--duration must be at most a day, got %1 ms").arg(duration));
    config.clients = int(clients);
    config.keys = int(keys);
    config.ttlMs = ttl;
    config.holdMs = hold;
    config.thinkMs = think;
    config.durationMs = duration;
    config.requestTimeoutMs = timeout;
    config.seed = quint64(seed);
    if (p.isSet(QStringLiteral("wait")) &&
        !parseWaitMode(p.value(QStringLiteral("wait")), &config.wait.mode))
        return fail(QStringLiteral("--wait must be spin, backoff or pubsub, got \"%1\"")
                        .arg(p.value(QStringLiteral("wait"))));
    const auto addFaults = [&](const QString &name, LiveFault::Action action) {
        for (const QString &text : p.values(name)) {
            LiveFault f;
            if (!parseLiveFault(text, action, &f, &error)) {
                error = QStringLiteral("--%1 %2").arg(name, error);
                return false;
            }
            if (f.atMs > config.durationMs) {
                error = QStringLiteral("--%1 %2: AT_MS is after the end of the run (%3 ms)")
                            .arg(name, text)
                            .arg(config.durationMs);
                return false;
            }
            config.faults << f;
        }
        return true;
    };
    if (!addFaults(QStringLiteral("pause-client"), LiveFault::Action::Pause) ||
        !addFaults(QStringLiteral("kill-client"), LiveFault::Action::Kill))
        return fail(error);
    for (const LiveFault &f : config.faults) {
        bool known = false;
        for (int i = 0; i < config.clients && !known; ++i)
            known = LiveBenchConfig::clientName(i, config.clients) == f.client;
        if (!known)
            return fail(QStringLiteral("no client named \"%1\" (the %2 clients are %3..%4)")
                            .arg(QString::fromUtf8(f.client))
                            .arg(config.clients)
                            .arg(QString::fromUtf8(LiveBenchConfig::clientName(0, config.clients)),
                                 QString::fromUtf8(LiveBenchConfig::clientName(config.clients - 1,
                                                                               config.clients))));
    }

    std::unique_ptr<QSaveFile> events;
    std::unique_ptr<EventLog> log;
    if (p.isSet(QStringLiteral("events"))) {
        events = std::make_unique<QSaveFile>(p.value(QStringLiteral("events")));
        if (!events->open(QIODevice::WriteOnly))
            return fail(QStringLiteral("cannot write the event log to %1: %2")
                            .arg(events->fileName(), events->errorString()));
        log = std::make_unique<EventLog>();
        config.strings = log->sharedStrings();
        config.extraSink = log.get();
        config.recordText = true;
        auto &info = log->info();
        info.source = QStringLiteral("live");
        info.strategy = config.strategyId;
        info.seed = config.seed;
        info.ttlMs = config.ttlMs;
        for (int i = 0; i < config.clients; ++i)
            info.clients << LiveBenchConfig::clientName(i, config.clients);
        const int nodes = strategy->info().multiNode ? int(config.servers.size()) : 1;
        for (int i = 0; i < nodes; ++i)
            info.nodes << config.servers[i].displayName().toUtf8();
    }

    // The run needs the event loop: a local one, until the bench says it finished.
    g_interrupted.store(false);
    const auto previousInt = std::signal(SIGINT, onInterrupt);
    const auto previousTerm = std::signal(SIGTERM, onInterrupt);
    const LiveBenchResult result = runLiveBench(config, [] { return g_interrupted.load(); });
    std::signal(SIGINT, previousInt);
    std::signal(SIGTERM, previousTerm);
    if (!result.ok)
        return fail(result.error);
    if (events) {
        log->writeJsonLines(*events);
        if (!events->commit())
            return fail(QStringLiteral("cannot write the event log to %1: %2")
                            .arg(events->fileName(), events->errorString()));
    }
    if (p.isSet(QStringLiteral("json")))
        printJson(result.toJson());
    else
        out(result.toText());
    return result.cancelled ? 130 : 0; // 128 + SIGINT, as a shell reports an interrupt
}

// --- monitor and replay ------------------------------------------------------------------------

// Streams a monitor's events to stdout as they are recorded: JSON Lines in the event log's
// format, or one sentence per line.
class EventPrinter final : public EventSink {
public:
    EventPrinter(const EventLog &log, bool json)
        : m_log(log)
        , m_json(json)
    {}
    void consume(const Event &e) override
    {
        if (m_json) {
            const QByteArray line = m_log.eventToJson(e) + '\n';
            std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
        } else {
            const QString text = describeMonitorEvent(e, m_log);
            if (text.isEmpty())
                return;
            out(QStringLiteral("%1  %2\n").arg(formatWallTime(e.timeUs), text));
        }
        std::fflush(stdout);
    }

private:
    const EventLog &m_log;
    bool m_json;
};

// host:port[,host:port...] into connection options (also redis:// URLs, for a password).
bool parseServerList(const QString &text, const QString &option, QList<ConnectionOptions> *out,
                     QString *error)
{
    for (const QString &url : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        ConnectionOptions o;
        if (!ConnectionOptions::fromUrl(url.trimmed(), &o, error)) {
            *error = QStringLiteral("--%1: %2").arg(option, *error);
            return false;
        }
        out->append(o);
    }
    if (out->isEmpty()) {
        *error = QStringLiteral("--%1 names no server").arg(option);
        return false;
    }
    return true;
}

bool writeRecording(const EventLog &log, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error =
            QStringLiteral("cannot write the recording to %1: %2").arg(path, file.errorString());
        return false;
    }
    log.writeJsonLines(file);
    if (!file.commit()) {
        *error =
            QStringLiteral("cannot write the recording to %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

int monitor(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Watch the lock keys of a real Redis: a snapshot (--once, the default) or a live history "
        "(--follow). Read-only unless --allow-writes: the connection refuses every write command "
        "before it is sent. Keys are found with SCAN MATCH --pattern COUNT --count and read "
        "with bounded, pipelined TYPE/PTTL/value reads; changes come from keyspace "
        "notifications when the server has them on, else from periodic re-reads.\n"
        "\n"
        "--once --json prints JSON Lines: one object per key (key, type, ttl_ms, format, owner, "
        "hold_count, waiters, anomalies [rule ids], ...). --follow --json prints every event "
        "as JSON Lines in the event log's format; --record FILE writes the whole recording "
        "(lockscope-cli replay FILE reads it). An unreachable server or a wrong password is "
        "one line on stderr, exit code 2."));
    const QList<QCommandLineOption> options = {
        {QStringLiteral("redis"),
         QStringLiteral("The server: host:port, redis://[user[:pass]@]host[:port][/db], "
                        "rediss://..., unix:///path. With --sentinel: the password, TLS and db "
                        "of the master."),
         QStringLiteral("URL")},
        {QStringLiteral("sentinel"),
         QStringLiteral("Sentinels, comma-separated host:port (or redis:// URLs)."),
         QStringLiteral("HOSTS")},
        {QStringLiteral("master"), QStringLiteral("The master name the sentinels know."),
         QStringLiteral("NAME")},
        {QStringLiteral("pattern"), QStringLiteral("Keys to watch (default *lock*)."),
         QStringLiteral("P")},
        {QStringLiteral("count"), QStringLiteral("SCAN COUNT: work per round (default 500)."),
         QStringLiteral("N")},
        {QStringLiteral("once"), QStringLiteral("One snapshot, then exit (the default).")},
        {QStringLiteral("follow"), QStringLiteral("Follow changes until --duration or Ctrl-C.")},
        {QStringLiteral("duration"), QStringLiteral("How long to follow (default: until Ctrl-C)."),
         QStringLiteral("MS")},
        {QStringLiteral("json"), QStringLiteral("Print JSON Lines.")},
        {QStringLiteral("record"),
         QStringLiteral("Write the history to FILE (JSON Lines, the event log format)."),
         QStringLiteral("FILE")},
        {QStringLiteral("interval"),
         QStringLiteral("Re-read known keys this often without notifications (default 1000)."),
         QStringLiteral("MS")},
        {QStringLiteral("no-notifications"),
         QStringLiteral("Re-read periodically even if the server notifies keyspace events.")},
        {QStringLiteral("allow-writes"),
         QStringLiteral("Let the connection send write commands (off by default).")},
        {QStringLiteral("enable-notifications"),
         QStringLiteral("Turn keyspace notifications on (CONFIG SET notify-keyspace-events); "
                        "needs --allow-writes.")},
        {QStringLiteral("timeout"),
         QStringLiteral("Connect and request timeout in ms (default 3000)."), QStringLiteral("MS")},
        {QStringLiteral("max-ttl"), QStringLiteral("Anomaly: a TTL above this (default 300000)."),
         QStringLiteral("MS")},
        {QStringLiteral("max-held"),
         QStringLiteral("Anomaly: held by one owner longer than this (default 60000)."),
         QStringLiteral("MS")},
        {QStringLiteral("max-owner-changes"),
         QStringLiteral("Anomaly: more owner changes per minute than this (default 60)."),
         QStringLiteral("N")},
        {QStringLiteral("queue-stuck"),
         QStringLiteral("Anomaly: a fair-lock queue head unchanged longer than this (default "
                        "30000)."),
         QStringLiteral("MS")},
        {QStringLiteral("max-locks-per-owner"),
         QStringLiteral("Anomaly: one owner holding more locks than this (default 20)."),
         QStringLiteral("N")},
    };
    p.addOptions(options);
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;

    const bool once = p.isSet(QStringLiteral("once"));
    const bool follow = p.isSet(QStringLiteral("follow"));
    const bool json = p.isSet(QStringLiteral("json"));
    if (once && follow)
        return fail(QStringLiteral("--once and --follow exclude each other"));
    if (p.isSet(QStringLiteral("enable-notifications")) && !p.isSet(QStringLiteral("allow-writes")))
        return fail(
            QStringLiteral("--enable-notifications changes the server's configuration (CONFIG SET "
                           "notify-keyspace-events): add --allow-writes to allow this write"));
    if (p.isSet(QStringLiteral("record")) && !follow)
        return fail(QStringLiteral("--record records changes over time: use it with --follow"));
    if (p.isSet(QStringLiteral("duration")) && !follow)
        return fail(QStringLiteral("--duration is for --follow"));

    MonitorOptions o;
    QString error;
    const bool sentinel = p.isSet(QStringLiteral("sentinel"));
    if (sentinel) {
        if (!p.isSet(QStringLiteral("master")))
            return fail(QStringLiteral("--sentinel needs --master NAME"));
        if (!parseServerList(p.value(QStringLiteral("sentinel")), QStringLiteral("sentinel"),
                             &o.sentinels, &error))
            return fail(error);
        o.masterName = p.value(QStringLiteral("master"));
    } else if (p.isSet(QStringLiteral("master"))) {
        return fail(QStringLiteral("--master is for --sentinel"));
    } else if (!p.isSet(QStringLiteral("redis"))) {
        return fail(QStringLiteral("monitor needs --redis URL (or --sentinel HOSTS --master "
                                   "NAME)"));
    }
    if (p.isSet(QStringLiteral("redis")) &&
        !ConnectionOptions::fromUrl(p.value(QStringLiteral("redis")), &o.connection, &error))
        return fail(error);
    o.connection.readOnly = !p.isSet(QStringLiteral("allow-writes"));

    qint64 count = o.scanCount, interval = o.rereadIntervalMs, timeout = 3000, duration = 0,
           maxTtl = o.thresholds.maxTtlMs, maxHeld = o.thresholds.maxHeldMs,
           maxChanges = o.thresholds.maxOwnerChangesPerMinute,
           queueStuck = o.thresholds.queueStuckMs, maxLocks = o.thresholds.maxLocksPerOwner;
    if (!numberOption(p, QStringLiteral("count"), 1, &count, &error) ||
        !numberOption(p, QStringLiteral("interval"), 10, &interval, &error) ||
        !numberOption(p, QStringLiteral("timeout"), 1, &timeout, &error) ||
        !numberOption(p, QStringLiteral("duration"), 1, &duration, &error) ||
        !numberOption(p, QStringLiteral("max-ttl"), 0, &maxTtl, &error) ||
        !numberOption(p, QStringLiteral("max-held"), 0, &maxHeld, &error) ||
        !numberOption(p, QStringLiteral("max-owner-changes"), 0, &maxChanges, &error) ||
        !numberOption(p, QStringLiteral("queue-stuck"), 0, &queueStuck, &error) ||
        !numberOption(p, QStringLiteral("max-locks-per-owner"), 0, &maxLocks, &error))
        return fail(error);
    if (count > 100000)
        return fail(QStringLiteral("--count must be at most 100000, got %1").arg(count));
    if (p.isSet(QStringLiteral("pattern"))) {
        o.pattern = p.value(QStringLiteral("pattern")).toUtf8();
        if (o.pattern.isEmpty())
            return fail(QStringLiteral("--pattern must not be empty"));
    }
    o.scanCount = int(count);
    o.rereadIntervalMs = interval;
    o.connection.connectTimeoutMs = timeout;
    o.connection.requestTimeoutMs = timeout;
    for (ConnectionOptions &s : o.sentinels) {
        s.connectTimeoutMs = timeout;
        s.requestTimeoutMs = timeout;
    }
    o.thresholds.maxTtlMs = maxTtl;
    o.thresholds.maxHeldMs = maxHeld;
    o.thresholds.maxOwnerChangesPerMinute = int(qMin<qint64>(maxChanges, INT_MAX));
    o.thresholds.queueStuckMs = queueStuck;
    o.thresholds.maxLocksPerOwner = int(qMin<qint64>(maxLocks, INT_MAX));
    o.useNotifications = !p.isSet(QStringLiteral("no-notifications"));
    o.follow = follow;
    o.keepLog = p.isSet(QStringLiteral("record"));

    const QString recordPath = p.value(QStringLiteral("record"));
    KeyMonitor monitor(o);
    if (!recordPath.isEmpty() && !writeRecording(monitor.log(), recordPath, &error))
        return fail(error); // a bad path fails before anything is read

    // --enable-notifications: once connected, ask for the flags, then carry on. (`asked`
    // lives as long as the monitor: the handler below runs long after this block.)
    bool asked = false;
    if (p.isSet(QStringLiteral("enable-notifications"))) {
        QObject::connect(&monitor, &KeyMonitor::healthChanged, &monitor, [&](KeyMonitor::Health h) {
            if (asked || (h != KeyMonitor::Health::Scanning && h != KeyMonitor::Health::Watching))
                return;
            asked = true;
            if (monitor.notifyConfig().coversMonitor())
                return;
            monitor.enableNotifications([](bool ok, const QString &message) {
                std::fprintf(
                    stderr, "lockscope-cli: %s%s\n",
                    ok ? "" : "could not enable notifications: ", message.toUtf8().constData());
            });
        });
    }

    if (!follow) {
        if (!runUntilSnapshot(monitor, qMax<qint64>(timeout * 4, 60000), &error))
            return fail(error);
        const qint64 now = monitorNowUs();
        if (json) {
            for (const KeyEntry *e : monitor.entries()) {
                const QByteArray line = e->toJsonLine(now) + '\n';
                std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
            }
        } else {
            out(snapshotTable(monitor, now));
        }
        return 0;
    }

    EventPrinter printer(monitor.log(), json);
    monitor.addSink(&printer);
    // Once it watches, every change of status goes to stderr (a lost connection, notifications
    // off and how to turn them on); before that, a failure is the one line that matters.
    QObject::connect(
        &monitor, &KeyMonitor::statusChanged, &monitor, [&monitor](const QString &status) {
            if (monitor.initialScanDone())
                std::fprintf(stderr, "lockscope-cli: %s\n", status.toUtf8().constData());
        });
    // The recording is written now and then, so an abrupt end loses little.
    QTimer checkpoint;
    qint64 written = -1;
    if (!recordPath.isEmpty()) {
        QObject::connect(&checkpoint, &QTimer::timeout, &monitor, [&] {
            const qint64 n = qint64(monitor.log().events().size());
            QString ignored;
            if (n != written && writeRecording(monitor.log(), recordPath, &ignored))
                written = n;
        });
        checkpoint.start(5000);
    }
    g_interrupted.store(false);
    const auto previousInt = std::signal(SIGINT, onInterrupt);
    const auto previousTerm = std::signal(SIGTERM, onInterrupt);
    const bool ok = runFollow(
        monitor, duration, [] { return g_interrupted.load(); }, &error);
    std::signal(SIGINT, previousInt);
    std::signal(SIGTERM, previousTerm);
    checkpoint.stop();
    if (!ok)
        return fail(error);
    if (!recordPath.isEmpty() && !writeRecording(monitor.log(), recordPath, &error))
        return fail(error);
    return 0;
}

QString checkerText(const CheckReport &c, const EventLog &log)
{
    QString s;
    QTextStream ts(&s);
    ts << "checker\n";
    ts << "  violations             " << c.violations << "  (overlap "
       << double(c.overlapUs) / 1000.0 << " ms)\n";
    ts << "  mistaken deletions     " << c.mistakenDeletions << "\n";
    ts << "  stuck locks            " << c.stuckLocks << "\n";
    ts << "  lost updates           " << c.lostUpdates << "\n";
    ts << "  acquisitions           " << c.acquisitions << "\n";
    ts << "  fairness (Jain)        " << QString::number(c.fairness, 'f', 3) << "\n";
    for (const auto &f : c.findings)
        ts << "  " << describeFinding(f, log) << "\n";
    return s;
}

int replay(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Print a recorded history (lockscope-cli monitor --follow --record FILE, or the "
        "--events FILE of simulate and bench) and what the checker finds in it."));
    p.addOptions({
        {QStringLiteral("json"),
         QStringLiteral("Print the events as JSON Lines, then one summary object.")},
        {QStringLiteral("summary"), QStringLiteral("Only the summary.")},
        {QStringLiteral("key"), QStringLiteral("Only events of this key."), QStringLiteral("KEY")},
    });
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The recording."));
    p.addHelpOption();
    if (!p.parse(args))
        return fail(p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        out(p.helpText());
        return 0;
    }
    const QStringList files = p.positionalArguments();
    if (files.size() != 1)
        return fail(files.isEmpty()
                        ? QStringLiteral("replay needs the FILE of a recording")
                        : QStringLiteral("replay reads one file, got %1").arg(files.size()));
    QFile file(files.first());
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
    EventLog log;
    QString error;
    if (!EventLog::readJsonLines(file, &log, &error))
        return fail(QStringLiteral("%1: %2").arg(file.fileName(), error));

    const bool json = p.isSet(QStringLiteral("json"));
    const bool summaryOnly = p.isSet(QStringLiteral("summary"));
    const bool monitorLog = log.info().source == QLatin1String("monitor");
    const QByteArray onlyKey = p.value(QStringLiteral("key")).toUtf8();
    const quint32 keyId = onlyKey.isEmpty() ? 0 : log.strings().find(onlyKey);
    if (!onlyKey.isEmpty() && keyId == 0)
        return fail(QStringLiteral("%1 has no event of key \"%2\"")
                        .arg(file.fileName(), QString::fromUtf8(onlyKey)));
    const CheckReport report = checkLog(log);

    if (!summaryOnly) {
        const qint64 first = log.events().empty() ? 0 : log.events().front().timeUs;
        QByteArray chunk;
        for (const Event &e : log.events()) {
            if (keyId && e.key != keyId)
                continue;
            if (json) {
                chunk += log.eventToJson(e);
                chunk += '\n';
            } else {
                const QString text =
                    monitorLog ? describeMonitorEvent(e, log) : describeEvent(e, log);
                if (text.isEmpty())
                    continue;
                const QString when = monitorLog
                                         ? QStringLiteral("%1  +%2 s")
                                               .arg(formatWallTime(e.timeUs))
                                               .arg(double(e.timeUs - first) / 1e6, 8, 'f', 3)
                                         : formatTime(e.timeUs);
                chunk += QStringLiteral("%1  %2\n").arg(when, text).toUtf8();
            }
            if (chunk.size() > (1 << 16)) {
                std::fwrite(chunk.constData(), 1, size_t(chunk.size()), stdout);
                chunk.clear();
            }
        }
        std::fwrite(chunk.constData(), 1, size_t(chunk.size()), stdout);
    }
    if (json) {
        QJsonObject summary{{QStringLiteral("source"), log.info().source},
                            {QStringLiteral("checker"), report.toJson()}};
        if (monitorLog)
            summary.insert(QStringLiteral("monitor"), summarizeMonitorLog(log).toJson());
        const QByteArray line = QJsonDocument(QJsonObject{{QStringLiteral("summary"), summary}})
                                    .toJson(QJsonDocument::Compact) +
                                '\n';
        std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
        return 0;
    }
    QString s = QStringLiteral("\n");
    if (monitorLog) {
        QStringList nodes;
        for (const QByteArray &n : log.info().nodes)
            nodes << QString::fromUtf8(n);
        s += QStringLiteral("monitor recording of %1\n").arg(nodes.join(QStringLiteral(", ")));
        s += summarizeMonitorLog(log).toText();
    } else {
        s += QStringLiteral("%1 log: scenario %2, strategy %3, seed %4, %5 events\n")
                 .arg(log.info().source, log.info().scenario, log.info().strategy)
                 .arg(log.info().seed)
                 .arg(log.events().size());
    }
    s += checkerText(report, log);
    out(s);
    return 0;
}

} // namespace

int run(const QStringList &arguments)
{
    const QStringList args = arguments.mid(1);
    // No command is a usage error like any other: one line on stderr (the usage is on --help).
    if (args.isEmpty())
        return fail(QStringLiteral("no command given (strategies, scenarios, simulate, compare, "
                                   "demo, bench, monitor, replay); see 'lockscope-cli --help'"));
    if (args.first() == QLatin1String("help") || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        out(usage());
        return 0;
    }
    if (args.first() == QLatin1String("--version") || args.first() == QLatin1String("-v")) {
        out(QStringLiteral("lockscope-cli %1\n").arg(QCoreApplication::applicationVersion()));
        return 0;
    }
    // Each command parses its own options; the first word picks it.
    const QString command = args.first();
    QStringList rest = args;
    rest[0] = QStringLiteral("lockscope-cli ") + command;
    if (command == QLatin1String("strategies"))
        return listStrategies(rest);
    if (command == QLatin1String("scenarios"))
        return listScenarios(rest);
    if (command == QLatin1String("simulate"))
        return simulate(rest);
    if (command == QLatin1String("compare"))
        return compare(rest);
    if (command == QLatin1String("demo"))
        return demo(rest);
    if (command == QLatin1String("bench"))
        return bench(rest);
    if (command == QLatin1String("monitor"))
        return monitor(rest);
    if (command == QLatin1String("replay"))
        return replay(rest);
    return fail(QStringLiteral("unknown command \"%1\" (strategies, scenarios, simulate, compare, "
                               "demo, bench, monitor, replay)")
                    .arg(command));
}

} // namespace lockscope::cli
