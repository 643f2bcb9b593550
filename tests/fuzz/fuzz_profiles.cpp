// Saved monitor profiles: the window reads them from its settings file (INI on Linux), which a
// person may edit by hand or copy from another machine. Every profile read is then validated
// and turned into monitor options, as the window does before connecting.
#include "fuzz_target.h"

#include "monitor/connection_profile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSettings>

LOCKSCOPE_FUZZ_TARGET(profiles)
{
    using namespace lockscope;
    // QSettings reads files only; one file per process, rewritten for every input.
    static const QString path = QDir::temp().filePath(
        QStringLiteral("lockscope-fuzz-profiles-%1.ini").arg(QCoreApplication::applicationPid()));
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        file.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    QSettings settings(path, QSettings::IniFormat);
    for (const ConnectionProfile &profile : loadProfiles(settings)) {
        (void)profile.serverText();
        QString error;
        MonitorOptions options;
        if (!profile.validate(&error))
            fuzz::require(!error.isEmpty());
        else if (!profile.toMonitorOptions(&options, &error))
            fuzz::require(!error.isEmpty());
    }
    return 0;
}
