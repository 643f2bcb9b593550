// Micro-benchmark of the embedded engine: commands per wall-clock second for the command mix
// a lock workload sends (SET NX PX, GET, DEL, EVALSHA compare-and-delete) over ~100 keys,
// under a virtual clock that advances 1 us per command. Not a test; prints its figures.
//
//   bench_engine [seconds-per-mix]
#include "redis/engine.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <vector>

using namespace lockscope;

namespace {

const QByteArray kCompareAndDelete =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) "
    "else return 0 end";

struct Mix {
    const char *name;
    std::vector<Command> commands; // cycled through
};

double measure(Engine &engine, qint64 &clockUs, const Mix &mix, double seconds)
{
    QElapsedTimer timer;
    timer.start();
    quint64 executed = 0;
    const qint64 budgetNs = static_cast<qint64>(seconds * 1e9);
    qint64 sink = 0;
    while (timer.nsecsElapsed() < budgetNs) {
        for (int round = 0; round < 16; ++round) {
            for (const Command &c : mix.commands) {
                clockUs += 1;
                const Reply r = engine.execute(c, 1);
                sink += static_cast<qint64>(r.type());
            }
        }
        executed += 16 * mix.commands.size();
    }
    const double elapsed = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    if (sink == 42) // keep the replies observable
        std::puts("");
    return static_cast<double>(executed) / elapsed;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const double seconds = argc > 1 ? QByteArray(argv[1]).toDouble() : 2.0;

    qint64 clockUs = 1'700'000'000'000'000;
    Engine engine([&] { return clockUs; });
    const Reply loaded =
        engine.execute({QByteArrayLiteral("SCRIPT"), QByteArrayLiteral("LOAD"), kCompareAndDelete});
    const QByteArray sha = loaded.text();

    const int keyCount = 100;
    std::vector<QByteArray> keys;
    for (int i = 0; i < keyCount; ++i)
        keys.push_back("lock:" + QByteArray::number(i));
    const QByteArray token = "3f1c2a9e-client-17";

    Mix simple{"SET NX PX / GET / DEL", {}};
    Mix withScript{"SET NX PX / GET / EVALSHA compare-and-delete", {}};
    Mix scriptOnly{"EVALSHA compare-and-delete only", {}};
    for (const QByteArray &key : keys) {
        const Command set{"SET", key, token, "NX", "PX", "30000"};
        const Command get{"GET", key};
        simple.commands.push_back(set);
        simple.commands.push_back(get);
        simple.commands.push_back(Command{"DEL", key});
        withScript.commands.push_back(set);
        withScript.commands.push_back(get);
        withScript.commands.push_back(Command{"EVALSHA", sha, "1", key, token});
        scriptOnly.commands.push_back(set);
        scriptOnly.commands.push_back(Command{"EVALSHA", sha, "1", key, token});
    }

    std::printf("engine micro-benchmark, %d keys, %.1f s per mix\n", keyCount, seconds);
    for (const Mix *mix : {&simple, &withScript, &scriptOnly}) {
        measure(engine, clockUs, *mix, seconds / 10); // warm-up
        const double rate = measure(engine, clockUs, *mix, seconds);
        std::printf("  %-48s %12.0f commands/s\n", mix->name, rate);
    }
    return 0;
}
