// lockscope-cli simulate --live: one scenario cell in both worlds. The simulator runs it, then
// the live runner plays the same scenario on real redis-server processes it starts (or on the
// user's --redis servers, client faults only), and the two verdicts are printed side by side.
#include "cli_common.h"
#include "text_columns.h"

#include "live/live_agreement.h"
#include "live/live_matrix.h"
#include "live/live_scenario.h"
#include "lock/strategy_registry.h"
#include "sim/simulation.h"
#include "util/csv.h"

#include <QCoreApplication>
#include <QElapsedTimer>
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
    // Padded by terminal columns: a translated label is wider than its character count.
    return QStringLiteral("  ") + padded(label, -24) + QLatin1Char(' ') + padded(sim, -12) +
           QLatin1Char(' ') + live + QLatin1Char('\n');
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

// --time-scale X into *scale (untouched when absent); false with *error for a bad value.
bool readTimeScale(const QCommandLineParser &p, double *scale, QString *error)
{
    if (!p.isSet(QStringLiteral("time-scale")))
        return true;
    bool ok = false;
    const double value = p.value(QStringLiteral("time-scale")).toDouble(&ok);
    if (!ok || !(value > 0.0) || value > 100.0) {
        *error = QCoreApplication::translate(
                     "cli", "--time-scale must be a number above 0 and at most 100, got \"%1\"")
                     .arg(p.value(QStringLiteral("time-scale")));
        return false;
    }
    *scale = value;
    return true;
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
             "cli",
             "With --live: multiply every time of the scenario by X (0.1 turns a 10 s TTL "
             "into 1 s; default: the smallest of 0.1, 0.25, 0.5, 1 keeping the TTL >= 1 s)."),
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
    if (!readTimeScale(p, &live.timeScale, &error))
        return fail(error);
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
    if (!openEventsFile(p, &events, &error))
        return fail(error);
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
    if (events && result.log && !writeEventsFile(*events, *result.log, &error))
        return fail(error);
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

namespace lockscope::cli {

namespace {

QString liveCellText(const LiveMatrixCell &c)
{
    if (!c.refusal.isEmpty())
        return QStringLiteral("n/a");
    if (!c.error.isEmpty())
        return QStringLiteral("error");
    const QString sim = c.simulated.isEmpty() ? QStringLiteral("?") : verdictCode(c.simulated[0]);
    return QStringLiteral("%1 %2/%3%4")
        .arg(sim)
        .arg(c.agreeing)
        .arg(c.live.size())
        .arg(c.agrees() ? QString() : QStringLiteral("!"));
}

QString liveMatrixText(const QList<LiveMatrixCell> &cells, const QStringList &scenarios,
                       const QStringList &strategies, int repetitions, qint64 wallMs)
{
    QString s;
    s += QCoreApplication::translate(
             "cli", "live agreement matrix: %1 scenarios x %2 strategies, %3 live repetitions "
                    "per cell\n\nstrategies:\n")
             .arg(scenarios.size())
             .arg(strategies.size())
             .arg(repetitions);
    for (qsizetype i = 0; i < strategies.size(); ++i)
        s += QStringLiteral("  %1  %2\n").arg(i + 1, 2).arg(strategies[i]);
    int width = 8;
    for (const auto &id : scenarios)
        width = qMax(width, int(id.size()));
    const QString scenarioHeader = QCoreApplication::translate("cli", "scenario");
    width = qMax(width, terminalWidth(scenarioHeader));
    s += QLatin1Char('\n') + padded(scenarioHeader, -width);
    for (qsizetype i = 0; i < strategies.size(); ++i)
        s += QStringLiteral(" %1").arg(i + 1, 11);
    s += QLatin1Char('\n');
    int agree = 0, disagree = 0, refused = 0;
    for (const QString &scenario : scenarios) {
        s += scenario.leftJustified(width);
        for (const QString &strategy : strategies) {
            QString text;
            for (const auto &c : cells) {
                if (c.scenario == scenario && c.strategy == strategy) {
                    text = liveCellText(c);
                    if (!c.refusal.isEmpty())
                        ++refused;
                    else if (c.agrees())
                        ++agree;
                    else
                        ++disagree;
                }
            }
            s += QStringLiteral(" %1").arg(text, 11);
        }
        s += QLatin1Char('\n');
    }
    s += QCoreApplication::translate(
        "cli", "\nlegend: the simulated verdict (ok, UNSAFE, live = liveness loss), then how many\n"
               "live repetitions agreed with their simulation (same verdict, same kinds of\n"
               "finding); ! marks a cell that disagreed, n/a one that cannot run live.\n\n");
    for (const auto &c : cells) {
        if (!c.refusal.isEmpty())
            s += QCoreApplication::translate("cli", "n/a       %1 x %2: %3\n")
                     .arg(c.scenario, c.strategy, c.refusal);
        else if (!c.error.isEmpty())
            s += QCoreApplication::translate("cli", "error     %1 x %2: %3\n")
                     .arg(c.scenario, c.strategy, c.error);
        else if (!c.agrees())
            s += QCoreApplication::translate("cli", "disagree  %1 x %2: %3\n")
                     .arg(c.scenario, c.strategy, c.differences.join(QStringLiteral("; ")));
    }
    s += QCoreApplication::translate("cli",
                                     "\n%1 cells agree, %2 disagree, %3 cannot run live; %4 s\n")
             .arg(agree)
             .arg(disagree)
             .arg(refused)
             .arg(QString::number(double(wallMs) / 1000.0, 'f', 0));
    return s;
}

QJsonObject liveCellJson(const LiveMatrixCell &c)
{
    QJsonObject o;
    o.insert(QStringLiteral("scenario"), c.scenario);
    o.insert(QStringLiteral("strategy"), c.strategy);
    o.insert(QStringLiteral("status"), liveCellStatusId(liveCellStatus(c)));
    QJsonArray sim, live;
    for (auto v : c.simulated)
        sim.append(verdictId(v));
    for (auto v : c.live)
        live.append(verdictId(v));
    o.insert(QStringLiteral("simulated"), sim);
    o.insert(QStringLiteral("live"), live);
    o.insert(QStringLiteral("agreeing"), c.agreeing);
    o.insert(QStringLiteral("repetitions"), int(c.live.size()));
    o.insert(QStringLiteral("reason"), liveCellReason(c));
    o.insert(QStringLiteral("time_scale"), c.timeScale);
    o.insert(QStringLiteral("wall_ms"), c.wallMs);
    return o;
}

} // namespace

QList<QCommandLineOption> liveCompareOptions()
{
    return {
        {QStringLiteral("live"),
         QCoreApplication::translate(
             "cli", "The live agreement matrix: each cell also played on real local Redis "
                    "servers and compared with its simulation.")},
        {QStringLiteral("repetitions"),
         QCoreApplication::translate("cli", "With --live: live runs per cell (default 3)."),
         QStringLiteral("K")},
        {QStringLiteral("time-scale"),
         QCoreApplication::translate(
             "cli", "With --live: multiply every time of the scenarios by X (default: per "
                    "scenario, keeping TTLs >= 1 s)."),
         QStringLiteral("X")},
        {QStringLiteral("parallel"),
         QCoreApplication::translate("cli",
                                     "With --live: cells played at once, each on servers of its "
                                     "own (default 2)."),
         QStringLiteral("N")},
    };
}

int compareLive(const QList<Scenario> &scenarios, std::shared_ptr<const Strategy> custom,
                const QCommandLineParser &p)
{
    LiveMatrixRequest request;
    request.scenarios = scenarios;
    request.strategies = strategyIds();
    request.custom = std::move(custom);
    QString error;
    qint64 repetitions = 3, parallel = 2;
    if (!numberOption(p, QStringLiteral("repetitions"), 1, &repetitions, &error) ||
        !capOption(QStringLiteral("repetitions"), repetitions, 100, &error) ||
        !numberOption(p, QStringLiteral("parallel"), 1, &parallel, &error) ||
        !capOption(QStringLiteral("parallel"), parallel, 16, &error))
        return fail(error);
    request.repetitions = int(repetitions);
    request.parallel = int(parallel);
    if (!readTimeScale(p, &request.timeScale, &error))
        return fail(error);
    const bool tty = ::isatty(STDERR_FILENO);
    if (tty)
        request.progress = [](int done, int total) {
            std::fprintf(
                stderr, "\r%s",
                qPrintable(QCoreApplication::translate("cli", "compare --live: %1 of %2 cells")
                               .arg(done)
                               .arg(total)));
            std::fflush(stderr);
        };
    g_interrupted.store(false);
    request.cancel = &g_interrupted;
    const auto previousInt = std::signal(SIGINT, onInterrupt);
    QElapsedTimer wall;
    wall.start();
    const QList<LiveMatrixCell> cells = runLiveMatrix(request);
    std::signal(SIGINT, previousInt);
    if (tty)
        std::fprintf(stderr, "\r\033[K");
    if (g_interrupted.load())
        std::fprintf(stderr, "%s\n",
                     qPrintable(QCoreApplication::translate(
                         "cli", "cancelled: the cells finished so far follow")));

    QStringList scenarioIds, strategies = request.strategies;
    for (const auto &s : scenarios)
        scenarioIds.append(s.id);
    if (request.custom)
        strategies.append(request.custom->id());
    bool allAgree = true;
    for (const auto &c : cells)
        allAgree = allAgree && (c.agrees() || !c.refusal.isEmpty());
    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray a;
        for (const auto &c : cells)
            a.append(liveCellJson(c));
        QJsonObject o;
        o.insert(QStringLiteral("repetitions"), request.repetitions);
        o.insert(QStringLiteral("wall_ms"), wall.elapsed());
        o.insert(QStringLiteral("cells"), a);
        printJson(o);
    } else if (p.isSet(QStringLiteral("csv"))) {
        QString text = csvRecord({QStringLiteral("scenario"), QStringLiteral("strategy"),
                                  QStringLiteral("status"), QStringLiteral("simulated"),
                                  QStringLiteral("live"), QStringLiteral("agreeing"),
                                  QStringLiteral("repetitions"), QStringLiteral("reason"),
                                  QStringLiteral("time_scale"), QStringLiteral("wall_ms")});
        for (const auto &c : cells) {
            const QJsonObject o = liveCellJson(c);
            QStringList sim, live;
            for (const auto &v : o.value(QStringLiteral("simulated")).toArray())
                sim.append(v.toString());
            for (const auto &v : o.value(QStringLiteral("live")).toArray())
                live.append(v.toString());
            text += csvRecord({c.scenario, c.strategy, o.value(QStringLiteral("status")).toString(),
                               sim.join(QLatin1Char(';')), live.join(QLatin1Char(';')),
                               QString::number(c.agreeing), QString::number(c.live.size()),
                               o.value(QStringLiteral("reason")).toString(),
                               QString::number(c.timeScale), QString::number(c.wallMs)});
        }
        out(text);
    } else {
        out(liveMatrixText(cells, scenarioIds, strategies, request.repetitions, wall.elapsed()));
    }
    if (g_interrupted.load())
        return 130;
    return allAgree ? 0 : 1;
}

} // namespace lockscope::cli
