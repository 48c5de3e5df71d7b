// ShapeViews.cpp — optimized kernels of the Shape family, part 3: the views 1.13 adds on top of
// part 1's (diagonal, unfold, unflatten, as_strided, swapaxes / swapdims / moveaxis, atleast_1d /
// 2d / 3d, tensor_split, hsplit / vsplit / dsplit, meshgrid).
// Invariants: every result lies on its input's storage with the sizes, strides and storage offset
// 1.13 reports (diagonal and unfold add the offset of their first element; unflatten uses view's
// stride rule; tensor_split's pieces are slices, empty ones at the clamped start); atleast_* return
// the input itself when it already has the rank. Errors are 1.13's, checked in its order.
#include <algorithm>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
void registerShapeBuildMoreKernels();

namespace {
using namespace sk;

// 1.13's storage-size check for an explicit layout: a negative size (before any size 0) with a
// nonzero stride overflows its unsigned size arithmetic.
void checkStridedSizes(IntArrayRef sizes, IntArrayRef strides) {
  for (size_t d = 0; d < sizes.size() && d < strides.size(); ++d) {
    if (sizes[d] == 0) return;
    if (sizes[d] < 0 && strides[d] != 0)
      throw RuntimeError(str("Storage size calculation overflowed with sizes=", shapeStr(sizes), " and strides=",
                             shapeStr(strides)));
  }
}

Tensor asStrided(const Tensor& t, IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> offset) {
  if (sizes.size() != strides.size()) throw RuntimeError("mismatch in length of strides and shape");
  for (int64_t s : strides)
    if (s < 0)
      throw RuntimeError(str("as_strided: Negative strides are not supported at the moment, got strides: ",
                             shapeStr(strides)));
  checkStridedSizes(sizes, strides);
  return t.as_strided(sizes, strides, offset);
}

Tensor unfold(const Tensor& t, int64_t dimension, int64_t size, int64_t step) {
  const int64_t d = wrapDim(dimension, t.dim());
  const int64_t maxSize = t.dim() == 0 ? 1 : t.size(d);
  if (size > maxSize)
    throw RuntimeError(str("maximum size for tensor at dimension ", d, " is ", maxSize, " but size is ", size));
  if (step <= 0) throw RuntimeError(str("step is ", step, " but must be > 0"));
  std::vector<int64_t> sizes = t.sizes(), strides = t.strides();
  if (t.dim() > 0) {
    sizes[d] = (t.size(d) - size) / step + 1;
    strides[d] = step * t.stride(d);
  }
  sizes.push_back(size);
  strides.push_back(t.dim() == 0 ? 1 : t.stride(d));
  checkStridedSizes(sizes, strides);
  return t.as_strided(sizes, strides);
}

// unflatten: dim `dim` replaced by `sizes` (one -1 inferred), as a view.
Tensor unflatten(const Tensor& t, int64_t dim, const std::vector<int64_t>& sizes) {
  if (sizes.empty()) throw RuntimeError("unflatten: sizes must be non-empty");
  const int64_t d = wrapDim(dim, t.dim(), /*wrapScalar=*/false);
  const int64_t n = t.size(d);
  std::vector<int64_t> inferred = sizes;
  int64_t known = 1;
  std::optional<size_t> free;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      if (free) throw RuntimeError("unflatten got an unexpected error:\nonly one dimension can be inferred");
      free = i;
    } else if (sizes[i] >= 0) {
      known *= sizes[i];
    } else {
      throw RuntimeError(str("invalid shape dimension ", sizes[i]));
    }
  }
  if (n == known || (free && known > 0 && n % known == 0)) {
    if (free) {
      if (known == 0)
        throw RuntimeError(str("cannot reshape tensor of 0 elements into shape ", shapeStr(sizes),
                               " because the unspecified dimension size -1 can be any value and is ambiguous"));
      inferred[*free] = n / known;
    }
  } else {
    throw RuntimeError(str("unflatten: Provided sizes ", shapeStr(sizes), " don't multiply up to the size of dim ", d,
                           " (", n, ") in the input tensor"));
  }
  std::vector<int64_t> shape = t.sizes();
  shape.erase(shape.begin() + d);
  shape.insert(shape.begin() + d, inferred.begin(), inferred.end());
  return t.view(shape);
}

Tensor atleast(const Tensor& t, int rank) {
  if (t.dim() >= rank) return t;
  if (t.dim() == 0) return t.reshape(std::vector<int64_t>(static_cast<size_t>(rank), 1));
  if (rank == 2 || t.dim() == 2) return rank == 2 ? t.unsqueeze(0) : t.unsqueeze(-1);
  return t.unsqueeze(0).unsqueeze(-1);  // 1-D to 3-D: (1, n, 1)
}

// tensor_split's pieces: slices of dim d between consecutive split points (PyTorch's slice clamps).
std::vector<Tensor> splitAt(const Tensor& t, const std::vector<int64_t>& points, int64_t d) {
  std::vector<Tensor> out;
  std::optional<int64_t> start = 0;
  for (int64_t p : points) {
    out.push_back(t.slice(d, start, p));
    start = p;
  }
  out.push_back(t.slice(d, start, std::nullopt));
  return out;
}

void checkSplittable(const Tensor& t) {
  if (t.dim() == 0)
    throw RuntimeError(str("tensor_split expected at least a 1-dimensional tensor, but got a tensor with ", t.dim(),
                           " dims"));
}

std::vector<Tensor> tensorSplitSections(const Tensor& t, int64_t sections, int64_t dim) {
  checkSplittable(t);
  if (sections <= 0) throw RuntimeError(str("number of sections must be larger than 0, got ", sections));
  const int64_t d = wrapDim(dim, t.dim());
  const int64_t n = t.size(d), base = n / sections, extra = n % sections;
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t i = 0; i < sections; ++i) {
    const int64_t len = base + (i < extra ? 1 : 0);
    out.push_back(t.slice(d, start, start + len));
    start += len;
  }
  return out;
}

std::vector<Tensor> tensorSplitIndices(const Tensor& t, const std::vector<int64_t>& indices, int64_t dim) {
  checkSplittable(t);
  return splitAt(t, indices, wrapDim(dim, t.dim()));
}

std::vector<Tensor> tensorSplitTensor(const Tensor& t, const Tensor& spec, int64_t dim) {
  checkSplittable(t);
  if (spec.dtype() != ScalarType::Int64)
    throw RuntimeError(str("tensor_split expected tensor_indices_or_sections to have dtype of long, but got ",
                           irName(spec.dtype())));
  if (spec.dim() > 1)
    throw RuntimeError(str("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                           "one-dimensional tensor, but got a tensor with ", spec.dim(), " dims"));
  if (spec.dim() == 0) return tensorSplitSections(t, spec.itemInt64(), dim);
  return tensorSplitIndices(t, toVector<int64_t>(spec), dim);
}

// PyTorch's C++ print of a tensor's type line ("[ torch.FloatTensor{2,2} ]") after its values
// (the values themselves are printed plainly, one row per line).
std::string printTensor(const Tensor& t) {
  std::string s;
  const std::vector<double> v = toVector<double>(t);
  const int64_t cols = t.dim() == 0 ? 1 : t.size(-1);
  for (size_t i = 0; i < v.size(); ++i) {
    s += str(" ", v[i]);
    if (cols > 0 && static_cast<int64_t>(i + 1) % cols == 0) s += "\n";
  }
  std::string dims;
  for (int64_t d = 0; d < t.dim(); ++d) dims += str(d ? "," : "", t.size(d));
  std::string name = legacyTypeName(t.dtype());
  return s + "[ " + name + "{" + dims + "} ]";
}

std::vector<Tensor> meshgrid(std::vector<Tensor> ts, const std::string& indexing) {
  if (ts.empty()) throw RuntimeError("meshgrid expects a non-empty TensorList");
  for (size_t i = 0; i + 1 < ts.size(); ++i) {
    if (ts[i].dtype() != ts[i + 1].dtype()) throw RuntimeError("meshgrid expects all tensors to have the same dtype");
    if (ts[i].device() != ts[i + 1].device())
      throw RuntimeError("meshgrid expects all tensors to have the same device");
  }
  const bool swap = indexing == "xy" && ts.size() >= 2;
  if (indexing != "xy" && indexing != "ij")
    throw RuntimeError(str("torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing));
  if (swap) std::swap(ts[0], ts[1]);
  std::vector<int64_t> shape;
  for (const Tensor& t : ts) {
    if (t.dim() > 1)
      throw RuntimeError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: " + printTensor(t));
    shape.push_back(t.numel());
  }
  std::vector<Tensor> grids;
  std::vector<int64_t> viewShape(ts.size(), 1);
  for (size_t i = 0; i < ts.size(); ++i) {
    viewShape[i] = -1;
    grids.push_back(ts[i].view(viewShape).expand(shape));
    viewShape[i] = 1;
  }
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}

// hsplit / vsplit / dsplit: tensor_split along dim 1 (0 for a 1-D hsplit), 0 or 2, with 1.13's rank
// and divisibility checks.
int64_t splitDim(const Tensor& t, const char* name, int64_t minRank, int64_t dim) {
  if (t.dim() < minRank)
    throw RuntimeError(str("torch.", name, " requires a tensor with at least ", minRank, " dimension, but got a tensor with ",
                           t.dim(), " dimensions!"));
  return dim;
}

std::vector<Tensor> splitEvenly(const Tensor& t, const char* name, int64_t dim, int64_t sections) {
  if (sections == 0 || t.size(dim) % sections != 0)
    throw RuntimeError(str("torch.", name, " attempted to split along dimension ", dim, ", but the size of the dimension ",
                           t.size(dim), " is not divisible by the split_size ", sections, "!"));
  return tensorSplitSections(t, sections, dim);
}

void pushResult(Stack& s, size_t n, IValue v) {
  drop(s, n);
  s.push_back(std::move(v));
}

}  // namespace

void registerShapeViewKernels() {
  def("aten::diagonal", op([](IValue* a) {
        return IValue(a[0].toTensor().diagonal(a[1].toInt(), a[2].toInt(), a[3].toInt()));
      }));
  def("aten::unfold", op([](IValue* a) {
        return IValue(unfold(a[0].toTensor(), a[1].toInt(), a[2].toInt(), a[3].toInt()));
      }));
  def("aten::unflatten.int", op([](IValue* a) {
        return IValue(unflatten(a[0].toTensor(), a[1].toInt(), intList(a[2])));
      }));
  def("aten::as_strided", op([](IValue* a) {
        std::optional<int64_t> offset;
        if (!a[3].isNone()) offset = a[3].toInt();
        return IValue(asStrided(a[0].toTensor(), intList(a[1]), intList(a[2]), offset));
      }));
  auto swap = op([](IValue* a) { return IValue(a[0].toTensor().transpose(a[1].toInt(), a[2].toInt())); });
  def("aten::swapaxes", swap);
  def("aten::swapdims", swap);
  // moveaxis is movedim under another name (Composite.cpp holds movedim's checks).
  for (auto [name, target] : {std::pair{"aten::moveaxis.int", "aten::movedim.int"},
                              std::pair{"aten::moveaxis.intlist", "aten::movedim.intlist"}}) {
    std::string to = target;
    def(name, [to](Stack& s, size_t n) {
      std::vector<IValue> args(s.end() - static_cast<std::ptrdiff_t>(n), s.end());
      pushResult(s, n, runKernel(to, std::move(args)));
    });
  }
  for (int rank : {1, 2, 3}) {
    const std::string name = str("aten::atleast_", rank, "d");
    def(name, [rank](Stack& s, size_t n) {
      IValue self = peek(s, 0, n);
      const Tensor t = self.toTensor();
      pushResult(s, n, t.dim() >= rank ? self : IValue(atleast(t, rank)));
    });
    def(name + ".Sequence", op([rank](IValue* a) {
          std::vector<Tensor> ts = tensorList(a[0]);
          for (auto& t : ts) t = atleast(t, rank);
          return tensorListValue(std::move(ts));
        }));
  }
  def("aten::tensor_split.sections", op([](IValue* a) {
        return tensorListValue(tensorSplitSections(a[0].toTensor(), a[1].toInt(), a[2].toInt()));
      }));
  def("aten::tensor_split.indices", op([](IValue* a) {
        return tensorListValue(tensorSplitIndices(a[0].toTensor(), intList(a[1]), a[2].toInt()));
      }));
  def("aten::tensor_split.tensor_indices_or_sections", op([](IValue* a) {
        return tensorListValue(tensorSplitTensor(a[0].toTensor(), a[1].toTensor(), a[2].toInt()));
      }));
  def("aten::meshgrid", op([](IValue* a) { return tensorListValue(meshgrid(tensorList(a[0]), "ij")); }));
  def("aten::meshgrid.indexing", op([](IValue* a) {
        return tensorListValue(meshgrid(tensorList(a[0]), a[1].toStringRef()));
      }));
  struct Split {
    const char* name;
    int64_t minRank;
    int64_t dim;  // hsplit of a 1-D tensor: 0
  };
  for (Split sp : {Split{"hsplit", 1, 1}, Split{"vsplit", 2, 0}, Split{"dsplit", 3, 2}}) {
    auto dimOf = [sp](const Tensor& t) { return splitDim(t, sp.name, sp.minRank, t.dim() == 1 ? 0 : sp.dim); };
    def(str("aten::", sp.name, ".int"), op([sp, dimOf](IValue* a) {
          const Tensor t = a[0].toTensor();
          return tensorListValue(splitEvenly(t, sp.name, dimOf(t), a[1].toInt()));
        }));
    def(str("aten::", sp.name, ".array"), op([dimOf](IValue* a) {
          const Tensor t = a[0].toTensor();
          return tensorListValue(tensorSplitIndices(t, intList(a[1]), dimOf(t)));
        }));
  }
  registerShapeBuildMoreKernels();
}

}  // namespace tsjit::kernels
