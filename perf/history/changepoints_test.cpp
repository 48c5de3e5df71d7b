// changepoints_test.cpp — E-divisive means (ChangePoints.h): the statistic on a hand-computed
// case, a planted step found where it was planted, two steps, and no change in flat noise.
#include <gtest/gtest.h>

#include <random>

#include "perf/history/ChangePoints.h"

using namespace tsjit::benchhistory;

// x = {0,0,0,1,1,1}: at tau = 3 the 9 cross pairs each differ by 1 (cross sum 9), both sides are
// constant (within sums 0): E = 2*9/(3*3) - 0 - 0 = 2, Q = 3*3/6 * 2 = 3. Any other split mixes
// values into one side and scores less.
TEST(ChangePoints, StatisticKnownAnswer) {
  BestSplit b = bestSplit({0, 0, 0, 1, 1, 1}, 2);
  EXPECT_EQ(b.tau, 3u);
  EXPECT_NEAR(b.q, 3.0, 1e-12);
  EXPECT_EQ(bestSplit({1, 2, 3}, 2).tau, 0u);  // too short for two segments of 2
}

std::vector<double> noisy(size_t n, double level, double sd, uint32_t seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> d(0, sd);
  std::vector<double> v;
  for (size_t i = 0; i < n; ++i) v.push_back(level + d(gen));
  return v;
}

TEST(ChangePoints, FindsPlantedStep) {
  for (uint32_t seed = 1; seed <= 10; ++seed) {
    std::vector<double> x = noisy(30, 100, 2, seed);
    std::vector<double> after = noisy(30, 110, 2, seed + 1000);
    x.insert(x.end(), after.begin(), after.end());
    std::vector<ChangePoint> cps = detectChangePoints(x);
    ASSERT_EQ(cps.size(), 1u) << "seed " << seed;
    EXPECT_NEAR(static_cast<double>(cps[0].index), 30.0, 1.0) << "seed " << seed;
    EXPECT_NEAR(cps[0].relStep, 0.10, 0.03) << "seed " << seed;
    EXPECT_LE(cps[0].pValue, 0.01);
  }
}

TEST(ChangePoints, FindsTwoSteps) {
  std::vector<double> x = noisy(25, 100, 1, 3), b = noisy(25, 120, 1, 4), c = noisy(25, 100, 1, 5);
  x.insert(x.end(), b.begin(), b.end());
  x.insert(x.end(), c.begin(), c.end());
  std::vector<ChangePoint> cps = detectChangePoints(x);
  ASSERT_EQ(cps.size(), 2u);
  EXPECT_NEAR(static_cast<double>(cps[0].index), 25.0, 1.0);
  EXPECT_NEAR(static_cast<double>(cps[1].index), 50.0, 1.0);
  EXPECT_GT(cps[0].relStep, 0.15);
  EXPECT_LT(cps[1].relStep, -0.12);
}

// Flat noisy series (5 % noise, and heavy-tailed outliers): with alpha = 0.01 at most a stray
// false positive over 20 independent series (expected 0.2).
TEST(ChangePoints, NothingInFlatNoise) {
  int withChange = 0;
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    std::vector<double> x = noisy(60, 100, 5, seed);
    std::mt19937 gen(seed * 7);
    for (int k = 0; k < 3; ++k) x[gen() % x.size()] *= 1.5;  // outliers
    if (!detectChangePoints(x).empty()) ++withChange;
  }
  EXPECT_LE(withChange, 1);
}

TEST(ChangePoints, MinRelStepFilters) {
  std::vector<double> x = noisy(30, 100, 0.1, 1), b = noisy(30, 101, 0.1, 2);
  x.insert(x.end(), b.begin(), b.end());
  EXPECT_EQ(detectChangePoints(x).size(), 1u);  // a 1 % step in 0.1 % noise is significant
  ChangePointOptions o;
  o.minRelStep = 0.05;
  EXPECT_TRUE(detectChangePoints(x, o).empty());
}

TEST(ChangePoints, ShortSeries) {
  EXPECT_TRUE(detectChangePoints({}).empty());
  EXPECT_TRUE(detectChangePoints({1, 2, 3, 4, 5}).empty());
}
