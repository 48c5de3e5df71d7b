// NNNorm.cpp — optimized kernels of the NN family, part 2: batch_norm (training updates the
// running stats in place, as PyTorch), instance_norm, layer_norm, group_norm, embedding,
// dropout / dropout_, cosine_similarity, lstm_cell.
// Invariants: statistics accumulate in double per normalized group and the normalized values are
// computed in the input dtype; variances used to normalize are biased, the running variance update
// uses the unbiased one; dropout with train=False (or p=0) returns its input itself.
#include <cmath>
#include <random>

#include "jit/kernels/Families.h"
#include "jit/kernels/LinalgGemm.h"
#include "jit/tensor/Broadcast.h"

namespace tsjit::kernels {
Tensor linalgAddmm(const Tensor& bias, const Tensor& a, const Tensor& b);

namespace {
using namespace sk;

// x viewed as [outer, C, inner] (contiguous); per channel c, normalizes with mean[c], invstd[c]
// and applies weight/bias (may be undefined).
template <typename T>
void normalizeChannels(const T* x, T* o, int64_t outer, int64_t C, int64_t inner, const std::vector<double>& mean,
                       const std::vector<double>& invstd, const std::vector<double>& w, const std::vector<double>& b) {
  for (int64_t n = 0; n < outer; ++n)
    for (int64_t c = 0; c < C; ++c) {
      const double scale = invstd[c] * (w.empty() ? 1.0 : w[c]);
      const double shift = (b.empty() ? 0.0 : b[c]) - mean[c] * scale;
      const T sc = static_cast<T>(scale), sh = static_cast<T>(shift);
      const T* xp = x + (n * C + c) * inner;
      T* op = o + (n * C + c) * inner;
      for (int64_t i = 0; i < inner; ++i) op[i] = xp[i] * sc + sh;
    }
}

// Per-channel mean and biased variance of x viewed as [outer, C, inner].
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

std::vector<double> optVector(const Tensor& t) { return t.defined() ? toVector<double>(t) : std::vector<double>{}; }

void checkChannels(const Tensor& t, int64_t C, const char* name) {
  if (t.defined() && t.numel() != C)
    throw RuntimeError(str(name, " should contain ", C, " elements not ", t.numel()));
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

Tensor batchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& rm, const Tensor& rv,
                 bool training, double momentum, double eps) {
  if (input.dim() < 2)
    throw RuntimeError(str("running_mean should contain ", input.dim() == 1 ? input.size(0) : 1, " elements not ",
                           rm.defined() ? rm.numel() : 0));
  const int64_t N = input.size(0), C = input.size(1), inner = input.numel() / std::max<int64_t>(N * C, 1);
  checkChannels(weight, C, "weight");
  checkChannels(bias, C, "bias");
  checkChannels(rm, C, "running_mean");
  checkChannels(rv, C, "running_var");
  if (training && N * inner <= 1)
    throw RuntimeError(str("Expected more than 1 value per channel when training, got input size ", shapeStr(input.sizes())));
  const Tensor x = input.contiguous();
  Tensor out = Tensor::empty(input.sizes(), input.dtype(), input.device());
  visitFloating(input.dtype(), "batch_norm", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<double> mean, var, invstd(C);
    if (training || !rm.defined() || !rv.defined()) {
      if (!training && (!rm.defined() || !rv.defined())) throw RuntimeError("running_mean and running_var must be defined in evaluation mode");
      channelStats(static_cast<const T*>(x.data()), N, C, inner, mean, var);
      const double n = static_cast<double>(N * inner);
      std::vector<double> unbiased(C);
      for (int64_t c = 0; c < C; ++c) unbiased[c] = var[c] * n / (n - 1);
      updateRunning(rm, mean, momentum);
      updateRunning(rv, unbiased, momentum);
    } else {
      mean = toVector<double>(rm);
      var = toVector<double>(rv);
    }
    for (int64_t c = 0; c < C; ++c) invstd[c] = 1.0 / std::sqrt(var[c] + eps);
    normalizeChannels(static_cast<const T*>(x.data()), static_cast<T*>(out.data()), N, C, inner, mean, invstd,
                      optVector(weight), optVector(bias));
  });
  return out;
}

Tensor instanceNorm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& rm, const Tensor& rv,
                    bool useInputStats, double momentum, double eps) {
  if (!useInputStats && !(rm.defined() && rv.defined()))
    throw RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false");
  // size(0)/size(1) raise PyTorch's own messages for an input of rank < 2.
  const int64_t N = input.size(0), C = input.size(1);
  if (!useInputStats) return batchNorm(input, weight, bias, rm, rv, false, momentum, eps);
  const int64_t inner = input.numel() / std::max<int64_t>(N * C, 1);
  checkChannels(weight, C, "weight");
  checkChannels(bias, C, "bias");
  const Tensor x = input.contiguous();
  Tensor out = Tensor::empty(input.sizes(), input.dtype(), input.device());
  visitFloating(input.dtype(), "instance_norm", [&](auto tag) {
    using T = typename decltype(tag)::type;
    // Every (n, c) is its own channel of a [1, N*C, inner] batch norm.
    std::vector<double> mean, var, invstd(N * C), w, b;
    channelStats(static_cast<const T*>(x.data()), 1, N * C, inner, mean, var);
    for (int64_t i = 0; i < N * C; ++i) invstd[i] = 1.0 / std::sqrt(var[i] + eps);
    const std::vector<double> w0 = optVector(weight), b0 = optVector(bias);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c) {
        if (!w0.empty()) w.push_back(w0[c]);
        if (!b0.empty()) b.push_back(b0[c]);
      }
    normalizeChannels(static_cast<const T*>(x.data()), static_cast<T*>(out.data()), 1, N * C, inner, mean, invstd, w, b);
    if (rm.defined() || rv.defined()) {
      std::vector<double> mm(C, 0.0), vv(C, 0.0);
      const double cnt = static_cast<double>(inner);
      for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < C; ++c) {
          mm[c] += mean[n * C + c] / static_cast<double>(N);
          vv[c] += var[n * C + c] * cnt / (cnt - 1) / static_cast<double>(N);
        }
      updateRunning(rm, mm, momentum);
      updateRunning(rv, vv, momentum);
    }
  });
  return out;
}

// Normalizes groups of `inner` consecutive elements (layer_norm / group_norm core), then applies a
// per-element (layer) or per-channel (group) affine transform.
Tensor layerNorm(const Tensor& input, const std::vector<int64_t>& shape, const Tensor& weight, const Tensor& bias, double eps) {
  const int64_t k = static_cast<int64_t>(shape.size());
  bool ok = k >= 1 && input.dim() >= k;
  for (int64_t i = 0; ok && i < k; ++i) ok = input.size(input.dim() - k + i) == shape[i];
  if (!ok) {
    std::string expected = "[*";
    for (int64_t s : shape) expected += ", " + std::to_string(s);
    throw RuntimeError(str("Given normalized_shape=", shapeStr(shape), ", expected input with shape ", expected,
                           "], but got input of size", shapeStr(input.sizes())));
  }
  if (weight.defined() && weight.sizes() != shape)
    throw RuntimeError(str("Expected weight to be of same shape as normalized_shape, but got weight of shape ",
                           shapeStr(weight.sizes()), " and normalized_shape = ", shapeStr(shape)));
  int64_t inner = 1;
  for (int64_t s : shape) inner *= s;
  const int64_t outer = inner == 0 ? 0 : input.numel() / inner;
  const Tensor x = input.contiguous();
  Tensor out = Tensor::empty(input.sizes(), input.dtype(), input.device());
  visitFloating(input.dtype(), "layer_norm", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::vector<T> w = weight.defined() ? toVector<T>(weight) : std::vector<T>{};
    const std::vector<T> b = bias.defined() ? toVector<T>(bias) : std::vector<T>{};
    const T* xp = static_cast<const T*>(x.data());
    T* op = static_cast<T*>(out.data());
    for (int64_t r = 0; r < outer; ++r) {
      const T* row = xp + r * inner;
      double s = 0;
      for (int64_t i = 0; i < inner; ++i) s += row[i];
      const double mean = s / static_cast<double>(inner);
      double v = 0;
      for (int64_t i = 0; i < inner; ++i) v += (row[i] - mean) * (row[i] - mean);
      const T rstd = static_cast<T>(1.0 / std::sqrt(v / static_cast<double>(inner) + eps));
      const T m = static_cast<T>(mean);
      T* orow = op + r * inner;
      for (int64_t i = 0; i < inner; ++i) {
        T y = (row[i] - m) * rstd;
        if (!w.empty()) y *= w[i];
        if (!b.empty()) y += b[i];
        orow[i] = y;
      }
    }
  });
  return out;
}

Tensor groupNorm(const Tensor& input, int64_t G, const Tensor& weight, const Tensor& bias, double eps) {
  if (input.dim() < 2) throw RuntimeError("group_norm: expected an input with at least 2 dimensions");
  const int64_t N = input.size(0), C = input.size(1);
  if (G <= 0 || C % G != 0)
    throw RuntimeError(str("Expected number of channels in input to be divisible by num_groups, but got input of shape ",
                           shapeStr(input.sizes()), " and num_groups=", G));
  checkChannels(weight, C, "weight");
  checkChannels(bias, C, "bias");
  const int64_t spatial = input.numel() / std::max<int64_t>(N * C, 1);
  const Tensor x = input.contiguous();
  Tensor out = Tensor::empty(input.sizes(), input.dtype(), input.device());
  visitFloating(input.dtype(), "group_norm", [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<double> mean, var;
    // Groups are consecutive runs of (C/G)*spatial elements: stats over [1, N*G, run].
    channelStats(static_cast<const T*>(x.data()), 1, N * G, (C / G) * spatial, mean, var);
    std::vector<double> m(N * C), inv(N * C), w, b;
    const std::vector<double> w0 = optVector(weight), b0 = optVector(bias);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c) {
        const int64_t g = n * G + c / (C / G);
        m[n * C + c] = mean[g];
        inv[n * C + c] = 1.0 / std::sqrt(var[g] + eps);
        if (!w0.empty()) w.push_back(w0[c]);
        if (!b0.empty()) b.push_back(b0[c]);
      }
    normalizeChannels(static_cast<const T*>(x.data()), static_cast<T*>(out.data()), 1, N * C, spatial, m, inv, w, b);
  });
  return out;
}

Tensor embedding(const Tensor& weight, const Tensor& indices) {
  if (indices.dtype() != ScalarType::Int64 && indices.dtype() != ScalarType::Int32)
    throw RuntimeError(str("Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got ",
                           legacyTypeName(indices.dtype()), " instead (while checking arguments for embedding)"));
  if (weight.dim() != 2) throw RuntimeError("'weight' must be 2-D");
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
  const std::vector<int64_t> shape = inferBroadcastShape(x1.sizes(), x2.sizes());
  const int64_t d = wrapDim(dim, static_cast<int64_t>(shape.size()));
  const ScalarType dt = x1.dtype();
  if (x2.dtype() != dt) throw RuntimeError(str("expected scalar type ", irName(dt), " but found ", irName(x2.dtype())));
  // Move dim last.
  std::vector<int64_t> perm;
  for (int64_t k = 0; k < static_cast<int64_t>(shape.size()); ++k)
    if (k != d) perm.push_back(k);
  perm.push_back(d);
  const std::vector<double> a = toVector<double>(x1.expand(shape).permute(perm));
  const std::vector<double> b = toVector<double>(x2.expand(shape).permute(perm));
  std::vector<int64_t> outSizes;
  for (int64_t k = 0; k < static_cast<int64_t>(shape.size()); ++k)
    if (k != d) outSizes.push_back(shape[k]);
  Tensor out = Tensor::empty(outSizes, dt, x1.device());
  const int64_t n = shape.empty() ? 1 : shape[d];
  visitFloating(dt, "cosine_similarity", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* o = static_cast<T*>(out.data());
    for (int64_t r = 0; r < out.numel(); ++r) {
      double dotv = 0, na = 0, nb = 0;
      for (int64_t i = 0; i < n; ++i) {
        const double x = a[r * n + i], y = b[r * n + i];
        dotv += x * y;
        na += x * x;
        nb += y * y;
      }
      o[r] = static_cast<T>(dotv / (std::max(std::sqrt(na), eps) * std::max(std::sqrt(nb), eps)));
    }
  });
  return out;
}

std::pair<Tensor, Tensor> lstmCell(const Tensor& input, const std::vector<Tensor>& hx, const Tensor& wIh, const Tensor& wHh,
                                   const Tensor& bIh, const Tensor& bHh) {
  if (hx.size() != 2) throw RuntimeError("lstm_cell expects two hidden states");
  const Tensor& h = hx[0];
  const Tensor& c = hx[1];
  // gates = input @ w_ih^T + b_ih, then += h @ w_hh^T in place (one gemm with beta = 1).
  Tensor gates = linalgAddmm(bIh, input.dim() == 1 ? input.unsqueeze(0) : input, wIh.t());
  const Tensor h2 = h.dim() == 1 ? h.unsqueeze(0) : h;
  const int64_t B = gates.size(0), G = gates.size(1), H = G / 4;
  if (h2.size(0) != B || h2.size(1) != wHh.size(1))
    throw RuntimeError(str("mat1 and mat2 shapes cannot be multiplied (", h2.size(0), "x", h2.size(1), " and ", wHh.size(1),
                           "x", wHh.size(0), ")"));
  Tensor hOut = Tensor::empty({B, H}, input.dtype(), input.device());
  Tensor cOut = Tensor::empty({B, H}, input.dtype(), input.device());
  visitFloating(input.dtype(), "lstm_cell", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* g = static_cast<T*>(gates.data());
    gemm::gemm<T>(gemm::matOf<T>(h2), gemm::matOf<T>(wHh.t()), T(1), T(1), g, G);
    const std::vector<T> bh = bHh.defined() ? toVector<T>(bHh) : std::vector<T>(G, T(0));
    const Tensor cc = (c.dim() == 1 ? c.unsqueeze(0) : c).expand({B, H}).contiguous();
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
  if (input.dim() == 1) return {hOut.squeeze(0), cOut.squeeze(0)};
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
        return lstmCell(a[0].toTensor(), tensorList(a[1]), a[2].toTensor(), a[3].toTensor(), optTensor(a[4]), optTensor(a[5]));
      }));
}

}  // namespace tsjit::kernels
