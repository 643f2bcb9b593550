#include "scenario_writer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace lockscope {

namespace {

// title / explanation / a caption's text: a plain string when English is the only language (as
// the parser reads it back), else {"en": ..., "zh_CN": ...}. `english` is the text the parser
// takes from "en"; an empty one leaves "en" out. Undefined (not written) when there is no text.
QJsonValue translatedToJson(const QString &english, QMap<QString, QString> all)
{
    if (english.isEmpty())
        all.remove(QStringLiteral("en"));
    else
        all.insert(QStringLiteral("en"), english);
    if (all.isEmpty())
        return QJsonValue::Undefined;
    if (all.size() == 1 && all.contains(QStringLiteral("en")))
        return english;
    QJsonObject o;
    for (auto it = all.cbegin(); it != all.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

// Fields are inserted only when they differ from the default the parser would use.
void putIf(QJsonObject &o, const char *name, bool differs, const QJsonValue &v)
{
    if (differs && !v.isUndefined())
        o.insert(QLatin1String(name), v);
}

QJsonObject triggerToJson(const FaultTrigger &t)
{
    const FaultTrigger d;
    QJsonObject o;
    putIf(o, "client", t.client != d.client, t.client);
    if (t.steps.size() == 1)
        o.insert(QStringLiteral("step"), t.steps.first());
    else if (t.steps.size() > 1)
        o.insert(QStringLiteral("step"), QJsonArray::fromStringList(t.steps));
    putIf(o, "phase", t.phase != d.phase, t.phase);
    putIf(o, "occurrence", t.occurrence != d.occurrence, t.occurrence);
    putIf(o, "delay_ms", t.delayMs != d.delayMs, t.delayMs);
    putIf(o, "at_ms", t.atMs != d.atMs, t.atMs);
    return o;
}

QJsonObject faultToJson(const FaultSpec &f)
{
    const FaultSpec d;
    QJsonObject o;
    o.insert(QStringLiteral("action"), faultActionId(f.action));
    putIf(o, "client", f.client != d.client, f.client);
    putIf(o, "node", f.node != d.node, f.node);
    if (!f.nodes.isEmpty()) {
        QJsonArray nodes;
        for (int n : f.nodes)
            nodes.append(n);
        o.insert(QStringLiteral("nodes"), nodes);
    }
    putIf(o, "persistence", f.persistence != d.persistence, f.persistence);
    putIf(o, "duration_ms", f.durationMs != d.durationMs, f.durationMs);
    putIf(o, "jump_ms", f.jumpMs != d.jumpMs, f.jumpMs);
    o.insert(QStringLiteral("trigger"), triggerToJson(f.trigger));
    return o;
}

// An explicit client: what parseClient fills in for client i from the scenario is the default.
QJsonObject clientToJson(const ClientSpec &c, const Scenario &s, qsizetype i)
{
    const ClientSpec d;
    QJsonObject o;
    o.insert(QStringLiteral("name"), c.name);
    putIf(o, "start_ms", c.startMs != i * s.startStaggerMs, c.startMs);
    putIf(o, "hold_ms", !c.holdMs.sameAs(s.holdMs), c.holdMs.toJson());
    putIf(o, "think_ms", !c.thinkMs.sameAs(s.thinkMs), c.thinkMs.toJson());
    putIf(o, "cycles", c.cycles != s.cycles, c.cycles);
    putIf(o, "clock_offset_ms", c.clockOffsetMs != d.clockOffsetMs, c.clockOffsetMs);
    putIf(o, "nested", c.nested != d.nested, c.nested);
    putIf(o, "acquire_timeout_ms", c.acquireTimeoutMs != s.acquireTimeoutMs, c.acquireTimeoutMs);
    QJsonArray schedule;
    for (const ScheduledHold &h : c.schedule) {
        // Milliseconds with the microseconds as decimals: exact in a double for a day's run.
        QJsonObject e{{QStringLiteral("at_ms"), double(h.atUs) / 1000.0},
                      {QStringLiteral("key"), h.key},
                      {QStringLiteral("hold_ms"), double(h.holdUs) / 1000.0}};
        putIf(e, "ttl_ms", h.ttlMs != ScheduledHold{}.ttlMs, h.ttlMs);
        schedule.append(e);
    }
    putIf(o, "schedule", !schedule.isEmpty(), schedule);
    return o;
}

QJsonObject captionToJson(const Caption &c)
{
    const Caption d;
    QJsonObject o;
    o.insert(QStringLiteral("on"), c.eventKind);
    putIf(o, "client", c.client != d.client, c.client);
    putIf(o, "occurrence", c.occurrence != d.occurrence, c.occurrence);
    putIf(o, "text", true, translatedToJson(c.text.value(QStringLiteral("en")), c.text));
    return o;
}

// The key order of each kind of object in the built-in files; `context` is the key the object
// (or the list holding it) sits under, "" for the top level. Keys not listed follow in
// alphabetical order.
const QStringList &keyOrder(const QString &context)
{
    static const QStringList top = {
        QStringLiteral("id"),
        QStringLiteral("title"),
        QStringLiteral("summary"),
        QStringLiteral("explanation"),
        // Workload.
        QStringLiteral("clients"),
        QStringLiteral("keys"),
        QStringLiteral("key_names"),
        QStringLiteral("ttl_ms"),
        QStringLiteral("hold_ms"),
        QStringLiteral("think_ms"),
        QStringLiteral("cycles"),
        QStringLiteral("start_stagger_ms"),
        QStringLiteral("duration_ms"),
        QStringLiteral("acquire_timeout_ms"),
        QStringLiteral("wait"),
        // World.
        QStringLiteral("nodes"),
        QStringLiteral("redlock_nodes"),
        QStringLiteral("replicas"),
        QStringLiteral("replication_lag_ms"),
        QStringLiteral("latency_ms"),
        QStringLiteral("jitter_ms"),
        QStringLiteral("request_timeout_ms"),
        QStringLiteral("node_timeout_ms"),
        QStringLiteral("client_list"),
        QStringLiteral("faults"),
        QStringLiteral("captions"),
    };
    static const QStringList client = {
        QStringLiteral("name"),     QStringLiteral("start_ms"),
        QStringLiteral("hold_ms"),  QStringLiteral("think_ms"),
        QStringLiteral("cycles"),   QStringLiteral("clock_offset_ms"),
        QStringLiteral("nested"),   QStringLiteral("acquire_timeout_ms"),
        QStringLiteral("schedule"),
    };
    static const QStringList scheduled = {QStringLiteral("at_ms"), QStringLiteral("key"),
                                          QStringLiteral("hold_ms"), QStringLiteral("ttl_ms")};
    static const QStringList fault = {
        QStringLiteral("action"),  QStringLiteral("client"),      QStringLiteral("node"),
        QStringLiteral("nodes"),   QStringLiteral("persistence"), QStringLiteral("duration_ms"),
        QStringLiteral("jump_ms"), QStringLiteral("trigger"),
    };
    static const QStringList trigger = {
        QStringLiteral("client"),     QStringLiteral("step"),     QStringLiteral("phase"),
        QStringLiteral("occurrence"), QStringLiteral("delay_ms"), QStringLiteral("at_ms"),
    };
    static const QStringList caption = {QStringLiteral("on"), QStringLiteral("client"),
                                        QStringLiteral("occurrence"), QStringLiteral("text")};
    static const QStringList text = {QStringLiteral("en"), QStringLiteral("zh_CN")};
    if (context.isEmpty())
        return top;
    if (context == QLatin1String("client_list"))
        return client;
    if (context == QLatin1String("faults"))
        return fault;
    if (context == QLatin1String("trigger"))
        return trigger;
    if (context == QLatin1String("captions"))
        return caption;
    if (context == QLatin1String("schedule"))
        return scheduled;
    return text;
}

// A number, string, bool or null exactly as Qt writes it (escapes, shortest round-trip doubles).
QByteArray scalarJson(const QJsonValue &v)
{
    const QByteArray a = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2); // without the array's brackets
}

// Two spaces per level, one member or element per line, as the built-in files are laid out.
void writeValue(QByteArray &out, const QJsonValue &v, const QString &context, int depth)
{
    const QByteArray pad((depth + 1) * 2, ' ');
    const QByteArray closePad(depth * 2, ' ');
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        if (a.isEmpty()) {
            out += "[]";
            return;
        }
        out += "[\n";
        for (qsizetype i = 0; i < a.size(); ++i) {
            out += pad;
            writeValue(out, a[i], context, depth + 1); // elements are of their list's kind
            out += i + 1 < a.size() ? ",\n" : "\n";
        }
        out += closePad + ']';
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        if (o.isEmpty()) {
            out += "{}";
            return;
        }
        QStringList keys;
        for (const QString &k : keyOrder(context)) {
            if (o.contains(k))
                keys.append(k);
        }
        for (const QString &k : o.keys()) {
            if (!keys.contains(k))
                keys.append(k);
        }
        out += "{\n";
        for (qsizetype i = 0; i < keys.size(); ++i) {
            out += pad + scalarJson(keys[i]) + ": ";
            writeValue(out, o.value(keys[i]), keys[i], depth + 1);
            out += i + 1 < keys.size() ? ",\n" : "\n";
        }
        out += closePad + '}';
    } else {
        out += scalarJson(v);
    }
}

} // namespace

QJsonObject scenarioToJsonObject(const Scenario &s)
{
    const Scenario d;
    QJsonObject o;
    o.insert(QStringLiteral("id"), s.id);
    putIf(o, "title", true, translatedToJson(s.title, s.titleTr));
    putIf(o, "summary", s.summary != d.summary, s.summary);
    putIf(o, "explanation", true, translatedToJson(s.explanation, s.explanationTr));

    // With a client_list the list is the cast; the parser refuses a "clients" that disagrees.
    const bool countExpressible = s.clients.isEmpty() || s.clientCount == s.clients.size();
    putIf(o, "clients", countExpressible && s.clientCount != d.clientCount, s.clientCount);
    // With key_names the names are the keys; the parser refuses a "keys" that disagrees.
    putIf(o, "keys", s.keyNames.isEmpty() && s.keyCount != d.keyCount, s.keyCount);
    putIf(o, "key_names", !s.keyNames.isEmpty(), QJsonArray::fromStringList(s.keyNames));
    putIf(o, "ttl_ms", s.ttlMs != d.ttlMs, s.ttlMs);
    putIf(o, "hold_ms", !s.holdMs.sameAs(d.holdMs), s.holdMs.toJson());
    putIf(o, "think_ms", !s.thinkMs.sameAs(d.thinkMs), s.thinkMs.toJson());
    putIf(o, "cycles", s.cycles != d.cycles, s.cycles);
    putIf(o, "start_stagger_ms", s.startStaggerMs != d.startStaggerMs, s.startStaggerMs);
    putIf(o, "duration_ms", s.durationMs != d.durationMs, s.durationMs);
    putIf(o, "acquire_timeout_ms", s.acquireTimeoutMs != d.acquireTimeoutMs, s.acquireTimeoutMs);
    putIf(o, "wait", s.waitMode != d.waitMode, s.waitMode);

    putIf(o, "nodes", s.nodes != d.nodes, s.nodes);
    putIf(o, "redlock_nodes", s.redlockNodes != d.redlockNodes, s.redlockNodes);
    putIf(o, "replicas", s.replicas != d.replicas, s.replicas);
    putIf(o, "replication_lag_ms", s.replicationLagMs != d.replicationLagMs, s.replicationLagMs);
    putIf(o, "latency_ms", s.latencyMs != d.latencyMs, s.latencyMs);
    putIf(o, "jitter_ms", s.jitterMs != d.jitterMs, s.jitterMs);
    putIf(o, "request_timeout_ms", s.requestTimeoutMs != d.requestTimeoutMs, s.requestTimeoutMs);
    putIf(o, "node_timeout_ms", s.nodeTimeoutMs != d.nodeTimeoutMs, s.nodeTimeoutMs);

    QJsonArray clients, faults, captions;
    for (qsizetype i = 0; i < s.clients.size(); ++i)
        clients.append(clientToJson(s.clients[i], s, i));
    for (const FaultSpec &f : s.faults)
        faults.append(faultToJson(f));
    for (const Caption &c : s.captions)
        captions.append(captionToJson(c));
    putIf(o, "client_list", !clients.isEmpty(), clients);
    putIf(o, "faults", !faults.isEmpty(), faults);
    putIf(o, "captions", !captions.isEmpty(), captions);
    return o;
}

QByteArray scenarioToJson(const Scenario &s)
{
    QByteArray out;
    writeValue(out, scenarioToJsonObject(s), QString(), 0);
    out += '\n';
    return out;
}

bool writeScenarioFile(const QString &path, const Scenario &scenario, QString *why)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(scenarioToJson(scenario)) >= 0 &&
        file.commit())
        return true;
    if (why)
        *why = file.errorString();
    return false;
}

} // namespace lockscope
