#include "engine_keyspace.h"
#include "util/byte_words.h"

#include <algorithm>

namespace lockscope::redis {

namespace {

quint64 mix(quint64 h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

} // namespace

quint64 keyHash64(const QByteArray &bytes)
{
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.constData());
    qsizetype n = bytes.size();
    quint64 h = 0x9e3779b97f4a7c15ULL ^ static_cast<quint64>(n);
    for (; n >= 8; n -= 8, p += 8)
        h = (h ^ loadWord(p)) * 0x100000001b3ULL + 0x632be59bd9b4e019ULL;
    h ^= loadPartialWord(p, static_cast<int>(n));
    return mix(h);
}

const QByteArray *KeyValue::field(const QByteArray &name) const
{
    for (const auto &[k, v] : fields) {
        if (k == name)
            return &v;
    }
    return nullptr;
}

QByteArray *KeyValue::field(const QByteArray &name)
{
    for (auto &[k, v] : fields) {
        if (k == name)
            return &v;
    }
    return nullptr;
}

void Keyspace::growRecent() const
{
    // kRecentSlotsPerKey slots per key, from kMinRecentBits up; what was remembered is dropped.
    int bits = kMinRecentBits;
    while (bits < kMaxRecentBits && (std::size_t(1) << bits) < kRecentSlotsPerKey * m_map.size())
        ++bits;
    m_recentBits = bits;
    m_recent = std::make_unique<Recent[]>(std::size_t(1) << bits);
}

KeyValue *Keyspace::findEntry(const QByteArray &key, const QByteArray **storedKey) const
{
    if (const Recent *r = remembered(key)) {
        *storedKey = r->key;
        return r->value;
    }
    const auto it = const_cast<Keyspace *>(this)->m_map.find(key);
    if (it == m_map.end())
        return nullptr;
    remember(it->first, &it->second);
    *storedKey = &it->first;
    return &it->second;
}

KeyValue *Keyspace::findSlow(const QByteArray &key)
{
    const QByteArray *stored = nullptr;
    KeyValue *value = findEntry(key, &stored);
    return value && !value->absent ? value : nullptr;
}

KeyValue &Keyspace::insert(const QByteArray &key)
{
    const Recent *r = remembered(key);
    KeyValue *value = r ? r->value : nullptr;
    if (!value) {
        const auto it = m_map.try_emplace(key).first;
        value = &it->second;
        remember(it->first, value);
    }
    if (value->absent) { // blank already (markAbsent())
        value->absent = false;
        --m_absent;
    }
    return *value;
}

void Keyspace::markAbsent(KeyValue &value)
{
    if (value.expireAt >= 0)
        --m_keysWithTtl;
    value.absent = true;
    value.type = KeyValue::Type::String;
    value.expireAt = -1;
    value.str = QByteArray();
    HashFields().swap(value.fields);
    ++m_absent;
}

void Keyspace::dropAbsentIfBloated()
{
    if (m_absent < 64 || m_absent < m_map.size() - m_absent)
        return;
    forget();
    for (auto it = m_map.begin(); it != m_map.end();)
        it = it->second.absent ? m_map.erase(it) : std::next(it);
    m_absent = 0;
}

bool Keyspace::erase(const QByteArray &key)
{
    KeyValue *value = find(key);
    if (!value)
        return false;
    markAbsent(*value);
    dropAbsentIfBloated();
    return true;
}

bool Keyspace::take(const QByteArray &key, QByteArray *storedKey, QByteArray *oldString)
{
    const QByteArray *stored = nullptr;
    KeyValue *value = findEntry(key, &stored);
    if (!value || value->absent)
        return false;
    *storedKey = *stored; // sharing the bytes of the command that created the entry
    if (oldString && value->type == KeyValue::Type::String)
        *oldString = std::move(value->str);
    markAbsent(*value);
    dropAbsentIfBloated();
    return true;
}

void Keyspace::clear()
{
    forget();
    m_absent = 0;
    m_map.clear();
    m_deadlines.clear();
    m_keysWithTtl = 0;
}

void Keyspace::setExpire(const QByteArray &key, KeyValue &value, qint64 whenMs)
{
    if (value.expireAt < 0)
        ++m_keysWithTtl;
    value.expireAt = whenMs;
    m_deadlines.push_back({whenMs, key});
    std::push_heap(m_deadlines.begin(), m_deadlines.end(), later);
    compactIfBloated();
}

bool Keyspace::removeExpire(KeyValue &value)
{
    if (value.expireAt < 0)
        return false;
    value.expireAt = -1;
    --m_keysWithTtl;
    return true;
}

bool Keyspace::isLive(const Deadline &d) const
{
    const KeyValue *v = find(d.key);
    return v && v->expireAt == d.whenMs;
}

void Keyspace::dropStaleTop() const
{
    while (!m_deadlines.empty() && !isLive(m_deadlines.front())) {
        std::pop_heap(m_deadlines.begin(), m_deadlines.end(), later);
        m_deadlines.pop_back();
    }
}

void Keyspace::compactIfBloated()
{
    // Rebuild from the live TTLs once stale entries clearly dominate; amortised O(1) per push.
    if (m_deadlines.size() < 1024 || m_deadlines.size() < 4 * m_keysWithTtl)
        return;
    m_deadlines.clear();
    for (const auto &[key, value] : m_map) {
        if (value.expireAt >= 0)
            m_deadlines.push_back({value.expireAt, key});
    }
    std::make_heap(m_deadlines.begin(), m_deadlines.end(), later);
}

qint64 Keyspace::earliestDeadline() const
{
    dropStaleTop();
    return m_deadlines.empty() ? -1 : m_deadlines.front().whenMs;
}

bool Keyspace::nextExpired(qint64 nowMs, QByteArray *key) const
{
    dropStaleTop();
    // Redis's rule: a key is expired once now > its deadline.
    if (m_deadlines.empty() || !(nowMs > m_deadlines.front().whenMs))
        return false;
    *key = m_deadlines.front().key;
    return true;
}

} // namespace lockscope::redis
