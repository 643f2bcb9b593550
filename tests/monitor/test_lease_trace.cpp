// One key's lease over time (lease_trace.h), from recordings written by the monitor's own
// recorder at times chosen here: every TTL, margin and late flag is checked against
// arithmetic on those times, and the late flags against the lease rhythm's findings.
#include "monitor/lease_rhythm.h"
#include "monitor/lease_trace.h"
#include "monitor/monitor_recorder.h"

#include <QTest>

using namespace lockscope;

namespace {
constexpr qint64 kS = 1'000'000; // microseconds
constexpr qint64 kMs = 1'000;
} // namespace

class TestLeaseTrace : public QObject {
    Q_OBJECT
private slots:
    // A 3 s lease renewed after 1 s, then after 2.7 s (300 ms left: late), then expiring.
    void sawtoothWithLateRenewal()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("127.0.0.1:6379");
        const qint16 b = rec.owner("tokB");
        const qint16 other = rec.owner("tokZ");
        const qint64 t0 = 100 * kS;
        rec.acquired(t0, node, "lock:b", b, "tokB", 3000);
        rec.acquired(t0 + 50 * kMs, node, "lock:z", other, "tokZ", 9000); // another key
        rec.ttlChanged(t0 + 1000 * kMs, node, "lock:b", b, 3000, true);
        rec.ttlChanged(t0 + 3700 * kMs, node, "lock:b", b, 3000, true);
        rec.expired(t0 + 6700 * kMs, node, "lock:b", b);

        const LeaseTrace trace = traceLease(log, "lock:b", 0, t0 + 10 * kS);
        QCOMPARE(trace.stretches.size(), std::size_t(3));
        QCOMPARE(trace.leaseMs, 3000);
        QCOMPARE(trace.lateThresholdMs, 500); // a sixth of 3,000 ms
        const LeaseStretch &first = trace.stretches[0];
        QCOMPARE(first.startUs, t0);
        QCOMPARE(first.endUs, t0 + 1000 * kMs);
        QCOMPARE(first.end, LeaseStretch::End::Renewed);
        QCOMPARE(first.marginMs(), 2000);
        QVERIFY(!first.late);
        QCOMPARE(first.owner, b);
        const LeaseStretch &second = trace.stretches[1];
        QCOMPARE(second.end, LeaseStretch::End::Renewed);
        QCOMPARE(second.marginMs(), 300);
        QVERIFY(second.late);
        QCOMPARE(second.ttlAtMs(t0 + 2000 * kMs), 2000); // a second into a 3 s stretch
        const LeaseStretch &third = trace.stretches[2];
        QCOMPARE(third.end, LeaseStretch::End::Expired);
        QCOMPARE(third.marginMs(), 0);
        QCOMPARE(trace.renewals(), 2);
        QCOMPARE(trace.lateRenewals(), 1);
        QCOMPARE(trace.leastRenewalMarginMs(), 300);
        QCOMPARE(trace.stretchAt(t0 + 2 * kS), &trace.stretches[1]);
        QCOMPARE(trace.stretchAt(t0 + 8 * kS), nullptr); // expired by then
        QCOMPARE(trace.stretchAt(t0 - 1), nullptr);

        // The lease rhythm judges the same renewal late, at the same instant.
        const LeaseReport report = analyzeLeases(log);
        int lateFindings = 0;
        for (const LeaseFinding &f : report.findings) {
            if (f.kind == LeaseFinding::Kind::LateRenewal) {
                ++lateFindings;
                QCOMPARE(f.timeUs, second.endUs);
                QCOMPARE(f.marginMs, second.marginMs());
            }
        }
        QCOMPARE(lateFindings, 1);
    }

    // A hold still running at the trace's end: its stretch reaches the end, its TTL keeps
    // draining; a release ends a hold; a new owner's write is a take-over.
    void openReleasedAndTakenOver()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("127.0.0.1:6379");
        const qint16 a = rec.owner("tokA");
        const qint16 c = rec.owner("tokC");
        rec.acquired(10 * kS, node, "k", a, "tokA", 5000);
        rec.released(12 * kS, node, "k", a);
        rec.acquired(13 * kS, node, "k", a, "tokA", 5000);
        rec.takenOver(14 * kS, node, "k", c, a, "tokC", 8000);

        const LeaseTrace trace = traceLease(log, "k", 0, 20 * kS);
        QCOMPARE(trace.stretches.size(), std::size_t(3));
        QCOMPARE(trace.stretches[0].end, LeaseStretch::End::Released);
        QCOMPARE(trace.stretches[0].marginMs(), 3000);
        QCOMPARE(trace.stretches[1].end, LeaseStretch::End::TakenOver);
        QCOMPARE(trace.stretches[2].end, LeaseStretch::End::Open);
        QCOMPARE(trace.stretches[2].owner, c);
        QCOMPARE(trace.stretches[2].endUs, 20 * kS);
        QCOMPARE(trace.stretches[2].ttlAtMs(20 * kS), 2000);
        QCOMPARE(trace.leaseMs, 8000);
        QCOMPARE(trace.renewals(), 0);
        QCOMPARE(trace.leastRenewalMarginMs(), -1);

        // A window from 13.5 s keeps the stretch running then, whole, and drops the earlier.
        const LeaseTrace window = traceLease(log, "k", 13500 * kMs, 20 * kS);
        QCOMPARE(window.stretches.size(), std::size_t(2));
        QCOMPARE(window.stretches[0].startUs, 13 * kS);
        QCOMPARE(window.startUs, 13500 * kMs);

        // A key the log never had: nothing, and no crash.
        QVERIFY(traceLease(log, "nope", 0, 20 * kS).stretches.empty());
    }

    void oneNodesCopy();

    // A renewal after the monitor was blind gives no margin, so it is never late.
    void noMarginAcrossAGap()
    {
        EventLog log;
        MonitorRecorder rec(&log);
        const qint16 node = rec.node("127.0.0.1:6379");
        const qint16 d = rec.owner("tokD");
        rec.acquired(10 * kS, node, "lock:d", d, "tokD", 3000);
        rec.gapStarted(11 * kS, node, "connection reset");
        rec.gapEnded(12 * kS, node, "back", 1000);
        rec.ttlChanged(12900 * kMs, node, "lock:d", d, 3000, true); // 100 ms left, unseen
        rec.ttlChanged(13200 * kMs, node, "lock:d", d, 3000, true); // 2,700 ms left
        rec.ttlChanged(15900 * kMs, node, "lock:d", d, 3000, true); // 300 ms left: late

        const LeaseTrace trace = traceLease(log, "lock:d", 0, -1);
        QCOMPARE(trace.endUs, 15900 * kMs); // -1: the log's last event
        QCOMPARE(trace.gaps.size(), std::size_t(1));
        QCOMPARE(trace.gaps[0].startUs, 11 * kS);
        QCOMPARE(trace.gaps[0].endUs, 12 * kS);
        QCOMPARE(trace.stretches.size(), std::size_t(4));
        QVERIFY(!trace.stretches[0].marginKnown);
        QVERIFY(!trace.stretches[0].late);
        QVERIFY(trace.stretches[1].marginKnown);
        QVERIFY(!trace.stretches[1].late);
        QVERIFY(trace.stretches[2].late);
        QCOMPARE(trace.lateRenewals(), 1);
        QCOMPARE(trace.leastRenewalMarginMs(), 300);
    }
};

// A Redlock key has a copy on each node: the trace of one node is that copy's alone, not the
// copies' changes taken for renewals of one another.
void TestLeaseTrace::oneNodesCopy()
{
    EventLog log;
    MonitorRecorder rec(&log);
    const qint16 n1 = rec.node("127.0.0.1:7621");
    const qint16 n2 = rec.node("127.0.0.1:7622");
    const qint16 a = rec.owner("tokA");
    rec.acquired(10 * kS, n1, "lock:r", a, "tokA", 6000);
    rec.acquired(10 * kS + 3 * kMs, n2, "lock:r", a, "tokA", 4000);
    rec.gapStarted(11 * kS, n2, "connection reset");
    rec.expired(14 * kS, n2, "lock:r", a);
    rec.expired(16 * kS, n1, "lock:r", a);

    const LeaseTrace one = traceLease(log, "lock:r", 0, 20 * kS, {}, n1);
    QCOMPARE(one.stretches.size(), std::size_t(1));
    QCOMPARE(one.stretches[0].ttlAtStartMs, 6000);
    QCOMPARE(one.stretches[0].end, LeaseStretch::End::Expired);
    QCOMPARE(one.stretches[0].endUs, 16 * kS);
    QVERIFY(one.gaps.empty()); // the other node's gap is not this copy's
    const LeaseTrace two = traceLease(log, "lock:r", 0, 20 * kS, {}, n2);
    QCOMPARE(two.stretches.size(), std::size_t(1));
    QCOMPARE(two.stretches[0].ttlAtStartMs, 4000);
    QCOMPARE(two.gaps.size(), std::size_t(1));
    // Every node at once: the second copy's write reads as a change of the first's TTL.
    QCOMPARE(traceLease(log, "lock:r", 0, 20 * kS).stretches.size(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TestLeaseTrace)
#include "test_lease_trace.moc"
