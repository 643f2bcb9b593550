// The sentence a user's script failure is reported in: the file, the Lua line and Lua's (or
// Redis's) own words, in the same shape as a syntax error ("acquire.lua:3: ..."), whichever
// server ran the script.
#pragma once

#include "redis/reply.h"
#include "redis/script_limits.h"

#include <QString>

namespace lockscope {

// `reply` is the error reply of EVAL/EVALSHA. Both the embedded engine and redis-server 7 end
// it with " script: <sha>, on @user_script:<line>." and Lua errors start with
// "user_script:<line>: "; those parts become "<file>:<line>: ", and the generic "ERR " code is
// dropped (other codes, such as WRONGTYPE, say something and stay). Without a line number the
// result is "<file>: <message>".
QString scriptErrorText(const QString &fileName, const Reply &reply);

// Which of a strategy's scripts a message is about.
enum class ScriptRole : quint8 { Acquire, Release, Any };

// The stop an error reply of the embedded engine stands for, by its code: BUSY is the time
// limit, OOM the memory cap (script_limits.h); None for any other reply.
ScriptStop embeddedScriptStop(const Reply &reply);

// The run's one line for a script the embedded engine stopped: "loop.lua: the acquire script
// ran longer than the 5 s script time limit and was stopped (as Redis's lua-time-limit
// would)". `fileName` may be empty (the script is then named by its role only).
QString scriptStoppedText(const QString &fileName, ScriptRole role, ScriptStop stop,
                          const ScriptLimits &limits);

// The run's one line for a user's script that failed with `reply`: scriptStoppedText() for a
// stop of the embedded engine (`limits` non-null), a sentence about Redis's BUSY from a real
// server, else scriptErrorText() marked "(at run time)".
QString scriptFailureText(const QString &fileName, ScriptRole role, const Reply &reply,
                          const ScriptLimits *limits);

} // namespace lockscope
