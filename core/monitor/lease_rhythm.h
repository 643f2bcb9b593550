// The rhythm of the leases in a monitor recording (monitor_recorder.h): for every lock key and
// owner, how long holds lasted, how often the lease was renewed and how much of it was left
// when each renewal or release arrived (the margin), and the findings those numbers support:
//
//   late-renewal                    a renewal arrived with less than a sixth of the lease left
//                                   (LeaseOptions::lateFraction), or under minMarginMs
//   expired-not-released            the lease ran out and no release was seen: in a healthy
//                                   system locks are released, not expired
//   lease-ran-out-under-live-holder the same, and the same owner was seen afterwards (on that
//                                   key or another): it was alive when its lease ran out. A
//                                   failed release leaves no trace on the server; the finding
//                                   names the later event that is the evidence
//   renewed-without-end             one owner renewing regularly for far longer than any other
//                                   hold of that key lasted (a watchdog that never stops)
//
// Margins are what the monitor saw: a renewal is stamped when the monitor read the new TTL, so
// a margin is short by up to one read (a few ms with keyspace notifications, up to the re-read
// interval without). While the monitor could not see the server (GapStarted..GapEnded) nothing
// is judged, and the first renewal after a gap gives no margin.
#pragma once

#include "events/event_log.h"
#include "util/steps_in_turns.h"

#include <QJsonObject>
#include <QString>

#include <memory>
#include <vector>

namespace lockscope {

struct LeaseOptions {
    double lateFraction = 1.0 / 6.0; // a renewal with less of the lease left is late
    qint64 minMarginMs = 0;          // ... or with less than this left (a few round trips)
    int endlessMinRenewals = 5;      // renewed-without-end: at least this many renewals
    double endlessFactor = 10.0;     // ... and this many times the longest other hold
    int endlessMinOtherHolds = 3;    // ... of at least this many other holds of the key

    // The margin under which a renewal of a `leaseMs` lease is late.
    qint64 lateThresholdMs(qint64 leaseMs) const
    {
        return qMax(qint64(double(leaseMs) * lateFraction), minMarginMs);
    }
};

struct LeaseFinding {
    enum class Kind : quint8 {
        LateRenewal,
        ExpiredNotReleased,
        RanOutUnderLiveHolder,
        RenewedWithoutEnd
    };
    Kind kind = Kind::LateRenewal;
    qint64 timeUs = 0;
    QByteArray key;
    qint16 owner = kNoClient;
    QByteArray ownerName;
    qint64 leaseMs = 0;  // the TTL the lease was set or last renewed with (as first read)
    qint64 marginMs = 0; // late renewal: what was left; expiry: what the last renewal left
    qint64 holdMs = 0;   // how long the hold had lasted (-1: it began before the recording)
    // lease-ran-out-under-live-holder: the later event that shows the owner alive.
    qint64 evidenceUs = 0;
    QByteArray evidenceKey;
    QString evidence; // "renewed lock:b", "acquired lock:a", ...

    QString id() const; // "late-renewal", ...
    QString sentence() const;
    QJsonObject toJson() const;
};

// Figures of one series (hold durations, renewal intervals or margins), in ms.
struct LeaseSeries {
    std::vector<qint64> values;
    qint64 min() const;
    qint64 max() const;
    qint64 quantile(double q) const; // nearest rank (util/nearest_rank.h); 0 when empty
    QJsonObject toJson() const;      // {"count", "min", "p10", "p50", "p90", "max"}
};

struct LeaseStats {
    QByteArray key;
    qint16 owner = kNoClient;
    QByteArray ownerName;
    int holds = 0;      // holds that began in the recording or were present at its start
    int released = 0;   // ended by a release
    int expired = 0;    // ended by expiry
    int lost = 0;       // gone with a restart or a failover
    qint64 leaseMs = 0; // the longest TTL it was set or renewed with
    LeaseSeries holdMs, renewalIntervalMs, marginMs;
    QJsonObject toJson() const;
};

struct LeaseReport {
    std::vector<LeaseStats> stats;      // by key, then owner
    std::vector<LeaseFinding> findings; // in time order
    // The share of a key's ended holds that ended by expiry (0..1); -1 when none ended.
    double expiryShare(const QByteArray &key) const;
    QJsonObject toJson() const;
    QString toText() const;
};

// A whole recording at once (lockscope-cli replay).
LeaseReport analyzeLeases(const EventLog &log, const LeaseOptions &options = {});

// The same, one event at a time, as a live monitor records them; bounded for a monitor that
// runs for days on a server whose keys and owners come and go: the newest kMaxFindings
// findings (and only their owners are watched for the evidence of a live holder), the newest
// kMaxSeriesValues values of each series, and the figures of at most kMaxTracked keys and owners,
// those of keys nobody holds let go first: the series of 20,000 keys renewed for days take
// at most 31 MB. Keys held now keep theirs: with more of them than kMaxTracked, the figures
// stay within one and a half times the most keys held at once.
class LeaseRhythm {
public:
    static constexpr std::size_t kMaxFindings = 10000;
    static constexpr std::size_t kMaxSeriesValues = 64;
    static constexpr std::size_t kMaxTracked = 20000;
    // What it holds now (tests check the bounds).
    struct Footprint {
        std::size_t holds = 0;          // keys held now
        std::size_t stats = 0;          // keys and owners with figures
        std::size_t keyHistories = 0;   // keys whose ended holds are remembered
        std::size_t awaitingOwners = 0; // owners whose lease ran out, watched for evidence
        std::size_t findings = 0;
        std::size_t largestSeries = 0;
        std::size_t boundPasses = 0; // times the figures were looked at to let some go
        std::size_t boundLooks = 0;  // keys those passes looked at, in all
    };
    Footprint footprint() const;

    explicit LeaseRhythm(const LeaseOptions &options = {});
    ~LeaseRhythm();
    // One event, its strings read from `log` now (a monitor's log lets old strings go).
    void add(const Event &event, const EventLog &log);
    // Room for `keys` keys held at once (a monitor's scan estimate), so that they do not rehash:
    // one hash per step (util/steps_in_turns.h).
    void addReserveSteps(qsizetype keys, Steps &steps);
    // The findings made or upgraded (expired -> ran out under a live holder) since the last
    // call, in the order they were made.
    std::vector<LeaseFinding> takeNew();
    bool hasNew() const;
    LeaseReport report() const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace lockscope
