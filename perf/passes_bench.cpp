// passes_bench.cpp — what the passes cost and give:
//   (a) the LSTM cell compiled from TorchScript source to Code the way a first call does it:
//       frontend, GraphExecutor specialization (ArgumentSpec types), the default pipeline, Code
//       (PyTorch 1.13: 3.8 ms; target <= 2 ms), in ms;
//   (b) the default pipeline alone on the LSTM graph and on a 96-node int chain, ns per node;
//   (c) the int chain (96 nodes) and the 64-op 1-element tensor chain through a GraphExecutor with
//       pipeline "none" and "default" (ns per node / op, executor overhead included in both).
#include <benchmark/benchmark.h>

#include <sstream>

#include "jit/frontend/Emitter.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/GraphExecutor.h"
#include "perf/BenchPrograms.h"

using namespace tsjit;
using namespace tsjit::runtime;

namespace {

std::vector<IValue> lstmInputs(int64_t batch, int64_t hidden) {
  auto t = [](std::vector<int64_t> s) { return IValue(Tensor::full(s, 0.01, ScalarType::Float)); };
  return {t({batch, hidden}), t({batch, hidden}), t({batch, hidden}), t({4 * hidden, hidden}),
          t({4 * hidden, hidden}), t({4 * hidden}), t({4 * hidden})};
}

void BM_LstmSourceToCode(benchmark::State& state) {
  kernels::registerAllKernels();
  registerAllPasses();
  std::vector<IValue> inputs = lstmInputs(1, 64);
  for (auto _ : state) {
    auto cu = frontend::compileFunctions(perf::lstmCellSource(), "lstm_cell");
    GraphExecutor ex(cu->findFunction("lstm_cell")->graph());
    auto code = ex.planFor(inputs.data(), inputs.size());
    benchmark::DoNotOptimize(code);
  }
}
BENCHMARK(BM_LstmSourceToCode)->Unit(benchmark::kMillisecond);

// (b): arg 0 = LSTM graph (from source), 1 = int chain.
void BM_DefaultPipelinePerNode(benchmark::State& state) {
  registerAllPasses();
  std::shared_ptr<Graph> g = state.range(0) == 0
                                 ? frontend::compileFunctions(perf::lstmCellSource(), "lstm_cell")->findFunction("lstm_cell")->graph()->copy()
                                 : parseIR(perf::intChainIR(32));
  auto pipeline = defaultPipeline();
  size_t nodes = g->numNodes();
  for (auto _ : state) {
    auto copy = g->copy();
    runPipeline(copy, pipeline);
    benchmark::DoNotOptimize(copy);
  }
  state.counters["ns_per_node"] = benchmark::Counter(static_cast<double>(state.iterations()) * nodes,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_DefaultPipelinePerNode)->Arg(0)->Arg(1);

// (c): arg 0 = pipeline none, 1 = default.
void BM_IntChainExecutor(benchmark::State& state) {
  kernels::registerAllKernels();
  ExecutorOptions o;
  o.pipeline = state.range(0) ? "default" : "none";
  GraphExecutor ex(parseIR(perf::intChainIR(32)), o);
  Stack st;
  int64_t x = 1;
  for (auto _ : state) {
    st.emplace_back(x);
    st.emplace_back(int64_t{7});
    ex.run(st);
    x = st.back().toInt();
    st.clear();
  }
  benchmark::DoNotOptimize(x);
  state.counters["ns_per_node"] = benchmark::Counter(static_cast<double>(state.iterations()) * 96,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_IntChainExecutor)->Arg(0)->Arg(1);

void BM_TensorChainExecutor(benchmark::State& state) {
  kernels::registerAllKernels();
  ExecutorOptions o;
  o.pipeline = state.range(0) ? "default" : "none";
  GraphExecutor ex(parseIR(perf::tensorChainIR(64)), o);
  Tensor x = Tensor::full({1}, 1.0, ScalarType::Float);
  Stack st;
  for (auto _ : state) {
    st.emplace_back(x);
    ex.run(st);
    st.clear();
  }
  state.counters["ns_per_op"] = benchmark::Counter(static_cast<double>(state.iterations()) * 64,
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_TensorChainExecutor)->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
