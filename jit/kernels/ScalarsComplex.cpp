// ScalarsComplex.cpp — optimized kernels of the Scalars family, part 3: Python complex numbers
// (aten::add.complex, aten::exp.complex, ...), as PyTorch 1.13's register_prim_ops computes them:
//   * + - * on two complex numbers are the textbook component formulas; with an int or float
//     operand the real number is not widened to a complex first ((a + bi) * x = ax + bxi, so an
//     infinite part never meets a zero);
//   * complex / complex is c10::complex's 1.13 division, the textbook quotient (a zero divisor gives
//     nan parts); log(a, b) = log(a) / log(b) with it, except that a real log(b) divides each part
//     (log(z, 1) is inf, not nan);
//   * exp, log, log10, sqrt, sin, cos, tan, sinh, tanh, asin, atanh and pow are the C++ library's
//     std::complex functions, which c10's complex math forwards to;
//   * == and != compare both parts; isnan / isinf: either part; isfinite: both parts; abs is
//     std::abs (the hypotenuse).
// The reference (reference/kernels/ScalarsComplex.cpp) writes each function from its formula.
#include <cmath>
#include <complex>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/ops/OpTable.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {

void registerScalarsComplexKernels();

namespace {

using C = std::complex<double>;

double real(const IValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (v.isInt()) return static_cast<double>(v.toInt());
  return v.toBool() ? 1.0 : 0.0;
}

// c10::complex<double>::operator/= of PyTorch 1.13: the textbook quotient
// ((ac + bd) + (bc - ad)i) / (c² + d²) (a zero divisor gives nan parts).
C divide(C x, C y) {
  const double a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  const double den = c * c + d * d;
  return {(a * c + b * d) / den, (b * c - a * d) / den};
}

C mulC(C x, C y) { return {x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real()}; }

template <typename F>
void unary(const std::string& name, F f) {
  def(name + ".complex", [f](Stack& s, size_t) { s.back() = IValue(f(s.back().toComplex())); });
}

// name.complex (log: .complex_complex), name.complex_float / complex_int (complex first) and
// float_complex / int_complex.
template <typename CC, typename CR, typename RC>
void binary(const std::string& name, CC cc, CR cr, RC rc, bool withInt = true) {
  def(name + (name == "aten::log" ? ".complex_complex" : ".complex"), [cc](Stack& s, size_t) {
    C b = s.back().toComplex(), a = s[s.size() - 2].toComplex();
    drop(s, 2);
    s.emplace_back(cc(a, b));
  });
  auto complexReal = [cr](Stack& s, size_t) {
    double b = real(s.back());
    C a = s[s.size() - 2].toComplex();
    drop(s, 2);
    s.emplace_back(cr(a, b));
  };
  auto realComplex = [rc](Stack& s, size_t) {
    C b = s.back().toComplex();
    double a = real(s[s.size() - 2]);
    drop(s, 2);
    s.emplace_back(rc(a, b));
  };
  def(name + ".complex_float", complexReal);
  def(name + ".float_complex", realComplex);
  if (withInt) {
    def(name + ".complex_int", complexReal);
    def(name + ".int_complex", realComplex);
  }
}

template <typename F>
void predicate(const std::string& name, F f) {
  def(name + ".complex", [f](Stack& s, size_t) { s.back() = IValue(static_cast<bool>(f(s.back().toComplex()))); });
}

// A real part of complex(x, y): int, float, bool, or a one-element tensor's value.
double part(const IValue& v) {
  if (!v.isTensor()) return real(v);
  Tensor t = v.toTensor();
  if (t.numel() != 1) throw RuntimeError("a Tensor with " + std::to_string(t.numel()) + " elements cannot be converted to Scalar");
  return t.getDouble(0);
}

}  // namespace

void registerScalarsComplexKernels() {
  def("aten::Complex.Scalar", [](Stack& s, size_t) {
    if (!s.back().isComplex()) s.back() = IValue(C(real(s.back()), 0.0));
  });
  for (const auto& o : ops::op("aten::Complex").overloads())  // the two-part ones: int_float, Tensor_bool...
    if (o->schema().arguments().size() == 2)
      def(o->qualifiedName(), [](Stack& s, size_t) {
        C z(part(s[s.size() - 2]), part(s.back()));
        drop(s, 2);
        s.emplace_back(z);
      });
  binary("aten::add", [](C a, C b) { return C(a.real() + b.real(), a.imag() + b.imag()); },
         [](C a, double x) { return C(a.real() + x, a.imag()); }, [](double x, C b) { return C(x + b.real(), b.imag()); });
  binary("aten::sub", [](C a, C b) { return C(a.real() - b.real(), a.imag() - b.imag()); },
         [](C a, double x) { return C(a.real() - x, a.imag()); }, [](double x, C b) { return C(x - b.real(), -b.imag()); });
  binary("aten::mul", mulC, [](C a, double x) { return C(a.real() * x, a.imag() * x); },
         [](double x, C b) { return C(x * b.real(), x * b.imag()); });
  def("aten::div.complex", [](Stack& s, size_t) {
    C b = s.back().toComplex(), a = s[s.size() - 2].toComplex();
    drop(s, 2);
    s.emplace_back(divide(a, b));
  });
  binary("aten::pow", [](C a, C b) { return std::pow(a, b); }, [](C a, double x) { return std::pow(a, x); },
         [](double x, C b) { return std::pow(x, b); }, /*withInt=*/false);
  binary("aten::log", [](C a, C b) { return divide(std::log(a), std::log(b)); },
         [](C a, double x) { return C(std::log(a).real() / std::log(x), std::log(a).imag() / std::log(x)); },
         [](double x, C b) { return divide(C(std::log(x), 0.0), std::log(b)); });
  for (const char* n : {"aten::eq", "aten::ne"}) {
    const bool eq = std::string(n) == "aten::eq";
    def(std::string(n) + ".complex", [eq](Stack& s, size_t) {
      bool same = s.back().toComplex() == s[s.size() - 2].toComplex();
      drop(s, 2);
      s.emplace_back(same == eq);
    });
    def(std::string(n) + ".complex_float", [eq](Stack& s, size_t) {
      bool same = s[s.size() - 2].toComplex() == C(real(s.back()), 0.0);
      drop(s, 2);
      s.emplace_back(same == eq);
    });
    def(std::string(n) + ".float_complex", [eq](Stack& s, size_t) {
      bool same = C(real(s[s.size() - 2]), 0.0) == s.back().toComplex();
      drop(s, 2);
      s.emplace_back(same == eq);
    });
  }
  unary("aten::neg", [](C a) { return C(-a.real(), -a.imag()); });
  unary("aten::exp", [](C a) { return std::exp(a); });
  unary("aten::log", [](C a) { return std::log(a); });
  unary("aten::log10", [](C a) { return std::log10(a); });
  unary("aten::sqrt", [](C a) { return std::sqrt(a); });
  unary("aten::sin", [](C a) { return std::sin(a); });
  unary("aten::cos", [](C a) { return std::cos(a); });
  unary("aten::tan", [](C a) { return std::tan(a); });
  unary("aten::sinh", [](C a) { return std::sinh(a); });
  unary("aten::tanh", [](C a) { return std::tanh(a); });
  unary("aten::asin", [](C a) { return std::asin(a); });
  unary("aten::atanh", [](C a) { return std::atanh(a); });
  def("prim::abs.complex", [](Stack& s, size_t) { s.back() = IValue(std::abs(s.back().toComplex())); });
  predicate("aten::isnan", [](C a) { return std::isnan(a.real()) || std::isnan(a.imag()); });
  predicate("aten::isinf", [](C a) { return std::isinf(a.real()) || std::isinf(a.imag()); });
  predicate("aten::isfinite", [](C a) { return std::isfinite(a.real()) && std::isfinite(a.imag()); });
  def("aten::sum.complex", [](Stack& s, size_t) {
    C total(0.0, 0.0);
    for (const IValue& v : s.back().toListRef().items) total = C(total.real() + v.toComplex().real(), total.imag() + v.toComplex().imag());
    s.back() = IValue(total);
  });
}

}  // namespace tsjit::kernels
