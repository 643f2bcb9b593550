#include "engine_context.h"

#include "lock/script.h"

#include <algorithm>

namespace lockscope::test {

namespace {
constexpr int kWorldSession = 1000; // TestWorld::exec's own connection
} // namespace

// --- TestWorld --------------------------------------------------------------------------------

TestWorld::TestWorld(int nodes)
{
    for (int i = 0; i < nodes; ++i) {
        auto engine = std::make_unique<Engine>([this] { return m_nowUs; });
        engine->setMessageSink([this](int session, const QByteArray &channel, const QByteArray &,
                                      const QByteArray &) { deliver(session, channel); });
        m_nodes.push_back(std::move(engine));
        m_down.push_back(false);
    }
}

TestWorld::~TestWorld()
{
    // Pending resumptions only point into frames; drop them before the frames go.
    m_queue.clear();
    m_roots.clear();
    m_clients.clear();
    m_nodes.clear();
}

void TestWorld::preloadScripts()
{
    const QStringList names = builtinScriptNames();
    for (int i = 0; i < nodeCount(); ++i) {
        for (const QString &name : names)
            exec(i, Command{"SCRIPT", "LOAD", builtinScript(name).body});
    }
}

Reply TestWorld::exec(int node, const Command &argv)
{
    return this->node(node).execute(argv, kWorldSession);
}

bool TestWorld::keyExists(int node, const QByteArray &key)
{
    const Reply reply = exec(node, Command{"EXISTS", key});
    return reply.isInteger() && reply.integer() == 1;
}

EngineContext &TestWorld::addClient(const QByteArray &name, qint64 clockSkewMs)
{
    const int session = int(m_clients.size()) + 1;
    m_clients.push_back(std::make_unique<EngineContext>(*this, name, session, clockSkewMs));
    return *m_clients.back();
}

EngineContext &TestWorld::client(const QByteArray &name)
{
    for (const auto &c : m_clients) {
        if (c->clientName() == name)
            return *c;
    }
    qFatal("no client %s", name.constData());
}

void TestWorld::pauseBefore(const QByteArray &client, const QByteArray &step, qint64 ms)
{
    m_pauses.insert({client, step}, ms);
}

void TestWorld::crashBefore(const QByteArray &client, const QByteArray &step)
{
    m_crashes.append({client, step});
}

Task<void> TestWorld::markDone(Task<void> task, std::shared_ptr<bool> done)
{
    co_await std::move(task);
    *done = true;
}

std::shared_ptr<bool> TestWorld::start(Task<void> task)
{
    auto done = std::make_shared<bool>(false);
    m_roots.push_back(markDone(std::move(task), done));
    // By index: the vector may grow (and move its Tasks) before this runs.
    const size_t index = m_roots.size() - 1;
    schedule(m_nowUs, [this, index] { m_roots[index].start(); });
    return done;
}

bool TestWorld::complete(Task<void> task, qint64 limitMs)
{
    auto done = start(std::move(task));
    runUntil([&] { return *done; }, limitMs);
    return *done;
}

void TestWorld::runFor(qint64 ms)
{
    const qint64 targetUs = m_nowUs + ms * 1000;
    while (!m_queue.empty() && m_queue.begin()->first.first <= targetUs) {
        auto node = m_queue.extract(m_queue.begin());
        m_nowUs = std::max(m_nowUs, node.key().first);
        node.mapped()();
    }
    m_nowUs = std::max(m_nowUs, targetUs);
}

void TestWorld::runUntil(const std::function<bool()> &stop, qint64 limitMs)
{
    const qint64 deadlineUs = m_nowUs + limitMs * 1000;
    while (!stop() && !m_queue.empty() && m_queue.begin()->first.first <= deadlineUs) {
        auto node = m_queue.extract(m_queue.begin());
        m_nowUs = std::max(m_nowUs, node.key().first);
        node.mapped()();
    }
}

QList<LoggedCommand> TestWorld::commandsOf(const QByteArray &client) const
{
    QList<LoggedCommand> out;
    for (const LoggedCommand &c : m_commands) {
        if (c.client == client)
            out << c;
    }
    return out;
}

QList<LoggedCommand> TestWorld::commandsWithStep(const QByteArray &step) const
{
    QList<LoggedCommand> out;
    for (const LoggedCommand &c : m_commands) {
        if (c.step == step)
            out << c;
    }
    return out;
}

void TestWorld::clearLogs()
{
    m_commands.clear();
    m_notes.clear();
    m_trace.clear();
}

void TestWorld::schedule(qint64 atUs, std::function<void()> fn)
{
    m_queue.emplace(std::make_pair(std::max(atUs, m_nowUs), m_seq++), std::move(fn));
}

void TestWorld::deliver(int session, const QByteArray &channel)
{
    for (const auto &c : m_clients) {
        if (c->pubsubSession() == session)
            c->messageArrived(channel);
    }
}

// --- EngineContext ----------------------------------------------------------------------------

EngineContext::EngineContext(TestWorld &world, QByteArray name, int session, qint64 clockSkewMs)
    : m_world(world)
    , m_name(std::move(name))
    , m_session(session)
    , m_skewMs(clockSkewMs)
    , m_random(quint64(qHash(m_name)) ^ 0x5eedULL)
{}

EngineContext::~EngineContext() = default;

QByteArray EngineContext::newToken()
{
    QByteArray token = "tok-" + m_name + '-' + QByteArray::number(m_tokens.size() + 1);
    m_tokens << token;
    return token;
}

void EngineContext::spawn(Task<void> task)
{
    m_spawned.push_back(std::move(task));
    const size_t index = m_spawned.size() - 1;
    m_world.schedule(m_world.m_nowUs, [this, index] {
        if (!m_crashed)
            m_spawned[index].start();
    });
}

void EngineContext::subscribe(int node, const QByteArray &channel)
{
    // Like real clients, pub/sub gets a connection of its own: a subscribed RESP2 connection
    // can run nothing else.
    m_world.node(node).execute(Command{"SUBSCRIBE", channel}, pubsubSession());
    m_subscribed << channel;
    trace(m_name + " subscribe " + channel);
}

void EngineContext::unsubscribe(int node, const QByteArray &channel)
{
    m_world.node(node).execute(Command{"UNSUBSCRIBE", channel}, pubsubSession());
    m_subscribed.removeAll(channel);
    m_buffered.remove(channel);
    trace(m_name + " unsubscribe " + channel);
}

void EngineContext::note(LockNote kind, const QByteArray &key, qint64 value,
                         const QByteArray &detail)
{
    m_world.m_notes << LoggedNote{m_name, kind, key, value, detail};
}

void EngineContext::trace(const QByteArray &line)
{
    m_world.m_trace << QString::fromUtf8(line);
}

bool EngineContext::beforeSend(const QByteArray &step, const std::function<void()> &send)
{
    const QPair<QByteArray, QByteArray> rule{m_name, step};
    if (m_world.m_crashes.removeOne(rule)) {
        m_crashed = true;
        trace(m_name + " crashed before " + step);
        return false;
    }
    const auto pause = m_world.m_pauses.find(rule);
    if (pause != m_world.m_pauses.end()) {
        const qint64 ms = pause.value();
        m_world.m_pauses.erase(pause);
        trace(m_name + " paused " + QByteArray::number(ms) + " before " + step);
        m_world.schedule(m_world.m_nowUs + ms * 1000, [this, send] {
            if (!m_crashed)
                send();
        });
        return true;
    }
    send();
    return true;
}

Reply EngineContext::execute(int node, const Command &argv, const QByteArray &step,
                             qint64 timeoutMs, qint64 *replyDelayMs)
{
    const qint64 timeout = timeoutMs < 0 ? m_requestTimeoutMs : timeoutMs;
    Reply reply;
    if (node < 0 || node >= m_world.nodeCount() || m_world.nodeDown(node)) {
        reply = Reply::noReply(NoReplyKind::Disconnected, "node down");
        *replyDelayMs = timeout;
    } else {
        reply = m_world.node(node).execute(argv, m_session);
        *replyDelayMs = m_world.m_latencyMs;
        if (m_world.m_latencyMs > timeout) { // executed, but the answer comes too late
            reply = Reply::noReply(NoReplyKind::Timeout, "timeout");
            *replyDelayMs = timeout;
        }
    }
    m_world.m_commands << LoggedCommand{m_name, node, step, argv, reply, m_world.nowMs()};
    return reply;
}

void EngineContext::resumeAt(qint64 atUs, std::coroutine_handle<> h)
{
    m_world.schedule(atUs, [this, h] {
        if (!m_crashed)
            h.resume();
    });
}

void EngineContext::sendCall(CallSpec &&spec, Reply *out, std::coroutine_handle<> h)
{
    const QByteArray step(spec.step);
    beforeSend(step, [this, spec, out, h, step] {
        qint64 delayMs = 0;
        *out = execute(spec.node, spec.argv, step, spec.timeoutMs, &delayMs);
        resumeAt(m_world.m_nowUs + delayMs * 1000, h);
    });
}

void EngineContext::sendCalls(QList<CallSpec> &&specs, QList<Reply> *out, std::coroutine_handle<> h)
{
    const QByteArray step(specs.isEmpty() ? "" : specs.first().step);
    beforeSend(step, [this, specs, out, h] {
        out->clear();
        qint64 slowestMs = 0;
        for (const CallSpec &spec : specs) {
            qint64 delayMs = 0;
            *out << execute(spec.node, spec.argv, QByteArray(spec.step), spec.timeoutMs, &delayMs);
            slowestMs = std::max(slowestMs, delayMs);
        }
        resumeAt(m_world.m_nowUs + slowestMs * 1000, h);
    });
}

void EngineContext::startSleep(qint64 ms, std::coroutine_handle<> h)
{
    m_sleeps << ms;
    trace(m_name + " sleep " + QByteArray::number(ms));
    resumeAt(m_world.m_nowUs + ms * 1000, h);
}

bool EngineContext::passCheckpoint(const char *step, std::coroutine_handle<> h)
{
    Q_UNUSED(h);
    trace(m_name + " checkpoint " + step);
    return false;
}

void EngineContext::startWaitForMessage(const QByteArray &channel, qint64 timeoutMs, bool *received,
                                        std::coroutine_handle<> h)
{
    trace(m_name + " wait " + QByteArray::number(timeoutMs));
    auto buffered = m_buffered.find(channel);
    if (buffered != m_buffered.end() && buffered.value() > 0) {
        --buffered.value();
        *received = true;
        resumeAt(m_world.m_nowUs, h);
        return;
    }
    auto waiter = std::make_shared<Waiter>(Waiter{channel, received, h, false});
    m_waiters.push_back(waiter);
    m_world.schedule(m_world.m_nowUs + timeoutMs * 1000, [this, waiter] {
        if (waiter->resolved || m_crashed)
            return;
        waiter->resolved = true;
        *waiter->received = false;
        std::erase(m_waiters, waiter);
        waiter->handle.resume();
    });
}

void EngineContext::messageArrived(const QByteArray &channel)
{
    for (const auto &waiter : m_waiters) {
        if (!waiter->resolved && waiter->channel == channel) {
            waiter->resolved = true;
            *waiter->received = true;
            const std::shared_ptr<Waiter> found = waiter; // erase() must not see a reference
            std::erase(m_waiters, found);
            resumeAt(m_world.m_nowUs + m_world.m_latencyMs * 1000, found->handle);
            return;
        }
    }
    if (m_subscribed.contains(channel))
        ++m_buffered[channel];
}

} // namespace lockscope::test
