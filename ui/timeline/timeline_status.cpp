#include "timeline_status.h"

#include "common/run_data.h"
#include "sim/explain.h"
#include "timeline_layout.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace lockscope::ui {

// The texts are translated in the timeline widget's context: they were always its own.

namespace {

QString phaseText(ClientState::Phase phase)
{
    switch (phase) {
    case ClientState::Phase::NotStarted:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "not started");
    case ClientState::Phase::Idle:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "idle");
    case ClientState::Phase::Waiting:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "waiting");
    case ClientState::Phase::Holding:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "holds the lock");
    case ClientState::Phase::Releasing:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "releasing");
    case ClientState::Phase::Crashed:
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "crashed");
    }
    return {};
}

template <typename Span> const Span *spanAt(const std::vector<Span> &spans, qint64 t)
{
    auto it = std::upper_bound(spans.begin(), spans.end(), t,
                               [](qint64 time, const Span &s) { return time < s.startUs; });
    if (it == spans.begin())
        return nullptr;
    --it;
    return t < it->endUs || (t == it->endUs && it->startUs == it->endUs) ? &*it : nullptr;
}

} // namespace

QString clientStatusAt(const RunData &run, int clientLane, qint64 t)
{
    const ClientLane &lane = run.clientLanes()[std::size_t(clientLane)];
    // A monitor's "clients" are the owners it saw in the keys' values: it knows what they held,
    // not what they were doing (waiting, working), so only that is said.
    if (run.log().info().source == QLatin1String("monitor")) {
        // A live history ends where it was last built; the play head (now) may be a little
        // past it, where nothing has changed since.
        t = qMin(t, run.endUs());
        int held = 0;
        for (const KeyLane &key : run.keyLanes()) {
            // The span that holds t, its end included: a lock still held when the recording
            // stops ends exactly at the last instant, where the playback usually is.
            auto it =
                std::upper_bound(key.spans.begin(), key.spans.end(), t,
                                 [](qint64 time, const KeySpan &s) { return time < s.startUs; });
            if (it != key.spans.begin() && t <= std::prev(it)->endUs &&
                std::prev(it)->owner == clientLane)
                ++held;
        }
        return held == 0
                   ? QCoreApplication::translate("lockscope::ui::TimelineWidget", "holds nothing")
                   : QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                                 "holds %n lock(s)", nullptr, held);
    }
    if (lane.crashedAtUs >= 0 && t >= lane.crashedAtUs)
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "crashed");
    QStringList parts;
    if (spanAt(lane.critical, t))
        parts << QCoreApplication::translate("lockscope::ui::TimelineWidget", "critical section");
    else if (const PhaseSpan *s = spanAt(lane.phases, t))
        parts << phaseText(s->phase);
    else
        parts << (lane.phases.empty() || t < lane.phases.front().startUs
                      ? phaseText(ClientState::Phase::NotStarted)
                      : phaseText(ClientState::Phase::Idle));
    if (spanAt(lane.paused, t))
        parts << QCoreApplication::translate("lockscope::ui::TimelineWidget", "paused");
    return parts.join(QStringLiteral(" · "));
}

QString keyStatusAt(const RunData &run, int keyLane, qint64 t)
{
    const KeyLane &lane = run.keyLanes()[std::size_t(keyLane)];
    // A monitor's history at or past its end (the present): the state the end left.
    if (run.log().info().source == QLatin1String("monitor") && t >= run.endUs())
        t = run.endUs() - 1;
    const KeySpan *s = spanAt(lane.spans, t);
    if (spanAt(lane.nodeDown, t))
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "node down");
    if (spanAt(lane.unseen, t))
        return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                           "not seen (the monitor's gap)");
    if (!s)
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "free");
    if (s->ttlMs < 0)
        return QCoreApplication::translate("lockscope::ui::TimelineWidget", "no TTL!");
    return QCoreApplication::translate("lockscope::ui::TimelineWidget", "%1 · %2 s left")
        .arg(run.clientName(s->owner))
        .arg(double(s->ttlAt(t)) / 1000.0, 0, 'f', 1);
}

QString describeSpanAt(const RunData &run, const TimelineRow &row, qint64 t)
{
    if (row.kind == TimelineRow::Kind::Client) {
        const ClientLane &lane = run.clientLanes()[std::size_t(row.index)];
        QString text = QCoreApplication::translate("lockscope::ui::TimelineWidget", "%1 at %2: %3")
                           .arg(lane.name, formatTime(t), clientStatusAt(run, row.index, t));
        if (const TimeSpan *s = spanAt(lane.critical, t))
            text += QLatin1Char('\n') +
                    QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                                "in the critical section from %1 to %2")
                        .arg(formatTime(s->startUs), formatTime(s->endUs));
        if (const TimeSpan *s = spanAt(lane.paused, t))
            text += QLatin1Char('\n') + QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                                                    "paused from %1 to %2")
                                            .arg(formatTime(s->startUs), formatTime(s->endUs));
        return text;
    }
    if (row.kind == TimelineRow::Kind::Key) {
        const KeyLane &lane = run.keyLanes()[std::size_t(row.index)];
        const KeySpan *s = spanAt(lane.spans, t);
        if (!s)
            return QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                               "%1 on %2 at %3: not held")
                .arg(lane.keyName, lane.nodeName, formatTime(t));
        QString text = QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                                   "%1 on %2 at %3: %4's lock, value %5")
                           .arg(lane.keyName, lane.nodeName, formatTime(t),
                                run.clientName(s->owner), run.text(s->value));
        if (s->ttlMs < 0)
            text += QLatin1Char('\n') + QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                                                    "no TTL: it never expires");
        else
            text += QLatin1Char('\n') +
                    QCoreApplication::translate("lockscope::ui::TimelineWidget",
                                                "TTL left %1 ms; expires at %2 unless renewed")
                        .arg(s->ttlAt(t))
                        .arg(formatTime(s->startUs + s->ttlMs * 1000));
        return text;
    }
    return {};
}

} // namespace lockscope::ui
