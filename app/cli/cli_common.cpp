// Output, errors, option parsing and the Ctrl-C flag shared by the commands.
#include "cli_common.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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

void printJson(const QJsonValue &value)
{
    const auto doc =
        value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    out(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
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
        *error = QStringLiteral("--%1 must be a whole number >= %2, got \"%3\"")
                     .arg(name)
                     .arg(min)
                     .arg(text);
        return false;
    }
    *value = v;
    return true;
}

bool parseOrFail(QCommandLineParser &p, const QStringList &args, int *code)
{
    p.addHelpOption();
    if (!p.parse(args)) {
        *code = fail(p.errorText());
        return false;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out(p.helpText());
        *code = 0;
        return false;
    }
    if (!p.positionalArguments().isEmpty()) {
        *code =
            fail(QStringLiteral("unexpected argument \"%1\"").arg(p.positionalArguments().first()));
        return false;
    }
    return true;
}

// The scenario named by --scenario: a built-in id or a path to a scenario file.
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
