#include "timeline_layout.h"

#include "common/run_data.h"

#include <QFontMetrics>
#include <QHash>

#include <algorithm>

namespace lockscope::ui {

TimelineLayout::TimelineLayout(const RunData *run, const QFont &font, int viewportHeight,
                               int legendHeight)
{
    using Row = TimelineRow;
    m_viewportHeight = viewportHeight;
    const QFontMetrics fm(font);
    QFont bold = font;
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    m_metrics.axisHeight = fm.height() * 2 + 10;
    m_metrics.headerHeight = fm.height() + 10;
    m_metrics.legendHeight = legendHeight;
    // Lanes grow to fill the height when there are few of them (up to 1.8 times), so that a
    // projected timeline of three clients and one key is not a thin strip.
    const int baseLane = fm.height() * 2 + 16;
    m_metrics.laneHeight = baseLane;
    if (run) {
        const int lanes = int(run->clientLanes().size() + run->keyLanes().size());
        const int available = viewportHeight - m_metrics.axisHeight - m_metrics.legendHeight -
                              2 * m_metrics.headerHeight - 4;
        // Many lanes: one line of label each, down to this height, before scrolling.
        const int compactLane = fm.height() + 14;
        if (lanes > 0)
            m_metrics.laneHeight = available / lanes >= baseLane
                                       ? qMin(available / lanes, baseLane * 9 / 5)
                                       : qMax(compactLane, available / lanes);
    }
    int y = 0;
    m_headerTitles[0] = tr("CLIENTS");
    m_headerTitles[1] = tr("LOCK KEYS IN REDIS");
    int labelWidth = bfm.horizontalAdvance(m_headerTitles[1]) + 24;
    auto add = [&](Row::Kind kind, int index, int h) {
        m_rows.push_back({.kind = kind, .index = index, .y = y, .h = h});
        y += h;
    };
    // Measuring text costs microseconds a lane: a monitor's history of 100,000 keys and owners
    // held the event loop for most of a second here. The column has a maximum width and longer
    // labels are elided, so stop measuring once it is reached, and after the first lanes (2,000
    // of each kind still took 10 ms).
    constexpr int kMaxLabelWidth = 300;
    constexpr std::size_t kMeasuredLanes = 300;
    const QString onNode = tr("on %1");
    QHash<QString, int> nodeWidths; // "on redis-1": a few nodes, measured once each
    auto nodeWidth = [&](const QString &node) {
        auto it = nodeWidths.constFind(node);
        if (it == nodeWidths.cend())
            it = nodeWidths.insert(node, fm.horizontalAdvance(onNode.arg(node)));
        return *it;
    };
    auto measure = [&](std::size_t lane) {
        return labelWidth < kMaxLabelWidth && lane < kMeasuredLanes;
    };
    if (run) {
        m_rows.reserve(run->clientLanes().size() + run->keyLanes().size() + 2);
        auto addClients = [&] {
            add(Row::Kind::Header, 0, m_metrics.headerHeight);
            for (std::size_t i = 0; i < run->clientLanes().size(); ++i) {
                const ClientLane &lane = run->clientLanes()[i];
                add(Row::Kind::Client, int(i), m_metrics.laneHeight);
                if (measure(i))
                    labelWidth = qMax(labelWidth, bfm.horizontalAdvance(lane.name) + 40);
            }
        };
        auto addKeys = [&] {
            if (!run->keyLanes().empty())
                add(Row::Kind::Header, 1, m_metrics.headerHeight);
            for (std::size_t i = 0; i < run->keyLanes().size(); ++i) {
                const KeyLane &lane = run->keyLanes()[i];
                add(Row::Kind::Key, int(i), m_metrics.laneHeight);
                // Room for "lock:0 on redis-1" as the label painter writes it, in this language.
                if (measure(i))
                    labelWidth = qMax(labelWidth, bfm.horizontalAdvance(lane.keyName) +
                                                      nodeWidth(lane.nodeName) + 36);
            }
        };
        // The clients' story above the keys they fight over; but with many clients the keys
        // come first, so that they are never scrolled out of sight.
        if (run->clientLanes().size() > 16) {
            addKeys();
            addClients();
        } else {
            addClients();
            addKeys();
        }
    }
    // Room for the status line under a name ("in critical section · paused").
    labelWidth = qMax(labelWidth, fm.horizontalAdvance(tr("critical section · paused")) + 36);
    m_metrics.labelWidth = qMin(labelWidth, kMaxLabelWidth);
    m_contentHeight = y;
    // Client lane i is client i's (run_data.h): its lane is not read, which for 100,000 owners
    // was a cache miss each, 10 ms.
    if (run) {
        m_clientRows.assign(run->clientLanes().size(), -1);
        m_keyRows.assign(run->keyLanes().size(), -1);
    }
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const Row &r = m_rows[i];
        if (r.kind == Row::Kind::Client)
            m_clientRows[std::size_t(r.index)] = int(i);
        else if (r.kind == Row::Kind::Key)
            m_keyRows[std::size_t(r.index)] = int(i);
    }
}

TimeLineMapping TimelineLayout::mapping(qint64 startUs, qint64 endUs, int width) const
{
    TimeLineMapping m;
    m.startUs = startUs;
    m.endUs = qMax(startUs + 1, endUs);
    m.left = m_metrics.labelWidth;
    m.width = qMax(1, width - m_metrics.labelWidth - TimelineMetrics::kRightPad);
    return m;
}

// Rows stack from y = 0 down without gaps, so their ends grow with their index.
int TimelineLayout::rowAt(int contentY) const
{
    const auto it = std::partition_point(
        m_rows.begin(), m_rows.end(), [&](const TimelineRow &r) { return r.y + r.h <= contentY; });
    return it != m_rows.end() && contentY >= it->y ? int(it - m_rows.begin()) : -1;
}

std::pair<std::size_t, std::size_t> TimelineLayout::rowsBetween(int top, int bottom) const
{
    const auto first = std::partition_point(m_rows.begin(), m_rows.end(),
                                            [&](const TimelineRow &r) { return r.y + r.h < top; });
    const auto last = std::partition_point(first, m_rows.end(),
                                           [&](const TimelineRow &r) { return r.y <= bottom; });
    return {std::size_t(first - m_rows.begin()), std::size_t(last - m_rows.begin())};
}

int TimelineLayout::rowOfClient(qint16 client) const
{
    return client >= 0 && std::size_t(client) < m_clientRows.size()
               ? m_clientRows[std::size_t(client)]
               : -1;
}

int TimelineLayout::rowOfKeyLane(int keyLane) const
{
    return keyLane >= 0 && std::size_t(keyLane) < m_keyRows.size() ? m_keyRows[std::size_t(keyLane)]
                                                                   : -1;
}

int TimelineLayout::rowOfEvent(const RunData &run, qint64 event) const
{
    if (event < 0 || std::size_t(event) >= run.log().events().size())
        return -1;
    const Event &e = run.event(quint32(event));
    switch (e.kind) {
    case EventKind::KeyWritten:
    case EventKind::KeyTtlChanged:
    case EventKind::KeyDeleted:
    case EventKind::KeyExpired:
        return rowOfKeyLane(run.keyLaneOf(e.key, e.node));
    case EventKind::NodeCrashed:
    case EventKind::NodeRestarted:
    case EventKind::NodeFailover:
    case EventKind::NodeClockJump:
        for (std::size_t i = 0; i < run.keyLanes().size(); ++i) {
            if (run.keyLanes()[i].node == e.node)
                return rowOfKeyLane(int(i));
        }
        return -1;
    default:
        return e.client >= 0 ? rowOfClient(e.client) : -1;
    }
}

} // namespace lockscope::ui
