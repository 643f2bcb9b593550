// lockscope-cli simulate --live: one scenario cell in both worlds. The simulator runs it, then
// the live runner plays the same scenario on real redis-server processes it starts (or on the
// user's --redis servers, client faults only), and the two verdicts are printed side by side.
#include "cli_common.h"

#include "live/live_agreement.h"
#include "live/live_scenario.h"
#include "lock/strategy_registry.h"
#include "sim/simulation.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QSaveFile>

#include <csignal>
#include <cstdio>

#include <unistd.h>

namespace lockscope::cli {

namespace {

QString row(const QString &label, const QString &sim, const QString &live)
{
    return QStringLiteral("  %1 %2 %3\n").arg(label, -24).arg(sim, -12).arg(live);
}

QString sideBySide(const SimulationConfig &config, const LiveScenarioResult &live,
                   const SimulationResult &sim, const Agreement &a, double scale)
{
    const CheckReport &s = sim.report;
    const CheckReport &l = live.report;
    const auto n = [](qint64 v) { return QString::number(v); };
    QString t;
    t += QCoreApplication::translate("cli", "scenario  %1 — %2\n")
             .arg(config.scenario.id,
                  config.scenario.titleTr.value(translationLanguage(), config.scenario.title));
    t += QCoreApplication::translate("cli", "strategy  %1   seed %2   live time scale %3\n\n")
             .arg(config.strategyId)
             .arg(config.seed)
             .arg(scale);
    t += row(QString(), QCoreApplication::translate("cli", "simulated"),
             QCoreApplication::translate("cli", "live"));
    t += row(QCoreApplication::translate("cli", "violations"), n(s.violations), n(l.violations));
    t += row(QCoreApplication::translate("cli", "mistaken deletions"), n(s.mistakenDeletions),
             n(l.mistakenDeletions));
    t += row(QCoreApplication::translate("cli", "stuck locks"), n(s.stuckLocks), n(l.stuckLocks));
    t +=
        row(QCoreApplication::translate("cli", "lost updates"), n(s.lostUpdates), n(l.lostUpdates));
    t += row(QCoreApplication::translate("cli", "stale writes rejected"), n(s.staleWritesRejected),
             n(l.staleWritesRejected));
    t += row(QCoreApplication::translate("cli", "acquisitions"), n(s.acquisitions),
             n(l.acquisitions));
    t += row(QCoreApplication::translate("cli", "gave up"), n(s.gaveUp), n(l.gaveUp));
    t += row(QCoreApplication::translate("cli", "starved clients"), n(s.starvedClients),
             n(l.starvedClients));
    t += row(QCoreApplication::translate("cli", "verdict"), verdictId(a.simulated),
             verdictId(a.live));
    t += QLatin1Char('\n');
    if (a.agrees()) {
        t += QCoreApplication::translate("cli", "agreement: the live run agrees with the "
                                                "simulation\n");
    } else {
        t += QCoreApplication::translate("cli", "agreement: DISAGREE\n");
        for (const QString &d : a.differences)
            t += QStringLiteral("  ") + d + QLatin1Char('\n');
    }
    t += QCoreApplication::translate("cli", "live: %1 s on %2\n")
             .arg(QString::number(double(live.wallMs) / 1000.0, 'f', 1),
                  live.servers.join(QStringLiteral(", ")));
    for (const QString &note : live.notes)
        t += QCoreApplication::translate("cli", "note: %1\n").arg(note);
    return t;
}

QJsonObject reportJson(const CheckReport &r, CellVerdict verdict)
{
    QJsonObject o = r.toJson();
    o.insert(QStringLiteral("verdict"), verdictId(verdict));
    return o;
}

} // namespace

QList<QCommandLineOption> liveSimulateOptions()
{
    return {
        {QStringLiteral("live"),
         QCoreApplication::translate(
             "cli", "Also run the scenario live on real Redis servers and compare the verdicts.")},
        {QStringLiteral("time-scale"),
         QCoreApplication::translate(
             "cli", "With --live: multiply every time of the scenario by X (0.1 turns a 10 s TTL "
                    "into 1 s; default: the largest of 0.1, 0.25, 0.5, 1 keeping TTLs >= 1 s)."),
         QStringLiteral("X")},
        {QStringLiteral("redis"),
         QCoreApplication::translate(
             "cli", "With --live: your servers (URL,...) instead of local ones; only the "
                    "clients' faults are done."),
         QStringLiteral("URLS")},
    };
}

int simulateLive(const SimulationConfig &config, const QCommandLineParser &p)
{
    LiveScenarioConfig live;
    live.scenario = config.scenario;
    live.strategyId = config.strategyId;
    live.strategy = config.strategy;
    live.seed = config.seed;
    live.waitMode = config.waitMode;
    live.timeScale = defaultLiveTimeScale(config.scenario);
    QString error;
    if (p.isSet(QStringLiteral("time-scale"))) {
        bool ok = false;
        live.timeScale = p.value(QStringLiteral("time-scale")).toDouble(&ok);
        if (!ok || !(live.timeScale > 0.0) || live.timeScale > 100.0)
            return fail(QCoreApplication::translate(
                            "cli", "--time-scale must be a number above 0 and at most 100, got "
                                   "\"%1\"")
                            .arg(p.value(QStringLiteral("time-scale"))));
    }
    if (p.isSet(QStringLiteral("redis"))) {
        for (const QString &url :
             p.value(QStringLiteral("redis")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            ConnectionOptions o;
            if (!ConnectionOptions::fromUrl(url, &o, &error))
                return fail(QStringLiteral("--redis: ") + error);
            live.servers << o;
        }
        if (live.servers.isEmpty())
            return fail(QCoreApplication::translate("cli", "--redis names no server"));
    }
    std::shared_ptr<const Strategy> strategy =
        config.strategy ? config.strategy : createStrategy(config.strategyId);
    // Refused before anything starts: one line saying why.
    const QString refusal = liveRefusal(config.scenario, *strategy, !live.servers.isEmpty());
    if (!refusal.isEmpty())
        return fail(QCoreApplication::translate("cli", "cannot run %1 live: %2")
                        .arg(config.scenario.id, refusal));

    std::unique_ptr<QSaveFile> events;
    if (p.isSet(QStringLiteral("events"))) {
        events = std::make_unique<QSaveFile>(p.value(QStringLiteral("events")));
        if (!events->open(QIODevice::WriteOnly))
            return fail(QCoreApplication::translate("cli", "cannot write the event log to %1: %2")
                            .arg(events->fileName(), events->errorString()));
    }
    live.keepLog = bool(events);

    SimulationConfig simConfig = config;
    simConfig.keepLog = false;
    const SimulationResult sim = runSimulation(simConfig);
    if (!sim.ok)
        return fail(sim.error);

    // A progress line on a terminal; Ctrl-C stops the run and every server it started.
    const bool tty = ::isatty(STDERR_FILENO);
    if (tty)
        live.progress = [](qint64 done, qint64 total) {
            std::fprintf(
                stderr, "\r%s",
                qPrintable(QCoreApplication::translate("cli", "live run: %1 of %2 scenario seconds")
                               .arg(QString::number(double(done) / 1000.0, 'f', 1),
                                    QString::number(double(total) / 1000.0, 'f', 0))));
            std::fflush(stderr);
        };
    g_interrupted.store(false);
    live.cancel = &g_interrupted;
    const auto previousInt = std::signal(SIGINT, onInterrupt);
    const LiveScenarioResult result = runLiveScenario(live);
    std::signal(SIGINT, previousInt);
    if (tty)
        std::fprintf(stderr, "\r\033[K");
    if (events && result.log) {
        result.log->writeJsonLines(*events);
        if (!events->commit())
            return fail(QCoreApplication::translate("cli", "cannot write the event log to %1: %2")
                            .arg(events->fileName(), events->errorString()));
    }
    if (result.cancelled) {
        std::fprintf(stderr, "%s\n",
                     qPrintable(QCoreApplication::translate(
                         "cli", "cancelled: every server the live run started is stopped")));
        return 130;
    }
    if (!result.ok)
        return fail(
            QCoreApplication::translate("cli", "the live run failed: %1").arg(result.error));

    const Agreement a = compareWithSimulation(sim.report, result.report, strategy->info().fencing);
    if (p.isSet(QStringLiteral("json"))) {
        QJsonObject o;
        o.insert(QStringLiteral("scenario"), config.scenario.id);
        o.insert(QStringLiteral("strategy"), config.strategyId);
        o.insert(QStringLiteral("seed"), QString::number(config.seed).toLongLong());
        o.insert(QStringLiteral("time_scale"), live.timeScale);
        o.insert(QStringLiteral("simulated"), reportJson(sim.report, a.simulated));
        QJsonObject l = reportJson(result.report, a.live);
        l.insert(QStringLiteral("wall_ms"), result.wallMs);
        l.insert(QStringLiteral("servers"), QJsonArray::fromStringList(result.servers));
        l.insert(QStringLiteral("notes"), QJsonArray::fromStringList(result.notes));
        o.insert(QStringLiteral("live"), l);
        o.insert(QStringLiteral("agree"), a.agrees());
        o.insert(QStringLiteral("differences"), QJsonArray::fromStringList(a.differences));
        printJson(o);
    } else {
        out(sideBySide(config, result, sim, a, live.timeScale));
    }
    return a.agrees() ? 0 : 1;
}

} // namespace lockscope::cli
