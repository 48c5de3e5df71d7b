// ChangePoints.cpp — see ChangePoints.h. bestSplit computes, for every split tau of a segment,
//   Q(tau) = tau (n - tau) / n * ( 2/(tau (n - tau)) * cross - left/C(tau,2) - right/C(n-tau,2) )
// with cross/left/right the sums of |x_i - x_j| across / within the two sides (energy distance,
// exponent 1), updating the three sums incrementally as tau moves right: O(n^2) per segment.
#include "perf/history/ChangePoints.h"

#include <algorithm>
#include <cmath>

#include "perf/history/Stats.h"

namespace tsjit::benchhistory {

BestSplit bestSplit(const std::vector<double>& x, int minSegment) {
  BestSplit best;
  const size_t n = x.size();
  const size_t minSeg = static_cast<size_t>(std::max(2, minSegment));
  if (n < 2 * minSeg) return best;
  // Start with tau = 0: everything on the right.
  double left = 0, right = 0, cross = 0;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) right += std::fabs(x[i] - x[j]);
  bool found = false;
  for (size_t tau = 1; tau + minSeg <= n; ++tau) {
    // Move x[tau - 1] from the right side to the left side.
    size_t k = tau - 1;
    double toLeft = 0, toRight = 0;
    for (size_t i = 0; i < k; ++i) toLeft += std::fabs(x[i] - x[k]);
    for (size_t j = k + 1; j < n; ++j) toRight += std::fabs(x[k] - x[j]);
    left += toLeft;
    right -= toRight;
    cross += toRight - toLeft;
    if (tau < minSeg) continue;
    double a = static_cast<double>(tau), b = static_cast<double>(n - tau);
    double e = 2 * cross / (a * b) - left / (a * (a - 1) / 2) - right / (b * (b - 1) / 2);
    double q = a * b / (a + b) * e;
    if (!found || q > best.q) {
      best = {tau, q};
      found = true;
    }
  }
  return best;
}

namespace {
struct Segment {
  size_t begin, end;  // [begin, end)
};

std::vector<double> slice(const std::vector<double>& x, Segment s) {
  return std::vector<double>(x.begin() + static_cast<long>(s.begin), x.begin() + static_cast<long>(s.end));
}

// Permutation p-value of the best split of `seg`: how often a shuffled segment splits at least
// as well.
double permutationP(std::vector<double> seg, double observedQ, const ChangePointOptions& o, SplitMix64& rng) {
  int atLeast = 0;
  for (int r = 0; r < o.permutations; ++r) {
    for (size_t i = seg.size(); i > 1; --i) std::swap(seg[i - 1], seg[rng.below(i)]);
    if (bestSplit(seg, o.minSegment).q >= observedQ) ++atLeast;
  }
  return (atLeast + 1.0) / (o.permutations + 1.0);
}
}  // namespace

std::vector<ChangePoint> detectChangePoints(const std::vector<double>& series, const ChangePointOptions& o) {
  std::vector<ChangePoint> found;
  std::vector<Segment> segments = {{0, series.size()}};
  SplitMix64 rng(o.seed);
  std::vector<std::pair<size_t, double>> accepted;  // (index, p)
  for (;;) {
    // The segment whose best split is strongest.
    int bestSeg = -1;
    BestSplit best;
    for (size_t s = 0; s < segments.size(); ++s) {
      BestSplit b = bestSplit(slice(series, segments[s]), o.minSegment);
      if (b.tau == 0) continue;
      if (bestSeg < 0 || b.q > best.q) {
        bestSeg = static_cast<int>(s);
        best = b;
      }
    }
    if (bestSeg < 0 || !(best.q > 0)) break;
    Segment seg = segments[bestSeg];
    double p = permutationP(slice(series, seg), best.q, o, rng);
    if (p > o.alpha) break;
    size_t at = seg.begin + best.tau;
    accepted.push_back({at, p});
    segments.erase(segments.begin() + bestSeg);
    segments.push_back({seg.begin, at});
    segments.push_back({at, seg.end});
  }
  std::sort(accepted.begin(), accepted.end());
  // Describe each change by the medians of its neighbouring segments.
  for (size_t i = 0; i < accepted.size(); ++i) {
    size_t prevStart = i == 0 ? 0 : accepted[i - 1].first;
    size_t nextEnd = i + 1 < accepted.size() ? accepted[i + 1].first : series.size();
    ChangePoint cp;
    cp.index = accepted[i].first;
    cp.pValue = accepted[i].second;
    cp.before = median(slice(series, {prevStart, cp.index}));
    cp.after = median(slice(series, {cp.index, nextEnd}));
    cp.relStep = cp.before != 0 ? cp.after / cp.before - 1 : 0;
    if (std::fabs(cp.relStep) < o.minRelStep) continue;
    found.push_back(cp);
  }
  return found;
}

}  // namespace tsjit::benchhistory
