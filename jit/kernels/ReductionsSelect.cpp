// ReductionsSelect.cpp — optimized order-statistic reductions and extremum scans: median /
// nanmedian (whole tensor or along a dim), mode, kthvalue, aminmax, cummax / cummin.
//
// Semantics (PyTorch 1.13): the (values, indices) results pick the element 1.13's CPU kernels
// pick, so the index among equal values is the same: median.dim / nanmedian.dim select with
// std::nth_element over the line's indices ordered by (value, index), at position (n - 1) / 2
// (nanmedian: NaN sorts last and is not counted); torch.median returns the first NaN of a line
// holding one. mode sorts (value, index) pairs by value with std::sort and keeps the smallest
// value of the longest run (the last index of that run). kthvalue runs the median-of-three
// quickselect (Numerical Recipes' select) with NaN ordered largest. cummax / cummin move to every
// later element that is >= (<=) the running extremum, and to every NaN. Dtypes: median /
// nanmedian / kthvalue: all but Half and Bool; mode: all; aminmax: all but Half (and BFloat16
// along a dim); cummax / cummin: all but Half. Dims are wrapped first; then an empty reduced dim
// raises "<op>(): Expected reduction dim d to have non-zero size."
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "jit/kernels/OutVariants.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

// Numerical Recipes' select (median-of-three pivot), the algorithm 1.13's kthvalue runs: moves the
// k-th smallest entry to position k. greater(a, b) orders NaN largest; swap(i, j) exchanges two
// entries (values and their indices); get(i) reads entry i.
template <typename Greater, typename Swap, typename Get>
void quickSelect(int64_t size, int64_t k, Greater greater, Swap swap, Get get) {
  int64_t lo = 0, hi = size - 1;
  while (true) {
    if (hi <= lo) return;
    if (hi == lo + 1) {
      if (greater(get(lo), get(hi))) swap(lo, hi);
      return;
    }
    const int64_t mid = lo + (hi - lo) / 2;
    swap(mid, lo + 1);
    if (greater(get(lo + 1), get(hi))) swap(lo + 1, hi);
    if (greater(get(lo), get(hi))) swap(lo, hi);
    if (greater(get(lo + 1), get(lo))) swap(lo + 1, lo);
    int64_t i = lo + 1, j = hi;
    const auto pivot = get(lo);
    while (true) {
      do ++i;
      while (greater(pivot, get(i)));
      do --j;
      while (greater(get(j), pivot));
      if (j < i) break;
      swap(i, j);
    }
    swap(lo, j);
    if (j <= k) lo = i;
    if (j >= k) hi = j - 1;
  }
}

template <typename C>
inline bool isNan(C v) {
  if constexpr (std::is_floating_point_v<C>) return v != v;
  else return false;
}

// The lines of `self` along `dim` (wrapped; any dim for a 0-dim tensor): a contiguous copy with
// dim moved last, count lines of n elements, in the row-major order of the other dims.
struct Lines {
  Tensor src;
  int64_t count = 1, n = 1;
  std::vector<int64_t> outShape;  // the reduced shape (keepdim applied)
};

Lines linesAlong(const Tensor& self, int64_t dim, bool keepdim) {
  Lines l;
  if (self.dim() == 0) {
    l.src = self.reshape({1});
    return l;
  }
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) perm.push_back(d);
  perm.push_back(dim);
  l.src = self.permute(perm).contiguous();
  l.n = self.size(dim);
  l.count = 1;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d == dim) {
      if (keepdim) l.outShape.push_back(1);
      continue;
    }
    l.count *= self.size(d);
    l.outShape.push_back(self.size(d));
  }
  return l;
}

// PyTorch's zero_numel_check_dims for one dim.
void checkNonEmptyDim(const Tensor& self, int64_t dim, const char* fn) {
  if (self.dim() > 0 && self.size(dim) == 0)
    throw RuntimeError(str(fn, "(): Expected reduction dim ", dim, " to have non-zero size."), "IndexError");
}

template <typename F>
void visitAllButHalfBool(ScalarType t, const char* kernel, F&& f) {
  if (t == ScalarType::Half || t == ScalarType::Bool) throwNotImplemented(kernel, t);
  if (isFloatingType(t)) visitFloating(t, kernel, f);
  else visitIntegral<false>(t, kernel, f);
}

void pushPair(Stack& s, size_t n, Tensor a, Tensor b) {
  drop(s, n);
  s.emplace_back(std::move(a));
  s.emplace_back(std::move(b));
}

// ---- median / nanmedian -------------------------------------------------------------------------

Tensor medianAll(const Tensor& self, bool ignoreNan) {
  // An empty input gives NaN converted to self's dtype before any dtype dispatch.
  if (self.numel() == 0) return Tensor::full({}, std::numeric_limits<double>::quiet_NaN(), self.dtype());
  Tensor out = Tensor::empty({}, self.dtype());
  visitAllButHalfBool(self.dtype(), "median_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const Tensor c = self.contiguous();
    const T* p = static_cast<const T*>(c.data());
    std::vector<C> v(p, p + self.numel());
    const auto nanCount = static_cast<int64_t>(std::count_if(v.begin(), v.end(), [](C x) { return isNan(x); }));
    T* o = static_cast<T*>(out.data());
    if (!ignoreNan && nanCount > 0) {
      o[0] = convertScalar<T>(std::numeric_limits<double>::quiet_NaN());
      return;
    }
    const int64_t pos = ((ignoreNan ? self.numel() - nanCount : self.numel()) - 1) / 2;
    std::nth_element(v.begin(), v.begin() + pos, v.end(),
                     [](C a, C b) { return a < b || (isNan(b) && !isNan(a)); });
    o[0] = convertScalar<T>(v[static_cast<size_t>(pos)]);
  });
  return out;
}

void medianDim(Stack& s, size_t n, bool ignoreNan) {
  const Tensor self = arg(s, 0, n).toTensor();
  const int64_t dim = wrapDim(arg(s, 1, n).toInt(), self.dim());
  const bool keepdim = arg(s, 2, n).toBool();
  checkNonEmptyDim(self, dim, "median");
  Lines l = linesAlong(self, dim, keepdim);
  Tensor values = Tensor::empty(l.outShape, self.dtype()), indices = Tensor::empty(l.outShape, ScalarType::Int64);
  visitAllButHalfBool(self.dtype(), "median_out", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const T* src = static_cast<const T*>(l.src.data());
    T* vo = static_cast<T*>(values.data());
    int64_t* io = static_cast<int64_t*>(indices.data());
    std::vector<int64_t> idx(static_cast<size_t>(l.n));
    for (int64_t line = 0; line < l.count; ++line) {
      const T* ip = src + line * l.n;
      auto at = [ip](int64_t i) { return static_cast<C>(ip[i]); };
      if (!ignoreNan) {
        int64_t firstNan = -1;
        for (int64_t i = 0; i < l.n && firstNan < 0; ++i)
          if (isNan(at(i))) firstNan = i;
        if (firstNan >= 0) {
          vo[line] = ip[firstNan];
          io[line] = firstNan;
          continue;
        }
      }
      std::iota(idx.begin(), idx.end(), int64_t{0});
      int64_t pos;
      if (!ignoreNan) {
        pos = (l.n - 1) / 2;
        std::nth_element(idx.begin(), idx.begin() + pos, idx.end(),
                         [&](int64_t a, int64_t b) { return at(a) < at(b) || (at(a) == at(b) && a < b); });
      } else {
        int64_t nanCount = 0;
        for (int64_t i = 0; i < l.n; ++i) nanCount += isNan(at(i));
        pos = (l.n - nanCount - 1) / 2;
        std::nth_element(idx.begin(), idx.begin() + pos, idx.end(), [&](int64_t a, int64_t b) {
          return at(a) < at(b) || (at(a) == at(b) && a < b) || (isNan(at(b)) && !isNan(at(a)));
        });
      }
      const int64_t k = idx[static_cast<size_t>(pos)];
      vo[line] = ip[k];
      io[line] = k;
    }
  });
  pushPair(s, n, std::move(values), std::move(indices));
}

// ---- mode ---------------------------------------------------------------------------------------

void modeDim(Stack& s, size_t n) {
  const Tensor self = arg(s, 0, n).toTensor();
  const int64_t dim = wrapDim(arg(s, 1, n).toInt(), self.dim());
  const bool keepdim = arg(s, 2, n).toBool();
  checkNonEmptyDim(self, dim, "mode");
  Lines l = linesAlong(self, dim, keepdim);
  Tensor values = Tensor::empty(l.outShape, self.dtype()), indices = Tensor::empty(l.outShape, ScalarType::Int64);
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const T* src = static_cast<const T*>(l.src.data());
    T* vo = static_cast<T*>(values.data());
    int64_t* io = static_cast<int64_t*>(indices.data());
    std::vector<std::pair<C, int64_t>> e(static_cast<size_t>(l.n));
    for (int64_t line = 0; line < l.count; ++line) {
      const T* ip = src + line * l.n;
      for (int64_t i = 0; i < l.n; ++i) e[static_cast<size_t>(i)] = {static_cast<C>(ip[i]), i};
      std::sort(e.begin(), e.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      C best{};
      int64_t bestIndex = 0, run = 0, bestRun = 0;
      for (size_t i = 0; i < e.size(); ++i) {
        ++run;
        if (i + 1 == e.size() || e[i].first != e[i + 1].first) {
          if (run > bestRun) {
            best = e[i].first;
            bestIndex = e[i].second;
            bestRun = run;
          }
          run = 0;
        }
      }
      vo[line] = convertScalar<T>(best);
      io[line] = bestIndex;
    }
  });
  pushPair(s, n, std::move(values), std::move(indices));
}

// ---- kthvalue -----------------------------------------------------------------------------------

void kthvalue(Stack& s, size_t n) {
  const Tensor self = arg(s, 0, n).toTensor();
  const int64_t k = arg(s, 1, n).toInt();
  const int64_t dim = wrapDim(arg(s, 2, n).toInt(), self.dim());
  const bool keepdim = arg(s, 3, n).toBool();
  checkNonEmptyDim(self, dim, "kthvalue");
  const int64_t size = self.dim() > 0 ? self.size(dim) : 1;
  if (k < 1 || k > size) throw RuntimeError(str("kthvalue(): selected number k out of range for dimension ", dim));
  Lines l = linesAlong(self, dim, keepdim);
  Tensor values = Tensor::empty(l.outShape, self.dtype()), indices = Tensor::empty(l.outShape, ScalarType::Int64);
  visitAllButHalfBool(self.dtype(), "kthvalue_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const T* src = static_cast<const T*>(l.src.data());
    T* vo = static_cast<T*>(values.data());
    int64_t* io = static_cast<int64_t*>(indices.data());
    std::vector<C> v(static_cast<size_t>(l.n));
    std::vector<int64_t> idx(static_cast<size_t>(l.n));
    for (int64_t line = 0; line < l.count; ++line) {
      const T* ip = src + line * l.n;
      for (int64_t i = 0; i < l.n; ++i) {
        v[static_cast<size_t>(i)] = static_cast<C>(ip[i]);
        idx[static_cast<size_t>(i)] = i;
      }
      quickSelect(
          l.n, k - 1, [](C a, C b) { return (isNan(a) && !isNan(b)) || a > b; },
          [&](int64_t i, int64_t j) {
            std::swap(v[static_cast<size_t>(i)], v[static_cast<size_t>(j)]);
            std::swap(idx[static_cast<size_t>(i)], idx[static_cast<size_t>(j)]);
          },
          [&](int64_t i) { return v[static_cast<size_t>(i)]; });
      vo[line] = convertScalar<T>(v[static_cast<size_t>(k - 1)]);
      io[line] = idx[static_cast<size_t>(k - 1)];
    }
  });
  pushPair(s, n, std::move(values), std::move(indices));
}

// ---- aminmax ------------------------------------------------------------------------------------

void aminmax(Stack& s, size_t n) {
  const Tensor self = arg(s, 0, n).toTensor();
  const IValue dimV = arg(s, 1, n);
  const bool keepdim = arg(s, 2, n).toBool();
  Lines l;
  if (dimV.isNone()) {
    if (self.numel() == 0)
      throw RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
    l.src = self.contiguous().reshape({self.numel()});
    l.n = self.numel();
    if (keepdim) l.outShape.assign(static_cast<size_t>(self.dim()), 1);
  } else {
    const int64_t dim = wrapDim(dimV.toInt(), self.dim());
    if (self.dim() > 0 && self.size(dim) == 0)
      throw RuntimeError(str("aminmax: Expected reduction dim ", dim, " to have non-zero size."), "IndexError");
    l = linesAlong(self, dim, keepdim);
    if (self.dim() == 0 && keepdim) l.outShape = {1};  // 1.13 resizes its 0-dim outputs to [1]
  }
  // The whole-tensor kernel has BFloat16, the one along a dim neither BFloat16 nor Half.
  if (self.dtype() == ScalarType::Half || (!dimV.isNone() && self.dtype() == ScalarType::BFloat16))
    throwNotImplemented("aminmax_cpu", self.dtype());
  Tensor mins = Tensor::empty(l.outShape, self.dtype()), maxs = Tensor::empty(l.outShape, self.dtype());
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const T* src = static_cast<const T*>(l.src.data());
    T* mo = static_cast<T*>(mins.data());
    T* xo = static_cast<T*>(maxs.data());
    for (int64_t line = 0; line < l.count; ++line) {
      const T* ip = src + line * l.n;
      C lo = static_cast<C>(ip[0]), hi = lo;
      for (int64_t i = 1; i < l.n && !isNan(lo); ++i) {
        const C v = static_cast<C>(ip[i]);
        if (isNan(v)) {
          lo = hi = v;
          break;
        }
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
      }
      mo[line] = convertScalar<T>(lo);
      xo[line] = convertScalar<T>(hi);
    }
  });
  pushPair(s, n, std::move(mins), std::move(maxs));
}

// ---- cummax / cummin ----------------------------------------------------------------------------

template <bool IsMax>
void cumExtremum(Stack& s, size_t n) {
  const Tensor self = arg(s, 0, n).toTensor();
  const int64_t rawDim = arg(s, 1, n).toInt();
  Tensor values = Tensor::empty(self.sizes(), self.dtype()), indices = Tensor::empty(self.sizes(), ScalarType::Int64);
  if (self.dim() == 0) {  // 1.13 fills without looking at dim
    values.copy_(self);
    indices.fillInt_(0);
    pushPair(s, n, std::move(values), std::move(indices));
    return;
  }
  if (self.numel() == 0) {
    pushPair(s, n, std::move(values), std::move(indices));
    return;
  }
  const int64_t dim = wrapDim(rawDim, self.dim());
  if (self.dtype() == ScalarType::Half) throwNotImplemented(IsMax ? "cummax_cpu" : "cummin_cpu", self.dtype());
  Lines l = linesAlong(self, dim, true);
  Tensor vLines = Tensor::empty(l.src.sizes(), self.dtype()), iLines = Tensor::empty(l.src.sizes(), ScalarType::Int64);
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const T* src = static_cast<const T*>(l.src.data());
    T* vo = static_cast<T*>(vLines.data());
    int64_t* io = static_cast<int64_t*>(iLines.data());
    for (int64_t line = 0; line < l.count; ++line) {
      const int64_t base = line * l.n;
      C best = static_cast<C>(src[base]);
      int64_t bestIndex = 0;
      for (int64_t i = 0; i < l.n; ++i) {
        const C v = static_cast<C>(src[base + i]);
        if (isNan(v) || (!isNan(best) && (IsMax ? v >= best : v <= best))) {
          best = v;
          bestIndex = i;
        }
        vo[base + i] = convertScalar<T>(best);
        io[base + i] = bestIndex;
      }
    }
  });
  // Back from [other dims..., dim] to self's dim order.
  std::vector<int64_t> inv(static_cast<size_t>(self.dim()));
  for (int64_t d = 0, j = 0; d < self.dim(); ++d)
    if (d != dim) inv[static_cast<size_t>(d)] = j++;
  inv[static_cast<size_t>(dim)] = self.dim() - 1;
  std::vector<int64_t> moved;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) moved.push_back(self.size(d));
  moved.push_back(self.size(dim));
  values.copy_(vLines.reshape(moved).permute(inv));
  indices.copy_(iLines.reshape(moved).permute(inv));
  pushPair(s, n, std::move(values), std::move(indices));
}

// The (values, indices) out= overloads: 1.13's checks of the two outs (each op words them its own
// way), then the functional kernel's results written into them.
using OutCheck = void (*)(const Tensor& self, const Tensor& values, const Tensor& indices);

void defPairOut(const char* name, const char* functional, OutCheck check) {
  const OptimizedKernel* k = findKernel(ops::overload(functional));
  def(name, [k, check](Stack& s, size_t n) {
    const Tensor values = arg(s, n - 2, n).toTensor(), indices = arg(s, n - 1, n).toTensor();
    check(arg(s, 0, n).toTensor(), values, indices);
    s.resize(s.size() - 2);
    k->run(s, n - 2);
    const Tensor i = pop(s).toTensor(), v = pop(s).toTensor();
    writeOut(values, v);
    writeOut(indices, i);
    s.emplace_back(values);
    s.emplace_back(indices);
  });
}

void checkMedianOuts(const Tensor& self, const Tensor& values, const Tensor& indices) {
  if (indices.dtype() != ScalarType::Int64)
    throw RuntimeError(str("Expected tensor for argument #1 'indices' to have scalar type Long; but got ",
                           legacyTypeName(indices.dtype()), " instead (while checking arguments for median)"));
  if (values.dtype() != self.dtype())
    throw RuntimeError(str("Expected tensor for 'values' to have the same type as tensor for argument #2 'self'; but type ",
                           legacyTypeName(values.dtype()), " does not equal ", legacyTypeName(self.dtype()),
                           " (while checking arguments for median)"));
}
void checkModeOuts(const Tensor& self, const Tensor& values, const Tensor& indices) {
  if (values.dtype() != self.dtype())
    throw RuntimeError(str("expected scalar type '", irName(self.dtype()), "' but got '", irName(values.dtype()),
                           "' for values output"));
  if (indices.dtype() != ScalarType::Int64)
    throw RuntimeError(str("expected scalar type 'Long' but got '", irName(indices.dtype()), "' for indices output"));
}
void checkKthOuts(const Tensor& self, const Tensor& values, const Tensor& indices) {
  if (values.dtype() != self.dtype()) throw RuntimeError("output values must be of same type as input");
  if (indices.dtype() != ScalarType::Int64) throw RuntimeError("output indices must be of scalar type Long");
}
void checkCumOuts(const Tensor& self, const Tensor& values, const Tensor& indices) {
  if (values.dtype() != self.dtype())
    throw RuntimeError(str("expected scalar_type ", irName(self.dtype()), " but found ", irName(values.dtype())));
  if (indices.dtype() != ScalarType::Int64)
    throw RuntimeError(str("expected scalar_type Long but found ", irName(indices.dtype())));
}
void checkAminmaxOuts(const Tensor& self, const Tensor& mins, const Tensor& maxs) {
  for (const Tensor* o : {&mins, &maxs})
    if (o->dtype() != self.dtype())
      throw RuntimeError(str("Expected out tensor to have dtype ", typeMetaName(self.dtype()), ", but got ",
                             typeMetaName(o->dtype()), " instead"));
}

}  // namespace

void registerReductionsSelectKernels() {
  def("aten::median", [](Stack& s, size_t n) { ret1(s, n, IValue(medianAll(arg(s, 0, n).toTensor(), false))); });
  def("aten::nanmedian", [](Stack& s, size_t n) { ret1(s, n, IValue(medianAll(arg(s, 0, n).toTensor(), true))); });
  def("aten::median.dim", [](Stack& s, size_t n) { medianDim(s, n, false); });
  def("aten::nanmedian.dim", [](Stack& s, size_t n) { medianDim(s, n, true); });
  def("aten::mode", modeDim);
  def("aten::kthvalue", kthvalue);
  def("aten::aminmax", aminmax);
  def("aten::cummax", cumExtremum<true>);
  def("aten::cummin", cumExtremum<false>);
  defPairOut("aten::median.dim_values", "aten::median.dim", checkMedianOuts);
  defPairOut("aten::nanmedian.dim_values", "aten::nanmedian.dim", checkMedianOuts);
  defPairOut("aten::mode.values", "aten::mode", checkModeOuts);
  defPairOut("aten::kthvalue.values", "aten::kthvalue", checkKthOuts);
  defPairOut("aten::cummax.out", "aten::cummax", checkCumOuts);
  defPairOut("aten::cummin.out", "aten::cummin", checkCumOuts);
  defPairOut("aten::aminmax.out", "aten::aminmax", checkAminmaxOuts);
}

}  // namespace tsjit::kernels
