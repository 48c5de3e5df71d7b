// store_test.cpp — the SQLite store (Store.h): schema versions and migrations, a run written and
// read back, the completeness check noticing a damaged run, run lookup, and merge without
// duplicates.
#include <gtest/gtest.h>

#include <filesystem>

#include "perf/history/Store.h"

using namespace tsjit::benchhistory;
namespace fs = std::filesystem;

namespace {
std::string tempDb(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tsjit-store-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / name;
  fs::remove(p);
  fs::remove(p.string() + "-wal");
  fs::remove(p.string() + "-shm");
  return p.string();
}

RunRecord sampleRun(const std::string& commit, double base) {
  RunRecord r;
  r.uid = newRunUid();
  r.startedAt = 1000;
  r.endedAt = 1001;
  r.fp.machine.cpuModel = "Test CPU";
  r.fp.machine.cores = 2;
  r.fp.build.commit = commit;
  r.repetitions = 3;
  BenchResult ok;
  ok.suite = "s";
  ok.name = "BM_A";
  for (int i = 0; i < 3; ++i) ok.samples.push_back({i, base + i, base + i, 100, {{"ns_per_op", 1.5}}});
  ok.instructions = 12345;
  BenchResult wrong;
  wrong.suite = "s";
  wrong.name = "BM_B";
  wrong.status = BenchStatus::Wrong;
  wrong.message = "output 0: expected 1 got 2";
  r.results = {ok, wrong};
  return r;
}
}  // namespace

TEST(Store, MigratesFromVersionOne) {
  std::string path = tempDb("migrate.sqlite");
  int64_t id;
  {
    Store v1(path, 1);
    EXPECT_EQ(v1.schemaVersion(), 1);
    id = v1.insertRun(sampleRun("abcdef0123", 10));
  }
  Store latest(path);
  EXPECT_EQ(latest.schemaVersion(), static_cast<int>(migrations().size()));
  EXPECT_EQ(latest.appliedMigrations(), (std::vector<int>{1, 2}));
  ASSERT_EQ(latest.results(id).size(), 2u);  // the v1 data survived
  EXPECT_FALSE(latest.latestComparison());
  latest.saveComparison("a", "b", "cpu_time", "{}");  // a v2 table
  EXPECT_TRUE(latest.latestComparison());
}

TEST(Store, RoundTripAndCompleteness) {
  std::string path = tempDb("roundtrip.sqlite");
  Store s(path);
  RunRecord run = sampleRun("0123456789abcdef", 50);
  int64_t id = s.insertRun(run);
  std::vector<StoredResult> res = s.results(id);
  ASSERT_EQ(res.size(), 2u);
  EXPECT_EQ(res[0].name, "BM_A");
  EXPECT_EQ(res[0].cpuNs, (std::vector<double>{50, 51, 52}));
  EXPECT_EQ(*res[0].instructions, 12345);
  EXPECT_EQ(res[1].status, BenchStatus::Wrong);
  EXPECT_TRUE(res[1].cpuNs.empty());
  EXPECT_EQ(res[1].message, "output 0: expected 1 got 2");
  EXPECT_TRUE(s.verifyRuns().empty());
  EXPECT_EQ(s.integrityCheck(), "ok");
  // A damaged run (a sample lost) is reported.
  s.db().exec("DELETE FROM sample WHERE rep = 1");
  ASSERT_EQ(s.verifyRuns().size(), 1u);
}

TEST(Store, ResolveRun) {
  std::string path = tempDb("resolve.sqlite");
  Store s(path);
  RunRecord a = sampleRun("aaaa111122223333", 10), b = sampleRun("bbbb111122223333", 20);
  int64_t ida = s.insertRun(a), idb = s.insertRun(b);
  EXPECT_EQ(s.resolveRun(std::to_string(ida)).uid, a.uid);
  EXPECT_EQ(s.resolveRun(b.uid.substr(0, 10)).id, idb);
  EXPECT_EQ(s.resolveRun("bbbb1111").id, idb);
  EXPECT_THROW(s.resolveRun("zzzzzz"), std::runtime_error);
}

TEST(Store, MergeWithoutDuplicates) {
  std::string pa = tempDb("merge-a.sqlite"), pb = tempDb("merge-b.sqlite");
  RunRecord shared = sampleRun("cccc", 30);
  {
    Store a(pa);
    a.insertRun(sampleRun("aaaa", 10));
    a.insertRun(shared);
  }
  {
    Store b(pb);
    b.insertRun(shared);
    b.insertRun(sampleRun("bbbb", 20));
    b.saveComparison("x", "y", "cpu_time", "{}");
  }
  Store a(pa);
  MergeStats m = a.merge(pb);
  EXPECT_EQ(m.runsAdded, 1);
  EXPECT_EQ(m.runsSkipped, 1);
  EXPECT_EQ(m.comparisonsAdded, 1);
  EXPECT_EQ(a.runs().size(), 3u);
  MergeStats again = a.merge(pb);
  EXPECT_EQ(again.runsAdded, 0);
  EXPECT_EQ(again.comparisonsAdded, 0);
  EXPECT_EQ(a.runs().size(), 3u);
  EXPECT_TRUE(a.verifyRuns().empty());
  // The merged run kept its samples under the right benchmark.
  RunInfo merged = a.resolveRun("bbbb");
  auto res = a.results(merged.id);
  ASSERT_EQ(res.size(), 2u);
  EXPECT_EQ(res[0].cpuNs, (std::vector<double>{20, 21, 22}));
  EXPECT_THROW(a.merge(pa + ".missing"), std::runtime_error);
}
