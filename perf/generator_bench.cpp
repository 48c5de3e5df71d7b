// generator_bench.cpp — throughput of the ops fuzzer's inner loop on one core: RapidCheck draws a
// program description (maxSteps 30, the campaign's setting: about twenty nodes per graph), the
// builder decodes it into a graph and inputs, and the lockstep property checks it (the jit observed,
// the reference in lockstep). items_per_second is graphs/s; the counters give nodes per graph and the
// share of graphs using the v2 features. Run: build/perf/generator_bench --benchmark_min_time=5
#include <benchmark/benchmark.h>

#include <chrono>

#include "fuzz/lib/OpCatalog.h"
#include "fuzz/lib/Program.h"
#include "fuzz/lib/Property.h"

namespace tsjit::fuzz {
namespace {

void generateAndCheck(benchmark::State& state, uint32_t features, int maxSteps = 30) {
  const OpCatalog& catalog = OpCatalog::get();
  GenOptions go;
  go.maxSteps = maxSteps;
  go.features = features;
  go.swarmOps = features != 0;
  rc::Gen<ProgramDesc> gen = genProgram(go);
  PropertyEngines engines = jitVsReference();
  uint64_t i = 0, nodes = 0, graphs = 0, failures = 0, v2 = 0;
  using Clock = std::chrono::steady_clock;
  Clock::duration drawTime{}, buildTime{}, checkTime{};
  for (auto _ : state) {
    const auto t0 = Clock::now();
    ProgramDesc d = gen(rc::Random(0x5eed0000ULL + i++), 100).value();
    const auto t1 = Clock::now();
    GeneratedCase c = buildCase(d, catalog);
    const auto t2 = Clock::now();
    PropertyResult r = checkCase(c, engines);
    checkTime += Clock::now() - t2;
    buildTime += t2 - t1;
    drawTime += t1 - t0;
    benchmark::DoNotOptimize(r.passed);
    nodes += c.numNodes;
    ++graphs;
    failures += r.passed ? 0 : 1;
    const uint32_t v2Hits = (1u << kHitInPlaceOnAlias) | (1u << kHitListOp) | (1u << kHitDataLoop) | (1u << kHitRaisePath);
    v2 += (c.hits & v2Hits) ? 1 : 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(graphs));
  state.counters["nodes_per_graph"] = graphs ? static_cast<double>(nodes) / static_cast<double>(graphs) : 0;
  state.counters["v2_share"] = graphs ? static_cast<double>(v2) / static_cast<double>(graphs) : 0;
  state.counters["failures"] = static_cast<double>(failures);
  // Wall time per graph of each phase (draw the description, build graph + inputs, lockstep check).
  auto perGraphUs = [&](Clock::duration t) {
    return graphs ? std::chrono::duration<double, std::micro>(t).count() / static_cast<double>(graphs) : 0.0;
  };
  state.counters["draw_us"] = perGraphUs(drawTime);
  state.counters["build_us"] = perGraphUs(buildTime);
  state.counters["check_us"] = perGraphUs(checkTime);
}

void BM_GenerateAndCheckV2(benchmark::State& state) { generateAndCheck(state, kAllFeatures); }
void BM_GenerateAndCheckV1(benchmark::State& state) { generateAndCheck(state, 0); }
// v2 programs of about the same node count as v1's (~22 nodes with constants): the issue's
// "twenty-node graphs".
void BM_GenerateAndCheckV2TwentyNodes(benchmark::State& state) { generateAndCheck(state, kAllFeatures, 19); }

BENCHMARK(BM_GenerateAndCheckV2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GenerateAndCheckV1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GenerateAndCheckV2TwentyNodes)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tsjit::fuzz

BENCHMARK_MAIN();
