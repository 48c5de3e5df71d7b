// fusion_bench.cpp — steady-state calls through the profiling executor (jit/runtime/
// ProfilingExecutor.h), fusion off (arg 0) and on (arg 1):
//   BM_ProfilingLstmCell/<fusion>: the LSTM cell of perf/BenchPrograms.h at batch 1, hidden 64
//     (its gate math is one prim::TensorExprGroup when fused), µs per call;
//   BM_ProfilingChain/<fusion>: sigmoid(x) * tanh(y) + x * 0.5 - y on 16M floats, ms per call.
// The executor is warmed up (profiling run + optimized plan) before timing; the counters report
// the fusion groups of the optimized graph and how many got a compiled kernel (the rest run with
// the interpreter until a kernel compiler is registered: jit/fuser/FusionKernels.h). Before timing,
// the fused executor's outputs are checked against the unfused one's (same values, bit for bit
// while the interpreter runs the groups); a mismatch skips the benchmark with the error.
#include <benchmark/benchmark.h>

#include "jit/frontend/Emitter.h"
#include "jit/fuser/FusionKernels.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/runtime/ProfilingExecutor.h"
#include "perf/BenchPrograms.h"
#include "perf/GraphCase.h"
#include "tools/tsjit/JitEngine.h"

using namespace tsjit;

namespace {

std::shared_ptr<Graph> lstmGraph() {
  auto unit = frontend::compileFunctions(perf::lstmCellSource(), "lstm_cell");
  return unit->findFunction("lstm_cell")->graph()->copy();
}

std::vector<IValue> lstmInputs() {
  int64_t batch = 1, hidden = 64, input = 64;
  return {IValue(perf::seededTensor({batch, input}, 1)),      IValue(perf::seededTensor({batch, hidden}, 2)),
          IValue(perf::seededTensor({batch, hidden}, 3)),     IValue(perf::seededTensor({4 * hidden, input}, 4)),
          IValue(perf::seededTensor({4 * hidden, hidden}, 5)), IValue(perf::seededTensor({4 * hidden}, 6)),
          IValue(perf::seededTensor({4 * hidden}, 7))};
}

const char* kChainIR = R"IR(graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %h : float = prim::Constant[value=0.5]()
  %s : Tensor = aten::sigmoid(%x)
  %t : Tensor = aten::tanh(%y)
  %a : Tensor = aten::mul(%s, %t)
  %b : Tensor = aten::mul(%x, %h)
  %c : Tensor = aten::add(%a, %b, %one)
  %d : Tensor = aten::sub(%c, %y, %one)
  return (%d)
)IR";

std::vector<IValue> chainInputs() {
  constexpr int64_t n = 16 * 1024 * 1024;
  return {IValue(perf::seededTensor({n}, 1)), IValue(perf::seededTensor({n}, 2))};
}

size_t countGroups(const Graph& g) {
  size_t n = 0;
  for (const Node* node : g.nodes()) {
    if (node->kind().toQualString() == "prim::TensorExprGroup") ++n;
    for (const Block* b : node->blocks())
      for (const Node* inner : b->nodes())
        if (inner->kind().toQualString() == "prim::TensorExprGroup") ++n;
  }
  return n;
}

std::string sameOutputs(const std::vector<IValue>& a, const std::vector<IValue>& b) {
  auto flatten = [](const std::vector<IValue>& vs) {
    std::vector<Tensor> out;
    for (const IValue& v : vs) {
      if (v.isTensor()) out.push_back(v.toTensor());
      else if (v.isTuple())
        for (const IValue& e : v.toTupleRef().items) out.push_back(e.toTensor());
    }
    return out;
  };
  auto ta = flatten(a), tb = flatten(b);
  if (ta.size() != tb.size() || ta.empty()) return "different output counts";
  for (size_t i = 0; i < ta.size(); ++i) {
    Tensor x = ta[i].contiguous(), y = tb[i].contiguous();
    if (x.sizes() != y.sizes() || x.dtype() != y.dtype()) return "output " + std::to_string(i) + ": shape/dtype";
    const float* px = x.dataPtr<float>();
    const float* py = y.dataPtr<float>();
    for (int64_t k = 0; k < x.numel(); ++k)
      if (!(px[k] == py[k] || (px[k] != px[k] && py[k] != py[k])))
        return "output " + std::to_string(i) + " element " + std::to_string(k) + " differs";
  }
  return "";
}

void runCase(benchmark::State& state, const std::function<std::shared_ptr<Graph>()>& graph,
             const std::function<std::vector<IValue>()>& inputs) {
  tool::initializeJit();
  runtime::ProfilingOptions fusedOptions, plainOptions;
  fusedOptions.fusion = state.range(0) != 0;
  plainOptions.fusion = false;
  runtime::ProfilingExecutor ex(graph(), fusedOptions), plain(graph(), plainOptions);
  std::vector<IValue> expected, got;
  try {
    fuser::resetFusionStats();
    for (int i = 0; i < 3; ++i) {
      got = ex.call(inputs());
      expected = plain.call(inputs());
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  if (std::string why = sameOutputs(got, expected); !why.empty()) {
    state.SkipWithError(("fused and unfused executors differ: " + why).c_str());
    return;
  }
  fuser::FusionStats stats = fuser::fusionStats();
  std::vector<IValue> in = inputs();
  for (auto _ : state) {
    Stack st = in;
    ex.run(st);
    benchmark::DoNotOptimize(st.data());
  }
  state.counters["groups"] = static_cast<double>(ex.optimizedGraph() ? countGroups(*ex.optimizedGraph()) : 0);
  state.counters["compiled_groups"] = static_cast<double>(stats.compiledGroups);
}

void BM_ProfilingLstmCell(benchmark::State& state) { runCase(state, lstmGraph, lstmInputs); }
void BM_ProfilingChain(benchmark::State& state) {
  runCase(state, [] { return parseIR(kChainIR); }, chainInputs);
}

BENCHMARK(BM_ProfilingLstmCell)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ProfilingChain)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
