// The monitor's pure parts: putting keyspace notifications and racing reads back in order
// (KeyChangeTracker), what notify-keyspace-events covers and how to enable it, the anomaly
// rules, the bounded read commands, and the recording's event kinds and owner table.
#include "monitor/anomaly_index.h"
#include "monitor/anomaly_rules.h"
#include "monitor/key_change_tracker.h"
#include "monitor/key_entry.h"
#include "monitor/key_reader.h"
#include "monitor/key_table.h"
#include "monitor/monitor_explain.h"
#include "monitor/monitor_recorder.h"
#include "monitor/notify_config.h"
#include "monitor/scan_pacer.h"
#include "redis/connection.h"
#include "util/steps_in_turns.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

using namespace lockscope;

namespace {

KeySnapshot value(const QByteArray &key, const QByteArray &v, qint64 atUs = 0)
{
    KeySnapshot s;
    s.key = key;
    s.type = KeyType::String;
    s.pttlMs = 1000;
    s.string = v;
    s.length = v.size();
    s.readAtUs = atUs;
    return s;
}

KeySnapshot gone(const QByteArray &key, qint64 atUs = 0)
{
    KeySnapshot s;
    s.key = key;
    s.type = KeyType::None;
    s.pttlMs = -2;
    s.readAtUs = atUs;
    return s;
}

// "S:A@10 D@20 U@30 X@40", with the key when `withKey`.
QString render(const std::vector<KeyObservation> &list, bool withKey = false)
{
    QStringList parts;
    for (const auto &o : list) {
        QString p;
        switch (o.kind) {
        case KeyObservation::Kind::Snapshot:
            p = QStringLiteral("S:") + (o.snapshot.exists() ? QString::fromUtf8(o.snapshot.string)
                                                            : QStringLiteral("gone"));
            break;
        case KeyObservation::Kind::Deleted:
            p = QStringLiteral("D");
            break;
        case KeyObservation::Kind::Expired:
            p = QStringLiteral("X");
            break;
        case KeyObservation::Kind::Unread:
            p = QStringLiteral("U");
            break;
        }
        if (withKey)
            p = QString::fromUtf8(o.key) + QLatin1Char('/') + p;
        parts << p + QLatin1Char('@') + QString::number(o.timeUs);
    }
    return parts.join(QLatin1Char(' '));
}

// AnomalyRules::evaluate() over a whole table, in key order: what AnomalyIndex must match.
QList<Anomaly> evaluateTable(const QHash<QByteArray, KeyEntry> &table, qint64 now,
                             const AnomalyThresholds &t)
{
    std::vector<const KeyEntry *> list;
    for (const KeyEntry &e : table)
        list.push_back(&e);
    std::sort(list.begin(), list.end(),
              [](const KeyEntry *a, const KeyEntry *b) { return a->key < b->key; });
    return AnomalyRules::evaluate(list, now, t);
}

} // namespace

class TestMonitorLogic : public QObject {
    Q_OBJECT
private slots:
    void trackerSimpleWrite();
    void trackerOneReadForSetAndExpire();
    void trackerBatchSetDelSet();
    void trackerRacingReadsResolvedByTheNextRead();
    void trackerLateReadSawTheNextOwner();
    void trackerChangeThenDeleteOfAnExistingKey();
    void trackerStalePoll();
    void trackerOrdersAcrossKeys();
    void trackerResetAndFailures();
    void trackerGoneWithoutDeleteNotification();
    void notifyConfig_data();
    void notifyConfig();
    void anomalyRules();
    void anomalyIndexMatchesFullEvaluation_data();
    void anomalyIndexFirstOfManyKeys();
    void anomalyIndexWaitsForDueDeadlines();
    void anomalyIndexMatchesFullEvaluation();
    void roomIsMadeOneStepPerTurn();
    void readCommandsAreBoundedReads();
    void scanCountersFromInfoText();
    void scanPacerFollowsTheServersCost();
    void recorderEventKinds();
    void recorderOwnerNames();
    void snapshotLineIsWhatQJsonWrites();
    void tableKeysInOrderFollowRows();
    void tableTtlChangeOutlastsTheReadWindow();
};

void TestMonitorLogic::trackerSimpleWrite()
{
    KeyChangeTracker t;
    QVERIFY(t.notify("k", "set", 10));
    const quint64 r = t.readSent("k");
    QVERIFY(t.take().empty());
    t.readDone("k", r, value("k", "A", 12));
    QCOMPARE(render(t.take()), QStringLiteral("S:A@10"));
    QVERIFY(!t.hasUnexplainedOps());
    QVERIFY(!t.notify("k", "del", 20)); // a delete needs no read
    QCOMPARE(render(t.take()), QStringLiteral("D@20"));
    QVERIFY(!t.notify("k", "new", 25)); // ignored
    QVERIFY(!t.notify("k", "expired", 30));
    QCOMPARE(render(t.take()), QStringLiteral("X@30"));
}

void TestMonitorLogic::trackerOneReadForSetAndExpire()
{
    // SET k v NX PX 1000 notifies "set" and "expire": one read explains both.
    KeyChangeTracker t;
    t.notify("k", "set", 10);
    t.notify("k", "expire", 11);
    const quint64 r = t.readSent("k");
    t.readDone("k", r, value("k", "A", 12));
    QCOMPARE(render(t.take()), QStringLiteral("S:A@10"));
    QVERIFY(!t.hasUnexplainedOps());
}

void TestMonitorLogic::trackerBatchSetDelSet()
{
    // A acquires and releases, B acquires, all before the monitor sends its read: the read
    // shows B's value; A's value was never seen.
    KeyChangeTracker t;
    t.notify("k", "set", 10);
    t.notify("k", "del", 20);
    t.notify("k", "set", 30);
    const quint64 r = t.readSent("k");
    t.readDone("k", r, value("k", "B", 31));
    QCOMPARE(render(t.take()), QStringLiteral("U@10 D@20 S:B@30"));
    QCOMPARE(t.unreadWrites(), qint64(1));
}

void TestMonitorLogic::trackerRacingReadsResolvedByTheNextRead()
{
    // A's read was sent before A released; it comes back after the release and B's set were
    // heard. It shows A, B's read shows B: A's value belongs to A's generation.
    KeyChangeTracker t;
    t.notify("k", "set", 10);
    const quint64 r1 = t.readSent("k");
    t.notify("k", "del", 20);
    t.notify("k", "set", 30);
    const quint64 r2 = t.readSent("k");
    t.readDone("k", r1, value("k", "A", 11));
    QVERIFY(t.take().empty()); // it waits for B's read to tell
    t.readDone("k", r2, value("k", "B", 31));
    QCOMPARE(render(t.take()), QStringLiteral("S:A@10 D@20 S:B@30"));
    QCOMPARE(t.unreadWrites(), qint64(0));
}

void TestMonitorLogic::trackerLateReadSawTheNextOwner()
{
    // A's read ran on the server after B's set: both reads show B.
    KeyChangeTracker t;
    t.notify("k", "set", 10);
    const quint64 r1 = t.readSent("k");
    t.notify("k", "del", 20);
    t.notify("k", "set", 30);
    const quint64 r2 = t.readSent("k");
    t.readDone("k", r1, value("k", "B", 31));
    t.readDone("k", r2, value("k", "B", 32));
    QCOMPARE(render(t.take()), QStringLiteral("U@10 D@20 S:B@30"));
}

void TestMonitorLogic::trackerChangeThenDeleteOfAnExistingKey()
{
    // Redisson's unlock: HINCRBY -1 then DEL. The read after hincrby finds the key gone: that
    // change of a key we knew is simply superseded by the delete.
    KeyChangeTracker t;
    const quint64 poll = t.readSent("k");
    t.readDone("k", poll, value("k", "A", 5));
    QCOMPARE(render(t.take()), QStringLiteral("S:A@5"));
    t.notify("k", "hincrby", 10);
    const quint64 r = t.readSent("k");
    t.notify("k", "del", 11);
    t.readDone("k", r, gone("k", 12));
    QCOMPARE(render(t.take()), QStringLiteral("D@11"));
    QCOMPARE(t.unreadWrites(), qint64(0));
    QCOMPARE(t.droppedWrites(), qint64(1));
}

void TestMonitorLogic::trackerStalePoll()
{
    KeyChangeTracker t;
    const quint64 poll = t.readSent("k");
    t.notify("k", "set", 10); // heard after the poll was sent: the poll may predate it
    t.readDone("k", poll, value("k", "old", 11));
    QVERIFY(t.take().empty());
    const quint64 r = t.readSent("k");
    t.readDone("k", r, value("k", "new", 12));
    QCOMPARE(render(t.take()), QStringLiteral("S:new@10"));
}

void TestMonitorLogic::trackerOrdersAcrossKeys()
{
    // k2's delete at 20 waits while k1's write at 10 is not explained yet.
    KeyChangeTracker t;
    t.notify("k1", "set", 10);
    const quint64 r = t.readSent("k1");
    t.notify("k2", "del", 20);
    QVERIFY(t.take().empty());
    t.readDone("k1", r, value("k1", "A", 21));
    QCOMPARE(render(t.take(), true), QStringLiteral("k1/S:A@10 k2/D@20"));
}

void TestMonitorLogic::trackerResetAndFailures()
{
    KeyChangeTracker t;
    t.notify("k", "set", 10);
    const quint64 before = t.readSent("k");
    t.reset(); // notifications were lost
    QVERIFY(!t.hasUnexplainedOps());
    t.readDone("k", before, value("k", "A", 11));
    QVERIFY(t.take().empty());

    t.notify("k", "set", 20);
    const quint64 r = t.readSent("k");
    KeySnapshot failed = value("k", "?", 21);
    failed.failed = true;
    t.readDone("k", r, failed);
    QVERIFY(t.take().empty());
    QVERIFY(!t.hasUnexplainedOps());
    const quint64 poll = t.readSent("k");
    t.readDone("k", poll, value("k", "A", 30));
    QCOMPARE(render(t.take()), QStringLiteral("S:A@30"));
}

void TestMonitorLogic::trackerGoneWithoutDeleteNotification()
{
    // Flags without g: no "del" is ever heard. The read says gone.
    KeyChangeTracker t;
    t.notify("k", "set", 10);
    const quint64 r = t.readSent("k");
    t.readDone("k", r, gone("k", 15));
    QCOMPARE(render(t.take()), QStringLiteral("U@10 S:gone@15"));
}

void TestMonitorLogic::notifyConfig_data()
{
    QTest::addColumn<QByteArray>("flags");
    QTest::addColumn<bool>("covers");
    QTest::addColumn<bool>("some");
    QTest::addColumn<QByteArray>("missing");
    QTest::addColumn<QByteArray>("enabling");
    QTest::newRow("off") << QByteArray("") << false << false << QByteArray("g$hx")
                         << QByteArray("Kg$hx");
    QTest::newRow("redis's own form of Kg$hx")
        << QByteArray("g$hxK") << true << true << QByteArray("") << QByteArray("g$hxK");
    QTest::newRow("all, keyspace and keyevent")
        << QByteArray("AKE") << true << true << QByteArray("") << QByteArray("AKE");
    QTest::newRow("expired only, keyevent")
        << QByteArray("Ex") << false << false << QByteArray("g$h") << QByteArray("KExg$h");
    QTest::newRow("keyspace, expired only")
        << QByteArray("Kx") << false << true << QByteArray("g$h") << QByteArray("Kxg$h");
    QTest::newRow("keyspace, strings and lists")
        << QByteArray("K$l") << false << true << QByteArray("ghx") << QByteArray("K$lghx");
    QTest::newRow("classes but no K")
        << QByteArray("g$hx") << false << false << QByteArray("") << QByteArray("Kg$hx");
}

void TestMonitorLogic::notifyConfig()
{
    QFETCH(QByteArray, flags);
    const NotifyConfig c = NotifyConfig::parse(flags);
    QTEST(c.coversMonitor(), "covers");
    QTEST(c.coversSome(), "some");
    QTEST(c.missingClasses(), "missing");
    QTEST(c.enablingValue(), "enabling");
    QFETCH(QByteArray, enabling);
    QCOMPARE(c.enablingCommand(), "CONFIG SET notify-keyspace-events " + enabling);
    QVERIFY(NotifyConfig::parse(c.enablingValue()).coversMonitor());
}

void TestMonitorLogic::anomalyRules()
{
    const qint64 now = 1'700'000'000'000'000LL;
    AnomalyThresholds t; // 5 min TTL, 60 s held, 60 changes/min, 30 s queue, 20 locks/owner
    auto lockEntry = [&](const QByteArray &key, const QByteArray &owner, qint64 ttlMs) {
        KeyEntry e;
        e.key = key;
        e.type = KeyType::String;
        e.lock.role = LockRole::Lock;
        e.lock.owner = owner;
        e.pttlMs = ttlMs;
        e.pttlReadUs = now;
        e.ownerSinceUs = now - 1000000;
        e.lastChangeUs = now - 1000000;
        return e;
    };
    std::vector<KeyEntry> entries;
    entries.push_back(lockEntry("a:no-ttl", "o1", -1));
    entries.push_back(lockEntry("b:long-ttl", "o2", 10 * 60 * 1000));
    KeyEntry held = lockEntry("c:held", "o3", 30000);
    held.ownerSinceUs = now - 70 * 1000000LL;
    entries.push_back(held);
    KeyEntry churn = lockEntry("d:churn", "o4", 30000);
    for (int i = 0; i < 61; ++i)
        churn.ownerChangesUs.push_back(now - 50 * 1000000LL + i * 1000);
    entries.push_back(churn);
    KeyEntry queue;
    queue.key = "redisson_lock_queue:{e}";
    queue.type = KeyType::List;
    queue.lock.role = LockRole::Auxiliary;
    queue.pttlMs = -1; // a queue without TTL is normal
    queue.waiters = 2;
    queue.queueHead = "waiter-1";
    queue.queueHeadSinceUs = now - 40 * 1000000LL;
    entries.push_back(queue);
    entries.push_back(lockEntry("f:fine", "o5", 30000));
    for (int i = 0; i < 21; ++i)
        entries.push_back(lockEntry("g:many:" + QByteArray::number(100 + i), "busy", 30000));

    std::vector<const KeyEntry *> list;
    for (const auto &e : entries)
        list.push_back(&e);
    const QList<Anomaly> found = AnomalyRules::evaluate(list, now, t);
    QStringList ids;
    for (const Anomaly &a : found) {
        ids << a.id;
        QVERIFY2(!a.sentence.isEmpty(), qPrintable(a.id));
        QVERIFY(AnomalyRules::ruleIds().contains(a.rule));
    }
    QCOMPARE(ids, (QStringList{
                      QStringLiteral("no-ttl:a:no-ttl"), QStringLiteral("ttl-too-long:b:long-ttl"),
                      QStringLiteral("held-too-long:c:held"), QStringLiteral("owner-churn:d:churn"),
                      QStringLiteral("queue-stuck:redisson_lock_queue:{e}"),
                      QStringLiteral("owner-holds-many:busy")}));
    QVERIFY(found[0].sentence.contains(QStringLiteral("no TTL")));
    QVERIFY(found[2].sentence.contains(QStringLiteral("70 s")));

    // Under the thresholds: nothing.
    AnomalyThresholds loose;
    loose.maxTtlMs = 0;
    loose.maxHeldMs = 0;
    loose.maxOwnerChangesPerMinute = 0;
    loose.queueStuckMs = 0;
    loose.maxLocksPerOwner = 0;
    const QList<Anomaly> onlyNoTtl = AnomalyRules::evaluate(list, now, loose);
    QCOMPARE(onlyNoTtl.size(), 1); // a lock without TTL is always worth saying
}

void TestMonitorLogic::anomalyIndexMatchesFullEvaluation_data()
{
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<int>("slice"); // keys per evaluate() call (-1: all at once)
    for (unsigned seed : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u})
        QTest::addRow("seed %u", seed) << seed << -1;
    for (unsigned seed : {11u, 12u, 13u})
        QTest::addRow("seed %u, slices of 3 keys", seed) << seed << 3;
}

// The incremental index against the full evaluation, after every step of a random run of
// key changes and quiet spells: the same list (ids, keys, owners, sentences, since), the same
// rules per key, the same "new" anomalies, the same count.
void TestMonitorLogic::anomalyIndexMatchesFullEvaluation()
{
    QFETCH(unsigned, seed);
    QFETCH(int, slice);
    std::mt19937 rng(seed);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    AnomalyThresholds t; // small, so that every rule comes and goes within the run
    t.maxTtlMs = 5000;
    t.maxHeldMs = 3000;
    t.maxOwnerChangesPerMinute = 3;
    t.queueStuckMs = 2000;
    t.maxLocksPerOwner = 3;
    const QList<QByteArray> owners = {"o1", "o2", "o3", "o4", "o5", ""};

    qint64 now = 1'700'000'000'000'000LL;
    QHash<QByteArray, KeyEntry> table;
    AnomalyIndex index(t);
    const AnomalyIndex::Lookup lookup = [&](const QByteArray &key) -> const KeyEntry * {
        const auto it = table.constFind(key);
        return it == table.cend() ? nullptr : &it.value();
    };
    auto randomEntry = [&](const QByteArray &key) {
        KeyEntry e;
        e.key = key;
        const int role = pick(0, 9);
        e.lock.role = role < 7 ? LockRole::Lock : role < 9 ? LockRole::Auxiliary : LockRole::Other;
        e.lock.owner = owners[pick(0, int(owners.size()) - 1)];
        e.lock.holders.resize(pick(0, 5) == 0 ? 2 : 1);
        e.pttlMs = pick(0, 4) == 0 ? -1 : pick(0, 12000);
        e.pttlReadUs = now - pick(0, 3000) * 1000LL;
        e.lastChangeUs = now - pick(0, 5000) * 1000LL;
        e.ownerSinceUs = pick(0, 9) == 0 ? 0 : now - pick(0, 4000) * 1000LL - pick(0, 999);
        for (int i = pick(0, 6); i > 0; --i)
            e.ownerChangesUs.push_back(now - pick(0, 70000) * 1000LL - pick(0, 999));
        if (pick(0, 2) == 0) {
            e.queueHead = owners[pick(0, 4)];
            e.waiters = pick(-1, 2);
            e.queueHeadSinceUs = now - pick(0, 3000) * 1000LL;
        }
        return e;
    };
    auto fullRules = [&](const QList<Anomaly> &found) {
        QHash<QByteArray, QStringList> byKey; // as KeyMonitor fills KeyEntry::anomalies
        for (const Anomaly &a : found) {
            if (a.rule != QLatin1String("owner-holds-many")) {
                byKey[a.key].append(a.rule);
                continue;
            }
            for (const KeyEntry &e : std::as_const(table)) {
                if (e.lock.role == LockRole::Lock && e.lock.owner == a.owner)
                    byKey[e.key].append(a.rule);
            }
        }
        return byKey;
    };
    auto describe = [](const QList<Anomaly> &list) {
        QStringList out;
        for (const Anomaly &a : list)
            out << QStringLiteral("%1|%2|%3|%4|%5")
                       .arg(a.id, QString::fromUtf8(a.key), QString::fromUtf8(a.owner), a.sentence)
                       .arg(a.sinceUs);
        return out;
    };

    QStringList previousIds;
    QHash<QByteArray, QStringList> previousRules;
    int changes = 0, appearedTotal = 0, quietAppeared = 0;
    for (int step = 0; step < 300; ++step) {
        if (step == 150) { // a big scan's room, made mid-way: every deadline must stay
            Steps room;
            index.addReserveSteps(4096, room);
            for (const auto &part : room)
                part();
        }
        now += pick(0, 1500) * 1000LL + pick(0, 999);
        const bool quiet = pick(0, 2) == 0; // time alone: only the deadlines move things
        for (int i = quiet ? 0 : pick(1, 4); i > 0; --i) {
            const QByteArray key = "k" + QByteArray::number(pick(0, 39));
            if (pick(0, 3) == 0)
                table.remove(key);
            else
                table.insert(key, randomEntry(key));
            index.touch(key);
        }
        AnomalyIndex::Update update = index.evaluate(now, lookup, slice);
        while (index.hasWaiting()) { // the window's slices, all at the same instant here
            const AnomalyIndex::Update more = index.evaluate(now, lookup, slice);
            update.keys += more.keys;
            update.idsChanged = update.idsChanged || more.idsChanged;
            if (slice < 0)
                QFAIL("keys left after an evaluate() without a limit");
        }

        const QList<Anomaly> full = evaluateTable(table, now, t);
        QCOMPARE(describe(index.anomalies(lookup)), describe(full));
        QCOMPARE(index.count(), full.size());
        QCOMPARE(describe(index.anomalies(lookup, 4)), describe(full.first(qMin(4, full.size()))));

        QStringList ids, appeared;
        for (const Anomaly &a : full) {
            ids << a.id;
            if (!previousIds.contains(a.id))
                appeared << describe({a});
        }
        if (slice < 0) // in slices, each slice's own come in order
            QCOMPARE(describe(update.appeared), appeared);
        const bool idsChanged = QSet<QString>(ids.cbegin(), ids.cend()) !=
                                QSet<QString>(previousIds.cbegin(), previousIds.cend());
        if (slice < 0)
            QCOMPARE(update.idsChanged, idsChanged);
        else if (idsChanged) // a slice may also see an owner's count pass by
            QVERIFY(update.idsChanged);
        appearedTotal += int(appeared.size());
        if (quiet)
            quietAppeared += int(appeared.size());

        const QHash<QByteArray, QStringList> rules = fullRules(full);
        for (int k = 0; k < 40; ++k) {
            const QByteArray key = "k" + QByteArray::number(k);
            QCOMPARE(index.rules(key), rules.value(key));
            if (rules.value(key) != previousRules.value(key)) {
                ++changes;
                QVERIFY2(update.keys.contains(key), key.constData()); // KeyMonitor hears of it
            }
            QList<Anomaly> mine;
            for (const Anomaly &a : full) {
                if (a.key == key)
                    mine << a;
            }
            QCOMPARE(describe(index.anomaliesOf(key, lookup)), describe(mine));
        }
        previousIds = ids;
        previousRules = rules;
    }
    // The run did exercise the rules, including anomalies that time alone brought.
    QVERIFY(changes > 50);
    QVERIFY(appearedTotal > 50);
    QVERIFY(quietAppeared > 0);
}

// The list's first anomalies of a table with more keys than the index keeps in order
// (AnomalyIndex::kFirstKept, 2,048): keys arriving in random order, the smallest leaving,
// all compared with the full evaluation's first ones, including when so many of the first
// keys left that the index must sort them all again.
// Room for a big scan is made one hash per event-loop turn (util/steps_in_turns.h): the steps
// run in order, later, each in a turn of its own (another timer's turns come in between), and
// `done` after the last; they stop when they are no longer wanted, or with their context.
void TestMonitorLogic::roomIsMadeOneStepPerTurn()
{
    QString trace;
    QTimer otherWork; // a turn of something else: every pass of the event loop
    otherWork.setInterval(0);
    connect(&otherWork, &QTimer::timeout, this, [&] {
        if (!trace.endsWith(QLatin1Char('.')))
            trace += QLatin1Char('.');
    });
    const auto letters = [&](const QString &s) {
        return Steps{[&trace, s] { trace += s[0]; }, [&trace, s] { trace += s[1]; },
                     [&trace, s] { trace += s[2]; }};
    };

    QObject context;
    bool done = false;
    runStepsInTurns(&context, letters(QStringLiteral("abc")), [&] { done = true; });
    QVERIFY(trace.isEmpty()); // nothing at once
    otherWork.start();
    QVERIFY(QTest::qWaitFor([&] { return done; }, 5000));
    otherWork.stop();
    trace.remove(0, trace.startsWith(QLatin1Char('.')) ? 1 : 0);
    QCOMPARE(trace.left(5), QStringLiteral("a.b.c"));

    // No longer wanted after the first step (a new scan began): the rest do not run.
    trace.clear();
    done = false;
    runStepsInTurns(
        &context, letters(QStringLiteral("def")), [&] { done = true; },
        [&] { return !trace.contains(QLatin1Char('d')); });
    QTest::qWait(100);
    QCOMPARE(trace, QStringLiteral("d"));
    QVERIFY(!done);

    // The context gone after the first step: nothing more runs.
    trace.clear();
    auto *owner = new QObject;
    Steps steps = letters(QStringLiteral("ghi"));
    steps[0] = [&trace, owner] {
        trace += QLatin1Char('g');
        delete owner;
    };
    runStepsInTurns(owner, std::move(steps), [&] { done = true; });
    QTest::qWait(100);
    QCOMPARE(trace, QStringLiteral("g"));
    QVERIFY(!done);
}

void TestMonitorLogic::anomalyIndexFirstOfManyKeys()
{
    std::mt19937 rng(5);
    AnomalyThresholds t;
    t.maxTtlMs = 5000; // every key below has a TTL above it: one anomaly each
    const qint64 now = 1'700'000'000'000'000LL;
    QHash<QByteArray, KeyEntry> table;
    AnomalyIndex index(t);
    const AnomalyIndex::Lookup lookup = [&](const QByteArray &key) -> const KeyEntry * {
        const auto it = table.constFind(key);
        return it == table.cend() ? nullptr : &it.value();
    };
    auto keys = [](const QList<Anomaly> &list) {
        QList<QByteArray> out;
        for (const Anomaly &a : list)
            out << a.key + ' ' + a.rule.toUtf8();
        return out;
    };
    auto check = [&](const char *when) {
        index.evaluate(now, lookup);
        const QList<Anomaly> full = evaluateTable(table, now, t);
        QVERIFY2(full.size() >= 500, when);
        for (qsizetype limit : {qsizetype(1), qsizetype(500), qsizetype(3000)})
            QVERIFY2(keys(index.anomalies(lookup, limit)) ==
                         keys(full.first(qMin(limit, full.size()))),
                     when);
    };
    std::vector<int> order(6000);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    auto put = [&](int n) {
        KeyEntry e;
        e.key = "lock:" + QByteArray::number(100000 + n);
        e.lock.role = LockRole::Lock; // no owner: no owner-holds-many
        e.pttlMs = 60000;
        e.pttlReadUs = now;
        table.insert(e.key, e);
        index.touch(e.key);
    };
    for (int n : order)
        put(n);
    check("all 6,000 in random order");
    auto drop = [&](int n) {
        const QByteArray key = "lock:" + QByteArray::number(100000 + n);
        table.remove(key);
        index.touch(key);
    };
    for (int n = 0; n < 1000; ++n) // half of those kept first
        drop(n);
    check("the first 1,000 gone");
    for (int n = 1000; n < 1900; ++n) // fewer than 500 of the kept ones left
        drop(n);
    check("the first 1,900 gone");
    for (int n = 0; n < 300; ++n) // some come back, before all that is kept
        put(n);
    check("300 back at the front");
    // A key that left the table after the last evaluate() is passed over, as before.
    table.remove("lock:100000");
    QCOMPARE(index.anomalies(lookup, 1).first().key, QByteArray("lock:100001"));
}

// A key whose deadline passed is waiting to be judged (the end of a scan judges those in slices
// too) until an evaluate() at or after the deadline has judged it.
void TestMonitorLogic::anomalyIndexWaitsForDueDeadlines()
{
    AnomalyThresholds t;
    t.maxHeldMs = 1000;
    const qint64 now = 1'700'000'000'000'000LL;
    KeyEntry e;
    e.key = "lock:a";
    e.lock.role = LockRole::Lock;
    e.lock.owner = "tok1";
    e.ownerSinceUs = now;
    e.pttlMs = 60000;
    e.pttlReadUs = now;
    AnomalyIndex index(t);
    const AnomalyIndex::Lookup lookup = [&](const QByteArray &key) -> const KeyEntry * {
        return key == e.key ? &e : nullptr;
    };
    index.touch(e.key);
    QVERIFY(index.hasWaiting());
    QVERIFY(index.evaluate(now, lookup).appeared.isEmpty()); // held for no time yet
    const qint64 due = now + (t.maxHeldMs + 1) * 1000;
    QVERIFY(!index.hasWaiting());
    QVERIFY(!index.hasWaiting(due - 1));
    QVERIFY(index.hasWaiting(due));
    const AnomalyIndex::Update update = index.evaluate(due, lookup, 10);
    QCOMPARE(update.appeared.size(), 1);
    QCOMPARE(update.appeared.first().key, e.key);
    QVERIFY(!index.hasWaiting(due));
}

void TestMonitorLogic::readCommandsAreBoundedReads()
{
    ReadLimits l;
    using C = QList<Command>;
    QCOMPARE(KeyReader::valueCommands("k", KeyType::String, l, -1, false),
             (C{{"STRLEN", "k"}, {"GETRANGE", "k", "0", "511"}}));
    QCOMPARE(KeyReader::valueCommands("k", KeyType::Hash, l, -1, false), (C{{"HLEN", "k"}}));
    QCOMPARE(KeyReader::valueCommands("k", KeyType::Hash, l, 3, false), (C{{"HGETALL", "k"}}));
    QCOMPARE(KeyReader::valueCommands("k", KeyType::Hash, l, 5000, false),
             (C{{"HSCAN", "k", "0", "COUNT", "64"}}));
    QCOMPARE(KeyReader::valueCommands("k", KeyType::Hash, l, -1, true),
             (C{{"HSCAN", "k", "0", "COUNT", "64"}}));
    QCOMPARE(KeyReader::valueCommands("k", KeyType::List, l, -1, false),
             (C{{"LLEN", "k"}, {"LRANGE", "k", "0", "15"}}));
    QCOMPARE(KeyReader::valueCommands("k", KeyType::ZSet, l, -1, false),
             (C{{"ZCARD", "k"}, {"ZRANGE", "k", "0", "15", "WITHSCORES"}}));
    QVERIFY(KeyReader::valueCommands("k", KeyType::Set, l, -1, false).isEmpty());
    // Every command the monitor sends to the data server is a read for the read-only switch.
    for (const char *name :
         {"SCAN", "TYPE", "PTTL", "STRLEN", "GETRANGE", "HLEN", "HGETALL", "HSCAN", "LLEN",
          "LRANGE", "ZCARD", "ZRANGE", "INFO", "CONFIG GET", "PSUBSCRIBE"})
        QVERIFY2(!Connection::isWriteCommand(QByteArray(name)), name);
    QVERIFY(Connection::isWriteCommand(QByteArrayLiteral("CONFIG SET")));
}

void TestMonitorLogic::recorderEventKinds()
{
    EventLog log;
    MonitorRecorder r(&log);
    const qint16 n = r.node("127.0.0.1:6379");
    const qint16 a = r.owner("tokA"), b = r.owner("tokB");
    r.acquired(100, n, "lock:x", a, "tokA", 30000);
    r.ttlChanged(200, n, "lock:x", a, 30000, true);
    r.takenOver(300, n, "lock:x", b, a, "tokB", 30000);
    r.written(350, n, "lock:x", b, "tokB", 30000);
    r.released(400, n, "lock:x", b);
    r.acquired(390, n, "lock:y", a, "tokA", 100); // a little late: the time does not go back
    r.expired(600, n, "lock:y", a);
    QCOMPARE(log.info().source, QStringLiteral("monitor"));
    QCOMPARE(log.info().clients, (QList<QByteArray>{"tokA", "tokB"}));
    QStringList kinds;
    qint64 last = 0;
    for (const Event &e : log.events()) {
        kinds << QString::fromLatin1(eventKindId(e.kind));
        QVERIFY(e.timeUs >= last);
        last = e.timeUs;
    }
    QCOMPARE(kinds.join(QLatin1Char(',')),
             QStringLiteral("key_written,acquired,key_ttl_changed,renewed,note,key_written,"
                            "acquired,key_written,key_deleted,released,key_written,acquired,"
                            "key_expired"));
    const MonitorSummary s = summarizeMonitorLog(log);
    QCOMPARE(s.acquisitions, qint64(3));
    QCOMPARE(s.takeOvers, qint64(1));
    QCOMPARE(s.releases, qint64(1));
    QCOMPARE(s.expiries, qint64(1));
    QCOMPARE(s.renewals, qint64(1));
    QCOMPARE(s.holdCountChanges, qint64(1));

    // The recording is the event log's own format: it reads back and writes out identically.
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    log.writeJsonLines(out);
    QBuffer in(&out.buffer());
    in.open(QIODevice::ReadOnly);
    EventLog back;
    QString error;
    QVERIFY2(EventLog::readJsonLines(in, &back, &error), qPrintable(error));
    QCOMPARE(back.events().size(), log.events().size());
    QBuffer again;
    again.open(QIODevice::WriteOnly);
    back.writeJsonLines(again);
    QCOMPARE(again.buffer(), out.buffer());
}

void TestMonitorLogic::recorderOwnerNames()
{
    EventLog log;
    MonitorRecorder r(&log);
    const QByteArray longA = QByteArray(30, 'a') + "MIDDLE-ONE" + QByteArray(30, 'z');
    const QByteArray longB = QByteArray(30, 'a') + "MIDDLE-TWO" + QByteArray(30, 'z');
    QCOMPARE(MonitorRecorder::shortName("short"), QByteArray("short"));
    QCOMPARE(MonitorRecorder::shortName(longA), QByteArray(20, 'a') + "…" + QByteArray(20, 'z'));
    const qint16 a = r.owner(longA);
    const qint16 b = r.owner(longB);
    QVERIFY(a != b);
    QCOMPARE(r.owner(longA), a);
    QCOMPARE(log.clientName(a), QByteArray(20, 'a') + "…" + QByteArray(20, 'z'));
    QCOMPARE(log.clientName(b), QByteArray(20, 'a') + "…" + QByteArray(20, 'z') + "#2");
    QCOMPARE(r.owner(QByteArray()), kNoClient);
    // What it gave, looked up without registering (the key table takes the same numbers).
    QCOMPARE(r.knownOwner(longA), a);
    QCOMPARE(r.knownOwner(longB), b);
    QCOMPARE(r.knownOwner("never-seen"), kNoClient);
    QCOMPARE(log.info().clients.size(), 2);
}

// The snapshot's JSON line is written by hand, eight bytes at a time where nothing needs escaping:
// it must be byte for byte what QJsonDocument writes for the same object, for strings with
// quotes, backslashes, control bytes and multi-byte UTF-8 at every offset around a word.
void TestMonitorLogic::snapshotLineIsWhatQJsonWrites()
{
    const QList<QByteArray> awkward = {
        "",
        "a",
        "plain-ascii-longer-than-a-word",
        "quote\"in",
        "back\\slash",
        "tab\tand\nnewline",
        QByteArray("nul\0inside", 10),
        "\x01\x1f\x7f",
        "caf\xc3\xa9 \xe4\xb8\xad",
        "0123456\"",
        "01234567\\",
        "0123456789abcde\x1f",
        "\"\"\"\"\"\"\"\"\"",
    };
    for (const QByteArray &text : awkward) {
        for (int pad = 0; pad < 9; ++pad) {
            const QByteArray v = QByteArray(pad, 'x') + text;
            KeyEntry e;
            e.key = "lock:" + QByteArray::number(pad);
            e.type = KeyType::String;
            e.pttlMs = -1;
            e.format = "unknown";
            e.valueText = v;
            e.lock.label = QString::fromUtf8(v);
            e.lock.note = QString::fromUtf8(v);
            e.lock.owner = v;
            e.lock.mode = v;
            e.anomalies = {QString::fromUtf8(v), QStringLiteral("max-ttl")};
            e.firstSeenUs = 1;
            e.lastChangeUs = 2;
            // Only valid UTF-8 round-trips through QString the same way for both writers.
            if (QString::fromUtf8(v).toUtf8() != v)
                continue;
            QJsonObject o{
                {QStringLiteral("anomalies"),
                 QJsonArray{QString::fromUtf8(v), QStringLiteral("max-ttl")}},
                {QStringLiteral("fencing_counter"), -1},
                {QStringLiteral("first_seen_us"), 1},
                {QStringLiteral("format"), QStringLiteral("unknown")},
                {QStringLiteral("hold_count"), 0},
                {QStringLiteral("key"), QString::fromUtf8(e.key)},
                {QStringLiteral("label"), QString::fromUtf8(v)},
                {QStringLiteral("last_change_us"), 2},
                {QStringLiteral("owner"), v.isEmpty() ? QJsonValue() : QString::fromUtf8(v)},
                {QStringLiteral("role"), QStringLiteral("other")},
                {QStringLiteral("ttl_ms"), -1},
                {QStringLiteral("type"), QStringLiteral("string")},
                {QStringLiteral("value"), QString::fromUtf8(v)},
                {QStringLiteral("waiters"), -1},
            };
            if (!v.isEmpty()) {
                o.insert(QStringLiteral("mode"), QString::fromUtf8(v));
                o.insert(QStringLiteral("note"), QString::fromUtf8(v));
            }
            QCOMPARE(e.toJsonLine(0), QJsonDocument(o).toJson(QJsonDocument::Compact));
        }
    }
}

// The poll walks KeyTable::keysInOrder() by index: it must hold every row's key once, and each
// row must know its place and keep its own contents, as rows come and go in any order, across
// the store's chunks of 1,024 entries (it grows past three, shrinks to none, grows again).
void TestMonitorLogic::tableKeysInOrderFollowRows()
{
    EventLog log;
    MonitorRecorder recorder(&log);
    KeyTable table(recorder, true);
    std::mt19937 random(7);
    std::map<int, QByteArray> expected; // key number -> the value last written
    qint64 t = 1'000'000;
    const auto write = [&](int i) {
        KeyObservation o;
        o.timeUs = ++t;
        o.key = "lock:" + QByteArray::number(i);
        o.snapshot.key = o.key;
        o.snapshot.type = KeyType::String;
        o.snapshot.pttlMs = 30000;
        o.snapshot.string = "tok" + QByteArray::number(i) + "-" + QByteArray::number(t);
        table.apply(o, false);
        expected[i] = o.snapshot.string;
    };
    const auto remove = [&](int i) {
        KeyObservation o;
        o.kind = KeyObservation::Kind::Deleted;
        o.timeUs = ++t;
        o.key = "lock:" + QByteArray::number(i);
        o.event = "del";
        table.apply(o, false);
        expected.erase(i);
    };
    const auto check = [&] {
        const std::vector<QByteArray> &order = table.keysInOrder();
        QCOMPARE(qsizetype(order.size()), table.size());
        QCOMPARE(table.size(), qsizetype(expected.size()));
        for (std::size_t at = 0; at < order.size(); ++at) {
            const KeyEntry *e = table.find(order[at]);
            QVERIFY2(e, order[at].constData());
            QCOMPARE(e->tableOrder, qsizetype(at));
            QCOMPARE(e->key, order[at]);
        }
        QSet<QByteArray> visited;
        for (const KeyEntry &e : table.rows()) {
            const int i = e.key.mid(5).toInt();
            QVERIFY2(expected.count(i), e.key.constData());
            QCOMPARE(e.valueText, expected[i]);
            visited.insert(e.key);
        }
        QCOMPARE(qsizetype(visited.size()), table.size());
    };
    for (int i = 0; i < 3000; ++i)
        write(i);
    check();
    for (int round = 0; round < 6000; ++round) {
        const int i = int(random() % 4000);
        if (random() % 2)
            write(i);
        else
            remove(i);
    }
    check();
    for (int i = 0; i < 4000; ++i)
        remove(i);
    QCOMPARE(table.size(), qsizetype(0));
    check();
    for (int i = 0; i < 1500; ++i)
        write(i);
    check();
}

// A PTTL ran somewhere between its send and its reply. A reply read late (a loaded machine, a
// stalled event loop) makes the old reading's countdown look short by the wait: that is not a
// renewal, nor is an earlier late reading a later shortening. A real renewal still is one.
void TestMonitorLogic::tableTtlChangeOutlastsTheReadWindow()
{
    EventLog log;
    MonitorRecorder recorder(&log);
    KeyTable table(recorder, true);
    const auto kinds = [&] {
        QStringList out;
        for (const Event &e : log.events())
            out << QString::fromLatin1(eventKindId(e.kind));
        return out.join(QLatin1Char(','));
    };
    const auto read = [&](qint64 sentUs, qint64 readUs, qint64 pttlMs) {
        KeyObservation o;
        o.timeUs = readUs;
        o.key = "lock:a";
        o.snapshot.key = o.key;
        o.snapshot.type = KeyType::String;
        o.snapshot.string = "55fd200007b211ef92340242ac110002";
        o.snapshot.pttlMs = pttlMs;
        o.snapshot.sentAtUs = sentUs;
        o.snapshot.readAtUs = readUs;
        table.apply(o, false);
    };
    // The key expires at 4.000 s (server time); each read says what was left when it ran.
    read(1'000'000, 1'001'000, 3000);
    read(1'400'000, 1'560'000, 2600); // ran at once, read 160 ms late: counting down
    read(2'000'000, 2'001'000, 2000); // after the late one: still counting down
    QCOMPARE(kinds(), QStringLiteral("key_written,acquired"));
    // PEXPIRE 8000 at 2.300 s, its reply read 300 ms late: a renewal all the same.
    read(2'300'000, 2'600'000, 8000);
    QCOMPARE(kinds(), QStringLiteral("key_written,acquired,key_ttl_changed,renewed"));
    // The next read, on time, does not make the late one's countdown a shortening.
    read(3'000'000, 3'001'000, 7300);
    QCOMPARE(kinds(), QStringLiteral("key_written,acquired,key_ttl_changed,renewed"));
    // A real shortening (PEXPIRE 1000) is one.
    read(3'500'000, 3'501'000, 1000);
    QCOMPARE(kinds(), QStringLiteral("key_written,acquired,key_ttl_changed,renewed,"
                                     "key_ttl_changed"));
}

// The counters come out of INFO commandstats as Redis 7 writes it, and out of an older
// server's shorter line; no line is a server that has not run SCAN; another text is no INFO.
void TestMonitorLogic::scanCountersFromInfoText()
{
    const QByteArray redis7 = "# Commandstats\r\n"
                              "cmdstat_get:calls=5,usec=10,usec_per_call=2.00,rejected_calls=0,"
                              "failed_calls=0\r\n"
                              "cmdstat_scan:calls=1234,usec=567890,usec_per_call=460.22,"
                              "rejected_calls=0,failed_calls=0\r\n"
                              "cmdstat_info:calls=3,usec=80,usec_per_call=26.67\r\n";
    auto c = scanCountersFromInfo(Reply::bulk(redis7));
    QVERIFY(c.has_value());
    QCOMPARE(c->calls, quint64(1234));
    QCOMPARE(c->usec, quint64(567890));

    c = scanCountersFromInfo(
        Reply::bulk("# Commandstats\r\ncmdstat_scan:calls=7,usec=42,usec_per_call=6.00\r\n"));
    QVERIFY(c.has_value());
    QCOMPARE(c->calls, quint64(7));
    QCOMPARE(c->usec, quint64(42));

    c = scanCountersFromInfo(Reply::bulk("# Commandstats\r\ncmdstat_get:calls=5,usec=10\r\n"));
    QVERIFY(c.has_value());
    QCOMPARE(c->calls, quint64(0));
    QCOMPARE(c->usec, quint64(0));

    QVERIFY(!scanCountersFromInfo(Reply::bulk("ERR unknown section")).has_value());
    QVERIFY(
        !scanCountersFromInfo(Reply::bulk("# Commandstats\r\ncmdstat_scan:calls=x,usec=1\r\n")));
}

// COUNT follows the cost of looking at one key: target / cost, at most doubled or halved per
// reading, within the bounds; the first reading and one after the counters went back are
// baselines; other clients' SCANs count at their share.
void TestMonitorLogic::scanPacerFollowsTheServersCost()
{
    ScanPacing pacing;
    pacing.targetUsec = 500;
    pacing.minCount = 50;
    pacing.maxCount = 2000;
    ScanPacer pacer(500, pacing);
    QCOMPARE(pacer.count(), 500);
    QVERIFY(!pacer.observe({100, 50000}, 0, 0)); // baseline
    QCOMPARE(pacer.count(), 500);

    // 8 SCANs of COUNT 500 took 8,000 us: 2 us a key, so 250 keys cost 500 us.
    QVERIFY(pacer.observe({108, 58000}, 8, 4000));
    QCOMPARE(pacer.count(), 250);
    // Cheap now (8 x 250 keys in 400 us: 0.2 us a key, 2,500 would do): at most twice as many.
    QVERIFY(pacer.observe({116, 58400}, 8, 2000));
    QCOMPARE(pacer.count(), 500);
    // Very dear (8 x 500 in 80,000 us): at most half.
    QVERIFY(pacer.observe({124, 138400}, 8, 4000));
    QCOMPARE(pacer.count(), 250);
    // Just right: no change.
    QVERIFY(!pacer.observe({132, 142400}, 8, 2000));
    QCOMPARE(pacer.count(), 250);

    // Another client ran 8 SCANs too: 16 calls, 16,000 us, 1,000 us a call; ours were COUNT
    // 250 each, so a key cost 4 us and 125 keys make 500 us.
    QVERIFY(pacer.observe({148, 158400}, 8, 2000));
    QCOMPARE(pacer.count(), 125);

    // CONFIG RESETSTAT: the counters went back, a baseline again, no change.
    QVERIFY(!pacer.observe({3, 900}, 8, 1000));
    QCOMPARE(pacer.count(), 125);
    // Fewer calls than ours since the last reading: the counters were reset in between.
    QVERIFY(!pacer.observe({5, 1000}, 8, 1000));
    QCOMPARE(pacer.count(), 125);

    // The bounds hold however cheap or dear it gets.
    for (int i = 0; i < 10; ++i)
        pacer.observe({5 + 8 * quint64(i + 1), 1000 + 8 * quint64(i + 1)}, 8, 8 * 2000);
    QCOMPARE(pacer.count(), 2000);
    ScanPacer dear(500, pacing);
    dear.observe({0, 0}, 0, 0);
    for (int i = 1; i <= 10; ++i)
        dear.observe({8 * quint64(i), 800000 * quint64(i)}, 8, 8 * 500);
    QCOMPARE(dear.count(), 50);
    // A start outside the bounds is brought into them.
    QCOMPARE(ScanPacer(10, pacing).count(), 50);
    QCOMPARE(ScanPacer(100000, pacing).count(), 2000);

    // Readings start one round apart and space out to roundsPerReading (the baseline is
    // reading 0): the starting COUNT is corrected within a few rounds.
    pacing.roundsPerReading = 16;
    QList<int> spacing;
    for (int reading = 0; reading <= 6; ++reading)
        spacing.append(pacing.roundsBeforeReading(reading));
    QCOMPARE(spacing, (QList<int>{1, 1, 2, 4, 8, 16, 16}));
    pacing.roundsPerReading = 3;
    QCOMPARE(pacing.roundsBeforeReading(2), 2);
    QCOMPARE(pacing.roundsBeforeReading(3), 3);
    QCOMPARE(pacing.roundsBeforeReading(40), 3);
    pacing.roundsPerReading = 0;
    QCOMPARE(pacing.roundsBeforeReading(4), 1);
}

QTEST_GUILESS_MAIN(TestMonitorLogic)
#include "test_monitor_logic.moc"
