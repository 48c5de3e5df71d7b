// Store.h — the benchmark history in SQLite (default results/history.sqlite).
//
// Opening a store creates or migrates its schema (StoreSchema.cpp, inside BEGIN IMMEDIATE so two
// processes opening a fresh file at once migrate it once), switches to WAL and waits up to 60 s
// for another writer. insertRun writes one run — machine, run row, results, samples — in ONE
// transaction, so a run killed at any point is either entirely there or not at all; each run row
// records how many results and samples it committed (n_results, n_samples), which lets
// verifyRuns() prove that. merge() copies runs of another history file, matched by run uid, so
// merging twice (or merging overlapping CI shards) never duplicates a run.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "perf/history/Model.h"
#include "perf/history/Sqlite.h"

namespace tsjit::benchhistory {

struct Migration {
  int version;
  const char* description;
  const char* sql;
};
const std::vector<Migration>& migrations();

struct RunInfo {
  int64_t id = 0;
  std::string uid;
  int64_t startedAt = 0, endedAt = 0;
  std::string commit, branch, buildType, compiler, flags, kind, label, filter, instrTool;
  bool dirty = false;
  int repetitions = 0;
  double load1 = 0;
  MachineInfo machine;
  std::string machineFingerprint;
  int64_t nResults = 0, nSamples = 0;
};

// One benchmark of one run as read back.
struct StoredResult {
  std::string suite, name, unit, message;
  BenchStatus status = BenchStatus::Ok;
  std::vector<double> realNs, cpuNs;  // by repetition
  std::optional<double> instructions, pytorchNs;
};

struct MergeStats {
  int64_t runsAdded = 0, runsSkipped = 0, comparisonsAdded = 0;
};

class Store {
 public:
  // Opens (creating the parent folder and file when needed) and migrates up to `targetVersion`
  // (default: the latest). A database newer than this program is an error.
  explicit Store(const std::string& path, int targetVersion = -1);
  int schemaVersion();
  // The versions recorded in schema_version, ascending.
  std::vector<int> appliedMigrations();

  // One transaction; returns the new run's id. TSJIT_BENCH_TEST_COMMIT_DELAY_US (tests only)
  // sleeps that long after each sample insert so a SIGKILL lands inside the transaction.
  int64_t insertRun(const RunRecord& run);

  std::vector<RunInfo> runs();  // ordered by started_at, then id
  // A run id ("12"), a run uid or its prefix, or a commit sha prefix (the latest run of that
  // commit). Throws std::runtime_error naming `spec` when nothing or several uids match.
  RunInfo resolveRun(const std::string& spec);
  std::vector<StoredResult> results(int64_t runId);

  // Every run's row counts against n_results / n_samples; returns one line per broken run.
  std::vector<std::string> verifyRuns();
  // PRAGMA integrity_check's answer ("ok" when the file is sound).
  std::string integrityCheck();

  MergeStats merge(const std::string& otherPath);

  void saveComparison(const std::string& baseLabel, const std::string& headLabel, const std::string& metric,
                      const std::string& bodyJson);
  // The latest comparison's body (JSON text) with its labels, if any.
  struct SavedComparison {
    int64_t createdAt = 0;
    std::string baseLabel, headLabel, metric, body;
  };
  std::optional<SavedComparison> latestComparison();

  Db& db() { return db_; }

 private:
  void migrate(int targetVersion);
  int64_t machineId(const MachineInfo& m);
  int64_t benchmarkId(const std::string& suite, const std::string& name);
  Db db_;
};

}  // namespace tsjit::benchhistory
