#include "run_explanation.h"

#include "common/run_data.h"
#include "lock/strategy_registry.h"
#include "scenario_texts.h"
#include "sim/comparison.h"

#include <QDir>

namespace lockscope::ui {

QString RunExplanation::explanationHtml(const Input &in, const Theme &theme)
{
    const Scenario &s = *in.scenario;
    const auto strategy = createStrategy(in.strategyId);
    QString html = QStringLiteral("<h3 style='margin-bottom:4px'>%1</h3>")
                       .arg(scenarioTitle(s, in.language).toHtmlEscaped());
    html += QStringLiteral("<p style='margin-top:0'><i>%1</i></p><p>%2</p>")
                .arg(scenarioSummary(s).toHtmlEscaped(),
                     scenarioExplanation(s, in.language).toHtmlEscaped());
    if (!in.scenarioFile.isEmpty())
        html += QStringLiteral("<p style='color:%1'>%2</p>")
                    .arg(theme.mutedText.name(), tr("From the file %1")
                                                     .arg(QDir::toNativeSeparators(in.scenarioFile))
                                                     .toHtmlEscaped());
    if (strategy) {
        const StrategyInfo &info = strategy->info();
        html += QStringLiteral("<h3 style='margin-bottom:4px'>%1 <span style='font-weight:normal;"
                               "color:%3'>(%2)</span></h3>")
                    .arg(strategyText(info.title).toHtmlEscaped(), info.id.toHtmlEscaped(),
                         theme.mutedText.name());
        html += QStringLiteral("<p style='margin-top:0'>%1</p>")
                    .arg(strategyText(info.summary).toHtmlEscaped());
        if (!info.flaw.isEmpty())
            html += QStringLiteral("<p><b style='color:%1'>%2</b> %3</p>")
                        .arg(theme.problem.name(), tr("Flaw:"),
                             strategyText(info.flaw).toHtmlEscaped());
        if (!info.caveat.isEmpty())
            html += QStringLiteral("<p><b style='color:%1'>%2</b> %3</p>")
                        .arg(theme.warning.name(), tr("Limits:"),
                             strategyText(info.caveat).toHtmlEscaped());
    }
    if (!in.injected.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b><br>").arg(tr("Faults added by hand:"));
        for (const FaultSpec &f : in.injected) {
            const QString target = f.client.isEmpty() ? (in.run ? in.run->nodeName(qint16(f.node))
                                                                : QString::number(f.node))
                                                      : f.client;
            html += tr("%1 on %2 at %3 ms")
                        .arg(faultActionId(f.action), target)
                        .arg(f.trigger.atMs)
                        .toHtmlEscaped() +
                    QStringLiteral("<br>");
        }
        html += QStringLiteral("</p>");
    }
    return html;
}

QString RunExplanation::verdictHtml(const RunData *run, const Theme &theme)
{
    if (!run)
        return tr("Not run yet.");
    const CheckReport &r = run->report();
    QStringList problems;
    if (r.violations)
        problems << tr("%n violation(s) (two holders for %1 s)", nullptr, int(r.violations))
                        .arg(double(r.overlapUs) / 1e6, 0, 'f', 2);
    if (r.mistakenDeletions)
        problems << tr("%n mistaken deletion(s)", nullptr, int(r.mistakenDeletions));
    if (r.stuckLocks)
        problems << tr("%n stuck lock(s)", nullptr, int(r.stuckLocks));
    if (r.lostUpdates)
        problems << tr("%n lost update(s)", nullptr, int(r.lostUpdates));
    // The matrix's rule (runVerdict): a fencing strategy's overlaps whose stale writes the
    // resource rejected are not a safety problem.
    const auto strategy = createStrategy(run->request().strategyId);
    const bool safe = !runIsUnsafe(r, strategy && strategy->info().fencing);
    if (safe)
        problems.clear();
    QString text = safe ? QStringLiteral("<b style='color:%1'>%2</b>")
                              .arg(theme.good.name(), tr("Safe in this run."))
                        : QStringLiteral("<b style='color:%1'>%2</b> %3")
                              .arg(theme.problem.name(), tr("UNSAFE in this run:"),
                                   problems.join(QStringLiteral(", ")).toHtmlEscaped());
    if (r.staleWritesRejected)
        text += QStringLiteral("<br>") + tr("%n stale write(s) rejected by the fenced resource.",
                                            nullptr, int(r.staleWritesRejected));
    const QString cost = r.acquisitions == 0
                             ? tr("Nobody acquired the lock.")
                             : tr("%n acquisition(s), %1 commands each, median wait %2 ms", nullptr,
                                  int(r.acquisitions))
                                   .arg(r.commandsPerAcquisition().value_or(0), 0, 'f', 1)
                                   .arg(r.latencyP50Ms.value_or(0), 0, 'f', 1);
    text += QStringLiteral("<br><span style='color:%1'>%2</span>")
                .arg(theme.mutedText.name(), cost.toHtmlEscaped());
    return text;
}

} // namespace lockscope::ui
