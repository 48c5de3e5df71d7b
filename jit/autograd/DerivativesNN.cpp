// DerivativesNN.cpp — derivatives of the neural-network ops: softmax family, normalizations,
// linear/recurrent cells and similarity (recorded decompositions, Decompose.h; the other recurrent
// ops in DerivativesRnn.cpp), pooling,
// convolution and embedding (direct loops over the saved input, recomputing the window maxima).
// Part 2, DerivativesNNPool.cpp: max pools with indices, max_pool3d, adaptive max pools, average
// pools, 3-d and transposed convolutions.
#include <cmath>
#include <limits>

#include "jit/autograd/Decompose.h"
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"
#include "jit/ir/Type.h"

namespace tsjit::autograd {
// DerivativesNNPool.cpp: pooling beyond max_pool1d/2d, 3-d and transposed convolutions.
void registerNNPoolDerivatives();
Grads convolutionGradsNd(const GradContext& c, bool transposed, const std::vector<int64_t>& stride,
                         const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, int64_t groups);
void registerRnnDerivatives();  // DerivativesRnn.cpp

namespace {
using namespace math;

Tensor optTensor(const IValue& v) { return v.isTensor() ? v.toTensor() : Tensor(); }

// mean and biased variance over `dims` (keepdim), recorded.
std::pair<Tensor, Tensor> moments(const Tensor& x, const std::vector<int64_t>& dims) {
  Tensor m = mean(x, dims, true);
  Tensor d = sub(x, m);
  return {m, mean(mul(d, d), dims, true)};
}

// x normalized with (mean, var), then scaled and shifted per channel (dim 1) when given.
Tensor affine(Tensor y, const Tensor& w, const Tensor& b, int64_t rank, int64_t channelDim) {
  auto channelShape = [&](const Tensor& p) {
    std::vector<int64_t> s(static_cast<size_t>(rank), 1);
    s[static_cast<size_t>(channelDim)] = p.numel();
    return reshape(p, s);
  };
  if (w.defined()) y = mul(y, channelShape(w));
  if (b.defined()) y = add(y, channelShape(b));
  return y;
}

Tensor normalize(const Tensor& x, const Tensor& m, const Tensor& v, double eps) {
  return mul(sub(x, m), unary("aten::rsqrt", addScalar(v, eps)));
}

// Window of a max pool over [P, H, W] planes (1-d: H == 1).
struct PoolWindow {
  int64_t kH, kW, sH, sW, pH, pW, dH, dW;
};

Tensor maxPoolBackward(const Tensor& self, const Tensor& g, const PoolWindow& w, int64_t spatial) {
  int64_t H = spatial == 2 ? self.size(-2) : 1, W = self.size(-1);
  int64_t OH = spatial == 2 ? g.size(-2) : 1, OW = g.size(-1);
  int64_t P = W * H != 0 ? self.numel() / (H * W) : 0;
  std::vector<double> x = self.contiguous().toDoubles(), gv = g.contiguous().toDoubles(), out(x.size(), 0.0);
  for (int64_t p = 0; p < P; ++p)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        double m = -std::numeric_limits<double>::infinity();
        int64_t arg = -1;
        for (int64_t i = 0; i < w.kH; ++i) {
          int64_t ih = oh * w.sH - w.pH + i * w.dH;
          if (ih < 0 || ih >= H) continue;
          for (int64_t j = 0; j < w.kW; ++j) {
            int64_t iw = ow * w.sW - w.pW + j * w.dW;
            if (iw < 0 || iw >= W) continue;
            int64_t at = (p * H + ih) * W + iw;
            double v = x[static_cast<size_t>(at)];
            if (arg < 0 || v > m || std::isnan(v)) {
              if (arg >= 0 && std::isnan(m)) continue;
              m = v;
              arg = at;
            }
          }
        }
        if (arg >= 0) out[static_cast<size_t>(arg)] += gv[static_cast<size_t>((p * OH + oh) * OW + ow)];
      }
  return Tensor::fromDoubles(out, self.sizes(), g.dtype());
}

Tensor adaptiveAvgBackward(const std::vector<int64_t>& sizes, const Tensor& g, int64_t spatial) {
  int64_t H = spatial == 2 ? sizes[sizes.size() - 2] : 1, W = sizes.back();
  int64_t OH = spatial == 2 ? g.size(-2) : 1, OW = g.size(-1);
  int64_t numel = 1;
  for (int64_t s : sizes) numel *= s;
  int64_t P = H * W != 0 ? numel / (H * W) : 0;
  std::vector<double> gv = g.contiguous().toDoubles(), out(static_cast<size_t>(numel), 0.0);
  auto start = [](int64_t o, int64_t in, int64_t on) { return (o * in) / on; };
  auto end = [](int64_t o, int64_t in, int64_t on) { return ((o + 1) * in + on - 1) / on; };
  for (int64_t p = 0; p < P; ++p)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        int64_t h0 = start(oh, H, OH), h1 = end(oh, H, OH), w0 = start(ow, W, OW), w1 = end(ow, W, OW);
        double share = gv[static_cast<size_t>((p * OH + oh) * OW + ow)] / static_cast<double>((h1 - h0) * (w1 - w0));
        for (int64_t ih = h0; ih < h1; ++ih)
          for (int64_t iw = w0; iw < w1; ++iw) out[static_cast<size_t>((p * H + ih) * W + iw)] += share;
      }
  return Tensor::fromDoubles(out, sizes, g.dtype());
}

// Gradients of a (non-transposed) 1-d / 2-d convolution, batched [N, C, H, W] (1-d: H == 1).
struct ConvGrads {
  Tensor input, weight, bias;
};
ConvGrads convBackward(const Tensor& in4, const Tensor& w4, const Tensor& g4, std::vector<int64_t> stride,
                       std::vector<int64_t> pad, std::vector<int64_t> dil, int64_t groups, bool needBias) {
  int64_t N = in4.size(0), C = in4.size(1), H = in4.size(2), W = in4.size(3);
  int64_t O = w4.size(0), Cg = w4.size(1), KH = w4.size(2), KW = w4.size(3);
  int64_t OH = g4.size(2), OW = g4.size(3);
  int64_t Og = O / groups;
  std::vector<double> x = in4.contiguous().toDoubles(), w = w4.contiguous().toDoubles(), g = g4.contiguous().toDoubles();
  std::vector<double> gx(x.size(), 0.0), gw(w.size(), 0.0), gb(static_cast<size_t>(O), 0.0);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o) {
      int64_t grp = o / Og;
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          double gv = g[static_cast<size_t>(((n * O + o) * OH + oh) * OW + ow)];
          gb[static_cast<size_t>(o)] += gv;
          for (int64_t cg = 0; cg < Cg; ++cg) {
            int64_t c = grp * Cg + cg;
            for (int64_t kh = 0; kh < KH; ++kh) {
              int64_t ih = oh * stride[0] - pad[0] + kh * dil[0];
              if (ih < 0 || ih >= H) continue;
              for (int64_t kw = 0; kw < KW; ++kw) {
                int64_t iw = ow * stride[1] - pad[1] + kw * dil[1];
                if (iw < 0 || iw >= W) continue;
                size_t xi = static_cast<size_t>(((n * C + c) * H + ih) * W + iw);
                size_t wi = static_cast<size_t>(((o * Cg + cg) * KH + kh) * KW + kw);
                gx[xi] += gv * w[wi];
                gw[wi] += gv * x[xi];
              }
            }
          }
        }
    }
  ConvGrads r;
  r.input = Tensor::fromDoubles(gx, in4.sizes(), g4.dtype());
  r.weight = Tensor::fromDoubles(gw, w4.sizes(), g4.dtype());
  if (needBias) r.bias = Tensor::fromDoubles(gb, {O}, g4.dtype());
  return r;
}

// conv args from index `at`: stride, padding, dilation (each 1 or `spatial` ints), groups.
Grads convolutionGrads(const GradContext& c, int64_t spatialDims, const std::vector<int64_t>& stride,
                       const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, int64_t groups) {
  Tensor input = c.tensor(0), weight = c.tensor(1), g = c.grad();
  bool batched = input.dim() == spatialDims + 2;
  Tensor in = batched ? input : input.unsqueeze(0);
  Tensor gg = batched ? g : g.unsqueeze(0);
  auto two = [&](std::vector<int64_t> v, int64_t fill) {
    if (v.size() == 1 && spatialDims == 2) v.push_back(v[0]);
    if (spatialDims == 1) v.insert(v.begin(), fill);
    return v;
  };
  Tensor in4 = spatialDims == 1 ? in.unsqueeze(2) : in;
  Tensor w4 = spatialDims == 1 ? weight.unsqueeze(2) : weight;
  Tensor g4 = spatialDims == 1 ? gg.unsqueeze(2) : gg;
  ConvGrads r = convBackward(in4, w4, g4, two(stride, 1), two(padding, 0), two(dilation, 1), groups, c.needs(2));
  Tensor gi = r.input.reshape(input.sizes()), gw = r.weight.reshape(weight.sizes());
  return {gi, gw, r.bias};
}
}  // namespace

void registerNNDerivatives() {
  registerNNPoolDerivatives();
  registerRnnDerivatives();
  def("aten::softmax.int", {{}, {0}}, [](const GradContext& c) -> Grads {
    Tensor y = c.output(), g = c.grad();
    int64_t dim = wrap(c.arg(1).toInt(), y.dim());
    return {mul(y, sub(g, sum(mul(g, y), {dim}, true)))};
  });
  def("aten::log_softmax.int", {{}, {0}}, [](const GradContext& c) -> Grads {
    Tensor y = c.output(), g = c.grad();
    int64_t dim = wrap(c.arg(1).toInt(), y.dim());
    return {sub(g, mul(unary("aten::exp", y), sum(g, {dim}, true)))};
  });
  defDecomposed("aten::layer_norm", {0, 2, 3}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor x = a[0].toTensor();
    int64_t k = static_cast<int64_t>(ints(a[1]).size());
    std::vector<int64_t> dims;
    for (int64_t d = x.dim() - k; d < x.dim(); ++d) dims.push_back(d);
    auto [m, v] = moments(x, dims);
    Tensor y = normalize(x, m, v, a[4].toDouble());
    if (a[2].isTensor()) y = mul(y, a[2].toTensor());
    if (a[3].isTensor()) y = add(y, a[3].toTensor());
    return {y};
  });
  defDecomposed("aten::group_norm", {0, 2, 3}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor x = a[0].toTensor();
    int64_t G = a[1].toInt(), N = x.size(0);
    Tensor xg = reshape(x, {N, G, G && N ? x.numel() / (N * G) : 0});
    auto [m, v] = moments(xg, {2});
    Tensor y = reshape(normalize(xg, m, v, a[4].toDouble()), x.sizes());
    return {affine(y, optTensor(a[2]), optTensor(a[3]), x.dim(), 1)};
  });
  defDecomposed("aten::instance_norm", {0, 1, 2, 3, 4}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor x = a[0].toTensor();
    double eps = a[7].toDouble();
    Tensor y;
    if (a[5].toBool() || !a[3].isTensor()) {
      std::vector<int64_t> dims;
      for (int64_t d = 2; d < x.dim(); ++d) dims.push_back(d);
      auto [m, v] = moments(x, dims);
      y = normalize(x, m, v, eps);
    } else {
      std::vector<int64_t> s(static_cast<size_t>(x.dim()), 1);
      s[1] = x.size(1);
      y = normalize(x, reshape(a[3].toTensor(), s), reshape(a[4].toTensor(), s), eps);
    }
    return {affine(y, optTensor(a[1]), optTensor(a[2]), x.dim(), 1)};
  });
  defDecomposed("aten::batch_norm", {0, 1, 2, 3, 4}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor x = a[0].toTensor();
    double eps = a[7].toDouble();
    Tensor y;
    if (a[5].toBool() || !a[3].isTensor()) {
      std::vector<int64_t> dims{0};
      for (int64_t d = 2; d < x.dim(); ++d) dims.push_back(d);
      auto [m, v] = moments(x, dims);
      y = normalize(x, m, v, eps);
    } else {
      std::vector<int64_t> s(static_cast<size_t>(x.dim()), 1);
      s[1] = x.size(1);
      y = normalize(x, reshape(a[3].toTensor(), s), reshape(a[4].toTensor(), s), eps);
    }
    return {affine(y, optTensor(a[1]), optTensor(a[2]), x.dim(), 1)};
  });
  defDecomposed("aten::cosine_similarity", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor x1 = a[0].toTensor(), x2 = a[1].toTensor();
    std::vector<int64_t> shape;
    {
      size_t rank = std::max(x1.sizes().size(), x2.sizes().size());
      for (size_t i = 0; i < rank; ++i) {
        int64_t p = i < rank - x1.sizes().size() ? 1 : x1.sizes()[i - (rank - x1.sizes().size())];
        int64_t q = i < rank - x2.sizes().size() ? 1 : x2.sizes()[i - (rank - x2.sizes().size())];
        shape.push_back(p == 1 ? q : p);
      }
    }
    int64_t d = wrap(a[2].toInt(), static_cast<int64_t>(shape.size()));
    double eps = a[3].toDouble();
    Tensor e1 = expandTo(x1, shape), e2 = expandTo(x2, shape);
    auto clampedNorm = [&](const Tensor& e) {
      Tensor n = callT("aten::linalg_vector_norm", {e, IValue(2.0), intList({d}), IValue(true), IValue()});
      return callT("aten::clamp_min", {n, IValue(eps)});
    };
    return {sum(mul(div(e1, clampedNorm(e1)), div(e2, clampedNorm(e2))), {d}, false)};
  });
  defDecomposed("aten::lstm_cell", {0, 1, 2, 3, 4, 5}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor x = a[0].toTensor();
    const auto& hx = a[1].toListRef().items;
    Tensor h = hx[0].toTensor(), cx = hx[1].toTensor();
    auto lin = [](const Tensor& in, const IValue& w, const IValue& b) {
      Tensor y = matmul(in, callT("aten::t", {w}));
      return b.isTensor() ? add(y, b.toTensor()) : y;
    };
    Tensor gates = add(lin(x, a[2], a[4]), lin(h, a[3], a[5]));
    int64_t hs = gates.size(1) / 4;
    auto chunk = [&](int64_t k) { return callT("aten::narrow", {gates, IValue(int64_t{1}), IValue(k * hs), IValue(hs)}); };
    Tensor i = unary("aten::sigmoid", chunk(0)), f = unary("aten::sigmoid", chunk(1));
    Tensor g = unary("aten::tanh", chunk(2)), o = unary("aten::sigmoid", chunk(3));
    Tensor cy = add(mul(f, cx), mul(i, g));
    Tensor hy = mul(o, unary("aten::tanh", cy));
    return {hy, cy};
  });
  defDecomposed("aten::mse_loss", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    Tensor d = sub(a[0].toTensor(), a[1].toTensor());
    Tensor l = mul(d, d);
    int64_t reduction = a[2].toInt();
    if (reduction == 1) return {callT("aten::mean", {l, IValue()})};
    if (reduction == 2) return {sumAll(l)};
    return {l};
  });
  def("aten::max_pool2d", {{0}, {}}, [](const GradContext& c) -> Grads {
    std::vector<int64_t> k = ints(c.arg(1)), s = ints(c.arg(2)), p = ints(c.arg(3)), d = ints(c.arg(4));
    if (s.empty()) s = k;
    PoolWindow w{k[0], k.back(), s[0], s.back(), p[0], p.back(), d[0], d.back()};
    return {maxPoolBackward(c.tensor(0), c.grad(), w, 2)};
  });
  def("aten::max_pool1d", {{0}, {}}, [](const GradContext& c) -> Grads {
    std::vector<int64_t> k = ints(c.arg(1)), s = ints(c.arg(2)), p = ints(c.arg(3)), d = ints(c.arg(4));
    if (s.empty()) s = k;
    PoolWindow w{1, k[0], 1, s[0], 0, p[0], 1, d[0]};
    return {maxPoolBackward(c.tensor(0), c.grad(), w, 1)};
  });
  def("aten::adaptive_avg_pool2d", {}, [](const GradContext& c) -> Grads {
    return {adaptiveAvgBackward(c.sizes(0), c.grad(), 2)};
  });
  def("aten::adaptive_avg_pool1d", {}, [](const GradContext& c) -> Grads {
    return {adaptiveAvgBackward(c.sizes(0), c.grad(), 1)};
  });
  def("aten::_convolution", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    int64_t spatial = static_cast<int64_t>(c.sizes(1).size()) - 2;
    if (c.arg(6).toBool() || spatial == 3)  // transposed or 3-d: DerivativesNNPool.cpp
      return convolutionGradsNd(c, c.arg(6).toBool(), ints(c.arg(3)), ints(c.arg(4)), ints(c.arg(5)), c.arg(8).toInt());
    if (spatial != 1 && spatial != 2)
      throw RuntimeError("the derivative for 'aten::_convolution' is implemented for 1-d to 3-d convolutions only.");
    return convolutionGrads(c, spatial, ints(c.arg(3)), ints(c.arg(4)), ints(c.arg(5)), c.arg(8).toInt());
  });
  for (const char* name : {"aten::conv1d", "aten::conv2d"}) {
    int64_t spatial = std::string_view(name) == "aten::conv1d" ? 1 : 2;
    def(name, {{0, 1}, {}}, [spatial](const GradContext& c) -> Grads {
      return convolutionGrads(c, spatial, ints(c.arg(3)), ints(c.arg(4)), ints(c.arg(5)), c.arg(6).toInt());
    });
  }
  def("aten::embedding", {{1}, {}}, [](const GradContext& c) -> Grads {
    const auto& ws = c.sizes(0);
    int64_t V = ws[0], D = ws.size() > 1 ? ws[1] : 1;
    int64_t padding = c.arg(2).toInt();
    bool byFreq = c.arg(3).toBool();
    std::vector<int64_t> idx = c.tensor(1).contiguous().reshape({c.tensor(1).numel()}).toInt64s();
    std::vector<double> g = c.grad().contiguous().toDoubles(), out(static_cast<size_t>(V * D), 0.0);
    std::vector<int64_t> counts(static_cast<size_t>(V), 0);
    for (int64_t i : idx) ++counts[static_cast<size_t>(i)];
    for (size_t k = 0; k < idx.size(); ++k) {
      int64_t row = idx[k];
      if (row == padding) continue;
      double scale = byFreq ? 1.0 / static_cast<double>(counts[static_cast<size_t>(row)]) : 1.0;
      for (int64_t j = 0; j < D; ++j) out[static_cast<size_t>(row * D + j)] += g[k * static_cast<size_t>(D) + static_cast<size_t>(j)] * scale;
    }
    return {Tensor::fromDoubles(out, ws, c.grad().dtype())};
  });
}

}  // namespace tsjit::autograd
