// ReductionsMore.cpp — reference kernels of var_mean / std_mean, nansum / nanmean, logcumsumexp,
// diff, bincount, histc and searchsorted / bucketize. Their out= overloads come from OutVariants.
//
// Semantics (PyTorch 1.13):
//   * var_mean / std_mean (floating inputs only): the pair (aten::var or aten::std, aten::mean)
//     over the same dims.
//   * nansum: integral / bool inputs are aten::sum; floating ones add the non-NaN elements in
//     double and round once to dtype (a non-floating dtype raises "nansum_cpu" not implemented).
//     nanmean (floating inputs only) divides that rounded sum by the count of non-NaN elements.
//   * logcumsumexp (floating but Half): acc_i = log(exp(acc_{i-1}) + exp(x_i)) in double, an
//     infinity added to itself staying itself, NaN propagating.
//   * diff: prepend / append catted along dim, then n rounds of (x[1:] - x[:-1]) along dim
//     (logical xor for bool); n == 0 copies the input, n < 0 returns it.
//   * bincount: counts of each value of a 1-d non-negative integral tensor (int64), or sums of
//     the weights (float32 weights → float32, others → float64), at least minlength bins.
//   * histc: equal-width bins; the bin of x is trunc((x - lo) * bins / (hi - lo)) with every step
//     rounded to the input dtype (1.13 computes in that dtype), hi falling into the last bin;
//     elements outside [lo, hi] are not counted.
//   * searchsorted / bucketize: for each value, the number of boundaries (of its row) that are
//     < value (>= for right / side="right"), found by bisection as 1.13 does (so NaN behaves the
//     same), reading boundaries through `sorter` when given.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "reference/kernels/ReductionsParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

// ---- var_mean / std_mean ------------------------------------------------------------------------

std::vector<IValue> varMean(const Tensor& self, const IValue& dim, const IValue& correction, bool keepdim, bool isStd) {
  if (!isFloating(self.dtype()))
    throw RuntimeError(str(isStd ? "std_mean" : "var_mean", " only support floating point and complex dtypes"));
  IValue spread = runKernel(isStd ? "aten::std.correction" : "aten::var.correction", {IValue(self), dim, correction, IValue(keepdim)});
  IValue mean = runKernel("aten::mean.dim", {IValue(self), dim, IValue(keepdim), IValue()});
  return {spread, mean};
}

// ---- nansum / nanmean ---------------------------------------------------------------------------

Tensor nanReduce(const Tensor& self, const IValue& dimV, bool keepdim, std::optional<ScalarType> dtype, bool mean) {
  if (mean && !isFloating(self.dtype()))
    throw RuntimeError(str("nanmean(): expected input to have floating point dtype but got ", irName(self.dtype())));
  if (!mean && isIntegral(self.dtype())) {
    const IValue dt = dtype ? IValue(toTorchCode(*dtype)) : IValue();
    return tensorArg(runKernel("aten::sum.dim_IntList", {IValue(self), dimV, IValue(keepdim), dt}));
  }
  const ScalarType dt = dtype.value_or(self.dtype());
  if (!isFloating(dt)) throwNotImplemented("nansum_cpu", dt);
  const Grouping g = groupingOf(self.sizes(), dimListArg(dimV, self.dim()), keepdim);
  const Tensor a = g.arrange(self);
  Tensor out = makeOutput(g.outSizes, dt);
  for (int64_t gi = 0; gi < g.groups; ++gi) {
    double total = 0;
    int64_t count = 0;
    for (int64_t r = 0; r < g.groupSize; ++r) {
      const double v = readAs(a, gi * g.groupSize + r, dt);
      if (std::isnan(v)) continue;
      total += v;
      ++count;
    }
    total = castDouble(total, dt);
    out.setDouble(gi, mean ? total / static_cast<double>(count) : total);
  }
  return out;
}

// ---- logcumsumexp -------------------------------------------------------------------------------

Tensor logcumsumexp(const Tensor& self, int64_t rawDim) {
  const int64_t dim = dimArg(IValue(rawDim), self.dim());
  if (!isFloating(self.dtype()) || self.dtype() == ScalarType::Half)
    throwNotImplemented("logcumsumexp_out_cpu", self.dtype());
  Tensor out = makeOutput(self.sizes(), self.dtype());
  const std::vector<int64_t> dims = self.dim() == 0 ? std::vector<int64_t>{} : std::vector<int64_t>{dim};
  const Grouping g = groupingOf(self.sizes(), dims, true);
  const Tensor in = g.arrange(self), o = g.arrange(out);
  for (int64_t gi = 0; gi < g.groups; ++gi) {
    double acc = -std::numeric_limits<double>::infinity();
    for (int64_t r = 0; r < g.groupSize; ++r) {
      const double x = in.getDouble(gi * g.groupSize + r);
      if (std::isnan(x) || std::isnan(acc)) acc = std::numeric_limits<double>::quiet_NaN();
      else if (std::isinf(x) && x == acc) acc = x;
      else {
        const double big = std::max(x, acc), small = std::min(x, acc);
        acc = big + std::log1p(std::exp(small - big));
      }
      o.setDouble(gi * g.groupSize + r, acc);
    }
  }
  return out;
}

// ---- diff ---------------------------------------------------------------------------------------

Tensor diff(const Tensor& self, int64_t n, int64_t rawDim, const IValue& prepend, const IValue& append) {
  if (self.dim() == 0) throw RuntimeError("diff expects input to be at least one-dimensional");
  const int64_t dim = dimArg(IValue(rawDim), self.dim());
  if ((!prepend.isNone() && tensorArg(prepend).dim() != self.dim()) ||
      (!append.isNone() && tensorArg(append).dim() != self.dim()))
    throw RuntimeError("diff expects prepend or append to be the same dimension as input");
  if (n == 0) return self.clone();
  Tensor x = self;
  if (!prepend.isNone() || !append.isNone()) {
    std::vector<IValue> pieces;
    if (!prepend.isNone()) pieces.push_back(prepend);
    pieces.emplace_back(self);
    if (!append.isNone()) pieces.push_back(append);
    x = tensorArg(runKernel("aten::cat", {makeList(TensorType::get(), pieces), IValue(dim)}));
  }
  for (int64_t round = 0; round < n && x.size(dim) > 0; ++round) {
    const int64_t len = x.size(dim) - 1;
    const IValue later(x.narrow(dim, 1, len)), earlier(x.narrow(dim, 0, len));
    x = tensorArg(x.dtype() == ScalarType::Bool ? runKernel("aten::logical_xor", {later, earlier})
                                                 : runKernel("aten::sub.Tensor", {later, earlier, IValue(int64_t{1})}));
  }
  return x;
}

// ---- bincount -----------------------------------------------------------------------------------

Tensor bincount(const Tensor& self, const IValue& weightsV, int64_t minlength) {
  if (!isIntegral(self.dtype()) || self.dtype() == ScalarType::Bool) throwNotImplemented("bincount_cpu", self.dtype());
  if (minlength < 0) throw RuntimeError("minlength should be >= 0");
  if (self.dim() == 1 && self.numel() == 0) return Tensor::zeros({minlength}, ScalarType::Int64);
  bool valid = self.dim() == 1;
  int64_t top = -1;
  for (int64_t i = 0; valid && i < self.numel(); ++i) {
    const int64_t v = self.getInt64(i);
    valid = v >= 0;
    top = std::max(top, v);
  }
  if (!valid) throw RuntimeError("bincount only supports 1-d non-negative integral inputs.");
  const std::optional<Tensor> weights = optTensorArg(weightsV);
  if (weights && (weights->dim() != 1 || weights->size(0) != self.numel()))
    throw RuntimeError("weights should be 1-d and have the same length as input");
  const int64_t bins = std::max(top + 1, minlength);
  if (!weights) {
    std::vector<int64_t> counts(static_cast<size_t>(bins), 0);
    for (int64_t i = 0; i < self.numel(); ++i) ++counts[static_cast<size_t>(self.getInt64(i))];
    return Tensor::fromInt64s(counts, {bins}, ScalarType::Int64);
  }
  std::vector<double> sums(static_cast<size_t>(bins), 0.0);
  for (int64_t i = 0; i < self.numel(); ++i) sums[static_cast<size_t>(self.getInt64(i))] += weights->getDouble(i);
  return Tensor::fromDoubles(sums, {bins}, weights->dtype() == ScalarType::Float ? ScalarType::Float : ScalarType::Double);
}

// ---- histc --------------------------------------------------------------------------------------

// A double the way c10's messages print it ("1", "0.5", "inf"); a NaN that came out of the data's
// range prints "-nan" (1.13's aminmax returns the x86 default NaN, sign bit set).
std::string edgeText(double v, bool fromData) {
  if (std::isnan(v)) return (fromData || std::signbit(v)) ? "-nan" : "nan";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Tensor histc(const Tensor& self, int64_t bins, double lo, double hi, const std::optional<Tensor>& outArg = std::nullopt) {
  if (bins <= 0) throw RuntimeError(str("torch.histogram(): bins must be > 0, but got ", bins, " for dimension 0"));
  if (outArg && outArg->dtype() != self.dtype())
    throw RuntimeError(str("torch.histogram: input tensor and hist tensor should have the same dtype, but got input ",
                           typeMetaName(self.dtype()), " and hist ", typeMetaName(outArg->dtype())));
  const bool fromData = lo == hi && self.numel() > 0;
  if (fromData) {
    if (self.dtype() == ScalarType::Half) throwNotImplemented("aminmax_cpu", self.dtype());
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (int64_t i = 0; i < self.numel(); ++i) {
      const double v = self.getDouble(i);
      if (std::isnan(v)) {
        lo = hi = v;
        break;
      }
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  if (!std::isfinite(lo) || !std::isfinite(hi))
    throw RuntimeError(str("torch.histc: range of [", edgeText(lo, fromData), ", ", edgeText(hi, fromData),
                           "] is not finite"));
  if (!(lo < hi)) throw RuntimeError("torch.histc: max must be larger than min");
  const ScalarType dt = self.dtype();
  if (!isFloating(dt) || dt == ScalarType::Half) throwNotImplemented("histogram_cpu", dt);
  auto round = [dt](double v) { return castDouble(v, dt); };
  const double left = round(lo), right = round(hi);
  std::vector<double> counts(static_cast<size_t>(bins), 0.0);
  for (int64_t i = 0; i < self.numel(); ++i) {
    const double x = self.getDouble(i);
    if (!(x >= left && x <= right)) continue;
    int64_t bin = static_cast<int64_t>(round(round(round(x - left) * round(static_cast<double>(bins))) / round(right - left)));
    if (bin == bins) bin = bins - 1;
    counts[static_cast<size_t>(bin)] = round(counts[static_cast<size_t>(bin)] + 1);
  }
  return Tensor::fromDoubles(counts, {bins}, dt);
}

// ---- searchsorted / bucketize -------------------------------------------------------------------

// outArg: the out= tensor, whose dtype 1.13 checks with the arguments (nullopt: functional).
Tensor searchsorted(const Tensor& boundaries, const Tensor& values, bool outInt32, bool right,
                    const std::optional<std::string>& side, const std::optional<Tensor>& sorter,
                    const std::optional<Tensor>& outArg = std::nullopt) {
  const std::string pre = "torch.searchsorted(): ";
  if (side && *side != "left" && *side != "right")
    throw RuntimeError(pre + "side can only be 'left' or 'right' but got " + *side);
  if (side && right && *side == "left")
    throw RuntimeError(pre + "side and right can't be set to opposites, got side of left while right was True");
  if (sorter) {
    if (sorter->sizes() != boundaries.sizes())
      throw RuntimeError(pre + "boundary and sorter must have the same size, but got boundary tensor " +
                         shapeString(boundaries.sizes()) + "and got sorter tensor " + shapeString(sorter->sizes()));
    if (sorter->dtype() != ScalarType::Int64)
      throw RuntimeError(str(pre, "sorter must be a tensor of long dtype but got dtype ", irName(sorter->dtype())));
  }
  if (values.dim() == 0 && boundaries.dim() != 1)
    throw RuntimeError(str(pre, "input value can be a scalar only when boundaries tensor dimension is 1, but we got ",
                           "boundaries tensor dim(", boundaries.dim(), ") and input value's dim(", values.dim(),
                           ") numel(", values.numel(), ")"));
  if (boundaries.dim() == 0) throw RuntimeError(pre + "boundaries tensor should have positive dimension, but got 0 dimension");
  bool rowsMatch = boundaries.dim() == values.dim();
  for (int64_t d = 0; rowsMatch && d + 1 < boundaries.dim(); ++d) rowsMatch = boundaries.size(d) == values.size(d);
  if (boundaries.dim() != 1 && !rowsMatch)
    throw RuntimeError(pre + "boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor " +
                       "and input value tensor must match, but we got boundaries tensor " +
                       shapeString(boundaries.sizes()) + " and input value tensor " + shapeString(values.sizes()));
  if (outArg && outArg->dtype() != (outInt32 ? ScalarType::Int32 : ScalarType::Int64))
    throw RuntimeError(str(pre, "output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) depending on ",
                           "whether out_int32 flag is True, but we got output tensor's dtype ", irName(outArg->dtype()),
                           " and out_int32 flag is ", outInt32 ? "True" : "False"));
  Tensor out = makeOutput(values.sizes(), outInt32 ? ScalarType::Int32 : ScalarType::Int64);
  if (values.numel() == 0) return out;
  const ScalarType common = resultTypeOf({boundaries, values});
  if (common == ScalarType::Bool) throwNotImplemented("searchsorted_out_cpu", common);
  const bool upper = side ? *side == "right" : right;
  const int64_t len = boundaries.size(-1);
  const bool integral = isIntegral(common);
  for (int64_t i = 0; i < values.numel(); ++i) {
    // Row of boundaries this value searches (1-d boundaries: the only row).
    const int64_t row = boundaries.dim() == 1 ? 0 : i / values.size(-1);
    auto boundaryAt = [&](int64_t k) {
      const int64_t j = sorter ? sorter->getInt64(row * len + k) : k;
      if (j < 0 || j >= len) throw RuntimeError(str(pre, "sorter index ", j, " is out of range"));
      return row * len + j;
    };
    // Compares boundary b with the value in the common dtype: b goes before the value?
    auto before = [&](int64_t b) {
      if (integral) {
        const int64_t bv = readIntAs(boundaries, b, common), v = readIntAs(values, i, common);
        return upper ? !(bv > v) : !(bv >= v);
      }
      const double bv = readAs(boundaries, b, common), v = readAs(values, i, common);
      return upper ? !(bv > v) : !(bv >= v);
    };
    int64_t lo = 0, hi = len;
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (before(boundaryAt(mid))) lo = mid + 1;
      else hi = mid;
    }
    out.setInt64(i, lo);
  }
  return out;
}

}  // namespace

void registerReductionsMoreKernels() {
  for (bool isStd : {false, true}) {
    const std::string op = isStd ? "aten::std_mean" : "aten::var_mean";
    def(op, [isStd](Args& a) {
      return varMean(tensorArg(a.at(0)), IValue(), IValue(int64_t{a.at(1).toBool() ? 1 : 0}), false, isStd);
    });
    def(op + ".dim", [isStd](Args& a) {
      return varMean(tensorArg(a.at(0)), a.at(1), IValue(int64_t{a.at(2).toBool() ? 1 : 0}), a.at(3).toBool(), isStd);
    });
    def(op + ".correction", [isStd](Args& a) {
      return varMean(tensorArg(a.at(0)), a.at(1), a.at(2), a.at(3).toBool(), isStd);
    });
  }
  def("aten::nansum", functionalKernel([](Args& a) {
        return nanReduce(tensorArg(a.at(0)), a.at(1), a.at(2).toBool(), optDtypeArg(a.at(3)), false);
      }));
  def("aten::nanmean", functionalKernel([](Args& a) {
        return nanReduce(tensorArg(a.at(0)), a.at(1), a.at(2).toBool(), optDtypeArg(a.at(3)), true);
      }));
  def("aten::logcumsumexp", functionalKernel([](Args& a) { return logcumsumexp(tensorArg(a.at(0)), a.at(1).toInt()); }));
  def("aten::diff", functionalKernel([](Args& a) {
        return diff(tensorArg(a.at(0)), a.at(1).toInt(), a.at(2).toInt(), a.at(3), a.at(4));
      }));
  def("aten::bincount", functionalKernel([](Args& a) { return bincount(tensorArg(a.at(0)), a.at(1), a.at(2).toInt()); }));
  def("aten::histc", functionalKernel([](Args& a) {
        return histc(tensorArg(a.at(0)), a.at(1).toInt(), scalarDouble(a.at(2)), scalarDouble(a.at(3)));
      }));
  def("aten::logcumsumexp.out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0)), out = tensorArg(a.at(2));
    if (out.dtype() != self.dtype())
      throw RuntimeError(str("expected scalar_type ", irName(self.dtype()), " but found ", irName(out.dtype())));
    return ret(writeOut(out, logcumsumexp(self, a.at(1).toInt())));
  });
  // nansum / nanmean into out: out's dtype is the result dtype (a different dtype argument is an error).
  for (bool mean : {false, true})
    def(mean ? "aten::nanmean.out" : "aten::nansum.out", [mean](Args& a) {
      const Tensor self = tensorArg(a.at(0)), out = tensorArg(a.at(4));
      const std::optional<ScalarType> dtype = optDtypeArg(a.at(3));
      if (dtype && *dtype != out.dtype())
        throw RuntimeError(str("nansum: provided dtype must match dtype of result. Got ", irName(out.dtype()), " and ",
                               irName(*dtype), "."));
      const bool integralSum = !mean && isIntegral(self.dtype());
      return ret(writeOut(out, nanReduce(self, a.at(1), a.at(2).toBool(), integralSum ? dtype : out.dtype(), mean)));
    });
  def("aten::histc.out", [](Args& a) {
    const Tensor out = tensorArg(a.at(4));
    return ret(writeOut(out, histc(tensorArg(a.at(0)), a.at(1).toInt(), scalarDouble(a.at(2)), scalarDouble(a.at(3)), out)));
  });
  // searchsorted(sorted_sequence, self, *, out_int32, right, side, sorter[, out])
  auto search = [](Args& a, const std::optional<Tensor>& out) {
    return searchsorted(tensorArg(a.at(0)), operandArg(a.at(1)), a.at(2).toBool(), a.at(3).toBool(), optString(a.at(4)),
                        optTensorArg(a.at(5)), out);
  };
  for (const char* name : {"aten::searchsorted.Tensor", "aten::searchsorted.Scalar"})
    def(name, [search](Args& a) { return ret(search(a, std::nullopt)); });
  for (const char* name : {"aten::searchsorted.Tensor_out", "aten::searchsorted.Scalar_out"})
    def(name, [search](Args& a) {
      const Tensor out = tensorArg(a.at(6));
      return ret(writeOut(out, search(a, out)));
    });
  // bucketize(self, boundaries, *, out_int32, right[, out])
  auto bucket = [](Args& a, const std::optional<Tensor>& out) {
    const Tensor boundaries = tensorArg(a.at(1));
    if (boundaries.dim() != 1)
      throw RuntimeError(str("boundaries tensor must be 1 dimension, but got dim(", boundaries.dim(), ")"));
    return searchsorted(boundaries, operandArg(a.at(0)), a.at(2).toBool(), a.at(3).toBool(), std::nullopt, std::nullopt, out);
  };
  for (const char* name : {"aten::bucketize.Tensor", "aten::bucketize.Scalar"})
    def(name, [bucket](Args& a) { return ret(bucket(a, std::nullopt)); });
  for (const char* name : {"aten::bucketize.Tensor_out", "aten::bucketize.Scalar_out"})
    def(name, [bucket](Args& a) {
      const Tensor out = tensorArg(a.at(4));
      return ret(writeOut(out, bucket(a, out)));
    });
}

}  // namespace tsjit::reference
