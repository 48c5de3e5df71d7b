// NNUpsample.cpp — reference kernels of the upsampling ops (NN family, part 4): nearest and
// nearest-exact (1d/2d/3d), linear / bilinear / trilinear, bicubic, and the antialiased bilinear /
// bicubic 2d, each in its explicit-size form and its `.vec` form (output_size or scale_factors).
//
// Every mode is stated the same way: along each spatial dim, output index o reads a few input
// positions ("taps") with weights; an output element is Σ Π_d w_d · input[taps]. Source coordinates
// and weights follow PyTorch's formulas in PyTorch's index arithmetic (float for nearest; the
// "opmath" type — float, or double for float64 inputs — for the interpolating modes), so the same
// input positions are chosen; the weighted sums are accumulated in double and rounded once.
// Checks and dtypes are PyTorch 1.13's (modeAccepts; .vec sizes checked by compute_output_size).
#include <cmath>

#include "jit/tensor/Iterate.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

enum class Mode { Nearest, NearestExact, Linear, Cubic, LinearAA, CubicAA };
using Taps = std::vector<std::pair<int64_t, double>>;

template <typename T>
T scalesValue(std::optional<double> scale, int64_t in, int64_t out) {
  return scale && *scale > 0 ? static_cast<T>(1.0 / *scale) : static_cast<T>(in) / static_cast<T>(out);
}

template <typename T>
T areaScale(int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  if (alignCorners) return out > 1 ? static_cast<T>(in - 1) / static_cast<T>(out - 1) : T(0);
  return scalesValue<T>(scale, in, out);
}

template <typename T>
T sourceIndex(T scale, int64_t dst, bool alignCorners, bool cubic) {
  if (alignCorners) return scale * static_cast<T>(dst);
  const T src = scale * (static_cast<T>(dst) + T(0.5)) - T(0.5);
  return (!cubic && src < T(0)) ? T(0) : src;
}

double cubicNear(double x, double A) { return ((A + 2) * x - (A + 3)) * x * x + 1; }      // |x| <= 1
double cubicFar(double x, double A) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; }  // 1 < |x| < 2

template <typename T>
T aaFilter(Mode mode, T x) {
  if (x < T(0)) x = -x;
  if (mode == Mode::LinearAA) return x < T(1) ? T(1) - x : T(0);
  const T a = T(-0.5);
  if (x < T(1)) return ((a + T(2)) * x - (a + T(3))) * x * x + T(1);
  if (x < T(2)) return (((x - T(5)) * x + T(8)) * x - T(4)) * a;
  return T(0);
}

template <typename T>
std::vector<Taps> tapsFor(Mode mode, int64_t in, int64_t out, bool alignCorners, std::optional<double> scale) {
  std::vector<Taps> taps(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    Taps& t = taps[static_cast<size_t>(o)];
    switch (mode) {
      case Mode::Nearest: {
        int64_t src;
        if (out == in) src = o;
        else if (out == 2 * in) src = o >> 1;
        else {
          const float s = scalesValue<float>(scale, in, out);
          src = std::min(static_cast<int64_t>(std::floor(static_cast<float>(o) * s)), in - 1);
        }
        t.push_back({src, 1.0});
        break;
      }
      case Mode::NearestExact: {
        const float s = scalesValue<float>(scale, in, out);
        const float f = static_cast<float>((static_cast<double>(o) + 0.5) * static_cast<double>(s));
        t.push_back({std::min(static_cast<int64_t>(std::floor(f)), in - 1), 1.0});
        break;
      }
      case Mode::Linear: {
        if (out == in) {  // PyTorch copies a dim whose size does not change, whatever the scale says
          t.push_back({o, 1.0});
          t.push_back({o, 0.0});
          break;
        }
        const T real = sourceIndex<T>(areaScale<T>(in, out, alignCorners, scale), o, alignCorners, false);
        const int64_t i0 = std::min(static_cast<int64_t>(real), in - 1);
        const int64_t i1 = i0 + (i0 < in - 1 ? 1 : 0);
        // PyTorch clamps lambda to [0, 1]; its index is not clamped (a scale that points past the
        // input reads out of bounds there), tsjit clamps the index to the last element.
        const T l1 = std::min(std::max(real - static_cast<T>(i0), T(0)), T(1)), l0 = T(1) - l1;
        t.push_back({i0, static_cast<double>(l0)});
        t.push_back({i1, static_cast<double>(l1)});
        break;
      }
      case Mode::Cubic: {
        const T real = sourceIndex<T>(areaScale<T>(in, out, alignCorners, scale), o, alignCorners, true);
        const int64_t i = static_cast<int64_t>(std::floor(real));
        const double f = static_cast<double>(real - static_cast<T>(i));
        const double A = -0.75;
        const double w[4] = {cubicFar(f + 1, A), cubicNear(f, A), cubicNear(1 - f, A), cubicFar(2 - f, A)};
        for (int64_t j = 0; j < 4; ++j) t.push_back({std::clamp<int64_t>(i - 1 + j, 0, in - 1), w[j]});
        break;
      }
      case Mode::LinearAA:
      case Mode::CubicAA: {
        const T s = areaScale<T>(in, out, alignCorners, scale);
        const T interp = mode == Mode::LinearAA ? T(2) : T(4);
        const T support = s >= T(1) ? (interp * T(0.5)) * s : interp * T(0.5);
        const T center = s * (static_cast<T>(o) + T(0.5));
        const T invscale = s >= T(1) ? T(1) / s : T(1);
        const int64_t xmin = std::max(static_cast<int64_t>(center - support + T(0.5)), int64_t{0});
        const int64_t xsize = std::min(static_cast<int64_t>(center + support + T(0.5)), in) - xmin;
        std::vector<T> w;
        T total = 0;
        for (int64_t j = 0; j < xsize; ++j) {
          w.push_back(aaFilter<T>(mode, (static_cast<T>(j + xmin) - center + T(0.5)) * invscale));
          total += w.back();
        }
        for (int64_t j = 0; j < xsize; ++j)
          t.push_back({xmin + j, static_cast<double>(total != T(0) ? w[static_cast<size_t>(j)] / total : w[static_cast<size_t>(j)])});
        break;
      }
    }
  }
  return taps;
}

// PyTorch 1.13's CPU kernels: one generic N-d kernel ("upsample_generic_Nd") for nearest, linear and
// cubic, dispatching Float, Double, BFloat16, Half (nearest also Byte); the antialiased modes'
// separable kernel ("upsample_generic_Nd_aa") Float and Double only.
bool modeAccepts(Mode mode, ScalarType t) {
  const bool aa = mode == Mode::LinearAA || mode == Mode::CubicAA;
  switch (t) {
    case ScalarType::Float:
    case ScalarType::Double: return true;
    case ScalarType::Half:
    case ScalarType::BFloat16: return !aa;
    case ScalarType::UInt8: return mode == Mode::Nearest || mode == Mode::NearestExact;
    default: return false;
  }
}
const char* kernelName(Mode mode) {
  return mode == Mode::LinearAA || mode == Mode::CubicAA ? "upsample_generic_Nd_aa" : "upsample_generic_Nd";
}

// upsample_{1,2,3}d_common_check's size message: "input (H: 2, W: 3) output (H: 0, W: 4)".
std::string sizesMessage(const std::vector<int64_t>& inSp, const std::vector<int64_t>& outSp) {
  static const char* const kNames[3][3] = {{"W"}, {"H", "W"}, {"D", "H", "W"}};
  const size_t S = inSp.size();
  auto list = [&](const std::vector<int64_t>& v) {
    std::string r = "(";
    for (size_t d = 0; d < S; ++d) r += str(d ? ", " : "", kNames[S - 1][d], ": ", v[d]);
    return r + ")";
  };
  return str("Input and output sizes should be greater than 0, but got input ", list(inSp), S == 1 ? " and output " : " output ",
             list(outSp));
}

Tensor upsample(const Tensor& x, Mode mode, const std::vector<int64_t>& outSp, bool alignCorners,
                const std::vector<std::optional<double>>& scales, const std::string& name) {
  const size_t S = outSp.size();
  if (x.dim() != static_cast<int64_t>(S) + 2)
    throw RuntimeError(str("It is expected input_size equals to ", S + 2, ", but got size ", x.dim()));
  std::vector<int64_t> inSp(x.sizes().begin() + 2, x.sizes().end());
  bool positive = true;
  for (size_t d = 0; d < S; ++d) positive = positive && inSp[d] > 0 && outSp[d] > 0;
  if (!positive) throw RuntimeError(sizesMessage(inSp, outSp));
  if (!modeAccepts(mode, x.dtype()))
    throw RuntimeError(str("\"", kernelName(mode), "\" not implemented for '", x.dtype(), "'"));
  const bool wide = x.dtype() == ScalarType::Double;
  std::vector<std::vector<Taps>> taps;
  for (size_t d = 0; d < S; ++d)
    taps.push_back(wide ? tapsFor<double>(mode, inSp[d], outSp[d], alignCorners, scales[d])
                        : tapsFor<float>(mode, inSp[d], outSp[d], alignCorners, scales[d]));
  const std::vector<double> v = x.toDoubles();
  const int64_t planes = x.size(0) * x.size(1), inPlane = product(inSp);
  std::vector<double> out;
  std::vector<int64_t> pos(S);
  for (int64_t pl = 0; pl < planes; ++pl)
    forEachIndex(outSp, [&](const int64_t* o) {
      std::vector<const Taps*> tp(S);
      std::vector<int64_t> counts(S);
      for (size_t d = 0; d < S; ++d) {
        tp[d] = &taps[d][static_cast<size_t>(o[d])];
        counts[d] = static_cast<int64_t>(tp[d]->size());
      }
      double acc = 0;
      forEachIndex(counts, [&](const int64_t* k) {
        double w = 1;
        for (size_t d = 0; d < S; ++d) {
          const auto& tap = (*tp[d])[static_cast<size_t>(k[d])];
          pos[d] = tap.first;
          w *= tap.second;
        }
        acc += w * v[static_cast<size_t>(pl * inPlane + ravel(pos, inSp))];
      });
      out.push_back(acc);
    });
  std::vector<int64_t> outSizes{x.size(0), x.size(1)};
  outSizes.insert(outSizes.end(), outSp.begin(), outSp.end());
  return Tensor::fromDoubles(out, outSizes, x.dtype());
}

// The explicit form: (self, output_size, [align_corners,] scales_1, ..., scales_S).
KernelFn explicitKernel(Mode mode, size_t S, bool hasAlign, std::string name) {
  return [=](Args& a) {
    const std::vector<int64_t> os = intListArg(a, 1, S);
    if (os.size() != S)
      throw RuntimeError(str("It is expected output_size equals to ", S, ", but got size ", os.size()));
    const size_t first = hasAlign ? 3 : 2;
    std::vector<std::optional<double>> scales;
    for (size_t d = 0; d < S; ++d) scales.push_back(optDoubleArg(a, first + d));
    return one(upsample(tensorArg(a, 0), mode, os, hasAlign && boolArg(a, 2), scales, name));
  };
}

// The .vec form: (input, output_size?, [align_corners,] scale_factors?). compute_output_size checks
// the given list against the input's spatial rank (a bare TORCH_CHECK), then the explicit op runs.
KernelFn vecKernel(Mode mode, size_t S, bool hasAlign, std::string name) {
  return [=](Args& a) {
    Tensor x = tensorArg(a, 0);
    const std::optional<std::vector<int64_t>> os = optIntListArg(a, 1);
    const std::optional<std::vector<double>> sf = optDoubleListArg(a, hasAlign ? 3 : 2);
    if (os.has_value() == sf.has_value())
      throw RuntimeError("Must specify exactly one of output_size and scale_factors");
    const int64_t spatial = x.dim() - 2;
    auto unchecked = [](const char* cond) {
      return RuntimeError(str("Expected ", cond, " to be true, but got false.  (Could this error message be improved?  ",
                              "If so, please report an enhancement request to PyTorch.)"));
    };
    std::vector<int64_t> outSp;
    std::vector<std::optional<double>> scales(S);
    if (os) {
      if (static_cast<int64_t>(os->size()) != spatial)
        throw unchecked("static_cast<int64_t>(output_size->size()) == spatial_dimensions");
      outSp = *os;
    } else {
      if (static_cast<int64_t>(sf->size()) != spatial)
        throw unchecked("static_cast<int64_t>(scale_factors->size()) == spatial_dimensions");
      for (int64_t d = 0; d < spatial; ++d)
        outSp.push_back(static_cast<int64_t>(static_cast<double>(x.size(d + 2)) * (*sf)[static_cast<size_t>(d)]));
      for (size_t d = 0; d < S && d < sf->size(); ++d) scales[d] = (*sf)[d];
    }
    if (outSp.size() != S)
      throw RuntimeError(str("It is expected output_size equals to ", S, ", but got size ", outSp.size()));
    return one(upsample(x, mode, outSp, hasAlign && boolArg(a, 2), scales, name));
  };
}

void defBoth(const std::string& op, Mode mode, size_t S, bool hasAlign) {
  const std::string name = op.substr(6);  // without "aten::"
  def(op, explicitKernel(mode, S, hasAlign, name));
  def(op + ".vec", vecKernel(mode, S, hasAlign, name));
}

}  // namespace

void registerNNUpsampleKernels() {
  defBoth("aten::upsample_nearest1d", Mode::Nearest, 1, false);
  defBoth("aten::upsample_nearest2d", Mode::Nearest, 2, false);
  defBoth("aten::upsample_nearest3d", Mode::Nearest, 3, false);
  defBoth("aten::_upsample_nearest_exact1d", Mode::NearestExact, 1, false);
  defBoth("aten::_upsample_nearest_exact2d", Mode::NearestExact, 2, false);
  defBoth("aten::_upsample_nearest_exact3d", Mode::NearestExact, 3, false);
  defBoth("aten::upsample_linear1d", Mode::Linear, 1, true);
  defBoth("aten::upsample_bilinear2d", Mode::Linear, 2, true);
  defBoth("aten::upsample_trilinear3d", Mode::Linear, 3, true);
  defBoth("aten::upsample_bicubic2d", Mode::Cubic, 2, true);
  defBoth("aten::_upsample_bilinear2d_aa", Mode::LinearAA, 2, true);
  defBoth("aten::_upsample_bicubic2d_aa", Mode::CubicAA, 2, true);
}

}  // namespace tsjit::reference
