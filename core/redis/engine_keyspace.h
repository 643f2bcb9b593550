// The engine's keyspace: key -> value storage plus the index of expiry deadlines. Storage only;
// the rules (lazy expiry, notifications, attribution) live in the engine that owns it.
//
// Determinism: keys hash with our own keyHash64(), never qHash (seeded per process in Qt 6), and
// nothing that reaches a reply or a log depends on the container's iteration order.
#pragma once

#include <QByteArray>

#include <cstring>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lockscope::redis {

// A 64-bit hash of the key bytes, 8 bytes at a time (read little-endian, so the value is the
// same on every platform), with murmur3's finaliser: stable across processes, platforms and Qt
// versions, and cheap on the short keys locks use.
quint64 keyHash64(const QByteArray &bytes);

// Deliberately not noexcept: libstdc++ then stores each node's hash, so a lookup compares stored
// hashes instead of rehashing every key in the bucket it walks. (Iteration order is the same.)
struct KeyHash {
    size_t operator()(const QByteArray &key) const { return static_cast<size_t>(keyHash64(key)); }
};

// Key equality with a shortcut: a key usually shares its bytes with the command that named it
// (implicit sharing), so equal data pointers settle most comparisons without reading the bytes.
struct KeyEqual {
    bool operator()(const QByteArray &a, const QByteArray &b) const noexcept
    {
        const qsizetype n = a.size();
        if (n != b.size())
            return false;
        const char *pa = a.constData();
        const char *pb = b.constData();
        return pa == pb || std::memcmp(pa, pb, std::size_t(n)) == 0;
    }
};

using HashFields = std::vector<std::pair<QByteArray, QByteArray>>;

struct KeyValue {
    enum class Type : quint8 { String, Hash };
    Type type = Type::String;
    // Keyspace's own mark: the key was removed and its entry is kept for its next write.
    // Keyspace never hands such an entry out (find() answers null, forEach() skips it).
    bool absent = false;
    qint64 expireAt = -1; // absolute node-clock milliseconds, -1 = persistent
    QByteArray str;       // Type::String
    // Type::Hash, in insertion order: the order redis-server lists a small hash in.
    HashFields fields;

    const QByteArray *field(const QByteArray &name) const;
    QByteArray *field(const QByteArray &name);
};

class Keyspace {
public:
    Keyspace() = default;
    // Not copied: the entry remembered by find() points into this keyspace's own map.
    Keyspace(const Keyspace &) = delete;
    Keyspace &operator=(const Keyspace &) = delete;
    // Inline for the remembered entries (below): every command looks its key up this way.
    KeyValue *find(const QByteArray &key)
    {
        if (const Recent *r = remembered(key))
            return r->value->absent ? nullptr : r->value;
        return findSlow(key);
    }
    const KeyValue *find(const QByteArray &key) const
    {
        return const_cast<Keyspace *>(this)->find(key);
    }
    // Creates an empty string value with no TTL; the key must not exist.
    KeyValue &insert(const QByteArray &key);
    bool erase(const QByteArray &key);
    // erase() that also hands back the key as stored (sharing the bytes of the command that
    // created it) and, when `oldString` is given and the value is a string, the value: one
    // look-up where a find() and an erase() took two.
    bool take(const QByteArray &key, QByteArray *storedKey, QByteArray *oldString);
    void clear();
    size_t size() const { return m_map.size() - m_absent; }

    // TTL changes go through here so the deadline index stays in step.
    void setExpire(const QByteArray &key, KeyValue &value, qint64 whenMs);
    bool removeExpire(KeyValue &value);

    // The smallest live deadline, or -1 when no key has a TTL. Drops stale index entries on the
    // way, hence logically const.
    qint64 earliestDeadline() const;
    // When the key with the earliest deadline has expired at `nowMs` (now > deadline), yields its
    // name and returns true; the caller deletes it, which retires the index entry.
    bool nextExpired(qint64 nowMs, QByteArray *key) const;

    template <typename F> void forEach(F &&f) const
    {
        for (const auto &[key, value] : m_map) {
            if (!value.absent)
                f(key, value);
        }
    }

private:
    struct Deadline {
        qint64 whenMs;
        QByteArray key;
    };
    // Min-heap ordering (std::push_heap builds a max-heap, hence "greater"). Equal deadlines
    // expire in key order, so the order never depends on the hash table's layout.
    static bool later(const Deadline &a, const Deadline &b)
    {
        return a.whenMs != b.whenMs ? a.whenMs > b.whenMs : a.key > b.key;
    }
    bool isLive(const Deadline &d) const;
    void dropStaleTop() const;
    void compactIfBloated();
    // Marks a present entry removed (the caller found it): its value goes, its node stays.
    void markAbsent(KeyValue &value);
    // Erases the removed entries once they outnumber the present ones (and a few dozen).
    void dropAbsentIfBloated();

    // Entries recently inserted or found, known by the address of their stored key's bytes: a
    // key that shares them (every command naming it does, through implicit sharing: a lock's
    // key is one buffer in all its commands) is that entry without hashing. A SET's key is
    // looked up again right after the command, for the deadline the node's observer reports
    // (sim_node.cpp), and a run's lock keys come back command after command. An entry may be a
    // removed one (find() of an absent key remembers it for the insert() that usually follows).
    // The stored key holds the bytes, so no other key has their address while the entry
    // exists. Direct-mapped by that address (a collision only misses); made on first use with
    // a few slots and grown (emptied) with the keyspace up to kMaxRecentBits, so the short runs
    // Explore makes by the hundred thousand pay little for it; forgotten when entries are
    // erased: a node's key lives, unchanged, as long as the node.
    struct Recent {
        const char *data = nullptr;
        qsizetype size = 0;
        KeyValue *value = nullptr;
        const QByteArray *key = nullptr; // the entry's stored key
    };
    static constexpr int kMinRecentBits = 4;
    static constexpr int kMaxRecentBits = 10;
    // Slots per key: with two, a third of a hundred lock keys shared their slot with another
    // and missed whenever the two alternated (a hash and a map look-up each time); with eight,
    // under a tenth do.
    static constexpr std::size_t kRecentSlotsPerKey = 8;
    Recent &recentSlot(const char *data) const
    {
        // Fibonacci hashing of the address: buffers allocated one after another land apart.
        return m_recent[(quint64(quintptr(data)) * 0x9e3779b97f4a7c15ULL) >> (64 - m_recentBits)];
    }
    void remember(const QByteArray &storedKey, KeyValue *value) const
    {
        if (!m_recent || (m_recentBits < kMaxRecentBits &&
                          m_map.size() * kRecentSlotsPerKey > (std::size_t(1) << m_recentBits)))
            growRecent();
        recentSlot(storedKey.constData()) = {storedKey.constData(), storedKey.size(), value,
                                             &storedKey};
    }
    void growRecent() const;
    void forget() const { m_recent.reset(); }
    const Recent *remembered(const QByteArray &key) const
    {
        if (!m_recent)
            return nullptr;
        const Recent &r = recentSlot(key.constData());
        return r.value && r.data == key.constData() && r.size == key.size() ? &r : nullptr;
    }
    // The entry of `key`, absent ones included, and its stored key (remembering it).
    KeyValue *findEntry(const QByteArray &key, const QByteArray **storedKey) const;
    KeyValue *findSlow(const QByteArray &key); // find() of a key not remembered

    // Removing a key marks its entry absent instead of erasing it: a lock key is deleted on
    // every release and written again by the next acquisition, and erasing and re-inserting
    // (freeing and allocating the node, hashing for both) cost more than the command itself.
    std::unordered_map<QByteArray, KeyValue, KeyHash, KeyEqual> m_map;
    size_t m_absent = 0;                        // entries marked absent
    mutable std::unique_ptr<Recent[]> m_recent; // 2^m_recentBits slots, or none yet
    mutable int m_recentBits = 0;
    // Deadlines are pushed on every TTL change and never updated in place: entries whose key is
    // gone or carries another deadline are stale and skipped when they reach the top. That is
    // cheaper than an ordered set on the SET ... PX hot path; compaction bounds the garbage.
    mutable std::vector<Deadline> m_deadlines;
    size_t m_keysWithTtl = 0;
};

} // namespace lockscope::redis
