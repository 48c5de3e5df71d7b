// JitEngine.h — the JIT (jit/runtime's executors + optimized kernels + the fuser) as an engine of
// `tsjit run` and `tsjit conform`. The default executor is the profiling executor (1.13's
// default, jit/runtime/ProfilingExecutor.h) with fusion on unless TSJIT_FUSION=0; the ArgumentSpec
// GraphExecutor is JitOptions::legacyExecutor (`--executor legacy`). A graph the JIT cannot run (an operator without an optimized
// kernel, an opaque constant...) is reported as "not yet supported": reference::NotSupported for
// the corpus runner, CompileError("run: not yet supported by the jit: ...") for `tsjit run`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "conformance/lib/CorpusRunner.h"
#include "jit/ir/IValue.h"

namespace tsjit {
class Graph;
}

namespace tsjit::tool {

// The engine of `tsjit conform --engine jit`. `pipeline` is the GraphExecutor's pass pipeline
// ("" or "default": the default pipeline, "none", or "a,b"); the engine's session keeps one
// GraphExecutor per graph (its plan cache), its run() builds a fresh one per call.
struct JitOptions {
  std::string pipeline;
  bool legacyExecutor = false;  // the ArgumentSpec GraphExecutor instead of the profiling executor
  bool fusion = true;           // and-ed with TSJIT_FUSION (runtime::fusionEnabledByDefault)
};
conformance::Engine jitEngine(const std::string& pipeline = "");
conformance::Engine jitEngine(const JitOptions& options);
// Registers the kernels, the fuser's group operation and its pass with the profiling executor, and
// symbolic autodiff (conformance::initializeGradientExecution: the DifferentiableGraph operations
// and the autodiff pass both executors run for plans that need a gradient). The runtime may not
// include the fuser or autodiff: the wiring is the tool's. Idempotent.
void initializeJit();
// The reference on P(G): the graph copied, its inputs typed from the inputs, the pipeline run
// (verified after each pass), then evaluated. "" or "none": the reference itself.
conformance::Engine referenceWithPipeline(const std::string& pipeline);
// "reference" or "jit" (registering their kernels); anything else throws CompileError naming
// `command` and the available engines.
conformance::Engine engineNamed(const std::string& name, const std::string& command);
// `tsjit run --engine jit`: runs `graph` on `inputs` through a GraphExecutor.
std::vector<IValue> runJit(std::shared_ptr<Graph> graph, std::vector<IValue> inputs);

}  // namespace tsjit::tool
