// NNLoss.cpp — optimized kernels of the NN family, part 3: the losses (mse_loss, l1_loss,
// smooth_l1_loss, binary_cross_entropy_with_logits, nll_loss_nd, cross_entropy_loss with class
// indices or probabilities and label smoothing).
// Invariants: reduction codes are PyTorch's (0 none, 1 mean, 2 sum); per-element terms and sums are
// computed in double and rounded once to the input dtype; class dim is dim 1 (dim 0 for a 1-D
// input); ignored targets contribute neither loss nor weight to a mean.
#include <cmath>
#include <optional>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Broadcast.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

constexpr int64_t kNone = 0, kMean = 1, kSum = 2;

// Reduces per-element losses (shape `shape`) into the output tensor of dtype dt.
Tensor reduceLoss(const std::vector<double>& v, const std::vector<int64_t>& shape, int64_t reduction, ScalarType dt,
                  std::optional<double> meanDivisor = std::nullopt) {
  if (reduction == kNone) return Tensor::fromDoubles(v, shape, dt);
  double s = 0;
  for (double x : v) s += x;
  if (reduction == kMean) s /= meanDivisor ? *meanDivisor : static_cast<double>(v.size());
  return Tensor::scalar(s, dt);
}

// Elementwise loss of two broadcast tensors.
template <typename F>
Tensor pointwiseLoss(const Tensor& self, const Tensor& target, int64_t reduction, F&& f) {
  if (!isFloating(self)) throw RuntimeError(str("\"loss\" not implemented for '", irName(self.dtype()), "'"));
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), target.sizes());
  std::vector<double> a = toVector<double>(self.expand(shape)), b = toVector<double>(target.expand(shape));
  for (size_t i = 0; i < a.size(); ++i) a[i] = f(a[i], b[i]);
  return reduceLoss(a, shape, reduction, self.dtype());
}

Tensor bceWithLogits(const Tensor& x, const Tensor& t, const Tensor& w, const Tensor& pw, int64_t reduction) {
  if (t.sizes() != x.sizes())
    throw RuntimeError(str("Target size (", shapeStr(t.sizes()), ") must be the same as input size (", shapeStr(x.sizes()), ")"));
  const std::vector<int64_t>& shape = x.sizes();
  const std::vector<double> xv = toVector<double>(x), tv = toVector<double>(t);
  const std::vector<double> wv = w.defined() ? toVector<double>(w.expand(shape)) : std::vector<double>{};
  const std::vector<double> pv = pw.defined() ? toVector<double>(pw.expand(shape)) : std::vector<double>{};
  std::vector<double> out(xv.size());
  for (size_t i = 0; i < xv.size(); ++i) {
    const double v = xv[i], tt = tv[i];
    const double softplusNeg = std::log1p(std::exp(-std::fabs(v))) + std::max(-v, 0.0);  // log(1 + e^-v)
    const double logWeight = pv.empty() ? 1.0 : (pv[i] - 1) * tt + 1;
    double l = (1 - tt) * v + logWeight * softplusNeg;
    if (!wv.empty()) l *= wv[i];
    out[i] = l;
  }
  return reduceLoss(out, shape, reduction, x.dtype());
}

// Log-probabilities / scores viewed as [N, C, inner] with targets [N, inner].
struct ClassView {
  int64_t N, C, inner;
  std::vector<int64_t> targetShape;
};
ClassView classView(const Tensor& input) {
  if (input.dim() == 0) throw RuntimeError("input tensor should be 1D or 2D");
  ClassView v;
  if (input.dim() == 1) {
    v = {1, input.size(0), 1, {}};
  } else {
    v.N = input.size(0);
    v.C = input.size(1);
    v.inner = 1;
    v.targetShape.push_back(v.N);
    for (int64_t d = 2; d < input.dim(); ++d) {
      v.inner *= input.size(d);
      v.targetShape.push_back(input.size(d));
    }
  }
  return v;
}

// -w[t] * x[t] per target; returns the elementwise losses and the summed weight of counted targets.
std::pair<std::vector<double>, double> nllTerms(const std::vector<double>& x, const ClassView& v, const std::vector<int64_t>& t,
                                                const std::vector<double>& w, int64_t ignoreIndex) {
  std::vector<double> out(v.N * v.inner, 0.0);
  double wsum = 0;
  for (int64_t n = 0; n < v.N; ++n)
    for (int64_t i = 0; i < v.inner; ++i) {
      const int64_t k = n * v.inner + i, cls = t[k];
      if (cls == ignoreIndex) continue;
      if (cls < 0 || cls >= v.C) throw RuntimeError(str("Target ", cls, " is out of bounds."), "IndexError");
      const double wt = w.empty() ? 1.0 : w[cls];
      out[k] = -wt * x[(n * v.C + cls) * v.inner + i];
      wsum += wt;
    }
  return {out, wsum};
}

std::vector<int64_t> checkedTargets(const Tensor& target, const ClassView& v) {
  if (isFloating(target)) throw RuntimeError(str("expected scalar type Long but found ", irName(target.dtype())));
  if (target.sizes() != v.targetShape) {
    if (target.dim() >= 1 && target.size(0) != v.N)
      throw RuntimeError(str("Expected input batch_size (", v.N, ") to match target batch_size (", target.size(0), ")."));
    throw RuntimeError(str("size mismatch (got input: ", shapeStr(v.targetShape), ", target: ", shapeStr(target.sizes()), ")"));
  }
  return toVector<int64_t>(target);
}

Tensor nllLoss(const Tensor& input, const Tensor& target, const Tensor& weight, int64_t reduction, int64_t ignoreIndex) {
  const ClassView v = classView(input);
  const std::vector<int64_t> t = checkedTargets(target, v);
  const std::vector<double> w = weight.defined() ? toVector<double>(weight) : std::vector<double>{};
  if (!w.empty() && static_cast<int64_t>(w.size()) != v.C)
    throw RuntimeError(str("weight tensor should be defined either for all ", v.C, " classes or no classes but got weight tensor of shape: ",
                           shapeStr(weight.sizes())));
  auto [terms, wsum] = nllTerms(toVector<double>(input), v, t, w, ignoreIndex);
  return reduceLoss(terms, v.targetShape, reduction, input.dtype(), wsum);
}

// log_softmax over the class dim of input viewed as [N, C, inner], in double.
std::vector<double> logSoftmax(const Tensor& input, const ClassView& v) {
  std::vector<double> x = toVector<double>(input);
  for (int64_t n = 0; n < v.N; ++n)
    for (int64_t i = 0; i < v.inner; ++i) {
      double m = -INFINITY;
      for (int64_t c = 0; c < v.C; ++c) m = std::max(m, x[(n * v.C + c) * v.inner + i]);
      double s = 0;
      for (int64_t c = 0; c < v.C; ++c) s += std::exp(x[(n * v.C + c) * v.inner + i] - m);
      const double lse = m + std::log(s);
      for (int64_t c = 0; c < v.C; ++c) x[(n * v.C + c) * v.inner + i] -= lse;
    }
  return x;
}

Tensor crossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, int64_t reduction, int64_t ignoreIndex,
                    double smoothing) {
  if (!isFloating(input)) throw RuntimeError(str("\"log_softmax_lastdim_kernel_impl\" not implemented for '", irName(input.dtype()), "'"));
  if (smoothing < 0 || smoothing > 1)
    throw RuntimeError(str("label_smoothing must be between 0.0 and 1.0. Got: ", smoothing));
  const ClassView v = classView(input);
  const std::vector<double> lp = logSoftmax(input, v);
  const std::vector<double> w = weight.defined() ? toVector<double>(weight) : std::vector<double>{};
  if (isFloating(target)) {
    // Class probabilities.
    if (target.sizes() != input.sizes())
      throw RuntimeError(str("Expected input batch_size (", v.N, ") to match target batch_size (", target.dim() ? target.size(0) : 0, ")."));
    std::vector<double> tv = toVector<double>(target);
    std::vector<double> terms(v.N * v.inner, 0.0);
    for (int64_t n = 0; n < v.N; ++n)
      for (int64_t c = 0; c < v.C; ++c)
        for (int64_t i = 0; i < v.inner; ++i) {
          const int64_t k = (n * v.C + c) * v.inner + i;
          const double tt = tv[k] * (1 - smoothing) + smoothing / static_cast<double>(v.C);
          terms[n * v.inner + i] -= lp[k] * tt * (w.empty() ? 1.0 : w[c]);
        }
    return reduceLoss(terms, v.targetShape, reduction, input.dtype());
  }
  const std::vector<int64_t> t = checkedTargets(target, v);
  auto [nll, wsum] = nllTerms(lp, v, t, w, ignoreIndex);
  if (smoothing == 0) return reduceLoss(nll, v.targetShape, reduction, input.dtype(), wsum);
  std::vector<double> smooth(v.N * v.inner, 0.0);
  for (int64_t n = 0; n < v.N; ++n)
    for (int64_t i = 0; i < v.inner; ++i) {
      const int64_t k = n * v.inner + i;
      if (t[k] == ignoreIndex) continue;
      for (int64_t c = 0; c < v.C; ++c) smooth[k] -= lp[(n * v.C + c) * v.inner + i] * (w.empty() ? 1.0 : w[c]);
    }
  const double C = static_cast<double>(v.C), e = smoothing;
  if (reduction == kNone) {
    for (size_t k = 0; k < nll.size(); ++k) nll[k] = (1 - e) * nll[k] + smooth[k] * e / C;
    return Tensor::fromDoubles(nll, v.targetShape, input.dtype());
  }
  double nllSum = 0, smoothSum = 0;
  for (size_t k = 0; k < nll.size(); ++k) nllSum += nll[k], smoothSum += smooth[k];
  if (reduction == kMean) {
    nllSum /= wsum;
    // PyTorch normalizes the smoothing term by the weights of the counted targets, or (unweighted)
    // by the number of all targets, ignored ones included.
    smoothSum /= w.empty() ? static_cast<double>(smooth.size()) : wsum;
  }
  return Tensor::scalar((1 - e) * nllSum + smoothSum * e / C, input.dtype());
}

}  // namespace

void registerNNLossKernels() {
  def("aten::mse_loss", op([](IValue* a) {
        return IValue(pointwiseLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), [](double x, double y) { return (x - y) * (x - y); }));
      }));
  def("aten::l1_loss", op([](IValue* a) {
        return IValue(pointwiseLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), [](double x, double y) { return std::fabs(x - y); }));
      }));
  def("aten::smooth_l1_loss", op([](IValue* a) {
        const double beta = a[3].toDouble();
        if (beta < 0) throw RuntimeError("smooth_l1_loss does not support negative values for beta.");
        return IValue(pointwiseLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), [beta](double x, double y) {
          const double d = std::fabs(x - y);
          return beta == 0 || d >= beta ? d - 0.5 * beta : 0.5 * d * d / beta;
        }));
      }));
  def("aten::binary_cross_entropy_with_logits", op([](IValue* a) {
        return IValue(bceWithLogits(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), optTensor(a[3]), a[4].toInt()));
      }));
  def("aten::nll_loss_nd", op([](IValue* a) {
        return IValue(nllLoss(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), a[3].toInt(), a[4].toInt()));
      }));
  def("aten::cross_entropy_loss", op([](IValue* a) {
        return IValue(crossEntropy(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), a[3].toInt(), a[4].toInt(), a[5].toDouble()));
      }));
}

}  // namespace tsjit::kernels
