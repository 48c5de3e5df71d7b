// Reductions.cpp — registration entry of the optimized Reductions family. The kernels live in
// jit/kernels/Reductions<Part>.cpp (declared here); reduction layouts come from planReduce in
// TensorLoops.h.
#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {

void registerReductionsSumKernels();     // ReductionsSum.cpp: sum, mean, prod, std, var, norms, any/all
void registerReductionsMinMaxKernels();  // ReductionsMinMax.cpp: max/min, amax/amin, argmax/argmin
void registerReductionsScanKernels();    // ReductionsScan.cpp: cumsum, cumprod, softmax, log_softmax
void registerReductionsSelectKernels();  // ReductionsSelect.cpp: median, mode, kthvalue, aminmax, cummax...
void registerReductionsMoreKernels();    // ReductionsMore.cpp: var_mean, nansum, diff, histc, searchsorted...

void registerReductionsKernels() {
  registerReductionsSumKernels();
  registerReductionsMinMaxKernels();
  registerReductionsScanKernels();
  registerReductionsSelectKernels();
  registerReductionsMoreKernels();
}

}  // namespace tsjit::kernels
