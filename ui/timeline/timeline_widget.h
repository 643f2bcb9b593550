// The timeline: one lane per client (waiting, holding, inside the critical section, paused,
// crashed) and one per lock key per node (whose value Redis holds, with the TTL draining), markers
// for acquisitions, releases, expiries, renewals, mistaken deletions and faults, and a red band
// where critical sections overlap. Only the visible time range and lanes are painted; where
// events crowd closer than a pixel, one mark stands for them (so a million events pan smoothly).
//
// Made as hotspot makes its timeline: the rows come from TimelineLayout, the pictures (this
// viewport, the export, the benchmark) from TimelinePainter, the time <-> pixel mapping from
// TimeLineMapping and the zoom history from ZoomStack. This widget holds the view's state and
// does the interaction: zoom, pan, drags, hit-testing, keys, menus and tooltips.
//
// Mouse: wheel zooms around the pointer, Shift+wheel (or a horizontal wheel) pans, Alt+wheel
// scrolls lanes; drag pans; Shift+drag zooms to a range; click selects an event; double-click or
// a click on the time axis moves the playback there; right-click a lane for its fault menu.
// Keys: W/S zoom, A/D pan, F fits the run, Backspace goes back in the zoom history, 0 resets.
#pragma once

#include "common/theme.h"
#include "timeline_lane_painter.h"
#include "timeline_layout.h"
#include "timeline_legend.h"
#include "timeline_mapping.h"
#include "timeline_painter.h"
#include "zoom_stack.h"

#include <QAbstractScrollArea>
#include <QElapsedTimer>

#include <memory>
#include <vector>

class QAction;

namespace lockscope::ui {

class RunData;

class TimelineWidget final : public QAbstractScrollArea {
    Q_OBJECT
public:
    // What is under a point of the viewport.
    struct Hit {
        enum class Area { None, Axis, Label, Lane } area = Area::None;
        int row = -1;        // the layout's row index
        qint16 client = -1;  // a client lane's client
        qint16 node = -1;    // a key lane's node
        int keyLane = -1;    // a key lane's index in RunData::keyLanes()
        qint64 timeUs = 0;   // the time under the point
        qint64 event = -1;   // the event of the marker under the point
        QString description; // for the tooltip
    };

    explicit TimelineWidget(QWidget *parent = nullptr);
    ~TimelineWidget() override;

    void setRun(std::shared_ptr<const RunData> run);
    // Another run of the same scenario drawn into the lower half of each lane (a live run over
    // its simulation); null: none. The axis, playhead and hit-testing stay the run's.
    void setOverlay(std::shared_ptr<const RunData> overlay);
    std::shared_ptr<const RunData> overlay() const { return m_overlay; }
    // Moves the playhead; with `follow`, pages the view so the playhead stays visible.
    void setPlayhead(qint64 timeUs, bool follow = false);
    qint64 playhead() const { return m_playheadUs; }
    void setSelectedEvent(qint64 event);
    qint64 selectedEvent() const { return m_selectedEvent; }
    void setShowFuture(bool show); // false: veil what has not happened yet
    // Off for a timeline drawn under another that explains the same marks.
    void setLegendVisible(bool visible);
    // What an empty timeline says (default: how to run a scenario).
    void setEmptyText(const QString &text);
    void setTheme(const Theme &theme);

    // The visible time range; clamped to the run.
    void setViewRange(qint64 startUs, qint64 endUs);
    TimeRange viewRange() const { return {m_viewStartUs, m_viewEndUs}; }
    TimeLineMapping mapping() const; // for the lanes area of the viewport

    void zoomBy(double factor, qint64 aroundUs); // factor > 1 zooms in
    void panByPixels(double dx);
    void fitAll();   // F: the whole run
    void zoomBack(); // the range before the last deliberate zoom
    void zoomReset();
    QAction *zoomBackAction() const { return m_backAction; }
    QAction *zoomResetAction() const { return m_resetAction; }
    QAction *fitAction() const { return m_fitAction; }
    const ZoomStack &zoomStack() const { return m_zoomStack; }

    Hit hitTest(const QPoint &viewportPos) const;
    QPoint eventPosition(qint64 event) const; // viewport position of an event's mark

    // The whole timeline (every lane, no scrolling) at `width` pixels, for export.
    QSize exportSize(int width) const;
    void renderAll(QPainter &painter, const QSize &size) const;

    // For the benchmark: paints the viewport once, returns the time taken in ns.
    qint64 paintOnceForBenchmark(QImage &target);

Q_SIGNALS:
    void eventSelected(qint64 event);
    void seekRequested(qint64 timeUs);
    void clientMenuRequested(qint16 client, const QPoint &globalPos);
    void nodeMenuRequested(qint16 node, const QPoint &globalPos);
    void viewRangeChanged(qint64 startUs, qint64 endUs);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void layoutRows();
    void retranslateUi();
    void updateScrollBars();
    void pushZoom();          // remembers the current range before a deliberate zoom
    void pushZoomCoalesced(); // the same, once per gesture (wheel, held keys)
    TimeLineMapping mappingFor(int width) const;
    QRect lanesRect() const;
    // Draws through TimelinePainter: the viewport, the benchmark's image or the export.
    void paintTo(QPainter &p, const QSize &size, int scrollY, bool exporting) const;
    int rowOfEvent(qint64 event) const;

    std::shared_ptr<const RunData> m_run;
    std::shared_ptr<const RunData> m_overlay;
    TtlScale m_overlayTtl;
    std::vector<LegendItem> m_legend; // what this run can draw
    TtlScale m_ttlScale;
    TimelineLayout m_layout;
    Theme m_theme;
    qint64 m_viewStartUs = 0;
    qint64 m_viewEndUs = 1;
    qint64 m_playheadUs = 0;
    qint64 m_selectedEvent = -1;
    bool m_showFuture = true;
    bool m_legendVisible = true;
    QString m_emptyText;
    bool m_updatingScrollBars = false;

    // The label column as last painted (see TimelinePainter::paint).
    mutable TimelineLabelPicture m_labelPicture;
    mutable TimelineLanePictures m_lanePictures;

    ZoomStack m_zoomStack;
    QElapsedTimer m_lastGesture;
    QAction *m_backAction = nullptr;
    QAction *m_resetAction = nullptr;
    QAction *m_fitAction = nullptr;

    // Mouse interaction.
    enum class Drag { None, Pending, Pan, Range, Scrub } m_drag = Drag::None;
    QPoint m_pressPos;
    qint64 m_pressViewStartUs = 0;
    int m_pressScrollY = 0;
    int m_rangeFromX = 0;
    int m_rangeToX = 0;
};

} // namespace lockscope::ui
