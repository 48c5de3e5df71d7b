// NNGridSample.cpp — optimized kernels of the NN family, part 6: grid_sampler (grid_sampler_2d /
// grid_sampler_3d) and affine_grid_generator, i.e. F.grid_sample and F.affine_grid.
// Semantics (PyTorch 1.13 CPU): the grid's last dim holds normalized (x, y[, z]) in [-1, 1],
// unnormalized to pixel coordinates with or without align_corners; padding zeros reads outside
// pixels as 0, border clips the coordinate into the image, reflection mirrors it at the borders
// (then clips); bilinear / trilinear weigh the 4 / 8 neighbours, nearest rounds half to even,
// bicubic (2-D only) uses the cubic convolution with A = -0.75 on 16 taps, each tap's coordinate
// padded on its own. A NaN coordinate becomes 0 under border / reflection padding (1.13's
// vectorized clip) and gives NaN (bilinear, bicubic) or 0 (nearest) under zeros padding.
// affine_grid_generator multiplies the base grid (x, y[, z], 1) of linspace(-1, 1) points (scaled
// by (n - 1) / n without align_corners; 0 for a single point) by theta^T.
// Invariants: float / double only for sampling; values are computed in double and rounded once.
#include <cmath>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

[[noreturn]] void notImpl(const char* kernel, ScalarType dt) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(dt), "'"));
}

enum Interp { kBilinear = 0, kNearest = 1, kBicubic = 2 };
enum Padding { kZeros = 0, kBorder = 1, kReflection = 2 };

double unnormalize(double c, int64_t size, bool alignCorners) {
  return alignCorners ? (c + 1) / 2 * static_cast<double>(size - 1) : ((c + 1) * static_cast<double>(size) - 1) / 2;
}

double clip(double c, int64_t size) {
  if (std::isnan(c)) return 0;  // 1.13's vectorized max(c, 0)
  return std::min(static_cast<double>(size - 1), std::max(c, 0.0));
}

double reflect(double c, double twiceLow, double twiceHigh) {
  if (twiceLow == twiceHigh) return 0;
  const double lo = twiceLow / 2, span = (twiceHigh - twiceLow) / 2;
  c = std::fabs(c - lo);
  const double extra = std::fmod(c, span);
  const int64_t flips = static_cast<int64_t>(std::floor(c / span));
  return flips % 2 == 0 ? extra + lo : span - extra + lo;
}

double padCoordinateRaw(double c, int64_t size, int64_t padding, bool alignCorners);

// A coordinate beyond any pixel index becomes -100, as 1.13's safe_downgrade_to_int_range does
// (out of bounds either way; it keeps the integer conversions defined).
double safeIndex(double c) { return std::isfinite(c) && std::fabs(c) < 0x1p40 ? c : (std::isnan(c) ? c : -100.0); }

double padCoordinate(double c, int64_t size, int64_t padding, bool alignCorners) {
  c = padCoordinateRaw(c, size, padding, alignCorners);
  return safeIndex(c);
}

double padCoordinateRaw(double c, int64_t size, int64_t padding, bool alignCorners) {
  if (padding == kBorder) return clip(c, size);
  if (padding == kReflection) {
    if (std::isnan(c)) return 0;
    c = alignCorners ? reflect(c, 0, 2 * static_cast<double>(size - 1)) : reflect(c, -1, 2 * static_cast<double>(size) - 1);
    return clip(c, size);
  }
  return c;
}

double cubic1(double x, double a) { return ((a + 2) * x - (a + 3)) * x * x + 1; }
double cubic2(double x, double a) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; }
void cubicCoefficients(double t, double c[4]) {
  constexpr double A = -0.75;
  c[0] = cubic2(t + 1, A);
  c[1] = cubic1(t, A);
  c[2] = cubic1(1 - t, A);
  c[3] = cubic2(2 - t, A);
}

// One input plane [D?][H][W] (contiguous doubles) sampled at normalized (x, y[, z]).
struct Plane {
  const double* data;
  int64_t D, H, W;
  double at(int64_t z, int64_t y, int64_t x) const {
    if (x < 0 || x >= W || y < 0 || y >= H || z < 0 || z >= D) return 0;
    return data[(z * H + y) * W + x];
  }
};

double sample(const Plane& p, bool is3d, const double* g, int64_t interp, int64_t padding, bool ac) {
  const double gx = g[0], gy = g[1], gz = is3d ? g[2] : 0;
  if (interp == kBicubic) {
    const double ix = unnormalize(gx, p.W, ac), iy = unnormalize(gy, p.H, ac);
    if (padding == kZeros && (std::isnan(ix) || std::isnan(iy))) return NAN;
    if (std::fabs(ix) >= 0x1p40 || std::fabs(iy) >= 0x1p40) return padding == kZeros ? (std::isfinite(ix) && std::isfinite(iy) ? 0.0 : NAN) : NAN;
    const double x0 = std::floor(ix), y0 = std::floor(iy);
    double cx[4], cy[4];
    cubicCoefficients(ix - x0, cx);
    cubicCoefficients(iy - y0, cy);
    double out = 0;
    for (int j = 0; j < 4; ++j) {
      double row = 0;
      for (int i = 0; i < 4; ++i) {
        const double tx = padCoordinate(x0 - 1 + i, p.W, padding, ac), ty = padCoordinate(y0 - 1 + j, p.H, padding, ac);
        row += cx[i] * p.at(0, static_cast<int64_t>(ty), static_cast<int64_t>(tx));
      }
      out += cy[j] * row;
    }
    return out;
  }
  const double ix = padCoordinate(unnormalize(gx, p.W, ac), p.W, padding, ac);
  const double iy = padCoordinate(unnormalize(gy, p.H, ac), p.H, padding, ac);
  const double iz = is3d ? padCoordinate(unnormalize(gz, p.D, ac), p.D, padding, ac) : 0;
  if (std::isnan(ix) || std::isnan(iy) || std::isnan(iz)) return interp == kNearest ? 0 : NAN;
  if (interp == kNearest)
    return p.at(static_cast<int64_t>(std::nearbyint(iz)), static_cast<int64_t>(std::nearbyint(iy)), static_cast<int64_t>(std::nearbyint(ix)));
  const double x0 = std::floor(ix), y0 = std::floor(iy), z0 = std::floor(iz);
  const double fx = ix - x0, fy = iy - y0, fz = iz - z0;
  double out = 0;
  for (int dz = 0; dz < (is3d ? 2 : 1); ++dz)
    for (int dy = 0; dy < 2; ++dy)
      for (int dx = 0; dx < 2; ++dx) {
        const double w = (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy) * (is3d ? (dz ? fz : 1 - fz) : 1.0);
        const int64_t x = static_cast<int64_t>(x0) + dx, y = static_cast<int64_t>(y0) + dy, z = static_cast<int64_t>(z0) + dz;
        if (x < 0 || x >= p.W || y < 0 || y >= p.H || z < 0 || z >= p.D) continue;
        out += w * p.at(z, y, x);
      }
  return out;
}

void checkGridSampler(const Tensor& input, const Tensor& grid, int64_t interp, int64_t padding) {
  if (input.dim() == 0 || grid.dim() == 0 || input.size(0) != grid.size(0))
    throw RuntimeError(str("grid_sampler(): expected grid and input to have same batch size, but got input with sizes ",
                           shapeStr(input.sizes()), " and grid with sizes ", shapeStr(grid.sizes())));
  if (grid.size(-1) != input.dim() - 2)
    throw RuntimeError(str("grid_sampler(): expected grid to have size ", input.dim() - 2,
                           " in last dimension, but got grid with sizes ", shapeStr(grid.sizes())));
  for (int64_t d = 2; d < input.dim(); ++d)
    if (input.size(d) <= 0)
      throw RuntimeError(str("grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes ",
                             shapeStr(input.sizes()), " with dimension ", d, " being empty"));
  const int64_t want = input.dim() == 4 ? 4 : 5;  // 1.13 dispatches 4-D input to 2-D, anything else to 3-D
  if (input.dim() != want || grid.dim() != want)
    throw RuntimeError(str("grid_sampler(): expected ", want, "D input and grid with same number of dimensions, but got input with sizes ",
                           shapeStr(input.sizes()), " and grid with sizes ", shapeStr(grid.sizes())));
  if (input.dim() == 5 && interp == kBicubic) throw RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input");
  if (interp < 0 || interp > 2) throw RuntimeError(str("grid_sampler(): unknown interpolation mode ", interp));
  if (padding < 0 || padding > 2) throw RuntimeError(str("grid_sampler(): unknown padding mode ", padding));
}

Tensor gridSampler(const Tensor& input, const Tensor& grid, int64_t interp, int64_t padding, bool ac) {
  checkGridSampler(input, grid, interp, padding);
  const bool is3d = input.dim() == 5;
  const ScalarType dt = input.dtype();
  if (grid.dtype() != dt) throw RuntimeError(str("expected scalar type ", irName(dt), " but found ", irName(grid.dtype())));
  if (dt != ScalarType::Float && dt != ScalarType::Double)
    throw RuntimeError(str(is3d ? "grid_sampler_3d_cpu" : "grid_sampler_2d_cpu", " not implemented for ", irName(dt)));
  const int64_t N = input.size(0), C = input.size(1);
  const int64_t D = is3d ? input.size(2) : 1, H = input.size(-2), W = input.size(-1);
  std::vector<int64_t> outShape{N, C};
  for (int64_t d = 1; d < grid.dim() - 1; ++d) outShape.push_back(grid.size(d));
  const int64_t points = grid.numel() / std::max<int64_t>(N * grid.size(-1), 1);
  const std::vector<double> x = toVector<double>(input), g = toVector<double>(grid);
  std::vector<double> out(static_cast<size_t>(N * C * points));
  const int64_t k = grid.size(-1);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c) {
      const Plane plane{x.data() + (n * C + c) * D * H * W, D, H, W};
      for (int64_t q = 0; q < points; ++q)
        out[(n * C + c) * points + q] = sample(plane, is3d, g.data() + (n * points + q) * k, interp, padding, ac);
    }
  return Tensor::fromDoubles(out, outShape, dt);
}

// linspace(-1, 1, n) points of the base grid (scaled by (n - 1) / n without align_corners).
double basePoint(int64_t i, int64_t n, bool ac) {
  if (n <= 1) return 0;
  const double v = -1 + 2 * static_cast<double>(i) / static_cast<double>(n - 1);
  return ac ? v : v * static_cast<double>(n - 1) / static_cast<double>(n);
}

Tensor affineGridGenerator(const Tensor& theta, const std::vector<int64_t>& size, bool ac) {
  if (size.size() != 4 && size.size() != 5)
    throw RuntimeError("AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.");
  const bool is3d = size.size() == 5;
  const int64_t N = size[0], D = is3d ? size[2] : 1, H = size[size.size() - 2], W = size.back();
  const int64_t J = is3d ? 4 : 3;  // base coordinates (x, y[, z], 1)
  if (theta.dim() < 3) {  // theta.transpose(1, 2)
    const int64_t d = std::max<int64_t>(theta.dim(), 1);
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -d, ", ", d - 1, "], but got ", theta.dim() <= 1 ? 1 : 2, ")"),
                       "IndexError");
  }
  if (theta.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
  if (theta.size(0) != N || theta.size(2) != J)
    throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", N, ", ", J, "] but got: [",
                           theta.size(0), ", ", theta.size(2), "]."));
  const ScalarType dt = theta.dtype();
  if (dt == ScalarType::Half) notImpl("bmm", dt);
  const int64_t K = theta.size(1), points = D * H * W;
  std::vector<int64_t> outShape = is3d ? std::vector<int64_t>{N, D, H, W, 3} : std::vector<int64_t>{N, H, W, 2};
  if (N * points * K != N * points * (is3d ? 3 : 2)) {
    std::string shape = "[";
    for (size_t i = 0; i < outShape.size(); ++i) shape += (i ? ", " : "") + std::to_string(outShape[i]);
    throw RuntimeError(str("shape '", shape, "]' is invalid for input of size ", N * points * K));
  }
  const std::vector<double> th = toVector<double>(theta);
  std::vector<double> out(static_cast<size_t>(N * points * K));
  for (int64_t n = 0; n < N; ++n)
    for (int64_t z = 0; z < D; ++z)
      for (int64_t y = 0; y < H; ++y)
        for (int64_t xw = 0; xw < W; ++xw) {
          double base[4] = {basePoint(xw, W, ac), basePoint(y, H, ac), is3d ? basePoint(z, D, ac) : 1.0, 1.0};
          if (!isFloatingType(dt))  // an integer base grid truncates its points
            for (double& b : base) b = std::trunc(b);
          const int64_t q = (z * H + y) * W + xw;
          for (int64_t kk = 0; kk < K; ++kk) {
            double s = 0;
            for (int64_t j = 0; j < J; ++j) s += base[j] * th[(n * K + kk) * J + j];
            out[(n * points + q) * K + kk] = s;
          }
        }
  return Tensor::fromDoubles(out, outShape, dt);
}

}  // namespace

void registerNNGridSampleKernels() {
  def("aten::grid_sampler", op([](IValue* a) {
        return IValue(gridSampler(a[0].toTensor(), a[1].toTensor(), a[2].toInt(), a[3].toInt(), a[4].toBool()));
      }));
  for (const bool want3d : {false, true}) {
    def(want3d ? "aten::grid_sampler_3d" : "aten::grid_sampler_2d", op([want3d](IValue* a) {
          const Tensor input = a[0].toTensor(), grid = a[1].toTensor();
          if (input.dim() != (want3d ? 5 : 4) || grid.dim() != input.dim())
            throw RuntimeError(str("grid_sampler(): expected ", want3d ? "5D" : "4D", " input and grid with same number of dimensions, but got input with sizes ",
                                   shapeStr(input.sizes()), " and grid with sizes ", shapeStr(grid.sizes())));
          return IValue(gridSampler(input, grid, a[2].toInt(), a[3].toInt(), a[4].toBool()));
        }));
  }
  def("aten::affine_grid_generator", op([](IValue* a) {
        return IValue(affineGridGenerator(a[0].toTensor(), intList(a[1]), a[2].toBool()));
      }));
}

}  // namespace tsjit::kernels
