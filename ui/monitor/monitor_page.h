// The monitor page: the lock keys of a real Redis, their owners, TTLs counting down and their
// history, read-only unless the profile allows writes (a badge says which, at all times).
//
//  - Top: the connection profiles (new, edit, delete), Connect and Stop, record the session to a
//    file or open a recording, and the Read-only / Writes allowed badge.
//  - A status line: the monitor's health and server, the scan's progress while it runs (the
//    table fills and can be used before it ends; Stop cancels), the record file.
//  - A banner when keyspace notifications are off: what that means and the exact CONFIG SET
//    that would turn them on, sent only with writes allowed and after a confirmation.
//  - The key table (the workspace's model and TTL delegate: TTLs count down locally), the
//    decoded fields of the selected key, the anomalies in sentences, and the history in the
//    workspace's timeline.
//  - Force release (DEL of the selected key) needs writes allowed and a confirmation naming
//    the key and the server.
// The page lays out and wires its pieces, each in its own file: connection_bar (the top row and
// the badge), profile_store (the profiles and their passwords), profile_dialog (editing one),
// password_store (keychain), status_line (the status sentence), notify_banner, key_table_pane
// and monitor_table_feed (the table), key_details_pane and key_details (the details pane),
// anomaly_list, monitor_history (the timeline), monitor_writes (force release, enabling
// notifications), monitor_dialogs (the dialogs they ask with), session_recording (Record) and
// monitor_replay (Open recording).
#pragma once

#include "monitor/connection_profile.h"
#include "monitor_dialogs.h"
#include "profile_store.h"
#include "session_recording.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>
#include <memory>

class QLabel;
class QListWidget;
class QComboBox;
class QProgressBar;
class QSettings;
class QSplitter;
class QTabWidget;
class QTableView;
class QTimer;

namespace lockscope {
class EventLog;
class KeyMonitor;
} // namespace lockscope

namespace lockscope::ui {

class AnomalyList;
class ConnectionBar;
class KeyDetailsPane;
class KeyTablePane;
class KeyTableModel;
class LeaseChart;
class MonitorHistory;
class MonitorReplay;
class MonitorTableFeed;
class MonitorWrites;
class NotifyBanner;
class PasswordStore;
class ProfileDialog;
class TimelineWidget;

class MonitorPage final : public QWidget {
    Q_OBJECT
public:
    explicit MonitorPage(QWidget *parent = nullptr);
    ~MonitorPage() override;

    // Where profiles are kept (default: the application's QSettings). Loads them.
    void setSettings(std::shared_ptr<QSettings> settings);
    QList<ConnectionProfile> profiles() const { return m_profiles.profiles(); }
    // Adds or replaces (by name) a profile and saves the list, without its password. False with
    // one message naming the field when the profile is wrong.
    bool saveProfile(const ConnectionProfile &profile, QString *error = nullptr);
    void removeProfile(const QString &name);
    void selectProfile(const QString &name);

    // Connects with `profile` (its password as given; empty with hasPassword: the keychain, else
    // the password prompt). False with one message naming the field for bad input; connection
    // failures come later, in the status line.
    bool connectProfile(const ConnectionProfile &profile, QString *error = nullptr);
    // `profile` with its password filled in when it needs one (this session's, the keychain's,
    // or asked for), handed to `then` now or once the keychain answers; false when the user
    // cancelled the prompt, else what `then` returned (true while the keychain is asked). The
    // workspace's Run on Your Own Redis plays on a saved profile's server this way.
    bool withPassword(const ConnectionProfile &profile,
                      std::function<bool(const ConnectionProfile &)> then);
    void stop(); // stops the monitor (cancels a scan); the table stays
    // `lockscope --monitor-url URL`: connects read-only to the address. For a screenshot
    // (`settle`), without the saved profiles, and waits for the first scan and a moment after
    // it (the timeline, a selected key); false with *error if the scan did not finish.
    bool connectUrl(const QString &url, bool settle, QString *error);
    // Builds the History up to now and waits for it (a screenshot's last step).
    void refreshHistoryNow();

    // Recording: the session's history is written to `path` now, every few seconds and when
    // the monitor stops. Opening a recording shows it in the same view (not live).
    bool startRecording(const QString &path, QString *error = nullptr);
    void stopRecording();
    bool openRecording(const QString &path, QString *error = nullptr);

    // What if…: the history's part in view (the History's zoom) becomes a what-if scenario
    // file (monitor_whatif.h); whatIfReady says where, and the strategy the recording's lock
    // format implies. False with *error when there is nothing to replay.
    bool whatIf(QString *error = nullptr);

    // Writes, each with writes allowed by the profile and a confirmation naming the key (or
    // the command) and the server. False (with *error) when refused or cancelled; else the
    // outcome comes as writeFinished.
    bool forceRelease(const QByteArray &key, QString *error = nullptr);
    bool enableNotifications(QString *error = nullptr);

    // Dialogs, replaceable for tests: an error or notice, a yes/no question, the password.
    using MessageHandler = std::function<void(const QString &title, const QString &text)>;
    using ConfirmHandler = std::function<bool(const QString &title, const QString &text)>;
    using PasswordPrompt = std::function<bool(const ConnectionProfile &, QString *password)>;
    void setMessageHandler(MessageHandler handler) { m_dialogs.message = std::move(handler); }
    void setConfirmHandler(ConfirmHandler handler) { m_dialogs.confirm = std::move(handler); }
    void setPasswordPrompt(PasswordPrompt prompt) { m_dialogs.password = std::move(prompt); }
    // Adjusts the options of every monitor this page starts (tests: shorter intervals).
    void setOptionsHook(std::function<void(MonitorOptions &)> hook)
    {
        m_optionsHook = std::move(hook);
    }

    // For tests, the benchmark and screenshots.
    KeyMonitor *monitor() const { return m_monitor.get(); }
    KeyTableModel *keyModel() const { return m_keyModel; }
    QTableView *keyTable() const { return m_table; }
    TimelineWidget *timeline() const { return m_timeline; }
    QListWidget *anomalyList() const;
    // Brings the Anomalies tab up (its list is made only while in sight), or the History tab.
    void showAnomalies(bool shown = true);
    MonitorHistory *history() const { return m_history; }
    PasswordStore *passwordStore() const { return m_passwords; }
    QString badgeText() const;
    QString statusText() const;
    QString notificationText() const; // "" when the banner is hidden
    QString detailsText() const;      // the details pane, as plain text
    LeaseChart *leaseChart() const { return m_leaseChart; }
    bool isReplaying() const { return m_replay != nullptr; }
    bool selectKey(const QByteArray &key); // false when the table has no such key
    // The dialog New profile opens, filled in with the defaults (not shown yet).
    std::unique_ptr<ProfileDialog> newProfileDialog();

Q_SIGNALS:
    void writeFinished(bool ok, const QString &message);
    void initialScanFinished();
    void recordingOpened();
    // The main window opens it in the workspace and offers it to the Compare page.
    void whatIfReady(const QString &scenarioFile, const QString &strategy);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void buildUi();
    void retranslateUi();
    void applyTheme();
    void refreshProfileCombo();
    ConnectionProfile currentProfile() const;
    void newProfile();
    void editProfile();
    void deleteProfile();
    void connectCurrent();
    bool startMonitor(const ConnectionProfile &profile, QString *error);
    KeyMonitor *liveMonitor() const; // nullptr when none runs or a recording is shown
    void updateBadge();
    void updateStatus();
    void updateNotifyBanner();
    void updateAnomalies();
    void updateDetails();
    void updateLeaseChart(const QByteArray &key);
    void updateButtons();
    const EventLog *historyLog() const; // the live session's or the opened recording's
    void askWhatIf();
    void refreshHistory(bool force);
    void onHistoryChanged();
    void tick();
    void slowTick(); // once a second: the history, the details, the banner, the buttons
    // Applies the monitor's queued key changes to the table for at most kTableTurnMs, the rest
    // on the next event-loop turn; once they are all in after the first scan, finishes it.
    void pumpTable();
    void commitTable();
    bool commitDue() const; // prepared rows waiting that the view should have now
    void finishInitialScan();
    void writeRecording();
    void chooseRecordFile();
    void chooseRecordingToOpen();
    void replayAt(qint64 timeUs);
    void message(const QString &title, const QString &text);
    QByteArray selectedKey() const;
    QString serverOfKey(const QByteArray &key) const;

    MonitorDialogs m_dialogs;
    PasswordStore *m_passwords = nullptr;
    ProfileStore m_profiles;
    ConnectionProfile m_active; // the profile of the running monitor
    std::unique_ptr<KeyMonitor> m_monitor;
    std::unique_ptr<MonitorReplay> m_replay; // an opened recording, shown instead of a monitor
    SessionRecording m_recording;
    MonitorWrites *m_writes = nullptr;

    KeyTableModel *m_keyModel = nullptr;
    std::unique_ptr<MonitorTableFeed> m_feed;
    MonitorHistory *m_history = nullptr;
    QTimer *m_tick = nullptr;
    QTimer *m_tablePump = nullptr;   // pumpTable() goes on in the next event-loop turn
    QTimer *m_tableCommit = nullptr; // commitTable() of what pumpTable() prepared, when due
    QElapsedTimer m_sinceCommit;
    QTimer *m_slowTick = nullptr;

    ConnectionBar *m_bar = nullptr;
    QComboBox *m_profileCombo = nullptr; // m_bar's
    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    NotifyBanner *m_notifyBanner = nullptr;
    KeyTablePane *m_keyPane = nullptr;
    QTableView *m_table = nullptr; // m_keyPane's
    KeyDetailsPane *m_details = nullptr;
    LeaseChart *m_leaseChart = nullptr;
    QSplitter *m_sideSplit = nullptr; // the details over the lease chart
    qint64 m_replayAtUs = -1;         // where an opened recording is shown (run time)
    QString m_replayPath;             // the opened recording's file
    QTabWidget *m_tabs = nullptr;
    AnomalyList *m_anomalies = nullptr;
    TimelineWidget *m_timeline = nullptr;
    QSplitter *m_mainSplit = nullptr;
    QSplitter *m_topSplit = nullptr;
    int m_ticks = 0;
    bool m_statusDue = false; // the monitor's status changed since the last tick
    // The anomalies changed since the last tick: the list is rebuilt on the tick, not inside
    // the monitor's turn (a lease finding's note and the list together took 5-6 ms while
    // following 1,000 lock cycles a second).
    bool m_anomaliesDue = false;
    bool m_scanEndDue = false; // the first scan ended: finishInitialScan() once the table has it
    qint64 m_lastRunEndUs = 0; // the history's end when the timeline last got it

    std::function<void(MonitorOptions &)> m_optionsHook;
};

} // namespace lockscope::ui
