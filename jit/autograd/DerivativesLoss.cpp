// DerivativesLoss.cpp — derivatives of the losses and distances of NNLossMore / NNMisc
// (binary_cross_entropy, kl_div, soft_margin, margin_ranking, hinge_embedding, cosine_embedding,
// triplet_margin, poisson_nll, pairwise_distance, dist, cdist, pdist: recorded decompositions,
// Decompose.h, that compute what the kernels compute; multi_margin / multilabel_margin: direct
// loops), of bilinear (decomposed), embedding_bag and grid_sampler (direct), affine_grid_generator
// (decomposed), of rrelu and of the dropout variants.
// rrelu's slope per element is read back from its saved output (out / x), so training mode's
// random slopes differentiate too; a dropout variant differentiates where it is deterministic
// (not training, p = 0 or p = 1) and refuses its random mask, which it cannot recover.
#include <cmath>

#include "jit/autograd/Decompose.h"
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

Tensor reduced(const Tensor& loss, int64_t reduction) {
  if (reduction == 1) return callT("aten::mean", {loss, IValue()});
  if (reduction == 2) return sumAll(loss);
  return loss;
}
Tensor clampMin(const Tensor& t, double lo) { return callT("aten::clamp_min", {t, lo}); }
Tensor pairwise(const Tensor& a, const Tensor& b, double p, double eps, bool keepdim) {
  const int64_t last = std::max(a.dim(), b.dim()) - 1;
  return callT("aten::norm.ScalarOpt_dim", {addScalar(sub(a, b), eps), p, intList({last}), keepdim});
}

// multi_margin_loss: d loss_n / d x[n, i] = h'(z_i) w[y] / C for i != y with z_i > 0, and minus
// their sum at i == y (z_i = margin - x[y] + x[i]; h'(z) = 1 for p = 1, 2 z for p = 2).
Grads multiMarginBackward(const GradContext& c) {
  const Tensor x = c.tensor(0), y = c.tensor(1);
  const int64_t p = static_cast<int64_t>(c.scalar(2));
  const double margin = c.scalar(3);
  const Tensor w = c.arg(4).isTensor() ? c.tensor(4) : Tensor();
  const int64_t reduction = c.arg(5).toInt();
  const int64_t nd = x.dim(), frames = nd == 2 ? x.size(0) : 1, classes = nd == 0 ? 1 : x.size(nd - 1);
  const std::vector<double> xv = x.contiguous().toDoubles(), g = c.grad().contiguous().toDoubles();
  const std::vector<double> wv = w.defined() ? w.contiguous().toDoubles() : std::vector<double>{};
  const std::vector<int64_t> yv = y.contiguous().toInt64s();
  std::vector<double> out(xv.size(), 0.0);
  for (int64_t n = 0; n < frames; ++n) {
    const double gn = reduction == 0 ? g[static_cast<size_t>(n)] : (reduction == 1 ? g[0] / static_cast<double>(frames) : g[0]);
    const int64_t t = yv[static_cast<size_t>(n)];
    const double scale = gn * (wv.empty() ? 1.0 : wv[static_cast<size_t>(t)]) / static_cast<double>(classes);
    for (int64_t i = 0; i < classes; ++i) {
      if (i == t) continue;
      const double z = margin - xv[static_cast<size_t>(n * classes + t)] + xv[static_cast<size_t>(n * classes + i)];
      if (z <= 0) continue;
      const double d = (p == 1 ? 1.0 : 2 * z) * scale;
      out[static_cast<size_t>(n * classes + i)] += d;
      out[static_cast<size_t>(n * classes + t)] -= d;
    }
  }
  return {Tensor::fromDoubles(out, x.sizes(), ScalarType::Double), IValue(), IValue(), IValue(), IValue(), IValue()};
}

// multilabel_margin_loss: for each target j and non-target i with 1 - x[j] + x[i] > 0, +1/C at i
// and -1/C at j.
Grads multilabelMarginBackward(const GradContext& c) {
  const Tensor x = c.tensor(0), y = c.tensor(1);
  const int64_t reduction = c.arg(2).toInt();
  const int64_t nd = x.dim(), frames = nd == 2 ? x.size(0) : 1, classes = nd == 0 ? 1 : x.size(nd - 1);
  const std::vector<double> xv = x.contiguous().toDoubles(), g = c.grad().contiguous().toDoubles();
  const std::vector<int64_t> yv = y.contiguous().toInt64s();
  std::vector<double> out(xv.size(), 0.0);
  for (int64_t n = 0; n < frames; ++n) {
    const double gn = (reduction == 0 && nd == 2) ? g[static_cast<size_t>(n)]
                      : reduction == 1          ? g[0] / static_cast<double>(frames)
                                                : g[0];
    std::vector<char> isTarget(static_cast<size_t>(classes), 0);
    int64_t count = 0;
    while (count < classes && yv[static_cast<size_t>(n * classes + count)] >= 0)
      isTarget[static_cast<size_t>(yv[static_cast<size_t>(n * classes + count)])] = 1, ++count;
    for (int64_t j = 0; j < count; ++j) {
      const int64_t t = yv[static_cast<size_t>(n * classes + j)];
      for (int64_t i = 0; i < classes; ++i) {
        if (isTarget[static_cast<size_t>(i)]) continue;
        if (1 - xv[static_cast<size_t>(n * classes + t)] + xv[static_cast<size_t>(n * classes + i)] <= 0) continue;
        out[static_cast<size_t>(n * classes + i)] += gn / static_cast<double>(classes);
        out[static_cast<size_t>(n * classes + t)] -= gn / static_cast<double>(classes);
      }
    }
  }
  return {Tensor::fromDoubles(out, x.sizes(), ScalarType::Double), IValue(), IValue()};
}

// Dropout variants: identity when not training (or p = 0), zero for p = 1.
Grads dropoutBackward(const GradContext& c, const char* name) {
  const double p = c.scalar(1);
  const bool train = c.arg(2).toBool();
  if (!train || p == 0) return {c.grad(), IValue(), IValue()};
  if (p == 1) return {zerosLike(c.grad()), IValue(), IValue()};
  throw RuntimeError(str("the derivative for '", name, "' in training mode with 0 < p < 1 is not implemented (its random mask is not kept)."));
}

// embedding_bag: d out[b] / d weight[row] summed over the bag's positions: per_sample_weight (sum),
// 1 / bag size (mean), or the max's row per column (max); padding_idx rows get nothing.
Grads embeddingBagBackward(const GradContext& c, bool publicOverload) {
  const Tensor weight = c.tensor(0), indices = c.tensor(1), offsets = c.tensor(2);
  const int64_t mode = c.arg(4).toInt();
  const bool includeLast = c.arg(7).toBool();
  int64_t pad = -1;
  if (!publicOverload) pad = c.arg(8).toInt();
  else if (c.numArgs() > 8 && !c.arg(8).isNone()) pad = c.arg(8).toInt() < 0 ? c.arg(8).toInt() + weight.size(0) : c.arg(8).toInt();
  const Tensor psw = c.arg(6).isTensor() ? c.tensor(6) : Tensor();
  const std::vector<int64_t> idx = indices.contiguous().toInt64s(), off = offsets.contiguous().toInt64s();
  const bool readsWeight = mode == 2 || psw.defined();  // the max's argmax, per_sample_weights' gradient
  const std::vector<double> w = readsWeight ? weight.contiguous().toDoubles() : std::vector<double>{};
  const std::vector<double> g = c.grad(0).contiguous().toDoubles();
  const std::vector<double> pw = psw.defined() ? psw.contiguous().toDoubles() : std::vector<double>{};
  const int64_t n = static_cast<int64_t>(idx.size()), D = weight.size(1);
  const int64_t B = std::max<int64_t>(includeLast ? static_cast<int64_t>(off.size()) - 1 : static_cast<int64_t>(off.size()), 0);
  std::vector<double> gw(static_cast<size_t>(weight.numel()), 0.0), gp(pw.size(), 0.0);
  for (int64_t b = 0; b < B; ++b) {
    const int64_t start = off[b], end = b + 1 < static_cast<int64_t>(off.size()) ? off[b + 1] : n;
    const int64_t sizeEnd = b + 1 < B ? off[b + 1] : n;
    int64_t count = 0;
    for (int64_t i = start; i < sizeEnd; ++i) count += idx[i] != pad ? 1 : 0;
    for (int64_t d = 0; d < D; ++d) {
      const double gb = g[b * D + d];
      if (mode == 2) {
        int64_t best = -1;
        for (int64_t i = start; i < end; ++i)
          if (idx[i] != pad && (best < 0 || w[idx[i] * D + d] > w[best * D + d])) best = idx[i];
        if (best >= 0) gw[best * D + d] += gb;
        continue;
      }
      for (int64_t i = start; i < end; ++i) {
        if (idx[i] == pad) continue;
        const double scale = mode == 1 ? 1.0 / static_cast<double>(count) : (pw.empty() ? 1.0 : pw[i]);
        gw[idx[i] * D + d] += gb * scale;
        if (!pw.empty()) gp[i] += gb * w[idx[i] * D + d];
      }
    }
  }
  Grads out(c.numArgs());
  out[0] = Tensor::fromDoubles(gw, weight.sizes(), ScalarType::Double);
  if (psw.defined()) out[6] = Tensor::fromDoubles(gp, psw.sizes(), ScalarType::Double);
  return out;
}

// ---- grid_sampler --------------------------------------------------------------------------------
// A pixel coordinate and its derivative with respect to the normalized grid value (1.13's
// *_set_grad helpers): unnormalize, then border clipping (slope 0 outside) or reflection (slope
// +-1) and clipping.
struct Coord {
  double v, dv;
};
// Padding of pixel coordinate c (slope dc with respect to the grid value).
Coord padPixel(Coord c, int64_t size, int64_t padding, bool ac) {
  auto clip = [&](Coord x) -> Coord {
    if (x.v <= 0) return {0, 0};
    if (x.v >= static_cast<double>(size - 1)) return {static_cast<double>(size - 1), 0};
    return x;
  };
  if (padding == 1) return clip(c);
  if (padding == 2) {
    const double lo = ac ? 0 : -0.5, span = ac ? static_cast<double>(size - 1) : static_cast<double>(size);
    if (span <= 0) return {0, 0};
    double in = c.v - lo, sign = 1;
    if (in < 0) in = -in, sign = -1;
    const double extra = std::fmod(in, span);
    const int64_t flips = static_cast<int64_t>(std::floor(in / span));
    c = flips % 2 == 0 ? Coord{extra + lo, c.dv * sign} : Coord{span - extra + lo, -c.dv * sign};
    return clip(c);
  }
  return c;
}
Coord unnormalized(double g, int64_t size, bool ac) {
  return ac ? Coord{(g + 1) / 2 * static_cast<double>(size - 1), static_cast<double>(size - 1) / 2}
            : Coord{((g + 1) * static_cast<double>(size) - 1) / 2, static_cast<double>(size) / 2};
}
Coord padded(double g, int64_t size, int64_t padding, bool ac) {
  Coord c = padPixel(unnormalized(g, size, ac), size, padding, ac);
  if (!(std::fabs(c.v) < 0x1p40)) c = {-100, 0};  // beyond the int range (or NaN): outside, as 1.13
  return c;
}

// Input and grid gradients of grid_sampler for bilinear (2-D / 3-D) and nearest (grid: 0);
// bicubic: the input's gradient only.
Grads gridSamplerBackward(const GradContext& c) {
  const Tensor input = c.tensor(0), grid = c.tensor(1);
  const int64_t mode = c.arg(2).toInt(), padding = c.arg(3).toInt();
  const bool ac = c.arg(4).toBool(), is3d = input.dim() == 5;
  if (mode == 2 && c.needs(1)) throw RuntimeError("the derivative for 'aten::grid_sampler' with respect to the grid of bicubic sampling is not implemented.");
  const int64_t N = input.size(0), C = input.size(1), D = is3d ? input.size(2) : 1, H = input.size(-2), W = input.size(-1);
  const int64_t k = grid.size(-1), P = grid.numel() / std::max<int64_t>(N * k, 1);
  const std::vector<double> x = input.contiguous().toDoubles(), gr = grid.contiguous().toDoubles(), g = c.grad().contiguous().toDoubles();
  std::vector<double> gx(x.size(), 0.0), gg(gr.size(), 0.0);
  auto inside = [&](int64_t z, int64_t y, int64_t xx) { return xx >= 0 && xx < W && y >= 0 && y < H && z >= 0 && z < D; };
  for (int64_t n = 0; n < N; ++n)
    for (int64_t q = 0; q < P; ++q) {
      const double* pt = gr.data() + (n * P + q) * k;
      if (mode == 2) {  // bicubic: taps weighted by the cubic convolution, each tap padded on its own
        auto unnorm = [&](double v, int64_t size) { return ac ? (v + 1) / 2 * static_cast<double>(size - 1) : ((v + 1) * static_cast<double>(size) - 1) / 2; };
        auto cubic = [](double d) {
          const double A = -0.75, a = std::fabs(d);
          return a <= 1 ? ((A + 2) * a - (A + 3)) * a * a + 1 : a < 2 ? ((A * a - 5 * A) * a + 8 * A) * a - 4 * A : 0.0;
        };
        const double ix = unnorm(pt[0], W), iy = unnorm(pt[1], H), bx = std::floor(ix), by = std::floor(iy);
        if (!(std::fabs(ix) < 0x1p40 && std::fabs(iy) < 0x1p40)) continue;  // far outside: no tap
        for (int j = -1; j <= 2; ++j)
          for (int i = -1; i <= 2; ++i) {
            const double ptx = padPixel({bx + i, 0}, W, padding, ac).v, pty = padPixel({by + j, 0}, H, padding, ac).v;
            const int64_t xi = static_cast<int64_t>(ptx), yi = static_cast<int64_t>(pty);
            if (!inside(0, yi, xi)) continue;
            const double w = cubic(ix - (bx + i)) * cubic(iy - (by + j));
            for (int64_t ch = 0; ch < C; ++ch) gx[((n * C + ch) * H + yi) * W + xi] += w * g[(n * C + ch) * P + q];
          }
        continue;
      }
      const Coord cx = padded(pt[0], W, padding, ac), cy = padded(pt[1], H, padding, ac);
      const Coord cz = is3d ? padded(pt[2], D, padding, ac) : Coord{0, 0};
      if (mode == 1) {
        const int64_t xi = static_cast<int64_t>(std::nearbyint(cx.v)), yi = static_cast<int64_t>(std::nearbyint(cy.v)),
                      zi = static_cast<int64_t>(std::nearbyint(cz.v));
        if (!inside(zi, yi, xi)) continue;
        for (int64_t ch = 0; ch < C; ++ch) gx[(((n * C + ch) * D + zi) * H + yi) * W + xi] += g[(n * C + ch) * P + q];
        continue;
      }
      const double x0 = std::floor(cx.v), y0 = std::floor(cy.v), z0 = std::floor(cz.v);
      const double fx = cx.v - x0, fy = cy.v - y0, fz = cz.v - z0;
      for (int dz = 0; dz < (is3d ? 2 : 1); ++dz)
        for (int dy = 0; dy < 2; ++dy)
          for (int dx = 0; dx < 2; ++dx) {
            const int64_t xi = static_cast<int64_t>(x0) + dx, yi = static_cast<int64_t>(y0) + dy, zi = static_cast<int64_t>(z0) + dz;
            if (!inside(zi, yi, xi)) continue;
            const double wx = dx ? fx : 1 - fx, wy = dy ? fy : 1 - fy, wz = is3d ? (dz ? fz : 1 - fz) : 1.0;
            const double sx = dx ? 1 : -1, sy = dy ? 1 : -1, sz = dz ? 1 : -1;
            for (int64_t ch = 0; ch < C; ++ch) {
              const size_t at = static_cast<size_t>((((n * C + ch) * D + zi) * H + yi) * W + xi);
              const double gv = g[(n * C + ch) * P + q];
              gx[at] += wx * wy * wz * gv;
              double* out = gg.data() + (n * P + q) * k;
              out[0] += sx * wy * wz * x[at] * gv * cx.dv;
              out[1] += sy * wx * wz * x[at] * gv * cy.dv;
              if (is3d) out[2] += sz * wx * wy * x[at] * gv * cz.dv;
            }
          }
    }
  return {Tensor::fromDoubles(gx, input.sizes(), ScalarType::Double), Tensor::fromDoubles(gg, grid.sizes(), ScalarType::Double), IValue(), IValue(), IValue()};
}

}  // namespace

void registerLossDerivatives() {
  defDecomposed("aten::binary_cross_entropy", {0, 1, 2}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor();
    Tensor t = a[1].toTensor();
    if (t.numel() == x.numel()) t = reshape(t, x.sizes());  // 1.13 pairs the squeezed operands
    const Tensor logX = clampMin(unary("aten::log", x), -100), log1mX = clampMin(unary("aten::log1p", neg(x)), -100);
    Tensor loss = sub(mul(addScalar(t, -1), log1mX), mul(t, logX));
    if (a[2].isTensor()) loss = mul(loss, a[2].toTensor());
    return {reduced(loss, a[3].toInt())};
  });
  defDecomposed("aten::kl_div", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor(), t = a[1].toTensor();
    const Tensor out = a[3].toBool() ? mul(unary("aten::exp", t), sub(t, x)) : sub(callT("aten::xlogy.Tensor", {t, t}), mul(t, x));
    return {reduced(out, a[2].toInt())};
  });
  defDecomposed("aten::soft_margin_loss", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor(), t = a[1].toTensor();
    return {reduced(unary("aten::log1p", unary("aten::exp", mul(neg(x), t))), a[2].toInt())};
  });
  defDecomposed("aten::margin_ranking_loss", {0, 1, 2}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor d = sub(a[0].toTensor(), a[1].toTensor());
    return {reduced(clampMin(addScalar(mul(neg(a[2].toTensor()), d), a[3].toDouble()), 0), a[4].toInt())};
  });
  defDecomposed("aten::hinge_embedding_loss", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor(), t = a[1].toTensor();
    const Tensor zeros = zerosLike(x);
    const Tensor marginClamp = clampMin(addScalar(neg(x), a[2].toDouble()), 0);
    const Tensor out = add(where(compare("aten::ne.Scalar", t, 1), marginClamp, zeros), where(compare("aten::ne.Scalar", t, -1), x, zeros));
    return {reduced(out, a[3].toInt())};
  });
  defDecomposed("aten::cosine_embedding_loss", {0, 1, 2}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x1 = a[0].toTensor(), x2 = a[1].toTensor(), t = a[2].toTensor();
    const std::vector<int64_t> d{t.dim()};
    const Tensor prod = sum(mul(x1, x2), d, false);
    const Tensor m1 = addScalar(sum(mul(x1, x1), d, false), 1e-12), m2 = addScalar(sum(mul(x2, x2), d, false), 1e-12);
    const Tensor cosine = div(prod, unary("aten::sqrt", mul(m1, m2)));
    const Tensor zeros = zerosLike(cosine);
    const Tensor pos = addScalar(neg(cosine), 1.0), negative = clampMin(addScalar(cosine, -a[3].toDouble()), 0);
    const Tensor out = add(where(compare("aten::eq.Scalar", t, 1), pos, zeros), where(compare("aten::eq.Scalar", t, -1), negative, zeros));
    return {reduced(out, a[4].toInt())};
  });
  defDecomposed("aten::triplet_margin_loss", {0, 1, 2}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor an = a[0].toTensor(), pos = a[1].toTensor(), ng = a[2].toTensor();
    const double p = a[4].toDouble(), eps = a[5].toDouble();
    const Tensor dPos = pairwise(an, pos, p, eps, false);
    Tensor dNeg = pairwise(an, ng, p, eps, false);
    if (a[6].toBool()) dNeg = callT("aten::min.other", {dNeg, pairwise(pos, ng, p, eps, false)});
    return {reduced(clampMin(sub(addScalar(dPos, a[3].toDouble()), dNeg), 0), a[7].toInt())};
  });
  defDecomposed("aten::poisson_nll_loss", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor(), t = a[1].toTensor();
    Tensor loss = a[2].toBool() ? sub(unary("aten::exp", x), mul(t, x)) : sub(x, mul(t, unary("aten::log", addScalar(x, a[4].toDouble()))));
    if (a[3].toBool()) {
      const Tensor stirling = add(sub(mul(t, unary("aten::log", t)), t), mul(unary("aten::log", mul(t, 2 * M_PI)), 0.5));
      loss = add(loss, callT("aten::masked_fill.Scalar", {stirling, compare("aten::le.Scalar", t, 1), 0.0}));
    }
    return {reduced(loss, a[5].toInt())};
  });
  defDecomposed("aten::pairwise_distance", {0, 1}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    return {pairwise(a[0].toTensor(), a[1].toTensor(), a[2].toDouble(), a[3].toDouble(), a[4].toBool())};
  });
  // cdist: the p-norm over the last dim of x1[..., :, None, :] - x2[..., None, :, :].
  auto cdist = [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x1 = a[0].toTensor(), x2 = a[1].toTensor();
    const Tensor d = sub(callT("aten::unsqueeze", {x1, int64_t{-2}}), callT("aten::unsqueeze", {x2, int64_t{-3}}));
    return {callT("aten::norm.ScalarOpt_dim", {d, a[2].toDouble(), intList({-1}), false})};
  };
  defDecomposed("aten::cdist", {0, 1}, cdist);
  defDecomposed("aten::_cdist_forward", {0, 1}, cdist);
  // pdist: the distances of rows i < j, in row-major pair order.
  auto pdist = [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor();
    std::vector<int64_t> is, js;
    for (int64_t i = 0; i < x.size(0); ++i)
      for (int64_t j = i + 1; j < x.size(0); ++j) is.push_back(i), js.push_back(j);
    const Tensor ti = Tensor::fromInt64s(is, {static_cast<int64_t>(is.size())}), tj = Tensor::fromInt64s(js, {static_cast<int64_t>(js.size())});
    const Tensor d = sub(callT("aten::index_select", {x, int64_t{0}, ti}), callT("aten::index_select", {x, int64_t{0}, tj}));
    return {callT("aten::norm.ScalarOpt_dim", {d, a[1].toDouble(), intList({1}), false})};
  };
  defDecomposed("aten::pdist", {0}, pdist);
  defDecomposed("aten::_pdist_forward", {0}, pdist);
  // nll_loss_nd: DerivativesLossMore.cpp.
  // cross_entropy_loss is 1.13's composite: log_softmax over the class dim, then nll_loss_nd for
  // class indices (plus the label-smoothing term), or -(log_softmax * target [* weight]) summed over
  // the class dim for class probabilities (target smoothed first).
  defDecomposed("aten::cross_entropy_loss", {0, 1, 2}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x = a[0].toTensor(), t = a[1].toTensor();
    const Tensor w = a[2].isTensor() ? a[2].toTensor() : Tensor();
    const int64_t reduction = a[3].toInt(), ignore = a[4].toInt();
    const double ls = a[5].toDouble();
    const int64_t cdim = x.dim() == 1 ? 0 : 1, C = x.size(cdim);
    const Tensor lp = callT("aten::log_softmax.int", {x, cdim, IValue()});
    Tensor wView;
    if (w.defined()) {
      std::vector<int64_t> shape(static_cast<size_t>(x.dim()), 1);
      shape[static_cast<size_t>(cdim)] = C;
      wView = reshape(w, shape);
    }
    if (x.sizes() == t.sizes()) {  // class probabilities
      Tensor target = ls > 0 ? addScalar(mul(t, 1 - ls), ls / static_cast<double>(C)) : t;
      Tensor prod = mul(lp, target);
      if (wView.defined()) prod = mul(prod, wView);
      if (reduction == 0) return {neg(sum(prod, {cdim}, false))};
      Tensor total = neg(sumAll(prod));
      return {reduction == 1 ? div(total, static_cast<double>(x.numel() / C)) : total};
    }
    const Tensor nll = callT("aten::nll_loss_nd", {lp, t, a[2], reduction, ignore});
    if (ls <= 0) return {nll};
    Tensor smooth = neg(sum(wView.defined() ? mul(lp, wView) : lp, {cdim}, false));
    const Tensor ignored = compare("aten::eq.Scalar", t, static_cast<double>(ignore));
    smooth = callT("aten::masked_fill.Scalar", {smooth, ignored, 0.0});
    Tensor r = smooth;
    if (reduction == 1) {
      const std::vector<int64_t> tv = t.contiguous().toInt64s();
      const std::vector<double> wv = w.defined() ? w.contiguous().toDoubles() : std::vector<double>{};
      double denom = 0;
      for (int64_t k : tv)
        if (k != ignore) denom += wv.empty() ? 1.0 : wv[static_cast<size_t>(k)];
      r = div(sumAll(smooth), denom);
    } else if (reduction == 2) {
      r = sumAll(smooth);
    }
    return {add(mul(nll, 1 - ls), mul(r, ls / static_cast<double>(C)))};
  });
  def("aten::multi_margin_loss", {{0, 1, 4}, {}}, multiMarginBackward);
  def("aten::multilabel_margin_loss", {{0, 1}, {}}, multilabelMarginBackward);
  // rrelu: slope 1 where x > 0, else out / x (the mean slope outside training; where x == 0 the
  // slope cannot be read back and (lower + upper) / 2 is used).
  def("aten::rrelu", {{0}, {0}}, [](const GradContext& c) -> Grads {
    const Tensor x = c.tensor(0), g = c.grad();
    const double mid = (c.scalar(1) + c.scalar(2)) / 2;
    const bool training = c.arg(3).toBool() && c.scalar(1) != c.scalar(2);
    Tensor slope = training ? where(compare("aten::eq.Scalar", x, 0), addScalar(zerosLike(x), mid), div(c.output(0), x))
                            : addScalar(zerosLike(x), c.arg(3).toBool() ? c.scalar(1) : mid);
    return {where(compare("aten::gt.Scalar", x, 0), g, mul(g, slope)), IValue(), IValue(), IValue(), IValue()};
  });
  // bilinear: sum over i of x1[n, i] * (W[o, i, :] . x2[n, :]), through matmul on 2-D views.
  defDecomposed("aten::bilinear", {0, 1, 2, 3}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor x1 = a[0].toTensor(), x2 = a[1].toTensor(), w = a[2].toTensor();
    const int64_t I = x1.size(-1), J = x2.size(-1), O = w.size(0);
    std::vector<int64_t> outShape(x1.sizes().begin(), x1.sizes().end() - 1);
    outShape.push_back(O);
    const Tensor a2 = reshape(x1, {-1, I}), b2 = reshape(x2, {-1, J});
    const Tensor wb = matmul(reshape(w, {O * I, J}), callT("aten::t", {b2}));           // [O*I, N]
    const Tensor prod = mul(reshape(wb, {O, I, -1}), reshape(callT("aten::t", {a2}), {1, I, -1}));  // [O, I, N]
    Tensor out = reshape(callT("aten::t", {sum(prod, {1}, false)}), outShape);
    if (a[3].isTensor()) out = add(out, a[3].toTensor());
    return {out};
  });
  def("aten::embedding_bag", {{0, 1, 2, 6}, {}}, [](const GradContext& c) { return embeddingBagBackward(c, true); });
  def("aten::embedding_bag.padding_idx", {{0, 1, 2, 6}, {}}, [](const GradContext& c) { return embeddingBagBackward(c, true); });
  def("aten::_embedding_bag", {{0, 1, 2, 6}, {}}, [](const GradContext& c) { return embeddingBagBackward(c, false); });
  def("aten::grid_sampler", {{0, 1}, {}}, gridSamplerBackward);
  def("aten::grid_sampler_2d", {{0, 1}, {}}, gridSamplerBackward);
  def("aten::grid_sampler_3d", {{0, 1}, {}}, gridSamplerBackward);
  // affine_grid_generator: the constant base grid (x, y[, z], 1) times theta^T.
  defDecomposed("aten::affine_grid_generator", {0}, [](const std::vector<IValue>& a) -> std::vector<Tensor> {
    const Tensor theta = a[0].toTensor();
    const std::vector<int64_t> size = ints(a[1]);
    const bool ac = a[2].toBool(), is3d = size.size() == 5;
    const int64_t D = is3d ? size[2] : 1, H = size[size.size() - 2], W = size.back(), J = is3d ? 4 : 3;
    auto point = [ac](int64_t i, int64_t n) {
      if (n <= 1) return 0.0;
      const double v = -1 + 2 * static_cast<double>(i) / static_cast<double>(n - 1);
      return ac ? v : v * static_cast<double>(n - 1) / static_cast<double>(n);
    };
    std::vector<double> base;
    for (int64_t z = 0; z < D; ++z)
      for (int64_t y = 0; y < H; ++y)
        for (int64_t x = 0; x < W; ++x) {
          base.push_back(point(x, W));
          base.push_back(point(y, H));
          if (is3d) base.push_back(point(z, D));
          base.push_back(1.0);
        }
    const Tensor b = Tensor::fromDoubles(base, {1, D * H * W, J}, theta.dtype());
    std::vector<int64_t> outShape = is3d ? std::vector<int64_t>{size[0], D, H, W, 3} : std::vector<int64_t>{size[0], H, W, 2};
    return {reshape(matmul(b, callT("aten::transpose.int", {theta, int64_t{1}, int64_t{2}})), outShape)};
  });
  // log_sigmoid (F.logsigmoid, multilabel_soft_margin_loss): d/dx = sigmoid(-x).
  def("aten::log_sigmoid", {{0}, {}}, [](const GradContext& c) -> Grads {
    return {mul(c.grad(), unary("aten::sigmoid", neg(c.tensor(0))))};
  });
  def("aten::feature_dropout", {{}, {}}, [](const GradContext& c) { return dropoutBackward(c, "aten::feature_dropout"); });
  def("aten::alpha_dropout", {{}, {}}, [](const GradContext& c) { return dropoutBackward(c, "aten::alpha_dropout"); });
  def("aten::feature_alpha_dropout", {{}, {}}, [](const GradContext& c) { return dropoutBackward(c, "aten::feature_alpha_dropout"); });
}

}  // namespace tsjit::autograd
