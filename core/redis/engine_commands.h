// Command handlers, one family per engine_commands_*.cpp file. Each is called with an argument
// count that already passed the arity check of its table entry.
#pragma once

#include "engine_core.h"

namespace lockscope::redis {

// Error replies shared by several families (static data, no allocation).
Reply wrongTypeError();
Reply syntaxError();
Reply notIntegerError();
Reply arityError(const char *fullName);

#define LOCKSCOPE_COMMAND(name) Reply name(EngineCore &core, const Command &argv, ExecCtx &ctx)

// strings (engine_commands_strings.cpp)
LOCKSCOPE_COMMAND(cmdGet);
LOCKSCOPE_COMMAND(cmdSet);
LOCKSCOPE_COMMAND(cmdSetNx);
LOCKSCOPE_COMMAND(cmdSetEx);
LOCKSCOPE_COMMAND(cmdPSetEx);
LOCKSCOPE_COMMAND(cmdGetSet);
LOCKSCOPE_COMMAND(cmdGetDel);
LOCKSCOPE_COMMAND(cmdGetEx);
LOCKSCOPE_COMMAND(cmdMGet);
LOCKSCOPE_COMMAND(cmdMSet);
LOCKSCOPE_COMMAND(cmdMSetNx);
LOCKSCOPE_COMMAND(cmdIncr);
LOCKSCOPE_COMMAND(cmdDecr);
LOCKSCOPE_COMMAND(cmdIncrBy);
LOCKSCOPE_COMMAND(cmdDecrBy);
LOCKSCOPE_COMMAND(cmdAppend);
LOCKSCOPE_COMMAND(cmdStrLen);

// keys and TTLs (engine_commands_keys.cpp)
LOCKSCOPE_COMMAND(cmdDel);
LOCKSCOPE_COMMAND(cmdExists);
LOCKSCOPE_COMMAND(cmdTouch);
LOCKSCOPE_COMMAND(cmdType);
LOCKSCOPE_COMMAND(cmdExpire);
LOCKSCOPE_COMMAND(cmdPExpire);
LOCKSCOPE_COMMAND(cmdExpireAt);
LOCKSCOPE_COMMAND(cmdPExpireAt);
LOCKSCOPE_COMMAND(cmdTtl);
LOCKSCOPE_COMMAND(cmdPTtl);
LOCKSCOPE_COMMAND(cmdExpireTime);
LOCKSCOPE_COMMAND(cmdPExpireTime);
LOCKSCOPE_COMMAND(cmdPersist);
LOCKSCOPE_COMMAND(cmdScan);
LOCKSCOPE_COMMAND(cmdKeys);
LOCKSCOPE_COMMAND(cmdDbSize);
LOCKSCOPE_COMMAND(cmdFlushAll);

// hashes (engine_commands_hash.cpp)
LOCKSCOPE_COMMAND(cmdHSet);
LOCKSCOPE_COMMAND(cmdHMSet);
LOCKSCOPE_COMMAND(cmdHSetNx);
LOCKSCOPE_COMMAND(cmdHGet);
LOCKSCOPE_COMMAND(cmdHMGet);
LOCKSCOPE_COMMAND(cmdHGetAll);
LOCKSCOPE_COMMAND(cmdHKeys);
LOCKSCOPE_COMMAND(cmdHVals);
LOCKSCOPE_COMMAND(cmdHIncrBy);
LOCKSCOPE_COMMAND(cmdHExists);
LOCKSCOPE_COMMAND(cmdHDel);
LOCKSCOPE_COMMAND(cmdHLen);
LOCKSCOPE_COMMAND(cmdHStrLen);

// connection and server (engine_commands_server.cpp)
LOCKSCOPE_COMMAND(cmdPing);
LOCKSCOPE_COMMAND(cmdEcho);
LOCKSCOPE_COMMAND(cmdSelect);
LOCKSCOPE_COMMAND(cmdTime);
LOCKSCOPE_COMMAND(cmdConfigGet);
LOCKSCOPE_COMMAND(cmdConfigSet);

// scripting (engine_commands_scripting.cpp)
LOCKSCOPE_COMMAND(cmdEval);
LOCKSCOPE_COMMAND(cmdEvalSha);
LOCKSCOPE_COMMAND(cmdEvalRo);
LOCKSCOPE_COMMAND(cmdEvalShaRo);
LOCKSCOPE_COMMAND(cmdScriptLoad);
LOCKSCOPE_COMMAND(cmdScriptExists);
LOCKSCOPE_COMMAND(cmdScriptFlush);

// pub/sub (engine_commands_pubsub.cpp)
LOCKSCOPE_COMMAND(cmdPublish);
LOCKSCOPE_COMMAND(cmdSubscribe);
LOCKSCOPE_COMMAND(cmdUnsubscribe);
LOCKSCOPE_COMMAND(cmdPSubscribe);
LOCKSCOPE_COMMAND(cmdPUnsubscribe);
LOCKSCOPE_COMMAND(cmdPubSubChannels);
LOCKSCOPE_COMMAND(cmdPubSubNumSub);
LOCKSCOPE_COMMAND(cmdPubSubNumPat);

#undef LOCKSCOPE_COMMAND

} // namespace lockscope::redis
