// DerivativesUpsample.cpp — derivatives of the interpolating upsamplers upsample_linear1d,
// upsample_bilinear2d, upsample_trilinear3d and upsample_bicubic2d (both overloads each).
// They are separable: along each spatial dim the output is an (out x in) interpolation matrix
// times the input, its weights as 1.13 computes them (area_pixel_compute_scale / _source_index:
// align_corners (in - 1) / (out - 1); else 1 / scale when a scale is given, in / out otherwise,
// source (dst + 0.5) * scale - 0.5, clamped at 0 for the linear modes; linear: taps floor(src)
// and the next one inside the input; cubic: A = -0.75, four taps clamped to the input). The
// gradient applies each matrix's transpose along its dim (matmul on the gradient).
#include <algorithm>
#include <cmath>
#include <optional>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
namespace {
using namespace math;

double cubic1(double x, double A) { return ((A + 2) * x - (A + 3)) * x * x + 1; }
double cubic2(double x, double A) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; }

// The [out, in] interpolation matrix of one dim.
Tensor interpolationMatrix(int64_t in, int64_t out, bool alignCorners, std::optional<double> scale, bool cubic) {
  double ratio = 0;
  if (alignCorners) ratio = out > 1 ? static_cast<double>(in - 1) / static_cast<double>(out - 1) : 0.0;
  else ratio = scale && *scale > 0 ? 1.0 / *scale : static_cast<double>(in) / static_cast<double>(out);
  std::vector<double> w(static_cast<size_t>(out * in), 0.0);
  auto add = [&](int64_t o, int64_t i, double v) { w[static_cast<size_t>(o * in + std::clamp<int64_t>(i, 0, in - 1))] += v; };
  for (int64_t o = 0; o < out; ++o) {
    double src = alignCorners ? ratio * static_cast<double>(o) : ratio * (static_cast<double>(o) + 0.5) - 0.5;
    if (!cubic) {
      if (!alignCorners && src < 0) src = 0;
      const auto i0 = static_cast<int64_t>(src);
      const int64_t step = i0 < in - 1 ? 1 : 0;
      const double l1 = std::clamp(src - static_cast<double>(i0), 0.0, 1.0);
      add(o, i0, 1 - l1);
      add(o, i0 + step, l1);
      continue;
    }
    const double fl = std::floor(src), t = src - fl, A = -0.75;
    const auto i0 = static_cast<int64_t>(fl);
    const double c[4] = {cubic2(t + 1, A), cubic1(t, A), cubic1(1 - t, A), cubic2(2 - t, A)};
    for (int k = 0; k < 4; ++k) add(o, i0 - 1 + k, c[k]);
  }
  return Tensor::fromDoubles(w, {out, in}, ScalarType::Double);
}

// spatial: 1-3 trailing dims; scales from the overload's arguments.
Grads upsampleBackward(const GradContext& c, int spatial, bool cubic, bool vec) {
  const std::vector<int64_t>& in = c.sizes(0);
  const bool alignCorners = c.arg(2).toBool();
  Tensor g = toDtype(c.grad(), ScalarType::Double);
  const int64_t rank = static_cast<int64_t>(in.size());
  for (int d = 0; d < spatial; ++d) {
    const int64_t dim = rank - spatial + d;
    std::optional<double> scale;
    if (vec) {
      if (c.arg(3).isList()) scale = c.arg(3).toListRef().items.at(static_cast<size_t>(d)).toDouble();
    } else if (!c.arg(static_cast<size_t>(3 + d)).isNone()) {
      scale = c.arg(static_cast<size_t>(3 + d)).toDouble();
    }
    const Tensor M = interpolationMatrix(in[static_cast<size_t>(dim)], g.size(dim), alignCorners, scale, cubic);
    // g[..., out_d, ...] -> g[..., in_d, ...]: move dim last, times M, move back.
    Tensor t = callT("aten::transpose.int", {g, IValue(dim), IValue(int64_t{-1})});
    t = matmul(t, M);
    g = callT("aten::transpose.int", {t, IValue(dim), IValue(int64_t{-1})});
  }
  Grads out(c.numArgs());
  out[0] = g;
  return out;
}

}  // namespace

void registerUpsampleDerivatives() {
  struct Mode {
    const char* name;
    int spatial;
    bool cubic;
  };
  for (const Mode& m : {Mode{"aten::upsample_linear1d", 1, false}, Mode{"aten::upsample_bilinear2d", 2, false},
                        Mode{"aten::upsample_trilinear3d", 3, false}, Mode{"aten::upsample_bicubic2d", 2, true}}) {
    def(m.name, {{}, {}}, [m](const GradContext& c) { return upsampleBackward(c, m.spatial, m.cubic, false); });
    def(std::string(m.name) + ".vec", {{}, {}}, [m](const GradContext& c) { return upsampleBackward(c, m.spatial, m.cubic, true); });
  }
}

}  // namespace tsjit::autograd
