// The safety matrix (lockscope-cli compare --all-scenarios): every cell the catalogue of
// expected_outcomes.h (docs/lock-catalogue.md) names gets the verdict that catalogue implies, and
// the CLI prints the matrix as CSV and JSON and refuses an ambiguous request.
#include "cli_process.h"
#include "csv_reader.h"
#include "expected_outcomes.h"
#include "lock/strategy_registry.h"
#include "sim/comparison.h"
#include "sim/simulation.h"
#include "util/csv.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

#ifndef LOCKSCOPE_CLI
#error "LOCKSCOPE_CLI must name the lockscope-cli binary (tests/cli/CMakeLists.txt)"
#endif

using namespace lockscope;
using namespace lockscope::test;

namespace {

constexpr int kSeeds = 20; // the CLI's default is 100; 20 keeps the suite quick
constexpr int kTimeoutMs = 300000;

// The verdicts the catalogue's flags allow for a cell, derived from docs/lock-catalogue.md alone.
// Empty when the catalogue says nothing about the cell's safety (e.g. only how long a nested
// acquire takes).
QList<CellVerdict> expectedVerdicts(quint32 e)
{
    if (e & (Violation | MistakenDeletion | StuckLock))
        return {CellVerdict::Unsafe};
    // Fencing: the overlap happens, but the resource refuses the stale write and loses nothing.
    if ((e & StaleRejected) && (e & NoLostUpdate))
        return {CellVerdict::Safe};
    if (e & (GaveUp | Starvation))
        return {CellVerdict::LivenessLoss};
    if (e & NoViolation) {
        if (e & EveryoneAcquired)
            return {CellVerdict::Safe};
        return {CellVerdict::Safe, CellVerdict::LivenessLoss};
    }
    return {};
}

QList<Scenario> allScenarios()
{
    QList<Scenario> list;
    for (const auto &id : builtinScenarioIds()) {
        Scenario s;
        if (loadBuiltinScenario(id, &s))
            list.append(s);
    }
    return list;
}

using Run = lockscope::test::CliRun;

Run runCli(const QStringList &args)
{
    return lockscope::test::runProgram(QString::fromUtf8(LOCKSCOPE_CLI), args, kTimeoutMs);
}

} // namespace

class TestMatrix : public QObject {
    Q_OBJECT

private slots:
    void verdictIds()
    {
        QCOMPARE(verdictId(CellVerdict::Safe), QStringLiteral("safe"));
        QCOMPARE(verdictId(CellVerdict::Unsafe), QStringLiteral("unsafe"));
        QCOMPARE(verdictId(CellVerdict::LivenessLoss), QStringLiteral("liveness-loss"));
    }

    void verdictRules()
    {
        // One run.
        CheckReport run;
        QVERIFY(!runIsUnsafe(run, false));
        run.gaveUp = 1;
        QCOMPARE(runVerdict(run, false), CellVerdict::LivenessLoss);
        run.stuckLocks = 1;
        QVERIFY(runIsUnsafe(run, false));
        QCOMPARE(runVerdict(run, false), CellVerdict::Unsafe);
        // Two holders under a fencing strategy: safe while the resource rejected the stale write.
        CheckReport fenced;
        fenced.violations = 3;
        fenced.staleWritesRejected = 3;
        QVERIFY(!runIsUnsafe(fenced, true));
        QVERIFY(runIsUnsafe(fenced, false)); // the same counts without fencing
        fenced.lostUpdates = 1;
        QVERIFY(runIsUnsafe(fenced, true));

        // A cell: unsafe as soon as one of its runs is.
        ComparisonRow row;
        row.strategy = QStringLiteral("set-nx-px-lua");
        row.runs = 3;
        QCOMPARE(verdictOf(row), CellVerdict::Safe);
        row.sum.gaveUp = 1;
        QCOMPARE(verdictOf(row), CellVerdict::LivenessLoss);
        row.runsUnsafe = 1;
        QCOMPARE(verdictOf(row), CellVerdict::Unsafe);
    }

    // The "unsafe runs" of a row are the runs the verdict rule judges unsafe, counted from each
    // run's own report, so a cell is UNSAFE exactly when it has one (compare --scenario printed
    // 0/3 for a stuck-lock cell the matrix called UNSAFE, and 100/100 for fenced cells the
    // matrix called ok).
    void unsafeRunsFollowTheRule()
    {
        ComparisonRequest request;
        for (const char *id : {"crash-mid-acquire", "pause-after-acquire", "long-task"}) {
            Scenario s;
            QVERIFY(loadBuiltinScenario(QLatin1String(id), &s));
            request.scenarios.append(s);
        }
        request.seeds = 3;
        QMutex mutex;
        std::map<QPair<QString, QString>, int> unsafeRuns;
        request.perRun = [&](const QString &scenario, const QString &strategy, quint64,
                             const CheckReport &r) {
            // Spelled out from LOCKS.md, not through runIsUnsafe.
            const bool fencing = strategy == QLatin1String("fenced");
            const bool harmless = fencing && r.lostUpdates == 0 && r.staleWritesRejected > 0;
            const bool unsafe = (r.violations > 0 && !harmless) || r.mistakenDeletions > 0 ||
                                r.stuckLocks > 0 || r.lostUpdates > 0;
            QMutexLocker lock(&mutex);
            unsafeRuns[{scenario, strategy}] += unsafe ? 1 : 0;
        };
        const auto rows = runComparison(request);
        bool sawStuckOnly = false, sawHarmlessFenced = false;
        for (const auto &row : rows) {
            const int expected = unsafeRuns[{row.scenario, row.strategy}];
            QVERIFY2(row.runsUnsafe == expected,
                     qPrintable(QStringLiteral("%1/%2: %3 unsafe runs, expected %4")
                                    .arg(row.scenario, row.strategy)
                                    .arg(row.runsUnsafe)
                                    .arg(expected)));
            QCOMPARE(verdictOf(row) == CellVerdict::Unsafe, expected > 0);
            sawStuckOnly |= row.runsWithViolation == 0 && row.runsWithStuckLock > 0;
            sawHarmlessFenced |= row.strategy == QLatin1String("fenced") &&
                                 row.runsWithViolation > 0 && row.runsUnsafe == 0;
        }
        // The two contradictions of the issue are among the rows checked.
        QVERIFY(sawStuckOnly);
        QVERIFY(sawHarmlessFenced);
    }

    // A row's p50/p99 are percentiles of all its acquisitions: the nearest-rank percentile of
    // the pooled samples of every run, within the sketch's stated relative error (the mean of
    // each run's percentile is not a percentile of anything).
    void rowPercentilesArePooled_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        QTest::newRow("contention, set-nx-px-lua") << "contention"
                                                   << "set-nx-px-lua";
        QTest::newRow("contention, redlock") << "contention"
                                             << "redlock";
        QTest::newRow("pause-after-acquire, watchdog") << "pause-after-acquire"
                                                       << "watchdog";
        QTest::newRow("split-vote, redlock") << "split-vote"
                                             << "redlock";
    }

    void rowPercentilesArePooled()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        constexpr int kRuns = 4;
        Scenario s;
        QVERIFY(loadBuiltinScenario(scenario, &s));
        std::vector<qint64> pooled;
        for (int seed = 1; seed <= kRuns; ++seed) {
            SimulationConfig config;
            config.scenario = s;
            config.strategyId = strategy;
            config.seed = quint64(seed);
            const auto result = runSimulation(config);
            QVERIFY2(result.ok, qPrintable(result.error));
            for (const auto &e : result.log->events()) {
                if (e.kind == EventKind::Acquired)
                    pooled.push_back(e.value);
            }
        }
        QVERIFY(pooled.size() > 10);
        std::sort(pooled.begin(), pooled.end());
        const auto nearestRank = [&](double p) {
            const auto rank = std::size_t(std::ceil(p * double(pooled.size())));
            return double(pooled[std::max<std::size_t>(rank, 1) - 1]) / 1000.0;
        };

        ComparisonRequest request;
        request.scenarios = {s};
        request.strategies = {strategy};
        request.seeds = kRuns;
        const auto rows = runComparison(request);
        QCOMPARE(rows.size(), qsizetype(1));
        const CheckReport &sum = rows.first().sum;
        QCOMPARE(sum.acquisitions, qint64(pooled.size()));
        const double tolerance = LatencySketch::kRelativeError * (1 + 1e-9);
        for (const auto &[p, got] :
             {std::pair{0.50, sum.latencyP50Ms}, std::pair{0.99, sum.latencyP99Ms}}) {
            const double want = nearestRank(p);
            QVERIFY(got.has_value());
            QVERIFY2(qAbs(*got - want) <= tolerance * want,
                     qPrintable(QStringLiteral("p%1: %2 ms, pooled samples give %3 ms")
                                    .arg(p * 100)
                                    .arg(*got)
                                    .arg(want)));
        }
        QCOMPARE(sum.latencyMaxMs.value_or(-1), double(pooled.back()) / 1000.0);
    }

    // The sketch on its own: any merge order, percentiles within the error, zeros exact.
    void latencySketch()
    {
        std::vector<qint64> samples;
        quint64 x = 88172645463325252ull;
        for (int i = 0; i < 20000; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            samples.push_back(i % 50 == 0 ? 0 : qint64(x % 5000000)); // 0 to 5 s
        }
        LatencySketch a, b, all;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            (i % 3 == 0 ? a : b).add(samples[i]);
            all.add(samples[i]);
        }
        LatencySketch ab = a, ba = b;
        ab.merge(b);
        ba.merge(a);
        std::sort(samples.begin(), samples.end());
        QVERIFY(!LatencySketch().percentileMs(0.5).has_value());
        for (double p : {0.001, 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1.0}) {
            const auto rank = std::size_t(std::ceil(p * double(samples.size())));
            const double want = double(samples[std::max<std::size_t>(rank, 1) - 1]) / 1000.0;
            const double got = all.percentileMs(p).value_or(-1);
            QVERIFY2(qAbs(got - want) <= LatencySketch::kRelativeError * (1 + 1e-9) * want,
                     qPrintable(QStringLiteral("p=%1: %2, want %3").arg(p).arg(got).arg(want)));
            QCOMPARE(ab.percentileMs(p), all.percentileMs(p));
            QCOMPARE(ba.percentileMs(p), all.percentileMs(p));
        }
        QCOMPARE(all.percentileMs(0.01).value_or(-1), 0.0); // 2 % of the samples are 0
    }

    void matrixMatchesCatalogue()
    {
        std::map<QPair<QString, QString>, quint32> expectations;
        for (const auto &e : catalogue())
            expectations[{e.scenario, e.strategy}] |= e.expect;

        ComparisonRequest request;
        request.scenarios = allScenarios();
        QCOMPARE(request.scenarios.size(), builtinScenarioIds().size());
        request.seeds = kSeeds;
        const auto rows = runComparison(request);
        QCOMPARE(rows.size(), request.scenarios.size() * strategyIds().size());

        QStringList failures;
        int checked = 0;
        for (const auto &row : rows) {
            QCOMPARE(row.runs, kSeeds);
            const auto it = expectations.find({row.scenario, row.strategy});
            if (it == expectations.end())
                continue;
            const auto allowed = expectedVerdicts(it->second);
            if (allowed.isEmpty())
                continue;
            ++checked;
            const CellVerdict got = verdictOf(row);
            if (!allowed.contains(got)) {
                QStringList want;
                for (auto v : allowed)
                    want.append(verdictId(v));
                failures.append(QStringLiteral("%1/%2: %3, expected %4 (violations %5, mistaken "
                                               "deletions %6, stuck %7, lost %8, stale rejected "
                                               "%9, starved %10, gave up %11)")
                                    .arg(row.scenario, row.strategy, verdictId(got),
                                         want.join(QLatin1String(" or ")))
                                    .arg(row.sum.violations)
                                    .arg(row.sum.mistakenDeletions)
                                    .arg(row.sum.stuckLocks)
                                    .arg(row.sum.lostUpdates)
                                    .arg(row.sum.staleWritesRejected)
                                    .arg(row.sum.starvedClients)
                                    .arg(row.sum.gaveUp));
            }
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        // Every pair the catalogue makes a safety claim about was checked.
        QVERIFY2(checked >= 60, qPrintable(QString::number(checked)));
    }

    void cliCsv()
    {
        const Run r =
            runCli({QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
                    QStringLiteral("--seeds"), QStringLiteral("2"), QStringLiteral("--csv")});
        QVERIFY2(r.finished && r.exitCode == 0, r.describe().constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData()); // no progress when piped
        QList<QByteArray> lines = r.out.split('\n');
        QVERIFY(!lines.isEmpty() && lines.last().isEmpty());
        lines.removeLast();
        QCOMPARE(lines.size(), 1 + 130);
        const QList<QByteArray> header = lines.first().split(',');
        QCOMPARE(header.value(0), QByteArray("scenario"));
        QCOMPARE(header.value(1), QByteArray("strategy"));
        QCOMPARE(header.value(2), QByteArray("verdict"));
        for (const char *column :
             {"runs", "runs_with_violation", "violations", "mistaken_deletions", "stuck_locks",
              "lost_updates", "stale_writes_rejected", "starved_clients", "latency_p99_ms"})
            QVERIFY2(header.contains(QByteArray(column)), column);
        const qsizetype runsColumn = header.indexOf(QByteArray("runs"));

        // The same seeds in-process give the same verdicts (the simulation is deterministic).
        ComparisonRequest request;
        request.scenarios = allScenarios();
        request.seeds = 2;
        const auto rows = runComparison(request);
        QCOMPARE(rows.size(), qsizetype(130));
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QList<QByteArray> cells = lines[i + 1].split(',');
            QCOMPARE(cells.size(), header.size());
            QCOMPARE(QString::fromUtf8(cells[0]), rows[i].scenario);
            QCOMPARE(QString::fromUtf8(cells[1]), rows[i].strategy);
            QCOMPARE(QString::fromUtf8(cells[2]), verdictId(verdictOf(rows[i])));
            QCOMPARE(cells[runsColumn], QByteArray("2"));
        }
    }

    // RFC 4180: a field is quoted when it holds a comma, a double quote, CR or LF, its quotes
    // doubled; any other field is written as it is (the ids, verdicts and counts always are).
    void csvFieldQuotesOnlyWhatNeedsIt_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("field");
        QTest::newRow("plain") << QStringLiteral("redlock-5") << QStringLiteral("redlock-5");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("space") << QStringLiteral("a b") << QStringLiteral("a b");
        QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"")
                               << QStringLiteral("\"say \"\"hi\"\"\"");
        QTest::newRow("LF") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
        QTest::newRow("CR") << QStringLiteral("a\rb") << QStringLiteral("\"a\rb\"");
    }
    void csvFieldQuotesOnlyWhatNeedsIt()
    {
        QFETCH(QString, value);
        QFETCH(QString, field);
        QCOMPARE(csvField(value), field);
        QCOMPARE(csvRecord({value, QStringLiteral("x")}), field + QStringLiteral(",x\n"));
    }

    // A scenario file's id and a custom strategy's id may hold anything: the matrix CSV reads
    // back to the same fields, one record per row.
    void csvReadsBackAwkwardIds()
    {
        ComparisonRow awkward;
        awkward.scenario = QStringLiteral("my \"fast\" scenario, v2\nsecond line");
        awkward.strategy = QStringLiteral("custom,\"quoted\"\r\nstrategy");
        awkward.runs = 3;
        ComparisonRow plain;
        plain.scenario = QStringLiteral("clock-jump");
        plain.strategy = QStringLiteral("redlock");
        plain.runs = 2;
        const QString csv = comparisonCsv({awkward, plain});
        QList<QStringList> records;
        QString error;
        QVERIFY2(readCsv(csv, &records, &error), qPrintable(error));
        QCOMPARE(records.size(), 3);
        const QStringList &header = records[0];
        QCOMPARE(header.mid(0, 3),
                 (QStringList{QStringLiteral("scenario"), QStringLiteral("strategy"),
                              QStringLiteral("verdict")}));
        for (const QStringList &record : records)
            QCOMPARE(record.size(), header.size());
        QCOMPARE(records[1].value(0), awkward.scenario);
        QCOMPARE(records[1].value(1), awkward.strategy);
        QCOMPARE(records[1].value(int(header.indexOf(QStringLiteral("runs")))),
                 QStringLiteral("3"));
        QCOMPARE(records[2].value(0), plain.scenario);
        QCOMPARE(records[2].value(1), plain.strategy);
        // Plain rows are written as before: no quotes, LF line ends.
        QVERIFY(csv.contains(QStringLiteral("\nclock-jump,redlock,")));
        QCOMPARE(csv.count(QLatin1Char('\r')), 1); // the one inside a field: records end in LF
    }

    void cliJson()
    {
        const Run r =
            runCli({QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
                    QStringLiteral("--seeds"), QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(r.finished && r.exitCode == 0, r.describe().constData());
        QJsonParseError error;
        const auto doc = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(doc.isObject(), qPrintable(error.errorString()));
        const auto o = doc.object();
        QCOMPARE(o.value(QStringLiteral("seeds")).toInt(), 2);
        const auto cells = o.value(QStringLiteral("cells")).toArray();
        QCOMPARE(cells.size(), qsizetype(130));
        const QStringList verdicts = {QStringLiteral("safe"), QStringLiteral("unsafe"),
                                      QStringLiteral("liveness-loss")};
        for (const auto &v : cells) {
            const auto cell = v.toObject();
            QVERIFY(
                builtinScenarioIds().contains(cell.value(QStringLiteral("scenario")).toString()));
            QVERIFY(strategyIds().contains(cell.value(QStringLiteral("strategy")).toString()));
            QVERIFY(verdicts.contains(cell.value(QStringLiteral("verdict")).toString()));
            QCOMPARE(cell.value(QStringLiteral("runs")).toInt(), 2);
            for (const char *key :
                 {"runs_unsafe", "runs_with_violation", "violations", "mistaken_deletions",
                  "stuck_locks", "lost_updates", "stale_writes_rejected", "starved_clients"})
                QVERIFY2(cell.value(QLatin1String(key)).isDouble(), key);
            // A number, or null when the cell had no acquisition at all.
            const QJsonValue p99 = cell.value(QStringLiteral("latency_p99_ms"));
            QVERIFY(p99.isDouble() || p99.isNull());
        }
    }

    void cliText()
    {
        const Run r = runCli({QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
                              QStringLiteral("--seeds"), QStringLiteral("1")});
        QVERIFY2(r.finished && r.exitCode == 0, r.describe().constData());
        const QString text = QString::fromUtf8(r.out);
        QVERIFY(text.contains(QLatin1String("legend")));
        QVERIFY(text.contains(QLatin1String("UNSAFE")));
        for (const auto &id : builtinScenarioIds())
            QVERIFY2(text.contains(id), qPrintable(id));
    }

    // compare --scenario shows the matrix's verdict and unsafe runs, in its table and its JSON.
    void scenarioTableShowsTheMatrixVerdict_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("crash-mid-acquire") << "crash-mid-acquire";     // stuck locks only
        QTest::newRow("pause-after-acquire") << "pause-after-acquire"; // fenced overlaps
    }

    void scenarioTableShowsTheMatrixVerdict()
    {
        QFETCH(QString, scenario);
        const Run csv =
            runCli({QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
                    QStringLiteral("--seeds"), QStringLiteral("3"), QStringLiteral("--csv")});
        QVERIFY2(csv.finished && csv.exitCode == 0, csv.describe().constData());
        const QList<QByteArray> lines = csv.out.split('\n');
        const QList<QByteArray> header = lines.first().split(',');
        const qsizetype unsafeColumn = header.indexOf("runs_unsafe");
        QVERIFY(unsafeColumn > 0);
        std::map<QString, QPair<QString, int>> matrix; // strategy -> (verdict, unsafe runs)
        for (const auto &line : lines) {
            const QList<QByteArray> cells = line.split(',');
            if (cells.size() == header.size() && cells[0] == scenario.toUtf8())
                matrix[QString::fromUtf8(cells[1])] = {QString::fromUtf8(cells[2]),
                                                       cells[unsafeColumn].toInt()};
        }
        QCOMPARE(matrix.size(), std::size_t(strategyIds().size()));

        const Run json =
            runCli({QStringLiteral("compare"), QStringLiteral("--scenario"), scenario,
                    QStringLiteral("--seeds"), QStringLiteral("3"), QStringLiteral("--json")});
        QVERIFY2(json.finished && json.exitCode == 0, json.describe().constData());
        const auto list = QJsonDocument::fromJson(json.out)
                              .object()
                              .value(QStringLiteral("strategies"))
                              .toArray();
        QCOMPARE(list.size(), qsizetype(strategyIds().size()));
        for (const auto &v : list) {
            const auto o = v.toObject();
            const QString strategy = o.value(QStringLiteral("strategy")).toString();
            QCOMPARE(o.value(QStringLiteral("verdict")).toString(), matrix[strategy].first);
            QCOMPARE(o.value(QStringLiteral("runs_unsafe")).toInt(), matrix[strategy].second);
        }

        const Run text = runCli({QStringLiteral("compare"), QStringLiteral("--scenario"), scenario,
                                 QStringLiteral("--seeds"), QStringLiteral("3")});
        QVERIFY2(text.finished && text.exitCode == 0, text.describe().constData());
        const QHash<QString, QString> code = {
            {QStringLiteral("safe"), QStringLiteral("ok")},
            {QStringLiteral("unsafe"), QStringLiteral("UNSAFE")},
            {QStringLiteral("liveness-loss"), QStringLiteral("live")}};
        int rowsSeen = 0;
        for (const auto &line : QString::fromUtf8(text.out).split(QLatin1Char('\n'))) {
            const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (words.size() < 3 || !matrix.count(words[0]))
                continue;
            ++rowsSeen;
            QCOMPARE(words[1], code.value(matrix[words[0]].first));
            QCOMPARE(words[2], QStringLiteral("%1/3").arg(matrix[words[0]].second));
        }
        QCOMPARE(rowsSeen, int(strategyIds().size()));
    }

    void cliNeedsExactlyOneSource_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("neither") << QStringList{QStringLiteral("compare")};
        QTest::newRow("neither, with options")
            << QStringList{QStringLiteral("compare"), QStringLiteral("--seeds"),
                           QStringLiteral("2"), QStringLiteral("--csv")};
        QTest::newRow("both") << QStringList{
            QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
            QStringLiteral("--scenario"), QStringLiteral("long-task")};
    }

    void cliNeedsExactlyOneSource()
    {
        QFETCH(QStringList, args);
        QElapsedTimer timer;
        timer.start();
        const Run r = runCli(args);
        QVERIFY2(r.finished && r.exitCode == 2, r.describe().constData());
        QVERIFY(timer.elapsed() < 10000); // refused before any run
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), qsizetype(1));
        QVERIFY2(r.err.contains("--scenario") && r.err.contains("--all-scenarios"),
                 r.err.constData());
    }

    void cliJsonAndCsvConflict()
    {
        const Run r = runCli({QStringLiteral("compare"), QStringLiteral("--all-scenarios"),
                              QStringLiteral("--json"), QStringLiteral("--csv")});
        QVERIFY2(r.finished && r.exitCode == 2, r.describe().constData());
        QCOMPARE(r.err.count('\n'), qsizetype(1));
    }
};

QTEST_GUILESS_MAIN(TestMatrix)
#include "test_matrix.moc"
