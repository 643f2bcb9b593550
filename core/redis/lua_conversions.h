// Conversions between Redis replies and Lua values as redis-server 7.0 makes them (RESP2), reply
// for reply in test_engine_differential: what redis.call() hands to the script, and what the
// script's return value becomes. Also the {err=...} tables that carry errors inside scripts.
#pragma once

#include "reply.h"

struct lua_State;

namespace lockscope::redis::lua {

// The string at `idx` (numbers converted), or an empty QByteArray.
QByteArray toBytes(lua_State *L, int idx);

// luaPushErrorBuff(): pushes {err="<CODE> <msg>"}. "-CODE msg" keeps its code, "-msg" (no
// space) and plain "msg" get ERR; the message is trimmed of CR/LF at both ends.
void pushErrorBuff(lua_State *L, const QByteArray &buffer);
// luaPushError(): the same for a message without a code.
void pushError(lua_State *L, const char *msg);

// redisProtocolToLuaType(): integer -> number, bulk -> string, nil -> false,
// status -> {ok=...}, error -> {err=...}, array -> table.
void pushReply(lua_State *L, const Reply &reply);

// luaReplyToRedisReply(): converts and pops the value on top of the stack. Numbers truncate to
// integers, strings are bulk, true is 1, false/nil are nil, {err=}/{ok=} are error/status,
// other tables are arrays up to the first nil (plus Redis's double/map/set/... forms).
Reply popAsReply(lua_State *L);

} // namespace lockscope::redis::lua
