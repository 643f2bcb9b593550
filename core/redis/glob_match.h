// Redis's glob matcher (stringmatchlen from util.c), used by SCAN/KEYS MATCH, PSUBSCRIBE and
// CONFIG GET. Ported line by line rather than rewritten so that every odd corner of Redis's
// pattern syntax ('[' without ']', '\' escapes, ranges written backwards) behaves the same.
#pragma once

#include <QByteArray>

namespace lockscope::redis {

// True when `string` matches the glob `pattern`. `nocase` folds ASCII case (CONFIG GET uses it;
// SCAN, KEYS and PSUBSCRIBE do not).
bool globMatch(const QByteArray &pattern, const QByteArray &string, bool nocase = false);

} // namespace lockscope::redis
