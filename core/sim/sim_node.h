// One logical Redis node of the simulated world: a primary embedded Engine with optional
// replicas fed asynchronously after a lag, which can crash, restart with or without its data,
// fail over to a replica (losing what had not been replicated) and have its clock jump.
#pragma once

#include "kernel.h"
#include "redis/engine.h"
#include "util/bytes_hash.h"

#include <array>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace lockscope {

class SimNode {
public:
    // A change to a key on the primary, with the client that owned the value before (-1 none)
    // and after the change. Key events of the log are made from these.
    struct Change {
        Engine::KeyChange::Kind kind;
        QByteArray key;
        qint16 byClient;    // -1: expiry or data loss
        qint16 ownerBefore; // whose value it was
        qint16 ownerAfter;  // whose value it is now
        // Written, ExpireChanged: the key's deadline after the change (node ms; -1 none), read
        // once here for both the key event and the expiry schedule.
        qint64 expireAtMs = -1;
    };
    using ChangeSink = std::function<void(const Change &)>;
    using MessageSink = Engine::MessageSink;

    // Sessions at or above this number are pub/sub connections of client (session - base).
    static constexpr int kSubscriberSessionBase = 100000;

    // A replication lag for replicas that never receive anything (the live key observer's
    // shadow of a primary whose real replica the live runner holds back): a failover then
    // promotes an empty replica, as it does for real.
    static constexpr qint64 kNeverReplicates = -1;

    // `observed`: track owners and report key changes (lock nodes). The protected resource
    // is not observed: nothing reads its changes, and its writes are the hottest path.
    SimNode(Kernel &kernel, int replicas, qint64 replicationLagUs, bool observed = true);

    void setChangeSink(ChangeSink sink) { m_changeSink = std::move(sink); }
    void setMessageSink(MessageSink sink);

    bool up() const { return m_up; }
    // Executes on the current primary; replication of what it changed is scheduled.
    Reply execute(const Command &argv, int session);
    Engine &primary() { return *m_servers.front()->engine; }
    qint16 ownerOf(const QByteArray &key) const;

    // Faults. Each reports the data it lost through the change sink (byClient = -1).
    void crash();                // down; data kept in memory for a later recover()
    void recover(bool keepData); // back up; without persistence it comes back empty
    void failover();             // first replica becomes primary
    void jumpClock(qint64 deltaMs);
    qint64 clockOffsetUs() const { return m_servers.front()->clockOffsetUs; }

    quint64 commandsExecuted() const { return m_commands; }

    // The bounds on scripts for every server of the node, present and future.
    void setScriptLimits(const ScriptLimits &limits);
    // The first script a server of this node stopped (None: none was).
    ScriptStop scriptStop() const { return m_scriptStop; }

private:
    struct Server {
        std::unique_ptr<Engine> engine;
        qint64 clockOffsetUs = 0;
        // Who wrote each key's current value (so a promoted replica knows it too). -1, or no
        // entry: nobody (the primary keeps the entry of a deleted key rather than allocate it
        // again on every acquisition of the lock).
        std::unordered_map<QByteArray, qint16, BytesHash> owners;
    };
    std::unique_ptr<Server> makeServer(qint64 clockOffsetUs);
    void becomePrimary(Server &server);
    void onPrimaryChange(const Engine::KeyChange &change);
    // Schedules the expiry of the earliest deadline of all keys (after a fault replaced data
    // or moved the clock); scheduleExpiryOfWritten() after a command considers only the keys
    // it wrote (m_ttlKeys). `deadlineMs` is the first node millisecond with work.
    void scheduleExpiry();
    void scheduleExpiryOfWritten();
    void scheduleExpiryAt(qint64 deadlineMs);
    void replicate(const QByteArray &key);
    // Reports every key whose value or presence differs between two states, after a failover
    // or a restart replaced the primary's data.
    void reportReplacedData(const Server &before);
    // The primary's owner entry of `key`, found by the address of its bytes (m_ownerSlots), or
    // looked up (and inserted when `insert`); nullptr when absent and not inserted.
    // Inline up to the slot's check: every key change asks once.
    qint16 *primaryOwner(const QByteArray &key, bool insert)
    {
        const char *data = key.constData();
        const OwnerSlot &slot = m_ownerSlots[(quintptr(data) >> 4) % m_ownerSlots.size()];
        if (slot.owner && slot.data == data && slot.size == key.size())
            return slot.owner;
        return primaryOwnerSlow(key, insert);
    }
    qint16 *primaryOwnerSlow(const QByteArray &key, bool insert);
    void forgetOwnerSlots() { m_ownerSlots.fill(OwnerSlot()); }

    Kernel &m_kernel;
    std::vector<std::unique_ptr<Server>> m_servers; // [0] is the primary
    qint64 m_lagUs = 0;
    bool m_up = true;
    bool m_observed = true;
    // The keys the command being executed wrote or changed the TTL of, each with its deadline
    // as of its latest change (the deadline it has after the command: every change to a key's
    // value, TTL or presence is reported).
    struct WrittenKey {
        QByteArray key;
        qint64 expireAtMs;
    };
    std::vector<WrittenKey> m_ttlKeys;
    quint64 m_epoch = 0; // bumps on failover/restart: stale replication and expiry actions drop
    quint64 m_expiryEpoch = 0;
    ScriptLimits m_scriptLimits;
    ScriptStop m_scriptStop = ScriptStop::None;
    qint64 m_expiryScheduledUs = -1;
    // The primary's owner entries by the address of their key's bytes: a key change names the
    // key the engine stores, which shares its bytes with the owners map's copy, so most changes
    // find their entry without hashing the key. An entry's key holds those bytes, so while the
    // entry exists no other key can have that address. Forgotten whenever the primary's map
    // loses entries or another server becomes the primary. Direct-mapped: collisions only miss.
    struct OwnerSlot {
        const char *data = nullptr;
        qsizetype size = 0;
        qint16 *owner = nullptr;
    };
    std::array<OwnerSlot, 1024> m_ownerSlots{}; // as many as SimWorld's lock keys by address
    bool m_muted = false; // true while a fault rewrites data (it reports the changes itself)
    quint64 m_commands = 0;
    ChangeSink m_changeSink;
    MessageSink m_messageSink;
};

} // namespace lockscope
