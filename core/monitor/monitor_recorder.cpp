#include "monitor_recorder.h"

#include <algorithm>

namespace lockscope {

namespace {
constexpr int kMaxOwners = 32000; // client indices are qint16
constexpr int kMaxNameBytes = 48;
} // namespace

MonitorRecorder::MonitorRecorder(EventLog *log, bool keepEvents, HistoryWindow window)
    : m_log(log)
    , m_keep(keepEvents)
    , m_window(window)
{
    m_log->info().source = QStringLiteral("monitor");
}

void MonitorRecorder::reserve(qsizetype keys)
{
    const auto n = std::size_t(qMax<qsizetype>(0, keys));
    m_owners.reserve(qsizetype(qMin<std::size_t>(n, std::size_t(kMaxOwners))));
    m_names.reserve(qsizetype(qMin<std::size_t>(n, std::size_t(kMaxOwners))));
    // A key's first event and its value (and a note, for an anomaly) among the strings. The
    // window keeps up to maxEvents / kSlack more than maxEvents before it drops (keepWindow);
    // room for fewer made the log grow, moving 400,000 events (17 ms), the first time it did.
    const auto window = std::size_t(qMax<qint64>(0, m_window.maxEvents));
    const std::size_t events = m_keep ? qMin(n * 2, window + window / kSlack + 1) : 0;
    m_log->reserve(events, qMin(n * 3, std::size_t(kMaxStringsWithoutEvents) + events * 2));
}

QByteArray MonitorRecorder::shortName(const QByteArray &owner)
{
    if (owner.size() <= kMaxNameBytes)
        return owner;
    // Cut on character boundaries: continuation bytes (10xxxxxx) never start a piece.
    qsizetype head = 20;
    while (head > 0 && (static_cast<unsigned char>(owner.at(head)) & 0xc0) == 0x80)
        --head;
    qsizetype tail = owner.size() - 20;
    while (tail < owner.size() && (static_cast<unsigned char>(owner.at(tail)) & 0xc0) == 0x80)
        ++tail;
    return owner.left(head) + "…" + owner.mid(tail);
}

qint16 MonitorRecorder::owner(const QByteArray &owner)
{
    if (owner.isEmpty())
        return kNoClient;
    const auto it = m_owners.constFind(owner);
    if (it != m_owners.cend())
        return it.value();
    auto &clients = m_log->info().clients;
    if (clients.size() >= kMaxOwners) {
        if (m_overflow == kNoClient) {
            m_overflow = qint16(clients.size());
            clients.append(QByteArrayLiteral("(other owners)"));
        }
        return m_overflow;
    }
    QByteArray name = shortName(owner);
    if (m_names.contains(name) || name == "(other owners)") {
        int n = m_names.value(name, 1);
        QByteArray candidate;
        do {
            candidate = name + '#' + QByteArray::number(++n);
        } while (m_names.contains(candidate));
        m_names[name] = n;
        name = candidate;
    }
    m_names.insert(name, 1);
    const qint16 index = qint16(clients.size());
    clients.append(name);
    m_owners.insert(owner, index);
    return index;
}

qint16 MonitorRecorder::node(const QByteArray &server)
{
    const auto it = m_nodes.constFind(server);
    if (it != m_nodes.cend())
        return it.value();
    auto &nodes = m_log->info().nodes;
    const qint16 index = qint16(nodes.size());
    nodes.append(server);
    m_nodes.insert(server, index);
    return index;
}

void MonitorRecorder::emitEvent(EventKind kind, qint64 t, qint16 client, qint16 node, qint16 owner,
                                const QByteArray &key, const QByteArray &text, qint64 value)
{
    Event e;
    // Observations are put in order before they get here; a read applied a little late must
    // still not go back in time.
    e.timeUs = qMax(t, m_lastUs);
    m_lastUs = e.timeUs;
    e.kind = kind;
    e.client = client;
    e.node = node;
    e.owner = owner;
    e.key = m_log->strings().intern(key);
    e.text = m_log->strings().intern(text);
    e.value = value;
    ++m_count;
    if (m_keep)
        m_log->consume(e);
    for (EventSink *s : m_sinks)
        s->consume(e);
    keepWindow(e.timeUs);
}

void MonitorRecorder::keepWindow(qint64 nowUs)
{
    if (!m_keep) {
        if (m_log->strings().size() > kMaxStringsWithoutEvents)
            m_log->dropOldest(0); // no events: only the strings go
        return;
    }
    const auto &events = m_log->events();
    const std::size_t max = std::size_t(qMax<qint64>(1, m_window.maxEvents));
    std::size_t drop = events.size() > max + max / kSlack ? events.size() - max : 0;
    const qint64 maxAgeUs = m_window.maxAgeMs * 1000;
    if (m_window.maxAgeMs > 0 && !events.empty() &&
        events.front().timeUs < nowUs - maxAgeUs - maxAgeUs / qint64(kSlack)) {
        const auto firstKept =
            std::lower_bound(events.begin(), events.end(), nowUs - maxAgeUs,
                             [](const Event &e, qint64 t) { return e.timeUs < t; });
        drop = qMax(drop, std::size_t(firstKept - events.begin()));
    }
    if (drop > 0)
        m_log->dropOldest(drop);
}

void MonitorRecorder::present(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                              const QByteArray &value, qint64 ttlMs)
{
    emitEvent(EventKind::KeyWritten, t, kNoClient, node, owner, key, value, ttlMs);
}

void MonitorRecorder::acquired(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                               const QByteArray &value, qint64 ttlMs)
{
    emitEvent(EventKind::KeyWritten, t, kNoClient, node, owner, key, value, ttlMs);
    if (owner != kNoClient)
        emitEvent(EventKind::Acquired, t, owner, node, kNoClient, key, m_log->clientName(owner), 0);
}

void MonitorRecorder::takenOver(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                                qint16 previous, const QByteArray &value, qint64 ttlMs)
{
    emitEvent(EventKind::Note, t, owner, node, previous, key,
              "took over " + key + " from " + m_log->clientName(previous), 0);
    acquired(t, node, key, owner, value, ttlMs);
}

void MonitorRecorder::written(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                              const QByteArray &value, qint64 ttlMs)
{
    emitEvent(EventKind::KeyWritten, t, kNoClient, node, owner, key, value, ttlMs);
}

void MonitorRecorder::ttlChanged(qint64 t, qint16 node, const QByteArray &key, qint16 owner,
                                 qint64 ttlMs, bool renewal)
{
    emitEvent(EventKind::KeyTtlChanged, t, kNoClient, node, owner, key, {}, ttlMs);
    if (renewal && owner != kNoClient)
        emitEvent(EventKind::Renewed, t, owner, node, kNoClient, key, {}, ttlMs);
}

void MonitorRecorder::released(qint64 t, qint16 node, const QByteArray &key, qint16 owner)
{
    emitEvent(EventKind::KeyDeleted, t, kNoClient, node, owner, key, {}, 0);
    if (owner != kNoClient)
        emitEvent(EventKind::Released, t, owner, node, kNoClient, key, {}, 1);
}

void MonitorRecorder::expired(qint64 t, qint16 node, const QByteArray &key, qint16 owner)
{
    emitEvent(EventKind::KeyExpired, t, kNoClient, node, owner, key, {}, 0);
}

void MonitorRecorder::lost(qint64 t, qint16 node, const QByteArray &key, qint16 owner, qint64 cause)
{
    emitEvent(EventKind::KeyDeleted, t, kNoClient, node, owner, key, {}, cause);
}

void MonitorRecorder::gapStarted(qint64 t, qint16 node, const QByteArray &why)
{
    emitEvent(EventKind::GapStarted, t, kNoClient, node, kNoClient, {}, why, 0);
}

void MonitorRecorder::gapEnded(qint64 t, qint16 node, const QByteArray &found, qint64 gapMs)
{
    emitEvent(EventKind::GapEnded, t, kNoClient, node, kNoClient, {}, found, gapMs);
}

void MonitorRecorder::note(qint64 t, qint16 client, const QByteArray &key, const QByteArray &text)
{
    emitEvent(EventKind::Note, t, client, kNoNode, kNoClient, key, text, 0);
}

void MonitorRecorder::fault(qint64 t, qint16 node, const QByteArray &text)
{
    emitEvent(EventKind::FaultNote, t, kNoClient, node, kNoClient, {}, text, 0);
}

void MonitorRecorder::nodeEvent(qint64 t, EventKind kind, qint16 node, qint64 value)
{
    emitEvent(kind, t, kNoClient, node, kNoClient, {}, {}, value);
}

} // namespace lockscope
