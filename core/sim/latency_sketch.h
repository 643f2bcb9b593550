// Percentiles that can be merged: the acquire latencies of many runs (a compare row's seeds, or
// the cost of a strategy over several scenarios) pooled into one distribution, so that a row's
// p99 is the 99th percentile of all its acquisitions, not the mean of each run's p99.
//
// Latencies go into logarithmic buckets whose bounds grow by a factor gamma = (1 + a) / (1 - a);
// a bucket answers with the value whose relative distance to both its bounds is a. So a
// percentile read from the sketch is within a relative error of kRelativeError of the exact
// nearest-rank percentile of the pooled samples (the sample of that rank lies in the bucket the
// walk stops at). Zero latencies are counted apart and read back exactly. Buckets are kept
// sparse and sorted: a run fills a few hundred at most, and merging is a sorted merge of counts,
// so the order in which runs are merged does not change the result.
#pragma once

#include "figure.h"

#include <QtGlobal>

#include <utility>
#include <vector>

namespace lockscope {

class LatencySketch {
public:
    static constexpr double kRelativeError = 0.005; // 0.5 %

    void add(qint64 latencyUs);
    void merge(const LatencySketch &other);
    qint64 count() const { return m_count; }
    // The nearest-rank percentile (p in (0, 1]) in ms, within kRelativeError; none when empty.
    Figure percentileMs(double p) const;

private:
    std::vector<std::pair<int, qint64>> m_buckets; // (bucket index, count), sorted by index
    qint64 m_zeros = 0;
    qint64 m_count = 0;
};

} // namespace lockscope
