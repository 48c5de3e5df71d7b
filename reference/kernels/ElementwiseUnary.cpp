// ElementwiseUnary.cpp — reference kernels of the elementwise unary tensor ops: math functions
// (sqrt, exp, log, trig, erf, sigmoid...), sign-like ops (neg, abs, sign, square), rounding (floor,
// ceil, round half to even, trunc, frac), bitwise_not / logical_not, the predicates isnan / isinf /
// isfinite / isposinf, and nan_to_num; with their out= and in-place overloads.
//
// Semantics (PyTorch 1.13): math functions promote integer and bool inputs to the default float
// dtype (the input is cast to it before the function), compute in double and round once; the
// other ops keep the input dtype (square of bool is int64: it is pow(x, 2)). Rounding ops return
// integer inputs unchanged. sign(NaN) and sign(±0) are +0, as PyTorch's (0 < x) - (x < 0).
#include <cmath>
#include <limits>

#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using MathFn = double (*)(double);

Tensor floatUnary(const Tensor& x, MathFn fn) {
  const ScalarType dt = toFloatingType(x.dtype());
  return mapFloating({x}, dt, dt, [fn](const double* v) { return fn(v[0]); });
}

double sigmoidOf(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double rsqrtOf(double x) { return 1.0 / std::sqrt(x); }
double reciprocalOf(double x) { return 1.0 / x; }
double exp2Of(double x) { return std::exp2(x); }
double sqrtOf(double x) { return std::sqrt(x); }

Tensor neg(const Tensor& x) {
  const ScalarType dt = x.dtype();
  if (dt == ScalarType::Bool)
    throw RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
                       "invert a mask, use the `~` or `logical_not()` operator instead.");
  if (isFloating(dt)) return mapFloating({x}, dt, dt, [](const double* v) { return -v[0]; });
  return mapIntegral({x}, dt, dt,
                     [](const int64_t* v) { return static_cast<int64_t>(0 - static_cast<uint64_t>(v[0])); });
}

Tensor absOf(const Tensor& x) {
  const ScalarType dt = x.dtype();
  if (isFloating(dt)) return mapFloating({x}, dt, dt, [](const double* v) { return std::fabs(v[0]); });
  return mapIntegral({x}, dt, dt, [](const int64_t* v) {
    return v[0] < 0 ? static_cast<int64_t>(0 - static_cast<uint64_t>(v[0])) : v[0];
  });
}

Tensor sign(const Tensor& x) {
  const ScalarType dt = x.dtype();
  if (isFloating(dt))
    return mapFloating({x}, dt, dt, [](const double* v) { return (0 < v[0] ? 1.0 : 0.0) - (v[0] < 0 ? 1.0 : 0.0); });
  return mapIntegral({x}, dt, dt, [](const int64_t* v) -> int64_t { return (0 < v[0]) - (v[0] < 0); });
}

Tensor square(const Tensor& x) {
  const ScalarType dt = x.dtype() == ScalarType::Bool ? ScalarType::Int64 : x.dtype();
  if (isFloating(dt)) return mapFloating({x}, dt, dt, [](const double* v) { return v[0] * v[0]; });
  return mapIntegral({x}, dt, dt, [](const int64_t* v) {
    return static_cast<int64_t>(static_cast<uint64_t>(v[0]) * static_cast<uint64_t>(v[0]));
  });
}

// floor / ceil / trunc / round: integer inputs come back unchanged (as a new tensor).
Tensor rounding(const Tensor& x, MathFn fn) {
  const ScalarType dt = x.dtype();
  if (isFloating(dt)) return mapFloating({x}, dt, dt, [fn](const double* v) { return fn(v[0]); });
  return mapIntegral({x}, dt, dt, [](const int64_t* v) { return v[0]; });
}

double floorOf(double x) { return std::floor(x); }
double ceilOf(double x) { return std::ceil(x); }
double truncOf(double x) { return std::trunc(x); }
double roundHalfEven(double x) { return std::nearbyint(x); }  // default rounding mode: to nearest even

Tensor roundDecimals(const Tensor& x, int64_t decimals) {
  const ScalarType dt = x.dtype();
  // PyTorch 1.13 sends decimals == 0 to plain round's kernel (round_vml_cpu), other decimals to round_cpu: both
  // dispatch float, double and BFloat16 only (python3-torch 1.13.1: no Half).
  if (!isFloating(dt)) throwNotImplemented(decimals == 0 ? "round_vml_cpu" : "round_cpu", dt);
  if (dt == ScalarType::Half) throwNotImplemented(decimals == 0 ? "round_vml_cpu" : "round_cpu", dt);
  const bool negative = decimals < 0;
  const double tenPow = castDouble(std::pow(10.0, static_cast<double>(negative ? -decimals : decimals)), dt);
  return mapFloating({x}, dt, dt, [=](const double* v) {
    if (negative) return std::nearbyint(castDouble(v[0] / tenPow, dt)) * tenPow;
    return std::nearbyint(castDouble(v[0] * tenPow, dt)) / tenPow;
  });
}

Tensor frac(const Tensor& x) {
  const ScalarType dt = x.dtype();
  if (!isFloating(dt)) throwNotImplemented("frac_cpu", dt);
  return mapFloating({x}, dt, dt, [](const double* v) { return v[0] - std::trunc(v[0]); });
}

Tensor bitwiseNot(const Tensor& x) {
  const ScalarType dt = x.dtype();
  if (isFloating(dt)) throwNotImplemented("bitwise_not_cpu", dt);
  if (dt == ScalarType::Bool) return mapIntegral({x}, dt, dt, [](const int64_t* v) -> int64_t { return v[0] ? 0 : 1; });
  return mapIntegral({x}, dt, dt, [](const int64_t* v) { return ~v[0]; });
}

// A bool-valued predicate of each element (integers are finite, never NaN or infinite).
Tensor predicate(const Tensor& x, bool (*onFloat)(double), bool onInt) {
  const ScalarType dt = x.dtype();
  if (isFloating(dt)) return mapFloating({x}, dt, ScalarType::Bool, [onFloat](const double* v) { return onFloat(v[0]) ? 1.0 : 0.0; });
  return mapIntegral({x}, dt, ScalarType::Bool, [onInt](const int64_t*) -> int64_t { return onInt ? 1 : 0; });
}

Tensor logicalNot(const Tensor& x) {
  const ScalarType dt = x.dtype();
  if (isFloating(dt)) return mapFloating({x}, dt, ScalarType::Bool, [](const double* v) { return v[0] == 0 ? 1.0 : 0.0; });
  return mapIntegral({x}, dt, ScalarType::Bool, [](const int64_t* v) -> int64_t { return v[0] == 0; });
}

double largestFinite(ScalarType dt) {
  switch (dt) {
    case ScalarType::Half: return 65504.0;
    case ScalarType::BFloat16: return 0x1.fep127;
    case ScalarType::Float: return std::numeric_limits<float>::max();
    default: return std::numeric_limits<double>::max();
  }
}

Tensor nanToNum(const Tensor& x, std::optional<double> nan, std::optional<double> posinf,
                std::optional<double> neginf) {
  const ScalarType dt = x.dtype();
  if (!isFloating(dt)) return mapIntegral({x}, dt, dt, [](const int64_t* v) { return v[0]; });
  const double n = nan.value_or(0.0);
  const double p = posinf.value_or(largestFinite(dt));
  const double m = neginf.value_or(-largestFinite(dt));
  return mapFloating({x}, dt, dt, [=](const double* v) {
    if (std::isnan(v[0])) return n;
    if (std::isinf(v[0])) return v[0] > 0 ? p : m;
    return v[0];
  });
}

void defUnary(const std::string& op, const TensorFn& f, bool hasOut = true, bool hasInplace = false) {
  def(op, functionalKernel(f));
  if (hasOut) def(op + ".out", outKernel(f));
  if (hasInplace) def(op + "_", inplaceKernel(f));
}

TensorFn mathFn(MathFn fn) {
  return [fn](Args& a) { return floatUnary(tensorArg(a.at(0)), fn); };
}

}  // namespace

void registerElementwiseUnaryKernels() {
  const std::pair<const char*, MathFn> math[] = {
      {"aten::sqrt", sqrtOf},       {"aten::rsqrt", rsqrtOf},   {"aten::exp", [](double x) { return std::exp(x); }},
      {"aten::exp2", exp2Of},       {"aten::expm1", [](double x) { return std::expm1(x); }},
      {"aten::log", [](double x) { return std::log(x); }},     {"aten::log2", [](double x) { return std::log2(x); }},
      {"aten::log10", [](double x) { return std::log10(x); }}, {"aten::log1p", [](double x) { return std::log1p(x); }},
      {"aten::sin", [](double x) { return std::sin(x); }},     {"aten::cos", [](double x) { return std::cos(x); }},
      {"aten::tan", [](double x) { return std::tan(x); }},     {"aten::sinh", [](double x) { return std::sinh(x); }},
      {"aten::asin", [](double x) { return std::asin(x); }},   {"aten::atanh", [](double x) { return std::atanh(x); }},
      {"aten::erf", [](double x) { return std::erf(x); }},     {"aten::reciprocal", reciprocalOf},
  };
  for (auto [name, fn] : math) defUnary(name, mathFn(fn));
  defUnary("aten::tanh", mathFn([](double x) { return std::tanh(x); }), true, true);
  defUnary("aten::sigmoid", mathFn(sigmoidOf), true, true);

  defUnary("aten::neg", [](Args& a) { return neg(tensorArg(a.at(0))); });
  defUnary("aten::abs", [](Args& a) { return absOf(tensorArg(a.at(0))); });
  defUnary("aten::sign", [](Args& a) { return sign(tensorArg(a.at(0))); });
  defUnary("aten::square", [](Args& a) { return square(tensorArg(a.at(0))); });
  defUnary("aten::floor", [](Args& a) { return rounding(tensorArg(a.at(0)), floorOf); });
  defUnary("aten::ceil", [](Args& a) { return rounding(tensorArg(a.at(0)), ceilOf); });
  defUnary("aten::trunc", [](Args& a) { return rounding(tensorArg(a.at(0)), truncOf); });
  defUnary("aten::round", [](Args& a) { return rounding(tensorArg(a.at(0)), roundHalfEven); });
  TensorFn roundDec = [](Args& a) { return roundDecimals(tensorArg(a.at(0)), a.at(1).toInt()); };
  def("aten::round.decimals", functionalKernel(roundDec));
  def("aten::round.decimals_out", outKernel(roundDec));
  defUnary("aten::frac", [](Args& a) { return frac(tensorArg(a.at(0))); });
  defUnary("aten::bitwise_not", [](Args& a) { return bitwiseNot(tensorArg(a.at(0))); });
  defUnary("aten::logical_not", [](Args& a) { return logicalNot(tensorArg(a.at(0))); });

  defUnary("aten::isnan", [](Args& a) { return predicate(tensorArg(a.at(0)), [](double x) { return std::isnan(x); }, false); });
  defUnary("aten::isinf", [](Args& a) { return predicate(tensorArg(a.at(0)), [](double x) { return std::isinf(x); }, false); });
  defUnary("aten::isfinite",
           [](Args& a) { return predicate(tensorArg(a.at(0)), [](double x) { return std::isfinite(x); }, true); },
           /*hasOut=*/false);
  defUnary("aten::isposinf", [](Args& a) {
    return predicate(tensorArg(a.at(0)), [](double x) { return std::isinf(x) && x > 0; }, false);
  });
  TensorFn ntn = [](Args& a) {
    return nanToNum(tensorArg(a.at(0)), optScalarDouble(a.at(1)), optScalarDouble(a.at(2)), optScalarDouble(a.at(3)));
  };
  defUnary("aten::nan_to_num", ntn);
}

}  // namespace tsjit::reference
