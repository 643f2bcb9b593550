// Explore (issue 16): the bounded search finds, for each built-in strategy, the flaw
// ../shared/LOCKS.md names with the fewest faults, its counterexample replays from the scenario
// file it is saved as, the search is deterministic whatever the threads, and a planted bug in a
// user's scripts is caught with one fault. The expectations below are written from LOCKS.md's
// table, not from what the search printed.
#include "explore/explorer.h"
#include "lock/strategy_registry.h"
#include "sim/scenario_writer.h"
#include "sim/simulation.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lockscope;

namespace {

// The client faults: what a lock's own code has to survive (no server misbehaving).
const QList<ExploreFault> kClientFaults = {ExploreFault::PauseShort, ExploreFault::PauseLong,
                                           ExploreFault::Crash, ExploreFault::LoseReply,
                                           ExploreFault::DelayReply};

ExploreResult search(const QString &strategy, int k, const QList<ExploreFault> &faults = {},
                     const QList<Finding::Kind> &find = {}, int cycles = 2)
{
    ExploreRequest r;
    r.strategyId = strategy;
    r.workload.cycles = cycles;
    r.maxFaults = k;
    r.faults = faults;
    r.find = find;
    return explore(r);
}

QString describe(const Counterexample &c)
{
    QStringList parts;
    const auto clients = c.scenario.resolvedClients();
    for (const auto &p : c.placements)
        parts.append(describePlacement(p, clients, c.scenario.ttlMs));
    return parts.join(QStringLiteral("; ")) + QStringLiteral(" -> ") + c.witness;
}

// QVERIFY2 builds its message whether or not the check fails.
QString describe(const Counterexample *c)
{
    return c ? describe(*c) : QStringLiteral("none");
}

// A fault that ends a holder's lease while it still believes it holds the lock: it stops past
// the TTL, its reply comes after the TTL, or the node's clock runs the TTL out early.
bool outlivesLease(ExploreFault f)
{
    return f == ExploreFault::PauseLong || f == ExploreFault::DelayReply ||
           f == ExploreFault::ClockJump;
}

// ... or the server forgets the lock under it: a restart without persistence, a failover that
// lost the write.
bool takesTheLockAway(ExploreFault f)
{
    return outlivesLease(f) || f == ExploreFault::NodeRestart || f == ExploreFault::Failover;
}

// The counterexample's scenario, written as a file and read back, gives the same finding.
void checkReplays(const Counterexample &c, const QString &strategyId,
                  std::shared_ptr<const Strategy> strategy = {})
{
    Scenario parsed;
    QString error;
    QVERIFY2(parseScenario(scenarioToJson(c.scenario), QStringLiteral("counterexample.json"),
                           &parsed, &error),
             qPrintable(error));
    SimulationConfig config;
    config.scenario = parsed;
    config.strategyId = strategyId;
    config.strategy = std::move(strategy);
    const SimulationResult r = runSimulation(config);
    QVERIFY2(r.ok, qPrintable(r.error));
    bool found = false;
    for (const Finding &f : r.report.findings)
        found = found || (f.kind == c.kind && f.timeUs == c.findingUs);
    QVERIFY2(
        found,
        qPrintable(
            QStringLiteral("%1 does not replay: %2").arg(findingKindLabel(c.kind), describe(c))));
}

bool writeFile(const QString &path, const QByteArray &body)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(body) == body.size();
}

} // namespace

class TestExplore : public QObject {
    Q_OBJECT
private slots:
    // setnx-expire: "a crash ... between the two commands leaves a key with no TTL".
    void setnxExpireStuckByOneCrashBetweenSetnxAndExpire()
    {
        const ExploreResult r = search(QStringLiteral("setnx-expire"), 1);
        QVERIFY2(r.ok, qPrintable(r.error));
        const Counterexample *c = r.smallest(Finding::Kind::StuckLock);
        QVERIFY(c);
        QCOMPARE(c->placements.size(), 1);
        const FaultPlacement &p = c->placements.first();
        QVERIFY2(p.fault == ExploreFault::Crash, qPrintable(describe(*c)));
        // After SETNX has executed and before EXPIRE has: its reply in flight or read, or the
        // EXPIRE not yet sent.
        const bool between = (p.step == "acquire.setnx" && p.phase != "before") ||
                             (p.step == "acquire.expire" && p.phase == "before");
        QVERIFY2(between, qPrintable(describe(*c)));
        checkReplays(*c, r.strategyId);
    }

    // set-nx-px-get-del: "the lock can expire and be re-acquired between GET and DEL".
    void getDelMistakenDeletionByOnePauseBetweenGetAndDel()
    {
        const ExploreResult r = search(QStringLiteral("set-nx-px-get-del"), 1);
        QVERIFY2(r.ok, qPrintable(r.error));
        const Counterexample *c = r.smallest(Finding::Kind::MistakenDeletion);
        QVERIFY(c);
        QCOMPARE(c->placements.size(), 1);
        const FaultPlacement &p = c->placements.first();
        QVERIFY2(takesTheLockAway(p.fault), qPrintable(describe(*c)));
        const bool between = (p.step == "release.get" && p.phase != "before") ||
                             (p.step == "release.del" && p.phase == "before");
        QVERIFY2(between, qPrintable(describe(*c)));
        checkReplays(*c, r.strategyId);
    }

    // set-nx-px-del and setnx-getset release with a plain DEL: a client whose lease ran out
    // deletes the next holder's lock, with one fault that outlives the lease.
    void plainDelMistakenDeletionByOneFault_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::newRow("set-nx-px-del") << QStringLiteral("set-nx-px-del");
        QTest::newRow("setnx-getset") << QStringLiteral("setnx-getset");
    }
    void plainDelMistakenDeletionByOneFault()
    {
        QFETCH(QString, strategy);
        const ExploreResult r = search(strategy, 1);
        QVERIFY2(r.ok, qPrintable(r.error));
        const Counterexample *c = r.smallest(Finding::Kind::MistakenDeletion);
        QVERIFY(c);
        QCOMPARE(c->placements.size(), 1);
        QVERIFY2(takesTheLockAway(c->placements.first().fault), qPrintable(describe(*c)));
        checkReplays(*c, r.strategyId);
    }

    // The correct single-instance strategies: "correct ... as long as the work finishes inside
    // the TTL". With the client faults alone, the smallest violation is one pause longer than
    // the TTL, and no mistaken deletion or stuck lock exists within two faults.
    // (Two faults for two of them, one for the others: the same code paths, half the time under
    // the sanitizers.)
    void correctStrategiesBreakOnlyByAPausePastTheTtl_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<int>("k");
        QTest::newRow("set-nx-px-lua") << QStringLiteral("set-nx-px-lua") << 2;
        QTest::newRow("watchdog") << QStringLiteral("watchdog") << 2;
        QTest::newRow("lua-setnx-pexpire") << QStringLiteral("lua-setnx-pexpire") << 1;
        QTest::newRow("reentrant-hash") << QStringLiteral("reentrant-hash") << 1;
    }
    void correctStrategiesBreakOnlyByAPausePastTheTtl()
    {
        QFETCH(QString, strategy);
        QFETCH(int, k);
        const ExploreResult r = search(strategy, k, kClientFaults);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.completedLevel, k);
        const Counterexample *c = r.smallest(Finding::Kind::Violation);
        QVERIFY(c);
        QCOMPARE(c->placements.size(), 1);
        QVERIFY2(outlivesLease(c->placements.first().fault), qPrintable(describe(*c)));
        QVERIFY2(!r.smallest(Finding::Kind::MistakenDeletion),
                 qPrintable(describe(r.smallest(Finding::Kind::MistakenDeletion))));
        QVERIFY2(!r.smallest(Finding::Kind::StuckLock),
                 qPrintable(describe(r.smallest(Finding::Kind::StuckLock))));
        // The bounded guarantee names its bound and its vocabulary, and never says "safe".
        const QString line = r.verdictLine(Finding::Kind::MistakenDeletion);
        QVERIFY2(line.contains(k == 1 ? QLatin1String("within 1 fault")
                                      : QLatin1String("within 2 faults")),
                 qPrintable(line));
        QVERIFY2(line.contains(QLatin1String("pause-long")), qPrintable(line));
        QVERIFY2(!line.contains(QLatin1String("safe")), qPrintable(line));
        checkReplays(*c, r.strategyId);
    }

    // redlock: "safe against one node crashing; unsafe under node restarts without
    // persistence, clock jumps on nodes, and pauses longer than the validity". A holder has
    // every node of three, so a restart or a jump must strike two of them; one pause is enough.
    // One lock cycle per client: two clients contending once is the whole story, and each
    // cycle more multiplies the places Redlock's fan-out offers.
    void redlockSurvivesNodeCrashesButNotRestartsJumpsOrAPause()
    {
        const ExploreResult crash =
            search(QStringLiteral("redlock"), 2, {ExploreFault::NodeCrash}, {}, 1);
        QVERIFY2(crash.ok, qPrintable(crash.error));
        QCOMPARE(crash.completedLevel, 2);
        QVERIFY(crash.schedules > 100);
        QVERIFY2(!crash.smallest(Finding::Kind::Violation),
                 qPrintable(describe(crash.smallest(Finding::Kind::Violation))));
        const QList<QPair<ExploreFault, int>> breaks = {{ExploreFault::PauseLong, 1},
                                                        {ExploreFault::NodeRestart, 2},
                                                        {ExploreFault::ClockJump, 2}};
        for (const auto &[fault, count] : breaks) {
            const ExploreResult r =
                search(QStringLiteral("redlock"), count, {fault}, {Finding::Kind::Violation}, 1);
            QVERIFY2(r.ok, qPrintable(r.error));
            const Counterexample *c = r.smallest(Finding::Kind::Violation);
            QVERIFY2(c, qPrintable(exploreFaultId(fault)));
            QCOMPARE(c->placements.size(), count);
            if (isNodeFault(fault)) // two different nodes, not one twice
                QVERIFY2(c->placements[0].node != c->placements[1].node, qPrintable(describe(*c)));
            checkReplays(*c, r.strategyId);
        }
    }

    // fenced: "pauses cannot corrupt" the resource. With lost updates as the criterion, no
    // client fault loses one within two faults, though the lock itself is overtaken.
    void fencedLosesNoUpdateUnderClientFaults()
    {
        const ExploreResult r =
            search(QStringLiteral("fenced"), 2, kClientFaults, {Finding::Kind::LostUpdate});
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.completedLevel, 2);
        QVERIFY(r.schedules > 1000);
        QVERIFY2(r.counterexamples.isEmpty(),
                 qPrintable(describe(r.counterexamples.value(0, Counterexample()))));
        QCOMPARE(r.find, QList<Finding::Kind>{Finding::Kind::LostUpdate});
        // The same search counting violations finds the overtaken lock the resource refused.
        const ExploreResult v =
            search(QStringLiteral("fenced"), 1, kClientFaults, {Finding::Kind::Violation});
        QVERIFY(v.smallest(Finding::Kind::Violation));
    }

    // The same input gives the same output, whatever the number of threads.
    void deterministic()
    {
        ExploreRequest r;
        r.strategyId = QStringLiteral("set-nx-px-get-del");
        r.maxFaults = 2;
        r.faults = {ExploreFault::PauseLong, ExploreFault::Crash, ExploreFault::NodeRestart};
        r.threads = 1;
        const ExploreResult a = explore(r);
        r.threads = 3;
        const ExploreResult b = explore(r);
        QVERIFY(a.ok && b.ok);
        QCOMPARE(a.schedules, b.schedules);
        QCOMPARE(a.pruned, b.pruned);
        QCOMPARE(a.counterexamples.size(), b.counterexamples.size());
        QVERIFY(!a.counterexamples.isEmpty());
        for (qsizetype i = 0; i < a.counterexamples.size(); ++i) {
            QCOMPARE(a.counterexamples[i].kind, b.counterexamples[i].kind);
            QCOMPARE(a.counterexamples[i].findingUs, b.counterexamples[i].findingUs);
            QCOMPARE(a.counterexamples[i].witness, b.counterexamples[i].witness);
            QCOMPARE(scenarioToJson(a.counterexamples[i].scenario),
                     scenarioToJson(b.counterexamples[i].scenario));
        }
    }

    // A user's release that DELs without comparing: caught with one fault, and the scenario
    // replays with the same scripts.
    void plantedBugInYourScriptsCaughtWithOneFault()
    {
        QTemporaryDir dir;
        const QString acquire = dir.filePath(QStringLiteral("acquire.lua"));
        const QString release = dir.filePath(QStringLiteral("release.lua"));
        QVERIFY(writeFile(acquire, "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) "
                                   "then return 1 end\nreturn 0\n"));
        QVERIFY(writeFile(release, "return redis.call('del', KEYS[1])\n"));
        QString error;
        std::shared_ptr<const Strategy> mine(createCustomStrategy(acquire, release, &error));
        QVERIFY2(mine, qPrintable(error));
        ExploreRequest r;
        r.strategy = mine;
        r.maxFaults = 1;
        const ExploreResult result = explore(r);
        QVERIFY2(result.ok, qPrintable(result.error));
        const Counterexample *c = result.smallest(Finding::Kind::MistakenDeletion);
        QVERIFY(c);
        QCOMPARE(c->placements.size(), 1);
        QVERIFY2(takesTheLockAway(c->placements.first().fault), qPrintable(describe(*c)));
        checkReplays(*c, mine->id(), mine);

        // The compare-and-delete release has no such counterexample within the same bound.
        QVERIFY(writeFile(release, "if redis.call('get', KEYS[1]) == ARGV[1] then\n"
                                   "  return redis.call('del', KEYS[1])\nend\nreturn 0\n"));
        std::shared_ptr<const Strategy> fixed(createCustomStrategy(acquire, release, &error));
        QVERIFY2(fixed, qPrintable(error));
        r.strategy = fixed;
        const ExploreResult after = explore(r);
        QVERIFY2(after.ok, qPrintable(after.error));
        QVERIFY(!after.smallest(Finding::Kind::MistakenDeletion));
    }

    // The orderings of requests in flight together. A planted priority bug: the acquire script
    // hands the lock over to a token that sorts below (or above) the holder's. With both
    // clients starting together, whether it shows depends on whose SET reaches Redis first: if
    // the favoured client's does, the other just waits. One variant breaks in the workload's
    // own order; the other only when the search lets the second request overtake the first,
    // one reordering and no fault.
    void reorderingFlipsARaceYourScriptsLose()
    {
        QTemporaryDir dir;
        const QString acquire = dir.filePath(QStringLiteral("acquire.lua"));
        const QString release = dir.filePath(QStringLiteral("release.lua"));
        QVERIFY(writeFile(release, "if redis.call('get', KEYS[1]) == ARGV[1] then\n"
                                   "  return redis.call('del', KEYS[1])\nend\nreturn 0\n"));
        QList<qsizetype> sizes;
        for (const char *favoured : {"<", ">"}) {
            const QByteArray script =
                QByteArray("if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n"
                           "  return 1\nend\n"
                           "if ARGV[1] ") +
                favoured +
                " redis.call('get', KEYS[1]) then\n"
                "  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])\n  return 1\nend\n"
                "return 0\n";
            QVERIFY(writeFile(acquire, script));
            QString error;
            std::shared_ptr<const Strategy> mine(createCustomStrategy(acquire, release, &error));
            QVERIFY2(mine, qPrintable(error));
            ExploreRequest r;
            r.strategy = mine;
            r.workload.startStaggerMs = 0;
            r.maxFaults = 1;
            r.faults = {ExploreFault::Reorder};
            r.find = {Finding::Kind::Violation};
            const ExploreResult result = explore(r);
            QVERIFY2(result.ok, qPrintable(result.error));
            const Counterexample *c = result.smallest(Finding::Kind::Violation);
            QVERIFY2(c, favoured);
            sizes.append(c->placements.size());
            if (!c->placements.isEmpty()) {
                QCOMPARE(c->placements.first().fault, ExploreFault::Reorder);
                QVERIFY(c->placements.first().holdMs >= 1);
                QVERIFY(c->placements.first().overtakenBy != c->placements.first().client);
            }
            checkReplays(*c, mine->id(), mine);
        }
        std::sort(sizes.begin(), sizes.end());
        QCOMPARE(sizes, QList<qsizetype>({0, 1}));
    }

    // A script that loops forever under contention: the search stops at once with one error
    // naming the file and the line, instead of hanging or paying the time limit per schedule.
    void endlessScriptStopsTheSearchWithOneError()
    {
        QTemporaryDir dir;
        const QString acquire = dir.filePath(QStringLiteral("spin_acquire.lua"));
        const QString release = dir.filePath(QStringLiteral("release.lua"));
        QVERIFY(writeFile(acquire, "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) "
                                   "then return 1 end\nwhile true do end\n"));
        QVERIFY(writeFile(release, "return redis.call('del', KEYS[1])\n"));
        QString error;
        std::shared_ptr<const Strategy> mine(createCustomStrategy(acquire, release, &error));
        QVERIFY2(mine, qPrintable(error));
        ExploreRequest r;
        r.strategy = mine;
        r.scriptLimits.timeLimitMs = 200;
        QElapsedTimer timer;
        timer.start();
        const ExploreResult result = explore(r);
        QVERIFY(timer.elapsed() < 20000);
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QLatin1String("spin_acquire.lua")),
                 qPrintable(result.error));
        QVERIFY2(result.error.contains(QLatin1String("200 ms")), qPrintable(result.error));
    }

    // Cancel keeps what was found and says it was cancelled.
    void cancelKeepsWhatWasFound()
    {
        std::atomic<bool> stop{false};
        ExploreRequest r;
        r.strategyId = QStringLiteral("redlock");
        r.maxFaults = 2;
        int calls = 0;
        const ExploreResult result = explore(
            r,
            [&](const ExploreProgress &p) {
                ++calls;
                if (p.level >= 2)
                    stop = true;
            },
            &stop);
        QVERIFY(result.ok);
        QVERIFY(result.cancelled);
        QVERIFY(calls > 0);
        QCOMPARE(result.completedLevel, 1);
        QVERIFY(result.smallest(Finding::Kind::Violation));
    }

    // Bad requests get one message naming the problem.
    void badRequestsNameTheProblem()
    {
        ExploreRequest r;
        r.strategyId = QStringLiteral("nope");
        QString error;
        QVERIFY(!validateExploreRequest(r, &error));
        QVERIFY(error.contains(QLatin1String("nope")));
        r.strategyId = QStringLiteral("redlock");
        r.maxFaults = 4;
        QVERIFY(!validateExploreRequest(r, &error));
        QVERIFY(error.contains(QLatin1String("0..3")));
        r.maxFaults = 1;
        r.faults = {ExploreFault::Failover}; // redlock's nodes have no replica
        QVERIFY(!validateExploreRequest(r, &error));
        QList<Finding::Kind> kinds;
        QVERIFY(!parseFindingKinds(QStringLiteral("violation,lost"), &kinds, &error));
        QVERIFY(error.contains(QLatin1String("\"lost\"")));
        QVERIFY(parseFindingKinds(QStringLiteral("stuck_lock, violation"), &kinds, &error));
        QCOMPARE(kinds, (QList<Finding::Kind>{Finding::Kind::StuckLock, Finding::Kind::Violation}));
    }
};

QTEST_GUILESS_MAIN(TestExplore)
#include "test_explore.moc"
