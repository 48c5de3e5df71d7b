// Kernels.cpp — registration entry point of the reference kernels (one call per family).
#include <mutex>

#include "reference/Kernel.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {

void def(std::string_view qualifiedOverloadName, KernelFn fn) {
  ops::overload(qualifiedOverloadName).set(ReferenceKernel{std::move(fn)});
}

const ReferenceKernel* findKernel(const ops::OpOverload& overload) { return overload.get<ReferenceKernel>(); }

void registerAllKernels() {
  static std::once_flag once;
  std::call_once(once, [] {
    ops::initialize();
#define TSJIT_REGISTER_FAMILY(name) register##name##Kernels();
    TSJIT_FORALL_REFERENCE_FAMILIES(TSJIT_REGISTER_FAMILY)
#undef TSJIT_REGISTER_FAMILY
  });
}

}  // namespace tsjit::reference
