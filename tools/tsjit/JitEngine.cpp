// JitEngine.cpp — the JIT engine of `tsjit run` / `tsjit conform` (JitEngine.h).
#include "tools/tsjit/JitEngine.h"

#include <mutex>

#include "conformance/lib/GradExecutor.h"
#include "jit/frontend/LibraryFunctions.h"
#include "jit/fuser/FusionKernels.h"
#include "jit/fuser/TensorExprFuser.h"
#include "jit/ir/Graph.h"
#include "jit/kernels/Kernel.h"
#include "jit/passes/PassRegistry.h"
#include "jit/passes/ShapePropagation.h"
#include "jit/runtime/FallbackFunctions.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/ProfilingExecutor.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit::tool {

namespace {
template <class Executor>
std::vector<IValue> callTranslated(Executor& ex, std::vector<IValue> inputs) {
  try {
    return ex.call(std::move(inputs));
  } catch (const runtime::UnsupportedOperator& e) {
    throw reference::NotSupported(e.what(), e.feature());
  } catch (const runtime::ScriptRaise& e) {
    // The runner reports script raises through the reference's exception type.
    throw reference::ScriptException(e.scriptMessage(), e.cls());
  }
}
}  // namespace

void initializeJit() {
  kernels::registerAllKernels();
  // Recorded graphs may call built-in library functions by name (get_enum, legacy_get_string).
  runtime::setFallbackFunctionResolver(frontend::builtinLibraryFunction);
  fuser::initialize();
  static std::once_flag once;
  std::call_once(once, [] { runtime::registerFusionPass(fuser::fuseTensorExprs); });
  // Symbolic autodiff in the executors (DifferentiableGraph / RequiresGradCheck operations, the
  // autodiff pass for plans that need a gradient): the runtime may not include jit/autodiff.
  conformance::initializeGradientExecution();
}

conformance::Engine jitEngine(const std::string& pipeline) {
  JitOptions o;
  o.pipeline = pipeline;
  return jitEngine(o);
}

conformance::Engine jitEngine(const JitOptions& jit) {
  initializeJit();
  conformance::Engine e;
  e.name = "jit";
  if (jit.legacyExecutor) {
    runtime::ExecutorOptions options;
    options.pipeline = jit.pipeline;
    e.run = [options](const Graph& g, std::vector<IValue> inputs) {
      runtime::GraphExecutor ex(g.copy(), options);
      return callTranslated(ex, std::move(inputs));
    };
    e.session = [options](const Graph& g) -> conformance::Engine::RunFn {
      auto ex = std::make_shared<runtime::GraphExecutor>(g.copy(), options);
      return [ex](std::vector<IValue> inputs) { return callTranslated(*ex, std::move(inputs)); };
    };
    return e;
  }
  runtime::ProfilingOptions options;
  options.pipeline = jit.pipeline;
  options.fusion = jit.fusion && runtime::fusionEnabledByDefault();
  e.run = [options](const Graph& g, std::vector<IValue> inputs) {
    runtime::ProfilingExecutor ex(g.copy(), options);
    return callTranslated(ex, std::move(inputs));
  };
  e.session = [options](const Graph& g) -> conformance::Engine::RunFn {
    auto ex = std::make_shared<runtime::ProfilingExecutor>(g.copy(), options);
    return [ex](std::vector<IValue> inputs) { return callTranslated(*ex, std::move(inputs)); };
  };
  return e;
}

conformance::Engine referenceWithPipeline(const std::string& pipeline) {
  conformance::Engine base = conformance::referenceEngine();
  if (pipeline.empty() || pipeline == "none") return base;
  registerAllPasses();
  auto passes = PassRegistry::global().parsePipelineOrDefault(pipeline);
  base.run = [passes](const Graph& g, std::vector<IValue> inputs) {
    auto pg = g.copy();
    specializeInputTypes(*pg, inputs);
    PipelineOptions po;
    po.verify = true;
    runPipeline(pg, passes, po);
    reference::Evaluator ev;
    return ev.run(*pg, std::move(inputs));
  };
  return base;
}

conformance::Engine engineNamed(const std::string& name, const std::string& command) {
  if (name == "reference") {
    try {
      reference::registerAllKernels();
    } catch (const std::exception& e) {
      throw CompileError(command + ": the reference kernels failed to register (a tsjit bug): " + e.what());
    }
    return conformance::referenceEngine();
  }
  if (name == "jit") return jitEngine();  // (initializes the jit)
  throw CompileError(command + ": engine '" + name + "' is not available (available: reference, jit)");
}

std::vector<IValue> runJit(std::shared_ptr<Graph> graph, std::vector<IValue> inputs) {
  initializeJit();
  try {
    runtime::ProfilingOptions options;
    options.fusion = runtime::fusionEnabledByDefault();
    runtime::ProfilingExecutor ex(std::move(graph), options);
    return ex.call(std::move(inputs));
  } catch (const runtime::UnsupportedOperator& e) {
    throw CompileError(std::string("run: not yet supported by the jit: ") + e.what());
  } catch (const runtime::ScriptRaise& e) {
    throw reference::ScriptException(e.scriptMessage(), e.cls());
  }
}

}  // namespace tsjit::tool
