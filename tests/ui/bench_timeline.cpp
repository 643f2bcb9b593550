// Benchmark, not a test: is the window fast enough?
//  1. A timeline holding a million events (a long contention run) pans and zooms: paint time of
//     every frame, max and p99 (target < 16 ms, one frame at 60 Hz).
//  2. A key table of 10,000 keys counting down at 60 updates a second: the share of one core the
//     process uses (target < 10 %).
// Runs offscreen by itself.
// Usage: bench_timeline [--events N] [--seconds S] [--only WHAT] [--dump DIR]
// --only zoom|pan10|pan0.1|pan0.001|scroll runs that one interaction of the timeline and not the
// key table; --only keytable the key table alone. Under callgrind (valgrind --tool=callgrind
// --instr-atstart=no --collect-atstart=no) only the frames of the interactions run are measured,
// not the simulation before them, so a profile of one interaction takes minutes instead of hours
// and its instruction count divided by its frames is per frame; for the key table, only its 20
// timed repaints are counted.
#include "common/key_table_model.h"
#include "common/run_data.h"
#include "countdown_keys.h"
#include "sim/simulation.h"
#include "timeline/timeline_widget.h"
#include "workspace/keys_pane.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QImage>
#include <QScrollBar>
#include <QTimer>

#include <sys/resource.h>
// callgrind's client requests let `--instr-atstart=no` count only the frames. The header comes
// with the valgrind package, which building does not need: without it the requests are no-ops.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_DUMP_STATS_AT(what)
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Stats {
    double maxMs = 0, p99Ms = 0, p50Ms = 0, meanMs = 0;
    std::size_t frames = 0;
};

Stats stats(std::vector<qint64> ns)
{
    Stats s;
    if (ns.empty())
        return s;
    std::sort(ns.begin(), ns.end());
    s.frames = ns.size();
    s.maxMs = double(ns.back()) / 1e6;
    s.p99Ms = double(ns[std::min(ns.size() - 1, ns.size() * 99 / 100)]) / 1e6;
    s.p50Ms = double(ns[ns.size() / 2]) / 1e6;
    double sum = 0;
    for (qint64 v : ns)
        sum += double(v);
    s.meanMs = sum / double(ns.size()) / 1e6;
    return s;
}

void print(const char *what, const Stats &s)
{
    // Under callgrind, each interaction's frames go to a profile part of their own (named after
    // it), so one run under callgrind counts every interaction, each divided by its own frames.
    CALLGRIND_DUMP_STATS_AT(what);
    std::printf("  %-34s %5zu frames  p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms  %s\n", what,
                s.frames, s.p50Ms, s.p99Ms, s.maxMs, s.p99Ms < 16.0 ? "(< 16 ms)" : "(SLOW)");
}

std::shared_ptr<const RunData> bigRun(std::size_t minEvents)
{
    Scenario scenario;
    loadBuiltinScenario(QStringLiteral("contention"), &scenario);
    // Long enough for every cycle to finish (the run ends when the last client is done), short
    // enough for the memory estimate, which counts every client as retrying for the whole
    // duration: 24 h was refused as "about 221 GB", 1 h is about 9 GB.
    scenario.durationMs = 3600LL * 1000;
    int cycles = 10;
    for (;;) {
        scenario.cycles = cycles;
        SimulationConfig config;
        config.scenario = scenario;
        config.strategyId = QStringLiteral("set-nx-px-del");
        config.seed = 1;
        QElapsedTimer t;
        t.start();
        const SimulationResult r = runSimulation(config);
        if (!r.ok) {
            // A refused run would otherwise be retried with ever more cycles, for ever.
            std::fprintf(stderr, "bench_timeline: the run failed: %s\n", qPrintable(r.error));
            std::exit(1);
        }
        const std::size_t n = r.log ? r.log->events().size() : 0;
        if (n >= minEvents) {
            std::printf("  simulated contention, 100 clients x %d cycles: %zu events, %.1f s of "
                        "simulated time, in %.2f s\n",
                        cycles, n, double(r.simTimeUs) / 1e6, double(t.elapsed()) / 1000.0);
            t.restart();
            RunRequest request;
            request.scenarioId = scenario.id;
            request.strategyId = config.strategyId;
            auto run = RunData::fromLog(r.log, scenario, request);
            std::printf("  derived lanes, markers and the state index in %.2f s\n",
                        double(t.elapsed()) / 1000.0);
            return run;
        }
        cycles =
            int(double(cycles) * double(minEvents) / double(qMax<std::size_t>(n, 1)) * 1.05) + 1;
    }
}

// --dump DIR: every 25th frame is saved there as a PNG, so that two builds' pictures can be
// compared byte for byte (the same pixels make the same file).
QString g_dumpDir;
int g_frame = 0;

// One frame: painted, timed, and the only code callgrind measures.
qint64 frame(TimelineWidget &timeline, QImage &target)
{
    CALLGRIND_TOGGLE_COLLECT;
    const qint64 ns = timeline.paintOnceForBenchmark(target);
    CALLGRIND_TOGGLE_COLLECT;
    // LOCKSCOPE_BENCH_FRAMES=1: every frame's time, to find which frames of an interaction are
    // the slow ones.
    static const bool perFrame = qEnvironmentVariableIsSet("LOCKSCOPE_BENCH_FRAMES");
    if (perFrame)
        std::printf("    frame %4d  %7.2f ms\n", g_frame, double(ns) / 1e6);
    if (!g_dumpDir.isEmpty() && g_frame % 25 == 0)
        target.save(
            QStringLiteral("%1/frame-%2.png").arg(g_dumpDir).arg(g_frame, 4, 10, QLatin1Char('0')));
    ++g_frame;
    return ns;
}

void benchTimeline(std::size_t minEvents, const QString &only)
{
    const auto runs = [&](const char *what) {
        return only.isEmpty() || only == QLatin1String(what);
    };
    std::printf("Timeline with at least %zu events\n", minEvents);
    const auto run = bigRun(minEvents);
    TimelineWidget timeline;
    timeline.resize(1600, 900);
    timeline.setRun(run);
    timeline.show();
    QCoreApplication::processEvents();
    QImage target(timeline.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    const qint64 end = run->endUs();
    timeline.setPlayhead(end / 3);
    // Instrumenting from here on (not the simulation) and counting only in frame(): starting
    // and stopping the instrumentation at each frame would translate Qt's code again each time.
    CALLGRIND_START_INSTRUMENTATION;

    if (qEnvironmentVariableIsSet("LOCKSCOPE_BENCH_PROFILE")) { // for perf: whole run, repeated
        timeline.fitAll();
        std::vector<qint64> whole;
        for (int i = 0; i < 300; ++i)
            whole.push_back(frame(timeline, target));
        print("whole run, repeated", stats(whole));
        return;
    }
    // Whole run in view, then zoom in step by step towards the middle and back out.
    if (runs("zoom")) {
        std::vector<qint64> zoom;
        timeline.fitAll();
        for (int i = 0; i < 60; ++i) {
            timeline.zoomBy(1.25, end / 2);
            zoom.push_back(frame(timeline, target));
        }
        for (int i = 0; i < 60; ++i) {
            timeline.zoomBy(1 / 1.25, end / 2);
            zoom.push_back(frame(timeline, target));
        }
        print("zoom in and out (whole run <-> us)", stats(zoom));
    }

    // Pan across the whole run at three zoom levels, 40 px per frame as a drag would.
    for (double visibleFraction : {1.0 / 10, 1.0 / 1000, 1.0 / 100000}) {
        char name[32];
        std::snprintf(name, sizeof name, "pan%g", visibleFraction * 100);
        if (!runs(name))
            continue;
        std::vector<qint64> pan;
        const auto span = qint64(double(end) * visibleFraction);
        timeline.setViewRange(0, qMax<qint64>(span, 100));
        const int steps = 300;
        const double stride = double(end - span) / steps;
        for (int i = 0; i < steps; ++i) {
            const auto start = qint64(stride * i);
            timeline.setViewRange(start, start + span);
            pan.push_back(frame(timeline, target));
        }
        char label[64];
        std::snprintf(label, sizeof label, "pan, %.3f%% of the run in view", visibleFraction * 100);
        print(label, stats(pan));
    }
    // Scroll down through the lanes (100 clients) with the whole run in view.
    if (runs("scroll")) {
        std::vector<qint64> scroll;
        timeline.fitAll();
        for (int i = 0; i < 100; ++i) {
            timeline.verticalScrollBar()->setValue(i * 40);
            scroll.push_back(frame(timeline, target));
        }
        print("scroll lanes, whole run in view", stats(scroll));
    }
}

void benchKeyTable(int keys, double seconds)
{
    std::printf("Key table of %d keys counting down, 60 updates a second for %.0f s\n", keys,
                seconds);
    KeyTableModel model;
    fillCountdownKeys(model, keys, 8, 60'000, [](int i, KeyState &s) {
        s.ttlMs = i % 7 == 0 ? -1 : 5'000 + (i * 7919) % 55'000;
    });
    // The workspace's own key table: its delegates, row height and alternating rows.
    KeysPane view(&model);
    view.resize(1200, 800);
    view.show();
    QCoreApplication::processEvents();

    {
        // Where the time goes: announcing the change, and painting the visible rows.
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < 20; ++i)
            model.setTime(i * 1000);
        const double announceMs = double(t.nsecsElapsed()) / 20e6;
        t.restart();
        CALLGRIND_START_INSTRUMENTATION;
        CALLGRIND_TOGGLE_COLLECT;
        for (int i = 0; i < 20; ++i)
            view.viewport()->repaint();
        CALLGRIND_TOGGLE_COLLECT;
        const double paintMs = double(t.nsecsElapsed()) / 20e6;
        std::printf("  one update: dataChanged %.2f ms, repaint of the visible rows %.2f ms\n",
                    announceMs, paintMs);
    }
    // Count the paints that really happen (updates can coalesce).
    struct PaintCounter : QObject {
        qint64 paints = 0;
        bool eventFilter(QObject *, QEvent *e) override
        {
            if (e->type() == QEvent::Paint)
                ++paints;
            return false;
        }
    } counter;
    view.viewport()->installEventFilter(&counter);
    QElapsedTimer wall;
    qint64 frames = 0;
    QTimer timer;
    timer.setTimerType(Qt::PreciseTimer);
    timer.setInterval(16);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        model.setTime(wall.nsecsElapsed() / 1000); // playback at 1x: the TTLs drain in real time
        ++frames;
    });
    const qint64 left0 = view.cellsLeftAsTheyWere();
    const double cpu0 = cpuSeconds();
    wall.start();
    timer.start();
    QEventLoop loop;
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    timer.stop();
    const double cpu = cpuSeconds() - cpu0;
    const double elapsed = double(wall.elapsed()) / 1000.0;
    std::printf("  %lld updates and %lld repaints in %.1f s, CPU %.2f s: %.1f %% of one core %s\n",
                static_cast<long long>(frames), static_cast<long long>(counter.paints), elapsed,
                cpu, 100.0 * cpu / elapsed,
                100.0 * cpu / elapsed < 10.0 ? "(< 10 %)" : "(TOO MUCH)");
    // The TTL cells in view that looked as in the last frame, left unpainted.
    const int inView = view.rowAt(view.viewport()->height() - 1) - view.rowAt(0) + 1;
    std::printf("  TTL cells left as they were: %.1f of the %d in view per update\n",
                double(view.cellsLeftAsTheyWere() - left0) / double(qMax<qint64>(1, frames)),
                inView);
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::size_t events = 1'000'000;
    QString only;
    double seconds = 5;
    const QStringList args = QCoreApplication::arguments();
    for (qsizetype i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--events"))
            events = args[i + 1].toULongLong();
        else if (args[i] == QLatin1String("--seconds"))
            seconds = args[i + 1].toDouble();
        else if (args[i] == QLatin1String("--only"))
            only = args[i + 1];
        else if (args[i] == QLatin1String("--dump"))
            g_dumpDir = args[i + 1];
    }
    if (only != QLatin1String("keytable"))
        benchTimeline(events, only);
    if (only.isEmpty() || only == QLatin1String("keytable"))
        benchKeyTable(10'000, seconds);
    return 0;
}
