// Redis's glob patterns, used by SCAN/KEYS MATCH, PSUBSCRIBE and CONFIG GET. Written from the
// documented syntax and the answers of redis-server, odd corners included ('[' without ']',
// '\' escapes, ranges written backwards); glob_match.cpp lists them.
#pragma once

#include <QByteArray>

namespace lockscope::redis {

// True when `string` matches the glob `pattern`. `nocase` folds ASCII case (CONFIG GET uses it;
// SCAN, KEYS and PSUBSCRIBE do not).
bool globMatch(const QByteArray &pattern, const QByteArray &string, bool nocase = false);

} // namespace lockscope::redis
