#include "recorded_workload.h"

#include "util/nearest_rank.h"

#include <QCoreApplication>
#include <QHash>
#include <QMap>

namespace lockscope {

namespace {

// What is known of a key while the log is read.
struct KeyState {
    qint16 writer = kNoClient; // the owner of the last value written
    qint64 writtenUs = 0;      // when, in the log's time
    qint64 ttlMs = -1;
    quint32 text = 0;  // the value written
    int openHold = -1; // index into holds of the hold in progress
    qint64 lastRenewUs = -1;
    std::vector<qint64> intervalsMs; // of the open hold's renewals
};

int indexOf(QList<QByteArray> &list, const QByteArray &name)
{
    const qsizetype i = list.indexOf(name);
    if (i >= 0)
        return int(i);
    list.append(name);
    return int(list.size() - 1);
}

} // namespace

qint64 RecordedWorkload::longestHoldUs() const
{
    qint64 longest = 0;
    for (const auto &h : holds)
        longest = qMax(longest, h.holdUs);
    return longest;
}

qint64 RecordedWorkload::commonTtlMs() const
{
    QMap<qint64, int> counts;
    for (const auto &h : holds) {
        if (h.ttlMs > 0)
            ++counts[h.ttlMs];
    }
    qint64 best = 0;
    int bestCount = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > bestCount) { // the smallest of equally common ones: map order
            best = it.key();
            bestCount = it.value();
        }
    }
    return best;
}

int RecordedWorkload::holdsEndedBy(RecordedHold::End end) const
{
    return int(std::count_if(holds.begin(), holds.end(),
                             [end](const RecordedHold &h) { return h.end == end; }));
}

int RecordedWorkload::renewals() const
{
    int n = 0;
    for (const auto &h : holds)
        n += h.renewals;
    return n;
}

bool deriveWorkload(const EventLog &log, const RecordingWindow &window, RecordedWorkload *out,
                    QString *error)
{
    const auto &events = log.events();
    if (events.empty()) {
        *error = QCoreApplication::translate("WhatIf", "the recording has no event");
        return false;
    }
    const qint64 first = events.front().timeUs;
    const qint64 last = events.back().timeUs;
    if (window.fromUs > last - first) {
        *error = QCoreApplication::translate(
                     "WhatIf", "--from %1 s is past the recording's end (it lasts %2 s)")
                     .arg(double(window.fromUs) / 1e6, 0, 'f', 3)
                     .arg(double(last - first) / 1e6, 0, 'f', 3);
        return false;
    }
    RecordedWorkload w;
    w.startUs = first + window.fromUs;
    w.endUs = window.toUs < 0 ? last : qMin(last, first + window.toUs);

    QHash<quint32, KeyState> keys;
    // Whether the key's hold in progress is the log client's (owners are kept by name: a log's
    // client index is not the workload's owner index).
    auto holdsOwner = [&](const KeyState &k, qint16 client) {
        return w.owners[w.holds[std::size_t(k.openHold)].owner] == log.clientName(client);
    };
    // Ends the key's hold in progress at time t.
    auto endHold = [&](KeyState &k, qint64 t, RecordedHold::End how) {
        if (k.openHold < 0)
            return;
        RecordedHold &h = w.holds[std::size_t(k.openHold)];
        h.holdUs = qMax<qint64>(0, t - w.startUs - h.atUs);
        h.end = how;
        if (k.intervalsMs.size() >= 2)
            h.renewEveryMs = nearestRank(k.intervalsMs, 0.5);
        else if (k.intervalsMs.size() == 1)
            h.renewEveryMs = k.intervalsMs.front();
        k.openHold = -1;
        k.lastRenewUs = -1;
        k.intervalsMs.clear();
    };

    for (const Event &e : events) {
        if (e.key == 0)
            continue;
        // A hold still open when the window ends runs on to the end of the recording: it was
        // taken inside the window, and its length is part of the workload.
        const bool inWindow = e.timeUs >= w.startUs && e.timeUs <= w.endUs;
        switch (e.kind) {
        case EventKind::KeyWritten: {
            KeyState &k = keys[e.key];
            const QByteArray key = log.strings().at(e.key);
            if (e.owner == kNoClient && key.endsWith(":fence"))
                w.fencingCounterSeen = true;
            if (k.openHold >= 0 && e.owner != kNoClient && !holdsOwner(k, e.owner))
                endHold(k, e.timeUs, RecordedHold::End::TakenOver);
            if (k.openHold < 0 || e.owner != k.writer) {
                k.writer = e.owner;
                k.writtenUs = e.timeUs;
                k.ttlMs = e.value;
                k.text = e.text;
            }
            break;
        }
        case EventKind::Acquired: {
            if (!inWindow || e.client == kNoClient)
                break;
            KeyState &k = keys[e.key];
            const int owner = indexOf(w.owners, log.clientName(e.client));
            if (k.openHold >= 0) {
                if (w.holds[std::size_t(k.openHold)].owner == owner)
                    break; // the same owner again: a nested (reentrant) acquisition
                endHold(k, e.timeUs, RecordedHold::End::TakenOver);
            }
            RecordedHold h;
            h.owner = owner;
            h.key = indexOf(w.keys, log.strings().at(e.key));
            // The server's time of the acquisition: the owner's write, when it came first.
            const qint64 at = k.writer == e.client ? k.writtenUs : e.timeUs;
            h.atUs = qMax<qint64>(0, at - w.startUs);
            h.ttlMs = k.writer == e.client ? k.ttlMs : -1;
            if (w.holds.empty() && k.writer == e.client) { // the lock format's sample
                w.firstValue = log.strings().at(k.text);
                w.firstKey = log.strings().at(e.key);
            }
            k.openHold = int(w.holds.size());
            w.holds.push_back(h);
            break;
        }
        case EventKind::Renewed: {
            auto it = keys.find(e.key);
            if (it == keys.end() || it->openHold < 0 || !holdsOwner(*it, e.client))
                break;
            ++w.holds[std::size_t(it->openHold)].renewals;
            if (it->lastRenewUs >= 0)
                it->intervalsMs.push_back((e.timeUs - it->lastRenewUs) / 1000);
            it->lastRenewUs = e.timeUs;
            break;
        }
        case EventKind::KeyDeleted:
        case EventKind::KeyExpired: {
            auto it = keys.find(e.key);
            if (it == keys.end())
                break;
            if (it->openHold >= 0 && e.owner != kNoClient && !holdsOwner(*it, e.owner))
                break; // someone else's value went: not this hold's end
            const RecordedHold::End how =
                e.kind == EventKind::KeyExpired ? RecordedHold::End::Expired
                : (e.value == kLostWithRestart || e.value == kLostWithFailover)
                    ? RecordedHold::End::Lost
                    : RecordedHold::End::Released;
            endHold(*it, e.timeUs, how);
            it->writer = kNoClient;
            break;
        }
        default:
            break;
        }
    }
    for (auto it = keys.begin(); it != keys.end(); ++it)
        endHold(*it, last, RecordedHold::End::StillHeld);
    *out = std::move(w);
    return true;
}

QString holdEndId(RecordedHold::End end)
{
    switch (end) {
    case RecordedHold::End::Released:
        return QStringLiteral("released");
    case RecordedHold::End::Expired:
        return QStringLiteral("expired");
    case RecordedHold::End::Lost:
        return QStringLiteral("lost");
    case RecordedHold::End::TakenOver:
        return QStringLiteral("taken-over");
    case RecordedHold::End::StillHeld:
        return QStringLiteral("held");
    }
    return {};
}

} // namespace lockscope
