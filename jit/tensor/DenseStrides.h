// DenseStrides.h — the layout 1.13 gives a copy of a tensor that is not non-overlapping and dense
// (empty_like / clone / .to() with preserve_format, and a converted elementwise input).
// Kept out of Layout.h so that few files depend on it.
#pragma once

#include <cstdint>
#include <vector>

#include "jit/tensor/ArrayRef.h"

namespace tsjit {

// Dense strides keeping the dim order of a (possibly overlapping or gapped) layout: dims sorted
// innermost first by stride (an insertion sort in which a 0 stride has no opinion and equal strides
// put the smaller dim inner), then packed (size-0 / size-1 dims take the running stride and add
// nothing). x.t()[::2] (sizes [3, 4], strides [2, 6]) gives [1, 3]; sizes [6, 5, 4, 3, 2] with
// strides [6, 0, 120, 0, 1] give [6, 36, 180, 2, 1] (both checked on python3-torch 1.13.1).
std::vector<int64_t> inferDenseStrides(IntArrayRef sizes, IntArrayRef strides);

}  // namespace tsjit
