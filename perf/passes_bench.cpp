// passes_bench.cpp — the `passes` suite of `tsjit bench` (perf/BenchCase.h): what the pass
// pipeline costs and gives, each case checked against the reference engine.
//   BM_LstmSourceToCode          the LSTM cell compiled from TorchScript source to Code the way a
//                                first call does it: frontend, GraphExecutor specialization
//                                (ArgumentSpec types), the default pipeline, Code (PyTorch 1.13:
//                                3.8 ms; target <= 2 ms); checked: that executor's outputs
//   BM_DefaultPipelinePerNode/0  the default pipeline alone on the LSTM graph (ns per node);
//                           /1   on a 96-node int chain; checked: the optimized graph on the jit
//   BM_IntChainExecutor/0|1      the 96-node int chain through a GraphExecutor with pipeline "none"
//   BM_TensorChainExecutor/0|1   (0) or "default" (1), executor overhead included (ns per node /
//                                op); the 64-op 1-element tensor chain likewise
// Each check compares the JIT path the case times with the reference engine on the unoptimized
// graph (perf/GraphCase.h).
#include <benchmark/benchmark.h>

#include "jit/frontend/Emitter.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/GraphExecutor.h"
#include "perf/BenchCase.h"
#include "perf/BenchPrograms.h"
#include "perf/GraphCase.h"

using namespace tsjit;
using namespace tsjit::perf;
using runtime::ExecutorOptions;
using runtime::GraphExecutor;

namespace {

std::vector<IValue> lstmInputs() {
  constexpr int64_t batch = 1, hidden = 64;
  return {IValue(seededTensor({batch, hidden}, 1)),      IValue(seededTensor({batch, hidden}, 2)),
          IValue(seededTensor({batch, hidden}, 3)),      IValue(seededTensor({4 * hidden, hidden}, 4)),
          IValue(seededTensor({4 * hidden, hidden}, 5)), IValue(seededTensor({4 * hidden}, 6)),
          IValue(seededTensor({4 * hidden}, 7))};
}

std::shared_ptr<Graph> lstmGraph() {
  kernels::registerAllKernels();
  registerAllPasses();
  return frontend::compileFunctions(lstmCellSource(), "lstm_cell")->findFunction("lstm_cell")->graph();
}

std::vector<IValue> intChainInputs() { return {IValue(int64_t{1}), IValue(int64_t{7})}; }
std::vector<IValue> tensorChainInputs() { return {IValue(Tensor::full({1}, 1.0, ScalarType::Float))}; }

CaseDef sourceToCode() {
  CaseDef c;
  c.name = "BM_LstmSourceToCode";
  c.unit = benchmark::kMillisecond;
  c.prepare = [] {
    lstmGraph();  // registrations outside the timed loop
    auto inputs = std::make_shared<std::vector<IValue>>(lstmInputs());
    return std::function<void()>([inputs] {
      auto cu = frontend::compileFunctions(lstmCellSource(), "lstm_cell");
      GraphExecutor ex(cu->findFunction("lstm_cell")->graph());
      auto code = ex.planFor(inputs->data(), inputs->size());
      benchmark::DoNotOptimize(code);
    });
  };
  c.verify = [] {
    return verifyAgainstReference(lstmGraph(), lstmInputs, [](std::vector<IValue> in) {
      auto cu = frontend::compileFunctions(lstmCellSource(), "lstm_cell");
      GraphExecutor ex(cu->findFunction("lstm_cell")->graph());
      return ex.call(std::move(in));
    });
  };
  return c;
}

CaseDef pipelinePerNode(int which) {
  auto graph = [which] { return which == 0 ? lstmGraph()->copy() : (registerAllPasses(), parseIR(intChainIR(32))); };
  InputsFn inputs = which == 0 ? InputsFn(lstmInputs) : InputsFn(intChainInputs);
  CaseDef c;
  c.name = "BM_DefaultPipelinePerNode/" + std::to_string(which);
  c.counter = "ns_per_node";
  c.itemsPerIteration = static_cast<double>(graph()->numNodes());
  c.prepare = [graph] {
    auto g = graph();
    auto pipeline = std::make_shared<std::vector<const PassInfo*>>(defaultPipeline());
    return std::function<void()>([g, pipeline] {
      auto copy = g->copy();
      runPipeline(copy, *pipeline);
      benchmark::DoNotOptimize(copy);
    });
  };
  c.verify = [graph, inputs] {
    auto original = graph();
    auto optimized = original->copy();
    runPipeline(optimized, defaultPipeline());
    return verifyAgainstReference(original, inputs, [optimized](std::vector<IValue> in) {
      ExecutorOptions none;
      none.pipeline = "none";
      return GraphExecutor(optimized, none).call(std::move(in));
    });
  };
  return c;
}

// A chain through a GraphExecutor with pipeline "none" (0) or "default" (1).
CaseDef chainExecutor(const std::string& name, std::string ir, InputsFn inputs, int pipeline, const char* counter,
                      double items) {
  CaseDef c;
  c.name = name + "/" + std::to_string(pipeline);
  c.counter = counter;
  c.itemsPerIteration = items;
  ExecutorOptions o;
  o.pipeline = pipeline ? "default" : "none";
  c.prepare = [ir, inputs, o] {
    kernels::registerAllKernels();
    registerAllPasses();
    return executorIteration(std::make_shared<GraphExecutor>(parseIR(ir), o), inputs());
  };
  c.verify = [ir, inputs, o] {
    registerAllPasses();
    auto g = parseIR(ir);
    return verifyAgainstReference(g, inputs, [g, o](std::vector<IValue> in) {
      return GraphExecutor(g->copy(), o).call(std::move(in));
    });
  };
  return c;
}

const bool kRegistered = [] {
  addCase(sourceToCode());
  addCase(pipelinePerNode(0));
  addCase(pipelinePerNode(1));
  for (int p : {0, 1}) addCase(chainExecutor("BM_IntChainExecutor", intChainIR(32), intChainInputs, p, "ns_per_node", 96));
  for (int p : {0, 1})
    addCase(chainExecutor("BM_TensorChainExecutor", tensorChainIR(64), tensorChainInputs, p, "ns_per_op", 64));
  return true;
}();

}  // namespace

TSJIT_BENCH_MAIN()
