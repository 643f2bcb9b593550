// Integers as decimal text, for building Redis commands. QByteArray::number goes through a
// general formatter costing hundreds of instructions; commands carry a number or two each
// (TTLs, counters, numkeys), so on the simulator's hot path this matters. Small values come
// from a shared table and do not allocate at all.
#pragma once

#include <QByteArray>

#include <charconv>
#include <cstring>

namespace lockscope {

inline QByteArray decimal(qint64 v)
{
    static const auto *small = [] {
        auto *table = new QByteArray[1024];
        for (int i = 0; i < 1024; ++i)
            table[i] = QByteArray::number(i);
        return table;
    }();
    if (v >= 0 && v < 1024)
        return small[v];
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return QByteArray(buf, r.ptr - buf);
}

// decimal(), written into `out`'s own buffer when nothing else shares it and it has the room:
// a number a caller sends again and again (a counter's next value) then costs no allocation
// and no free. Small values still share the table's.
inline void assignDecimal(QByteArray &out, qint64 v)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    const auto len = qsizetype(r.ptr - buf);
    if (v >= 1024 && out.isDetached() && out.capacity() >= len) {
        out.resize(len);
        std::memcpy(out.data(), buf, std::size_t(len));
    } else {
        out = decimal(v);
    }
}

} // namespace lockscope
