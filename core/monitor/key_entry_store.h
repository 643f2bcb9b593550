// The key table's rows: entries in chunks that never move, found by key through a hash of their
// places, in one dense order (a row leaving takes the last one's place).
//
// Why not QHash<QByteArray, KeyEntry>: a KeyEntry is about 550 bytes, and Qt's hash allocates
// room for 48 nodes in a span the first time a key lands in it. With room reserved for a million
// keys, the first 20,000 keys of a scan allocated and touched 440 MB (150 ms of stalls at the
// start of the scan; 37 ms at 100,000); without the reservation, each doubling moved every
// entry. Here an index node is 32 bytes, and entries come 1,024 at a time.
#pragma once

#include "key_entry.h"

#include <QHash>

#include <memory>
#include <vector>

namespace lockscope {

class KeyEntryStore {
public:
    KeyEntry *find(const QByteArray &key)
    {
        const auto it = m_index.constFind(key);
        return it == m_index.cend() ? nullptr : &at(*it);
    }
    const KeyEntry *find(const QByteArray &key) const
    {
        return const_cast<KeyEntryStore *>(this)->find(key);
    }
    bool contains(const QByteArray &key) const { return m_index.contains(key); }

    // `e.key` must not be here yet. The entry stays where it is until a row leaves (the last
    // entry then moves to the leaving one's place).
    KeyEntry &insert(KeyEntry e);
    // `e` (an entry of this store) leaves; returns it as it was.
    KeyEntry take(KeyEntry &e);

    qsizetype size() const { return qsizetype(m_keys.size()); }
    bool isEmpty() const { return m_keys.empty(); }
    void reserve(qsizetype keys);

    // Row i, i < size(); KeyEntry::tableOrder is its i.
    KeyEntry &at(qsizetype i) { return m_chunks[std::size_t(i) >> kChunkBits][i & kChunkMask]; }
    const KeyEntry &at(qsizetype i) const
    {
        return m_chunks[std::size_t(i) >> kChunkBits][i & kChunkMask];
    }
    // Every key, in the rows' order (a poll walks it by index).
    const std::vector<QByteArray> &keysInOrder() const { return m_keys; }

    template <typename Store, typename Entry> class Iterator {
    public:
        Iterator(Store *s, qsizetype i)
            : m_s(s)
            , m_i(i)
        {}
        Entry &operator*() const { return m_s->at(m_i); }
        Entry *operator->() const { return &m_s->at(m_i); }
        Iterator &operator++()
        {
            ++m_i;
            return *this;
        }
        bool operator!=(const Iterator &o) const { return m_i != o.m_i; }

    private:
        Store *m_s;
        qsizetype m_i;
    };
    using iterator = Iterator<KeyEntryStore, KeyEntry>;
    using const_iterator = Iterator<const KeyEntryStore, const KeyEntry>;
    iterator begin() { return {this, 0}; }
    iterator end() { return {this, size()}; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

private:
    static constexpr int kChunkBits = 10;
    static constexpr qsizetype kChunkMask = (qsizetype(1) << kChunkBits) - 1;

    std::vector<std::unique_ptr<KeyEntry[]>> m_chunks;
    std::vector<QByteArray> m_keys;       // row i's key
    QHash<QByteArray, qsizetype> m_index; // key -> row
};

} // namespace lockscope
