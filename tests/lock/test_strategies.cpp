// The lock strategies of docs/lock-catalogue.md against the embedded engine, under a manual
// virtual clock.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

// moc cannot parse the C++20 library headers behind <coroutine>; it needs none of these.
#ifndef Q_MOC_RUN
#include "engine_context.h"

#include "lock/acquire.h"
#include "lock/script.h"
#include "lock/strategy_registry.h"

#include <algorithm>
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace lockscope {
// Readable QCOMPARE failures for the outcome enums (found by argument-dependent lookup).
char *toString(AttemptOutcome outcome)
{
    switch (outcome) {
    case AttemptOutcome::Acquired:
        return qstrdup("Acquired");
    case AttemptOutcome::Busy:
        return qstrdup("Busy");
    case AttemptOutcome::Error:
        return qstrdup("Error");
    }
    return qstrdup("?");
}
char *toString(ReleaseOutcome outcome)
{
    switch (outcome) {
    case ReleaseOutcome::Released:
        return qstrdup("Released");
    case ReleaseOutcome::NotHeld:
        return qstrdup("NotHeld");
    case ReleaseOutcome::Error:
        return qstrdup("Error");
    }
    return qstrdup("?");
}
} // namespace lockscope

Q_DECLARE_METATYPE(lockscope::WaitMode)
Q_DECLARE_METATYPE(lockscope::ReleaseOutcome)

namespace {

const QByteArray kKey = QByteArrayLiteral("lock:0");

LockHandle handleFor(qint64 ttlMs, const QByteArray &key = kKey)
{
    LockHandle handle;
    handle.request.key = key;
    handle.request.ttlMs = ttlMs;
    return handle;
}

std::unique_ptr<Strategy> strategy(const QString &id)
{
    auto s = createStrategy(id);
    if (!s)
        qFatal("unknown strategy %s", qPrintable(id));
    return s;
}

int nodesFor(const QString &id)
{
    return id == QLatin1StringView("redlock") ? 5 : 1;
}

// A command as "step@node ARGS", with tokens and script hashes/bodies replaced by names.
QStringList render(const QList<LoggedCommand> &commands,
                   const QList<QPair<QByteArray, QByteArray>> &substitutions = {})
{
    QHash<QByteArray, QByteArray> known;
    for (const auto &[from, to] : substitutions)
        known.insert(from, to);
    for (const QString &name : builtinScriptNames()) {
        const LuaScript &script = builtinScript(name);
        known.insert(script.sha1, "$SHA(" + name.toUtf8() + ')');
        known.insert(script.body, "$BODY(" + name.toUtf8() + ')');
    }
    QStringList lines;
    for (const LoggedCommand &c : commands) {
        QByteArray line = c.step + '@' + QByteArray::number(c.node);
        for (const QByteArray &arg : c.argv)
            line += ' ' + known.value(arg, arg);
        lines << QString::fromUtf8(line);
    }
    return lines;
}

int countNotes(const TestWorld &world, LockNote kind, const QByteArray &client = {})
{
    int n = 0;
    for (const LoggedNote &note : world.notes()) {
        if (note.kind == kind && (client.isEmpty() || note.client == client))
            ++n;
    }
    return n;
}

bool existsEverywhere(TestWorld &world, const QByteArray &key)
{
    for (int i = 0; i < world.nodeCount(); ++i) {
        if (!world.keyExists(i, key))
            return false;
    }
    return true;
}

bool existsNowhere(TestWorld &world, const QByteArray &key)
{
    for (int i = 0; i < world.nodeCount(); ++i) {
        if (world.keyExists(i, key))
            return false;
    }
    return true;
}

Task<void> acquireInto(LockContext &ctx, const Strategy &s, LockHandle &lock,
                       const WaitOptions &wait, std::optional<bool> *result, qint64 *atMs,
                       const TestWorld *world)
{
    *result = co_await acquireLock(ctx, s, lock, wait);
    *atMs = world->nowMs();
}

Task<void> releaseInto(LockContext &ctx, const Strategy &s, LockHandle &lock,
                       std::optional<ReleaseOutcome> *result)
{
    *result = co_await s.release(ctx, lock);
}

} // namespace

class TestStrategies : public QObject {
    Q_OBJECT

private slots:
    void registry();
    void scripts();
    void scriptsCiteNothingTheUserLacks();

    void lifecycle_data();
    void lifecycle();
    void commandSequence_data();
    void commandSequence();

    // The flaws, shown directly.
    void setnxExpireCrashLeavesStuckLock();
    void setnxGetsetClockSkewAdmitsTwo();
    void setNxPxDelDeletesNextHolder();
    void pauseInsideRelease_data();
    void pauseInsideRelease();

    void reentrantNesting();
    void watchdogRenewsAndStops();
    void watchdogStopsWhenLockGone();
    void redlockQuorum_data();
    void redlockQuorum();
    void redlockValidity();
    void fencedTokensIncrease();
    void fencedResourceRejectsStale();

    void noscriptFallback();
    void noscriptFallbackOnNodes();

    void customStrategy();
    void customSyntaxError_data();
    void customSyntaxError();
    void customMissingFile();
    void customRunTimeError_data();
    void customRunTimeError();

    void waitModes_data();
    void waitModes();
    void waitModeIds();
    void backoffDelays();
    void pubsubWaitsForRemainingTtl();
    void waitTimeout();
};

// --- registry and scripts ------------------------------------------------------------------

void TestStrategies::registry()
{
    // docs/lock-catalogue.md's table, in its order.
    const QStringList expected{
        QStringLiteral("setnx-expire"),   QStringLiteral("setnx-getset"),
        QStringLiteral("set-nx-px-del"),  QStringLiteral("set-nx-px-get-del"),
        QStringLiteral("set-nx-px-lua"),  QStringLiteral("lua-setnx-pexpire"),
        QStringLiteral("reentrant-hash"), QStringLiteral("watchdog"),
        QStringLiteral("redlock"),        QStringLiteral("fenced"),
    };
    QCOMPARE(strategyIds(), expected);
    const QStringList flawed{expected.mid(0, 4)};
    for (const QString &id : expected) {
        auto s = createStrategy(id);
        QVERIFY2(s, qPrintable(id));
        QCOMPARE(s->id(), id);
        QVERIFY(!s->info().title.isEmpty());
        QVERIFY(!s->info().summary.isEmpty());
        QVERIFY(!s->info().steps.isEmpty());
        QCOMPARE(!s->info().flaw.isEmpty(), flawed.contains(id));
        QCOMPARE(s->info().multiNode, id == QLatin1StringView("redlock"));
        QCOMPARE(s->info().fencing, id == QLatin1StringView("fenced"));
        QCOMPARE(s->info().reentrant, id == QLatin1StringView("reentrant-hash"));
    }
    QVERIFY(!createStrategy(QStringLiteral("no-such-strategy")));
}

void TestStrategies::scripts()
{
    const QStringList expected{
        QStringLiteral("compare_and_delete"),
        QStringLiteral("fenced_acquire"),
        QStringLiteral("fenced_read"),
        QStringLiteral("fenced_write"),
        QStringLiteral("lua_setnx_pexpire_acquire"),
        QStringLiteral("reentrant_acquire"),
        QStringLiteral("reentrant_release"),
        QStringLiteral("watchdog_renew"),
    };
    QCOMPARE(builtinScriptNames(), expected);

    TestWorld world;
    for (const QString &name : expected) {
        const LuaScript &script = builtinScript(name);
        QCOMPARE(script.name, name);
        QVERIFY(script.body.startsWith("--"));   // documented
        QCOMPARE(&builtinScript(name), &script); // cached
        QString error;
        QVERIFY2(checkLuaSyntax(script.body, name + QStringLiteral(".lua"), &error),
                 qPrintable(error));
        // The hash is what the server computes.
        const Reply loaded = world.exec(0, Command{"SCRIPT", "LOAD", script.body});
        QCOMPARE(loaded, Reply::bulk(script.sha1));
        QCOMPARE(script.sha1, script.sha1.toLower());
        QCOMPARE(script.sha1.size(), 40);
    }
}

// --- the common life of a lock, for every strategy -------------------------------------------

void TestStrategies::scriptsCiteNothingTheUserLacks()
{
    // The window shows the scripts' text; their comments cited articles by the authors' notes
    // ("Seed 001 §3.6"), which no user has.
    for (const QString &name : builtinScriptNames()) {
        const QByteArray body = builtinScript(name).body.toLower();
        QVERIFY2(!body.contains("seed 0") && !body.contains("\xc2\xa7"), qPrintable(name));
    }
}

void TestStrategies::lifecycle_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("nonHolderDeletes"); // the flawed releases that check no owner
    for (const QString &id : strategyIds()) {
        const bool deletes =
            id == QLatin1StringView("setnx-getset") || id == QLatin1StringView("set-nx-px-del");
        QTest::newRow(id.toUtf8().constData()) << id << deletes;
    }
}

void TestStrategies::lifecycle()
{
    QFETCH(QString, id);
    QFETCH(bool, nonHolderDeletes);
    auto s = strategy(id);
    TestWorld world(nodesFor(id));
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(10000);
    LockHandle lb = handleFor(10000);

    // A gets the free lock.
    auto first = world.complete(s->tryAcquire(a, la));
    QVERIFY(first);
    QCOMPARE(first->outcome, AttemptOutcome::Acquired);
    QVERIFY(!la.token.isEmpty());
    QVERIFY(existsEverywhere(world, kKey));

    // B is refused while A holds it.
    auto second = world.complete(s->tryAcquire(b, lb));
    QVERIFY(second);
    QCOMPARE(second->outcome, AttemptOutcome::Busy);
    QVERIFY(existsEverywhere(world, kKey));

    // B releasing what it does not hold.
    if (lb.token.isEmpty())
        lb.token = b.newToken();
    auto wrongRelease = world.complete(s->release(b, lb));
    QVERIFY(wrongRelease);
    if (nonHolderDeletes) {
        // The flaw: a plain DEL frees A's lock for anyone.
        QCOMPARE(*wrongRelease, ReleaseOutcome::Released);
        QVERIFY(existsNowhere(world, kKey));
        auto aRelease = world.complete(s->release(a, la));
        QVERIFY(aRelease);
        QCOMPARE(*aRelease, ReleaseOutcome::NotHeld);
    } else {
        QCOMPARE(*wrongRelease, ReleaseOutcome::NotHeld);
        QVERIFY(existsEverywhere(world, kKey));
        // A's release frees it.
        auto aRelease = world.complete(s->release(a, la));
        QVERIFY(aRelease);
        QCOMPARE(*aRelease, ReleaseOutcome::Released);
        QVERIFY(existsNowhere(world, kKey));
    }

    // And B can have it now.
    lb.token.clear();
    auto third = world.complete(s->tryAcquire(b, lb));
    QVERIFY(third);
    QCOMPARE(third->outcome, AttemptOutcome::Acquired);
    QVERIFY(existsEverywhere(world, kKey));
}

// --- exactly the commands of docs/lock-catalogue.md ------------------------------------------

void TestStrategies::commandSequence_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QStringList>("acquire");
    QTest::addColumn<QStringList>("release");

    // docs/lock-catalogue.md's strategy table as data: TTL 2500 ms, key lock:0, client A
    // (field A:1).
    const QString cad =
        QStringLiteral("release.script@0 EVALSHA $SHA(compare_and_delete) 1 lock:0 $TOKEN");
    const QString setNxPx = QStringLiteral("acquire.set@0 SET lock:0 $TOKEN NX PX 2500");
    QTest::newRow("setnx-expire") << QStringLiteral("setnx-expire")
                                  << QStringList{QStringLiteral(
                                                     "acquire.setnx@0 SETNX lock:0 $TOKEN"),
                                                 QStringLiteral("acquire.expire@0 EXPIRE lock:0 3")}
                                  << QStringList{cad};
    QTest::newRow("setnx-getset") << QStringLiteral("setnx-getset")
                                  << QStringList{QStringLiteral(
                                         "acquire.setnx@0 SETNX lock:0 $TOKEN")}
                                  << QStringList{QStringLiteral("release.del@0 DEL lock:0")};
    QTest::newRow("set-nx-px-del") << QStringLiteral("set-nx-px-del") << QStringList{setNxPx}
                                   << QStringList{QStringLiteral("release.del@0 DEL lock:0")};
    QTest::newRow("set-nx-px-get-del")
        << QStringLiteral("set-nx-px-get-del") << QStringList{setNxPx}
        << QStringList{QStringLiteral("release.get@0 GET lock:0"),
                       QStringLiteral("release.del@0 DEL lock:0")};
    QTest::newRow("set-nx-px-lua")
        << QStringLiteral("set-nx-px-lua") << QStringList{setNxPx} << QStringList{cad};
    QTest::newRow("lua-setnx-pexpire")
        << QStringLiteral("lua-setnx-pexpire")
        << QStringList{QStringLiteral(
               "acquire.script@0 EVALSHA $SHA(lua_setnx_pexpire_acquire) 3 lock:0 $TOKEN 2500")}
        << QStringList{cad};
    QTest::newRow("reentrant-hash")
        << QStringLiteral("reentrant-hash")
        << QStringList{QStringLiteral(
               "acquire.script@0 EVALSHA $SHA(reentrant_acquire) 1 lock:0 2500 A:1")}
        << QStringList{QStringLiteral(
               "release.script@0 EVALSHA $SHA(reentrant_release) 1 lock:0 2500 A:1")};
    QTest::newRow("watchdog") << QStringLiteral("watchdog") << QStringList{setNxPx}
                              << QStringList{cad};
    QStringList redlockAcquire;
    QStringList redlockRelease;
    for (int i = 0; i < 5; ++i) {
        redlockAcquire << QStringLiteral("acquire.set@%1 SET lock:0 $TOKEN NX PX 2500").arg(i);
        redlockRelease << QStringLiteral(
                              "release.script@%1 EVALSHA $SHA(compare_and_delete) 1 lock:0 $TOKEN")
                              .arg(i);
    }
    QTest::newRow("redlock") << QStringLiteral("redlock") << redlockAcquire << redlockRelease;
    QTest::newRow("fenced")
        << QStringLiteral("fenced")
        << QStringList{QStringLiteral(
               "acquire.script@0 EVALSHA $SHA(fenced_acquire) 2 lock:0 lock:0:fence $TOKEN 2500")}
        << QStringList{cad};
}

void TestStrategies::commandSequence()
{
    QFETCH(QString, id);
    QFETCH(QStringList, acquire);
    QFETCH(QStringList, release);
    auto s = strategy(id);
    TestWorld world(nodesFor(id));
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    LockHandle la = handleFor(2500);

    auto attempt = world.complete(s->tryAcquire(a, la));
    QVERIFY(attempt);
    QCOMPARE(attempt->outcome, AttemptOutcome::Acquired);
    // The reentrant field is shown as it is; random tokens by name.
    const QList<QPair<QByteArray, QByteArray>> subst =
        s->info().reentrant ? QList<QPair<QByteArray, QByteArray>>{}
                            : QList<QPair<QByteArray, QByteArray>>{{la.token, "$TOKEN"}};
    QCOMPARE(render(world.commands(), subst), acquire);

    world.clearLogs();
    auto released = world.complete(s->release(a, la));
    QVERIFY(released);
    QCOMPARE(*released, ReleaseOutcome::Released);
    QCOMPARE(render(world.commands(), subst), release);

    // Every step label a command carried is declared in the strategy's info.
    for (const QString &line : acquire + release) {
        const QString step = line.section(QLatin1Char('@'), 0, 0);
        bool declared = false;
        for (const char *label : s->info().steps)
            declared = declared || step == QLatin1StringView(label);
        QVERIFY2(declared, qPrintable(step));
    }
}

// --- flaws ------------------------------------------------------------------------------------

void TestStrategies::setnxExpireCrashLeavesStuckLock()
{
    auto s = strategy(QStringLiteral("setnx-expire"));
    TestWorld world;
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(1000);
    LockHandle lb = handleFor(1000);

    // A dies between SETNX and EXPIRE.
    world.crashBefore("A", "acquire.expire");
    QVERIFY(!world.complete(s->tryAcquire(a, la), 5000));
    QVERIFY(a.crashed());
    QCOMPARE(render(world.commandsOf("A"), {{la.token, "$TOKEN"}}),
             QStringList{QStringLiteral("acquire.setnx@0 SETNX lock:0 $TOKEN")});
    QCOMPARE(world.exec(0, Command{"PTTL", kKey}), Reply::integer(-1)); // no TTL

    // Long after any TTL would have run out, nobody else can get it: stuck.
    world.runFor(100 * 1000);
    QVERIFY(world.keyExists(0, kKey));
    auto attempt = world.complete(s->tryAcquire(b, lb));
    QVERIFY(attempt);
    QCOMPARE(attempt->outcome, AttemptOutcome::Busy);

    // The atomic variant does not have that window: the same crash point does not exist, and
    // its key expires.
    auto atomic = strategy(QStringLiteral("set-nx-px-lua"));
    LockHandle lc = handleFor(1000, "lock:1");
    EngineContext &c = world.addClient("C");
    auto got = world.complete(atomic->tryAcquire(c, lc));
    QVERIFY(got);
    QCOMPARE(got->outcome, AttemptOutcome::Acquired);
    world.runFor(1001);
    QVERIFY(!world.keyExists(0, "lock:1"));
}

void TestStrategies::setnxGetsetClockSkewAdmitsTwo()
{
    auto s = strategy(QStringLiteral("setnx-getset"));
    TestWorld world;
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B", 5000); // B's clock runs 5 s ahead
    LockHandle la = handleFor(2500);
    LockHandle lb = handleFor(2500);

    auto got = world.complete(s->tryAcquire(a, la));
    QVERIFY(got);
    QCOMPARE(got->outcome, AttemptOutcome::Acquired);
    QCOMPARE(la.token, QByteArray::number(world.nowMs() + 2500)); // the value is A's expiry time
    QCOMPARE(world.exec(0, Command{"PTTL", kKey}), Reply::integer(-1)); // and no TTL ever

    world.runFor(10);
    // By B's clock A's lock ran out long ago: SETNX, GET, GETSET, and B holds it too.
    auto stolen = world.complete(s->tryAcquire(b, lb));
    QVERIFY(stolen);
    QCOMPARE(stolen->outcome, AttemptOutcome::Acquired);
    QCOMPARE(render(world.commandsOf("B"), {{la.token, "$A"}, {lb.token, "$B"}}),
             (QStringList{QStringLiteral("acquire.setnx@0 SETNX lock:0 $B"),
                          QStringLiteral("acquire.get@0 GET lock:0"),
                          QStringLiteral("acquire.getset@0 GETSET lock:0 $B")}));
    QCOMPARE(countNotes(world, LockNote::ClockExpired, "B"), 1);
    QCOMPARE(world.exec(0, Command{"GET", kKey}), Reply::bulk(lb.token));

    // A's clock still says it holds the lock, and its DEL removes B's.
    auto released = world.complete(s->release(a, la));
    QVERIFY(released);
    QCOMPARE(*released, ReleaseOutcome::Released);
    QVERIFY(!world.keyExists(0, kKey));
}

void TestStrategies::setNxPxDelDeletesNextHolder()
{
    auto s = strategy(QStringLiteral("set-nx-px-del"));
    TestWorld world;
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(100);
    LockHandle lb = handleFor(10000); // B's lock would outlive the test

    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    world.runFor(150); // A's work outlives its lock
    QCOMPARE(world.complete(s->tryAcquire(b, lb))->outcome, AttemptOutcome::Acquired);
    QCOMPARE(world.exec(0, Command{"GET", kKey}), Reply::bulk(lb.token));

    // A finishes and deletes what it takes to be its lock: B's.
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QVERIFY(!world.keyExists(0, kKey));
}

void TestStrategies::pauseInsideRelease_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QByteArray>("pauseStep");
    QTest::addColumn<bool>("deletesNextHolder");
    QTest::addColumn<ReleaseOutcome>("outcomeA");
    // The pause falls between GET and DEL: the race of seed 001 §3.5 / wrongUnlock2.
    QTest::newRow("set-nx-px-get-del")
        << QStringLiteral("set-nx-px-get-del") << QByteArray("release.del") << true
        << ReleaseOutcome::Released;
    // The same pause before the one atomic script: no window to fall into.
    QTest::newRow("set-nx-px-lua")
        << QStringLiteral("set-nx-px-lua") << QByteArray("release.script") << false
        << ReleaseOutcome::NotHeld;
}

void TestStrategies::pauseInsideRelease()
{
    QFETCH(QString, id);
    QFETCH(QByteArray, pauseStep);
    QFETCH(bool, deletesNextHolder);
    QFETCH(ReleaseOutcome, outcomeA);
    auto s = strategy(id);
    TestWorld world;
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(100);
    LockHandle lb = handleFor(10000); // B's lock would outlive the test
    const qint64 t0 = world.nowMs();

    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    world.runFor(50);
    // A starts releasing at t0+50 and stalls for 150 ms before `pauseStep`; B spins meanwhile.
    world.pauseBefore("A", pauseStep, 150);
    std::optional<ReleaseOutcome> released;
    world.start(releaseInto(a, *s, la, &released));
    WaitOptions spin;
    spin.mode = WaitMode::Spin;
    spin.spinMs = 10;
    std::optional<bool> bAcquired;
    qint64 bAt = 0;
    world.start(acquireInto(b, *s, lb, spin, &bAcquired, &bAt, &world));
    world.runFor(300);

    QVERIFY(bAcquired);
    QVERIFY(*bAcquired);
    QVERIFY(bAt >= t0 + 100 && bAt < t0 + 200); // after A's lease, before A's delayed command
    QVERIFY(released);
    QCOMPARE(*released, outcomeA);
    QCOMPARE(world.keyExists(0, kKey), !deletesNextHolder);
    if (!deletesNextHolder)
        QCOMPARE(world.exec(0, Command{"GET", kKey}), Reply::bulk(lb.token));
    // A's delayed command went out at t0+200, while B held the lock.
    const LoggedCommand last = world.commandsOf("A").last();
    QCOMPARE(last.step, pauseStep);
    QCOMPARE(last.sentAtMs, t0 + 200);
    QCOMPARE(last.reply, Reply::integer(deletesNextHolder ? 1 : 0));
}

// --- reentrant, watchdog, redlock, fenced -------------------------------------------------------

void TestStrategies::reentrantNesting()
{
    auto s = strategy(QStringLiteral("reentrant-hash"));
    TestWorld world;
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(5000);
    LockHandle lb = handleFor(5000);

    for (int depth = 1; depth <= 3; ++depth) {
        QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
        QCOMPARE(la.holdCount, depth);
        QCOMPARE(world.exec(0, Command{"HGET", kKey, "A:1"}),
                 Reply::bulk(QByteArray::number(depth)));
        world.runFor(100);
    }
    QCOMPARE(la.token, QByteArray("A:1"));

    // Another thread of the same client is someone else; it learns the remaining TTL.
    lb.request.thread = "2";
    const auto other = world.complete(s->tryAcquire(a, lb));
    QCOMPARE(other->outcome, AttemptOutcome::Busy);
    QVERIFY(other->retryHintMs > 0 && other->retryHintMs <= 5000);
    const auto rival = world.complete(s->tryAcquire(b, lb));
    QCOMPARE(rival->outcome, AttemptOutcome::Busy);
    QCOMPARE(rival->retryHintMs, qint64(4900)); // the last re-entry reset the lease 100 ms ago
    QCOMPARE(*world.complete(s->release(b, lb)), ReleaseOutcome::NotHeld);

    // Unwinding: the lock stays until the last release, with its lease renewed on the way.
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QCOMPARE(la.holdCount, 2);
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QCOMPARE(la.holdCount, 1);
    QVERIFY(world.keyExists(0, kKey));
    QCOMPARE(world.exec(0, Command{"HGET", kKey, "A:1"}), Reply::bulk("1"));
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QCOMPARE(la.holdCount, 0);
    QVERIFY(!world.keyExists(0, kKey));
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::NotHeld);

    // Through acquireLock, nesting keeps the same identity and counts up too.
    LockHandle lc = handleFor(5000);
    WaitOptions wait;
    wait.timeoutMs = 0;
    QVERIFY(*world.complete(acquireLock(a, *s, lc, wait)));
    QVERIFY(*world.complete(acquireLock(a, *s, lc, wait)));
    QCOMPARE(lc.holdCount, 2);
    QCOMPARE(*world.complete(releaseLock(a, *s, lc, wait)), ReleaseOutcome::Released);
    QCOMPARE(*world.complete(releaseLock(a, *s, lc, wait)), ReleaseOutcome::Released);
    QVERIFY(!world.keyExists(0, kKey));
}

void TestStrategies::watchdogRenewsAndStops()
{
    auto s = strategy(QStringLiteral("watchdog"));
    TestWorld world;
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(300); // renewed every 100 ms
    LockHandle lb = handleFor(300);

    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    QVERIFY(la.live && *la.live);
    world.runFor(1000); // more than three leases

    QVERIFY(world.keyExists(0, kKey));
    QCOMPARE(world.exec(0, Command{"GET", kKey}), Reply::bulk(la.token));
    const QList<LoggedCommand> renewals = world.commandsWithStep("renew.script");
    QCOMPARE(renewals.size(), 10);
    QCOMPARE(render({renewals.first()}, {{la.token, "$TOKEN"}}),
             QStringList{QStringLiteral(
                 "renew.script@0 EVALSHA $SHA(watchdog_renew) 1 lock:0 $TOKEN 300")});
    QCOMPARE(countNotes(world, LockNote::Renewed), 10);
    QCOMPARE(world.complete(s->tryAcquire(b, lb))->outcome, AttemptOutcome::Busy);

    // The lease is what was asked for at every renewal.
    const Reply pttl = world.exec(0, Command{"PTTL", kKey});
    QVERIFY(pttl.integer() > 200 && pttl.integer() <= 300);

    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QVERIFY(!*la.live);
    world.runFor(2000);
    QCOMPARE(world.commandsWithStep("renew.script").size(), 10); // none after the release
    QVERIFY(!world.keyExists(0, kKey));

    // Without the watchdog the same lease would have run out (set-nx-px-lua, same TTL).
    auto plain = strategy(QStringLiteral("set-nx-px-lua"));
    LockHandle lp = handleFor(300, "lock:plain");
    QCOMPARE(world.complete(plain->tryAcquire(a, lp))->outcome, AttemptOutcome::Acquired);
    world.runFor(1000);
    QVERIFY(!world.keyExists(0, "lock:plain"));
}

void TestStrategies::watchdogStopsWhenLockGone()
{
    auto s = strategy(QStringLiteral("watchdog"));
    TestWorld world;
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    LockHandle la = handleFor(300);

    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    world.runFor(150);                                                // one renewal at +100
    QCOMPARE(world.exec(0, Command{"DEL", kKey}), Reply::integer(1)); // someone deletes it
    world.runFor(1000);
    // The renewal at +200 finds it gone and the watchdog stops.
    QCOMPARE(world.commandsWithStep("renew.script").size(), 2);
    QCOMPARE(countNotes(world, LockNote::Renewed), 1);
    QCOMPARE(countNotes(world, LockNote::RenewFailed), 1);
    QVERIFY(!*la.live);
}

void TestStrategies::redlockQuorum_data()
{
    QTest::addColumn<QList<int>>("down");
    QTest::addColumn<bool>("acquired");
    QTest::addColumn<int>("yes");
    QTest::newRow("all up") << QList<int>{} << true << 5;
    QTest::newRow("2 of 5 down") << QList<int>{3, 4} << true << 3;
    QTest::newRow("2 of 5 down, others") << QList<int>{0, 2} << true << 3;
    QTest::newRow("3 of 5 down") << QList<int>{1, 2, 4} << false << 2;
    QTest::newRow("all down") << QList<int>{0, 1, 2, 3, 4} << false << 0;
}

void TestStrategies::redlockQuorum()
{
    QFETCH(QList<int>, down);
    QFETCH(bool, acquired);
    QFETCH(int, yes);
    auto s = strategy(QStringLiteral("redlock"));
    TestWorld world(5);
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    LockHandle la = handleFor(10000);
    la.request.nodeTimeoutMs = 50;
    for (int node : down)
        world.setNodeDown(node, true);

    const qint64 t0 = a.nowMs();
    const auto attempt = world.complete(s->tryAcquire(a, la));
    QVERIFY(attempt);
    QCOMPARE(attempt->outcome == AttemptOutcome::Acquired, acquired);
    QCOMPARE(countNotes(world, LockNote::Quorum), 1);
    QCOMPARE(world.notes().first().value, qint64(yes));

    // SET went to every node at once, each with the short per-node timeout.
    const QList<LoggedCommand> sets = world.commandsWithStep("acquire.set");
    QCOMPARE(sets.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(sets[i].node, i);
        QCOMPARE(sets[i].reply.isNoReply(), down.contains(i));
    }

    if (acquired) {
        quint32 expectedHeld = 0;
        for (int i = 0; i < 5; ++i) {
            if (!down.contains(i))
                expectedHeld |= 1u << i;
        }
        QCOMPARE(la.nodesHeld, expectedHeld);
        // Elapsed is measured after the replies: the down nodes cost their 50 ms timeout.
        const qint64 elapsed = down.isEmpty() ? 0 : 50;
        QCOMPARE(la.validityMs, 10000 - elapsed - (10000 / 100 + 2));
        QCOMPARE(la.acquiredAtMs, t0 + elapsed);
        QVERIFY(world.commandsWithStep("acquire.release").isEmpty());

        // Release goes to every node, the ones that failed included.
        world.clearLogs();
        QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
        const QList<LoggedCommand> releases = world.commandsWithStep("release.script");
        QCOMPARE(releases.size(), 5);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(releases[i].node, i);
    } else {
        QCOMPARE(la.nodesHeld, 0u);
        // Undone on all nodes, including those that said no or did not answer...
        const QList<LoggedCommand> undo = world.commandsWithStep("acquire.release");
        QCOMPARE(undo.size(), 5);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(undo[i].node, i);
        // ...and a random delay, at most min(ttl/10, 200) ms, before trying again.
        QVERIFY(a.sleeps().size() <= 1);
        for (qint64 ms : a.sleeps())
            QVERIFY(ms > 0 && ms <= 200);
        QCOMPARE(attempt->outcome, yes == 0 ? AttemptOutcome::Error : AttemptOutcome::Busy);
    }
    for (int i = 0; i < 5; ++i) {
        if (!down.contains(i))
            QVERIFY(!world.keyExists(i, kKey)); // released or undone
    }
}

void TestStrategies::redlockValidity()
{
    auto s = strategy(QStringLiteral("redlock"));
    TestWorld world(5);
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");

    // Four nodes say yes, but waiting for the fifth ate the whole TTL: validity <= 0.
    world.setNodeDown(4, true);
    LockHandle la = handleFor(50);
    la.request.nodeTimeoutMs = 50;
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Busy);
    QVERIFY(existsNowhere(world, kKey));

    // Slow replies shrink the validity by the time they took.
    world.setNodeDown(4, false);
    world.setLatencyMs(20);
    LockHandle lb = handleFor(1000);
    lb.request.nodeTimeoutMs = 50;
    QCOMPARE(world.complete(s->tryAcquire(b, lb))->outcome, AttemptOutcome::Acquired);
    QCOMPARE(lb.validityMs, qint64(1000 - 20 - (1000 / 100 + 2)));
    QCOMPARE(lb.nodesHeld, 0x1fu);
}

void TestStrategies::fencedTokensIncrease()
{
    auto s = strategy(QStringLiteral("fenced"));
    TestWorld world;
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");

    qint64 last = 0;
    for (int round = 0; round < 6; ++round) {
        EngineContext &ctx = round % 2 ? b : a;
        LockHandle lock = handleFor(1000);
        QCOMPARE(world.complete(s->tryAcquire(ctx, lock))->outcome, AttemptOutcome::Acquired);
        QVERIFY2(lock.fencingToken > last, qPrintable(QString::number(lock.fencingToken)));
        last = lock.fencingToken;
        if (round == 3) {
            world.runFor(1001); // an expired lock does not reset the counter either
            continue;
        }
        QCOMPARE(*world.complete(s->release(ctx, lock)), ReleaseOutcome::Released);
    }
    QCOMPARE(last, qint64(6));
    QCOMPARE(countNotes(world, LockNote::FencingToken), 6);
    QCOMPARE(world.notes().last().value, qint64(6));
    QCOMPARE(world.exec(0, Command{"GET", "lock:0:fence"}), Reply::bulk("6"));
    QCOMPARE(world.exec(0, Command{"PTTL", "lock:0:fence"}), Reply::integer(-1));

    // A busy attempt draws no token.
    LockHandle la = handleFor(1000);
    LockHandle lb = handleFor(1000);
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    QCOMPARE(world.complete(s->tryAcquire(b, lb))->outcome, AttemptOutcome::Busy);
    QCOMPARE(lb.fencingToken, qint64(0));
    QCOMPARE(world.exec(0, Command{"GET", "lock:0:fence"}), Reply::bulk("7"));
}

void TestStrategies::fencedResourceRejectsStale()
{
    TestWorld world;
    const QByteArray read = builtinScript(QStringLiteral("fenced_read")).body;
    const QByteArray write = builtinScript(QStringLiteral("fenced_write")).body;
    const auto eval = [&](const QByteArray &body, const Command &args) {
        Command argv{"EVAL", body, "2", "counter", "counter:fence"};
        argv += args;
        return world.exec(0, argv);
    };

    QCOMPARE(eval(read, {"1"}), Reply::nil()); // nothing written yet
    QCOMPARE(eval(write, {"2", "10"}), Reply::ok());
    QCOMPARE(eval(read, {"2"}), Reply::bulk("10"));
    QCOMPARE(eval(write, {"3", "11"}), Reply::ok());

    // The paused holder with token 2 comes back: refused, and the value stays.
    const Reply staleWrite = eval(write, {"2", "99"});
    QVERIFY(staleWrite.isError());
    QCOMPARE(staleWrite.errorCode(), QByteArray("STALE"));
    QCOMPARE(staleWrite.text(), QByteArray("STALE token 2 < 3"));
    const Reply staleRead = eval(read, {"1"});
    QCOMPARE(staleRead.text(), QByteArray("STALE token 1 < 3"));
    QCOMPARE(world.exec(0, Command{"GET", "counter"}), Reply::bulk("11"));
    QCOMPARE(world.exec(0, Command{"GET", "counter:fence"}), Reply::bulk("3"));

    // The same token may read and write again; a newer one moves the mark up.
    QCOMPARE(eval(write, {"3", "12"}), Reply::ok());
    QCOMPARE(eval(read, {"4"}), Reply::bulk("12"));
    QCOMPARE(eval(write, {"3", "13"}).errorCode(), QByteArray("STALE"));
}

// --- EVALSHA, NOSCRIPT, EVAL -------------------------------------------------------------------

void TestStrategies::noscriptFallback()
{
    auto s = strategy(QStringLiteral("set-nx-px-lua"));
    TestWorld world; // no preload: the node knows no script
    EngineContext &a = world.addClient("A");
    LockHandle la = handleFor(1000);

    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    world.clearLogs();
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QCOMPARE(
        render(world.commands(), {{la.token, "$TOKEN"}}),
        (QStringList{
            QStringLiteral("release.script@0 EVALSHA $SHA(compare_and_delete) 1 lock:0 $TOKEN"),
            QStringLiteral("release.script@0 EVAL $BODY(compare_and_delete) 1 lock:0 $TOKEN"),
        }));
    QCOMPARE(world.commands().first().reply.errorCode(), QByteArray("NOSCRIPT"));
    QCOMPARE(world.commands().last().reply, Reply::integer(1));

    // EVAL cached it: next time EVALSHA is enough.
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    world.clearLogs();
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QCOMPARE(world.commands().size(), 1);
    QCOMPARE(world.commands().first().argv.first(), QByteArray("EVALSHA"));

    // After a restart the cache is empty again.
    world.node(0).flushScripts();
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    world.clearLogs();
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QCOMPARE(world.commands().size(), 2);
}

void TestStrategies::noscriptFallbackOnNodes()
{
    TestWorld world(3);
    EngineContext &a = world.addClient("A");
    const LuaScript &cad = builtinScript(QStringLiteral("compare_and_delete"));
    world.exec(1, Command{"SCRIPT", "LOAD", cad.body}); // only node 1 knows it
    world.exec(0, Command{"SET", kKey, "mine"});
    world.exec(2, Command{"SET", kKey, "theirs"});

    const auto replies = world.complete(
        evalScriptOnNodes(a, {0, 1, 2}, cad, Command{kKey}, Command{"mine"}, "release.script", 50));
    QVERIFY(replies);
    QCOMPARE(*replies, (QList<Reply>{Reply::integer(1), Reply::integer(0), Reply::integer(0)}));
    QCOMPARE(render(world.commands()),
             (QStringList{
                 QStringLiteral("release.script@0 EVALSHA $SHA(compare_and_delete) 1 lock:0 mine"),
                 QStringLiteral("release.script@1 EVALSHA $SHA(compare_and_delete) 1 lock:0 mine"),
                 QStringLiteral("release.script@2 EVALSHA $SHA(compare_and_delete) 1 lock:0 mine"),
                 QStringLiteral("release.script@0 EVAL $BODY(compare_and_delete) 1 lock:0 mine"),
                 QStringLiteral("release.script@2 EVAL $BODY(compare_and_delete) 1 lock:0 mine"),
             }));
    QVERIFY(!world.keyExists(0, kKey));
    QVERIFY(world.keyExists(2, kKey));
}

// --- custom scripts ---------------------------------------------------------------------------

namespace {
bool writeFile(const QString &path, const QByteArray &body)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(body) == body.size();
}
} // namespace

void TestStrategies::customStrategy()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString acquireFile = dir.filePath(QStringLiteral("acquire.lua"));
    const QString releaseFile = dir.filePath(QStringLiteral("release.lua"));
    // SET NX PX; when busy, tell the waiter how long (Redisson's convention).
    QVERIFY(writeFile(acquireFile,
                      "-- KEYS[1] key, ARGV[1] token, ARGV[2] ttl, ARGV[3] holder\n"
                      "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n"
                      "  return 1\n"
                      "end\n"
                      "return redis.call('pttl', KEYS[1])\n"));
    QVERIFY(writeFile(releaseFile, "if redis.call('get', KEYS[1]) == ARGV[1] then\n"
                                   "  return redis.call('del', KEYS[1])\n"
                                   "end\n"
                                   "return 0\n"));
    QString error = QStringLiteral("stale");
    auto s = createCustomStrategy(acquireFile, releaseFile, &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY(error.isEmpty());
    QCOMPARE(s->id(), QStringLiteral("custom"));

    TestWorld world;
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(2500);
    LockHandle lb = handleFor(2500);
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    QCOMPARE(world.exec(0, Command{"GET", kKey}), Reply::bulk(la.token));
    const auto busy = world.complete(s->tryAcquire(b, lb));
    QCOMPARE(busy->outcome, AttemptOutcome::Busy);
    QCOMPARE(busy->retryHintMs, qint64(2500));
    QCOMPARE(*world.complete(s->release(b, lb)), ReleaseOutcome::NotHeld);
    QCOMPARE(*world.complete(s->release(a, la)), ReleaseOutcome::Released);
    QCOMPARE(world.complete(s->tryAcquire(b, lb))->outcome, AttemptOutcome::Acquired);

    // The convention's arguments, under the custom steps.
    const QList<LoggedCommand> first = world.commandsOf("A");
    QVERIFY(!first.isEmpty());
    QCOMPARE(first.first().step, QByteArray("acquire.script"));
    QCOMPARE(first.first().argv.mid(3), (Command{kKey, la.token, "2500", "A:1"}));
    QCOMPARE(first.last().step, QByteArray("release.script"));
}

void TestStrategies::customSyntaxError_data()
{
    QTest::addColumn<QByteArray>("acquire");
    QTest::addColumn<QByteArray>("release");
    QTest::addColumn<QString>("error");
    const QByteArray good = "return 1\n";
    // Seed 000's acquire script exactly as the article prints it: the final `end` is missing.
    QTest::newRow("seed 000 as printed")
        << QByteArray(" -- 加锁脚本，其中KEYS[]为外部传入参数\n"
                      " if redis.call(\"setnx\", KEYS[1], KEYS[2]) == 1 then\n"
                      "     return redis.call(\"pexpire\", KEYS[1], KEYS[3])\n"
                      " else\n"
                      "     return 0")
        << good
        << QStringLiteral("acquire.lua:5: 'end' expected (to close 'if' at line 2) near '<eof>'");
    QTest::newRow("acquire missing end")
        << QByteArray("if KEYS[1] then\n  return 1\n  -- no end") << good
        << QStringLiteral("acquire.lua:3: 'end' expected (to close 'if' at line 1) near '<eof>'");
    QTest::newRow("release bad symbol")
        << good << QByteArray("return redis.call('del', KEYS[1]))\n")
        << QStringLiteral("release.lua:1: '<eof>' expected near ')'");
}

void TestStrategies::customSyntaxError()
{
    QFETCH(QByteArray, acquire);
    QFETCH(QByteArray, release);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString acquireFile = dir.filePath(QStringLiteral("acquire.lua"));
    const QString releaseFile = dir.filePath(QStringLiteral("release.lua"));
    QVERIFY(writeFile(acquireFile, acquire));
    QVERIFY(writeFile(releaseFile, release));
    QString message;
    QVERIFY(!createCustomStrategy(acquireFile, releaseFile, &message));
    QCOMPARE(message, error);
}

void TestStrategies::customMissingFile()
{
    QTemporaryDir dir;
    const QString releaseFile = dir.filePath(QStringLiteral("release.lua"));
    QVERIFY(writeFile(releaseFile, "return 0\n"));
    const QString missing = dir.filePath(QStringLiteral("nowhere/acquire.lua"));
    QString message;
    QVERIFY(!createCustomStrategy(missing, releaseFile, &message));
    QVERIFY2(message.startsWith(missing + QLatin1Char(':')), qPrintable(message));

    const QString missingRelease = dir.filePath(QStringLiteral("gone.lua"));
    QVERIFY(!createCustomStrategy(releaseFile, missingRelease, &message));
    QVERIFY2(message.contains(missingRelease), qPrintable(message));
}

void TestStrategies::customRunTimeError_data()
{
    QTest::addColumn<QByteArray>("acquire");
    QTest::addColumn<QByteArray>("release");
    QTest::addColumn<QString>("reason"); // what abortRun hears (a prefix)
    const QByteArray acquire = "return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])\n";
    const QByteArray release = "return redis.call('del', KEYS[1])\n";
    QTest::newRow("arithmetic on nil")
        << QByteArray("local x=nil return x+1\n") << release
        << QStringLiteral(
               "acquire.lua:1: attempt to perform arithmetic on local 'x' (a nil value)");
    QTest::newRow("unknown command")
        << QByteArray("\n\nreturn redis.call('sett', KEYS[1])\n") << release
        << QStringLiteral("acquire.lua:3: Unknown Redis command called from script");
    QTest::newRow("a table")
        << QByteArray("return {1, 2}\n") << release
        << QStringLiteral("acquire.lua: the acquire script returned a table of 2 element");
    QTest::newRow("a string") << QByteArray("return 'hello'\n") << release
                              << QStringLiteral(
                                     "acquire.lua: the acquire script returned \"hello\"");
    QTest::newRow("release errors")
        << acquire << QByteArray("error('no')\n") << QStringLiteral("release.lua:1: no");
    QTest::newRow("release returns a string")
        << acquire << QByteArray("return 'gone'\n")
        << QStringLiteral("release.lua: the release script returned \"gone\"");
}

// A script that fails at run time, or answers outside the convention, asks the runtime to end
// the run with the file, the Lua line and the error, instead of passing for "busy".
void TestStrategies::customRunTimeError()
{
    QFETCH(QByteArray, acquire);
    QFETCH(QByteArray, release);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString acquireFile = dir.filePath(QStringLiteral("acquire.lua"));
    const QString releaseFile = dir.filePath(QStringLiteral("release.lua"));
    QVERIFY(writeFile(acquireFile, acquire));
    QVERIFY(writeFile(releaseFile, release));
    QString error;
    auto s = createCustomStrategy(acquireFile, releaseFile, &error);
    QVERIFY2(s, qPrintable(error));

    TestWorld world;
    EngineContext &a = world.addClient("A");
    LockHandle lock = handleFor(2500);
    const auto attempt = world.complete(s->tryAcquire(a, lock));
    if (attempt->outcome == AttemptOutcome::Acquired) {
        QVERIFY(a.abortReasons().isEmpty());
        QCOMPARE(*world.complete(s->release(a, lock)), ReleaseOutcome::Error);
    } else {
        QCOMPARE(attempt->outcome, AttemptOutcome::Error);
    }
    QCOMPARE(a.abortReasons().size(), qsizetype(1));
    QVERIFY2(a.abortReasons().first().startsWith(reason), qPrintable(a.abortReasons().first()));
}

// --- wait modes ---------------------------------------------------------------------------------

void TestStrategies::waitModes_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<WaitMode>("mode");
    QTest::addColumn<qint64>("withinMs"); // after the release
    for (const QString &id : strategyIds()) {
        // Redlock adds its own random delay of up to 200 ms after a failed attempt.
        const qint64 extra = id == QLatin1StringView("redlock") ? 200 : 0;
        QTest::newRow(qPrintable(id + QStringLiteral(" spin")))
            << id << WaitMode::Spin << 100 + extra;
        QTest::newRow(qPrintable(id + QStringLiteral(" backoff")))
            << id << WaitMode::Backoff << 128 + extra;
        // Woken by the release's PUBLISH, not by the 10 s lease running out.
        QTest::newRow(qPrintable(id + QStringLiteral(" pubsub")))
            << id << WaitMode::PubSub << qint64(1);
    }
}

void TestStrategies::waitModes()
{
    QFETCH(QString, id);
    QFETCH(WaitMode, mode);
    QFETCH(qint64, withinMs);
    auto s = strategy(id);
    TestWorld world(nodesFor(id));
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(10000);
    LockHandle lb = handleFor(10000);
    WaitOptions wait;
    wait.mode = mode;

    QVERIFY(*world.complete(acquireLock(a, *s, la, wait)));
    std::optional<bool> bAcquired;
    qint64 bAt = 0;
    world.start(acquireInto(b, *s, lb, wait, &bAcquired, &bAt, &world));
    world.runFor(500);
    QVERIFY(!bAcquired);
    const qint64 releasedAt = world.nowMs();
    QCOMPARE(*world.complete(releaseLock(a, *s, la, wait)), ReleaseOutcome::Released);
    world.runUntil([&] { return bAcquired.has_value(); }, 20000);
    QVERIFY(bAcquired);
    QVERIFY(*bAcquired);
    QVERIFY2(bAt >= releasedAt && bAt <= releasedAt + withinMs,
             qPrintable(QStringLiteral("acquired %1 ms after the release").arg(bAt - releasedAt)));
    QVERIFY(world.keyExists(0, kKey));

    // The release checkpoint precedes the release; the acquire checkpoint is the caller's
    // (the simulator passes it once it has recorded the acquisition), not acquireLock's.
    const QStringList trace = world.trace();
    QVERIFY(!trace.contains(QStringLiteral("A checkpoint acquire")));
    QVERIFY(trace.contains(QStringLiteral("A checkpoint release")));
    QVERIFY(b.subscriptions().isEmpty()); // unsubscribed when done
    const QList<LoggedCommand> publishes = world.commandsWithStep("release.publish");
    if (mode == WaitMode::PubSub) {
        const QString subscribed =
            QStringLiteral("B subscribe ") + QString::fromUtf8(releaseChannel(kKey));
        QCOMPARE(trace.count(subscribed), 1);
        QCOMPARE(publishes.size(), 1);
        QCOMPARE(publishes.first().node, 0);
        QCOMPARE(publishes.first().argv, (Command{"PUBLISH", releaseChannel(kKey), la.token}));
        QCOMPARE(publishes.first().reply, Reply::integer(1)); // B was listening
    } else {
        QVERIFY(publishes.isEmpty());
    }
}

void TestStrategies::waitModeIds()
{
    for (WaitMode mode : {WaitMode::Spin, WaitMode::Backoff, WaitMode::PubSub}) {
        WaitMode parsed = WaitMode::Spin;
        QVERIFY(parseWaitMode(waitModeId(mode), &parsed));
        QCOMPARE(parsed, mode);
    }
    QCOMPARE(waitModeId(WaitMode::Spin), QStringLiteral("spin"));
    QCOMPARE(waitModeId(WaitMode::Backoff), QStringLiteral("backoff"));
    QCOMPARE(waitModeId(WaitMode::PubSub), QStringLiteral("pubsub"));
    WaitMode untouched = WaitMode::Backoff;
    QVERIFY(!parseWaitMode(QStringLiteral("poll"), &untouched));
    QCOMPARE(untouched, WaitMode::Backoff);
}

void TestStrategies::backoffDelays()
{
    auto s = strategy(QStringLiteral("set-nx-px-lua"));
    TestWorld world;
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(100000);
    LockHandle lb = handleFor(100000);
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);

    WaitOptions wait;
    wait.mode = WaitMode::Backoff;
    wait.timeoutMs = 2000;
    QVERIFY(!*world.complete(acquireLock(b, *s, lb, wait)));
    const QList<qint64> sleeps = b.sleeps();
    QVERIFY(sleeps.size() > 10);
    qint64 ceiling = 1;
    qint64 total = 0;
    for (qsizetype i = 0; i + 1 < sleeps.size(); ++i) { // the last one is cut by the deadline
        QVERIFY2(
            sleeps[i] >= std::max<qint64>(1, ceiling / 2) && sleeps[i] <= ceiling,
            qPrintable(
                QStringLiteral("sleep %1 = %2, ceiling %3").arg(i).arg(sleeps[i]).arg(ceiling)));
        total += sleeps[i];
        ceiling = std::min<qint64>(ceiling * 2, 128);
    }
    QCOMPARE(ceiling, qint64(128));
    // Jitter: the delays at the ceiling are not all the same.
    QList<qint64> atCeiling = sleeps.mid(8, sleeps.size() - 9);
    std::sort(atCeiling.begin(), atCeiling.end());
    QVERIFY(atCeiling.first() != atCeiling.last());
    QVERIFY(total <= 2000);
}

void TestStrategies::pubsubWaitsForRemainingTtl()
{
    // reentrant-hash learns the holder's PTTL; with nobody releasing, the waiter sleeps that
    // long (Redisson) and then finds the lock expired.
    auto s = strategy(QStringLiteral("reentrant-hash"));
    TestWorld world;
    world.preloadScripts();
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(1000);
    LockHandle lb = handleFor(1000);
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);
    world.runFor(300);

    WaitOptions wait;
    wait.mode = WaitMode::PubSub;
    const qint64 t0 = world.nowMs();
    std::optional<bool> acquired;
    qint64 at = 0;
    world.start(acquireInto(b, *s, lb, wait, &acquired, &at, &world));
    world.runUntil([&] { return acquired.has_value(); }, 5000);
    QVERIFY(acquired && *acquired);
    // PTTL 700: the key is gone once 700 ms have *passed*, so the waiter gives it 701.
    QVERIFY(world.trace().contains(QStringLiteral("B wait 701")));
    QCOMPARE(at, t0 + 701);
    QCOMPARE(world.commandsOf("B").size(), 2); // one busy attempt, one success
}

void TestStrategies::waitTimeout()
{
    auto s = strategy(QStringLiteral("set-nx-px-lua"));
    TestWorld world;
    EngineContext &a = world.addClient("A");
    EngineContext &b = world.addClient("B");
    LockHandle la = handleFor(100000);
    LockHandle lb = handleFor(100000);
    QCOMPARE(world.complete(s->tryAcquire(a, la))->outcome, AttemptOutcome::Acquired);

    for (WaitMode mode : {WaitMode::Spin, WaitMode::Backoff, WaitMode::PubSub}) {
        WaitOptions wait;
        wait.mode = mode;
        wait.timeoutMs = 250;
        const qint64 t0 = world.nowMs();
        const auto result = world.complete(acquireLock(b, *s, lb, wait));
        QVERIFY(result);
        QVERIFY(!*result);
        QCOMPARE(world.nowMs(), t0 + 250); // gave up at the deadline, after a last attempt
        QVERIFY(b.subscriptions().isEmpty());
    }
    // Spin: attempts at 0, 100, 200 and the last at 250.
    QCOMPARE(b.sleeps().mid(0, 3), (QList<qint64>{100, 100, 50}));
}

QTEST_GUILESS_MAIN(TestStrategies)
#include "test_strategies.moc"
