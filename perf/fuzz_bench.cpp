// fuzz_bench.cpp — fuzz throughput: one iteration generates, builds and checks a fixed campaign of
// kCases op graphs (fuzz/lib/Campaign.h, seed 1, in-process: no fork per case), reported as
// graphs_per_s. Correctness check: the same campaign finds no JIT/reference disagreement and
// runs all kCases cases.
#include <filesystem>

#include "fuzz/lib/Campaign.h"
#include "perf/BenchCase.h"

using namespace tsjit;
using namespace tsjit::perf;

namespace {

constexpr int64_t kCases = 20;

fuzz::CampaignOptions options() {
  fuzz::CampaignOptions o;
  o.maxCases = kCases;
  o.seed = 1;
  o.isolate = false;
  o.maxFailures = 1;
  o.maxShrinkRuns = 0;
  o.outDir = (std::filesystem::temp_directory_path() / "tsjit-fuzz-bench").string();
  return o;
}

const bool kRegistered = [] {
  CaseDef c;
  c.name = "BM_FuzzOpsGraphs";
  c.unit = benchmark::kMillisecond;
  c.counter = "graphs_per_s";
  c.itemsPerIteration = kCases;
  c.counterIsRate = true;
  c.prepare = []() -> std::function<void()> {
    return [] { benchmark::DoNotOptimize(fuzz::runOpsCampaign(options()).cases); };
  };
  c.verify = []() -> std::string {
    fuzz::CampaignResult r = fuzz::runOpsCampaign(options());
    if (!r.failures.empty()) return "the campaign found a disagreement: " + r.failures[0].message;
    if (r.cases != static_cast<uint64_t>(kCases))
      return "the campaign ran " + std::to_string(r.cases) + " cases, not " + std::to_string(kCases);
    return "";
  };
  addCase(c);
  return true;
}();

}  // namespace

TSJIT_BENCH_MAIN()
