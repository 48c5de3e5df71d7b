// Shape.cpp — optimized kernels of the Shape family (not written yet: registers nothing, so the
// interpreter reports these ops as having no kernel instead of guessing).
#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {
void registerShapeKernels() {}
}  // namespace tsjit::kernels
