#include "scenario.h"

#include "events/event.h"
#include "lock/strategy_registry.h"
#include "run_limits.h"
#include "util/json_lines.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <climits>
#include <limits>

namespace lockscope {

namespace {

// A field's path as errors name it: "faults[0].trigger" + "step".
QString member(const QString &path, const QString &name)
{
    return path.isEmpty() ? name : path + QLatin1Char('.') + name;
}

// The first problem found: the field's path inside the file and what is wrong with it. The file
// name and the line are added once, at the end (parseScenario), from the path.
struct Problem {
    QString path;
    QString message;
};

// Reads one JSON object field by field, remembering which fields were read, so that a typo in a
// scenario file ("ttl" for "ttl_ms") is reported instead of silently ignored.
class FieldReader {
public:
    FieldReader(const QJsonObject &o, QString path, Problem *problem)
        : m_o(o)
        , m_path(std::move(path))
        , m_problem(problem)
    {}

    bool has(const char *name) const { return m_o.contains(QLatin1String(name)); }

    QJsonValue take(const char *name)
    {
        m_seen.insert(QLatin1String(name));
        return m_o.value(QLatin1String(name));
    }

    bool string(const char *name, QString *out)
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        if (!v.isString())
            return fail(name, QCoreApplication::translate("Scenario", "must be a string"));
        *out = v.toString();
        return true;
    }

    // A whole number in [min, max]; max defaults to what the field's type holds.
    template <typename Int>
    bool integer(const char *name, Int *out, qint64 min,
                 qint64 max = qint64(std::numeric_limits<Int>::max()))
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        if (!v.isDouble() || v.toDouble() != double(v.toInteger()))
            return fail(name, QCoreApplication::translate("Scenario", "must be a whole number"));
        if (v.toInteger() < min)
            return fail(name, QCoreApplication::translate("Scenario", "must be at least %1, got %2")
                                  .arg(min)
                                  .arg(v.toInteger()));
        if (v.toInteger() > max)
            return fail(name, QCoreApplication::translate("Scenario", "must be at most %1, got %2")
                                  .arg(max)
                                  .arg(v.toInteger()));
        *out = Int(v.toInteger());
        return true;
    }

    bool number(const char *name, double *out)
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        if (!v.isDouble() || v.toDouble() < 0)
            return fail(name, QCoreApplication::translate("Scenario", "must be a number >= 0"));
        *out = v.toDouble();
        return true;
    }

    bool boolean(const char *name, bool *out)
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        if (!v.isBool())
            return fail(name, QCoreApplication::translate("Scenario", "must be true or false"));
        *out = v.toBool();
        return true;
    }

    bool distribution(const char *name, Distribution *out)
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        QString why;
        if (!Distribution::fromJson(v, out, &why))
            return fail(name, why);
        return true;
    }

    // Translations: {"en": "...", "zh_CN": "..."} or a plain string (English).
    bool translated(const char *name, QString *english, QMap<QString, QString> *all)
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        if (v.isString()) {
            *english = v.toString();
            all->insert(QStringLiteral("en"), *english);
            return true;
        }
        if (!v.isObject())
            return fail(name, QCoreApplication::translate(
                                  "Scenario", "must be a string or {\"en\": ..., \"zh_CN\": ...}"));
        const auto o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            all->insert(it.key(), it.value().toString());
        *english = all->value(QStringLiteral("en"));
        return true;
    }

    // A list field: absent (an empty list) or a JSON array; anything else would be ignored.
    bool list(const char *name, QJsonArray *out)
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        if (!v.isArray())
            return fail(name, QCoreApplication::translate("Scenario", "must be a list"));
        *out = v.toArray();
        return true;
    }

    // Fails on any field nobody asked for.
    bool finish()
    {
        for (auto it = m_o.begin(); it != m_o.end(); ++it) {
            if (!m_seen.contains(it.key()))
                return fail(
                    it.key(),
                    QCoreApplication::translate("Scenario", "unknown field \"%1\"").arg(it.key()));
        }
        return true;
    }

    bool fail(const QString &name, const QString &why)
    {
        *m_problem = {member(m_path, name), why};
        return false;
    }
    bool fail(const char *name, const QString &why) { return fail(QLatin1String(name), why); }
    // A problem of the object as a whole (a field it lacks, two that disagree).
    bool failHere(const QString &why)
    {
        *m_problem = {m_path, why};
        return false;
    }
    const QString &path() const { return m_path; }

private:
    QJsonObject m_o;
    QString m_path;
    Problem *m_problem;
    QSet<QString> m_seen;
};

bool parseAction(const QString &id, FaultSpec::Action *out)
{
    static const QList<QPair<QString, FaultSpec::Action>> actions = {
        {QStringLiteral("pause"), FaultSpec::Action::Pause},
        {QStringLiteral("crash"), FaultSpec::Action::Crash},
        {QStringLiteral("lose_reply"), FaultSpec::Action::LoseReply},
        {QStringLiteral("delay_reply"), FaultSpec::Action::DelayReply},
        {QStringLiteral("delay_request"), FaultSpec::Action::DelayRequest},
        {QStringLiteral("partition"), FaultSpec::Action::Partition},
        {QStringLiteral("node_crash"), FaultSpec::Action::NodeCrash},
        {QStringLiteral("node_restart"), FaultSpec::Action::NodeRestart},
        {QStringLiteral("failover"), FaultSpec::Action::Failover},
        {QStringLiteral("clock_jump"), FaultSpec::Action::ClockJump},
    };
    for (const auto &[name, action] : actions) {
        if (name == id) {
            *out = action;
            return true;
        }
    }
    return false;
}

bool parseTrigger(const QJsonValue &v, const QString &path, FaultTrigger *t, Problem *problem)
{
    FieldReader r(v.toObject(), path, problem);
    if (!v.isObject())
        return r.failHere(QCoreApplication::translate("Scenario", "must be an object"));
    const auto steps = r.take("step");
    if (steps.isString()) {
        t->steps = {steps.toString()};
    } else if (steps.isArray()) {
        for (const auto &s : steps.toArray()) {
            if (!s.isString())
                return r.fail("step",
                              QCoreApplication::translate(
                                  "Scenario", "must be a step name or a list of alternatives"));
            t->steps.append(s.toString());
        }
    } else if (!steps.isUndefined()) {
        return r.fail("step", QCoreApplication::translate(
                                  "Scenario", "must be a step name or a list of alternatives"));
    }
    // A step no strategy has would never fire: most likely a typo.
    const QStringList known = knownFaultSteps();
    for (const QString &step : std::as_const(t->steps)) {
        if (!known.contains(step))
            return r.fail("step", QCoreApplication::translate(
                                      "Scenario", "no strategy has a step \"%1\" (steps: %2)")
                                      .arg(step, known.join(QStringLiteral(", "))));
    }
    if (!(r.integer("at_ms", &t->atMs, 0) && r.string("client", &t->client) &&
          r.string("phase", &t->phase) && r.integer("occurrence", &t->occurrence, 1) &&
          r.integer("delay_ms", &t->delayMs, 0) && r.finish()))
        return false;
    if (t->phase != QLatin1String("before") && t->phase != QLatin1String("sent") &&
        t->phase != QLatin1String("after"))
        return r.fail("phase",
                      QCoreApplication::translate("Scenario", "must be before, sent or after"));
    if (t->steps.isEmpty() && t->atMs < 0)
        return r.failHere(QCoreApplication::translate("Scenario", "needs at_ms or step"));
    if (!t->steps.isEmpty() && t->client.isEmpty())
        return r.failHere(QCoreApplication::translate(
            "Scenario", "a step trigger needs the client whose step it is"));
    return true;
}

bool parseFault(const QJsonValue &v, const QString &path, FaultSpec *f, Problem *problem)
{
    FieldReader r(v.toObject(), path, problem);
    if (!v.isObject())
        return r.failHere(QCoreApplication::translate("Scenario", "must be an object"));
    QString action;
    if (!r.string("action", &action))
        return false;
    if (!parseAction(action, &f->action))
        return r.fail("action",
                      QCoreApplication::translate(
                          "Scenario", "unknown fault \"%1\" (pause, crash, lose_reply, "
                                      "delay_reply, delay_request, partition, node_crash, "
                                      "node_restart, failover, clock_jump)")
                          .arg(action));
    const auto trig = r.take("trigger");
    if (trig.isUndefined())
        return r.failHere(QCoreApplication::translate("Scenario", "needs a trigger"));
    if (!parseTrigger(trig, member(path, QStringLiteral("trigger")), &f->trigger, problem))
        return false;
    const auto nodes = r.take("nodes");
    if (!nodes.isUndefined() && !nodes.isArray())
        return r.fail("nodes",
                      QCoreApplication::translate("Scenario", "must be a list of node indexes"));
    for (const auto &n : nodes.toArray()) {
        if (!n.isDouble() || n.toDouble() != double(n.toInteger()) || n.toInteger() < 0 ||
            n.toInteger() > INT_MAX)
            return r.fail(
                "nodes", QCoreApplication::translate("Scenario", "must be a list of node indexes"));
        f->nodes.append(int(n.toInteger()));
    }
    if (!(r.string("client", &f->client) && r.integer("node", &f->node, 0) &&
          r.integer("duration_ms", &f->durationMs, -1) &&
          r.integer("jump_ms", &f->jumpMs, INT_MIN) && r.boolean("persistence", &f->persistence) &&
          r.finish()))
        return false;
    const bool clientFault = f->action <= FaultSpec::Action::Partition;
    if (clientFault && f->client.isEmpty())
        return r.failHere(
            QCoreApplication::translate("Scenario", "a %1 fault needs a client").arg(action));
    return true;
}

// Milliseconds with up to three decimals (a recording's microseconds), as whole microseconds.
bool millisAsMicros(FieldReader &r, const char *name, qint64 *outUs)
{
    const auto v = r.take(name);
    if (v.isUndefined())
        return true;
    // A virtual day at most: the longest run there is (and far from overflowing).
    if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() > double(limits::kMaxDurationMs))
        return r.fail(name, QCoreApplication::translate("Scenario", "must be a number of "
                                                                    "milliseconds, 0..%1")
                                .arg(limits::kMaxDurationMs));
    *outUs = qRound64(v.toDouble() * 1000.0);
    return true;
}

bool parseScheduledHold(const QJsonValue &v, const QString &path, int keyCount, ScheduledHold *hold,
                        Problem *problem)
{
    FieldReader r(v.toObject(), path, problem);
    if (!v.isObject())
        return r.failHere(QCoreApplication::translate("Scenario", "must be an object"));
    if (!(millisAsMicros(r, "at_ms", &hold->atUs) && r.integer("key", &hold->key, 0) &&
          millisAsMicros(r, "hold_ms", &hold->holdUs) && r.integer("ttl_ms", &hold->ttlMs, -1) &&
          r.finish()))
        return false;
    if (hold->key >= keyCount)
        return r.fail("key", QCoreApplication::translate("Scenario", "%1 is out of range (0..%2)")
                                 .arg(hold->key)
                                 .arg(keyCount - 1));
    if (hold->ttlMs == 0)
        return r.fail("ttl_ms", QCoreApplication::translate(
                                    "Scenario", "must be at least 1 (or -1: the scenario's)"));
    return true;
}

bool parseClient(const QJsonValue &v, const QString &path, const Scenario &s, qsizetype i,
                 ClientSpec *spec, Problem *problem)
{
    FieldReader c(v.toObject(), path, problem);
    if (!v.isObject())
        return c.failHere(QCoreApplication::translate("Scenario", "must be an object"));
    spec->holdMs = s.holdMs;
    spec->thinkMs = s.thinkMs;
    spec->cycles = s.cycles;
    spec->startMs = i * s.startStaggerMs;
    spec->acquireTimeoutMs = s.acquireTimeoutMs;
    if (!(c.string("name", &spec->name) && c.integer("start_ms", &spec->startMs, 0) &&
          c.integer("cycles", &spec->cycles, -1) && c.distribution("hold_ms", &spec->holdMs) &&
          c.distribution("think_ms", &spec->thinkMs) &&
          c.integer("clock_offset_ms", &spec->clockOffsetMs, INT_MIN) &&
          c.boolean("nested", &spec->nested) &&
          c.integer("acquire_timeout_ms", &spec->acquireTimeoutMs, -1)))
        return false;
    QJsonArray schedule;
    if (!(c.list("schedule", &schedule) && c.finish()))
        return false;
    for (qsizetype j = 0; j < schedule.size(); ++j) {
        ScheduledHold hold;
        if (!parseScheduledHold(schedule[j], member(path, QStringLiteral("schedule[%1]").arg(j)),
                                s.keyCount, &hold, problem))
            return false;
        spec->schedule.append(hold);
    }
    if (spec->name.isEmpty())
        return c.failHere(QCoreApplication::translate("Scenario", "a client needs a name"));
    for (const auto &other : s.clients) {
        if (other.name == spec->name)
            return c.fail(
                "name", QCoreApplication::translate("Scenario", "\"%1\" is taken by another client")
                            .arg(spec->name));
    }
    return true;
}

bool parseCaption(const QJsonValue &v, const QString &path, Caption *cap, Problem *problem)
{
    FieldReader c(v.toObject(), path, problem);
    if (!v.isObject())
        return c.failHere(QCoreApplication::translate("Scenario", "must be an object"));
    QString english;
    if (!(c.string("on", &cap->eventKind) && c.string("client", &cap->client) &&
          c.integer("occurrence", &cap->occurrence, 1) &&
          c.translated("text", &english, &cap->text) && c.finish()))
        return false;
    if (cap->eventKind.isEmpty() || english.isEmpty())
        return c.failHere(
            QCoreApplication::translate("Scenario", "a caption needs \"on\" and \"text\""));
    EventKind kind;
    if (!parseEventKind(cap->eventKind.toUtf8().constData(), &kind))
        return c.fail("on", QCoreApplication::translate("Scenario", "unknown event kind \"%1\"")
                                .arg(cap->eventKind));
    return true;
}

// Every field of the top-level object, then the lists, then the checks across fields.
bool parseObject(const QJsonObject &o, Scenario *out, Problem *problem)
{
    Scenario s;
    FieldReader r(o, QString(), problem);
    if (!(r.string("id", &s.id) && r.translated("title", &s.title, &s.titleTr) &&
          r.string("summary", &s.summary) &&
          r.translated("explanation", &s.explanation, &s.explanationTr) &&
          r.integer("clients", &s.clientCount, 1, limits::kMaxClients) &&
          r.integer("keys", &s.keyCount, 1, limits::kMaxKeys) && r.integer("ttl_ms", &s.ttlMs, 1) &&
          r.distribution("hold_ms", &s.holdMs) && r.distribution("think_ms", &s.thinkMs) &&
          r.integer("cycles", &s.cycles, -1) &&
          r.integer("start_stagger_ms", &s.startStaggerMs, 0) &&
          r.integer("duration_ms", &s.durationMs, 1, limits::kMaxDurationMs) &&
          r.integer("acquire_timeout_ms", &s.acquireTimeoutMs, -1) &&
          r.string("wait", &s.waitMode) && r.integer("nodes", &s.nodes, 1, limits::kMaxNodes) &&
          r.integer("redlock_nodes", &s.redlockNodes, 1, limits::kMaxNodes) &&
          r.integer("replicas", &s.replicas, 0, limits::kMaxReplicas) &&
          r.integer("replication_lag_ms", &s.replicationLagMs, 0) &&
          r.number("latency_ms", &s.latencyMs) && r.number("jitter_ms", &s.jitterMs) &&
          r.integer("request_timeout_ms", &s.requestTimeoutMs, 1) &&
          r.integer("node_timeout_ms", &s.nodeTimeoutMs, 1)))
        return false;
    if (s.id.isEmpty())
        return r.failHere(QCoreApplication::translate("Scenario", "missing \"id\""));
    if (s.waitMode != QLatin1String("spin") && s.waitMode != QLatin1String("backoff") &&
        s.waitMode != QLatin1String("pubsub"))
        return r.fail("wait", QCoreApplication::translate(
                                  "Scenario", "must be spin, backoff or pubsub, got \"%1\"")
                                  .arg(s.waitMode));

    QJsonArray keyNames, clients, faults, captions;
    if (!(r.list("key_names", &keyNames) && r.list("client_list", &clients) &&
          r.list("faults", &faults) && r.list("captions", &captions)))
        return false;
    if (!keyNames.isEmpty()) {
        // The names are the keys: a "keys" that disagrees would be ignored.
        if (r.has("keys") && s.keyCount != keyNames.size())
            return r.fail("keys", QCoreApplication::translate("Scenario",
                                                              "is %1, but key_names names %2 keys")
                                      .arg(s.keyCount)
                                      .arg(keyNames.size()));
        if (keyNames.size() > limits::kMaxKeys)
            return r.fail("key_names", QCoreApplication::translate(
                                           "Scenario", "must have at most %1 keys, got %2")
                                           .arg(limits::kMaxKeys)
                                           .arg(keyNames.size()));
        for (const auto &name : std::as_const(keyNames)) {
            if (!name.isString() || name.toString().isEmpty())
                return r.fail("key_names", QCoreApplication::translate(
                                               "Scenario", "must be a list of key names"));
            if (s.keyNames.contains(name.toString()))
                return r.fail("key_names",
                              QCoreApplication::translate("Scenario", "names \"%1\" twice")
                                  .arg(name.toString()));
            s.keyNames.append(name.toString());
        }
        s.keyCount = int(s.keyNames.size());
    }
    if (clients.size() > limits::kMaxClients)
        return r.fail("client_list", QCoreApplication::translate(
                                         "Scenario", "must have at most %1 clients, got %2")
                                         .arg(limits::kMaxClients)
                                         .arg(clients.size()));
    // "clients" with a list: the list is the cast, so a different count would be ignored.
    if (r.has("clients") && !clients.isEmpty() && s.clientCount != clients.size())
        return r.fail("clients", QCoreApplication::translate(
                                     "Scenario", "is %1, but client_list names %2 clients")
                                     .arg(s.clientCount)
                                     .arg(clients.size()));
    for (qsizetype i = 0; i < clients.size(); ++i) {
        ClientSpec spec;
        if (!parseClient(clients[i], QStringLiteral("client_list[%1]").arg(i), s, i, &spec,
                         problem))
            return false;
        s.clients.append(spec);
    }
    for (qsizetype i = 0; i < faults.size(); ++i) {
        FaultSpec f;
        if (!parseFault(faults[i], QStringLiteral("faults[%1]").arg(i), &f, problem))
            return false;
        s.faults.append(f);
    }
    for (qsizetype i = 0; i < captions.size(); ++i) {
        Caption cap;
        if (!parseCaption(captions[i], QStringLiteral("captions[%1]").arg(i), &cap, problem))
            return false;
        s.captions.append(cap);
    }
    if (!r.finish())
        return false;

    // Cross-field checks that name the problem.
    const auto resolved = s.resolvedClients();
    QSet<QString> names;
    for (const auto &c : resolved)
        names.insert(c.name);
    const int maxNodes = qMax(s.nodes, s.redlockNodes);
    for (qsizetype i = 0; i < s.faults.size(); ++i) {
        const auto &f = s.faults[i];
        const QString path = QStringLiteral("faults[%1]").arg(i);
        auto fail = [&](const QString &field, const QString &why) {
            *problem = {member(path, field), why};
            return false;
        };
        if (!f.client.isEmpty() && !names.contains(f.client))
            return fail(
                QStringLiteral("client"),
                QCoreApplication::translate("Scenario", "no client named \"%1\"").arg(f.client));
        if (!f.trigger.client.isEmpty() && !names.contains(f.trigger.client))
            return fail(QStringLiteral("trigger.client"),
                        QCoreApplication::translate("Scenario", "no client named \"%1\"")
                            .arg(f.trigger.client));
        if (f.node >= maxNodes)
            return fail(QStringLiteral("node"),
                        QCoreApplication::translate("Scenario", "%1 is out of range (0..%2)")
                            .arg(f.node)
                            .arg(maxNodes - 1));
        for (int n : f.nodes) {
            if (n >= maxNodes)
                return fail(QStringLiteral("nodes"),
                            QCoreApplication::translate("Scenario", "%1 is out of range (0..%2)")
                                .arg(n)
                                .arg(maxNodes - 1));
        }
        if (f.action == FaultSpec::Action::Failover && s.replicas < 1)
            return fail(
                QStringLiteral("action"),
                QCoreApplication::translate("Scenario", "a failover needs \"replicas\" >= 1"));
    }
    for (qsizetype i = 0; i < s.captions.size(); ++i) {
        const auto &c = s.captions[i];
        if (!c.client.isEmpty() && !names.contains(c.client)) {
            *problem = {
                QStringLiteral("captions[%1].client").arg(i),
                QCoreApplication::translate("Scenario", "no client named \"%1\"").arg(c.client)};
            return false;
        }
    }
    *out = s;
    return true;
}

// "A, B": the names of a list of clients, for messages.
QString clientNames(const QList<ClientSpec> &clients)
{
    QStringList names;
    for (const auto &c : clients)
        names.append(c.name);
    return names.join(QStringLiteral(", "));
}

} // namespace

QStringList knownFaultSteps()
{
    // The workload's own checkpoints and commands, which every strategy passes through, then
    // the steps of each built-in strategy (a custom strategy's are among them).
    QStringList steps = {QStringLiteral("acquire"), QStringLiteral("release"),
                         QStringLiteral("cs.get"), QStringLiteral("cs.set"),
                         QStringLiteral("release.publish")};
    for (const QString &id : strategyIds()) {
        for (const char *step : createStrategy(id)->info().steps) {
            const QString name = QString::fromLatin1(step);
            if (!steps.contains(name))
                steps.append(name);
        }
    }
    return steps;
}

QList<ClientSpec> Scenario::resolvedClients() const
{
    QList<ClientSpec> out = clients;
    if (out.isEmpty()) {
        for (int i = 0; i < clientCount; ++i) {
            ClientSpec c;
            c.name =
                clientCount <= 26 ? QString(QChar(u'A' + i)) : QStringLiteral("c%1").arg(i + 1);
            c.startMs = i * startStaggerMs;
            c.cycles = cycles;
            c.holdMs = holdMs;
            c.thinkMs = thinkMs;
            c.acquireTimeoutMs = acquireTimeoutMs;
            out.append(c);
        }
    }
    return out;
}

bool parseScenario(const QByteArray &json, const QString &origin, Scenario *out, QString *error)
{
    QJsonParseError perr;
    const auto doc = QJsonDocument::fromJson(json, &perr);
    if (perr.error != QJsonParseError::NoError) {
        // Qt gives a byte offset; a line number is what a person can find.
        *error = QStringLiteral("%1:%2: %3")
                     .arg(origin)
                     .arg(JsonLines::lineAtOffset(json, perr.offset))
                     .arg(perr.errorString());
        return false;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("%1:1: %2")
                     .arg(origin, QCoreApplication::translate("Scenario",
                                                              "a scenario must be a JSON object"));
        return false;
    }
    Problem problem;
    if (parseObject(doc.object(), out, &problem))
        return true;
    // "file:line: field: problem", as compilers say it, the line found from the field's path.
    const int line = JsonLines(json).lineOf(problem.path);
    *error = problem.path.isEmpty()
                 ? QStringLiteral("%1:%2: %3").arg(origin).arg(line).arg(problem.message)
                 : QStringLiteral("%1:%2: %3: %4")
                       .arg(origin)
                       .arg(line)
                       .arg(problem.path, problem.message);
    return false;
}

bool loadScenarioFile(const QString &path, Scenario *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("Scenario", "%1: cannot read the scenario file (%2)")
                     .arg(path, f.errorString());
        return false;
    }
    return parseScenario(f.readAll(), path, out, error);
}

QStringList builtinScenarioIds()
{
    return {
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
}

bool loadBuiltinScenario(const QString &id, Scenario *out, QString *error)
{
    QString ignored;
    if (!builtinScenarioIds().contains(id)) {
        if (error)
            *error = QCoreApplication::translate("Scenario", "unknown scenario \"%1\" (known: %2)")
                         .arg(id, builtinScenarioIds().join(QStringLiteral(", ")));
        return false;
    }
    return loadScenarioFile(QStringLiteral(":/scenarios/%1.json").arg(id), out,
                            error ? error : &ignored);
}

bool setClientCount(Scenario &scenario, int n, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (n < 1 || n > limits::kMaxClients)
        return fail(
            QCoreApplication::translate("Scenario", "the number of clients must be 1..%1, got %2")
                .arg(limits::kMaxClients)
                .arg(n));
    if (n < scenario.clients.size())
        return fail(QCoreApplication::translate(
                        "Scenario", "scenario %1 has a cast of %2 clients (%3); %4 would leave "
                                    "out %5 and what the scenario gives them")
                        .arg(scenario.id)
                        .arg(scenario.clients.size())
                        .arg(clientNames(scenario.clients))
                        .arg(n)
                        .arg(clientNames(scenario.clients.mid(n))));
    Scenario changed = scenario;
    changed.clientCount = n;
    if (!changed.clients.isEmpty()) {
        auto defaults = changed;
        defaults.clients.clear();
        const auto generic = defaults.resolvedClients();
        QSet<QString> taken;
        for (const auto &c : std::as_const(changed.clients))
            taken.insert(c.name);
        for (qsizetype i = changed.clients.size(); i < n; ++i) {
            ClientSpec c = generic[i];
            while (taken.contains(c.name))
                c.name += QLatin1Char('\'');
            taken.insert(c.name);
            changed.clients.append(c);
        }
    }
    // Every client the faults and captions name must still be there.
    QSet<QString> names;
    for (const auto &c : changed.resolvedClients())
        names.insert(c.name);
    auto missing = [&](const QString &name, const QString &where) {
        return fail(QCoreApplication::translate(
                        "Scenario", "with %1 clients scenario %2 has no client \"%3\", which its "
                                    "%4 names")
                        .arg(n)
                        .arg(scenario.id, name, where));
    };
    for (qsizetype i = 0; i < changed.faults.size(); ++i) {
        const FaultSpec &f = changed.faults[i];
        for (const QString &name : {f.client, f.trigger.client}) {
            if (!name.isEmpty() && !names.contains(name))
                return missing(name, QStringLiteral("faults[%1]").arg(i));
        }
    }
    for (qsizetype i = 0; i < changed.captions.size(); ++i) {
        const Caption &c = changed.captions[i];
        if (!c.client.isEmpty() && !names.contains(c.client))
            return missing(c.client, QStringLiteral("captions[%1]").arg(i));
    }
    scenario = std::move(changed);
    return true;
}

QString faultActionId(FaultSpec::Action action)
{
    switch (action) {
    case FaultSpec::Action::Pause:
        return QStringLiteral("pause");
    case FaultSpec::Action::Crash:
        return QStringLiteral("crash");
    case FaultSpec::Action::LoseReply:
        return QStringLiteral("lose_reply");
    case FaultSpec::Action::DelayReply:
        return QStringLiteral("delay_reply");
    case FaultSpec::Action::DelayRequest:
        return QStringLiteral("delay_request");
    case FaultSpec::Action::Partition:
        return QStringLiteral("partition");
    case FaultSpec::Action::NodeCrash:
        return QStringLiteral("node_crash");
    case FaultSpec::Action::NodeRestart:
        return QStringLiteral("node_restart");
    case FaultSpec::Action::Failover:
        return QStringLiteral("failover");
    case FaultSpec::Action::ClockJump:
        return QStringLiteral("clock_jump");
    }
    return {};
}

} // namespace lockscope
