// IndexingScatter.cpp — optimized kernels of the Indexing family, part 2: gather, scatter /
// scatter_ (src, value, reduce="add"/"multiply"), scatter_add.
// Invariants: index must be int64 with self's rank (PyTorch's checks and messages); every index is
// bounds-checked before the first write; functional variants work on a contiguous clone of self,
// in-place ones write into self and return it. Elements are visited in index's logical order, so
// with duplicate indices the last write wins (as on PyTorch's CPU).
#include <algorithm>

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

// PyTorch 1.13's shape checks of a non-empty index (ScatterGatherChecks): rank (the "nonempty"
// rank, 0-dim counting as 1-dim), then index.size(k) <= self.size(k) for k != d, and for scatter
// with a tensor src also index.size(k) <= src.size(k) for every k (src.size(k) past src's rank
// raises IndexError, as c10's size() does).
void checkIndexShape(const Tensor& self, int64_t d, const Tensor& index, const Tensor* src, bool isGather) {
  if (std::max<int64_t>(index.dim(), 1) != std::max<int64_t>(self.dim(), 1))
    throw RuntimeError("Index tensor must have the same number of dimensions as " +
                       std::string(isGather ? "input tensor" : "self tensor"));
  const Tensor i1 = atLeast1d(index), s1 = atLeast1d(self);
  const int64_t n = i1.dim();
  if (isGather) {
    for (int64_t k = 0; k < n; ++k)
      if (k != d && i1.size(k) > s1.size(k))
        throw RuntimeError(str("Size does not match at dimension ", k, " expected index ", shapeStr(index.sizes()),
                               " to be smaller than self ", shapeStr(self.sizes()), " apart from dimension ", d));
    return;
  }
  bool wrong = false;
  for (int64_t k = 0; k < n && !wrong; ++k) wrong = k != d && i1.size(k) > s1.size(k);
  if (src && !wrong)
    for (int64_t k = 0; k < n && !wrong; ++k) wrong = i1.size(k) > (src->dim() == 0 ? 1 : src->size(k));
  if (!wrong) return;
  std::string msg = str("Expected index ", shapeStr(index.sizes()), " to be smaller than self ", shapeStr(self.sizes()),
                        " apart from dimension ", d);
  if (src) msg += str(" and to be smaller size than src ", shapeStr(src->sizes()));
  throw RuntimeError(msg);
}

// The index values in logical order, each in [0, self.size(d)) (negative ones are not wrapped;
// the first bad one in logical order is reported, as a RuntimeError).
std::vector<int64_t> indexValues(const Tensor& self, int64_t d, const Tensor& index) {
  std::vector<int64_t> v = toVector<int64_t>(index);
  const int64_t size = atLeast1d(self).size(d);
  for (int64_t x : v)
    if (x < 0 || x >= size)
      throw RuntimeError(str("index ", x, " is out of bounds for dimension ", d, " with size ", size));
  return v;
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  const int64_t d = wrapDim(dim, self.dim());
  Tensor out = Tensor::empty(index.sizes(), self.dtype(), self.device());
  if (out.numel() == 0) return out;  // PyTorch 1.13 checks nothing more for an empty index
  if (index.dtype() != ScalarType::Int64) throw RuntimeError("gather(): Expected dtype int64 for index");
  checkIndexShape(self, d, index, nullptr, true);
  const std::vector<int64_t> idx = indexValues(self, d, index);
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

// Writes into self (in place). src undefined: the scalar value is used. PyTorch 1.13's order
// (all messages say "scatter", scatter_add included): dim, index dtype (non-empty index only), src
// dtype, index shape (non-empty index only), the reduce name, then the index values.
void scatterInto(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const IValue& value,
                 const IValue& reduceName, Reduce reduce) {
  const int64_t d = wrapDim(dim, self.dim());
  if (index.numel() != 0 && index.dtype() != ScalarType::Int64)
    throw RuntimeError("scatter(): Expected dtype int64 for index");
  if (src.defined() && src.dtype() != self.dtype())
    throw RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype");
  if (index.numel() != 0) checkIndexShape(self, d, index, src.defined() ? &src : nullptr, false);
  if (!reduceName.isNone()) reduce = parseReduce(reduceName.toStringRef());
  self.bumpVersion();
  if (index.numel() == 0) return;
  const std::vector<int64_t> idx = indexValues(self, d, index);
  const Tensor s1 = atLeast1d(self), i1 = atLeast1d(index);
  std::vector<int64_t> strides = s1.strides();
  const int64_t dimStride = strides[d];
  strides[d] = 0;
  std::vector<int64_t> srcStrides(i1.dim(), 0);
  Tensor c1;
  if (src.defined()) {  // element o of index reads src at o (src's further dims at 0)
    c1 = atLeast1d(src);
    for (int64_t k = 0; k < i1.dim() && k < c1.dim(); ++k) srcStrides[k] = c1.stride(k);
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
        scatterInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), IValue(), Reduce::None);
        return IValue(out);
      }));
  def("aten::scatter.value", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), Tensor(), a[3], IValue(), Reduce::None);
        return IValue(out);
      }));
  def("aten::scatter.reduce", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), a[4], Reduce::None);
        return IValue(out);
      }));
  def("aten::scatter.value_reduce", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), Tensor(), a[3], a[4], Reduce::None);
        return IValue(out);
      }));
  def("aten::scatter_add", op([](IValue* a) {
        Tensor out = cloneOf(a[0].toTensor());
        scatterInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), IValue(), Reduce::Add);
        return IValue(out);
      }));
  // In place.
  def("aten::scatter_.src", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), IValue(), Reduce::None);
        return a[0];
      }));
  def("aten::scatter_.value", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), Tensor(), a[3], IValue(), Reduce::None);
        return a[0];
      }));
  def("aten::scatter_.reduce", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), a[3].toTensor(), IValue(), a[4], Reduce::None);
        return a[0];
      }));
  def("aten::scatter_.value_reduce", op([](IValue* a) {
        scatterInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), Tensor(), a[3], a[4], Reduce::None);
        return a[0];
      }));
}

}  // namespace tsjit::kernels
