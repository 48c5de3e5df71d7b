// Strings.cpp — optimized kernels of the Strings family (not written yet: registers nothing, so the
// interpreter reports these ops as having no kernel instead of guessing).
#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {
void registerStringsKernels() {}
}  // namespace tsjit::kernels
