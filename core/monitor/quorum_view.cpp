#include "quorum_view.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <utility>

namespace lockscope {

namespace {

QString ownerText(const QByteArray &owner)
{
    return owner.isEmpty() ? QCoreApplication::translate("QuorumView", "(no owner)")
                           : QString::fromUtf8(owner);
}

QString ownersText(const KeyQuorum &q)
{
    QStringList parts;
    for (const auto &[owner, nodes] : q.owners())
        parts << QCoreApplication::translate("QuorumView", "%1 on %2")
                     .arg(ownerText(owner))
                     .arg(nodes);
    return parts.join(QStringLiteral(", "));
}

QString secondsText(qint64 us)
{
    return QString::number(double(us) / 1e6, 'f', 1);
}

} // namespace

// --- KeyQuorum ---------------------------------------------------------------------------------

QList<QPair<QByteArray, int>> KeyQuorum::owners() const
{
    std::map<QByteArray, int> counts;
    for (qsizetype i = 0; i < perNode.size(); ++i) {
        if (present.value(i))
            ++counts[perNode.at(i)];
    }
    QList<QPair<QByteArray, int>> list;
    for (const auto &[owner, n] : counts)
        list.append({owner, n});
    std::stable_sort(list.begin(), list.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    return list;
}

QString KeyQuorum::holderText() const
{
    if (!holder.isEmpty())
        return QCoreApplication::translate("QuorumView", "%1 holds the majority: %2 of %3 nodes")
            .arg(QString::fromUtf8(holder))
            .arg(holderNodes)
            .arg(nodeCount);
    if (presentNodes == 0)
        return QCoreApplication::translate("QuorumView", "on no node");
    return QCoreApplication::translate("QuorumView", "nobody holds the majority (%1 of %2 nodes)")
        .arg(ownersText(*this))
        .arg(nodeCount);
}

QString KeyQuorum::text(const QList<QByteArray> &nodeNames) const
{
    QStringList nodes;
    for (qsizetype i = 0; i < perNode.size(); ++i) {
        const QString who = present.value(i) ? ownerText(perNode.at(i)) : QStringLiteral("-");
        nodes << QStringLiteral("%1 %2").arg(QString::fromUtf8(nodeNames.value(i)), who);
    }
    return QStringLiteral("%1; %2").arg(holderText(), nodes.join(QStringLiteral(", ")));
}

QJsonObject KeyQuorum::toJson(const QList<QByteArray> &nodeNames) const
{
    QJsonArray nodes;
    for (qsizetype i = 0; i < perNode.size(); ++i) {
        nodes.append(QJsonObject{
            {QStringLiteral("node"), QString::fromUtf8(nodeNames.value(i))},
            {QStringLiteral("present"), present.value(i)},
            {QStringLiteral("owner"), present.value(i) && !perNode.at(i).isEmpty()
                                          ? QJsonValue(QString::fromUtf8(perNode.at(i)))
                                          : QJsonValue()},
        });
    }
    return QJsonObject{
        {QStringLiteral("holder"),
         holder.isEmpty() ? QJsonValue() : QJsonValue(QString::fromUtf8(holder))},
        {QStringLiteral("holder_nodes"), holderNodes},
        {QStringLiteral("present_nodes"), presentNodes},
        {QStringLiteral("nodes"), nodeCount},
        {QStringLiteral("majority"), nodeCount / 2 + 1},
        {QStringLiteral("per_node"), nodes},
    };
}

// --- QuorumFinding -----------------------------------------------------------------------------

QString QuorumFinding::id() const
{
    switch (kind) {
    case Kind::Split:
        return QStringLiteral("split");
    case Kind::QuorumLost:
        return QStringLiteral("quorum-lost");
    case Kind::ClockDrift:
        return QStringLiteral("clock-drift");
    }
    return {};
}

QString QuorumFinding::sentence() const
{
    const QString k = QString::fromUtf8(key), o = QString::fromUtf8(ownerName);
    switch (kind) {
    case Kind::Split:
        return QCoreApplication::translate(
                   "QuorumView",
                   "%1: no owner has held a majority of the %2 nodes for %3 s (%4): nobody holds "
                   "this Redlock, and whoever believes it does is wrong")
            .arg(k)
            .arg(state.nodeCount)
            .arg(secondsText(timeUs - sinceUs), ownersText(state));
    case Kind::QuorumLost:
        return QCoreApplication::translate(
                   "QuorumView",
                   "%1: %2 held the majority, but its keys expired or vanished on %3 node(s) and "
                   "it now holds %4 of %5 nodes: another owner can take the majority while %2 "
                   "may still believe it holds the lock")
            .arg(k, o)
            .arg(lostNodes)
            .arg(ownerNodes)
            .arg(state.nodeCount);
    case Kind::ClockDrift:
        return QCoreApplication::translate(
                   "QuorumView",
                   "%1: the token of %2 runs out %3 ms apart across its nodes, though it was set "
                   "within %4 ms: a node's clock runs fast or slow or jumped (or the nodes were "
                   "given different TTLs)")
            .arg(k, o)
            .arg(deadlineSpreadMs)
            .arg(acquireSpreadMs);
    }
    return {};
}

QJsonObject QuorumFinding::toJson() const
{
    return QJsonObject{
        {QStringLiteral("id"), id()},
        {QStringLiteral("time_us"), timeUs},
        {QStringLiteral("since_us"), sinceUs},
        {QStringLiteral("key"), QString::fromUtf8(key)},
        {QStringLiteral("owner"),
         ownerName.isEmpty() ? QJsonValue() : QJsonValue(QString::fromUtf8(ownerName))},
        {QStringLiteral("sentence"), sentence()},
    };
}

// --- QuorumView --------------------------------------------------------------------------------

QuorumView::QuorumView(QList<QByteArray> nodeNames, QuorumOptions options)
    : m_nodes(std::move(nodeNames))
    , m_options(options)
{}

int QuorumView::nodeOf(const Event &event, const EventLog &log) const
{
    if (event.node < 0)
        return -1;
    return int(m_nodes.indexOf(log.nodeName(event.node)));
}

void QuorumView::add(const Event &e, const EventLog &log)
{
    switch (e.kind) {
    case EventKind::KeyWritten:
    case EventKind::KeyTtlChanged:
    case EventKind::KeyDeleted:
    case EventKind::KeyExpired:
        break;
    default:
        return;
    }
    const int node = nodeOf(e, log);
    if (node < 0 || e.key == 0)
        return;
    const QByteArray key = log.strings().at(e.key);
    switch (e.kind) {
    case EventKind::KeyWritten:
        write(e.timeUs, node, key, e.owner == kNoClient ? QByteArray() : log.clientName(e.owner),
              e.owner, e.value);
        break;
    case EventKind::KeyTtlChanged:
        ttl(e.timeUs, node, key, e.value);
        break;
    case EventKind::KeyDeleted:
        remove(e.timeUs, node, key,
               e.value == kLostWithRestart || e.value == kLostWithFailover ? Gone::Lost
                                                                           : Gone::Released);
        break;
    case EventKind::KeyExpired:
        remove(e.timeUs, node, key, Gone::Expired);
        break;
    default:
        break;
    }
}

void QuorumView::set(qint64 tUs, int node, const QByteArray &key, const QByteArray &owner,
                     qint64 ttlMs, qint16 ownerIndex)
{
    if (node >= 0 && node < nodeCount())
        write(tUs, node, key, owner, ownerIndex, ttlMs);
}

void QuorumView::write(qint64 t, int node, const QByteArray &key, const QByteArray &owner,
                       qint16 index, qint64 ttlMs)
{
    KeyState &s = m_keys[key];
    if (s.copies.empty())
        s.copies.resize(std::size_t(nodeCount()));
    Slot &slot = s.copies[std::size_t(node)];
    const qint64 deadline = ttlMs >= 0 ? t + ttlMs * 1000 : -1;
    if (slot.present && slot.owner != owner) {
        // Taken over with no delete or expiry seen in between: the previous owner's key is
        // gone from this node all the same, and not by its own release.
        forget(s, slot, Gone::Expired);
    }
    // A new owner here, or the same one with a later deadline (it set or renewed the lease):
    // the lease starts now. Another write by the same owner (a hold count) keeps its start.
    if (!slot.present ||
        (deadline >= 0 && deadline > slot.deadlineUs + m_options.driftToleranceMs * 1000))
        slot.setUs = t;
    slot.present = true;
    slot.owner = owner;
    slot.ownerIndex = index;
    slot.deadlineUs = deadline;
    judge(t, key, s);
    judgeDrift(t, key, s, owner);
}

void QuorumView::ttl(qint64 t, int node, const QByteArray &key, qint64 ttlMs)
{
    const auto it = m_keys.find(key);
    if (it == m_keys.end())
        return;
    Slot &slot = it->second.copies[std::size_t(node)];
    if (!slot.present)
        return;
    const qint64 deadline = ttlMs >= 0 ? t + ttlMs * 1000 : -1;
    // The TTL went up: a renewal, the lease starts again now. Down (a re-read found less left
    // than counted): the node's clock runs faster, which is what clock-drift looks for.
    if (deadline >= 0 && slot.deadlineUs >= 0 &&
        deadline > slot.deadlineUs + m_options.driftToleranceMs * 1000)
        slot.setUs = t;
    slot.deadlineUs = deadline;
    judgeDrift(t, key, it->second, slot.owner);
}

void QuorumView::remove(qint64 t, int node, const QByteArray &key, Gone why)
{
    const auto it = m_keys.find(key);
    if (it == m_keys.end())
        return;
    KeyState &s = it->second;
    Slot &slot = s.copies[std::size_t(node)];
    if (!slot.present)
        return;
    forget(s, slot, why);
    judge(t, key, s);
}

void QuorumView::forget(KeyState &s, Slot &slot, Gone why)
{
    const QByteArray owner = slot.owner;
    slot = Slot();
    if (!s.lastHolder.isEmpty() && owner == s.lastHolder) {
        if (why == Gone::Released) {
            // The holder is unlocking, node after node: no loss, whatever it held.
            s.lastHolder.clear();
            s.lastHolderIndex = kNoClient;
            s.lostNodes = 0;
            s.lostSinceUs = -1;
            s.lostReported = false;
        } else {
            ++s.lostNodes;
        }
    }
    if (std::none_of(s.copies.begin(), s.copies.end(),
                     [&](const Slot &x) { return x.present && x.owner == owner; }))
        s.driftReported.erase(owner);
}

KeyQuorum QuorumView::stateOf(const QByteArray &key, const KeyState &s) const
{
    KeyQuorum q;
    q.key = key;
    q.nodeCount = nodeCount();
    QVarLengthArray<std::pair<QByteArray, qint64>, 8> copies; // owned copies (no time here)
    for (int i = 0; i < nodeCount(); ++i) {
        const Slot *slot = i < int(s.copies.size()) ? &s.copies[std::size_t(i)] : nullptr;
        const bool present = slot && slot->present;
        q.perNode.append(present ? slot->owner : QByteArray());
        q.present.append(present);
        if (present) {
            ++q.presentNodes;
            if (!slot->owner.isEmpty())
                copies.push_back({slot->owner, -1});
        }
    }
    if (const auto hold = majorityHold<QByteArray>(copies, majority())) {
        q.holder = hold->owner;
        q.holderNodes = hold->nodes;
    }
    return q;
}

void QuorumView::judge(qint64 t, const QByteArray &key, KeyState &s)
{
    const KeyQuorum q = stateOf(key, s);
    const int lastCount = s.lastHolder.isEmpty() ? 0 : int(q.perNode.count(s.lastHolder));
    const bool lastStillHere = !s.lastHolder.isEmpty() && lastCount > 0;
    if (!q.holder.isEmpty() && q.holder != s.lastHolder) {
        // Another owner took the majority while the last holder, having lost keys, still holds
        // some: that loss is certain now, whatever the grace.
        if (lastStillHere && s.lostNodes > 0 && !s.lostReported) {
            s.lostReported = true;
            QuorumFinding f;
            f.kind = QuorumFinding::Kind::QuorumLost;
            f.timeUs = t;
            f.sinceUs = s.lostSinceUs >= 0 ? s.lostSinceUs : t;
            f.key = key;
            f.owner = s.lastHolderIndex;
            f.ownerName = s.lastHolder;
            f.state = q;
            f.lostNodes = s.lostNodes;
            f.ownerNodes = lastCount;
            m_new.push_back(std::move(f));
        }
    }
    if (!q.holder.isEmpty()) {
        if (q.holder != s.lastHolder) {
            s.lastHolder = q.holder;
            s.lostNodes = 0; // counted from when it took the majority
            for (const Slot &slot : s.copies) {
                if (slot.present && slot.owner == q.holder)
                    s.lastHolderIndex = slot.ownerIndex;
            }
        }
        // Holding the majority (still, or again): no loss now.
        s.lostSinceUs = -1;
        s.lostReported = false;
    } else if (!s.lastHolder.isEmpty() && lastCount == 0) {
        // Its hold is over everywhere (expired or vanished on every node): no minority left
        // that could believe it holds the lock.
        s.lastHolder.clear();
        s.lastHolderIndex = kNoClient;
        s.lostNodes = 0;
        s.lostSinceUs = -1;
        s.lostReported = false;
    }
    const bool losing = q.holder.isEmpty() && !s.lastHolder.isEmpty() && lastCount > 0 &&
                        s.lostNodes > 0 && nodeCount() - lastCount >= majority();
    if (losing) {
        if (s.lostSinceUs < 0)
            s.lostSinceUs = t;
    } else {
        s.lostSinceUs = -1;
    }
    if (q.presentNodes >= 2)
        s.onSeveral = true;
    // A key that was never on two nodes at once is no Redlock's (a counter beside the lock, a
    // single-server lock matching the pattern): no split to speak of.
    if (q.presentNodes > 0 && q.holder.isEmpty() && s.onSeveral) {
        if (s.noMajoritySinceUs < 0)
            s.noMajoritySinceUs = t;
    } else {
        s.noMajoritySinceUs = -1;
        s.splitReported = false;
    }

    // What takeChanges() reports: the holder and who is on each node.
    QByteArray shown = q.holder + '\0';
    for (qsizetype i = 0; i < q.perNode.size(); ++i)
        shown += (q.present.at(i) ? '+' + q.perNode.at(i) : QByteArray("-")) + '\0';
    if (shown != s.shown) {
        s.shown = shown;
        m_changed.push_back(key);
    }

    if (s.noMajoritySinceUs >= 0 || s.lostSinceUs >= 0) {
        m_waiting.insert(key);
        judgeTime(t, key, s);
    } else {
        m_waiting.erase(key);
        if (q.presentNodes == 0)
            m_keys.erase(key); // `s` is gone from here on
    }
}

void QuorumView::judgeDrift(qint64 t, const QByteArray &key, KeyState &s, const QByteArray &owner)
{
    if (owner.isEmpty() || s.driftReported.count(owner))
        return;
    int n = 0;
    qint64 minSet = 0, maxSet = 0, minDeadline = 0, maxDeadline = 0;
    for (const Slot &slot : s.copies) {
        if (!slot.present || slot.owner != owner || slot.deadlineUs < 0)
            continue;
        if (n++ == 0) {
            minSet = maxSet = slot.setUs;
            minDeadline = maxDeadline = slot.deadlineUs;
            continue;
        }
        minSet = qMin(minSet, slot.setUs);
        maxSet = qMax(maxSet, slot.setUs);
        minDeadline = qMin(minDeadline, slot.deadlineUs);
        maxDeadline = qMax(maxDeadline, slot.deadlineUs);
    }
    if (n < 2)
        return;
    const qint64 acquire = maxSet - minSet, deadlines = maxDeadline - minDeadline;
    if (deadlines <= acquire + m_options.driftToleranceMs * 1000)
        return;
    s.driftReported.insert(owner);
    QuorumFinding f;
    f.kind = QuorumFinding::Kind::ClockDrift;
    f.timeUs = t;
    f.sinceUs = t;
    f.key = key;
    f.ownerName = owner;
    for (const Slot &slot : s.copies) {
        if (slot.present && slot.owner == owner)
            f.owner = slot.ownerIndex;
    }
    f.state = stateOf(key, s);
    f.deadlineSpreadMs = deadlines / 1000;
    f.acquireSpreadMs = acquire / 1000;
    m_new.push_back(std::move(f));
}

void QuorumView::judgeTime(qint64 now, const QByteArray &key, KeyState &s)
{
    const qint64 grace = m_options.graceMs * 1000;
    if (s.noMajoritySinceUs >= 0 && !s.splitReported && now - s.noMajoritySinceUs >= grace) {
        s.splitReported = true;
        QuorumFinding f;
        f.kind = QuorumFinding::Kind::Split;
        f.timeUs = now;
        f.sinceUs = s.noMajoritySinceUs;
        f.key = key;
        f.state = stateOf(key, s);
        const auto owners = f.state.owners();
        if (!owners.isEmpty()) {
            f.ownerName = owners.first().first;
            for (const Slot &slot : s.copies) {
                if (slot.present && slot.owner == f.ownerName)
                    f.owner = slot.ownerIndex;
            }
        }
        m_new.push_back(std::move(f));
    }
    if (s.lostSinceUs >= 0 && !s.lostReported && now - s.lostSinceUs >= grace) {
        s.lostReported = true;
        QuorumFinding f;
        f.kind = QuorumFinding::Kind::QuorumLost;
        f.timeUs = now;
        f.sinceUs = s.lostSinceUs;
        f.key = key;
        f.owner = s.lastHolderIndex;
        f.ownerName = s.lastHolder;
        f.state = stateOf(key, s);
        f.lostNodes = s.lostNodes;
        f.ownerNodes = int(f.state.perNode.count(s.lastHolder));
        m_new.push_back(std::move(f));
    }
    const bool splitWaits = s.noMajoritySinceUs >= 0 && !s.splitReported;
    const bool lossWaits = s.lostSinceUs >= 0 && !s.lostReported;
    if (!splitWaits && !lossWaits)
        m_waiting.erase(key);
}

void QuorumView::tick(qint64 nowUs)
{
    const std::vector<QByteArray> keys(m_waiting.begin(), m_waiting.end());
    for (const QByteArray &key : keys) {
        const auto it = m_keys.find(key);
        if (it == m_keys.end())
            m_waiting.erase(key);
        else
            judgeTime(nowUs, key, it->second);
    }
}

KeyQuorum QuorumView::of(const QByteArray &key) const
{
    const auto it = m_keys.find(key);
    if (it == m_keys.end()) {
        KeyQuorum q;
        q.key = key;
        q.nodeCount = nodeCount();
        for (int i = 0; i < nodeCount(); ++i) {
            q.perNode.append(QByteArray());
            q.present.append(false);
        }
        return q;
    }
    return stateOf(key, it->second);
}

std::vector<KeyQuorum> QuorumView::keys() const
{
    std::vector<KeyQuorum> list;
    list.reserve(m_keys.size());
    for (const auto &[key, s] : m_keys) {
        KeyQuorum q = stateOf(key, s);
        if (q.presentNodes > 0)
            list.push_back(std::move(q));
    }
    return list;
}

std::vector<KeyQuorum> QuorumView::takeChanges()
{
    std::vector<KeyQuorum> list;
    std::set<QByteArray> seen;
    // The newest state of each key, in the order keys first changed.
    for (const QByteArray &key : std::exchange(m_changed, {})) {
        if (seen.insert(key).second)
            list.push_back(of(key));
    }
    return list;
}

std::vector<QuorumFinding> QuorumView::takeNew()
{
    return std::exchange(m_new, {});
}

} // namespace lockscope
