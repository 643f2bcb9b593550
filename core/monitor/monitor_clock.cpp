#include "monitor_clock.h"

#include "live/live_client.h"

namespace lockscope {

qint64 monitorNowUs()
{
    return liveClockUs();
}

} // namespace lockscope
