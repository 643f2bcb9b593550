// The workspace's run toolbar: what to run (the scenario, built-in or from a file, and the
// strategy), its parameters (seed, clients, TTL, how a client waits), Run, and how many faults
// were added by hand, with Clear. It turns its fields into a RunRequest and back, and keeps them
// in the settings (run/*); the main window places the bar above the workspace page and hides it
// while another page shows.
#pragma once

#include "common/run_data.h"
#include "scenario_file_list.h"

#include <QToolBar>

#include <memory>

class QComboBox;
class QLabel;
class QSettings;
class QSpinBox;
class QToolButton;

namespace lockscope::ui {

class RunToolBar final : public QToolBar {
    Q_OBJECT
public:
    RunToolBar(QAction *runAction, QAction *cancelAction, QAction *clearFaultsAction,
               QWidget *parent = nullptr);
    ~RunToolBar() override;

    QComboBox *scenarioBox() const { return m_scenarioBox; }
    QComboBox *strategyBox() const { return m_strategyBox; }
    QSpinBox *seedBox() const { return m_seedBox; }
    QSpinBox *clientsBox() const { return m_clientsBox; }
    QSpinBox *ttlBox() const { return m_ttlBox; }
    QComboBox *waitBox() const { return m_waitBox; }

    // Choosing, without signals (the caller reacts). False for an unknown id.
    bool selectScenario(const QString &id);
    bool selectStrategy(const QString &id);
    // Adds the scenario file to the picker (see ScenarioFileList::add) and selects it.
    void selectScenarioFile(const QString &absolutePath, std::shared_ptr<const Scenario> scenario,
                            const QString &language);
    // The request's scenario (adding its file when the picker lacks it) and strategy; false,
    // with nothing changed, when the picker has neither.
    bool selectRequest(const RunRequest &request, const QString &language);
    void setSeed(quint64 seed);
    void setClientCount(int clients);
    void setTtlMs(qint64 ttlMs);
    void setWaitMode(const QString &mode); // "" for the scenario's own
    // The user's own scripts as one more strategy, "custom" (added to the picker, or replacing
    // the scripts it had), selected without signals. `strategy` is compiled from the files.
    void selectCustomScripts(const QString &acquireFile, const QString &releaseFile,
                             std::shared_ptr<const Strategy> strategy, qint64 timeLimitMs);
    // The scenario's own clients and TTL into their fields.
    void showScenarioDefaults(const Scenario &scenario);

    const ScenarioFileList &scenarioFiles() const { return *m_files; }
    bool currentScenario(Scenario *out) const; // the picker's, before any parameter or fault
    QString currentStrategy() const;
    // What the fields say, with the faults added by hand.
    RunRequest request(const QList<FaultSpec> &injected) const;

    // The choice (run/scenario, run/scenarioFile, run/strategy, run/seed, run/wait) and the
    // recent scenario files; returns the errors of the recent files that cannot be read now.
    QStringList loadSettings(const QSettings &settings, const QString &language);
    void saveSettings(QSettings &settings) const;

    void retranslate();
    // "n fault(s) added by hand" with Clear, or how to add one.
    void showFaultCount(int faults);

private:
    QString customScriptsText() const;

    QComboBox *m_scenarioBox = nullptr;
    QComboBox *m_strategyBox = nullptr;
    std::unique_ptr<ScenarioFileList> m_files;
    QSpinBox *m_seedBox = nullptr;
    QSpinBox *m_clientsBox = nullptr;
    QSpinBox *m_ttlBox = nullptr;
    QComboBox *m_waitBox = nullptr;
    QLabel *m_scenarioLabel = nullptr;
    QLabel *m_strategyLabel = nullptr;
    QLabel *m_seedLabel = nullptr;
    QLabel *m_clientsLabel = nullptr;
    QLabel *m_ttlLabel = nullptr;
    QLabel *m_waitLabel = nullptr;
    QLabel *m_faultsLabel = nullptr;
    QToolButton *m_clearFaultsButton = nullptr;
    QAction *m_clearFaultsWidget = nullptr;
    int m_faults = 0;
    // The scripts behind the picker's "custom" entry (empty until the user chose some).
    QString m_acquireScript;
    QString m_releaseScript;
    std::shared_ptr<const Strategy> m_customStrategy;
    qint64 m_scriptTimeLimitMs = ScriptLimits::kDefaultTimeLimitMs;
};

// A field with its label in front; the label's text is set by the owner's retranslation.
QWidget *labelledField(QLabel **labelOut, QWidget *field);

} // namespace lockscope::ui
