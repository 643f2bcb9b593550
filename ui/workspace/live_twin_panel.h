// Under the workspace's timeline: the same cell played on real Redis (Run > Run on Real Redis),
// so a teacher can say "here it is in the model, and here on a real Redis". A header says where
// it ran (local redis-server processes or a profile's servers), at what time scale and for how
// long, the live verdict and whether it tells the simulation's story; a progress bar and Cancel
// while it runs. Below, the live run's own timeline on the simulation's time axis ("Beside"), or
// nothing when the live run is drawn into the simulation's lanes ("Overlaid").
#pragma once

#include "common/theme.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QToolButton;

namespace lockscope::ui {

class RunData;
class TimelineWidget;

class LiveTwinPanel final : public QWidget {
    Q_OBJECT
public:
    enum class Mode { Beside, Overlaid };

    explicit LiveTwinPanel(QWidget *parent = nullptr);

    void showStarted(const QString &where);
    void showProgress(qint64 doneMs, qint64 totalMs);
    // The live run beside its simulation (`simulation` may be null: no comparison then).
    void showRun(std::shared_ptr<const RunData> live, const RunData *simulation,
                 const QStringList &servers, double timeScale, qint64 wallMs,
                 const QStringList &notes);
    void showFailure(const QString &error); // empty: cancelled
    std::shared_ptr<const RunData> run() const { return m_run; }
    QString summaryText() const; // the header's text, for tests

    Mode mode() const;
    void setMode(Mode mode);
    TimelineWidget *timeline() const { return m_timeline; }
    void applyTheme(const Theme &theme);

signals:
    void modeChanged(lockscope::ui::LiveTwinPanel::Mode mode);
    void cancelRequested();
    void closeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateTexts();

    Theme m_theme;
    std::shared_ptr<const RunData> m_run;
    QString m_where; // while it runs
    QString m_error; // the last failure
    bool m_running = false;
    QStringList m_servers;
    double m_timeScale = 1.0;
    qint64 m_wallMs = 0;
    QStringList m_notes;
    QString m_agreement; // HTML: the same story as the simulation, or what differs

    QLabel *m_title = nullptr;
    QLabel *m_summary = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancel = nullptr;
    QComboBox *m_mode = nullptr;
    QToolButton *m_close = nullptr;
    TimelineWidget *m_timeline = nullptr;
};

} // namespace lockscope::ui
