// ShapeBuild.cpp — reference kernels of the Shape family, part 2: ops that build a NEW tensor by
// rearranging elements (cat, stack, hstack, vstack, flip, roll, repeat, repeat_interleave, pad,
// constant_pad_nd,
// tril, triu, diag) and broadcast_tensors (views). Registered from registerShapeBuildKernels(),
// which registerShapeKernels() calls.
//
// Invariants: results are fresh contiguous tensors (except broadcast_tensors, whose results are
// expanded views of the inputs, and flip, laid out as TensorIterator lays out its input);
// every element is copied exactly (copyElem), so int64 values and
// NaN payloads survive; the output dtype is the input's (cat/stack: the promoted dtype).
#include <algorithm>

#include "jit/tensor/Broadcast.h"
#include "jit/tensor/Iterate.h"
#include "jit/tensor/IterationLayout.h"
#include "jit/tensor/Layout.h"
#include "jit/tensor/TypePromotion.h"
#include "reference/Kernel.h"
#include "reference/kernels/NaiveLayout.h"
#include "reference/kernels/TensorArgs.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// ---- cat / stack ----------------------------------------------------------------------------------

// PyTorch keeps the legacy rule that 1-D tensors of size 0 are skipped by cat.
bool catSkips(const Tensor& t) { return t.dim() == 1 && t.size(0) == 0; }

Tensor catTensors(const std::vector<Tensor>& ts, int64_t dim) {
  if (ts.empty()) throw RuntimeError("torch.cat(): expected a non-empty list of Tensors");
  for (size_t i = 0; i < ts.size(); ++i)
    if (ts[i].dim() == 0)
      throw RuntimeError(str("zero-dimensional tensor (at position ", i, ") cannot be concatenated"));
  ResultTypeState rt;
  for (const Tensor& t : ts) rt.add(t);
  const ScalarType dtype = rt.result();
  size_t valid = ts.size();
  for (size_t i = 0; i < ts.size(); ++i)
    if (!catSkips(ts[i])) {
      valid = i;
      break;
    }
  if (valid == ts.size()) return Tensor::empty({0}, dtype);
  const Tensor& first = ts[valid];
  const int64_t d = wrapDim(dim, first.dim());
  std::vector<int64_t> outSizes = first.sizes();
  outSizes[static_cast<size_t>(d)] = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    const Tensor& t = ts[i];
    if (catSkips(t)) continue;
    if (t.dim() != first.dim())
      throw RuntimeError(str("Tensors must have same number of dimensions: got ", first.dim(), " and ", t.dim()));
    for (int64_t k = 0; k < first.dim(); ++k) {
      if (k == d) continue;
      if (first.size(k) != t.size(k))
        throw RuntimeError(str("Sizes of tensors must match except in dimension ", d, ". Expected size ",
                               first.size(k), " but got size ", t.size(k), " for tensor number ", i,
                               " in the list."));
    }
    outSizes[static_cast<size_t>(d)] += t.size(d);
  }
  Tensor out = Tensor::empty(outSizes, dtype);
  int64_t offset = 0;
  for (const Tensor& t : ts) {
    if (catSkips(t)) continue;
    forEachIndex(t.sizes(), [&](const int64_t* idx) {
      std::vector<int64_t> o(idx, idx + t.dim());
      o[static_cast<size_t>(d)] += offset;
      copyElem(out, ravel(o, outSizes), t, ravel(idx, t.sizes()));
    });
    offset += t.size(d);
  }
  return out;
}

Tensor stackTensors(const std::vector<Tensor>& ts, int64_t dim, const char* what = "stack") {
  if (ts.empty()) throw RuntimeError(str(what, " expects a non-empty TensorList"));
  const int64_t d = wrapDim(dim, ts[0].dim() + 1);
  std::vector<Tensor> parts;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (ts[i].sizes() != ts[0].sizes())
      throw RuntimeError(str("stack expects each tensor to be equal size, but got ", formatInts(ts[0].sizes()),
                             " at entry 0 and ", formatInts(ts[i].sizes()), " at entry ", i));
    parts.push_back(ts[i].unsqueeze(d));
  }
  return catTensors(parts, d);
}

Tensor atLeast1d(const Tensor& t) { return t.dim() == 0 ? t.reshape({1}) : t; }
Tensor atLeast2d(const Tensor& t) {
  if (t.dim() == 0) return t.reshape({1, 1});
  if (t.dim() == 1) return t.unsqueeze(0);
  return t;
}

std::vector<IValue> hstack(Args& a) {
  std::vector<Tensor> ts = tensorListArg(a, 0);
  if (ts.empty()) throw RuntimeError("hstack expects a non-empty TensorList");
  for (Tensor& t : ts) t = atLeast1d(t);
  return one(catTensors(ts, ts[0].dim() == 1 ? 0 : 1));
}

std::vector<IValue> vstack(Args& a) {
  std::vector<Tensor> ts = tensorListArg(a, 0);
  if (ts.empty()) throw RuntimeError("vstack expects a non-empty TensorList");
  for (Tensor& t : ts) t = atLeast2d(t);
  return one(catTensors(ts, 0));
}

// ---- element rearrangements -------------------------------------------------------------------------

// out[idx] = self[source(idx)] over out's shape.
template <typename F>
Tensor gatherBy(const Tensor& self, IntArrayRef outSizes, F&& source) {
  Tensor out = Tensor::empty(outSizes, self.dtype());
  std::vector<int64_t> src(self.sizes().size());
  forEachIndex(outSizes, [&](const int64_t* idx) {
    source(idx, src.data());
    copyElem(out, ravel(idx, outSizes), self, ravel(src, self.sizes()));
  });
  return out;
}

std::vector<IValue> flip(Args& a) {
  Tensor self = tensorArg(a, 0);
  std::vector<bool> flipped(static_cast<size_t>(std::max<int64_t>(self.dim(), 1)), false);
  for (int64_t d : intListArg(a, 1)) {
    const int64_t w = wrapDim(d, self.dim());
    if (flipped[static_cast<size_t>(w)])
      throw RuntimeError(str("dim ", w, " appears multiple times in the list of dims"));
    flipped[static_cast<size_t>(w)] = true;
  }
  const size_t n = self.sizes().size();
  Tensor rowMajor = gatherBy(self, self.sizes(), [&](const int64_t* idx, int64_t* src) {
    for (size_t d = 0; d < n; ++d) src[d] = flipped[d] ? self.sizes()[d] - 1 - idx[d] : idx[d];
  });
  // The result's layout is the one TensorIterator gives an output iterated with self.
  const std::vector<int64_t> layout = elementwiseOutputStrides(
      self.sizes(), {IterationInput{self.sizes(), self.strides(), static_cast<int64_t>(self.itemSize())}});
  Tensor out = Tensor::empty_strided(self.sizes(), layout, self.dtype());
  for (int64_t i = 0; i < out.numel(); ++i) copyElem(out, i, rowMajor, i);
  return one(out);
}

Tensor rollOne(const Tensor& self, int64_t shift, int64_t dim) {
  const int64_t d = wrapDim(dim, self.dim());
  if (self.numel() == 0) return self.clone();
  const int64_t size = self.size(d);
  const int64_t n = static_cast<int64_t>(self.sizes().size());
  return gatherBy(self, self.sizes(), [&](const int64_t* idx, int64_t* src) {
    for (int64_t k = 0; k < n; ++k) src[k] = idx[k];
    src[d] = ((idx[d] - shift) % size + size) % size;
  });
}

std::vector<IValue> roll(Args& a) {
  Tensor self = tensorArg(a, 0);
  std::vector<int64_t> shifts = intListArg(a, 1);
  std::vector<int64_t> dims = intListArg(a, 2);
  if (shifts.empty()) throw RuntimeError("`shifts` required");
  if (dims.empty() && shifts.size() == 1) {
    Tensor flat = self.contiguous().view({self.numel()});
    return one(rollOne(flat, shifts[0], 0).view(self.sizes()));
  }
  if (shifts.size() != dims.size())
    throw RuntimeError(str("shifts and dimensions must align. shifts: ", shifts.size(), ", dims:", dims.size()));
  Tensor out = self;
  for (size_t i = 0; i < shifts.size(); ++i) out = rollOne(out, shifts[i], dims[i]);
  return one(out);
}

std::vector<IValue> repeat(Args& a) {
  Tensor self = tensorArg(a, 0);
  std::vector<int64_t> reps = intListArg(a, 1);
  if (reps.size() < self.sizes().size())
    throw RuntimeError(
        "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const size_t lead = reps.size() - self.sizes().size();
  std::vector<int64_t> outSizes(reps.size());
  for (size_t d = 0; d < reps.size(); ++d) outSizes[d] = reps[d] * (d < lead ? 1 : self.sizes()[d - lead]);
  checkSizesNonNegative(outSizes);
  return one(gatherBy(self, outSizes, [&](const int64_t* idx, int64_t* src) {
    for (size_t d = lead; d < reps.size(); ++d) src[d - lead] = idx[d] % self.sizes()[d - lead];
  }));
}

// repeat_interleave(repeats): [0]*r0 ++ [1]*r1 ++ ..., in the dtype of repeats. PyTorch 1.13's
// order: the CPU dtype dispatch (int32/int64), the rank, empty repeats (an empty result, whatever
// output_size says), the total (output_size, else the sum after a non-negativity check), the
// allocation, then the kernel's checks: total == sum, every repeat >= 0.
Tensor repeatIndices(const Tensor& repeats, std::optional<int64_t> outputSize) {
  if (repeats.dtype() != ScalarType::Int64 && repeats.dtype() != ScalarType::Int32)
    throw RuntimeError(str("\"repeat_interleave_cpu\" not implemented for '", repeats.dtype(), "'"));
  if (repeats.dim() != 1) throw RuntimeError("repeat_interleave only accept 1D vector as repeat");
  if (repeats.size(0) == 0) return Tensor::empty({0}, repeats.dtype());
  std::vector<int64_t> r = repeats.toInt64s();
  int64_t sum = 0;
  for (int64_t x : r) sum += x;
  auto requireNonNegative = [&] {
    for (int64_t x : r)
      if (x < 0) throw RuntimeError("repeats can not be negative");
  };
  if (!outputSize) requireNonNegative();
  const int64_t total = outputSize ? *outputSize : sum;
  checkSizesNonNegative({total});
  if (total != sum) throw RuntimeError("allocated size does not match required size");
  requireNonNegative();
  std::vector<int64_t> idx;
  for (size_t i = 0; i < r.size(); ++i)
    for (int64_t k = 0; k < r[i]; ++k) idx.push_back(static_cast<int64_t>(i));
  return Tensor::fromInt64s(idx, {total}, repeats.dtype());
}

Tensor repeatInterleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim,
                        std::optional<int64_t> outputSize) {
  Tensor input = self;
  if (!dim) {
    input = self.flatten();
    dim = 0;
  }
  // input.size(dim): no 0-dim wrapping (IndexError for a 0-dim input and an explicit dim).
  Tensor reps = repeats;
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.size(0) == 1)) {
    reps = repeats.reshape({1}).expand({input.size(*dim)});
  } else if (repeats.dim() == 1) {
    if (repeats.size(0) != input.size(*dim))
      throw RuntimeError("repeats must have the same size as input along dim");
  } else {
    throw RuntimeError("repeats must be 0-dim or 1-dim tensor");
  }
  std::vector<int64_t> index = repeatIndices(reps, outputSize).toInt64s();
  const int64_t d = wrapDim(*dim, input.dim());
  std::vector<int64_t> outSizes = input.sizes();
  outSizes[static_cast<size_t>(d)] = static_cast<int64_t>(index.size());
  return gatherBy(input, outSizes, [&](const int64_t* idx, int64_t* src) {
    for (size_t k = 0; k < outSizes.size(); ++k) src[k] = idx[k];
    src[d] = index[static_cast<size_t>(idx[d])];
  });
}

std::vector<IValue> broadcastTensors(Args& a) {
  std::vector<Tensor> ts = tensorListArg(a, 0);
  std::vector<std::vector<int64_t>> shapes;
  for (const Tensor& t : ts) shapes.push_back(t.sizes());
  const std::vector<int64_t> shape = inferBroadcastShape(shapes);
  std::vector<Tensor> out;
  for (const Tensor& t : ts) out.push_back(t.expand(shape));
  return one(tensorList(out));
}

// ---- pad ----------------------------------------------------------------------------------------------

// aten::constant_pad_nd, the way PyTorch 1.13 computes it: pad pairs from the last dim backwards;
// negative pads crop first, with narrow's checks (a left crop is a start index into the dim, a
// right crop shortens it); without a positive pad the result is a copy of the cropped input (dense
// crops keep their strides); otherwise each padded size must stay positive and every output
// element is the input element it lands on, or the value (checked against the dtype).
std::vector<IValue> constantPadNd(Args& a) {
  const Tensor self = tensorArg(a, 0);
  const std::vector<int64_t> pads = intListArg(a, 1);
  const IValue& value = a.at(2);
  const int64_t n = static_cast<int64_t>(pads.size()), dims = self.dim();
  if (n % 2 != 0) throw RuntimeError(str("Length of pad must be even but instead it equals ", n));
  const int64_t first = dims - n / 2;
  if (first < 0)
    throw RuntimeError(str("Length of pad should be no more than twice the number of dimensions of the input. Pad "
                           "length is ", n, "while the input has ", dims, "dimensions."));
  std::vector<int64_t> lo(static_cast<size_t>(dims), 0), hi(static_cast<size_t>(dims), 0);
  std::vector<int64_t> begin(static_cast<size_t>(dims), 0), kept(self.sizes().begin(), self.sizes().end());
  bool anyPositive = false;
  for (int64_t d = first; d < dims; ++d) {
    const size_t k = static_cast<size_t>(2 * (dims - d - 1)), u = static_cast<size_t>(d);
    lo[u] = pads[k];
    hi[u] = pads[k + 1];
    if (lo[u] < 0) {  // narrow(d, -lo, size + lo): the start must be a valid index of the dim (or its end)
      const int64_t start = -lo[u], size = kept[u];
      if (start != size) (void)wrapDim(start, size);
      begin[u] = start;
      kept[u] = size + lo[u];
    }
    if (hi[u] < 0) {  // narrow(d, 0, size + hi)
      if (kept[u] + hi[u] < 0)
        throw RuntimeError(str("start (0) + length (", kept[u] + hi[u], ") exceeds dimension size (", kept[u], ")."));
      kept[u] += hi[u];
    }
    anyPositive = anyPositive || lo[u] > 0 || hi[u] > 0;
  }
  std::vector<int64_t> outSizes = kept;
  if (anyPositive) {
    for (int64_t d = first; d < dims; ++d) {
      const size_t u = static_cast<size_t>(d);
      const int64_t sz = self.sizes()[u] + lo[u] + hi[u];
      if (sz <= 0)
        throw RuntimeError(str("The input size ", self.sizes()[u], ", plus negative padding ", lo[u], " and ", hi[u],
                               " resulted in a negative output size, which is invalid. Check dimension ", d,
                               " of your input."));
      outSizes[u] = sz;
    }
    checkScalarConvertible(value, self.dtype());
  }
  Tensor out;
  if (anyPositive) {
    out = Tensor::empty(outSizes, self.dtype());
    for (int64_t i = 0; i < out.numel(); ++i) setScalar(out, i, value);
  } else {  // the crop alone is copied like clone(): a dense crop keeps its strides (emptyLike's rule)
    Tensor crop = self;
    for (int64_t d = first; d < dims; ++d)
      crop = naive::slice(crop, d, begin[static_cast<size_t>(d)],
                          begin[static_cast<size_t>(d)] + kept[static_cast<size_t>(d)], 1);
    out = Tensor::emptyLike(crop, std::nullopt, MemoryFormat::Preserve);
  }
  forEachIndex(kept, [&](const int64_t* idx) {
    int64_t si = 0, di = 0;
    for (size_t d = 0; d < kept.size(); ++d) {
      si = si * self.sizes()[d] + idx[d] + begin[d];
      di = di * outSizes[d] + idx[d] + (anyPositive ? std::max<int64_t>(0, lo[d]) : 0);
    }
    copyElem(out, di, self, si);
  });
  return one(out);
}

// Source index along one dim for the non-constant modes (nullopt never happens for them).
int64_t padSource(const std::string& mode, int64_t i, int64_t n) {
  if (mode == "reflect") {
    if (i < 0) i = -i;
    if (i >= n) i = 2 * (n - 1) - i;
    return i;
  }
  if (mode == "replicate") return std::clamp<int64_t>(i, 0, n - 1);
  return ((i % n) + n) % n;  // circular
}

std::vector<IValue> pad(Args& a) {
  Tensor self = tensorArg(a, 0);
  std::vector<int64_t> pads = intListArg(a, 1);
  const std::string mode = a.size() > 2 && !a[2].isNone() ? strArg(a, 2) : "constant";
  std::optional<double> value = optDoubleArg(a, 3);
  const int64_t ndim = self.dim();
  if (mode != "constant" && mode != "reflect" && mode != "replicate" && mode != "circular")
    throw RuntimeError(str("Unrecognised padding mode ", mode), "NotImplementedError");
  if (pads.size() % 2 != 0) throw RuntimeError("Padding length must be divisible by 2");
  if (static_cast<int64_t>(pads.size()) > ndim * 2)
    throw RuntimeError("Padding length too large");
  const size_t padded = pads.size() / 2;
  std::vector<int64_t> before(static_cast<size_t>(ndim), 0), after(static_cast<size_t>(ndim), 0);
  for (size_t k = 0; k < padded; ++k) {
    const size_t d = static_cast<size_t>(ndim) - 1 - k;
    before[d] = pads[2 * k];
    after[d] = pads[2 * k + 1];
  }
  if (mode != "constant") {
    if (value && *value != 0)
      throw RuntimeError(str("Padding mode \"", mode, "\" doesn't take in value argument"));
    const bool ok = (padded == 1 && (ndim == 2 || ndim == 3)) || (padded == 2 && (ndim == 3 || ndim == 4)) ||
                    (padded == 3 && (ndim == 4 || ndim == 5));
    if (!ok)
      throw RuntimeError("Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now",
                         "NotImplementedError");
    for (size_t k = 0; k < padded; ++k) {
      const size_t d = static_cast<size_t>(ndim) - 1 - k;
      const int64_t n = self.sizes()[d];
      if (mode == "reflect" && (before[d] >= n || after[d] >= n))
        throw RuntimeError(str("Argument #4: Padding size should be less than the corresponding input dimension, "
                               "but got: padding (", before[d], ", ", after[d], ") at dimension ", d,
                               " of input ", formatInts(self.sizes())));
      if (mode == "circular" && (before[d] > n || after[d] > n))
        throw RuntimeError("Padding value causes wrapping around more than once.");
    }
  }
  std::vector<int64_t> outSizes(static_cast<size_t>(ndim));
  for (size_t d = 0; d < outSizes.size(); ++d) {
    outSizes[d] = self.sizes()[d] + before[d] + after[d];
    if (outSizes[d] < 0)
      throw RuntimeError(str("The input size ", self.sizes()[d], ", plus negative padding ", before[d], " and ",
                             after[d], " resulted in a negative output size, which is invalid. Check dimension ",
                             d, " of your input."));
  }
  Tensor out = Tensor::empty(outSizes, self.dtype());
  std::vector<int64_t> src(outSizes.size());
  forEachIndex(outSizes, [&](const int64_t* idx) {
    bool inside = true;
    for (size_t d = 0; d < outSizes.size(); ++d) {
      int64_t i = idx[d] - before[d];
      const int64_t n = self.sizes()[d];
      if (mode == "constant") {
        if (i < 0 || i >= n) inside = false;
      } else {
        i = padSource(mode, i, n);
      }
      src[d] = i;
    }
    const int64_t o = ravel(idx, outSizes);
    if (inside)
      copyElem(out, o, self, ravel(src, self.sizes()));
    else
      out.setDouble(o, value.value_or(0.0));
  });
  return one(out);
}

// ---- triangles and diagonals --------------------------------------------------------------------------

Tensor triangle(const Tensor& self, int64_t k, bool lower, const char* name) {
  if (self.dim() < 2) throw RuntimeError(str(name, ": input tensor must have at least 2 dimensions"));
  Tensor out = Tensor::empty(self.sizes(), self.dtype());
  const size_t n = self.sizes().size();
  forEachIndex(self.sizes(), [&](const int64_t* idx) {
    const int64_t lin = ravel(idx, self.sizes());
    const int64_t diff = idx[n - 1] - idx[n - 2];
    const bool keep = lower ? diff <= k : diff >= k;
    if (keep)
      copyElem(out, lin, self, lin);
    else
      out.setInt64(lin, 0);
  });
  return out;
}

std::vector<IValue> diag(Args& a) {
  Tensor self = tensorArg(a, 0);
  const int64_t k = intArg(a, 1);
  if (self.dim() != 1 && self.dim() != 2)
    throw RuntimeError(str("diag(): Supports 1D or 2D tensors. Got ", self.dim(), "D"));
  if (self.dim() == 1) {
    const int64_t n = self.size(0) + (k < 0 ? -k : k);
    Tensor out = Tensor::zeros({n, n}, self.dtype());
    for (int64_t i = 0; i < self.size(0); ++i) {
      const int64_t r = k >= 0 ? i : i - k, c = k >= 0 ? i + k : i;
      copyElem(out, r * n + c, self, i);
    }
    return one(out);
  }
  Tensor d = self.diagonal(k, 0, 1);
  return one(d.clone(MemoryFormat::Contiguous));
}

}  // namespace

void registerShapeBuildKernels() {
  def("aten::cat", [](Args& a) { return one(catTensors(tensorListArg(a, 0), intArg(a, 1))); });
  def("aten::stack", [](Args& a) { return one(stackTensors(tensorListArg(a, 0), intArg(a, 1))); });
  def("aten::hstack", hstack);
  def("aten::vstack", vstack);
  def("aten::flip", flip);
  def("aten::roll", roll);
  def("aten::repeat", repeat);
  def("aten::repeat_interleave.Tensor",
      [](Args& a) { return one(repeatIndices(tensorArg(a, 0), optIntArg(a, 1))); });
  def("aten::repeat_interleave.self_Tensor", [](Args& a) {
    return one(repeatInterleave(tensorArg(a, 0), tensorArg(a, 1), optIntArg(a, 2), optIntArg(a, 3)));
  });
  def("aten::repeat_interleave.self_int", [](Args& a) {
    Tensor reps = Tensor::fromInt64s({intArg(a, 1)}, {1});
    return one(repeatInterleave(tensorArg(a, 0), reps, optIntArg(a, 2), optIntArg(a, 3)));
  });
  def("aten::broadcast_tensors", broadcastTensors);
  def("aten::constant_pad_nd", constantPadNd);
  def("aten::pad", pad);
  def("aten::tril", [](Args& a) { return one(triangle(tensorArg(a, 0), intArg(a, 1), true, "tril")); });
  def("aten::triu", [](Args& a) { return one(triangle(tensorArg(a, 0), intArg(a, 1), false, "triu")); });
  def("aten::diag", diag);
}

}  // namespace tsjit::reference
