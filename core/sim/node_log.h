// How a lock node's key changes and its final state read in the event log, and the scripts a
// node starts with. One conversion for the simulator (SimWorld) and for the live runner's key
// observer (core/live/live_key_observer.h), which replays a real server's commands on a shadow
// SimNode: the Checker then judges both worlds' key events the same way.
#pragma once

#include "events/event.h"
#include "sim_node.h"

#include <QSet>

#include <optional>

namespace lockscope {

class StringPool;

// The event for `change` of lock key `key` (interned) on `node`, whose log index is
// `nodeIndex`; the caller sets its time. `texts`: where a written value is interned as the
// event's text (nullptr: no text, and no copy of the value either).
// The kind of event keyChangeEvent() makes of a change of this kind.
EventKind keyChangeKind(Engine::KeyChange::Kind kind);
Event keyChangeEvent(const SimNode::Change &change, SimNode &node, qint16 nodeIndex, quint32 key,
                     StringPool *texts);

// KeyFinal for `key` (interned as `keyId`) as the node's primary holds it now: its TTL in ms
// (-1 none) and owner. Nothing when the key is absent. The caller sets the time.
std::optional<Event> keyFinalEvent(SimNode &node, qint16 nodeIndex, const QByteArray &key,
                                   quint32 keyId);

// Loads the built-in scripts into the engine, as client libraries do (SCRIPT LOAD, or a first
// EVAL) before the interesting part of a run: all of them, or those whose SHA1 is in `only`
// (what a real server was found to have cached).
void preloadBuiltinScripts(Engine &engine, const QSet<QByteArray> *only = nullptr);

} // namespace lockscope
