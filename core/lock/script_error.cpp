#include "script_error.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace lockscope {

QString scriptErrorText(const QString &fileName, const Reply &reply)
{
    QString message = QString::fromUtf8(reply.text()).trimmed();
    QString line;
    // The suffix Redis adds to every script error: where it was raised.
    static const QRegularExpression where(
        QStringLiteral("\\s*script: [0-9a-fA-F]+, on @user_script:(\\d+)\\.?$"));
    if (const auto m = where.match(message); m.hasMatch()) {
        line = m.captured(1);
        message.truncate(m.capturedStart());
    }
    if (message.startsWith(QLatin1String("ERR ")))
        message.remove(0, 4);
    // A Lua run-time error names the chunk and the line itself.
    static const QRegularExpression luaPrefix(QStringLiteral("^@?user_script:(\\d+): "));
    if (const auto m = luaPrefix.match(message); m.hasMatch()) {
        line = m.captured(1);
        message.remove(0, m.capturedLength());
    }
    return line.isEmpty() ? QStringLiteral("%1: %2").arg(fileName, message)
                          : QStringLiteral("%1:%2: %3").arg(fileName, line, message);
}

ScriptStop embeddedScriptStop(const Reply &reply)
{
    if (!reply.isError())
        return ScriptStop::None;
    const QByteArray &text = reply.text();
    const QByteArray code = text.left(text.indexOf(' '));
    if (code == "BUSY")
        return ScriptStop::TimeLimit;
    if (code == "OOM")
        return ScriptStop::MemoryCap;
    return ScriptStop::None;
}

QString scriptStoppedText(const QString &fileName, ScriptRole role, ScriptStop stop,
                          const ScriptLimits &limits)
{
    QString script;
    switch (role) {
    case ScriptRole::Acquire:
        script = QCoreApplication::translate("Strategy", "the acquire script");
        break;
    case ScriptRole::Release:
        script = QCoreApplication::translate("Strategy", "the release script");
        break;
    case ScriptRole::Any:
        script = QCoreApplication::translate("Strategy", "a script");
        break;
    }
    QString text;
    switch (stop) {
    case ScriptStop::TimeLimit:
        text = QCoreApplication::translate("Strategy",
                                           "%1 ran longer than the %2 script time limit and was "
                                           "stopped (as Redis's lua-time-limit would)")
                   .arg(script, timeLimitText(limits.timeLimitMs));
        break;
    case ScriptStop::MemoryCap:
        text = QCoreApplication::translate(
                   "Strategy", "%1 needed more than the %2 script memory cap and was stopped")
                   .arg(script, memoryCapText(limits.memoryCapBytes));
        break;
    case ScriptStop::Stopped:
    case ScriptStop::None:
        text = QCoreApplication::translate("Strategy", "%1 was stopped").arg(script);
        break;
    }
    return fileName.isEmpty() ? text : QStringLiteral("%1: %2").arg(fileName, text);
}

QString scriptFailureText(const QString &fileName, ScriptRole role, const Reply &reply,
                          const ScriptLimits *limits)
{
    if (limits) {
        const ScriptStop stop = embeddedScriptStop(reply);
        if (stop != ScriptStop::None)
            return scriptStoppedText(fileName, role, stop, *limits);
    } else if (reply.isError() && reply.text().startsWith("BUSY ")) {
        // A real server answers BUSY while some script runs past its lua-time-limit: with a
        // user's scripts under test, most likely one of them.
        return QCoreApplication::translate(
                   "Strategy", "%1: the server is busy running a script past its lua-time-limit "
                               "(BUSY), most likely one of yours")
            .arg(fileName);
    }
    return QCoreApplication::translate("Strategy", "%1 (at run time)")
        .arg(scriptErrorText(fileName, reply));
}

} // namespace lockscope
