// Explore benchmark (a separate target, not a test): the bounded search of issue 16 for each
// built-in strategy, with the default workload (2 clients x 2 cycles, TTL 100 ms) and fault
// vocabulary. Prints schedules per wall second, the time to the first counterexample, the time
// by which the smallest one is proven smallest (its level searched in full), and the time of
// the whole search within the bound, and schedules per CPU-second (the process's CPU time, which
// other load on a shared machine does not inflate: on N idle cores the wall rate approaches N
// times it). Usage: bench_explore [--strategy ID] [--max-faults K]
// [--threads N]
#include "explore/explorer.h"
#include "lock/strategy_registry.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <ctime>

using namespace lockscope;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("strategy"), QStringLiteral("One strategy id (default: all)."),
         QStringLiteral("ID")},
        {QStringLiteral("max-faults"), QStringLiteral("K (default 2)."), QStringLiteral("K"),
         QStringLiteral("2")},
        {QStringLiteral("threads"), QStringLiteral("Worker threads (default: one per core)."),
         QStringLiteral("N"), QStringLiteral("0")},
    });
    p.process(app);
    const QStringList ids = p.isSet(QStringLiteral("strategy"))
                                ? QStringList{p.value(QStringLiteral("strategy"))}
                                : strategyIds();
    std::printf("%-18s %10s %8s %12s %12s %10s %10s  %s\n", "strategy", "schedules", "wall s",
                "schedules/s", "per CPU-s", "first s", "smallest s", "smallest counterexample");
    quint64 total = 0;
    double wall = 0, cpu = 0;
    for (const QString &id : ids) {
        ExploreRequest r;
        r.strategyId = id;
        r.maxFaults = p.value(QStringLiteral("max-faults")).toInt();
        r.threads = p.value(QStringLiteral("threads")).toInt();
        const std::clock_t cpu0 = std::clock();
        const ExploreResult res = explore(r);
        const double cpuSeconds = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
        if (!res.ok) {
            std::fprintf(stderr, "bench_explore: %s\n", qPrintable(res.error));
            return 2;
        }
        QString smallest = QStringLiteral("none within the bound");
        double provenAt = -1;
        if (!res.counterexamples.isEmpty()) {
            const Counterexample &c = res.counterexamples.first();
            QStringList faults;
            for (const auto &f : c.placements)
                faults.append(exploreFaultId(f.fault));
            smallest = QStringLiteral("%1: %2").arg(QString::fromLatin1(findingKindId(c.kind)),
                                                    faults.join(QLatin1Char('+')));
            provenAt = res.levelSeconds.value(c.placements.size(), -1);
        }
        std::printf("%-18s %10llu %8.2f %12.0f %12.0f %10.3f %10.3f  %s\n", qPrintable(id),
                    static_cast<unsigned long long>(res.schedules), res.wallSeconds,
                    double(res.schedules) / res.wallSeconds, double(res.schedules) / cpuSeconds,
                    res.firstCounterexampleSeconds, provenAt, qPrintable(smallest));
        cpu += cpuSeconds;
        std::fflush(stdout);
        total += res.schedules;
        wall += res.wallSeconds;
    }
    std::printf("%-18s %10llu %8.2f %12.0f %12.0f\n", "all", static_cast<unsigned long long>(total),
                wall, double(total) / wall, double(total) / cpu);
    return 0;
}
