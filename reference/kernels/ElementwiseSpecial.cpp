// ElementwiseSpecial.cpp — reference kernels of the less common elementwise math ops: atan, acos,
// cosh, asinh, acosh, erfc, lgamma, sinc, deg2rad, rad2deg, sgn, signbit (unary); hypot, logaddexp,
// logaddexp2, xlogy, copysign, heaviside, clamp_max (binary). out= and in-place overloads come from
// the OutVariants / InplaceVariants families; the Python-number overloads are in ScalarsMath.cpp.
//
// Semantics (python3-torch 1.13.1), computed in double and rounded once: integer and bool inputs
// of the math functions become float32; sinc(0) = 1, else sin(pi x) / (pi x) (nan where pi x
// overflows float for float32 and narrower, as 1.13's float product does); deg2rad / rad2deg
// scale by pi / 180; sgn is sign (bool stays bool); signbit is bool (false for unsigned and bool).
// hypot / logaddexp / logaddexp2 take floating dtypes but Half; xlogy and copysign promote
// integers to float32; xlogy(x, nan) = nan, xlogy(0, y) = 0. heaviside needs one dtype and gives
// `values` where self is 0, else self > 0. clamp_max = min(self, max) with NaN from either side;
// its Scalar overload has no Bool / Half kernel ("clamp_max_scalar_cpu"). Half errors of the unary
// functions come from jit/ops/KernelDtypes.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "reference/Kernel.h"
#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

Tensor floatMath(const Tensor& x, double (*fn)(double)) {
  const ScalarType dt = toFloatingType(x.dtype());
  return mapFloating({x}, dt, dt, [fn](const double* v) { return fn(v[0]); });
}

double sincOf(double x) {
  if (x == 0) return 1.0;
  const double px = std::numbers::pi * x;
  return std::sin(px) / px;
}

Tensor signOf(const Tensor& x) {
  if (isFloating(x.dtype()))
    return mapFloating({x}, x.dtype(), x.dtype(), [](const double* v) { return double((0 < v[0]) - (v[0] < 0)); });
  return mapIntegral({x}, x.dtype(), x.dtype(), [](const int64_t* v) { return int64_t((0 < v[0]) - (v[0] < 0)); });
}

Tensor signbitOf(const Tensor& x) {
  if (isFloating(x.dtype()))
    return mapFloating({x}, x.dtype(), ScalarType::Bool, [](const double* v) { return double(std::signbit(v[0])); });
  return mapIntegral({x}, x.dtype(), ScalarType::Bool, [](const int64_t* v) { return int64_t(v[0] < 0); });
}

// The binary ops 1.13 dispatches over floating dtypes other than Half.
Tensor floatingBinary(const char* kernel, const Tensor& a, const Tensor& b, double (*fn)(double, double)) {
  const ScalarType dt = resultTypeOf({a, b});
  if (!isFloating(dt) || dt == ScalarType::Half) throwNotImplemented(kernel, dt);
  return mapFloating({a, b}, dt, dt, [fn](const double* v) { return fn(v[0], v[1]); });
}

double logaddexpOf(double a, double b) {
  if (std::isinf(a) && a == b) return a;
  return std::max(a, b) + std::log1p(std::exp(-std::fabs(a - b)));
}
double logaddexp2Of(double a, double b) {
  if (std::isinf(a) && a == b) return a;
  return std::max(a, b) + std::log2(1.0 + std::exp2(-std::fabs(a - b)));
}
double xlogyOf(double x, double y) {
  if (std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0) return 0.0;
  return x * std::log(y);
}

Tensor promotedBinary(const Tensor& a, const Tensor& b, double (*fn)(double, double)) {
  const ScalarType dt = toFloatingType(resultTypeOf({a, b}));
  return mapFloating({a, b}, dt, dt, [fn](const double* v) { return fn(v[0], v[1]); });
}

Tensor heaviside(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype()) throw RuntimeError("heaviside is not yet implemented for tensors with different dtypes");
  if (isFloating(a.dtype()))
    return mapFloating({a, b}, a.dtype(), a.dtype(), [](const double* v) { return v[0] == 0 ? v[1] : double(v[0] > 0); });
  return mapIntegral({a, b}, a.dtype(), a.dtype(), [](const int64_t* v) { return v[0] == 0 ? v[1] : int64_t(v[0] > 0); });
}

Tensor clampMax(const Tensor& self, const Tensor& max, bool scalarBound) {
  const ScalarType dt = resultTypeOf({self, max});
  if (scalarBound && (dt == ScalarType::Bool || dt == ScalarType::Half)) throwNotImplemented("clamp_max_scalar_cpu", dt);
  if (isFloating(dt))
    return mapFloating({self, max}, dt, dt, [](const double* v) {
      if (std::isnan(v[0]) || std::isnan(v[1])) return std::numeric_limits<double>::quiet_NaN();
      return std::min(v[0], v[1]);
    });
  return mapIntegral({self, max}, dt, dt, [](const int64_t* v) { return std::min(v[0], v[1]); });
}

Tensor arg(Args& a, size_t i) { return operandArg(a.at(i)); }

}  // namespace

void registerElementwiseSpecialKernels() {
  const std::pair<const char*, double (*)(double)> math[] = {
      {"aten::atan", [](double x) { return std::atan(x); }},   {"aten::acos", [](double x) { return std::acos(x); }},
      {"aten::cosh", [](double x) { return std::cosh(x); }},   {"aten::asinh", [](double x) { return std::asinh(x); }},
      {"aten::acosh", [](double x) { return std::acosh(x); }}, {"aten::erfc", [](double x) { return std::erfc(x); }},
      {"aten::lgamma", [](double x) { return std::lgamma(x); }},
      {"aten::deg2rad", [](double x) { return x * (std::numbers::pi / 180.0); }},
      {"aten::rad2deg", [](double x) { return x * (180.0 / std::numbers::pi); }},
  };
  for (auto [name, fn] : math) def(name, functionalKernel([fn](Args& a) { return floatMath(arg(a, 0), fn); }));
  // 1.13 forms pi * x in the compute type (float for float32 / Half / BFloat16): past float's range
  // it is inf and sinc nan (python3-torch 1.13.1: sinc(3e38) is nan in float32, -1e-39 in float64).
  def("aten::sinc", functionalKernel([](Args& a) {
    const Tensor x = arg(a, 0);
    const ScalarType dt = toFloatingType(x.dtype());
    const bool floatProduct = dt != ScalarType::Double;
    return mapFloating({x}, dt, dt, [floatProduct](const double* v) {
      if (floatProduct && std::fabs(std::numbers::pi * v[0]) > std::numeric_limits<float>::max())
        return std::numeric_limits<double>::quiet_NaN();
      return sincOf(v[0]);
    });
  }));
  def("aten::sgn", functionalKernel([](Args& a) { return signOf(arg(a, 0)); }));
  def("aten::signbit", functionalKernel([](Args& a) { return signbitOf(arg(a, 0)); }));
  def("aten::hypot", functionalKernel([](Args& a) {
    return floatingBinary("hypot_cpu", arg(a, 0), arg(a, 1), [](double x, double y) { return std::hypot(x, y); });
  }));
  def("aten::logaddexp", functionalKernel([](Args& a) { return floatingBinary("logaddexp_cpu", arg(a, 0), arg(a, 1), logaddexpOf); }));
  def("aten::logaddexp2", functionalKernel([](Args& a) { return floatingBinary("logaddexp2_cpu", arg(a, 0), arg(a, 1), logaddexp2Of); }));
  for (const char* n : {"aten::xlogy.Tensor", "aten::xlogy.Scalar_Other", "aten::xlogy.Scalar_Self"})
    def(n, functionalKernel([](Args& a) { return promotedBinary(arg(a, 0), arg(a, 1), xlogyOf); }));
  for (const char* n : {"aten::copysign.Tensor", "aten::copysign.Scalar"})
    def(n, functionalKernel([](Args& a) {
      return promotedBinary(arg(a, 0), arg(a, 1), [](double x, double y) { return std::copysign(x, y); });
    }));
  def("aten::heaviside", functionalKernel([](Args& a) { return heaviside(arg(a, 0), arg(a, 1)); }));
  def("aten::clamp_max", functionalKernel([](Args& a) { return clampMax(arg(a, 0), arg(a, 1), true); }));
  def("aten::clamp_max.Tensor", functionalKernel([](Args& a) { return clampMax(arg(a, 0), arg(a, 1), false); }));
}

}  // namespace tsjit::reference
