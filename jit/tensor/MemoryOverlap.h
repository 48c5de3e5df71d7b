// MemoryOverlap.h — does a tensor write to one location twice, do two tensors share memory?
// The answers and error messages follow PyTorch 1.13's checks for outputs of TensorIterator ops:
//   hasInternalOverlap: No for a non-overlapping dense layout, Yes when a dim of size > 1 has
//     stride 0 (expand), TooHard otherwise (e.g. as_strided with overlapping strides);
//   getOverlapStatus(a, b): Full (same tensor, or same memory range with the same strides),
//     Partial (same storage, intersecting ranges otherwise), No, or TooHard (not dense).
#pragma once

#include "jit/tensor/Tensor.h"

namespace tsjit {

enum class MemOverlap { No, Yes, TooHard };
enum class MemOverlapStatus { Full, Partial, No, TooHard };

MemOverlap hasInternalOverlap(const Tensor& t);
// RuntimeError "unsupported operation: more than one element of the written-to tensor refers to
// a single memory location. Please clone() the tensor before performing the operation."
void assertNoInternalOverlap(const Tensor& t);

MemOverlapStatus getOverlapStatus(const Tensor& a, const Tensor& b);
// RuntimeError "unsupported operation: some elements of the input tensor and the written-to
// tensor refer to a single memory location. Please clone() the tensor before performing the
// operation." when the status is Partial.
void assertNoPartialOverlap(const Tensor& a, const Tensor& b);

// Conservative: same storage and the byte spans [first element, last element] intersect.
bool mayShareMemory(const Tensor& a, const Tensor& b);

}  // namespace tsjit
