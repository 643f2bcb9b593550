// What every lockscope-cli command shares: output, the one-line error convention (exit code
// 2), option parsing helpers, and the Ctrl-C flag long-running commands poll.
#pragma once

#include "redis/script_limits.h"
#include "sim/scenario.h"

#include <QCommandLineParser>
#include <QJsonValue>
#include <QSaveFile>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

namespace lockscope {
struct SimulationConfig;
class Strategy;
class EventLog;
enum class CellVerdict;
} // namespace lockscope

namespace lockscope::cli {

constexpr int kBadInput = 2;

void out(const QString &text);
// Every user error ends here: one line naming the problem, exit code 2.
int fail(const QString &message);
// Pretty-printed JSON with every non-integer number rounded to three decimals.
void printJson(const QJsonValue &value);
// The --help text of a command, its usage line naming the command (args[0]).
QString commandHelpText(const QCommandLineParser &p, const QStringList &args);

// Parses a whole number option >= min into *value; true (and *value untouched) when absent.
bool numberOption(const QCommandLineParser &p, const QString &name, qint64 min, qint64 *value,
                  QString *error);
// A number option's cap (run_limits.h): false with *error when value > max.
bool capOption(const QString &name, qint64 value, qint64 max, QString *error);
// --script-time-limit DURATION, for the commands that run scripts in the embedded engine.
QCommandLineOption scriptTimeLimitOption();
// Reads --script-time-limit into limits->timeLimitMs (untouched when absent); false with *error.
bool readScriptTimeLimit(const QCommandLineParser &p, ScriptLimits *limits, QString *error);
// Adds --help, parses; false with *code set when the command should end now (help or error).
bool parseOrFail(QCommandLineParser &p, const QStringList &args, int *code);
// Installs the translation of the messages and help texts: the language of `--lang en|zh_CN`
// (taken out of *args, wherever it stands) or else of the system locale (LC_ALL, LC_MESSAGES,
// LANG). False with *error for a --lang that is not one of them.
bool installTranslation(QStringList *args, QString *error);
// The language installTranslation() chose: "en" or "zh_CN" (for the scenario files' own texts).
QString translationLanguage();
// --acquire-script FILE --release-script FILE, compiled: true with *strategy null when neither is
// given; false with *error when only one is, or a file is missing or does not compile.
bool customStrategyOption(const QCommandLineParser &p, std::unique_ptr<Strategy> *strategy,
                          QString *error);
// The scenario named by --scenario: a built-in id or a path to a scenario file.
bool loadScenarioArg(const QString &arg, Scenario *scenario, QString *error);
// --events FILE, opened before a run so that a bad path fails fast and costs no run: *file is
// null when the option is absent; false with *error when the file cannot be written.
bool openEventsFile(const QCommandLineParser &p, std::unique_ptr<QSaveFile> *file, QString *error);
// Writes `log` into the file openEventsFile opened and commits it; false with *error.
bool writeEventsFile(QSaveFile &file, const EventLog &log, QString *error);

// Set by the SIGINT handler that bench and monitor install; a second Ctrl-C ends the process.
extern std::atomic<bool> g_interrupted;
extern "C" void onInterrupt(int signal);

// The commands; each parses its own options from args (args[0] is "lockscope-cli <command>").
int listStrategies(const QStringList &args);
int listScenarios(const QStringList &args);
int simulate(const QStringList &args);
int compare(const QStringList &args);
int demo(const QStringList &args);
int bench(const QStringList &args);
int monitor(const QStringList &args);
int replay(const QStringList &args);
int explore(const QStringList &args); // cmd_explore.cpp: exit 0 none, 1 found, 2, 130
int whatif(const QStringList &args);  // cmd_whatif.cpp
// simulate --live (cmd_simulate_live.cpp): its options, and the run once simulate has read the
// scenario and strategy into `config`. Exit 0 agree, 1 disagree, 2 bad input, 130 cancelled.
QList<QCommandLineOption> liveSimulateOptions();
int simulateLive(const SimulationConfig &config, const QCommandLineParser &p);
// compare --live: the live agreement matrix (exit 0 every cell agrees or cannot run live, 1 a
// cell disagrees, 2 bad input, 130 cancelled).
QList<QCommandLineOption> liveCompareOptions();
int compareLive(const QList<Scenario> &scenarios, std::shared_ptr<const Strategy> custom,
                const QCommandLineParser &p);
// A verdict as the matrices print it: ok, UNSAFE, live (liveness loss).
QString verdictCode(CellVerdict verdict);

} // namespace lockscope::cli
