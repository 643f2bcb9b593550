// Draws a time range of a run into any QPainter: the widget's viewport, a PNG or SVG file of the
// whole timeline, the benchmark's image. The time axis with its caption flags and play head,
// the lanes (LanePainter), the red bands where critical sections overlap, the selection, the veil
// over what has not happened yet, the label column and the legend. It draws what it is given
// (a layout, a mapping, a theme, the view's state) and keeps nothing: the widget owns those.
#pragma once

#include "common/cached_picture.h"
#include "common/theme.h"
#include "timeline_lane_painter.h"
#include "timeline_lane_pictures.h"
#include "timeline_layout.h"
#include "timeline_legend.h"
#include "timeline_mapping.h"

#include <QCoreApplication>
#include <QFont>
#include <QSize>
#include <QString>

#include <vector>

class QPainter;

namespace lockscope::ui {

class RunData;

// What the label column shows besides the run's own texts (which a new run, or a new language,
// makes its keeper forget): the rows in view, where, and at which instant, in which colours.
struct TimelineLabelKey {
    const RunData *run = nullptr;
    const RunData *overlay = nullptr;
    std::vector<TimelineRow> rows;
    int scrollY = 0;
    qint64 playheadUs = 0;
    Theme theme;
    QString font;
    bool operator==(const TimelineLabelKey &) const = default;
};
using TimelineLabelPicture = CachedPicture<TimelineLabelKey>;

// The run as the timeline draws it, laid out for the viewport (the widget keeps these).
struct TimelineScene {
    const RunData *run = nullptr; // null: nothing is shown but the empty text
    const TimelineLayout &layout;
    const std::vector<LegendItem> &legend; // what this run can draw
    const TtlScale &ttl;
    const Theme &theme;
    const QFont &font;
    // A second run of the same scenario drawn into the lower half of each lane (the live run
    // overlaid on its simulation): its lanes are matched by client and by key and node names.
    const RunData *overlay = nullptr;
    const TtlScale *overlayTtl = nullptr;
    // The label column as last drawn, kept across frames by the widget (which clears it for a
    // new run or language); null: drawn in place (an export).
    TimelineLabelPicture *labelPicture = nullptr;
    // The lanes as last drawn, likewise (TimelineLanePictures); null: drawn in place.
    TimelineLanePictures *lanePictures = nullptr;
};

// What the view shows besides the run.
struct TimelineViewState {
    qint64 playheadUs = 0;
    qint64 selectedEvent = -1;
    bool showFuture = true; // false: what has not happened yet is hidden, not veiled
    // The whole timeline for export: the legend wraps to the picture's width, not the viewport's.
    bool exporting = false;
    QString emptyText; // what an empty timeline says; empty: how to run a scenario
    // A Shift+drag choosing a range to zoom to, between these x (viewport pixels).
    bool choosingRange = false;
    int rangeFromX = 0;
    int rangeToX = 0;
};

class TimelinePainter {
    // The texts were always the timeline widget's; they keep its translation context.
    Q_DECLARE_TR_FUNCTIONS(lockscope::ui::TimelineWidget)
public:
    TimelinePainter(const TimelineScene &scene, const TimelineViewState &view);

    // Fills `size` px: the axis on top, the rows scrolled up by `scrollY` px, the legend below;
    // `m` maps the visible time range onto the lanes' part of the width.
    void paint(QPainter &p, const QSize &size, const TimeLineMapping &m, int scrollY) const;

private:
    void paintAxis(QPainter &p, const QRect &r, const TimeLineMapping &m) const;
    // Where a run's bands go within the rows: the whole row, or its upper or lower half.
    enum class Half { Whole, Upper, Lower };
    void paintViolations(QPainter &p, const QRect &lanes, int scrollY, const TimeLineMapping &m,
                         const RunData &run, Half half) const;
    // The overlay's lane for a row of the run; -1 when it has none.
    int overlayLaneOf(const TimelineRow &row) const;
    // The label column over `column`, rows [firstRow, endRow) scrolled up by scrollY.
    void paintLabels(QPainter &p, const QRect &column, int scrollY, std::size_t firstRow,
                     std::size_t endRow) const;
    void paintLabel(QPainter &p, const TimelineRow &row, const QRect &r) const;

    TimelineScene m_scene;
    TimelineViewState m_view;
};

} // namespace lockscope::ui
