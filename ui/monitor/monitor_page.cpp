#include "monitor_page.h"

#include "key_details.h"
#include "common/key_table_model.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_clock.h"
#include "monitor_history.h"
#include "monitor_table_feed.h"
#include "password_store.h"
#include "profile_dialog.h"
#include "redis/connection.h"
#include "common/run_data.h"
#include "common/theme.h"
#include "timeline/timeline_widget.h"
#include "common/ttl_delegate.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace lockscope::ui {

namespace {
constexpr int kTickMs = 100;          // TTL countdown
constexpr int kSlowTicks = 10;        // every second: details, history, anomalies
constexpr int kRecordEveryTicks = 20; // the recording file is rewritten every 2 s when it grew
constexpr int kMaxListedAnomalies = 500;
} // namespace

MonitorPage::MonitorPage(QWidget *parent)
    : QWidget(parent)
{
    m_keyModel = new KeyTableModel(this);
    m_feed = std::make_unique<MonitorTableFeed>(m_keyModel);
    m_history = new MonitorHistory(this);
    m_passwords = new PasswordStore(this);
    buildUi();
    retranslateUi();
    applyTheme();
    m_tick = new QTimer(this);
    m_tick->setInterval(kTickMs);
    connect(m_tick, &QTimer::timeout, this, &MonitorPage::tick);
    m_tick->start();
    connect(m_history, &MonitorHistory::runChanged, this, &MonitorPage::onHistoryChanged);
    setSettings(std::make_shared<QSettings>());
}

MonitorPage::~MonitorPage()
{
    stop();
}

// --- layout ------------------------------------------------------------------------------------

void MonitorPage::buildUi()
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
    m_badge = new QLabel;
    m_badge->setAlignment(Qt::AlignCenter);
    m_badge->setMargin(4);

    auto *top = new QHBoxLayout;
    top->addWidget(m_profileLabel);
    top->addWidget(m_profileCombo);
    top->addWidget(m_newButton);
    top->addWidget(m_editButton);
    top->addWidget(m_deleteButton);
    top->addSpacing(12);
    top->addWidget(m_connectButton);
    top->addWidget(m_stopButton);
    top->addSpacing(12);
    top->addWidget(m_recordButton);
    top->addWidget(m_openButton);
    top->addStretch(1);
    top->addWidget(m_badge);

    m_status = new QLabel;
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 0); // SCAN gives no total: a busy bar and the count beside it
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_progress);

    m_notifyBanner = new QFrame;
    static_cast<QFrame *>(m_notifyBanner)->setFrameShape(QFrame::StyledPanel);
    m_notifyText = new QLabel;
    m_notifyText->setWordWrap(true);
    m_notifyText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notifyButton = new QPushButton;
    auto *banner = new QHBoxLayout(m_notifyBanner);
    banner->addWidget(m_notifyText, 1);
    banner->addWidget(m_notifyButton);
    m_notifyBanner->hide();

    m_find = new QLineEdit;
    m_find->setClearButtonEnabled(true);
    m_releaseButton = new QPushButton;
    m_table = new QTableView;
    m_table->setModel(m_keyModel);
    m_table->setItemDelegateForColumn(KeyTableModel::TtlColumn, new TtlDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    // A node is an address: wide enough for a full IPv4 address and port.
    m_table->setColumnWidth(KeyTableModel::NodeColumn,
                            fontMetrics().horizontalAdvance(QStringLiteral("127.000.000.1:65535")));
    m_table->setColumnWidth(KeyTableModel::KeyColumn, 15 * em);
    m_table->setColumnWidth(KeyTableModel::OwnerColumn, 13 * em);
    m_table->setColumnWidth(KeyTableModel::ValueColumn, 14 * em);
    m_table->setColumnWidth(KeyTableModel::TypeColumn, 10 * em);

    auto *tableArea = new QWidget;
    auto *tl = new QVBoxLayout(tableArea);
    tl->setContentsMargins(0, 0, 0, 0);
    auto *findRow = new QHBoxLayout;
    findRow->addWidget(m_find, 1);
    findRow->addWidget(m_releaseButton);
    tl->addLayout(findRow);
    tl->addWidget(m_table, 1);

    m_details = new QTextBrowser;
    m_details->setOpenLinks(false);

    m_topSplit = new QSplitter(Qt::Horizontal);
    m_topSplit->addWidget(tableArea);
    m_topSplit->addWidget(m_details);
    m_topSplit->setStretchFactor(0, 3);
    m_topSplit->setStretchFactor(1, 1);

    m_timeline = new TimelineWidget;
    m_anomalies = new QListWidget;
    m_anomalies->setWordWrap(true);
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_timeline, QString());
    m_tabs->addTab(m_anomalies, QString());

    m_mainSplit = new QSplitter(Qt::Vertical);
    m_mainSplit->addWidget(m_topSplit);
    m_mainSplit->addWidget(m_tabs);
    m_mainSplit->setStretchFactor(0, 3);
    m_mainSplit->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(statusRow);
    layout->addWidget(m_notifyBanner);
    layout->addWidget(m_mainSplit, 1);

    connect(m_newButton, &QPushButton::clicked, this, &MonitorPage::newProfile);
    connect(m_editButton, &QPushButton::clicked, this, &MonitorPage::editProfile);
    connect(m_deleteButton, &QPushButton::clicked, this, &MonitorPage::deleteProfile);
    connect(m_connectButton, &QPushButton::clicked, this, &MonitorPage::connectCurrent);
    connect(m_stopButton, &QPushButton::clicked, this, &MonitorPage::stop);
    connect(m_recordButton, &QPushButton::clicked, this, &MonitorPage::chooseRecordFile);
    connect(m_openButton, &QPushButton::clicked, this, &MonitorPage::chooseRecordingToOpen);
    connect(m_profileCombo, &QComboBox::currentIndexChanged, this, [this] {
        updateBadge();
        updateButtons();
    });
    connect(m_notifyButton, &QPushButton::clicked, this, [this] {
        QString error;
        if (!enableNotifications(&error) && !error.isEmpty())
            message(tr("Keyspace notifications"), error);
    });
    connect(m_releaseButton, &QPushButton::clicked, this, [this] {
        const QByteArray key = selectedKey();
        QString error;
        if (!key.isEmpty() && !forceRelease(key, &error) && !error.isEmpty())
            message(tr("Force release"), error);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        updateDetails();
        updateButtons();
    });
    connect(m_find, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            return;
        for (int r = 0; r < m_keyModel->rowCount(); ++r) {
            if (m_keyModel->rowAt(r).keyName.contains(text, Qt::CaseInsensitive)) {
                m_table->setCurrentIndex(m_keyModel->index(r, 0));
                m_table->scrollTo(m_keyModel->index(r, 0));
                return;
            }
        }
    });
    connect(m_anomalies, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item)
            selectKey(item->data(Qt::UserRole).toByteArray());
    });
    connect(m_timeline, &TimelineWidget::seekRequested, this, [this](qint64 t) {
        if (m_replaying)
            replayAt(t);
    });

    // Keyboard: F5 connects, Ctrl+F finds a key, Delete force-releases the selected key (after
    // the same checks and confirmation as the button).
    auto *connectAction = new QAction(this);
    connectAction->setShortcut(Qt::Key_F5);
    connectAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(connectAction, &QAction::triggered, this, &MonitorPage::connectCurrent);
    auto *findAction = new QAction(this);
    findAction->setShortcut(QKeySequence::Find);
    findAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(findAction, &QAction::triggered, m_find, [this] {
        m_find->setFocus();
        m_find->selectAll();
    });
    auto *releaseAction = new QAction(m_table);
    releaseAction->setShortcut(QKeySequence::Delete);
    releaseAction->setShortcutContext(Qt::WidgetShortcut);
    connect(releaseAction, &QAction::triggered, m_releaseButton, &QPushButton::click);
    addAction(connectAction);
    addAction(findAction);
    m_table->addAction(releaseAction);
}

void MonitorPage::retranslateUi()
{
    // The narrow number columns are at least as wide as their header in this language.
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    for (const auto &[column, ems] : {std::pair{int(KeyTableModel::HoldsColumn), 4},
                                      std::pair{int(KeyTableModel::FencingColumn), 6}}) {
        const QString header = m_keyModel->headerData(column, Qt::Horizontal).toString();
        m_table->setColumnWidth(
            column,
            qMax(ems * em,
                 m_table->horizontalHeader()->fontMetrics().horizontalAdvance(header) + 2 * em));
    }
    m_profileLabel->setText(tr("Profile:"));
    m_newButton->setText(tr("New…"));
    m_editButton->setText(tr("Edit…"));
    m_deleteButton->setText(tr("Delete"));
    m_connectButton->setText(tr("Connect"));
    m_connectButton->setToolTip(tr("Connect with the selected profile and scan (F5)"));
    m_stopButton->setText(tr("Stop"));
    m_stopButton->setToolTip(tr("Stop watching (cancels a scan); the table keeps what was seen"));
    m_recordButton->setText(m_recordPath.isEmpty() ? tr("Record…") : tr("Stop recording"));
    m_recordButton->setToolTip(tr("Write the session's history to a file as it happens"));
    m_openButton->setText(tr("Open recording…"));
    m_find->setPlaceholderText(tr("Find a key (Ctrl+F)"));
    m_releaseButton->setText(tr("Force release…"));
    m_notifyButton->setText(tr("Enable notifications…"));
    m_tabs->setTabText(0, tr("History"));
    m_timeline->setEmptyText(
        tr("The history of the watched keys appears here once the first scan is done."));
    m_keyModel->retranslate();
    m_details->setPlaceholderText(tr("Select a key to see what LockScope decoded from it."));
    m_anomalyIds.clear(); // the "… more" line is translated too
    updateAnomalies();
    updateBadge();
    updateStatus();
    updateNotifyBanner();
    updateButtons();
    updateDetails();
    m_feed->updateAll(); // the Type column's format names
    if (m_profileCombo->count() == 0)
        m_profileCombo->setPlaceholderText(tr("(no profile: New… makes one)"));
}

void MonitorPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        applyTheme();
    QWidget::changeEvent(event);
}

void MonitorPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refreshHistory(true);
}

void MonitorPage::applyTheme()
{
    const Theme theme = Theme::forPalette(palette());
    m_keyModel->setTheme(theme);
    m_timeline->setTheme(theme);
    updateBadge();
    updateStatus();
}

// --- profiles ----------------------------------------------------------------------------------

void MonitorPage::setSettings(std::shared_ptr<QSettings> settings)
{
    m_settings = std::move(settings);
    loadProfiles();
}

void MonitorPage::loadProfiles()
{
    m_profiles = m_settings ? lockscope::loadProfiles(*m_settings) : QList<ConnectionProfile>{};
    refreshProfileCombo();
}

void MonitorPage::refreshProfileCombo()
{
    const QString current = m_profileCombo->currentText();
    const QSignalBlocker block(m_profileCombo);
    m_profileCombo->clear();
    for (const ConnectionProfile &p : m_profiles)
        m_profileCombo->addItem(p.name);
    const int i = m_profileCombo->findText(current);
    m_profileCombo->setCurrentIndex(i >= 0 ? i : (m_profiles.isEmpty() ? -1 : 0));
    updateBadge();
    updateButtons();
}

ConnectionProfile MonitorPage::currentProfile() const
{
    const int i = m_profileCombo->currentIndex();
    return i >= 0 && i < m_profiles.size() ? m_profiles[i] : ConnectionProfile{};
}

bool MonitorPage::saveProfile(const ConnectionProfile &profile, QString *error)
{
    QString why;
    if (!profile.validate(&why)) {
        if (error)
            *error = why;
        return false;
    }
    ConnectionProfile saved = profile;
    saved.hasPassword = profile.hasPassword || !profile.password.isEmpty();
    if (!profile.password.isEmpty())
        m_sessionPasswords.insert(profile.name, profile.password);
    saved.password.clear(); // never in the settings
    bool replaced = false;
    for (ConnectionProfile &p : m_profiles) {
        if (p.name == saved.name) {
            p = saved;
            replaced = true;
        }
    }
    if (!replaced)
        m_profiles.append(saved);
    if (m_settings) {
        saveProfiles(*m_settings, m_profiles);
        m_settings->sync();
    }
    refreshProfileCombo();
    selectProfile(saved.name);
    return true;
}

void MonitorPage::removeProfile(const QString &name)
{
    m_profiles.removeIf([&](const ConnectionProfile &p) { return p.name == name; });
    m_sessionPasswords.remove(name);
    m_passwords->remove(name);
    if (m_settings) {
        saveProfiles(*m_settings, m_profiles);
        m_settings->sync();
    }
    refreshProfileCombo();
}

void MonitorPage::selectProfile(const QString &name)
{
    const int i = m_profileCombo->findText(name);
    if (i >= 0)
        m_profileCombo->setCurrentIndex(i);
}

std::unique_ptr<ProfileDialog> MonitorPage::newProfileDialog()
{
    auto dialog = std::make_unique<ProfileDialog>(this);
    dialog->setKeychainAvailable(m_passwords->usable());
    ConnectionProfile p;
    p.name = tr("local");
    dialog->setProfile(p);
    return dialog;
}

void MonitorPage::newProfile()
{
    const auto dialog = newProfileDialog();
    if (dialog->exec() != QDialog::Accepted)
        return;
    const ConnectionProfile made = dialog->profile();
    if (dialog->savePasswordInKeychain() && !made.password.isEmpty())
        m_passwords->write(made.name, made.password, {});
    QString error;
    if (!saveProfile(made, &error))
        message(tr("Connection profile"), error);
}

void MonitorPage::editProfile()
{
    if (m_profileCombo->currentIndex() < 0)
        return newProfile();
    const ConnectionProfile before = currentProfile();
    ProfileDialog dialog(this);
    dialog.setKeychainAvailable(m_passwords->usable());
    dialog.setProfile(before);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ConnectionProfile after = dialog.profile();
    if (after.name != before.name)
        removeProfile(before.name);
    if (dialog.savePasswordInKeychain() && !after.password.isEmpty())
        m_passwords->write(after.name, after.password, {});
    QString error;
    if (!saveProfile(after, &error))
        message(tr("Connection profile"), error);
}

void MonitorPage::deleteProfile()
{
    const ConnectionProfile p = currentProfile();
    if (p.name.isEmpty() ||
        !confirm(tr("Delete profile"), tr("Delete the profile \"%1\"?").arg(p.name)))
        return;
    removeProfile(p.name);
}

// --- connecting --------------------------------------------------------------------------------

void MonitorPage::connectCurrent()
{
    if (m_profileCombo->currentIndex() < 0) {
        newProfile();
        if (m_profileCombo->currentIndex() < 0)
            return;
    }
    QString error;
    connectProfile(currentProfile(), &error);
}

bool MonitorPage::connectProfile(const ConnectionProfile &profile, QString *error)
{
    QString why;
    if (!profile.validate(&why)) {
        message(tr("Connection profile"), why);
        if (error)
            *error = why;
        return false;
    }
    if (!profile.hasPassword || !profile.password.isEmpty())
        return startMonitor(profile, error);
    // A password is needed and was not given: this session's, the keychain's, or ask.
    if (m_sessionPasswords.contains(profile.name)) {
        ConnectionProfile p = profile;
        p.password = m_sessionPasswords.value(profile.name);
        return startMonitor(p, error);
    }
    auto ask = [this, profile] {
        ConnectionProfile p = profile;
        bool ok = false;
        if (m_passwordPrompt) {
            ok = m_passwordPrompt(profile, &p.password);
        } else {
            p.password =
                QInputDialog::getText(this, tr("Password"),
                                      tr("Password for %1 (kept in memory for this session only):")
                                          .arg(profile.serverText()),
                                      QLineEdit::Password, QString(), &ok);
        }
        if (!ok)
            return false;
        m_sessionPasswords.insert(profile.name, p.password);
        return startMonitor(p, nullptr);
    };
    if (!m_passwords->usable())
        return ask();
    m_status->setText(
        tr("Looking up the password of \"%1\" in the system keychain…").arg(profile.name));
    m_passwords->read(profile.name, [this, profile, ask](bool ok, const QString &password) {
        if (ok && !password.isEmpty()) {
            ConnectionProfile p = profile;
            p.password = password;
            startMonitor(p, nullptr);
        } else {
            ask();
        }
    });
    return true;
}

bool MonitorPage::startMonitor(const ConnectionProfile &profile, QString *error)
{
    MonitorOptions options;
    QString why;
    if (!profile.toMonitorOptions(&options, &why)) {
        message(tr("Connection profile"), why);
        if (error)
            *error = why;
        return false;
    }
    if (m_optionsHook)
        m_optionsHook(options);
    stop();
    if (!m_recordPath.isEmpty())
        stopRecording(); // a recording holds one session
    m_replaying = false;
    m_replayLog.reset();
    m_replayCursor.reset();
    m_active = profile;
    m_active.password.clear();
    m_anomalyIds.clear();
    m_anomalies->clear();

    m_monitor = std::make_unique<KeyMonitor>(options);
    KeyMonitor *monitor = m_monitor.get();
    m_feed->reset(monitor);
    m_history->follow(&monitor->log(), monitorNowUs());
    m_timeline->setRun(nullptr);
    connect(monitor, &KeyMonitor::statusChanged, this, &MonitorPage::updateStatus);
    connect(monitor, &KeyMonitor::healthChanged, this, [this] {
        updateStatus();
        updateNotifyBanner();
        updateButtons();
    });
    connect(monitor, &KeyMonitor::scanProgress, this, &MonitorPage::updateStatus);
    connect(monitor, &KeyMonitor::masterChanged, this, &MonitorPage::updateStatus);
    connect(monitor, &KeyMonitor::failed, this, &MonitorPage::updateStatus);
    connect(monitor, &KeyMonitor::anomaliesChanged, this, &MonitorPage::updateAnomalies);
    // The table takes the changes on the clock tick (tick()): one repaint per tick, not one
    // per read batch, while a big server is scanned.
    connect(monitor, &KeyMonitor::keysChanged, this,
            [this](const QList<QByteArray> &keys) { m_feed->queue(keys); });
    connect(monitor, &KeyMonitor::initialScanFinished, this, [this] {
        if (m_feed->flush().contains(selectedKey()))
            updateDetails();
        updateStatus();
        updateNotifyBanner();
        refreshHistory(true);
        Q_EMIT initialScanFinished();
    });
    monitor->start();
    updateBadge();
    updateStatus();
    updateButtons();
    return true;
}

bool MonitorPage::connectUrl(const QString &url, bool settle, QString *error)
{
    ConnectionProfile profile;
    if (!ConnectionProfile::fromUrl(url, &profile, error))
        return false;
    if (settle) {
        setSettings(nullptr); // a screenshot shows no one's saved profiles
        saveProfile(profile);
    }
    if (!connectProfile(profile, error))
        return false;
    if (!settle)
        return true;
    QEventLoop loop;
    connect(this, &MonitorPage::initialScanFinished, &loop, &QEventLoop::quit);
    // A server that cannot be reached is said at once, as lockscope-cli does, not after the
    // 15 s a slow scan may take.
    KeyMonitor *monitor = m_monitor.get();
    connect(monitor, &KeyMonitor::healthChanged, &loop, [&loop, monitor](KeyMonitor::Health h) {
        if (h == KeyMonitor::Health::Failed ||
            (h == KeyMonitor::Health::Reconnecting && !monitor->initialScanDone()))
            loop.quit();
    });
    QTimer::singleShot(15000, &loop, &QEventLoop::quit);
    if (monitor->health() != KeyMonitor::Health::Failed)
        loop.exec();
    if (!m_monitor || !m_monitor->initialScanDone()) {
        if (error)
            *error = m_monitor && !m_monitor->lastError().isEmpty()
                         ? m_monitor->lastError()
                         : tr("no complete scan of %1 within 15 s: %2").arg(url, statusText());
        return false;
    }
    // A moment for the anomalies and the history, then a decoded key in the details pane.
    QTimer::singleShot(1500, &loop, &QEventLoop::quit);
    loop.exec();
    m_monitor->evaluateAnomalies();
    updateAnomalies();
    refreshHistory(true);
    for (int r = 0; r < m_keyModel->rowCount(); ++r) {
        if (m_keyModel->index(r, KeyTableModel::HoldsColumn).data().toLongLong() > 1) {
            m_table->setCurrentIndex(m_keyModel->index(r, 0));
            break;
        }
    }
    if (!m_table->currentIndex().isValid() && m_keyModel->rowCount() > 0)
        m_table->setCurrentIndex(m_keyModel->index(0, 0));
    return true;
}

void MonitorPage::refreshHistoryNow()
{
    QEventLoop loop;
    connect(m_history, &MonitorHistory::runChanged, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    // A build already running is waited for first; then one that reaches the present.
    for (int i = 0; i < 2; ++i) {
        if (m_history->building() || m_history->refresh(true))
            loop.exec();
    }
    // The play head at the present, where the history now ends.
    if (m_history->run())
        m_timeline->setPlayhead(m_history->run()->endUs());
}

void MonitorPage::stop()
{
    if (!m_monitor)
        return;
    m_monitor->stop();
    writeRecording();
    updateStatus();
    updateButtons();
}

// --- status ------------------------------------------------------------------------------------

QString MonitorPage::badgeText() const
{
    return m_badge->text();
}

void MonitorPage::updateBadge()
{
    // The running monitor decides; before connecting, the selected profile does.
    const bool writes = m_monitor     ? m_monitor->writesAllowed()
                        : m_replaying ? false
                                      : currentProfile().allowWrites;
    const Theme theme = Theme::forPalette(palette());
    const QColor fill = writes ? theme.problem : theme.good;
    m_badge->setText(writes ? tr("Writes allowed") : tr("Read-only"));
    m_badge->setToolTip(
        writes ? tr("This profile allows writes: force-release and enabling notifications can "
                    "change the server, each after a confirmation.")
               : tr("Read-only: the connection refuses every write command before it is sent. "
                    "Allow writes in the profile to force-release locks."));
    m_badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; font-weight: bold; "
                                          "border-radius: 4px; padding: 2px 10px; }")
                               .arg(fill.name(), Theme::textOn(fill).name()));
}

QString MonitorPage::statusText() const
{
    return m_status->text();
}

void MonitorPage::updateStatus()
{
    const Theme theme = Theme::forPalette(palette());
    QString text;
    bool problem = false;
    bool busy = false;
    if (m_replaying) {
        text = tr("Recording: %1 events. Click the timeline to see the keys at that instant.")
                   .arg(m_replayLog ? qint64(m_replayLog->events().size()) : 0);
    } else if (!m_monitor) {
        text = m_profiles.isEmpty() ? tr("Not connected. Make a profile (New…), then Connect (F5).")
                                    : tr("Not connected. Choose a profile and Connect (F5).");
    } else {
        const QString server =
            m_monitor->serverName().isEmpty() ? m_active.serverText() : m_monitor->serverName();
        const int keys = m_monitor->keyCount();
        switch (m_monitor->health()) {
        case KeyMonitor::Health::Idle:
            text = tr("Stopped. The table shows the %n key(s) as last seen.", nullptr, keys);
            break;
        case KeyMonitor::Health::Connecting:
            text = tr("Connecting to %1…").arg(server);
            busy = true;
            break;
        case KeyMonitor::Health::Scanning:
            text = tr("Scanning %1 for %2: %3 keys matched so far in %4 SCAN rounds (Stop "
                      "cancels; the table is usable already).")
                       .arg(server, QString::fromUtf8(m_monitor->options().pattern))
                       .arg(m_monitor->keysScanned())
                       .arg(m_monitor->scanRounds());
            busy = true;
            break;
        case KeyMonitor::Health::Watching:
            text = tr("Watching %1: %n key(s) matching %2.", nullptr, keys)
                       .arg(server, QString::fromUtf8(m_monitor->options().pattern));
            break;
        case KeyMonitor::Health::Reconnecting:
            // Before the first scan there was nothing to lose: the server was never reached,
            // and the page says so in the CLI's words (lockscope-cli stops there).
            if (!m_monitor->initialScanDone())
                text = tr("Cannot watch %1: %2. Trying again until you press Stop.")
                           .arg(server, m_monitor->lastError());
            else
                text = tr("Lost the connection to %1 (%2). Reconnecting… The table shows the keys "
                          "as last seen.")
                           .arg(server, m_monitor->lastError());
            problem = true;
            break;
        case KeyMonitor::Health::Failed:
            text = tr("Could not watch %1: %2").arg(server, m_monitor->lastError());
            problem = true;
            break;
        }
        // One node of a cluster shows only its own slots: said, with how to see them all.
        if (m_monitor->isLoneClusterNode())
            text += QLatin1Char(' ') + m_monitor->clusterNodeAdvice() + QLatin1Char('.');
        if (!m_recordPath.isEmpty())
            text += QLatin1Char(' ') + tr("Recording to %1.").arg(m_recordPath);
    }
    m_status->setText(text);
    m_status->setStyleSheet(
        problem
            ? QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(theme.problem.name())
            : QString());
    m_progress->setVisible(busy);
}

QString MonitorPage::notificationText() const
{
    return m_notifyBanner->isHidden() ? QString() : m_notifyText->text();
}

void MonitorPage::updateNotifyBanner()
{
    if (!m_monitor || m_replaying) {
        m_notifyBanner->hide();
        return;
    }
    const auto mode = m_monitor->notifyMode();
    const QString command = QString::fromUtf8(m_monitor->enableNotificationsCommand());
    QString text;
    switch (mode) {
    case KeyMonitor::NotifyMode::Off:
        text = tr("Keyspace notifications are off on this server: changes are found by re-reading "
                  "the keys every %1 ms and rescanning. <code>%2</code> would turn them on.")
                   .arg(m_monitor->options().rereadIntervalMs)
                   .arg(command.toHtmlEscaped());
        break;
    case KeyMonitor::NotifyMode::Partial:
        text = tr("Keyspace notifications are only partly on (%1): some changes are found by "
                  "re-reading. <code>%2</code> would turn on what is missing.")
                   .arg(QString::fromUtf8(m_monitor->notifyConfig().flags()).toHtmlEscaped(),
                        command.toHtmlEscaped());
        break;
    case KeyMonitor::NotifyMode::Unreadable:
        text = tr("LockScope may not read this server's notification settings (CONFIG GET was "
                  "refused): changes are found by re-reading the keys.");
        break;
    default:
        m_notifyBanner->hide();
        return;
    }
    m_notifyText->setText(text);
    const bool canSend = mode != KeyMonitor::NotifyMode::Unreadable && !command.isEmpty();
    m_notifyButton->setVisible(canSend);
    m_notifyButton->setEnabled(canSend && m_monitor->writesAllowed());
    m_notifyButton->setToolTip(m_monitor->writesAllowed()
                                   ? tr("Sends %1 after a confirmation").arg(command)
                                   : tr("This profile is read-only: allow writes in the profile "
                                        "to send it from here, or have an administrator run it."));
    m_notifyBanner->show();
}

void MonitorPage::updateButtons()
{
    const bool running = m_monitor && m_monitor->health() != KeyMonitor::Health::Idle;
    m_stopButton->setEnabled(running);
    m_connectButton->setEnabled(true);
    m_editButton->setEnabled(m_profileCombo->currentIndex() >= 0);
    m_deleteButton->setEnabled(m_profileCombo->currentIndex() >= 0);
    const bool writes = m_monitor && m_monitor->writesAllowed() && !m_replaying;
    m_releaseButton->setEnabled(writes && !selectedKey().isEmpty());
    m_releaseButton->setToolTip(writes ? tr("Delete the selected lock key (Delete), after a "
                                            "confirmation naming the key and the server")
                                       : tr("Read-only: allow writes in the profile to "
                                            "force-release a lock"));
}

void MonitorPage::updateAnomalies()
{
    if (!m_monitor || m_replaying) {
        if (m_anomalies->count() && !m_replaying) {
            m_anomalies->clear();
            m_anomalyIds.clear();
        }
        m_tabs->setTabText(1, tr("Anomalies (%1)").arg(m_anomalies->count()));
        return;
    }
    // A server can hold a hundred thousand locks with one anomaly each: the list shows the
    // first kMaxListedAnomalies (the table and the details pane have the rest).
    const QList<Anomaly> list = m_monitor->anomalies(kMaxListedAnomalies);
    const qsizetype total = m_monitor->anomalyCount();
    const qsizetype shown = list.size();
    QStringList ids;
    ids.reserve(shown + 1);
    for (qsizetype i = 0; i < shown; ++i)
        ids << list[i].id + QLatin1Char('|') + list[i].sentence;
    ids << QString::number(total);
    if (ids != m_anomalyIds) {
        m_anomalyIds = ids;
        const QSignalBlocker block(m_anomalies);
        m_anomalies->clear();
        const Theme theme = Theme::forPalette(palette());
        for (qsizetype i = 0; i < shown; ++i) {
            const Anomaly &a = list[i];
            auto *item = new QListWidgetItem(a.sentence, m_anomalies);
            item->setData(Qt::UserRole, a.key);
            item->setToolTip(a.rule);
            if (a.rule == QLatin1String("no-ttl"))
                item->setForeground(theme.problem);
        }
        if (total > shown)
            new QListWidgetItem(
                tr("… and %1 more (select a key to see its own).").arg(total - shown), m_anomalies);
    }
    m_tabs->setTabText(1, tr("Anomalies (%1)").arg(total));
}

QByteArray MonitorPage::selectedKey() const
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return {};
    if (m_replaying)
        return m_keyModel->rowAt(current.row()).keyName.toUtf8();
    return m_feed->keyAt(current.row());
}

void MonitorPage::selectKey(const QByteArray &key)
{
    for (int r = 0; r < m_keyModel->rowCount(); ++r) {
        if (m_keyModel->rowAt(r).keyName.toUtf8() == key) {
            m_table->setCurrentIndex(m_keyModel->index(r, 0));
            m_table->scrollTo(m_keyModel->index(r, 0));
            return;
        }
    }
}

QString MonitorPage::serverOfKey(const QByteArray &key) const
{
    if (!m_monitor)
        return {};
    if (const KeyEntry *e = m_monitor->entry(key)) {
        const QByteArray node = m_monitor->log().nodeName(e->node);
        if (!node.isEmpty())
            return QString::fromUtf8(node);
    }
    return m_monitor->serverName();
}

QString MonitorPage::detailsText() const
{
    return m_details->toPlainText();
}

void MonitorPage::updateDetails()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_details->clear();
        return;
    }
    const qint64 now = monitorNowUs();
    if (!m_replaying && m_monitor) {
        const QByteArray key = selectedKey();
        if (const KeyEntry *e = m_monitor->entry(key)) {
            m_details->setHtml(
                keyDetailsHtml(*e, serverOfKey(key), m_monitor->anomaliesOf(key), now));
            return;
        }
    }
    // A key that is gone, or a recording: what the table says.
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    for (int c = 0; c < KeyTableModel::ColumnCount; ++c) {
        const QString value = m_keyModel->index(current.row(), c).data().toString();
        if (value.isEmpty())
            continue;
        html += QStringLiteral("<tr><td style='padding-right:10px'><b>%1</b></td><td>%2</td></tr>")
                    .arg(m_keyModel->headerData(c, Qt::Horizontal).toString().toHtmlEscaped(),
                         value.toHtmlEscaped());
    }
    m_details->setHtml(html + QStringLiteral("</table>"));
}

// --- the clock, the history --------------------------------------------------------------------

void MonitorPage::tick()
{
    const int ticks = ++m_ticks;
    if (m_feed->flush().contains(selectedKey()))
        updateDetails();
    if (ticks % kRecordEveryTicks == 0)
        writeRecording();
    if (!isVisible() || m_replaying || !m_monitor)
        return;
    const qint64 now = monitorNowUs();
    m_keyModel->setTime(now);
    if (ticks % kSlowTicks == 0) {
        refreshHistory(false);
        if (m_timeline->isVisible())
            m_timeline->setPlayhead(m_history->toRunTime(now));
        if (m_table->currentIndex().isValid())
            updateDetails();
        updateNotifyBanner(); // the mode changes without a signal (enabled, reconnected)
    }
}

void MonitorPage::refreshHistory(bool force)
{
    // The timeline is rebuilt only where it can be seen, and not while the first scan runs
    // (it would only show keys appearing; a big keyspace makes each build costly).
    if (m_replaying || !m_timeline->isVisible() ||
        (!force && m_monitor && !m_monitor->initialScanDone()))
        return;
    m_history->refresh(force);
}

void MonitorPage::onHistoryChanged()
{
    const auto run = m_history->run();
    const auto previous = m_timeline->viewRange();
    // Keep following the end when the whole history was in view (the usual case); keep the
    // user's zoom otherwise.
    const bool wasFit = previous.startUs <= 0 && previous.endUs >= m_lastRunEndUs;
    m_timeline->setRun(run);
    m_lastRunEndUs = run ? run->endUs() : 0;
    if (run && (wasFit || m_replaying))
        m_timeline->fitAll();
}

// --- writes ------------------------------------------------------------------------------------

void MonitorPage::message(const QString &title, const QString &text)
{
    if (m_messageHandler)
        m_messageHandler(title, text);
    else
        QMessageBox::warning(this, title, text);
}

bool MonitorPage::confirm(const QString &title, const QString &text)
{
    if (m_confirmHandler)
        return m_confirmHandler(title, text);
    return QMessageBox::question(this, title, text, QMessageBox::Yes | QMessageBox::Cancel,
                                 QMessageBox::Cancel) == QMessageBox::Yes;
}

bool MonitorPage::forceRelease(const QByteArray &key, QString *error)
{
    auto refuse = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!m_monitor || m_replaying)
        return refuse(tr("Force release needs a connection to the server (this is not live)."));
    const QString server = serverOfKey(key);
    if (!m_monitor->writesAllowed())
        return refuse(tr("Not sent: the profile \"%1\" is read-only, and DEL %2 on %3 is a write. "
                         "Allow writes in the profile to force-release locks.")
                          .arg(m_active.name, QString::fromUtf8(key), server));
    const KeyEntry *entry = m_monitor->entry(key);
    const QString owner = entry && !entry->lock.owner.isEmpty()
                              ? QString::fromUtf8(entry->lock.owner)
                              : tr("an unknown owner");
    if (!confirm(tr("Force release"),
                 tr("Delete the lock key \"%1\" on %2?\n\nIts owner (%3) will go on as if it held "
                    "the lock, and the next client can take it at once: do this only for a "
                    "lock whose owner is gone.")
                     .arg(QString::fromUtf8(key), server, owner)))
        return refuse(tr("Cancelled: nothing was sent."));

    ConnectionOptions options = m_monitor->options().connection;
    const qsizetype colon = server.lastIndexOf(QLatin1Char(':'));
    if (options.unixSocket.isEmpty() && colon > 0) {
        bool ok = false;
        const int port = server.mid(colon + 1).toInt(&ok);
        if (ok && port > 0 && port < 65536) {
            options.host = server.left(colon);
            if (options.host.startsWith(QLatin1Char('[')))
                options.host = options.host.mid(1, options.host.size() - 2);
            options.port = quint16(port);
        }
    }
    options.reconnect = false;
    auto *connection = new Connection(options, this);
    connection->open();
    const Command del{QByteArrayLiteral("DEL"), key};
    connection->send(del, [this, connection, key, server](const Reply &reply) {
        const bool ok = !reply.failed();
        const QString text =
            ok ? tr("DEL %1 on %2: %n key(s) deleted.", nullptr, int(reply.integer()))
                     .arg(QString::fromUtf8(key), server)
               : tr("DEL %1 on %2 failed: %3")
                     .arg(QString::fromUtf8(key), server, connection->describe(reply));
        connection->deleteLater();
        if (!ok)
            message(tr("Force release"), text);
        Q_EMIT writeFinished(ok, text);
    });
    return true;
}

bool MonitorPage::enableNotifications(QString *error)
{
    auto refuse = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!m_monitor || m_replaying)
        return refuse(tr("Not connected."));
    const QString command = QString::fromUtf8(m_monitor->enableNotificationsCommand());
    const QString server = m_monitor->serverName();
    if (!m_monitor->writesAllowed())
        return refuse(tr("Not sent: the profile \"%1\" is read-only, and %2 on %3 is a write.")
                          .arg(m_active.name, command, server));
    if (!confirm(tr("Keyspace notifications"),
                 tr("Send\n\n%1\n\nto %2? It changes the server's configuration for every "
                    "client (until the server restarts, unless the configuration is saved).")
                     .arg(command, server)))
        return refuse(tr("Cancelled: nothing was sent."));
    m_monitor->enableNotifications([this](bool ok, const QString &text) {
        updateNotifyBanner();
        updateStatus();
        if (!ok)
            message(tr("Keyspace notifications"), text);
        Q_EMIT writeFinished(ok, text);
    });
    return true;
}

// --- recording ---------------------------------------------------------------------------------

bool MonitorPage::startRecording(const QString &path, QString *error)
{
    if (!m_monitor || m_replaying) {
        const QString why = tr("Connect first: a recording holds a live session's history.");
        if (error)
            *error = why;
        return false;
    }
    m_recordPath = path;
    m_recordedEvents = std::size_t(-1);
    QSaveFile file(path);
    bool written = file.open(QIODevice::WriteOnly);
    if (written) {
        m_monitor->log().writeJsonLines(file);
        written = file.commit();
    }
    if (!written) {
        const QString why =
            tr("Cannot write the recording to %1: %2").arg(path, file.errorString());
        m_recordPath.clear();
        if (error)
            *error = why;
        return false;
    }
    m_recordedEvents = m_monitor->log().events().size();
    retranslateUi();
    return true;
}

void MonitorPage::stopRecording()
{
    writeRecording();
    m_recordPath.clear();
    retranslateUi();
}

void MonitorPage::writeRecording()
{
    if (m_recordPath.isEmpty() || !m_monitor ||
        m_monitor->log().events().size() == m_recordedEvents)
        return;
    QSaveFile file(m_recordPath);
    if (!file.open(QIODevice::WriteOnly))
        return;
    m_monitor->log().writeJsonLines(file);
    if (file.commit())
        m_recordedEvents = m_monitor->log().events().size();
}

void MonitorPage::chooseRecordFile()
{
    if (!m_recordPath.isEmpty()) {
        stopRecording();
        return;
    }
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Record the session"), QStringLiteral("locks.jsonl"),
                                     tr("Event logs (*.jsonl);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !startRecording(path, &error))
        message(tr("Record"), error);
}

void MonitorPage::chooseRecordingToOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a recording"), QString(),
                                                      tr("Event logs (*.jsonl);;All files (*)"));
    QString error;
    if (!path.isEmpty() && !openRecording(path, &error))
        message(tr("Open recording"), error);
}

bool MonitorPage::openRecording(const QString &path, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot open %1: %2").arg(path, file.errorString()));
    auto log = std::make_unique<EventLog>();
    QString why;
    if (!EventLog::readJsonLines(file, log.get(), &why))
        return fail(tr("%1: %2").arg(path, why));
    if (m_monitor) {
        stopRecording();
        m_monitor->stop();
        m_monitor.reset();
    }
    m_feed->reset(nullptr);
    m_replayLog = std::move(log);
    m_replaying = true;
    m_history->show(*m_replayLog);
    const auto run = m_history->run();
    std::vector<KeyTableModel::Row> rows;
    for (const KeyLane &lane : run->keyLanes())
        rows.push_back({lane.key, lane.node, lane.keyName, lane.nodeName});
    QStringList owners;
    for (const ClientLane &lane : run->clientLanes())
        owners << lane.name;
    qint64 ttlMax = 1000;
    for (const KeyLane &lane : run->keyLanes()) {
        for (const KeySpan &s : lane.spans)
            ttlMax = qMax(ttlMax, s.ttlMs);
    }
    m_keyModel->setRows(std::move(rows), owners, run->log().sharedStrings(), ttlMax);
    m_replayCursor = std::make_unique<StateCursor>();
    m_replayCursor->reset(run.get());
    m_timeline->setRun(run);
    m_timeline->fitAll();
    m_anomalies->clear();
    m_anomalyIds.clear();
    for (const Event &e : run->log().events()) {
        if (e.kind != EventKind::Note)
            continue;
        const QString text = run->text(e.text);
        if (!text.startsWith(QLatin1String("anomaly ")))
            continue;
        auto *item = new QListWidgetItem(text.mid(text.indexOf(QLatin1Char(':')) + 2), m_anomalies);
        item->setData(Qt::UserRole, run->text(e.key).toUtf8());
    }
    replayAt(run->endUs());
    updateBadge();
    updateStatus();
    updateNotifyBanner();
    updateButtons();
    retranslateUi();
    Q_EMIT recordingOpened();
    return true;
}

void MonitorPage::replayAt(qint64 timeUs)
{
    if (!m_replayCursor)
        return;
    m_replayCursor->seek(timeUs);
    m_keyModel->setStates(m_replayCursor->state().keys(), timeUs);
    m_timeline->setPlayhead(timeUs);
    updateDetails();
}

} // namespace lockscope::ui
