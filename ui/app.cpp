#include "app.h"

#include "compare/compare_page.h"
#include "compare/compare_settings.h"
#include "explore/explore_page.h"
#include "explore/explore_settings.h"

#include "common/language.h"
#include "display_check.h"

#include "common/theme.h"
#include "lock/strategy_registry.h"
#include "main_window.h"
#include "monitor/monitor_page.h"
#include "monitor/profile_dialog.h"
#include "sim/run_limits.h"
#include "sim/scenario.h"
#include "timeline/timeline_widget.h"
#include "untranslated_text.h"
#include "workspace/live_twin_panel.h"
#include "workspace/playback.h"
#include "workspace/workspace_page.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QFont>
#include <QIcon>
#include <QImageWriter>
#include <QPainter>
#include <QProcessEnvironment>
#include <QSaveFile>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <tuple>

namespace lockscope::ui {

namespace {

void printLine(FILE *to, const QString &line)
{
    std::fputs(qPrintable(line), to);
    std::fputc('\n', to);
    std::fflush(to);
}

bool bad(const QString &message, int *exitCode)
{
    printLine(stderr, QStringLiteral("lockscope: ") + message);
    *exitCode = 2;
    return false;
}

// As lockscope-cli: --scenario names a file when it looks like a path.
bool isScenarioPath(const QString &arg)
{
    return arg.endsWith(QLatin1String(".json")) || arg.contains(QLatin1Char('/'));
}

bool wholeNumber(const QString &text, qint64 min, qint64 *out)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    if (!ok || v < min)
        return false;
    *out = v;
    return true;
}

// The language to start in: --lang when it names one, else the one chosen in View > Language last
// time, else the system's. Screenshots are reproducible: --lang or English.
QString chosenLanguage(const QStringList &arguments)
{
    const qsizetype i = arguments.indexOf(QStringLiteral("--lang"));
    if (i > 0 && i + 1 < arguments.size() && availableLanguages().contains(arguments[i + 1]))
        return arguments[i + 1];
    if (arguments.contains(QStringLiteral("--screenshot")))
        return QStringLiteral("en");
    return QSettings().value(QStringLiteral("view/language"), systemLanguage()).toString();
}

// Offscreen there is no window manager to frame and stack a dialog: it is drawn in the middle of
// the window, where a desktop would show it, with a title bar and a frame of the palette's own.
void drawDialogOver(QImage *image, QWidget &dialog)
{
    const QImage content = dialog.grab().toImage();
    const QPalette palette = dialog.palette();
    const int titleHeight = dialog.fontMetrics().height() + 12;
    const QRect frame((image->width() - content.width()) / 2 - 1,
                      (image->height() - content.height() - titleHeight) / 2 - 1,
                      content.width() + 2, content.height() + titleHeight + 2);
    QPainter painter(image);
    painter.fillRect(frame.translated(4, 4), QColor(0, 0, 0, 60)); // a shadow
    painter.fillRect(frame, palette.color(QPalette::Mid));
    const QRect title(frame.left() + 1, frame.top() + 1, content.width(), titleHeight);
    painter.fillRect(title, palette.color(QPalette::Button));
    QFont bold = dialog.font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(palette.color(QPalette::ButtonText));
    painter.drawText(title.adjusted(10, 0, -10, 0), Qt::AlignVCenter | Qt::AlignLeft,
                     dialog.windowTitle());
    painter.drawImage(title.bottomLeft() + QPoint(0, 1), content);
}

// While QApplication opens the display: a display that is named but cannot be opened ends in
// Qt's qFatal (abort, exit 134, a paragraph about reinstalling). Instead the one line prepared
// here (translated while the options were read), exit 2; the platform's warnings before it are
// kept and passed on when the display did open.
QByteArray g_cannotOpenDisplay;
QtMessageHandler g_handlerBeforeDisplay = nullptr;
QList<std::tuple<QtMsgType, QByteArray, QString>> g_platformWarnings;

void whileOpeningDisplay(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtFatalMsg) {
        std::fputs(g_cannotOpenDisplay.constData(), stderr);
        std::fputc('\n', stderr);
        std::fflush(stderr);
        std::_Exit(2);
    }
    g_platformWarnings.append(
        {type, QByteArray(context.category ? context.category : ""), message});
}

} // namespace

bool parseWindowOptions(const QStringList &arguments, WindowOptions *o, int *exitCode)
{
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate(
        "lockscope",
        "LockScope: see, simulate and explain distributed locks on Redis.\n"
        "Without options it opens the window. With --screenshot it renders the window at an "
        "instant of a run to a PNG file and exits, without showing anything."));
    const QCommandLineOption help(
        {QStringLiteral("h"), QStringLiteral("help")},
        QCoreApplication::translate("lockscope", "Show this help and exit."));
    const QCommandLineOption version(
        {QStringLiteral("v"), QStringLiteral("version")},
        QCoreApplication::translate("lockscope", "Show the version and exit."));
    const QCommandLineOption scenario(
        QStringLiteral("scenario"),
        QCoreApplication::translate(
            "lockscope",
            "Scenario id (see lockscope-cli scenarios) or scenario file (a path: it contains a / "
            "or ends with .json)."),
        QStringLiteral("ID|FILE"));
    const QCommandLineOption strategy(
        QStringLiteral("strategy"),
        QCoreApplication::translate("lockscope", "Strategy id (see lockscope-cli strategies)."),
        QStringLiteral("ID"));
    const QCommandLineOption acquireScript(
        QStringLiteral("acquire-script"),
        QCoreApplication::translate("lockscope",
                                    "Your acquire script (Lua), instead of --strategy."),
        QStringLiteral("FILE"));
    const QCommandLineOption releaseScript(
        QStringLiteral("release-script"),
        QCoreApplication::translate("lockscope", "Your release script (Lua)."),
        QStringLiteral("FILE"));
    const QCommandLineOption scriptTimeLimit(
        QStringLiteral("script-time-limit"),
        QCoreApplication::translate(
            "lockscope", "Stop a script running longer than this (default 5s, as Redis's "
                         "lua-time-limit): 500ms, 2s or a number of ms."),
        QStringLiteral("TIME"));
    const QCommandLineOption seed(
        QStringLiteral("seed"),
        QCoreApplication::translate("lockscope", "Random seed (default 1)."), QStringLiteral("N"));
    const QCommandLineOption clients(QStringLiteral("clients"),
                                     QCoreApplication::translate("lockscope", "Number of clients."),
                                     QStringLiteral("N"));
    const QCommandLineOption ttl(QStringLiteral("ttl"),
                                 QCoreApplication::translate("lockscope", "Lock TTL in ms."),
                                 QStringLiteral("MS"));
    const QCommandLineOption wait(
        QStringLiteral("wait"),
        QCoreApplication::translate("lockscope",
                                    "How to wait for a busy lock: spin, backoff or pubsub."),
        QStringLiteral("MODE"));
    const QCommandLineOption at(
        QStringLiteral("at"),
        QCoreApplication::translate("lockscope", "Playback instant in ms of simulated time."),
        QStringLiteral("MS"));
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        QCoreApplication::translate("lockscope", "Language: en or zh_CN (default: the one chosen "
                                                 "in View > Language, else the system's)."),
        QStringLiteral("LANG"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "lockscope",
            "Render the window to FILE.png and exit (works with QT_QPA_PLATFORM=offscreen)."),
        QStringLiteral("FILE"));
    const QCommandLineOption size(
        QStringLiteral("size"),
        QCoreApplication::translate("lockscope",
                                    "Window size for --screenshot (default 1600x1000)."),
        QStringLiteral("WxH"));
    const QCommandLineOption dark(
        QStringLiteral("dark"), QCoreApplication::translate("lockscope", "Use the dark palette."));
    const QCommandLineOption light(
        QStringLiteral("light"),
        QCoreApplication::translate("lockscope", "Use the light palette."));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QCoreApplication::translate("lockscope", "Details tab to show: commands or source."),
        QStringLiteral("NAME"));
    const QCommandLineOption view(
        QStringLiteral("view"),
        QCoreApplication::translate("lockscope",
                                    "The timeline's visible range in ms (default: the whole run)."),
        QStringLiteral("FROM:TO"));
    const QCommandLineOption monitorUrl(
        QStringLiteral("monitor-url"),
        QCoreApplication::translate(
            "lockscope", "Open the monitor page connected, read-only, to this Redis "
                         "(redis://host:port); with --screenshot, after its first scan."),
        QStringLiteral("URL"));
    const QCommandLineOption monitorSeconds(
        QStringLiteral("monitor-seconds"),
        QCoreApplication::translate("lockscope",
                                    "With --monitor-url and --screenshot: watch N seconds after "
                                    "the first scan before the picture, so the History fills."),
        QStringLiteral("N"));
    const QCommandLineOption monitorRecording(
        QStringLiteral("monitor-recording"),
        QCoreApplication::translate("lockscope",
                                    "Open the monitor page on this recording (a file written by "
                                    "lockscope-cli monitor --record, or the page's Record)."),
        QStringLiteral("FILE"));
    const QCommandLineOption monitorKey(
        QStringLiteral("monitor-key"),
        QCoreApplication::translate("lockscope",
                                    "With --monitor-url or --monitor-recording: select this key "
                                    "(its details and its lease chart)."),
        QStringLiteral("KEY"));
    const QCommandLineOption page(
        QStringLiteral("page"),
        QCoreApplication::translate("lockscope",
                                    "Page to show: workspace, compare, monitor or explore."),
        QStringLiteral("NAME"));
    // The compare page's screenshot: run its matrix first (a few seeds keep it quick).
    const QCommandLineOption compareSeeds(
        QStringLiteral("compare-seeds"),
        QCoreApplication::translate("lockscope", "With --page compare: run the safety matrix "
                                                 "with N seeds per cell and wait for it."),
        QStringLiteral("N"));
    const QCommandLineOption compareScenarioFile(
        QStringLiteral("compare-scenario-file"),
        QCoreApplication::translate("lockscope",
                                    "The compare page compares this scenario file (your own, or "
                                    "one lockscope-cli whatif --scenario-out wrote)."),
        QStringLiteral("FILE"));
    const QCommandLineOption compareView(
        QStringLiteral("compare-view"),
        QCoreApplication::translate("lockscope",
                                    "With --page compare: show matrix, cost or agreement (with "
                                    "--screenshot, agreement runs the matrix on real Redis "
                                    "first and waits for it)."),
        QStringLiteral("NAME"));
    // The Explore page's screenshot: its search first, waited for.
    const QCommandLineOption exploreStrategy(
        QStringLiteral("explore-strategy"),
        QCoreApplication::translate(
            "lockscope", "With --page explore: search this strategy for the smallest fault sets "
                         "that break it (with --screenshot, wait for the search)."),
        QStringLiteral("ID"));
    const QCommandLineOption exploreAll(
        QStringLiteral("explore-all"),
        QCoreApplication::translate(
            "lockscope", "With --page explore: Break Them All, every built-in strategy one after "
                         "another (with --screenshot, wait for them: a minute or two)."));
    const QCommandLineOption maxFaults(
        QStringLiteral("max-faults"),
        QCoreApplication::translate("lockscope",
                                    "With --page explore: at most K faults per schedule (0 to "
                                    "%1, default 2).")
            .arg(kMaxExploreFaults),
        QStringLiteral("K"));
    const QCommandLineOption live(
        QStringLiteral("live"),
        QCoreApplication::translate(
            "lockscope", "Also play the scenario on real redis-server processes (Run > Run on "
                         "Real Redis), drawn beside or overlaid on its simulation; with "
                         "--screenshot, after it has ended."),
        QStringLiteral("beside|overlaid"));
    const QCommandLineOption profileDialog(
        QStringLiteral("profile-dialog"),
        QCoreApplication::translate(
            "lockscope", "With --page monitor: open the New profile dialog over the window."));
    // For translators and the clean-room check of the installed package: is anything English?
    const QCommandLineOption checkTranslation(
        QStringLiteral("check-translation"),
        QCoreApplication::translate(
            "lockscope", "With --screenshot and a language other than English: list every text "
                         "of the window and its dialog still in English, exit with code 3 if "
                         "there is one."));
    p.addOptions({help,
                  version,
                  scenario,
                  strategy,
                  acquireScript,
                  releaseScript,
                  scriptTimeLimit,
                  seed,
                  clients,
                  ttl,
                  wait,
                  at,
                  lang,
                  screenshot,
                  size,
                  dark,
                  light,
                  tab,
                  view,
                  page,
                  monitorUrl,
                  monitorSeconds,
                  monitorRecording,
                  monitorKey,
                  compareSeeds,
                  compareScenarioFile,
                  compareView,
                  exploreStrategy,
                  exploreAll,
                  maxFaults,
                  live,
                  profileDialog,
                  checkTranslation});

    if (!p.parse(arguments))
        return bad(p.errorText(), exitCode);
    if (p.isSet(help)) {
        // The parser names the program by argv[0] (or <executable_name>): say "lockscope".
        QString text = p.helpText();
        text.replace(QStringLiteral("<executable_name>"), QStringLiteral("lockscope"));
        if (!arguments.isEmpty()) // under the short-lived core application: its argv[0]
            text.replace(arguments.first(), QStringLiteral("lockscope"));
        std::fputs(qPrintable(text), stdout);
        *exitCode = 0;
        return false;
    }
    if (p.isSet(version)) {
        printLine(stdout, QStringLiteral("lockscope %1").arg(QStringLiteral(LOCKSCOPE_VERSION)));
        *exitCode = 0;
        return false;
    }
    if (!p.positionalArguments().isEmpty())
        return bad(
            QCoreApplication::translate("lockscope", "unexpected argument \"%1\" (see --help)")
                .arg(p.positionalArguments()[0]),
            exitCode);

    o->scenario = p.value(scenario);
    if (isScenarioPath(o->scenario)) {
        // Read now, so that a file with errors stops here with the file, line or field named.
        Scenario s;
        QString error;
        if (!loadScenarioFile(o->scenario, &s, &error))
            return bad(error, exitCode);
        o->scenarioFile = QFileInfo(o->scenario).absoluteFilePath();
        o->scenario.clear();
    } else if (p.isSet(scenario) && !builtinScenarioIds().contains(o->scenario))
        return bad(QCoreApplication::translate("lockscope", "unknown scenario \"%1\" (known: %2)")
                       .arg(o->scenario, builtinScenarioIds().join(QStringLiteral(", "))),
                   exitCode);
    o->strategy = p.value(strategy);
    if (p.isSet(strategy) && !strategyIds().contains(o->strategy))
        return bad(QCoreApplication::translate("lockscope", "unknown strategy \"%1\" (known: %2)")
                       .arg(o->strategy, strategyIds().join(QStringLiteral(", "))),
                   exitCode);
    if (p.isSet(acquireScript) || p.isSet(releaseScript)) {
        if (!p.isSet(acquireScript) || !p.isSet(releaseScript) || p.isSet(strategy))
            return bad(QCoreApplication::translate(
                           "lockscope", "your own scripts need both --acquire-script and "
                                        "--release-script, and no --strategy"),
                       exitCode);
        // Compiled now, so that a missing file or a syntax error stops here, file and line named.
        QString error;
        if (!createCustomStrategy(p.value(acquireScript), p.value(releaseScript), &error))
            return bad(error, exitCode);
        o->acquireScript = QFileInfo(p.value(acquireScript)).absoluteFilePath();
        o->releaseScript = QFileInfo(p.value(releaseScript)).absoluteFilePath();
    }
    if (p.isSet(scriptTimeLimit)) {
        QString error;
        if (!parseTimeLimit(p.value(scriptTimeLimit), &o->scriptTimeLimitMs, &error))
            return bad(error, exitCode);
    }
    qint64 n = 0;
    if (p.isSet(seed)) {
        if (!wholeNumber(p.value(seed), 0, &n))
            return bad(QCoreApplication::translate("lockscope",
                                                   "--seed must be a whole number >= 0, got \"%1\"")
                           .arg(p.value(seed)),
                       exitCode);
        o->seed = quint64(n);
        o->seedSet = true;
    }
    if (p.isSet(clients)) {
        if (!wholeNumber(p.value(clients), 1, &n) || n > limits::kMaxClients)
            return bad(QCoreApplication::translate(
                           "lockscope", "--clients must be a whole number from 1 to %1, got \"%2\"")
                           .arg(limits::kMaxClients)
                           .arg(p.value(clients)),
                       exitCode);
        o->clients = int(n);
    }
    if (p.isSet(ttl)) {
        if (!wholeNumber(p.value(ttl), 1, &n) || n > 3600000)
            return bad(
                QCoreApplication::translate(
                    "lockscope", "--ttl must be a whole number of ms from 1 to 3600000, got \"%1\"")
                    .arg(p.value(ttl)),
                exitCode);
        o->ttlMs = n;
    }
    if (p.isSet(wait)) {
        o->waitMode = p.value(wait);
        if (o->waitMode != QLatin1String("spin") && o->waitMode != QLatin1String("backoff") &&
            o->waitMode != QLatin1String("pubsub"))
            return bad(QCoreApplication::translate(
                           "lockscope", "--wait must be spin, backoff or pubsub, got \"%1\"")
                           .arg(o->waitMode),
                       exitCode);
    }
    if (p.isSet(at)) {
        if (!wholeNumber(p.value(at), 0, &n))
            return bad(QCoreApplication::translate(
                           "lockscope", "--at must be a whole number of ms >= 0, got \"%1\"")
                           .arg(p.value(at)),
                       exitCode);
        o->atMs = n;
    }
    if (p.isSet(lang)) {
        o->language = p.value(lang);
        if (o->language != QLatin1String("en") && o->language != QLatin1String("zh_CN"))
            return bad(
                QCoreApplication::translate("lockscope", "--lang must be en or zh_CN, got \"%1\"")
                    .arg(o->language),
                exitCode);
    }
    if (p.isSet(size)) {
        const QStringList wh = p.value(size).split(QLatin1Char('x'));
        qint64 w = 0, h = 0;
        if (wh.size() != 2 || !wholeNumber(wh[0], 640, &w) || !wholeNumber(wh[1], 480, &h) ||
            w > 8000 || h > 8000)
            return bad(QCoreApplication::translate(
                           "lockscope", "--size must be WIDTHxHEIGHT, at least 640x480, got \"%1\"")
                           .arg(p.value(size)),
                       exitCode);
        o->size = QSize(int(w), int(h));
    }
    if (p.isSet(dark) && p.isSet(light))
        return bad(
            QCoreApplication::translate("lockscope", "--dark and --light cannot both be given"),
            exitCode);
    if (p.isSet(dark) || p.isSet(light)) {
        o->dark = p.isSet(dark);
        o->darkSet = true;
    }
    if (p.isSet(tab)) {
        o->tab = p.value(tab);
        if (o->tab != QLatin1String("commands") && o->tab != QLatin1String("source"))
            return bad(QCoreApplication::translate("lockscope",
                                                   "--tab must be commands or source, got \"%1\"")
                           .arg(o->tab),
                       exitCode);
    }
    if (p.isSet(page)) {
        o->page = p.value(page);
        if (!QStringList{QStringLiteral("workspace"), QStringLiteral("compare"),
                         QStringLiteral("monitor"), QStringLiteral("explore")}
                 .contains(o->page))
            return bad(QCoreApplication::translate(
                           "lockscope",
                           "--page must be workspace, compare, monitor or explore, got \"%1\"")
                           .arg(o->page),
                       exitCode);
    }
    if (p.isSet(exploreStrategy) || p.isSet(exploreAll) || p.isSet(maxFaults)) {
        if (p.isSet(page) && o->page != QLatin1String("explore"))
            return bad(
                QCoreApplication::translate(
                    "lockscope",
                    "--explore-strategy, --explore-all and --max-faults need --page explore"),
                exitCode);
        o->page = QStringLiteral("explore");
    }
    if (p.isSet(exploreStrategy)) {
        o->exploreStrategy = p.value(exploreStrategy);
        if (!strategyIds().contains(o->exploreStrategy))
            return bad(
                QCoreApplication::translate("lockscope", "unknown strategy \"%1\" (known: %2)")
                    .arg(o->exploreStrategy, strategyIds().join(QStringLiteral(", "))),
                exitCode);
    }
    o->exploreAll = p.isSet(exploreAll);
    if (p.isSet(maxFaults)) {
        qint64 k = -1;
        if (!wholeNumber(p.value(maxFaults), 0, &k) || k > kMaxExploreFaults)
            return bad(QCoreApplication::translate(
                           "lockscope", "--max-faults must be a whole number from 0 to %1, got "
                                        "\"%2\"")
                           .arg(kMaxExploreFaults)
                           .arg(p.value(maxFaults)),
                       exitCode);
        o->maxFaults = int(k);
    }
    if (p.isSet(monitorUrl)) {
        ConnectionProfile profile;
        QString error;
        if (!ConnectionProfile::fromUrl(p.value(monitorUrl), &profile, &error))
            return bad(QStringLiteral("--monitor-url: ") + error, exitCode);
        if (!profile.password.isEmpty()) // as lockscope-cli warns of a password in --redis
            printLine(stderr, QStringLiteral("lockscope: ") +
                                  QCoreApplication::translate(
                                      "lockscope",
                                      "warning: a password in --monitor-url is visible to other "
                                      "users of this machine (ps, /proc); keep it in a saved "
                                      "profile instead (the Monitor page's New... button)"));
        o->monitorUrl = p.value(monitorUrl);
        if (!p.isSet(page))
            o->page = QStringLiteral("monitor");
    }
    if (p.isSet(monitorSeconds)) {
        qint64 seconds = 0;
        if (!wholeNumber(p.value(monitorSeconds), 1, &seconds) || seconds > 600 ||
            !p.isSet(monitorUrl) || !p.isSet(screenshot))
            return bad(QCoreApplication::translate("lockscope",
                                                   "--monitor-seconds needs --monitor-url and "
                                                   "--screenshot and a whole number from 1 to "
                                                   "600, got \"%1\"")
                           .arg(p.value(monitorSeconds)),
                       exitCode);
        o->monitorSeconds = int(seconds);
    }
    if (p.isSet(monitorRecording)) {
        if (p.isSet(monitorUrl))
            return bad(QCoreApplication::translate(
                           "lockscope", "--monitor-recording and --monitor-url: choose one"),
                       exitCode);
        o->monitorRecording = p.value(monitorRecording);
        if (!p.isSet(page))
            o->page = QStringLiteral("monitor");
    }
    if (p.isSet(monitorKey)) {
        if (!p.isSet(monitorUrl) && !p.isSet(monitorRecording))
            return bad(QCoreApplication::translate(
                           "lockscope", "--monitor-key needs --monitor-url or --monitor-recording"),
                       exitCode);
        o->monitorKey = p.value(monitorKey).toUtf8();
    }
    if (p.isSet(compareSeeds)) {
        qint64 seeds = 0;
        if (!wholeNumber(p.value(compareSeeds), 1, &seeds) || seeds > limits::kMaxSeeds)
            return bad(
                QCoreApplication::translate(
                    "lockscope", "--compare-seeds must be a whole number from 1 to %1, got \"%2\"")
                    .arg(limits::kMaxSeeds)
                    .arg(p.value(compareSeeds)),
                exitCode);
        o->compareSeeds = int(seeds);
    }
    if (p.isSet(compareScenarioFile)) {
        o->compareScenarioFile = p.value(compareScenarioFile);
        if (!p.isSet(page))
            o->page = QStringLiteral("compare");
    }
    if (p.isSet(compareView)) {
        o->compareView = p.value(compareView);
        if (o->compareView != QLatin1String("matrix") && o->compareView != QLatin1String("cost") &&
            o->compareView != QLatin1String("agreement"))
            return bad(
                QCoreApplication::translate(
                    "lockscope", "--compare-view must be matrix, cost or agreement, got \"%1\"")
                    .arg(o->compareView),
                exitCode);
    }
    if (p.isSet(live)) {
        o->liveView = p.value(live);
        if (o->liveView != QLatin1String("beside") && o->liveView != QLatin1String("overlaid"))
            return bad(QCoreApplication::translate("lockscope",
                                                   "--live must be beside or overlaid, got \"%1\"")
                           .arg(o->liveView),
                       exitCode);
    }
    if (p.isSet(view)) {
        const QStringList range = p.value(view).split(QLatin1Char(':'));
        qint64 from = 0, to = 0;
        if (range.size() != 2 || !wholeNumber(range[0], 0, &from) ||
            !wholeNumber(range[1], 0, &to) || to <= from)
            return bad(QCoreApplication::translate(
                           "lockscope", "--view must be FROM:TO in ms with FROM < TO, got \"%1\"")
                           .arg(p.value(view)),
                       exitCode);
        o->viewFromMs = from;
        o->viewToMs = to;
    }
    o->screenshot = p.value(screenshot);
    if (p.isSet(screenshot) && o->screenshot.isEmpty())
        return bad(QCoreApplication::translate("lockscope", "--screenshot needs a file name"),
                   exitCode);
    o->profileDialog = p.isSet(profileDialog);
    if (o->profileDialog && o->page != QLatin1String("monitor"))
        return bad(
            QCoreApplication::translate("lockscope", "--profile-dialog needs --page monitor"),
            exitCode);
    o->checkTranslation = p.isSet(checkTranslation);
    if (o->checkTranslation &&
        (!p.isSet(screenshot) || o->language.isEmpty() || o->language == QLatin1String("en")))
        return bad(QCoreApplication::translate(
                       "lockscope", "--check-translation needs --screenshot and --lang zh_CN"),
                   exitCode);
    return true;
}

int runLockScope(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCoreApplication::setOrganizationName(QStringLiteral("LockScope"));
    QCoreApplication::setApplicationName(QStringLiteral("LockScope"));
    WindowOptions o;
    int exitCode = 0;
    {
        // The options are read before the window's application exists (a screenshot must pick
        // the offscreen platform first): a short-lived core application carries the translation
        // of --help and of the messages about bad options.
        int coreArgc = argc;
        QCoreApplication core(coreArgc, argv);
        setLanguage(chosenLanguage(arguments));
        if (!parseWindowOptions(arguments, &o, &exitCode))
            return exitCode;
        if (o.screenshot.isEmpty()) {
            const QString noDisplay =
                missingDisplayMessage(QProcessEnvironment::systemEnvironment());
            if (!noDisplay.isEmpty()) {
                bad(noDisplay, &exitCode);
                return exitCode;
            }
            g_cannotOpenDisplay =
                (QStringLiteral("lockscope: ") + unreachableDisplayMessage()).toLocal8Bit();
        }
    }
    // A screenshot needs no screen.
    if (!o.screenshot.isEmpty() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    // Screenshots run headless: the offscreen platform's notes about window hints and the
    // runtime directory are noise there.
    if (!o.screenshot.isEmpty())
        qInstallMessageHandler(
            [](QtMsgType type, const QMessageLogContext &context, const QString &message) {
                if (type == QtDebugMsg || type == QtInfoMsg ||
                    message.startsWith(QLatin1String("This plugin does not support")) ||
                    message.startsWith(QLatin1String("QStandardPaths: ")))
                    return;
                std::fputs(qPrintable(qFormatLogMessage(type, context, message)), stderr);
                std::fputc('\n', stderr);
            });

    if (o.screenshot.isEmpty())
        g_handlerBeforeDisplay = qInstallMessageHandler(whileOpeningDisplay);
    QApplication app(argc, argv);
    if (o.screenshot.isEmpty()) {
        qInstallMessageHandler(g_handlerBeforeDisplay);
        for (const auto &[type, category, message] : std::as_const(g_platformWarnings)) {
            const QByteArray name = category.isEmpty() ? QByteArray("default") : category;
            const QMessageLogContext context(nullptr, 0, nullptr, name.constData());
            std::fputs(qPrintable(qFormatLogMessage(type, context, message)), stderr);
            std::fputc('\n', stderr);
        }
        g_platformWarnings.clear();
    }
    QCoreApplication::setOrganizationName(QStringLiteral("LockScope"));
    QCoreApplication::setApplicationName(QStringLiteral("LockScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    // The icon of the title bar and task bar; on Wayland the compositor takes it from the
    // installed desktop entry, which the desktop file name points to.
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/lockscope.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.lockscope.LockScope"));
    const bool screenshot = !o.screenshot.isEmpty();

    // Readable when projected: a clear sans-serif, a little larger than the desktop default.
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSize(10);
    QApplication::setFont(font);

    setLanguage(chosenLanguage(arguments));
    o.language = currentLanguage();

    bool dark = o.dark;
    if (!o.darkSet && !screenshot)
        dark = QSettings().value(QStringLiteral("view/dark"), false).toBool();
    applyAppearance(app, dark);

    MainWindow::Options wo;
    wo.persistSettings = !screenshot; // screenshots are reproducible: no saved state
    wo.language = o.language;
    MainWindow window(wo);
    WorkspacePage &workspace = *window.workspace();
    if (!o.scenarioFile.isEmpty()) {
        QString error;
        if (!workspace.addScenarioFile(o.scenarioFile, &error)) { // changed since it was checked
            bad(error, &exitCode);
            return exitCode;
        }
    } else if (!o.scenario.isEmpty()) {
        workspace.setScenario(o.scenario);
    }
    if (!o.strategy.isEmpty())
        workspace.setStrategy(o.strategy);
    if (!o.acquireScript.isEmpty()) {
        QString error;
        if (!workspace.useScripts(o.acquireScript, o.releaseScript, o.scriptTimeLimitMs,
                                  &error)) { // changed since it was checked
            bad(error, &exitCode);
            return exitCode;
        }
    }
    if (o.seedSet)
        workspace.setSeed(o.seed);
    if (o.clients > 0)
        workspace.setClientCount(o.clients);
    if (o.ttlMs > 0)
        workspace.setTtlMs(o.ttlMs);
    if (!o.waitMode.isEmpty())
        workspace.setWaitMode(o.waitMode);
    if (o.tab == QLatin1String("commands"))
        workspace.showCommandsTab();
    else if (o.tab == QLatin1String("source"))
        workspace.showSourceTab();

    if (screenshot) {
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(o.size);
        window.show();
        QCoreApplication::processEvents();
    }
    QString error;
    const bool ran = workspace.runNow(&error);
    if (!ran && screenshot) {
        printLine(stderr, QStringLiteral("lockscope: ") + error);
        return 1;
    }
    if (!o.liveView.isEmpty()) {
        workspace.livePanel()->setMode(o.liveView == QLatin1String("overlaid")
                                           ? LiveTwinPanel::Mode::Overlaid
                                           : LiveTwinPanel::Mode::Beside);
        if (screenshot && !workspace.runLiveNow(&error)) {
            // The picture is still taken: the panel says what went wrong.
            printLine(stderr, QStringLiteral("lockscope: ") + error);
            exitCode = 1;
        } else if (!screenshot) {
            workspace.startLiveRun();
        }
    }
    if (o.atMs >= 0)
        workspace.seek(o.atMs * 1000);
    if (o.viewFromMs >= 0)
        workspace.timeline()->setViewRange(o.viewFromMs * 1000, o.viewToMs * 1000);
    if (o.page == QLatin1String("compare"))
        window.setPage(MainWindow::Page::Compare);
    else if (o.page == QLatin1String("monitor"))
        window.setPage(MainWindow::Page::Monitor);
    else if (o.page == QLatin1String("explore"))
        window.setPage(MainWindow::Page::Explore);

    if (!o.monitorUrl.isEmpty() &&
        !window.monitorPage()->connectUrl(o.monitorUrl, screenshot, &error)) {
        printLine(stderr, QStringLiteral("lockscope: ") + error);
        if (!screenshot)
            return 1;
        exitCode = 1; // the picture is still taken: the page says the same
    } else if (o.monitorSeconds > 0) {
        QEventLoop watching;
        QTimer::singleShot(o.monitorSeconds * 1000, &watching, &QEventLoop::quit);
        watching.exec();
        window.monitorPage()->refreshHistoryNow();
    }
    if (!o.monitorRecording.isEmpty() &&
        !window.monitorPage()->openRecording(o.monitorRecording, &error)) {
        printLine(stderr, QStringLiteral("lockscope: ") + error);
        if (!screenshot)
            return 1;
        exitCode = 1; // the picture is still taken
    }
    if (!o.monitorKey.isEmpty() && !window.monitorPage()->selectKey(o.monitorKey)) {
        printLine(stderr,
                  QStringLiteral("lockscope: ") +
                      QCoreApplication::translate(
                          "lockscope", "--monitor-key: the monitor's table has no key \"%1\"")
                          .arg(QString::fromUtf8(o.monitorKey)));
        if (!screenshot)
            return 1;
        exitCode = 1;
    }

    if (o.compareView == QLatin1String("cost"))
        window.comparePage()->setView(ComparePage::View::Cost);
    else if (o.compareView == QLatin1String("agreement"))
        window.comparePage()->setView(ComparePage::View::Agreement);
    if (!o.compareScenarioFile.isEmpty() &&
        !window.comparePage()->settingsWidget()->addScenarioFile(o.compareScenarioFile, &error)) {
        printLine(stderr, QStringLiteral("lockscope: --compare-scenario-file: ") + error);
        return 1;
    }
    if (o.compareSeeds > 0 && !window.comparePage()->runAndWait(o.compareSeeds, &error)) {
        printLine(stderr, QStringLiteral("lockscope: ") + error);
        return 1;
    }
    // The agreement tab's picture: its matrix played on real Redis first, one repetition of
    // every cell (a few minutes for all 130). A failure is printed, not a modal box.
    if (screenshot && o.compareView == QLatin1String("agreement")) {
        ComparePage *compare = window.comparePage();
        compare->setMessageHandler([](const QString &, const QString &text) {
            printLine(stderr, QStringLiteral("lockscope: ") + text);
        });
        if (!compare->runAgreementAndWait(&error))
            exitCode = 1; // the picture is still taken: the page says the same
        compare->setMessageHandler({});
    }

    // The Explore page: Break Them All, or the chosen strategy's own search; with a screenshot
    // waited for, so that the page is filled. With both, Break Them All runs and the chosen
    // strategy's row is the one shown.
    if (o.page == QLatin1String("explore")) {
        ExplorePage *explore = window.explorePage();
        if (screenshot)
            explore->setMessageHandler([](const QString &, const QString &text) {
                printLine(stderr, QStringLiteral("lockscope: ") + text);
            });
        if (o.maxFaults >= 0)
            explore->settingsWidget()->setMaxFaults(o.maxFaults);
        if (!o.exploreStrategy.isEmpty())
            explore->settingsWidget()->setStrategy(o.exploreStrategy);
        bool started = true;
        if (o.exploreAll)
            started = explore->breakThemAll(&error);
        else if (!o.exploreStrategy.isEmpty())
            started = explore->explore(&error);
        if (started && screenshot) {
            explore->waitForEnd();
            if (!o.exploreStrategy.isEmpty())
                explore->selectStrategy(o.exploreStrategy);
        }
        if (!started) {
            if (!screenshot)
                return 1;
            exitCode = 1; // the picture is still taken
        }
        if (screenshot)
            explore->setMessageHandler({});
    }

    std::unique_ptr<ProfileDialog> dialog;
    if (o.profileDialog) {
        dialog = window.monitorPage()->newProfileDialog();
        if (screenshot)
            dialog->setAttribute(Qt::WA_DontShowOnScreen);
        dialog->show();
    }

    if (screenshot) {
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        QImage image = window.grab().toImage();
        if (dialog)
            drawDialogOver(&image, *dialog);
        if (o.checkTranslation) {
            UntranslatedTextFinder finder;
            finder.walk(window); // the dialog too: it is a child of the monitor page
            for (const QString &offender : finder.offenders())
                printLine(stderr, QStringLiteral("untranslated: ") + offender);
            if (!finder.offenders().isEmpty())
                exitCode = 3;
        }
        QSaveFile file(o.screenshot);
        if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit()) {
            printLine(stderr, QStringLiteral("lockscope: ") +
                                  QCoreApplication::translate(
                                      "lockscope", "cannot write the screenshot to %1: %2")
                                      .arg(o.screenshot, file.errorString()));
            return 1;
        }
        return exitCode;
    }
    window.show();
    return QApplication::exec();
}

} // namespace lockscope::ui
