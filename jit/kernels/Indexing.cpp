// Indexing.cpp — optimized kernels of the Indexing family, part 1: advanced indexing
// (index.Tensor, index_put_ with and without accumulate), index_select, index_add(_),
// index_fill_, masked_select, nonzero. Part 2 (IndexingScatter.cpp): gather/scatter, part 3
// (IndexingSort.cpp): sort, argsort, topk; part 4 (IndexingMore.cpp): take, take_along_dim,
// index_copy(_), masked_scatter(_), index_fill, scatter_reduce(_).
// Invariants: index tensors are read once into int64 vectors and bounds-checked before any write
// (an IndexError leaves self untouched); negative indices wrap; bool/uint8 index tensors act as
// masks (their nonzero() coordinates). Results of functional ops are fresh contiguous tensors;
// in-place ops write into self and return self.
#include <algorithm>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/IterationLayout.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::kernels {
void registerIndexingScatterKernels();
void registerIndexingSortKernels();
void registerIndexingMoreKernels();

namespace {
using namespace sk;

[[noreturn]] void indexOutOfBounds(int64_t index, int64_t dim, int64_t size) {
  throw RuntimeError(str("index ", index, " is out of bounds for dimension ", dim, " with size ", size), "IndexError");
}

int64_t wrapIndex(int64_t i, int64_t dim, int64_t size) {
  if (i < -size || i >= size) indexOutOfBounds(i, dim, size);
  return i < 0 ? i + size : i;
}

// nonzero coordinates of t, as one int64 vector per dim.
std::vector<std::vector<int64_t>> nonzeroCoords(const Tensor& t) {
  std::vector<std::vector<int64_t>> coords(t.dim());
  if (t.numel() == 0) return coords;
  visitScalarType(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(t.data());
    std::vector<int64_t> strides = t.strides();
    forEachIndex(t.sizes(), [&](const int64_t* idx) {
      if (convertScalar<bool>(p[offsetOf(idx, strides)]))
        for (int64_t d = 0; d < t.dim(); ++d) coords[d].push_back(idx[d]);
    });
  });
  return coords;
}

Tensor nonzero(const Tensor& t) {
  auto coords = nonzeroCoords(t);
  const int64_t n = t.dim() == 0 ? (t.itemBool() ? 1 : 0) : static_cast<int64_t>(coords.empty() ? 0 : coords[0].size());
  // PyTorch 1.13 returns the [n, dim] result with strides [1, n] (filled column by column); the
  // corpus records them (red_bool_reductions).
  Tensor out = Tensor::empty_strided({n, t.dim()}, {1, n}, ScalarType::Int64, t.device());
  int64_t* o = static_cast<int64_t*>(out.data());
  for (int64_t i = 0; i < n; ++i)
    for (int64_t d = 0; d < t.dim(); ++d) o[i + d * n] = coords[d][i];
  return out;
}

// Advanced indexing plan: out element (pre, b, post) reads self at
// preOff[pre] + advOff[b] + postOff[post]; outSizes = preSizes + B + postSizes. advOff is filled by
// checkedAdvOffsets / firstOutOfBounds once the index values are known to be in range.
struct IndexPlan {
  std::vector<int64_t> outSizes, preOff, advOff, postOff;
  std::vector<int64_t> B, preStrides, postStrides;
  std::vector<int64_t> advSizes, advStrides;         // self's size and stride of each indexed dim
  std::vector<Tensor> advIndex;                      // each index tensor, expanded to B
  std::vector<std::vector<int64_t>> advValues;       // its values, row-major over B
};

std::vector<int64_t> offsetsOf(IntArrayRef sizes, IntArrayRef strides) {
  std::vector<int64_t> offs;
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  offs.reserve(n);
  forEachOffset<1>(sizes, {strides}, [&](const int64_t* o) { offs.push_back(o[0]); });
  return offs;
}

IndexPlan planIndex(const Tensor& self, const std::vector<Tensor>& indicesIn) {
  if (static_cast<int64_t>(indicesIn.size()) > self.dim())
    throw RuntimeError(str("too many indices for tensor of dimension ", self.dim(), " (got ", indicesIn.size(), ")"),
                       "IndexError");
  // Masks become one long index per dim they cover (PyTorch: the columns of mask.nonzero()), so a
  // 0-dim mask contributes no index at all.
  std::vector<Tensor> idx;
  for (size_t i = 0; i < indicesIn.size(); ++i) {
    const Tensor& t = indicesIn[i];
    if (!t.defined()) {
      idx.emplace_back();
      continue;
    }
    const ScalarType dt = t.dtype();
    if (dt == ScalarType::Bool || dt == ScalarType::UInt8) {
      const size_t start = idx.size();
      for (int64_t k = 0; k < t.dim(); ++k) {
        const int64_t sd = static_cast<int64_t>(start) + k;
        if (sd >= self.dim() || t.size(k) != self.size(sd))
          throw RuntimeError(str("The shape of the mask ", shapeStr(t.sizes()), " at index ", k,
                                 " does not match the shape of the indexed tensor ", shapeStr(self.sizes()), " at index ", sd),
                             "IndexError");
      }
      auto coords = nonzeroCoords(t);
      for (auto& c : coords) {
        const int64_t n = static_cast<int64_t>(c.size());
        idx.push_back(Tensor::fromInt64s(c, {n}));
      }
    } else if (dt == ScalarType::Int64) {
      idx.push_back(t);
    } else {  // PyTorch 1.13 does not accept int32 index tensors here
      throw RuntimeError("tensors used as indices must be long, byte or bool tensors", "IndexError");
    }
  }
  if (static_cast<int64_t>(idx.size()) > self.dim())
    throw RuntimeError(str("too many indices for tensor of dimension ", self.dim(), " (got ", idx.size(), ")"),
                       "IndexError");
  idx.resize(self.dim());
  std::vector<int64_t> advDims;
  std::vector<std::vector<int64_t>> shapes;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (idx[d].defined()) {
      advDims.push_back(d);
      shapes.push_back(idx[d].sizes());
    }
  std::vector<int64_t> B;
  try {
    B = inferBroadcastShape(shapes);
  } catch (const RuntimeError&) {
    std::string msg = "shape mismatch: indexing tensors could not be broadcast together with shapes ";
    for (size_t i = 0; i < shapes.size(); ++i) msg += (i ? ", " : "") + shapeStr(shapes[i]);
    throw RuntimeError(msg, "IndexError");
  }
  // No index tensor left (only 0-dim masks): every element, in self's shape.
  bool adjacent = advDims.empty() || advDims.back() - advDims.front() + 1 == static_cast<int64_t>(advDims.size());
  std::vector<int64_t> preSizes, preStrides, postSizes, postStrides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (idx[d].defined()) continue;
    if (adjacent && !advDims.empty() && d < advDims.front()) {
      preSizes.push_back(self.size(d));
      preStrides.push_back(self.stride(d));
    } else {
      postSizes.push_back(self.size(d));
      postStrides.push_back(self.stride(d));
    }
  }
  IndexPlan plan;
  plan.outSizes = preSizes;
  plan.outSizes.insert(plan.outSizes.end(), B.begin(), B.end());
  plan.outSizes.insert(plan.outSizes.end(), postSizes.begin(), postSizes.end());
  // PyTorch's AdvancedIndex: an indexed dim of size 0 can take no index, refused up front unless
  // the index block is empty; all other bounds checks happen per element in the kernel.
  const bool emptyBlock = std::find(B.begin(), B.end(), 0) != B.end();
  for (int64_t d : advDims)
    if (self.size(d) == 0 && !emptyBlock)
      throw RuntimeError("index is out of bounds for dimension with size 0", "IndexError");
  plan.B = B;
  plan.preStrides = preStrides;
  plan.postStrides = postStrides;
  for (int64_t d : advDims) {
    plan.advIndex.push_back(idx[d].expand(B));
    plan.advValues.push_back(toVector<int64_t>(plan.advIndex.back().contiguous()));
    plan.advSizes.push_back(self.size(d));
    plan.advStrides.push_back(self.stride(d));
  }
  plan.preOff = offsetsOf(preSizes, preStrides);
  plan.postOff = offsetsOf(postSizes, postStrides);
  return plan;
}

// Fills plan.advOff; false (advOff left partial) when some index value is out of range.
bool advOffsetsInRange(IndexPlan& plan) {
  int64_t nB = 1;
  for (int64_t s : plan.B) nB *= s;
  plan.advOff.assign(nB, 0);
  for (size_t j = 0; j < plan.advValues.size(); ++j) {
    const int64_t size = plan.advSizes[j], stride = plan.advStrides[j];
    const std::vector<int64_t>& v = plan.advValues[j];
    for (int64_t b = 0; b < nB; ++b) {
      const int64_t i = v[b];
      if (i < -size || i >= size) return false;
      plan.advOff[b] += (i < 0 ? i + size : i) * stride;
    }
  }
  return true;
}

// Raises the IndexError PyTorch 1.13's CPU index kernel raises for a non-empty result: it walks
// the result elements in its TensorIterator's order (that of the output's memory, a layout
// derived from the operands: self restrided with stride 0 on the index block, and each index
// tensor viewed with size-1 dims around the block) and at each element checks the index tensors
// in order, naming the failing one by its position among them ("dimension j").
[[noreturn]] void throwFirstOutOfBounds(const Tensor& self, const IndexPlan& plan) {
  const size_t npre = plan.preStrides.size(), nb = plan.B.size(), nd = plan.outSizes.size();
  std::vector<int64_t> srcStrides = plan.preStrides;
  srcStrides.resize(npre + nb, 0);
  srcStrides.insert(srcStrides.end(), plan.postStrides.begin(), plan.postStrides.end());
  std::vector<int64_t> viewShape(nd, 1);
  std::copy(plan.B.begin(), plan.B.end(), viewShape.begin() + npre);
  std::vector<std::vector<int64_t>> viewStrides;
  for (const Tensor& t : plan.advIndex) viewStrides.push_back(t.reshape(viewShape).strides());
  std::vector<IterationInput> inputs{{plan.outSizes, srcStrides, static_cast<int64_t>(self.itemSize())}};
  for (const auto& st : viewStrides) inputs.push_back({viewShape, st, 8});
  const std::vector<int64_t> outStrides = elementwiseOutputStrides(plan.outSizes, inputs);
  std::vector<size_t> inner(nd);  // dims, innermost (smallest output stride) first
  for (size_t k = 0; k < nd; ++k) inner[k] = nd - 1 - k;
  std::stable_sort(inner.begin(), inner.end(), [&](size_t a, size_t b) { return outStrides[a] < outStrides[b]; });
  std::vector<int64_t> pos(nd, 0);
  int64_t total = 1;
  for (int64_t s : plan.outSizes) total *= s;
  for (int64_t n = 0; n < total; ++n) {
    int64_t b = 0;
    for (size_t k = 0; k < nb; ++k) b = b * plan.B[k] + pos[npre + k];
    for (size_t j = 0; j < plan.advValues.size(); ++j) {
      const int64_t i = plan.advValues[j][b], size = plan.advSizes[j];
      if (i < -size || i >= size) indexOutOfBounds(i, static_cast<int64_t>(j), size);
    }
    for (size_t d : inner) {
      if (++pos[d] < plan.outSizes[d]) break;
      pos[d] = 0;
    }
  }
  throw RuntimeError("index: no out-of-range index found");  // unreachable when called correctly
}

Tensor index(const Tensor& self, const std::vector<Tensor>& indices) {
  bool any = false;
  for (const Tensor& t : indices) any = any || t.defined();
  if (!any) return self.alias();
  IndexPlan plan = planIndex(self, indices);
  Tensor out = Tensor::empty(plan.outSizes, self.dtype(), self.device());
  if (out.numel() == 0) return out;  // the kernel reads no index value
  if (!advOffsetsInRange(plan)) throwFirstOutOfBounds(self, plan);
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* s = static_cast<const T*>(self.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t pre : plan.preOff)
      for (int64_t adv : plan.advOff) {
        const T* base = s + pre + adv;
        for (int64_t post : plan.postOff) *o++ = base[post];
      }
  });
  return out;
}

const IValue& indexPut(const IValue& selfV, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
  const Tensor self = selfV.toTensor();
  if (values.dtype() != self.dtype())
    throw RuntimeError(str("Index put requires the source and destination dtypes match, got ", irName(self.dtype()),
                           " for the destination and ", irName(values.dtype()), " for the source."));
  bool any = false;
  for (const Tensor& t : indices) any = any || t.defined();
  if (!any) {
    self.copy_(values);
    return selfV;
  }
  IndexPlan plan = planIndex(self, indices);
  // Checked eagerly, index tensor by index tensor (self stays untouched on an IndexError) — unless
  // the indexing result is empty: PyTorch 1.13's kernel checks per written element, so an empty
  // result (a size-0 dim outside the index block) reads no index value and raises nothing
  // (fuzz seed 2 case 6639).
  int64_t resultNumel = 1;
  for (int64_t s : plan.outSizes) resultNumel *= s;
  if (resultNumel != 0)
    for (size_t j = 0; j < plan.advValues.size(); ++j)
      for (int64_t i : plan.advValues[j]) wrapIndex(i, static_cast<int64_t>(j), plan.advSizes[j]);
  advOffsetsInRange(plan);
  if (!isExpandableTo(values.sizes(), plan.outSizes))
    throw RuntimeError(str("shape mismatch: value tensor of shape ", shapeStr(values.sizes()),
                           " cannot be broadcast to indexing result of shape ", shapeStr(plan.outSizes)));
  const Tensor v = values.expand(plan.outSizes);
  self.bumpVersion();
  if (v.numel() == 0) return selfV;
  const std::vector<int64_t> vOff = offsetsOf(v.sizes(), v.strides());
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* s = static_cast<T*>(self.data());
    const T* vp = static_cast<const T*>(v.data());
    size_t i = 0;
    for (int64_t pre : plan.preOff)
      for (int64_t adv : plan.advOff) {
        T* base = s + pre + adv;
        for (int64_t post : plan.postOff) {
          const T x = vp[vOff[i++]];
          if (accumulate) {
            if constexpr (std::is_same_v<T, bool>)
              base[post] = base[post] || x;
            else
              base[post] = static_cast<T>(base[post] + x);
          } else {
            base[post] = x;
          }
        }
      }
  });
  return selfV;
}

// Index vector of index_select / index_add / index_fill (1-D or 0-dim integer tensor).
std::vector<int64_t> indexVector(const Tensor& index, const char* what, int64_t dim, int64_t size) {
  if (index.dim() > 1) throw RuntimeError(str(what, "(): Index is supposed to be a vector"));
  if (index.dtype() != ScalarType::Int64 && index.dtype() != ScalarType::Int32)
    throw RuntimeError(str(what, "(): Expected dtype int32/int64 for index"));
  std::vector<int64_t> v = toVector<int64_t>(index);
  for (int64_t& i : v) {
    if (i < -size || i >= size) {
      if (std::string(what) == "index_select") throw RuntimeError("index out of range in self", "IndexError");
      indexOutOfBounds(i, dim, size);
    }
    if (i < 0) i += size;
  }
  return v;
}

// PyTorch 1.13's index_select on CPU: dim wrapped first, then the index checks (a vector, one
// value for a 0-dim self, int32/int64); negative indices are NOT wrapped ("index out of range in
// self"); a 0-dim self gives a 0-dim result.
Tensor indexSelect(const Tensor& self, int64_t dim, const Tensor& index) {
  const int64_t d = wrapDim(dim, self.dim());
  if (index.dim() > 1) throw RuntimeError("index_select(): Index is supposed to be a vector", "IndexError");
  if (self.dim() == 0 && index.numel() != 1)
    throw RuntimeError(str("index_select(): Index to scalar can have only 1 value, got ", index.numel(), " value(s)"));
  if (index.dtype() != ScalarType::Int64 && index.dtype() != ScalarType::Int32)
    throw RuntimeError("index_select(): Expected dtype int32 or int64 for index");
  const Tensor src = self.dim() == 0 ? self.reshape({1}) : self;
  const std::vector<int64_t> idx = toVector<int64_t>(index);
  const int64_t n = src.size(d);
  std::vector<int64_t> outSizes = src.sizes();
  outSizes[d] = static_cast<int64_t>(idx.size());
  if (self.dim() == 0) outSizes = {};
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  // A multi-dim self: no index, nothing to check; an empty self only range-checks the indices
  // (negative ones allowed there) after requiring a non-empty indexed dim.
  if (self.dim() > 1 && (idx.empty() || self.numel() == 0)) {
    if (idx.empty()) return out;
    if (n == 0) throw RuntimeError("index_select(): self indexing axis dim should be positive", "IndexError");
    for (int64_t i : idx)
      if (i < -n || i >= n) throw RuntimeError("index out of range in self", "IndexError");
    return out;
  }
  for (int64_t i : idx)
    if (i < 0 || i >= n) throw RuntimeError("index out of range in self", "IndexError");
  if (out.numel() == 0) return out;
  const Tensor c = src.contiguous();
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < d; ++k) outer *= c.size(k);
  for (int64_t k = d + 1; k < c.dim(); ++k) inner *= c.size(k);
  const size_t es = c.itemSize(), row = static_cast<size_t>(inner) * es;
  const char* s = static_cast<const char*>(c.data());
  char* o = static_cast<char*>(out.data());
  const int64_t m = static_cast<int64_t>(idx.size());
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t j = 0; j < m; ++j) std::memcpy(o + (a * m + j) * row, s + (a * n + idx[j]) * row, row);
  return out;
}

// index_add as PyTorch 1.13 checks it: dim; index rank (IndexError), index dtype, equal dtypes,
// dim within source, index count (whose message reads source.size(dim), failing for a 0-dim
// source); then the CPU kernel's checks: for out.dim() > 1 the slices out[dim=0] and
// source[dim=0] must broadcast to out's slice (an in-place add), for out.dim() <= 1 source has at
// most one dim; indices must lie in [0, size) (no wrapping; "index out of range in self").
void indexAddInto(const Tensor& out, int64_t dim, const Tensor& index, const Tensor& source, const IValue& alphaV) {
  const int64_t d = wrapDim(dim, out.dim());
  if (index.dim() > 1)
    throw RuntimeError(str("index_add_(): Index is supposed to be a vector, but got dim: ", index.dim(),
                           " with type: ", irName(index.dtype()), " and size: ", shapeStr(index.sizes())),
                       "IndexError");
  if (index.dtype() != ScalarType::Int64 && index.dtype() != ScalarType::Int32)
    throw RuntimeError(str("index_add_(): Expected dtype int32/int64 for index but got: ", irName(index.dtype())));
  if (source.dtype() != out.dtype())
    throw RuntimeError(str("index_add_(): self (", irName(out.dtype()), ") and source (", irName(source.dtype()),
                           ") must have the same scalar type"));
  if (d != 0 && d >= source.dim())
    throw RuntimeError(str("index_add_(): Indexing dim ", d, " is out of bounds of the source tensor with dim ",
                           source.dim()));
  if (index.numel() != (source.dim() == 0 ? 1 : source.size(d)))
    throw RuntimeError(str("index_add_(): Number of indices (", index.numel(),
                           ") should be equal to source.size(dim): (", source.size(d), "), for dim: ", d));
  const std::vector<int64_t> idx = toVector<int64_t>(index);
  if (out.dim() > 1) {
    if (idx.empty()) return;
    const Tensor os = out.select(d, 0), ss = source.select(d, 0);
    const std::vector<int64_t> shape = inferBroadcastShape(os.sizes(), ss.sizes());
    if (shape != os.sizes())
      throw RuntimeError(str("output with shape ", shapeStr(os.sizes()), " doesn't match the broadcast shape ",
                             shapeStr(shape)));
  } else if (source.dim() > 1) {
    throw RuntimeError(str("source.dim() (", source.dim(), ") must one or zero for given self.dim() (", out.dim(), ")"));
  }
  const Tensor dst = out.dim() == 0 ? out.reshape({1}) : out;
  const Tensor src = source.dim() == 0 ? source.reshape({1}) : source;
  for (int64_t i : idx)
    if (i < 0 || i >= dst.size(d)) throw RuntimeError("index out of range in self", "IndexError");
  out.bumpVersion();
  visitScalarType(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* op = static_cast<T*>(dst.data());
    const T* sp = static_cast<const T*>(src.data());
    const T alpha = scalarIsIntegral(alphaV) ? convertScalar<T>(scalarI(alphaV)) : convertScalar<T>(scalarD(alphaV));
    for (size_t i = 0; i < idx.size(); ++i) {
      const Tensor ds = dst.select(d, idx[i]);
      const Tensor ss = src.select(d, static_cast<int64_t>(i)).expand(ds.sizes());
      T* dp = op + (ds.storageOffset() - dst.storageOffset());
      const T* srp = sp + (ss.storageOffset() - src.storageOffset());
      forEachOffset<2>(ds.sizes(), {IntArrayRef(ds.strides()), IntArrayRef(ss.strides())}, [&](const int64_t* o) {
        if constexpr (std::is_same_v<T, bool>)
          dp[o[0]] = dp[o[0]] || (alpha && srp[o[1]]);
        else
          dp[o[0]] = static_cast<T>(dp[o[0]] + alpha * srp[o[1]]);
      });
    }
  });
}

const IValue& indexFill(const IValue& selfV, int64_t dim, const Tensor& index, const IValue& value) {
  const Tensor self = selfV.toTensor();
  // 1.13's order: a 0-dim value tensor, an int64 index (IndexError), the dim, a vector or scalar
  // index, then each index in bounds.
  if (value.isTensor() && value.toTensor().dim() != 0)
    throw RuntimeError(str("index_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
                           value.toTensor().dim(), " dimension(s)."));
  if (index.dtype() != ScalarType::Int64)
    throw RuntimeError("index_fill_(): Expected dtype int64 for index.", "IndexError");
  const int64_t d = wrapDim(dim, self.dim());
  const Tensor dst = self.dim() == 0 ? self.reshape({1}) : self;
  if (index.dim() > 1) throw RuntimeError("Index has to be a vector/scalar");
  const std::vector<int64_t> idx = indexVector(index, "index_fill_", d, dst.size(d));
  for (int64_t i : idx) {
    const Tensor slice = dst.select(d, i);
    if (value.isTensor())
      slice.copy_(value.toTensor());
    else if (scalarIsIntegral(value))
      slice.fillInt_(scalarI(value));
    else
      slice.fill_(value.toDouble());
  }
  self.bumpVersion();
  return selfV;
}

Tensor maskedSelect(const Tensor& self, const Tensor& mask) {
  if (mask.dtype() != ScalarType::Bool && mask.dtype() != ScalarType::UInt8)
    throw RuntimeError(str("masked_select: expected BoolTensor or ByteTensor for mask"));
  const std::vector<int64_t> shape = inferBroadcastShape(mask.sizes(), self.sizes());  // expand_outplace(mask, self)
  const Tensor s = self.expand(shape), m = mask.expand(shape);
  std::vector<int64_t> picked;
  const std::vector<bool> mv = [&] {
    std::vector<uint8_t> raw = toVector<uint8_t>(m);
    // PyTorch 1.13 checks a uint8 mask's values (conformance/pt113-corpus, fuzz_ops-11-1150).
    if (m.dtype() == ScalarType::UInt8)
      for (uint8_t v : raw)
        if (v > 1) throw RuntimeError("Mask tensor can take 0 and 1 values only");
    return std::vector<bool>(raw.begin(), raw.end());
  }();
  const std::vector<int64_t> offs = offsetsOf(s.sizes(), s.strides());
  for (size_t i = 0; i < offs.size(); ++i)
    if (mv[i]) picked.push_back(offs[i]);
  Tensor out = Tensor::empty({static_cast<int64_t>(picked.size())}, self.dtype(), self.device());
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* sp = static_cast<const T*>(s.data());
    T* o = static_cast<T*>(out.data());
    for (size_t i = 0; i < picked.size(); ++i) o[i] = sp[picked[i]];
  });
  return out;
}

}  // namespace

void registerIndexingKernels() {
  auto indexOp = op([](IValue* a) { return IValue(index(a[0].toTensor(), tensorList(a[1]))); });
  def("aten::index.Tensor", indexOp);
  def("aten::index.Tensor_hacked_twin", indexOp);
  auto putOp = op([](IValue* a) { return indexPut(a[0], tensorList(a[1]), a[2].toTensor(), a[3].toBool()); });
  def("aten::index_put_", putOp);
  def("aten::index_put_.hacked_twin", putOp);
  def("aten::index_select", op([](IValue* a) {
        return IValue(indexSelect(a[0].toTensor(), a[1].toInt(), a[2].toTensor()));
      }));
  def("aten::index_add", op([](IValue* a) {
        Tensor out = a[0].toTensor().clone(MemoryFormat::Contiguous);
        indexAddInto(out, a[1].toInt(), a[2].toTensor(), a[3].toTensor(), a[4]);
        return IValue(out);
      }));
  def("aten::index_add_", op([](IValue* a) {
        indexAddInto(a[0].toTensor(), a[1].toInt(), a[2].toTensor(), a[3].toTensor(), a[4]);
        return a[0];
      }));
  auto fillOp = op([](IValue* a) { return indexFill(a[0], a[1].toInt(), a[2].toTensor(), a[3]); });
  def("aten::index_fill_.int_Scalar", fillOp);
  def("aten::index_fill_.int_Tensor", fillOp);
  def("aten::masked_select", op([](IValue* a) { return IValue(maskedSelect(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::nonzero", op([](IValue* a) { return IValue(nonzero(a[0].toTensor())); }));
  registerIndexingScatterKernels();
  registerIndexingSortKernels();
  registerIndexingMoreKernels();
}

}  // namespace tsjit::kernels
