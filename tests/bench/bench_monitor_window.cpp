// Not a test: how responsive the window stays while the monitor page snapshots a big keyspace.
//
//   bench_monitor_window redis://127.0.0.1:PORT [--after MS] [--anomaly-interval MS]
//                        [--count N] [--follow MS --churn COMMAND] [--gaps]
//
// Builds the monitor page offscreen (the same KeyMonitor, key table, TTL delegate, history and
// timeline as the window), shows it, connects read-only and measures the event loop: a 1 ms
// timer records the gap between its ticks, so a gap is the longest the window could not react.
// Qt's glib dispatcher runs a timer that has fired at idle priority until the loop has nothing
// else to do, so a gap spans every pass of the loop while replies and posted events keep it busy.
// Beside it, an input probe: another thread writes a time stamp into a socket every millisecond
// and the window's thread reads it through a QSocketNotifier, as it reads the display server's
// input events; its latency is how long an input event would wait.
// Prints the scan's wall time, the keys found, and the gaps (p50, p99, max, how many over
// 16 ms) during the scan, then during --after ms (default 3000) of watching after it (TTL
// countdown, re-reads, the first history build). With --follow MS and --churn COMMAND, it then
// starts COMMAND (through /bin/sh; tests/bench/lock_churn.py making 1,000 lock cycles a second)
// and measures MS more of following those changes, then stops COMMAND. --gaps prints every gap
// above 16 ms as it happens (to stderr), with the events that the event loop dispatched during
// it and how long each took, in wall time and in this thread's CPU time (the receiver's class and
// name, the event's type): where to look, and whether it was work or waiting for a core.
// tests/bench/bench_monitor.sh runs it against its server of 1,000,000 keys.
#include "common/key_table_model.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_history.h"
#include "monitor/monitor_page.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QListWidget>
#include <QProcess>
#include <QSocketNotifier>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <thread>
#include <vector>

#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

// The CPU time this thread has run: beside the wall time it tells work from waiting for a core
// (on the 2-core machine the server and the scan's other threads share them with the window).
qint64 threadCpuNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// Times every event the application dispatches at the top level (not those sent from inside
// another), so that a long gap can be put down to the events that filled it.
class TimedApplication final : public QApplication {
public:
    using QApplication::QApplication;
    struct Dispatch {
        qint64 ns = 0;
        qint64 cpuNs = 0;
        QByteArray what;
    };
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!timing)
            return QApplication::notify(receiver, event);
        if (depth > 0) {
            if (event->type() != QEvent::Paint)
                return QApplication::notify(receiver, event);
            // Which widgets paint, and how long each takes (a paint is sent from inside the
            // window's UpdateRequest).
            // A plain QWidget is mostly a scroll area's viewport: named by what holds it.
            QByteArray cls = receiver->metaObject()->className();
            if (cls == "QWidget" && receiver->parent())
                cls += " in " + QByteArray(receiver->parent()->metaObject()->className());
            QElapsedTimer t;
            t.start();
            const qint64 cpu0 = threadCpuNs();
            const bool r = QApplication::notify(receiver, event);
            const qint64 took = t.nsecsElapsed();
            const qint64 cpu = threadCpuNs() - cpu0;
            Paints &p = paints[cls];
            ++p.count;
            p.ns += took;
            p.cpuNs += cpu;
            p.maxNs = qMax(p.maxNs, took);
            p.maxCpuNs = qMax(p.maxCpuNs, cpu);
            return r;
        }
        // Named before: the event may delete its receiver (DeferredDelete).
        const char *cls = receiver ? receiver->metaObject()->className() : "?";
        const char *parentCls =
            receiver && receiver->parent() ? receiver->parent()->metaObject()->className() : "";
        const QString name = receiver ? receiver->objectName() : QString();
        const int type = event->type();
        ++depth;
        QElapsedTimer t;
        t.start();
        const qint64 cpu0 = threadCpuNs();
        const bool r = QApplication::notify(receiver, event);
        const qint64 ns = t.nsecsElapsed();
        const qint64 cpu = threadCpuNs() - cpu0;
        --depth;
        if (ns > 2000000) { // only what can matter for a 16 ms gap
            QByteArray what = cls;
            if (!name.isEmpty())
                what += "(" + name.toUtf8() + ")";
            if (*parentCls)
                what += " in " + QByteArray(parentCls);
            what += " event " + QByteArray::number(type);
            slow.push_back({ns, cpu, what});
        }
        return r;
    }
    bool timing = false;
    int depth = 0;
    std::vector<Dispatch> slow; // since the last probe tick
    struct Paints {
        qint64 count = 0;
        qint64 ns = 0, cpuNs = 0;
        qint64 maxNs = 0, maxCpuNs = 0;
    };
    std::map<QByteArray, Paints> paints; // by widget class
};

struct Gaps {
    std::vector<qint64> ns;
    qint64 last = 0;
    void tick(qint64 now)
    {
        if (last)
            ns.push_back(now - last);
        last = now;
    }
    void print(const char *phase, const char *unit = "ticks", const char *what = "gap") const
    {
        std::vector<qint64> s = ns;
        std::sort(s.begin(), s.end());
        auto at = [&](double q) {
            return s.empty() ? 0.0 : double(s[std::size_t(q * double(s.size() - 1))]) / 1e6;
        };
        const auto over = std::count_if(s.begin(), s.end(), [](qint64 g) { return g > 16000000; });
        std::printf("%-9s  %s %7zu   %s p50 %6.2f ms   p99 %6.2f ms   max %7.2f ms   "
                    ">16 ms: %ld\n",
                    phase, unit, s.size(), what, at(0.5), at(0.99),
                    s.empty() ? 0.0 : double(s.back()) / 1e6, long(over));
    }
};

// The input probe's latencies, per phase (the same figures as Gaps, of another measure).
struct Latencies : Gaps {
    void add(qint64 latencyNs) { ns.push_back(latencyNs); }
    void printInput(const char *phase) const { print(phase, "input ", "wait"); }
};

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2 || args[1].startsWith(QLatin1String("-"))) {
        std::fprintf(stderr,
                     "usage: bench_monitor_window redis://HOST:PORT [--after MS] [--count N]\n");
        return 2;
    }
    auto option = [&](const char *name) {
        const qsizetype i = args.indexOf(QLatin1String(name));
        return i > 0 && i + 1 < args.size() ? args[i + 1] : QString();
    };
    const qint64 afterMs = option("--after").isEmpty() ? 3000 : option("--after").toLongLong();
    const qint64 followMs = option("--follow").toLongLong();
    const QString churn = option("--churn");
    app.timing = args.contains(QStringLiteral("--gaps"));

    MonitorPage page;
    page.setSettings(nullptr);
    // --anomaly-interval MS: the monitor's anomaly tick (default 1000), which judges the keys
    // whose deadline passed (held too long from now on, ...) on the event loop. --count N: a fixed
    // SCAN COUNT (default: the monitor's, paced), to compare counts with one build.
    const qint64 anomalyMs = option("--anomaly-interval").toLongLong();
    const int scanCount = option("--count").toInt();
    page.setOptionsHook([anomalyMs, scanCount](MonitorOptions &o) {
        if (anomalyMs > 0)
            o.anomalyIntervalMs = anomalyMs;
        if (scanCount > 0) {
            o.scanCount = scanCount;
            o.scanPacing.on = false; // as the CLI's --count: a fixed COUNT
        }
    });
    page.setMessageHandler([](const QString &, const QString &text) {
        std::fprintf(stderr, "bench_monitor_window: %s\n", qPrintable(text));
    });
    if (args.contains(QStringLiteral("--anomalies-tab"))) // the history out of sight
        page.showAnomalies();
    page.resize(1600, 1000);
    page.show();
    QApplication::processEvents();

    QElapsedTimer clock;
    clock.start();
    Gaps scan, watch, follow;
    Gaps *current = &scan;
    const char *phase = "scanning";
    QTimer probe;
    qint64 lastTickCpu = 0;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        if (app.timing && current->last && now - current->last > 16000000) {
            std::fprintf(stderr, "gap %7.2f ms (cpu %5.2f) at %8.3f s (%s):",
                         double(now - current->last) / 1e6, double(cpu - lastTickCpu) / 1e6,
                         double(current->last) / 1e9, phase);
            for (const auto &d : app.slow)
                std::fprintf(stderr, " [%.1f ms (cpu %.1f) %s]", double(d.ns) / 1e6,
                             double(d.cpuNs) / 1e6, d.what.constData());
            std::fprintf(stderr, "\n");
        }
        lastTickCpu = cpu;
        app.slow.clear();
        current->tick(now);
    });

    // The input probe (see the top of the file).
    Latencies scanInput, watchInput, followInput;
    Latencies *currentInput = &scanInput;
    int pair[2] = {-1, -1};
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) {
        std::perror("bench_monitor_window: socketpair");
        return 2;
    }
    std::atomic<bool> probing{true};
    std::thread writer([&] {
        while (probing.load()) {
            const qint64 stamp = clock.nsecsElapsed();
            if (::write(pair[1], &stamp, sizeof stamp) != sizeof stamp)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    });
    QSocketNotifier input(pair[0], QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, [&] {
        const qint64 now = clock.nsecsElapsed();
        qint64 stamps[256];
        const ssize_t got = ::read(pair[0], stamps, sizeof stamps);
        for (ssize_t i = 0; i < got / ssize_t(sizeof(qint64)); ++i)
            currentInput->add(now - stamps[i]);
    });

    qint64 scanMs = -1;
    int keys = 0;
    QProcess churner;
    churner.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QObject::connect(&page, &MonitorPage::initialScanFinished, [&] {
        scanMs = clock.elapsed();
        keys = page.keyModel()->rowCount();
        current = &watch;
        currentInput = &watchInput;
        phase = "watching";
        QTimer::singleShot(afterMs, &app, [&] {
            if (followMs <= 0 || churn.isEmpty()) {
                QApplication::quit();
                return;
            }
            // exec: the shell becomes the command, so that terminate() reaches it.
            churner.start(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"), QStringLiteral("exec ") + churn});
            churner.waitForStarted();
            // The churn takes a moment to start (python imports); the phase starts with it.
            QTimer::singleShot(500, &app, [&] {
                current = &follow;
                currentInput = &followInput;
                phase = "following";
                QTimer::singleShot(followMs, &app, &QApplication::quit);
            });
        });
    });
    QString error;
    ConnectionProfile profile;
    if (!ConnectionProfile::fromUrl(args[1], &profile, &error)) {
        std::fprintf(stderr, "bench_monitor_window: %s\n", qPrintable(error));
        return 2;
    }
    probe.start();
    clock.restart();
    if (!page.connectProfile(profile, &error)) {
        std::fprintf(stderr, "bench_monitor_window: %s\n", qPrintable(error));
        return 2;
    }
    QTimer::singleShot(600000, &app, [&] {
        std::fprintf(stderr, "bench_monitor_window: no complete scan after 10 min: %s\n",
                     qPrintable(page.statusText()));
        QApplication::exit(1);
    });
    const int rc = QApplication::exec();
    probing = false;
    writer.join();
    ::close(pair[0]);
    ::close(pair[1]);
    if (churner.state() != QProcess::NotRunning) {
        churner.terminate();
        churner.waitForFinished(3000);
    }
    if (rc != 0)
        return rc;
    std::printf("monitor page, %s: full scan %lld ms, %d keys in the table (monitor: %d), "
                "history builds %lld (last %lld ms)\n",
                qPrintable(args[1]), scanMs, keys, page.monitor()->keyCount(),
                page.history()->builds(), page.history()->lastBuildMs());
    scan.print("scanning");
    watch.print("watching");
    if (!follow.ns.empty())
        follow.print("following");
    scanInput.printInput("scanning");
    watchInput.printInput("watching");
    if (!followInput.ns.empty())
        followInput.printInput("following");
    for (const auto &[cls, p] : app.paints)
        std::fprintf(stderr,
                     "paint %-40s %6lld times, %8.1f ms (cpu %7.1f), longest %6.2f ms (cpu "
                     "%6.2f)\n",
                     cls.constData(), static_cast<long long>(p.count), double(p.ns) / 1e6,
                     double(p.cpuNs) / 1e6, double(p.maxNs) / 1e6, double(p.maxCpuNs) / 1e6);
    return 0;
}
