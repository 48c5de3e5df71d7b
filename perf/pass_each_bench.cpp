// pass_each_bench.cpp — time of each alias-aware pass (jit/passes/CorePasses.h), and of all of them
// in a row, per graph node, over every public corpus graph (`graph` and `inlined_graph` of each
// case; 130-odd graphs). One iteration copies every graph (untimed) and runs the pass on each
// copy; `ns_per_node` divides the pass time by the nodes it was given (nested nodes counted).
// The corpus is read from TSJIT_CORPUS or conformance/corpus/torch-1.13 (defaultCorpusDir).
#include <benchmark/benchmark.h>

#include "conformance/lib/CorpusReader.h"
#include "jit/ir/Graph.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/ConstantEvaluator.h"

using namespace tsjit;

namespace {

const std::vector<std::shared_ptr<Graph>>& corpusGraphs() {
  static const std::vector<std::shared_ptr<Graph>> graphs = [] {
    std::vector<std::shared_ptr<Graph>> out;
    for (const auto& file : conformance::listCaseFiles(conformance::defaultCorpusDir())) {
      try {
        conformance::Case c = conformance::readCase(file);
        for (auto choice : {conformance::GraphChoice::Graph, conformance::GraphChoice::InlinedGraph})
          if (auto g = conformance::prepareCase(c, choice).graph) out.push_back(g);
      } catch (const std::exception&) {
        // a case this build cannot read is left out of the timing
      }
    }
    return out;
  }();
  return graphs;
}

void runPasses(benchmark::State& state, const std::string& pipelineSpec) {
  registerAllPasses();
  runtime::registerConstantEvaluator();
  auto pipeline = PassRegistry::global().parsePipeline(pipelineSpec);
  const auto& graphs = corpusGraphs();
  if (graphs.empty()) {
    state.SkipWithError("no corpus graphs (set TSJIT_CORPUS)");
    return;
  }
  size_t nodes = 0;
  for (const auto& g : graphs) nodes += g->numNodes();
  std::vector<std::shared_ptr<Graph>> copies;
  for (auto _ : state) {
    state.PauseTiming();
    copies.clear();
    for (const auto& g : graphs) copies.push_back(g->copy());
    state.ResumeTiming();
    for (auto& g : copies) {
      for (const PassInfo* p : pipeline) benchmark::DoNotOptimize(p->fn(g));
    }
  }
  state.counters["graphs"] = static_cast<double>(graphs.size());
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["ns_per_node"] = benchmark::Counter(static_cast<double>(nodes) * state.iterations() * 1e-9,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK_CAPTURE(runPasses, dce, std::string("dce"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, cse, std::string("cse"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, constant_propagation, std::string("constant_propagation"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, constant_pooling, std::string("constant_pooling"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, peephole, std::string("peephole"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, remove_mutation, std::string("remove_mutation"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, canonicalize, std::string("canonicalize"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, batch_mm, std::string("batch_mm"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runPasses, all_eight,
                  std::string("constant_propagation,peephole,cse,remove_mutation,dce,constant_pooling,batch_mm,canonicalize"))
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
