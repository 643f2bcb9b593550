// The sentence a user's script failure is reported in: the file, the Lua line and Lua's (or
// Redis's) own words, in the same shape as a syntax error ("acquire.lua:3: ..."), whichever
// server ran the script.
#pragma once

#include "redis/reply.h"

#include <QString>

namespace lockscope {

// `reply` is the error reply of EVAL/EVALSHA. Both the embedded engine and redis-server 7 end
// it with " script: <sha>, on @user_script:<line>." and Lua errors start with
// "user_script:<line>: "; those parts become "<file>:<line>: ", and the generic "ERR " code is
// dropped (other codes, such as WRONGTYPE, say something and stay). Without a line number the
// result is "<file>: <message>".
QString scriptErrorText(const QString &fileName, const Reply &reply);

} // namespace lockscope
