// ChangePoints.h — change-point detection over one benchmark's history (E-divisive means,
// Matteson & James 2014, as MongoDB's and Apache Otava's detectors): hierarchical binary splits
// of the series at the point that maximises the energy-distance divergence of the two sides,
// each split kept only when a permutation test finds it significant.
//
// Why E-divisive and not PELT (docs/benchmarks.md says more): it is non-parametric (benchmark
// noise is skewed and heavy-tailed, PELT's usual Gaussian cost is not), and its stopping rule is a
// p-value rather than a penalty that must be tuned per series.
//
// Invariants: deterministic (fixed-seed permutations); indices are positions in the input
// series; a change at index k means x[k-1] and x[k] lie in different segments; changes are
// returned sorted; every segment is at least `minSegment` long.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tsjit::benchhistory {

struct ChangePointOptions {
  double alpha = 0.01;     // permutation-test significance of each split
  int permutations = 199;  // the test's resolution is 1 / (permutations + 1)
  int minSegment = 3;      // points on each side of a split
  double minRelStep = 0;   // drop a change whose |after/before - 1| is smaller than this
  uint64_t seed = 0xcafeULL;
};

struct ChangePoint {
  size_t index = 0;       // first point after the change
  double before = 0;      // median of the segment before
  double after = 0;       // median of the segment after
  double relStep = 0;     // after / before - 1
  double pValue = 1;      // of the permutation test that accepted the split
};

std::vector<ChangePoint> detectChangePoints(const std::vector<double>& series, const ChangePointOptions& options = {});

// The E-divisive statistic of splitting x[0, n) at every tau in [minSegment, n - minSegment]:
// returns the best tau and its Q-hat (tau = 0 when the series is too short). Exposed for tests.
struct BestSplit {
  size_t tau = 0;
  double q = 0;
};
BestSplit bestSplit(const std::vector<double>& x, int minSegment);

}  // namespace tsjit::benchhistory
