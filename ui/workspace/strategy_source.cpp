#include "strategy_source.h"

#include "lock/script.h"
#include "lock/strategy_registry.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace lockscope::ui {

namespace {

struct StepSpec {
    QString command; // what the step sends, with <placeholders>
    QString script;  // or the built-in script it runs
    QString note;    // what the client does with the reply
};

StepSpec specFor(const QString &strategy, const QString &label)
{
    if (label == QLatin1String("acquire.set"))
        return {QStringLiteral("SET <key> <token> NX PX <ttl>"),
                {},
                QCoreApplication::translate(
                    "StrategySource", "OK: acquired. (nil): someone holds it, wait and retry.")};
    if (label == QLatin1String("acquire.setnx")) {
        if (strategy == QLatin1String("setnx-getset"))
            return {QCoreApplication::translate("StrategySource",
                                                "SETNX <key> <expiry time by the client's clock>"),
                    {},
                    QCoreApplication::translate("StrategySource",
                                                "1: acquired. 0: read the stored expiry time.")};
        return {
            QStringLiteral("SETNX <key> <token>"),
            {},
            QCoreApplication::translate(
                "StrategySource", "1: acquired, but the key has no TTL until the next command.")};
    }
    if (label == QLatin1String("acquire.expire"))
        return {QCoreApplication::translate("StrategySource", "EXPIRE <key> <ttl in seconds>"),
                {},
                QCoreApplication::translate(
                    "StrategySource",
                    "A second round trip: a crash before it leaves the key without a TTL.")};
    if (label == QLatin1String("acquire.get"))
        return {
            QStringLiteral("GET <key>"),
            {},
            QCoreApplication::translate(
                "StrategySource", "Has the stored expiry time passed, by this client's clock?")};
    if (label == QLatin1String("acquire.getset"))
        return {QCoreApplication::translate("StrategySource", "GETSET <key> <new expiry time>"),
                {},
                QCoreApplication::translate("StrategySource",
                                            "Acquired if the old value is still the expired one.")};
    if (label == QLatin1String("acquire.release"))
        return {{},
                QStringLiteral("compare_and_delete"),
                QCoreApplication::translate(
                    "StrategySource",
                    "No quorum, or no validity left: undo on every node, retry later.")};
    if (label == QLatin1String("release.get"))
        return {QStringLiteral("GET <key>"),
                {},
                QCoreApplication::translate(
                    "StrategySource",
                    "Compare with our token in the client... (the lock can change hands now)")};
    if (label == QLatin1String("release.del"))
        return {
            QStringLiteral("DEL <key>"),
            {},
            strategy == QLatin1String("set-nx-px-del") || strategy == QLatin1String("setnx-getset")
                ? QCoreApplication::translate("StrategySource", "Deletes the key whoever holds it.")
                : QCoreApplication::translate("StrategySource",
                                              "...then delete: whoever holds the key now.")};
    if (label == QLatin1String("renew.script"))
        return {
            {},
            QStringLiteral("watchdog_renew"),
            QCoreApplication::translate("StrategySource", "Every TTL/3 while the lock is held.")};
    if (label == QLatin1String("acquire.script")) {
        if (strategy == QLatin1String("lua-setnx-pexpire"))
            return {{}, QStringLiteral("lua_setnx_pexpire_acquire"), {}};
        if (strategy == QLatin1String("reentrant-hash"))
            return {{}, QStringLiteral("reentrant_acquire"), {}};
        if (strategy == QLatin1String("fenced"))
            return {{}, QStringLiteral("fenced_acquire"), {}};
        return {};
    }
    if (label == QLatin1String("release.script")) {
        if (strategy == QLatin1String("reentrant-hash"))
            return {{}, QStringLiteral("reentrant_release"), {}};
        return {{},
                QStringLiteral("compare_and_delete"),
                strategy == QLatin1String("redlock")
                    ? QCoreApplication::translate("StrategySource",
                                                  "On every node, also those that failed.")
                    : QString()};
    }
    return {};
}

QString verbOf(const QString &command)
{
    return command.section(QLatin1Char(' '), 0, 0).toUpper();
}

} // namespace

StrategySource StrategySource::forStrategy(const QString &strategyId)
{
    StrategySource src;
    src.strategyId = strategyId;
    const auto strategy = createStrategy(strategyId);
    if (!strategy)
        return src;
    const StrategyInfo &info = strategy->info();
    QStringList lines;
    lines << QStringLiteral("-- %1: %2").arg(info.id, strategyText(info.title));
    for (const char *stepLabel : info.steps) {
        const QString label = QString::fromLatin1(stepLabel);
        const StepSpec spec = specFor(strategyId, label);
        lines << QString();
        SourceStep step;
        step.label = label;
        step.firstLine = int(lines.size());
        if (!spec.script.isEmpty()) {
            const LuaScript &script = builtinScript(spec.script);
            step.verb = QStringLiteral("EVALSHA");
            step.script = spec.script;
            lines << QStringLiteral("-- [%1] EVALSHA %2.lua").arg(label, spec.script);
            if (!spec.note.isEmpty())
                lines << QStringLiteral("--   %1").arg(spec.note);
            // The script's first line says what it does; then its interface (KEYS, ARGV,
            // returns) and its code. The provenance notes in between stay in the file.
            const QStringList body =
                QString::fromUtf8(script.body).trimmed().split(QLatin1Char('\n'));
            qsizetype from = 0;
            for (qsizetype i = 0; i < body.size(); ++i) {
                if (body[i].startsWith(QLatin1String("-- KEYS"))) {
                    from = i;
                    break;
                }
            }
            if (from > 0)
                lines << QStringLiteral("    ") + body.front();
            for (qsizetype i = from; i < body.size(); ++i)
                lines << QStringLiteral("    ") + body[i];
        } else {
            step.verb = verbOf(spec.command);
            lines << QStringLiteral("-- [%1]").arg(label);
            lines << spec.command;
            if (!spec.note.isEmpty())
                lines << QStringLiteral("--   %1").arg(spec.note);
        }
        step.lastLine = int(lines.size()) - 1;
        src.steps.push_back(step);
    }
    src.text = lines.join(QLatin1Char('\n'));
    return src;
}

StrategySource StrategySource::forScripts(const QString &acquireFile, const QString &releaseFile)
{
    StrategySource src;
    src.strategyId = QStringLiteral("custom");
    QStringList lines;
    lines << QStringLiteral("-- custom: %1").arg(strategyText(QStringLiteral("Custom scripts")));
    const std::pair<const char *, QString> files[] = {{"acquire.script", acquireFile},
                                                      {"release.script", releaseFile}};
    for (const auto &[label, path] : files) {
        lines << QString();
        SourceStep step;
        step.label = QString::fromLatin1(label);
        step.verb = QStringLiteral("EVALSHA");
        step.firstLine = int(lines.size());
        lines << QStringLiteral("-- [%1] EVALSHA %2").arg(step.label, QFileInfo(path).fileName());
        QFile file(path);
        if (file.open(QIODevice::ReadOnly)) {
            const QStringList body =
                QString::fromUtf8(file.readAll()).trimmed().split(QLatin1Char('\n'));
            for (const QString &line : body)
                lines << QStringLiteral("    ") + line;
        }
        step.lastLine = int(lines.size()) - 1;
        src.steps.push_back(step);
    }
    src.text = lines.join(QLatin1Char('\n'));
    return src;
}

int StrategySource::stepForCommand(const QByteArray &command, ClientState::Phase phase) const
{
    const QString verb = verbOf(QString::fromUtf8(command));
    QString script;
    if (verb == QLatin1String("EVALSHA")) {
        const QByteArray sha = command.split(' ').value(1);
        for (const QString &name : builtinScriptNames()) {
            if (builtinScript(name).sha1 == sha) {
                script = name;
                break;
            }
        }
    }
    std::vector<int> candidates;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const SourceStep &s = steps[i];
        const bool match = s.script.isEmpty() ? s.verb == verb
                           : verb == QLatin1String("EVAL")
                               ? true
                               : (verb == QLatin1String("EVALSHA") && s.script == script);
        if (match)
            candidates.push_back(int(i));
    }
    if (candidates.empty())
        return -1;
    const QString prefix = phase == ClientState::Phase::Waiting     ? QStringLiteral("acquire.")
                           : phase == ClientState::Phase::Releasing ? QStringLiteral("release.")
                           : phase == ClientState::Phase::Holding   ? QStringLiteral("renew.")
                                                                    : QString();
    if (!prefix.isEmpty()) {
        for (int c : candidates) {
            if (steps[std::size_t(c)].label.startsWith(prefix))
                return c;
        }
    }
    return candidates.front();
}

} // namespace lockscope::ui
