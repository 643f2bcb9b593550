// The nearest-rank percentile: the smallest value with at least a share p (0 < p <= 1) of the
// values at or below it, as a sort would give it. nth_element finds the rank without sorting
// everything (a long run has hundreds of thousands of latencies); `values` is reordered and must
// not be empty.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace lockscope {

template <typename T> T nearestRank(std::vector<T> &values, double p)
{
    const auto rank = std::size_t(std::ceil(p * double(values.size())));
    const auto nth = values.begin() + std::ptrdiff_t(std::max<std::size_t>(rank, 1) - 1);
    std::nth_element(values.begin(), nth, values.end());
    return *nth;
}

} // namespace lockscope
