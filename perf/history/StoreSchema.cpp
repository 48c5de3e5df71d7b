// StoreSchema.cpp — the history database's schema as an ordered list of migrations. Migration k
// brings a database from version k-1 to k; the schema_version table lists every migration applied
// (and PRAGMA user_version mirrors the latest). Never edit a released migration: append one.
#include "perf/history/Store.h"

namespace tsjit::benchhistory {

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> all = {
      {1, "machines, runs, benchmarks, results, samples",
       R"SQL(
CREATE TABLE machine (id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL UNIQUE, hostname TEXT,
  cpu_model TEXT, cpu_flags TEXT, cores INTEGER, mem_kib INTEGER, kernel TEXT);
CREATE TABLE run (id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE,
  started_at INTEGER NOT NULL, ended_at INTEGER NOT NULL,
  commit_sha TEXT NOT NULL, dirty INTEGER NOT NULL, branch TEXT, build_type TEXT, compiler TEXT,
  flags TEXT, machine_id INTEGER NOT NULL REFERENCES machine(id),
  load1 REAL, load5 REAL, load15 REAL, repetitions INTEGER NOT NULL, filter TEXT,
  instr_tool TEXT, kind TEXT NOT NULL, label TEXT,
  n_results INTEGER NOT NULL, n_samples INTEGER NOT NULL);
CREATE INDEX run_started ON run(started_at);
CREATE INDEX run_commit ON run(commit_sha);
CREATE TABLE benchmark (id INTEGER PRIMARY KEY, suite TEXT NOT NULL, name TEXT NOT NULL,
  UNIQUE(suite, name));
CREATE TABLE result (run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  benchmark_id INTEGER NOT NULL REFERENCES benchmark(id),
  status TEXT NOT NULL CHECK (status IN ('ok', 'wrong', 'error')), message TEXT, unit TEXT,
  instructions REAL, pytorch_ns REAL,
  PRIMARY KEY (run_id, benchmark_id)) WITHOUT ROWID;
CREATE TABLE sample (run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  benchmark_id INTEGER NOT NULL REFERENCES benchmark(id), rep INTEGER NOT NULL,
  real_ns REAL NOT NULL, cpu_ns REAL NOT NULL, iterations INTEGER NOT NULL, counters TEXT,
  PRIMARY KEY (run_id, benchmark_id, rep)) WITHOUT ROWID;
)SQL"},
      {2, "A/B comparisons kept for the report",
       R"SQL(
CREATE TABLE comparison (id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL,
  base_label TEXT NOT NULL, head_label TEXT NOT NULL, metric TEXT NOT NULL, body TEXT NOT NULL);
)SQL"},
  };
  return all;
}

}  // namespace tsjit::benchhistory
