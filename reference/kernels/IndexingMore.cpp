// IndexingMore.cpp — reference kernels of the Indexing family, part 5: take, take_along_dim,
// index_copy(_), masked_scatter(_), index_fill (functional) and scatter_reduce(_).
//
// Invariants: element loops over logical row-major indices, values as double (floating) or int64
// (integral); functional results are fresh tensors in 1.13's layout (index_copy, masked_scatter,
// scatter_reduce: row-major; index_fill: self's dense layout), in-place kernels write self and
// return the IValue they received. masked_scatter_ consumes source in the order 1.13's
// TensorIterator visits self: by increasing stride of self (ties: the mask's stride, then size).
// scatter_reduce sums and multiplies in double (the jit rounds each step to the dtype as 1.13's CPU
// loop does; the op's tolerance covers it). Errors are 1.13's, in its order.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "jit/tensor/Broadcast.h"
#include "jit/tensor/MemoryOverlap.h"
#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/NaiveLayout.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {
using namespace shape;

[[noreturn]] void indexError(const std::string& msg) { throw RuntimeError(msg, "IndexError"); }

// 1.13's assert_no_overlap: an input that shares memory (fully or partly) with the written tensor.
void assertNoOverlap(const Tensor& written, const Tensor& input) {
  const MemOverlapStatus s = getOverlapStatus(written, input);
  if (s == MemOverlapStatus::Full || s == MemOverlapStatus::Partial)
    throw RuntimeError("unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                       "single memory location. Please clone() the tensor before performing the operation.");
}

Tensor rowMajorCopy(const Tensor& t) { return naive::contiguousCopy(t); }

Tensor take(const Tensor& self, const Tensor& index) {
  if (index.dtype() != ScalarType::Int64)
    throw RuntimeError(str("take(): Expected a long tensor for index, but got ", irName(index.dtype())));
  const int64_t n = self.numel();
  if (n == 0 && index.numel() > 0) indexError("take(): tried to take from an empty tensor");
  Tensor out = Tensor::zeros(index.sizes(), self.dtype());
  for (int64_t i = 0; i < index.numel(); ++i) {
    const int64_t k = index.getInt64(i);
    if (k >= n || k < -n)
      indexError(str("out of range: tried to access index ", k, " on a tensor of ", n, " elements."));
    copyElem(out, i, self, k < 0 ? k + n : k);
  }
  return out;
}

std::vector<int64_t> broadcastShape(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  return inferBroadcastShape(a, b);
}

Tensor takeAlongDim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  if (!dim) {
    const Tensor s = naive::view(self, {-1}), i = naive::view(indices, {-1});
    return runKernel("aten::gather", {IValue(s), IValue(int64_t{0}), IValue(i), IValue(false)}).toTensor();
  }
  if (self.dim() != indices.dim())
    throw RuntimeError(str("torch.take_along_dim(): input and indices should have the same number of dimensions, but got ",
                           self.dim(), " dimensions for input, and ", indices.dim(), " dimensions for indices"));
  if (indices.dtype() != ScalarType::Int64)
    throw RuntimeError(str("torch.take_along_dim(): dtype of indices should be Long but got ", irName(indices.dtype())));
  const int64_t d = wrapDim(*dim, self.dim());
  if (self.dim() == 0) wrapDim(d, 0, /*wrapScalar=*/false);  // indices.size(dim) of a 0-dim tensor
  std::vector<int64_t> a = self.sizes(), b = indices.sizes();
  a[static_cast<size_t>(d)] = indices.size(d);
  const Tensor ib = naive::expand(indices, broadcastShape(a, indices.sizes()));
  b[static_cast<size_t>(d)] = self.size(d);
  const Tensor sb = naive::expand(self, broadcastShape(b, self.sizes()));
  return runKernel("aten::gather", {IValue(sb), IValue(d), IValue(ib), IValue(false)}).toTensor();
}

std::string joined(const std::vector<int64_t>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + std::to_string(v[i]);
  return s;
}

void indexCopyInto(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  const int64_t d = wrapDim(dim, self.dim());
  assertNoInternalOverlap(self);
  assertNoOverlap(self, index);
  assertNoOverlap(self, source);
  if (index.dim() > 1) indexError(str("index_copy_(): Index should have dimension 1 or 0 (got ", index.dim(), ")"));
  const int64_t count = index.numel();
  if (source.dim() == 0) {
    if (count != 1) indexError(str("index_copy_(): When source is scalar, index should have one element (got ", count, ")"));
  } else if (self.dim() != 0 && source.dim() != self.dim()) {
    indexError(str("index_copy_(): When source and destination are not scalars, their dimensionality must match. "
                   "Source dimensionality (", source.dim(), "), destination dimensionality (", self.dim(), ")"));
  }
  if (index.dtype() != ScalarType::Int64)
    throw RuntimeError(str("index_copy_(): Expected a long tensor for index, but got ", irName(index.dtype())));
  if (self.dtype() != source.dtype())
    throw RuntimeError(str("index_copy_(): self and source expected to have the same dtype, but got (self) ",
                           irName(self.dtype()), " and (source) ", irName(source.dtype())));
  auto sliced = [d](const Tensor& t) {
    std::vector<int64_t> s = t.sizes();
    if (!s.empty()) s.erase(s.begin() + d);
    return s;
  };
  if (sliced(self) != sliced(source))
    throw RuntimeError("index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: " +
                       joined(sliced(self)) + " at dimension " + std::to_string(d) +
                       " and source slice shape: " + joined(sliced(source)) + " at dimension 0.");
  if (source.dim() > 0 && source.size(d) != count)
    indexError(str("index_copy_(): Number of indices (", count, ") should be equal to source.size(dim) (",
                   source.size(d), ")"));
  const std::vector<int64_t> shape = self.dim() == 0 ? std::vector<int64_t>{1} : self.sizes();
  const int64_t n = shape[static_cast<size_t>(d)];
  for (int64_t k = 0; k < count; ++k) {
    const int64_t i = index.getInt64(k);
    if (i < 0 || i >= n) indexError(str("index_copy_(): index ", i, " is out of bounds for dimension ", d, " with size ", n));
  }
  // Element e of self (multi-index p) takes source[p with p[d] = k] for the last k with index[k] == p[d].
  const std::vector<int64_t> srcShape = source.dim() == 0 ? std::vector<int64_t>{1} : source.sizes();
  for (int64_t e = 0; e < self.numel(); ++e) {
    std::vector<int64_t> p = unravel(e, shape);
    int64_t from = -1;
    for (int64_t k = 0; k < count; ++k)
      if (index.getInt64(k) == p[static_cast<size_t>(d)]) from = k;
    if (from < 0) continue;
    p[static_cast<size_t>(d)] = from;
    copyElem(self, e, source, ravel(p, srcShape));
  }
  self.bumpVersion();
}

// The mask element's first byte in memory (1.13's kernel reads masks as bytes), which must be 0 / 1.
bool maskBit(const Tensor& mask, int64_t i) {
  const auto* p = static_cast<const unsigned char*>(mask.data()) + mask.offsetOf(i) * static_cast<int64_t>(mask.itemSize());
  if (*p > 1) throw RuntimeError("Mask tensor can take 0 and 1 values only");
  return *p == 1;
}

// Logical indices of `sizes` in 1.13's TensorIterator order for operands with strides a, b.
std::vector<int64_t> visitOrder(const std::vector<int64_t>& sizes, const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  const size_t nd = sizes.size();
  // inner[0] is the innermost dim; start from the last dim innermost and insertion-sort.
  std::vector<size_t> inner;
  for (size_t i = nd; i-- > 0;) inner.push_back(i);
  auto after = [&](size_t x, size_t y) {  // 1: x belongs outside y; -1: inside; 0: undecided
    for (const std::vector<int64_t>* s : {&a, &b}) {
      const int64_t sx = (*s)[x], sy = (*s)[y];
      if (sx == 0 || sy == 0) continue;
      if (sx != sy) return sx < sy ? -1 : 1;
      if (sizes[x] > sizes[y]) return 1;
    }
    return 0;
  };
  for (size_t i = 1; i < nd; ++i) {
    size_t cur = i;
    for (size_t j = i; j-- > 0;) {
      const int c = after(inner[j], inner[cur]);
      if (c < 0) break;
      if (c > 0) {
        std::swap(inner[j], inner[cur]);
        cur = j;
      }
    }
  }
  std::vector<int64_t> order;
  int64_t total = 1;
  for (int64_t s : sizes) total *= s;
  std::vector<int64_t> counter(nd, 0);
  for (int64_t step = 0; step < total; ++step) {
    order.push_back(ravel(counter, sizes));
    for (size_t k = 0; k < nd; ++k) {  // odometer: innermost dim first
      const size_t dimK = inner[k];
      if (++counter[dimK] < sizes[dimK]) break;
      counter[dimK] = 0;
    }
  }
  return order;
}

void maskedScatterInto(const Tensor& self, const Tensor& mask, const Tensor& source) {
  assertNoInternalOverlap(self);
  if (self.dtype() != source.dtype())
    throw RuntimeError(str("masked_scatter: expected self and source to have same dtypes but got", irName(self.dtype()),
                           " and ", irName(source.dtype())));
  if (mask.dim() > self.dim())
    throw RuntimeError(str("expand(CPU", irName(mask.dtype()), "Type{", formatInts(mask.sizes()), "}, size=",
                           formatInts(self.sizes()), "): the number of sizes provided (", self.dim(),
                           ") must be greater or equal to the number of dimensions in the tensor (", mask.dim(), ")"));
  const Tensor m = naive::expand(mask, self.sizes());
  std::vector<bool> bits;
  int64_t ones = 0;
  for (int64_t i = 0; i < m.numel(); ++i) {
    bits.push_back(maskBit(m, i));
    ones += bits.back() ? 1 : 0;
  }
  if (ones > source.numel()) throw RuntimeError("Number of elements of source < number of ones in mask");
  int64_t next = 0;
  for (int64_t i : visitOrder(self.sizes(), self.strides(), m.strides()))
    if (bits[static_cast<size_t>(i)]) copyElem(self, i, source, next++);
  self.bumpVersion();
}

// ---- scatter_reduce ----

// An int64 value wrapped into an integral dtype (two's complement), as the dtype's arithmetic does.
int64_t wrapTo(int64_t v, ScalarType dt) {
  switch (dt) {
    case ScalarType::Int8: return static_cast<int8_t>(v);
    case ScalarType::UInt8: return static_cast<uint8_t>(v);
    case ScalarType::Int16: return static_cast<int16_t>(v);
    case ScalarType::Int32: return static_cast<int32_t>(v);
    default: return v;
  }
}

int64_t extent(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }

void scatterReduceChecks(const Tensor& self, int64_t d, const Tensor& index, const Tensor& src) {
  if (index.dtype() != ScalarType::Int64) throw RuntimeError("scatter(): Expected dtype int64 for index");
  if (src.dtype() != self.dtype()) throw RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype");
  if (index.numel() == 0) return;
  const int64_t rank = std::max<int64_t>(1, self.dim());
  if (std::max<int64_t>(1, index.dim()) != rank)
    throw RuntimeError("Index tensor must have the same number of dimensions as self tensor");
  bool ok = true;
  for (int64_t k = 0; k < rank; ++k)
    if (k != d && extent(index, k) > extent(self, k)) ok = false;
  if (ok)
    for (int64_t k = 0; k < rank; ++k)
      if (extent(index, k) > extent(src, k)) ok = false;
  if (!ok)
    throw RuntimeError("Expected index " + formatInts(index.sizes()) + " to be smaller than self " +
                       formatInts(self.sizes()) + " apart from dimension " + std::to_string(d) +
                       " and to be smaller size than src " + formatInts(src.sizes()));
}

void scatterReduceInto(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, const std::string& reduce,
                       bool includeSelf) {
  const int64_t d = wrapDim(dim, self.dim());
  scatterReduceChecks(self, d, index, src);
  assertNoInternalOverlap(self);
  assertNoOverlap(self, index);
  assertNoOverlap(self, src);
  if (reduce != "sum" && reduce != "prod" && reduce != "mean" && reduce != "amax" && reduce != "amin")
    throw RuntimeError("reduce argument must be either sum, prod, mean, amax or amin.");
  if (reduce == "mean" && self.dtype() == ScalarType::Bool)
    throw RuntimeError("\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'");
  if (index.numel() == 0) return;
  const bool floating = isFloating(self);
  const std::vector<int64_t> selfShape = self.dim() == 0 ? std::vector<int64_t>{1} : self.sizes();
  const std::vector<int64_t> idxShape = index.dim() == 0 ? std::vector<int64_t>{1} : index.sizes();
  const std::vector<int64_t> srcShape = src.dim() == 0 ? std::vector<int64_t>{1} : src.sizes();
  const int64_t n = selfShape[static_cast<size_t>(d)];
  // Per target element: the list of source values scattered onto it, in index order.
  std::vector<std::vector<int64_t>> terms(static_cast<size_t>(self.numel()));
  for (int64_t e = 0; e < index.numel(); ++e) {
    std::vector<int64_t> p = unravel(e, idxShape);
    const int64_t i = index.getInt64(e);
    if (i < 0 || i >= n) throw RuntimeError(str("index ", i, " is out of bounds for dimension ", d, " with size ", n));
    const int64_t from = ravel(p, srcShape);
    p[static_cast<size_t>(d)] = i;
    terms[static_cast<size_t>(ravel(p, selfShape))].push_back(from);
  }
  for (int64_t t = 0; t < self.numel(); ++t) {
    const auto& list = terms[static_cast<size_t>(t)];
    if (list.empty()) continue;
    if (floating) {
      std::vector<double> v;
      if (includeSelf) v.push_back(self.getDouble(t));
      for (int64_t f : list) v.push_back(src.getDouble(f));
      double r = 0;
      if (reduce == "sum" || reduce == "mean") {
        for (double x : v) r += x;
        if (reduce == "mean") r /= static_cast<double>(v.size());
      } else if (reduce == "prod") {
        r = 1;
        for (double x : v) r *= x;
      } else {
        const bool mx = reduce == "amax";
        r = v[0];
        for (double x : v) {
          if (std::isnan(x) || std::isnan(r)) r = std::nan("");
          else r = mx ? std::max(r, x) : std::min(r, x);
        }
      }
      self.setDouble(t, r);
    } else {
      std::vector<int64_t> v;
      if (includeSelf) v.push_back(self.getInt64(t));
      for (int64_t f : list) v.push_back(src.getInt64(f));
      int64_t r = 0;
      if (reduce == "sum" || reduce == "mean") {
        uint64_t acc = 0;
        for (int64_t x : v) acc += static_cast<uint64_t>(x);
        r = wrapTo(static_cast<int64_t>(acc), self.dtype());
        if (reduce == "mean") {
          const int64_t c = static_cast<int64_t>(v.size());
          r = static_cast<int64_t>(std::floor(static_cast<long double>(r) / static_cast<long double>(c)));
        }
      } else if (reduce == "prod") {
        uint64_t acc = 1;
        for (int64_t x : v) acc *= static_cast<uint64_t>(x);
        r = wrapTo(static_cast<int64_t>(acc), self.dtype());
      } else {
        r = v[0];
        for (int64_t x : v) r = reduce == "amax" ? std::max(r, x) : std::min(r, x);
      }
      self.setInt64(t, self.dtype() == ScalarType::Bool ? (r != 0) : r);
    }
  }
  self.bumpVersion();
}

}  // namespace

void registerIndexingMoreKernels() {
  def("aten::take", [](Args& a) { return one(take(tensorArg(a, 0), tensorArg(a, 1))); });
  def("aten::take_along_dim", [](Args& a) { return one(takeAlongDim(tensorArg(a, 0), tensorArg(a, 1), optIntArg(a, 2))); });
  def("aten::index_copy_", [](Args& a) {
    indexCopyInto(tensorArg(a, 0), intArg(a, 1), tensorArg(a, 2), tensorArg(a, 3));
    return one(a[0]);
  });
  def("aten::index_copy", [](Args& a) {
    Tensor out = rowMajorCopy(tensorArg(a, 0));
    indexCopyInto(out, intArg(a, 1), tensorArg(a, 2), tensorArg(a, 3));
    return one(out);
  });
  def("aten::masked_scatter_", [](Args& a) {
    maskedScatterInto(tensorArg(a, 0), tensorArg(a, 1), tensorArg(a, 2));
    return one(a[0]);
  });
  def("aten::masked_scatter", [](Args& a) {
    const Tensor self = tensorArg(a, 0), mask = tensorArg(a, 1);
    const std::vector<int64_t> shape = broadcastShape(mask.sizes(), self.sizes());
    Tensor out = rowMajorCopy(naive::expand(self, shape));
    maskedScatterInto(out, naive::expand(mask, shape), tensorArg(a, 2));
    return one(out);
  });
  for (const char* name : {"aten::index_fill.int_Scalar", "aten::index_fill.int_Tensor"}) {
    const std::string inplace = std::string("aten::index_fill_") + (std::string(name).find("Scalar") != std::string::npos ? ".int_Scalar" : ".int_Tensor");
    def(name, [inplace](Args& a) {
      Tensor out = tensorArg(a, 0).clone(MemoryFormat::Preserve);
      runKernel(inplace, {IValue(out), a.at(1), a.at(2), a.at(3)});
      return one(out);
    });
  }
  def("aten::scatter_reduce_.two", [](Args& a) {
    scatterReduceInto(tensorArg(a, 0), intArg(a, 1), tensorArg(a, 2), tensorArg(a, 3), strArg(a, 4), boolArg(a, 5));
    return one(a[0]);
  });
  def("aten::scatter_reduce.two", [](Args& a) {
    const Tensor self = tensorArg(a, 0);
    scatterReduceChecks(self, wrapDim(intArg(a, 1), self.dim()), tensorArg(a, 2), tensorArg(a, 3));
    Tensor out = rowMajorCopy(self);
    scatterReduceInto(out, intArg(a, 1), tensorArg(a, 2), tensorArg(a, 3), strArg(a, 4), boolArg(a, 5));
    return one(out);
  });
}

}  // namespace tsjit::reference
