// lockscope-cli monitor, replay: a real Redis's lock keys, and recordings of them.
#include "cli_common.h"
#include "connection_flags.h"

#include "live/live_bench.h"
#include "lock/strategy_registry.h"
#include "monitor/key_monitor.h"
#include "monitor/lease_rhythm.h"
#include "monitor/monitor_clock.h"
#include "monitor/monitor_explain.h"
#include "monitor/monitor_run.h"
#include "monitor/recording_writer.h"
#include "sim/checker.h"
#include "sim/comparison.h"
#include "sim/explain.h"
#include "sim/simulation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <climits>
#include <csignal>
#include <cstdio>
#include <functional>
#include <map>
#include <vector>

#include <unistd.h>

namespace lockscope::cli {

namespace {

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
        *error = QCoreApplication::translate("cli", "--%1 names no server").arg(option);
        return false;
    }
    return true;
}

// The same log with its times counted from its first event.
EventLog timesFromStart(const EventLog &log)
{
    EventLog rebased(log.sharedStrings());
    rebased.info() = log.info();
    const qint64 first = log.events().empty() ? 0 : log.events().front().timeUs;
    for (Event e : log.events()) {
        e.timeUs -= first;
        rebased.consume(e);
    }
    return rebased;
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
    ts << "  fairness (Jain)        " << figureText(c.fairness, 3) << "\n";
    for (const auto &f : c.findings)
        ts << "  " << describeFinding(f, log) << "\n";
    return s;
}

} // namespace

int monitor(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate(
        "cli",
        "Watch the lock keys of a real Redis: a snapshot (--once, the default) or a live history "
        "(--follow). Read-only unless --allow-writes: the connection refuses every write command "
        "before it is sent. Keys are found with SCAN MATCH --pattern COUNT --count and read "
        "with bounded, pipelined TYPE/PTTL/value reads; changes come from keyspace "
        "notifications when the server has them on, else from periodic re-reads. With "
        "--cluster, --redis is a seed node of a Redis Cluster: the masters are found with "
        "CLUSTER SLOTS and each is scanned and followed (and found again after a failover).\n"
        "\n"
        "--once --json prints JSON Lines: one object per key (key, type, ttl_ms, format, owner, "
        "hold_count, waiters, anomalies [rule ids], ...). --follow --json prints every event "
        "as JSON Lines in the event log's format; --record FILE writes the whole recording "
        "(lockscope-cli replay FILE reads it). An unreachable server or a wrong password is "
        "one line on stderr, exit code 2."));
    const QList<QCommandLineOption> options = {
        {QStringLiteral("redis"),
         QCoreApplication::translate(
             "cli", "The server: host:port, redis://[user@]host[:port][/db], "
                    "rediss://..., unix:///path. With --sentinel: the user, TLS and db "
                    "of the master. A password here is visible to other users: use "
                    "LOCKSCOPE_AUTH or --askpass. Several servers (comma-separated, or "
                    "--redis repeated): the independent nodes of a Redlock deployment, "
                    "watched as one (who holds each key's majority)."),
         QStringLiteral("URL")},
        {QStringLiteral("sentinel"),
         QCoreApplication::translate("cli",
                                     "Sentinels, comma-separated host:port (or redis:// URLs)."),
         QStringLiteral("HOSTS")},
        {QStringLiteral("master"),
         QCoreApplication::translate("cli", "The master name the sentinels know."),
         QStringLiteral("NAME")},
        {QStringLiteral("cluster"),
         QCoreApplication::translate(
             "cli", "--redis is a seed node of a Redis Cluster: watch every master.")},
        {QStringLiteral("pattern"),
         QCoreApplication::translate("cli", "Keys to watch (default *lock*)."),
         QStringLiteral("P")},
        {QStringLiteral("count"),
         QCoreApplication::translate(
             "cli", "SCAN COUNT: work per round, fixed (default: from 500, paced so that one "
                    "SCAN costs the server about 0.5 ms)."),
         QStringLiteral("N")},
        {QStringLiteral("max-in-flight"),
         QCoreApplication::translate(
             "cli", "At most this many bytes of reads unanswered at once: shorter passes of "
                    "the server's loop, a slower scan (default: no limit; 8192 is gentle)."),
         QStringLiteral("BYTES")},
        {QStringLiteral("once"),
         QCoreApplication::translate("cli", "One snapshot, then exit (the default).")},
        {QStringLiteral("follow"),
         QCoreApplication::translate("cli", "Follow changes until --duration or Ctrl-C.")},
        {QStringLiteral("duration"),
         QCoreApplication::translate("cli", "How long to follow (default: until Ctrl-C)."),
         QStringLiteral("MS")},
        {QStringLiteral("json"), QCoreApplication::translate("cli", "Print JSON Lines.")},
        {QStringLiteral("record"),
         QCoreApplication::translate(
             "cli", "Write the history to FILE (JSON Lines, the event log format)."),
         QStringLiteral("FILE")},
        {QStringLiteral("interval"),
         QCoreApplication::translate(
             "cli", "Re-read known keys this often without notifications (default 1000)."),
         QStringLiteral("MS")},
        {QStringLiteral("no-notifications"),
         QCoreApplication::translate(
             "cli", "Re-read periodically even if the server notifies keyspace events.")},
        {QStringLiteral("allow-writes"),
         QCoreApplication::translate("cli",
                                     "Let the connection send write commands (off by default).")},
        {QStringLiteral("enable-notifications"),
         QCoreApplication::translate(
             "cli", "Turn keyspace notifications on (CONFIG SET notify-keyspace-events); "
                    "needs --allow-writes.")},
        {QStringLiteral("timeout"),
         QCoreApplication::translate("cli", "Connect and request timeout in ms (default 3000)."),
         QStringLiteral("MS")},
        {QStringLiteral("max-ttl"),
         QCoreApplication::translate("cli", "Anomaly: a TTL above this (default 300000)."),
         QStringLiteral("MS")},
        {QStringLiteral("max-held"),
         QCoreApplication::translate(
             "cli", "Anomaly: held by one owner longer than this (default 60000)."),
         QStringLiteral("MS")},
        {QStringLiteral("max-owner-changes"),
         QCoreApplication::translate(
             "cli", "Anomaly: more owner changes per minute than this (default 60)."),
         QStringLiteral("N")},
        {QStringLiteral("queue-stuck"),
         QCoreApplication::translate(
             "cli", "Anomaly: a fair-lock queue head unchanged longer than this (default "
                    "30000)."),
         QStringLiteral("MS")},
        {QStringLiteral("max-locks-per-owner"),
         QCoreApplication::translate(
             "cli", "Anomaly: one owner holding more locks than this (default 20)."),
         QStringLiteral("N")},
    };
    p.addOptions(options);
    addConnectionFlags(p);
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;

    const bool once = p.isSet(QStringLiteral("once"));
    const bool follow = p.isSet(QStringLiteral("follow"));
    const bool json = p.isSet(QStringLiteral("json"));
    if (once && follow)
        return fail(QCoreApplication::translate("cli", "--once and --follow exclude each other"));
    if (p.isSet(QStringLiteral("enable-notifications")) && !p.isSet(QStringLiteral("allow-writes")))
        return fail(QCoreApplication::translate(
            "cli", "--enable-notifications changes the server's configuration (CONFIG SET "
                   "notify-keyspace-events): add --allow-writes to allow this write"));
    if (p.isSet(QStringLiteral("record")) && !follow)
        return fail(QCoreApplication::translate(
            "cli", "--record records changes over time: use it with --follow"));
    if (p.isSet(QStringLiteral("duration")) && !follow)
        return fail(QCoreApplication::translate("cli", "--duration is for --follow"));

    MonitorOptions o;
    QString error;
    const bool sentinel = p.isSet(QStringLiteral("sentinel"));
    if (sentinel) {
        if (!p.isSet(QStringLiteral("master")))
            return fail(QCoreApplication::translate("cli", "--sentinel needs --master NAME"));
        if (!parseServerList(p.value(QStringLiteral("sentinel")), QStringLiteral("sentinel"),
                             &o.sentinels, &error))
            return fail(error);
        o.masterName = p.value(QStringLiteral("master"));
        if (p.isSet(QStringLiteral("cluster")))
            return fail(
                QCoreApplication::translate("cli", "--cluster and --sentinel exclude each other"));
    } else if (p.isSet(QStringLiteral("master"))) {
        return fail(QCoreApplication::translate("cli", "--master is for --sentinel"));
    } else if (p.isSet(QStringLiteral("cluster")) && !p.isSet(QStringLiteral("redis"))) {
        return fail(QCoreApplication::translate(
            "cli", "--cluster needs --redis URL of a seed node (any node of the "
                   "cluster)"));
    } else if (!p.isSet(QStringLiteral("redis"))) {
        return fail(QCoreApplication::translate(
            "cli", "monitor needs --redis URL (or --sentinel HOSTS --master "
                   "NAME)"));
    }
    // Several servers (--redis a,b,c or --redis repeated): a Redlock deployment's nodes.
    const QStringList redisValues = p.values(QStringLiteral("redis"));
    const bool severalServers =
        redisValues.size() > 1 || redisValues.value(0).contains(QLatin1Char(','));
    if (severalServers) {
        if (sentinel || p.isSet(QStringLiteral("cluster")))
            return fail(QCoreApplication::translate(
                "cli", "several --redis servers are a Redlock deployment's nodes; --cluster and "
                       "--sentinel take one address"));
        for (const QString &value : redisValues) {
            if (!parseServerList(value, QStringLiteral("redis"), &o.nodes, &error))
                return fail(error);
        }
        if (o.nodes.size() < 2)
            return fail(QCoreApplication::translate(
                "cli", "--redis lists one server; a Redlock deployment has two or more"));
        QSet<QString> seen;
        for (const ConnectionOptions &n : std::as_const(o.nodes)) {
            if (seen.contains(n.displayName()))
                return fail(QCoreApplication::translate("cli", "--redis names %1 twice")
                                .arg(n.displayName()));
            seen.insert(n.displayName());
        }
        o.connection = o.nodes.first();
    } else if (p.isSet(QStringLiteral("redis")) &&
               !ConnectionOptions::fromUrl(p.value(QStringLiteral("redis")), &o.connection,
                                           &error)) {
        return fail(error);
    }
    QList<ConnectionOptions *> sentinels;
    for (ConnectionOptions &s : o.sentinels)
        sentinels << &s;
    QList<ConnectionOptions *> servers;
    if (severalServers) {
        for (ConnectionOptions &n : o.nodes)
            servers << &n;
    } else {
        servers << &o.connection;
    }
    if (!applyConnectionFlags(p, servers, sentinels, &error))
        return fail(error);
    if (severalServers)
        o.connection = o.nodes.first();
    o.connection.readOnly = !p.isSet(QStringLiteral("allow-writes"));
    for (ConnectionOptions &n : o.nodes)
        n.readOnly = o.connection.readOnly;
    o.cluster = p.isSet(QStringLiteral("cluster"));

    qint64 count = o.scanCount, interval = o.rereadIntervalMs, timeout = 3000, duration = 0,
           maxTtl = o.thresholds.maxTtlMs, maxHeld = o.thresholds.maxHeldMs,
           maxChanges = o.thresholds.maxOwnerChangesPerMinute,
           queueStuck = o.thresholds.queueStuckMs, maxLocks = o.thresholds.maxLocksPerOwner,
           maxInFlight = o.maxBytesInFlight;
    if (!numberOption(p, QStringLiteral("count"), 1, &count, &error) ||
        !numberOption(p, QStringLiteral("max-in-flight"), 0, &maxInFlight, &error) ||
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
        return fail(QCoreApplication::translate("cli", "--count must be at most 100000, got %1")
                        .arg(count));
    if (p.isSet(QStringLiteral("pattern"))) {
        o.pattern = p.value(QStringLiteral("pattern")).toUtf8();
        if (o.pattern.isEmpty())
            return fail(QCoreApplication::translate("cli", "--pattern must not be empty"));
    }
    o.scanCount = int(count);
    o.maxBytesInFlight = maxInFlight;
    o.scanPacing.on = !p.isSet(QStringLiteral("count")); // a COUNT the user chose is kept
    o.rereadIntervalMs = interval;
    o.connection.connectTimeoutMs = timeout;
    o.connection.requestTimeoutMs = timeout;
    for (ConnectionOptions &n : o.nodes) {
        n.connectTimeoutMs = timeout;
        n.requestTimeoutMs = timeout;
    }
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
    // Events go to stdout and the recording as they happen (sinks): none is kept in memory, so
    // a run of days stays as small as a run of minutes.
    o.keepLog = false;

    const QString recordPath = p.value(QStringLiteral("record"));
    KeyMonitor monitor(o);
    RecordingWriter recording(monitor.log());
    if (!recordPath.isEmpty() && !recording.open(recordPath, &error))
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
            // Written a megabyte at a time: a line per fwrite cost a write() per 4 KiB of
            // stdio's buffer, ten thousand for a snapshot of 100,000 keys.
            QByteArray chunk;
            chunk.reserve(1 << 20);
            // A Redlock deployment: each key's line also says who holds it on which node.
            std::map<QByteArray, QJsonObject> quorum;
            for (const KeyQuorum &q : monitor.quorums(now))
                quorum.emplace(q.key, q.toJson(monitor.quorumNodes()));
            for (const KeyEntry *e : monitor.entries()) {
                const auto it = quorum.find(e->key);
                if (it == quorum.end()) {
                    chunk += e->toJsonLine(now);
                } else {
                    QJsonObject line = QJsonDocument::fromJson(e->toJsonLine(now)).object();
                    line.insert(QStringLiteral("quorum"), it->second);
                    chunk += QJsonDocument(line).toJson(QJsonDocument::Compact);
                }
                chunk += '\n';
                if (chunk.size() >= (1 << 20)) {
                    std::fwrite(chunk.constData(), 1, size_t(chunk.size()), stdout);
                    chunk.clear();
                }
            }
            std::fwrite(chunk.constData(), 1, size_t(chunk.size()), stdout);
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
    // The recording is appended to as events come and handed to the system every second, so
    // an abrupt end (even SIGKILL) loses at most the last second.
    QTimer checkpoint;
    if (recording.isOpen()) {
        monitor.addSink(&recording);
        QObject::connect(&checkpoint, &QTimer::timeout, &monitor, [&] { recording.flush(); });
        checkpoint.start(1000);
    }
    g_interrupted.store(false);
    const auto previousInt = std::signal(SIGINT, onInterrupt);
    const auto previousTerm = std::signal(SIGTERM, onInterrupt);
    const bool ok = runFollow(
        monitor, duration, [] { return g_interrupted.load(); }, &error);
    std::signal(SIGINT, previousInt);
    std::signal(SIGTERM, previousTerm);
    checkpoint.stop();
    const bool recorded = !recording.isOpen() || recording.flush();
    if (!ok)
        return fail(error);
    if (!recorded)
        return fail(recording.errorString());
    return 0;
}

int replay(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate(
        "cli", "Print a recorded history (lockscope-cli monitor --follow --record FILE, or the "
               "--events FILE of simulate and bench) and what the checker finds in it."));
    p.addOptions({
        {QStringLiteral("json"),
         QCoreApplication::translate("cli",
                                     "Print the events as JSON Lines, then one summary object.")},
        {QStringLiteral("summary"), QCoreApplication::translate("cli", "Only the summary.")},
        {QStringLiteral("key"), QCoreApplication::translate("cli", "Only events of this key."),
         QStringLiteral("KEY")},
    });
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QCoreApplication::translate("cli", "The recording."));
    p.addHelpOption();
    if (!p.parse(args))
        return fail(p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        out(commandHelpText(p, args));
        return 0;
    }
    const QStringList files = p.positionalArguments();
    if (files.size() != 1)
        return fail(files.isEmpty()
                        ? QCoreApplication::translate("cli", "replay needs the FILE of a recording")
                        : QCoreApplication::translate("cli", "replay reads one file, got %1")
                              .arg(files.size()));
    QFile file(files.first());
    if (!file.open(QIODevice::ReadOnly))
        return fail(QCoreApplication::translate("cli", "cannot read %1: %2")
                        .arg(file.fileName(), file.errorString()));
    EventLog recorded;
    QString error, note;
    if (!EventLog::readJsonLines(file, &recorded, &error, &note))
        return fail(QStringLiteral("%1: %2").arg(file.fileName(), error));
    if (!note.isEmpty()) // a recording cut short: what it holds still replays
        std::fprintf(stderr, "lockscope-cli: %s: %s\n", qPrintable(file.fileName()),
                     qPrintable(note));

    const bool json = p.isSet(QStringLiteral("json"));
    // A live run (bench --events) is stamped with the wall clock in microseconds since 1970; a
    // person reads it from the start of the run, as a simulation's log. The JSON stays as
    // recorded.
    const bool liveLog = recorded.info().source == QLatin1String("live");
    const EventLog log = liveLog && !json ? timesFromStart(recorded) : std::move(recorded);
    const bool summaryOnly = p.isSet(QStringLiteral("summary"));
    const bool monitorLog = log.info().source == QLatin1String("monitor");
    const QByteArray onlyKey = p.value(QStringLiteral("key")).toUtf8();
    const quint32 keyId = onlyKey.isEmpty() ? 0 : log.strings().find(onlyKey);
    if (!onlyKey.isEmpty() && keyId == 0)
        return fail(QCoreApplication::translate("cli", "%1 has no event of key \"%2\"")
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
        if (monitorLog) {
            summary.insert(QStringLiteral("monitor"), summarizeMonitorLog(log).toJson());
            summary.insert(QStringLiteral("leases"), analyzeLeases(log).toJson());
        }
        const QByteArray line = QJsonDocument(QJsonObject{{QStringLiteral("summary"), summary}})
                                    .toJson(QJsonDocument::Compact) +
                                '\n';
        std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
        return 0;
    }
    // A blank line between the events and the summary; --summary prints only the summary.
    QString s = summaryOnly ? QString() : QStringLiteral("\n");
    if (monitorLog) {
        QStringList nodes;
        for (const QByteArray &n : log.info().nodes)
            nodes << QString::fromUtf8(n);
        s += QCoreApplication::translate("cli", "monitor recording of %1\n")
                 .arg(nodes.join(QStringLiteral(", ")));
        s += summarizeMonitorLog(log).toText();
        s += analyzeLeases(log).toText();
    } else if (liveLog) {
        QStringList nodes;
        for (const QByteArray &n : log.info().nodes)
            nodes << QString::fromUtf8(n);
        s += QCoreApplication::translate(
                 "cli", "live run (lockscope-cli bench): strategy %1, %2 clients on %3, seed %4, "
                        "%5 events\n")
                 .arg(log.info().strategy)
                 .arg(log.info().clients.size())
                 .arg(nodes.join(QStringLiteral(", ")))
                 .arg(log.info().seed)
                 .arg(log.events().size());
    } else {
        s += QCoreApplication::translate("cli",
                                         "%1 log: scenario %2, strategy %3, seed %4, %5 events\n")
                 .arg(log.info().source, log.info().scenario, log.info().strategy)
                 .arg(log.info().seed)
                 .arg(log.events().size());
    }
    s += checkerText(report, log);
    out(s);
    return 0;
}

} // namespace lockscope::cli
