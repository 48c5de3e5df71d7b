// FusionKernels.h — how a prim::TensorExprGroup runs: through a kernel compiler a code generator
// registers (jit/tensorexpr: LLVM on CPU, NVRTC on CUDA), else with the interpreter.
//
// initialize() registers the group's operation (kernels::registerNodeOperation) and jit/tensorexpr's
// code generators as the compiler (TSJIT_FUSER_BACKEND=llvm|loopir|none picks the CPU one). When the
// interpreter compiles a Code holding a group node — once per node, at plan-build time — the
// operation asks the registered compiler for a kernel for the group's subgraph (its tensor inputs
// have complete types: dtype, sizes, strides, device; TensorExprFuser guarantees it behind a
// prim::TypeCheck). A compiler that returns nullptr (or none registered, or one that throws:
// logged at GRAPH_DEBUG) leaves the group to the interpreter, which runs the subgraph node by node:
// the same results as unfused. A kernel's run(stack) pops the group's inputs (first deepest) and
// pushes its outputs, like an interpreter operation; it may be called from several threads.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

#include "jit/ir/IValue.h"

namespace tsjit {
class Graph;
}

namespace tsjit::fuser {

enum class FusionBackend { Cpu, Cuda };
const char* toString(FusionBackend b);

class FusedKernel {
 public:
  virtual ~FusedKernel() = default;
  virtual void run(Stack& stack) = 0;
};

using FusionKernelCompiler =
    std::function<std::unique_ptr<FusedKernel>(const Graph& subgraph, FusionBackend backend)>;

// Installs the process-wide compiler (nullptr: none). Thread-safe; Codes compiled later use it.
void registerFusionKernelCompiler(FusionKernelCompiler compiler);

// Adapts any kernel type with `void run(Stack&)` (e.g. the code generator's own class) to a
// FusedKernel; nullptr stays nullptr.
template <class K>
std::unique_ptr<FusedKernel> wrapKernel(std::unique_ptr<K> kernel) {
  struct Adapter final : FusedKernel {
    explicit Adapter(std::unique_ptr<K> k) : k_(std::move(k)) {}
    void run(Stack& stack) override { k_->run(stack); }
    std::unique_ptr<K> k_;
  };
  if (!kernel) return nullptr;
  return std::make_unique<Adapter>(std::move(kernel));
}

// Counters since start (or resetFusionStats): groups whose Code was built with a compiled kernel,
// and groups left to the interpreter.
struct FusionStats {
  size_t compiledGroups = 0;
  size_t interpretedGroups = 0;
};
FusionStats fusionStats();
void resetFusionStats();

// Registers the prim::TensorExprGroup operation and the default compiler (above). Idempotent.
void initialize();

}  // namespace tsjit::fuser
