// Elementwise.cpp — registration entry of the optimized Elementwise family. The kernels live in
// jit/kernels/Elementwise<Part>.cpp (one register function per part, declared here); the shared
// loops and drivers are in TensorLoops.h.
#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {

void registerElementwiseBinaryKernels();      // ElementwiseBinary.cpp: arithmetic, bitwise, logical
void registerElementwiseCompareKernels();     // ElementwiseCompare.cpp: comparisons, min/max, equal
void registerElementwiseUnaryKernels();       // ElementwiseUnary.cpp: math functions, predicates
void registerElementwiseActivationKernels();  // ElementwiseActivation.cpp: relu, gelu, clamp...
void registerElementwiseMiscKernels();        // ElementwiseMisc.cpp: where, lerp, fill, to...
void registerElementwiseSpecialKernels();     // ElementwiseSpecial.cpp: atan, cosh, hypot, xlogy...
void registerElementwiseSpecialMoreKernels();  // ElementwiseSpecialMore.cpp: digamma, erfinv, ldexp...

void registerElementwiseKernels() {
  registerElementwiseBinaryKernels();
  registerElementwiseCompareKernels();
  registerElementwiseUnaryKernels();
  registerElementwiseActivationKernels();
  registerElementwiseMiscKernels();
  registerElementwiseSpecialKernels();
  registerElementwiseSpecialMoreKernels();
}

}  // namespace tsjit::kernels
