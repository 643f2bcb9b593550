// The scenario writer (sim/scenario_writer.h), the inverse of parseScenario: a written scenario
// parses back to the same Scenario, field by field, writes again to the same bytes, and replays
// to the same event log. Explore saves its counterexamples this way, so a field the writer drops
// would make a saved counterexample replay another story.
#include <QBuffer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "sim/scenario.h"
#include "sim/scenario_writer.h"
#include "sim/simulation.h"

using namespace lockscope;
using namespace Qt::StringLiterals;

namespace {

// The test's own comparison (not Distribution::sameAs, which the writer uses): a fixed
// distribution's b is not part of it, as fromJson sets it to a.
bool sameDistribution(const Distribution &x, const Distribution &y)
{
    return x.kind == y.kind && x.a == y.a && (x.kind != Distribution::Kind::Uniform || x.b == y.b);
}

// Every field of two scenarios that differs, by name ("clients[1].clockOffsetMs"). A new field
// of Scenario, ClientSpec, FaultSpec, FaultTrigger or Caption belongs here and in kAllFields.
QStringList differences(const Scenario &a, const Scenario &b)
{
    QStringList out;
    auto check = [&](const QString &name, bool same) {
        if (!same)
            out.append(name);
    };
#define FIELD(path, x, y, f) check(path + QStringLiteral(#f), (x).f == (y).f)
#define DIST(path, x, y, f) check(path + QStringLiteral(#f), sameDistribution((x).f, (y).f))
    const QString top;
    FIELD(top, a, b, id);
    FIELD(top, a, b, title);
    FIELD(top, a, b, summary);
    FIELD(top, a, b, explanation);
    FIELD(top, a, b, titleTr);
    FIELD(top, a, b, explanationTr);
    FIELD(top, a, b, clientCount);
    FIELD(top, a, b, keyCount);
    FIELD(top, a, b, ttlMs);
    DIST(top, a, b, holdMs);
    DIST(top, a, b, thinkMs);
    FIELD(top, a, b, cycles);
    FIELD(top, a, b, startStaggerMs);
    FIELD(top, a, b, durationMs);
    FIELD(top, a, b, acquireTimeoutMs);
    FIELD(top, a, b, waitMode);
    FIELD(top, a, b, nodes);
    FIELD(top, a, b, redlockNodes);
    FIELD(top, a, b, replicas);
    FIELD(top, a, b, replicationLagMs);
    FIELD(top, a, b, latencyMs);
    FIELD(top, a, b, jitterMs);
    FIELD(top, a, b, requestTimeoutMs);
    FIELD(top, a, b, nodeTimeoutMs);

    check(QStringLiteral("clients.size"), a.clients.size() == b.clients.size());
    for (qsizetype i = 0; i < qMin(a.clients.size(), b.clients.size()); ++i) {
        const QString p = QStringLiteral("clients[%1].").arg(i);
        const ClientSpec &x = a.clients[i], &y = b.clients[i];
        FIELD(p, x, y, name);
        FIELD(p, x, y, startMs);
        FIELD(p, x, y, cycles);
        DIST(p, x, y, holdMs);
        DIST(p, x, y, thinkMs);
        FIELD(p, x, y, clockOffsetMs);
        FIELD(p, x, y, nested);
        FIELD(p, x, y, acquireTimeoutMs);
    }
    check(QStringLiteral("faults.size"), a.faults.size() == b.faults.size());
    for (qsizetype i = 0; i < qMin(a.faults.size(), b.faults.size()); ++i) {
        const QString p = QStringLiteral("faults[%1].").arg(i);
        const FaultSpec &x = a.faults[i], &y = b.faults[i];
        FIELD(p, x, y, action);
        FIELD(p, x, y, client);
        FIELD(p, x, y, node);
        FIELD(p, x, y, nodes);
        FIELD(p, x, y, durationMs);
        FIELD(p, x, y, jumpMs);
        FIELD(p, x, y, persistence);
        const QString t = p + QStringLiteral("trigger.");
        FIELD(t, x.trigger, y.trigger, atMs);
        FIELD(t, x.trigger, y.trigger, client);
        FIELD(t, x.trigger, y.trigger, steps);
        FIELD(t, x.trigger, y.trigger, phase);
        FIELD(t, x.trigger, y.trigger, occurrence);
        FIELD(t, x.trigger, y.trigger, delayMs);
    }
    check(QStringLiteral("captions.size"), a.captions.size() == b.captions.size());
    for (qsizetype i = 0; i < qMin(a.captions.size(), b.captions.size()); ++i) {
        const QString p = QStringLiteral("captions[%1].").arg(i);
        const Caption &x = a.captions[i], &y = b.captions[i];
        FIELD(p, x, y, eventKind);
        FIELD(p, x, y, client);
        FIELD(p, x, y, occurrence);
        FIELD(p, x, y, text);
    }
#undef FIELD
#undef DIST
    return out;
}

// Every field differences() knows, list indexes left out.
const QStringList kAllFields = {
    u"id"_s, u"title"_s, u"summary"_s, u"explanation"_s, u"titleTr"_s, u"explanationTr"_s,
    u"clientCount"_s, u"keyCount"_s, u"ttlMs"_s, u"holdMs"_s, u"thinkMs"_s, u"cycles"_s,
    u"startStaggerMs"_s, u"durationMs"_s, u"acquireTimeoutMs"_s, u"waitMode"_s, u"nodes"_s,
    u"redlockNodes"_s, u"replicas"_s, u"replicationLagMs"_s, u"latencyMs"_s, u"jitterMs"_s,
    u"requestTimeoutMs"_s, u"nodeTimeoutMs"_s,
    //
    u"clients[].name"_s, u"clients[].startMs"_s, u"clients[].cycles"_s, u"clients[].holdMs"_s,
    u"clients[].thinkMs"_s, u"clients[].clockOffsetMs"_s, u"clients[].nested"_s,
    u"clients[].acquireTimeoutMs"_s,
    //
    u"faults[].action"_s, u"faults[].client"_s, u"faults[].node"_s, u"faults[].nodes"_s,
    u"faults[].durationMs"_s, u"faults[].jumpMs"_s, u"faults[].persistence"_s,
    u"faults[].trigger.atMs"_s, u"faults[].trigger.client"_s, u"faults[].trigger.steps"_s,
    u"faults[].trigger.phase"_s, u"faults[].trigger.occurrence"_s, u"faults[].trigger.delayMs"_s,
    //
    u"captions[].eventKind"_s, u"captions[].client"_s, u"captions[].occurrence"_s,
    u"captions[].text"_s};

FaultSpec fault(FaultSpec::Action action, const QString &client = {})
{
    FaultSpec f;
    f.action = action;
    f.client = client;
    return f;
}

FaultTrigger atTime(qint64 ms)
{
    FaultTrigger t;
    t.atMs = ms;
    return t;
}

FaultTrigger atStep(const QString &client, const QStringList &steps)
{
    FaultTrigger t;
    t.client = client;
    t.steps = steps;
    return t;
}

// A scenario that gives every field a value other than its default somewhere (checked by
// everyFieldOfTheHandBuiltScenarioIsSet), as parseScenario would produce it: a translation map
// holds the English text under "en".
Scenario handBuilt()
{
    Scenario s;
    s.id = QStringLiteral("hand-built");
    s.title = QStringLiteral("Hand built");
    s.titleTr = {{QStringLiteral("en"), s.title},
                 {QStringLiteral("zh_CN"), QStringLiteral("手工")}};
    s.summary = QStringLiteral("One fault of each kind.");
    s.explanation = QStringLiteral("Every field set, \"quoted\", and a\nnew line.");
    s.explanationTr = {{QStringLiteral("en"), s.explanation}}; // written as a plain string
    s.clientCount = 3;
    s.keyCount = 2;
    s.ttlMs = 800;
    s.holdMs = Distribution::uniform(5, 15.5);
    s.thinkMs = Distribution::exponential(7.25);
    s.cycles = 4;
    s.startStaggerMs = 3;
    s.durationMs = 5000;
    s.acquireTimeoutMs = 2500;
    s.waitMode = QStringLiteral("backoff");
    s.nodes = 2;
    s.redlockNodes = 3;
    s.replicas = 1;
    s.replicationLagMs = 15;
    s.latencyMs = 0.25;
    s.jitterMs = 0.75;
    s.requestTimeoutMs = 300;
    s.nodeTimeoutMs = 20;

    ClientSpec a; // start 0 and think time as the scenario's: not written
    a.name = QStringLiteral("A");
    a.cycles = 4;
    a.holdMs = Distribution::fixed(20);
    a.thinkMs = s.thinkMs;
    a.clockOffsetMs = -40;
    a.acquireTimeoutMs = 2500;
    ClientSpec b;
    b.name = QStringLiteral("B");
    b.startMs = 10;
    b.cycles = 2;
    b.holdMs = Distribution::uniform(1, 2);
    b.thinkMs = Distribution::exponential(3);
    b.clockOffsetMs = 250;
    b.nested = true;
    b.acquireTimeoutMs = 900;
    ClientSpec c; // the scenario's defaults except its timeout: -1, waits until the end
    c.name = QStringLiteral("C");
    c.startMs = 2 * s.startStaggerMs;
    c.cycles = s.cycles;
    c.holdMs = s.holdMs;
    c.thinkMs = s.thinkMs;
    c.acquireTimeoutMs = -1;
    s.clients = {a, b, c};

    FaultSpec pause = fault(FaultSpec::Action::Pause, QStringLiteral("A"));
    pause.durationMs = 200;
    pause.trigger = atStep(QStringLiteral("A"), {QStringLiteral("acquire.set")});
    pause.trigger.phase = QStringLiteral("before");
    pause.trigger.occurrence = 2;
    FaultSpec crash = fault(FaultSpec::Action::Crash, QStringLiteral("C"));
    crash.trigger = atTime(1500);
    FaultSpec lose = fault(FaultSpec::Action::LoseReply, QStringLiteral("B"));
    lose.trigger = atStep(QStringLiteral("B"),
                          {QStringLiteral("acquire.setnx"), QStringLiteral("acquire.set")});
    lose.trigger.phase = QStringLiteral("sent");
    FaultSpec delay = fault(FaultSpec::Action::DelayReply, QStringLiteral("A"));
    delay.durationMs = 50;
    delay.trigger = atStep(QStringLiteral("A"), {QStringLiteral("release")});
    delay.trigger.delayMs = 3;
    FaultSpec partition = fault(FaultSpec::Action::Partition, QStringLiteral("B"));
    partition.nodes = {0, 2};
    partition.durationMs = 400;
    partition.trigger = atTime(100);
    FaultSpec nodeCrash = fault(FaultSpec::Action::NodeCrash);
    nodeCrash.node = 1;
    nodeCrash.durationMs = -1; // for good
    nodeCrash.trigger = atTime(3000);
    FaultSpec restart = fault(FaultSpec::Action::NodeRestart);
    restart.persistence = true;
    restart.durationMs = 100;
    restart.trigger = atTime(2000);
    FaultSpec failover = fault(FaultSpec::Action::Failover);
    failover.durationMs = 100;
    failover.trigger = atStep(QStringLiteral("A"), {QStringLiteral("acquire")});
    failover.trigger.atMs = 50; // both a time and a step: the file keeps both
    failover.trigger.delayMs = 5;
    FaultSpec jump = fault(FaultSpec::Action::ClockJump);
    jump.node = 2;
    jump.jumpMs = -700;
    jump.trigger = atTime(1200);
    FaultSpec hold = fault(FaultSpec::Action::DelayRequest, QStringLiteral("B"));
    hold.durationMs = 2;
    hold.trigger = atStep(QStringLiteral("B"), {QStringLiteral("acquire.set")});
    hold.trigger.phase = QStringLiteral("before");
    s.faults = {pause, crash, lose, delay, partition, nodeCrash, restart, failover, jump, hold};

    Caption first;
    first.eventKind = QStringLiteral("acquired");
    first.client = QStringLiteral("B");
    first.occurrence = 2;
    first.text = {{QStringLiteral("en"), QStringLiteral("B got it again.")},
                  {QStringLiteral("zh_CN"), QStringLiteral("B 再次拿到了锁。")}};
    Caption second;
    second.eventKind = QStringLiteral("key_expired");
    second.text = {{QStringLiteral("en"), QStringLiteral("A lease ran out.")}};
    s.captions = {first, second};
    return s;
}

bool reparse(const QByteArray &json, Scenario *out, QString *error)
{
    return parseScenario(json, QStringLiteral("written.json"), out, error);
}

struct Run {
    bool ok = false;
    QString error;
    QByteArray log; // the event log as writeJsonLines writes it
    CheckReport report;
};

Run run(const Scenario &scenario, const QString &strategy)
{
    SimulationConfig config;
    config.scenario = scenario;
    config.strategyId = strategy;
    config.seed = 7;
    const SimulationResult r = runSimulation(config);
    Run out{r.ok, r.error, {}, r.report};
    if (r.log) {
        QBuffer buffer(&out.log);
        buffer.open(QIODevice::WriteOnly);
        r.log->writeJsonLines(buffer);
    }
    return out;
}

bool sameFinding(const Finding &x, const Finding &y)
{
    return x.kind == y.kind && x.timeUs == y.timeUs && x.key == y.key && x.client == y.client &&
           x.other == y.other && x.node == y.node && x.value == y.value;
}

} // namespace

class TestScenarioWriter : public QObject {
    Q_OBJECT

private slots:
    // Write, parse, write: the same bytes, and the same Scenario as the one loaded.
    void builtinsRoundTrip_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString &id : builtinScenarioIds())
            QTest::newRow(qPrintable(id)) << id;
    }
    void builtinsRoundTrip()
    {
        QFETCH(QString, id);
        Scenario original;
        QString error;
        QVERIFY2(loadBuiltinScenario(id, &original, &error), qPrintable(error));
        const QByteArray first = scenarioToJson(original);
        Scenario back;
        QVERIFY2(reparse(first, &back, &error),
                 qPrintable(error + u'\n' + QString::fromUtf8(first)));
        const QStringList changed = differences(original, back);
        QVERIFY2(changed.isEmpty(), qPrintable(changed.join(u", ")));
        QCOMPARE(scenarioToJson(back), first);
    }

    // The file holds scenarioToJson's bytes; a file that cannot be written keeps what it had,
    // and the reason is given.
    void writeScenarioFileWritesOrExplains()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Scenario s = handBuilt();
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QString why;
        QVERIFY2(writeScenarioFile(path, s, &why), qPrintable(why));
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), scenarioToJson(s));
        why.clear();
        QVERIFY(!writeScenarioFile(dir.filePath(QStringLiteral("missing/s.json")), s, &why));
        QVERIFY(!why.isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("missing/s.json"))));
    }

    void handBuiltRoundTripsFieldByField()
    {
        const Scenario s = handBuilt();
        const QByteArray json = scenarioToJson(s);
        Scenario back;
        QString error;
        QVERIFY2(reparse(json, &back, &error), qPrintable(error + u'\n' + QString::fromUtf8(json)));
        const QStringList changed = differences(s, back);
        QVERIFY2(changed.isEmpty(), qPrintable(changed.join(u", ")));
        QCOMPARE(scenarioToJson(back), json);
    }

    // The round trip above proves nothing for a field left at its default (a writer that drops
    // it still round-trips): the hand-built scenario differs from the defaults in every field.
    void everyFieldOfTheHandBuiltScenarioIsSet()
    {
        const Scenario s = handBuilt();
        Scenario defaults;
        defaults.clients = QList<ClientSpec>(s.clients.size());
        defaults.faults = QList<FaultSpec>(s.faults.size());
        defaults.captions = QList<Caption>(s.captions.size());
        QSet<QString> set;
        for (QString name : differences(s, defaults))
            set.insert(name.replace(QRegularExpression(QStringLiteral("\\[\\d+\\]")),
                                    QStringLiteral("[]")));
        QStringList missing;
        for (const QString &field : kAllFields) {
            if (!set.contains(field))
                missing.append(field);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u", ")));
    }

    // The comparison itself notices a change in each kind of field (else the round trips
    // above could pass by comparing nothing).
    void differencesNoticesChanges()
    {
        const Scenario s = handBuilt();
        QCOMPARE(differences(s, s), QStringList());
        Scenario t = s;
        t.clients[1].clockOffsetMs = 0;
        t.faults[3].trigger.steps = {QStringLiteral("acquire")};
        t.captions[0].text.remove(QStringLiteral("zh_CN"));
        t.holdMs.b = 16;
        QCOMPARE(differences(s, t),
                 QStringList({QStringLiteral("holdMs"), QStringLiteral("clients[1].clockOffsetMs"),
                              QStringLiteral("faults[3].trigger.steps"),
                              QStringLiteral("captions[0].text")}));
    }

    // Only what differs from the defaults is written; these are the file's expected contents.
    void defaultsAreLeftOut()
    {
        Scenario s;
        s.id = QStringLiteral("x");
        QCOMPARE(scenarioToJson(s), QByteArray("{\n  \"id\": \"x\"\n}\n"));
    }

    void formsOfTheHandBuiltScenario()
    {
        const QJsonObject o = scenarioToJsonObject(handBuilt());
        // A translated title as an object, an English-only explanation as a string.
        QCOMPARE(o.value(u"title").toObject().value(u"zh_CN").toString(), QStringLiteral("手工"));
        QVERIFY(o.value(u"explanation").isString());
        QCOMPARE(o.value(u"hold_ms").toObject().value(u"uniform").toArray(),
                 QJsonArray({5.0, 15.5}));
        QCOMPARE(o.value(u"think_ms").toObject().value(u"exponential").toDouble(), 7.25);
        const QJsonArray clients = o.value(u"client_list").toArray();
        // C is the scenario's default client but for its timeout.
        QCOMPARE(clients[2].toObject(),
                 QJsonObject({{u"name"_s, u"C"_s}, {u"acquire_timeout_ms"_s, -1}}));
        // A starts at 0 and thinks as the scenario says: neither is written.
        QVERIFY(!clients[0].toObject().contains(u"start_ms"));
        QVERIFY(!clients[0].toObject().contains(u"think_ms"));
        const QJsonArray faults = o.value(u"faults").toArray();
        QStringList actions;
        for (const auto &f : faults)
            actions.append(f.toObject().value(u"action").toString());
        QCOMPARE(actions, QStringList({u"pause"_s, u"crash"_s, u"lose_reply"_s, u"delay_reply"_s,
                                       u"partition"_s, u"node_crash"_s, u"node_restart"_s,
                                       u"failover"_s, u"clock_jump"_s, u"delay_request"_s}));
        // One step alternative as a string, several as a list.
        QCOMPARE(faults[0].toObject().value(u"trigger").toObject().value(u"step").toString(),
                 QStringLiteral("acquire.set"));
        QCOMPARE(faults[2].toObject().value(u"trigger").toObject().value(u"step").toArray(),
                 QJsonArray({u"acquire.setnx"_s, u"acquire.set"_s}));
        QCOMPARE(faults[5].toObject().value(u"duration_ms").toInteger(), qint64(-1));
        QCOMPARE(faults[8].toObject().value(u"jump_ms").toInteger(), qint64(-700));
        QCOMPARE(o.value(u"captions").toArray()[1].toObject().value(u"text").toString(),
                 QStringLiteral("A lease ran out."));
    }

    // The keys in the order of the built-in files.
    void keyOrder()
    {
        const QByteArray json = scenarioToJson(handBuilt());
        QStringList order;
        for (const char *key :
             {"\"id\"", "\"title\"", "\"summary\"", "\"explanation\"", "\"clients\"", "\"ttl_ms\"",
              "\"duration_ms\"", "\"nodes\"", "\"node_timeout_ms\"", "\"client_list\"",
              "\"faults\"", "\"captions\""}) {
            QVERIFY2(json.contains(key), key);
            order.append(QString::number(json.indexOf(key)));
        }
        qsizetype last = -1;
        for (const QString &at : order) {
            QVERIFY2(at.toLongLong() > last, json.constData());
            last = at.toLongLong();
        }
        QVERIFY(json.startsWith("{\n  \"id\": \"hand-built\",\n  \"title\": {\n    \"en\": "));
        // Inside a fault: action first, trigger last.
        const qsizetype partitionAt = json.indexOf("\"action\": \"partition\"");
        QVERIFY(partitionAt > 0);
        QVERIFY(json.indexOf("\"nodes\": [\n", partitionAt) <
                json.indexOf("\"trigger\"", partitionAt));
    }

    // The original and the written-and-parsed scenario replay identically.
    void replaysIdentically_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("strategy");
        QStringList ids = builtinScenarioIds();
        ids.append(QStringLiteral("hand-built"));
        for (const QString &id : std::as_const(ids)) {
            for (const QString &strategy :
                 {QStringLiteral("set-nx-px-get-del"), QStringLiteral("redlock")})
                QTest::newRow(qPrintable(id + u'/' + strategy)) << id << strategy;
        }
    }
    void replaysIdentically()
    {
        QFETCH(QString, id);
        QFETCH(QString, strategy);
        Scenario original;
        QString error;
        if (id == QLatin1String("hand-built"))
            original = handBuilt();
        else
            QVERIFY2(loadBuiltinScenario(id, &original, &error), qPrintable(error));
        Scenario back;
        QVERIFY2(reparse(scenarioToJson(original), &back, &error), qPrintable(error));

        const Run a = run(original, strategy);
        const Run b = run(back, strategy);
        QVERIFY2(a.ok, qPrintable(a.error));
        QVERIFY2(b.ok, qPrintable(b.error));
        QVERIFY(a.log.count('\n') > 5); // a real run, not two empty logs
        QVERIFY(a.log == b.log);
        QCOMPARE(b.report.findings.size(), a.report.findings.size());
        for (std::size_t i = 0; i < a.report.findings.size(); ++i)
            QVERIFY2(sameFinding(a.report.findings[i], b.report.findings[i]),
                     qPrintable(QStringLiteral("finding %1").arg(i)));
        QCOMPARE(b.report.violations, a.report.violations);
        QCOMPARE(b.report.acquisitions, a.report.acquisitions);
    }
};

QTEST_GUILESS_MAIN(TestScenarioWriter)
#include "test_scenario_writer.moc"
