#include "script_error.h"

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

} // namespace lockscope
