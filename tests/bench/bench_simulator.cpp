// Simulator benchmark (a separate target, not a test): 1,000 clients contend for 100 keys for one
// virtual hour. Prints simulated Redis commands per wall-clock second and the speed-up over real
// time. Usage: bench_simulator [--clients N] [--keys N] [--minutes M] [--strategy ID] [--seed N]
#include "sim/simulation.h"

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
        {QStringLiteral("clients"), QStringLiteral("Clients (default 1000)."), QStringLiteral("N"),
         QStringLiteral("1000")},
        {QStringLiteral("keys"), QStringLiteral("Lock keys (default 100)."), QStringLiteral("N"),
         QStringLiteral("100")},
        {QStringLiteral("minutes"), QStringLiteral("Virtual minutes (default 60)."),
         QStringLiteral("M"), QStringLiteral("60")},
        {QStringLiteral("strategy"), QStringLiteral("Strategy id (default set-nx-px-lua)."),
         QStringLiteral("ID"), QStringLiteral("set-nx-px-lua")},
        {QStringLiteral("seed"), QStringLiteral("Seed (default 1)."), QStringLiteral("N"),
         QStringLiteral("1")},
    });
    p.process(app);

    // The contention workload, scaled up: every client loops acquire / work / release / think.
    Scenario s;
    loadBuiltinScenario(QStringLiteral("contention"), &s);
    s.id = QStringLiteral("bench");
    s.clientCount = p.value(QStringLiteral("clients")).toInt();
    s.keyCount = p.value(QStringLiteral("keys")).toInt();
    s.cycles = -1;
    s.startStaggerMs = 0;
    s.durationMs = p.value(QStringLiteral("minutes")).toLongLong() * 60 * 1000;
    s.ttlMs = 10000;
    s.holdMs = Distribution::uniform(5, 15);
    s.thinkMs = Distribution::exponential(100);
    s.captions.clear();

    SimulationConfig config;
    config.scenario = s;
    config.strategyId = p.value(QStringLiteral("strategy"));
    config.seed = p.value(QStringLiteral("seed")).toULongLong();
    config.keepLog = false; // the checker streams; an hour of 1,000 clients is not kept
    config.recordText = false;

    QElapsedTimer timer;
    timer.start();
    const auto result = runSimulation(config);
    const double wall = double(timer.nsecsElapsed()) / 1e9;
    if (!result.ok) {
        std::fprintf(stderr, "bench_simulator: %s\n", result.error.toUtf8().constData());
        return 2;
    }
    const double simSeconds = double(result.simTimeUs) / 1e6;
    std::printf("strategy            %s\n", config.strategyId.toUtf8().constData());
    std::printf("clients x keys      %d x %d\n", s.clientCount, s.keyCount);
    std::printf("virtual time        %.0f s\n", simSeconds);
    std::printf("wall time           %.2f s\n", wall);
    std::printf("redis commands      %llu\n", static_cast<unsigned long long>(result.commands));
    std::printf("acquisitions        %lld\n", static_cast<long long>(result.report.acquisitions));
    std::printf("commands / wall s   %.0f\n", double(result.commands) / wall);
    std::printf("speed-up            %.1fx real time\n", simSeconds / wall);
    std::printf("violations          %lld, lost updates %lld\n",
                static_cast<long long>(result.report.violations),
                static_cast<long long>(result.report.lostUpdates));
    return 0;
}
