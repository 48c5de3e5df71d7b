// DerivativesNNPool.cpp — derivatives of the pooling ops beyond max_pool1d/2d (max pools that
// return indices, max_pool3d, adaptive max pools, the average pools, adaptive_avg_pool3d), of
// unpooling, im2col / col2im and pixel_shuffle / pixel_unshuffle (through their adjoint ops), and
// of the 3-d and transposed convolutions. Direct loops in double over the saved input, or over the
// saved indices: a max pool's gradient goes to the position its forward picked (the indices
// output, or the indices the kernel recomputes for max_pool3d), so ties and NaNs follow the
// forward's choice.
#include <algorithm>
#include <array>
#include <optional>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

int64_t productOf(const std::vector<int64_t>& v, size_t from) {
  int64_t p = 1;
  for (size_t i = from; i < v.size(); ++i) p *= v[i];
  return p;
}

// g scattered into zeros shaped like the input: each element of g (one per output position of a
// plane) is added at its plane's flat position `indices` (over the trailing `spatial` input dims).
Tensor scatterByIndices(const std::vector<int64_t>& selfSizes, int64_t spatial, const Tensor& g, const Tensor& indices) {
  const int64_t plane = productOf(selfSizes, selfSizes.size() - static_cast<size_t>(spatial));
  const int64_t numel = productOf(selfSizes, 0);
  const std::vector<double> gv = g.contiguous().toDoubles();
  const std::vector<int64_t> iv = indices.contiguous().toInt64s();
  const std::vector<int64_t> gs = g.sizes();
  const int64_t outPlane = productOf(gs, gs.size() - static_cast<size_t>(spatial));
  std::vector<double> out(static_cast<size_t>(numel), 0.0);
  for (size_t e = 0; e < gv.size(); ++e) {
    const int64_t p = outPlane ? static_cast<int64_t>(e) / outPlane : 0;
    out[static_cast<size_t>(p * plane + iv[e])] += gv[e];
  }
  return Tensor::fromDoubles(out, selfSizes, g.dtype());
}

// The adjoint of scatterByIndices: each element of an unpool's input reads g at its index.
Tensor gatherByIndices(const std::vector<int64_t>& selfSizes, int64_t spatial, const Tensor& g, const Tensor& indices) {
  const int64_t plane = productOf(selfSizes, selfSizes.size() - static_cast<size_t>(spatial));
  const std::vector<int64_t> gs = g.sizes();
  const int64_t outPlane = productOf(gs, gs.size() - static_cast<size_t>(spatial));
  const std::vector<double> gv = g.contiguous().toDoubles();
  const std::vector<int64_t> iv = indices.contiguous().toInt64s();
  std::vector<double> out(iv.size(), 0.0);
  for (size_t e = 0; e < iv.size(); ++e) {
    const int64_t p = plane ? static_cast<int64_t>(e) / plane : 0;
    out[e] = gv[static_cast<size_t>(p * outPlane + iv[e])];
  }
  return Tensor::fromDoubles(out, selfSizes, g.dtype());
}

// One int or S per window parameter; an empty stride is the kernel size.
std::array<int64_t, 3> padded3(std::vector<int64_t> v, size_t S, int64_t fill) {
  if (v.size() == 1) v.assign(S, v[0]);
  std::array<int64_t, 3> r{fill, fill, fill};
  for (size_t d = 0; d < S; ++d) r[3 - S + d] = v[d];
  return r;
}

// Average pooling backward over the trailing S dims (1.13's windows: clipped to input + padding for
// the pool size, to the input for the summed region; divisor, pool size or in-range count).
Tensor avgPoolBackward(const std::vector<int64_t>& selfSizes, const Tensor& g, size_t S, const std::vector<int64_t>& k,
                       std::vector<int64_t> s, const std::vector<int64_t>& pad, bool countIncludePad,
                       std::optional<int64_t> divisor) {
  if (s.empty()) s = k;
  const std::array<int64_t, 3> K = padded3(k, S, 1), St = padded3(s, S, 1), P = padded3(pad, S, 0);
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1};
  for (size_t d = 0; d < S; ++d) {
    in[3 - S + d] = selfSizes[selfSizes.size() - S + d];
    out[3 - S + d] = g.size(static_cast<int64_t>(d) - static_cast<int64_t>(S));
  }
  const int64_t plane = in[0] * in[1] * in[2], outPlane = out[0] * out[1] * out[2];
  const int64_t numel = productOf(selfSizes, 0), planes = plane ? numel / plane : 0;
  const std::vector<double> gv = g.contiguous().toDoubles();
  std::vector<double> res(static_cast<size_t>(numel), 0.0);
  std::array<int64_t, 3> lo{}, hi{};
  for (int64_t p = 0; p < planes; ++p)
    for (int64_t a = 0; a < out[0]; ++a)
      for (int64_t b = 0; b < out[1]; ++b)
        for (int64_t c = 0; c < out[2]; ++c) {
          const std::array<int64_t, 3> o{a, b, c};
          int64_t poolSize = 1, count = 1;
          for (size_t d = 0; d < 3; ++d) {
            lo[d] = o[d] * St[d] - P[d];
            hi[d] = std::min(lo[d] + K[d], in[d] + P[d]);
            poolSize *= hi[d] - lo[d];
            lo[d] = std::max<int64_t>(lo[d], 0);
            hi[d] = std::min(hi[d], in[d]);
            count *= std::max<int64_t>(hi[d] - lo[d], 0);
          }
          if (count == 0) continue;
          const int64_t div = divisor ? *divisor : countIncludePad ? poolSize : count;
          const double share = gv[static_cast<size_t>(p * outPlane + (a * out[1] + b) * out[2] + c)] / static_cast<double>(div);
          for (int64_t i = lo[0]; i < hi[0]; ++i)
            for (int64_t j = lo[1]; j < hi[1]; ++j)
              for (int64_t l = lo[2]; l < hi[2]; ++l) res[static_cast<size_t>(p * plane + (i * in[1] + j) * in[2] + l)] += share;
        }
  return Tensor::fromDoubles(res, selfSizes, g.dtype());
}

// adaptive_avg_pool3d backward: each output's gradient spread evenly over its window
// [floor(o*in/out), ceil((o+1)*in/out)) along each of the trailing three dims.
Tensor adaptiveAvg3dBackward(const std::vector<int64_t>& selfSizes, const Tensor& g) {
  std::array<int64_t, 3> in{}, out{};
  for (size_t d = 0; d < 3; ++d) {
    in[d] = selfSizes[selfSizes.size() - 3 + d];
    out[d] = g.size(static_cast<int64_t>(d) - 3);
  }
  const int64_t plane = in[0] * in[1] * in[2], outPlane = out[0] * out[1] * out[2];
  const int64_t numel = productOf(selfSizes, 0), planes = plane ? numel / plane : 0;
  const std::vector<double> gv = g.contiguous().toDoubles();
  std::vector<double> res(static_cast<size_t>(numel), 0.0);
  std::array<int64_t, 3> lo{}, hi{};
  for (int64_t p = 0; p < planes; ++p)
    for (int64_t q = 0; q < outPlane; ++q) {
      const std::array<int64_t, 3> o{q / (out[1] * out[2]), (q / out[2]) % out[1], q % out[2]};
      int64_t count = 1;
      for (size_t d = 0; d < 3; ++d) {
        lo[d] = (o[d] * in[d]) / out[d];
        hi[d] = ((o[d] + 1) * in[d] + out[d] - 1) / out[d];
        count *= hi[d] - lo[d];
      }
      const double share = gv[static_cast<size_t>(p * outPlane + q)] / static_cast<double>(count);
      for (int64_t i = lo[0]; i < hi[0]; ++i)
        for (int64_t j = lo[1]; j < hi[1]; ++j)
          for (int64_t l = lo[2]; l < hi[2]; ++l) res[static_cast<size_t>(p * plane + (i * in[1] + j) * in[2] + l)] += share;
    }
  return Tensor::fromDoubles(res, selfSizes, g.dtype());
}

std::optional<int64_t> optInt(const IValue& v) { return v.isNone() ? std::nullopt : std::optional<int64_t>(v.toInt()); }

// Gradients of a (transposed or not) convolution with S = 1..3 spatial dims, batched
// input [N, C, *in], weight [O, C/g, *k] (transposed: [C, O/g, *k]), grad [N, O, *out]. Every
// product x * w the forward summed is visited once: conv reads x at q*s - p + k*d for output
// position q; a transposed conv writes input position q to output position q*s - p + k*d.
struct ConvGradsNd {
  Tensor input, weight, bias;
};
ConvGradsNd convBackwardNd(const Tensor& x5, const Tensor& w5, const Tensor& g5, size_t S, bool transposed,
                           const std::vector<int64_t>& stride, const std::vector<int64_t>& pad,
                           const std::vector<int64_t>& dil, int64_t groups, bool needBias) {
  const std::array<int64_t, 3> St = padded3(stride, S, 1), P = padded3(pad, S, 0), D = padded3(dil, S, 1);
  auto spatial = [&](const Tensor& t) {
    std::array<int64_t, 3> r{1, 1, 1};
    for (size_t d = 0; d < S; ++d) r[3 - S + d] = t.size(static_cast<int64_t>(d) + 2);
    return r;
  };
  const std::array<int64_t, 3> XI = spatial(x5), KS = spatial(w5), GO = spatial(g5);
  const int64_t N = x5.size(0), C = x5.size(1), O = g5.size(1);
  const int64_t Cg = C / groups, Og = O / groups;
  const std::array<int64_t, 3> Q = transposed ? XI : GO;  // the positions iterated ("small" side)
  const std::array<int64_t, 3> B = transposed ? GO : XI;  // the positions they map to
  const int64_t xPlane = XI[0] * XI[1] * XI[2], gPlane = GO[0] * GO[1] * GO[2], kVol = KS[0] * KS[1] * KS[2];
  const std::vector<double> x = x5.contiguous().toDoubles(), w = w5.contiguous().toDoubles(), g = g5.contiguous().toDoubles();
  std::vector<double> gx(x.size(), 0.0), gw(w.size(), 0.0), gb(static_cast<size_t>(O), 0.0);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o)
      for (int64_t q = 0; q < gPlane; ++q) gb[static_cast<size_t>(o)] += g[static_cast<size_t>((n * O + o) * gPlane + q)];
  for (int64_t n = 0; n < N; ++n)
    for (int64_t grp = 0; grp < groups; ++grp)
      for (int64_t ci = 0; ci < Cg; ++ci)
        for (int64_t oi = 0; oi < Og; ++oi) {
          const int64_t c = grp * Cg + ci, o = grp * Og + oi;
          const int64_t wBase = transposed ? (c * Og + oi) * kVol : (o * Cg + ci) * kVol;
          for (int64_t q0 = 0; q0 < Q[0]; ++q0)
            for (int64_t q1 = 0; q1 < Q[1]; ++q1)
              for (int64_t q2 = 0; q2 < Q[2]; ++q2)
                for (int64_t k0 = 0; k0 < KS[0]; ++k0) {
                  const int64_t b0 = q0 * St[0] - P[0] + k0 * D[0];
                  if (b0 < 0 || b0 >= B[0]) continue;
                  for (int64_t k1 = 0; k1 < KS[1]; ++k1) {
                    const int64_t b1 = q1 * St[1] - P[1] + k1 * D[1];
                    if (b1 < 0 || b1 >= B[1]) continue;
                    for (int64_t k2 = 0; k2 < KS[2]; ++k2) {
                      const int64_t b2 = q2 * St[2] - P[2] + k2 * D[2];
                      if (b2 < 0 || b2 >= B[2]) continue;
                      const int64_t qFlat = (q0 * Q[1] + q1) * Q[2] + q2, bFlat = (b0 * B[1] + b1) * B[2] + b2;
                      const size_t xi = static_cast<size_t>((n * C + c) * xPlane + (transposed ? qFlat : bFlat));
                      const size_t gi = static_cast<size_t>((n * O + o) * gPlane + (transposed ? bFlat : qFlat));
                      const size_t wi = static_cast<size_t>(wBase + (k0 * KS[1] + k1) * KS[2] + k2);
                      gx[xi] += g[gi] * w[wi];
                      gw[wi] += g[gi] * x[xi];
                    }
                  }
                }
        }
  ConvGradsNd r;
  r.input = Tensor::fromDoubles(gx, x5.sizes(), g5.dtype());
  r.weight = Tensor::fromDoubles(gw, w5.sizes(), g5.dtype());
  if (needBias) r.bias = Tensor::fromDoubles(gb, {O}, g5.dtype());
  return r;
}

}  // namespace

// Gradients of conv*d / conv_transpose*d / _convolution (input 0, weight 1, bias 2); an input with
// no batch dim (the functional convs accept one) gains and loses it.
Grads convolutionGradsNd(const GradContext& c, bool transposed, const std::vector<int64_t>& stride,
                         const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, int64_t groups) {
  const Tensor input = c.tensor(0), weight = c.tensor(1), g = c.grad();
  const size_t S = static_cast<size_t>(weight.dim() - 2);
  const bool batched = input.dim() == weight.dim();
  const Tensor x = batched ? input : input.unsqueeze(0), gg = batched ? g : g.unsqueeze(0);
  ConvGradsNd r = convBackwardNd(x, weight, gg, S, transposed, stride, padding, dilation, groups, c.needs(2));
  return {r.input.reshape(input.sizes()), r.weight, r.bias};
}

void registerNNPoolDerivatives() {
  // Max pools with indices: the gradient goes where the forward's indices point.
  for (const auto& [name, spatial] : std::initializer_list<std::pair<const char*, int64_t>>{
           {"aten::max_pool1d_with_indices", 1}, {"aten::max_pool2d_with_indices", 2},
           {"aten::max_pool3d_with_indices", 3}, {"aten::adaptive_max_pool1d", 1}, {"aten::adaptive_max_pool2d", 2},
           {"aten::adaptive_max_pool3d", 3}}) {
    const int64_t S = spatial;
    def(name, {{}, {1}}, [S](const GradContext& c) -> Grads {
      Grads r(c.numArgs());
      r[0] = scatterByIndices(c.sizes(0), S, c.grad(0), c.output(1));
      return r;
    });
  }
  def("aten::max_pool3d", {{0}, {}}, [](const GradContext& c) -> Grads {
    // The indices the forward picked, recomputed by the kernel from the saved input.
    std::vector<IValue> args;
    for (size_t i = 0; i < 6; ++i) args.push_back(c.arg(i));
    const Tensor idx = callN("aten::max_pool3d_with_indices", std::move(args)).at(1).toTensor();
    Grads r(c.numArgs());
    r[0] = scatterByIndices(c.sizes(0), 3, c.grad(), idx);
    return r;
  });
  def("aten::avg_pool1d", {}, [](const GradContext& c) -> Grads {
    Grads r(c.numArgs());
    r[0] = avgPoolBackward(c.sizes(0), c.grad(), 1, ints(c.arg(1)), ints(c.arg(2)), ints(c.arg(3)), c.arg(5).toBool(),
                           std::nullopt);
    return r;
  });
  def("aten::avg_pool2d", {}, [](const GradContext& c) -> Grads {
    Grads r(c.numArgs());
    r[0] = avgPoolBackward(c.sizes(0), c.grad(), 2, ints(c.arg(1)), ints(c.arg(2)), ints(c.arg(3)), c.arg(5).toBool(),
                           optInt(c.arg(6)));
    return r;
  });
  def("aten::avg_pool3d", {}, [](const GradContext& c) -> Grads {
    Grads r(c.numArgs());
    r[0] = avgPoolBackward(c.sizes(0), c.grad(), 3, ints(c.arg(1)), ints(c.arg(2)), ints(c.arg(3)), c.arg(5).toBool(),
                           optInt(c.arg(6)));
    return r;
  });
  // Unpooling reads the gradient back at the indices (indices: not differentiable).
  def("aten::max_unpool2d", {{1}, {}}, [](const GradContext& c) -> Grads {
    Grads r(c.numArgs());
    r[0] = gatherByIndices(c.sizes(0), 2, c.grad(), c.tensor(1));
    return r;
  });
  def("aten::max_unpool3d", {{1}, {}}, [](const GradContext& c) -> Grads {
    Grads r(c.numArgs());
    r[0] = gatherByIndices(c.sizes(0), 3, c.grad(), c.tensor(1));
    return r;
  });
  // Rearrangements: the gradient goes through the inverse rearrangement.
  def("aten::pixel_shuffle", {}, [](const GradContext& c) -> Grads {
    return {callT("aten::pixel_unshuffle", {c.grad(), c.arg(1)}), IValue()};
  });
  def("aten::pixel_unshuffle", {}, [](const GradContext& c) -> Grads {
    return {callT("aten::pixel_shuffle", {c.grad(), c.arg(1)}), IValue()};
  });
  // 1.13 declares channel_shuffle not differentiable (a NotImplemented node): backward raises.
  def("aten::channel_shuffle", {}, [](const GradContext&) -> Grads {
    throw RuntimeError("derivative for channel_shuffle is not implemented");
  });
  // im2col and col2im are each other's adjoints.
  def("aten::im2col", {}, [](const GradContext& c) -> Grads {
    const std::vector<int64_t>& s = c.sizes(0);
    Grads r(c.numArgs());
    r[0] = callT("aten::col2im", {c.grad(), intList({s[s.size() - 2], s.back()}), c.arg(1), c.arg(2), c.arg(3), c.arg(4)});
    return r;
  });
  def("aten::col2im", {}, [](const GradContext& c) -> Grads {
    Grads r(c.numArgs());
    r[0] = callT("aten::im2col", {c.grad(), c.arg(2), c.arg(3), c.arg(4), c.arg(5)});
    return r;
  });
  def("aten::adaptive_avg_pool3d", {}, [](const GradContext& c) -> Grads {
    Grads r(c.numArgs());
    r[0] = adaptiveAvg3dBackward(c.sizes(0), c.grad());
    return r;
  });
  // conv3d(input, weight, bias, stride, padding, dilation, groups)
  def("aten::conv3d", {{0, 1}, {}}, [](const GradContext& c) -> Grads {
    Grads r = convolutionGradsNd(c, false, ints(c.arg(3)), ints(c.arg(4)), ints(c.arg(5)), c.arg(6).toInt());
    r.resize(c.numArgs());
    return r;
  });
  // conv_transpose*d(input, weight, bias, stride, padding, output_padding, groups, dilation)
  for (const char* name : {"aten::conv_transpose1d", "aten::conv_transpose2d.input", "aten::conv_transpose3d.input"})
    def(name, {{0, 1}, {}}, [](const GradContext& c) -> Grads {
      Grads r = convolutionGradsNd(c, true, ints(c.arg(3)), ints(c.arg(4)), ints(c.arg(7)), c.arg(6).toInt());
      r.resize(c.numArgs());
      return r;
    });
}

}  // namespace tsjit::autograd
