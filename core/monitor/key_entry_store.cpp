#include "key_entry_store.h"

namespace lockscope {

KeyEntry &KeyEntryStore::insert(KeyEntry e)
{
    const qsizetype i = size();
    if (std::size_t(i >> kChunkBits) == m_chunks.size())
        m_chunks.push_back(std::make_unique<KeyEntry[]>(std::size_t(kChunkMask + 1)));
    KeyEntry &slot = at(i);
    slot = std::move(e);
    slot.tableOrder = i;
    m_keys.push_back(slot.key);
    m_index.insert(slot.key, i);
    return slot;
}

KeyEntry KeyEntryStore::take(KeyEntry &e)
{
    const qsizetype i = e.tableOrder;
    const qsizetype last = size() - 1;
    Q_ASSERT(i >= 0 && i <= last && &at(i) == &e);
    KeyEntry gone = std::move(e);
    m_index.remove(gone.key);
    if (i != last) {
        e = std::move(at(last));
        e.tableOrder = i;
        m_keys[std::size_t(i)] = std::move(m_keys.back());
        m_index[e.key] = i;
    }
    at(last) = KeyEntry(); // what the moved-from entry still holds goes now
    m_keys.pop_back();
    // A chunk two behind the rows goes back (one spare keeps a row coming and going at a
    // chunk's edge from allocating each time).
    if (m_chunks.size() >= 2 && std::size_t(size()) <= (m_chunks.size() - 2) << kChunkBits)
        m_chunks.pop_back();
    gone.tableOrder = -1;
    return gone;
}

void KeyEntryStore::reserve(qsizetype keys)
{
    m_index.reserve(keys);
    m_keys.reserve(std::size_t(qMax<qsizetype>(0, keys)));
}

} // namespace lockscope
