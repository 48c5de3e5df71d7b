// PgStore.h — the benchmark history on a PostgreSQL server (`tsjit bench merge|check-db --db
// postgresql://...`), shared by every CI runner.
//
// The schema is the SQLite store's (StoreSchema.cpp), migration for migration: the same versions,
// descriptions, tables and columns, spelled for PostgreSQL (identity keys, BIGINT, DOUBLE
// PRECISION for SQLite's 8-byte REAL); migrating runs under an advisory lock, so runners that
// connect to a fresh server at once migrate it once. mergeSqlite() copies the runs of a SQLite
// history file (one per CI runner) into the server, each run in ONE transaction (machine matched
// by fingerprint, benchmarks by suite and name) and skipped when its uid is already there, so
// merging a file twice or two runners merging at once never duplicates a run. Invariant: every
// run row's n_results / n_samples equal its result / sample rows (verifyRuns()).
// compare|history|report on a server read a SQLite snapshot of it (exportTo(), ids kept); record
// writes the run to a temporary SQLite file and merges it (tools/tsjit/BenchCommand.cpp).
#pragma once

#include <string>
#include <vector>

#include "perf/history/Postgres.h"
#include "perf/history/Store.h"

namespace tsjit::benchhistory {

bool isPostgresUrl(const std::string& db);  // postgresql://... or postgres://...
const std::vector<Migration>& postgresMigrations();

class PgStore {
 public:
  explicit PgStore(const std::string& url);  // connects and migrates to the latest version
  int schemaVersion();
  int64_t runCount();
  std::vector<std::string> verifyRuns();  // one line per run whose row counts disagree
  MergeStats mergeSqlite(const std::string& sqlitePath);
  // The whole server history copied into a new SQLite file (row ids kept, so run ids are the
  // server's): what `tsjit bench compare|history|report --db postgresql://...` read.
  void exportTo(const std::string& sqlitePath);
  int64_t runIdOf(const std::string& uid);  // -1 when absent

 private:
  PgConn c_;
};

}  // namespace tsjit::benchhistory
