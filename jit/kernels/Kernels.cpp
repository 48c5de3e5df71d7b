// Kernels.cpp — registration entry point of the optimized kernels (one call per family).
#include <mutex>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/ops/KernelDtypes.h"

namespace tsjit::kernels {

void def(std::string_view qualifiedOverloadName, Operation op) {
  const ops::OpOverload& ov = ops::overload(qualifiedOverloadName);
  // The dtypes PyTorch 1.13's CPU kernel accepts (declared once in jit/ops/KernelDtypes.cpp):
  // checked on the self argument before the kernel computes.
  if (const ops::KernelDtypes* kd = ops::kernelDtypes(ov)) {
    op = [kd, inner = std::move(op)](Stack& s, size_t n) {
      const IValue& self = s[s.size() - n];
      if (n > 0 && self.isTensor()) ops::checkKernelDtype(*kd, self.toTensor().dtype());
      inner(s, n);
    };
  }
  ov.set(OptimizedKernel{std::move(op)});
}

const OptimizedKernel* findKernel(const ops::OpOverload& overload) { return overload.get<OptimizedKernel>(); }

IValue runKernel(std::string_view qualifiedOverloadName, std::vector<IValue> args) {
  const OptimizedKernel* k = findKernel(ops::overload(qualifiedOverloadName));
  TSJIT_CHECK(k != nullptr, qualifiedOverloadName, " has no optimized kernel");
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return std::move(s.front());  // the stack held only the arguments: it now holds the results
}

void registerAllKernels() {
  static std::once_flag once;
  std::call_once(once, [] {
    ops::initialize();
#define TSJIT_REGISTER_FAMILY(name) register##name##Kernels();
    TSJIT_FORALL_KERNEL_FAMILIES(TSJIT_REGISTER_FAMILY)
#undef TSJIT_REGISTER_FAMILY
  });
}

}  // namespace tsjit::kernels
