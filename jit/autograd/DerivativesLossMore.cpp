// DerivativesLossMore.cpp — derivatives of the regression losses (l1_loss, smooth_l1_loss,
// huber_loss), of binary_cross_entropy_with_logits and of nll_loss_nd, as direct formulas so
// that their values at the kinks are 1.13's (python3-torch 1.13.1, torch.autograd.grad):
//   l1_loss: sign(x - t) (0 where x == t; 1.13 differentiates it as abs(x - t)); target: minus it.
//   smooth_l1_loss(beta) / huber_loss(delta): with d = x - t, -1 / -delta where d <= -beta,
//     +1 / +delta where d >= beta, d / beta / d inside; the target's gradient is the same function
//     of t - x (not minus the input's: beta = 0 gives -1 to both at d == 0, as 1.13).
//   binary_cross_entropy_with_logits: x: w ((pw t + 1 - t) sigmoid(x) - pw t) (pw = 1 without
//     pos_weight); t: w (-x - (pw - 1) log_sigmoid(x)); weight / pos_weight are not differentiable.
//   nll_loss_nd: -w[y] at each position's class (0 at ignore_index), mean divided by the summed
//     weights of the positions not ignored; weight is not differentiable.
// Reductions: mean scales by 1 / numel of the loss, sum by 1; the engine sums broadcast gradients
// back to each argument's shape.
#include <algorithm>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"
#include "jit/support/Error.h"

namespace tsjit::autograd {
namespace {
using namespace math;

// The per-element derivative `per` times the incoming gradient of a loss reduced by `reduction`.
Tensor reducedGrad(const GradContext& c, const Tensor& per, int64_t reduction) {
  if (reduction == 1) return mul(per, div(c.grad(), static_cast<double>(std::max<int64_t>(per.numel(), 1))));
  return mul(per, c.grad());
}

void refuse(const GradContext& c, size_t arg, const char* function, const char* name) {
  if (c.needs(arg))
    throw RuntimeError(str("The function '", function, "' is not differentiable with respect to argument '", name,
                           "'. This input cannot have requires_grad True."));
}

// d/dd of smooth_l1 (linear slope `slope` beyond +-beta, d * slope / beta inside).
Tensor piecewise(const Tensor& d, double beta, double slope, bool huber) {
  const Tensor lo = compare("aten::le.Scalar", d, -beta), hi = compare("aten::ge.Scalar", d, beta);
  const Tensor inside = beta > 0 ? (huber ? d : div(d, beta)) : zerosLike(d);
  return where(lo, addScalar(zerosLike(d), -slope), where(hi, addScalar(zerosLike(d), slope), inside));
}

Grads smoothBackward(const GradContext& c, bool huber) {
  const Tensor x = c.tensor(0), t = c.tensor(1);
  const int64_t reduction = c.arg(2).toInt();
  const double beta = c.scalar(3), slope = huber ? beta : 1.0;
  Grads out(c.numArgs());
  if (c.needs(0)) out[0] = reducedGrad(c, piecewise(sub(x, t), beta, slope, huber), reduction);
  if (c.needs(1)) out[1] = reducedGrad(c, piecewise(sub(t, x), beta, slope, huber), reduction);
  return out;
}

Grads bceWithLogitsBackward(const GradContext& c) {
  refuse(c, 2, "binary_cross_entropy_with_logits", "weight");
  refuse(c, 3, "binary_cross_entropy_with_logits", "pos_weight");
  const Tensor x = c.tensor(0), t = c.tensor(1);
  const Tensor w = c.arg(2).isTensor() ? c.tensor(2) : Tensor(), pw = c.arg(3).isTensor() ? c.tensor(3) : Tensor();
  const int64_t reduction = c.arg(4).toInt();
  auto weighted = [&](Tensor v) { return w.defined() ? mul(v, w) : v; };
  Grads out(c.numArgs());
  if (c.needs(0)) {
    const Tensor s = unary("aten::sigmoid", x);
    Tensor per;
    if (pw.defined()) {
      const Tensor pwt = mul(pw, t);
      per = sub(mul(sub(addScalar(pwt, 1.0), t), s), pwt);
    } else {
      per = sub(s, t);
    }
    out[0] = reducedGrad(c, weighted(per), reduction);
  }
  if (c.needs(1)) {
    Tensor per = neg(x);
    if (pw.defined()) per = sub(per, mul(addScalar(pw, -1.0), unary("aten::log_sigmoid", x)));
    out[1] = reducedGrad(c, weighted(per), reduction);
  }
  return out;
}

// nll_loss_nd: self [C], [N, C] or [N, C, d1, ...]; target [], [N] or [N, d1, ...].
Grads nllLossNdBackward(const GradContext& c) {
  refuse(c, 2, "nll_loss_forward", "weight");
  Grads out(c.numArgs());
  if (!c.needs(0)) return out;
  const std::vector<int64_t>& xs = c.sizes(0);
  const Tensor target = c.tensor(1);
  const Tensor w = c.arg(2).isTensor() ? c.tensor(2) : Tensor();
  const int64_t reduction = c.arg(3).toInt(), ignore = c.arg(4).toInt();
  const int64_t rank = static_cast<int64_t>(xs.size());
  const int64_t classes = rank == 1 ? xs[0] : xs[1];
  const int64_t frames = rank == 1 ? 1 : xs[0];
  int64_t inner = 1;
  for (int64_t d = 2; d < rank; ++d) inner *= xs[static_cast<size_t>(d)];
  const std::vector<int64_t> y = target.contiguous().toInt64s();
  const std::vector<double> wv = w.defined() ? w.contiguous().toDoubles() : std::vector<double>{};
  const std::vector<double> g = c.grad().contiguous().toDoubles();
  auto weightOf = [&](int64_t cls) { return wv.empty() ? 1.0 : wv[static_cast<size_t>(cls)]; };
  double total = 0;
  if (reduction == 1)
    for (int64_t cls : y)
      if (cls != ignore) total += weightOf(cls);
  std::vector<double> gx(static_cast<size_t>(frames * classes * inner), 0.0);
  for (int64_t n = 0; n < frames; ++n)
    for (int64_t i = 0; i < inner; ++i) {
      const size_t p = static_cast<size_t>(n * inner + i);
      const int64_t cls = y[p];
      if (cls == ignore) continue;
      const double gp = reduction == 0 ? g[p] : reduction == 1 ? g[0] / total : g[0];
      gx[static_cast<size_t>((n * classes + cls) * inner + i)] = -weightOf(cls) * gp;
    }
  out[0] = Tensor::fromDoubles(gx, xs, ScalarType::Double);
  return out;
}

}  // namespace

void registerLossMoreDerivatives() {
  def("aten::l1_loss", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    const Tensor s = unary("aten::sign", sub(c.tensor(0), c.tensor(1)));
    const Tensor gx = reducedGrad(c, s, c.arg(2).toInt());
    return {c.needs(0) ? gx : Tensor(), c.needs(1) ? neg(gx) : Tensor(), IValue()};
  });
  def("aten::smooth_l1_loss", {{0, 1}, {}}, [](const GradContext& c) { return smoothBackward(c, false); });
  def("aten::huber_loss", {{0, 1}, {}}, [](const GradContext& c) { return smoothBackward(c, true); });
  def("aten::binary_cross_entropy_with_logits", {{0, 1, 2, 3}, {}}, bceWithLogitsBackward);
  def("aten::nll_loss_nd", {{1, 2}, {}}, nllLossNdBackward);
}

}  // namespace tsjit::autograd
