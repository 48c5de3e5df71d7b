// Runner.cpp — see Runner.h.
#include "perf/history/Runner.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "perf/history/Fingerprint.h"
#include "perf/history/Stats.h"

#ifndef TSJIT_BH_SUITES_FILE
#define TSJIT_BH_SUITES_FILE ""
#endif

namespace tsjit::benchhistory {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {
int64_t nowSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void say(const RunOptions& o, const std::string& msg) {
  if (o.progress) *o.progress << "[bench] " << msg << std::endl;
}

std::string tempPath(const std::string& stem) {
  return (fs::temp_directory_path() / (stem + "-" + std::to_string(getpid()) + "-" + newRunUid())).string();
}

std::string tail(const std::string& path, size_t maxChars = 600) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  if (s.size() > maxChars) s = "..." + s.substr(s.size() - maxChars);
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

double toNs(double v, const std::string& unit) {
  if (unit == "us") return v * 1e3;
  if (unit == "ms") return v * 1e6;
  if (unit == "s") return v * 1e9;
  return v;
}

std::string displayUnit(const std::string& unit) { return unit.empty() ? "ns" : unit; }

// Benchmark names with their correctness verdict, from `<bin> --tsjit_verify`.
struct Verification {
  bool ran = false;
  std::string failure;  // why the verifier itself failed
  std::map<std::string, std::pair<bool, std::string>> byName;
};

Verification verifySuite(const SuiteBinary& s, const RunOptions& o, const std::map<std::string, std::string>& env) {
  Verification v;
  std::vector<std::string> argv = {s.path, "--tsjit_verify"};
  if (!o.filter.empty()) argv.push_back("--benchmark_filter=" + o.filter);
  std::string out, err = tempPath("tsjit-verify-err");
  int rc = runProcess(argv, env, &out, err);
  std::string errTail = tail(err);
  fs::remove(err);
  if (rc != 0) {
    v.failure = "the correctness check (" + s.path + " --tsjit_verify) exited with status " + std::to_string(rc) +
                (errTail.empty() ? "" : ": " + errTail);
    return v;
  }
  v.ran = true;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] != '{') continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.contains("name")) continue;
    v.byName[j["name"].get<std::string>()] = {j.value("ok", false), j.value("message", std::string())};
  }
  return v;
}

// One invocation of the binary with `repetitions` repetitions; appends samples to *results
// (creating entries in order of first appearance) starting at repetition index `repBase`.
void timeSuite(const SuiteBinary& s, const RunOptions& o, const std::map<std::string, std::string>& env,
               int repetitions, int repBase, std::vector<BenchResult>* results) {
  std::vector<std::string> argv = {s.path, "--benchmark_format=json",
                                   "--benchmark_repetitions=" + std::to_string(repetitions),
                                   "--benchmark_min_time=" + std::to_string(o.minTime)};
  if (repetitions > 1) argv.push_back("--benchmark_enable_random_interleaving=true");
  if (!o.filter.empty()) argv.push_back("--benchmark_filter=" + o.filter);
  std::string out, err = tempPath("tsjit-bench-err");
  int rc = runProcess(argv, env, &out, err);
  std::string errTail = tail(err);
  fs::remove(err);
  auto find = [&](const std::string& name) -> BenchResult& {
    for (auto& r : *results)
      if (r.suite == s.suite && r.name == name) return r;
    results->push_back(BenchResult{});
    results->back().suite = s.suite;
    results->back().name = name;
    return results->back();
  };
  json j = json::parse(out, nullptr, false);
  if (rc != 0 || j.is_discarded() || !j.contains("benchmarks")) {
    BenchResult& r = find("<suite>");
    r.status = BenchStatus::Error;
    r.message = s.path + " exited with status " + std::to_string(rc) + (j.is_discarded() ? " (no JSON output)" : "") +
                (errTail.empty() ? "" : ": " + errTail);
    return;
  }
  static const std::set<std::string> known = {"family_index", "per_family_instance_index", "repetitions",
                                              "repetition_index", "threads", "iterations", "real_time",
                                              "cpu_time"};
  std::map<std::string, int> seen;
  for (const json& b : j["benchmarks"]) {
    if (b.value("run_type", "iteration") != "iteration") continue;
    std::string name = b.value("run_name", b.value("name", std::string("?")));
    BenchResult& r = find(name);
    if (b.value("error_occurred", false)) {
      r.status = BenchStatus::Error;
      r.message = b.value("error_message", std::string("the benchmark reported an error"));
      continue;
    }
    std::string unit = b.value("time_unit", std::string("ns"));
    r.unit = displayUnit(unit);
    Sample smp;
    smp.rep = repBase + seen[name]++;
    smp.realNs = toNs(b.value("real_time", 0.0), unit);
    smp.cpuNs = toNs(b.value("cpu_time", 0.0), unit);
    smp.iterations = b.value("iterations", int64_t{0});
    for (auto it = b.begin(); it != b.end(); ++it)
      if (it.value().is_number() && !known.count(it.key())) smp.counters[it.key()] = it.value().get<double>();
    r.samples.push_back(std::move(smp));
  }
}

// Applies the correctness verdicts: wrong results lose their samples.
void gate(const SuiteBinary& s, const Verification& v, std::vector<BenchResult>* results) {
  for (auto& r : *results) {
    if (r.suite != s.suite || r.status != BenchStatus::Ok) continue;
    if (!v.ran) {
      r.status = BenchStatus::Error;
      r.message = v.failure;
    } else if (auto it = v.byName.find(r.name); it == v.byName.end()) {
      r.status = BenchStatus::Error;
      r.message = "no correctness check ran for this benchmark";
    } else if (!it->second.first) {
      r.status = BenchStatus::Wrong;
      r.message = it->second.second;
    }
    if (r.status != BenchStatus::Ok) r.samples.clear();
  }
}

bool haveValgrind() { return !captureCommand("command -v valgrind 2>/dev/null").empty(); }

std::optional<double> countInstructions(const SuiteBinary& s, const BenchResult& r,
                                        const std::map<std::string, std::string>& env, const RunOptions& o,
                                        int* status) {
  std::vector<double> cpu;
  for (auto& smp : r.samples) cpu.push_back(smp.cpuNs);
  double med = cpu.empty() ? 1e6 : median(cpu);
  // About 2 ms of native work: callgrind runs it ~50x slower.
  long iters = std::clamp(static_cast<long>(2e6 / std::max(med, 1.0)), 1L, 2000L);
  std::string outFile = tempPath("tsjit-callgrind"), err = tempPath("tsjit-callgrind-err");
  std::vector<std::string> argv = {"valgrind", "--tool=callgrind", "--instr-atstart=no",
                                   "--callgrind-out-file=" + outFile, s.path, "--tsjit_count=" + r.name,
                                   "--tsjit_iters=" + std::to_string(iters)};
  std::string out;
  int rc = runProcess(argv, env, &out, err);
  *status = rc;
  fs::remove(err);
  std::optional<double> result;
  std::ifstream in(outFile);
  std::string line;
  // "totals:" is the whole profile; "summary:" can be 0 with --instr-atstart=no.
  while (rc == 0 && std::getline(in, line)) {
    if (line.rfind("totals:", 0) == 0) {
      result = std::atof(line.substr(line.find(':') + 1).c_str()) / static_cast<double>(iters);
      break;
    }
  }
  fs::remove(outFile);
  if (rc != 0)
    say(o, "callgrind could not run " + r.name + " (status " + std::to_string(rc) +
               (rc == 132 ? ": illegal instruction, e.g. AVX-512 code valgrind does not know" : "") + "): no count");
  return result;
}

// PyTorch 1.13 figures: perf/pytorch_baseline.py --json prints {"BM_...": ns per iteration}.
void addPytorchFigures(const RunOptions& o, std::vector<BenchResult>* results) {
  std::string script = (fs::path(o.sourceDir.empty() ? defaultSourceDir() : o.sourceDir) / "perf" /
                        "pytorch_baseline.py").string();
  std::string python;
  for (const char* candidate : {"python3", "/usr/bin/python3"})
    if (captureCommand(std::string(candidate) + " -c 'import torch' 2>/dev/null && echo yes") == "yes") {
      python = candidate;
      break;
    }
  if (python.empty()) {
    say(o, "PyTorch reference: no python3 with torch (apt-get install python3-torch); skipped");
    return;
  }
  say(o, "PyTorch reference: running " + python + " " + script + " --json");
  std::string out;
  int rc = runProcess({python, script, "--json"}, {}, &out);
  json j = json::parse(out, nullptr, false);
  if (rc != 0 || !j.is_object()) {
    say(o, "PyTorch reference: the script failed (status " + std::to_string(rc) + ")");
    return;
  }
  for (auto& r : *results)
    if (r.suite == "interpreter" && j.contains(r.name) && j[r.name].is_number()) r.pytorchNs = j[r.name].get<double>();
}

RunRecord newRecord(const RunOptions& o) {
  RunRecord run;
  run.uid = newRunUid();
  run.startedAt = nowSeconds();
  run.fp = currentFingerprint(o.sourceDir);
  run.repetitions = o.repetitions;
  run.filter = o.filter;
  for (auto& [k, v] : o.env) run.label += (run.label.empty() ? "env " : " ") + k + "=" + v;
  return run;
}

std::map<std::string, std::string> merged(const std::map<std::string, std::string>& a,
                                          const std::map<std::string, std::string>& b) {
  auto m = a;
  for (auto& [k, v] : b) m[k] = v;
  return m;
}

void countAll(const SuiteBinary& s, const RunOptions& o, const std::map<std::string, std::string>& env,
              RunRecord* run) {
  for (auto& r : run->results) {
    if (r.suite != s.suite || r.status != BenchStatus::Ok) continue;
    say(o, s.suite + ": callgrind instruction count of " + r.name);
    int status = 0;
    r.instructions = countInstructions(s, r, env, o, &status);
    if (r.instructions) run->instrTool = "callgrind";
    if (status == 132) {
      say(o, s.suite + ": no instruction counts for the rest of this binary");
      break;
    }
  }
}
}  // namespace

int runProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env, std::string* out,
               const std::string& errFile) {
  int pipeFd[2];
  if (pipe(pipeFd) != 0) throw std::runtime_error("pipe() failed");
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork() failed");
  if (pid == 0) {
    dup2(pipeFd[1], 1);
    close(pipeFd[0]);
    close(pipeFd[1]);
    if (!errFile.empty()) {
      int fd = open(errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) {
        dup2(fd, 2);
        close(fd);
      }
    }
    for (auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    std::vector<char*> args;
    for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(pipeFd[1]);
  char buf[65536];
  ssize_t n;
  while ((n = read(pipeFd[0], buf, sizeof buf)) > 0)
    if (out) out->append(buf, static_cast<size_t>(n));
  close(pipeFd[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

std::vector<SuiteBinary> declaredSuites(const std::string& suitesFile) {
  std::string path = suitesFile.empty() ? TSJIT_BH_SUITES_FILE : suitesFile;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the suite list '" + path + "' (build the perf targets first)");
  std::vector<SuiteBinary> out;
  std::string line;
  while (std::getline(in, line)) {
    auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    out.push_back({line.substr(0, eq), line.substr(eq + 1)});
  }
  return out;
}

RunRecord runSuites(const std::vector<SuiteBinary>& suites, const RunOptions& o) {
  RunRecord run = newRecord(o);
  bool counts = o.instructions && haveValgrind();
  if (o.instructions && !counts) say(o, "valgrind not found: no instruction counts");
  run.instrTool = "";  // set to "callgrind" by the first benchmark actually counted
  for (const SuiteBinary& s : suites) {
    if (!fs::exists(s.path)) {
      say(o, s.suite + ": " + s.path + " is not built; skipped");
      continue;
    }
    say(o, s.suite + ": correctness check against the reference engine");
    Verification v = verifySuite(s, o, o.env);
    if (v.ran && v.byName.empty()) {
      say(o, s.suite + ": no benchmark matches the filter; skipped");
      continue;
    }
    say(o, s.suite + ": timing, " + std::to_string(o.repetitions) + " repetitions");
    timeSuite(s, o, o.env, o.repetitions, 0, &run.results);
    gate(s, v, &run.results);
    if (counts) countAll(s, o, o.env, &run);
  }
  if (o.pytorch) addPytorchFigures(o, &run.results);
  run.endedAt = nowSeconds();
  return run;
}

std::pair<RunRecord, RunRecord> runInterleaved(const SuiteBinary& a, const SuiteBinary& b, const RunOptions& o,
                                               const std::map<std::string, std::string>& envA,
                                               const std::map<std::string, std::string>& envB) {
  RunRecord ra = newRecord(o), rb = newRecord(o);
  ra.kind = "ab-a";
  rb.kind = "ab-b";
  ra.label = a.path;
  rb.label = b.path;
  auto ea = merged(o.env, envA), eb = merged(o.env, envB);
  say(o, "A/B: correctness check of both sides");
  Verification va = verifySuite(a, o, ea), vb = verifySuite(b, o, eb);
  for (int rep = 0; rep < o.repetitions; ++rep) {
    say(o, "A/B: repetition " + std::to_string(rep + 1) + " of " + std::to_string(o.repetitions));
    if (rep % 2 == 0) {
      timeSuite(a, o, ea, 1, rep, &ra.results);
      timeSuite(b, o, eb, 1, rep, &rb.results);
    } else {
      timeSuite(b, o, eb, 1, rep, &rb.results);
      timeSuite(a, o, ea, 1, rep, &ra.results);
    }
  }
  gate(a, va, &ra.results);
  gate(b, vb, &rb.results);
  ra.endedAt = rb.endedAt = nowSeconds();
  return {ra, rb};
}

}  // namespace tsjit::benchhistory
