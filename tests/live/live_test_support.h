// Helpers shared by the live-runtime suites: addresses of fixture servers, running a coroutine
// on a LiveClient and waiting (bounded) for its result, reading keys with the sync client.
#pragma once

#include "live/live_client.h"
#include "redis_server.h"
#include "redis_test_client.h"

#include <QTest>

#include <memory>
#include <optional>

namespace lockscope::test {

inline ConnectionOptions optionsFor(const RedisServer &server)
{
    ConnectionOptions o;
    o.host = server.host();
    o.port = server.port();
    o.connectTimeoutMs = 2000;
    o.requestTimeoutMs = 2000;
    o.reconnectMinMs = 50;
    o.reconnectMaxMs = 200;
    return o;
}

// The result of a coroutine running on a client, once it finished.
template <typename T> using Outcome = std::shared_ptr<std::optional<T>>;

template <typename T> Task<void> storeInto(Task<T> task, Outcome<T> out)
{
    T value = co_await std::move(task);
    *out = std::move(value);
}

// Starts `task` on the client (it lives and dies with it); the outcome fills in when it ends.
template <typename T> Outcome<T> runOn(LiveClient &client, Task<T> task)
{
    auto out = std::make_shared<std::optional<T>>();
    client.spawn(storeInto(std::move(task), out));
    return out;
}

// Waits (bounded) for an outcome; nullopt when it did not come in time.
template <typename T> std::optional<T> awaitOutcome(const Outcome<T> &out, int timeoutMs = 5000)
{
    if (!QTest::qWaitFor([&] { return out->has_value(); }, timeoutMs))
        return std::nullopt;
    return *out;
}

inline LiveClientOptions clientOptions(const QByteArray &name, qint16 index,
                                       const QList<const RedisServer *> &servers)
{
    LiveClientOptions o;
    o.name = name;
    o.index = index;
    for (const RedisServer *s : servers)
        o.nodes << optionsFor(*s);
    o.requestTimeoutMs = 1000;
    o.seed = quint64(index) + 7;
    return o;
}

inline Command cmd(std::initializer_list<const char *> parts)
{
    Command argv;
    for (const char *p : parts)
        argv << QByteArray(p);
    return argv;
}

} // namespace lockscope::test
