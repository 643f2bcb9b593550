// Lock recognition with literal values, one row per format docs/lock-catalogue.md lists ("Lock
// formats on production servers") and the look-alikes that must not be taken for them.
#include "monitor/lock_format.h"

#include <QDateTime>
#include <QTest>

#include <limits>

using namespace lockscope;

Q_DECLARE_METATYPE(lockscope::LockRole)

namespace {

// A snapshot of `key` with a bounded value as the key reader would have read it: strings take
// values[0]; hashes alternate field, value; lists take the items; zsets alternate member, score.
KeySnapshot snapshot(const QByteArray &key, KeyType type, const QList<QByteArray> &values,
                     qint64 length = -1)
{
    KeySnapshot s;
    s.key = key;
    s.type = type;
    s.pttlMs = 30000;
    switch (type) {
    case KeyType::String:
        s.string = values.value(0);
        s.length = length >= 0 ? length : s.string.size();
        break;
    case KeyType::Hash:
        for (qsizetype i = 0; i + 1 < values.size(); i += 2)
            s.fields.append({values[i], values[i + 1]});
        s.length = length >= 0 ? length : s.fields.size();
        break;
    case KeyType::List:
        s.items = values;
        s.length = length >= 0 ? length : s.items.size();
        break;
    case KeyType::ZSet:
        for (qsizetype i = 0; i + 1 < values.size(); i += 2)
            s.members.append({values[i], values[i + 1].toDouble()});
        s.length = length >= 0 ? length : s.members.size();
        break;
    default:
        break;
    }
    return s;
}

const QByteArray kRedissonA = QByteArrayLiteral("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:1");
const QByteArray kRedissonB = QByteArrayLiteral("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:57");
const QByteArray kRedissonC = QByteArrayLiteral("d1e2f3a4-b5c6-47d8-99aa-bbccddeeff00:12");

} // namespace

class TestLockFormat : public QObject {
    Q_OBJECT
private slots:
    void recognize_data();
    void recognize();
    void redissonReadWriteLock();
    void uuid1Timestamps();
    void base64();
    void displayBytesEscapes();
    void expiryTimesInUtc();
};

void TestLockFormat::recognize_data()
{
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<int>("type");
    QTest::addColumn<QList<QByteArray>>("values");
    QTest::addColumn<qint64>("length"); // -1: the whole value was read
    QTest::addColumn<QByteArray>("format");
    QTest::addColumn<LockRole>("role");
    QTest::addColumn<QByteArray>("owner");
    QTest::addColumn<qint64>("holdCount");
    QTest::addColumn<QByteArray>("lockKey");
    QTest::addColumn<qint64>("counter");
    QTest::addColumn<qint64>("waiters");
    using L = QList<QByteArray>;
    const int S = int(KeyType::String), H = int(KeyType::Hash), Li = int(KeyType::List),
              Z = int(KeyType::ZSet);
    const auto lock = LockRole::Lock, aux = LockRole::Auxiliary, other = LockRole::Other;

    // Redisson RLock: hash, field "<uuid>:<threadId>", value = hold count.
    QTest::newRow("redisson rlock") << QByteArray("orders") << H << L{kRedissonA, "1"} << qint64(-1)
                                    << QByteArray("redisson-lock") << lock << kRedissonA
                                    << qint64(1) << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("redisson rlock reentered 3 times")
        << QByteArray("orders") << H << L{kRedissonB, "3"} << qint64(-1)
        << QByteArray("redisson-lock") << lock << kRedissonB << qint64(3) << QByteArray()
        << qint64(-1) << qint64(-1);
    // Redisson fair lock: the waiters' queue (list) and their deadlines (zset).
    QTest::newRow("redisson fair queue")
        << QByteArray("redisson_lock_queue:{orders}") << Li << L{kRedissonB, kRedissonC}
        << qint64(-1) << QByteArray("redisson-fair-queue") << aux << QByteArray() << qint64(0)
        << QByteArray("orders") << qint64(-1) << qint64(2);
    QTest::newRow("redisson fair timeouts")
        << QByteArray("redisson_lock_timeout:{orders}") << Z
        << L{kRedissonB, "1714567890123", kRedissonC, "1714567895123"} << qint64(-1)
        << QByteArray("redisson-fair-timeouts") << aux << QByteArray() << qint64(0)
        << QByteArray("orders") << qint64(-1) << qint64(2);
    QTest::newRow("redisson fair queue, user hash tag")
        << QByteArray("redisson_lock_queue:{app}:orders") << Li << L{kRedissonB} << qint64(-1)
        << QByteArray("redisson-fair-queue") << aux << QByteArray() << qint64(0)
        << QByteArray("{app}:orders") << qint64(-1) << qint64(1);
    // Redisson fenced lock: the token counter.
    QTest::newRow("redisson fence token")
        << QByteArray("redisson_lock_token:{orders}") << S << L{"42"} << qint64(-1)
        << QByteArray("redisson-fence-token") << aux << QByteArray() << qint64(0)
        << QByteArray("orders") << qint64(42) << qint64(-1);
    QTest::newRow("redisson read lock lease")
        << QByteArray("{orders}:8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:1:rwlock_timeout:1") << S
        << L{"1"} << qint64(-1) << QByteArray("redisson-rwlock-timeout") << aux << kRedissonA
        << qint64(0) << QByteArray("orders") << qint64(-1) << qint64(-1);
    // redis-py: uuid1().hex, a version-1 UUID made 2024-05-01 12:00 UTC.
    QTest::newRow("redis-py") << QByteArray("lock:report") << S
                              << L{"55fd200007b211ef92340242ac110002"} << qint64(-1)
                              << QByteArray("redis-py") << lock
                              << QByteArray("55fd200007b211ef92340242ac110002") << qint64(1)
                              << QByteArray() << qint64(-1) << qint64(-1);
    // node-redlock: 16 random bytes in hex. Not a version-1 UUID (digit 12 is '4').
    QTest::newRow("node-redlock") << QByteArray("locks:invoice") << S
                                  << L{"3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091"} << qint64(-1)
                                  << QByteArray("node-redlock") << lock
                                  << QByteArray("3f5a9c0e7b2d4e8f9a1b6c3d5e7f8091") << qint64(1)
                                  << QByteArray() << qint64(-1) << qint64(-1);
    // Version digit 1 and variant 8, but a timestamp thousands of years away: random bytes.
    QTest::newRow("node-redlock that looks like uuid1")
        << QByteArray("lock:x") << S << L{"ffffffffffff1fff8fffffffffffffff"} << qint64(-1)
        << QByteArray("node-redlock") << lock << QByteArray("ffffffffffff1fff8fffffffffffffff")
        << qint64(1) << QByteArray() << qint64(-1) << qint64(-1);
    // The key's name says redlock: trust it over the value's shape.
    QTest::newRow("uuid1 value under a redlock name")
        << QByteArray("redlock:payments") << S << L{"55fd200007b211ef92340242ac110002"}
        << qint64(-1) << QByteArray("node-redlock") << lock
        << QByteArray("55fd200007b211ef92340242ac110002") << qint64(1) << QByteArray() << qint64(-1)
        << qint64(-1);
    // python-redis-lock: "lock:<name>" holds 18 random bytes in base64 (24 characters).
    QTest::newRow("python-redis-lock")
        << QByteArray("lock:orders") << S << L{"ZGVmZ2hpamtsbW5vcHFyc3R1"} << qint64(-1)
        << QByteArray("python-redis-lock") << lock << QByteArray("ZGVmZ2hpamtsbW5vcHFyc3R1")
        << qint64(1) << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("python-redis-lock signal")
        << QByteArray("lock-signal:orders") << Li << L{"1"} << qint64(-1)
        << QByteArray("python-redis-lock-signal") << aux << QByteArray() << qint64(0)
        << QByteArray("lock:orders") << qint64(-1) << qint64(-1);
    // The same value without the "lock:" prefix: nothing says python-redis-lock.
    QTest::newRow("24 base64 characters elsewhere")
        << QByteArray("mylock") << S << L{"ZGVmZ2hpamtsbW5vcHFyc3R1"} << qint64(-1)
        << QByteArray("unknown") << lock << QByteArray("ZGVmZ2hpamtsbW5vcHFyc3R1") << qint64(1)
        << QByteArray() << qint64(-1) << qint64(-1);
    // go-redsync: 16 random bytes in base64, 24 characters ending in "==".
    QTest::newRow("go-redsync") << QByteArray("mutex:cart") << S << L{"AAECAwQFBgcICQoLDA0ODw=="}
                                << qint64(-1) << QByteArray("go-redsync") << lock
                                << QByteArray("AAECAwQFBgcICQoLDA0ODw==") << qint64(1)
                                << QByteArray() << qint64(-1) << qint64(-1);
    // LockScope's own: simulator tokens, live tokens, the reentrant hash, the fence counter.
    QTest::newRow("lockscope simulator token")
        << QByteArray("lock:0") << S << L{"A:3:0badc0de"} << qint64(-1) << QByteArray("lockscope")
        << lock << QByteArray("A:3:0badc0de") << qint64(1) << QByteArray() << qint64(-1)
        << qint64(-1);
    QTest::newRow("lockscope live token")
        << QByteArray("lockscope:bench:ab12:lock:0") << S
        << L{"c17:0123456789abcdef0123456789abcdef"} << qint64(-1) << QByteArray("lockscope")
        << lock << QByteArray("c17:0123456789abcdef0123456789abcdef") << qint64(1) << QByteArray()
        << qint64(-1) << qint64(-1);
    // Near misses of a LockScope token are someone else's values: shown as they are.
    for (const QByteArray &v : QList<QByteArray>{
             QByteArray("A:3:0BADC0DE"), QByteArray("A:1234567890123:0badc0de"),
             QByteArray("A:3:0badc0de0"), QByteArray(":3:0badc0de"), QByteArray("A/b:3:0badc0de"),
             QByteArray(QByteArray(65, 'c') + ":0123456789abcdef0123456789abcdef"),
             QByteArray("c17:0123456789abcdef0123456789abcdeF")})
        QTest::newRow(QByteArray("not a lockscope token: " + v.left(24)).constData())
            << QByteArray("lock:0") << S << L{v} << qint64(-1) << QByteArray("unknown") << lock
            << QByteArray(v.left(64) + (v.size() > 64 ? "…" : "")) << qint64(1) << QByteArray()
            << qint64(-1) << qint64(-1);
    QTest::newRow("lockscope token, longest client")
        << QByteArray("lock:0") << S << L{QByteArray(64, 'c') + ":12:0badc0de"} << qint64(-1)
        << QByteArray("lockscope") << lock << QByteArray(64, 'c') + ":12:0badc0de" << qint64(1)
        << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("not a lockscope hash: letters in the count")
        << QByteArray("lock:1") << H << L{"A:1x", "2"} << qint64(-1) << QByteArray("unknown")
        << lock << QByteArray("A:1x") << qint64(2) << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("lockscope reentrant hash")
        << QByteArray("lock:1") << H << L{"A:1", "2"} << qint64(-1)
        << QByteArray("lockscope-reentrant") << lock << QByteArray("A:1") << qint64(2)
        << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("lockscope fence counter")
        << QByteArray("lock:0:fence") << S << L{"7"} << qint64(-1) << QByteArray("lockscope-fence")
        << aux << QByteArray() << qint64(0) << QByteArray("lock:0") << qint64(7) << qint64(-1);
    // SETNX/GETSET locks that store their expiry time (seed 004 wrongLock2).
    QTest::newRow("expiry timestamp")
        << QByteArray("lock:legacy") << S << L{"1714567890123"} << qint64(-1)
        << QByteArray("expiry-timestamp") << lock << QByteArray() << qint64(1) << QByteArray()
        << qint64(-1) << qint64(-1);
    // Unknown formats are shown as they are.
    QTest::newRow("unknown string")
        << QByteArray("lock:cron") << S << L{"host-7/pid-4411"} << qint64(-1)
        << QByteArray("unknown") << lock << QByteArray("host-7/pid-4411") << qint64(1)
        << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("value longer than the read")
        << QByteArray("lock:blob") << S << L{QByteArray(512, 'x')} << qint64(100000)
        << QByteArray("unknown") << lock << QByteArray(64, 'x') + "…" << qint64(1) << QByteArray()
        << qint64(-1) << qint64(-1);
    QTest::newRow("unknown hash, two fields")
        << QByteArray("lock:h") << H << L{"a", "b", "c", "d"} << qint64(-1) << QByteArray("unknown")
        << lock << QByteArray("2 holders") << qint64(0) << QByteArray() << qint64(-1) << qint64(-1);
    // Counts are production bytes: their sum stops at the end of the range (found by fuzzing).
    QTest::newRow("hold counts past the range")
        << QByteArray("lock:h") << H
        << L{"a:1", "9000000000000000000", "b:2", "9000000000000000000"} << qint64(-1)
        << QByteArray("lockscope-reentrant") << lock << QByteArray("2 holders")
        << std::numeric_limits<qint64>::max() << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("hold counts below the range")
        << QByteArray("lock:h") << H
        << L{"a:1", "-9000000000000000000", "b:2", "-9000000000000000000"} << qint64(-1)
        << QByteArray("lockscope-reentrant") << lock << QByteArray("2 holders")
        << std::numeric_limits<qint64>::min() << QByteArray() << qint64(-1) << qint64(-1);
    QTest::newRow("some list") << QByteArray("locklist") << Li << L{"a"} << qint64(-1)
                               << QByteArray("unknown") << other << QByteArray() << qint64(0)
                               << QByteArray() << qint64(-1) << qint64(-1);
}

void TestLockFormat::recognize()
{
    QFETCH(QByteArray, key);
    QFETCH(int, type);
    QFETCH(QList<QByteArray>, values);
    QFETCH(qint64, length);
    const LockInfo info = recognizeLock(snapshot(key, KeyType(type), values, length));
    QTEST(info.format, "format");
    QTEST(info.role, "role");
    QTEST(info.owner, "owner");
    QTEST(info.holdCount, "holdCount");
    QTEST(info.lockKey, "lockKey");
    QTEST(info.counter, "counter");
    QTEST(info.waiters, "waiters");
    QVERIFY(!info.label.isEmpty());
}

void TestLockFormat::redissonReadWriteLock()
{
    // Two readers (one re-entered), then a writer.
    LockInfo read = recognizeLock(
        snapshot("config", KeyType::Hash, {"mode", "read", kRedissonA, "2", kRedissonC, "1"}));
    QCOMPARE(read.format, QByteArray("redisson-rwlock"));
    QCOMPARE(read.mode, QByteArray("read"));
    QCOMPARE(read.owner, QByteArray("2 readers"));
    QCOMPARE(read.holdCount, qint64(3));
    QCOMPARE(read.holders.size(), 2);
    QCOMPARE(read.holders[0].id, kRedissonA);
    QCOMPARE(read.holders[0].count, qint64(2));

    // Readers' counts are production bytes too: their sum stops at the end of the range.
    const LockInfo huge = recognizeLock(snapshot(
        "config", KeyType::Hash,
        {"mode", "read", kRedissonA, "-9000000000000000000", kRedissonC, "-9000000000000000000"}));
    QCOMPARE(huge.format, QByteArray("redisson-rwlock"));
    QCOMPARE(huge.holdCount, std::numeric_limits<qint64>::min());

    LockInfo write = recognizeLock(
        snapshot("config", KeyType::Hash, {"mode", "write", kRedissonB + ":write", "1"}));
    QCOMPARE(write.mode, QByteArray("write"));
    QCOMPARE(write.owner, kRedissonB);
    QCOMPARE(write.process, QByteArray("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f"));
    QCOMPARE(write.thread, QByteArray("57"));
    QCOMPARE(write.holdCount, qint64(1));

    LockInfo single =
        recognizeLock(snapshot("config", KeyType::Hash, {"mode", "read", kRedissonC, "1"}));
    QCOMPARE(single.owner, kRedissonC);
}

void TestLockFormat::uuid1Timestamps()
{
    qint64 ms = 0;
    QVERIFY(isPlausibleUuid1Hex("55fd200007b211ef92340242ac110002", &ms));
    QCOMPARE(ms, qint64(1714564800000));                               // 2024-05-01T12:00:00Z
    QVERIFY(!isPlausibleUuid1Hex("55fd200007b241ef92340242ac110002")); // version 4
    QVERIFY(!isPlausibleUuid1Hex("55fd200007b211ef12340242ac110002")); // NCS variant
    QVERIFY(!isPlausibleUuid1Hex("55FD200007B211EF92340242AC110002")); // uuid1().hex is lower
    QVERIFY(!isPlausibleUuid1Hex("55fd200007b211ef92340242ac11000"));  // 31 digits
    QVERIFY(isRedissonLockName(kRedissonA));
    QVERIFY(!isRedissonLockName("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f"));
    QVERIFY(!isRedissonLockName("8c5f0e6a-1b2c-4d3e-9f40-5a6b7c8d9e0f:x"));
}

void TestLockFormat::base64()
{
    QVERIFY(isBase64("AAECAwQFBgcICQoLDA0ODw==", 24));
    QVERIFY(isBase64("ZGVmZ2hpamtsbW5vcHFyc3R1", 24));
    QVERIFY(!isBase64("AAECAwQFBgcICQoLDA0O=w==", 24)); // '=' in the middle
    QVERIFY(!isBase64("AAECAwQFBgcICQoLDA0ODw=", 23));
    QVERIFY(!isBase64("AAECAwQFBgcICQoLDA0OD$==", 24));
}

void TestLockFormat::displayBytesEscapes()
{
    QCOMPARE(displayBytes("plain"), QByteArray("plain"));
    QCOMPARE(displayBytes("caf\xc3\xa9"), QByteArray("caf\xc3\xa9"));
    QCOMPARE(displayBytes(QByteArray("a\x00\xff\n", 4)), QByteArray("a\\x00\\xff\\x0a"));
    QCOMPARE(displayBytes(QByteArray(10, 'y'), 5), QByteArray("yyyyy…"));
    // Printable ASCII that fits comes back as it is; at the limit exactly, and one byte over.
    QCOMPARE(displayBytes("abcde", 5), QByteArray("abcde"));
    QCOMPARE(displayBytes("abcdef", 5), QByteArray("abcde…"));
    QCOMPARE(displayBytes("a\\b"), QByteArray("a\\x5cb"));   // a backslash is escaped
    QCOMPARE(displayBytes("a~\x7f"), QByteArray("a~\\x7f")); // so is DEL
    QVERIFY(displayBytes(QByteArray()).isEmpty());
    // A binary value in a lock key is shown escaped, never as invalid UTF-8.
    KeySnapshot s = snapshot("lock:bin", KeyType::String, {QByteArray("\x01\x02", 2)});
    QCOMPARE(recognizeLock(s).owner, QByteArray("\\x01\\x02"));
}

// The times in notes are written without QDateTime (it was the cost of recognising redis-py
// keys); they must read exactly as QDateTime writes them. Expiry timestamps (2005..2100) show
// the time of a 13-digit value in their note.
void TestLockFormat::expiryTimesInUtc()
{
    const QList<qint64> times{
        1104537600001LL,                  // 2005-01-01, just after the start of the accepted range
        1709164800000LL,                  // 2024-02-29T00:00:00.000Z, a leap day
        1709251199999LL,                  // 2024-02-29T23:59:59.999Z
        1714564800123LL, 1735689599999LL, // the last millisecond of 2024
        1735689600000LL, 4102444799999LL, // the last millisecond of 2099
        1951000000007LL, 2000000000000LL,
    };
    for (const qint64 ms : times) {
        const LockInfo info =
            recognizeLock(snapshot("lock:t", KeyType::String, {QByteArray::number(ms)}));
        QCOMPARE(info.format, QByteArray("expiry-timestamp"));
        const QString expected =
            QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
        QVERIFY2(info.note.contains(expected),
                 qPrintable(info.note + QStringLiteral(" / ") + expected));
    }
}

QTEST_GUILESS_MAIN(TestLockFormat)
#include "test_lock_format.moc"
