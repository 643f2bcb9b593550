#include "key_change_tracker.h"

#include <algorithm>
#include <limits>

namespace lockscope {

KeyChangeTracker::OpKind KeyChangeTracker::classify(const QByteArray &event)
{
    // Redis names a DEL and an UNLINK alike "del"; a key renamed or moved away is gone from here.
    if (event == "del" || event == "evicted" || event == "rename_from" || event == "move_from")
        return OpKind::Delete;
    if (event == "expired")
        return OpKind::Expire;
    // "new" (key created, flag n) comes with the write that created it; "keymiss" changes nothing.
    if (event == "new" || event == "keymiss")
        return OpKind::Ignore;
    return OpKind::Write; // set, hset, hincrby, hdel, expire, persist, rename_to, lpush, zadd, ...
}

bool KeyChangeTracker::notify(const QByteArray &key, const QByteArray &event, qint64 timeUs)
{
    const OpKind kind = classify(event);
    if (kind == OpKind::Ignore)
        return false;
    ++m_opsSeen;
    KeyState &k = m_keys[key];
    Op op;
    op.seq = ++m_seq;
    op.kind = kind;
    op.timeUs = timeUs;
    op.event = event;
    k.queues().ops.push_back(op);
    k.lastOpSeq = op.seq;
    m_busyKeys.insert(key);
    if (kind != OpKind::Write) {
        resolve(key, k); // a delete with nothing unexplained before it is explained at once
        forgetIfIdle(key);
    }
    return kind == OpKind::Write;
}

quint64 KeyChangeTracker::readSent(const QByteArray &key)
{
    KeyState &k = m_keys[key];
    Read r;
    r.ticket = m_nextTicket++;
    r.seqAtSend = m_seq;
    k.queues().reads.push_back(r);
    return r.ticket;
}

void KeyChangeTracker::readDone(const QByteArray &key, quint64 ticket, const KeySnapshot &snapshot)
{
    if (ticket < m_firstTicketOfEpoch)
        return; // sent before a reset: what it saw is explained by the re-reads that follow
    const auto it = m_keys.find(key);
    if (it == m_keys.end())
        return;
    KeyState &k = it.value();
    if (!k.inFlight)
        return;
    bool found = false;
    for (Read &r : k.inFlight->reads) {
        if (r.ticket == ticket) {
            r.arrived = true;
            r.seqAtArrival = m_seq;
            r.snapshot = snapshot;
            found = true;
            break;
        }
    }
    if (!found)
        return;
    resolve(key, k);
    forgetIfIdle(key);
}

void KeyChangeTracker::forgetIfIdle(const QByteArray &key)
{
    const auto it = m_keys.find(key);
    if (it != m_keys.end() && it->idle() && !it->exists)
        m_keys.erase(it);
}

void KeyChangeTracker::emitObservation(KeyObservation o, KeyState &k)
{
    switch (o.kind) {
    case KeyObservation::Kind::Snapshot:
        k.exists = o.snapshot.exists();
        break;
    case KeyObservation::Kind::Deleted:
    case KeyObservation::Kind::Expired:
        k.exists = false;
        break;
    case KeyObservation::Kind::Unread:
        k.exists = true;
        break;
    }
    m_ready.push_back(std::move(o));
}

void KeyChangeTracker::popCoveredWrites(InFlight &q, quint64 seqAtSend, quint64 limitSeq)
{
    while (!q.ops.empty() && q.ops.front().kind == OpKind::Write &&
           q.ops.front().seq <= seqAtSend && q.ops.front().seq < limitSeq)
        q.ops.pop_front();
}

void KeyChangeTracker::unresolvable(const QByteArray &key, KeyState &k, const Op &op)
{
    if (k.exists) {
        // A change to a key that existed, deleted before we saw it: nothing to report but the
        // delete that follows.
        ++m_dropped;
        return;
    }
    ++m_unread;
    KeyObservation o;
    o.kind = KeyObservation::Kind::Unread;
    o.timeUs = op.timeUs;
    o.key = key;
    o.event = op.event;
    emitObservation(std::move(o), k);
}

void KeyChangeTracker::resolve(const QByteArray &key, KeyState &k)
{
    // Its callers have just queued an op, or found the read that came back: the queues exist.
    resolveQueued(key, k, k.queues());
    if (k.idle())
        k.inFlight.reset();
}

void KeyChangeTracker::resolveQueued(const QByteArray &key, KeyState &k, InFlight &q)
{
    constexpr quint64 kNoLimit = std::numeric_limits<quint64>::max();
    for (;;) {
        if (q.ops.empty()) {
            // Reads not explaining any op: polls and scans. They stand if no notification for
            // the key arrived after they were sent.
            while (!q.reads.empty() && q.reads.front().arrived) {
                Read r = std::move(q.reads.front());
                q.reads.pop_front();
                if (r.used || r.snapshot.failed || k.lastOpSeq > r.seqAtSend)
                    continue;
                KeyObservation o;
                o.kind = KeyObservation::Kind::Snapshot;
                o.timeUs = r.snapshot.readAtUs;
                o.key = key;
                o.snapshot = std::move(r.snapshot);
                emitObservation(std::move(o), k);
            }
            m_busyKeys.remove(key);
            return;
        }
        const Op op = q.ops.front();
        if (op.kind != OpKind::Write) {
            KeyObservation o;
            o.kind = op.kind == OpKind::Expire ? KeyObservation::Kind::Expired
                                               : KeyObservation::Kind::Deleted;
            o.timeUs = op.timeUs;
            o.key = key;
            o.event = op.event;
            q.ops.pop_front();
            emitObservation(std::move(o), k);
            continue;
        }
        // Reads sent before this write cannot tell its value.
        while (!q.reads.empty() && q.reads.front().seqAtSend < op.seq)
            q.reads.pop_front();
        if (q.reads.empty() || !q.reads.front().arrived)
            return; // its read is not sent or not back yet
        Read &r = q.reads.front();
        r.used = true;
        if (r.snapshot.failed) {
            m_dropped += 1;
            popCoveredWrites(q, r.seqAtSend, kNoLimit);
            continue;
        }
        // The first delete/expiry after the write that the read may have seen, and the first
        // write after that delete.
        quint64 deleteSeq = 0, laterWriteSeq = 0;
        for (qsizetype i = 1; i < q.ops.size() && q.ops[i].seq <= r.seqAtArrival; ++i) {
            if (!deleteSeq) {
                if (q.ops[i].kind != OpKind::Write)
                    deleteSeq = q.ops[i].seq;
            } else if (q.ops[i].kind == OpKind::Write) {
                laterWriteSeq = q.ops[i].seq;
                break;
            }
        }
        const KeySnapshot &s = r.snapshot;
        const quint64 seqAtSend = r.seqAtSend;
        if (!deleteSeq) {
            if (!s.exists()) {
                // Gone, and no delete heard: the server does not notify deletes (partial
                // flags), or the notification is still on its way. The snapshot says gone.
                if (!k.exists)
                    unresolvable(key, k, op);
                KeyObservation o;
                o.kind = KeyObservation::Kind::Snapshot;
                o.timeUs = qMax(op.timeUs, s.readAtUs);
                o.key = key;
                o.event = op.event;
                o.snapshot = s;
                popCoveredWrites(q, seqAtSend, kNoLimit);
                emitObservation(std::move(o), k);
                continue;
            }
            KeyObservation o;
            o.kind = KeyObservation::Kind::Snapshot;
            o.timeUs = op.timeUs;
            o.key = key;
            o.event = op.event;
            o.snapshot = s;
            popCoveredWrites(q, seqAtSend, kNoLimit);
            emitObservation(std::move(o), k);
            continue;
        }
        bool mine = s.exists();
        if (mine && laterWriteSeq) {
            const Read *r2 = nullptr;
            for (const Read &x : q.reads) {
                if (x.seqAtSend >= laterWriteSeq) {
                    r2 = &x;
                    break;
                }
            }
            if (!r2)
                return; // the later write's read is not sent yet
            if (r2->ticket == r.ticket) {
                mine = false; // one read for both: it saw the later generation
            } else {
                if (!r2->arrived)
                    return;
                mine = r2->snapshot.failed || !r2->snapshot.sameValue(s);
            }
        }
        if (mine) {
            KeyObservation o;
            o.kind = KeyObservation::Kind::Snapshot;
            o.timeUs = op.timeUs;
            o.key = key;
            o.event = op.event;
            o.snapshot = s;
            popCoveredWrites(q, seqAtSend, deleteSeq);
            emitObservation(std::move(o), k);
        } else {
            unresolvable(key, k, op);
            popCoveredWrites(q, seqAtSend, deleteSeq);
        }
    }
}

std::vector<KeyObservation> KeyChangeTracker::take()
{
    std::vector<KeyObservation> out;
    if (m_ready.empty())
        return out;
    qint64 watermark = std::numeric_limits<qint64>::max();
    for (const QByteArray &key : std::as_const(m_busyKeys)) {
        const auto k = m_keys.constFind(key);
        if (k != m_keys.cend() && k->hasOps())
            watermark = qMin(watermark, k->inFlight->ops.front().timeUs);
    }
    const auto byTime = [](const KeyObservation &a, const KeyObservation &b) {
        return a.timeUs < b.timeUs;
    };
    // Usually in order already (reads come back in the order they were sent): a merge sort
    // with its buffer, for nothing, was a fifth of the tracker's time in a snapshot.
    if (!std::is_sorted(m_ready.begin(), m_ready.end(), byTime))
        std::stable_sort(m_ready.begin(), m_ready.end(), byTime);
    std::vector<KeyObservation> keep;
    for (auto &o : m_ready) {
        if (o.timeUs < watermark)
            out.push_back(std::move(o));
        else
            keep.push_back(std::move(o));
    }
    m_ready = std::move(keep);
    return out;
}

void KeyChangeTracker::reset()
{
    for (auto it = m_keys.begin(); it != m_keys.end();) {
        it->inFlight.reset();
        it->lastOpSeq = 0;
        if (!it->exists)
            it = m_keys.erase(it);
        else
            ++it;
    }
    m_busyKeys.clear();
    m_firstTicketOfEpoch = m_nextTicket;
}

} // namespace lockscope
