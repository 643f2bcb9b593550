#include "whatif.h"

#include "comparison.h"
#include "lock/strategy_registry.h"
#include "monitor/lease_rhythm.h"
#include "monitor/lock_format.h"
#include "run_limits.h"
#include "simulation.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <cmath>

namespace lockscope {

namespace {

// The scenario's name of owner i: its recorded name, or owner-<i+1> when anonymized.
QString ownerName(const RecordedWorkload &w, int i, bool anonymize)
{
    return anonymize ? QStringLiteral("owner-%1").arg(i + 1) : QString::fromUtf8(w.owners[i]);
}

QString seconds(qint64 us)
{
    return QString::number(double(us) / 1e6, 'f', 3);
}

} // namespace

bool parseWhatIfTime(const QString &text, qint64 *us, QString *error)
{
    static const QRegularExpression re(
        QStringLiteral("^([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(ms|s|m)?$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch()) {
        *error =
            QCoreApplication::translate(
                "WhatIf", "\"%1\" is not a time (e.g. 12.5s, 800ms, 2m; a bare number is seconds)")
                .arg(text);
        return false;
    }
    const double n = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    const double factor = unit == QLatin1String("ms")  ? 1e3
                          : unit == QLatin1String("m") ? 60e6
                                                       : 1e6;
    const double value = n * factor;
    if (value > double(limits::kMaxDurationMs) * 1000.0) {
        *error = QCoreApplication::translate("WhatIf", "\"%1\" is longer than a day").arg(text);
        return false;
    }
    *us = qint64(std::llround(value));
    return true;
}

bool parseWhatIfFault(const QString &text, WhatIfFault *out, QString *error)
{
    const QString syntax = QCoreApplication::translate(
        "WhatIf", "KIND[:CLIENT]@TIME[+AMOUNT], KIND one of pause, lose-reply, "
                  "failover, restart, clock-jump");
    const qsizetype at = text.lastIndexOf(QLatin1Char('@'));
    if (at <= 0) {
        *error =
            QCoreApplication::translate("WhatIf", "--fault \"%1\": expected %2").arg(text, syntax);
        return false;
    }
    WhatIfFault f;
    f.text = text;
    QString kind = text.left(at);
    const qsizetype colon = kind.indexOf(QLatin1Char(':'));
    if (colon >= 0) {
        f.client = kind.mid(colon + 1);
        kind = kind.left(colon);
    }
    static const QList<QPair<QString, WhatIfFault::Kind>> kinds = {
        {QStringLiteral("pause"), WhatIfFault::Kind::Pause},
        {QStringLiteral("lose-reply"), WhatIfFault::Kind::LoseReply},
        {QStringLiteral("failover"), WhatIfFault::Kind::Failover},
        {QStringLiteral("restart"), WhatIfFault::Kind::Restart},
        {QStringLiteral("clock-jump"), WhatIfFault::Kind::ClockJump},
    };
    bool known = false;
    for (const auto &[name, k] : kinds) {
        if (name == kind) {
            f.kind = k;
            known = true;
        }
    }
    if (!known) {
        *error = QCoreApplication::translate(
                     "WhatIf", "--fault \"%1\": unknown fault \"%2\" (pause, lose-reply, failover, "
                               "restart, clock-jump)")
                     .arg(text, kind);
        return false;
    }
    const bool clientFault =
        f.kind == WhatIfFault::Kind::Pause || f.kind == WhatIfFault::Kind::LoseReply;
    if (colon >= 0 && (!clientFault || f.client.isEmpty())) {
        *error = clientFault
                     ? QCoreApplication::translate(
                           "WhatIf", "--fault \"%1\": the client after \":\" is empty")
                           .arg(text)
                     : QCoreApplication::translate(
                           "WhatIf", "--fault \"%1\": a %2 strikes the server, it names no client")
                           .arg(text, kind);
        return false;
    }
    // TIME, then +AMOUNT (or -AMOUNT for a clock jump back).
    QString when = text.mid(at + 1);
    QString amount;
    int sign = 1;
    const qsizetype plus = when.indexOf(QLatin1Char('+'));
    const qsizetype minus = when.indexOf(QLatin1Char('-'));
    if (plus >= 0 || minus >= 0) {
        const qsizetype cut = plus >= 0 ? plus : minus;
        sign = plus >= 0 ? 1 : -1;
        amount = when.mid(cut + 1);
        when = when.left(cut);
    }
    QString why;
    if (!parseWhatIfTime(when, &f.atUs, &why)) {
        *error = QStringLiteral("--fault \"%1\": %2").arg(text, why);
        return false;
    }
    const bool needsAmount =
        f.kind == WhatIfFault::Kind::Pause || f.kind == WhatIfFault::Kind::ClockJump;
    const bool takesAmount = needsAmount || f.kind == WhatIfFault::Kind::Restart;
    if (sign < 0 && f.kind != WhatIfFault::Kind::ClockJump) {
        *error = QCoreApplication::translate(
                     "WhatIf", "--fault \"%1\": only a clock-jump goes back (-AMOUNT)")
                     .arg(text);
        return false;
    }
    if (amount.isEmpty() && (plus >= 0 || minus >= 0)) {
        *error = QCoreApplication::translate("WhatIf", "--fault \"%1\": nothing after \"%2\"")
                     .arg(text, sign > 0 ? QStringLiteral("+") : QStringLiteral("-"));
        return false;
    }
    if (needsAmount && amount.isEmpty()) {
        *error =
            f.kind == WhatIfFault::Kind::Pause
                ? QCoreApplication::translate(
                      "WhatIf", "--fault \"%1\": a pause needs its length (pause@12.5s+40s)")
                      .arg(text)
                : QCoreApplication::translate(
                      "WhatIf", "--fault \"%1\": a clock-jump needs its size (clock-jump@10s+2s)")
                      .arg(text);
        return false;
    }
    if (!takesAmount && !amount.isEmpty()) {
        *error =
            QCoreApplication::translate("WhatIf", "--fault \"%1\": a %2 has no length (%2@10s)")
                .arg(text, kind);
        return false;
    }
    if (!amount.isEmpty()) {
        if (!parseWhatIfTime(amount, &f.amountUs, &why)) {
            *error = QStringLiteral("--fault \"%1\": %2").arg(text, why);
            return false;
        }
        f.amountUs *= sign;
    }
    *out = f;
    return true;
}

bool whatIfScenario(const RecordedWorkload &w, const WhatIfOptions &o, Scenario *out,
                    QList<PlacedFault> *placed, QString *error)
{
    Scenario s;
    s.id = o.id;
    const QString file = o.anonymize || o.origin.isEmpty()
                             ? QCoreApplication::translate("WhatIf", "a recording")
                             : QFileInfo(o.origin).fileName();
    s.title = QCoreApplication::translate("WhatIf", "What-if replay of %1").arg(file);
    s.summary = QCoreApplication::translate("WhatIf", "%1, replayed as recorded")
                    .arg(workloadCountsText(w));
    s.explanation = QCoreApplication::translate(
        "WhatIf",
        "Each client replays one owner of the recording: it asks for the lock when the "
        "recording saw the owner take it, and releases it when the recording saw it go "
        "(released, expired or lost). Run it under any strategy, with faults added, to see "
        "what the strategy would have done with the same traffic.");
    // One network hop each way, no jitter: a replay keeps the recording's order of events a
    // few microseconds apart.
    s.jitterMs = 0;
    s.startStaggerMs = 0;
    const qint64 hopUs = qint64(s.latencyMs * 1000.0);
    const qint64 commonTtl = w.commonTtlMs();
    s.ttlMs = commonTtl > 0 ? commonTtl : Scenario{}.ttlMs;
    for (qsizetype k = 0; k < w.keys.size(); ++k)
        s.keyNames.append(o.anonymize ? QStringLiteral("key-%1").arg(k + 1)
                                      : QString::fromUtf8(w.keys[k]));
    s.keyCount = int(s.keyNames.size());
    if (s.keyNames.isEmpty()) {
        *error = QCoreApplication::translate(
            "WhatIf", "the recording has no acquisition in the window (a lock taken before the "
                      "monitor looked is not replayed)");
        return false;
    }

    // Clients: one per owner; a second lane for an owner that held two locks at once.
    struct Lane {
        int owner;
        qint64 freeAtUs;
        int client;
    };
    std::vector<Lane> lanes;
    QList<ClientSpec> clients;
    std::vector<std::pair<int, int>> placedHolds; // hold index -> (client, schedule entry)
    qint64 endUs = 0;
    qint64 longestTtlMs = s.ttlMs;
    for (std::size_t i = 0; i < w.holds.size(); ++i) {
        const RecordedHold &h = w.holds[i];
        int client = -1;
        int sameOwner = 0;
        for (Lane &lane : lanes) {
            if (lane.owner != h.owner)
                continue;
            ++sameOwner;
            if (lane.freeAtUs <= h.atUs && client < 0) {
                client = lane.client;
                lane.freeAtUs = h.atUs + h.holdUs;
            }
        }
        if (client < 0) {
            ClientSpec c;
            // The scenario's defaults, which the file then leaves out: a schedule uses none.
            c.holdMs = s.holdMs;
            c.thinkMs = s.thinkMs;
            c.cycles = s.cycles;
            c.acquireTimeoutMs = s.acquireTimeoutMs;
            c.name = ownerName(w, h.owner, o.anonymize);
            if (sameOwner > 0)
                c.name += QStringLiteral(" (%1)").arg(sameOwner + 1);
            client = int(clients.size());
            clients.append(c);
            lanes.push_back({h.owner, h.atUs + h.holdUs, client});
        }
        ScheduledHold e;
        e.atUs = qMax<qint64>(0, h.atUs - hopUs);
        e.key = h.key;
        e.holdUs = h.holdUs;
        e.ttlMs = h.ttlMs > 0 && h.ttlMs != s.ttlMs ? h.ttlMs : -1;
        longestTtlMs = qMax(longestTtlMs, h.ttlMs);
        placedHolds.emplace_back(client, int(clients[client].schedule.size()));
        clients[client].schedule.append(e);
        endUs = qMax(endUs, h.atUs + h.holdUs);
    }

    // Faults, at scenario time (since the window's start).
    // The hold in progress at t that began last: of a long hold and a short one in progress,
    // the short one is the holder in the middle of its work at that instant.
    auto holdAt = [&](qint64 t) -> int {
        int found = -1;
        for (std::size_t i = 0; i < w.holds.size(); ++i) {
            const RecordedHold &h = w.holds[i];
            if (h.atUs <= t && t < h.atUs + h.holdUs)
                found = int(i);
        }
        return found;
    };
    auto clientIndex = [&](const QString &name) -> int {
        for (qsizetype c = 0; c < clients.size(); ++c) {
            if (clients[c].name == name)
                return int(c);
        }
        return -1;
    };
    qint64 extraUs = 0; // what the faults add to the run
    QList<PlacedFault> where;
    for (const WhatIfFault &f : o.faults) {
        const qint64 t = f.atUs - o.window.fromUs;
        if (t < 0 || w.startUs + t > w.endUs) {
            *error =
                QCoreApplication::translate(
                    "WhatIf", "--fault \"%1\": %2 s is outside the replayed window (%3 s to %4 s)")
                    .arg(f.text, seconds(f.atUs), seconds(o.window.fromUs),
                         seconds(o.window.fromUs + (w.endUs - w.startUs)));
            return false;
        }
        FaultSpec spec;
        spec.trigger.atMs = t / 1000;
        PlacedFault p{f.text, {}, {}};
        switch (f.kind) {
        case WhatIfFault::Kind::Pause:
        case WhatIfFault::Kind::LoseReply: {
            int client = -1;
            int key = -1;
            if (!f.client.isEmpty()) {
                client = clientIndex(f.client);
                if (client < 0) {
                    QStringList names;
                    for (const auto &c : std::as_const(clients))
                        names << c.name;
                    *error = QCoreApplication::translate(
                                 "WhatIf", "--fault \"%1\": no client named \"%2\" (clients: %3)")
                                 .arg(f.text, f.client, names.join(QStringLiteral(", ")));
                    return false;
                }
            } else if (f.kind == WhatIfFault::Kind::Pause) {
                const int hold = holdAt(t);
                if (hold < 0) {
                    *error =
                        QCoreApplication::translate(
                            "WhatIf", "--fault \"%1\": nobody holds a lock at %2 s, so there is no "
                                      "holder to pause (name one: pause:CLIENT@...)")
                            .arg(f.text, seconds(f.atUs));
                    return false;
                }
                client = placedHolds[std::size_t(hold)].first;
                key = w.holds[std::size_t(hold)].key;
            } else {
                // The next acquisition at or after t: its reply is the one lost.
                qint64 best = -1;
                for (qsizetype c = 0; c < clients.size(); ++c) {
                    for (const ScheduledHold &e : std::as_const(clients[c].schedule)) {
                        if (e.atUs >= t && (best < 0 || e.atUs < best)) {
                            best = e.atUs;
                            client = int(c);
                            key = e.key;
                        }
                    }
                }
                if (client < 0) {
                    *error = QCoreApplication::translate(
                                 "WhatIf", "--fault \"%1\": no acquisition starts at or after %2 s")
                                 .arg(f.text, seconds(f.atUs));
                    return false;
                }
                // Armed just before that acquisition leaves: its command is the next one.
                spec.trigger.atMs = best / 1000;
            }
            spec.action = f.kind == WhatIfFault::Kind::Pause ? FaultSpec::Action::Pause
                                                             : FaultSpec::Action::LoseReply;
            spec.client = clients[client].name;
            spec.durationMs = f.amountUs / 1000;
            extraUs += f.amountUs;
            p.client = spec.client;
            if (key >= 0)
                p.key = s.keyNames[key];
            break;
        }
        case WhatIfFault::Kind::Failover:
            spec.action = FaultSpec::Action::Failover;
            s.replicas = qMax(s.replicas, 1);
            break;
        case WhatIfFault::Kind::Restart:
            spec.action = FaultSpec::Action::NodeRestart;
            spec.durationMs = f.amountUs / 1000;
            extraUs += f.amountUs;
            break;
        case WhatIfFault::Kind::ClockJump:
            spec.action = FaultSpec::Action::ClockJump;
            spec.jumpMs = f.amountUs / 1000;
            break;
        }
        s.faults.append(spec);
        where.append(p);
    }

    // Long enough for every hold, a lease left to run out, and what the faults add.
    const qint64 durationMs = (endUs + extraUs) / 1000 + longestTtlMs + 1000;
    if (durationMs > limits::kMaxDurationMs) {
        *error = QCoreApplication::translate(
                     "WhatIf",
                     "the replay would last %1 s, longer than a simulated day: choose a shorter "
                     "window (--from, --to)")
                     .arg(durationMs / 1000);
        return false;
    }
    if (clients.size() > limits::kMaxClients) {
        *error =
            QCoreApplication::translate(
                "WhatIf", "the window has %1 owners, more than a simulation's %2 clients: choose a "
                          "shorter window (--from, --to)")
                .arg(clients.size())
                .arg(limits::kMaxClients);
        return false;
    }
    s.durationMs = durationMs;
    s.clients = clients;
    s.clientCount = int(clients.size());
    *out = s;
    if (placed)
        *placed = where;
    return true;
}

QString workloadCountsText(const RecordedWorkload &w)
{
    return QCoreApplication::translate("WhatIf", "%1 by %2 on %3")
        .arg(QCoreApplication::translate("WhatIf", "%n acquisition(s)", nullptr,
                                         int(w.holds.size())),
             QCoreApplication::translate("WhatIf", "%n owner(s)", nullptr, int(w.owners.size())),
             QCoreApplication::translate("WhatIf", "%n key(s)", nullptr, int(w.keys.size())));
}

QString impliedStrategy(const RecordedWorkload &w, QByteArray *format)
{
    KeySnapshot snap;
    snap.key = w.firstKey;
    snap.type = KeyType::String;
    snap.string = w.firstValue;
    snap.length = w.firstValue.size();
    snap.pttlMs = w.commonTtlMs() > 0 ? w.commonTtlMs() : -1;
    LockInfo info = recognizeLock(snap);
    if (info.format == "unknown" && w.firstValue.contains('=')) {
        // A hash, as the recording writes it: "field=value field=value".
        snap.type = KeyType::Hash;
        snap.string.clear();
        for (const QByteArray &pair : w.firstValue.split(' ')) {
            const qsizetype eq = pair.lastIndexOf('=');
            if (eq > 0)
                snap.fields.append({pair.left(eq), pair.mid(eq + 1)});
        }
        snap.length = snap.fields.size();
        info = recognizeLock(snap);
    }
    if (format)
        *format = info.format;
    if (w.fencingCounterSeen)
        return QStringLiteral("fenced");
    if (w.renewals() > 0)
        return QStringLiteral("watchdog");
    if (info.format == "redisson-lock" || info.format == "lockscope-reentrant")
        return QStringLiteral("reentrant-hash");
    if (info.format == "node-redlock" || info.format == "go-redsync")
        return QStringLiteral("redlock");
    if (info.format == "expiry-timestamp")
        return QStringLiteral("setnx-getset");
    return QStringLiteral("set-nx-px-lua");
}

QJsonObject AsRecorded::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("acquisitions"), summary.acquisitions);
    o.insert(QStringLiteral("releases"), summary.releases);
    o.insert(QStringLiteral("expiries"), summary.expiries);
    o.insert(QStringLiteral("take_overs"), summary.takeOvers);
    o.insert(QStringLiteral("lost"), summary.lost);
    o.insert(QStringLiteral("renewals"), summary.renewals);
    o.insert(QStringLiteral("anomalies"), summary.anomalies);
    o.insert(QStringLiteral("lease_findings"), leaseFindings);
    o.insert(QStringLiteral("verdict"), verdictId(runVerdict(checker, false)));
    o.insert(QStringLiteral("checker"), checker.toJson());
    return o;
}

AsRecorded asRecorded(const EventLog &recording, const RecordedWorkload &w)
{
    // The window's events alone, over the recording's strings.
    EventLog window(recording.sharedStrings());
    window.info() = recording.info();
    for (const Event &e : recording.events()) {
        if (e.timeUs >= w.startUs && e.timeUs <= w.endUs)
            window.consume(e);
    }
    AsRecorded r;
    r.summary = summarizeMonitorLog(window);
    r.checker = checkLog(window);
    r.leaseFindings = int(analyzeLeases(window).findings.size());
    return r;
}

QJsonObject WhatIfRun::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("strategy"), strategy);
    if (!ok) {
        o.insert(QStringLiteral("error"), error);
        return o;
    }
    o.insert(QStringLiteral("verdict"), verdictId(verdict));
    o.insert(QStringLiteral("expiries"), expiries);
    o.insert(QStringLiteral("checker"), report.toJson());
    return o;
}

QList<WhatIfRun> runWhatIf(const Scenario &scenario, const QStringList &strategies,
                           std::shared_ptr<EventLog> *firstLog)
{
    QList<WhatIfRun> runs;
    for (const QString &id : strategies) {
        SimulationConfig config;
        config.scenario = scenario;
        config.strategyId = id;
        config.seed = 1;
        const SimulationResult result = runSimulation(config);
        WhatIfRun run;
        run.strategy = id;
        run.ok = result.ok;
        run.error = result.error;
        run.report = result.report;
        if (result.ok) {
            const auto strategy = createStrategy(id);
            run.verdict = runVerdict(result.report, strategy && strategy->info().fencing);
        }
        if (result.log) {
            for (const Event &e : result.log->events())
                run.expiries += e.kind == EventKind::KeyExpired ? 1 : 0;
            if (firstLog && runs.isEmpty())
                *firstLog = result.log;
        }
        runs.append(run);
    }
    return runs;
}

} // namespace lockscope
