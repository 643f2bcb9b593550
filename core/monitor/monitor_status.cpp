#include "monitor_status.h"

#include "monitor_clock.h"

#include <QDateTime>
#include <QMap>

namespace lockscope::monitor_status {

using Health = KeyMonitor::Health;
using NotifyMode = KeyMonitor::NotifyMode;

namespace {

QString clockText(qint64 us)
{
    return QDateTime::fromMSecsSinceEpoch(us / 1000).toString(QStringLiteral("HH:mm:ss"));
}

// Said alike of one server and of a cluster's masters ("3 cluster masters (...)").
QString scanningSentence(const QString &where, const QByteArray &pattern, quint64 found,
                         quint64 rounds)
{
    return KeyMonitor::tr("scanning %1 for %2: %3 keys matched in %4 SCAN rounds")
        .arg(where, QString::fromUtf8(pattern))
        .arg(found)
        .arg(rounds);
}

QString watchingSentence(qsizetype keys, const QByteArray &pattern, const QString &where)
{
    return KeyMonitor::tr("watching %1 lock keys matching %2 on %3")
        .arg(keys)
        .arg(QString::fromUtf8(pattern), where);
}

} // namespace

QString notifySentence(NotifyMode mode, const NotifyConfig &config, const MonitorOptions &options)
{
    const QString enable = QString::fromUtf8(config.enablingCommand());
    const qint64 every = options.rereadIntervalMs;
    QString text;
    switch (mode) {
    case NotifyMode::On:
        text =
            KeyMonitor::tr("keyspace notifications on (%1)").arg(QString::fromUtf8(config.flags()));
        break;
    case NotifyMode::Partial:
        text =
            KeyMonitor::tr("keyspace notifications partly on (\"%1\", missing %2): "
                           "notifications plus re-reads every %3 ms; to cover everything: %4")
                .arg(QString::fromUtf8(config.flags()), QString::fromUtf8(config.missingClasses()))
                .arg(every)
                .arg(enable);
        break;
    case NotifyMode::Off:
        text = KeyMonitor::tr("keyspace notifications are off on the server: re-reading known "
                              "keys every %1 ms and rescanning for new ones (changes between "
                              "two reads are not seen); to turn them on: %2")
                   .arg(every)
                   .arg(enable);
        break;
    case NotifyMode::Unreadable:
        text = KeyMonitor::tr("cannot tell whether the server notifies keyspace events: "
                              "re-reading every %1 ms")
                   .arg(every);
        break;
    case NotifyMode::NotUsed:
        if (options.follow)
            text = KeyMonitor::tr("keyspace notifications not used: re-reading known keys every "
                                  "%1 ms and rescanning for new ones")
                       .arg(every);
        break;
    case NotifyMode::Unknown:
        break;
    }
    return text.isEmpty() ? text : QStringLiteral("; ") + text;
}

QString nodeSentence(const NodeFacts &f)
{
    QString s;
    switch (f.health) {
    case Health::Idle:
        s = KeyMonitor::tr("not monitoring");
        break;
    case Health::Connecting:
        s = f.hasConnection
                ? KeyMonitor::tr("connecting to %1").arg(f.server)
                : KeyMonitor::tr("asking the sentinels for the master of \"%1\"").arg(f.masterName);
        break;
    case Health::Scanning:
        s = scanningSentence(f.server, f.pattern, f.keysScanned, f.scanRounds);
        break;
    case Health::Watching:
        s = watchingSentence(f.keys, f.pattern, f.server);
        break;
    case Health::Reconnecting:
        s = KeyMonitor::tr("connection to %1 lost at %2 (%3 s ago, %4 attempts): %5; reconnecting")
                .arg(f.server, clockText(f.outageSinceUs))
                .arg((monitorNowUs() - f.outageSinceUs) / 1000000)
                .arg(f.reconnectAttempts)
                .arg(f.lastError);
        break;
    case Health::Failed:
        s = KeyMonitor::tr("stopped: %1").arg(f.lastError);
        break;
    }
    if (f.health == Health::Scanning || f.health == Health::Watching)
        s += f.notify;
    if (!f.problem.isEmpty())
        s += QStringLiteral("; %1").arg(f.problem);
    if (!f.clusterAdvice.isEmpty())
        s += QStringLiteral("; ") + f.clusterAdvice;
    if (f.readFailures > 0)
        s += QStringLiteral("; ") + KeyMonitor::tr("%1 reads failed (last: %2)")
                                        .arg(f.readFailures)
                                        .arg(QString::fromUtf8(displayBytes(f.lastReadError, 200)));
    return s;
}

QString clusterSentence(const ClusterFacts &f)
{
    QStringList names;
    quint64 found = 0, rounds = 0;
    qsizetype keys = 0;
    for (const ShardFacts &shard : f.shards) {
        names.append(shard.name);
        found += shard.keysScanned;
        rounds += shard.scanRounds;
        keys += shard.keys;
    }
    const QString where =
        f.redlock
            ? KeyMonitor::tr("%1 Redlock nodes (%2)").arg(f.shards.size()).arg(names.join(u", "))
            : KeyMonitor::tr("%1 cluster masters (%2)").arg(f.shards.size()).arg(names.join(u", "));
    QString s;
    switch (f.health) {
    case Health::Idle:
        s = KeyMonitor::tr("not monitoring");
        break;
    case Health::Connecting:
        s = f.shards.isEmpty()
                ? KeyMonitor::tr("asking %1 for the masters of the cluster").arg(f.seed)
                : KeyMonitor::tr("connecting to %1").arg(where);
        break;
    case Health::Scanning:
        s = scanningSentence(where, f.pattern, found, rounds);
        break;
    case Health::Watching:
    case Health::Reconnecting:
        s = watchingSentence(keys, f.pattern, where);
        break;
    case Health::Failed:
        return KeyMonitor::tr("stopped: %1").arg(f.lastError);
    }
    // How each master is followed, said once when they all agree.
    QMap<QString, QStringList> byNotify;
    for (const ShardFacts &shard : f.shards) {
        if (shard.health == Health::Scanning || shard.health == Health::Watching)
            byNotify[shard.notify].append(shard.name);
    }
    if (byNotify.size() == 1 && byNotify.first().size() == f.shards.size()) {
        s += byNotify.firstKey();
    } else {
        // "; 127.0.0.1:7000, 127.0.0.1:7001: keyspace notifications on (...)"
        for (auto it = byNotify.cbegin(); it != byNotify.cend(); ++it)
            if (!it.key().isEmpty())
                s += QStringLiteral("; %1: %2").arg(it.value().join(u", "), it.key().mid(2));
    }
    // The masters in trouble, each in its own words.
    for (const ShardFacts &shard : f.shards) {
        if (shard.health == Health::Reconnecting || shard.health == Health::Connecting)
            s += QStringLiteral("; %1").arg(shard.sentence);
        else if (!shard.problem.isEmpty())
            s += QStringLiteral("; %1: %2").arg(shard.name, shard.problem);
    }
    if (!f.problem.isEmpty())
        s += QStringLiteral("; %1").arg(f.problem);
    return s;
}

} // namespace lockscope::monitor_status
