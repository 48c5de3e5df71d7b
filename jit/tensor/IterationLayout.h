// IterationLayout.h — the memory layout PyTorch 1.13 gives the fresh output of an elementwise op
// (TensorIterator: compute_fast_setup_type, compute_strides, reorder_dimensions,
// allocate_or_resize_outputs). A fact of PyTorch's API like broadcasting, used by both engines so
// that `x.t().sin().stride()` and `is_contiguous()` read as in PyTorch.
//
// The rule, for inputs in operand order (Python numbers count as 0-dim tensors):
//   * fast setup, when every input has the broadcast shape (an input after a leading run of 0-dim
//     ones counts as "the first shape", as in TensorIterator::compute_shape): all contiguous ->
//     row-major; all channels-last contiguous (4-D / 5-D) -> channels-last strides; all
//     non-overlapping and dense with equal strides -> those strides;
//   * otherwise the dims are sorted, innermost first, by the inputs' byte strides (size-1 dims
//     broadcast to a larger size count as stride 0): the first input whose two strides differ
//     (neither 0) decides; equal strides put the smaller dim inner when the inner one is larger;
//     no opinion keeps the row-major order (an insertion sort from the last dim); the output gets
//     dense strides in that order (row-major when the order is the plain reversed one). A size-0
//     dim makes the strides of the dims outside it 0, as in PyTorch.
// An input whose dtype differs from the common dtype is converted first (`.to()` keeps a
// non-overlapping dense layout, otherwise makes it row-major), which is what the caller says
// with `converted`.
#pragma once

#include <cstdint>
#include <vector>

#include "jit/tensor/ArrayRef.h"

namespace tsjit {

struct IterationInput {
  IntArrayRef sizes;    // the input's own sizes (not broadcast); {} for a number / 0-dim tensor
  IntArrayRef strides;  // in elements
  int64_t elementSize = 4;  // bytes per element of the tensor TensorIterator sees
  bool converted = false;   // the input is cast to the common dtype before iterating
};

// Strides (in elements) of the output of shape `shape` (the broadcast shape of `inputs`).
std::vector<int64_t> elementwiseOutputStrides(IntArrayRef shape, const std::vector<IterationInput>& inputs);

// Whether strides are exactly the row-major strides of sizes (size-1 and size-0 dims included, as
// contiguousStrides makes them). When every tensor input has them, elementwiseOutputStrides is
// row-major too: callers may skip it.
inline bool hasRowMajorStrides(IntArrayRef sizes, IntArrayRef strides) {
  int64_t expected = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (strides[d] != expected) return false;
    expected *= sizes[d] > 1 ? sizes[d] : 1;
  }
  return true;
}

// PyTorch's is_contiguous(memory_format=channels_last) for 4-D and channels_last_3d for 5-D
// tensors (false for other ranks).
bool isChannelsLastContiguousLayout(IntArrayRef sizes, IntArrayRef strides);

}  // namespace tsjit
