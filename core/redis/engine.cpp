// Engine: the public face of the embedded Redis node. State and rules live in EngineCore
// (engine_core.h), the commands in engine_commands_*.cpp.
#include "engine.h"

#include "engine_core.h"

#include <algorithm>

namespace lockscope {

class Engine::Impl : public redis::EngineCore {
public:
    using EngineCore::EngineCore;
};

using redis::KeyValue;

Engine::Engine(Clock clock)
    : d(std::make_unique<Impl>(std::move(clock)))
{}

Engine::~Engine() = default;

Reply Engine::execute(const Command &argv, int session)
{
    return d->execute(argv, session);
}

void Engine::cacheScript(const QByteArray &sha1, const QByteArray &body)
{
    d->scripting().cacheUncompiled(sha1, body);
}

void Engine::setKeyObserver(std::function<void(const KeyChange &)> observer)
{
    d->setObserver(std::move(observer));
}

void Engine::setMessageSink(MessageSink sink)
{
    d->setSink(std::move(sink));
}

void Engine::dropSession(int session)
{
    d->pubsub.dropSession(session);
}

void Engine::expireDue()
{
    d->expireDue();
}

qint64 Engine::nextExpiryMs() const
{
    // A key expires once now > deadline, so the first millisecond with work is deadline + 1.
    const qint64 deadline = d->keyspace.earliestDeadline();
    return deadline < 0 ? -1 : deadline + 1;
}

Engine::KeySnapshot Engine::snapshot(const QByteArray &key) const
{
    KeySnapshot snap;
    snap.key = key;
    const KeyValue *value = d->keyspace.find(key);
    if (!value || (value->expireAt >= 0 && d->nowMs() > value->expireAt))
        return snap; // absent, or logically expired
    snap.exists = true;
    snap.expireAtMs = value->expireAt;
    if (value->type == KeyValue::Type::String) {
        snap.type = QByteArrayLiteral("string");
        snap.value = value->str;
    } else {
        snap.type = QByteArrayLiteral("hash");
        snap.fields.reserve(qsizetype(value->fields.size()));
        for (const auto &[field, fieldValue] : value->fields)
            snap.fields.append({field, fieldValue});
    }
    return snap;
}

qint64 Engine::expireAtMs(const QByteArray &key) const
{
    const KeyValue *value = d->keyspace.find(key);
    if (!value || (value->expireAt >= 0 && d->nowMs() > value->expireAt))
        return -1; // absent, or logically expired
    return value->expireAt;
}

void Engine::applySnapshot(const KeySnapshot &snap)
{
    if (!snap.exists) {
        d->keyspace.erase(snap.key);
        return;
    }
    KeyValue *value = d->keyspace.find(snap.key);
    if (!value)
        value = &d->keyspace.insert(snap.key);
    if (snap.type == "hash") {
        value->type = KeyValue::Type::Hash;
        value->str.clear();
        value->fields.clear();
        for (const auto &[field, fieldValue] : snap.fields)
            value->fields.emplace_back(field, fieldValue);
    } else {
        value->type = KeyValue::Type::String;
        value->fields.clear();
        value->str = snap.value;
    }
    if (snap.expireAtMs >= 0)
        d->keyspace.setExpire(snap.key, *value, snap.expireAtMs);
    else
        d->keyspace.removeExpire(*value);
}

QList<QByteArray> Engine::keys() const
{
    const qint64 now = d->nowMs();
    QList<QByteArray> out;
    out.reserve(qsizetype(d->keyspace.size()));
    d->keyspace.forEach([&](const QByteArray &key, const KeyValue &value) {
        if (value.expireAt < 0 || !(now > value.expireAt))
            out.append(key);
    });
    std::sort(out.begin(), out.end());
    return out;
}

void Engine::flushAll()
{
    d->keyspace.clear();
}

void Engine::flushScripts()
{
    if (d->hasScripting())
        d->scripting().flush();
}

qint64 Engine::nowMs() const
{
    return d->nowMs();
}

void Engine::setScriptLimits(const ScriptLimits &limits)
{
    d->scriptLimits = limits;
    if (d->hasScripting())
        d->scripting().setLimits(limits);
}

ScriptStop Engine::scriptStop() const
{
    return d->firstScriptStop;
}

quint64 Engine::commandsExecuted() const
{
    return d->commandCount;
}

} // namespace lockscope
