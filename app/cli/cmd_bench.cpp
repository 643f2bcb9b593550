// lockscope-cli bench: the contention experiment (a counter kept under the lock) against real
// Redis servers.
#include "cli_common.h"
#include "connection_flags.h"

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

int bench(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate(
        "cli",
        "The contention experiment against real Redis servers: every client loops acquire -> GET "
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
         QCoreApplication::translate(
             "cli", "Servers, comma-separated (several for redlock): host:port, "
                    "redis://[user@]host[:port][/db], rediss://..., unix:///path. A password "
                    "here is visible to other users: use LOCKSCOPE_AUTH or --askpass."),
         QStringLiteral("URLS")},
        {QStringLiteral("strategy"),
         QCoreApplication::translate("cli", "Strategy id (or 'custom' with the two scripts)."),
         QStringLiteral("ID")},
        {QStringLiteral("acquire-script"),
         QCoreApplication::translate("cli", "Your acquire script (Lua), instead of --strategy."),
         QStringLiteral("FILE")},
        {QStringLiteral("release-script"),
         QCoreApplication::translate("cli", "Your release script (Lua), instead of --strategy."),
         QStringLiteral("FILE")},
        {QStringLiteral("clients"),
         QCoreApplication::translate("cli", "Number of clients (default 10)."),
         QStringLiteral("N")},
        {QStringLiteral("keys"),
         QCoreApplication::translate("cli", "Number of lock keys (default 1)."),
         QStringLiteral("N")},
        {QStringLiteral("ttl"),
         QCoreApplication::translate("cli", "Lock TTL in ms (default 10000)."),
         QStringLiteral("MS")},
        {QStringLiteral("hold"),
         QCoreApplication::translate(
             "cli", "Time inside the critical section, between GET and SET (default 0)."),
         QStringLiteral("MS")},
        {QStringLiteral("think"),
         QCoreApplication::translate("cli", "Time after each release (default 0)."),
         QStringLiteral("MS")},
        {QStringLiteral("duration"),
         QCoreApplication::translate("cli", "How long the clients run (default 5000)."),
         QStringLiteral("MS")},
        {QStringLiteral("wait"),
         QCoreApplication::translate(
             "cli", "How to wait for a busy lock: spin, backoff (default) or pubsub."),
         QStringLiteral("MODE")},
        {QStringLiteral("timeout"),
         QCoreApplication::translate("cli", "Request timeout in ms (default 1000)."),
         QStringLiteral("MS")},
        {QStringLiteral("seed"),
         QCoreApplication::translate("cli", "Seed of the clients' random numbers."),
         QStringLiteral("N")},
        {QStringLiteral("pause-client"),
         QCoreApplication::translate("cli", "Pause a client: NAME:AT_MS:FOR_MS (repeatable)."),
         QStringLiteral("NAME:AT:FOR")},
        {QStringLiteral("kill-client"),
         QCoreApplication::translate("cli", "Kill a client: NAME:AT_MS (repeatable)."),
         QStringLiteral("NAME:AT")},
        {QStringLiteral("events"),
         QCoreApplication::translate("cli", "Write the event log as JSON Lines."),
         QStringLiteral("FILE")},
        {QStringLiteral("json"),
         QCoreApplication::translate("cli", "Print the result as one JSON object.")},
    };
    p.addOptions(options);
    addConnectionFlags(p);
    // simulate's --script-time-limit has no meaning here: on a real server a script cannot be
    // stopped before the server's busy-reply-threshold (it answers nobody until then), and once
    // it answers BUSY the bench stops the script with SCRIPT KILL. Say so rather than "unknown
    // option".
    for (const QString &arg : args.mid(1)) {
        if (arg == QLatin1String("--script-time-limit") ||
            arg.startsWith(QLatin1String("--script-time-limit=")))
            return fail(QCoreApplication::translate(
                "cli", "bench runs your scripts on your server, whose busy-reply-threshold "
                       "(lua-time-limit) is their time limit: past it the bench stops the "
                       "script with SCRIPT KILL; --script-time-limit is for simulate and compare"));
        if (arg == QLatin1String("--"))
            break;
    }
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;

    if (!p.isSet(QStringLiteral("redis")))
        return fail(QCoreApplication::translate(
            "cli", "bench needs --redis HOST:PORT (or a redis:// URL)"));
    // Your scripts are the strategy "custom": --strategy may say so, or be left out.
    const bool custom = p.isSet(QStringLiteral("acquire-script")) ||
                        p.isSet(QStringLiteral("release-script")) ||
                        p.value(QStringLiteral("strategy")) == QLatin1String("custom");
    if (!custom && !p.isSet(QStringLiteral("strategy")))
        return fail(QCoreApplication::translate(
            "cli", "bench needs --strategy ID (see 'lockscope-cli strategies')"));
    if (custom && p.isSet(QStringLiteral("strategy")) &&
        p.value(QStringLiteral("strategy")) != QLatin1String("custom"))
        return fail(QCoreApplication::translate(
                        "cli", "--strategy %1 and your own scripts: give one or the other")
                        .arg(p.value(QStringLiteral("strategy"))));

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
        return fail(QCoreApplication::translate("cli", "--redis names no server"));
    QList<ConnectionOptions *> servers;
    for (ConnectionOptions &o : config.servers)
        servers << &o;
    if (!applyConnectionFlags(p, servers, {}, &error))
        return fail(error);
    std::shared_ptr<const Strategy> strategy;
    if (custom) {
        std::unique_ptr<Strategy> mine;
        if (!customStrategyOption(p, &mine, &error))
            return fail(error);
        if (!mine) // --strategy custom, and neither file
            return fail(QCoreApplication::translate(
                "cli", "a custom strategy needs both --acquire-script and --release-script"));
        strategy = std::move(mine);
        config.strategy = strategy;
        config.strategyId = strategy->id();
    } else {
        config.strategyId = p.value(QStringLiteral("strategy"));
        strategy = createStrategy(config.strategyId);
    }
    if (!strategy)
        return fail(QCoreApplication::translate("cli", "unknown strategy \"%1\" (known: %2)")
                        .arg(config.strategyId, strategyIds().join(QStringLiteral(", "))));
    if (strategy->info().multiNode == false && config.servers.size() > 1)
        return fail(QCoreApplication::translate(
                        "cli", "--redis lists %1 servers, but %2 uses one (only redlock uses "
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
        return fail(QCoreApplication::translate("cli", "--clients must be at most 10000, got %1")
                        .arg(clients));
    if (keys > 1000000)
        return fail(
            QCoreApplication::translate("cli", "--keys must be at most 1000000, got %1").arg(keys));
    if (duration > 24 * 3600 * 1000)
        return fail(
            QCoreApplication::translate("cli", "--duration must be at most a day, got %1 ms")
                .arg(duration));
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
        return fail(
            QCoreApplication::translate("cli", "--wait must be spin, backoff or pubsub, got \"%1\"")
                .arg(p.value(QStringLiteral("wait"))));
    const auto addFaults = [&](const QString &name, LiveFault::Action action) {
        for (const QString &text : p.values(name)) {
            LiveFault f;
            if (!parseLiveFault(text, action, &f, &error)) {
                error = QStringLiteral("--%1 %2").arg(name, error);
                return false;
            }
            if (f.atMs > config.durationMs) {
                error = QCoreApplication::translate(
                            "cli", "--%1 %2: AT_MS is after the end of the run (%3 ms)")
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
            return fail(QCoreApplication::translate(
                            "cli", "no client named \"%1\" (the %2 clients are %3..%4)")
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
            return fail(QCoreApplication::translate("cli", "cannot write the event log to %1: %2")
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
    LiveBenchResult result = runLiveBench(config, [] { return g_interrupted.load(); });
    if (custom) {
        // The files as the user named them, in the text and the JSON beside "custom".
        result.acquireScript = p.value(QStringLiteral("acquire-script"));
        result.releaseScript = p.value(QStringLiteral("release-script"));
    }
    std::signal(SIGINT, previousInt);
    std::signal(SIGTERM, previousTerm);
    if (!result.ok)
        return fail(result.error);
    if (events) {
        log->writeJsonLines(*events);
        if (!events->commit())
            return fail(QCoreApplication::translate("cli", "cannot write the event log to %1: %2")
                            .arg(events->fileName(), events->errorString()));
    }
    if (p.isSet(QStringLiteral("json"))) {
        printJson(result.toJson());
    } else {
        // What the counter check found and why comes first, on its own line.
        if (!result.counterVerdict.isEmpty())
            out(result.counterVerdict + QLatin1Char('\n'));
        out(result.toText());
    }
    return result.cancelled ? 130 : 0; // 128 + SIGINT, as a shell reports an interrupt
}

} // namespace lockscope::cli
