// Layout.cpp — dim wrapping, contiguity tests, -1 inference and the view-stride rule.
#include "jit/tensor/Layout.h"
#include "jit/tensor/DenseStrides.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "jit/support/Error.h"

namespace tsjit {

int64_t wrapDim(int64_t dim, int64_t ndim, bool wrapScalar) {
  if (ndim <= 0) {
    if (!wrapScalar)
      throw RuntimeError(str("Dimension specified as ", dim, " but tensor has no dimensions"),
                         "IndexError");
    ndim = 1;
  }
  const int64_t lo = -ndim, hi = ndim - 1;
  if (dim < lo || dim > hi)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", lo, ", ", hi,
                           "], but got ", dim, ")"),
                       "IndexError");
  return dim < 0 ? dim + ndim : dim;
}

std::vector<int64_t> contiguousStrides(IntArrayRef sizes) {
  std::vector<int64_t> strides(sizes.size());
  int64_t s = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    strides[d] = s;
    s *= std::max<int64_t>(sizes[d], 1);
  }
  return strides;
}

bool isContiguousLayout(IntArrayRef sizes, IntArrayRef strides) {
  // An empty tensor is contiguous whatever its strides (as_strided([0, 3], [1, 0]) too).
  for (int64_t s : sizes)
    if (s == 0) return true;
  int64_t expected = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

bool isNonOverlappingAndDenseLayout(IntArrayRef sizes, IntArrayRef strides) {
  const size_t n = sizes.size();
  if (n == 1) return sizes[0] < 2 || strides[0] == 1;
  if (isContiguousLayout(sizes, strides)) return true;
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  // Size-1 dims may have any stride; put them last so they never interrupt the chain.
  auto key = [&](size_t d) { return std::pair<bool, int64_t>(sizes[d] < 2, strides[d]); };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key(a) < key(b); });
  int64_t expected = 1;
  for (size_t k = 0; k < n; ++k) {
    const size_t d = order[k];
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

std::vector<int64_t> inferDenseStrides(IntArrayRef sizes, IntArrayRef strides) {
  const size_t n = sizes.size();
  // perm[0]: the innermost dim. No opinion on a 0 stride, or on equal strides with a size not larger.
  const std::vector<size_t> perm = innermostFirst(n, [&](size_t a, size_t b) {
    if (strides[a] == 0 || strides[b] == 0) return 0;
    if (strides[a] != strides[b]) return strides[a] < strides[b] ? -1 : 1;
    return sizes[a] > sizes[b] ? 1 : 0;
  });
  std::vector<int64_t> out(n);
  int64_t next = 1;
  for (size_t d : perm) {
    out[d] = next;
    if (sizes[d] > 1) next *= sizes[d];
  }
  return out;
}

size_t computeStorageNbytes(IntArrayRef sizes, IntArrayRef strides, size_t elementSize) {
  int64_t span = 1;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    span += (sizes[d] - 1) * strides[d];
  }
  return static_cast<size_t>(span) * elementSize;
}

void checkSizesNonNegative(IntArrayRef sizes) {
  for (int64_t s : sizes)
    if (s < 0)
      throw RuntimeError(str("Trying to create tensor with negative dimension ", s, ": ", sizes));
}

std::vector<int64_t> inferSize(IntArrayRef shape, int64_t numel) {
  std::vector<int64_t> result = shape.vec();
  std::optional<size_t> inferred;
  int64_t known = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferred) throw RuntimeError("only one dimension can be inferred");
      inferred = d;
    } else if (shape[d] >= 0) {
      known *= shape[d];
    } else {
      throw RuntimeError(str("invalid shape dimension ", shape[d]));
    }
  }
  const bool ok = inferred ? (known != 0 && numel % known == 0) : numel == known;
  if (!ok) throw RuntimeError(str("shape '", shape, "' is invalid for input of size ", numel));
  if (inferred) result[*inferred] = numel / known;
  return result;
}

std::optional<std::vector<int64_t>> computeViewStrides(IntArrayRef oldSizes, IntArrayRef oldStrides,
                                                        IntArrayRef newSizes) {
  std::vector<int64_t> newStrides(newSizes.size());
  if (oldSizes.empty()) {  // a scalar: every new dim has size 1
    std::fill(newStrides.begin(), newStrides.end(), 1);
    return newStrides;
  }
  if (product(oldSizes) == 0) {
    if (oldSizes == newSizes) return oldStrides.vec();
    return contiguousStrides(newSizes);
  }
  // Walk the old dims from the innermost outwards, cutting them into "chunks": maximal runs of
  // dims that are laid out contiguously relative to each other (size-1 dims never cut a chunk).
  // Within a chunk any regrouping is expressible with strides, so the new dims (also taken from
  // the innermost) must consume each chunk exactly: a new dim may not straddle two chunks.
  int64_t nextNew = static_cast<int64_t>(newSizes.size()) - 1;
  int64_t chunkBase = oldStrides.back();  // stride of the innermost dim of the current chunk
  int64_t chunkNumel = 1;
  int64_t consumed = 1;  // product of the new dims already assigned to this chunk
  for (int64_t d = static_cast<int64_t>(oldSizes.size()) - 1; d >= 0; --d) {
    chunkNumel *= oldSizes[d];
    const bool chunkEnds =
        d == 0 || (oldSizes[d - 1] != 1 && oldStrides[d - 1] != chunkNumel * chunkBase);
    if (!chunkEnds) continue;
    // Assign new dims to this chunk until it is covered; size-1 new dims ride along.
    while (nextNew >= 0 && (consumed < chunkNumel || newSizes[nextNew] == 1)) {
      newStrides[nextNew] = consumed * chunkBase;
      consumed *= newSizes[nextNew];
      --nextNew;
    }
    if (consumed != chunkNumel) return std::nullopt;
    if (d > 0) {
      chunkBase = oldStrides[d - 1];
      chunkNumel = 1;
      consumed = 1;
    }
  }
  if (nextNew != -1) return std::nullopt;
  return newStrides;
}

}  // namespace tsjit
