// The discrete-event kernel: virtual time in microseconds and a queue of things to do at given
// instants. Ties are broken by insertion order, so a run is a pure function of its inputs.
//
// This is the simulator's hottest loop (about 2.6 actions per simulated Redis command), so:
// actions are built in place in a slab of fixed-address chunks (no allocation for small
// lambdas, and no moving an action in on scheduling or out before running it), and the queue
// is a calendar rather than a comparison heap. Nearly everything is scheduled a little ahead
// (a network hop, a hold time, a think time), so entries go into 128 µs buckets on a ring
// that covers the next quarter second; a bucket holds a few entries, kept sorted. Pushing and
// popping cost a handful of instructions, where a 4-ary heap paid a dozen unpredictable
// comparisons per pop. Entries further ahead share a bucket with nearer ones and wait, sorted
// behind them, until the ring comes round to their time.
#pragma once

#include <QtGlobal>

#include <array>
#include <cstddef>
#include <memory>
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
        emplace(std::forward<F>(f));
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

    // Builds a callable in place (the Action must be empty): how the kernel fills a slot
    // without constructing a temporary Action and moving it in.
    template <typename F> void emplace(F &&f)
    {
        using Fn = std::decay_t<F>;
        if constexpr (std::is_same_v<Fn, Action>) {
            *this = std::forward<F>(f); // an rvalue: Action cannot be copied
        } else if constexpr (sizeof(Fn) <= kInline && alignof(Fn) <= alignof(std::max_align_t) &&
                             std::is_nothrow_move_constructible_v<Fn>) {
            new (m_buf) Fn(std::forward<F>(f));
            m_ops = &inlineOps<Fn>;
        } else {
            *reinterpret_cast<Fn **>(m_buf) = new Fn(std::forward<F>(f));
            m_ops = &heapOps<Fn>;
        }
    }

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
    Kernel() = default;
    Kernel(const Kernel &) = delete;
    Kernel &operator=(const Kernel &) = delete;

    qint64 now() const { return m_now; }
    // Schedules a callable (a lambda, or an Action) to run at `timeUs`.
    template <typename F> void at(qint64 timeUs, F &&action)
    {
        const quint32 slot = takeSlot();
        slotAt(slot).emplace(std::forward<F>(action));
        push(timeUs, slot);
    }
    template <typename F> void after(qint64 delayUs, F &&action)
    {
        at(m_now + delayUs, std::forward<F>(action));
    }

    // Runs actions in time order until the queue is empty, stop() is called, or the next action
    // lies after `endUs`; then the clock stands at the last action's time (or endUs, if that is
    // later: the clock never goes back).
    void runUntil(qint64 endUs);
    void stop() { m_stopped = true; }
    bool stopped() const { return m_stopped; }
    bool idle() const { return m_pending == 0; }
    quint64 actionsRun() const { return m_actionsRun; }

private:
    // An entry's sort key: time (upper 64 bits; never negative, see push()), then a sequence
    // number (40 bits, unique, so it orders ties by insertion), then the action's slot (24 bits).
    __extension__ using Key = unsigned __int128;
    static constexpr quint64 kSlotBits = 24;
    static constexpr quint64 kSlotMask = (quint64(1) << kSlotBits) - 1;
    static qint64 timeOf(Key k) { return qint64(quint64(k >> 64)); }
    static quint32 slotOf(Key k) { return quint32(quint64(k) & kSlotMask); }

    static constexpr int kBucketShift = 7;        // 128 µs per bucket
    static constexpr std::size_t kBuckets = 2048; // the ring: 262 ms ahead
    static constexpr std::size_t kWords = kBuckets / 64;
    struct Bucket {
        std::vector<Key> keys; // sorted; [0, head) already taken
        std::size_t head = 0;
    };
    // Inline (below), forced: every scheduling pays for it, about 2.6 times per simulated
    // command, and GCC kept it out of line (a call, and the registers saved around it).
    [[gnu::always_inline]] inline void push(qint64 timeUs, quint32 slot);
    // Takes the earliest entry if it is due at or before `endUs`.
    bool take(qint64 endUs, Key *key);
    // How far (1..kBuckets) the next bucket holding anything lies after bucket `from`.
    std::size_t distanceToNextOccupied(std::size_t from) const;

    // Slots live in chunks that never move, so an action runs where it was built even when it
    // schedules more actions (which may add chunks).
    static constexpr quint32 kChunkBits = 10;
    static constexpr quint32 kChunkSize = 1u << kChunkBits;
    static constexpr quint32 kMaxSlots = quint32(kSlotMask) + 1;
    Action &slotAt(quint32 slot) { return m_chunks[slot >> kChunkBits][slot & (kChunkSize - 1)]; }
    quint32 takeSlot()
    {
        if (!m_freeSlots.empty()) {
            const quint32 slot = m_freeSlots.back();
            m_freeSlots.pop_back();
            return slot;
        }
        return newSlot();
    }
    quint32 newSlot();

    std::vector<Bucket> m_buckets = std::vector<Bucket>(kBuckets);
    std::array<quint64, kWords> m_occupied{}; // bit per bucket: holds an entry not yet taken
    qint64 m_cursor = 0; // absolute bucket number (time >> kBucketShift): nothing lies before it
    std::size_t m_pending = 0;
    quint64 m_seq = 0;
    std::vector<std::unique_ptr<Action[]>> m_chunks;
    quint32 m_slotCount = 0;
    std::vector<quint32> m_freeSlots;
    qint64 m_now = 0;
    quint64 m_actionsRun = 0;
    bool m_stopped = false;
};

void Kernel::push(qint64 timeUs, quint32 slot)
{
    // Nothing may happen in the past: an action scheduled "before now" runs now, after what is
    // already queued for now. (So times are never negative, and never before m_cursor.)
    const qint64 time = qMax(timeUs, m_now);
    const Key key = (Key(quint64(time)) << 64) | Key((m_seq++ << kSlotBits) | slot);
    const std::size_t b = std::size_t(time >> kBucketShift) & (kBuckets - 1);
    Bucket &bucket = m_buckets[b];
    // Insertion sort from the back: a new entry is usually the latest in its bucket already.
    // Its sequence number is the largest yet, so an entry belongs after it only with a later
    // time: comparing the times alone orders them as comparing the whole keys would.
    bucket.keys.push_back(key);
    std::size_t i = bucket.keys.size() - 1;
    while (i > bucket.head && timeOf(bucket.keys[i - 1]) > time) {
        bucket.keys[i] = bucket.keys[i - 1];
        --i;
    }
    bucket.keys[i] = key;
    m_occupied[b / 64] |= quint64(1) << (b % 64);
    ++m_pending;
}

} // namespace lockscope
