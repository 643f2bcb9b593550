// Lease rhythm (lease_rhythm.h) over recordings written by the monitor's own recorder, with
// times chosen here: margins, intervals and hold lengths are known exactly, so every figure and
// finding below is checked against arithmetic on the times, not against the code's own output.
#include "monitor/lease_rhythm.h"
#include "monitor/monitor_recorder.h"

#include <QTest>

using namespace lockscope;

namespace {

constexpr qint64 kS = 1'000'000; // microseconds

const LeaseFinding *findingOf(const LeaseReport &r, LeaseFinding::Kind kind, const QByteArray &key)
{
    for (const LeaseFinding &f : r.findings) {
        if (f.kind == kind && f.key == key)
            return &f;
    }
    return nullptr;
}

int countOf(const LeaseReport &r, const QByteArray &key)
{
    return int(std::count_if(r.findings.begin(), r.findings.end(),
                             [&](const LeaseFinding &f) { return f.key == key; }));
}

const LeaseStats *statsOf(const LeaseReport &r, const QByteArray &key)
{
    for (const LeaseStats &s : r.stats) {
        if (s.key == key)
            return &s;
    }
    return nullptr;
}

// Fed live, as the monitor feeds it: a recorder that keeps no events, whose strings are read
// as each event is consumed.
struct LiveRhythm {
    struct Sink : EventSink {
        LeaseRhythm rhythm;
        EventLog *log = nullptr;
        void consume(const Event &e) override { rhythm.add(e, *log); }
    } sink;
    EventLog log;
    MonitorRecorder recorder{&log, false};
    LiveRhythm()
    {
        sink.log = &log;
        recorder.addSink(&sink);
    }
};

} // namespace

class TestLeaseRhythm : public QObject {
    Q_OBJECT
private slots:
    // A watchdog renewing a 30 s lease every 10 s and releasing: margins of 20 s, no finding.
    void healthyWatchdogHasNoFinding()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("127.0.0.1:6379");
        const qint16 a = rec.owner("tokA");
        const qint64 t0 = 1000 * kS;
        rec.acquired(t0, node, "lock:a", a, "tokA", 30000);
        for (int i = 1; i <= 6; ++i)
            rec.ttlChanged(t0 + i * 10 * kS, node, "lock:a", a, 30000, true);
        rec.released(t0 + 65 * kS, node, "lock:a", a);

        const LeaseReport r = analyzeLeases(log);
        QVERIFY(r.findings.empty());
        const LeaseStats *s = statsOf(r, "lock:a");
        QVERIFY(s);
        QCOMPARE(s->holds, 1);
        QCOMPARE(s->released, 1);
        QCOMPARE(s->expired, 0);
        QCOMPARE(s->leaseMs, 30000);
        QCOMPARE(s->holdMs.values, std::vector<qint64>{65000});
        QCOMPARE(s->renewalIntervalMs.values, std::vector<qint64>(6, 10000));
        // Six renewals with 20 s left, then the release with 25 s left.
        std::vector<qint64> margins(6, 20000);
        margins.push_back(25000);
        QCOMPARE(s->marginMs.values, margins);
        QCOMPARE(r.expiryShare("lock:a"), 0.0);
    }

    // A renewal delayed past the threshold (a sixth of the lease), then none at all: late
    // renewal, then expired-not-released, with the margins the times imply.
    void lateRenewalThenExpiry()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("127.0.0.1:6379");
        const qint16 b = rec.owner("tokB");
        const qint64 t0 = 2000 * kS;
        rec.acquired(t0, node, "lock:b", b, "tokB", 3000);
        rec.ttlChanged(t0 + 1 * kS, node, "lock:b", b, 3000, true);  // 2,000 ms left
        rec.ttlChanged(t0 + 3700000, node, "lock:b", b, 3000, true); // 300 ms left: late
        rec.expired(t0 + 6700000, node, "lock:b", b);

        const LeaseReport r = analyzeLeases(log);
        QCOMPARE(r.findings.size(), std::size_t(2));
        const LeaseFinding *late = findingOf(r, LeaseFinding::Kind::LateRenewal, "lock:b");
        QVERIFY(late);
        QCOMPARE(late->marginMs, 300);
        QCOMPARE(late->leaseMs, 3000);
        QCOMPARE(late->ownerName, QByteArray("tokB"));
        QCOMPARE(late->timeUs, t0 + 3700000);
        const LeaseFinding *expired =
            findingOf(r, LeaseFinding::Kind::ExpiredNotReleased, "lock:b");
        QVERIFY(expired);
        QCOMPARE(expired->holdMs, 6700);
        QCOMPARE(expired->marginMs, 300); // what the last renewal left
        QVERIFY(r.findings.front().kind == LeaseFinding::Kind::LateRenewal); // time order
        QCOMPARE(r.expiryShare("lock:b"), 1.0);
        QVERIFY(expired->sentence().contains(QStringLiteral("lock:b")));
        QVERIFY(expired->sentence().contains(QStringLiteral("tokB")));

        // A threshold in ms above the first renewal's 2,000 ms makes it late too.
        LeaseOptions strict;
        strict.minMarginMs = 2500;
        const LeaseReport r2 = analyzeLeases(log, strict);
        int late2 = 0;
        for (const LeaseFinding &f : r2.findings)
            late2 += f.kind == LeaseFinding::Kind::LateRenewal;
        QCOMPARE(late2, 2);
    }

    void renewalAtTheThresholdIsNotLate()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("n");
        const qint16 c = rec.owner("tokC");
        rec.acquired(10 * kS, node, "lock:c", c, "tokC", 6000);
        rec.ttlChanged(15 * kS, node, "lock:c", c, 6000, true);        // 1,000 ms left = 6,000 / 6
        rec.ttlChanged(20 * kS + 1000, node, "lock:c", c, 6000, true); // 999 ms left
        rec.released(21 * kS, node, "lock:c", c);
        const LeaseReport r = analyzeLeases(log);
        QCOMPARE(r.findings.size(), std::size_t(1));
        QCOMPARE(r.findings.front().marginMs, 999);
    }

    // The owner is seen again after its lease ran out (it renews another key it holds): the
    // expiry becomes "ran out under a live holder", naming that renewal as the evidence.
    void liveHolderEvidence()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("n");
        const qint16 r1 = rec.owner("uuid-1:52");
        const qint16 other = rec.owner("uuid-2:7");
        rec.acquired(100 * kS, node, "orders", r1, "uuid-1:52=1", 30000);
        rec.acquired(101 * kS, node, "stock", r1, "uuid-1:52=1", 30000);
        rec.acquired(102 * kS, node, "users", other, "uuid-2:7=1", 30000);
        rec.expired(130 * kS, node, "orders", r1);
        rec.ttlChanged(131 * kS, node, "stock", r1, 30000, true);
        rec.expired(132 * kS, node, "users", other); // never seen again: stays as it is

        const LeaseReport r = analyzeLeases(log);
        const LeaseFinding *live =
            findingOf(r, LeaseFinding::Kind::RanOutUnderLiveHolder, "orders");
        QVERIFY(live);
        QCOMPARE(live->evidenceKey, QByteArray("stock"));
        QCOMPARE(live->evidenceUs, 131 * kS);
        QVERIFY(live->evidence.contains(QStringLiteral("stock")));
        QVERIFY(findingOf(r, LeaseFinding::Kind::ExpiredNotReleased, "users"));
        QVERIFY(!findingOf(r, LeaseFinding::Kind::RanOutUnderLiveHolder, "users"));
        // The renewal of stock at 131 s had 0 s left of a lease set at 101 s: late too.
        const LeaseFinding *late = findingOf(r, LeaseFinding::Kind::LateRenewal, "stock");
        QVERIFY(late);
        QCOMPARE(late->marginMs, 0);
    }

    // Holds of 2 s, then one owner renewing for 60 s: renewed-without-end, once.
    void renewedWithoutEnd()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("n");
        qint64 t = 10 * kS;
        for (int i = 0; i < 3; ++i) {
            const QByteArray tok = "tok" + QByteArray::number(i);
            const qint16 o = rec.owner(tok);
            rec.acquired(t, node, "lock:w", o, tok, 30000);
            rec.released(t + 2 * kS, node, "lock:w", o);
            t += 3 * kS;
        }
        const qint16 w = rec.owner("tokW");
        const qint64 start = t;
        rec.acquired(start, node, "lock:w", w, "tokW", 30000);
        for (int i = 1; i <= 6; ++i)
            rec.ttlChanged(start + i * 10 * kS, node, "lock:w", w, 30000, true);
        const LeaseReport r = analyzeLeases(log);
        QCOMPARE(countOf(r, "lock:w"), 1);
        const LeaseFinding *f = findingOf(r, LeaseFinding::Kind::RenewedWithoutEnd, "lock:w");
        QVERIFY(f);
        // The 5th renewal (50 s) is the first with at least 5 renewals; 50 s >= 10 x 2 s.
        QCOMPARE(f->timeUs, start + 50 * kS);
        QCOMPARE(f->holdMs, 50000);
        QCOMPARE(f->ownerName, QByteArray("tokW"));
    }

    // A lease that ran out while the monitor could not see the server may have been released
    // in the dark: no finding; and the first renewal after a gap gives no margin.
    void nothingJudgedAcrossAGap()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("n");
        const qint16 d = rec.owner("tokD");
        const qint16 e = rec.owner("tokE");
        rec.acquired(10 * kS, node, "lock:d", d, "tokD", 3000);
        rec.acquired(10 * kS, node, "lock:e", e, "tokE", 3000);
        rec.gapStarted(11 * kS, node, "connection reset");
        rec.gapEnded(20 * kS, node, "lock:d gone", 9000);
        rec.expired(20 * kS, node, "lock:d", d);
        rec.ttlChanged(21 * kS, node, "lock:e", e, 3000, true); // long past its old end
        rec.released(22 * kS, node, "lock:e", e);
        const LeaseReport r = analyzeLeases(log);
        QVERIFY2(r.findings.empty(), qPrintable(r.toText()));
        const LeaseStats *s = statsOf(r, "lock:e");
        QVERIFY(s);
        QCOMPARE(s->marginMs.values, std::vector<qint64>{2000}); // the release's only
    }

    // A lock present when the recording began has no known start: no hold length.
    void presentAtStartHasNoHoldLength()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("n");
        const qint16 p = rec.owner("tokP");
        rec.present(10 * kS, node, "lock:p", p, "tokP", 5000);
        rec.released(12 * kS, node, "lock:p", p);
        const LeaseReport r = analyzeLeases(log);
        const LeaseStats *s = statsOf(r, "lock:p");
        QVERIFY(s);
        QCOMPARE(s->holds, 1);
        QCOMPARE(s->released, 1);
        QVERIFY(s->holdMs.values.empty());
    }

    // Live, as the monitor feeds it (a recorder that keeps no events; strings read in consume):
    // three times kMaxTracked keys, each taken by a new token and left to expire (what a day of
    // redis-py locks under churn looks like), and one watchdog renewing a thousand times. What
    // it holds stays within the documented bounds, and it still reports the newest finding.
    void liveBoundsUnderChurn()
    {
        LiveRhythm live;
        MonitorRecorder &rec = live.recorder;
        LeaseRhythm &rhythm = live.sink.rhythm;
        const qint16 node = rec.node("n");
        const qint16 w = rec.owner("watchdog");
        qint64 t = 10 * kS;
        rec.acquired(t, node, "lock:w", w, "watchdog", 30000);
        const int keys = int(3 * LeaseRhythm::kMaxTracked);
        QByteArray lastKey;
        for (int i = 0; i < keys; ++i) {
            lastKey = "lock:" + QByteArray::number(i);
            const QByteArray token = "tok" + QByteArray::number(i);
            const qint16 o = rec.owner(token);
            rec.acquired(t, node, lastKey, o, token, 1000);
            t += 1000;
            rec.expired(t + 1000 * 1000, node, lastKey, o);
            if (i % 60 == 0)
                rec.ttlChanged(t + 1000 * 1000, node, "lock:w", w, 30000, true);
            t += 1000 * 1000;
        }
        const LeaseRhythm::Footprint f = rhythm.footprint();
        QVERIFY(f.holds <= 2);
        QVERIFY2(f.stats <= LeaseRhythm::kMaxTracked, qPrintable(QString::number(f.stats)));
        QVERIFY(f.keyHistories <= LeaseRhythm::kMaxTracked);
        QVERIFY(f.findings <= LeaseRhythm::kMaxFindings);
        QVERIFY2(f.awaitingOwners <= LeaseRhythm::kMaxFindings,
                 qPrintable(QString::number(f.awaitingOwners)));
        QVERIFY(f.largestSeries <= LeaseRhythm::kMaxSeriesValues);
        QVERIFY(f.findings > 0 && f.stats > 0);
        const std::vector<LeaseFinding> fresh = rhythm.takeNew();
        QVERIFY(!fresh.empty());
        QCOMPARE(fresh.back().key, lastKey);
        QCOMPARE(fresh.back().kind, LeaseFinding::Kind::ExpiredNotReleased);
    }

    // The first snapshot of a big server: more keys held at once than kMaxTracked. Held keys
    // keep their figures, and they are not walked again on every new hold (that was quadratic:
    // one pass per acquisition past the bound); once they are let go, new keys bring the
    // figures back within the bound.
    void moreHeldKeysThanTheBound()
    {
        LiveRhythm live;
        MonitorRecorder &rec = live.recorder;
        LeaseRhythm &rhythm = live.sink.rhythm;
        const qint16 node = rec.node("n");
        const int held = int(LeaseRhythm::kMaxTracked * 5); // 100,000
        qint64 t = 10 * kS;
        std::vector<qint16> owners;
        for (int i = 0; i < held; ++i) {
            const QByteArray token = "tok" + QByteArray::number(i);
            owners.push_back(rec.owner(token));
            rec.acquired(t, node, "lock:" + QByteArray::number(i), owners.back(), token, 600000);
            t += 10;
        }
        LeaseRhythm::Footprint f = rhythm.footprint();
        QCOMPARE(f.holds, std::size_t(held));
        QCOMPARE(f.stats, std::size_t(held));
        // A pass each time the figures grow by half (four from 20,000 to 100,000), not one per
        // acquisition past the bound (80,000), nor one per quarter of the bound (320).
        QVERIFY2(f.boundPasses <= 5, qPrintable(QString::number(f.boundPasses)));
        // And a pass looks only at keys released since, none here: walking the held keys'
        // figures at each pass held a window for 50 ms at a time.
        QCOMPARE(f.boundLooks, std::size_t(0));
        for (int i = 0; i < held; ++i)
            rec.released(t, node, "lock:" + QByteArray::number(i), owners[std::size_t(i)]);
        // Short holds of keys and tokens never seen again, as redis-py makes them.
        const auto shortHolds = [&](const QByteArray &prefix, int count) {
            for (int i = 0; i < count; ++i) {
                const QByteArray token = prefix + QByteArray::number(i);
                const qint16 o = rec.owner(token);
                const QByteArray key = "lock:" + token;
                rec.acquired(t, node, key, o, token, 1000);
                rec.released(t + 500, node, key, o);
                t += 1000;
            }
        };
        shortHolds("new", int(LeaseRhythm::kMaxTracked));
        f = rhythm.footprint();
        QVERIFY(f.holds == 0);
        // Each released key is looked at once at most, by the pass that lets it go.
        QVERIFY2(f.boundLooks <= std::size_t(held) + LeaseRhythm::kMaxTracked,
                 qPrintable(QString::number(f.boundLooks)));
        QVERIFY2(f.stats <= std::size_t(held) * 3 / 2, qPrintable(QString::number(f.stats)));
        QVERIFY(f.keyHistories <= std::size_t(held) * 3 / 2);
        // And once the held keys' figures have gone, the usual bound again.
        shortHolds("more", int(LeaseRhythm::kMaxTracked) * 3);
        f = rhythm.footprint();
        QVERIFY2(f.stats <= LeaseRhythm::kMaxTracked, qPrintable(QString::number(f.stats)));
    }
};

QTEST_GUILESS_MAIN(TestLeaseRhythm)
#include "test_lease_rhythm.moc"
