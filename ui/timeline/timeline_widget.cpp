#include "timeline_widget.h"

#include "common/run_data.h"
#include "sim/explain.h"
#include "timeline_marks.h"
#include "timeline_painter.h"
#include "timeline_status.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace lockscope::ui {

namespace {

constexpr double kMinSpanUs = 20;

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

// The texts of the actions; the painter translates what it draws at paint time.
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
    m_labelPicture.clear(); // its texts are the run's
    m_lanePictures.clear();
    m_legend = m_run && m_legendVisible ? legendItems(*m_run) : std::vector<LegendItem>{};
    m_selectedEvent = -1;
    m_ttlScale = TtlScale::of(m_run.get());
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

void TimelineWidget::setLegendVisible(bool visible)
{
    m_legendVisible = visible;
    m_legend = m_run && m_legendVisible ? legendItems(*m_run) : std::vector<LegendItem>{};
    layoutRows();
    viewport()->update();
}

void TimelineWidget::setOverlay(std::shared_ptr<const RunData> overlay)
{
    m_overlay = std::move(overlay);
    m_labelPicture.clear();
    m_lanePictures.clear();
    m_overlayTtl = TtlScale::of(m_overlay.get());
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
            const TimelineRow r = m_layout.row(std::size_t(row));
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
                              legendHeight(m_legend, font(), viewport()->width()));
    updateScrollBars();
}

QRect TimelineWidget::lanesRect() const
{
    const QRect v = viewport()->rect();
    const TimelineMetrics &metrics = m_layout.metrics();
    return QRect(0, metrics.axisHeight, v.width(),
                 qMax(0, v.height() - metrics.axisHeight - metrics.legendHeight));
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
    // The rows follow the viewport's height and the legend's (which wraps with the width), not
    // the width: when a history's first build brought the scroll bar, laying its 200,000 rows
    // out again took 5 ms for nothing.
    if (m_layout.viewportHeight() == viewport()->height() &&
        m_layout.metrics().legendHeight == legendHeight(m_legend, font(), viewport()->width())) {
        updateScrollBars();
        return;
    }
    layoutRows();
}

void TimelineWidget::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        m_labelPicture.clear();
        m_lanePictures.clear(); // the spans' texts
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
    paintTo(p, viewport()->size(), verticalScrollBar()->value(), false);
}

qint64 TimelineWidget::paintOnceForBenchmark(QImage &target)
{
    QElapsedTimer t;
    t.start();
    QPainter p(&target);
    paintTo(p, target.size(), verticalScrollBar()->value(), false);
    p.end();
    return t.nsecsElapsed();
}

QSize TimelineWidget::exportSize(int width) const
{
    return QSize(width, m_layout.metrics().axisHeight + m_layout.contentHeight() +
                            legendHeight(m_legend, font(), width));
}

void TimelineWidget::renderAll(QPainter &painter, const QSize &size) const
{
    paintTo(painter, size, 0, true);
}

void TimelineWidget::paintTo(QPainter &p, const QSize &size, int scrollY, bool exporting) const
{
    const TimelineViewState view{.playheadUs = m_playheadUs,
                                 .selectedEvent = m_selectedEvent,
                                 .showFuture = m_showFuture,
                                 .exporting = exporting,
                                 .emptyText = m_emptyText,
                                 .choosingRange = m_drag == Drag::Range,
                                 .rangeFromX = m_rangeFromX,
                                 .rangeToX = m_rangeToX};
    const TimelineScene scene{m_run.get(),
                              m_layout,
                              m_legend,
                              m_ttlScale,
                              m_theme,
                              font(),
                              m_run ? m_overlay.get() : nullptr,
                              &m_overlayTtl,
                              exporting ? nullptr : &m_labelPicture,
                              exporting ? nullptr : &m_lanePictures};
    TimelinePainter(scene, view).paint(p, size, mappingFor(size.width()), scrollY);
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
    const TimelineMetrics &metrics = m_layout.metrics();
    if (pos.y() < metrics.axisHeight) {
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
        const TimelineRow r = m_layout.row(std::size_t(hit.row));
        if (r.kind == TimelineRow::Kind::Client)
            hit.client = m_run->clientLanes()[std::size_t(r.index)].client;
        else if (r.kind == TimelineRow::Kind::Key) {
            hit.keyLane = r.index;
            hit.node = m_run->keyLanes()[std::size_t(r.index)].node;
        }
    }
    hit.area = pos.x() < metrics.labelWidth ? Hit::Area::Label : Hit::Area::Lane;
    if (hit.row < 0 || hit.area != Hit::Area::Lane)
        return hit;
    const TimelineRow row = m_layout.row(std::size_t(hit.row));
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
    const TimelineRow r = m_layout.row(std::size_t(row));
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
    const TimelineMetrics &metrics = m_layout.metrics();
    if (m_pressPos.y() < metrics.axisHeight && m_pressPos.x() >= metrics.labelWidth) {
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
