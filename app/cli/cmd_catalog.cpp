// lockscope-cli strategies, scenarios: the catalogue, by id.
#include "cli_common.h"

#include "lock/strategy_registry.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace lockscope::cli {

int listStrategies(const QStringList &args)
{
    QCommandLineParser p;
    p.addOption({QStringLiteral("json"), QCoreApplication::translate("cli", "Print JSON.")});
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    QJsonArray list;
    // Every strategy the same way: how it locks, then its flaw, or for a correct one the limits
    // within which it is correct.
    QString text = QStringLiteral("%1  %2\n")
                       .arg(QCoreApplication::translate("cli", "strategy"), -20)
                       .arg(QCoreApplication::translate(
                           "cli", "how it locks; then its flaw, or a correct one's limits"));
    const QString indent(22, QLatin1Char(' '));
    for (const auto &id : strategyIds()) {
        const auto s = createStrategy(id);
        const auto &info = s->info();
        list.append(QJsonObject{{QStringLiteral("id"), info.id},
                                {QStringLiteral("title"), info.title},
                                {QStringLiteral("summary"), info.summary},
                                {QStringLiteral("flaw"), info.flaw},
                                {QStringLiteral("correct"), info.flaw.isEmpty()},
                                {QStringLiteral("multi_node"), info.multiNode}});
        text += QStringLiteral("%1  %2\n").arg(id, -20).arg(strategyText(info.summary));
        text +=
            indent +
            (info.flaw.isEmpty()
                 ? QCoreApplication::translate("cli", "limits: %1")
                       .arg(info.caveat.isEmpty()
                                ? QCoreApplication::translate("cli", "no known limits")
                                : strategyText(info.caveat))
                 : QCoreApplication::translate("cli", "flaw: %1").arg(strategyText(info.flaw))) +
            QLatin1Char('\n');
    }
    if (p.isSet(QStringLiteral("json")))
        printJson(list);
    else
        out(text);
    return 0;
}

int listScenarios(const QStringList &args)
{
    QCommandLineParser p;
    p.addOption({QStringLiteral("json"), QCoreApplication::translate("cli", "Print JSON.")});
    int code = 0;
    if (!parseOrFail(p, args, &code))
        return code;
    QJsonArray list;
    QString text;
    for (const auto &id : builtinScenarioIds()) {
        Scenario s;
        QString error;
        if (!loadBuiltinScenario(id, &s, &error))
            return fail(error);
        list.append(QJsonObject{{QStringLiteral("id"), s.id},
                                {QStringLiteral("title"), s.title},
                                {QStringLiteral("summary"), s.summary},
                                {QStringLiteral("explanation"), s.explanation}});
        text += QStringLiteral("%1  %2\n")
                    .arg(id, -24)
                    .arg(QCoreApplication::translate("ScenarioSummary",
                                                     s.summary.toUtf8().constData()));
    }
    if (p.isSet(QStringLiteral("json")))
        printJson(list);
    else
        out(text);
    return 0;
}

} // namespace lockscope::cli
