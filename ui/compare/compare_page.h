// The comparison page: every strategy under the same workload and faults, side by side. On the
// left what to compare; on the right the progress of the runs, the safety matrix (scenarios x
// strategies, a click opens the cell's run in the workspace at its first violation) and the
// cost of each strategy as a table and charts, and the agreement matrix (each cell played on real
// Redis and compared with its simulation); everything exports as CSV, JSON, PNG, SVG or a
// one-page HTML report.
#pragma once

#include "common/run_data.h"
#include "common/theme.h"
#include "live/live_matrix.h"

#include <QHash>
#include <QPersistentModelIndex>
#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTimer;
class QToolButton;

namespace lockscope::ui {

class AgreementModel;
class AgreementRun;
class CompareSettingsWidget;
class ComparisonController;
class ComparisonModel;
class CostCharts;
class CostModel;
class LiveComparison;
class MatrixDelegate;
struct CellResult;

class ComparePage final : public QWidget {
    Q_OBJECT
public:
    explicit ComparePage(QWidget *parent = nullptr);
    ~ComparePage() override;

    enum class View { Matrix, Cost, Agreement };
    enum class ExportKind { MatrixCsv, MatrixJson, CostCsv, CostJson, ChartsPng, ChartsSvg, Html };

    // Starts the comparison the settings describe; false with *error (also shown) when it
    // cannot start.
    bool runComparison(QString *error = nullptr);
    void cancel();
    // Runs the default matrix with `seeds` seeds and waits for it (screenshots).
    bool runAndWait(int seeds, QString *error = nullptr);
    // Measures the cost on the live server of the settings.
    bool runLive(QString *error = nullptr);
    // The agreement matrix of the settings' scenarios and strategies on real redis-server
    // processes started here, with the tab's repetitions; false with *error (also shown) when
    // it cannot start. The matrix on screen stays until the new run starts.
    bool runAgreement(QString *error = nullptr);
    // Runs it and waits (screenshots); false when it could not start or failed.
    bool runAgreementAndWait(QString *error = nullptr);
    void setAgreementRepetitions(int repetitions);

    // Emits openRunRequested for the cell's example run; false while the cell is pending.
    bool openCell(const QModelIndex &index);
    bool exportTo(ExportKind kind, const QString &path, QString *error = nullptr);
    void setView(View view);

    // Where error messages go (title, text): a warning box unless a handler is set.
    using MessageHandler = std::function<void(const QString &title, const QString &text)>;
    void setMessageHandler(MessageHandler handler) { m_messageHandler = std::move(handler); }

    CompareSettingsWidget *settingsWidget() const { return m_settings; }
    ComparisonController *controller() const { return m_controller; }
    LiveComparison *liveComparison() const { return m_live; }
    AgreementRun *agreementRun() const { return m_agreementRun; }
    AgreementModel *agreementModel() const { return m_agreementModel; }
    QTableView *agreementView() const { return m_agreementView; }
    QPushButton *agreementButton() const { return m_agreementButton; }
    QString agreementDetailText() const;
    ComparisonModel *model() const { return m_model; }
    CostModel *costModel() const { return m_costModel; }
    CostCharts *charts() const { return m_charts; }
    QTableView *matrixView() const { return m_matrixView; }
    QString statusText() const;
    QString detailText() const;

signals:
    // A cell of the matrix asks to be opened in the workspace, at the instant atUs.
    void openRunRequested(const lockscope::ui::RunRequest &request, qint64 atUs);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void applyTheme();
    void onCellFinished(const CellResult &cell);
    void updateCost();
    void updateCostIfStale();
    void onProgress(qint64 done, qint64 total);
    void onFinished(bool cancelled);
    void onLiveFinished(bool cancelled);
    void showDetail(const QModelIndex &index);
    void showAgreementDetail(const QModelIndex &index);
    void onAgreementProgress(int done, int total);
    void onAgreementFinished();
    void onAgreementFailed(const QString &error);
    void updateAgreementHint();
    bool anyRunning() const;
    void exportWithDialog(ExportKind kind);
    void showMessage(const QString &title, const QString &text);

    Theme m_theme;
    MessageHandler m_messageHandler;
    CompareSettingsWidget *m_settings = nullptr;
    ComparisonController *m_controller = nullptr;
    LiveComparison *m_live = nullptr;
    ComparisonModel *m_model = nullptr;
    CostModel *m_costModel = nullptr;
    MatrixDelegate *m_delegate = nullptr;
    AgreementRun *m_agreementRun = nullptr;
    AgreementModel *m_agreementModel = nullptr;
    MatrixDelegate *m_agreementDelegate = nullptr;

    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QToolButton *m_exportButton = nullptr;
    QList<QAction *> m_exportActions; // one per entry of the export table, in its order
    QTabWidget *m_tabs = nullptr;
    QLabel *m_matrixHint = nullptr;
    QTableView *m_matrixView = nullptr;
    QLabel *m_legend = nullptr;
    QTextBrowser *m_detail = nullptr;
    QLabel *m_costSource = nullptr;
    QTableView *m_costView = nullptr;
    CostCharts *m_charts = nullptr;
    QLabel *m_agreementHint = nullptr;
    QPushButton *m_agreementButton = nullptr;
    QLabel *m_repetitionsLabel = nullptr;
    QSpinBox *m_repetitionsBox = nullptr;
    QLabel *m_agreementSummary = nullptr; // the last run's counts
    QTableView *m_agreementView = nullptr;
    QLabel *m_agreementLegend = nullptr;
    QTextBrowser *m_agreementDetail = nullptr;
    // What the agreement tab showed before the run going now: back on screen if it fails.
    QStringList m_shownScenarios, m_shownStrategies;
    QList<LiveMatrixCell> m_shownCells;
    QPersistentModelIndex m_detailIndex;
    QHash<QString, QStringList> m_explanations; // by "scenario/strategy/seed"
    QTimer *m_costTimer = nullptr;              // gathers finished cells into one cost update
    // Finished cells the cost table and charts have not taken in: while the Cost tab is out
    // of sight they wait for it (or for the end), instead of laying the charts out for nobody.
    bool m_costStale = false;
};

} // namespace lockscope::ui
