#pragma once
// Spearman's rank correlation, for the accuracy measurements (bench/accuracy_bench,
// tools/fit_soma).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <vector>

namespace supersoma {

/// The ranks of `v` from 0, ties given their mean rank.
inline std::vector<double> ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        for (std::size_t k = i; k <= j; ++k) r[order[k]] = (double(i) + double(j)) / 2;
        i = j + 1;
    }
    return r;
}

/// Spearman's correlation of `a` and `b` (equal lengths); 0 when either is constant.
inline double spearman(const std::vector<double>& a, const std::vector<double>& b) {
    const auto   ra = ranks(a), rb = ranks(b);
    const double ma  = std::accumulate(ra.begin(), ra.end(), 0.0) / double(ra.size());
    const double mb  = std::accumulate(rb.begin(), rb.end(), 0.0) / double(rb.size());
    double       sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0.0;
}

}  // namespace supersoma
