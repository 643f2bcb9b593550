#include "scenario.h"

#include "events/event.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <climits>
#include <limits>

namespace lockscope {

namespace {

// Reads one JSON object field by field, remembering which fields were read, so that a typo in a
// scenario file ("ttl" for "ttl_ms") is reported instead of silently ignored.
class FieldReader {
public:
    FieldReader(const QJsonObject &o, QString where)
        : m_o(o)
        , m_where(std::move(where))
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

    template <typename Int> bool integer(const char *name, Int *out, qint64 min)
    {
        const auto v = take(name);
        if (v.isUndefined())
            return true;
        if (!v.isDouble() || v.toDouble() != double(v.toInteger()))
            return fail(name, QCoreApplication::translate("Scenario", "must be a whole number"));
        if (v.toInteger() < min)
            return fail(name,
                        QCoreApplication::translate("Scenario", "must be at least %1").arg(min));
        if (v.toInteger() > qint64(std::numeric_limits<Int>::max()))
            return fail(name, QCoreApplication::translate("Scenario", "must be at most %1")
                                  .arg(std::numeric_limits<Int>::max()));
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

    // Fails on any field nobody asked for.
    bool finish()
    {
        for (auto it = m_o.begin(); it != m_o.end(); ++it) {
            if (!m_seen.contains(it.key())) {
                m_error = QCoreApplication::translate("Scenario", "%1: unknown field \"%2\"")
                              .arg(m_where, it.key());
                return false;
            }
        }
        return true;
    }

    bool fail(const char *name, const QString &why)
    {
        m_error = QStringLiteral("%1.%2: %3").arg(m_where, QLatin1String(name), why);
        return false;
    }
    bool failWith(const QString &message)
    {
        m_error = QStringLiteral("%1: %2").arg(m_where, message);
        return false;
    }
    const QString &error() const { return m_error; }
    const QString &where() const { return m_where; }

private:
    QJsonObject m_o;
    QString m_where;
    QSet<QString> m_seen;
    QString m_error;
};

bool parseAction(const QString &id, FaultSpec::Action *out)
{
    static const QList<QPair<QString, FaultSpec::Action>> actions = {
        {QStringLiteral("pause"), FaultSpec::Action::Pause},
        {QStringLiteral("crash"), FaultSpec::Action::Crash},
        {QStringLiteral("lose_reply"), FaultSpec::Action::LoseReply},
        {QStringLiteral("delay_reply"), FaultSpec::Action::DelayReply},
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

bool parseTrigger(const QJsonValue &v, const QString &where, FaultTrigger *t, QString *error)
{
    FieldReader r(v.toObject(), where);
    if (!v.isObject()) {
        *error = where + QCoreApplication::translate("Scenario", ": must be an object");
        return false;
    }
    const auto steps = r.take("step");
    if (steps.isString()) {
        t->steps = {steps.toString()};
    } else if (steps.isArray()) {
        for (const auto &s : steps.toArray())
            t->steps.append(s.toString());
    } else if (!steps.isUndefined()) {
        *error = where + QCoreApplication::translate(
                             "Scenario", ".step: must be a step name or a list of alternatives");
        return false;
    }
    bool ok = r.integer("at_ms", &t->atMs, 0) && r.string("client", &t->client) &&
              r.string("phase", &t->phase) && r.integer("occurrence", &t->occurrence, 1) &&
              r.integer("delay_ms", &t->delayMs, 0) && r.finish();
    if (ok && t->phase != QLatin1String("before") && t->phase != QLatin1String("sent") &&
        t->phase != QLatin1String("after"))
        ok = r.fail("phase",
                    QCoreApplication::translate("Scenario", "must be before, sent or after"));
    if (ok && t->steps.isEmpty() && t->atMs < 0)
        ok = r.failWith(QCoreApplication::translate("Scenario", "needs at_ms or step"));
    if (ok && !t->steps.isEmpty() && t->client.isEmpty())
        ok = r.failWith(QCoreApplication::translate(
            "Scenario", "a step trigger needs the client whose step it is"));
    if (!ok)
        *error = r.error();
    return ok;
}

bool parseFault(const QJsonValue &v, const QString &where, FaultSpec *f, QString *error)
{
    if (!v.isObject()) {
        *error = where + QCoreApplication::translate("Scenario", ": must be an object");
        return false;
    }
    FieldReader r(v.toObject(), where);
    QString action;
    if (!r.string("action", &action))
        return *error = r.error(), false;
    if (!parseAction(action, &f->action)) {
        *error = QCoreApplication::translate(
                     "Scenario", "%1.action: unknown fault \"%2\" (pause, crash, lose_reply, "
                                 "delay_reply, partition, node_crash, node_restart, failover, "
                                 "clock_jump)")
                     .arg(where, action);
        return false;
    }
    const auto trig = r.take("trigger");
    if (trig.isUndefined()) {
        *error = where + QCoreApplication::translate("Scenario", ": needs a trigger");
        return false;
    }
    if (!parseTrigger(trig, where + QStringLiteral(".trigger"), &f->trigger, error))
        return false;
    const auto nodes = r.take("nodes");
    if (!nodes.isUndefined() && !nodes.isArray()) {
        *error = where +
                 QCoreApplication::translate("Scenario", ".nodes: must be a list of node indexes");
        return false;
    }
    for (const auto &n : nodes.toArray()) {
        if (!n.isDouble() || n.toDouble() != double(n.toInteger()) || n.toInteger() < 0 ||
            n.toInteger() > INT_MAX) {
            *error = where + QCoreApplication::translate("Scenario",
                                                         ".nodes: must be a list of node indexes");
            return false;
        }
        f->nodes.append(int(n.toInteger()));
    }
    bool ok = r.string("client", &f->client) && r.integer("node", &f->node, 0) &&
              r.integer("duration_ms", &f->durationMs, -1) &&
              r.integer("jump_ms", &f->jumpMs, INT_MIN) &&
              r.boolean("persistence", &f->persistence) && r.finish();
    const bool clientFault = f->action <= FaultSpec::Action::Partition;
    if (ok && clientFault && f->client.isEmpty())
        ok = r.failWith(
            QCoreApplication::translate("Scenario", "a %1 fault needs a client").arg(action));
    if (!ok)
        *error = r.error();
    return ok;
}

} // namespace

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
        const int line = int(json.left(perr.offset).count('\n')) + 1;
        *error = QStringLiteral("%1:%2: %3").arg(origin).arg(line).arg(perr.errorString());
        return false;
    }
    if (!doc.isObject()) {
        *error =
            origin + QCoreApplication::translate("Scenario", ": a scenario must be a JSON object");
        return false;
    }
    Scenario s;
    FieldReader r(doc.object(), origin);
    bool ok = r.string("id", &s.id) && r.translated("title", &s.title, &s.titleTr) &&
              r.string("summary", &s.summary) &&
              r.translated("explanation", &s.explanation, &s.explanationTr) &&
              r.integer("clients", &s.clientCount, 1) && r.integer("keys", &s.keyCount, 1) &&
              r.integer("ttl_ms", &s.ttlMs, 1) && r.distribution("hold_ms", &s.holdMs) &&
              r.distribution("think_ms", &s.thinkMs) && r.integer("cycles", &s.cycles, -1) &&
              r.integer("start_stagger_ms", &s.startStaggerMs, 0) &&
              r.integer("duration_ms", &s.durationMs, 1) &&
              r.integer("acquire_timeout_ms", &s.acquireTimeoutMs, -1) &&
              r.string("wait", &s.waitMode) && r.integer("nodes", &s.nodes, 1) &&
              r.integer("redlock_nodes", &s.redlockNodes, 1) &&
              r.integer("replicas", &s.replicas, 0) &&
              r.integer("replication_lag_ms", &s.replicationLagMs, 0) &&
              r.number("latency_ms", &s.latencyMs) && r.number("jitter_ms", &s.jitterMs) &&
              r.integer("request_timeout_ms", &s.requestTimeoutMs, 1) &&
              r.integer("node_timeout_ms", &s.nodeTimeoutMs, 1);
    if (!ok)
        return *error = r.error(), false;
    if (s.id.isEmpty())
        return *error = origin + QCoreApplication::translate("Scenario", ": missing \"id\""), false;
    if (s.waitMode != QLatin1String("spin") && s.waitMode != QLatin1String("backoff") &&
        s.waitMode != QLatin1String("pubsub"))
        return *error =
                   origin + QCoreApplication::translate(
                                "Scenario", ".wait: must be spin, backoff or pubsub, got \"%1\"")
                                .arg(s.waitMode),
               false;

    // A list field that is not a list would otherwise be silently ignored.
    for (const char *list : {"client_list", "faults", "captions"}) {
        if (r.has(list) && !r.take(list).isArray())
            return *error = QCoreApplication::translate("Scenario", "%1.%2: must be a list")
                                .arg(origin, QLatin1String(list)),
                   false;
    }

    const auto clients = r.take("client_list");
    for (qsizetype i = 0; i < clients.toArray().size(); ++i) {
        const QString where = QStringLiteral("%1.client_list[%2]").arg(origin).arg(i);
        FieldReader c(clients.toArray()[i].toObject(), where);
        ClientSpec spec;
        spec.holdMs = s.holdMs;
        spec.thinkMs = s.thinkMs;
        spec.cycles = s.cycles;
        spec.startMs = i * s.startStaggerMs;
        spec.acquireTimeoutMs = s.acquireTimeoutMs;
        if (!(c.string("name", &spec.name) && c.integer("start_ms", &spec.startMs, 0) &&
              c.integer("cycles", &spec.cycles, -1) && c.distribution("hold_ms", &spec.holdMs) &&
              c.distribution("think_ms", &spec.thinkMs) &&
              c.integer("clock_offset_ms", &spec.clockOffsetMs, INT_MIN) &&
              c.boolean("nested", &spec.nested) &&
              c.integer("acquire_timeout_ms", &spec.acquireTimeoutMs, -1) && c.finish()))
            return *error = c.error(), false;
        if (spec.name.isEmpty())
            return *error =
                       where + QCoreApplication::translate("Scenario", ": a client needs a name"),
                   false;
        for (const auto &other : std::as_const(s.clients)) {
            if (other.name == spec.name)
                return *error = where + QCoreApplication::translate(
                                            "Scenario", ".name: \"%1\" is taken by another client")
                                            .arg(spec.name),
                       false;
        }
        s.clients.append(spec);
    }

    const auto faults = r.take("faults").toArray();
    for (qsizetype i = 0; i < faults.size(); ++i) {
        FaultSpec f;
        if (!parseFault(faults[i], QStringLiteral("%1.faults[%2]").arg(origin).arg(i), &f, error))
            return false;
        s.faults.append(f);
    }

    const auto captions = r.take("captions").toArray();
    for (qsizetype i = 0; i < captions.size(); ++i) {
        const QString where = QStringLiteral("%1.captions[%2]").arg(origin).arg(i);
        FieldReader c(captions[i].toObject(), where);
        Caption cap;
        QString english;
        if (!(c.string("on", &cap.eventKind) && c.string("client", &cap.client) &&
              c.integer("occurrence", &cap.occurrence, 1) &&
              c.translated("text", &english, &cap.text) && c.finish()))
            return *error = c.error(), false;
        if (cap.eventKind.isEmpty() || english.isEmpty())
            return *error = where + QCoreApplication::translate(
                                        "Scenario", ": a caption needs \"on\" and \"text\""),
                   false;
        EventKind kind;
        if (!parseEventKind(cap.eventKind.toUtf8().constData(), &kind))
            return *error = where + QCoreApplication::translate("Scenario",
                                                                ".on: unknown event kind \"%1\"")
                                        .arg(cap.eventKind),
                   false;
        s.captions.append(cap);
    }
    if (!r.finish())
        return *error = r.error(), false;

    // Cross-field checks that name the problem.
    const auto resolved = s.resolvedClients();
    QSet<QString> names;
    for (const auto &c : resolved)
        names.insert(c.name);
    for (qsizetype i = 0; i < s.faults.size(); ++i) {
        const auto &f = s.faults[i];
        const QString where = QStringLiteral("%1.faults[%2]").arg(origin).arg(i);
        if (!f.client.isEmpty() && !names.contains(f.client))
            return *error =
                       where + QCoreApplication::translate("Scenario", ": no client named \"%1\"")
                                   .arg(f.client),
                   false;
        if (!f.trigger.client.isEmpty() && !names.contains(f.trigger.client))
            return *error = where + QCoreApplication::translate("Scenario",
                                                                ".trigger: no client named \"%1\"")
                                        .arg(f.trigger.client),
                   false;
        const int maxNodes = qMax(s.nodes, s.redlockNodes);
        if (f.node >= maxNodes)
            return *error = where + QCoreApplication::translate("Scenario",
                                                                ".node: %1 is out of range (0..%2)")
                                        .arg(f.node)
                                        .arg(maxNodes - 1),
                   false;
        for (int n : f.nodes) {
            if (n >= maxNodes)
                return *error = where + QCoreApplication::translate(
                                            "Scenario", ".nodes: %1 is out of range (0..%2)")
                                            .arg(n)
                                            .arg(maxNodes - 1),
                       false;
        }
        if (f.action == FaultSpec::Action::Failover && s.replicas < 1)
            return *error = where + QCoreApplication::translate(
                                        "Scenario", ": a failover needs \"replicas\" >= 1"),
                   false;
    }
    *out = s;
    return true;
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

void setClientCount(Scenario &scenario, int n)
{
    scenario.clientCount = n;
    if (scenario.clients.isEmpty())
        return;
    auto defaults = scenario;
    defaults.clients.clear();
    defaults.clientCount = n;
    const auto generic = defaults.resolvedClients();
    if (scenario.clients.size() > n)
        scenario.clients.resize(n);
    QSet<QString> taken;
    for (const auto &c : scenario.clients)
        taken.insert(c.name);
    for (qsizetype i = scenario.clients.size(); i < n; ++i) {
        ClientSpec c = generic[i];
        while (taken.contains(c.name))
            c.name += QLatin1Char('\'');
        taken.insert(c.name);
        scenario.clients.append(c);
    }
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
