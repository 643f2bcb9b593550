// The monitor page's lease chart: the selected lock key's TTL over the last stretch of its
// history (lease_trace.h), a sawtooth when a watchdog renews it. A band along the bottom is the
// late zone (a renewal arriving with less than a sixth of the lease left, as the lease rhythm
// judges); renewals that came in it are marked, and so are expiries and releases. The header
// sums it up (lease, renewals, least margin, late ones); hovering says the TTL at that instant
// and what each mark was.
#pragma once

#include "monitor/lease_trace.h"

#include <QHash>
#include <QWidget>

namespace lockscope::ui {

struct Theme;

class LeaseChart final : public QWidget {
    Q_OBJECT
public:
    explicit LeaseChart(QWidget *parent = nullptr);

    // Shows `trace`; `live`: its end is now (the axis ends at "now", not at a time).
    // `ownerNames`: by owner index, for the hover text.
    void setTrace(LeaseTrace trace, QHash<qint16, QString> ownerNames, bool live);
    void clear();
    const LeaseTrace &trace() const { return m_trace; }
    bool hasTrace() const { return !m_trace.key.isEmpty(); }
    // The header line (tests and the page's text checks read it).
    QString summaryText() const;
    // What hovering at `pos` says ("" when nothing is there).
    QString hoverText(const QPoint &pos) const;

    QSize sizeHint() const override { return {360, 170}; }
    QSize minimumSizeHint() const override { return {220, 120}; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // Where things go, for painting and for hovering alike.
    struct Frame {
        QRectF plot;
        qint64 fromUs = 0, toUs = 0;
        qint64 maxTtlMs = 1;
        double x(qint64 timeUs) const;
        double y(qint64 ttlMs) const;
        qint64 timeAt(double px) const;
    };
    Frame frame() const;
    void paintAxes(QPainter &p, const Theme &th, const Frame &f) const;
    void paintStretches(QPainter &p, const Theme &th, const Frame &f) const;
    QString endText(const LeaseStretch &s) const;
    QString ownerName(qint16 owner) const;

    LeaseTrace m_trace;
    QHash<qint16, QString> m_ownerNames;
    bool m_live = true;
};

} // namespace lockscope::ui
