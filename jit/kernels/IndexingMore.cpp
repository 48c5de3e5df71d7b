// IndexingMore.cpp — optimized kernels of the Indexing family, part 4: take, take_along_dim (gather
// on broadcast operands), index_copy(_), masked_scatter(_), index_fill (functional) and
// scatter_reduce(_).
// Invariants: the functional forms return fresh tensors in 1.13's layout (index_copy,
// masked_scatter and scatter_reduce: contiguous; index_fill: self's layout); the in-place forms
// write self and return the IValue they received. masked_scatter_ takes source elements in the
// order 1.13's TensorIterator visits self (memory order of self's strides), and reads each mask
// element's first byte as 1.13's kernel does. Checks and messages are 1.13's, in its order.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <type_traits>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/kernels/TensorLoops.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/MemoryOverlap.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

[[noreturn]] void indexError(const std::string& msg) { throw RuntimeError(msg, "IndexError"); }

// 1.13's assert_no_overlap: an input that shares memory (fully or partly) with the written tensor.
void assertNoOverlap(const Tensor& written, const Tensor& input) {
  const MemOverlapStatus s = getOverlapStatus(written, input);
  if (s == MemOverlapStatus::Full || s == MemOverlapStatus::Partial)
    throw RuntimeError("unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                       "single memory location. Please clone() the tensor before performing the operation.");
}

// Element offsets (from data()) of t in logical row-major order.
std::vector<int64_t> offsetsOf(const Tensor& t) {
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(t.numel()));
  forEachOffsetOf(t, [&](int64_t o) { out.push_back(o); });
  return out;
}

// Copies element `from` of src to element `to` of dst (same dtype, offsets from data()).
void copyElement(const Tensor& dst, int64_t to, const Tensor& src, int64_t from) {
  const size_t w = dst.itemSize();
  std::memcpy(static_cast<char*>(dst.data()) + to * static_cast<int64_t>(w),
              static_cast<const char*>(src.data()) + from * static_cast<int64_t>(w), w);
}

// ---- take / take_along_dim -------------------------------------------------------------------------

Tensor take(const Tensor& self, const Tensor& index) {
  if (index.dtype() != ScalarType::Int64)
    throw RuntimeError(str("take(): Expected a long tensor for index, but got ", irName(index.dtype())));
  if (self.numel() == 0 && index.numel() != 0) indexError("take(): tried to take from an empty tensor");
  const int64_t n = self.numel();
  const std::vector<int64_t> idx = toVector<int64_t>(index);
  const std::vector<int64_t> src = offsetsOf(self);
  Tensor out = Tensor::empty(index.sizes(), self.dtype(), self.device());
  for (size_t i = 0; i < idx.size(); ++i) {
    int64_t k = idx[i];
    if (k < -n || k >= n)
      indexError(str("out of range: tried to access index ", k, " on a tensor of ", n, " elements."));
    if (k < 0) k += n;
    copyElement(out, static_cast<int64_t>(i), self, src[static_cast<size_t>(k)]);
  }
  return out;
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  return runKernel("aten::gather", {IValue(self), IValue(dim), IValue(index), IValue(false)}).toTensor();
}

Tensor takeAlongDim(const Tensor& self, const Tensor& indices, const IValue& dimArg) {
  if (dimArg.isNone()) {
    IValue flatSelf = runKernel("aten::view", {IValue(self), intListValue({-1})});
    IValue flatIdx = runKernel("aten::view", {IValue(indices), intListValue({-1})});
    return gather(flatSelf.toTensor(), 0, flatIdx.toTensor());
  }
  if (self.dim() != indices.dim())
    throw RuntimeError(str("torch.take_along_dim(): input and indices should have the same number of dimensions, but got ",
                           self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices"));
  if (indices.dtype() != ScalarType::Int64)
    throw RuntimeError(str("torch.take_along_dim(): dtype of indices should be Long but got ", irName(indices.dtype())));
  const int64_t d = wrapDim(dimArg.toInt(), self.dim());
  std::vector<int64_t> selfSizes = self.sizes();
  selfSizes[static_cast<size_t>(d)] = indices.size(d);  // a 0-dim pair fails here, as in 1.13
  const Tensor idxB = indices.expand(inferBroadcastShape(selfSizes, indices.sizes()));
  std::vector<int64_t> idxSizes = indices.sizes();
  idxSizes[static_cast<size_t>(d)] = self.size(d);
  const Tensor selfB = self.expand(inferBroadcastShape(idxSizes, self.sizes()));
  return gather(selfB, d, idxB);
}

// ---- index_copy_ -----------------------------------------------------------------------------------

std::string spaced(const std::vector<int64_t>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += str(i ? " " : "", v[i]);
  return s;
}

const IValue& indexCopyInto(const IValue& selfV, int64_t dim, const Tensor& index, const Tensor& source) {
  const Tensor self = selfV.toTensor();
  const int64_t d = wrapDim(dim, self.dim());
  assertNoInternalOverlap(self);
  assertNoOverlap(self, index);
  assertNoOverlap(self, source);
  if (index.dim() >= 2) indexError(str("index_copy_(): Index should have dimension 1 or 0 (got ", index.dim(), ")"));
  const int64_t numIndices = index.numel();
  if (source.dim() == 0 && numIndices != 1)
    indexError(str("index_copy_(): When source is scalar, index should have one element (got ", numIndices, ")"));
  if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
    indexError(str("index_copy_(): When source and destination are not scalars, their dimensionality must match. "
                   "Source dimensionality (", source.dim(), "), destination dimensionality (", self.dim(), ")"));
  if (index.dtype() != ScalarType::Int64)
    throw RuntimeError(str("index_copy_(): Expected a long tensor for index, but got ", irName(index.dtype())));
  if (self.dtype() != source.dtype())
    throw RuntimeError(str("index_copy_(): self and source expected to have the same dtype, but got (self) ",
                           irName(self.dtype()), " and (source) ", irName(source.dtype())));
  std::vector<int64_t> selfSliced = self.sizes(), sourceSliced = source.sizes();
  if (!selfSliced.empty()) selfSliced.erase(selfSliced.begin() + d);
  if (!sourceSliced.empty()) sourceSliced.erase(sourceSliced.begin() + d);
  if (selfSliced != sourceSliced)
    throw RuntimeError(str("index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: ",
                           spaced(selfSliced), " at dimension ", d, " and source slice shape: ", spaced(sourceSliced),
                           " at dimension 0."));
  if (source.dim() != 0 && numIndices != source.size(d))
    indexError(str("index_copy_(): Number of indices (", numIndices, ") should be equal to source.size(dim) (",
                   source.size(d), ")"));
  const Tensor dst = self.dim() == 0 ? self.reshape({1}) : self;
  const Tensor src = source.dim() == 0 ? source.reshape({1}) : source;
  const std::vector<int64_t> idx = toVector<int64_t>(index);
  const int64_t n = dst.size(d);
  for (int64_t i : idx)
    if (i < 0 || i >= n) indexError(str("index_copy_(): index ", i, " is out of bounds for dimension ", d, " with size ", n));
  for (size_t k = 0; k < idx.size(); ++k) dst.select(d, idx[k]).copy_(src.select(d, static_cast<int64_t>(k)));
  self.bumpVersion();
  return selfV;
}

// ---- masked_scatter_ -------------------------------------------------------------------------------

// Logical indices of a shape in the order 1.13's TensorIterator visits two operands (self first):
// dims sorted innermost-first by self's strides, ties broken by the mask's and then by size.
std::vector<int64_t> iteratorOrder(const std::vector<int64_t>& sizes, const std::vector<int64_t>& a,
                                   const std::vector<int64_t>& b) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  std::vector<int64_t> perm(static_cast<size_t>(nd));  // perm[0]: the innermost dim
  for (int64_t i = 0; i < nd; ++i) perm[static_cast<size_t>(i)] = nd - 1 - i;
  auto shouldSwap = [&](int64_t d0, int64_t d1) {
    for (const auto* s : {&a, &b}) {
      const int64_t s0 = (*s)[static_cast<size_t>(d0)], s1 = (*s)[static_cast<size_t>(d1)];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (sizes[static_cast<size_t>(d0)] > sizes[static_cast<size_t>(d1)]) return 1;
    }
    return 0;
  };
  for (int64_t i = 1; i < nd; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      const int c = shouldSwap(perm[static_cast<size_t>(d0)], perm[static_cast<size_t>(d1)]);
      if (c > 0) {
        std::swap(perm[static_cast<size_t>(d0)], perm[static_cast<size_t>(d1)]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  const std::vector<int64_t> rowMajor = contiguousStrides(sizes);
  std::vector<int64_t> iterSizes, iterStrides;  // outermost first
  for (int64_t k = nd - 1; k >= 0; --k) {
    iterSizes.push_back(sizes[static_cast<size_t>(perm[static_cast<size_t>(k)])]);
    iterStrides.push_back(rowMajor[static_cast<size_t>(perm[static_cast<size_t>(k)])]);
  }
  std::vector<int64_t> order;
  forEachOffset<1>(iterSizes, {IntArrayRef(iterStrides)}, [&](const int64_t* o) { order.push_back(o[0]); });
  return order;
}

// The first byte of each mask element (1.13's kernel reads the mask as bytes), checked to be 0 / 1.
std::vector<uint8_t> maskBytes(const Tensor& mask) {
  std::vector<uint8_t> out;
  const auto* base = static_cast<const uint8_t*>(mask.data());
  const int64_t w = static_cast<int64_t>(mask.itemSize());
  forEachOffsetOf(mask, [&](int64_t o) {
    const uint8_t v = base[o * w];
    if (v > 1) throw RuntimeError("Mask tensor can take 0 and 1 values only");
    out.push_back(v);
  });
  return out;
}

const IValue& maskedScatterInto(const IValue& selfV, const Tensor& mask, const Tensor& source) {
  const Tensor self = selfV.toTensor();
  assertNoInternalOverlap(self);
  if (self.dtype() != source.dtype())
    throw RuntimeError(str("masked_scatter: expected self and source to have same dtypes but got", irName(self.dtype()),
                           " and ", irName(source.dtype())));
  if (mask.dim() > self.dim())
    throw RuntimeError(str("expand(CPU", irName(mask.dtype()), "Type{", shapeStr(mask.sizes()), "}, size=",
                           shapeStr(self.sizes()), "): the number of sizes provided (", self.dim(),
                           ") must be greater or equal to the number of dimensions in the tensor (", mask.dim(), ")"));
  const Tensor m = mask.expand(self.sizes());
  const std::vector<uint8_t> bits = maskBytes(m);
  const std::vector<int64_t> order = iteratorOrder(self.sizes(), self.strides(), m.strides());
  int64_t ones = 0;
  for (uint8_t b : bits) ones += b;
  if (ones > source.numel()) throw RuntimeError("Number of elements of source < number of ones in mask");
  const std::vector<int64_t> dstOff = offsetsOf(self), srcOff = offsetsOf(source);
  size_t next = 0;
  for (int64_t i : order)
    if (bits[static_cast<size_t>(i)]) copyElement(self, dstOff[static_cast<size_t>(i)], source, srcOff[next++]);
  self.bumpVersion();
  return selfV;
}

Tensor maskedScatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  const std::vector<int64_t> shape = inferBroadcastShape(mask.sizes(), self.sizes());
  IValue out(self.expand(shape).clone(MemoryFormat::Contiguous));
  maskedScatterInto(out, mask.expand(shape), source);
  return out.toTensor();
}

// ---- scatter_reduce --------------------------------------------------------------------------------

int64_t sizeOr1(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }

void scatterChecks(const Tensor& self, int64_t d, const Tensor& index, const Tensor& src) {
  if (index.dtype() != ScalarType::Int64) throw RuntimeError("scatter(): Expected dtype int64 for index");
  if (self.dtype() != src.dtype()) throw RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype");
  if (index.numel() == 0) return;
  const int64_t nd = std::max<int64_t>(self.dim(), 1);
  if (nd != std::max<int64_t>(index.dim(), 1))
    throw RuntimeError("Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  for (int64_t k = 0; k < nd && !wrong; ++k)
    if (k != d && sizeOr1(index, k) > sizeOr1(self, k)) wrong = true;
  for (int64_t k = 0; k < nd && !wrong; ++k)
    if (sizeOr1(index, k) > sizeOr1(src, k)) wrong = true;
  if (wrong)
    throw RuntimeError(str("Expected index ", shapeStr(index.sizes()), " to be smaller than self ", shapeStr(self.sizes()),
                           " apart from dimension ", d, " and to be smaller size than src ", shapeStr(src.sizes())));
}

enum class Reduce { Sum, Prod, Mean, Amax, Amin };

Reduce reduceOf(const std::string& r) {
  if (r == "sum") return Reduce::Sum;
  if (r == "prod") return Reduce::Prod;
  if (r == "mean") return Reduce::Mean;
  if (r == "amax") return Reduce::Amax;
  if (r == "amin") return Reduce::Amin;
  throw RuntimeError("reduce argument must be either sum, prod, mean, amax or amin.");
}

template <typename T>
void scatterReduceTyped(const Tensor& out, int64_t d, const Tensor& index, const Tensor& src, Reduce r, bool includeSelf) {
  const Tensor o = out.dim() == 0 ? out.reshape({1}) : out;
  const Tensor ix = index.dim() == 0 ? index.reshape({1}) : index;
  const Tensor s = src.dim() == 0 ? src.reshape({1}) : src;
  T* op = static_cast<T*>(o.data());
  const T* sp = static_cast<const T*>(s.data());
  const std::vector<int64_t> idx = toVector<int64_t>(ix);
  const int64_t n = o.size(d);
  // Every (index element) -> (target offset in out, source offset in src).
  std::vector<int64_t> targets(idx.size()), sources(idx.size());
  size_t k = 0;
  forEachIndex(ix.sizes(), [&](const int64_t* p) {
    const int64_t i = idx[k];
    if (i < 0 || i >= n) throw RuntimeError(str("index ", i, " is out of bounds for dimension ", d, " with size ", n));
    int64_t to = 0, from = 0;
    for (int64_t q = 0; q < ix.dim(); ++q) {
      to += (q == d ? i : p[q]) * o.stride(q);
      from += p[q] * s.stride(q);
    }
    targets[k] = to;
    sources[k] = from;
    ++k;
  });
  std::vector<int64_t> count;
  if (r == Reduce::Mean) count.assign(targets.size(), 0);
  constexpr bool kFloating = !std::is_integral_v<T>;  // float, double, Half, BFloat16
  if (!includeSelf)
    for (int64_t t : targets) {
      if (r == Reduce::Sum || r == Reduce::Mean) op[t] = convertScalar<T>(0.0);
      if (r == Reduce::Prod) op[t] = convertScalar<T>(1.0);
      if constexpr (kFloating) {
        if (r == Reduce::Amax) op[t] = convertScalar<T>(-std::numeric_limits<double>::infinity());
        if (r == Reduce::Amin) op[t] = convertScalar<T>(std::numeric_limits<double>::infinity());
      } else {
        if (r == Reduce::Amax) op[t] = std::numeric_limits<T>::lowest();
        if (r == Reduce::Amin) op[t] = std::numeric_limits<T>::max();
      }
    }
  for (size_t j = 0; j < targets.size(); ++j) {
    T& a = op[targets[j]];
    const T b = sp[sources[j]];
    if constexpr (std::is_same_v<T, bool>) {
      if (r == Reduce::Sum || r == Reduce::Mean) a = a || b;
      if (r == Reduce::Prod) a = a && b;
      if (r == Reduce::Amax) a = a || b;
      if (r == Reduce::Amin) a = a && b;
    } else if constexpr (!kFloating) {
      // Integer arithmetic wraps in the dtype (done in uint64 to avoid signed overflow).
      const uint64_t x = static_cast<uint64_t>(static_cast<int64_t>(a)), y = static_cast<uint64_t>(static_cast<int64_t>(b));
      if (r == Reduce::Sum || r == Reduce::Mean) a = static_cast<T>(x + y);
      if (r == Reduce::Prod) a = static_cast<T>(x * y);
      if (r == Reduce::Amax) a = std::max(a, b);
      if (r == Reduce::Amin) a = std::min(a, b);
    } else {
      // One rounding to T per step: T's own arithmetic (exact sums / products of two values in double).
      const double x = convertScalar<double>(a), y = convertScalar<double>(b);
      switch (r) {
        case Reduce::Sum:
        case Reduce::Mean: a = convertScalar<T>(x + y); break;
        case Reduce::Prod: a = convertScalar<T>(x * y); break;
        case Reduce::Amax: a = std::isnan(y) ? b : (std::isnan(x) || x >= y ? a : b); break;
        case Reduce::Amin: a = std::isnan(y) ? b : (std::isnan(x) || x <= y ? a : b); break;
      }
    }
  }
  if (r != Reduce::Mean) return;
  // mean: divide by the number of terms (self counts as one when included), floor for integers.
  std::vector<std::pair<int64_t, int64_t>> counts;  // (offset, count)
  {
    std::vector<int64_t> sorted = targets;
    std::sort(sorted.begin(), sorted.end());
    for (size_t j = 0; j < sorted.size();) {
      size_t e = j;
      while (e < sorted.size() && sorted[e] == sorted[j]) ++e;
      counts.emplace_back(sorted[j], static_cast<int64_t>(e - j) + (includeSelf ? 1 : 0));
      j = e;
    }
  }
  for (auto [t, c] : counts) {
    if constexpr (!kFloating) {
      const int64_t v = static_cast<int64_t>(op[t]);
      int64_t q = v / c;
      if ((v % c != 0) && ((v < 0) != (c < 0))) --q;
      op[t] = static_cast<T>(q);
    } else {
      op[t] = convertScalar<T>(convertScalar<double>(op[t]) / static_cast<double>(c));
    }
  }
}

const IValue& scatterReduceInto(const IValue& selfV, int64_t dim, const Tensor& index, const Tensor& src,
                                const std::string& reduce, bool includeSelf) {
  const Tensor self = selfV.toTensor();
  const int64_t d = wrapDim(dim, self.dim());
  scatterChecks(self, d, index, src);
  assertNoInternalOverlap(self);
  assertNoOverlap(self, index);
  assertNoOverlap(self, src);
  const Reduce r = reduceOf(reduce);
  if (r == Reduce::Mean && self.dtype() == ScalarType::Bool)
    throw RuntimeError("\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'");
  if (index.numel() == 0) return selfV;
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    scatterReduceTyped<T>(self, d, index, src, r, includeSelf);
  });
  self.bumpVersion();
  return selfV;
}

// index_fill (functional): self's layout, then index_fill_.
IValue indexFillCopy(IValue* a, const char* inplace) {
  IValue out(a[0].toTensor().clone(MemoryFormat::Preserve));
  return runKernel(inplace, {out, a[1], a[2], a[3]});
}

}  // namespace

void registerIndexingMoreKernels() {
  def("aten::take", op([](IValue* a) { return IValue(take(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::take_along_dim", op([](IValue* a) {
        return IValue(takeAlongDim(a[0].toTensor(), a[1].toTensor(), a[2]));
      }));
  def("aten::index_copy_", op([](IValue* a) {
        return indexCopyInto(a[0], a[1].toInt(), a[2].toTensor(), a[3].toTensor());
      }));
  def("aten::index_copy", op([](IValue* a) {
        IValue out(a[0].toTensor().clone(MemoryFormat::Contiguous));
        indexCopyInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor());
        return out;
      }));
  def("aten::masked_scatter_", op([](IValue* a) {
        return maskedScatterInto(a[0], a[1].toTensor(), a[2].toTensor());
      }));
  def("aten::masked_scatter", op([](IValue* a) {
        return IValue(maskedScatter(a[0].toTensor(), a[1].toTensor(), a[2].toTensor()));
      }));
  def("aten::index_fill.int_Scalar", op([](IValue* a) { return indexFillCopy(a, "aten::index_fill_.int_Scalar"); }));
  def("aten::index_fill.int_Tensor", op([](IValue* a) { return indexFillCopy(a, "aten::index_fill_.int_Tensor"); }));
  def("aten::scatter_reduce_.two", op([](IValue* a) {
        return scatterReduceInto(a[0], a[1].toInt(), a[2].toTensor(), a[3].toTensor(), a[4].toStringRef(), a[5].toBool());
      }));
  def("aten::scatter_reduce.two", op([](IValue* a) {
        const Tensor self = a[0].toTensor();
        const int64_t d = wrapDim(a[1].toInt(), self.dim());
        scatterChecks(self, d, a[2].toTensor(), a[3].toTensor());  // before the copy, as 1.13's meta function
        IValue out(self.clone(MemoryFormat::Contiguous));
        return scatterReduceInto(out, d, a[2].toTensor(), a[3].toTensor(), a[4].toStringRef(), a[5].toBool());
      }));
}

}  // namespace tsjit::kernels
