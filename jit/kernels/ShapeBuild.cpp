// ShapeBuild.cpp — optimized kernels of the Shape family, part 2: ops that build a new tensor by
// rearranging elements: cat, stack, hstack, vstack, flip, roll, repeat, repeat_interleave,
// broadcast_tensors (views), pad, tril, triu, diag.
// Invariants: results are fresh contiguous tensors (broadcast_tensors excepted: it returns
// expanded views like PyTorch; flip lays its result out as TensorIterator does for its input); element moves go through memcpy-sized integer types, so every
// dtype takes the same path; cat promotes its inputs' dtypes as PyTorch 1.13 does.
#include <algorithm>

#include "jit/kernels/ScalarFits.h"
#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/IterationLayout.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::kernels {

namespace {
using namespace sk;

// Calls fn(TypeTag<U>) with an unsigned integer type of the given element size.
template <typename F>
void visitBySize(size_t size, F&& fn) {
  switch (size) {
    case 1: fn(TypeTag<uint8_t>{}); return;
    case 2: fn(TypeTag<uint16_t>{}); return;
    case 4: fn(TypeTag<uint32_t>{}); return;
    default: fn(TypeTag<uint64_t>{}); return;
  }
}

// ---- cat / stack ---------------------------------------------------------------------------------

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  // PyTorch 1.13 rejects 0-dim inputs before anything else (dim wrapping included).
  for (size_t i = 0; i < tensors.size(); ++i)
    if (tensors[i].dim() == 0)
      throw RuntimeError(str("zero-dimensional tensor (at position ", i, ") cannot be concatenated"));
  if (tensors.empty()) throw RuntimeError("torch.cat(): expected a non-empty list of Tensors");
  // Legacy rule: 1-D tensors of size 0 are skipped whatever their shape.
  auto skipped = [](const Tensor& t) { return t.dim() == 1 && t.numel() == 0; };
  const Tensor* ref = nullptr;
  ResultTypeState promo;
  for (const Tensor& t : tensors) {
    promo.add(t);
    if (!ref && !skipped(t)) ref = &t;
  }
  const ScalarType dt = promo.result();
  if (!ref) return Tensor::empty({0}, dt, tensors[0].device());
  const int64_t d = wrapDim(dim, ref->dim());
  std::vector<int64_t> outSizes = ref->sizes();
  int64_t total = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (skipped(t)) continue;
    if (t.dim() != ref->dim())
      throw RuntimeError(str("Tensors must have same number of dimensions: got ", ref->dim(), " and ", t.dim()));
    for (int64_t k = 0; k < t.dim(); ++k)
      if (k != d && t.size(k) != ref->size(k))
        throw RuntimeError(str("Sizes of tensors must match except in dimension ", d, ". Expected size ", ref->size(k),
                               " but got size ", t.size(k), " for tensor number ", i, " in the list."));
    total += t.size(d);
  }
  outSizes[d] = total;
  Tensor out = Tensor::empty(outSizes, dt, ref->device());
  if (out.numel() == 0) return out;
  // Fast path: contiguous same-dtype inputs -> blocks of memcpy.
  int64_t outer = 1;
  for (int64_t k = 0; k < d; ++k) outer *= outSizes[k];
  int64_t inner = 1;
  for (size_t k = d + 1; k < outSizes.size(); ++k) inner *= outSizes[k];
  const size_t es = out.itemSize();
  char* base = static_cast<char*>(out.data());
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (skipped(t)) continue;
    const int64_t len = t.size(d);
    if (len == 0) continue;
    if (t.dtype() == dt && t.isContiguous()) {
      const size_t block = static_cast<size_t>(len * inner) * es;
      const char* src = static_cast<const char*>(t.data());
      for (int64_t o = 0; o < outer; ++o)
        std::memcpy(base + static_cast<size_t>((o * total + offset) * inner) * es, src + o * block, block);
    } else {
      out.narrow(d, offset, len).copy_(t);
    }
    offset += len;
  }
  return out;
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  if (tensors.empty()) throw RuntimeError("stack expects a non-empty TensorList");
  const int64_t d = wrapDim(dim, tensors[0].dim() + 1);  // PyTorch wraps before comparing sizes
  for (size_t i = 1; i < tensors.size(); ++i)
    if (tensors[i].sizes() != tensors[0].sizes())
      throw RuntimeError(str("stack expects each tensor to be equal size, but got ", shapeStr(tensors[0].sizes()),
                             " at entry 0 and ", shapeStr(tensors[i].sizes()), " at entry ", i));
  std::vector<Tensor> parts;
  parts.reserve(tensors.size());
  for (const Tensor& t : tensors) parts.push_back(t.unsqueeze(d));
  return cat(parts, d);
}

Tensor atleast1d(const Tensor& t) { return t.dim() == 0 ? t.reshape({1}) : t; }
Tensor atleast2d(const Tensor& t) {
  if (t.dim() == 0) return t.reshape({1, 1});
  if (t.dim() == 1) return t.unsqueeze(0);
  return t;
}

// ---- flip / roll / repeat ------------------------------------------------------------------------

// out (contiguous, same shape) = src read with the given per-dim strides starting at srcBase.
void gatherStrided(const Tensor& out, const char* srcBase, const std::vector<int64_t>& srcStrides) {
  visitBySize(out.itemSize(), [&](auto tag) {
    using U = typename decltype(tag)::type;
    U* o = static_cast<U*>(out.data());
    const U* s = reinterpret_cast<const U*>(srcBase);
    int64_t i = 0;
    forEachOffset<1>(out.sizes(), {IntArrayRef(srcStrides)}, [&](const int64_t* off) { o[i++] = s[off[0]]; });
  });
}

Tensor flip(const Tensor& self, const std::vector<int64_t>& dims) {
  // A 0-dim tensor takes dim 0 / -1 (scalar wrapping): one slot even then.
  std::vector<bool> flipped(std::max<int64_t>(self.dim(), 1), false);
  for (int64_t d0 : dims) {
    const int64_t d = wrapDim(d0, self.dim());
    if (flipped[d]) throw RuntimeError(str("dim ", d, " appears multiple times in the list of dims"));
    flipped[d] = true;
  }
  Tensor out = Tensor::empty(self.sizes(), self.dtype(), self.device());
  if (out.numel() == 0) return out;
  std::vector<int64_t> strides = self.strides();
  int64_t start = 0;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (flipped[d]) {
      start += (self.size(d) - 1) * strides[d];
      strides[d] = -strides[d];
    }
  gatherStrided(out, static_cast<const char*>(self.data()) + start * static_cast<int64_t>(self.itemSize()), strides);
  // 1.13 lays the result out as TensorIterator does for self (a transposed input stays transposed).
  const std::vector<int64_t> layout = elementwiseOutputStrides(
      self.sizes(), {IterationInput{self.sizes(), self.strides(), static_cast<int64_t>(self.itemSize())}});
  if (layout == out.strides()) return out;
  Tensor laidOut = Tensor::empty_strided(self.sizes(), layout, self.dtype(), self.device());
  laidOut.copy_(out);
  return laidOut;
}

Tensor roll(const Tensor& self, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  if (shifts.empty()) throw RuntimeError("`shifts` required");
  if (dims.empty()) {
    if (shifts.size() != 1)
      throw RuntimeError(str("shifts and dimensions must align. shifts: ", shifts.size(), ", dims:", dims.size()));
    return roll(self.flatten(), shifts, {0}).view(self.sizes());
  }
  if (shifts.size() != dims.size())
    throw RuntimeError(str("shifts and dimensions must align. shifts: ", shifts.size(), ", dims:", dims.size()));
  Tensor cur = self;
  for (size_t i = 0; i < dims.size(); ++i) {
    const int64_t d = wrapDim(dims[i], self.dim());
    const int64_t n = self.size(d);
    Tensor out = Tensor::empty(self.sizes(), self.dtype(), self.device());
    if (n == 0 || out.numel() == 0) return out;
    const int64_t s = ((shifts[i] % n) + n) % n;
    if (s == 0) {
      out.copy_(cur);
    } else {
      out.narrow(d, s, n - s).copy_(cur.narrow(d, 0, n - s));
      out.narrow(d, 0, s).copy_(cur.narrow(d, n - s, s));
    }
    cur = out;
  }
  return cur.is(self) ? self.clone(MemoryFormat::Contiguous) : cur;
}

Tensor repeat(const Tensor& self, const std::vector<int64_t>& repeats) {
  const int64_t nd = static_cast<int64_t>(repeats.size());
  if (nd < self.dim())
    throw RuntimeError("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  std::vector<int64_t> padded(nd - self.dim(), 1);
  padded.insert(padded.end(), self.sizes().begin(), self.sizes().end());
  std::vector<int64_t> outSizes(nd), split, srcShape, expandShape;
  for (int64_t k = 0; k < nd; ++k) {
    outSizes[k] = padded[k] * repeats[k];
    split.push_back(repeats[k]);
    split.push_back(padded[k]);
    srcShape.push_back(1);
    srcShape.push_back(padded[k]);
  }
  // PyTorch allocates the result first: the error names the result's sizes (self's sizes times the
  // repeats), e.g. [-2] for a 2-element tensor repeated [-1].
  for (int64_t d : outSizes)
    if (d < 0) throw RuntimeError(str("Trying to create tensor with negative dimension ", d, ": ", shapeStr(outSizes)));
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  if (out.numel() == 0) return out;
  out.view(split).copy_(self.reshape(srcShape).expand(split));
  return out;
}

// PyTorch 1.13's repeat_interleave(repeats, output_size): the indices [0]*r0 ++ [1]*r1 ++ ... in
// repeats' dtype. Order of its checks: dtype (the CPU dispatch), rank, empty repeats (an empty
// result whatever output_size says), then either output_size or the sum with a non-negativity
// check, the result allocation, and the kernel's own checks (size match, then negativity).
Tensor repeatIndices(const Tensor& repeats, const IValue& outputSize) {
  if (repeats.dtype() != ScalarType::Int64 && repeats.dtype() != ScalarType::Int32)
    throw RuntimeError(str("\"repeat_interleave_cpu\" not implemented for '", irName(repeats.dtype()), "'"));
  if (repeats.dim() != 1) throw RuntimeError("repeat_interleave only accept 1D vector as repeat");
  if (repeats.size(0) == 0) return Tensor::empty({0}, repeats.dtype(), repeats.device());
  const std::vector<int64_t> r = toVector<int64_t>(repeats);
  int64_t sum = 0;
  for (int64_t x : r) sum += x;
  const auto checkNonNegative = [&] {
    for (int64_t x : r)
      if (x < 0) throw RuntimeError("repeats can not be negative");
  };
  int64_t total = sum;
  if (!outputSize.isNone()) {
    total = outputSize.toInt();
  } else {
    checkNonNegative();
  }
  checkSizesNonNegative({total});
  if (total != sum) throw RuntimeError("allocated size does not match required size");
  checkNonNegative();
  std::vector<int64_t> idx;
  idx.reserve(static_cast<size_t>(total));
  for (size_t i = 0; i < r.size(); ++i) idx.insert(idx.end(), static_cast<size_t>(r[i]), static_cast<int64_t>(i));
  return Tensor::fromInt64s(idx, {total}, repeats.dtype());
}

// self.repeat_interleave(repeats, dim, output_size): a flattened self when dim is None; a 0-dim or
// one-element repeats stands for every slice; then index_select along dim.
Tensor repeatInterleaveTensor(const Tensor& self, const Tensor& repeats, const IValue& dimArg,
                              const IValue& outputSize) {
  Tensor input = dimArg.isNone() ? self.reshape({-1}) : self;
  const int64_t dimValue = dimArg.isNone() ? 0 : dimArg.toInt();
  Tensor reps = repeats;
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.size(0) == 1)) {
    reps = repeats.reshape({1}).expand({input.size(dimValue)});
  } else if (repeats.dim() == 1) {
    if (repeats.size(0) != input.size(dimValue))
      throw RuntimeError("repeats must have the same size as input along dim");
  } else {
    throw RuntimeError("repeats must be 0-dim or 1-dim tensor");
  }
  const std::vector<int64_t> idx = toVector<int64_t>(repeatIndices(reps, outputSize));
  const int64_t d = wrapDim(dimValue, input.dim());
  std::vector<int64_t> outSizes = input.sizes();
  outSizes[d] = static_cast<int64_t>(idx.size());
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  for (size_t i = 0; i < idx.size(); ++i) out.select(d, static_cast<int64_t>(i)).copy_(input.select(d, idx[i]));
  return out;
}

// ---- pad -----------------------------------------------------------------------------------------

Tensor padConstant(const Tensor& self, const std::vector<int64_t>& pad, double value) {
  const int64_t nPadded = static_cast<int64_t>(pad.size()) / 2;
  std::vector<int64_t> outSizes = self.sizes();
  for (int64_t i = 0; i < nPadded; ++i) {
    const int64_t d = self.dim() - 1 - i;
    const int64_t sz = self.size(d) + pad[2 * i] + pad[2 * i + 1];
    if (sz < 0)
      throw RuntimeError(str("The input size ", self.size(d), ", plus negative padding ", pad[2 * i], " and ",
                             pad[2 * i + 1], " resulted in a negative output size, which is invalid. Check dimension ",
                             d, " of your input."));
    outSizes[d] = sz;
  }
  Tensor out = Tensor::full(outSizes, value, self.dtype(), self.device());
  Tensor dst = out, src = self;
  for (int64_t i = 0; i < nPadded; ++i) {
    const int64_t d = self.dim() - 1 - i;
    const int64_t lo = pad[2 * i], hi = pad[2 * i + 1];
    // Negative pads crop the input, positive ones move it inside the output.
    const int64_t srcStart = std::max<int64_t>(0, -lo), srcEnd = self.size(d) - std::max<int64_t>(0, -hi);
    const int64_t len = srcEnd - srcStart;
    if (len <= 0) return out;
    src = src.narrow(d, srcStart, len);
    dst = dst.narrow(d, std::max<int64_t>(0, lo), len);
  }
  dst.copy_(src);
  return out;
}

// aten::constant_pad_nd as PyTorch 1.13 computes it (F.pad's constant mode lowers to it): pairs of
// pads from the last dim backwards; negative pads first narrow the input (narrow's own errors:
// the left crop is a start index, the right one a length); when no pad is positive the result is
// a clone of that view (its strides preserved when dense); otherwise every padded size must stay
// positive, the output (contiguous) is filled with the value (a checked conversion) and the view
// copied inside it.
Tensor constantPadNd(const Tensor& self, const std::vector<int64_t>& pad, const IValue& value) {
  const int64_t n = static_cast<int64_t>(pad.size()), dims = self.dim();
  if (n % 2 != 0) throw RuntimeError(str("Length of pad must be even but instead it equals ", n));
  const int64_t first = dims - n / 2;  // the first padded dim
  if (first < 0)  // 1.13's message, its missing spaces included
    throw RuntimeError(str("Length of pad should be no more than twice the number of dimensions of the input. Pad "
                           "length is ", n, "while the input has ", dims, "dimensions."));
  auto padOf = [&](int64_t d, int side) { return pad[static_cast<size_t>(2 * (dims - d - 1) + side)]; };
  Tensor view = self;
  bool anyPositive = false;
  for (int64_t d = first; d < dims; ++d) {
    const int64_t lo = padOf(d, 0), hi = padOf(d, 1);
    if (lo < 0) view = view.narrow(d, -lo, view.size(d) + lo);
    if (hi < 0) view = view.narrow(d, 0, view.size(d) + hi);
    anyPositive = anyPositive || lo > 0 || hi > 0;
  }
  if (!anyPositive) return view.clone(MemoryFormat::Preserve);
  std::vector<int64_t> outSizes = self.sizes();
  for (int64_t d = first; d < dims; ++d) {
    const int64_t lo = padOf(d, 0), hi = padOf(d, 1), sz = self.size(d) + lo + hi;
    if (sz <= 0)
      throw RuntimeError(str("The input size ", self.size(d), ", plus negative padding ", lo, " and ", hi,
                             " resulted in a negative output size, which is invalid. Check dimension ", d,
                             " of your input."));
    outSizes[static_cast<size_t>(d)] = sz;
  }
  checkScalarFitsDtype(value, self.dtype());
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  visitScalarType(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = Operand::of(value).valueAs<T>();
    T* p = static_cast<T*>(out.data());
    for (int64_t i = 0; i < out.numel(); ++i) p[i] = v;
  });
  Tensor dst = out;
  for (int64_t d = first; d < dims; ++d) dst = dst.narrow(d, std::max<int64_t>(0, padOf(d, 0)), view.size(d));
  dst.copy_(view);
  return out;
}

// reflect / replicate / circular: each output index of a padded dim maps to one input index.
Tensor padMapped(const Tensor& self, const std::vector<int64_t>& pad, const std::string& mode) {
  const int64_t nPadded = static_cast<int64_t>(pad.size()) / 2;
  std::vector<std::vector<int64_t>> maps(self.dim());
  std::vector<int64_t> outSizes = self.sizes();
  for (int64_t d = 0; d < self.dim(); ++d) {
    const int64_t i = self.dim() - 1 - d;
    const int64_t n = self.size(d);
    const int64_t lo = i < nPadded ? pad[2 * i] : 0, hi = i < nPadded ? pad[2 * i + 1] : 0;
    if (mode == "reflect" && (lo >= n || hi >= n))
      throw RuntimeError(str("Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (",
                             lo, ", ", hi, ") at dimension ", d, " of input ", shapeStr(self.sizes())));
    if (mode == "circular" && (lo > n || hi > n))
      throw RuntimeError("Padding value causes wrapping around more than once.");
    outSizes[d] = n + lo + hi;
    for (int64_t j = 0; j < outSizes[d]; ++j) {
      int64_t k = j - lo;
      if (mode == "reflect") {
        if (k < 0) k = -k;
        if (k >= n) k = 2 * (n - 1) - k;
      } else if (mode == "replicate") {
        k = std::clamp<int64_t>(k, 0, n - 1);
      } else {
        k = ((k % n) + n) % n;
      }
      maps[d].push_back(k);
    }
  }
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  if (out.numel() == 0) return out;
  visitBySize(self.itemSize(), [&](auto tag) {
    using U = typename decltype(tag)::type;
    U* o = static_cast<U*>(out.data());
    const U* s = static_cast<const U*>(self.data());
    int64_t i = 0;
    forEachIndex(outSizes, [&](const int64_t* idx) {
      int64_t off = 0;
      for (int64_t d = 0; d < self.dim(); ++d) off += maps[d][idx[d]] * self.stride(d);
      o[i++] = s[off];
    });
  });
  return out;
}

Tensor pad(const Tensor& self, const std::vector<int64_t>& pad, const std::string& mode, const IValue& value) {
  if (pad.size() % 2 != 0) throw RuntimeError("Padding length must be divisible by 2");
  if (static_cast<int64_t>(pad.size()) > 2 * self.dim()) throw RuntimeError("Padding length too large");
  if (mode == "constant") return padConstant(self, pad, value.isNone() ? 0.0 : value.toDouble());
  if (!value.isNone() && value.toDouble() != 0.0)
    throw RuntimeError(str("Padding mode \"", mode, "\" doesn't take in value argument"));
  if (mode != "reflect" && mode != "replicate" && mode != "circular")
    throw RuntimeError(str("Unrecognised padding mode ", mode));
  // Non-constant modes pad the last 1, 2 or 3 dims of a batched or unbatched input only.
  const int64_t padded = static_cast<int64_t>(pad.size()) / 2, rank = self.dim();
  if (!(padded >= 1 && padded <= 3 && (rank == padded + 1 || rank == padded + 2)))
    throw RuntimeError("Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now", "NotImplementedError");
  return padMapped(self, pad, mode);
}

// ---- tril / triu / diag --------------------------------------------------------------------------

Tensor triangle(const Tensor& self, int64_t k, bool lower) {
  if (self.dim() < 2)
    throw RuntimeError(str(lower ? "tril" : "triu", ": input tensor must have at least 2 dimensions"));
  Tensor out = self.clone(MemoryFormat::Contiguous);
  if (out.numel() == 0) return out;
  const int64_t rows = self.size(-2), cols = self.size(-1), batch = out.numel() / (rows * cols);
  visitBySize(out.itemSize(), [&](auto tag) {
    using U = typename decltype(tag)::type;
    U* p = static_cast<U*>(out.data());
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t i = 0; i < rows; ++i) {
        U* row = p + (b * rows + i) * cols;
        // Keep j - i <= k (tril) or j - i >= k (triu).
        if (lower) {
          for (int64_t j = std::max<int64_t>(0, i + k + 1); j < cols; ++j) row[j] = U(0);
        } else {
          for (int64_t j = 0; j < std::min<int64_t>(cols, i + k); ++j) row[j] = U(0);
        }
      }
  });
  return out;
}

Tensor diag(const Tensor& self, int64_t k) {
  if (self.dim() == 1) {
    const int64_t n = self.size(0), m = n + std::abs(k);
    Tensor out = Tensor::zeros({m, m}, self.dtype(), self.device());
    if (n > 0) out.diagonal(k).copy_(self);
    return out;
  }
  if (self.dim() == 2) return self.diagonal(k).clone(MemoryFormat::Contiguous);
  throw RuntimeError(str("diag(): Supports 1D or 2D tensors. Got ", self.dim(), "D"));
}

}  // namespace

void registerShapeBuildKernels() {
  def("aten::cat", op([](IValue* a) { return IValue(cat(tensorList(a[0]), a[1].toInt())); }));
  def("aten::stack", op([](IValue* a) { return IValue(stack(tensorList(a[0]), a[1].toInt())); }));
  def("aten::hstack", op([](IValue* a) {
        std::vector<Tensor> ts = tensorList(a[0]);
        if (ts.empty()) throw RuntimeError("hstack expects a non-empty TensorList");
        for (auto& t : ts) t = atleast1d(t);
        return IValue(cat(ts, ts[0].dim() == 1 ? 0 : 1));
      }));
  def("aten::vstack", op([](IValue* a) {
        std::vector<Tensor> ts = tensorList(a[0]);
        if (ts.empty()) throw RuntimeError("vstack expects a non-empty TensorList");
        for (auto& t : ts) t = atleast2d(t);
        return IValue(cat(ts, 0));
      }));
  def("aten::flip", op([](IValue* a) { return IValue(flip(a[0].toTensor(), intList(a[1]))); }));
  def("aten::roll", op([](IValue* a) { return IValue(roll(a[0].toTensor(), intList(a[1]), intList(a[2]))); }));
  def("aten::repeat", op([](IValue* a) { return IValue(repeat(a[0].toTensor(), intList(a[1]))); }));
  def("aten::repeat_interleave.self_int", op([](IValue* a) {
        const Tensor reps = Tensor::fromInt64s({a[1].toInt()}, {1});
        return IValue(repeatInterleaveTensor(a[0].toTensor(), reps, a[2], a[3]));
      }));
  def("aten::repeat_interleave.self_Tensor", op([](IValue* a) {
        return IValue(repeatInterleaveTensor(a[0].toTensor(), a[1].toTensor(), a[2], a[3]));
      }));
  def("aten::repeat_interleave.Tensor", op([](IValue* a) { return IValue(repeatIndices(a[0].toTensor(), a[1])); }));
  def("aten::broadcast_tensors", op([](IValue* a) {
        std::vector<Tensor> ts = tensorList(a[0]);
        std::vector<std::vector<int64_t>> shapes;
        for (const Tensor& t : ts) shapes.push_back(t.sizes());
        const std::vector<int64_t> shape = inferBroadcastShape(shapes);
        for (auto& t : ts) t = t.expand(shape);
        return tensorListValue(std::move(ts));
      }));
  def("aten::constant_pad_nd", op([](IValue* a) { return IValue(constantPadNd(a[0].toTensor(), intList(a[1]), a[2])); }));
  def("aten::pad", op([](IValue* a) {
        return IValue(pad(a[0].toTensor(), intList(a[1]), a[2].toStringRef(), a[3]));
      }));
  def("aten::tril", op([](IValue* a) { return IValue(triangle(a[0].toTensor(), a[1].toInt(), true)); }));
  def("aten::triu", op([](IValue* a) { return IValue(triangle(a[0].toTensor(), a[1].toInt(), false)); }));
  def("aten::diag", op([](IValue* a) { return IValue(diag(a[0].toTensor(), a[1].toInt())); }));
}

}  // namespace tsjit::kernels
