#include "timeline/timeline_widget.h"

#include "common/run_data.h"
#include "sim/explain.h"
#include "timeline/timeline_status.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>
#include <QVarLengthArray>

#include <algorithm>
#include <climits>
#include <cmath>

namespace lockscope::ui {

namespace {

constexpr int kRightPad = TimelineMetrics::kRightPad;
constexpr double kMinSpanUs = 20;

// Spans are sorted by start and do not overlap, so their ends are sorted too. Calls
// draw(span, x0, x1, merged) for each visible span; where spans are narrower than a pixel, draws
// one of them per pixel column (merged = true) and jumps over the rest, so the cost is bounded by
// the width in pixels, not by the number of spans.
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
            it = std::lower_bound(it + 1, spans.end(), m.mapXToTime(column + 1.0), byEnd);
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
        it = std::lower_bound(it + 1, items.end(), m.mapXToTime(x + minGap), byTime);
    }
}

QString secondsLabel(qint64 us, int decimals)
{
    return TimelineWidget::tr("%1 s").arg(double(us) / 1e6, 0, 'f', decimals);
}

QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

void drawPill(QPainter &p, const QPointF &topLeft, const QString &text, const QColor &fill,
              const QColor &textColor)
{
    const QFontMetrics fm(p.font());
    const QRectF r(topLeft.x(), topLeft.y(), fm.horizontalAdvance(text) + 10, fm.height() + 2);
    const bool aa = p.testRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(r, r.height() / 2, r.height() / 2);
    p.setPen(textColor);
    p.drawText(r, Qt::AlignCenter, text);
    p.setBrush(Qt::NoBrush);
    p.setRenderHint(QPainter::Antialiasing, aa);
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setFrameShape(QFrame::NoFrame);
    m_theme = Theme::forPalette(palette());
    m_lastGesture.start();

    m_backAction = new QAction(this);
    m_backAction->setShortcut(Qt::Key_Backspace);
    m_backAction->setShortcutContext(Qt::WidgetShortcut);
    m_backAction->setEnabled(false);
    connect(m_backAction, &QAction::triggered, this, &TimelineWidget::zoomBack);
    m_resetAction = new QAction(this);
    m_resetAction->setShortcut(Qt::Key_0);
    m_resetAction->setShortcutContext(Qt::WidgetShortcut);
    connect(m_resetAction, &QAction::triggered, this, &TimelineWidget::zoomReset);
    m_fitAction = new QAction(this);
    m_fitAction->setShortcut(Qt::Key_F);
    m_fitAction->setShortcutContext(Qt::WidgetShortcut);
    connect(m_fitAction, &QAction::triggered, this, &TimelineWidget::fitAll);
    addActions({m_backAction, m_resetAction, m_fitAction});

    retranslateUi();
    layoutRows();
}

// The texts of the actions; everything else is painted with tr() at paint time.
void TimelineWidget::retranslateUi()
{
    m_backAction->setText(tr("Zoom &Back"));
    m_resetAction->setText(tr("&Reset Zoom"));
    m_fitAction->setText(tr("&Fit Whole Run"));
}

TimelineWidget::~TimelineWidget() = default;

void TimelineWidget::setRun(std::shared_ptr<const RunData> run)
{
    const bool sameScenario = m_run && run &&
                              m_run->request().scenarioKey() == run->request().scenarioKey() &&
                              m_run->request().strategyId == run->request().strategyId;
    m_run = std::move(run);
    m_legend = m_run ? legendItems(*m_run) : std::vector<LegendItem>{};
    m_selectedEvent = -1;
    m_ttlMaxMs = 1;
    m_laneTtlMaxMs.clear();
    if (m_run) {
        const bool monitor = m_run->log().info().source == QLatin1String("monitor");
        m_ttlMaxMs = qMax<qint64>(1, m_run->ttlMs());
        for (const KeyLane &lane : m_run->keyLanes()) {
            qint64 laneMax = 1;
            for (const KeySpan &s : lane.spans)
                laneMax = qMax(laneMax, s.ttlMs);
            m_ttlMaxMs = qMax(m_ttlMaxMs, laneMax);
            if (monitor)
                m_laneTtlMaxMs.push_back(laneMax);
        }
    }
    layoutRows();
    if (!sameScenario) {
        m_zoomStack.clear();
        m_backAction->setEnabled(false);
        fitAll();
        m_zoomStack.clear();
        m_backAction->setEnabled(false);
    } else {
        setViewRange(m_viewStartUs, m_viewEndUs); // keep the view across a re-run
    }
    viewport()->update();
}

void TimelineWidget::setPlayhead(qint64 timeUs, bool follow)
{
    if (timeUs == m_playheadUs)
        return;
    m_playheadUs = timeUs;
    if (follow) {
        const qint64 span = m_viewEndUs - m_viewStartUs;
        if (timeUs > m_viewEndUs - span / 50 || timeUs < m_viewStartUs)
            setViewRange(timeUs - span / 10, timeUs - span / 10 + span);
    }
    viewport()->update();
}

void TimelineWidget::setSelectedEvent(qint64 event)
{
    if (event == m_selectedEvent)
        return;
    m_selectedEvent = event;
    // Bring the selection into view.
    if (m_run && event >= 0 && std::size_t(event) < m_run->log().events().size()) {
        const qint64 t = m_run->event(quint32(event)).timeUs;
        if (t < m_viewStartUs || t > m_viewEndUs) {
            const qint64 span = m_viewEndUs - m_viewStartUs;
            setViewRange(t - span / 2, t - span / 2 + span);
        }
        const int row = rowOfEvent(event);
        if (row >= 0) {
            const TimelineRow &r = m_layout.rows()[std::size_t(row)];
            const int visible = lanesRect().height();
            const int y = verticalScrollBar()->value();
            if (r.y < y || r.y + r.h > y + visible)
                verticalScrollBar()->setValue(r.y - visible / 3);
        }
    }
    viewport()->update();
}

void TimelineWidget::setShowFuture(bool show)
{
    m_showFuture = show;
    viewport()->update();
}

void TimelineWidget::setEmptyText(const QString &text)
{
    m_emptyText = text;
    viewport()->update();
}

void TimelineWidget::setTheme(const Theme &theme)
{
    m_theme = theme;
    viewport()->update();
}

// --- geometry ---------------------------------------------------------------------------------

void TimelineWidget::layoutRows()
{
    m_layout = TimelineLayout(m_run.get(), font(), viewport()->height(),
                              legendHeightFor(viewport()->width()));
    updateScrollBars();
}

double TimelineWidget::markerSize(double laneInnerHeight) const
{
    // In proportion to the lane, but never larger than the text around it.
    return qBound(4.0, laneInnerHeight * 0.2, QFontMetrics(font()).height() * 0.42);
}

bool TimelineWidget::clearOfPlayhead(double *left, double width, double minX, double maxX,
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

int TimelineWidget::legendHeightFor(int width) const
{
    // The legend wraps; measure it by laying it out.
    const QFontMetrics fm(font());
    int x = 8, lines = 1;
    for (const LegendItem &item : m_legend) {
        const int w = 30 + fm.horizontalAdvance(legendText(item)) + 16;
        if (x + w > width - 8 && x > 8) {
            ++lines;
            x = 8;
        }
        x += w;
    }
    return lines * (fm.height() + 8) + 6;
}

QRect TimelineWidget::lanesRect() const
{
    const QRect v = viewport()->rect();
    return QRect(
        0, m_layout.metrics().axisHeight, v.width(),
        qMax(0, v.height() - m_layout.metrics().axisHeight - m_layout.metrics().legendHeight));
}

TimeLineMapping TimelineWidget::mappingFor(int width) const
{
    return m_layout.mapping(m_viewStartUs, m_viewEndUs, width);
}

TimeLineMapping TimelineWidget::mapping() const
{
    return mappingFor(viewport()->width());
}

void TimelineWidget::updateScrollBars()
{
    m_updatingScrollBars = true;
    const int visible = lanesRect().height();
    verticalScrollBar()->setRange(0, qMax(0, m_layout.contentHeight() - visible));
    verticalScrollBar()->setPageStep(qMax(1, visible));
    verticalScrollBar()->setSingleStep(qMax(1, m_layout.metrics().laneHeight / 2));

    const qint64 runEnd = m_run ? qMax<qint64>(m_run->endUs(), 1) : 1;
    const qint64 span = qMax<qint64>(1, m_viewEndUs - m_viewStartUs);
    const qint64 unit = qMax<qint64>(1, span / 1000);
    QScrollBar *h = horizontalScrollBar();
    h->setRange(0, int(qMax<qint64>(0, (runEnd - span) / unit)));
    h->setPageStep(int(qMax<qint64>(1, span / unit)));
    h->setSingleStep(int(qMax<qint64>(1, span / unit / 20)));
    h->setValue(int(std::clamp<qint64>(m_viewStartUs / unit, 0, h->maximum())));
    h->setProperty("unitUs", unit);
    m_updatingScrollBars = false;
}

void TimelineWidget::scrollContentsBy(int dx, int)
{
    if (m_updatingScrollBars)
        return;
    if (dx != 0) {
        const qint64 unit = horizontalScrollBar()->property("unitUs").toLongLong();
        const qint64 span = m_viewEndUs - m_viewStartUs;
        const qint64 start = qint64(horizontalScrollBar()->value()) * qMax<qint64>(1, unit);
        setViewRange(start, start + span);
    }
    viewport()->update();
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    layoutRows();
}

void TimelineWidget::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        layoutRows(); // the label column fits the longest label of the language
        viewport()->update();
    } else if (event->type() == QEvent::FontChange) {
        layoutRows();
        viewport()->update();
    } else if (event->type() == QEvent::PaletteChange) {
        m_theme = Theme::forPalette(palette());
        viewport()->update();
    }
}

// --- zoom and pan -----------------------------------------------------------------------------

void TimelineWidget::setViewRange(qint64 startUs, qint64 endUs)
{
    const qint64 runEnd = m_run ? qMax<qint64>(m_run->endUs(), 1000) : 1000;
    const qint64 maxSpan = runEnd + runEnd / 20;
    qint64 span = qBound<qint64>(qint64(kMinSpanUs), endUs - startUs, maxSpan);
    const qint64 margin = span / 40;
    startUs = qBound<qint64>(-margin, startUs, qMax<qint64>(-margin, runEnd + margin - span));
    const qint64 newEnd = startUs + span;
    if (startUs == m_viewStartUs && newEnd == m_viewEndUs)
        return;
    m_viewStartUs = startUs;
    m_viewEndUs = newEnd;
    updateScrollBars();
    viewport()->update();
    Q_EMIT viewRangeChanged(m_viewStartUs, m_viewEndUs);
}

void TimelineWidget::pushZoom()
{
    m_zoomStack.push({m_viewStartUs, m_viewEndUs});
    m_backAction->setEnabled(true);
}

void TimelineWidget::pushZoomCoalesced()
{
    if (m_lastGesture.elapsed() > 700)
        pushZoom();
    m_lastGesture.restart();
}

void TimelineWidget::zoomBy(double factor, qint64 aroundUs)
{
    if (factor <= 0)
        return;
    const double span = double(m_viewEndUs - m_viewStartUs);
    const double newSpan = qMax(kMinSpanUs, span / factor);
    const double ratio = span > 0 ? double(aroundUs - m_viewStartUs) / span : 0.5;
    const auto start = qint64(std::llround(double(aroundUs) - ratio * newSpan));
    setViewRange(start, start + qint64(std::llround(newSpan)));
}

void TimelineWidget::panByPixels(double dx)
{
    const qint64 delta = qint64(std::llround(dx * mapping().usPerPixel()));
    setViewRange(m_viewStartUs + delta, m_viewEndUs + delta);
}

void TimelineWidget::fitAll()
{
    pushZoom();
    const qint64 end = m_run ? qMax<qint64>(m_run->endUs(), 1000) : 1000;
    const qint64 margin = end / 50;
    setViewRange(-margin, end + margin);
}

void TimelineWidget::zoomBack()
{
    if (!m_zoomStack.canGoBack())
        return;
    const TimeRange r = m_zoomStack.pop();
    m_backAction->setEnabled(m_zoomStack.canGoBack());
    setViewRange(r.startUs, r.endUs);
}

void TimelineWidget::zoomReset()
{
    fitAll();
    m_zoomStack.clear();
    m_backAction->setEnabled(false);
}

// --- painting ---------------------------------------------------------------------------------

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    paintAll(p, viewport()->size(), verticalScrollBar()->value(), false);
}

qint64 TimelineWidget::paintOnceForBenchmark(QImage &target)
{
    QElapsedTimer t;
    t.start();
    QPainter p(&target);
    paintAll(p, target.size(), verticalScrollBar()->value(), false);
    p.end();
    return t.nsecsElapsed();
}

QSize TimelineWidget::exportSize(int width) const
{
    return QSize(width,
                 m_layout.metrics().axisHeight + m_layout.contentHeight() + legendHeightFor(width));
}

void TimelineWidget::renderAll(QPainter &painter, const QSize &size) const
{
    paintAll(painter, size, 0, true);
}

void TimelineWidget::paintAll(QPainter &p, const QSize &size, int scrollY, bool exporting) const
{
    const Theme &th = m_theme;
    p.setFont(font());
    p.fillRect(QRect(QPoint(0, 0), size), th.base);
    const int legendH = exporting ? legendHeightFor(size.width()) : m_layout.metrics().legendHeight;
    const QRect lanes(0, m_layout.metrics().axisHeight, size.width(),
                      qMax(0, size.height() - m_layout.metrics().axisHeight - legendH));
    const TimeLineMapping m = mappingFor(size.width());
    const double xMin = m.left, xMax = m.left + m.width;

    if (!m_run) {
        p.setPen(th.mutedText);
        p.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter | Qt::TextWordWrap,
                   m_emptyText.isEmpty()
                       ? tr("Choose a scenario and a strategy, then press Run (Ctrl+R).")
                       : m_emptyText);
        return;
    }

    // Lanes, clipped to their area and scrolled.
    p.save();
    p.setClipRect(lanes);
    const int firstY = scrollY, lastY = scrollY + lanes.height();
    for (std::size_t i = 0; i < m_layout.rows().size(); ++i) {
        const TimelineRow &row = m_layout.rows()[i];
        if (row.y + row.h < firstY || row.y > lastY)
            continue;
        const QRect r(0, lanes.top() + row.y - scrollY, size.width(), row.h);
        if (row.kind == TimelineRow::Kind::Header) {
            p.fillRect(r, th.header);
            continue;
        }
        p.fillRect(r, (i % 2) ? th.alternate : th.base);
    }
    // Grid lines at the axis's major ticks.
    {
        const double minStep = m.usPerPixel() * 110.0;
        double step = std::pow(10.0, std::floor(std::log10(qMax(1.0, minStep))));
        for (double f : {1.0, 2.0, 5.0, 10.0}) {
            if (step * f >= minStep) {
                step *= f;
                break;
            }
        }
        p.setPen(QPen(th.grid, 1));
        const auto s = qint64(step);
        for (qint64 t = (m.startUs / s) * s; t <= m.endUs; t += s) {
            const double x = m.mapTimeToX(t);
            if (x >= xMin && x <= xMax)
                p.drawLine(QPointF(x, lanes.top()), QPointF(x, lanes.bottom()));
        }
    }
    p.setClipRect(QRect(int(xMin), lanes.top(), int(m.width) + 1, lanes.height()));
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const TimelineRow &row : m_layout.rows()) {
        if (row.y + row.h < firstY || row.y > lastY || row.kind == TimelineRow::Kind::Header)
            continue;
        const QRect r(0, lanes.top() + row.y - scrollY, size.width(), row.h);
        if (row.kind == TimelineRow::Kind::Client)
            paintClientLane(p, row, r, m);
        else
            paintKeyLane(p, row, r, m);
    }
    paintViolations(p, lanes, scrollY, m);

    // The selected event.
    if (m_selectedEvent >= 0 && std::size_t(m_selectedEvent) < m_run->log().events().size()) {
        const double x = m.mapTimeToX(m_run->event(quint32(m_selectedEvent)).timeUs);
        const int row = rowOfEvent(m_selectedEvent);
        QRectF band(x - 1, lanes.top(), 2, lanes.height());
        if (row >= 0) {
            const TimelineRow &r = m_layout.rows()[std::size_t(row)];
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
    const double px = m.mapTimeToX(m_playheadUs);
    if (px < xMax) {
        QColor veil = th.veil;
        if (!m_showFuture)
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

    // Labels.
    p.save();
    p.setClipRect(QRect(0, lanes.top(), m_layout.metrics().labelWidth, lanes.height()));
    p.setRenderHint(QPainter::Antialiasing, true);
    for (std::size_t i = 0; i < m_layout.rows().size(); ++i) {
        const TimelineRow &row = m_layout.rows()[i];
        if (row.y + row.h < firstY || row.y > lastY)
            continue;
        const QRect r(0, lanes.top() + row.y - scrollY, m_layout.metrics().labelWidth, row.h);
        p.fillRect(r, row.kind == TimelineRow::Kind::Header ? th.header
                      : (i % 2)                             ? th.alternate
                                                            : th.base);
        paintLabel(p, row, r);
    }
    p.setPen(th.grid);
    p.drawLine(m_layout.metrics().labelWidth - 1, lanes.top(), m_layout.metrics().labelWidth - 1,
               lanes.bottom());
    p.restore();

    paintAxis(p, QRect(0, 0, size.width(), m_layout.metrics().axisHeight), m);
    paintLegend(p, QRect(0, size.height() - legendH, size.width(), legendH));

    if (m_drag == Drag::Range) {
        const int a = qMin(m_rangeFromX, m_rangeToX), b = qMax(m_rangeFromX, m_rangeToX);
        p.fillRect(QRect(a, lanes.top(), b - a, lanes.height()), withAlpha(th.selection, 50));
        p.setPen(th.selection);
        p.drawRect(QRect(a, lanes.top(), b - a, lanes.height()));
    }
}

void TimelineWidget::paintAxis(QPainter &p, const QRect &r, const TimeLineMapping &m) const
{
    const Theme &th = m_theme;
    p.save();
    p.fillRect(r, th.header);
    p.setPen(th.grid);
    p.drawLine(r.left(), r.bottom(), r.right(), r.bottom());
    const QFontMetrics fm(p.font());

    // Major ticks at 1, 2 or 5 times a power of ten, at least 110 px apart.
    const double minStep = m.usPerPixel() * 110.0;
    double step = std::pow(10.0, std::floor(std::log10(qMax(1.0, minStep))));
    for (double f : {1.0, 2.0, 5.0, 10.0}) {
        if (step * f >= minStep) {
            step *= f;
            break;
        }
    }
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
    for (quint32 ev : m_run->captionEvents()) {
        const double x = m.mapTimeToX(m_run->event(ev).timeUs);
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
    const double px = m.mapTimeToX(m_playheadUs);
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
    p.fillRect(QRect(r.left(), r.top(), m_layout.metrics().labelWidth, r.height() - 1), th.header);
    p.setPen(th.playhead);
    p.drawText(QRect(r.left() + 10, r.top(), m_layout.metrics().labelWidth - 14, r.height()),
               Qt::AlignLeft | Qt::AlignVCenter, tr("t = %1").arg(formatTime(m_playheadUs)));
    p.setPen(th.grid);
    p.drawLine(m_layout.metrics().labelWidth - 1, r.top(), m_layout.metrics().labelWidth - 1,
               r.bottom());
    p.restore();
}

void TimelineWidget::paintClientLane(QPainter &p, const TimelineRow &row, const QRect &r,
                                     const TimeLineMapping &m) const
{
    const Theme &th = m_theme;
    const ClientLane &lane = m_run->clientLanes()[std::size_t(row.index)];
    const QColor c = th.client(lane.client);
    const double xMin = m.left, xMax = m.left + m.width;
    const double top = r.top() + 6, bottom = r.bottom() - 6, h = bottom - top;
    const double mid = (top + bottom) / 2;
    QFont small = font();
    p.setFont(small);

    // Span texts are drawn last, over the pause hatching, each on its span's colour.
    struct SpanText {
        double x0, x1, top, height;
        QString text;
        QColor fg, bg;
    };
    std::vector<SpanText> texts;
    // No text is tried in spans narrower than this: measuring text costs more than drawing.
    const double minTextWidth = QFontMetrics(font()).averageCharWidth() * 6.0;
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
                    text = tr("waiting for %1").arg(m_run->text(s.key));
                break;
            case ClientState::Phase::Holding:
                if (labelled)
                    text = s.keys > 1 ? tr("holds %n lock(s)", nullptr, int(s.keys))
                                      : tr("holds %1").arg(m_run->text(s.key));
                break;
            default:
                alpha = 110;
                if (labelled)
                    text = tr("releasing");
                break;
            }
            const QRectF rect(x0, mid - hh / 2, qMax(1.0, x1 - x0), hh);
            const QColor fill = withAlpha(c, alpha);
            p.fillRect(rect, fill);
            if (!merged && qMin(x1, xMax) - qMax(x0, xMin) > minTextWidth)
                texts.push_back({x0, x1, mid - h * 0.31, h * 0.62, text, th.text, QColor()});
        });
    forVisibleSpans(
        lane.critical, m, xMin, xMax, [&](const TimeSpan &, double x0, double x1, bool merged) {
            p.fillRect(QRectF(x0, top, qMax(1.0, x1 - x0), h), c);
            if (!merged && qMin(x1, xMax) - qMax(x0, xMin) > minTextWidth) {
                // Replaces the phase's text under it.
                std::erase_if(texts, [&](const SpanText &t) { return t.x0 < x1 && t.x1 > x0; });
                texts.push_back({x0, x1, top, h, tr("critical section"), Theme::textOn(c), c});
            }
        });
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
                            const QFontMetrics fm(p.font());
                            double a = qMax(x0, xMin) + 6;
                            const double w = fm.horizontalAdvance(text) + 10;
                            if (qMin(x1, xMax) - a > w + 4 &&
                                clearOfPlayhead(&a, w, qMax(x0, xMin) + 2, qMin(x1, xMax) - 2, m))
                                drawPill(p, QPointF(a, mid - (fm.height() + 2) / 2.0), text,
                                         th.paused, th.base);
                        }
                    });
    {
        const QFontMetrics fm(p.font());
        for (const SpanText &t : texts) {
            const double a = qMax(t.x0, xMin) + 4, b = qMin(t.x1, xMax) - 4;
            const double w = fm.horizontalAdvance(t.text);
            if (b - a < w + 12)
                continue;
            // Centred in the span, or beside the play head when it would cross the text.
            double left = (a + b) / 2 - w / 2 - 5;
            if (!clearOfPlayhead(&left, w + 10, a, b, m))
                continue;
            if (t.bg.isValid()) {
                drawPill(p, QPointF(left, t.top + (t.height - fm.height() - 2) / 2), t.text, t.bg,
                         t.fg);
            } else {
                p.setPen(t.fg);
                p.drawText(QRectF(left, t.top, w + 10, t.height), Qt::AlignCenter, t.text);
            }
        }
    }
    if (lane.crashedAtUs >= 0 && lane.crashedAtUs <= m.endUs) {
        const double x0 = qMax(xMin, m.mapTimeToX(lane.crashedAtUs));
        const double x1 = qMin(xMax, m.mapTimeToX(m_run->endUs()));
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
    // Commands: small ticks along the bottom edge.
    {
        QVarLengthArray<QLineF, 512> ticks;
        forVisiblePoints(
            lane.commandTimes, m, xMin, xMax, 2.0, [](qint64 t) { return t; },
            [&](qint64, double x) {
                x = std::floor(x) + 0.5;
                ticks.append(QLineF(x, r.bottom() - 4, x, r.bottom()));
            });
        p.setPen(QPen(withAlpha(c, 200), 1));
        p.drawLines(ticks.constData(), int(ticks.size()));
    }

    // Markers.
    const double size = markerSize(h);
    auto drawMarker = [&](const Marker &mk, double x) {
        paintMarker(p, int(mk.kind), QPointF(x, mid), c, size);
    };
    auto timeOf = [](const Marker &mk) { return mk.timeUs; };
    if (isDense(lane.markers, m, size)) {
        // Too many to tell apart: a plain tick per mark, cheap to draw.
        QVarLengthArray<QRectF, 512> ticks;
        forVisiblePoints(lane.markers, m, xMin, xMax, 3.0, timeOf, [&](const Marker &, double x) {
            ticks.append(QRectF(std::floor(x), mid - size, 2, 2 * size));
        });
        p.setPen(Qt::NoPen);
        p.setBrush(th.text);
        p.drawRects(ticks.constData(), int(ticks.size()));
        p.setBrush(Qt::NoBrush);
    } else {
        forVisiblePoints(lane.markers, m, xMin, xMax, size * 1.6, timeOf, drawMarker);
    }
    forVisiblePoints(lane.alerts, m, xMin, xMax, alertGap(lane.alerts, m, size), timeOf,
                     drawMarker);
}

void TimelineWidget::paintKeyLane(QPainter &p, const TimelineRow &row, const QRect &r,
                                  const TimeLineMapping &m) const
{
    const Theme &th = m_theme;
    const KeyLane &lane = m_run->keyLanes()[std::size_t(row.index)];
    const double xMin = m.left, xMax = m.left + m.width;
    const double top = r.top() + 6, bottom = r.bottom() - 6, h = bottom - top;
    const double mid = (top + bottom) / 2;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);

    const qint64 ttlMax = std::size_t(row.index) < m_laneTtlMaxMs.size()
                              ? m_laneTtlMaxMs[std::size_t(row.index)]
                              : m_ttlMaxMs;
    auto ttlY = [&](qint64 ttlMs) {
        return bottom - h * qBound(0.0, double(ttlMs) / double(ttlMax), 1.0);
    };
    forVisibleSpans(
        lane.spans, m, xMin, xMax, [&](const KeySpan &s, double x0, double x1, bool merged) {
            const QColor c = th.client(s.owner);
            if (merged) {
                p.fillRect(QRectF(x0, top, 1, h), withAlpha(c, 170));
                return;
            }
            // Clamp to the visible area, so that deep zooms keep sane coordinates.
            const double a = qMax(x0, xMin - 2), b = qMin(x1, xMax + 2);
            p.fillRect(QRectF(a, top, b - a, h), withAlpha(c, th.dark ? 60 : 45));
            if (s.ttlMs < 0) {
                p.fillRect(QRectF(a, top, b - a, h), withAlpha(c, 150));
                p.setPen(QPen(th.problem, 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(x0 + 1, top + 1, x1 - x0 - 2, h - 2));
                p.setFont(bold);
                const QString text = tr("no TTL");
                double left = a + 30;
                const double w = bfm.horizontalAdvance(text) + 10;
                if (b - a > w + 50 && clearOfPlayhead(&left, w, a + 2, b - 2, m))
                    drawPill(p, QPointF(left, mid - (bfm.height() + 2) / 2.0), text, th.problem,
                             Qt::white);
            } else {
                const qint64 ta = qMax(s.startUs, m.mapXToTime(a));
                const qint64 tb = qMin(s.endUs, m.mapXToTime(b));
                QPolygonF wedge;
                wedge << QPointF(a, bottom) << QPointF(a, ttlY(s.ttlAt(ta)))
                      << QPointF(b, ttlY(s.ttlAt(tb))) << QPointF(b, bottom);
                p.setPen(Qt::NoPen);
                p.setBrush(withAlpha(c, 210));
                p.setRenderHint(QPainter::Antialiasing, true);
                p.drawPolygon(wedge);
                p.setRenderHint(QPainter::Antialiasing, false);
                p.setBrush(Qt::NoBrush);
            }
            // The owner's name at the start of its span, inside the TTL wedge.
            p.setFont(bold);
            const QString owner = m_run->clientName(s.owner);
            const double ow = bfm.horizontalAdvance(owner);
            // Clear of a mark at the span's start (an expiry, a write), and of the play head.
            double lx = a + markerSize(h) + 6;
            if (b - a > ow + markerSize(h) + 12 && clearOfPlayhead(&lx, ow, lx, b - 2, m)) {
                const bool inWedge = s.ttlMs < 0 || s.ttlAt(m.mapXToTime(lx)) * 2 > ttlMax;
                p.setPen(inWedge ? Theme::textOn(c) : th.text);
                p.drawText(QRectF(lx, mid, ow + 2, bottom - mid), Qt::AlignLeft | Qt::AlignVCenter,
                           owner);
            }
            p.setFont(font());
        });
    forVisibleSpans(
        lane.nodeDown, m, xMin, xMax, [&](const TimeSpan &, double x0, double x1, bool merged) {
            const QRectF rect(x0, top - 3, qMax(1.0, x1 - x0), h + 6);
            p.fillRect(rect, QBrush(th.crashed, Qt::DiagCrossPattern));
            if (!merged) {
                p.setFont(bold);
                const QString text = tr("%1 down").arg(lane.nodeName);
                const double w = bfm.horizontalAdvance(text) + 10;
                double left = qMax(x0, xMin) + 6;
                if (qMin(x1, xMax) - qMax(x0, xMin) > w + 10 &&
                    clearOfPlayhead(&left, w, qMax(x0, xMin) + 2, qMin(x1, xMax) - 2, m))
                    drawPill(p, QPointF(left, bottom - bfm.height() - 2), text, th.crashed,
                             th.base);
                p.setFont(font());
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
    auto drawMarker = [&](const Marker &mk, double x) {
        const Event &e = m_run->event(mk.event);
        const QColor c = th.client(e.owner >= 0 ? e.owner : e.client);
        paintMarker(p, int(mk.kind), QPointF(x, mid), c, size);
        if (!roomForLabels)
            return;
        QString text;
        QColor fill;
        switch (mk.kind) {
        case MarkerKind::MistakenDeletion:
            text = tr("%1 deleted %2's lock")
                       .arg(m_run->clientName(e.client), m_run->clientName(e.owner));
            fill = th.problem;
            break;
        case MarkerKind::Expired:
            text = tr("expired");
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
            text = tr("%1 restarted").arg(m_run->nodeName(e.node));
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
            text = tr("%1 restarted").arg(m_run->nodeName(e.node));
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
        const double w = bfm.horizontalAdvance(text) + 10;
        double left = qMax(xMin + 2, x - size - 4 - w);
        if (clearOfPlayhead(&left, w, xMin + 2, xMax - 2, m))
            drawPill(p, QPointF(left, top - 2), text, fill,
                     mk.kind == MarkerKind::Expired || mk.kind == MarkerKind::NodeUp ||
                             mk.kind == MarkerKind::NodeDown
                         ? QColor(Qt::black)
                         : QColor(Qt::white));
        p.setFont(font());
    };
    if (isDense(lane.markers, m, size)) {
        forVisiblePoints(lane.markers, m, xMin, xMax, 3.0, timeOf, [&](const Marker &mk, double x) {
            const Event &e = m_run->event(mk.event);
            p.fillRect(QRectF(std::floor(x), mid - size, 2, 2 * size),
                       th.client(e.owner >= 0 ? e.owner : e.client));
        });
    } else {
        forVisiblePoints(lane.markers, m, xMin, xMax, size * 1.6, timeOf, drawMarker);
    }
    forVisiblePoints(lane.alerts, m, xMin, xMax, alertGap(lane.alerts, m, size), timeOf,
                     drawMarker);
}

void TimelineWidget::paintMarker(QPainter &p, int kind, const QPointF &c, const QColor &color,
                                 double s) const
{
    const Theme &th = m_theme;
    const QPen halo(th.base, 2.5);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    switch (MarkerKind(kind)) {
    case MarkerKind::Acquired:
        p.setPen(QPen(th.text, 1.5));
        p.setBrush(color);
        p.drawEllipse(c, s, s);
        break;
    case MarkerKind::Released:
        p.setPen(QPen(th.text, 2));
        p.setBrush(th.base);
        p.drawEllipse(c, s * 0.85, s * 0.85);
        break;
    case MarkerKind::ReleaseNotHeld:
        p.setPen(QPen(th.warning, 2));
        p.setBrush(th.base);
        p.drawEllipse(c, s * 0.85, s * 0.85);
        p.drawLine(c + QPointF(-s * 0.6, s * 0.6), c + QPointF(s * 0.6, -s * 0.6));
        break;
    case MarkerKind::GaveUp:
    case MarkerKind::DataLost:
        p.setPen(QPen(th.mutedText, 2.5));
        p.drawLine(c + QPointF(-s * 0.7, -s * 0.7), c + QPointF(s * 0.7, s * 0.7));
        p.drawLine(c + QPointF(-s * 0.7, s * 0.7), c + QPointF(s * 0.7, -s * 0.7));
        break;
    case MarkerKind::Crashed:
        p.setPen(QPen(th.text, 3.5));
        p.drawLine(c + QPointF(-s, -s), c + QPointF(s, s));
        p.drawLine(c + QPointF(-s, s), c + QPointF(s, -s));
        break;
    case MarkerKind::ResourceWrite: {
        QPolygonF d;
        d << c + QPointF(0, -s * 0.7) << c + QPointF(s * 0.7, 0) << c + QPointF(0, s * 0.7)
          << c + QPointF(-s * 0.7, 0);
        p.setPen(QPen(th.text, 1.2));
        p.setBrush(th.base);
        p.drawPolygon(d);
        break;
    }
    case MarkerKind::StaleRejected:
        p.setPen(halo);
        p.setBrush(th.problem);
        p.drawEllipse(c, s, s);
        p.setPen(QPen(Qt::white, 2.5));
        p.drawLine(c + QPointF(-s * 0.55, 0), c + QPointF(s * 0.55, 0));
        break;
    case MarkerKind::ReplyMissing:
        p.setPen(QPen(th.warning, 2, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(c, s * 0.8, s * 0.8);
        break;
    case MarkerKind::Expired: {
        // An hourglass.
        QPolygonF g;
        g << c + QPointF(-s * 0.75, -s) << c + QPointF(s * 0.75, -s) << c
          << c + QPointF(s * 0.75, s) << c + QPointF(-s * 0.75, s) << c;
        p.setPen(QPen(th.base, 1.2));
        p.setBrush(th.warning);
        p.drawPolygon(g);
        break;
    }
    case MarkerKind::Renewed: {
        p.setPen(QPen(th.good, 2.2));
        p.setBrush(Qt::NoBrush);
        const QRectF box(c.x() - s * 0.75, c.y() - s * 0.75, s * 1.5, s * 1.5);
        p.drawArc(box, 60 * 16, 270 * 16);
        QPolygonF head;
        const QPointF tip = c + QPointF(s * 0.375, -s * 0.65);
        head << tip + QPointF(-s * 0.1, -s * 0.45) << tip + QPointF(s * 0.5, s * 0.05)
             << tip + QPointF(-s * 0.2, s * 0.35);
        p.setPen(Qt::NoPen);
        p.setBrush(th.good);
        p.drawPolygon(head);
        break;
    }
    case MarkerKind::Deleted:
        p.setPen(QPen(th.text, 2));
        p.drawLine(c + QPointF(0, -s * 1.1), c + QPointF(0, s * 1.1));
        break;
    case MarkerKind::MistakenDeletion:
        p.setPen(QPen(th.base, 6.5, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(c + QPointF(-s, -s), c + QPointF(s, s));
        p.drawLine(c + QPointF(-s, s), c + QPointF(s, -s));
        p.setPen(QPen(th.problem, 3.5, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(c + QPointF(-s, -s), c + QPointF(s, s));
        p.drawLine(c + QPointF(-s, s), c + QPointF(s, -s));
        break;
    case MarkerKind::NodeDown:
    case MarkerKind::NodeUp: {
        const double dir = MarkerKind(kind) == MarkerKind::NodeDown ? 1 : -1;
        QPolygonF t;
        t << c + QPointF(-s, -s * dir) << c + QPointF(s, -s * dir) << c + QPointF(0, s * dir);
        p.setPen(halo);
        p.setBrush(MarkerKind(kind) == MarkerKind::NodeDown ? th.crashed : th.good);
        p.drawPolygon(t);
        break;
    }
    case MarkerKind::Failover:
    case MarkerKind::ClockJump: {
        const QColor col = MarkerKind(kind) == MarkerKind::Failover ? th.selection : th.warning;
        p.setPen(QPen(col, 2.5));
        for (double dx : {-s * 0.5, s * 0.3}) {
            p.drawLine(c + QPointF(dx - s * 0.3, -s * 0.7), c + QPointF(dx + s * 0.3, 0));
            p.drawLine(c + QPointF(dx + s * 0.3, 0), c + QPointF(dx - s * 0.3, s * 0.7));
        }
        break;
    }
    }
    Q_UNUSED(color);
    p.restore();
}

void TimelineWidget::paintViolations(QPainter &p, const QRect &lanes, int scrollY,
                                     const TimeLineMapping &m) const
{
    const Theme &th = m_theme;
    const double xMin = m.left, xMax = m.left + m.width;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    double lastX = -1e9;
    for (const ViolationBand &band : m_run->violations()) {
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
            const int row = m_layout.rowOfClient(c);
            if (row < 0)
                continue;
            top = qMin(top, m_layout.rows()[std::size_t(row)].y);
            bottom = qMax(bottom, m_layout.rows()[std::size_t(row)].y +
                                      m_layout.rows()[std::size_t(row)].h);
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
        p.setFont(font());
    }
}

void TimelineWidget::paintLabel(QPainter &p, const TimelineRow &row, const QRect &r) const
{
    const Theme &th = m_theme;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm(font()), bfm(bold);
    const int x = r.left() + 10;
    if (row.kind == TimelineRow::Kind::Header) {
        QFont f = scaledFont(font(), 0.85, true);
        p.setFont(f);
        p.setPen(th.mutedText);
        p.drawText(QRect(x, r.top(), r.width() - 14, r.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   row.title);
        p.setFont(font());
        return;
    }
    if (row.h < bfm.height() + fm.height() + 14) { // compact: name and status on one line
        const int mid = r.top() + (r.height() - bfm.height()) / 2;
        int nameX = x;
        QString name, status;
        if (row.kind == TimelineRow::Kind::Client) {
            const ClientLane &lane = m_run->clientLanes()[std::size_t(row.index)];
            p.setPen(Qt::NoPen);
            p.setBrush(th.client(lane.client));
            p.drawRoundedRect(QRectF(x, mid + (bfm.height() - 14) / 2.0, 14, 14), 3, 3);
            nameX = x + 22;
            name = lane.name;
            status = clientStatusAt(*m_run, row.index, m_playheadUs);
        } else {
            const KeyLane &lane = m_run->keyLanes()[std::size_t(row.index)];
            name = lane.keyName;
            status = lane.nodeName + QStringLiteral(" · ") +
                     keyStatusAt(*m_run, row.index, m_playheadUs);
        }
        const int avail = r.right() - 8 - nameX;
        p.setFont(bold);
        p.setPen(th.text);
        const QString shownName = bfm.elidedText(name, Qt::ElideRight, avail);
        p.drawText(QRect(nameX, mid, avail, bfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   shownName);
        p.setFont(font());
        const int sx = nameX + bfm.horizontalAdvance(shownName) + 8;
        if (sx < r.right() - 8) {
            p.setPen(status.endsWith(tr("no TTL!")) ? th.problem : th.mutedText);
            p.drawText(QRect(sx, mid, r.right() - 8 - sx, bfm.height()),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(status, Qt::ElideRight, r.right() - 8 - sx));
        }
        return;
    }
    const int line1 = r.top() + 6, line2 = line1 + bfm.height() + 2;
    if (row.kind == TimelineRow::Kind::Client) {
        const ClientLane &lane = m_run->clientLanes()[std::size_t(row.index)];
        const QColor c = th.client(lane.client);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawRoundedRect(QRectF(x, line1 + (bfm.height() - 14) / 2.0, 14, 14), 3, 3);
        p.setFont(bold);
        p.setPen(th.text);
        p.drawText(QRect(x + 22, line1, r.width() - 36, bfm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   bfm.elidedText(lane.name, Qt::ElideRight, r.width() - 36));
        p.setFont(font());
        p.setPen(th.mutedText);
        p.drawText(QRect(x + 22, line2, r.width() - 36, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(clientStatusAt(*m_run, row.index, m_playheadUs), Qt::ElideRight,
                                 r.width() - 36));
        return;
    }
    const KeyLane &lane = m_run->keyLanes()[std::size_t(row.index)];
    p.setFont(bold);
    p.setPen(th.text);
    const int kw = bfm.horizontalAdvance(lane.keyName);
    p.drawText(QRect(x, line1, r.width() - 16, bfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               bfm.elidedText(lane.keyName, Qt::ElideRight, r.width() - 16));
    p.setFont(font());
    p.setPen(th.mutedText);
    if (kw + 8 < r.width() - 16)
        p.drawText(
            QRect(x + kw + 8, line1, r.width() - 24 - kw, bfm.height()),
            Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(tr("on %1").arg(lane.nodeName), Qt::ElideRight, r.width() - 24 - kw));
    const QString status = keyStatusAt(*m_run, row.index, m_playheadUs);
    p.setPen(status == tr("no TTL!") ? th.problem : th.mutedText);
    p.drawText(QRect(x, line2, r.width() - 16, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(status, Qt::ElideRight, r.width() - 16));
}

void TimelineWidget::paintLegend(QPainter &p, const QRect &r) const
{
    const Theme &th = m_theme;
    p.save();
    p.fillRect(r, th.header);
    p.setPen(th.grid);
    p.drawLine(r.topLeft(), r.topRight());
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm(font());
    const QColor c = th.client(0);
    const int lineH = fm.height() + 8;
    int x = r.left() + 8, y = r.top() + 4;
    auto item = [&](const QString &text, auto drawSwatch) {
        const int w = 30 + fm.horizontalAdvance(text) + 16;
        if (x + w > r.right() - 8 && x > r.left() + 8) {
            x = r.left() + 8;
            y += lineH;
        }
        const QRectF sw(x, y + (lineH - 14) / 2.0, 24, 14);
        drawSwatch(sw);
        p.setPen(th.text);
        p.drawText(QRect(x + 30, y, w - 30, lineH), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += w;
    };
    const double ms = 6.5;
    using Swatch = LegendItem::Swatch;
    for (const LegendItem &legend : m_legend) {
        item(legendText(legend), [&](const QRectF &s) {
            switch (legend.swatch) {
            case Swatch::Waiting:
                p.fillRect(s.adjusted(0, 4, 0, -4), withAlpha(c, th.dark ? 110 : 85));
                break;
            case Swatch::Holding:
                p.fillRect(s.adjusted(0, 2, 0, -2), withAlpha(c, 150));
                break;
            case Swatch::Critical:
                p.fillRect(s, c);
                break;
            case Swatch::Paused:
                p.fillRect(s, QBrush(th.paused, Qt::BDiagPattern));
                p.setPen(QPen(th.paused, 1, Qt::DashLine));
                p.drawLine(s.topLeft(), s.topRight());
                p.drawLine(s.bottomLeft(), s.bottomRight());
                break;
            case Swatch::Crashed:
                p.fillRect(s.adjusted(0, 3, 0, -3), QBrush(th.crashed, Qt::Dense4Pattern));
                break;
            case Swatch::TtlLeft: {
                p.fillRect(s, withAlpha(c, th.dark ? 60 : 45));
                QPolygonF w;
                w << s.bottomLeft() << s.topLeft() << s.bottomRight();
                p.setPen(Qt::NoPen);
                p.setBrush(withAlpha(c, 210));
                p.drawPolygon(w);
                break;
            }
            case Swatch::NoTtl:
                p.fillRect(s, withAlpha(c, 150));
                p.setPen(QPen(th.problem, 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(s.adjusted(1, 1, -1, -1));
                break;
            case Swatch::TwoHolders:
                p.fillRect(s, withAlpha(th.problem, th.dark ? 70 : 55));
                p.setPen(QPen(th.problem, 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(s.adjusted(1, 1, -1, -1));
                break;
            case Swatch::NodeDown:
                p.fillRect(s, QBrush(th.crashed, Qt::DiagCrossPattern));
                break;
            case Swatch::Command: {
                // As along a client lane's bottom edge: a few ticks.
                p.setPen(QPen(withAlpha(c, 200), 1));
                for (double dx : {4.5, 9.5, 12.5, 19.5})
                    p.drawLine(QPointF(s.left() + dx, s.bottom() - 4),
                               QPointF(s.left() + dx, s.bottom()));
                break;
            }
            case Swatch::Caption: {
                // As on the time axis.
                const double fx = s.left() + 8, top = s.top();
                QPainterPath flag;
                flag.moveTo(fx, top);
                flag.lineTo(fx + 9, top + 4);
                flag.lineTo(fx, top + 8);
                flag.closeSubpath();
                p.setPen(QPen(th.selection, 1.5));
                p.drawLine(QPointF(fx, top), QPointF(fx, top + 12));
                p.fillPath(flag, th.selection);
                break;
            }
            case Swatch::Marker:
                paintMarker(p, int(legend.marker), s.center(), c, ms);
                break;
            }
        });
    }
    p.restore();
}

// --- what is where ----------------------------------------------------------------------------

int TimelineWidget::rowOfEvent(qint64 event) const
{
    return m_run ? m_layout.rowOfEvent(*m_run, event) : -1;
}

TimelineWidget::Hit TimelineWidget::hitTest(const QPoint &pos) const
{
    Hit hit;
    if (!m_run)
        return hit;
    const TimeLineMapping m = mapping();
    hit.timeUs = m.mapXToTime(pos.x());
    if (pos.y() < m_layout.metrics().axisHeight) {
        hit.area = Hit::Area::Axis;
        // A caption flag?
        for (quint32 ev : m_run->captionEvents()) {
            if (qAbs(m.mapTimeToX(m_run->event(ev).timeUs) - pos.x()) <= 6 && pos.y() < 18) {
                hit.event = ev;
                hit.description = formatTime(m_run->event(ev).timeUs) + QStringLiteral(" — ") +
                                  m_run->text(m_run->event(ev).text);
            }
        }
        return hit;
    }
    const QRect lanes = lanesRect();
    if (!lanes.contains(pos))
        return hit;
    hit.row = m_layout.rowAt(pos.y() - lanes.top() + verticalScrollBar()->value());
    if (hit.row >= 0) {
        const TimelineRow &r = m_layout.rows()[std::size_t(hit.row)];
        if (r.kind == TimelineRow::Kind::Client)
            hit.client = m_run->clientLanes()[std::size_t(r.index)].client;
        else if (r.kind == TimelineRow::Kind::Key) {
            hit.keyLane = r.index;
            hit.node = m_run->keyLanes()[std::size_t(r.index)].node;
        }
    }
    hit.area = pos.x() < m_layout.metrics().labelWidth ? Hit::Area::Label : Hit::Area::Lane;
    if (hit.row < 0 || hit.area != Hit::Area::Lane)
        return hit;
    const TimelineRow &row = m_layout.rows()[std::size_t(hit.row)];
    if (row.kind == TimelineRow::Kind::Header)
        return hit;

    // The nearest marker within a few pixels; commands if nothing else.
    const std::vector<Marker> &markers = row.kind == TimelineRow::Kind::Client
                                             ? m_run->clientLanes()[std::size_t(row.index)].markers
                                             : m_run->keyLanes()[std::size_t(row.index)].markers;
    const double radius = 8;
    const qint64 t0 = m.mapXToTime(pos.x() - radius), t1 = m.mapXToTime(pos.x() + radius);
    double best = radius + 1;
    auto it = std::lower_bound(markers.begin(), markers.end(), t0,
                               [](const Marker &mk, qint64 t) { return mk.timeUs < t; });
    for (; it != markers.end() && it->timeUs <= t1; ++it) {
        const double d = qAbs(m.mapTimeToX(it->timeUs) - pos.x());
        if (d < best || (d == best && isAlert(it->kind))) {
            best = d;
            hit.event = it->event;
        }
    }
    if (hit.event < 0 && row.kind == TimelineRow::Kind::Client) {
        const auto &cmds = m_run->clientLanes()[std::size_t(row.index)].commands;
        const auto &events = m_run->log().events();
        const qint64 c0 = m.mapXToTime(pos.x() - 3), c1 = m.mapXToTime(pos.x() + 3);
        auto ct = std::lower_bound(cmds.begin(), cmds.end(), c0,
                                   [&](quint32 e, qint64 t) { return events[e].timeUs < t; });
        if (ct != cmds.end() && events[*ct].timeUs <= c1)
            hit.event = *ct;
    }
    if (hit.event >= 0) {
        const Event &e = m_run->event(quint32(hit.event));
        QString text = describeEvent(e, m_run->log());
        if (e.kind == EventKind::CommandSent)
            text =
                tr("%1 → %2: %3")
                    .arg(m_run->clientName(e.client), m_run->nodeName(e.node), m_run->text(e.text));
        hit.description = formatTime(e.timeUs) + QStringLiteral(" — ") + text;
    } else {
        hit.description = describeSpanAt(*m_run, row, hit.timeUs);
    }
    return hit;
}

QPoint TimelineWidget::eventPosition(qint64 event) const
{
    const int row = rowOfEvent(event);
    if (row < 0)
        return {};
    const TimelineRow &r = m_layout.rows()[std::size_t(row)];
    const double x = mapping().mapTimeToX(m_run->event(quint32(event)).timeUs);
    return QPoint(int(std::lround(x)),
                  lanesRect().top() + r.y - verticalScrollBar()->value() + r.h / 2);
}

// --- input ------------------------------------------------------------------------------------

bool TimelineWidget::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const Hit hit = hitTest(help->pos());
        if (!hit.description.isEmpty())
            QToolTip::showText(help->globalPos(), hit.description, viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void TimelineWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_run) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    m_pressPos = event->position().toPoint();
    m_pressViewStartUs = m_viewStartUs;
    m_pressScrollY = verticalScrollBar()->value();
    if (m_pressPos.y() < m_layout.metrics().axisHeight &&
        m_pressPos.x() >= m_layout.metrics().labelWidth) {
        const Hit hit = hitTest(m_pressPos);
        m_drag = Drag::Scrub;
        Q_EMIT seekRequested(hit.event >= 0 ? m_run->event(quint32(hit.event)).timeUs
                                            : qBound<qint64>(0, hit.timeUs, m_run->endUs()));
    } else if (event->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Range;
        m_rangeFromX = m_rangeToX = m_pressPos.x();
    } else {
        m_drag = Drag::Pending;
    }
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    switch (m_drag) {
    case Drag::Scrub:
        Q_EMIT seekRequested(qBound<qint64>(0, mapping().mapXToTime(pos.x()), m_run->endUs()));
        return;
    case Drag::Range:
        m_rangeToX = pos.x();
        viewport()->update();
        return;
    case Drag::Pending:
        if ((pos - m_pressPos).manhattanLength() < 5)
            return;
        m_drag = Drag::Pan;
        viewport()->setCursor(Qt::ClosedHandCursor);
        [[fallthrough]];
    case Drag::Pan: {
        const qint64 span = m_viewEndUs - m_viewStartUs;
        const qint64 start =
            m_pressViewStartUs -
            qint64(std::llround((pos.x() - m_pressPos.x()) * mapping().usPerPixel()));
        setViewRange(start, start + span);
        verticalScrollBar()->setValue(m_pressScrollY - (pos.y() - m_pressPos.y()));
        return;
    }
    case Drag::None:
        break;
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    const Drag drag = m_drag;
    m_drag = Drag::None;
    viewport()->unsetCursor();
    if (event->button() != Qt::LeftButton)
        return;
    if (drag == Drag::Range) {
        const int a = qMin(m_rangeFromX, m_rangeToX), b = qMax(m_rangeFromX, m_rangeToX);
        if (b - a > 4) {
            pushZoom();
            const TimeLineMapping m = mapping();
            setViewRange(m.mapXToTime(a), m.mapXToTime(b));
        }
        viewport()->update();
    } else if (drag == Drag::Pending) {
        const Hit hit = hitTest(event->position().toPoint());
        setSelectedEvent(hit.event);
        Q_EMIT eventSelected(hit.event);
    }
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (!m_run || event->button() != Qt::LeftButton)
        return;
    const Hit hit = hitTest(event->position().toPoint());
    if (hit.area == Hit::Area::Lane)
        Q_EMIT seekRequested(hit.event >= 0 ? m_run->event(quint32(hit.event)).timeUs
                                            : qBound<qint64>(0, hit.timeUs, m_run->endUs()));
}

void TimelineWidget::wheelEvent(QWheelEvent *event)
{
    if (!m_run)
        return;
    const QPoint angle = event->angleDelta();
    if (event->modifiers() & Qt::AltModifier) {
        const int d = angle.y() ? angle.y() : angle.x();
        verticalScrollBar()->setValue(verticalScrollBar()->value() -
                                      d * m_layout.metrics().laneHeight / 120);
    } else if ((event->modifiers() & Qt::ShiftModifier) || qAbs(angle.x()) > qAbs(angle.y())) {
        const int d = angle.x() ? angle.x() : angle.y();
        panByPixels(-d * mapping().width / 1200.0);
    } else if (angle.y() != 0) {
        pushZoomCoalesced();
        const qint64 around = mapping().mapXToTime(event->position().x());
        zoomBy(std::pow(1.25, angle.y() / 120.0), around);
    }
    event->accept();
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    const TimeLineMapping m = mapping();
    const qint64 pivot = m_playheadUs >= m_viewStartUs && m_playheadUs <= m_viewEndUs
                             ? m_playheadUs
                             : (m_viewStartUs + m_viewEndUs) / 2;
    switch (event->key()) {
    case Qt::Key_W:
        pushZoomCoalesced();
        zoomBy(1.3, pivot);
        break;
    case Qt::Key_S:
        pushZoomCoalesced();
        zoomBy(1 / 1.3, pivot);
        break;
    case Qt::Key_A:
        panByPixels(-m.width * 0.12);
        break;
    case Qt::Key_D:
        panByPixels(m.width * 0.12);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TimelineWidget::contextMenuEvent(QContextMenuEvent *event)
{
    const Hit hit = hitTest(event->pos());
    if (hit.client >= 0)
        Q_EMIT clientMenuRequested(hit.client, event->globalPos());
    else if (hit.node >= 0)
        Q_EMIT nodeMenuRequested(hit.node, event->globalPos());
}

} // namespace lockscope::ui
