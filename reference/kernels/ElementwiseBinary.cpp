// ElementwiseBinary.cpp — reference kernels of the elementwise binary arithmetic ops on tensors:
// add/sub (alpha), mul, div (true, "trunc", "floor"), floor_divide, remainder, fmod, pow, atan2,
// gcd, bitwise and/or/xor, shifts, logical and/or/xor; with their Scalar, in-place and out=
// overloads.
//
// Semantics (PyTorch 1.13): operands promote to torch.result_type (Python numbers are wrapped
// numbers); true division and atan2 promote integers to the default float dtype; floating math is
// done in double on operands already cast to the compute dtype and rounded once; integer math is
// int64 with two's-complement wrapping, floor / trunc division and Python-style remainder, and
// integer division by zero raises "ZeroDivisionError". Where PyTorch applies a discontinuous step
// (trunc, floor) to a rounded quotient, the quotient is rounded to the compute dtype first, so the
// step sees the value PyTorch sees.
#include <cmath>
#include <cstdint>
#include <limits>

#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/NaiveLayout.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

Tensor operand(Args& a, size_t i) { return operandArg(a.at(i)); }

int64_t wrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

void checkDivisor(int64_t b) {
  if (b == 0) throw RuntimeError("ZeroDivisionError");
}

int64_t truncDivInt(int64_t a, int64_t b) {
  checkDivisor(b);
  if (b == -1) return wrapMul(a, -1);  // INT64_MIN / -1 wraps
  return a / b;
}

int64_t floorDivInt(int64_t a, int64_t b) {
  checkDivisor(b);
  if (b == -1) return wrapMul(a, -1);
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t remainderInt(int64_t a, int64_t b) {
  checkDivisor(b);
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

int64_t fmodInt(int64_t a, int64_t b) {
  checkDivisor(b);
  if (b == -1) return 0;
  return a % b;
}

// Python's float floor division, each step rounded to dt as PyTorch 1.13's vectorized
// div_floor loop computes it (Vectorized<BFloat16> / Vectorized<Half> round every operator to the
// dtype). Its scalar path (loop tails, non-contiguous loops) keeps the quotient in float instead:
// the result depends on the element's position, which neither engine models; both follow the
// vector path.
double floorDivFloat(double a, double b, ScalarType dt) {
  if (b == 0) return castDouble(a / b, dt);
  const double mod = std::fmod(a, b);  // exact
  double div = castDouble(castDouble(a - mod, dt) / b, dt);
  if (mod != 0 && ((b < 0) != (mod < 0))) div = castDouble(div - 1, dt);
  if (div == 0) return std::copysign(0.0, castDouble(a / b, dt));
  double fl = std::floor(div);
  if (castDouble(div - fl, dt) > 0.5) fl = castDouble(fl + 1, dt);
  return fl;
}

int64_t powInt(int64_t base, int64_t exp) {
  if (exp < 0) {
    if (base == 1) return 1;
    if (base == -1) return (-exp) % 2 ? -1 : 1;
    return 0;
  }
  int64_t result = 1;
  while (exp) {
    if (exp & 1) result = wrapMul(result, base);
    exp >>= 1;
    base = wrapMul(base, base);
  }
  return result;
}

// ---- add / sub / mul ----------------------------------------------------------------------------

void checkAlpha(ScalarType dt, const IValue& alpha) {
  if (alpha.isBool() && dt != ScalarType::Bool)
    throw RuntimeError("Boolean alpha only supported for Boolean results.");
  if (alpha.isDouble() && !isFloating(dt))
    throw RuntimeError("For integral input tensors, argument alpha must not be a floating point number.");
}

void checkSub(const Tensor& a, const Tensor& b) {
  const bool ab = a.dtype() == ScalarType::Bool, bb = b.dtype() == ScalarType::Bool;
  if (ab && bb)
    throw RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                       "Use the `^` or `logical_xor()` operator instead.");
  if (ab || bb)
    throw RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. "
                       "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
}

Tensor addSub(const Tensor& a, const Tensor& b, const IValue& alpha, bool subtract) {
  if (subtract) checkSub(a, b);
  const ScalarType dt = resultTypeOf({a, b});
  checkAlpha(dt, alpha);
  if (isFloating(dt)) {
    const double al = castDouble(scalarDouble(alpha), dt);
    // x + alpha * y with one rounding, as ATen's fused multiply-add computes it.
    if (subtract) return mapFloating({a, b}, dt, dt, [al](const double* v) { return std::fma(-al, v[1], v[0]); });
    return mapFloating({a, b}, dt, dt, [al](const double* v) { return std::fma(al, v[1], v[0]); });
  }
  int64_t al = castInt(scalarInt(alpha), dt);
  if (subtract) al = wrapMul(al, -1);
  return mapIntegral({a, b}, dt, dt, [al](const int64_t* v) { return wrapAdd(v[0], wrapMul(al, v[1])); });
}

Tensor mul(const Tensor& a, const Tensor& b) {
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt)) return mapFloating({a, b}, dt, dt, [](const double* v) { return v[0] * v[1]; });
  return mapIntegral({a, b}, dt, dt, [](const int64_t* v) { return wrapMul(v[0], v[1]); });
}

// ---- division family ----------------------------------------------------------------------------

Tensor floorDivide(const Tensor& a, const Tensor& b) {
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt))
    return mapFloating({a, b}, dt, dt, [dt](const double* v) { return floorDivFloat(v[0], v[1], dt); });
  if (dt == ScalarType::Bool) throwNotImplemented("div_floor_cpu", dt);
  return mapIntegral({a, b}, dt, dt, [](const int64_t* v) { return floorDivInt(v[0], v[1]); });
}

Tensor div(const Tensor& a, const Tensor& b, const std::optional<std::string>& mode) {
  if (!mode) {
    const ScalarType dt = toFloatingType(resultTypeOf({a, b}));
    return mapFloating({a, b}, dt, dt, [](const double* v) { return v[0] / v[1]; });
  }
  if (*mode == "floor") return floorDivide(a, b);
  if (*mode != "trunc")
    throw RuntimeError(str("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '",
                           *mode, "'"));
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt))
    return mapFloating({a, b}, dt, dt, [dt](const double* v) { return std::trunc(castDouble(v[0] / v[1], dt)); });
  if (dt == ScalarType::Bool) throwNotImplemented("div_trunc_cpu", dt);
  return mapIntegral({a, b}, dt, dt, [](const int64_t* v) { return truncDivInt(v[0], v[1]); });
}

Tensor remainder(const Tensor& a, const Tensor& b) {
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt))
    return mapFloating({a, b}, dt, dt, [](const double* v) {
      double mod = std::fmod(v[0], v[1]);
      if (mod != 0 && ((v[1] < 0) != (mod < 0))) mod += v[1];
      return mod;
    });
  if (dt == ScalarType::Bool) throwNotImplemented("remainder_cpu", dt);
  return mapIntegral({a, b}, dt, dt, [](const int64_t* v) { return remainderInt(v[0], v[1]); });
}

Tensor fmod(const Tensor& a, const Tensor& b) {
  const ScalarType dt = resultTypeOf({a, b});
  if (isFloating(dt)) return mapFloating({a, b}, dt, dt, [](const double* v) { return std::fmod(v[0], v[1]); });
  if (dt == ScalarType::Bool) throwNotImplemented("fmod_cpu", dt);
  return mapIntegral({a, b}, dt, dt, [](const int64_t* v) { return fmodInt(v[0], v[1]); });
}

// pow(Tensor, Scalar) as PyTorch 1.13's CPU kernel defines it for floating results: for float,
// double and bfloat16 the exponents 0.5, -0.5 and -1 are sqrt, rsqrt and reciprocal (so
// pow(-inf, 0.5) is NaN and pow(-0., 0.5) is -0.), 2, 3 and -2 are products; any other exponent
// is std::pow with the exponent in the dtype for bfloat16 and half (half has no special cases).
// For float and double the exponent stays double (PyTorch's scalar loop: std::pow(float, double)
// computes in double and rounds once; 3.0000000001 stays non-integral, so a negative base gives
// NaN). Its vectorized loop on contiguous runs instead takes Sleef powf with the exponent cast
// to float — position-dependent, as neither engine models; both follow the scalar loop.
double powScalarExponent(double x, double e, ScalarType dt) {
  if (dt != ScalarType::Half) {
    if (e == 0.5) return std::sqrt(x);
    if (e == -0.5) return 1.0 / std::sqrt(x);
    if (e == -1) return 1.0 / x;
    // Products in the dtype: each multiplication is rounded (x * x overflows to inf for a large
    // float x, so x ** -2 is 0, and x * x * x rounds twice), as PyTorch's loops compute them.
    const double sq = castDouble(x * x, dt);
    if (e == 2) return sq;
    if (e == 3) return castDouble(sq * x, dt);
    if (e == -2) return 1.0 / sq;
  }
  if (dt == ScalarType::Half || dt == ScalarType::BFloat16) e = castDouble(e, dt);
  return std::pow(x, e);
}

Tensor pow(const Tensor& base, const Tensor& exp, bool scalarExponent) {
  const ScalarType dt = resultTypeOf({base, exp});
  if (dt == ScalarType::Bool && !scalarExponent) throwNotImplemented("pow", dt);  // Tensor ** Tensor of bools
  if (isFloating(dt) && scalarExponent) {
    const double e = exp.getDouble(0);
    return mapFloating({base}, dt, dt, [e, dt](const double* v) { return powScalarExponent(v[0], e, dt); });
  }
  if (isFloating(dt)) return mapFloating({base, exp}, dt, dt, [](const double* v) { return std::pow(v[0], v[1]); });
  if (scalarExponent && exp.getInt64(0) < 0)
    throw RuntimeError("Integers to negative integer powers are not allowed.");
  return mapIntegral({base, exp}, dt, dt, [](const int64_t* v) { return powInt(v[0], v[1]); });
}

Tensor atan2(const Tensor& a, const Tensor& b) {
  const ScalarType dt = toFloatingType(resultTypeOf({a, b}));
  if (dt == ScalarType::Half) throwNotImplemented("atan2_cpu", dt);  // no Half kernel in 1.13
  return mapFloating({a, b}, dt, dt, [](const double* v) { return std::atan2(v[0], v[1]); });
}

// ---- integer-only ops -----------------------------------------------------------------------------

Tensor gcd(const Tensor& a, const Tensor& b) {
  broadcastShapeOf({a, b});  // TensorIterator checks the shapes before the kernel's dtypes
  const ScalarType dt = resultTypeOf({a, b});
  if (!isIntegralType(dt, /*includeBool=*/false)) throwNotImplemented("gcd_cpu", dt);
  // PyTorch's calc_gcd takes ::abs of each operand and stores it back in the dtype: the dtype's
  // minimum stays negative (int8: abs(-128) -> -128), and the remainders then carry its sign
  // (gcd(6, -128) = -2 in int8).
  return mapIntegral({a, b}, dt, dt, [dt](const int64_t* v) {
    int64_t x = castInt(v[0] < 0 ? wrapMul(v[0], -1) : v[0], dt);
    int64_t y = castInt(v[1] < 0 ? wrapMul(v[1], -1) : v[1], dt);
    while (x != 0) {
      const int64_t c = x;
      x = y % x;
      y = c;
    }
    return y;
  });
}

enum class BitOp { And, Or, Xor };

Tensor bitwise(const Tensor& a, const Tensor& b, BitOp op) {
  broadcastShapeOf({a, b});  // shapes first, as TensorIterator does
  const ScalarType dt = resultTypeOf({a, b});
  static const char* names[] = {"bitwise_and_cpu", "bitwise_or_cpu", "bitwise_xor_cpu"};
  if (isFloating(dt)) throwNotImplemented(names[static_cast<int>(op)], dt);
  return mapIntegral({a, b}, dt, dt, [op](const int64_t* v) {
    switch (op) {
      case BitOp::And: return v[0] & v[1];
      case BitOp::Or: return v[0] | v[1];
      case BitOp::Xor: return v[0] ^ v[1];
    }
    return int64_t{0};
  });
}

// Shifts as 1.13's C++ computes them on x86: an operand narrower than 64 bits is promoted to a
// 32-bit int, and the count is taken mod the promoted width (32 or 64); the value stored is
// truncated to dt. Values arrive as int64 (sign- or zero-extended), which shift the same way.
Tensor shift(const Tensor& a, const Tensor& b, bool left) {
  broadcastShapeOf({a, b});  // shapes first, as TensorIterator does
  const ScalarType dt = resultTypeOf({a, b});
  if (!isIntegralType(dt, /*includeBool=*/false)) throwNotImplemented(left ? "lshift_cpu" : "rshift_cpu", dt);
  const int64_t width = elementSize(dt) * 8 <= 32 ? 32 : 64;
  return mapIntegral({a, b}, dt, dt, [left, width](const int64_t* v) -> int64_t {
    int64_t count = v[1] % width;
    if (count < 0) count += width;
    if (left) return static_cast<int64_t>(static_cast<uint64_t>(v[0]) << count);
    return v[0] >> count;
  });
}

enum class LogicOp { And, Or, Xor };

Tensor logical(const Tensor& a, const Tensor& b, LogicOp op) {
  const ScalarType dt = resultTypeOf({a, b});
  auto combine = [op](bool x, bool y) {
    switch (op) {
      case LogicOp::And: return x && y;
      case LogicOp::Or: return x || y;
      case LogicOp::Xor: return x != y;
    }
    return false;
  };
  if (isFloating(dt))
    return mapFloating({a, b}, dt, ScalarType::Bool,
                       [combine](const double* v) { return combine(v[0] != 0, v[1] != 0) ? 1.0 : 0.0; });
  return mapIntegral({a, b}, dt, ScalarType::Bool,
                     [combine](const int64_t* v) { return combine(v[0] != 0, v[1] != 0) ? 1 : 0; });
}

// Registers the functional, out= and in-place overloads of one op.
void defAll(const std::string& op, const TensorFn& f, std::initializer_list<const char*> functional,
            std::initializer_list<const char*> outs, std::initializer_list<const char*> inplace) {
  for (const char* o : functional) def(op + o, functionalKernel(f));
  for (const char* o : outs) def(op + o, outKernel(f));
  for (const char* o : inplace) def(op + "_" + o, inplaceKernel(f));
}

}  // namespace

void registerElementwiseBinaryKernels() {
  TensorFn add = [](Args& a) { return addSub(operand(a, 0), operand(a, 1), a.at(2), false); };
  TensorFn sub = [](Args& a) { return addSub(operand(a, 0), operand(a, 1), a.at(2), true); };
  defAll("aten::add", add, {".Tensor", ".Scalar"}, {".out", ".Scalar_out"}, {".Tensor", ".Scalar"});
  defAll("aten::sub", sub, {".Tensor", ".Scalar"}, {".out", ".Scalar_out"}, {".Tensor", ".Scalar"});
  TensorFn mulFn = [](Args& a) { return mul(operand(a, 0), operand(a, 1)); };
  defAll("aten::mul", mulFn, {".Tensor", ".Scalar"}, {".out", ".Scalar_out"}, {".Tensor", ".Scalar"});

  TensorFn divTrue = [](Args& a) { return div(operand(a, 0), operand(a, 1), std::nullopt); };
  TensorFn divMode = [](Args& a) { return div(operand(a, 0), operand(a, 1), optString(a.at(2))); };
  defAll("aten::div", divTrue, {".Tensor", ".Scalar"}, {".out", ".Scalar_out"}, {".Tensor", ".Scalar"});
  defAll("aten::div", divMode, {".Tensor_mode", ".Scalar_mode"}, {".out_mode", ".Scalar_mode_out"},
         {".Tensor_mode", ".Scalar_mode"});
  TensorFn floorDiv = [](Args& a) { return floorDivide(operand(a, 0), operand(a, 1)); };
  defAll("aten::floor_divide", floorDiv, {"", ".Scalar"}, {".out"}, {".Tensor", ".Scalar"});

  TensorFn rem = [](Args& a) { return remainder(operand(a, 0), operand(a, 1)); };
  defAll("aten::remainder", rem, {".Tensor", ".Scalar", ".Scalar_Tensor"},
         {".Tensor_out", ".Scalar_out", ".Scalar_Tensor_out"}, {});
  TensorFn fm = [](Args& a) { return fmod(operand(a, 0), operand(a, 1)); };
  defAll("aten::fmod", fm, {".Tensor", ".Scalar"}, {".Tensor_out", ".Scalar_out"}, {});

  // pow(Scalar, Tensor) comes out row-major in 1.13 whatever the exponent's strides (checked on
  // python3-torch 1.13.1); the Tensor-first overloads keep the elementwise layout.
  TensorFn powFn = [](Args& a) {
    Tensor r = pow(operand(a, 0), operand(a, 1), !a.at(1).isTensor());
    return a.at(0).isTensor() ? r : naive::contiguousCopy(r);
  };
  defAll("aten::pow", powFn, {".Tensor_Tensor", ".Tensor_Scalar", ".Scalar"},
         {".Tensor_Tensor_out", ".Tensor_Scalar_out", ".Scalar_out"}, {".Tensor", ".Scalar"});
  TensorFn at2 = [](Args& a) { return atan2(operand(a, 0), operand(a, 1)); };
  defAll("aten::atan2", at2, {""}, {".out"}, {});

  TensorFn gcdFn = [](Args& a) { return gcd(operand(a, 0), operand(a, 1)); };
  defAll("aten::gcd", gcdFn, {""}, {".out"}, {});
  const std::pair<const char*, BitOp> bitOps[] = {
      {"aten::__and__", BitOp::And}, {"aten::__or__", BitOp::Or}, {"aten::__xor__", BitOp::Xor}};
  for (auto [name, op] : bitOps) {
    TensorFn f = [op](Args& a) { return bitwise(operand(a, 0), operand(a, 1), op); };
    defAll(name, f, {".Tensor", ".Scalar"}, {}, {});
  }
  // torch.bitwise_and / or / xor: the same computation under the functions' names.
  const std::pair<const char*, BitOp> bitFns[] = {
      {"aten::bitwise_and", BitOp::And}, {"aten::bitwise_or", BitOp::Or}, {"aten::bitwise_xor", BitOp::Xor}};
  for (auto [name, op] : bitFns) {
    TensorFn f = [op](Args& a) { return bitwise(operand(a, 0), operand(a, 1), op); };
    defAll(name, f, {".Tensor", ".Scalar", ".Scalar_Tensor"}, {".Tensor_out", ".Scalar_out", ".Scalar_Tensor_out"}, {});
  }
  for (bool left : {true, false}) {
    TensorFn f = [left](Args& a) { return shift(operand(a, 0), operand(a, 1), left); };
    defAll(left ? "aten::__lshift__" : "aten::__rshift__", f, {".Tensor", ".Scalar"},
           {".Tensor_out", ".Scalar_out"}, {});
  }
  const std::pair<const char*, LogicOp> logicOps[] = {{"aten::logical_and", LogicOp::And},
                                                      {"aten::logical_or", LogicOp::Or},
                                                      {"aten::logical_xor", LogicOp::Xor}};
  for (auto [name, op] : logicOps) {
    TensorFn f = [op](Args& a) { return logical(operand(a, 0), operand(a, 1), op); };
    defAll(name, f, {""}, {".out"}, {});
  }
}

}  // namespace tsjit::reference
