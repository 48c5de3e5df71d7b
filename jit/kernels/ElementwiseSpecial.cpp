// ElementwiseSpecial.cpp — optimized kernels of the less common elementwise math ops: atan, acos,
// cosh, asinh, acosh, erfc, lgamma, sinc, deg2rad, rad2deg, sgn, signbit (unary); hypot, logaddexp,
// logaddexp2, xlogy, copysign, heaviside, clamp_max (binary); and copysign on Python numbers. Their
// out= and in-place overloads come from the OutVariants / InplaceVariants families.
//
// Semantics (python3-torch 1.13.1): the unary math functions compute integer / bool inputs in
// float32 and floating ones in their dtype (float for BFloat16; no Half kernel: KernelDtypes.cpp);
// sinc(0) is 1, else sin(pi x) / (pi x) in the compute type; deg2rad / rad2deg multiply by the
// constant rounded to the compute type (Half allowed); sgn is sign for real dtypes; signbit is
// bool. hypot / logaddexp / logaddexp2 accept floating dtypes only (not Half); xlogy and copysign
// promote integers to float32 (Half allowed); xlogy(x, nan) is nan, xlogy(0, y) is 0; heaviside
// needs equal dtypes and gives `values` where self is 0; clamp_max is clamp with no lower bound.
// Activations: softshrink / hardshrink / glu (floating but Half), threshold (not Half / Bool),
// celu = elu(x, alpha, 1, 1 / alpha), one_hot (int64 indices; -1 classes = max + 1).
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <algorithm>
#include <vector>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/ScalarFits.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

#define TSJIT_FLOAT_UNARY(fnName, kernelName, expr)                                          \
  Tensor fnName(const IValue* args, const Tensor* self) {                                    \
    Operand a = Operand::of(args[0]);                                                         \
    return unaryOp<Types::Floating>(kernelName, a, toFloating(a.dtype()), self, [](auto x) { \
      using C = decltype(x);                                                                  \
      (void)sizeof(C);                                                                        \
      return expr;                                                                            \
    });                                                                                       \
  }

TSJIT_FLOAT_UNARY(atanK, "atan_vml_cpu", std::atan(x))
TSJIT_FLOAT_UNARY(acosK, "acos_vml_cpu", std::acos(x))
TSJIT_FLOAT_UNARY(coshK, "cosh_cpu", std::cosh(x))
TSJIT_FLOAT_UNARY(asinhK, "asinh_cpu", std::asinh(x))
TSJIT_FLOAT_UNARY(acoshK, "acosh_cpu", std::acosh(x))
TSJIT_FLOAT_UNARY(erfcK, "erfc_vml_cpu", std::erfc(x))
TSJIT_FLOAT_UNARY(lgammaK, "lgamma_vml_cpu", std::lgamma(x))
TSJIT_FLOAT_UNARY(sincK, "sinc_cpu", x == C(0) ? C(1) : std::sin(C(std::numbers::pi) * x) / (C(std::numbers::pi) * x))
TSJIT_FLOAT_UNARY(deg2radK, "deg2rad", x * C(std::numbers::pi / 180.0))
TSJIT_FLOAT_UNARY(rad2degK, "rad2deg", x * C(180.0 / std::numbers::pi))
#undef TSJIT_FLOAT_UNARY

Tensor sgnK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::All>("sgn_cpu", a, a.dtype(), self, [](auto x) {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool>) return x;
    else if constexpr (std::is_unsigned_v<T>) return static_cast<T>(x > 0);
    else return static_cast<T>(static_cast<T>(T(0) < x) - static_cast<T>(x < T(0)));
  });
}

Tensor signbitK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  return unaryOp<Types::All>("signbit_cpu", a, a.dtype(), self, [](auto x) -> bool {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) return false;
    else if constexpr (std::is_integral_v<T>) return x < 0;
    // The sign bit read directly (std::signbit here makes GCC 12 fail on the BFloat16 loop).
    else if constexpr (std::is_same_v<T, double>) return (std::bit_cast<uint64_t>(x) >> 63) != 0;
    else return (std::bit_cast<uint32_t>(static_cast<float>(x)) >> 31) != 0;
  }, ScalarType::Bool);
}

// Binary ops whose 1.13 kernel dispatches floating dtypes but Half only.
template <typename F>
Tensor floatingOnly(const char* kernel, const IValue* args, const Tensor* self, F f) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  if (!isFloatingType(dt) || dt == ScalarType::Half) throwNotImplemented(kernel, dt);
  return binaryOp<Types::Floating>(kernel, a, b, dt, dt, self, f);
}

Tensor hypotK(const IValue* args, const Tensor* self) {
  return floatingOnly("hypot_cpu", args, self, [](auto x, auto y) { return std::hypot(x, y); });
}

Tensor logaddexpK(const IValue* args, const Tensor* self) {
  return floatingOnly("logaddexp_cpu", args, self, [](auto x, auto y) {
    if (std::isinf(x) && x == y) return x;
    const auto m = std::max(x, y);
    return m + std::log1p(std::exp(-std::abs(x - y)));
  });
}

Tensor logaddexp2K(const IValue* args, const Tensor* self) {
  return floatingOnly("logaddexp2_cpu", args, self, [](auto x, auto y) {
    using C = decltype(x);
    if (std::isinf(x) && x == y) return x;
    const auto m = std::max(x, y);
    return m + std::log1p(std::exp2(-std::abs(x - y))) * C(1.0 / std::numbers::ln2);
  });
}

Tensor xlogyK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = toFloating(resultTypeOf({&a, &b}));
  return binaryOp<Types::Floating>("xlogy_cpu", a, b, dt, dt, self, [](auto x, auto y) {
    using C = decltype(x);
    if (std::isnan(y)) return std::numeric_limits<C>::quiet_NaN();
    if (x == C(0)) return C(0);
    return x * std::log(y);
  });
}

Tensor copysignK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = toFloating(resultTypeOf({&a, &b}));
  return binaryOp<Types::Floating>("copysign_cpu", a, b, dt, dt, self,
                                   [](auto x, auto y) { return std::copysign(x, y); });
}

Tensor heavisideK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  if (a.dtype() != b.dtype()) throw RuntimeError("heaviside is not yet implemented for tensors with different dtypes");
  return binaryOp<Types::All>("heaviside_cpu", a, b, a.dtype(), a.dtype(), self, [](auto x, auto y) {
    using T = decltype(x);
    return x == T(0) ? y : static_cast<T>(x > T(0));
  });
}

// clamp_max(self, max) runs clamp's kernel with no lower bound (1.13 computes it as clamp does).
Operation clampMaxVia(const char* clampOverload) {
  const OptimizedKernel* clamp = findKernel(ops::overload(clampOverload));
  return [clamp](Stack& s, size_t) {
    IValue max = pop(s);
    s.emplace_back();  // min = None
    s.push_back(std::move(max));
    clamp->run(s, 3);
  };
}

// softshrink / hardshrink(self, lambd): floating dtypes but Half (BFloat16 computes in float).
template <bool Soft>
Tensor shrinkK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  const char* kernel = Soft ? "softshrink_cpu" : "hardshrink_cpu";
  if (!isFloatingType(a.dtype()) || a.dtype() == ScalarType::Half) throwNotImplemented(kernel, a.dtype());
  // lambd is converted to self's dtype first (1.13: hardshrink(-0.3f, 0.3) is 0).
  const double lambd = Tensor::fromDoubles({scalarArgDouble(args[1])}, {}, a.dtype()).getDouble(0);
  return unaryOp<Types::Floating>(kernel, a, a.dtype(), self, [lambd](auto x) {
    using C = decltype(x);
    const C l = static_cast<C>(lambd);
    if constexpr (Soft) return x > l ? x - l : (x < -l ? x + l : C(0));
    else return (x >= -l && x <= l) ? C(0) : x;
  });
}

// threshold(self, threshold, value): x <= threshold ? value : x, every dtype but Half and Bool.
Tensor thresholdK(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  if (a.dtype() == ScalarType::Half || a.dtype() == ScalarType::Bool) throwNotImplemented("threshold_cpu", a.dtype());
  // 1.13 reads both Scalars as the dtype with c10's checked conversion (empty input too): int64 x
  // with a NaN / 1e30 threshold raises "value cannot be converted to type int64_t without overflow".
  checkScalarFitsDtype(args[1], a.dtype());
  checkScalarFitsDtype(args[2], a.dtype());
  const double th = scalarArgDouble(args[1]), value = scalarArgDouble(args[2]);
  // Integer Scalars stay integers for an integral self (2**63 - 1 is not rounded through double).
  const int64_t thInt = scalarArgInt(args[1]), valueInt = scalarArgInt(args[2]);
  return unaryOp<Types::AllNoBool>("threshold_cpu", a, a.dtype(), self, [th, value, thInt, valueInt](auto x) {
    using C = decltype(x);
    if constexpr (std::is_integral_v<C>) return x <= static_cast<C>(thInt) ? static_cast<C>(valueInt) : x;
    else return x <= static_cast<C>(th) ? static_cast<C>(value) : x;
  });
}

// prelu(self, weight): x > 0 ? x : weight * x, weight one value or one per channel (dim 1).
Tensor preluK(const IValue* args, const Tensor* self) {
  const Tensor x = args[0].toTensor(), w = args[1].toTensor();
  if (w.dim() > 1)
    throw RuntimeError(str("prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = ", w.dim()));
  const int64_t channels = x.dim() > 1 ? x.size(1) : 1;
  if (w.numel() != 1 && w.numel() != channels)
    throw RuntimeError(str("Mismatch of parameter numbers and input channel size. Found parameter numbers = ", w.numel(),
                           " and channel size = ", channels, "."));
  if (!isFloatingType(x.dtype()) || x.dtype() == ScalarType::Half) throwNotImplemented("prelu_cpu", x.dtype());
  if (w.dtype() != x.dtype()) throw RuntimeError(str("Found dtype ", irName(w.dtype()), " but expected ", irName(x.dtype())));
  std::vector<int64_t> shape(static_cast<size_t>(std::max<int64_t>(x.dim(), 1)), 1);
  if (w.numel() > 1) shape[1] = w.numel();
  Operand a = Operand::of(args[0]), b = Operand::of(IValue(w.reshape(x.dim() == 0 ? std::vector<int64_t>{} : shape)));
  return binaryOp<Types::Floating>("prelu_cpu", a, b, x.dtype(), x.dtype(), self,
                                   [](auto v, auto slope) { return v > decltype(v)(0) ? v : slope * v; });
}

}  // namespace

void registerElementwiseSpecialKernels() {
  defElementwise(preluK, {"aten::prelu"});
  defElementwise(shrinkK<true>, {"aten::softshrink"});
  defElementwise(shrinkK<false>, {"aten::hardshrink"});
  defElementwise(thresholdK, {"aten::threshold"});
  // celu(self, alpha) is elu(self, alpha, 1, 1 / alpha) in 1.13 (its errors are elu's).
  def("aten::celu", [](Stack& s, size_t n) {
    const IValue alpha = s[s.size() - n + 1];
    const double a = scalarArgDouble(alpha);
    IValue r = runKernel("aten::elu", {s[s.size() - n], alpha, IValue(1.0), IValue(1.0 / a)});
    drop(s, n);
    s.push_back(std::move(r));
  });
  // glu(self, dim): first half * sigmoid(second half) along dim, which must have an even size.
  def("aten::glu", [](Stack& s, size_t n) {
    const Tensor x = s[s.size() - n].toTensor();
    // 1.13's order: rank, dim, even size (meta), then the kernel's dtypes.
    if (x.dim() == 0) throw RuntimeError("glu does not support 0-dimensional tensors");
    const int64_t d = wrapDim(s[s.size() - n + 1].toInt(), x.dim(), /*wrapScalar=*/false);
    const int64_t size = x.size(d);
    if (size % 2 != 0) throw RuntimeError(str("Halving dimension must be even, but dimension ", d, " is size ", size));
    if (!isFloatingType(x.dtype()) || x.dtype() == ScalarType::Half) throwNotImplemented("glu_cpu", x.dtype());
    // BFloat16 computes in float and rounds once, as 1.13's kernel does.
    const bool reduced = x.dtype() == ScalarType::BFloat16;
    const Tensor xc = reduced ? x.to(ScalarType::Float) : x;
    IValue first = runKernel("aten::narrow", {IValue(xc), IValue(d), IValue(int64_t{0}), IValue(size / 2)});
    IValue second = runKernel("aten::narrow", {IValue(xc), IValue(d), IValue(size / 2), IValue(size / 2)});
    IValue r = runKernel("aten::mul.Tensor", {first, runKernel("aten::sigmoid", {second})});
    if (reduced) r = IValue(r.toTensor().to(ScalarType::BFloat16));
    drop(s, n);
    s.push_back(std::move(r));
  });
  // one_hot(self, num_classes): int64 indices only; -1 infers max + 1.
  def("aten::one_hot", [](Stack& s, size_t n) {
    const Tensor x = s[s.size() - n].toTensor();
    int64_t classes = s[s.size() - n + 1].toInt();
    if (x.dtype() != ScalarType::Int64) throw RuntimeError("one_hot is only applicable to index tensor.");
    const Tensor c = x.contiguous();
    const int64_t* p = static_cast<const int64_t*>(c.data());
    const int64_t count = c.numel();
    if (classes == -1) {
      if (count == 0) throw RuntimeError("Can not infer total number of classes from empty tensor.");
      classes = *std::max_element(p, p + count) + 1;
    }
    for (int64_t i = 0; i < count; ++i) {
      if (p[i] < 0) throw RuntimeError("Class values must be non-negative.");
      if (p[i] >= classes) throw RuntimeError("Class values must be smaller than num_classes.");
    }
    std::vector<int64_t> shape = x.sizes();
    shape.push_back(classes);
    Tensor out = Tensor::zeros(shape, ScalarType::Int64);
    int64_t* o = static_cast<int64_t*>(out.data());
    for (int64_t i = 0; i < count; ++i) o[i * classes + p[i]] = 1;
    drop(s, n);
    s.push_back(IValue(out));
  });
  defElementwise(atanK, {"aten::atan"});
  defElementwise(acosK, {"aten::acos"});
  defElementwise(coshK, {"aten::cosh"});
  defElementwise(asinhK, {"aten::asinh"});
  defElementwise(acoshK, {"aten::acosh"});
  defElementwise(erfcK, {"aten::erfc"});
  defElementwise(lgammaK, {"aten::lgamma"});
  defElementwise(sincK, {"aten::sinc"});
  defElementwise(deg2radK, {"aten::deg2rad"});
  defElementwise(rad2degK, {"aten::rad2deg"});
  defElementwise(sgnK, {"aten::sgn"});
  defElementwise(signbitK, {"aten::signbit"});
  defElementwise(hypotK, {"aten::hypot"});
  defElementwise(logaddexpK, {"aten::logaddexp"});
  defElementwise(logaddexp2K, {"aten::logaddexp2"});
  defElementwise(xlogyK, {"aten::xlogy.Tensor", "aten::xlogy.Scalar_Other", "aten::xlogy.Scalar_Self"});
  defElementwise(copysignK, {"aten::copysign.Tensor", "aten::copysign.Scalar"});
  defElementwise(heavisideK, {"aten::heaviside"});
  def("aten::clamp_max", clampMaxVia("aten::clamp"));
  def("aten::clamp_max.Tensor", clampMaxVia("aten::clamp.Tensor"));
  // math.copysign on Python numbers: a float.
  for (const char* n : {"aten::copysign", "aten::copysign.float", "aten::copysign.float_int", "aten::copysign.int",
                        "aten::copysign.int_float"})
    def(n, [](Stack& s, size_t) {
      const IValue b = pop(s), a = pop(s);
      auto num = [](const IValue& v) { return v.isDouble() ? v.toDouble() : v.isBool() ? double(v.toBool()) : double(v.toInt()); };
      s.emplace_back(std::copysign(num(a), num(b)));
    });
}

}  // namespace tsjit::kernels
