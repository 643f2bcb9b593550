#include "monitor_history.h"

#include "common/run_data.h"
#include "monitor/monitor_clock.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include <utility>

namespace lockscope::ui {

namespace {

std::shared_ptr<const RunData> derive(std::shared_ptr<EventLog> log, qint64 maxTtlMs, qint64 endUs)
{
    Scenario scenario;
    scenario.id = QStringLiteral("monitor");
    scenario.title = QStringLiteral("monitor");
    scenario.ttlMs = maxTtlMs;
    RunRequest request;
    request.scenarioId = QStringLiteral("monitor"); // the same for every build: the view stays
    request.strategyId = QStringLiteral("monitor");
    return RunData::fromLog(std::move(log), scenario, request, endUs);
}

} // namespace

MonitorHistory::MonitorHistory(QObject *parent)
    : QObject(parent)
{
    m_worker.setMaxThreadCount(1);
    m_worker.setThreadPriority(QThread::LowPriority);
}

MonitorHistory::~MonitorHistory()
{
    // A build still running reads its own copy, but must not outlive the application.
    m_worker.waitForDone();
}

void MonitorHistory::clear()
{
    ++m_generation;
    m_source = nullptr;
    m_view.reset();
    m_copied = 0;
    m_built = 0;
    m_maxTtlMs = 1000;
    m_idMap.clear();
    m_idGeneration = 0;
    m_viewIdGeneration = 0;
    m_run.reset();
    m_building = false;
    m_copying = false;
    m_sinceBuild.invalidate();
    Q_EMIT runChanged();
}

void MonitorHistory::follow(const EventLog *log, qint64 originUs)
{
    clear();
    m_source = log;
    m_originUs = originUs;
    if (log) {
        m_view = std::make_shared<EventLog>();
        if (!log->events().empty())
            m_originUs = qMin(m_originUs, log->events().front().timeUs);
    }
}

void MonitorHistory::show(const EventLog &log)
{
    follow(&log, log.events().empty() ? 0 : log.events().front().timeUs);
    copyNewEvents();
    startBuild(true, -1); // a file's history ends with its last event
    m_source = nullptr;   // a file's log is not kept by the caller
}

bool MonitorHistory::hasPendingEvents() const
{
    return m_source && m_source->droppedEvents() + m_source->events().size() > m_built;
}

quint32 MonitorHistory::intern(quint32 sourceId)
{
    if (sourceId == 0)
        return 0;
    if (m_idMap.size() <= sourceId)
        m_idMap.resize(std::size_t(sourceId) + 1, 0);
    quint32 &mapped = m_idMap[sourceId];
    if (mapped == 0)
        mapped = m_view->strings().intern(m_source->strings().at(sourceId));
    return mapped;
}

void MonitorHistory::copyNewEvents(std::size_t maxEvents)
{
    if (!m_source || !m_view)
        return;
    m_view->info() = m_source->info();
    // The monitor keeps a window of its history (HistoryWindow) and gives its strings new ids
    // when it lets old events go; the view keeps the same window. The view holds the source's
    // events [m_copied - view size, m_copied), numbered since the session began.
    const std::size_t first = std::size_t(m_source->droppedEvents());
    const std::size_t viewFirst = m_copied - m_view->events().size();
    if (viewFirst < first)
        m_view->dropOldest(qMin(first - viewFirst, m_view->events().size()));
    // Either side may have let strings go whose ids are reused later: the map starts again.
    if (m_source->stringsGeneration() != m_idGeneration ||
        m_view->stringsGeneration() != m_viewIdGeneration) {
        m_idMap.clear();
        m_idGeneration = m_source->stringsGeneration();
        m_viewIdGeneration = m_view->stringsGeneration();
    }
    m_copied = qMax(m_copied, first); // let go before they were copied
    const auto &events = m_source->events();
    const std::size_t available = first + events.size();
    // Room for all that is pending at once: after a big scan the view grows from nothing to
    // 200,000 events, and rehashing its strings on the way held the window for 47 ms. And room
    // beyond: a monitor that follows its keys adds to the history from then on, and the first
    // event past the room moved the 200,000 events and rehashed their strings in one turn
    // (16 ms, seconds into following 1,000 lock cycles a second). Up to 200,000 events more
    // (32 bytes each), which that rate fills in about a minute.
    if (m_view->events().empty() && available > m_copied) {
        constexpr std::size_t kMoreEvents = 200'000;
        const std::size_t pending = available - m_copied;
        const std::size_t strings = m_source->strings().liveCount();
        m_view->reserve(pending + qMin(pending, kMoreEvents), strings + qMin(strings, kMoreEvents));
        // The map is indexed by the source's ids, up to its pool's size: room for all of them
        // at once, so that it grows in place as ids come (growing it by doubling copied and
        // zeroed it twice, 1.7 ms each, in the first turns).
        m_idMap.reserve(m_source->strings().size());
    }
    const std::size_t end = available - m_copied > maxEvents ? m_copied + maxEvents : available;
    for (; m_copied < end; ++m_copied) {
        Event e = events[m_copied - first];
        e.timeUs = qMax<qint64>(0, e.timeUs - m_originUs);
        e.key = intern(e.key);
        e.text = intern(e.text);
        if ((e.kind == EventKind::KeyWritten || e.kind == EventKind::KeyTtlChanged) &&
            e.value > m_maxTtlMs)
            m_maxTtlMs = e.value;
        m_view->consume(e);
    }
}

bool MonitorHistory::refresh(bool force)
{
    if (!m_source || m_building || m_copying || m_source->events().empty())
        return false;
    // With nothing new the history still grows, since it lasts until now (the keys held since
    // are held on): rebuilt to reach the present as often as its cost allows (a 100,000-key
    // history takes about a second to derive).
    const bool pending = hasPendingEvents();
    const qint64 due = pending ? 1000 : qMax<qint64>(1000, 10 * m_lastBuildMs);
    if (!force && m_sinceBuild.isValid() && m_sinceBuild.elapsed() < due)
        return false;
    return copySliceThenBuild();
}

bool MonitorHistory::copySliceThenBuild()
{
    // After the first scan of a big server there are a few hundred thousand events to copy:
    // slices for at most kCopyTurnMs per event-loop turn, so that the window keeps answering
    // meanwhile (2,000 events a turn took 30 ms on a busy machine).
    const auto morePending = [this] {
        return m_source && m_copied < m_source->droppedEvents() + m_source->events().size();
    };
    QElapsedTimer turn;
    turn.start();
    do {
        copyNewEvents(kCopySlice);
    } while (morePending() && turn.elapsed() < kCopyTurnMs);
    if (morePending()) {
        m_copying = true;
        const quint64 generation = m_generation;
        QTimer::singleShot(0, this, [this, generation] {
            m_copying = false;
            if (m_generation == generation)
                copySliceThenBuild();
        });
        return false;
    }
    startBuild(false, toRunTime(monitorNowUs()));
    return true;
}

void MonitorHistory::startBuild(bool inThisThread, qint64 endUs)
{
    // The build gets its own copy of the events, made by the worker (a long history takes a
    // while to copy too); the view and its strings are not added to until the worker is done
    // (refresh() waits for it; clear() and follow() start another view).
    // The copy has its own string pool: the view releases strings in place when it drops old
    // events, and the build's strings must stay as they were for as long as it is shown.
    auto copyOf = [](const std::shared_ptr<EventLog> &view) {
        auto log = std::make_shared<EventLog>(std::make_shared<StringPool>(view->strings()));
        log->info() = view->info();
        for (const Event &e : view->events())
            log->consume(e);
        return log;
    };
    const qint64 maxTtl = m_maxTtlMs;
    const std::size_t events = m_copied;
    if (inThisThread) {
        auto log = copyOf(m_view);
        QElapsedTimer cost;
        cost.start();
        m_run = derive(std::move(log), maxTtl, endUs);
        m_built = events;
        m_lastBuildMs = cost.elapsed();
        ++m_builds;
        m_sinceBuild.start();
        Q_EMIT runChanged();
        return;
    }
    m_building = true;
    const quint64 generation = m_generation;
    // The result comes back through m_handoff, which lives as long as this object (the
    // destructor waits for the worker first).
    ThreadHandoff *handoff = &m_handoff;
    m_jobs.start(
        m_worker, [this, handoff, view = m_view, copyOf, maxTtl, endUs, events, generation] {
            QElapsedTimer cost;
            cost.start();
            std::shared_ptr<const RunData> run = derive(copyOf(view), maxTtl, endUs);
            const qint64 ms = cost.elapsed();
            handoff->post([this, run, ms, events, generation] {
                if (m_generation != generation)
                    return; // cleared, or following another log since
                m_building = false;
                auto previous = std::exchange(m_run, run);
                m_built = events;
                m_lastBuildMs = ms;
                ++m_builds;
                m_sinceBuild.start();
                Q_EMIT runChanged();
                // The views have taken the new build: the old one is freed by the
                // worker, unless someone still holds it (a 100,000-key history takes
                // a good while to free, which the window would wait for).
                if (previous)
                    m_jobs.start(m_worker, [old = std::move(previous)]() mutable { old.reset(); });
            });
        });
}

} // namespace lockscope::ui
