// fuzzlib_shard_test.cpp — shard parsing, the split of case indices, signature folding and the
// merge of shard results (fuzz/lib/Shard.h, fuzz/lib/ShardResult.h) on hand-written results: the
// expected values are written here from the rules, not computed by the code under test.
#include <gtest/gtest.h>

#include <set>

#include "fuzz/lib/ShardResult.h"
#include "jit/support/Error.h"

namespace tsjit::fuzz {
namespace {

TEST(Shard, ParsesAndRejects) {
  Shard s = parseShard("2/5");
  EXPECT_EQ(s.index, 2u);
  EXPECT_EQ(s.count, 5u);
  for (const char* bad : {"5/5", "1/0", "x", "1/", "/2", "-1/3", "1/2/3", ""}) EXPECT_THROW(parseShard(bad), CompileError) << bad;
}

TEST(Shard, EveryCaseOwnedExactlyOnce) {
  for (uint64_t n : {1u, 2u, 3u, 7u}) {
    std::multiset<uint64_t> seen;
    for (uint64_t i = 0; i < n; ++i)
      for (uint64_t c = 0; c < 50; ++c)
        if (Shard{i, n}.owns(c)) seen.insert(c);
    EXPECT_EQ(seen.size(), 50u);
    EXPECT_EQ(std::set<uint64_t>(seen.begin(), seen.end()).size(), 50u);
  }
}

TEST(ShardResult, KindFoldsNumbers) {
  EXPECT_EQ(kindOfDifference("input set 2: value 1.5e-3 vs 7\nmore"), "input set N: value N vs N");
}

ShardResult shard(uint64_t index, uint64_t count, std::vector<ShardFailure> failures, uint64_t cases) {
  ShardResult r;
  r.target = "ops";
  r.seed = 7;
  r.casesRequested = 10;
  r.shardCount = count;
  r.shards = {index};
  r.cases = cases;
  r.counters["cases"] = cases;
  r.coverage["dtypes"]["Float"] = cases;
  r.maxima["worst"] = static_cast<double>(index);
  r.failures = std::move(failures);
  return r;
}

TEST(ShardResult, MergeSumsAndDeduplicates) {
  ShardResult a = shard(0, 2, {{"aten::div_: error vs return", 4, 1, "m4", "f4"}}, 5);
  ShardResult b = shard(1, 2, {{"aten::div_: error vs return", 1, 1, "m1", "f1"}, {"aten::pow_: value", 3, 1, "m3", ""}}, 5);
  ShardResult m = mergeShards({a, b});
  EXPECT_EQ(m.cases, 10u);
  EXPECT_EQ(m.counters["cases"], 10u);
  EXPECT_EQ(m.coverage["dtypes"]["Float"], 10u);
  EXPECT_EQ(m.maxima["worst"], 1.0);
  ASSERT_EQ(m.failures.size(), 2u);
  EXPECT_EQ(m.failures[0].signature, "aten::div_: error vs return");
  EXPECT_EQ(m.failures[0].caseIndex, 1u);  // the lowest case, with its message and file
  EXPECT_EQ(m.failures[0].message, "m1");
  EXPECT_EQ(m.failures[0].occurrences, 2u);
  EXPECT_EQ(m.failures[1].caseIndex, 3u);
  EXPECT_EQ((std::vector<uint64_t>{0, 1}), m.shards);
}

TEST(ShardResult, MergeRefusesIncompleteOrForeignSets) {
  ShardResult a = shard(0, 3, {}, 4), b = shard(1, 3, {}, 3), c = shard(2, 3, {}, 3);
  EXPECT_NO_THROW(mergeShards({a, b, c}));
  EXPECT_THROW(mergeShards({a, c}), RuntimeError);     // shard 1 missing
  EXPECT_THROW(mergeShards({a, b, b, c}), RuntimeError);  // twice
  ShardResult other = c;
  other.seed = 8;
  EXPECT_THROW(mergeShards({a, b, other}), RuntimeError);
  other = c;
  other.casesRequested = 11;
  EXPECT_THROW(mergeShards({a, b, other}), RuntimeError);
  EXPECT_THROW(mergeShards({}), RuntimeError);
}

TEST(ShardResult, DifferencesSeeCountsCoverageAndFailures) {
  ShardResult a = shard(0, 1, {{"x: y", 2, 1, "", ""}}, 5);
  EXPECT_TRUE(resultDifferences(a, a).empty());
  ShardResult b = a;
  b.seconds = 99;  // times are not compared
  EXPECT_TRUE(resultDifferences(a, b).empty());
  b.coverage["dtypes"]["Half"] = 1;
  EXPECT_EQ(resultDifferences(a, b).size(), 1u);
  b = a;
  b.failures[0].occurrences = 2;
  EXPECT_EQ(resultDifferences(a, b).size(), 1u);
  b = a;
  b.failures.clear();
  EXPECT_EQ(resultDifferences(a, b).size(), 1u);
  b = a;
  b.cases = 6;
  EXPECT_FALSE(resultDifferences(a, b).empty());
}

}  // namespace
}  // namespace tsjit::fuzz
