// Kernels.cpp — registration entry point of the optimized kernels (one call per family).
#include <mutex>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {

void def(std::string_view qualifiedOverloadName, Operation op) {
  ops::overload(qualifiedOverloadName).set(OptimizedKernel{std::move(op)});
}

const OptimizedKernel* findKernel(const ops::OpOverload& overload) { return overload.get<OptimizedKernel>(); }

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
