// ReductionsSum.cpp — reference kernels of the accumulating reductions: sum, mean, prod, std, var,
// norm / frobenius_norm / linalg_vector_norm, logsumexp, count_nonzero, any, all; with their dim,
// keepdim, dtype and out= overloads.
//
// Semantics (PyTorch 1.13): a dim list that is None or empty reduces every dim. sum and prod of
// integral or bool inputs give int64 (wrapping); a dtype argument casts the input to it first.
// mean, std, var and the norms need floating inputs (PyTorch's messages otherwise); logsumexp
// promotes integers to float32. Floating sums accumulate in double and are rounded once; an empty
// sum is 0, an empty product 1, an empty mean NaN; var divides by max(0, n - correction).
#include <cmath>
#include <limits>

#include "jit/tensor/TypePromotion.h"
#include "reference/kernels/ReductionsParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using Values = std::vector<double>;
using IntValues = std::vector<int64_t>;

// out[g] = fn(values of group g cast to computeDt), for reductions over `dims`.
template <typename F>
Tensor reduceFloating(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, ScalarType computeDt,
                      ScalarType outDt, F fn) {
  const Grouping g = groupingOf(self.sizes(), dims, keepdim);
  const Tensor a = g.arrange(self);
  Tensor out = makeOutput(g.outSizes, outDt);
  Values vals(static_cast<size_t>(g.groupSize));
  for (int64_t gi = 0; gi < g.groups; ++gi) {
    for (int64_t r = 0; r < g.groupSize; ++r) vals[static_cast<size_t>(r)] = readAs(a, gi * g.groupSize + r, computeDt);
    out.setDouble(gi, fn(vals));
  }
  return out;
}

template <typename F>
Tensor reduceIntegral(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, ScalarType computeDt,
                      ScalarType outDt, F fn) {
  const Grouping g = groupingOf(self.sizes(), dims, keepdim);
  const Tensor a = g.arrange(self);
  Tensor out = makeOutput(g.outSizes, outDt);
  IntValues vals(static_cast<size_t>(g.groupSize));
  for (int64_t gi = 0; gi < g.groups; ++gi) {
    for (int64_t r = 0; r < g.groupSize; ++r) vals[static_cast<size_t>(r)] = readIntAs(a, gi * g.groupSize + r, computeDt);
    out.setInt64(gi, fn(vals));
  }
  return out;
}

std::vector<int64_t> allDims(const Tensor& t) { return dimListArg(IValue(), t.dim()); }

// ---- sum / prod / mean ----------------------------------------------------------------------------

ScalarType accumulateType(const Tensor& self, std::optional<ScalarType> dtype) {
  if (dtype) return *dtype;
  return isIntegral(self.dtype()) ? ScalarType::Int64 : self.dtype();
}

Tensor sumOrProd(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, std::optional<ScalarType> dtype,
                 bool product) {
  const ScalarType dt = accumulateType(self, dtype);
  // prod: 1.13's CPU kernel has no Half or BFloat16 (sum has both); an empty input is filled with 1
  // without it.
  if (product && self.numel() > 0 && (dt == ScalarType::Half || dt == ScalarType::BFloat16))
    throwNotImplemented("prod_cpu", dt);
  if (isFloating(dt))
    return reduceFloating(self, dims, keepdim, dt, dt, [product](const Values& v) {
      double acc = product ? 1.0 : 0.0;
      for (double x : v) acc = product ? acc * x : acc + x;
      return acc;
    });
  return reduceIntegral(self, dims, keepdim, dt, dt, [product](const IntValues& v) {
    uint64_t acc = product ? 1 : 0;
    for (int64_t x : v) acc = product ? acc * static_cast<uint64_t>(x) : acc + static_cast<uint64_t>(x);
    return static_cast<int64_t>(acc);
  });
}

Tensor mean(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, std::optional<ScalarType> dtype) {
  const ScalarType dt = dtype.value_or(self.dtype());
  if (!isFloating(dt))
    throw RuntimeError(str("mean(): could not infer output dtype. ",
                           dtype ? "Optional dtype" : "Input dtype",
                           " must be either a floating point or complex dtype. Got: ", dt));
  return reduceFloating(self, dims, keepdim, dt, dt, [](const Values& v) {
    double acc = 0;
    for (double x : v) acc += x;
    return acc / static_cast<double>(v.size());
  });
}

// ---- std / var ------------------------------------------------------------------------------------

Tensor stdVar(const Tensor& self, const std::vector<int64_t>& dims, int64_t correction, bool keepdim, bool takeSqrt) {
  if (!isFloating(self.dtype())) throw RuntimeError("std and var only support floating point and complex dtypes");
  const ScalarType dt = self.dtype();
  return reduceFloating(self, dims, keepdim, dt, dt, [correction, takeSqrt](const Values& v) {
    const double n = static_cast<double>(v.size());
    double mean = 0;
    for (double x : v) mean += x;
    mean /= n;
    double m2 = 0;
    for (double x : v) m2 += (x - mean) * (x - mean);
    const double dof = std::max(0.0, n - static_cast<double>(correction));
    const double var = m2 / dof;
    return takeSqrt ? std::sqrt(var) : var;
  });
}

// ---- norms ----------------------------------------------------------------------------------------

double vectorNorm(const Values& v, double p) {
  if (p == 0) {
    double n = 0;
    for (double x : v) n += x != 0 ? 1 : 0;
    return n;
  }
  if (std::isinf(p)) {
    double best = p > 0 ? 0 : std::numeric_limits<double>::infinity();
    for (double x : v) {
      const double a = std::fabs(x);
      if (std::isnan(a)) return a;
      best = p > 0 ? std::max(best, a) : std::min(best, a);
    }
    return best;
  }
  double acc = 0;
  for (double x : v) acc += p == 1 ? std::fabs(x) : p == 2 ? x * x : std::pow(std::fabs(x), p);
  return p == 1 ? acc : p == 2 ? std::sqrt(acc) : std::pow(acc, 1.0 / p);
}

std::string formatOrd(double p) {
  if (std::isinf(p)) return p > 0 ? "inf" : "-inf";
  if (p == std::floor(p)) return str(static_cast<int64_t>(p));
  return str(p);
}

// aten::norm ("norm": its own dtype check first) and linalg_vector_norm, with PyTorch 1.13's checks
// in order: floating input, the empty-tensor rule for p < 0 / inf (per given dim), the requested
// dtype (floating, no narrowing), then the dims (dimV as given; None or [] = all).
Tensor norm(const Tensor& self, double p, const IValue& dimV, bool keepdim, std::optional<ScalarType> dtype,
            const char* who) {
  if (std::string(who) == "norm") {
    if (dtype && !isFloating(*dtype))
      throw RuntimeError(str("norm(): the desired output dtype should be either floating point or complex. Got ",
                             *dtype, " instead."));
    if (!dtype && !isFloating(self.dtype()))
      throw RuntimeError(str("norm(): input dtype should be either floating point or complex. Got ", self.dtype(),
                             " instead."));
  }
  if (!isFloating(self.dtype()))
    throw RuntimeError(str("linalg.vector_norm: Expected a floating point or complex tensor as input. Got ",
                           self.dtype()));
  const std::vector<int64_t> given = dimV.isNone() ? std::vector<int64_t>{} : intListArg(dimV);
  const bool legacy = std::string(who) == "norm";  // torch.norm / dist: 0 for an empty slice (1.13)
  if (!legacy && self.numel() == 0 && (p < 0 || p == INFINITY)) {
    if (given.empty())
      throw RuntimeError(str("linalg.vector_norm cannot compute the ", formatOrd(p),
                             " norm on an empty tensor because the operation does not have an identity"));
    for (int64_t d : given)
      if (self.size(d) == 0)
        throw RuntimeError(str("linalg.vector_norm cannot compute the ", formatOrd(p), " norm on the dimension ", d,
                               "because this dimension is empty and the operation does not have an identity"));
  }
  if (dtype && !isFloating(*dtype))
    throw RuntimeError(str("linalg.vector_norm: dtype should be floating point or complex, but got ", *dtype));
  if (dtype && promoteTypes(self.dtype(), *dtype) != *dtype)
    throw RuntimeError(str("linalg.vector_norm: the dtype of the input (", self.dtype(),
                           ") should be convertible without narrowing to the specified dtype (", *dtype, ")"));
  const std::vector<int64_t> dims = dimListArg(dimV, self.dim());
  const ScalarType dt = dtype.value_or(self.dtype());
  return reduceFloating(self, dims, keepdim, dt, dt, [p](const Values& v) { return v.empty() ? 0.0 : vectorNorm(v, p); });
}

Tensor frobeniusNorm(const Tensor& self, const IValue& dimV, bool keepdim) {
  std::vector<int64_t> raw = dimV.isNone() ? std::vector<int64_t>{} : intListArg(dimV);
  if (raw.size() > 2)
    throw RuntimeError(str("Expected at most 2 dimensions, but got ", raw.size(), " dimensions instead."));
  return norm(self, 2.0, dimV, keepdim, std::nullopt, "norm");
}

// ---- logsumexp / count_nonzero / any / all -------------------------------------------------------

Tensor logsumexp(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  const ScalarType dt = toFloatingType(self.dtype());
  if (dt == ScalarType::Half) throwNotImplemented("exp_vml_cpu", dt);  // 1.13 computes it through exp
  return reduceFloating(self, dims, keepdim, dt, dt, [](const Values& v) {
    double m = -std::numeric_limits<double>::infinity();
    for (double x : v) m = std::isnan(x) || x > m ? x : m;
    if (std::isinf(m)) m = 0;  // all -inf (or an inf): shift by 0, as PyTorch does
    double s = 0;
    for (double x : v) s += std::exp(x - m);
    return std::log(s) + m;
  });
}

Tensor countNonzero(const Tensor& self, const std::vector<int64_t>& dims) {
  if (isFloating(self.dtype()))
    return reduceFloating(self, dims, false, self.dtype(), ScalarType::Int64, [](const Values& v) {
      double n = 0;
      for (double x : v) n += x != 0 ? 1 : 0;
      return n;
    });
  return reduceIntegral(self, dims, false, self.dtype(), ScalarType::Int64, [](const IntValues& v) {
    int64_t n = 0;
    for (int64_t x : v) n += x != 0 ? 1 : 0;
    return n;
  });
}

// any / all: bool results (uint8 for uint8 inputs, as PyTorch 1.13).
Tensor anyAll(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, bool isAll) {
  const ScalarType outDt = self.dtype() == ScalarType::UInt8 ? ScalarType::UInt8 : ScalarType::Bool;
  const ScalarType dt = isFloating(self.dtype()) ? ScalarType::Double : ScalarType::Int64;
  if (isFloating(self.dtype()))
    return reduceFloating(self, dims, keepdim, dt, outDt, [isAll](const Values& v) {
      for (double x : v)
        if ((x != 0) != isAll) return isAll ? 0.0 : 1.0;
      return isAll ? 1.0 : 0.0;
    });
  return reduceIntegral(self, dims, keepdim, dt, outDt, [isAll](const IntValues& v) -> int64_t {
    for (int64_t x : v)
      if ((x != 0) != isAll) return isAll ? 0 : 1;
    return isAll ? 1 : 0;
  });
}

// sum_to_size: the dims `size` broadcasts over are summed (size-1 dims kept, leading dims dropped).
Tensor sumToSize(const Tensor& self, const std::vector<int64_t>& size) {
  const int64_t lead = self.dim() - static_cast<int64_t>(size.size());
  bool expandable = lead >= 0;
  for (size_t i = 0; expandable && i < size.size(); ++i)
    expandable = size[i] == 1 || size[i] == self.sizes()[lead + static_cast<int64_t>(i)];
  if (!expandable) {
    auto fmt = [](const std::vector<int64_t>& v) {
      std::string out = "[";
      for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
      return out + "]";
    };
    throw RuntimeError("size {" + fmt(size) + "} is not expandable to size {" + fmt(self.sizes()) + "}.");
  }
  Tensor r = self;
  std::vector<int64_t> ones;
  for (size_t i = 0; i < size.size(); ++i)
    if (size[i] == 1 && self.sizes()[lead + static_cast<int64_t>(i)] != 1) ones.push_back(lead + static_cast<int64_t>(i));
  if (!ones.empty()) r = sumOrProd(r, ones, true, std::nullopt, false);
  std::vector<int64_t> leading;
  for (int64_t d = 0; d < lead; ++d) leading.push_back(d);
  if (!leading.empty()) r = sumOrProd(r, leading, false, std::nullopt, false);
  return r;
}

bool boolArg(const IValue& v) { return v.toBool(); }

void defWithOut(const std::string& functional, const std::string& out, const TensorFn& f) {
  def(functional, functionalKernel(f));
  if (!out.empty()) def(out, outKernel(f));
}

}  // namespace

void registerReductionsSumKernels() {
  // sum / prod: (self, dtype) and (self, dim, keepdim, dtype).
  for (bool product : {false, true}) {
    const std::string op = product ? "aten::prod" : "aten::sum";
    TensorFn all = [product](Args& a) {
      const Tensor self = tensorArg(a.at(0));
      return sumOrProd(self, allDims(self), false, optDtypeArg(a.at(1)), product);
    };
    defWithOut(op, op + ".out", all);
  }
  defWithOut("aten::sum.dim_IntList", "aten::sum.IntList_out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return sumOrProd(self, dimListArg(a.at(1), self.dim()), boolArg(a.at(2)), optDtypeArg(a.at(3)), false);
  });
  defWithOut("aten::sum_to_size", "", [](Args& a) { return sumToSize(tensorArg(a.at(0)), intListArg(a.at(1))); });
  defWithOut("aten::_grad_sum_to_size", "", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return a.at(1).isNone() ? self : sumToSize(self, intListArg(a.at(1)));
  });
  def("aten::_size_if_not_equal", [](Args& a) {
    const std::vector<int64_t> self = intListArg(a.at(0)), other = intListArg(a.at(1));
    return std::vector<IValue>{self == other ? IValue() : a.at(0)};
  });
  defWithOut("aten::prod.dim_int", "aten::prod.int_out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return sumOrProd(self, dimListArg(a.at(1), self.dim()), boolArg(a.at(2)), optDtypeArg(a.at(3)), true);
  });
  defWithOut("aten::mean", "", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return mean(self, allDims(self), false, optDtypeArg(a.at(1)));
  });
  defWithOut("aten::mean.dim", "aten::mean.out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return mean(self, dimListArg(a.at(1), self.dim()), boolArg(a.at(2)), optDtypeArg(a.at(3)));
  });

  // std / var: (self, unbiased), (self, dim, unbiased, keepdim), (self, dim, *, correction, keepdim).
  for (bool takeSqrt : {true, false}) {
    const std::string op = takeSqrt ? "aten::std" : "aten::var";
    defWithOut(op, "", [takeSqrt](Args& a) {
      const Tensor self = tensorArg(a.at(0));
      return stdVar(self, allDims(self), boolArg(a.at(1)) ? 1 : 0, false, takeSqrt);
    });
    defWithOut(op + ".dim", op + ".out", [takeSqrt](Args& a) {
      const Tensor self = tensorArg(a.at(0));
      return stdVar(self, dimListArg(a.at(1), self.dim()), boolArg(a.at(2)) ? 1 : 0, boolArg(a.at(3)), takeSqrt);
    });
    defWithOut(op + ".correction", op + ".correction_out", [takeSqrt](Args& a) {
      const Tensor self = tensorArg(a.at(0));
      return stdVar(self, dimListArg(a.at(1), self.dim()), optInt(a.at(2)).value_or(1), boolArg(a.at(3)), takeSqrt);
    });
  }

  // norm: p (Scalar or None = 2), dims, keepdim, dtype in the positions of each overload.
  auto p = [](const IValue& v) { return optScalarDouble(v).value_or(2.0); };
  defWithOut("aten::norm.Scalar", "aten::norm.Scalar_out", [p](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return norm(self, p(a.at(1)), IValue(), false, std::nullopt, "norm");
  });
  defWithOut("aten::norm.ScalarOpt_dtype", "aten::norm.ScalarOpt_dtype_out", [p](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return norm(self, p(a.at(1)), IValue(), false, dtypeArg(a.at(2)), "norm");
  });
  defWithOut("aten::norm.ScalarOpt_dim", "aten::norm.out", [p](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return norm(self, p(a.at(1)), a.at(2), boolArg(a.at(3)), std::nullopt, "norm");
  });
  defWithOut("aten::norm.ScalarOpt_dim_dtype", "aten::norm.dtype_out", [p](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return norm(self, p(a.at(1)), a.at(2), boolArg(a.at(3)), dtypeArg(a.at(4)), "norm");
  });
  defWithOut("aten::linalg_vector_norm", "aten::linalg_vector_norm.out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return norm(self, scalarDouble(a.at(1)), a.at(2), boolArg(a.at(3)),
                optDtypeArg(a.at(4)), "linalg_vector_norm");
  });
  defWithOut("aten::frobenius_norm", "", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return frobeniusNorm(self, IValue(), false);
  });
  defWithOut("aten::frobenius_norm.dim", "aten::frobenius_norm.out", [](Args& a) {
    return frobeniusNorm(tensorArg(a.at(0)), a.at(1), boolArg(a.at(2)));
  });

  defWithOut("aten::logsumexp", "aten::logsumexp.out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return logsumexp(self, dimListArg(a.at(1), self.dim()), boolArg(a.at(2)));
  });
  defWithOut("aten::count_nonzero", "aten::count_nonzero.out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return countNonzero(self, dimListArg(a.at(1), self.dim()));
  });
  defWithOut("aten::count_nonzero.dim_IntList", "aten::count_nonzero.dim_IntList_out", [](Args& a) {
    const Tensor self = tensorArg(a.at(0));
    return countNonzero(self, dimListArg(a.at(1), self.dim()));
  });

  for (bool isAll : {false, true}) {
    const std::string op = isAll ? "aten::all" : "aten::any";
    defWithOut(op, op + ".all_out", [isAll](Args& a) {
      const Tensor self = tensorArg(a.at(0));
      return anyAll(self, allDims(self), false, isAll);
    });
    defWithOut(op + ".dim", op + ".out", [isAll](Args& a) {
      const Tensor self = tensorArg(a.at(0));
      return anyAll(self, dimListArg(a.at(1), self.dim()), boolArg(a.at(2)), isAll);
    });
  }
}

}  // namespace tsjit::reference
