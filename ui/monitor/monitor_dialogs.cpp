#include "monitor_dialogs.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <QMessageBox>

namespace lockscope::ui {

void MonitorDialogs::tell(QWidget *parent, const QString &title, const QString &text) const
{
    if (message)
        message(title, text);
    else
        QMessageBox::warning(parent, title, text);
}

bool MonitorDialogs::ask(QWidget *parent, const QString &title, const QString &text) const
{
    if (confirm)
        return confirm(title, text);
    return QMessageBox::question(parent, title, text, QMessageBox::Yes | QMessageBox::Cancel,
                                 QMessageBox::Cancel) == QMessageBox::Yes;
}

bool MonitorDialogs::askPassword(QWidget *parent, const ConnectionProfile &profile,
                                 QString *answer) const
{
    if (password)
        return password(profile, answer);
    // The texts split out of the page keep its translation context.
    bool ok = false;
    *answer = QInputDialog::getText(
        parent, QCoreApplication::translate("lockscope::ui::MonitorPage", "Password"),
        QCoreApplication::translate("lockscope::ui::MonitorPage",
                                    "Password for %1 (kept in memory for this session only):")
            .arg(profile.serverText()),
        QLineEdit::Password, QString(), &ok);
    return ok;
}

} // namespace lockscope::ui
