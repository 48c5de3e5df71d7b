// FusionKernels.cpp — the compiler hook and the prim::TensorExprGroup operation (FusionKernels.h).
#include "jit/fuser/FusionKernels.h"

#include <atomic>
#include <mutex>

#include "jit/fuser/TensorExprFuser.h"
#include "jit/ir/Graph.h"
#include "jit/kernels/NodeOperations.h"
#include "jit/support/Logging.h"

namespace tsjit::fuser {

namespace {
std::mutex& compilerMutex() {
  static std::mutex m;
  return m;
}
FusionKernelCompiler& compilerSlot() {
  static FusionKernelCompiler c;
  return c;
}
std::atomic<size_t> compiledGroups{0}, interpretedGroups{0};

FusionBackend backendOf(const Graph& subgraph) {
  for (const Value* in : subgraph.inputs())
    if (const auto* t = in->type()->cast<TensorType>(); t && t->device() && t->device()->type == DeviceType::CUDA)
      return FusionBackend::Cuda;
  return FusionBackend::Cpu;
}

kernels::Operation groupOperation(const Node& node, const kernels::NodeOperationContext& context) {
  std::shared_ptr<Graph> subgraph = node.g(attr::Subgraph);
  FusionKernelCompiler compiler;
  {
    std::lock_guard<std::mutex> lock(compilerMutex());
    compiler = compilerSlot();
  }
  if (compiler) {
    std::shared_ptr<FusedKernel> kernel;
    try {
      kernel = compiler(*subgraph, backendOf(*subgraph));
    } catch (const std::exception& e) {
      GRAPH_DEBUG("the kernel compiler failed on a group (the interpreter runs it): ", e.what(), "\n",
                  subgraph->toString());
    }
    if (kernel) {
      ++compiledGroups;
      return [kernel](Stack& stack, size_t) { kernel->run(stack); };
    }
  }
  ++interpretedGroups;
  return context.compileGraph(subgraph);
}
}  // namespace

const char* toString(FusionBackend b) { return b == FusionBackend::Cuda ? "cuda" : "cpu"; }

void registerFusionKernelCompiler(FusionKernelCompiler compiler) {
  std::lock_guard<std::mutex> lock(compilerMutex());
  compilerSlot() = std::move(compiler);
}

FusionStats fusionStats() { return {compiledGroups.load(), interpretedGroups.load()}; }

void resetFusionStats() {
  compiledGroups = 0;
  interpretedGroups = 0;
}

void initialize() {
  static std::once_flag once;
  std::call_once(once, [] { kernels::registerNodeOperation(tensorExprGroupSymbol(), groupOperation); });
}

}  // namespace tsjit::fuser
