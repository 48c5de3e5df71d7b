// ScalarsMath.cpp — optimized kernels of the Scalars family, part 2: math.* on int/float/Scalar
// (results are floats except floor/ceil -> int and the int abs), conversions int()/float()/bool()
// from numbers, strings and one-element tensors, prim::min/max/abs on numbers and lists.
// Errors follow TorchScript: math domain errors give nan as C does (TorchScript does not raise);
// int("x") raises with Python's wording. Float -> int conversions are PyTorch 1.13's, not Python's:
//   * int(float) (aten::Int.float) is a bare C++ cast, which on x86-64 truncates and gives
//     INT64_MIN for NaN, infinities and values outside int64 — no error;
//   * int(Scalar) / int(Tensor) go through c10's checked conversion: NaN and values outside
//     [-2**63, 2**63] raise "value cannot be converted to type int64_t without overflow";
//   * math.floor/ceil check the argument first: NaN, inf or |x| > 2**63 raise
//     "Cannot convert float nan to integer" (the value printed as C++ streams print it).
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "jit/kernels/Kernel.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {

namespace {

double num(const IValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (v.isInt()) return static_cast<double>(v.toInt());
  if (v.isBool()) return v.toBool() ? 1.0 : 0.0;
  return v.toDouble();
}

template <typename F>
void unaryFloat(const std::string& name, F f) {
  auto op = [f](Stack& s, size_t) { s.back() = IValue(static_cast<double>(f(num(s.back())))); };
  def(name + ".int", op);
  def(name + ".float", op);
  def(name + ".Scalar", op);
}

constexpr double kTwo63 = 9223372036854775808.0;

// cvttsd2si: truncation toward zero; NaN and anything outside [-2**63, 2**63) -> INT64_MIN.
int64_t castToInt(double d) {
  if (!(d >= -kTwo63 && d < kTwo63)) return INT64_MIN;
  return static_cast<int64_t>(d);
}
// c10::checked_convert<int64_t>(double).
int64_t checkedToInt(double d) {
  if (std::isnan(d) || d < -kTwo63 || d > kTwo63)
    throw RuntimeError("value cannot be converted to type int64_t without overflow");
  return castToInt(d);
}
// torch::jit's floor/ceil: the argument is range-checked before rounding.
template <typename Round>
int64_t roundToInt(double d, Round round) {
  if (std::isnan(d) || std::isinf(d) || d > kTwo63 || d < -kTwo63)
    throw RuntimeError(str("Cannot convert float ", d, " to integer"));
  return castToInt(round(d));
}
int64_t floorToInt(double d) { return roundToInt(d, [](double x) { return std::floor(x); }); }
int64_t ceilToInt(double d) { return roundToInt(d, [](double x) { return std::ceil(x); }); }

IValue tensorItem(const Tensor& t) {
  if (t.numel() != 1)
    throw RuntimeError(str("a Tensor with ", t.numel(), " elements cannot be converted to Scalar"));
  if (isFloatingType(t.dtype())) return IValue(t.getDouble(0));
  if (t.dtype() == ScalarType::Bool) return IValue(t.getInt64(0) != 0);
  return IValue(t.getInt64(0));
}

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\n\r\f\v"), e = s.find_last_not_of(" \t\n\r\f\v");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Min/max over numbers and lists. `Less` says whether a should be picked over b.
template <bool IsMax>
void minMax(const std::string& name) {
  auto pick = [](const IValue& a, const IValue& b) -> const IValue& {
    bool aBetter;
    if (a.isDouble() || b.isDouble()) {
      double x = num(a), y = num(b);
      if (std::isnan(x)) return a;
      if (std::isnan(y)) return b;
      aBetter = IsMax ? x >= y : x <= y;
    } else if (a.isBool() && b.isBool()) {
      aBetter = IsMax ? a.toBool() >= b.toBool() : a.toBool() <= b.toBool();
    } else {
      aBetter = IsMax ? a.toInt() >= b.toInt() : a.toInt() <= b.toInt();
    }
    return aBetter ? a : b;
  };
  // Two numbers: PyTorch 1.13's prim::min / prim::max are `a < b ? a : b` / `a > b ? a : b` (not
  // NaN-propagating: max(nan, 1.0) == 1.0, max(1.0, nan) is nan); a float operand makes the result float.
  auto pair = [](Stack& s, size_t) {
    const IValue& a = s[s.size() - 2];
    const IValue& b = s.back();
    IValue r;
    if (a.isDouble() || b.isDouble()) {
      double x = num(a), y = num(b);
      r = IValue((IsMax ? x > y : x < y) ? x : y);
    } else if (a.isBool() && b.isBool()) {
      bool x = a.toBool(), y = b.toBool();
      r = IValue((IsMax ? x > y : x < y) ? x : y);
    } else {
      int64_t x = a.isBool() ? a.toBool() : a.toInt(), y = b.isBool() ? b.toBool() : b.toInt();
      r = IValue((IsMax ? x > y : x < y) ? x : y);
    }
    drop(s, 2);
    s.push_back(std::move(r));
  };
  for (const char* suffix : {"", ".int", ".float", ".int_float", ".float_int"}) def(name + suffix, pair);
  // Element-wise over two lists: lexicographic comparison, returns the smaller/larger list.
  auto lists = [](Stack& s, size_t) {
    const auto& a = s[s.size() - 2].toListRef().items;
    const auto& b = s.back().toListRef().items;
    int cmp = 0;
    for (size_t i = 0; i < std::min(a.size(), b.size()) && cmp == 0; ++i) {
      double x = num(a[i]), y = num(b[i]);
      cmp = x < y ? -1 : (x > y ? 1 : 0);
    }
    if (cmp == 0) cmp = a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
    bool takeA = IsMax ? cmp >= 0 : cmp <= 0;
    IValue r = takeA ? s[s.size() - 2] : s.back();
    drop(s, 2);
    s.push_back(std::move(r));
  };
  for (const char* suffix : {".int_list", ".float_list", ".bool_list"}) def(name + suffix, lists);
  auto self = [pick, name](Stack& s, size_t) {
    IValue l = pop(s);
    const auto& items = l.toListRef().items;
    if (items.empty()) throw RuntimeError(str(name.substr(6), "() arg is an empty sequence"));
    IValue best = items[0];
    for (size_t i = 1; i < items.size(); ++i) best = pick(best, items[i]);
    s.push_back(std::move(best));
  };
  for (const char* suffix : {".self_int", ".self_float", ".self_bool"}) def(name + suffix, self);
}

}  // namespace

void registerScalarsMathKernels() {
  unaryFloat("aten::sqrt", [](double x) { return std::sqrt(x); });
  unaryFloat("aten::exp", [](double x) { return std::exp(x); });
  unaryFloat("aten::expm1", [](double x) { return std::expm1(x); });
  unaryFloat("aten::log", [](double x) { return std::log(x); });
  unaryFloat("aten::log10", [](double x) { return std::log10(x); });
  unaryFloat("aten::log1p", [](double x) { return std::log1p(x); });
  unaryFloat("aten::sin", [](double x) { return std::sin(x); });
  unaryFloat("aten::cos", [](double x) { return std::cos(x); });
  unaryFloat("aten::tan", [](double x) { return std::tan(x); });
  unaryFloat("aten::sinh", [](double x) { return std::sinh(x); });
  unaryFloat("aten::tanh", [](double x) { return std::tanh(x); });
  unaryFloat("aten::asin", [](double x) { return std::asin(x); });
  unaryFloat("aten::acos", [](double x) { return std::acos(x); });
  unaryFloat("aten::atan", [](double x) { return std::atan(x); });
  unaryFloat("aten::cosh", [](double x) { return std::cosh(x); });
  unaryFloat("aten::asinh", [](double x) { return std::asinh(x); });
  unaryFloat("aten::acosh", [](double x) { return std::acosh(x); });
  unaryFloat("aten::erfc", [](double x) { return std::erfc(x); });
  unaryFloat("aten::lgamma", [](double x) { return std::lgamma(x); });
  // math.degrees / math.radians multiply by the constant (1.13: degrees(-7.5) is -7.5 * (180 / pi)).
  unaryFloat("aten::degrees", [](double x) { return x * (180.0 / M_PI); });
  unaryFloat("aten::radians", [](double x) { return x * (M_PI / 180.0); });
  for (const char* n : {"aten::mathremainder", "aten::mathremainder.float", "aten::mathremainder.float_int",
                        "aten::mathremainder.int", "aten::mathremainder.int_float"})
    def(n, [](Stack& s, size_t) {
      const double b = num(pop(s)), a = num(s.back());
      s.back() = IValue(std::remainder(a, b));  // IEEE remainder: math.remainder(5, 3) == -1
    });
  unaryFloat("aten::atanh", [](double x) { return std::atanh(x); });
  unaryFloat("aten::erf", [](double x) { return std::erf(x); });
  unaryFloat("aten::fabs", [](double x) { return std::fabs(x); });
  // round: half to even, as Python's round().
  unaryFloat("aten::round", [](double x) { return std::nearbyint(x); });
  for (const char* n : {"aten::log.int_int", "aten::log.float_float", "aten::log.int_float", "aten::log.float_int",
                        "aten::log.Scalar_Scalar"})
    def(n, [](Stack& s, size_t) {
      double base = num(s.back()), x = num(s[s.size() - 2]);
      drop(s, 2);
      s.emplace_back(std::log(x) / std::log(base));
    });
  def("aten::floor.float", [](Stack& s, size_t) { s.back() = IValue(floorToInt(s.back().toDouble())); });
  def("aten::ceil.float", [](Stack& s, size_t) { s.back() = IValue(ceilToInt(s.back().toDouble())); });
  def("aten::floor.int", [](Stack&, size_t) {});
  def("aten::ceil.int", [](Stack&, size_t) {});
  def("aten::floor.Scalar", [](Stack& s, size_t) {
    if (s.back().isDouble()) s.back() = IValue(floorToInt(s.back().toDouble()));
  });
  def("aten::ceil.Scalar", [](Stack& s, size_t) {
    if (s.back().isDouble()) s.back() = IValue(ceilToInt(s.back().toDouble()));
  });
  def("aten::isnan.float", [](Stack& s, size_t) { s.back() = IValue(static_cast<bool>(std::isnan(s.back().toDouble()))); });
  def("aten::isinf.float", [](Stack& s, size_t) { s.back() = IValue(static_cast<bool>(std::isinf(s.back().toDouble()))); });
  def("aten::isfinite.float", [](Stack& s, size_t) {
    s.back() = IValue(static_cast<bool>(std::isfinite(s.back().toDouble())));
  });
  def("aten::factorial.int", [](Stack& s, size_t) {
    int64_t n = s.back().toInt();
    if (n < 0) throw RuntimeError("factorial() not defined for negative values");
    int64_t r = 1;
    for (int64_t i = 2; i <= n; ++i) r = static_cast<int64_t>(static_cast<uint64_t>(r) * static_cast<uint64_t>(i));
    s.back() = IValue(r);
  });

  // ---- abs ----
  def("prim::abs.int", [](Stack& s, size_t) {
    int64_t v = s.back().toInt();
    s.back() = IValue(v < 0 ? static_cast<int64_t>(0ull - static_cast<uint64_t>(v)) : v);
  });
  def("prim::abs.float", [](Stack& s, size_t) { s.back() = IValue(std::fabs(s.back().toDouble())); });
  def("prim::abs.Scalar", [](Stack& s, size_t) {
    if (s.back().isDouble()) s.back() = IValue(std::fabs(s.back().toDouble()));
    else {
      int64_t v = s.back().toInt();
      s.back() = IValue(v < 0 ? -v : v);
    }
  });
  minMax<false>("prim::min");
  minMax<true>("prim::max");

  // ---- conversions ----
  def("aten::Int.float", [](Stack& s, size_t) { s.back() = IValue(castToInt(s.back().toDouble())); });
  def("aten::Int.bool", [](Stack& s, size_t) { s.back() = IValue(static_cast<int64_t>(s.back().toBool())); });
  def("aten::Int.Scalar", [](Stack& s, size_t) {
    if (s.back().isDouble()) s.back() = IValue(checkedToInt(s.back().toDouble()));
    else if (s.back().isBool()) s.back() = IValue(static_cast<int64_t>(s.back().toBool()));
  });
  def("aten::Int.Tensor", [](Stack& s, size_t) {
    IValue v = tensorItem(s.back().toTensor());
    s.back() = v.isDouble() ? IValue(checkedToInt(v.toDouble())) : IValue(v.isBool() ? int64_t(v.toBool()) : v.toInt());
  });
  def("aten::Int.str", [](Stack& s, size_t) {
    std::string t = trimmed(s.back().toStringRef());
    char* end = nullptr;
    errno = 0;
    long long v = t.empty() ? 0 : std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end != '\0' || errno == ERANGE)
      throw RuntimeError("invalid literal for int() with base 10: '" + s.back().toStringRef() + "'");
    s.back() = IValue(static_cast<int64_t>(v));
  });
  def("aten::Float.int", [](Stack& s, size_t) { s.back() = IValue(static_cast<double>(s.back().toInt())); });
  def("aten::Float.bool", [](Stack& s, size_t) { s.back() = IValue(s.back().toBool() ? 1.0 : 0.0); });
  def("aten::Float.Scalar", [](Stack& s, size_t) { s.back() = IValue(num(s.back())); });
  def("aten::Float.Tensor", [](Stack& s, size_t) { s.back() = IValue(num(tensorItem(s.back().toTensor()))); });
  def("aten::Float.str", [](Stack& s, size_t) {
    std::string t = trimmed(s.back().toStringRef());
    char* end = nullptr;
    double v = t.empty() ? 0 : std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0')
      throw RuntimeError("could not convert string to float: '" + s.back().toStringRef() + "'");
    s.back() = IValue(v);
  });
  def("aten::Bool.int", [](Stack& s, size_t) { s.back() = IValue(s.back().toInt() != 0); });
  def("aten::Bool.float", [](Stack& s, size_t) { s.back() = IValue(s.back().toDouble() != 0); });
  def("aten::Bool.Tensor", [](Stack& s, size_t) {
    const Tensor t = s.back().toTensor();
    if (t.numel() == 0) throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
    if (t.numel() > 1) throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
    s.back() = IValue(num(tensorItem(t)) != 0);
  });
}

}  // namespace tsjit::kernels
