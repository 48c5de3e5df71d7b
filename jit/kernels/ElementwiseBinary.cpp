// ElementwiseBinary.cpp — optimized kernels of the binary arithmetic ops on tensors: add/sub
// (alpha), mul, div (true / "trunc" / "floor"), floor_divide, remainder, fmod, pow, atan2, gcd,
// bitwise and/or/xor, shifts, logical and/or/xor; functional, in-place and out= overloads.
//
// Semantics (PyTorch 1.13): operands promote to torch.result_type (Python numbers are wrapped
// numbers, cast to the compute dtype before the loop, as TensorIterator does); true division and
// atan2 compute integers in float32; floating math is done in the compute dtype (float for
// Half/BFloat16); integer math wraps (two's complement), floor division and remainder take the
// divisor's sign, and integer division by zero raises "ZeroDivisionError".
// Every op body is a branch-free expression where the math allows, so the dense loop vectorizes.
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

// ---- integer helpers (wrapping; division by zero raises) ----------------------------------------

template <typename T>
T floorDivInt(T a, T b) {
  if (b == 0) throw RuntimeError("ZeroDivisionError");
  if constexpr (std::is_signed_v<T>) {
    if (b == -1) return wrapNeg(a);
    T q = static_cast<T>(a / b);
    if (a % b != 0 && ((a < 0) != (b < 0))) --q;
    return q;
  } else {
    return static_cast<T>(a / b);
  }
}
template <typename T>
T truncDivInt(T a, T b) {
  if (b == 0) throw RuntimeError("ZeroDivisionError");
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return wrapNeg(a);
  return static_cast<T>(a / b);
}
template <typename T>
T remainderInt(T a, T b) {
  if (b == 0) throw RuntimeError("ZeroDivisionError");
  if constexpr (std::is_signed_v<T>) {
    if (b == -1) return 0;
    T r = static_cast<T>(a % b);
    if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
    return r;
  } else {
    return static_cast<T>(a % b);
  }
}
template <typename T>
T fmodInt(T a, T b) {
  if (b == 0) throw RuntimeError("ZeroDivisionError");
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return 0;
  return static_cast<T>(a % b);
}

// Python's float floor division as PyTorch 1.13's vectorized div_floor loop computes it for
// storage type T, called with opmath values: every step of Vectorized<T> is rounded to T (for
// BFloat16 / Half each Vectorized operator converts to float and back; float and double are
// unchanged). PyTorch's scalar path (loop tails, non-contiguous loops) keeps the quotient in float
// instead — position-dependent, as neither engine models; both engines follow the vector path.
template <typename T>
opmath_t<T> floorDivFloat(opmath_t<T> a, opmath_t<T> b) {
  using C = opmath_t<T>;
  auto r = [](C v) { return static_cast<C>(static_cast<T>(v)); };
  if (b == 0) return a / b;
  const C mod = std::fmod(a, b);  // exact, representable in T
  C div = r(r(a - mod) / b);
  if (mod != 0 && ((b < 0) != (mod < 0))) div = r(div - C(1));
  if (div == 0) return std::copysign(C(0), a / b);
  C fl = std::floor(div);
  if (r(div - fl) > C(0.5)) fl = r(fl + C(1));
  return fl;
}

int64_t powInt(int64_t base, int64_t exp) {
  if (exp < 0) {
    if (base == 1) return 1;
    if (base == -1) return (-(exp + 1)) % 2 == 0 ? -1 : 1;  // exp odd -> -1
    return 0;
  }
  uint64_t result = 1, b = static_cast<uint64_t>(base);
  while (exp) {
    if (exp & 1) result *= b;
    exp >>= 1;
    b *= b;
  }
  return static_cast<int64_t>(result);
}

// ---- add / sub / mul ------------------------------------------------------------------------------

void checkSubBool(const Operand& a, const Operand& b) {
  const bool ab = a.dtype() == ScalarType::Bool, bb = b.dtype() == ScalarType::Bool;
  if (ab && bb)
    throw RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                       "Use the `^` or `logical_xor()` operator instead.");
  if (ab || bb)
    throw RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. "
                       "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
}

Tensor addSub(const IValue* args, const Tensor* self, bool subtract) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  if (subtract) checkSubBool(a, b);
  const ScalarType dt = resultTypeOf({&a, &b});
  const IValue& alphaV = args[2];
  if (alphaV.isBool() && dt != ScalarType::Bool)
    throw RuntimeError("Boolean alpha only supported for Boolean results.");
  if (alphaV.isDouble() && !isFloatingType(dt))
    throw RuntimeError("For integral input tensors, argument alpha must not be a floating point number.");
  const bool unitAlpha = !alphaV.isDouble() ? scalarArgInt(alphaV) == 1 : alphaV.toDouble() == 1.0;
  if (unitAlpha) {
    if (subtract) return binaryOp<Types::All>("sub", a, b, dt, dt, self, [](auto x, auto y) { return wrapSub(x, y); });
    return binaryOp<Types::All>("add", a, b, dt, dt, self, [](auto x, auto y) { return wrapAdd(x, y); });
  }
  const Operand alpha = Operand::of(alphaV);
  return binaryOpT<Types::All>("add", a, b, dt, dt, self, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = opmath_t<T>;
    C al = static_cast<C>(alpha.valueAs<T>());
    if (subtract) al = wrapNeg(al);
    // ATen's add/sub with alpha is one fused multiply-add (Vectorized fmadd; its scalar tail is
    // contracted the same way): x + alpha * y rounded once, in the compute type. For float the
    // product is exact in double, so the double sum rounded to float is that fma (up to double
    // rounding on exact ties) — and stays so when GCC 12 hoists a loop-invariant alpha * y out of
    // std::fma, which it does for float (seen with a Scalar `other`: 2 ulp off).
    return [al](C x, C y) {
      if constexpr (std::is_same_v<C, float>)
        return static_cast<float>(static_cast<double>(x) + static_cast<double>(al) * static_cast<double>(y));
      else if constexpr (std::is_floating_point_v<C>)
        return std::fma(al, y, x);
      else
        return wrapAdd(x, wrapMul(al, y));
    };
  });
}

Tensor add(const IValue* a, const Tensor* s) { return addSub(a, s, false); }
Tensor sub(const IValue* a, const Tensor* s) { return addSub(a, s, true); }

Tensor mul(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  return binaryOp<Types::All>("mul", a, b, dt, dt, self, [](auto x, auto y) { return wrapMul(x, y); });
}

// ---- division family --------------------------------------------------------------------------------

Tensor floorDivide(const Operand& a, const Operand& b, const Tensor* self) {
  const ScalarType dt = resultTypeOf({&a, &b});
  if (isFloatingType(dt))
    return binaryOpT<Types::Floating>("div_floor_cpu", a, b, dt, dt, self, [](auto tag) {
      using T = typename decltype(tag)::type;
      return [](opmath_t<T> x, opmath_t<T> y) { return floorDivFloat<T>(x, y); };
    });
  return binaryOp<Types::IntegralNoBool>("div_floor_cpu", a, b, dt, dt, self,
                                         [](auto x, auto y) { return floorDivInt(x, y); });
}

Tensor divImpl(const Operand& a, const Operand& b, const std::optional<std::string>& mode, const Tensor* self) {
  if (!mode) {
    const ScalarType dt = toFloating(resultTypeOf({&a, &b}));
    return binaryOp<Types::Floating>("div_true_cpu", a, b, dt, dt, self, [](auto x, auto y) { return x / y; });
  }
  if (*mode == "floor") return floorDivide(a, b, self);
  if (*mode != "trunc")
    throw RuntimeError(str("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", *mode, "'"));
  const ScalarType dt = resultTypeOf({&a, &b});
  // PyTorch truncates a / b computed in the dtype: for Half / BFloat16 the quotient is rounded to
  // the dtype first (c10's Half / BFloat16 operator/ returns the dtype): trunc(bf16(-9.99)) = -10.
  if (isFloatingType(dt))
    return binaryOpT<Types::Floating>("div_trunc_cpu", a, b, dt, dt, self, [](auto tag) {
      using T = typename decltype(tag)::type;
      return [](opmath_t<T> x, opmath_t<T> y) {
        return std::trunc(static_cast<opmath_t<T>>(static_cast<T>(x / y)));
      };
    });
  return binaryOp<Types::IntegralNoBool>("div_trunc_cpu", a, b, dt, dt, self,
                                         [](auto x, auto y) { return truncDivInt(x, y); });
}

Tensor divTrue(const IValue* args, const Tensor* self) {
  return divImpl(Operand::of(args[0]), Operand::of(args[1]), std::nullopt, self);
}
Tensor divMode(const IValue* args, const Tensor* self) {
  return divImpl(Operand::of(args[0]), Operand::of(args[1]), optStringArg(args[2]), self);
}
Tensor floorDiv(const IValue* args, const Tensor* self) {
  return floorDivide(Operand::of(args[0]), Operand::of(args[1]), self);
}

Tensor remainder(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  if (isFloatingType(dt))
    return binaryOp<Types::Floating>("remainder_cpu", a, b, dt, dt, self, [](auto x, auto y) {
      auto m = std::fmod(x, y);
      if (m != 0 && ((y < 0) != (m < 0))) m += y;
      return m;
    });
  return binaryOp<Types::IntegralNoBool>("remainder_cpu", a, b, dt, dt, self,
                                         [](auto x, auto y) { return remainderInt(x, y); });
}

Tensor fmod(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  if (isFloatingType(dt))
    return binaryOp<Types::Floating>("fmod_cpu", a, b, dt, dt, self, [](auto x, auto y) { return std::fmod(x, y); });
  return binaryOp<Types::IntegralNoBool>("fmod_cpu", a, b, dt, dt, self,
                                         [](auto x, auto y) { return fmodInt(x, y); });
}

// ---- pow ---------------------------------------------------------------------------------------------

Tensor pow(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  const bool scalarExp = b.isNumber();
  if (dt == ScalarType::Bool && !scalarExp) throwNotImplemented("pow", dt);
  if (isFloatingType(dt)) {
    if (scalarExp && dt == ScalarType::Half) {
      // PyTorch 1.13's Half path has no special exponents: std::pow with the exponent in Half.
      const float e = static_cast<float>(static_cast<Half>(b.d));
      return unaryOp<Types::Floating>("pow", a, dt, self, [e](auto x) { return std::pow(x, decltype(x)(e)); });
    }
    if (scalarExp && dt == ScalarType::BFloat16 && b.d != 0.5 && b.d != -0.5 && b.d != -1 && b.d != 2 &&
        b.d != 3 && b.d != -2) {
      // Its BFloat16 path takes the exponent in BFloat16.
      const float e = static_cast<float>(static_cast<BFloat16>(b.d));
      return unaryOp<Types::Floating>("pow", a, dt, self, [e](auto x) { return std::pow(x, decltype(x)(e)); });
    }
    if (scalarExp) {
      // PyTorch's special exponents. 2, 3 and -2 are products in the storage dtype: every step of
      // base * base * base is rounded to T (float products overflow / underflow as PyTorch's do;
      // for BFloat16 each Vectorized operator rounds), and -2 is 1 / (base * base).
      const double e = b.d;
      if (e == 2 || e == 3 || e == -2)
        return unaryOpT<Types::Floating>("pow", a, dt, self, [e](auto tag) {
          using T = typename decltype(tag)::type;
          using C = opmath_t<T>;
          auto r = [](C v) { return static_cast<C>(static_cast<T>(v)); };
          return [e, r](C x) -> C {
            const C sq = r(x * x);
            return e == 2 ? sq : e == 3 ? r(sq * x) : C(1) / sq;
          };
        });
      if (e == 0.5) return unaryOp<Types::Floating>("pow", a, dt, self, [](auto x) { return std::sqrt(x); });
      if (e == -0.5)
        return unaryOp<Types::Floating>("pow", a, dt, self, [](auto x) { return decltype(x)(1) / std::sqrt(x); });
      if (e == -1) return unaryOp<Types::Floating>("pow", a, dt, self, [](auto x) { return decltype(x)(1) / x; });
      // Any other exponent (float / double): PyTorch 1.13's scalar loop computes
      // std::pow(scalar_t base, double exp) — in double, with the exponent kept in double
      // (3.0000000001 stays non-integral: a negative base gives NaN), rounded once to float. Its
      // vectorized loop (contiguous runs of a full Vectorized width) instead takes
      // Vectorized<float>::pow with the exponent cast to float (Sleef powf): position-dependent,
      // as neither engine models; both engines follow the scalar loop.
      return unaryOp<Types::Floating>("pow", a, dt, self, [e](auto x) {
        return static_cast<decltype(x)>(std::pow(static_cast<double>(x), e));
      });
    }
    return binaryOp<Types::Floating>("pow", a, b, dt, dt, self, [](auto x, auto y) { return std::pow(x, y); });
  }
  if (scalarExp && b.i < 0) throw RuntimeError("Integers to negative integer powers are not allowed.");
  return binaryOp<Types::Integral>("pow", a, b, dt, dt, self, [](auto x, auto y) {
    return powInt(static_cast<int64_t>(x), static_cast<int64_t>(y));
  });
}

Tensor atan2(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = toFloating(resultTypeOf({&a, &b}));
  if (dt == ScalarType::Half) throwNotImplemented("atan2_cpu", dt);
  return binaryOp<Types::Floating>("atan2", a, b, dt, dt, self, [](auto x, auto y) { return std::atan2(x, y); });
}

// ---- integer-only ops ----------------------------------------------------------------------------------

Tensor gcd(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  return binaryOp<Types::IntegralNoBool>("gcd_cpu", a, b, dt, dt, self, [](auto x, auto y) {
    using T = decltype(x);
    T p = x, q = y;
    if constexpr (std::is_signed_v<T>) {
      if (p < 0) p = wrapNeg(p);
      if (q < 0) q = wrapNeg(q);
    }
    while (p != 0) {
      const T c = p;
      p = static_cast<T>(q % p);
      q = c;
    }
    return q;
  });
}

template <int Op>
Tensor bitwise(const IValue* args, const Tensor* self) {
  static const char* names[] = {"bitwise_and_cpu", "bitwise_or_cpu", "bitwise_xor_cpu"};
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  return binaryOp<Types::Integral>(names[Op], a, b, dt, dt, self, [](auto x, auto y) {
    using T = decltype(x);
    if constexpr (Op == 0) return static_cast<T>(x & y);
    else if constexpr (Op == 1) return static_cast<T>(x | y);
    else return static_cast<T>(x ^ y);
  });
}

// 1.13's tensor shifts are C++'s shifts on x86 (python3-torch 1.13.1, scalar and vector paths
// alike): operands narrower than 64 bits are promoted to int, so the count is taken mod 32 (mod 64
// for int64) — int32 1 << -1 is INT32_MIN, int8 3 << 32 is 3 — and the result is truncated to T.
template <bool Left>
Tensor shift(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  return binaryOp<Types::IntegralNoBool>(Left ? "lshift_cpu" : "rshift_cpu", a, b, dt, dt, self, [](auto x, auto y) {
    using T = decltype(x);
    if constexpr (sizeof(T) <= 4) {
      const int32_t value = static_cast<int32_t>(x), count = static_cast<int32_t>(y) & 31;
      if constexpr (Left) return static_cast<T>(static_cast<uint32_t>(value) << count);
      else return static_cast<T>(value >> count);
    } else {
      const int64_t count = static_cast<int64_t>(y) & 63;
      if constexpr (Left) return static_cast<T>(static_cast<uint64_t>(x) << count);
      else return static_cast<T>(x >> count);
    }
  });
}

template <int Op>
Tensor logical(const IValue* args, const Tensor* self) {
  Operand a = Operand::of(args[0]), b = Operand::of(args[1]);
  const ScalarType dt = resultTypeOf({&a, &b});
  return binaryOp<Types::All>("logical", a, b, dt, ScalarType::Bool, self, [](auto x, auto y) {
    const bool p = x != 0, q = y != 0;
    if constexpr (Op == 0) return p && q;
    else if constexpr (Op == 1) return p || q;
    else return p != q;
  });
}

// pow(Scalar, Tensor): 1.13 allocates the result row-major whatever the exponent's layout
// (python3-torch 1.13.1: an exponent of strides [12, 1, 3] gives [12, 4, 1]), unlike the other
// Scalar-first binary ops, which follow TensorIterator's layout.
Tensor powScalarBase(const IValue* args, const Tensor* self) { return pow(args, self).contiguous(); }

}  // namespace

void registerElementwiseBinaryKernels() {
  defElementwise(add, {"aten::add.Tensor", "aten::add.Scalar"}, {"aten::add_.Tensor", "aten::add_.Scalar"},
                 {"aten::add.out", "aten::add.Scalar_out"});
  defElementwise(sub, {"aten::sub.Tensor", "aten::sub.Scalar"}, {"aten::sub_.Tensor", "aten::sub_.Scalar"},
                 {"aten::sub.out", "aten::sub.Scalar_out"});
  defElementwise(mul, {"aten::mul.Tensor", "aten::mul.Scalar"}, {"aten::mul_.Tensor", "aten::mul_.Scalar"},
                 {"aten::mul.out", "aten::mul.Scalar_out"});
  defElementwise(divTrue, {"aten::div.Tensor", "aten::div.Scalar"}, {"aten::div_.Tensor", "aten::div_.Scalar"},
                 {"aten::div.out", "aten::div.Scalar_out"});
  defElementwise(divMode, {"aten::div.Tensor_mode", "aten::div.Scalar_mode"},
                 {"aten::div_.Tensor_mode", "aten::div_.Scalar_mode"}, {"aten::div.out_mode", "aten::div.Scalar_mode_out"});
  defElementwise(floorDiv, {"aten::floor_divide", "aten::floor_divide.Scalar"},
                 {"aten::floor_divide_.Tensor", "aten::floor_divide_.Scalar"}, {"aten::floor_divide.out"});
  defElementwise(remainder, {"aten::remainder.Tensor", "aten::remainder.Scalar", "aten::remainder.Scalar_Tensor"}, {},
                 {"aten::remainder.Tensor_out", "aten::remainder.Scalar_out", "aten::remainder.Scalar_Tensor_out"});
  defElementwise(fmod, {"aten::fmod.Tensor", "aten::fmod.Scalar"}, {}, {"aten::fmod.Tensor_out", "aten::fmod.Scalar_out"});
  defElementwise(powScalarBase, {"aten::pow.Scalar"});
  defElementwise(pow, {"aten::pow.Tensor_Tensor", "aten::pow.Tensor_Scalar"},
                 {"aten::pow_.Tensor", "aten::pow_.Scalar"},
                 {"aten::pow.Tensor_Tensor_out", "aten::pow.Tensor_Scalar_out", "aten::pow.Scalar_out"});
  defElementwise(atan2, {"aten::atan2"}, {}, {"aten::atan2.out"});
  defElementwise(gcd, {"aten::gcd"}, {}, {"aten::gcd.out"});
  defElementwise(bitwise<0>, {"aten::__and__.Tensor", "aten::__and__.Scalar"});
  defElementwise(bitwise<1>, {"aten::__or__.Tensor", "aten::__or__.Scalar"});
  defElementwise(bitwise<2>, {"aten::__xor__.Tensor", "aten::__xor__.Scalar"});
  defElementwise(bitwise<0>, {"aten::bitwise_and.Tensor", "aten::bitwise_and.Scalar", "aten::bitwise_and.Scalar_Tensor"}, {},
                 {"aten::bitwise_and.Tensor_out", "aten::bitwise_and.Scalar_out", "aten::bitwise_and.Scalar_Tensor_out"});
  defElementwise(bitwise<1>, {"aten::bitwise_or.Tensor", "aten::bitwise_or.Scalar", "aten::bitwise_or.Scalar_Tensor"}, {},
                 {"aten::bitwise_or.Tensor_out", "aten::bitwise_or.Scalar_out", "aten::bitwise_or.Scalar_Tensor_out"});
  defElementwise(bitwise<2>, {"aten::bitwise_xor.Tensor", "aten::bitwise_xor.Scalar", "aten::bitwise_xor.Scalar_Tensor"}, {},
                 {"aten::bitwise_xor.Tensor_out", "aten::bitwise_xor.Scalar_out", "aten::bitwise_xor.Scalar_Tensor_out"});
  defElementwise(shift<true>, {"aten::__lshift__.Tensor", "aten::__lshift__.Scalar"}, {},
                 {"aten::__lshift__.Tensor_out", "aten::__lshift__.Scalar_out"});
  defElementwise(shift<false>, {"aten::__rshift__.Tensor", "aten::__rshift__.Scalar"}, {},
                 {"aten::__rshift__.Tensor_out", "aten::__rshift__.Scalar_out"});
  defElementwise(logical<0>, {"aten::logical_and"}, {}, {"aten::logical_and.out"});
  defElementwise(logical<1>, {"aten::logical_or"}, {}, {"aten::logical_or.out"});
  defElementwise(logical<2>, {"aten::logical_xor"}, {}, {"aten::logical_xor.out"});
}

}  // namespace tsjit::kernels
