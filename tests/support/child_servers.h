// The redis-server processes this test process started and that still run: after a live run,
// its cancel or its window's close there must be none.
#pragma once

namespace lockscope::test {

int childRedisServers();

} // namespace lockscope::test
