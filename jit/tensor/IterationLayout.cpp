// IterationLayout.cpp — TensorIterator's output layout rule (see IterationLayout.h).
#include "jit/tensor/IterationLayout.h"
#include "jit/tensor/DenseStrides.h"

#include <numeric>
#include <utility>

#include "jit/tensor/Layout.h"

namespace tsjit {

namespace {

// Channels-last order of dims, innermost first: C, W, H, N (4-D) and C, W, H, D, N (5-D).
std::vector<size_t> channelsLastOrder(size_t ndim) {
  if (ndim == 4) return {1, 3, 2, 0};
  if (ndim == 5) return {1, 4, 3, 2, 0};
  return {};
}

std::vector<int64_t> channelsLastStrides(IntArrayRef sizes) {
  std::vector<int64_t> strides(sizes.size());
  int64_t s = 1;
  for (size_t d : channelsLastOrder(sizes.size())) {
    strides[d] = s;
    s *= sizes[d];
  }
  return strides;
}

// An input as TensorIterator sees it: strides after a dtype conversion (`.to()` keeps a
// non-overlapping dense layout and packs any other densely in its own dim order).
std::vector<int64_t> effectiveStrides(const IterationInput& in) {
  if (in.converted && !isNonOverlappingAndDenseLayout(in.sizes, in.strides)) return inferDenseStrides(in.sizes, in.strides);
  return in.strides.vec();
}

}  // namespace

bool isChannelsLastContiguousLayout(IntArrayRef sizes, IntArrayRef strides) {
  const std::vector<size_t> order = channelsLastOrder(sizes.size());
  if (order.empty()) return false;
  int64_t expected = 1;
  for (size_t d : order) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

std::vector<int64_t> elementwiseOutputStrides(IntArrayRef shape, const std::vector<IterationInput>& inputs) {
  const size_t ndim = shape.size();
  std::vector<std::vector<int64_t>> strides;
  strides.reserve(inputs.size());
  for (const IterationInput& in : inputs) strides.push_back(effectiveStrides(in));

  // ---- fast setup (every input of one shape) ----
  bool sameShape = true;
  IntArrayRef first;
  bool haveFirst = false;
  for (const IterationInput& in : inputs) {
    if (!haveFirst || first.size() == 0) {
      first = in.sizes;  // a leading 0-dim shape is replaced without clearing sameShape
      haveFirst = true;
    } else if (!(in.sizes == first)) {
      sameShape = false;
    }
  }
  if (sameShape && !inputs.empty()) {
    bool contiguous = true, channelsLast = true, dense = true;
    for (size_t k = 0; k < inputs.size(); ++k) {
      contiguous = contiguous && isContiguousLayout(inputs[k].sizes, strides[k]);
      channelsLast = channelsLast && isChannelsLastContiguousLayout(inputs[k].sizes, strides[k]);
      dense = dense && isNonOverlappingAndDenseLayout(inputs[k].sizes, strides[k]);
    }
    if (contiguous) return contiguousStrides(shape);
    if (channelsLast) return channelsLastStrides(shape);
    if (dense) {
      bool equal = true;
      for (size_t k = 1; k < inputs.size(); ++k) equal = equal && strides[k] == strides[0];
      if (equal && IntArrayRef(inputs.back().sizes) == shape) return strides.back();
    }
  }

  // ---- compute_strides: byte strides broadcast to `shape` ----
  if (ndim <= 1) return contiguousStrides(shape);
  std::vector<std::vector<int64_t>> bytes(inputs.size(), std::vector<int64_t>(ndim, 0));
  for (size_t k = 0; k < inputs.size(); ++k) {
    const IntArrayRef sizes = inputs[k].sizes;
    const size_t offset = ndim - sizes.size();
    for (size_t i = 0; i < sizes.size(); ++i)
      bytes[k][offset + i] = (sizes[i] == 1 && shape[offset + i] != 1) ? 0 : strides[k][i] * inputs[k].elementSize;
  }

  // ---- reorder_dimensions: perm[0] is the innermost dim ----
  // 1: dim0 goes after (outside) dim1; -1: before; 0: no opinion.
  std::vector<size_t> perm = innermostFirst(ndim, [&](size_t dim0, size_t dim1) {
    for (const auto& b : bytes) {
      const int64_t s0 = b[dim0], s1 = b[dim1];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (shape[dim0] > shape[dim1]) return 1;
    }
    return 0;
  });
  bool inverted = true;
  for (size_t j = 0; j < ndim; ++j) inverted = inverted && perm[j] == ndim - 1 - j;
  if (inverted) return contiguousStrides(shape);

  // ---- allocate_or_resize_outputs: dense strides in perm order ----
  std::vector<int64_t> out(ndim);
  int64_t next = 1;
  for (size_t j = 0; j < ndim; ++j) {
    out[perm[j]] = next;
    next *= shape[perm[j]];
  }
  return out;
}

}  // namespace tsjit
