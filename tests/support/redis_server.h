// A real redis-server for tests: the core's LocalRedis (core/live/local_redis.h), the same class
// the live scenario runner starts its servers with, so the tests exercise what users run.
//
//   RedisServer server({QStringLiteral("--notify-keyspace-events"), QStringLiteral("KEA")});
//   QVERIFY2(server.start(), qPrintable(server.errorString()));
//   RedisTestClient client;
//   QVERIFY2(client.connect(server.host(), server.port()), qPrintable(client.errorString()));
#pragma once

#include "live/local_redis.h"

namespace lockscope::test {
using RedisServer = lockscope::LocalRedis;
} // namespace lockscope::test
