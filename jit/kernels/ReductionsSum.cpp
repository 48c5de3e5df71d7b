// ReductionsSum.cpp — optimized sum-like reductions: sum, mean, prod, std, var, norm /
// frobenius_norm / linalg_vector_norm, logsumexp, count_nonzero, any, all.
//
// Semantics (PyTorch 1.13): sum / prod of integral or bool inputs give int64 (wrapping); a dtype
// argument converts the input first; mean / std / var / norm need floating inputs. Floating
// values accumulate in double (more accurate than PyTorch's cascade sum, well inside the
// reduction tolerance) and round once; rows are summed with 8 independent accumulators and
// columns (inner > 1) into a vector of accumulators, so both loops vectorize. NaN propagates
// through every arithmetic reduction. prod of a float / double result is the exception: it
// multiplies in the dtype in 1.13's vectorized order (productRow), as overflow to inf, a zero
// meeting it (0 or NaN) and subnormal partial products depend on both.
#include <algorithm>
#include <cstdio>
#include <cmath>
#include <limits>

#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

template <typename S>
using AccOf = std::conditional_t<isFloatingCpp<S>, double, int64_t>;

// acc[slot] = combine over r of src[o][r][i]; Combine must be associative (sum / product).
template <typename S, typename Acc, typename Combine>
void reduceSlots(const ReducePlan& p, Acc init, Combine comb, std::vector<Acc>& out) {
  const S* src = static_cast<const S*>(p.src.data());
  out.assign(static_cast<size_t>(p.outer * p.inner), init);
  if (p.red == 0) return;
  for (int64_t o = 0; o < p.outer; ++o) {
    const S* base = src + o * p.red * p.inner;
    if (p.inner == 1 && std::is_integral_v<Acc>) {
      // Integer sums and products are exact in any order: one accumulator. (Built at -O3
      // -march=native, the 8-lane loop below lost every chunk after the first for int16 / int32
      // sources: sum(ones(16), dtype=int16) gave 8.)
      Acc a = init;
      for (int64_t r = 0; r < p.red; ++r) a = comb(a, static_cast<Acc>(base[r]));
      out[static_cast<size_t>(o)] = a;
    } else if (p.inner == 1) {
      constexpr int kLanes = 8;
      Acc lanes[kLanes];
      for (Acc& l : lanes) l = init;
      int64_t r = 0;
      for (; r + kLanes <= p.red; r += kLanes)
        for (int k = 0; k < kLanes; ++k) lanes[k] = comb(lanes[k], static_cast<Acc>(static_cast<opmath_t<S>>(base[r + k])));
      Acc a = init;
      for (int k = 0; k < kLanes; ++k) a = comb(a, lanes[k]);
      for (; r < p.red; ++r) a = comb(a, static_cast<Acc>(static_cast<opmath_t<S>>(base[r])));
      out[static_cast<size_t>(o)] = a;
    } else {
      Acc* acc = out.data() + o * p.inner;
      for (int64_t r = 0; r < p.red; ++r) {
        const S* row = base + r * p.inner;
        for (int64_t i = 0; i < p.inner; ++i) acc[i] = comb(acc[i], static_cast<Acc>(static_cast<opmath_t<S>>(row[i])));
      }
    }
  }
}

template <typename Acc>
Tensor writeSlots(const std::vector<Acc>& acc, const std::vector<int64_t>& shape, ScalarType dt) {
  Tensor out = Tensor::empty(shape, dt);
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* o = static_cast<T*>(out.data());
    for (size_t k = 0; k < acc.size(); ++k) o[k] = convertScalar<T>(acc[k]);
  });
  return out;
}

// The product of a float / double row, in S and in 1.13's order (binary_kernel_reduce_vec with
// AVX2 vectors of W = 32 / sizeof(S) lanes, one thread): a row of at least 4W contiguous elements
// goes through four W-lane accumulators over its first 4W * (n / 4W) elements, combined as
// (a0 * a1) * (a2 * a3) and then lane by lane from lane 0; the rest is multiplied in one by one.
// The order decides whether a zero meets an overflowed partial product (0 or NaN) and where
// subnormal partial products lose bits.
template <typename S>
S productRow(const S* x, int64_t n) {
  constexpr int64_t W = 32 / static_cast<int64_t>(sizeof(S));
  const int64_t blocks = n / (4 * W);
  S out = S(1);
  if (blocks > 0) {
    S acc[4][W];
    for (int64_t j = 0; j < 4; ++j)
      for (int64_t l = 0; l < W; ++l) acc[j][l] = x[j * W + l];
    for (int64_t i = 1; i < blocks; ++i)
      for (int64_t j = 0; j < 4; ++j)
        for (int64_t l = 0; l < W; ++l) acc[j][l] = acc[j][l] * x[i * 4 * W + j * W + l];
    S lane = S(1);
    for (int64_t l = 0; l < W; ++l) {
      const S v = (acc[0][l] * acc[1][l]) * (acc[2][l] * acc[3][l]);
      lane = l == 0 ? v : lane * v;
    }
    out = out * lane;
  }
  for (int64_t k = blocks * 4 * W; k < n; ++k) out = out * x[k];
  return out;
}

// prod of a float / double result (PyTorch multiplies in the dtype, not in double: a float32
// product overflows to inf as it does). A full reduction of a non-overlapping dense input runs in
// memory order (TensorIterator coalesces it to one row); rows of contiguous reduced elements as
// productRow, columns (inner > 1) one by one down the column (1.13's outer reduction).
template <typename S>
Tensor floatingProduct(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, ScalarType dt) {
  Tensor src = self;
  if (dims.empty() && self.dim() > 1 && self.isNonOverlappingAndDense() && !self.isContiguous()) {
    std::vector<int64_t> perm(static_cast<size_t>(self.dim()));
    for (int64_t d = 0; d < self.dim(); ++d) perm[static_cast<size_t>(d)] = d;
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return self.strides()[a] > self.strides()[b]; });
    src = self.permute(perm);  // contiguous: memory order
  }
  ReducePlan p = planReduce(src, dims, keepdim, dt);
  if (dims.empty()) p.outShape = keepdim ? std::vector<int64_t>(static_cast<size_t>(self.dim()), 1) : std::vector<int64_t>{};
  const S* x = static_cast<const S*>(p.src.data());
  Tensor out = Tensor::empty(p.outShape, dt);
  S* o = static_cast<S*>(out.data());
  for (int64_t a = 0; a < p.outer; ++a) {
    const S* base = x + a * p.red * p.inner;
    if (p.inner == 1) {
      o[a] = productRow(base, p.red);
      continue;
    }
    for (int64_t i = 0; i < p.inner; ++i) {
      S v = S(1);
      for (int64_t r = 0; r < p.red; ++r) v = v * base[r * p.inner + i];
      o[a * p.inner + i] = v;
    }
  }
  return out;
}

Tensor sumOrProd(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, std::optional<ScalarType> dtype,
                 bool product) {
  const ScalarType dt = dtype ? *dtype : isIntegralType(self.dtype(), true) ? ScalarType::Int64 : self.dtype();
  if (product && self.numel() > 0 && (dt == ScalarType::Half || dt == ScalarType::BFloat16))
    throwNotImplemented("prod_cpu", dt);
  if (product && dt == ScalarType::Float) return floatingProduct<float>(self, dims, keepdim, dt);
  if (product && dt == ScalarType::Double) return floatingProduct<double>(self, dims, keepdim, dt);
  const ReducePlan p = planReduce(self, dims, keepdim, dt);
  return visitScalarType(dt, [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    using Acc = AccOf<S>;
    std::vector<Acc> acc;
    if (product)
      reduceSlots<S, Acc>(p, Acc(1), [](Acc a, Acc b) { return wrapMul(a, b); }, acc);
    else
      reduceSlots<S, Acc>(p, Acc(0), [](Acc a, Acc b) { return wrapAdd(a, b); }, acc);
    return writeSlots(acc, p.outShape, dt);
  });
}

Tensor mean(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, std::optional<ScalarType> dtype) {
  const ScalarType dt = dtype.value_or(self.dtype());
  if (!isFloatingType(dt))
    throw RuntimeError(str("mean(): could not infer output dtype. ", dtype ? "Optional dtype" : "Input dtype",
                           " must be either a floating point or complex dtype. Got: ", dt));
  const ReducePlan p = planReduce(self, dims, keepdim, dt);
  return visitFloating(dt, "mean", [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    std::vector<double> acc;
    reduceSlots<S, double>(p, 0.0, [](double a, double b) { return a + b; }, acc);
    const double n = static_cast<double>(p.red);
    for (double& a : acc) a /= n;
    return writeSlots(acc, p.outShape, dt);
  });
}

// A general per-slot reduction: fn(const S* base, int64_t stride, int64_t n) -> double.
template <typename Fn>
Tensor perSlot(const ReducePlan& p, ScalarType outDt, const char* name, Fn fn) {
  return visitFloating(p.src.dtype(), name, [&](auto tag) -> Tensor {
    using S = typename decltype(tag)::type;
    const S* src = static_cast<const S*>(p.src.data());
    std::vector<double> acc(static_cast<size_t>(p.outer * p.inner));
    for (int64_t o = 0; o < p.outer; ++o)
      for (int64_t i = 0; i < p.inner; ++i)
        acc[static_cast<size_t>(o * p.inner + i)] = fn(src + o * p.red * p.inner + i, p.inner, p.red);
    return writeSlots(acc, p.outShape, outDt);
  });
}

template <typename S>
inline double at(const S* b, int64_t stride, int64_t r) {
  return static_cast<double>(static_cast<opmath_t<S>>(b[r * stride]));
}

Tensor stdVar(const Tensor& self, const std::vector<int64_t>& dims, double correction, bool keepdim, bool takeSqrt) {
  if (!isFloatingType(self.dtype())) throw RuntimeError("std and var only support floating point and complex dtypes");
  const ReducePlan p = planReduce(self, dims, keepdim, self.dtype());
  return perSlot(p, self.dtype(), "std_var", [&](const auto* b, int64_t stride, int64_t n) {
    double mean = 0;
    for (int64_t r = 0; r < n; ++r) mean += at(b, stride, r);
    mean /= static_cast<double>(n);
    double m2 = 0;
    for (int64_t r = 0; r < n; ++r) {
      const double d = at(b, stride, r) - mean;
      m2 += d * d;
    }
    const double v = m2 / std::max(0.0, static_cast<double>(n) - correction);
    return takeSqrt ? std::sqrt(v) : v;
  });
}

// ord as c10::Scalar prints it (ostream of a double: "2", "0.5", "inf").
std::string formatOrd(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", p);
  return buf;
}

// norm / linalg_vector_norm with PyTorch 1.13's checks in their order: aten::norm's own dtype
// check (of the input, or of the requested dtype), then linalg.vector_norm's (floating input,
// the empty-tensor rule for ord < 0 / inf, the requested dtype), then the dims (rawDims: the
// argument as given, None = all).
Tensor norm(const Tensor& self, double ord, const IValue& rawDims, bool keepdim, std::optional<ScalarType> dtype,
            bool linalg) {
  if (!linalg && dtype && !isFloatingType(*dtype))
    throw RuntimeError(str("norm(): the desired output dtype should be either floating point or complex. Got ",
                           irName(*dtype), " instead."));
  if (!linalg && !dtype && !isFloatingType(self.dtype()))
    throw RuntimeError(str("norm(): input dtype should be either floating point or complex. Got ", irName(self.dtype()),
                           " instead."));
  if (!isFloatingType(self.dtype()))
    throw RuntimeError(str("linalg.vector_norm: Expected a floating point or complex tensor as input. Got ",
                           irName(self.dtype())));
  const std::vector<int64_t> given = rawDims.isNone() ? std::vector<int64_t>{} : intListArg(rawDims);
  // The legacy norm (torch.norm, dist) gives 0 for an empty slice whatever the order (1.13).
  if (linalg && self.numel() == 0 && (ord < 0 || ord == INFINITY)) {
    if (given.empty())
      throw RuntimeError(str("linalg.vector_norm cannot compute the ", formatOrd(ord),
                             " norm on an empty tensor because the operation does not have an identity"));
    for (int64_t d : given)
      if (self.size(d) == 0)
        throw RuntimeError(str("linalg.vector_norm cannot compute the ", formatOrd(ord), " norm on the dimension ", d,
                               "because this dimension is empty and the operation does not have an identity"));
  }
  if (dtype) {
    if (!isFloatingType(*dtype))
      throw RuntimeError(str("linalg.vector_norm: dtype should be floating point or complex, but got ", irName(*dtype)));
    if (promoteTypes(self.dtype(), *dtype) != *dtype)
      throw RuntimeError(str("linalg.vector_norm: the dtype of the input (", irName(self.dtype()),
                             ") should be convertible without narrowing to the specified dtype (", irName(*dtype), ")"));
  }
  const std::vector<int64_t> dims = dimListArg(rawDims, self.dim());
  const ScalarType dt = dtype.value_or(self.dtype());
  const ReducePlan p = planReduce(self, dims, keepdim, dt);
  return perSlot(p, dt, "norm", [ord](const auto* b, int64_t stride, int64_t n) {
    if (n == 0) return 0.0;  // only the legacy norm reaches an empty slice for these orders
    if (std::isinf(ord)) {
      double m = ord > 0 ? 0 : std::numeric_limits<double>::infinity();
      for (int64_t r = 0; r < n; ++r) {
        const double a = std::fabs(at(b, stride, r));
        if (a != a) return a;
        m = ord > 0 ? std::max(m, a) : std::min(m, a);
      }
      return m;
    }
    double s = 0;
    if (ord == 0) {
      for (int64_t r = 0; r < n; ++r) s += at(b, stride, r) != 0 ? 1 : 0;
      return s;
    }
    if (ord == 2) {
      for (int64_t r = 0; r < n; ++r) s += at(b, stride, r) * at(b, stride, r);
      return std::sqrt(s);
    }
    if (ord == 1) {
      for (int64_t r = 0; r < n; ++r) s += std::fabs(at(b, stride, r));
      return s;
    }
    for (int64_t r = 0; r < n; ++r) s += std::pow(std::fabs(at(b, stride, r)), ord);
    return std::pow(s, 1.0 / ord);
  });
}

Tensor logsumexp(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim) {
  const ScalarType dt = toFloating(self.dtype());
  if (dt == ScalarType::Half) throwNotImplemented("exp_vml_cpu", dt);
  const ReducePlan p = planReduce(self, dims, keepdim, dt);
  return perSlot(p, dt, "logsumexp", [](const auto* b, int64_t stride, int64_t n) {
    double m = -std::numeric_limits<double>::infinity();
    for (int64_t r = 0; r < n; ++r) m = std::max(m, at(b, stride, r));
    if (std::isinf(m)) m = 0;
    double s = 0;
    for (int64_t r = 0; r < n; ++r) s += std::exp(at(b, stride, r) - m);
    return std::log(s) + m;
  });
}

// count_nonzero / any / all: per-slot counts of nonzero elements.
Tensor countNonzero(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, int mode) {
  const ReducePlan p = planReduce(self, dims, keepdim, self.dtype());
  std::vector<int64_t> cnt;
  visitScalarType(self.dtype(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* src = static_cast<const S*>(p.src.data());
    cnt.assign(static_cast<size_t>(p.outer * p.inner), 0);
    for (int64_t o = 0; o < p.outer; ++o)
      for (int64_t r = 0; r < p.red; ++r) {
        const S* row = src + (o * p.red + r) * p.inner;
        int64_t* c = cnt.data() + o * p.inner;
        for (int64_t i = 0; i < p.inner; ++i) c[i] += static_cast<opmath_t<S>>(row[i]) != 0;
      }
  });
  if (mode == 0) return writeSlots(cnt, p.outShape, ScalarType::Int64);
  const ScalarType outDt = self.dtype() == ScalarType::UInt8 ? ScalarType::UInt8 : ScalarType::Bool;
  for (int64_t& c : cnt) c = mode == 1 ? (c > 0) : (c == p.red);
  return writeSlots(cnt, p.outShape, outDt);
}

// sum_to_size: sums the dims `size` broadcasts over (leading dims; size-1 dims kept), as 1.13's
// at::sum_to does. Returns self when nothing is reduced.
Tensor sumToSize(const Tensor& self, const std::vector<int64_t>& size) {
  const int64_t lead = self.dim() - static_cast<int64_t>(size.size());
  bool ok = lead >= 0;
  for (size_t i = 0; ok && i < size.size(); ++i) ok = size[i] == 1 || size[i] == self.sizes()[lead + i];
  if (!ok) {
    auto fmt = [](const std::vector<int64_t>& v) {
      std::string out = "[";
      for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
      return out + "]";
    };
    throw RuntimeError("size {" + fmt(size) + "} is not expandable to size {" + fmt(self.sizes()) + "}.");
  }
  std::vector<int64_t> keep, leading;
  for (size_t i = 0; i < size.size(); ++i)
    if (size[i] == 1 && self.sizes()[lead + i] != 1) keep.push_back(lead + static_cast<int64_t>(i));
  for (int64_t d = 0; d < lead; ++d) leading.push_back(d);
  Tensor r = self;
  if (!keep.empty()) r = sumOrProd(r, keep, true, std::nullopt, false);
  if (!leading.empty()) r = sumOrProd(r, leading, false, std::nullopt, false);
  return r;
}

// ---- registration ------------------------------------------------------------------------------------

using RFn = Tensor (*)(const IValue* a);
void defR(const char* name, RFn fn) {
  def(name, [fn](Stack& s, size_t n) {
    Tensor r = fn(&s[s.size() - n]);
    ret1(s, n, IValue(std::move(r)));
  });
}

std::vector<int64_t> dimsOf(const IValue& v, const Tensor& t) { return dimListArg(v, t.dim()); }
std::vector<int64_t> oneDim(const IValue& v, const Tensor& t) { return {wrapDim(v.toInt(), t.dim())}; }

double pOf(const IValue& v) { return v.isNone() ? 2.0 : scalarArgDouble(v); }

}  // namespace

void registerReductionsSumKernels() {
  defR("aten::sum", [](const IValue* a) { const Tensor t = a[0].toTensor(); return sumOrProd(t, {}, false, optDtypeArg(a[1]), false); });
  defR("aten::sum.dim_IntList", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return sumOrProd(t, dimsOf(a[1], t), a[2].toBool(), optDtypeArg(a[3]), false);
  });
  defR("aten::sum_to_size", [](const IValue* a) { return sumToSize(a[0].toTensor(), intListArg(a[1])); });
  defR("aten::_grad_sum_to_size", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return a[1].isNone() ? t : sumToSize(t, intListArg(a[1]));
  });
  def("aten::_size_if_not_equal", [](Stack& s, size_t n) {
    std::vector<int64_t> a = intListArg(peek(s, 0, n)), b = intListArg(peek(s, 1, n));
    IValue r = a == b ? IValue() : peek(s, 0, n);
    ret1(s, n, std::move(r));
  });
  defR("aten::prod", [](const IValue* a) { const Tensor t = a[0].toTensor(); return sumOrProd(t, {}, false, optDtypeArg(a[1]), true); });
  defR("aten::prod.dim_int", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return sumOrProd(t, oneDim(a[1], t), a[2].toBool(), optDtypeArg(a[3]), true);
  });
  defR("aten::mean", [](const IValue* a) { const Tensor t = a[0].toTensor(); return mean(t, {}, false, optDtypeArg(a[1])); });
  defR("aten::mean.dim", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return mean(t, dimsOf(a[1], t), a[2].toBool(), optDtypeArg(a[3]));
  });
  for (bool isStd : {true, false}) {
    const std::string base = isStd ? "aten::std" : "aten::var";
    if (isStd) {
      defR("aten::std", [](const IValue* a) { const Tensor t = a[0].toTensor(); return stdVar(t, {}, a[1].toBool() ? 1 : 0, false, true); });
      defR("aten::std.dim", [](const IValue* a) {
        const Tensor t = a[0].toTensor();
        return stdVar(t, dimsOf(a[1], t), a[2].toBool() ? 1 : 0, a[3].toBool(), true);
      });
      defR("aten::std.correction", [](const IValue* a) {
        const Tensor t = a[0].toTensor();
        return stdVar(t, dimsOf(a[1], t), a[2].isNone() ? 1.0 : scalarArgDouble(a[2]), a[3].toBool(), true);
      });
    } else {
      defR("aten::var", [](const IValue* a) { const Tensor t = a[0].toTensor(); return stdVar(t, {}, a[1].toBool() ? 1 : 0, false, false); });
      defR("aten::var.dim", [](const IValue* a) {
        const Tensor t = a[0].toTensor();
        return stdVar(t, dimsOf(a[1], t), a[2].toBool() ? 1 : 0, a[3].toBool(), false);
      });
      defR("aten::var.correction", [](const IValue* a) {
        const Tensor t = a[0].toTensor();
        return stdVar(t, dimsOf(a[1], t), a[2].isNone() ? 1.0 : scalarArgDouble(a[2]), a[3].toBool(), false);
      });
    }
  }
  defR("aten::norm.Scalar", [](const IValue* a) { const Tensor t = a[0].toTensor(); return norm(t, pOf(a[1]), IValue(), false, std::nullopt, false); });
  defR("aten::norm.ScalarOpt_dim", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return norm(t, pOf(a[1]), a[2], a[3].toBool(), std::nullopt, false);
  });
  defR("aten::norm.ScalarOpt_dtype", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return norm(t, pOf(a[1]), IValue(), false, dtypeArg(a[2]), false);
  });
  defR("aten::norm.ScalarOpt_dim_dtype", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return norm(t, pOf(a[1]), a[2], a[3].toBool(), dtypeArg(a[4]), false);
  });
  defR("aten::frobenius_norm", [](const IValue* a) { const Tensor t = a[0].toTensor(); return norm(t, 2, IValue(), false, std::nullopt, false); });
  defR("aten::frobenius_norm.dim", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    const std::vector<int64_t> raw = intListArg(a[1]);
    if (raw.size() > 2)
      throw RuntimeError(str("Expected at most 2 dimensions, but got ", raw.size(), " dimensions instead."));
    return norm(t, 2, a[1], a[2].toBool(), std::nullopt, false);
  });
  defR("aten::linalg_vector_norm", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return norm(t, scalarArgDouble(a[1]), a[2], a[3].toBool(), optDtypeArg(a[4]), true);
  });
  defR("aten::logsumexp", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return logsumexp(t, dimsOf(a[1], t), a[2].toBool());
  });
  defR("aten::count_nonzero", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return countNonzero(t, a[1].isNone() ? std::vector<int64_t>{} : oneDim(a[1], t), false, 0);
  });
  defR("aten::count_nonzero.dim_IntList", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return countNonzero(t, dimsOf(a[1], t), false, 0);
  });
  defR("aten::any", [](const IValue* a) { const Tensor t = a[0].toTensor(); return countNonzero(t, {}, false, 1); });
  defR("aten::any.dim", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return countNonzero(t, oneDim(a[1], t), a[2].toBool(), 1);
  });
  defR("aten::all", [](const IValue* a) { const Tensor t = a[0].toTensor(); return countNonzero(t, {}, false, 2); });
  defR("aten::all.dim", [](const IValue* a) {
    const Tensor t = a[0].toTensor();
    return countNonzero(t, oneDim(a[1], t), a[2].toBool(), 2);
  });
}

}  // namespace tsjit::kernels
