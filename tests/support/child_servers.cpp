#include "child_servers.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

#include <unistd.h>

namespace lockscope::test {

int childRedisServers()
{
    int n = 0;
    const QString me = QString::number(::getpid());
    const auto entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &pid : entries) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QString line = QString::fromLatin1(stat.readAll());
        // pid (comm) state ppid ...: the name may hold spaces, so read after its last ')'.
        const int close = line.lastIndexOf(QLatin1Char(')'));
        const QStringList rest = line.mid(close + 2).split(QLatin1Char(' '));
        if (rest.size() > 1 && rest[1] == me && line.contains(QLatin1String("(redis-server)")))
            ++n;
    }
    return n;
}

} // namespace lockscope::test
