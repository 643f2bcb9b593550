// Not a test: the Compare page against the CLI on the same matrix, side by side in one run.
//
//   bench_compare_page [--seeds N] [--rounds N] [--page-only] [--cli-only]
//
// Builds the Compare page offscreen (QT_QPA_PLATFORM=offscreen unless set), shows it, and runs
// the default matrix (every built-in scenario x every strategy x N seeds, 100 by default) the
// way a user does: the Run comparison button (Ctrl+Enter's button), until the page says Done.
// Then runs the same matrix through runComparison on every core, the function behind
// `lockscope-cli compare --all-scenarios` and bench_compare. Each round does both, the page
// first; it prints each wall time, the ratio page / CLI, the load average, and the event
// loop's longest gap during the page run (a 1 ms timer records the gap between its ticks: the
// longest the window could not react). It also checks that the page's matrix, exported as CSV,
// is the CLI's text.
#include "compare/compare_export.h"
#include "compare/compare_page.h"
#include "compare/compare_settings.h"
#include "compare/comparison_controller.h"
#include "compare/comparison_model.h"

#include "lock/strategy_registry.h"
#include "sim/comparison.h"
#include "sim/run_limits.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 2);
}

struct PageRun {
    double wallS = -1;
    qint64 runs = 0;
    double maxGapMs = 0;
    double maxGapEndS = 0; // when the longest gap ended, from the click
    double p99GapMs = 0;
    long gapsOver16 = 0;
    QString csv;
};

PageRun runPage(ComparePage &page, int seeds)
{
    PageRun out;
    page.settingsWidget()->setSeeds(seeds);
    QElapsedTimer clock;
    std::vector<qint64> gaps;
    qint64 last = 0;
    qint64 maxGap = 0, maxGapEnd = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (last) {
            gaps.push_back(now - last);
            if (now - last > maxGap) {
                maxGap = now - last;
                maxGapEnd = now;
            }
        }
        last = now;
    });
    bool done = false;
    const auto c = QObject::connect(page.controller(), &ComparisonController::finished,
                                    [&](bool) { done = true; });
    clock.start();
    probe.start();
    // The user's path: the button Ctrl+Enter presses, then the event loop until Done.
    page.settingsWidget()->runButton()->click();
    if (!page.controller()->isRunning()) {
        std::fprintf(stderr, "bench_compare_page: the comparison did not start: %s\n",
                     qPrintable(page.statusText()));
        return out;
    }
    while (!done)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents);
    // What is on screen at Done is painted before the clock stops.
    QApplication::processEvents();
    out.wallS = double(clock.nsecsElapsed()) / 1e9;
    probe.stop();
    QObject::disconnect(c);
    // The gap still open at Done (the last cell's results, the story shown at Done) counts too.
    const qint64 end = clock.nsecsElapsed();
    if (last && end - last > maxGap) {
        maxGap = end - last;
        maxGapEnd = end;
    }
    out.maxGapEndS = double(maxGapEnd) / 1e9;
    out.runs = page.controller()->runsDone();
    std::sort(gaps.begin(), gaps.end());
    if (!gaps.empty()) {
        out.maxGapMs = double(maxGap) / 1e6;
        out.p99GapMs = double(gaps[std::size_t(0.99 * double(gaps.size() - 1))]) / 1e6;
        out.gapsOver16 =
            long(std::count_if(gaps.begin(), gaps.end(), [](qint64 g) { return g > 16000000; }));
    }
    out.csv = QString::fromUtf8(CompareExport::matrixCsv(*page.model()));
    return out;
}

struct CliRun {
    double wallS = -1;
    qint64 runs = 0;
    QString csv;
};

CliRun runCli(const QList<Scenario> &scenarios, int seeds)
{
    // As `lockscope-cli compare --all-scenarios` and bench_compare call it.
    ComparisonRequest request;
    request.scenarios = scenarios;
    request.seeds = seeds;
    CliRun out;
    QElapsedTimer clock;
    clock.start();
    const auto rows = runComparison(request);
    out.wallS = double(clock.nsecsElapsed()) / 1e9;
    for (const auto &row : rows)
        out.runs += row.runs;
    out.csv = comparisonCsv(rows);
    return out;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("seeds"), QStringLiteral("Seeds per cell (default 100)."),
         QStringLiteral("N"), QStringLiteral("100")},
        {QStringLiteral("rounds"), QStringLiteral("Page-then-CLI rounds (default 1)."),
         QStringLiteral("N"), QStringLiteral("1")},
        {QStringLiteral("page-only"), QStringLiteral("Only the page (for a profiler).")},
        {QStringLiteral("cli-only"), QStringLiteral("Only the CLI path (for a profiler).")},
    });
    p.process(app);
    const int seeds = qMax(1, p.value(QStringLiteral("seeds")).toInt());
    const int rounds = qMax(1, p.value(QStringLiteral("rounds")).toInt());
    const bool page = !p.isSet(QStringLiteral("cli-only"));
    const bool cli = !p.isSet(QStringLiteral("page-only"));

    QList<Scenario> scenarios;
    for (const auto &id : builtinScenarioIds()) {
        Scenario s;
        QString error;
        if (!loadBuiltinScenario(id, &s, &error)) {
            std::fprintf(stderr, "bench_compare_page: %s\n", qPrintable(error));
            return 2;
        }
        scenarios.append(s);
    }

    ComparePage comparePage;
    comparePage.setMessageHandler([](const QString &title, const QString &text) {
        std::fprintf(stderr, "bench_compare_page: %s: %s\n", qPrintable(title), qPrintable(text));
    });
    comparePage.resize(1600, 1000);
    comparePage.show();
    QApplication::processEvents();

    std::printf("matrix: %lld scenarios x %lld strategies x %d seeds, %d threads\n",
                static_cast<long long>(scenarios.size()),
                static_cast<long long>(strategyIds().size()), seeds, workerThreadCount(0));
    int rc = 0;
    for (int round = 1; round <= rounds; ++round) {
        PageRun pr;
        CliRun cr;
        if (page) {
            pr = runPage(comparePage, seeds);
            if (pr.wallS < 0)
                return 1;
            std::printf(
                "round %d  page  %7.2f s  %6lld runs  event-loop gap max %6.1f ms (ending at "
                "%.2f s), p99 %5.1f ms, >16 ms: %ld  load %s\n",
                round, pr.wallS, static_cast<long long>(pr.runs), pr.maxGapMs, pr.maxGapEndS,
                pr.p99GapMs, pr.gapsOver16, qPrintable(loadAverage()));
        }
        if (cli) {
            cr = runCli(scenarios, seeds);
            std::printf("round %d  cli   %7.2f s  %6lld runs  load %s\n", round, cr.wallS,
                        static_cast<long long>(cr.runs), qPrintable(loadAverage()));
        }
        if (page && cli) {
            const bool same = pr.csv == cr.csv;
            std::printf("round %d  page/cli %.2fx  matrix CSV %s\n", round,
                        cr.wallS > 0 ? pr.wallS / cr.wallS : 0.0, same ? "identical" : "DIFFERS");
            if (!same)
                rc = 1;
        }
        std::fflush(stdout);
    }
    return rc;
}
