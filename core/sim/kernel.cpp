#include "kernel.h"

namespace lockscope {

quint32 Kernel::newSlot()
{
    const quint32 slot = m_slotCount;
    if (slot >= kMaxSlots)
        qFatal("Kernel: more than %u actions pending", kMaxSlots);
    if ((slot >> kChunkBits) == m_chunks.size())
        m_chunks.push_back(std::make_unique<Action[]>(kChunkSize));
    ++m_slotCount;
    return slot;
}

std::size_t Kernel::distanceToNextOccupied(std::size_t from) const
{
    // Scan the occupancy bits after `from`, wrapping round to `from` itself.
    const std::size_t start = (from + 1) & (kBuckets - 1);
    std::size_t word = start / 64;
    quint64 bits = m_occupied[word] & (~quint64(0) << (start % 64));
    for (std::size_t scanned = 0; scanned <= kWords; ++scanned) {
        if (bits) {
            const std::size_t b = word * 64 + std::size_t(__builtin_ctzll(bits));
            return ((b - from - 1) & (kBuckets - 1)) + 1;
        }
        word = (word + 1) % kWords;
        bits = m_occupied[word];
    }
    return kBuckets; // not reached while anything is pending
}

// Inlined into runUntil(), its only caller: an action costs a few dozen instructions, and the
// call and the key passed back through memory were a fair part of them.
[[gnu::always_inline]] inline bool Kernel::take(qint64 endUs, Key *key)
{
    if (m_pending == 0)
        return false;
    for (;;) {
        const std::size_t b = std::size_t(m_cursor) & (kBuckets - 1);
        Bucket &bucket = m_buckets[b];
        if (bucket.head < bucket.keys.size()) {
            const Key front = bucket.keys[bucket.head];
            const qint64 time = timeOf(front);
            // The bucket may also hold entries a whole ring (or more) ahead: those wait.
            if ((time >> kBucketShift) == m_cursor) {
                if (time > endUs)
                    return false;
                if (++bucket.head == bucket.keys.size()) {
                    bucket.keys.clear();
                    bucket.head = 0;
                    m_occupied[b / 64] &= ~(quint64(1) << (b % 64));
                }
                --m_pending;
                *key = front;
                return true;
            }
        }
        m_cursor += qint64(distanceToNextOccupied(b));
    }
}

void Kernel::runUntil(qint64 endUs)
{
    Key top;
    while (!m_stopped) {
        if (!take(endUs, &top)) {
            if (m_pending > 0) {
                // Stopped short of the next entry: the clock moves to endUs, and the cursor
                // must not stay past what may now be scheduled from there.
                m_now = qMax(m_now, endUs);
                m_cursor = qMin(m_cursor, m_now >> kBucketShift);
            }
            return;
        }
        m_now = timeOf(top);
        ++m_actionsRun;
        // Run the action where it lies (chunks never move), then free its slot: only then can
        // a new action reuse it. Slot numbers never decide an order (sequence numbers do).
        const quint32 slot = slotOf(top);
        Action &action = slotAt(slot);
        action();
        action.reset();
        m_freeSlots.push_back(slot);
    }
}

} // namespace lockscope
