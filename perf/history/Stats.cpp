// Stats.cpp — see Stats.h. Mann–Whitney: exact null distribution by counting (Mann & Whitney's
// recurrence) when there are no ties and both samples are small, else the normal approximation
// with the tie-corrected variance and a continuity correction of 1/2.
#include "perf/history/Stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace tsjit::benchhistory {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double normalSf(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

// Number of arrangements of m a's and n b's with U_a = u, for all u in [0, m*n]: the recurrence
// f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u) over the largest element being an a or a b.
std::vector<double> exactUCounts(int m, int n) {
  // table[i][j] = distribution for (i, j) as a vector over u.
  std::vector<std::vector<std::vector<double>>> t(m + 1, std::vector<std::vector<double>>(n + 1));
  for (int i = 0; i <= m; ++i) {
    for (int j = 0; j <= n; ++j) {
      std::vector<double>& d = t[i][j];
      d.assign(static_cast<size_t>(i * j + 1), 0.0);
      if (i == 0 || j == 0) {
        d[0] = 1;
        continue;
      }
      const auto& withA = t[i - 1][j];  // largest is an a: it beats all j b's
      for (size_t u = 0; u < withA.size(); ++u) d[u + j] += withA[u];
      const auto& withB = t[i][j - 1];  // largest is a b: adds nothing to U_a
      for (size_t u = 0; u < withB.size(); ++u) d[u] += withB[u];
    }
  }
  return t[m][n];
}
}  // namespace

double median(std::vector<double> v) { return quantile(std::move(v), 0.5); }

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return kNaN;
  std::sort(v.begin(), v.end());
  double pos = q * static_cast<double>(v.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(pos));
  size_t hi = std::min(lo + 1, v.size() - 1);
  double frac = pos - static_cast<double>(lo);
  return v[lo] + (v[hi] - v[lo]) * frac;
}

MannWhitney mannWhitneyU(const std::vector<double>& a, const std::vector<double>& b) {
  MannWhitney r;
  const size_t na = a.size(), nb = b.size();
  if (na == 0 || nb == 0) return r;
  // Mid-ranks of the pooled sample.
  std::vector<std::pair<double, int>> pooled;
  for (double x : a) pooled.push_back({x, 0});
  for (double x : b) pooled.push_back({x, 1});
  std::sort(pooled.begin(), pooled.end(), [](auto& l, auto& r) { return l.first < r.first; });
  const double n = static_cast<double>(na + nb);
  double rankSumA = 0, tieTerm = 0;
  bool ties = false;
  for (size_t i = 0; i < pooled.size();) {
    size_t j = i;
    while (j < pooled.size() && pooled[j].first == pooled[i].first) ++j;
    double midRank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    double t = static_cast<double>(j - i);
    if (t > 1) ties = true;
    tieTerm += t * t * t - t;
    for (size_t k = i; k < j; ++k)
      if (pooled[k].second == 0) rankSumA += midRank;
    i = j;
  }
  r.uA = rankSumA - static_cast<double>(na) * static_cast<double>(na + 1) / 2.0;
  r.uB = static_cast<double>(na) * static_cast<double>(nb) - r.uA;
  const double mean = static_cast<double>(na) * static_cast<double>(nb) / 2.0;
  if (!ties && na <= 25 && nb <= 25) {
    std::vector<double> counts = exactUCounts(static_cast<int>(na), static_cast<int>(nb));
    double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    double uMin = std::min(r.uA, r.uB);
    double tail = 0;
    for (size_t u = 0; u < counts.size() && static_cast<double>(u) <= uMin + 1e-9; ++u) tail += counts[u];
    r.p = std::min(1.0, 2.0 * tail / total);
    r.exact = true;
    return r;
  }
  double var = static_cast<double>(na) * static_cast<double>(nb) / 12.0 * ((n + 1) - tieTerm / (n * (n - 1)));
  if (var <= 0) {
    r.p = 1;  // every value equal
    return r;
  }
  double z = (std::fabs(r.uA - mean) - 0.5) / std::sqrt(var);
  if (z < 0) z = 0;
  r.p = std::min(1.0, 2.0 * normalSf(z));
  return r;
}

uint64_t SplitMix64::next() {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {
double resampledMedian(const std::vector<double>& v, SplitMix64& rng, std::vector<double>& scratch) {
  scratch.resize(v.size());
  for (auto& x : scratch) x = v[rng.below(v.size())];
  size_t mid = scratch.size() / 2;
  std::nth_element(scratch.begin(), scratch.begin() + mid, scratch.end());
  double hi = scratch[mid];
  if (scratch.size() % 2 == 1) return hi;
  double lo = *std::max_element(scratch.begin(), scratch.begin() + mid);
  return (lo + hi) / 2;
}
}  // namespace

Interval bootstrapMedianRatio(const std::vector<double>& a, const std::vector<double>& b, int resamples,
                              double level, uint64_t seed) {
  if (a.empty() || b.empty()) return {kNaN, kNaN};
  SplitMix64 rng(seed);
  std::vector<double> ratios, scratch;
  ratios.reserve(resamples);
  for (int i = 0; i < resamples; ++i) {
    double ma = resampledMedian(a, rng, scratch);
    double mb = resampledMedian(b, rng, scratch);
    ratios.push_back(mb / ma);
  }
  double tail = (1 - level) / 2;
  return {quantile(ratios, tail), quantile(ratios, 1 - tail)};
}

Interval bootstrapMedian(const std::vector<double>& a, int resamples, double level, uint64_t seed) {
  if (a.empty()) return {kNaN, kNaN};
  SplitMix64 rng(seed);
  std::vector<double> meds, scratch;
  for (int i = 0; i < resamples; ++i) meds.push_back(resampledMedian(a, rng, scratch));
  double tail = (1 - level) / 2;
  return {quantile(meds, tail), quantile(meds, 1 - tail)};
}

std::vector<double> benjaminiHochberg(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t l, size_t r) { return p[l] < p[r]; });
  std::vector<double> q(m);
  double running = 1;
  for (size_t k = m; k-- > 0;) {
    size_t i = order[k];
    running = std::min(running, p[i] * static_cast<double>(m) / static_cast<double>(k + 1));
    q[i] = std::min(1.0, running);
  }
  return q;
}

const char* toString(Verdict v) {
  switch (v) {
    case Verdict::Same: return "same";
    case Verdict::Regressed: return "regressed";
    case Verdict::Improved: return "improved";
    case Verdict::Inconclusive: return "inconclusive";
    case Verdict::TooFew: return "too-few";
  }
  return "?";
}

Verdict decide(double ratio, Interval ci, double q, size_t na, size_t nb, const VerdictRule& rule) {
  if (na < 3 || nb < 3) return Verdict::TooFew;
  if (!(q < rule.alpha)) return Verdict::Same;
  const double up = 1 + rule.threshold, down = 1 / (1 + rule.threshold);
  if (ratio > up) return ci.lo > up ? Verdict::Regressed : Verdict::Inconclusive;
  if (ratio < down) return ci.hi < down ? Verdict::Improved : Verdict::Inconclusive;
  return Verdict::Same;
}

}  // namespace tsjit::benchhistory
