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
        m_slots.push_back(std::move(action));
    }
    // Nothing may happen in the past: an action scheduled "before now" runs now, after what is
    // already queued for now.
    m_heap.push_back(Entry{qMax(timeUs, m_now), m_seq++, slot});
    std::push_heap(m_heap.begin(), m_heap.end(), Later{});
}

void Kernel::runUntil(qint64 endUs)
{
    while (!m_stopped && !m_heap.empty()) {
        const Entry top = m_heap.front();
        if (top.time > endUs) {
            m_now = endUs;
            return;
        }
        std::pop_heap(m_heap.begin(), m_heap.end(), Later{});
        m_heap.pop_back();
        m_now = top.time;
        ++m_actionsRun;
        // Move the action out first: it may schedule more work, which may reuse the slot.
        Action action = std::move(m_slots[top.slot]);
        m_freeSlots.push_back(top.slot);
        action();
    }
}

} // namespace lockscope
