// Stats.h — the statistics of `tsjit bench compare`: medians, a bootstrap interval of the ratio of
// two medians, the Mann–Whitney U test, Benjamini–Hochberg q-values and the verdict rule.
//
// Invariants: every function is deterministic (the bootstrap draws from a fixed-seed splitmix64
// generator), never reads global state, and accepts samples in any order. Empty samples give NaN
// statistics and a p-value of 1, never an exception.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tsjit::benchhistory {

double median(std::vector<double> v);
// Linear-interpolated quantile (q in [0,1]) of v, as numpy's default; NaN for an empty v.
double quantile(std::vector<double> v, double q);

// Mann–Whitney U for two independent samples, two-sided.
struct MannWhitney {
  double uA = 0;     // U of sample a: number of (a_i, b_j) pairs with a_i > b_j, ties count 1/2
  double uB = 0;     // na*nb - uA
  double p = 1;      // two-sided p-value
  bool exact = false;  // p from the exact null distribution (no ties, na, nb <= 25)
};
MannWhitney mannWhitneyU(const std::vector<double>& a, const std::vector<double>& b);

// Percentile bootstrap interval of median(b) / median(a): `resamples` draws of each sample with
// replacement. level = 0.95 gives the 2.5 % and 97.5 % percentiles.
struct Interval {
  double lo = 0, hi = 0;
};
Interval bootstrapMedianRatio(const std::vector<double>& a, const std::vector<double>& b, int resamples = 2000,
                              double level = 0.95, uint64_t seed = 0x5eedULL);
// Percentile bootstrap interval of one sample's median (the error bars of the report).
Interval bootstrapMedian(const std::vector<double>& a, int resamples = 1000, double level = 0.95,
                         uint64_t seed = 0x5eedULL);

// Benjamini–Hochberg adjusted p-values (q-values), in the order of `p`.
std::vector<double> benjaminiHochberg(const std::vector<double>& p);

// The verdict of one benchmark of an A/B comparison. Lower is better (times, instructions).
// `threshold` is the minimum effect size; a verdict needs the whole interval beyond it:
//   regressed:    q < alpha and the 95 % interval of B/A lies above 1 + threshold;
//   improved:     q < alpha and the interval lies below 1 / (1 + threshold);
//   inconclusive: q < alpha and the ratio is beyond the threshold but its interval is not
//                 (a possible change: more repetitions would settle it; never gates);
//   same:         not significant, or significant but smaller than the threshold;
//   too-few:      fewer than 3 samples on a side (no test can reach significance).
enum class Verdict { Same, Regressed, Improved, Inconclusive, TooFew };
const char* toString(Verdict v);
struct VerdictRule {
  double alpha = 0.05;
  double threshold = 0.05;  // the minimum effect size (relative)
};
Verdict decide(double ratio, Interval ci, double q, size_t na, size_t nb, const VerdictRule& rule);

// splitmix64: the deterministic generator of the bootstrap and of the permutation tests.
struct SplitMix64 {
  uint64_t state;
  explicit SplitMix64(uint64_t seed) : state(seed) {}
  uint64_t next();
  // Uniform in [0, n).
  uint64_t below(uint64_t n) { return next() % n; }
  // Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
};

}  // namespace tsjit::benchhistory
