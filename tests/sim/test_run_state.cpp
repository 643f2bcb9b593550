// The state at an instant, derived from the log, matches what happened in the scenario; and
// scrubbing through checkpoints gives the same state as replaying from the start.
#include "events/run_state.h"
#include "sim/simulation.h"

#include <QTest>

using namespace lockscope;

class TestRunState : public QObject {
    Q_OBJECT

    static SimulationResult run(const QString &scenarioId, const QString &strategy)
    {
        Scenario s;
        loadBuiltinScenario(scenarioId, &s);
        SimulationConfig config;
        config.scenario = s;
        config.strategyId = strategy;
        return runSimulation(config);
    }
    static qint16 clientIndex(const EventLog &log, const char *name)
    {
        return qint16(log.info().clients.indexOf(QByteArray(name)));
    }

private slots:
    // Pause after acquire: A holds with a 30 s lease and pauses for 40 s from t = 0.
    void pauseAfterAcquireAtThreeInstants()
    {
        const auto r = run(QStringLiteral("pause-after-acquire"), QStringLiteral("set-nx-px-lua"));
        QVERIFY(r.ok);
        const EventLog &log = *r.log;
        const qint16 a = clientIndex(log, "A"), b = clientIndex(log, "B");
        StateIndex index(log, 64);
        const quint32 lock = log.strings().find(QByteArrayLiteral("lock:0"));

        // 10 s: A owns the key, about 20 s of TTL left; A is paused inside its critical section.
        RunState at10 = index.stateAt(10'000'000);
        const KeyState *k = at10.key(lock, 0);
        QVERIFY(k && k->exists);
        QCOMPARE(k->owner, a);
        QVERIFY(qAbs(k->ttlAt(10'000'000) - 20'000) <= 5);
        QVERIFY(at10.clients()[std::size_t(a)].paused);
        QVERIFY(at10.clients()[std::size_t(a)].inCritical);
        QCOMPARE(at10.clients()[std::size_t(b)].phase, ClientState::Phase::Waiting);

        // 35 s: A's lease expired at 30 s and B acquired; A is still paused and still "inside".
        RunState at35 = index.stateAt(35'000'000);
        k = at35.key(lock, 0);
        QVERIFY(k && k->exists);
        QCOMPARE(k->owner, b);
        QCOMPARE(at35.clients()[std::size_t(b)].phase, ClientState::Phase::Holding);
        QVERIFY(at35.clients()[std::size_t(a)].paused);
        QVERIFY(at35.clients()[std::size_t(a)].inCritical);

        // 45 s: A woke at 40 s.
        RunState at45 = index.stateAt(45'000'000);
        QVERIFY(!at45.clients()[std::size_t(a)].paused);
    }

    void crashedOwnerLeavesKeyWithoutTtl()
    {
        const auto r = run(QStringLiteral("crash-mid-acquire"), QStringLiteral("setnx-expire"));
        StateIndex index(*r.log);
        const RunState end = index.stateAt(r.simTimeUs);
        const quint32 lock = r.log->strings().find(QByteArrayLiteral("lock:0"));
        const KeyState *k = end.key(lock, 0);
        QVERIFY(k && k->exists);
        QCOMPARE(k->ttlAt(r.simTimeUs), qint64(-1));
        QCOMPARE(end.clients()[std::size_t(clientIndex(*r.log, "A"))].phase,
                 ClientState::Phase::Crashed);
    }

    void reentrantHoldCountAndFencingToken()
    {
        auto r = run(QStringLiteral("nested-acquire"), QStringLiteral("reentrant-hash"));
        StateIndex index(*r.log);
        qint64 maxHold = 0;
        for (std::size_t i = 1; i <= r.log->events().size(); ++i) {
            const RunState s = index.stateAfter(i);
            for (const auto &k : s.keys())
                maxHold = qMax(maxHold, k.holdCount);
        }
        QCOMPARE(maxHold, qint64(2));

        r = run(QStringLiteral("long-task"), QStringLiteral("fenced"));
        StateIndex fenced(*r.log);
        const quint32 lock = r.log->strings().find(QByteArrayLiteral("lock:0"));
        const RunState at6 = fenced.stateAt(6'000'000);
        const KeyState *k = at6.key(lock, 0);
        QVERIFY(k && k->exists);
        QCOMPARE(k->fencingToken, qint64(2)); // B's token, after A's lease (token 1) expired
    }

    // Checkpoints are an optimisation only: any stride gives the same state.
    void stridesAgree()
    {
        const auto r = run(QStringLiteral("contention"), QStringLiteral("redlock"));
        StateIndex fine(*r.log, 1), coarse(*r.log, 5000);
        for (qint64 t = 0; t <= r.simTimeUs; t += r.simTimeUs / 37 + 1) {
            const RunState a = fine.stateAt(t), b = coarse.stateAt(t);
            QCOMPARE(a.keys().size(), b.keys().size());
            for (std::size_t i = 0; i < a.keys().size(); ++i) {
                QCOMPARE(a.keys()[i].owner, b.keys()[i].owner);
                QCOMPARE(a.keys()[i].ttlAt(t), b.keys()[i].ttlAt(t));
            }
            for (std::size_t c = 0; c < a.clients().size(); ++c)
                QCOMPARE(a.clients()[c].phase, b.clients()[c].phase);
        }
    }
};

QTEST_GUILESS_MAIN(TestRunState)
#include "test_run_state.moc"
