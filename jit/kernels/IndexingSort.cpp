// IndexingSort.cpp — optimized kernels of the Indexing family, part 3: sort (plain and stable),
// argsort, topk.
// Invariants: sorting is stable (equal keys keep their order, as PyTorch's CPU sort does), topk
// selects with 1.13's algorithm (its unsorted order and its ties are that algorithm's); NaN
// sorts above every number (last ascending, first descending); results are fresh tensors (laid
// out like self for a full sort, row-major for topk): values in self's dtype, indices int64. These kinds are declared in the Reductions table
// family, so they register only where no earlier family already did (defIfAbsent).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

template <typename T>
bool isNan(T v) {
  if constexpr (std::is_floating_point_v<T> || isReducedFloat<T>)
    return std::isnan(static_cast<double>(v));
  else
    return false;
}

// Strict order "a sorts before b" for ascending (NaN largest) or descending (NaN first).
template <typename T>
bool before(T a, T b, bool descending) {
  const bool na = isNan(a), nb = isNan(b);
  if (descending) {
    if (na || nb) return na && !nb;
    return b < a;
  }
  if (na || nb) return !na && nb;
  return a < b;
}

// For each slice along dim: order = the first k positions of the (stable) sorted permutation.
// Writes values and indices (shape of self with dim size k).
std::pair<Tensor, Tensor> sortSlices(const Tensor& self, int64_t dim, bool descending, int64_t k, bool full,
                                     bool sortedTopk = true) {
  const Tensor s1 = self.dim() == 0 ? self.reshape({1}) : self;
  const int64_t d = wrapDim(dim, s1.dim());
  const int64_t n = s1.size(d);
  std::vector<int64_t> outSizes = s1.sizes();
  outSizes[d] = k;
  // A full sort's results are laid out like self (preserve format: self's strides when it is
  // dense and non-overlapping, else packed in self's dim order), as 1.13's sort allocates them;
  // topk's are row-major.
  Tensor values = full ? Tensor::emptyLike(s1) : Tensor::empty(outSizes, self.dtype(), self.device());
  Tensor indices = full ? Tensor::emptyLike(s1, ScalarType::Int64) : Tensor::empty(outSizes, ScalarType::Int64, self.device());
  if (values.numel() > 0) {
    // Iterate over every slice: positions of all dims except d.
    std::vector<int64_t> outerSizes = s1.sizes(), outerStrides = s1.strides();
    outerSizes[d] = 1;
    const int64_t stride = s1.stride(d);
    const std::vector<int64_t> outStrides = values.strides();  // indices has the same
    std::vector<int64_t> vOuter = outStrides;
    vOuter[d] = 0;
    visitScalarType(self.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* sp = static_cast<const T*>(s1.data());
      T* vp = static_cast<T*>(values.data());
      int64_t* ip = static_cast<int64_t*>(indices.data());
      std::vector<T> buf(n);
      std::vector<int64_t> perm(n);
      forEachOffset<2>(outerSizes, {IntArrayRef(outerStrides), IntArrayRef(vOuter)}, [&](const int64_t* off) {
        for (int64_t i = 0; i < n; ++i) buf[i] = sp[off[0] + i * stride];
        std::iota(perm.begin(), perm.end(), 0);
        auto cmp = [&](int64_t a, int64_t b) { return before(buf[a], buf[b], descending); };
        if (full) {
          std::stable_sort(perm.begin(), perm.end(), cmp);
        } else if (k > 0) {
          // topk selects as 1.13's CPU kernel does, so that an unsorted result and the order of
          // ties come out the same: partial_sort when 64k <= n, else nth_element, and then (when
          // sorted) a sort of the first k - 1 (checked on python3-torch 1.13.1, ties and NaN included).
          if (k * 64 <= n) {
            std::partial_sort(perm.begin(), perm.begin() + k, perm.end(), cmp);
          } else {
            std::nth_element(perm.begin(), perm.begin() + (k - 1), perm.end(), cmp);
            if (sortedTopk) std::sort(perm.begin(), perm.begin() + (k - 1), cmp);
          }
        }
        const int64_t os = outStrides[d];
        for (int64_t i = 0; i < k; ++i) {
          vp[off[1] + i * os] = buf[perm[i]];
          ip[off[1] + i * os] = perm[i];
        }
      });
    });
  }
  if (self.dim() == 0) return {values.reshape({}), indices.reshape({})};
  return {values, indices};
}

std::pair<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending) {
  if (self.dim() > 0) wrapDim(dim, self.dim());
  const int64_t n = self.dim() == 0 ? 1 : self.size(wrapDim(dim, self.dim()));
  return sortSlices(self, dim, descending, n, true);
}

std::pair<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted) {
  const int64_t d = wrapDim(dim, self.dim());
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  if (k < 0 || k > n) throw RuntimeError("selected index k out of range");
  return sortSlices(self, dim, largest, k, false, sorted);
}

}  // namespace

void registerIndexingUniqueKernels();  // IndexingUnique.cpp: _unique2, unique_dim

void registerIndexingSortKernels() {
  registerIndexingUniqueKernels();
  defIfAbsent("aten::sort", op2([](IValue* a) { return sort(a[0].toTensor(), a[1].toInt(), a[2].toBool()); }));
  defIfAbsent("aten::sort.stable", op2([](IValue* a) {
                if (a[1].isNone())  // 1.13's sort asserts that `stable` is set (python3-torch 1.13.1)
                  throw RuntimeError("stable.has_value() INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/Sorting.cpp\":42, "
                                     "please report a bug to PyTorch. sort(): c10::optional<bool> for stable has to have value.");
                return sort(a[0].toTensor(), a[2].toInt(), a[3].toBool());
              }));
  defIfAbsent("aten::argsort", op([](IValue* a) { return IValue(sort(a[0].toTensor(), a[1].toInt(), a[2].toBool()).second); }));
  defIfAbsent("aten::argsort.stable", op([](IValue* a) {
                return IValue(sort(a[0].toTensor(), a[2].toInt(), a[3].toBool()).second);
              }));
  defIfAbsent("aten::topk", op2([](IValue* a) {
                return topk(a[0].toTensor(), a[1].toInt(), a[2].toInt(), a[3].toBool(), a[4].toBool());
              }));
}

}  // namespace tsjit::kernels
