// ElementwiseUnary.cpp — op declarations. Elementwise unary ops on tensors (math functions,
// activations, predicates). Most also have scalar overloads (aten::exp.int ...), which category()
// classifies as ScalarMath.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareElementwiseUnary(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::abs", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::abs(Tensor self) -> Tensor",
      "aten::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::neg", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::neg(Tensor self) -> Tensor",
      "aten::neg.Scalar(Scalar a) -> Scalar",
      "aten::neg.complex(complex a) -> complex",
      "aten::neg.float(float a) -> float",
      "aten::neg.int(int a) -> int",
      "aten::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sign", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::sign(Tensor self) -> Tensor",
      "aten::sign.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::fabs", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::fabs.Scalar(Scalar a) -> Scalar",
      "aten::fabs.float(float a) -> float",
      "aten::fabs.int(int a) -> float",
  });
  b.op("aten::square", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::square(Tensor self) -> Tensor",
      "aten::square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::reciprocal", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::reciprocal(Tensor self) -> Tensor",
      "aten::reciprocal.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sqrt", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::sqrt(Tensor self) -> Tensor",
      "aten::sqrt.Scalar(Scalar a) -> Scalar",
      "aten::sqrt.complex(complex a) -> complex",
      "aten::sqrt.float(float a) -> float",
      "aten::sqrt.int(int a) -> float",
      "aten::sqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::rsqrt", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::rsqrt(Tensor self) -> Tensor",
      "aten::rsqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::exp", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::exp(Tensor self) -> Tensor",
      "aten::exp.Scalar(Scalar a) -> Scalar",
      "aten::exp.complex(complex a) -> complex",
      "aten::exp.float(float a) -> float",
      "aten::exp.int(int a) -> float",
      "aten::exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::exp2", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::exp2(Tensor self) -> Tensor",
      "aten::exp2.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::expm1", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::expm1(Tensor self) -> Tensor",
      "aten::expm1.Scalar(Scalar a) -> Scalar",
      "aten::expm1.float(float a) -> float",
      "aten::expm1.int(int a) -> float",
      "aten::expm1.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::log", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::log(Tensor self) -> Tensor",
      "aten::log.Scalar(Scalar a) -> Scalar",
      "aten::log.Scalar_Scalar(Scalar a, Scalar b) -> float",
      "aten::log.complex(complex a) -> complex",
      "aten::log.complex_complex(complex a, complex b) -> complex",
      "aten::log.complex_float(complex a, float b) -> complex",
      "aten::log.complex_int(complex a, int b) -> complex",
      "aten::log.float(float a) -> float",
      "aten::log.float_complex(float a, complex b) -> complex",
      "aten::log.float_float(float a, float b) -> float",
      "aten::log.float_int(float a, int b) -> float",
      "aten::log.int(int a) -> float",
      "aten::log.int_complex(int a, complex b) -> complex",
      "aten::log.int_float(int a, float b) -> float",
      "aten::log.int_int(int a, int b) -> float",
      "aten::log.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::log10", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::log10(Tensor self) -> Tensor",
      "aten::log10.Scalar(Scalar a) -> Scalar",
      "aten::log10.complex(complex a) -> complex",
      "aten::log10.float(float a) -> float",
      "aten::log10.int(int a) -> float",
      "aten::log10.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::log1p", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::log1p(Tensor self) -> Tensor",
      "aten::log1p.Scalar(Scalar a) -> Scalar",
      "aten::log1p.float(float a) -> float",
      "aten::log1p.int(int a) -> float",
      "aten::log1p.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::log2", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::log2(Tensor self) -> Tensor",
      "aten::log2.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sin", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::sin(Tensor self) -> Tensor",
      "aten::sin.Scalar(Scalar a) -> Scalar",
      "aten::sin.complex(complex a) -> complex",
      "aten::sin.float(float a) -> float",
      "aten::sin.int(int a) -> float",
      "aten::sin.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cos", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::cos(Tensor self) -> Tensor",
      "aten::cos.Scalar(Scalar a) -> Scalar",
      "aten::cos.complex(complex a) -> complex",
      "aten::cos.float(float a) -> float",
      "aten::cos.int(int a) -> float",
      "aten::cos.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::tan", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::tan(Tensor self) -> Tensor",
      "aten::tan.Scalar(Scalar a) -> Scalar",
      "aten::tan.complex(complex a) -> complex",
      "aten::tan.float(float a) -> float",
      "aten::tan.int(int a) -> float",
      "aten::tan.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sinh", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::sinh(Tensor self) -> Tensor",
      "aten::sinh.Scalar(Scalar a) -> Scalar",
      "aten::sinh.complex(complex a) -> complex",
      "aten::sinh.float(float a) -> float",
      "aten::sinh.int(int a) -> float",
      "aten::sinh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::tanh", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::tanh(Tensor self) -> Tensor",
      "aten::tanh.Scalar(Scalar a) -> Scalar",
      "aten::tanh.complex(complex a) -> complex",
      "aten::tanh.float(float a) -> float",
      "aten::tanh.int(int a) -> float",
      "aten::tanh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::asin", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::asin(Tensor self) -> Tensor",
      "aten::asin.Scalar(Scalar a) -> Scalar",
      "aten::asin.complex(complex a) -> complex",
      "aten::asin.float(float a) -> float",
      "aten::asin.int(int a) -> float",
      "aten::asin.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::atanh", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::atanh(Tensor self) -> Tensor",
      "aten::atanh.Scalar(Scalar a) -> Scalar",
      "aten::atanh.complex(complex a) -> complex",
      "aten::atanh.float(float a) -> float",
      "aten::atanh.int(int a) -> float",
      "aten::atanh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::erf", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::erf(Tensor self) -> Tensor",
      "aten::erf.Scalar(Scalar a) -> Scalar",
      "aten::erf.float(float a) -> float",
      "aten::erf.int(int a) -> float",
      "aten::erf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sigmoid", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::sigmoid(Tensor self) -> Tensor",
      "aten::sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::floor", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::floor(Tensor self) -> Tensor",
      "aten::floor.Scalar(Scalar a) -> Scalar",
      "aten::floor.float(float a) -> int",
      "aten::floor.int(int a) -> int",
      "aten::floor.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::ceil", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::ceil(Tensor self) -> Tensor",
      "aten::ceil.Scalar(Scalar a) -> Scalar",
      "aten::ceil.float(float a) -> int",
      "aten::ceil.int(int a) -> int",
      "aten::ceil.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::round", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::round(Tensor self) -> Tensor",
      "aten::round.Scalar(Scalar a) -> Scalar",
      "aten::round.decimals(Tensor self, *, int decimals) -> Tensor",
      "aten::round.decimals_out(Tensor self, *, int decimals, Tensor(a!) out) -> Tensor(a!)",
      "aten::round.float(float a) -> float",
      "aten::round.int(int a) -> float",
      "aten::round.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::trunc", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::trunc(Tensor self) -> Tensor",
      "aten::trunc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::frac", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::frac(Tensor self) -> Tensor",
      "aten::frac.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::bitwise_not", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::bitwise_not(Tensor self) -> Tensor",
      "aten::bitwise_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::logical_not", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::logical_not(Tensor self) -> Tensor",
      "aten::logical_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::isnan", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::isnan(Tensor self) -> Tensor",
      "aten::isnan.complex(complex a) -> bool",
      "aten::isnan.float(float a) -> bool",
      "aten::isnan.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::isinf", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::isinf(Tensor self) -> Tensor",
      "aten::isinf.complex(complex a) -> bool",
      "aten::isinf.float(float a) -> bool",
      "aten::isinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::isfinite", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::isfinite(Tensor self) -> Tensor",
      "aten::isfinite.complex(complex a) -> bool",
      "aten::isfinite.float(float a) -> bool",
  });
  b.op("aten::isposinf", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::isposinf(Tensor self) -> Tensor",
      "aten::isposinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::nan_to_num", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor",
      "aten::nan_to_num.out(Tensor self, float? nan=None, float? posinf=None, float? neginf=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::relu", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::relu(Tensor self) -> Tensor",
      "aten::relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // PyTorch computes x * 0.5 * (1 + erf(x / sqrt 2)) in the input dtype (float for BFloat16); its
  // vectorized float erf is a polynomial with absolute error ~1.3 eps, and 1 + erf cancels for
  // x < 0: the error is ~0.75 eps |x| + 1.5 eps |result| -> operands(3) (M >= |x|).
  b.op("aten::gelu", Cat::ElementwiseUnary, Tolerance::operands(3), {
      "aten::gelu(Tensor self, *, str approximate=\"none\") -> Tensor",
      "aten::gelu.out(Tensor self, *, str approximate=\"none\", Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::silu", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::silu(Tensor self) -> Tensor",
      "aten::silu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // PyTorch computes log1p(exp(x * beta)) / beta in the input dtype: rounding x * beta is an error
  // of sigmoid(x * beta) |x| eps / 2 in the result (8 ulp for x * beta = -9.7, beta 3), plus ~2 eps
  // |result| -> operands(3) (M >= |x|).
  b.op("aten::softplus", Cat::ElementwiseUnary, Tolerance::operands(3), {
      "aten::softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor",
      "aten::softplus.out(Tensor self, Scalar beta=1, Scalar threshold=20, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // PyTorch computes (exp(x * input_scale) - 1) * (alpha * scale) in the input dtype: exp's
  // rounding near 1 is an error of ~1.5 eps |alpha * scale| however small the result (no expm1),
  // and rounding x * input_scale is a relative error of |x * input_scale| eps / 2 for a growing
  // exp -> operands(6) (M >= |alpha|, |scale|, |x|).
  b.op("aten::elu", Cat::ElementwiseUnary, Tolerance::operands(6), {
      "aten::elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor",
      "aten::elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // PyTorch multiplies by the slope converted to the input dtype (float for BFloat16): 1 ulp from
  // the exact x * slope.
  b.op("aten::leaky_relu", Cat::ElementwiseUnary, Tolerance::ulp(1), {
      "aten::leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor",
      "aten::leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::hardtanh", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor",
      "aten::hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // relu6 is hardtanh(x, 0, 6) in 1.13 (integers clamp, Bool and Half refused as hardtanh does).
  b.op("aten::relu6", Cat::ElementwiseUnary, Tolerance::exact(), {"aten::relu6(Tensor self) -> Tensor"});
  // min(max(x + 3, 0), 6) / 6 in the input dtype (float for BFloat16): x + 3 and the division round.
  b.op("aten::hardsigmoid", Cat::ElementwiseUnary, Tolerance::operands(2), {
      "aten::hardsigmoid(Tensor self) -> Tensor",
      "aten::hardsigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // x * min(max(x + 3, 0), 6) / 6: three roundings of terms up to |x| -> operands(3).
  b.op("aten::hardswish", Cat::ElementwiseUnary, Tolerance::operands(3), {
      "aten::hardswish(Tensor self) -> Tensor",
      "aten::hardswish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // min(x, 0) - log1p(exp(-|x|)) in the input dtype: exp, log1p and the subtraction round.
  b.op("aten::log_sigmoid", Cat::ElementwiseUnary, Tolerance::operands(4), {
      "aten::log_sigmoid(Tensor self) -> Tensor",
      "aten::log_sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // x * tanh(log1p(exp(x))) in the input dtype (float and double only in 1.13).
  b.op("aten::mish", Cat::ElementwiseUnary, Tolerance::operands(6), {
      "aten::mish(Tensor self) -> Tensor",
      "aten::mish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // selu is elu with alpha 1.6732632423543772 and scale 1.0507009873554805 (elu's kernel and bound).
  b.op("aten::selu", Cat::ElementwiseUnary, Tolerance::operands(6), {"aten::selu(Tensor self) -> Tensor"});
  // log(z / (1 - z)), z = x clamped to [eps, 1 - eps] when eps is given; integers and Bool promote to
  // the default float dtype. Near x = 0.5 the log's argument is ~1: an absolute error of a few eps.
  b.op("aten::logit", Cat::ElementwiseUnary, Tolerance::operands(4), {
      "aten::logit(Tensor self, float? eps=None) -> Tensor",
      "aten::logit.out(Tensor self, float? eps=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // Less common math functions (jit/kernels/ElementwiseSpecial.cpp; schemas from python3-torch 1.13.1,
  // complex overloads left out: tsjit has no complex tensors).
  b.op("aten::atan", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::atan(Tensor self) -> Tensor",
      "aten::atan.Scalar(Scalar a) -> Scalar",
      "aten::atan.float(float a) -> float",
      "aten::atan.int(int a) -> float",
      "aten::atan.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::acos", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::acos(Tensor self) -> Tensor",
      "aten::acos.Scalar(Scalar a) -> Scalar",
      "aten::acos.float(float a) -> float",
      "aten::acos.int(int a) -> float",
      "aten::acos.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cosh", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::cosh(Tensor self) -> Tensor",
      "aten::cosh.Scalar(Scalar a) -> Scalar",
      "aten::cosh.float(float a) -> float",
      "aten::cosh.int(int a) -> float",
      "aten::cosh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::asinh", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::asinh(Tensor self) -> Tensor",
      "aten::asinh.Scalar(Scalar a) -> Scalar",
      "aten::asinh.float(float a) -> float",
      "aten::asinh.int(int a) -> float",
      "aten::asinh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::acosh", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::acosh(Tensor self) -> Tensor",
      "aten::acosh.Scalar(Scalar a) -> Scalar",
      "aten::acosh.float(float a) -> float",
      "aten::acosh.int(int a) -> float",
      "aten::acosh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::erfc", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::erfc(Tensor self) -> Tensor",
      "aten::erfc.Scalar(Scalar a) -> Scalar",
      "aten::erfc.float(float a) -> float",
      "aten::erfc.int(int a) -> float",
      "aten::erfc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::lgamma", Cat::ElementwiseUnary, Tolerance::operands(4), {
      "aten::lgamma(Tensor self) -> Tensor",
      "aten::lgamma.Scalar(Scalar a) -> Scalar",
      "aten::lgamma.float(float a) -> float",
      "aten::lgamma.int(int a) -> float",
      "aten::lgamma.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sinc", Cat::ElementwiseUnary, Tolerance::operands(4), {
      "aten::sinc(Tensor self) -> Tensor",
      "aten::sinc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::deg2rad", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::deg2rad(Tensor self) -> Tensor",
      "aten::deg2rad.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::rad2deg", Cat::ElementwiseUnary, Tolerance::ulp(2), {
      "aten::rad2deg(Tensor self) -> Tensor",
      "aten::rad2deg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::sgn", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::sgn(Tensor self) -> Tensor",
      "aten::sgn.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::signbit", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::signbit(Tensor self) -> Tensor",
      "aten::signbit.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // Activations and one_hot (ElementwiseSpecial.cpp in each engine; python3-torch 1.13.1 schemas).
  b.op("aten::celu", Cat::ElementwiseUnary, Tolerance::operands(6), {
      "aten::celu(Tensor self, Scalar alpha=1.) -> Tensor",
      "aten::celu.out(Tensor self, Scalar alpha=1., *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::softshrink", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::softshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
      "aten::softshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::hardshrink", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::hardshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
      "aten::hardshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::threshold", Cat::ElementwiseUnary, Tolerance::exact(), {
      "aten::threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor",
      "aten::threshold.out(Tensor self, Scalar threshold, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::glu", Cat::NN, Tolerance::ulp(4), {
      "aten::glu(Tensor self, int dim=-1) -> Tensor",
      "aten::glu.out(Tensor self, int dim=-1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::one_hot", Cat::NN, Tolerance::exact(), {
      "aten::one_hot(Tensor self, int num_classes=-1) -> Tensor",
  });
  b.op("aten::prelu", Cat::NN, Tolerance::ulp(1), {
      "aten::prelu(Tensor self, Tensor weight) -> Tensor",
  });
  // Special functions (ElementwiseSpecialMore.cpp in each engine). 1.13 computes them in the
  // float dtype with its own float algorithms (digamma's recurrence and asymptotic series cancels
  // near its root; polygamma's reflection; erfinv's Newton steps on float erf); the reference
  // computes in double: operands(16) covers the float algorithms' error, operands(64) erfinv's
  // (1.13's float erfinv is off by ~eps / (1 - |y|) near ±1: 33 eps at 0.999999).
  b.op("aten::digamma", Cat::ElementwiseUnary, Tolerance::operands(16), {
      "aten::digamma(Tensor self) -> Tensor",
      "aten::digamma.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::polygamma", Cat::ElementwiseUnary, Tolerance::operands(16), {
      "aten::polygamma(int n, Tensor self) -> Tensor",
      "aten::polygamma.out(int n, Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::erfinv", Cat::ElementwiseUnary, Tolerance::operands(64), {
      "aten::erfinv(Tensor self) -> Tensor",
      "aten::erfinv.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::i0", Cat::ElementwiseUnary, Tolerance::ulp(8), {
      "aten::i0(Tensor self) -> Tensor",
      "aten::i0.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // math.gamma on Python numbers.
  b.op("aten::gamma", Cat::ElementwiseUnary, Tolerance::ulp(4), {
      "aten::gamma.Scalar(Scalar a) -> Scalar",
      "aten::gamma.float(float a) -> float",
      "aten::gamma.int(int a) -> float",
  });
}

}  // namespace tsjit::ops
