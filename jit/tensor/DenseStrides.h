// DenseStrides.h — the layout 1.13 gives a copy of a tensor that is not non-overlapping and dense
// (empty_like / clone / .to() with preserve_format, and a converted elementwise input).
// Kept out of Layout.h so that few files depend on it.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "jit/tensor/ArrayRef.h"

namespace tsjit {

// Dense strides keeping the dim order of a (possibly overlapping or gapped) layout: dims sorted
// innermost first by stride (an insertion sort in which a 0 stride has no opinion and equal strides
// put the smaller dim inner), then packed (size-0 / size-1 dims take the running stride and add
// nothing). x.t()[::2] (sizes [3, 4], strides [2, 6]) gives [1, 3]; sizes [6, 5, 4, 3, 2] with
// strides [6, 0, 120, 0, 1] give [6, 36, 180, 2, 1] (both checked on python3-torch 1.13.1).
std::vector<int64_t> inferDenseStrides(IntArrayRef sizes, IntArrayRef strides);

// TensorIterator's reorder_dimensions: the dims 0..n-1 innermost first, starting from the reversed
// order and insertion-sorted by `order(a, b)`: 1 when dim a goes outside dim b, -1 inside, 0 no
// opinion (the scan stops at the first -1). Shared by inferDenseStrides and the iteration layout.
template <typename Order>
std::vector<size_t> innermostFirst(size_t n, Order order) {
  std::vector<size_t> perm(n);
  for (size_t i = 0; i < n; ++i) perm[i] = n - 1 - i;
  for (size_t i = 1; i < n; ++i) {
    size_t moving = i;
    for (size_t j = i; j-- > 0;) {
      const int c = order(perm[j], perm[moving]);
      if (c > 0) {
        std::swap(perm[j], perm[moving]);
        moving = j;
      } else if (c < 0) {
        break;
      }
    }
  }
  return perm;
}

}  // namespace tsjit
