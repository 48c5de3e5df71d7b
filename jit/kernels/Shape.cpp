// Shape.cpp — optimized kernels of the Shape family, part 1: tensor metadata queries (size, dim,
// stride, numel, is_contiguous...), the views (view, reshape, permute, transpose, select, slice,
// chunk, split, unbind, expand, squeeze...) and the copies (contiguous, clone, copy_).
// Invariants: every view returns a tensor on its input's storage (jit/tensor's view methods keep
// the aliasing and raise PyTorch's messages); contiguous() returns self when already contiguous;
// copy_ writes into self and returns self. Part 2 (ShapeBuild.cpp) holds ops that build new
// tensors (cat, stack, flip, roll, repeat, pad, tril...); part 3 (ShapeViews.cpp) the views 1.13 adds
// (diagonal, unfold, unflatten, as_strided, tensor_split, meshgrid...); part 4 (ShapeBuildMore.cpp)
// rot90, dstack, diag_embed, tril_indices, empty...
#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
void registerShapeBuildKernels();
void registerShapeViewKernels();

namespace {
using namespace sk;

// MemoryFormat codes of TorchScript (c10::MemoryFormat).
constexpr int64_t kChannelsLast = 2;
constexpr int64_t kChannelsLast3d = 3;

bool isChannelsLastLayout(const Tensor& t, int64_t rank) {
  if (t.dim() != rank) return false;
  // Dims from fastest to slowest: C, W, H, (D,) N.
  std::vector<int64_t> order = rank == 4 ? std::vector<int64_t>{1, 3, 2, 0} : std::vector<int64_t>{1, 4, 3, 2, 0};
  int64_t expected = 1;
  for (int64_t d : order) {
    if (t.size(d) != 1 && t.stride(d) != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

Tensor mT(const Tensor& t) {
  if (t.dim() == 0) return t.alias();  // 1.13 lets a 0-D tensor through (python3-torch 1.13.1)
  if (t.dim() < 2)
    throw RuntimeError(str("tensor.mT is only supported on matrices or batches of matrices. Got ", t.dim(), "-D tensor."));
  return t.transpose(-2, -1);
}

// view(dtype) as PyTorch 1.13: same element size -> the same layout reinterpreted; a smaller
// element splits every element of the (stride-1) last dim, a larger one merges them, with the
// other strides and the storage offset rescaled; PyTorch's preconditions in its order.
Tensor viewDtype(const Tensor& t, ScalarType dt) {
  if (dt == t.dtype()) return t.alias();
  const int64_t from = static_cast<int64_t>(t.itemSize()), to = static_cast<int64_t>(elementSize(dt));
  if (from == to) return Tensor::fromStorage(t.storage(), t.sizes(), t.strides(), t.storageOffset(), dt);
  auto fail = [&](const std::string& head, const std::string& tail) {
    throw RuntimeError(str(head, " to view ", irName(t.dtype()), " as ", irName(dt), " (different element sizes)", tail));
  };
  if (t.dim() == 0) fail("self.dim() cannot be 0", "");
  std::vector<int64_t> sizes = t.sizes(), strides = t.strides();
  const int64_t n = t.dim();
  int64_t offset;
  if (from > to) {
    const int64_t k = from / to;
    if (strides[n - 1] != 1) fail("self.stride(-1) must be 1", str(", but got ", strides[n - 1]));
    for (int64_t d = 0; d + 1 < n; ++d) strides[d] *= k;
    sizes[n - 1] *= k;
    offset = t.storageOffset() * k;
  } else {
    const int64_t k = to / from;
    if (sizes[n - 1] % k) fail(str("self.size(-1) must be divisible by ", k), str(", but got ", sizes[n - 1]));
    if (t.storageOffset() % k)
      fail(str("self.storage_offset() must be divisible by ", k), str(", but got ", t.storageOffset()));
    if (strides[n - 1] != 1) fail("self.stride(-1) must be 1", str(", but got ", strides[n - 1]));
    for (int64_t d = 0; d + 1 < n; ++d) {
      if (strides[d] % k) fail(str("self.stride(", d, ") must be divisible by ", k), str(", but got ", strides[d]));
      strides[d] /= k;
    }
    sizes[n - 1] /= k;
    offset = t.storageOffset() / k;
  }
  return Tensor::fromStorage(t.storage(), sizes, strides, offset, dt);
}

void registerInfo() {
  def("aten::size", op([](IValue* a) { return intListValue(a[0].toTensor().sizes()); }));
  def("aten::size.int", op([](IValue* a) { return IValue(a[0].toTensor().size(a[1].toInt())); }));
  def("aten::stride", op([](IValue* a) { return intListValue(a[0].toTensor().strides()); }));
  def("aten::stride.int", op([](IValue* a) { return IValue(a[0].toTensor().stride(a[1].toInt())); }));
  def("aten::dim", op([](IValue* a) { return IValue(a[0].toTensor().dim()); }));
  def("aten::numel", op([](IValue* a) { return IValue(a[0].toTensor().numel()); }));
  def("aten::is_contiguous", op([](IValue* a) { return IValue(a[0].toTensor().isContiguous()); }));
  def("aten::is_contiguous.memory_format", op([](IValue* a) {
        const Tensor t = a[0].toTensor();
        const int64_t f = a[1].toInt();
        if (f == kChannelsLast) return IValue(isChannelsLastLayout(t, 4));
        if (f == kChannelsLast3d) return IValue(isChannelsLastLayout(t, 5));
        return IValue(t.isContiguous());
      }));
  def("aten::is_floating_point", op([](IValue* a) { return IValue(isFloating(a[0].toTensor())); }));
  defIfAbsent("prim::dtype", op([](IValue* a) { return IValue(toTorchCode(a[0].toTensor().dtype())); }));
  defIfAbsent("prim::device", op([](IValue* a) { return IValue(a[0].toTensor().device()); }));
}

void registerViews() {
  def("aten::view", op([](IValue* a) { return IValue(a[0].toTensor().view(intList(a[1]))); }));
  def("aten::view.dtype", op([](IValue* a) {
        return IValue(viewDtype(a[0].toTensor(), dtypeArg(a[1])));
      }));
  def("aten::reshape", op([](IValue* a) { return IValue(a[0].toTensor().reshape(intList(a[1]))); }));
  def("aten::view_as", op([](IValue* a) { return IValue(a[0].toTensor().view(a[1].toTensor().sizes())); }));
  def("aten::squeeze", op([](IValue* a) { return IValue(a[0].toTensor().squeeze()); }));
  def("aten::squeeze.dim", op([](IValue* a) { return IValue(a[0].toTensor().squeeze(a[1].toInt())); }));
  def("aten::unsqueeze", op([](IValue* a) { return IValue(a[0].toTensor().unsqueeze(a[1].toInt())); }));
  def("aten::flatten.using_ints", op([](IValue* a) {
        return IValue(a[0].toTensor().flatten(a[1].toInt(), a[2].toInt()));
      }));
  def("aten::transpose.int", op([](IValue* a) {
        return IValue(a[0].toTensor().transpose(a[1].toInt(), a[2].toInt()));
      }));
  def("aten::t", op([](IValue* a) { return IValue(a[0].toTensor().t()); }));
  def("aten::mT", op([](IValue* a) { return IValue(mT(a[0].toTensor())); }));
  def("aten::mT.a", op([](IValue* a) { return IValue(mT(a[0].toTensor())); }));
  def("aten::permute", op([](IValue* a) { return IValue(a[0].toTensor().permute(intList(a[1]))); }));
  def("aten::expand", op([](IValue* a) { return IValue(a[0].toTensor().expand(intList(a[1]))); }));
  def("aten::expand_as", op([](IValue* a) { return IValue(a[0].toTensor().expandAs(a[1].toTensor())); }));
  def("aten::narrow", op([](IValue* a) {
        return IValue(a[0].toTensor().narrow(a[1].toInt(), a[2].toInt(), a[3].toInt()));
      }));
  def("aten::narrow.Tensor", op([](IValue* a) {
        const Tensor start = a[2].toTensor();
        if (start.dim() != 0 || !isIntegralType(start.dtype(), /*includeBool=*/false))  // bool start too
          throw RuntimeError("start must be an 0-dim integral Tensor.");
        return IValue(a[0].toTensor().narrow(a[1].toInt(), start.itemInt64(), a[3].toInt()));
      }));
  def("aten::select.int", op([](IValue* a) {
        return IValue(a[0].toTensor().select(a[1].toInt(), a[2].toInt()));
      }));
  def("aten::slice.Tensor", op([](IValue* a) {
        std::optional<int64_t> start, end;
        if (!a[2].isNone()) start = a[2].toInt();
        if (!a[3].isNone()) end = a[3].toInt();
        return IValue(a[0].toTensor().slice(a[1].toInt(), start, end, a[4].toInt()));
      }));
  def("aten::chunk", op([](IValue* a) {
        return tensorListValue(a[0].toTensor().chunk(a[1].toInt(), a[2].toInt()));
      }));
  auto splitSizes = [](IValue* a) {
    return tensorListValue(a[0].toTensor().split_with_sizes(intList(a[1]), a[2].toInt()));
  };
  def("aten::split", op(splitSizes));
  def("aten::split.sizes", op(splitSizes));
  def("aten::split.Tensor", op([](IValue* a) {
        return tensorListValue(a[0].toTensor().split(a[1].toInt(), a[2].toInt()));
      }));
  def("aten::unbind.int", op([](IValue* a) { return tensorListValue(a[0].toTensor().unbind(a[1].toInt())); }));
  defIfAbsent("aten::detach", op([](IValue* a) { return IValue(a[0].toTensor().detach()); }));
}

void registerCopies() {
  defIfAbsent("aten::contiguous", op([](IValue* a) {
                const Tensor t = a[0].toTensor();
                const int64_t f = a[1].toInt();
                if (f == kChannelsLast || f == kChannelsLast3d) {
                  const int64_t rank = f == kChannelsLast ? 4 : 5;
                  if (t.dim() != rank)
                    throw RuntimeError(str("required rank ", rank, " tensor to use channels_last", rank == 5 ? "_3d" : "",
                                           " format"));
                  if (isChannelsLastLayout(t, rank)) return IValue(t);
                  std::vector<int64_t> perm = rank == 4 ? std::vector<int64_t>{0, 2, 3, 1}
                                                        : std::vector<int64_t>{0, 2, 3, 4, 1};
                  Tensor nhwc = Tensor::empty(t.permute(perm).sizes(), t.dtype(), t.device());
                  std::vector<int64_t> inv(rank);
                  for (int64_t i = 0; i < rank; ++i) inv[perm[i]] = i;
                  Tensor out = nhwc.permute(inv);
                  out.copy_(t);
                  return IValue(out);
                }
                return IValue(t.contiguous());
              }));
  defIfAbsent("aten::clone", op([](IValue* a) {
                const Tensor t = a[0].toTensor();
                // memory_format: None / preserve keep a dense layout; contiguous_format (0) is row-major.
                const bool contiguous = a[1].isInt() && a[1].toInt() == 0;
                return IValue(t.clone(contiguous ? MemoryFormat::Contiguous : MemoryFormat::Preserve));
              }));
  auto copyTensor = [](IValue* a) {
    a[0].toTensor().copy_(a[1].toTensor());
    return a[0];
  };
  defIfAbsent("aten::copy_", op(copyTensor));
  defIfAbsent("aten::copy_.Tensor", op(copyTensor));
  defIfAbsent("aten::copy_.float", op([](IValue* a) {
                a[0].toTensor().fill_(a[1].toDouble());
                return a[0];
              }));
  defIfAbsent("aten::copy_.int", op([](IValue* a) {
                a[0].toTensor().fillInt_(a[1].toInt());
                return a[0];
              }));
}

}  // namespace

void registerShapeKernels() {
  registerInfo();
  registerViews();
  registerCopies();
  registerShapeBuildKernels();
  registerShapeViewKernels();
}

}  // namespace tsjit::kernels
