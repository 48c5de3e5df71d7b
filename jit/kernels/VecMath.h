// VecMath.h — exp / sigmoid / tanh of float written so that GCC vectorizes the elementwise loops
// calling them (no libm call, no branch: AVX2 / AVX-512 lanes), used by the optimized kernels.
//
// Method: the float argument is widened to double; exp uses Cody-Waite reduction x = n ln2 + r
// (|r| <= ln2 / 2), a degree-10 Taylor polynomial of e^r (truncation < 7e-12 relative) and the
// scale 2^n built in the exponent bits; sigmoid and tanh are formed from it in double (tanh of
// |x| < 1/16 by its odd Taylor series, avoiding the cancellation of 1 - 2 / (e^2x + 1)), and the
// result is rounded to float once. So the float result is the correctly rounded value except when
// the exact value lies within ~1e-11 relative of a rounding boundary (then it is off by one ulp) —
// the op table allows 4 ulp for sigmoid / tanh (PyTorch's own Sleef kernels are 1-ulp accurate).
// Special values: NaN -> NaN; sigmoid(+-inf) = 1 / 0; tanh(+-inf) = +-1; tanh(-0) = -0;
// overflow / underflow as the float functions (exp(89) = inf, exp(-104) = 0).
// Invariants: every function is a pure, branch-free expression (the ternaries become blends);
// the double overloads are the plain libm formulas the kernels used before (not vectorized).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace tsjit::kernels::vecmath {

// e^x for x in [-200, 200] (callers clamp; NaN passes through as NaN).
inline double expReduced(double x) {
  constexpr double kLog2e = 1.4426950408889634074;
  constexpr double kLn2Hi = 0x1.62e42fee00000p-1;  // ln 2 with 32 trailing zero bits: n * kLn2Hi is exact
  constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
  constexpr double kShifter = 0x1.8p52;  // adding it rounds to an integer held in the low mantissa bits
  const double t = x * kLog2e + kShifter;
  const double n = t - kShifter;
  const double r = (x - n * kLn2Hi) - n * kLn2Lo;
  double p = 1.0 / 3628800;  // 1/10!
  p = p * r + 1.0 / 362880;
  p = p * r + 1.0 / 40320;
  p = p * r + 1.0 / 5040;
  p = p * r + 1.0 / 720;
  p = p * r + 1.0 / 120;
  p = p * r + 1.0 / 24;
  p = p * r + 1.0 / 6;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  // n = bits(t) - bits(kShifter) exactly (|n| <= 289); 2^n as a double.
  const int64_t ni = std::bit_cast<int64_t>(t) - std::bit_cast<int64_t>(kShifter);
  const double scale = std::bit_cast<double>(static_cast<uint64_t>(ni + 1023) << 52);
  return p * scale;
}

// x limited to [-m, m]; NaN stays NaN. One compare and a copysign: GCC 12 if-converts this form
// inside the loops (a two-sided `x < lo ? lo : x` clamp before the polynomial it does not).
inline double clampAbs(double x, double m) { return std::fabs(x) > m ? std::copysign(m, x) : x; }

inline float exp(float x) { return static_cast<float>(expReduced(clampAbs(x, 200.0))); }
inline double exp(double x) { return std::exp(x); }

inline float sigmoid(float x) {
  // e^x / (1 + e^x): no negation of the clamped argument (GCC 12 does not if-convert that form).
  const double e = expReduced(clampAbs(x, 200.0));
  return static_cast<float>(e / (1.0 + e));
}
inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

inline float tanh(float xf) {
  const double x = xf;
  const double a = std::fabs(x);
  // |x| < 1/16: x - x^3/3 + 2x^5/15 - 17x^7/315 + 62x^9/2835 - 1382x^11/155925 (next term < 1e-17 relative).
  const double x2 = x * x;
  double q = -1382.0 / 155925;
  q = q * x2 + 62.0 / 2835;
  q = q * x2 - 17.0 / 315;
  q = q * x2 + 2.0 / 15;
  q = q * x2 - 1.0 / 3;
  const double small = x * (1.0 + x2 * q);  // x * (...) keeps tanh(-0) = -0
  // Otherwise 1 - 2 / (e^2|x| + 1) with the sign of x (tanh(|x| >= 9.1) rounds to 1 in float).
  const double e = expReduced(clampAbs(2.0 * a, 100.0));
  const double big = 1.0 - 2.0 / (e + 1.0);
  const double r = a < 0.0625 ? small : (x < 0 ? -big : big);
  return static_cast<float>(r);
}
inline double tanh(double x) { return std::tanh(x); }

}  // namespace tsjit::kernels::vecmath
