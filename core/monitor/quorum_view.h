// A Redlock deployment seen as one: N independent Redis servers, each holding its own copy of a
// lock key, and a lock that is held when one owner's token is on a majority of them. For every
// key this says which owner holds it on which node, who holds the quorum (floor(N/2) + 1 nodes)
// and when nobody does, and it makes the findings those facts support:
//
//   split        the key exists on some nodes and no owner holds a majority of them, for
//                longer than graceMs (a Redlock client sets, and deletes, the nodes one after
//                another: a few ms without a majority are every acquisition's and release's).
//                Only a key that was on two nodes or more at once: one that only ever lives on
//                one node (a counter matching the pattern, a failed attempt's leftover that
//                nobody holds) is not a split lock
//   quorum-lost  an owner that held the majority still holds a minority after its keys expired
//                or vanished (a restart without persistence) on others, for longer than graceMs,
//                and enough nodes are free or another's for a second owner to take the
//                majority: two owners can both believe they hold the lock. A release is no
//                loss: an owner deleting its keys one after another is unlocking
//   clock-drift  one owner's token on several nodes with deadlines (the time of the read plus
//                the TTL read) further apart than the times it was set or renewed there, by
//                more than driftToleranceMs (the monitor's own reading error): the same PX
//                gave different leases, so a node's clock runs at another speed, jumped, or the
//                client set them differently
//
// Pure: fed the events of a monitor recording (monitor_recorder.h; key events name their node)
// or a snapshot of the nodes' tables, with times given; nothing here reads a clock. Each
// finding is made once per episode (the same split, the same loss, the same token).
#pragma once

#include "events/event_log.h"
#include "monitor_options.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVarLengthArray>

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace lockscope {

// Redlock's rule, one definition for the monitor's quorum view and the History's majority lane:
// of one key's copies on the nodes, the owner whose copies are on `majority` nodes or more, and
// the lease that majority has left: the majority-th longest TTL left of its copies (when that
// copy runs out, the owner is a minority). A copy without a TTL counts as the longest; a lease
// of -1 is a majority without TTL.
template <typename Owner> struct MajorityHold {
    Owner owner{};
    int nodes = 0;
    qint64 leaseLeftMs = -1;
};

// `copies`: pairs of (owner, TTL left in ms or -1), one per node where the key exists with an
// owner. nullopt: nobody holds a majority.
template <typename Owner, typename Copies>
std::optional<MajorityHold<Owner>> majorityHold(const Copies &copies, int majority)
{
    for (const auto &[owner, unused] : copies) {
        QVarLengthArray<qint64, 8> ttls; // this owner's copies, longest first
        for (const auto &[other, left] : copies) {
            if (other == owner)
                ttls.push_back(left < 0 ? std::numeric_limits<qint64>::max() : left);
        }
        if (ttls.size() < majority)
            continue;
        std::sort(ttls.begin(), ttls.end(), std::greater<>());
        const qint64 m = ttls[majority - 1];
        return MajorityHold<Owner>{owner, int(ttls.size()),
                                   m == std::numeric_limits<qint64>::max() ? -1 : m};
    }
    return std::nullopt;
}

// Who holds one key on the nodes, at one moment.
struct KeyQuorum {
    QByteArray key;
    QList<QByteArray> perNode; // the owner on each node, in node order; "" where the key is not
    QList<bool> present;       // the key exists on that node (owner "" but present: no owner)
    QByteArray holder;         // the owner on a majority of the nodes; "" when nobody
    int holderNodes = 0;       // on how many
    int presentNodes = 0;      // nodes where the key exists
    int nodeCount = 0;

    // Owners and on how many nodes each, most nodes first, then by name.
    QList<QPair<QByteArray, int>> owners() const;
    // "A on 3 of 3 nodes" / "nobody holds a majority (A on 1, B on 1 of 3 nodes)".
    QString holderText() const;
    // holderText() and the nodes: "...; 127.0.0.1:7621 A, 127.0.0.1:7622 -, ...".
    QString text(const QList<QByteArray> &nodeNames) const;
    QJsonObject toJson(const QList<QByteArray> &nodeNames) const;
};

struct QuorumFinding {
    enum class Kind : quint8 { Split, QuorumLost, ClockDrift };
    Kind kind = Kind::Split;
    qint64 timeUs = 0;  // when it was judged
    qint64 sinceUs = 0; // since when it held
    QByteArray key;
    qint16 owner = kNoClient;    // the owner concerned (the log's client index), when known
    QByteArray ownerName;        // quorum-lost: who lost it; clock-drift: whose token
    KeyQuorum state;             // the key at timeUs
    int lostNodes = 0;           // quorum-lost: its keys that expired or vanished
    int ownerNodes = 0;          // quorum-lost: the nodes it still holds
    qint64 deadlineSpreadMs = 0; // clock-drift
    qint64 acquireSpreadMs = 0;  // clock-drift

    QString id() const; // "split", "quorum-lost", "clock-drift"
    QString sentence() const;
    QJsonObject toJson() const;
};

class QuorumView {
public:
    explicit QuorumView(QList<QByteArray> nodeNames, QuorumOptions options = {});

    int nodeCount() const { return int(m_nodes.size()); }
    int majority() const { return nodeCount() / 2 + 1; }
    const QList<QByteArray> &nodeNames() const { return m_nodes; }

    // One event of a recording, its strings read from `log` now. Events of nodes not named in
    // the constructor are ignored.
    void add(const Event &event, const EventLog &log);
    // A snapshot's row: the key on node `node` (index in nodeNames), its owner ("" for none)
    // and TTL (-1 none), read at tUs.
    void set(qint64 tUs, int node, const QByteArray &key, const QByteArray &owner, qint64 ttlMs,
             qint16 ownerIndex = kNoClient);
    // Time alone: splits and losses that have lasted graceMs by nowUs become findings.
    void tick(qint64 nowUs);

    KeyQuorum of(const QByteArray &key) const;
    std::vector<KeyQuorum> keys() const; // every key present on some node, by key

    // Keys whose quorum (holder, its node count, or the nodes holding the key) changed since
    // the last call, with their new state, in the order they changed.
    std::vector<KeyQuorum> takeChanges();
    // The findings made since the last call, in the order they were made.
    std::vector<QuorumFinding> takeNew();
    bool hasNew() const { return !m_new.empty(); }
    bool hasChanges() const { return !m_changed.empty(); }

private:
    enum class Gone : quint8 { Released, Expired, Lost };
    struct Slot {
        bool present = false;
        QByteArray owner;
        qint16 ownerIndex = kNoClient;
        qint64 setUs = 0;       // when this owner set or last renewed it here
        qint64 deadlineUs = -1; // when it runs out here (-1: no TTL)
    };
    struct KeyState {
        std::vector<Slot> copies;
        QByteArray lastHolder; // the owner that held the majority last (its hold goes on)
        qint16 lastHolderIndex = kNoClient;
        int lostNodes = 0;      // lastHolder's keys that expired or vanished since
        bool onSeveral = false; // it was on two nodes or more at once (since it was on none)
        qint64 noMajoritySinceUs = -1;
        bool splitReported = false;
        qint64 lostSinceUs = -1;
        bool lostReported = false;
        std::set<QByteArray> driftReported; // owners whose token drifted (while it lasts)
        QByteArray shown;                   // the state last reported by takeChanges()
    };

    void write(qint64 t, int node, const QByteArray &key, const QByteArray &owner, qint16 index,
               qint64 ttlMs);
    void ttl(qint64 t, int node, const QByteArray &key, qint64 ttlMs);
    void remove(qint64 t, int node, const QByteArray &key, Gone why);
    // Empties a slot, and counts it against the last majority holder unless released.
    void forget(KeyState &s, Slot &slot, Gone why);
    void judge(qint64 t, const QByteArray &key, KeyState &s);
    void judgeDrift(qint64 t, const QByteArray &key, KeyState &s, const QByteArray &owner);
    void judgeTime(qint64 now, const QByteArray &key, KeyState &s);
    KeyQuorum stateOf(const QByteArray &key, const KeyState &s) const;
    int nodeOf(const Event &event, const EventLog &log) const;

    QList<QByteArray> m_nodes;
    QuorumOptions m_options;
    std::map<QByteArray, KeyState> m_keys;
    std::set<QByteArray> m_waiting; // keys with a split or loss not judged yet
    std::vector<QuorumFinding> m_new;
    std::vector<QByteArray> m_changed;
};

} // namespace lockscope
