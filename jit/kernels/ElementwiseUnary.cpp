// ElementwiseUnary.cpp — optimized kernels of the elementwise unary tensor ops: math functions
// (sqrt, exp, log, trig, erf, sigmoid...), neg / abs / sign / square, rounding (floor, ceil, round
// half to even, round with decimals, trunc, frac), bitwise_not / logical_not, the predicates
// isnan / isinf / isfinite / isposinf, and nan_to_num; functional, out= and in-place overloads.
//
// Semantics (PyTorch 1.13): math functions compute integer / bool inputs in float32 (the default
// float dtype) and floating inputs in their own dtype (float for Half / BFloat16); the other ops
// keep the input dtype (square of bool is int64, as pow(x, 2)); rounding ops return integer
// inputs unchanged; sign(NaN) is 0 as PyTorch's (0 < x) - (x < 0).
#include <cmath>
#include <limits>

#include "jit/kernels/TensorLoops.h"
#include "jit/kernels/VecMath.h"

namespace tsjit::kernels {
namespace {

// A floating math function: integer inputs compute in float32.
#define TSJIT_MATH_UNARY(fnName, expr)                                                        \
  Tensor fnName(const IValue* args, const Tensor* self) {                                     \
    Operand a = Operand::of(args[0]);                                                          \
    return unaryOp<Types::Floating>(#fnName, a, toFloating(a.dtype()), self, [](auto x) {      \
      using C = decltype(x);                                                                   \
      (void)sizeof(C);                                                                         \
      return expr;                                                                             \
    });                                                                                        \
  }

TSJIT_MATH_UNARY(sqrtK, std::sqrt(x))
TSJIT_MATH_UNARY(rsqrtK, C(1) / std::sqrt(x))
TSJIT_MATH_UNARY(expK, std::exp(x))
TSJIT_MATH_UNARY(exp2K, std::exp2(x))
TSJIT_MATH_UNARY(expm1K, std::expm1(x))
TSJIT_MATH_UNARY(logK, std::log(x))
TSJIT_MATH_UNARY(log2K, std::log2(x))
TSJIT_MATH_UNARY(log10K, std::log10(x))
TSJIT_MATH_UNARY(log1pK, std::log1p(x))
TSJIT_MATH_UNARY(sinK, std::sin(x))
TSJIT_MATH_UNARY(cosK, std::cos(x))
TSJIT_MATH_UNARY(tanK, std::tan(x))
TSJIT_MATH_UNARY(sinhK, std::sinh(x))
TSJIT_MATH_UNARY(asinK, std::asin(x))
TSJIT_MATH_UNARY(atanhK, std::atanh(x))
TSJIT_MATH_UNARY(tanhK, vecmath::tanh(x))  // vectorizable for float (VecMath.h)
TSJIT_MATH_UNARY(erfK, std::erf(x))
TSJIT_MATH_UNARY(sigmoidK, vecmath::sigmoid(x))
TSJIT_MATH_UNARY(reciprocalK, C(1) / x)
#undef TSJIT_MATH_UNARY

Tensor neg(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  if (a.dtype() == ScalarType::Bool)
    throw RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
                       "invert a mask, use the `~` or `logical_not()` operator instead.");
  return unaryOp<Types::AllNoBool>("neg_cpu", a, a.dtype(), self, [](auto x) { return wrapNeg(x); });
}

Tensor absK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::All>("abs_cpu", a, a.dtype(), self, [](auto x) {
    using T = decltype(x);
    if constexpr (std::is_floating_point_v<T>) return std::fabs(x);
    else if constexpr (std::is_signed_v<T>) return x < 0 ? wrapNeg(x) : x;
    else return x;
  });
}

Tensor sign(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::All>("sign_cpu", a, a.dtype(), self, [](auto x) {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool>) return x;
    else if constexpr (std::is_unsigned_v<T>) return static_cast<T>(x > 0);
    else return static_cast<T>(static_cast<T>(T(0) < x) - static_cast<T>(x < T(0)));
  });
}

Tensor square(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  const ScalarType dt = a.dtype() == ScalarType::Bool ? ScalarType::Int64 : a.dtype();
  return unaryOp<Types::AllNoBool>("square", a, dt, self, [](auto x) { return wrapMul(x, x); });
}

// floor / ceil / trunc / round: integer inputs come back unchanged (as a new tensor).
template <int Op>
Tensor rounding(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::All>("round", a, a.dtype(), self, [](auto x) {
    using T = decltype(x);
    if constexpr (!std::is_floating_point_v<T>) return x;
    else if constexpr (Op == 0) return std::floor(x);
    else if constexpr (Op == 1) return std::ceil(x);
    else if constexpr (Op == 2) return std::trunc(x);
    else return std::nearbyint(x);  // default rounding mode: half to even
  });
}

Tensor roundDecimals(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  const int64_t decimals = args[1].toInt();
  const bool negative = decimals < 0;
  const double tenPow = std::pow(10.0, static_cast<double>(negative ? -decimals : decimals));
  // PyTorch 1.13's round_cpu dispatches float, double and BFloat16 only, and computes in the
  // dtype: 10^d, and x * 10^d (x / 10^d) are rounded to it before nearbyint (c10's BFloat16
  // arithmetic returns BFloat16); the final division / product is in float, rounded once.
  // decimals == 0 goes to plain round's kernel (round_vml_cpu, float, double and BFloat16).
  // Neither kernel has Half (checked on python3-torch 1.13.1: conformance/pt113/unary_dtypes.inc).
  if (a.dtype() == ScalarType::Half) throwNotImplemented(decimals == 0 ? "round_vml_cpu" : "round_cpu", ScalarType::Half);
  return unaryOpT<Types::Floating>(decimals == 0 ? "round_vml_cpu" : "round_cpu", a, a.dtype(), self, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const C p = static_cast<C>(static_cast<T>(tenPow));
    return [p, negative](C x) {
      return negative ? std::nearbyint(static_cast<C>(static_cast<T>(x / p))) * p
                      : std::nearbyint(static_cast<C>(static_cast<T>(x * p))) / p;
    };
  });
}

Tensor frac(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::Floating>("frac_cpu", a, a.dtype(), self, [](auto x) { return x - std::trunc(x); });
}

Tensor bitwiseNot(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::Integral>("bitwise_not_cpu", a, a.dtype(), self, [](auto x) {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool>) return !x;
    else return static_cast<T>(~x);
  });
}

Tensor logicalNot(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::All>("logical_not_cpu", a, a.dtype(), self, [](auto x) -> bool { return x == 0; },
                             ScalarType::Bool);
}

template <int Op>
Tensor predicate(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::All>("predicate", a, a.dtype(), self, [](auto x) -> bool {
    using T = decltype(x);
    if constexpr (!std::is_floating_point_v<T>) return Op == 2;  // integers: finite, never NaN / inf
    else if constexpr (Op == 0) return x != x;
    else if constexpr (Op == 1) return std::isinf(x);
    else if constexpr (Op == 2) return std::isfinite(x);
    else return x == std::numeric_limits<T>::infinity();
  }, ScalarType::Bool);
}

double largestFinite(ScalarType dt) {
  switch (dt) {
    case ScalarType::Half: return 65504.0;
    case ScalarType::BFloat16: return 0x1.fep127;
    case ScalarType::Float: return std::numeric_limits<float>::max();
    default: return std::numeric_limits<double>::max();
  }
}

Tensor nanToNum(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  const ScalarType dt = a.dtype();
  if (!isFloatingType(dt)) return unaryOp<Types::All>("nan_to_num", a, dt, self, [](auto x) { return x; });
  const double n = optScalarArg(args[1]).value_or(0.0);
  const double p = optScalarArg(args[2]).value_or(largestFinite(dt));
  const double m = optScalarArg(args[3]).value_or(-largestFinite(dt));
  return unaryOpT<Types::Floating>("nan_to_num", a, dt, self, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    // The replacement values as the output dtype would store them.
    const C cn = static_cast<C>(convertScalar<T>(n)), cp = static_cast<C>(convertScalar<T>(p)),
            cm = static_cast<C>(convertScalar<T>(m));
    return [=](C x) {
      if (x != x) return cn;
      if (x == std::numeric_limits<C>::infinity()) return cp;
      if (x == -std::numeric_limits<C>::infinity()) return cm;
      return x;
    };
  });
}

}  // namespace

void registerElementwiseUnaryKernels() {
  struct U {
    const char* name;
    ElementwiseFn fn;
    bool inplace;
  };
  const U unary[] = {
      {"sqrt", sqrtK, true},       {"rsqrt", rsqrtK, true},      {"exp", expK, true},
      {"exp2", exp2K, true},       {"expm1", expm1K, true},      {"log", logK, true},
      {"log2", log2K, true},       {"log10", log10K, true},      {"log1p", log1pK, true},
      {"sin", sinK, true},         {"cos", cosK, true},          {"tan", tanK, true},
      {"sinh", sinhK, true},       {"asin", asinK, true},        {"atanh", atanhK, true},
      {"tanh", tanhK, true},       {"erf", erfK, true},          {"sigmoid", sigmoidK, true},
      {"reciprocal", reciprocalK, true}, {"neg", neg, true},     {"abs", absK, true},
      {"sign", sign, true},        {"square", square, true},     {"floor", rounding<0>, true},
      {"ceil", rounding<1>, true}, {"trunc", rounding<2>, true}, {"round", rounding<3>, true},
      {"frac", frac, true},        {"bitwise_not", bitwiseNot, true}, {"logical_not", logicalNot, true},
      {"isnan", predicate<0>, false}, {"isinf", predicate<1>, false}, {"isfinite", predicate<2>, false},
      {"isposinf", predicate<3>, false}, {"nan_to_num", nanToNum, true},
  };
  for (const U& u : unary) {
    const std::string base = std::string("aten::") + u.name;
    defElementwise(u.fn, {base.c_str()});
    const std::string out = base + ".out";
    if (ops::findOverload(out)) defElementwise(u.fn, {}, {}, {out.c_str()});
    const std::string inplace = base + "_";
    if (u.inplace && ops::findOverload(inplace)) defElementwise(u.fn, {}, {inplace.c_str()});
  }
  defElementwise(roundDecimals, {"aten::round.decimals"}, {}, {"aten::round.decimals_out"});
}

}  // namespace tsjit::kernels
