// Output, errors, option parsing and the Ctrl-C flag shared by the commands.
#include "cli_common.h"

#include "lock/strategy_registry.h"

#include "events/event_log.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTranslator>

#include <cmath>
#include <csignal>
#include <cstdio>

namespace lockscope::cli {

void out(const QString &text)
{
    std::fputs(text.toUtf8().constData(), stdout);
}

// Every user error ends here: one line naming the problem, exit code 2.
int fail(const QString &message)
{
    std::fprintf(stderr, "lockscope-cli: %s\n", message.toUtf8().constData());
    return kBadInput;
}

namespace {

// QJsonDocument writes a double with as many digits as it takes to read it back exactly, so a
// sum of milliseconds comes out as 2.1932500000000004. Every figure the CLI prints is a count,
// milliseconds or a ratio, for which a thousandth is the finest step that means anything.
QJsonValue withRoundedNumbers(const QJsonValue &value)
{
    if (value.isDouble()) {
        // Whole numbers stay as they are (a 64-bit seed would lose digits as a double).
        const double v = value.toDouble();
        if (!std::isfinite(v) || std::trunc(v) == v)
            return value;
        return std::round(v * 1000.0) / 1000.0;
    }
    if (value.isArray()) {
        QJsonArray a = value.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            a[i] = withRoundedNumbers(a.at(i));
        return a;
    }
    if (value.isObject()) {
        QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            it.value() = withRoundedNumbers(it.value());
        return o;
    }
    return value;
}

} // namespace

void printJson(const QJsonValue &value)
{
    const QJsonValue rounded = withRoundedNumbers(value);
    const auto doc =
        rounded.isArray() ? QJsonDocument(rounded.toArray()) : QJsonDocument(rounded.toObject());
    out(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
}

// QCommandLineParser names the program as it was started ("lockscope-cli [options]"); a
// command's help names the command ("lockscope-cli simulate [options]"), which args[0] holds.
QString commandHelpText(const QCommandLineParser &p, const QStringList &args)
{
    QString text = p.helpText();
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    const QString firstLine = text.left(lineEnd);
    for (const QString &program :
         {QCoreApplication::arguments().value(0), QCoreApplication::applicationName()}) {
        const qsizetype at = program.isEmpty() ? -1 : firstLine.indexOf(program);
        if (at >= 0)
            return text.replace(at, program.size(), args.value(0));
    }
    return text;
}

// Parses a whole, non-negative (or positive) number option; empty when absent.
bool numberOption(const QCommandLineParser &p, const QString &name, qint64 min, qint64 *value,
                  QString *error)
{
    if (!p.isSet(name))
        return true;
    bool ok = false;
    const QString text = p.value(name);
    const qint64 v = text.toLongLong(&ok);
    if (!ok || v < min) {
        *error = QCoreApplication::translate("cli", "--%1 must be a whole number >= %2, got \"%3\"")
                     .arg(name)
                     .arg(min)
                     .arg(text);
        return false;
    }
    *value = v;
    return true;
}

bool capOption(const QString &name, qint64 value, qint64 max, QString *error)
{
    if (value <= max)
        return true;
    *error = QCoreApplication::translate("cli", "--%1 must be at most %2, got %3")
                 .arg(name)
                 .arg(max)
                 .arg(value);
    return false;
}

QCommandLineOption scriptTimeLimitOption()
{
    return {QStringLiteral("script-time-limit"),
            QCoreApplication::translate(
                "cli", "Stop a script that runs longer than this, e.g. 5s or 500ms (default 5s, "
                       "as Redis's lua-time-limit); the run then ends with an error (exit 2)."),
            QStringLiteral("DURATION")};
}

bool readScriptTimeLimit(const QCommandLineParser &p, ScriptLimits *limits, QString *error)
{
    if (!p.isSet(QStringLiteral("script-time-limit")))
        return true;
    return parseTimeLimit(p.value(QStringLiteral("script-time-limit")), &limits->timeLimitMs,
                          error);
}

bool parseOrFail(QCommandLineParser &p, const QStringList &args, int *code)
{
    p.addHelpOption();
    if (!p.parse(args)) {
        *code = fail(p.errorText());
        return false;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out(commandHelpText(p, args));
        *code = 0;
        return false;
    }
    if (!p.positionalArguments().isEmpty()) {
        *code = fail(QCoreApplication::translate("cli", "unexpected argument \"%1\"")
                         .arg(p.positionalArguments().first()));
        return false;
    }
    return true;
}

namespace {

// QCommandLineParser's own texts ("Usage:", "Options:", the help option), so that a command's
// --help reads in the user's language without Qt's translation package installed; the window's
// --help uses them too (both load the same translation).
[[maybe_unused]] const char *const kCommandLineParserTexts[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Usage: %1"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Options:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Arguments:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "[options]"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help on commandline options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help including Qt specific options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays version information."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown option '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown options: %1."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Missing value after '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unexpected value after '%1'."),
};

QString g_language = QStringLiteral("en");

} // namespace

QString translationLanguage()
{
    return g_language;
}

bool installTranslation(QStringList *args, QString *error)
{
    QString language;
    for (qsizetype i = 1; i < args->size(); ++i) {
        const QString &a = args->at(i);
        if (a == QLatin1String("--lang") && i + 1 < args->size()) {
            language = args->at(i + 1);
            args->remove(i, 2);
            break;
        }
        if (a.startsWith(QLatin1String("--lang="))) {
            language = a.mid(7);
            args->remove(i);
            break;
        }
    }
    if (!language.isEmpty() && language != QLatin1String("en") &&
        language != QLatin1String("zh_CN")) {
        *error = QCoreApplication::translate("cli", "--lang must be en or zh_CN, got \"%1\"")
                     .arg(language);
        return false;
    }
    // The system's language: Chinese for any zh locale, English otherwise.
    if (language.isEmpty())
        language = QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                                    : QStringLiteral("en");
    g_language = language;
    static QTranslator translator; // lives as long as the process
    if (translator.load(QStringLiteral(":/i18n/lockscope_") + language))
        QCoreApplication::installTranslator(&translator);
    return true;
}

// The scenario named by --scenario: a built-in id or a path to a scenario file.
bool openEventsFile(const QCommandLineParser &p, std::unique_ptr<QSaveFile> *file, QString *error)
{
    file->reset();
    if (!p.isSet(QStringLiteral("events")))
        return true;
    *file = std::make_unique<QSaveFile>(p.value(QStringLiteral("events")));
    if ((*file)->open(QIODevice::WriteOnly))
        return true;
    *error = QCoreApplication::translate("cli", "cannot write the event log to %1: %2")
                 .arg((*file)->fileName(), (*file)->errorString());
    return false;
}

bool writeEventsFile(QSaveFile &file, const EventLog &log, QString *error)
{
    log.writeJsonLines(file);
    if (file.commit())
        return true;
    *error = QCoreApplication::translate("cli", "cannot write the event log to %1: %2")
                 .arg(file.fileName(), file.errorString());
    return false;
}

bool customStrategyOption(const QCommandLineParser &p, std::unique_ptr<Strategy> *strategy,
                          QString *error)
{
    strategy->reset();
    const bool acquire = p.isSet(QStringLiteral("acquire-script"));
    const bool release = p.isSet(QStringLiteral("release-script"));
    if (!acquire && !release)
        return true;
    if (!acquire || !release) {
        *error = QCoreApplication::translate(
            "cli", "a custom strategy needs both --acquire-script and --release-script");
        return false;
    }
    *strategy = createCustomStrategy(p.value(QStringLiteral("acquire-script")),
                                     p.value(QStringLiteral("release-script")), error);
    return *strategy != nullptr;
}

bool loadScenarioArg(const QString &arg, Scenario *scenario, QString *error)
{
    if (arg.endsWith(QLatin1String(".json")) || arg.contains(QLatin1Char('/')))
        return loadScenarioFile(arg, scenario, error);
    return loadBuiltinScenario(arg, scenario, error);
}

// Ctrl-C during a bench: stop the clients and clean up the keys, then print what was measured.
// A second Ctrl-C ends the process at once (the handler restores the default).
std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int signal)
{
    g_interrupted.store(true);
    std::signal(signal, SIG_DFL);
}

} // namespace lockscope::cli
