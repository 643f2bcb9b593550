#include "timeline_legend.h"

#include <QCoreApplication>

#include <array>

namespace lockscope::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("TimelineWidget", text);
}

} // namespace

std::vector<LegendItem> legendItems(const RunData &run)
{
    using Swatch = LegendItem::Swatch;
    const bool monitor = run.log().info().source == QLatin1String("monitor");

    // Which marks occur, on any lane.
    std::array<bool, std::size_t(MarkerKind::ClockJump) + 1> seen{};
    bool nodeDown = false, commands = false;
    for (const ClientLane &lane : run.clientLanes()) {
        for (const Marker &m : lane.markers)
            seen[std::size_t(m.kind)] = true;
        commands = commands || !lane.commands.empty();
    }
    for (const KeyLane &lane : run.keyLanes()) {
        for (const Marker &m : lane.markers)
            seen[std::size_t(m.kind)] = true;
        nodeDown = nodeDown || !lane.nodeDown.empty();
    }

    std::vector<LegendItem> items;
    auto band = [&](Swatch s) { items.push_back({s, MarkerKind::Acquired}); };
    auto mark = [&](MarkerKind k) { items.push_back({Swatch::Marker, k}); };
    if (monitor) {
        // What a recording knows: who held which key, the TTL draining, and the changes seen.
        band(Swatch::Holding);
        band(Swatch::TtlLeft);
        band(Swatch::NoTtl);
        if (nodeDown)
            band(Swatch::NodeDown);
        for (MarkerKind k :
             {MarkerKind::Acquired, MarkerKind::Released, MarkerKind::Expired, MarkerKind::Renewed})
            mark(k);
    } else {
        // The states every simulated run can show, whether or not this one reaches them.
        band(Swatch::Waiting);
        band(Swatch::Holding);
        band(Swatch::Critical);
        band(Swatch::Paused);
        band(Swatch::Crashed);
        band(Swatch::TtlLeft);
        band(Swatch::NoTtl);
        band(Swatch::TwoHolders);
        if (nodeDown)
            band(Swatch::NodeDown);
        if (commands)
            band(Swatch::Command);
        if (!run.captionEvents().empty())
            band(Swatch::Caption);
        for (MarkerKind k : {MarkerKind::Acquired, MarkerKind::Released, MarkerKind::Expired,
                             MarkerKind::Renewed, MarkerKind::MistakenDeletion})
            mark(k);
    }
    // The rarer marks, when this run has them (a crash has its band already).
    for (MarkerKind k : {MarkerKind::Deleted, MarkerKind::ReleaseNotHeld, MarkerKind::GaveUp,
                         MarkerKind::ResourceWrite, MarkerKind::StaleRejected,
                         MarkerKind::ReplyMissing, MarkerKind::DataLost, MarkerKind::NodeDown,
                         MarkerKind::NodeUp, MarkerKind::Failover, MarkerKind::ClockJump}) {
        if (seen[std::size_t(k)])
            mark(k);
    }
    if (monitor && seen[std::size_t(MarkerKind::MistakenDeletion)])
        mark(MarkerKind::MistakenDeletion);
    return items;
}

QString markerName(MarkerKind kind)
{
    switch (kind) {
    case MarkerKind::Acquired:
        return tr("acquired");
    case MarkerKind::Released:
        return tr("released");
    case MarkerKind::ReleaseNotHeld:
        return tr("release found the lock gone");
    case MarkerKind::GaveUp:
        return tr("gave up waiting");
    case MarkerKind::Crashed:
        return tr("crashed");
    case MarkerKind::ResourceWrite:
        return tr("wrote to the resource");
    case MarkerKind::StaleRejected:
        return tr("stale write rejected");
    case MarkerKind::ReplyMissing:
        return tr("reply lost");
    case MarkerKind::Expired:
        return tr("expired");
    case MarkerKind::Renewed:
        return tr("renewed");
    case MarkerKind::Deleted:
        return tr("deleted");
    case MarkerKind::MistakenDeletion:
        return tr("deleted another client's lock");
    case MarkerKind::DataLost:
        return tr("lost with the node's data");
    case MarkerKind::NodeDown:
        return tr("node crashed");
    case MarkerKind::NodeUp:
        return tr("node restarted");
    case MarkerKind::Failover:
        return tr("failover");
    case MarkerKind::ClockJump:
        return tr("node clock jump");
    }
    return {};
}

QString legendText(const LegendItem &item)
{
    using Swatch = LegendItem::Swatch;
    switch (item.swatch) {
    case Swatch::Waiting:
        return tr("waiting");
    case Swatch::Holding:
        return tr("holds the lock");
    case Swatch::Critical:
        return tr("critical section");
    case Swatch::Paused:
        return tr("paused");
    case Swatch::Crashed:
        return tr("crashed");
    case Swatch::TtlLeft:
        return tr("TTL left");
    case Swatch::NoTtl:
        return tr("no TTL");
    case Swatch::TwoHolders:
        return tr("two holders at once");
    case Swatch::NodeDown:
        return tr("node down");
    case Swatch::Command:
        return tr("command sent");
    case Swatch::Caption:
        return tr("caption (hover to read)");
    case Swatch::Marker:
        return markerName(item.marker);
    }
    return {};
}

} // namespace lockscope::ui
