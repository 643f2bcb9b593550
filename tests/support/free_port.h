// Tests ask for free loopback ports through the core's helper (core/live/free_port.h).
#pragma once

#include "live/free_port.h"

namespace lockscope::test {
using lockscope::unusedLoopbackPort;
} // namespace lockscope::test
