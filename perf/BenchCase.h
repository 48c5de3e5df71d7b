// BenchCase.h — the benchmark case registry of the perf binaries that `tsjit bench` runs.
//
// A case is declared ONCE (addCase) and becomes three things:
//   * a Google Benchmark benchmark of the same name (normal runs, --benchmark_format=json ...);
//   * a correctness check: `<binary> --tsjit_verify [--benchmark_filter=RE]` runs each matching
//     case's `verify` (its program on the JIT and on the reference engine, compared with
//     conformance/lib/Compare.h) and prints one JSON line per case:
//       {"name": "...", "ok": true|false, "message": "..."}
//   * an instruction count: `<binary> --tsjit_count=NAME --tsjit_iters=K` prepares NAME, runs one
//     warm-up iteration, then K iterations between CALLGRIND_START/STOP_INSTRUMENTATION, so
//     `valgrind --tool=callgrind --instr-atstart=no` counts exactly K iterations.
// benchMain() dispatches between the three. A case whose prepare() throws is skipped with the
// error (Google Benchmark's error_occurred), which `tsjit bench` records as a failure.
#pragma once

#include <benchmark/benchmark.h>

#include <functional>
#include <string>

namespace tsjit::perf {

struct CaseDef {
  std::string name;
  benchmark::TimeUnit unit = benchmark::kNanosecond;
  // Builds the workload; the returned function performs one iteration.
  std::function<std::function<void()>()> prepare;
  // "" when the case computes the right result; the mismatch (or error) otherwise.
  std::function<std::string()> verify;
  // Optional rate counter: `counter` = time per `itemsPerIteration` items (e.g. ns_per_node), or
  // items per second when `counterIsRate`.
  std::string counter;
  double itemsPerIteration = 0;
  bool counterIsRate = false;
};

void addCase(CaseDef c);
int benchMain(int argc, char** argv);

}  // namespace tsjit::perf

#define TSJIT_BENCH_MAIN()                                             \
  int main(int argc, char** argv) { return tsjit::perf::benchMain(argc, argv); }
