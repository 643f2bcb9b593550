#include "explain.h"

#include <QCoreApplication>

namespace lockscope {

namespace {
QString name(const EventLog &log, qint16 client)
{
    return QString::fromUtf8(log.clientName(client));
}
QString str(const EventLog &log, quint32 id)
{
    return QString::fromUtf8(log.strings().at(id));
}
QString ttlText(qint64 ms)
{
    return ms < 0 ? QCoreApplication::translate("Explain", "no TTL")
                  : QCoreApplication::translate("Explain", "TTL %1 ms").arg(ms);
}
} // namespace

QString formatTime(qint64 us)
{
    return QCoreApplication::translate("Explain", "%1 s").arg(double(us) / 1e6, 0, 'f', 3);
}

QString describeEvent(const Event &e, const EventLog &log)
{
    const QString who = name(log, e.client);
    const QString key = str(log, e.key);
    const QString node = QString::fromUtf8(log.nodeName(e.node));
    switch (e.kind) {
    case EventKind::AcquireStarted:
        return e.value > 1
                   ? QCoreApplication::translate("Explain",
                                                 "%1 asks for %2 again, while holding it")
                         .arg(who, key)
                   : QCoreApplication::translate("Explain", "%1 tries to acquire %2").arg(who, key);
    case EventKind::Acquired:
        return QCoreApplication::translate("Explain", "%1 acquired %2 after %3 ms")
            .arg(who, key)
            .arg(double(e.value) / 1000.0);
    case EventKind::AcquireGaveUp:
        return QCoreApplication::translate("Explain", "%1 gave up waiting for %2").arg(who, key);
    case EventKind::CriticalEnter:
        return QCoreApplication::translate("Explain", "%1 starts its work on the shared counter")
            .arg(who);
    case EventKind::CriticalExit:
        return QCoreApplication::translate("Explain", "%1 finished its work").arg(who);
    case EventKind::ResourceWrite:
        return QCoreApplication::translate("Explain", "%1 wrote counter = %2")
            .arg(who)
            .arg(e.value);
    case EventKind::StaleRejected:
        return QCoreApplication::translate("Explain",
                                           "the resource refused %1's stale fencing token %2")
            .arg(who)
            .arg(e.value);
    case EventKind::ReleaseStarted:
        return QCoreApplication::translate("Explain", "%1 releases %2").arg(who, key);
    case EventKind::Released:
        return e.value == 1 ? QCoreApplication::translate("Explain", "%1 released %2").arg(who, key)
               : e.value == 0
                   ? QCoreApplication::translate("Explain",
                                                 "%1's release found the lock no longer its own")
                         .arg(who)
                   : QCoreApplication::translate("Explain", "%1's release got no answer").arg(who);
    case EventKind::Renewed:
        return QCoreApplication::translate("Explain", "%1's watchdog renewed %2 (TTL %3 ms)")
            .arg(who, key)
            .arg(e.value);
    case EventKind::RenewFailed:
        return QCoreApplication::translate("Explain", "%1's watchdog found %2 gone").arg(who, key);
    case EventKind::Note:
        return QCoreApplication::translate("Explain", "%1: %2").arg(who, str(log, e.text));
    case EventKind::ClientPaused:
        return QCoreApplication::translate("Explain", "%1 pauses for %2 ms (stop-the-world)")
            .arg(who)
            .arg(e.value);
    case EventKind::ClientResumed:
        return QCoreApplication::translate("Explain", "%1 wakes up").arg(who);
    case EventKind::ClientCrashed:
        return QCoreApplication::translate("Explain", "%1 crashed").arg(who);
    case EventKind::ReplyMissing:
        return QCoreApplication::translate("Explain", "%1 got no reply from %2 (%3)")
            .arg(who, node, str(log, e.text));
    case EventKind::KeyWritten:
        return QCoreApplication::translate("Explain", "%1: %2 = %3 (%4)")
            .arg(node, key, str(log, e.text), ttlText(e.value));
    case EventKind::KeyTtlChanged:
        return QCoreApplication::translate("Explain", "%1: %2 now has %3")
            .arg(node, key, ttlText(e.value));
    case EventKind::KeyDeleted:
        if (e.client < 0)
            return QCoreApplication::translate("Explain", "%1: %2 was lost with the node's data")
                .arg(node, key);
        if (e.owner >= 0 && e.owner != e.client)
            return QCoreApplication::translate("Explain",
                                               "%1: %2 deleted %3 — but it was %4's lock!")
                .arg(node, who, key, name(log, e.owner));
        return QCoreApplication::translate("Explain", "%1: %2 deleted %3").arg(node, who, key);
    case EventKind::KeyExpired:
        return QCoreApplication::translate("Explain", "%1: %2 expired").arg(node, key);
    case EventKind::NodeCrashed:
        return QCoreApplication::translate("Explain", "%1 went down").arg(node);
    case EventKind::NodeRestarted:
        return e.value
                   ? QCoreApplication::translate("Explain", "%1 restarted with its data").arg(node)
                   : QCoreApplication::translate("Explain", "%1 restarted empty (no persistence)")
                         .arg(node);
    case EventKind::NodeFailover:
        return QCoreApplication::translate("Explain", "%1: its replica was promoted").arg(node);
    case EventKind::NodeClockJump:
        return QCoreApplication::translate("Explain", "%1's clock jumped %2 ms")
            .arg(node)
            .arg(e.value);
    case EventKind::Partitioned:
        return QCoreApplication::translate("Explain", "%1 is cut off from %2").arg(who, node);
    case EventKind::Healed:
        return QCoreApplication::translate("Explain", "%1 can reach %2 again").arg(who, node);
    case EventKind::Caption:
        return QCoreApplication::translate("Explain", "» %1").arg(str(log, e.text));
    default:
        return {};
    }
}

QString describeFinding(const Finding &f, const EventLog &log)
{
    const QString key = str(log, f.key);
    const QString t = formatTime(f.timeUs);
    switch (f.kind) {
    case Finding::Kind::Violation:
        return QCoreApplication::translate(
                   "Explain", "Violation: %1 entered the critical section of %2 at %3 while %4 was "
                              "still inside.")
            .arg(name(log, f.client), key, t, name(log, f.other));
    case Finding::Kind::MistakenDeletion:
        return QCoreApplication::translate(
                   "Explain", "Mistaken deletion: at %1 %2 deleted %3 on %4, which held %5's lock.")
            .arg(t, name(log, f.client), key, QString::fromUtf8(log.nodeName(f.node)),
                 name(log, f.other));
    case Finding::Kind::StuckLock:
        return QCoreApplication::translate(
                   "Explain", "Stuck lock: %1 on %2 has no TTL and its owner %3 is gone; nobody "
                              "can ever take it.")
            .arg(key, QString::fromUtf8(log.nodeName(f.node)), name(log, f.client));
    case Finding::Kind::LostUpdate:
        return QCoreApplication::translate(
                   "Explain", "Lost updates: %1 increment(s) of the counter were overwritten by "
                              "overlapping work.")
            .arg(f.value);
    case Finding::Kind::Starvation:
        return QCoreApplication::translate("Explain", "Starvation: %1 never got the lock.")
            .arg(name(log, f.client));
    }
    return {};
}

} // namespace lockscope
