#include "live_agreement.h"

#include <QCoreApplication>

namespace lockscope {

namespace {

// The verdict in the reader's language (the English words are verdictId's).
QString verdictWord(CellVerdict verdict)
{
    switch (verdict) {
    case CellVerdict::Safe:
        return QCoreApplication::translate("LiveAgreement", "safe");
    case CellVerdict::Unsafe:
        return QCoreApplication::translate("LiveAgreement", "unsafe");
    case CellVerdict::LivenessLoss:
        return QCoreApplication::translate("LiveAgreement", "liveness-loss");
    }
    return verdictId(verdict);
}

} // namespace

Agreement compareWithSimulation(const CheckReport &simulated, const CheckReport &live, bool fencing)
{
    Agreement a;
    a.simulated = runVerdict(simulated, fencing);
    a.live = runVerdict(live, fencing);
    if (a.simulated != a.live)
        a.differences.append(
            QCoreApplication::translate("LiveAgreement", "verdict: simulated %1, live %2")
                .arg(verdictWord(a.simulated), verdictWord(a.live)));
    const struct {
        const char *what;
        qint64 sim, live;
    } kinds[] = {
        {QT_TRANSLATE_NOOP("LiveAgreement", "violations"), simulated.violations, live.violations},
        {QT_TRANSLATE_NOOP("LiveAgreement", "mistaken deletions"), simulated.mistakenDeletions,
         live.mistakenDeletions},
        {QT_TRANSLATE_NOOP("LiveAgreement", "stuck locks"), simulated.stuckLocks, live.stuckLocks},
        {QT_TRANSLATE_NOOP("LiveAgreement", "lost updates"), simulated.lostUpdates,
         live.lostUpdates},
        {QT_TRANSLATE_NOOP("LiveAgreement", "stale writes rejected"), simulated.staleWritesRejected,
         live.staleWritesRejected},
    };
    for (const auto &k : kinds) {
        if ((k.sim > 0) != (k.live > 0))
            a.differences.append(
                QCoreApplication::translate("LiveAgreement", "%1: simulated %2, live %3")
                    .arg(QCoreApplication::translate("LiveAgreement", k.what))
                    .arg(k.sim)
                    .arg(k.live));
    }
    return a;
}

} // namespace lockscope
