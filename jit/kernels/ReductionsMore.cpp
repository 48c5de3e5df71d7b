// ReductionsMore.cpp — optimized kernels of the less common reductions and scans: var_mean /
// std_mean, nansum / nanmean, logcumsumexp, diff, bincount, histc, searchsorted / bucketize.
//
// Semantics (PyTorch 1.13):
//   * var_mean / std_mean: floating inputs only; (var or std, mean) of the same dims, each as
//     aten::var / aten::std and aten::mean compute it.
//   * nansum: integral and bool inputs are aten::sum (int64 unless dtype); floating inputs sum
//     the non-NaN elements in dtype (a non-floating dtype: "nansum_cpu" not implemented);
//     nanmean = nansum (rounded to the result dtype) / the count of non-NaN elements.
//   * logcumsumexp: floating but Half; a running log(exp(acc) + exp(x)) in double, where equal
//     infinities stay themselves and NaN propagates.
//   * diff: n times (narrow(1..) - narrow(0..)) along dim (logical_xor for bool) after catting
//     prepend / append; n <= 0 returns self (n == 0: a copy).
//   * bincount: 1-d non-negative integral input; float32 weights sum in float32, other weights in
//     float64; no weights: int64 counts; at least minlength bins.
//   * histc: bins equal-width bins over [min, max] (the data's range when min == max, widened by
//     1 each side when that is one value); an element's bin is (x - lo) * bins / (hi - lo)
//     computed in the input dtype and truncated (x == hi in the last bin), elements outside the
//     range (and NaN) skipped; counts in the input dtype.
//   * searchsorted / bucketize: per value, a binary search of its row of the sorted boundaries
//     (lower bound, or upper bound for right / side="right"; NaN compares as in C++), through
//     `sorter` when given; both operands converted to their result type; int64 indices (int32 for
//     out_int32).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "jit/kernels/OutVariants.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

void pushPair(Stack& s, size_t n, IValue a, IValue b) {
  drop(s, n);
  s.push_back(std::move(a));
  s.push_back(std::move(b));
}

// ---- var_mean / std_mean ------------------------------------------------------------------------

// (self, dim, correction, keepdim) as var.correction takes them.
void varMean(Stack& s, size_t n, bool isStd, const IValue& dim, const IValue& correction, bool keepdim) {
  const Tensor self = arg(s, 0, n).toTensor();
  if (!isFloatingType(self.dtype()))
    throw RuntimeError(str(isStd ? "std_mean" : "var_mean", " only support floating point and complex dtypes"));
  IValue v = runKernel(isStd ? "aten::std.correction" : "aten::var.correction", {IValue(self), dim, correction, IValue(keepdim)});
  IValue m = runKernel("aten::mean.dim", {IValue(self), dim, IValue(keepdim), IValue()});
  pushPair(s, n, std::move(v), std::move(m));
}

void registerVarMean(bool isStd) {
  const std::string op = isStd ? "aten::std_mean" : "aten::var_mean";
  def(op, [isStd](Stack& s, size_t n) {
    const int64_t corr = arg(s, 1, n).toBool() ? 1 : 0;
    varMean(s, n, isStd, IValue(), IValue(corr), false);
  });
  def(op + ".dim", [isStd](Stack& s, size_t n) {
    const int64_t corr = arg(s, 2, n).toBool() ? 1 : 0;
    varMean(s, n, isStd, arg(s, 1, n), IValue(corr), arg(s, 3, n).toBool());
  });
  def(op + ".correction", [isStd](Stack& s, size_t n) {
    varMean(s, n, isStd, arg(s, 1, n), arg(s, 2, n), arg(s, 3, n).toBool());
  });
}

// ---- nansum / nanmean ---------------------------------------------------------------------------

// Per output slot: the sum of the non-NaN elements (double) and their count.
template <typename S>
void nanSlots(const ReducePlan& p, std::vector<double>& sum, std::vector<int64_t>& count) {
  const S* src = static_cast<const S*>(p.src.data());
  const size_t slots = static_cast<size_t>(p.outer * p.inner);
  sum.assign(slots, 0.0);
  count.assign(slots, 0);
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t r = 0; r < p.red; ++r) {
      const S* row = src + (o * p.red + r) * p.inner;
      double* acc = sum.data() + o * p.inner;
      int64_t* cnt = count.data() + o * p.inner;
      for (int64_t i = 0; i < p.inner; ++i) {
        const double v = static_cast<double>(static_cast<opmath_t<S>>(row[i]));
        if (v != v) continue;
        acc[i] += v;
        ++cnt[i];
      }
    }
}

Tensor nanReduce(const Tensor& self, const IValue& dimV, bool keepdim, std::optional<ScalarType> dtype, bool mean) {
  if (mean && !isFloatingType(self.dtype()))
    throw RuntimeError(str("nanmean(): expected input to have floating point dtype but got ", irName(self.dtype())));
  if (!mean && isIntegralType(self.dtype(), true)) {
    IValue dt = dtype ? IValue(toTorchCode(*dtype)) : IValue();
    return runKernel("aten::sum.dim_IntList", {IValue(self), dimV, IValue(keepdim), dt}).toTensor();
  }
  const ScalarType dt = dtype.value_or(self.dtype());
  if (!isFloatingType(dt)) throwNotImplemented("nansum_cpu", dt);
  const ReducePlan p = planReduce(self, dimListArg(dimV, self.dim()), keepdim, dt);
  Tensor out = Tensor::empty(p.outShape, dt);
  visitFloating(dt, "nansum_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    std::vector<double> sum;
    std::vector<int64_t> count;
    nanSlots<T>(p, sum, count);
    T* o = static_cast<T*>(out.data());
    for (size_t k = 0; k < sum.size(); ++k) {
      const T total = convertScalar<T>(sum[k]);
      o[k] = mean ? convertScalar<T>(static_cast<C>(total) / static_cast<C>(count[k])) : total;
    }
  });
  return out;
}

// ---- logcumsumexp -------------------------------------------------------------------------------

inline double logAddExp(double x, double acc) {
  const double lo = std::isnan(acc) ? acc : std::min(x, acc);
  const double hi = std::isnan(acc) ? acc : std::max(x, acc);
  if (lo != hi || std::isfinite(lo)) return std::log1p(std::exp(lo - hi)) + hi;
  return x;  // equal infinities
}

Tensor logcumsumexp(const Tensor& self, int64_t rawDim) {
  const int64_t dim = wrapDim(rawDim, self.dim());
  if (!isFloatingType(self.dtype()) || self.dtype() == ScalarType::Half)
    throwNotImplemented("logcumsumexp_out_cpu", self.dtype());
  if (self.dim() == 0) return self.clone();
  const Tensor src = self.contiguous();
  Tensor out = Tensor::empty(self.sizes(), self.dtype());
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= self.size(d);
  for (int64_t d = dim + 1; d < self.dim(); ++d) inner *= self.size(d);
  const int64_t len = self.size(dim);
  visitFloating(self.dtype(), "logcumsumexp_out_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* x = static_cast<const T*>(src.data());
    T* y = static_cast<T*>(out.data());
    std::vector<double> acc(static_cast<size_t>(inner));
    for (int64_t o = 0; o < outer; ++o) {
      std::fill(acc.begin(), acc.end(), -std::numeric_limits<double>::infinity());
      for (int64_t r = 0; r < len; ++r) {
        const int64_t base = (o * len + r) * inner;
        for (int64_t i = 0; i < inner; ++i) {
          double& a = acc[static_cast<size_t>(i)];
          a = logAddExp(static_cast<double>(static_cast<opmath_t<T>>(x[base + i])), a);
          y[base + i] = convertScalar<T>(a);
        }
      }
    }
  });
  return out;
}

// ---- diff ---------------------------------------------------------------------------------------

Tensor diff(const Tensor& self, int64_t n, int64_t rawDim, const IValue& prepend, const IValue& append) {
  if (self.dim() < 1) throw RuntimeError("diff expects input to be at least one-dimensional");
  const int64_t dim = wrapDim(rawDim, self.dim());
  for (const IValue* extra : {&prepend, &append})
    if (!extra->isNone() && extra->toTensor().dim() != self.dim())
      throw RuntimeError("diff expects prepend or append to be the same dimension as input");
  Tensor x = self;
  if (n != 0 && (!prepend.isNone() || !append.isNone())) {
    std::vector<IValue> parts;
    if (!prepend.isNone()) parts.push_back(prepend);
    parts.push_back(IValue(self));
    if (!append.isNone()) parts.push_back(append);
    x = runKernel("aten::cat", {makeList(TensorType::get(), std::move(parts)), IValue(dim)}).toTensor();
  }
  if (n == 0) return x.clone();
  const int64_t steps = std::min(n, x.size(dim));
  int64_t len = x.size(dim) - 1;
  const bool isBool = x.dtype() == ScalarType::Bool;
  for (int64_t i = 0; i < steps; ++i, --len) {
    IValue hi = runKernel("aten::narrow", {IValue(x), IValue(dim), IValue(int64_t{1}), IValue(len)});
    IValue lo = runKernel("aten::narrow", {IValue(x), IValue(dim), IValue(int64_t{0}), IValue(len)});
    x = (isBool ? runKernel("aten::logical_xor", {hi, lo}) : runKernel("aten::sub.Tensor", {hi, lo, IValue(int64_t{1})}))
            .toTensor();
  }
  return x;
}

// ---- bincount -----------------------------------------------------------------------------------

Tensor bincount(const Tensor& self, const IValue& weightsV, int64_t minlength) {
  return visitIntegral<false>(self.dtype(), "bincount_cpu", [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    if (minlength < 0) throw RuntimeError("minlength should be >= 0");
    if (self.dim() == 1 && self.numel() == 0) return Tensor::zeros({minlength}, ScalarType::Int64);
    const Tensor c = self.dim() == 1 ? self.contiguous() : self;
    const T* p = self.dim() == 1 ? static_cast<const T*>(c.data()) : nullptr;
    const int64_t count = self.numel();
    if (self.dim() != 1 || static_cast<int64_t>(*std::min_element(p, p + count)) < 0)
      throw RuntimeError("bincount only supports 1-d non-negative integral inputs.");
    const Tensor w = weightsV.isNone() ? Tensor() : weightsV.toTensor();
    if (w.defined() && (w.dim() != 1 || w.size(0) != count))
      throw RuntimeError("weights should be 1-d and have the same length as input");
    const int64_t bins = std::max(static_cast<int64_t>(*std::max_element(p, p + count)) + 1, minlength);
    if (!w.defined()) {
      Tensor out = Tensor::zeros({bins}, ScalarType::Int64);
      int64_t* o = static_cast<int64_t*>(out.data());
      for (int64_t i = 0; i < count; ++i) ++o[static_cast<int64_t>(p[i])];
      return out;
    }
    const ScalarType wt = w.dtype() == ScalarType::Float ? ScalarType::Float : ScalarType::Double;
    const Tensor wc = w.to(wt).contiguous();
    Tensor out = Tensor::zeros({bins}, wt);
    auto accumulate = [&](auto* o, const auto* wp) {
      for (int64_t i = 0; i < count; ++i) o[static_cast<int64_t>(p[i])] += wp[i];
    };
    if (wt == ScalarType::Float)
      accumulate(static_cast<float*>(out.data()), static_cast<const float*>(wc.data()));
    else
      accumulate(static_cast<double*>(out.data()), static_cast<const double*>(wc.data()));
    return out;
  });
}

// ---- histc --------------------------------------------------------------------------------------

// A double as c10 prints it in messages (ostream, 6 significant digits); data-derived NaN prints
// as "-nan" (1.13's aminmax yields the x86 default NaN, whose sign bit is set).
std::string formatEdge(double v, bool fromData) {
  if (std::isnan(v)) return fromData || std::signbit(v) ? "-nan" : "nan";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Tensor histc(const Tensor& self, int64_t bins, double lo, double hi, const Tensor* outArg = nullptr) {
  if (bins <= 0) throw RuntimeError(str("torch.histogram(): bins must be > 0, but got ", bins, " for dimension 0"));
  if (outArg && outArg->dtype() != self.dtype())
    throw RuntimeError(str("torch.histogram: input tensor and hist tensor should have the same dtype, but got input ",
                           typeMetaName(self.dtype()), " and hist ", typeMetaName(outArg->dtype())));
  bool fromData = false;
  if (lo == hi && self.numel() > 0) {
    // 1.13 takes the range from aminmax (no Half kernel), NaN propagating.
    lo = runKernel("aten::aminmax", {IValue(self), IValue(), IValue(false)}).toTensor().to(ScalarType::Double).itemDouble();
    hi = runKernel("aten::max", {IValue(self)}).toTensor().to(ScalarType::Double).itemDouble();
    fromData = true;
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  if (std::isinf(lo) || std::isinf(hi) || std::isnan(lo) || std::isnan(hi))
    throw RuntimeError(str("torch.histc: range of [", formatEdge(lo, fromData), ", ", formatEdge(hi, fromData),
                           "] is not finite"));
  if (!(lo < hi)) throw RuntimeError("torch.histc: max must be larger than min");
  if (!isFloatingType(self.dtype()) || self.dtype() == ScalarType::Half)
    throwNotImplemented("histogram_cpu", self.dtype());
  Tensor out = Tensor::zeros({bins}, self.dtype());
  const Tensor c = self.contiguous();
  visitFloating(self.dtype(), "histogram_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    // Each step rounds to T, as 1.13's arithmetic on T does.
    auto r = [](C v) { return static_cast<C>(convertScalar<T>(v)); };
    const C left = r(static_cast<C>(lo)), right = r(static_cast<C>(hi));
    const C width = r(right - left), binsT = r(static_cast<C>(bins));
    const T* p = static_cast<const T*>(c.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t i = 0; i < c.numel(); ++i) {
      const C x = static_cast<C>(p[i]);
      if (!(x >= left && x <= right)) continue;
      int64_t pos = static_cast<int64_t>(r(r(r(x - left) * binsT) / width));
      if (pos == bins) --pos;
      o[pos] = convertScalar<T>(static_cast<C>(o[pos]) + C(1));
    }
  });
  return out;
}

// ---- searchsorted / bucketize -------------------------------------------------------------------

bool dimsMatchBeforeLast(const Tensor& boundaries, const Tensor& input) {
  if (boundaries.dim() != input.dim()) return false;
  for (int64_t d = 0; d + 1 < boundaries.dim(); ++d)
    if (boundaries.size(d) != input.size(d)) return false;
  return true;
}

// out: the out= tensor (its dtype is checked with the arguments) or nullptr.
Tensor searchsorted(const Tensor& boundaries, const Operand& input, bool outInt32, bool right,
                    const std::optional<std::string>& side, const IValue& sorterV, const Tensor* outArg = nullptr) {
  const char* fn = "torch.searchsorted(): ";
  if (side) {
    if (*side != "left" && *side != "right")
      throw RuntimeError(str(fn, "side can only be 'left' or 'right' but got ", *side));
    if (right && *side != "right")
      throw RuntimeError(str(fn, "side and right can't be set to opposites, got side of ", *side, " while right was True"));
  }
  const Tensor sorter = sorterV.isNone() ? Tensor() : sorterV.toTensor();
  if (sorter.defined()) {
    if (sorter.sizes() != boundaries.sizes())
      throw RuntimeError(str(fn, "boundary and sorter must have the same size, but got boundary tensor ",
                             shapeString(boundaries.sizes()), "and got sorter tensor ", shapeString(sorter.sizes())));
    if (sorter.dtype() != ScalarType::Int64)
      throw RuntimeError(str(fn, "sorter must be a tensor of long dtype but got dtype ", irName(sorter.dtype())));
  }
  const int64_t inDim = input.isNumber() ? 0 : input.tensor.dim();
  if (inDim == 0 && boundaries.dim() != 1)
    throw RuntimeError(str(fn, "input value can be a scalar only when boundaries tensor dimension is 1, but we got ",
                           "boundaries tensor dim(", boundaries.dim(), ") and input value's dim(", inDim, ") numel(",
                           input.numel(), ")"));
  if (boundaries.dim() == 0)
    throw RuntimeError(str(fn, "boundaries tensor should have positive dimension, but got 0 dimension"));
  if (boundaries.dim() != 1 && !dimsMatchBeforeLast(boundaries, input.tensor))
    throw RuntimeError(str(fn, "boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries ",
                           "tensor and input value tensor must match, but we got boundaries tensor ",
                           shapeString(boundaries.sizes()), " and input value tensor ", shapeString(input.sizes())));
  const ScalarType outDt = outInt32 ? ScalarType::Int32 : ScalarType::Int64;
  if (outArg && outArg->dtype() != outDt)
    throw RuntimeError(str(fn, "output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) depending on ",
                           "whether out_int32 flag is True, but we got output tensor's dtype ", irName(outArg->dtype()),
                           " and out_int32 flag is ", outInt32 ? "True" : "False"));
  Tensor out = Tensor::empty(input.sizes(), outDt);
  if (input.numel() == 0) return out;
  const Operand b = Operand::of(IValue(boundaries));
  const ScalarType common = resultTypeOf({&b, &input});
  const bool upper = side ? *side == "right" : right;
  const Tensor bd = boundaries.to(common).contiguous();
  const Tensor vals = (input.isNumber() ? Tensor::full({}, input.d, common) : input.tensor.to(common)).contiguous();
  if (input.isNumber() && input.numberType != ScalarType::Double) vals.setInt64(0, input.i);
  const Tensor sc = sorter.defined() ? sorter.contiguous() : Tensor();
  const int64_t* sp = sc.defined() ? static_cast<const int64_t*>(sc.data()) : nullptr;
  const int64_t len = boundaries.size(-1);
  const int64_t perRow = boundaries.dim() == 1 ? 0 : input.tensor.size(-1);
  if (common == ScalarType::Bool) throwNotImplemented("searchsorted_out_cpu", common);
  visitScalarType(common, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const T* bp = static_cast<const T*>(bd.data());
    const T* vp = static_cast<const T*>(vals.data());
    for (int64_t i = 0; i < vals.numel(); ++i) {
      const int64_t rowStart = perRow ? (i / perRow) * len : 0;
      const C v = static_cast<C>(vp[i]);
      int64_t start = 0, end = len;
      while (start < end) {
        const int64_t mid = start + ((end - start) >> 1);
        int64_t at = mid;
        if (sp) {
          at = sp[rowStart + mid];
          if (at < 0 || at >= len) throw RuntimeError(str(fn, "sorter index ", at, " is out of range"));
        }
        const C m = static_cast<C>(bp[rowStart + at]);
        if (upper ? !(m > v) : !(m >= v)) start = mid + 1;
        else end = mid;
      }
      if (outInt32) static_cast<int32_t*>(out.data())[i] = static_cast<int32_t>(start);
      else static_cast<int64_t*>(out.data())[i] = start;
    }
  });
  return out;
}

Tensor bucketize(const Operand& input, const Tensor& boundaries, bool outInt32, bool right, const Tensor* out = nullptr) {
  if (boundaries.dim() != 1)
    throw RuntimeError(str("boundaries tensor must be 1 dimension, but got dim(", boundaries.dim(), ")"));
  return searchsorted(boundaries, input, outInt32, right, std::nullopt, IValue(), out);
}

using RFn = Tensor (*)(const IValue* a);
void defR(const char* name, RFn fn) {
  def(name, [fn](Stack& s, size_t n) {
    Tensor r = fn(&s[s.size() - n]);
    ret1(s, n, IValue(std::move(r)));
  });
}

}  // namespace

void registerReductionsMoreKernels() {
  registerVarMean(false);
  registerVarMean(true);
  defR("aten::nansum", [](const IValue* a) { return nanReduce(a[0].toTensor(), a[1], a[2].toBool(), optDtypeArg(a[3]), false); });
  defR("aten::nanmean", [](const IValue* a) { return nanReduce(a[0].toTensor(), a[1], a[2].toBool(), optDtypeArg(a[3]), true); });
  defR("aten::logcumsumexp", [](const IValue* a) { return logcumsumexp(a[0].toTensor(), a[1].toInt()); });
  defR("aten::diff", [](const IValue* a) { return diff(a[0].toTensor(), a[1].toInt(), a[2].toInt(), a[3], a[4]); });
  defR("aten::bincount", [](const IValue* a) { return bincount(a[0].toTensor(), a[1], a[2].toInt()); });
  defR("aten::histc", [](const IValue* a) {
    return histc(a[0].toTensor(), a[1].toInt(), scalarArgDouble(a[2]), scalarArgDouble(a[3]));
  });
  for (const char* name : {"aten::searchsorted.Tensor", "aten::searchsorted.Scalar"})
    defR(name, [](const IValue* a) {
      return searchsorted(a[0].toTensor(), Operand::of(a[1]), a[2].toBool(), a[3].toBool(), optStringArg(a[4]), a[5]);
    });
  for (const char* name : {"aten::bucketize.Tensor", "aten::bucketize.Scalar"})
    defR(name, [](const IValue* a) { return bucketize(Operand::of(a[0]), a[1].toTensor(), a[2].toBool(), a[3].toBool()); });
  // out= overloads with 1.13's dtype checks of out (the last argument).
  defR("aten::logcumsumexp.out", [](const IValue* a) {
    const Tensor self = a[0].toTensor(), out = a[2].toTensor();
    if (out.dtype() != self.dtype())
      throw RuntimeError(str("expected scalar_type ", irName(self.dtype()), " but found ", irName(out.dtype())));
    return writeOut(out, logcumsumexp(self, a[1].toInt()));
  });
  // nansum / nanmean into out: out's dtype is the result dtype (a different dtype argument is an error).
  for (bool mean : {false, true})
    def(mean ? "aten::nanmean.out" : "aten::nansum.out", [mean](Stack& s, size_t n) {
      const IValue* a = &s[s.size() - n];
      const Tensor self = a[0].toTensor(), out = a[4].toTensor();
      const std::optional<ScalarType> dtype = optDtypeArg(a[3]);
      if (dtype && *dtype != out.dtype())
        throw RuntimeError(str("nansum: provided dtype must match dtype of result. Got ", irName(out.dtype()), " and ",
                               irName(*dtype), "."));
      const Tensor r = nanReduce(self, a[1], a[2].toBool(), mean || !isIntegralType(self.dtype(), true) ? out.dtype() : dtype,
                                 mean);
      writeOut(out, r);
      ret1(s, n, IValue(out));
    });
  defR("aten::histc.out", [](const IValue* a) {
    const Tensor out = a[4].toTensor();
    return writeOut(out, histc(a[0].toTensor(), a[1].toInt(), scalarArgDouble(a[2]), scalarArgDouble(a[3]), &out));
  });
  for (const char* name : {"aten::searchsorted.Tensor_out", "aten::searchsorted.Scalar_out"})
    defR(name, [](const IValue* a) {
      const Tensor out = a[6].toTensor();
      return writeOut(out, searchsorted(a[0].toTensor(), Operand::of(a[1]), a[2].toBool(), a[3].toBool(),
                                        optStringArg(a[4]), a[5], &out));
    });
  for (const char* name : {"aten::bucketize.Tensor_out", "aten::bucketize.Scalar_out"})
    defR(name, [](const IValue* a) {
      const Tensor out = a[4].toTensor();
      return writeOut(out, bucketize(Operand::of(a[0]), a[1].toTensor(), a[2].toBool(), a[3].toBool(), &out));
    });
}

}  // namespace tsjit::kernels
