// Byte strings in byte order (what QByteArray's operator< gives), compared inline a word at a
// time. Sorting and ordered containers of 100,000 keys spent most of their time in the call
// into Qt's out-of-line compare and on into libc's memcmp, not in comparing.
#pragma once

#include <QByteArrayView>
#include <QtEndian>

#include <algorithm>
#include <cstring>

namespace lockscope {

inline bool bytesLess(QByteArrayView a, QByteArrayView b) noexcept
{
    const qsizetype n = std::min(a.size(), b.size());
    const char *pa = a.data();
    const char *pb = b.data();
    qsizetype i = 0;
    for (; i + 8 <= n; i += 8) {
        quint64 wa;
        quint64 wb;
        std::memcpy(&wa, pa + i, 8);
        std::memcpy(&wb, pb + i, 8);
        if (wa != wb) // big-endian: the first differing byte decides, as in memcmp
            return qFromBigEndian(wa) < qFromBigEndian(wb);
    }
    for (; i < n; ++i) {
        if (pa[i] != pb[i])
            return static_cast<unsigned char>(pa[i]) < static_cast<unsigned char>(pb[i]);
    }
    return a.size() < b.size();
}

// For std::set / std::map / std::sort of QByteArray keys.
struct BytesLess {
    using is_transparent = void;
    bool operator()(QByteArrayView a, QByteArrayView b) const noexcept { return bytesLess(a, b); }
};

} // namespace lockscope
