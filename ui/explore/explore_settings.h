// The left column of the Explore page: the lock to break (a built-in strategy or your own
// scripts), the workload every schedule runs, the kinds of fault to place and how many at most,
// and the two ways to start: Explore (this strategy) and Break Them All (every built-in one).
#pragma once

#include "explore/explorer.h"

#include <QList>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace lockscope::ui {

class ExploreSettingsWidget final : public QWidget {
    Q_OBJECT
public:
    explicit ExploreSettingsWidget(QWidget *parent = nullptr);

    // The search the controls describe, for the chosen strategy.
    ExploreRequest request() const;
    // The same search for a built-in strategy ("Break them all").
    ExploreRequest requestFor(const QString &strategyId) const;
    // The chosen strategy as the break-it table names it: its id, or your scripts' file names.
    QString strategyLabel() const;
    bool usesScripts() const;
    QString acquireScript() const { return m_acquireScript; }
    QString releaseScript() const { return m_releaseScript; }
    std::shared_ptr<const Strategy> scripts() const { return m_scripts; }

    // Chooses a built-in strategy; false when unknown.
    bool setStrategy(const QString &id);
    // Compiles your acquire and release scripts and chooses them; false with *error (the file
    // and the line) when they do not compile, and the choice unchanged.
    bool useScripts(const QString &acquireFile, const QString &releaseFile, QString *error);
    void setMaxFaults(int k);
    void setWorkload(const ExploreWorkload &workload);
    // Checks exactly these kinds (those that do not apply stay unchecked and disabled).
    void setFaults(const QList<ExploreFault> &faults);
    QCheckBox *faultBox(ExploreFault fault) const;
    // While a search runs the inputs are locked.
    void setRunning(bool running);

    QPushButton *exploreButton() const { return m_exploreButton; }
    QPushButton *breakAllButton() const { return m_breakAllButton; }
    QComboBox *strategyBox() const { return m_strategyBox; }

signals:
    void exploreRequested();
    void breakAllRequested();
    // Your scripts could not be used (one line: the file and the Lua line).
    void scriptsFailed(const QString &error);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void onStrategyChosen(int index);
    void chooseScriptsWithDialog();
    void updateFaultBoxes(); // failover only where the strategy has a replica
    void updateButtons();
    QList<ExploreFault> checkedFaults() const;
    ExploreRequest baseRequest() const;

    QGroupBox *m_lockBox = nullptr;
    QGroupBox *m_workloadBox = nullptr;
    QGroupBox *m_faultsBox = nullptr;
    QLabel *m_strategyLabel = nullptr;
    QComboBox *m_strategyBox = nullptr;
    QLabel *m_scriptsText = nullptr;
    QLabel *m_strategyAbout = nullptr; // the built-in strategy's one-line summary
    QLabel *m_clientsLabel = nullptr;
    QSpinBox *m_clientsBox = nullptr;
    QLabel *m_cyclesLabel = nullptr;
    QSpinBox *m_cyclesBox = nullptr;
    QLabel *m_ttlLabel = nullptr;
    QSpinBox *m_ttlBox = nullptr;
    QLabel *m_holdLabel = nullptr;
    QSpinBox *m_holdBox = nullptr;
    QLabel *m_staggerLabel = nullptr;
    QSpinBox *m_staggerBox = nullptr;
    QList<QCheckBox *> m_faultBoxes; // in allExploreFaults() order
    QLabel *m_maxFaultsLabel = nullptr;
    QSpinBox *m_maxFaultsBox = nullptr;
    QLabel *m_hint = nullptr;
    QPushButton *m_exploreButton = nullptr;
    QPushButton *m_breakAllButton = nullptr;

    int m_lastIndex = 0; // the strategy chosen before "Your scripts…", back when it is cancelled
    QString m_acquireScript;
    QString m_releaseScript;
    std::shared_ptr<const Strategy> m_scripts;
    bool m_running = false;
};

} // namespace lockscope::ui
