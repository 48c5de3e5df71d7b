// ScalarsMath.cpp — reference kernels for math on Python numbers: the math.* functions, pow,
// floor division, remainder, divmod, min/max/abs, gcd, factorial and the range helpers.
//
// TorchScript semantics, stated as facts of PyTorch 1.13's interpreter (register_prim_ops):
//   * int // int floors toward -inf; a zero divisor raises "division by 0"; float // float (and
//     the mixed overloads) is floor(a / b): a zero divisor gives inf/-inf/nan, no error;
//   * a % b takes the sign of the divisor: ints as ((a % b) + b) % b, floats as
//     fmod(b + fmod(a, b), b) (x % 0.0 is nan). An int % 0 kills PyTorch 1.13 with SIGFPE; here
//     it raises Python's "ZeroDivisionError: integer division or modulo by zero";
//   * fmod is C's fmod on doubles (fmod(x, 0) is nan);
//   * int ** int is a float (negative exponents); 0 raised to a negative power raises
//     "0.0 cannot be raised to a negative power", except in pow.Scalar_Scalar, which does not
//     check (0 ** -1 is inf); pow.int_to_int is the double power converted to int as x86's
//     cvttsd2si converts (truncation, INT64_MIN when out of range);
//   * math.floor / math.ceil return ints, after checking the argument: NaN, inf or |x| > 2**63
//     raise "Cannot convert float nan to integer"; round() rounds half to even, returns a float;
//   * prim::min/max on numbers: a < b ? a : b (so a NaN second operand wins, a NaN first loses).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

#include "jit/ops/OpTable.h"
#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {

namespace {

void defIf(const std::string& name, KernelFn fn) { defIfOwned(name, std::move(fn)); }

using Unary = double (*)(double);

// .int, .float and .Scalar overloads of a float-valued math function.
void defFloatUnary(const std::string& name, Unary f) {
  auto k = [f](Args& a) { return ret(IValue(f(num(a[0])))); };
  defIf(name + ".int", k);
  defIf(name + ".float", k);
  defIf(name + ".Scalar", k);
}

// Binary float-valued function on every int/float combination (.int, .float, .int_float,
// .float_int, the unnamed Scalar overload and .Scalar_Scalar).
void defFloatBinary(const std::string& name, double (*f)(double, double), bool withScalarScalar = true) {
  auto k = [f](Args& a) { return ret(IValue(f(num(a[0]), num(a[1])))); };
  for (const char* s : {".int", ".float", ".int_float", ".float_int", "", ".Scalar_Scalar", ".int_int",
                        ".float_float"})
    if (withScalarScalar || std::string(s) != ".Scalar_Scalar") defIf(name + s, k);
}

[[noreturn]] void intZeroDivision() {
  throw RuntimeError("ZeroDivisionError: integer division or modulo by zero");
}

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0) throw RuntimeError("division by 0");
  if (b == -1) return static_cast<int64_t>(0 - static_cast<uint64_t>(a));  // INT64_MIN // -1 wraps
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}

int64_t intMod(int64_t a, int64_t b) {
  if (b == 0) intZeroDivision();
  if (b == -1) return 0;
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

double floatMod(double a, double b) { return std::fmod(b + std::fmod(a, b), b); }

double checkedPow(double a, double b) {
  if (a == 0.0 && b < 0.0) throw RuntimeError("0.0 cannot be raised to a negative power");
  return std::pow(a, b);
}

// int64 of a double as x86-64's cvttsd2si gives it: truncated, INT64_MIN for NaN / out of range.
int64_t x86Int(double d) {
  if (std::isnan(d) || d >= 9223372036854775808.0 || d < -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(d);
}

// floor/ceil of a float to int: the argument must be a finite double within [-2**63, 2**63].
int64_t roundedToInt(double x, double rounded) {
  if (!std::isfinite(x) || x > 9223372036854775808.0 || x < -9223372036854775808.0)
    throw RuntimeError(str("Cannot convert float ", x, " to integer"));
  return x86Int(rounded);
}

double roundHalfEven(double a) {
  return a - std::floor(a) == 0.5 ? std::round(a * 0.5) * 2.0 : std::round(a);
}

int64_t gcd(int64_t a, int64_t b) {
  while (b != 0) {
    int64_t r = a % b;
    a = b;
    b = r;
  }
  return a < 0 ? -a : a;
}

IValue numberMin(const IValue& a, const IValue& b) {
  if (a.isInt() && b.isInt()) return IValue(a.toInt() < b.toInt() ? a.toInt() : b.toInt());
  double x = num(a), y = num(b);
  return IValue(x < y ? x : y);
}
IValue numberMax(const IValue& a, const IValue& b) {
  if (a.isInt() && b.isInt()) return IValue(a.toInt() > b.toInt() ? a.toInt() : b.toInt());
  double x = num(a), y = num(b);
  return IValue(x > y ? x : y);
}

// Lexicographic min/max of two lists (PyTorch compares element-wise, then by length).
IValue listMinMax(const IValue& l, const IValue& r, bool wantMin) {
  const auto& a = l.toListRef().items;
  const auto& b = r.toListRef().items;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (valuesEqual(a[i], b[i])) continue;
    bool aLess = valuesLess(a[i], b[i]);
    return (aLess == wantMin) ? l : r;
  }
  if (wantMin) return b.size() < a.size() ? r : l;
  return b.size() > a.size() ? r : l;
}

IValue listExtreme(const IValue& l, bool wantMin) {
  const auto& items = l.toListRef().items;
  if (items.empty()) throw RuntimeError(wantMin ? "min() arg is an empty sequence" : "max() arg is an empty sequence");
  IValue best = items[0];
  for (size_t i = 1; i < items.size(); ++i) {
    if (wantMin ? valuesLess(items[i], best) : valuesLess(best, items[i])) best = items[i];
  }
  return best;
}

void registerUnaryMath() {
  defFloatUnary("aten::sqrt", [](double x) { return std::sqrt(x); });
  defFloatUnary("aten::exp", [](double x) { return std::exp(x); });
  defFloatUnary("aten::expm1", [](double x) { return std::expm1(x); });
  defFloatUnary("aten::log10", [](double x) { return std::log10(x); });
  defFloatUnary("aten::log1p", [](double x) { return std::log1p(x); });
  defFloatUnary("aten::sin", [](double x) { return std::sin(x); });
  defFloatUnary("aten::cos", [](double x) { return std::cos(x); });
  defFloatUnary("aten::tan", [](double x) { return std::tan(x); });
  defFloatUnary("aten::sinh", [](double x) { return std::sinh(x); });
  defFloatUnary("aten::cosh", [](double x) { return std::cosh(x); });
  defFloatUnary("aten::tanh", [](double x) { return std::tanh(x); });
  defFloatUnary("aten::asin", [](double x) { return std::asin(x); });
  defFloatUnary("aten::degrees", [](double x) { return x * (180.0 / M_PI); });  // times the constant, as 1.13
  defFloatUnary("aten::radians", [](double x) { return x * (M_PI / 180.0); });
  defFloatUnary("aten::acos", [](double x) { return std::acos(x); });
  defFloatUnary("aten::atan", [](double x) { return std::atan(x); });
  defFloatUnary("aten::asinh", [](double x) { return std::asinh(x); });
  defFloatUnary("aten::acosh", [](double x) { return std::acosh(x); });
  defFloatUnary("aten::atanh", [](double x) { return std::atanh(x); });
  defFloatUnary("aten::erf", [](double x) { return std::erf(x); });
  defFloatUnary("aten::erfc", [](double x) { return std::erfc(x); });
  defFloatUnary("aten::fabs", [](double x) { return std::fabs(x); });
  defFloatUnary("aten::gamma", [](double x) { return std::tgamma(x); });
  defFloatUnary("aten::lgamma", [](double x) { return std::lgamma(x); });
  defFloatUnary("aten::round", roundHalfEven);
  defIf("aten::log.int", [](Args& a) { return ret(IValue(std::log(num(a[0])))); });
  defIf("aten::log.float", [](Args& a) { return ret(IValue(std::log(num(a[0])))); });
  defIf("aten::log.Scalar", [](Args& a) { return ret(IValue(std::log(num(a[0])))); });
  for (const char* s : {".int_int", ".float_float", ".int_float", ".float_int", ".Scalar_Scalar"})
    defIf(std::string("aten::log") + s,
          [](Args& a) { return ret(IValue(std::log(num(a[0])) / std::log(num(a[1])))); });

  // floor / ceil return ints.
  defIf("aten::floor.int", [](Args& a) { return ret(a[0]); });
  defIf("aten::ceil.int", [](Args& a) { return ret(a[0]); });
  auto floorK = [](Args& a) {
    if (a[0].isInt()) return ret(a[0]);
    double x = num(a[0]);
    return ret(IValue(roundedToInt(x, std::floor(x))));
  };
  auto ceilK = [](Args& a) {
    if (a[0].isInt()) return ret(a[0]);
    double x = num(a[0]);
    return ret(IValue(roundedToInt(x, std::ceil(x))));
  };
  defIf("aten::floor.float", floorK);
  defIf("aten::floor.Scalar", floorK);
  defIf("aten::ceil.float", ceilK);
  defIf("aten::ceil.Scalar", ceilK);

  defIf("aten::isnan.float", [](Args& a) { return ret(IValue(std::isnan(a[0].toDouble()))); });
  defIf("aten::isinf.float", [](Args& a) { return ret(IValue(std::isinf(a[0].toDouble()))); });
  defIf("aten::isfinite.float", [](Args& a) { return ret(IValue(std::isfinite(a[0].toDouble()))); });

  defIf("prim::abs.int", [](Args& a) {
    int64_t x = a[0].toInt();
    return ret(IValue(x < 0 ? static_cast<int64_t>(0 - static_cast<uint64_t>(x)) : x));
  });
  defIf("prim::abs.float", [](Args& a) { return ret(IValue(std::fabs(a[0].toDouble()))); });
  defIf("prim::abs.Scalar", [](Args& a) {
    if (a[0].isInt()) {
      int64_t x = a[0].toInt();
      return ret(IValue(x < 0 ? static_cast<int64_t>(0 - static_cast<uint64_t>(x)) : x));
    }
    return ret(IValue(std::fabs(num(a[0]))));
  });
  defIf("prim::abs", [](Args& a) {
    // |x| of a tensor, element by element in the tensor's own dtype.
    Tensor x = a[0].toTensor();
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    for (int64_t i = 0; i < x.numel(); ++i) {
      if (isFloatingType(x.dtype())) out.setDouble(i, std::fabs(x.getDouble(i)));
      else if (x.dtype() == ScalarType::Bool) out.setInt64(i, x.getInt64(i));
      else {
        int64_t v = x.getInt64(i);
        out.setInt64(i, v < 0 ? static_cast<int64_t>(0 - static_cast<uint64_t>(v)) : v);
      }
    }
    return ret(IValue(out));
  });
}

void registerBinaryMath() {
  // pow: int ** int is a float; pow.int_to_int converts the double power; Scalar_Scalar is
  // unchecked.
  defFloatBinary("aten::pow", checkedPow, /*withScalarScalar=*/false);
  defIf("aten::pow.Scalar_Scalar", [](Args& a) { return ret(IValue(std::pow(num(a[0]), num(a[1])))); });
  defIf("aten::pow.int_to_int", [](Args& a) {
    double p = checkedPow(static_cast<double>(a[0].toInt()), static_cast<double>(a[1].toInt()));
    return ret(IValue(x86Int(p)));
  });
  defFloatBinary("aten::atan2", [](double a, double b) { return std::atan2(a, b); });
  defFloatBinary("aten::fmod", [](double a, double b) { return std::fmod(a, b); });
  defFloatBinary("aten::copysign", [](double a, double b) { return std::copysign(a, b); });
  defFloatBinary("aten::mathremainder", [](double a, double b) { return std::remainder(a, b); });

  // remainder: int % int stays int; the Scalar overload too.
  auto remK = [](Args& a) {
    if (a[0].isInt() && a[1].isInt()) return ret(IValue(intMod(a[0].toInt(), a[1].toInt())));
    return ret(IValue(floatMod(num(a[0]), num(a[1]))));
  };
  for (const char* s : {".int", ".float", ".int_float", ".float_int", ""}) defIf(std::string("aten::remainder") + s, remK);

  auto floordivK = [](Args& a) {
    if (a[0].isInt() && a[1].isInt()) return ret(IValue(floorDiv(a[0].toInt(), a[1].toInt())));
    return ret(IValue(std::floor(num(a[0]) / num(a[1]))));
  };
  for (const char* s : {".int", ".float", ".int_float", ".float_int", ""}) defIf(std::string("aten::floordiv") + s, floordivK);
  defIf("aten::__round_to_zero_floordiv.int", [](Args& a) {
    int64_t b = a[1].toInt();
    if (b == 0) intZeroDivision();
    if (b == -1) return ret(IValue(static_cast<int64_t>(0 - static_cast<uint64_t>(a[0].toInt()))));
    return ret(IValue(a[0].toInt() / b));
  });

  defIf("aten::divmod.int", [](Args& a) {
    int64_t x = a[0].toInt(), y = a[1].toInt();
    if (y == 0) intZeroDivision();  // divmod's own check and message (floordiv says "division by 0")
    return std::vector<IValue>{IValue(floorDiv(x, y)), IValue(intMod(x, y))};
  });
  defIf("aten::divmod.float", [](Args& a) {
    double x = num(a[0]), y = num(a[1]);
    if (y == 0) throw RuntimeError("ZeroDivisionError: float divmod()");
    double rem = std::fmod(x, y);
    if (rem != 0 && ((x < 0) != (y < 0))) rem += y;
    return std::vector<IValue>{IValue((x - rem) / y), IValue(rem)};
  });
  // The mixed overloads narrow their operands as 1.13's C++ does (its operands are declared with
  // C++'s `float` and `int`): float operands to float32, int operands wrapped to 32 bits; the
  // quotient is the floor of a float32 division, which must fit an int64; the remainder is a
  // double computation on the narrowed operands.
  auto divmodMixed = [](double x, double y) {
    if (y == 0) throw RuntimeError("ZeroDivisionError: float divmod()");
    const double quotient = static_cast<float>(static_cast<float>(x) / static_cast<float>(y));
    if (std::isnan(quotient) || std::isinf(quotient) || std::fabs(quotient) > 9223372036854775808.0)
      throw RuntimeError("Cannot convert float " + std::to_string(quotient) + " to integer");
    double q = std::floor(quotient);
    if (q == 9223372036854775808.0) q = -q;  // 2**63 passes the check and converts to INT64_MIN
    if (q == 0) q = 0.0;                         // the quotient is an integer: no -0
    volatile double product = q * y;  // rounded on its own (no fma contraction of x - q * y)
    return std::vector<IValue>{IValue(q), IValue(x - product)};
  };
  auto int32 = [](int64_t v) { return static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(v))); };
  defIf("aten::divmod.int_float", [=](Args& a) { return divmodMixed(int32(a[0].toInt()), static_cast<float>(num(a[1]))); });
  defIf("aten::divmod.float_int", [=](Args& a) { return divmodMixed(static_cast<float>(num(a[0])), int32(a[1].toInt())); });

  defIf("aten::gcd.int", [](Args& a) { return ret(IValue(gcd(a[0].toInt(), a[1].toInt()))); });
  defIf("aten::factorial.int", [](Args& a) {
    int64_t n = a[0].toInt();
    if (n < 0) throw RuntimeError("factorial() not defined for negative values");
    int64_t r = 1;
    for (int64_t i = 2; i <= n; ++i) r = static_cast<int64_t>(static_cast<uint64_t>(r) * static_cast<uint64_t>(i));
    return ret(IValue(r));
  });

  defIf("aten::__range_length", [](Args& a) {
    int64_t lo = a[0].toInt(), hi = a[1].toInt(), step = a[2].toInt();
    if (step == 0) throw RuntimeError("range() arg 3 must not be zero");
    if (step > 0 && lo < hi) return ret(IValue(1 + (hi - 1 - lo) / step));
    if (step < 0 && lo > hi) return ret(IValue(1 + (lo - 1 - hi) / (0 - step)));
    return ret(IValue(int64_t{0}));
  });
  defIf("aten::__derive_index", [](Args& a) {
    return ret(IValue(a[1].toInt() + a[0].toInt() * a[2].toInt()));
  });
}

void registerMinMax() {
  for (const char* s : {"", ".int", ".float", ".int_float", ".float_int"}) {
    defIf(std::string("prim::min") + s, [](Args& a) { return ret(numberMin(a[0], a[1])); });
    defIf(std::string("prim::max") + s, [](Args& a) { return ret(numberMax(a[0], a[1])); });
  }
  for (const char* t : {"int", "float", "bool"}) {
    defIf(str("prim::min.", t, "_list"), [](Args& a) { return ret(listMinMax(a[0], a[1], true)); });
    defIf(str("prim::max.", t, "_list"), [](Args& a) { return ret(listMinMax(a[0], a[1], false)); });
    defIf(str("prim::min.self_", t), [](Args& a) { return ret(listExtreme(a[0], true)); });
    defIf(str("prim::max.self_", t), [](Args& a) { return ret(listExtreme(a[0], false)); });
  }
}

}  // namespace

void registerScalarsMathKernels() {
  registerUnaryMath();
  registerBinaryMath();
  registerMinMax();
}

}  // namespace tsjit::reference
