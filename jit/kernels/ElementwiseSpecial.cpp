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
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "jit/kernels/Kernel.h"
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

}  // namespace

void registerElementwiseSpecialKernels() {
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
