#include "explore_faults.h"

#include <QCoreApplication>

#include <cstring>

namespace lockscope {

namespace {

struct KindInfo {
    ExploreFault fault;
    const char *id;
    const char *label; // translated in context "Explore"
};

// Ids are stable (CLI, JSON, scenario titles); labels say what the fault does at any TTL.
const KindInfo kKinds[] = {
    {ExploreFault::PauseShort, "pause-short",
     QT_TRANSLATE_NOOP("Explore", "client pause shorter than the TTL")},
    {ExploreFault::PauseLong, "pause-long",
     QT_TRANSLATE_NOOP("Explore", "client pause longer than the TTL")},
    {ExploreFault::Crash, "crash", QT_TRANSLATE_NOOP("Explore", "client crash")},
    {ExploreFault::LoseReply, "lose-reply", QT_TRANSLATE_NOOP("Explore", "lost reply")},
    {ExploreFault::DelayReply, "delay-reply",
     QT_TRANSLATE_NOOP("Explore", "reply delayed past the TTL")},
    {ExploreFault::Reorder, "reorder",
     QT_TRANSLATE_NOOP("Explore", "concurrent requests arrive in the other order")},
    {ExploreFault::NodeCrash, "node-crash",
     QT_TRANSLATE_NOOP("Explore", "node crash (comes back with its data)")},
    {ExploreFault::NodeRestart, "node-restart",
     QT_TRANSLATE_NOOP("Explore", "node restart without persistence")},
    {ExploreFault::Failover, "failover",
     QT_TRANSLATE_NOOP("Explore", "failover losing an unreplicated write")},
    {ExploreFault::ClockJump, "clock-jump", QT_TRANSLATE_NOOP("Explore", "node clock jumps ahead")},
};

const KindInfo &infoOf(ExploreFault fault)
{
    return kKinds[int(fault)];
}

QString ordinal(int n)
{
    switch (n) {
    case 1:
        return QCoreApplication::translate("Explore", "1st");
    case 2:
        return QCoreApplication::translate("Explore", "2nd");
    case 3:
        return QCoreApplication::translate("Explore", "3rd");
    default:
        return QCoreApplication::translate("Explore", "%1th").arg(n);
    }
}

} // namespace

QList<ExploreFault> allExploreFaults()
{
    QList<ExploreFault> all;
    for (const auto &k : kKinds)
        all.append(k.fault);
    return all;
}

QString exploreFaultId(ExploreFault fault)
{
    return QString::fromLatin1(infoOf(fault).id);
}

bool parseExploreFault(const QString &id, ExploreFault *out)
{
    for (const auto &k : kKinds) {
        if (id == QLatin1String(k.id)) {
            *out = k.fault;
            return true;
        }
    }
    return false;
}

QString exploreFaultLabel(ExploreFault fault)
{
    return QCoreApplication::translate("Explore", infoOf(fault).label);
}

bool isNodeFault(ExploreFault fault)
{
    return fault >= ExploreFault::NodeCrash;
}

bool exploreFaultNeedsReplica(ExploreFault fault)
{
    return fault == ExploreFault::Failover;
}

bool exploreFaultFitsPhase(ExploreFault fault, const char *phase)
{
    const bool inFlight = std::strcmp(phase, "sent") == 0;
    if (fault == ExploreFault::LoseReply || fault == ExploreFault::DelayReply)
        return inFlight;
    if (fault == ExploreFault::Reorder)
        return std::strcmp(phase, "before") == 0;
    return true;
}

FaultSpec faultSpecFor(const FaultPlacement &placement, const QList<ClientSpec> &clients,
                       qint64 ttlMs)
{
    FaultSpec f;
    const QString client = clients.value(placement.client).name;
    f.trigger.client = client;
    f.trigger.steps = {QString::fromLatin1(placement.step)};
    // A checkpoint ignores the phase; "after" is what the scenario format spells it as.
    f.trigger.phase =
        placement.phase == "at" ? QStringLiteral("after") : QString::fromLatin1(placement.phase);
    f.trigger.occurrence = placement.occurrence;
    f.node = placement.node;
    const qint64 shortMs = qMax<qint64>(1, ttlMs / 2);
    const qint64 longMs = 2 * ttlMs;
    // A restart or a failover completes at once: the worst case for a lock, since a client
    // that finds the node down gives up on it, and a slower one is the same story with a
    // window that closes sooner.
    const qint64 blinkMs = 0;
    switch (placement.fault) {
    case ExploreFault::PauseShort:
        f.action = FaultSpec::Action::Pause;
        f.client = client;
        f.durationMs = shortMs;
        break;
    case ExploreFault::PauseLong:
        f.action = FaultSpec::Action::Pause;
        f.client = client;
        f.durationMs = longMs;
        break;
    case ExploreFault::Crash:
        f.action = FaultSpec::Action::Crash;
        f.client = client;
        break;
    case ExploreFault::LoseReply:
        f.action = FaultSpec::Action::LoseReply;
        f.client = client;
        break;
    case ExploreFault::DelayReply:
        f.action = FaultSpec::Action::DelayReply;
        f.client = client;
        f.durationMs = longMs;
        break;
    case ExploreFault::Reorder:
        f.action = FaultSpec::Action::DelayRequest;
        f.client = client;
        f.durationMs = placement.holdMs;
        break;
    case ExploreFault::NodeCrash:
        f.action = FaultSpec::Action::NodeCrash;
        f.durationMs = longMs;
        f.persistence = true;
        break;
    case ExploreFault::NodeRestart:
        f.action = FaultSpec::Action::NodeRestart;
        f.durationMs = blinkMs;
        f.persistence = false;
        break;
    case ExploreFault::Failover:
        f.action = FaultSpec::Action::Failover;
        f.durationMs = blinkMs;
        break;
    case ExploreFault::ClockJump:
        f.action = FaultSpec::Action::ClockJump;
        f.jumpMs = longMs;
        break;
    }
    return f;
}

QString describePlacement(const FaultPlacement &placement, const QList<ClientSpec> &clients,
                          qint64 ttlMs)
{
    const QString client = clients.value(placement.client).name;
    const QString step = QString::fromLatin1(placement.step);
    const QString nth = ordinal(placement.occurrence);
    QString where;
    if (placement.phase == "before")
        where = QCoreApplication::translate("Explore", "before %1 sends %2 (%3 time)")
                    .arg(client, step, nth);
    else if (placement.phase == "sent")
        where = QCoreApplication::translate("Explore", "while the reply to %1's %2 is in flight "
                                                       "(%3 time)")
                    .arg(client, step, nth);
    else if (placement.phase == "after")
        where = QCoreApplication::translate("Explore", "after %1 reads the reply to %2 (%3 time)")
                    .arg(client, step, nth);
    else
        where = QCoreApplication::translate("Explore", "when %1 reaches %2 (%3 time)")
                    .arg(client, step, nth);
    const FaultSpec spec = faultSpecFor(placement, clients, ttlMs);
    const QString node = QStringLiteral("redis-%1").arg(placement.node + 1);
    switch (placement.fault) {
    case ExploreFault::PauseShort:
    case ExploreFault::PauseLong:
        return QCoreApplication::translate("Explore", "%1 pauses %2 ms %3")
            .arg(client)
            .arg(spec.durationMs)
            .arg(where);
    case ExploreFault::Crash:
        return QCoreApplication::translate("Explore", "%1 crashes %2").arg(client, where);
    case ExploreFault::LoseReply:
        return QCoreApplication::translate("Explore", "the reply to %1's %2 is lost (%3 time)")
            .arg(client, step, nth);
    case ExploreFault::DelayReply:
        return QCoreApplication::translate("Explore",
                                           "the reply to %1's %2 comes %3 ms late (%4 time)")
            .arg(client, step)
            .arg(spec.durationMs)
            .arg(nth);
    case ExploreFault::Reorder: {
        const QString target =
            placement.node < 0 ? QCoreApplication::translate("Explore", "the resource") : node;
        return QCoreApplication::translate("Explore", "%1's %2 is held back %3 ms, so %4's request "
                                                      "reaches %5 first (%6 time)")
            .arg(client, step)
            .arg(spec.durationMs)
            .arg(clients.value(placement.overtakenBy).name, target, nth);
    }
    case ExploreFault::NodeCrash:
        return QCoreApplication::translate("Explore", "%1 crashes for %2 ms %3")
            .arg(node)
            .arg(spec.durationMs)
            .arg(where);
    case ExploreFault::NodeRestart:
        return QCoreApplication::translate("Explore", "%1 restarts empty %2").arg(node, where);
    case ExploreFault::Failover:
        return QCoreApplication::translate("Explore", "%1 fails over to its replica %2")
            .arg(node, where);
    case ExploreFault::ClockJump:
        return QCoreApplication::translate("Explore", "%1's clock jumps %2 ms ahead %3")
            .arg(node)
            .arg(spec.jumpMs)
            .arg(where);
    }
    return where;
}

} // namespace lockscope
