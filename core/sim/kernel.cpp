#include "kernel.h"

#include <algorithm>

namespace lockscope {

void Kernel::at(qint64 timeUs, Action action)
{
    quint32 slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
        m_slots[slot] = std::move(action);
    } else {
        slot = quint32(m_slots.size());
        if (slot > kSlotMask)
            qFatal("Kernel: more than %llu actions pending", static_cast<unsigned long long>(kSlotMask));
        m_slots.push_back(std::move(action));
    }
    // Nothing may happen in the past: an action scheduled "before now" runs now, after what is
    // already queued for now.
    // A 4-ary min-heap: shallower than a binary one, and a node's children share a cache line.
    std::size_t i = m_heap.size();
    const Entry e{qMax(timeUs, m_now), (m_seq++ << kSlotBits) | slot};
    m_heap.push_back(e);
    while (i > 0) {
        const std::size_t parent = (i - 1) / 4;
        if (!Later{}(m_heap[parent], e))
            break;
        m_heap[i] = m_heap[parent];
        i = parent;
    }
    m_heap[i] = e;
}

void Kernel::popTop()
{
    const Entry last = m_heap.back();
    m_heap.pop_back();
    const std::size_t n = m_heap.size();
    if (n == 0)
        return;
    std::size_t i = 0;
    for (;;) {
        const std::size_t first = 4 * i + 1;
        if (first >= n)
            break;
        std::size_t best = first;
        const std::size_t end = std::min(first + 4, n);
        for (std::size_t c = first + 1; c < end; ++c) {
            if (Later{}(m_heap[best], m_heap[c]))
                best = c;
        }
        if (!Later{}(last, m_heap[best]))
            break;
        m_heap[i] = m_heap[best];
        i = best;
    }
    m_heap[i] = last;
}

void Kernel::runUntil(qint64 endUs)
{
    while (!m_stopped && !m_heap.empty()) {
        const Entry top = m_heap.front();
        if (top.time > endUs) {
            m_now = endUs;
            return;
        }
        popTop();
        m_now = top.time;
        ++m_actionsRun;
        // Move the action out first: it may schedule more work, which may reuse the slot.
        Action action = std::move(m_slots[top.slot()]);
        m_freeSlots.push_back(top.slot());
        action();
    }
}

} // namespace lockscope
