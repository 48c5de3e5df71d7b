// Elementwise.cpp — entry point of the reference Elementwise family: registers every part
// (see ElementwiseParts.h). Each overload is registered exactly once, by one part.
#include "reference/Kernel.h"
#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {
void registerElementwiseKernels() {
  registerElementwiseBinaryKernels();
  registerElementwiseCompareKernels();
  registerElementwiseUnaryKernels();
  registerElementwiseActivationKernels();
  registerElementwiseMiscKernels();
  registerElementwiseSpecialKernels();
  registerElementwiseSpecialMoreKernels();
}
}  // namespace tsjit::reference
