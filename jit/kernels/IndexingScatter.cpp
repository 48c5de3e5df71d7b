// IndexingScatter.cpp — optimized kernels of the Indexing family, part 2: gather, scatter /
// scatter_ (src, value, reduce="add"/"multiply"), scatter_add.
// Invariants: index must be int64 with self's rank (PyTorch's checks and messages); every index is
// bounds-checked before the first write; functional variants work on a contiguous clone of self,
// in-place ones write into self and return it. Elements are visited in index's logical order, so
// with duplicate indices the last write wins (as on PyTorch's CPU).
#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

enum class Reduce { None, Add, Multiply };

Reduce parseReduce(const std::string& r) {
  if (r == "add") return Reduce::Add;
  if (r == "multiply") return Reduce::Multiply;
  throw RuntimeError("reduce argument must be either add or multiply.");
}

Tensor atLeast1d(const Tensor& t) { return t.dim() == 0 ? t.reshape({1}) : t; }

// Checks and reads index; returns it as int64 values in logical order.
std::vector<int64_t> checkedIndex(const char* op, const Tensor& self, int64_t d, const Tensor& index,
                                  const Tensor* src) {
  if (index.dtype() != ScalarType::Int64) throw RuntimeError(str(op, "(): Expected dtype int64 for index"));
  if (index.dim() != self.dim() && !(index.dim() <= 1 && self.dim() <= 1))
    throw RuntimeError("Index tensor must have the same number of dimensions as " +
                       std::string(src ? "self tensor" : "input tensor"));
  const Tensor i1 = atLeast1d(index), s1 = atLeast1d(self);
  for (int64_t k = 0; k < i1.dim() && index.numel() > 0; ++k) {
    if (!src && k != d && i1.size(k) > s1.size(k))
      throw RuntimeError(str("Size does not match at dimension ", k, " expected index ", shapeStr(index.sizes()),
                             " to be smaller than self ", shapeStr(self.sizes()), " apart from dimension ", d));
    if (src) {
      const Tensor c1 = atLeast1d(*src);
      if ((k != d && i1.size(k) > s1.size(k)) || (k < c1.dim() && i1.size(k) > c1.size(k)))
        throw RuntimeError(str("Expected index ", shapeStr(index.sizes()), " to be smaller than self ",
                               shapeStr(self.sizes()), " apart from dimension ", d, " and to be smaller size than src ",
                               shapeStr(src->sizes())));
    }
  }
  std::vector<int64_t> v = toVector<int64_t>(index);
  const int64_t size = s1.size(d);
  // Like PyTorch's gather/scatter kernels: negative indices are not wrapped; the first bad index
  // in logical order is reported (RuntimeError).
  for (int64_t x : v)
    if (x < 0 || x >= size)
      throw RuntimeError(str("index ", x, " is out of bounds for dimension ", d, " with size ", size));
  return v;
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  const int64_t d = wrapDim(dim, self.dim());
  const std::vector<int64_t> idx = checkedIndex("gather", self, d, index, nullptr);
  Tensor out = Tensor::empty(index.sizes(), self.dtype(), self.device());
  if (out.numel() == 0) return out;
  const Tensor s1 = atLeast1d(self), i1 = atLeast1d(index);
  std::vector<int64_t> strides = s1.strides();
  const int64_t dimStride = strides[d];
  strides[d] = 0;
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* s = static_cast<const T*>(s1.data());
    T* o = static_cast<T*>(out.data());
    int64_t i = 0;
    forEachOffset<1>(i1.sizes(), {IntArrayRef(strides)}, [&](const int64_t* off) {
      o[i] = s[off[0] + idx[i] * dimStride];
      ++i;
    });
  });
  return out;
}

// Writes into self (in place). src undefined: the scalar value is used.
void scatterInto(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const IValue& value,
                 Reduce reduce, const char* opName) {
  const int64_t d = wrapDim(dim, self.dim());
  if (src.defined() && src.dtype() != self.dtype())
    throw RuntimeError(str(opName, "(): Expected self.dtype to be equal to src.dtype"));
  const std::vector<int64_t> idx = checkedIndex(opName, self, d, index, src.defined() ? &src : nullptr);
  self.bumpVersion();
  if (index.numel() == 0) return;
  const Tensor s1 = atLeast1d(self), i1 = atLeast1d(index);
  std::vector<int64_t> strides = s1.strides();
  const int64_t dimStride = strides[d];
  strides[d] = 0;
  std::vector<int64_t> srcStrides(i1.dim(), 0);
  Tensor c1;
  if (src.defined()) {
    c1 = atLeast1d(src);
    srcStrides = c1.strides();
  }
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* s = static_cast<T*>(s1.data());
    const T* cp = src.defined() ? static_cast<const T*>(c1.data()) : nullptr;
    const T v = src.defined() ? T() : (scalarIsIntegral(value) ? convertScalar<T>(scalarI(value)) : convertScalar<T>(scalarD(value)));
    int64_t i = 0;
    forEachOffset<2>(i1.sizes(), {IntArrayRef(strides), IntArrayRef(srcStrides)}, [&](const int64_t* off) {
      T& dst = s[off[0] + idx[i] * dimStride];
      const T x = cp ? cp[off[1]] : v;
      if (reduce == Reduce::None) {
        dst = x;
      } else if constexpr (std::is_same_v<T, bool>) {
        dst = reduce == Reduce::Add ? (dst || x) : (dst && x);
      } else {
        dst = reduce == Reduce::Add ? static_cast<T>(dst + x) : static_cast<T>(dst * x);
      }
      ++i;
    });
  });
}

Tensor cloneOf(const Tensor& t) { return t.clone(MemoryFormat::Contiguous); }

}  // namespace

void registerIndexingScatterKernels() {
  def("aten::gather", op([](IValue* a) { return IValue(gather(a[0].toTensor(), a[1].toInt(), a[2].toTensor())); }));
  // Functional scatter: on a clone of self.
  def("aten::scatter.src", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), Reduce::None, "scatter");
        return IValue(out);
      }));
  def("aten::scatter.value", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), Tensor(), a[3], Reduce::None, "scatter");
        return IValue(out);
      }));
  def("aten::scatter.reduce", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), parseReduce(a[4].toStringRef()),
                    "scatter");
        return IValue(out);
      }));
  def("aten::scatter.value_reduce", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), Tensor(), a[3], parseReduce(a[4].toStringRef()), "scatter");
        return IValue(out);
      }));
  def("aten::scatter_add", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), Reduce::Add, "scatter_add");
        return IValue(out);
      }));
  // In place.
  def("aten::scatter_.src", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), Reduce::None, "scatter");
        return a[0];
      }));
  def("aten::scatter_.value", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), Tensor(), a[3], Reduce::None, "scatter");
        return a[0];
      }));
  def("aten::scatter_.reduce", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(),
                    parseReduce(a[4].toStringRef()), "scatter");
        return a[0];
      }));
  def("aten::scatter_.value_reduce", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), Tensor(), a[3], parseReduce(a[4].toStringRef()),
                    "scatter");
        return a[0];
      }));
}

}  // namespace tsjit::kernels
