// lockscope-cli whatif: a monitor recording's traffic replayed in the simulator under other
// strategies and added faults, next to what the recording itself shows (sim/whatif.h).
#include "cli_common.h"
#include "text_columns.h"

#include "events/event_log.h"
#include "lock/strategy_registry.h"
#include "sim/scenario_writer.h"
#include "sim/whatif.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>

#include <cstdio>

namespace lockscope::cli {

namespace {

QString whatIfDescription()
{
    return QCoreApplication::translate(
        "cli",
        "Replay the lock traffic of a monitor recording (lockscope-cli monitor --follow --record "
        "FILE) in the simulator: each owner of the recording becomes a client that takes and "
        "releases its locks when the recording saw it do so. Run it under one strategy or all, "
        "with faults added at chosen instants, and compare with what the recording shows.\n"
        "\n"
        "Times are seconds since the recording's first event, as 'lockscope-cli replay' prints "
        "them: 12.5s, 800ms, 2m, or a bare number of seconds.\n"
        "\n"
        "Faults (--fault, repeatable), KIND[:CLIENT]@TIME[+AMOUNT]:\n"
        "  pause@12.5s+40s     the client holding a lock at 12.5 s stops for 40 s (the\n"
        "                      one that took its lock last, if several hold one)\n"
        "  lose-reply@10s      the reply to the next acquisition from 10 s on is lost\n"
        "  failover@10s        the server fails over to a replica\n"
        "  restart@10s+2s      the server restarts empty, down for 2 s (+AMOUNT optional)\n"
        "  clock-jump@10s+2s   the server's clock jumps 2 s ahead (-2s: back)\n"
        "  pause:NAME@...      names the client instead (a name from the scenario)\n"
        "\n"
        "Default strategy, from the recording's lock format: a LockScope fencing counter -> "
        "fenced; renewals seen -> watchdog; Redisson RLock or LockScope reentrant hash -> "
        "reentrant-hash; node-redlock, go-redsync -> redlock; a SETNX lock holding its expiry "
        "time -> setnx-getset; redis-py, python-redis-lock, LockScope and anything else -> "
        "set-nx-px-lua.");
}

QString dash(qint64 v, bool known)
{
    return known ? QString::number(v) : QStringLiteral("-");
}

} // namespace

int whatif(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(whatIfDescription());
    p.addOptions({
        {QStringLiteral("recording"),
         QCoreApplication::translate("cli", "The monitor recording to replay."),
         QStringLiteral("FILE")},
        {QStringLiteral("from"),
         QCoreApplication::translate("cli", "Replay the acquisitions from this time on "
                                            "(default: the recording's start)."),
         QStringLiteral("T")},
        {QStringLiteral("to"),
         QCoreApplication::translate("cli", "Replay the acquisitions up to this time (default: "
                                            "the recording's end)."),
         QStringLiteral("T")},
        {QStringLiteral("strategy"),
         QCoreApplication::translate("cli", "A strategy to replay under (repeatable; default: "
                                            "the one the recording's lock format implies)."),
         QStringLiteral("ID")},
        {QStringLiteral("all-strategies"),
         QCoreApplication::translate("cli", "Replay under every strategy.")},
        {QStringLiteral("fault"),
         QCoreApplication::translate("cli", "A fault to add (repeatable): KIND[:CLIENT]@TIME[+"
                                            "AMOUNT]."),
         QStringLiteral("SPEC")},
        {QStringLiteral("scenario-out"),
         QCoreApplication::translate("cli", "Write the derived scenario file here."),
         QStringLiteral("FILE")},
        {QStringLiteral("anonymize"),
         QCoreApplication::translate("cli", "Key names, owners and tokens become key-1, "
                                            "owner-1, ... in the scenario and the output.")},
        {QStringLiteral("json"), QCoreApplication::translate("cli", "Print JSON.")},
    });
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    if (!p.positionalArguments().isEmpty())
        return fail(QCoreApplication::translate("cli", "whatif takes no argument \"%1\" (the "
                                                       "recording is --recording FILE)")
                        .arg(p.positionalArguments().first()));
    const QString path = p.value(QStringLiteral("recording"));
    if (path.isEmpty())
        return fail(QCoreApplication::translate("cli", "whatif needs --recording FILE"));

    // Every option is checked before the file is read: a typo costs nothing.
    WhatIfOptions options;
    options.origin = path;
    options.anonymize = p.isSet(QStringLiteral("anonymize"));
    QString error;
    for (const char *name : {"from", "to"}) {
        const QString option = QLatin1String(name);
        if (!p.isSet(option))
            continue;
        qint64 us = 0;
        if (!parseWhatIfTime(p.value(option), &us, &error))
            return fail(QStringLiteral("--%1: %2").arg(option, error));
        (option == QLatin1String("from") ? options.window.fromUs : options.window.toUs) = us;
    }
    if (options.window.toUs >= 0 && options.window.toUs <= options.window.fromUs)
        return fail(QCoreApplication::translate("cli", "--to %1 must be after --from %2")
                        .arg(p.value(QStringLiteral("to")), p.isSet(QStringLiteral("from"))
                                                                ? p.value(QStringLiteral("from"))
                                                                : QStringLiteral("0")));
    for (const QString &spec : p.values(QStringLiteral("fault"))) {
        WhatIfFault f;
        if (!parseWhatIfFault(spec, &f, &error))
            return fail(error);
        options.faults.append(f);
    }
    const bool all = p.isSet(QStringLiteral("all-strategies"));
    const QStringList chosen = p.values(QStringLiteral("strategy"));
    if (all && !chosen.isEmpty())
        return fail(QCoreApplication::translate(
            "cli", "--strategy and --all-strategies exclude each other"));
    for (const QString &id : chosen) {
        if (!strategyIds().contains(id))
            return fail(QCoreApplication::translate("cli", "unknown strategy \"%1\" (known: %2)")
                            .arg(id, strategyIds().join(QStringLiteral(", "))));
    }

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(
            QCoreApplication::translate("cli", "cannot read %1: %2").arg(path, file.errorString()));
    EventLog recording;
    QString note;
    if (!EventLog::readJsonLines(file, &recording, &error, &note))
        return fail(QStringLiteral("%1: %2").arg(path, error));
    if (recording.info().source != QLatin1String("monitor"))
        return fail(QCoreApplication::translate(
                        "cli", "%1 is a %2 log, not a monitor recording (lockscope-cli monitor "
                               "--follow --record FILE)")
                        .arg(path, recording.info().source));
    if (!note.isEmpty())
        std::fprintf(stderr, "lockscope-cli: %s: %s\n", qPrintable(path), qPrintable(note));

    RecordedWorkload workload;
    if (!deriveWorkload(recording, options.window, &workload, &error))
        return fail(QStringLiteral("%1: %2").arg(path, error));
    Scenario scenario;
    QList<PlacedFault> placed;
    if (!whatIfScenario(workload, options, &scenario, &placed, &error))
        return fail(QStringLiteral("%1: %2").arg(path, error));
    QByteArray format;
    const QString implied = impliedStrategy(workload, &format);
    const QStringList strategies = all                ? strategyIds()
                                   : chosen.isEmpty() ? QStringList{implied}
                                                      : chosen;

    const QString scenarioOut = p.value(QStringLiteral("scenario-out"));
    if (!scenarioOut.isEmpty()) {
        QString why;
        if (!writeScenarioFile(scenarioOut, scenario, &why))
            return fail(
                QCoreApplication::translate("cli", "cannot write %1: %2").arg(scenarioOut, why));
    }

    const AsRecorded recorded = asRecorded(recording, workload);
    const QList<WhatIfRun> runs = runWhatIf(scenario, strategies);
    const qint64 fromUs = workload.startUs - recording.events().front().timeUs;
    const qint64 toUs = workload.endUs - recording.events().front().timeUs;

    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray faults, rows;
        for (const PlacedFault &f : placed) {
            QJsonObject o{{QStringLiteral("fault"), f.text}};
            if (!f.client.isEmpty())
                o.insert(QStringLiteral("client"), f.client);
            if (!f.key.isEmpty())
                o.insert(QStringLiteral("key"), f.key);
            faults.append(o);
        }
        for (const WhatIfRun &r : runs)
            rows.append(r.toJson());
        // The derived workload, hold by hold, under the scenario's names (anonymized or not).
        QJsonArray holds;
        for (const RecordedHold &h : workload.holds) {
            QJsonObject o{
                {QStringLiteral("owner"), options.anonymize
                                              ? QStringLiteral("owner-%1").arg(h.owner + 1)
                                              : QString::fromUtf8(workload.owners[h.owner])},
                {QStringLiteral("key"), scenario.keyNames[h.key]},
                {QStringLiteral("at_s"), double(h.atUs + fromUs) / 1e6},
                {QStringLiteral("hold_ms"), double(h.holdUs) / 1000.0},
                {QStringLiteral("ttl_ms"), h.ttlMs},
                {QStringLiteral("renewals"), h.renewals},
                {QStringLiteral("renew_every_ms"), h.renewEveryMs},
                {QStringLiteral("end"), holdEndId(h.end)},
            };
            holds.append(o);
        }
        QJsonObject o{
            {QStringLiteral("recording"),
             QJsonObject{{QStringLiteral("from_s"), double(fromUs) / 1e6},
                         {QStringLiteral("to_s"), double(toUs) / 1e6},
                         {QStringLiteral("acquisitions"), qint64(workload.holds.size())},
                         {QStringLiteral("owners"), workload.owners.size()},
                         {QStringLiteral("keys"), workload.keys.size()},
                         {QStringLiteral("format"), QString::fromLatin1(format)},
                         {QStringLiteral("implied_strategy"), implied}}},
            {QStringLiteral("holds"), holds},
            {QStringLiteral("faults"), faults},
            {QStringLiteral("as_recorded"), recorded.toJson()},
            {QStringLiteral("strategies"), rows},
        };
        if (!scenarioOut.isEmpty())
            o.insert(QStringLiteral("scenario_out"), scenarioOut);
        printJson(o);
        return 0;
    }

    QString s;
    s += QCoreApplication::translate("cli", "what-if replay of %1, %2 s to %3 s: %4\n")
             .arg(path, QString::number(double(fromUs) / 1e6, 'f', 3),
                  QString::number(double(toUs) / 1e6, 'f', 3), workloadCountsText(workload));
    s += QCoreApplication::translate("cli", "lock format %1: replayed by default as %2\n")
             .arg(QString::fromLatin1(format), implied);
    for (const PlacedFault &f : placed) {
        if (f.client.isEmpty())
            s += QCoreApplication::translate("cli", "fault %1: strikes the server\n").arg(f.text);
        else if (f.key.isEmpty())
            s += QCoreApplication::translate("cli", "fault %1: strikes %2\n").arg(f.text, f.client);
        else
            s += QCoreApplication::translate("cli", "fault %1: strikes %2 (lock %3)\n")
                     .arg(f.text, f.client, f.key);
    }
    if (!scenarioOut.isEmpty())
        s += QCoreApplication::translate("cli", "scenario written to %1\n").arg(scenarioOut);
    s += QCoreApplication::translate("cli", "as recorded: %1 anomalies, %2 lease findings "
                                            "(lockscope-cli replay %3 shows them)\n")
             .arg(recorded.summary.anomalies)
             .arg(recorded.leaseFindings)
             .arg(path);
    s += QLatin1Char('\n');

    const QStringList headers = {
        QString(),
        QCoreApplication::translate("cli", "verdict"),
        QCoreApplication::translate("cli", "acquired"),
        QCoreApplication::translate("cli", "expired"),
        QCoreApplication::translate("cli", "violations"),
        QCoreApplication::translate("cli", "mistaken deletions"),
        QCoreApplication::translate("cli", "lost updates"),
        QCoreApplication::translate("cli", "stale writes rejected"),
    };
    QList<QStringList> table;
    table.append(headers);
    const CheckReport &c = recorded.checker;
    // The recording sees the lock server, not the protected resource: no update counts there.
    table.append({QCoreApplication::translate("cli", "as recorded"),
                  verdictCode(runVerdict(c, false)), QString::number(recorded.summary.acquisitions),
                  QString::number(recorded.summary.expiries), QString::number(c.violations),
                  QString::number(c.mistakenDeletions), dash(0, false), dash(0, false)});
    for (const WhatIfRun &r : runs) {
        if (!r.ok) {
            table.append(
                {r.strategy, QCoreApplication::translate("cli", "error: %1").arg(r.error)});
            continue;
        }
        table.append({r.strategy, verdictCode(r.verdict), QString::number(r.report.acquisitions),
                      QString::number(r.expiries), QString::number(r.report.violations),
                      QString::number(r.report.mistakenDeletions),
                      QString::number(r.report.lostUpdates),
                      QString::number(r.report.staleWritesRejected)});
    }
    QList<int> widths(headers.size(), 0);
    for (const QStringList &row : table) {
        if (row.size() != headers.size())
            continue; // an error line: not a column's width
        for (qsizetype i = 0; i < row.size(); ++i)
            widths[i] = qMax(widths[i], terminalWidth(row[i]));
    }
    for (const QStringList &row : table) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i) {
            const bool last = i + 1 == row.size();
            line += last ? row[i] : padded(row[i], -widths[i]) + QStringLiteral("  ");
        }
        s += line.trimmed().isEmpty() ? QString() : line + QLatin1Char('\n');
    }
    out(s);
    return 0;
}

} // namespace lockscope::cli
