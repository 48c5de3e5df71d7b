// FusionKernels.cpp — the compiler hook and the prim::TensorExprGroup operation (FusionKernels.h).
#include "jit/fuser/FusionKernels.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>

#include "jit/fuser/TensorExprFuser.h"
#include "jit/ir/Graph.h"
#include "jit/kernels/NodeOperations.h"
#include "jit/support/Logging.h"
#include "jit/tensorexpr/Kernel.h"

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

// True when every tensor input's complete type is contiguous (size-1 dims' strides ignored).
bool allInputsContiguous(const Graph& subgraph) {
  for (const Value* in : subgraph.inputs()) {
    const auto* t = in->type()->cast<TensorType>();
    if (!t) continue;
    if (!t->sizes() || !t->strides()) return false;
    const auto& sizes = *t->sizes();
    const auto& strides = *t->strides();
    int64_t expected = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
      if (!sizes[d] || !strides[d]) return false;
      if (*sizes[d] != 1 && *strides[d] != expected) return false;
      expected *= *sizes[d];
    }
  }
  return true;
}

// jit/tensorexpr's code generators as the compiler: LLVM on CPU (the loop-IR evaluator where LLVM
// is not built in), NVRTC for CUDA inputs. TSJIT_FUSER_BACKEND=llvm|loopir|none overrides the CPU
// choice (none: every group runs on the interpreter, node by node).
FusionKernelCompiler tensorExprCompiler() {
  const char* env = std::getenv("TSJIT_FUSER_BACKEND");
  std::string choice = env ? env : "";
  if (choice == "none") return nullptr;
  tensorexpr::Backend cpu = tensorexpr::backendAvailable(tensorexpr::Backend::LLVM) ? tensorexpr::Backend::LLVM
                                                                                    : tensorexpr::Backend::Interpreted;
  if (choice == "loopir") cpu = tensorexpr::Backend::Interpreted;
  return [cpu](const Graph& subgraph, FusionBackend backend) -> std::unique_ptr<FusedKernel> {
    // The kernels write contiguous outputs; PyTorch's elementwise ops give an output the layout
    // of their inputs (TensorIterator), so a group with a non-contiguous input stays unfused.
    if (!allInputsContiguous(subgraph)) {
      GRAPH_DEBUG("fusion group left to the interpreter: a non-contiguous input");
      return nullptr;
    }
    std::string why;
    auto k = tensorexpr::compileFusionGroup(subgraph, backend == FusionBackend::Cuda ? tensorexpr::Backend::CUDA : cpu,
                                            &why);
    if (!k) GRAPH_DEBUG("fusion group left to the interpreter: ", why);
    return wrapKernel(std::move(k));
  };
}

void initialize() {
  static std::once_flag once;
  std::call_once(once, [] {
    kernels::registerNodeOperation(tensorExprGroupSymbol(), groupOperation);
    registerFusionKernelCompiler(tensorExprCompiler());
  });
}

}  // namespace tsjit::fuser
