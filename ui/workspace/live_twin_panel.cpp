#include "live_twin_panel.h"

#include "common/run_data.h"
#include "compare/comparison_model.h"
#include "live/live_agreement.h"
#include "lock/strategy_registry.h"
#include "run_explanation.h"
#include "timeline/timeline_widget.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

// The matrix's rule needs to know whether the resource checks fencing tokens.
bool usesFencing(const RunRequest &request)
{
    if (request.customStrategy)
        return request.customStrategy->info().fencing;
    const auto strategy = createStrategy(request.strategyId);
    return strategy && strategy->info().fencing;
}

} // namespace

LiveTwinPanel::LiveTwinPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    auto *header = new QHBoxLayout;
    header->setContentsMargins(6, 0, 6, 0);
    m_title = new QLabel;
    m_title->setTextFormat(Qt::RichText);
    header->addWidget(m_title);
    m_progress = new QProgressBar;
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    header->addWidget(m_progress);
    m_cancel = new QToolButton;
    m_cancel->setIcon(style()->standardIcon(QStyle::SP_BrowserStop));
    m_cancel->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_cancel->hide();
    header->addWidget(m_cancel);
    header->addStretch(1);
    m_mode = new QComboBox;
    m_mode->addItems({QString(), QString()});
    header->addWidget(m_mode);
    m_close = new QToolButton;
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setAutoRaise(true);
    header->addWidget(m_close);
    layout->addLayout(header);
    m_summary = new QLabel;
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setContentsMargins(6, 0, 6, 2);
    layout->addWidget(m_summary);
    m_timeline = new TimelineWidget;
    layout->addWidget(m_timeline, 1);
    layout->addStretch(0); // overlaid (no timeline here): the texts stay at the top

    connect(m_cancel, &QToolButton::clicked, this, &LiveTwinPanel::cancelRequested);
    connect(m_close, &QToolButton::clicked, this, &LiveTwinPanel::closeRequested);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        const bool beside = mode() == Mode::Beside;
        m_timeline->setVisible(beside);
        // Overlaid, the panel is its header only: the simulation's timeline takes the room.
        setMaximumHeight(beside ? QWIDGETSIZE_MAX : sizeHint().height());
        emit modeChanged(mode());
    });
    retranslateUi();
}

void LiveTwinPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void LiveTwinPanel::retranslateUi()
{
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the live run and its servers (Esc)"));
    m_mode->setItemText(0, tr("Beside the simulation"));
    m_mode->setItemText(1, tr("Overlaid on the simulation"));
    m_mode->setToolTip(tr("Draw the live run in a timeline of its own under the simulation's, "
                          "or inside the simulation's lanes (the lower half of each lane)"));
    m_close->setToolTip(tr("Hide the live run"));
    m_timeline->setEmptyText(tr("Run > Run on Real Redis plays this scenario on real "
                                "redis-server processes."));
    updateTexts();
}

LiveTwinPanel::Mode LiveTwinPanel::mode() const
{
    return m_mode->currentIndex() == 1 ? Mode::Overlaid : Mode::Beside;
}

void LiveTwinPanel::setMode(Mode mode)
{
    m_mode->setCurrentIndex(mode == Mode::Overlaid ? 1 : 0);
}

void LiveTwinPanel::applyTheme(const Theme &theme)
{
    m_theme = theme;
    m_timeline->setTheme(theme);
    updateTexts();
}

void LiveTwinPanel::showStarted(const QString &where)
{
    m_running = true;
    m_where = where;
    m_error.clear();
    m_progress->setRange(0, 0); // until the servers are up and the first figure comes
    m_progress->setFormat(tr("starting servers"));
    m_progress->show();
    m_cancel->show();
    updateTexts();
}

void LiveTwinPanel::showProgress(qint64 doneMs, qint64 totalMs)
{
    m_progress->setRange(0, int(qMax<qint64>(1, totalMs)));
    m_progress->setValue(int(qBound<qint64>(0, doneMs, totalMs)));
    m_progress->setFormat(tr("%1 of %2 s")
                              .arg(double(doneMs) / 1000, 0, 'f', 1)
                              .arg(double(totalMs) / 1000, 0, 'f', 1));
}

void LiveTwinPanel::showRun(std::shared_ptr<const RunData> live, const RunData *simulation,
                            const QStringList &servers, double timeScale, qint64 wallMs,
                            const QStringList &notes)
{
    m_running = false;
    m_progress->hide();
    m_cancel->hide();
    m_run = std::move(live);
    m_servers = servers;
    m_timeScale = timeScale;
    m_wallMs = wallMs;
    m_notes = notes;
    m_error.clear();
    m_agreement.clear();
    if (simulation && m_run) {
        const Agreement a = compareWithSimulation(simulation->report(), m_run->report(),
                                                  usesFencing(m_run->request()));
        m_agreement =
            a.agrees()
                ? QStringLiteral("<b style='color:%1'>%2</b>")
                      .arg(m_theme.good.name(), tr("The same story as the simulation: %1.")
                                                    .arg(ComparisonModel::verdictText(a.live)))
                : QStringLiteral("<b style='color:%1'>%2</b> %3")
                      .arg(m_theme.problem.name(), tr("Not the simulation's story:"),
                           a.differences.join(QStringLiteral("; ")).toHtmlEscaped());
    }
    m_timeline->setRun(m_run);
    updateTexts();
}

void LiveTwinPanel::showFailure(const QString &error)
{
    m_running = false;
    m_progress->hide();
    m_cancel->hide();
    m_error = error.isEmpty() ? tr("Live run cancelled; its servers were stopped.") : error;
    updateTexts();
}

QString LiveTwinPanel::summaryText() const
{
    return m_title->text() + QLatin1Char('\n') + m_summary->text();
}

void LiveTwinPanel::updateTexts()
{
    QString title = QStringLiteral("<b>%1</b>").arg(tr("On real Redis"));
    if (m_running) {
        title += QStringLiteral(" · ") + tr("running on %1…").arg(m_where).toHtmlEscaped();
    } else if (m_run) {
        title += QStringLiteral(" · ") + tr("redis-server at %1 · time ×%2 · %3 s of wall time")
                                             .arg(m_servers.join(QStringLiteral(", ")))
                                             .arg(m_timeScale)
                                             .arg(double(m_wallMs) / 1000, 0, 'f', 1)
                                             .toHtmlEscaped();
    }
    m_title->setText(title);

    QStringList lines;
    if (!m_error.isEmpty())
        lines << QStringLiteral("<span style='color:%1'>%2</span>")
                     .arg(m_theme.problem.name(), m_error.toHtmlEscaped());
    if (m_run) {
        // The verdict's first line only: the cost line belongs to the simulation's pane.
        lines << RunExplanation::verdictHtml(m_run.get(), m_theme)
                     .section(QStringLiteral("<br>"), 0, 0);
        if (!m_agreement.isEmpty())
            lines << m_agreement;
        for (const QString &note : m_notes)
            lines << QStringLiteral("<span style='color:%1'>%2</span>")
                         .arg(m_theme.mutedText.name(), note.toHtmlEscaped());
    } else if (!m_running && m_error.isEmpty()) {
        lines << tr("Run > Run on Real Redis (Ctrl+Shift+R) plays this scenario on real "
                    "redis-server processes with the same faults.")
                     .toHtmlEscaped();
    }
    m_summary->setText(lines.join(QStringLiteral("<br>")));
}

} // namespace lockscope::ui
