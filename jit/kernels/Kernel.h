// Kernel.h — how optimized CPU kernels attach to the op table (the "kernel" slot).
//
// An optimized kernel works on the interpreter's stack: the node's inputs are the last
// `numInputs` values of the stack (first input deepest); the kernel pops them and pushes the
// node's outputs in order. numInputs matters only for vararg schemas (aten::format, ...).
// Kernels are independent of the reference's: typed loops with contiguous fast paths the
// compiler vectorizes, strided fallbacks, OpenBLAS for matrix products. Errors a user can cause
// throw RuntimeError with PyTorch 1.13's message, like the reference.
//
// Registration: each family file defines `void register<Family>Kernels()` calling def() once per
// overload; registerAllKernels() (Kernels.cpp) calls every family once. No static constructors.
#pragma once

#include <functional>
#include <string_view>

#include "jit/ir/IValue.h"
#include "jit/ops/OpTable.h"

namespace tsjit::kernels {

using Operation = std::function<void(Stack& stack, size_t numInputs)>;

struct OptimizedKernel {
  static constexpr const char* kSlotName = "kernel";
  Operation run;
};

// Registers op for "aten::add.Tensor" ("aten::relu" for an unnamed overload). InternalError if the
// overload is not declared in jit/ops or already has an optimized kernel.
void def(std::string_view qualifiedOverloadName, Operation op);
const OptimizedKernel* findKernel(const ops::OpOverload& overload);
// Runs overload `qualifiedOverloadName`'s kernel on `args` (kernels built from other kernels):
// its first result. InternalError when the overload has no kernel.
IValue runKernel(std::string_view qualifiedOverloadName, std::vector<IValue> args);

// Idempotent, thread-safe: initializes the op table and registers every family.
void registerAllKernels();

// Stack helpers for kernels.
inline IValue pop(Stack& stack) {
  IValue v = std::move(stack.back());
  stack.pop_back();
  return v;
}
// Reference to the i-th of the last n values (0 = deepest).
inline IValue& peek(Stack& stack, size_t i, size_t n) { return stack[stack.size() - n + i]; }
inline void drop(Stack& stack, size_t n) { stack.resize(stack.size() - n); }

}  // namespace tsjit::kernels
