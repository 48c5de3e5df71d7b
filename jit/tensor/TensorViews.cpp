// TensorViews.cpp — the view ops of Tensor. Each returns a new TensorImpl on the same Storage
// (reshape and flatten copy only when no strides express the new shape). Error messages are
// PyTorch 1.13's; IndexError where PyTorch raises one.
#include <algorithm>
#include <limits>

#include "jit/tensor/Tensor.h"

namespace tsjit {

Tensor Tensor::view(IntArrayRef newSizes) const {
  std::vector<int64_t> shape = inferSize(newSizes, numel());
  auto newStrides = computeViewStrides(sizes(), strides(), shape);
  if (!newStrides)
    throw RuntimeError(
        "view size is not compatible with input tensor's size and stride (at least one dimension "
        "spans across two contiguous subspaces). Use .reshape(...) instead.");
  return makeView(std::move(shape), std::move(*newStrides), storageOffset());
}

Tensor Tensor::reshape(IntArrayRef newSizes) const {
  std::vector<int64_t> shape = inferSize(newSizes, numel());
  if (auto newStrides = computeViewStrides(sizes(), strides(), shape))
    return makeView(std::move(shape), std::move(*newStrides), storageOffset());
  return clone(MemoryFormat::Contiguous).view(shape);
}

Tensor Tensor::permute(IntArrayRef dims) const {
  const int64_t n = dim();
  if (static_cast<int64_t>(dims.size()) != n) throw RuntimeError("number of dims don't match in permute");
  std::vector<int64_t> newSizes(n), newStrides(n);
  std::vector<bool> seen(n, false);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t d = wrapDim(dims[i], n);
    if (seen[d]) throw RuntimeError("permute(): duplicate dims are not allowed.");
    seen[d] = true;
    newSizes[i] = sizes()[d];
    newStrides[i] = strides()[d];
  }
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset());
}

Tensor Tensor::transpose(int64_t dim0, int64_t dim1) const {
  const int64_t d0 = wrapDim(dim0, dim());
  const int64_t d1 = wrapDim(dim1, dim());
  if (d0 == d1) return alias();
  std::vector<int64_t> newSizes = sizes(), newStrides = strides();
  std::swap(newSizes[d0], newSizes[d1]);
  std::swap(newStrides[d0], newStrides[d1]);
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset());
}

Tensor Tensor::t() const {
  if (dim() > 2)
    throw RuntimeError(str("t() expects a tensor with <= 2 dimensions, but self is ", dim(), "D"));
  return transpose(0, dim() < 2 ? 0 : 1);
}

Tensor Tensor::expand(IntArrayRef target) const {
  const int64_t n = static_cast<int64_t>(target.size());
  if (n < dim())
    throw RuntimeError(str("expand(", legacyTypeName(dtype(), device().isCuda()), "{", formatInts(sizes()),
                           "}, size=", formatInts(target), "): the number of sizes provided (", n,
                           ") must be greater or equal to the number of dimensions in the tensor (",
                           dim(), ")"));
  std::vector<int64_t> newSizes(n), newStrides(n);
  for (int64_t i = n - 1; i >= 0; --i) {
    const int64_t d = dim() - (n - i);  // matching dim of this tensor, < 0 for new leading dims
    const int64_t size = d >= 0 ? sizes()[d] : 1;
    int64_t stride = d >= 0 ? strides()[d] : (i + 1 < n ? newSizes[i + 1] * newStrides[i + 1] : 1);
    int64_t want = target[i];
    if (want == -1) {
      if (d < 0)
        throw RuntimeError(str("The expanded size of the tensor (-1) isn't allowed in a leading, "
                               "non-existing dimension ", i));
      want = size;
    } else if (want < 0) {
      throw RuntimeError(str("Trying to create tensor with negative dimension ", want, ": ", formatInts(target)));
    }
    if (want != size) {
      if (size != 1)
        throw RuntimeError(str("The expanded size of the tensor (", want, ") must match the existing size (",
                               size, ") at non-singleton dimension ", i, ".  Target sizes: ",
                               formatInts(target), ".  Tensor sizes: ", formatInts(sizes())));
      stride = 0;
    }
    newSizes[i] = want;
    newStrides[i] = stride;
  }
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset());
}

Tensor Tensor::squeeze() const {
  std::vector<int64_t> newSizes, newStrides;
  for (int64_t d = 0; d < dim(); ++d) {
    if (sizes()[d] == 1) continue;
    newSizes.push_back(sizes()[d]);
    newStrides.push_back(strides()[d]);
  }
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset());
}

Tensor Tensor::squeeze(int64_t d) const {
  const int64_t w = wrapDim(d, dim());
  if (dim() == 0 || sizes()[w] != 1) return alias();
  std::vector<int64_t> newSizes = sizes(), newStrides = strides();
  newSizes.erase(newSizes.begin() + w);
  newStrides.erase(newStrides.begin() + w);
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset());
}

Tensor Tensor::unsqueeze(int64_t d) const {
  const int64_t w = wrapDim(d, dim() + 1);
  const int64_t stride = w >= dim() ? 1 : sizes()[w] * strides()[w];
  std::vector<int64_t> newSizes = sizes(), newStrides = strides();
  newSizes.insert(newSizes.begin() + w, 1);
  newStrides.insert(newStrides.begin() + w, stride);
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset());
}

Tensor Tensor::select(int64_t d, int64_t index) const {
  if (dim() == 0) throw RuntimeError("select() cannot be applied to a 0-dim tensor.", "IndexError");
  const int64_t w = wrapDim(d, dim());
  const int64_t size = sizes()[w];
  if (index < -size || index >= size)
    throw RuntimeError(str("select(): index ", index, " out of range for tensor of size ",
                           formatInts(sizes()), " at dimension ", w),
                       "IndexError");
  if (index < 0) index += size;
  std::vector<int64_t> newSizes = sizes(), newStrides = strides();
  newSizes.erase(newSizes.begin() + w);
  newStrides.erase(newStrides.begin() + w);
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset() + index * strides()[w]);
}

Tensor Tensor::slice(int64_t d, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) const {
  if (dim() == 0) throw RuntimeError("slice() cannot be applied to a 0-dim tensor.");
  const int64_t w = wrapDim(d, dim());
  if (step <= 0) throw RuntimeError("slice step must be positive");
  const int64_t size = sizes()[w];
  int64_t lo = start.value_or(0);
  int64_t hi = end.value_or(std::numeric_limits<int64_t>::max());
  if (lo < 0) lo += size;
  if (hi < 0) hi += size;
  lo = std::clamp<int64_t>(lo, 0, size);
  hi = std::clamp<int64_t>(hi, lo, size);
  std::vector<int64_t> newSizes = sizes(), newStrides = strides();
  newSizes[w] = (hi - lo + step - 1) / step;
  newStrides[w] = strides()[w] * step;
  return makeView(std::move(newSizes), std::move(newStrides), storageOffset() + lo * strides()[w]);
}

Tensor Tensor::narrow(int64_t d, int64_t start, int64_t length) const {
  if (dim() == 0) throw RuntimeError("narrow() cannot be applied to a 0-dim tensor.");
  const int64_t w = wrapDim(d, dim());
  const int64_t size = sizes()[w];
  if (start != size) start = wrapDim(start, size);  // start == size is a valid (empty) narrow
  if (length < 0 || start > size - length)
    throw RuntimeError(str("start (", start, ") + length (", length, ") exceeds dimension size (", size, ")."));
  return slice(w, start, start + length, 1);
}

Tensor Tensor::as_strided(IntArrayRef newSizes, IntArrayRef newStrides, std::optional<int64_t> offset) const {
  if (newSizes.size() != newStrides.size()) throw RuntimeError("mismatch in length of strides and shape");
  checkSizesNonNegative(newSizes);
  for (int64_t s : newStrides)
    if (s < 0)
      throw RuntimeError(str("as_strided: Negative strides are not supported at the moment, got strides: ",
                             formatInts(newStrides)));
  const int64_t off = offset.value_or(storageOffset());
  if (off < 0) throw RuntimeError(str("Tensor: invalid storage offset ", off));
  const size_t needed = computeStorageNbytes(newSizes, newStrides, itemSize());
  const size_t required = needed == 0 ? 0 : needed + static_cast<size_t>(off) * itemSize();
  if (required > storage().nbytes())
    throw RuntimeError(str("setStorage: sizes ", formatInts(newSizes), ", strides ", formatInts(newStrides),
                           ", storage offset ", off, ", and itemsize ", itemSize(),
                           " requiring a storage size of ", required,
                           " are out of bounds for storage of size ", storage().nbytes()));
  return makeView(newSizes.vec(), newStrides.vec(), off);
}

std::vector<Tensor> Tensor::split(int64_t splitSize, int64_t d) const {
  if (dim() == 0) throw RuntimeError("split expects at least a 1-dimensional tensor");
  if (splitSize < 0)
    throw RuntimeError(str("split expects split_size be non-negative, but got split_size=", splitSize));
  const int64_t w = wrapDim(d, dim());
  const int64_t size = sizes()[w];
  if (splitSize == 0 && size != 0)
    throw RuntimeError(str("split_size can only be 0 if dimension size is 0, but got dimension size of ", size));
  const int64_t pieces = splitSize == 0 ? 1 : std::max<int64_t>((size + splitSize - 1) / splitSize, 1);
  const int64_t lastSize = splitSize - (splitSize * pieces - size);
  std::vector<Tensor> out;
  out.reserve(static_cast<size_t>(pieces));
  for (int64_t i = 0; i < pieces; ++i)
    out.push_back(narrow(w, i * splitSize, i + 1 == pieces ? lastSize : splitSize));
  return out;
}

std::vector<Tensor> Tensor::split_with_sizes(IntArrayRef splitSizes, int64_t d) const {
  if (dim() == 0) throw RuntimeError("split expects at least a 1-dimensional tensor");
  const int64_t w = wrapDim(d, dim());
  const int64_t size = sizes()[w];
  int64_t total = 0;
  for (int64_t s : splitSizes) {
    if (s < 0)
      throw RuntimeError(str("split_with_sizes expects split_sizes have only non-negative entries, but got "
                             "split_sizes=", formatInts(splitSizes)));
    total += s;
  }
  if (total != size)
    throw RuntimeError(str("split_with_sizes expects split_sizes to sum exactly to ", size,
                           " (input tensor's size at dimension ", w, "), but got split_sizes=",
                           formatInts(splitSizes)));
  std::vector<Tensor> out;
  out.reserve(splitSizes.size());
  int64_t start = 0;
  for (int64_t s : splitSizes) {
    out.push_back(narrow(w, start, s));
    start += s;
  }
  return out;
}

std::vector<Tensor> Tensor::chunk(int64_t chunks, int64_t d) const {
  if (dim() == 0) throw RuntimeError("chunk expects at least a 1-dimensional tensor");
  if (chunks <= 0) throw RuntimeError(str("chunk expects `chunks` to be greater than 0, got: ", chunks));
  const int64_t w = wrapDim(d, dim());
  const int64_t size = sizes()[w];
  const int64_t splitSize = (size + chunks - 1) / chunks;
  if (splitSize == 0 && size == 0) {
    std::vector<int64_t> sizes(static_cast<size_t>(chunks), 0);
    return split_with_sizes(sizes, w);
  }
  return split(splitSize, w);
}

std::vector<Tensor> Tensor::unbind(int64_t d) const {
  const int64_t w = wrapDim(d, dim(), /*wrapScalar=*/false);
  std::vector<Tensor> out;
  out.reserve(static_cast<size_t>(sizes()[w]));
  for (int64_t i = 0; i < sizes()[w]; ++i) out.push_back(select(w, i));
  return out;
}

Tensor Tensor::flatten(int64_t startDim, int64_t endDim) const {
  const int64_t s = wrapDim(startDim, dim());
  const int64_t e = wrapDim(endDim, dim());
  if (s > e) throw RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim");
  if (dim() == 0) return reshape({1});
  if (s == e) return *this;
  std::vector<int64_t> shape(sizes().begin(), sizes().begin() + s);
  int64_t merged = 1;
  for (int64_t d = s; d <= e; ++d) merged *= sizes()[d];
  shape.push_back(merged);
  shape.insert(shape.end(), sizes().begin() + e + 1, sizes().end());
  return reshape(shape);
}

Tensor Tensor::diagonal(int64_t offset, int64_t dim1, int64_t dim2) const {
  const int64_t d1 = wrapDim(dim1, dim());
  const int64_t d2 = wrapDim(dim2, dim());
  if (d1 == d2) throw RuntimeError(str("diagonal dimensions cannot be identical ", dim1, ", ", dim2));
  int64_t diagSize;
  int64_t off = storageOffset();
  if (offset >= 0) {
    diagSize = std::max<int64_t>(std::min(sizes()[d1], sizes()[d2] - offset), 0);
    if (diagSize > 0) off += offset * strides()[d2];
  } else {
    diagSize = std::max<int64_t>(std::min(sizes()[d1] + offset, sizes()[d2]), 0);
    if (diagSize > 0) off -= offset * strides()[d1];
  }
  std::vector<int64_t> newSizes, newStrides;
  for (int64_t d = 0; d < dim(); ++d) {
    if (d == d1 || d == d2) continue;
    newSizes.push_back(sizes()[d]);
    newStrides.push_back(strides()[d]);
  }
  newSizes.push_back(diagSize);
  newStrides.push_back(strides()[d1] + strides()[d2]);
  return makeView(std::move(newSizes), std::move(newStrides), off);
}

Tensor Tensor::alias() const { return makeView(sizes(), strides(), storageOffset()); }

Tensor Tensor::detach() const {
  Tensor t = makeView(sizes(), strides(), storageOffset());
  t.setRequiresGradFlag(false);
  return t;
}

}  // namespace tsjit
