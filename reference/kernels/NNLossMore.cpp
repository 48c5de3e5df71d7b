// NNLossMore.cpp — reference kernels of the remaining losses (NN family, part 4):
// binary_cross_entropy, kl_div, soft_margin_loss, margin_ranking_loss, hinge_embedding_loss,
// cosine_embedding_loss, triplet_margin_loss, pairwise_distance, poisson_nll_loss,
// multi_margin_loss and multilabel_margin_loss. reduction: 0 none, 1 mean, 2 sum.
//
// Semantics (PyTorch 1.13, CPU): binary_cross_entropy, multi_margin_loss and
// multilabel_margin_loss are native loops over float / double operands of one dtype (target Long
// for the margin losses); binary_cross_entropy pairs squeeze(input) with squeeze(target) and
// requires every input in [0, 1]. soft_margin_loss is -input, times target, exp, log1p, all in
// place on input's copy. The rest are ATen composites, stated here as the same steps over the
// reference's own kernels, so dtypes, broadcasting and messages are those of the steps.
// Invariants: native per-element values are computed in double and rounded once to the result
// dtype; a reduction code other than 1 / 2 leaves composite losses unreduced.
#include <algorithm>
#include <cmath>

#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using namespace shape;

[[noreturn]] void notImplemented(const char* kernel, ScalarType dt) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", dt, "'"));
}

void expectDtype(const Tensor& t, ScalarType want) {
  if (t.dtype() != want) throw RuntimeError(str("expected scalar type ", want, " but found ", t.dtype()));
}

// One step of a composite: another reference kernel's tensor result.
Tensor step(const char* overload, Args args) { return runKernel(overload, std::move(args)).toTensor(); }
Tensor minus(const Tensor& a, const Tensor& b) { return step("aten::sub.Tensor", {a, b, int64_t{1}}); }
Tensor plus(const Tensor& a, const Tensor& b) { return step("aten::add.Tensor", {a, b, int64_t{1}}); }
Tensor times(const Tensor& a, const Tensor& b) { return step("aten::mul.Tensor", {a, b}); }
Tensor plusScalar(const Tensor& a, double s) { return step("aten::add.Scalar", {a, s, int64_t{1}}); }
Tensor timesScalar(const Tensor& a, double s) { return step("aten::mul.Scalar", {a, s}); }
Tensor zerosLike(const Tensor& a) { return step("aten::zeros_like", {a, IValue(), IValue(), IValue(), IValue(), IValue()}); }
// ATen's C++ `s - t`: a tensor like t filled with s (in t's dtype), minus t in place.
Tensor scalarMinus(double s, const Tensor& t) {
  Tensor filled = Tensor::empty(t.sizes(), t.dtype());
  runKernel("aten::fill_.Scalar", {filled, s});
  runKernel("aten::sub_.Tensor", {filled, t, int64_t{1}});
  return filled;
}
Tensor clampMinInPlace(Tensor t) {
  runKernel("aten::clamp_min_", {t, int64_t{0}});  // ATen passes the int 0
  return t;
}
Tensor lossReduction(const Tensor& loss, int64_t reduction) {
  if (reduction == 1) return step("aten::mean", {loss, IValue()});
  if (reduction == 2) return step("aten::sum", {loss, IValue()});
  return loss;
}
IValue dims(std::vector<int64_t> d) { return intList(d); }

// ---- native loops ------------------------------------------------------------------------------

std::vector<IValue> binaryCrossEntropy(Args& a) {
  const Tensor input = tensorArg(a, 0), target = tensorArg(a, 1);
  const std::optional<Tensor> weight = optTensorArg(a, 2);
  const int64_t reduction = intArg(a, 3);
  const Tensor in = input.squeeze(), tg = target.squeeze();
  const std::vector<int64_t> shape = inferBroadcastShape(in.sizes(), tg.sizes());
  if (shape != in.sizes())
    throw RuntimeError(str("binary_cross_entropy: target of shape ", shapeString(target.sizes()),
                           " does not broadcast to the input's shape ", shapeString(input.sizes()),
                           " (PyTorch 1.13 resizes its output here and returns unspecified values)"));
  const ScalarType dt = input.dtype();
  if (target.dtype() != dt) throw RuntimeError(str("Found dtype ", target.dtype(), " but expected ", dt));
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImplemented("binary_cross_entropy", dt);
  const Tensor y = tg.expand(shape);
  std::vector<double> losses(static_cast<size_t>(input.numel()));
  for (int64_t i = 0; i < input.numel(); ++i) {
    const double x = in.getDouble(i), t = y.getDouble(i);
    if (x < 0 || x > 1 || std::isnan(x)) throw RuntimeError("all elements of input should be between 0 and 1");
    const double logX = std::log(x) < -100 ? -100 : std::log(x);
    const double log1mX = std::log1p(-x) < -100 ? -100 : std::log1p(-x);
    losses[static_cast<size_t>(i)] = (t - 1) * log1mX - t * logX;
  }
  if (weight) {  // loss.mul_(weight): weight broadcasts to the loss; the loss is rounded first
    const std::vector<int64_t> b = inferBroadcastShape(input.sizes(), weight->sizes());
    if (b != input.sizes())
      throw RuntimeError(str("output with shape ", shapeString(input.sizes()), " doesn't match the broadcast shape ",
                             shapeString(b)));
    const Tensor w = weight->expand(input.sizes());
    for (int64_t i = 0; i < input.numel(); ++i)
      losses[static_cast<size_t>(i)] = castDouble(losses[static_cast<size_t>(i)], dt) * w.getDouble(i);
  }
  return one(reduceLoss(losses, input.sizes(), reduction == 1 || reduction == 2 ? reduction : 0, dt));
}

// multi_margin_loss: frame n with target y: sum over classes i != y of
// max(0, margin - x[y] + x[i])^p * weight[y], divided by the number of classes.
std::vector<IValue> multiMarginLoss(Args& a) {
  const Tensor input = tensorArg(a, 0), target = tensorArg(a, 1);
  const int64_t p = scalarInt(a[2]);
  const double margin = scalarDouble(a[3]);
  const std::optional<Tensor> weight = optTensorArg(a, 4);
  const int64_t reduction = intArg(a, 5);
  if (p != 1 && p != 2) throw RuntimeError("only p == 1 and p == 2 supported");
  const int64_t rank = input.dim();
  const bool ok = rank == 0 || (rank == 1 && input.size(0) != 0) || (rank == 2 && input.size(1) != 0);
  if (!ok)
    throw RuntimeError(str("Expected non-empty vector or matrix with optional 0-dim batch size, but got: ",
                           shapeString(input.sizes())));
  const int64_t frames = rank == 2 ? input.size(0) : 1;
  const int64_t classes = rank == 0 ? 1 : input.size(rank - 1);
  if (target.dim() > 1 || target.numel() != frames)
    throw RuntimeError(str("inconsistent target size, got: ", shapeString(target.sizes())));
  if (weight && weight->numel() != classes)
    throw RuntimeError(str("inconsistent weight size, expected ", classes, " but got ", shapeString(weight->sizes())));
  const ScalarType dt = input.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImplemented("multi_margin_loss_cpu_kernel", dt);
  expectDtype(target, ScalarType::Int64);
  if (weight) expectDtype(*weight, dt);
  const Tensor x = input.reshape({frames, classes});
  std::vector<double> losses;
  for (int64_t n = 0; n < frames; ++n) {
    const int64_t y = target.getInt64(n);
    if (y < 0 || y >= classes) throw RuntimeError("target out of range");
    double total = 0;
    for (int64_t i = 0; i < classes; ++i) {
      if (i == y) continue;
      const double z = margin - x.getDouble(n * classes + y) + x.getDouble(n * classes + i);
      if (z <= 0) continue;
      double h = p == 1 ? z : z * z;
      if (weight) h *= weight->getDouble(y);
      total += h;
    }
    losses.push_back(total / static_cast<double>(classes));
  }
  if (reduction == 0) return one(Tensor::fromDoubles(losses, target.dim() == 0 ? std::vector<int64_t>{} : std::vector<int64_t>{frames}, dt));
  return one(reduceLoss(losses, {frames}, reduction == 1 ? 1 : 2, dt));
}

// multilabel_margin_loss: a frame's targets are its leading non-negative entries; for each target
// j and each class i that is no target, max(0, 1 - x[j] + x[i]), summed and divided by classes.
std::vector<IValue> multilabelMarginLoss(Args& a) {
  const Tensor input = tensorArg(a, 0), target = tensorArg(a, 1);
  const int64_t reduction = intArg(a, 2);
  const int64_t rank = input.dim();
  const bool ok = rank == 0 || (rank == 1 && input.size(0) != 0) || (rank == 2 && input.size(1) != 0);
  if (!ok)
    throw RuntimeError(str("Expected non-empty vector or matrix with optional 0-dim batch size, but got: ",
                           shapeString(input.sizes())));
  const int64_t frames = rank == 2 ? input.size(0) : 1;
  const int64_t classes = rank == 0 ? 1 : input.size(rank - 1);
  const bool targetOk = rank <= 1 ? target.dim() <= 1 && target.numel() == classes
                                  : target.dim() == 2 && target.size(0) == frames && target.size(1) == classes;
  if (!targetOk) throw RuntimeError(str("inconsistent size ", shapeString(target.sizes()), " for argument #2 'target'"));
  for (int64_t i = 0; i < target.numel(); ++i)
    if (target.getInt64(i) < -1 || target.getInt64(i) >= classes)
      throw RuntimeError("argument #2 'target' is out of range");
  const ScalarType dt = input.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImplemented("multilabel_margin_loss_forward_out_frame", dt);
  expectDtype(target, ScalarType::Int64);
  std::vector<double> losses;
  for (int64_t n = 0; n < frames; ++n) {
    std::vector<int64_t> labels;
    for (int64_t j = 0; j < classes && target.getInt64(n * classes + j) >= 0; ++j) labels.push_back(target.getInt64(n * classes + j));
    double total = 0;
    for (int64_t label : labels)
      for (int64_t i = 0; i < classes; ++i) {
        if (std::find(labels.begin(), labels.end(), i) != labels.end()) continue;
        total += std::max(0.0, 1 - input.getDouble(n * classes + label) + input.getDouble(n * classes + i));
      }
    losses.push_back(total / static_cast<double>(classes));
  }
  if (reduction == 0) return one(Tensor::fromDoubles(losses, rank <= 1 ? std::vector<int64_t>{} : std::vector<int64_t>{frames}, dt));
  return one(reduceLoss(losses, {frames}, reduction == 1 ? 1 : 2, dt));
}

// soft_margin_loss: log(1 + exp(-input * target)) in input's shape and dtype; a nonzero code other
// than mean / sum keeps only the first loss (1.13 resizes the unreduced output to []).
std::vector<IValue> softMarginLoss(Args& a) {
  const Tensor input = tensorArg(a, 0), target = tensorArg(a, 1);
  const int64_t reduction = intArg(a, 2);
  Tensor out = step("aten::neg", {input});
  runKernel("aten::mul_.Tensor", {out, target});
  runKernel("aten::exp_", {out});
  runKernel("aten::log1p_", {out});
  if (reduction == 0) return one(out);
  if (reduction == 1 || reduction == 2) return one(lossReduction(out, reduction));
  return one(Tensor::scalar(out.numel() == 0 ? 0.0 : out.getDouble(0), out.dtype()));
}

// ---- composites ----------------------------------------------------------------------------------

std::vector<IValue> klDiv(Args& a) {
  const Tensor input = tensorArg(a, 0), target = tensorArg(a, 1);
  if (!isFloating(input.dtype()) || !isFloating(target.dtype())) throw RuntimeError("kl_div: Integral inputs not supported.");
  const Tensor out = boolArg(a, 3) ? times(step("aten::exp", {target}), minus(target, input))
                                   : minus(step("aten::xlogy.Tensor", {target, target}), times(target, input));
  return one(lossReduction(out, intArg(a, 2)));
}

std::vector<IValue> marginRankingLoss(Args& a) {
  const Tensor diff = minus(tensorArg(a, 0), tensorArg(a, 1));
  const Tensor out = clampMinInPlace(plusScalar(times(step("aten::neg", {tensorArg(a, 2)}), diff), doubleArg(a, 3)));
  return one(lossReduction(out, intArg(a, 4)));
}

std::vector<IValue> hingeEmbeddingLoss(Args& a) {
  const Tensor self = tensorArg(a, 0), target = tensorArg(a, 1);
  const Tensor zeros = zerosLike(self);
  const Tensor marginClamp = clampMinInPlace(scalarMinus(doubleArg(a, 2), self));
  const Tensor notPositive = step("aten::ne.Scalar", {target, int64_t{1}}), notNegative = step("aten::ne.Scalar", {target, int64_t{-1}});
  const Tensor out = plus(step("aten::where.self", {notPositive, marginClamp, zeros}), step("aten::where.self", {notNegative, self, zeros}));
  return one(lossReduction(out, intArg(a, 3)));
}

std::vector<IValue> cosineEmbeddingLoss(Args& a) {
  const Tensor x1 = tensorArg(a, 0), x2 = tensorArg(a, 1), target = tensorArg(a, 2);
  const int64_t td = target.dim();
  if (td > 1) throw RuntimeError("0D or 1D target tensor expected, multi-target not supported");
  if (td == 1 && (x1.dim() != 2 || x2.dim() != 2))
    throw RuntimeError(str("1D target tensor expects 2D input tensors, but found inputs with sizes ", shapeString(x1.sizes()),
                           " and ", shapeString(x2.sizes()), "."));
  if (td == 0 && (x1.dim() != 1 || x2.dim() != 1))
    throw RuntimeError(str("0D target tensor expects 1D input tensors, but found inputs with sizes ", shapeString(x1.sizes()),
                           " and ", shapeString(x2.sizes()), "."));
  auto rowSum = [&](const Tensor& t) { return step("aten::sum.dim_IntList", {t, dims({td}), false, IValue()}); };
  const Tensor dot = rowSum(times(x1, x2));
  const Tensor sq1 = plusScalar(rowSum(times(x1, x1)), 1e-12), sq2 = plusScalar(rowSum(times(x2, x2)), 1e-12);
  Tensor denom = times(sq1, sq2);
  runKernel("aten::sqrt_", {denom});
  const Tensor cosine = step("aten::div.Tensor", {dot, denom});
  const Tensor zeros = zerosLike(cosine);
  const Tensor pos = scalarMinus(1.0, cosine);
  const Tensor negative = clampMinInPlace(step("aten::sub.Scalar", {cosine, doubleArg(a, 3), int64_t{1}}));
  const Tensor isPos = step("aten::eq.Scalar", {target, int64_t{1}}), isNeg = step("aten::eq.Scalar", {target, int64_t{-1}});
  const Tensor out = plus(step("aten::where.self", {isPos, pos, zeros}), step("aten::where.self", {isNeg, negative, zeros}));
  return one(lossReduction(out, intArg(a, 4)));
}

// pairwise_distance: norm(x1 - x2 + eps, p) over the last dim of the broadcast.
Tensor pairwiseDistance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim) {
  const int64_t last = std::max(x1.dim(), x2.dim()) - 1;
  return step("aten::norm.ScalarOpt_dim", {plusScalar(minus(x1, x2), eps), p, dims({last}), keepdim});
}

std::vector<IValue> tripletMarginLoss(Args& a) {
  const Tensor anchor = tensorArg(a, 0), pos = tensorArg(a, 1), negative = tensorArg(a, 2);
  const double margin = doubleArg(a, 3), p = doubleArg(a, 4), eps = doubleArg(a, 5);
  if (anchor.dim() != pos.dim() || pos.dim() != negative.dim())
    throw RuntimeError(str("All inputs should have same dimension but got ", anchor.dim(), "D, ", pos.dim(), "D and ",
                           negative.dim(), "D inputs."));
  const Tensor dPos = pairwiseDistance(anchor, pos, p, eps, false);
  Tensor dNeg = pairwiseDistance(anchor, negative, p, eps, false);
  if (boolArg(a, 6)) dNeg = step("aten::min.other", {dNeg, pairwiseDistance(pos, negative, p, eps, false)});
  const Tensor out = step("aten::clamp_min", {minus(plusScalar(dPos, margin), dNeg), int64_t{0}});
  return one(lossReduction(out, intArg(a, 7)));
}

std::vector<IValue> poissonNllLoss(Args& a) {
  const Tensor input = tensorArg(a, 0), target = tensorArg(a, 1);
  const double eps = doubleArg(a, 4);
  Tensor loss = boolArg(a, 2) ? minus(step("aten::exp", {input}), times(target, input))
                              : minus(input, times(target, step("aten::log", {plusScalar(input, eps)})));
  if (boolArg(a, 3)) {  // Stirling's term target log target - target + log(2 pi target) / 2, where target > 1
    const Tensor stirling = plus(minus(times(target, step("aten::log", {target})), target),
                                 timesScalar(step("aten::log", {timesScalar(target, 2 * M_PI)}), 0.5));
    const Tensor small = step("aten::le.Scalar", {target, int64_t{1}});
    runKernel("aten::add_.Tensor", {loss, step("aten::masked_fill.Scalar", {stirling, small, int64_t{0}}), int64_t{1}});
  }
  return one(lossReduction(loss, intArg(a, 5)));
}

}  // namespace

void registerNNLossMoreKernels() {
  // _infer_size(a, b): the broadcast of two shapes; 1.13's mismatch message calls b "tensor a".
  def("aten::_infer_size", [](Args& a) { return one(intList(inferBroadcastShape(intListArg(a, 1), intListArg(a, 0)))); });
  def("aten::binary_cross_entropy", binaryCrossEntropy);
  def("aten::kl_div", klDiv);
  def("aten::soft_margin_loss", softMarginLoss);
  def("aten::margin_ranking_loss", marginRankingLoss);
  def("aten::hinge_embedding_loss", hingeEmbeddingLoss);
  def("aten::cosine_embedding_loss", cosineEmbeddingLoss);
  def("aten::triplet_margin_loss", tripletMarginLoss);
  def("aten::pairwise_distance", [](Args& a) {
    return one(pairwiseDistance(tensorArg(a, 0), tensorArg(a, 1), doubleArg(a, 2), doubleArg(a, 3), boolArg(a, 4)));
  });
  def("aten::poisson_nll_loss", poissonNllLoss);
  def("aten::multi_margin_loss", multiMarginLoss);
  def("aten::multilabel_margin_loss", multilabelMarginLoss);
}

}  // namespace tsjit::reference
