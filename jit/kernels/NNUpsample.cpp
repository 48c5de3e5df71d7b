// NNUpsample.cpp — optimized kernels of the NN family, part 4: interpolation. upsample_nearest
// 1d/2d/3d, _upsample_nearest_exact 1d/2d/3d, upsample_linear1d, upsample_bilinear2d,
// upsample_trilinear3d, upsample_bicubic2d and the antialiased _upsample_bilinear2d_aa /
// _upsample_bicubic2d_aa, in their output_size+scales and .vec (output_size or scale_factors) forms.
// Invariants: PyTorch 1.13's checks (output_size length, input rank, positive sizes; .vec:
// compute_output_size against the input's spatial rank) and CPU dtypes ("upsample_generic_Nd":
// Float, Double, BFloat16, Half, and Byte for nearest; "upsample_generic_Nd_aa": Float, Double);
// every mode is separable: per spatial dim, each output index gets a list of (input index, weight)
// taps; nearest source indices are computed in float like PyTorch so they select the same element
// (1x and 2x exactly); weighted sums accumulate in double and round once to the input dtype
// (Half / BFloat16 / Byte inputs are read as float).
#include <cmath>
#include <optional>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

enum class Mode { Nearest, NearestExact, Linear, Cubic, LinearAA, CubicAA };

struct Tap {
  int64_t index;
  double weight;
};

// The coordinate scale (input units per output unit) of PyTorch's area_pixel_compute_scale.
double pixelScale(int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  if (alignCorners) return out > 1 ? static_cast<double>(in - 1) / static_cast<double>(out - 1) : 0.0;
  if (scale && *scale > 0) return 1.0 / *scale;
  return static_cast<double>(in) / static_cast<double>(out);
}

double cubic1(double x, double A) { return ((A + 2) * x - (A + 3)) * x * x + 1; }             // |x| <= 1
double cubic2(double x, double A) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; }       // 1 < |x| < 2

// No fused multiply-adds here (-march=native would contract): the float weights must round as the
// reference's (and PyTorch's plain float expressions) do, as a cubic filter's cancellations magnify
// their last bits.
__attribute__((optimize("fp-contract=off"))) std::vector<std::vector<Tap>> tapsFor(Mode mode, int64_t in, int64_t out, bool alignCorners, std::optional<double> scale,
                                      bool single) {
  std::vector<std::vector<Tap>> taps(out);
  if (mode == Mode::Nearest || mode == Mode::NearestExact) {
    const float s = (scale && *scale > 0) ? static_cast<float>(1.0 / *scale) : static_cast<float>(in) / static_cast<float>(out);
    for (int64_t i = 0; i < out; ++i) {
      int64_t src;
      if (mode == Mode::Nearest)
        src = out == in        ? i
              : out == 2 * in ? i / 2
                              : std::min(static_cast<int64_t>(std::floor(static_cast<float>(i) * s)), in - 1);
      else
        src = std::min(static_cast<int64_t>(std::floor(static_cast<float>((static_cast<double>(i) + 0.5) * s))), in - 1);
      taps[i] = {{src, 1.0}};
    }
    return taps;
  }
  const double sc = pixelScale(in, out, alignCorners, scale);
  if (mode == Mode::Linear) {
    for (int64_t i = 0; i < out; ++i) {
      if (out == in) {  // a dim that keeps its size is copied, whatever scale is given (PyTorch 1.13)
        taps[i] = {{i, 1.0}, {i, 0.0}};
        continue;
      }
      double src = alignCorners ? sc * i : sc * (i + 0.5) - 0.5;
      if (src < 0) src = 0;
      const int64_t i0 = std::min(static_cast<int64_t>(src), in - 1);
      const int64_t i1 = i0 + (i0 < in - 1 ? 1 : 0);
      const double l1 = std::min(src - static_cast<double>(i0), 1.0);
      taps[i] = {{i0, 1 - l1}, {i1, l1}};
    }
  } else if (mode == Mode::Cubic) {
    const double A = -0.75;
    for (int64_t i = 0; i < out; ++i) {
      const double src = alignCorners ? sc * i : sc * (i + 0.5) - 0.5;
      const int64_t x0 = static_cast<int64_t>(std::floor(src));
      const double t = src - static_cast<double>(x0);
      const double w[4] = {cubic2(t + 1, A), cubic1(t, A), cubic1(1 - t, A), cubic2(2 - t, A)};
      for (int k = 0; k < 4; ++k) taps[i].push_back({std::clamp<int64_t>(x0 - 1 + k, 0, in - 1), w[k]});
    }
  } else {
    // Antialiased (PIL-style): a filter stretched by the downscale factor, weights normalized. Like
    // PyTorch, the weights are computed in the input's precision W (float unless float64).
    auto aa = [&](auto wTag) {
      using W = decltype(wTag);
      const bool cubic = mode == Mode::CubicAA;
      W scw;
      if (alignCorners) scw = out > 1 ? static_cast<W>(in - 1) / static_cast<W>(out - 1) : W(0);
      else if (scale && *scale > 0) scw = static_cast<W>(1.0 / *scale);
      else scw = static_cast<W>(in) / static_cast<W>(out);
      const W interp = cubic ? W(4) : W(2);
      const W support = scw >= W(1) ? interp * W(0.5) * scw : interp * W(0.5);
      const W invscale = scw >= W(1) ? W(1) / scw : W(1);
      auto filter = [cubic](W x) -> W {
        x = std::fabs(x);
        if (!cubic) return x < W(1) ? W(1) - x : W(0);
        const W a = W(-0.5);
        if (x < W(1)) return ((a + W(2)) * x - (a + W(3))) * x * x + W(1);
        if (x < W(2)) return (((x - W(5)) * x + W(8)) * x - W(4)) * a;
        return W(0);
      };
      for (int64_t i = 0; i < out; ++i) {
        const W center = scw * (static_cast<W>(i) + W(0.5));
        const int64_t xmin = std::max<int64_t>(static_cast<int64_t>(center - support + W(0.5)), 0);
        const int64_t xmax = std::min<int64_t>(static_cast<int64_t>(center + support + W(0.5)), in);
        std::vector<W> w;
        W total = 0;
        for (int64_t j = xmin; j < xmax; ++j) {
          w.push_back(filter((static_cast<W>(j) - center + W(0.5)) * invscale));
          total += w.back();
        }
        for (int64_t j = xmin; j < xmax; ++j) {
          const W wj = w[static_cast<size_t>(j - xmin)];
          taps[i].push_back({j, static_cast<double>(total != W(0) ? wj / total : wj)});
        }
      }
    };
    if (single) aa(float{});
    else aa(double{});
  }
  return taps;
}

// PyTorch 1.13's CPU kernels: "upsample_generic_Nd" (nearest, linear, cubic) takes Float, Double,
// BFloat16, Half and, for nearest, Byte; "upsample_generic_Nd_aa" (antialiased) Float and Double.
void checkDtype(Mode mode, ScalarType t) {
  const bool aa = mode == Mode::LinearAA || mode == Mode::CubicAA;
  const bool nearest = mode == Mode::Nearest || mode == Mode::NearestExact;
  const bool ok = t == ScalarType::Float || t == ScalarType::Double ||
                  ((t == ScalarType::Half || t == ScalarType::BFloat16) && !aa) || (t == ScalarType::UInt8 && nearest);
  if (!ok)
    throw RuntimeError(str("\"", aa ? "upsample_generic_Nd_aa" : "upsample_generic_Nd", "\" not implemented for '", irName(t), "'"));
}

Tensor upsample(const Tensor& self0, Mode mode, int64_t spatial, const std::vector<int64_t>& outSize, bool alignCorners,
                const std::vector<std::optional<double>>& scales) {
  // PyTorch's common check: output_size's length first, then the input's rank, then the sizes.
  if (static_cast<int64_t>(outSize.size()) != spatial)
    throw RuntimeError(str("It is expected output_size equals to ", spatial, ", but got size ", outSize.size()));
  if (self0.dim() != spatial + 2)
    throw RuntimeError(str("It is expected input_size equals to ", spatial + 2, ", but got size ", self0.dim()));
  bool positive = true;
  for (int64_t d = 0; d < spatial; ++d) positive = positive && self0.size(2 + d) > 0 && outSize[d] > 0;
  if (!positive) {
    static const char* const kNames[3][3] = {{"W"}, {"H", "W"}, {"D", "H", "W"}};
    std::string in = "(", out = "(";
    for (int64_t d = 0; d < spatial; ++d) {
      in += str(d ? ", " : "", kNames[spatial - 1][d], ": ", self0.size(2 + d));
      out += str(d ? ", " : "", kNames[spatial - 1][d], ": ", outSize[d]);
    }
    throw RuntimeError(str("Input and output sizes should be greater than 0, but got input ", in, ")",
                           spatial == 1 ? " and output " : " output ", out, ")"));
  }
  checkDtype(mode, self0.dtype());
  // Half / BFloat16 / Byte run in float and round once.
  const Tensor self = self0.dtype() == ScalarType::Double ? self0 : self0.to(ScalarType::Float);
  // Work in 3 spatial dims (missing leading ones have size 1).
  std::vector<int64_t> in(3, 1), os(3, 1);
  std::vector<std::vector<std::vector<Tap>>> taps(3, std::vector<std::vector<Tap>>(1, std::vector<Tap>{{0, 1.0}}));
  for (int64_t d = 0; d < spatial; ++d) {
    const int64_t k = 3 - spatial + d;
    in[k] = self.size(2 + d);
    os[k] = outSize[d];
    taps[k] = tapsFor(mode, in[k], os[k], alignCorners, scales.size() > static_cast<size_t>(d) ? scales[d] : std::nullopt,
                      self0.dtype() != ScalarType::Double);
  }
  std::vector<int64_t> outSizes{self.size(0), self.size(1)};
  outSizes.insert(outSizes.end(), outSize.begin(), outSize.end());
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  const Tensor x = self.contiguous();
  const int64_t P = self.size(0) * self.size(1), plane = in[0] * in[1] * in[2];
  visitFloating(self.dtype(), "upsample", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t p = 0; p < P; ++p) {
      const T* src = xp + p * plane;
      for (int64_t a = 0; a < os[0]; ++a)
        for (int64_t b = 0; b < os[1]; ++b)
          for (int64_t c = 0; c < os[2]; ++c) {
            double acc = 0;
            for (const Tap& ta : taps[0][a])
              for (const Tap& tb : taps[1][b]) {
                const double wab = ta.weight * tb.weight;
                const T* row = src + (ta.index * in[1] + tb.index) * in[2];
                for (const Tap& tc : taps[2][c]) acc += wab * tc.weight * static_cast<double>(row[tc.index]);
              }
            *o++ = static_cast<T>(acc);
          }
    }
  });
  return out.to(self0.dtype());
}

std::optional<double> optDouble(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toDouble();
}

// .vec overloads: (input, output_size?, [align_corners], scale_factors?). compute_output_size checks
// the list given against the input's spatial rank (a bare TORCH_CHECK) before the explicit op runs.
Tensor upsampleVec(const Tensor& self, Mode mode, int64_t spatial, const IValue& outSizeV, bool alignCorners,
                   const IValue& scaleV) {
  if (outSizeV.isNone() == scaleV.isNone()) throw RuntimeError("Must specify exactly one of output_size and scale_factors");
  const int64_t inSpatial = self.dim() - 2;
  auto bareCheck = [](const char* cond) {
    return RuntimeError(str("Expected ", cond, " to be true, but got false.  (Could this error message be improved?  ",
                            "If so, please report an enhancement request to PyTorch.)"));
  };
  std::vector<int64_t> outSize;
  std::vector<std::optional<double>> scales;
  if (!outSizeV.isNone()) {
    outSize = intList(outSizeV);
    if (static_cast<int64_t>(outSize.size()) != inSpatial)
      throw bareCheck("static_cast<int64_t>(output_size->size()) == spatial_dimensions");
  } else {
    const auto& items = scaleV.toListRef().items;
    if (static_cast<int64_t>(items.size()) != inSpatial)
      throw bareCheck("static_cast<int64_t>(scale_factors->size()) == spatial_dimensions");
    for (int64_t d = 0; d < inSpatial; ++d) {
      const double s = items[d].toDouble();
      outSize.push_back(static_cast<int64_t>(static_cast<double>(self.size(2 + d)) * s));
      scales.push_back(s);
    }
  }
  return upsample(self, mode, spatial, outSize, alignCorners, scales);
}

void defUpsample(const std::string& name, Mode mode, int64_t spatial, bool hasAlign) {
  def(name, op([=](IValue* a) {
        const int64_t first = hasAlign ? 3 : 2;
        std::vector<std::optional<double>> scales;
        for (int64_t d = 0; d < spatial; ++d) scales.push_back(optDouble(a[first + d]));
        return IValue(upsample(a[0].toTensor(), mode, spatial, intList(a[1]), hasAlign && a[2].toBool(), scales));
      }));
  def(name + ".vec", op([=](IValue* a) {
        return IValue(upsampleVec(a[0].toTensor(), mode, spatial, a[1], hasAlign && a[2].toBool(), a[hasAlign ? 3 : 2]));
      }));
}

}  // namespace

void registerNNUpsampleKernels() {
  defUpsample("aten::upsample_nearest1d", Mode::Nearest, 1, false);
  defUpsample("aten::upsample_nearest2d", Mode::Nearest, 2, false);
  defUpsample("aten::upsample_nearest3d", Mode::Nearest, 3, false);
  defUpsample("aten::_upsample_nearest_exact1d", Mode::NearestExact, 1, false);
  defUpsample("aten::_upsample_nearest_exact2d", Mode::NearestExact, 2, false);
  defUpsample("aten::_upsample_nearest_exact3d", Mode::NearestExact, 3, false);
  defUpsample("aten::upsample_linear1d", Mode::Linear, 1, true);
  defUpsample("aten::upsample_bilinear2d", Mode::Linear, 2, true);
  defUpsample("aten::upsample_trilinear3d", Mode::Linear, 3, true);
  defUpsample("aten::upsample_bicubic2d", Mode::Cubic, 2, true);
  defUpsample("aten::_upsample_bilinear2d_aa", Mode::LinearAA, 2, true);
  defUpsample("aten::_upsample_bicubic2d_aa", Mode::CubicAA, 2, true);
}

}  // namespace tsjit::kernels
