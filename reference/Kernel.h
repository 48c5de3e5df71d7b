// Kernel.h — how reference kernels attach to the op table.
//
// A reference kernel is the plain, obviously-right statement of one op overload's math: it reads
// tensor elements as double (floating) or int64 (integral), computes in double / int64, and rounds
// once to the output dtype. It never calls jit/kernels, passes or the fuser, and never shares a
// formula with the optimized kernel (architecture section 4).
//
// A kernel receives the node's inputs in order — graph nodes pass every argument positionally,
// defaults already materialised — and returns the node's outputs. User-visible failures throw
// RuntimeError with PyTorch 1.13's message (the corpus error cases check them).
//
// Registration: each family file defines `void registerXxxKernels()` calling def() once per
// overload; registerAllKernels() (Kernels.cpp) calls every family once. No static constructors.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"

namespace tsjit::reference {

using Args = std::vector<IValue>;
using KernelFn = std::function<std::vector<IValue>(Args& args)>;

// The op-table slot filled by the reference.
struct ReferenceKernel {
  static constexpr const char* kSlotName = "reference";
  KernelFn run;
};

// Registers fn for "aten::add.Tensor" ("aten::relu" for an unnamed overload). InternalError if the
// overload is not declared in jit/ops or already has a reference kernel.
// A kernel's single output.
inline std::vector<IValue> ret(IValue v) {
  std::vector<IValue> out;
  out.push_back(std::move(v));
  return out;
}

void def(std::string_view qualifiedOverloadName, KernelFn fn);
// The kernel of an overload, or nullptr.
const ReferenceKernel* findKernel(const ops::OpOverload& overload);
// Runs overload `qualifiedOverloadName`'s reference kernel on `args` (kernels stated through other
// kernels): its first result. InternalError when the overload has no reference kernel.
IValue runKernel(std::string_view qualifiedOverloadName, Args args);

// Idempotent, thread-safe: initializes the op table and registers every family.
void registerAllKernels();

// The reference's own grad mode of this thread (on by default): aten::set_grad_enabled writes it,
// aten::is_grad_enabled reads it, and the evaluator marks the floating outputs of an op whose
// tensor inputs require grad as requiring grad only while it is on (what autograd would record).
bool referenceGradMode();
void setReferenceGradMode(bool enabled);

}  // namespace tsjit::reference
