#include "connection_bar.h"

#include "common/theme.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

// The texts were the monitor page's and keep its translation context.

namespace lockscope::ui {

ConnectionBar::ConnectionBar(QWidget *parent)
    : QWidget(parent)
{
    m_profileLabel = new QLabel;
    m_profileCombo = new QComboBox;
    m_profileCombo->setMinimumContentsLength(24);
    m_profileCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_newButton = new QPushButton;
    m_editButton = new QPushButton;
    m_deleteButton = new QPushButton;
    m_connectButton = new QPushButton;
    m_stopButton = new QPushButton;
    m_recordButton = new QPushButton;
    m_openButton = new QPushButton;
    m_whatIfButton = new QPushButton;
    m_whatIfButton->setEnabled(false);
    m_badge = new QLabel;
    m_badge->setAlignment(Qt::AlignCenter);
    m_badge->setMargin(4);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_profileLabel);
    layout->addWidget(m_profileCombo);
    layout->addWidget(m_newButton);
    layout->addWidget(m_editButton);
    layout->addWidget(m_deleteButton);
    layout->addSpacing(12);
    layout->addWidget(m_connectButton);
    layout->addWidget(m_stopButton);
    layout->addSpacing(12);
    layout->addWidget(m_recordButton);
    layout->addWidget(m_openButton);
    layout->addSpacing(12);
    layout->addWidget(m_whatIfButton);
    layout->addStretch(1);
    layout->addWidget(m_badge);

    connect(m_newButton, &QPushButton::clicked, this, &ConnectionBar::newProfileRequested);
    connect(m_editButton, &QPushButton::clicked, this, &ConnectionBar::editProfileRequested);
    connect(m_deleteButton, &QPushButton::clicked, this, &ConnectionBar::deleteProfileRequested);
    connect(m_connectButton, &QPushButton::clicked, this, &ConnectionBar::connectRequested);
    connect(m_stopButton, &QPushButton::clicked, this, &ConnectionBar::stopRequested);
    connect(m_recordButton, &QPushButton::clicked, this, &ConnectionBar::recordRequested);
    connect(m_openButton, &QPushButton::clicked, this, &ConnectionBar::openRecordingRequested);
    connect(m_whatIfButton, &QPushButton::clicked, this, &ConnectionBar::whatIfRequested);
}

QString ConnectionBar::badgeText() const
{
    return m_badge->text();
}

void ConnectionBar::setWritesAllowed(bool writes, const Theme &theme)
{
    const QColor fill = writes ? theme.problem : theme.good;
    m_badge->setText(
        writes ? QCoreApplication::translate("lockscope::ui::MonitorPage", "Writes allowed")
               : QCoreApplication::translate("lockscope::ui::MonitorPage", "Read-only"));
    m_badge->setToolTip(
        writes
            ? QCoreApplication::translate("lockscope::ui::MonitorPage",
                                          "This profile allows writes: force-release and enabling "
                                          "notifications can "
                                          "change the server, each after a confirmation.")
            : QCoreApplication::translate("lockscope::ui::MonitorPage",
                                          "Read-only: the connection refuses every write command "
                                          "before it is sent. "
                                          "Allow writes in the profile to force-release locks."));
    m_badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; font-weight: bold; "
                                          "border-radius: 4px; padding: 2px 10px; }")
                               .arg(fill.name(), Theme::textOn(fill).name()));
}

void ConnectionBar::setButtonsEnabled(bool running, bool hasProfile)
{
    m_stopButton->setEnabled(running);
    m_connectButton->setEnabled(true);
    m_editButton->setEnabled(hasProfile);
    m_deleteButton->setEnabled(hasProfile);
}

void ConnectionBar::setWhatIfEnabled(bool enabled)
{
    m_whatIfButton->setEnabled(enabled);
}

void ConnectionBar::retranslate(bool recording)
{
    m_profileLabel->setText(QCoreApplication::translate("lockscope::ui::MonitorPage", "Profile:"));
    m_newButton->setText(QCoreApplication::translate("lockscope::ui::MonitorPage", "New…"));
    m_editButton->setText(QCoreApplication::translate("lockscope::ui::MonitorPage", "Edit…"));
    m_deleteButton->setText(QCoreApplication::translate("lockscope::ui::MonitorPage", "Delete"));
    m_connectButton->setText(QCoreApplication::translate("lockscope::ui::MonitorPage", "Connect"));
    m_connectButton->setToolTip(QCoreApplication::translate(
        "lockscope::ui::MonitorPage", "Connect with the selected profile and scan (F5)"));
    m_stopButton->setText(QCoreApplication::translate("lockscope::ui::MonitorPage", "Stop"));
    m_stopButton->setToolTip(QCoreApplication::translate(
        "lockscope::ui::MonitorPage",
        "Stop watching (cancels a scan); the table keeps what was seen"));
    m_recordButton->setText(
        recording ? QCoreApplication::translate("lockscope::ui::MonitorPage", "Stop recording")
                  : QCoreApplication::translate("lockscope::ui::MonitorPage", "Record…"));
    m_recordButton->setToolTip(QCoreApplication::translate(
        "lockscope::ui::MonitorPage", "Write the session's history to a file as it happens"));
    m_openButton->setText(
        QCoreApplication::translate("lockscope::ui::MonitorPage", "Open recording…"));
    m_whatIfButton->setText(QCoreApplication::translate("lockscope::ui::MonitorPage", "What if…"));
    m_whatIfButton->setToolTip(QCoreApplication::translate(
        "lockscope::ui::MonitorPage",
        "Replay the part of the history the History shows in the simulator: the workspace opens "
        "its acquisitions as a scenario, to run under any strategy and add faults, and the "
        "Compare page gets it to compare every strategy (Ctrl+Shift+W)"));
    if (m_profileCombo->count() == 0)
        m_profileCombo->setPlaceholderText(QCoreApplication::translate(
            "lockscope::ui::MonitorPage", "(no profile: New… makes one)"));
}

} // namespace lockscope::ui
