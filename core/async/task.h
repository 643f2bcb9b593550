// A lazy C++20 coroutine task. Strategies are written as coroutines over Task so that the same
// code runs in both runtimes: the simulator resumes them from its event queue at virtual times,
// the live runtime from Redis reply callbacks on the Qt event loop.
//
// A Task does nothing until it is awaited (or started as a root with start()). Awaiting uses
// symmetric transfer, so long chains of nested tasks never grow the native stack. Destroying a
// Task destroys its frame and, through the temporaries held in it, every child frame it is
// awaiting: this is how a crashed client's coroutines are torn down.
#pragma once

#include "frame_pool.h"

#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

namespace lockscope {

template <typename T> class Task;

namespace detail {

struct TaskPromiseBase {
    std::coroutine_handle<> continuation;
    std::exception_ptr error;

    static void *operator new(std::size_t size) { return FramePool::local().allocate(size); }
    static void operator delete(void *p, std::size_t size)
    {
        FramePool::local().deallocate(p, size);
    }

    std::suspend_always initial_suspend() noexcept { return {}; }

    struct FinalAwaiter {
        bool await_ready() noexcept { return false; }
        template <typename P>
        std::coroutine_handle<> await_suspend(std::coroutine_handle<P> self) noexcept
        {
            auto next = self.promise().continuation;
            return next ? next : std::noop_coroutine();
        }
        void await_resume() noexcept {}
    };
    FinalAwaiter final_suspend() noexcept { return {}; }
    void unhandled_exception() noexcept { error = std::current_exception(); }
};

template <typename T> struct TaskPromise : TaskPromiseBase {
    std::optional<T> value;
    Task<T> get_return_object() noexcept;
    template <typename U> void return_value(U &&v) { value.emplace(std::forward<U>(v)); }
    T take()
    {
        if (error)
            std::rethrow_exception(error);
        return std::move(*value);
    }
};

template <> struct TaskPromise<void> : TaskPromiseBase {
    Task<void> get_return_object() noexcept;
    void return_void() noexcept {}
    void take()
    {
        if (error)
            std::rethrow_exception(error);
    }
};

} // namespace detail

template <typename T = void> class [[nodiscard]] Task {
public:
    using promise_type = detail::TaskPromise<T>;
    using Handle = std::coroutine_handle<promise_type>;

    Task() = default;
    explicit Task(Handle h) noexcept
        : m_handle(h)
    {}
    Task(Task &&other) noexcept
        : m_handle(std::exchange(other.m_handle, {}))
    {}
    Task &operator=(Task &&other) noexcept
    {
        if (this != &other) {
            reset();
            m_handle = std::exchange(other.m_handle, {});
        }
        return *this;
    }
    Task(const Task &) = delete;
    Task &operator=(const Task &) = delete;
    ~Task() { reset(); }

    bool valid() const noexcept { return bool(m_handle); }
    bool done() const noexcept { return !m_handle || m_handle.done(); }

    // Runs a root task until its first suspension. Only for tasks nobody awaits.
    void start() { m_handle.resume(); }

    // The result of a finished root task (rethrows what the coroutine threw).
    T result() { return m_handle.promise().take(); }

    void reset() noexcept
    {
        if (m_handle) {
            m_handle.destroy();
            m_handle = {};
        }
    }

    auto operator co_await() &&noexcept
    {
        struct Awaiter {
            Handle handle;
            bool await_ready() noexcept { return !handle || handle.done(); }
            std::coroutine_handle<> await_suspend(std::coroutine_handle<> caller) noexcept
            {
                handle.promise().continuation = caller;
                return handle;
            }
            T await_resume() { return handle.promise().take(); }
        };
        return Awaiter{m_handle};
    }

private:
    Handle m_handle;
};

namespace detail {
template <typename T> Task<T> TaskPromise<T>::get_return_object() noexcept
{
    return Task<T>{std::coroutine_handle<TaskPromise<T>>::from_promise(*this)};
}
inline Task<void> TaskPromise<void>::get_return_object() noexcept
{
    return Task<void>{std::coroutine_handle<TaskPromise<void>>::from_promise(*this)};
}
} // namespace detail

} // namespace lockscope
