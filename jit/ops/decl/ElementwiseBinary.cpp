// ElementwiseBinary.cpp — op declarations. Elementwise binary and ternary ops on tensors, with
// broadcasting and type promotion. Scalar (int/float), list (aten::add.t) and string
// (aten::add.str) overloads of the same kinds are declared here too: one kind, one declaration.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareElementwiseBinary(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::add", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::add(Scalar a, Scalar b) -> Scalar",
      "aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
      "aten::add.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
      "aten::add.complex(complex a, complex b) -> complex",
      "aten::add.complex_float(complex a, float b) -> complex",
      "aten::add.complex_int(complex a, int b) -> complex",
      "aten::add.float(float a, float b) -> float",
      "aten::add.float_complex(float a, complex b) -> complex",
      "aten::add.float_int(float a, int b) -> float",
      "aten::add.int(int a, int b) -> int",
      "aten::add.int_complex(int a, complex b) -> complex",
      "aten::add.int_float(int a, float b) -> float",
      "aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
      "aten::add.str(str a, str b) -> str",
      "aten::add.t(t[] a, t[] b) -> t[]",
  });
  b.op("aten::sub", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::sub(Scalar a, Scalar b) -> Scalar",
      "aten::sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
      "aten::sub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
      "aten::sub.complex(complex a, complex b) -> complex",
      "aten::sub.complex_float(complex a, float b) -> complex",
      "aten::sub.complex_int(complex a, int b) -> complex",
      "aten::sub.float(float a, float b) -> float",
      "aten::sub.float_complex(float a, complex b) -> complex",
      "aten::sub.float_int(float a, int b) -> float",
      "aten::sub.int(int a, int b) -> int",
      "aten::sub.int_complex(int a, complex b) -> complex",
      "aten::sub.int_float(int a, float b) -> float",
      "aten::sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::mul", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::mul(Scalar a, Scalar b) -> Scalar",
      "aten::mul.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::mul.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::mul.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::mul.complex(complex a, complex b) -> complex",
      "aten::mul.complex_float(complex a, float b) -> complex",
      "aten::mul.complex_int(complex a, int b) -> complex",
      "aten::mul.float(float a, float b) -> float",
      "aten::mul.float_complex(float a, complex b) -> complex",
      "aten::mul.float_int(float a, int b) -> float",
      "aten::mul.int(int a, int b) -> int",
      "aten::mul.int_complex(int a, complex b) -> complex",
      "aten::mul.int_float(int a, float b) -> float",
      "aten::mul.left_t(t[] l, int n) -> t[]",
      "aten::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::mul.right_(int n, t[] l) -> t[]",
  });
  b.op("aten::div", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::div(Scalar a, Scalar b) -> float",
      "aten::div.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor",
      "aten::div.Scalar_mode_out(Tensor self, Scalar other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)",
      "aten::div.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::div.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor",
      "aten::div.complex(complex a, complex b) -> complex",
      "aten::div.float(float a, float b) -> float",
      "aten::div.int(int a, int b) -> float",
      "aten::div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::pow", Cat::ElementwiseBinary, Tolerance::ulp(2), {
      "aten::pow.Scalar(Scalar self, Tensor exponent) -> Tensor",
      "aten::pow.Scalar_Scalar(Scalar a, Scalar b) -> float",
      "aten::pow.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor",
      "aten::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor",
      "aten::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pow.complex(complex a, complex b) -> complex",
      "aten::pow.complex_float(complex a, float b) -> complex",
      "aten::pow.float(float a, float b) -> float",
      "aten::pow.float_complex(float a, complex b) -> complex",
      "aten::pow.float_int(float a, int b) -> float",
      "aten::pow.int(int a, int b) -> float",
      "aten::pow.int_float(int a, float b) -> float",
      "aten::pow.int_to_int(int a, int b) -> int",
  });
  b.op("aten::remainder", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::remainder(Scalar a, Scalar b) -> Scalar",
      "aten::remainder.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::remainder.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
      "aten::remainder.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::remainder.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::remainder.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::remainder.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::remainder.float(float a, float b) -> float",
      "aten::remainder.float_int(float a, int b) -> float",
      "aten::remainder.int(int a, int b) -> int",
      "aten::remainder.int_float(int a, float b) -> float",
  });
  b.op("aten::fmod", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::fmod(Scalar a, Scalar b) -> float",
      "aten::fmod.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::fmod.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::fmod.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::fmod.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::fmod.float(float a, float b) -> float",
      "aten::fmod.float_int(float a, int b) -> float",
      "aten::fmod.int(int a, int b) -> float",
      "aten::fmod.int_float(int a, float b) -> float",
  });
  b.op("aten::atan2", Cat::ElementwiseBinary, Tolerance::ulp(2), {
      "aten::atan2(Tensor self, Tensor other) -> Tensor",
      "aten::atan2.Scalar_Scalar(Scalar a, Scalar b) -> float",
      "aten::atan2.float(float a, float b) -> float",
      "aten::atan2.float_int(float a, int b) -> float",
      "aten::atan2.int(int a, int b) -> float",
      "aten::atan2.int_float(int a, float b) -> float",
      "aten::atan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::floor_divide", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::floor_divide(Tensor self, Tensor other) -> Tensor",
      "aten::floor_divide.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::floor_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::maximum", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::maximum(Tensor self, Tensor other) -> Tensor",
      "aten::maximum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::minimum", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::minimum(Tensor self, Tensor other) -> Tensor",
      "aten::minimum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::fmax", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::fmax(Tensor self, Tensor other) -> Tensor",
      "aten::fmax.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::fmin", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::fmin(Tensor self, Tensor other) -> Tensor",
      "aten::fmin.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::gcd", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::gcd(Tensor self, Tensor other) -> Tensor",
      "aten::gcd.int(int a, int b) -> int",
      "aten::gcd.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::__and__", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::__and__.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::__and__.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::__and__.bool(bool a, bool b) -> bool",
      "aten::__and__.int(int a, int b) -> int",
  });
  b.op("aten::__or__", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::__or__.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::__or__.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::__or__.bool(bool a, bool b) -> bool",
      "aten::__or__.int(int a, int b) -> int",
  });
  b.op("aten::__xor__", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::__xor__.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::__xor__.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::__xor__.bool(bool a, bool b) -> bool",
      "aten::__xor__.int(int a, int b) -> int",
  });
  // torch.bitwise_and: the kernel of `&`-style operators under its own name (Scalar self allowed).
  b.op("aten::bitwise_and", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::bitwise_and.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::bitwise_and.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_and.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_and.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
      "aten::bitwise_and.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // torch.bitwise_or: the kernel of `&`-style operators under its own name (Scalar self allowed).
  b.op("aten::bitwise_or", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::bitwise_or.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::bitwise_or.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_or.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_or.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
      "aten::bitwise_or.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // torch.bitwise_xor: the kernel of `&`-style operators under its own name (Scalar self allowed).
  b.op("aten::bitwise_xor", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::bitwise_xor.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::bitwise_xor.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_xor.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_xor.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
      "aten::bitwise_xor.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::__lshift__", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::__lshift__.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::__lshift__.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::__lshift__.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::__lshift__.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::__lshift__.int(int a, int b) -> int",
  });
  b.op("aten::__rshift__", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::__rshift__.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::__rshift__.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::__rshift__.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::__rshift__.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::__rshift__.int(int a, int b) -> int",
  });
  b.op("aten::logical_and", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::logical_and(Tensor self, Tensor other) -> Tensor",
      "aten::logical_and.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::logical_or", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::logical_or(Tensor self, Tensor other) -> Tensor",
      "aten::logical_or.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::logical_xor", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::logical_xor(Tensor self, Tensor other) -> Tensor",
      "aten::logical_xor.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::where", Cat::ElementwiseTernary, Tolerance::exact(), {
      "aten::where(Tensor condition) -> Tensor[]",
      "aten::where.Scalar(Tensor condition, Scalar self, Scalar other) -> Tensor",
      "aten::where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor",
      "aten::where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor",
      "aten::where.self(Tensor condition, Tensor self, Tensor other) -> Tensor",
      "aten::where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::clamp", Cat::ElementwiseTernary, Tolerance::exact(), {
      "aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor",
      "aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor",
      "aten::clamp.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::clamp_min", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::clamp_min(Tensor self, Scalar min) -> Tensor",
      "aten::clamp_min.Tensor(Tensor self, Tensor min) -> Tensor",
      "aten::clamp_min.Tensor_out(Tensor self, Tensor min, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::clamp_min.out(Tensor self, Scalar min, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // PyTorch: |w| < 0.5 ? a + w * (b - a) : b - (b - a) * (1 - w), rounded at each step in the
  // input dtype (float for Half / BFloat16): the rounded term w * (b - a) is at most
  // |result| + max(|a|, |b|), so the error is ~2 eps |result| + 1.5 eps max(|a|, |b|) -> operands(4).
  b.op("aten::lerp", Cat::ElementwiseTernary, Tolerance::operands(4), {
      "aten::lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor",
      "aten::lerp.Scalar_out(Tensor self, Tensor end, Scalar weight, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor",
      "aten::lerp.Tensor_out(Tensor self, Tensor end, Tensor weight, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // PyTorch: self + value * t1 * t2 (addcdiv: self + value * t1 / t2) in the input dtype, value
  // converted to it: three roundings of the term T (|T| <= |result| + |self|) and one of the sum
  // -> ~2 eps |result| + 1.5 eps |self| -> operands(4).
  b.op("aten::addcmul", Cat::ElementwiseTernary, Tolerance::operands(4), {
      "aten::addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor",
      "aten::addcmul.out(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::addcdiv", Cat::ElementwiseTernary, Tolerance::operands(4), {
      "aten::addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor",
      "aten::addcdiv.out(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::masked_fill", Cat::ElementwiseTernary, Tolerance::exact(), {
      "aten::masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor",
      "aten::masked_fill.Scalar_out(Tensor self, Tensor mask, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor",
      "aten::masked_fill.Tensor_out(Tensor self, Tensor mask, Tensor value, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // Less common binary math ops (jit/kernels/ElementwiseSpecial.cpp; python3-torch 1.13.1 schemas).
  b.op("aten::hypot", Cat::ElementwiseBinary, Tolerance::ulp(2), {
      "aten::hypot(Tensor self, Tensor other) -> Tensor",
      "aten::hypot.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::logaddexp", Cat::ElementwiseBinary, Tolerance::operands(4), {
      "aten::logaddexp(Tensor self, Tensor other) -> Tensor",
      "aten::logaddexp.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::logaddexp2", Cat::ElementwiseBinary, Tolerance::operands(4), {
      "aten::logaddexp2(Tensor self, Tensor other) -> Tensor",
      "aten::logaddexp2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::xlogy", Cat::ElementwiseBinary, Tolerance::ulp(4), {
      "aten::xlogy.OutScalar_Other(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::xlogy.OutScalar_Self(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::xlogy.OutTensor(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::xlogy.Scalar_Other(Tensor self, Scalar other) -> Tensor",
      "aten::xlogy.Scalar_Self(Scalar self, Tensor other) -> Tensor",
      "aten::xlogy.Tensor(Tensor self, Tensor other) -> Tensor",
  });
  b.op("aten::copysign", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::copysign(Scalar a, Scalar b) -> float",
      "aten::copysign.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::copysign.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::copysign.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::copysign.float(float a, float b) -> float",
      "aten::copysign.float_int(float a, int b) -> float",
      "aten::copysign.int(int a, int b) -> float",
      "aten::copysign.int_float(int a, float b) -> float",
      "aten::copysign.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::heaviside", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::heaviside(Tensor self, Tensor values) -> Tensor",
      "aten::heaviside.out(Tensor self, Tensor values, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::clamp_max", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::clamp_max(Tensor self, Scalar max) -> Tensor",
      "aten::clamp_max.Tensor(Tensor self, Tensor max) -> Tensor",
      "aten::clamp_max.Tensor_out(Tensor self, Tensor max, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::clamp_max.out(Tensor self, Scalar max, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // ldexp = self * 2.0 ** other (1.13 computes it as mul(self, pow(2.0, other))); math.ldexp on
  // Python numbers. float_power = pow in float64 (complex128 for complex operands).
  b.op("aten::ldexp", Cat::ElementwiseBinary, Tolerance::ulp(2), {
      "aten::ldexp(float x, int i) -> float",
      "aten::ldexp.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::ldexp.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::float_power", Cat::ElementwiseBinary, Tolerance::ulp(2), {
      "aten::float_power.Scalar(Scalar self, Tensor exponent) -> Tensor",
      "aten::float_power.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::float_power.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor",
      "aten::float_power.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::float_power.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor",
      "aten::float_power.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // rsub(self, other, alpha) = other - alpha * self (torch.rsub; `1 - x` emits neg + add instead).
  b.op("aten::rsub", Cat::ElementwiseBinary, Tolerance::exact(), {
      "aten::rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
      "aten::rsub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
      "aten::rsub.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
}

}  // namespace tsjit::ops
