#include "event_log.h"
#include "util/decimal.h"

#include <algorithm>

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

namespace lockscope {

namespace {
// Client and node indices are qint16; a file that names more is refused, not wrapped.
constexpr qsizetype kMaxNamesAsSeen = 32767;
} // namespace

StringPool::StringPool()
{
    m_strings.emplace_back();
    m_hashes.push_back(0);
    m_live.push_back(true);
    growTo(16);
}

quint32 StringPool::hashOf(const QByteArray &s)
{
    // FNV-1a's low bits, spread: the top bits of the product pick the home slot.
    return quint32((quint64(BytesHash{}(s)) * 0x9E3779B97F4A7C15ULL) >> 32);
}

std::size_t StringPool::slotOf(const QByteArray &s, quint32 hash) const
{
    std::size_t i = home(hash);
    for (;;) {
        const Slot &slot = m_slots[i];
        if (slot.id == 0 || (slot.hash == hash && m_strings[slot.id] == s))
            return i;
        i = nextSlot(i);
    }
}

StringPool::Slots::Slots(std::size_t n)
    : m_data(static_cast<Slot *>(std::calloc(n, sizeof(Slot))))
    , m_size(n)
{
    static_assert(std::is_trivially_copyable_v<Slot>);
    if (!m_data && n > 0)
        throw std::bad_alloc();
}

StringPool::Slots::Slots(const Slots &other)
    : Slots(other.m_size)
{
    if (m_size > 0)
        std::memcpy(m_data.get(), other.m_data.get(), m_size * sizeof(Slot));
}

StringPool::Slots &StringPool::Slots::operator=(const Slots &other)
{
    if (this != &other)
        *this = Slots(other);
    return *this;
}

void StringPool::Slots::Free::operator()(Slot *p) const
{
    std::free(p);
}

void StringPool::growTo(std::size_t size)
{
    const Slots old = std::exchange(m_slots, Slots(size));
    m_shift = 32;
    for (std::size_t n = size; n > 1; n >>= 1)
        --m_shift;
    for (std::size_t k = 0; k < old.size(); ++k) {
        const Slot &slot = old[k];
        if (slot.id == 0)
            continue;
        std::size_t i = home(slot.hash);
        while (m_slots[i].id != 0)
            i = nextSlot(i);
        m_slots[i] = slot;
    }
}

quint32 StringPool::find(const QByteArray &s) const
{
    return s.isEmpty() ? 0 : m_slots[slotOf(s, hashOf(s))].id;
}

quint32 StringPool::intern(const QByteArray &s)
{
    if (s.isEmpty())
        return 0;
    if ((m_slotsUsed + 1) * 10 > m_slots.size() * 7)
        growTo(m_slots.size() * 2);
    const quint32 hash = hashOf(s);
    Slot &slot = m_slots[slotOf(s, hash)];
    if (slot.id != 0)
        return slot.id;
    const bool reuse = m_freeNext < m_free.size();
    const quint32 id = reuse ? m_free[m_freeNext++] : quint32(m_strings.size());
    if (reuse) {
        m_strings[id] = s;
        m_hashes[id] = hash;
        m_live[id] = true;
    } else {
        m_strings.push_back(s);
        m_hashes.push_back(hash);
        m_live.push_back(true);
    }
    slot = Slot{hash, id};
    ++m_slotsUsed;
    return id;
}

void StringPool::release(quint32 id)
{
    if (id == 0 || !isLive(id))
        return;
    std::size_t hole = home(m_hashes[id]);
    while (m_slots[hole].id != id)
        hole = nextSlot(hole);
    // Backward shift instead of a tombstone: each later slot of the run moves into the hole
    // unless its home lies cyclically in (hole, j], where the move would put it before home.
    for (std::size_t j = nextSlot(hole); m_slots[j].id != 0; j = nextSlot(j)) {
        const std::size_t h = home(m_slots[j].hash);
        const bool stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
        if (!stays) {
            m_slots[hole] = m_slots[j];
            hole = j;
        }
    }
    m_slots[hole] = Slot{};
    --m_slotsUsed;
    m_strings[id] = QByteArray();
    m_live[id] = false;
    m_free.push_back(id);
}

void StringPool::reserve(std::size_t n)
{
    if (n <= m_strings.size())
        return;
    m_strings.reserve(n);
    m_hashes.reserve(n);
    m_live.reserve(n);
    std::size_t size = m_slots.size();
    while (n * 10 > size * 7)
        size *= 2;
    if (size > m_slots.size())
        growTo(size);
}

void StringPool::mark()
{
    m_free.erase(m_free.begin(), m_free.begin() + std::ptrdiff_t(m_freeNext));
    m_freeNext = 0;
    m_markSize = size();
}

EventLog::EventLog(std::shared_ptr<StringPool> pool)
    : m_pool(std::move(pool))
{}

QByteArray EventLog::clientName(qint16 client) const
{
    if (client >= 0 && client < m_info.clients.size())
        return m_info.clients[client];
    return client < 0 ? QByteArray() : "c" + QByteArray::number(client);
}

QByteArray EventLog::nodeName(qint16 node) const
{
    if (node == kResourceNode)
        return QByteArrayLiteral("resource");
    if (node >= 0 && node < m_info.nodes.size())
        return m_info.nodes[node];
    return node < 0 ? QByteArray() : "node" + QByteArray::number(node);
}

namespace {

void appendJsonString(QByteArray &out, const QByteArray &s)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            out += "\\u00";
            out += hex[u >> 4];
            out += hex[u & 0xf];
        } else {
            out += c; // UTF-8 passes through unchanged
        }
    }
    out += '"';
}

void appendField(QByteArray &out, const char *name, const QByteArray &value)
{
    out += ",\"";
    out += name;
    out += "\":";
    appendJsonString(out, value);
}

void appendField(QByteArray &out, const char *name, qint64 value)
{
    out += ",\"";
    out += name;
    out += "\":";
    out += decimal(value);
}

QJsonArray toJsonArray(const QList<QByteArray> &names)
{
    QJsonArray a;
    for (const auto &n : names)
        a.append(QString::fromUtf8(n));
    return a;
}

QList<QByteArray> fromJsonArray(const QJsonArray &a)
{
    QList<QByteArray> out;
    for (const auto &v : a)
        out.append(v.toString().toUtf8());
    return out;
}

} // namespace

QByteArray EventLog::eventToJson(const Event &e) const
{
    QByteArray out;
    out.reserve(96);
    out += "{\"t_us\":";
    out += decimal(e.timeUs);
    out += ",\"kind\":\"";
    out += eventKindId(e.kind);
    out += '"';
    if (e.client != kNoClient)
        appendField(out, "client", clientName(e.client));
    if (e.node != kNoNode)
        appendField(out, "node", nodeName(e.node));
    if (e.owner != kNoClient)
        appendField(out, "owner", clientName(e.owner));
    if (e.key)
        appendField(out, "key", m_pool->at(e.key));
    if (e.text)
        appendField(out, "text", m_pool->at(e.text));
    if (e.value)
        appendField(out, "value", e.value);
    out += '}';
    return out;
}

void EventLog::growLastUse(quint32 id)
{
    // Zeros only up to `id` (the vector's own growth makes the room, by doubling): ids come
    // nearly in order. Sized to twice the ids at once, the doubling of a history's window of
    // 500,000 strings wrote 2 MB of zeros to fresh pages in one go.
    m_lastUse.resize(std::size_t(id) + 1, 0);
}

void EventLog::dropOldest(std::size_t n)
{
    const std::size_t kept = m_events.size() - m_first;
    n = std::min(n, kept);
    const bool shared = m_pool.use_count() > 1;
    if (n == kept || shared) {
        // Nothing left (only the strings go), or someone else reads this pool: the events
        // that stay move to a new one, and the old pool stays as it was for whoever holds it.
        if (n > 0) {
            m_dropped += n;
            m_droppedUntilUs = m_events[m_first + n - 1].timeUs;
        }
        m_events.erase(m_events.begin(), m_events.begin() + std::ptrdiff_t(m_first + n));
        m_first = 0;
        auto pool = std::make_shared<StringPool>();
        for (Event &e : m_events) {
            e.key = pool->intern(m_pool->at(e.key));
            e.text = pool->intern(m_pool->at(e.text));
        }
        m_lastUse.assign(pool->size(), 0);
        quint64 number = m_dropped;
        for (const Event &e : m_events) {
            ++number;
            m_lastUse[e.key] = number;
            m_lastUse[e.text] = number;
        }
        m_lastUse[0] = 0; // the empty string is never let go
        pool->mark();
        m_pool = std::move(pool);
        ++m_stringsGeneration;
        return;
    }
    // A string whose last use is among the dropped events goes, and so does a string given
    // out since the last drop that no event used.
    const quint64 lastDropped = m_dropped + n; // events are numbered from 1
    const quint32 before = m_pool->liveCount();
    if (m_lastUse.size() < m_pool->size())
        m_lastUse.resize(m_pool->size(), 0);
    const auto releaseIfUnused = [this, lastDropped](quint32 id) {
        if (id != 0 && m_lastUse[id] <= lastDropped && m_pool->isLive(id)) {
            m_pool->release(id);
            m_lastUse[id] = 0;
        }
    };
    for (std::size_t i = m_first; i < m_first + n; ++i) {
        releaseIfUnused(m_events[i].key);
        releaseIfUnused(m_events[i].text);
    }
    m_pool->forEachIssuedSinceMark(releaseIfUnused);
    m_pool->mark();
    if (n > 0) {
        m_dropped += n;
        m_droppedUntilUs = m_events[m_first + n - 1].timeUs;
        m_first += n;
        if (m_first >= m_events.size() - m_first) {
            m_events.erase(m_events.begin(), m_events.begin() + std::ptrdiff_t(m_first));
            m_first = 0;
        }
    }
    if (m_pool->liveCount() != before)
        ++m_stringsGeneration;
}

QByteArray EventLog::headerJson(bool namesAsSeen) const
{
    // QJsonDocument sorts keys, so the header is byte-identical for identical runs.
    QJsonObject header{
        {QStringLiteral("lockscope_log"), 1},
        {QStringLiteral("source"), m_info.source},
        {QStringLiteral("scenario"), m_info.scenario},
        {QStringLiteral("strategy"), m_info.strategy},
        {QStringLiteral("seed"), QString::number(m_info.seed)},
        {QStringLiteral("ttl_ms"), m_info.ttlMs},
        {QStringLiteral("clients"), toJsonArray(m_info.clients)},
        {QStringLiteral("nodes"), toJsonArray(m_info.nodes)},
    };
    if (namesAsSeen)
        header.insert(QStringLiteral("names_as_seen"), true);
    return QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n';
}

void EventLog::writeJsonLines(QIODevice &out) const
{
    out.write(headerJson());
    QByteArray chunk;
    chunk.reserve(1 << 16);
    for (const auto &e : events()) {
        chunk += eventToJson(e);
        chunk += '\n';
        if (chunk.size() > (1 << 16) - 512) {
            out.write(chunk);
            chunk.clear();
        }
    }
    out.write(chunk);
}

bool EventLog::readJsonLines(QIODevice &in, EventLog *log, QString *error, QString *note)
{
    int lineNo = 0;
    bool sawHeader = false;
    bool namesAsSeen = false; // a streamed recording: names first met in its events
    QHash<QByteArray, qint16> clientIds, nodeIds;
    auto fail = [&](const QString &why) {
        *error = QStringLiteral("line %1: %2").arg(lineNo).arg(why);
        return false;
    };
    while (!in.atEnd()) {
        const QByteArray raw = in.readLine();
        const QByteArray line = raw.trimmed();
        ++lineNo;
        if (line.isEmpty())
            continue;
        QJsonParseError perr;
        const auto doc = QJsonDocument::fromJson(line, &perr);
        if (!doc.isObject()) {
            if (sawHeader && !raw.endsWith('\n') && in.atEnd()) {
                // The writer stopped in the middle of its last line: what came before stands.
                if (note)
                    *note = QStringLiteral("line %1: the last line is cut short (the recording "
                                           "ended abruptly); it was ignored")
                                .arg(lineNo);
                break;
            }
            return fail(perr.error != QJsonParseError::NoError
                            ? perr.errorString()
                            : QStringLiteral("not a JSON object"));
        }
        const auto o = doc.object();
        if (!sawHeader) {
            // The first non-blank line must be the header.
            sawHeader = true;
            if (!o.contains(QStringLiteral("lockscope_log")))
                return fail(QStringLiteral("not a LockScope event log (no header)"));
            auto &info = log->info();
            info.source = o.value(QStringLiteral("source")).toString();
            info.scenario = o.value(QStringLiteral("scenario")).toString();
            info.strategy = o.value(QStringLiteral("strategy")).toString();
            info.seed = o.value(QStringLiteral("seed")).toString().toULongLong();
            info.ttlMs = o.value(QStringLiteral("ttl_ms")).toInteger();
            info.clients = fromJsonArray(o.value(QStringLiteral("clients")).toArray());
            info.nodes = fromJsonArray(o.value(QStringLiteral("nodes")).toArray());
            // Events name clients and nodes by a 16-bit index; a larger cast would wrap to the
            // negative "none" indices (a 40,000-client header crashed the replay).
            constexpr qsizetype kMaxNames = std::numeric_limits<qint16>::max();
            if (info.clients.size() > kMaxNames || info.nodes.size() > kMaxNames)
                return fail(QStringLiteral("more than %1 clients or nodes").arg(kMaxNames));
            for (qsizetype i = 0; i < info.clients.size(); ++i)
                clientIds.insert(info.clients[i], qint16(i));
            for (qsizetype i = 0; i < info.nodes.size(); ++i)
                nodeIds.insert(info.nodes[i], qint16(i));
            nodeIds.insert(QByteArrayLiteral("resource"), kResourceNode);
            namesAsSeen = o.value(QStringLiteral("names_as_seen")).toBool();
            continue;
        }
        Event e;
        e.timeUs = o.value(QStringLiteral("t_us")).toInteger();
        const QByteArray kind = o.value(QStringLiteral("kind")).toString().toUtf8();
        if (!parseEventKind(kind.constData(), &e.kind))
            return fail(QStringLiteral("unknown event kind '%1'").arg(QString::fromUtf8(kind)));
        auto lookup = [&](QHash<QByteArray, qint16> &ids, QList<QByteArray> &names,
                          const char *field, qint16 *out) {
            const auto v = o.value(QLatin1String(field));
            if (v.isUndefined())
                return true;
            const QByteArray name = v.toString().toUtf8();
            const auto it = ids.constFind(name);
            if (it != ids.cend()) {
                *out = it.value();
                return true;
            }
            if (!namesAsSeen || names.size() >= kMaxNamesAsSeen)
                return false;
            *out = qint16(names.size());
            names.append(name);
            ids.insert(name, *out);
            return true;
        };
        auto &info = log->info();
        if (!lookup(clientIds, info.clients, "client", &e.client) ||
            !lookup(clientIds, info.clients, "owner", &e.owner))
            return fail(
                namesAsSeen
                    ? QStringLiteral("unknown client, or more than %1 clients").arg(kMaxNamesAsSeen)
                    : QStringLiteral("unknown client"));
        if (!lookup(nodeIds, info.nodes, "node", &e.node))
            return fail(
                namesAsSeen
                    ? QStringLiteral("unknown node, or more than %1 nodes").arg(kMaxNamesAsSeen)
                    : QStringLiteral("unknown node"));
        e.key = log->strings().intern(o.value(QStringLiteral("key")).toString().toUtf8());
        e.text = log->strings().intern(o.value(QStringLiteral("text")).toString().toUtf8());
        e.value = o.value(QStringLiteral("value")).toInteger();
        log->consume(e);
    }
    if (!sawHeader)
        return fail(QStringLiteral("empty file"));
    return true;
}

} // namespace lockscope
