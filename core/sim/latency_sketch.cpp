#include "latency_sketch.h"

#include <algorithm>
#include <cmath>

namespace lockscope {

namespace {

const double kGamma = (1 + LatencySketch::kRelativeError) / (1 - LatencySketch::kRelativeError);
const double kLogGamma = std::log(kGamma);

// Bucket i holds the values in (gamma^(i-1), gamma^i].
int bucketOf(qint64 us)
{
    return int(std::ceil(std::log(double(us)) / kLogGamma));
}

// 2 gamma^i / (gamma + 1): a relative distance of kRelativeError to either bound.
double valueOf(int bucket)
{
    return 2.0 * std::exp(double(bucket) * kLogGamma) / (kGamma + 1.0);
}

} // namespace

void LatencySketch::add(qint64 latencyUs)
{
    ++m_count;
    if (latencyUs <= 0) {
        ++m_zeros;
        return;
    }
    const int bucket = bucketOf(latencyUs);
    const auto it = std::lower_bound(m_buckets.begin(), m_buckets.end(), bucket,
                                     [](const auto &b, int i) { return b.first < i; });
    if (it != m_buckets.end() && it->first == bucket)
        ++it->second;
    else
        m_buckets.insert(it, {bucket, 1});
}

void LatencySketch::merge(const LatencySketch &other)
{
    std::vector<std::pair<int, qint64>> merged;
    merged.reserve(m_buckets.size() + other.m_buckets.size());
    auto a = m_buckets.begin();
    auto b = other.m_buckets.begin();
    while (a != m_buckets.end() || b != other.m_buckets.end()) {
        if (b == other.m_buckets.end() || (a != m_buckets.end() && a->first < b->first)) {
            merged.push_back(*a++);
        } else if (a == m_buckets.end() || b->first < a->first) {
            merged.push_back(*b++);
        } else {
            merged.emplace_back(a->first, a->second + b->second);
            ++a;
            ++b;
        }
    }
    m_buckets = std::move(merged);
    m_zeros += other.m_zeros;
    m_count += other.m_count;
}

Figure LatencySketch::percentileMs(double p) const
{
    if (m_count == 0)
        return std::nullopt;
    const auto rank = std::max<qint64>(1, qint64(std::ceil(p * double(m_count))));
    qint64 seen = m_zeros;
    if (seen >= rank)
        return 0.0;
    for (const auto &[bucket, n] : m_buckets) {
        seen += n;
        if (seen >= rank)
            return valueOf(bucket) / 1000.0;
    }
    return valueOf(m_buckets.back().first) / 1000.0;
}

} // namespace lockscope
