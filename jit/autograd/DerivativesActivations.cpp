// DerivativesActivations.cpp — derivatives of the activations without one so far (hardswish,
// hardsigmoid, relu6, mish, selu, celu, softshrink, hardshrink, threshold, glu, logit) and of the
// pure data movements pad / constant_pad_nd / upsample_nearest* / _upsample_nearest_exact*.
// Values at the kinks are 1.13's (python3-torch 1.13.1, torch.autograd.grad): hardswish x/3 + 1/2
// on [-3, 3) (-1/2 at -3, 1 at 3); hardsigmoid 1.0f / 6.0f (a float, as 1.13) on (-3, 3); relu6 1 on (0, 6); soft/hardshrink 0
// on [-lambd, lambd]; threshold 1 where x > threshold; celu / selu take the exponential branch at 0;
// logit(eps) 0 outside [eps, 1 - eps].
// Data movements: the op run on the input's element numbers (1-based, 0 where a constant is
// padded in) says where each output element came from; the gradient adds the output gradients
// back there (reflect / replicate / circular padding and nearest upsampling read an element more
// than once).
#include <cmath>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

Tensor fill(const Tensor& like, double v) { return addScalar(zerosLike(like), v); }
Tensor between(const Tensor& x, const char* lo, double a, const char* hi, double b) {
  return callT("aten::logical_and", {compare(lo, x, a), compare(hi, x, b)});
}

// Gradient of a data movement `op(input, rest...)`: sums the output gradient into the input element
// each output element copies.
Tensor gatherBackward(const GradContext& c, std::string_view overload, std::vector<IValue> rest) {
  const std::vector<int64_t>& sizes = c.sizes(0);
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> ids(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) ids[static_cast<size_t>(i)] = static_cast<double>(i + 1);
  std::vector<IValue> args{Tensor::fromDoubles(ids, sizes, ScalarType::Double)};
  for (auto& r : rest) args.push_back(std::move(r));
  const std::vector<double> from = callT(overload, std::move(args)).contiguous().toDoubles();
  const std::vector<double> g = c.grad().contiguous().toDoubles();
  std::vector<double> out(static_cast<size_t>(n), 0.0);
  for (size_t k = 0; k < from.size() && k < g.size(); ++k)
    if (from[k] >= 1) out[static_cast<size_t>(from[k]) - 1] += g[k];
  return Tensor::fromDoubles(out, sizes, ScalarType::Double);
}

void defGather(const char* name, size_t numArgs) {
  def(name, {{}, {}}, [name, numArgs](const GradContext& c) -> Grads {
    std::vector<IValue> rest;
    for (size_t i = 1; i < numArgs; ++i) rest.push_back(c.arg(i));
    Grads out(c.numArgs());
    out[0] = gatherBackward(c, name, std::move(rest));
    return out;
  });
}

}  // namespace

void registerActivationDerivatives() {
  def("aten::hardswish", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    const Tensor mid = addScalar(div(x, 3.0), 0.5);
    return {mul(c.grad(), where(compare("aten::lt.Scalar", x, -3), zerosLike(x), where(compare("aten::lt.Scalar", x, 3), mid, fill(x, 1))))};
  });
  def("aten::hardsigmoid", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    // 1.13's slope is the float 1.0f / 6.0f, in every dtype (a double gradient shows it).
    const double sixth = static_cast<double>(1.0f / 6.0f);
    return {mul(c.grad(), where(between(x, "aten::gt.Scalar", -3, "aten::lt.Scalar", 3), fill(x, sixth), zerosLike(x)))};
  });
  def("aten::relu6", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    return {where(between(x, "aten::gt.Scalar", 0, "aten::lt.Scalar", 6), c.grad(), zerosLike(c.grad()))};
  });
  def("aten::mish", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    const Tensor t = unary("aten::tanh", callT("aten::softplus", {x, 1.0, 20.0}));
    const Tensor d = add(t, mul(mul(x, unary("aten::sigmoid", x)), addScalar(neg(mul(t, t)), 1.0)));
    return {mul(c.grad(), d)};
  });
  def("aten::selu", {{0}, {}}, [](const GradContext& c) -> Grads {
    const double alpha = 1.6732632423543772848170429916717, scale = 1.0507009873554804934193349852946;
    const Tensor x = c.tensor(0);
    const Tensor neg = mul(unary("aten::exp", x), scale * alpha);
    return {mul(c.grad(), where(compare("aten::gt.Scalar", x, 0), fill(x, scale), neg))};
  });
  def("aten::celu", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    const double alpha = c.scalar(1);
    return {mul(c.grad(), where(compare("aten::gt.Scalar", x, 0), fill(x, 1), unary("aten::exp", div(x, alpha)))), IValue()};
  });
  for (const char* name : {"aten::softshrink", "aten::hardshrink"})
    def(name, {{0}, {}}, [](const GradContext& c) -> Grads {
      const Tensor x = c.tensor(0);
      const double l = c.scalar(1);
      return {where(between(x, "aten::ge.Scalar", -l, "aten::le.Scalar", l), zerosLike(c.grad()), c.grad()), IValue()};
    });
  def("aten::threshold", {{0}, {}}, [](const GradContext& c) -> Grads {
    return {where(compare("aten::gt.Scalar", c.tensor(0), c.scalar(1)), c.grad(), zerosLike(c.grad())), IValue(), IValue()};
  });
  def("aten::glu", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    const int64_t dim = wrap(c.arg(1).toInt(), x.dim()), half = x.size(dim) / 2;
    const Tensor a = callT("aten::narrow", {x, dim, int64_t{0}, half}), b = callT("aten::narrow", {x, dim, half, half});
    const Tensor s = unary("aten::sigmoid", b), g = c.grad();
    return {cat({mul(g, s), mul(mul(mul(g, a), s), addScalar(neg(s), 1.0))}, dim), IValue()};
  });
  def("aten::logit", {{0}, {}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0);
    const Tensor d = div(c.grad(), mul(x, addScalar(neg(x), 1.0)));
    if (c.arg(1).isNone()) return {d, IValue()};
    const double eps = c.scalar(1);
    return {where(between(x, "aten::ge.Scalar", eps, "aten::le.Scalar", 1 - eps), d, zerosLike(d)), IValue()};
  });
  def("aten::constant_pad_nd", {{}, {}}, [](const GradContext& c) -> Grads {
    return {gatherBackward(c, "aten::constant_pad_nd", {c.arg(1), IValue(0.0)}), IValue(), IValue()};
  });
  def("aten::pad", {{}, {}}, [](const GradContext& c) -> Grads {
    const bool constant = c.arg(2).toStringRef() == "constant";
    return {gatherBackward(c, "aten::pad", {c.arg(1), c.arg(2), constant ? IValue(0.0) : IValue()}), IValue(), IValue(), IValue()};
  });
  for (const char* name : {"aten::upsample_nearest1d.vec", "aten::upsample_nearest2d.vec", "aten::upsample_nearest3d.vec",
                           "aten::_upsample_nearest_exact1d.vec", "aten::_upsample_nearest_exact2d.vec",
                           "aten::_upsample_nearest_exact3d.vec"})
    defGather(name, 3);
  defGather("aten::upsample_nearest1d", 3);
  defGather("aten::upsample_nearest2d", 4);
  defGather("aten::upsample_nearest3d", 5);
  defGather("aten::_upsample_nearest_exact1d", 3);
  defGather("aten::_upsample_nearest_exact2d", 4);
  defGather("aten::_upsample_nearest_exact3d", 5);
}

}  // namespace tsjit::autograd
