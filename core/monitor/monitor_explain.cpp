#include "monitor_explain.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QSet>

namespace lockscope {

namespace {

QString str(const EventLog &log, quint32 id)
{
    return QString::fromUtf8(log.strings().at(id));
}

QString who(const EventLog &log, qint16 client)
{
    return client < 0 ? QCoreApplication::translate("MonitorExplain", "(unknown owner)")
                      : QString::fromUtf8(log.clientName(client));
}

QString ttlText(qint64 ms)
{
    return ms < 0 ? QCoreApplication::translate("MonitorExplain", "no TTL")
                  : QCoreApplication::translate("MonitorExplain", "TTL %1 ms").arg(ms);
}

QString at(const EventLog &log, const Event &e)
{
    return log.info().nodes.size() > 1 ? QCoreApplication::translate("MonitorExplain", " on %1")
                                             .arg(QString::fromUtf8(log.nodeName(e.node)))
                                       : QString();
}

} // namespace

QString formatWallTime(qint64 us)
{
    return QDateTime::fromMSecsSinceEpoch(us / 1000).toString(QStringLiteral("HH:mm:ss.zzz"));
}

QString describeMonitorEvent(const Event &e, const EventLog &log)
{
    const QString key = str(log, e.key);
    switch (e.kind) {
    case EventKind::KeyWritten:
        if (e.owner >= 0)
            return QCoreApplication::translate("MonitorExplain", "%1 holds %2%3 (%4): %5")
                .arg(who(log, e.owner), key, at(log, e), ttlText(e.value), str(log, e.text));
        return QCoreApplication::translate("MonitorExplain", "%1%2 = %3 (%4)")
            .arg(key, at(log, e), str(log, e.text), ttlText(e.value));
    case EventKind::KeyTtlChanged:
        return QCoreApplication::translate("MonitorExplain", "%1%2 now has %3")
            .arg(key, at(log, e), ttlText(e.value));
    case EventKind::Renewed:
        return QCoreApplication::translate("MonitorExplain", "%1 renewed %2 (TTL %3 ms)")
            .arg(who(log, e.client), key)
            .arg(e.value);
    case EventKind::KeyDeleted:
        if (e.value == kLostWithRestart || e.value == kLostWithFailover) {
            const QString how =
                e.value == kLostWithRestart
                    ? QCoreApplication::translate("MonitorExplain", "lost with the restart")
                    : QCoreApplication::translate("MonitorExplain", "lost with the failover");
            return e.owner >= 0
                       ? QCoreApplication::translate("MonitorExplain",
                                                     "%1%2 %3: %4 held it and nobody released it")
                             .arg(key, at(log, e), how, who(log, e.owner))
                       : QCoreApplication::translate("MonitorExplain", "%1%2 %3")
                             .arg(key, at(log, e), how);
        }
        return e.owner >= 0
                   ? QCoreApplication::translate("MonitorExplain", "%1%2 deleted: %3 released it")
                         .arg(key, at(log, e), who(log, e.owner))
                   : QCoreApplication::translate("MonitorExplain", "%1%2 deleted")
                         .arg(key, at(log, e));
    case EventKind::KeyExpired:
        return e.owner >= 0
                   ? QCoreApplication::translate("MonitorExplain", "%1%2 expired while %3 held it")
                         .arg(key, at(log, e), who(log, e.owner))
                   : QCoreApplication::translate("MonitorExplain", "%1%2 expired")
                         .arg(key, at(log, e));
    case EventKind::Note:
        // "took over ..." reads after the new owner's name; an anomaly stands on its own.
        return e.client >= 0 && !log.strings().at(e.text).startsWith("anomaly ")
                   ? QCoreApplication::translate("MonitorExplain", "%1 %2")
                         .arg(who(log, e.client), str(log, e.text))
                   : str(log, e.text);
    case EventKind::FaultNote:
        return QCoreApplication::translate("MonitorExplain", "[%1] %2")
            .arg(QString::fromUtf8(log.nodeName(e.node)), str(log, e.text));
    case EventKind::NodeFailover:
        return QCoreApplication::translate("MonitorExplain",
                                           "%1 is no longer the master (failover)")
            .arg(QString::fromUtf8(log.nodeName(e.node)));
    case EventKind::NodeRestarted:
        // The gap's end (or a fault note) right after it says so, and how.
        return {};
    case EventKind::GapStarted:
        return QCoreApplication::translate("MonitorExplain", "[%1] gap starts: %2")
            .arg(QString::fromUtf8(log.nodeName(e.node)), str(log, e.text));
    case EventKind::GapEnded:
        return QCoreApplication::translate("MonitorExplain", "[%1] gap of %2 s ends: %3")
            .arg(QString::fromUtf8(log.nodeName(e.node)))
            .arg(double(e.value) / 1000.0, 0, 'f', 1)
            .arg(str(log, e.text));
    case EventKind::NodeCrashed:
        return QCoreApplication::translate("MonitorExplain", "%1 went down")
            .arg(QString::fromUtf8(log.nodeName(e.node)));
    default:
        return {}; // Acquired, Released: the key events above say it already
    }
}

MonitorSummary summarizeMonitorLog(const EventLog &log)
{
    MonitorSummary s;
    QSet<quint32> keys;
    QHash<quint32, qint16> ownerOf;
    const auto &events = log.events();
    s.events = qint64(events.size());
    if (!events.empty()) {
        s.firstUs = events.front().timeUs;
        s.lastUs = events.back().timeUs;
    }
    for (const Event &e : events) {
        if (e.key)
            keys.insert(e.key);
        switch (e.kind) {
        case EventKind::Acquired:
            ++s.acquisitions;
            break;
        case EventKind::Note: {
            const QByteArray &text = log.strings().at(e.text);
            if (text.startsWith("took over "))
                ++s.takeOvers;
            else if (text.startsWith("anomaly "))
                ++s.anomalies;
            break;
        }
        case EventKind::KeyWritten: {
            const auto it = ownerOf.constFind(e.key);
            if (e.owner < 0 && log.strings().at(e.text).startsWith("(changed again"))
                ++s.unread;
            else if (it != ownerOf.cend() && e.owner >= 0 && it.value() == e.owner)
                ++s.holdCountChanges;
            ownerOf[e.key] = e.owner;
            break;
        }
        case EventKind::KeyDeleted:
            ++s.deletions;
            if (e.value == kLostWithRestart || e.value == kLostWithFailover)
                ++s.lost;
            else if (e.owner >= 0)
                ++s.releases;
            ownerOf.remove(e.key);
            break;
        case EventKind::KeyExpired:
            ++s.expiries;
            ownerOf.remove(e.key);
            break;
        case EventKind::Renewed:
            ++s.renewals;
            break;
        case EventKind::FaultNote:
        case EventKind::NodeRestarted:
            ++s.faults;
            break;
        case EventKind::NodeFailover:
            ++s.faults;
            ++s.failovers;
            break;
        case EventKind::GapStarted:
            ++s.faults;
            ++s.gaps;
            break;
        case EventKind::GapEnded:
            s.gapMs += e.value;
            break;
        default:
            break;
        }
    }
    s.keys = keys.size();
    s.owners = log.info().clients.size();
    return s;
}

QJsonObject MonitorSummary::toJson() const
{
    return QJsonObject{
        {QStringLiteral("events"), events},
        {QStringLiteral("keys"), keys},
        {QStringLiteral("owners"), owners},
        {QStringLiteral("acquisitions"), acquisitions},
        {QStringLiteral("take_overs"), takeOvers},
        {QStringLiteral("releases"), releases},
        {QStringLiteral("deletions"), deletions},
        {QStringLiteral("expiries"), expiries},
        {QStringLiteral("renewals"), renewals},
        {QStringLiteral("hold_count_changes"), holdCountChanges},
        {QStringLiteral("unread_values"), unread},
        {QStringLiteral("anomalies"), anomalies},
        {QStringLiteral("faults"), faults},
        {QStringLiteral("failovers"), failovers},
        {QStringLiteral("lost"), lost},
        {QStringLiteral("gaps"), gaps},
        {QStringLiteral("gap_ms"), gapMs},
        {QStringLiteral("duration_ms"), (lastUs - firstUs) / 1000},
    };
}

QString MonitorSummary::toText() const
{
    QString t;
    t += QCoreApplication::translate("MonitorSummary",
                                     "recording  %1 events over %2 s, %3 keys, %4 owners\n")
             .arg(events)
             .arg(double(lastUs - firstUs) / 1e6, 0, 'g', 6)
             .arg(keys)
             .arg(owners);
    t += QCoreApplication::translate("MonitorSummary", "  acquisitions   %1  (taken over %2)\n")
             .arg(acquisitions)
             .arg(takeOvers);
    t += QCoreApplication::translate("MonitorSummary", "  releases       %1  (deletions %2)\n")
             .arg(releases)
             .arg(deletions);
    if (lost)
        t += QCoreApplication::translate(
                 "MonitorSummary", "  lost with a restart or failover  %1  (nobody released them)\n")
                 .arg(lost);
    t += QCoreApplication::translate("MonitorSummary", "  expiries       %1\n").arg(expiries);
    t += QCoreApplication::translate("MonitorSummary", "  renewals       %1\n").arg(renewals);
    t += QCoreApplication::translate("MonitorSummary", "  hold count or value changes  %1\n")
             .arg(holdCountChanges);
    if (unread)
        t += QCoreApplication::translate("MonitorSummary",
                                         "  values not seen (changed again before a read)  %1\n")
                 .arg(unread);
    t += QCoreApplication::translate("MonitorSummary", "  anomalies      %1\n").arg(anomalies);
    t += QCoreApplication::translate(
             "MonitorSummary", "  connection faults, restarts, failovers  %1  (failovers %2)\n")
             .arg(faults)
             .arg(failovers);
    if (gaps)
        t += QCoreApplication::translate("MonitorSummary",
                                         "  gaps (the monitor could not see)  %1  (%2 s in all)\n")
                 .arg(gaps)
                 .arg(double(gapMs) / 1000.0, 0, 'f', 1);
    return t;
}

} // namespace lockscope
