#include "monitor_page.h"

#include "anomaly_list.h"
#include "common/key_table_model.h"
#include "common/run_data.h"
#include "common/theme.h"
#include "connection_bar.h"
#include "key_details_pane.h"
#include "key_table_pane.h"
#include "lease_chart.h"
#include "monitor/key_monitor.h"
#include "monitor/monitor_clock.h"
#include "monitor_history.h"
#include "monitor_replay.h"
#include "monitor_table_feed.h"
#include "monitor_whatif.h"
#include "monitor_writes.h"
#include "notify_banner.h"
#include "password_store.h"
#include "profile_dialog.h"
#include "status_line.h"
#include "timeline/timeline_widget.h"
#include "util/steps_in_turns.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace lockscope::ui {

namespace {
constexpr int kTickMs = 100;   // TTL countdown
constexpr int kSlowTicks = 10; // every second: details, history, anomalies
// While the first scan runs, the table takes the new keys every half second: each repaint of
// the table (its rows, the scroll bar whose range grew) costs the event loop 5-50 ms, time the
// scan's own replies wait behind (ten a second took over half the window's time).
constexpr int kScanTableTicks = 5;
// The table takes queued changes in slices of kTableSlice keys for at most kTableTurnMs per
// event-loop turn: the 20,000 keys a big server's scan brings in half a second took 70-110 ms
// at once.
constexpr qsizetype kTableSlice = 100; // 500 overran the turn by 3-5 ms on a busy machine
constexpr qint64 kTableTurnMs = 3;
// What the slices prepared reaches the view at most every kTableCommitMs (and at once when the
// first scan's last keys are in): every commit repaints the whole table, 9 ms with its flush,
// and one after every turn made each turn a 16-20 ms gap.
constexpr qint64 kTableCommitMs = 100;
constexpr int kRecordEveryTicks = 20; // the recording file is rewritten every 2 s when it grew
// The lease chart shows at most two minutes; the stretch running at its left edge may have
// begun earlier, and traceLease keeps it whole.
constexpr qint64 kLeaseChartHistoryUs = 120'000'000;
} // namespace

MonitorPage::MonitorPage(QWidget *parent)
    : QWidget(parent)
    , m_passwords(new PasswordStore(this))
    , m_profiles(m_passwords)
{
    m_keyModel = new KeyTableModel(this);
    m_feed = std::make_unique<MonitorTableFeed>(m_keyModel);
    m_history = new MonitorHistory(this);
    m_writes = new MonitorWrites(&m_dialogs, this);
    buildUi();
    retranslateUi();
    applyTheme();
    // Named for bench_monitor_window --gaps, which tells the page's timers apart by name.
    m_tablePump = new QTimer(this);
    m_tablePump->setObjectName(QStringLiteral("tablePump"));
    m_tablePump->setSingleShot(true);
    m_tablePump->setInterval(0);
    connect(m_tablePump, &QTimer::timeout, this, &MonitorPage::pumpTable);
    m_tableCommit = new QTimer(this);
    m_tableCommit->setObjectName(QStringLiteral("tableCommit"));
    m_tableCommit->setSingleShot(true);
    connect(m_tableCommit, &QTimer::timeout, this, &MonitorPage::commitTable);
    m_slowTick = new QTimer(this);
    m_slowTick->setObjectName(QStringLiteral("slowTick"));
    m_slowTick->setSingleShot(true);
    m_slowTick->setInterval(0);
    connect(m_slowTick, &QTimer::timeout, this, &MonitorPage::slowTick);
    m_tick = new QTimer(this);
    m_tick->setObjectName(QStringLiteral("tick"));
    m_tick->setInterval(kTickMs);
    connect(m_tick, &QTimer::timeout, this, &MonitorPage::tick);
    m_tick->start();
    connect(m_history, &MonitorHistory::runChanged, this, &MonitorPage::onHistoryChanged);
    connect(m_writes, &MonitorWrites::notificationsAnswered, this, [this] {
        updateNotifyBanner();
        updateStatus();
    });
    connect(m_writes, &MonitorWrites::finished, this, &MonitorPage::writeFinished);
    setSettings(std::make_shared<QSettings>());
}

MonitorPage::~MonitorPage()
{
    stop();
}

// --- layout ------------------------------------------------------------------------------------

void MonitorPage::buildUi()
{
    m_bar = new ConnectionBar;
    m_profileCombo = m_bar->profileCombo();

    m_status = new QLabel;
    // Its width follows the row, not the text. Every new text still lays the page out, and a
    // selectable label measures itself through a text document for that (about 1 ms, ten
    // times a second while a scan counts keys): it is selectable only while it names a
    // problem, the text worth copying (updateStatus()).
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 0); // SCAN gives no total: a busy bar and the count beside it
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    // Its room stays when it is hidden: the table below does not move, so the end of a scan
    // does not repaint all of it.
    QSizePolicy keepRoom = m_progress->sizePolicy();
    keepRoom.setRetainSizeWhenHidden(true);
    m_progress->setSizePolicy(keepRoom);
    m_progress->hide();
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_progress);

    m_notifyBanner = new NotifyBanner;

    m_keyPane = new KeyTablePane(m_keyModel);
    m_table = m_keyPane->table();

    m_details = new KeyDetailsPane;

    m_leaseChart = new LeaseChart;
    m_sideSplit = new QSplitter(Qt::Vertical);
    m_sideSplit->addWidget(m_details);
    m_sideSplit->addWidget(m_leaseChart);
    m_sideSplit->setStretchFactor(0, 1);
    m_sideSplit->setStretchFactor(1, 1);

    m_topSplit = new QSplitter(Qt::Horizontal);
    m_topSplit->addWidget(m_keyPane);
    m_topSplit->addWidget(m_sideSplit);
    m_topSplit->setStretchFactor(0, 3);
    m_topSplit->setStretchFactor(1, 1);

    m_timeline = new TimelineWidget;
    m_anomalies = new AnomalyList;
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_timeline, QString());
    m_tabs->addTab(m_anomalies, QString());
    // The anomaly list is made only while its tab is up (updateAnomalies()): when it comes up.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_anomalies)
            updateAnomalies();
    });

    m_mainSplit = new QSplitter(Qt::Vertical);
    m_mainSplit->addWidget(m_topSplit);
    m_mainSplit->addWidget(m_tabs);
    m_mainSplit->setStretchFactor(0, 3);
    m_mainSplit->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_bar);
    layout->addLayout(statusRow);
    layout->addWidget(m_notifyBanner);
    layout->addWidget(m_mainSplit, 1);

    connect(m_bar, &ConnectionBar::newProfileRequested, this, &MonitorPage::newProfile);
    connect(m_bar, &ConnectionBar::editProfileRequested, this, &MonitorPage::editProfile);
    connect(m_bar, &ConnectionBar::deleteProfileRequested, this, &MonitorPage::deleteProfile);
    connect(m_bar, &ConnectionBar::connectRequested, this, &MonitorPage::connectCurrent);
    connect(m_bar, &ConnectionBar::stopRequested, this, &MonitorPage::stop);
    connect(m_bar, &ConnectionBar::recordRequested, this, &MonitorPage::chooseRecordFile);
    connect(m_bar, &ConnectionBar::openRecordingRequested, this,
            &MonitorPage::chooseRecordingToOpen);
    connect(m_bar, &ConnectionBar::whatIfRequested, this, &MonitorPage::askWhatIf);
    connect(m_profileCombo, &QComboBox::currentIndexChanged, this, [this] {
        updateBadge();
        updateButtons();
    });
    connect(m_notifyBanner, &NotifyBanner::enableRequested, this, [this] {
        QString error;
        if (!enableNotifications(&error) && !error.isEmpty())
            message(tr("Keyspace notifications"), error);
    });
    connect(m_keyPane, &KeyTablePane::releaseRequested, this, [this] {
        const QByteArray key = selectedKey();
        QString error;
        if (!key.isEmpty() && !forceRelease(key, &error) && !error.isEmpty())
            message(tr("Force release"), error);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        updateDetails();
        updateButtons();
    });
    connect(m_anomalies, &AnomalyList::keyChosen, this, &MonitorPage::selectKey);
    connect(m_timeline, &TimelineWidget::seekRequested, this, [this](qint64 t) {
        if (m_replay)
            replayAt(t);
    });

    // Keyboard: F5 connects, Ctrl+F finds a key (and Delete in the table force-releases).
    auto *connectAction = new QAction(this);
    connectAction->setShortcut(Qt::Key_F5);
    connectAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(connectAction, &QAction::triggered, this, &MonitorPage::connectCurrent);
    auto *findAction = new QAction(this);
    findAction->setShortcut(QKeySequence::Find);
    findAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(findAction, &QAction::triggered, m_keyPane, &KeyTablePane::focusFind);
    auto *whatIfAction = new QAction(this);
    whatIfAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    whatIfAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(whatIfAction, &QAction::triggered, this, &MonitorPage::askWhatIf);
    addAction(connectAction);
    addAction(findAction);
    addAction(whatIfAction);
}

void MonitorPage::retranslateUi()
{
    m_keyPane->retranslate();
    m_bar->retranslate(m_recording.recording());
    m_notifyBanner->retranslate();
    m_tabs->setTabText(0, tr("History"));
    m_timeline->setEmptyText(
        tr("The history of the watched keys appears here once the first scan is done."));
    m_keyModel->retranslate();
    m_details->retranslate();
    m_anomalies->forgetShown(); // the "… more" line is translated too
    updateAnomalies();
    updateBadge();
    updateStatus();
    updateNotifyBanner();
    updateButtons();
    updateDetails();
    m_feed->updateAll(); // the Type column's format names
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
    m_profiles.setSettings(std::move(settings));
    refreshProfileCombo();
}

void MonitorPage::refreshProfileCombo()
{
    const QString current = m_profileCombo->currentText();
    const QSignalBlocker block(m_profileCombo);
    m_profileCombo->clear();
    for (const ConnectionProfile &p : m_profiles.profiles())
        m_profileCombo->addItem(p.name);
    const int i = m_profileCombo->findText(current);
    m_profileCombo->setCurrentIndex(i >= 0 ? i : (m_profiles.profiles().isEmpty() ? -1 : 0));
    updateBadge();
    updateButtons();
}

ConnectionProfile MonitorPage::currentProfile() const
{
    const int i = m_profileCombo->currentIndex();
    const QList<ConnectionProfile> &profiles = m_profiles.profiles();
    return i >= 0 && i < profiles.size() ? profiles[i] : ConnectionProfile{};
}

bool MonitorPage::saveProfile(const ConnectionProfile &profile, QString *error)
{
    if (!m_profiles.save(profile, error))
        return false;
    refreshProfileCombo();
    selectProfile(profile.name);
    return true;
}

void MonitorPage::removeProfile(const QString &name)
{
    m_profiles.remove(name);
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
        !m_dialogs.ask(this, tr("Delete profile"), tr("Delete the profile \"%1\"?").arg(p.name)))
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
    // The keychain may answer after this call: its error goes nowhere then.
    auto inCall = std::make_shared<bool>(true);
    const bool ok = withPassword(profile, [this, error, inCall](const ConnectionProfile &p) {
        return startMonitor(p, *inCall ? error : nullptr);
    });
    *inCall = false;
    return ok;
}

bool MonitorPage::withPassword(const ConnectionProfile &profile,
                               std::function<bool(const ConnectionProfile &)> then)
{
    if (!profile.hasPassword || !profile.password.isEmpty())
        return then(profile);
    // A password is needed and was not given: this session's, the keychain's, or ask.
    if (m_profiles.hasSessionPassword(profile.name)) {
        ConnectionProfile p = profile;
        p.password = m_profiles.sessionPassword(profile.name);
        return then(p);
    }
    auto ask = [this, profile, then] {
        ConnectionProfile p = profile;
        if (!m_dialogs.askPassword(this, profile, &p.password))
            return false;
        m_profiles.setSessionPassword(profile.name, p.password);
        return then(p);
    };
    if (!m_passwords->usable())
        return ask();
    m_status->setText(
        tr("Looking up the password of \"%1\" in the system keychain…").arg(profile.name));
    m_passwords->read(profile.name, [profile, ask, then](bool ok, const QString &password) {
        if (ok && !password.isEmpty()) {
            ConnectionProfile p = profile;
            p.password = password;
            then(p);
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
    if (m_recording.recording())
        stopRecording(); // a recording holds one session
    m_replay.reset();
    m_active = profile;
    m_active.password.clear();
    m_anomalies->clearAll();

    m_monitor = std::make_unique<KeyMonitor>(options);
    KeyMonitor *monitor = m_monitor.get();
    m_feed->reset(monitor);
    m_tableCommit->stop();
    m_scanEndDue = false;
    m_history->follow(&monitor->log(), monitorNowUs());
    m_timeline->setRun(nullptr);
    // The status counts the keys scanned, so it changes with every SCAN round: said on the
    // clock tick (tick()), not relaid out and repainted a few hundred times a second.
    connect(monitor, &KeyMonitor::statusChanged, this, [this] { m_statusDue = true; });
    connect(monitor, &KeyMonitor::healthChanged, this, [this] {
        updateStatus();
        updateNotifyBanner();
        updateButtons();
    });
    connect(monitor, &KeyMonitor::scanProgress, this, [this] { m_statusDue = true; });
    connect(monitor, &KeyMonitor::masterChanged, this, &MonitorPage::updateStatus);
    connect(monitor, &KeyMonitor::failed, this, &MonitorPage::updateStatus);
    connect(monitor, &KeyMonitor::anomaliesChanged, this, [this] { m_anomaliesDue = true; });
    // The table takes the changes on the clock tick (tick()): one repaint per tick, not one
    // per read batch, while a big server is scanned.
    // The status counts the table's keys too: keys that come and go after the scan change it.
    connect(monitor, &KeyMonitor::keysChanged, this, [this](const QList<QByteArray> &keys) {
        m_feed->queue(keys);
        m_statusDue = true;
    });
    connect(monitor, &KeyMonitor::keyCountEstimated, this, [this, monitor](qsizetype keys) {
        // A hash or two per turn (10-12 ms at a million keys in one turn), for as long as this
        // monitor is the page's.
        Steps steps;
        m_feed->addReserveSteps(keys, steps);
        runStepsInTurns(monitor, std::move(steps));
    });
    connect(monitor, &KeyMonitor::initialScanFinished, this, [this] {
        m_scanEndDue = true;
        m_tablePump->start(); // in its own turn, not in the monitor's that ends the scan
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
    return m_bar->badgeText();
}

void MonitorPage::updateBadge()
{
    // The running monitor decides; before connecting, the selected profile does.
    const bool writes = m_monitor  ? m_monitor->writesAllowed()
                        : m_replay ? false
                                   : currentProfile().allowWrites;
    m_bar->setWritesAllowed(writes, Theme::forPalette(palette()));
}

QString MonitorPage::statusText() const
{
    return m_status->text();
}

void MonitorPage::updateStatus()
{
    const Theme theme = Theme::forPalette(palette());
    StatusLine line;
    if (m_replay) {
        line.text = tr("Recording: %1 events. Click the timeline to see the keys at that instant.")
                        .arg(qint64(m_replay->log().events().size()));
    } else if (!m_monitor) {
        line.text = m_profiles.profiles().isEmpty()
                        ? tr("Not connected. Make a profile (New…), then Connect (F5).")
                        : tr("Not connected. Choose a profile and Connect (F5).");
    } else {
        line = statusLine(*m_monitor, m_active.serverText(), m_recording.path());
    }
    // Said ten times a second while a scan counts keys: only what changed is set again (a style
    // sheet, even the same one, polishes the label and lays the page out anew).
    if (m_status->text() != line.text)
        m_status->setText(line.text);
    const QString style =
        line.problem
            ? QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(theme.problem.name())
            : QString();
    if (m_status->styleSheet() != style)
        m_status->setStyleSheet(style);
    const Qt::TextInteractionFlags flags =
        line.problem ? Qt::TextSelectableByMouse : Qt::NoTextInteraction;
    if (m_status->textInteractionFlags() != flags)
        m_status->setTextInteractionFlags(flags);
    if (m_progress->isHidden() == line.busy)
        m_progress->setVisible(line.busy);
}

QString MonitorPage::notificationText() const
{
    return m_notifyBanner->text();
}

void MonitorPage::updateNotifyBanner()
{
    m_notifyBanner->showFor(liveMonitor());
}

void MonitorPage::updateButtons()
{
    const bool running = m_monitor && m_monitor->health() != KeyMonitor::Health::Idle;
    m_bar->setButtonsEnabled(running, m_profileCombo->currentIndex() >= 0);
    const bool writes = m_monitor && m_monitor->writesAllowed() && !m_replay;
    m_keyPane->setReleaseEnabled(writes, !selectedKey().isEmpty());
    const EventLog *history = historyLog();
    m_bar->setWhatIfEnabled(history && !history->events().empty());
}

const EventLog *MonitorPage::historyLog() const
{
    if (m_replay)
        return &m_replay->log();
    return m_monitor ? &m_monitor->log() : nullptr;
}

bool MonitorPage::whatIf(QString *error)
{
    const EventLog *log = historyLog();
    if (!log || log->events().empty()) {
        if (error)
            *error = tr("Nothing to replay yet: connect, or open a recording, first.");
        return false;
    }
    // The part of the history in view, in microseconds since the log's first event (the
    // History counts from the session's first event; a long session's log may have let its
    // oldest events go since). The whole history when all of it is in view.
    RecordingWindow window;
    if (const auto run = m_history->run()) {
        const TimeRange view = m_timeline->viewRange();
        const qint64 shift = m_history->originUs() - log->events().front().timeUs;
        if (view.startUs > 0)
            window.fromUs = qMax<qint64>(0, view.startUs + shift);
        if (view.endUs < run->endUs())
            window.toUs = qMax<qint64>(window.fromUs + 1, view.endUs + shift);
    }
    WhatIfScenarioFile file;
    const QString origin = m_replay ? m_replayPath : m_active.serverText();
    if (!writeWhatIfScenario(*log, window, origin, whatIfFolder(), &file, error))
        return false;
    Q_EMIT whatIfReady(file.path, file.strategy);
    return true;
}

void MonitorPage::askWhatIf()
{
    QString error;
    if (!whatIf(&error) && !error.isEmpty())
        message(tr("What if…"), error);
}

QListWidget *MonitorPage::anomalyList() const
{
    return m_anomalies;
}

void MonitorPage::showAnomalies(bool shown)
{
    m_tabs->setCurrentWidget(shown ? static_cast<QWidget *>(m_anomalies) : m_timeline);
}

void MonitorPage::updateAnomalies()
{
    qsizetype total = 0;
    if (KeyMonitor *monitor = liveMonitor()) {
        // Out of sight only the tab's count: the list's 500 sentences took 3.4-4.9 ms, and the
        // list 1.5 ms more.
        total = m_tabs->currentWidget() == m_anomalies
                    ? m_anomalies->showLive(*monitor, Theme::forPalette(palette()))
                    : AnomalyList::liveCount(*monitor);
    } else {
        // A recording's list stays; a stopped monitor's goes.
        if (m_anomalies->count() && !m_replay)
            m_anomalies->clearAll();
        total = m_anomalies->count();
    }
    m_tabs->setTabText(1, tr("Anomalies (%1)").arg(total));
}

KeyMonitor *MonitorPage::liveMonitor() const
{
    return m_replay ? nullptr : m_monitor.get();
}

QByteArray MonitorPage::selectedKey() const
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return {};
    if (m_replay)
        return m_keyModel->rowAt(current.row()).keyName.toUtf8();
    return m_feed->keyAt(current.row());
}

bool MonitorPage::selectKey(const QByteArray &key)
{
    return m_keyPane->selectKey(key);
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
        m_leaseChart->clear();
        return;
    }
    updateLeaseChart(selectedKey());
    if (KeyMonitor *monitor = liveMonitor()) {
        const QByteArray key = selectedKey();
        if (const KeyEntry *e = monitor->entry(key)) {
            m_details->showEntry(*e, serverOfKey(key), monitor->anomaliesOf(key), monitorNowUs());
            return;
        }
    }
    // A key that is gone, or a recording: what the table says.
    m_details->showRow(*m_keyModel, current.row());
}

void MonitorPage::updateLeaseChart(const QByteArray &key)
{
    // The live monitor's own log (wall-clock times, up to now), or the opened recording's
    // history up to where it is shown.
    // The key's copy on the selected row's node: a Redlock deployment has one per node.
    const EventLog *log = nullptr;
    qint64 endUs = 0;
    qint16 node = kNoNode;
    if (KeyMonitor *monitor = liveMonitor()) {
        log = &monitor->log();
        endUs = monitorNowUs();
        if (const KeyEntry *e = monitor->entry(key))
            node = e->node;
    } else if (m_replay && m_history->run()) {
        log = &m_history->run()->log();
        endUs = m_replayAtUs >= 0 ? m_replayAtUs : m_history->run()->endUs();
        if (const QModelIndex current = m_table->currentIndex(); current.isValid())
            node = m_keyModel->rowAt(current.row()).node;
    }
    if (!log || key.isEmpty()) {
        m_leaseChart->clear();
        return;
    }
    LeaseTrace trace = traceLease(*log, key, endUs - kLeaseChartHistoryUs, endUs, {}, node);
    QHash<qint16, QString> names;
    for (const LeaseStretch &s : trace.stretches) {
        if (s.owner >= 0 && !names.contains(s.owner))
            names.insert(s.owner, QString::fromUtf8(log->clientName(s.owner)));
    }
    m_leaseChart->setTrace(std::move(trace), std::move(names), liveMonitor() != nullptr);
}

// --- the clock, the history --------------------------------------------------------------------

void MonitorPage::tick()
{
    const int ticks = ++m_ticks;
    if (m_statusDue) {
        m_statusDue = false;
        updateStatus();
    }
    if (m_anomaliesDue) {
        m_anomaliesDue = false;
        updateAnomalies();
    }
    const bool scanning = liveMonitor() && !m_monitor->initialScanDone();
    if (scanning && ticks % kScanTableTicks != 0)
        return;
    // The table, and once a second the rest, each in its own event-loop turn: together with a
    // repaint they made 25 ms while following 1,000 changes a second.
    m_tablePump->start();
    if (ticks % kRecordEveryTicks == 0)
        writeRecording();
    if (!isVisible() || !liveMonitor())
        return;
    m_keyModel->setTime(monitorNowUs());
    if (ticks % kSlowTicks == 0)
        m_slowTick->start();
}

void MonitorPage::slowTick()
{
    if (!isVisible() || !liveMonitor())
        return;
    refreshHistory(false);
    if (m_timeline->isVisible())
        m_timeline->setPlayhead(m_history->toRunTime(monitorNowUs()));
    if (m_table->currentIndex().isValid())
        updateDetails();
    updateNotifyBanner(); // the mode changes without a signal (enabled, reconnected)
    updateButtons();      // What if… once the history has something in it
}

void MonitorPage::pumpTable()
{
    // A commit that is due goes alone in its turn, so that the repaint it causes, which comes
    // right after it, does not add to a turn of slices: the table's first fill (every text in
    // view shaped for the first time, 11-16 ms) after 3-4 ms of slices made gaps of 17-22 ms.
    if (commitDue()) {
        commitTable();
        if (m_feed->hasQueued() || m_scanEndDue)
            m_tablePump->start();
        return;
    }
    QElapsedTimer turn;
    turn.start();
    const QByteArray selected = selectedKey();
    bool selectedChanged = false;
    while (m_feed->hasQueued() && turn.elapsed() < kTableTurnMs)
        selectedChanged = m_feed->flush(kTableSlice).contains(selected) || selectedChanged;
    if (selectedChanged)
        updateDetails();
    if (commitDue() || m_feed->hasQueued()) {
        // A zero timer, not a queued call: timers and input get their turn in between (queued
        // calls ran back to back, with the repaints they caused, for 25 ms).
        m_tablePump->start();
        return;
    }
    if (m_feed->hasUncommitted()) {
        if (!m_tableCommit->isActive())
            m_tableCommit->start(int(kTableCommitMs - m_sinceCommit.elapsed()));
        return;
    }
    if (m_scanEndDue) {
        m_scanEndDue = false;
        finishInitialScan();
    }
}

bool MonitorPage::commitDue() const
{
    if (!m_feed->hasUncommitted())
        return false;
    // At once when the first scan's last keys are in, else at most every kTableCommitMs.
    return (m_scanEndDue && !m_feed->hasQueued()) || !m_sinceCommit.isValid() ||
           m_sinceCommit.elapsed() >= kTableCommitMs;
}

void MonitorPage::commitTable()
{
    m_tableCommit->stop();
    m_feed->commit();
    m_sinceCommit.start();
}

void MonitorPage::finishInitialScan()
{
    updateStatus();
    updateNotifyBanner();
    refreshHistory(true);
    Q_EMIT initialScanFinished();
}

void MonitorPage::refreshHistory(bool force)
{
    // The timeline is rebuilt only where it can be seen, and not while the first scan runs
    // (it would only show keys appearing; a big keyspace makes each build costly).
    if (m_replay || !m_timeline->isVisible() ||
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
    if (run && (wasFit || m_replay))
        m_timeline->fitAll();
}

// --- writes ------------------------------------------------------------------------------------

void MonitorPage::message(const QString &title, const QString &text)
{
    m_dialogs.tell(this, title, text);
}

bool MonitorPage::forceRelease(const QByteArray &key, QString *error)
{
    return m_writes->forceRelease(liveMonitor(), m_active.name, key, serverOfKey(key), error);
}

bool MonitorPage::enableNotifications(QString *error)
{
    return m_writes->enableNotifications(liveMonitor(), m_active.name, error);
}

// --- recording ---------------------------------------------------------------------------------

bool MonitorPage::startRecording(const QString &path, QString *error)
{
    if (!liveMonitor()) {
        const QString why = tr("Connect first: a recording holds a live session's history.");
        if (error)
            *error = why;
        return false;
    }
    if (!m_recording.start(*m_monitor, path, error))
        return false;
    retranslateUi();
    return true;
}

void MonitorPage::stopRecording()
{
    m_recording.stop();
    retranslateUi();
}

void MonitorPage::writeRecording()
{
    m_recording.write();
}

void MonitorPage::chooseRecordFile()
{
    if (m_recording.recording()) {
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
    std::unique_ptr<MonitorReplay> replay = MonitorReplay::open(path, error);
    if (!replay)
        return false;
    if (m_monitor) {
        stopRecording();
        m_monitor->stop();
        m_monitor.reset();
    }
    m_feed->reset(nullptr);
    m_tableCommit->stop();
    m_scanEndDue = false;
    m_replay = std::move(replay); // from here on the page is not live
    m_replayPath = path;
    m_history->show(m_replay->log());
    const auto run = m_history->run();
    m_replay->showIn(run, m_keyModel);
    m_timeline->setRun(run);
    m_timeline->fitAll();
    m_anomalies->showRecording(*run);
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
    if (!m_replay)
        return;
    m_replayAtUs = timeUs;
    m_replay->seek(timeUs, m_keyModel);
    m_timeline->setPlayhead(timeUs);
    updateDetails();
}

} // namespace lockscope::ui
