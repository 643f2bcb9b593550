// The window's language: English or Simplified Chinese, switched at run time. Installing a new
// language sends QEvent::LanguageChange to every widget, which then calls its retranslateUi().
#pragma once

#include <QString>
#include <QStringList>

namespace lockscope::ui {

// The languages LockScope speaks, by code: "en", "zh_CN".
QStringList availableLanguages();
// The language of the system's locale (LC_ALL, LC_MESSAGES, LANG): "zh_CN" for any Chinese
// locale, "en" otherwise.
QString systemLanguage();
// Installs LockScope's translation (embedded under :/i18n) and Qt's own (dialog buttons) for
// language, replacing the previous ones. False for an unknown language (nothing changes).
bool setLanguage(const QString &language);
// The language last set ("en" before any).
QString currentLanguage();

} // namespace lockscope::ui
