// Shape.cpp — reference kernels of the Shape family, part 1: tensor metadata queries (size, dim,
// stride, ...), views and copies (view, reshape, permute, select, slice, split, ..., clone, copy_).
// Part 2 (ShapeBuild.cpp) holds the ops that build new tensors (cat, stack, flip, pad, tril, ...);
// part 3 (ShapeViews.cpp) the views 1.13 adds (diagonal, unfold, tensor_split, ...); part 4
// (ShapeBuildMore.cpp) rot90, dstack, diag_embed, tril_indices, empty, ...
//
// Invariants: every view kernel returns a tensor on its input's storage (a write through the result
// is seen in the input) — as PyTorch's views do. view, reshape, permute, transpose, expand, select,
// slice and unsqueeze use the reference's own algorithms (NaiveLayout.h), not jit/tensor's.
// In-place kernels (copy_) write into self and return the very IValue they received. User errors
// are RuntimeErrors with PyTorch 1.13's wording (mostly raised by the Tensor view methods).
#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/NaiveLayout.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// c10::MemoryFormat codes as they appear in the IR.
constexpr int64_t kContiguousFormat = 0;
constexpr int64_t kPreserveFormat = 1;
constexpr int64_t kChannelsLast = 2;
constexpr int64_t kChannelsLast3d = 3;

// Strides a dense channels-last (NHWC / NDHWC) tensor of these sizes has.
std::vector<int64_t> channelsLastStrides(IntArrayRef sizes) {
  // Dim order from fastest to slowest: C, W, H, (D), N.
  std::vector<int64_t> order;
  order.push_back(1);
  for (size_t d = sizes.size(); d-- > 2;) order.push_back(static_cast<int64_t>(d));
  order.push_back(0);
  std::vector<int64_t> strides(sizes.size(), 0);
  int64_t s = 1;
  for (int64_t d : order) {
    strides[static_cast<size_t>(d)] = s;
    s *= std::max<int64_t>(sizes[static_cast<size_t>(d)], 1);
  }
  return strides;
}

bool isContiguousAs(const Tensor& t, int64_t format) {
  if (format == kContiguousFormat || format == kPreserveFormat) return t.isContiguous();
  const size_t rank = format == kChannelsLast ? 4 : 5;
  if (format != kChannelsLast && format != kChannelsLast3d)
    throw RuntimeError(str("unknown memory format ", format));
  if (t.sizes().size() != rank) return false;
  const std::vector<int64_t> want = channelsLastStrides(t.sizes());
  for (size_t d = 0; d < rank; ++d)
    if (t.size(static_cast<int64_t>(d)) != 1 && t.strides()[d] != want[d]) return false;
  return true;
}

std::vector<IValue> sizeList(Args& a) { return one(intList(tensorArg(a, 0).sizes())); }
std::vector<IValue> sizeInt(Args& a) { return one(tensorArg(a, 0).size(intArg(a, 1))); }
std::vector<IValue> strideList(Args& a) { return one(intList(tensorArg(a, 0).strides())); }
std::vector<IValue> strideInt(Args& a) { return one(tensorArg(a, 0).stride(intArg(a, 1))); }

std::vector<IValue> mT(Args& a) {
  Tensor t = tensorArg(a, 0);
  if (t.dim() == 0) return one(t.alias());  // a 0-D tensor is its own mT in 1.13 (python3-torch 1.13.1)
  if (t.dim() < 2)
    throw RuntimeError(str("tensor.mT is only supported on matrices or batches of matrices. Got ", t.dim(),
                           "-D tensor."));
  return one(t.transpose(-2, -1));
}

// PyTorch 1.13's view(dtype): a same-size dtype reinterprets the layout; otherwise the last dim
// (stride 1) is split (smaller elements) or merged (larger ones) and the other strides and the
// storage offset rescale, each precondition checked in PyTorch's order with its message.
std::vector<IValue> viewDtype(Args& a) {
  Tensor t = tensorArg(a, 0);
  ScalarType dt = dtypeArg(a, 1);
  if (dt == t.dtype()) return one(t.alias());
  const int64_t oldSize = static_cast<int64_t>(elementSize(t.dtype()));
  const int64_t newSize = static_cast<int64_t>(elementSize(dt));
  if (oldSize == newSize) return one(Tensor::fromStorage(t.storage(), t.sizes(), t.strides(), t.storageOffset(), dt));
  const std::string what = str(" to view ", t.dtype(), " as ", dt, " (different element sizes)");
  if (t.dim() == 0) throw RuntimeError(str("self.dim() cannot be 0", what));
  std::vector<int64_t> sizes = t.sizes(), strides = t.strides();
  const size_t last = sizes.size() - 1;
  int64_t offset = 0;
  if (oldSize > newSize) {
    const int64_t ratio = oldSize / newSize;
    if (strides[last] != 1) throw RuntimeError(str("self.stride(-1) must be 1", what, ", but got ", strides[last]));
    for (size_t d = 0; d < last; ++d) strides[d] *= ratio;
    sizes[last] *= ratio;
    offset = t.storageOffset() * ratio;
  } else {
    const int64_t ratio = newSize / oldSize;
    if (sizes[last] % ratio != 0)
      throw RuntimeError(str("self.size(-1) must be divisible by ", ratio, what, ", but got ", sizes[last]));
    if (t.storageOffset() % ratio != 0)
      throw RuntimeError(str("self.storage_offset() must be divisible by ", ratio, what, ", but got ",
                             t.storageOffset()));
    if (strides[last] != 1) throw RuntimeError(str("self.stride(-1) must be 1", what, ", but got ", strides[last]));
    for (size_t d = 0; d < last; ++d) {
      if (strides[d] % ratio != 0)
        throw RuntimeError(str("self.stride(", d, ") must be divisible by ", ratio, what, ", but got ", strides[d]));
      strides[d] /= ratio;
    }
    sizes[last] /= ratio;
    offset = t.storageOffset() / ratio;
  }
  return one(Tensor::fromStorage(t.storage(), sizes, strides, offset, dt));
}

std::vector<IValue> narrowTensor(Args& a) {
  Tensor start = tensorArg(a, 2);
  if (start.dim() != 0 || !isIntegralType(start.dtype(), false))
    throw RuntimeError("start must be an 0-dim integral Tensor.");
  return one(tensorArg(a, 0).narrow(intArg(a, 1), start.itemInt64(), intArg(a, 3)));
}

std::vector<IValue> clone(Args& a) {
  std::optional<int64_t> format = optIntArg(a, 1);
  const bool preserve = !format || *format == kPreserveFormat;
  return one(tensorArg(a, 0).clone(preserve ? MemoryFormat::Preserve : MemoryFormat::Contiguous));
}

// aten::copy: the functional form of copy_ — a new tensor shaped and typed like self, filled from src.
std::vector<IValue> copyFunctional(Args& a) {
  Tensor self = tensorArg(a, 0);
  Tensor r = Tensor::emptyLike(self);
  r.copy_(tensorArg(a, 1));
  return one(r);
}

std::vector<IValue> copyInplace(Args& a) {
  tensorArg(a, 0).copy_(tensorArg(a, 1));
  return one(a[0]);
}

std::vector<IValue> copyScalarInplace(Args& a) {
  Tensor self = tensorArg(a, 0);
  if (a[1].isInt())
    self.fillInt_(a[1].toInt());
  else
    self.fill_(a[1].toScalarAsDouble());
  return one(a[0]);
}

}  // namespace

void registerShapeKernels() {
  registerShapeBuildKernels();
  registerShapeViewKernels();
  // ---- metadata ----
  def("aten::size", sizeList);
  def("aten::size.int", sizeInt);
  def("aten::dim", [](Args& a) { return one(tensorArg(a, 0).dim()); });
  def("aten::numel", [](Args& a) { return one(tensorArg(a, 0).numel()); });
  def("aten::stride", strideList);
  def("aten::stride.int", strideInt);
  def("aten::is_contiguous", [](Args& a) { return one(tensorArg(a, 0).isContiguous()); });
  def("aten::is_contiguous.memory_format",
      [](Args& a) { return one(isContiguousAs(tensorArg(a, 0), intArg(a, 1))); });
  def("aten::is_floating_point", [](Args& a) { return one(isFloating(tensorArg(a, 0))); });

  // ---- views ----
  def("aten::view", [](Args& a) { return one(naive::view(tensorArg(a, 0), intListArg(a, 1))); });
  def("aten::view.dtype", viewDtype);
  def("aten::view_as", [](Args& a) { return one(naive::view(tensorArg(a, 0), tensorArg(a, 1).sizes())); });
  def("aten::reshape", [](Args& a) { return one(naive::reshape(tensorArg(a, 0), intListArg(a, 1))); });
  def("aten::squeeze", [](Args& a) { return one(tensorArg(a, 0).squeeze()); });
  def("aten::squeeze.dim", [](Args& a) { return one(tensorArg(a, 0).squeeze(intArg(a, 1))); });
  def("aten::unsqueeze", [](Args& a) { return one(naive::unsqueeze(tensorArg(a, 0), intArg(a, 1))); });
  def("aten::flatten.using_ints",
      [](Args& a) { return one(tensorArg(a, 0).flatten(intArg(a, 1), intArg(a, 2))); });
  def("aten::transpose.int",
      [](Args& a) { return one(naive::transpose(tensorArg(a, 0), intArg(a, 1), intArg(a, 2))); });
  def("aten::t", [](Args& a) { return one(tensorArg(a, 0).t()); });
  def("aten::mT", mT);
  def("aten::mT.a", mT);
  def("aten::permute", [](Args& a) { return one(naive::permute(tensorArg(a, 0), intListArg(a, 1))); });
  def("aten::expand", [](Args& a) { return one(naive::expand(tensorArg(a, 0), intListArg(a, 1))); });
  def("aten::expand_as", [](Args& a) { return one(naive::expand(tensorArg(a, 0), tensorArg(a, 1).sizes())); });
  def("aten::narrow",
      [](Args& a) { return one(tensorArg(a, 0).narrow(intArg(a, 1), intArg(a, 2), intArg(a, 3))); });
  def("aten::narrow.Tensor", narrowTensor);
  def("aten::select.int", [](Args& a) { return one(naive::select(tensorArg(a, 0), intArg(a, 1), intArg(a, 2))); });
  def("aten::slice.Tensor", [](Args& a) {
    return one(naive::slice(tensorArg(a, 0), intArg(a, 1), optIntArg(a, 2), optIntArg(a, 3), intArg(a, 4)));
  });
  def("aten::chunk", [](Args& a) { return one(tensorList(tensorArg(a, 0).chunk(intArg(a, 1), intArg(a, 2)))); });
  def("aten::split.Tensor",
      [](Args& a) { return one(tensorList(tensorArg(a, 0).split(intArg(a, 1), intArg(a, 2)))); });
  auto splitSizes = [](Args& a) {
    return one(tensorList(tensorArg(a, 0).split_with_sizes(intListArg(a, 1), intArg(a, 2))));
  };
  def("aten::split", splitSizes);
  def("aten::split.sizes", splitSizes);
  def("aten::unbind.int", [](Args& a) { return one(tensorList(tensorArg(a, 0).unbind(intArg(a, 1)))); });
  def("aten::detach", [](Args& a) { return one(tensorArg(a, 0).detach()); });

  // ---- copies ----
  // contiguous() returns self itself when it already has the requested layout, else a copy in it
  // (channels_last / channels_last_3d: the rank-4 / rank-5 strides of that layout).
  def("aten::contiguous", [](Args& a) {
    Tensor t = tensorArg(a, 0);
    const int64_t format = a.size() > 1 && !a[1].isNone() ? intArg(a, 1) : kContiguousFormat;
    if (isContiguousAs(t, format)) return one(a[0]);
    if (format == kChannelsLast || format == kChannelsLast3d) {
      const int64_t rank = format == kChannelsLast ? 4 : 5;
      if (t.dim() != rank)
        throw RuntimeError(str("required rank ", rank, " tensor to use channels_last", rank == 5 ? "_3d" : "", " format"));
      Tensor out = Tensor::empty_strided(t.sizes(), channelsLastStrides(t.sizes()), t.dtype());
      for (int64_t i = 0; i < t.numel(); ++i) copyElem(out, i, t, i);
      return one(out);
    }
    return one(t.clone(MemoryFormat::Contiguous));
  });
  def("aten::clone", clone);
  def("aten::copy", copyFunctional);
  def("aten::copy_", copyInplace);
  def("aten::copy_.Tensor", copyInplace);
  def("aten::copy_.float", copyScalarInplace);
  def("aten::copy_.int", copyScalarInplace);
}

}  // namespace tsjit::reference
