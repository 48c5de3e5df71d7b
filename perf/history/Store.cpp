// Store.cpp — see Store.h.
#include "perf/history/Store.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

namespace tsjit::benchhistory {

namespace {
std::string openPath(const std::string& path) {
  std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  return path;
}

int64_t nowSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string countersJson(const std::map<std::string, double>& counters) {
  if (counters.empty()) return "";
  nlohmann::json j = nlohmann::json::object();
  for (auto& [k, v] : counters) j[k] = v;
  return j.dump();
}
}  // namespace

const char* toString(BenchStatus s) {
  switch (s) {
    case BenchStatus::Ok: return "ok";
    case BenchStatus::Wrong: return "wrong";
    case BenchStatus::Error: return "error";
  }
  return "error";
}

BenchStatus benchStatusFromString(const std::string& s) {
  if (s == "ok") return BenchStatus::Ok;
  if (s == "wrong") return BenchStatus::Wrong;
  return BenchStatus::Error;
}

std::string newRunUid() {
  std::random_device rd;
  std::mt19937_64 gen((static_cast<uint64_t>(rd()) << 32) ^ rd() ^ static_cast<uint64_t>(getpid()) ^
                      static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::ostringstream os;
  os << std::hex;
  os.width(16);
  os.fill('0');
  os << gen();
  return os.str();
}

Store::Store(const std::string& path, int targetVersion) : db_(openPath(path)) {
  db_.exec("PRAGMA journal_mode=WAL");
  db_.exec("PRAGMA synchronous=NORMAL");
  db_.exec("PRAGMA foreign_keys=ON");
  migrate(targetVersion);
}

void Store::migrate(int targetVersion) {
  const auto& all = migrations();
  int latest = all.back().version;
  if (targetVersion < 0) targetVersion = latest;
  Transaction tx(db_);
  db_.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
           "applied_at INTEGER NOT NULL, description TEXT NOT NULL)");
  int current = 0;
  {
    Stmt st(db_, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
    if (st.step()) current = static_cast<int>(st.getInt(0));
  }
  if (current > latest)
    throw std::runtime_error(db_.path() + ": schema version " + std::to_string(current) +
                             " is newer than this tsjit understands (" + std::to_string(latest) + ")");
  for (const Migration& m : all) {
    if (m.version <= current || m.version > targetVersion) continue;
    db_.exec(m.sql);
    Stmt ins(db_, "INSERT INTO schema_version(version, applied_at, description) VALUES (?, ?, ?)");
    ins.bind(1, m.version).bind(2, nowSeconds()).bind(3, m.description).run();
    current = m.version;
  }
  db_.exec("PRAGMA user_version=" + std::to_string(current));
  tx.commit();
}

int Store::schemaVersion() {
  Stmt st(db_, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
  st.step();
  return static_cast<int>(st.getInt(0));
}

std::vector<int> Store::appliedMigrations() {
  std::vector<int> v;
  Stmt st(db_, "SELECT version FROM schema_version ORDER BY version");
  while (st.step()) v.push_back(static_cast<int>(st.getInt(0)));
  return v;
}

int64_t Store::machineId(const MachineInfo& m) {
  std::string fp = m.fingerprint();
  Stmt ins(db_,
           "INSERT INTO machine(fingerprint, hostname, cpu_model, cpu_flags, cores, mem_kib, kernel) "
           "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(fingerprint) DO NOTHING");
  ins.bind(1, fp).bind(2, m.hostname).bind(3, m.cpuModel).bind(4, m.cpuFlags).bind(5, m.cores);
  ins.bind(6, m.memKiB).bind(7, m.kernel).run();
  Stmt sel(db_, "SELECT id FROM machine WHERE fingerprint = ?");
  sel.bind(1, fp);
  sel.step();
  return sel.getInt(0);
}

int64_t Store::benchmarkId(const std::string& suite, const std::string& name) {
  Stmt ins(db_, "INSERT INTO benchmark(suite, name) VALUES (?, ?) ON CONFLICT(suite, name) DO NOTHING");
  ins.bind(1, suite).bind(2, name).run();
  Stmt sel(db_, "SELECT id FROM benchmark WHERE suite = ? AND name = ?");
  sel.bind(1, suite).bind(2, name);
  sel.step();
  return sel.getInt(0);
}

int64_t Store::insertRun(const RunRecord& run) {
  int64_t delayUs = 0;
  if (const char* d = std::getenv("TSJIT_BENCH_TEST_COMMIT_DELAY_US")) delayUs = std::atoll(d);
  int64_t nSamples = 0;
  for (const auto& r : run.results) nSamples += static_cast<int64_t>(r.samples.size());

  Transaction tx(db_);
  int64_t machine = machineId(run.fp.machine);
  const BuildInfo& b = run.fp.build;
  Stmt ins(db_,
           "INSERT INTO run(uid, started_at, ended_at, commit_sha, dirty, branch, build_type, compiler, flags, "
           "machine_id, load1, load5, load15, repetitions, filter, instr_tool, kind, label, n_results, n_samples) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  ins.bind(1, run.uid).bind(2, run.startedAt).bind(3, run.endedAt).bind(4, b.commit).bind(5, b.dirty ? 1 : 0);
  ins.bind(6, b.branch).bind(7, b.buildType).bind(8, b.compiler).bind(9, b.flags).bind(10, machine);
  ins.bind(11, run.fp.load1).bind(12, run.fp.load5).bind(13, run.fp.load15).bind(14, run.repetitions);
  ins.bind(15, run.filter).bind(16, run.instrTool).bind(17, run.kind).bind(18, run.label);
  ins.bind(19, static_cast<int64_t>(run.results.size())).bind(20, nSamples).run();
  int64_t runId = db_.lastInsertId();

  Stmt res(db_,
           "INSERT INTO result(run_id, benchmark_id, status, message, unit, instructions, pytorch_ns) "
           "VALUES (?, ?, ?, ?, ?, ?, ?)");
  Stmt smp(db_,
           "INSERT INTO sample(run_id, benchmark_id, rep, real_ns, cpu_ns, iterations, counters) "
           "VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const BenchResult& r : run.results) {
    int64_t bench = benchmarkId(r.suite, r.name);
    res.bind(1, runId).bind(2, bench).bind(3, toString(r.status)).bind(4, r.message).bind(5, r.unit);
    res.bind(6, r.instructions).bind(7, r.pytorchNs).run();
    for (const Sample& s : r.samples) {
      smp.bind(1, runId).bind(2, bench).bind(3, s.rep).bind(4, s.realNs).bind(5, s.cpuNs).bind(6, s.iterations);
      std::string c = countersJson(s.counters);
      if (c.empty()) smp.bindNull(7);
      else smp.bind(7, c);
      smp.run();
      if (delayUs > 0) std::this_thread::sleep_for(std::chrono::microseconds(delayUs));
    }
  }
  tx.commit();
  return runId;
}

namespace {
const char* kRunColumns =
    "r.id, r.uid, r.started_at, r.ended_at, r.commit_sha, r.branch, r.build_type, r.compiler, r.flags, r.kind, "
    "r.label, r.filter, r.instr_tool, r.dirty, r.repetitions, r.load1, m.hostname, m.cpu_model, m.cpu_flags, "
    "m.cores, m.mem_kib, m.kernel, m.fingerprint, r.n_results, r.n_samples";

RunInfo readRun(Stmt& st) {
  RunInfo r;
  r.id = st.getInt(0);
  r.uid = st.getText(1);
  r.startedAt = st.getInt(2);
  r.endedAt = st.getInt(3);
  r.commit = st.getText(4);
  r.branch = st.getText(5);
  r.buildType = st.getText(6);
  r.compiler = st.getText(7);
  r.flags = st.getText(8);
  r.kind = st.getText(9);
  r.label = st.getText(10);
  r.filter = st.getText(11);
  r.instrTool = st.getText(12);
  r.dirty = st.getInt(13) != 0;
  r.repetitions = static_cast<int>(st.getInt(14));
  r.load1 = st.getDouble(15);
  r.machine.hostname = st.getText(16);
  r.machine.cpuModel = st.getText(17);
  r.machine.cpuFlags = st.getText(18);
  r.machine.cores = static_cast<int>(st.getInt(19));
  r.machine.memKiB = st.getInt(20);
  r.machine.kernel = st.getText(21);
  r.machineFingerprint = st.getText(22);
  r.nResults = st.getInt(23);
  r.nSamples = st.getInt(24);
  return r;
}
}  // namespace

std::vector<RunInfo> Store::runs() {
  std::vector<RunInfo> out;
  Stmt st(db_, std::string("SELECT ") + kRunColumns +
                   " FROM run r JOIN machine m ON m.id = r.machine_id ORDER BY r.started_at, r.id");
  while (st.step()) out.push_back(readRun(st));
  return out;
}

RunInfo Store::resolveRun(const std::string& spec) {
  if (spec.empty()) throw std::runtime_error("empty run specification");
  std::vector<RunInfo> all = runs();
  bool numeric = spec.find_first_not_of("0123456789") == std::string::npos;
  if (numeric) {
    for (auto& r : all)
      if (std::to_string(r.id) == spec) return r;
  }
  std::vector<RunInfo> byUid;
  for (auto& r : all)
    if (r.uid.rfind(spec, 0) == 0) byUid.push_back(r);
  if (byUid.size() == 1) return byUid[0];
  if (byUid.size() > 1) throw std::runtime_error("run uid prefix '" + spec + "' is ambiguous");
  const RunInfo* latest = nullptr;
  for (auto& r : all)
    if (spec.size() >= 4 && r.commit.rfind(spec, 0) == 0 && r.kind == "record") latest = &r;
  if (latest) return *latest;
  throw std::runtime_error("no run matches '" + spec + "' (a run id, a run uid, or a commit with a recorded run) in " +
                           db_.path());
}

std::vector<StoredResult> Store::results(int64_t runId) {
  std::vector<StoredResult> out;
  Stmt st(db_,
          "SELECT b.id, b.suite, b.name, x.status, x.message, x.unit, x.instructions, x.pytorch_ns "
          "FROM result x JOIN benchmark b ON b.id = x.benchmark_id WHERE x.run_id = ? ORDER BY b.suite, b.name");
  st.bind(1, runId);
  Stmt smp(db_, "SELECT real_ns, cpu_ns FROM sample WHERE run_id = ? AND benchmark_id = ? ORDER BY rep");
  while (st.step()) {
    StoredResult r;
    int64_t bench = st.getInt(0);
    r.suite = st.getText(1);
    r.name = st.getText(2);
    r.status = benchStatusFromString(st.getText(3));
    r.message = st.getText(4);
    r.unit = st.getText(5);
    if (!st.isNull(6)) r.instructions = st.getDouble(6);
    if (!st.isNull(7)) r.pytorchNs = st.getDouble(7);
    smp.bind(1, runId).bind(2, bench);
    while (smp.step()) {
      r.realNs.push_back(smp.getDouble(0));
      r.cpuNs.push_back(smp.getDouble(1));
    }
    smp.reset();
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> Store::verifyRuns() {
  std::vector<std::string> broken;
  Stmt st(db_,
          "SELECT r.id, r.uid, r.n_results, r.n_samples, "
          "(SELECT COUNT(*) FROM result x WHERE x.run_id = r.id), "
          "(SELECT COUNT(*) FROM sample s WHERE s.run_id = r.id) FROM run r ORDER BY r.id");
  while (st.step()) {
    if (st.getInt(2) != st.getInt(4) || st.getInt(3) != st.getInt(5))
      broken.push_back("run " + std::to_string(st.getInt(0)) + " (" + st.getText(1) + "): " +
                       std::to_string(st.getInt(4)) + "/" + std::to_string(st.getInt(2)) + " results, " +
                       std::to_string(st.getInt(5)) + "/" + std::to_string(st.getInt(3)) + " samples");
  }
  return broken;
}

std::string Store::integrityCheck() {
  Stmt st(db_, "PRAGMA integrity_check");
  std::string out;
  while (st.step()) out += (out.empty() ? "" : "\n") + st.getText(0);
  return out;
}

MergeStats Store::merge(const std::string& otherPath) {
  if (!std::filesystem::exists(otherPath)) throw std::runtime_error("merge: no such file '" + otherPath + "'");
  { Store other(otherPath); }  // brings the other file to the current schema
  MergeStats stats;
  {
    Stmt att(db_, "ATTACH DATABASE ? AS src");
    att.bind(1, otherPath).run();
  }
  try {
    Transaction tx(db_);
    {
      Stmt c(db_, "SELECT COUNT(*), SUM(uid IN (SELECT uid FROM main.run)) FROM src.run");
      c.step();
      int64_t total = c.getInt(0), known = c.isNull(1) ? 0 : c.getInt(1);
      stats.runsAdded = total - known;
      stats.runsSkipped = known;
    }
    db_.exec(
        "INSERT INTO main.machine(fingerprint, hostname, cpu_model, cpu_flags, cores, mem_kib, kernel) "
        "SELECT fingerprint, hostname, cpu_model, cpu_flags, cores, mem_kib, kernel FROM src.machine WHERE true "
        "ON CONFLICT(fingerprint) DO NOTHING;"
        "INSERT INTO main.benchmark(suite, name) SELECT suite, name FROM src.benchmark WHERE true "
        "ON CONFLICT(suite, name) DO NOTHING;"
        "CREATE TEMP TABLE merged_runs AS SELECT uid FROM src.run WHERE uid NOT IN (SELECT uid FROM main.run);"
        "INSERT INTO main.run(uid, started_at, ended_at, commit_sha, dirty, branch, build_type, compiler, flags, "
        "  machine_id, load1, load5, load15, repetitions, filter, instr_tool, kind, label, n_results, n_samples) "
        "SELECT r.uid, r.started_at, r.ended_at, r.commit_sha, r.dirty, r.branch, r.build_type, r.compiler, "
        "  r.flags, mm.id, r.load1, r.load5, r.load15, r.repetitions, r.filter, r.instr_tool, r.kind, r.label, "
        "  r.n_results, r.n_samples "
        "FROM src.run r JOIN src.machine sm ON sm.id = r.machine_id "
        "JOIN main.machine mm ON mm.fingerprint = sm.fingerprint "
        "WHERE r.uid IN (SELECT uid FROM temp.merged_runs) ORDER BY r.started_at, r.id;"
        "INSERT INTO main.result(run_id, benchmark_id, status, message, unit, instructions, pytorch_ns) "
        "SELECT mr.id, mb.id, x.status, x.message, x.unit, x.instructions, x.pytorch_ns "
        "FROM src.result x JOIN src.run sr ON sr.id = x.run_id JOIN main.run mr ON mr.uid = sr.uid "
        "JOIN src.benchmark sb ON sb.id = x.benchmark_id "
        "JOIN main.benchmark mb ON mb.suite = sb.suite AND mb.name = sb.name "
        "WHERE sr.uid IN (SELECT uid FROM temp.merged_runs);"
        "INSERT INTO main.sample(run_id, benchmark_id, rep, real_ns, cpu_ns, iterations, counters) "
        "SELECT mr.id, mb.id, s.rep, s.real_ns, s.cpu_ns, s.iterations, s.counters "
        "FROM src.sample s JOIN src.run sr ON sr.id = s.run_id JOIN main.run mr ON mr.uid = sr.uid "
        "JOIN src.benchmark sb ON sb.id = s.benchmark_id "
        "JOIN main.benchmark mb ON mb.suite = sb.suite AND mb.name = sb.name "
        "WHERE sr.uid IN (SELECT uid FROM temp.merged_runs);"
        "DROP TABLE temp.merged_runs;");
    {
      Stmt c(db_, "SELECT COUNT(*) FROM src.comparison WHERE uid NOT IN (SELECT uid FROM main.comparison)");
      c.step();
      stats.comparisonsAdded = c.getInt(0);
    }
    db_.exec(
        "INSERT INTO main.comparison(uid, created_at, base_label, head_label, metric, body) "
        "SELECT uid, created_at, base_label, head_label, metric, body FROM src.comparison "
        "WHERE uid NOT IN (SELECT uid FROM main.comparison) ORDER BY created_at, id");
    tx.commit();
  } catch (...) {
    try {
      db_.exec("DETACH DATABASE src");
    } catch (...) {
    }
    throw;
  }
  db_.exec("DETACH DATABASE src");
  return stats;
}

void Store::saveComparison(const std::string& baseLabel, const std::string& headLabel, const std::string& metric,
                           const std::string& bodyJson) {
  Transaction tx(db_);
  Stmt st(db_,
          "INSERT INTO comparison(uid, created_at, base_label, head_label, metric, body) VALUES (?, ?, ?, ?, ?, ?)");
  st.bind(1, newRunUid()).bind(2, nowSeconds()).bind(3, baseLabel).bind(4, headLabel).bind(5, metric);
  st.bind(6, bodyJson).run();
  tx.commit();
}

std::optional<Store::SavedComparison> Store::latestComparison() {
  Stmt st(db_, "SELECT created_at, base_label, head_label, metric, body FROM comparison ORDER BY created_at DESC, id DESC LIMIT 1");
  if (!st.step()) return std::nullopt;
  return SavedComparison{st.getInt(0), st.getText(1), st.getText(2), st.getText(3), st.getText(4)};
}

}  // namespace tsjit::benchhistory
