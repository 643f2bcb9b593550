// Safety-matrix benchmark (a separate target, not a test): the whole default matrix of
// `lockscope-cli compare --all-scenarios` (every built-in scenario x every strategy x 100 seeds)
// through runComparison on every core. Prints the wall time and runs per second.
// Usage: bench_compare [--seeds N] [--threads N] [--cells] [--histogram]
// --histogram: also collect each row's latency histogram, as the Compare page does.
// --cells: instead, each cell alone on one thread, as the Compare page schedules them (a cell
// per pool task, in scenario order); prints every cell's time, the longest, and the time the
// page's order would take on the worker threads against a perfect split of the same work.
#include "lock/strategy_registry.h"
#include "sim/comparison.h"
#include "sim/run_limits.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace lockscope;

namespace {

// Each cell on its own, one thread, in the page's order; then the makespan of that order on
// `threads` workers that each take the next cell when free, against the total divided evenly.
int timeCells(const ComparisonRequest &matrix, int threads)
{
    std::vector<double> seconds;
    double longest = 0;
    QString longestName;
    for (const Scenario &scenario : matrix.scenarios) {
        for (const QString &strategy : strategyIds()) {
            ComparisonRequest cell = matrix;
            cell.scenarios = {scenario};
            cell.strategies = {strategy};
            cell.threads = 1;
            QElapsedTimer timer;
            timer.start();
            runComparison(cell);
            const double s = double(timer.nsecsElapsed()) / 1e9;
            seconds.push_back(s);
            std::printf("%-26s %-22s %7.3f s\n", scenario.id.toUtf8().constData(),
                        strategy.toUtf8().constData(), s);
            if (s > longest) {
                longest = s;
                longestName = scenario.id + QLatin1Char('/') + strategy;
            }
        }
    }
    std::vector<double> freeAt(std::size_t(qMax(1, threads)), 0.0);
    double total = 0;
    for (const double s : seconds) {
        auto next = std::min_element(freeAt.begin(), freeAt.end());
        *next += s;
        total += s;
    }
    const double makespan = *std::max_element(freeAt.begin(), freeAt.end());
    const double even = total / double(freeAt.size());
    std::printf("cells: %zu, work %.2f s on one thread; longest cell %.3f s (%s)\n", seconds.size(),
                total, longest, longestName.toUtf8().constData());
    std::printf("on %zu threads in the page's order: %.2f s; split evenly: %.2f s; ratio %.3f\n",
                freeAt.size(), makespan, even, even > 0 ? makespan / even : 0.0);
    return 0;
}

} // namespace

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
        {QStringLiteral("histogram"),
         QStringLiteral("Collect the latency histograms too (the Compare page does).")},
        {QStringLiteral("cells"),
         QStringLiteral("Time each cell alone on one thread (the Compare page's unit of work).")},
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
    request.latencyHistogram = p.isSet(QStringLiteral("histogram"));
    const int threads = workerThreadCount(request.threads);
    if (p.isSet(QStringLiteral("cells")))
        return timeCells(request, threads);

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
