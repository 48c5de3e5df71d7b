// Scalars.cpp — optimized kernels of the Scalars family, part 1: int/float/bool arithmetic and
// comparisons with TorchScript's (PyTorch 1.13's register_prim_ops) semantics, which differ from
// Python's in places:
//   * int + - * wrap (int64); int // int floors, and a zero divisor raises "division by 0";
//   * int % int takes the divisor's sign; a zero divisor raises Python's "ZeroDivisionError:
//     integer division or modulo by zero" (PyTorch 1.13 itself dies of SIGFPE there);
//   * float // is floor(a / b) and float % is fmod(b + fmod(a, b), b) — no error for a zero
//     divisor (inf / nan), and not Python's divmod-based rounding; fmod(a, 0) is nan;
//   * true division gives a float (x / 0 is IEEE inf/nan, pytorch#53744);
//   * pow: 0 ** negative raises "0.0 cannot be raised to a negative power" (not for the
//     Scalar_Scalar overload, which has no check); int ** int is a float;
//   * the `Scalar` overloads: int op int stays int, anything with a float is float; range helpers.
// Math functions and conversions are in ScalarsMath.cpp (registerScalarsMathKernels), complex
// numbers in ScalarsComplex.cpp.
// The interpreter runs the plain int/float overloads as unboxed instructions; these kernels serve
// every other call site (boxed operands, Scalar overloads) and are their independent statement.
#include <cmath>
#include <cstdint>
#include <string>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {

void registerScalarsMathKernels();     // ScalarsMath.cpp
void registerScalarsComplexKernels();  // ScalarsComplex.cpp

namespace {

double num(const IValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (v.isInt()) return static_cast<double>(v.toInt());
  if (v.isBool()) return v.toBool() ? 1.0 : 0.0;
  return v.toDouble();
}

// divmod's mixed overloads on their narrowed operands (see registration): pops the two operands,
// pushes q and r.
template <typename A, typename B>
void divmodNarrowed(A a, B b, Stack& s) {
  drop(s, 2);
  if (b == 0) throw RuntimeError("ZeroDivisionError: float divmod()");
  const float x = a / b;  // float32 division: int32 / float and float / int32 convert to float
  const double wide = x;
  if (std::isnan(wide) || std::isinf(wide) || wide > 0x1p63 || wide < -0x1p63)
    throw RuntimeError("Cannot convert float " + std::to_string(wide) + " to integer");
  // q goes through an int64 (so floor(-0.0) is +0); 2**63 passes the check and x86 converts it
  // to INT64_MIN.
  const double f = std::floor(wide);
  const double q = f >= 0x1p63 ? -0x1p63 : static_cast<double>(static_cast<int64_t>(f));
  volatile double qb = q * b;  // rounded on its own: no fma contraction of a - q * b
  s.emplace_back(q);
  s.emplace_back(static_cast<double>(a) - qb);
}
int64_t integer(const IValue& v) { return v.isBool() ? (v.toBool() ? 1 : 0) : v.toInt(); }

int64_t wadd(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
int64_t wsub(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
int64_t wmul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }

int64_t ifloordiv(int64_t a, int64_t b) {
  if (b == 0) throw RuntimeError("division by 0");
  if (b == -1) return wsub(0, a);
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t iremainder(int64_t a, int64_t b) {
  if (b == 0) throw RuntimeError("ZeroDivisionError: integer division or modulo by zero");
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
double ffloordiv(double a, double b) { return std::floor(a / b); }
double fremainder(double a, double b) { return std::fmod(b + std::fmod(a, b), b); }
// TorchScript's true division does NOT raise on a zero divisor (unlike Python): PyTorch 1.13's
// aten::div.int/.float/Scalar compute a / b in double, giving inf / -inf / nan (pytorch#53744).
double fdiv(double a, double b) { return a / b; }
// PyTorch 1.13's pow.int_to_int computes std::pow in double and converts to int64 as x86's
// cvttsd2si does: truncation, and INT64_MIN for NaN or a value outside int64's range.
int64_t ipow(int64_t base, int64_t exp) {
  if (base == 0 && exp < 0) throw RuntimeError("0.0 cannot be raised to a negative power");
  double p = std::pow(static_cast<double>(base), static_cast<double>(exp));
  if (!(p >= -9223372036854775808.0 && p < 9223372036854775808.0)) return INT64_MIN;
  return static_cast<int64_t>(p);
}

// Registers a binary op for the int, float, int_float, float_int and Scalar overloads.
template <typename IntF, typename FloatF>
void arith(const std::string& name, IntF intF, FloatF floatF, bool intStaysInt = true) {
  if (intStaysInt) {
    def(name + ".int", [intF](Stack& s, size_t) {
      int64_t b = integer(s.back()), a = integer(s[s.size() - 2]);
      drop(s, 2);
      s.emplace_back(intF(a, b));
    });
  }
  auto flt = [floatF](Stack& s, size_t) {
    double b = num(s.back()), a = num(s[s.size() - 2]);
    drop(s, 2);
    s.emplace_back(floatF(a, b));
  };
  def(name + ".float", flt);
  def(name + ".int_float", flt);
  def(name + ".float_int", flt);
  def(name, [intF, floatF, intStaysInt](Stack& s, size_t) {
    const IValue& a = s[s.size() - 2];
    const IValue& b = s.back();
    IValue r = (intStaysInt && !a.isDouble() && !b.isDouble()) ? IValue(intF(integer(a), integer(b)))
                                                               : IValue(floatF(num(a), num(b)));
    drop(s, 2);
    s.push_back(std::move(r));
  });
}

template <typename F>
void compareNumbers(const std::string& name, F f) {
  auto op = [f](Stack& s, size_t) {
    const IValue& a = s[s.size() - 2];
    const IValue& b = s.back();
    bool r = (!a.isDouble() && !b.isDouble()) ? f(integer(a), integer(b)) : f(num(a), num(b));
    drop(s, 2);
    s.emplace_back(r);
  };
  for (const char* suffix : {".int", ".float", ".int_float", ".float_int", ""}) def(name + suffix, op);
}

template <typename F>
void compareStrings(const std::string& name, F f) {
  def(name + ".str", [f](Stack& s, size_t) {
    bool r = f(s[s.size() - 2].toStringRef().compare(s.back().toStringRef()), 0);
    drop(s, 2);
    s.emplace_back(r);
  });
}

template <typename F>
void bitwise(const std::string& name, F f) {
  def(name + ".int", [f](Stack& s, size_t) {
    int64_t b = integer(s.back()), a = integer(s[s.size() - 2]);
    drop(s, 2);
    s.emplace_back(f(a, b));
  });
  def(name + ".bool", [f](Stack& s, size_t) {
    bool b = s.back().toBool(), a = s[s.size() - 2].toBool();
    drop(s, 2);
    s.emplace_back(static_cast<bool>(f(a, b)));
  });
}

}  // namespace

void registerScalarsKernels() {
  arith("aten::add", wadd, [](double a, double b) { return a + b; });
  arith("aten::sub", wsub, [](double a, double b) { return a - b; });
  arith("aten::mul", wmul, [](double a, double b) { return a * b; });
  arith("aten::floordiv", ifloordiv, ffloordiv);
  arith("aten::remainder", iremainder, fremainder);
  // True division and fmod / atan2 always give floats.
  for (const char* n : {"aten::div.int", "aten::div.float", "aten::div"})
    def(n, [](Stack& s, size_t) {
      double b = num(s.back()), a = num(s[s.size() - 2]);
      drop(s, 2);
      s.emplace_back(fdiv(a, b));
    });
  for (const char* n : {"aten::fmod.int", "aten::fmod.float", "aten::fmod.int_float", "aten::fmod.float_int", "aten::fmod"})
    def(n, [](Stack& s, size_t) {
      double b = num(s.back()), a = num(s[s.size() - 2]);
      drop(s, 2);
      s.emplace_back(std::fmod(a, b));
    });
  for (const char* n : {"aten::atan2.int", "aten::atan2.float", "aten::atan2.int_float", "aten::atan2.float_int",
                        "aten::atan2.Scalar_Scalar"})
    def(n, [](Stack& s, size_t) {
      double b = num(s.back()), a = num(s[s.size() - 2]);
      drop(s, 2);
      s.emplace_back(std::atan2(a, b));
    });
  for (const char* n : {"aten::pow.int", "aten::pow.float", "aten::pow.int_float", "aten::pow.float_int"})
    def(n, [](Stack& s, size_t) {
      double b = num(s.back()), a = num(s[s.size() - 2]);
      drop(s, 2);
      if (a == 0 && b < 0) throw RuntimeError("0.0 cannot be raised to a negative power");
      s.emplace_back(std::pow(a, b));
    });
  def("aten::pow.Scalar_Scalar", [](Stack& s, size_t) {  // unchecked: 0 ** -1 is inf
    double b = num(s.back()), a = num(s[s.size() - 2]);
    drop(s, 2);
    s.emplace_back(std::pow(a, b));
  });
  def("aten::pow.int_to_int", [](Stack& s, size_t) {
    int64_t b = s.back().toInt(), a = s[s.size() - 2].toInt();
    drop(s, 2);
    s.emplace_back(ipow(a, b));
  });
  def("aten::gcd.int", [](Stack& s, size_t) {
    int64_t b = s.back().toInt(), a = s[s.size() - 2].toInt();
    drop(s, 2);
    while (b != 0) {
      int64_t t = a % b;
      a = b;
      b = t;
    }
    s.emplace_back(a < 0 ? -a : a);
  });
  def("aten::__round_to_zero_floordiv.int", [](Stack& s, size_t) {
    int64_t b = s.back().toInt(), a = s[s.size() - 2].toInt();
    drop(s, 2);
    if (b == 0) throw RuntimeError("ZeroDivisionError: integer division or modulo by zero");
    s.emplace_back(b == -1 ? wsub(0, a) : a / b);
  });
  // divmod has two outputs (schema "-> (int, int)" / "-> (float, float)"): push both, not a Tuple.
  def("aten::divmod.int", [](Stack& s, size_t) {
    int64_t b = s.back().toInt(), a = s[s.size() - 2].toInt();
    drop(s, 2);
    // divmod checks the divisor itself, with Python's message (floordiv's is "division by 0").
    if (b == 0) throw RuntimeError("ZeroDivisionError: integer division or modulo by zero");
    s.emplace_back(ifloordiv(a, b));
    s.emplace_back(iremainder(a, b));
  });
  // PyTorch 1.13's divmod.float: r = fmod(a, b), moved by b when a and b differ in sign; q = (a - r) / b.
  def("aten::divmod.float", [](Stack& s, size_t) {
    double b = num(s.back()), a = num(s[s.size() - 2]);
    drop(s, 2);
    if (b == 0) throw RuntimeError("ZeroDivisionError: float divmod()");
    double r = std::fmod(a, b);
    if (r != 0 && ((a < 0) != (b < 0))) r += b;
    s.emplace_back((a - r) / b);
    s.emplace_back(r);
  });
  // The mixed overloads: 1.13 declares their operands with the C++ types `float` and `int` (the
  // schema's type names), so a float operand is rounded to float32 and an int one wrapped to 32
  // bits; a / b divides in float32, its floor must fit an int64 ("Cannot convert float X to
  // integer", X printed with %f), and r = a - q * b is in double. python3-torch 1.13.1:
  // divmod(0.1, -2) == (-1.0, -1.8999999985098839), divmod(3, 0.1) == (30.0, -4.47e-08).
  def("aten::divmod.float_int", [](Stack& s, size_t) {
    divmodNarrowed(static_cast<float>(num(s[s.size() - 2])), static_cast<int32_t>(s.back().toInt()), s);
  });
  def("aten::divmod.int_float", [](Stack& s, size_t) {
    divmodNarrowed(static_cast<int32_t>(s[s.size() - 2].toInt()), static_cast<float>(num(s.back())), s);
  });

  bitwise("aten::__and__", [](int64_t a, int64_t b) { return a & b; });
  bitwise("aten::__or__", [](int64_t a, int64_t b) { return a | b; });
  bitwise("aten::__xor__", [](int64_t a, int64_t b) { return a ^ b; });
  // int shifts are C++'s on x86 in 1.13 (python3-torch 1.13.1): the count is taken mod 64, so
  // 1 << -1 == 1 << 63, 3 << 70 == 192 and -8 >> 70 == -1; no error for a negative count.
  def("aten::__lshift__.int", [](Stack& s, size_t) {
    int64_t b = s.back().toInt(), a = s[s.size() - 2].toInt();
    drop(s, 2);
    s.emplace_back(static_cast<int64_t>(static_cast<uint64_t>(a) << (b & 63)));
  });
  def("aten::__rshift__.int", [](Stack& s, size_t) {
    int64_t b = s.back().toInt(), a = s[s.size() - 2].toInt();
    drop(s, 2);
    s.emplace_back(a >> (b & 63));
  });
  def("aten::__not__", [](Stack& s, size_t) { s.back() = IValue(!s.back().toBool()); });
  def("aten::neg.int", [](Stack& s, size_t) { s.back() = IValue(wsub(0, s.back().toInt())); });
  def("aten::neg.float", [](Stack& s, size_t) { s.back() = IValue(-s.back().toDouble()); });
  def("aten::neg.Scalar", [](Stack& s, size_t) {
    s.back() = s.back().isDouble() ? IValue(-s.back().toDouble()) : IValue(wsub(0, integer(s.back())));
  });

  compareNumbers("aten::eq", [](auto a, auto b) { return a == b; });
  compareNumbers("aten::ne", [](auto a, auto b) { return a != b; });
  compareNumbers("aten::lt", [](auto a, auto b) { return a < b; });
  compareNumbers("aten::le", [](auto a, auto b) { return a <= b; });
  compareNumbers("aten::gt", [](auto a, auto b) { return a > b; });
  compareNumbers("aten::ge", [](auto a, auto b) { return a >= b; });
  compareStrings("aten::eq", [](int c, int z) { return c == z; });
  for (const char* n : {"aten::eq.enum", "aten::ne.enum"}) {  // same enum class, same member
    bool ne = std::string(n) == "aten::ne.enum";
    def(n, [ne](Stack& s, size_t) {
      bool eq = s[s.size() - 2].toEnumRef() == s.back().toEnumRef();
      s.pop_back();
      s.back() = IValue(eq != ne);
    });
  }
  compareStrings("aten::ne", [](int c, int z) { return c != z; });
  compareStrings("aten::lt", [](int c, int z) { return c < z; });
  compareStrings("aten::le", [](int c, int z) { return c <= z; });
  compareStrings("aten::gt", [](int c, int z) { return c > z; });
  compareStrings("aten::ge", [](int c, int z) { return c >= z; });
  for (const char* n : {"aten::eq.bool", "aten::ne.bool"}) {
    bool ne = std::string(n) == "aten::ne.bool";
    def(n, [ne](Stack& s, size_t) {
      bool r = (s.back().toBool() == s[s.size() - 2].toBool()) != ne;
      drop(s, 2);
      s.emplace_back(r);
    });
  }
  for (const char* n : {"aten::eq.device", "aten::ne.device"}) {
    bool ne = std::string(n) == "aten::ne.device";
    def(n, [ne](Stack& s, size_t) {
      bool r = (s.back().toDevice() == s[s.size() - 2].toDevice()) != ne;
      drop(s, 2);
      s.emplace_back(r);
    });
  }

  def("aten::__range_length", [](Stack& s, size_t) {
    int64_t step = s.back().toInt(), hi = s[s.size() - 2].toInt(), lo = s[s.size() - 3].toInt();
    drop(s, 3);
    if (step == 0) throw RuntimeError("range() arg 3 must not be zero");
    int64_t n = 0;
    if (step > 0 && lo < hi) n = 1 + (hi - 1 - lo) / step;
    else if (step < 0 && lo > hi) n = 1 + (lo - 1 - hi) / (-step);
    s.emplace_back(n);
  });
  def("aten::__derive_index", [](Stack& s, size_t) {
    int64_t step = s.back().toInt(), start = s[s.size() - 2].toInt(), index = s[s.size() - 3].toInt();
    drop(s, 3);
    s.emplace_back(wadd(start, wmul(index, step)));
  });

  registerScalarsMathKernels();
  registerScalarsComplexKernels();
}

}  // namespace tsjit::kernels
