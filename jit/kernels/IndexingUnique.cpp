// IndexingUnique.cpp — optimized kernels of aten::_unique2, aten::unique_dim and
// aten::unique_consecutive (the Indexing family, part 5; registered by registerIndexingSortKernels()).
// Invariants: the unique values (or slices along dim) come out sorted ascending — 1.13's
// unique_dim always sorts; unique_consecutive keeps the input order and merges runs only, and _unique2 with sorted=False returns its hash set's order, which is
// unspecified, so tsjit sorts that too; NaN never equals NaN, so each NaN is an entry of its own,
// after every number (1.13 hashes NaN and its NaN order, inverse and counts are artifacts of that);
// inverse and counts are int64, and the empty [0] tensor when not asked for — except along a dim,
// where 1.13 computes both whatever the flags say; the result along a dim is the transposed view
// 1.13 returns (slices stacked contiguously, dim swapped with 0).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Dispatch.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

template <typename T>
constexpr bool kFloatLike = std::is_floating_point_v<T> || isReducedFloat<T>;

// Ascending with NaN above every number.
template <typename T>
bool lessThan(T a, T b) {
  if constexpr (kFloatLike<T>) {
    const double x = static_cast<double>(a), y = static_cast<double>(b);
    if (std::isnan(x) || std::isnan(y)) return !std::isnan(x) && std::isnan(y);
    return x < y;
  } else {
    return a < b;
  }
}
template <typename T>
bool sameValue(T a, T b) {
  if constexpr (kFloatLike<T>) return static_cast<double>(a) == static_cast<double>(b);  // NaN != NaN
  else return a == b;
}

void rejectHalf(const Tensor& t, const char* op) {
  if (t.dtype() == ScalarType::Half) throw RuntimeError(str("\"", op, "\" not implemented for 'Half'"));
}

Tensor longVector(const std::vector<int64_t>& v) {
  Tensor t = Tensor::empty({static_cast<int64_t>(v.size())}, ScalarType::Int64);
  std::copy(v.begin(), v.end(), static_cast<int64_t*>(t.data()));
  return t;
}

Operation op3(std::tuple<Tensor, Tensor, Tensor> (*fn)(IValue*)) {
  return [fn](Stack& s, size_t n) {
    auto [a, b, c] = fn(s.data() + (s.size() - n));
    drop(s, n);
    s.push_back(IValue(std::move(a)));
    s.push_back(IValue(std::move(b)));
    s.push_back(IValue(std::move(c)));
  };
}

// Groups `rows` records of `len` elements at `data` (row r at data + r * len): the first record of
// each group, each record's group and each group's size. Sorted: groups of equal records in
// ascending order; consecutive: runs of equal adjacent records, in input order.
template <typename T>
void groupRecords(const T* data, int64_t rows, int64_t len, bool sorted, std::vector<int64_t>& firstOfGroup,
                  std::vector<int64_t>& groupOf, std::vector<int64_t>& sizes) {
  auto less = [&](int64_t x, int64_t y) {
    for (int64_t j = 0; j < len; ++j) {
      const T a = data[x * len + j], b = data[y * len + j];
      if (lessThan(a, b)) return true;
      if (lessThan(b, a) || !sameValue(a, b)) return false;  // NaN vs NaN: unordered, unequal
    }
    return false;
  };
  auto same = [&](int64_t x, int64_t y) {
    for (int64_t j = 0; j < len; ++j)
      if (!sameValue(data[x * len + j], data[y * len + j])) return false;
    return true;
  };
  std::vector<int64_t> order(static_cast<size_t>(rows));
  std::iota(order.begin(), order.end(), int64_t{0});
  if (sorted) std::stable_sort(order.begin(), order.end(), less);
  groupOf.assign(static_cast<size_t>(rows), 0);
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t r = order[static_cast<size_t>(i)];
    if (i == 0 || !same(firstOfGroup.back(), r)) {
      firstOfGroup.push_back(r);
      sizes.push_back(0);
    }
    ++sizes.back();
    groupOf[static_cast<size_t>(r)] = static_cast<int64_t>(firstOfGroup.size()) - 1;
  }
}

// The unique elements of the flattened self (sorted, or consecutive runs), with the inverse in
// self's shape when asked for (an empty self's inverse is [0] for unique_consecutive, whose 1.13
// kernel reshapes it only when there are elements) and the counts when asked for.
std::tuple<Tensor, Tensor, Tensor> uniqueFlat(const Tensor& self, bool sorted, bool wantInverse, bool wantCounts,
                                              bool emptyInverseIsFlat) {
  rejectHalf(self, "unique");
  const Tensor flat = self.contiguous();
  std::vector<int64_t> first, groupOf, sizes;
  Tensor out;
  visitScalarType(flat.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(flat.data());
    groupRecords(p, flat.numel(), 1, sorted, first, groupOf, sizes);
    out = Tensor::empty({static_cast<int64_t>(first.size())}, self.dtype());
    T* o = static_cast<T*>(out.data());
    for (size_t g = 0; g < first.size(); ++g) o[g] = p[first[g]];
  });
  const bool shaped = wantInverse && !(emptyInverseIsFlat && self.numel() == 0);
  Tensor inverse = Tensor::empty(shaped ? self.sizes() : std::vector<int64_t>{0}, ScalarType::Int64);
  if (shaped) std::copy(groupOf.begin(), groupOf.end(), static_cast<int64_t*>(inverse.data()));
  return {out, inverse, wantCounts ? longVector(sizes) : longVector({})};
}

std::tuple<Tensor, Tensor, Tensor> unique2(IValue* a) {
  return uniqueFlat(a[0].toTensor(), /*sorted=*/true, a[2].toBool(), a[3].toBool(), /*emptyInverseIsFlat=*/false);
}

// The unique slices of self along dim d (sorted, or consecutive runs), with every slice's group and
// each group's size (computed whatever return_inverse / return_counts say, as 1.13 does).
std::tuple<Tensor, Tensor, Tensor> uniqueAlongDim(const Tensor& self, int64_t dim, bool sorted) {
  rejectHalf(self, "unique_dim");
  const int64_t d = wrapDim(dim, self.dim(), /*wrapScalar=*/false);
  if (self.numel() == 0) {
    const auto zeroDims = std::count(self.sizes().begin(), self.sizes().end(), int64_t{0});
    if (self.size(d) == 0 && zeroDims != 1)
      throw RuntimeError("Number of zero sized dimensions is more than one, so unique cannot be applied ");
    if (self.size(d) != 0)
      throw RuntimeError("There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
    return {Tensor::empty(self.sizes(), self.dtype()), longVector({}), longVector({})};
  }
  // Records: the slices along d, in the element order of self.transpose(0, d) (1.13's).
  const Tensor rows = self.transpose(0, d).contiguous();
  const int64_t n = rows.size(0), len = rows.numel() / n;
  std::vector<int64_t> first, groupOf, sizes;
  std::vector<int64_t> stacked = rows.sizes();
  Tensor out;
  visitScalarType(rows.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(rows.data());
    groupRecords(p, n, len, sorted, first, groupOf, sizes);
    stacked[0] = static_cast<int64_t>(first.size());
    out = Tensor::empty(stacked, self.dtype());
    T* o = static_cast<T*>(out.data());
    for (size_t g = 0; g < first.size(); ++g) std::copy(p + first[g] * len, p + (first[g] + 1) * len, o + g * len);
  });
  return {out.transpose(0, d), longVector(groupOf), longVector(sizes)};
}

std::tuple<Tensor, Tensor, Tensor> uniqueDim(IValue* a) {
  return uniqueAlongDim(a[0].toTensor(), a[1].toInt(), /*sorted=*/true);
}

// aten::unique_consecutive: along dim when one is given — except dim 0 of a 1-d tensor, which (as
// no dim) takes the flat path that honours return_inverse / return_counts; inverse has self's shape.
std::tuple<Tensor, Tensor, Tensor> uniqueConsecutive(IValue* a) {
  const Tensor& self = a[0].toTensor();
  if (!a[3].isNone() && !(a[3].toInt() == 0 && self.dim() == 1))
    return uniqueAlongDim(self, a[3].toInt(), /*sorted=*/false);
  return uniqueFlat(self, /*sorted=*/false, a[1].toBool(), a[2].toBool(), /*emptyInverseIsFlat=*/true);
}

}  // namespace

// Called by registerIndexingSortKernels() (IndexingSort.cpp).
void registerIndexingUniqueKernels() {
  defIfAbsent("aten::_unique2", op3(unique2));
  defIfAbsent("aten::unique_dim", op3(uniqueDim));
  defIfAbsent("aten::unique_consecutive", op3(uniqueConsecutive));
}

}  // namespace tsjit::kernels
