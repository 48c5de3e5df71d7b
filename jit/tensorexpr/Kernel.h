// Kernel.h — THE interface of jit/tensorexpr: compile the body of a prim::TensorExprGroup into a
// kernel and run it on a stack.
//
//   std::string why;
//   std::unique_ptr<CompiledKernel> k = compileFusionGroup(subgraph, Backend::LLVM, &why);
//   if (!k) ... fall back (why says what could not be lowered) ...
//   k->run(stack);  // pops subgraph.inputs().size() values, pushes one fresh tensor per output
//
// The subgraph's tensor inputs must have complete types (dtype, sizes, strides, device: the
// specialization the fusion pass guards with prim::TypeCheck); run() checks the actual inputs
// against them and throws RuntimeError on a mismatch (a guard should have caught it). Outputs are
// new contiguous tensors with PyTorch 1.13's result dtypes (requires_grad false).
// Backends: Interpreted (the loop-IR evaluator; always available), LLVM (CPU, when built with
// TSJIT_LLVM), CUDA (CUDA C by NVRTC; needs a GPU to run: compileFusionGroup returns nullptr
// with the reason when there is no driver or device).
// Compiled code is cached per (backend, subgraph text incl. input types); compileFusionGroup on an
// equal subgraph reuses it (cacheHit() tells). Thread safety: compileFusionGroup and run may be
// called concurrently.
// Logging: TSJIT_LOG_LEVEL=Lower prints the loop IR of each group, LLVMCodegen the optimized LLVM
// IR, CudaCodegen the CUDA C source, Kernel the compile times.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/ir/IValue.h"
#include "jit/tensorexpr/LLVMCodegen.h"
#include "jit/tensorexpr/Lower.h"

namespace tsjit::tensorexpr {

enum class Backend { Interpreted, LLVM, CUDA };
const char* toString(Backend b);

struct KernelOptions {
  // Threads for the parallel outer loops (1: none). 0 = TSJIT_FUSER_THREADS or 1.
  int threads = 0;
  // Keep the LLVM backend's optimized IR text for generatedCode() (printing it costs a few ms per
  // kernel; without it generatedCode() of an LLVM kernel is empty unless TSJIT_LOG_LEVEL dumps
  // LLVMCodegen). The interpreter's loop IR and the CUDA C are always kept.
  bool keepGeneratedCode = false;
  // The LLVM backend's optimization pipeline (LLVMCodegen.h; TSJIT_LLVM_PIPELINE overrides it).
  LLVMPipeline llvmPipeline = LLVMPipeline::Short;
  LowerOptions lower;
};

class KernelCode;  // the backend's compiled code (shared by cache entries)

class CompiledKernel {
 public:
  CompiledKernel(std::shared_ptr<const KernelCode> code, bool cacheHit, int threads);
  ~CompiledKernel();
  // Pops the group's inputs from the end of `stack` and pushes its outputs.
  void run(std::vector<IValue>& stack) const;
  std::vector<IValue> call(std::vector<IValue> inputs) const;

  Backend backend() const;
  const LoweredGroup& lowered() const;
  std::string loopIR() const;         // the printed loop IR
  const std::string& generatedCode() const;  // optimized LLVM IR (see keepGeneratedCode), CUDA C, or the loop IR
  double compileMs() const;           // lowering + code generation + machine code, when compiled
  bool cacheHit() const { return cacheHit_; }

 private:
  std::shared_ptr<const KernelCode> code_;
  bool cacheHit_;
  int threads_;
};

std::unique_ptr<CompiledKernel> compileFusionGroup(const Graph& subgraph, Backend backend, std::string* whyNot = nullptr,
                                                   const KernelOptions& options = {});

// Whether a backend can run kernels in this process (LLVM built and initialized; CUDA driver, NVRTC
// and a device present), and if not why.
bool backendAvailable(Backend backend, std::string* whyNot = nullptr);

// Drops every cached kernel (tests, the fuzzer's memory bound).
void clearKernelCache();
size_t kernelCacheSize();

}  // namespace tsjit::tensorexpr
