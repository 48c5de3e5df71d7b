// NNLoss.cpp — optimized kernels of the NN family, part 3: the losses (mse_loss, l1_loss,
// smooth_l1_loss, binary_cross_entropy_with_logits, nll_loss_nd, cross_entropy_loss with class
// indices or probabilities and label smoothing).
// Semantics (PyTorch 1.13 CPU): mse / smooth_l1 are floating-only binary kernels over the promoted,
// broadcast operands; l1_loss is (input - target).abs() (integers allowed, mean needs floating);
// nll takes float/double/bfloat16 log-probabilities and Long (or, 1-D/2-D, Byte) targets, checked
// only when ATen reads them; bce_with_logits follows ATen's composite of in-place steps (result in
// the target's dtype and shape).
// Invariants: reduction codes are PyTorch's (0 none, 1 mean, 2 sum); per-element terms and sums are
// computed in double and rounded once to the result dtype; class dim is dim 1 (dim 0 for a 1-D
// input); ignored targets contribute neither loss nor weight to a mean.
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

bool normFloat(ScalarType dt) { return dt == ScalarType::Float || dt == ScalarType::Double || dt == ScalarType::BFloat16; }

// Reduces per-element losses (shape `shape`) into a tensor of dtype dt (an empty mean is NaN).
Tensor reduceLoss(const std::vector<double>& v, const std::vector<int64_t>& shape, int64_t reduction, ScalarType dt,
                  std::optional<double> meanDivisor = std::nullopt) {
  if (reduction != kMean && reduction != kSum) return Tensor::fromDoubles(v, shape, dt);
  double s = 0;
  for (double x : v) s += x;
  if (reduction == kMean) s /= meanDivisor ? *meanDivisor : static_cast<double>(v.size());
  return Tensor::scalar(s, dt);
}

// mse / smooth_l1: f(x, y) over the broadcast operands in their promoted floating dtype.
template <typename F>
Tensor pointwiseLoss(const Tensor& self, const Tensor& target, int64_t reduction, const char* kernel, int assertLine, F&& f) {
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), target.sizes());
  // 1.13's meta function asserts a valid reduction after broadcasting, before the dtype check
  // (python3-torch 1.13.1: mse_loss at Loss.cpp:50, smooth_l1_loss at :39).
  if (reduction < kNone || reduction > kSum)
    throw RuntimeError(str("reduction == Reduction::Mean || reduction == Reduction::Sum INTERNAL ASSERT FAILED at "
                           "\"./aten/src/ATen/native/Loss.cpp\":", assertLine, ", please report a bug to PyTorch."));
  const ScalarType dt = resultType(self, target);
  if (!isFloatingType(dt)) notImpl(kernel, dt);
  std::vector<double> a = toVector<double>(self.expand(shape)), b = toVector<double>(target.expand(shape));
  for (size_t i = 0; i < a.size(); ++i) a[i] = f(a[i], b[i]);
  return reduceLoss(a, shape, reduction, dt);
}

// l1_loss: |input - target| in the promoted dtype (wrapping for integers), then the reduction.
Tensor l1Loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  const bool b1 = self.dtype() == ScalarType::Bool, b2 = target.dtype() == ScalarType::Bool;
  if (b1 && b2)
    throw RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                       "`logical_xor()` operator instead.");
  if (b1 || b2)
    throw RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
                       "invert a mask, use the `~` or `logical_not()` operator instead.");
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), target.sizes());
  const ScalarType dt = resultType(self, target);
  if (isFloatingType(dt)) {
    std::vector<double> a = toVector<double>(self.expand(shape).to(dt)), b = toVector<double>(target.expand(shape).to(dt));
    for (size_t i = 0; i < a.size(); ++i) a[i] = std::fabs(a[i] - b[i]);
    return reduceLoss(a, shape, reduction, dt);
  }
  if (reduction == kMean)
    throw RuntimeError(str("mean(): could not infer output dtype. Input dtype must be either a floating point or "
                           "complex dtype. Got: ", irName(dt)));
  Tensor out = Tensor::empty(shape, dt, self.device());
  const Tensor x = self.expand(shape).to(dt).contiguous(), y = target.expand(shape).to(dt).contiguous();
  int64_t total = 0;
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      using U = std::make_unsigned_t<T>;
      const T* xp = static_cast<const T*>(x.data());
      const T* yp = static_cast<const T*>(y.data());
      T* o = static_cast<T*>(out.data());
      uint64_t s = 0;
      for (int64_t i = 0; i < out.numel(); ++i) {
        const T d = static_cast<T>(static_cast<U>(static_cast<U>(xp[i]) - static_cast<U>(yp[i])));
        o[i] = d < 0 ? static_cast<T>(static_cast<U>(U(0) - static_cast<U>(d))) : d;
        s += static_cast<uint64_t>(static_cast<int64_t>(o[i]));
      }
      total = static_cast<int64_t>(s);
    }
  });
  if (reduction == kSum) return Tensor::scalarInt(total, ScalarType::Int64);
  return out;
}

// `acc.op_(operand)` of ATen's bce composite: operand broadcastable to acc, result castable.
void inplaceCheck(const std::vector<int64_t>& acc, ScalarType accDt, const std::vector<int64_t>& opnd, ScalarType opDt) {
  const std::vector<int64_t> b = inferBroadcastShape(acc, opnd);
  if (b != acc)
    throw RuntimeError(str("output with shape ", shapeStr(acc), " doesn't match the broadcast shape ", shapeStr(b)));
  checkCanCast(promoteTypes(accDt, opDt), accDt);
}

constexpr const char* kBoolSubMsg =
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
    "the `~` or `logical_not()` operator instead.";

Tensor bceWithLogits(const Tensor& x, const Tensor& t, const Tensor& w, const Tensor& pw, int64_t reduction) {
  if (x.dtype() == ScalarType::Bool)
    throw RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
                       "mask, use the `~` or `logical_not()` operator instead.");
  if (x.dtype() == ScalarType::Half) notImpl("clamp_min_cpu", ScalarType::Half);
  std::vector<int64_t> lwShape;
  ScalarType lwDt = ScalarType::Undefined;
  if (pw.defined()) {
    if (pw.dtype() == ScalarType::Bool) throw RuntimeError(kBoolSubMsg);
    lwShape = inferBroadcastShape(pw.sizes(), t.sizes());
    lwDt = promoteTypes(pw.dtype(), t.dtype());
  }
  if (t.dtype() == ScalarType::Bool) throw RuntimeError(kBoolSubMsg);
  const std::vector<int64_t> shape = t.sizes();
  const ScalarType dt = t.dtype();
  inplaceCheck(shape, dt, x.sizes(), x.dtype());
  if (!pw.defined()) inplaceCheck(shape, dt, x.sizes(), x.dtype());
  if (!isFloatingType(x.dtype())) checkCanCast(ScalarType::Float, x.dtype());  // exp_ on max_val
  if (pw.defined()) {
    inplaceCheck(lwShape, lwDt, x.sizes(), x.dtype());
    inplaceCheck(shape, dt, lwShape, lwDt);
  } else {
    inplaceCheck(shape, dt, x.sizes(), x.dtype());
  }
  if (w.defined()) inplaceCheck(shape, dt, w.sizes(), w.dtype());
  const std::vector<double> xv = toVector<double>(x.expand(shape)), tv = toVector<double>(t);
  const std::vector<double> wv = w.defined() ? toVector<double>(w.expand(shape)) : std::vector<double>{};
  const std::vector<double> pv = pw.defined() ? toVector<double>(pw.expand(shape)) : std::vector<double>{};
  std::vector<double> out(xv.size());
  for (size_t i = 0; i < xv.size(); ++i) {
    const double v = xv[i], tt = tv[i];
    const double m = std::max(-v, 0.0);
    const double softplusNeg = std::log(std::exp(-m) + std::exp(-v - m)) + m;  // log(1 + e^-v)
    const double logWeight = pv.empty() ? 1.0 : (pv[i] - 1) * tt + 1;
    double l = (1 - tt) * v + logWeight * softplusNeg;
    if (!wv.empty()) l *= wv[i];
    out[i] = l;
  }
  return reduceLoss(out, shape, reduction, dt);
}

// Log-probabilities / scores viewed as [N, C, inner] (a 1-D input is [1, C, 1]).
struct ClassView {
  int64_t N, C, inner;
};
ClassView classView(const Tensor& input) {
  if (input.dim() == 1) return {1, input.size(0), 1};
  int64_t inner = 1;
  for (int64_t d = 2; d < input.dim(); ++d) inner *= input.size(d);
  return {input.size(0), input.size(1), inner};
}

void checkScalarType(const Tensor& t, ScalarType want) {
  if (t.dtype() != want) throw RuntimeError(str("expected scalar type ", irName(want), " but found ", irName(t.dtype())));
}

// nll_loss_nd over log-probabilities lp (values of `input`, same shape), ATen's checks in order.
Tensor nllLoss(const Tensor& input, const std::vector<double>& lp, const Tensor& target, const Tensor& weight,
               int64_t reduction, int64_t ignoreIndex) {
  const int64_t dim = input.dim();
  if (dim < 1) throw RuntimeError(str("Expected 1 or more dimensions (got ", dim, ")"), "ValueError");
  if (dim != 1 && (target.dim() == 0 || input.size(0) != target.size(0)))
    throw RuntimeError(str("Expected input batch_size (", input.size(0), ") to match target batch_size (",
                           target.dim() == 0 ? 1 : target.size(0), ")."), "ValueError");
  const ClassView v = classView(input);
  const ScalarType dt = input.dtype();
  std::vector<int64_t> noneShape;
  bool byteOk = false;
  if (dim <= 2) {
    if (target.dim() > 1) throw RuntimeError("0D or 1D target tensor expected, multi-target not supported");
    if (!(dim == 1 && target.dim() == 0) && input.size(0) != target.size(0))
      throw RuntimeError(str("size mismatch (got input: ", shapeStr(input.sizes()), ", target: ", shapeStr(target.sizes()), ")"));
    if (weight.defined() && !(weight.dim() == 1 && weight.numel() == v.C))
      throw RuntimeError(str("weight tensor should be defined either for all ", v.C,
                             " classes or no classes but got weight tensor of shape: ", shapeStr(weight.sizes())));
    if (!normFloat(dt)) notImpl("nll_loss_out_frame", dt);
    byteOk = true;
    if (dim == 2) noneShape = {input.size(0)};
  } else {
    std::vector<int64_t> want{input.size(0)};
    for (int64_t d = 2; d < dim; ++d) want.push_back(input.size(d));
    if (dim == 4) {
      if (target.dim() != 3)
        throw RuntimeError(str("only batches of spatial targets supported (3D tensors) but got targets of dimension: ",
                               target.dim()));
    } else {
      const std::vector<int64_t> tail(target.sizes().begin() + 1, target.sizes().end());
      if (tail != std::vector<int64_t>(want.begin() + 1, want.end()))
        throw RuntimeError(str("Expected target size ", shapeStr(want), ", got ", shapeStr(target.sizes())));
    }
    if (weight.defined() && weight.numel() != v.C)
      throw RuntimeError("weight tensor should be defined either for all or no classes");
    if (dim == 4 && target.sizes() != want)
      throw RuntimeError(str("size mismatch (got input: ", shapeStr(input.sizes()), " , target: ", shapeStr(target.sizes())));
    if (!normFloat(dt)) notImpl("nll_loss2d_forward_out_frame", dt);
    noneShape = want;
  }
  if (weight.defined()) checkScalarType(weight, dt);
  const bool none = reduction == kNone && dim >= 2;
  if (!none && target.numel() == 0) return Tensor::scalar(reduction == kMean ? NAN : 0.0, dt);
  if (!(byteOk && target.dtype() == ScalarType::UInt8)) checkScalarType(target, ScalarType::Int64);
  const std::vector<int64_t> t = toVector<int64_t>(target);
  const std::vector<double> w = weight.defined() ? toVector<double>(weight) : std::vector<double>{};
  const int64_t rows = dim == 1 ? 1 : v.N * v.inner;
  std::vector<double> terms(rows, 0.0);
  double wsum = 0;
  for (int64_t n = 0; n < (dim == 1 ? 1 : v.N); ++n)
    for (int64_t i = 0; i < (dim == 1 ? 1 : v.inner); ++i) {
      const int64_t k = n * v.inner + i, cls = t[k];
      if (cls == ignoreIndex) continue;
      if (cls < 0 || cls >= v.C) throw RuntimeError(str("Target ", cls, " is out of bounds."), "IndexError");
      const double wt = w.empty() ? 1.0 : w[cls];
      terms[k] = -wt * lp[(n * v.C + cls) * v.inner + i];
      wsum += wt;
    }
  if (none) return Tensor::fromDoubles(terms, noneShape, dt);
  return reduceLoss(terms, {}, reduction == kMean ? kMean : kSum, dt, wsum);
}

// log_softmax over the class dim in double, after ATen's dtype dispatch check (skipped when empty).
std::vector<double> logSoftmax(const Tensor& input) {
  const int64_t classDim = input.dim() == 1 ? 0 : 1;
  wrapDim(classDim, input.dim());
  const ScalarType dt = input.dtype();
  if (input.numel() > 0 && !normFloat(dt))
    notImpl(classDim == input.dim() - 1 ? "log_softmax_lastdim_kernel_impl" : "softmax_kernel_impl", dt);  // 1.13 names it so
  const ClassView v = classView(input);
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

// Class probabilities: -(log_softmax(input) * target [* weight]) summed over the class dim.
Tensor crossEntropyProbs(const Tensor& input, const Tensor& target, const Tensor& weight, int64_t reduction, double smoothing) {
  const int64_t C = input.dim() == 1 ? input.size(0) : input.size(1);
  if (weight.defined() && !(weight.dim() == 1 && weight.numel() == C))
    throw RuntimeError(str("cross_entropy: weight tensor should be defined either for all ", C,
                           " classes or no classes but got weight tensor of shape: ", shapeStr(weight.sizes())));
  const std::vector<double> lp = logSoftmax(input);
  if (smoothing > 1) throw RuntimeError(str("label_smoothing must be between 0.0 and 1.0. Got: ", smoothing));
  const ClassView v = classView(input);
  ScalarType dt = resultType(input, target);
  if (weight.defined()) dt = promoteTypes(dt, weight.dtype());
  const std::vector<double> tv = toVector<double>(target);
  const std::vector<double> w = weight.defined() ? toVector<double>(weight) : std::vector<double>{};
  std::vector<double> terms(v.N * v.inner, 0.0);
  for (int64_t n = 0; n < v.N; ++n)
    for (int64_t c = 0; c < v.C; ++c)
      for (int64_t i = 0; i < v.inner; ++i) {
        const int64_t k = (n * v.C + c) * v.inner + i;
        const double tt = smoothing > 0 ? tv[k] * (1 - smoothing) + smoothing / static_cast<double>(C) : tv[k];
        terms[n * v.inner + i] -= lp[k] * tt * (w.empty() ? 1.0 : w[c]);
      }
  if (reduction == kNone) {
    std::vector<int64_t> outSizes = input.sizes();
    outSizes.erase(outSizes.begin() + (input.dim() == 1 ? 0 : 1));
    return Tensor::fromDoubles(terms, outSizes, dt);
  }
  if (reduction != kMean && reduction != kSum)
    throw RuntimeError(str("Invalid reduction type encountered in cross_entropy: ", reduction));
  if (reduction == kMean && input.numel() == 0) return Tensor::scalar(NAN, dt);
  // mean divides by numel / C (integer division, C > 0 here); sum does not divide.
  return reduceLoss(terms, {}, reduction, dt, reduction == kMean ? static_cast<double>(input.numel() / C) : 1.0);
}

Tensor crossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, int64_t reduction, int64_t ignoreIndex,
                    double smoothing) {
  if (input.sizes() == target.sizes()) {
    if (!isFloating(target))
      throw RuntimeError(str("Expected floating point type for target with class probabilities, got ", irName(target.dtype())));
    if (ignoreIndex >= 0) throw RuntimeError("ignore_index is not supported for floating point target");
    return crossEntropyProbs(input, target, weight, reduction, smoothing);
  }
  if (smoothing > 1) throw RuntimeError(str("label_smoothing must be between 0.0 and 1.0. Got: ", smoothing));
  const std::vector<double> lp = logSoftmax(input);
  Tensor nll = nllLoss(input, lp, target, weight, reduction, ignoreIndex);
  if (smoothing <= 0) return nll;
  const ClassView v = classView(input);
  const std::vector<int64_t> t = toVector<int64_t>(target);
  const std::vector<double> w = weight.defined() ? toVector<double>(weight) : std::vector<double>{};
  std::vector<double> smooth(t.size(), 0.0);
  double wsum = 0;
  for (int64_t n = 0; n < v.N; ++n)
    for (int64_t i = 0; i < v.inner; ++i) {
      const size_t k = static_cast<size_t>(n * v.inner + i);
      if (k >= t.size() || t[k] == ignoreIndex) continue;
      for (int64_t c = 0; c < v.C; ++c) smooth[k] -= lp[(n * v.C + c) * v.inner + i] * (w.empty() ? 1.0 : w[c]);
      if (!w.empty()) wsum += w[t[k]];
    }
  const double C = static_cast<double>(v.C), e = smoothing;
  if (reduction == kNone) {
    std::vector<double> nv = toVector<double>(nll);
    for (size_t k = 0; k < nv.size(); ++k) nv[k] = (1 - e) * nv[k] + smooth[k] * e / C;
    return Tensor::fromDoubles(nv, nll.sizes(), input.dtype());
  }
  if (reduction != kMean && reduction != kSum)
    throw RuntimeError(str("Invalid reduction type encountered in cross_entropy: ", reduction));
  double smoothSum = 0;
  for (double s : smooth) smoothSum += s;
  if (reduction == kMean) smoothSum = w.empty() ? smoothSum / static_cast<double>(smooth.size()) : smoothSum / wsum;
  return Tensor::scalar((1 - e) * nll.itemDouble() + smoothSum * e / C, input.dtype());
}

}  // namespace

// huber_loss, as 1.13's kernel: the output is empty_like(self) (self's dtype and shape; target must
// broadcast to it), computed in the promoted floating dtype ("huber_cpu" otherwise) and cast to the
// output, which must be safe; d = |x - y|, d < delta ? d^2 / 2 : delta (d - delta / 2). Mean and
// Sum reduce; any other reduction value leaves the losses unreduced (no assert in 1.13's huber).
Tensor huberLoss(const Tensor& self, const Tensor& target, int64_t reduction, double delta) {
  if (!(delta > 0)) throw RuntimeError("huber_loss does not support non-positive values for delta.");
  const std::vector<int64_t> shape = inferBroadcastShape(self.sizes(), target.sizes());
  if (shape != self.sizes())
    throw RuntimeError(str("output with shape ", shapeStr(self.sizes()), " doesn't match the broadcast shape ", shapeStr(shape)));
  const ScalarType common = resultType(self, target);
  if (!isFloatingType(self.dtype()) && isFloatingType(common))
    throw RuntimeError(str("result type ", common, " can't be cast to the desired output type ", self.dtype()));
  if (!isFloatingType(common)) notImpl("huber_cpu", common);
  std::vector<double> a = toVector<double>(self.to(common)), b = toVector<double>(target.expand(shape).to(common));
  for (size_t i = 0; i < a.size(); ++i) {
    const double d = std::fabs(a[i] - b[i]);
    a[i] = d < delta ? 0.5 * d * d : delta * (d - 0.5 * delta);
  }
  return reduceLoss(a, shape, reduction, self.dtype());
}

void registerNNLossKernels() {
  def("aten::mse_loss", op([](IValue* a) {
        // 1.13's mse kernel covers the floating dtypes and Half, not BFloat16.
        if (resultType(a[0].toTensor(), a[1].toTensor()) == ScalarType::BFloat16) notImpl("mse_cpu", ScalarType::BFloat16);
        return IValue(pointwiseLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), "mse_cpu", 50,
                                    [](double x, double y) { return (x - y) * (x - y); }));
      }));
  def("aten::l1_loss", op([](IValue* a) { return IValue(l1Loss(a[0].toTensor(), a[1].toTensor(), a[2].toInt())); }));
  def("aten::smooth_l1_loss", op([](IValue* a) {
        const double beta = a[3].toDouble();
        if (beta < 0) throw RuntimeError("smooth_l1_loss does not support negative values for beta.");
        return IValue(pointwiseLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), "smooth_l1_cpu", 39, [beta](double x, double y) {
          const double d = std::fabs(x - y);
          return d < beta ? 0.5 * d * d / beta : d - 0.5 * beta;
        }));
      }));
  def("aten::huber_loss", op([](IValue* a) {
        return IValue(huberLoss(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), a[3].toDouble()));
      }));
  def("aten::binary_cross_entropy_with_logits", op([](IValue* a) {
        return IValue(bceWithLogits(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), optTensor(a[3]), a[4].toInt()));
      }));
  def("aten::nll_loss_nd", op([](IValue* a) {
        const Tensor input = a[0].toTensor();
        return IValue(nllLoss(input, toVector<double>(input), a[1].toTensor(), optTensor(a[2]), a[3].toInt(), a[4].toInt()));
      }));
  def("aten::cross_entropy_loss", op([](IValue* a) {
        return IValue(crossEntropy(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), a[3].toInt(), a[4].toInt(), a[5].toDouble()));
      }));
}

}  // namespace tsjit::kernels
