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
// functions come from jit/ops/KernelDtypes.cpp. Activations: softshrink / hardshrink / glu take
// floating dtypes but Half, threshold all but Half / Bool; celu is elu(x, alpha, 1, 1 / alpha);
// one_hot takes int64 indices (-1 classes: max + 1).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

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

Tensor floatingButHalf(const char* kernel, const Tensor& x) {
  if (!isFloating(x.dtype()) || x.dtype() == ScalarType::Half) throwNotImplemented(kernel, x.dtype());
  return x;
}

Tensor oneHot(const Tensor& x, int64_t classes) {
  if (x.dtype() != ScalarType::Int64) throw RuntimeError("one_hot is only applicable to index tensor.");
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < x.numel(); ++i) idx.push_back(x.getInt64(i));
  if (classes == -1) {
    if (idx.empty()) throw RuntimeError("Can not infer total number of classes from empty tensor.");
    classes = *std::max_element(idx.begin(), idx.end()) + 1;
  }
  for (int64_t v : idx) {
    if (v < 0) throw RuntimeError("Class values must be non-negative.");
    if (v >= classes) throw RuntimeError("Class values must be smaller than num_classes.");
  }
  std::vector<int64_t> shape = x.sizes();
  shape.push_back(classes);
  Tensor out = Tensor::zeros(shape, ScalarType::Int64);
  for (size_t i = 0; i < idx.size(); ++i) out.setInt64(static_cast<int64_t>(i) * classes + idx[i], 1);
  return out;
}

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
  def("aten::softshrink", functionalKernel([](Args& a) {
    const Tensor x = floatingButHalf("softshrink_cpu", arg(a, 0));
    const double l = Tensor::fromDoubles({a.at(1).toScalarAsDouble()}, {}, x.dtype()).getDouble(0);  // lambd in x's dtype
    return mapFloating({x}, x.dtype(), x.dtype(), [l](const double* v) { return v[0] > l ? v[0] - l : v[0] < -l ? v[0] + l : 0.0; });
  }));
  def("aten::hardshrink", functionalKernel([](Args& a) {
    const Tensor x = floatingButHalf("hardshrink_cpu", arg(a, 0));
    const double l = Tensor::fromDoubles({a.at(1).toScalarAsDouble()}, {}, x.dtype()).getDouble(0);  // lambd in x's dtype
    return mapFloating({x}, x.dtype(), x.dtype(), [l](const double* v) { return std::fabs(v[0]) <= l && !std::isnan(v[0]) ? 0.0 : v[0]; });
  }));
  def("aten::threshold", functionalKernel([](Args& a) {
    const Tensor x = arg(a, 0);
    if (x.dtype() == ScalarType::Half || x.dtype() == ScalarType::Bool) throwNotImplemented("threshold_cpu", x.dtype());
    // threshold and value are converted to x's dtype first (int32 x with threshold -0.75 compares with 0),
    // with the checked conversion: a NaN or 1e30 threshold for int64 x raises (an empty x too).
    checkScalarConvertible(a.at(1), x.dtype());
    checkScalarConvertible(a.at(2), x.dtype());
    if (isFloating(x.dtype())) {
      const Tensor tv = Tensor::fromDoubles({a.at(1).toScalarAsDouble(), a.at(2).toScalarAsDouble()}, {2}, x.dtype());
      const double th = tv.getDouble(0), value = tv.getDouble(1);
      return mapFloating({x}, x.dtype(), x.dtype(), [th, value](const double* v) { return v[0] <= th ? value : v[0]; });
    }
    // Integral x: the Scalars as integers (a float truncates), wrapped to the dtype; compared exactly
    // (an int Scalar 2**63 - 1 stays itself, not a double rounded to 2**63).
    const int64_t th = castInt(scalarInt(a.at(1)), x.dtype()), value = castInt(scalarInt(a.at(2)), x.dtype());
    return mapIntegral({x}, x.dtype(), x.dtype(), [th, value](const int64_t* v) { return v[0] <= th ? value : v[0]; });
  }));
  def("aten::celu", [](Args& a) {  // elu(x, alpha, 1, 1 / alpha)
    const double alpha = a.at(1).toScalarAsDouble();
    return ret(runKernel("aten::elu", {a.at(0), a.at(1), IValue(1.0), IValue(1.0 / alpha)}));
  });
  def("aten::glu", [](Args& a) {
    const Tensor x = arg(a, 0);
    if (x.dim() == 0) throw RuntimeError("glu does not support 0-dimensional tensors");
    const int64_t d = wrapDim(a.at(1).toInt(), x.dim(), false);
    const int64_t half = x.size(d) / 2;
    if (x.size(d) % 2 != 0)
      throw RuntimeError(str("Halving dimension must be even, but dimension ", d, " is size ", x.size(d)));
    floatingButHalf("glu_cpu", x);  // the kernel's dtypes come after the shape checks
    // One rounding to the result dtype: the halves are multiplied in double (from float64 copies).
    const Tensor wide = x.to(ScalarType::Double);
    IValue first = runKernel("aten::narrow", {IValue(wide), IValue(d), IValue(int64_t{0}), IValue(half)});
    IValue second = runKernel("aten::narrow", {IValue(wide), IValue(d), IValue(half), IValue(half)});
    return ret(IValue(runKernel("aten::mul.Tensor", {first, runKernel("aten::sigmoid", {second})}).toTensor().to(x.dtype())));
  });
  def("aten::prelu", functionalKernel([](Args& a) {  // x > 0 ? x : weight * x, one weight per channel (dim 1)
    const Tensor x = arg(a, 0), w = arg(a, 1);
    if (w.dim() > 1)
      throw RuntimeError(str("prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = ", w.dim()));
    const int64_t channels = x.dim() > 1 ? x.size(1) : 1;
    if (w.numel() != 1 && w.numel() != channels)
      throw RuntimeError(str("Mismatch of parameter numbers and input channel size. Found parameter numbers = ",
                             w.numel(), " and channel size = ", channels, "."));
    floatingButHalf("prelu_cpu", x);
    if (w.dtype() != x.dtype()) throw RuntimeError(str("Found dtype ", irName(w.dtype()), " but expected ", irName(x.dtype())));
    std::vector<int64_t> shape;
    for (int64_t d = 0; d < x.dim(); ++d) shape.push_back(d == 1 ? w.numel() : 1);
    const Tensor slope = w.numel() > 1 ? w.reshape(shape) : w.reshape(std::vector<int64_t>(static_cast<size_t>(x.dim()), 1));
    return mapFloating({x, slope}, x.dtype(), x.dtype(), [](const double* v) { return v[0] > 0 ? v[0] : v[1] * v[0]; });
  }));
  def("aten::one_hot", [](Args& a) { return ret(IValue(oneHot(arg(a, 0), a.at(1).toInt()))); });
  def("aten::clamp_max", functionalKernel([](Args& a) { return clampMax(arg(a, 0), arg(a, 1), true); }));
  def("aten::clamp_max.Tensor", functionalKernel([](Args& a) { return clampMax(arg(a, 0), arg(a, 1), false); }));
}

}  // namespace tsjit::reference
