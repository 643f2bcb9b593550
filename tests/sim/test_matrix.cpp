// The safety matrix (lockscope-cli compare --all-scenarios): every cell the catalogue of
// expected_outcomes.h (docs/lock-catalogue.md) names gets the verdict that catalogue implies, and
// the CLI prints the matrix as CSV and JSON and refuses an ambiguous request.
#include "cli_process.h"
#include "expected_outcomes.h"
#include "lock/strategy_registry.h"
#include "sim/comparison.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

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
        ComparisonRow row;
        row.strategy = QStringLiteral("set-nx-px-lua");
        QCOMPARE(verdictOf(row), CellVerdict::Safe);
        row.sum.gaveUp = 1;
        QCOMPARE(verdictOf(row), CellVerdict::LivenessLoss);
        row.sum.stuckLocks = 1;
        QCOMPARE(verdictOf(row), CellVerdict::Unsafe);
        // Two holders under a fencing strategy: safe while the resource rejected the stale write.
        ComparisonRow fenced;
        fenced.strategy = QStringLiteral("fenced");
        fenced.sum.violations = 3;
        fenced.sum.staleWritesRejected = 3;
        QCOMPARE(verdictOf(fenced), CellVerdict::Safe);
        fenced.sum.lostUpdates = 1;
        QCOMPARE(verdictOf(fenced), CellVerdict::Unsafe);
        // The same counts without fencing are a violation.
        ComparisonRow plain = fenced;
        plain.strategy = QStringLiteral("set-nx-px-lua");
        plain.sum.lostUpdates = 0;
        QCOMPARE(verdictOf(plain), CellVerdict::Unsafe);
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
                 {"runs_with_violation", "violations", "mistaken_deletions", "stuck_locks",
                  "lost_updates", "stale_writes_rejected", "starved_clients", "latency_p99_ms"})
                QVERIFY2(cell.value(QLatin1String(key)).isDouble(), key);
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
