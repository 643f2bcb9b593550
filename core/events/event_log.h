// Where events go. The simulator (and later the live runtime and the monitor) emit events to
// sinks: the checker consumes them as a stream, an EventLog keeps them for views and export.
// Streaming keeps an hour of a thousand clients inside memory: only what a sink keeps stays.
#pragma once

#include "event.h"
#include "util/bytes_hash.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <memory>
#include <span>
#include <vector>

class QIODevice;

namespace lockscope {

// Interned byte strings; id 0 is the empty string. Ids are given in first-seen order, so a
// deterministic run interns deterministically. A string can be let go (release(), which
// EventLog::dropOldest does for the strings no kept event uses): its id then reads as the empty
// string and is given to a later new string, so a pool's size follows the strings in use, not
// every string ever seen.
class StringPool {
public:
    StringPool();
    quint32 intern(const QByteArray &s);
    // The id of a string already interned, or 0.
    quint32 find(const QByteArray &s) const;
    const QByteArray &at(quint32 id) const { return m_strings[id]; }
    // Ids in use or free to reuse: every id below it may be passed to at().
    quint32 size() const { return quint32(m_strings.size()); }
    // Strings interned and not released (the empty string included).
    quint32 liveCount() const { return size() - quint32(m_free.size() - m_freeNext); }

    // Lets a string go; its id is given to the next new string. Id 0 and released ids are
    // left alone.
    void release(quint32 id);
    bool isLive(quint32 id) const { return id == 0 || (id < size() && m_live[id]); }
    // The ids given to new strings since the last mark() (new ones and reused ones), in no
    // particular order; mark() starts counting again.
    template <typename F> void forEachIssuedSinceMark(F &&f) const
    {
        for (std::size_t i = 0; i < m_freeNext; ++i)
            f(m_free[i]);
        for (quint32 id = m_markSize; id < size(); ++id)
            f(id);
    }
    void mark();
    // Room for `n` strings, so that growing to them does not rehash (a monitor knows roughly
    // how many keys a scan will bring; a rehash of 100,000 strings held the window 30 ms).
    void reserve(std::size_t n);

private:
    // The ids of the live strings, found by hash: open addressing with linear probing in a
    // power-of-two table of (hash, id) slots, at most 70 % full; id 0 marks an empty slot (the
    // empty string is never looked up). A lookup reads one slot and the string it compares. The
    // std::unordered_map it replaces went through a bucket, the node before, the node and the
    // string: interning and releasing were a quarter of the Monitor page's time with 1,000,000
    // lock keys, most of it waiting for memory.
    struct Slot {
        quint32 hash = 0;
        quint32 id = 0;
    };
    // Zeroed by calloc, which leaves fresh pages unwritten: a big reserve costs no time up
    // front, and its pages are touched as slots fill. Writing the zeros of a window's reserve
    // for 1,000,000 keys (32 MB) held it for tens of ms in one turn.
    class Slots {
    public:
        Slots() = default;
        explicit Slots(std::size_t n);
        Slots(const Slots &other);
        Slots &operator=(const Slots &other);
        Slots(Slots &&) noexcept = default;
        Slots &operator=(Slots &&) noexcept = default;
        std::size_t size() const { return m_size; }
        Slot &operator[](std::size_t i) { return m_data[i]; }
        const Slot &operator[](std::size_t i) const { return m_data[i]; }

    private:
        struct Free {
            void operator()(Slot *p) const;
        };
        std::unique_ptr<Slot[], Free> m_data;
        std::size_t m_size = 0;
    };
    static quint32 hashOf(const QByteArray &s);
    std::size_t home(quint32 hash) const { return hash >> m_shift; }
    std::size_t nextSlot(std::size_t i) const { return (i + 1) & (m_slots.size() - 1); }
    // The slot holding `s`, or the empty slot where it would go.
    std::size_t slotOf(const QByteArray &s, quint32 hash) const;
    void growTo(std::size_t size); // a power of two

    std::vector<QByteArray> m_strings;
    std::vector<quint32> m_hashes; // by id, so that a release finds its slot without the bytes
    std::vector<bool> m_live;
    std::vector<quint32> m_free; // released ids; [0, m_freeNext) are given out again already
    std::size_t m_freeNext = 0;
    quint32 m_markSize = 0; // size() at the last mark()
    Slots m_slots;
    std::size_t m_slotsUsed = 0;
    int m_shift = 32; // 32 - log2(m_slots.size())
};

// What a log is about: enough to label lanes and to re-derive the run.
struct RunInfo {
    QString source;   // "simulation", "live", "monitor"
    QString scenario; // scenario id
    QString strategy; // strategy id
    quint64 seed = 0;
    QList<QByteArray> clients; // client index -> name ("A", "B", "c17")
    QList<QByteArray> nodes;   // node index -> name ("redis-1")
    qint64 ttlMs = 0;
};

// One bit per EventKind, for EventSink::kindsConsumed().
constexpr quint64 eventKindBit(EventKind kind)
{
    return quint64(1) << unsigned(kind);
}
static_assert(unsigned(EventKind::GapEnded) < 64, "EventKind no longer fits a 64-bit mask");

class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void consume(const Event &event) = 0;
    // The kinds consume() does anything with (eventKindBit()s): a producer may leave the others
    // out. The simulator asks once, when it starts, and then skips building and handing over
    // events nobody reads (most of them, when the checker alone listens). Every kind by default.
    virtual quint64 kindsConsumed() const { return ~quint64(0); }
};

class EventLog final : public EventSink {
public:
    explicit EventLog(std::shared_ptr<StringPool> pool = std::make_shared<StringPool>());

    void consume(const Event &event) override
    {
        m_events.push_back(event);
        noteUse(event.key);
        noteUse(event.text);
    }

    RunInfo &info() { return m_info; }
    const RunInfo &info() const { return m_info; }
    // Room to keep `events` events and `strings` strings. Twice the events: a log that drops
    // its oldest keeps their room until it compacts (m_first), and growing there at the first
    // drop moved a monitor's 200,000 events to a new block (9 ms).
    void reserve(std::size_t events, std::size_t strings)
    {
        m_events.reserve(events * 2);
        m_pool->reserve(strings);
    }
    // The events kept, oldest first (a view: valid until the log changes).
    std::span<const Event> events() const
    {
        return std::span<const Event>(m_events).subspan(m_first);
    }
    StringPool &strings() { return *m_pool; }
    const StringPool &strings() const { return *m_pool; }
    std::shared_ptr<StringPool> sharedStrings() const { return m_pool; }

    QByteArray clientName(qint16 client) const;
    QByteArray nodeName(qint16 node) const;

    // Forgets the n oldest events (a long monitor session keeps a window of its history) and
    // every string that no remaining event uses. Its cost follows the n events dropped, not the
    // events kept: the remaining events keep their string ids, the strings only the dropped
    // events used are released (their ids go to later new strings). When the pool is shared
    // (sharedStrings() was taken and is still held), the remaining events move to a new pool
    // instead (their ids change; the copy made earlier keeps the old pool, unchanged). n may be
    // all of them, which only empties the pool. droppedEvents() counts the events forgotten so
    // far, so droppedEvents() + i is the number of the event events()[i] since the log began;
    // droppedUntilUs() is the time of the newest of them (0: none); stringsGeneration() changes
    // when ids given out before may no longer name the same string (some were released, or
    // the events moved to a new pool).
    void dropOldest(std::size_t n);
    quint64 droppedEvents() const { return m_dropped; }
    qint64 droppedUntilUs() const { return m_droppedUntilUs; }
    quint64 stringsGeneration() const { return m_stringsGeneration; }

    // JSON Lines: a header object, then one object per event. Byte-identical for identical logs.
    void writeJsonLines(QIODevice &out) const;
    // The header line alone (with "names_as_seen": true, for a file whose events come later
    // and may name clients and nodes that the header does not list yet).
    QByteArray headerJson(bool namesAsSeen = false) const;
    QByteArray eventToJson(const Event &event) const;
    // Reads what writeJsonLines (or a RecordingWriter, "names_as_seen") wrote; false with
    // *error naming the line on malformed input. A last line cut short (no newline, not JSON:
    // the writer was killed mid-line) is skipped and *note says so.
    static bool readJsonLines(QIODevice &in, EventLog *log, QString *error,
                              QString *note = nullptr);

private:
    RunInfo m_info;
    std::shared_ptr<StringPool> m_pool;
    // The kept events are m_events[m_first..]: dropOldest() moves m_first on and only
    // compacts once the dropped prefix is as long as what is kept, so a monitor's window,
    // dropping 1/64 of itself at a time, moves each event about once, not 64 times (moving
    // the rest was a third of a drop of 3,125 events from a window of 200,000: 2.5 ms in
    // bench_event_log_drop, 1.6 ms now).
    std::vector<Event> m_events;
    std::size_t m_first = 0;
    quint64 m_dropped = 0;
    qint64 m_droppedUntilUs = 0;
    quint64 m_stringsGeneration = 0;
    // For dropOldest: the number (since the log began) + 1 of the newest event that used each
    // string id (0: none of them), kept as events come. Worked out at each drop from the
    // events added since the last one, it read all 200,000 of a monitor's window at the
    // first: 10-13 ms, once.
    void noteUse(quint32 id)
    {
        if (id == 0)
            return;
        if (id >= m_lastUse.size())
            growLastUse(id);
        m_lastUse[id] = m_dropped + (m_events.size() - m_first);
    }
    void growLastUse(quint32 id);
    std::vector<quint64> m_lastUse;
};

// Forwards every event to several sinks.
class EventFanout final : public EventSink {
public:
    void add(EventSink *sink) { m_sinks.push_back(sink); }
    void consume(const Event &event) override
    {
        for (auto *s : m_sinks)
            s->consume(event);
    }
    quint64 kindsConsumed() const override
    {
        quint64 kinds = 0;
        for (const auto *s : m_sinks)
            kinds |= s->kindsConsumed();
        return kinds;
    }

private:
    std::vector<EventSink *> m_sinks;
};

} // namespace lockscope
