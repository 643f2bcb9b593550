// The monitor's clock: wall-clock microseconds since the epoch from a monotonic clock anchored
// once per process (the live runtime's clock, so recordings and live runs line up). TTL
// countdowns and event times both use it.
#pragma once

#include <QtGlobal>

namespace lockscope {

qint64 monitorNowUs();

} // namespace lockscope
