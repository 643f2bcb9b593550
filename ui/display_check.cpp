#include "display_check.h"

#include <QCoreApplication>

namespace lockscope::ui {

namespace {

QString whatToDoInstead()
{
    return QCoreApplication::translate(
        "lockscope", "render the window to a file with --screenshot FILE.png, or see a "
                     "demonstration in this terminal with lockscope-cli demo");
}

} // namespace

QString missingDisplayMessage(const QProcessEnvironment &environment)
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS) && !defined(Q_OS_ANDROID)
    const QString platform = environment.value(QStringLiteral("QT_QPA_PLATFORM"));
    const bool x11 = !environment.value(QStringLiteral("DISPLAY")).isEmpty();
    const bool wayland = !environment.value(QStringLiteral("WAYLAND_DISPLAY")).isEmpty();
    // QT_QPA_PLATFORM may list fallbacks ("wayland;xcb"): only a list of these two is judged.
    bool needsDisplay = platform.isEmpty();
    if (!needsDisplay) {
        needsDisplay = true;
        for (const QString &p : platform.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            const QString name = p.section(QLatin1Char(':'), 0, 0);
            if (name != QLatin1String("xcb") && !name.startsWith(QLatin1String("wayland")))
                needsDisplay = false;
        }
    }
    if (needsDisplay && !x11 && !wayland)
        return QCoreApplication::translate("lockscope", "no display found (neither DISPLAY nor "
                                                        "WAYLAND_DISPLAY is set): %1")
            .arg(whatToDoInstead());
#else
    Q_UNUSED(environment);
#endif
    return {};
}

QString unreachableDisplayMessage()
{
    return QCoreApplication::translate("lockscope", "cannot open the display: %1")
        .arg(whatToDoInstead());
}

} // namespace lockscope::ui
