#include "scenario_texts.h"

#include <QCoreApplication>

namespace lockscope::ui {

namespace {

// The summaries of resources/scenarios/*.json, word for word (test_i18n fails when one changes).
const char *const kSummaries[] = {
    // client-clock-skew
    QT_TRANSLATE_NOOP("ScenarioSummary", "B's clock runs 500 ms ahead; a lock whose expiry is a "
                                         "client timestamp expires early for B."),
    // contention
    QT_TRANSLATE_NOOP("ScenarioSummary",
                      "No faults: 100 clients make 1000 increments of a counter inside the lock."),
    // crash-mid-acquire
    QT_TRANSLATE_NOOP("ScenarioSummary", "A sets the lock and dies before giving it a TTL."),
    // failover
    QT_TRANSLATE_NOOP("ScenarioSummary", "A locks on the primary, the primary dies before "
                                         "replicating, the replica is promoted, B locks."),
    // long-task
    QT_TRANSLATE_NOOP("ScenarioSummary",
                      "No pause at all: A's work simply takes longer than its lease."),
    // lost-reply
    QT_TRANSLATE_NOOP(
        "ScenarioSummary",
        "The SET succeeds but its reply is lost; A gives up; the key stays until its TTL."),
    // nested-acquire
    QT_TRANSLATE_NOOP("ScenarioSummary", "The holder asks for the same lock again."),
    // node-clock-jump
    QT_TRANSLATE_NOOP("ScenarioSummary", "A holds 3 of 5 nodes; one node's clock jumps forward and "
                                         "expires A's key early; B gets 3 of 5."),
    // node-restart
    QT_TRANSLATE_NOOP(
        "ScenarioSummary",
        "A holds 3 of 5 nodes; one restarts empty; B gets that one and the 2 others."),
    // pause-after-acquire
    QT_TRANSLATE_NOOP(
        "ScenarioSummary",
        "A pauses longer than its lease; B takes the lock; A wakes up and carries on."),
    // pause-before-delete
    QT_TRANSLATE_NOOP(
        "ScenarioSummary",
        "A's GET says the lock is still its own; A pauses; B acquires; A's DEL removes B's lock."),
    // pause-replies-in-flight
    QT_TRANSLATE_NOOP(
        "ScenarioSummary",
        "A sends its SET and pauses; the keys expire; B locks; A wakes and reads old OK replies."),
    // split-vote
    QT_TRANSLATE_NOOP("ScenarioSummary", "Many clients start Redlock together; each wins fewer "
                                         "than a quorum; all release and retry."),
};

} // namespace

QString scenarioSummary(const Scenario &scenario)
{
    return QCoreApplication::translate("ScenarioSummary", scenario.summary.toUtf8().constData());
}

QStringList translatableScenarioSummaries()
{
    QStringList out;
    for (const char *s : kSummaries)
        out << QString::fromUtf8(s);
    return out;
}

QString scenarioTitle(const Scenario &scenario, const QString &language)
{
    const QString tr = scenario.titleTr.value(language);
    return tr.isEmpty() ? scenario.title : tr;
}

QString scenarioExplanation(const Scenario &scenario, const QString &language)
{
    const QString tr = scenario.explanationTr.value(language);
    return tr.isEmpty() ? scenario.explanation : tr;
}

} // namespace lockscope::ui
