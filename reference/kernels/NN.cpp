// NN.cpp — reference kernels of the NN family (not written yet: registers nothing, so the
// evaluator reports these ops as "no reference kernel" instead of guessing).
#include "reference/Kernel.h"
#include "reference/kernels/Families.h"

namespace tsjit::reference {
void registerNNKernels() {}
}  // namespace tsjit::reference
