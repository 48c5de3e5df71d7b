// ProfilingExecutor.cpp — profiling runs, specialization, fusion and fallbacks (ProfilingExecutor.h).
#include "jit/runtime/ProfilingExecutor.h"

#include <cstdlib>
#include <cstring>

#include "jit/ir/Graph.h"
#include "jit/passes/Inline.h"
#include "jit/passes/PassRegistry.h"
#include "jit/runtime/ConstantEvaluator.h"
#include "jit/runtime/GradientPass.h"
#include "jit/runtime/Interpreter.h"
#include "jit/runtime/ProfilingOps.h"
#include "jit/runtime/ProfilingRecord.h"
#include "jit/support/Logging.h"

namespace tsjit::runtime {

namespace {
std::mutex& fusionPassMutex() {
  static std::mutex m;
  return m;
}
GraphPass& fusionPassSlot() {
  static GraphPass pass;
  return pass;
}
GraphPass currentFusionPass() {
  std::lock_guard<std::mutex> lock(fusionPassMutex());
  return fusionPassSlot();
}
}  // namespace

void registerFusionPass(GraphPass pass) {
  std::lock_guard<std::mutex> lock(fusionPassMutex());
  fusionPassSlot() = std::move(pass);
}

bool fusionEnabledByDefault() {
  const char* v = std::getenv("TSJIT_FUSION");
  if (!v) return true;
  return !(std::strcmp(v, "0") == 0 || std::strcmp(v, "off") == 0 || std::strcmp(v, "false") == 0);
}

ProfilingExecutor::ProfilingExecutor(std::shared_ptr<Graph> graph, ProfilingOptions options)
    : ProfilingExecutor(std::move(graph), std::move(options), -1) {}

ProfilingExecutor::ProfilingExecutor(std::shared_ptr<Graph> graph, ProfilingOptions options, int remainingBailoutDepth)
    : graph_(std::move(graph)), options_(std::move(options)) {
  TSJIT_CHECK(!options_.compile.observe, "ProfilingExecutor: observation is not supported (use the GraphExecutor)");
  remainingDepth_ = remainingBailoutDepth < 0 ? options_.bailoutDepth : remainingBailoutDepth;
}

std::shared_ptr<Graph> ProfilingExecutor::runPipelineOn(std::shared_ptr<Graph> g) const {
  if (options_.pipeline == "none") return g;
  registerAllPasses();
  registerConstantEvaluator();  // constant_propagation folds with the optimized kernels
  std::vector<const PassInfo*> pipeline = options_.pipeline.empty()
                                              ? defaultPipeline()
                                              : PassRegistry::global().parsePipelineOrDefault(options_.pipeline);
  InlineResolverScope resolver(options_.compile.resolveFunction);
  runPipeline(g, pipeline);
  return g;
}

void ProfilingExecutor::buildProfilingPlan() {
  profilingGraph_ = runPipelineOn(graph_->copy());
  CompileOptions co = options_.compile;
  if (options_.pipeline != "none" && remainingDepth_ > 0) {
    record_ = ProfilingRecord::instrument(*profilingGraph_);
    co.profiling = record_;
  }
  profilingCode_ = Code::compile(profilingGraph_, co);
}

void ProfilingExecutor::buildOptimizedPlan() {
  std::shared_ptr<Graph> g = profilingGraph_->copy();
  specializeFromProfiles(*g, *record_);
  // 1.13's order: when the profiled run needs a gradient, differentiable subgraphs (symbolic
  // autodiff) guarded by prim::RequiresGradCheck, and no whole-graph fusion (what stays outside
  // the subgraphs runs under autograd); otherwise the fusion pass.
  AutodiffPass autodiff = currentAutodiffPass();
  if (autodiff && needsGradient(*g, false)) {
    autodiff(g);
  } else {
    GraphPass fuse = options_.fusion ? currentFusionPass() : nullptr;
    if (fuse) fuse(g);
  }
  removeTensorTypeSpecializations(*g);
  registerAllPasses();
  std::vector<const PassInfo*> cleanup = {&PassRegistry::global().lookup("dce")};
  runPipeline(g, cleanup);
  GRAPH_DUMP("optimized graph:\n", g->toString());
  CompileOptions co = options_.compile;
  ProfilingOptions nested = options_;
  int depth = remainingDepth_ - 1;
  co.compileFallback = [nested, depth](std::shared_ptr<Graph> fallback) -> kernels::Operation {
    auto ex = std::make_shared<ProfilingExecutor>(std::move(fallback), nested, depth < 0 ? 0 : depth);
    return [ex](Stack& stack, size_t) { ex->run(stack); };
  };
  optimizedGraph_ = g;
  optimizedCode_ = Code::compile(g, co);
}

std::shared_ptr<const Code> ProfilingExecutor::planForNextRun() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (optimizedCode_) return optimizedCode_;
  if (!profilingCode_) buildProfilingPlan();
  if (!record_) return profilingCode_;  // pipeline "none" or bailout depth 0: nothing to specialize
  if (profiledRuns_ < options_.numProfiledRuns) {
    ++profiledRuns_;
    return profilingCode_;
  }
  buildOptimizedPlan();
  return optimizedCode_;
}

void ProfilingExecutor::run(Stack& stack) {
  size_t n = graph_->inputs().size();
  TSJIT_CHECK(stack.size() >= n, "ProfilingExecutor: too few inputs on the stack");
  InterpreterState state(planForNextRun());
  state.run(stack);
}

std::vector<IValue> ProfilingExecutor::call(std::vector<IValue> inputs) {
  if (inputs.size() != graph_->inputs().size())
    throw CompileError(str("the graph takes ", graph_->inputs().size(), " inputs but ", inputs.size(), " were given"));
  Stack st = std::move(inputs);
  run(st);
  return st;
}

int ProfilingExecutor::profiledRuns() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return profiledRuns_;
}

bool ProfilingExecutor::optimized() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return optimizedCode_ != nullptr;
}

std::shared_ptr<const Graph> ProfilingExecutor::profilingGraph() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return profilingGraph_;
}

std::shared_ptr<const Graph> ProfilingExecutor::optimizedGraph() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return optimizedGraph_;
}

}  // namespace tsjit::runtime
