// Short byte strings read as little-endian 64-bit words, for hashing and comparing them a word
// at a time. The values are the same on any machine, so hashes built on them stay stable.
#pragma once

#include <QtEndian>

#include <cstring>

namespace lockscope {

// 8 bytes as one word.
inline quint64 loadWord(const unsigned char *p)
{
    quint64 v;
    std::memcpy(&v, p, 8);
    return qFromLittleEndian(v);
}

// The first n (0..8) bytes as one word padded with zeros: what a zero-filled 8-byte buffer would
// give. Two overlapping fixed-size loads instead of a variable-length memcpy (a call into libc);
// where they overlap both carry the same bytes, so OR-ing them is exact.
inline quint64 loadPartialWord(const unsigned char *p, int n)
{
    if (n >= 4) {
        quint32 lo;
        quint32 hi;
        std::memcpy(&lo, p, 4);
        std::memcpy(&hi, p + n - 4, 4);
        return quint64(qFromLittleEndian(lo)) | (quint64(qFromLittleEndian(hi)) << (8 * (n - 4)));
    }
    if (n == 0)
        return 0;
    return quint64(p[0]) | (quint64(p[n / 2]) << (8 * (n / 2))) |
           (quint64(p[n - 1]) << (8 * (n - 1)));
}

} // namespace lockscope
