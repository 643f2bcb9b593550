// The monitor's history as the timeline draws it. A monitor log is stamped with wall-clock
// microseconds since the epoch; the timeline starts at 0. So the history keeps its own copy of
// the log, with times counted from the session's first event (origin()) and its own string pool,
// appended to as events arrive (only the new ones are copied). The timeline's RunData is derived
// from it on a worker thread (a long history takes a while to derive, and the window must not
// wait for it), no more often than once a second, and never while the previous one is still
// being derived: the copy is not touched while a worker reads it. A live history lasts until
// now: it is rebuilt to reach the present also when nothing changed. The copy keeps the window
// of history the monitor keeps (HistoryWindow): events the monitor let go leave it too.
#pragma once

#include "common/thread_handoff.h"
#include "events/event_log.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <memory>

namespace lockscope::ui {

class RunData;

class MonitorHistory final : public QObject {
    Q_OBJECT
public:
    explicit MonitorHistory(QObject *parent = nullptr);
    ~MonitorHistory() override;

    // Follows `log` (a KeyMonitor's recording, which only grows) from its first event; the
    // origin is the first event's time (or `originUs` while it has none).
    void follow(const EventLog *log, qint64 originUs);
    // Shows a finished log (a recording opened from a file): rebased and built at once, on this
    // thread.
    void show(const EventLog &log);
    void clear();

    // Copies what is new and starts a build when due (`force`: whenever none is running).
    // True if a build started (or, for show(), was made).
    bool refresh(bool force = false);
    bool hasPendingEvents() const;
    bool building() const { return m_building; }

    std::shared_ptr<const RunData> run() const { return m_run; }
    qint64 originUs() const { return m_originUs; }
    // The run's time of a wall-clock instant.
    qint64 toRunTime(qint64 wallUs) const { return wallUs - m_originUs; }
    qint64 lastBuildMs() const { return m_lastBuildMs; }
    qint64 builds() const { return m_builds; }

Q_SIGNALS:
    void runChanged();

private:
    // Events copied between looks at the clock. Small: the first copies after a big scan touch
    // fresh pages of the view's string table at nearly every string (a page fault each), and a
    // slice of 200 events then took 7-10 ms, twice the turn, in one piece.
    static constexpr std::size_t kCopySlice = 32;
    static constexpr qint64 kCopyTurnMs = 4; // copying per event-loop turn
    void copyNewEvents(std::size_t maxEvents = std::size_t(-1));
    bool copySliceThenBuild();
    // `endUs`: where the history ends (now, for a live one; -1: at its last event).
    void startBuild(bool inThisThread, qint64 endUs);
    quint32 intern(quint32 sourceId);

    const EventLog *m_source = nullptr;
    std::shared_ptr<EventLog> m_view; // rebased copy with its own strings
    std::size_t m_copied = 0;
    std::size_t m_built = 0; // events in the last build
    qint64 m_originUs = 0;
    qint64 m_maxTtlMs = 1000;
    std::vector<quint32> m_idMap;   // source string id -> view string id (0: not yet)
    quint64 m_idGeneration = 0;     // the source's stringsGeneration() m_idMap is for
    quint64 m_viewIdGeneration = 0; // and the view's
    std::shared_ptr<const RunData> m_run;
    bool m_building = false;
    bool m_copying = false;   // copySliceThenBuild() continues on the next turn
    ThreadHandoff m_handoff;  // the builds' results, back on this object's thread
    JobQueue m_jobs;          // the builds, out to m_worker
    QThreadPool m_worker;     // one build at a time, at low priority; waited for on destruction
    quint64 m_generation = 0; // builds of an earlier follow() are dropped
    QElapsedTimer m_sinceBuild;
    qint64 m_lastBuildMs = 0;
    qint64 m_builds = 0;
};

} // namespace lockscope::ui
