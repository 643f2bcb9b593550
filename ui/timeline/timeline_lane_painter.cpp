#include "timeline_lane_painter.h"

#include "common/run_data.h"
#include "common/text_cache.h"
#include "timeline_column_fill.h"
#include "timeline_marks.h"
#include "timeline_paint_helpers.h"
#include "timeline_wedge.h"

#include <QPainter>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>

namespace lockscope::ui {

namespace {

// Spans are sorted by start and do not overlap, so their ends are sorted too. Calls
// draw(span, x0, x1, merged) for each visible span; where spans are narrower than a pixel, draws
// one of them per pixel column (merged = true) and jumps over the rest, so the cost is bounded by
// the width in pixels, not by the number of spans.
// std::lower_bound over [first, last), found by looking 1, 2, 4... items on first: the item past
// a pixel column is mostly a few items on, so this costs a few comparisons where a search of the
// whole rest of a million items cost twenty.
template <typename It, typename T, typename Less>
It gallopLowerBound(It first, It last, const T &value, Less less)
{
    std::ptrdiff_t step = 1;
    while (last - first > step) {
        const It probe = first + step;
        if (!less(*probe, value))
            return std::lower_bound(first, probe, value, less);
        first = probe + 1;
        step *= 2;
    }
    return std::lower_bound(first, last, value, less);
}

template <typename Span, typename Draw>
void forVisibleSpans(const std::vector<Span> &spans, const TimeLineMapping &m, double xMin,
                     double xMax, Draw draw)
{
    const qint64 from = m.mapXToTime(xMin);
    auto byEnd = [](const Span &s, qint64 t) { return s.endUs < t; };
    auto it = std::lower_bound(spans.begin(), spans.end(), from, byEnd);
    while (it != spans.end()) {
        const double x0 = m.mapTimeToX(it->startUs);
        if (x0 > xMax)
            break;
        const double x1 = m.mapTimeToX(it->endUs);
        if (x1 - x0 < 1.0) {
            const double column = std::floor(qMax(x0, xMin));
            draw(*it, column, column + 1.0, true);
            it = gallopLowerBound(it + 1, spans.end(), m.mapXToTime(column + 1.0), byEnd);
            continue;
        }
        draw(*it, x0, x1, false);
        ++it;
    }
}

// The same for point events: at most one per `minGap` pixels.
// Alerts are never hidden behind one another while they are few; thousands in view are thinned
// like other marks.
double alertGap(const std::vector<Marker> &alerts, const TimeLineMapping &m, double size)
{
    const auto byTime = [](const Marker &mk, qint64 t) { return mk.timeUs < t; };
    const auto from = std::lower_bound(alerts.begin(), alerts.end(), m.startUs, byTime);
    const auto to = std::lower_bound(from, alerts.end(), m.endUs, byTime);
    return to - from <= 500 ? 0.0 : size * 1.6;
}

// More marks in view than fit side by side.
bool isDense(const std::vector<Marker> &markers, const TimeLineMapping &m, double size)
{
    const auto byTime = [](const Marker &mk, qint64 t) { return mk.timeUs < t; };
    const auto from = std::lower_bound(markers.begin(), markers.end(), m.startUs, byTime);
    const auto to = std::lower_bound(from, markers.end(), m.endUs, byTime);
    return double(to - from) * size * 1.6 > m.width * 1.5;
}

template <typename Item, typename TimeOf, typename Draw>
void forVisiblePoints(const std::vector<Item> &items, const TimeLineMapping &m, double xMin,
                      double xMax, double minGap, TimeOf timeOf, Draw draw)
{
    auto byTime = [&](const Item &i, qint64 t) { return timeOf(i) < t; };
    auto it = std::lower_bound(items.begin(), items.end(), m.mapXToTime(xMin), byTime);
    while (it != items.end()) {
        const double x = m.mapTimeToX(timeOf(*it));
        if (x > xMax)
            break;
        draw(*it, x);
        it = gallopLowerBound(it + 1, items.end(), m.mapXToTime(x + minGap), byTime);
    }
}

QFont boldOf(QFont font)
{
    font.setBold(true);
    return font;
}

} // namespace

TtlScale TtlScale::of(const RunData *run)
{
    TtlScale scale;
    if (!run)
        return scale;
    const LaneFacts &facts = run->laneFacts();
    scale.maxMs = qMax(run->ttlMs(), facts.maxSpanTtlMs);
    if (run->log().info().source == QLatin1String("monitor"))
        scale.laneMaxMs = facts.keyLaneMaxTtlMs;
    return scale;
}

LanePainter::LanePainter(const RunData &run, const Theme &theme, const QFont &font,
                         const TtlScale &ttl, qint64 playheadUs)
    : m_run(run)
    , m_theme(theme)
    , m_font(font)
    , m_ttl(ttl)
    , m_playheadUs(playheadUs)
    , m_bold(boldOf(font))
    , m_bfm(m_bold)
{
    const QFontMetrics fm(m_font);
    m_fontHeight = fm.height();
    m_averageCharWidth = fm.averageCharWidth();
}

const QFontMetrics &LanePainter::metrics(Metrics which, const QPainter &p) const
{
    if (which == Metrics::Bold)
        return m_bfm;
    std::optional<QFontMetrics> &fm = m_painterMetrics[which == Metrics::PainterFont ? 0 : 1];
    if (!fm)
        fm.emplace(p.font());
    return *fm;
}

int LanePainter::advance(Metrics which, const QString &text, const QPainter &p) const
{
    QHash<QString, int> &cache = m_advances[int(which)];
    const auto it = cache.constFind(text);
    if (it != cache.constEnd())
        return *it;
    const int w = metrics(which, p).horizontalAdvance(text);
    cache.insert(text, w);
    return w;
}

double LanePainter::markerSize(double laneInnerHeight) const
{
    // In proportion to the lane, but never larger than the text around it.
    return qBound(4.0, laneInnerHeight * 0.2, m_fontHeight * 0.42);
}

bool LanePainter::clearOfPlayhead(double *left, double width, double minX, double maxX,
                                  const TimeLineMapping &m) const
{
    const double px = m.mapTimeToX(m_playheadUs);
    constexpr double gap = 4;
    if (px < *left - gap || px > *left + width + gap)
        return true;
    if (px - gap - width >= minX) {
        *left = px - gap - width;
        return true;
    }
    if (px + gap + width <= maxX) {
        *left = px + gap;
        return true;
    }
    return false;
}

void LanePainter::paintClientLane(QPainter &p, int clientLane, const QRect &r,
                                  const TimeLineMapping &m) const
{
    const Theme &th = m_theme;
    const ClientLane &lane = m_run.clientLanes()[std::size_t(clientLane)];
    const QColor c = th.client(lane.client);
    const double xMin = m.left, xMax = m.left + m.width;
    const double top = r.top() + 6, bottom = r.bottom() - 6, h = bottom - top;
    const double mid = (top + bottom) / 2;
    QFont small = m_font;
    p.setFont(small);

    // Span texts are drawn last, over the pause hatching, each on its span's colour.
    struct SpanText {
        double x0, x1, top, height;
        QString text;
        QColor fg, bg;
    };
    std::vector<SpanText> texts;
    // No text is tried in spans narrower than this: measuring text costs more than drawing.
    const double minTextWidth = m_averageCharWidth * 6.0;
    ColumnFill columns(p);
    forVisibleSpans(
        lane.phases, m, xMin, xMax, [&](const PhaseSpan &s, double x0, double x1, bool merged) {
            double hh = h * 0.62;
            int alpha = 150;
            const bool labelled = !merged && qMin(x1, xMax) - qMax(x0, xMin) > minTextWidth;
            QString text;
            switch (s.phase) {
            case ClientState::Phase::Waiting:
                hh = h * 0.34;
                alpha = th.dark ? 110 : 85;
                if (labelled)
                    text = tr("waiting for %1").arg(m_run.text(s.key));
                break;
            case ClientState::Phase::Holding:
                if (labelled)
                    text = s.keys > 1 ? tr("holds %n lock(s)", nullptr, int(s.keys))
                                      : tr("holds %1").arg(m_run.text(s.key));
                break;
            default:
                alpha = 110;
                if (labelled)
                    text = tr("releasing");
                break;
            }
            const QColor fill = withAlpha(c, alpha);
            if (merged) {
                columns.add(x0, mid - hh / 2, hh, fill);
                return;
            }
            columns.addRect(x0, mid - hh / 2, qMax(1.0, x1 - x0), hh, fill);
            if (qMin(x1, xMax) - qMax(x0, xMin) > minTextWidth)
                texts.push_back({x0, x1, mid - h * 0.31, h * 0.62, text, th.text, QColor()});
        });
    columns.flush();
    forVisibleSpans(
        lane.critical, m, xMin, xMax, [&](const TimeSpan &, double x0, double x1, bool merged) {
            if (merged) {
                columns.add(x0, top, h, c);
                return;
            }
            columns.addRect(x0, top, qMax(1.0, x1 - x0), h, c);
            if (!merged && qMin(x1, xMax) - qMax(x0, xMin) > minTextWidth) {
                // Replaces the phase's text under it.
                std::erase_if(texts, [&](const SpanText &t) { return t.x0 < x1 && t.x1 > x0; });
                texts.push_back({x0, x1, top, h, tr("critical section"), Theme::textOn(c), c});
            }
        });
    columns.flush();
    forVisibleSpans(lane.paused, m, xMin, xMax,
                    [&](const TimeSpan &, double x0, double x1, bool merged) {
                        const QRectF rect(x0, top - 3, qMax(1.0, x1 - x0), h + 6);
                        p.fillRect(rect, withAlpha(th.base, 120));
                        p.fillRect(rect, QBrush(th.paused, Qt::BDiagPattern));
                        p.setPen(QPen(th.paused, 1.5, Qt::DashLine));
                        p.drawLine(rect.topLeft(), rect.topRight());
                        p.drawLine(rect.bottomLeft(), rect.bottomRight());
                        if (!merged && qMin(x1, xMax) - qMax(x0, xMin) > minTextWidth) {
                            const QString text = tr("paused");
                            const QFontMetrics &fm = metrics(Metrics::PainterFont, p);
                            double a = qMax(x0, xMin) + 6;
                            const int tw = advance(Metrics::PainterFont, text, p);
                            const double w = tw + 10;
                            if (qMin(x1, xMax) - a > w + 4 &&
                                clearOfPlayhead(&a, w, qMax(x0, xMin) + 2, qMin(x1, xMax) - 2, m))
                                drawPill(p, QPointF(a, mid - (fm.height() + 2) / 2.0), text,
                                         th.paused, th.base, tw, fm.height());
                        }
                    });
    {
        const QFontMetrics &fm = metrics(Metrics::PainterFont, p);
        for (const SpanText &t : texts) {
            const double a = qMax(t.x0, xMin) + 4, b = qMin(t.x1, xMax) - 4;
            const int tw = advance(Metrics::PainterFont, t.text, p);
            const double w = tw;
            if (b - a < w + 12)
                continue;
            // Centred in the span, or beside the play head when it would cross the text.
            double left = (a + b) / 2 - w / 2 - 5;
            if (!clearOfPlayhead(&left, w + 10, a, b, m))
                continue;
            if (t.bg.isValid()) {
                drawPill(p, QPointF(left, t.top + (t.height - fm.height() - 2) / 2), t.text, t.bg,
                         t.fg, tw, fm.height());
            } else {
                // A compact lane (the monitor's history) can be lower than a line of text: the
                // text box grows around the span's middle, so the text stays centred on its bar
                // instead of hanging below it.
                const double height = qMax(t.height, double(fm.height()));
                p.setPen(t.fg);
                TextCache::forThisThread().draw(
                    p, onWholePixels(QRectF(left, t.top + (t.height - height) / 2, w + 10, height)),
                    Qt::AlignCenter, t.text);
            }
        }
    }
    if (lane.crashedAtUs >= 0 && lane.crashedAtUs <= m.endUs) {
        const double x0 = qMax(xMin, m.mapTimeToX(lane.crashedAtUs));
        const double x1 = qMin(xMax, m.mapTimeToX(m_run.endUs()));
        if (x1 > x0) {
            const QRectF rect(x0, mid - h * 0.18, x1 - x0, h * 0.36);
            p.fillRect(rect, QBrush(th.crashed, Qt::Dense4Pattern));
            QFont bold = p.font();
            bold.setBold(true);
            p.setFont(bold);
            const QFontMetrics fm(bold);
            const QString text = tr("crashed");
            double left = x0 + 14;
            const double w = fm.horizontalAdvance(text) + 10;
            if (x1 - x0 > w + 10 && clearOfPlayhead(&left, w, x0 + 2, x1 - 2, m))
                drawPill(p, QPointF(left, mid - (fm.height() + 2) / 2.0), text, th.crashed,
                         th.base);
            p.setFont(small);
        }
    }
    // Commands: small ticks along the bottom edge. On a raster image each is the column of
    // pixels a one-pixel line through the column's middle covers, its five pixels blended
    // straight into the image (one QPainter::drawLines of them cost a fifth of a frame).
    {
        const QColor tickColor = withAlpha(c, 200);
        p.setPen(QPen(tickColor, 1));
        const auto timeOf = [](qint64 t) { return t; };
        if (columns.direct()) {
            forVisiblePoints(lane.commandTimes, m, xMin, xMax, 2.0, timeOf, [&](qint64, double x) {
                columns.add(std::floor(x), r.bottom() - 4, 5, tickColor);
            });
            columns.flush();
        } else {
            QVarLengthArray<QLineF, 512> ticks;
            forVisiblePoints(lane.commandTimes, m, xMin, xMax, 2.0, timeOf, [&](qint64, double x) {
                x = std::floor(x) + 0.5;
                ticks.append(QLineF(x, r.bottom() - 4, x, r.bottom()));
            });
            p.drawLines(ticks.constData(), int(ticks.size()));
        }
    }

    // Markers.
    const double size = markerSize(h);
    std::optional<MarkerSprites> sprites;
    auto drawMarker = [&](const Marker &mk, double x) {
        sprites->draw(mk.kind, QPointF(x, mid), c, size);
    };
    auto timeOf = [](const Marker &mk) { return mk.timeUs; };
    const bool dense = isDense(lane.markers, m, size);
    if (dense) {
        // Too many to tell apart: a plain tick per mark, cheap to draw (on a raster image, two
        // columns blended straight into it: the pixels drawRects gives).
        p.setPen(Qt::NoPen);
        if (columns.direct()) {
            forVisiblePoints(lane.markers, m, xMin, xMax, 3.0, timeOf,
                             [&](const Marker &, double x) {
                                 columns.add(std::floor(x), mid - size, 2 * size, th.text);
                                 columns.add(std::floor(x) + 1, mid - size, 2 * size, th.text);
                             });
            columns.flush();
        } else {
            QVarLengthArray<QRectF, 512> ticks;
            forVisiblePoints(lane.markers, m, xMin, xMax, 3.0, timeOf,
                             [&](const Marker &, double x) {
                                 ticks.append(QRectF(std::floor(x), mid - size, 2, 2 * size));
                             });
            p.setBrush(th.text);
            p.drawRects(ticks.constData(), int(ticks.size()));
            p.setBrush(Qt::NoBrush);
        }
    }
    // The glyphs are anti-aliased: one save/restore around all of them, not one each.
    sprites.emplace(p, th);
    if (!dense)
        forVisiblePoints(lane.markers, m, xMin, xMax, size * 1.6, timeOf, drawMarker);
    forVisiblePoints(lane.alerts, m, xMin, xMax, alertGap(lane.alerts, m, size), timeOf,
                     drawMarker);
    sprites.reset();
}

void LanePainter::paintKeyLane(QPainter &p, int keyLane, const QRect &r,
                               const TimeLineMapping &m) const
{
    const Theme &th = m_theme;
    const KeyLane &lane = m_run.keyLanes()[std::size_t(keyLane)];
    const double xMin = m.left, xMax = m.left + m.width;
    const double top = r.top() + 6, bottom = r.bottom() - 6, h = bottom - top;
    const double mid = (top + bottom) / 2;
    const QFont &bold = m_bold;
    const QFontMetrics &bfm = m_bfm;
    // A pill's size in the painter's bold font (see metrics()).
    const auto pill = [&](const QPointF &at, const QString &text, const QColor &fill,
                          const QColor &textColor) {
        drawPill(p, at, text, fill, textColor, advance(Metrics::PainterBold, text, p),
                 metrics(Metrics::PainterBold, p).height());
    };

    const qint64 ttlMax = m_ttl.forLane(keyLane);
    auto ttlY = [&](qint64 ttlMs) {
        return bottom - h * qBound(0.0, double(ttlMs) / double(ttlMax), 1.0);
    };
    ColumnFill columns(p);
    forVisibleSpans(
        lane.spans, m, xMin, xMax, [&](const KeySpan &s, double x0, double x1, bool merged) {
            const QColor c = th.client(s.owner);
            if (merged) {
                columns.add(x0, top, h, withAlpha(c, 170));
                return;
            }
            // Clamp to the visible area, so that deep zooms keep sane coordinates.
            const double a = qMax(x0, xMin - 2), b = qMin(x1, xMax + 2);
            // A narrow span's background goes into the columns with its wedge (ColumnFill gives
            // fillRect's pixels), so that neither leaves the batch.
            const QColor background = withAlpha(c, th.dark ? 60 : 45);
            if (b - a < kNarrowWedge) {
                columns.addRect(a, top, b - a, h, background);
            } else {
                columns.flush();
                p.fillRect(QRectF(a, top, b - a, h), background);
            }
            if (s.ttlMs < 0) {
                columns.flush();
                p.fillRect(QRectF(a, top, b - a, h), withAlpha(c, 150));
                p.setPen(QPen(th.problem, 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(x0 + 1, top + 1, x1 - x0 - 2, h - 2));
                p.setFont(bold);
                const QString text = tr("no TTL");
                double left = a + 30;
                const double w = advance(Metrics::Bold, text, p) + 10;
                if (b - a > w + 50 && clearOfPlayhead(&left, w, a + 2, b - 2, m))
                    pill(QPointF(left, mid - (bfm.height() + 2) / 2.0), text, th.problem,
                         Qt::white);
                p.setFont(m_font);
            } else {
                const qint64 ta = qMax(s.startUs, m.mapXToTime(a));
                const qint64 tb = qMin(s.endUs, m.mapXToTime(b));
                paintTtlWedge(p, columns, a, b, ttlY(s.ttlAt(ta)), ttlY(s.ttlAt(tb)), bottom,
                              withAlpha(c, 210));
            }
            // The owner's name at the start of its span, inside the TTL wedge, where there is
            // room for a name at all (measuring one for each of a thousand spans a few pixels
            // wide, and setting the bold font for it, cost more than their wedges).
            const double room = b - a - markerSize(h) - 12;
            if (room <= 0)
                return;
            const QString owner = m_run.clientName(s.owner);
            const double ow = advance(Metrics::Bold, owner, p);
            // Clear of a mark at the span's start (an expiry, a write), and of the play head.
            double lx = a + markerSize(h) + 6;
            if (room > ow && clearOfPlayhead(&lx, ow, lx, b - 2, m)) {
                const bool inWedge = s.ttlMs < 0 || s.ttlAt(m.mapXToTime(lx)) * 2 > ttlMax;
                p.setFont(bold);
                p.setPen(inWedge ? Theme::textOn(c) : th.text);
                TextCache::forThisThread().draw(
                    p, onWholePixels(QRectF(lx, mid, ow + 2, bottom - mid)),
                    Qt::AlignLeft | Qt::AlignVCenter, owner);
                p.setFont(m_font);
            }
        });
    columns.flush();
    forVisibleSpans(
        lane.nodeDown, m, xMin, xMax, [&](const TimeSpan &, double x0, double x1, bool merged) {
            const QRectF rect(x0, top - 3, qMax(1.0, x1 - x0), h + 6);
            p.fillRect(rect, QBrush(th.crashed, Qt::DiagCrossPattern));
            if (!merged) {
                p.setFont(bold);
                const QString text = tr("%1 down").arg(lane.nodeName);
                const double w = advance(Metrics::Bold, text, p) + 10;
                double left = qMax(x0, xMin) + 6;
                if (qMin(x1, xMax) - qMax(x0, xMin) > w + 10 &&
                    clearOfPlayhead(&left, w, qMax(x0, xMin) + 2, qMin(x1, xMax) - 2, m))
                    pill(QPointF(left, bottom - bfm.height() - 2), text, th.crashed, th.base);
                p.setFont(m_font);
            }
        });

    // The monitor's gaps: what happened here then is known only by its result.
    forVisibleSpans(
        lane.unseen, m, xMin, xMax, [&](const TimeSpan &, double x0, double x1, bool merged) {
            const QRectF rect(x0, top - 3, qMax(1.0, x1 - x0), h + 6);
            paintUnseen(p, rect, th);
            if (!merged) {
                p.setFont(bold);
                const QString text = tr("not seen");
                const double w = advance(Metrics::Bold, text, p) + 10;
                double left = qMax(x0, xMin) + 6;
                if (qMin(x1, xMax) - qMax(x0, xMin) > w + 10 &&
                    clearOfPlayhead(&left, w, qMax(x0, xMin) + 2, qMin(x1, xMax) - 2, m))
                    pill(QPointF(left, top + 1), text, th.mutedText, th.base);
                p.setFont(m_font);
            }
        });

    const double size = markerSize(h);
    auto timeOf = [](const Marker &mk) { return mk.timeUs; };
    // Labels for the rare, important marks, when there is room around them.
    const auto from = std::lower_bound(lane.markers.begin(), lane.markers.end(), m.startUs,
                                       [](const Marker &mk, qint64 t) { return mk.timeUs < t; });
    const auto to = std::upper_bound(from, lane.markers.end(), m.endUs,
                                     [](qint64 t, const Marker &mk) { return t < mk.timeUs; });
    const bool roomForLabels = to - from <= 12;
    std::optional<MarkerSprites> sprites;
    auto drawMarker = [&](const Marker &mk, double x) {
        const Event &e = m_run.event(mk.event);
        const QColor c = th.client(e.owner >= 0 ? e.owner : e.client);
        sprites->draw(mk.kind, QPointF(x, mid), c, size);
        if (!roomForLabels)
            return;
        QString text;
        QColor fill;
        switch (mk.kind) {
        case MarkerKind::MistakenDeletion:
            text = tr("%1 deleted %2's lock")
                       .arg(m_run.clientName(e.client), m_run.clientName(e.owner));
            fill = th.problem;
            break;
        case MarkerKind::Expired:
            text = tr("expired");
            fill = th.warning;
            break;
        case MarkerKind::LateRenewal:
            text = tr("renewed late");
            fill = th.warning;
            break;
        case MarkerKind::Failover:
            text = tr("failover");
            fill = th.selection;
            break;
        case MarkerKind::NodeDown: {
            // A restart is a crash, the keys lost and the node back, all within a few pixels
            // (the marks merge into one): one label says what the pile of marks is. A longer
            // outage has its "down" band and pill instead.
            const auto up =
                std::find_if(lane.markers.begin(), lane.markers.end(), [&](const Marker &o) {
                    return o.kind == MarkerKind::NodeUp && o.timeUs >= mk.timeUs;
                });
            if (up == lane.markers.end() || m.mapTimeToX(up->timeUs) - x > size * 4)
                return;
            text = tr("%1 restarted").arg(m_run.nodeName(e.node));
            fill = th.good;
            break;
        }
        case MarkerKind::NodeUp: {
            // Labelled with its crash (above) when they are that close.
            const bool labelled =
                std::any_of(lane.markers.begin(), lane.markers.end(), [&](const Marker &o) {
                    return o.kind == MarkerKind::NodeDown && o.timeUs <= mk.timeUs &&
                           x - m.mapTimeToX(o.timeUs) <= size * 4;
                });
            if (labelled)
                return;
            text = tr("%1 restarted").arg(m_run.nodeName(e.node));
            fill = th.good;
            break;
        }
        case MarkerKind::ClockJump:
            text = tr("clock %1%2 s")
                       .arg(e.value >= 0 ? QStringLiteral("+") : QString())
                       .arg(double(e.value) / 1000.0);
            fill = th.warning;
            break;
        default:
            return;
        }
        // To the left of the mark, along the top: where the TTL has drained, out of the way
        // of the next owner's name.
        p.setFont(bold);
        const double w = advance(Metrics::Bold, text, p) + 10;
        double left = qMax(xMin + 2, x - size - 4 - w);
        if (clearOfPlayhead(&left, w, xMin + 2, xMax - 2, m))
            pill(QPointF(left, top - 2), text, fill,
                 mk.kind == MarkerKind::Expired || mk.kind == MarkerKind::NodeUp ||
                         mk.kind == MarkerKind::NodeDown
                     ? QColor(Qt::black)
                     : QColor(Qt::white));
        p.setFont(m_font);
    };
    const bool dense = isDense(lane.markers, m, size);
    if (dense) {
        forVisiblePoints(lane.markers, m, xMin, xMax, 3.0, timeOf, [&](const Marker &mk, double x) {
            const Event &e = m_run.event(mk.event);
            const QColor color = th.client(e.owner >= 0 ? e.owner : e.client);
            columns.add(std::floor(x), mid - size, 2 * size, color);
            columns.add(std::floor(x) + 1, mid - size, 2 * size, color);
        });
        columns.flush();
    }
    // As in a client lane: one save/restore around all the anti-aliased glyphs.
    sprites.emplace(p, th);
    if (!dense)
        forVisiblePoints(lane.markers, m, xMin, xMax, size * 1.6, timeOf, drawMarker);
    forVisiblePoints(lane.alerts, m, xMin, xMax, alertGap(lane.alerts, m, size), timeOf,
                     drawMarker);
    sprites.reset();
}

} // namespace lockscope::ui
