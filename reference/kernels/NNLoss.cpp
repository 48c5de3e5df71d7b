// NNLoss.cpp — reference kernels of the losses (NN family, part 3): mse_loss, l1_loss,
// smooth_l1_loss, nll_loss_nd, cross_entropy_loss (class indices, label smoothing, class
// probabilities) and binary_cross_entropy_with_logits. reduction: 0 none, 1 mean, 2 sum.
//
// Invariants: per-element losses are computed in double from the (broadcast) inputs; log_softmax is
// evaluated in double too; the reduction sums in double and the result is rounded once to the
// loss dtype (the inputs' promoted dtype). nll's "mean" divides by the total weight of the
// non-ignored targets, as PyTorch does (0/0 gives NaN).
#include <cmath>

#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// Elementwise loss over the broadcast of self and target; fn(x, y) -> loss.
template <typename F>
Tensor pointwiseLoss(const Tensor& self, const Tensor& target, int64_t reduction, F&& fn) {
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), target.sizes());
  const ScalarType dt = resultType(self, target);
  Tensor x = self.expand(shape), y = target.expand(shape);
  std::vector<double> losses(static_cast<size_t>(product(shape)));
  for (size_t i = 0; i < losses.size(); ++i)
    losses[i] = fn(x.getDouble(static_cast<int64_t>(i)), y.getDouble(static_cast<int64_t>(i)));
  return reduceLoss(losses, shape, reduction, dt);
}

std::vector<IValue> mseLoss(Args& a) {
  return one(pointwiseLoss(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2),
                           [](double x, double y) { return (x - y) * (x - y); }));
}

std::vector<IValue> l1Loss(Args& a) {
  return one(pointwiseLoss(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2),
                           [](double x, double y) { return std::fabs(x - y); }));
}

std::vector<IValue> smoothL1Loss(Args& a) {
  const double beta = doubleArg(a, 3);
  if (beta < 0) throw RuntimeError("smooth_l1_loss does not support negative values for beta.");
  return one(pointwiseLoss(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2), [beta](double x, double y) {
    const double z = std::fabs(x - y);
    if (beta == 0) return z;
    return z < beta ? 0.5 * z * z / beta : z - 0.5 * beta;
  }));
}

// log_softmax over dim 1 (dim 0 for a 1-D input) of `self`, in double, as [N, C, S] values.
struct ClassView {
  int64_t N = 1, C = 1, S = 1;
  std::vector<double> v;  // v[(n * C + c) * S + s]
};

ClassView logSoftmax(const Tensor& self) {
  ClassView cv;
  cv.v = self.toDoubles();
  if (self.dim() == 1) {
    cv.C = self.size(0);
  } else {
    cv.N = self.size(0);
    cv.C = self.size(1);
    cv.S = cv.N * cv.C == 0 ? 0 : self.numel() / (cv.N * cv.C);
  }
  for (int64_t n = 0; n < cv.N; ++n)
    for (int64_t s = 0; s < cv.S; ++s) {
      double mx = -INFINITY;
      for (int64_t c = 0; c < cv.C; ++c) mx = std::max(mx, cv.v[static_cast<size_t>((n * cv.C + c) * cv.S + s)]);
      double sum = 0;
      for (int64_t c = 0; c < cv.C; ++c) sum += std::exp(cv.v[static_cast<size_t>((n * cv.C + c) * cv.S + s)] - mx);
      const double lse = mx + std::log(sum);
      for (int64_t c = 0; c < cv.C; ++c) cv.v[static_cast<size_t>((n * cv.C + c) * cv.S + s)] -= lse;
    }
  return cv;
}

ClassView asClassView(const Tensor& self) {
  ClassView cv;
  cv.v = self.toDoubles();
  if (self.dim() == 1) {
    cv.C = self.size(0);
  } else {
    cv.N = self.size(0);
    cv.C = self.size(1);
    cv.S = cv.N * cv.C == 0 ? 0 : self.numel() / (cv.N * cv.C);
  }
  return cv;
}

// nll over log-probabilities `lp` (shaped like self) and class-index targets.
Tensor nllLoss(const Tensor& self, const ClassView& lp, const Tensor& target, const std::optional<Tensor>& weight,
               int64_t reduction, int64_t ignoreIndex, ScalarType outDtype) {
  if (self.dim() < 1) throw RuntimeError(str("Expected 1 or more dimensions (got ", self.dim(), ")"), "ValueError");
  if (self.dim() != 1 && (target.dim() == 0 || self.size(0) != target.size(0)))
    throw RuntimeError(str("Expected input batch_size (", self.size(0), ") to match target batch_size (",
                           target.dim() == 0 ? 1 : target.size(0), ")."), "ValueError");
  if (self.dim() <= 2) {
    if (target.dim() > 1) throw RuntimeError("0D or 1D target tensor expected, multi-target not supported");
    if (!(self.dim() == 1 && target.dim() == 0) && self.size(0) != target.size(0))
      throw RuntimeError(str("size mismatch (got input: ", formatInts(self.sizes()), ", target: ",
                             formatInts(target.sizes()), ")"));
  } else {
    std::vector<int64_t> want{self.size(0)};
    want.insert(want.end(), self.sizes().begin() + 2, self.sizes().end());
    if (target.sizes() != want)
      throw RuntimeError(str("Expected target size ", formatInts(want), ", got ", formatInts(target.sizes())));
  }
  if (weight && !(weight->dim() == 1 && weight->numel() == lp.C))
    throw RuntimeError(str("weight tensor should be defined either for all ", lp.C,
                           " classes or no classes but got weight tensor of shape: ", formatInts(weight->sizes())));
  const std::vector<int64_t> t = target.toInt64s();
  std::vector<double> losses(t.size());
  double totalWeight = 0;
  for (int64_t n = 0; n < lp.N; ++n)
    for (int64_t s = 0; s < lp.S; ++s) {
      const size_t i = static_cast<size_t>(n * lp.S + s);
      const int64_t cls = t[i];
      if (cls == ignoreIndex) {
        losses[i] = 0;
        continue;
      }
      if (cls < 0 || cls >= lp.C) throw RuntimeError(str("Target ", cls, " is out of bounds."), "IndexError");
      const double w = weight ? weight->getDouble(cls) : 1.0;
      losses[i] = -w * lp.v[static_cast<size_t>((n * lp.C + cls) * lp.S + s)];
      totalWeight += w;
    }
  if (reduction == 0) return Tensor::fromDoubles(losses, target.sizes(), outDtype);
  double sum = 0;
  for (double l : losses) sum += l;
  if (reduction == 1) sum /= totalWeight;
  return Tensor::scalar(sum, outDtype);
}

std::vector<IValue> nllLossNd(Args& a) {
  Tensor self = tensorArg(a, 0);
  return one(nllLoss(self, asClassView(self), tensorArg(a, 1), optTensorArg(a, 2), intArg(a, 3), intArg(a, 4), self.dtype()));
}

std::vector<IValue> crossEntropy(Args& a) {
  Tensor self = tensorArg(a, 0), target = tensorArg(a, 1);
  std::optional<Tensor> weight = optTensorArg(a, 2);
  const int64_t reduction = intArg(a, 3), ignoreIndex = intArg(a, 4);
  const double ls = doubleArg(a, 5);
  const ClassView lp = logSoftmax(self);
  const double C = static_cast<double>(lp.C);
  auto w = [&](int64_t c) { return weight ? weight->getDouble(c) : 1.0; };
  if (self.sizes() == target.sizes()) {  // class probabilities
    if (!isFloating(target))
      throw RuntimeError(str("Expected floating point type for target with class probabilities, got ", target.dtype()));
    if (ignoreIndex >= 0) throw RuntimeError("ignore_index is not supported for floating point target");
    if (weight && !(weight->dim() == 1 && weight->numel() == lp.C))
      throw RuntimeError(str("cross_entropy: weight tensor should be defined either for all ", lp.C,
                             " classes or no classes but got weight tensor of shape: ", formatInts(weight->sizes())));
    const std::vector<double> tv = target.toDoubles();
    std::vector<double> losses(static_cast<size_t>(lp.N * lp.S), 0.0);
    for (int64_t n = 0; n < lp.N; ++n)
      for (int64_t c = 0; c < lp.C; ++c)
        for (int64_t s = 0; s < lp.S; ++s) {
          const size_t at = static_cast<size_t>((n * lp.C + c) * lp.S + s);
          const double tgt = ls > 0 ? tv[at] * (1 - ls) + ls / C : tv[at];
          losses[static_cast<size_t>(n * lp.S + s)] -= lp.v[at] * tgt * w(c);
        }
    std::vector<int64_t> outSizes = self.sizes();
    outSizes.erase(outSizes.begin() + (self.dim() == 1 ? 0 : 1));
    if (reduction == 0) return one(Tensor::fromDoubles(losses, outSizes, self.dtype()));
    double sum = 0;
    for (double l : losses) sum += l;
    if (reduction == 1) sum = self.numel() == 0 ? std::nan("") : sum / (static_cast<double>(self.numel()) / C);
    return one(Tensor::scalar(sum, self.dtype()));
  }
  if (ls <= 0) return one(nllLoss(self, lp, target, weight, reduction, ignoreIndex, self.dtype()));
  // With label smoothing the nll part stays in double until the final rounding.
  Tensor nll = nllLoss(self, lp, target, weight, reduction, ignoreIndex, ScalarType::Double);
  if (ls > 1) throw RuntimeError(str("label_smoothing must be between 0.0 and 1.0. Got: ", ls));
  // smooth[n, s] = -Σ_c w_c logp[n, c, s], zero where the target is ignored.
  const std::vector<int64_t> t = target.toInt64s();
  std::vector<double> smooth(t.size(), 0.0);
  double ignoredFreeWeight = 0;
  for (int64_t n = 0; n < lp.N; ++n)
    for (int64_t s = 0; s < lp.S; ++s) {
      const size_t i = static_cast<size_t>(n * lp.S + s);
      if (t[i] == ignoreIndex) continue;
      for (int64_t c = 0; c < lp.C; ++c) smooth[i] -= lp.v[static_cast<size_t>((n * lp.C + c) * lp.S + s)] * w(c);
      ignoredFreeWeight += w(t[i]);
    }
  std::vector<double> nv = nll.toDoubles();
  if (reduction == 0) {
    for (size_t i = 0; i < nv.size(); ++i) nv[i] = (1 - ls) * nv[i] + smooth[i] * (ls / C);
    return one(Tensor::fromDoubles(nv, nll.sizes(), self.dtype()));
  }
  double sum = 0;
  for (double v : smooth) sum += v;
  if (reduction == 1) sum = weight ? sum / ignoredFreeWeight : sum / static_cast<double>(smooth.size());
  return one(Tensor::scalar((1 - ls) * nll.itemDouble() + sum * (ls / C), self.dtype()));
}

std::vector<IValue> bceWithLogits(Args& a) {
  Tensor x = tensorArg(a, 0), y = tensorArg(a, 1);
  std::optional<Tensor> weight = optTensorArg(a, 2), posWeight = optTensorArg(a, 3);
  const int64_t reduction = intArg(a, 4);
  std::vector<std::vector<int64_t>> shapes{x.sizes(), y.sizes()};
  if (posWeight) shapes.push_back(posWeight->sizes());
  if (weight) shapes.push_back(weight->sizes());
  const std::vector<int64_t> shape = inferBroadcastShape(shapes);
  ResultTypeState rt;
  rt.add(x);
  rt.add(y);
  if (weight) rt.add(*weight);
  if (posWeight) rt.add(*posWeight);
  Tensor xe = x.expand(shape), ye = y.expand(shape);
  std::optional<Tensor> we = weight ? std::optional<Tensor>(weight->expand(shape)) : std::nullopt;
  std::optional<Tensor> pe = posWeight ? std::optional<Tensor>(posWeight->expand(shape)) : std::nullopt;
  std::vector<double> losses(static_cast<size_t>(product(shape)));
  for (size_t i = 0; i < losses.size(); ++i) {
    const int64_t k = static_cast<int64_t>(i);
    const double xv = xe.getDouble(k), yv = ye.getDouble(k);
    const double logSigmoid = std::min(xv, 0.0) - std::log1p(std::exp(-std::fabs(xv)));
    const double logWeight = pe ? (pe->getDouble(k) - 1) * yv + 1 : 1.0;
    double l = (1 - yv) * xv - logWeight * logSigmoid;
    if (we) l *= we->getDouble(k);
    losses[i] = l;
  }
  return one(reduceLoss(losses, shape, reduction, rt.result()));
}

}  // namespace

void registerNNLossKernels() {
  def("aten::mse_loss", mseLoss);
  def("aten::l1_loss", l1Loss);
  def("aten::smooth_l1_loss", smoothL1Loss);
  def("aten::nll_loss_nd", nllLossNd);
  def("aten::cross_entropy_loss", crossEntropy);
  def("aten::binary_cross_entropy_with_logits", bceWithLogits);
}

}  // namespace tsjit::reference
