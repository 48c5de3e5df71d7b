// Indexing.cpp — optimized kernels of the Indexing family (not written yet: registers nothing, so the
// interpreter reports these ops as having no kernel instead of guessing).
#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"

namespace tsjit::kernels {
void registerIndexingKernels() {}
}  // namespace tsjit::kernels
