#include "key_table.h"

#include "lock_format.h"
#include "monitor_recorder.h"

#include <algorithm>

namespace lockscope {

namespace {

constexpr qint64 kExpiryToleranceUs = 250 * 1000; // an inferred expiry may run this late
constexpr qsizetype kMaxLostRemembered = 10000;   // a restart of a big server loses many

// When the snapshot's PTTL was sent; its reply time when that is not known.
qint64 sentAt(const KeySnapshot &s)
{
    return s.sentAtUs > 0 ? s.sentAtUs : s.readAtUs;
}

} // namespace

KeyTable::KeyTable(MonitorRecorder &recorder, bool recording)
    : m_recorder(recorder)
    , m_recording(recording)
{}

void KeyTable::moveTo(qint16 node)
{
    m_node = node;
    for (KeyEntry &e : m_rows)
        e.node = node;
}

void KeyTable::setChangeListener(std::function<void(const QByteArray &key)> changed)
{
    m_changed = std::move(changed);
}

void KeyTable::setMovedHereQuery(std::function<bool(const QByteArray &key)> movedHere)
{
    m_movedHere = std::move(movedHere);
}

void KeyTable::expectLoss(qint64 cause)
{
    for (const KeyEntry &e : m_rows)
        m_lossSuspects.insert(e.key, cause);
}

void KeyTable::apply(const KeyObservation &o, bool initialScan)
{
    // Only a read that finds the key gone says it was lost; a notification (a del after the
    // restart) is somebody's doing, and a read that finds the key means it survived.
    const bool unanswered = o.kind == KeyObservation::Kind::Snapshot && o.snapshot.failed;
    const qint64 lossCause = unanswered ? 0 : m_lossSuspects.take(o.key);
    switch (o.kind) {
    case KeyObservation::Kind::Snapshot:
        if (const KeyEntry *e = lossCause && !o.snapshot.exists() ? m_rows.find(o.key) : nullptr) {
            const qint64 expiresAt = e->expiresAtUs();
            // Its TTL ran out anyway: it expired, whatever the server did.
            if (expiresAt >= 0 && expiresAt <= o.timeUs + kExpiryToleranceUs)
                applyGone(qBound(e->pttlReadUs, expiresAt, o.timeUs), o.key, true);
            else
                applyGone(o.timeUs, o.key, false, lossCause);
            break;
        }
        applySnapshot(o.timeUs, o.snapshot, o.event, initialScan);
        break;
    case KeyObservation::Kind::Deleted:
        applyGone(o.timeUs, o.key, false);
        break;
    case KeyObservation::Kind::Expired:
        applyGone(o.timeUs, o.key, true);
        break;
    case KeyObservation::Kind::Unread:
        applyUnread(o.timeUs, o.key);
        break;
    }
}

bool KeyTable::drop(const QByteArray &key)
{
    KeyEntry *e = m_rows.find(key);
    if (!e)
        return false;
    remove(*e);
    return true;
}

void KeyTable::remove(KeyEntry &e)
{
    m_lossSuspects.remove(e.key);
    const KeyEntry gone = m_rows.take(e);
    unlink(gone);
    rowChanged(gone.key);
}

bool KeyTable::setAnomalies(const QByteArray &key, QStringList rules)
{
    KeyEntry *e = m_rows.find(key);
    if (!e || rules == e->anomalies)
        return false;
    e->anomalies = std::move(rules);
    return true;
}

void KeyTable::setAllAnomalies(const QHash<QByteArray, QStringList> &byKey,
                               QSet<QByteArray> &changedKeys)
{
    for (KeyEntry &e : m_rows) {
        QStringList rules = byKey.value(e.key);
        if (rules != e.anomalies) {
            e.anomalies = rules;
            changedKeys.insert(e.key);
        }
    }
}

qint16 KeyTable::ownerIndex(const KeyEntry &e)
{
    if (e.lock.role != LockRole::Lock || e.lock.owner.isEmpty() || !m_recording)
        return kNoClient;
    return m_recorder.owner(e.lock.owner);
}

void KeyTable::rowChanged(const QByteArray &key)
{
    if (m_changed)
        m_changed(key);
}

void KeyTable::applySnapshot(qint64 t, const KeySnapshot &s, const QByteArray &event,
                             bool initialScan)
{
    KeyEntry *it = m_rows.find(s.key);
    if (!s.exists()) {
        if (!it)
            return;
        // It vanished between two reads with no notification: it expired if its TTL ran out
        // by now, else someone deleted it.
        const qint64 expiresAt = it->expiresAtUs();
        const bool expired = expiresAt >= 0 && expiresAt <= t + kExpiryToleranceUs;
        applyGone(expired ? qBound(it->pttlReadUs, expiresAt, t) : t, s.key, expired);
        return;
    }
    LockInfo info = recognizeLock(s);
    const QByteArray value = s.valueText(200);
    if (!it) {
        KeyEntry e;
        e.key = s.key;
        e.type = s.type;
        e.node = m_node;
        e.pttlMs = s.pttlMs;
        e.pttlReadUs = s.readAtUs;
        e.pttlSentUs = sentAt(s);
        e.lock = std::move(info);
        e.format = e.lock.format;
        e.valueText = value;
        e.firstSeenUs = t;
        e.lastChangeUs = t;
        e.ownerSinceUs = t;
        e.queueHead = e.lock.queueHead;
        e.queueHeadSinceUs = t;
        if (const auto lost = m_lost.constFind(e.key); lost != m_lost.cend()) {
            e.lostHolder = lost->holder;
            e.lostCause = lost->cause;
            e.lostAtUs = lost->atUs;
            e.lostUntilUs = lost->untilUs;
            m_lost.erase(lost);
        }
        if (m_recording) {
            const qint16 owner = ownerIndex(e);
            const bool movedHere = m_movedHere && m_movedHere(e.key);
            if ((initialScan && event.isEmpty()) || movedHere)
                m_recorder.present(t, m_node, e.key, owner, value, e.pttlMs);
            else if (owner != kNoClient)
                m_recorder.acquired(t, m_node, e.key, owner, value, e.pttlMs);
            else
                m_recorder.written(t, m_node, e.key, owner, value, e.pttlMs);
        }
        link(m_rows.insert(std::move(e)));
        rowChanged(s.key);
        return;
    }

    KeyEntry &e = *it;
    const QByteArray oldOwner = e.lock.role == LockRole::Lock ? e.lock.owner : QByteArray();
    const QByteArray newOwner = info.role == LockRole::Lock ? info.owner : QByteArray();
    const bool ownerChanged = !newOwner.isEmpty() && newOwner != oldOwner;
    const bool valueChanged = !e.valueSeen || e.type != s.type || e.valueText != value;
    // What is left of the old TTL at this read, at most and at least: each PTTL ran somewhere
    // between its send and its reply, and a reply read late (a busy machine, a stalled event
    // loop) must not look like a TTL that went up (or down) by the wait.
    const qint64 expected = e.remainingTtlMs(s.readAtUs);
    const qint64 expectedAtMost = qMax<qint64>(0, e.pttlMs - (sentAt(s) - e.pttlReadUs) / 1000);
    const qint64 expectedAtLeast = qMax<qint64>(0, e.pttlMs - (s.readAtUs - e.pttlSentUs) / 1000);
    const qint64 oldTtl = e.pttlMs;
    const bool wasSeen = e.valueSeen;
    // The previous holder's index only matters to a takeover; looking it up for every re-read
    // of an unchanged key was a sixth of applying it (a hash of 100,000 owners).
    const qint16 previous = ownerChanged ? ownerIndex(e) : kNoClient;

    e.type = s.type;
    e.lock = std::move(info);
    e.format = e.lock.format;
    e.valueText = value;
    e.valueSeen = true;
    e.pttlMs = s.pttlMs;
    e.pttlReadUs = s.readAtUs;
    e.pttlSentUs = sentAt(s);
    bool changed = false;
    if (ownerChanged) {
        if (m_recording) {
            if (!oldOwner.isEmpty() && wasSeen)
                m_recorder.takenOver(t, m_node, e.key, ownerIndex(e), previous, value, e.pttlMs);
            else
                m_recorder.acquired(t, m_node, e.key, ownerIndex(e), value, e.pttlMs);
        }
        e.ownerSinceUs = t;
        e.ownerChangesUs.push_back(t);
        changed = true;
    } else if (valueChanged) {
        if (m_recording)
            m_recorder.written(t, m_node, e.key, ownerIndex(e), value, e.pttlMs);
        changed = true;
    } else if (s.pttlMs != oldTtl || oldTtl >= 0) {
        // Same value: did the TTL change other than by counting down?
        const qint64 tolerance = event == "expire" ? 5 : 100 + qMax<qint64>(0, expected) / 100;
        bool ttlEvent = false, renewal = false;
        if (s.pttlMs >= 0 && oldTtl < 0) {
            ttlEvent = true; // a TTL was added (SETNX, then EXPIRE)
        } else if (s.pttlMs < 0 && oldTtl >= 0) {
            ttlEvent = true; // PERSIST
        } else if (s.pttlMs >= 0 && s.pttlMs > expectedAtMost + tolerance) {
            ttlEvent = renewal = true;
        } else if (s.pttlMs >= 0 && s.pttlMs < expectedAtLeast - tolerance - 100) {
            ttlEvent = true; // shortened
        }
        if (ttlEvent) {
            if (m_recording)
                m_recorder.ttlChanged(t, m_node, e.key, ownerIndex(e), s.pttlMs, renewal);
            changed = true;
        }
    }
    if (e.lock.queueHead != e.queueHead) {
        e.queueHead = e.lock.queueHead;
        e.queueHeadSinceUs = t;
        changed = true;
    }
    if (changed)
        e.lastChangeUs = t;
    const qint64 minuteAgo = t - 60 * 1000 * 1000LL;
    std::erase_if(e.ownerChangesUs, [&](qint64 at) { return at < minuteAgo; });
    link(e);
    // A read that finds the key as it was (its TTL counting down as expected) changes nothing
    // anyone shows or judges: without notifications every key is re-read each second, and
    // telling the table and the anomalies of 100,000 unchanged keys a second kept the window
    // busy. An auxiliary key whose lock is not in the table is still told (the monitor then
    // reads the lock key).
    if (changed || (!e.lock.lockKey.isEmpty() && !m_rows.contains(e.lock.lockKey)))
        rowChanged(s.key);
}

void KeyTable::applyGone(qint64 t, const QByteArray &key, bool expired, qint64 lostCause)
{
    KeyEntry *it = m_rows.find(key);
    if (!it)
        return;
    if (m_recording) {
        const qint16 owner = ownerIndex(*it);
        if (expired)
            m_recorder.expired(t, m_node, key, owner);
        else if (lostCause)
            m_recorder.lost(t, m_node, key, owner, lostCause);
        else
            m_recorder.released(t, m_node, key, owner);
    }
    if (lostCause)
        rememberLoss(*it, t, lostCause);
    else
        m_lost.remove(key);
    remove(*it);
}

void KeyTable::rememberLoss(const KeyEntry &e, qint64 t, qint64 cause)
{
    if (e.lock.role != LockRole::Lock || e.lock.owner.isEmpty())
        return;
    if (m_lost.size() >= kMaxLostRemembered) {
        // Forget the holders whose lease has run out: they no longer believe anything.
        for (auto it = m_lost.begin(); it != m_lost.end();) {
            if (it->untilUs >= 0 && it->untilUs < t)
                it = m_lost.erase(it);
            else
                ++it;
        }
        if (m_lost.size() >= kMaxLostRemembered)
            return;
    }
    m_lost.insert(e.key, LostLock{e.lock.owner, cause, t, e.expiresAtUs()});
}

void KeyTable::applyUnread(qint64 t, const QByteArray &key)
{
    KeyEntry *it = m_rows.find(key);
    if (!it) {
        KeyEntry e;
        e.key = key;
        e.node = m_node;
        e.firstSeenUs = t;
        e.ownerSinceUs = t;
        it = &m_rows.insert(std::move(e));
    }
    KeyEntry &e = *it;
    e.lock = LockInfo();
    e.lock.role = LockRole::Lock;
    e.lock.label = QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "not read yet"));
    e.format = e.lock.format;
    e.valueSeen = false;
    e.valueText = QByteArrayLiteral("(changed again before it could be read)");
    e.lastChangeUs = t;
    if (m_recording)
        m_recorder.written(t, m_node, key, kNoClient, e.valueText, -1);
    rowChanged(key);
}

void KeyTable::link(const KeyEntry &e)
{
    if (!e.lock.lockKey.isEmpty()) {
        m_auxByLock[e.lock.lockKey].insert(e.key);
        refreshLinks(e.lock.lockKey);
    }
    if (e.lock.role == LockRole::Lock)
        refreshLinks(e.key);
}

void KeyTable::unlink(const KeyEntry &e)
{
    if (!e.lock.lockKey.isEmpty()) {
        auto it = m_auxByLock.find(e.lock.lockKey);
        if (it != m_auxByLock.end()) {
            it->remove(e.key);
            if (it->isEmpty())
                m_auxByLock.erase(it);
        }
        refreshLinks(e.lock.lockKey);
    }
}

void KeyTable::refreshLinks(const QByteArray &lockKey)
{
    KeyEntry *lockIt = m_rows.find(lockKey);
    if (!lockIt || lockIt->lock.role != LockRole::Lock)
        return;
    KeyEntry &lock = *lockIt;
    qint64 waiters = -1, counter = -1;
    QByteArray format = lock.lock.format;
    const auto aux = m_auxByLock.constFind(lockKey);
    if (aux != m_auxByLock.cend()) {
        for (const QByteArray &k : *aux) {
            const KeyEntry *a = m_rows.find(k);
            if (!a)
                continue;
            const QByteArray &f = a->lock.format;
            if (f == "redisson-fair-queue" || f == "redisson-fair-timeouts") {
                if (f == "redisson-fair-queue" || waiters < 0)
                    waiters = a->lock.waiters;
                if (format == "redisson-lock")
                    format = QByteArrayLiteral("redisson-fair-lock");
            } else if (f == "redisson-fence-token" || f == "lockscope-fence") {
                counter = a->lock.counter;
                if (format == "redisson-lock")
                    format = QByteArrayLiteral("redisson-fenced-lock");
            }
        }
    }
    if (lock.waiters != waiters || lock.fencingCounter != counter || lock.format != format)
        rowChanged(lockKey);
    lock.waiters = waiters;
    lock.fencingCounter = counter;
    lock.format = format;
    if (format == "redisson-fair-lock")
        lock.lock.label =
            QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson fair lock (RFairLock)"));
    else if (format == "redisson-fenced-lock")
        lock.lock.label =
            QStringLiteral(QT_TRANSLATE_NOOP("LockFormat", "Redisson fenced lock (RFencedLock)"));
}

} // namespace lockscope
