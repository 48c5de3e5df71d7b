// fusion_bench.cpp — the `fusion` suite of `tsjit bench` (perf/BenchCase.h): steady-state calls
// through the profiling executor (jit/runtime/ProfilingExecutor.h), fusion off (/0) and on (/1):
//   BM_ProfilingLstmCell/<fusion>   the LSTM cell of perf/BenchPrograms.h at batch 1, hidden 64
//                                   (its gate math is one prim::TensorExprGroup when fused), µs;
//   BM_ProfilingChain/<fusion>      sigmoid(x) * tanh(y) + x * 0.5 - y on 16M floats, ms;
//   BM_ProfilingChain1M/<fusion>    the same chain on 1M floats, µs (the A/B knob test's case);
//   BM_ProfilingIntChain            the 96-node int chain (no tensor op: nothing to fuse), ns/node.
// Each case warms its executor up (profiling runs + the optimized plan) before timing. The
// correctness gate (`--tsjit_verify`) runs the same executor configuration on fresh inputs and
// compares its outputs with the reference engine's on the unoptimized graph (perf/GraphCase.h;
// fused cases by its fused-kernel rule, since the LLVM kernels' sigmoid and tanh are not
// bit-identical to the unfused kernels and the chain's final subtraction cancels).
// TSJIT_FUSER_BACKEND=none (jit/fuser/FusionKernels.cpp) leaves every fusion group to the
// interpreter: a real slowdown knob for the /1 cases that leaves /0 and the int chain alone.
#include <benchmark/benchmark.h>

#include "jit/frontend/Emitter.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/runtime/ProfilingExecutor.h"
#include "perf/BenchCase.h"
#include "perf/BenchPrograms.h"
#include "perf/GraphCase.h"
#include "tools/tsjit/JitEngine.h"

using namespace tsjit;
using namespace tsjit::perf;

namespace {

std::shared_ptr<Graph> lstmGraph() {
  tool::initializeJit();
  auto unit = frontend::compileFunctions(lstmCellSource(), "lstm_cell");
  return unit->findFunction("lstm_cell")->graph()->copy();
}

std::vector<IValue> lstmInputs() {
  int64_t batch = 1, hidden = 64, input = 64;
  return {IValue(seededTensor({batch, input}, 1)),      IValue(seededTensor({batch, hidden}, 2)),
          IValue(seededTensor({batch, hidden}, 3)),     IValue(seededTensor({4 * hidden, input}, 4)),
          IValue(seededTensor({4 * hidden, hidden}, 5)), IValue(seededTensor({4 * hidden}, 6)),
          IValue(seededTensor({4 * hidden}, 7))};
}


InputsFn chainInputs(int64_t n) {
  return [n] { return std::vector<IValue>{IValue(seededTensor({n}, 1)), IValue(seededTensor({n}, 2))}; };
}

using GraphFn = std::function<std::shared_ptr<Graph>()>;

// One case: `graph` through a ProfilingExecutor with fusion on or off, warmed up before timing.
CaseDef profilingCase(std::string name, GraphFn graph, InputsFn inputs, bool fusion, benchmark::TimeUnit unit) {
  runtime::ProfilingOptions options;
  options.fusion = fusion;
  CaseDef c;
  c.name = std::move(name);
  c.unit = unit;
  c.prepare = [graph, inputs, options] {
    tool::initializeJit();
    auto ex = std::make_shared<runtime::ProfilingExecutor>(graph(), options);
    for (int i = 0; i < 3; ++i) ex->call(inputs());  // profiling runs, then the optimized plan
    return executorIteration(ex, inputs());
  };
  c.verify = [graph, inputs, options] {
    tool::initializeJit();
    auto ex = std::make_shared<runtime::ProfilingExecutor>(graph(), options);
    for (int i = 0; i < 2; ++i) ex->call(inputs());
    // The third call runs the optimized (fused) plan: that is the one compared, by the fused-kernel
    // rule when fusion is on (perf/GraphCase.h), by the graph's own tolerance when it is off.
    auto run = [ex](std::vector<IValue> in) { return ex->call(std::move(in)); };
    return options.fusion ? verifyFusedAgainstReference(graph(), inputs, run)
                          : verifyAgainstReference(graph(), inputs, run);
  };
  return c;
}

const bool kRegistered = [] {
  for (int fusion : {0, 1}) {
    std::string arg = "/" + std::to_string(fusion);
    addCase(profilingCase("BM_ProfilingLstmCell" + arg, lstmGraph, lstmInputs, fusion, benchmark::kMicrosecond));
    addCase(profilingCase("BM_ProfilingChain" + arg, [] { return parseIR(sigmoidTanhChainIR()); }, chainInputs(16 << 20), fusion,
                          benchmark::kMillisecond));
    addCase(profilingCase("BM_ProfilingChain1M" + arg, [] { return parseIR(sigmoidTanhChainIR()); }, chainInputs(1 << 20), fusion,
                          benchmark::kMicrosecond));
  }
  CaseDef ints = profilingCase("BM_ProfilingIntChain", [] { return parseIR(intChainIR(32)); },
                               [] { return std::vector<IValue>{IValue(int64_t{1}), IValue(int64_t{7})}; }, true,
                               benchmark::kNanosecond);
  ints.counter = "ns_per_node";
  ints.itemsPerIteration = 32 * 3;
  addCase(ints);
  return true;
}();

}  // namespace

TSJIT_BENCH_MAIN()
