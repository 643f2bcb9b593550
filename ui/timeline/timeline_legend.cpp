#include "timeline_legend.h"

#include <QCoreApplication>

namespace lockscope::ui {

// The words are translated in the timeline's context: they were always its own.

std::vector<LegendItem> legendItems(const RunData &run)
{
    using Swatch = LegendItem::Swatch;
    const bool monitor = run.log().info().source == QLatin1String("monitor");

    // Which marks occur, on any lane.
    const LaneFacts &facts = run.laneFacts();
    const auto &seen = facts.markers;
    const bool nodeDown = facts.nodeDown, unseen = facts.unseen, commands = facts.commands;

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
        if (unseen)
            band(Swatch::Unseen);
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
    for (MarkerKind k :
         {MarkerKind::Deleted, MarkerKind::ReleaseNotHeld, MarkerKind::GaveUp,
          MarkerKind::ResourceWrite, MarkerKind::StaleRejected, MarkerKind::ReplyMissing,
          MarkerKind::DataLost, MarkerKind::NodeDown, MarkerKind::NodeUp, MarkerKind::Failover,
          MarkerKind::ClockJump, MarkerKind::LateRenewal}) {
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
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "acquired");
    case MarkerKind::Released:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "released");
    case MarkerKind::ReleaseNotHeld:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                           "release found the lock gone");
    case MarkerKind::GaveUp:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "gave up waiting");
    case MarkerKind::Crashed:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "crashed");
    case MarkerKind::ResourceWrite:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                           "wrote to the resource");
    case MarkerKind::StaleRejected:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "stale write rejected");
    case MarkerKind::ReplyMissing:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "reply lost");
    case MarkerKind::Expired:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "expired");
    case MarkerKind::Renewed:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "renewed");
    case MarkerKind::Deleted:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "deleted");
    case MarkerKind::MistakenDeletion:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                           "deleted another client's lock");
    case MarkerKind::DataLost:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                           "lost with the node's data");
    case MarkerKind::NodeDown:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "node crashed");
    case MarkerKind::NodeUp:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "node restarted");
    case MarkerKind::Failover:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "failover");
    case MarkerKind::ClockJump:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "node clock jump");
    case MarkerKind::LateRenewal:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "renewed late");
    }
    return {};
}

QString legendText(const LegendItem &item)
{
    using Swatch = LegendItem::Swatch;
    switch (item.swatch) {
    case Swatch::Waiting:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "waiting");
    case Swatch::Holding:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "holds the lock");
    case Swatch::Critical:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "critical section");
    case Swatch::Paused:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "paused");
    case Swatch::Crashed:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "crashed");
    case Swatch::TtlLeft:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "TTL left");
    case Swatch::NoTtl:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "no TTL");
    case Swatch::TwoHolders:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "two holders at once");
    case Swatch::NodeDown:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "node down");
    case Swatch::Unseen:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                           "gap: the monitor could not see");
    case Swatch::Command:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "command sent");
    case Swatch::Caption:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                           "caption (hover to read)");
    case Swatch::Marker:
        return markerName(item.marker);
    }
    return {};
}

} // namespace lockscope::ui
