// BenchCommand.cpp — `tsjit bench run|record|compare|history|report|merge|check-db`: benchmark
// history in SQLite (perf/history/, docs/benchmarks.md).
//   run      runs the perf suites (correctness gate, repetitions, instruction counts) and prints
//            the results; stores nothing.
//   record   the same, stored as one run in --db (default results/history.sqlite); the run id is
//            the last line of stdout.
//   compare A B   A and B are run ids/uids, commits (their latest recorded run) or two benchmark
//            binaries (their repetitions interleaved on this machine). Table or --json on stdout;
//            exit 1 when a benchmark regressed significantly beyond --threshold.
//   history [NAME]   change points of each benchmark's series (E-divisive means).
//   report   results/report.html: self-contained HTML with inline SVG plots.
//   merge FILE...    copies the runs of other history files (CI shards) without duplicates.
//   check-db verifies every committed run is complete and PRAGMA integrity_check is ok (exit 1
//            otherwise).
// Progress goes to stderr.
// --db postgresql://... (perf/history/PgStore.h, built with libpq): merge copies SQLite history files
// into the server without duplicates, check-db verifies it, record writes the run to a temporary
// SQLite file and merges it (printing the server's run id), compare|history|report read a SQLite
// snapshot of the server (run ids kept) and compare merges its saved comparison back.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>

#include "perf/history/Compare.h"
#include "perf/history/History.h"
#include "perf/history/Report.h"
#include "perf/history/Runner.h"
#include "perf/history/Store.h"
#ifdef TSJIT_HAVE_LIBPQ
#include "perf/history/PgStore.h"
#endif
#include "jit/support/Error.h"
#include "tools/tsjit/Commands.h"

namespace tsjit::tool {

namespace {

using namespace tsjit::benchhistory;

struct BenchOptions {
  std::string db = "results/history.sqlite";
  std::string filter;
  int repetitions = 5;
  double minTime = 0.05;
  bool noInstructions = false;
  bool pytorch = false;
  std::string suitesFile;
  std::vector<std::string> bins;  // SUITE=PATH
  std::vector<std::string> env;   // K=V for every benchmark process
  std::string sourceDir;
  bool json = false;
  // compare
  std::string a, b;
  std::string metric = "cpu_time";
  double threshold = 0.05;
  double alpha = 0.05;
  std::vector<std::string> envA, envB;
  bool noSave = false;
  // history / report
  std::string name;
  double cpAlpha = 0.01;
  double minStep = 0;
  std::string out = "results/report.html";
  std::vector<std::string> mergeFiles;
};

bool postgresUrl(const std::string& db) { return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0; }

// A temporary SQLite history (a server's snapshot, or a run on its way there), removed at the end.
struct TempHistory {
  std::string path;
  TempHistory() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "tsjit-history-XXXXXX").string();
    int fd = mkstemp(tmpl.data());
    if (fd < 0) throw CompileError("bench: cannot create a temporary file in " + tmpl);
    ::close(fd);
    path = tmpl + ".sqlite";  // the mkstemp file reserves the name; Store creates this one
    reserved = tmpl;
  }
  ~TempHistory() {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ec);
    std::filesystem::remove(reserved, ec);
  }
  std::string reserved;
};

[[noreturn, maybe_unused]] void noLibpq(const std::string& db) {
  throw CompileError("bench: --db " + db + ": this tsjit was built without libpq (apt-get install libpq-dev, reconfigure)");
}

// The options with --db naming a SQLite file: `o` itself, or for a server a snapshot of it in `snap`.
BenchOptions sqliteView(const BenchOptions& o, std::optional<TempHistory>& snap) {
  if (!postgresUrl(o.db)) return o;
#ifdef TSJIT_HAVE_LIBPQ
  snap.emplace();
  PgStore(o.db).exportTo(snap->path);
  BenchOptions view = o;
  view.db = snap->path;
  return view;
#else
  noLibpq(o.db);
#endif
}

// What a command wrote to the snapshot (compare's saved comparison) goes back to the server.
void mergeBack(const BenchOptions& o, const std::optional<TempHistory>& snap) {
  if (!snap) return;
#ifdef TSJIT_HAVE_LIBPQ
  PgStore(o.db).mergeSqlite(snap->path);
#endif
}

// bench merge / check-db on a server: the number of the exit status.
int onPostgres(const BenchOptions& o, bool merge) {
#ifdef TSJIT_HAVE_LIBPQ
  PgStore store(o.db);
  if (merge) {
    for (const auto& f : o.mergeFiles) {
      MergeStats s = store.mergeSqlite(f);
      std::cout << f << ": " << s.runsAdded << " run(s) added, " << s.runsSkipped << " already present, "
                << s.comparisonsAdded << " comparison(s) added\n";
    }
    return 0;
  }
  std::vector<std::string> broken = store.verifyRuns();
  for (auto& b : broken) std::cout << "incomplete: " << b << "\n";
  std::cout << store.runCount() << " run(s), schema version " << store.schemaVersion() << " (PostgreSQL)\n";
  return broken.empty() ? 0 : 1;
#else
  (void)merge;
  noLibpq(o.db);
#endif
}

std::map<std::string, std::string> parseEnv(const std::vector<std::string>& kvs) {
  std::map<std::string, std::string> m;
  for (const auto& kv : kvs) {
    auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) throw CompileError("bench: expected KEY=VALUE, got '" + kv + "'");
    m[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  return m;
}

RunOptions runOptions(const BenchOptions& o) {
  RunOptions r;
  r.repetitions = o.repetitions;
  r.filter = o.filter;
  r.minTime = o.minTime;
  r.instructions = !o.noInstructions;
  r.pytorch = o.pytorch;
  r.sourceDir = o.sourceDir;
  r.env = parseEnv(o.env);
  r.progress = &std::cerr;
  if (r.repetitions < 1) throw CompileError("bench: --repetitions must be at least 1");
  return r;
}

std::vector<SuiteBinary> suites(const BenchOptions& o) {
  if (!o.bins.empty()) {
    std::vector<SuiteBinary> v;
    for (auto& [suite, path] : parseEnv(o.bins)) v.push_back({suite, path});
    return v;
  }
  return declaredSuites(o.suitesFile);
}

void validateMetric(const std::string& m) {
  if (m != "cpu_time" && m != "real_time")
    throw CompileError("bench: --metric must be cpu_time or real_time, not '" + m + "'");
}

void printRun(const RunRecord& run) {
  std::cout << "run " << run.uid << "  commit " << run.fp.build.commit.substr(0, 12) << (run.fp.build.dirty ? "+dirty" : "")
            << "  " << run.fp.machine.cpuModel << "  load " << run.fp.load1 << "  instructions: "
            << (run.instrTool.empty() ? "none" : run.instrTool) << "\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-46s %-6s %4s %14s %14s %16s\n", "benchmark", "status", "n", "median cpu",
                "median real", "instructions/it");
  std::cout << line;
  for (const BenchResult& r : run.results) {
    std::vector<double> cpu, real;
    for (auto& s : r.samples) cpu.push_back(s.cpuNs), real.push_back(s.realNs);
    std::string key = r.suite + "/" + r.name;
    if (r.status != BenchStatus::Ok) {
      std::snprintf(line, sizeof line, "%-46s %-6s %s\n", key.c_str(), toString(r.status), r.message.substr(0, 300).c_str());
    } else {
      std::snprintf(line, sizeof line, "%-46s %-6s %4zu %11.4g ns %11.4g ns %16s\n", key.c_str(), "ok", cpu.size(),
                    median(cpu), median(real), r.instructions ? std::to_string(static_cast<long long>(*r.instructions)).c_str() : "-");
    }
    std::cout << line;
  }
}

bool isBinary(const std::string& s) {
  struct stat st;
  return stat(s.c_str(), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & S_IXUSR);
}

int runCompare(const BenchOptions& o) {
  validateMetric(o.metric);
  VerdictRule rule{o.alpha, o.threshold};
  Comparison c;
  bool binA = isBinary(o.a), binB = isBinary(o.b);
  Store store(o.db);
  if (binA || binB) {
    if (!(binA && binB)) throw CompileError("bench compare: '" + (binA ? o.b : o.a) + "' is not an executable benchmark binary, but the other side is");
    RunOptions ro = runOptions(o);
    ro.instructions = false;
    auto [ra, rb] = runInterleaved({"ab", o.a}, {"ab", o.b}, ro, parseEnv(o.envA), parseEnv(o.envB));
    auto label = [](const std::string& path, const std::vector<std::string>& env) {
      std::string l = path;
      for (auto& kv : env) l = kv + " " + l;
      return l;
    };
    c = compareSides(sideFromRun(ra, o.metric, label(o.a, o.envA)), sideFromRun(rb, o.metric, label(o.b, o.envB)),
                     o.metric, rule);
  } else {
    RunInfo ra = store.resolveRun(o.a), rb = store.resolveRun(o.b);
    auto label = [](const RunInfo& r) {
      return "run " + std::to_string(r.id) + " (" + r.uid + ", commit " + r.commit.substr(0, 12) + (r.dirty ? "+dirty" : "") + ")";
    };
    c = compareSides(sideFromStored(store.results(ra.id), o.metric, label(ra)),
                     sideFromStored(store.results(rb.id), o.metric, label(rb)), o.metric, rule);
    if (ra.machineFingerprint != rb.machineFingerprint)
      std::cerr << "warning: the two runs come from different machines (" << ra.machineFingerprint << " vs "
                << rb.machineFingerprint << ")\n";
  }
  if (!o.noSave) store.saveComparison(c.labelA, c.labelB, o.metric, comparisonJson(c).dump());
  if (o.json) std::cout << comparisonJson(c).dump(2) << "\n";
  else std::cout << comparisonTable(c);
  return c.regressions() > 0 ? 1 : 0;
}

ChangePointOptions cpOptions(const BenchOptions& o) {
  ChangePointOptions cp;
  cp.alpha = o.cpAlpha;
  cp.minRelStep = o.minStep;
  return cp;
}

void addRunOptions(CLI::App* sub, BenchOptions& o) {
  sub->add_option("--filter", o.filter, "Regex picking benchmarks (as --benchmark_filter)");
  sub->add_option("--repetitions", o.repetitions, "Repetitions per benchmark (default 5)");
  sub->add_option("--min-time", o.minTime, "Seconds per repetition (--benchmark_min_time, default 0.05)");
  sub->add_flag("--no-instructions", o.noInstructions, "Skip the callgrind instruction counts");
  sub->add_flag("--pytorch", o.pytorch, "Also store PyTorch 1.13 reference figures (needs python3-torch)");
  sub->add_option("--suites", o.suitesFile, "Suite list file (default: build/perf/suites.txt)");
  sub->add_option("--bin", o.bins, "SUITE=PATH: run this binary as SUITE instead of the declared suites");
  sub->add_option("--env", o.env, "KEY=VALUE added to the benchmarks' environment");
  sub->add_option("--source", o.sourceDir, "Checkout whose commit is recorded (default: this build's)");
}

}  // namespace

void setupBenchCommand(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* bench = app.add_subcommand("bench", "Benchmark history in SQLite: run, record, compare, history, report, merge");
  bench->require_subcommand(1);

  CLI::App* run = bench->add_subcommand("run", "Run the perf suites and print the results (nothing stored)");
  addRunOptions(run, *o);
  run->callback([o, &exitCode] {
    RunRecord r = runSuites(suites(*o), runOptions(*o));
    printRun(r);
    exitCode = 0;
  });

  CLI::App* record = bench->add_subcommand("record", "Run the perf suites and store the run; prints its id last");
  addRunOptions(record, *o);
  record->add_option("--db", o->db, "History database (default results/history.sqlite)");
  record->callback([o, &exitCode] {
#ifndef TSJIT_HAVE_LIBPQ
    if (postgresUrl(o->db)) noLibpq(o->db);
#endif
    RunRecord r = runSuites(suites(*o), runOptions(*o));
    if (r.results.empty()) throw CompileError("bench record: no benchmark ran (filter '" + o->filter + "')");
    std::optional<TempHistory> staging;
    if (postgresUrl(o->db)) staging.emplace();
    Store store(staging ? staging->path : o->db);
    std::cerr << "[bench] writing run " << r.uid << " to " << o->db << std::endl;
    int64_t id = store.insertRun(r);
#ifdef TSJIT_HAVE_LIBPQ
    if (staging) {  // one transaction on the server, like insertRun's on a file
      PgStore server(o->db);
      server.mergeSqlite(staging->path);
      id = server.runIdOf(r.uid);
    }
#endif
    std::cerr << "[bench] committed run " << id << std::endl;
    printRun(r);
    std::cout << id << std::endl;
    exitCode = 0;
  });

  CLI::App* compare = bench->add_subcommand("compare", "Compare two runs, commits or benchmark binaries (A/B)");
  compare->add_option("A", o->a, "Run id / uid / commit, or a benchmark binary")->required();
  compare->add_option("B", o->b, "Run id / uid / commit, or a benchmark binary")->required();
  compare->add_option("--db", o->db, "History database (default results/history.sqlite)");
  compare->add_option("--metric", o->metric, "cpu_time (default) or real_time");
  compare->add_option("--threshold", o->threshold, "Minimum relative effect counted as a change (default 0.05)");
  compare->add_option("--alpha", o->alpha, "Significance level of the BH q-values (default 0.05)");
  compare->add_flag("--json", o->json, "JSON instead of the table");
  compare->add_option("--filter", o->filter, "Binaries: regex picking benchmarks");
  compare->add_option("--repetitions", o->repetitions, "Binaries: interleaved repetitions per side (default 5)");
  compare->add_option("--min-time", o->minTime, "Binaries: seconds per repetition (default 0.05)");
  compare->add_option("--env", o->env, "Binaries: KEY=VALUE for both sides");
  compare->add_option("--a-env", o->envA, "Binaries: KEY=VALUE for side A only");
  compare->add_option("--b-env", o->envB, "Binaries: KEY=VALUE for side B only");
  compare->add_flag("--no-save", o->noSave, "Do not keep the comparison for the report");
  compare->callback([o, &exitCode] {
    std::optional<TempHistory> snap;
    exitCode = runCompare(sqliteView(*o, snap));
    if (!o->noSave) mergeBack(*o, snap);
  });

  CLI::App* history = bench->add_subcommand("history", "Change points of each benchmark's recorded series");
  history->add_option("NAME", o->name, "Regex on suite/name (default: all)");
  history->add_option("--db", o->db, "History database (default results/history.sqlite)");
  history->add_option("--metric", o->metric, "cpu_time (default) or real_time");
  history->add_option("--alpha", o->cpAlpha, "Permutation-test significance of a change (default 0.01)");
  history->add_option("--min-step", o->minStep, "Ignore changes smaller than this relative step (default 0)");
  history->callback([o, &exitCode] {
    validateMetric(o->metric);
    std::optional<TempHistory> snap;
    Store store(sqliteView(*o, snap).db);
    std::cout << historyText(loadHistory(store, o->name, o->metric, cpOptions(*o)));
    exitCode = 0;
  });

  CLI::App* report = bench->add_subcommand("report", "Write the HTML report (inline SVG, no network)");
  report->add_option("--db", o->db, "History database (default results/history.sqlite)");
  report->add_option("--out", o->out, "Output file (default results/report.html)");
  report->add_option("--metric", o->metric, "cpu_time (default) or real_time");
  report->add_option("--alpha", o->cpAlpha, "Change-point significance (default 0.01)");
  report->callback([o, &exitCode] {
    validateMetric(o->metric);
    std::optional<TempHistory> snap;
    Store store(sqliteView(*o, snap).db);
    std::string html = renderReport(store, o->metric, cpOptions(*o));
    std::filesystem::path p(o->out);
    if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
    std::ofstream out(o->out);
    out << html;
    if (!out) throw CompileError("bench report: cannot write '" + o->out + "'");
    std::cerr << "wrote " << o->out << " (" << html.size() << " bytes)\n";
    exitCode = 0;
  });

  CLI::App* merge = bench->add_subcommand("merge", "Merge other history files into --db without duplicating runs");
  merge->add_option("FILES", o->mergeFiles, "History files to merge")->required();
  merge->add_option("--db", o->db, "History database (default results/history.sqlite)");
  merge->callback([o, &exitCode] {
    if (postgresUrl(o->db)) {
      exitCode = onPostgres(*o, true);
      return;
    }
    Store store(o->db);
    for (const auto& f : o->mergeFiles) {
      MergeStats s = store.merge(f);
      std::cout << f << ": " << s.runsAdded << " run(s) added, " << s.runsSkipped << " already present, "
                << s.comparisonsAdded << " comparison(s) added\n";
    }
    exitCode = 0;
  });

  CLI::App* check = bench->add_subcommand("check-db", "Check every committed run is complete and the file is sound");
  check->add_option("--db", o->db, "History database (default results/history.sqlite)");
  check->callback([o, &exitCode] {
    if (postgresUrl(o->db)) {
      exitCode = onPostgres(*o, false);
      return;
    }
    Store store(o->db);
    std::vector<std::string> broken = store.verifyRuns();
    std::string integrity = store.integrityCheck();
    for (auto& b : broken) std::cout << "incomplete: " << b << "\n";
    std::cout << store.runs().size() << " run(s), schema version " << store.schemaVersion() << ", integrity_check: " << integrity
              << "\n";
    exitCode = broken.empty() && integrity == "ok" ? 0 : 1;
  });
}

}  // namespace tsjit::tool
