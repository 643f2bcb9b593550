#include "anomaly_rules.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace lockscope {

namespace {

QString seconds(qint64 ms)
{
    return ms >= 10000 ? QStringLiteral("%1 s").arg(ms / 1000)
                       : QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
}

QString text(const QByteArray &bytes)
{
    return QString::fromUtf8(displayBytes(bytes, 80));
}

// The sentence is a callable: AnomalyRules::rulesForKey() judges without writing any.
template <typename Sentence>
Anomaly make(const QString &rule, const QByteArray &key, const QByteArray &owner, bool sentences,
             Sentence &&sentence, qint64 sinceUs)
{
    Anomaly a;
    a.rule = rule; // a QStringLiteral: shared, not copied for every key judged
    a.key = key;
    a.owner = owner;
    a.sinceUs = sinceUs;
    if (sentences) {
        a.id = a.rule + QLatin1Char(':') + QString::fromUtf8(key);
        a.sentence = sentence();
    }
    return a;
}

} // namespace

QStringList AnomalyRules::ruleIds()
{
    return {QStringLiteral("no-ttl"),        QStringLiteral("ttl-too-long"),
            QStringLiteral("held-too-long"), QStringLiteral("owner-churn"),
            QStringLiteral("queue-stuck"),   QStringLiteral("owner-holds-many"),
            QStringLiteral("lost-lock")};
}

QList<Anomaly> AnomalyRules::forKey(const KeyEntry &e, qint64 nowUs, const AnomalyThresholds &t)
{
    return judge(e, nowUs, t, true);
}

QStringList AnomalyRules::rulesForKey(const KeyEntry &e, qint64 nowUs, const AnomalyThresholds &t)
{
    QStringList rules;
    for (const Anomaly &a : judge(e, nowUs, t, false))
        rules << a.rule;
    return rules;
}

QList<Anomaly> AnomalyRules::judge(const KeyEntry &e, qint64 nowUs, const AnomalyThresholds &t,
                                   bool sentences)
{
    QList<Anomaly> out;
    const QByteArray &owner = e.lock.owner;
    // Sentences are made only for what is found: most keys have nothing to say.
    auto ownerText = [&] {
        return owner.isEmpty() ? QCoreApplication::translate("AnomalyRules", "its owner")
                               : text(owner);
    };
    if (e.lock.role == LockRole::Lock) {
        if (e.pttlMs == -1) {
            out.append(make(
                QStringLiteral("no-ttl"), e.key, owner, sentences,
                [&] {
                    return QCoreApplication::translate(
                               "AnomalyRules", "%1 has no TTL: if %2 dies, nobody can ever take it "
                                               "(a stuck lock).")
                        .arg(text(e.key), ownerText());
                },
                e.lastChangeUs));
        } else if (t.maxTtlMs > 0 && e.remainingTtlMs(nowUs) > t.maxTtlMs) {
            out.append(make(
                QStringLiteral("ttl-too-long"), e.key, owner, sentences,
                [&] {
                    return QCoreApplication::translate(
                               "AnomalyRules",
                               "%1 has a TTL of %2 (above %3): if %4 dies, everyone "
                               "else waits that long.")
                        .arg(text(e.key), seconds(e.remainingTtlMs(nowUs)), seconds(t.maxTtlMs),
                             ownerText());
                },
                e.lastChangeUs));
        }
        if (!owner.isEmpty() && t.maxHeldMs > 0 && e.ownerSinceUs > 0 &&
            (nowUs - e.ownerSinceUs) / 1000 > t.maxHeldMs) {
            out.append(make(
                QStringLiteral("held-too-long"), e.key, owner, sentences,
                [&] {
                    return QCoreApplication::translate("AnomalyRules",
                                                       "%1 has held %2 for %3 (above %4).")
                        .arg(ownerText(), text(e.key), seconds((nowUs - e.ownerSinceUs) / 1000),
                             seconds(t.maxHeldMs));
                },
                e.ownerSinceUs + t.maxHeldMs * 1000));
        }
        const qint64 minuteAgo = nowUs - 60 * 1000 * 1000LL;
        const auto changes = std::count_if(e.ownerChangesUs.begin(), e.ownerChangesUs.end(),
                                           [&](qint64 at) { return at >= minuteAgo; });
        if (t.maxOwnerChangesPerMinute > 0 && changes > t.maxOwnerChangesPerMinute) {
            out.append(make(
                QStringLiteral("owner-churn"), e.key, owner, sentences,
                [&] {
                    return QCoreApplication::translate(
                               "AnomalyRules",
                               "%1 changed owner %2 times in the last minute (above "
                               "%3): heavy contention, or leases shorter than the "
                               "work.")
                        .arg(text(e.key))
                        .arg(changes)
                        .arg(t.maxOwnerChangesPerMinute);
                },
                nowUs));
        }
    }
    if (!e.lostHolder.isEmpty() && (e.lostUntilUs < 0 || nowUs < e.lostUntilUs)) {
        out.append(make(
            QStringLiteral("lost-lock"), e.key, e.lostHolder, sentences,
            [&] {
                const QString how =
                    e.lostCause == kLostWithFailover
                        ? QCoreApplication::translate("AnomalyRules", "the failover")
                        : QCoreApplication::translate("AnomalyRules", "the restart");
                if (e.lock.owner == e.lostHolder)
                    return QCoreApplication::translate(
                               "AnomalyRules",
                               "%1 was lost with %2 while %3 held it, and %3 wrote it again: "
                               "it went on as if it still held the lock.")
                        .arg(text(e.key), how, text(e.lostHolder));
                return QCoreApplication::translate(
                           "AnomalyRules",
                           "%1 was lost with %2 while %3 held it; %4 holds it now, while %3 "
                           "may still believe it holds it (two holders).")
                    .arg(text(e.key), how, text(e.lostHolder), ownerText());
            },
            e.lostAtUs));
    }
    if (!e.queueHead.isEmpty() && e.waiters > 0 && t.queueStuckMs > 0 && e.queueHeadSinceUs > 0 &&
        (nowUs - e.queueHeadSinceUs) / 1000 > t.queueStuckMs) {
        out.append(make(
            QStringLiteral("queue-stuck"), e.key, e.queueHead, sentences,
            [&] {
                return QCoreApplication::translate(
                           "AnomalyRules", "the queue %1 has had %2 first for %3 (above %4): the "
                                           "waiter may be gone, and everyone behind it waits.")
                    .arg(text(e.key), text(e.queueHead),
                         seconds((nowUs - e.queueHeadSinceUs) / 1000), seconds(t.queueStuckMs));
            },
            e.queueHeadSinceUs + t.queueStuckMs * 1000));
    }
    return out;
}

qint64 AnomalyRules::nextChangeUs(const KeyEntry &e, qint64 nowUs, const AnomalyThresholds &t)
{
    // Each instant is the first one at which forKey()'s own test flips (integer divisions
    // included), so a key re-judged then answers exactly as a full evaluation would.
    qint64 next = -1;
    auto consider = [&](qint64 at) {
        if (at > nowUs && (next < 0 || at < next))
            next = at;
    };
    const bool isLock = e.lock.role == LockRole::Lock;
    if (isLock && e.pttlMs >= 0 && t.maxTtlMs > 0 && e.remainingTtlMs(nowUs) > t.maxTtlMs)
        consider(e.pttlReadUs + (e.pttlMs - t.maxTtlMs) * 1000); // ttl-too-long ends
    if (isLock && !e.lock.owner.isEmpty() && t.maxHeldMs > 0 && e.ownerSinceUs > 0)
        consider(e.ownerSinceUs + (t.maxHeldMs + 1) * 1000); // held-too-long starts
    if (isLock && t.maxOwnerChangesPerMinute > 0 &&
        qsizetype(e.ownerChangesUs.size()) > t.maxOwnerChangesPerMinute) {
        const qint64 minuteAgo = nowUs - 60 * 1000 * 1000LL;
        for (qint64 at : e.ownerChangesUs) {
            if (at >= minuteAgo)
                consider(at + 60 * 1000 * 1000LL + 1); // a change leaves the last minute
        }
    }
    if (!e.lostHolder.isEmpty() && e.lostUntilUs >= 0)
        consider(e.lostUntilUs); // lost-lock ends: the lost holder's lease has run out
    if (!e.queueHead.isEmpty() && e.waiters > 0 && t.queueStuckMs > 0 && e.queueHeadSinceUs > 0)
        consider(e.queueHeadSinceUs + (t.queueStuckMs + 1) * 1000); // queue-stuck starts
    return next;
}

bool AnomalyRules::countsForOwner(const KeyEntry &e)
{
    return e.lock.role == LockRole::Lock && !e.lock.owner.isEmpty() && e.lock.holders.size() <= 1;
}

Anomaly AnomalyRules::ownerHoldsMany(const QByteArray &owner, const QByteArray &firstKey, int locks,
                                     const AnomalyThresholds &t)
{
    Anomaly a = make(
        QStringLiteral("owner-holds-many"), firstKey, owner, true,
        [&] {
            return QCoreApplication::translate(
                       "AnomalyRules", "%1 holds %2 locks at once (above %3), %4 among them.")
                .arg(text(owner))
                .arg(locks)
                .arg(t.maxLocksPerOwner)
                .arg(text(firstKey));
        },
        0);
    a.id = a.rule + QLatin1Char(':') + QString::fromUtf8(owner);
    return a;
}

QList<Anomaly> AnomalyRules::evaluate(const std::vector<const KeyEntry *> &entries, qint64 nowUs,
                                      const AnomalyThresholds &t)
{
    QList<Anomaly> out;
    QHash<QByteArray, int> locksOf; // owner -> locks held
    for (const KeyEntry *e : entries) {
        out += forKey(*e, nowUs, t);
        if (t.maxLocksPerOwner > 0 && countsForOwner(*e))
            ++locksOf[e->lock.owner];
    }
    if (t.maxLocksPerOwner <= 0)
        return out;
    // In the order of each owner's first key, so the list is stable.
    QSet<QByteArray> reported;
    for (const KeyEntry *e : entries) {
        if (!countsForOwner(*e))
            continue;
        const QByteArray &owner = e->lock.owner;
        const int n = locksOf.value(owner);
        if (n <= t.maxLocksPerOwner || reported.contains(owner))
            continue;
        reported.insert(owner);
        out.append(ownerHoldsMany(owner, e->key, n, t));
    }
    return out;
}

} // namespace lockscope
