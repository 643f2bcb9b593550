// The monitor against real redis-server processes: every supported lock format written by the
// test and found, decoded and counted down; the history of acquisitions, renewals, releases,
// expiries, take-overs and hold-count changes, with keyspace notifications on and off; the
// read-only switch (the server's own command statistics show no write); a server restarted
// mid-session and a server that is gone for good.
#include "monitor/key_monitor.h"
#include "monitor/key_reader.h"
#include "monitor/key_scanner.h"
#include "monitor/monitor_clock.h"
#include "monitor/monitor_run.h"
#include "monitor_test_support.h"

#include <QSignalSpy>

#include <algorithm>
#include <memory>

using namespace lockscope;
using namespace lockscope::test;

namespace {

// A read-only connection's options to the test's server, as the monitor makes them.
ConnectionOptions readOnlyTo(const RedisServer &server)
{
    ConnectionOptions o;
    o.host = server.host();
    o.port = server.port();
    o.readOnly = true;
    return o;
}

// `keys` plain keys, every `every`-th of them named lock:N, written 1,000 to an MSET.
bool writeKeys(RedisTestClient &c, int keys, int every)
{
    for (int first = 0; first < keys; first += 1000) {
        Command mset{QByteArrayLiteral("MSET")};
        for (int i = first; i < qMin(keys, first + 1000); ++i) {
            const QByteArray n = QByteArray::number(i);
            mset << (i % every == 0 ? "lock:" + n : "data:" + n) << "v";
        }
        if (c.command(mset).text() != "OK")
            return false;
    }
    return true;
}

// The smallest flags that cover the monitor (notify_config.h), and "off".
const QString kMinimalFlags = QStringLiteral("Kg$hx");

const QByteArray kRedissonA = QByteArrayLiteral("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f");
const QByteArray kRedissonC = QByteArrayLiteral("d1e2f3a4-b5c6-47d8-99aa-bbccddeeff00");

struct Expected {
    QByteArray key;
    QByteArray format;
    QByteArray owner;
    qint64 holdCount;
    qint64 waiters;
    qint64 fencing;
};

// Writes one key (or key family) of every supported format; returns what the monitor should
// make of the lock keys.
QList<Expected> writeEveryFormat(RedisTestClient &c)
{
    auto ok = [&](const Command &argv) {
        const Reply r = c.command(argv);
        if (r.failed())
            qWarning("%s: %s", commandToDisplay(argv).constData(), r.text().constData());
    };
    ok(cmd({"SET", "lock:py", "55fd200007b211ef92340242ac110002", "PX", "20000"}));
    ok(cmd({"SET", "locks:redlock-res", "3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091", "PX", "20000"}));
    ok(cmd({"SET", "lock:redsync", "AAECAwQFBgcICQoLDA0ODw==", "PX", "20000"}));
    ok(cmd({"SET", "lock:prl", "ZGVmZ2hpamtsbW5vcHFyc3R1", "PX", "20000"}));
    ok(cmd({"RPUSH", "lock-signal:prl", "1"}));
    ok(cmd({"HSET", "orders-lock", kRedissonA + ":1", "2"}));
    ok(cmd({"PEXPIRE", "orders-lock", "30000"}));
    ok(cmd({"HSET", "fair-lock", kRedissonA + ":5", "1"}));
    ok(cmd({"PEXPIRE", "fair-lock", "30000"}));
    ok(cmd({"RPUSH", "redisson_lock_queue:{fair-lock}", kRedissonC + ":7", kRedissonC + ":8"}));
    ok(cmd({"ZADD", "redisson_lock_timeout:{fair-lock}", "1714567890123", kRedissonC + ":7",
            "1714567895123", kRedissonC + ":8"}));
    ok(cmd({"HSET", "fenced-lock", kRedissonA + ":9", "1"}));
    ok(cmd({"PEXPIRE", "fenced-lock", "30000"}));
    ok(cmd({"SET", "redisson_lock_token:{fenced-lock}", "42"}));
    ok(cmd({"HSET", "rw-lock", "mode", "read", kRedissonA + ":1", "2", kRedissonC + ":3", "1"}));
    ok(cmd({"PEXPIRE", "rw-lock", "30000"}));
    ok(cmd({"SET", "lock:ls", "A:3:0badc0de", "PX", "20000"}));
    ok(cmd({"SET", "lock:ls:fence", "7"}));
    ok(cmd({"HSET", "lock:ls-re", "A:1", "3"}));
    ok(cmd({"PEXPIRE", "lock:ls-re", "20000"}));
    ok(cmd({"SET", "lock:legacy", "host-7/pid-4411"}));
    ok(cmd({"SET", "lock:big", QByteArray(10000, 'x'), "PX", "20000"}));
    Command bigHash{"HSET", "lock:bighash"};
    for (int i = 0; i < 1000; ++i)
        bigHash << "f" + QByteArray::number(i) << "v";
    ok(bigHash);
    ok(cmd({"SET", "session:1", "not a lock"}));
    return {
        {"lock:py", "redis-py", "55fd200007b211ef92340242ac110002", 1, -1, -1},
        {"locks:redlock-res", "node-redlock", "3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091", 1, -1, -1},
        {"lock:redsync", "go-redsync", "AAECAwQFBgcICQoLDA0ODw==", 1, -1, -1},
        {"lock:prl", "python-redis-lock", "ZGVmZ2hpamtsbW5vcHFyc3R1", 1, -1, -1},
        {"lock-signal:prl", "python-redis-lock-signal", "", 0, -1, -1},
        {"orders-lock", "redisson-lock", kRedissonA + ":1", 2, -1, -1},
        {"fair-lock", "redisson-fair-lock", kRedissonA + ":5", 1, 2, -1},
        {"redisson_lock_queue:{fair-lock}", "redisson-fair-queue", "", 0, 2, -1},
        {"redisson_lock_timeout:{fair-lock}", "redisson-fair-timeouts", "", 0, 2, -1},
        {"fenced-lock", "redisson-fenced-lock", kRedissonA + ":9", 1, -1, 42},
        {"redisson_lock_token:{fenced-lock}", "redisson-fence-token", "", 0, -1, -1},
        {"rw-lock", "redisson-rwlock", "2 readers", 3, -1, -1},
        {"lock:ls", "lockscope", "A:3:0badc0de", 1, -1, 7},
        {"lock:ls:fence", "lockscope-fence", "", 0, -1, -1},
        {"lock:ls-re", "lockscope-reentrant", "A:1", 3, -1, -1},
        {"lock:legacy", "unknown", "host-7/pid-4411", 1, -1, -1},
        {"lock:big", "unknown", QByteArray(64, 'x') + "…", 1, -1, -1},
        {"lock:bighash", "unknown", "", -1, -1, -1}, // -1: not checked
    };
}

} // namespace

class TestKeyMonitor : public QObject {
    Q_OBJECT
private slots:
    void scannerDeliversBatchesBeforeTheEnd();
    void scannerEstimatesABigScan();
    void scannerPacesCountByTheServersCost();
    void readerProbesStringsWithTwoCommands();
    void discoversEveryFormat_data();
    void discoversEveryFormat();
    void historyOfChanges_data();
    void historyOfChanges();
    void readOnlyEnforced();
    void enableNotificationsWhenWritesAllowed();
    void serverRestartedMidSession();
    void serverGoneForGood();
    void failsFastWhenUnreachableOrRefused();
};

// The probe (GETRANGE one byte past the limit + PTTL) reads a string in two commands and hands
// every other case to a typed read: a value cut at the limit (its length still exact), an empty
// string (which GETRANGE alone cannot tell from a missing key), a hash, a list, a missing key.
void TestKeyMonitor::readerProbesStringsWithTwoCommands()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY2(c.connect(server.host(), server.port()), qPrintable(c.errorString()));
    ReadLimits limits;
    limits.maxStringBytes = 8;
    const int kStrings = 50;
    QList<ReadRequest> requests;
    for (int i = 0; i < kStrings; ++i) {
        const QByteArray k = "lock:s" + QByteArray::number(i);
        c.command(cmd({"SET", k, "tok" + QByteArray::number(i), "PX", "60000"}));
        requests.append({k, KeyType::Unknown, quint64(i)});
    }
    c.command(cmd({"SET", "lock:exact", "12345678", "PX", "60000"}));
    c.command(cmd({"SET", "lock:cut", "123456789", "PX", "60000"}));
    c.command(cmd({"SET", "lock:empty", ""}));
    c.command(cmd({"HSET", "lock:hash", "owner:1", "2"}));
    c.command(cmd({"RPUSH", "lock:list", "a", "b"}));
    Command bigHash{"HSET", "lock:bighash"};
    for (int i = 0; i < 1000; ++i)
        bigHash << "f" + QByteArray::number(i) << "v";
    c.command(bigHash);
    for (const char *k : {"lock:exact", "lock:cut", "lock:empty", "lock:hash", "lock:list",
                          "lock:bighash", "lock:missing"})
        requests.append({QByteArray(k), KeyType::Unknown, 0});

    Connection connection(readOnlyTo(server));
    connection.open();
    c.command(cmd({"CONFIG", "RESETSTAT"}));
    QList<KeySnapshot> got;
    bool done = false;
    KeyReader::read(connection, requests, limits, [&](QList<KeySnapshot> snaps) {
        got = std::move(snaps);
        done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    QCOMPARE(got.size(), requests.size());
    for (int i = 0; i < kStrings; ++i) {
        const KeySnapshot &s = got[i];
        QVERIFY2(s.exists() && s.type == KeyType::String, s.key.constData());
        QCOMPARE(s.string, "tok" + QByteArray::number(i));
        QCOMPARE(s.length, s.string.size());
        QVERIFY(s.pttlMs > 0 && s.pttlMs <= 60000);
        QCOMPARE(s.ticket, quint64(i));
    }
    auto at = [&](const char *key) {
        for (const KeySnapshot &s : got)
            if (s.key == key)
                return s;
        return KeySnapshot{};
    };
    QCOMPARE(at("lock:exact").string, QByteArray("12345678"));
    QCOMPARE(at("lock:exact").length, 8);
    QVERIFY(!at("lock:exact").truncated());
    QCOMPARE(at("lock:cut").string, QByteArray("12345678"));
    QCOMPARE(at("lock:cut").length, 9);
    QVERIFY(at("lock:cut").truncated());
    QVERIFY(at("lock:empty").exists());
    QCOMPARE(at("lock:empty").type, KeyType::String);
    QCOMPARE(at("lock:empty").pttlMs, -1);
    QCOMPARE(at("lock:hash").type, KeyType::Hash);
    QCOMPARE(at("lock:hash").fields.size(), 1);
    QCOMPARE(at("lock:hash").fields.at(0).first, QByteArray("owner:1"));
    // A small hash is read whole by HSCAN's first page (cursor back at 0: no HLEN); a big one
    // gets one bounded page and its length from HLEN.
    QCOMPARE(at("lock:hash").length, 1);
    QCOMPARE(at("lock:bighash").length, 1000);
    QVERIFY(at("lock:bighash").fields.size() < 1000);
    QVERIFY(at("lock:bighash").truncated());
    QCOMPARE(at("lock:list").type, KeyType::List);
    QCOMPARE(at("lock:list").items, (QList<QByteArray>{"a", "b"}));
    QVERIFY(!at("lock:missing").exists());
    QVERIFY(!at("lock:missing").failed);

    // The server's own count: two commands per whole string (GETRANGE, PTTL), more only for
    // the seven keys the probe handed on.
    const QMap<QByteArray, qint64> stats = commandStats(c);
    QCOMPARE(stats.value("getrange") - stats.value("strlen"), qint64(kStrings + 7));
    QCOMPARE(stats.value("type"), qint64(5)); // cut, empty, 2 hashes, list (missing: PTTL: gone)
    QCOMPARE(stats.value("hlen"), qint64(1)); // only the big hash
    QVERIFY2(stats.value("getrange") + stats.value("pttl") + stats.value("type") +
                     stats.value("strlen") <=
                 2 * kStrings + 30,
             "too many commands for the probe");
}

void TestKeyMonitor::scannerDeliversBatchesBeforeTheEnd()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY2(c.connect(server.host(), server.port()), qPrintable(c.errorString()));
    for (int i = 0; i < 2000; ++i) {
        const QByteArray n = QByteArray::number(i);
        c.command(i % 10 == 0 ? cmd({"SET", "lock:" + n, "tok" + n, "PX", "60000"})
                              : cmd({"SET", "data:" + n, "v"}));
    }
    Connection connection(readOnlyTo(server));
    connection.open();
    KeyScanner scanner(&connection, "*lock*", 100, ReadLimits());
    int batches = 0, keys = 0, batchesBeforeEnd = 0;
    bool finished = false;
    quint64 lastProgress = 0;
    bool progressGrows = true;
    connect(&scanner, &KeyScanner::batchReady, this, [&](const QList<KeySnapshot> &snaps) {
        ++batches;
        if (!finished)
            ++batchesBeforeEnd;
        for (const KeySnapshot &s : snaps) {
            keys += s.exists() && s.type == KeyType::String && s.pttlMs > 0 &&
                    s.string.startsWith("tok");
        }
    });
    connect(&scanner, &KeyScanner::progress, this, [&](quint64 found, quint64) {
        progressGrows = progressGrows && found >= lastProgress;
        lastProgress = found;
    });
    connect(&scanner, &KeyScanner::finished, this, [&] { finished = true; });
    scanner.start();
    QTRY_VERIFY_WITH_TIMEOUT(finished, 10000);
    QVERIFY2(batches >= 5, qPrintable(QString::number(batches)));
    QCOMPARE(batchesBeforeEnd, batches); // every batch came before the scan ended
    QVERIFY(progressGrows);
    QCOMPARE(keys, 200);
    QVERIFY(scanner.rounds() >= 10);

    // Cancelled: nothing more is emitted.
    int afterCancel = 0;
    finished = false;
    connect(&scanner, &KeyScanner::batchReady, this, [&] { ++afterCancel; });
    scanner.start();
    scanner.cancel();
    QTest::qWait(300);
    QCOMPARE(afterCancel, 0);
    QVERIFY(!finished);
}

// With pacing on, the COUNT follows the server's own cost of SCAN (INFO commandstats, read
// behind the SCANs): a target far below what any SCAN costs brings it down to the floor, one far
// above up to the ceiling, and every lock key is found either way. A user whose ACL refuses
// INFO keeps the starting COUNT and still gets every key.
void TestKeyMonitor::scannerPacesCountByTheServersCost()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY2(c.connect(server.host(), server.port()), qPrintable(c.errorString()));
    constexpr int kKeys = 20000, kEvery = 10;
    QVERIFY(writeKeys(c, kKeys, kEvery));
    QCOMPARE(
        c.command(cmd({"ACL", "SETUSER", "noinfo", "on", ">pw", "~*", "-@all", "+@read"})).text(),
        QByteArray("OK"));

    struct Outcome {
        bool finished = false;
        int count = 0;
        int countAtRound8 = 0;
        quint64 rounds = 0;
        QSet<QByteArray> locks;
    };
    const auto scan = [&](const ConnectionOptions &options, int start, qint64 targetUsec,
                          int roundsPerReading = 2) {
        Connection connection(options);
        connection.open();
        KeyScanner scanner(&connection, "*lock*", start, ReadLimits());
        ScanPacing pacing;
        pacing.targetUsec = targetUsec;
        pacing.minCount = 20;
        pacing.maxCount = 2000;
        pacing.roundsPerReading = roundsPerReading;
        scanner.setPacing(pacing);
        Outcome out;
        connect(&scanner, &KeyScanner::progress, this, [&](quint64, quint64 rounds) {
            if (rounds == 8)
                out.countAtRound8 = scanner.count();
        });
        connect(&scanner, &KeyScanner::batchReady, this, [&](const QList<KeySnapshot> &snaps) {
            for (const KeySnapshot &s : snaps)
                out.locks.insert(s.key);
        });
        connect(&scanner, &KeyScanner::finished, this, [&] { out.finished = true; });
        scanner.start();
        out.finished = QTest::qWaitFor([&] { return out.finished; }, 30000);
        out.count = scanner.count();
        out.rounds = scanner.rounds();
        return out;
    };

    // No SCAN costs less than a microsecond for a key's worth: down to the floor.
    const Outcome down = scan(readOnlyTo(server), 1000, 0);
    QVERIFY(down.finished);
    QCOMPARE(down.locks.size(), kKeys / kEvery);
    QCOMPARE(down.count, 20);
    QVERIFY2(down.rounds > kKeys / 1000 * 4, qPrintable(QString::number(down.rounds)));

    // Ten seconds a SCAN would be fine: up to the ceiling.
    const Outcome up = scan(readOnlyTo(server), 20, 10'000'000);
    QVERIFY(up.finished);
    QCOMPARE(up.locks.size(), kKeys / kEvery);
    QCOMPARE(up.count, 2000);

    // A scan's first rounds are read one, two, four... rounds apart, not roundsPerReading: by
    // the eighth round three readings have halved the COUNT (each read back before the SCAN
    // after the next one goes out), where one reading per 16 rounds would not have moved it.
    const Outcome early = scan(readOnlyTo(server), 1000, 0, 16);
    QVERIFY(early.finished);
    QCOMPARE(early.locks.size(), kKeys / kEvery);
    QVERIFY2(early.countAtRound8 > 0 && early.countAtRound8 <= 250,
             qPrintable(QString::number(early.countAtRound8)));

    // INFO refused (NOPERM): the COUNT stays where it started.
    ConnectionOptions noInfo = readOnlyTo(server);
    noInfo.username = QStringLiteral("noinfo");
    noInfo.password = QStringLiteral("pw");
    const Outcome kept = scan(noInfo, 300, 0);
    QVERIFY(kept.finished);
    QCOMPARE(kept.locks.size(), kKeys / kEvery);
    QCOMPARE(kept.count, 300);
}

// A scan of a big keyspace says early how many keys it will find (DBSIZE times the share found
// so far), so that the monitor and the window make room for them once instead of rehashing as
// they come; a small keyspace, found in fewer rounds than the estimate waits for, gets none.
// The monitor applies no reply before that room is made (its tables reserve while empty), and
// without an estimate (DBSIZE refused) it applies them as they come once the estimate's rounds
// have passed, not only when the scan ends.
void TestKeyMonitor::scannerEstimatesABigScan()
{
    RedisServer server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY2(c.connect(server.host(), server.port()), qPrintable(c.errorString()));
    constexpr int kKeys = 20000, kEvery = 10; // 2,000 lock keys among 20,000
    QVERIFY(writeKeys(c, kKeys, kEvery));
    Connection connection(readOnlyTo(server));
    connection.open();
    const auto scan = [&](int count, bool estimate, QList<quint64> *estimates) {
        KeyScanner scanner(&connection, "*lock*", count, ReadLimits());
        scanner.setEstimateSize(estimate);
        bool finished = false;
        connect(&scanner, &KeyScanner::sizeEstimated, this,
                [&](quint64 keys) { estimates->append(keys); });
        connect(&scanner, &KeyScanner::finished, this, [&] { finished = true; });
        scanner.start();
        return QTest::qWaitFor([&] { return finished; }, 20000);
    };
    QList<quint64> estimates;
    QVERIFY(scan(100, true, &estimates)); // 200 rounds: the estimate after the 4th
    QCOMPARE(estimates.size(), 1);
    const quint64 locks = kKeys / kEvery;
    QVERIFY2(estimates[0] >= locks / 2 && estimates[0] <= locks * 2,
             qPrintable(QString::number(estimates[0])));
    estimates.clear();
    QVERIFY(scan(100, false, &estimates)); // not asked
    QVERIFY(estimates.isEmpty());
    QVERIFY(scan(5000, true, &estimates)); // looked at whole within 4 rounds
    QVERIFY(estimates.isEmpty());

    // The monitor makes room for about that many, and says so once, before any key is in.
    // The keys it holds at each round of the scan, before the scan ends.
    const auto keysWhileScanning = [this](KeyMonitor &monitor) {
        auto seen = std::make_shared<QList<int>>();
        connect(&monitor, &KeyMonitor::scanProgress, this, [&monitor, seen] {
            if (!monitor.initialScanDone())
                seen->append(monitor.keyCount());
        });
        return seen;
    };
    MonitorOptions mo = monitorOptions(server, false);
    mo.scanCount = 100;
    mo.scanPacing.on = false; // 100 a round, so that the scan has its 200 rounds
    KeyMonitor monitor(mo);
    QSignalSpy estimated(&monitor, &KeyMonitor::keyCountEstimated);
    int keysWhenEstimated = -1;
    connect(&monitor, &KeyMonitor::keyCountEstimated, this,
            [&] { keysWhenEstimated = monitor.keyCount(); });
    const auto seen = keysWhileScanning(monitor);
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 20000, &error), qPrintable(error));
    QCOMPARE(monitor.keyCount(), int(locks));
    QCOMPARE(estimated.count(), 1);
    const auto room = estimated.first().first().value<qsizetype>();
    QVERIFY2(room >= qsizetype(locks / 2) && room <= qsizetype(locks * 3),
             qPrintable(QString::number(room)));
    QCOMPARE(keysWhenEstimated, 0);
    QVERIFY2(std::any_of(seen->cbegin(), seen->cend(), [](int n) { return n > 0; }),
             "no key applied before the scan ended");

    // Without DBSIZE there is no estimate: the replies wait only for the estimate's rounds.
    QCOMPARE(c.command(cmd({"ACL", "SETUSER", "nodbsize", "on", ">pw", "~*", "+@all", "-dbsize"}))
                 .text(),
             QByteArray("OK"));
    MonitorOptions denied = mo;
    denied.connection.username = QStringLiteral("nodbsize");
    denied.connection.password = QStringLiteral("pw");
    KeyMonitor refused(denied);
    QSignalSpy notEstimated(&refused, &KeyMonitor::keyCountEstimated);
    const auto seenRefused = keysWhileScanning(refused);
    QVERIFY2(runUntilSnapshot(refused, 20000, &error), qPrintable(error));
    QCOMPARE(refused.keyCount(), int(locks));
    QCOMPARE(notEstimated.count(), 0);
    QVERIFY2(std::any_of(seenRefused->cbegin(), seenRefused->cend(), [](int n) { return n > 0; }),
             "no key applied before the scan ended");
}

void TestKeyMonitor::discoversEveryFormat_data()
{
    QTest::addColumn<QString>("flags");
    QTest::newRow("notifications on") << kMinimalFlags;
    QTest::newRow("notifications off") << QString();
}

void TestKeyMonitor::discoversEveryFormat()
{
    QFETCH(QString, flags);
    RedisServer server({QStringLiteral("--notify-keyspace-events"), flags});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient client;
    QVERIFY2(client.connect(server.host(), server.port()), qPrintable(client.errorString()));
    const QList<Expected> expected = writeEveryFormat(client);

    MonitorOptions o = monitorOptions(server);
    o.scanCount = 7;         // several SCAN rounds
    o.scanPacing.on = false; // and this COUNT, not the pacer's floor
    KeyMonitor monitor(o);
    QSignalSpy progress(&monitor, &KeyMonitor::scanProgress);
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 10000, &error), qPrintable(error));
    QVERIFY(progress.count() >= 2);
    QCOMPARE(monitor.notifyMode(),
             flags.isEmpty() ? KeyMonitor::NotifyMode::Off : KeyMonitor::NotifyMode::On);
    if (flags.isEmpty())
        QVERIFY2(monitor.statusText().contains(
                     QStringLiteral("CONFIG SET notify-keyspace-events Kg$hx")),
                 qPrintable(monitor.statusText()));

    QCOMPARE(monitor.keyCount(), int(expected.size()));
    QVERIFY(!monitor.entry("session:1"));
    for (const Expected &x : expected) {
        const KeyEntry *e = monitor.entry(x.key);
        QVERIFY2(e, x.key.constData());
        QCOMPARE(e->format, x.format);
        QCOMPARE(e->lock.owner, x.owner);
        if (x.holdCount >= 0)
            QCOMPARE(e->lock.holdCount, x.holdCount);
        const qint64 waiters = e->waiters >= 0 ? e->waiters : e->lock.waiters;
        QCOMPARE(waiters, x.waiters);
        QCOMPARE(e->fencingCounter, x.fencing);
    }
    // Bounded reads: a 10 kB value is not read whole, a 1000-field hash gets one HSCAN page.
    QVERIFY(monitor.entry("lock:big")->valueText.size() < 300);
    QVERIFY(monitor.entry("lock:bighash")->lock.holders.size() < 1000);
    const auto stats = commandStats(client);
    QCOMPARE(stats.value("keys"), qint64(0));
    QVERIFY(stats.value("scan") >= 3);
    // Hashes, found by the string probe's WRONGTYPE, are read with HSCAN's first page: the whole
    // hash for the small ones, one bounded page of the big one (its 1000 fields are not all read,
    // checked above).
    QVERIFY(stats.value("hscan") >= 1);

    // Anomalies: the lock without TTL.
    QVERIFY(monitor.entry("lock:legacy")->anomalies.contains(QStringLiteral("no-ttl")));
    QVERIFY(monitor.entry("lock-signal:prl")->anomalies.isEmpty()); // auxiliary: no TTL is fine

    // TTLs count down locally and agree with the server's PTTL.
    const qint64 firstRead = monitor.entry("lock:py")->remainingTtlMs(monitorNowUs());
    QTest::qWait(600);
    for (const Expected &x : expected) {
        const Reply pttl = client.command(cmd({"PTTL", x.key}));
        const qint64 local = monitor.entry(x.key)->remainingTtlMs(monitorNowUs());
        if (pttl.integer() < 0) {
            QCOMPARE(local, qint64(-1));
            continue;
        }
        QVERIFY2(qAbs(local - pttl.integer()) <= 60,
                 qPrintable(QStringLiteral("%1: local %2 ms, PTTL %3 ms")
                                .arg(QString::fromUtf8(x.key))
                                .arg(local)
                                .arg(pttl.integer())));
    }
    QVERIFY(monitor.entry("lock:py")->remainingTtlMs(monitorNowUs()) <= firstRead - 500);
}

void TestKeyMonitor::historyOfChanges_data()
{
    QTest::addColumn<QString>("flags");
    QTest::newRow("notifications on") << kMinimalFlags;
    QTest::newRow("notifications off") << QString();
}

void TestKeyMonitor::historyOfChanges()
{
    QFETCH(QString, flags);
    RedisServer server({QStringLiteral("--notify-keyspace-events"), flags});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY2(c.connect(server.host(), server.port()), qPrintable(c.errorString()));
    KeyMonitor monitor(monitorOptions(server));
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 10000, &error), qPrintable(error));
    auto owner = [&](const QByteArray &key) {
        const KeyEntry *e = monitor.entry(key);
        return e ? e->lock.owner : QByteArray("(none)");
    };
    constexpr int kWait = 5000;

    // Acquire, renew, release.
    c.command(cmd({"SET", "lock:h", "tokA", "NX", "PX", "3000"}));
    QTRY_COMPARE_WITH_TIMEOUT(owner("lock:h"), QByteArray("tokA"), kWait);
    QTest::qWait(300);
    c.command(cmd({"PEXPIRE", "lock:h", "8000"}));
    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry("lock:h")->remainingTtlMs(monitorNowUs()) > 6000, kWait);
    QTest::qWait(300);
    c.command(cmd({"DEL", "lock:h"}));
    QTRY_VERIFY_WITH_TIMEOUT(!monitor.entry("lock:h"), kWait);

    // Acquire and let it expire.
    c.command(cmd({"SET", "lock:e", "tokB", "NX", "PX", "700"}));
    QTRY_COMPARE_WITH_TIMEOUT(owner("lock:e"), QByteArray("tokB"), kWait);
    QTRY_VERIFY_WITH_TIMEOUT(!monitor.entry("lock:e"), kWait);

    // Taken over: the value is overwritten while held.
    c.command(cmd({"SET", "lock:t", "tokC", "PX", "8000"}));
    QTRY_COMPARE_WITH_TIMEOUT(owner("lock:t"), QByteArray("tokC"), kWait);
    QTest::qWait(300);
    c.command(cmd({"SET", "lock:t", "tokD", "PX", "8000"}));
    QTRY_COMPARE_WITH_TIMEOUT(owner("lock:t"), QByteArray("tokD"), kWait);

    // A reentrant hash: acquired, then entered again (hold count 2).
    c.command(cmd({"MULTI"}));
    c.command(cmd({"HINCRBY", "lock:r", "A:1", "1"}));
    c.command(cmd({"PEXPIRE", "lock:r", "8000"}));
    c.command(cmd({"EXEC"}));
    QTRY_COMPARE_WITH_TIMEOUT(owner("lock:r"), QByteArray("A:1"), kWait);
    QTest::qWait(300);
    c.command(cmd({"HINCRBY", "lock:r", "A:1", "1"}));
    QTRY_COMPARE_WITH_TIMEOUT(monitor.entry("lock:r")->lock.holdCount, qint64(2), kWait);

    const EventLog &log = monitor.log();
    QCOMPARE(log.info().source, QStringLiteral("monitor"));
    QCOMPARE(eventsOf(log, "lock:h"),
             (strings({"key_written(tokA)", "acquired(tokA)", "key_ttl_changed(tokA)",
                       "renewed(tokA)", "key_deleted(tokA)", "released(tokA)"})));
    // A lease that ran out with no release seen is an anomaly of the lease rhythm
    // (lease_rhythm.h), noted right after the expiry.
    QCOMPARE(eventsOf(log, "lock:e"),
             (strings({"key_written(tokB)", "acquired(tokB)", "key_expired(tokB)", "note(tokB)"})));
    QByteArray lastText;
    for (const Event &e : log.events()) {
        if (e.key == log.strings().find("lock:e"))
            lastText = log.strings().at(e.text);
    }
    QVERIFY2(lastText.startsWith("anomaly expired-not-released: lock:e: "), lastText.constData());
    QCOMPARE(eventsOf(log, "lock:t"), (strings({"key_written(tokC)", "acquired(tokC)", "note(tokC)",
                                                "key_written(tokD)", "acquired(tokD)"})));
    QCOMPARE(eventsOf(log, "lock:r"),
             (strings({"key_written(A:1)", "acquired(A:1)", "key_written(A:1)"})));
    // The take-over note names both owners; the hold count change carries the new count.
    QStringList texts;
    for (const Event &e : log.events())
        texts << QString::fromUtf8(log.strings().at(e.text));
    QVERIFY(texts.contains(QStringLiteral("took over lock:t from tokC")));
    QVERIFY(texts.contains(QStringLiteral("A:1=2")));
    // Time never goes back in a recording.
    for (std::size_t i = 1; i < log.events().size(); ++i)
        QVERIFY(log.events()[i].timeUs >= log.events()[i - 1].timeUs);
}

void TestKeyMonitor::readOnlyEnforced()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QString()});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY2(c.connect(server.host(), server.port()), qPrintable(c.errorString()));
    writeEveryFormat(c);
    QVERIFY(c.command(cmd({"CONFIG", "RESETSTAT"})).isOk());

    MonitorOptions o = monitorOptions(server);
    QVERIFY(o.connection.readOnly); // the default
    KeyMonitor monitor(o);
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 10000, &error), qPrintable(error));
    QTest::qWait(700); // re-reads and rescans
    QCOMPARE(monitor.notifyMode(), KeyMonitor::NotifyMode::Off);
    QCOMPARE(monitor.enableNotificationsCommand(),
             QByteArray("CONFIG SET notify-keyspace-events Kg$hx"));

    bool answered = false, ok = true;
    QString message;
    monitor.enableNotifications([&](bool success, const QString &m) {
        answered = true;
        ok = success;
        message = m;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, 3000);
    QVERIFY(!ok);
    QVERIFY2(message.contains(QStringLiteral("read-only")), qPrintable(message));

    // The server's own statistics: the monitor read a lot and wrote nothing.
    const auto stats = commandStats(c);
    QVERIFY(stats.value("scan") > 0);
    QVERIFY(stats.value("pttl") > 0);
    QVERIFY(stats.value("type") > 0);
    QCOMPARE(stats.value("config|set"), qint64(0));
    QCOMPARE(c.command(cmd({"CONFIG", "GET", "notify-keyspace-events"})).elements().value(1).text(),
             QByteArray(""));
    for (auto it = stats.cbegin(); it != stats.cend(); ++it) {
        if (it.key() == "config|resetstat" || it.key() == "info")
            continue; // the test's own
        QVERIFY2(!Connection::isWriteCommand(it.key()), it.key().constData());
    }
}

void TestKeyMonitor::enableNotificationsWhenWritesAllowed()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("Ex")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    RedisTestClient c;
    QVERIFY2(c.connect(server.host(), server.port()), qPrintable(c.errorString()));
    MonitorOptions o = monitorOptions(server);
    o.connection.readOnly = false;
    o.rereadIntervalMs = 60000; // so what follows can only come from notifications
    o.rescanIntervalMs = 60000;
    KeyMonitor monitor(o);
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 10000, &error), qPrintable(error));
    QCOMPARE(monitor.notifyMode(), KeyMonitor::NotifyMode::Off);
    QCOMPARE(monitor.enableNotificationsCommand(),
             QByteArray("CONFIG SET notify-keyspace-events KExg$h"));
    bool answered = false, ok = false;
    QString message;
    monitor.enableNotifications([&](bool success, const QString &m) {
        answered = true;
        ok = success;
        message = m;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, 3000);
    QVERIFY2(ok, qPrintable(message));
    QTRY_COMPARE_WITH_TIMEOUT(monitor.notifyMode(), KeyMonitor::NotifyMode::On, 3000);
    const QByteArray flags =
        c.command(cmd({"CONFIG", "GET", "notify-keyspace-events"})).elements().value(1).text();
    QVERIFY2(NotifyConfig::parse(flags).coversMonitor(), flags.constData());
    QVERIFY2(flags.contains('E'), "what was on stays on");
    QTest::qWait(200); // subscribed and resynchronised
    c.command(cmd({"SET", "lock:n", "tokN", "PX", "5000"}));
    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry("lock:n"), 2000);
}

void TestKeyMonitor::serverRestartedMidSession()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), kMinimalFlags});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    {
        RedisTestClient c;
        QVERIFY(c.connect(server.host(), server.port()));
        c.command(cmd({"SET", "lock:x", "tokX", "PX", "60000"}));
    }
    KeyMonitor monitor(monitorOptions(server));
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 10000, &error), qPrintable(error));
    QVERIFY(monitor.entry("lock:x"));

    server.stop();
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), KeyMonitor::Health::Reconnecting, 5000);
    QVERIFY2(monitor.statusText().contains(QStringLiteral("lost")),
             qPrintable(monitor.statusText()));
    QTest::qWait(500);
    QVERIFY2(server.start(), qPrintable(server.errorString())); // same port, empty
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), KeyMonitor::Health::Watching, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!monitor.entry("lock:x"), 5000); // the restart lost it

    // Notifications work again: a new lock shows up at once.
    RedisTestClient c;
    QVERIFY(c.connect(server.host(), server.port()));
    c.command(cmd({"SET", "lock:y", "tokY", "PX", "60000"}));
    QTRY_VERIFY_WITH_TIMEOUT(monitor.entry("lock:y"), 3000);

    const EventLog &log = monitor.log();
    QCOMPARE(countKind(log, EventKind::NodeRestarted), 1);
    // One gap, from the lost connection to the restarted server, and lock:x lost with the
    // restart: nobody released it.
    QStringList gaps;
    qint64 lostValue = -1;
    for (const Event &e : log.events()) {
        if (e.kind == EventKind::GapStarted || e.kind == EventKind::GapEnded)
            gaps << QString::fromLatin1(eventKindId(e.kind)) + QLatin1Char(' ') +
                        QString::fromUtf8(log.strings().at(e.text));
        if (e.kind == EventKind::KeyDeleted && log.strings().at(e.key) == "lock:x")
            lostValue = e.value;
    }
    QCOMPARE(gaps.size(), 2);
    QVERIFY2(gaps.first().startsWith(QStringLiteral("gap_started lost the connection")),
             qPrintable(gaps.first()));
    QVERIFY2(gaps.last().contains(QStringLiteral("restarted (its run_id changed) without AOF")),
             qPrintable(gaps.last()));
    QCOMPARE(eventsOf(log, "lock:x", {EventKind::KeyDeleted, EventKind::Released}),
             QStringList{QStringLiteral("key_deleted(tokX)")});
    QCOMPARE(lostValue, kLostWithRestart);
    QVERIFY(eventsOf(log, "lock:y").contains(QStringLiteral("acquired(tokY)")));
}

void TestKeyMonitor::serverGoneForGood()
{
    RedisServer server({QStringLiteral("--notify-keyspace-events"), kMinimalFlags});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    KeyMonitor monitor(monitorOptions(server));
    QString error;
    QVERIFY2(runUntilSnapshot(monitor, 10000, &error), qPrintable(error));
    server.kill();
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), KeyMonitor::Health::Reconnecting, 5000);
    QTest::qWait(1500); // it keeps trying, without hanging the event loop
    QCOMPARE(monitor.health(), KeyMonitor::Health::Reconnecting);
    const QString status = monitor.statusText();
    QVERIFY2(status.contains(QStringLiteral("127.0.0.1:%1").arg(server.port())),
             qPrintable(status));
    QVERIFY2(status.contains(QStringLiteral("lost")) &&
                 status.contains(QStringLiteral("reconnecting")),
             qPrintable(status));
    QElapsedTimer t;
    t.start();
    monitor.stop();
    QCOMPARE(monitor.health(), KeyMonitor::Health::Idle);
    QVERIFY(t.elapsed() < 500);
}

void TestKeyMonitor::failsFastWhenUnreachableOrRefused()
{
    MonitorOptions o;
    o.connection.port = unusedLoopbackPort();
    o.connection.connectTimeoutMs = 1000;
    o.follow = false;
    {
        KeyMonitor monitor(o);
        QElapsedTimer t;
        t.start();
        QString error;
        QVERIFY(!runUntilSnapshot(monitor, 10000, &error));
        QVERIFY2(error.contains(QStringLiteral("refused")), qPrintable(error));
        QVERIFY(t.elapsed() < 3000);
        QCOMPARE(monitor.health(), KeyMonitor::Health::Failed);
    }
    RedisServer server({QStringLiteral("--requirepass"), QStringLiteral("right")});
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    MonitorOptions w = monitorOptions(server);
    w.connection.password = QStringLiteral("wrong");
    KeyMonitor monitor(w); // following: a wrong password is not retried
    QString error;
    QVERIFY(!runUntilSnapshot(monitor, 10000, &error));
    QVERIFY2(error.contains(QStringLiteral("password")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestKeyMonitor)
#include "test_key_monitor.moc"
