// ElementwiseSpecialMore.cpp — optimized kernels of the special functions digamma, polygamma,
// erfinv, i0; ldexp, float_power and rsub (stated through other kernels); math.gamma and
// math.ldexp on Python numbers. Out= overloads come from OutVariants, in-place ones from
// InplaceVariants except polygamma_ (its arguments are swapped) and float_power_ (its dtype check).
//
// Semantics (python3-torch 1.13.1): the special functions compute integer / bool inputs in float32
// and floating ones in their dtype (float for BFloat16; no Half kernel, KernelDtypes.cpp), with
// 1.13's float algorithms so that float results match its rounding:
//   * digamma: ±0 -> ∓inf, negative integers and -inf -> NaN, x < 0 by reflection (pi / tan(pi r)
//     in double, r the fractional part), then the recurrence up to x >= 10 and the asymptotic
//     series (psi(10) exactly at 10);
//   * polygamma(n): n < 0 is an error; n = 0 digamma, n = 1 the trigamma recurrence (reflection
//     below 1/2 with sin(pi x) in the compute type), n >= 2 (-1)^(n+1) n! zeta(n + 1, x) with
//     Cephes' Hurwitz zeta (Euler-Maclaurin, accumulated in double);
//   * erfinv: a rational first guess (central |y| <= 0.7 / tail) and two Newton steps on erf;
//     |y| > 1 -> NaN, ±1 -> ±inf;
//   * i0: computed in double (power series, or the asymptotic expansion for |x| > 30), rounded;
//     as 1.13 multiplies by exp(|x|) in the compute type, it is inf once that overflows and NaN
//     at ±inf.
// ldexp(x, e) = x * pow(2.0, e) (a float32 factor for integral / bool e: ldexp of Half gives
// float32); float_power = pow of both operands converted to float64; rsub(self, other, alpha) =
// sub(other, self, alpha). Like 1.13's AVX2 kernels (built with -mfma), the polynomial steps may
// contract into fused multiply-adds: with -march=native the float results are 1.13's bit for bit.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>

#include "jit/kernels/Kernel.h"
#include "jit/kernels/OutVariants.h"
#include "jit/kernels/TensorLoops.h"

namespace tsjit::kernels {
namespace {

// ---- digamma ------------------------------------------------------------------------------------

template <typename C>
C digammaOf(C x) {
  constexpr C kPsi10 = C(2.25175258906672110764);  // digamma(10)
  if (x == C(0)) return std::copysign(std::numeric_limits<C>::infinity(), -x);
  if (x < C(0)) {
    if (x == std::trunc(x)) return std::numeric_limits<C>::quiet_NaN();
    double whole;
    const double frac = std::modf(static_cast<double>(x), &whole);
    const C reflect = static_cast<C>(std::numbers::pi / std::tan(std::numbers::pi * frac));
    return digammaOf<C>(C(1) - x) - reflect;
  }
  C result = 0;
  while (x < C(10)) {
    result -= C(1) / x;
    x += C(1);
  }
  if (x == C(10)) return result + kPsi10;
  // Asymptotic series: sum of B_2k / (2k z^2k), highest power first (Horner in z = 1 / x^2).
  static constexpr C kB[] = {C(1.0 / 12), C(-691.0 / 32760), C(1.0 / 132), C(-1.0 / 240),
                             C(1.0 / 252), C(-1.0 / 120), C(1.0 / 12)};
  C y = 0;
  if (x < C(1.0e17)) {
    const C z = C(1) / (x * x);
    C poly = 0;
    for (C c : kB) poly = poly * z + c;
    y = z * poly;
  }
  return result + std::log(x) - (C(0.5) / x) - y;
}

// ---- trigamma / Hurwitz zeta / polygamma --------------------------------------------------------

template <typename C>
C trigammaOf(C x) {
  constexpr C pi = static_cast<C>(std::numbers::pi);
  C sign = 1, result = 0;
  if (x < C(0.5)) {
    sign = -1;
    const C s = std::sin(pi * x);
    result -= (pi * pi) / (s * s);
    x = C(1) - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += C(1) / (x * x);
    x += C(1);
  }
  const C ixx = C(1) / (x * x);
  result += (C(1) + C(1) / (C(2) * x) + ixx * (C(1) / C(6) - ixx * (C(1) / C(30) - ixx * (C(1) / C(42))))) / x;
  return sign * result;
}

// zeta(s, q) = sum_k (q + k)^-s, Cephes' Euler-Maclaurin evaluation, accumulated in double.
template <typename C>
C hurwitzZeta(C s, C q) {
  // (2k)! / B_2k, k = 1..12.
  static const double kA[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1307674368000.0 / 691,
                              74724249600.0, -10670622842880000.0 / 3617, 5109094217170944000.0 / 43867,
                              -802857662698291200000.0 / 174611, 14101100039391805440000.0 / 77683,
                              -1693824136731743669452800000.0 / 236364091};
  constexpr double kMachEp = 1.11022302462515654042E-16;
  if (s == C(1)) return std::numeric_limits<C>::infinity();
  if (s < C(1)) return std::numeric_limits<C>::quiet_NaN();
  if (q <= C(0)) {
    if (q == std::floor(q)) return std::numeric_limits<C>::infinity();
    if (s != std::floor(s)) return std::numeric_limits<C>::quiet_NaN();
  }
  const double x = s;
  double sum = std::pow(static_cast<double>(q), -x), a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9.0) {
    ++i;
    a += 1.0;
    b = std::pow(a, -x);
    sum += b;
    if (-kMachEp * sum < b && b < kMachEp * sum) return static_cast<C>(sum);
  }
  const double w = a;
  sum += b * w / (x - 1.0);
  sum -= 0.5 * b;
  double fac = 1.0, k = 0.0;
  for (double coef : kA) {
    fac *= x + k;
    b /= w;
    const double t = fac * b / coef;
    sum += t;
    if (std::fabs(t / sum) < kMachEp) return static_cast<C>(sum);
    k += 1.0;
    fac *= x + k;
    b /= w;
    k += 1.0;
  }
  return static_cast<C>(sum);
}

template <typename C>
C polygammaOf(int64_t n, C x) {
  if (n == 0) return digammaOf<C>(x);
  if (n == 1) return trigammaOf<C>(x);
  // n! = exp(lgamma(n + 1)) and the product in double (1.13 calls the C library's double functions).
  const double sign = (n % 2) ? 1.0 : -1.0;
  const double factorial = std::exp(std::lgamma(static_cast<double>(static_cast<C>(n) + C(1))));
  return static_cast<C>(sign * factorial * static_cast<double>(hurwitzZeta<C>(static_cast<C>(n + 1), x)));
}

// ---- erfinv -------------------------------------------------------------------------------------

template <typename C>
C erfinvOf(C y) {
  // Rational first guesses (G. L. Pavlis's erfinv for MATLAB 2.0, 1996), central and tail.
  static constexpr C a[4] = {C(0.886226899), C(-1.645349621), C(0.914624893), C(-0.140543331)};
  static constexpr C b[4] = {C(-2.118377725), C(1.442710462), C(-0.329097515), C(0.012229801)};
  static constexpr C c[4] = {C(-1.970840454), C(-1.624906493), C(3.429567803), C(1.641345311)};
  static constexpr C d[2] = {C(3.543889200), C(1.637067800)};
  const C ay = std::abs(y);
  if (ay > C(1)) return std::numeric_limits<C>::quiet_NaN();
  if (ay == C(1)) return std::copysign(std::numeric_limits<C>::infinity(), y);
  C x;
  if (ay <= C(0.7)) {
    const C z = y * y;
    const C num = ((a[3] * z + a[2]) * z + a[1]) * z + a[0];
    const C dem = (((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + C(1);
    x = y * num / dem;
  } else {
    const C z = std::sqrt(-std::log((C(1) - ay) / C(2)));
    const C num = ((c[3] * z + c[2]) * z + c[1]) * z + c[0];
    const C dem = (d[1] * z + d[0]) * z + C(1);
    x = std::copysign(num, y) / dem;
  }
  const C twoOverSqrtPi = C(2) / static_cast<C>(std::sqrt(std::numbers::pi));
  for (int step = 0; step < 2; ++step) x = x - (std::erf(x) - y) / (twoOverSqrtPi * std::exp(-x * x));
  return x;
}

// ---- i0 -----------------------------------------------------------------------------------------

double i0Of(double x) {
  x = std::fabs(x);
  if (std::isnan(x)) return x;
  if (x > 30.0) {
    if (std::isinf(x)) return x;
    // I0(x) ~ e^x / sqrt(2 pi x) * sum_k prod_{j<=k} (2j - 1)^2 / (8 x j).
    double term = 1.0, sum = 1.0;
    for (int k = 1; k < 40; ++k) {
      term *= (2.0 * k - 1) * (2.0 * k - 1) / (8.0 * x * k);
      sum += term;
      if (term < 1e-17 * sum) break;
    }
    // e^x may overflow before I0 does: scale in two halves.
    const double half = std::exp(x / 2);
    return half * (sum / std::sqrt(2 * std::numbers::pi * x)) * half;
  }
  // sum_k ((x / 2)^2k / (k!)^2)
  const double q = x * x / 4;
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 500; ++k) {
    term *= q / (static_cast<double>(k) * k);
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return sum;
}

// ---- the kernels --------------------------------------------------------------------------------

template <typename Make>
Tensor floatUnary(const char* kernel, const IValue& x, const Tensor* self, Make make) {
  Operand a = Operand::of(x);
  const ScalarType dt = toFloating(a.dtype());
  if (dt == ScalarType::Half) throwNotImplemented(kernel, dt);
  return unaryOpT<Types::Floating>(kernel, a, dt, self, make);
}

Tensor digammaK(const IValue* args, const Tensor* self) {
  return floatUnary("digamma", args[0], self, [](auto) { return [](auto x) { return digammaOf(x); }; });
}

Tensor polygammaWith(int64_t n, const IValue& x, const Tensor* self) {
  if (n < 0) throw RuntimeError("polygamma(n, x) does not support negative n.");
  const char* kernel = n == 0 ? "digamma" : n == 1 ? "trigamma" : "polygamma";
  return floatUnary(kernel, x, self, [n](auto) { return [n](auto v) { return polygammaOf(n, v); }; });
}

Tensor polygammaK(const IValue* args, const Tensor* self) { return polygammaWith(args[0].toInt(), args[1], self); }
// polygamma_(self, n)
Tensor polygammaInplaceK(const IValue* args, const Tensor* self) { return polygammaWith(args[1].toInt(), args[0], self); }

Tensor erfinvK(const IValue* args, const Tensor* self) {
  return floatUnary("erfinv_vml_cpu", args[0], self, [](auto) { return [](auto y) { return erfinvOf(y); }; });
}

Tensor i0K(const IValue* args, const Tensor* self) {
  return floatUnary("i0_vml_cpu", args[0], self, [](auto) {
    return [](auto x) {
      using C = decltype(x);
      if (std::isinf(x)) return std::numeric_limits<C>::quiet_NaN();  // 1.13: exp(inf) * ... / sqrt(inf)
      if (std::isinf(std::exp(std::abs(x)))) return std::numeric_limits<C>::infinity();
      return static_cast<C>(i0Of(static_cast<double>(x)));
    };
  });
}

// ---- composites ---------------------------------------------------------------------------------

IValue ldexp(const IValue& self, const IValue& other) {
  return runKernel("aten::mul.Tensor", {self, runKernel("aten::pow.Scalar", {IValue(2.0), other})});
}

IValue toDouble(const IValue& v) { return v.isTensor() ? IValue(v.toTensor().to(ScalarType::Double)) : v; }

// float_power: both operands in float64 (a Python number stays a number: pow's Scalar overloads).
IValue floatPower(const IValue& base, const IValue& exponent) {
  if (!base.isTensor()) return runKernel("aten::pow.Scalar", {base, toDouble(exponent)});
  if (!exponent.isTensor()) return runKernel("aten::pow.Tensor_Scalar", {toDouble(base), exponent});
  return runKernel("aten::pow.Tensor_Tensor", {toDouble(base), toDouble(exponent)});
}

void defComposite(const char* name, IValue (*fn)(const IValue* args)) {
  def(name, [fn](Stack& s, size_t n) {
    IValue r = fn(&s[s.size() - n]);
    ret1(s, n, std::move(r));
  });
}

double number(const IValue& v) { return v.isDouble() ? v.toDouble() : v.isBool() ? double(v.toBool()) : double(v.toInt()); }

}  // namespace

void registerElementwiseSpecialMoreKernels() {
  defElementwise(digammaK, {"aten::digamma"});
  defElementwise(polygammaK, {"aten::polygamma"});
  defElementwise(polygammaInplaceK, {}, {"aten::polygamma_"});
  defElementwise(erfinvK, {"aten::erfinv"});
  defElementwise(i0K, {"aten::i0"});
  defComposite("aten::ldexp.Tensor", [](const IValue* a) { return ldexp(a[0], a[1]); });
  def("aten::ldexp_", [](Stack& s, size_t n) {
    const IValue self = s[s.size() - n];
    runKernel("aten::mul_.Tensor", {self, runKernel("aten::pow.Scalar", {IValue(2.0), s[s.size() - n + 1]})});
    ret1(s, n, self);
  });
  for (const char* name : {"aten::float_power.Tensor_Tensor", "aten::float_power.Tensor_Scalar", "aten::float_power.Scalar"})
    defComposite(name, [](const IValue* a) { return floatPower(a[0], a[1]); });
  for (const char* name : {"aten::float_power.Tensor_Tensor_out", "aten::float_power.Tensor_Scalar_out",
                           "aten::float_power.Scalar_out"})
    def(name, [](Stack& s, size_t n) {
      const Tensor out = s.back().toTensor();
      if (out.dtype() != ScalarType::Double)
        throw RuntimeError(str("the output given to float_power has dtype ", irName(out.dtype()),
                               " but the operation's result requires dtype Double"));
      IValue r = floatPower(s[s.size() - n], s[s.size() - n + 1]);
      writeOut(out, r.toTensor());
      ret1(s, n, IValue(out));
    });
  for (const char* name : {"aten::float_power_.Tensor", "aten::float_power_.Scalar"})
    def(name, [](Stack& s, size_t n) {
      const IValue self = s[s.size() - n];
      const ScalarType dt = self.toTensor().dtype();
      if (dt != ScalarType::Double)
        throw RuntimeError(str("the base given to float_power_ has dtype ", irName(dt),
                               " but the operation's result requires dtype Double"));
      const IValue e = s[s.size() - n + 1];
      runKernel(e.isTensor() ? "aten::pow_.Tensor" : "aten::pow_.Scalar", {self, toDouble(e)});
      ret1(s, n, self);
    });
  // rsub(self, other, alpha) = other - alpha * self; a Scalar other is a wrapped number.
  for (const char* name : {"aten::rsub.Tensor", "aten::rsub.Scalar"})
    defComposite(name, [](const IValue* a) { return runKernel("aten::sub.Tensor", {a[1], a[0], a[2]}); });
  // rsub's out= overloads copy the result into out whatever its dtype (1.13's out.copy_).
  for (const char* name : {"aten::rsub.Tensor_out", "aten::rsub.Scalar_out"})
    def(name, [](Stack& s, size_t n) {
      const IValue* a = &s[s.size() - n];
      const Tensor out = a[3].toTensor();
      const Tensor r = runKernel("aten::sub.Tensor", {a[1], a[0], a[2]}).toTensor();
      if (out.sizes() != r.sizes()) writeOut(out, r.to(out.dtype()));
      else out.copy_(r);
      ret1(s, n, IValue(out));
    });
  // math.gamma / math.ldexp on Python numbers.
  for (const char* name : {"aten::gamma.int", "aten::gamma.float", "aten::gamma.Scalar"})
    def(name, [](Stack& s, size_t) { s.back() = IValue(std::tgamma(number(s.back()))); });
  def("aten::ldexp", [](Stack& s, size_t) {
    const int64_t e = pop(s).toInt();
    const double x = s.back().toDouble();
    s.back() = IValue(std::ldexp(x, static_cast<int>(std::clamp<int64_t>(e, INT32_MIN, INT32_MAX))));
  });
}

}  // namespace tsjit::kernels
