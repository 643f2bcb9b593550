// FNV-1a over a byte string. Used instead of qHash wherever iteration order or ids can reach
// output: Qt 6 seeds QHash per process and qHash may use CPU-specific code, which would break
// the simulator's byte-identical event logs.
#pragma once

#include <QByteArray>

#include <cstddef>

namespace lockscope {

struct BytesHash {
    std::size_t operator()(const QByteArray &s) const noexcept
    {
        quint64 h = 1469598103934665603ULL;
        for (char c : s) {
            h ^= static_cast<unsigned char>(c);
            h *= 1099511628211ULL;
        }
        return std::size_t(h);
    }
};

} // namespace lockscope
