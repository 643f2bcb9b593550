#include "connection_requests.h"

#include "connection_pubsub.h"
#include "resp_codec.h"

#include <QTimer>

#include <algorithm>
#include <climits>

namespace lockscope::qtredis {

void runAll(std::vector<Completion> &list)
{
    for (Completion &c : list) {
        if (c.done)
            c.done(c.reply);
    }
}

RequestQueue::RequestQueue(QObject *owner, qint64 defaultTimeoutMs, qint64 maxBytesInFlight,
                           std::function<QString()> unsentCause)
    : m_defaultTimeoutMs(defaultTimeoutMs)
    , m_maxBytesInFlight(maxBytesInFlight)
    , m_unsentCause(std::move(unsentCause))
    , m_timer(new QTimer(owner))
{
    m_clock.start();
    m_timer->setSingleShot(true);
    // Precise: a 200 ms request timeout should not fire 10 ms late.
    m_timer->setTimerType(Qt::PreciseTimer);
    QObject::connect(m_timer, &QTimer::timeout, owner, [this] { onTimeouts(); });
}

RequestPtr RequestQueue::make(const Command &argv, Callback done, qint64 timeoutMs)
{
    auto r = std::make_unique<Request>();
    r->id = m_nextId++;
    r->wire = encodeCommand(argv);
    r->wireBytes = r->wire.size();
    r->done = std::move(done);
    r->timeoutMs = timeoutMs < 0 ? m_defaultTimeoutMs : timeoutMs;
    const ExpectedConfirmations expected = Subscriptions::expectedConfirmations(argv);
    r->confirmations = expected.count;
    r->unsubscribeAllPatterns = expected.ofPatterns;
    return r;
}

void RequestQueue::startClock(Request &r)
{
    if (r.timeoutMs <= 0)
        return;
    r.deadline = now() + r.timeoutMs;
    m_live.insert(r.id, &r);
    // Answered requests leave their entries behind until they surface; with a long timeout
    // and a busy connection those pile up, so now and then rebuild from the live ones.
    if (m_deadlines.size() > 4096 && m_deadlines.size() > 4 * static_cast<size_t>(m_live.size())) {
        std::vector<Deadline> keep;
        keep.reserve(static_cast<size_t>(m_live.size()));
        for (const Request *l : std::as_const(m_live))
            keep.emplace_back(l->deadline, l->id);
        m_deadlines = decltype(m_deadlines)(std::greater<>(), std::move(keep));
    }
    m_deadlines.emplace(r.deadline, r.id);
    if (r.deadline < m_armedDeadline)
        rearm();
}

void RequestQueue::dropPendingFromSubscribeApi()
{
    std::erase_if(m_pending, [this](const RequestPtr &r) {
        if (!r->fromSubscribeApi)
            return false;
        finish(*r);
        return true;
    });
}

QByteArray RequestQueue::takePending(quint64 *count)
{
    QByteArray batch;
    *count = 0;
    while (!m_pending.empty()) {
        if (m_pending.front()->finished) {
            m_pending.pop_front(); // timed out while waiting: never sent
            continue;
        }
        if (!fits(m_pending.front()->wireBytes))
            break;
        RequestPtr r = std::move(m_pending.front());
        m_pending.pop_front();
        ++*count;
        batch += r->wire;
        markWritten(std::move(r));
    }
    return batch;
}

void RequestQueue::markWritten(RequestPtr r)
{
    r->sent = true;
    r->wire = QByteArray();
    m_bytesInFlight += r->wireBytes;
    m_inflight.push_back(std::move(r));
}

RequestPtr RequestQueue::popInflight()
{
    RequestPtr r = std::move(m_inflight.front());
    m_inflight.pop_front();
    m_bytesInFlight -= r->wireBytes;
    return r;
}

Callback RequestQueue::answer(const Reply &reply, Subscriptions &subscriptions)
{
    Request &front = *m_inflight.front();
    if (front.confirmations != 0 && Subscriptions::isConfirmation(reply)) {
        if (front.confirmations < 0) {
            // Runs on the server after every earlier confirmation, which we have all seen: our
            // sets are the server's at that moment.
            const qsizetype current = subscriptions.confirmedCount(front.unsubscribeAllPatterns);
            front.confirmations = static_cast<int>(qMax<qsizetype>(1, current));
        }
        subscriptions.applyConfirmation(reply);
        // The first confirmation answers the request.
        Callback done = front.finished ? Callback() : finish(front);
        if (--front.confirmations == 0)
            popInflight();
        return done;
    }
    RequestPtr r = popInflight();
    if (r->finished)
        return {}; // timed out earlier: the late reply only frees its slot
    return finish(*r);
}

Callback RequestQueue::finish(Request &r)
{
    r.finished = true;
    m_live.remove(r.id);
    return std::exchange(r.done, nullptr);
}

void RequestQueue::failAll(std::deque<RequestPtr> &queue, const Reply &why,
                           std::vector<Completion> *out)
{
    for (RequestPtr &r : queue) {
        if (r->finished)
            continue;
        Callback done = finish(*r);
        if (!r->internal)
            out->push_back({std::move(done), why});
    }
    queue.clear();
}

void RequestQueue::failInflight(const Reply &why, std::vector<Completion> *out)
{
    failAll(m_inflight, why, out);
    m_bytesInFlight = 0;
}

void RequestQueue::failPending(const Reply &why, std::vector<Completion> *out)
{
    failAll(m_pending, why, out);
}

// One timer for the whole connection, armed for the earliest deadline. Entries of requests that
// were answered stay in the heap until they reach the top, then are skipped.
void RequestQueue::rearm()
{
    while (!m_deadlines.empty() && !m_live.contains(m_deadlines.top().second))
        m_deadlines.pop();
    if (m_deadlines.empty()) {
        m_armedDeadline = Request::kNoDeadline;
        m_timer->stop();
        return;
    }
    m_armedDeadline = m_deadlines.top().first;
    const qint64 wait = std::clamp<qint64>(m_armedDeadline - now(), 0, INT_MAX);
    m_timer->start(static_cast<int>(wait));
}

void RequestQueue::stopTimeouts()
{
    m_live.clear();
    m_deadlines = {};
    m_armedDeadline = Request::kNoDeadline;
    m_timer->stop();
}

void RequestQueue::onTimeouts()
{
    m_armedDeadline = Request::kNoDeadline;
    const qint64 t = now();
    std::vector<Completion> expired;
    bool unsentExpired = false;
    while (!m_deadlines.empty() && m_deadlines.top().first <= t) {
        const quint64 id = m_deadlines.top().second;
        m_deadlines.pop();
        Request *r = m_live.value(id);
        if (!r)
            continue;
        QByteArray why = "timeout after " + QByteArray::number(r->timeoutMs) + " ms";
        if (!r->sent) {
            unsentExpired = true;
            why += " (never sent: " + m_unsentCause().toUtf8() + ')';
        }
        // A request in flight stays in the queue: its late reply still takes its FIFO slot.
        expired.push_back({finish(*r), Reply::noReply(NoReplyKind::Timeout, std::move(why))});
    }
    if (unsentExpired)
        std::erase_if(m_pending, [](const RequestPtr &r) { return r->finished; });
    rearm();
    runAll(expired);
}

} // namespace lockscope::qtredis
