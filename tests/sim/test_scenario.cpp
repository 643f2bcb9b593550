// Scenario files: the 13 built-ins of docs/lock-catalogue.md, strict parsing with errors that name
// the file, the field and the problem, client-count changes, and the hold/think time distributions.
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "events/event.h"
#include "sim/distribution.h"
#include "sim/rng.h"
#include "sim/run_limits.h"
#include "sim/scenario.h"
#include "util/json_lines.h"

#include <limits>
#include <vector>

using namespace lockscope;

namespace {

const QString kOrigin = QStringLiteral("bad.json");

// The stable ids of docs/lock-catalogue.md, "Failure scenarios", in its order.
const QStringList kLocksMdScenarios = {
    QStringLiteral("crash-mid-acquire"),
    QStringLiteral("pause-after-acquire"),
    QStringLiteral("pause-before-delete"),
    QStringLiteral("long-task"),
    QStringLiteral("client-clock-skew"),
    QStringLiteral("failover"),
    QStringLiteral("node-restart"),
    QStringLiteral("node-clock-jump"),
    QStringLiteral("pause-replies-in-flight"),
    QStringLiteral("lost-reply"),
    QStringLiteral("nested-acquire"),
    QStringLiteral("split-vote"),
    QStringLiteral("contention"),
};

QStringList namesOf(const QList<ClientSpec> &clients)
{
    QStringList names;
    for (const auto &c : clients)
        names.append(c.name);
    return names;
}

bool allUnique(const QStringList &names)
{
    return QSet<QString>(names.begin(), names.end()).size() == names.size();
}

Scenario parsed(const QByteArray &json)
{
    Scenario s;
    QString error;
    if (!parseScenario(json, kOrigin, &s, &error))
        qFatal("test scenario does not parse: %s", qPrintable(error));
    return s;
}

} // namespace

class TestScenario : public QObject {
    Q_OBJECT

private slots:
    void builtinIds();
    void builtinLoads_data();
    void builtinLoads();
    void unknownBuiltin();
    void missingFile();
    void minimalDefaults();
    void everyField();
    void malformed_data();
    void malformed();
    void setClientCountGeneric();
    void setClientCountExplicit();
    void setClientCountNameClash();
    void setClientCountKeepsTheCast_data();
    void setClientCountKeepsTheCast();
    void errorsNameTheLine_data();
    void errorsNameTheLine();
    void faultStepsMustExist();
    void builtinStepsAreKnown();
    void capsAreTheSharedLimits();
    void jsonLines_data();
    void jsonLines();
    void distributionFixed();
    void distributionUniform();
    void distributionExponential();
    void distributionSameSeed();
    void distributionJson_data();
    void distributionJson();
};

void TestScenario::builtinIds()
{
    QCOMPARE(builtinScenarioIds(), kLocksMdScenarios);
}

void TestScenario::builtinLoads_data()
{
    QTest::addColumn<QString>("id");
    for (const auto &id : kLocksMdScenarios)
        QTest::newRow(qPrintable(id)) << id;
}

void TestScenario::builtinLoads()
{
    QFETCH(QString, id);
    Scenario s;
    QString error;
    QVERIFY2(loadBuiltinScenario(id, &s, &error), qPrintable(error));
    QCOMPARE(s.id, id);
    QVERIFY(!s.title.trimmed().isEmpty());
    QVERIFY(!s.summary.trimmed().isEmpty());
    QVERIFY(!s.explanation.trimmed().isEmpty());
    QVERIFY(s.explanation.size() > s.summary.size() / 2);
    const auto clients = s.resolvedClients();
    QVERIFY(!clients.isEmpty());
    QVERIFY(allUnique(namesOf(clients)));
    QVERIFY(s.ttlMs > 0);
    QVERIFY(s.durationMs > 0);
    for (const auto &c : s.captions) {
        EventKind kind;
        QVERIFY2(parseEventKind(c.eventKind.toUtf8().constData(), &kind), qPrintable(c.eventKind));
        QVERIFY(!c.text.value(QStringLiteral("en")).isEmpty());
    }
}

void TestScenario::unknownBuiltin()
{
    Scenario s;
    QString error;
    QVERIFY(!loadBuiltinScenario(QStringLiteral("no-such-story"), &s, &error));
    QVERIFY2(error.contains(QLatin1String("no-such-story")), qPrintable(error));
    QVERIFY(!loadBuiltinScenario(QStringLiteral("no-such-story"), &s)); // error is optional
}

void TestScenario::missingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("absent.json"));
    Scenario s;
    QString error;
    QVERIFY(!loadScenarioFile(path, &s, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
}

void TestScenario::minimalDefaults()
{
    const Scenario s = parsed(R"({"id": "tiny"})");
    QCOMPARE(s.id, QStringLiteral("tiny"));
    QCOMPARE(s.clientCount, 2);
    QCOMPARE(s.ttlMs, qint64(30000));
    QCOMPARE(s.waitMode, QStringLiteral("spin"));
    QVERIFY(s.clients.isEmpty());
    QVERIFY(s.faults.isEmpty());
    const auto clients = s.resolvedClients();
    QCOMPARE(namesOf(clients), (QStringList{QStringLiteral("A"), QStringLiteral("B")}));
    QCOMPARE(clients[1].startMs, qint64(1)); // start_stagger_ms defaults to 1
}

void TestScenario::everyField()
{
    const Scenario s = parsed(R"({
        "id": "full",
        "title": {"en": "Full", "zh_CN": "全部"},
        "summary": "every field",
        "explanation": "all of them",
        "clients": 2, "keys": 2, "ttl_ms": 1500,
        "hold_ms": {"uniform": [10, 30]}, "think_ms": {"exponential": 25},
        "cycles": 4, "start_stagger_ms": 7, "duration_ms": 90000, "acquire_timeout_ms": 2500,
        "wait": "pubsub", "nodes": 2, "redlock_nodes": 7, "replicas": 1,
        "replication_lag_ms": 300, "latency_ms": 1.5, "jitter_ms": 0.25,
        "request_timeout_ms": 800, "node_timeout_ms": 40,
        "client_list": [
            {"name": "X", "start_ms": 3, "cycles": 2, "hold_ms": 8, "think_ms": 9,
             "clock_offset_ms": -250, "nested": true, "acquire_timeout_ms": 100},
            {"name": "Y"}
        ],
        "faults": [
            {"action": "pause", "client": "X", "duration_ms": 4000,
             "trigger": {"client": "Y", "step": ["release.get", "release"], "phase": "sent",
                         "occurrence": 2, "delay_ms": 5}},
            {"action": "partition", "client": "Y", "nodes": [1, 6], "duration_ms": 100,
             "trigger": {"at_ms": 50}},
            {"action": "clock_jump", "node": 6, "jump_ms": -2000, "trigger": {"at_ms": 60}},
            {"action": "node_restart", "node": 1, "duration_ms": -1, "persistence": true,
             "trigger": {"at_ms": 70}}
        ],
        "captions": [
            {"on": "key_expired", "client": "X", "occurrence": 3,
             "text": {"en": "gone", "zh_CN": "没了"}}
        ]
    })");
    QCOMPARE(s.title, QStringLiteral("Full"));
    QCOMPARE(s.titleTr.value(QStringLiteral("zh_CN")), QStringLiteral("全部"));
    QCOMPARE(s.summary, QStringLiteral("every field"));
    QCOMPARE(s.explanation, QStringLiteral("all of them"));
    QCOMPARE(s.clientCount, 2); // as many as client_list names (issue 12: they must agree)
    QCOMPARE(s.keyCount, 2);
    QCOMPARE(s.ttlMs, qint64(1500));
    QCOMPARE(s.holdMs.kind, Distribution::Kind::Uniform);
    QCOMPARE(s.holdMs.a, 10.0);
    QCOMPARE(s.holdMs.b, 30.0);
    QCOMPARE(s.thinkMs.kind, Distribution::Kind::Exponential);
    QCOMPARE(s.thinkMs.a, 25.0);
    QCOMPARE(s.cycles, 4);
    QCOMPARE(s.startStaggerMs, qint64(7));
    QCOMPARE(s.durationMs, qint64(90000));
    QCOMPARE(s.acquireTimeoutMs, qint64(2500));
    QCOMPARE(s.waitMode, QStringLiteral("pubsub"));
    QCOMPARE(s.nodes, 2);
    QCOMPARE(s.redlockNodes, 7);
    QCOMPARE(s.replicas, 1);
    QCOMPARE(s.replicationLagMs, qint64(300));
    QCOMPARE(s.latencyMs, 1.5);
    QCOMPARE(s.jitterMs, 0.25);
    QCOMPARE(s.requestTimeoutMs, qint64(800));
    QCOMPARE(s.nodeTimeoutMs, qint64(40));

    // Explicit clients override the count; unset fields take the scenario's defaults.
    const auto clients = s.resolvedClients();
    QCOMPARE(namesOf(clients), (QStringList{QStringLiteral("X"), QStringLiteral("Y")}));
    const ClientSpec &x = clients[0];
    QCOMPARE(x.startMs, qint64(3));
    QCOMPARE(x.cycles, 2);
    QCOMPARE(x.holdMs.kind, Distribution::Kind::Fixed);
    QCOMPARE(x.holdMs.a, 8.0);
    QCOMPARE(x.thinkMs.a, 9.0);
    QCOMPARE(x.clockOffsetMs, qint64(-250));
    QVERIFY(x.nested);
    QCOMPARE(x.acquireTimeoutMs, qint64(100));
    const ClientSpec &y = clients[1];
    QCOMPARE(y.startMs, qint64(7)); // index 1 x stagger 7
    QCOMPARE(y.cycles, 4);
    QCOMPARE(y.holdMs.kind, Distribution::Kind::Uniform);
    QCOMPARE(y.thinkMs.kind, Distribution::Kind::Exponential);
    QCOMPARE(y.clockOffsetMs, qint64(0));
    QVERIFY(!y.nested);
    QCOMPARE(y.acquireTimeoutMs, qint64(2500));

    QCOMPARE(s.faults.size(), qsizetype(4));
    const FaultSpec &pause = s.faults[0];
    QCOMPARE(pause.action, FaultSpec::Action::Pause);
    QCOMPARE(pause.client, QStringLiteral("X"));
    QCOMPARE(pause.durationMs, qint64(4000));
    QCOMPARE(pause.trigger.client, QStringLiteral("Y"));
    QCOMPARE(pause.trigger.steps,
             (QStringList{QStringLiteral("release.get"), QStringLiteral("release")}));
    QCOMPARE(pause.trigger.phase, QStringLiteral("sent"));
    QCOMPARE(pause.trigger.occurrence, 2);
    QCOMPARE(pause.trigger.delayMs, qint64(5));
    QCOMPARE(pause.trigger.atMs, qint64(-1));
    const FaultSpec &partition = s.faults[1];
    QCOMPARE(partition.action, FaultSpec::Action::Partition);
    QCOMPARE(partition.nodes, (QList<int>{1, 6}));
    QCOMPARE(partition.trigger.atMs, qint64(50));
    QVERIFY(partition.trigger.steps.isEmpty());
    QCOMPARE(s.faults[2].action, FaultSpec::Action::ClockJump);
    QCOMPARE(s.faults[2].node, 6);
    QCOMPARE(s.faults[2].jumpMs, qint64(-2000));
    QCOMPARE(s.faults[3].action, FaultSpec::Action::NodeRestart);
    QCOMPARE(s.faults[3].durationMs, qint64(-1));
    QVERIFY(s.faults[3].persistence);
    QCOMPARE(faultActionId(s.faults[3].action), QStringLiteral("node_restart"));

    QCOMPARE(s.captions.size(), qsizetype(1));
    QCOMPARE(s.captions[0].eventKind, QStringLiteral("key_expired"));
    QCOMPARE(s.captions[0].client, QStringLiteral("X"));
    QCOMPARE(s.captions[0].occurrence, 3);
    QCOMPARE(s.captions[0].text.value(QStringLiteral("en")), QStringLiteral("gone"));
    QCOMPARE(s.captions[0].text.value(QStringLiteral("zh_CN")), QStringLiteral("没了"));
}

void TestScenario::malformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("fragments"); // each must appear in the error

    auto row = [](const char *name, const char *json, const QStringList &fragments) {
        QTest::newRow(name) << QByteArray(json) << fragments;
    };
    const auto f = [](std::initializer_list<const char *> list) {
        QStringList out;
        for (const char *s : list)
            out.append(QString::fromUtf8(s));
        return out;
    };
    row("syntax error on line 3", "{\n  \"id\": \"t\",\n  \"ttl_ms\": 5,,\n  \"clients\": 2\n}",
        f({"bad.json:3:"}));
    row("syntax error on line 1", "{\"id\": }", f({"bad.json:1:"}));
    row("missing comma before line 5",
        "{\n\"id\": \"t\",\n\"clients\": 2,\n\"ttl_ms\": 5\n\"cycles\": 1\n}", f({"bad.json:5:"}));
    row("not an object", "[1, 2]", f({"bad.json", "object"}));
    row("typo ttl for ttl_ms", R"({"id": "t", "ttl": 5000})", f({"unknown field", "\"ttl\""}));
    row("unknown field in a client", R"({"id": "t", "client_list": [{"name": "A", "hold": 5}]})",
        f({"client_list[0]", "unknown field", "\"hold\""}));
    row("unknown field in a fault",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A", "duration": 5,
            "trigger": {"at_ms": 1}}]})",
        f({"faults[0]", "unknown field", "\"duration\""}));
    row("unknown field in a trigger",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A", "trigger": {"at": 1}}]})",
        f({"faults[0].trigger", "unknown field", "\"at\""}));
    row("unknown field in a caption",
        R"({"id": "t", "captions": [{"on": "acquired", "text": "x", "who": "A"}]})",
        f({"captions[0]", "unknown field", "\"who\""}));
    row("negative ttl", R"({"id": "t", "ttl_ms": -5})", f({"ttl_ms", "at least 1"}));
    row("zero clients", R"({"id": "t", "clients": 0})", f({"clients", "at least 1"}));
    row("fractional cycles", R"({"id": "t", "cycles": 2.5})", f({"cycles", "whole number"}));
    row("fractional ttl", R"({"id": "t", "ttl_ms": 1000.5})", f({"ttl_ms", "whole number"}));
    row("ttl as a string", R"({"id": "t", "ttl_ms": "30"})", f({"ttl_ms", "whole number"}));
    row("clients too many for an int", R"({"id": "t", "clients": 5000000000})",
        f({"clients", "at most"}));
    row("negative hold", R"({"id": "t", "hold_ms": -3})", f({"hold_ms", "negative"}));
    row("uniform upside down", R"({"id": "t", "think_ms": {"uniform": [30, 10]}})",
        f({"think_ms", "uniform"}));
    row("negative exponential mean", R"({"id": "t", "hold_ms": {"exponential": -1}})",
        f({"hold_ms", "exponential"}));
    row("negative latency", R"({"id": "t", "latency_ms": -0.5})", f({"latency_ms", ">= 0"}));
    row("fractional client start",
        R"({"id": "t", "client_list": [{"name": "A", "start_ms": 1.5}]})",
        f({"client_list[0].start_ms", "whole number"}));
    row("fault duration below -1",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A", "duration_ms": -5,
            "trigger": {"at_ms": 1}}]})",
        f({"faults[0].duration_ms", "at least -1"}));
    row("unknown fault action",
        R"({"id": "t", "faults": [{"action": "explode", "client": "A", "trigger": {"at_ms": 1}}]})",
        f({"faults[0].action", "\"explode\""}));
    row("fault on a client that does not exist",
        R"({"id": "t", "clients": 2, "faults": [{"action": "pause", "client": "Z",
            "duration_ms": 5, "trigger": {"at_ms": 1}}]})",
        f({"faults[0]", "no client", "\"Z\""}));
    row("fault on a client of the list that does not exist",
        R"({"id": "t", "client_list": [{"name": "P"}, {"name": "Q"}], "faults": [{"action": "crash",
            "client": "A", "trigger": {"at_ms": 1}}]})",
        f({"faults[0]", "no client", "\"A\""}));
    row("trigger on a client that does not exist",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A", "duration_ms": 5,
            "trigger": {"client": "Q", "step": "acquire"}}]})",
        f({"faults[0].trigger", "no client", "\"Q\""}));
    row("step trigger without a client",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A", "duration_ms": 5,
            "trigger": {"step": "acquire"}}]})",
        f({"faults[0].trigger", "step", "client"}));
    row("trigger with neither time nor step",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A", "trigger": {}}]})",
        f({"faults[0].trigger", "at_ms", "step"}));
    row("bad trigger phase",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A",
            "trigger": {"client": "A", "step": "acquire", "phase": "during"}}]})",
        f({"faults[0].trigger.phase", "before"}));
    row("fault without a trigger",
        R"({"id": "t", "faults": [{"action": "pause", "client": "A", "duration_ms": 5}]})",
        f({"faults[0]", "trigger"}));
    row("client fault without a client",
        R"({"id": "t", "faults": [{"action": "pause", "duration_ms": 5, "trigger": {"at_ms": 1}}]})",
        f({"faults[0]", "pause", "needs a client"}));
    row("failover without replicas",
        R"({"id": "t", "faults": [{"action": "failover", "node": 0, "trigger": {"at_ms": 5}}]})",
        f({"faults[0]", "failover", "replicas"}));
    row("node out of range",
        R"({"id": "t", "nodes": 1, "redlock_nodes": 5, "faults": [{"action": "node_crash",
            "node": 7, "duration_ms": 10, "trigger": {"at_ms": 5}}]})",
        f({"faults[0].node", "7", "out of range", "0..4"}));
    row("node one past the last",
        R"({"id": "t", "nodes": 2, "redlock_nodes": 5, "faults": [{"action": "node_crash",
            "node": 5, "trigger": {"at_ms": 5}}]})",
        f({"faults[0].node", "5", "out of range", "0..4"}));
    row("negative node",
        R"({"id": "t", "faults": [{"action": "node_crash", "node": -1, "trigger": {"at_ms": 5}}]})",
        f({"faults[0].node", "at least 0"}));
    row("partition node out of range",
        R"({"id": "t", "faults": [{"action": "partition", "client": "A", "nodes": [1, 9],
            "duration_ms": 10, "trigger": {"at_ms": 5}}]})",
        f({"faults[0].nodes", "9", "out of range"}));
    row("partition nodes not indexes",
        R"({"id": "t", "faults": [{"action": "partition", "client": "A", "nodes": ["one"],
            "duration_ms": 10, "trigger": {"at_ms": 5}}]})",
        f({"faults[0].nodes", "node indexes"}));
    row("caption on an unknown event kind",
        R"({"id": "t", "captions": [{"on": "key_exploded", "text": "boom"}]})",
        f({"captions[0].on", "unknown event kind", "\"key_exploded\""}));
    row("caption without text", R"({"id": "t", "captions": [{"on": "acquired"}]})",
        f({"captions[0]", "text"}));
    row("bad wait mode", R"({"id": "t", "wait": "poll"})",
        f({"bad.json:1: wait: ", "spin, backoff or pubsub", "\"poll\""}));
    row("missing id", R"({"clients": 2, "ttl_ms": 100})", f({"bad.json", "missing", "\"id\""}));
    row("id not a string", R"({"id": 7})", f({"bad.json:1: id: ", "string"}));
    row("client without a name", R"({"id": "t", "client_list": [{"start_ms": 1}]})",
        f({"client_list[0]", "name"}));
    row("two clients with one name",
        R"({"id": "t", "client_list": [{"name": "A"}, {"name": "A"}]})",
        f({"client_list[1]", "\"A\""}));
    row("nested not a boolean", R"({"id": "t", "client_list": [{"name": "A", "nested": "yes"}]})",
        f({"client_list[0].nested", "true or false"}));
    row("faults not a list", R"({"id": "t", "faults": {"action": "pause"}})",
        f({"bad.json:1: faults: ", "list"}));
    row("client_list not a list", R"({"id": "t", "client_list": "A, B"})",
        f({"bad.json:1: client_list: ", "list"}));
}

void TestScenario::malformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, fragments);

    Scenario s;
    s.id = QStringLiteral("untouched");
    QString error;
    QVERIFY(!parseScenario(json, kOrigin, &s, &error));
    QVERIFY2(error.startsWith(kOrigin), qPrintable(error)); // names the file first
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    for (const auto &fragment : fragments)
        QVERIFY2(error.contains(fragment),
                 qPrintable(QStringLiteral("\"%1\" not in: %2").arg(fragment, error)));
    QCOMPARE(s.id, QStringLiteral("untouched")); // the output is not half-written
}

void TestScenario::setClientCountGeneric()
{
    Scenario s = parsed(R"({"id": "g", "clients": 3, "hold_ms": 12, "cycles": 5,
                            "start_stagger_ms": 10})");
    QVERIFY(setClientCount(s, 5, nullptr));
    auto clients = s.resolvedClients();
    QCOMPARE(namesOf(clients),
             (QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"),
                          QStringLiteral("D"), QStringLiteral("E")}));
    QCOMPARE(clients[4].startMs, qint64(40));
    QCOMPARE(clients[4].holdMs.a, 12.0);
    QCOMPARE(clients[4].cycles, 5);

    QVERIFY(setClientCount(s, 2, nullptr));
    QCOMPARE(namesOf(s.resolvedClients()), (QStringList{QStringLiteral("A"), QStringLiteral("B")}));

    QVERIFY(setClientCount(s, 40, nullptr)); // past Z: numbered names
    clients = s.resolvedClients();
    QCOMPARE(clients.size(), qsizetype(40));
    QVERIFY(allUnique(namesOf(clients)));
    QCOMPARE(clients[0].name, QStringLiteral("c1"));
    QCOMPARE(clients[39].name, QStringLiteral("c40"));

    QVERIFY(setClientCount(s, 1, nullptr));
    QCOMPARE(namesOf(s.resolvedClients()), QStringList{QStringLiteral("A")});
}

void TestScenario::setClientCountExplicit()
{
    Scenario s = parsed(R"({"id": "e", "hold_ms": 20, "client_list": [
        {"name": "A", "start_ms": 0, "hold_ms": 800},
        {"name": "B", "start_ms": 100, "hold_ms": 300, "clock_offset_ms": 500}]})");
    QVERIFY(setClientCount(s, 4, nullptr));
    auto clients = s.resolvedClients();
    QCOMPARE(clients.size(), qsizetype(4));
    QVERIFY(allUnique(namesOf(clients)));
    // The explicit clients keep everything they had.
    QCOMPARE(clients[0].name, QStringLiteral("A"));
    QCOMPARE(clients[0].holdMs.a, 800.0);
    QCOMPARE(clients[1].name, QStringLiteral("B"));
    QCOMPARE(clients[1].clockOffsetMs, qint64(500));
    QCOMPARE(clients[1].startMs, qint64(100));
    // New ones have the scenario's defaults.
    QCOMPARE(clients[2].holdMs.a, 20.0);
    QCOMPARE(clients[3].clockOffsetMs, qint64(0));

    // Fewer than the cast would drop B and its skewed clock: refused, nothing changed.
    Scenario before = s;
    QString error;
    QVERIFY(!setClientCount(s, 1, &error));
    QVERIFY2(error.contains(QLatin1String("B")), qPrintable(error));
    QCOMPARE(namesOf(s.resolvedClients()), namesOf(before.resolvedClients()));

    QVERIFY(setClientCount(s, 30, nullptr));
    clients = s.resolvedClients();
    QCOMPARE(clients.size(), qsizetype(30));
    QVERIFY(allUnique(namesOf(clients)));
    QCOMPARE(clients[0].name, QStringLiteral("A"));
}

void TestScenario::setClientCountNameClash()
{
    // The explicit clients use names the generic ones would get ("C" is generic client 3's).
    Scenario s = parsed(R"({"id": "n", "client_list": [{"name": "C"}, {"name": "A"}]})");
    QVERIFY(setClientCount(s, 4, nullptr));
    const auto names = namesOf(s.resolvedClients());
    QCOMPARE(names.size(), qsizetype(4));
    QVERIFY2(allUnique(names), qPrintable(names.join(QLatin1Char(','))));
    QCOMPARE(names[0], QStringLiteral("C"));
    QCOMPARE(names[1], QStringLiteral("A"));
}

void TestScenario::setClientCountKeepsTheCast_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("clients");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QString>("named"); // the client the refusal names

    // client-clock-skew's B is its fault (the skewed clock): issue 12's example.
    QTest::newRow("skew without B")
        << QStringLiteral("client-clock-skew") << 1 << false << QStringLiteral("B");
    QTest::newRow("skew with a third client")
        << QStringLiteral("client-clock-skew") << 3 << true << QStringLiteral("");
    // Generic clients: crash-mid-acquire's captions name B.
    QTest::newRow("crash without B")
        << QStringLiteral("crash-mid-acquire") << 1 << false << QStringLiteral("B");
    // Past 26 generic clients are c1, c2, ...: the fault's "A" would be gone.
    QTest::newRow("crash renamed")
        << QStringLiteral("crash-mid-acquire") << 30 << false << QStringLiteral("A");
    QTest::newRow("crash with four")
        << QStringLiteral("crash-mid-acquire") << 4 << true << QStringLiteral("");
    QTest::newRow("pause-after-acquire without C")
        << QStringLiteral("pause-after-acquire") << 2 << false << QStringLiteral("C");
    QTest::newRow("contention, one client")
        << QStringLiteral("contention") << 1 << true << QStringLiteral("");
    QTest::newRow("zero clients") << QStringLiteral("contention") << 0 << false
                                  << QStringLiteral("");
    QTest::newRow("past the cap") << QStringLiteral("contention") << limits::kMaxClients + 1
                                  << false << QStringLiteral("");
}

void TestScenario::setClientCountKeepsTheCast()
{
    QFETCH(QString, id);
    QFETCH(int, clients);
    QFETCH(bool, accepted);
    QFETCH(QString, named);
    Scenario s;
    QVERIFY(loadBuiltinScenario(id, &s));
    const QStringList before = namesOf(s.resolvedClients());
    QString error;
    QCOMPARE(setClientCount(s, clients, &error), accepted);
    if (accepted) {
        QCOMPARE(s.resolvedClients().size(), qsizetype(clients));
        // Every client a fault or a caption names is still there.
        const QStringList after = namesOf(s.resolvedClients());
        for (const FaultSpec &f : std::as_const(s.faults)) {
            for (const QString &name : {f.client, f.trigger.client})
                QVERIFY2(name.isEmpty() || after.contains(name), qPrintable(name));
        }
        for (const Caption &c : std::as_const(s.captions))
            QVERIFY2(c.client.isEmpty() || after.contains(c.client), qPrintable(c.client));
        return;
    }
    QVERIFY(!error.isEmpty());
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("\"%1\"").arg(named)) || error.contains(named),
             qPrintable(error));
    QCOMPARE(namesOf(s.resolvedClients()), before); // untouched
}

void TestScenario::errorsNameTheLine_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("start"); // the error begins with this

    // The lines below are counted by hand from the texts.
    QTest::newRow("unknown top-level field")
        << QByteArray("{\n  \"id\": \"t\",\n  \"clients\": 2,\n  \"ttl\": 5\n}\n")
        << QStringLiteral("bad.json:4: ttl: unknown field");
    QTest::newRow("a value on the key's line")
        << QByteArray("{\n  \"id\": \"t\",\n\n\n  \"ttl_ms\": -5\n}")
        << QStringLiteral("bad.json:5: ttl_ms: ");
    QTest::newRow("inside a fault's trigger")
        << QByteArray("{\"id\": \"t\",\n"
                      " \"faults\": [\n"
                      "  {\"action\": \"pause\", \"client\": \"A\",\n"
                      "   \"trigger\": {\n"
                      "     \"client\": \"A\",\n"
                      "     \"step\": \"acquire\",\n"
                      "     \"phase\": \"during\"}}]}")
        << QStringLiteral("bad.json:7: faults[0].trigger.phase: ");
    QTest::newRow("the second fault, not the first")
        << QByteArray(
               "{\"id\": \"t\", \"faults\": [\n"
               "  {\"action\": \"pause\", \"client\": \"A\", \"trigger\": {\"at_ms\": 1}},\n"
               "  {\"action\": \"explode\", \"client\": \"A\", \"trigger\": {\"at_ms\": 1}}\n"
               "]}")
        << QStringLiteral("bad.json:3: faults[1].action: ");
    QTest::newRow("a missing field: the line of its object")
        << QByteArray("{\"id\": \"t\",\n\"faults\": [\n\n  {\"action\": \"pause\",\n"
                      "   \"client\": \"A\"}]}")
        << QStringLiteral("bad.json:4: faults[0]: ");
    QTest::newRow("a field of a client")
        << QByteArray(
               "{\"id\": \"t\", \"client_list\": [\n {\"name\": \"A\"},\n {\"name\": \"B\",\n"
               "  \"nested\": \"yes\"}]}")
        << QStringLiteral("bad.json:4: client_list[1].nested: ");
    QTest::newRow("same key name at two depths")
        << QByteArray("{\"id\": \"t\", \"faults\": [{\"action\": \"pause\",\n \"client\": \"A\",\n"
                      " \"trigger\": {\"client\": \"Q\", \"step\": \"acquire\"}}]}")
        << QStringLiteral("bad.json:3: faults[0].trigger.client: ");
    QTest::newRow("a key with escapes before it")
        << QByteArray("{\"id\": \"t\\\"\\n{\",\n\"summary\": \"x [1, {2}]\",\n\"wait\": \"poll\"}")
        << QStringLiteral("bad.json:3: wait: ");
    QTest::newRow("missing id: the document")
        << QByteArray("\n\n{\"clients\": 2}") << QStringLiteral("bad.json:3: ");
}

void TestScenario::errorsNameTheLine()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, start);
    Scenario s;
    QString error;
    QVERIFY(!parseScenario(json, kOrigin, &s, &error));
    QVERIFY2(error.startsWith(start), qPrintable(error));
}

void TestScenario::faultStepsMustExist()
{
    // Issue 12: "release.nope" was accepted and never fired.
    const QByteArray json = R"({"id": "t",
        "faults": [{"action": "pause", "client": "A", "duration_ms": 5,
                    "trigger": {"client": "A", "step": ["release.get", "release.nope"]}}]})";
    Scenario s;
    QString error;
    QVERIFY(!parseScenario(json, kOrigin, &s, &error));
    QVERIFY2(error.startsWith(QLatin1String("bad.json:3: faults[0].trigger.step: ")),
             qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("\"release.nope\"")), qPrintable(error));
    // The message lists the steps there are.
    QVERIFY2(error.contains(QLatin1String("release.get")), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("acquire.setnx")), qPrintable(error));

    // Alternatives that exist in some strategy are fine, as are the workload's own steps.
    for (const char *step : {"acquire", "release", "cs.get", "cs.set", "acquire.setnx",
                             "renew.script", "acquire.release", "release.publish"}) {
        const QByteArray ok = QByteArray(R"({"id": "t", "faults": [{"action": "pause",
            "client": "A", "trigger": {"client": "A", "step": ")") +
                              step + R"("}}]})";
        QVERIFY2(parseScenario(ok, kOrigin, &s, &error), qPrintable(error));
    }
    // A step that is not a string.
    QVERIFY(!parseScenario(R"({"id": "t", "faults": [{"action": "pause", "client": "A",
        "trigger": {"client": "A", "step": ["acquire", 3]}}]})",
                           kOrigin, &s, &error));
    QVERIFY2(error.contains(QLatin1String("faults[0].trigger.step")), qPrintable(error));
}

void TestScenario::builtinStepsAreKnown()
{
    // The steps the built-in scenarios name are all among the known ones (else they would not
    // load at all), and the known ones include every step the README's catalogue relies on.
    const QStringList known = knownFaultSteps();
    for (const char *step : {"acquire.setnx", "acquire.expire", "acquire.get", "acquire.getset",
                             "acquire.set", "acquire.script", "acquire.release", "release.del",
                             "release.get", "release.script", "renew.script"})
        QVERIFY2(known.contains(QLatin1String(step)), step);
    for (const auto &id : kLocksMdScenarios) {
        Scenario s;
        QString error;
        QVERIFY2(loadBuiltinScenario(id, &s, &error), qPrintable(error));
    }
}

void TestScenario::capsAreTheSharedLimits()
{
    Scenario s;
    QString error;
    auto with = [](const char *field, qint64 value) -> QByteArray {
        return QByteArray(R"({"id": "t", ")") + field + "\": " + QByteArray::number(value) + "}";
    };
    const struct {
        const char *field;
        qint64 cap;
    } caps[] = {
        {"clients", limits::kMaxClients},   {"keys", limits::kMaxKeys},
        {"nodes", limits::kMaxNodes},       {"redlock_nodes", limits::kMaxNodes},
        {"replicas", limits::kMaxReplicas}, {"duration_ms", limits::kMaxDurationMs},
    };
    for (const auto &c : caps) {
        QVERIFY2(parseScenario(with(c.field, c.cap), kOrigin, &s, &error), qPrintable(error));
        QVERIFY(!parseScenario(with(c.field, c.cap + 1), kOrigin, &s, &error));
        QVERIFY2(error.startsWith(QStringLiteral("bad.json:1: %1: ").arg(QLatin1String(c.field))),
                 qPrintable(error));
        QVERIFY2(error.contains(QString::number(c.cap)), qPrintable(error));
    }
    // Issue 12's example: a hundred million clients.
    QVERIFY(!parseScenario(with("clients", 100000000), kOrigin, &s, &error));
    QVERIFY2(error.contains(QLatin1String("100000000")), qPrintable(error));

    // "clients" and a list that disagree: which one is meant?
    QVERIFY(!parseScenario(R"({"id": "t",
        "clients": 2,
        "client_list": [{"name": "A"}, {"name": "B"}, {"name": "C"}]})",
                           kOrigin, &s, &error));
    QVERIFY2(error.startsWith(QLatin1String("bad.json:2: clients: ")), qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("3")), qPrintable(error));
    // Agreeing is fine.
    QVERIFY2(parseScenario(R"({"id": "t", "clients": 2,
        "client_list": [{"name": "A"}, {"name": "B"}]})",
                           kOrigin, &s, &error),
             qPrintable(error));
}

void TestScenario::jsonLines_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("line");

    const QByteArray doc = "{\n"                         // 1
                           "  \"a\": 1,\n"               // 2
                           "  \"b\": {\"c\": [10,\n"     // 3
                           "     20, {\"d\":\n"          // 4
                           "       true}],\n"            // 5
                           "   \"e\": \"x\\\"y\\n\"},\n" // 6
                           "  \"f\": [\n"                // 7
                           "\n"                          // 8
                           "    \"g\"]\n"                // 9
                           "}\n";
    QTest::newRow("root") << doc << QStringLiteral("") << 1;
    QTest::newRow("a") << doc << QStringLiteral("a") << 2;
    QTest::newRow("b") << doc << QStringLiteral("b") << 3;
    QTest::newRow("b.c") << doc << QStringLiteral("b.c") << 3;
    QTest::newRow("b.c[0]") << doc << QStringLiteral("b.c[0]") << 3;
    QTest::newRow("b.c[1]") << doc << QStringLiteral("b.c[1]") << 4;
    QTest::newRow("b.c[2].d: the key's line") << doc << QStringLiteral("b.c[2].d") << 4;
    QTest::newRow("b.e after an escaped quote") << doc << QStringLiteral("b.e") << 6;
    QTest::newRow("f[0] after a blank line") << doc << QStringLiteral("f[0]") << 9;
    QTest::newRow("missing member: its object") << doc << QStringLiteral("b.c[2].zzz") << 4;
    QTest::newRow("missing index: its array") << doc << QStringLiteral("f[5]") << 7;
    QTest::newRow("missing top-level: the root") << doc << QStringLiteral("zzz") << 1;
    QTest::newRow("a key with a dot") << QByteArray("{\n\"x.y\": 1}") << QStringLiteral("x.y") << 2;
    QTest::newRow("CRLF lines") << QByteArray("{\r\n\"a\": 1,\r\n\"b\": 2}") << QStringLiteral("b")
                                << 3;
    QTest::newRow("a \\u escape in a key")
        << QByteArray("{\"\\u0041\": 1,\n\"B\": 2}") << QStringLiteral("A") << 1;
}

void TestScenario::jsonLines()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, path);
    QFETCH(int, line);
    QCOMPARE(JsonLines(json).lineOf(path), line);
}

void TestScenario::distributionFixed()
{
    Rng rng(7);
    const auto d = Distribution::fixed(12.5);
    for (int i = 0; i < 100; ++i)
        QCOMPARE(d.sampleUs(rng), qint64(12500));
    QCOMPARE(d.meanMs(), 12.5);
    QCOMPARE(Distribution::fixed(0).sampleUs(rng), qint64(0));
}

void TestScenario::distributionUniform()
{
    Rng rng(42);
    const auto d = Distribution::uniform(10, 30);
    const int n = 20000;
    qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
    double sum = 0;
    for (int i = 0; i < n; ++i) {
        const qint64 v = d.sampleUs(rng);
        QVERIFY2(v >= 10000 && v <= 30000, qPrintable(QString::number(v)));
        lo = qMin(lo, v);
        hi = qMax(hi, v);
        sum += double(v);
    }
    // The whole range is used, and the mean is 20 ms (standard error ~0.04 ms).
    QVERIFY(lo < 10500);
    QVERIFY(hi > 29500);
    QVERIFY(qAbs(sum / n / 1000.0 - 20.0) < 0.5);
    QCOMPARE(d.meanMs(), 20.0);
    // A degenerate range is its single value.
    QCOMPARE(Distribution::uniform(5, 5).sampleUs(rng), qint64(5000));
}

void TestScenario::distributionExponential()
{
    Rng rng(2024);
    const auto d = Distribution::exponential(25);
    const int n = 40000;
    double sum = 0;
    int belowMean = 0;
    for (int i = 0; i < n; ++i) {
        const qint64 v = d.sampleUs(rng);
        QVERIFY(v >= 0);
        sum += double(v);
        belowMean += v < 25000 ? 1 : 0;
    }
    // Mean 25 ms (standard error 0.125 ms); P(X < mean) = 1 - 1/e = 0.632.
    QVERIFY2(qAbs(sum / n / 1000.0 - 25.0) < 1.0, qPrintable(QString::number(sum / n / 1000.0)));
    QVERIFY(qAbs(double(belowMean) / n - 0.632) < 0.02);
    QCOMPARE(d.meanMs(), 25.0);
    QCOMPARE(Distribution::exponential(0).sampleUs(rng), qint64(0));
}

void TestScenario::distributionSameSeed()
{
    for (const auto &d : {Distribution::uniform(0, 100), Distribution::exponential(10)}) {
        Rng a(99), b(99), c(100);
        std::vector<qint64> sa, sb, sc;
        for (int i = 0; i < 200; ++i) {
            sa.push_back(d.sampleUs(a));
            sb.push_back(d.sampleUs(b));
            sc.push_back(d.sampleUs(c));
        }
        QCOMPARE(sa, sb);
        QVERIFY(sa != sc);
        // Reseeding starts the same sequence again.
        a.reseed(99);
        QCOMPARE(d.sampleUs(a), sa.front());
    }
}

void TestScenario::distributionJson_data()
{
    QTest::addColumn<QByteArray>("json"); // the value, wrapped in an object for parsing
    QTest::addColumn<bool>("ok");
    QTest::addColumn<int>("kind");
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");

    const int fixed = int(Distribution::Kind::Fixed);
    const int uniform = int(Distribution::Kind::Uniform);
    const int exponential = int(Distribution::Kind::Exponential);
    QTest::newRow("number") << QByteArray("20") << true << fixed << 20.0 << 20.0;
    QTest::newRow("zero") << QByteArray("0") << true << fixed << 0.0 << 0.0;
    QTest::newRow("uniform") << QByteArray(R"({"uniform": [10, 30]})") << true << uniform << 10.0
                             << 30.0;
    QTest::newRow("exponential") << QByteArray(R"({"exponential": 25})") << true << exponential
                                 << 25.0 << 0.0;
    QTest::newRow("negative") << QByteArray("-1") << false << 0 << 0.0 << 0.0;
    QTest::newRow("uniform reversed")
        << QByteArray(R"({"uniform": [3, 1]})") << false << 0 << 0.0 << 0.0;
    QTest::newRow("uniform one bound")
        << QByteArray(R"({"uniform": [1]})") << false << 0 << 0.0 << 0.0;
    QTest::newRow("uniform negative")
        << QByteArray(R"({"uniform": [-2, 1]})") << false << 0 << 0.0 << 0.0;
    QTest::newRow("exponential negative")
        << QByteArray(R"({"exponential": -1})") << false << 0 << 0.0 << 0.0;
    QTest::newRow("string") << QByteArray(R"("abc")") << false << 0 << 0.0 << 0.0;
    QTest::newRow("unknown form") << QByteArray(R"({"normal": 3})") << false << 0 << 0.0 << 0.0;
}

void TestScenario::distributionJson()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, ok);
    QFETCH(int, kind);
    QFETCH(double, a);
    QFETCH(double, b);

    const auto doc = QJsonDocument::fromJson("{\"v\": " + json + "}");
    QVERIFY(doc.isObject());
    Distribution d = Distribution::fixed(777);
    QString error;
    QCOMPARE(Distribution::fromJson(doc.object().value(QStringLiteral("v")), &d, &error), ok);
    if (ok) {
        QCOMPARE(int(d.kind), kind);
        QCOMPARE(d.a, a);
        QCOMPARE(d.b, b);
    } else {
        QVERIFY(!error.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestScenario)
#include "test_scenario.moc"
