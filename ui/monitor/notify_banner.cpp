#include "notify_banner.h"

#include "monitor/key_monitor.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

// The texts were the monitor page's and keep its translation context.

namespace lockscope::ui {

NotifyBanner::NotifyBanner(QWidget *parent)
    : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    m_text = new QLabel;
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_button = new QPushButton;
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_button);
    hide();
    connect(m_button, &QPushButton::clicked, this, &NotifyBanner::enableRequested);
}

QString NotifyBanner::text() const
{
    return isHidden() ? QString() : m_text->text();
}

void NotifyBanner::retranslate()
{
    m_button->setText(
        QCoreApplication::translate("lockscope::ui::MonitorPage", "Enable notifications…"));
}

void NotifyBanner::showFor(const KeyMonitor *monitor)
{
    if (!monitor) {
        hide();
        return;
    }
    const auto mode = monitor->notifyMode();
    const QString command = QString::fromUtf8(monitor->enableNotificationsCommand());
    QString text;
    switch (mode) {
    case KeyMonitor::NotifyMode::Off:
        text = QCoreApplication::translate(
                   "lockscope::ui::MonitorPage",
                   "Keyspace notifications are off on this server: changes are found by "
                   "re-reading the keys every %1 ms and rescanning. <code>%2</code> would turn "
                   "them on.")
                   .arg(monitor->options().rereadIntervalMs)
                   .arg(command.toHtmlEscaped());
        break;
    case KeyMonitor::NotifyMode::Partial:
        text = QCoreApplication::translate(
                   "lockscope::ui::MonitorPage",
                   "Keyspace notifications are only partly on (%1): some changes are found by "
                   "re-reading. <code>%2</code> would turn on what is missing.")
                   .arg(QString::fromUtf8(monitor->notifyConfig().flags()).toHtmlEscaped(),
                        command.toHtmlEscaped());
        break;
    case KeyMonitor::NotifyMode::Unreadable:
        text = QCoreApplication::translate(
            "lockscope::ui::MonitorPage",
            "LockScope may not read this server's notification settings (CONFIG GET was "
            "refused): changes are found by re-reading the keys.");
        break;
    default:
        hide();
        return;
    }
    m_text->setText(text);
    const bool canSend = mode != KeyMonitor::NotifyMode::Unreadable && !command.isEmpty();
    m_button->setVisible(canSend);
    m_button->setEnabled(canSend && monitor->writesAllowed());
    m_button->setToolTip(
        monitor->writesAllowed()
            ? QCoreApplication::translate("lockscope::ui::MonitorPage",
                                          "Sends %1 after a confirmation")
                  .arg(command)
            : QCoreApplication::translate("lockscope::ui::MonitorPage",
                                          "This profile is read-only: allow writes in the profile "
                                          "to send it from here, or have an administrator run "
                                          "it."));
    show();
}

} // namespace lockscope::ui
