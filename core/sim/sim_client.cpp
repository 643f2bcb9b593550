#include "sim_client.h"
#include "util/decimal.h"

#include "async/catching_errors.h"
#include "lock/script.h"
#include "redis/redis_strings.h"

#include <QCoreApplication>

#include <charconv>
#include <cstring>

namespace lockscope {

namespace {

// Step labels live in named constants: GCC 12 rejects string literals inside co_await
// expressions ("array used as initializer").
constexpr const char *kStepAcquire = "acquire";
constexpr const char *kStepCsGet = "cs.get";
constexpr const char *kStepCsSet = "cs.set";

// The counter as QByteArray::toLongLong() reads it (0 when it is not a number). The counter is
// written by this file as canonical decimal, which the engine's integer parser reads in a tenth
// of toLongLong()'s instructions (a general number parser, 250 per read); anything else (a
// value a fault or a user's script left) still goes through toLongLong() and reads the same.
qint64 counterValue(const QByteArray &text)
{
    if (const std::optional<qint64> v = redis::parseInteger(text))
        return *v;
    return text.toLongLong();
}

} // namespace

SimClient::SimClient(SimWorld &world, int index, const ClientSpec &spec, quint64 seed)
    : m_world(world)
    , m_index(index)
    , m_name(spec.name.toUtf8())
    , m_spec(spec)
    , m_rng(Rng::derive(seed, quint64(index) * 2 + 1))
    , m_netRng(Rng::derive(seed, quint64(index) * 2 + 2))
{
    m_wait = world.wait();
    m_wait.timeoutMs = spec.acquireTimeoutMs;
    const int nodes = world.lockNodeCount() + 1; // + the resource
    m_linkArrivalUs.assign(std::size_t(nodes), 0);
    m_replyArrivalUs.assign(std::size_t(nodes), 0);
}

SimClient::~SimClient()
{
    // Frames first: they hold awaiters that point into this object.
    m_main.reset();
    m_background.clear();
}

void SimClient::start()
{
    m_main = catchingErrors(workload(), [this](const QString &what) { fail(what); });
    m_main.start();
}

// --- delivery, pause, crash --------------------------------------------------------------------

void SimClient::pause(qint64 durationUs)
{
    if (m_crashed || m_finished)
        return;
    const qint64 until = m_world.kernel().now() + durationUs;
    m_world.record(EventKind::ClientPaused, qint16(m_index), kNoNode, 0, 0, durationUs / 1000);
    if (until <= m_pausedUntilUs)
        return;
    m_pausedUntilUs = until;
    m_world.kernel().at(until, [this] { resumeAfterPause(); });
}

void SimClient::resumeAfterPause()
{
    if (m_crashed || m_pausedUntilUs < 0 || m_world.kernel().now() < m_pausedUntilUs)
        return; // a longer pause superseded this one
    m_pausedUntilUs = -1;
    m_world.record(EventKind::ClientResumed, qint16(m_index), kNoNode, 0, 0, 0);
    // Everything that arrived while paused, in arrival order; one of them may pause us again.
    while (!m_deferred.empty() && m_pausedUntilUs < 0 && !m_crashed) {
        auto fn = std::move(m_deferred.front());
        m_deferred.pop_front();
        fn();
    }
}

void SimClient::crash()
{
    if (m_crashed || m_finished)
        return;
    m_crashed = true;
    m_deferred.clear();
    m_waiters.clear();
    m_world.record(EventKind::ClientCrashed, qint16(m_index), kNoNode, 0, 0, 0);
    // We may be inside one of our own coroutines (a fault at a step): tear the frames down
    // from the kernel, once the current action has returned.
    m_world.kernel().at(m_world.kernel().now(), [this] {
        m_main.reset();
        m_background.clear();
    });
    m_world.clientDone();
}

void SimClient::strikeFaults(const char *step, const char *phase, quint64 handle)
{
    for (ArmedFault *f : m_world.reach(m_index, step, phase)) {
        if (f->spec.action == FaultSpec::Action::DelayRequest && f->targetClient == m_index &&
            std::strcmp(phase, "before") == 0) {
            // The command at the trigger has not left yet: it is the one held back.
            if (Request *req = findRequest(handle)) {
                req->holdUs = f->spec.durationMs * 1000;
                continue;
            }
        }
        if (f->spec.action == FaultSpec::Action::LoseReply ||
            f->spec.action == FaultSpec::Action::DelayReply) {
            Request *req = f->targetClient == m_index ? findRequest(handle) : nullptr;
            if (f->spec.action == FaultSpec::Action::LoseReply) {
                if (req)
                    req->dropReply = true;
                else
                    loseNextReply();
            } else {
                if (req)
                    req->extraDelayUs = f->spec.durationMs * 1000;
                else
                    delayNextReply(f->spec.durationMs * 1000);
            }
            continue;
        }
        m_world.strikeNodeFault(*f); // client and node faults alike, possibly after a delay
    }
}

// --- commands ------------------------------------------------------------------------------
//
// Requests live in a slab; a handle is (serial << 16 | slot), so a stale handle (a timeout
// after the reply, a reply after the timeout) finds nothing. Timeouts are armed only when the
// simulator knows an answer will not come in time (lost on the way, dropped, late): the happy
// path of a command costs two kernel actions, its arrival at the node and the reply's return.

void SimClient::armTimeout(quint64 handle)
{
    Request *req = findRequest(handle);
    if (!req || req->timeoutArmed)
        return;
    req->timeoutArmed = true;
    const qint64 timeoutMs = req->timeoutMs;
    at(req->deadlineUs, [this, handle, timeoutMs] {
        complete(handle, Reply::noReply(NoReplyKind::Timeout,
                                        "timeout after " + QByteArray::number(timeoutMs) + " ms"));
    });
}

void SimClient::issue(CallSpec &&spec, Reply *out, std::coroutine_handle<> h, Group *group,
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
    // Every field set in place (a reused slot): cheaper than building a Request and moving it.
    Request &req = m_slab[slot];
    req.serial = m_nextRequest++;
    req.spec = std::move(spec);
    req.out = out;
    req.handle = h;
    req.group = group;
    req.indexInGroup = indexInGroup;
    req.dropReply = m_loseNextReply;
    req.timeoutArmed = false;
    req.extraDelayUs = m_delayNextReplyUs;
    req.holdUs = m_holdNextRequestUs;
    req.timeoutMs = 0;
    req.deadlineUs = 0;
    req.replyInOut = false;
    // req.reply is left as the last request of the slot left it (moved from): arrive() sets it
    // before anything reads it, and a timeout or a lost reply never reads it.
    m_loseNextReply = false;
    m_delayNextReplyUs = 0;
    m_holdNextRequestUs = 0;
    const quint64 handle = (req.serial << 16) | slot;
    // Without faults nothing can touch the request before it leaves: no second look-up.
    Request *issued = &req;
    if (m_world.watchesSteps()) {
        strikeFaults(req.spec.step, "before", handle);
        issued = findRequest(handle);
    }
    if (issued && issued->holdUs > 0) {
        at(m_world.kernel().now() + issued->holdUs, [this, handle] { send(handle); });
        return;
    }
    if (issued && !m_crashed && m_pausedUntilUs < 0) {
        sendRequest(*issued, handle); // deliver()'s immediate case, with the request in hand
        return;
    }
    deliver([this, handle] { send(handle); });
}

void SimClient::send(quint64 handle)
{
    if (Request *req = findRequest(handle))
        sendRequest(*req, handle);
}

void SimClient::sendRequest(Request &request, quint64 handle)
{
    Request *req = &request;
    const int nodeIndex = req->spec.node;
    const std::size_t link =
        nodeIndex == kResourceNode ? m_linkArrivalUs.size() - 1 : std::size_t(nodeIndex);
    m_world.record(EventKind::CommandSent, qint16(m_index), qint16(nodeIndex), 0,
                   m_world.recordText() ? m_world.intern(commandToDisplay(req->spec.argv)) : 0,
                   qint64(req->serial));
    const qint64 now = m_world.kernel().now();
    req->timeoutMs = req->spec.timeoutMs >= 0 ? req->spec.timeoutMs : requestTimeoutMs();
    req->deadlineUs = now + req->timeoutMs * 1000;
    strike(req->spec.step, "sent", handle);

    // The command travels; links keep TCP's order.
    const qint64 arrival = qMax(now + m_world.oneWayLatencyUs(m_netRng), m_linkArrivalUs[link]);
    m_linkArrivalUs[link] = arrival;
    if (m_world.watchesSteps())
        m_world.travels(m_index, nodeIndex, now, arrival);
    m_world.kernel().at(arrival,
                        [this, handle, nodeIndex, link] { arrive(handle, nodeIndex, link); });
}

void SimClient::arrive(quint64 handle, int nodeIndex, std::size_t link)
{
    // The node executes what reaches it, whether or not the client is still alive to hear.
    Request *req = findRequest(handle);
    if (!req)
        return;
    SimNode *node = m_world.node(nodeIndex);
    if (!node || !node->up() || m_world.partitioned(m_index, nodeIndex)) {
        armTimeout(handle); // lost on the way
        return;
    }
    const bool stoppedBefore = node->scriptStop() != ScriptStop::None;
    const Request *slab = m_slab.data();
    Reply reply = node->execute(req->spec.argv, m_index);
    if (!stoppedBefore && (node->scriptStop() == ScriptStop::TimeLimit ||
                           node->scriptStop() == ScriptStop::MemoryCap))
        m_world.scriptLimitHit(m_index);
    // The command may have woken this client (a pub/sub message), which may have issued more
    // commands and moved the slab; nothing answers a request during execute(), so only then
    // is the request looked up again.
    if (m_slab.data() != slab && !(req = findRequest(handle)))
        return;
    if (req->dropReply) {
        armTimeout(handle); // executed, but nobody will hear about it
        return;
    }
    const qint64 back =
        qMax(m_world.kernel().now() + m_world.oneWayLatencyUs(m_netRng) + req->extraDelayUs,
             m_replyArrivalUs[link]);
    m_replyArrivalUs[link] = back;
    if (back > req->deadlineUs)
        armTimeout(handle); // the reply will come too late to matter
    if (!req->group && !m_crashed) {
        // Straight into the awaiter, one move fewer than through req->reply: its frame lives
        // until the client crashes, and a timeout that answers first overwrites it.
        *req->out = std::move(reply);
        req->replyInOut = true;
    } else {
        req->reply = std::move(reply);
    }
    m_world.kernel().at(back, [this, handle, nodeIndex] { replyArrives(handle, nodeIndex); });
}

void SimClient::replyArrives(quint64 handle, int nodeIndex)
{
    // A request that is gone (answered by its timeout meanwhile) has nothing left to deliver:
    // complete() and armTimeout() would ignore the stale handle anyway.
    Request *req = findRequest(handle);
    if (!req)
        return;
    if (m_world.partitioned(m_index, nodeIndex)) {
        armTimeout(handle);
        return;
    }
    if (!m_crashed && m_pausedUntilUs < 0) {
        completeRequest(*req, handle, req->replyInOut ? nullptr : &req->reply); // deliver() now
        return;
    }
    deliver([this, handle] {
        if (Request *later = findRequest(handle))
            completeRequest(*later, handle, later->replyInOut ? nullptr : &later->reply);
    });
}

void SimClient::complete(quint64 handle, Reply &&reply)
{
    if (Request *found = findRequest(handle))
        completeRequest(*found, handle, &reply);
    // else: already answered or timed out
}

void SimClient::completeRequest(Request &request, quint64 handle, Reply *answer)
{
    Request *found = &request;
    // The answer, or the one arrive() already put where the awaiter reads it.
    Reply &reply = answer ? *answer : *found->out;
    // Take what is needed and free the slot (not the whole Request: moving it costs more).
    struct Done {
        quint64 serial;
        CallSpec spec;
        Reply *out;
        std::coroutine_handle<> handle;
        Group *group;
        int indexInGroup;
    } req{found->serial, std::move(found->spec), found->out,
          found->handle, found->group,           found->indexInGroup};
    found->serial = 0;
    m_freeSlots.push_back(quint32(handle & 0xffff));

    const qint16 logNode = qint16(req.spec.node);
    if (reply.isNoReply())
        m_world.record(EventKind::ReplyMissing, qint16(m_index), logNode, 0,
                       m_world.intern(reply.text()), qint64(req.serial));
    else
        m_world.record(EventKind::ReplyReceived, qint16(m_index), logNode, 0,
                       m_world.recordText() ? m_world.intern(reply.toDisplay()) : 0,
                       qint64(req.serial));

    strike(req.spec.step, "after", 0);
    if (m_crashed)
        return;

    if (req.group) {
        Group *g = req.group;
        (*g->out)[req.indexInGroup] = std::move(reply);
        if (--g->remaining > 0)
            return;
        const auto h = g->handle;
        for (auto git = m_groups.begin(); git != m_groups.end(); ++git) {
            if (git->get() == g) {
                m_groups.erase(git);
                break;
            }
        }
        deliver([h] { h.resume(); });
        return;
    }
    if (answer)
        *req.out = std::move(reply);
    const auto h = req.handle;
    deliver([h] { h.resume(); });
}

void SimClient::sendCall(CallSpec &&spec, Reply *out, std::coroutine_handle<> h)
{
    issue(std::move(spec), out, h, nullptr, 0);
}

void SimClient::sendCalls(QList<CallSpec> &&specs, QList<Reply> *out, std::coroutine_handle<> h)
{
    auto group = std::make_unique<Group>();
    group->out = out;
    group->handle = h;
    group->remaining = int(specs.size());
    out->resize(specs.size());
    Group *g = group.get();
    m_groups.push_back(std::move(group));
    for (qsizetype i = 0; i < specs.size(); ++i)
        issue(std::move(specs[i]), nullptr, {}, g, int(i));
}

// --- time, checkpoints, messages --------------------------------------------------------------

SimClient::SleepUs SimClient::sleepFor(qint64 us)
{
    return SleepUs{this, us};
}

void SimClient::SleepUs::await_suspend(std::coroutine_handle<> h)
{
    client->at(client->m_world.kernel().now() + us, [h] { h.resume(); });
}

void SimClient::startSleep(qint64 ms, std::coroutine_handle<> h)
{
    at(m_world.kernel().now() + qMax<qint64>(ms, 0) * 1000, [h] { h.resume(); });
}

bool SimClient::passCheckpoint(const char *step, std::coroutine_handle<> h)
{
    strike(step, "at", 0);
    if (m_crashed)
        return true; // never resumed; the frames go with the crash
    if (m_pausedUntilUs >= 0) {
        m_deferred.push_back([h] { h.resume(); });
        return true;
    }
    return false;
}

void SimClient::startWaitForMessage(const QByteArray &channel, qint64 timeoutMs, bool *received,
                                    std::coroutine_handle<> h)
{
    const quint64 id = m_waiters.add(channel, received, h);
    at(m_world.kernel().now() + qMax<qint64>(timeoutMs, 0) * 1000, [this, id] {
        if (const auto handle = m_waiters.takeTimedOut(id))
            handle.resume();
    });
}

void SimClient::receiveMessage(const QByteArray &channel)
{
    const auto wake = m_waiters.takeForMessage(channel);
    for (auto h : wake)
        h.resume();
}

void SimClient::subscribe(int node, const QByteArray &channel)
{
    SimNode *n = m_world.node(node);
    if (n && n->up())
        n->execute({QByteArrayLiteral("SUBSCRIBE"), channel},
                   SimNode::kSubscriberSessionBase + m_index);
}

void SimClient::unsubscribe(int node, const QByteArray &channel)
{
    SimNode *n = m_world.node(node);
    if (n && n->up())
        n->execute({QByteArrayLiteral("UNSUBSCRIBE"), channel},
                   SimNode::kSubscriberSessionBase + m_index);
}

// --- the client's world --------------------------------------------------------------------

qint64 SimClient::nowMs() const
{
    return (m_world.kernel().now() + m_spec.clockOffsetMs * 1000) / 1000;
}

QByteArray SimClient::newToken()
{
    // Readable and unique: the client's name, a counter, and random bits as real clients use.
    // Written straight into one buffer of the right size (one acquisition, one allocation).
    ++m_tokens;
    static const char hex[] = "0123456789abcdef";
    const quint64 bits = m_rng.next();
    char counter[24];
    const auto counterEnd = std::to_chars(counter, counter + sizeof counter, m_tokens).ptr;
    const qsizetype counterLen = counterEnd - counter;
    QByteArray token(m_name.size() + 1 + counterLen + 1 + 8, Qt::Uninitialized);
    char *out = token.data();
    std::memcpy(out, m_name.constData(), std::size_t(m_name.size()));
    out += m_name.size();
    *out++ = ':';
    std::memcpy(out, counter, std::size_t(counterLen));
    out += counterLen;
    *out++ = ':';
    for (int i = 0; i < 8; ++i)
        *out++ = hex[(bits >> (28 - 4 * i)) & 0xf];
    return token;
}

void SimClient::spawn(Task<void> task)
{
    std::erase_if(m_background, [](const Task<void> &t) { return t.done(); });
    m_background.push_back(catchingErrors(std::move(task), [this](const QString &what) {
        fail(QCoreApplication::translate("Simulation", "a background task failed: %1").arg(what));
    }));
    m_background.back().start();
}

void SimClient::fail(const QString &what)
{
    m_world.abortRun(QCoreApplication::translate("Simulation", "client %1: %2")
                         .arg(QString::fromUtf8(m_name), what));
}

void SimClient::note(LockNote kind, const QByteArray &key, qint64 value, const QByteArray &detail)
{
    const quint32 k = m_world.keyId(key);
    switch (kind) {
    case LockNote::Renewed:
        m_world.record(EventKind::Renewed, qint16(m_index), kNoNode, k, 0, value);
        return;
    case LockNote::RenewFailed:
        m_world.record(EventKind::RenewFailed, qint16(m_index), kNoNode, k, 0, value);
        return;
    case LockNote::AttemptFailed:
        m_world.record(EventKind::AcquireAttempt, qint16(m_index), kNoNode, k, 0, value);
        return;
    case LockNote::Quorum:
    case LockNote::FencingToken:
    case LockNote::ClockExpired: {
        QByteArray text = detail;
        if (text.isEmpty()) {
            if (kind == LockNote::Quorum)
                text =
                    "quorum " + QByteArray::number(value) + '/' + QByteArray::number(nodeCount());
            else if (kind == LockNote::FencingToken)
                text = "fencing token " + QByteArray::number(value);
            else
                text = "lock time passed by this client's clock";
        }
        m_world.record(EventKind::Note, qint16(m_index), kNoNode, k, m_world.intern(text), value);
        return;
    }
    }
}

// --- the workload ---------------------------------------------------------------------------

Task<void> SimClient::workload()
{
    if (!m_spec.schedule.isEmpty()) {
        co_await replaySchedule();
        co_return;
    }
    co_await sleepFor(m_spec.startMs * 1000);
    m_world.record(EventKind::ClientStarted, qint16(m_index), kNoNode, 0, 0, 0);
    const auto &sc = m_world.scenario();
    for (int cycle = 0; m_spec.cycles < 0 || cycle < m_spec.cycles; ++cycle) {
        const int pick = sc.keyCount == 1 ? 0 : int(m_rng.between(0, sc.keyCount - 1));
        LockHandle lock = m_blankLock;
        lock.acquireCommand.swap(m_acquireCommand); // refilled by the first attempt
        lock.releaseCommand.swap(m_releaseCommand); // and by the release
        const quint32 key = m_world.lockKeyId(pick);
        lock.request.key = m_world.strings().at(key); // "lock:<pick>", shared rather than rebuilt
        lock.request.ttlMs = sc.ttlMs;
        lock.request.nodeTimeoutMs = sc.nodeTimeoutMs;

        m_world.record(EventKind::AcquireStarted, qint16(m_index), kNoNode, key, 0, 1);
        const qint64 t0 = m_world.kernel().now();
        const bool ok = co_await acquireLock(*this, m_world.strategy(), lock, m_wait);
        if (!ok) {
            m_acquireCommand.swap(lock.acquireCommand);
            m_releaseCommand.swap(lock.releaseCommand);
            m_world.record(EventKind::AcquireGaveUp, qint16(m_index), kNoNode, key, 0, 0);
            co_await sleepFor(m_spec.thinkMs.sampleUs(m_rng));
            continue;
        }
        m_world.record(EventKind::Acquired, qint16(m_index), kNoNode, key,
                       m_world.intern(lock.token), m_world.kernel().now() - t0);
        co_await criticalSection(lock, pick, m_spec.holdMs.sampleUs(m_rng));

        m_world.record(EventKind::ReleaseStarted, qint16(m_index), kNoNode, key, 0, 0);
        const auto outcome = co_await releaseLock(*this, m_world.strategy(), lock, m_world.wait());
        recordReleased(key, outcome);
        m_acquireCommand.swap(lock.acquireCommand);
        m_releaseCommand.swap(lock.releaseCommand);
        co_await sleepFor(m_spec.thinkMs.sampleUs(m_rng));
    }
    m_finished = true;
    m_world.clientDone();
}

void SimClient::recordReleased(quint32 key, ReleaseOutcome outcome)
{
    m_world.record(EventKind::Released, qint16(m_index), kNoNode, key, 0,
                   outcome == ReleaseOutcome::Released  ? 1
                   : outcome == ReleaseOutcome::NotHeld ? 0
                                                        : -1);
}

Task<void> SimClient::replaySchedule()
{
    // A recorded workload, acquisition by acquisition. The recording saw each hold from the
    // server's side (the key written, the key deleted). The client learns it got the lock one
    // round trip after the key was written, and the release reaches the node one round trip
    // (the counter's write) and a hop after the work ends: the work ends two round trips early
    // so that on the node the hold lasts holdUs again.
    co_await sleepFor(m_spec.startMs * 1000);
    m_world.record(EventKind::ClientStarted, qint16(m_index), kNoNode, 0, 0, 0);
    const auto &sc = m_world.scenario();
    const qint64 roundTripUs = qint64(sc.latencyMs * 2000.0);
    for (const ScheduledHold &entry : m_spec.schedule) {
        // The parser checks the keys; a scenario changed after (fewer keys) must not run off.
        if (entry.key < 0 || entry.key >= m_world.lockKeyCount()) {
            fail(QCoreApplication::translate("Simulation",
                                             "its schedule names key %1, the scenario has %2")
                     .arg(entry.key)
                     .arg(m_world.lockKeyCount()));
            co_return;
        }
        const qint64 now = m_world.kernel().now();
        if (entry.atUs > now)
            co_await sleepFor(entry.atUs - now);
        LockHandle lock = m_blankLock;
        const quint32 key = m_world.lockKeyId(entry.key);
        lock.request.key = m_world.strings().at(key);
        lock.request.ttlMs = entry.ttlMs > 0 ? entry.ttlMs : sc.ttlMs;
        lock.request.nodeTimeoutMs = sc.nodeTimeoutMs;

        m_world.record(EventKind::AcquireStarted, qint16(m_index), kNoNode, key, 0, 1);
        const qint64 t0 = m_world.kernel().now();
        const bool ok = co_await acquireLock(*this, m_world.strategy(), lock, m_wait);
        if (!ok) {
            m_world.record(EventKind::AcquireGaveUp, qint16(m_index), kNoNode, key, 0, 0);
            continue;
        }
        const qint64 acquiredUs = m_world.kernel().now();
        m_world.record(EventKind::Acquired, qint16(m_index), kNoNode, key,
                       m_world.intern(lock.token), acquiredUs - t0);
        co_await criticalSection(lock, entry.key, 0,
                                 acquiredUs + qMax<qint64>(entry.holdUs - 2 * roundTripUs, 0));

        m_world.record(EventKind::ReleaseStarted, qint16(m_index), kNoNode, key, 0, 0);
        const auto outcome = co_await releaseLock(*this, m_world.strategy(), lock, m_world.wait());
        recordReleased(key, outcome);
    }
    m_finished = true;
    m_world.clientDone();
}

Task<void> SimClient::criticalSection(LockHandle &lock, int keyIndex, qint64 holdUs,
                                      qint64 releaseAtUs)
{
    const quint32 key = m_world.lockKeyId(keyIndex);
    m_world.record(EventKind::CriticalEnter, qint16(m_index), kNoNode, key, 0, 0);
    // Faults "after acquire" strike here: the client believes it holds the lock.
    co_await checkpoint(kStepAcquire);

    const quint32 counter = m_world.counterKeyId(keyIndex);
    const QByteArray counterKey = m_world.strings().at(counter); // a copy: the pool may grow
    const bool fenced = m_world.strategy().info().fencing;

    // The protected resource: seed 001's read-modify-write of a counter. With fencing, the
    // resource sees the token on every access and refuses tokens older than the newest it saw.
    // (Commands and scripts are built outside the co_await expressions for GCC 12's sake.)
    Reply read;
    if (fenced) {
        const Command keys{counterKey, counterKey + ":highest-token"};
        const Command args{decimal(lock.fencingToken)};
        read =
            co_await evalScript(*this, kResourceNode, builtinScript(QStringLiteral("fenced_read")),
                                keys, args, kStepCsGet);
    } else {
        read = co_await call(kResourceNode, m_world.getCounterCommand(keyIndex), kStepCsGet);
    }
    if (read.isError() && read.text().startsWith("STALE")) {
        m_world.record(EventKind::StaleRejected, qint16(m_index), kResourceNode, counter, 0,
                       lock.fencingToken);
        m_world.record(EventKind::CriticalExit, qint16(m_index), kNoNode, key, 0, 0);
        co_return;
    }
    const qint64 value = read.isBulk() ? counterValue(read.text()) : 0;

    if (m_spec.nested)
        co_await nestedAcquire(lock);

    if (releaseAtUs < 0)
        co_await sleepFor(holdUs);
    else if (releaseAtUs > m_world.kernel().now()) // a replay: the work ends at a set time
        co_await sleepFor(releaseAtUs - m_world.kernel().now());

    Reply write;
    if (fenced) {
        const Command keys{counterKey, counterKey + ":highest-token"};
        const Command args{decimal(lock.fencingToken), decimal(value + 1)};
        write =
            co_await evalScript(*this, kResourceNode, builtinScript(QStringLiteral("fenced_write")),
                                keys, args, kStepCsSet);
    } else {
        if (m_setCounter.size() != 3) {
            m_setCounter = Command{QByteArrayLiteral("SET"), counterKey, decimal(value + 1)};
        } else {
            m_setCounter[1] = counterKey;
            // In place when the server no longer holds the last value this client wrote.
            assignDecimal(m_setCounter[2], value + 1);
        }
        write = co_await call(kResourceNode, m_setCounter, kStepCsSet);
    }
    if (write.isError() && write.text().startsWith("STALE"))
        m_world.record(EventKind::StaleRejected, qint16(m_index), kResourceNode, counter, 0,
                       lock.fencingToken);
    else if (!write.failed())
        m_world.record(EventKind::ResourceWrite, qint16(m_index), kResourceNode, counter, 0,
                       value + 1);
    m_world.record(EventKind::CriticalExit, qint16(m_index), kNoNode, key, 0, 0);
}

Task<void> SimClient::nestedAcquire(const LockHandle &outer)
{
    // The holder asks for the same lock again (same client, same thread): only a reentrant
    // strategy lets it in at once; the others make it wait for its own lease to run out.
    const quint32 key = m_world.keyId(outer.request.key);
    LockHandle inner = m_blankLock;
    inner.request = outer.request;
    m_world.record(EventKind::AcquireStarted, qint16(m_index), kNoNode, key, 0, 2);
    const qint64 t0 = m_world.kernel().now();
    if (!co_await acquireLock(*this, m_world.strategy(), inner, m_wait)) {
        m_world.record(EventKind::AcquireGaveUp, qint16(m_index), kNoNode, key, 0, 0);
        co_return;
    }
    m_world.record(EventKind::Acquired, qint16(m_index), kNoNode, key, m_world.intern(inner.token),
                   m_world.kernel().now() - t0);
    m_world.record(EventKind::ReleaseStarted, qint16(m_index), kNoNode, key, 0, 2);
    const auto outcome = co_await releaseLock(*this, m_world.strategy(), inner, m_world.wait());
    m_world.record(EventKind::Released, qint16(m_index), kNoNode, key, 0,
                   outcome == ReleaseOutcome::Released  ? 1
                   : outcome == ReleaseOutcome::NotHeld ? 0
                                                        : -1);
}

} // namespace lockscope
