// Indexing.cpp — reference kernels of the Indexing family: advanced indexing (index, index_put_),
// index_select, index_add(_), index_fill_, gather, scatter(_), scatter_add, masked_select and
// nonzero. sort / argsort / topk live in IndexingSort.cpp; take, take_along_dim, index_copy(_),
// masked_scatter(_), index_fill and scatter_reduce(_) in IndexingMore.cpp.
//
// Advanced indexing follows PyTorch: a Tensor?[] list addresses self's leading dims (None = the
// whole dim); bool/uint8 masks stand for the long index tensors of their nonzero() positions and
// consume as many dims as they have; all index tensors broadcast together; the broadcast index
// shape replaces the indexed dims in place when they are adjacent, else it goes first.
// Invariants: functional kernels return fresh contiguous tensors; in-place kernels (index_put_,
// index_add_, index_fill_, scatter_) write into self and return the IValue they received. Index
// errors carry PyTorch's wording and Python type (IndexError where PyTorch raises one).
#include <algorithm>
#include <optional>

#include "jit/tensor/Broadcast.h"
#include "jit/tensor/Iterate.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

[[noreturn]] void indexError(const std::string& msg) { throw RuntimeError(msg, "IndexError"); }

// ---- advanced indexing ----------------------------------------------------------------------------

std::vector<int64_t> nonzeroPositions(const Tensor& t) {  // row-major multi-indices, flattened
  std::vector<int64_t> out;
  forEachIndex(t.sizes(), [&](const int64_t* idx) {
    const int64_t lin = ravel(idx, t.sizes());
    const bool nz = isFloating(t) ? t.getDouble(lin) != 0 : t.getInt64(lin) != 0;
    if (nz) out.insert(out.end(), idx, idx + t.dim());
  });
  return out;
}

struct AdvancedIndex {
  std::vector<int64_t> selfSizes;
  std::vector<Tensor> perDim;          // one entry per self dim: an index tensor, or undefined
  std::vector<int64_t> indexShape;     // broadcast shape of the index tensors
  std::vector<int64_t> resultSizes;
  int64_t insertAt = 0;                // first result dim of the index block
  std::vector<int64_t> resultDimOfSelf;  // result dim of each non-indexed self dim (-1 if indexed)

  // The self linear index of a result multi-index; IndexError when an index is out of range.
  // PyTorch's index kernel checks the index tensors in list order and names the failing one by
  // its position among the index tensors ("dimension 0" is the first index tensor, whichever
  // self dim it indexes).
  int64_t selfLinear(const int64_t* r) const {
    const int64_t bl = ravel(r + insertAt, indexShape);
    int64_t lin = 0;
    int64_t which = 0;
    for (size_t d = 0; d < selfSizes.size(); ++d) {
      int64_t i;
      if (perDim[d].defined()) {
        i = perDim[d].getInt64(bl);
        const int64_t n = selfSizes[d];
        if (i < -n || i >= n)
          indexError(str("index ", i, " is out of bounds for dimension ", which, " with size ", n));
        ++which;
        if (i < 0) i += n;
      } else {
        i = r[resultDimOfSelf[d]];
      }
      lin = lin * selfSizes[d] + i;
    }
    return lin;
  }
};

AdvancedIndex makeIndex(const Tensor& self, const std::vector<Tensor>& indices) {
  AdvancedIndex ai;
  ai.selfSizes = self.sizes();
  const int64_t ndim = self.dim();
  if (static_cast<int64_t>(indices.size()) > ndim)
    indexError(str("too many indices for tensor of dimension ", ndim, " (got ", indices.size(), ")"));
  std::vector<Tensor> perDim;
  for (const Tensor& ix : indices) {
    if (!ix.defined()) {
      perDim.emplace_back();
      continue;
    }
    const ScalarType dt = ix.dtype();
    if (dt == ScalarType::Bool || dt == ScalarType::UInt8) {
      const size_t base = perDim.size();
      for (int64_t j = 0; j < ix.dim(); ++j) {
        const int64_t srcIdx = static_cast<int64_t>(base) + j;
        if (srcIdx >= ndim || ix.size(j) != self.size(srcIdx))
          indexError(str("The shape of the mask ", formatInts(ix.sizes()), " at index ", j,
                         " does not match the shape of the indexed tensor ", formatInts(self.sizes()),
                         " at index ", srcIdx));
      }
      const std::vector<int64_t> pos = nonzeroPositions(ix);
      const int64_t k = ix.dim(), count = k == 0 ? 0 : static_cast<int64_t>(pos.size()) / k;
      for (int64_t j = 0; j < k; ++j) {
        std::vector<int64_t> col(static_cast<size_t>(count));
        for (int64_t n = 0; n < count; ++n) col[static_cast<size_t>(n)] = pos[static_cast<size_t>(n * k + j)];
        perDim.push_back(Tensor::fromInt64s(col, {count}));
      }
      continue;
    }
    if (dt != ScalarType::Int64) indexError("tensors used as indices must be long, byte or bool tensors");
    perDim.push_back(ix);
  }
  if (static_cast<int64_t>(perDim.size()) > ndim)
    indexError(str("too many indices for tensor of dimension ", ndim, " (got ", perDim.size(), ")"));
  perDim.resize(static_cast<size_t>(ndim));

  std::vector<std::vector<int64_t>> shapes;
  for (const Tensor& t : perDim)
    if (t.defined()) shapes.push_back(t.sizes());
  // No index tensor (only 0-dim masks, whose nonzero() has no columns): every element of self.
  try {
    ai.indexShape = inferBroadcastShape(shapes);
  } catch (const RuntimeError&) {
    std::string list;
    for (size_t i = 0; i < shapes.size(); ++i) list += (i ? ", " : "") + formatInts(shapes[i]);
    indexError("shape mismatch: indexing tensors could not be broadcast together with shapes " + list);
  }
  int64_t first = -1, last = -1;
  bool adjacent = true;
  for (int64_t d = 0; d < ndim; ++d) {
    if (!perDim[static_cast<size_t>(d)].defined()) continue;
    if (first < 0) first = d;
    if (last >= 0 && d != last + 1) adjacent = false;
    last = d;
  }
  for (Tensor& t : perDim)
    if (t.defined()) t = t.expand(ai.indexShape);
  ai.perDim = perDim;
  ai.insertAt = adjacent && first >= 0 ? first : 0;
  ai.resultDimOfSelf.assign(static_cast<size_t>(ndim), -1);
  const int64_t nb = static_cast<int64_t>(ai.indexShape.size());
  int64_t r = 0;
  for (int64_t d = 0; d < ndim; ++d) {
    if (perDim[static_cast<size_t>(d)].defined()) continue;
    if (r == ai.insertAt) r += nb;  // the index block comes here
    ai.resultDimOfSelf[static_cast<size_t>(d)] = r++;
  }
  const int64_t total = r < ai.insertAt + nb ? ai.insertAt + nb : r;
  ai.resultSizes.assign(static_cast<size_t>(total), 0);
  for (int64_t k = 0; k < nb; ++k) ai.resultSizes[static_cast<size_t>(ai.insertAt + k)] = ai.indexShape[static_cast<size_t>(k)];
  for (int64_t d = 0; d < ndim; ++d)
    if (ai.resultDimOfSelf[static_cast<size_t>(d)] >= 0)
      ai.resultSizes[static_cast<size_t>(ai.resultDimOfSelf[static_cast<size_t>(d)])] = self.size(d);
  // PyTorch's AdvancedIndex refuses an indexed dim of size 0 up front unless the index shape is
  // itself empty (no index value could be valid); every other bounds check happens per result
  // element in the kernel, so an empty result checks nothing.
  bool emptyIndex = false;
  for (int64_t s : ai.indexShape) emptyIndex = emptyIndex || s == 0;
  for (int64_t d = 0; d < ndim; ++d)
    if (perDim[static_cast<size_t>(d)].defined() && self.size(d) == 0 && !emptyIndex)
      indexError("index is out of bounds for dimension with size 0");
  return ai;
}

// The order in which PyTorch 1.13's CPU index kernel visits the result elements, as result dims
// innermost first. The kernel runs a TensorIterator over result-shaped operands: self with the
// indexed dims replaced by the index block at stride 0, then each index tensor viewed with size-1
// dims around the block (size-1 dims that the result broadcasts count as stride 0). Its dims start
// innermost-last and are insertion-sorted: the first operand whose two strides are both non-zero
// and differ decides; equal strides put the larger dim outside; otherwise the pair keeps its order.
std::vector<size_t> kernelVisitOrder(const AdvancedIndex& ai, const Tensor& self) {
  const size_t nd = ai.resultSizes.size();
  std::vector<std::vector<int64_t>> operands;
  std::vector<int64_t> src(nd, 0);
  for (size_t d = 0; d < ai.selfSizes.size(); ++d)
    if (ai.resultDimOfSelf[d] >= 0) src[static_cast<size_t>(ai.resultDimOfSelf[d])] = self.stride(static_cast<int64_t>(d));
  operands.push_back(src);
  std::vector<int64_t> viewShape(nd, 1);
  for (size_t k = 0; k < ai.indexShape.size(); ++k) viewShape[static_cast<size_t>(ai.insertAt) + k] = ai.indexShape[k];
  for (const Tensor& t : ai.perDim) {
    if (!t.defined()) continue;
    std::vector<int64_t> st = t.reshape(viewShape).strides();
    for (size_t k = 0; k < nd; ++k)
      if (viewShape[k] == 1 && ai.resultSizes[k] != 1) st[k] = 0;
    operands.push_back(st);
  }
  auto outside = [&](size_t a, size_t b) {  // 1: a goes outside b, -1: inside, 0: no opinion
    for (const std::vector<int64_t>& st : operands) {
      if (st[a] == 0 || st[b] == 0) continue;
      if (st[a] < st[b]) return -1;
      if (st[a] > st[b]) return 1;
      if (ai.resultSizes[a] > ai.resultSizes[b]) return 1;
    }
    return 0;
  };
  std::vector<size_t> order(nd);
  for (size_t k = 0; k < nd; ++k) order[k] = nd - 1 - k;
  for (size_t i = 1; i < nd; ++i) {
    size_t moving = i;
    for (size_t before = i; before-- > 0;) {
      const int c = outside(order[before], order[moving]);
      if (c < 0) break;
      if (c > 0) {
        std::swap(order[before], order[moving]);
        moving = before;
      }
    }
  }
  return order;
}

std::vector<IValue> index(Args& a) {
  Tensor self = tensorArg(a, 0);
  const AdvancedIndex ai = makeIndex(self, optTensorListArg(a, 1));
  Tensor out = Tensor::empty(ai.resultSizes, self.dtype());
  // Visit the elements in the kernel's order, so that the first out-of-range index PyTorch meets
  // is the one reported.
  const std::vector<size_t> order = kernelVisitOrder(ai, self);
  std::vector<int64_t> r(ai.resultSizes.size(), 0);
  for (int64_t n = 0; n < out.numel(); ++n) {
    copyElem(out, ravel(r.data(), ai.resultSizes), self, ai.selfLinear(r.data()));
    for (size_t d : order) {
      if (++r[d] < ai.resultSizes[d]) break;
      r[d] = 0;
    }
  }
  return one(out);
}

std::vector<IValue> indexPut(Args& a) {
  Tensor self = tensorArg(a, 0);
  const AdvancedIndex ai = makeIndex(self, optTensorListArg(a, 1));
  Tensor values = tensorArg(a, 2);
  const bool accumulate = boolArg(a, 3);
  if (!isExpandableTo(values.sizes(), ai.resultSizes))
    throw RuntimeError(str("shape mismatch: value tensor of shape ", formatInts(values.sizes()),
                           " cannot be broadcast to indexing result of shape ", formatInts(ai.resultSizes)));
  if (values.dtype() != self.dtype())
    throw RuntimeError(str("Index put requires the source and destination dtypes match, got ", self.dtype(),
                           " for the destination and ", values.dtype(), " for the source."));
  Tensor v = values.expand(ai.resultSizes).contiguous();  // read before any write (values may alias self)
  forEachIndex(ai.resultSizes, [&](const int64_t* r) {
    const int64_t s = ai.selfLinear(r), i = ravel(r, ai.resultSizes);
    if (!accumulate)
      copyElem(self, s, v, i);
    else if (isFloating(self))
      self.setDouble(s, self.getDouble(s) + v.getDouble(i));
    else
      self.setInt64(s, static_cast<int64_t>(static_cast<uint64_t>(self.getInt64(s)) + static_cast<uint64_t>(v.getInt64(i))));
  });
  self.bumpVersion();
  return one(a[0]);
}

// ---- dim-wise index ops -----------------------------------------------------------------------------

std::vector<int64_t> indexVector(const Tensor& index) { return index.toInt64s(); }

Tensor asAtLeast1d(const Tensor& t) { return t.dim() == 0 ? t.reshape({1}) : t; }

std::vector<IValue> indexSelect(Args& a) {
  Tensor self = tensorArg(a, 0);
  const int64_t dim = wrapDim(intArg(a, 1), self.dim());
  Tensor index = tensorArg(a, 2);
  if (index.dim() > 1) indexError("index_select(): Index is supposed to be a vector");
  if (self.dim() == 0 && index.numel() != 1)
    throw RuntimeError(str("index_select(): Index to scalar can have only 1 value, got ", index.numel(), " value(s)"));
  if (index.dtype() != ScalarType::Int64 && index.dtype() != ScalarType::Int32)
    throw RuntimeError("index_select(): Expected dtype int32 or int64 for index");
  const std::vector<int64_t> idx = indexVector(index);
  Tensor src = asAtLeast1d(self);
  std::vector<int64_t> outSizes = src.sizes();
  outSizes[static_cast<size_t>(dim)] = static_cast<int64_t>(idx.size());
  Tensor out = Tensor::empty(outSizes, self.dtype());
  const int64_t n = src.size(dim);
  // PyTorch's path for a multi-dim self: an empty index returns at once; an empty self needs a
  // non-empty indexed dim and indices in [-n, n); otherwise every index must lie in [0, n).
  if (self.dim() > 1 && idx.empty()) return one(out);
  if (self.dim() > 1 && self.numel() == 0) {
    if (n == 0) indexError("index_select(): self indexing axis dim should be positive");
    for (int64_t i : idx)
      if (i < -n || i >= n) indexError("index out of range in self");
    return one(out);
  }
  for (int64_t i : idx)
    if (i < 0 || i >= n) indexError("index out of range in self");
  forEachIndex(outSizes, [&](const int64_t* o) {
    std::vector<int64_t> s(o, o + outSizes.size());
    const int64_t i = idx[static_cast<size_t>(o[dim])];
    if (i < 0 || i >= n) indexError("index out of range in self");
    s[static_cast<size_t>(dim)] = i;
    copyElem(out, ravel(o, outSizes), src, ravel(s, src.sizes()));
  });
  if (self.dim() == 0) out = out.reshape({});
  return one(out);
}

// self[..., index[i], ...] += alpha * source[..., i, ...], in place on `self`. PyTorch 1.13's
// checks, in order: dim; index rank (IndexError), index dtype, equal dtypes, dim within source,
// index count (its message reads source.size(dim), which itself fails for a 0-dim source); then
// the CPU kernel: for self.dim() > 1 the slices self[dim=0] and source[dim=0] broadcast as an
// in-place add (source may broadcast, self may not grow), for self.dim() <= 1 source must have at
// most one dim; every index must lie in [0, size) ("index out of range in self", IndexError).
void indexAddInto(const Tensor& self, int64_t dimArg, const Tensor& index, const Tensor& source, const IValue& alpha) {
  const int64_t dim = wrapDim(dimArg, self.dim());
  if (index.dim() > 1)
    indexError(str("index_add_(): Index is supposed to be a vector, but got dim: ", index.dim(), " with type: ",
                   index.dtype(), " and size: ", formatInts(index.sizes())));
  if (index.dtype() != ScalarType::Int64 && index.dtype() != ScalarType::Int32)
    throw RuntimeError(str("index_add_(): Expected dtype int32/int64 for index but got: ", index.dtype()));
  if (self.dtype() != source.dtype())
    throw RuntimeError(str("index_add_(): self (", self.dtype(), ") and source (", source.dtype(),
                           ") must have the same scalar type"));
  if (!(dim == 0 || dim < source.dim()))
    throw RuntimeError(str("index_add_(): Indexing dim ", dim, " is out of bounds of the source tensor with dim ",
                           source.dim()));
  const int64_t srcDimSize = source.dim() == 0 ? 1 : source.size(dim);
  if (index.numel() != srcDimSize)
    throw RuntimeError(str("index_add_(): Number of indices (", index.numel(), ") should be equal to source.size(dim): (",
                           source.size(dim), "), for dim: ", dim));
  const std::vector<int64_t> idx = indexVector(index);
  if (self.dim() > 1) {
    if (idx.empty()) return;
    const Tensor selfSlice = self.select(dim, 0), sourceSlice = source.select(dim, 0);
    const std::vector<int64_t> shape = inferBroadcastShape(selfSlice.sizes(), sourceSlice.sizes());
    if (shape != selfSlice.sizes())
      throw RuntimeError(str("output with shape ", formatInts(selfSlice.sizes()), " doesn't match the broadcast shape ",
                             formatInts(shape)));
  } else if (source.dim() > 1) {
    throw RuntimeError(str("source.dim() (", source.dim(), ") must one or zero for given self.dim() (", self.dim(), ")"));
  }
  Tensor dst = asAtLeast1d(self);
  const int64_t n = dst.size(dim);
  for (size_t k = 0; k < idx.size(); ++k) {
    const int64_t i = idx[k];
    if (i < 0 || i >= n) indexError("index out of range in self");
    const Tensor d = dst.select(dim, i);
    const Tensor s = source.dim() == 0 ? source : asAtLeast1d(source).select(dim, static_cast<int64_t>(k)).expand(d.sizes());
    for (int64_t e = 0; e < d.numel(); ++e) {
      if (isFloating(dst))
        d.setDouble(e, d.getDouble(e) + alpha.toScalarAsDouble() * s.getDouble(e));
      else
        d.setInt64(e, d.getInt64(e) + scalarAsInt(alpha) * s.getInt64(e));
    }
  }
  self.bumpVersion();
}

void indexFillInto(const Tensor& self, int64_t dimArg, const Tensor& index, const IValue& value) {
  if (index.dtype() != ScalarType::Int64) indexError("index_fill_(): Expected dtype int64 for index.");
  const int64_t dim = wrapDim(dimArg, self.dim());  // after the dtype check, as 1.13
  if (index.dim() > 1) throw RuntimeError("Index has to be a vector/scalar");
  Tensor dst = asAtLeast1d(self);
  const int64_t n = dst.size(dim);
  for (int64_t i : indexVector(index)) {
    if (i < -n || i >= n)
      indexError(str("index ", i, " is out of bounds for dimension ", dim, " with size ", n));
    Tensor slice = dst.select(dim, i < 0 ? i + n : i);
    for (int64_t k = 0; k < slice.numel(); ++k) setScalar(slice, k, value);
  }
  self.bumpVersion();
}

IValue tensorValueAsScalar(const Tensor& v) {
  if (v.dim() != 0)
    throw RuntimeError(str("index_fill_ only supports a 0-dimensional value tensor, but got tensor with ", v.dim(),
                           " dimension(s)."));
  if (isFloating(v)) return IValue(v.getDouble(0));
  if (v.dtype() == ScalarType::Bool) return IValue(v.getInt64(0) != 0);
  return IValue(v.getInt64(0));
}

// ---- gather / scatter ---------------------------------------------------------------------------------

int64_t nonemptySize(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
int64_t nonemptyDim(const Tensor& t) { return t.dim() == 0 ? 1 : t.dim(); }

std::vector<IValue> gather(Args& a) {
  Tensor self = tensorArg(a, 0);
  const int64_t dim = wrapDim(intArg(a, 1), self.dim());
  Tensor index = tensorArg(a, 2);
  // PyTorch 1.13 checks neither the dtype nor the shape of an empty index.
  if (index.numel() == 0) return one(Tensor::empty(index.sizes(), self.dtype()));
  if (index.dtype() != ScalarType::Int64) throw RuntimeError("gather(): Expected dtype int64 for index");
  if (nonemptyDim(self) != nonemptyDim(index))
    throw RuntimeError("Index tensor must have the same number of dimensions as input tensor");
  for (int64_t d = 0; d < nonemptyDim(self); ++d)
    if (d != dim && nonemptySize(index, d) > nonemptySize(self, d))
      throw RuntimeError(str("Size does not match at dimension ", d, " expected index ", formatInts(index.sizes()),
                             " to be smaller than self ", formatInts(self.sizes()), " apart from dimension ", dim));
  Tensor src = asAtLeast1d(self), ix = asAtLeast1d(index);
  Tensor out = Tensor::empty(index.sizes(), self.dtype());
  const int64_t n = src.size(dim);
  forEachIndex(ix.sizes(), [&](const int64_t* o) {
    const int64_t ol = ravel(o, ix.sizes());
    const int64_t i = ix.getInt64(ol);
    if (i < 0 || i >= n)
      throw RuntimeError(str("index ", i, " is out of bounds for dimension ", dim, " with size ", n));
    std::vector<int64_t> s(o, o + ix.dim());
    s[static_cast<size_t>(dim)] = i;
    copyElem(out, ol, src, ravel(s, src.sizes()));
  });
  return one(out);
}

enum class ScatterReduce { None, Add, Multiply };

ScatterReduce parseReduce(const std::string& r) {
  if (r == "add") return ScatterReduce::Add;
  if (r == "multiply") return ScatterReduce::Multiply;
  throw RuntimeError("reduce argument must be either add or multiply.");
}

// Scatters src (a tensor) or value (a Python scalar) into self in place, with PyTorch 1.13's
// checks in its order: dim; index dtype (only for a non-empty index); src dtype; for a non-empty
// index its rank and sizes (index.size(d) <= self.size(d) for d != dim, <= src.size(d) for every
// d — reading src.size(d) past src's rank raises); the reduce name; then each index in
// [0, self.size(dim)). With duplicate indices the last write wins (PyTorch's CPU order).
// Element o of index reads src at o (src's further dims, if any, at 0).
void scatterInto(const Tensor& self, int64_t dimArg, const Tensor& index, const Tensor* src, const IValue* value,
                 const std::optional<std::string>& reduceName, bool forceAdd) {
  const int64_t dim = wrapDim(dimArg, self.dim());
  if (index.numel() != 0 && index.dtype() != ScalarType::Int64)
    throw RuntimeError("scatter(): Expected dtype int64 for index");
  if (src && src->dtype() != self.dtype())
    throw RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype");
  if (index.numel() != 0) {
    if (nonemptyDim(self) != nonemptyDim(index))
      throw RuntimeError("Index tensor must have the same number of dimensions as self tensor");
    bool wrong = false;
    for (int64_t d = 0; d < nonemptyDim(self) && !wrong; ++d)
      if (d != dim && nonemptySize(index, d) > nonemptySize(self, d)) wrong = true;
    if (src && !wrong)
      for (int64_t d = 0; d < nonemptyDim(self) && !wrong; ++d)
        if (nonemptySize(index, d) > nonemptySize(*src, d)) wrong = true;
    if (wrong) {
      std::string msg = str("Expected index ", formatInts(index.sizes()), " to be smaller than self ",
                            formatInts(self.sizes()), " apart from dimension ", dim);
      if (src) msg += str(" and to be smaller size than src ", formatInts(src->sizes()));
      throw RuntimeError(msg);
    }
  }
  const ScatterReduce reduce = forceAdd ? ScatterReduce::Add : reduceName ? parseReduce(*reduceName) : ScatterReduce::None;
  if (index.numel() == 0) return;
  Tensor dst = asAtLeast1d(self), ix = asAtLeast1d(index);
  Tensor s = src ? asAtLeast1d(*src) : Tensor();
  const int64_t n = dst.size(dim);
  const bool fl = isFloating(dst);
  forEachIndex(ix.sizes(), [&](const int64_t* o) {
    const int64_t i = ix.getInt64(ravel(o, ix.sizes()));
    if (i < 0 || i >= n)
      throw RuntimeError(str("index ", i, " is out of bounds for dimension ", dim, " with size ", n));
    std::vector<int64_t> d(o, o + ix.dim());
    d[static_cast<size_t>(dim)] = i;
    const int64_t dl = ravel(d, dst.sizes());
    int64_t sl = 0;
    if (src) {
      std::vector<int64_t> at(static_cast<size_t>(s.dim()), 0);
      for (int64_t k = 0; k < ix.dim() && k < s.dim(); ++k) at[static_cast<size_t>(k)] = o[k];
      sl = ravel(at, s.sizes());
    }
    if (fl) {
      const double v = src ? s.getDouble(sl) : value->toScalarAsDouble();
      const double cur = dst.getDouble(dl);
      dst.setDouble(dl, reduce == ScatterReduce::Add ? cur + v : reduce == ScatterReduce::Multiply ? cur * v : v);
    } else {
      // A Scalar value converts as c10's Scalar::to<T>(): to Bool by != 0 (0.5 -> true), else truncated.
      const int64_t v = src                                ? s.getInt64(sl)
                        : dst.dtype() == ScalarType::Bool ? int64_t{value->toScalarAsDouble() != 0}
                                                          : scalarAsInt(*value);
      const int64_t cur = dst.getInt64(dl);
      dst.setInt64(dl, reduce == ScatterReduce::Add ? cur + v : reduce == ScatterReduce::Multiply ? cur * v : v);
    }
  });
  self.bumpVersion();
}

KernelFn scatterKernel(bool inplace, bool tensorSrc, bool withReduce, bool forceAdd = false) {
  return [=](Args& a) -> std::vector<IValue> {
    Tensor self = tensorArg(a, 0);
    Tensor target = inplace ? self : self.clone();
    Tensor src = tensorSrc ? tensorArg(a, 3) : Tensor();
    const std::optional<std::string> reduce = withReduce ? std::optional<std::string>(strArg(a, 4)) : std::nullopt;
    scatterInto(target, intArg(a, 1), tensorArg(a, 2), tensorSrc ? &src : nullptr, tensorSrc ? nullptr : &a[3],
                reduce, forceAdd);
    return inplace ? one(a[0]) : one(target);
  };
}

// ---- masks --------------------------------------------------------------------------------------------

std::vector<IValue> maskedSelect(Args& a) {
  Tensor self = tensorArg(a, 0), mask = tensorArg(a, 1);
  if (mask.dtype() != ScalarType::Bool && mask.dtype() != ScalarType::UInt8)
    throw RuntimeError("masked_select: expected BoolTensor or ByteTensor for mask");
  const std::vector<int64_t> shape = inferBroadcastShape(mask.sizes(), self.sizes());
  Tensor m = mask.expand(shape), s = self.expand(shape);
  std::vector<int64_t> picked;
  for (int64_t i = 0; i < m.numel(); ++i) {
    const int64_t v = m.getInt64(i);
    // PyTorch 1.13 checks a uint8 mask's values (conformance/pt113-corpus, fuzz_ops-11-1150).
    if (v > 1) throw RuntimeError("Mask tensor can take 0 and 1 values only");
    if (v != 0) picked.push_back(i);
  }
  Tensor out = Tensor::empty({static_cast<int64_t>(picked.size())}, self.dtype());
  for (size_t k = 0; k < picked.size(); ++k) copyElem(out, static_cast<int64_t>(k), s, picked[k]);
  return one(out);
}

std::vector<IValue> nonzero(Args& a) {
  Tensor self = tensorArg(a, 0);
  const std::vector<int64_t> pos = nonzeroPositions(self);
  const int64_t k = self.dim();
  int64_t count = 0;
  if (k == 0)
    count = (isFloating(self) ? self.getDouble(0) != 0 : self.getInt64(0) != 0) ? 1 : 0;
  else
    count = static_cast<int64_t>(pos.size()) / k;
  // PyTorch 1.13's layout: strides [1, count] (the corpus records them: red_bool_reductions).
  Tensor out = Tensor::empty_strided({count, k}, {1, count}, ScalarType::Int64);
  for (int64_t i = 0; i < count * k; ++i) out.setInt64(i, pos[static_cast<size_t>(i)]);
  return one(out);
}

}  // namespace

void registerIndexingKernels() {
  registerIndexingSortKernels();
  registerIndexingMoreKernels();
  def("aten::index.Tensor", index);
  def("aten::index.Tensor_hacked_twin", index);
  def("aten::index_put_", indexPut);
  def("aten::index_put_.hacked_twin", indexPut);
  def("aten::index_select", indexSelect);
  def("aten::index_add", [](Args& a) {
    Tensor out = tensorArg(a, 0).clone();
    indexAddInto(out, intArg(a, 1), tensorArg(a, 2), tensorArg(a, 3), a.at(4));
    return one(out);
  });
  def("aten::index_add_", [](Args& a) {
    indexAddInto(tensorArg(a, 0), intArg(a, 1), tensorArg(a, 2), tensorArg(a, 3), a.at(4));
    return one(a[0]);
  });
  def("aten::index_fill_.int_Scalar", [](Args& a) {
    indexFillInto(tensorArg(a, 0), intArg(a, 1), tensorArg(a, 2), a.at(3));
    return one(a[0]);
  });
  def("aten::index_fill_.int_Tensor", [](Args& a) {
    const IValue v = tensorValueAsScalar(tensorArg(a, 3));
    indexFillInto(tensorArg(a, 0), intArg(a, 1), tensorArg(a, 2), v);
    return one(a[0]);
  });
  def("aten::gather", gather);
  def("aten::scatter.src", scatterKernel(false, true, false));
  def("aten::scatter.value", scatterKernel(false, false, false));
  def("aten::scatter.reduce", scatterKernel(false, true, true));
  def("aten::scatter.value_reduce", scatterKernel(false, false, true));
  def("aten::scatter_.src", scatterKernel(true, true, false));
  def("aten::scatter_.value", scatterKernel(true, false, false));
  def("aten::scatter_.reduce", scatterKernel(true, true, true));
  def("aten::scatter_.value_reduce", scatterKernel(true, false, true));
  def("aten::scatter_add", scatterKernel(false, true, false, true));
  def("aten::masked_select", maskedSelect);
  def("aten::nonzero", nonzero);
}

}  // namespace tsjit::reference
