// The discrete-event kernel: virtual time in microseconds and a queue of things to do at given
// instants. Ties are broken by insertion order, so a run is a pure function of its inputs.
//
// This is the simulator's hottest loop (several actions per simulated Redis command), so actions
// are stored in place (no allocation for small lambdas) in a slab, and the heap orders only
// 16-byte (time, sequence|slot) entries in a 4-ary heap.
#pragma once

#include <QtGlobal>

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace lockscope {

// A move-only callable with room for small captures inside, so scheduling a lambda does not
// allocate. Larger callables fall back to the heap.
class Action {
public:
    Action() = default;
    template <typename F, typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, Action>>>
    Action(F &&f) // NOLINT: implicit, like std::function
    {
        using Fn = std::decay_t<F>;
        if constexpr (sizeof(Fn) <= kInline && alignof(Fn) <= alignof(std::max_align_t) &&
                      std::is_nothrow_move_constructible_v<Fn>) {
            new (m_buf) Fn(std::forward<F>(f));
            m_ops = &inlineOps<Fn>;
        } else {
            *reinterpret_cast<Fn **>(m_buf) = new Fn(std::forward<F>(f));
            m_ops = &heapOps<Fn>;
        }
    }
    Action(Action &&o) noexcept
        : m_ops(o.m_ops)
    {
        if (m_ops)
            m_ops->move(o.m_buf, m_buf);
        o.m_ops = nullptr;
    }
    Action &operator=(Action &&o) noexcept
    {
        if (this != &o) {
            reset();
            m_ops = o.m_ops;
            if (m_ops)
                m_ops->move(o.m_buf, m_buf);
            o.m_ops = nullptr;
        }
        return *this;
    }
    Action(const Action &) = delete;
    Action &operator=(const Action &) = delete;
    ~Action() { reset(); }

    explicit operator bool() const { return m_ops != nullptr; }
    void operator()() { m_ops->call(m_buf); }
    void reset()
    {
        if (m_ops) {
            m_ops->destroy(m_buf);
            m_ops = nullptr;
        }
    }

private:
    static constexpr std::size_t kInline = 64;
    struct Ops {
        void (*call)(void *);
        void (*move)(void *from, void *to);
        void (*destroy)(void *);
    };
    template <typename Fn>
    static constexpr Ops inlineOps = {
        [](void *p) { (*static_cast<Fn *>(p))(); },
        [](void *from, void *to) {
            new (to) Fn(std::move(*static_cast<Fn *>(from)));
            static_cast<Fn *>(from)->~Fn();
        },
        [](void *p) { static_cast<Fn *>(p)->~Fn(); },
    };
    template <typename Fn>
    static constexpr Ops heapOps = {
        [](void *p) { (**static_cast<Fn **>(p))(); },
        [](void *from, void *to) { *static_cast<Fn **>(to) = *static_cast<Fn **>(from); },
        [](void *p) { delete *static_cast<Fn **>(p); },
    };
    alignas(std::max_align_t) unsigned char m_buf[kInline];
    const Ops *m_ops = nullptr;
};

class Kernel {
public:
    qint64 now() const { return m_now; }
    void at(qint64 timeUs, Action action);
    void after(qint64 delayUs, Action action) { at(m_now + delayUs, std::move(action)); }

    // Runs actions in time order until the queue is empty, stop() is called, or the next action
    // lies after `endUs`; then the clock stands at the last action's time (or endUs).
    void runUntil(qint64 endUs);
    void stop() { m_stopped = true; }
    bool stopped() const { return m_stopped; }
    bool idle() const { return m_heap.empty(); }
    quint64 actionsRun() const { return m_actionsRun; }

private:
    // 16 bytes, so a node's four children share one cache line: the sequence number (upper
    // 40 bits, unique, so it orders ties by insertion) and the action's slot (lower 24 bits).
    struct Entry {
        qint64 time;
        quint64 seqSlot;
        quint32 slot() const { return quint32(seqSlot & kSlotMask); }
    };
    static constexpr quint64 kSlotBits = 24;
    static constexpr quint64 kSlotMask = (quint64(1) << kSlotBits) - 1;
    struct Later {
        bool operator()(const Entry &a, const Entry &b) const
        {
            return a.time != b.time ? a.time > b.time : a.seqSlot > b.seqSlot;
        }
    };
    void popTop();
    std::vector<Entry> m_heap;
    std::vector<Action> m_slots;
    std::vector<quint32> m_freeSlots;
    qint64 m_now = 0;
    quint64 m_seq = 0;
    quint64 m_actionsRun = 0;
    bool m_stopped = false;
};

} // namespace lockscope
