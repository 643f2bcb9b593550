// Property test over 500 seeds: in every run, the correct strategies show no violation inside
// their fault model, and each flawed one shows its flaw (the catalogue of expected_outcomes.h,
// which is docs/lock-catalogue.md). Seeds change network jitter, retry delays, key choice and
// tokens. LOCKSCOPE_PROPERTY_SEEDS sets another count: the sanitizer check runs 50, as it looks
// for memory and threading errors in the same code paths, not for rarer seeds (500 take ~5
// minutes under ASan on two cores).
#include "expected_outcomes.h"
#include "sim/comparison.h"

#include <QMutex>
#include <QTest>

#include <map>

using namespace lockscope;
using namespace lockscope::test;

class TestProperty : public QObject {
    Q_OBJECT

private slots:
    void catalogueHoldsForEverySeed()
    {
        bool set = false;
        const int fromEnv = qEnvironmentVariableIntValue("LOCKSCOPE_PROPERTY_SEEDS", &set);
        const int kSeeds = set && fromEnv > 0 ? fromEnv : 500;
        // One comparison request per scenario, with just the strategies the catalogue names.
        std::map<QString, QStringList> strategiesByScenario;
        std::map<QPair<QString, QString>, quint32> expectations;
        for (const auto &e : catalogue()) {
            strategiesByScenario[e.scenario].append(e.strategy);
            expectations[{e.scenario, e.strategy}] |= e.expect;
        }
        QMutex mutex;
        QStringList failures;
        int runs = 0;
        for (const auto &[scenarioId, strategies] : strategiesByScenario) {
            Scenario scenario;
            QString error;
            QVERIFY2(loadBuiltinScenario(scenarioId, &scenario, &error), qPrintable(error));
            if (scenarioId == QLatin1String("contention"))
                QVERIFY(setClientCount(
                    scenario, 20, nullptr)); // 200 increments keep 500 seeds quick; same property
            ComparisonRequest request;
            request.scenarios = {scenario};
            request.strategies = strategies;
            request.strategies.removeDuplicates();
            request.seeds = kSeeds;
            request.perRun = [&](const QString &sc, const QString &st, quint64 seed,
                                 const CheckReport &report) {
                const QString broken =
                    checkExpectation(expectations[{sc, st}], report, scenario.ttlMs);
                QMutexLocker lock(&mutex);
                ++runs;
                if (!broken.isEmpty() && failures.size() < 20)
                    failures.append(
                        QStringLiteral("%1/%2 seed %3: %4").arg(sc, st).arg(seed).arg(broken));
            };
            runComparison(request);
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        int pairs = 0;
        for (const auto &[sc, list] : strategiesByScenario) {
            QStringList unique = list;
            unique.removeDuplicates();
            pairs += int(unique.size());
        }
        QCOMPARE(runs, pairs * kSeeds);
    }
};

QTEST_GUILESS_MAIN(TestProperty)
#include "test_property.moc"
