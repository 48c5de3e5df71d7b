// ScalarsComplex.cpp — reference kernels for Python complex numbers (aten::add.complex,
// aten::exp.complex, ...), written from the textbook formulas on pairs of doubles (no
// std::complex arithmetic):
//   (a + bi)(c + di) = (ac - bd) + (ad + bc)i;  (a + bi) / (c + di) = ((ac + bd) + (bc - ad)i) / (c² + d²);
//   exp z = e^a (cos b + i sin b);  log z = ln|z| + i atan2(b, a);  log10 z = log z / ln 10;
//   sqrt z = sqrt((|z| + a) / 2) + i sign(b) sqrt((|z| - a) / 2);
//   sin z = sin a cosh b + i cos a sinh b;  cos z = cos a cosh b - i sin a sinh b;  tan = sin / cos;
//   sinh z = sinh a cos b + i cosh a sin b;  cosh z = cosh a cos b + i sinh a sin b;  tanh = sinh / cosh;
//   asin z = -i log(iz + sqrt(1 - z²));  atanh z = (log(1 + z) - log(1 - z)) / 2;
//   z^w = exp(w log z) (0^w = 0);  log(z, w) = log z / log w (a real log w divides each part).
// A real operand of a mixed overload is the complex x + 0i, except that + - * with a real shift or
// scale only the parts they touch (an imaginary -0.0 stays, inf * x never meets 0 * inf), as
// PyTorch 1.13 computes them.
#include <cmath>

#include "jit/ops/OpTable.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {

void registerScalarsComplexKernels();

namespace {

struct Z {
  double re, im;
};

Z get(const IValue& v) {
  if (v.isComplex()) return {v.toComplex().real(), v.toComplex().imag()};
  if (v.isDouble()) return {v.toDouble(), 0.0};
  if (v.isInt()) return {static_cast<double>(v.toInt()), 0.0};
  return {v.toBool() ? 1.0 : 0.0, 0.0};
}
IValue put(Z z) { return IValue(std::complex<double>(z.re, z.im)); }

Z add(Z x, Z y) { return {x.re + y.re, x.im + y.im}; }
Z sub(Z x, Z y) { return {x.re - y.re, x.im - y.im}; }
Z mul(Z x, Z y) { return {x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re}; }
Z div(Z x, Z y) {
  const double den = y.re * y.re + y.im * y.im;
  return {(x.re * y.re + x.im * y.im) / den, (x.im * y.re - x.re * y.im) / den};
}
Z scale(Z x, double k) { return {x.re * k, x.im * k}; }

Z expZ(Z z) { return {std::exp(z.re) * std::cos(z.im), std::exp(z.re) * std::sin(z.im)}; }
Z logZ(Z z) { return {std::log(std::hypot(z.re, z.im)), std::atan2(z.im, z.re)}; }
Z sqrtZ(Z z) {
  const double r = std::hypot(z.re, z.im);
  return {std::sqrt((r + z.re) / 2), std::copysign(std::sqrt((r - z.re) / 2), z.im)};
}
Z sinZ(Z z) { return {std::sin(z.re) * std::cosh(z.im), std::cos(z.re) * std::sinh(z.im)}; }
Z cosZ(Z z) { return {std::cos(z.re) * std::cosh(z.im), -std::sin(z.re) * std::sinh(z.im)}; }
Z sinhZ(Z z) { return {std::sinh(z.re) * std::cos(z.im), std::cosh(z.re) * std::sin(z.im)}; }
Z coshZ(Z z) { return {std::cosh(z.re) * std::cos(z.im), std::sinh(z.re) * std::sin(z.im)}; }
Z asinZ(Z z) {
  const Z one{1.0, 0.0}, i{0.0, 1.0};
  Z w = logZ(add(mul(i, z), sqrtZ(sub(one, mul(z, z)))));
  return {w.im, -w.re};  // -i w
}
Z atanhZ(Z z) {
  const Z one{1.0, 0.0};
  return scale(sub(logZ(add(one, z)), logZ(sub(one, z))), 0.5);
}
Z powZ(Z z, Z w) {
  if (z.re == 0 && z.im == 0) return {0.0, 0.0};
  return expZ(mul(w, logZ(z)));
}

void defIf(const std::string& name, KernelFn fn) { defIfOwned(name, std::move(fn)); }

void unary(const std::string& name, Z (*f)(Z)) {
  defIf(name + ".complex", [f](Args& a) { return ret(put(f(get(a[0])))); });
}

// Every complex overload of a binary op: complex, complex_float, complex_int, float_complex,
// int_complex (those the op declares).
void binary(const std::string& name, Z (*f)(Z, Z)) {
  for (const char* suffix : {".complex", ".complex_float", ".complex_int", ".float_complex", ".int_complex"})
    defIf(name + suffix, [f](Args& a) { return ret(put(f(get(a[0]), get(a[1])))); });
}

}  // namespace

void registerScalarsComplexKernels() {
  // complex(x, y): each part an int, float, bool or a one-element tensor's value.
  auto part = [](const IValue& v) {
    if (!v.isTensor()) return get(v).re;
    const Tensor t = v.toTensor();
    if (t.numel() != 1) throw RuntimeError(str("a Tensor with ", t.numel(), " elements cannot be converted to Scalar"));
    return t.getDouble(0);
  };
  defIf("aten::Complex.Scalar", [](Args& a) { return ret(put(get(a[0]))); });
  for (const auto& o : ops::op("aten::Complex").overloads())  // every (real, imag) overload
    if (o->schema().arguments().size() == 2)
      defIf(o->qualifiedName(), [part](Args& a) { return ret(put({part(a[0]), part(a[1])})); });
  // + and - with a real operand shift the real part only (the other part keeps its -0.0).
  defIf("aten::add.complex", [](Args& a) { return ret(put(add(get(a[0]), get(a[1])))); });
  defIf("aten::sub.complex", [](Args& a) { return ret(put(sub(get(a[0]), get(a[1])))); });
  for (const char* s : {".complex_float", ".complex_int"}) {
    defIf(std::string("aten::add") + s, [](Args& a) { Z z = get(a[0]); return ret(put({z.re + get(a[1]).re, z.im})); });
    defIf(std::string("aten::sub") + s, [](Args& a) { Z z = get(a[0]); return ret(put({z.re - get(a[1]).re, z.im})); });
  }
  for (const char* s : {".float_complex", ".int_complex"}) {
    defIf(std::string("aten::add") + s, [](Args& a) { Z z = get(a[1]); return ret(put({get(a[0]).re + z.re, z.im})); });
    defIf(std::string("aten::sub") + s, [](Args& a) { Z z = get(a[1]); return ret(put({get(a[0]).re - z.re, -z.im})); });
  }
  binary("aten::div", div);
  binary("aten::pow", powZ);
  // log(a, b) = log a / log b; a real base's log divides each part (log(z, 1) = inf, as 1.13).
  defIf("aten::log.complex_complex", [](Args& a) { return ret(put(div(logZ(get(a[0])), logZ(get(a[1]))))); });
  for (const char* s : {".complex_float", ".complex_int"})
    defIf(std::string("aten::log") + s, [](Args& a) {
      const Z l = logZ(get(a[0]));
      const double base = std::log(get(a[1]).re);
      return ret(put({l.re / base, l.im / base}));
    });
  for (const char* s : {".float_complex", ".int_complex"})
    defIf(std::string("aten::log") + s, [](Args& a) { return ret(put(div({std::log(get(a[0]).re), 0.0}, logZ(get(a[1]))))); });
  // * with a real operand scales both parts (no 0 * inf from a widened 0i).
  defIf("aten::mul.complex", [](Args& a) { return ret(put(mul(get(a[0]), get(a[1])))); });
  for (const char* s : {".complex_float", ".complex_int"})
    defIf(std::string("aten::mul") + s, [](Args& a) { return ret(put(scale(get(a[0]), get(a[1]).re))); });
  for (const char* s : {".float_complex", ".int_complex"})
    defIf(std::string("aten::mul") + s, [](Args& a) { return ret(put(scale(get(a[1]), get(a[0]).re))); });
  for (const char* s : {".complex", ".complex_float", ".float_complex"}) {
    defIf(std::string("aten::eq") + s, [](Args& a) {
      Z x = get(a[0]), y = get(a[1]);
      return ret(IValue(x.re == y.re && x.im == y.im));
    });
    defIf(std::string("aten::ne") + s, [](Args& a) {
      Z x = get(a[0]), y = get(a[1]);
      return ret(IValue(!(x.re == y.re && x.im == y.im)));
    });
  }
  unary("aten::neg", [](Z z) { return Z{-z.re, -z.im}; });
  unary("aten::exp", expZ);
  unary("aten::log", logZ);
  unary("aten::log10", [](Z z) { return scale(logZ(z), 1.0 / std::log(10.0)); });
  unary("aten::sqrt", sqrtZ);
  unary("aten::sin", sinZ);
  unary("aten::cos", cosZ);
  unary("aten::tan", [](Z z) { return div(sinZ(z), cosZ(z)); });
  unary("aten::sinh", sinhZ);
  unary("aten::tanh", [](Z z) { return div(sinhZ(z), coshZ(z)); });
  unary("aten::asin", asinZ);
  unary("aten::atanh", atanhZ);
  defIf("prim::abs.complex", [](Args& a) { return ret(IValue(std::hypot(get(a[0]).re, get(a[0]).im))); });
  defIf("aten::isnan.complex", [](Args& a) { return ret(IValue(std::isnan(get(a[0]).re) || std::isnan(get(a[0]).im))); });
  defIf("aten::isinf.complex", [](Args& a) { return ret(IValue(std::isinf(get(a[0]).re) || std::isinf(get(a[0]).im))); });
  defIf("aten::isfinite.complex",
        [](Args& a) { return ret(IValue(std::isfinite(get(a[0]).re) && std::isfinite(get(a[0]).im))); });
  defIf("aten::sum.complex", [](Args& a) {
    Z total{0.0, 0.0};
    for (const IValue& v : a[0].toListRef().items) total = add(total, get(v));
    return ret(put(total));
  });
}

}  // namespace tsjit::reference
