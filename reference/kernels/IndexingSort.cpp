// IndexingSort.cpp — reference kernels of sort, argsort and topk (Indexing family, part 2;
// registered by registerIndexingKernels()).
//
// Invariants: ordering is PyTorch's: NaN compares greater than every number (last when ascending,
// first when descending); equal values keep their original order (a stable sort — what PyTorch's
// CPU sort gives for stable=True and, for the small slices of the corpus, also otherwise). topk
// follows 1.13's selection algorithm (see topk below). Values keep self's dtype (copied
// exactly); indices are int64. Results are fresh tensors: row-major, except that a full sort of a
// dense, non-overlapping input keeps its strides (as 1.13 does).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "jit/tensor/Iterate.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// Orders two elements of one slice: true when x goes before y.
struct SliceOrder {
  bool floating;
  bool descending;
  const std::vector<double>* dv;
  const std::vector<int64_t>* iv;
  bool operator()(size_t x, size_t y) const {
    if (floating) {
      const double a = (*dv)[x], b = (*dv)[y];
      const bool an = std::isnan(a), bn = std::isnan(b);
      if (descending) return (an && !bn) || (!an && !bn && a > b);
      return (!an && bn) || (!an && !bn && a < b);
    }
    const int64_t a = (*iv)[x], b = (*iv)[y];
    return descending ? a > b : a < b;
  }
};

// Sorts every slice of self along dim; keeps the first `keep` entries (all when keep < 0).
// Returns (values, indices) shaped like self with dim resized to keep.
std::pair<Tensor, Tensor> sortSlices(const Tensor& self, int64_t dimArg, bool descending, int64_t keep) {
  const bool zeroDim = self.dim() == 0;
  Tensor src = zeroDim ? self.reshape({1}) : self;
  const int64_t dim = wrapDim(dimArg, src.dim());
  const int64_t n = src.size(dim);
  const int64_t k = keep < 0 ? n : keep;
  std::vector<int64_t> outSizes = src.sizes();
  outSizes[static_cast<size_t>(dim)] = k;
  // A full sort (sort, argsort) lays its results out like self, as empty_like (PyTorch 1.13
  // allocates them so; python3-torch 1.13.1: a [3, 3, 2] input of strides [6, 1, 3] sorts into
  // strides [6, 1, 3], x.t()[::2] of strides [2, 6] into [1, 3]); topk gives row-major results.
  const bool likeSelf = keep < 0;
  Tensor values = likeSelf ? Tensor::emptyLike(src) : Tensor::empty(outSizes, self.dtype());
  Tensor indices = likeSelf ? Tensor::emptyLike(src, ScalarType::Int64) : Tensor::empty(outSizes, ScalarType::Int64);
  std::vector<int64_t> sliceSizes = src.sizes();
  sliceSizes[static_cast<size_t>(dim)] = 1;
  const bool floating = isFloating(src);
  std::vector<double> dv(static_cast<size_t>(n));
  std::vector<int64_t> iv(static_cast<size_t>(n));
  std::vector<int64_t> srcLin(static_cast<size_t>(n));
  forEachIndex(sliceSizes, [&](const int64_t* base) {
    std::vector<int64_t> idx(base, base + src.dim());
    for (int64_t j = 0; j < n; ++j) {
      idx[static_cast<size_t>(dim)] = j;
      const int64_t lin = ravel(idx, src.sizes());
      srcLin[static_cast<size_t>(j)] = lin;
      if (floating)
        dv[static_cast<size_t>(j)] = src.getDouble(lin);
      else
        iv[static_cast<size_t>(j)] = src.getInt64(lin);
    }
    std::vector<size_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), SliceOrder{floating, descending, &dv, &iv});
    for (int64_t j = 0; j < k; ++j) {
      idx[static_cast<size_t>(dim)] = j;
      const int64_t o = ravel(idx, outSizes);
      const size_t from = order[static_cast<size_t>(j)];
      copyElem(values, o, src, srcLin[from]);
      indices.setInt64(o, static_cast<int64_t>(from));
    }
  });
  if (zeroDim) {
    values = values.reshape({});
    indices = indices.reshape({});
  }
  return {values, indices};
}

std::vector<IValue> two(const std::pair<Tensor, Tensor>& p) {
  std::vector<IValue> out;
  out.emplace_back(p.first);
  out.emplace_back(p.second);
  return out;
}

// topk: which k elements, and in what order, follow 1.13's CPU selection, since an unsorted topk's
// order and the order of ties are whatever that algorithm leaves: per slice, the (value, index)
// entries in index order; std::partial_sort of the first k when 64k <= n, else std::nth_element
// at k - 1 followed (sorted=True) by std::sort of the first k - 1; NaN counts as the largest.
// (Checked against python3-torch 1.13.1 on 3,000 random slices with ties and NaN.)
std::vector<IValue> topk(Args& a) {
  Tensor self = tensorArg(a, 0);
  const int64_t k = intArg(a, 1);
  const int64_t dim = wrapDim(intArg(a, 2), self.dim());
  const bool largest = boolArg(a, 3);
  const bool sorted = boolArg(a, 4);
  const int64_t size = self.dim() > 0 ? self.size(dim) : 1;
  if (k < 0 || k > size) throw RuntimeError("selected index k out of range");
  const bool zeroDim = self.dim() == 0;
  Tensor src = zeroDim ? self.reshape({1}) : self;
  std::vector<int64_t> outSizes = src.sizes();
  outSizes[static_cast<size_t>(dim)] = k;
  Tensor values = Tensor::empty(outSizes, self.dtype());
  Tensor indices = Tensor::empty(outSizes, ScalarType::Int64);
  std::vector<int64_t> sliceSizes = src.sizes();
  sliceSizes[static_cast<size_t>(dim)] = 1;
  const bool floating = isFloating(src);
  struct Entry {
    double d;
    int64_t i;  // the value, as a double (floating dtypes) or int64 (integral ones)
    int64_t at;
  };
  auto goesFirst = [&](const Entry& x, const Entry& y) {
    if (floating) {
      const bool xn = std::isnan(x.d), yn = std::isnan(y.d);
      return largest ? (xn && !yn) || x.d > y.d : (!xn && yn) || x.d < y.d;
    }
    return largest ? x.i > y.i : x.i < y.i;
  };
  if (k > 0 && values.numel() > 0) {
    forEachIndex(sliceSizes, [&](const int64_t* base) {
      std::vector<int64_t> idx(base, base + src.dim());
      std::vector<Entry> entries;
      std::vector<int64_t> linear;
      for (int64_t j = 0; j < size; ++j) {
        idx[static_cast<size_t>(dim)] = j;
        const int64_t lin = ravel(idx, src.sizes());
        linear.push_back(lin);
        entries.push_back(floating ? Entry{src.getDouble(lin), 0, j} : Entry{0.0, src.getInt64(lin), j});
      }
      if (k * 64 <= size) {
        std::partial_sort(entries.begin(), entries.begin() + k, entries.end(), goesFirst);
      } else {
        std::nth_element(entries.begin(), entries.begin() + (k - 1), entries.end(), goesFirst);
        if (sorted) std::sort(entries.begin(), entries.begin() + (k - 1), goesFirst);
      }
      for (int64_t j = 0; j < k; ++j) {
        idx[static_cast<size_t>(dim)] = j;
        const int64_t o = ravel(idx, outSizes);
        const Entry& e = entries[static_cast<size_t>(j)];
        copyElem(values, o, src, linear[static_cast<size_t>(e.at)]);
        indices.setInt64(o, e.at);
      }
    });
  }
  if (zeroDim) {
    values = values.reshape({});
    indices = indices.reshape({});
  }
  return two({values, indices});
}

}  // namespace

void registerIndexingUniqueKernels();  // IndexingUnique.cpp: _unique2, unique_dim

void registerIndexingSortKernels() {
  registerIndexingUniqueKernels();
  // list.sort() of a Tensor list: by bool(a < b), so every element must hold exactly one value;
  // equal elements keep their order (reversed with reverse=True, as 1.13's insertion sort leaves them).
  def("aten::sort.Tensor", [](Args& a) {
    auto& items = a.at(0).toListRef().items;
    for (const IValue& v : items)
      if (v.toTensor().numel() != 1)
        throw RuntimeError(v.toTensor().numel() == 0 ? "Boolean value of Tensor with no values is ambiguous"
                                                     : "Boolean value of Tensor with more than one value is ambiguous");
    std::stable_sort(items.begin(), items.end(),
                     [](const IValue& x, const IValue& y) { return x.toTensor().itemDouble() < y.toTensor().itemDouble(); });
    if (a.at(1).toBool()) std::reverse(items.begin(), items.end());
    return std::vector<IValue>{};
  });
  def("aten::sort", [](Args& a) { return two(sortSlices(tensorArg(a, 0), intArg(a, 1), boolArg(a, 2), -1)); });
  def("aten::sort.stable", [](Args& a) {
    // stable=None: 1.13 fails an internal assert with this text (python3-torch 1.13.1).
    if (a.at(1).isNone())
      throw RuntimeError(
          "stable.has_value() INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/Sorting.cpp\":42, please report a bug "
          "to PyTorch. sort(): c10::optional<bool> for stable has to have value.");
    return two(sortSlices(tensorArg(a, 0), intArg(a, 2), boolArg(a, 3), -1));
  });
  def("aten::argsort",
      [](Args& a) { return one(sortSlices(tensorArg(a, 0), intArg(a, 1), boolArg(a, 2), -1).second); });
  def("aten::argsort.stable",
      [](Args& a) { return one(sortSlices(tensorArg(a, 0), intArg(a, 2), boolArg(a, 3), -1).second); });
  def("aten::topk", topk);
}

}  // namespace tsjit::reference
