// NNLossMore.cpp — optimized kernels of the NN family, part 4: the remaining losses
// (binary_cross_entropy, kl_div, soft_margin_loss, margin_ranking_loss, hinge_embedding_loss,
// cosine_embedding_loss, triplet_margin_loss, poisson_nll_loss, multi_margin_loss,
// multilabel_margin_loss).
// Semantics (PyTorch 1.13 CPU): binary_cross_entropy, multi_margin_loss and multilabel_margin_loss
// are native loops (float / double only, same-dtype operands); soft_margin_loss is native but
// built from in-place steps on a copy of -input (so its result has input's shape and dtype); the
// others are ATen composites, run here through the same kernels (runKernel) in the same order,
// so their dtypes, broadcasting and error messages are those of the steps.
// Invariants: reduction codes are PyTorch's (0 none, 1 mean, 2 sum); what a composite does with
// another code follows its steps (mostly: unreduced); native per-element terms are computed in
// double and rounded once to the result dtype.
#include <cmath>
#include <optional>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

constexpr int64_t kNone = 0, kMean = 1, kSum = 2;

[[noreturn]] void notImpl(const char* kernel, ScalarType dt) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(dt), "'"));
}

// ---- composite steps (the kernels of the ops ATen's composite calls) ---------------------------

Tensor k(const char* overload, std::vector<IValue> args) { return runKernel(overload, std::move(args)).toTensor(); }
Tensor sub(const Tensor& a, const Tensor& b) { return k("aten::sub.Tensor", {a, b, int64_t{1}}); }
Tensor add(const Tensor& a, const Tensor& b) { return k("aten::add.Tensor", {a, b, int64_t{1}}); }
Tensor mul(const Tensor& a, const Tensor& b) { return k("aten::mul.Tensor", {a, b}); }
Tensor div(const Tensor& a, const Tensor& b) { return k("aten::div.Tensor", {a, b}); }
Tensor addS(const Tensor& a, double s) { return k("aten::add.Scalar", {a, s, int64_t{1}}); }
Tensor subS(const Tensor& a, double s) { return k("aten::sub.Scalar", {a, s, int64_t{1}}); }
Tensor mulS(const Tensor& a, double s) { return k("aten::mul.Scalar", {a, s}); }
Tensor neg(const Tensor& a) { return k("aten::neg", {a}); }
Tensor where(const Tensor& c, const Tensor& a, const Tensor& b) { return k("aten::where.self", {c, a, b}); }
Tensor zerosLike(const Tensor& a) { return k("aten::zeros_like", {a, IValue(), IValue(), IValue(), IValue(), IValue()}); }
// C++'s `scalar - tensor` in ATen: empty_like(t).fill_(s).sub_(t) (the scalar takes t's dtype).
Tensor scalarMinus(double s, const Tensor& t) {
  Tensor f = Tensor::emptyLike(t);
  runKernel("aten::fill_.Scalar", {f, s});
  runKernel("aten::sub_.Tensor", {f, t, int64_t{1}});
  return f;
}
// clamp_min_(0): ATen passes the int 0, so an integral tensor stays integral.
void clampMin_(const Tensor& t) { runKernel("aten::clamp_min_", {t, int64_t{0}}); }

// apply_loss_reduction: mean / sum of the losses, the losses themselves otherwise.
Tensor applyReduction(const Tensor& loss, int64_t reduction) {
  if (reduction == kMean) return k("aten::mean", {loss, IValue()});
  if (reduction == kSum) return k("aten::sum", {loss, IValue()});
  return loss;
}

// Reduces per-element losses (shape `shape`) into a tensor of dtype dt (an empty mean is NaN).
Tensor reduceLoss(const std::vector<double>& v, const std::vector<int64_t>& shape, int64_t reduction, ScalarType dt,
                  std::optional<double> meanDivisor = std::nullopt) {
  if (reduction != kMean && reduction != kSum) return Tensor::fromDoubles(v, shape, dt);
  double s = 0;
  for (double x : v) s += x;
  if (reduction == kMean) s /= meanDivisor ? *meanDivisor : static_cast<double>(v.size());
  return Tensor::scalar(s, dt);
}

void checkScalarType(const Tensor& t, ScalarType want) {
  if (t.dtype() != want) throw RuntimeError(str("expected scalar type ", irName(want), " but found ", irName(t.dtype())));
}

// ---- native losses -------------------------------------------------------------------------------

// binary_cross_entropy: 1.13 iterates over squeeze(loss), squeeze(input), squeeze(target) (so
// target broadcasts to input only after dropping size-1 dims), all of input's dtype; then loss *=
// weight (weight broadcast to input's shape) and the reduction.
Tensor binaryCrossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, int64_t reduction) {
  const Tensor si = input.squeeze(), st = target.squeeze();
  const std::vector<int64_t> shape = inferBroadcastShape(si.sizes(), st.sizes());
  if (shape != si.sizes())
    throw RuntimeError(str("binary_cross_entropy: target of shape ", shapeStr(target.sizes()),
                           " does not broadcast to the input's shape ", shapeStr(input.sizes()),
                           " (PyTorch 1.13 resizes its output here and returns unspecified values)"));
  const ScalarType dt = input.dtype();
  if (target.dtype() != dt)
    throw RuntimeError(str("Found dtype ", irName(target.dtype()), " but expected ", irName(dt)));
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImpl("binary_cross_entropy", dt);
  const std::vector<double> x = toVector<double>(input), t = toVector<double>(st.expand(shape));
  std::vector<double> loss(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const double v = x[i];
    if (!(v >= 0 && v <= 1)) throw RuntimeError("all elements of input should be between 0 and 1");
    loss[i] = (t[i] - 1) * std::max(std::log1p(-v), -100.0) - t[i] * std::max(std::log(v), -100.0);
  }
  if (weight.defined()) {
    const std::vector<int64_t> wb = inferBroadcastShape(input.sizes(), weight.sizes());
    if (wb != input.sizes())
      throw RuntimeError(str("output with shape ", shapeStr(input.sizes()), " doesn't match the broadcast shape ", shapeStr(wb)));
    // loss.mul_(weight) rounds the product to the loss dtype.
    const std::vector<double> w = toVector<double>(weight.expand(input.sizes()));
    for (size_t i = 0; i < loss.size(); ++i)
      loss[i] = (dt == ScalarType::Float ? static_cast<double>(static_cast<float>(loss[i])) : loss[i]) * w[i];
  }
  return reduceLoss(loss, input.sizes(), reduction, dt);
}

// soft_margin_loss: neg(input).mul_(target).exp_().log1p_(), then Mean / Sum; any other nonzero
// reduction leaves the first loss as a 0-dim result (1.13 resizes the output to [] and copies
// the unreduced losses onto themselves).
Tensor softMarginLoss(const Tensor& input, const Tensor& target, int64_t reduction) {
  Tensor out = neg(input);
  // out.mul_(target): TensorIterator checks the broadcast before the result type.
  if (const std::vector<int64_t> b = inferBroadcastShape(out.sizes(), target.sizes()); b != out.sizes())
    throw RuntimeError(str("output with shape ", shapeStr(out.sizes()), " doesn't match the broadcast shape ", shapeStr(b)));
  runKernel("aten::mul_.Tensor", {out, target});
  runKernel("aten::exp_", {out});
  runKernel("aten::log1p_", {out});
  if (reduction == kNone) return out;
  if (reduction == kMean || reduction == kSum) return applyReduction(out, reduction);
  if (out.numel() == 0) return Tensor::scalar(0.0, out.dtype());
  return out.contiguous().flatten().select(0, 0).clone();
}

// multi_margin_loss: per frame, sum over i != y of max(0, margin - x[y] + x[i])^p (times w[y]),
// divided by the class count.
Tensor multiMarginLoss(const Tensor& input, const Tensor& target, const IValue& pV, const IValue& marginV,
                       const Tensor& weight, int64_t reduction) {
  const int64_t p = scalarI(pV);
  const double margin = scalarD(marginV);
  if (p != 1 && p != 2) throw RuntimeError("only p == 1 and p == 2 supported");
  const int64_t nd = input.dim();
  if (!((nd == 2 && input.size(1) != 0) || (nd == 1 && input.size(0) != 0) || nd == 0))
    throw RuntimeError(str("Expected non-empty vector or matrix with optional 0-dim batch size, but got: ", shapeStr(input.sizes())));
  const int64_t nframe = nd <= 1 ? 1 : input.size(0), dim = nd == 0 ? 1 : input.size(nd - 1);
  if (!(target.dim() <= 1 && target.numel() == nframe))
    throw RuntimeError(str("inconsistent target size, got: ", shapeStr(target.sizes())));
  if (weight.defined() && weight.numel() != dim)
    throw RuntimeError(str("inconsistent weight size, expected ", dim, " but got ", shapeStr(weight.sizes())));
  const ScalarType dt = input.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImpl("multi_margin_loss_cpu_kernel", dt);
  checkScalarType(target, ScalarType::Int64);
  if (weight.defined()) checkScalarType(weight, dt);
  const std::vector<double> x = toVector<double>(input);
  const std::vector<int64_t> y = toVector<int64_t>(target);
  const std::vector<double> w = weight.defined() ? toVector<double>(weight) : std::vector<double>{};
  std::vector<double> loss(static_cast<size_t>(nframe), 0.0);
  for (int64_t n = 0; n < nframe; ++n) {
    const int64_t t = y[n];
    if (t < 0 || t >= dim) throw RuntimeError("target out of range");
    const double* row = x.data() + n * dim;
    double s = 0;
    for (int64_t i = 0; i < dim; ++i) {
      if (i == t) continue;
      const double z = margin - row[t] + row[i];
      if (z > 0) s += (p == 1 ? z : z * z) * (w.empty() ? 1.0 : w[t]);
    }
    loss[n] = s / static_cast<double>(dim);
  }
  if (reduction == kNone && target.dim() > 0) return Tensor::fromDoubles(loss, {nframe}, dt);
  if (reduction == kNone) return Tensor::fromDoubles(loss, {}, dt);
  return reduceLoss(loss, {nframe}, reduction == kMean ? kMean : kSum, dt);
}

// multilabel_margin_loss: targets of a frame are its leading non-negative entries; sum over each
// target j and non-target i of max(0, 1 - (x[j] - x[i])), divided by the class count.
Tensor multilabelMarginLoss(const Tensor& input, const Tensor& target, int64_t reduction) {
  const int64_t nd = input.dim();
  if (!((nd == 2 && input.size(1) != 0) || (nd == 1 && input.size(0) != 0) || nd == 0))
    throw RuntimeError(str("Expected non-empty vector or matrix with optional 0-dim batch size, but got: ", shapeStr(input.sizes())));
  int64_t nframe = 1, dim = 1;
  if (nd <= 1) {
    dim = nd == 0 ? 1 : input.size(0);
    if (!(target.dim() <= 1 && target.numel() == dim))
      throw RuntimeError(str("inconsistent size ", shapeStr(target.sizes()), " for argument #2 'target'"));
  } else {
    nframe = input.size(0), dim = input.size(1);
    if (!(target.dim() == 2 && target.size(0) == nframe && target.size(1) == dim))
      throw RuntimeError(str("inconsistent size ", shapeStr(target.sizes()), " for argument #2 'target'"));
  }
  const std::vector<int64_t> y = toVector<int64_t>(target);
  for (int64_t v : y)  // 1.13 checks target.min() >= -1 and target.max() < dim first
    if (v < -1 || v >= dim) throw RuntimeError("argument #2 'target' is out of range");
  const ScalarType dt = input.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImpl("multilabel_margin_loss_forward_out_frame", dt);
  checkScalarType(target, ScalarType::Int64);
  const std::vector<double> x = toVector<double>(input);
  std::vector<double> loss(static_cast<size_t>(nframe), 0.0);
  std::vector<char> isTarget(static_cast<size_t>(dim));
  for (int64_t n = 0; n < nframe; ++n) {
    const double* row = x.data() + n * dim;
    const int64_t* ty = y.data() + n * dim;
    std::fill(isTarget.begin(), isTarget.end(), 0);
    for (int64_t j = 0; j < dim && ty[j] >= 0; ++j) isTarget[ty[j]] = 1;
    double s = 0;
    for (int64_t j = 0; j < dim && ty[j] >= 0; ++j)
      for (int64_t i = 0; i < dim; ++i)
        if (!isTarget[i]) {
          const double z = 1 - row[ty[j]] + row[i];
          if (z > 0) s += z;
        }
    loss[n] = s / static_cast<double>(dim);
  }
  if (reduction == kNone) return Tensor::fromDoubles(loss, nd <= 1 ? std::vector<int64_t>{} : std::vector<int64_t>{nframe}, dt);
  return reduceLoss(loss, {nframe}, reduction == kMean ? kMean : kSum, dt);
}

// ---- composites ------------------------------------------------------------------------------------

Tensor klDiv(const Tensor& input, const Tensor& target, int64_t reduction, bool logTarget) {
  if (!isFloatingType(input.dtype()) || !isFloatingType(target.dtype()))
    throw RuntimeError("kl_div: Integral inputs not supported.");
  Tensor out = logTarget ? mul(k("aten::exp", {target}), sub(target, input))
                         : sub(k("aten::xlogy.Tensor", {target, target}), mul(target, input));
  return applyReduction(out, reduction);
}

Tensor marginRankingLoss(const Tensor& i1, const Tensor& i2, const Tensor& target, double margin, int64_t reduction) {
  const Tensor d = sub(i1, i2);
  Tensor out = addS(mul(neg(target), d), margin);
  clampMin_(out);
  return applyReduction(out, reduction);
}

Tensor hingeEmbeddingLoss(const Tensor& self, const Tensor& target, double margin, int64_t reduction) {
  const Tensor zeros = zerosLike(self);
  Tensor marginClamp = scalarMinus(margin, self);
  clampMin_(marginClamp);
  const Tensor outMargin = where(k("aten::ne.Scalar", {target, int64_t{1}}), marginClamp, zeros);
  const Tensor outSelf = where(k("aten::ne.Scalar", {target, int64_t{-1}}), self, zeros);
  return applyReduction(add(outMargin, outSelf), reduction);
}

Tensor cosineEmbeddingLoss(const Tensor& i1, const Tensor& i2, const Tensor& target, double margin, int64_t reduction) {
  const int64_t td = target.dim();
  if (td != 0 && td != 1) throw RuntimeError("0D or 1D target tensor expected, multi-target not supported");
  if (td == 1 && !(i1.dim() == 2 && i2.dim() == 2))
    throw RuntimeError(str("1D target tensor expects 2D input tensors, but found inputs with sizes ", shapeStr(i1.sizes()),
                           " and ", shapeStr(i2.sizes()), "."));
  if (td == 0 && !(i1.dim() == 1 && i2.dim() == 1))
    throw RuntimeError(str("0D target tensor expects 1D input tensors, but found inputs with sizes ", shapeStr(i1.sizes()),
                           " and ", shapeStr(i2.sizes()), "."));
  auto sumDim = [&](const Tensor& t) { return k("aten::sum.dim_IntList", {t, intListValue({td}), false, IValue()}); };
  const Tensor prodSum = sumDim(mul(i1, i2));
  const Tensor mag1 = addS(sumDim(mul(i1, i1)), 1e-12), mag2 = addS(sumDim(mul(i2, i2)), 1e-12);
  Tensor denom = mul(mag1, mag2);
  runKernel("aten::sqrt_", {denom});
  const Tensor cos = div(prodSum, denom);
  const Tensor zeros = zerosLike(cos);
  const Tensor pos = scalarMinus(1.0, cos);
  Tensor negative = subS(cos, margin);
  clampMin_(negative);
  const Tensor outPos = where(k("aten::eq.Scalar", {target, int64_t{1}}), pos, zeros);
  const Tensor outNeg = where(k("aten::eq.Scalar", {target, int64_t{-1}}), negative, zeros);
  return applyReduction(add(outPos, outNeg), reduction);
}

Tensor pairwiseDistance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim) {
  const int64_t innermost = std::max(x1.dim(), x2.dim()) - 1;
  return k("aten::norm.ScalarOpt_dim", {addS(sub(x1, x2), eps), p, intListValue({innermost}), keepdim});
}

Tensor tripletMarginLoss(const Tensor& a, const Tensor& pos, const Tensor& negT, double margin, double p, double eps,
                         bool swap, int64_t reduction) {
  if (!(a.dim() == pos.dim() && pos.dim() == negT.dim()))
    throw RuntimeError(str("All inputs should have same dimension but got ", a.dim(), "D, ", pos.dim(), "D and ",
                           negT.dim(), "D inputs."));
  const Tensor dPos = pairwiseDistance(a, pos, p, eps, false);
  Tensor dNeg = pairwiseDistance(a, negT, p, eps, false);
  if (swap) dNeg = k("aten::min.other", {dNeg, pairwiseDistance(pos, negT, p, eps, false)});
  const Tensor out = k("aten::clamp_min", {sub(addS(dPos, margin), dNeg), int64_t{0}});
  return applyReduction(out, reduction);
}

Tensor poissonNllLoss(const Tensor& input, const Tensor& target, bool logInput, bool full, double eps, int64_t reduction) {
  Tensor loss = logInput ? sub(k("aten::exp", {input}), mul(target, input))
                         : sub(input, mul(target, k("aten::log", {addS(input, eps)})));
  if (full) {
    const Tensor logT = k("aten::log", {target});
    const Tensor half = mulS(k("aten::log", {mulS(target, 2 * M_PI)}), 0.5);
    const Tensor stirling = add(sub(mul(target, logT), target), half);
    const Tensor masked = k("aten::masked_fill.Scalar", {stirling, k("aten::le.Scalar", {target, int64_t{1}}), int64_t{0}});
    runKernel("aten::add_.Tensor", {loss, masked, int64_t{1}});
  }
  if (reduction == kMean) return k("aten::mean", {loss, IValue()});
  if (reduction == kSum) return k("aten::sum", {loss, IValue()});
  return loss;
}

}  // namespace

void registerNNLossMoreKernels() {
  // _infer_size(a, b): 1.13 names b's size "tensor a" in its mismatch message.
  def("aten::_infer_size", op([](IValue* a) { return intListValue(inferBroadcastShape(intList(a[1]), intList(a[0]))); }));
  def("aten::binary_cross_entropy", op([](IValue* a) {
        return IValue(binaryCrossEntropy(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), a[3].toInt()));
      }));
  def("aten::kl_div", op([](IValue* a) {
        return IValue(klDiv(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), a[3].toBool()));
      }));
  def("aten::soft_margin_loss", op([](IValue* a) {
        return IValue(softMarginLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt()));
      }));
  def("aten::margin_ranking_loss", op([](IValue* a) {
        return IValue(marginRankingLoss(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), a[3].toDouble(), a[4].toInt()));
      }));
  def("aten::hinge_embedding_loss", op([](IValue* a) {
        return IValue(hingeEmbeddingLoss(a[0].toTensor(), a[1].toTensor(), a[2].toDouble(), a[3].toInt()));
      }));
  def("aten::cosine_embedding_loss", op([](IValue* a) {
        return IValue(cosineEmbeddingLoss(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), a[3].toDouble(), a[4].toInt()));
      }));
  def("aten::triplet_margin_loss", op([](IValue* a) {
        return IValue(tripletMarginLoss(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), a[3].toDouble(), a[4].toDouble(),
                                        a[5].toDouble(), a[6].toBool(), a[7].toInt()));
      }));
  def("aten::poisson_nll_loss", op([](IValue* a) {
        return IValue(poissonNllLoss(a[0].toTensor(), a[1].toTensor(), a[2].toBool(), a[3].toBool(), a[4].toDouble(), a[5].toInt()));
      }));
  def("aten::multi_margin_loss", op([](IValue* a) {
        return IValue(multiMarginLoss(a[0].toTensor(), a[1].toTensor(), a[2], a[3], optTensor(a[4]), a[5].toInt()));
      }));
  def("aten::multilabel_margin_loss", op([](IValue* a) {
        return IValue(multilabelMarginLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt()));
      }));
  def("aten::pairwise_distance", op([](IValue* a) {
        return IValue(pairwiseDistance(a[0].toTensor(), a[1].toTensor(), a[2].toDouble(), a[3].toDouble(), a[4].toBool()));
      }));
}

}  // namespace tsjit::kernels
