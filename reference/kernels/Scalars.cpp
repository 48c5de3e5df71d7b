// Scalars.cpp — reference kernels for arithmetic, comparison and conversion on Python numbers
// (int, float, bool) and the registration entry of the Scalars family (math functions are in
// ScalarsMath.cpp).
//
// Semantics (TorchScript's, which differ from Python's in places):
//   * int arithmetic is int64 with wrap-around; `/` is true division on doubles (1 / 0 -> inf);
//   * mixed int/float operands compute in double;
//   * the Scalar overloads (aten::add(Scalar a, Scalar b) -> Scalar) give an int when both
//     operands are ints, else a float;
//   * float(int) rounds through float32, as PyTorch 1.13's aten::Float.int does;
//   * comparisons of int with float compare as doubles.
#include <charconv>
#include <cstdint>
#include <cmath>
#include <cstdlib>

#include "jit/ops/OpTable.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {

void registerScalarsMathKernels();     // ScalarsMath.cpp
void registerScalarsComplexKernels();  // ScalarsComplex.cpp

namespace {

using IntFn = IValue (*)(int64_t, int64_t);
using FloatFn = IValue (*)(double, double);

void defIf(const std::string& name, KernelFn fn) { defIfOwned(name, std::move(fn)); }

// name.int, name.float, name.int_float, name.float_int and the unnamed Scalar overload.
void defBinary(const std::string& name, IntFn ii, FloatFn ff) {
  defIf(name + ".int", [ii](Args& a) { return ret(ii(a[0].toInt(), a[1].toInt())); });
  defIf(name + ".float", [ff](Args& a) { return ret(ff(num(a[0]), num(a[1]))); });
  defIf(name + ".int_float", [ff](Args& a) { return ret(ff(num(a[0]), num(a[1]))); });
  defIf(name + ".float_int", [ff](Args& a) { return ret(ff(num(a[0]), num(a[1]))); });
  defIf(name, [ii, ff](Args& a) {
    if (a[0].isInt() && a[1].isInt()) return ret(ii(a[0].toInt(), a[1].toInt()));
    return ret(ff(num(a[0]), num(a[1])));
  });
}

int64_t wrapAdd(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
int64_t wrapSub(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
int64_t wrapMul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }

// Comparison of two values of one overload family: ints exactly, everything else as doubles.
template <typename Cmp>
void defCompare(const std::string& name, Cmp cmp, bool withStrings, bool withBools) {
  defIf(name + ".int", [cmp](Args& a) { return ret(IValue(cmp(a[0].toInt(), a[1].toInt()))); });
  defIf(name + ".float", [cmp](Args& a) { return ret(IValue(cmp(num(a[0]), num(a[1])))); });
  defIf(name + ".int_float", [cmp](Args& a) { return ret(IValue(cmp(num(a[0]), num(a[1])))); });
  defIf(name + ".float_int", [cmp](Args& a) { return ret(IValue(cmp(num(a[0]), num(a[1])))); });
  defIf(name, [cmp](Args& a) {
    if (a[0].isInt() && a[1].isInt()) return ret(IValue(cmp(a[0].toInt(), a[1].toInt())));
    return ret(IValue(cmp(num(a[0]), num(a[1]))));
  });
  if (withStrings)
    defIf(name + ".str", [cmp](Args& a) { return ret(IValue(cmp(a[0].toStringRef(), a[1].toStringRef()))); });
  if (withBools)
    defIf(name + ".bool", [cmp](Args& a) { return ret(IValue(cmp(a[0].toBool(), a[1].toBool()))); });
}

// Float -> int conversions, as PyTorch 1.13 on x86-64 performs them:
//   castToInt    a bare C++ cast (aten::Int.float): cvttsd2si truncates, and gives INT64_MIN for NaN
//                and every value outside [-2**63, 2**63);
//   checkedToInt c10's checked conversion (int(Scalar), int(Tensor)): NaN and values outside
//                [-2**63, 2**63] raise "value cannot be converted to type int64_t without overflow".
int64_t castToInt(double d) {
  if (std::isnan(d) || d >= 9223372036854775808.0 || d < -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(d);
}

int64_t checkedToInt(double d) {
  if (std::isnan(d) || d > 9223372036854775808.0 || d < -9223372036854775808.0)
    throw RuntimeError("value cannot be converted to type int64_t without overflow");
  return castToInt(d);
}

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\n\r\f\v");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\n\r\f\v");
  return s.substr(b, e - b + 1);
}

bool tensorTruth(const Tensor& t) {
  if (t.numel() == 0) throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
  if (t.numel() > 1) throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
  return t.itemDouble() != 0.0 || std::isnan(t.itemDouble());
}

void registerArithmetic() {
  defBinary("aten::add", [](int64_t a, int64_t b) { return IValue(wrapAdd(a, b)); },
            [](double a, double b) { return IValue(a + b); });
  defBinary("aten::sub", [](int64_t a, int64_t b) { return IValue(wrapSub(a, b)); },
            [](double a, double b) { return IValue(a - b); });
  defBinary("aten::mul", [](int64_t a, int64_t b) { return IValue(wrapMul(a, b)); },
            [](double a, double b) { return IValue(a * b); });
  // True division: always a float, no ZeroDivisionError in TorchScript (x / 0 -> inf or nan).
  defBinary("aten::div",
            [](int64_t a, int64_t b) { return IValue(static_cast<double>(a) / static_cast<double>(b)); },
            [](double a, double b) { return IValue(a / b); });
  defIf("aten::neg.int", [](Args& a) { return ret(IValue(wrapSub(0, a[0].toInt()))); });
  defIf("aten::neg.float", [](Args& a) { return ret(IValue(-a[0].toDouble())); });
  defIf("aten::neg.Scalar", [](Args& a) {
    if (a[0].isInt()) return ret(IValue(wrapSub(0, a[0].toInt())));
    return ret(IValue(-num(a[0])));
  });

  // Bitwise and logical operators.
  defIf("aten::__and__.int", [](Args& a) { return ret(IValue(a[0].toInt() & a[1].toInt())); });
  defIf("aten::__or__.int", [](Args& a) { return ret(IValue(a[0].toInt() | a[1].toInt())); });
  defIf("aten::__xor__.int", [](Args& a) { return ret(IValue(a[0].toInt() ^ a[1].toInt())); });
  defIf("aten::__and__.bool", [](Args& a) { return ret(IValue(a[0].toBool() && a[1].toBool())); });
  defIf("aten::__or__.bool", [](Args& a) { return ret(IValue(a[0].toBool() || a[1].toBool())); });
  defIf("aten::__xor__.bool", [](Args& a) { return ret(IValue(a[0].toBool() != a[1].toBool())); });
  defIf("aten::__not__", [](Args& a) { return ret(IValue(!a[0].toBool())); });
  // 1.13 shifts ints with x86's instructions, which use the count mod 64 (no negative-count error).
  defIf("aten::__lshift__.int", [](Args& a) {
    const int64_t x = a[0].toInt(), count = a[1].toInt() % 64 < 0 ? a[1].toInt() % 64 + 64 : a[1].toInt() % 64;
    return ret(IValue(static_cast<int64_t>(static_cast<uint64_t>(x) << count)));
  });
  defIf("aten::__rshift__.int", [](Args& a) {
    const int64_t x = a[0].toInt(), count = a[1].toInt() % 64 < 0 ? a[1].toInt() % 64 + 64 : a[1].toInt() % 64;
    return ret(IValue(x >> count));  // arithmetic shift: floor division by 2**count
  });
}

void registerComparisons() {
  defCompare("aten::eq", [](auto a, auto b) { return a == b; }, true, true);
  defCompare("aten::ne", [](auto a, auto b) { return a != b; }, true, true);
  defCompare("aten::lt", [](auto a, auto b) { return a < b; }, true, true);
  defCompare("aten::gt", [](auto a, auto b) { return a > b; }, true, true);
  defCompare("aten::le", [](auto a, auto b) { return a <= b; }, true, true);
  defCompare("aten::ge", [](auto a, auto b) { return a >= b; }, true, true);
  defIf("aten::eq.device", [](Args& a) { return ret(IValue(a[0].toDevice() == a[1].toDevice())); });
  defIf("aten::ne.device", [](Args& a) { return ret(IValue(!(a[0].toDevice() == a[1].toDevice()))); });
  // Enum members: equal when of the same enum class and the same member.
  defIf("aten::eq.enum", [](Args& a) { return ret(IValue(a[0].toEnumRef() == a[1].toEnumRef())); });
  defIf("aten::ne.enum", [](Args& a) { return ret(IValue(!(a[0].toEnumRef() == a[1].toEnumRef()))); });
  for (const char* suffix : {"int_list", "float_list", "bool_list", "str_list"}) {
    defIf(std::string("aten::eq.") + suffix, [](Args& a) { return ret(IValue(valuesEqual(a[0], a[1]))); });
    defIf(std::string("aten::ne.") + suffix, [](Args& a) { return ret(IValue(!valuesEqual(a[0], a[1]))); });
  }
}

void registerConversions() {
  defIf("aten::Int.Scalar", [](Args& a) {
    if (a[0].isInt()) return ret(a[0]);
    if (a[0].isBool()) return ret(IValue(int64_t{a[0].toBool() ? 1 : 0}));
    return ret(IValue(checkedToInt(a[0].toDouble())));
  });
  defIf("aten::Int.Tensor", [](Args& a) {
    Tensor t = a[0].toTensor();
    if (isFloatingType(t.dtype())) return ret(IValue(checkedToInt(t.itemDouble())));
    return ret(IValue(t.itemInt64()));
  });
  defIf("aten::Int.bool", [](Args& a) { return ret(IValue(int64_t{a[0].toBool() ? 1 : 0})); });
  defIf("aten::Int.float", [](Args& a) { return ret(IValue(castToInt(a[0].toDouble()))); });
  defIf("aten::Int.str", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    std::string t = trimmed(s);
    if (!t.empty() && t[0] == '+') t = t.substr(1);
    int64_t v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v, 10);
    if (t.empty() || ec != std::errc() || p != t.data() + t.size())
      throw RuntimeError(str("invalid literal for int() with base 10: '", s, "'"));
    return ret(IValue(v));
  });
  defIf("aten::Float.Scalar", [](Args& a) { return ret(IValue(num(a[0]))); });
  defIf("aten::Float.Tensor", [](Args& a) { return ret(IValue(a[0].toTensor().itemDouble())); });
  defIf("aten::Float.bool", [](Args& a) { return ret(IValue(a[0].toBool() ? 1.0 : 0.0)); });
  // A double conversion: float(1307674368000) is exact, float(2**53 + 1) is 2**53 (python3-torch
  // 1.13.1; the reference went through float32 before, fuzz seed 22 case 123269).
  defIf("aten::Float.int", [](Args& a) { return ret(IValue(static_cast<double>(a[0].toInt()))); });
  defIf("aten::Float.str", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    std::string t = trimmed(s);
    char* end = nullptr;
    double v = t.empty() ? 0.0 : std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size())
      throw RuntimeError(str("could not convert string to float: '", s, "'"));
    return ret(IValue(v));
  });
  defIf("aten::Bool.Tensor", [](Args& a) { return ret(IValue(tensorTruth(a[0].toTensor()))); });
  defIf("aten::Bool.float", [](Args& a) { return ret(IValue(a[0].toDouble() != 0.0)); });
  defIf("aten::Bool.int", [](Args& a) { return ret(IValue(a[0].toInt() != 0)); });
}

}  // namespace

void registerScalarsKernels() {
  registerArithmetic();
  registerComparisons();
  registerConversions();
  registerScalarsMathKernels();
  registerScalarsComplexKernels();
}

}  // namespace tsjit::reference
