// ShapeBuildMore.cpp — optimized kernels of the Shape family, part 4: builders 1.13 defines through
// other ops, run here through this engine's kernels: rot90 (flip + transpose), fliplr / flipud,
// dstack / column_stack / row_stack (cat of reshaped inputs), diag_embed (zeros with a diagonal
// written), tril_indices / triu_indices, and empty / empty_like / new_empty.
// Invariants: the layouts are 1.13's (rot90 by 1 or 3 quarter turns returns a transposed view of
// the flipped copy; by 0 a contiguous clone). empty* results are zero-filled: PyTorch leaves their
// values undefined, so only shape, dtype and strides mean anything, and zeros keep runs repeatable.
#include <algorithm>

#include "jit/kernels/Families.h"
#include "jit/kernels/OutVariants.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

// c10::MemoryFormat codes.
constexpr int64_t kContiguousFormat = 0;
constexpr int64_t kPreserveFormat = 1;
constexpr int64_t kChannelsLast = 2;
constexpr int64_t kChannelsLast3d = 3;

IValue ints(const std::vector<int64_t>& v) { return intListValue(v); }

Tensor flipDims(const Tensor& t, const std::vector<int64_t>& dims) {
  return runKernel("aten::flip", {IValue(t), ints(dims)}).toTensor();
}

Tensor rot90(const Tensor& self, int64_t k, const std::vector<int64_t>& dims) {
  const int64_t total = self.dim(), rotDims = static_cast<int64_t>(dims.size());
  if (rotDims != 2) throw RuntimeError(str("expected total rotation dims == 2, but got dims = ", rotDims));
  if (total < 2) throw RuntimeError(str("expected total dims >= 2, but got total dims = ", total));
  if (dims[0] == dims[1] || std::abs(dims[0] - dims[1]) == total)
    throw RuntimeError(str("expected rotation dims to be different, but got dim0 = ", dims[0], " and dim1 = ", dims[1]));
  if (dims[0] >= total || dims[0] < -total) throw RuntimeError(str("Rotation dim0 out of range, dim0 = ", dims[0]));
  if (dims[1] >= total || dims[1] < -total) throw RuntimeError(str("Rotation dim1 out of range, dim1 = ", dims[1]));
  switch (((k % 4) + 4) % 4) {
    case 1: return flipDims(self, {dims[1]}).transpose(dims[0], dims[1]);
    case 2: return flipDims(self, dims);
    case 3: return flipDims(self, {dims[0]}).transpose(dims[0], dims[1]);
    default: return self.clone(MemoryFormat::Contiguous);
  }
}

Tensor catList(const std::vector<Tensor>& ts, int64_t dim) {
  std::vector<IValue> items(ts.begin(), ts.end());
  return runKernel("aten::cat", {makeList(TensorType::get(), std::move(items)), IValue(dim)}).toTensor();
}

Tensor dstack(std::vector<Tensor> ts) {
  if (ts.empty()) throw RuntimeError("dstack expects a non-empty TensorList");
  for (auto& t : ts) {
    if (t.dim() == 0) t = t.reshape({1, 1, 1});
    else if (t.dim() == 1) t = t.unsqueeze(0).unsqueeze(-1);
    else if (t.dim() == 2) t = t.unsqueeze(-1);
  }
  return catList(ts, 2);
}

Tensor columnStack(std::vector<Tensor> ts) {
  if (ts.empty()) throw RuntimeError("column_stack expects a non-empty TensorList");
  for (auto& t : ts)
    if (t.dim() <= 1) t = t.reshape({t.numel(), 1});
  return catList(ts, 1);
}

Tensor diagEmbed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t rank = self.dim() + 1;
  const int64_t d1 = wrapDim(dim1, rank), d2 = wrapDim(dim2, rank);
  if (d1 == d2) throw RuntimeError(str("diagonal dimensions cannot be identical ", dim1, ", ", dim2));
  const int64_t len = std::abs(offset) + self.size(-1);
  std::vector<int64_t> sizes = self.sizes();
  sizes.pop_back();
  sizes.insert(sizes.begin() + std::min(d1, d2), len);
  sizes.insert(sizes.begin() + std::max(d1, d2), len);
  Tensor out = Tensor::zeros(sizes, self.dtype(), self.device());
  out.diagonal(offset, d1, d2).copy_(self);
  return out;
}

// (2, N) row / column indices of the lower (upper) triangle of a row x col matrix, row-major.
Tensor triangleIndices(const char* name, int64_t row, int64_t col, int64_t offset, const IValue& dtype, bool lower) {
  if (row < 0) throw RuntimeError(str("row must be non-negative, got", row));
  if (col < 0) throw RuntimeError(str("col must be non-negative, got", col));
  const ScalarType dt = dtype.isNone() ? ScalarType::Int64 : dtypeArg(dtype);
  if (dt != ScalarType::Int64 && dt != ScalarType::Int32)
    throw RuntimeError(str("\"", name, "\" not implemented for '", irName(dt), "'"));
  std::vector<int64_t> rows, cols;
  for (int64_t i = 0; i < row; ++i) {
    // lower: j <= i + offset; upper: j >= i + offset.
    const int64_t lo = lower ? 0 : std::clamp<int64_t>(i + offset, 0, col);
    const int64_t hi = lower ? std::clamp<int64_t>(i + offset + 1, 0, col) : col;
    for (int64_t j = lo; j < hi; ++j) {
      rows.push_back(i);
      cols.push_back(j);
    }
  }
  const int64_t n = static_cast<int64_t>(rows.size());
  rows.insert(rows.end(), cols.begin(), cols.end());
  return Tensor::fromInt64s(rows, {2, n}, dt);
}

// Dense channels-last strides (NHWC / NDHWC) of 1.13: no clamping of zero sizes.
std::vector<int64_t> channelsLastStrides(const std::vector<int64_t>& s) {
  std::vector<int64_t> st(s.size());
  st[1] = 1;
  if (s.size() == 4) {
    st[3] = s[1];
    st[2] = st[3] * s[3];
    st[0] = st[2] * s[2];
  } else {
    st[4] = s[1];
    st[3] = st[4] * s[4];
    st[2] = st[3] * s[3];
    st[0] = st[2] * s[2];
  }
  return st;
}

Tensor withMemoryFormat(const Tensor& zeros, const IValue& format) {
  if (format.isNone()) return zeros;
  const int64_t f = format.toInt();
  if (f == kContiguousFormat) return zeros;
  if (f == kPreserveFormat) throw RuntimeError("unsupported memory format Preserve");
  if (f != kChannelsLast && f != kChannelsLast3d) throw RuntimeError(str("unsupported memory format ", f));
  const size_t rank = f == kChannelsLast ? 4 : 5;
  if (zeros.sizes().size() != rank)
    throw RuntimeError(str("required rank ", rank, " tensor to use channels_last", rank == 5 ? "_3d" : "", " format"));
  Tensor out = Tensor::empty_strided(zeros.sizes(), channelsLastStrides(zeros.sizes()), zeros.dtype(), zeros.device());
  out.zero_();
  return out;
}

void pushResult(Stack& s, size_t n, IValue v) {
  drop(s, n);
  s.push_back(std::move(v));
}

}  // namespace

void registerShapeBuildMoreKernels() {
  def("aten::rot90", op([](IValue* a) { return IValue(rot90(a[0].toTensor(), a[1].toInt(), intList(a[2]))); }));
  def("aten::fliplr", op([](IValue* a) {
        const Tensor t = a[0].toTensor();
        if (t.dim() < 2) throw RuntimeError("Input must be >= 2-d.");
        return IValue(flipDims(t, {1}));
      }));
  def("aten::flipud", op([](IValue* a) {
        const Tensor t = a[0].toTensor();
        if (t.dim() < 1) throw RuntimeError("Input must be >= 1-d.");
        return IValue(flipDims(t, {0}));
      }));
  def("aten::dstack", op([](IValue* a) { return IValue(dstack(tensorList(a[0]))); }));
  def("aten::column_stack", op([](IValue* a) { return IValue(columnStack(tensorList(a[0]))); }));
  def("aten::row_stack", [](Stack& s, size_t n) { pushResult(s, n, runKernel("aten::vstack", {peek(s, 0, n)})); });
  def("aten::diag_embed", op([](IValue* a) {
        return IValue(diagEmbed(a[0].toTensor(), a[1].toInt(), a[2].toInt(), a[3].toInt()));
      }));
  def("aten::tril_indices", op([](IValue* a) {
        return IValue(triangleIndices("tril_indices", a[0].toInt(), a[1].toInt(), a[2].toInt(), a[3], true));
      }));
  def("aten::triu_indices", op([](IValue* a) {
        return IValue(triangleIndices("triu_indices", a[0].toInt(), a[1].toInt(), a[2].toInt(), a[3], false));
      }));
  // empty(size, dtype, layout, device, pin_memory, memory_format): zeros in the requested layout.
  def("aten::empty.memory_format", [](Stack& s, size_t n) {
    IValue z = runKernel("aten::zeros", {peek(s, 0, n), peek(s, 1, n), peek(s, 2, n), peek(s, 3, n), peek(s, 4, n)});
    pushResult(s, n, IValue(withMemoryFormat(z.toTensor(), peek(s, 5, n))));
  });
  // empty_like(self, dtype, layout, device, pin_memory, memory_format) lays out like zeros_like;
  // an explicit channels-last format gives channels-last strides.
  def("aten::empty_like", [](Stack& s, size_t n) {
    std::vector<IValue> args(s.end() - static_cast<std::ptrdiff_t>(n), s.end());
    const IValue format = args[5];
    const bool channelsLast = format.isInt() && (format.toInt() == kChannelsLast || format.toInt() == kChannelsLast3d);
    if (channelsLast) args[5] = IValue();
    Tensor z = runKernel("aten::zeros_like", std::move(args)).toTensor();
    pushResult(s, n, IValue(channelsLast ? withMemoryFormat(z, format) : z));
  });
  // out= forms: out's dtype (tril_indices: it must be int32 / int64), resized to the result.
  for (const char* name : {"aten::tril_indices.out", "aten::triu_indices.out"}) {
    const bool lower = std::string(name) == "aten::tril_indices.out";
    def(name, op([lower](IValue* a) {
          const Tensor out = a[3].toTensor();
          writeOut(out, triangleIndices(lower ? "tril_indices" : "triu_indices", a[0].toInt(), a[1].toInt(), a[2].toInt(),
                                        IValue(toTorchCode(out.dtype())), lower));
          return a[3];
        }));
  }
  def("aten::empty.out", op([](IValue* a) {
        const Tensor out = a[2].toTensor();
        writeOut(out, Tensor::zeros(intList(a[0]), out.dtype(), out.device()));
        return a[2];
      }));
  def("aten::new_empty.out", op([](IValue* a) {
        const Tensor out = a[2].toTensor();
        writeOut(out, Tensor::zeros(intList(a[1]), out.dtype(), out.device()));
        return a[2];
      }));
  def("aten::empty_like.out", op([](IValue* a) {
        const Tensor out = a[2].toTensor();
        writeOut(out, Tensor::zeros(a[0].toTensor().sizes(), out.dtype(), out.device()));
        return a[2];
      }));
  def("aten::new_empty", [](Stack& s, size_t n) {
    std::vector<IValue> args(s.end() - static_cast<std::ptrdiff_t>(n), s.end());
    pushResult(s, n, runKernel("aten::new_zeros", std::move(args)));
  });
}

}  // namespace tsjit::kernels
