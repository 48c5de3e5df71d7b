// ElementwiseSpecialMore.cpp — reference kernels of digamma, polygamma, erfinv, i0 (computed in
// double, rounded once), ldexp, float_power and rsub (stated through other reference kernels), and
// math.ldexp on Python numbers (math.gamma is in ScalarsMath.cpp). Out= overloads come from
// OutVariants, in-place ones from InplaceVariants except polygamma_ (swapped arguments) and
// float_power_ (its dtype check).
//
// Semantics (python3-torch 1.13.1): integer and bool inputs of the special functions become
// float32; Half has no kernel ("digamma", "trigamma", "polygamma", "erfinv_vml_cpu", "i0_vml_cpu").
//   * digamma: poles at 0 (-inf for +0, +inf for -0) and NaN at negative integers and -inf;
//   * polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) for n >= 2 (n < 0 is an error), ±inf at the
//     poles; trigamma (n = 1) is 1.13's own formula (see trigammaOf: its float64 results are only
//     ~1e-9 accurate and its reflection rounds pi x to the compute dtype);
//   * erfinv: the inverse of erf on [-1, 1] (±inf at ±1, NaN outside);
//   * i0: the modified Bessel function of order 0, (1/pi) * integral of e^(x cos t) over [0, pi];
//     inf where exp(|x|) overflows the compute dtype (1.13 scales by it), NaN at ±inf.
// ldexp(self, other) = self * pow(2.0, other); float_power = pow in float64; rsub(self, other,
// alpha) = other - alpha * self.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>

#include "reference/Kernel.h"
#include "reference/kernels/ElementwiseParts.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// Bernoulli numbers B_2, B_4, ..., B_20.
constexpr double kBernoulli[] = {1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6,
                                 -3617.0 / 510, 43867.0 / 798, -174611.0 / 330};

double digammaOf(double x) {
  if (std::isnan(x)) return x;
  if (x == 0) return std::signbit(x) ? kInf : -kInf;
  if (x < 0) {
    if (std::floor(x) == x) return kNan;  // negative integers and -inf
    // psi(x) = psi(1 - x) - pi / tan(pi x); tan(pi x) from the fractional part (exact).
    const double frac = x - std::trunc(x);
    return digammaOf(1 - x) - std::numbers::pi / std::tan(std::numbers::pi * frac);
  }
  if (std::isinf(x)) return x;
  double shift = 0;
  while (x < 20) {
    shift += 1 / x;
    x += 1;
  }
  // psi(x) ~ ln x - 1/(2x) - sum_k B_2k / (2k x^2k)
  double series = 0, power = 1;
  for (int k = 1; k <= 10; ++k) {
    power /= x * x;
    series += kBernoulli[k - 1] / (2.0 * k) * power;
  }
  return std::log(x) - 0.5 / x - series - shift;
}

// zeta(s, x) = sum_{k >= 0} (x + k)^-s for integer s >= 2 and x not a pole: the first N terms,
// then the Euler-Maclaurin tail at z = x + N.
double hurwitzZeta(double s, double x) {
  double sum = 0;
  int k = 0;
  for (; k < 30 || x + k < 30; ++k) sum += std::pow(x + k, -s);
  const double z = x + k;
  double tail = std::pow(z, 1 - s) / (s - 1) + 0.5 * std::pow(z, -s);
  // + sum_j B_2j / (2j)! * s (s+1) ... (s+2j-2) * z^(-s-2j+1)
  double rising = s, fact = 2, zpow = std::pow(z, -s - 1);
  for (int j = 1; j <= 10; ++j) {
    tail += kBernoulli[j - 1] / fact * rising * zpow;
    rising *= (s + 2 * j - 1) * (s + 2 * j);
    fact *= (2.0 * j + 1) * (2.0 * j + 2);
    zpow /= z * z;
  }
  return sum + tail;
}

// trigamma as 1.13 defines it: x + 6 by the recurrence, then the asymptotic series
// 1/z + 1/(2z^2) + 1/(6z^3) - 1/(30z^5) + 1/(42z^7) (its truncation is ~1e-9 relative, which
// 1.13's float64 results carry); below 1/2 the reflection pi^2 / sin^2(pi x) - trigamma(1 - x),
// pi x rounded to the compute dtype (float32 for float32 and narrower) as 1.13 forms it, so that
// the negative integers give its large finite values.
double trigammaOf(double x, ScalarType dt) {
  if (std::isinf(x)) return x > 0 ? 0.0 : kNan;
  double reflected = 0;
  if (x < 0.5) {
    const ScalarType ct = dt == ScalarType::Double ? dt : ScalarType::Float;
    auto r = [ct](double v) { return castDouble(v, ct); };
    const double pi = r(std::numbers::pi);
    const double s = r(std::sin(r(pi * x)));
    reflected = r(r(pi * pi) / r(s * s));
    x = 1 - x;
  }
  double sum = 0;
  for (int i = 0; i < 6; ++i) sum += 1 / ((x + i) * (x + i));
  const double z = x + 6;
  const double tail = 1 / z + 1 / (2 * z * z) + 1 / (6 * std::pow(z, 3)) - 1 / (30 * std::pow(z, 5)) + 1 / (42 * std::pow(z, 7));
  return reflected == 0 ? sum + tail : reflected - (sum + tail);
}

double polygammaOf(int64_t n, double x, ScalarType dt) {
  if (n == 0) return digammaOf(x);
  if (std::isnan(x)) return x;
  if (n == 1) return trigammaOf(x, dt);
  const double sign = (n % 2) ? 1.0 : -1.0;  // (-1)^(n+1)
  if (x <= 0 && std::floor(x) == x) return sign * kInf;  // the poles, -inf included
  if (std::isinf(x)) return kNan;
  return sign * std::tgamma(static_cast<double>(n) + 1) * hurwitzZeta(static_cast<double>(n) + 1, x);
}

// erfinv by Newton's method on erf (on erfc near ±1, where erf cancels), from a logarithmic guess.
double erfinvOf(double y) {
  if (std::isnan(y) || std::fabs(y) > 1) return kNan;
  if (std::fabs(y) == 1) return std::copysign(kInf, y);
  if (y == 0) return y;
  const double a = std::fabs(y);
  const double t = std::log((1 - a) * (1 + a));
  double x = std::sqrt(std::sqrt(std::pow(2 / (std::numbers::pi * 0.147) + t / 2, 2) - t / 0.147) -
                       (2 / (std::numbers::pi * 0.147) + t / 2));
  const double slope = 2 / std::sqrt(std::numbers::pi);
  for (int i = 0; i < 100; ++i) {
    const double f = a < 0.5 ? std::erf(x) - a : (1 - a) - std::erfc(x);
    const double step = f / (slope * std::exp(-x * x));
    x -= step;
    if (std::fabs(step) <= 1e-17 * x) break;
  }
  return std::copysign(x, y);
}

// I0(x) = (1/pi) * integral_0^pi e^(x cos t) dt, by the trapezoid rule (spectrally accurate for
// this periodic integrand), with e^x factored out so that it overflows only when I0 does.
double i0Of(double x) {
  x = std::fabs(x);
  if (std::isnan(x) || x > 750) return x > 750 ? kInf : x;  // I0 overflows double past ~714
  // e^(x (cos t - 1)) = e^(-2 x sin^2(t / 2)), summed with Kahan's compensation.
  const int n = 64 + 2 * static_cast<int>(x);
  double s = 0, carry = 0;
  for (int k = 0; k <= n; ++k) {
    const double w = (k == 0 || k == n) ? 0.5 : 1.0;
    const double h = std::sin(std::numbers::pi * k / (2.0 * n));
    const double term = w * std::exp(-2 * x * h * h) - carry;
    const double next = s + term;
    carry = (next - s) - term;
    s = next;
  }
  const double half = std::exp(x / 2);
  return half * (s / n) * half;
}

Tensor floatSpecial(const char* kernel, const Tensor& x, const std::function<double(double)>& fn) {
  const ScalarType dt = toFloatingType(x.dtype());
  if (dt == ScalarType::Half) throwNotImplemented(kernel, dt);
  return mapFloating({x}, dt, dt, [&fn](const double* v) { return fn(v[0]); });
}

Tensor polygamma(int64_t n, const Tensor& x) {
  if (n < 0) throw RuntimeError("polygamma(n, x) does not support negative n.");
  const ScalarType dt = toFloatingType(x.dtype());
  return floatSpecial(n == 0 ? "digamma" : n == 1 ? "trigamma" : "polygamma", x,
                      [n, dt](double v) { return polygammaOf(n, v, dt); });
}

IValue asDouble(const IValue& v) { return v.isTensor() ? IValue(tensorArg(v).to(ScalarType::Double)) : v; }

IValue floatPower(const IValue& base, const IValue& exponent) {
  if (!base.isTensor()) return runKernel("aten::pow.Scalar", {base, asDouble(exponent)});
  if (!exponent.isTensor()) return runKernel("aten::pow.Tensor_Scalar", {asDouble(base), exponent});
  return runKernel("aten::pow.Tensor_Tensor", {asDouble(base), asDouble(exponent)});
}

}  // namespace

void registerElementwiseSpecialMoreKernels() {
  def("aten::digamma", functionalKernel([](Args& a) { return floatSpecial("digamma", tensorArg(a.at(0)), digammaOf); }));
  def("aten::polygamma", functionalKernel([](Args& a) { return polygamma(a.at(0).toInt(), tensorArg(a.at(1))); }));
  def("aten::polygamma_", inplaceKernel([](Args& a) { return polygamma(a.at(1).toInt(), tensorArg(a.at(0))); }));
  def("aten::erfinv", functionalKernel([](Args& a) { return floatSpecial("erfinv_vml_cpu", tensorArg(a.at(0)), erfinvOf); }));
  // 1.13 scales by exp(|x|) in the compute dtype: inf once that overflows, NaN at ±inf (inf / inf).
  def("aten::i0", functionalKernel([](Args& a) {
        const Tensor x = tensorArg(a.at(0));
        const ScalarType dt = toFloatingType(x.dtype());
        return floatSpecial("i0_vml_cpu", x, [dt](double v) {
          if (std::isinf(v)) return kNan;
          if (std::isinf(castDouble(std::exp(std::fabs(v)), dt == ScalarType::Double ? dt : ScalarType::Float)))
            return kInf;
          return i0Of(v);
        });
      }));
  // ldexp(self, other) = self * 2.0 ** other.
  def("aten::ldexp.Tensor", [](Args& a) {
    return ret(runKernel("aten::mul.Tensor", {a.at(0), runKernel("aten::pow.Scalar", {IValue(2.0), a.at(1)})}));
  });
  def("aten::ldexp_", [](Args& a) {
    return ret(runKernel("aten::mul_.Tensor", {a.at(0), runKernel("aten::pow.Scalar", {IValue(2.0), a.at(1)})}));
  });
  for (const char* name : {"aten::float_power.Tensor_Tensor", "aten::float_power.Tensor_Scalar", "aten::float_power.Scalar"})
    def(name, [](Args& a) { return ret(floatPower(a.at(0), a.at(1))); });
  for (const char* name : {"aten::float_power.Tensor_Tensor_out", "aten::float_power.Tensor_Scalar_out",
                           "aten::float_power.Scalar_out"})
    def(name, [](Args& a) {
      const Tensor out = tensorArg(a.at(2));
      if (out.dtype() != ScalarType::Double)
        throw RuntimeError(str("the output given to float_power has dtype ", irName(out.dtype()),
                               " but the operation's result requires dtype Double"));
      return ret(writeOut(out, tensorArg(floatPower(a.at(0), a.at(1)))));
    });
  for (const char* name : {"aten::float_power_.Tensor", "aten::float_power_.Scalar"})
    def(name, [](Args& a) {
      const ScalarType dt = tensorArg(a.at(0)).dtype();
      if (dt != ScalarType::Double)
        throw RuntimeError(str("the base given to float_power_ has dtype ", irName(dt),
                               " but the operation's result requires dtype Double"));
      const bool tensorExp = a.at(1).isTensor();
      return ret(runKernel(tensorExp ? "aten::pow_.Tensor" : "aten::pow_.Scalar", {a.at(0), asDouble(a.at(1))}));
    });
  // rsub(self, other, alpha) = sub(other, self, alpha) (a Scalar other as a wrapped number).
  for (const char* name : {"aten::rsub.Tensor", "aten::rsub.Scalar"})
    def(name, [](Args& a) { return ret(runKernel("aten::sub.Tensor", {a.at(1), a.at(0), a.at(2)})); });
  // rsub's out= overloads copy the result into out whatever its dtype (1.13's out.copy_).
  for (const char* name : {"aten::rsub.Tensor_out", "aten::rsub.Scalar_out"})
    def(name, [](Args& a) {
      const Tensor out = tensorArg(a.at(3));
      const Tensor r = tensorArg(runKernel("aten::sub.Tensor", {a.at(1), a.at(0), a.at(2)}));
      return ret(writeOut(out, r.to(out.dtype())));
    });
  def("aten::ldexp", [](Args& a) {
    const int64_t e = std::max<int64_t>(std::min<int64_t>(a.at(1).toInt(), 1 << 20), -(1 << 20));
    return ret(IValue(std::ldexp(a.at(0).toDouble(), static_cast<int>(e))));
  });
}

}  // namespace tsjit::reference
