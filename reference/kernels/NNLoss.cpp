// NNLoss.cpp — reference kernels of the losses (NN family, part 3): mse_loss, l1_loss,
// smooth_l1_loss, nll_loss_nd, cross_entropy_loss (class indices, label smoothing, class
// probabilities) and binary_cross_entropy_with_logits. reduction: 0 none, 1 mean, 2 sum.
//
// Semantics (PyTorch 1.13, CPU): mse_loss / smooth_l1_loss are binary TensorIterator kernels
// (promoted dtype, broadcasting) dispatching floating dtypes only ("mse_cpu" / "smooth_l1_cpu" not
// implemented for integral or bool); l1_loss is the composite (input - target).abs() (integers
// allowed; its mean then needs a floating dtype); nll_loss takes a float/double/bfloat16 input
// ("nll_loss_out_frame") and Long (or Byte, 1-D/2-D only) targets, read only when a target must be
// looked at; cross_entropy is log_softmax + nll, or the class-probability / label-smoothing
// composites; binary_cross_entropy_with_logits is ATen's composite of in-place ops, so its result
// has the target's dtype and shape and an integral input fails in exp_.
// Invariants: values are computed in double from the (broadcast) inputs and rounded once to the
// result dtype; integral l1 values wrap in their dtype as ATen's sub / abs do.
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

// Elementwise floating loss over the broadcast of self and target; fn(x, y) -> loss.
template <typename F>
Tensor pointwiseLoss(const Tensor& self, const Tensor& target, int64_t reduction, const char* kernel, int assertLine, F&& fn) {
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), target.sizes());
  // 1.13's meta function asserts a valid reduction after broadcasting, before the dtype check
  // (python3-torch 1.13.1: mse_loss at Loss.cpp:50, smooth_l1_loss at :39).
  if (reduction < 0 || reduction > 2)
    throw RuntimeError(str("reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "
                           "\"./aten/src/ATen/native/Loss.cpp\":", assertLine, ", please report a bug to PyTorch."));
  const ScalarType dt = resultType(self, target);
  if (!isFloatingType(dt)) notImplemented(kernel, dt);
  Tensor x = self.expand(shape), y = target.expand(shape);
  std::vector<double> losses(static_cast<size_t>(product(shape)));
  for (size_t i = 0; i < losses.size(); ++i)
    losses[i] = fn(x.getDouble(static_cast<int64_t>(i)), y.getDouble(static_cast<int64_t>(i)));
  return reduceLoss(losses, shape, reduction, dt);
}

std::vector<IValue> mseLoss(Args& a) {
  // No BFloat16 in 1.13's mse kernel (Half is there).
  if (resultType(tensorArg(a, 0), tensorArg(a, 1)) == ScalarType::BFloat16) notImplemented("mse_cpu", ScalarType::BFloat16);
  return one(pointwiseLoss(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2), "mse_cpu", 50,
                           [](double x, double y) { return (x - y) * (x - y); }));
}

// huber_loss: 1.13 writes into empty_like(self): self's shape and dtype (target broadcasts to it;
// the promoted floating dtype must cast safely to self's), |x - y| < delta ? (x - y)^2 / 2 :
// delta (|x - y| - delta / 2); Mean / Sum reduce, other reduction values return the losses.
std::vector<IValue> huberLoss(Args& a) {
  const Tensor self = tensorArg(a, 0), target = tensorArg(a, 1);
  int64_t reduction = intArg(a, 2);
  const double delta = doubleArg(a, 3);
  if (!(delta > 0)) throw RuntimeError("huber_loss does not support non-positive values for delta.");
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), target.sizes());
  if (shape != self.sizes())
    throw RuntimeError(str("output with shape ", shapeString(self.sizes()), " doesn't match the broadcast shape ",
                           shapeString(shape)));
  const ScalarType dt = resultType(self, target);
  if (!isFloatingType(self.dtype()) && isFloatingType(dt))
    throw RuntimeError(str("result type ", dt, " can't be cast to the desired output type ", self.dtype()));
  if (!isFloatingType(dt)) notImplemented("huber_cpu", dt);
  const Tensor x = self.to(dt), y = target.expand(shape).to(dt);
  std::vector<double> losses(static_cast<size_t>(product(shape)));
  for (size_t i = 0; i < losses.size(); ++i) {
    const double d = std::fabs(x.getDouble(static_cast<int64_t>(i)) - y.getDouble(static_cast<int64_t>(i)));
    losses[i] = d < delta ? 0.5 * d * d : delta * (d - 0.5 * delta);
  }
  if (reduction != 1 && reduction != 2) reduction = 0;
  return one(reduceLoss(losses, shape, reduction, self.dtype()));
}

std::vector<IValue> smoothL1Loss(Args& a) {
  const double beta = doubleArg(a, 3);
  if (beta < 0) throw RuntimeError("smooth_l1_loss does not support negative values for beta.");
  return one(pointwiseLoss(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2), "smooth_l1_cpu", 39, [beta](double x, double y) {
    const double z = std::fabs(x - y);
    return z < beta ? 0.5 * z * z / beta : z - 0.5 * beta;
  }));
}

// l1_loss = apply_loss_reduction((input - target).abs(), reduction).
std::vector<IValue> l1Loss(Args& a) {
  Tensor self = tensorArg(a, 0), target = tensorArg(a, 1);
  const int64_t reduction = intArg(a, 2);
  if (self.dtype() == ScalarType::Bool && target.dtype() == ScalarType::Bool)
    throw RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                       "`logical_xor()` operator instead.");
  if (self.dtype() == ScalarType::Bool || target.dtype() == ScalarType::Bool)
    throw RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
                       "invert a mask, use the `~` or `logical_not()` operator instead.");
  const ScalarType dt = resultType(self, target);
  const bool floating = isFloatingType(dt);
  Tensor diff = floating ? mapFloating({self, target}, dt, dt, [](const double* v) { return std::fabs(v[0] - v[1]); })
                         : mapIntegral({self, target}, dt, dt, [dt](const int64_t* v) {
                             const int64_t d = castInt(static_cast<int64_t>(static_cast<uint64_t>(v[0]) -
                                                                            static_cast<uint64_t>(v[1])),
                                                       dt);
                             return d < 0 ? static_cast<int64_t>(0 - static_cast<uint64_t>(d)) : d;
                           });
  if (reduction == 1) {
    if (!floating)
      throw RuntimeError(str("mean(): could not infer output dtype. Input dtype must be either a floating point or "
                             "complex dtype. Got: ", dt));
    return one(reduceLoss(diff.toDoubles(), diff.sizes(), 1, dt));
  }
  if (reduction == 2) {
    if (floating) return one(reduceLoss(diff.toDoubles(), diff.sizes(), 2, dt));
    uint64_t s = 0;
    for (int64_t v : diff.toInt64s()) s += static_cast<uint64_t>(v);
    return one(Tensor::scalarInt(static_cast<int64_t>(s), ScalarType::Int64));
  }
  return one(diff);
}

// ---- nll / cross entropy ---------------------------------------------------------------------------

// Values of a [N, C, S] view (dim 1 the class dim; a 1-D input is [1, C, 1]).
struct ClassView {
  int64_t N = 1, C = 1, S = 1;
  std::vector<double> v;  // v[(n * C + c) * S + s]
};

ClassView asClassView(const Tensor& self, std::vector<double> values) {
  ClassView cv;
  cv.v = std::move(values);
  if (self.dim() == 1) {
    cv.C = self.size(0);
  } else {
    cv.N = self.size(0);
    cv.C = self.size(1);
    cv.S = product(std::vector<int64_t>(self.sizes().begin() + 2, self.sizes().end()));
  }
  return cv;
}

// log_softmax(self, class dim, self's dtype): the check ATen's kernel makes, then the values in double.
std::vector<double> logSoftmaxValues(const Tensor& self) {
  const int64_t classDim = self.dim() == 1 ? 0 : 1;
  wrapDim(classDim, self.dim());
  const ScalarType dt = self.dtype();
  if (self.numel() > 0 && dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::BFloat16)
    notImplemented(classDim == self.dim() - 1 ? "log_softmax_lastdim_kernel_impl" : "softmax_kernel_impl", dt);  // sic, 1.13
  ClassView cv = asClassView(self, self.toDoubles());
  for (int64_t n = 0; n < cv.N; ++n)
    for (int64_t s = 0; s < cv.S; ++s) {
      double mx = -INFINITY;
      for (int64_t c = 0; c < cv.C; ++c) mx = std::max(mx, cv.v[static_cast<size_t>((n * cv.C + c) * cv.S + s)]);
      double sum = 0;
      for (int64_t c = 0; c < cv.C; ++c) sum += std::exp(cv.v[static_cast<size_t>((n * cv.C + c) * cv.S + s)] - mx);
      const double lse = mx + std::log(sum);
      for (int64_t c = 0; c < cv.C; ++c) cv.v[static_cast<size_t>((n * cv.C + c) * cv.S + s)] -= lse;
    }
  return cv.v;
}

void checkDataPtr(const Tensor& t, ScalarType want) {
  if (t.dtype() != want) throw RuntimeError(str("expected scalar type ", want, " but found ", t.dtype()));
}

// nll_loss_nd over log-probabilities `values` shaped like self, with ATen's checks in its order
// (nll_loss for 1-D / 2-D inputs, nll_loss2d otherwise). The result has self's dtype.
Tensor nllLoss(const Tensor& self, const std::vector<double>& values, const Tensor& target,
               const std::optional<Tensor>& weight, int64_t reduction, int64_t ignoreIndex) {
  const int64_t dim = self.dim();
  if (dim < 1) throw RuntimeError(str("Expected 1 or more dimensions (got ", dim, ")"), "ValueError");
  if (dim != 1 && (target.dim() == 0 || self.size(0) != target.size(0)))
    throw RuntimeError(str("Expected input batch_size (", self.size(0), ") to match target batch_size (",
                           target.dim() == 0 ? 1 : target.size(0), ")."), "ValueError");
  const ScalarType dt = self.dtype();
  const bool floatingOk = dt == ScalarType::Float || dt == ScalarType::Double || dt == ScalarType::BFloat16;
  const ClassView lp = asClassView(self, values);
  std::vector<int64_t> noneShape;  // the shape of reduction="none"
  bool byteTargets = false;
  if (dim <= 2) {
    if (target.dim() > 1) throw RuntimeError("0D or 1D target tensor expected, multi-target not supported");
    if (!(dim == 1 && target.dim() == 0) && self.size(0) != target.size(0))
      throw RuntimeError(str("size mismatch (got input: ", formatInts(self.sizes()), ", target: ",
                             formatInts(target.sizes()), ")"));
    if (weight && !(weight->dim() == 1 && weight->numel() == lp.C))
      throw RuntimeError(str("weight tensor should be defined either for all ", lp.C,
                             " classes or no classes but got weight tensor of shape: ", formatInts(weight->sizes())));
    if (!floatingOk) notImplemented("nll_loss_out_frame", dt);
    byteTargets = target.dtype() == ScalarType::UInt8;
    if (dim == 2) noneShape = {self.size(0)};
  } else {
    std::vector<int64_t> want{self.size(0)};
    want.insert(want.end(), self.sizes().begin() + 2, self.sizes().end());
    if (dim == 4) {
      if (target.dim() != 3)
        throw RuntimeError(str("only batches of spatial targets supported (3D tensors) but got targets of dimension: ",
                               target.dim()));
    } else if (std::vector<int64_t>(target.sizes().begin() + 1, target.sizes().end()) !=
               std::vector<int64_t>(want.begin() + 1, want.end())) {
      throw RuntimeError(str("Expected target size ", formatInts(want), ", got ", formatInts(target.sizes())));
    }
    if (weight && weight->numel() != lp.C)
      throw RuntimeError("weight tensor should be defined either for all or no classes");
    if (dim == 4 && target.sizes() != want)
      throw RuntimeError(str("size mismatch (got input: ", formatInts(self.sizes()), " , target: ",
                             formatInts(target.sizes())));
    if (!floatingOk) notImplemented("nll_loss2d_forward_out_frame", dt);
    noneShape = want;
  }
  if (weight) checkDataPtr(*weight, dt);
  const bool none = reduction == 0 && (dim >= 2);
  if (!none && target.numel() == 0) return Tensor::scalar(reduction == 1 ? std::nan("") : 0.0, dt);
  if (!byteTargets) checkDataPtr(target, ScalarType::Int64);
  const std::vector<int64_t> t = target.toInt64s();
  const int64_t rows = dim == 1 ? 1 : lp.N * lp.S;
  std::vector<double> losses(static_cast<size_t>(rows), 0.0);
  double totalWeight = 0;
  for (int64_t n = 0; n < lp.N; ++n)
    for (int64_t s = 0; s < lp.S; ++s) {
      const size_t i = static_cast<size_t>(n * lp.S + s);
      const int64_t cls = t[i];
      if (cls == ignoreIndex) continue;
      if (cls < 0 || cls >= lp.C) throw RuntimeError(str("Target ", cls, " is out of bounds."), "IndexError");
      const double w = weight ? weight->getDouble(cls) : 1.0;
      losses[i] = -w * lp.v[static_cast<size_t>((n * lp.C + cls) * lp.S + s)];
      totalWeight += w;
    }
  if (none) return Tensor::fromDoubles(losses, noneShape, dt);
  double sum = 0;
  for (double l : losses) sum += l;
  if (reduction == 1) sum /= totalWeight;
  return Tensor::scalar(sum, dt);
}

std::vector<IValue> nllLossNd(Args& a) {
  Tensor self = tensorArg(a, 0);
  return one(nllLoss(self, self.toDoubles(), tensorArg(a, 1), optTensorArg(a, 2), intArg(a, 3), intArg(a, 4)));
}

// -(log_softmax(self) * target [* weight]).sum(...) with class probabilities (ATen's
// cross_entropy_loss_prob_target); the result dtype promotes self, target and weight.
Tensor crossEntropyProbs(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight,
                         int64_t reduction, double ls) {
  const int64_t C = self.dim() == 1 ? self.size(0) : self.size(1);
  if (weight && !(weight->dim() == 1 && weight->numel() == C))
    throw RuntimeError(str("cross_entropy: weight tensor should be defined either for all ", C,
                           " classes or no classes but got weight tensor of shape: ", formatInts(weight->sizes())));
  const ClassView lp = asClassView(self, logSoftmaxValues(self));
  if (ls > 1) throw RuntimeError(str("label_smoothing must be between 0.0 and 1.0. Got: ", ls));
  ScalarType dt = resultType(self, target);
  if (weight) dt = promoteTypes(dt, weight->dtype());
  const std::vector<double> tv = target.toDoubles();
  std::vector<double> losses(static_cast<size_t>(lp.N * lp.S), 0.0);
  for (int64_t n = 0; n < lp.N; ++n)
    for (int64_t c = 0; c < lp.C; ++c)
      for (int64_t s = 0; s < lp.S; ++s) {
        const size_t at = static_cast<size_t>((n * lp.C + c) * lp.S + s);
        const double tgt = ls > 0 ? tv[at] * (1 - ls) + ls / static_cast<double>(C) : tv[at];
        losses[static_cast<size_t>(n * lp.S + s)] -= lp.v[at] * tgt * (weight ? weight->getDouble(c) : 1.0);
      }
  if (reduction == 0) {
    std::vector<int64_t> outSizes = self.sizes();
    outSizes.erase(outSizes.begin() + (self.dim() == 1 ? 0 : 1));
    return Tensor::fromDoubles(losses, outSizes, dt);
  }
  if (reduction != 1 && reduction != 2)
    throw RuntimeError(str("Invalid reduction type encountered in cross_entropy: ", reduction));
  double sum = 0;
  for (double l : losses) sum += l;
  if (reduction == 1) sum = self.numel() == 0 ? std::nan("") : sum / static_cast<double>(self.numel() / C);
  return Tensor::scalar(sum, dt);
}

std::vector<IValue> crossEntropy(Args& a) {
  Tensor self = tensorArg(a, 0), target = tensorArg(a, 1);
  std::optional<Tensor> weight = optTensorArg(a, 2);
  const int64_t reduction = intArg(a, 3), ignoreIndex = intArg(a, 4);
  const double ls = doubleArg(a, 5);
  if (self.sizes() == target.sizes()) {  // class probabilities
    if (!isFloating(target))
      throw RuntimeError(str("Expected floating point type for target with class probabilities, got ", target.dtype()));
    if (ignoreIndex >= 0) throw RuntimeError("ignore_index is not supported for floating point target");
    return one(crossEntropyProbs(self, target, weight, reduction, ls));
  }
  if (ls > 1) throw RuntimeError(str("label_smoothing must be between 0.0 and 1.0. Got: ", ls));
  const std::vector<double> lpValues = logSoftmaxValues(self);
  Tensor nll = nllLoss(self, lpValues, target, weight, reduction, ignoreIndex);
  if (ls <= 0) return one(nll);
  // Label smoothing: (1 - ls) * nll + ls / C * smooth, smooth = -Σ_c w_c logp[n, c, s] (0 where ignored).
  const ClassView lp = asClassView(self, lpValues);
  const double C = static_cast<double>(lp.C);
  auto w = [&](int64_t c) { return weight ? weight->getDouble(c) : 1.0; };
  const std::vector<int64_t> t = target.toInt64s();
  std::vector<double> smooth(t.size(), 0.0);
  double countedWeight = 0;
  for (int64_t n = 0; n < lp.N; ++n)
    for (int64_t s = 0; s < lp.S; ++s) {
      const size_t i = static_cast<size_t>(n * lp.S + s);
      if (i >= t.size() || t[i] == ignoreIndex) continue;
      for (int64_t c = 0; c < lp.C; ++c) smooth[i] -= lp.v[static_cast<size_t>((n * lp.C + c) * lp.S + s)] * w(c);
      if (weight) countedWeight += w(t[i]);
    }
  std::vector<double> nv = nll.toDoubles();
  if (reduction == 0) {
    for (size_t i = 0; i < nv.size(); ++i) nv[i] = (1 - ls) * nv[i] + smooth[i] * (ls / C);
    return one(Tensor::fromDoubles(nv, nll.sizes(), self.dtype()));
  }
  if (reduction != 1 && reduction != 2)
    throw RuntimeError(str("Invalid reduction type encountered in cross_entropy: ", reduction));
  double sum = 0;
  for (double v : smooth) sum += v;
  if (reduction == 1) sum = weight ? sum / countedWeight : (smooth.empty() ? std::nan("") : sum / static_cast<double>(smooth.size()));
  return one(Tensor::scalar((1 - ls) * nll.itemDouble() + sum * (ls / C), self.dtype()));
}

// ---- binary_cross_entropy_with_logits ----------------------------------------------------------------

// `acc.op_(operand)`: an in-place step of ATen's composite; the operand must broadcast to acc's
// shape and its promoted dtype must be castable to acc's dtype.
void inplaceStep(const std::vector<int64_t>& accShape, ScalarType accDt, const std::vector<int64_t>& opShape,
                 ScalarType opDt) {
  const std::vector<int64_t> b = inferBroadcastShape(accShape, opShape);
  if (b != accShape)
    throw RuntimeError(str("output with shape ", formatInts(accShape), " doesn't match the broadcast shape ",
                           formatInts(b)));
  checkCanCast(promoteTypes(accDt, opDt), accDt);
}

const char* kBoolSub =
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
    "the `~` or `logical_not()` operator instead.";

std::vector<IValue> bceWithLogits(Args& a) {
  Tensor x = tensorArg(a, 0), y = tensorArg(a, 1);
  std::optional<Tensor> weight = optTensorArg(a, 2), posWeight = optTensorArg(a, 3);
  const int64_t reduction = intArg(a, 4);
  // max_val = (-input).clamp_min_(0)
  if (x.dtype() == ScalarType::Bool)
    throw RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
                       "mask, use the `~` or `logical_not()` operator instead.");
  if (x.dtype() == ScalarType::Half) notImplemented("clamp_min_cpu", ScalarType::Half);
  // log_weight = (pos_weight - 1).mul(target).add_(1)
  std::vector<int64_t> lwShape;
  ScalarType lwDt = ScalarType::Undefined;
  if (posWeight) {
    if (posWeight->dtype() == ScalarType::Bool) throw RuntimeError(kBoolSub);
    lwShape = inferBroadcastShape(posWeight->sizes(), y.sizes());
    lwDt = promoteTypes(posWeight->dtype(), y.dtype());
  }
  // loss = (1 - target).mul_(input)...
  if (y.dtype() == ScalarType::Bool) throw RuntimeError(kBoolSub);
  const std::vector<int64_t>& shape = y.sizes();
  const ScalarType dt = y.dtype();
  inplaceStep(shape, dt, x.sizes(), x.dtype());  // .mul_(input)
  if (!posWeight) inplaceStep(shape, dt, x.sizes(), x.dtype());  // .add_(max_val)
  if (!isFloatingType(x.dtype())) checkCanCast(ScalarType::Float, x.dtype());  // (-max_val).exp_()
  if (posWeight) {
    inplaceStep(lwShape, lwDt, x.sizes(), x.dtype());  // log_weight.mul_(log(...) + max_val)
    inplaceStep(shape, dt, lwShape, lwDt);              // .add_(log_weight)
  } else {
    inplaceStep(shape, dt, x.sizes(), x.dtype());  // .add_(log(...))
  }
  if (weight) inplaceStep(shape, dt, weight->sizes(), weight->dtype());  // loss.mul_(weight)
  Tensor xe = x.expand(shape), ye = y;
  std::optional<Tensor> we = weight ? std::optional<Tensor>(weight->expand(shape)) : std::nullopt;
  std::optional<Tensor> pe = posWeight ? std::optional<Tensor>(posWeight->expand(shape)) : std::nullopt;
  std::vector<double> losses(static_cast<size_t>(product(shape)));
  for (size_t i = 0; i < losses.size(); ++i) {
    const int64_t k = static_cast<int64_t>(i);
    const double xv = xe.getDouble(k), yv = ye.getDouble(k);
    // log(1 + e^-x) = max(-x, 0) + log(e^-max + e^(-x-max))
    const double softplusNeg = std::max(-xv, 0.0) + std::log1p(std::exp(-std::fabs(xv)));
    const double logWeight = pe ? (pe->getDouble(k) - 1) * yv + 1 : 1.0;
    double l = (1 - yv) * xv + logWeight * softplusNeg;
    if (we) l *= we->getDouble(k);
    losses[i] = l;
  }
  if (reduction != 1 && reduction != 2) return one(Tensor::fromDoubles(losses, shape, dt));
  return one(reduceLoss(losses, shape, reduction, dt));
}

}  // namespace

void registerNNLossKernels() {
  def("aten::mse_loss", mseLoss);
  def("aten::l1_loss", l1Loss);
  def("aten::smooth_l1_loss", smoothL1Loss);
  def("aten::huber_loss", huberLoss);
  def("aten::nll_loss_nd", nllLossNd);
  def("aten::cross_entropy_loss", crossEntropy);
  def("aten::binary_cross_entropy_with_logits", bceWithLogits);
}

}  // namespace tsjit::reference
