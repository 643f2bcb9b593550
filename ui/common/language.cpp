#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace lockscope::ui {

namespace {

struct Installed {
    QString language = QStringLiteral("en");
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt;
};

Installed &installed()
{
    static Installed state;
    return state;
}

} // namespace

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString systemLanguage()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                            : QStringLiteral("en");
}

bool setLanguage(const QString &language)
{
    if (!availableLanguages().contains(language))
        return false;
    Installed &s = installed();
    if (s.app)
        QCoreApplication::removeTranslator(s.app.get());
    if (s.qt)
        QCoreApplication::removeTranslator(s.qt.get());
    s.app.reset();
    s.qt.reset();
    s.language = language;
    // English too: its translation writes out the plurals ("1 fault", "2 faults").
    auto app = std::make_unique<QTranslator>();
    if (app->load(QStringLiteral(":/i18n/lockscope_") + language)) {
        QCoreApplication::installTranslator(app.get());
        s.app = std::move(app);
    }
    if (language == QLatin1String("en"))
        return true; // Qt's own texts are English already
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_") + language,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        s.qt = std::move(qt);
    }
    return true;
}

QString currentLanguage()
{
    return installed().language;
}

} // namespace lockscope::ui
