// A small deterministic PRNG (xoshiro256**, seeded through SplitMix64). std::mt19937 is
// deterministic too, but the standard distributions are not portable across library
// implementations; everything here draws through this class so a seed means the same run
// everywhere.
#pragma once

#include <QtGlobal>

namespace lockscope {

class Rng {
public:
    explicit Rng(quint64 seed = 0) { reseed(seed); }

    void reseed(quint64 seed)
    {
        quint64 x = seed;
        for (auto &s : m_s)
            s = splitmix(x);
    }

    quint64 next()
    {
        const quint64 result = rotl(m_s[1] * 5, 7) * 9;
        const quint64 t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    // Uniform in [0, 1).
    double unit() { return double(next() >> 11) * 0x1.0p-53; }
    // Uniform integer in [lo, hi].
    qint64 between(qint64 lo, qint64 hi)
    {
        if (hi <= lo)
            return lo;
        return lo + qint64(next() % quint64(hi - lo + 1));
    }

    // An independent stream derived from this seed and a label (one per client, per node...).
    static quint64 derive(quint64 seed, quint64 label)
    {
        quint64 x = seed ^ (label * 0x9E3779B97F4A7C15ULL);
        return splitmix(x);
    }

private:
    static quint64 rotl(quint64 x, int k) { return (x << k) | (x >> (64 - k)); }
    static quint64 splitmix(quint64 &x)
    {
        quint64 z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    quint64 m_s[4];
};

} // namespace lockscope
