#include "live_client.h"

#include "async/catching_errors.h"
#include "lock/script.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>
#include <limits>

namespace lockscope {

namespace {

// Step labels live in named constants: GCC 12 rejects string literals inside co_await
// expressions ("array used as initializer"). The same names as the simulator's workload.
constexpr const char *kStepAcquire = "acquire";
constexpr const char *kStepCsGet = "cs.get";
constexpr const char *kStepCsSet = "cs.set";

// A safety net under the connections' own request timeouts: a request still unanswered this
// long after its deadline is completed as a timeout by the client itself.
constexpr qint64 kSweepIntervalMs = 500;
constexpr qint64 kSweepGraceUs = 1000 * 1000;

bool isStale(const Reply &reply)
{
    return reply.isError() && reply.text().startsWith("STALE");
}

int clampMs(qint64 ms)
{
    return int(std::clamp<qint64>(ms, 0, std::numeric_limits<int>::max()));
}

} // namespace

qint64 liveClockUs()
{
    struct Anchor {
        qint64 epochUs;
        QElapsedTimer timer;
        Anchor()
            : epochUs(QDateTime::currentMSecsSinceEpoch() * 1000)
        {
            timer.start();
        }
    };
    static const Anchor anchor;
    return anchor.epochUs + anchor.timer.nsecsElapsed() / 1000;
}

// --- LiveRecorder --------------------------------------------------------------------------

LiveRecorder::LiveRecorder(EventSink *sink, std::shared_ptr<StringPool> strings, bool recordText)
    : m_sink(sink)
    , m_strings(strings ? std::move(strings) : std::make_shared<StringPool>())
    , m_recordText(recordText)
{}

void LiveRecorder::record(EventKind kind, qint16 client, qint16 node, quint32 key, quint32 text,
                          qint64 value, qint16 owner)
{
    if (!m_sink)
        return;
    Event e;
    e.timeUs = liveClockUs();
    e.kind = kind;
    e.client = client;
    e.node = node;
    e.owner = owner;
    e.key = key;
    e.text = text;
    e.value = value;
    m_sink->consume(e);
}

void LiveRecorder::record(const Event &e)
{
    if (m_sink)
        m_sink->consume(e);
}

quint64 LiveClientStats::errorCount() const
{
    quint64 n = 0;
    for (quint64 c : errors)
        n += c;
    return n;
}

// --- construction --------------------------------------------------------------------------

LiveClient::LiveClient(LiveClientOptions options, LiveRecorder *recorder)
    : m_options(std::move(options))
    , m_recorder(recorder ? recorder : &m_nullRecorder)
    , m_rng(m_options.seed ? m_options.seed : QRandomGenerator::system()->generate64())
    , m_context(std::make_unique<QObject>())
{
    for (const auto &node : m_options.nodes)
        m_connections.push_back(std::make_unique<Connection>(node));
    if (m_options.resource)
        m_resource = std::make_unique<Connection>(*m_options.resource);
    m_subscribers.resize(m_connections.size());
    m_cutUntilUs.assign(m_connections.size(), -1);
    m_sweepTimer = new QTimer(m_context.get());
    m_sweepTimer->setInterval(int(kSweepIntervalMs));
    QObject::connect(m_sweepTimer, &QTimer::timeout, m_context.get(), [this] { sweep(); });
}

LiveClient::~LiveClient()
{
    m_dead = true;
    m_deferred.clear();
    m_waiters.clear();
    // Frames first: they hold awaiters that point into this object. Then the connections (which
    // may still call back, and are told to ignore it by m_dead), then the timers.
    m_main.reset();
    m_background.clear();
    m_connections.clear();
    m_resource.reset();
    m_retired.clear();
    m_subscribers.clear();
    m_context.reset();
}

void LiveClient::open()
{
    for (auto &c : m_connections)
        c->open();
    if (m_resource)
        m_resource->open();
    m_sweepTimer->start();
}

bool LiveClient::connectionsReady() const
{
    return std::all_of(m_connections.begin(), m_connections.end(),
                       [](const auto &c) { return c->isReady(); }) &&
           (!m_resource || m_resource->isReady());
}

quint64 LiveClient::reconnects() const
{
    quint64 n = 0;
    for (const auto &c : m_connections)
        n += c->reconnects();
    return n;
}

Connection *LiveClient::connection(int node) const
{
    if (node == kResourceNode) {
        if (m_resource)
            return m_resource.get();
        node = 0;
    }
    return node >= 0 && node < int(m_connections.size()) ? m_connections[std::size_t(node)].get()
                                                         : nullptr;
}

void LiveClient::after(qint64 ms, Action fn)
{
    QTimer::singleShot(clampMs(ms), Qt::PreciseTimer, m_context.get(), std::move(fn));
}

// --- pause, kill, halt -------------------------------------------------------------------------

void LiveClient::pause(qint64 ms)
{
    if (m_dead)
        return;
    ms = qMax<qint64>(0, ms);
    m_recorder->record(EventKind::ClientPaused, index(), kNoNode, 0, 0, ms);
    const qint64 until = liveClockUs() + ms * 1000;
    if (until <= m_pausedUntilUs)
        return;
    m_pausedUntilUs = until;
    after(ms, [this] { resumeAfterPause(); });
}

void LiveClient::resumeAfterPause()
{
    if (m_dead || m_pausedUntilUs < 0)
        return;
    const qint64 now = liveClockUs();
    if (now < m_pausedUntilUs) {
        // A longer pause superseded the one this timer was for (or the timer was early).
        after((m_pausedUntilUs - now + 999) / 1000, [this] { resumeAfterPause(); });
        return;
    }
    m_pausedUntilUs = -1;
    m_recorder->record(EventKind::ClientResumed, index(), kNoNode, 0, 0, 0);
    // Everything that arrived while paused, in arrival order; one of them may pause us again.
    while (!m_deferred.empty() && m_pausedUntilUs < 0 && !m_dead) {
        Action fn = std::move(m_deferred.front());
        m_deferred.pop_front();
        fn();
    }
}

void LiveClient::kill()
{
    if (m_dead)
        return;
    m_killed = true;
    m_dead = true;
    m_deferred.clear();
    m_waiters.clear();
    m_recorder->record(EventKind::ClientCrashed, index(), kNoNode, 0, 0, 0);
    teardownLater();
    finishWorkload();
}

void LiveClient::abortRun(const QString &reason)
{
    if (!m_abortReason.isEmpty())
        return;
    m_abortReason = reason;
    // The owner decides how the run ends (LiveBench halts every client and cleans up; its
    // preflight reads abortReason() and goes on to remove its probe keys).
    if (m_onAbort)
        m_onAbort(reason);
}

void LiveClient::halt()
{
    if (m_dead)
        return;
    m_dead = true;
    m_deferred.clear();
    m_waiters.clear();
    teardownLater();
    finishWorkload();
}

void LiveClient::teardownLater()
{
    // We may be inside one of our own coroutines (a fault at a step): the frames go once the
    // event loop has unwound out of them.
    if (m_teardownQueued)
        return;
    m_teardownQueued = true;
    QMetaObject::invokeMethod(
        m_context.get(),
        [this] {
            m_main.reset();
            m_background.clear();
            m_groups.clear();
            m_sweepTimer->stop();
            for (auto &c : m_connections)
                c->close();
            if (m_resource)
                m_resource->close();
            for (auto &c : m_retired)
                c->close();
            for (auto &c : m_subscribers) {
                if (c)
                    c->close();
            }
        },
        Qt::QueuedConnection);
}

void LiveClient::finishWorkload()
{
    if (!m_running)
        return;
    m_running = false;
    if (m_onFinished)
        QMetaObject::invokeMethod(m_context.get(), m_onFinished, Qt::QueuedConnection);
}

void LiveClient::pauseAtStep(const QByteArray &step, StepPhase phase, qint64 ms, int occurrence)
{
    m_stepFaults.push_back(StepFault{
        .step = step, .phase = phase, .kill = false, .ms = ms, .occurrence = qMax(1, occurrence)});
}

void LiveClient::killAtStep(const QByteArray &step, StepPhase phase, int occurrence)
{
    m_stepFaults.push_back(StepFault{
        .step = step, .phase = phase, .kill = true, .ms = 0, .occurrence = qMax(1, occurrence)});
}

const char *stepPhaseId(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Before:
        return "before";
    case StepPhase::Sent:
        return "sent";
    case StepPhase::After:
        return "after";
    case StepPhase::At:
        return "at";
    }
    return "at";
}

void LiveClient::loseReply(quint64 request)
{
    if (Request *req = request ? findRequest(request) : nullptr)
        req->dropReply = true;
    else
        m_loseNextReply = true;
}

void LiveClient::delayReply(quint64 request, qint64 ms)
{
    if (Request *req = request ? findRequest(request) : nullptr)
        req->extraDelayMs = qMax<qint64>(0, ms);
    else
        m_delayNextReplyMs = qMax<qint64>(0, ms);
}

void LiveClient::delayRequest(quint64 request, qint64 ms)
{
    Request *req = request ? findRequest(request) : nullptr;
    // Not written yet while it still has its command: transmit() takes it.
    if (req && !req->argv.isEmpty())
        req->holdMs = qMax<qint64>(0, ms);
    else
        m_holdNextRequestMs = qMax<qint64>(0, ms);
}

void LiveClient::partition(int node, qint64 ms)
{
    if (node < 0 || node >= int(m_cutUntilUs.size()))
        return;
    m_cutUntilUs[std::size_t(node)] = ms < 0 ? -2 : liveClockUs() + ms * 1000;
}

bool LiveClient::cutOff(int node) const
{
    if (node < 0 || node >= int(m_cutUntilUs.size()))
        return false;
    const qint64 until = m_cutUntilUs[std::size_t(node)];
    return until == -2 || (until >= 0 && liveClockUs() < until);
}

void LiveClient::retarget(int node, const ConnectionOptions &server)
{
    if (node < 0 || node >= int(m_connections.size()))
        return;
    // The old connection is closed, not destroyed: its pending callbacks fail the requests in
    // flight as a dropped connection would, and they may refer to it until they have run.
    auto fresh = std::make_unique<Connection>(server);
    fresh->open();
    m_connections[std::size_t(node)]->close();
    m_retired.push_back(std::move(m_connections[std::size_t(node)]));
    m_connections[std::size_t(node)] = std::move(fresh);
    m_options.nodes[node] = server;
}

void LiveClient::strike(const char *step, StepPhase phase, quint64 request)
{
    for (auto &f : m_stepFaults) {
        if (f.fired || f.phase != phase || f.step != step)
            continue;
        if (++f.seen < f.occurrence)
            continue;
        f.fired = true;
        if (f.kill)
            kill();
        else
            pause(f.ms);
    }
    if (m_stepHook && !m_dead)
        m_stepHook(step, phase, request);
}

// --- commands ------------------------------------------------------------------------------
//
// Requests live in a slab; a handle is (serial << 16 | slot), so a stale handle (a reply after
// a timeout, a late callback after the client gave up) finds nothing.

LiveClient::Request *LiveClient::findRequest(quint64 handle)
{
    const auto slot = std::size_t(handle & 0xffff);
    if (slot >= m_slab.size())
        return nullptr;
    Request &r = m_slab[slot];
    return r.serial == (handle >> 16) && r.serial != 0 ? &r : nullptr;
}

quint64 LiveClient::issue(CallSpec &&spec, Reply *out, std::coroutine_handle<> h, Group *group,
                          int indexInGroup)
{
    quint32 slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = quint32(m_slab.size());
        m_slab.emplace_back();
    }
    Request &req = m_slab[slot];
    req.serial = m_nextRequest++;
    req.argv = std::move(spec.argv);
    req.step = spec.step;
    req.node = spec.node;
    req.out = out;
    req.handle = h;
    req.group = group;
    req.indexInGroup = indexInGroup;
    req.timeoutMs = spec.timeoutMs >= 0 ? spec.timeoutMs : m_options.requestTimeoutMs;
    req.deadlineUs = -1;
    req.dropReply = m_loseNextReply;
    req.extraDelayMs = m_delayNextReplyMs;
    req.holdMs = m_holdNextRequestMs;
    m_holdNextRequestMs = 0;
    m_loseNextReply = false;
    m_delayNextReplyMs = 0;
    const quint64 handle = (req.serial << 16) | slot;

    strike(spec.step, StepPhase::Before, handle);
    if (m_dead)
        return handle; // never sent; the frames go with the client
    const Request *issued = findRequest(handle);
    if (issued && issued->holdMs > 0) {
        after(issued->holdMs, [this, handle] {
            if (!m_dead)
                transmitWhenAwake(handle);
        });
        return handle;
    }
    transmitWhenAwake(handle);
    return handle;
}

void LiveClient::transmitWhenAwake(quint64 handle)
{
    if (m_pausedUntilUs >= 0)
        m_deferred.emplace_back([this, handle] { transmit(handle); });
    else
        transmit(handle);
}

void LiveClient::transmit(quint64 handle)
{
    Request *req = findRequest(handle);
    if (!req)
        return;
    Connection *conn = connection(req->node);
    const Command argv = std::move(req->argv);
    req->argv = Command();
    req->deadlineUs = liveClockUs() + req->timeoutMs * 1000;
    const qint64 timeoutMs = req->timeoutMs;
    ++m_stats.commands;
    m_recorder->record(EventKind::CommandSent, index(), logNode(req->node), 0,
                       m_recorder->recordText() ? m_recorder->intern(commandToDisplay(argv)) : 0,
                       qint64(req->serial));
    if (!conn) {
        complete(handle,
                 Reply::noReply(NoReplyKind::Disconnected, QByteArrayLiteral("no such node")));
        return;
    }
    const char *step = req->step;
    if (cutOff(req->node)) {
        // Lost on the way: it times out at its deadline.
        timeOutAtDeadline(handle);
        strike(step, StepPhase::Sent, handle);
        return;
    }
    ++m_transmitting;
    conn->send(
        argv, [this, handle](const Reply &reply) { onReply(handle, reply); }, timeoutMs);
    --m_transmitting;
    strike(step, StepPhase::Sent, handle);
}

void LiveClient::onReply(quint64 handle, const Reply &reply)
{
    if (m_dead)
        return;
    if (m_transmitting > 0) {
        // Answered from inside send() (refused before it was sent): resume from the event loop,
        // not from inside the coroutine that is still suspending.
        QMetaObject::invokeMethod(
            m_context.get(), [this, handle, reply] { onReply(handle, reply); },
            Qt::QueuedConnection);
        return;
    }
    const Request *sent = findRequest(handle);
    if (!sent)
        return; // timed out already
    // A reply the fault plan dropped, or one from a node we are cut off from, never arrives:
    // the request times out in the sweep, as the simulator's does.
    if (sent->dropReply || cutOff(sent->node)) {
        timeOutAtDeadline(handle);
        return;
    }
    const qint64 delayMs = m_replyDelayMs + sent->extraDelayMs;
    if (delayMs > 0) {
        const Request *req = sent;
        const qint64 now = liveClockUs();
        if (req->deadlineUs >= 0 && now + delayMs * 1000 > req->deadlineUs) {
            // The delayed reply would come after the deadline: the client times out first.
            const QByteArray why =
                "timeout after " + QByteArray::number(req->timeoutMs) + " ms (reply delayed)";
            after((req->deadlineUs - now + 999) / 1000, [this, handle, why] {
                deliver([this, handle, why] {
                    complete(handle, Reply::noReply(NoReplyKind::Timeout, why));
                });
            });
            return;
        }
        after(delayMs, [this, handle, reply] {
            deliver([this, handle, reply] { complete(handle, reply); });
        });
        return;
    }
    if (m_pausedUntilUs >= 0) {
        m_deferred.emplace_back([this, handle, reply] { complete(handle, reply); });
        return;
    }
    complete(handle, reply);
}

void LiveClient::complete(quint64 handle, Reply reply)
{
    Request *found = findRequest(handle);
    if (!found)
        return; // already answered or timed out
    const quint64 serial = found->serial;
    const char *step = found->step;
    const int node = found->node;
    Reply *out = found->out;
    const std::coroutine_handle<> h = found->handle;
    Group *group = found->group;
    const int indexInGroup = found->indexInGroup;
    found->serial = 0;
    found->out = nullptr;
    found->group = nullptr;
    m_freeSlots.push_back(quint32(handle & 0xffff));

    if (reply.failed()) {
        const RedisErrorKind kind = Connection::classify(reply);
        if (kind != RedisErrorKind::None)
            ++m_stats.errors[std::size_t(kind)];
        if (kind != RedisErrorKind::NoScript)
            m_lastFailure = Failure{true, node, QByteArray(step), reply};
    }
    if (m_recorder->enabled()) {
        if (reply.isNoReply())
            m_recorder->record(EventKind::ReplyMissing, index(), logNode(node), 0,
                               m_recorder->intern(reply.text()), qint64(serial));
        else
            m_recorder->record(EventKind::ReplyReceived, index(), logNode(node), 0,
                               m_recorder->text(reply.toDisplay()), qint64(serial));
    }

    strike(step, StepPhase::After, handle);
    if (m_dead)
        return;

    if (group) {
        (*group->out)[indexInGroup] = std::move(reply);
        if (--group->remaining > 0)
            return;
        const auto gh = group->handle;
        for (auto it = m_groups.begin(); it != m_groups.end(); ++it) {
            if (it->get() == group) {
                m_groups.erase(it);
                break;
            }
        }
        deliver([gh] { gh.resume(); });
        return;
    }
    *out = std::move(reply);
    deliver([h] { h.resume(); });
}

void LiveClient::timeOutAtDeadline(quint64 handle)
{
    const Request *req = findRequest(handle);
    if (!req || req->deadlineUs < 0)
        return;
    const qint64 inMs = qMax<qint64>(0, (req->deadlineUs - liveClockUs() + 999) / 1000);
    const QByteArray why = "timeout after " + QByteArray::number(req->timeoutMs) + " ms";
    after(inMs, [this, handle, why] {
        deliver(
            [this, handle, why] { complete(handle, Reply::noReply(NoReplyKind::Timeout, why)); });
    });
}

void LiveClient::sweep()
{
    if (m_dead)
        return;
    const qint64 now = liveClockUs();
    for (std::size_t slot = 0; slot < m_slab.size(); ++slot) {
        const Request &r = m_slab[slot];
        if (r.serial == 0 || r.deadlineUs < 0 || now < r.deadlineUs + kSweepGraceUs)
            continue;
        const quint64 handle = (r.serial << 16) | slot;
        const QByteArray why = "timeout after " + QByteArray::number(r.timeoutMs) + " ms";
        deliver(
            [this, handle, why] { complete(handle, Reply::noReply(NoReplyKind::Timeout, why)); });
    }
}

void LiveClient::sendCall(CallSpec &&spec, Reply *out, std::coroutine_handle<> h)
{
    issue(std::move(spec), out, h, nullptr, 0);
}

void LiveClient::sendCalls(QList<CallSpec> &&specs, QList<Reply> *out, std::coroutine_handle<> h)
{
    auto group = std::make_unique<Group>();
    group->out = out;
    group->handle = h;
    group->remaining = int(specs.size());
    out->resize(specs.size());
    Group *g = group.get();
    m_groups.push_back(std::move(group));
    for (qsizetype i = 0; i < specs.size(); ++i) {
        issue(std::move(specs[i]), nullptr, {}, g, int(i));
        if (m_dead)
            return;
    }
}

// --- time, checkpoints, messages --------------------------------------------------------------

void LiveClient::startSleep(qint64 ms, std::coroutine_handle<> h)
{
    after(ms, [this, h] { deliver([h] { h.resume(); }); });
}

bool LiveClient::passCheckpoint(const char *step, std::coroutine_handle<> h)
{
    strike(step, StepPhase::At);
    if (m_dead)
        return true; // never resumed; the frames go with the client
    if (m_pausedUntilUs >= 0) {
        m_deferred.emplace_back([h] { h.resume(); });
        return true;
    }
    return false;
}

void LiveClient::startWaitForMessage(const QByteArray &channel, qint64 timeoutMs, bool *received,
                                     std::coroutine_handle<> h)
{
    const quint64 id = m_waiters.add(channel, received, h);
    after(timeoutMs, [this, id] {
        deliver([this, id] {
            if (const auto handle = m_waiters.takeTimedOut(id))
                handle.resume();
        });
    });
}

void LiveClient::receiveMessage(const QByteArray &channel)
{
    const auto wake = m_waiters.takeForMessage(channel);
    for (auto h : wake) {
        if (m_dead)
            return;
        h.resume();
    }
}

Connection *LiveClient::subscriber(int node)
{
    if (node < 0 || node >= int(m_subscribers.size()))
        return nullptr;
    auto &slot = m_subscribers[std::size_t(node)];
    if (!slot) {
        slot = std::make_unique<Connection>(m_options.nodes[node]);
        QObject::connect(slot.get(), &Connection::messageReceived, m_context.get(),
                         [this](const QByteArray &channel, const QByteArray &, const QByteArray &) {
                             deliver([this, channel] { receiveMessage(channel); });
                         });
        slot->open();
    }
    return slot.get();
}

void LiveClient::subscribe(int node, const QByteArray &channel)
{
    if (m_dead)
        return;
    for (auto &s : m_subscriptions) {
        if (s.node == node && s.channel == channel) {
            ++s.refs;
            return;
        }
    }
    Connection *conn = subscriber(node);
    if (!conn)
        return;
    m_subscriptions.push_back(Subscription{node, channel, 1});
    conn->subscribe(channel);
}

void LiveClient::unsubscribe(int node, const QByteArray &channel)
{
    for (auto it = m_subscriptions.begin(); it != m_subscriptions.end(); ++it) {
        if (it->node != node || it->channel != channel)
            continue;
        if (--it->refs == 0) {
            m_subscriptions.erase(it);
            if (Connection *conn = subscriber(node); conn && !m_dead)
                conn->unsubscribe(channel);
        }
        return;
    }
}

// --- the client's world --------------------------------------------------------------------

qint64 LiveClient::nowMs() const
{
    return liveClockUs() / 1000 + m_options.clockOffsetMs;
}

QByteArray LiveClient::newToken()
{
    // The client's name and 16 random bytes in hex, as node-redlock does: readable in a
    // monitor, unique across processes.
    quint64 bits[2] = {m_rng.next(), m_rng.next()};
    const QByteArray random =
        QByteArray(reinterpret_cast<const char *>(bits), int(sizeof bits)).toHex();
    return m_options.name + ':' + random;
}

void LiveClient::spawn(Task<void> task)
{
    if (m_dead)
        return; // destroyed unstarted
    std::erase_if(m_background, [](const Task<void> &t) { return t.done(); });
    m_background.push_back(catchingErrors(std::move(task), [this](const QString &what) {
        fail(QCoreApplication::translate("Simulation", "a background task failed: %1").arg(what));
    }));
    m_background.back().start();
}

void LiveClient::fail(const QString &what)
{
    // The run cannot be trusted past this point: the owner hears of it as of any reason to end
    // the run (abortReason()), and this client stops now.
    abortRun(QCoreApplication::translate("Simulation", "client %1: %2")
                 .arg(QString::fromUtf8(m_options.name), what));
    halt();
}

void LiveClient::note(LockNote kind, const QByteArray &key, qint64 value, const QByteArray &detail)
{
    if (!m_recorder->enabled())
        return;
    const quint32 k = m_recorder->intern(key);
    switch (kind) {
    case LockNote::Renewed:
        m_recorder->record(EventKind::Renewed, index(), kNoNode, k, 0, value);
        return;
    case LockNote::RenewFailed:
        m_recorder->record(EventKind::RenewFailed, index(), kNoNode, k, 0, value);
        return;
    case LockNote::AttemptFailed:
        m_recorder->record(EventKind::AcquireAttempt, index(), kNoNode, k, 0, value);
        return;
    case LockNote::Quorum:
    case LockNote::FencingToken:
    case LockNote::ClockExpired: {
        quint32 text = 0;
        if (m_recorder->recordText()) {
            QByteArray t = detail;
            if (t.isEmpty()) {
                if (kind == LockNote::Quorum)
                    t = "quorum " + QByteArray::number(value) + '/' +
                        QByteArray::number(nodeCount());
                else if (kind == LockNote::FencingToken)
                    t = "fencing token " + QByteArray::number(value);
                else
                    t = "lock time passed by this client's clock";
            }
            text = m_recorder->intern(t);
        }
        m_recorder->record(EventKind::Note, index(), kNoNode, k, text, value);
        return;
    }
    }
}

// --- the workload ---------------------------------------------------------------------------

void LiveClient::startWorkload(const LiveWorkload &w)
{
    if (m_dead || m_running || !w.strategy)
        return;
    m_running = true;
    m_stopRequested = false;
    if (!m_sweepTimer->isActive())
        m_sweepTimer->start();
    m_main = catchingErrors(workload(w), [this](const QString &what) { fail(what); });
    m_main.start();
}

Task<void> LiveClient::workload(LiveWorkload w)
{
    if (w.counterKey.isEmpty())
        w.counterKey = QByteArrayLiteral("counter:") + w.lockKey;
    const quint32 key = m_recorder->intern(w.lockKey);
    const quint32 counter = m_recorder->intern(w.counterKey);
    const Strategy &strategy = *w.strategy;
    m_recorder->record(EventKind::ClientStarted, index(), kNoNode, 0, 0, 0);

    for (qint64 cycle = 0; (w.cycles < 0 || cycle < w.cycles) && !m_stopRequested; ++cycle) {
        const qint64 startUs = liveClockUs();
        WaitOptions wait = w.wait;
        if (w.deadlineUs >= 0) {
            if (startUs >= w.deadlineUs)
                break;
            // No acquisition outlives the run: it gives up at the deadline.
            const qint64 leftMs = qMax<qint64>(1, (w.deadlineUs - startUs) / 1000);
            wait.timeoutMs = wait.timeoutMs < 0 ? leftMs : qMin(wait.timeoutMs, leftMs);
        }
        LockHandle lock;
        lock.request.key = w.lockKey;
        lock.request.ttlMs = w.ttlMs;
        lock.request.nodeTimeoutMs = w.nodeTimeoutMs;

        m_recorder->record(EventKind::AcquireStarted, index(), kNoNode, key, 0, 1);
        const bool ok = co_await acquireLock(*this, strategy, lock, wait);
        if (!ok) {
            ++m_stats.gaveUp;
            m_recorder->record(EventKind::AcquireGaveUp, index(), kNoNode, key, 0, 0);
            if (w.think) // a scenario's client thinks before it tries again, as in the simulator
                co_await sleep(thinkMs(w));
            continue;
        }
        const qint64 latencyUs = liveClockUs() - startUs;
        ++m_stats.acquisitions;
        m_recorder->record(EventKind::Acquired, index(), kNoNode, key, m_recorder->text(lock.token),
                           latencyUs);

        co_await criticalSection(w, lock, key, counter);

        m_recorder->record(EventKind::ReleaseStarted, index(), kNoNode, key, 0, 0);
        const ReleaseOutcome outcome = co_await releaseLock(*this, strategy, lock, w.wait);
        m_recorder->record(EventKind::Released, index(), kNoNode, key, 0,
                           outcome == ReleaseOutcome::Released  ? 1
                           : outcome == ReleaseOutcome::NotHeld ? 0
                                                                : -1);
        ++m_stats.cycles;
        if (w.deadlineUs < 0 || liveClockUs() <= w.deadlineUs)
            ++m_stats.cyclesInWindow;
        if (const qint64 think = thinkMs(w); think > 0)
            co_await sleep(think);
    }
    finishWorkload();
}

qint64 LiveClient::holdMs(const LiveWorkload &w)
{
    return w.hold ? (w.hold->sampleUs(m_rng) + 999) / 1000 : w.holdMs;
}

qint64 LiveClient::thinkMs(const LiveWorkload &w)
{
    return w.think ? (w.think->sampleUs(m_rng) + 999) / 1000 : w.thinkMs;
}

Task<void> LiveClient::nestedAcquire(const LiveWorkload &w, const LockHandle &outer, quint32 key)
{
    // The holder asks for the same lock again (same client, same thread), as the simulator's
    // client does: only a reentrant strategy lets it in at once.
    LockHandle inner;
    inner.request = outer.request;
    m_recorder->record(EventKind::AcquireStarted, index(), kNoNode, key, 0, 2);
    const qint64 startUs = liveClockUs();
    if (!co_await acquireLock(*this, *w.strategy, inner, w.wait)) {
        m_recorder->record(EventKind::AcquireGaveUp, index(), kNoNode, key, 0, 0);
        co_return;
    }
    ++m_stats.acquisitions;
    m_recorder->record(EventKind::Acquired, index(), kNoNode, key, m_recorder->text(inner.token),
                       liveClockUs() - startUs);
    m_recorder->record(EventKind::ReleaseStarted, index(), kNoNode, key, 0, 2);
    const ReleaseOutcome outcome = co_await releaseLock(*this, *w.strategy, inner, w.wait);
    m_recorder->record(EventKind::Released, index(), kNoNode, key, 0,
                       outcome == ReleaseOutcome::Released  ? 1
                       : outcome == ReleaseOutcome::NotHeld ? 0
                                                            : -1);
}

Task<void> LiveClient::criticalSection(const LiveWorkload &w, LockHandle &lock, quint32 key,
                                       quint32 counter)
{
    m_recorder->record(EventKind::CriticalEnter, index(), kNoNode, key, 0, 0);
    // Faults "after acquire" strike here: the client believes it holds the lock.
    co_await checkpoint(kStepAcquire);

    // The protected resource: seed 001's read-modify-write of a counter. With fencing, the
    // resource sees the token on every access and refuses tokens older than the newest it saw.
    // (Commands and scripts are built outside the co_await expressions for GCC 12's sake.)
    const bool fenced = w.strategy->info().fencing;
    const Command fenceKeys{w.counterKey, w.counterKey + ":highest-token"};
    const QByteArray fencingToken = QByteArray::number(lock.fencingToken);
    Reply read;
    if (fenced) {
        const LuaScript &script = builtinScript(QStringLiteral("fenced_read"));
        const Command args{fencingToken};
        read = co_await evalScript(*this, kResourceNode, script, fenceKeys, args, kStepCsGet);
    } else {
        Command get{QByteArrayLiteral("GET"), w.counterKey};
        read = co_await call(kResourceNode, std::move(get), kStepCsGet);
    }
    if (read.failed()) {
        // Refused (stale token) or no answer: without the value there is nothing to write.
        // (Writing 0 + 1 would be an invented lost update.)
        if (isStale(read)) {
            ++m_stats.staleRejected;
            m_recorder->record(EventKind::StaleRejected, index(), kResourceNode, counter, 0,
                               lock.fencingToken);
        } else {
            ++m_stats.readFailures;
        }
        m_recorder->record(EventKind::CriticalExit, index(), kNoNode, key, 0, 0);
        co_return;
    }
    const qint64 value = read.isBulk() ? read.text().toLongLong() : 0;

    if (w.nested)
        co_await nestedAcquire(w, lock, key);

    if (const qint64 hold = holdMs(w); hold > 0)
        co_await sleep(hold);

    const QByteArray next = QByteArray::number(value + 1);
    // Counted as unacknowledged until the answer says otherwise: a client that dies with the
    // write in flight leaves it counted, as it may have landed.
    ++m_stats.unacknowledged;
    Reply write;
    if (fenced) {
        const LuaScript &script = builtinScript(QStringLiteral("fenced_write"));
        const Command args{fencingToken, next};
        write = co_await evalScript(*this, kResourceNode, script, fenceKeys, args, kStepCsSet);
    } else {
        Command set{QByteArrayLiteral("SET"), w.counterKey, next};
        write = co_await call(kResourceNode, std::move(set), kStepCsSet);
    }
    if (!write.isNoReply())
        --m_stats.unacknowledged;
    if (isStale(write)) {
        ++m_stats.staleRejected;
        m_recorder->record(EventKind::StaleRejected, index(), kResourceNode, counter, 0,
                           lock.fencingToken);
    } else if (!write.failed()) {
        ++m_stats.increments;
        m_recorder->record(EventKind::ResourceWrite, index(), kResourceNode, counter, 0, value + 1);
    }
    m_recorder->record(EventKind::CriticalExit, index(), kNoNode, key, 0, 0);
}

} // namespace lockscope
