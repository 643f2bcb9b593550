// The left column of the compare page: what to compare (one scenario or all, the strategies,
// the seeds, the workload) and the live server to measure the cost on.
#pragma once

#include "compare_cell.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace lockscope::ui {

struct LiveSettings {
    QString url; // as lockscope-cli bench --redis takes it
    QStringList strategies;
    int clients = 10;
    qint64 ttlMs = 10000;
    qint64 durationMs = 3000;
};

class CompareSettingsWidget final : public QWidget {
    Q_OBJECT
public:
    explicit CompareSettingsWidget(QWidget *parent = nullptr);

    CompareSettings settings() const;
    LiveSettings liveSettings() const;
    void setSeeds(int seeds);
    // Chooses one built-in scenario ("" for all); false when unknown.
    bool setScenario(const QString &id);
    // Reads a scenario file (a what-if replay's, the user's own), adds it to the scenario
    // picker (or refreshes it) and chooses it. False with *error (naming the file, the line
    // and the problem), and nothing changed, when it cannot be read.
    bool addScenarioFile(const QString &path, QString *error = nullptr);
    void setStrategies(const QStringList &ids); // the others are unchecked
    void setLiveUrl(const QString &url);
    // The user's scripts, compared as "custom" beside the chosen strategies; empty: none.
    void setScripts(const QString &acquireFile, const QString &releaseFile);
    void setScriptTimeLimitMs(qint64 ms);
    // While a comparison runs, the inputs are locked.
    void setRunning(bool running);

    QPushButton *runButton() const { return m_runButton; }
    QPushButton *liveButton() const { return m_liveButton; }

signals:
    void runRequested();
    void problem(const QString &message); // a scenario file that cannot be read
    void liveRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    static constexpr int kFileRole = Qt::UserRole + 1;
    void retranslateUi();
    void updateRunCount();
    void chooseScripts();
    void chooseScenarioFile();

    QGroupBox *m_whatBox = nullptr;
    QGroupBox *m_workloadBox = nullptr;
    QGroupBox *m_liveBox = nullptr;
    QLabel *m_scenarioLabel = nullptr;
    QComboBox *m_scenarioBox = nullptr; // data: the id; kFileRole: a file's path
    QPushButton *m_scenarioFileButton = nullptr;
    QHash<QString, std::shared_ptr<const Scenario>> m_fileScenarios; // by path
    QLabel *m_strategiesLabel = nullptr;
    QListWidget *m_strategyList = nullptr;
    QPushButton *m_allButton = nullptr;
    QPushButton *m_noneButton = nullptr;
    QLabel *m_seedsLabel = nullptr;
    QSpinBox *m_seedsBox = nullptr;
    QLabel *m_clientsLabel = nullptr;
    QSpinBox *m_clientsBox = nullptr;
    QLabel *m_ttlLabel = nullptr;
    QSpinBox *m_ttlBox = nullptr;
    QLabel *m_waitLabel = nullptr;
    QComboBox *m_waitBox = nullptr;
    QLabel *m_scriptsLabel = nullptr;
    QLabel *m_scriptsText = nullptr;
    QPushButton *m_scriptsButton = nullptr;
    QPushButton *m_scriptsClear = nullptr;
    QLabel *m_timeLimitLabel = nullptr;
    QSpinBox *m_timeLimitBox = nullptr; // seconds
    QString m_acquireScript;
    QString m_releaseScript;
    QLabel *m_runCount = nullptr;
    QPushButton *m_runButton = nullptr;
    QLabel *m_urlLabel = nullptr;
    QLineEdit *m_urlEdit = nullptr;
    QLabel *m_liveClientsLabel = nullptr;
    QSpinBox *m_liveClientsBox = nullptr;
    QLabel *m_durationLabel = nullptr;
    QSpinBox *m_durationBox = nullptr;
    QLabel *m_liveHint = nullptr;
    QPushButton *m_liveButton = nullptr;
};

} // namespace lockscope::ui
