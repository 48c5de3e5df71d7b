// DerivativesElementwiseMore.cpp — derivatives of atan2, fmod / remainder (Tensor and Scalar
// others) and cumprod, which had none. As 1.13 (python3-torch 1.13.1): d atan2(y, x) =
// (x dy - y dx) / (x^2 + y^2); fmod / remainder pass the gradient to self and give other
// -g * trunc(self / other) / -g * floor(self / other); remainder.Scalar_Tensor has no derivative
// (1.13: "derivative for aten::remainder is not implemented"); cumprod's gradient is
// sum_{j >= i} g_j prod_{k <= j, k != i} x_k per slice, exact where inputs are zero ([0, 2, 0, 3]
// with g [1, 2, 3, 4] gives [5, 0, 0, 0], as 1.13).
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

Tensor rounded(const Tensor& a, const IValue& b, const char* mode) {
  if (b.isTensor()) return callT("aten::div.Tensor_mode", {a, b, IValue(std::string(mode))});
  return callT("aten::div.Scalar_mode", {a, b, IValue(std::string(mode))});
}

Grads modBackward(const GradContext& c, const char* mode) {
  Grads out(c.numArgs());
  if (c.needs(0)) out[0] = c.grad();
  if (c.arg(1).isTensor() && c.needs(1)) out[1] = neg(mul(c.grad(), rounded(c.tensor(0), c.arg(1), mode)));
  return out;
}

Grads cumprodBackward(const GradContext& c) {
  const Tensor x = c.tensor(0);
  Grads out(c.numArgs());
  if (x.dim() == 0) {
    out[0] = c.grad();
    return out;
  }
  const int64_t dim = wrap(c.arg(1).toInt(), x.dim()), n = x.size(dim);
  int64_t inner = 1, outer = 1;
  for (int64_t d = dim + 1; d < x.dim(); ++d) inner *= x.size(d);
  for (int64_t d = 0; d < dim; ++d) outer *= x.size(d);
  const std::vector<double> xv = x.contiguous().toDoubles(), g = c.grad().contiguous().toDoubles();
  std::vector<double> gx(xv.size(), 0.0);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t in = 0; in < inner; ++in) {
      auto at = [&](int64_t k) { return static_cast<size_t>((o * n + k) * inner + in); };
      for (int64_t i = 0; i < n; ++i) {
        double acc = 0, prod = 1;  // prod: x_0 .. x_j without x_i
        for (int64_t k = 0; k < i; ++k) prod *= xv[at(k)];
        for (int64_t j = i; j < n; ++j) {
          if (j > i) prod *= xv[at(j)];
          acc += g[at(j)] * prod;
        }
        gx[at(i)] = acc;
      }
    }
  out[0] = Tensor::fromDoubles(gx, x.sizes(), ScalarType::Double);
  return out;
}

}  // namespace

void registerElementwiseMoreDerivatives() {
  def("aten::atan2", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    const Tensor y = c.tensor(0), x = c.tensor(1);
    const Tensor r = add(mul(x, x), mul(y, y));
    return {c.needs(0) ? mul(c.grad(), div(x, r)) : Tensor(), c.needs(1) ? mul(c.grad(), div(neg(y), r)) : Tensor()};
  });
  def("aten::fmod.Tensor", {{0, 1}, {}}, [](const GradContext& c) { return modBackward(c, "trunc"); });
  def("aten::fmod.Scalar", {{0}, {}}, [](const GradContext& c) { return modBackward(c, "trunc"); });
  def("aten::remainder.Tensor", {{0, 1}, {}}, [](const GradContext& c) { return modBackward(c, "floor"); });
  def("aten::remainder.Scalar", {{0}, {}}, [](const GradContext& c) { return modBackward(c, "floor"); });
  def("aten::cumprod", {{0}, {}}, cumprodBackward);
}

}  // namespace tsjit::autograd
