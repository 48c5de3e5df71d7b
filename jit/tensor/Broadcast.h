// Broadcast.h — NumPy/PyTorch broadcasting of shapes and tensors.
// Shapes are aligned at their last dims; a dim broadcasts when equal or when one side is 1.
// A mismatch throws RuntimeError "The size of tensor a (3) must match the size of tensor b (4) at
// non-singleton dimension 1" (dim counted in the result shape), as PyTorch 1.13 does.
#pragma once

#include <utility>
#include <vector>

#include "jit/tensor/Tensor.h"

namespace tsjit {

std::vector<int64_t> inferBroadcastShape(IntArrayRef a, IntArrayRef b);
// Left fold of the pairwise rule (so "tensor a" is the shape accumulated so far).
std::vector<int64_t> inferBroadcastShape(const std::vector<std::vector<int64_t>>& shapes);
// True when shape broadcasts to exactly desired.
bool isExpandableTo(IntArrayRef shape, IntArrayRef desired);
// t itself when it already has sizes, else t.expand(sizes) (a stride-0 view).
Tensor expandTo(const Tensor& t, IntArrayRef sizes);
// Both tensors expanded to their common broadcast shape.
std::pair<Tensor, Tensor> expandOutplace(const Tensor& a, const Tensor& b);

}  // namespace tsjit
