// The quorum view of a Redlock deployment (quorum_view.h) over recordings written by the
// monitor's own recorder on three nodes, with times chosen here: who holds the majority, and
// when split, quorum-lost and clock-drift are found, follow from those times and the grace.
#include "monitor/monitor_recorder.h"
#include "monitor/quorum_view.h"

#include <QTest>

using namespace lockscope;

namespace {

constexpr qint64 kMs = 1000; // microseconds
constexpr qint64 kS = 1000 * kMs;
const QList<QByteArray> kNodes = {"127.0.0.1:7621", "127.0.0.1:7622", "127.0.0.1:7623"};

// Records into a log and feeds every new event to the view, as the monitor's sink does.
struct Deployment {
    EventLog log;
    MonitorRecorder rec{&log};
    QuorumView view{kNodes};
    std::size_t fed = 0;
    std::vector<QuorumFinding> findings;
    qint16 n[3];

    Deployment(QuorumOptions options = {})
        : view(kNodes, options)
    {
        for (int i = 0; i < 3; ++i)
            n[i] = rec.node(kNodes[i]);
    }
    void feed()
    {
        for (; fed < log.events().size(); ++fed)
            view.add(log.events()[fed], log);
        take();
    }
    void tick(qint64 t)
    {
        view.tick(t);
        take();
    }
    void take()
    {
        for (QuorumFinding &f : view.takeNew())
            findings.push_back(std::move(f));
    }
    void acquire(qint64 t, int node, const QByteArray &owner, qint64 ttlMs = 30000)
    {
        rec.acquired(t, n[node], "lock:a", rec.owner(owner), owner, ttlMs);
        feed();
    }
    int count(QuorumFinding::Kind kind) const
    {
        return int(std::count_if(findings.begin(), findings.end(),
                                 [&](const QuorumFinding &f) { return f.kind == kind; }));
    }
    const QuorumFinding *first(QuorumFinding::Kind kind) const
    {
        for (const QuorumFinding &f : findings) {
            if (f.kind == kind)
                return &f;
        }
        return nullptr;
    }
};

} // namespace

class TestQuorumView : public QObject {
    Q_OBJECT
private slots:
    // The rule itself: the owner on a majority of the copies, and the lease that majority has
    // left (the majority-th longest TTL; a copy without TTL is the longest).
    void majorityHoldRule()
    {
        using Copies = std::vector<std::pair<QByteArray, qint64>>;
        auto hold = majorityHold<QByteArray>(Copies{{"A", 500}, {"B", 900}, {"A", 300}}, 2);
        QVERIFY(hold);
        QCOMPARE(hold->owner, QByteArray("A"));
        QCOMPARE(hold->nodes, 2);
        QCOMPARE(hold->leaseLeftMs, 300);
        hold = majorityHold<QByteArray>(Copies{{"A", 200}, {"A", -1}, {"A", 400}}, 2);
        QVERIFY(hold);
        QCOMPARE(hold->nodes, 3);
        QCOMPARE(hold->leaseLeftMs, 400); // when the 400 ms copy runs out, A holds one of three
        hold = majorityHold<QByteArray>(Copies{{"A", -1}, {"A", -1}, {"B", 50}}, 2);
        QVERIFY(hold);
        QCOMPARE(hold->leaseLeftMs, -1);
        QVERIFY(!majorityHold<QByteArray>(Copies{{"A", 100}, {"B", 100}, {"C", 100}}, 2));
        QVERIFY(!majorityHold<QByteArray>(Copies{{"A", 100}, {"A", 100}}, 3));
    }

    // Acquired on the three nodes one after another, renewed, released: the majority is A's
    // from the second node on, and nothing is found, even long after the grace.
    void healthyRedlockHasNoFinding()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        d.acquire(t0, 0, "A");
        QCOMPARE(d.view.of("lock:a").holder, QByteArray());
        QCOMPARE(d.view.of("lock:a").presentNodes, 1);
        d.acquire(t0 + 2 * kMs, 1, "A");
        QCOMPARE(d.view.of("lock:a").holder, QByteArray("A"));
        QCOMPARE(d.view.of("lock:a").holderNodes, 2);
        d.acquire(t0 + 4 * kMs, 2, "A");
        QCOMPARE(d.view.of("lock:a").holderNodes, 3);
        const qint16 a = d.rec.owner("A");
        for (int i = 0; i < 3; ++i)
            d.rec.ttlChanged(t0 + 10 * kS + i * 2 * kMs, d.n[i], "lock:a", a, 30000, true);
        d.feed();
        d.tick(t0 + 19 * kS);
        for (int i = 0; i < 3; ++i)
            d.rec.released(t0 + 20 * kS + i * 2 * kMs, d.n[i], "lock:a", a);
        d.feed();
        d.tick(t0 + 60 * kS);
        QVERIFY(d.findings.empty());
        QVERIFY(d.view.keys().empty());
    }

    // The lease runs out on the three nodes a few ms apart: no loss, no split.
    void naturalExpiryHasNoFinding()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        for (int i = 0; i < 3; ++i)
            d.acquire(t0 + i * kMs, i, "A");
        const qint16 a = d.rec.owner("A");
        for (int i = 0; i < 3; ++i)
            d.rec.expired(t0 + 30 * kS + i * 40 * kMs, d.n[i], "lock:a", a);
        d.feed();
        d.tick(t0 + 40 * kS);
        QVERIFY(d.findings.empty());
    }

    // The restart story of test_monitor_redlock: A on 3 of 3; node 3 restarts empty (A keeps
    // 2 of 3); B takes node 3; node 2 restarts empty: A and B on one node each. After the grace,
    // and not before: split, and A's quorum lost (two of its keys vanished, it holds 1 of 3).
    void restartsLoseTheQuorumAndSplit()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        for (int i = 0; i < 3; ++i)
            d.acquire(t0 + i * kMs, i, "A");
        const qint16 a = d.rec.owner("A");
        d.rec.lost(t0 + 5 * kS, d.n[2], "lock:a", a, kLostWithRestart);
        d.feed();
        QCOMPARE(d.view.of("lock:a").holder, QByteArray("A"));
        QCOMPARE(d.view.of("lock:a").holderNodes, 2);
        d.acquire(t0 + 6 * kS, 2, "B");
        QCOMPARE(d.view.of("lock:a").holder, QByteArray("A"));
        const qint64 tLost = t0 + 8 * kS;
        d.rec.lost(tLost, d.n[1], "lock:a", a, kLostWithRestart);
        d.feed();
        QCOMPARE(d.view.of("lock:a").holder, QByteArray());
        const qint64 grace = QuorumOptions().graceMs * kMs;
        d.tick(tLost + grace - 1);
        QVERIFY(d.findings.empty());
        d.tick(tLost + grace);
        QCOMPARE(d.count(QuorumFinding::Kind::Split), 1);
        QCOMPARE(d.count(QuorumFinding::Kind::QuorumLost), 1);
        const QuorumFinding *lost = d.first(QuorumFinding::Kind::QuorumLost);
        QCOMPARE(lost->ownerName, QByteArray("A"));
        QCOMPARE(lost->lostNodes, 2);
        QCOMPARE(lost->ownerNodes, 1);
        QCOMPARE(lost->sinceUs, tLost);
        QVERIFY(lost->sentence().contains(QStringLiteral("lock:a")));
        const QuorumFinding *split = d.first(QuorumFinding::Kind::Split);
        QCOMPARE(split->sinceUs, tLost);
        QCOMPARE(split->state.presentNodes, 2);
        // B completes its majority: B holds it, and nothing is found twice.
        d.acquire(tLost + grace + 1 * kS, 1, "B");
        QCOMPARE(d.view.of("lock:a").holder, QByteArray("B"));
        QCOMPARE(d.view.of("lock:a").holderNodes, 2);
        d.tick(tLost + 10 * grace);
        QCOMPARE(int(d.findings.size()), 2);
    }

    // Another owner taking the majority from a holder that lost keys is certain at once: no
    // grace for that.
    void takingTheMajorityFromALosingHolderIsFoundAtOnce()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        for (int i = 0; i < 3; ++i)
            d.acquire(t0 + i * kMs, i, "A");
        const qint16 a = d.rec.owner("A");
        d.rec.lost(t0 + 5 * kS, d.n[1], "lock:a", a, kLostWithRestart);
        d.rec.lost(t0 + 5 * kS + 1 * kMs, d.n[2], "lock:a", a, kLostWithRestart);
        d.feed();
        d.acquire(t0 + 5 * kS + 100 * kMs, 1, "B");
        d.acquire(t0 + 5 * kS + 102 * kMs, 2, "B");
        QCOMPARE(d.count(QuorumFinding::Kind::QuorumLost), 1);
        QCOMPARE(d.first(QuorumFinding::Kind::QuorumLost)->timeUs, t0 + 5 * kS + 102 * kMs);
        QCOMPARE(d.count(QuorumFinding::Kind::Split), 0); // 100 ms without majority: in grace
    }

    // A client that released two nodes and died before the third: no loss (it released), but
    // its last key alone is a split once the grace is over.
    void releaseIsNoLossButALeftoverKeyIsASplit()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        for (int i = 0; i < 3; ++i)
            d.acquire(t0 + i * kMs, i, "A");
        const qint16 a = d.rec.owner("A");
        d.rec.released(t0 + 1 * kS, d.n[0], "lock:a", a);
        d.rec.released(t0 + 1 * kS + 2 * kMs, d.n[1], "lock:a", a);
        d.feed();
        d.tick(t0 + 1 * kS + 2 * kMs + QuorumOptions().graceMs * kMs);
        QCOMPARE(d.count(QuorumFinding::Kind::QuorumLost), 0);
        QCOMPARE(d.count(QuorumFinding::Kind::Split), 1);
    }

    // A key that only ever lives on one node (a counter beside the lock, a single-server lock)
    // is no split, however long it stays; the same key once on two nodes is.
    void aKeyOnOneNodeOnlyIsNoSplit()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        d.acquire(t0, 0, "A");
        d.tick(t0 + 60 * kS);
        QCOMPARE(d.count(QuorumFinding::Kind::Split), 0);
        d.acquire(t0 + 61 * kS, 1, "B");
        d.tick(t0 + 61 * kS + QuorumOptions().graceMs * kMs);
        QCOMPARE(d.count(QuorumFinding::Kind::Split), 1);
        QCOMPARE(d.first(QuorumFinding::Kind::Split)->sinceUs, t0 + 61 * kS);
    }

    // One node given a shorter lease than the others: the deadlines differ by 10 s while the
    // keys were set within 4 ms. The same token renewed node after node is no drift.
    void differentLeasesAreClockDrift()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        d.acquire(t0, 0, "A", 30000);
        d.acquire(t0 + 2 * kMs, 1, "A", 30000);
        QCOMPARE(d.count(QuorumFinding::Kind::ClockDrift), 0);
        d.acquire(t0 + 4 * kMs, 2, "A", 20000);
        QCOMPARE(d.count(QuorumFinding::Kind::ClockDrift), 1);
        const QuorumFinding *f = d.first(QuorumFinding::Kind::ClockDrift);
        // Deadlines t0+30 s, t0+2 ms+30 s, t0+4 ms+20 s: spread 30 s+2 ms - (20 s+4 ms).
        QCOMPARE(f->deadlineSpreadMs, 30000 + 2 - (20000 + 4));
        QCOMPARE(f->acquireSpreadMs, 4);
        QCOMPARE(f->ownerName, QByteArray("A"));

        Deployment ok;
        for (int i = 0; i < 3; ++i)
            ok.acquire(t0 + i * kMs, i, "B", 30000);
        const qint16 b = ok.rec.owner("B");
        for (int i = 0; i < 3; ++i) { // each renewal leaves the others' deadlines 10 s behind
            ok.rec.ttlChanged(t0 + 10 * kS + i * 50 * kMs, ok.n[i], "lock:a", b, 30000, true);
            ok.feed();
        }
        QVERIFY(ok.findings.empty());
    }

    // A re-read finds one node's TTL 3 s lower than counted (its clock runs fast): drift.
    void aTtlThatFallsFasterOnOneNodeIsClockDrift()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        for (int i = 0; i < 3; ++i)
            d.acquire(t0 + i * kMs, i, "A", 30000);
        const qint16 a = d.rec.owner("A");
        // At t0+5 s node 3 (set at t0+2 ms) should have 25002 ms left; it says 22002.
        d.rec.ttlChanged(t0 + 5 * kS, d.n[2], "lock:a", a, 22002, false);
        d.feed();
        QCOMPARE(d.count(QuorumFinding::Kind::ClockDrift), 1);
        // Deadlines: node 2's t0+1 ms+30 s is the latest, node 3's t0+5 s+22002 ms the earliest.
        QCOMPARE(d.first(QuorumFinding::Kind::ClockDrift)->deadlineSpreadMs,
                 (1 + 30000) - (5000 + 22002));
    }

    // The monitor's own lag is no drift: node 1's copy, set at t0, is read a second late (its
    // TTL 29,000 ms then); node 2's, set at t0+1.2 s, at once. The monitor saw them set 200 ms
    // apart and their deadlines are 1.2 s apart: within the tolerance (a loaded machine, or
    // the re-read interval without notifications, makes such lags), so nothing is found.
    void aMonitorsReadLagIsNoDrift()
    {
        Deployment d;
        const qint64 t0 = 1000 * kS;
        d.acquire(t0 + 1000 * kMs, 0, "A", 29000);
        d.acquire(t0 + 1200 * kMs, 1, "A", 30000);
        d.acquire(t0 + 1201 * kMs, 2, "A", 30000);
        QCOMPARE(d.count(QuorumFinding::Kind::ClockDrift), 0);
    }

    // A snapshot (set()) gives the same holders as the events.
    void snapshotRowsGiveTheHolders()
    {
        QuorumView v(kNodes);
        v.set(0, 0, "lock:x", "A", 1000);
        v.set(0, 1, "lock:x", "A", 1000);
        v.set(0, 2, "lock:x", "B", 1000);
        v.set(0, 0, "lock:y", "C", 1000);
        const std::vector<KeyQuorum> keys = v.keys();
        QCOMPARE(int(keys.size()), 2);
        QCOMPARE(keys[0].holder, QByteArray("A"));
        QCOMPARE(keys[0].perNode, (QList<QByteArray>{"A", "A", "B"}));
        QCOMPARE(keys[1].holder, QByteArray());
        QCOMPARE(keys[1].presentNodes, 1);
        const QJsonObject json = keys[0].toJson(kNodes);
        QCOMPARE(json.value(QStringLiteral("holder")).toString(), QStringLiteral("A"));
        QCOMPARE(json.value(QStringLiteral("holder_nodes")).toInt(), 2);
        QVERIFY(keys[0].text(kNodes).contains(QStringLiteral("127.0.0.1:7623 B")));
    }
};

QTEST_GUILESS_MAIN(TestQuorumView)
#include "test_quorum_view.moc"
