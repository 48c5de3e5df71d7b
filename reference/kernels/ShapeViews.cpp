// ShapeViews.cpp — reference kernels of the Shape family, part 3: the views 1.13 adds (diagonal,
// unfold, unflatten, as_strided, swapaxes / swapdims / moveaxis, atleast_1d / 2d / 3d,
// tensor_split, hsplit / vsplit / dsplit, meshgrid).
//
// Invariants: every view is Tensor::fromStorage on its input's storage with a layout stated here
// from the op's definition (diagonal: stride s1 + s2 from the first diagonal element; unfold: a
// window dim of the old stride and the old dim stepping by `step`; unflatten: the split dim's
// stride on the last new dim, each earlier new dim the product of the later ones), or a composition
// of the reference's own views (NaiveLayout.h). Errors are 1.13's, in its order.
#include <algorithm>

#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/NaiveLayout.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
void registerShapeBuildMoreKernels();

namespace {
using namespace shape;

Tensor viewOf(const Tensor& t, std::vector<int64_t> sizes, std::vector<int64_t> strides, int64_t offset) {
  return Tensor::fromStorage(t.storage(), sizes, strides, offset, t.dtype());
}

// 1.13's storage-size arithmetic overflows for a negative size (before any zero size) with a
// nonzero stride.
void checkLayoutSizes(const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides) {
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) break;
    if (sizes[d] < 0 && strides[d] != 0)
      throw RuntimeError("Storage size calculation overflowed with sizes=" + formatInts(sizes) +
                         " and strides=" + formatInts(strides));
  }
}

Tensor diagonal(const Tensor& t, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t a = wrapDim(dim1, t.dim()), b = wrapDim(dim2, t.dim());
  if (a == b) throw RuntimeError(str("diagonal dimensions cannot be identical ", dim1, ", ", dim2));
  // Element k of the diagonal is t[..., i = k - min(offset, 0), ..., j = k + max(offset, 0), ...].
  const int64_t rowStart = offset < 0 ? -offset : 0, colStart = offset > 0 ? offset : 0;
  const int64_t len = std::max<int64_t>(0, std::min(t.size(a) - rowStart, t.size(b) - colStart));
  int64_t start = t.storageOffset();
  if (len > 0) start += rowStart * t.stride(a) + colStart * t.stride(b);
  std::vector<int64_t> sizes, strides;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (d != a && d != b) {
      sizes.push_back(t.size(d));
      strides.push_back(t.stride(d));
    }
  sizes.push_back(len);
  strides.push_back(t.stride(a) + t.stride(b));
  return viewOf(t, sizes, strides, start);
}

Tensor unfold(const Tensor& t, int64_t dimension, int64_t size, int64_t step) {
  const int64_t d = wrapDim(dimension, t.dim());
  const int64_t extent = t.dim() == 0 ? 1 : t.size(d);
  if (size > extent)
    throw RuntimeError(str("maximum size for tensor at dimension ", d, " is ", extent, " but size is ", size));
  if (step <= 0) throw RuntimeError(str("step is ", step, " but must be > 0"));
  std::vector<int64_t> sizes = t.sizes(), strides = t.strides();
  const int64_t along = t.dim() == 0 ? 1 : t.stride(d);
  if (t.dim() > 0) {
    sizes[static_cast<size_t>(d)] = (extent - size) / step + 1;  // windows
    strides[static_cast<size_t>(d)] = along * step;
  }
  sizes.push_back(size);
  strides.push_back(along);
  checkLayoutSizes(sizes, strides);
  return viewOf(t, sizes, strides, t.storageOffset());
}

Tensor unflatten(const Tensor& t, int64_t dim, const std::vector<int64_t>& sizes) {
  if (sizes.empty()) throw RuntimeError("unflatten: sizes must be non-empty");
  const int64_t d = wrapDim(dim, t.dim(), /*wrapScalar=*/false);
  const int64_t n = t.size(d);
  std::vector<int64_t> parts = sizes;
  int64_t inferAt = -1, product = 1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      if (inferAt >= 0) throw RuntimeError("unflatten got an unexpected error:\nonly one dimension can be inferred");
      inferAt = static_cast<int64_t>(i);
      continue;
    }
    if (sizes[i] < 0) throw RuntimeError(str("invalid shape dimension ", sizes[i]));
    product *= sizes[i];
  }
  const bool fits = inferAt < 0 ? product == n : (product > 0 && n % product == 0) || product == n;
  if (!fits)
    throw RuntimeError("unflatten: Provided sizes " + formatInts(sizes) + " don't multiply up to the size of dim " +
                       std::to_string(d) + " (" + std::to_string(n) + ") in the input tensor");
  if (inferAt >= 0) {
    if (product == 0)
      throw RuntimeError("cannot reshape tensor of 0 elements into shape " + formatInts(sizes) +
                         " because the unspecified dimension size -1 can be any value and is ambiguous");
    parts[static_cast<size_t>(inferAt)] = n / product;
  }
  std::vector<int64_t> newSizes, newStrides;
  for (int64_t k = 0; k < t.dim(); ++k) {
    if (k != d) {
      newSizes.push_back(t.size(k));
      newStrides.push_back(t.stride(k));
      continue;
    }
    std::vector<int64_t> st(parts.size());
    int64_t s = t.stride(k);
    for (size_t i = parts.size(); i-- > 0;) {
      st[i] = s;
      s *= parts[i];
    }
    newSizes.insert(newSizes.end(), parts.begin(), parts.end());
    newStrides.insert(newStrides.end(), st.begin(), st.end());
  }
  return viewOf(t, newSizes, newStrides, t.storageOffset());
}

Tensor asStrided(const Tensor& t, const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides,
                 std::optional<int64_t> offset) {
  if (sizes.size() != strides.size()) throw RuntimeError("mismatch in length of strides and shape");
  for (int64_t s : strides)
    if (s < 0)
      throw RuntimeError("as_strided: Negative strides are not supported at the moment, got strides: " +
                         formatInts(strides));
  checkLayoutSizes(sizes, strides);
  const int64_t start = offset.value_or(t.storageOffset());
  if (start < 0) throw RuntimeError(str("Tensor: invalid storage offset ", start));
  return viewOf(t, sizes, strides, start);
}

// atleast_Nd: 0-D -> all ones; 1-D (n) -> (1, n) or (1, n, 1); 2-D -> (a, b, 1) for N = 3.
Tensor atleast(const Tensor& t, int64_t rank) {
  if (t.dim() >= rank) return t;
  if (t.dim() == 0) return naive::reshape(t, std::vector<int64_t>(static_cast<size_t>(rank), 1));
  Tensor r = t;
  if (t.dim() == 1) r = naive::unsqueeze(r, 0);
  if (rank == 3) r = naive::unsqueeze(r, r.dim());
  return r;
}

// tensor_split pieces: slices between consecutive boundaries.
std::vector<Tensor> piecesBetween(const Tensor& t, int64_t d, const std::vector<int64_t>& bounds) {
  std::vector<Tensor> out;
  for (size_t i = 0; i <= bounds.size(); ++i) {
    std::optional<int64_t> lo = i == 0 ? std::optional<int64_t>(0) : std::optional<int64_t>(bounds[i - 1]);
    std::optional<int64_t> hi = i == bounds.size() ? std::nullopt : std::optional<int64_t>(bounds[i]);
    out.push_back(naive::slice(t, d, lo, hi, 1));
  }
  return out;
}

void needsDims(const Tensor& t) {
  if (t.dim() < 1)
    throw RuntimeError(str("tensor_split expected at least a 1-dimensional tensor, but got a tensor with ", t.dim(),
                           " dims"));
}

std::vector<Tensor> splitSections(const Tensor& t, int64_t sections, int64_t dim) {
  needsDims(t);
  if (sections < 1) throw RuntimeError(str("number of sections must be larger than 0, got ", sections));
  const int64_t d = wrapDim(dim, t.dim());
  const int64_t n = t.size(d);
  std::vector<int64_t> bounds;
  int64_t at = 0;
  for (int64_t i = 0; i + 1 < sections; ++i) {
    at += n / sections + (i < n % sections ? 1 : 0);  // the first n % sections pieces are one longer
    bounds.push_back(at);
  }
  return piecesBetween(t, d, bounds);
}

std::vector<Tensor> splitIndices(const Tensor& t, const std::vector<int64_t>& indices, int64_t dim) {
  needsDims(t);
  return piecesBetween(t, wrapDim(dim, t.dim()), indices);
}

std::vector<Tensor> splitByTensor(const Tensor& t, const Tensor& spec, int64_t dim) {
  needsDims(t);
  if (spec.dtype() != ScalarType::Int64)
    throw RuntimeError(str("tensor_split expected tensor_indices_or_sections to have dtype of long, but got ",
                           irName(spec.dtype())));
  if (spec.dim() > 1)
    throw RuntimeError(str("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                           "one-dimensional tensor, but got a tensor with ", spec.dim(), " dims"));
  if (spec.dim() == 0) return splitSections(t, spec.getInt64(0), dim);
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < spec.numel(); ++i) idx.push_back(spec.getInt64(i));
  return splitIndices(t, idx, dim);
}

// hsplit / vsplit / dsplit: the split dim (hsplit: 1, or 0 for a 1-D tensor; vsplit 0; dsplit 2)
// after 1.13's rank check.
int64_t splitDimOf(const Tensor& t, const std::string& name) {
  const int64_t need = name == "hsplit" ? 1 : name == "vsplit" ? 2 : 3;
  if (t.dim() < need)
    throw RuntimeError("torch." + name + " requires a tensor with at least " + std::to_string(need) +
                       " dimension, but got a tensor with " + std::to_string(t.dim()) + " dimensions!");
  if (name == "hsplit") return t.dim() == 1 ? 0 : 1;
  return name == "vsplit" ? 0 : 2;
}

// The last line of PyTorch's C++ tensor print (the error message of meshgrid shows it).
std::string typeLine(const Tensor& t) {
  std::string dims;
  for (int64_t d = 0; d < t.dim(); ++d) dims += (d ? "," : "") + std::to_string(t.size(d));
  return "[ " + legacyTypeName(t.dtype()) + "{" + dims + "} ]";
}

std::vector<Tensor> meshgrid(std::vector<Tensor> ts, const std::string& indexing) {
  if (ts.empty()) throw RuntimeError("meshgrid expects a non-empty TensorList");
  for (size_t i = 1; i < ts.size(); ++i) {
    if (ts[i].dtype() != ts[0].dtype()) throw RuntimeError("meshgrid expects all tensors to have the same dtype");
    if (ts[i].device() != ts[0].device()) throw RuntimeError("meshgrid expects all tensors to have the same device");
  }
  if (indexing != "ij" && indexing != "xy")
    throw RuntimeError("torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: " + indexing);
  // "xy" with two or more inputs: the first two trade places, grids are built "ij", then trade back.
  const bool xy = indexing == "xy" && ts.size() > 1;
  if (xy) std::swap(ts[0], ts[1]);
  std::vector<int64_t> shape;
  for (const Tensor& t : ts) {
    if (t.dim() > 1) {
      std::string values;
      for (int64_t i = 0; i < t.numel(); ++i) values += " " + std::to_string(t.getDouble(i));
      throw RuntimeError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got:" + values +
                         (values.empty() ? " " : "\n") + typeLine(t));
    }
    shape.push_back(t.numel());
  }
  std::vector<Tensor> grids;
  for (size_t i = 0; i < ts.size(); ++i) {
    // Grid i: input i along dim i (its stride, or 1 for a 0-D input), broadcast (stride 0) elsewhere
    // where the size is not 1.
    std::vector<int64_t> strides(shape.size(), 0);
    const Tensor& t = ts[i];
    // (view's strides: a 0-D or empty input is viewed with row-major strides of the view shape)
    const int64_t along = t.dim() == 1 && t.numel() > 0 ? t.stride(0) : 1;
    for (size_t k = 0; k < shape.size(); ++k) {
      if (k == i) strides[k] = along;
      else if (shape[k] == 1) strides[k] = k < i ? std::max<int64_t>(shape[i], 1) * along : along;  // a size-1 dim
    }
    grids.push_back(viewOf(t, shape, strides, t.storageOffset()));
  }
  if (xy) std::swap(grids[0], grids[1]);
  return grids;
}

}  // namespace

void registerShapeViewKernels() {
  def("aten::diagonal", [](Args& a) { return one(diagonal(tensorArg(a, 0), intArg(a, 1), intArg(a, 2), intArg(a, 3))); });
  def("aten::unfold", [](Args& a) { return one(unfold(tensorArg(a, 0), intArg(a, 1), intArg(a, 2), intArg(a, 3))); });
  def("aten::unflatten.int", [](Args& a) { return one(unflatten(tensorArg(a, 0), intArg(a, 1), intListArg(a, 2))); });
  def("aten::as_strided", [](Args& a) {
    return one(asStrided(tensorArg(a, 0), intListArg(a, 1), intListArg(a, 2), optIntArg(a, 3)));
  });
  for (const char* name : {"aten::swapaxes", "aten::swapdims"})
    def(name, [](Args& a) { return one(naive::transpose(tensorArg(a, 0), intArg(a, 1), intArg(a, 2))); });
  def("aten::moveaxis.int", [](Args& a) { return ret(runKernel("aten::movedim.int", a)); });
  def("aten::moveaxis.intlist", [](Args& a) { return ret(runKernel("aten::movedim.intlist", a)); });
  for (int64_t rank : {1, 2, 3}) {
    const std::string name = "aten::atleast_" + std::to_string(rank) + "d";
    def(name, [rank](Args& a) { return tensorArg(a, 0).dim() >= rank ? one(a[0]) : one(atleast(tensorArg(a, 0), rank)); });
    def(name + ".Sequence", [rank](Args& a) {
      std::vector<Tensor> out;
      for (const Tensor& t : tensorListArg(a, 0)) out.push_back(atleast(t, rank));
      return one(tensorList(out));
    });
  }
  def("aten::tensor_split.sections",
      [](Args& a) { return one(tensorList(splitSections(tensorArg(a, 0), intArg(a, 1), intArg(a, 2)))); });
  def("aten::tensor_split.indices",
      [](Args& a) { return one(tensorList(splitIndices(tensorArg(a, 0), intListArg(a, 1), intArg(a, 2)))); });
  def("aten::tensor_split.tensor_indices_or_sections",
      [](Args& a) { return one(tensorList(splitByTensor(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2)))); });
  def("aten::meshgrid", [](Args& a) { return one(tensorList(meshgrid(tensorListArg(a, 0), "ij"))); });
  def("aten::meshgrid.indexing", [](Args& a) { return one(tensorList(meshgrid(tensorListArg(a, 0), strArg(a, 1)))); });
  for (const std::string name : {"hsplit", "vsplit", "dsplit"}) {
    def("aten::" + name + ".int", [name](Args& a) {
      const Tensor t = tensorArg(a, 0);
      const int64_t d = splitDimOf(t, name), sections = intArg(a, 1);
      if (sections == 0 || t.size(d) % sections != 0)
        throw RuntimeError("torch." + name + " attempted to split along dimension " + std::to_string(d) +
                           ", but the size of the dimension " + std::to_string(t.size(d)) +
                           " is not divisible by the split_size " + std::to_string(sections) + "!");
      return one(tensorList(splitSections(t, sections, d)));
    });
    def("aten::" + name + ".array", [name](Args& a) {
      const Tensor t = tensorArg(a, 0);
      return one(tensorList(splitIndices(t, intListArg(a, 1), splitDimOf(t, name))));
    });
  }
  registerShapeBuildMoreKernels();
}

}  // namespace tsjit::reference
