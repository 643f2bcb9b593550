#include "node_log.h"

#include "events/event_log.h"
#include "lock/script.h"

namespace lockscope {

namespace {

Event keyEvent(EventKind kind, qint16 client, qint16 node, quint32 key, quint32 text, qint64 value,
               qint16 owner)
{
    Event e;
    e.kind = kind;
    e.client = client;
    e.node = node;
    e.owner = owner;
    e.key = key;
    e.text = text;
    e.value = value;
    return e;
}

} // namespace

EventKind keyChangeKind(Engine::KeyChange::Kind kind)
{
    switch (kind) {
    case Engine::KeyChange::Kind::Written:
        return EventKind::KeyWritten;
    case Engine::KeyChange::Kind::ExpireChanged:
        return EventKind::KeyTtlChanged;
    case Engine::KeyChange::Kind::Deleted:
        return EventKind::KeyDeleted;
    case Engine::KeyChange::Kind::Expired:
        break;
    }
    return EventKind::KeyExpired;
}

Event keyChangeEvent(const SimNode::Change &c, SimNode &node, qint16 nodeIndex, quint32 key,
                     StringPool *texts)
{
    Engine &engine = node.primary();
    const auto ttlOf = [&](qint64 expireAtMs) -> qint64 {
        return expireAtMs < 0 ? -1 : qMax<qint64>(0, expireAtMs - engine.nowMs());
    };
    switch (c.kind) {
    case Engine::KeyChange::Kind::Written: {
        // The value is needed only for the text; otherwise the deadline alone is cheaper to get.
        quint32 text = 0;
        qint64 deadline = -1;
        if (texts) {
            const auto snap = engine.snapshot(c.key);
            deadline = snap.expireAtMs;
            QByteArray value = snap.value;
            if (snap.type == "hash") {
                value.clear();
                for (const auto &[field, v] : snap.fields)
                    value += (value.isEmpty() ? "" : " ") + field + '=' + v;
            }
            text = texts->intern(value);
        } else {
            deadline = c.expireAtMs; // read by the node when it reported the change
        }
        return keyEvent(EventKind::KeyWritten, c.byClient, nodeIndex, key, text, ttlOf(deadline),
                        c.ownerAfter);
    }
    case Engine::KeyChange::Kind::ExpireChanged:
        return keyEvent(EventKind::KeyTtlChanged, c.byClient, nodeIndex, key, 0,
                        ttlOf(c.expireAtMs), c.ownerAfter);
    case Engine::KeyChange::Kind::Deleted:
        return keyEvent(EventKind::KeyDeleted, c.byClient, nodeIndex, key, 0, 0, c.ownerBefore);
    case Engine::KeyChange::Kind::Expired:
        break;
    }
    return keyEvent(EventKind::KeyExpired, kNoClient, nodeIndex, key, 0, 0, c.ownerBefore);
}

std::optional<Event> keyFinalEvent(SimNode &node, qint16 nodeIndex, const QByteArray &key,
                                   quint32 keyId)
{
    const auto snap = node.primary().snapshot(key);
    if (!snap.exists)
        return std::nullopt;
    const qint64 ttl = snap.expireAtMs < 0 ? -1 : snap.expireAtMs - node.primary().nowMs();
    return keyEvent(EventKind::KeyFinal, kNoClient, nodeIndex, keyId, 0, ttl, node.ownerOf(key));
}

void preloadBuiltinScripts(Engine &engine, const QSet<QByteArray> *only)
{
    for (const auto &name : builtinScriptNames()) {
        const LuaScript &script = builtinScript(name);
        if (only && !only->contains(script.sha1))
            continue;
        engine.cacheScript(script.sha1, script.body);
    }
}

} // namespace lockscope
