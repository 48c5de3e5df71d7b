// DerivativesElementwise.cpp — derivatives of the elementwise ops (unary, binary, ternary,
// activations, copies and dtype conversions) and of their in-place variants' own cases.
// One def() per overload; formulas use the kernels through Math.h. Gradients may be returned in
// the broadcast shape: the engine sums them to each argument's shape.
#include <cmath>

#include "jit/autograd/Decompose.h"
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

Tensor orNone(bool needed, const std::function<Tensor()>& f) { return needed ? f() : Tensor(); }

// Elementwise unary op whose gradient is grad * f(self) (saves self).
void unarySelf(std::string_view name, std::function<Tensor(const Tensor& g, const Tensor& self)> f) {
  def(name, {{0}, {}}, [f](const GradContext& c) -> Grads { return {f(c.grad(), c.tensor(0))}; });
}
// Elementwise unary op whose gradient reads its result (saves the output).
void unaryResult(std::string_view name, std::function<Tensor(const Tensor& g, const Tensor& result)> f) {
  def(name, {{}, {0}}, [f](const GradContext& c) -> Grads { return {f(c.grad(), c.output())}; });
}
Tensor mask(const Tensor& m, const Tensor& g) { return where(m, g, scalarLike(0, g)); }
Tensor one(const Tensor& like) { return scalarLike(1, like); }

// The modified Bessel function I1 (i0's derivative) of each element, in double: its power series,
// or the asymptotic expansion for |x| > 30; odd in x.
Tensor besselI1(const Tensor& x) {
  std::vector<double> v = x.contiguous().toDoubles();
  for (double& e : v) {
    const double a = std::fabs(e);
    double r;
    if (std::isnan(a)) {
      r = a;
    } else if (a > 30) {
      double term = 1, s = 1;
      for (int k = 1; k < 40 && std::fabs(term) > 1e-17 * s; ++k) {
        term *= -(4.0 - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * a * k);
        s += term;
      }
      const double half = std::exp(a / 2);
      r = half * (s / std::sqrt(2 * M_PI * a)) * half;
    } else {
      const double q = a * a / 4;
      double term = a / 2, s = term;
      for (int k = 1; k < 500 && term > 1e-17 * s; ++k) {
        term *= q / (static_cast<double>(k) * (k + 1));
        s += term;
      }
      r = s;
    }
    e = std::copysign(r, e);
  }
  return Tensor::fromDoubles(v, x.sizes(), x.dtype());
}

Tensor asDouble(const IValue& v) { return toDtype(v.toTensor(), ScalarType::Double); }
}  // namespace

void registerElementwiseDerivatives() {
  // ---- binary arithmetic ----
  def("aten::add.Tensor", {}, [](const GradContext& c) -> Grads {
    double alpha = c.scalar(2);
    return {c.grad(), orNone(c.needs(1), [&] { return alpha == 1 ? c.grad() : mul(c.grad(), alpha); })};
  });
  def("aten::add.Scalar", {}, [](const GradContext& c) -> Grads { return {c.grad()}; });
  def("aten::sub.Tensor", {}, [](const GradContext& c) -> Grads {
    double alpha = c.scalar(2);
    return {c.grad(), orNone(c.needs(1), [&] { return mul(c.grad(), -alpha); })};
  });
  def("aten::sub.Scalar", {}, [](const GradContext& c) -> Grads { return {c.grad()}; });
  def("aten::mul.Tensor", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    return {orNone(c.needs(0), [&] { return mul(c.grad(), c.tensor(1)); }),
            orNone(c.needs(1), [&] { return mul(c.grad(), c.tensor(0)); })};
  });
  def("aten::mul.Scalar", {}, [](const GradContext& c) -> Grads { return {mul(c.grad(), c.scalar(1))}; });
  auto divTensor = [](const GradContext& c) -> Grads {
    if (c.numArgs() > 2 && c.arg(2).isString()) return {zerosLike(c.grad()), Tensor()};  // rounding: zero
    return {orNone(c.needs(0), [&] { return div(c.grad(), c.tensor(1)); }),
            orNone(c.needs(1), [&] {
              return neg(div(mul(c.grad(), c.tensor(0)), mul(c.tensor(1), c.tensor(1))));
            })};
  };
  def("aten::div.Tensor", {{0, 1}, {}}, divTensor);
  def("aten::div.Tensor_mode", {{0, 1}, {}}, divTensor);
  def("aten::div.Scalar", {}, [](const GradContext& c) -> Grads { return {div(c.grad(), c.scalar(1))}; });
  def("aten::div.Scalar_mode", {}, [](const GradContext& c) -> Grads {
    if (c.arg(2).isString()) return {zerosLike(c.grad())};
    return {div(c.grad(), c.scalar(1))};
  });
  def("aten::maximum", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor a = c.tensor(0), b = c.tensor(1), g = c.grad();
    Tensor half = mul(g, 0.5);
    Tensor eq = compareT("aten::eq.Tensor", a, b);
    return {where(eq, half, mask(compareT("aten::gt.Tensor", a, b), g)),
            where(eq, half, mask(compareT("aten::lt.Tensor", a, b), g))};
  });
  def("aten::minimum", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor a = c.tensor(0), b = c.tensor(1), g = c.grad();
    Tensor half = mul(g, 0.5);
    Tensor eq = compareT("aten::eq.Tensor", a, b);
    return {where(eq, half, mask(compareT("aten::lt.Tensor", a, b), g)),
            where(eq, half, mask(compareT("aten::gt.Tensor", a, b), g))};
  });
  def("aten::max.other", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor a = c.tensor(0), b = c.tensor(1), g = c.grad();
    Tensor half = mul(g, 0.5);
    Tensor eq = compareT("aten::eq.Tensor", a, b);
    return {where(eq, half, mask(compareT("aten::gt.Tensor", a, b), g)),
            where(eq, half, mask(compareT("aten::lt.Tensor", a, b), g))};
  });
  def("aten::min.other", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor a = c.tensor(0), b = c.tensor(1), g = c.grad();
    Tensor half = mul(g, 0.5);
    Tensor eq = compareT("aten::eq.Tensor", a, b);
    return {where(eq, half, mask(compareT("aten::lt.Tensor", a, b), g)),
            where(eq, half, mask(compareT("aten::gt.Tensor", a, b), g))};
  });
  def("aten::pow.Tensor_Scalar", {{0}, {}}, [](const GradContext& c) -> Grads {
    double e = c.scalar(1);
    if (e == 0) return {zerosLike(c.grad())};
    return {mul(mul(c.grad(), e), pow(c.tensor(0), e - 1))};
  });
  def("aten::pow.Tensor_Tensor", {{0, 1}, {0}}, [](const GradContext& c) -> Grads {
    Tensor self = c.tensor(0), e = c.tensor(1), g = c.grad();
    Tensor gs = orNone(c.needs(0), [&] {
      Tensor r = mul(mul(g, e), callT("aten::pow.Tensor_Tensor", {self, sub(e, one(e))}));
      return where(compareT("aten::eq.Tensor", e, zerosLike(e)), zerosLike(r), r);
    });
    Tensor ge = orNone(c.needs(1), [&] {
      Tensor r = mul(mul(g, c.output()), unary("aten::log", self));
      // 0^e with e >= 0: the gradient is 0 (PyTorch masks it).
      Tensor zeroBase = compareT("aten::eq.Tensor", self, zerosLike(self));
      return where(callT("aten::logical_and", {zeroBase, compare("aten::ge.Scalar", e, 0)}), zerosLike(r), r);
    });
    return {gs, ge};
  });
  def("aten::pow.Scalar", {{}, {0}}, [](const GradContext& c) -> Grads {
    double base = c.scalar(0);
    if (base == 0) return {IValue(), zerosLike(c.grad())};
    return {IValue(), mul(mul(c.grad(), c.output()), std::log(base))};
  });
  def("aten::lerp.Scalar", {}, [](const GradContext& c) -> Grads {
    double w = c.scalar(2);
    return {mul(c.grad(), 1 - w), mul(c.grad(), w)};
  });
  def("aten::lerp.Tensor", {{0, 1, 2}, {}}, [](const GradContext& c) -> Grads {
    Tensor w = c.tensor(2), g = c.grad();
    return {mul(g, sub(one(w), w)), mul(g, w), orNone(c.needs(2), [&] { return mul(g, sub(c.tensor(1), c.tensor(0))); })};
  });
  def("aten::addcmul", {{1, 2}, {}}, [](const GradContext& c) -> Grads {
    double v = c.scalar(3);
    Tensor g = c.grad();
    return {g, orNone(c.needs(1), [&] { return mul(mul(g, c.tensor(2)), v); }),
            orNone(c.needs(2), [&] { return mul(mul(g, c.tensor(1)), v); })};
  });
  def("aten::addcdiv", {{1, 2}, {}}, [](const GradContext& c) -> Grads {
    double v = c.scalar(3);
    Tensor g = c.grad(), t1 = c.tensor(1), t2 = c.tensor(2);
    return {g, orNone(c.needs(1), [&] { return div(mul(g, v), t2); }),
            orNone(c.needs(2), [&] { return neg(div(mul(mul(g, v), t1), mul(t2, t2))); })};
  });
  def("aten::where.self", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor cond = c.tensor(0), g = c.grad();
    return {IValue(), where(cond, g, scalarLike(0, g)), where(cond, scalarLike(0, g), g)};
  });
  def("aten::where.ScalarOther", {{0}, {}}, [](const GradContext& c) -> Grads {
    return {IValue(), where(c.tensor(0), c.grad(), scalarLike(0, c.grad()))};
  });
  def("aten::where.ScalarSelf", {{0}, {}}, [](const GradContext& c) -> Grads {
    return {IValue(), IValue(), where(c.tensor(0), scalarLike(0, c.grad()), c.grad())};
  });
  def("aten::masked_fill.Scalar", {{1}, {}}, [](const GradContext& c) -> Grads {
    return {where(c.tensor(1), scalarLike(0, c.grad()), c.grad())};
  });
  def("aten::masked_fill.Tensor", {{1}, {}}, [](const GradContext& c) -> Grads {
    Tensor g = c.grad();
    return {where(c.tensor(1), scalarLike(0, g), g),
            orNone(c.needs(2), [&] { return sumAll(where(c.tensor(1), g, scalarLike(0, g))); })};
  });

  // ---- unary ----
  def("aten::neg", {}, [](const GradContext& c) -> Grads { return {neg(c.grad())}; });
  unarySelf("aten::abs", [](const Tensor& g, const Tensor& x) { return mul(g, unary("aten::sign", x)); });
  def("aten::sign", {}, [](const GradContext& c) -> Grads { return {zerosLike(c.grad())}; });
  for (const char* name : {"aten::floor", "aten::ceil", "aten::round", "aten::trunc", "aten::frac"}) {
    bool identity = std::string_view(name) == "aten::frac";
    if (ops::findOverload(name))
      def(name, {}, [identity](const GradContext& c) -> Grads { return {identity ? c.grad() : zerosLike(c.grad())}; });
  }
  unaryResult("aten::exp", [](const Tensor& g, const Tensor& y) { return mul(g, y); });
  unaryResult("aten::exp2", [](const Tensor& g, const Tensor& y) { return mul(mul(g, y), std::log(2.0)); });
  unaryResult("aten::expm1", [](const Tensor& g, const Tensor& y) { return mul(g, addScalar(y, 1)); });
  unarySelf("aten::log", [](const Tensor& g, const Tensor& x) { return div(g, x); });
  unarySelf("aten::log2", [](const Tensor& g, const Tensor& x) { return div(g, mul(x, std::log(2.0))); });
  unarySelf("aten::log10", [](const Tensor& g, const Tensor& x) { return div(g, mul(x, std::log(10.0))); });
  unarySelf("aten::log1p", [](const Tensor& g, const Tensor& x) { return div(g, addScalar(x, 1)); });
  unarySelf("aten::sin", [](const Tensor& g, const Tensor& x) { return mul(g, unary("aten::cos", x)); });
  unarySelf("aten::cos", [](const Tensor& g, const Tensor& x) { return neg(mul(g, unary("aten::sin", x))); });
  unaryResult("aten::tan", [](const Tensor& g, const Tensor& y) { return mul(g, addScalar(mul(y, y), 1)); });
  unarySelf("aten::sinh", [](const Tensor& g, const Tensor& x) {
    return mul(g, mul(add(unary("aten::exp", x), unary("aten::exp", neg(x))), 0.5));
  });
  unarySelf("aten::asin", [](const Tensor& g, const Tensor& x) {
    return div(g, unary("aten::sqrt", sub(one(x), mul(x, x))));
  });
  unarySelf("aten::atan", [](const Tensor& g, const Tensor& x) { return div(g, addScalar(mul(x, x), 1)); });
  unarySelf("aten::acos", [](const Tensor& g, const Tensor& x) {
    return neg(div(g, unary("aten::sqrt", sub(one(x), mul(x, x)))));
  });
  unarySelf("aten::cosh", [](const Tensor& g, const Tensor& x) { return mul(g, unary("aten::sinh", x)); });
  unarySelf("aten::asinh", [](const Tensor& g, const Tensor& x) {
    return div(g, unary("aten::sqrt", addScalar(mul(x, x), 1)));
  });
  unarySelf("aten::acosh", [](const Tensor& g, const Tensor& x) {
    return mul(g, unary("aten::rsqrt", addScalar(mul(x, x), -1)));
  });
  unarySelf("aten::erfc", [](const Tensor& g, const Tensor& x) {
    return mul(mul(g, -2.0 / std::sqrt(M_PI)), unary("aten::exp", neg(mul(x, x))));
  });
  def("aten::deg2rad", {}, [](const GradContext& c) -> Grads { return {mul(c.grad(), M_PI / 180.0)}; });
  def("aten::rad2deg", {}, [](const GradContext& c) -> Grads { return {mul(c.grad(), 180.0 / M_PI)}; });
  def("aten::sgn", {}, [](const GradContext& c) -> Grads { return {zerosLike(c.grad())}; });
  // d/dx sin(pi x) / (pi x) = (cos(pi x) pi x - sin(pi x)) / (pi x^2); 0 at x = 0.
  unarySelf("aten::sinc", [](const Tensor& g, const Tensor& x) {
    Tensor px = mul(x, M_PI);
    Tensor d = div(sub(mul(unary("aten::cos", px), px), unary("aten::sin", px)), mul(px, x));
    return mask(compare("aten::ne.Scalar", x, 0), mul(g, d));
  });
  def("aten::hypot", {{0, 1}, {0}}, [](const GradContext& c) -> Grads {
    const Tensor& r = c.output();
    return {orNone(c.needs(0), [&] { return mul(c.grad(), div(c.tensor(0), r)); }),
            orNone(c.needs(1), [&] { return mul(c.grad(), div(c.tensor(1), r)); })};
  });
  // logaddexp: d/da = 1 / (1 + e^(b - a)); logaddexp2 the same with 2^.
  for (const char* name : {"aten::logaddexp", "aten::logaddexp2"}) {
    const bool base2 = std::string_view(name) == "aten::logaddexp2";
    def(name, {{0, 1}, {}}, [base2](const GradContext& c) -> Grads {
      auto share = [&](const Tensor& a, const Tensor& b) {
        return div(c.grad(), addScalar(unary(base2 ? "aten::exp2" : "aten::exp", sub(b, a)), 1));
      };
      return {orNone(c.needs(0), [&] { return share(c.tensor(0), c.tensor(1)); }),
              orNone(c.needs(1), [&] { return share(c.tensor(1), c.tensor(0)); })};
    });
  }
  // xlogy: d/dx = log(y) where x != 0 (0 elsewhere), d/dy = x / y.
  def("aten::xlogy.Tensor", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0), y = c.tensor(1);
    return {orNone(c.needs(0), [&] { return mask(compare("aten::ne.Scalar", x, 0), mul(c.grad(), unary("aten::log", y))); }),
            orNone(c.needs(1), [&] { return div(mul(c.grad(), x), y); })};
  });
  def("aten::xlogy.Scalar_Other", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    return {mask(compare("aten::ne.Scalar", x, 0), mul(c.grad(), std::log(c.scalar(1))))};
  });
  def("aten::xlogy.Scalar_Self", {{1}, {}}, [](const GradContext& c) -> Grads {
    return {Tensor(), div(mul(c.grad(), c.scalar(0)), c.tensor(1))};
  });
  // copysign: self's gradient is grad * result / self (0 where self is 0); none for the sign.
  for (const char* name : {"aten::copysign.Tensor", "aten::copysign.Scalar"})
    def(name, {{0}, {0}}, [](const GradContext& c) -> Grads {
      Tensor x = c.tensor(0);
      return {mask(compare("aten::ne.Scalar", x, 0), mul(c.grad(), div(c.output(), x)))};
    });
  // prelu: d/dx = 1 where x > 0 else the channel's weight; d/dweight = x where x <= 0, summed per channel.
  def("aten::prelu", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0), w = c.tensor(1), g = c.grad();
    std::vector<int64_t> shape;
    for (int64_t d = 0; d < x.dim(); ++d) shape.push_back(d == 1 && w.numel() > 1 ? w.numel() : 1);
    Tensor slope = reshape(w, shape);
    Tensor positive = compare("aten::gt.Scalar", x, 0);
    Tensor gx = orNone(c.needs(0), [&] { return where(positive, g, mul(g, slope)); });
    Tensor gw = orNone(c.needs(1), [&] {
      Tensor contrib = mask(unary("aten::logical_not", positive), mul(g, x));
      if (w.numel() == 1) return reshape(sumAll(contrib), w.sizes());
      std::vector<int64_t> dims;
      for (int64_t d = 0; d < x.dim(); ++d)
        if (d != 1) dims.push_back(d);
      return reshape(sum(contrib, dims, false), w.sizes());
    });
    return {gx, gw};
  });
  def("aten::clamp_max", {{0}, {}}, [](const GradContext& c) -> Grads {
    return {mask(compare("aten::le.Scalar", c.tensor(0), c.scalar(1)), c.grad())};
  });
  def("aten::clamp_max.Tensor", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Tensor below = compareT("aten::le.Tensor", c.tensor(0), c.tensor(1));
    return {orNone(c.needs(0), [&] { return mask(below, c.grad()); }),
            orNone(c.needs(1), [&] { return mask(unary("aten::logical_not", below), c.grad()); })};
  });
  unarySelf("aten::erf", [](const Tensor& g, const Tensor& x) {
    return mul(mul(g, 2.0 / std::sqrt(M_PI)), unary("aten::exp", neg(mul(x, x))));
  });
  unaryResult("aten::sqrt", [](const Tensor& g, const Tensor& y) { return div(g, mul(y, 2.0)); });
  unaryResult("aten::rsqrt", [](const Tensor& g, const Tensor& y) { return mul(mul(g, pow(y, 3)), -0.5); });
  unarySelf("aten::square", [](const Tensor& g, const Tensor& x) { return mul(mul(g, x), 2.0); });
  unaryResult("aten::reciprocal", [](const Tensor& g, const Tensor& y) { return neg(mul(g, mul(y, y))); });
  unaryResult("aten::sigmoid", [](const Tensor& g, const Tensor& y) { return mul(g, mul(y, sub(one(y), y))); });
  unaryResult("aten::tanh", [](const Tensor& g, const Tensor& y) { return mul(g, sub(one(y), mul(y, y))); });
  unaryResult("aten::relu", [](const Tensor& g, const Tensor& y) { return mask(compare("aten::gt.Scalar", y, 0), g); });
  unarySelf("aten::silu", [](const Tensor& g, const Tensor& x) {
    Tensor s = unary("aten::sigmoid", x);
    return mul(g, mul(s, addScalar(mul(x, sub(one(s), s)), 1)));
  });
  def("aten::clamp", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0), g = c.grad();
    Tensor r = g;
    if (!c.arg(1).isNone()) r = mask(compare("aten::ge.Scalar", x, c.scalar(1)), r);
    if (!c.arg(2).isNone()) r = mask(compare("aten::le.Scalar", x, c.scalar(2)), r);
    return {r};
  });
  def("aten::clamp_min", {{0}, {}}, [](const GradContext& c) -> Grads {
    return {mask(compare("aten::ge.Scalar", c.tensor(0), c.scalar(1)), c.grad())};
  });
  def("aten::hardtanh", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0);
    Tensor inside = callT("aten::logical_and",
                          {compare("aten::gt.Scalar", x, c.scalar(1)), compare("aten::lt.Scalar", x, c.scalar(2))});
    return {mask(inside, c.grad())};
  });
  // relu6 / hardswish / hardsigmoid / mish / selu: DerivativesActivations.cpp.
  def("aten::leaky_relu", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor g = c.grad();
    return {where(compare("aten::gt.Scalar", c.tensor(0), 0), g, mul(g, c.scalar(1)))};
  });
  def("aten::softplus", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0), g = c.grad();
    double beta = c.scalar(1), threshold = c.scalar(2);
    Tensor z = unary("aten::sigmoid", mul(x, beta));
    return {where(compare("aten::gt.Scalar", mul(x, beta), threshold), g, mul(g, z))};
  });
  def("aten::gelu", {{0}, {}}, [](const GradContext& c) -> Grads {
    Tensor x = c.tensor(0), g = c.grad();
    bool tanhApprox = c.numArgs() > 1 && c.arg(1).isString() && c.arg(1).toStringRef() == "tanh";
    if (tanhApprox) {
      const double k = std::sqrt(2.0 / M_PI), a = 0.044715;
      Tensor inner = mul(addScalar(mul(mul(x, x), a), 1), mul(x, k));
      Tensor t = unary("aten::tanh", inner);
      Tensor dInner = mul(addScalar(mul(mul(x, x), 3 * a), 1), k);
      Tensor d = add(mul(addScalar(t, 1), 0.5), mul(mul(mul(x, 0.5), sub(one(t), mul(t, t))), dInner));
      return {mul(g, d)};
    }
    Tensor cdf = mul(addScalar(unary("aten::erf", mul(x, M_SQRT1_2)), 1), 0.5);
    Tensor pdf = mul(unary("aten::exp", mul(mul(x, x), -0.5)), 1 / std::sqrt(2 * M_PI));
    return {mul(g, add(cdf, mul(x, pdf)))};
  });
  def("aten::elu", {{}, {0}}, [](const GradContext& c) -> Grads {
    double alpha = c.scalar(1), scale = c.scalar(2), inScale = c.scalar(3);
    Tensor y = c.output(), g = c.grad();
    Tensor neg = mul(mul(g, inScale), addScalar(y, alpha * scale));
    return {where(compare("aten::gt.Scalar", y, 0), mul(g, scale), neg)};
  });

  // ---- special functions (ElementwiseSpecialMore.cpp) ----
  unarySelf("aten::lgamma", [](const Tensor& g, const Tensor& x) { return mul(g, unary("aten::digamma", x)); });
  unarySelf("aten::digamma", [](const Tensor& g, const Tensor& x) {
    return mul(g, callT("aten::polygamma", {IValue(int64_t{1}), x}));
  });
  // polygamma(n, self) and polygamma_(self, n): d/dx polygamma(n, x) = polygamma(n + 1, x).
  def("aten::polygamma", {{1}, {}}, [](const GradContext& c) -> Grads {
    return {IValue(), mul(c.grad(), callT("aten::polygamma", {IValue(c.arg(0).toInt() + 1), c.tensor(1)}))};
  });
  def("aten::polygamma_", {{0}, {}}, [](const GradContext& c) -> Grads {
    return {mul(c.grad(), callT("aten::polygamma", {IValue(c.arg(1).toInt() + 1), c.tensor(0)})), IValue()};
  });
  // d/dy erfinv(y) = sqrt(pi) / 2 * exp(erfinv(y)^2)
  unaryResult("aten::erfinv", [](const Tensor& g, const Tensor& r) {
    return mul(mul(g, std::sqrt(M_PI) / 2), unary("aten::exp", mul(r, r)));
  });
  unarySelf("aten::i0", [](const Tensor& g, const Tensor& x) { return mul(g, besselI1(x)); });
  // rsub(self, other, alpha) = other - alpha * self.
  def("aten::rsub.Tensor", {}, [](const GradContext& c) -> Grads {
    return {mul(c.grad(), -c.scalar(2)), c.grad()};
  });
  def("aten::rsub.Scalar", {}, [](const GradContext& c) -> Grads { return {mul(c.grad(), -c.scalar(2))}; });
  // ldexp = self * 2^other and float_power = pow in float64: recorded as 1.13 composes them.
  defDecomposed("aten::ldexp.Tensor", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {mul(a[0].toTensor(), callT("aten::pow.Scalar", {IValue(2.0), a[1]}))};
  });
  defDecomposed("aten::float_power.Tensor_Tensor", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {callT("aten::pow.Tensor_Tensor", {asDouble(a[0]), asDouble(a[1])})};
  });
  defDecomposed("aten::float_power.Tensor_Scalar", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {callT("aten::pow.Tensor_Scalar", {asDouble(a[0]), a[1]})};
  });
  defDecomposed("aten::float_power.Scalar", {1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {callT("aten::pow.Scalar", {a[0], asDouble(a[1])})};
  });
  defDecomposed("aten::float_power_.Tensor", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {callT("aten::pow.Tensor_Tensor", {a[0], asDouble(a[1])})};
  });
  defDecomposed("aten::float_power_.Scalar", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {callT("aten::pow.Tensor_Scalar", {a[0], a[1]})};
  });

  // ---- copies and conversions: the gradient passes through (cast back by the engine) ----
  for (const char* name : {"aten::clone", "aten::to.dtype", "aten::to.device", "aten::to.other", "aten::to.dtype_layout",
                           "aten::to.prim_Device", "aten::to.prim_dtype", "aten::to.prim_other", "aten::type_as",
                           "aten::contiguous", "aten::alias", "aten::detach_copy"}) {
    if (ops::findOverload(name)) def(name, {}, [](const GradContext& c) -> Grads { return {c.grad()}; });
  }
  def("aten::dropout", {{}, {0}}, [](const GradContext& c) -> Grads {
    double p = c.scalar(1);
    bool train = c.arg(2).toBool();
    if (!train || p == 0) return {c.grad()};
    if (p >= 1) return {zerosLike(c.grad())};
    return {mask(compare("aten::ne.Scalar", c.output(), 0), mul(c.grad(), 1 / (1 - p)))};
  });

  // ---- ops whose outputs never require grad ----
  for (const char* name : {"aten::zeros_like", "aten::ones_like", "aten::empty_like", "aten::full_like", "aten::rand_like",
                           "aten::randn_like", "aten::randint_like", "aten::new_zeros", "aten::new_ones", "aten::new_full",
                           "aten::new_empty", "aten::detach", "aten::bernoulli"})
    if (ops::findOp(name)) defNotDifferentiable(name);

  // ---- in-place ops without a functional twin ----
  def("aten::copy_", {}, [](const GradContext& c) -> Grads { return {zerosLike(c.grad()), c.grad()}; });
  def("aten::copy_.Tensor", {}, [](const GradContext& c) -> Grads { return {zerosLike(c.grad()), c.grad()}; });
  def("aten::fill_.Scalar", {}, [](const GradContext& c) -> Grads { return {zerosLike(c.grad())}; });
  def("aten::fill_.Tensor", {}, [](const GradContext& c) -> Grads { return {zerosLike(c.grad()), sumAll(c.grad())}; });
  def("aten::zero_", {}, [](const GradContext& c) -> Grads { return {zerosLike(c.grad())}; });
}

}  // namespace tsjit::autograd
