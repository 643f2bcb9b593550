// The monitor matches key names in any case: Redisson's `myFairLock` is a lock as much as
// `lock:invoice`, and the default pattern *lock* missed it while listing its
// `redisson_lock_queue:{myFairLock}` (issue 12). SCAN MATCH and PSUBSCRIBE have no case-folding
// switch, so the pattern sent is rewritten: every ASCII letter outside a [...] class becomes the
// class of both its cases (*lock* -> *[lL][oO][cC][kK]*); classes, escapes and other bytes stay.
#pragma once

#include <QByteArray>

namespace lockscope {

QByteArray anyCaseGlob(const QByteArray &pattern);

} // namespace lockscope
