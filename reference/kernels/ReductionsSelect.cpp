// ReductionsSelect.cpp — reference kernels of the order statistics and extremum scans: median /
// nanmedian (whole tensor → 0-dim; along a dim → (values, indices)), mode, kthvalue, aminmax,
// cummax / cummin. Their out= overloads come from the OutVariants family.
//
// Semantics (PyTorch 1.13): which element of a line is picked — and so which index among equal
// values — is what 1.13's CPU selection gives:
//   * median.dim: the element at (n - 1) / 2 in (value, index) order (std::nth_element over the
//     line's indices, which also settles a line of NaN for nanmedian); a line holding NaN gives
//     its first NaN. nanmedian.dim: NaN ordered last, position (n - #NaN - 1) / 2. The
//     whole-tensor forms give only the value.
//   * mode: (value, index) pairs std::sort-ed by value; the longest run of equal values wins,
//     the smaller value on a tie, and its index is the last of that run in sorted order.
//   * kthvalue: Numerical Recipes' median-of-three quickselect, NaN ordered largest.
//   * cummax / cummin: the running extremum moves to each later element >= (<=) it, and to every
//     NaN (NaN then sticks).
// Dtypes: median / nanmedian / kthvalue reject Half and Bool ("median_cpu" / "median_out" /
// "kthvalue_cpu"); aminmax rejects Half (and BFloat16 along a dim), cummax / cummin Half; mode
// takes every dtype. Errors come in 1.13's order: dim wrapping, an empty reduced dim
// (IndexError), k's range, the dtype.
#include <algorithm>
#include <cmath>
#include <limits>
#include <functional>
#include <numeric>

#include "reference/kernels/ReductionsParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

bool nanOf(double v) { return std::isnan(v); }
bool nanOf(int64_t) { return false; }

// The elements of one line along a dim, read as double (floating) or int64 (integral).
template <typename V>
V readValue(const Tensor& t, int64_t i) {
  if constexpr (std::is_same_v<V, double>) return t.getDouble(i);
  else return t.getInt64(i);
}
template <typename V>
void writeValue(const Tensor& t, int64_t i, V v) {
  if constexpr (std::is_same_v<V, double>) t.setDouble(i, v);
  else t.setInt64(i, v);
}

// Calls fn(line values, line number) for each line of self along dim (a 0-dim tensor is one line
// of one element); values / indices are allocated with the reduced shape.
struct LineResult {
  Tensor values, indices;
};

template <typename V, typename F>
LineResult perLine(const Tensor& self, int64_t dim, bool keepdim, F fn) {
  const std::vector<int64_t> dims = self.dim() == 0 ? std::vector<int64_t>{} : std::vector<int64_t>{dim};
  const Grouping g = groupingOf(self.sizes(), dims, keepdim);
  const Tensor a = g.arrange(self);
  LineResult r{makeOutput(g.outSizes, self.dtype()), makeOutput(g.outSizes, ScalarType::Int64)};
  std::vector<V> line(static_cast<size_t>(g.groupSize));
  for (int64_t gi = 0; gi < g.groups; ++gi) {
    for (int64_t k = 0; k < g.groupSize; ++k) line[static_cast<size_t>(k)] = readValue<V>(a, gi * g.groupSize + k);
    const int64_t pick = fn(line);
    writeValue<V>(r.values, gi, line[static_cast<size_t>(pick)]);
    r.indices.setInt64(gi, pick);
  }
  return r;
}

void checkNonEmptyDim(const Tensor& self, int64_t dim, const char* fn) {
  if (self.dim() > 0 && self.size(dim) == 0)
    throw RuntimeError(str(fn, "(): Expected reduction dim ", dim, " to have non-zero size."), "IndexError");
}

void rejectHalfBool(ScalarType t, const char* kernel) {
  if (t == ScalarType::Half || t == ScalarType::Bool) throwNotImplemented(kernel, t);
}

std::vector<IValue> pair(const LineResult& r) { return {IValue(r.values), IValue(r.indices)}; }

// ---- median / nanmedian ---------------------------------------------------------------------------

template <typename V>
bool nanLast(V a, V b) {
  return a < b || (nanOf(b) && !nanOf(a));
}

Tensor medianAll(const Tensor& self, bool ignoreNan) {
  if (self.numel() == 0) return Tensor::full({}, std::numeric_limits<double>::quiet_NaN(), self.dtype());
  rejectHalfBool(self.dtype(), "median_cpu");
  Tensor out = makeOutput({}, self.dtype());
  auto run = [&](auto zero) {
    using V = decltype(zero);
    const Tensor flat = self.reshape({self.numel()});
    std::vector<V> v(static_cast<size_t>(self.numel()));
    int64_t nans = 0;
    for (int64_t i = 0; i < self.numel(); ++i) {
      v[static_cast<size_t>(i)] = readValue<V>(flat, i);
      nans += nanOf(v[static_cast<size_t>(i)]);
    }
    if (nans > 0 && !ignoreNan) {
      out.setDouble(0, std::numeric_limits<double>::quiet_NaN());
      return;
    }
    const int64_t at = ((ignoreNan ? self.numel() - nans : self.numel()) - 1) / 2;
    std::nth_element(v.begin(), v.begin() + at, v.end(), nanLast<V>);
    writeValue<V>(out, 0, v[static_cast<size_t>(at)]);
  };
  if (isFloating(self.dtype())) run(0.0);
  else run(int64_t{0});
  return out;
}

std::vector<IValue> medianDim(const Tensor& self, int64_t rawDim, bool keepdim, bool ignoreNan) {
  const int64_t dim = dimArg(IValue(rawDim), self.dim());
  checkNonEmptyDim(self, dim, "median");
  rejectHalfBool(self.dtype(), "median_out");
  auto pick = [ignoreNan](const auto& line) -> int64_t {
    using V = typename std::decay_t<decltype(line)>::value_type;
    const int64_t n = static_cast<int64_t>(line.size());
    int64_t nans = 0;
    for (int64_t i = 0; i < n; ++i)
      if (nanOf(line[static_cast<size_t>(i)])) {
        if (!ignoreNan) return i;  // torch.median: the first NaN
        ++nans;
      }
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), int64_t{0});
    const int64_t at = (n - nans - 1) / 2;
    std::nth_element(order.begin(), order.begin() + at, order.end(), [&](int64_t a, int64_t b) {
      const V x = line[static_cast<size_t>(a)], y = line[static_cast<size_t>(b)];
      return x < y || (x == y && a < b) || (ignoreNan && nanOf(y) && !nanOf(x));
    });
    return order[static_cast<size_t>(at)];
  };
  if (isFloating(self.dtype())) return pair(perLine<double>(self, dim, keepdim, pick));
  return pair(perLine<int64_t>(self, dim, keepdim, pick));
}

// ---- mode -------------------------------------------------------------------------------------------

std::vector<IValue> mode(const Tensor& self, int64_t rawDim, bool keepdim) {
  const int64_t dim = dimArg(IValue(rawDim), self.dim());
  checkNonEmptyDim(self, dim, "mode");
  auto pick = [](const auto& line) -> int64_t {
    using V = typename std::decay_t<decltype(line)>::value_type;
    std::vector<std::pair<V, int64_t>> items;
    for (size_t i = 0; i < line.size(); ++i) items.emplace_back(line[i], static_cast<int64_t>(i));
    std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    int64_t best = 0, bestCount = 0, count = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      ++count;
      const bool runEnds = i + 1 == items.size() || items[i].first != items[i + 1].first;
      if (!runEnds) continue;
      if (count > bestCount) {
        bestCount = count;
        best = items[i].second;
      }
      count = 0;
    }
    return best;
  };
  if (isFloating(self.dtype())) return pair(perLine<double>(self, dim, keepdim, pick));
  return pair(perLine<int64_t>(self, dim, keepdim, pick));
}

// ---- kthvalue ---------------------------------------------------------------------------------------

// Moves the k-th smallest (0-based) of v to v[k], with its original position in pos; Numerical
// Recipes' select: median of three as pivot, then a two-sided partition.
template <typename V>
void select(std::vector<V>& v, std::vector<int64_t>& pos, int64_t k) {
  auto greater = [](V a, V b) { return (nanOf(a) && !nanOf(b)) || a > b; };
  auto exchange = [&](int64_t i, int64_t j) {
    std::swap(v[static_cast<size_t>(i)], v[static_cast<size_t>(j)]);
    std::swap(pos[static_cast<size_t>(i)], pos[static_cast<size_t>(j)]);
  };
  auto at = [&](int64_t i) { return v[static_cast<size_t>(i)]; };
  int64_t left = 0, right = static_cast<int64_t>(v.size()) - 1;
  for (;;) {
    if (right <= left) return;
    if (right == left + 1) {
      if (greater(at(left), at(right))) exchange(left, right);
      return;
    }
    exchange(left + (right - left) / 2, left + 1);
    if (greater(at(left + 1), at(right))) exchange(left + 1, right);
    if (greater(at(left), at(right))) exchange(left, right);
    if (greater(at(left + 1), at(left))) exchange(left + 1, left);
    const V pivot = at(left);
    int64_t i = left + 1, j = right;
    for (;;) {
      do ++i;
      while (greater(pivot, at(i)));
      do --j;
      while (greater(at(j), pivot));
      if (j < i) break;
      exchange(i, j);
    }
    exchange(left, j);
    if (j <= k) left = i;
    if (j >= k) right = j - 1;
  }
}

std::vector<IValue> kthvalue(const Tensor& self, int64_t k, int64_t rawDim, bool keepdim) {
  const int64_t dim = dimArg(IValue(rawDim), self.dim());
  checkNonEmptyDim(self, dim, "kthvalue");
  const int64_t size = self.dim() == 0 ? 1 : self.size(dim);
  if (k < 1 || k > size) throw RuntimeError(str("kthvalue(): selected number k out of range for dimension ", dim));
  rejectHalfBool(self.dtype(), "kthvalue_cpu");
  auto pick = [k](const auto& line) -> int64_t {
    auto v = line;
    std::vector<int64_t> pos(v.size());
    std::iota(pos.begin(), pos.end(), int64_t{0});
    select(v, pos, k - 1);
    return pos[static_cast<size_t>(k - 1)];
  };
  if (isFloating(self.dtype())) return pair(perLine<double>(self, dim, keepdim, pick));
  return pair(perLine<int64_t>(self, dim, keepdim, pick));
}

// ---- aminmax ----------------------------------------------------------------------------------------

std::vector<IValue> aminmax(const Tensor& self, const IValue& dimV, bool keepdim) {
  Tensor x = self;
  int64_t dim = 0;
  std::vector<int64_t> outShape;
  if (dimV.isNone()) {
    if (self.numel() == 0)
      throw RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
    x = self.reshape({self.numel()});
    if (keepdim) outShape.assign(static_cast<size_t>(self.dim()), 1);
  } else {
    dim = dimArg(dimV, self.dim());
    if (self.dim() > 0 && self.size(dim) == 0)
      throw RuntimeError(str("aminmax: Expected reduction dim ", dim, " to have non-zero size."), "IndexError");
  }
  // The whole-tensor kernel has BFloat16, the one along a dim neither BFloat16 nor Half.
  if (self.dtype() == ScalarType::Half || (!dimV.isNone() && self.dtype() == ScalarType::BFloat16))
    throwNotImplemented("aminmax_cpu", self.dtype());
  auto extreme = [](bool wantMax) {
    return [wantMax](const auto& line) -> int64_t {
      int64_t best = 0;
      for (size_t i = 0; i < line.size(); ++i) {
        if (nanOf(line[i])) return static_cast<int64_t>(i);
        if (wantMax ? line[i] > line[static_cast<size_t>(best)] : line[i] < line[static_cast<size_t>(best)])
          best = static_cast<int64_t>(i);
      }
      return best;
    };
  };
  LineResult lo, hi;
  if (isFloating(self.dtype())) {
    lo = perLine<double>(x, dim, keepdim, extreme(false));
    hi = perLine<double>(x, dim, keepdim, extreme(true));
  } else {
    lo = perLine<int64_t>(x, dim, keepdim, extreme(false));
    hi = perLine<int64_t>(x, dim, keepdim, extreme(true));
  }
  if (dimV.isNone()) return {IValue(lo.values.reshape(outShape)), IValue(hi.values.reshape(outShape))};
  if (self.dim() == 0 && keepdim)  // 1.13 resizes the 0-dim outputs to [1]
    return {IValue(lo.values.reshape({1})), IValue(hi.values.reshape({1}))};
  return {IValue(lo.values), IValue(hi.values)};
}

// ---- cummax / cummin --------------------------------------------------------------------------------

std::vector<IValue> cumExtremum(const Tensor& self, int64_t rawDim, bool isMax) {
  Tensor values = makeOutput(self.sizes(), self.dtype()), indices = makeOutput(self.sizes(), ScalarType::Int64);
  if (self.dim() == 0) {  // any dim: 1.13 copies the value without looking at dim
    values.copy_(self);
    indices.setInt64(0, 0);
    return {IValue(values), IValue(indices)};
  }
  if (self.numel() == 0) return {IValue(values), IValue(indices)};
  const int64_t dim = dimArg(IValue(rawDim), self.dim());
  if (self.dtype() == ScalarType::Half) throwNotImplemented(isMax ? "cummax_cpu" : "cummin_cpu", self.dtype());
  const Grouping g = groupingOf(self.sizes(), {dim}, true);
  const Tensor in = g.arrange(self), vOut = g.arrange(values), iOut = g.arrange(indices);
  auto run = [&](auto zero) {
    using V = decltype(zero);
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const int64_t base = gi * g.groupSize;
      V best = readValue<V>(in, base);
      int64_t where = 0;
      for (int64_t k = 0; k < g.groupSize; ++k) {
        const V v = readValue<V>(in, base + k);
        const bool moves = nanOf(v) || (!nanOf(best) && (isMax ? v >= best : v <= best));
        if (moves) {
          best = v;
          where = k;
        }
        writeValue<V>(vOut, base + k, best);
        iOut.setInt64(base + k, where);
      }
    }
  };
  if (isFloating(self.dtype())) run(0.0);
  else run(int64_t{0});
  return {IValue(values), IValue(indices)};
}

// The (values, indices) out= overloads: args are the functional overload's, then values and
// indices; check(self, values, indices) raises 1.13's message for a wrong out dtype.
using OutCheck = std::function<void(const Tensor&, const Tensor&, const Tensor&)>;
void defPairOut(const std::string& name, const std::string& functional, OutCheck check) {
  def(name, [functional, check](Args& a) {
    const Tensor values = tensorArg(a.at(a.size() - 2)), indices = tensorArg(a.at(a.size() - 1));
    check(tensorArg(a.at(0)), values, indices);
    Args inputs(a.begin(), a.end() - 2);
    const ops::OpOverload& o = ops::overload(functional);
    std::vector<IValue> r = findKernel(o)->run(inputs);
    writeOut(values, tensorArg(r.at(0)));
    writeOut(indices, tensorArg(r.at(1)));
    return std::vector<IValue>{values, indices};
  });
}

std::string typeOf(const Tensor& t) { return irName(t.dtype()); }

}  // namespace

void registerReductionsSelectKernels() {
  def("aten::median", [](Args& a) { return ret(medianAll(tensorArg(a.at(0)), false)); });
  def("aten::nanmedian", [](Args& a) { return ret(medianAll(tensorArg(a.at(0)), true)); });
  def("aten::median.dim", [](Args& a) { return medianDim(tensorArg(a.at(0)), a.at(1).toInt(), a.at(2).toBool(), false); });
  def("aten::nanmedian.dim", [](Args& a) { return medianDim(tensorArg(a.at(0)), a.at(1).toInt(), a.at(2).toBool(), true); });
  def("aten::mode", [](Args& a) { return mode(tensorArg(a.at(0)), a.at(1).toInt(), a.at(2).toBool()); });
  def("aten::kthvalue", [](Args& a) {
    return kthvalue(tensorArg(a.at(0)), a.at(1).toInt(), a.at(2).toInt(), a.at(3).toBool());
  });
  def("aten::aminmax", [](Args& a) { return aminmax(tensorArg(a.at(0)), a.at(1), a.at(2).toBool()); });
  def("aten::cummax", [](Args& a) { return cumExtremum(tensorArg(a.at(0)), a.at(1).toInt(), true); });
  def("aten::cummin", [](Args& a) { return cumExtremum(tensorArg(a.at(0)), a.at(1).toInt(), false); });
  // out= checks, each in its op's own words (python3-torch 1.13.1).
  auto medianOuts = [](const Tensor& self, const Tensor& values, const Tensor& indices) {
    if (indices.dtype() != ScalarType::Int64)
      throw RuntimeError(str("Expected tensor for argument #1 'indices' to have scalar type Long; but got ",
                             legacyTypeName(indices.dtype()), " instead (while checking arguments for median)"));
    if (values.dtype() != self.dtype())
      throw RuntimeError(str("Expected tensor for 'values' to have the same type as tensor for argument #2 'self'; ",
                             "but type ", legacyTypeName(values.dtype()), " does not equal ", legacyTypeName(self.dtype()),
                             " (while checking arguments for median)"));
  };
  defPairOut("aten::median.dim_values", "aten::median.dim", medianOuts);
  defPairOut("aten::nanmedian.dim_values", "aten::nanmedian.dim", medianOuts);
  defPairOut("aten::mode.values", "aten::mode", [](const Tensor& self, const Tensor& values, const Tensor& indices) {
    if (values.dtype() != self.dtype())
      throw RuntimeError("expected scalar type '" + typeOf(self) + "' but got '" + typeOf(values) + "' for values output");
    if (indices.dtype() != ScalarType::Int64)
      throw RuntimeError("expected scalar type 'Long' but got '" + typeOf(indices) + "' for indices output");
  });
  defPairOut("aten::kthvalue.values", "aten::kthvalue", [](const Tensor& self, const Tensor& values, const Tensor& indices) {
    if (values.dtype() != self.dtype()) throw RuntimeError("output values must be of same type as input");
    if (indices.dtype() != ScalarType::Int64) throw RuntimeError("output indices must be of scalar type Long");
  });
  for (const char* op : {"aten::cummax", "aten::cummin"})
    defPairOut(std::string(op) + ".out", op, [](const Tensor& self, const Tensor& values, const Tensor& indices) {
      if (values.dtype() != self.dtype())
        throw RuntimeError("expected scalar_type " + typeOf(self) + " but found " + typeOf(values));
      if (indices.dtype() != ScalarType::Int64) throw RuntimeError("expected scalar_type Long but found " + typeOf(indices));
    });
  defPairOut("aten::aminmax.out", "aten::aminmax", [](const Tensor& self, const Tensor& mins, const Tensor& maxs) {
    for (const Tensor* o : {&mins, &maxs})
      if (o->dtype() != self.dtype())
        throw RuntimeError(str("Expected out tensor to have dtype ", typeMetaName(self.dtype()), ", but got ",
                               typeMetaName(o->dtype()), " instead"));
  });
}

}  // namespace tsjit::reference
