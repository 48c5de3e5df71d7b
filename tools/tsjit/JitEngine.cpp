// JitEngine.cpp — the JIT engine of `tsjit run` / `tsjit conform` (JitEngine.h).
#include "tools/tsjit/JitEngine.h"

#include "jit/ir/Graph.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/GraphExecutor.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit::tool {

conformance::Engine jitEngine() {
  kernels::registerAllKernels();
  return {"jit", [](const Graph& g, std::vector<IValue> inputs) {
            try {
              runtime::GraphExecutor ex(g.copy());
              return ex.call(std::move(inputs));
            } catch (const runtime::UnsupportedOperator& e) {
              throw reference::NotSupported(e.what(), e.feature());
            } catch (const runtime::ScriptRaise& e) {
              // The runner reports script raises through the reference's exception type.
              throw reference::ScriptException(e.scriptMessage(), e.cls());
            }
          }};
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
  if (name == "jit") return jitEngine();
  throw CompileError(command + ": engine '" + name + "' is not available (available: reference, jit)");
}

std::vector<IValue> runJit(std::shared_ptr<Graph> graph, std::vector<IValue> inputs) {
  kernels::registerAllKernels();
  try {
    runtime::GraphExecutor ex(std::move(graph));
    return ex.call(std::move(inputs));
  } catch (const runtime::UnsupportedOperator& e) {
    throw CompileError(std::string("run: not yet supported by the jit: ") + e.what());
  } catch (const runtime::ScriptRaise& e) {
    throw reference::ScriptException(e.scriptMessage(), e.cls());
  }
}

}  // namespace tsjit::tool
