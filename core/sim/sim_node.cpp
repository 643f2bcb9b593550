#include "sim_node.h"

#include <set>

namespace lockscope {

SimNode::SimNode(Kernel &kernel, int replicas, qint64 replicationLagUs, bool observed)
    : m_kernel(kernel)
    , m_lagUs(replicationLagUs)
    , m_observed(observed)
{
    for (int i = 0; i <= replicas; ++i)
        m_servers.push_back(makeServer(0));
    becomePrimary(*m_servers.front());
}

std::unique_ptr<SimNode::Server> SimNode::makeServer(qint64 clockOffsetUs)
{
    auto server = std::make_unique<Server>();
    server->clockOffsetUs = clockOffsetUs;
    Server *raw = server.get();
    server->engine =
        std::make_unique<Engine>([this, raw] { return m_kernel.now() + raw->clockOffsetUs; });
    server->engine->setScriptLimits(m_scriptLimits);
    return server;
}

void SimNode::becomePrimary(Server &server)
{
    if (m_observed)
        server.engine->setKeyObserver([this](const Engine::KeyChange &c) { onPrimaryChange(c); });
    if (m_messageSink)
        server.engine->setMessageSink(m_messageSink);
}

void SimNode::setScriptLimits(const ScriptLimits &limits)
{
    m_scriptLimits = limits;
    for (auto &server : m_servers)
        server->engine->setScriptLimits(limits);
}

void SimNode::setMessageSink(MessageSink sink)
{
    m_messageSink = std::move(sink);
    primary().setMessageSink(m_messageSink);
}

qint16 SimNode::ownerOf(const QByteArray &key) const
{
    const auto &owners = m_servers.front()->owners;
    const auto it = owners.find(key);
    return it == owners.end() ? qint16(-1) : it->second;
}

Reply SimNode::execute(const Command &argv, int session)
{
    ++m_commands;
    m_ttlKeys.clear();
    Reply reply = primary().execute(argv, session);
    if (m_scriptStop == ScriptStop::None)
        m_scriptStop = primary().scriptStop();
    // Only a write or a TTL change can bring a deadline forward (most commands, like a SET NX
    // that finds the lock taken, change nothing; a DEL or an expiry only removes deadlines; a
    // SET ... PX reports its TTL with the write). The unobserved resource keeps no TTLs at all.
    if (!m_ttlKeys.empty())
        scheduleExpiryOfWritten();
    return reply;
}

void SimNode::scheduleExpiryOfWritten()
{
    // The expiry already scheduled is never later than any deadline that existed before this
    // command (scheduleExpiry() keeps it so), so only the deadlines of the keys this command
    // wrote can come before it: their earliest decides, as the earliest of all keys would.
    // A lookup per written key instead of asking the keyspace for its earliest deadline, which
    // first pops the deadlines of every key released since (most locks are released long
    // before their TTL): that was a tenth of an acquisition's cost.
    // Each key's deadline was read when its last change was reported (the same state as now:
    // the clock does not move during a command), so no second look-up here.
    qint64 earliestMs = -1;
    for (const WrittenKey &written : m_ttlKeys) {
        const qint64 at = written.expireAtMs;
        if (at >= 0 && (earliestMs < 0 || at < earliestMs))
            earliestMs = at;
    }
    m_ttlKeys.clear();
    if (earliestMs >= 0)
        scheduleExpiryAt(earliestMs + 1); // a key expires once now > deadline: at deadline + 1
}

void SimNode::onPrimaryChange(const Engine::KeyChange &c)
{
    const bool setsDeadline = c.kind == Engine::KeyChange::Kind::Written ||
                              c.kind == Engine::KeyChange::Kind::ExpireChanged;
    const qint64 deadlineMs = setsDeadline ? primary().expireAtMs(c.key) : -1;
    bool listed = false;
    for (WrittenKey &written : m_ttlKeys) { // a deleted or expired key has no deadline now
        if (written.key == c.key) {
            written.expireAtMs = deadlineMs;
            listed = true;
        }
    }
    if (setsDeadline && !listed)
        m_ttlKeys.push_back({c.key, deadlineMs});
    if (m_muted)
        return;
    const qint16 by =
        c.session >= 0 && c.session < kSubscriberSessionBase ? qint16(c.session) : qint16(-1);
    qint16 before = -1;
    qint16 after = -1;
    if (c.kind == Engine::KeyChange::Kind::Written) {
        // One look-up for both reading the old owner and recording the new one.
        qint16 *owner = primaryOwner(c.key, true);
        before = *owner;
        *owner = by;
        after = by;
    } else {
        qint16 *owner = primaryOwner(c.key, false);
        if (owner)
            before = *owner;
        if (c.kind == Engine::KeyChange::Kind::ExpireChanged)
            after = before;
        else if (owner)  // Deleted or Expired: nobody owns it now
            *owner = -1; // kept (-1 reads as absent): the key's next write reuses its node
    }
    if (m_changeSink)
        m_changeSink(Change{c.kind, c.key,
                            c.kind == Engine::KeyChange::Kind::Expired ? qint16(-1) : by, before,
                            after, deadlineMs});
    if (m_servers.size() > 1 && m_lagUs != kNeverReplicates)
        replicate(c.key);
}

qint16 *SimNode::primaryOwnerSlow(const QByteArray &key, bool insert)
{
    const char *data = key.constData();
    OwnerSlot &slot = m_ownerSlots[(quintptr(data) >> 4) % m_ownerSlots.size()];
    auto &owners = m_servers.front()->owners;
    qint16 *owner = nullptr;
    const QByteArray *stored = nullptr;
    if (insert) {
        const auto it = owners.try_emplace(key, qint16(-1)).first; // -1: nobody's yet
        owner = &it->second;
        stored = &it->first;
    } else {
        const auto it = owners.find(key);
        if (it == owners.end())
            return nullptr;
        owner = &it->second;
        stored = &it->first;
    }
    // Bytes not owned (fromRawData) may change or go while the entry stays: not remembered.
    if (stored->capacity() != 0)
        slot = {stored->constData(), stored->size(), owner};
    return owner;
}

void SimNode::replicate(const QByteArray &key)
{
    // Asynchronous replication: the key's state as of now reaches the replicas after the lag,
    // unless the primary is replaced first (then it is simply lost, as in real Redis).
    auto snap = primary().snapshot(key);
    const qint16 owner = ownerOf(key);
    const quint64 epoch = m_epoch;
    m_kernel.after(m_lagUs, [this, snap = std::move(snap), owner, epoch] {
        if (epoch != m_epoch)
            return;
        for (std::size_t i = 1; i < m_servers.size(); ++i) {
            auto &server = *m_servers[i];
            server.engine->applySnapshot(snap);
            if (snap.exists)
                server.owners[snap.key] = owner;
            else
                server.owners.erase(snap.key);
        }
    });
}

void SimNode::scheduleExpiry()
{
    if (!m_up)
        return;
    const qint64 deadlineMs = primary().nextExpiryMs();
    if (deadlineMs < 0)
        return;
    scheduleExpiryAt(deadlineMs);
}

void SimNode::scheduleExpiryAt(qint64 deadlineMs)
{
    if (!m_up)
        return;
    // Redis expires a key once its clock is past the deadline: at deadline + 1 ms, node time.
    const qint64 trueUs = (deadlineMs + 1) * 1000 - clockOffsetUs();
    if (m_expiryScheduledUs >= 0 && m_expiryScheduledUs <= trueUs)
        return;
    m_expiryScheduledUs = trueUs;
    const quint64 epoch = m_expiryEpoch;
    m_kernel.at(trueUs, [this, trueUs, epoch] {
        if (epoch != m_expiryEpoch || !m_up)
            return;
        if (m_expiryScheduledUs == trueUs)
            m_expiryScheduledUs = -1;
        primary().expireDue();
        scheduleExpiry();
    });
}

void SimNode::reportReplacedData(const Server &before)
{
    // Diff the old primary's keys against the new primary's and report each difference as a
    // change made by no client: that is the data a failover or an empty restart lost.
    if (!m_changeSink)
        return;
    const auto &now = *m_servers.front();
    std::set<QByteArray> keys;
    for (const auto &k : before.engine->keys())
        keys.insert(k);
    for (const auto &k : now.engine->keys())
        keys.insert(k);
    for (const auto &key : keys) {
        const auto a = before.engine->snapshot(key);
        const auto b = now.engine->snapshot(key);
        const auto ownerA = before.owners.count(key) ? before.owners.at(key) : qint16(-1);
        const auto ownerB = now.owners.count(key) ? now.owners.at(key) : qint16(-1);
        if (a.exists && !b.exists) {
            m_changeSink(Change{Engine::KeyChange::Kind::Deleted, key, -1, ownerA, -1});
        } else if (b.exists && (!a.exists || a.value != b.value || a.fields != b.fields)) {
            m_changeSink(Change{Engine::KeyChange::Kind::Written, key, -1, ownerA, ownerB,
                                primary().expireAtMs(key)});
        } else if (b.exists && a.expireAtMs != b.expireAtMs) {
            m_changeSink(Change{Engine::KeyChange::Kind::ExpireChanged, key, -1, ownerA, ownerB,
                                primary().expireAtMs(key)});
        }
    }
}

void SimNode::crash()
{
    m_up = false;
    ++m_expiryEpoch;
    m_expiryScheduledUs = -1;
}

void SimNode::recover(bool keepData)
{
    if (!keepData) {
        // Snapshot what is there, wipe it, and report the difference.
        auto before = makeServer(clockOffsetUs());
        for (const auto &key : primary().keys()) {
            before->engine->applySnapshot(primary().snapshot(key));
        }
        before->owners = m_servers.front()->owners;
        m_muted = true;
        primary().flushAll();
        m_muted = false;
        m_servers.front()->owners.clear();
        forgetOwnerSlots();
        ++m_epoch;
        reportReplacedData(*before);
    }
    primary().flushScripts(); // Redis does not persist its script cache
    m_up = true;
    scheduleExpiry();
}

void SimNode::failover()
{
    if (m_servers.size() < 2) {
        crash();
        return;
    }
    std::unique_ptr<Server> old = std::move(m_servers.front());
    m_servers.erase(m_servers.begin());
    ++m_epoch; // what the old primary had not yet shipped is gone
    ++m_expiryEpoch;
    m_expiryScheduledUs = -1;
    old->engine->setKeyObserver({});
    forgetOwnerSlots(); // they point into the old primary's map
    becomePrimary(*m_servers.front());
    m_up = true;
    reportReplacedData(*old);
    scheduleExpiry();
}

void SimNode::jumpClock(qint64 deltaMs)
{
    m_servers.front()->clockOffsetUs += deltaMs * 1000;
    ++m_expiryEpoch;
    m_expiryScheduledUs = -1;
    scheduleExpiry();
}

} // namespace lockscope
