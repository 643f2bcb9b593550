// The timeline's rows from top to bottom (a header, the client lanes, a header, the key lanes),
// their heights and the width of the label column. A pure function of the run, the font and the
// room the viewport gives, so it is unit-tested without a widget (tests/ui/test_timeline_layout);
// the painter draws from it and the widget hit-tests with it.
#pragma once

#include "timeline_mapping.h"

#include <QCoreApplication>
#include <QFont>
#include <QString>

#include <cstddef>
#include <utility>

namespace lockscope::ui {

class RunData;

struct TimelineRow {
    enum class Kind { Header, Client, Key } kind = Kind::Header;
    int index = 0; // client or key lane index; a header: 0 above the clients, 1 above the keys
    int y = 0;     // in content coordinates (0: top of the first lane)
    int h = 0;
    bool operator==(const TimelineRow &) const = default;
};

struct TimelineMetrics {
    // Room right of the lanes, so that the last tick's label and the play head are not cut.
    static constexpr int kRightPad = 12;
    int axisHeight = 0;
    int laneHeight = 0;
    int headerHeight = 0;
    int labelWidth = 0;
    int legendHeight = 0;
};

class TimelineLayout {
    // The texts (headers, the widths measured) were always the timeline widget's; they keep its
    // translation context.
    Q_DECLARE_TR_FUNCTIONS(lockscope::ui::TimelineWidget)
public:
    TimelineLayout() = default;
    // `run` may be null (nothing to show yet). Lanes grow into `viewportHeight` when they are few;
    // `legendHeight` is what the legend under the lanes takes of it.
    TimelineLayout(const RunData *run, const QFont &font, int viewportHeight, int legendHeight);

    // The rows, top to bottom. They are not stored: they are at most two blocks (the clients'
    // and the keys'), each a header and lanes of one height, so every lookup is arithmetic. A
    // monitor's history of a million keys has 400,000 rows, and storing them made every new
    // build of that history hold the window's thread 13-20 ms (10 MB allocated and touched).
    std::size_t rowCount() const { return std::size_t(m_rowCount); }
    TimelineRow row(std::size_t index) const;
    // A header row's title (index 0: above the clients, 1: above the keys). Lanes are named by
    // the painter, from the run: a monitor's history has 200,000 of them, and a name in each
    // row made a layout take 35 ms.
    const QString &headerTitle(int index) const { return m_headerTitles[index == 0 ? 0 : 1]; }
    const TimelineMetrics &metrics() const { return m_metrics; }
    int contentHeight() const { return m_contentHeight; }   // every row, without axis and legend
    int viewportHeight() const { return m_viewportHeight; } // the height it was laid out for
    // The time range [startUs, endUs] across the lanes of a picture `width` px wide (right of the
    // label column).
    TimeLineMapping mapping(qint64 startUs, qint64 endUs, int width) const;

    // Row indices (0 .. rowCount() - 1), -1 when there is none.
    int rowAt(int contentY) const;
    // The rows that reach into [top, bottom] (content coordinates), as indices [first, last).
    std::pair<std::size_t, std::size_t> rowsBetween(int top, int bottom) const;
    int rowOfClient(qint16 client) const;
    int rowOfKeyLane(int keyLane) const;
    // The row an event's mark is drawn in (the run this layout was made for).
    int rowOfEvent(const RunData &run, qint64 event) const;

private:
    // A header (the clients' always, the keys' when there are keys) and then `lanes` lanes.
    struct Block {
        TimelineRow::Kind kind = TimelineRow::Kind::Client; // of its lanes
        bool header = true;
        int lanes = 0;
        int firstRow = 0;
        int y = 0;
        int headerIndex() const { return kind == TimelineRow::Kind::Client ? 0 : 1; }
        int rows() const { return int(header) + lanes; }
    };
    void addBlock(TimelineRow::Kind kind, bool header, int lanes);
    const Block *blockOf(TimelineRow::Kind kind) const;
    int laneTop(const Block &b) const { return b.y + (b.header ? m_metrics.headerHeight : 0); }
    int rowsEndingBefore(int top) const;    // rows with y + h < top
    int rowsStartingAtOrAbove(int y) const; // rows with y <= `y`

    Block m_blocks[2];
    int m_blockCount = 0;
    int m_rowCount = 0;
    QString m_headerTitles[2];
    int m_contentHeight = 0;
    int m_viewportHeight = 0;
    TimelineMetrics m_metrics;
};

} // namespace lockscope::ui
