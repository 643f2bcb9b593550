// Not a test: how responsive the window stays while the monitor page snapshots a big keyspace.
//
//   bench_monitor_window redis://127.0.0.1:PORT [--after MS] [--anomaly-interval MS]
//
// Builds the monitor page offscreen (the same KeyMonitor, key table, TTL delegate, history and
// timeline as the window), shows it, connects read-only and measures the event loop: a 1 ms
// timer records the gap between its ticks, so a gap is the longest the window could not react.
// Prints the scan's wall time, the keys found, and the gaps (p50, p99, max, how many over
// 16 ms) during the scan, then during --after ms (default 3000) of watching after it (TTL
// countdown, re-reads, the first history build). tests/bench/bench_monitor.sh runs it against
// its server of 1,000,000 keys.
#include "common/key_table_model.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_history.h"
#include "monitor/monitor_page.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QListWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

struct Gaps {
    std::vector<qint64> ns;
    qint64 last = 0;
    void tick(qint64 now)
    {
        if (last)
            ns.push_back(now - last);
        last = now;
    }
    void print(const char *phase) const
    {
        std::vector<qint64> s = ns;
        std::sort(s.begin(), s.end());
        auto at = [&](double q) {
            return s.empty() ? 0.0 : double(s[std::size_t(q * double(s.size() - 1))]) / 1e6;
        };
        const auto over = std::count_if(s.begin(), s.end(), [](qint64 g) { return g > 16000000; });
        std::printf("%-9s  ticks %7zu   gap p50 %6.2f ms   p99 %6.2f ms   max %7.2f ms   "
                    ">16 ms: %ld\n",
                    phase, s.size(), at(0.5), at(0.99), s.empty() ? 0.0 : double(s.back()) / 1e6,
                    long(over));
    }
};

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2 || args[1].startsWith(QLatin1String("-"))) {
        std::fprintf(stderr, "usage: bench_monitor_window redis://HOST:PORT [--after MS]\n");
        return 2;
    }
    qint64 afterMs = 3000;
    const qsizetype after = args.indexOf(QStringLiteral("--after"));
    if (after > 0 && after + 1 < args.size())
        afterMs = args[after + 1].toLongLong();

    MonitorPage page;
    page.setSettings(nullptr);
    // --anomaly-interval MS: the monitor's anomaly tick (default 1000), which judges the keys
    // whose deadline passed (held too long from now on, ...) on the event loop.
    const qsizetype interval = args.indexOf(QStringLiteral("--anomaly-interval"));
    if (interval > 0 && interval + 1 < args.size()) {
        const qint64 ms = args[interval + 1].toLongLong();
        page.setOptionsHook([ms](MonitorOptions &o) { o.anomalyIntervalMs = ms; });
    }
    page.setMessageHandler([](const QString &, const QString &text) {
        std::fprintf(stderr, "bench_monitor_window: %s\n", qPrintable(text));
    });
    if (args.contains(QStringLiteral("--anomalies-tab"))) // the history out of sight
        page.anomalyList()->parentWidget()->parentWidget()->setProperty("currentIndex", 1);
    page.resize(1600, 1000);
    page.show();
    QApplication::processEvents();

    QElapsedTimer clock;
    clock.start();
    Gaps scan, watch;
    Gaps *current = &scan;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, [&] { current->tick(clock.nsecsElapsed()); });

    qint64 scanMs = -1;
    int keys = 0;
    QObject::connect(&page, &MonitorPage::initialScanFinished, [&] {
        scanMs = clock.elapsed();
        keys = page.keyModel()->rowCount();
        current = &watch;
        QTimer::singleShot(afterMs, &app, &QApplication::quit);
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
    if (rc != 0)
        return rc;
    std::printf("monitor page, %s: full scan %lld ms, %d keys in the table (monitor: %d), "
                "history builds %lld (last %lld ms)\n",
                qPrintable(args[1]), scanMs, keys, page.monitor()->keyCount(),
                page.history()->builds(), page.history()->lastBuildMs());
    scan.print("scanning");
    watch.print("watching");
    return 0;
}
