#include "script_limits.h"

#include <QCoreApplication>

#include <cmath>

namespace lockscope {

QString timeLimitText(qint64 ms)
{
    if (ms < 1000)
        return QStringLiteral("%1 ms").arg(ms);
    // Whole seconds print as "5 s", others with as many decimals as they need ("1.5 s").
    return QStringLiteral("%1 s").arg(QString::number(double(ms) / 1000.0, 'g', 10));
}

QString memoryCapText(qint64 bytes)
{
    if (bytes >= (qint64(1) << 20) && bytes % (qint64(1) << 20) == 0)
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    if (bytes >= 1024 && bytes % 1024 == 0)
        return QStringLiteral("%1 KiB").arg(bytes >> 10);
    return QStringLiteral("%1 bytes").arg(bytes);
}

bool parseTimeLimit(const QString &text, qint64 *ms, QString *error)
{
    const QString t = text.trimmed();
    double scale = 1;
    QString number = t;
    if (t.endsWith(QLatin1String("ms"))) {
        number.chop(2);
    } else if (t.endsWith(QLatin1Char('s'))) {
        number.chop(1);
        scale = 1000;
    }
    bool ok = false;
    const double value = number.trimmed().toDouble(&ok) * scale;
    if (!ok || !std::isfinite(value) || value < 1 ||
        value > double(ScriptLimits::kMaxTimeLimitMs) || value != std::floor(value)) {
        if (error)
            *error = QCoreApplication::translate(
                         "ScriptLimits",
                         "--script-time-limit must be a duration such as 5s or 500ms, between "
                         "1 ms and a day, got \"%1\"")
                         .arg(text);
        return false;
    }
    *ms = qint64(value);
    return true;
}

} // namespace lockscope
