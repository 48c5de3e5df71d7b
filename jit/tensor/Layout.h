// Layout.h — pure functions on sizes and strides, shared by Tensor, views and kernels.
// All strides are in elements. Errors are RuntimeError with PyTorch 1.13's wording (IndexError
// where PyTorch raises IndexError).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "jit/tensor/ArrayRef.h"

namespace tsjit {

// Wraps a possibly negative dim into [0, ndim). A 0-dim tensor accepts dims -1 and 0 when
// wrapScalar is true. Errors: IndexError "Dimension out of range (expected to be in range of
// [-2, 1], but got 2)"; "Dimension specified as 0 but tensor has no dimensions".
int64_t wrapDim(int64_t dim, int64_t ndim, bool wrapScalar = true);

// Row-major strides for sizes (a size-0 or size-1 dim gets the stride it would have at size 1).
std::vector<int64_t> contiguousStrides(IntArrayRef sizes);

// PyTorch's is_contiguous rule: dims of size 1 are ignored; an empty tensor is contiguous.
bool isContiguousLayout(IntArrayRef sizes, IntArrayRef strides);

// True when the elements occupy exactly numel distinct consecutive slots in some dim order.
bool isNonOverlappingAndDenseLayout(IntArrayRef sizes, IntArrayRef strides);

// Bytes a storage needs to hold the layout starting at element 0 (storage offset not included).
size_t computeStorageNbytes(IntArrayRef sizes, IntArrayRef strides, size_t elementSize);

// Checks every size is >= 0: "Trying to create tensor with negative dimension -1: [-1, 3]".
void checkSizesNonNegative(IntArrayRef sizes);

// Replaces a single -1 in shape by the size that makes the product numel.
// Errors: "only one dimension can be inferred", "invalid shape dimension -2",
// "shape '[16]' is invalid for input of size 12".
std::vector<int64_t> inferSize(IntArrayRef shape, int64_t numel);

// Strides under which a tensor with (oldSizes, oldStrides) can be viewed as newSizes without
// copying, or nullopt when a new dim would span two non-contiguous chunks of the old layout.
// Precondition: product(oldSizes) == product(newSizes).
std::optional<std::vector<int64_t>> computeViewStrides(IntArrayRef oldSizes, IntArrayRef oldStrides,
                                                        IntArrayRef newSizes);

// Element offset (relative to the tensor's data()) of a multi-index.
inline int64_t offsetOf(const int64_t* index, IntArrayRef strides) {
  int64_t off = 0;
  for (size_t d = 0; d < strides.size(); ++d) off += index[d] * strides[d];
  return off;
}

// Element offset of the element with logical row-major linear index i.
inline int64_t offsetOfLinear(int64_t i, IntArrayRef sizes, IntArrayRef strides) {
  int64_t off = 0;
  for (size_t d = sizes.size(); d-- > 0;) {
    const int64_t s = sizes[d];
    off += (i % s) * strides[d];
    i /= s;
  }
  return off;
}

}  // namespace tsjit
