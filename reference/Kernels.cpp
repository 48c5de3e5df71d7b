// Kernels.cpp — registration entry point of the reference kernels (one call per family), and the
// reference's per-thread grad mode.
#include <mutex>

#include "jit/ops/KernelDtypes.h"
#include "reference/Kernel.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {

void def(std::string_view qualifiedOverloadName, KernelFn fn) {
  const ops::OpOverload& ov = ops::overload(qualifiedOverloadName);
  // The dtypes PyTorch 1.13's CPU kernel accepts (declared once in jit/ops/KernelDtypes.cpp):
  // checked on the self argument before the reference computes.
  if (const ops::KernelDtypes* kd = ops::kernelDtypes(ov)) {
    fn = [kd, inner = std::move(fn)](Args& args) {
      if (!args.empty() && args[0].isTensor()) ops::checkKernelDtype(*kd, args[0].toTensor().dtype());
      return inner(args);
    };
  }
  ov.set(ReferenceKernel{std::move(fn)});
}

namespace {
thread_local bool tReferenceGradMode = true;
}  // namespace
bool referenceGradMode() { return tReferenceGradMode; }
void setReferenceGradMode(bool enabled) { tReferenceGradMode = enabled; }

const ReferenceKernel* findKernel(const ops::OpOverload& overload) { return overload.get<ReferenceKernel>(); }

IValue runKernel(std::string_view qualifiedOverloadName, Args args) {
  const ReferenceKernel* k = findKernel(ops::overload(qualifiedOverloadName));
  TSJIT_CHECK(k != nullptr, "no reference kernel for ", qualifiedOverloadName);
  return k->run(args).at(0);
}

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
