#include "cell_explanation.h"

#include "lock/strategy_registry.h"
#include "sim/explain.h"

namespace lockscope::ui {

QStringList CellExplanation::sentences(const CompareSettings &settings, const CellResult &cell,
                                       int maxFindings)
{
    QStringList out;
    const RunRequest request =
        settings.request(cell.row.scenario, cell.row.strategy, cell.exampleSeed);
    QString error;
    const auto run = RunData::simulate(request, &error);
    if (!run) {
        out << error;
        return out;
    }
    const auto &findings = run->report().findings;
    int told = 0;
    for (const Finding &f : findings) {
        if (told >= maxFindings)
            break;
        // Safety first: starvation only when the run had nothing worse.
        if (!isSafetyFinding(f) && cell.verdict() == CellVerdict::Unsafe)
            continue;
        out << tr("Seed %1: %2").arg(cell.exampleSeed).arg(describeFinding(f, run->log()));
        ++told;
    }
    if (told == 0 && !findings.empty())
        out << tr("Seed %1: %2")
                   .arg(cell.exampleSeed)
                   .arg(describeFinding(findings.front(), run->log()));
    if (const auto strategy = createStrategy(cell.row.strategy)) {
        if (!strategy->info().flaw.isEmpty() && cell.verdict() != CellVerdict::Safe)
            out << tr("%1's known weakness: %2")
                       .arg(cell.row.strategy, strategyText(strategy->info().flaw));
    }
    return out;
}

} // namespace lockscope::ui
