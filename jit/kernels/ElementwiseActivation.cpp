// ElementwiseActivation.cpp — optimized kernels of clamping and activation ops: clamp (Scalar,
// Tensor and None bounds), clamp_min, relu, hardtanh, leaky_relu, elu, gelu (none / tanh), silu,
// softplus, relu6 / selu (as hardtanh / elu), hardsigmoid, hardswish, log_sigmoid, mish, logit;
// functional, in-place and out= overloads.
//
// Semantics (PyTorch 1.13): clamp with Scalar bounds keeps a floating self's dtype and promotes an
// integral self with the bounds; a NaN element stays NaN; a NaN Scalar bound makes every element
// NaN; Bool and Half have no clamp kernel ("clamp_scalar_cpu", "clamp_min_cpu", "clamp_cpu"); with
// Tensor bounds the result type covers all three and a NaN bound gives NaN; a single Tensor
// bound is maximum / minimum (every dtype). relu(x) is clamp_min(x, 0) (relu(-0.0) = -0.0,
// relu(NaN) = NaN). The smooth activations accept floating inputs only and compute in the input dtype (float for Half / BFloat16).
#include <algorithm>
#include <cmath>

#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

Tensor clampScalar(const Operand& self, const IValue& minV, const IValue& maxV, const Tensor* out) {
  if (minV.isNone() && maxV.isNone())
    throw RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None");
  ScalarType dt = self.dtype();
  const bool hasMin = !minV.isNone(), hasMax = !maxV.isNone();
  const Operand lo = hasMin ? Operand::of(minV) : Operand::number(int64_t{0});
  const Operand hi = hasMax ? Operand::of(maxV) : Operand::number(int64_t{0});
  if (!isFloatingType(dt)) {
    ResultTypeState st;
    st.add(self.promotion());
    if (hasMin) st.add(lo.promotion());
    if (hasMax) st.add(hi.promotion());
    dt = st.result();
  }
  // PyTorch 1.13: a NaN bound fills the result with NaN before any kernel runs; the kernels
  // (clamp_scalar_cpu, clamp_min_cpu, clamp_max_scalar_cpu) dispatch all types but Bool and Half.
  auto isNan = [](const IValue& v) { return !v.isNone() && std::isnan(scalarArgDouble(v)); };
  if (isNan(minV) || isNan(maxV))
    return unaryOpT<Types::AllNoBool>("clamp", self, dt, out, [](auto tag) {
      using C = opmath_t<typename decltype(tag)::type>;
      return [](C) { return static_cast<C>(NAN); };
    });
  if (dt == ScalarType::Bool || dt == ScalarType::Half)
    throwNotImplemented(hasMin && hasMax ? "clamp_scalar_cpu" : hasMin ? "clamp_min_cpu" : "clamp_max_scalar_cpu", dt);
  return unaryOpT<Types::AllNoBool>("clamp_scalar_cpu", self, dt, out, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    const C l = static_cast<C>(lo.valueAs<T>()), h = static_cast<C>(hi.valueAs<T>());
    const bool useMin = hasMin, useMax = hasMax;
    return [=](C x) {
      C r = x;
      if (useMin && r < l) r = l;
      if (useMax && h < r) r = h;
      return r;
    };
  });
}

// maximum(self, lo) / minimum(self, hi) / both, with Tensor bounds (NaN from any side propagates).
Tensor clampTensor(const Operand& self, const IValue& loV, const IValue& hiV, const Tensor* out) {
  if (loV.isNone() && hiV.isNone())
    throw RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None");
  if (hiV.isNone() || loV.isNone()) {
    const bool isMin = hiV.isNone();
    const Operand b = Operand::of(isMin ? loV : hiV);
    // One Tensor bound is maximum / minimum in PyTorch 1.13: every dtype (Bool: or / and).
    const ScalarType dt = resultTypeOf({&self, &b});
    return binaryOp<Types::All>(isMin ? "maximum_cpu" : "minimum_cpu", self, b, dt, dt, out, [isMin](auto x, auto y) {
      if constexpr (std::is_floating_point_v<decltype(x)>)
        if (x != x || y != y) return x + y;
      return isMin ? (x < y ? y : x) : (y < x ? y : x);
    });
  }
  const Operand lo = Operand::of(loV), hi = Operand::of(hiV);
  const ScalarType dt = resultTypeOf({&self, &lo, &hi});
  if (dt == ScalarType::Bool || dt == ScalarType::Half) throwNotImplemented("clamp_cpu", dt);  // no 1.13 kernel
  return runElementwise({&self, &lo, &hi}, dt, out, [&](const Tensor& target) {
    visitTypes<Types::AllNoBool>(dt, "clamp_cpu", [&](auto tag) {
      using T = typename decltype(tag)::type;
      Tensor h0, h1, h2;
      elementwise<T, T, T, T>(target, {loopArg<T>(self, h0), loopArg<T>(lo, h1), loopArg<T>(hi, h2)},
                              [](auto x, auto l, auto h) {
                                if constexpr (std::is_floating_point_v<decltype(x)>)
                                  if (l != l || h != h) return l + h;
                                auto r = x < l ? l : x;
                                return h < r ? h : r;
                              });
    });
  });
}

Tensor clamp(const IValue* a, const Tensor* s) { return clampScalar(Operand::of(a[0]), a[1], a[2], s); }
Tensor clampT(const IValue* a, const Tensor* s) { return clampTensor(Operand::of(a[0]), a[1], a[2], s); }
Tensor clampMin(const IValue* a, const Tensor* s) { return clampScalar(Operand::of(a[0]), a[1], IValue(), s); }
Tensor clampMinT(const IValue* a, const Tensor* s) { return clampTensor(Operand::of(a[0]), a[1], IValue(), s); }

Tensor relu(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  if (a.dtype() == ScalarType::Bool) throw RuntimeError("Boolean inputs not supported for relu");
  return unaryOp<Types::AllNoBool>("relu", a, a.dtype(), self, [](auto x) { return x < 0 ? decltype(x)(0) : x; });
}

Tensor hardtanh(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  if (a.dtype() == ScalarType::Bool) throw RuntimeError("Bool inputs not supported for hardtanh");
  // PyTorch 1.13 truncates an integer input's limits to int64: uint8 refuses a negative one.
  if (a.dtype() == ScalarType::UInt8 &&
      (static_cast<int64_t>(scalarArgDouble(args[1])) < 0 || static_cast<int64_t>(scalarArgDouble(args[2])) < 0))
    throw RuntimeError("cannot do hardtanh on an unsigned type with negative limits");
  // Integer inputs clamp with the truncated limits (no promotion to float).
  if (!isFloatingType(a.dtype())) {
    auto trunc = [](const IValue& v) { return v.isDouble() ? IValue(static_cast<int64_t>(v.toDouble())) : v; };
    return clampScalar(a, trunc(args[1]), trunc(args[2]), self);
  }
  return clampScalar(a, args[1], args[2], self);
}

// A floating-only activation with scalar parameters: make(C params...) builds the functor.
// halfOk: PyTorch 1.13's CPU kernel dispatches Half (gelu, elu, leaky_relu and softplus
// dispatch float, double and BFloat16 only).
template <typename Make>
Tensor activation(const IValue* args, const Tensor* self, const char* name, Make make, bool halfOk = true) {
  Operand a = Operand::of(args[0]);
  if (!halfOk && a.dtype() == ScalarType::Half) throwNotImplemented(name, ScalarType::Half);
  return unaryOpT<Types::Floating>(name, a, a.dtype(), self, [&](auto tag) {
    using C = opmath_t<typename decltype(tag)::type>;
    return make(C{});
  });
}

Tensor leakyRelu(const IValue* args, const Tensor* self) {
  const double slope = scalarArgDouble(args[1]);
  return activation(args, self, "leaky_relu_cpu", [slope](auto zero) {
    using C = decltype(zero);
    const C s = static_cast<C>(slope);
    return [s](C x) { return x > 0 ? x : x * s; };
  }, false);
}

Tensor elu(const IValue* args, const Tensor* self) {
  const double alpha = scalarArgDouble(args[1]), scale = scalarArgDouble(args[2]), inScale = scalarArgDouble(args[3]);
  return activation(args, self, "elu_cpu", [=](auto zero) {
    using C = decltype(zero);
    const C poscoef = static_cast<C>(scale);
    // The negative branch in double: x * input_scale rounded in float would be a relative error
    // of |x * input_scale| eps / 2 in the result (19 ulp at x * input_scale = 38).
    const double negcoef = static_cast<double>(static_cast<C>(alpha * scale)), ins = static_cast<C>(inScale);
    return [=](C x) {
      return x <= 0 ? static_cast<C>(std::expm1(static_cast<double>(x) * ins) * negcoef) : x * poscoef;
    };
  }, false);
}

Tensor gelu(const IValue* args, const Tensor* self) {
  const std::string& approximate = args[1].toStringRef();
  if (approximate == "none")
    return activation(args, self, "GeluKernelImpl", [](auto zero) {
      using C = decltype(zero);
      return [](C x) { return x * C(0.5) * (C(1) + std::erf(x * C(M_SQRT1_2))); };
    }, false);
  if (approximate == "tanh")
    return activation(args, self, "GeluKernelImpl", [](auto zero) {
      using C = decltype(zero);
      return [](C x) {
        const C inner = C(M_2_SQRTPI * M_SQRT1_2) * (x + C(0.044715) * x * x * x);
        return C(0.5) * x * (C(1) + std::tanh(inner));
      };
    }, false);
  throw RuntimeError("approximate argument must be either none or tanh.");
}

// silu: x / (1 + exp(-x)) in float; for BFloat16, 1.13's kernel rounds each step (exp, the sum,
// the quotient) to BFloat16 (its BFloat16 vector ops convert back after every op).
Tensor silu(const IValue* args, const Tensor* self) {
  const bool bf16 = args[0].isTensor() && args[0].toTensor().dtype() == ScalarType::BFloat16;
  return activation(args, self, "silu_cpu", [bf16](auto zero) {
    using C = decltype(zero);
    return [bf16](C x) {
      if (!bf16) return x / (C(1) + std::exp(-x));
      auto r = [](C v) { return static_cast<C>(static_cast<float>(BFloat16(static_cast<float>(v)))); };
      return r(x / r(C(1) + r(std::exp(-x))));
    };
  });
}

Tensor softplus(const IValue* args, const Tensor* self) {
  const double beta = scalarArgDouble(args[1]), threshold = scalarArgDouble(args[2]);
  return activation(args, self, "softplus_cpu", [=](auto zero) {
    using C = decltype(zero);
    const C b = static_cast<C>(beta), t = static_cast<C>(threshold);
    return [=](C x) { return x * b > t ? x : std::log1p(std::exp(x * b)) / b; };
  }, false);
}

// relu6 is hardtanh(x, 0, 6); selu is elu(x, alpha, scale) with 1.13's constants.
Tensor relu6(const IValue* args, const Tensor* self) {
  const IValue a[3] = {args[0], IValue(int64_t{0}), IValue(int64_t{6})};
  return hardtanh(a, self);
}

Tensor selu(const IValue* args, const Tensor* self) {
  const IValue a[4] = {args[0], IValue(1.6732632423543772848170429916717), IValue(1.0507009873554804934193349852946),
                       IValue(1.0)};
  return elu(a, self);
}

Tensor hardsigmoid(const IValue* args, const Tensor* self) {
  return activation(args, self, "hardsigmoid_cpu", [](auto zero) {
    using C = decltype(zero);
    return [](C x) { return std::min(std::max(x + C(3), C(0)), C(6)) / C(6); };
  }, false);
}

Tensor hardswish(const IValue* args, const Tensor* self) {
  return activation(args, self, "hardswish_cpu", [](auto zero) {
    using C = decltype(zero);
    return [](C x) { return x * std::min(std::max(x + C(3), C(0)), C(6)) / C(6); };
  }, false);
}

Tensor logSigmoid(const IValue* args, const Tensor* self) {
  return activation(args, self, "log_sigmoid_cpu", [](auto zero) {
    using C = decltype(zero);
    return [](C x) { return std::min(x, C(0)) - std::log1p(std::exp(-std::abs(x))); };
  }, false);
}

Tensor mish(const IValue* args, const Tensor* self) {
  // 1.13's kernel dispatches float and double only.
  if (Operand::of(args[0]).dtype() == ScalarType::BFloat16) throwNotImplemented("mish_cpu", ScalarType::BFloat16);
  return activation(args, self, "mish_cpu", [](auto zero) {
    using C = decltype(zero);
    return [](C x) { return x * std::tanh(std::log1p(std::exp(x))); };
  }, false);
}

// logit(x, eps): integers and Bool promote to the default float dtype; no Half kernel.
Tensor logit(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]);
  const ScalarType dt = toFloating(a.dtype());
  if (dt == ScalarType::Half) throwNotImplemented("logit_cpu", dt);
  const bool clampIt = !args[1].isNone();
  const double eps = clampIt ? args[1].toDouble() : 0.0;
  return unaryOpT<Types::Floating>("logit_cpu", a, dt, self, [&](auto tag) {
    using C = opmath_t<typename decltype(tag)::type>;
    const C lo = static_cast<C>(eps), hi = static_cast<C>(1 - eps);
    return [=](C x) {
      const C z = clampIt ? (x < lo ? lo : (x > hi ? hi : x)) : x;
      return std::log(z / (C(1) - z));
    };
  });
}

}  // namespace

void registerElementwiseActivationKernels() {
  defElementwise(relu6, {"aten::relu6"}, {}, {});
  defElementwise(selu, {"aten::selu"}, {}, {});
  defElementwise(hardsigmoid, {"aten::hardsigmoid"}, {}, {"aten::hardsigmoid.out"});
  defElementwise(hardswish, {"aten::hardswish"}, {}, {"aten::hardswish.out"});
  defElementwise(logSigmoid, {"aten::log_sigmoid"}, {}, {"aten::log_sigmoid.out"});
  defElementwise(mish, {"aten::mish"}, {}, {"aten::mish.out"});
  defElementwise(logit, {"aten::logit"}, {}, {"aten::logit.out"});
  defElementwise(clamp, {"aten::clamp"}, {"aten::clamp_"}, {"aten::clamp.out"});
  defElementwise(clampT, {"aten::clamp.Tensor"}, {"aten::clamp_.Tensor"}, {"aten::clamp.Tensor_out"});
  defElementwise(clampMin, {"aten::clamp_min"}, {"aten::clamp_min_"}, {"aten::clamp_min.out"});
  defElementwise(clampMinT, {"aten::clamp_min.Tensor"}, {"aten::clamp_min_.Tensor"}, {"aten::clamp_min.Tensor_out"});
  defElementwise(relu, {"aten::relu"}, {"aten::relu_"}, {"aten::relu.out"});
  defElementwise(hardtanh, {"aten::hardtanh"}, {"aten::hardtanh_"}, {"aten::hardtanh.out"});
  defElementwise(leakyRelu, {"aten::leaky_relu"}, {"aten::leaky_relu_"}, {"aten::leaky_relu.out"});
  defElementwise(elu, {"aten::elu"}, {"aten::elu_"}, {"aten::elu.out"});
  defElementwise(gelu, {"aten::gelu"}, {}, {"aten::gelu.out"});
  defElementwise(silu, {"aten::silu"}, {"aten::silu_"}, {"aten::silu.out"});
  defElementwise(softplus, {"aten::softplus"}, {}, {"aten::softplus.out"});
}

}  // namespace tsjit::kernels
