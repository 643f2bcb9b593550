// A tiny cache of recently looked-up short names (command names) and what they resolved to,
// compared a word at a time (util/byte_words.h). Hot paths ask about the same handful of names,
// spelled the same way each time, hundreds of thousands of times: the simulator's command table
// for every simulated command, the read-only check for every command a monitor sends.
// One instance per thread (thread_local): no locking.
#pragma once

#include "byte_words.h"

#include <QByteArrayView>

#include <array>

namespace lockscope {

template <typename Value, std::size_t N = 31> // prime: "GET" and "get" land apart
class RecentNames {
public:
    static constexpr qsizetype kMaxLength = 16;

    // The remembered value of `name` (nullptr-able Value), and whether there was one. Names
    // longer than kMaxLength are never remembered.
    bool find(QByteArrayView name, Value *value)
    {
        const Probe p = probe(name);
        if (!p.slot || p.slot->length != name.size() || p.slot->words[0] != p.w0 ||
            p.slot->words[1] != p.w1)
            return false;
        *value = p.slot->value;
        return true;
    }
    void remember(QByteArrayView name, Value value)
    {
        const Probe p = probe(name);
        if (!p.slot)
            return;
        p.slot->words[0] = p.w0;
        p.slot->words[1] = p.w1;
        p.slot->length = name.size();
        p.slot->value = value;
    }

private:
    struct Slot {
        quint64 words[2] = {0, 0}; // the name's bytes, zero-padded
        qsizetype length = -1;
        Value value{};
    };
    struct Probe {
        Slot *slot = nullptr;
        quint64 w0 = 0;
        quint64 w1 = 0;
    };
    Probe probe(QByteArrayView name)
    {
        const qsizetype len = name.size();
        if (len <= 0 || len > kMaxLength)
            return {};
        const auto *p = reinterpret_cast<const unsigned char *>(name.data());
        const int n = int(len);
        Probe out;
        out.w0 = loadPartialWord(p, qMin(n, 8));
        out.w1 = n > 8 ? loadPartialWord(p + 8, n - 8) : 0;
        out.slot = &m_slots[(std::size_t(len) * 7 + p[0] + p[len - 1]) % N];
        return out;
    }
    std::array<Slot, N> m_slots;
};

} // namespace lockscope
