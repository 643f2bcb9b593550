#include "timeline_layout.h"

#include "common/run_data.h"

#include <QFontMetrics>
#include <QHash>

namespace lockscope::ui {

TimelineLayout::TimelineLayout(const RunData *run, const QFont &font, int viewportHeight,
                               int legendHeight)
{
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
    m_headerTitles[0] = tr("CLIENTS");
    m_headerTitles[1] = tr("LOCK KEYS IN REDIS");
    int labelWidth = bfm.horizontalAdvance(m_headerTitles[1]) + 24;
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
    if (run) {
        const std::size_t clients = run->clientLanes().size();
        const std::size_t keys = run->keyLanes().size();
        for (std::size_t i = 0; i < clients && i < kMeasuredLanes && labelWidth < kMaxLabelWidth;
             ++i)
            labelWidth = qMax(labelWidth, bfm.horizontalAdvance(run->clientLanes()[i].name) + 40);
        // Room for "lock:0 on redis-1" as the label painter writes it, in this language.
        for (std::size_t i = 0; i < keys && i < kMeasuredLanes && labelWidth < kMaxLabelWidth;
             ++i) {
            const KeyLane &lane = run->keyLanes()[i];
            labelWidth = qMax(labelWidth,
                              bfm.horizontalAdvance(lane.keyName) + nodeWidth(lane.nodeName) + 36);
        }
        // The clients' story above the keys they fight over; but with many clients the keys
        // come first, so that they are never scrolled out of sight.
        const auto addClients = [&] { addBlock(TimelineRow::Kind::Client, true, int(clients)); };
        const auto addKeys = [&] { addBlock(TimelineRow::Kind::Key, keys > 0, int(keys)); };
        if (clients > 16) {
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
}

void TimelineLayout::addBlock(TimelineRow::Kind kind, bool header, int lanes)
{
    Block &b = m_blocks[m_blockCount++];
    b.kind = kind;
    b.header = header;
    b.lanes = lanes;
    b.firstRow = m_rowCount;
    b.y = m_contentHeight;
    m_rowCount += b.rows();
    m_contentHeight = laneTop(b) + lanes * m_metrics.laneHeight;
}

const TimelineLayout::Block *TimelineLayout::blockOf(TimelineRow::Kind kind) const
{
    for (int i = 0; i < m_blockCount; ++i)
        if (m_blocks[i].kind == kind)
            return &m_blocks[i];
    return nullptr;
}

TimelineRow TimelineLayout::row(std::size_t index) const
{
    for (int i = 0; i < m_blockCount; ++i) {
        const Block &b = m_blocks[i];
        const int r = int(index) - b.firstRow;
        if (r < 0 || r >= b.rows())
            continue;
        if (b.header && r == 0)
            return {.kind = TimelineRow::Kind::Header,
                    .index = b.headerIndex(),
                    .y = b.y,
                    .h = m_metrics.headerHeight};
        const int lane = r - int(b.header);
        return {.kind = b.kind,
                .index = lane,
                .y = laneTop(b) + lane * m_metrics.laneHeight,
                .h = m_metrics.laneHeight};
    }
    return {};
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

// Rows stack from y = 0 down without gaps, so their ends grow with their index: the rows that
// end above a line, or start above one, are the first so many.
int TimelineLayout::rowsEndingBefore(int top) const
{
    int n = 0;
    for (int i = 0; i < m_blockCount; ++i) {
        const Block &b = m_blocks[i];
        if (b.header && b.y + m_metrics.headerHeight < top)
            ++n;
        // Lane j ends at laneTop + (j + 1) * laneHeight.
        const int room = top - laneTop(b);
        if (room > 0)
            n += qMin(b.lanes, (room - 1) / m_metrics.laneHeight);
    }
    return n;
}

int TimelineLayout::rowsStartingAtOrAbove(int y) const
{
    int n = 0;
    for (int i = 0; i < m_blockCount; ++i) {
        const Block &b = m_blocks[i];
        if (b.header && b.y <= y)
            ++n;
        // Lane j starts at laneTop + j * laneHeight.
        const int room = y - laneTop(b);
        if (room >= 0)
            n += qMin(b.lanes, room / m_metrics.laneHeight + 1);
    }
    return n;
}

int TimelineLayout::rowAt(int contentY) const
{
    if (contentY < 0 || contentY >= m_contentHeight)
        return -1;
    return rowsStartingAtOrAbove(contentY) - 1;
}

std::pair<std::size_t, std::size_t> TimelineLayout::rowsBetween(int top, int bottom) const
{
    const int first = rowsEndingBefore(top);
    const int last = qMax(first, rowsStartingAtOrAbove(bottom));
    return {std::size_t(first), std::size_t(last)};
}

int TimelineLayout::rowOfClient(qint16 client) const
{
    // Client lane i is client i's (run_data.h).
    const Block *b = blockOf(TimelineRow::Kind::Client);
    return b && client >= 0 && client < b->lanes ? b->firstRow + int(b->header) + client : -1;
}

int TimelineLayout::rowOfKeyLane(int keyLane) const
{
    const Block *b = blockOf(TimelineRow::Kind::Key);
    return b && keyLane >= 0 && keyLane < b->lanes ? b->firstRow + int(b->header) + keyLane : -1;
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
