#include "lease_rhythm.h"

#include "util/nearest_rank.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <deque>
#include <limits>

namespace lockscope {

namespace {

// The holder of a key as the recording goes, and where its lease stands.
struct Hold {
    qint16 owner = kNoClient;
    qint64 startUs = 0;
    bool startKnown = false; // acquired in the recording (not present at its start)
    qint64 leaseMs = 0;      // the TTL it was set or last renewed with, as first read
    qint64 leaseEndUs = -1;  // when the lease runs out as of the last write or renewal
    bool marginKnown = true; // false after a gap: the lease's end may have moved unseen
    qint64 lastRenewUs = 0;
    qint64 lastMarginMs = -1;
    int renewals = 0;
    bool endlessFlagged = false;
};

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', ms < 10000 ? 2 : 1);
}

// The whole analysis, one event at a time (LeaseRhythm), or over a log (analyzeLeases()).
class Analyzer {
public:
    Analyzer(const LeaseOptions &options, bool bounded)
        : m_options(options)
        , m_bounded(bounded)
    {}

    void addReserveSteps(qsizetype keys, Steps &steps)
    {
        steps.push_back([this, keys] { m_holds.reserve(keys); });
        steps.push_back([this, keys] { m_stats.reserve(keys); });
    }

    void add(const Event &e, const EventLog &log)
    {
        m_log = &log;
        add(e);
    }

    LeaseReport report() const
    {
        LeaseReport report;
        report.stats.reserve(m_statCount);
        for (const std::vector<LeaseStats> &ofKey : m_stats)
            report.stats.insert(report.stats.end(), ofKey.begin(), ofKey.end());
        // By key in byte order, then owner: the report's order does not depend on a hash.
        std::sort(report.stats.begin(), report.stats.end(),
                  [](const LeaseStats &a, const LeaseStats &b) {
                      const int c = a.key.compare(b.key);
                      return c != 0 ? c < 0 : a.owner < b.owner;
                  });
        report.findings = m_findings;
        std::stable_sort(
            report.findings.begin(), report.findings.end(),
            [](const LeaseFinding &a, const LeaseFinding &b) { return a.timeUs < b.timeUs; });
        return report;
    }

    bool hasNew() const { return !m_fresh.empty(); }

    LeaseRhythm::Footprint footprint() const
    {
        LeaseRhythm::Footprint f;
        f.holds = std::size_t(m_holds.size());
        f.stats = m_statCount;
        f.keyHistories = std::size_t(m_longestHold.size());
        f.awaitingOwners = std::size_t(m_awaitingEvidence.size());
        f.findings = m_findings.size();
        f.boundPasses = m_boundPasses;
        f.boundLooks = m_boundLooks;
        for (const std::vector<LeaseStats> &ofKey : m_stats) {
            for (const LeaseStats &st : ofKey)
                f.largestSeries =
                    std::max({f.largestSeries, st.holdMs.values.size(),
                              st.renewalIntervalMs.values.size(), st.marginMs.values.size()});
        }
        return f;
    }

    std::vector<LeaseFinding> takeNew()
    {
        std::vector<LeaseFinding> out;
        for (const quint64 n : m_fresh) {
            if (n >= m_findingBase)
                out.push_back(m_findings[std::size_t(n - m_findingBase)]);
        }
        m_fresh.clear();
        return out;
    }

private:
    const QByteArray &text(quint32 id) const { return m_log->strings().at(id); }

    LeaseStats &statsOf(const QByteArray &key, qint16 owner)
    {
        std::vector<LeaseStats> &ofKey = m_stats[key];
        for (LeaseStats &s : ofKey) {
            if (s.owner == owner)
                return s;
        }
        LeaseStats &s = ofKey.emplace_back();
        ++m_statCount;
        s.key = key;
        s.owner = owner;
        s.ownerName = m_log->clientName(owner);
        return s;
    }

    LeaseFinding finding(LeaseFinding::Kind kind, qint64 t, const QByteArray &key, const Hold &h)
    {
        LeaseFinding f;
        f.kind = kind;
        f.timeUs = t;
        f.key = key;
        f.owner = h.owner;
        f.ownerName = m_log->clientName(h.owner);
        f.leaseMs = h.leaseMs;
        f.holdMs = h.startKnown ? (t - h.startUs) / 1000 : -1;
        return f;
    }

    // An owner seen doing something: the evidence that an earlier expiry of its lease
    // happened while it was alive. `what` ("renewed %1", marked for translation) is only made
    // into a sentence for such an expiry: this runs for most events a monitor records.
    void seen(qint16 owner, qint64 t, const QByteArray &key, const char *what)
    {
        if (owner < 0)
            return;
        const auto it = m_awaitingEvidence.find(owner);
        if (it == m_awaitingEvidence.end())
            return;
        for (const quint64 n : *it) {
            if (n < m_findingBase)
                continue; // let go already (bounded)
            LeaseFinding &f = m_findings[std::size_t(n - m_findingBase)];
            if (t <= f.timeUs)
                continue;
            m_fresh.push_back(n);
            f.kind = LeaseFinding::Kind::RanOutUnderLiveHolder;
            f.evidenceUs = t;
            f.evidenceKey = key;
            f.evidence =
                QCoreApplication::translate("LeaseRhythm", what).arg(QString::fromUtf8(key));
        }
        m_awaitingEvidence.erase(it);
    }

    void keep(LeaseFinding f)
    {
        m_fresh.push_back(m_findingBase + m_findings.size());
        m_findings.push_back(std::move(f));
        if (m_bounded && m_findings.size() > LeaseRhythm::kMaxFindings) {
            const std::size_t drop = LeaseRhythm::kMaxFindings / 2;
            m_findings.erase(m_findings.begin(), m_findings.begin() + std::ptrdiff_t(drop));
            m_findingBase += drop;
            // Owners whose findings went are no longer watched: with a token per acquisition
            // (redis-py, node-redlock) an owner whose lease ran out is never seen again.
            for (auto it = m_awaitingEvidence.begin(); it != m_awaitingEvidence.end();) {
                std::erase_if(*it, [this](quint64 n) { return n < m_findingBase; });
                it = it->empty() ? m_awaitingEvidence.erase(it) : std::next(it);
            }
        }
    }

    void push(LeaseSeries &series, qint64 value)
    {
        // Bounded, a full series grows to exactly one value over its bound (not to the next
        // doubling) before its older half goes.
        if (m_bounded && series.values.size() == LeaseRhythm::kMaxSeriesValues)
            series.values.reserve(LeaseRhythm::kMaxSeriesValues + 1);
        series.values.push_back(value);
        if (m_bounded && series.values.size() > LeaseRhythm::kMaxSeriesValues)
            series.values.erase(series.values.begin(),
                                series.values.begin() +
                                    std::ptrdiff_t(LeaseRhythm::kMaxSeriesValues / 2));
    }

    // Live, a monitor sees keys come and go for days: the figures of keys nobody holds now
    // are let go when there are too many, those released longest ago first. Keys held now keep
    // theirs, so a server with more held keys than the bound (the first snapshot of 100,000
    // locks) cannot be brought under it: while that lasts, the next pass waits until the
    // figures have grown by half. A pass looks only at keys released since they were last
    // looked at (m_released), never at all the figures: walking them all on every new hold
    // made such a snapshot quadratic (50,000 locks: 160 s in the window, not 1.6 s), and even
    // O(log n) walks held the window for 50 ms each at 100,000 held keys.
    void boundStats()
    {
        const auto tracked = [this] {
            return std::max(m_statCount, std::size_t(m_longestHold.size()));
        };
        if (!m_bounded || tracked() <= m_nextBoundAt)
            return;
        ++m_boundPasses;
        const std::size_t keep = LeaseRhythm::kMaxTracked * 3 / 4;
        while (tracked() > keep && !m_released.empty()) {
            const QByteArray key = std::move(m_released.front());
            m_released.pop_front();
            m_releasedSet.remove(key);
            ++m_boundLooks;
            if (m_holds.contains(key))
                continue; // held again since: it keeps its figures
            const auto it = m_stats.find(key);
            if (it != m_stats.end()) {
                m_statCount -= it->size();
                m_stats.erase(it);
            }
            // A key's ended holds (for renewed-without-end) go with its figures.
            m_longestHold.remove(key);
            m_endedHolds.remove(key);
        }
        // Brought down to `keep`: the bound again (a pass per quarter of the bound). Held keys
        // kept it above: half as many again as what is left.
        const std::size_t left = tracked();
        m_nextBoundAt = left <= keep ? LeaseRhythm::kMaxTracked
                                     : std::max(LeaseRhythm::kMaxTracked, left + left / 2);
    }

    void startHold(qint64 t, const QByteArray &key, qint16 owner, qint64 ttlMs)
    {
        Hold h;
        h.owner = owner;
        h.startUs = t;
        h.lastRenewUs = t;
        if (ttlMs > 0) {
            h.leaseMs = ttlMs;
            h.leaseEndUs = t + ttlMs * 1000;
        }
        LeaseStats &s = statsOf(key, owner);
        ++s.holds;
        s.leaseMs = qMax(s.leaseMs, h.leaseMs);
        m_holds.insert(key, h);
        boundStats();
    }

    enum class End { TakenOver, Released, Expired, Lost };
    void endHold(qint64 t, const QByteArray &key, End how)
    {
        const auto it = m_holds.find(key);
        if (it == m_holds.end())
            return;
        const Hold h = *it;
        m_holds.erase(it);
        if (m_bounded && !m_releasedSet.contains(key)) {
            m_releasedSet.insert(key);
            m_released.push_back(key);
        }
        LeaseStats &s = statsOf(key, h.owner);
        if (how == End::Released)
            ++s.released;
        else if (how == End::Expired)
            ++s.expired;
        else if (how == End::Lost)
            ++s.lost;
        if (h.startKnown) {
            const qint64 ms = (t - h.startUs) / 1000;
            push(s.holdMs, ms);
            qint64 &longest = m_longestHold[key];
            longest = qMax(longest, ms);
            ++m_endedHolds[key];
        }
        if (how == End::Released && h.leaseEndUs >= 0 && h.marginKnown)
            push(s.marginMs, (h.leaseEndUs - t) / 1000);
        if (how != End::Expired || h.owner < 0)
            return;
        // A lease whose end fell while the monitor was blind may have been released unseen.
        if (m_blind || (h.leaseEndUs >= m_gapStartUs && h.leaseEndUs <= m_gapEndUs))
            return;
        LeaseFinding f = finding(LeaseFinding::Kind::ExpiredNotReleased, t, key, h);
        f.marginMs = h.lastMarginMs;
        m_awaitingEvidence[h.owner].push_back(m_findingBase + m_findings.size());
        keep(std::move(f));
    }

    void renewed(qint64 t, const QByteArray &key, qint16 owner, qint64 ttlMs)
    {
        const auto it = m_holds.find(key);
        if (it == m_holds.end() || it->owner != owner)
            return;
        Hold &h = *it;
        LeaseStats &s = statsOf(key, owner);
        push(s.renewalIntervalMs, (t - h.lastRenewUs) / 1000);
        if (h.leaseEndUs >= 0 && h.marginKnown && !m_blind) {
            const qint64 margin = (h.leaseEndUs - t) / 1000;
            push(s.marginMs, margin);
            h.lastMarginMs = margin;
            if (margin < m_options.lateThresholdMs(h.leaseMs)) {
                LeaseFinding f = finding(LeaseFinding::Kind::LateRenewal, t, key, h);
                f.marginMs = margin;
                keep(std::move(f));
            }
        }
        h.marginKnown = true;
        h.lastRenewUs = t;
        ++h.renewals;
        if (ttlMs > 0) {
            h.leaseMs = ttlMs;
            h.leaseEndUs = t + ttlMs * 1000;
            s.leaseMs = qMax(s.leaseMs, ttlMs);
        }
        if (!h.endlessFlagged && h.startKnown && h.renewals >= m_options.endlessMinRenewals &&
            m_endedHolds.value(key) >= m_options.endlessMinOtherHolds) {
            const qint64 longest = m_longestHold.value(key);
            const qint64 held = (t - h.startUs) / 1000;
            if (longest > 0 && double(held) >= m_options.endlessFactor * double(longest)) {
                h.endlessFlagged = true;
                LeaseFinding f = finding(LeaseFinding::Kind::RenewedWithoutEnd, t, key, h);
                f.marginMs = longest; // the longest other hold, for the sentence
                f.evidence = QString::number(h.renewals);
                keep(std::move(f));
            }
        }
    }

    void add(const Event &e)
    {
        const qint64 t = e.timeUs;
        switch (e.kind) {
        case EventKind::KeyWritten: {
            const QByteArray &key = text(e.key);
            if (e.owner < 0) { // a value nobody is known to own (or not read in time)
                endHold(t, key, End::TakenOver);
                return;
            }
            seen(e.owner, t, key, QT_TRANSLATE_NOOP("LeaseRhythm", "wrote %1"));
            const auto it = m_holds.find(key);
            if (it != m_holds.end() && it->owner == e.owner) {
                if (e.value > 0) { // set again by its holder (a reentrant acquire)
                    it->leaseEndUs = t + e.value * 1000;
                    it->leaseMs = qMax(it->leaseMs, e.value);
                }
                return;
            }
            endHold(t, key, End::TakenOver);
            startHold(t, key, e.owner, e.value);
            return;
        }
        case EventKind::Acquired: {
            const QByteArray &key = text(e.key);
            const auto it = m_holds.find(key);
            if (it != m_holds.end() && it->owner == e.client)
                it->startKnown = true;
            seen(e.client, t, key, QT_TRANSLATE_NOOP("LeaseRhythm", "acquired %1"));
            return;
        }
        case EventKind::KeyTtlChanged: {
            // A renewal is KeyTtlChanged + Renewed (handled there); a TTL that went down, or
            // was removed, moves the lease's end here.
            const auto it = m_holds.find(text(e.key));
            if (it == m_holds.end())
                return;
            const qint64 end = e.value < 0 ? -1 : t + e.value * 1000;
            if (end < 0 || end <= it->leaseEndUs)
                it->leaseEndUs = end;
            return;
        }
        case EventKind::Renewed: {
            const QByteArray &key = text(e.key);
            seen(e.client, t, key, QT_TRANSLATE_NOOP("LeaseRhythm", "renewed %1"));
            renewed(t, key, e.client, e.value);
            return;
        }
        case EventKind::KeyDeleted: {
            const QByteArray &key = text(e.key);
            const bool lost = e.value == kLostWithRestart || e.value == kLostWithFailover;
            if (!lost)
                seen(e.owner, t, key, QT_TRANSLATE_NOOP("LeaseRhythm", "released %1"));
            endHold(t, key, lost ? End::Lost : End::Released);
            return;
        }
        case EventKind::KeyExpired:
            endHold(t, text(e.key), End::Expired);
            return;
        case EventKind::GapStarted:
            m_blind = true;
            m_gapStartUs = t;
            return;
        case EventKind::GapEnded:
            m_blind = false;
            m_gapEndUs = t;
            for (Hold &h : m_holds)
                h.marginKnown = false;
            return;
        default:
            return;
        }
    }

    const EventLog *m_log = nullptr; // the log of the event being added
    const LeaseOptions m_options;
    const bool m_bounded;
    QHash<QByteArray, Hold> m_holds; // by key
    // By key, then owner (a key has one owner or a few); report() sorts them. An ordered map
    // cost a walk of byte compares per new hold: 9 % of the window's time taking in a snapshot
    // of 100,000 locks, and more at a million.
    QHash<QByteArray, std::vector<LeaseStats>> m_stats;
    std::size_t m_statCount = 0;             // the figures in m_stats, every owner of every key
    QHash<QByteArray, qint64> m_longestHold; // by key: its longest ended hold, ms
    std::size_t m_nextBoundAt = LeaseRhythm::kMaxTracked; // figures kept before the next pass
    std::size_t m_boundPasses = 0;
    std::size_t m_boundLooks = 0;
    // Keys released (not held) since a pass last looked at them, oldest first, each once: the
    // only keys whose figures a pass can let go.
    std::deque<QByteArray> m_released;
    QSet<QByteArray> m_releasedSet;
    QHash<QByteArray, int> m_endedHolds; // by key: its ended holds of known length
    // Findings are numbered from the first; m_findings[0] is number m_findingBase.
    QHash<qint16, std::vector<quint64>> m_awaitingEvidence; // owner -> expiry findings
    std::vector<LeaseFinding> m_findings;
    quint64 m_findingBase = 0;
    std::vector<quint64> m_fresh; // new or upgraded since takeNew()
    bool m_blind = false;
    qint64 m_gapStartUs = -1, m_gapEndUs = -1; // the last gap
};

} // namespace

qint64 LeaseSeries::min() const
{
    return values.empty() ? 0 : *std::min_element(values.begin(), values.end());
}

qint64 LeaseSeries::max() const
{
    return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

qint64 LeaseSeries::quantile(double q) const
{
    if (values.empty())
        return 0;
    std::vector<qint64> copy = values;
    return nearestRank(copy, qBound(1e-9, q, 1.0));
}

QJsonObject LeaseSeries::toJson() const
{
    return QJsonObject{
        {QStringLiteral("count"), qint64(values.size())}, {QStringLiteral("min"), min()},
        {QStringLiteral("p10"), quantile(0.1)},           {QStringLiteral("p50"), quantile(0.5)},
        {QStringLiteral("p90"), quantile(0.9)},           {QStringLiteral("max"), max()}};
}

QString LeaseFinding::id() const
{
    switch (kind) {
    case Kind::LateRenewal:
        return QStringLiteral("late-renewal");
    case Kind::ExpiredNotReleased:
        return QStringLiteral("expired-not-released");
    case Kind::RanOutUnderLiveHolder:
        return QStringLiteral("lease-ran-out-under-live-holder");
    case Kind::RenewedWithoutEnd:
        return QStringLiteral("renewed-without-end");
    }
    return {};
}

QString LeaseFinding::sentence() const
{
    const QString k = QString::fromUtf8(key), o = QString::fromUtf8(ownerName);
    switch (kind) {
    case Kind::LateRenewal:
        return QCoreApplication::translate(
                   "LeaseRhythm",
                   "%1: %2 renewed its lease with %3 ms of %4 ms left: late, the next pause of "
                   "that length lets the lock expire under it")
            .arg(k, o)
            .arg(marginMs)
            .arg(leaseMs);
    case Kind::ExpiredNotReleased:
        return QCoreApplication::translate(
                   "LeaseRhythm",
                   "%1: the lease of %2 (%3 ms) ran out and no release was seen%4: locks are "
                   "released, not expired, in a healthy system")
            .arg(k, o)
            .arg(leaseMs)
            .arg(marginMs >= 0 ? QCoreApplication::translate(
                                     "LeaseRhythm", " (its last renewal came with %1 ms left)")
                                     .arg(marginMs)
                               : QString());
    case Kind::RanOutUnderLiveHolder:
        return QCoreApplication::translate(
                   "LeaseRhythm",
                   "%1: the lease of %2 (%3 ms) ran out while %2 was alive: it %4 %5 s later. "
                   "Its work went on without the lock; a release it sent found the lock gone")
            .arg(k, o)
            .arg(leaseMs)
            .arg(evidence, seconds((evidenceUs - timeUs) / 1000));
    case Kind::RenewedWithoutEnd:
        return QCoreApplication::translate(
                   "LeaseRhythm",
                   "%1: %2 has renewed it %3 times over %4 s, far longer than any other hold of "
                   "this key (the longest: %5 s): a renewal that does not stop")
            .arg(k, o, evidence, seconds(holdMs), seconds(marginMs));
    }
    return {};
}

QJsonObject LeaseFinding::toJson() const
{
    QJsonObject o{{QStringLiteral("id"), id()},
                  {QStringLiteral("time_us"), timeUs},
                  {QStringLiteral("key"), QString::fromUtf8(key)},
                  {QStringLiteral("owner"), QString::fromUtf8(ownerName)},
                  {QStringLiteral("lease_ms"), leaseMs},
                  {QStringLiteral("hold_ms"), holdMs},
                  {QStringLiteral("sentence"), sentence()}};
    if (kind == Kind::LateRenewal || kind == Kind::ExpiredNotReleased ||
        kind == Kind::RanOutUnderLiveHolder)
        o.insert(QStringLiteral("margin_ms"), marginMs);
    if (kind == Kind::RanOutUnderLiveHolder) {
        o.insert(QStringLiteral("evidence"), evidence);
        o.insert(QStringLiteral("evidence_us"), evidenceUs);
    }
    return o;
}

QJsonObject LeaseStats::toJson() const
{
    const int ended = released + expired + lost;
    return QJsonObject{
        {QStringLiteral("key"), QString::fromUtf8(key)},
        {QStringLiteral("owner"), QString::fromUtf8(ownerName)},
        {QStringLiteral("holds"), holds},
        {QStringLiteral("released"), released},
        {QStringLiteral("expired"), expired},
        {QStringLiteral("lost"), lost},
        {QStringLiteral("expiry_share"), ended ? double(expired) / double(ended) : 0.0},
        {QStringLiteral("lease_ms"), leaseMs},
        {QStringLiteral("hold_ms"), holdMs.toJson()},
        {QStringLiteral("renewal_interval_ms"), renewalIntervalMs.toJson()},
        {QStringLiteral("margin_ms"), marginMs.toJson()},
    };
}

double LeaseReport::expiryShare(const QByteArray &key) const
{
    int ended = 0, expired = 0;
    for (const LeaseStats &s : stats) {
        if (s.key == key) {
            ended += s.released + s.expired + s.lost;
            expired += s.expired;
        }
    }
    return ended ? double(expired) / double(ended) : -1.0;
}

QJsonObject LeaseReport::toJson() const
{
    QJsonArray keys, found;
    for (const LeaseStats &s : stats)
        keys.append(s.toJson());
    for (const LeaseFinding &f : findings)
        found.append(f.toJson());
    return QJsonObject{{QStringLiteral("leases"), keys}, {QStringLiteral("findings"), found}};
}

QString LeaseReport::toText() const
{
    if (stats.empty())
        return {};
    QString t = QCoreApplication::translate(
        "LeaseRhythm", "leases (medians: how long a hold lasted, how often it was renewed, how "
                       "much of the lease was left when a renewal or the release came)\n");
    constexpr std::size_t kMaxLines = 40; // a big recording: the findings matter more
    for (std::size_t i = 0; i < stats.size() && i < kMaxLines; ++i) {
        const LeaseStats &s = stats[i];
        QStringList parts;
        parts << QCoreApplication::translate("LeaseRhythm", "%n hold(s)", nullptr, s.holds)
              << QCoreApplication::translate("LeaseRhythm", "%1 released, %2 expired")
                     .arg(s.released)
                     .arg(s.expired);
        if (s.lost)
            parts << QCoreApplication::translate("LeaseRhythm", "%1 lost with a restart or "
                                                                "a failover")
                         .arg(s.lost);
        if (!s.holdMs.values.empty())
            parts << QCoreApplication::translate("LeaseRhythm", "held %1 s")
                         .arg(seconds(s.holdMs.quantile(0.5)));
        if (!s.renewalIntervalMs.values.empty())
            parts << QCoreApplication::translate("LeaseRhythm", "renewed every %1 s")
                         .arg(seconds(s.renewalIntervalMs.quantile(0.5)));
        if (!s.marginMs.values.empty())
            parts << QCoreApplication::translate("LeaseRhythm", "margin %1 ms (least %2 ms)")
                         .arg(s.marginMs.quantile(0.5))
                         .arg(s.marginMs.min());
        parts << (s.leaseMs > 0
                      ? QCoreApplication::translate("LeaseRhythm", "lease %1 ms").arg(s.leaseMs)
                      : QCoreApplication::translate("LeaseRhythm", "no TTL"));
        t += QStringLiteral("  %1, %2: %3\n")
                 .arg(QString::fromUtf8(s.key), QString::fromUtf8(s.ownerName),
                      parts.join(QStringLiteral(", ")));
    }
    if (stats.size() > kMaxLines)
        t += QCoreApplication::translate("LeaseRhythm", "  … and %1 more\n")
                 .arg(stats.size() - kMaxLines);
    if (findings.empty())
        return t + QCoreApplication::translate("LeaseRhythm",
                                               "no late renewal, no lease that ran out\n");
    for (const LeaseFinding &f : findings)
        t += QStringLiteral("  %1  %2\n").arg(f.id(), f.sentence());
    return t;
}

class LeaseRhythm::Private : public Analyzer {
public:
    using Analyzer::Analyzer;
};

LeaseRhythm::LeaseRhythm(const LeaseOptions &options)
    : d(std::make_unique<Private>(options, true))
{}

LeaseRhythm::~LeaseRhythm() = default;

void LeaseRhythm::add(const Event &event, const EventLog &log)
{
    d->add(event, log);
}

void LeaseRhythm::addReserveSteps(qsizetype keys, Steps &steps)
{
    d->addReserveSteps(keys, steps);
}

std::vector<LeaseFinding> LeaseRhythm::takeNew()
{
    return d->takeNew();
}

LeaseRhythm::Footprint LeaseRhythm::footprint() const
{
    return d->footprint();
}

bool LeaseRhythm::hasNew() const
{
    return d->hasNew();
}

LeaseReport LeaseRhythm::report() const
{
    return d->report();
}

LeaseReport analyzeLeases(const EventLog &log, const LeaseOptions &options)
{
    Analyzer analyzer(options, false);
    for (const Event &e : log.events())
        analyzer.add(e, log);
    return analyzer.report();
}

} // namespace lockscope
