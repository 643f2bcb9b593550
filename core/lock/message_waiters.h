// Coroutines waiting for a pub/sub message (the pubsub wait mode), shared by both runtimes:
// each registers with a timeout; a message wakes every waiter on its channel, a timeout wakes
// one. The runtimes differ only in how they schedule the timeout and deliver the wake-up.
#pragma once

#include <QByteArray>

#include <coroutine>
#include <vector>

namespace lockscope {

class MessageWaiters {
public:
    // Registers a waiter; *received becomes true if a message wakes it. Returns its id.
    quint64 add(const QByteArray &channel, bool *received, std::coroutine_handle<> h)
    {
        const quint64 id = m_next++;
        m_waiters.push_back(Waiter{channel, received, h, id});
        return id;
    }

    // The waiter's timeout: removes it and returns its handle, or a null handle if a message
    // already woke it.
    std::coroutine_handle<> takeTimedOut(quint64 id)
    {
        for (auto it = m_waiters.begin(); it != m_waiters.end(); ++it) {
            if (it->id == id) {
                const auto h = it->handle;
                m_waiters.erase(it);
                return h;
            }
        }
        return {};
    }

    // A message on `channel`: marks and removes every waiter on it and returns their handles
    // (collected first: resuming one may register new waiters).
    std::vector<std::coroutine_handle<>> takeForMessage(const QByteArray &channel)
    {
        std::vector<std::coroutine_handle<>> wake;
        for (auto it = m_waiters.begin(); it != m_waiters.end();) {
            if (it->channel == channel) {
                *it->received = true;
                wake.push_back(it->handle);
                it = m_waiters.erase(it);
            } else {
                ++it;
            }
        }
        return wake;
    }

    void clear() { m_waiters.clear(); }

private:
    struct Waiter {
        QByteArray channel;
        bool *received;
        std::coroutine_handle<> handle;
        quint64 id;
    };
    std::vector<Waiter> m_waiters;
    quint64 m_next = 1;
};

} // namespace lockscope
