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
#include <unordered_map>
#include <vector>

class QIODevice;

namespace lockscope {

// Interned byte strings; id 0 is the empty string. Ids are given in first-seen order, so a
// deterministic run interns deterministically.
class StringPool {
public:
    StringPool();
    quint32 intern(const QByteArray &s);
    // The id of a string already interned, or 0.
    quint32 find(const QByteArray &s) const
    {
        const auto it = m_ids.find(s);
        return it == m_ids.end() ? 0 : it->second;
    }
    const QByteArray &at(quint32 id) const { return m_strings[id]; }
    quint32 size() const { return quint32(m_strings.size()); }

private:
    std::vector<QByteArray> m_strings;
    std::unordered_map<QByteArray, quint32, BytesHash> m_ids;
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

class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void consume(const Event &event) = 0;
};

class EventLog final : public EventSink {
public:
    explicit EventLog(std::shared_ptr<StringPool> pool = std::make_shared<StringPool>());

    void consume(const Event &event) override { m_events.push_back(event); }

    RunInfo &info() { return m_info; }
    const RunInfo &info() const { return m_info; }
    const std::vector<Event> &events() const { return m_events; }
    StringPool &strings() { return *m_pool; }
    const StringPool &strings() const { return *m_pool; }
    std::shared_ptr<StringPool> sharedStrings() const { return m_pool; }

    QByteArray clientName(qint16 client) const;
    QByteArray nodeName(qint16 node) const;

    // Forgets the n oldest events (a long monitor session keeps a window of its history) and
    // every string only they used: the remaining events move to a new string pool (their ids
    // change; a copy made earlier keeps the old pool through sharedStrings()). n may be all of
    // them, which only empties the pool. droppedEvents() counts the events forgotten so far,
    // so droppedEvents() + i is the number of the event events()[i] since the log began;
    // droppedUntilUs() is the time of the newest of them (0: none); stringsGeneration() tells
    // that ids given out before are no longer valid.
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
    // Reads what writeJsonLines wrote; false with *error naming the line on malformed input.
    static bool readJsonLines(QIODevice &in, EventLog *log, QString *error);

private:
    RunInfo m_info;
    std::shared_ptr<StringPool> m_pool;
    std::vector<Event> m_events;
    quint64 m_dropped = 0;
    qint64 m_droppedUntilUs = 0;
    quint64 m_stringsGeneration = 0;
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

private:
    std::vector<EventSink *> m_sinks;
};

} // namespace lockscope
