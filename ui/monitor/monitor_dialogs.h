// The monitor page's dialogs: an error or notice, a yes/no question, the password of a profile.
// Each can be replaced (tests answer them without a window); unset, the usual Qt dialog asks.
#pragma once

#include "monitor/connection_profile.h"

#include <QString>

#include <functional>

class QWidget;

namespace lockscope::ui {

struct MonitorDialogs {
    std::function<void(const QString &title, const QString &text)> message;
    std::function<bool(const QString &title, const QString &text)> confirm;
    std::function<bool(const ConnectionProfile &, QString *password)> password;

    void tell(QWidget *parent, const QString &title, const QString &text) const;
    bool ask(QWidget *parent, const QString &title, const QString &text) const;
    // False when the user cancelled.
    bool askPassword(QWidget *parent, const ConnectionProfile &profile, QString *password) const;
};

} // namespace lockscope::ui
