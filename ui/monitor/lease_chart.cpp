#include "lease_chart.h"

#include "common/theme.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <cmath>

namespace lockscope::ui {

namespace {

constexpr qint64 kMinSpanUs = 10'000'000;  // never less than 10 s in view
constexpr qint64 kMaxSpanUs = 120'000'000; // nor more than 2 min: a sawtooth must stay legible
constexpr int kLeasesInView = 5;           // else about five leases
constexpr double kHitPx = 6;               // how near the pointer must be to a mark

QString secondsText(qint64 ms)
{
    return LeaseChart::tr("%1 s").arg(double(ms) / 1000.0, 0, 'f', ms < 10000 ? 2 : 1);
}

} // namespace

double LeaseChart::Frame::x(qint64 timeUs) const
{
    return plot.left() +
           plot.width() * double(timeUs - fromUs) / double(qMax<qint64>(1, toUs - fromUs));
}

double LeaseChart::Frame::y(qint64 ttlMs) const
{
    return plot.bottom() -
           plot.height() * double(qBound<qint64>(0, ttlMs, maxTtlMs)) / double(maxTtlMs);
}

qint64 LeaseChart::Frame::timeAt(double px) const
{
    return fromUs + qint64(double(toUs - fromUs) * (px - plot.left()) / qMax(1.0, plot.width()));
}

LeaseChart::LeaseChart(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void LeaseChart::setTrace(LeaseTrace trace, QHash<qint16, QString> ownerNames, bool live)
{
    m_trace = std::move(trace);
    m_ownerNames = std::move(ownerNames);
    m_live = live;
    update();
}

void LeaseChart::clear()
{
    m_trace = {};
    m_ownerNames.clear();
    update();
}

QString LeaseChart::ownerName(qint16 owner) const
{
    return owner < 0 ? tr("nobody known") : m_ownerNames.value(owner, QString::number(owner));
}

QString LeaseChart::summaryText() const
{
    if (!hasTrace())
        return {};
    if (m_trace.stretches.empty())
        return tr("%1: no change seen in this history").arg(QString::fromUtf8(m_trace.key));
    if (m_trace.leaseMs <= 0)
        return tr("%1: no TTL: nothing will ever free it but a release")
            .arg(QString::fromUtf8(m_trace.key));
    QString text = tr("%1 · lease %2 · renewals %3")
                       .arg(QString::fromUtf8(m_trace.key), secondsText(m_trace.leaseMs),
                            QString::number(m_trace.renewals()));
    if (const qint64 least = m_trace.leastRenewalMarginMs(); least >= 0)
        text += tr(" · least margin %1").arg(secondsText(least));
    if (const int late = m_trace.lateRenewals())
        text += tr(" · late %1").arg(late);
    return text;
}

LeaseChart::Frame LeaseChart::frame() const
{
    const QFontMetrics fm = fontMetrics();
    Frame f;
    const int left = fm.horizontalAdvance(secondsText(88888)) + 10;
    const int top = fm.height() + 8;
    const int bottom = fm.height() + 8;
    f.plot = QRectF(left, top, qMax(10, width() - left - 10), qMax(10, height() - top - bottom));
    const qint64 span = qBound(kMinSpanUs, m_trace.leaseMs * 1000 * kLeasesInView, kMaxSpanUs);
    f.toUs = m_trace.endUs;
    f.fromUs = f.toUs - span;
    // A recording shorter than that: from its first change (a live key fills the span as it
    // goes).
    if (!m_live && !m_trace.stretches.empty())
        f.fromUs = qMin(f.toUs - 1'000'000, qMax(f.fromUs, m_trace.stretches.front().startUs));
    f.maxTtlMs = qMax<qint64>(1000, m_trace.leaseMs + m_trace.leaseMs / 10);
    return f;
}

void LeaseChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const Theme th = Theme::forPalette(palette());
    p.fillRect(rect(), th.base);
    p.setPen(th.grid);
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    if (!hasTrace()) {
        p.setPen(th.mutedText);
        p.drawText(rect().adjusted(12, 8, -12, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Select a lock key to see its lease: the TTL over time and how much was "
                      "left at each renewal."));
        return;
    }
    const Frame f = frame();
    p.setPen(th.text);
    p.drawText(QRectF(8, 2, width() - 16, f.plot.top() - 4), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(summaryText(), Qt::ElideRight, width() - 16));
    paintAxes(p, th, f);
    p.save();
    p.setClipRect(f.plot.adjusted(-8, -8, 8, 8));
    p.setRenderHint(QPainter::Antialiasing, true);
    paintStretches(p, th, f);
    p.restore();
}

void LeaseChart::paintAxes(QPainter &p, const Theme &th, const Frame &f) const
{
    const QFontMetrics fm = fontMetrics();
    // The late zone along the bottom, then the monitor's blind stretches.
    if (m_trace.lateThresholdMs > 0) {
        QColor band = th.warning;
        band.setAlpha(th.dark ? 60 : 45);
        const QRectF zone(f.plot.left(), f.y(m_trace.lateThresholdMs), f.plot.width(),
                          f.plot.bottom() - f.y(m_trace.lateThresholdMs));
        p.fillRect(zone, band);
    }
    for (const LeaseTrace::Gap &g : m_trace.gaps) {
        const double x0 = qMax(f.plot.left(), f.x(g.startUs));
        const double x1 = qMin(f.plot.right(), f.x(g.endUs));
        if (x1 > x0)
            p.fillRect(QRectF(x0, f.plot.top(), x1 - x0, f.plot.height()),
                       QBrush(th.mutedText, Qt::BDiagPattern));
    }
    // The TTL axis: 0, the lease, and the grid at each.
    p.setPen(th.grid);
    p.drawLine(QPointF(f.plot.left(), f.plot.bottom()), QPointF(f.plot.right(), f.plot.bottom()));
    p.drawLine(QPointF(f.plot.left(), f.plot.top()), QPointF(f.plot.left(), f.plot.bottom()));
    p.setPen(QPen(th.grid, 1, Qt::DashLine));
    if (m_trace.leaseMs > 0)
        p.drawLine(QPointF(f.plot.left(), f.y(m_trace.leaseMs)),
                   QPointF(f.plot.right(), f.y(m_trace.leaseMs)));
    p.setPen(th.mutedText);
    auto yLabel = [&](qint64 ms) {
        const QRectF r(0, f.y(ms) - fm.height() / 2.0, f.plot.left() - 5, fm.height());
        p.drawText(r, Qt::AlignRight | Qt::AlignVCenter, secondsText(ms));
    };
    yLabel(0);
    if (m_trace.leaseMs > 0)
        yLabel(m_trace.leaseMs);
    // The late threshold, in the warning colour, where it does not crowd the 0 (the hover text
    // and the band say the rest).
    if (m_trace.lateThresholdMs > 0 &&
        f.plot.bottom() - f.y(m_trace.lateThresholdMs) >= fm.height()) {
        p.setPen(th.warning);
        yLabel(m_trace.lateThresholdMs);
    }
    // The time axis: seconds before the end, the end itself "now" for a live monitor.
    const qint64 spanS = (f.toUs - f.fromUs) / 1'000'000;
    const qint64 step = spanS <= 12 ? 2 : spanS <= 30 ? 5 : spanS <= 60 ? 10 : 20;
    const double baseline = f.plot.bottom() + 3;
    p.setPen(th.mutedText);
    for (qint64 s = 0; s <= spanS; s += step) {
        const double x = f.x(f.toUs - s * 1'000'000);
        const QString label = s == 0 ? (m_live ? tr("now") : tr("end")) : tr("−%1 s").arg(s);
        const double w = fm.horizontalAdvance(label);
        const double left = qBound(0.0, x - w / 2, double(width()) - w - 2);
        p.drawText(QPointF(left, baseline + fm.ascent()), label);
        p.setPen(th.grid);
        p.drawLine(QPointF(x, f.plot.bottom()), QPointF(x, f.plot.bottom() + 3));
        p.setPen(th.mutedText);
    }
}

void LeaseChart::paintStretches(QPainter &p, const Theme &th, const Frame &f) const
{
    const std::vector<LeaseStretch> &all = m_trace.stretches;
    const double r = 3.5;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const LeaseStretch &s = all[i];
        if (s.endUs < f.fromUs || s.startUs > f.toUs)
            continue;
        const QColor color = th.client(qMax<qint16>(0, s.owner));
        const qint64 a = qMax(s.startUs, f.fromUs);
        if (s.ttlAtStartMs < 0) { // no TTL: a flat line along the top, in the problem colour
            p.setPen(QPen(th.problem, 2, Qt::DashLine));
            p.drawLine(QPointF(f.x(a), f.plot.top() + 2), QPointF(f.x(s.endUs), f.plot.top() + 2));
            continue;
        }
        // The TTL drains at one second per second until it reaches 0 or the stretch ends.
        const qint64 zeroUs = s.startUs + s.ttlAtStartMs * 1000;
        QPainterPath path(QPointF(f.x(a), f.y(s.ttlAtMs(a))));
        if (zeroUs < s.endUs) {
            path.lineTo(f.x(zeroUs), f.y(0));
            path.lineTo(f.x(s.endUs), f.y(0));
        } else {
            path.lineTo(f.x(s.endUs), f.y(s.marginMs()));
        }
        // A renewal's jump up to the next stretch's TTL.
        if (s.end == LeaseStretch::End::Renewed || s.end == LeaseStretch::End::TtlChanged) {
            if (i + 1 < all.size() && all[i + 1].startUs == s.endUs && all[i + 1].ttlAtStartMs >= 0)
                path.lineTo(f.x(s.endUs), f.y(all[i + 1].ttlAtStartMs));
        }
        p.setPen(QPen(color, 2));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);

        const QPointF end(f.x(s.endUs), f.y(s.marginMs()));
        switch (s.end) {
        case LeaseStretch::End::Renewed:
            if (s.late) { // a warning sign, unlike any owner's line
                const double t = r * 1.9;
                QPolygonF sign;
                sign << end + QPointF(0, -t) << end + QPointF(t * 0.95, t * 0.7)
                     << end + QPointF(-t * 0.95, t * 0.7);
                p.setPen(QPen(th.text, 1.3));
                p.setBrush(th.warning);
                p.drawPolygon(sign);
                p.setPen(QPen(th.text, 1.6));
                p.drawLine(end + QPointF(0, -t * 0.45), end + QPointF(0, t * 0.15));
                p.drawPoint(end + QPointF(0, t * 0.42));
            } else {
                p.setPen(QPen(th.base, 1.5));
                p.setBrush(th.good);
                p.drawEllipse(end, r, r);
            }
            break;
        case LeaseStretch::End::Released:
            p.setPen(QPen(th.text, 1.5));
            p.setBrush(th.base);
            p.drawEllipse(end, r, r);
            break;
        case LeaseStretch::End::Expired:
        case LeaseStretch::End::Lost:
            p.setPen(QPen(s.end == LeaseStretch::End::Expired ? th.warning : th.mutedText, 2.5));
            p.drawLine(end + QPointF(-r, -r), end + QPointF(r, r));
            p.drawLine(end + QPointF(-r, r), end + QPointF(r, -r));
            break;
        default:
            break;
        }
    }
}

QString LeaseChart::endText(const LeaseStretch &s) const
{
    const QString who = ownerName(s.owner);
    switch (s.end) {
    case LeaseStretch::End::Renewed:
        if (!s.marginKnown)
            return tr("%1 renewed (the monitor was blind before, so the margin is unknown)")
                .arg(who);
        if (s.late)
            return tr("%1 renewed late: %2 left, under the late threshold of %3")
                .arg(who, secondsText(s.marginMs()), secondsText(m_trace.lateThresholdMs));
        return tr("%1 renewed with %2 left").arg(who, secondsText(s.marginMs()));
    case LeaseStretch::End::Released:
        return tr("%1 released it with %2 left")
            .arg(who, secondsText(qMax<qint64>(0, s.marginMs())));
    case LeaseStretch::End::Expired:
        return tr("%1's lease ran out: expired, not released").arg(who);
    case LeaseStretch::End::Lost:
        return tr("%1's lock was lost with a restart or a failover").arg(who);
    case LeaseStretch::End::TakenOver:
        return tr("another owner's value replaced %1's").arg(who);
    default:
        return {};
    }
}

QString LeaseChart::hoverText(const QPoint &pos) const
{
    if (!hasTrace() || m_trace.stretches.empty())
        return {};
    const Frame f = frame();
    // A mark near the pointer first: what it was.
    for (const LeaseStretch &s : m_trace.stretches) {
        if (s.end == LeaseStretch::End::Open || s.endUs < f.fromUs || s.endUs > f.toUs)
            continue;
        const QPointF end(f.x(s.endUs), f.y(qMax<qint64>(0, s.marginMs())));
        if (std::abs(end.x() - pos.x()) <= kHitPx && std::abs(end.y() - pos.y()) <= kHitPx * 2) {
            const QString text = endText(s);
            if (!text.isEmpty())
                return text;
        }
    }
    if (!f.plot.contains(pos))
        return {};
    const qint64 t = f.timeAt(pos.x());
    const qint64 agoMs = (f.toUs - t) / 1000;
    const QString when = m_live ? tr("%1 ago").arg(secondsText(agoMs))
                                : tr("%1 before the end").arg(secondsText(agoMs));
    const LeaseStretch *s = m_trace.stretchAt(t);
    if (!s)
        return tr("%1: the key did not exist").arg(when);
    if (s->ttlAtStartMs < 0)
        return tr("%1: held by %2, with no TTL").arg(when, ownerName(s->owner));
    QString text = tr("%1: %2 left of the %3 lease, held by %4")
                       .arg(when, secondsText(s->ttlAtMs(t)), secondsText(s->ttlAtStartMs),
                            ownerName(s->owner));
    if (m_trace.lateThresholdMs > 0 && f.y(m_trace.lateThresholdMs) <= pos.y())
        text += QLatin1Char('\n') + tr("The shaded band is the late zone: a renewal with less than "
                                       "%1 left (a sixth of the lease) is late.")
                                        .arg(secondsText(m_trace.lateThresholdMs));
    return text;
}

void LeaseChart::mouseMoveEvent(QMouseEvent *event)
{
    const QString text = hoverText(event->position().toPoint());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void LeaseChart::leaveEvent(QEvent *)
{
    QToolTip::hideText();
}

void LeaseChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace lockscope::ui
