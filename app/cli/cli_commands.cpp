#include "cli_commands.h"

#include "live/live_bench.h"
#include "lock/strategy_registry.h"
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

#include <atomic>
#include <csignal>
#include <cstdio>

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
        "  compare --scenario ID [--seeds N] [--json]\n"
        "                                 every strategy on the same scenario and seeds\n"
        "  demo [--scenario ID] [--strategies A,B]\n"
        "                                 a narrated simulation in the terminal\n"
        "  bench --redis HOST:PORT[,HOST:PORT...] --strategy ID [--clients N] [--keys N]\n"
        "        [--ttl MS] [--hold MS] [--duration MS] [--wait spin|backoff|pubsub] [--json]\n"
        "                                 seed 001's experiment against real Redis servers\n"
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

int compare(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Every strategy on the same scenario and seeds."));
    p.addOptions({
        {QStringLiteral("scenario"), QStringLiteral("Scenario id or scenario file."),
         QStringLiteral("ID")},
        {QStringLiteral("seeds"), QStringLiteral("Number of seeds per strategy (default 10)."),
         QStringLiteral("N")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
    });
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    if (!p.isSet(QStringLiteral("scenario")))
        return fail(QStringLiteral("compare needs --scenario ID (see 'lockscope-cli scenarios')"));
    ComparisonRequest request;
    Scenario scenario;
    QString error;
    if (!loadScenarioArg(p.value(QStringLiteral("scenario")), &scenario, &error))
        return fail(error);
    request.scenarios = {scenario};
    qint64 seeds = 10;
    if (!numberOption(p, QStringLiteral("seeds"), 1, &seeds, &error))
        return fail(error);
    request.seeds = int(qMin<qint64>(seeds, 1000000));
    const auto rows = runComparison(request);

    if (p.isSet(QStringLiteral("json"))) {
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

} // namespace

int run(const QStringList &arguments)
{
    const QStringList args = arguments.mid(1);
    // No command is a usage error like any other: one line on stderr (the usage is on --help).
    if (args.isEmpty())
        return fail(QStringLiteral("no command given (strategies, scenarios, simulate, compare, "
                                   "demo, bench); see 'lockscope-cli --help'"));
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
    return fail(
        QStringLiteral(
            "unknown command \"%1\" (strategies, scenarios, simulate, compare, demo, bench)")
            .arg(command));
}

} // namespace lockscope::cli
