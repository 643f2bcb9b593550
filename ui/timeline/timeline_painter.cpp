#include "timeline_painter.h"

#include "common/run_data.h"
#include "common/text_cache.h"
#include "sim/explain.h"
#include "timeline_marks.h"
#include "timeline_paint_helpers.h"
#include "timeline_status.h"

#include <QPainter>
#include <QPainterPath>

#include <climits>
#include <cmath>

namespace lockscope::ui {

namespace {

constexpr int kRightPad = TimelineMetrics::kRightPad;

// The axis's major ticks (and the grid lines under them): 1, 2 or 5 times a power of ten
// microseconds, at least 110 px apart.
double majorTickStepUs(const TimeLineMapping &m)
{
    const double minStep = m.usPerPixel() * 110.0;
    double step = std::pow(10.0, std::floor(std::log10(qMax(1.0, minStep))));
    for (double f : {1.0, 2.0, 5.0, 10.0}) {
        if (step * f >= minStep) {
            step *= f;
            break;
        }
    }
    return step;
}

QString secondsLabel(qint64 us, int decimals)
{
    return TimelinePainter::tr("%1 s").arg(double(us) / 1e6, 0, 'f', decimals);
}

} // namespace

TimelinePainter::TimelinePainter(const TimelineScene &scene, const TimelineViewState &view)
    : m_scene(scene)
    , m_view(view)
{}

void TimelinePainter::paint(QPainter &p, const QSize &size, const TimeLineMapping &m,
                            int scrollY) const
{
    const Theme &th = m_scene.theme;
    const TimelineMetrics &metrics = m_scene.layout.metrics();
    const TimelineLayout &layout = m_scene.layout;
    p.setFont(m_scene.font);
    const int legendH = m_view.exporting ? legendHeight(m_scene.legend, m_scene.font, size.width())
                                         : metrics.legendHeight;
    const QRect lanes(0, metrics.axisHeight, size.width(),
                      qMax(0, size.height() - metrics.axisHeight - legendH));
    const double xMin = m.left, xMax = m.left + m.width;
    // A copied picture replaces the pixels under it, and a row's background hides what was under
    // it: the same only over opaque backgrounds.
    const bool opaque =
        th.base.alpha() == 255 && th.alternate.alpha() == 255 && th.header.alpha() == 255;

    if (!m_scene.run || !opaque) {
        p.fillRect(QRect(QPoint(0, 0), size), th.base);
    } else {
        // The lanes' rows cover their area (below): filling it first too wrote every pixel of a
        // frame twice, memory-bound work that was a tenth of a frame's time.
        p.fillRect(QRect(0, 0, size.width(), lanes.top()), th.base);
        p.fillRect(QRect(0, lanes.bottom() + 1, size.width(), size.height() - lanes.bottom() - 1),
                   th.base);
    }
    if (!m_scene.run) {
        p.setPen(th.mutedText);
        p.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter | Qt::TextWordWrap,
                   m_view.emptyText.isEmpty()
                       ? tr("Choose a scenario and a strategy, then press Run (Ctrl+R).")
                       : m_view.emptyText);
        return;
    }
    const RunData &run = *m_scene.run;

    // Lanes, clipped to their area and scrolled.
    p.save();
    p.setClipRect(lanes);
    const int firstY = scrollY, lastY = scrollY + lanes.height();
    // Only the rows in view are visited: a monitor's history has 200,000 of them.
    const auto inView = m_scene.layout.rowsBetween(firstY, lastY);
    const std::size_t firstRow = inView.first, endRow = inView.second;
    const RunData *overlay = m_scene.overlay;
    // The font as the lanes' and labels' pictures key it, made once a frame.
    const QString fontKey = m_scene.font.key();
    // Not overlaid: a half lane is lower than a span's text, whose pill reaches into the lanes
    // around it (a picture would cut it at the row's edge). Not on a high-DPI target either,
    // whose pictures would be drawn in place anyway.
    TimelineLanePictures *const pictures = m_scene.lanePictures;
    const bool fromPictures = pictures && opaque && !overlay && p.device() &&
                              p.device()->devicePixelRatio() == 1.0 &&
                              p.deviceTransform().type() <= QTransform::TxTranslate &&
                              pictures->beginFrame({.run = m_scene.run,
                                                    .startUs = m.startUs,
                                                    .endUs = m.endUs,
                                                    .left = m.left,
                                                    .width = m.width,
                                                    .playheadUs = m_view.playheadUs,
                                                    .theme = th,
                                                    .font = fontKey});
    // The lanes' time area: a picture covers it along its row.
    const QRect timeArea(int(xMin), lanes.top(), int(m.width) + 1, lanes.height());
    int filledTo = lanes.top(); // the base colour where no row reaches
    for (std::size_t i = firstRow; i < endRow; ++i) {
        const TimelineRow row = layout.row(i);
        const QRect r(0, lanes.top() + row.y - scrollY, size.width(), row.h);
        if (opaque && r.top() > filledTo)
            p.fillRect(QRect(0, filledTo, size.width(), r.top() - filledTo), th.base);
        filledTo = qMax(filledTo, r.bottom() + 1);
        if (row.kind == TimelineRow::Kind::Header) {
            p.fillRect(r, th.header);
            continue;
        }
        const QColor &background = (i % 2) ? th.alternate : th.base;
        if (fromPictures) { // beside the time area only: a picture holds the rest
            p.fillRect(QRect(0, r.top(), timeArea.left(), r.height()), background);
            p.fillRect(QRect(timeArea.right() + 1, r.top(), size.width() - timeArea.right() - 1,
                             r.height()),
                       background);
        } else {
            p.fillRect(r, background);
        }
    }
    if (opaque && filledTo <= lanes.bottom())
        p.fillRect(QRect(0, filledTo, size.width(), lanes.bottom() + 1 - filledTo), th.base);
    // Grid lines at the axis's major ticks.
    const bool gridAntialiased = p.testRenderHint(QPainter::Antialiasing);
    const auto paintGrid = [&](QPainter &into, double top, double bottom) {
        into.setPen(QPen(th.grid, 1));
        const auto s = qint64(majorTickStepUs(m));
        for (qint64 t = (m.startUs / s) * s; t <= m.endUs; t += s) {
            const double x = m.mapTimeToX(t);
            if (x >= xMin && x <= xMax)
                into.drawLine(QPointF(x, top), QPointF(x, bottom));
        }
    };
    paintGrid(p, lanes.top(), lanes.bottom());
    p.setClipRect(timeArea);
    p.setRenderHint(QPainter::Antialiasing, false);
    const LanePainter lanePainter(run, th, m_scene.font, m_scene.ttl, m_view.playheadUs);
    const TtlScale noScale;
    const LanePainter overlayPainter(overlay ? *overlay : run, th, m_scene.font,
                                     m_scene.overlayTtl ? *m_scene.overlayTtl : noScale,
                                     m_view.playheadUs);
    for (std::size_t i = firstRow; i < endRow; ++i) {
        const TimelineRow row = layout.row(i);
        if (row.kind == TimelineRow::Kind::Header)
            continue;
        const QRect r(0, lanes.top() + row.y - scrollY, size.width(), row.h);
        const auto paintLane = [&](QPainter &into, const LanePainter &painter, int index,
                                   const QRect &in) {
            // Hatchings start at the lane's top, not the view's: the lane looks the same wherever
            // it has scrolled to (and its hatching no longer slides under it as it scrolls).
            const QPointF origin = into.brushOrigin();
            into.setBrushOrigin(QPointF(origin.x(), in.top()));
            if (row.kind == TimelineRow::Kind::Client)
                painter.paintClientLane(into, index, in, m);
            else
                painter.paintKeyLane(into, index, in, m);
            into.setBrushOrigin(origin);
        };
        const auto paintRow = [&](QPainter &into) {
            if (!overlay) {
                paintLane(into, lanePainter, row.index, r);
                return;
            }
            // Overlaid: the run above, the overlay's same lane below, a dashed line between.
            const QRect upper(r.left(), r.top(), r.width(), r.height() / 2);
            const QRect lower(r.left(), upper.bottom() + 1, r.width(), r.height() - upper.height());
            paintLane(into, lanePainter, row.index, upper);
            const int other = overlayLaneOf(row);
            if (other >= 0)
                paintLane(into, overlayPainter, other, lower);
            into.setPen(QPen(th.grid, 1, Qt::DashLine));
            into.drawLine(QPointF(xMin, lower.top()), QPointF(xMax, lower.top()));
        };
        if (!fromPictures) {
            paintRow(p);
            continue;
        }
        // The picture holds what lies under the lane too: its row's background and grid lines.
        const QRect area(int(xMin), r.top(), int(m.width) + 1, r.height());
        const TimelineLaneKey key{.row = {.kind = row.kind, .index = row.index, .y = 0, .h = row.h},
                                  .alternate = i % 2 != 0};
        // Clipped to the row, so that the same drawing serves in place too (a lane past this
        // frame's new pictures, or a target a picture cannot copy to, such as a high-DPI one).
        const auto paintPicture = [&](QPainter &into) {
            into.save();
            into.setClipRect(area, Qt::IntersectClip);
            into.fillRect(r, key.alternate ? th.alternate : th.base);
            into.setRenderHint(QPainter::Antialiasing, gridAntialiased);
            // Beyond the row, clipped to it: what the lines through all lanes leave in the row,
            // whether or not the row is cut by the lanes' bottom edge now.
            paintGrid(into, r.top() - 1, r.bottom() + 1);
            into.setRenderHint(QPainter::Antialiasing, false);
            paintRow(into);
            into.restore();
        };
        pictures->draw(p, i, area, key, paintPicture);
    }
    if (fromPictures)
        pictures->endFrame();
    paintViolations(p, lanes, scrollY, m, run, overlay ? Half::Upper : Half::Whole);
    if (overlay)
        paintViolations(p, lanes, scrollY, m, *overlay, Half::Lower);

    // The selected event.
    if (m_view.selectedEvent >= 0 &&
        std::size_t(m_view.selectedEvent) < run.log().events().size()) {
        const double x = m.mapTimeToX(run.event(quint32(m_view.selectedEvent)).timeUs);
        const int row = m_scene.layout.rowOfEvent(run, m_view.selectedEvent);
        QRectF band(x - 1, lanes.top(), 2, lanes.height());
        if (row >= 0) {
            const TimelineRow r = layout.row(std::size_t(row));
            band = QRectF(x - 1, lanes.top() + r.y - scrollY, 2, r.h);
            p.setPen(QPen(th.selection, 2.5));
            p.setBrush(Qt::NoBrush);
            p.setRenderHint(QPainter::Antialiasing, true);
            p.drawEllipse(QPointF(x, band.center().y()), r.h * 0.32, r.h * 0.32);
            p.setRenderHint(QPainter::Antialiasing, false);
        }
        p.setPen(QPen(th.selection, 1.5, Qt::DashLine));
        p.drawLine(QPointF(x, lanes.top()), QPointF(x, lanes.bottom()));
    }

    // What has not happened yet is veiled (or hidden).
    const double px = m.mapTimeToX(m_view.playheadUs);
    if (px < xMax) {
        QColor veil = th.veil;
        if (!m_view.showFuture)
            veil.setAlpha(255);
        p.fillRect(
            QRectF(qMax(px, xMin), lanes.top(), xMax - qMax(px, xMin) + kRightPad, lanes.height()),
            veil);
    }
    if (px >= xMin && px <= xMax) {
        p.setPen(QPen(th.playhead, 2));
        p.drawLine(QPointF(px, lanes.top()), QPointF(px, lanes.bottom()));
    }
    p.restore();

    // Labels: from the picture of the last frame while the rows, instant and colours are the
    // same (drawing their texts was a tenth of a frame with the whole run in view).
    const QRect column(0, lanes.top(), metrics.labelWidth, lanes.height());
    const auto labels = [&](QPainter &into) {
        paintLabels(into, column, scrollY, firstRow, endRow);
    };
    if (m_scene.labelPicture && opaque) {
        TimelineLabelKey key{.run = m_scene.run,
                             .overlay = overlay,
                             .rows = {},
                             .scrollY = scrollY,
                             .playheadUs = m_view.playheadUs,
                             .theme = th,
                             .font = fontKey};
        key.rows.reserve(endRow - firstRow);
        for (std::size_t i = firstRow; i < endRow; ++i)
            key.rows.push_back(layout.row(i));
        m_scene.labelPicture->draw(p, column, std::move(key), labels);
    } else {
        labels(p);
    }

    paintAxis(p, QRect(0, 0, size.width(), metrics.axisHeight), m);
    paintLegend(p, th, m_scene.font, m_scene.legend,
                QRect(0, size.height() - legendH, size.width(), legendH));

    if (m_view.choosingRange) {
        const int a = qMin(m_view.rangeFromX, m_view.rangeToX);
        const int b = qMax(m_view.rangeFromX, m_view.rangeToX);
        p.fillRect(QRect(a, lanes.top(), b - a, lanes.height()), withAlpha(th.selection, 50));
        p.setPen(th.selection);
        p.drawRect(QRect(a, lanes.top(), b - a, lanes.height()));
    }
}

void TimelinePainter::paintAxis(QPainter &p, const QRect &r, const TimeLineMapping &m) const
{
    const Theme &th = m_scene.theme;
    const RunData &run = *m_scene.run;
    const int labelWidth = m_scene.layout.metrics().labelWidth;
    p.save();
    p.fillRect(r, th.header);
    p.setPen(th.grid);
    p.drawLine(r.left(), r.bottom(), r.right(), r.bottom());
    const QFontMetrics fm(p.font());

    const double step = majorTickStepUs(m);
    const auto s = qint64(step);
    const int decimals = qBound(0, int(std::ceil(-std::log10(step / 1e6) - 1e-9)), 6);
    const double xMin = m.left, xMax = m.left + m.width;
    p.setClipRect(QRect(int(xMin) - 2, r.top(), int(m.width) + kRightPad + 2, r.height()));
    for (qint64 t = (m.startUs / s) * s - s; t <= m.endUs + s; t += s) {
        const double x = m.mapTimeToX(t);
        // Minor ticks.
        p.setPen(th.mutedText);
        for (int k = 1; k < 5; ++k) {
            const double mx = m.mapTimeToX(t + s * k / 5);
            if (mx >= xMin && mx <= xMax)
                p.drawLine(QPointF(mx, r.bottom() - 4), QPointF(mx, r.bottom()));
        }
        if (x < xMin - 1 || x > xMax + 1)
            continue;
        p.setPen(th.text);
        p.drawLine(QPointF(x, r.bottom() - 9), QPointF(x, r.bottom()));
        const QString label = secondsLabel(t, decimals);
        const int w = fm.horizontalAdvance(label);
        // Centred on its tick, but never cut by either end of the axis.
        const double left = qBound(xMin, x - w / 2.0 - 2, xMax + kRightPad - w - 4);
        p.drawText(QRectF(left, r.bottom() - 9 - fm.height() - 2, w + 4, fm.height()),
                   Qt::AlignCenter, label);
    }

    // Captions, as small flags along the top of the axis.
    p.setRenderHint(QPainter::Antialiasing, true);
    for (quint32 ev : run.captionEvents()) {
        const double x = m.mapTimeToX(run.event(ev).timeUs);
        if (x < xMin || x > xMax)
            continue;
        QPainterPath flag;
        flag.moveTo(x, r.top() + 3);
        flag.lineTo(x + 9, r.top() + 7);
        flag.lineTo(x, r.top() + 11);
        flag.closeSubpath();
        p.setPen(QPen(th.selection, 1.5));
        p.drawLine(QPointF(x, r.top() + 3), QPointF(x, r.top() + 15));
        p.fillPath(flag, th.selection);
    }

    // The playhead's instant.
    const double px = m.mapTimeToX(m_view.playheadUs);
    if (px >= xMin - 1 && px <= xMax + 1) {
        QPainterPath head;
        head.moveTo(px - 7, r.bottom() - 10);
        head.lineTo(px + 7, r.bottom() - 10);
        head.lineTo(px, r.bottom());
        head.closeSubpath();
        p.fillPath(head, th.playhead);
    }
    p.restore();

    // The corner: the playback instant, large.
    p.save();
    QFont bold = p.font();
    bold.setBold(true);
    p.setFont(bold);
    p.fillRect(QRect(r.left(), r.top(), labelWidth, r.height() - 1), th.header);
    p.setPen(th.playhead);
    p.drawText(QRect(r.left() + 10, r.top(), labelWidth - 14, r.height()),
               Qt::AlignLeft | Qt::AlignVCenter, tr("t = %1").arg(formatTime(m_view.playheadUs)));
    p.setPen(th.grid);
    p.drawLine(labelWidth - 1, r.top(), labelWidth - 1, r.bottom());
    p.restore();
}

int TimelinePainter::overlayLaneOf(const TimelineRow &row) const
{
    const RunData &run = *m_scene.run;
    const RunData &overlay = *m_scene.overlay;
    if (row.kind == TimelineRow::Kind::Client) {
        const qint16 client = run.clientLanes()[std::size_t(row.index)].client;
        for (std::size_t i = 0; i < overlay.clientLanes().size(); ++i) {
            if (overlay.clientLanes()[i].client == client)
                return int(i);
        }
        return -1;
    }
    // Key ids are each log's own: the names say which lane is the same key on the same node.
    const KeyLane &lane = run.keyLanes()[std::size_t(row.index)];
    for (std::size_t i = 0; i < overlay.keyLanes().size(); ++i) {
        const KeyLane &o = overlay.keyLanes()[i];
        if (o.keyName == lane.keyName && o.nodeName == lane.nodeName)
            return int(i);
    }
    return -1;
}

void TimelinePainter::paintViolations(QPainter &p, const QRect &lanes, int scrollY,
                                      const TimeLineMapping &m, const RunData &run, Half half) const
{
    const Theme &th = m_scene.theme;
    const TimelineLayout &layout = m_scene.layout;
    const double xMin = m.left, xMax = m.left + m.width;
    QFont bold = m_scene.font;
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    double lastX = -1e9;
    for (const ViolationBand &band : run.violations()) {
        if (band.endUs < m.startUs)
            continue;
        if (band.startUs > m.endUs)
            break;
        const double x0 = qMax(xMin - 2, m.mapTimeToX(band.startUs));
        const double x1 = qMin(xMax + 2, qMax(m.mapTimeToX(band.endUs), x0 + 2));
        if (x1 < lastX + 1) // bands narrower than a pixel: one per column
            continue;
        lastX = x1;
        int top = INT_MAX, bottom = INT_MIN;
        for (qint16 c : band.clients) {
            const int row = m_scene.layout.rowOfClient(c);
            if (row < 0)
                continue;
            const TimelineRow r = layout.row(std::size_t(row));
            const int rowTop = half == Half::Lower ? r.y + r.h / 2 : r.y;
            const int rowBottom = half == Half::Upper ? r.y + r.h / 2 : r.y + r.h;
            top = qMin(top, rowTop);
            bottom = qMax(bottom, rowBottom);
        }
        if (top == INT_MAX)
            continue;
        const QRectF rect(x0, lanes.top() + top - scrollY + 2, x1 - x0, bottom - top - 4);
        p.fillRect(rect, withAlpha(th.problem, th.dark ? 70 : 55));
        p.setPen(QPen(th.problem, 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect);
        p.setFont(bold);
        const QString text = tr("%n inside at once", nullptr, int(band.clients.size()));
        const double a = qMax(x0, xMin);
        if (qMin(x1, xMax) - a > bfm.horizontalAdvance(text) + 20)
            drawPill(p, QPointF(a + 6, rect.top() + 2), text, th.problem, Qt::white);
        p.setFont(m_scene.font);
    }
}

void TimelinePainter::paintLabels(QPainter &p, const QRect &column, int scrollY,
                                  std::size_t firstRow, std::size_t endRow) const
{
    const Theme &th = m_scene.theme;
    const TimelineLayout &layout = m_scene.layout;
    const int labelWidth = column.width();
    p.save();
    p.setClipRect(column);
    // Below the last row, the lanes' background (rows cover the rest).
    p.fillRect(column, th.base);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (std::size_t i = firstRow; i < endRow; ++i) {
        const TimelineRow row = layout.row(i);
        const QRect r(0, column.top() + row.y - scrollY, labelWidth, row.h);
        p.fillRect(r, row.kind == TimelineRow::Kind::Header ? th.header
                      : (i % 2)                             ? th.alternate
                                                            : th.base);
        paintLabel(p, row, r);
        if (m_scene.overlay && row.kind != TimelineRow::Kind::Header) {
            // Which half is which, at the label column's right edge.
            const QFont small = scaledFont(m_scene.font, 0.8, true);
            p.setFont(small);
            const QFontMetrics sfm(small);
            const QString model = tr("model"), real = tr("real");
            const int w = qMax(sfm.horizontalAdvance(model), sfm.horizontalAdvance(real)) + 12;
            const double x = r.right() - w - 4;
            drawPill(p, QPointF(x, r.top() + r.height() / 4.0 - sfm.height() / 2.0 - 2), model,
                     th.mutedText, th.base);
            drawPill(p, QPointF(x, r.top() + 3 * r.height() / 4.0 - sfm.height() / 2.0 - 2), real,
                     th.playhead, Theme::textOn(th.playhead));
            p.setFont(m_scene.font);
        }
    }
    p.setPen(th.grid);
    p.drawLine(labelWidth - 1, column.top(), labelWidth - 1, column.bottom());
    p.restore();
}

void TimelinePainter::paintLabel(QPainter &p, const TimelineRow &row, const QRect &r) const
{
    const Theme &th = m_scene.theme;
    const RunData &run = *m_scene.run;
    const QFont &font = m_scene.font;
    QFont bold = font;
    bold.setBold(true);
    const QFontMetrics fm(font), bfm(bold);
    const int x = r.left() + 10;
    // The same names and states every frame: laid out and elided once (see TextCache).
    TextCache &texts = TextCache::forThisThread();
    if (row.kind == TimelineRow::Kind::Header) {
        QFont f = scaledFont(font, 0.85, true);
        p.setFont(f);
        p.setPen(th.mutedText);
        p.drawText(QRect(x, r.top(), r.width() - 14, r.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   m_scene.layout.headerTitle(row.index));
        p.setFont(m_scene.font);
        return;
    }
    if (row.h < bfm.height() + fm.height() + 14) { // compact: name and status on one line
        const int mid = r.top() + (r.height() - bfm.height()) / 2;
        int nameX = x;
        QString name, status;
        if (row.kind == TimelineRow::Kind::Client) {
            const ClientLane &lane = run.clientLanes()[std::size_t(row.index)];
            p.setPen(Qt::NoPen);
            p.setBrush(th.client(lane.client));
            p.drawRoundedRect(QRectF(x, mid + (bfm.height() - 14) / 2.0, 14, 14), 3, 3);
            nameX = x + 22;
            name = lane.name;
            status = clientStatusAt(run, row.index, m_view.playheadUs);
        } else {
            const KeyLane &lane = run.keyLanes()[std::size_t(row.index)];
            name = lane.keyName;
            status = lane.nodeName + QStringLiteral(" · ") +
                     keyStatusAt(run, row.index, m_view.playheadUs);
        }
        const int avail = r.right() - 8 - nameX;
        p.setFont(bold);
        p.setPen(th.text);
        const QString shownName = texts.elided(bold, bfm, name, avail);
        texts.draw(p, QRect(nameX, mid, avail, bfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   shownName);
        p.setFont(m_scene.font);
        const int sx = nameX + bfm.horizontalAdvance(shownName) + 8;
        if (sx < r.right() - 8) {
            p.setPen(status.endsWith(tr("no TTL!")) ? th.problem : th.mutedText);
            texts.draw(p, QRect(sx, mid, r.right() - 8 - sx, bfm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       texts.elided(font, fm, status, r.right() - 8 - sx));
        }
        return;
    }
    const int line1 = r.top() + 6, line2 = line1 + bfm.height() + 2;
    if (row.kind == TimelineRow::Kind::Client) {
        const ClientLane &lane = run.clientLanes()[std::size_t(row.index)];
        const QColor c = th.client(lane.client);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawRoundedRect(QRectF(x, line1 + (bfm.height() - 14) / 2.0, 14, 14), 3, 3);
        p.setFont(bold);
        p.setPen(th.text);
        texts.draw(p, QRect(x + 22, line1, r.width() - 36, bfm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   texts.elided(bold, bfm, lane.name, r.width() - 36));
        p.setFont(m_scene.font);
        p.setPen(th.mutedText);
        texts.draw(p, QRect(x + 22, line2, r.width() - 36, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   texts.elided(font, fm, clientStatusAt(run, row.index, m_view.playheadUs),
                                r.width() - 36));
        return;
    }
    const KeyLane &lane = run.keyLanes()[std::size_t(row.index)];
    p.setFont(bold);
    p.setPen(th.text);
    const int kw = bfm.horizontalAdvance(lane.keyName);
    texts.draw(p, QRect(x, line1, r.width() - 16, bfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               texts.elided(bold, bfm, lane.keyName, r.width() - 16));
    p.setFont(m_scene.font);
    p.setPen(th.mutedText);
    if (kw + 8 < r.width() - 16)
        texts.draw(p, QRect(x + kw + 8, line1, r.width() - 24 - kw, bfm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   texts.elided(font, fm, tr("on %1").arg(lane.nodeName), r.width() - 24 - kw));
    const QString status = keyStatusAt(run, row.index, m_view.playheadUs);
    p.setPen(status == tr("no TTL!") ? th.problem : th.mutedText);
    texts.draw(p, QRect(x, line2, r.width() - 16, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               texts.elided(font, fm, status, r.width() - 16));
}

} // namespace lockscope::ui
