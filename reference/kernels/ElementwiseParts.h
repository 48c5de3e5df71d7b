// ElementwiseParts.h — the parts of the reference Elementwise family (one register function per
// file reference/kernels/Elementwise<Part>.cpp), called by registerElementwiseKernels().
#pragma once

namespace tsjit::reference {
void registerElementwiseBinaryKernels();   // ElementwiseBinary.cpp: arithmetic, bitwise, logical
void registerElementwiseCompareKernels();  // ElementwiseCompare.cpp: comparisons, min/max, equal
void registerElementwiseUnaryKernels();    // ElementwiseUnary.cpp: math functions, predicates
void registerElementwiseActivationKernels();  // ElementwiseActivation.cpp: relu, gelu, clamp...
void registerElementwiseMiscKernels();     // ElementwiseMisc.cpp: where, lerp, fill, to...
void registerElementwiseSpecialKernels();  // ElementwiseSpecial.cpp: atan, cosh, hypot, xlogy...
}  // namespace tsjit::reference
