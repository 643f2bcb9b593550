// Draws one lane of the timeline over its time range: a client's lane (waiting, holding, inside
// the critical section, paused, crashed, its commands and marks) or a lock key's lane on one node
// (whose value Redis holds, the TTL draining as a wedge, the node down, its marks). Only what is
// visible is drawn, and where spans or marks crowd closer than a pixel, one stands for them, so
// the cost follows the width in pixels rather than the number of events.
#pragma once

#include "common/theme.h"
#include "timeline_mapping.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontMetrics>
#include <QHash>
#include <QRect>
#include <QString>

#include <optional>
#include <span>
#include <vector>

class QPainter;

namespace lockscope::ui {

class RunData;

// How tall a TTL is drawn in a key lane: a full lane is the longest TTL. A monitor's key lanes
// drain from each key's own longest TTL, not the longest of all keys (a 20 s lease beside a
// 120 s one was a thin line). Derived from a run once, when it is shown.
struct TtlScale {
    qint64 maxMs = 1;
    // By key lane; empty: maxMs for every lane. The run's own figures (LaneFacts), not a copy
    // (a million keys' worth on the window's thread): valid while the run is, which whoever
    // holds the scale holds beside it.
    std::span<const qint64> laneMaxMs;

    static TtlScale of(const RunData *run);
    qint64 forLane(int keyLane) const
    {
        return std::size_t(keyLane) < laneMaxMs.size() ? laneMaxMs[std::size_t(keyLane)] : maxMs;
    }
};

class LanePainter {
    // The texts were always the timeline widget's; they keep its translation context.
    Q_DECLARE_TR_FUNCTIONS(lockscope::ui::TimelineWidget)
public:
    // Labels keep clear of the play head at `playheadUs`.
    LanePainter(const RunData &run, const Theme &theme, const QFont &font, const TtlScale &ttl,
                qint64 playheadUs);

    // `r`: the lane's row across the whole width; draws between m.left and m.left + m.width.
    void paintClientLane(QPainter &p, int clientLane, const QRect &r,
                         const TimeLineMapping &m) const;
    void paintKeyLane(QPainter &p, int keyLane, const QRect &r, const TimeLineMapping &m) const;

private:
    double markerSize(double laneInnerHeight) const;
    // Labels are never drawn under the play head: a label of `width` px at *left that the play
    // head would cross moves to whichever side of it has room within [minX, maxX]; false when
    // neither has (the label is then left out).
    bool clearOfPlayhead(double *left, double width, double minX, double maxX,
                         const TimeLineMapping &m) const;

    // Text widths, measured once a paint per text and font: a lane repeats a few texts over and
    // over ("critical section", "holds lock:a", an owner's name), and measuring a text
    // (QFontMetrics::horizontalAdvance) cost more than drawing it. Kept for one paint only, so a
    // change of font, language or paint device is never stale. Which metrics measure: the plain
    // bold font's, or the painter's current font's (what a pill is sized with, which a paint
    // device of another resolution, an SVG file, resolves differently); the painter's font is
    // the lane's font or its bold one, set by the caller before measuring.
    enum class Metrics { Bold, PainterFont, PainterBold };
    const QFontMetrics &metrics(Metrics which, const QPainter &p) const;
    int advance(Metrics which, const QString &text, const QPainter &p) const;

    const RunData &m_run;
    const Theme &m_theme;
    const QFont &m_font;
    const TtlScale &m_ttl;
    qint64 m_playheadUs = 0;
    QFont m_bold;
    QFontMetrics m_bfm;
    double m_fontHeight = 0, m_averageCharWidth = 0; // of m_font
    mutable QHash<QString, int> m_advances[3];
    mutable std::optional<QFontMetrics> m_painterMetrics[2]; // PainterFont, PainterBold
};

} // namespace lockscope::ui
