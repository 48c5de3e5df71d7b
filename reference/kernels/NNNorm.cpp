// NNNorm.cpp — reference kernels of normalization and friends (NN family, part 2): batch_norm
// (eval: running stats; train: batch stats and an in-place momentum update of running_mean /
// running_var with the unbiased variance), instance_norm, layer_norm, group_norm, embedding,
// dropout / dropout_, lstm_cell and cosine_similarity.
//
// Semantics (PyTorch 1.13 CPU): the kernels dispatch float, double and bfloat16 only and read the
// parameters as the input's type; an empty batch_norm input skips every check (clone * weight[0]
// + bias[0]); instance_norm is batch_norm over [1, N*C, ...] with repeated parameters whose running
// stats are then averaged back (view / mean errors included); cosine_similarity converts integral
// inputs to float32.
//
// Invariants: batch_norm / instance_norm model ATen's float steps (statistics in the dtype with a
// double accumulator, then alpha / beta and x * alpha + beta each rounded to the dtype); group_norm
// takes its moments in double rounded to the dtype, then ATen's steps in the dtype; layer_norm
// models ATen's scalar Welford for rows shorter than a vector (moments in double, rounded, for
// longer rows), then its steps in the dtype; running stats are written in place into the caller's buffers
// (which is how modules see them change). Dropout is the identity unless it would be random: in
// training mode with 0 < p < 1 the reference refuses (the result depends on an RNG stream).
#include <cmath>

#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"
#include "reference/kernels/LinalgCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// ---- batch / instance norm ----------------------------------------------------------------------

void checkFeatures(const char* name, int64_t expected, const std::optional<Tensor>& t) {
  if (t && t->numel() != expected)
    throw RuntimeError(str(name, " should contain ", expected, " elements not ", t->numel()));
}

// The dtypes of ATen's CPU normalization kernels (AT_DISPATCH_FLOATING_TYPES_AND(BFloat16)).
void checkNormDtype(const Tensor& input, const char* kernel) {
  const ScalarType dt = input.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::BFloat16)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", dt, "'"));
}

// A parameter read through data_ptr<scalar_t>(): it must have the input's dtype (a BFloat16 input
// also takes float32 parameters, ATen's mixed-type path).
void checkParamDtype(const Tensor& input, const std::optional<Tensor>& p) {
  if (!p) return;
  const ScalarType want = input.dtype(), got = p->dtype();
  if (got == want || (want == ScalarType::BFloat16 && got == ScalarType::Float)) return;
  throw RuntimeError(str("expected scalar type ", want, " but found ", got));
}

// `out * p[0]` on an empty `out` (the empty-batch path of ATen's _batch_norm_impl_index): only the
// result's shape and dtype matter, and select's / broadcasting's errors.
Tensor emptyAffine(const Tensor& out, const std::optional<Tensor>& p) {
  if (!p) return out;
  const Tensor first = p->select(0, 0);
  const std::vector<int64_t> shape = inferBroadcastShape(out.sizes(), first.sizes());
  return Tensor::empty(shape, resultType(out, first));
}

// Whether t is channels-last contiguous (4-D: N, H, W, C order in memory; 5-D: N, D, H, W, C),
// dims of size 1 ignored — PyTorch's is_contiguous(ChannelsLast / ChannelsLast3d).
bool channelsLast(const Tensor& t) {
  std::vector<int64_t> order;
  if (t.dim() == 4) order = {1, 3, 2, 0};
  else if (t.dim() == 5) order = {1, 4, 3, 2, 0};
  else return false;
  int64_t stride = 1;
  for (int64_t d : order) {
    if (t.size(d) == 1) continue;
    if (t.strides()[static_cast<size_t>(d)] != stride) return false;
    stride *= t.size(d);
  }
  return true;
}

// x viewed as [N, C, inner]; normalizes each channel over N and inner. Training: batch stats, and
// the running stats (when given) move towards them by `momentum` (unbiased variance).
Tensor batchNorm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                 const std::optional<Tensor>& runMean, const std::optional<Tensor>& runVar, bool training,
                 double momentum, double eps) {
  // PyTorch reads sizes()[1] unchecked; both engines refuse such inputs with this message.
  if (input.dim() < 2) throw RuntimeError(str("batch_norm: expected a tensor with at least 2 dims, got ", input.dim()));
  const int64_t C = input.size(1);
  if (input.numel() == 0) return emptyAffine(emptyAffine(input.clone(), weight), bias);
  if (runMean) checkFeatures("running_mean", C, runMean);
  else if (!training) throw RuntimeError("running_mean must be defined in evaluation mode");
  if (runVar) checkFeatures("running_var", C, runVar);
  else if (!training) throw RuntimeError("running_var must be defined in evaluation mode");
  checkFeatures("weight", C, weight);
  checkFeatures("bias", C, bias);
  checkNormDtype(input, "batch_norm");
  if (training) {
    checkParamDtype(input, runMean);
    checkParamDtype(input, runVar);
  }
  checkParamDtype(input, weight);
  checkParamDtype(input, bias);
  if (!training) {
    checkParamDtype(input, runMean);
    checkParamDtype(input, runVar);
  }
  const int64_t N = input.size(0), inner = input.numel() / (N * C);
  // PyTorch's float algorithm runs in the input dtype (float32 for bfloat16): every step below is
  // rounded to `ct` as ATen 1.13's batch_norm_cpu rounds it.
  const ScalarType ct = input.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  auto r = [ct](double v) { return castDouble(v, ct); };
  // ATen first computes the statistics and updates the running stats (all channels), then
  // normalizes reading input / weight / bias again: a running stat aliasing them is seen updated.
  std::vector<double> x = input.toDoubles(), means(static_cast<size_t>(C)), invStds(static_cast<size_t>(C));
  for (int64_t c = 0; c < C; ++c) {
    if (training) {
      // batch_norm_cpu_collect_stats: the sum in double, the mean rounded to the dtype; each
      // deviation and its square in the dtype, their sum in double, rounded to the dtype.
      double sum = 0;
      for (int64_t n = 0; n < N; ++n)
        for (int64_t i = 0; i < inner; ++i) sum += x[static_cast<size_t>((n * C + c) * inner + i)];
      const int64_t count = N * inner;
      const double mean = r(sum / static_cast<double>(count));
      double sq = 0;
      for (int64_t n = 0; n < N; ++n)
        for (int64_t i = 0; i < inner; ++i) {
          const double d = r(x[static_cast<size_t>((n * C + c) * inner + i)] - mean);
          sq += r(d * d);
        }
      sq = r(sq);
      const double var = r(sq / r(static_cast<double>(count)));
      means[static_cast<size_t>(c)] = mean;
      // ATen's InvStd (in double, stored in the dtype): 0, not inf, for a zero variance with eps == 0.
      invStds[static_cast<size_t>(c)] = var == 0 && eps == 0 ? 0.0 : r(1 / std::sqrt(var + eps));
      if (runMean) runMean->setDouble(c, (1 - momentum) * runMean->getDouble(c) + momentum * mean);
      if (runVar)
        runVar->setDouble(c, (1 - momentum) * runVar->getDouble(c) + momentum * (sq / static_cast<double>(count - 1)));
    } else {
      // 1 / sqrt(running_var + eps), each step in the dtype.
      means[static_cast<size_t>(c)] = r(runMean->getDouble(c));
      invStds[static_cast<size_t>(c)] = r(1 / r(std::sqrt(r(r(runVar->getDouble(c)) + r(eps)))));
    }
  }
  if (training) {
    if (runMean) runMean->bumpVersion();
    if (runVar) runVar->bumpVersion();
    x = input.toDoubles();
  }
  // ATen's contiguous kernel (input contiguous or channels-last, 1-D operands contiguous) folds
  // the affine transform: alpha = invstd * w, beta = b - mean * alpha, out = x * alpha + beta, each
  // product and sum rounded to the dtype (a constant channel gives x * alpha - round(x * alpha) + b,
  // which need not be b). Otherwise its TensorIterator loop: ((x - mean) * invstd) * w + b.
  bool folded = input.isContiguous() || channelsLast(input);
  for (const std::optional<Tensor>* p : {&weight, &bias, &runMean, &runVar})
    if (*p && !(*p)->isContiguous()) folded = false;
  std::vector<double> out(x.size());
  for (int64_t c = 0; c < C; ++c) {
    const double mean = means[static_cast<size_t>(c)], invStd = invStds[static_cast<size_t>(c)];
    const double w = weight ? r(weight->getDouble(c)) : 1.0, b = bias ? r(bias->getDouble(c)) : 0.0;
    const double alpha = r(invStd * w), beta = r(b - r(mean * alpha));
    for (int64_t n = 0; n < N; ++n)
      for (int64_t i = 0; i < inner; ++i) {
        const size_t at = static_cast<size_t>((n * C + c) * inner + i);
        const double xv = r(x[at]);
        out[at] = folded ? r(r(xv * alpha) + beta) : r(r(r(r(xv - mean) * invStd) * w) + b);
      }
  }
  return Tensor::fromDoubles(out, input.sizes(), input.dtype());
}

std::vector<IValue> batchNormKernel(Args& a) {
  return one(batchNorm(tensorArg(a, 0), optTensorArg(a, 1), optTensorArg(a, 2), optTensorArg(a, 3),
                       optTensorArg(a, 4), boolArg(a, 5), doubleArg(a, 6), doubleArg(a, 7)));
}

// t.repeat([N]) of a per-channel tensor (0-dim or 1-D; [k] -> [N*k]).
std::optional<Tensor> repeatPerBatch(const std::optional<Tensor>& t, int64_t N) {
  if (!t) return std::nullopt;
  if (t->dim() > 1)
    throw RuntimeError("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const int64_t k = t->numel();
  Tensor out = Tensor::empty({N * k}, t->dtype());
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < k; ++c) copyElem(out, n * k + c, *t, c);
  return out;
}

// running.copy_(rep.view({N, C}).mean(0)): the batch average of the per-instance running stats.
void averageInto(const Tensor& running, const Tensor& rep, int64_t N, int64_t C) {
  const Tensor v = rep.view({N, C});
  if (!isFloating(v))
    throw RuntimeError(str("mean(): could not infer output dtype. Input dtype must be either a floating point or "
                           "complex dtype. Got: ", v.dtype()));
  std::vector<double> m(static_cast<size_t>(C), 0.0);
  for (int64_t c = 0; c < C; ++c) {
    double s = 0;
    for (int64_t n = 0; n < N; ++n) s += v.getDouble(n * C + c);
    m[static_cast<size_t>(c)] = s / static_cast<double>(N);
  }
  running.copy_(Tensor::fromDoubles(m, {C}, v.dtype()));
  running.bumpVersion();
}

// instance_norm as ATen composes it: batch_norm over [1, N*C, ...] with per-batch repeated
// parameters, then the running stats become the batch average of the repeated ones.
std::vector<IValue> instanceNorm(Args& a) {
  Tensor input = tensorArg(a, 0);
  std::optional<Tensor> weight = optTensorArg(a, 1), bias = optTensorArg(a, 2);
  std::optional<Tensor> runMean = optTensorArg(a, 3), runVar = optTensorArg(a, 4);
  const bool useInputStats = boolArg(a, 5);
  if (!useInputStats && !(runMean && runVar))
    throw RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false");
  const int64_t N = input.size(0), C = input.size(1);
  std::vector<int64_t> shape = input.sizes();
  shape[1] = N * C;
  shape[0] = 1;
  std::optional<Tensor> w = repeatPerBatch(weight, N), b = repeatPerBatch(bias, N);
  std::optional<Tensor> rm = repeatPerBatch(runMean, N), rv = repeatPerBatch(runVar, N);
  Tensor out = batchNorm(input.contiguous().view(shape), w, b, rm, rv, useInputStats, doubleArg(a, 6), doubleArg(a, 7));
  if (runMean) averageInto(*runMean, *rm, N, C);
  if (runVar) averageInto(*runVar, *rv, N, C);
  return one(out.view(input.sizes()));
}

// ---- layer / group norm -------------------------------------------------------------------------

std::vector<IValue> layerNorm(Args& a) {
  Tensor input = tensorArg(a, 0);
  const std::vector<int64_t> ns = intListArg(a, 1);
  std::optional<Tensor> weight = optTensorArg(a, 2), bias = optTensorArg(a, 3);
  const double eps = doubleArg(a, 4);
  if (ns.empty())
    throw RuntimeError(str("Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
                           "element, but got normalized_shape = ", formatInts(ns)));
  if (weight && weight->sizes() != ns)
    throw RuntimeError(str("Expected weight to be of same shape as normalized_shape, but got weight of shape ",
                           formatInts(weight->sizes()), " and normalized_shape = ", formatInts(ns)));
  if (bias && bias->sizes() != ns)
    throw RuntimeError(str("Expected bias to be of same shape as normalized_shape, but got bias of shape ",
                           formatInts(bias->sizes()), " and normalized_shape = ", formatInts(ns)));
  const int64_t nd = static_cast<int64_t>(ns.size());
  bool ok = input.dim() >= nd;
  for (int64_t i = 0; ok && i < nd; ++i) ok = input.size(input.dim() - nd + i) == ns[static_cast<size_t>(i)];
  if (!ok) {
    std::string msg = str("Given normalized_shape=", formatInts(ns), ", expected input with shape [*");
    for (int64_t s : ns) msg += str(", ", s);
    throw RuntimeError(msg + str("], but got input of size", formatInts(input.sizes())));
  }
  const int64_t M = product(ns);
  // ATen runs its kernel (and its dtype dispatch) only when there is a row to normalize.
  const std::vector<int64_t> rows(input.sizes().begin(), input.sizes().end() - nd);
  if (product(rows) == 0) return one(Tensor::empty(input.sizes(), input.dtype()));
  checkNormDtype(input, "LayerNormKernelImpl");
  checkParamDtype(input, weight);
  checkParamDtype(input, bias);
  // ATen 1.13's LayerNormKernelImpl, each step rounded to the dtype (float32 for bfloat16): the
  // row's moments by utils::RowwiseMoments, rstd = 1 / sqrt(var + eps), scale = rstd,
  // bias = -rstd * mean, y = (x * scale + bias) * gamma + beta.
  const ScalarType ct = input.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  auto r = [ct](double v) { return castDouble(v, ct); };
  // RowwiseMoments: Welford over vector lanes (AVX2: 8 floats, 4 doubles), then a scalar Welford
  // over the rest, then the lanes merged in. A row shorter than a vector is the scalar Welford
  // alone (modelled exactly); a longer row's moments are taken in double and rounded.
  const int64_t lanes = ct == ScalarType::Float ? 8 : 4;
  const std::vector<double> x = input.toDoubles();
  const std::vector<double> w = weight ? weight->toDoubles() : std::vector<double>();
  const std::vector<double> b = bias ? bias->toDoubles() : std::vector<double>();
  std::vector<double> y(x.size());
  const int64_t rowsCount = static_cast<int64_t>(x.size()) / M;
  for (int64_t row = 0; row < rowsCount; ++row) {
    const size_t base = static_cast<size_t>(row * M);
    double mean, var;
    if (M < lanes) {
      double m1 = 0, m2 = 0;
      for (int64_t i = 0; i < M; ++i) {
        const double xi = x[base + static_cast<size_t>(i)];
        const double delta = r(xi - m1);
        m1 = r(m1 + r(delta / static_cast<double>(i + 1)));
        m2 = r(m2 + r(delta * r(xi - m1)));
      }
      // Merging the empty lanes (AddMoments with a zero count): m1 + 0 * (0 - m1) and
      // m2 + (0 + (0 - m1)^2 * 0 * count), NaN once m1 is infinite.
      const double d = -m1;
      m1 = r(m1 + 0.0 * d);
      m2 = r(m2 + r(0.0 + r(r(r(d * d) * 0.0) * static_cast<double>(M))));
      mean = m1;
      var = r(m2 / static_cast<double>(M));
    } else {
      double s = 0;
      for (int64_t i = 0; i < M; ++i) s += x[base + static_cast<size_t>(i)];
      const double md = s / static_cast<double>(M);
      double sq = 0;
      for (int64_t i = 0; i < M; ++i) sq += (x[base + static_cast<size_t>(i)] - md) * (x[base + static_cast<size_t>(i)] - md);
      mean = r(md);
      var = r(sq / static_cast<double>(M));
    }
    const double rstd = r(1 / r(std::sqrt(r(var + r(eps)))));
    const double shift = r(-rstd * mean);
    for (int64_t i = 0; i < M; ++i) {
      const size_t at = base + static_cast<size_t>(i);
      const double g = weight ? r(w[static_cast<size_t>(i)]) : 1.0, be = bias ? r(b[static_cast<size_t>(i)]) : 0.0;
      y[at] = r(r(r(r(x[at] * rstd) + shift) * g) + be);
    }
  }
  return one(Tensor::fromDoubles(y, input.sizes(), input.dtype()));
}

std::vector<IValue> groupNorm(Args& a) {
  Tensor input = tensorArg(a, 0);
  const int64_t G = intArg(a, 1);
  std::optional<Tensor> weight = optTensorArg(a, 2), bias = optTensorArg(a, 3);
  const double eps = doubleArg(a, 4);
  const int64_t N = input.size(0), C = input.size(1);
  if (G <= 0) throw RuntimeError(str("Expected num groups to be greater than 0, got ", G));
  if (C % G != 0)
    throw RuntimeError(str("Expected number of channels in input to be divisible by num_groups, but got input of "
                           "shape ", formatInts(input.sizes()), " and num_groups=", G));
  if (weight && !(weight->dim() == 1 && weight->numel() == C))
    throw RuntimeError(str("Expected weight to be a vector of size equal to the number of channels in input, but got "
                           "weight of shape ", formatInts(weight->sizes()), " and input of shape ",
                           formatInts(input.sizes())));
  if (bias && !(bias->dim() == 1 && bias->numel() == C))
    throw RuntimeError(str("Expected bias to be a vector of size equal to the number of channels in input, but got "
                           "bias of shape ", formatInts(weight ? weight->sizes() : bias->sizes()),
                           " and input of shape ", formatInts(input.sizes())));
  checkNormDtype(input, "GroupNormKernelImpl");
  checkParamDtype(input, weight);
  checkParamDtype(input, bias);
  const int64_t inner = N * C == 0 ? 0 : input.numel() / (N * C);
  if (inner == 0) return one(Tensor::empty(input.sizes(), input.dtype()));
  // ATen 1.13's GroupNormKernelImpl computes in the dtype (float32 for bfloat16) once it has a
  // group's mean and variance (here: in double, rounded to the dtype): rstd = 1 / sqrt(max(var, 0)
  // + eps); no parameters: (x - mean) * rstd; otherwise per channel scale = rstd * gamma,
  // bias = -scale * mean + beta, y = scale * x + bias — each step rounded, so a constant group
  // gives scale * x - round(scale * x) + beta rather than beta.
  const ScalarType ct = input.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  auto r = [ct](double v) { return castDouble(v, ct); };
  const std::vector<double> x = input.toDoubles();
  const int64_t D = C / G, groupSize = D * inner;
  std::vector<double> y(x.size());
  for (int64_t g = 0; g < N * G; ++g) {
    double sum = 0;
    for (int64_t i = 0; i < groupSize; ++i) sum += x[static_cast<size_t>(g * groupSize + i)];
    const double meanD = sum / static_cast<double>(groupSize);
    double sq = 0;
    for (int64_t i = 0; i < groupSize; ++i) {
      const double d = x[static_cast<size_t>(g * groupSize + i)] - meanD;
      sq += d * d;
    }
    const double mean = r(meanD), var = r(sq / static_cast<double>(groupSize));
    const double rstd = r(1 / r(std::sqrt(r(std::max(var, 0.0) + r(eps)))));
    for (int64_t j = 0; j < D; ++j) {
      const int64_t c = (g % G) * D + j;
      const double w = weight ? r(weight->getDouble(c)) : 1.0, b = bias ? r(bias->getDouble(c)) : 0.0;
      const double scale = r(rstd * w), shift = r(r(-scale * mean) + b);
      for (int64_t k = 0; k < inner; ++k) {
        const size_t at = static_cast<size_t>(g * groupSize + j * inner + k);
        y[at] = weight || bias ? r(r(scale * x[at]) + shift) : r(r(x[at] - mean) * rstd);
      }
    }
  }
  return one(Tensor::fromDoubles(y, input.sizes(), input.dtype()));
}

// ---- embedding, dropout ---------------------------------------------------------------------------

std::vector<IValue> embedding(Args& a) {
  Tensor weight = tensorArg(a, 0), indices = tensorArg(a, 1);
  if (weight.dim() != 2) throw RuntimeError("'weight' must be 2-D");
  if (indices.dtype() != ScalarType::Int64 && indices.dtype() != ScalarType::Int32)
    throw RuntimeError(str("Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           "Long, Int; but got ", legacyTypeName(indices.dtype()),
                           " instead (while checking arguments for embedding)"));
  const int64_t V = weight.size(0), D = weight.size(1);
  std::vector<int64_t> outSizes = indices.sizes();
  outSizes.push_back(D);
  Tensor out = Tensor::empty(outSizes, weight.dtype());
  const std::vector<int64_t> ix = indices.toInt64s();
  for (size_t i = 0; i < ix.size(); ++i) {
    if (ix[i] < 0 || ix[i] >= V) throw RuntimeError("index out of range in self", "IndexError");
    for (int64_t d = 0; d < D; ++d) copyElem(out, static_cast<int64_t>(i) * D + d, weight, ix[i] * D + d);
  }
  return one(out);
}

// dropout(input, p, train): the identity unless training with 0 < p < 1 (random: not reproducible);
// p == 1 in training zeroes everything.
std::vector<IValue> dropout(Args& a, bool inplace) {
  Tensor input = tensorArg(a, 0);
  const double p = doubleArg(a, 1);
  const bool train = boolArg(a, 2);
  if (p < 0 || p > 1)
    throw RuntimeError(str("dropout probability has to be between 0 and 1, but got ", p));
  if (!train || p == 0 || input.numel() == 0) return one(a[0]);
  if (p == 1) {  // input * 0 (NaN and inf stay NaN)
    Tensor out = inplace ? input : Tensor::empty(input.sizes(), input.dtype());
    for (int64_t i = 0; i < input.numel(); ++i) out.setDouble(i, input.getDouble(i) * 0.0);
    if (inplace) input.bumpVersion();
    return inplace ? one(a[0]) : one(out);
  }
  throw NotSupported(str(inplace ? "aten::dropout_" : "aten::dropout", " in training mode with p=", p,
                         " is random: the reference cannot reproduce PyTorch's random stream"),
                     inplace ? "aten::dropout_ (train=True)" : "aten::dropout (train=True)");
}

// ---- lstm_cell, cosine_similarity -------------------------------------------------------------------

// One tensor result of another reference kernel, e.g. callOp("aten::linear", {x, w, b}).
Tensor callOp(const char* overload, Args args) { return runKernel(overload, std::move(args)).toTensor(); }

// PyTorch 1.13's lstm_cell (RNN.cpp) on CPU, step by step with the reference's own kernels, so
// every step raises that op's error: hx must hold two tensors; w_ih.size(1) and input.size(1)
// must agree; for hx[0] then hx[1] ("hidden0" both times): batch size against input.size(0),
// size(1) against w_hh.size(1). Then gates = linear(hx[0], w_hh, b_hh).add_(linear(input, w_ih,
// b_ih)), unsafe_chunk(4, 1), sigmoid_ / tanh_ in place, cy = (f * cx).add_(i * g),
// hy = o * tanh(cy). size(d) raises PyTorch's dimension errors on low-rank tensors.
std::vector<IValue> lstmCell(Args& a) {
  Tensor input = tensorArg(a, 0);
  std::vector<Tensor> hx = tensorListArg(a, 1);
  Tensor wih = tensorArg(a, 2), whh = tensorArg(a, 3);
  if (hx.size() != 2) throw RuntimeError("lstm_cell expects two hidden states");
  const int64_t inputSize = wih.size(1);
  if (input.size(1) != inputSize)
    throw RuntimeError(str("input has inconsistent input_size: got ", input.size(1), " expected ", inputSize));
  const int64_t hiddenSize = whh.size(1);
  for (const Tensor& h : hx) {
    if (input.size(0) != h.size(0))
      throw RuntimeError(str("Input batch size ", input.size(0), " doesn't match hidden0 batch size ", h.size(0)));
    if (h.size(1) != hiddenSize)
      throw RuntimeError(str("hidden0 has inconsistent hidden_size: got ", h.size(1), ", expected ", hiddenSize));
  }
  Tensor gates = callOp("aten::linear", {hx[0], whh, a.at(5)});
  callOp("aten::add_.Tensor", {gates, callOp("aten::linear", {input, wih, a.at(4)}), int64_t{1}});
  const ReferenceKernel* chunk = findKernel(ops::overload("aten::chunk"));
  TSJIT_CHECK(chunk, "lstm_cell: no reference kernel for aten::chunk");
  Args chunkArgs{gates, int64_t{4}, int64_t{1}};
  Args chunkOut = chunk->run(chunkArgs);
  const std::vector<Tensor> chunks = tensorListArg(chunkOut, 0);
  if (chunks.size() < 4)
    // PyTorch indexes the 4 chunks unchecked (undefined behaviour): a clear error here.
    throw RuntimeError(str("lstm_cell: gates of size ", gates.size(1), " in dim 1 do not split into 4 chunks"));
  const Tensor ingate = callOp("aten::sigmoid_", {chunks[0]}), forgetgate = callOp("aten::sigmoid_", {chunks[1]});
  const Tensor cellgate = callOp("aten::tanh_", {chunks[2]}), outgate = callOp("aten::sigmoid_", {chunks[3]});
  Tensor cy = callOp("aten::mul.Tensor", {forgetgate, hx[1]});
  callOp("aten::add_.Tensor", {cy, callOp("aten::mul.Tensor", {ingate, cellgate}), int64_t{1}});
  Tensor hy = callOp("aten::mul.Tensor", {outgate, callOp("aten::tanh", {cy})});
  std::vector<IValue> res;
  res.emplace_back(hy);
  res.emplace_back(cy);
  return res;
}

std::vector<IValue> cosineSimilarity(Args& a) {
  Tensor x1 = tensorArg(a, 0), x2 = tensorArg(a, 1);
  const double eps = doubleArg(a, 3);
  // PyTorch 1.13 (python3-torch 1.13.1): the common dtype must be floating before anything else.
  const ScalarType common = resultTypeOf({x1, x2});
  if (!isFloating(common))
    throw RuntimeError(str("expected common dtype to be floating point, yet common dtype is ", common));
  // ATen converts an integral (or bool) side to that dtype, broadcasts, divides each side by its
  // linalg_vector_norm clamped to eps (clamp_min_, which has no Half kernel), and sums the product.
  auto floatingOf = [](const Tensor& t) { return isFloating(t) ? t.dtype() : ScalarType::Float; };
  const ScalarType d1 = floatingOf(x1), d2 = floatingOf(x2);
  const std::vector<int64_t> shape = inferBroadcastShape(x1.sizes(), x2.sizes());
  Tensor e1 = x1.expand(shape), e2 = x2.expand(shape);
  const int64_t nd = static_cast<int64_t>(shape.size());
  const int64_t dim = wrapDim(intArg(a, 2), nd);
  if (d1 == ScalarType::Half || d2 == ScalarType::Half)
    throw RuntimeError("\"clamp_min_cpu\" not implemented for 'Half'");
  const ScalarType dt = promoteTypes(d1, d2);
  std::vector<int64_t> outSizes;
  for (int64_t d = 0; d < nd; ++d)
    if (d != dim) outSizes.push_back(shape[static_cast<size_t>(d)]);
  const int64_t len = nd == 0 ? 1 : shape[static_cast<size_t>(dim)];
  const int64_t inner = nd == 0 ? 1 : product(std::vector<int64_t>(shape.begin() + dim + 1, shape.end()));
  const int64_t outer = nd == 0 ? 1 : product(std::vector<int64_t>(shape.begin(), shape.begin() + dim));
  std::vector<double> out;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      double n1 = 0, n2 = 0;
      for (int64_t k = 0; k < len; ++k) {
        const int64_t at = (o * len + k) * inner + i;
        n1 += e1.getDouble(at) * e1.getDouble(at);
        n2 += e2.getDouble(at) * e2.getDouble(at);
      }
      n1 = std::max(std::sqrt(n1), eps);
      n2 = std::max(std::sqrt(n2), eps);
      double s = 0;
      for (int64_t k = 0; k < len; ++k) {
        const int64_t at = (o * len + k) * inner + i;
        s += (e1.getDouble(at) / n1) * (e2.getDouble(at) / n2);
      }
      out.push_back(s);
    }
  return one(Tensor::fromDoubles(out, outSizes, dt));
}

}  // namespace

void registerNNNormKernels() {
  def("aten::batch_norm", batchNormKernel);
  def("aten::instance_norm", instanceNorm);
  def("aten::layer_norm", layerNorm);
  def("aten::group_norm", groupNorm);
  def("aten::embedding", embedding);
  def("aten::dropout", [](Args& a) { return dropout(a, false); });
  def("aten::dropout_", [](Args& a) { return dropout(a, true); });
  def("aten::lstm_cell", lstmCell);
  def("aten::cosine_similarity", cosineSimilarity);
}

}  // namespace tsjit::reference
