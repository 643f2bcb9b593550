#include "anomaly_index.h"

#include <algorithm>
#include <iterator>

namespace lockscope {

namespace {

const QString &ownerRule()
{
    static const QString rule = QStringLiteral("owner-holds-many");
    return rule;
}

} // namespace

AnomalyIndex::AnomalyIndex(AnomalyThresholds thresholds)
    : m_thresholds(thresholds)
{}

void AnomalyIndex::clear()
{
    const bool report = m_reportAppeared;
    *this = AnomalyIndex(m_thresholds);
    m_reportAppeared = report;
}

void AnomalyIndex::addReserveSteps(qsizetype keys, Steps &steps)
{
    steps.push_back([this, keys] { m_keys.reserve(keys); });
    steps.push_back([this, keys] {
        m_owners.reserve(keys);
        reserveDeadlines(keys);
    });
}

void AnomalyIndex::reserveDeadlines(qsizetype keys)
{
    if (std::size_t(keys) > m_deadlines.size()) {
        // A priority_queue keeps its vector to itself: it is built again around a bigger one.
        std::vector<Deadline> heap;
        heap.reserve(std::size_t(keys));
        while (!m_deadlines.empty()) {
            heap.push_back(m_deadlines.top());
            m_deadlines.pop();
        }
        m_deadlines = decltype(m_deadlines)(std::greater<>(), std::move(heap));
    }
}

void AnomalyIndex::touch(const QByteArray &key)
{
    const qsizetype waiting = m_touchedSet.size();
    m_touchedSet.insert(key);
    if (m_touchedSet.size() != waiting)
        m_touched.push_back(key);
}

AnomalyIndex::Update AnomalyIndex::evaluate(qint64 nowUs, const Lookup &lookup, qsizetype maxKeys)
{
    m_nowUs = nowUs;
    Update update;
    // Keys whose answer time alone may have changed. A deadline replaced since it was pushed
    // is stale: the key's state holds the one that counts.
    while (!m_deadlines.empty() && m_deadlines.top().first <= nowUs) {
        const Deadline top = m_deadlines.top();
        m_deadlines.pop();
        const auto it = m_keys.constFind(top.second);
        if (it != m_keys.cend() && it->deadline == top.first)
            touch(top.second);
    }
    const std::size_t n =
        maxKeys < 0 ? m_touched.size() : std::min(m_touched.size(), std::size_t(maxKeys));
    std::vector<QByteArray> keys(std::make_move_iterator(m_touched.begin()),
                                 std::make_move_iterator(m_touched.begin() + std::ptrdiff_t(n)));
    m_touched.erase(m_touched.begin(), m_touched.begin() + std::ptrdiff_t(n));
    for (const QByteArray &key : keys)
        m_touchedSet.remove(key);
    // In key order, as the full evaluation lists them.
    std::sort(keys.begin(), keys.end(), BytesLess());
    QSet<QByteArray> owners;
    for (const QByteArray &key : keys)
        judgeKey(key, lookup(key), update, owners);
    QList<Anomaly> ownersAppeared;
    for (const QByteArray &owner : std::as_const(owners))
        judgeOwner(owner, update, ownersAppeared);
    // Owner rules after the key rules, in the order of each owner's first key.
    std::sort(ownersAppeared.begin(), ownersAppeared.end(),
              [](const Anomaly &a, const Anomaly &b) { return bytesLess(a.key, b.key); });
    update.appeared += ownersAppeared;
    return update;
}

void AnomalyIndex::judgeKey(const QByteArray &key, const KeyEntry *entry, Update &update,
                            QSet<QByteArray> &owners)
{
    // One look-up: the state is updated (or dropped) through the same iterator. Nothing below
    // adds to or removes from m_keys before then.
    const auto found = m_keys.find(key);
    const bool known = found != m_keys.end();
    const KeyState old = known ? std::move(found.value()) : KeyState();
    KeyState now;
    if (entry) {
        now.keyRules = AnomalyRules::rulesForKey(*entry, m_nowUs, m_thresholds);
        if (entry->lock.role == LockRole::Lock)
            now.owner = entry->lock.owner;
        now.counts = AnomalyRules::countsForOwner(*entry);
        now.deadline = AnomalyRules::nextChangeUs(*entry, m_nowUs, m_thresholds);
    }

    // The key goes into update.keys once, for whichever of its rules and its owner changed:
    // each listed key costs the caller a rules() and a compare.
    bool listed = false;
    if (now.keyRules != old.keyRules) {
        update.keys.append(key);
        listed = true;
        for (const QString &rule : old.keyRules)
            update.idsChanged = update.idsChanged || !now.keyRules.contains(rule);
        const bool anyNew =
            std::any_of(now.keyRules.cbegin(), now.keyRules.cend(),
                        [&](const QString &r) { return !old.keyRules.contains(r); });
        if (anyNew) {
            update.idsChanged = true;
            if (m_reportAppeared) {
                for (Anomaly &a : AnomalyRules::forKey(*entry, m_nowUs, m_thresholds)) {
                    if (!old.keyRules.contains(a.rule))
                        update.appeared.append(std::move(a));
                }
            }
        }
        m_keyAnomalies += now.keyRules.size() - old.keyRules.size();
        if (now.keyRules.isEmpty()) {
            --m_keysWithRules;
            m_firstWithRules.erase(key);
        } else if (old.keyRules.isEmpty()) {
            ++m_keysWithRules;
            keepIfFirst(key);
        }
    }

    if (now.owner != old.owner || now.counts != old.counts) {
        if (!listed)
            update.keys.append(key); // its owner-holds-many may come or go
        if (!old.owner.isEmpty()) {
            leaveOwner(key, old);
            owners.insert(old.owner);
        }
        if (!now.owner.isEmpty()) {
            OwnerState &o = m_owners[now.owner];
            o.tagged.insert(key);
            if (now.counts)
                o.counted.insert(key);
            owners.insert(now.owner);
        }
    }

    if (now.deadline >= 0 && now.deadline != old.deadline)
        m_deadlines.emplace(now.deadline, key);
    // Most keys of a big table have nothing to remember.
    if (now.keyRules.isEmpty() && now.owner.isEmpty() && now.deadline < 0) {
        if (known)
            m_keys.erase(found);
    } else if (known) {
        *found = std::move(now);
    } else {
        m_keys.emplace(key, std::move(now));
    }
}

void AnomalyIndex::leaveOwner(const QByteArray &key, const KeyState &state)
{
    const auto it = m_owners.find(state.owner);
    if (it == m_owners.end())
        return;
    it->tagged.erase(key);
    it->counted.erase(key);
}

void AnomalyIndex::judgeOwner(const QByteArray &owner, Update &update, QList<Anomaly> &appeared)
{
    const auto it = m_owners.find(owner);
    if (it == m_owners.end())
        return;
    OwnerState &o = it.value();
    const bool was = !o.listedAt.isNull();
    const bool is = m_thresholds.maxLocksPerOwner > 0 &&
                    qsizetype(o.counted.size()) > m_thresholds.maxLocksPerOwner;
    if (was) {
        // Its first key may have moved to an owner judged just before: that listing stays.
        const auto listed = m_listedOwners.find(o.listedAt);
        if (listed != m_listedOwners.end() && listed->second == owner)
            m_listedOwners.erase(listed);
    }
    o.listedAt = QByteArray();
    if (is) {
        // Never null, even for the empty key: null means "not listed".
        o.listedAt = *o.counted.begin();
        if (o.listedAt.isNull())
            o.listedAt = QByteArray("");
        m_listedOwners[o.listedAt] = owner;
    }
    if (is != was) {
        update.idsChanged = true;
        for (const QByteArray &key : o.tagged)
            update.keys.append(key);
        if (is && m_reportAppeared)
            appeared.append(AnomalyRules::ownerHoldsMany(owner, o.listedAt, int(o.counted.size()),
                                                         m_thresholds));
    }
    if (!is && o.counted.empty() && o.tagged.empty())
        m_owners.erase(it);
}

bool AnomalyIndex::ownerListed(const QByteArray &owner) const
{
    const auto it = m_owners.constFind(owner);
    return it != m_owners.cend() && !it->listedAt.isNull();
}

void AnomalyIndex::keepIfFirst(const QByteArray &key)
{
    // It joins the first keys when it sorts before the last of them, or when they are all the
    // keys there are; either way they stay the smallest.
    const bool holdsAll = qsizetype(m_firstWithRules.size()) + 1 == m_keysWithRules;
    if (!holdsAll && (m_firstWithRules.empty() || !bytesLess(key, *m_firstWithRules.rbegin())))
        return;
    m_firstWithRules.insert(key);
    if (m_firstWithRules.size() > kFirstKept)
        m_firstWithRules.erase(std::prev(m_firstWithRules.end()));
}

std::vector<QByteArray> AnomalyIndex::keysWithRulesInOrder(qsizetype wanted) const
{
    const std::size_t all = std::size_t(m_keysWithRules);
    if (wanted >= 0 &&
        (m_firstWithRules.size() >= std::size_t(wanted) || m_firstWithRules.size() == all))
        return {m_firstWithRules.cbegin(), m_firstWithRules.cend()};
    // Every key, sorted; the first of them are kept again (keys that left had thinned them).
    std::vector<QByteArray> keys;
    keys.reserve(all);
    for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
        if (!it->keyRules.isEmpty())
            keys.push_back(it.key());
    }
    std::sort(keys.begin(), keys.end(), BytesLess());
    m_firstWithRules.clear();
    m_firstWithRules.insert(keys.cbegin(),
                            keys.cbegin() + std::ptrdiff_t(std::min(all, kFirstKept)));
    return keys;
}

QStringList AnomalyIndex::rules(const QByteArray &key) const
{
    const auto state = m_keys.constFind(key);
    if (state == m_keys.cend())
        return {};
    QStringList out = state->keyRules;
    if (!state->owner.isEmpty() && ownerListed(state->owner))
        out.append(ownerRule());
    return out;
}

qsizetype AnomalyIndex::count() const
{
    return m_keyAnomalies + qsizetype(m_listedOwners.size());
}

QList<Anomaly> AnomalyIndex::anomalies(const Lookup &lookup, qsizetype limit) const
{
    QList<Anomaly> out;
    auto full = [&] { return limit >= 0 && out.size() >= limit; };
    const auto keysAnomalies = [&](const std::vector<QByteArray> &keys) {
        for (auto it = keys.cbegin(); it != keys.cend() && !full(); ++it) {
            const KeyEntry *entry = lookup(*it);
            if (!entry)
                continue; // it left the table after the last evaluate()
            const QStringList &rules = m_keys.constFind(*it)->keyRules;
            for (Anomaly &a : AnomalyRules::forKey(*entry, m_nowUs, m_thresholds)) {
                if (rules.contains(a.rule))
                    out.append(std::move(a));
            }
        }
    };
    const std::vector<QByteArray> first = keysWithRulesInOrder(limit);
    keysAnomalies(first);
    if (!full() && first.size() < std::size_t(m_keysWithRules)) {
        // Keys that left the table took places among the first: all of them, in order.
        out.clear();
        keysAnomalies(keysWithRulesInOrder(-1));
    }
    for (auto it = m_listedOwners.cbegin(); it != m_listedOwners.cend() && !full(); ++it) {
        const int locks = int(m_owners.constFind(it->second)->counted.size());
        out.append(AnomalyRules::ownerHoldsMany(it->second, it->first, locks, m_thresholds));
    }
    if (limit >= 0 && out.size() > limit)
        out.resize(limit);
    return out;
}

QList<Anomaly> AnomalyIndex::anomaliesOf(const QByteArray &key, const Lookup &lookup) const
{
    QList<Anomaly> out;
    const auto own = m_keys.constFind(key);
    const KeyEntry *entry = lookup(key);
    if (own != m_keys.cend() && !own->keyRules.isEmpty() && entry) {
        for (Anomaly &a : AnomalyRules::forKey(*entry, m_nowUs, m_thresholds)) {
            if (own->keyRules.contains(a.rule))
                out.append(std::move(a));
        }
    }
    const auto owner = m_listedOwners.find(key);
    if (owner != m_listedOwners.end()) {
        const int locks = int(m_owners.constFind(owner->second)->counted.size());
        out.append(AnomalyRules::ownerHoldsMany(owner->second, key, locks, m_thresholds));
    }
    return out;
}

} // namespace lockscope
