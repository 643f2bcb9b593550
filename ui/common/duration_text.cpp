#include "duration_text.h"

#include <QCoreApplication>

#include <cmath>

namespace lockscope::ui {

QString durationText(double seconds)
{
    const qint64 s = qMax<qint64>(1, qint64(std::ceil(seconds)));
    if (s < 60)
        return QCoreApplication::translate("DurationText", "%1 s").arg(s);
    if (s < 3600)
        return QCoreApplication::translate("DurationText", "%1 min %2 s").arg(s / 60).arg(s % 60);
    return QCoreApplication::translate("DurationText", "%1 h %2 min")
        .arg(s / 3600)
        .arg((s % 3600) / 60);
}

} // namespace lockscope::ui
