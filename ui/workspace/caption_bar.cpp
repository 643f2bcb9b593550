#include "caption_bar.h"

#include "common/run_data.h"
#include "common/theme.h"
#include "scenario_texts.h"
#include "sim/explain.h"

#include <algorithm>

namespace lockscope::ui {

namespace {

QString cssColor(const QColor &c)
{
    return QStringLiteral("rgba(%1,%2,%3,%4)")
        .arg(c.red())
        .arg(c.green())
        .arg(c.blue())
        .arg(c.alphaF(), 0, 'f', 2);
}

} // namespace

CaptionBar::CaptionBar(const QFont &base, QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setMinimumHeight(QFontMetrics(scaledFont(base, 1.25, true)).height() * 2 + 20);
    setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    setObjectName(QStringLiteral("CaptionBar"));
}

void CaptionBar::applyTheme(const Theme &theme, const QFont &base)
{
    adaptToFont(base);
    QColor bg = theme.selection;
    bg.setAlpha(theme.dark ? 60 : 28);
    setStyleSheet(QStringLiteral("QLabel#CaptionBar { background: %1; color: %2; "
                                 "border-left: 8px solid %3; padding: 8px 14px; }")
                      .arg(cssColor(bg), theme.text.name(), theme.selection.name()));
}

void CaptionBar::adaptToFont(const QFont &base)
{
    setFont(scaledFont(base, 1.25, true));
}

void CaptionBar::showAt(const RunData &run, qint64 timeUs, const QString &language)
{
    const auto &captions = run.captionEvents();
    const auto it =
        std::upper_bound(captions.begin(), captions.end(), timeUs,
                         [&run](qint64 t, quint32 e) { return t < run.event(e).timeUs; });
    const qint64 current = it == captions.begin() ? -1 : qint64(*(it - 1));
    if (current == m_shownEvent)
        return;
    m_shownEvent = current;
    if (current < 0) {
        setText(tr("%1: %2").arg(scenarioTitle(run.scenario(), language),
                                 scenarioSummary(run.scenario())));
        return;
    }
    setText(tr("» %1   (%2)")
                .arg(run.captionText(quint32(current), language),
                     formatTime(run.event(quint32(current)).timeUs)));
}

} // namespace lockscope::ui
