// stats_test.cpp — Stats.h against values computed by hand (the comments show the arithmetic).
#include <gtest/gtest.h>

#include <random>

#include "perf/history/Stats.h"

using namespace tsjit::benchhistory;

TEST(Stats, MedianAndQuantile) {
  EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(quantile({1, 2, 3, 4, 5}, 0.25), 2);
  EXPECT_DOUBLE_EQ(quantile({10, 20}, 0.75), 17.5);  // 10 + 0.75 * 10
  EXPECT_TRUE(std::isnan(median({})));
}

// No ties, 3 vs 3, fully separated: U_a = 0; 1 of C(6,3) = 20 arrangements has U <= 0, so the
// two-sided exact p is 2/20.
TEST(Stats, MannWhitneyExactSeparated) {
  MannWhitney r = mannWhitneyU({1, 2, 3}, {4, 5, 6});
  EXPECT_TRUE(r.exact);
  EXPECT_DOUBLE_EQ(r.uA, 0);
  EXPECT_DOUBLE_EQ(r.uB, 9);
  EXPECT_NEAR(r.p, 0.1, 1e-12);
  // 5 vs 5 separated: 2 / C(10,5) = 2/252.
  EXPECT_NEAR(mannWhitneyU({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}).p, 2.0 / 252, 1e-12);
  // Order and sides do not matter.
  EXPECT_NEAR(mannWhitneyU({10, 6, 8, 7, 9}, {3, 1, 5, 2, 4}).p, 2.0 / 252, 1e-12);
}

// a = {1,3,5}, b = {2,4,6}: pairs with a > b: (3,2), (5,2), (5,4) -> U_a = 3, U_b = 6. The null
// distribution of U for 3 vs 3 has counts 1,1,2,3,3,3,3,2,1,1 for u = 0..9 (total 20), so
// P(U <= 3) = 7/20 and the two-sided p = 0.7.
TEST(Stats, MannWhitneyExactOverlap) {
  MannWhitney r = mannWhitneyU({1, 3, 5}, {2, 4, 6});
  EXPECT_TRUE(r.exact);
  EXPECT_DOUBLE_EQ(r.uA, 3);
  EXPECT_NEAR(r.p, 0.7, 1e-12);
}

// With ties: a = {1,2,2,3}, b = {2,3,4,4}. Pooled mid-ranks: 1 -> 1; the three 2s -> 3; the two
// 3s -> 5.5; the two 4s -> 7.5. R_a = 1 + 3 + 3 + 5.5 = 12.5, U_a = 12.5 - 4*5/2 = 2.5, mean 8.
// Tie term: (27-3) + (8-2) + (8-2) = 36; var = 16/12 * (9 - 36/56) = 11.142857...
// z = (|2.5 - 8| - 0.5) / sqrt(var) = 1.4978617; p = erfc(z / sqrt 2) = 0.1341692.
TEST(Stats, MannWhitneyNormalWithTies) {
  MannWhitney r = mannWhitneyU({1, 2, 2, 3}, {2, 3, 4, 4});
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.uA, 2.5);
  EXPECT_NEAR(r.p, 0.1341692, 1e-6);
}

TEST(Stats, MannWhitneyDegenerate) {
  EXPECT_DOUBLE_EQ(mannWhitneyU({}, {1, 2}).p, 1);
  EXPECT_DOUBLE_EQ(mannWhitneyU({5, 5, 5}, {5, 5, 5}).p, 1);
}

// m = 4, p = {0.01, 0.04, 0.03, 0.005}: sorted 0.005, 0.01, 0.03, 0.04 -> p*m/rank = 0.02, 0.02,
// 0.04, 0.04; running minimum from the largest rank keeps them; back in input order:
// {0.02, 0.04, 0.04, 0.02}.
TEST(Stats, BenjaminiHochberg) {
  std::vector<double> q = benjaminiHochberg({0.01, 0.04, 0.03, 0.005});
  ASSERT_EQ(q.size(), 4u);
  EXPECT_NEAR(q[0], 0.02, 1e-12);
  EXPECT_NEAR(q[1], 0.04, 1e-12);
  EXPECT_NEAR(q[2], 0.04, 1e-12);
  EXPECT_NEAR(q[3], 0.02, 1e-12);
  // Monotonicity step: p = {0.04, 0.05}: raw 0.08, 0.05 -> q = {0.05, 0.05}.
  q = benjaminiHochberg({0.04, 0.05});
  EXPECT_NEAR(q[0], 0.05, 1e-12);
  EXPECT_NEAR(q[1], 0.05, 1e-12);
  // Capped at 1.
  EXPECT_DOUBLE_EQ(benjaminiHochberg({0.9, 0.8, 0.7})[0], 0.9);
  EXPECT_TRUE(benjaminiHochberg({}).empty());
}

TEST(Stats, BootstrapRatioInterval) {
  // Constant samples: every resample has the same medians.
  Interval c = bootstrapMedianRatio({2, 2, 2, 2}, {3, 3, 3});
  EXPECT_DOUBLE_EQ(c.lo, 1.5);
  EXPECT_DOUBLE_EQ(c.hi, 1.5);
  // B is A scaled by 1.2 plus independent 1 % noise: the interval holds 1.2 and is narrow.
  std::mt19937 gen(7);
  std::normal_distribution<double> noise(0, 1);
  std::vector<double> a, b;
  for (int i = 0; i < 30; ++i) {
    a.push_back(100 + noise(gen));
    b.push_back(120 + 1.2 * noise(gen));
  }
  Interval r = bootstrapMedianRatio(a, b);
  EXPECT_LT(r.lo, 1.2);
  EXPECT_GT(r.hi, 1.2);
  EXPECT_GT(r.lo, 1.15);
  EXPECT_LT(r.hi, 1.25);
  // Deterministic.
  Interval again = bootstrapMedianRatio(a, b);
  EXPECT_EQ(r.lo, again.lo);
  EXPECT_EQ(r.hi, again.hi);
}

TEST(Stats, Verdict) {
  VerdictRule rule{0.05, 0.05};
  EXPECT_EQ(decide(1.2, {1.1, 1.3}, 0.01, 9, 9, rule), Verdict::Regressed);
  EXPECT_EQ(decide(1.2, {0.99, 1.3}, 0.01, 9, 9, rule), Verdict::Inconclusive);  // interval reaches 1
  // A same-build pair seen on the loaded machine: ratio 1.074, interval [1.021, 1.175].
  EXPECT_EQ(decide(1.074, {1.021, 1.175}, 0.0015, 9, 9, rule), Verdict::Inconclusive);
  EXPECT_EQ(decide(1.03, {1.02, 1.04}, 0.001, 9, 9, rule), Verdict::Same);  // below the threshold
  EXPECT_EQ(decide(1.2, {1.1, 1.3}, 0.2, 9, 9, rule), Verdict::Same);  // not significant
  EXPECT_EQ(decide(0.8, {0.75, 0.85}, 0.01, 9, 9, rule), Verdict::Improved);
  EXPECT_EQ(decide(0.9, {0.85, 0.97}, 0.01, 9, 9, rule), Verdict::Inconclusive);
  EXPECT_EQ(decide(1.2, {1.1, 1.3}, 0.01, 2, 9, rule), Verdict::TooFew);
}
