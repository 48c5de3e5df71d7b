// NNNorm.cpp — optimized kernels of the NN family, part 2: batch_norm (training updates the
// running stats in place, as PyTorch), instance_norm, layer_norm, group_norm, embedding,
// dropout / dropout_, cosine_similarity, lstm_cell.
// Semantics (PyTorch 1.13 CPU): the normalization kernels dispatch float, double and bfloat16
// ("batch_norm", "LayerNormKernelImpl", "GroupNormKernelImpl" not implemented for the others) and
// read their parameters as the input's type; an empty batch_norm input returns
// input.clone() * weight[0] + bias[0] without any check; instance_norm is ATen's composition
// (batch_norm over [1, N*C, ...] with repeated parameters, then the running stats averaged back).
// Invariants: statistics accumulate in double per normalized group and the normalized values are
// computed in the input dtype (float32 for bfloat16); batch_norm follows ATen's steps exactly
// (mean and sum of squares rounded to the dtype, x * alpha + beta without fused multiply-adds),
// group_norm and layer_norm follow its affine steps in the dtype (layer_norm: its scalar Welford
// moments for rows shorter than a vector); variances used to normalize are biased, the
// running variance update uses the unbiased one; dropout with train=False (or p=0) returns its
// input itself.
#include <algorithm>
#include <cmath>
#include <random>

#include "jit/kernels/Families.h"
#include "jit/kernels/LinalgGemm.h"
#include "jit/tensor/Broadcast.h"
#include "jit/tensor/TypePromotion.h"

// PyTorch's normalization kernels round each float product and sum as written (x * alpha + beta,
// b - mean * alpha, ...); this file is built with -march=native, where GCC would otherwise contract
// such pairs into fused multiply-adds (one rounding instead of two), which cancelling channels
// expose. (GCC's C++ front end defaults to -ffp-contract=fast even with -std=c++20.)
#pragma GCC optimize("fp-contract=off")

namespace tsjit::kernels {
Tensor linalgAddmm(const Tensor& bias, const Tensor& a, const Tensor& b);

namespace {
using namespace sk;

// Per-channel batch statistics of x viewed as [N, C, inner], as ATen 1.13's
// batch_norm_cpu_collect_stats: the sum accumulates in double and the mean is rounded to T; the
// squared deviations (x - mean)^2 are formed in T and accumulate in double; the sum of squares is
// rounded to T.
template <typename T>
void batchStats(const T* x, int64_t N, int64_t C, int64_t inner, std::vector<T>& mean, std::vector<T>& varSum) {
  mean.assign(C, T(0));
  varSum.assign(C, T(0));
  for (int64_t c = 0; c < C; ++c) {
    double s = 0;
    for (int64_t n = 0; n < N; ++n) {
      const T* p = x + (n * C + c) * inner;
      for (int64_t i = 0; i < inner; ++i) s += p[i];
    }
    const T m = static_cast<T>(s / static_cast<double>(N * inner));
    double v = 0;
    for (int64_t n = 0; n < N; ++n) {
      const T* p = x + (n * C + c) * inner;
      for (int64_t i = 0; i < inner; ++i) {
        const T d = p[i] - m;
        v += d * d;
      }
    }
    mean[c] = m;
    varSum[c] = static_cast<T>(v);
  }
}

// Per-channel mean and biased variance of x viewed as [outer, C, inner] (group_norm).
template <typename T>
void channelStats(const T* x, int64_t outer, int64_t C, int64_t inner, std::vector<double>& mean, std::vector<double>& var) {
  mean.assign(C, 0.0);
  var.assign(C, 0.0);
  const double n = static_cast<double>(outer * inner);
  for (int64_t c = 0; c < C; ++c) {
    double s = 0;
    for (int64_t o = 0; o < outer; ++o) {
      const T* p = x + (o * C + c) * inner;
      for (int64_t i = 0; i < inner; ++i) s += p[i];
    }
    const double m = s / n;
    double v = 0;
    for (int64_t o = 0; o < outer; ++o) {
      const T* p = x + (o * C + c) * inner;
      for (int64_t i = 0; i < inner; ++i) v += (p[i] - m) * (p[i] - m);
    }
    mean[c] = m;
    var[c] = v / n;
  }
}

void checkChannels(const Tensor& t, int64_t C, const char* name) {
  if (t.defined() && t.numel() != C)
    throw RuntimeError(str(name, " should contain ", C, " elements not ", t.numel()));
}

// PyTorch 1.13's CPU normalization kernels dispatch float, double and bfloat16.
void checkNormDtype(const Tensor& input, const char* kernel) {
  const ScalarType dt = input.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::BFloat16)
    throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(dt), "'"));
}

// Parameters are read as the input's element type (a bfloat16 input also takes float32 ones).
void checkParam(const Tensor& input, const Tensor& p) {
  if (!p.defined() || p.dtype() == input.dtype()) return;
  if (input.dtype() == ScalarType::BFloat16 && p.dtype() == ScalarType::Float) return;
  throw RuntimeError(str("expected scalar type ", irName(input.dtype()), " but found ", irName(p.dtype())));
}

// body(TypeTag<T>, x, out) on a contiguous float/double copy of input and a fresh output of that
// type (a bfloat16 input is computed in float32 and rounded back), after the dtype check.
template <typename F>
Tensor computeNorm(const Tensor& input, const char* kernel, F&& body) {
  checkNormDtype(input, kernel);
  const bool reduced = input.dtype() == ScalarType::BFloat16;
  const Tensor x = reduced ? input.to(ScalarType::Float).contiguous() : input.contiguous();
  Tensor out = Tensor::empty(input.sizes(), x.dtype(), input.device());
  visitFloating(x.dtype(), kernel, [&](auto tag) { body(tag, x, out); });
  return reduced ? out.to(ScalarType::BFloat16) : out;
}

// Empty-batch batch_norm returns input.clone() * weight[0] + bias[0]: an empty tensor whose shape
// and dtype follow that expression (select / broadcast errors included).
Tensor emptyTimes(const Tensor& x, const Tensor& p) {
  if (!p.defined()) return x;
  const Tensor first = p.select(0, 0);
  return Tensor::empty(inferBroadcastShape(x.sizes(), first.sizes()), resultType(x, first), x.device());
}

// Writes (1 - m) * running + m * value into a running-stat tensor (in place).
void updateRunning(const Tensor& running, const std::vector<double>& value, double momentum) {
  if (!running.defined()) return;
  std::vector<double> r = toVector<double>(running);
  Tensor fresh = Tensor::fromDoubles(r, running.sizes(), ScalarType::Double);
  double* p = static_cast<double*>(fresh.data());
  for (size_t i = 0; i < r.size(); ++i) p[i] = (1 - momentum) * r[i] + momentum * value[i];
  running.copy_(fresh);
}

// Whether ATen 1.13's batch_norm takes its contiguous fast path (batch_norm_cpu_stub): the input
// contiguous or channels-last (4-D / 5-D) and the 1-D parameters and running stats contiguous.
bool channelsLastLayout(const Tensor& t) {
  static const int64_t order4[] = {1, 3, 2, 0}, order5[] = {1, 4, 3, 2, 0};
  const int64_t* order = t.dim() == 4 ? order4 : t.dim() == 5 ? order5 : nullptr;
  if (!order) return false;
  int64_t expected = 1;
  for (int64_t k = 0; k < t.dim(); ++k) {
    const int64_t d = order[k];
    if (t.size(d) == 1) continue;
    if (t.strides()[d] != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

bool bnFastPath(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& rm, const Tensor& rv) {
  if (!input.isContiguous() && !channelsLastLayout(input)) return false;
  for (const Tensor* p : {&weight, &bias, &rm, &rv})
    if (p->defined() && !p->isContiguous()) return false;
  return true;
}

Tensor batchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& rm, const Tensor& rv,
                 bool training, double momentum, double eps) {
  // ATen reads sizes()[1] unchecked; both engines refuse such inputs with this message.
  if (input.dim() < 2) throw RuntimeError(str("batch_norm: expected a tensor with at least 2 dims, got ", input.dim()));
  const int64_t C = input.size(1);
  if (input.numel() == 0) return emptyTimes(emptyTimes(input.clone(), weight), bias);
  if (rm.defined()) checkChannels(rm, C, "running_mean");
  else if (!training) throw RuntimeError("running_mean must be defined in evaluation mode");
  if (rv.defined()) checkChannels(rv, C, "running_var");
  else if (!training) throw RuntimeError("running_var must be defined in evaluation mode");
  checkChannels(weight, C, "weight");
  checkChannels(bias, C, "bias");
  checkNormDtype(input, "batch_norm");
  // The order ATen reads them in: running stats first when training (the stats update).
  const Tensor* params[4] = {&weight, &bias, &rm, &rv};
  if (training) {
    params[0] = &rm;
    params[1] = &rv;
    params[2] = &weight;
    params[3] = &bias;
  }
  for (const Tensor* p : params) checkParam(input, *p);
  const int64_t N = input.size(0), inner = input.numel() / (N * C);
  const bool alphaBeta = bnFastPath(input, weight, bias, rm, rv);
  return computeNorm(input, "batch_norm", [&](auto tag, const Tensor& x, const Tensor& out) {
    using T = typename decltype(tag)::type;
    std::vector<T> mean, invstd(C);
    if (training) {
      // ATen's batch_norm_cpu_update_stats: the statistics in T, invstd = 1 / sqrt(var + eps) in
      // double (0 for a zero variance with eps == 0) rounded to T.
      std::vector<T> varSum;
      batchStats(static_cast<const T*>(x.data()), N, C, inner, mean, varSum);
      const int64_t n = N * inner;
      std::vector<double> meanD(C), unbiased(C);
      for (int64_t c = 0; c < C; ++c) {
        const T var = varSum[c] / static_cast<T>(n);
        invstd[c] = var == T(0) && eps == 0 ? T(0) : static_cast<T>(1.0 / std::sqrt(static_cast<double>(var) + eps));
        meanD[c] = static_cast<double>(mean[c]);
        unbiased[c] = static_cast<double>(varSum[c]) / static_cast<double>(n - 1);
      }
      updateRunning(rm, meanD, momentum);
      updateRunning(rv, unbiased, momentum);
    } else {
      // invstd = 1 / sqrt(running_var + eps), all in T.
      mean = toVector<T>(rm);
      const std::vector<T> var = toVector<T>(rv);
      for (int64_t c = 0; c < C; ++c) invstd[c] = T(1) / std::sqrt(var[c] + static_cast<T>(eps));
    }
    const std::vector<T> w = weight.defined() ? toVector<T>(weight) : std::vector<T>(C, T(1));
    const std::vector<T> b = bias.defined() ? toVector<T>(bias) : std::vector<T>(C, T(0));
    const T* xp = static_cast<const T*>(x.data());
    T* op = static_cast<T*>(out.data());
    for (int64_t c = 0; c < C; ++c) {
      // Contiguous (or channels-last) operands: ATen's batch_norm_cpu_stub folds the affine
      // transform into alpha = invstd * w, beta = b - mean * alpha and writes x * alpha + beta, all
      // in T (a constant channel then gives x * alpha - round(x * alpha) + b, not exactly b).
      // Otherwise its TensorIterator loop computes ((x - mean) * invstd) * w + b.
      const T alpha = invstd[c] * w[c];
      const T beta = b[c] - mean[c] * alpha;
      for (int64_t n = 0; n < N; ++n) {
        const T* xr = xp + (n * C + c) * inner;
        T* orow = op + (n * C + c) * inner;
        if (alphaBeta)
          for (int64_t i = 0; i < inner; ++i) orow[i] = xr[i] * alpha + beta;
        else
          for (int64_t i = 0; i < inner; ++i) orow[i] = ((xr[i] - mean[c]) * invstd[c]) * w[c] + b[c];
      }
    }
  });
}

// A per-channel tensor repeated N times (Tensor.repeat([N]) of a 0-dim or 1-D tensor).
Tensor repeatN(const Tensor& t, int64_t N) {
  if (!t.defined()) return t;
  if (t.dim() > 1)
    throw RuntimeError("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const Tensor flat = t.contiguous().view({t.numel()});
  return flat.unsqueeze(0).expand({N, t.numel()}).contiguous().view({N * t.numel()});
}

// running.copy_(rep.view([N, C]).mean(0)).
void copyBatchMean(const Tensor& running, const Tensor& rep, int64_t N, int64_t C) {
  if (!running.defined()) return;
  const Tensor v = rep.view({N, C});
  if (!isFloatingType(v.dtype()))
    throw RuntimeError(str("mean(): could not infer output dtype. Input dtype must be either a floating point or "
                           "complex dtype. Got: ", irName(v.dtype())));
  const std::vector<double> vals = toVector<double>(v);
  std::vector<double> m(C, 0.0);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c) m[c] += vals[n * C + c];
  for (double& x : m) x /= static_cast<double>(N);
  running.copy_(Tensor::fromDoubles(m, {C}, v.dtype()));
}

// instance_norm = batch_norm over [1, N*C, ...] with the parameters repeated per batch element;
// the running stats then take the batch mean of the repeated ones (ATen's composition).
Tensor instanceNorm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& rm, const Tensor& rv,
                    bool useInputStats, double momentum, double eps) {
  if (!useInputStats && !(rm.defined() && rv.defined()))
    throw RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false");
  // size(0)/size(1) raise PyTorch's own messages for an input of rank < 2.
  const int64_t N = input.size(0), C = input.size(1);
  std::vector<int64_t> shape = input.sizes();
  shape[0] = 1;
  shape[1] = N * C;
  const Tensor w = repeatN(weight, N), b = repeatN(bias, N), m = repeatN(rm, N), v = repeatN(rv, N);
  const Tensor out = batchNorm(input.contiguous().view(shape), w, b, m, v, useInputStats, momentum, eps);
  copyBatchMean(rm, m, N, C);
  copyBatchMean(rv, v, N, C);
  return out.view(input.sizes());
}

// Normalizes groups of `inner` consecutive elements (layer_norm / group_norm core), then applies a
// per-element (layer) or per-channel (group) affine transform.
Tensor layerNorm(const Tensor& input, const std::vector<int64_t>& shape, const Tensor& weight, const Tensor& bias, double eps) {
  const int64_t k = static_cast<int64_t>(shape.size());
  if (k == 0)
    throw RuntimeError(str("Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
                           "element, but got normalized_shape = ", shapeStr(shape)));
  if (weight.defined() && weight.sizes() != shape)
    throw RuntimeError(str("Expected weight to be of same shape as normalized_shape, but got weight of shape ",
                           shapeStr(weight.sizes()), " and normalized_shape = ", shapeStr(shape)));
  if (bias.defined() && bias.sizes() != shape)
    throw RuntimeError(str("Expected bias to be of same shape as normalized_shape, but got bias of shape ",
                           shapeStr(bias.sizes()), " and normalized_shape = ", shapeStr(shape)));
  bool ok = input.dim() >= k;
  for (int64_t i = 0; ok && i < k; ++i) ok = input.size(input.dim() - k + i) == shape[i];
  if (!ok) {
    std::string expected = "[*";
    for (int64_t s : shape) expected += ", " + std::to_string(s);
    throw RuntimeError(str("Given normalized_shape=", shapeStr(shape), ", expected input with shape ", expected,
                           "], but got input of size", shapeStr(input.sizes())));
  }
  int64_t inner = 1, outer = 1;
  for (int64_t s : shape) inner *= s;
  for (int64_t d = 0; d < input.dim() - k; ++d) outer *= input.size(d);
  // ATen's kernel (and its dtype dispatch) runs only when there are rows.
  if (outer == 0) return Tensor::empty(input.sizes(), input.dtype(), input.device());
  checkNormDtype(input, "LayerNormKernelImpl");
  checkParam(input, weight);
  checkParam(input, bias);
  return computeNorm(input, "LayerNormKernelImpl", [&](auto tag, const Tensor& x, const Tensor& out) {
    using T = typename decltype(tag)::type;
    // ATen 1.13's LayerNormKernelImpl in T: the row's moments (utils::RowwiseMoments), then
    // rstd = 1 / sqrt(var + eps), scale = rstd, bias = -rstd * mean and
    // y = (x * scale + bias) * gamma + beta, each step rounded to T.
    const std::vector<T> w = weight.defined() ? toVector<T>(weight) : std::vector<T>(inner, T(1));
    const std::vector<T> b = bias.defined() ? toVector<T>(bias) : std::vector<T>(inner, T(0));
    const T* xp = static_cast<const T*>(x.data());
    T* op = static_cast<T*>(out.data());
    // RowwiseMoments runs Welford over Vectorized<T> lanes (8 floats / 4 doubles with AVX2) and a
    // scalar Welford over the remaining elements: a row shorter than one vector is all scalar,
    // reproduced exactly here; a longer row's moments are taken in double and rounded to T.
    const int64_t lanes = sizeof(T) == 4 ? 8 : 4;
    for (int64_t r = 0; r < outer && inner > 0; ++r) {
      const T* row = xp + r * inner;
      T m, var;
      if (inner < lanes) {
        T m1 = 0, m2 = 0;
        for (int64_t i = 0; i < inner; ++i) {
          const T delta = row[i] - m1;
          m1 += delta / static_cast<T>(i + 1);
          m2 += delta * (row[i] - m1);
        }
        // Merging the (empty) vector lanes: m1 += 0 * (0 - m1), m2 += 0 + (0 - m1)^2 * 0 * count.
        const T d = T(0) - m1;
        m1 += T(0) * d;
        m2 += T(0) + d * d * T(0) * static_cast<T>(inner);
        m = m1;
        var = m2 / static_cast<T>(inner);
      } else {
        double s = 0;
        for (int64_t i = 0; i < inner; ++i) s += row[i];
        const double mean = s / static_cast<double>(inner);
        double v = 0;
        for (int64_t i = 0; i < inner; ++i) v += (row[i] - mean) * (row[i] - mean);
        m = static_cast<T>(mean);
        var = static_cast<T>(v / static_cast<double>(inner));
      }
      const T rstd = T(1) / std::sqrt(var + static_cast<T>(eps));
      const T shift = -rstd * m;
      T* orow = op + r * inner;
      for (int64_t i = 0; i < inner; ++i) orow[i] = (row[i] * rstd + shift) * w[i] + b[i];
    }
  });
}

Tensor groupNorm(const Tensor& input, int64_t G, const Tensor& weight, const Tensor& bias, double eps) {
  // size(0)/size(1) raise PyTorch's own messages for an input of rank < 2.
  const int64_t N = input.size(0), C = input.size(1);
  if (G <= 0) throw RuntimeError(str("Expected num groups to be greater than 0, got ", G));
  if (C % G != 0)
    throw RuntimeError(str("Expected number of channels in input to be divisible by num_groups, but got input of shape ",
                           shapeStr(input.sizes()), " and num_groups=", G));
  if (weight.defined() && !(weight.dim() == 1 && weight.numel() == C))
    throw RuntimeError(str("Expected weight to be a vector of size equal to the number of channels in input, but got "
                           "weight of shape ", shapeStr(weight.sizes()), " and input of shape ", shapeStr(input.sizes())));
  if (bias.defined() && !(bias.dim() == 1 && bias.numel() == C))  // ATen prints the weight's shape here
    throw RuntimeError(str("Expected bias to be a vector of size equal to the number of channels in input, but got "
                           "bias of shape ", shapeStr(weight.defined() ? weight.sizes() : bias.sizes()),
                           " and input of shape ", shapeStr(input.sizes())));
  checkNormDtype(input, "GroupNormKernelImpl");
  checkParam(input, weight);
  checkParam(input, bias);
  const int64_t spatial = N * C == 0 ? 0 : input.numel() / (N * C);
  if (spatial == 0) return Tensor::empty(input.sizes(), input.dtype(), input.device());
  return computeNorm(input, "GroupNormKernelImpl", [&](auto tag, const Tensor& x, const Tensor& out) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* op = static_cast<T*>(out.data());
    std::vector<double> mean, var;
    // Groups are consecutive runs of (C/G)*spatial elements: stats over [1, N*G, run].
    const int64_t run = (C / G) * spatial;
    channelStats(xp, 1, N * G, run, mean, var);
    // ATen 1.13's GroupNormKernelImpl, in T after the group's moments: rstd = 1 / sqrt(max(var, 0)
    // + eps); without parameters (x - mean) * rstd, otherwise per channel scale = rstd * gamma,
    // bias = -scale * mean + beta and y = scale * x + bias (a constant group gives
    // scale * x - round(scale * x) + beta, not beta).
    const bool affine = weight.defined() || bias.defined();
    const std::vector<T> w0 = weight.defined() ? toVector<T>(weight) : std::vector<T>(C, T(1));
    const std::vector<T> b0 = bias.defined() ? toVector<T>(bias) : std::vector<T>(C, T(0));
    const int64_t D = C / G;
    for (int64_t g = 0; g < N * G; ++g) {
      const T m = static_cast<T>(mean[g]);
      const T r = T(1) / std::sqrt(std::max(static_cast<T>(var[g]), T(0)) + static_cast<T>(eps));
      if (!affine) {
        for (int64_t i = 0; i < run; ++i) op[g * run + i] = (xp[g * run + i] - m) * r;
        continue;
      }
      for (int64_t j = 0; j < D; ++j) {
        const int64_t c = (g % G) * D + j;
        const T scale = r * w0[c];
        const T shift = -scale * m + b0[c];
        const T* xr = xp + g * run + j * spatial;
        T* orow = op + g * run + j * spatial;
        for (int64_t k = 0; k < spatial; ++k) orow[k] = scale * xr[k] + shift;
      }
    }
  });
}

Tensor embedding(const Tensor& weight, const Tensor& indices) {
  if (weight.dim() != 2) throw RuntimeError("'weight' must be 2-D");  // PyTorch 1.13 checks weight first
  if (indices.dtype() != ScalarType::Int64 && indices.dtype() != ScalarType::Int32)
    throw RuntimeError(str("Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got ",
                           legacyTypeName(indices.dtype()), " instead (while checking arguments for embedding)"));
  const std::vector<int64_t> idx = toVector<int64_t>(indices);
  const int64_t rows = weight.size(0), D = weight.size(1);
  for (int64_t i : idx)
    if (i < 0 || i >= rows) throw RuntimeError("index out of range in self", "IndexError");
  std::vector<int64_t> outSizes = indices.sizes();
  outSizes.push_back(D);
  Tensor out = Tensor::empty(outSizes, weight.dtype(), weight.device());
  const Tensor w = weight.contiguous();
  const size_t row = static_cast<size_t>(D) * w.itemSize();
  const char* src = static_cast<const char*>(w.data());
  char* dst = static_cast<char*>(out.data());
  for (size_t i = 0; i < idx.size(); ++i) std::memcpy(dst + i * row, src + idx[i] * row, row);
  return out;
}

IValue dropout(const IValue& inputV, double p, bool train, bool inplace) {
  if (p < 0 || p > 1) throw RuntimeError(str("dropout probability has to be between 0 and 1, but got ", p));
  const Tensor input = inputV.toTensor();
  if (!train || p == 0 || input.numel() == 0) return inputV;
  Tensor out = inplace ? input : input.clone(MemoryFormat::Contiguous);
  if (p == 1) {
    out.zero_();
    return IValue(out);
  }
  // Random mask (PyTorch's generator cannot be reproduced; only the distribution matches).
  static thread_local std::mt19937_64 rng(0x5eed);
  std::bernoulli_distribution keep(1 - p);
  const Tensor c = out.contiguous();
  visitFloating(out.dtype(), "dropout", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* d = static_cast<T*>(c.data());
    const T scale = static_cast<T>(1.0 / (1 - p));
    for (int64_t i = 0; i < c.numel(); ++i) d[i] = keep(rng) ? d[i] * scale : T(0);
  });
  if (!c.is(out)) out.copy_(c);
  return inplace ? inputV : IValue(out);
}

Tensor cosineSimilarity(const Tensor& x1, const Tensor& x2, int64_t dim, double eps) {
  // PyTorch 1.13 first requires a floating common dtype (two integral / bool inputs raise; checked
  // on python3-torch 1.13.1), then converts an integral side to it.
  if (const ScalarType common = resultType(x1, x2); !isFloatingType(common))
    throw RuntimeError(str("expected common dtype to be floating point, yet common dtype is ", irName(common)));
  const std::vector<int64_t> shape = inferBroadcastShape(x1.sizes(), x2.sizes());
  const int64_t d = wrapDim(dim, static_cast<int64_t>(shape.size()));
  // The norms are clamped with clamp_min_, which has no Half kernel in 1.13.
  auto floatingOf = [](const Tensor& t) { return isFloatingType(t.dtype()) ? t.dtype() : ScalarType::Float; };
  if (floatingOf(x1) == ScalarType::Half || floatingOf(x2) == ScalarType::Half)
    throw RuntimeError("\"clamp_min_cpu\" not implemented for 'Half'");
  const ScalarType dt = promoteTypes(floatingOf(x1), floatingOf(x2));
  // Move dim last.
  std::vector<int64_t> perm;
  for (int64_t k = 0; k < static_cast<int64_t>(shape.size()); ++k)
    if (k != d) perm.push_back(k);
  if (!shape.empty()) perm.push_back(d);
  const std::vector<double> a = toVector<double>(x1.expand(shape).permute(perm));
  const std::vector<double> b = toVector<double>(x2.expand(shape).permute(perm));
  std::vector<int64_t> outSizes;
  for (int64_t k = 0; k < static_cast<int64_t>(shape.size()); ++k)
    if (k != d) outSizes.push_back(shape[k]);
  const int64_t n = shape.empty() ? 1 : shape[d];
  int64_t rows = 1;
  for (int64_t s : outSizes) rows *= s;
  std::vector<double> o(rows);
  for (int64_t r = 0; r < rows; ++r) {
    double na = 0, nb = 0;
    for (int64_t i = 0; i < n; ++i) {
      na += a[r * n + i] * a[r * n + i];
      nb += b[r * n + i] * b[r * n + i];
    }
    // Each side divided by its clamped norm, then the sum of products (an empty dim sums to 0).
    const double ca = std::max(std::sqrt(na), eps), cb = std::max(std::sqrt(nb), eps);
    double s = 0;
    for (int64_t i = 0; i < n; ++i) s += (a[r * n + i] / ca) * (b[r * n + i] / cb);
    o[r] = s;
  }
  return Tensor::fromDoubles(o, outSizes, dt);
}

// PyTorch 1.13's lstm_cell (RNN.cpp), CPU. Checks, in order: two hidden states; w_ih.size(1)
// against input.size(1) ("input has inconsistent input_size"); for hx[0] then hx[1] (labelled
// "hidden0" both times) the batch size against input.size(0) and size(1) against w_hh.size(1).
// size(d) of a low-rank tensor raises the dimension errors. Then gates = linear(hx[0], w_hh, b_hh)
// .add_(linear(input, w_ih, b_ih)), unsafe_chunk(4, 1), sigmoid_ / tanh_ / sigmoid_ / sigmoid_,
// cy = (f * cx).add_(i * g), hy = o * tanh(cy): any other shape or dtype goes through those ops'
// kernels (their broadcasting and errors); the usual shapes take one fused loop.
std::pair<Tensor, Tensor> lstmCell(const Tensor& input, const std::vector<Tensor>& hx, const Tensor& wIh, const Tensor& wHh,
                                   const IValue& bIhV, const IValue& bHhV) {
  if (hx.size() != 2) throw RuntimeError("lstm_cell expects two hidden states");
  const int64_t inputSize = wIh.size(1);
  if (input.size(1) != inputSize)
    throw RuntimeError(str("input has inconsistent input_size: got ", input.size(1), " expected ", inputSize));
  const int64_t hiddenSize = wHh.size(1);
  for (const Tensor& hidden : hx) {
    if (input.size(0) != hidden.size(0))
      throw RuntimeError(str("Input batch size ", input.size(0), " doesn't match hidden0 batch size ", hidden.size(0)));
    if (hidden.size(1) != hiddenSize)
      throw RuntimeError(str("hidden0 has inconsistent hidden_size: got ", hidden.size(1), ", expected ", hiddenSize));
  }
  const Tensor bIh = optTensor(bIhV), bHh = optTensor(bHhV);
  const ScalarType dt = input.dtype();
  const int64_t H = hiddenSize;
  auto plainBias = [&](const Tensor& b) { return !b.defined() || (b.dim() == 1 && b.size(0) == 4 * H && b.dtype() == dt); };
  const bool fused = (dt == ScalarType::Float || dt == ScalarType::Double) && H >= 1 && input.dim() == 2 &&
                     wIh.dim() == 2 && wHh.dim() == 2 && wIh.size(0) == 4 * H && wHh.size(0) == 4 * H &&
                     wIh.dtype() == dt && wHh.dtype() == dt && plainBias(bIh) && plainBias(bHh) &&
                     std::all_of(hx.begin(), hx.end(), [&](const Tensor& t) { return t.dim() == 2 && t.dtype() == dt; });
  if (!fused) {
    Tensor gates = runKernel("aten::linear", {hx[0], wHh, bHhV}).toTensor();
    runKernel("aten::add_.Tensor", {gates, runKernel("aten::linear", {input, wIh, bIhV}), IValue(int64_t{1})});
    const std::vector<Tensor> chunks = tensorList(runKernel("aten::chunk", {gates, IValue(int64_t{4}), IValue(int64_t{1})}));
    if (chunks.size() < 4)  // PyTorch indexes four chunks unchecked (undefined behaviour)
      throw RuntimeError(str("lstm_cell: gates of size ", gates.size(1), " in dim 1 do not split into 4 chunks"));
    const IValue ig = runKernel("aten::sigmoid_", {chunks[0]}), fg = runKernel("aten::sigmoid_", {chunks[1]});
    const IValue cg = runKernel("aten::tanh_", {chunks[2]}), og = runKernel("aten::sigmoid_", {chunks[3]});
    const IValue cy = runKernel("aten::mul.Tensor", {fg, hx[1]});
    runKernel("aten::add_.Tensor", {cy, runKernel("aten::mul.Tensor", {ig, cg}), IValue(int64_t{1})});
    const IValue hy = runKernel("aten::mul.Tensor", {og, runKernel("aten::tanh", {cy})});
    return {hy.toTensor(), cy.toTensor()};
  }
  const Tensor& h2 = hx[0];
  const Tensor& c = hx[1];
  // gates = input @ w_ih^T + b_ih, then += h @ w_hh^T in place (one gemm with beta = 1).
  Tensor gates = linalgAddmm(bIh, input, wIh.t());
  const int64_t B = gates.size(0), G = gates.size(1);
  Tensor hOut = Tensor::empty({B, H}, input.dtype(), input.device());
  Tensor cOut = Tensor::empty({B, H}, input.dtype(), input.device());
  visitFloating(input.dtype(), "lstm_cell", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* g = static_cast<T*>(gates.data());
    gemm::gemm<T>(gemm::matOf<T>(h2), gemm::matOf<T>(wHh.t()), T(1), T(1), g, G);
    const std::vector<T> bh = bHh.defined() ? toVector<T>(bHh) : std::vector<T>(G, T(0));
    const Tensor cc = c.contiguous();
    const T* cp = static_cast<const T*>(cc.data());
    T* ho = static_cast<T*>(hOut.data());
    T* co = static_cast<T*>(cOut.data());
    auto sigmoid = [](T v) { return T(1) / (T(1) + std::exp(-v)); };
    for (int64_t b = 0; b < B; ++b) {
      const T* row = g + b * G;
      for (int64_t j = 0; j < H; ++j) {
        const T ig = sigmoid(row[j] + bh[j]), fg = sigmoid(row[H + j] + bh[H + j]);
        const T cg = std::tanh(row[2 * H + j] + bh[2 * H + j]), og = sigmoid(row[3 * H + j] + bh[3 * H + j]);
        const T cn = fg * cp[b * H + j] + ig * cg;
        co[b * H + j] = cn;
        ho[b * H + j] = og * std::tanh(cn);
      }
    }
  });
  return {hOut, cOut};
}

}  // namespace

void registerNNNormKernels() {
  def("aten::batch_norm", op([](IValue* a) {
        return IValue(batchNorm(a[0].toTensor(), optTensor(a[1]), optTensor(a[2]), optTensor(a[3]), optTensor(a[4]),
                                a[5].toBool(), a[6].toDouble(), a[7].toDouble()));
      }));
  def("aten::instance_norm", op([](IValue* a) {
        return IValue(instanceNorm(a[0].toTensor(), optTensor(a[1]), optTensor(a[2]), optTensor(a[3]), optTensor(a[4]),
                                   a[5].toBool(), a[6].toDouble(), a[7].toDouble()));
      }));
  def("aten::layer_norm", op([](IValue* a) {
        return IValue(layerNorm(a[0].toTensor(), intList(a[1]), optTensor(a[2]), optTensor(a[3]), a[4].toDouble()));
      }));
  def("aten::group_norm", op([](IValue* a) {
        return IValue(groupNorm(a[0].toTensor(), a[1].toInt(), optTensor(a[2]), optTensor(a[3]), a[4].toDouble()));
      }));
  def("aten::embedding", op([](IValue* a) { return IValue(embedding(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::dropout", op([](IValue* a) { return dropout(a[0], a[1].toDouble(), a[2].toBool(), false); }));
  defIfAbsent("aten::dropout_", op([](IValue* a) { return dropout(a[0], a[1].toDouble(), a[2].toBool(), true); }));
  def("aten::cosine_similarity", op([](IValue* a) {
        return IValue(cosineSimilarity(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), a[3].toDouble()));
      }));
  def("aten::lstm_cell", op2([](IValue* a) {
        return lstmCell(a[0].toTensor(), tensorList(a[1]), a[2].toTensor(), a[3].toTensor(), a[4], a[5]);
      }));
}

}  // namespace tsjit::kernels
