// Safety-matrix benchmark (a separate target, not a test): the whole default matrix of
// `lockscope-cli compare --all-scenarios` (every built-in scenario x every strategy x 100 seeds)
// through runComparison on every core. Prints the wall time and runs per second.
// Usage: bench_compare [--seeds N] [--threads N]
#include "lock/strategy_registry.h"
#include "sim/comparison.h"
#include "sim/run_limits.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace lockscope;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("seeds"), QStringLiteral("Seeds per cell (default 100)."),
         QStringLiteral("N"), QStringLiteral("100")},
        {QStringLiteral("threads"), QStringLiteral("Worker threads (default 0: one per core)."),
         QStringLiteral("N"), QStringLiteral("0")},
    });
    p.process(app);

    ComparisonRequest request;
    for (const auto &id : builtinScenarioIds()) {
        Scenario s;
        QString error;
        if (!loadBuiltinScenario(id, &s, &error)) {
            std::fprintf(stderr, "bench_compare: %s\n", error.toUtf8().constData());
            return 2;
        }
        request.scenarios.append(s);
    }
    request.seeds = qMax(1, p.value(QStringLiteral("seeds")).toInt());
    request.threads = qMax(0, p.value(QStringLiteral("threads")).toInt());
    const int threads = workerThreadCount(request.threads);

    QElapsedTimer timer;
    timer.start();
    const auto rows = runComparison(request);
    const double wall = double(timer.nsecsElapsed()) / 1e9;

    qint64 runs = 0;
    int verdicts[3] = {0, 0, 0};
    for (const auto &row : rows) {
        runs += row.runs;
        ++verdicts[int(verdictOf(row))];
    }
    std::printf("matrix:      %lld scenarios x %lld strategies x %d seeds = %lld runs\n",
                static_cast<long long>(request.scenarios.size()),
                static_cast<long long>(strategyIds().size()), request.seeds,
                static_cast<long long>(runs));
    std::printf("threads:     %d\n", threads);
    std::printf("wall time:   %.2f s\n", wall);
    std::printf("runs/s:      %.1f\n", wall > 0 ? double(runs) / wall : 0.0);
    std::printf("verdicts:    %d safe, %d unsafe, %d liveness-loss\n", verdicts[0], verdicts[1],
                verdicts[2]);
    return 0;
}
