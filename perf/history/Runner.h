// Runner.h — runs the perf binaries and turns their output into a RunRecord.
//
// For each suite binary: (1) the correctness gate, `<bin> --tsjit_verify` (perf/BenchCase.h): a
// case whose JIT result differs from the reference engine's is recorded as status "wrong" with the
// mismatch, and its timings are dropped; (2) the timings, `<bin> --benchmark_format=json
// --benchmark_repetitions=N --benchmark_enable_random_interleaving=true`: every repetition's real
// and CPU time (ns per iteration), iterations and user counters; (3) when valgrind is present and
// instruction counts are wanted, `valgrind --tool=callgrind --instr-atstart=no <bin>
// --tsjit_count=NAME --tsjit_iters=K` per benchmark: instructions per iteration (RunRecord
// instrTool = "callgrind" once one count succeeded; a binary valgrind cannot run, e.g. AVX-512
// code from -march=native, gets no count and a progress line saying so). (`perf stat` is not used: it counts the whole process, setup included,
// and VMs such as this project's machines often expose no hardware counters.)
// Progress goes to `progress` (stderr in `tsjit bench`). A binary that cannot be started or
// crashes makes its benchmarks "error" results naming the binary and its exit status.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "perf/history/Model.h"

namespace tsjit::benchhistory {

struct SuiteBinary {
  std::string suite, path;
};

// The suites this build declared (perf/*.cmake, tsjit_benchmark(... SUITE <name>)), read from
// `suitesFile` (default: the file CMake generated next to the perf binaries).
std::vector<SuiteBinary> declaredSuites(const std::string& suitesFile = "");

struct RunOptions {
  int repetitions = 5;
  std::string filter;        // --benchmark_filter regex; empty = all
  double minTime = 0.05;     // --benchmark_min_time (seconds per repetition)
  bool instructions = true;  // callgrind instruction counts when valgrind is present
  bool pytorch = false;      // PyTorch 1.13 reference figures (perf/pytorch_baseline.py --json)
  std::string sourceDir;     // checkout whose commit is recorded
  std::map<std::string, std::string> env;  // added to the benchmarks' environment
  std::ostream* progress = nullptr;
};

RunRecord runSuites(const std::vector<SuiteBinary>& suites, const RunOptions& options);

// Interleaved A/B of two builds of the same suite: repetition r runs binary A then B (B then A on
// odd r), one repetition each, so drift over time hits both sides alike. Both sides pass the
// correctness gate first. Returns {A, B} with kind "ab-a" / "ab-b".
std::pair<RunRecord, RunRecord> runInterleaved(const SuiteBinary& a, const SuiteBinary& b, const RunOptions& options,
                                               const std::map<std::string, std::string>& envA,
                                               const std::map<std::string, std::string>& envB);

// Runs argv with `env` added; stdout into *out. Returns the exit status (128 + signal when killed,
// 127 when it could not be started); stderr of the child goes to `errFile` ("" = inherited).
int runProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env, std::string* out,
               const std::string& errFile = "");

}  // namespace tsjit::benchhistory
