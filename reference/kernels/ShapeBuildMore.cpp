// ShapeBuildMore.cpp — reference kernels of the Shape family, part 4: rot90, fliplr / flipud,
// dstack / column_stack / row_stack, diag_embed, tril_indices / triu_indices and empty /
// empty_like / new_empty, stated through the reference's own kernels (flip, cat, vstack, zeros).
//
// Invariants: rot90 by one or three quarter turns is a transposed view of a flipped copy, by two a
// flipped copy, by zero a contiguous copy (1.13's layouts). empty* results hold zeros: PyTorch
// leaves the values undefined; only the shape, dtype and strides are meaningful.
#include <algorithm>

#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/NaiveLayout.h"
#include "reference/kernels/ShapeCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {
using namespace shape;

Tensor flipped(const Tensor& t, const std::vector<int64_t>& dims) {
  return runKernel("aten::flip", {IValue(t), intList(dims)}).toTensor();
}

Tensor rot90(const Tensor& t, int64_t k, const std::vector<int64_t>& dims) {
  const int64_t n = t.dim();
  if (dims.size() != 2) throw RuntimeError(str("expected total rotation dims == 2, but got dims = ", dims.size()));
  if (n < 2) throw RuntimeError(str("expected total dims >= 2, but got total dims = ", n));
  const int64_t a = dims[0], b = dims[1];
  if (a == b || a - b == n || b - a == n)
    throw RuntimeError(str("expected rotation dims to be different, but got dim0 = ", a, " and dim1 = ", b));
  if (a < -n || a >= n) throw RuntimeError(str("Rotation dim0 out of range, dim0 = ", a));
  if (b < -n || b >= n) throw RuntimeError(str("Rotation dim1 out of range, dim1 = ", b));
  int64_t turns = k % 4;
  if (turns < 0) turns += 4;
  if (turns == 0) return naive::contiguousCopy(t);
  if (turns == 2) return flipped(t, {a, b});
  return naive::transpose(flipped(t, {turns == 1 ? b : a}), a, b);
}

Tensor catOf(const std::vector<Tensor>& ts, int64_t dim) {
  return runKernel("aten::cat", {tensorList(ts), IValue(dim)}).toTensor();
}

Tensor diagEmbed(const Tensor& t, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t rank = t.dim() + 1;
  const int64_t a = wrapDim(dim1, rank), b = wrapDim(dim2, rank);
  if (a == b) throw RuntimeError(str("diagonal dimensions cannot be identical ", dim1, ", ", dim2));
  const int64_t m = t.size(-1) + (offset < 0 ? -offset : offset);
  // Output dims: t's leading dims in order, with the two m-sized dims at a and b.
  std::vector<int64_t> sizes;
  int64_t next = 0;
  for (int64_t d = 0; d < rank; ++d) sizes.push_back(d == a || d == b ? m : t.size(next++));
  Tensor out = Tensor::zeros(sizes, t.dtype());
  for (int64_t i = 0; i < t.numel(); ++i) {
    const std::vector<int64_t> src = unravel(i, t.sizes());
    const int64_t k = src.back();
    std::vector<int64_t> dst;
    size_t li = 0;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == a) dst.push_back(offset < 0 ? k - offset : k);
      else if (d == b) dst.push_back(offset > 0 ? k + offset : k);
      else dst.push_back(src[li++]);
    }
    copyElem(out, ravel(dst, sizes), t, i);
  }
  return out;
}

Tensor triIndices(const std::string& name, int64_t rows, int64_t cols, int64_t offset, const IValue& dtype, bool lower) {
  if (rows < 0) throw RuntimeError(str("row must be non-negative, got", rows));
  if (cols < 0) throw RuntimeError(str("col must be non-negative, got", cols));
  ScalarType dt = ScalarType::Int64;
  if (!dtype.isNone()) {
    auto t = fromTorchCode(dtype.toInt());
    if (!t) throw RuntimeError(str("Unsupported scalar type code ", dtype.toInt()));
    dt = *t;
  }
  if (dt != ScalarType::Int64 && dt != ScalarType::Int32)
    throw RuntimeError("\"" + name + "\" not implemented for '" + irName(dt) + "'");
  std::vector<int64_t> r, c;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      if (lower ? j - i <= offset : j - i >= offset) {
        r.push_back(i);
        c.push_back(j);
      }
  const int64_t count = static_cast<int64_t>(r.size());
  Tensor out = Tensor::zeros({2, count}, dt);
  for (int64_t k = 0; k < count; ++k) {
    out.setInt64(k, r[static_cast<size_t>(k)]);
    out.setInt64(count + k, c[static_cast<size_t>(k)]);
  }
  return out;
}

// A zero tensor of `sizes` in memory format `format` (None / 0: row-major; 2 / 3: channels-last).
Tensor zerosIn(const Tensor& rowMajor, const IValue& format) {
  const int64_t f = format.isNone() ? 0 : format.toInt();
  if (f == 0) return rowMajor;
  if (f == 1) throw RuntimeError("unsupported memory format Preserve");
  if (f != 2 && f != 3) throw RuntimeError(str("unsupported memory format ", f));
  const int64_t rank = f == 2 ? 4 : 5;
  if (rowMajor.dim() != rank)
    throw RuntimeError(str("required rank ", rank, " tensor to use channels_last", f == 3 ? "_3d" : "", " format"));
  // Channels fastest, then the spatial dims from the last, then the batch (no clamping of zeros).
  const std::vector<int64_t>& s = rowMajor.sizes();
  std::vector<int64_t> strides(static_cast<size_t>(rank));
  int64_t stride = 1;
  strides[1] = stride;
  stride *= s[1];
  for (int64_t d = rank - 1; d >= 2; --d) {
    strides[static_cast<size_t>(d)] = stride;
    stride *= s[static_cast<size_t>(d)];
  }
  strides[0] = stride;
  Tensor out = Tensor::empty_strided(s, strides, rowMajor.dtype());
  out.fill_(0);
  return out;
}

}  // namespace

void registerShapeBuildMoreKernels() {
  def("aten::rot90", [](Args& a) { return one(rot90(tensorArg(a, 0), intArg(a, 1), intListArg(a, 2))); });
  def("aten::fliplr", [](Args& a) {
    if (tensorArg(a, 0).dim() < 2) throw RuntimeError("Input must be >= 2-d.");
    return one(flipped(tensorArg(a, 0), {1}));
  });
  def("aten::flipud", [](Args& a) {
    if (tensorArg(a, 0).dim() < 1) throw RuntimeError("Input must be >= 1-d.");
    return one(flipped(tensorArg(a, 0), {0}));
  });
  def("aten::dstack", [](Args& a) {
    std::vector<Tensor> ts = tensorListArg(a, 0);
    if (ts.empty()) throw RuntimeError("dstack expects a non-empty TensorList");
    for (auto& t : ts) t = runKernel("aten::atleast_3d", {IValue(t)}).toTensor();
    return one(catOf(ts, 2));
  });
  def("aten::column_stack", [](Args& a) {
    std::vector<Tensor> ts = tensorListArg(a, 0);
    if (ts.empty()) throw RuntimeError("column_stack expects a non-empty TensorList");
    for (auto& t : ts)
      if (t.dim() < 2) t = naive::reshape(t, {t.numel(), 1});
    return one(catOf(ts, 1));
  });
  def("aten::row_stack", [](Args& a) { return ret(runKernel("aten::vstack", a)); });
  def("aten::diag_embed", [](Args& a) { return one(diagEmbed(tensorArg(a, 0), intArg(a, 1), intArg(a, 2), intArg(a, 3))); });
  def("aten::tril_indices", [](Args& a) {
    return one(triIndices("tril_indices", intArg(a, 0), intArg(a, 1), intArg(a, 2), a.at(3), true));
  });
  def("aten::triu_indices", [](Args& a) {
    return one(triIndices("triu_indices", intArg(a, 0), intArg(a, 1), intArg(a, 2), a.at(3), false));
  });
  // out= forms: out's dtype (tril_indices: it must be int32 / int64), resized to the result.
  for (const std::string name : {"tril_indices", "triu_indices"})
    def("aten::" + name + ".out", [name](Args& a) {
      const Tensor out = a.at(3).toTensor();
      writeOut(out, triIndices(name, intArg(a, 0), intArg(a, 1), intArg(a, 2), IValue(toTorchCode(out.dtype())),
                               name == "tril_indices"));
      return one(a[3]);
    });
  def("aten::empty.out", [](Args& a) {
    const Tensor out = a.at(2).toTensor();
    writeOut(out, Tensor::zeros(intListArg(a, 0), out.dtype()));
    return one(a[2]);
  });
  def("aten::new_empty.out", [](Args& a) {
    const Tensor out = a.at(2).toTensor();
    writeOut(out, Tensor::zeros(intListArg(a, 1), out.dtype()));
    return one(a[2]);
  });
  def("aten::empty_like.out", [](Args& a) {
    const Tensor out = a.at(2).toTensor();
    writeOut(out, Tensor::zeros(a.at(0).toTensor().sizes(), out.dtype()));
    return one(a[2]);
  });
  def("aten::empty.memory_format", [](Args& a) {
    IValue z = runKernel("aten::zeros", {a.at(0), a.at(1), a.at(2), a.at(3), a.at(4)});
    return one(zerosIn(z.toTensor(), a.at(5)));
  });
  // empty_like lays out like zeros_like; an explicit channels-last format gives channels-last strides.
  def("aten::empty_like", [](Args& a) {
    const IValue format = a.at(5);
    if (!format.isInt() || (format.toInt() != 2 && format.toInt() != 3)) return ret(runKernel("aten::zeros_like", a));
    Args plain = a;
    plain[5] = IValue();
    return one(zerosIn(runKernel("aten::zeros_like", plain).toTensor(), format));
  });
  def("aten::new_empty", [](Args& a) { return ret(runKernel("aten::new_zeros", a)); });
}

}  // namespace tsjit::reference
