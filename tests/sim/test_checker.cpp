// The checker against hand-written event sequences: every figure below is worked out by hand from
// the timeline in the test, never taken from a run of the code under test.
#include <QJsonObject>
#include <QTest>

#include "events/event_log.h"
#include "sim/checker.h"

#include <algorithm>
#include <vector>

using namespace lockscope;

namespace {

constexpr quint32 kCounter = 100; // the key id used for the protected counter

// A compact timeline: statements separated by ';', each "<ms> <client> <op> [<key>] [<n>]".
// The client is a letter (A = 0, B = 1, ...). Keys are "k<id>" (k1 -> key id 1). Operations:
//   start k         AcquireStarted          acquire k [ms]  Acquired (latency in ms, default 0)
//   enter k         CriticalEnter           exit k          CriticalExit
//   release k       Released (value 1)      crash           ClientCrashed
//   write           ResourceWrite (counter) stale           StaleRejected (counter)
//   attempt k       AcquireAttempt          gaveup k        AcquireGaveUp
std::vector<Event> timeline(const QString &text)
{
    std::vector<Event> out;
    const auto statements = text.split(QLatin1Char(';'), Qt::SkipEmptyParts);
    for (const auto &statement : statements) {
        const QString simple = statement.simplified();
        if (simple.isEmpty())
            continue;
        const auto words = simple.split(QLatin1Char(' '));
        if (words.size() < 3)
            qFatal("bad timeline statement: %s", qPrintable(statement));
        Event e;
        e.timeUs = words[0].toLongLong() * 1000;
        e.client = qint16(words[1].at(0).unicode() - u'A');
        const QString &op = words[2];
        const auto key = [&] {
            if (words.size() < 4 || !words[3].startsWith(QLatin1Char('k')))
                qFatal("statement needs a key: %s", qPrintable(statement));
            return quint32(words[3].mid(1).toUInt());
        };
        if (op == QLatin1String("start")) {
            e.kind = EventKind::AcquireStarted;
            e.key = key();
            e.value = 1;
        } else if (op == QLatin1String("acquire")) {
            e.kind = EventKind::Acquired;
            e.key = key();
            e.value = words.size() > 4 ? words[4].toLongLong() * 1000 : 0;
        } else if (op == QLatin1String("enter")) {
            e.kind = EventKind::CriticalEnter;
            e.key = key();
        } else if (op == QLatin1String("exit")) {
            e.kind = EventKind::CriticalExit;
            e.key = key();
        } else if (op == QLatin1String("release")) {
            e.kind = EventKind::Released;
            e.key = key();
            e.value = 1;
        } else if (op == QLatin1String("crash")) {
            e.kind = EventKind::ClientCrashed;
        } else if (op == QLatin1String("write")) {
            e.kind = EventKind::ResourceWrite;
            e.node = kResourceNode;
            e.key = kCounter;
        } else if (op == QLatin1String("stale")) {
            e.kind = EventKind::StaleRejected;
            e.node = kResourceNode;
            e.key = kCounter;
        } else if (op == QLatin1String("attempt")) {
            e.kind = EventKind::AcquireAttempt;
            e.key = key();
        } else if (op == QLatin1String("gaveup")) {
            e.kind = EventKind::AcquireGaveUp;
            e.key = key();
        } else {
            qFatal("unknown timeline operation: %s", qPrintable(op));
        }
        out.push_back(e);
    }
    return out;
}

std::vector<Event> timeline(const char *text)
{
    return timeline(QString::fromUtf8(text));
}

Event keyEvent(EventKind kind, qint64 timeMs, qint16 client, qint16 owner, quint32 key,
               qint64 value = 0, qint16 node = 0)
{
    Event e;
    e.timeUs = timeMs * 1000;
    e.kind = kind;
    e.client = client;
    e.owner = owner;
    e.key = key;
    e.value = value;
    e.node = node;
    return e;
}

CheckReport check(std::span<const Event> events, int clients, qint64 endUs)
{
    Checker checker(clients);
    for (const auto &e : events)
        checker.consume(e);
    return checker.finish(endUs);
}

std::vector<Finding::Kind> kindsOf(const CheckReport &r)
{
    std::vector<Finding::Kind> kinds;
    for (const auto &f : r.findings)
        kinds.push_back(f.kind);
    return kinds;
}

} // namespace

class TestChecker : public QObject {
    Q_OBJECT

private slots:
    void overlap_data();
    void overlap();
    void violationFinding();
    void crashClosesEveryKey();
    void mistakenDeletion_data();
    void mistakenDeletion();
    void stuckLock_data();
    void stuckLock();
    void lostUpdates_data();
    void lostUpdates();
    void staleWritesRejected();
    void starvation_data();
    void starvation();
    void attemptsAndGiveUps();
    void latencyPercentiles_data();
    void latencyPercentiles();
    void fairness_data();
    void fairness();
    void commandCounts();
    void noAcquisitionNoFigures();
    void findingsSortedByTime();
    void checkLogMatchesStreaming();
    void unconsumedKindsChangeNothing();
    void reportJson();
    void safeVerdict();
};

void TestChecker::overlap_data()
{
    QTest::addColumn<QString>("events");
    QTest::addColumn<qint64>("endMs");
    QTest::addColumn<qint64>("violations");
    QTest::addColumn<qint64>("overlapUs");

    // A inside 10..50, B inside 30..70: both inside from 30 to 50.
    QTest::newRow("two clients overlap")
        << "10 A enter k1; 30 B enter k1; 50 A exit k1; 70 B exit k1" << qint64(100) << qint64(1)
        << qint64(20000);
    QTest::newRow("B enters as A leaves")
        << "10 A enter k1; 20 A exit k1; 20 B enter k1; 30 B exit k1" << qint64(100) << qint64(0)
        << qint64(0);
    QTest::newRow("one after the other")
        << "10 A enter k1; 20 A exit k1; 25 B enter k1; 30 B exit k1" << qint64(100) << qint64(0)
        << qint64(0);
    // The same client entering again (a nested acquire) is not a second holder.
    QTest::newRow("same client nested")
        << "10 A enter k1; 20 A enter k1; 40 A exit k1" << qint64(100) << qint64(0) << qint64(0);
    QTest::newRow("different keys") << "10 A enter k1; 20 B enter k2; 40 A exit k1; 50 B exit k2"
                                    << qint64(100) << qint64(0) << qint64(0);
    // B enters at 10 and C at 20 (two violations); two or more are inside from 10 until B
    // leaves at 40 (A leaving at 30 still leaves B and C): 30 ms.
    QTest::newRow("three clients")
        << "0 A enter k1; 10 B enter k1; 20 C enter k1; 30 A exit k1; 40 B exit k1; 50 C exit k1"
        << qint64(100) << qint64(2) << qint64(30000);
    // A crash ends A's critical section: B alone from 35 on.
    QTest::newRow("crash closes the overlap")
        << "10 A enter k1; 20 B enter k1; 35 A crash; 60 B exit k1" << qint64(100) << qint64(1)
        << qint64(15000);
    QTest::newRow("enter after the holder crashed")
        << "10 A enter k1; 20 A crash; 30 B enter k1; 40 B exit k1" << qint64(100) << qint64(0)
        << qint64(0);
    // Still overlapping when the run ends at 100: closed at the end.
    QTest::newRow("open at the end")
        << "10 A enter k1; 40 B enter k1" << qint64(100) << qint64(1) << qint64(60000);
    // Two overlaps on different keys are summed: 20 ms on k1, 30 ms on k2.
    QTest::newRow("overlaps on two keys")
        << "0 A enter k1; 0 C enter k2; 10 B enter k1; 30 B exit k1; 50 A exit k1; "
           "60 D enter k2; 90 D exit k2; 100 C exit k2"
        << qint64(100) << qint64(2) << qint64(50000);
    // The same pair overlapping twice: 10 + 20 ms.
    QTest::newRow("two overlaps in one hold")
        << "0 A enter k1; 10 B enter k1; 20 B exit k1; 50 B enter k1; 70 B exit k1; 100 A exit k1"
        << qint64(200) << qint64(2) << qint64(30000);
    QTest::newRow("exit of a client never inside")
        << "10 A enter k1; 20 B exit k1; 30 A exit k1" << qint64(100) << qint64(0) << qint64(0);
}

void TestChecker::overlap()
{
    QFETCH(QString, events);
    QFETCH(qint64, endMs);
    QFETCH(qint64, violations);
    QFETCH(qint64, overlapUs);

    const auto r = check(timeline(events), 4, endMs * 1000);
    QCOMPARE(r.violations, violations);
    QCOMPARE(r.overlapUs, overlapUs);
    QCOMPARE(
        qint64(std::count_if(r.findings.begin(), r.findings.end(),
                             [](const Finding &f) { return f.kind == Finding::Kind::Violation; })),
        violations);
    QCOMPARE(r.safe(), violations == 0);
}

void TestChecker::violationFinding()
{
    const auto r =
        check(timeline("10 A enter k7; 30 B enter k7; 50 A exit k7; 70 B exit k7"), 2, 100000);
    QCOMPARE(r.findings.size(), std::size_t(1));
    const Finding &f = r.findings.front();
    QCOMPARE(f.kind, Finding::Kind::Violation);
    QCOMPARE(f.timeUs, qint64(30000));
    QCOMPARE(f.key, quint32(7));
    QCOMPARE(f.client, qint16(1)); // B entered...
    QCOMPARE(f.other, qint16(0));  // ...while A was inside
    QCOMPARE(QByteArray(findingKindId(f.kind)), QByteArrayLiteral("violation"));
}

void TestChecker::crashClosesEveryKey()
{
    // A holds k1 and k2, B joins both; A's crash at 40 ends both overlaps: 30 + 20 ms.
    const auto r = check(timeline("0 A enter k1; 0 A enter k2; 10 B enter k1; 20 B enter k2; "
                                  "40 A crash; 80 B exit k1; 90 B exit k2"),
                         2, 100000);
    QCOMPARE(r.violations, qint64(2));
    QCOMPARE(r.overlapUs, qint64(50000));
}

void TestChecker::mistakenDeletion_data()
{
    QTest::addColumn<int>("deleter");
    QTest::addColumn<int>("owner");
    QTest::addColumn<qint64>("expected");

    QTest::newRow("B deletes A's lock") << 1 << 0 << qint64(1);
    QTest::newRow("A deletes its own lock") << 0 << 0 << qint64(0);
    QTest::newRow("no client: data loss") << int(kNoClient) << 0 << qint64(0);
    QTest::newRow("owner unknown") << 1 << int(kNoClient) << qint64(0);
}

void TestChecker::mistakenDeletion()
{
    QFETCH(int, deleter);
    QFETCH(int, owner);
    QFETCH(qint64, expected);

    const std::vector<Event> events{
        keyEvent(EventKind::KeyDeleted, 42, qint16(deleter), qint16(owner), 3, 0, 2)};
    const auto r = check(events, 2, 100000);
    QCOMPARE(r.mistakenDeletions, expected);
    QCOMPARE(r.safe(), expected == 0);
    QCOMPARE(qint64(r.findings.size()), expected);
    if (expected) {
        const Finding &f = r.findings.front();
        QCOMPARE(f.kind, Finding::Kind::MistakenDeletion);
        QCOMPARE(f.timeUs, qint64(42000));
        QCOMPARE(f.key, quint32(3));
        QCOMPARE(f.client, qint16(deleter));
        QCOMPARE(f.other, qint16(owner));
        QCOMPARE(f.node, qint16(2));
    }
}

void TestChecker::stuckLock_data()
{
    QTest::addColumn<QString>("events");
    QTest::addColumn<int>("owner");
    QTest::addColumn<qint64>("ttl");
    QTest::addColumn<qint64>("expected");

    QTest::newRow("crashed owner, no TTL")
        << "0 A start k1; 1 A acquire k1; 2 A enter k1; 5 A crash" << 0 << qint64(-1) << qint64(1);
    QTest::newRow("crashed owner, key with a TTL")
        << "0 A start k1; 1 A acquire k1; 5 A crash" << 0 << qint64(4000) << qint64(0);
    // The owner's reply was lost: it never believed it acquired, so it will never release.
    QTest::newRow("owner never acquired")
        << "0 A start k1; 9 A gaveup k1" << 0 << qint64(-1) << qint64(1);
    QTest::newRow("owner released")
        << "0 A start k1; 1 A acquire k1; 5 A release k1" << 0 << qint64(-1) << qint64(1);
    QTest::newRow("owner still holds")
        << "0 A start k1; 1 A acquire k1" << 0 << qint64(-1) << qint64(0);
    QTest::newRow("nested: one of two holds released")
        << "0 A start k1; 1 A acquire k1; 2 A acquire k1; 3 A release k1" << 0 << qint64(-1)
        << qint64(0);
    QTest::newRow("owner holds another key")
        << "0 A start k2; 1 A acquire k2" << 0 << qint64(-1) << qint64(1);
    QTest::newRow("no owner") << "0 A start k1; 1 A acquire k1; 5 A crash" << int(kNoClient)
                              << qint64(-1) << qint64(0);
}

void TestChecker::stuckLock()
{
    QFETCH(QString, events);
    QFETCH(int, owner);
    QFETCH(qint64, ttl);
    QFETCH(qint64, expected);

    auto list = timeline(events);
    list.push_back(keyEvent(EventKind::KeyFinal, 90, kNoClient, qint16(owner), 1, ttl, 1));
    const auto r = check(list, 2, 100000);
    QCOMPARE(r.stuckLocks, expected);
    QCOMPARE(
        qint64(std::count_if(r.findings.begin(), r.findings.end(),
                             [](const Finding &f) { return f.kind == Finding::Kind::StuckLock; })),
        expected);
    if (expected) {
        const auto it = std::find_if(r.findings.begin(), r.findings.end(), [](const Finding &f) {
            return f.kind == Finding::Kind::StuckLock;
        });
        QCOMPARE(it->timeUs, qint64(90000));
        QCOMPARE(it->key, quint32(1));
        QCOMPARE(it->client, qint16(owner));
        QCOMPARE(it->node, qint16(1));
    }
}

void TestChecker::lostUpdates_data()
{
    QTest::addColumn<int>("writes");
    QTest::addColumn<QList<qint64>>("finals");
    QTest::addColumn<qint64>("expected");

    QTest::newRow("none lost") << 5 << QList<qint64>{5} << qint64(0);
    QTest::newRow("two lost") << 5 << QList<qint64>{3} << qint64(2);
    QTest::newRow("nothing written") << 0 << QList<qint64>{0} << qint64(0);
    QTest::newRow("counter above the writes") << 3 << QList<qint64>{4} << qint64(0);
    QTest::newRow("two counters summed") << 10 << QList<qint64>{4, 3} << qint64(3);
    QTest::newRow("counter never written") << 4 << QList<qint64>{} << qint64(4);
}

void TestChecker::lostUpdates()
{
    QFETCH(int, writes);
    QFETCH(QList<qint64>, finals);
    QFETCH(qint64, expected);

    std::vector<Event> events;
    for (int i = 0; i < writes; ++i) {
        const auto w = timeline(QStringLiteral("%1 A write").arg(i + 1));
        events.push_back(w.front());
    }
    qint64 actual = 0;
    for (qsizetype i = 0; i < finals.size(); ++i) {
        events.push_back(keyEvent(EventKind::CounterFinal, 90, kNoClient, kNoClient,
                                  kCounter + quint32(i), finals[i], kResourceNode));
        actual += finals[i];
    }
    const auto r = check(events, 1, 100000);
    QCOMPARE(r.counterExpected, qint64(writes));
    QCOMPARE(r.counterActual, actual);
    QCOMPARE(r.lostUpdates, expected);
    QCOMPARE(r.safe(), expected == 0);
    const auto it = std::find_if(r.findings.begin(), r.findings.end(), [](const Finding &f) {
        return f.kind == Finding::Kind::LostUpdate;
    });
    QCOMPARE(it != r.findings.end(), expected > 0);
    if (expected) {
        QCOMPARE(it->value, expected);
        QCOMPARE(it->timeUs, qint64(100000));
    }
}

void TestChecker::staleWritesRejected()
{
    const auto r =
        check(timeline("1 A write; 2 B stale; 3 A stale; 4 B write; 5 B stale"), 2, 10000);
    QCOMPARE(r.staleWritesRejected, qint64(3));
    QCOMPARE(r.counterExpected, qint64(2));
    // A rejected write is not a violation.
    QCOMPARE(r.violations, qint64(0));
}

void TestChecker::starvation_data()
{
    QTest::addColumn<QString>("events");
    QTest::addColumn<qint64>("starved");
    QTest::addColumn<QList<int>>("starvedClients");

    QTest::newRow("B never acquired")
        << "0 A start k1; 1 B start k1; 2 A acquire k1" << qint64(1) << QList<int>{1};
    QTest::newRow("B crashed while waiting")
        << "0 A start k1; 1 B start k1; 2 A acquire k1; 3 B crash" << qint64(0) << QList<int>{};
    QTest::newRow("B never tried") << "0 A start k1; 2 A acquire k1" << qint64(0) << QList<int>{};
    QTest::newRow("both got it") << "0 A start k1; 1 B start k1; 2 A acquire k1; 9 B acquire k1"
                                 << qint64(0) << QList<int>{};
    QTest::newRow("nobody got it")
        << "0 A start k1; 1 B start k1; 5 C start k1" << qint64(3) << QList<int>{0, 1, 2};
    // Giving up is not getting in.
    QTest::newRow("gave up") << "0 A start k1; 1 B start k1; 2 A acquire k1; 9 B gaveup k1"
                             << qint64(1) << QList<int>{1};
}

void TestChecker::starvation()
{
    QFETCH(QString, events);
    QFETCH(qint64, starved);
    QFETCH(QList<int>, starvedClients);

    const auto r = check(timeline(events), 3, 50000);
    QCOMPARE(r.starvedClients, starved);
    QList<int> found;
    for (const auto &f : r.findings) {
        if (f.kind == Finding::Kind::Starvation) {
            found.append(f.client);
            QCOMPARE(f.timeUs, qint64(50000));
        }
    }
    QCOMPARE(found, starvedClients);
}

void TestChecker::attemptsAndGiveUps()
{
    const auto r = check(timeline("0 A start k1; 1 B start k1; 2 A acquire k1; 3 B attempt k1; "
                                  "4 B attempt k1; 5 B attempt k1; 6 B gaveup k1"),
                         2, 10000);
    QCOMPARE(r.acquisitions, qint64(1));
    QCOMPARE(r.failedAttempts, qint64(3));
    QCOMPARE(r.gaveUp, qint64(1));
}

void TestChecker::latencyPercentiles_data()
{
    QTest::addColumn<QList<qint64>>("latenciesUs");
    QTest::addColumn<double>("p50");
    QTest::addColumn<double>("p99");
    QTest::addColumn<double>("max");

    // Nearest rank: the ceil(p * n)-th smallest value.
    // No acquisition: no percentile at all (-1 here), not 0 ms.
    QTest::newRow("none") << QList<qint64>{} << -1.0 << -1.0 << -1.0;
    QTest::newRow("one") << QList<qint64>{5000} << 5.0 << 5.0 << 5.0;
    // n = 3: p50 -> rank 2, p99 -> rank 3.
    QTest::newRow("three") << QList<qint64>{30000, 10000, 20000} << 20.0 << 30.0 << 30.0;
    // n = 4: p50 -> rank 2, p99 -> rank 4.
    QTest::newRow("four") << QList<qint64>{4000, 1000, 3000, 2000} << 2.0 << 4.0 << 4.0;
    QList<qint64> hundred, twoHundred;
    for (int i = 0; i < 100; ++i)
        hundred.append(qint64((i * 37) % 100 + 1) * 1000); // 1..100 ms, shuffled
    for (int i = 0; i < 200; ++i)
        twoHundred.append(qint64(200 - i) * 1000); // 200..1 ms, descending
    // n = 100: ranks 50 and 99; n = 200: ranks 100 and 198.
    QTest::newRow("1..100 ms") << hundred << 50.0 << 99.0 << 100.0;
    QTest::newRow("1..200 ms") << twoHundred << 100.0 << 198.0 << 200.0;
    QTest::newRow("sub-millisecond") << QList<qint64>{250, 750} << 0.25 << 0.75 << 0.75;
}

void TestChecker::latencyPercentiles()
{
    QFETCH(QList<qint64>, latenciesUs);
    QFETCH(double, p50);
    QFETCH(double, p99);
    QFETCH(double, max);

    std::vector<Event> events;
    for (qsizetype i = 0; i < latenciesUs.size(); ++i) {
        Event e;
        e.kind = EventKind::Acquired;
        e.timeUs = i * 1000;
        e.client = qint16(i % 4);
        e.key = 1;
        e.value = latenciesUs[i];
        events.push_back(e);
    }
    const auto r = check(events, 4, 1000000);
    QCOMPARE(r.acquisitions, qint64(latenciesUs.size()));
    QCOMPARE(r.latencyP50Ms.value_or(-1), p50);
    QCOMPARE(r.latencyP99Ms.value_or(-1), p99);
    QCOMPARE(r.latencyMaxMs.value_or(-1), max);
}

void TestChecker::noAcquisitionNoFigures()
{
    // Two clients tried for the whole run and never got in, after 595 commands: no latency,
    // no cost per acquisition and no fairness exist. Made-up figures (0 ms, 0.0 commands, a
    // "perfectly fair" 1.000) would read as a fast, cheap, fair lock.
    std::vector<Event> events = timeline("0 A start k1; 0 B start k1");
    for (int i = 0; i < 595; ++i) {
        Event e;
        e.kind = EventKind::CommandSent;
        e.client = qint16(i % 2);
        e.node = 0;
        e.timeUs = 1000 + i;
        events.push_back(e);
    }
    const auto r = check(events, 2, 30000);
    QCOMPARE(r.acquisitions, qint64(0));
    QCOMPARE(r.starvedClients, qint64(2));
    QCOMPARE(r.commands, qint64(595));
    QVERIFY(!r.latencyP50Ms.has_value());
    QVERIFY(!r.latencyP99Ms.has_value());
    QVERIFY(!r.latencyMaxMs.has_value());
    QVERIFY(!r.commandsPerAcquisition().has_value());
    QVERIFY(!r.fairness.has_value());
    const QJsonObject json = r.toJson();
    QVERIFY(json.value(QStringLiteral("commands_per_acquisition")).isNull());
    QVERIFY(json.value(QStringLiteral("fairness")).isNull());
    const QJsonObject latency = json.value(QStringLiteral("acquire_latency_ms")).toObject();
    for (const char *p : {"p50", "p99", "max"})
        QVERIFY2(latency.value(QLatin1String(p)).isNull(), p);
}

void TestChecker::fairness_data()
{
    QTest::addColumn<QList<int>>("acquisitions"); // per client; -1: never tried
    QTest::addColumn<double>("expected");         // -1: no data

    // Jain: (sum x)^2 / (n * sum x^2) over the clients that tried.
    QTest::newRow("[1,1]") << QList<int>{1, 1} << 1.0;
    QTest::newRow("[2,0]") << QList<int>{2, 0} << 0.5;
    QTest::newRow("[3,1]") << QList<int>{3, 1} << 0.8;              // 16 / (2 * 10)
    QTest::newRow("[4,0,0,0]") << QList<int>{4, 0, 0, 0} << 0.25;   // 16 / (4 * 16)
    QTest::newRow("[1,2,3]") << QList<int>{1, 2, 3} << 36.0 / 42.0; // 36 / (3 * 14)
    QTest::newRow("[5,5,5,5]") << QList<int>{5, 5, 5, 5} << 1.0;
    // A client that never tried is not counted.
    QTest::newRow("[2,never]") << QList<int>{2, -1} << 1.0;
    // Nobody acquired: there is nothing to be fair or unfair about.
    QTest::newRow("nobody tried") << QList<int>{-1, -1} << -1.0;
    QTest::newRow("[0,0] both starved") << QList<int>{0, 0} << -1.0;
}

void TestChecker::fairness()
{
    QFETCH(QList<int>, acquisitions);
    QFETCH(double, expected);

    QString events;
    for (qsizetype c = 0; c < acquisitions.size(); ++c) {
        const QChar name(u'A' + int(c));
        if (acquisitions[c] < 0)
            continue;
        events += QStringLiteral("0 %1 start k1;").arg(name);
        for (int i = 0; i < acquisitions[c]; ++i)
            events += QStringLiteral("1 %1 acquire k1; 2 %1 release k1;").arg(name);
    }
    const auto r = check(timeline(events), int(acquisitions.size()), 10000);
    if (expected < 0) {
        QVERIFY2(!r.fairness, qPrintable(QString::number(r.fairness.value_or(0))));
        return;
    }
    QVERIFY(r.fairness.has_value());
    QVERIFY2(qAbs(*r.fairness - expected) < 1e-12,
             qPrintable(QStringLiteral("fairness %1, expected %2").arg(*r.fairness).arg(expected)));
}

void TestChecker::commandCounts()
{
    std::vector<Event> events;
    auto add = [&](EventKind kind, qint16 node, int times) {
        for (int i = 0; i < times; ++i) {
            Event e;
            e.kind = kind;
            e.client = 0;
            e.node = node;
            e.timeUs = qint64(events.size());
            events.push_back(e);
        }
    };
    add(EventKind::CommandSent, 0, 3);
    add(EventKind::CommandSent, 4, 2);             // another lock node (redlock)
    add(EventKind::CommandSent, kResourceNode, 5); // the counter: counted apart
    add(EventKind::CommandSent, kNoNode, 1);       // no node: neither
    add(EventKind::ReplyReceived, 0, 7);           // replies are not commands
    for (const auto &e : timeline("10 A start k1; 11 A acquire k1; 12 A release k1; "
                                  "13 A start k1; 14 A acquire k1; 15 A release k1"))
        events.push_back(e);
    const auto r = check(events, 1, 100000);
    QCOMPARE(r.commands, qint64(5));
    QCOMPARE(r.resourceCommands, qint64(5));
    QCOMPARE(r.acquisitions, qint64(2));
    QCOMPARE(r.commandsPerAcquisition().value_or(-1), 2.5);

    const auto none = check({}, 0, 0);
    QVERIFY(!none.commandsPerAcquisition().has_value());
}

void TestChecker::findingsSortedByTime()
{
    // Streaming findings come first in the stream, end-of-run findings later; a stuck lock whose
    // KeyFinal is stamped earlier than a violation must still sort before it. Equal times keep
    // their order (lost update, then starvation).
    std::vector<Event> events = timeline("0 A start k1; 1 A acquire k1; 2 A enter k1; 3 A crash; "
                                         "5 B start k2; 6 C start k2; 7 B acquire k2; "
                                         "80 B enter k2; 85 D enter k2; 86 B write");
    events.push_back(keyEvent(EventKind::KeyDeleted, 70, 1, 2, 5, 0, 0));
    events.push_back(keyEvent(EventKind::KeyFinal, 60, kNoClient, 0, 1, -1, 0));
    events.push_back(
        keyEvent(EventKind::CounterFinal, 95, kNoClient, kNoClient, kCounter, 0, kResourceNode));
    const auto r = check(events, 4, 100000);

    const std::vector<Finding::Kind> expected{
        Finding::Kind::StuckLock,        // 60 ms
        Finding::Kind::MistakenDeletion, // 70 ms
        Finding::Kind::Violation,        // 85 ms
        Finding::Kind::LostUpdate,       // 100 ms (end)
        Finding::Kind::Starvation,       // 100 ms (end): C
    };
    QCOMPARE(kindsOf(r), expected);
    QCOMPARE(r.findings[0].timeUs, qint64(60000));
    QCOMPARE(r.findings[1].timeUs, qint64(70000));
    QCOMPARE(r.findings[2].timeUs, qint64(85000));
    QCOMPARE(r.findings[4].client, qint16(2));
    for (std::size_t i = 1; i < r.findings.size(); ++i)
        QVERIFY(r.findings[i - 1].timeUs <= r.findings[i].timeUs);
}

void TestChecker::unconsumedKindsChangeNothing()
{
    // The simulator leaves out the kinds kindsConsumed() does not name (sim_world.h): each of
    // them, sent beside every event of a run with findings of every sort, must change nothing.
    std::vector<Event> base;
    auto add = [&](qint64 tMs, EventKind kind, qint16 client, quint32 key, qint64 value = 0,
                   qint16 owner = kNoClient, qint16 node = kNoNode) {
        base.push_back(keyEvent(kind, tMs, client, owner, key, value, node));
    };
    const quint32 k = 1;
    const quint32 counter = 2;
    add(0, EventKind::AcquireStarted, 0, k, 1);
    add(0, EventKind::CommandSent, 0, 0, 0, kNoClient, 0);
    add(1, EventKind::Acquired, 0, k, 1000);
    add(1, EventKind::CriticalEnter, 0, k);
    add(2, EventKind::AcquireStarted, 1, k, 1);
    add(2, EventKind::AcquireAttempt, 1, k, 0);
    add(2, EventKind::AcquireStarted, 2, k, 1);
    add(3, EventKind::CommandSent, 0, 0, 0, kNoClient, kResourceNode);
    add(40, EventKind::Acquired, 1, k, 38000);
    add(40, EventKind::CriticalEnter, 1, k);
    add(50, EventKind::ResourceWrite, 0, counter, 1, kNoClient, kResourceNode);
    add(50, EventKind::StaleRejected, 2, counter, 3, kNoClient, kResourceNode);
    add(51, EventKind::CriticalExit, 0, k);
    add(52, EventKind::KeyDeleted, 0, k, 0, 1, 0);
    add(53, EventKind::Released, 0, k, 1);
    add(60, EventKind::ResourceWrite, 1, counter, 1, kNoClient, kResourceNode);
    add(61, EventKind::CriticalExit, 1, k);
    add(62, EventKind::ClientCrashed, 1, 0);
    add(70, EventKind::AcquireGaveUp, 2, k);
    add(99, EventKind::KeyFinal, kNoClient, k, -1, 1, 0);
    add(99, EventKind::CounterFinal, kNoClient, counter, 1, kNoClient, kResourceNode);

    const quint64 consumed = Checker().kindsConsumed();
    QVERIFY(consumed != ~quint64(0)); // otherwise this test proves nothing
    std::vector<Event> withOthers;
    int others = 0;
    for (const Event &e : base) {
        withOthers.push_back(e);
        for (unsigned kind = 0; kind <= unsigned(EventKind::GapEnded); ++kind) {
            if (consumed & eventKindBit(EventKind(kind)))
                continue;
            Event other = e;
            other.kind = EventKind(kind);
            withOthers.push_back(other);
            ++others;
        }
    }
    QVERIFY(others > 0);
    const CheckReport expected = check(base, 3, 99000);
    const CheckReport got = check(withOthers, 3, 99000);
    QVERIFY(expected.violations > 0 && expected.mistakenDeletions > 0 && expected.stuckLocks > 0);
    QCOMPARE(got.toJson(), expected.toJson());
    QCOMPARE(kindsOf(got), kindsOf(expected));
}

void TestChecker::checkLogMatchesStreaming()
{
    EventLog log;
    log.info().clients = {"A", "B", "C"};
    const quint32 k = log.strings().intern("lock:0");
    const quint32 counter = log.strings().intern("counter:lock:0");
    auto add = [&](qint64 tMs, EventKind kind, qint16 client, quint32 key, qint64 value = 0,
                   qint16 owner = kNoClient, qint16 node = kNoNode) {
        Event e;
        e.timeUs = tMs * 1000;
        e.kind = kind;
        e.client = client;
        e.key = key;
        e.value = value;
        e.owner = owner;
        e.node = node;
        log.consume(e);
    };
    add(0, EventKind::AcquireStarted, 0, k, 1);
    add(0, EventKind::CommandSent, 0, 0, 0, kNoClient, 0);
    add(1, EventKind::Acquired, 0, k, 1000);
    add(1, EventKind::CriticalEnter, 0, k);
    add(2, EventKind::AcquireStarted, 1, k, 1);
    add(2, EventKind::AcquireStarted, 2, k, 1);
    add(3, EventKind::CommandSent, 0, 0, 0, kNoClient, kResourceNode);
    add(40, EventKind::Acquired, 1, k, 38000);
    add(40, EventKind::CriticalEnter, 1, k);
    add(50, EventKind::ResourceWrite, 0, counter, 1, kNoClient, kResourceNode);
    add(51, EventKind::CriticalExit, 0, k);
    add(52, EventKind::KeyDeleted, 0, k, 0, 1, 0);
    add(60, EventKind::ResourceWrite, 1, counter, 1, kNoClient, kResourceNode);
    add(61, EventKind::CriticalExit, 1, k);
    add(62, EventKind::ClientCrashed, 1, 0);
    add(99, EventKind::KeyFinal, kNoClient, k, -1, 1, 0);
    add(99, EventKind::CounterFinal, kNoClient, counter, 1, kNoClient, kResourceNode);

    const CheckReport fromLog = checkLog(log);
    const CheckReport streamed = check(log.events(), 3, 99000);

    // Worked out by hand: B entered at 40 while A was inside until 51 (11 ms); A's DEL removed
    // B's value; B crashed leaving a key with no TTL; two writes, counter 1; C starved.
    QCOMPARE(fromLog.violations, qint64(1));
    QCOMPARE(fromLog.overlapUs, qint64(11000));
    QCOMPARE(fromLog.mistakenDeletions, qint64(1));
    QCOMPARE(fromLog.stuckLocks, qint64(1));
    QCOMPARE(fromLog.lostUpdates, qint64(1));
    QCOMPARE(fromLog.starvedClients, qint64(1));
    QCOMPARE(fromLog.commands, qint64(1));
    QCOMPARE(fromLog.resourceCommands, qint64(1));
    QCOMPARE(fromLog.latencyP50Ms.value_or(-1), 1.0);
    QCOMPARE(fromLog.latencyP99Ms.value_or(-1), 38.0);
    QCOMPARE(fromLog.endUs, qint64(99000));

    QCOMPARE(fromLog.toJson(), streamed.toJson());
    QCOMPARE(fromLog.findings.size(), streamed.findings.size());
    for (std::size_t i = 0; i < fromLog.findings.size(); ++i) {
        const auto &a = fromLog.findings[i];
        const auto &b = streamed.findings[i];
        QCOMPARE(a.kind, b.kind);
        QCOMPARE(a.timeUs, b.timeUs);
        QCOMPARE(a.key, b.key);
        QCOMPARE(a.client, b.client);
        QCOMPARE(a.other, b.other);
        QCOMPARE(a.node, b.node);
        QCOMPARE(a.value, b.value);
    }
}

void TestChecker::reportJson()
{
    auto events = timeline("10 A start k1; 11 A acquire k1 2; 11 A enter k1; 20 B start k1; "
                           "30 B acquire k1 10; 30 B enter k1; 45 A exit k1; 50 B exit k1");
    const auto o = check(events, 2, 123456).toJson();
    QCOMPARE(o.value(QStringLiteral("violations")).toInteger(), qint64(1));
    QCOMPARE(o.value(QStringLiteral("overlap_ms")).toDouble(), 15.0);
    QCOMPARE(o.value(QStringLiteral("acquisitions")).toInteger(), qint64(2));
    QCOMPARE(o.value(QStringLiteral("sim_time_ms")).toDouble(), 123.456);
    QCOMPARE(o.value(QStringLiteral("fairness")).toDouble(), 1.0);
    const auto latency = o.value(QStringLiteral("acquire_latency_ms")).toObject();
    QCOMPARE(latency.value(QStringLiteral("p50")).toDouble(), 2.0);
    QCOMPARE(latency.value(QStringLiteral("p99")).toDouble(), 10.0);
    QCOMPARE(latency.value(QStringLiteral("max")).toDouble(), 10.0);
    for (const char *field : {"mistaken_deletions", "stuck_locks", "lost_updates",
                              "stale_writes_rejected", "starved_clients", "commands"})
        QVERIFY2(o.contains(QLatin1String(field)), field);
}

void TestChecker::safeVerdict()
{
    QVERIFY(check(timeline("0 A enter k1; 5 A exit k1"), 1, 10000).safe());
    QVERIFY(!check(timeline("0 A enter k1; 1 B enter k1"), 2, 10000).safe());
    // Stale rejections and starvation are not unsafe.
    QVERIFY(check(timeline("0 A stale; 1 B start k1"), 2, 10000).safe());
}

QTEST_GUILESS_MAIN(TestChecker)
#include "test_checker.moc"
