// ProfilingExecutor.h — PyTorch 1.13's default executor (ProfilingGraphExecutorImpl): profile the
// first runs, then specialize on what was observed, guard, and fall back when a guard fails.
//
// Life of one executor (ProfilingOptions below):
//   1. the profiling graph: the graph copied, run through the pass pipeline on its declared types
//      (1.13's profiling-insensitive optimizations: its dce runs before the first call, so a dead
//      node that would raise is gone already — checked on python3-torch 1.13.1), then
//      instrumented with prim::profile on every tensor use (ProfilingRecord.h);
//   2. the first `numProfiledRuns` calls run it, recording dtype, sizes, strides, device and
//      requires_grad of every tensor use;
//   3. the next call builds the optimized plan once: the profiling graph copied, profiled types put
//      on the values; when they say a gradient is needed (grad mode on, some profiled tensor
//      requires grad: GradientPass.h) the registered autodiff pass (prim::DifferentiableGraph +
//      prim::RequiresGradCheck, whose failure runs the inlined fallback) instead of fusion; else the
//      fusion pass (registerFusionPass; it groups nodes and guards each group
//      with prim::TypeCheck + prim::If, the else branch a prim::FallbackGraph of the unfused
//      nodes), tensor types outside guarded places reset to `Tensor`, dce; then every call runs it;
//   4. a prim::FallbackGraph runs on its own ProfilingExecutor one bailout level deeper, which
//      profiles and specializes it again (1.13 re-profiles through its fallback functions); at
//      depth 0 the executor runs its pipeline's graph without profiling (1.13's simple executor).
// With pipeline "none" (1.13's _set_graph_executor_optimize(False)) nothing is profiled or fused:
// the graph runs as given. The ArgumentSpec GraphExecutor (GraphExecutor.h) stays available.
// Thread safety: run() may be called concurrently; plans are built under a lock.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "jit/runtime/Code.h"

namespace tsjit::runtime {

class ProfilingRecord;

struct ProfilingOptions {
  int numProfiledRuns = 1;  // 1.13: torch._C._jit_set_num_profiled_runs, default 1
  int bailoutDepth = 12;    // 1.13's default fusion strategy: STATIC 2 + DYNAMIC 10 specializations
  bool fusion = true;       // run the registered fusion pass on the specialized graph
  std::string pipeline;     // "" / "default": the default pipeline; "none": no passes; "a,b"
  CompileOptions compile;   // resolveFunction is used; observation is not supported here
};

using GraphPass = std::function<bool(std::shared_ptr<Graph>&)>;
// The fusion pass every ProfilingExecutor with options.fusion runs (the fuser's, wired by the
// tools' initialization; the runtime may not include the fuser). nullptr: no fusion.
void registerFusionPass(GraphPass pass);
// TSJIT_FUSION=0 (or "off", "false") turns fusion off by default.
bool fusionEnabledByDefault();

class ProfilingExecutor {
 public:
  explicit ProfilingExecutor(std::shared_ptr<Graph> graph, ProfilingOptions options = {});
  ProfilingExecutor(std::shared_ptr<Graph> graph, ProfilingOptions options, int remainingBailoutDepth);

  void run(Stack& stack);
  std::vector<IValue> call(std::vector<IValue> inputs);

  int profiledRuns() const;
  bool optimized() const;
  // Introspection for tests and `tsjit run --dump-graph`: the instrumented graph and the
  // optimized one (nullptr until built).
  std::shared_ptr<const Graph> profilingGraph() const;
  std::shared_ptr<const Graph> optimizedGraph() const;

 private:
  std::shared_ptr<const Code> planForNextRun();
  void buildProfilingPlan();
  void buildOptimizedPlan();
  std::shared_ptr<Graph> runPipelineOn(std::shared_ptr<Graph> g) const;

  std::shared_ptr<Graph> graph_;
  ProfilingOptions options_;
  int remainingDepth_;
  mutable std::mutex mutex_;
  std::shared_ptr<Graph> profilingGraph_;
  std::shared_ptr<ProfilingRecord> record_;
  std::shared_ptr<const Code> profilingCode_, optimizedCode_;
  std::shared_ptr<Graph> optimizedGraph_;
  int profiledRuns_ = 0;
};

}  // namespace tsjit::runtime
