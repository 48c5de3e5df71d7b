// IndexingUnique.cpp — reference kernels of aten::_unique2, aten::unique_dim and
// aten::unique_consecutive (Indexing family, part 4; registered by registerIndexingSortKernels()).
// Invariants: every element is read through the tensor's logical index (getDouble for floating
// dtypes, getInt64 otherwise); records — single elements, or the slices along dim in the element
// order of self.transpose(0, dim), as 1.13 takes them — are sorted ascending (also for
// sorted=False, whose 1.13 order is its hash set's, unspecified) with NaN above every number and
// never equal to anything (each NaN its own entry). inverse / counts are int64, the empty [0]
// tensor when not requested (along a dim 1.13 returns both always); unique_consecutive merges runs
// of equal adjacent records without sorting; results along a dim are 1.13's transposed view.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// A tensor's elements as the comparisons read them: doubles or int64s, by logical index.
struct Elements {
  bool floating;
  std::vector<double> d;
  std::vector<int64_t> i;
  explicit Elements(const Tensor& t) : floating(isFloating(t)) {
    const int64_t n = t.numel();
    for (int64_t k = 0; k < n; ++k) {
      if (floating) d.push_back(t.getDouble(k));
      else i.push_back(t.getInt64(k));
    }
  }
  // -1, 0, 1 as element x orders against y; 2 when they are unordered and unequal (NaN, NaN).
  int compare(int64_t x, int64_t y) const {
    if (!floating) return i[x] < i[y] ? -1 : i[x] > i[y] ? 1 : 0;
    const double a = d[x], b = d[y];
    const bool an = std::isnan(a), bn = std::isnan(b);
    if (an && bn) return 2;
    if (an) return 1;
    if (bn) return -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
};

struct Groups {
  std::vector<int64_t> first, of, sizes;
};

// Groups `records` records of `len` consecutive elements (record r: elements r*len ... r*len+len-1):
// equal records, in ascending order when `sorted`, else runs of equal adjacent records.
Groups groupRecords(const Elements& e, int64_t records, int64_t len, bool sorted) {
  auto order = [&](int64_t x, int64_t y) {  // record x strictly before record y
    for (int64_t j = 0; j < len; ++j) {
      const int c = e.compare(x * len + j, y * len + j);
      if (c != 0) return c == -1;
    }
    return false;
  };
  auto equal = [&](int64_t x, int64_t y) {
    for (int64_t j = 0; j < len; ++j)
      if (e.compare(x * len + j, y * len + j) != 0) return false;
    return true;
  };
  std::vector<int64_t> visit(static_cast<size_t>(records));
  std::iota(visit.begin(), visit.end(), int64_t{0});
  if (sorted) std::stable_sort(visit.begin(), visit.end(), order);
  Groups g;
  g.of.assign(static_cast<size_t>(records), 0);
  for (int64_t r : visit) {
    if (g.first.empty() || !equal(g.first.back(), r)) {
      g.first.push_back(r);
      g.sizes.push_back(0);
    }
    ++g.sizes.back();
    g.of[static_cast<size_t>(r)] = static_cast<int64_t>(g.first.size()) - 1;
  }
  return g;
}

Tensor int64Vector(const std::vector<int64_t>& v) {
  Tensor t = Tensor::empty({static_cast<int64_t>(v.size())}, ScalarType::Int64);
  for (size_t k = 0; k < v.size(); ++k) t.setInt64(static_cast<int64_t>(k), v[k]);
  return t;
}

void noHalf(const Tensor& t, const char* op) {
  if (t.dtype() == ScalarType::Half) throw RuntimeError(std::string("\"") + op + "\" not implemented for 'Half'");
}

std::vector<IValue> unique2(Args& a) {
  Tensor self = tensorArg(a, 0);
  const bool inverse = boolArg(a, 2), counts = boolArg(a, 3);
  noHalf(self, "unique");
  const Elements e(self);
  const Groups g = groupRecords(e, self.numel(), 1, /*sorted=*/true);
  Tensor out = Tensor::empty({static_cast<int64_t>(g.first.size())}, self.dtype());
  for (size_t k = 0; k < g.first.size(); ++k) copyElem(out, static_cast<int64_t>(k), self, g.first[k]);
  Tensor inv = Tensor::empty(inverse ? self.sizes() : std::vector<int64_t>{0}, ScalarType::Int64);
  if (inverse)
    for (int64_t k = 0; k < self.numel(); ++k) inv.setInt64(k, g.of[static_cast<size_t>(k)]);
  std::vector<IValue> r;
  r.emplace_back(out);
  r.emplace_back(inv);
  r.emplace_back(int64Vector(counts ? g.sizes : std::vector<int64_t>{}));
  return r;
}

// Unique slices along dim (sorted, or consecutive runs) with each slice's group and each group's
// size, both computed whatever the flags say (1.13's unique along a dim does).
std::vector<IValue> uniqueAlongDim(const Tensor& self, int64_t dimArg, bool sorted) {
  noHalf(self, "unique_dim");
  const int64_t dim = wrapDim(dimArg, self.dim(), /*wrapScalar=*/false);
  std::vector<IValue> r;
  if (self.numel() == 0) {
    int64_t zeroDims = 0;
    for (int64_t k = 0; k < self.dim(); ++k) zeroDims += self.size(k) == 0 ? 1 : 0;
    if (self.size(dim) != 0)
      throw RuntimeError("There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
    if (zeroDims > 1)
      throw RuntimeError("Number of zero sized dimensions is more than one, so unique cannot be applied ");
    r.emplace_back(Tensor::empty(self.sizes(), self.dtype()));
    r.emplace_back(int64Vector({}));
    r.emplace_back(int64Vector({}));
    return r;
  }
  const Tensor swapped = self.transpose(0, dim);  // a view: its logical order is 1.13's record order
  const int64_t records = swapped.size(0), len = swapped.numel() / records;
  const Elements e(swapped);
  const Groups g = groupRecords(e, records, len, sorted);
  std::vector<int64_t> sizes = swapped.sizes();
  sizes[0] = static_cast<int64_t>(g.first.size());
  Tensor stacked = Tensor::empty(sizes, self.dtype());
  for (size_t k = 0; k < g.first.size(); ++k)
    for (int64_t j = 0; j < len; ++j)
      copyElem(stacked, static_cast<int64_t>(k) * len + j, swapped, g.first[k] * len + j);
  r.emplace_back(stacked.transpose(0, dim));
  r.emplace_back(int64Vector(g.of));
  r.emplace_back(int64Vector(g.sizes));
  return r;
}

std::vector<IValue> uniqueDim(Args& a) {
  return uniqueAlongDim(tensorArg(a, 0), intArg(a, 1), /*sorted=*/true);
}

// dim None, or dim 0 of a 1-d tensor: the flat form, which honours the flags; else along dim.
std::vector<IValue> uniqueConsecutive(Args& a) {
  Tensor self = tensorArg(a, 0);
  const bool inverse = boolArg(a, 1), counts = boolArg(a, 2);
  if (!a[3].isNone() && !(intArg(a, 3) == 0 && self.dim() == 1)) return uniqueAlongDim(self, intArg(a, 3), false);
  noHalf(self, "unique");
  const Elements e(self);
  const Groups g = groupRecords(e, self.numel(), 1, /*sorted=*/false);
  Tensor out = Tensor::empty({static_cast<int64_t>(g.first.size())}, self.dtype());
  for (size_t k = 0; k < g.first.size(); ++k) copyElem(out, static_cast<int64_t>(k), self, g.first[k]);
  const bool shaped = inverse && self.numel() > 0;  // 1.13 reshapes inverse only when there are elements
  Tensor inv = Tensor::empty(shaped ? self.sizes() : std::vector<int64_t>{0}, ScalarType::Int64);
  if (shaped)
    for (int64_t k = 0; k < self.numel(); ++k) inv.setInt64(k, g.of[static_cast<size_t>(k)]);
  std::vector<IValue> r;
  r.emplace_back(out);
  r.emplace_back(inv);
  r.emplace_back(int64Vector(counts ? g.sizes : std::vector<int64_t>{}));
  return r;
}

}  // namespace

// Called by registerIndexingSortKernels() (IndexingSort.cpp).
void registerIndexingUniqueKernels() {
  def("aten::_unique2", unique2);
  def("aten::unique_dim", uniqueDim);
  def("aten::unique_consecutive", uniqueConsecutive);
}

}  // namespace tsjit::reference
