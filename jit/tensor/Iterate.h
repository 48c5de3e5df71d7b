// Iterate.h — loops over the elements of strided tensors, for kernels and plain code.
//   forEachIndex(sizes, fn(const int64_t* index))   every multi-index, logical row-major order
//   forEachOffset<N>(sizes, {strides0, ...}, fn(const int64_t* offsets))
//       the same walk, but hands fn the element offset of the current element in each of N
//       operands (offset = sum index[d] * strides_k[d]; add it to the operand's data()).
// Invariants: fn is called exactly product(sizes) times (once for a 0-dim shape, never when a
// size is 0); indices advance with the last dim fastest; offsets are updated incrementally (no
// multiplications per element).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "jit/support/Error.h"
#include "jit/tensor/ArrayRef.h"

namespace tsjit {

template <typename F>
void forEachIndex(IntArrayRef sizes, F&& fn) {
  const size_t ndim = sizes.size();
  for (int64_t s : sizes)
    if (s == 0) return;
  std::vector<int64_t> index(ndim, 0);
  if (ndim == 0) {
    fn(static_cast<const int64_t*>(index.data()));
    return;
  }
  while (true) {
    fn(static_cast<const int64_t*>(index.data()));
    size_t d = ndim;
    while (d-- > 0) {
      if (++index[d] < sizes[d]) break;
      index[d] = 0;
      if (d == 0) return;
    }
  }
}

template <size_t N, typename F>
void forEachOffset(IntArrayRef sizes, const std::array<IntArrayRef, N>& strides, F&& fn) {
  const size_t ndim = sizes.size();
  for (size_t k = 0; k < N; ++k) TSJIT_CHECK(strides[k].size() == ndim, "stride rank mismatch");
  for (int64_t s : sizes)
    if (s == 0) return;
  std::array<int64_t, N> offsets{};
  if (ndim == 0) {
    fn(static_cast<const int64_t*>(offsets.data()));
    return;
  }
  std::vector<int64_t> index(ndim, 0);
  const size_t inner = ndim - 1;
  const int64_t innerSize = sizes[inner];
  while (true) {
    // The innermost dim as a tight loop.
    for (int64_t i = 0; i < innerSize; ++i) {
      fn(static_cast<const int64_t*>(offsets.data()));
      for (size_t k = 0; k < N; ++k) offsets[k] += strides[k][inner];
    }
    for (size_t k = 0; k < N; ++k) offsets[k] -= innerSize * strides[k][inner];
    // Carry into the outer dims.
    size_t d = inner;
    while (true) {
      if (d == 0) return;
      --d;
      if (++index[d] < sizes[d]) {
        for (size_t k = 0; k < N; ++k) offsets[k] += strides[k][d];
        break;
      }
      for (size_t k = 0; k < N; ++k) offsets[k] -= (sizes[d] - 1) * strides[k][d];
      index[d] = 0;
    }
  }
}

}  // namespace tsjit
