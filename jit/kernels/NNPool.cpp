// NNPool.cpp — optimized kernels of the NN family, part 1b: pooling. max_pool1d/2d/3d (and their
// _with_indices forms), avg_pool1d/2d/3d, adaptive_avg_pool1d/2d/3d, adaptive_max_pool1d/2d/3d.
// Invariants: PyTorch 1.13's checks in its order (list lengths, rank, pooling_output_shape,
// pool2d_shape_check), then its CPU kernel's dtype dispatch: max_pool2d / max_pool1d_impl /
// adaptive_max_pool2d / adaptive_avg_pool2d take Float, Double, BFloat16 (BFloat16 computed in
// float and rounded once), avg_pool2d also Long (int64 sums, truncating division),
// adaptive_avg_pool3d_cpu Float, Double, Half; max_pool3d_with_indices_cpu and
// adaptive_max_pool3d_cpu Float, Double; avg_pool3d_out_frame Float, Double, Long (sums in the
// input dtype); an all-ones adaptive_avg output size is a mean. The 1-d ops composed from the 2-d
// ones in 1.13 (max_pool1d_with_indices, avg_pool1d, adaptive_*_pool1d) are composed the same way.
// All pools run on a contiguous [planes, D, H, W] view with unit leading spatial dims; results are
// fresh tensors in the input dtype, contiguous, or channels-last where 1.13's 2-d pools keep a
// channels-last input's layout (inLayoutOf); a NaN wins a max window (ATen: v > m || isnan(v)) and
// the index reported is the last NaN's.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

[[noreturn]] void notImplemented(const char* kernel, ScalarType t) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(t), "'"));
}
void requireFloatOrBf16(ScalarType t, const char* kernel) {
  if (t != ScalarType::Float && t != ScalarType::Double && t != ScalarType::BFloat16) notImplemented(kernel, t);
}
// The dtype the loops run in: BFloat16 / Half in float.
ScalarType computeType(ScalarType t) { return t == ScalarType::Double ? t : ScalarType::Float; }

int64_t sizeAt(const Tensor& x, int64_t d) {
  const int64_t n = x.dim();
  if (n == 0) throw RuntimeError(str("dimension specified as ", d, " but tensor has no dimensions"), "IndexError");
  if (d < -n || d >= n)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", d, ")"),
                       "IndexError");
  return x.size(d < 0 ? d + n : d);
}

// pooling_output_shape: stride and padding checks, floor/ceil division, the ceil-mode adjustment.
int64_t pooledSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil) {
  if (stride == 0) throw RuntimeError("stride should not be zero");
  if (pad < 0) throw RuntimeError(str("pad must be non-negative, but got pad: ", pad));
  if (pad > k / 2)
    throw RuntimeError(str("pad should be at most half of kernel size, but got pad=", pad, " and kernel_size=", k));
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil ? stride - 1 : 0);
  const int64_t q = num / stride, r = num % stride;
  int64_t out = ((r != 0 && ((r < 0) != (stride < 0))) ? q - 1 : q) + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

struct Window2d {
  int64_t kH, kW, sH, sW, pH, pW, dH = 1, dW = 1;
  int64_t OH = 0, OW = 0;
};

void pool2dShapeCheck(const Tensor& x, const Window2d& w) {
  if (w.kW <= 0 || w.kH <= 0)
    throw RuntimeError(str("kernel size should be greater than zero, but got kH: ", w.kH, " kW: ", w.kW));
  if (w.sW <= 0 || w.sH <= 0) throw RuntimeError(str("stride should be greater than zero, but got dH: ", w.sH, " dW: ", w.sW));
  if (w.dH <= 0 || w.dW <= 0)
    throw RuntimeError(str("dilation should be greater than zero, but got dilationH: ", w.dH, " dilationW: ", w.dW));
  const int64_t nd = x.dim();
  const bool dimsOk = nd >= 3 && x.size(1) != 0 && x.size(2) != 0;
  if (!((nd == 3 && x.size(0) != 0 && dimsOk) || (nd == 4 && dimsOk && x.size(3) != 0)))
    throw RuntimeError(str("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:",
                           shapeStr(x.sizes())));
  if (w.kW / 2 < w.pW || w.kH / 2 < w.pH)
    throw RuntimeError(str("pad should be smaller than or equal to half of kernel size, but got padW = ", w.pW,
                           ", padH = ", w.pH, ", kW = ", w.kW, ", kH = ", w.kH));
  if (w.OW < 1 || w.OH < 1)
    throw RuntimeError(str("Given input size: (", x.size(-3), "x", x.size(-2), "x", x.size(-1), "). Calculated output size: (",
                           x.size(-3), "x", w.OH, "x", w.OW, "). Output size is too small"));
}

// [planes, H, W] contiguous view in the compute dtype; the output shape prefix.
// The number of planes: the product of the dims before the trailing `spatial` ones.
int64_t planeCount(const Tensor& self, int64_t spatial) {
  int64_t p = 1;
  for (int64_t d = 0; d < self.dim() - spatial; ++d) p *= self.size(d);
  return p;
}
Tensor planes2d(const Tensor& self, int64_t spatial) {
  std::vector<int64_t> shape{planeCount(self, spatial), spatial == 2 ? self.size(-2) : 1, self.size(-1)};
  return self.to(computeType(self.dtype())).contiguous().reshape(shape);
}

// A max-pool window over the trailing three dims of [P, T, H, W] planes (1-d and 2-d pools have
// unit leading dims: k = s = d = 1, p = 0).
struct MaxWindow {
  std::array<int64_t, 3> k{1, 1, 1}, s{1, 1, 1}, p{0, 0, 0}, d{1, 1, 1}, out{1, 1, 1};
};

// Max pooling over x = [P, T, H, W] (contiguous, compute dtype). Indices are flat positions inside
// a plane; a window whose values are all -inf reports its first in-range position (ATen's start).
std::pair<Tensor, Tensor> maxPoolPlanes(const Tensor& x, const MaxWindow& w, const std::vector<int64_t>& outSizes,
                                        ScalarType dt, bool withIndices) {
  const int64_t P = x.size(0);
  const std::array<int64_t, 3> in{x.size(1), x.size(2), x.size(3)};
  Tensor out = Tensor::empty(outSizes, x.dtype(), x.device());
  Tensor idx = withIndices ? Tensor::empty(outSizes, ScalarType::Int64, x.device()) : Tensor();
  visitFloating(x.dtype(), "max_pool", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    int64_t* ip = withIndices ? static_cast<int64_t*>(idx.data()) : nullptr;
    const int64_t plane = in[0] * in[1] * in[2];
    std::array<int64_t, 3> lo{}, hi{};
    int64_t q = 0;
    for (int64_t p0 = 0; p0 < P; ++p0) {
      const T* src = xp + p0 * plane;
      for (int64_t a = 0; a < w.out[0]; ++a)
        for (int64_t b = 0; b < w.out[1]; ++b)
          for (int64_t c = 0; c < w.out[2]; ++c, ++q) {
            const std::array<int64_t, 3> pos{a, b, c};
            for (size_t d = 0; d < 3; ++d) {
              lo[d] = pos[d] * w.s[d] - w.p[d];
              hi[d] = std::min(lo[d] + (w.k[d] - 1) * w.d[d] + 1, in[d]);
              while (lo[d] < 0) lo[d] += w.d[d];
            }
            T m = -std::numeric_limits<T>::infinity();
            int64_t arg = (lo[0] * in[1] + lo[1]) * in[2] + lo[2];
            for (int64_t i = lo[0]; i < hi[0]; i += w.d[0])
              for (int64_t j = lo[1]; j < hi[1]; j += w.d[1]) {
                const int64_t row = (i * in[1] + j) * in[2];
                for (int64_t l = lo[2]; l < hi[2]; l += w.d[2]) {
                  const T v = src[row + l];
                  if (v > m || std::isnan(v)) {
                    m = v;
                    arg = row + l;
                  }
                }
              }
            o[q] = m;
            if (ip) ip[q] = arg;
          }
    }
  });
  return {out.to(dt), idx};
}

// [P, T, H, W] contiguous view of the trailing `spatial` dims in the compute dtype.
Tensor planes3d(const Tensor& self, int64_t spatial) {
  std::vector<int64_t> shape{planeCount(self, spatial), 1, 1, 1};
  for (int64_t d = 0; d < spatial; ++d) shape[static_cast<size_t>(4 - spatial + d)] = self.size(self.dim() - spatial + d);
  return self.to(computeType(self.dtype())).contiguous().reshape(shape);
}

std::vector<int64_t> pooledShape(const Tensor& self, int64_t spatial, const std::array<int64_t, 3>& out) {
  std::vector<int64_t> s(self.sizes().begin(), self.sizes().end() - spatial);
  s.insert(s.end(), out.end() - spatial, out.end());
  return s;
}

// max_pool2d and max_pool2d_with_indices (one CPU path in 1.13).
std::pair<Tensor, Tensor> maxPool2d(const Tensor& self, IValue* a, bool withIndices) {
  const std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]), dil = intList(a[4]);
  if (k.size() != 1 && k.size() != 2)
    throw RuntimeError("max_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  if (s.size() > 2) throw RuntimeError("max_pool2d: stride must either be omitted, a single int, or a tuple of two ints");
  if (pad.size() != 1 && pad.size() != 2)
    throw RuntimeError("max_pool2d: padding must be either be a single int, or a tuple of two ints");
  if (dil.size() != 1 && dil.size() != 2)
    throw RuntimeError("max_pool2d: dilation must be either a single int, or a tuple of two ints");
  const bool ceil = a[5].toBool();
  Window2d w{k[0], k.back(), s.empty() ? k[0] : s[0], s.empty() ? k.back() : s.back(), pad[0], pad.back(), dil[0], dil.back()};
  if (self.dim() != 3 && self.dim() != 4) throw RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input");
  w.OH = pooledSize(self.size(-2), w.kH, w.pH, w.sH, w.dH, ceil);
  w.OW = pooledSize(self.size(-1), w.kW, w.pW, w.sW, w.dW, ceil);
  pool2dShapeCheck(self, w);
  requireFloatOrBf16(self.dtype(), "max_pool2d");
  MaxWindow mw;
  mw.k = {1, w.kH, w.kW};
  mw.s = {1, w.sH, w.sW};
  mw.p = {0, w.pH, w.pW};
  mw.d = {1, w.dH, w.dW};
  mw.out = {1, w.OH, w.OW};
  auto [out, idx] = maxPoolPlanes(planes3d(self, 2), mw, pooledShape(self, 2, mw.out), self.dtype(), withIndices);
  return {inLayoutOf(out, self), withIndices ? inLayoutOf(idx, self) : idx};
}

// aten::max_pool1d: 1.13's own CPU path (max_pool1d_impl) with its own checks and messages.
Tensor maxPool1d(const Tensor& self, IValue* a) {
  const std::vector<int64_t> k = intList(a[1]), pad = intList(a[3]), dil = intList(a[4]);
  std::vector<int64_t> s = intList(a[2]);
  // PyTorch 1.13's max_pool1d starts with this check (python3-torch 1.13.1): only the batch dim of a
  // 3-D input may be empty.
  const bool shapeOk = (self.dim() == 2 && self.size(0) != 0 && self.size(1) != 0) ||
                       (self.dim() == 3 && self.size(1) != 0 && self.size(2) != 0);
  if (!shapeOk)
    throw RuntimeError(str("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
                           "input, but got:", shapeStr(self.sizes())));
  if (k.size() != 1)
    throw RuntimeError(str("max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got size ",
                           k.size()));
  if (s.size() > 1)
    throw RuntimeError(str("max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but got size ",
                           s.size()));
  if (pad.size() != 1)
    throw RuntimeError(str("max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got size ",
                           pad.size()));
  if (dil.size() != 1)
    throw RuntimeError(str("max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got size ",
                           dil.size()));
  if (s.empty()) s = k;
  if (k[0] <= 0) throw RuntimeError(str("max_pool1d() kernel_size must be greater than zero, but got ", k[0]));
  if (s[0] <= 0) throw RuntimeError(str("max_pool1d() stride must be greater than zero, but got ", s[0]));
  if (pad[0] < 0) throw RuntimeError(str("max_pool1d() padding must be non-negative, but got ", pad[0]));
  if (pad[0] > k[0] / 2)
    throw RuntimeError(str("max_pool1d() padding should be at most half of kernel size, but got padding=", pad[0],
                           " and kernel_size=", k[0]));
  if (dil[0] <= 0) throw RuntimeError(str("max_pool1d() dilation must be greater than zero, but got ", dil[0]));
  MaxWindow mw;
  mw.k[2] = k[0], mw.s[2] = s[0], mw.p[2] = pad[0], mw.d[2] = dil[0];
  mw.out[2] = pooledSize(self.size(-1), k[0], pad[0], s[0], dil[0], a[5].toBool());
  if (mw.out[2] < 0) throw RuntimeError(str("max_pool1d() Invalid computed output size: ", mw.out[2]));
  requireFloatOrBf16(self.dtype(), "max_pool1d_impl");
  return maxPoolPlanes(planes3d(self, 1), mw, pooledShape(self, 1, mw.out), self.dtype(), false).first;
}

// The 1-d ops 1.13 composes from the 2-d one (max_pool1d_with_indices, avg_pool1d,
// adaptive_*_pool1d): a 2- or 3-D input and one int per list, checked first.
void check1dComposite(const Tensor& self, const char* op,
                      std::initializer_list<std::pair<const char*, const std::vector<int64_t>*>> lists) {
  if (self.dim() < 2 || self.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", self.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for ", op, ")"));
  for (const auto& [name, v] : lists)
    if (v->size() != 1)
      throw RuntimeError(str(op, "() argument '", name, "' should contain one int (got ", v->size(), ")"));
}

// max_pool1d_with_indices: max_pool2d_with_indices over self.unsqueeze(-2) with a (1, k) window.
std::pair<Tensor, Tensor> maxPool1dWithIndices(const Tensor& self, IValue* a) {
  std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]), dil = intList(a[4]);
  if (s.empty()) s = k;
  check1dComposite(self, "max_pool1d", {{"kernel_size", &k}, {"stride", &s}, {"padding", &pad}, {"dilation", &dil}});
  IValue args[6] = {IValue(), intListValue({1, k[0]}), intListValue({1, s[0]}), intListValue({0, pad[0]}),
                    intListValue({1, dil[0]}), a[5]};
  auto [out, idx] = maxPool2d(self.unsqueeze(-2), args, true);
  return {out.squeeze(-2), idx.squeeze(-2)};
}

// pool3d_shape_check (after the output sizes): window, input and output sizes.
void pool3dShapeCheck(const Tensor& x, const MaxWindow& w, const char* fn, bool checkInputSize) {
  if (w.k[0] <= 0 || w.k[1] <= 0 || w.k[2] <= 0)
    throw RuntimeError(str("kernel size should be greater than zero, but got kT: ", w.k[0], " kH: ", w.k[1], " kW: ", w.k[2]));
  if (w.s[0] <= 0 || w.s[1] <= 0 || w.s[2] <= 0)
    throw RuntimeError(str("stride should be greater than zero, but got dT: ", w.s[0], " dH: ", w.s[1], " dW: ", w.s[2]));
  if (w.d[0] <= 0 || w.d[1] <= 0 || w.d[2] <= 0)
    throw RuntimeError(str("dilation should be greater than zero, but got dilationT: ", w.d[0], " dilationH: ", w.d[1],
                           " dilationW: ", w.d[2]));
  for (int64_t i = x.dim() == 5 ? 1 : 0; i < x.dim(); ++i)
    if (x.size(i) <= 0)  // 1.13 prints the dim's size (0) where it means its index
      throw RuntimeError(str(fn, ": Expected input's non-batch dimensions to have positive length, but input has a shape of ",
                             shapeStr(x.sizes()), " and non-batch dimension ", x.size(i), " has length zero!"));
  const int64_t T = x.size(-3), H = x.size(-2), W = x.size(-1);
  if (checkInputSize && (T < w.k[0] || H < w.k[1] || W < w.k[2]))
    throw RuntimeError(str("input image (T: ", T, " H: ", H, " W: ", W, ") smaller than kernel size (kT: ", w.k[0],
                           " kH: ", w.k[1], " kW: ", w.k[2], ")"));
  if (w.out[0] < 1 || w.out[1] < 1 || w.out[2] < 1) {
    const int64_t C = x.size(-4);
    throw RuntimeError(str("Given input size: (", C, "x", T, "x", H, "x", W, "). Calculated output size: (", C, "x",
                           w.out[0], "x", w.out[1], "x", w.out[2], "). Output size is too small"));
  }
}

// The kernel / stride / padding lists of a 3-d pool: one int or three (stride may be empty).
MaxWindow window3d(IValue* a, const char* op, bool isMax) {
  const std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]);
  if (k.size() != 1 && k.size() != 3)
    throw RuntimeError(str(op, isMax ? ": kernel_size must either be a single int, or a tuple of three ints"
                                     : ": kernel_size must be a single int, or a tuple of three ints"));
  if (s.size() != 0 && s.size() != 1 && s.size() != 3)
    throw RuntimeError(str(op, isMax ? ": stride must either be omitted, a single int, or a tuple of three ints"
                                     : ": stride must be omitted, a single int, or a tuple of three ints"));
  if (pad.size() != 1 && pad.size() != 3)
    throw RuntimeError(str(op, isMax ? ": padding must be either be a single int, or a tuple of three ints"
                                     : ": padding must be a single int, or a tuple of three ints"));
  MaxWindow w;
  for (size_t d = 0; d < 3; ++d) {
    w.k[d] = k.size() == 1 ? k[0] : k[d];
    w.s[d] = s.empty() ? w.k[d] : s.size() == 1 ? s[0] : s[d];
    w.p[d] = pad.size() == 1 ? pad[0] : pad[d];
  }
  return w;
}

// max_pool3d and max_pool3d_with_indices (one CPU path in 1.13).
std::pair<Tensor, Tensor> maxPool3d(const Tensor& self, IValue* a, bool withIndices) {
  MaxWindow w = window3d(a, "max_pool3d", true);
  const std::vector<int64_t> dil = intList(a[4]);
  if (dil.size() != 1 && dil.size() != 3)
    throw RuntimeError("max_pool3d: dilation must be either a single int, or a tuple of three ints");
  for (size_t d = 0; d < 3; ++d) w.d[d] = dil.size() == 1 ? dil[0] : dil[d];
  if (self.dim() != 4 && self.dim() != 5) throw RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input");
  for (size_t d = 0; d < 3; ++d)
    w.out[d] = pooledSize(self.size(static_cast<int64_t>(d) - 3), w.k[d], w.p[d], w.s[d], w.d[d], a[5].toBool());
  pool3dShapeCheck(self, w, "max_pool3d_with_indices_out_cpu_template()", false);
  const ScalarType dt = self.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImplemented("max_pool3d_with_indices_cpu", dt);
  return maxPoolPlanes(planes3d(self, 3), w, pooledShape(self, 3, w.out), dt, withIndices);
}

// avg_pool3d: sums in the input dtype (int64 for Long, wrapping) as 1.13's avg_pool3d_out_frame,
// truncating integer division.
Tensor avgPool3d(const Tensor& self, IValue* a) {
  MaxWindow w = window3d(a, "avg_pool3d", false);
  const bool ceil = a[4].toBool(), countIncludePad = a[5].toBool();
  if (self.dim() != 4 && self.dim() != 5) throw RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input");
  const bool hasDivisor = !a[6].isNone();
  const int64_t divisor = hasDivisor ? a[6].toInt() : 0;
  if (hasDivisor && divisor == 0) throw RuntimeError("divisor must be not zero");
  for (size_t d = 0; d < 3; ++d)
    w.out[d] = pooledSize(self.size(static_cast<int64_t>(d) - 3), w.k[d], w.p[d], w.s[d], 1, ceil);
  pool3dShapeCheck(self, w, "avg_pool3d()", true);
  const ScalarType dt = self.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::Int64) notImplemented("avg_pool3d_out_frame", dt);
  const Tensor x = self.contiguous().reshape({planeCount(self, 3), self.size(-3), self.size(-2), self.size(-1)});
  Tensor out = Tensor::empty(pooledShape(self, 3, w.out), dt, self.device());
  const std::array<int64_t, 3> in{x.size(1), x.size(2), x.size(3)};
  auto run = [&](auto tag, auto accTag) {
    using T = typename decltype(tag)::type;
    using Acc = typename decltype(accTag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    const int64_t plane = in[0] * in[1] * in[2];
    std::array<int64_t, 3> lo{}, hi{};
    int64_t q = 0;
    for (int64_t p0 = 0; p0 < x.size(0); ++p0)
      for (int64_t i0 = 0; i0 < w.out[0]; ++i0)
        for (int64_t i1 = 0; i1 < w.out[1]; ++i1)
          for (int64_t i2 = 0; i2 < w.out[2]; ++i2, ++q) {
            const std::array<int64_t, 3> pos{i0, i1, i2};
            int64_t poolSize = 1, count = 1;
            for (size_t d = 0; d < 3; ++d) {
              lo[d] = pos[d] * w.s[d] - w.p[d];
              hi[d] = std::min(lo[d] + w.k[d], in[d] + w.p[d]);
              poolSize *= hi[d] - lo[d];
              lo[d] = std::max<int64_t>(lo[d], 0);
              hi[d] = std::min(hi[d], in[d]);
              count *= hi[d] - lo[d];
            }
            if (lo[0] >= hi[0] || lo[1] >= hi[1] || lo[2] >= hi[2]) {
              o[q] = T(0);
              continue;
            }
            Acc sum = 0;
            for (int64_t i = lo[0]; i < hi[0]; ++i)
              for (int64_t j = lo[1]; j < hi[1]; ++j) {
                const T* row = xp + p0 * plane + (i * in[1] + j) * in[2];
                for (int64_t l = lo[2]; l < hi[2]; ++l) sum += static_cast<Acc>(row[l]);
              }
            const int64_t div = hasDivisor ? divisor : countIncludePad ? poolSize : count;
            if constexpr (std::is_same_v<T, int64_t>)
              o[q] = static_cast<int64_t>(sum) / div;
            else
              o[q] = static_cast<T>(sum / static_cast<T>(div));
          }
  };
  if (dt == ScalarType::Int64) run(TypeTag<int64_t>{}, TypeTag<uint64_t>{});
  else if (dt == ScalarType::Double) run(TypeTag<double>{}, TypeTag<double>{});
  else run(TypeTag<float>{}, TypeTag<float>{});
  return out;
}

Tensor avgPool2d(const Tensor& self, IValue* a) {
  const std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]);
  if (k.size() != 1 && k.size() != 2)
    throw RuntimeError("avg_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  if (s.size() > 2) throw RuntimeError("avg_pool2d: stride must either be omitted, a single int, or a tuple of two ints");
  if (pad.size() != 1 && pad.size() != 2)
    throw RuntimeError("avg_pool2d: padding must either be a single int, or a tuple of two ints");
  const bool ceil = a[4].toBool(), countIncludePad = a[5].toBool();
  const bool hasDivisor = !a[6].isNone();
  const int64_t divisor = hasDivisor ? a[6].toInt() : 0;
  if (hasDivisor && divisor == 0) throw RuntimeError("divisor must be not zero");
  Window2d w{k[0], k.back(), s.empty() ? k[0] : s[0], s.empty() ? k.back() : s.back(), pad[0], pad.back()};
  sizeAt(self, -3);
  const int64_t H = self.size(-2), W = self.size(-1);
  w.OH = pooledSize(H, w.kH, w.pH, w.sH, 1, ceil);
  w.OW = pooledSize(W, w.kW, w.pW, w.sW, 1, ceil);
  pool2dShapeCheck(self, w);
  const ScalarType dt = self.dtype();
  const bool isLong = dt == ScalarType::Int64;
  if (!isLong) requireFloatOrBf16(dt, "avg_pool2d");
  const Tensor x = isLong ? self.contiguous().reshape({planeCount(self, 2), H, W}) : planes2d(self, 2);
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - 2);
  outSizes.insert(outSizes.end(), {w.OH, w.OW});
  Tensor out = Tensor::empty(outSizes, x.dtype(), x.device());
  auto run = [&](auto tag, auto accTag) {
    using T = typename decltype(tag)::type;
    using Acc = typename decltype(accTag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    const int64_t P = x.size(0);
    for (int64_t p0 = 0; p0 < P; ++p0)
      for (int64_t oh = 0; oh < w.OH; ++oh)
        for (int64_t ow = 0; ow < w.OW; ++ow) {
          int64_t h0 = oh * w.sH - w.pH, w0 = ow * w.sW - w.pW;
          int64_t h1 = std::min(h0 + w.kH, H + w.pH), w1 = std::min(w0 + w.kW, W + w.pW);
          const int64_t poolSize = (h1 - h0) * (w1 - w0);
          h0 = std::max<int64_t>(h0, 0), w0 = std::max<int64_t>(w0, 0);
          h1 = std::min(h1, H), w1 = std::min(w1, W);
          Acc sum = 0;
          for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw) sum += static_cast<Acc>(xp[(p0 * H + ih) * W + iw]);
          const int64_t div = hasDivisor ? divisor : countIncludePad ? poolSize : (h1 - h0) * (w1 - w0);
          if constexpr (std::is_same_v<T, int64_t>)
            o[(p0 * w.OH + oh) * w.OW + ow] = static_cast<int64_t>(sum) / div;
          else
            o[(p0 * w.OH + oh) * w.OW + ow] = static_cast<T>(sum / static_cast<Acc>(div));
        }
  };
  if (isLong) run(TypeTag<int64_t>{}, TypeTag<uint64_t>{});
  else if (x.dtype() == ScalarType::Double) run(TypeTag<double>{}, TypeTag<double>{});
  else run(TypeTag<float>{}, TypeTag<double>{});
  return inLayoutOf(out.to(dt), self);
}

// Adaptive pooling over the trailing `spatial` dims of a checked input; max also returns indices.
std::pair<Tensor, Tensor> adaptivePool(const Tensor& self, const std::vector<int64_t>& outSize, int64_t spatial, bool isMax) {
  std::vector<int64_t> in(3, 1), os(3, 1);
  for (int64_t d = 0; d < spatial; ++d) {
    in[3 - spatial + d] = self.size(self.dim() - spatial + d);
    os[3 - spatial + d] = outSize[d];
  }
  const Tensor x = self.to(computeType(self.dtype())).contiguous().reshape({planeCount(self, spatial), in[0], in[1], in[2]});
  const int64_t P = x.size(0);
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - spatial);
  outSizes.insert(outSizes.end(), outSize.begin(), outSize.end());
  Tensor out = Tensor::empty(outSizes, x.dtype(), self.device());
  Tensor idx = isMax ? Tensor::empty(outSizes, ScalarType::Int64, self.device()) : Tensor();
  auto startOf = [](int64_t i, int64_t o, int64_t n) { return (i * n) / o; };
  auto endOf = [](int64_t i, int64_t o, int64_t n) { return ((i + 1) * n + o - 1) / o; };
  visitFloating(x.dtype(), "adaptive_pool", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    int64_t* ip = isMax ? static_cast<int64_t*>(idx.data()) : nullptr;
    int64_t q = 0;
    for (int64_t p0 = 0; p0 < P; ++p0)
      for (int64_t a = 0; a < os[0]; ++a)
        for (int64_t b = 0; b < os[1]; ++b)
          for (int64_t c = 0; c < os[2]; ++c, ++q) {
            const int64_t a0 = startOf(a, os[0], in[0]), a1 = endOf(a, os[0], in[0]);
            const int64_t b0 = startOf(b, os[1], in[1]), b1 = endOf(b, os[1], in[1]);
            const int64_t c0 = startOf(c, os[2], in[2]), c1 = endOf(c, os[2], in[2]);
            double sum = 0;
            T m = -std::numeric_limits<T>::infinity();
            int64_t arg = (a0 * in[1] + b0) * in[2] + c0;
            for (int64_t i = a0; i < a1; ++i)
              for (int64_t j = b0; j < b1; ++j)
                for (int64_t l = c0; l < c1; ++l) {
                  const int64_t flat = (i * in[1] + j) * in[2] + l;
                  const T v = xp[p0 * in[0] * in[1] * in[2] + flat];
                  if (!isMax) {
                    sum += v;
                  } else if (v > m || std::isnan(v)) {
                    m = v;
                    arg = flat;
                  }
                }
            if (isMax) {
              o[q] = m;
              ip[q] = arg;
            } else {
              o[q] = static_cast<T>(sum / static_cast<double>((a1 - a0) * (b1 - b0) * (c1 - c0)));
            }
          }
  });
  return {out.to(self.dtype()), idx};
}

// self.mean(trailing dims, keepdim=True): what adaptive_avg_pool2d/3d compute for an all-ones size.
Tensor trailingMean(const Tensor& self, int64_t spatial) {
  if (!isFloatingType(self.dtype()))
    throw RuntimeError(str("mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                           "dtype. Got: ", irName(self.dtype())));
  // mean's dims wrap like a 0-dim tensor's as if it had one dim.
  const int64_t n = std::max<int64_t>(self.dim(), 1);
  for (int64_t d = 1; d <= spatial; ++d)
    if (-d < -n)
      throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", -d, ")"),
                         "IndexError");
  return adaptivePool(self, std::vector<int64_t>(static_cast<size_t>(spatial), 1), spatial, false).first;
}

Tensor adaptiveAvg2d(const Tensor& self, const std::vector<int64_t>& os) {
  if (os.size() != 2) throw RuntimeError("adaptive_avg_pool2d: output_size must be 2");
  if (os[0] < 0 || os[1] < 0)
    throw RuntimeError(str("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
                           os[0], ", ", os[1], "}"));
  if (os[0] == 1 && os[1] == 1) return inLayoutOf(trailingMean(self, 2), self);
  if (self.dim() != 3 && self.dim() != 4)
    throw RuntimeError(str("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ", shapeStr(self.sizes())));
  for (int64_t d = self.dim() - 2; d < self.dim(); ++d)
    if (self.size(d) <= 0)
      throw RuntimeError(str("adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input "
                             "has sizes ", shapeStr(self.sizes()), " with dimension ", d, " being empty"));
  requireFloatOrBf16(self.dtype(), "adaptive_avg_pool2d");
  return inLayoutOf(adaptivePool(self, os, 2, false).first, self);
}

Tensor adaptiveAvg1d(const Tensor& self, const std::vector<int64_t>& os) {
  if (self.dim() < 2 || self.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", self.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for adaptive_avg_pool1d)"));
  if (os.size() != 1)
    throw RuntimeError(str("adaptive_avg_pool1d() argument 'output_size' should contain one int (got ", os.size(), ")"));
  return adaptiveAvg2d(self.unsqueeze(-2), {1, os[0]}).squeeze(-2);
}

Tensor adaptiveAvg3d(const Tensor& self, const std::vector<int64_t>& os) {
  if (os.size() != 3) throw RuntimeError("adaptive_avg_pool3d: output_size must be 3");
  if (os[0] < 0 || os[1] < 0 || os[2] < 0)
    throw RuntimeError(str("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
                           os[0], ", ", os[1], ", ", os[2], "}"));
  if (os[0] == 1 && os[1] == 1 && os[2] == 1) return trailingMean(self, 3);
  for (int64_t d = 1; d < self.dim(); ++d)
    if (self.size(d) <= 0)
      throw RuntimeError(str("adaptive_avg_pool3d(): Expected input to have non-zero size for non-batch dimensions, but input "
                             "has sizes ", shapeStr(self.sizes()), " with dimension ", d, " being empty"));
  if (self.dim() != 4 && self.dim() != 5)
    throw RuntimeError(str("adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got ", shapeStr(self.sizes())));
  const ScalarType dt = self.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::Half) notImplemented("adaptive_avg_pool3d_cpu", dt);
  return adaptivePool(self, os, 3, false).first;
}

// A negative output size fails where 1.13 allocates the result.
void requireNonNegativeShape(const Tensor& self, const std::vector<int64_t>& os) {
  std::vector<int64_t> shape(self.sizes().begin(), self.sizes().end() - static_cast<int64_t>(os.size()));
  shape.insert(shape.end(), os.begin(), os.end());
  for (int64_t v : shape)
    if (v < 0) throw RuntimeError(str("Trying to create tensor with negative dimension ", v, ": ", shapeStr(shape)));
}

// adaptive_max_pool2d / 3d: rank, non-empty non-batch dims, the output size, the dtype.
std::pair<Tensor, Tensor> adaptiveMax(const Tensor& self, const std::vector<int64_t>& os, int64_t spatial) {
  const char* name = spatial == 2 ? "adaptive_max_pool2d" : "adaptive_max_pool3d";
  if (self.dim() != spatial + 1 && self.dim() != spatial + 2)
    throw RuntimeError(str(name, "(): Expected ", spatial + 1, "D or ", spatial + 2, "D tensor, but got: ",
                           shapeStr(self.sizes())));
  for (int64_t d = 1; d < self.dim(); ++d)
    if (self.size(d) <= 0)
      throw RuntimeError(str(name, "(): Expected input to have non-zero size for non-batch dimensions, but input "
                             "has sizes ", shapeStr(self.sizes()), " with dimension ", d, " being empty"));
  if (static_cast<int64_t>(os.size()) != spatial)
    throw RuntimeError(str(name, "(): internal error: output_size.size() must be ", spatial));
  requireNonNegativeShape(self, os);
  if (spatial == 2) {
    requireFloatOrBf16(self.dtype(), "adaptive_max_pool2d");
  } else if (self.dtype() != ScalarType::Float && self.dtype() != ScalarType::Double) {
    notImplemented("adaptive_max_pool3d_cpu", self.dtype());
  }
  auto [out, idx] = adaptivePool(self, os, spatial, true);
  return {inLayoutOf(out, self), inLayoutOf(idx, self)};
}

// adaptive_max_pool1d: adaptive_max_pool2d over self.unsqueeze(-2) with output (1, n).
std::pair<Tensor, Tensor> adaptiveMax1d(const Tensor& self, const std::vector<int64_t>& os) {
  check1dComposite(self, "adaptive_max_pool1d", {{"output_size", &os}});
  auto [out, idx] = adaptiveMax(self.unsqueeze(-2), {1, os[0]}, 2);
  return {out.squeeze(-2), idx.squeeze(-2)};
}

// avg_pool1d is 1.13's composite: avg_pool2d over self.unsqueeze(-2) with a (1, k) window, then
// squeeze(-2); its own checks first (2-D or 3-D input, one int per list).
Tensor avgPool1d(const Tensor& self, IValue* a) {
  std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]);
  if (s.empty()) s = k;
  if (self.dim() < 2 || self.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", self.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for avg_pool1d)"));
  for (const auto& [name, v] : {std::pair<const char*, const std::vector<int64_t>*>{"kernel_size", &k}, {"stride", &s},
                                {"padding", &pad}})
    if (v->size() != 1)
      throw RuntimeError(str("avg_pool1d() argument '", name, "' should contain one int (got ", v->size(), ")"));
  IValue args[7] = {IValue(), intListValue({1, k[0]}), intListValue({1, s[0]}), intListValue({0, pad[0]}), a[4], a[5],
                    IValue()};
  return avgPool2d(self.unsqueeze(-2), args).squeeze(-2);
}

}  // namespace

void registerNNPoolKernels() {
  def("aten::max_pool1d", op([](IValue* a) { return IValue(maxPool1d(a[0].toTensor(), a)); }));
  def("aten::max_pool2d", op([](IValue* a) { return IValue(maxPool2d(a[0].toTensor(), a, false).first); }));
  def("aten::max_pool3d", op([](IValue* a) { return IValue(maxPool3d(a[0].toTensor(), a, false).first); }));
  def("aten::max_pool1d_with_indices", op2([](IValue* a) { return maxPool1dWithIndices(a[0].toTensor(), a); }));
  def("aten::max_pool2d_with_indices", op2([](IValue* a) { return maxPool2d(a[0].toTensor(), a, true); }));
  def("aten::max_pool3d_with_indices", op2([](IValue* a) { return maxPool3d(a[0].toTensor(), a, true); }));
  def("aten::avg_pool3d", op([](IValue* a) { return IValue(avgPool3d(a[0].toTensor(), a)); }));
  def("aten::avg_pool1d", op([](IValue* a) { return IValue(avgPool1d(a[0].toTensor(), a)); }));
  def("aten::avg_pool2d", op([](IValue* a) { return IValue(avgPool2d(a[0].toTensor(), a)); }));
  def("aten::adaptive_avg_pool1d", op([](IValue* a) { return IValue(adaptiveAvg1d(a[0].toTensor(), intList(a[1]))); }));
  def("aten::adaptive_avg_pool2d", op([](IValue* a) { return IValue(adaptiveAvg2d(a[0].toTensor(), intListN(a[1], 2))); }));
  def("aten::adaptive_avg_pool3d", op([](IValue* a) { return IValue(adaptiveAvg3d(a[0].toTensor(), intListN(a[1], 3))); }));
  def("aten::adaptive_max_pool1d", op2([](IValue* a) { return adaptiveMax1d(a[0].toTensor(), intList(a[1])); }));
  def("aten::adaptive_max_pool2d", op2([](IValue* a) { return adaptiveMax(a[0].toTensor(), intListN(a[1], 2), 2); }));
  def("aten::adaptive_max_pool3d", op2([](IValue* a) { return adaptiveMax(a[0].toTensor(), intListN(a[1], 3), 3); }));
}

}  // namespace tsjit::kernels
