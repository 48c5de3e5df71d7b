// ElementwiseActivation.cpp — reference kernels of clamping and activation ops: clamp (Scalar and
// Tensor bounds, None bounds), clamp_min, relu, hardtanh, leaky_relu, elu, gelu (none / tanh),
// silu, softplus, and relu6 / selu (as hardtanh / elu), hardsigmoid, hardswish, log_sigmoid, mish,
// logit; with their in-place and out= overloads.
//
// Semantics (PyTorch 1.13): clamp with Scalar bounds keeps a floating self's dtype and promotes
// an integral self with the bounds (int tensor clamped to 0.5 is float32); a NaN element stays
// NaN; a NaN Scalar bound makes every element NaN; Bool and Half have no clamp kernel; with
// Tensor bounds the result type covers all three and a NaN bound gives NaN; one Tensor bound is
// maximum / minimum, defined for every dtype (Bool: or / and). relu is clamp_min(x, 0):
// relu(-0.0) is -0.0, relu(NaN) is NaN. The smooth activations accept floating inputs only and
// compute in double, rounded once (silu rounds exp(-x) to float first: it overflows there).
#include <algorithm>
#include <cmath>

#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

// clamp(self, min?, max?) with Scalar bounds.
Tensor clampScalar(const Tensor& self, const IValue& minV, const IValue& maxV) {
  if (minV.isNone() && maxV.isNone())
    throw RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None");
  ScalarType dt = self.dtype();
  if (!isFloating(dt)) {
    std::vector<Tensor> ops{self};
    if (!minV.isNone()) ops.push_back(wrapScalar(minV));
    if (!maxV.isNone()) ops.push_back(wrapScalar(maxV));
    dt = resultTypeOf(ops);
  }
  const bool hasMin = !minV.isNone(), hasMax = !maxV.isNone();
  // PyTorch 1.13: a NaN bound fills the result with NaN before any kernel; the scalar kernels
  // (clamp_scalar_cpu / clamp_min_cpu / clamp_max_scalar_cpu) have no Bool or Half version.
  const bool nanBound = (hasMin && std::isnan(scalarDouble(minV))) || (hasMax && std::isnan(scalarDouble(maxV)));
  if (nanBound) return mapFloating({self}, dt, dt, [](const double*) { return std::nan(""); });
  if (dt == ScalarType::Bool || dt == ScalarType::Half)
    throwNotImplemented(hasMin && hasMax ? "clamp_scalar_cpu" : hasMin ? "clamp_min_cpu" : "clamp_max_scalar_cpu", dt);
  if (isFloating(dt)) {
    const double lo = hasMin ? castDouble(scalarDouble(minV), dt) : 0;
    const double hi = hasMax ? castDouble(scalarDouble(maxV), dt) : 0;
    return mapFloating({self}, dt, dt, [=](const double* v) {
      double x = v[0];
      if (std::isnan(x)) return x;
      if (hasMin && x < lo) x = lo;
      if (hasMax && hi < x) x = hi;
      return x;
    });
  }
  const int64_t lo = hasMin ? castInt(scalarInt(minV), dt) : 0;
  const int64_t hi = hasMax ? castInt(scalarInt(maxV), dt) : 0;
  return mapIntegral({self}, dt, dt, [=](const int64_t* v) {
    int64_t x = v[0];
    if (hasMin && x < lo) x = lo;
    if (hasMax && hi < x) x = hi;
    return x;
  });
}

// maximum(self, bound) / minimum(self, bound) with NaN from either side propagating.
Tensor boundTensor(const Tensor& self, const Tensor& bound, bool isMin) {
  const ScalarType dt = resultTypeOf({self, bound});
  if (isFloating(dt))
    return mapFloating({self, bound}, dt, dt, [isMin](const double* v) {
      if (std::isnan(v[0]) || std::isnan(v[1])) return std::nan("");
      return isMin ? std::max(v[0], v[1]) : std::min(v[0], v[1]);
    });
  return mapIntegral({self, bound}, dt, dt,
                     [isMin](const int64_t* v) { return isMin ? std::max(v[0], v[1]) : std::min(v[0], v[1]); });
}

Tensor clampTensor(const Tensor& self, const std::optional<Tensor>& lo, const std::optional<Tensor>& hi) {
  if (!lo && !hi) throw RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None");
  if (!hi) return boundTensor(self, *lo, true);
  if (!lo) return boundTensor(self, *hi, false);
  const ScalarType dt = resultTypeOf({self, *lo, *hi});
  if (dt == ScalarType::Bool || dt == ScalarType::Half) throwNotImplemented("clamp_cpu", dt);  // no 1.13 kernel
  if (isFloating(dt))
    return mapFloating({self, *lo, *hi}, dt, dt, [](const double* v) {
      if (std::isnan(v[1]) || std::isnan(v[2])) return std::nan("");
      if (std::isnan(v[0])) return v[0];
      return std::min(std::max(v[0], v[1]), v[2]);
    });
  return mapIntegral({self, *lo, *hi}, dt, dt, [](const int64_t* v) { return std::min(std::max(v[0], v[1]), v[2]); });
}

Tensor clampMinScalar(const Tensor& self, const IValue& minV) { return clampScalar(self, minV, IValue()); }

Tensor relu(const Tensor& self) {
  if (self.dtype() == ScalarType::Bool) throw RuntimeError("Boolean inputs not supported for relu");
  const ScalarType dt = self.dtype();
  if (isFloating(dt)) return mapFloating({self}, dt, dt, [](const double* v) { return v[0] < 0 ? 0.0 : v[0]; });
  return mapIntegral({self}, dt, dt, [](const int64_t* v) { return v[0] < 0 ? int64_t{0} : v[0]; });
}

Tensor hardtanh(const Tensor& self, const IValue& lo, const IValue& hi) {
  if (self.dtype() == ScalarType::Bool) throw RuntimeError("Bool inputs not supported for hardtanh");
  // PyTorch 1.13 converts the limits of an integer input to int64 (truncating): uint8 refuses a
  // negative one (checked on python3-torch 1.13.1: hardtanh(u8, -0.5, 1) passes, (-1, 1) raises).
  if (self.dtype() == ScalarType::UInt8 &&
      (static_cast<int64_t>(scalarDouble(lo)) < 0 || static_cast<int64_t>(scalarDouble(hi)) < 0))
    throw RuntimeError("cannot do hardtanh on an unsigned type with negative limits");
  // ... and clamps with the truncated limits (hardtanh(int64 [-3, 1, 5], 0, 0.1) is [0, 0, 0]).
  if (!isFloating(self.dtype())) {
    auto toLong = [](const IValue& v) { return v.isDouble() ? IValue(static_cast<int64_t>(v.toDouble())) : v; };
    return clampScalar(self, toLong(lo), toLong(hi));
  }
  return clampScalar(self, lo, hi);
}

// A floating-only activation: fn(x) in double. halfOk: PyTorch 1.13's CPU kernel dispatches Half
// (gelu, elu, leaky_relu and softplus dispatch float, double and BFloat16 only).
template <typename F>
Tensor activation(const Tensor& self, const char* kernelName, F fn, bool halfOk = true) {
  const ScalarType dt = self.dtype();
  if (!isFloating(dt) || (!halfOk && dt == ScalarType::Half)) throwNotImplemented(kernelName, dt);
  return mapFloating({self}, dt, dt, [&fn](const double* v) { return fn(v[0]); });
}

Tensor gelu(const Tensor& self, const std::string& approximate) {
  if (approximate == "none")
    return activation(self, "GeluKernelImpl", [](double x) { return x * 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))); },
                      false);
  if (approximate == "tanh")
    return activation(self, "GeluKernelImpl", [](double x) {
      const double inner = std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x);
      return 0.5 * x * (1.0 + std::tanh(inner));
    }, false);
  throw RuntimeError("approximate argument must be either none or tanh.");
}

Tensor leakyRelu(const Tensor& self, double slope) {
  return activation(self, "leaky_relu_cpu", [slope](double x) { return x > 0 ? x : x * slope; }, false);
}

Tensor elu(const Tensor& self, double alpha, double scale, double inputScale) {
  return activation(self, "elu_cpu", [=](double x) {
    // expm1, not exp(.) - 1: the subtraction would cancel and cost float64 results ulps.
    return x <= 0 ? std::expm1(x * inputScale) * alpha * scale : x * scale;
  }, false);
}

Tensor softplus(const Tensor& self, double beta, double threshold) {
  // PyTorch 1.13 converts beta and threshold to the dtype (float for BFloat16) and forms x * beta
  // in that type too (BFloat16 is widened to float): the product is rounded to float before the
  // comparison and the exp. softplus(0.1f, 1, 0.1) compares 0.1f > 0.1f (false) -> log1p path;
  // bf16 2.5 with beta 0.1: 2.5 * 0.1f rounds to 0.25f, not above 0.25 -> log1p path (8.25).
  const ScalarType pt = self.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  beta = castDouble(beta, pt);
  threshold = castDouble(threshold, pt);
  return activation(self, "softplus_cpu", [=](double x) {
    const double z = castDouble(x * beta, pt);  // exact in double, then rounded as the float product
    return z > threshold ? x : std::log1p(std::exp(z)) / beta;
  }, false);
}

// relu6(x) = hardtanh(x, 0, 6); selu(x) = elu(x, alpha, scale) (1.13 defines them so).
Tensor relu6(const Tensor& self) { return hardtanh(self, IValue(int64_t{0}), IValue(int64_t{6})); }
Tensor selu(const Tensor& self) {
  return elu(self, 1.6732632423543772848170429916717, 1.0507009873554804934193349852946, 1.0);
}

// The piecewise activations, each in double from its definition.
Tensor hardsigmoid(const Tensor& self) {
  return activation(self, "hardsigmoid_cpu", [](double x) { return std::clamp(x + 3.0, 0.0, 6.0) / 6.0; }, false);
}
Tensor hardswish(const Tensor& self) {
  // 1.13 forms x * min(max(x + 3, 0), 6) in the computation type (float below double) before the
  // division: it overflows to inf from |x| > FLT_MAX / 6 (hardswish(1e38) is inf).
  const ScalarType ct = self.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  return activation(self, "hardswish_cpu", [ct](double x) {
    return castDouble(x * std::clamp(x + 3.0, 0.0, 6.0), ct) / 6.0;
  }, false);
}
Tensor logSigmoid(const Tensor& self) {
  // log(sigmoid(x)) = -log(1 + e^-x), written so that neither exp overflows.
  return activation(self, "log_sigmoid_cpu", [](double x) {
    return x < 0 ? x - std::log1p(std::exp(x)) : -std::log1p(std::exp(-x));
  }, false);
}
Tensor mish(const Tensor& self) {
  if (self.dtype() == ScalarType::BFloat16) throwNotImplemented("mish_cpu", ScalarType::BFloat16);  // float, double only
  return activation(self, "mish_cpu", [](double x) {
    const double softplus = x > 30 ? x : std::log1p(std::exp(x));
    return x * std::tanh(softplus);
  }, false);
}
Tensor logit(const Tensor& self, const IValue& epsV) {
  const ScalarType dt = toFloatingType(self.dtype());  // integers and Bool promote
  if (dt == ScalarType::Half) throwNotImplemented("logit_cpu", dt);
  const bool clampIt = !epsV.isNone();
  // The bounds as 1.13 forms them: eps and 1 - eps in the computation type.
  const ScalarType ct = dt == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  const double lo = clampIt ? castDouble(epsV.toDouble(), ct) : 0, hi = clampIt ? castDouble(1 - epsV.toDouble(), ct) : 1;
  return mapFloating({self}, dt, dt, [=](const double* v) {
    // 1.13's selection: below lo gives lo, otherwise above hi gives hi (eps > 0.5 makes lo > hi:
    // logit(-0.0, eps=1) is +inf).
    const double z = !clampIt ? v[0] : v[0] < lo ? lo : (v[0] > hi ? hi : v[0]);
    return std::log(z) - std::log1p(-z);
  });
}

void defVariants(const std::string& op, const TensorFn& f, const char* functional, const char* out,
                 const char* inplace) {
  if (functional) def(op + functional, functionalKernel(f));
  if (out) def(op + out, outKernel(f));
  if (inplace) def(op + "_" + inplace, inplaceKernel(f));
}

}  // namespace

void registerElementwiseActivationKernels() {
  defVariants("aten::relu6", [](Args& a) { return relu6(tensorArg(a.at(0))); }, "", nullptr, nullptr);
  defVariants("aten::selu", [](Args& a) { return selu(tensorArg(a.at(0))); }, "", nullptr, nullptr);
  defVariants("aten::hardsigmoid", [](Args& a) { return hardsigmoid(tensorArg(a.at(0))); }, "", ".out", nullptr);
  defVariants("aten::hardswish", [](Args& a) { return hardswish(tensorArg(a.at(0))); }, "", ".out", nullptr);
  defVariants("aten::log_sigmoid", [](Args& a) { return logSigmoid(tensorArg(a.at(0))); }, "", ".out", nullptr);
  defVariants("aten::mish", [](Args& a) { return mish(tensorArg(a.at(0))); }, "", ".out", nullptr);
  defVariants("aten::logit", [](Args& a) { return logit(tensorArg(a.at(0)), a.at(1)); }, "", ".out", nullptr);
  defVariants("aten::clamp", [](Args& a) { return clampScalar(tensorArg(a.at(0)), a.at(1), a.at(2)); }, "", ".out", "");
  defVariants("aten::clamp",
              [](Args& a) { return clampTensor(tensorArg(a.at(0)), optTensorArg(a.at(1)), optTensorArg(a.at(2))); },
              ".Tensor", ".Tensor_out", ".Tensor");
  defVariants("aten::clamp_min", [](Args& a) { return clampMinScalar(tensorArg(a.at(0)), a.at(1)); }, "", ".out", "");
  defVariants("aten::clamp_min", [](Args& a) { return boundTensor(tensorArg(a.at(0)), tensorArg(a.at(1)), true); },
              ".Tensor", ".Tensor_out", ".Tensor");
  defVariants("aten::relu", [](Args& a) { return relu(tensorArg(a.at(0))); }, "", ".out", "");
  defVariants("aten::hardtanh", [](Args& a) { return hardtanh(tensorArg(a.at(0)), a.at(1), a.at(2)); }, "", ".out", "");
  defVariants("aten::leaky_relu", [](Args& a) { return leakyRelu(tensorArg(a.at(0)), scalarDouble(a.at(1))); }, "",
              ".out", "");
  defVariants("aten::elu", [](Args& a) {
    return elu(tensorArg(a.at(0)), scalarDouble(a.at(1)), scalarDouble(a.at(2)), scalarDouble(a.at(3)));
  }, "", ".out", "");
  defVariants("aten::gelu", [](Args& a) { return gelu(tensorArg(a.at(0)), a.at(1).toStringRef()); }, "", ".out", nullptr);
  defVariants("aten::silu", [](Args& a) {
    // PyTorch 1.13 computes x / (1 + exp(-x)) in float for float / BFloat16 (its vectorized and
    // scalar loops alike): exp(-x) overflows to inf below x = -88.72, making the result -0 where
    // double would give a tiny (possibly subnormal) value.
    // BFloat16: each step (exp, the sum, the quotient) rounded to BFloat16, as 1.13's kernel does.
    const Tensor x = tensorArg(a.at(0));
    const bool inFloat = x.dtype() != ScalarType::Double, bf16 = x.dtype() == ScalarType::BFloat16;
    return activation(x, "silu_cpu", [inFloat, bf16](double v) {
      if (bf16) {
        const double e = castDouble(std::exp(-v), ScalarType::BFloat16);
        return castDouble(v / castDouble(1.0 + e, ScalarType::BFloat16), ScalarType::BFloat16);
      }
      const double e = inFloat ? castDouble(std::exp(-v), ScalarType::Float) : std::exp(-v);
      return v / (1.0 + e);
    });
  }, "", ".out", "");
  defVariants("aten::softplus", [](Args& a) {
    return softplus(tensorArg(a.at(0)), scalarDouble(a.at(1)), scalarDouble(a.at(2)));
  }, "", ".out", nullptr);
}

}  // namespace tsjit::reference
