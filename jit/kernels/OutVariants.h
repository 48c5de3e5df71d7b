// OutVariants.h — PyTorch's out= write-back for the optimized kernels (OutVariants.cpp derives the
// out overloads no family registered from their functional siblings).
#pragma once

#include "jit/tensor/Tensor.h"

namespace tsjit::kernels {

// Writes `result` into `out`: the result's dtype must be castable to out's ("result type Float can't
// be cast to the desired output type Long"); an out of another shape is resized to the result's
// (PyTorch resizes out tensors, warning only); then the values are copied. Returns out.
const Tensor& writeOut(const Tensor& out, const Tensor& result);

}  // namespace tsjit::kernels
