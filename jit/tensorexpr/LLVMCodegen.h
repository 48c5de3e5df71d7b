// LLVMCodegen.h — the CPU backend: loop IR -> LLVM IR (C++ API) -> machine code for the host CPU
// by ORC LLJIT, optimized by a short function pipeline by default (LLVMPipeline; the loop vectorizer
// widens the innermost loops: the math of LLVMMath.h is branch-free IR, buffers are noalias). The
// generated IR has no undefined behaviour under any pipeline: every access is in bounds
// (LoopAccess.h checks the loop IR), float -> int conversions select around fptosi's poison, integer
// division avoids the INT64_MIN / -1 trap, loop counters start at >= 0 (nuw nsw increments).
//
// ABI of each compiled nest (one function per statement of kernel.body):
//   void nest(void** data, const int64_t* ints, const double* doubles, int64_t begin, int64_t end)
// data[i] is parameter i's data pointer (buffers), ints[i] / doubles[i] its value (Int64 / Bool
// scalars in ints, Double scalars in doubles); the outermost loop of a parallel nest
// (LoopOptions::parallel) runs [begin, end); other nests ignore begin / end and run whole. Code
// lives until the LLVMKernel is destroyed (its ORC resource tracker is removed).
// Without TSJIT_LLVM (LLVM not found at configure time) compileLLVM returns nullptr with a reason.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jit/tensorexpr/LoopIR.h"

namespace tsjit::tensorexpr {

using NestFn = void (*)(void** data, const int64_t* ints, const double* doubles, int64_t begin, int64_t end);

class LLVMKernel {
 public:
  virtual ~LLVMKernel() = default;
  std::vector<NestFn> nests;
  std::string optimizedIR;    // the module after optimization (kept on request: compileLLVM's keepIR)
  std::string unoptimizedIR;  // as generated (kept on request)
  double compileMs = 0;       // IR generation + optimization + machine code
};

// The optimization pipeline: a short function pipeline (SROA, EarlyCSE, InstCombine, SimplifyCFG,
// LoopRotate + LICM, LoopVectorize without an epilogue loop, clean-up; the default: about half of
// O2's compile time for the same vector loops), or LLVM's O2 module pipeline.
enum class LLVMPipeline { O2, Short };
const char* toString(LLVMPipeline p);

// Whether the LLVM JIT initialized; if not, why (built without LLVM, no host target, a rejected
// TSJIT_LLVM_ARGS option).
bool llvmAvailable(std::string* whyNot = nullptr);
// keepIR: also keep the module's text before and after optimization (printing costs a few ms per
// kernel; the optimized IR is also kept whenever TSJIT_LOG_LEVEL enables this file's dumps).
// TSJIT_LLVM_PIPELINE=o2|short overrides `pipeline`; TSJIT_LLVM_LINT=1 runs LLVM's Lint on each
// module before and after optimization (findings on stderr).
std::unique_ptr<LLVMKernel> compileLLVM(const LoopKernel& kernel, std::string* whyNot, bool keepIR = false,
                                        LLVMPipeline pipeline = LLVMPipeline::Short);

}  // namespace tsjit::tensorexpr
