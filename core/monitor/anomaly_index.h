// The anomalies of a key table kept current incrementally, with exactly the answers of
// AnomalyRules::evaluate() over the whole table, for a table of a million keys.
//
// A full evaluation judges every key every second; over 100,000 lock keys one pass takes
// longer than the second. Here a key is judged again only when it changed (touch()) or when
// time alone can change its answer (AnomalyRules::nextChangeUs(), kept in a min-heap of
// deadlines), and each owner's lock count is kept as keys come, change and go. Sentences are
// written when asked for (anomalies()), at the instant of the last evaluate().
#pragma once

#include "anomaly_rules.h"
#include "util/byte_order.h"
#include "util/steps_in_turns.h"

#include <QHash>
#include <QSet>

#include <deque>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <vector>

namespace lockscope {

class AnomalyIndex {
public:
    // The table's entry of a key, or nullptr when it is not in the table (any more).
    using Lookup = std::function<const KeyEntry *(const QByteArray &key)>;

    struct Update {
        QList<Anomaly> appeared; // new ids, in evaluate()'s order, with their sentences
        QList<QByteArray> keys;  // keys whose rules() may have changed
        bool idsChanged = false; // an id appeared or went
    };

    explicit AnomalyIndex(AnomalyThresholds thresholds = {});

    void clear();
    // Whether evaluate() lists what appeared, with sentences (Update::appeared; on by default).
    // A one-shot snapshot keeps no history and never reads them: writing a sentence for each of
    // 100,000 keys with a long TTL was a third of its time.
    void setReportAppeared(bool on) { m_reportAppeared = on; }
    // The key appeared, changed or left the table: judge it again at the next evaluate().
    void touch(const QByteArray &key);
    // Judges the touched keys and those whose deadline passed, at nowUs, in key order. With
    // maxKeys >= 0, at most that many (those waiting longest; the rest wait for the next call):
    // a window judges a scan's hundred thousand new keys in slices short enough not to freeze
    // it.
    Update evaluate(qint64 nowUs, const Lookup &lookup, qsizetype maxKeys = -1);
    // Keys waiting to be judged (touched, or left over by a capped evaluate()).
    bool hasWaiting() const { return !m_touched.empty(); }
    // Or, besides those, a key whose deadline is due at nowUs (an evaluate() then judges it).
    bool hasWaiting(qint64 nowUs) const
    {
        return hasWaiting() || (!m_deadlines.empty() && m_deadlines.top().first <= nowUs);
    }
    // Room for `keys` keys (and as many owners and deadlines at most), so that a big scan
    // does not rehash, nor move half a million deadlines (19 ms) when their heap doubles: one
    // hash per step (util/steps_in_turns.h).
    void addReserveSteps(qsizetype keys, Steps &steps);

    // As of the last evaluate(): the rule ids of a key (its own, then owner-holds-many), as
    // the full evaluation lists them for KeyEntry::anomalies.
    QStringList rules(const QByteArray &key) const;
    qsizetype count() const;
    // AnomalyRules::evaluate()'s list at the last evaluate()'s instant (the first `limit`
    // anomalies when limit >= 0), sentences written now from the entries.
    QList<Anomaly> anomalies(const Lookup &lookup, qsizetype limit = -1) const;
    // The anomalies whose key is `key` (what a key's details show).
    QList<Anomaly> anomaliesOf(const QByteArray &key, const Lookup &lookup) const;

private:
    void reserveDeadlines(qsizetype keys);
    struct KeyState {
        QStringList keyRules; // AnomalyRules::rulesForKey
        QByteArray owner;     // the lock's owner (empty: none, or not a lock)
        bool counts = false;  // AnomalyRules::countsForOwner
        qint64 deadline = -1; // AnomalyRules::nextChangeUs
    };
    struct OwnerState {
        std::set<QByteArray, BytesLess> counted; // keys counted for owner-holds-many, in key order
        std::set<QByteArray, BytesLess>
            tagged;          // every lock key with this owner (they carry the rule)
        QByteArray listedAt; // its first counted key while it is an anomaly
    };
    using Deadline = std::pair<qint64, QByteArray>;

    void judgeKey(const QByteArray &key, const KeyEntry *entry, Update &update,
                  QSet<QByteArray> &owners);
    void judgeOwner(const QByteArray &owner, Update &update, QList<Anomaly> &appeared);
    void leaveOwner(const QByteArray &key, const KeyState &state);
    bool ownerListed(const QByteArray &owner) const;
    void keepIfFirst(const QByteArray &key); // just given rules of its own
    // The keys with rules in key order: the first `wanted` at least (all when wanted < 0 or
    // when fewer are kept first), from m_firstWithRules when it has them.
    std::vector<QByteArray> keysWithRulesInOrder(qsizetype wanted) const;

    AnomalyThresholds m_thresholds;
    bool m_reportAppeared = true;
    qint64 m_nowUs = 0;
    QHash<QByteArray, KeyState> m_keys; // every key judged, while in the table
    qsizetype m_keysWithRules = 0;      // those with rules of their own (KeyState::keyRules)
    // The first keys with rules in key order, at most kFirstKept of them: always the
    // smallest ones (a prefix of the order; a key that leaves takes nothing from that). The list
    // of anomalies writes its first few hundred from here. An ordered map of every key with a
    // rule cost a walk of byte compares per new key, a tenth of a window's time taking in a
    // snapshot of a million lock keys.
    static constexpr std::size_t kFirstKept = 2048;
    mutable std::set<QByteArray, BytesLess> m_firstWithRules;
    qsizetype m_keyAnomalies = 0; // their rules, counted
    QHash<QByteArray, OwnerState> m_owners;
    std::map<QByteArray, QByteArray, BytesLess>
        m_listedOwners; // first counted key -> owner, in list order
    // Keys waiting to be judged, in the order first touched, each once. An ordered set cost a
    // walk of byte compares per touch: a tenth of the window's time taking in a snapshot of a
    // million lock keys, whose backlog of touched keys runs into the hundreds of thousands.
    std::deque<QByteArray> m_touched;
    QSet<QByteArray> m_touchedSet;
    std::priority_queue<Deadline, std::vector<Deadline>, std::greater<>> m_deadlines;
};

} // namespace lockscope
