// lockscope-cli: the headless front end. Parsing and the sub-commands live in cli_commands.cpp.
#include "cli_commands.h"
#include "cli_common.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lockscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    QStringList arguments = QCoreApplication::arguments();
    QString error;
    if (!lockscope::cli::installTranslation(&arguments, &error))
        return lockscope::cli::fail(error);
    return lockscope::cli::run(arguments);
}
