// The `lockscope` program: command-line options, the screenshot mode and the window. The
// executable's main() only calls runLockScope().
#pragma once

#include "redis/script_limits.h"

#include <QSize>
#include <QString>
#include <QStringList>

namespace lockscope::ui {

struct WindowOptions {
    QString scenario;     // a built-in scenario id
    QString scenarioFile; // or a scenario file (absolute path), read and checked already
    QString strategy;
    QString acquireScript; // the user's own scripts as the strategy, instead of `strategy`
    QString releaseScript;
    qint64 scriptTimeLimitMs = ScriptLimits::kDefaultTimeLimitMs; // --script-time-limit
    quint64 seed = 1;
    bool seedSet = false;
    int clients = -1;
    qint64 ttlMs = -1;
    QString waitMode;
    qint64 atMs = -1;
    QString language;   // --lang: "en" or "zh_CN"; empty: the saved choice, else the system's
    QString screenshot; // render the window to this file and exit
    QSize size{1600, 1000};
    bool dark = false;
    bool darkSet = false;
    QString page;                // "workspace" (default), "compare", "monitor" or "explore"
    int compareSeeds = 0;        // > 0: run the compare page's matrix with this many seeds first
    QString compareView;         // the compare page's tab: "matrix" (default) or "cost"
    QString compareScenarioFile; // the compare page compares this scenario file
    QString exploreStrategy;     // the Explore page searches this strategy at start
    bool exploreAll = false;     // the Explore page breaks every built-in strategy at start
    int maxFaults = -1;          // the Explore page's K; -1: its default
    QString liveView;            // non-empty: Run on Real Redis too, shown "beside" or "overlaid"
    QString tab;                 // "commands" or "source"
    qint64 viewFromMs = -1;      // the timeline's visible range, when given
    qint64 viewToMs = -1;
    QString monitorUrl;            // the monitor page connects here (redis://host:port) at start
    int monitorSeconds = 0;        // with a screenshot: watch this long first (History fills)
    QString monitorRecording;      // the monitor page opens this recording (monitor --record)
    QByteArray monitorKey;         // the monitor page selects this key (details, lease chart)
    bool profileDialog = false;    // the monitor page's New profile dialog is open
    bool checkTranslation = false; // with a screenshot: exit 3 if English is left in the window
};

// Parses the arguments (argv[0] first). Returns true to go on; false when the program should
// exit with *exitCode: 0 after --help or --version (printed to stdout), 2 after bad input (one
// line on stderr).
bool parseWindowOptions(const QStringList &arguments, WindowOptions *options, int *exitCode);

// The whole program.
int runLockScope(int argc, char **argv);

} // namespace lockscope::ui
