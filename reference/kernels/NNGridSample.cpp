// NNGridSample.cpp — reference kernels of grid_sampler (grid_sampler_2d, grid_sampler_3d) and
// affine_grid_generator (NN family, part 6): F.grid_sample and F.affine_grid.
//
// Semantics (PyTorch 1.13, CPU): output[n, c, p...] samples input[n, c] at the grid point
// grid[n, p..., :] = (x, y[, z]) in [-1, 1] (x along the last input dim). A coordinate c of an axis
// of size s maps to pixels as (c + 1) / 2 * (s - 1) with align_corners, ((c + 1) * s - 1) / 2
// without. Padding: zeros (outside pixels read 0), border (clip into [0, s - 1]), reflection
// (mirror at -0.5 / s - 0.5, or at 0 / s - 1 with align_corners, then clip); a NaN coordinate is 0
// under border / reflection (1.13's vectorized clip) and gives NaN (bilinear, bicubic) or 0
// (nearest) under zeros. Interpolation: bilinear / trilinear (2^k neighbours), nearest (round half
// to even), bicubic (2-D: 4 x 4 taps, cubic convolution A = -0.75, each tap padded separately).
// affine_grid_generator: grid[n, p, :] = theta[n] @ (x_p, y_p[, z_p], 1) where the base points
// are linspace(-1, 1, s), times (s - 1) / s without align_corners, 0 when s == 1.
// Invariants: values in double, rounded once to the dtype.
#include <cmath>

#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {
namespace {

using namespace shape;

double toPixel(double c, int64_t size, bool alignCorners) {
  if (alignCorners) return (c + 1) * static_cast<double>(size - 1) / 2;
  return ((c + 1) * static_cast<double>(size) - 1) / 2;
}

double clampInto(double c, int64_t size) {
  if (std::isnan(c)) return 0;
  if (c < 0) return 0;
  if (c > static_cast<double>(size - 1)) return static_cast<double>(size - 1);
  return c;
}

// Mirrors c at lo and hi (the axis [lo, hi] repeats, every other copy reversed).
double mirror(double c, double lo, double hi) {
  if (lo == hi) return 0;
  const double span = hi - lo;
  const double d = std::fabs(c - lo);
  const double periods = std::floor(d / span);
  const double rest = d - periods * span;
  return static_cast<int64_t>(periods) % 2 == 0 ? lo + rest : hi - rest;
}

double applyPaddingRaw(double c, int64_t size, int64_t padding, bool alignCorners);

// 1.13 sends a coordinate beyond the int range to -100 (safe_downgrade_to_int_range): outside.
double inIntRange(double c) { return std::isnan(c) || (std::isfinite(c) && std::fabs(c) < 0x1p40) ? c : -100.0; }

double applyPadding(double c, int64_t size, int64_t padding, bool alignCorners) {
  return inIntRange(applyPaddingRaw(c, size, padding, alignCorners));
}

double applyPaddingRaw(double c, int64_t size, int64_t padding, bool alignCorners) {
  if (padding == 1) return clampInto(c, size);
  if (padding == 2) {
    if (std::isnan(c)) return 0;
    const double m = alignCorners ? mirror(c, 0, static_cast<double>(size - 1)) : mirror(c, -0.5, static_cast<double>(size) - 0.5);
    return clampInto(m, size);
  }
  return c;
}

double cubicWeight(double d) {  // Keys' cubic convolution kernel with A = -0.75, |d| < 2
  if (std::isnan(d)) return d;  // an infinite grid coordinate: its taps' weights are NaN
  const double A = -0.75, x = std::fabs(d);
  if (x <= 1) return ((A + 2) * x - (A + 3)) * x * x + 1;
  if (x < 2) return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;
  return 0;
}

struct Volume {
  const Tensor& input;
  int64_t n, c, depth, height, width;
  bool is3d;
  double value(int64_t z, int64_t y, int64_t x) const {
    if (x < 0 || x >= width || y < 0 || y >= height || z < 0 || z >= depth) return 0;
    std::vector<int64_t> idx{n, c};
    if (is3d) idx.push_back(z);
    idx.push_back(y);
    idx.push_back(x);
    return input.getDouble(ravel(idx, input.sizes()));
  }
};

double sampleAt(const Volume& v, double gx, double gy, double gz, int64_t mode, int64_t padding, bool ac) {
  if (mode == 2) {  // bicubic
    const double px = toPixel(gx, v.width, ac), py = toPixel(gy, v.height, ac);
    if (padding == 0 && (std::isnan(px) || std::isnan(py))) return std::nan("");
    if (std::fabs(px) >= 0x1p40 || std::fabs(py) >= 0x1p40)  // far outside (or infinite): no tap is read
      return padding == 0 && std::isfinite(px) && std::isfinite(py) ? 0.0 : std::nan("");
    const double bx = std::floor(px), by = std::floor(py);
    double total = 0;
    for (int j = -1; j <= 2; ++j)
      for (int i = -1; i <= 2; ++i) {
        const double wx = cubicWeight(px - (bx + i)), wy = cubicWeight(py - (by + j));
        const double tx = applyPadding(bx + i, v.width, padding, ac), ty = applyPadding(by + j, v.height, padding, ac);
        total += wx * wy * v.value(0, static_cast<int64_t>(ty), static_cast<int64_t>(tx));
      }
    return total;
  }
  const double px = applyPadding(toPixel(gx, v.width, ac), v.width, padding, ac);
  const double py = applyPadding(toPixel(gy, v.height, ac), v.height, padding, ac);
  const double pz = v.is3d ? applyPadding(toPixel(gz, v.depth, ac), v.depth, padding, ac) : 0.0;
  if (std::isnan(px) || std::isnan(py) || std::isnan(pz)) return mode == 1 ? 0.0 : std::nan("");
  if (mode == 1)
    return v.value(static_cast<int64_t>(std::nearbyint(pz)), static_cast<int64_t>(std::nearbyint(py)),
                   static_cast<int64_t>(std::nearbyint(px)));
  double total = 0;
  const int64_t x0 = static_cast<int64_t>(std::floor(px)), y0 = static_cast<int64_t>(std::floor(py)),
                z0 = static_cast<int64_t>(std::floor(pz));
  for (int64_t z = z0; z <= (v.is3d ? z0 + 1 : z0); ++z)
    for (int64_t y = y0; y <= y0 + 1; ++y)
      for (int64_t x = x0; x <= x0 + 1; ++x) {
        const double w = (1 - std::fabs(px - static_cast<double>(x))) * (1 - std::fabs(py - static_cast<double>(y))) *
                         (v.is3d ? 1 - std::fabs(pz - static_cast<double>(z)) : 1.0);
        if (x >= 0 && x < v.width && y >= 0 && y < v.height && z >= 0 && z < v.depth) total += w * v.value(z, y, x);
      }
  return total;
}

Tensor gridSampler(const Tensor& input, const Tensor& grid, int64_t mode, int64_t padding, bool ac) {
  if (input.dim() == 0 || grid.dim() == 0 || input.size(0) != grid.size(0))
    throw RuntimeError(str("grid_sampler(): expected grid and input to have same batch size, but got input with sizes ",
                           shapeString(input.sizes()), " and grid with sizes ", shapeString(grid.sizes())));
  if (grid.size(-1) != input.dim() - 2)
    throw RuntimeError(str("grid_sampler(): expected grid to have size ", input.dim() - 2,
                           " in last dimension, but got grid with sizes ", shapeString(grid.sizes())));
  for (int64_t d = 2; d < input.dim(); ++d)
    if (input.size(d) <= 0)
      throw RuntimeError(str("grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes ",
                             shapeString(input.sizes()), " with dimension ", d, " being empty"));
  const bool is3d = input.dim() != 4;
  if (input.dim() != (is3d ? 5 : 4) || grid.dim() != input.dim())
    throw RuntimeError(str("grid_sampler(): expected ", is3d ? "5D" : "4D", " input and grid with same number of dimensions, but got input with sizes ",
                           shapeString(input.sizes()), " and grid with sizes ", shapeString(grid.sizes())));
  if (is3d && mode == 2) throw RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input");
  if (mode < 0 || mode > 2) throw RuntimeError(str("grid_sampler(): unknown interpolation mode ", mode));
  if (padding < 0 || padding > 2) throw RuntimeError(str("grid_sampler(): unknown padding mode ", padding));
  const ScalarType dt = input.dtype();
  if (grid.dtype() != dt) throw RuntimeError(str("expected scalar type ", dt, " but found ", grid.dtype()));
  if (dt != ScalarType::Float && dt != ScalarType::Double)
    throw RuntimeError(str(is3d ? "grid_sampler_3d_cpu" : "grid_sampler_2d_cpu", " not implemented for ", dt));
  std::vector<int64_t> outSizes{input.size(0), input.size(1)};
  for (int64_t d = 1; d + 1 < grid.dim(); ++d) outSizes.push_back(grid.size(d));
  Tensor out = Tensor::empty(outSizes, dt);
  const int64_t k = grid.size(-1);
  const int64_t points = grid.numel() / std::max<int64_t>(grid.size(0) * k, 1);
  for (int64_t n = 0; n < input.size(0); ++n)
    for (int64_t c = 0; c < input.size(1); ++c) {
      const Volume v{input, n, c, is3d ? input.size(2) : 1, input.size(-2), input.size(-1), is3d};
      for (int64_t q = 0; q < points; ++q) {
        const int64_t at = (n * points + q) * k;
        const double gx = grid.getDouble(at), gy = grid.getDouble(at + 1), gz = is3d ? grid.getDouble(at + 2) : 0.0;
        out.setDouble((n * input.size(1) + c) * points + q, sampleAt(v, gx, gy, gz, mode, padding, ac));
      }
    }
  return out;
}

double linspacePoint(int64_t i, int64_t steps, bool ac) {
  if (steps <= 1) return 0;
  const double p = 2 * static_cast<double>(i) / static_cast<double>(steps - 1) - 1;
  return ac ? p : p * static_cast<double>(steps - 1) / static_cast<double>(steps);
}

Tensor affineGridGenerator(const Tensor& theta, const std::vector<int64_t>& size, bool ac) {
  if (size.size() != 4 && size.size() != 5) throw RuntimeError("AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.");
  const bool is3d = size.size() == 5;
  if (theta.dim() < 3) {
    const int64_t d = std::max<int64_t>(theta.dim(), 1);
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -d, ", ", d - 1, "], but got ", theta.dim() <= 1 ? 1 : 2, ")"),
                       "IndexError");
  }
  if (theta.dim() != 3) throw RuntimeError("batch2 must be a 3D tensor");
  const int64_t batch = size[0], depth = is3d ? size[2] : 1, height = size[size.size() - 2], width = size.back();
  const int64_t cols = is3d ? 4 : 3, rowsOut = theta.size(1);
  if (theta.size(0) != batch || theta.size(2) != cols)
    throw RuntimeError(str("Expected size for first two dimensions of batch2 tensor to be: [", batch, ", ", cols, "] but got: [",
                           theta.size(0), ", ", theta.size(2), "]."));
  if (theta.dtype() == ScalarType::Half) throw RuntimeError("\"bmm\" not implemented for 'Half'");
  std::vector<int64_t> outSizes = is3d ? std::vector<int64_t>{batch, depth, height, width, 3} : std::vector<int64_t>{batch, height, width, 2};
  if (rowsOut != (is3d ? 3 : 2) && batch * depth * height * width != 0) {  // the view of bmm's result
    std::string shape;
    for (size_t i = 0; i < outSizes.size(); ++i) shape += (i ? ", " : "") + std::to_string(outSizes[i]);
    throw RuntimeError(str("shape '[", shape, "]' is invalid for input of size ", batch * depth * height * width * rowsOut));
  }
  const bool integral = !isFloating(theta.dtype());
  Tensor out = Tensor::empty(outSizes, theta.dtype());
  int64_t at = 0;
  for (int64_t n = 0; n < batch; ++n)
    for (int64_t z = 0; z < depth; ++z)
      for (int64_t y = 0; y < height; ++y)
        for (int64_t x = 0; x < width; ++x) {
          std::vector<double> base{linspacePoint(x, width, ac), linspacePoint(y, height, ac)};
          if (is3d) base.push_back(linspacePoint(z, depth, ac));
          base.push_back(1.0);
          if (integral)
            for (double& b : base) b = std::trunc(b);
          for (int64_t r = 0; r < rowsOut; ++r) {
            double total = 0;
            for (int64_t j = 0; j < cols; ++j) total += theta.getDouble((n * rowsOut + r) * cols + j) * base[static_cast<size_t>(j)];
            out.setDouble(at++, total);
          }
        }
  return out;
}

}  // namespace

void registerNNGridSampleKernels() {
  def("aten::grid_sampler", [](Args& a) {
    return one(gridSampler(tensorArg(a, 0), tensorArg(a, 1), intArg(a, 2), intArg(a, 3), boolArg(a, 4)));
  });
  for (const bool want3d : {false, true})
    def(want3d ? "aten::grid_sampler_3d" : "aten::grid_sampler_2d", [want3d](Args& a) {
      const Tensor input = tensorArg(a, 0), grid = tensorArg(a, 1);
      if (input.dim() != (want3d ? 5 : 4) || grid.dim() != input.dim())
        throw RuntimeError(str("grid_sampler(): expected ", want3d ? "5D" : "4D", " input and grid with same number of dimensions, but got input with sizes ",
                               shapeString(input.sizes()), " and grid with sizes ", shapeString(grid.sizes())));
      return one(gridSampler(input, grid, intArg(a, 2), intArg(a, 3), boolArg(a, 4)));
    });
  def("aten::affine_grid_generator", [](Args& a) {
    return one(affineGridGenerator(tensorArg(a, 0), intListArg(a, 1), boolArg(a, 2)));
  });
}

}  // namespace tsjit::reference
