// The Explore page (issue 16): a bounded exhaustive search of fault placements that finds the
// smallest way to break a lock. On the left what to search (ExploreSettingsWidget); on the right
// the progress, the break-it table (a row per strategy explored: per kind of finding the
// smallest fault set that broke it, or "none ≤ K"), the chosen strategy's counterexamples (a
// double-click opens one in the workspace at its finding) and the search's verdict lines.
#pragma once

#include "common/run_data.h"
#include "common/theme.h"
#include "explore/explorer.h"

#include <QHash>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace lockscope::ui {

class BreakItModel;
class CounterexampleModel;
class ExploreRunner;
class ExploreSettingsWidget;
class MatrixDelegate;

class ExplorePage final : public QWidget {
    Q_OBJECT
public:
    explicit ExplorePage(QWidget *parent = nullptr);
    ~ExplorePage() override;

    // Explore: searches the strategy the settings choose; false with *error (also shown) when
    // the search cannot start.
    bool explore(QString *error = nullptr);
    // Break Them All: every built-in strategy, one after another, into the break-it table.
    bool breakThemAll(QString *error = nullptr);
    // Cancel (Esc): the search under way stops soon; what it found stays in the table.
    void cancel();
    bool isRunning() const;
    // Waits, with the event loop turning, until the searches under way have ended.
    void waitForEnd();

    // Opens the counterexample in row `row` of the list in the workspace (openRunRequested);
    // false when there is none.
    bool openCounterexample(int row);
    // Writes the counterexample's scenario as a scenario file (it replays identically in the
    // workspace and with lockscope-cli simulate); false with *error.
    bool saveCounterexample(int row, const QString &path, QString *error = nullptr);
    // Shows the break-it row's counterexamples and verdicts.
    void selectStrategyRow(int row);
    // The same by the row's name (a strategy id); false when the table has no such row.
    bool selectStrategy(const QString &label);

    using MessageHandler = std::function<void(const QString &title, const QString &text)>;
    void setMessageHandler(MessageHandler handler) { m_messageHandler = std::move(handler); }

    ExploreSettingsWidget *settingsWidget() const { return m_settings; }
    BreakItModel *breakItModel() const { return m_breakIt; }
    CounterexampleModel *counterexampleModel() const { return m_counterexamples; }
    QTableView *breakItView() const { return m_breakItView; }
    QTableView *counterexampleView() const { return m_counterexampleView; }
    QAction *cancelAction() const { return m_cancelAction; }
    QPushButton *openButton() const { return m_openButton; }
    QPushButton *saveButton() const { return m_saveButton; }
    // The running search's last report (schedules, level, kinds found).
    const ExploreProgress &lastProgress() const { return m_lastProgress; }
    QString statusText() const;
    QString summaryText() const; // the verdict lines and figures under the table, plain

signals:
    // A counterexample asks to be opened in the workspace, at the instant atUs.
    void openRunRequested(const lockscope::ui::RunRequest &request, qint64 atUs);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Source { // what a row of the table searched: a built-in strategy or your scripts
        QString strategyId;
        QString acquireScript, releaseScript;
        std::shared_ptr<const Strategy> scripts;
    };
    struct Job {
        QString label; // the row's name
        ExploreRequest request;
        Source source;
    };

    void retranslateUi();
    void applyTheme();
    bool startJobs(QList<Job> jobs, QString *error);
    void startNext();
    void onProgress(const ExploreProgress &progress);
    void onFinished(const ExploreResult &result);
    void setRunning(bool running);
    void showSummary(int row);
    void showMessage(const QString &title, const QString &text);
    int currentCounterexampleRow() const;
    void saveWithDialog();
    void fitTable();

    Theme m_theme;
    MessageHandler m_messageHandler;
    ExploreSettingsWidget *m_settings = nullptr;
    ExploreRunner *m_runner = nullptr;
    BreakItModel *m_breakIt = nullptr;
    CounterexampleModel *m_counterexamples = nullptr;
    MatrixDelegate *m_delegate = nullptr;

    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QAction *m_cancelAction = nullptr;
    QToolButton *m_cancelButton = nullptr;
    QSplitter *m_split = nullptr;
    QWidget *m_tablePart = nullptr;
    QLabel *m_tableTitle = nullptr;
    QTableView *m_breakItView = nullptr;
    QLabel *m_listTitle = nullptr;
    QPushButton *m_openButton = nullptr;
    QPushButton *m_saveButton = nullptr;
    QTableView *m_counterexampleView = nullptr;
    QTextBrowser *m_summary = nullptr;

    QList<Job> m_jobs; // still to run, the first one running
    int m_jobsTotal = 0;
    bool m_cancelled = false;
    ExploreProgress m_lastProgress;
    QHash<QString, Source> m_sources; // by row label
    int m_shownRow = -1;              // the break-it row the list and summary show
};

} // namespace lockscope::ui
