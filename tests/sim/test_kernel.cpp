// The event kernel's order: by time, ties by the order of scheduling, whatever bucket of its
// calendar an entry lands in. Every expected order below is written out by hand from the
// schedule in the test, not taken from a run of the kernel.
#include <QTest>

#include "sim/kernel.h"

#include <vector>

using namespace lockscope;

class TestKernel : public QObject {
    Q_OBJECT

private slots:
    void ordersByTimeThenBySchedulingOrder()
    {
        Kernel k;
        std::vector<int> ran;
        const auto mark = [&](int id) { return [&ran, id] { ran.push_back(id); }; };
        // All in the first 128 µs bucket, scheduled out of order, with ties at 50 µs.
        k.at(100, mark(1));
        k.at(50, mark(2));
        k.at(120, mark(3));
        k.at(50, mark(4));
        k.at(10, mark(5));
        k.at(100, mark(6));
        k.runUntil(1'000'000);
        QCOMPARE(ran, (std::vector<int>{5, 2, 4, 1, 6, 3}));
        QCOMPARE(k.now(), qint64(120));
    }

    void entriesAWholeRingAheadWaitTheirTurn()
    {
        // The ring covers 2048 buckets of 128 µs (262,144 µs): 300,000 µs lands in bucket 295
        // (2343 - 2048), with 37,856 µs (300,000 - 262,144) and 37,800 µs; 10 µs and 524,298 µs
        // (two rings on) share bucket 0.
        Kernel k;
        std::vector<int> ran;
        const auto mark = [&](int id) { return [&ran, id] { ran.push_back(id); }; };
        k.at(300'000, mark(1));
        k.at(37'856, mark(2));
        k.at(524'298, mark(3));
        k.at(10, mark(4));
        k.at(37'800, mark(5)); // sorted in before 37,856 and 300,000 in their bucket
        k.at(300'000, mark(6));
        k.runUntil(10'000'000);
        QCOMPARE(ran, (std::vector<int>{4, 5, 2, 1, 6, 3}));
    }

    void farEntriesKeepTheirOrderWithNearerOnesOfTheSameTime()
    {
        // 300,000 µs is more than a ring (262,144 µs) past 0 when 1 is scheduled, but not past
        // 100,000 µs when 2 is: same time, so 1 (scheduled first) runs first. 3 lies two rings
        // ahead of 2's scheduling; 4 is scheduled from 2 for the same instant as 3.
        Kernel k;
        std::vector<int> ran;
        k.at(300'000, [&] { ran.push_back(1); });
        k.at(100'000, [&] {
            ran.push_back(5);
            k.at(300'000, [&] { ran.push_back(2); });
            k.at(700'000, [&] { ran.push_back(3); });
        });
        k.at(200'000, [&] { k.at(700'000, [&] { ran.push_back(4); }); });
        k.runUntil(10'000'000);
        QCOMPARE(ran, (std::vector<int>{5, 1, 2, 3, 4}));
        QCOMPARE(k.now(), qint64(700'000));
    }

    void anEmptyRingJumpsToFarEntriesAndStopsShortOfThem()
    {
        // Only far entries pending: runUntil() stops short of them and the clock stands at its
        // end; entries scheduled from there, nearer and further, still run in time order.
        Kernel k;
        std::vector<int> ran;
        k.at(1'000'000, [&] { ran.push_back(1); });
        k.runUntil(500'000);
        QVERIFY(ran.empty());
        QCOMPARE(k.now(), qint64(500'000));
        k.at(600'000, [&] { ran.push_back(2); });
        k.at(900'000, [&] { ran.push_back(3); }); // more than a ring past 500,000
        k.at(999'999, [&] { ran.push_back(4); });
        k.runUntil(2'000'000);
        QCOMPARE(ran, (std::vector<int>{2, 3, 4, 1}));
        QCOMPARE(k.now(), qint64(1'000'000)); // the last action's time: the queue ran dry
    }

    void actionsScheduleMoreActionsAndThePastRunsNow()
    {
        Kernel k;
        std::vector<int> ran;
        k.at(1000, [&] {
            ran.push_back(1);
            k.at(500, [&] { ran.push_back(2); });  // in the past: runs now, after what is queued
            k.at(1000, [&] { ran.push_back(3); }); // now, scheduled after 2
            k.at(1001, [&] { ran.push_back(4); });
        });
        k.at(1000, [&] { ran.push_back(5); }); // queued for 1000 before 2 and 3 were scheduled
        k.runUntil(2000);
        QCOMPARE(ran, (std::vector<int>{1, 5, 2, 3, 4}));
    }

    void runUntilStopsBeforeLaterEntries()
    {
        Kernel k;
        std::vector<int> ran;
        k.at(100, [&] { ran.push_back(1); });
        k.at(5000, [&] { ran.push_back(2); });
        k.runUntil(4999);
        QCOMPARE(ran, (std::vector<int>{1}));
        QCOMPARE(k.now(), qint64(4999));
        k.at(4999, [&] { ran.push_back(3); }); // scheduled at the new now, before 5000
        k.runUntil(10'000);
        QCOMPARE(ran, (std::vector<int>{1, 3, 2}));
    }
};

QTEST_GUILESS_MAIN(TestKernel)
#include "test_kernel.moc"
