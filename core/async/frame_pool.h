// A per-thread cache of coroutine frames. A simulated acquisition creates and destroys a handful
// of coroutine frames (acquire, attempt, script call, release); recycling them by size class
// instead of going to malloc each time is worth a large share of the simulator's speed.
// Blocks always come from ::operator new, so a frame freed on another thread is simply cached
// there; each thread returns its cache to the heap when it exits.
#pragma once

#include <cstddef>
#include <new>

namespace lockscope::detail {

class FramePool {
public:
    static constexpr std::size_t kGranule = 64;
    static constexpr std::size_t kClasses = 32; // frames up to 2 KiB are cached

    static FramePool &local()
    {
        thread_local FramePool pool;
        return pool;
    }

    void *allocate(std::size_t size)
    {
        const std::size_t c = classOf(size);
        if (c < kClasses && m_free[c]) {
            Block *b = m_free[c];
            m_free[c] = b->next;
            return b;
        }
        return ::operator new(c < kClasses ? (c + 1) * kGranule : size);
    }

    void deallocate(void *p, std::size_t size)
    {
        const std::size_t c = classOf(size);
        if (c >= kClasses) {
            ::operator delete(p);
            return;
        }
        auto *b = static_cast<Block *>(p);
        b->next = m_free[c];
        m_free[c] = b;
    }

    ~FramePool()
    {
        for (Block *&head : m_free) {
            while (head) {
                Block *next = head->next;
                ::operator delete(head);
                head = next;
            }
        }
    }

private:
    struct Block {
        Block *next;
    };
    static std::size_t classOf(std::size_t size) { return (size + kGranule - 1) / kGranule - 1; }
    Block *m_free[kClasses] = {};
};

} // namespace lockscope::detail
